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
  after settling (:meth:`bot.model.Table.amended_settlement`): what is owed now.

The nights are read by :mod:`bot.actions.nights`; here is what one is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.model import Table
from scoring import Settlement


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


def seated(table: Table, claimed: Mapping[str, int]) -> tuple[Person, ...]:
    """Who played each seat of ``table``; ``claimed``: the chat's guest names a Telegram
    user claimed (guest key -> user)."""
    found = []
    for p in table.players:
        user = p.user_id if p.user_id is not None else claimed.get(guest_key(p.name))
        if user is not None:
            found.append(Person(user_key(user), p.name, user))
        else:
            found.append(Person(guest_key(p.name), " ".join(p.name.split())))
    return tuple(found)
