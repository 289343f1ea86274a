"""A chat's nights: every settled pulka of the chat, read back from its log, in order.

Statistics, the rating and the debts between nights all stand on this one reader,
so they agree on which pulkas count, who sat where and what each one won:

* a *night* is a pulka of the chat (any forum topic) that was settled: a ``settle``
  event, or an old end at the target (its settlement was the end).  Cancelled,
  running and ended-but-unsettled pulkas are not nights yet;
* the nights are ordered by when they were settled (then by pulka id);
* each player is a :class:`Person`: a Telegram user is one person under every name
  he played, a guest is one person per name (case aside), and a guest name that a
  Telegram user claimed anywhere in the chat (a ``claim`` event) counts as that
  user in every night of the chat;
* ``agreed`` is the settlement as the table agreed it (stored with the ``settle``
  event, never scored again) and ``final`` the same with the corrections written
  after settling (:func:`bot.store.ending.amended_settlement`): what is owed now.

Nothing is stored for these: they are the replay of the logs, so an amended pulka
changes every figure built on it exactly, as if it had been so from the start.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import dataclass

from bot.store import ending
from bot.store.db import EventKind, PulkaStatus, Tx
from bot.store.tables import Table, build_table
from scoring import Settlement, settle_state


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
    table: Table
    #: When it was settled (ISO 8601, UTC).
    settled_at: str
    #: The player of each seat, in seating order.
    people: tuple[Person, ...]
    #: The settlement the table agreed.
    agreed: Settlement
    #: ``agreed`` with the corrections written after settling; ``agreed`` without any.
    final: Settlement
    #: The ``settle`` event's id (None: an old pulka ended at its target).
    settle_id: int | None

    @property
    def pulka_id(self) -> int:
        return self.table.id

    def seat_of(self, key: str) -> int | None:
        """The seat ``key`` played in this night, or None."""
        return next((i for i, p in enumerate(self.people) if p.key == key), None)


def guest_key(name: str) -> str:
    return "g:" + " ".join(name.split()).casefold()


def user_key(user_id: int) -> str:
    return f"u{user_id}"


class Kept:
    """The replayed tables of finished pulkas, each with the id of its last event.

    Statistics, the rating (on every settlement while it is shown) and the debts read
    every night of a chat; replaying each log on every request costs milliseconds per
    pulka, so a table is kept until its log grows (a payment confirmed, a correction).
    Bounded: a 30-deal table is some 60 KiB.
    """

    def __init__(self, size: int = 128) -> None:
        self.size = size
        self._tables: OrderedDict[int, Table] = OrderedDict()

    def get(self, pulka_id: int, last: int) -> Table | None:
        table = self._tables.get(pulka_id)
        if table is None or table.last_event_id != last:
            return None
        self._tables.move_to_end(pulka_id)
        return table

    def put(self, table: Table) -> None:
        self._tables[table.id] = table
        self._tables.move_to_end(table.id)
        while len(self._tables) > self.size:
            self._tables.popitem(last=False)


async def chat_nights(tx: Tx, chat_id: int, kept: Kept | None = None) -> list[Night]:
    """Every settled pulka of the chat, oldest settlement first (see the module);
    the tables of ``kept`` are used while their logs have not grown."""
    cur = await tx.conn.execute(
        "SELECT p.id, (SELECT max(e.id) FROM events e WHERE e.pulka_id = p.id) AS last "
        "FROM pulkas p WHERE p.chat_id = ? AND p.status = ? ORDER BY p.id",
        (chat_id, PulkaStatus.ARCHIVED),
    )
    heads = [(int(r["id"]), int(r["last"] or 0)) for r in await cur.fetchall()]
    found: list[tuple[str, int, Table, Settlement, Settlement, int | None]] = []
    claimed = await claims(tx, chat_id)
    for pulka_id, last in heads:
        table = None if kept is None else kept.get(pulka_id, last)
        if table is None:
            row = await tx.load(pulka_id)
            if row is None:
                continue
            table = build_table(row)
            if kept is not None:
                kept.put(table)
        if ending.cancelled(table) or not ending.settled(table) or table.state is None:
            continue
        settle = ending.settle_event(table)
        agreed = ending.stored_settlement(table) or settle_state(table.state)
        final = ending.amended_settlement(table) or agreed
        when = settle.created_at if settle is not None else _ended_at(table)
        found.append((when, pulka_id, table, agreed, final, None if settle is None else settle.id))
    found.sort(key=lambda f: (f[0], f[1]))
    names: dict[str, str] = {}  # the name each person last played under
    nights: list[Night] = []
    for number, (when, _, table, agreed, final, settle_id) in enumerate(found, 1):
        people = seated(table, claimed)
        for p in people:
            names[p.key] = p.name
        nights.append(Night(number, table, when, people, agreed, final, settle_id))
    # Everyone under the name last played, in every night (a renamed user stays one row).
    return [
        Night(
            n.number,
            n.table,
            n.settled_at,
            tuple(Person(p.key, names[p.key], p.user_id) for p in n.people),
            n.agreed,
            n.final,
            n.settle_id,
        )
        for n in nights
    ]


async def claims(tx: Tx, chat_id: int) -> dict[str, int]:
    """Guest names claimed by a Telegram user anywhere in the chat, in any pulka (guest
    key -> user); a later claim of the same name wins."""
    cur = await tx.conn.execute(
        "SELECT e.payload FROM events e JOIN pulkas p ON p.id = e.pulka_id "
        "WHERE p.chat_id = ? AND e.kind = ? ORDER BY e.id",
        (chat_id, EventKind.CLAIM),
    )
    found: dict[str, int] = {}
    for row in await cur.fetchall():
        payload = json.loads(row["payload"])
        name, user = payload.get("name"), payload.get("user")
        if isinstance(name, str) and isinstance(user, int):
            found[guest_key(name)] = user
    return found


def seated(table: Table, claimed: dict[str, int]) -> tuple[Person, ...]:
    """Who played each seat of ``table``, ``claimed`` being the chat's :func:`claims`."""
    found = []
    for p in table.players:
        user = p.user_id if p.user_id is not None else claimed.get(guest_key(p.name))
        if user is not None:
            found.append(Person(user_key(user), p.name, user))
        else:
            found.append(Person(guest_key(p.name), " ".join(p.name.split())))
    return tuple(found)


def _ended_at(table: Table) -> str:
    end = ending.end_event(table)
    return end.created_at if end is not None else table.row.events[-1].created_at
