"""The architecture, checked: the layers of bot/ and the purity of scoring/ (import-linter).

The contracts are in pyproject.toml ([tool.importlinter]).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def test_the_import_contracts_hold() -> None:
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run(
        [str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr


def _routers(router: Any) -> Iterator[Any]:
    yield router
    for sub in router.sub_routers:
        yield from _routers(sub)


def test_no_filter_or_handler_runs_in_a_worker_thread() -> None:
    """aiogram runs a callable that is not a coroutine function (a bare ``F`` filter's
    ``resolve`` too) with ``asyncio.to_thread``: a thread round trip per router per
    update.  Every filter and handler of the dispatcher is awaited on the loop instead
    (``bot.telegram.context.OnLoop`` for magic filters)."""
    from bot.app import create_dispatcher

    dp = create_dispatcher(object(), object())  # type: ignore[arg-type]
    threaded = []
    checked = 0
    for router in _routers(dp):
        for name, observer in router.observers.items():
            for f in observer._handler.filters or []:
                checked += 1
                if not f.awaitable:
                    threaded.append(f"{router.name}.{name} filter {f.callback!r}")
            for h in observer.handlers:
                checked += 1
                if not h.awaitable:
                    threaded.append(f"{router.name}.{name} handler {h.callback!r}")
                for f in h.filters or []:
                    checked += 1
                    if not f.awaitable:
                        threaded.append(f"{router.name}.{name} {h.callback!r} {f.callback!r}")
    assert checked > 100
    assert not threaded, "\n".join(threaded)
