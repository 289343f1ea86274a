"""``python -m bot`` / ``pulka-bot``: start long polling; or operate the bot.

``python -m bot``            run (long polling until SIGTERM)
``python -m bot check``      check configuration, database and token (also ``--check``)
``python -m bot backup PATH``  write a consistent copy of the database to PATH
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import sys
from pathlib import Path
from typing import TypeVar

from pydantic import ValidationError
from pydantic_settings import BaseSettings

from bot.config import Settings, StorageSettings
from bot.logsafe import Redactor, setup_logging

#: Exit code for a configuration error (like the calculator's usage error).
CONFIG_ERROR = 2
#: Exit code of a failed check or backup: 1, since Docker reserves 2 in HEALTHCHECK.
FAILED = 1

log = logging.getLogger("bot")

S = TypeVar("S", bound=BaseSettings)


def load_settings(cls: type[S]) -> S | None:
    """Settings from the environment, or None after printing one clear line."""
    try:
        return cls()
    except ValidationError as e:
        err = e.errors()[0]
        field = ".".join(str(x) for x in err["loc"]).upper() or "settings"
        if err["type"] == "missing":
            message = f"{field} is required: set it in .env or the environment (docs/operating.md)"
        else:
            reason = str(err["msg"]).removeprefix("Value error, ")
            # The key once: "BOT_TOKEN is malformed", not "BOT_TOKEN: BOT_TOKEN is ...".
            message = reason if reason.startswith(f"{field} ") else f"{field}: {reason}"
        print(f"pulka-bot: configuration error: {message}", file=sys.stderr)
        return None


def fail(message: str) -> int:
    """Print the one line of a failed command; its exit code."""
    print(f"pulka-bot: {message}", file=sys.stderr)
    return FAILED


def check_command() -> int:
    """``check``: 0 and one ``ok`` line, or 1 and one line saying what is wrong."""
    settings = load_settings(Settings)
    if settings is None:
        return FAILED
    from bot.ops import OpsError, check

    try:
        print(f"pulka-bot: {asyncio.run(check(settings))}")
    except OpsError as e:
        return fail(f"check failed: {e}")
    except Exception as e:  # never a traceback: the operator gets one line
        redactor = Redactor([settings.bot_token.get_secret_value()])
        return fail(redactor.redact(f"check failed: {type(e).__name__}: {e}"))
    return 0


def backup_command(path: str) -> int:
    """``backup PATH``: a consistent copy of the database, made while the bot runs."""
    settings = load_settings(StorageSettings)
    if settings is None:
        return CONFIG_ERROR
    from bot.config import database_path
    from bot.ops import OpsError, copy_database

    try:
        if path.endswith(("/", os.sep)):  # a folder, even one that is not there yet
            Path(path).mkdir(parents=True, exist_ok=True)
        made = copy_database(database_path(settings.database_url), Path(path))
    except OSError as e:
        return fail(f"backup failed: cannot create {path}: {e.strerror or e}")
    except OpsError as e:
        return fail(f"backup failed: {e}")
    except Exception as e:  # never a traceback: the operator gets one line
        return fail(f"backup failed: {type(e).__name__}: {e}")
    print(f"pulka-bot: backup written to {made.path} (schema {made.schema}, {made.events} events)")
    return 0


def run_command() -> int:
    """Run the bot until SIGTERM/SIGINT."""
    settings = load_settings(Settings)
    if settings is None:
        return CONFIG_ERROR
    setup_logging(settings.log_level, [settings.bot_token.get_secret_value()])
    from bot.app import StartupError, run

    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(run(settings))
    except StartupError as e:  # a refused token, no network: one line, no traceback
        redactor = Redactor([settings.bot_token.get_secret_value()])
        return fail(redactor.redact(f"cannot start: {e}"))
    except Exception:
        # Logged rather than left to the interpreter, so the traceback passes the
        # token filter too.
        log.critical("the bot stopped on an error", exc_info=True)
        return FAILED
    return 0


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot", description="Pulka bot: Preferans scores in Telegram."
    )
    parser.add_argument(
        "--check", action="store_true", help="same as the check command (for health checks)"
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser("run", help="run the bot (the default)")
    commands.add_parser("check", help="check configuration, database and BOT_TOKEN; exit 0 or 1")
    backup = commands.add_parser(
        "backup", help="copy the database consistently, even while the bot runs"
    )
    backup.add_argument("path", help="the copy's file, or a folder for a time-stamped copy")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the console script."""
    args = parse_args(argv)
    if args.check or args.command == "check":
        sys.exit(check_command())
    if args.command == "backup":
        sys.exit(backup_command(args.path))
    sys.exit(run_command())


if __name__ == "__main__":
    main()
