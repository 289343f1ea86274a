"""What a deal says about its players beyond the sheet: the facts statistics count.

A game is *made* when the declarer took his contract's tricks, or when nobody
whisted (he writes his pulka without playing it out); otherwise it is a *remize*
(недобор), short by the tricks he lacked.  A misère is made with no trick.  On
raspasy each player's tricks are counted.  A correction is no deal played.

>>> from scoring.deals import Correction, Game, Misere, Raspasy
>>> f = facts(Game.of("A", "7H", {"B": "whist", "C": "pass"}, {"A": 5, "B": 4, "C": 1}))
>>> f.kind.value, f.declarer, f.level, f.made, f.short
('game', 'A', 7, False, 2)
>>> facts(Game.of("A", "6S", {"B": "pass", "C": "pass"}, {})).made
True
>>> facts(Misere("B", 0)).made, facts(Misere("B", 2)).short
(True, 0)
>>> facts(Raspasy.of({"A": 3, "B": 2, "C": 5})).raspasy
(('A', 3), ('B', 2), ('C', 5))
>>> facts(Correction.of("A", mountain=-2)).played
False

A player's :class:`Tally` over deals adds up:

>>> deals = [Game.of("A", "7H", {"B": "whist", "C": "pass"}, {"A": 5, "B": 4, "C": 1}),
...          Game.of("A", "6S", {"B": "whist", "C": "pass"}, {"A": 6, "B": 3, "C": 1}),
...          Misere("A", 0), Raspasy.of({"A": 3, "B": 2, "C": 5})]
>>> t = tally(deals, "A")
>>> t.deals, t.games(6), t.games(7), t.misere, t.remizes, t.short, t.raspasy_tricks
(4, (1, 1), (1, 0), (1, 1), 1, 2, 3)
>>> (t + tally(deals, "B")).raspasy_tricks
5
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from .deals import Correction, Deal, Game, Misere, Raspasy
from .rules import Rules

#: The levels of a game contract, in order.
LEVELS: tuple[int, ...] = (6, 7, 8, 9, 10)


class Kind(StrEnum):
    """What kind of deal it was."""

    GAME = "game"
    MISERE = "misere"
    RASPASY = "raspasy"
    CORRECTION = "correction"


@dataclass(frozen=True, slots=True)
class DealFacts:
    """The facts of one deal (see the module)."""

    kind: Kind
    #: Who declared the game or the misère.
    declarer: str | None = None
    #: The game's level (6 to 10); None for anything else.
    level: int | None = None
    #: Game or misère: did the declarer make it?
    made: bool | None = None
    #: A remize: the tricks the declarer lacked (0 when made or not a game).
    short: int = 0
    #: Raspasy: each player's tricks.
    raspasy: tuple[tuple[str, int], ...] = ()

    @property
    def played(self) -> bool:
        """Was it a deal played at the table (a correction is not)?"""
        return self.kind is not Kind.CORRECTION


def facts(deal: Deal, rules: Rules | None = None) -> DealFacts:
    """The facts of ``deal`` under ``rules`` (see the module)."""
    if isinstance(deal, Game):
        outcome = deal.result(rules)  # 0 when not played out: written as made
        return DealFacts(
            Kind.GAME,
            deal.declarer,
            deal.contract.level,
            outcome >= 0,
            max(0, -outcome),
        )
    if isinstance(deal, Misere):
        return DealFacts(Kind.MISERE, deal.declarer, made=deal.made)
    if isinstance(deal, Raspasy):
        return DealFacts(Kind.RASPASY, raspasy=deal.tricks)
    assert isinstance(deal, Correction)
    return DealFacts(Kind.CORRECTION)


@dataclass(frozen=True, slots=True)
class Tally:
    """One player's counts over deals; tallies add (``+``)."""

    #: Deals played while he was at the table (corrections aside).
    deals: int = 0
    #: Games declared per level (6 to 10, as :data:`LEVELS`): played and made.
    played: tuple[int, ...] = (0, 0, 0, 0, 0)
    made: tuple[int, ...] = (0, 0, 0, 0, 0)
    #: Misères declared and made.
    misere_played: int = 0
    misere_made: int = 0
    #: Games he declared and fell short of, and the tricks short in all.
    remizes: int = 0
    short: int = 0
    #: Tricks he took on raspasy.
    raspasy_tricks: int = 0

    def games(self, level: int) -> tuple[int, int]:
        """(played, made) of his games at ``level``."""
        i = LEVELS.index(level)
        return self.played[i], self.made[i]

    @property
    def misere(self) -> tuple[int, int]:
        """(played, made) of his misères."""
        return self.misere_played, self.misere_made

    @property
    def contracts(self) -> tuple[int, int]:
        """(played, made) of every game and misère he declared."""
        return (
            sum(self.played) + self.misere_played,
            sum(self.made) + self.misere_made,
        )

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            self.deals + other.deals,
            tuple(a + b for a, b in zip(self.played, other.played, strict=True)),
            tuple(a + b for a, b in zip(self.made, other.made, strict=True)),
            self.misere_played + other.misere_played,
            self.misere_made + other.misere_made,
            self.remizes + other.remizes,
            self.short + other.short,
            self.raspasy_tricks + other.raspasy_tricks,
        )


def total(tallies: Iterable[Tally]) -> Tally:
    """The sum of ``tallies``, as ``sum(tallies, Tally())`` gives it, added field by
    field in one pass rather than a tally made per addition.

    >>> t = Tally(3, (1, 0, 0, 0, 0), (1, 0, 0, 0, 0), remizes=1, short=2)
    >>> total([t, t, Tally(1)]) == t + t + Tally(1), total([]) == Tally()
    (True, True)
    """
    rows = [
        (
            t.deals,
            *t.played,
            *t.made,
            t.misere_played,
            t.misere_made,
            t.remizes,
            t.short,
            t.raspasy_tricks,
        )
        for t in tallies
    ]
    if not rows:
        return Tally()
    sums = [sum(column) for column in zip(*rows, strict=True)]
    n = len(LEVELS)
    return Tally(
        sums[0], tuple(sums[1 : 1 + n]), tuple(sums[1 + n : 1 + 2 * n]), *sums[1 + 2 * n :]
    )


def count(f: DealFacts, player: str) -> Tally:
    """What one deal adds to ``player``'s tally (he was at the table)."""
    if not f.played:
        return Tally()
    if f.kind is Kind.RASPASY:
        return Tally(1, raspasy_tricks=dict(f.raspasy).get(player, 0))
    if f.declarer != player:
        return Tally(1)
    if f.kind is Kind.MISERE:
        return Tally(1, misere_played=1, misere_made=int(bool(f.made)))
    assert f.level is not None
    one = tuple(int(level == f.level) for level in LEVELS)
    return Tally(
        1,
        played=one,
        made=one if f.made else (0, 0, 0, 0, 0),
        remizes=int(f.short > 0),
        short=f.short,
    )


def tally(deals: Iterable[Deal], player: str, rules: Rules | None = None) -> Tally:
    """``player``'s tally over ``deals`` (the deals of a pulka he sat at)."""
    total = Tally()
    for deal in deals:
        total = total + count(facts(deal, rules), player)
    return total
