"""A chat's nights: every settled pulka of the chat, the one reader that statistics,
the rating and the debts stand on, so they agree on which pulkas count and who sat where.

A night is a settled pulka (a ``settle`` event, or an old end at the target),
ordered by when it was settled, then by pulka id.  A Telegram user is one
:class:`Person` under every name he played; a guest is one person per name (case
aside), and a guest name a Telegram user claimed anywhere in the chat counts as him.
The nights are read by :mod:`bot.actions.nights`.

What a night contributes is its :class:`NightSheet`: the seats, the rules it was
settled by, the agreed and the final settlement, each seat's tally and the payments
confirmed.  It is made from the replayed pulka once (:func:`night_sheet`) and stored
(:func:`sheet_to_json`), so that a chat's hundreds of nights are read, not replayed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from decimal import Decimal
from typing import Any

from bot.model import Table
from bot.model.rows import EventKind, EventRow, PlayerRow
from scoring import Settlement, seating, settle_state
from scoring.deals import Correction
from scoring.record import settlement_from_json, settlement_to_json
from scoring.tally import Tally, count, facts

#: The events of a settled pulka a night keeps: the payments confirmed.
MARKS = (EventKind.PAID, EventKind.RECEIVED)
#: The stored form's version: a summary of another version is made again (version 1
#: wrote the settlements in full and each tally as an object).
SHEET_VERSION = 2


@dataclass(frozen=True, slots=True)
class NightSheet:
    """What one settled pulka contributes to the chat's nights (see the module)."""

    pulka_id: int
    thread_id: int
    #: The last event of the pulka's log it was made from: a later event (a correction,
    #: an amendment, a payment confirmed) makes it stale.
    last_event_id: int
    #: When it was settled (ISO 8601, UTC).
    settled_at: str
    #: The ``settle`` event's id (None: an old pulka ended at its target).
    settle_id: int | None
    players: tuple[PlayerRow, ...]
    #: The currency and the stake it was settled at.
    currency: str
    stake: Decimal
    #: The settlement the table agreed (stored with the ``settle`` event, never rescored).
    agreed: Settlement
    #: ``agreed`` with the corrections written after settling: what is owed now.
    final: Settlement
    #: What the deals add to each seat's player, but the ones he sat out.
    tallies: tuple[Tally, ...]
    #: The ``paid`` and ``received`` events, oldest first.
    marks: tuple[EventRow, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)


@dataclass(frozen=True, slots=True)
class Person:
    """Who played a seat, across nights: ``key`` is stable (``u<id>`` for a Telegram
    user, ``g:<name casefolded>`` for a guest), ``name`` the name last played under."""

    key: str
    name: str
    user_id: int | None = None


@dataclass(frozen=True, slots=True)
class Night:
    """One settled pulka of the chat."""

    #: 1 for the chat's first settled pulka, in the order they were settled.
    number: int
    sheet: NightSheet
    #: The player of each seat, in seating order.
    people: tuple[Person, ...]

    @property
    def pulka_id(self) -> int:
        return self.sheet.pulka_id

    @property
    def thread_id(self) -> int:
        return self.sheet.thread_id

    @property
    def settled_at(self) -> str:
        return self.sheet.settled_at

    @property
    def settle_id(self) -> int | None:
        return self.sheet.settle_id

    @property
    def names(self) -> tuple[str, ...]:
        return self.sheet.names

    @property
    def players(self) -> tuple[PlayerRow, ...]:
        return self.sheet.players

    def called(self, user_id: int | None, fallback: str | None) -> str:
        """What this night's table called the Telegram user ``user_id``: the name he
        played under, else ``fallback`` (his Telegram name), else "?"."""
        seated = next((p for p in self.people if user_id and p.user_id == user_id), None)
        return seated.name if seated is not None else fallback or "?"

    @property
    def currency(self) -> str:
        return self.sheet.currency

    @property
    def stake(self) -> Decimal:
        return self.sheet.stake

    @property
    def agreed(self) -> Settlement:
        return self.sheet.agreed

    @property
    def final(self) -> Settlement:
        return self.sheet.final

    def seat_of(self, key: str) -> int | None:
        """The seat ``key`` played in this night, or None."""
        return next((i for i, p in enumerate(self.people) if p.key == key), None)


def guest_key(name: str) -> str:
    return "g:" + " ".join(name.split()).casefold()


def user_key(user_id: int) -> str:
    return f"u{user_id}"


def seated(players: Iterable[PlayerRow], claimed: Mapping[str, int]) -> tuple[Person, ...]:
    """Who played each of the seats ``players``; ``claimed``: the chat's guest names a
    Telegram user claimed (guest key -> user)."""
    found = []
    for p in players:
        user = p.user_id if p.user_id is not None else claimed.get(guest_key(p.name))
        if user is not None:
            found.append(Person(user_key(user), p.name, user))
        else:
            found.append(Person(guest_key(p.name), " ".join(p.name.split())))
    return tuple(found)


def agreed_settlement(table: Table) -> Settlement | None:
    """The settlement the table agreed; None for a pulka not settled (or cancelled)."""
    if not table.settled or table.cancelled or table.state is None:
        return None
    return table.stored_settlement or settle_state(table.state)


def night_sheet(table: Table) -> NightSheet | None:
    """What the replayed ``table`` contributes as a night; None if it is not one."""
    agreed = agreed_settlement(table)
    if agreed is None:
        return None
    event = table.settle_event or table.end_event
    settled_at = event.created_at if event is not None else table.row.events[-1].created_at
    settle = table.settle_event
    return NightSheet(
        pulka_id=table.id,
        thread_id=table.row.thread_id,
        last_event_id=table.last_event_id,
        settled_at=settled_at,
        settle_id=None if settle is None else settle.id,
        players=table.players,
        currency=table.settled_rules.currency,
        stake=table.settled_rules.stake,
        agreed=agreed,
        final=table.amended_settlement() or agreed,
        tallies=tuple(_tally(table, seat) for seat in range(len(table.players))),
        marks=tuple(e for e in table.marks if e.kind in MARKS),
    )


def _tally(table: Table, seat: int) -> Tally:
    """What the deals of ``table`` add to the player of ``seat``, but the ones he sat out."""
    n = len(table.names)
    name = table.names[seat]
    total = Tally()
    for live in table.deals:
        if isinstance(live.deal, Correction):
            continue
        # The deal's dealer is the one it was written with: the engine moves on from him.
        dealer = seating.previous_dealer(n, live.step.state.next_dealer)
        if seat not in seating.sitting_out(n, dealer, live.before.rules):
            total += count(facts(live.deal, live.before.rules), name)
    return total


def sheet_to_json(sheet: NightSheet) -> dict[str, Any]:
    """``sheet`` as stored: every figure exact (the settlements as
    :func:`scoring.record.settlement_to_json` writes them compact), each tally as the
    list of its fields in order: a chat's hundreds of summaries are read at once."""
    return {
        "version": SHEET_VERSION,
        "thread_id": sheet.thread_id,
        "settled_at": sheet.settled_at,
        "settle_id": sheet.settle_id,
        "players": [[p.seat, p.name, p.user_id, p.username] for p in sheet.players],
        "currency": sheet.currency,
        "stake": str(sheet.stake),
        "agreed": settlement_to_json(sheet.agreed, compact=True),
        # Most nights have no correction after settling: read once, not twice.
        "final": None
        if sheet.final == sheet.agreed
        else settlement_to_json(sheet.final, compact=True),
        "tallies": [_tally_to_json(t) for t in sheet.tallies],
        "marks": [
            [e.id, e.seq, e.kind.value, e.payload, e.author_id, e.author_name, e.created_at]
            for e in sheet.marks
        ],
    }


def sheet_from_json(pulka_id: int, last_event_id: int, d: dict[str, Any]) -> NightSheet | None:
    """:func:`sheet_to_json` read back; None if it is of another version (made again)."""
    if d.get("version") != SHEET_VERSION:
        return None
    agreed = settlement_from_json(d["agreed"])
    return NightSheet(
        pulka_id=pulka_id,
        thread_id=int(d["thread_id"]),
        last_event_id=last_event_id,
        settled_at=str(d["settled_at"]),
        settle_id=d["settle_id"],
        players=tuple(PlayerRow(*p) for p in d["players"]),
        currency=str(d["currency"]),
        stake=Decimal(d["stake"]),
        agreed=agreed,
        final=agreed if d["final"] is None else settlement_from_json(d["final"]),
        tallies=tuple(_tally_from_json(t) for t in d["tallies"]),
        marks=tuple(
            EventRow(i, pulka_id, seq, EventKind(kind), payload, author, name, None, None, at)
            for i, seq, kind, payload, author, name, at in d["marks"]
        ),
    )


#: The fields of a tally, in the order its stored list has them.
_TALLY_FIELDS = tuple(f.name for f in fields(Tally))


def _tally_to_json(t: Tally) -> list[Any]:
    return [getattr(t, name) for name in _TALLY_FIELDS]


def _tally_from_json(values: list[Any]) -> Tally:
    given: list[Any] = [tuple(v) if type(v) is list else v for v in values]
    return Tally(*given)
