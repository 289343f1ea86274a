"""Pulka scoring engine: exact Preferans scoring and settlement, no I/O.

>>> from scoring import Game, Rules, replay, settle_state
>>> r = replay(("A", "B", "C"), Rules(), [
...     Game.of("A", "6S", {"B": "whist", "C": "pass"}, {"A": 6, "B": 4, "C": 0})])
>>> [str(x) for x in settle_state(r.state).results]
['16/3', '4/3', '-20/3']
"""

import importlib
from typing import TYPE_CHECKING, Any

from . import seating
from .deals import Choice, Contract, Correction, Deal, Game, Misere, Raspasy, Suit
from .engine import PulkaState, Replay, Step, apply, is_finished, play, replay
from .errors import IllegalDeal, InvalidDeal, InvalidRules, ScoringError
from .numbers import (
    exact_sum,
    figure,
    json_number,
    money_text,
    round_half_away,
    stake_text,
    whists_text,
)
from .rules import CONVENTION, CONVENTIONS, Convention, Rules, Variant
from .settle import (
    Payment,
    Rounding,
    Settlement,
    exact_money,
    payments,
    results_off,
    roundings,
    settle,
    settle_state,
    share,
    split_money,
    standings,
)
from .sheet import Sheet, Writes

if TYPE_CHECKING:
    from . import ending, entry
    from .cost import deal_cost


def __getattr__(name: str) -> Any:
    # What a program may well not use (the calculator uses none of it) is imported
    # on first use, and is then a module attribute like any other.
    if name in ("ending", "entry"):
        return importlib.import_module(f"{__name__}.{name}")
    if name == "deal_cost":
        from .cost import deal_cost

        return deal_cost
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "CONVENTION",
    "CONVENTIONS",
    "Choice",
    "Contract",
    "Convention",
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
    "Rounding",
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
    "ending",
    "entry",
    "exact_money",
    "exact_sum",
    "figure",
    "is_finished",
    "json_number",
    "money_text",
    "payments",
    "play",
    "replay",
    "results_off",
    "round_half_away",
    "roundings",
    "seating",
    "settle",
    "settle_state",
    "share",
    "split_money",
    "stake_text",
    "standings",
    "whists_text",
]
