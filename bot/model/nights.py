"""A chat's nights: every settled pulka of the chat, the one reader that statistics,
the rating and the debts stand on, so they agree on which pulkas count and who sat where.

A night is a settled pulka (a ``settle`` event, or an old end at the target),
ordered by when it was settled, then by pulka id.  A Telegram user is one
:class:`Person` under every name he played; a guest is one person per name (case
aside), and a guest name a Telegram user claimed anywhere in the chat counts as him.
The nights are read by :mod:`bot.actions.nights`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.model import Table
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
    #: The settlement the table agreed (stored with the ``settle`` event, never rescored).
    agreed: Settlement
    #: ``agreed`` with the corrections written after settling: what is owed now.
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


def agreed_settlement(table: Table) -> Settlement | None:
    """The settlement the table agreed; None for a pulka not settled (or cancelled)."""
    if not table.settled or table.cancelled or table.state is None:
        return None
    return table.stored_settlement or settle_state(table.state)
