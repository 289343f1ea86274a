"""The end of a pulka: agreements, the end, the end taken back, the settlement.

The rules of it are :mod:`scoring.ending`'s; the payloads are in :mod:`bot.model`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.actions.keeper import Keeper, append
from bot.model import (
    Author,
    EventKind,
    PulkaError,
    Source,
    Table,
    Written,
)
from bot.storage import pulkas
from scoring import Settlement, ending, settle_state
from scoring.record import (
    load_document,
    record_json,
    rules_to_json,
    settlement_json,
    settlement_to_json,
)


@dataclass(frozen=True, slots=True)
class Agreement:
    """A running pulka stopped now: what it settles at, the seats that agreed to stop,
    of how many players, and how many must (:func:`scoring.ending.needed`)."""

    settlement: Settlement
    agreed: tuple[int, ...]
    players: int
    needed: int


def agreement(table: Table) -> Agreement:
    """Where the seated ``table`` stands on stopping now."""
    assert table.state is not None
    players = len(table.players)
    return Agreement(settle_state(table.state), table.agreed_seats, players, ending.needed(players))


async def end(
    keeper: Keeper,
    pulka_id: int,
    last_event_id: int | None,
    author: Author,
    source: Source,
    *,
    agreed: bool,
) -> Written:
    """End the pulka (at its target, or by agreement, rule 4.2.3)."""
    async with keeper.storage.uow() as tx:
        again = await keeper.again(tx, source, EventKind.END)
        if again is not None:
            return again
        table = await keeper.table(tx, pulka_id)
        if not table.active or (last_event_id is not None and table.last_event_id != last_event_id):
            raise PulkaError("stale")
        finished = table.state is not None and table.state.finished
        if not ending.may_end(finished=finished, agreed=agreed):
            raise PulkaError("stale")
        after, event = await append(tx, table, EventKind.END, {"agreed": agreed}, author, source)
    return keeper.written(table, after, event)


@dataclass(frozen=True, slots=True)
class Tapped:
    """What a tap on "End by agreement" did (:class:`scoring.ending.Verdict`), and the
    write; nothing is written for ``COUNTED`` (``written.duplicate``) nor ``CONFIRM``."""

    verdict: ending.Verdict
    written: Written


async def agree(
    keeper: Keeper,
    pulka_id: int,
    stop: int,
    author: Author,
    source: Source,
    *,
    admin: bool,
    confirmed: bool = False,
) -> Tapped:
    """A tap on "End by agreement" offered at stop point ``stop``: an ``agree`` event, or
    the ``end`` once enough agree, or (an administrator who does not play, ``confirmed``)
    the ``end`` by him alone (:func:`scoring.ending.tap`).

    The ``end`` remembers ``source`` (the message tapped): a tap delivered again answers
    what it did.
    """
    async with keeper.storage.uow() as tx:
        again = await keeper.again(tx, source, EventKind.END)
        if again is not None:
            return Tapped(ending.Verdict.ENDS, again)
        table = await keeper.table(tx, pulka_id)
        if not table.active or table.state is None or table.stop_point != stop:
            raise PulkaError("stale")
        seat = table.seat_of(author.user_id)
        tap = ending.tap(
            len(table.players), table.agreed_seats, seat, admin=admin, confirmed=confirmed
        )
        if tap.verdict is ending.Verdict.REFUSED:
            raise PulkaError("not_allowed")
        if tap.verdict is ending.Verdict.COUNTED:
            return Tapped(tap.verdict, Written(table, duplicate=True))
        if tap.verdict is ending.Verdict.CONFIRM:
            return Tapped(tap.verdict, Written(table))
        if tap.verdict is ending.Verdict.ENDS:
            payload = {"agreed": True, "last": stop, "by": list(tap.by), "admin": tap.by_admin}
            after, event = await append(tx, table, EventKind.END, payload, author, source)
        else:
            # Many taps on one offer: a tap is known by its seat, not its source; the
            # offer is kept so that a deal written later can void it.
            payload = {"seat": seat, "last": stop, "offer": source.message_id}
            after, event = await append(tx, table, EventKind.AGREE, payload, author, None)
    return Tapped(tap.verdict, keeper.written(table, after, event))


async def reopen(
    keeper: Keeper, pulka_id: int, end_id: int, author: Author, source: Source | None
) -> Written:
    """``/undo`` of an end by agreement ``end_id``: the pulka runs again."""
    async with keeper.storage.uow() as tx:
        again = await keeper.again(tx, source, EventKind.REOPEN)
        if again is not None:
            return again
        table = await keeper.table(tx, pulka_id)
        if table.settled:
            raise PulkaError("reopen_settled")
        end_event = table.end_event
        if not table.ended_by_agreement or end_event is None or end_event.id != end_id:
            raise PulkaError("stale")
        if await pulkas.active(tx, table.row.chat_id, table.row.thread_id) is not None:
            raise PulkaError("reopen_busy")
        payload = {"end": end_event.id}
        after, event = await append(tx, table, EventKind.REOPEN, payload, author, source)
    return keeper.written(table, after, event)


def settle_payload(table: Table, s: Settlement) -> dict[str, Any]:
    """The ``settle`` event's payload for ``table`` settled as ``s``: the rules, the
    calculator's output for its record, and every figure exactly."""
    doc = load_document(record_json(table.names, table.rules, table.record_deals()))
    return {
        "rules": rules_to_json(table.rules),
        "settlement": settlement_json(doc),
        "exact": settlement_to_json(s),
    }


async def settle(keeper: Keeper, pulka_id: int, author: Author, source: Source | None) -> Written:
    """Settle and lock the pulka: its ``settle`` event keeps the settlement as computed now.

    A pulka finished at its target is ended too, and its ``end`` has the source; one
    ended by agreement is only settled, and its ``settle`` has it.
    """
    async with keeper.storage.uow() as tx:
        again = await keeper.again(tx, source, EventKind.END, EventKind.SETTLE)
        if again is not None:
            return again
        table = await keeper.table(tx, pulka_id)
        if table.settled:
            return Written(table, duplicate=True, event=table.settle_event)
        if not table.can_settle or table.state is None:
            raise PulkaError("stale")
        after, first = table, None
        if table.active:
            payload = {"agreed": False}
            after, first = await append(tx, table, EventKind.END, payload, author, source)
        payload = settle_payload(table, settle_state(table.state))
        settled = None if first else source
        after, event = await append(tx, after, EventKind.SETTLE, payload, author, settled)
    return keeper.written(table, after, first or event)
