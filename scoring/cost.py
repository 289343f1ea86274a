"""A deal's cost (стоимость игры): what it is worth to each player in whists.

By the theory's principle II a game costs the same whenever it is played in
the pulka, so the cost is the change of everyone's standing "if we stopped
now" (exact, before any rounding).

The theory's example 4 (text 001): Sochi with four, a six down one, both
defenders whist and take 2 and 3, the dealer sits out -- the declarer loses
31 whists (Leningrad: 62).

>>> from scoring import Game, PulkaState, Rules
>>> state = PulkaState.new(("A", "B", "C", "D"), Rules())
>>> six_down = Game.of("A", "6S", {"B": "whist", "C": "whist"}, {"A": 5, "B": 2, "C": 3})
>>> [int(x) for x in deal_cost(state, six_down)]
[-31, 11, 13, 7]
>>> lstate = PulkaState.new(("A", "B", "C", "D"), Rules.for_variant("leningrad"))
>>> deal_cost(lstate, six_down)[0]
Fraction(-62, 1)
"""

from __future__ import annotations

from fractions import Fraction

from .deals import Deal
from .engine import PulkaState, apply
from .settle import standings


def deal_cost(state: PulkaState, deal: Deal) -> tuple[Fraction, ...]:
    """Whists each player wins (+) or loses (-) by ``deal``, in seating order."""
    before = standings(state)
    after = standings(apply(state, deal))
    return tuple(a - b for a, b in zip(after, before, strict=True))
