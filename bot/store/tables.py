"""The read model: a pulka's event log replayed into a :class:`Table`, once.

A pulka is its log (``events``): deals, undos, joins, the end.  The table the
players see is the replay of that log through :func:`scoring.play`.  Replaying
the whole log for every update costs O(n) per deal and O(n^2) per pulka, so
the replay is kept: :class:`Tables` holds the table of each hot pulka with the
id of the last event in it, and brings it up to date by playing only the
events written since (one ``play`` per new deal).  Every change of a pulka's
seating or status is an event, so the last event id is the table's version.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any

from pydantic import TypeAdapter

from bot.store.db import (
    DEAL,
    END,
    JOIN,
    UNDO,
    EventKind,
    EventRow,
    PlayerRow,
    PulkaRow,
    PulkaStatus,
    Tx,
)
from scoring import Deal, Game, PulkaState, Raspasy, Rules, ScoringError, Step, play, seating
from scoring.record import DealModel, RulesModel

_DEAL: TypeAdapter[Any] = TypeAdapter(DealModel)


def rules_from_json(data: dict[str, Any]) -> Rules:
    """Stored conventions back to :class:`scoring.Rules`."""
    return RulesModel.model_validate(data).to_rules()


def deal_from_json(data: dict[str, Any]) -> Deal:
    """A stored deal (the record's deal format) back to a :mod:`scoring` deal."""
    return _DEAL.validate_python(data).to_deal()


@dataclass(frozen=True, slots=True)
class LiveDeal:
    """A deal still in force, with the sheet before it and what it wrote.

    ``event`` is the deal's own event (its identity, whatever amends it); ``deal``
    is its form in force, and ``amended`` the amendment that gave that form (None:
    as written).
    """

    number: int
    event: EventRow
    deal: Deal
    before: PulkaState
    step: Step
    amended: EventRow | None = None


@dataclass(frozen=True, slots=True)
class Table:
    """A pulka as the players see it: seating, conventions, replayed deals."""

    row: PulkaRow
    rules: Rules
    deals: tuple[LiveDeal, ...]
    state: PulkaState | None
    #: The log's events other than deals, in order: the end, agreements, the
    #: settlement, corrections and payments are read from these, so that a board
    #: drawn after the 1,000th deal does not walk a thousand deals to find them.
    marks: tuple[EventRow, ...]

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def players(self) -> tuple[PlayerRow, ...]:
        return self.row.players

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.row.players)

    @property
    def active(self) -> bool:
        return self.row.active

    @property
    def sizes(self) -> tuple[int, ...]:
        """The table sizes it may start at (:func:`sizes_of`)."""
        return sizes_of(self.row.seats)

    @property
    def seat_limit(self) -> int:
        """How many may sit: the size chosen, else four (:data:`UNCHOSEN`)."""
        return self.sizes[-1]

    @property
    def seating_open(self) -> bool:
        """Players may still join: no deal written and a seat free."""
        return not self.deals and len(self.players) < self.seat_limit

    @property
    def playable(self) -> bool:
        """A deal can be written now: active, seated, not finished."""
        return self.active and self.state is not None and not self.state.finished

    @property
    def last_event_id(self) -> int:
        return self.row.events[-1].id if self.row.events else 0

    @property
    def next_seq(self) -> int:
        return self.row.events[-1].seq + 1 if self.row.events else 1

    def deal_by_event(self, event_id: int) -> LiveDeal | None:
        return next((d for d in reversed(self.deals) if d.event.id == event_id), None)

    def is_player(self, user_id: int | None) -> bool:
        return user_id is not None and any(p.user_id == user_id for p in self.players)

    def record_deals(self) -> list[Deal]:
        return [d.deal for d in self.deals]


#: The table sizes of a pulka whose size nobody chose: three, and a fourth may join
#: before the first deal.  Two (hussar) and five sit only when chosen (the settings
#: message's size button, ``/newpulka вдвоём|впятером``), so that two who join do not
#: start a hussar table and a fifth ``/join`` is refused as before.
UNCHOSEN: tuple[int, ...] = (3, 4)


def sizes_of(seats: int | None) -> tuple[int, ...]:
    """The sizes a pulka of chosen size ``seats`` (None: not chosen) may start at.

    >>> sizes_of(None), sizes_of(2), sizes_of(5)
    ((3, 4), (2,), (5,))
    """
    if seats is None:
        return UNCHOSEN
    if seats not in seating.TABLE_SIZES:
        raise ValueError(f"no table of {seats}")
    return (seats,)


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
        if e.kind == EventKind.AMEND and e.payload.get("event") in here
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
        elif event.kind == EventKind.AMEND and event.payload.get("event") not in here:
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
    """``table`` with one more deal, ``event``, whose ``step`` was played on
    ``table.state`` (a write checks the deal before it writes): what :func:`advance`
    gives for that event, without playing the deal again.  Builds, never raises: it
    runs after the deal is committed."""
    assert table.state is not None
    row = replace(table.row, events=(*table.row.events, event))
    live = LiveDeal(len(table.deals) + 1, event, deal, table.state, step)
    return Table(row, table.rules, (*table.deals, live), step.state, table.marks)


def live_forms(table: Table, until: int) -> list[tuple[int, dict[str, Any]]]:
    """The deals in force just before event ``until`` (their event ids and stored
    forms, in order), from the log alone: nothing is played."""
    live: list[tuple[int, dict[str, Any]]] = []
    for event in table.row.events:
        if event.id >= until:
            break
        if event.kind == DEAL:
            live.append((event.id, event.payload))
        elif event.kind in (UNDO, EventKind.AMEND):
            target = event.payload.get("event")
            at = next((i for i, (e, _) in enumerate(live) if e == target), None)
            if at is None:
                continue
            form = event.payload.get("deal") if event.kind == EventKind.AMEND else None
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


def same_deal(a: Deal, b: Deal) -> bool:
    """Do ``a`` and ``b`` say the same (the order players are named in aside)?"""
    if isinstance(a, Game) and isinstance(b, Game):
        return (a.declarer, a.contract, a.choices, a.trick_map) == (
            b.declarer,
            b.contract,
            b.choices,
            b.trick_map,
        )
    if isinstance(a, Raspasy) and isinstance(b, Raspasy):
        return a.trick_map == b.trick_map
    return a == b


def table_at(table: Table, event_id: int) -> Table:
    """The table as it was once event ``event_id`` was played (a replay of the log up
    to it, with today's seating and status: for answers about a past write)."""
    row = replace(table.row, events=tuple(e for e in table.row.events if e.id <= event_id))
    return build_table(row)


class AmendBreaks(Exception):
    """An amendment that would make a later deal impossible: which one, and why."""

    def __init__(self, broken: LiveDeal, error: ScoringError) -> None:
        super().__init__(broken.number)
        self.broken = broken
        self.error = error


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
            raise AmendBreaks(later, e) from None


class Tables:
    """The replayed tables of hot pulkas, kept up to date incrementally (an LRU).

    Only this process writes the database, but a table is still checked against
    the log's last event id on every read, so it can never be stale.
    """

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._tables: OrderedDict[int, Table] = OrderedDict()
        #: How many full and incremental replays were made (for tests and benchmarks).
        self.replays = 0
        self.advances = 0
        #: Bumped by every :meth:`forget`: a caller that took a kept table before an
        #: await can tell whether it may have been dropped as stale meanwhile.
        self.generation = 0

    async def get(self, tx: Tx, pulka_id: int, last: int | None = None) -> Table | None:
        """The pulka's table as committed (read inside ``tx``), or None.

        ``last`` is the log's last event id when the caller read it in ``tx`` already.
        """
        cached = self._tables.get(pulka_id)
        if cached is not None:
            if last is None:
                last = await tx.last_event_id(pulka_id)
            if last == cached.last_event_id:
                self._tables.move_to_end(pulka_id)
                return cached
            if last is not None and last > cached.last_event_id:
                head = await tx.head(pulka_id)
                if head is not None:
                    new = await tx.events_after(pulka_id, cached.last_event_id)
                    self.advances += 1
                    return self.put(advance(cached, head.players, new, head.status))
        row = await tx.load(pulka_id)
        if row is None:
            self._tables.pop(pulka_id, None)
            return None
        self.replays += 1
        return self.put(build_table(row))

    def put(self, table: Table) -> Table:
        """Remember ``table`` (after its transaction committed) as its pulka's newest."""
        self._tables[table.id] = table
        self._tables.move_to_end(table.id)
        while len(self._tables) > self.size:
            self._tables.popitem(last=False)
        return table

    def kept(self, pulka_id: int) -> Table | None:
        """The pulka's table as this process last committed or read it, if kept (no read:
        whether it is still the latest is for the caller to check)."""
        return self._tables.get(pulka_id)

    def newest(self, table: Table) -> Table:
        """``table``, or the newer table of its pulka committed since (no read: every
        commit of this process is put here)."""
        kept = self._tables.get(table.id)
        return kept if kept is not None and kept.last_event_id > table.last_event_id else table

    def forget(self, pulka_id: int | None = None) -> None:
        """Drop one pulka's table (a rolled-back write), or every table."""
        self.generation += 1
        if pulka_id is None:
            self._tables.clear()
        else:
            self._tables.pop(pulka_id, None)


__all__ = [
    "DEAL",
    "END",
    "JOIN",
    "AmendBreaks",
    "LiveDeal",
    "Table",
    "Tables",
    "advance",
    "amended_deal",
    "build_table",
    "check_amendment",
    "deal_from_json",
    "live_forms",
    "rules_from_json",
    "same_deal",
    "table_at",
    "undone_deal",
    "with_deal",
]
