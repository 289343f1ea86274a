"""The fast paths agree with the general ones they stand in for (hypothesis).

* ``load_document`` reads plain deals itself and leaves the rest to pydantic:
  on any record, valid or broken, it gives what the pydantic-only reading gives,
  the same document or the same error (code, path, message).
* ``final_state`` (the calculator) and ``apply`` skip each deal's ``Writes`` and
  ``Step``: the same state as ``replay`` and ``play``, and the same errors.
* The slot builders of frozen values build what the constructors build.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import (
    Choice,
    Contract,
    Game,
    PulkaState,
    ScoringError,
    Sheet,
    Suit,
    Writes,
    apply,
    play,
    replay,
)
from scoring import record as record_module
from scoring.engine import final_state
from scoring.record import load_document, record_json
from scoring.sheet import new_sheet, new_writes, slot_setters

from .strategies import deal_for, pulkas

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: What a mutation may put in a record's place: wrong types, odd names, near misses.
ODD_VALUES: tuple[Any, ...] = (
    None,
    True,
    1,
    1.5,
    -1,
    11,
    "",
    "x",
    "A\tB",
    "Вера",
    "Vera\u202e",
    "a" * 70,
    "7H",
    "11H",
    "whist",
    "half",
    "pass",
    [],
    {},
)


def _mutate(rnd: random.Random, node: Any, depth: int = 0) -> Any:
    """``node`` with one random change somewhere below it."""
    if isinstance(node, dict) and node:
        key = rnd.choice(list(node))
        r = rnd.random()
        if r < 0.4 and depth < 3:
            node[key] = _mutate(rnd, node[key], depth + 1)
        elif r < 0.5:
            del node[key]
        elif r < 0.6:
            node["extra"] = 1
        elif r < 0.8:
            node[key] = rnd.choice(ODD_VALUES)
        else:
            name = rnd.choice(["Anna", "Boris", "Zed", "Gleb", "Vera\u202e"])
            node[name] = rnd.choice([0, 3, "whist", "pass", True, 2.0])
        return node
    if isinstance(node, list) and node:
        i = rnd.randrange(len(node))
        r = rnd.random()
        if r < 0.6:
            node[i] = _mutate(rnd, node[i], depth + 1)
        elif r < 0.7:
            node[i] = rnd.choice(ODD_VALUES)
        elif r < 0.85:
            del node[i]
        else:
            node.insert(i, copy.deepcopy(node[i]))
        return node
    return rnd.choice((node, *ODD_VALUES))


@dataclass(frozen=True)
class Outcome:
    value: Any = None
    error: tuple[str, str, str, str] | None = None


def _outcome(f: Callable[[], Any]) -> Outcome:
    try:
        return Outcome(value=f())
    except ScoringError as e:
        return Outcome(error=(type(e).__name__, e.code, e.path, str(e)))


def _document(data: Any) -> Any:
    doc = load_document(data)
    return (doc.players, doc.rules, doc.sheet, doc.state, doc.deals)


@SETTINGS
@given(pulkas(max_deals=30), st.randoms(use_true_random=False), st.integers(0, 4))
def test_the_record_reads_as_pydantic_alone_reads_it(
    p: tuple[Any, ...], rnd: random.Random, mutations: int
) -> None:
    players, rules, deals = p
    data: Any = record_json(players, rules, deals)
    for _ in range(mutations):
        data = _mutate(rnd, data)
    text = json.dumps(data)
    fast = _outcome(lambda: _document(json.loads(text)))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(record_module, "_plain_deals", lambda data: None)
        slow = _outcome(lambda: _document(json.loads(text)))
    assert fast == slow


def test_a_correction_among_plain_deals_is_read_by_pydantic() -> None:
    data = {
        "format": "pulka/1",
        "players": ["A", "B", "C"],
        "deals": [
            {"type": "raspasy", "tricks": {"A": 5, "B": 4, "C": 1}},
            {"type": "correction", "player": "A", "mountain": 2.5, "whists": {"B": 3}},
        ],
    }
    assert record_module._plain_deals(data) is not None
    doc = load_document(data)
    assert doc.sheet.mountain[0] == 5 + Fraction(5, 2)


@SETTINGS
@given(pulkas(max_deals=30), st.data())
def test_final_state_and_apply_are_replay_and_play(p: tuple[Any, ...], data: st.DataObject) -> None:
    players, rules, deals = p
    result = replay(players, rules, deals)
    assert _fields(final_state(players, rules, deals)) == _fields(result.state)
    state = result.state
    deal = data.draw(deal_for(state))
    played = _outcome(lambda: _fields(play(state, deal).state))
    assert _outcome(lambda: _fields(apply(state, deal))) == played
    # A deal that fails at the end of the log fails the same way in both.
    log = [*deals, deal]
    assert _outcome(lambda: _fields(final_state(players, rules, log))) == _outcome(
        lambda: _fields(replay(players, rules, log).state)
    )


def _fields(state: PulkaState) -> tuple[Any, ...]:
    # seats is not compared by ==: compared here, as the builder sets it.
    return (state, dict(state.seats))


@SETTINGS
@given(pulkas(max_deals=20))
def test_each_step_s_sheet_is_the_sheet_plus_its_writes(p: tuple[Any, ...]) -> None:
    players, rules, deals = p
    state = PulkaState.new(players, rules)
    for step in replay(players, rules, deals).steps:
        assert step.state.sheet == state.sheet.plus(step.writes)
        state = step.state


def test_the_builders_build_what_the_constructors_build() -> None:
    writes = Writes((1, 0, 0), (0, Fraction(1, 2), 0), (0,) * 9, ((0, 1, 2),))
    assert new_writes(writes.pulka, writes.mountain, writes.whists, writes.help) == writes
    sheet = Sheet(("A", "B", "C"), (1, 2, 3), (0, 0, Fraction(1, 3)), (0,) * 9)
    assert new_sheet(sheet.players, sheet.pulka, sheet.mountain, sheet.whists) == sheet
    game = Game.of("A", "7H", {"B": "whist", "C": "pass"}, {"A": 7, "B": 2, "C": 1}, "C")
    defence = (("B", Choice.WHIST), ("C", Choice.PASS))
    built = Game("A", Contract(7, Suit.HEARTS), defence, (("A", 7), ("B", 2), ("C", 1)), "C")
    assert game == built
    assert repr(game) == repr(built)
    with pytest.raises(TypeError, match="fields are"):
        slot_setters(Sheet, ("players", "pulka"))


def test_a_contract_read_again_is_the_same_value() -> None:
    first = Contract.parse("8NT")
    assert Contract.parse("8NT") == first == Contract.parse(" 8нт ".replace("нт", "бк"))
    for _ in range(2):  # refused again, not remembered
        with pytest.raises(ScoringError, match="contract"):
            Contract.parse("11H")
