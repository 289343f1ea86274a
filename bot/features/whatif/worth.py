"""What-if, computed by :mod:`scoring` and never stored: a deal's cost ("the cost of a
game", text 001, the theory's principle II), a finished pulka under other rules."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from bot.model import LiveDeal, Table
from scoring import (
    Deal,
    PulkaState,
    Rules,
    ScoringError,
    Settlement,
    deal_cost,
    exact_money,
    play,
    seating,
    settle_state,
)

#: The players of a deal asked about, by role (the engine needs names): the
#: declarer, the defenders in the order they speak, the dealer sitting out (four
#: and five), the dealer's neighbour sitting out with him (five).  In hussar the
#: one defender is FIRST (he plays the dummy).
DECLARER, FIRST, SECOND, DEALER = "declarer", "first", "second", "dealer"
RESTING = "resting"


@dataclass(frozen=True, slots=True)
class Worth:
    """What one deal is worth to each role, in whists and in money (exactly: each
    role's whists times the stake; a price has no payments to add up to zero)."""

    roles: tuple[str, ...]
    deal: Deal
    rules: Rules
    whists: tuple[Fraction, ...]
    money: tuple[Fraction, ...]


def roles(size: int, rules: Rules | None = None) -> tuple[str, ...]:
    """The seats of a deal asked about, the first dealing: with four the dealer sits
    out, with five his neighbour too (on the side ``five_sitting_out`` says), and the
    declarer is the first at the table, his defenders as :func:`scoring.seating.defenders`
    has them; hussar has the declarer and his opponent.

    >>> roles(2), roles(5)[-1], roles(5, Rules(five_sitting_out="left"))[:2]
    (('declarer', 'first'), 'resting', ('dealer', 'resting'))
    """
    seats = [""] * size
    out = seating.sitting_out(size, 0, rules)
    for seat, role in zip(out, (DEALER, RESTING), strict=False):
        seats[seat] = role
    declarer = next(s for s in range(size) if s not in out)
    seats[declarer] = DECLARER
    for seat, role in zip(seating.defenders(size, declarer, out), (FIRST, SECOND), strict=False):
        seats[seat] = role
    return tuple(seats)


class Unplayable(ScoringError):
    """The engine refuses the deal asked about; ``deal`` is what was read."""

    def __init__(self, deal: Deal, e: ScoringError) -> None:
        super().__init__(e.message, e.path, e.code, e.params)
        self.deal = deal


def deal_worth(deal: Deal, rules: Rules, size: int) -> Worth:
    """The deal's cost under ``rules`` at a table of ``size`` (raises :class:`Unplayable`).

    >>> from scoring import Game
    >>> six = Game.of("declarer", "6S", {"first": "whist", "second": "whist"},
    ...               {"declarer": 5, "first": 2, "second": 3})
    >>> [str(x) for x in deal_worth(six, Rules(), 4).whists]
    ['7', '-31', '11', '13']
    """
    seats = roles(size, rules)
    try:
        whists = deal_cost(PulkaState.new(seats, rules), deal)
    except ScoringError as e:
        raise Unplayable(deal, e) from e
    money = tuple(exact_money(w, rules.stake) for w in whists)
    return Worth(seats, deal, rules, whists, money)


@dataclass(frozen=True, slots=True)
class Broken:
    """A deal of the pulka (``live``, numbered as the sheet numbers it) the changed rules
    refuse, and why."""

    live: LiveDeal
    error: ScoringError


def rescore(table: Table, rules: Rules) -> Settlement | Broken:
    """``table``'s deals replayed under ``rules`` from an empty sheet, then settled; the
    first deal the rules refuse stops it."""
    state = PulkaState.new(table.names, rules)
    for live in table.deals:
        try:
            state = play(state, live.deal).state
        except ScoringError as e:
            return Broken(live, e)
    return settle_state(state)
