"""Inline button payloads, with versioned prefixes so old buttons keep parsing.

Every payload is checked on arrival against the pulka as it is now; a button
for a pulka that has changed since is answered "out of date".
"""

from __future__ import annotations

from aiogram.filters.callback_data import CallbackData


class UndoCB(CallbackData, prefix="v1u"):
    """Confirm (``yes`` 1) or refuse (0) undoing deal event ``event`` of ``pulka``."""

    pulka: int
    event: int
    yes: int


class EndCB(CallbackData, prefix="v1e"):
    """End ``pulka`` by agreement (rule 4.2.3) if its last event is still ``last``."""

    pulka: int
    last: int
