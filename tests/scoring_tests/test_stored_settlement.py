"""A settlement stored by the bot (the ``settle`` event's ``exact``) reads back equal.

The payloads below were written by the serialiser as it was when settlements were
first stored (``json.dumps(..., ensure_ascii=False)``, as the store writes a payload):
each reads back as the settlement the engine makes of the same sheet today, and is
written again byte for byte, so an old database's settlements stay what they were.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from scoring import Rules, Settlement, Sheet, settle
from scoring.record import settlement_from_json, settlement_to_json

TABLE_8 = Sheet(
    ("A", "B", "C"), (20, 20, 20), (13, Fraction(15, 2), 25), (0, 70, 100, 114, 0, 96, 140, 180, 0)
)
CYRILLIC = Sheet(("Анна", "Борис", "Вера"), TABLE_8.pulka, TABLE_8.mountain, TABLE_8.whists)
THIRDS = Sheet(
    ("A", "B", "C"), (10, 20, 3), (Fraction(1333, 100), 0, 4), (0, 7, 10, 11, 0, 9, 14, 18, 0)
)
FOUR = Sheet(("A", "B", "C", "D"), (5, 10, 0, 20), (4, 0, 12, 3), tuple(range(16)))

#: (the sheet and rules settled, the payload stored then).
STORED: dict[str, tuple[Sheet, Rules, str]] = {
    "table_8": (
        TABLE_8,
        Rules(),
        (
            '{"players": ["A", "B", "C"], "finished": true, "equalised": ["13", "15/2", "25"], '
            '"amnestied": ["11/2", "0", "35/2"], "average": "23/3", "mountain_results": ["65/3", '
            '"230/3", "-295/3"], "balances": [["0", "-44", "-40"], ["44", "0", "-84"], ["40", '
            '"84", "0"]], "adjustment": null, "results": ["-187/3", "110/3", "77/3"], '
            '"money": ["-62.33", "36.66", "25.67"], "payments": [["A", "B", "36.66"], ["A", "C", '
            '"25.67"]], "notice": null}'
        ),
    ),
    "adjusted": (
        CYRILLIC,
        Rules(division="adjust", stake="0.5"),
        (
            '{"players": ["Анна", "Борис", "Вера"], "finished": true, "equalised": ["13", '
            '"15/2", "25"], "amnestied": ["11/2", "1", "35/2"], "average": "8", '
            '"mountain_results": ["22", "76", "-98"], "balances": [["0", "-44", "-40"], ["44", '
            '"0", "-84"], ["40", "84", "0"]], "adjustment": [1, "1", 3], "results": ["-62", '
            '"36", "26"], "money": ["-31.00", "18.00", "13.00"], "payments": [["Анна", "Борис", '
            '"18.00"], ["Анна", "Вера", "13.00"]], "notice": null}'
        ),
    ),
    "adjust_inapplicable": (
        THIRDS,
        Rules(division="adjust"),
        (
            '{"players": ["A", "B", "C"], "finished": false, "equalised": ["2333/100", "0", '
            '"21"], "amnestied": ["2333/100", "0", "21"], "average": "4433/300", '
            '"mountain_results": ["-1283/15", "4433/30", "-1867/30"], "balances": [["0", "-4", '
            '"-4"], ["4", "0", "-9"], ["4", "9", "0"]], "adjustment": null, '
            '"results": ["-1403/15", "4283/30", "-1477/30"], "money": ["-93.53", "142.76", '
            '"-49.23"], "payments": [["A", "B", "93.53"], ["C", "B", "49.23"]], '
            '"notice": "adjust_inapplicable"}'
        ),
    ),
    "four": (
        FOUR,
        Rules(stake="1.25"),
        (
            '{"players": ["A", "B", "C", "D"], "finished": false, "equalised": ["19", "10", '
            '"32", "3"], "amnestied": ["16", "7", "29", "0"], "average": "13", '
            '"mountain_results": ["-30", "60", "-160", "130"], "balances": [["0", "-3", "-6", '
            '"-9"], ["3", "0", "-3", "-6"], ["6", "3", "0", "-3"], ["9", "6", "3", "0"]], '
            '"adjustment": null, "results": ["-48", "54", "-154", "148"], "money": ["-60.00", '
            '"67.50", "-192.50", "185.00"], "payments": [["C", "D", "185.00"], ["C", "B", '
            '"7.50"], ["A", "B", "60.00"]], "notice": null}'
        ),
    ),
}


@pytest.mark.parametrize("case", list(STORED))
def test_an_old_payload_reads_back_equal_and_is_written_the_same(case: str) -> None:
    sheet, rules, text = STORED[case]
    back = settlement_from_json(json.loads(text))
    assert back == settle(sheet, rules)
    assert json.dumps(settlement_to_json(back), ensure_ascii=False) == text


def test_every_figure_of_a_settlement_is_stored() -> None:
    # A figure added to Settlement must be stored too, or it would not read back.
    s = settle(THIRDS, Rules(division="adjust"))
    assert list(settlement_to_json(s)) == list(Settlement.__dataclass_fields__)
    assert s.notice == "adjust_inapplicable"
    assert settle(CYRILLIC, Rules(division="adjust")).adjustment == (1, 1, 3)


@pytest.mark.parametrize("case", list(STORED))
def test_the_compact_form_reads_back_as_the_full_one(case: str) -> None:
    sheet, rules, text = STORED[case]
    s = settle(sheet, rules)
    compact = json.loads(json.dumps(settlement_to_json(s, compact=True)))
    assert settlement_from_json(compact) == s
    full = settlement_to_json(settlement_from_json(compact))
    assert json.dumps(full, ensure_ascii=False) == text
    assert len(json.dumps(compact, ensure_ascii=False)) < len(text)


def test_the_compact_form_keeps_an_adjustment_and_a_notice() -> None:
    for s in (settle(THIRDS, Rules(division="adjust")), settle(CYRILLIC, Rules(division="adjust"))):
        compact = settlement_to_json(s, compact=True)
        assert settlement_from_json(json.loads(json.dumps(compact))) == s
    assert settlement_to_json(settle(THIRDS, Rules(division="adjust")), compact=True)["notice"]
    assert "adjustment" in settlement_to_json(
        settle(CYRILLIC, Rules(division="adjust")), compact=True
    )
