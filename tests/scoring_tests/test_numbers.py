"""One way to write a number (scoring/numbers.py) and the cents of the money (split_money)."""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import (
    exact_sum,
    figure,
    json_number,
    money_text,
    round_half_away,
    split_money,
    stake_text,
)
from scoring.numbers import JSON_EXACT_LIMIT

SETTINGS = settings(max_examples=50, deadline=None)

# --- figure -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "text"),
    [
        # Halves go away from zero, on both sides (the chat used to round 1/8 to 0.12).
        (F(1, 8), "0.13"),
        (F(-1, 8), "-0.13"),
        (F(3, 8), "0.38"),
        (F(1, 200), "0.01"),
        (F(-1, 200), "-0.01"),
        (F(5, 2), "2.5"),
        (Decimal("2.675"), "2.68"),  # a float would say 2.67: 2.675 is 2.67499... in binary
        (Decimal("-2.675"), "-2.68"),
        (Decimal("0.125"), "0.13"),
        (Decimal("-0.125"), "-0.13"),
        # Thirds.
        (F(1, 3), "0.33"),
        (F(2, 3), "0.67"),
        (F(-2, 3), "-0.67"),
        (F(40, 3), "13.33"),
        (F(-187, 3), "-62.33"),
        (F(110, 3), "36.67"),
        # Trailing zeros dropped, whole figures bare.
        (7, "7"),
        (F(15, 2), "7.5"),
        (F(10, 2), "5"),
        (Decimal("7.50"), "7.5"),
        (Decimal("7.00"), "7"),
        (F(199, 200), "1"),  # 0.995 rounds up to a whole
        (0, "0"),
        # Never "-0".
        (F(-1, 300), "0"),
        (Decimal("-0.004"), "0"),
        (Decimal("-0"), "0"),
        # Big values, exact at any size (no float, no Decimal context on the way).
        (10**30 + F(1, 3), "1000000000000000000000000000000.33"),
        (F(-(10**25) - 1, 8), "-1250000000000000000000000.13"),
        (Decimal("123456789012345678901234567890.125"), "123456789012345678901234567890.13"),
        (-(10**40), "-" + "1" + "0" * 40),
    ],
)
def test_figure(value: int | F | Decimal, text: str) -> None:
    assert figure(value) == text


def test_signed_figures() -> None:
    assert figure(F(16, 3), signed=True) == "+5.33"
    assert figure(F(-16, 3), signed=True) == "-5.33"
    assert figure(0, signed=True) == "0"
    assert figure(F(1, 300), signed=True) == "0"  # rounds to zero: no sign
    assert figure(F(-1, 300), signed=True) == "0"
    assert figure(F(1, 200), signed=True) == "+0.01"


def test_places() -> None:
    assert figure(F(5, 2), 0) == "3"
    assert figure(F(-5, 2), 0) == "-3"
    assert figure(F(1, 2), 0) == "1"
    assert figure(Decimal("0.0125"), 4) == "0.0125"
    assert figure(Decimal("0.01255"), 4) == "0.0126"
    assert figure(F(1, 3), 5) == "0.33333"
    assert round_half_away(F(-1, 2), 0) == -1
    with pytest.raises(ValueError):
        figure(1, -1)


def test_only_exact_numbers() -> None:
    with pytest.raises(TypeError):
        figure(0.125)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        money_text(1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        figure(True)
    with pytest.raises(ValueError):
        figure(Decimal("NaN"))
    with pytest.raises(ValueError):
        money_text(Decimal("Infinity"))


def test_money_and_stake() -> None:
    assert money_text(Decimal("-62.33")) == "-62.33"
    assert money_text(Decimal("5")) == "5.00"
    assert money_text(5) == "5.00"
    assert money_text(F(-187, 3)) == "-62.33"
    assert money_text(Decimal("0.005")) == "0.01"
    assert money_text(Decimal("-0.005")) == "-0.01"
    assert money_text(Decimal("-0.004")) == "0.00"  # never "-0.00"
    assert money_text(Decimal("-0.00")) == "0.00"
    assert money_text(Decimal("97.5"), signed=True) == "+97.50"
    assert money_text(0, signed=True) == "0.00"
    assert money_text(Decimal("1E+3")) == "1000.00"
    # Stakes as agreed, up to the 4 decimals the rules allow.
    assert stake_text(Decimal("1")) == "1"
    assert stake_text(Decimal("0.50")) == "0.5"
    assert stake_text(Decimal("0.0125")) == "0.0125"
    assert stake_text(Decimal("2.25")) == "2.25"
    assert stake_text(Decimal("1E+2")) == "100"


def test_json_numbers_print_the_figure() -> None:
    for value in (
        F(1, 8),
        F(-1, 8),
        F(-187, 3),
        F(1, 200),
        F(10, 2),
        F(-1, 300),
        Decimal("2.675"),
        F(JSON_EXACT_LIMIT - 1) + F(1, 3),
        10**30,
    ):
        number = json_number(value)
        assert json.dumps(number) == figure(value), value
    assert isinstance(json_number(F(10, 2)), int)
    assert isinstance(json_number(F(1, 300)), int)  # 0, not 0.0 or -0.0
    assert json.dumps(json_number(F(-1, 300))) == "0"


# --- properties of the formatter --------------------------------------------------------

fractions = st.builds(F, st.integers(-(10**12), 10**12), st.integers(1, 10**6))


def reference(x: F, places: int) -> Decimal:
    """Decimal's ROUND_HALF_UP is half away from zero; 100 digits hold every tie exactly."""
    with localcontext() as ctx:
        ctx.prec = 100
        q = Decimal(x.numerator) / Decimal(x.denominator)
        return q.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


@SETTINGS
@given(fractions, st.integers(0, 4))
def test_figure_is_decimal_half_up(x: F, places: int) -> None:
    ref = reference(x, places)
    text = f"{ref:f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    assert figure(x, places) == ("0" if text == "-0" else text)
    assert F(figure(x, places)) == F(ref)
    assert abs(F(figure(x, places)) - x) <= F(1, 2 * 10**places)


@SETTINGS
@given(fractions)
def test_money_text_is_decimal_half_up_to_the_cent(x: F) -> None:
    text = f"{reference(x, 2):f}"
    assert money_text(x) == ("0.00" if text == "-0.00" else text)
    assert money_text(x).rstrip("0").rstrip(".") == figure(x) or figure(x) == "0"


@SETTINGS
@given(fractions)
def test_json_number_text_is_the_figure(x: F) -> None:
    assert abs(x) < JSON_EXACT_LIMIT
    assert json.dumps(json_number(x)) == figure(x)


@SETTINGS
@given(fractions)
def test_sign_is_symmetric(x: F) -> None:
    assert figure(-x) == (
        "0" if figure(x) == "0" else figure(x).removeprefix("-") if x < 0 else "-" + figure(x)
    )


# --- split_money ---------------------------------------------------------------------------

STAKES = ("1", "0.5", "0.1", "0.03", "2.25", "0.07", "0.0125", "0", "1000")


def cents(*values: str) -> tuple[Decimal, ...]:
    return tuple(Decimal(v) for v in values)


def test_table_8_exact() -> None:
    """Each share is a third of a cent over its rounding: the winner B gives the cent back."""
    money = split_money((F(-187, 3), F(110, 3), F(77, 3)), Decimal("1"))
    assert money == cents("-62.33", "36.66", "25.67")
    assert [str(m) for m in money] == ["-62.33", "36.66", "25.67"]


def test_spec_record_at_half_a_rouble() -> None:
    """A cent is missing: the bigger loser (Vera) gets it, not the first seat."""
    money = split_money((F(-46, 3), F(236, 3), F(-190, 3)), Decimal("0.5"))
    assert money == cents("-7.67", "39.33", "-31.66")


def test_truncated_results_are_centred() -> None:
    """Table 8 truncated: -63/36/26 add up to -1, shared before the money."""
    assert split_money((-63, 36, 26), Decimal("1")) == cents("-62.66", "36.33", "26.33")


def test_the_tie_follows_the_figures_not_the_seats() -> None:
    # In cents: 1/3, -2/3, 1/3 round to 0, -1, 0; a cent is missing and all
    # three are a third of a cent off: the loser gets it, wherever he sits.
    stake = Decimal("0.01")
    for loser in range(3):
        results = [F(1, 3)] * 3
        results[loser] = F(-2, 3)
        assert split_money(tuple(results), stake) == (Decimal("0.00"),) * 3
    # The mirror: a cent too many is taken from the winner, wherever he sits.
    for winner in range(3):
        results = [F(-1, 3)] * 3
        results[winner] = F(2, 3)
        assert split_money(tuple(results), stake) == (Decimal("0.00"),) * 3


def test_seats_only_for_equal_shares() -> None:
    """Three equal shares, one cent to give: the earliest of them gets it."""
    stake = Decimal("0.01")
    assert split_money((F(1, 3), F(1, 3), F(1, 3), -1), stake) == cents(
        "0.01", "0.00", "0.00", "-0.01"
    )
    assert split_money((-1, F(1, 3), F(1, 3), F(1, 3)), stake) == cents(
        "-0.01", "0.01", "0.00", "0.00"
    )


def test_decimal_stakes() -> None:
    results = (F(-187, 3), F(110, 3), F(77, 3))
    # 0.07: -436.33, 256.67, 179.67 cents round to -436, 257, 180: a cent too
    # many, taken from the bigger winner.
    assert split_money(results, Decimal("0.07")) == cents("-4.36", "2.56", "1.80")
    # 0.0125: -77.92, 45.83, 32.08 cents round to -78, 46, 32: nothing to move.
    assert split_money(results, Decimal("0.0125")) == cents("-0.78", "0.46", "0.32")
    assert split_money(results, Decimal("0")) == cents("0.00", "0.00", "0.00")
    assert [str(m) for m in split_money(results, Decimal("0"))] == ["0.00"] * 3


def test_big_money_is_exact() -> None:
    big = 10**30
    money = split_money((F(-2 * big, 3), F(big, 3), F(big, 3)), Decimal("1"))
    # Summed as fractions: Decimal arithmetic would round to its 28 digits.
    assert sum(F(m) for m in money) == 0
    assert [str(m) for m in money] == ["-" + "6" * 30 + ".66", "3" * 30 + ".33", "3" * 30 + ".33"]


results_lists = st.lists(
    st.builds(F, st.integers(-(10**6), 10**6), st.sampled_from([1, 2, 3, 4, 6, 8, 12])),
    min_size=3,
    max_size=4,
)


@SETTINGS
@given(results_lists, st.sampled_from(STAKES), st.booleans())
def test_split_money_properties(results: list[F], stake_str: str, centred: bool) -> None:
    if centred:  # exact division: the results add up to zero
        results = [*results[:-1], -sum(results[:-1], F(0))]
    stake = Decimal(stake_str)
    money = split_money(tuple(results), stake)
    mean = sum(results, F(0)) / len(results)
    exact = [(r - mean) * F(stake) for r in results]
    assert sum(money) == 0
    for m, x in zip(money, exact, strict=True):
        assert m.as_tuple().exponent == -2  # to the cent, and str() is the chat's text
        assert str(m) == money_text(m)
        assert abs(F(m) - x) < F(1, 100)  # within a cent of exact
    plain = [F(round_half_away(x)) / 100 for x in exact]
    moved = [i for i, (m, p) in enumerate(zip(money, plain, strict=True)) if F(m) != p]
    assert len(moved) <= len(results) // 2
    if sum(plain) == 0:
        assert not moved  # every share is its own rounding when they add up


@SETTINGS
@given(results_lists, st.sampled_from(STAKES), st.permutations(range(4)))
def test_split_money_does_not_look_at_the_seats(
    results: list[F], stake_str: str, perm: list[int]
) -> None:
    """Reseating the players reseats their money, unless two shares are exactly equal."""
    order = [i for i in perm if i < len(results)]
    if len(set(results)) < len(results):
        return
    stake = Decimal(stake_str)
    money = split_money(tuple(results), stake)
    moved = split_money(tuple(results[i] for i in order), stake)
    assert moved == tuple(money[i] for i in order)


# --- exact_sum ----------------------------------------------------------------------

_EXACT = st.one_of(
    st.integers(-(10**12), 10**12),
    st.fractions(max_denominator=10**6),
    st.builds(F, st.integers(-(10**30), 10**30), st.sampled_from([1, 2, 3, 6, 100, 300])),
)


@SETTINGS
@given(st.lists(_EXACT, max_size=60))
def test_exact_sum_is_sum(values: list[int | F]) -> None:
    total = exact_sum(values)
    assert total == sum(values, F(0))
    assert type(total) is F


def test_exact_sum_refuses_what_is_not_exact() -> None:
    for odd in (0.5, True, Decimal("1.5")):
        with pytest.raises(TypeError):
            exact_sum([F(1, 3), odd])  # type: ignore[list-item]
