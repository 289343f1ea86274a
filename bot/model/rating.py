"""The chat's rating: the bot's own Elo-like rating, one game per pair of players a night.

No rule of the game (the Code has no rating): computed from the chat's nights and
stored nowhere.  Everyone starts at :data:`START`; each night, oldest first, every pair
of its players is one game, won, drawn or lost by their ``final`` results, and a
player moves by K / (n - 1) * sum(S - E) over his n - 1 opponents, E taken from the
ratings before the night: a night against several opponents moves a rating as much
as one Elo game.  Being a replay, a correction after settling changes every later
rating as if it had been so from the start.  The floats are summed in seating order
(the same nights give the same figures) and shown rounded half up (:func:`points`);
a change is shown as the difference of the shown ratings, so they add up.

>>> from dataclasses import dataclass
>>> @dataclass
... class _S:
...     results: tuple[int, ...]
>>> @dataclass
... class _N:
...     number: int
...     people: tuple[Person, ...]
...     final: _S
>>> a, b, c = Person("a", "Anna"), Person("b", "Boris"), Person("c", "Vera")
>>> r = rate([_N(1, (a, b, c), _S((10, -20, 10)))])  # type: ignore[list-item]
>>> [(s.person.name, points(s.rating), s.place) for s in r.standings]
[('Anna', 1508, 1), ('Vera', 1508, 1), ('Boris', 1484, 3)]
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bot.model.nights import Night, Person

#: Everyone's rating before his first night.
START = 1500.0
#: The most a rating moves in one night (against everyone, all won, all expected lost).
K = 32.0
#: The Elo scale: 400 points of difference make the stronger ten times as likely to win.
SCALE = 400.0


def points(rating: float) -> int:
    """A rating as shown: whole points, rounded half up (``1515.5`` -> ``1516``)."""
    return math.floor(rating + 0.5)


def expected(mine: float, theirs: float) -> float:
    """E: the expected score of a player rated ``mine`` against one rated ``theirs``.

    >>> expected(1500, 1500), round(expected(1900, 1500), 4)
    (0.5, 0.9091)
    """
    return 1.0 / (1.0 + 10.0 ** ((theirs - mine) / SCALE))


@dataclass(frozen=True, slots=True)
class Change:
    """One player's rating in one night: before and after it."""

    person: Person
    before: float
    after: float

    @property
    def shown(self) -> int:
        """The change as shown: the difference of the shown ratings."""
        return points(self.after) - points(self.before)


@dataclass(frozen=True, slots=True)
class RatedNight:
    """A night and what it changed, one :class:`Change` per player in seating order."""

    night: Night
    changes: tuple[Change, ...]


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's line of the table: rating now, nights played, his last night's change."""

    place: int
    person: Person
    rating: float
    nights: int
    last: Change


@dataclass(frozen=True, slots=True)
class Ratings:
    """The replay of the chat's nights: every night rated, and the table now."""

    nights: tuple[RatedNight, ...]
    #: Best first; players of the same shown rating share a place.
    standings: tuple[Standing, ...]

    def history(self, key: str) -> list[tuple[RatedNight, Change]]:
        """The nights the person ``key`` played, oldest first, with his change in each."""
        return [(n, c) for n in self.nights for c in n.changes if c.person.key == key]

    def of(self, key: str) -> Standing | None:
        """The standing of the person ``key``, or None."""
        return next((s for s in self.standings if s.person.key == key), None)

    def of_pulka(self, pulka_id: int) -> RatedNight | None:
        """The night of pulka ``pulka_id``, if it is one."""
        return next((n for n in self.nights if n.night.pulka_id == pulka_id), None)

    @property
    def last(self) -> RatedNight | None:
        return self.nights[-1] if self.nights else None


def rate(nights: Sequence[Night]) -> Ratings:
    """Replay ``nights`` (oldest first, as :func:`bot.actions.nights.chat_nights` gives
    them) into ratings (see the module)."""
    ratings: dict[str, float] = {}
    played: dict[str, int] = {}
    people: dict[str, Person] = {}
    last: dict[str, Change] = {}
    rated: list[RatedNight] = []
    for night in nights:
        # One person per key: a person in two seats (a guest seat later claimed by a
        # player of the same pulka) plays with the two seats' results together.
        results: dict[str, Fraction] = defaultdict(Fraction)  # in seating order
        for person, result in zip(night.people, night.final.results, strict=True):
            results[person.key] += result
            people[person.key] = person
        before = {k: ratings.get(k, START) for k in results}
        weight = K / (len(results) - 1) if len(results) > 1 else 0.0
        changes = []
        for k, mine in results.items():
            total = sum(
                (1.0 if mine > theirs else 0.5 if mine == theirs else 0.0)
                - expected(before[k], before[other])
                for other, theirs in results.items()
                if other != k
            )
            change = Change(people[k], before[k], before[k] + weight * total)
            changes.append(change)
            ratings[k] = change.after
            played[k] = played.get(k, 0) + 1
            last[k] = change
        rated.append(RatedNight(night, tuple(changes)))
    order = sorted(ratings, key=lambda k: (-points(ratings[k]), people[k].name.casefold(), k))
    standings: list[Standing] = []
    for i, k in enumerate(order):
        shared = standings and points(standings[-1].rating) == points(ratings[k])
        place = standings[-1].place if shared else i + 1
        standings.append(Standing(place, people[k], ratings[k], played[k], last[k]))
    return Ratings(tuple(rated), tuple(standings))
