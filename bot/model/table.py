"""A pulka as the players see it: its seating, its rules, the deals in force, its end.

A :class:`Table` is the replay of a pulka's log (:func:`bot.model.replay.build_table`).
Besides the sheet it reads off the log what the evening around the deals wrote, each
an event kind whose payload is described here:

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
  after the settlement, shown next to it.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.model.rows import EventKind, EventRow, PlayerRow, PulkaRow
from scoring import Correction, Deal, PulkaState, Rules, Settlement, Step, ending, seating
from scoring.record import deal_from_json, rules_from_json, settlement_from_json

#: The table sizes of a pulka whose size nobody chose: three, and a fourth may join
#: before the first deal.  Two (hussar) and five sit only when chosen (the settings
#: message's size button, ``/newpulka вдвоём|впятером``), so that two who join do not
#: start a hussar table and a fifth ``/join`` is refused.
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


@dataclass(frozen=True, slots=True)
class LiveDeal:
    """A deal in force, with the sheet before it and what it wrote.

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

    def seat_of(self, user_id: int | None) -> int | None:
        """The seat of the Telegram user ``user_id``, or None."""
        if user_id is None:
            return None
        return next((p.seat for p in self.players if p.user_id == user_id), None)

    def is_player(self, user_id: int | None) -> bool:
        return self.seat_of(user_id) is not None

    def record_deals(self) -> list[Deal]:
        return [d.deal for d in self.deals]

    # --- the end, read off the log ------------------------------------------------

    @property
    def stop_point(self) -> int:
        """The id of the last event that is not an agreement: what the table agrees to
        stop at."""
        return next((e.id for e in reversed(self.row.events) if e.kind != EventKind.AGREE), 0)

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
