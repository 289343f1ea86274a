"""Named points where the durability test kills the bot (inert in production).

``PULKA_CRASH_AT=deal:3`` makes the process SIGKILL itself at the 3rd time it
passes the point ``deal`` (a deal committed, nothing answered yet).  The test
(``tests/test_durability.py``) pins a kill at each point of every write path and
checks that what the bot confirmed is stored once and nothing else is.  Without
the variable :func:`reached` is one dictionary lookup.
"""

from __future__ import annotations

import os
import signal

_SPEC = os.environ.get("PULKA_CRASH_AT", "")
_NAME, _, _NTH = _SPEC.partition(":")
_COUNT = {"n": 0}


def reached(name: str) -> None:
    """The process passes point ``name``; killed there if the test asked for it."""
    if not _NAME or name != _NAME:
        return
    _COUNT["n"] += 1
    if _COUNT["n"] >= int(_NTH or "1"):
        os.kill(os.getpid(), signal.SIGKILL)
