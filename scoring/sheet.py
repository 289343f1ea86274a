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
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from operator import add
from typing import Any

Number = int | Fraction


def norm(x: Number) -> Number:
    """``Fraction(4, 2)`` -> ``2``: keep whole numbers as ``int``."""
    if x.__class__ is int:  # the common case, and isinstance() on ABCs is slow
        return x
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


def slot_setters(cls: type, names: tuple[str, ...]) -> tuple[Callable[[Any, Any], None], ...]:
    """The slot setters of a frozen dataclass's fields, for a builder on a hot path.

    A frozen dataclass's ``__init__`` sets each field through
    ``object.__setattr__``, about 0.3 us a field here: a deal builds four such
    values (17 fields), which was a quarter of a replay.  The slot's own
    setter skips the frozen check and the name lookup.  ``names`` must be the
    fields in order, so a field added later fails here, not silently.
    """
    fields = tuple(f.name for f in dataclasses.fields(cls))
    if fields != names:
        raise TypeError(f"{cls.__name__} fields are {fields}, not {names}")
    return tuple(cls.__dict__[name].__set__ for name in names)


def twin(cls: type, names: tuple[str, ...]) -> type:
    """A plain class with the slots of frozen dataclass ``cls``, to build one faster.

    An instance of the twin takes ordinary attribute stores, which are the
    interpreter's fastest (a slot setter is a call, several times slower), and
    then becomes a ``cls`` by assigning ``__class__``: the two have the same
    slots in the same order, so Python allows it, and what is left is an
    ordinary, frozen ``cls``, equal to the one its constructor builds.
    ``names`` must be the fields in order, as for :func:`slot_setters`.

    >>> T = twin(Writes, ("pulka", "mountain", "whists", "help"))
    >>> w = T()
    >>> w.pulka, w.mountain, w.whists, w.help = (1, 0, 0), (0, 0, 0), (0,) * 9, ()
    >>> w.__class__ = Writes
    >>> w == Writes.zero(3).add_pulka(0, 1), type(w) is Writes
    (True, True)
    """
    fields = tuple(f.name for f in dataclasses.fields(cls))
    if fields != names:
        raise TypeError(f"{cls.__name__} fields are {fields}, not {names}")
    if getattr(cls, "__slots__", None) != names or "__weakref__" in dir(cls):
        raise TypeError(f"{cls.__name__} must have exactly the slots {names}")
    return type(f"_{cls.__name__}Twin", (), {"__slots__": names})


#: The twins of :class:`Writes` and :class:`Sheet` (see :func:`twin`).
WritesTwin = twin(Writes, ("pulka", "mountain", "whists", "help"))
SheetTwin = twin(Sheet, ("players", "pulka", "mountain", "whists"))


def new_writes(
    pulka: tuple[Number, ...],
    mountain: tuple[Number, ...],
    whists: tuple[Number, ...],
    help: tuple[tuple[int, int, Number], ...],
) -> Writes:
    """``Writes(pulka, mountain, whists, help)``, built faster (see :func:`twin`)."""
    w: Any = WritesTwin()
    w.pulka = pulka
    w.mountain = mountain
    w.whists = whists
    w.help = help
    w.__class__ = Writes
    built: Writes = w
    return built


def new_sheet(
    players: tuple[str, ...],
    pulka: tuple[Number, ...],
    mountain: tuple[Number, ...],
    whists: tuple[Number, ...],
) -> Sheet:
    """``Sheet(players, pulka, mountain, whists)``, built faster (see :func:`twin`)."""
    s: Any = SheetTwin()
    s.players = players
    s.pulka = pulka
    s.mountain = mountain
    s.whists = whists
    s.__class__ = Sheet
    built: Sheet = s
    return built


def _add(a: tuple[Number, ...], b: tuple[Number, ...]) -> tuple[Number, ...]:
    # int + int stays int; a Fraction equal to a whole number compares equal
    # to it, so there is no need to normalise on this hot path.
    if not any(b):
        return a
    return tuple(map(add, a, b))


def _bump(t: tuple[Number, ...], i: int, amount: Number) -> tuple[Number, ...]:
    return (*t[:i], norm(t[i] + amount), *t[i + 1 :])
