"""``docs/record-format.md`` against the code: the rules table, the examples, the errors.

The document is the project's public description of the record, so it must not
drift from what the calculator does: every rules key with its type, range and
per-variant default comes from the conventions table, the example record and
sheet are settled, the output shown is the real output, and each error example
gives exactly the line shown.  ``python tests/scoring_tests/test_record_format.py``
rewrites the table's generated columns (keeping the meanings) and the output.
"""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from scoring.__main__ import main
from scoring.jsonread import parse_json
from scoring.record import RulesModel, load_document, settlement_json
from scoring.rules import CONVENTIONS, Flag, Label, Money, OneOf, Variant, Whole, Wholes, jsonable

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "record-format.md"
SPEC = ROOT.parent / "shared" / "spec" / "pulka-json.md"
TABLE_START = "<!-- rules table: checked by tests/scoring_tests/test_record_format.py -->"
TABLE_END = "<!-- end of rules table -->"
HEADER = "| key | meaning | JSON type | allowed values | sochi | leningrad | rostov |"


def _code(value: Any) -> str:
    return f"`{json.dumps(jsonable(value), separators=(',', ':'), ensure_ascii=False)}`"


def describe(domain: object) -> tuple[str, str]:
    """A convention's JSON type and allowed values, as the table writes them."""
    if isinstance(domain, Flag):
        return "boolean", "`true`, `false`"
    if isinstance(domain, OneOf):
        return "string", ", ".join(_code(m) for m in domain.values)
    if isinstance(domain, Whole):
        return "integer", f"{domain.low} to {domain.high}"
    if isinstance(domain, Wholes):
        items = (
            str(domain.min_length)
            if domain.min_length == domain.max_length
            else f"{domain.min_length} to {domain.max_length}"
        )
        return "list of integers", f"{items} items, each {domain.low} to {domain.high}"
    if isinstance(domain, Money):
        return "decimal string", f'`"0"` to `"{domain.high}"`, at most {domain.places} decimals'
    if isinstance(domain, Label):
        return "string", f"1 to {domain.max_length} printable characters, no spaces"
    raise AssertionError(f"describe {domain!r} in docs/record-format.md and here")


def expected_cells() -> dict[str, list[str]]:
    """Each convention's generated cells: type, allowed values, the three defaults."""
    out = {}
    for c in CONVENTIONS:
        kind, allowed = describe(c.domain)
        out[c.name] = [kind, allowed, *(_code(c.default_for(v)) for v in Variant)]
    return out


def table_rows(text: str) -> list[list[str]]:
    body = text.split(TABLE_START, 1)[1].split(TABLE_END, 1)[0].strip().splitlines()
    assert body[0] == HEADER, body[0]
    return [[cell.strip() for cell in line.strip().strip("|").split(" | ")] for line in body[2:]]


def blocks(text: str) -> dict[str, str]:
    """The fenced blocks that follow a ``<!-- example: X -->`` or ``<!-- output of: X -->``."""
    found = re.findall(r"<!-- (example|output of): (\w+) -->\n```json\n(.*?)\n```", text, re.S)
    return {f"{kind} {name}": body for kind, name, body in found}


def settle_text(text: str) -> dict[str, Any]:
    return settlement_json(load_document(parse_json(text)))


# --- the rules table ------------------------------------------------------------------


def test_the_rules_table_lists_every_key_as_the_code_has_it() -> None:
    rows = table_rows(DOC.read_text(encoding="utf-8"))
    expected = expected_cells()
    keys = [row[0].strip("`") for row in rows]
    assert keys == list(expected), "run python tests/scoring_tests/test_record_format.py"
    for row in rows:
        key = row[0].strip("`")
        assert len(row) == 7, row
        assert row[1], f"{key}: say what it means"
        assert row[2:] == expected[key], (key, row[2:], expected[key])


def test_the_table_is_the_record_s_rules_keys() -> None:
    """What the table lists is exactly what ``rules`` accepts (besides ``variant``)."""
    assert set(RulesModel.model_fields) - {"variant"} == set(expected_cells())
    assert "whist_shortfall" in expected_cells()


# --- examples, output, errors -----------------------------------------------------------


def test_the_examples_settle_and_the_output_is_the_real_one() -> None:
    found = blocks(DOC.read_text(encoding="utf-8"))
    assert set(found) == {
        "example record",
        "example sheet",
        "output of sheet",
        "example hussar",
        "example five",
    }
    assert settle_text(found["example record"])["finished"] is False
    # Two and five players: the notes' E2 and E5 (rules.md section 14).
    hussar = settle_text(found["example hussar"])
    assert [p["result"] for p in hussar["players"]] == [-76, 76]
    five = settle_text(found["example five"])
    assert [p["result"] for p in five["players"]] == [84, 30, -10, -96, -8]
    assert settle_text(found["example sheet"]) == json.loads(found["output of sheet"])


def test_every_output_field_is_documented() -> None:
    text = DOC.read_text(encoding="utf-8")
    out = settle_text(blocks(text)["example sheet"])
    fields = {*out, "notice"} | {f"players[].{k}" for k in out["players"][0]}
    for field in fields:
        assert f"`{field}`" in text, field


def error_examples(text: str) -> list[tuple[str | None, list[str], str]]:
    """(standard input, arguments, the error line) of each example of the errors block."""
    body = text.split("<!-- errors: checked by", 1)[1].split("```console\n", 1)[1]
    lines = body.split("\n```", 1)[0].splitlines()
    out = []
    for command, error in zip(lines[::2], lines[1::2], strict=True):
        piped = re.fullmatch(r"\$ echo '(.*)' \| python -m scoring settle -", command)
        if piped:
            out.append((piped[1] + "\n", ["settle", "-"], error))
        else:
            assert command.startswith("$ python -m scoring"), command
            out.append((None, command.split()[4:], error))
    return out


EXAMPLES = error_examples(DOC.read_text(encoding="utf-8"))


@pytest.mark.parametrize(("stdin", "args", "error"), EXAMPLES, ids=[e[2] for e in EXAMPLES])
def test_each_error_example_is_the_real_line(
    stdin: str | None,
    args: list[str],
    error: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert error.startswith("error: ")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO((stdin or "").encode())))
    try:
        code = main(args)
    except SystemExit as e:  # argparse's own exit
        code = int(e.code or 0)
    out = capsys.readouterr()
    assert (code, out.out, out.err) == (2, "", error + "\n")


def test_the_readme_and_the_help_point_here(capsys: pytest.CaptureFixture[str]) -> None:
    assert "(docs/record-format.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
    for args in (["--help"], ["settle", "--help"]):
        with pytest.raises(SystemExit):
            main(args)
        assert "docs/record-format.md" in capsys.readouterr().out


@pytest.mark.skipif(not SPEC.exists(), reason="the fixed contract is outside the repository")
def test_compatible_with_the_fixed_contract() -> None:
    """Every field name and example of the fixed contract is in the project's document."""
    spec, doc = SPEC.read_text(encoding="utf-8"), DOC.read_text(encoding="utf-8")
    assert "python -m scoring settle FILE" in doc
    for block in re.findall(r"```json\n(.*?)\n```", spec, re.S):
        data = json.loads(block)
        stack = [data]
        while stack:
            node = stack.pop()
            if isinstance(node, dict):
                for key, value in node.items():
                    if not re.fullmatch(r"[A-Z]|Anna|Boris|Vera", key):
                        assert f"`{key}`" in doc or f'"{key}"' in doc, key
                    stack.append(value)
            elif isinstance(node, list):
                stack.extend(node)
    found = blocks(doc)
    spec_blocks = re.findall(r"```json\n(.*?)\n```", spec, re.S)
    assert json.loads(found["example record"]) == json.loads(spec_blocks[0])
    assert json.loads(found["example sheet"]) == json.loads(spec_blocks[1])


# --- regenerating -----------------------------------------------------------------------


def regenerate() -> None:
    """Rewrite the table's generated cells and the output of the sheet, keeping the rest."""
    text = DOC.read_text(encoding="utf-8")
    meanings = {row[0].strip("`"): row[1] for row in table_rows(text)}
    lines = [HEADER, "| --- | --- | --- | --- | --- | --- | --- |"]
    for key, cells in expected_cells().items():
        lines.append("| " + " | ".join([f"`{key}`", meanings.get(key, "TODO"), *cells]) + " |")
    head, rest = text.split(TABLE_START, 1)
    text = (
        f"{head}{TABLE_START}\n" + "\n".join(lines) + f"\n{TABLE_END}" + rest.split(TABLE_END, 1)[1]
    )
    found = blocks(text)
    output = json.dumps(settle_text(found["example sheet"]), ensure_ascii=False, indent=2)
    text = text.replace(
        f"<!-- output of: sheet -->\n```json\n{found['output of sheet']}\n```",
        f"<!-- output of: sheet -->\n```json\n{output}\n```",
    )
    DOC.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    regenerate()
