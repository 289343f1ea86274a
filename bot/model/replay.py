"""A pulka's log replayed into its :class:`~bot.model.table.Table`, whole or from a point.

The table the players see is the replay of the log through :func:`scoring.play`.
Replaying the whole log for every update would cost O(n) per deal, so a kept table
is brought up to date by :func:`advance`, which plays only the events written since
(one ``play`` per new deal).  Every change of a pulka's seating or status is an
event, so the last event id is the table's version.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.model.outcome import AmendBreaks
from bot.model.rows import EventKind, EventRow, PlayerRow, PulkaRow, PulkaStatus
from bot.model.table import LiveDeal, Table, sizes_of
from scoring import Deal, PulkaState, ScoringError, Step, play
from scoring.record import deal_from_json, rules_from_json

DEAL, UNDO, AMEND = EventKind.DEAL, EventKind.UNDO, EventKind.AMEND


def _seated(row: PulkaRow) -> bool:
    return len(row.players) in sizes_of(row.seats)


def build_table(row: PulkaRow) -> Table:
    """Replay a pulka's whole log: undone deals drop out, the rest go through ``play``."""
    events = row.events
    table = Table(replace(row, events=()), rules_from_json(row.rules), (), None, ())
    return advance(table, row.players, events, row.status)


def advance(
    table: Table,
    players: tuple[PlayerRow, ...],
    events: tuple[EventRow, ...],
    status: PulkaStatus,
) -> Table:
    """``table`` with ``events`` (written after its last one) played onto it.

    ``players`` and ``status`` are the pulka's as they are after those events.
    An undo drops the deal it names (the last live one); an amendment
    (``{"event": id, "deal": deal or null}``) replaces or deletes the deal it
    names, in place when that is the last live deal or a deal of ``events``;
    anything else that cannot be played incrementally replays the log from the
    start.
    """
    row = replace(table.row, players=players, status=status, events=table.row.events + events)
    marks = table.marks + tuple(e for e in events if e.kind != DEAL)
    if not _seated(row):
        return Table(row, table.rules, (), None, marks)
    state = table.state
    deals = list(table.deals)
    if state is None or tuple(state.players) != tuple(p.name for p in players):
        # Seated just now (or a seat changed): replay every deal of the log.
        state = PulkaState.new(tuple(p.name for p in players), table.rules)
        deals = []
        events = row.events
    undone = {e.payload.get("event") for e in events if e.kind == UNDO}
    # Amendments of deals among ``events`` are played in the deal's place (the last
    # one in force); those of earlier deals as they come.
    here = {e.id for e in events if e.kind == DEAL}
    amends = {
        e.payload.get("event"): e
        for e in events
        if e.kind == AMEND and e.payload.get("event") in here
    }
    for event in events:
        if event.kind == DEAL and event.id not in undone:
            amend = amends.get(event.id)
            form = event.payload if amend is None else amend.payload.get("deal")
            if form is None:
                continue  # deleted
            deal = deal_from_json(form)
            step = play(state, deal)
            deals.append(LiveDeal(len(deals) + 1, event, deal, state, step, amend))
            state = step.state
        elif event.kind == AMEND and event.payload.get("event") not in here:
            target = event.payload.get("event")
            if deals and deals[-1].event.id == target:
                last = deals.pop()
                state = last.before
                form = event.payload.get("deal")
                if form is not None:
                    deal = deal_from_json(form)
                    step = play(state, deal)
                    deals.append(LiveDeal(last.number, last.event, deal, state, step, event))
                    state = step.state
            elif any(d.event.id == target for d in deals):
                return build_table(row)  # not the last deal: replay from the start
        elif event.kind == UNDO:
            target = event.payload.get("event")
            if deals and deals[-1].event.id == target:
                state = deals.pop().before
            elif any(d.event.id == target for d in deals):
                return build_table(row)  # not the last deal: replay from the start
    return Table(row, table.rules, tuple(deals), state, marks)


def with_deal(table: Table, event: EventRow, deal: Deal, step: Step) -> Table:
    """``table`` with the deal of ``event`` written on it, ``step`` being
    ``play(table.state, deal)`` as its write checked it: :func:`advance` for one new
    deal, without playing it a second time."""
    assert table.state is not None  # a deal is written only on a seated table
    row = replace(table.row, events=(*table.row.events, event))
    live = LiveDeal(len(table.deals) + 1, event, deal, table.state, step, None)
    return Table(row, table.rules, (*table.deals, live), step.state, table.marks)


def table_at(table: Table, event_id: int) -> Table:
    """The table as it was once event ``event_id`` was played (a replay of the log up
    to it, with today's seating and status: for answers about a past write)."""
    row = replace(table.row, events=tuple(e for e in table.row.events if e.id <= event_id))
    return build_table(row)


def live_forms(table: Table, until: int) -> list[tuple[int, dict[str, Any]]]:
    """The deals in force just before event ``until`` (their event ids and stored
    forms, in order), from the log alone: nothing is played."""
    live: list[tuple[int, dict[str, Any]]] = []
    for event in table.row.events:
        if event.id >= until:
            break
        if event.kind == DEAL:
            live.append((event.id, event.payload))
        elif event.kind in (UNDO, AMEND):
            target = event.payload.get("event")
            at = next((i for i, (e, _) in enumerate(live) if e == target), None)
            if at is None:
                continue
            form = event.payload.get("deal") if event.kind == AMEND else None
            if form is None:
                del live[at]
            else:
                live[at] = (live[at][0], form)
    return live


def undone_deal(table: Table, undo: EventRow) -> tuple[int, Deal] | None:
    """The deal ``undo`` cancelled, with the number it had then (from the log alone).

    Lets a repeated undo answer what it did the first time, though the deal is gone.
    """
    target = undo.payload.get("event")
    for number, (event_id, form) in enumerate(live_forms(table, undo.id), 1):
        if event_id == target:
            return number, deal_from_json(form)
    return None


def amended_deal(table: Table, amend: EventRow) -> tuple[int, Deal, Deal | None] | None:
    """What amendment ``amend`` changed: the deal's number then, its form before, and
    its new form (None: deleted); from the log alone, so a repeat answers the same."""
    target = amend.payload.get("event")
    for number, (event_id, form) in enumerate(live_forms(table, amend.id), 1):
        if event_id == target:
            new = amend.payload.get("deal")
            return number, deal_from_json(form), None if new is None else deal_from_json(new)
    return None


def check_amendment(table: Table, target: LiveDeal, deal: Deal | None) -> None:
    """Replay ``table`` with ``target`` replaced by ``deal`` (None: deleted).

    :class:`scoring.ScoringError` if ``deal`` itself cannot be played in its place,
    :class:`AmendBreaks` naming the first later deal that could not be played after it.
    """
    state = target.before
    if deal is not None:
        state = play(state, deal).state
    for later in table.deals[target.number :]:
        try:
            state = play(state, later.deal).state
        except ScoringError as e:
            raise AmendBreaks(table, later, e) from None
