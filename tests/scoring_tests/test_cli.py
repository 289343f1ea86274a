"""``python -m scoring settle``: the public calculator (shared/spec/pulka-json.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SPEC_RECORD = {
    "format": "pulka/1",
    "players": ["Anna", "Boris", "Vera"],
    "rules": {
        "variant": "sochi",
        "target": 20,
        "stake": "0.5",
        "whist": "gentleman",
        "liability": "full",
        "raspasy": [1, 2, 3],
        "raspasy_exit": 6,
        "division": "exact",
    },
    "deals": [
        {
            "type": "game",
            "declarer": "Anna",
            "contract": "7H",
            "whist": {"Boris": "whist", "Vera": "pass"},
            "tricks": {"Anna": 7, "Boris": 2, "Vera": 1},
        },
        {"type": "misere", "declarer": "Boris", "tricks": {"Boris": 0}},
        {"type": "raspasy", "tricks": {"Anna": 3, "Boris": 2, "Vera": 5}},
    ],
}

SPEC_SHEET = {
    "format": "pulka-sheet/1",
    "players": ["A", "B", "C"],
    "rules": {"variant": "sochi", "target": 20, "stake": "1"},
    "pulka": {"A": 20, "B": 20, "C": 20},
    "mountain": {"A": 13, "B": 7.5, "C": 25},
    "whists": {"A": {"B": 70, "C": 100}, "B": {"A": 114, "C": 96}, "C": {"A": 140, "B": 180}},
}


def run(doc: object | str, *args: str) -> subprocess.CompletedProcess[str]:
    text = doc if isinstance(doc, str) else json.dumps(doc)
    return subprocess.run(
        [sys.executable, "-m", "scoring", "settle", *(args or ("-",))],
        input=text,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_spec_sheet() -> None:
    out = run(SPEC_SHEET)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    a = data["players"][0]
    assert a == {
        "name": "A",
        "pulka": 20,
        "mountain": 13,
        "whists": {"B": 70, "C": 100},
        "result": -62.33,
        "money": "-62.33",
    }
    assert [p["result"] for p in data["players"]] == [-62.33, 36.67, 25.67]
    assert sum(float(p["money"]) for p in data["players"]) == pytest.approx(0, abs=1e-9)
    assert data["players"][1]["mountain"] == 7.5
    assert data["finished"] is True


def test_the_spec_record_by_hand() -> None:
    """7♥ made (Boris whists for the defence's 3 tricks: 12 whists), a clean
    misère, raspasy 3/2/5 (x1).

    Pulka A 4, B 10 (target 20): equalised mountains 3+16 = 19, 2+10 = 12,
    5+20 = 25; amnesty -> 7, 0, 13; average 20/3.
    A: 10 x (20/3 - 7) - 12 = -46/3 = -15.33;  B: 200/3 + 12 = 78.67;
    C: 10 x (20/3 - 13) = -63.33.  Money at 0.5, each share rounded to the
    cent (-7.67, 39.33, -31.67) is a third of a cent away from exact and one
    cent is missing: it goes to the bigger loser, Vera.
    """
    out = run(SPEC_RECORD)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert [p["pulka"] for p in data["players"]] == [4, 10, 0]
    assert [p["mountain"] for p in data["players"]] == [3, 2, 5]
    assert data["players"][1]["whists"] == {"Anna": 12, "Vera": 0}
    assert [p["result"] for p in data["players"]] == [-15.33, 78.67, -63.33]
    assert [p["money"] for p in data["players"]] == ["-7.67", "39.33", "-31.66"]
    assert data["finished"] is False


def test_a_file_argument(tmp_path: Path) -> None:
    f = tmp_path / "pulka.json"
    f.write_text(json.dumps(SPEC_SHEET), encoding="utf-8")
    assert run("", str(f)).returncode == 0


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ("{not json", "error: invalid JSON at line 1 column 2"),
        ([1, 2], "error: the document must be a JSON object"),
        ({**SPEC_RECORD, "format": "pulka/2"}, "error: format: unknown format 'pulka/2'"),
        ({**SPEC_RECORD, "extra": 1}, "error: extra: unknown field"),
        ({**SPEC_RECORD, "players": ["A"]}, "error: players: List should have at least 2"),
        ({**SPEC_RECORD, "rules": {"whist": "polite"}}, "error: rules.whist: Input should be"),
        ({**SPEC_RECORD, "rules": {"target": "twenty"}}, "error: rules.target: Input should be"),
        ({**SPEC_RECORD, "rules": {"help": "yes"}}, "error: rules.help: Input should be"),
        (
            {
                **SPEC_RECORD,
                "deals": [{"type": "raspasy", "tricks": {"Anna": 3, "Boris": 3, "Vera": 5}}],
            },
            "error: deals[0].tricks: tricks add up to 11, a deal has 10",
        ),
        (
            {
                **SPEC_RECORD,
                "deals": [{"type": "raspasy", "tricks": {"Anna": 3, "Boris": 2, "Olga": 5}}],
            },
            "error: deals[0].tricks: unknown player 'Olga'",
        ),
        (
            {
                **SPEC_RECORD,
                "deals": [
                    {
                        "type": "game",
                        "declarer": "Anna",
                        "contract": "7H",
                        "whist": {"Boris": "whist", "Vera": "pass"},
                        "tricks": {"Anna": 7, "Boris": "2", "Vera": 1},
                    }
                ],
            },
            "error: deals[0].tricks.Boris: Input should be a valid integer",
        ),
        (
            {**SPEC_RECORD, "deals": [{"type": "bridge"}]},
            "error: deals[0]: type must be game, misere, raspasy or correction",
        ),
        (
            {
                **SPEC_RECORD,
                "deals": [
                    {"type": "misere", "declarer": "Boris", "tricks": {"Boris": 0}, "bonus": 1}
                ],
            },
            "error: deals[0].bonus: unknown field",
        ),
        ({**SPEC_SHEET, "mountain": {"Z": 1}}, "error: mountain.Z: unknown player 'Z'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(doc: object, message: str) -> None:
    out = run(doc)
    assert out.returncode == 2
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert lines[0].startswith(message), lines[0]
    assert "Traceback" not in out.stderr


def test_missing_file() -> None:
    out = run("", "/nonexistent/pulka.json")
    assert out.returncode == 2
    assert out.stderr.startswith("error: /nonexistent/pulka.json: cannot read")


def test_settling_a_record_imports_and_builds_only_what_it_uses() -> None:
    # The calculator's start is most of its time: what it does not use is not imported,
    # and of the record's models only the one read is built.
    probe = (
        "import io, sys\n"
        "sys.stdin = io.TextIOWrapper(io.BytesIO(sys.argv[1].encode()))\n"
        "from scoring.__main__ import main\n"
        "from scoring import record\n"
        "assert main(['settle', '-']) == 0\n"
        "print(sorted(m for m in ('scoring.ending', 'scoring.entry', 'scoring.cost')"
        " if m in sys.modules))\n"
        "print([m.__name__ for m in (record.RecordModel, record.SheetModel, record.RulesModel,"
        " record.GameModel) if m.__pydantic_complete__])\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe, json.dumps(SPEC_RECORD)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[-2:] == ["[]", "['RecordModel']"]
