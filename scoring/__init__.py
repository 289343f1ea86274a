"""Pulka scoring engine: exact Preferans scoring and settlement, no I/O.

>>> from scoring import Game, Rules, replay, settle_state
>>> r = replay(("A", "B", "C"), Rules(), [
...     Game.of("A", "6S", {"B": "whist", "C": "pass"}, {"A": 6, "B": 4, "C": 0})])
>>> [str(x) for x in settle_state(r.state).results]
['16/3', '4/3', '-20/3']
"""

from .cost import deal_cost
from .deals import Choice, Contract, Correction, Deal, Game, Misere, Raspasy, Suit
from .engine import PulkaState, Replay, Step, apply, is_finished, play, replay
from .errors import IllegalDeal, InvalidDeal, InvalidRules, ScoringError
from .rules import Rules, Variant
from .settle import Payment, Settlement, payments, settle, settle_state, split_money, standings
from .sheet import Sheet, Writes

__all__ = [
    "Choice",
    "Contract",
    "Correction",
    "Deal",
    "Game",
    "IllegalDeal",
    "InvalidDeal",
    "InvalidRules",
    "Misere",
    "Payment",
    "PulkaState",
    "Raspasy",
    "Replay",
    "Rules",
    "ScoringError",
    "Settlement",
    "Sheet",
    "Step",
    "Suit",
    "Variant",
    "Writes",
    "apply",
    "deal_cost",
    "is_finished",
    "payments",
    "play",
    "replay",
    "settle",
    "settle_state",
    "split_money",
    "standings",
]
