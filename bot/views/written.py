"""What a committed write did, in words: the answer an update owes even when its own
answer was lost after the commit (:mod:`bot.telegram.errors`)."""

from __future__ import annotations

from bot.model import EventKind, Table, Written, amended_deal, table_at, undone_deal
from bot.model.rows import EventRow
from bot.views.deal import write_items, written_deal_text
from bot.views.format import deal_in_full, declarer_prefix, entry_key, name, notation, result
from bot.views.settlement import archived_text, corrected_text
from bot.views.texts import Texts
from scoring import Correction, Deal
from scoring.settle import standings


def written_text(tx: Texts, written: Written) -> str:
    """What a committed write did, in words (for an answer lost after the commit)."""
    table, event = written.table, written.event
    if event is None:
        return tx("done")
    if event.kind == EventKind.DEAL:
        return written_deal_text(tx, table, table.deal_by_event(event.id), repeat=written.duplicate)
    if event.kind == EventKind.UNDO:
        return undone_text(tx, table, event, table.author(event))
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


def undone_text(tx: Texts, table: Table, undo: EventRow, who: str) -> str:
    """ "Deal N undone (notation)", for the undo event ``undo`` (a repeat: the same words)."""
    found = undone_deal(table, undo)
    if found is None:
        return tx("stale")
    number, deal = found
    return tx(
        entry_key(deal, "undo_done", "undo_done_correction"),
        number=number,
        notation=declarer_prefix(deal) + notation(tx, deal, table.names, table.rules),
        who=name(who),
    )


def amended_text(tx: Texts, table: Table, amend: EventRow, before: Table | None) -> str:
    """What amendment ``amend`` did (old -> new, each standing before -> after), from
    the log: a repeated press or command answers the same words."""
    found = amended_deal(table, amend)
    if found is None:
        return tx("stale")
    number, old, new = found
    if before is None:
        before = table_at(table, amend.id - 1)
    after = table_at(table, amend.id) if table.last_event_id != amend.id else table
    names = table.names
    who = name(table.author(amend))
    if new is None:
        old_words = _entry_words(tx, before, number, old)
        lines = [
            tx(
                entry_key(old, "amend_deleted", "amend_deleted_correction"),
                number=number,
                old=old_words,
                who=who,
            )
        ]
    else:
        lines = [
            tx(
                entry_key(old, "amend_done", "amend_done_correction"),
                number=number,
                old=_entry_words(tx, before, number, old),
                new=_entry_words(tx, after, number, new),
                who=who,
            )
        ]
    if before.state is not None and after.state is not None:
        lines.append(tx("amend_standings_title"))
        lines.extend(
            tx("amend_standing_line", name=name(n), before=result(b), after=result(a))
            for n, b, a in zip(names, standings(before.state), standings(after.state), strict=True)
        )
    return "\n".join(lines)


def _entry_words(tx: Texts, table: Table, number: int, deal: Deal) -> str:
    """Deal ``number`` of ``table`` in full; a correction as what it writes (``Vera: гора
    -2``): its notation alone ("Vera поправка") would read the same before and after."""
    if isinstance(deal, Correction):
        live = next((d for d in table.deals if d.number == number), None)
        if live is not None:
            items = write_items(tx, table.names, live.step.writes)
            return "; ".join(items) if items else tx("write_nothing")
    return deal_in_full(tx, deal, table.names, table.rules)
