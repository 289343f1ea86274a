"""The record's types are strict: ``null`` is not "the default", a contract is written
without spaces or control characters, a note holds no control character.

Each refusal is one line naming the field, through ``load_document`` (the calculator's
and ``/import``'s reader) and through ``python -m scoring settle``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scoring import Rules, ScoringError
from scoring.record import deal_from_json, load_document, record_json
from scoring.rules import FiveConsolation, HussarMountain

PLAYERS = ["A", "B", "C"]
NULL = "null is not a value: give one, or leave the key out for the default"
CONTRACT = "a contract is written without spaces or control characters, like 7H or 10NT"


def record(**fields: Any) -> dict[str, Any]:
    return {"format": "pulka/1", "players": PLAYERS, **fields}


def game(**fields: Any) -> dict[str, Any]:
    return {
        "type": "game",
        "declarer": "A",
        "contract": "7H",
        "whist": {"B": "whist", "C": "pass"},
        "tricks": {"A": 7, "B": 2, "C": 1},
        **fields,
    }


CASES = [
    (record(rules={"target": None}), f"rules.target: {NULL}"),
    (record(rules={"stake": None}), f"rules.stake: {NULL}"),
    (record(rules={"raspasy": None}), f"rules.raspasy: {NULL}"),
    (record(rules={"half_whist": None}), f"rules.half_whist: {NULL}"),
    (record(rules={"variant": None}), f"rules.variant: {NULL}"),
    (record(rules=None), f"rules: {NULL}"),
    (record(rules=[]), "rules: must be a JSON object"),
    (record(deals=None), f"deals: {NULL}"),
    (record(deals=[game(dealer=None)]), f"deals[0].dealer: {NULL}"),
    (
        record(deals=[{"type": "raspasy", "tricks": {"A": 3, "B": 2, "C": 5}, "dealer": None}]),
        f"deals[0].dealer: {NULL}",
    ),
    (
        record(deals=[{"type": "correction", "player": "A", "note": None}]),
        f"deals[0].note: {NULL}",
    ),
    (
        record(deals=[game(contract="7H\n")]),
        f"deals[0].contract: {CONTRACT}, and this one holds U+000A",
    ),
    (
        record(deals=[game(contract="7H\u2028")]),
        f"deals[0].contract: {CONTRACT}, and this one holds U+2028",
    ),
    (
        record(deals=[game(contract="7H ")]),
        f"deals[0].contract: {CONTRACT}, and this one holds U+0020",
    ),
    (
        record(deals=[game(contract=" 7H")]),
        f"deals[0].contract: {CONTRACT}, and this one holds U+0020",
    ),
    (
        record(deals=[game(contract="7\tH")]),
        f"deals[0].contract: {CONTRACT}, and this one holds U+0009",
    ),
    (
        record(deals=[{"type": "correction", "player": "A", "mountain": 1, "note": "a\x00b"}]),
        "deals[0].note: a note cannot contain the control character U+0000",
    ),
    (
        record(deals=[{"type": "correction", "player": "A", "note": "line\nbreak"}]),
        "deals[0].note: a note cannot contain the control character U+000A",
    ),
    (
        record(deals=[{"type": "correction", "player": "A", "note": "x\u2029"}]),
        "deals[0].note: a note cannot contain the control character U+2029",
    ),
    (
        {"format": "pulka-sheet/1", "players": PLAYERS, "rules": None},
        f"rules: {NULL}",
    ),
    (
        {"format": "pulka-sheet/1", "players": PLAYERS, "mountain": None},
        f"mountain: {NULL}",
    ),
    (
        {"format": "pulka-sheet/1", "players": PLAYERS, "rules": {"target": None}},
        f"rules.target: {NULL}",
    ),
]


@pytest.mark.parametrize(("data", "message"), CASES)
def test_refused_with_the_field(data: dict[str, Any], message: str) -> None:
    with pytest.raises(ScoringError) as info:
        load_document(data)
    assert str(info.value) == message
    assert "Model" not in str(info.value) and "dictionary" not in str(info.value)


def test_what_the_record_allows_still_reads() -> None:
    """Keys left out take the defaults; a contract's suit sign and a note's own words stay."""
    doc = load_document(
        record(
            rules={"variant": "leningrad"},
            deals=[
                game(contract="7♥"),
                {"type": "correction", "player": "A", "note": "ошибка — \u202eok 👩\u200d💻"},
            ],
        )
    )
    assert doc.rules == Rules.for_variant("leningrad")
    assert len(doc.deals) == 2


def test_a_stored_note_reads_back_as_written() -> None:
    """A deal the bot stored before notes were checked still replays."""
    deal = deal_from_json({"type": "correction", "player": "A", "note": "a\x01b"})
    assert deal.note == "a\x01b"  # type: ignore[union-attr]


def test_calculator_says_it_in_one_line(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    for data, message in CASES:
        path = tmp_path / "r.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        run = subprocess.run(
            [sys.executable, "-m", "scoring", "settle", str(path)],
            capture_output=True,
            text=True,
            cwd=root,
            check=False,
        )
        assert run.returncode == 2
        assert run.stdout == ""
        assert run.stderr == f"error: {message}\n"


# --- a convention of another table size --------------------------------------------


@pytest.mark.parametrize(
    ("players", "rules", "message"),
    [
        (
            ["A", "B", "C"],
            {"hussar_mountain": "indivisible"},
            "rules.hussar_mountain: hussar_mountain is a hussar convention (two players), "
            "and the record has 3 players",
        ),
        (
            ["A", "B", "C", "D", "E"],
            {"dummy_whist": False},
            "rules.dummy_whist: dummy_whist is a hussar convention (two players), "
            "and the record has 5 players",
        ),
        (
            ["A", "B", "C", "D"],
            {"five_consolation": "dealer"},
            "rules.five_consolation: five_consolation is a five-player convention, "
            "and the record has 4 players",
        ),
        (
            ["A", "B"],
            {"five_sitting_out": "right"},
            "rules.five_sitting_out: five_sitting_out is a five-player convention, "
            "and the record has 2 players",
        ),
    ],
)
def test_a_key_of_another_table_size_is_refused(
    players: list[str], rules: dict[str, Any], message: str
) -> None:
    for form in ("pulka/1", "pulka-sheet/1"):
        with pytest.raises(ScoringError) as info:
            load_document({"format": form, "players": players, "rules": rules})
        assert str(info.value) == message


def test_a_key_of_its_own_size_and_the_common_keys_are_read() -> None:
    hussar = load_document(
        record(players=["A", "B"], rules={"hussar_mountain": "indivisible", "whist": "greedy"})
    )
    assert hussar.rules.hussar_mountain.value == "indivisible"
    five = load_document(record(players=list("ABCDE"), rules={"five_consolation": "dealer"}))
    assert five.rules.five_consolation.value == "dealer"


def test_export_leaves_out_a_key_of_another_size() -> None:
    """A pulka of three whose settings hold a hussar convention exports a record that reads."""
    rules = Rules(
        hussar_mountain=HussarMountain.INDIVISIBLE, five_consolation=FiveConsolation.DEALER
    )
    three = record_json(("A", "B", "C"), rules, [])
    assert "hussar_mountain" not in three["rules"] and "five_consolation" not in three["rules"]
    assert load_document(three).rules.target == rules.target
    two = record_json(("A", "B"), rules, [])
    assert two["rules"]["hussar_mountain"] == "indivisible"
    assert load_document(two).rules.hussar_mountain is HussarMountain.INDIVISIBLE
