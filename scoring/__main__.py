"""``python -m scoring settle FILE|-``: the offline calculator.

A thin shell over :mod:`scoring.record`: reads one JSON document, prints the
settlement as JSON; bad input is one line on stderr and exit code 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import NoReturn

from .errors import ScoringError
from .record import load_document, settlement_json

USAGE_ERROR = 2


def main(argv: Sequence[str] | None = None) -> int:
    parser = _OneLineParser(
        prog="python -m scoring", description="Settle a Preferans pulka record."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("settle", help="settle a pulka/1 record or a pulka-sheet/1 sheet")
    p.add_argument("file", help="path of the JSON document, or - for standard input")
    args = parser.parse_args(argv)
    try:
        text = _read(args.file)
    except OSError as e:
        return _fail(f"{args.file}: cannot read: {e.strerror or e}")
    except UnicodeDecodeError:
        return _fail(f"{args.file}: not UTF-8 text")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        return _fail(f"invalid JSON at line {e.lineno} column {e.colno}: {e.msg}")
    except RecursionError:
        return _fail("invalid JSON: nested too deeply")
    try:
        out = settlement_json(load_document(data))
    except ScoringError as e:
        return _fail(str(e))
    try:
        json.dump(out, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        sys.stdout.flush()
    except BrokenPipeError:  # the reader went away (| head): not our error
        sys.stderr.close()
    return 0


class _OneLineParser(argparse.ArgumentParser):
    """Usage errors as one line and exit code 2, like every other bad input."""

    def error(self, message: str) -> NoReturn:
        self.exit(USAGE_ERROR, f"error: {message} (usage: python -m scoring settle FILE|-)\n")


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.buffer.read().decode("utf-8")
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return USAGE_ERROR


if __name__ == "__main__":
    sys.exit(main())
