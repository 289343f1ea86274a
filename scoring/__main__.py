"""``python -m scoring settle FILE|-``: the offline calculator.

A thin shell over :mod:`scoring.record`: reads one JSON document, prints the
settlement as JSON; bad input is one line on stderr and exit code 2.  The
format, the output and the errors are documented in ``docs/record-format.md``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import NoReturn

from .errors import ScoringError, one_line
from .jsonread import parse_json
from .record import load_document, settlement_json

USAGE_ERROR = 2
FORMAT_DOC = (
    "The record format (both forms, every rules key with its defaults, the output and the "
    "errors) is described in docs/record-format.md of the project."
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _OneLineParser(
        prog="python -m scoring",
        description="Settle a Preferans pulka record.",
        epilog=FORMAT_DOC,
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser(
        "settle",
        help="settle a pulka/1 record or a pulka-sheet/1 sheet",
        description="Settle a pulka/1 record or a pulka-sheet/1 sheet and "
        "print the settlement as JSON; bad input is one line on stderr and "
        "exit code 2.",
        epilog=FORMAT_DOC,
    )
    p.add_argument("file", help="path of the JSON document, or - for standard input")
    args = parser.parse_args(argv)
    try:
        text = _read(args.file)
    except OSError as e:
        return _fail(f"{args.file}: cannot read: {e.strerror or e}")
    except UnicodeDecodeError:
        return _fail(f"{args.file}: not UTF-8 text")
    try:
        out = settlement_json(load_document(parse_json(text)))
    except ScoringError as e:
        return _fail(str(e))
    except Exception as e:  # a bug must still keep the one-line contract
        return _fail(f"internal error, please report it: {type(e).__name__}: {e}")
    body = json.dumps(out, ensure_ascii=False, indent=2) + "\n"
    try:
        # JSON is UTF-8 (RFC 8259) whatever the terminal's locale says; a
        # Cyrillic name must not fail on a Latin-1 console.
        stream = getattr(sys.stdout, "buffer", None)
        if stream is not None:
            stream.write(body.encode("utf-8"))
            stream.flush()
        else:
            sys.stdout.write(body)
            sys.stdout.flush()
    except BrokenPipeError:  # the reader went away (| head): not our error
        sys.stderr.close()
    return 0


class _OneLineParser(argparse.ArgumentParser):
    """Usage errors as one line and exit code 2, like every other bad input."""

    def error(self, message: str) -> NoReturn:
        self.exit(
            USAGE_ERROR, f"error: {one_line(message)} (usage: python -m scoring settle FILE|-)\n"
        )


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.buffer.read().decode("utf-8")
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def _fail(message: str) -> int:
    # One line whatever the message quotes (the last line of defence: names
    # and paths are already escaped where they are written).
    print(f"error: {one_line(message)}", file=sys.stderr)
    return USAGE_ERROR


if __name__ == "__main__":
    sys.exit(main())
