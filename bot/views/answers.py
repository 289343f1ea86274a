"""What a committed write did, in words: the answer an update owes even when its own
answer was lost after the commit (:mod:`bot.telegram.errors`)."""

from __future__ import annotations

from bot.model import EventKind, Written
from bot.views.amend import amended_text
from bot.views.chat import archived_text, undone_text, written_deal_text
from bot.views.ending import corrected_text
from bot.views.format import name
from bot.views.texts import Texts


def written_text(tx: Texts, written: Written) -> str:
    """What a committed write did, in words (for an answer lost after the commit)."""
    table, event = written.table, written.event
    if event is None:
        return tx("done")
    if event.kind == EventKind.DEAL:
        return written_deal_text(tx, table, table.deal_by_event(event.id), repeat=written.duplicate)
    if event.kind == EventKind.UNDO:
        return undone_text(tx, table, event, event.author_name or "?")
    if event.kind == EventKind.AMEND and "settled" in event.payload:
        return corrected_text(tx, table, event.id, None)
    if event.kind == EventKind.AMEND:
        return amended_text(tx, table, event, written.before)
    if event.kind == EventKind.END and table.state is not None:
        return archived_text(tx, table)
    if event.kind == EventKind.JOIN:
        seat = int(event.payload.get("seat", 0))
        return tx("joined", name=name(str(event.payload.get("name", "?"))), seat=seat + 1)
    return tx("done")
