"""Who sits where at the next deal, and what that deal may be (рассадка, право хода).

The engine writes deals with these rules and the bot's wizard asks them, so
a new convention about seating changes here only.

Seats are numbered clockwise in the order the players were listed; the first
player deals first, and the player to a player's left is the next seat.  With
four players the dealer sits the deal out.

>>> from scoring import PulkaState, Rules
>>> state = PulkaState.new(("A", "B", "C", "D"), Rules())
>>> t = table(state)
>>> t.dealer, t.sitting_out, t.at_table, t.defenders(1), t.levels
(0, 0, (1, 2, 3), (2, 3), (6, 7, 8, 9, 10))
>>> half_whist_tricks(Rules(), 6), half_whist_tricks(Rules(), 8)
(2, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .rules import Rules

if TYPE_CHECKING:
    from .engine import PulkaState

LEVELS = (6, 7, 8, 9, 10)
#: How many may sit at a pulka's table.
TABLE_SIZES = (3, 4)


def sitting_out(n: int, dealer: int) -> int | None:
    """Who sits the deal out: with four players the dealer, with three nobody."""
    return dealer if n == 4 else None


def speaking_order(n: int, dealer: int) -> tuple[int, ...]:
    """Seats at the table in the order they speak: from the dealer's left, clockwise."""
    out = sitting_out(n, dealer)
    return tuple(s for s in ((dealer + k) % n for k in range(1, n + 1)) if s != out)


def defenders(n: int, declarer: int, out: int | None) -> tuple[int, int]:
    """The two defenders in the order they speak: clockwise from the declarer.

    The first is the declarer's left neighbour at the table, the second the
    next one (the "second whister" of the quota on 8-10).
    """
    if n == 3 and out is None:
        # Every deal asks: the general walk below, worked out for three.
        return (declarer + 1) % 3, (declarer + 2) % 3
    if n == 4 and out is not None:
        # And for four, the dealer sitting out (anything odd: the walk, which refuses it).
        a, b, c = (declarer + 1) % 4, (declarer + 2) % 4, (declarer + 3) % 4
        if a == out:
            return b, c
        if b == out:
            return a, c
        if c == out:
            return a, b
    first, second = (s for s in ((declarer + k) % n for k in range(1, n)) if s != out)
    return first, second


def lowest_level(rules: Rules, raspasy_run: int) -> int:
    """The lowest contract allowed now: after raspasy only from the exit up."""
    return rules.raspasy_exit if raspasy_run else LEVELS[0]


def half_whist_tricks(rules: Rules, level: int) -> int | None:
    """The half-whister's tricks on a game of ``level``, or None where half-whist is impossible.

    Half-whist (полвиста) is allowed on 6 and 7 only, where the conventions
    have it; the half-whister is written half the defence's quota, so the
    quota must halve into whole tricks and leave the declarer his contract.
    """
    if not rules.half_whist or level not in (6, 7):
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
    #: The dealer with four players, else None.
    sitting_out: int | None
    #: Seats at the table in speaking order, from the dealer's left.
    at_table: tuple[int, ...]
    #: Contract levels allowed now (after raspasy only from the exit up).
    levels: tuple[int, ...]
    #: Consecutive all-pass deals so far (0 outside raspasy).
    raspasy_run: int
    #: The pulka is over: no deal may be played (a correction may).
    finished: bool

    def defenders(self, declarer: int) -> tuple[int, int]:
        """The defenders of ``declarer``'s game, in speaking order."""
        return defenders(self.n, declarer, self.sitting_out)

    def half_whist_tricks(self, level: int) -> int | None:
        return half_whist_tricks(self.rules, level)

    def can_declare(self, seat: int) -> bool:
        return 0 <= seat < self.n and seat != self.sitting_out


def table(state: PulkaState) -> Table:
    """The table of the next deal of ``state``."""
    n, dealer = state.n, state.next_dealer
    low = lowest_level(state.rules, state.raspasy_run)
    return Table(
        n=n,
        rules=state.rules,
        dealer=dealer,
        sitting_out=sitting_out(n, dealer),
        at_table=speaking_order(n, dealer),
        levels=tuple(level for level in LEVELS if level >= low),
        raspasy_run=state.raspasy_run,
        finished=state.finished,
    )
