"""Reading a record: broken records are refused with the document's first error (hypothesis).

* Any record, valid or mutated at random, is read or refused with a
  :class:`ScoringError`, never anything else.
* The whole document is checked before any deal is played: when the record
  model refuses it, the error is the model's first one (an unknown key after
  a deal the engine would refuse, say), told as :func:`validation_error` tells it.
"""

from __future__ import annotations

import copy
import json
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from scoring import ScoringError
from scoring.record import RecordModel, load_document, record_json, validation_error

from .strategies import pulkas

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


@SETTINGS
@given(pulkas(max_deals=30), st.randoms(use_true_random=False), st.integers(0, 4))
def test_a_broken_record_is_refused_with_the_model_s_first_error(
    p: tuple[Any, ...], rnd: random.Random, mutations: int
) -> None:
    players, rules, deals = p
    data: Any = record_json(players, rules, deals)
    for _ in range(mutations):
        data = _mutate(rnd, data)
    data = json.loads(json.dumps(data))
    try:
        load_document(data)
    except ScoringError as e:
        refused: ScoringError | None = e
    else:
        refused = None
    if not isinstance(data, dict) or data.get("format") != "pulka/1":
        assert refused is not None
        return
    try:
        RecordModel.model_validate(data)
    except ValidationError as e:
        first = validation_error(e)
        assert refused is not None
        assert (type(refused), refused.code, refused.path, str(refused)) == (
            type(first),
            first.code,
            first.path,
            str(first),
        )


def test_a_correction_among_the_deals_is_read_exactly() -> None:
    data = {
        "format": "pulka/1",
        "players": ["A", "B", "C"],
        "deals": [
            {"type": "raspasy", "tricks": {"A": 5, "B": 4, "C": 1}},
            {"type": "correction", "player": "A", "mountain": 2.5, "whists": {"B": 3}},
        ],
    }
    doc = load_document(data)
    assert doc.sheet.mountain[0] == 5 + Fraction(5, 2)
    assert doc.sheet.whists_on(0, 1) == 3


RASPASY_27 = {"type": "raspasy", "tricks": {"A": 9, "B": 9, "C": 9}}
GAME_11 = {"type": "game", "declarer": "A", "contract": "11H", "whist": {}, "tricks": {}}


@pytest.mark.parametrize(
    ("deal", "top", "path"),
    [
        # Two of the model's errors: the first in document order.
        ({**RASPASY_27, "extra": 1}, {"extra": 1}, "deals[0].extra"),
        (RASPASY_27, {"rules": {"variant": "x"}}, "rules.variant"),
        # The model's error before the engine's, wherever each is.
        (GAME_11, {"extra": 1}, "extra"),
        (GAME_11, {}, "deals[0].contract"),
        (RASPASY_27, {}, "deals[0].tricks"),
    ],
)
def test_the_document_is_checked_before_any_deal_is_played(
    deal: dict[str, Any], top: dict[str, Any], path: str
) -> None:
    data = {"format": "pulka/1", "players": ["A", "B", "C"], "deals": [deal], **top}
    with pytest.raises(ScoringError) as e:
        load_document(data)
    assert e.value.path == path
