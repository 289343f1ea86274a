"""``python -m bot`` / ``pulka-bot``: start long polling."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys

from pydantic import ValidationError

from .config import Settings

#: Exit code for a configuration error (like the calculator's usage error).
CONFIG_ERROR = 2


def load_settings() -> Settings | None:
    """Settings from the environment, or None after printing one clear line."""
    try:
        return Settings()  # type: ignore[call-arg]
    except ValidationError as e:
        err = e.errors()[0]
        field = ".".join(str(x) for x in err["loc"]).upper() or "settings"
        if err["type"] == "missing":
            message = f"{field} is required; set it in the environment (see README)"
        else:
            message = f"{field}: {str(err['msg']).removeprefix('Value error, ')}"
        print(f"pulka-bot: configuration error: {message}", file=sys.stderr)
        return None


def main() -> None:
    """Entry point of the console script."""
    settings = load_settings()
    if settings is None:
        sys.exit(CONFIG_ERROR)
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    from .app import run

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run(settings))


if __name__ == "__main__":
    main()
