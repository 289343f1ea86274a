"""Deals written, taken back and changed: the ``deal``, ``undo`` and ``amend`` events.

* ``deal``: the deal as the record writes it (:func:`scoring.record.deal_to_json`);
* ``undo`` ``{"event": id}``: the last live deal, written by event ``id``, taken back;
* ``amend`` ``{"event": id, "deal": deal or null}``: the live deal of event ``id``
  replaced (or deleted), or ``{"settled": settle_id, "deal": correction}``: a
  correction written after the pulka was settled (the settlement stays as agreed).
"""

from __future__ import annotations

from bot.actions.keeper import Keeper
from bot.model import (
    Author,
    EventKind,
    PulkaError,
    Source,
    Written,
    advance,
    check_amendment,
    with_deal,
)
from bot.storage import events
from scoring import Correction, Deal, play
from scoring.deals import same_deal
from scoring.record import deal_to_json


async def write(
    keeper: Keeper,
    pulka_id: int,
    deal: Deal,
    author: Author,
    source: Source | None,
    *,
    expect_last: int | None = None,
) -> Written:
    """Append a deal (or a correction) once :func:`scoring.play` accepts it on the sheet.

    The source is checked first: a command or press delivered again answers with what
    it wrote (``duplicate``), even though the table has moved on.  ``expect_last`` (a
    screen's staleness token) must then still be the pulka's last event id: of two
    "Write it" presses on the same sheet only the first writes, the other is ``stale``.
    """
    async with keeper.storage.uow() as tx:
        again = await keeper.again(tx, source, EventKind.DEAL)
        if again is not None:
            return again
        table = await keeper.table(tx, pulka_id)
        if expect_last is not None and (not table.active or table.last_event_id != expect_last):
            raise PulkaError("stale")
        if not table.active:
            raise PulkaError("no_pulka")
        if table.state is None:
            raise PulkaError("need_players", count=len(table.players))
        step = play(table.state, deal)  # raises ScoringError: nothing is written
        event = await events.append(
            tx,
            pulka_id,
            EventKind.DEAL,
            deal_to_json(deal),
            author.user_id,
            author.name,
            source,
            seq=table.next_seq,
        )
        after = with_deal(table, event, deal, step)
    return keeper.written(table, after, event)


async def undo(
    keeper: Keeper, pulka_id: int, event_id: int, author: Author, source: Source | None
) -> Written:
    """Take back the last live deal if it is still the one of event ``event_id``."""
    async with keeper.storage.uow() as tx:
        again = await keeper.again(tx, source, EventKind.UNDO)
        if again is not None:
            return again
        table = await keeper.table(tx, pulka_id)
        if not table.active or not table.deals or table.deals[-1].event.id != event_id:
            raise PulkaError("stale")
        if table.row.events[-1].kind == EventKind.AMEND:
            # /undo takes back the last event if it is a deal; an amendment is
            # changed by another /edit (its deal's number is in the message).
            raise PulkaError("undo_after_amend")
        event = await events.append(
            tx,
            pulka_id,
            EventKind.UNDO,
            {"event": event_id},
            author.user_id,
            author.name,
            source,
            seq=table.next_seq,
        )
        after = advance(table, table.players, (event,), table.row.status)
    return keeper.written(table, after, event)


async def amend(
    keeper: Keeper,
    pulka_id: int,
    target_event_id: int,
    deal: Deal | None,
    author: Author,
    source: Source | None,
    *,
    expect_last: int | None = None,
) -> Written:
    """Replace the live deal of event ``target_event_id`` with ``deal``, or delete it
    (None).

    Checked by replaying every later deal on the amended sheet first: a deal that
    would become impossible raises :class:`bot.model.AmendBreaks` (naming it), ``deal``
    itself a :class:`scoring.ScoringError`; nothing is written then.
    """
    async with keeper.storage.uow() as tx:
        again = await keeper.again(tx, source, EventKind.AMEND)
        if again is not None:
            return again
        table = await keeper.table(tx, pulka_id)
        if not table.active:
            raise PulkaError("amend_ended")
        if expect_last is not None and table.last_event_id != expect_last:
            raise PulkaError("stale")
        target = table.deal_by_event(target_event_id)
        if target is None:
            raise PulkaError("amend_gone")
        if deal is not None and same_deal(deal, target.deal):
            same = "amend_same_correction" if isinstance(deal, Correction) else "amend_same"
            raise PulkaError(same, number=target.number)
        check_amendment(table, target, deal)  # raises: nothing is written
        event = await events.append(
            tx,
            pulka_id,
            EventKind.AMEND,
            {"event": target_event_id, "deal": None if deal is None else deal_to_json(deal)},
            author.user_id,
            author.name,
            source,
            seq=table.next_seq,
        )
        after = advance(table, table.players, (event,), table.row.status)
    return keeper.written(table, after, event)


async def correct_settled(
    keeper: Keeper, pulka_id: int, deal: Deal, author: Author, source: Source | None
) -> Written:
    """A correction after the pulka was settled; ``stale`` if it is not settled.  Who
    may write it is the caller's check."""
    async with keeper.storage.uow() as tx:
        again = await keeper.again(tx, source, EventKind.AMEND)
        if again is not None:
            return again
        table = await keeper.table(tx, pulka_id)
        settle = table.settle_event
        if settle is None or table.state is None:
            raise PulkaError("stale")
        play(table.state, deal)  # raises ScoringError: nothing is written
        event = await events.append(
            tx,
            pulka_id,
            EventKind.AMEND,
            {"settled": settle.id, "deal": deal_to_json(deal)},
            author.user_id,
            author.name,
            source,
            seq=table.next_seq,
        )
        after = advance(table, table.players, (event,), table.row.status)
    return keeper.written(table, after, event)
