"""Named points where the durability test kills the bot (inert in production).

``PULKA_CRASH_AT=deal:3`` makes the process SIGKILL itself at the 3rd time it
passes the point ``deal`` (a deal committed, nothing answered yet).  The test
(``tests/test_durability.py``) pins a kill at each point of every write path and
checks that what the bot confirmed is stored once and nothing else is.

``PULKA_CRASH_FILE=PATH`` arms a running process instead: at each pass the file is
read, and its first word is the point (``deal:1``); a missing or empty file arms
nothing, and the count starts again whenever the file's text changes.  So the test
pins a kill on the bot already running, without restarting it with the variable.

Without either variable :func:`reached` returns at its first line.
"""

from __future__ import annotations

import os
import signal

_SPEC = os.environ.get("PULKA_CRASH_AT", "")
_FILE = os.environ.get("PULKA_CRASH_FILE", "")
_NAME, _, _NTH = _SPEC.partition(":")
_ARMED = bool(_NAME or _FILE)
_COUNT = {"n": 0}
_READ = {"text": _SPEC}


def _armed() -> tuple[str, int]:
    """The point and the pass to kill at: from the file if there is one."""
    if not _FILE:
        return _NAME, int(_NTH or "1")
    try:
        with open(_FILE, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        text = ""
    if text != _READ["text"]:
        _READ["text"] = text
        _COUNT["n"] = 0
    name, _, nth = (text.split() or [""])[0].partition(":")
    return name, int(nth or "1")


def reached(name: str) -> None:
    """The process passes point ``name``; killed there if the test asked for it."""
    if not _ARMED:
        return
    point, nth = _armed()
    if name != point:
        return
    _COUNT["n"] += 1
    if _COUNT["n"] >= nth:
        os.kill(os.getpid(), signal.SIGKILL)
