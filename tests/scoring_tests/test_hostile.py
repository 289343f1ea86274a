"""Hostile input to ``python -m scoring settle``: one line on stderr, exit 2, never a traceback.

Each case was measured to crash (exit 1 and a traceback: 1e26 and up broke the
money's decimal arithmetic, 5,001 digits broke ``int()``), to make a two-line
error (a newline in a name) or to be read silently wrong (a key given twice,
the last one winning).  The table runs through :func:`scoring.__main__.main`;
a few go through a real ``python -m scoring`` process as well.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from decimal import Decimal
from fractions import Fraction

import pytest

from scoring import Correction, InvalidDeal
from scoring.__main__ import _fail, main
from scoring.deals import MAX_AMOUNT, check_amount
from scoring.errors import key_path, one_line
from scoring.jsonread import MAX_DEPTH, parse_json

SHEET = '{"format": "pulka-sheet/1", "players": ["A", "B", "C"], %s}'
RECORD = '{"format": "pulka/1", "players": ["A", "B", "C"], "deals": [%s]}'
RASPASY = '{"type": "raspasy", "tricks": %s}'
GAME = (
    '{"type": "game", "declarer": "A", "contract": "7H", "whist": %s, '
    '"tricks": {"A": 7, "B": 2, "C": 1}}'
)
DIGITS = "9" * 5001

HOSTILE: list[tuple[str, str | bytes, str]] = [
    # Amounts of a paper sheet and of a correction.
    ("1e26", SHEET % '"mountain": {"A": 1e26}', "mountain.A: an amount must be from -1000000"),
    ("1e300", SHEET % '"mountain": {"A": 1e300}', "mountain.A: an amount must be from"),
    ("1e300 whists", SHEET % '"whists": {"A": {"B": -1e300}}', "whists.A.B: an amount must"),
    ("10**30 pulka", SHEET % '"pulka": {"C": 1%s}' % ("0" * 30), "pulka.C: an amount must"),
    (
        '"1e5000"',
        SHEET % '"mountain": {"A": "1e5000"}',
        "mountain.A: an amount must be a JSON number",
    ),
    ("true as amount", SHEET % '"pulka": {"A": true}', "pulka.A: an amount must be a JSON"),
    (
        "5 decimals",
        SHEET % '"mountain": {"A": 1.23456}',
        "mountain.A: an amount may have at most 4 decimals",
    ),
    ("1e400", SHEET % '"mountain": {"A": 1e400}', "mountain.A: the number 1e400 is out of range"),
    ("1e-400", SHEET % '"mountain": {"A": 1e-400}', "mountain.A: the number 1e-400 is out of"),
    (
        "correction 1e300",
        RECORD % '{"type": "correction", "player": "A", "mountain": 1e300}',
        "deals[0].mountain: an amount must be from -1000000 to 1000000",
    ),
    (
        "correction 1e26 whists",
        RECORD % '{"type": "correction", "player": "A", "whists": {"B": 1e26}}',
        "deals[0].whists.B: an amount must be from",
    ),
    (
        'correction "1e5000"',
        RECORD % '{"type": "correction", "player": "A", "pulka": "1e5000"}',
        "deals[0].pulka: an amount must be a JSON number",
    ),
    # Numbers too long for any field.
    (
        "5001-digit amount",
        SHEET % f'"mountain": {{"A": {DIGITS}}}',
        "mountain.A: a number of 5001 characters is too long (at most 100)",
    ),
    (
        "5001-digit tricks",
        RECORD % RASPASY % f'{{"A": {DIGITS}, "B": 1, "C": 1}}',
        "deals[0].tricks.A: a number of 5001 characters is too long",
    ),
    ("5001-digit top level", DIGITS, "a number of 5001 characters is too long"),
    (
        "5000-decimal float",
        SHEET % f'"mountain": {{"A": 1.{DIGITS}}}',
        "mountain.A: a number of 5003 characters is too long",
    ),
    ("NaN", SHEET % '"mountain": {"A": NaN}', "mountain.A: NaN is not a number"),
    ("Infinity", SHEET % '"pulka": {"B": Infinity}', "pulka.B: Infinity is not a number"),
    ("-Infinity", RECORD % RASPASY % '{"A": -Infinity}', "deals[0].tricks.A: -Infinity is not"),
    # Names.
    (
        "newline in a player",
        '{"format": "pulka/1", "players": ["A\\nB", "B", "C"]}',
        "players[0]: a name cannot contain the control character U+000A",
    ),
    (
        "newline in a key",
        SHEET % '"mountain": {"Z\\nerror: forged": 1}',
        "mountain['Z\\nerror: forged']: a name cannot contain the control character U+000A",
    ),
    (
        "tab in tricks",
        RECORD % RASPASY % '{"A\\t": 5, "B": 2, "C": 3}',
        "deals[0].tricks['A\\t']: a name cannot contain the control character U+0009",
    ),
    (
        "NUL declarer",
        RECORD
        % GAME.replace('"declarer": "A"', '"declarer": "A\\u0000"')
        % ('{"B": "whist", "C": "pass"}'),
        "deals[0].declarer: a name cannot contain",
    ),
    (
        "line separator dealer",
        RECORD % RASPASY.replace("}", ', "dealer": "A\\u2028"}', 1) % ('{"A": 5, "B": 2, "C": 3}'),
        "deals[0].dealer: a name cannot contain the control character U+2028",
    ),
    (
        "newline in a whist key",
        RECORD % GAME % '{"B\\n": "whist", "C": "pass"}',
        "deals[0].whist['B\\n']: a name cannot contain",
    ),
    (
        "bidi override in a correction",
        RECORD % '{"type": "correction", "player": "\\u202eA", "pulka": 1}',
        "deals[0].player: a name cannot contain the control character U+202E",
    ),
    (
        "lone surrogate",
        '{"format": "pulka/1", "players": ["\\ud800", "B", "C"]}',
        "players[0]: the text holds U+D800, half of a UTF-16 pair",
    ),
    (
        "lone surrogate key",
        SHEET % '"mountain": {"\\udc00": 1}',
        "mountain['\\udc00']: the text holds U+DC00",
    ),
    ("a name of 100,000", SHEET % '"mountain": {"%s": 1}' % ("N" * 100_000), "mountain.NNNN"),
    # Keys given twice.
    (
        "format twice",
        SHEET.replace('"players"', '"format": "pulka/1", "players"') % '"pulka": {}',
        "'format' is given twice",
    ),
    ("players twice", SHEET % '"players": ["A", "B", "D"]', "'players' is given twice"),
    (
        "rules key twice",
        SHEET % '"rules": {"target": 20, "target": 10}',
        "rules: 'target' is given twice",
    ),
    (
        "a name twice in tricks",
        RECORD % RASPASY % '{"A": 5, "B": 2, "A": 3, "C": 3}',
        "deals[0].tricks: A is named twice",
    ),
    (
        "a name twice in whist",
        RECORD % GAME % '{"B": "whist", "C": "pass", "B": "pass"}',
        "deals[0].whist: B is named twice",
    ),
    (
        "a name twice in a sheet row",
        SHEET % '"whists": {"A": {"B": 1, "B": 2}}',
        "whists.A: B is named twice",
    ),
    (
        "a name twice in the mountain",
        SHEET % '"mountain": {"A": 1, "A": 2}',
        "mountain: A is named twice",
    ),
    # Structure.
    ("deep arrays", "[" * 100_000 + "]" * 100_000, "invalid JSON: nested more than 32 levels"),
    ("deep objects", '{"a": ' * 5_000 + "1" + "}" * 5_000, "invalid JSON: nested more than"),
    (
        "40 levels in a note",
        RECORD % ('{"type": "correction", "player": "A", "note": ' + "[" * 40 + "]" * 40 + "}"),
        "invalid JSON: nested",
    ),
    ("not UTF-8", b'{"format": "pulka/1", "players": ["\xff"]}', "-: not UTF-8 text"),
    ("empty", "", "invalid JSON at line 1 column 1: Expecting value"),
    ("not an object", "[1, 2]", "the document must be a JSON object"),
    (
        "a megabyte contract",
        RECORD % GAME.replace('"7H"', '"%s"' % ("7" * 1_000_000)) % ('{"B": "whist", "C": "pass"}'),
        "deals[0].contract: String should have at most 16",
    ),
]


def run_main(
    stdin: str | bytes, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    data = stdin if isinstance(stdin, bytes) else stdin.encode("utf-8", "surrogatepass")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    code = main(["settle", "-"])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(
    ("stdin", "message"), [(c[1], c[2]) for c in HOSTILE], ids=[c[0] for c in HOSTILE]
)
def test_hostile_input_is_one_line_and_exit_2(
    stdin: str | bytes,
    message: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run_main(stdin, monkeypatch, capsys)
    assert (code, out) == (2, ""), err
    assert err.endswith("\n") and len(err.splitlines()) == 1 and err.count("\n") == 1, err
    assert err.isascii() or err[:-1].isprintable(), err
    assert err.startswith("error: " + message), err
    assert len(err) < 300, err  # quoted names are shortened


def test_the_name_of_100000_is_quoted_short(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, _, err = run_main(SHEET % '"mountain": {"%s": 1}' % ("N" * 100_000), monkeypatch, capsys)
    assert err == "error: mountain." + "N" * 63 + "…: String should have at most 64 characters\n"


def test_bounds_are_inclusive(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = SHEET % (
        '"pulka": {"A": -1000000, "B": 1000000, "C": 13.3333}, '
        '"mountain": {"A": 1000000.0, "B": 0.0001}, "whists": {"A": {"B": -1e6}}'
    )
    code, out, err = run_main(doc, monkeypatch, capsys)
    assert code == 0, err
    data = json.loads(out)
    assert [p["pulka"] for p in data["players"]] == [-1000000, 1000000, 13.33]
    assert sum(Decimal(p["money"]) for p in data["players"]) == 0


def test_adjust_that_cannot_apply_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Thirds on the mountains: rule 4.2.12 has no move to make; the output says so."""
    thirds = SHEET % (
        '"rules": {"division": "adjust"}, "pulka": {"A": 20, "B": 20, "C": 20}, '
        '"mountain": {"A": 13.33, "B": 7, "C": 25}'
    )
    code, out, err = run_main(thirds, monkeypatch, capsys)
    assert code == 0, err
    adjusted = json.loads(out)
    assert adjusted["notice"].startswith('division "adjust" (rule 4.2.12) cannot apply')
    # Settled exactly instead: the same figures as "exact", which has nothing to say.
    code, out, _ = run_main(thirds.replace('"adjust"', '"exact"'), monkeypatch, capsys)
    assert json.loads(out) == {k: v for k, v in adjusted.items() if k != "notice"}
    # Where the rule applies (halves), there is no notice.
    halves = thirds.replace("13.33", "13")
    code, out, _ = run_main(halves, monkeypatch, capsys)
    assert code == 0 and "notice" not in json.loads(out)


@pytest.mark.parametrize(
    ("stdin", "message"),
    [
        (
            SHEET % f'"mountain": {{"A": {DIGITS}}}',
            "error: mountain.A: a number of 5001 characters",
        ),
        (
            '{"format": "pulka/1", "players": ["A\\nB", "B", "C"]}',
            "error: players[0]: a name cannot contain the control character U+000A",
        ),
        (
            RECORD % RASPASY % '{"A": 5, "B": 2, "A": 3, "C": 3}',
            "error: deals[0].tricks: A is named twice",
        ),
    ],
)
def test_a_real_process(stdin: str, message: str) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "scoring", "settle", "-"],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr.startswith(message) and out.stderr.count("\n") == 1, out.stderr
    assert "Traceback" not in out.stderr


def test_a_real_process_writes_utf8_whatever_the_locale() -> None:
    doc = '{"format": "pulka-sheet/1", "players": ["Анна", "Борис", "Вера"]}'
    out = subprocess.run(
        [sys.executable, "-m", "scoring", "settle", "-"],
        input=doc.encode(),
        capture_output=True,
        timeout=60,
        env={"PYTHONIOENCODING": "latin-1", "PATH": ""},
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.decode("utf-8"))["players"][0]["name"] == "Анна"


# --- the pieces -----------------------------------------------------------------------


def test_fail_is_one_line_whatever_the_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert _fail("a\nb\r\nc\u2028d\x00e\u202ef") == 2
    assert capsys.readouterr().err == "error: a\\nb\\r\\nc\\u2028d\\x00e\\u202ef\n"


def test_one_line_and_key_path() -> None:
    assert one_line("Анна ♥ 7") == "Анна ♥ 7"
    assert key_path("mountain", " A") == "mountain[' A']"
    assert key_path("", "[key]") == "['[key]']"
    assert key_path("whists", "Анна") == "whists.Анна"


def test_the_reader() -> None:
    assert parse_json('\ufeff{"a": [1, -0.5, "\\u00e9"]}') == {"a": [1, -0.5, "é"]}
    assert parse_json(b'{"a": 1}') == {"a": 1}
    nested = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert parse_json(nested) is not None
    with pytest.raises(InvalidDeal) as e:
        parse_json("[" + nested + "]")
    assert e.value.code == "json_depth"
    with pytest.raises(InvalidDeal) as e:
        parse_json('{"tricks": {"A": 1, "A": 1}}')
    assert (e.value.code, e.value.path, e.value.params) == ("named_twice", "tricks", {"name": "A"})
    with pytest.raises(InvalidDeal) as e:
        parse_json('[{"x": 1, "x": 2}]')
    assert (e.value.code, e.value.path, e.value.params) == ("json_duplicate", "[0]", {"key": "x"})
    with pytest.raises(InvalidDeal) as e:
        parse_json('{"a": 1,\n "b": }')
    assert (e.value.code, e.value.params["line"], e.value.params["column"]) == ("json_syntax", 2, 7)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (r'["\ud83d\ude00"]', ["\U0001f600"]),  # a true pair is one character
        (r'["\\ud83d"]', ["\\ud83d"]),  # an escaped backslash, then letters
        (r'["\\\ud83d\ude00"]', ["\\\U0001f600"]),
        (r'["\ud83d"]', None),
        (r'["\ude00\ud83d"]', None),
        (r'["\\ud83d\ude00"]', None),  # a backslash, "ud83d", and a lone low half
        (r'{"a": {"\udbff": 1}}', None),
        (r'["\ud83d\\\ude00"]', None),  # two halves with a backslash between
    ],
)
def test_lone_surrogates_exactly(text: str, value: list[str] | None) -> None:
    if value is not None:
        assert parse_json(text) == value
    else:
        with pytest.raises(InvalidDeal) as e:
            parse_json(text)
        assert e.value.code == "json_surrogate"


def test_the_first_problem_in_document_order_is_told() -> None:
    with pytest.raises(InvalidDeal) as e:
        parse_json('{"a": [1, NaN], "b": {"x": 1, "x": 2}, "c": 1e400}')
    assert (e.value.code, e.value.path) == ("json_constant", "a[1]")


def test_a_correction_is_bounded_whoever_builds_it() -> None:
    Correction.of("A", pulka=MAX_AMOUNT, mountain=-MAX_AMOUNT, whists={"B": Fraction(1, 10**4)})
    with pytest.raises(InvalidDeal) as e:
        Correction.of("A", mountain=MAX_AMOUNT + 1)
    assert (e.value.code, e.value.path) == ("amount_range", "mountain")
    with pytest.raises(InvalidDeal) as e:
        Correction.of("A", whists={"B": Fraction(1, 3)})
    assert (e.value.code, e.value.path) == ("amount_decimals", "whists.B")


@pytest.mark.parametrize(
    "value",
    [
        Decimal("1e-999999999"),
        Decimal("NaN"),
        Decimal("-Infinity"),
        Decimal("1e999999999"),
        Decimal("0.00001"),
        10**5000,
    ],
    ids=["1e-999999999", "NaN", "-Infinity", "1e999999999", "1e-5", "10**5000"],
)
def test_check_amount_is_quick_on_extremes(value: Decimal | int) -> None:
    with pytest.raises(InvalidDeal):
        check_amount(value)


def test_check_amount_counts_decimals_not_digits() -> None:
    check_amount(Decimal("7.50000000"))
    check_amount(Decimal("1E+3"))
    check_amount(Decimal("-0.0000"))
