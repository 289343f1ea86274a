"""The read model of ``bot/``: a pulka as the players see it (:class:`Table`, the replay
of its log), what actions are told and answer, and the rows storage returns
(:mod:`bot.model.rows`).  Below everything else in ``bot/``: no Telegram, no database.

The table the players see is the replay of the log through :func:`scoring.play`.
Replaying the whole log for every update would cost O(n) per deal, so a kept table is
brought up to date by :func:`advance`, which plays only the events written since (one
``play`` per new deal).  Every change of a pulka's seating or status is an event, so the
last event id is the table's version.

Besides the sheet a table reads off the log what the evening around the deals wrote,
each an event kind whose payload is described here:

* ``agree`` ``{"seat": s, "last": e}``: the player of seat ``s`` agreed to stop at
  event ``e`` (the last event that is not an agreement).  It holds while ``e`` is
  still the stop point: a deal, undo or amendment written since voids it;
* ``end`` ``{"agreed": true, "last": e, "by": [seats], "admin": bool}``: ended by
  agreement at stop point ``e``; ``{"agreed": false}``: ended at its target, when
  it was settled;
* ``reopen`` ``{"end": id}``: the end by agreement ``id`` taken back;
* ``settle`` ``{"rules": ..., "settlement": ..., "exact": ...}``: the settlement as
  computed when the table settled, with the rules in force (``exact`` is
  :func:`scoring.record.settlement_to_json`), so a settled pulka is shown from it and
  never scored again;
* ``amend`` ``{"settled": settle_id, "deal": correction}``: a correction written
  after the settlement, shown next to it;
* ``nick`` ``{"seat": s, "name": n, "user": id, "nick": k}``: the player seated as ``n``
  answers to ``k`` too (null: to his name only); a ``join`` may carry a ``"nick"``
  (the one he gave himself in the chat before), and a ``leave`` drops it.  The
  players' :attr:`~bot.model.rows.PlayerRow.nick` are read from these.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

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
from scoring import (
    Correction,
    Deal,
    PulkaState,
    Rules,
    ScoringError,
    Settlement,
    Step,
    ending,
    play,
    seating,
    settle_state,
)
from scoring.record import deal_from_json, rules_from_json, settlement_from_json

__all__ = [
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
]


@dataclass(frozen=True, slots=True)
class LiveDeal:
    """A deal in force, with the sheet before it and what it wrote.

    ``number`` is the deal's for good: its event's place among the log's deals, so a
    deal undone or deleted keeps its number and the later ones keep theirs.
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
    #: The nicknames in force, (seated name, nickname) pairs (:func:`nicknames`).
    nicks: tuple[tuple[str, str], ...] = ()
    #: How many deals the log has written, undone and deleted ones included: the last
    #: deal number given (the next deal is ``dealt + 1``).
    dealt: int = 0

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
        """The table sizes it may start at (:func:`scoring.seating.sizes_of`)."""
        return seating.sizes_of(self.row.seats)

    @property
    def seat_limit(self) -> int:
        """How many may sit: the size chosen, else four (:data:`scoring.seating.UNCHOSEN`)."""
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

    def index_of(self, live: LiveDeal) -> int:
        """Where ``live`` stands among the deals in force (0: the first), which is not
        its number once a deal before it is gone."""
        return next(i for i, d in enumerate(self.deals) if d.event.id == live.event.id)

    def deal_numbered(self, number: int) -> LiveDeal | None:
        """The deal in force of number ``number`` (None: there is none, or it is gone)."""
        return next((d for d in reversed(self.deals) if d.number == number), None)

    def deal_asked(self, number: int) -> LiveDeal:
        """The deal in force a command names by ``number``, or why there is none: undone,
        deleted, or no such number (``PulkaError``)."""
        found = self.deal_numbered(number)  # a deal keeps its number for good
        if found is not None:
            return found
        if number in self.undone:
            raise PulkaError("amend_undone_number", number=number)
        if number in self.gone:
            raise PulkaError("amend_gone_number", number=number)
        last = self.deals[-1].number if self.deals else 0  # the last one standing
        raise PulkaError("amend_no_deal", number=number, last=last)

    @property
    def gone(self) -> tuple[int, ...]:
        """The numbers of the deals taken back (undone or deleted), from the log."""
        live = {d.event.id for d in self.deals}
        deals = (e for e in self.row.events if e.kind == EventKind.DEAL)
        return tuple(n for n, e in enumerate(deals, 1) if e.id not in live)

    @property
    def undone(self) -> tuple[int, ...]:
        """The numbers of the deals taken back by /undo (the rest of :attr:`gone` were
        deleted)."""
        back = {e.payload.get("event") for e in self.row.events if e.kind == EventKind.UNDO}
        deals = (e for e in self.row.events if e.kind == EventKind.DEAL)
        return tuple(n for n, e in enumerate(deals, 1) if e.id in back)

    def seat_of(self, user_id: int | None) -> int | None:
        """The seat of the Telegram user ``user_id``, or None."""
        if user_id is None:
            return None
        return next((p.seat for p in self.players if p.user_id == user_id), None)

    def is_player(self, user_id: int | None) -> bool:
        return self.seat_of(user_id) is not None

    def called(self, user_id: int | None, fallback: str | None) -> str:
        """What the table calls the Telegram user ``user_id``: his seat's name if he
        sits here (as the sheet and the buttons name him), else ``fallback`` (his
        Telegram name), else "?"."""
        seated = next((p for p in self.players if user_id and p.user_id == user_id), None)
        return seated.name if seated is not None else fallback or "?"

    def author(self, event: EventRow) -> str:
        """Who wrote ``event``, as the table calls him (:meth:`called`)."""
        return self.called(event.author_id, event.author_name)

    def record_deals(self) -> list[Deal]:
        return [d.deal for d in self.deals]

    # --- the end, read off the log ------------------------------------------------

    @property
    def stop_point(self) -> int:
        """The id of the last event that is not an agreement nor a nickname: what the
        table agrees to stop at (a nickname changes no figure)."""
        return next((e.id for e in reversed(self.row.events) if e.kind not in _NOT_STOPS), 0)

    @property
    def agreed_seats(self) -> tuple[int, ...]:
        """Seats that agreed to stop at the current stop point, in seating order."""
        stop = self.stop_point
        seats = {
            int(e.payload.get("seat", -1))
            for e in self.marks
            if e.kind == EventKind.AGREE and e.id > stop and e.payload.get("last") == stop
        }
        return tuple(sorted(s for s in seats if 0 <= s < len(self.players)))

    @property
    def voided_offers(self) -> tuple[int, ...]:
        """The "End by agreement" messages tapped at the stop point that the last event
        moved on from (a deal written, undone or edited, a seat changed): their taps
        count no more.  None once the pulka ended (its offer tells the end)."""
        events = self.row.events
        if not self.active or not events or events[-1].kind in _NOT_STOPS:
            return ()
        before = next((e.id for e in reversed(events[:-1]) if e.kind not in _NOT_STOPS), 0)
        return self.offers_at(before)

    def offers_at(self, stop: int) -> tuple[int, ...]:
        """The "End by agreement" messages tapped to stop at event ``stop``."""
        found = {
            e.payload.get("offer")
            for e in self.marks
            if e.kind == EventKind.AGREE and e.payload.get("last") == stop
        }
        return tuple(sorted(m for m in found if isinstance(m, int)))

    @property
    def end_event(self) -> EventRow | None:
        """The end in force: the last ``end`` not taken back by a ``reopen`` since."""
        for e in reversed(self.marks):
            if e.kind == EventKind.REOPEN:
                return None
            if e.kind == EventKind.END:
                return e
        return None

    @property
    def settle_event(self) -> EventRow | None:
        """The settlement of the pulka, if it is settled (locked)."""
        return next((e for e in reversed(self.marks) if e.kind == EventKind.SETTLE), None)

    @property
    def cancelled(self) -> bool:
        return any(e.kind == EventKind.CANCEL for e in self.marks)

    @property
    def ended_by_agreement(self) -> bool:
        """Ended by agreement and not settled yet (``/undo`` can take the end back)."""
        end = self.end_event
        return (
            not self.active
            and end is not None
            and bool(end.payload.get("agreed"))
            and self.settle_event is None
        )

    @property
    def settled(self) -> bool:
        """Locked: settled by the table, or ended before settlements were written down
        (an old end at the target was its settlement)."""
        if self.settle_event is not None:
            return True
        end = self.end_event
        return not self.active and end is not None and not end.payload.get("agreed")

    @property
    def corrections_after_settling(self) -> list[tuple[EventRow, Correction]]:
        """The corrections written after the pulka was settled, oldest first.

        Each is an ``amend`` event that names no deal (no ``"event"``), so the replay
        passes it by and the sheet stays the one the table settled.
        """
        found: list[tuple[EventRow, Correction]] = []
        for e in self.marks:
            if e.kind == EventKind.AMEND and "settled" in e.payload:
                deal = deal_from_json(e.payload["deal"])
                if isinstance(deal, Correction):
                    found.append((e, deal))
        return found

    @property
    def stored_settlement(self) -> Settlement | None:
        """The settlement the table agreed (the ``settle`` event's), or None."""
        event = self.settle_event
        if event is None or "exact" not in event.payload:
            return None
        return settlement_from_json(event.payload["exact"])

    @property
    def settled_rules(self) -> Rules:
        """The rules the settlement was made under (stored with it), else the pulka's."""
        event = self.settle_event
        if event is None or not isinstance(event.payload.get("rules"), dict):
            return self.rules
        return rules_from_json(event.payload["rules"])

    @property
    def can_settle(self) -> bool:
        """The closed board's "Settle": finished at its target, or ended by agreement
        (:func:`scoring.ending.can_settle`)."""
        return self.state is not None and ending.can_settle(
            finished=self.active and self.state.finished,
            ended_by_agreement=self.ended_by_agreement,
            settled=self.settled,
            cancelled=self.cancelled,
        )

    def amended_settlement(self, until: int | None = None) -> Settlement | None:
        """The results with the corrections after settling (up to event ``until``)
        written onto the settled sheet, under the rules it was settled by
        (:func:`scoring.ending.amended_settlement`); None without such corrections.
        The agreed settlement itself is never scored again."""
        fixes = [d for e, d in self.corrections_after_settling if until is None or e.id <= until]
        if not fixes or self.state is None:
            return None
        rules = self.settled_rules
        return ending.amended_settlement(
            self.names,
            rules,
            self.record_deals(),
            fixes,
            state=self.state if rules == self.rules else None,
        )


class PulkaError(Exception):
    """A write refused for a reason the players can fix; ``key`` names the message."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


#: A player's word shown back in an error is cut to this many characters: Fluent
#: renders a placeable longer than about 2,500 characters as ``{???}``.
TOKEN_LIMIT = 40


class ParseError(ValueError):
    """Input the bot cannot accept; ``key`` and ``params`` select the message.

    ``form`` says which usage hint to show (``game``, ``misere``, ``raspasy``,
    ``newpulka`` ...).
    """

    def __init__(self, key: str, form: str = "", **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.form = form
        #: The table it was said at (its players' names, and the sheet for the next
        #: deal's seating): the usage hint's example is written with them.
        self.players: Sequence[str] = ()
        self.state: PulkaState | None = None
        token = params.get("token")
        if isinstance(token, str) and len(token) > TOKEN_LIMIT:
            params["token"] = token[: TOKEN_LIMIT - 1] + "…"
        self.params = params


class AmendBreaks(Exception):
    """An amendment that would make a later deal impossible: which one, and why."""

    def __init__(self, table: Table, broken: LiveDeal, error: ScoringError) -> None:
        super().__init__(broken.number)
        self.table = table
        self.broken = broken
        self.error = error


@dataclass(frozen=True, slots=True)
class Author:
    """Who entered something: a Telegram user id and display name."""

    user_id: int | None
    name: str


@dataclass(frozen=True, slots=True)
class Sitter:
    """Someone to seat: a Telegram user (``user_id``) or a guest (None)."""

    name: str
    user_id: int | None
    username: str | None = None


@dataclass(frozen=True, slots=True)
class Written:
    """The outcome of a write: the table after it, and whether it was a repeat.

    ``event`` is what was written (for a repeat: what the first delivery wrote),
    ``before`` the table before it (None for a repeat), so nothing re-reads.
    """

    table: Table
    duplicate: bool = False
    event_id: int = 0
    event: EventRow | None = None
    before: Table | None = None


DEAL, UNDO, AMEND = EventKind.DEAL, EventKind.UNDO, EventKind.AMEND
#: Events an agreement to stop does not stop at (:attr:`Table.stop_point`).
_NOT_STOPS = (EventKind.AGREE, EventKind.NICK)
#: Events that give or take a nickname (:func:`nicknames`).
_NAMING = (EventKind.JOIN, EventKind.NICK, EventKind.LEAVE)


def nicknames(
    before: tuple[tuple[str, str], ...], events: Sequence[EventRow]
) -> tuple[tuple[str, str], ...]:
    """The nicknames in force after ``events``, ``before`` being those before them: a
    ``nick`` gives one (or takes it back), a ``join`` gives the one it carries (or none),
    a ``leave`` takes the leaver's.

    >>> def e(kind, **payload):
    ...     return EventRow(0, 1, 1, EventKind(kind), payload, None, None, None, None, "")
    >>> nicknames((), [e("join", name="Борис", nick="Боря"), e("nick", name="Анна", nick="Аня")])
    (('Борис', 'Боря'), ('Анна', 'Аня'))
    >>> nicknames((("Борис", "Боря"),), [e("nick", name="Борис", nick=None)])
    ()
    """
    if not any(e.kind in _NAMING for e in events):
        return before
    found = dict(before)
    for e in events:
        if e.kind not in _NAMING or not isinstance(who := e.payload.get("name"), str):
            continue
        nick = e.payload.get("nick") if e.kind != EventKind.LEAVE else None
        if isinstance(nick, str) and nick:
            found[who] = nick
        else:
            found.pop(who, None)
    return tuple(found.items())


def _nicknamed(
    players: tuple[PlayerRow, ...], nicks: tuple[tuple[str, str], ...]
) -> tuple[PlayerRow, ...]:
    """``players`` with the nicknames ``nicks`` gives them."""
    if not nicks and all(p.nick is None for p in players):
        return players
    by_name = dict(nicks)
    return tuple(replace(p, nick=by_name.get(p.name)) for p in players)


def shown_settlement(table: Table) -> Settlement | None:
    """What the archive shows: the stored settlement, or (not settled) the sheet's now."""
    stored = table.stored_settlement
    if stored is not None:
        return stored
    return None if table.state is None else settle_state(table.state)


def _seated(row: PulkaRow) -> bool:
    return len(row.players) in seating.sizes_of(row.seats)


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
    nicks = nicknames(table.nicks, events)
    players = _nicknamed(players, nicks)
    row = replace(table.row, players=players, status=status, events=table.row.events + events)
    marks = table.marks + tuple(e for e in events if e.kind != DEAL)
    dealt = table.dealt
    if not _seated(row):
        dealt += sum(e.kind == DEAL for e in events)
        return Table(row, table.rules, (), None, marks, nicks, dealt)
    state = table.state
    deals = list(table.deals)
    if state is None or tuple(state.players) != tuple(p.name for p in players):
        # Seated just now (or a seat changed): replay every deal of the log.
        state = PulkaState.new(tuple(p.name for p in players), table.rules)
        deals = []
        events = row.events
        dealt = 0
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
        if event.kind == DEAL:
            dealt += 1  # its number, whether it is in force or not
            amend = amends.get(event.id)
            form = event.payload if amend is None else amend.payload.get("deal")
            if event.id in undone or form is None:
                continue  # undone, or deleted
            deal = deal_from_json(form)
            step = play(state, deal)
            deals.append(LiveDeal(dealt, event, deal, state, step, amend))
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
    return Table(row, table.rules, tuple(deals), state, marks, nicks, dealt)


def with_deal(table: Table, event: EventRow, deal: Deal, step: Step) -> Table:
    """``table`` with the deal of ``event`` written on it, ``step`` being
    ``play(table.state, deal)`` as its write checked it: :func:`advance` for one new
    deal, without playing it a second time."""
    assert table.state is not None  # a deal is written only on a seated table
    row = replace(table.row, events=(*table.row.events, event))
    live = LiveDeal(table.dealt + 1, event, deal, table.state, step, None)
    deals = (*table.deals, live)
    return Table(row, table.rules, deals, step.state, table.marks, table.nicks, table.dealt + 1)


def table_at(table: Table, event_id: int) -> Table:
    """The table as it was once event ``event_id`` was played (a replay of the log up
    to it, with today's seating and status: for answers about a past write)."""
    row = replace(table.row, events=tuple(e for e in table.row.events if e.id <= event_id))
    return build_table(row)


def live_forms(table: Table, until: int) -> list[tuple[int, int, dict[str, Any]]]:
    """The deals in force just before event ``until`` (their numbers, event ids and
    stored forms, in order), from the log alone: nothing is played."""
    live: list[tuple[int, int, dict[str, Any]]] = []
    dealt = 0
    for event in table.row.events:
        if event.id >= until:
            break
        if event.kind == DEAL:
            dealt += 1
            live.append((dealt, event.id, event.payload))
        elif event.kind in (UNDO, AMEND):
            target = event.payload.get("event")
            at = next((i for i, (_, e, _) in enumerate(live) if e == target), None)
            if at is None:
                continue
            form = event.payload.get("deal") if event.kind == AMEND else None
            if form is None:
                del live[at]
            else:
                live[at] = (*live[at][:2], form)
    return live


def undone_deal(table: Table, undo: EventRow) -> tuple[int, Deal] | None:
    """The deal ``undo`` cancelled, with its number (from the log alone).

    Lets a repeated undo answer what it did the first time, though the deal is gone.
    """
    target = undo.payload.get("event")
    for number, event_id, form in live_forms(table, undo.id):
        if event_id == target:
            return number, deal_from_json(form)
    return None


def amended_deal(table: Table, amend: EventRow) -> tuple[int, Deal, Deal | None] | None:
    """What amendment ``amend`` changed: the deal's number, its form before, and
    its new form (None: deleted); from the log alone, so a repeat answers the same."""
    target = amend.payload.get("event")
    for number, event_id, form in live_forms(table, amend.id):
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
    for later in table.deals[table.index_of(target) + 1 :]:
        try:
            state = play(state, later.deal).state
        except ScoringError as e:
            raise AmendBreaks(table, later, e) from None
