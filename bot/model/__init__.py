"""The read model of ``bot/``: rows, the replayed table, and what actions answer.

Below everything else in ``bot/``: storage returns these rows, actions build and
return these values, views render them.  No Telegram, no database here.
"""

from bot.model.outcome import AmendBreaks, Author, ParseError, PulkaError, Sitter, Written
from bot.model.rows import (
    BoardRow,
    DraftRow,
    EventKind,
    EventRow,
    Listed,
    PlayerRow,
    PulkaRow,
    PulkaStatus,
    Source,
)
from bot.model.table import UNCHOSEN, LiveDeal, Table, sizes_of

__all__ = [
    "UNCHOSEN",
    "AmendBreaks",
    "Author",
    "BoardRow",
    "DraftRow",
    "EventKind",
    "EventRow",
    "Listed",
    "LiveDeal",
    "ParseError",
    "PlayerRow",
    "PulkaError",
    "PulkaRow",
    "PulkaStatus",
    "Sitter",
    "Source",
    "Table",
    "Written",
    "sizes_of",
]
