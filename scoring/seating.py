"""Who sits where at the next deal, and what that deal may be (рассадка, право хода).

The engine writes deals with these rules and the bot's wizard asks them, so
a new convention about seating changes here only.

Seats are numbered clockwise in the order the players were listed; the first
player deals first, and the player to a player's left is the next seat.  With
four players the dealer sits the deal out; with five the dealer and a
neighbour (``five_sitting_out``); with two (hussar, гусарик) nobody, and a
dummy (болван) takes the third hand, played by the whister.

The next deal's :class:`Table` is the state's
(:attr:`scoring.engine.PulkaState.next_table`).

>>> half_whist_tricks(Rules(), 6), half_whist_tricks(Rules(), 8)
(2, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from .rules import FiveSittingOut, Rules

T = TypeVar("T")

LEVELS = (6, 7, 8, 9, 10)
#: How many may sit at a pulka's table: hussar (two and a dummy), three, four, five.
TABLE_SIZES = (2, 3, 4, 5)
#: Nobody sits out (two and three players).
NOBODY: tuple[int, ...] = ()
#: The defenders of a game at three, four and five (hussar has one).
DEFENDERS = 2
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
    if seats not in TABLE_SIZES:
        raise ValueError(f"no table of {seats}")
    return (seats,)


def hussar(n: int) -> bool:
    """Is a table of ``n`` hussar (гусарик): two players and a dummy?

    >>> [hussar(n) for n in TABLE_SIZES]
    [True, False, False, False]
    """
    return n == 2


def sitting_out(n: int, dealer: int, rules: Rules | None = None) -> tuple[int, ...]:
    """Who sits the deal out: the dealer with four, the dealer and a neighbour with five.

    With five the neighbour is the one to the dealer's right (the previous
    dealer) unless ``rules.five_sitting_out`` says left; the dealer comes first.

    >>> sitting_out(3, 1), sitting_out(4, 1), sitting_out(5, 0)
    ((), (1,), (0, 4))
    >>> sitting_out(5, 0, Rules(five_sitting_out="left"))
    (0, 1)
    """
    if n == 4:
        return (dealer,)
    if n == 5:
        left = rules is not None and rules.five_sitting_out is FiveSittingOut.LEFT
        return (dealer, (dealer + 1) % 5 if left else (dealer - 1) % 5)
    return NOBODY


def dealer_sitting_out(n: int, out: frozenset[int] | set[int], rules: Rules) -> int | None:
    """The dealer, given who was not at the table, or None if nobody deals that way.

    >>> dealer_sitting_out(4, {2}, Rules()), dealer_sitting_out(5, {3, 4}, Rules())
    (2, 4)
    >>> dealer_sitting_out(5, {0, 2}, Rules()) is None
    True
    """
    for dealer in out:
        if set(sitting_out(n, dealer, rules)) == set(out):
            return dealer
    return None


def speaking_order(n: int, dealer: int, rules: Rules | None = None) -> tuple[int, ...]:
    """Seats at the table in the order they speak: from the dealer's left, clockwise.

    >>> speaking_order(2, 0), speaking_order(5, 0)
    ((1, 0), (1, 2, 3))
    >>> speaking_order(5, 0, Rules(five_sitting_out="left"))
    (2, 3, 4)
    """
    out = sitting_out(n, dealer, rules)
    return tuple(s for s in ((dealer + k) % n for k in range(1, n + 1)) if s not in out)


def defenders(n: int, declarer: int, out: tuple[int, ...] = NOBODY) -> tuple[int, ...]:
    """The defenders in the order they speak: clockwise from the declarer.

    The first is the declarer's left neighbour at the table, the second the
    next one (the "second whister" of the quota on 8-10).  In hussar the one
    defender is the opponent: the dummy never defends, he plays its cards.

    >>> defenders(3, 0), defenders(4, 1, (0,)), defenders(5, 1, (3, 2)), defenders(2, 1)
    ((1, 2), (2, 3), (4, 0), (0,))
    """
    if hussar(n):
        return ((declarer + 1) % 2,)
    first, second = [s for k in range(1, n) if (s := (declarer + k) % n) not in out]
    return first, second


def playing(n: int) -> int:
    """How many play a deal at a table of ``n``: two in hussar (and the dummy), else three.

    >>> [playing(n) for n in TABLE_SIZES]
    [2, 3, 3, 3]
    """
    return len(speaking_order(n, 0))


def defending(n: int) -> int:
    """How many defend a game at a table of ``n``: one in hussar (he plays the dummy's
    hand too), else :data:`DEFENDERS`.

    >>> [defending(n) for n in TABLE_SIZES]
    [1, 2, 2, 2]
    """
    return playing(n) - 1


def anyone_sits_out(n: int) -> bool:
    """Does somebody sit every deal out at a table of ``n`` (four and five)?  Then a deal
    that names only who played needs the sheet to know who did not.

    >>> [anyone_sits_out(n) for n in TABLE_SIZES]
    [False, False, True, True]
    """
    return playing(n) < n


def next_dealer(n: int, dealer: int) -> int:
    """Who deals after ``dealer``: the deal passes clockwise, one seat a deal.

    >>> next_dealer(3, 0), next_dealer(4, 3)
    (1, 0)
    """
    return (dealer + 1) % n


def previous_dealer(n: int, dealer: int) -> int:
    """Who dealt the deal before ``dealer``'s (:func:`next_dealer` backwards): the
    dealer of the last deal written, when ``dealer`` deals next.

    >>> previous_dealer(3, 0), previous_dealer(5, 3)
    (2, 2)
    """
    return (dealer - 1) % n


def dealing_first(order: Sequence[T], seat: int) -> tuple[T, ...]:
    """``order`` (players clockwise, the first dealing first) turned so that ``seat``
    deals first: everyone keeps his neighbours.

    >>> dealing_first("ABCD", 2)
    ('C', 'D', 'A', 'B')
    """
    return (*order[seat:], *order[:seat])


def lowest_level(rules: Rules, raspasy_run: int) -> int:
    """The lowest contract allowed now: after raspasy only from the exit up."""
    return rules.raspasy_exit if raspasy_run else LEVELS[0]


def half_whist_tricks(rules: Rules, level: int, n: int = 3) -> int | None:
    """The half-whister's tricks on a game of ``level``, or None where half-whist is impossible.

    Half-whist (полвиста) is allowed on 6 and 7 only, where the conventions
    have it; the half-whister is written half the defence's quota, so the
    quota must halve into whole tricks and leave the declarer his contract.
    In hussar (``n`` 2) the one defender has nobody to invite: never.
    """
    if not rules.half_whist or level not in (6, 7) or hussar(n):
        return None
    quota = rules.quota_for(level)
    if quota % 2 or level + quota // 2 > 10:
        return None
    return quota // 2


@dataclass(frozen=True, slots=True)
class Table:
    """The next deal's table: who deals, who sits out, who speaks, which games are allowed."""

    n: int
    rules: Rules
    dealer: int
    #: Who sits out: the dealer with four, the dealer and a neighbour with five.
    sitting_out: tuple[int, ...]
    #: Seats at the table in speaking order, from the dealer's left.
    at_table: tuple[int, ...]
    #: Contract levels allowed now (after raspasy only from the exit up).
    levels: tuple[int, ...]
    #: Consecutive all-pass deals so far (0 outside raspasy).
    raspasy_run: int
    #: The pulka is over: no deal may be played (a correction may).
    finished: bool

    @property
    def dummy(self) -> bool:
        """Hussar: two players and a dummy (болван) that never defends nor scores."""
        return hussar(self.n)

    @property
    def misere_allowed(self) -> bool:
        return not hussar(self.n) or self.rules.hussar_misere

    def defenders(self, declarer: int) -> tuple[int, ...]:
        """The defenders of ``declarer``'s game in speaking order (one in hussar)."""
        return defenders(self.n, declarer, self.sitting_out)

    def half_whist_tricks(self, level: int) -> int | None:
        return half_whist_tricks(self.rules, level, self.n)

    def can_declare(self, seat: int) -> bool:
        return 0 <= seat < self.n and seat not in self.sitting_out
