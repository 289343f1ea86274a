"""The end of a pulka read off its log: agreements, the end, the settlement, the archive.

Nothing here is a column: a pulka's agreements, its end and its settlement are
events (``agree``, ``end``, ``reopen``, ``settle``) and are read back from the log
the table already holds.  Their payloads:

* ``agree`` ``{"seat": s, "last": e}``: the player of seat ``s`` agreed to stop the
  pulka at event ``e`` (the last event that is not an agreement).  An agreement
  holds while ``e`` is still the stop point: any deal, undo or amendment written
  since makes a new stop point and voids it.
* ``end`` ``{"agreed": true, "last": e, "by": [seats], "admin": bool}``: ended by
  agreement at stop point ``e`` (``admin``: one administrator ended it);
  ``{"agreed": false}``: ended at its target, when it was settled.
* ``reopen`` ``{"end": id}``: the end by agreement ``id`` taken back (status active).
* ``settle`` ``{"rules": ..., "settlement": ..., "exact": ...}``: the settlement as it
  was computed when the table settled, with the rules in force.  ``settlement`` is
  the calculator's output (:func:`scoring.record.settlement_json`), ``exact`` every
  figure of :class:`scoring.Settlement` exactly (:func:`scoring.record.settlement_to_json`),
  so the archive shows the settled pulka from this payload and never scores it again:
  a later engine, or rules read differently, cannot change what the table agreed.
* ``amend`` ``{"settled": settle_id, "deal": correction}``: a correction written after
  the settlement (:func:`after_settling`); shown as an amendment next to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.store.db import EventKind, EventRow, PulkaStatus, Source, Tx
from bot.store.tables import Table, deal_from_json, rules_from_json
from scoring import Correction, Rules, Settlement, play, settle_state
from scoring.engine import final_state
from scoring.record import (
    load_document,
    record_json,
    rules_to_json,
    settlement_from_json,
    settlement_json,
    settlement_to_json,
)

AGREE, END, REOPEN, SETTLE, CANCEL = (
    EventKind.AGREE,
    EventKind.END,
    EventKind.REOPEN,
    EventKind.SETTLE,
    EventKind.CANCEL,
)


def needed(players: int) -> int:
    """How many agreements end a pulka of ``players``: more than half (2 of 3, 3 of 4)."""
    return players // 2 + 1


def stop_point(table: Table) -> int:
    """The id of the last event that is not an agreement: what the table agrees to stop at."""
    return next((e.id for e in reversed(table.row.events) if e.kind != AGREE), 0)


def agreed_seats(table: Table) -> tuple[int, ...]:
    """Seats that agreed to stop at the current stop point, in seating order."""
    stop = stop_point(table)
    seats = {
        int(e.payload.get("seat", -1))
        for e in table.marks
        if e.kind == AGREE and e.id > stop and e.payload.get("last") == stop
    }
    return tuple(sorted(s for s in seats if 0 <= s < len(table.players)))


def end_event(table: Table) -> EventRow | None:
    """The end in force: the last ``end`` not taken back by a ``reopen`` since."""
    for e in reversed(table.marks):
        if e.kind == REOPEN:
            return None
        if e.kind == END:
            return e
    return None


def settle_event(table: Table) -> EventRow | None:
    """The settlement of the pulka, if it is settled (locked)."""
    return next((e for e in reversed(table.marks) if e.kind == SETTLE), None)


def cancelled(table: Table) -> bool:
    return any(e.kind == CANCEL for e in table.marks)


def ended_by_agreement(table: Table) -> bool:
    """Ended by agreement and not settled yet (``/undo`` can take the end back)."""
    end = end_event(table)
    return (
        not table.active
        and end is not None
        and bool(end.payload.get("agreed"))
        and settle_event(table) is None
    )


def settled(table: Table) -> bool:
    """Locked: settled by the table, or ended before settlements were written down
    (an old end at the target was its settlement)."""
    if settle_event(table) is not None:
        return True
    end = end_event(table)
    return not table.active and end is not None and not end.payload.get("agreed")


def can_settle(table: Table) -> bool:
    """The closed board's "Settle": finished at its target, or ended by agreement."""
    if settled(table) or cancelled(table) or table.state is None:
        return False
    return ended_by_agreement(table) or (table.active and table.state.finished)


# --- the settlement as stored --------------------------------------------------------


def settle_payload(table: Table, s: Settlement) -> dict[str, Any]:
    """The ``settle`` event's payload for ``table`` settled as ``s``."""
    doc = load_document(record_json(table.names, table.rules, table.record_deals()))
    return {
        "rules": rules_to_json(table.rules),
        "settlement": settlement_json(doc),
        "exact": settlement_to_json(s),
    }


def stored_settlement(table: Table) -> Settlement | None:
    """The settlement the table agreed (the ``settle`` event's), or None if not settled."""
    event = settle_event(table)
    if event is None or "exact" not in event.payload:
        return None
    return settlement_from_json(event.payload["exact"])


def shown_rules(table: Table) -> Rules:
    """The rules the settlement was made under (stored with it), else the pulka's."""
    event = settle_event(table)
    if event is None or not isinstance(event.payload.get("rules"), dict):
        return table.rules
    return rules_from_json(event.payload["rules"])


# --- corrections after settling --------------------------------------------------------


def after_settling(table: Table) -> list[tuple[EventRow, Correction]]:
    """The corrections written after the pulka was settled, oldest first.

    Each is an ``amend`` event ``{"settled": settle_id, "deal": correction}``: it names
    no deal (no ``"event"``), so the replay (:func:`bot.store.tables.advance`) passes it
    by and the sheet stays the one the table settled.
    """
    found: list[tuple[EventRow, Correction]] = []
    for e in table.marks:
        if e.kind == EventKind.AMEND and "settled" in e.payload:
            deal = deal_from_json(e.payload["deal"])
            if isinstance(deal, Correction):
                found.append((e, deal))
    return found


def amended_settlement(table: Table, until: int | None = None) -> Settlement | None:
    """The results with the corrections after settling (up to event ``until``) written
    onto the settled sheet, scored by the rules the settlement was made under; None
    without such corrections.  The agreed settlement itself is never scored again."""
    fixes = [d for e, d in after_settling(table) if until is None or e.id <= until]
    if not fixes or table.state is None:
        return None
    rules = shown_rules(table)
    state = (
        table.state
        if rules == table.rules
        else final_state(table.names, rules, table.record_deals())
    )
    for deal in fixes:
        state = play(state, deal).state
    return settle_state(state)


# --- status writes with their events -----------------------------------------------


async def reopen_pulka(
    tx: Tx,
    pulka_id: int,
    end_id: int,
    author_id: int | None,
    author_name: str | None,
    source: Source | None,
    *,
    seq: int,
) -> EventRow:
    """Take back an end by agreement: the ``reopen`` event, and the status it gives (active).

    As :meth:`Tx.end_pulka`, the status changes only here, with its event.
    """
    event = await tx.append(
        pulka_id, REOPEN, {"end": end_id}, author_id, author_name, source, seq=seq
    )
    await tx.conn.execute(
        "UPDATE pulkas SET status = ?, archived_at = NULL WHERE id = ?",
        (PulkaStatus.ACTIVE, pulka_id),
    )
    return event


# --- the archive of a place ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Listed:
    """A pulka of a place as the archive numbers it (1: the first played there)."""

    number: int
    pulka_id: int
    status: PulkaStatus
    created_at: str
    archived_at: str | None


async def place_pulkas(tx: Tx, chat_id: int, thread_id: int) -> list[Listed]:
    """Every pulka of the place but the cancelled ones, numbered in the order they began."""
    cur = await tx.conn.execute(
        "SELECT id, status, created_at, archived_at FROM pulkas p "
        "WHERE chat_id = ? AND thread_id = ? AND NOT EXISTS "
        "(SELECT 1 FROM events e WHERE e.pulka_id = p.id AND e.kind = ?) ORDER BY id",
        (chat_id, thread_id, CANCEL),
    )
    rows = await cur.fetchall()
    return [
        Listed(i, int(r["id"]), PulkaStatus(r["status"]), r["created_at"], r["archived_at"])
        for i, r in enumerate(rows, 1)
    ]
