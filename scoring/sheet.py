"""The sheet (пулька): pulka, mountain and whists of every player.

Values are ``int`` while they are whole and :class:`~fractions.Fraction`
otherwise, so exact arithmetic costs nothing in the common case.

>>> s = Sheet.empty(("A", "B", "C"))
>>> s = s.plus(Writes.zero(3).add_pulka(0, 2).add_whists(1, 0, 8))
>>> s.pulka, s.whists_on(1, 0)
((2, 0, 0), 8)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from operator import add

Number = int | Fraction


def norm(x: Number) -> Number:
    """``Fraction(4, 2)`` -> ``2``: keep whole numbers as ``int``."""
    if isinstance(x, Fraction) and x.denominator == 1:
        return x.numerator
    return x


def divide(a: Number, b: Number) -> Number:
    """``a / b`` exactly, kept an ``int`` when it is whole (as :func:`norm` keeps it).

    >>> divide(6, 2), divide(-3, 2), divide(3, Fraction(1, 2)), divide(Fraction(9, 2), 3)
    (3, Fraction(-3, 2), 6, Fraction(3, 2))
    """
    # No remainder: the quotient is the whole answer, and no Fraction is built.
    quotient, rest = divmod(a, b)
    return quotient if rest == 0 else Fraction(a) / b


@dataclass(frozen=True, slots=True)
class Writes:
    """What one deal writes: deltas of pulka, mountain and whists.

    ``whists`` is flat, ``whists[i * n + j]`` is written by player ``i`` on
    player ``j``.  ``help`` lists (helper, helped, points) given by rule 4.2.3.
    """

    pulka: tuple[Number, ...]
    mountain: tuple[Number, ...]
    whists: tuple[Number, ...]
    help: tuple[tuple[int, int, Number], ...] = ()

    @classmethod
    def zero(cls, n: int) -> Writes:
        return cls((0,) * n, (0,) * n, (0,) * (n * n))

    @property
    def n(self) -> int:
        return len(self.pulka)

    def add_pulka(self, i: int, amount: Number) -> Writes:
        return dataclasses.replace(self, pulka=_bump(self.pulka, i, amount))

    def add_mountain(self, i: int, amount: Number) -> Writes:
        return dataclasses.replace(self, mountain=_bump(self.mountain, i, amount))

    def add_whists(self, writer: int, on: int, amount: Number) -> Writes:
        return dataclasses.replace(self, whists=_bump(self.whists, writer * self.n + on, amount))

    def whists_on(self, writer: int, on: int) -> Number:
        return self.whists[writer * self.n + on]


@dataclass(frozen=True, slots=True)
class Sheet:
    """Totals as written on the paper: the same shape as :class:`Writes`."""

    players: tuple[str, ...]
    pulka: tuple[Number, ...]
    mountain: tuple[Number, ...]
    whists: tuple[Number, ...]

    @classmethod
    def empty(cls, players: tuple[str, ...]) -> Sheet:
        n = len(players)
        return cls(tuple(players), (0,) * n, (0,) * n, (0,) * (n * n))

    @property
    def n(self) -> int:
        return len(self.players)

    def whists_on(self, writer: int, on: int) -> Number:
        """Whists ``writer`` has written on ``on``."""
        return self.whists[writer * self.n + on]

    def whists_by(self, writer: int) -> dict[str, Number]:
        """What ``writer`` has written on each opponent, by name."""
        return {
            name: self.whists_on(writer, j) for j, name in enumerate(self.players) if j != writer
        }

    def plus(self, w: Writes) -> Sheet:
        """This sheet with a deal's writes added."""
        return Sheet(
            self.players,
            _add(self.pulka, w.pulka),
            _add(self.mountain, w.mountain),
            _add(self.whists, w.whists),
        )


def _add(a: tuple[Number, ...], b: tuple[Number, ...]) -> tuple[Number, ...]:
    # int + int stays int; a Fraction equal to a whole number compares equal
    # to it, so the sums are not normalised.
    if not any(b):
        return a
    return tuple(map(add, a, b))


def _bump(t: tuple[Number, ...], i: int, amount: Number) -> tuple[Number, ...]:
    return (*t[:i], norm(t[i] + amount), *t[i + 1 :])
