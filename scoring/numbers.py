"""One way to write a number: exact values to text, half away from zero.

Every figure the players see (the chat, the picture, the JSON export and the
calculator) goes through :func:`figure` or :func:`money_text`, so the same
exact value always reads the same; a result told beside its money goes through
:func:`whists_text`, which writes thirds exactly, so that the money reads as that
figure times the stake.  Rounding is done on the exact value
(``int``, :class:`~fractions.Fraction` or :class:`~decimal.Decimal`), never
through a float, and halves go away from zero, as they do on paper:

>>> figure(Fraction(1, 8)), figure(Fraction(-1, 8)), figure(Fraction(-187, 3))
('0.13', '-0.13', '-62.33')
>>> figure(7), figure(Fraction(15, 2)), figure(Fraction(16, 3), signed=True)
('7', '7.5', '+5.33')
>>> money_text(Decimal("-62.333")), money_text(5), money_text(Fraction(1, 200))
('-62.33', '5.00', '0.01')

A JSON writer gets a number whose text is the figure:

>>> import json
>>> json.dumps([json_number(Fraction(1, 8)), json_number(Fraction(10, 2))])
'[0.13, 5]'
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from math import gcd

__all__ = [
    "FIGURE_PLACES",
    "JSON_EXACT_LIMIT",
    "MONEY_PLACES",
    "STAKE_PLACES",
    "exact_sum",
    "figure",
    "json_number",
    "money_text",
    "round_half_away",
    "stake_text",
    "whists_text",
]

Exact = int | Fraction | Decimal

#: Decimals of a figure in whists or points (the spec's "rounded to 2 decimals").
FIGURE_PLACES = 2
#: Money is always written to the cent.
MONEY_PLACES = 2
#: The stake is validated to at most 4 decimals, so this writes it exactly.
STAKE_PLACES = 4
#: Below this, a non-whole figure's float repr is the figure's own text: a
#: double carries any 15 significant digits (IEEE 754's DBL_DIG), which is 13
#: whole digits and 2 decimals.  No pulka comes near 10**13 whists.
JSON_EXACT_LIMIT = 10**13


def _exact(x: Exact) -> Fraction:
    # A float is already rounded in binary (0.125 is fine, 0.1 is not), so it
    # has no place in a chain that promises exact rounding: refuse it loudly.
    if isinstance(x, bool) or not isinstance(x, int | Fraction | Decimal):
        raise TypeError(f"an exact number (int, Fraction or Decimal) is needed, not {x!r}")
    if type(x) is Fraction:
        return x
    if isinstance(x, Decimal) and not x.is_finite():
        raise ValueError(f"{x} is not a finite number")
    return Fraction(x)


def round_half_away(x: Exact, places: int = FIGURE_PLACES) -> int:
    """``x`` in units of ``10**-places``, rounded half away from zero.

    >>> round_half_away(Fraction(1, 8)), round_half_away(Fraction(-1, 8))
    (13, -13)
    >>> round_half_away(Decimal("2.5"), 0), round_half_away(Decimal("-2.5"), 0)
    (3, -3)
    >>> round_half_away(Fraction(-1, 300))
    0
    """
    if places < 0:
        raise ValueError("places must be 0 or more")
    scale: int = 10**places  # int ** int is typed Any (a negative power is a float)
    if type(x) is int:  # most figures on a sheet are whole: nothing to round
        return x * scale
    exact = _exact(x)
    numerator, denominator = exact.numerator * scale, exact.denominator
    whole, rest = divmod(abs(numerator), denominator)
    if 2 * rest >= denominator:
        whole += 1
    return whole if numerator >= 0 else -whole


def _text(units: int, places: int, *, trim: bool, signed: bool) -> str:
    digits = str(abs(units)).rjust(places + 1, "0")
    body = digits[: len(digits) - places] if places else digits
    if places:
        frac = digits[len(digits) - places :]
        if trim:
            frac = frac.rstrip("0")
        if frac:
            body = f"{body}.{frac}"
    # The sign follows the rounded figure, so a tiny loss never shows as "-0".
    if units < 0:
        return "-" + body
    return "+" + body if signed and units > 0 else body


def figure(x: Exact, places: int = FIGURE_PLACES, *, signed: bool = False) -> str:
    """A figure for people: rounded half away from zero, trailing zeros dropped.

    ``signed`` writes ``+`` before a positive figure (a zero has no sign); the
    minus is the ASCII ``-`` so the text can be copied into a calculator.

    >>> [figure(v) for v in (Fraction(40, 3), Fraction(-2, 3), Fraction(1, 200), Fraction(-1, 300))]
    ['13.33', '-0.67', '0.01', '0']
    >>> figure(Fraction(5, 2), signed=True), figure(Fraction(1, 300), signed=True)
    ('+2.5', '0')
    >>> figure(Decimal("0.0125"), STAKE_PLACES), figure(Decimal("1.005")), figure(10**20 + 1)
    ('0.0125', '1.01', '100000000000000000001')
    """
    return _text(round_half_away(x, places), places, trim=True, signed=signed)


#: The thirds and sixths a settlement's results fall on (a mountain shared by three),
#: written as a table writes them rather than rounded.
_VULGAR = {
    Fraction(1, 3): "⅓",
    Fraction(2, 3): "⅔",
    Fraction(1, 6): "⅙",
    Fraction(5, 6): "⅚",
}


def whists_text(x: Exact, *, signed: bool = False) -> str:
    """A result in whists told beside its money: thirds and sixths exactly, as a
    table writes them (``296⅔``), so that the money beside it is this figure times
    the stake; any other figure as :func:`figure` writes it.

    >>> whists_text(Fraction(890, 3), signed=True), whists_text(Fraction(-46, 3))
    ('+296⅔', '-15⅓')
    >>> whists_text(Fraction(-2, 3)), whists_text(Fraction(7, 6)), whists_text(Fraction(15, 2))
    ('-⅔', '1⅙', '7.5')
    >>> whists_text(36, signed=True), whists_text(0, signed=True), whists_text(Fraction(1, 8))
    ('+36', '0', '0.13')
    """
    exact = _exact(x)
    if exact.denominator not in (3, 6):
        return figure(exact, signed=signed)
    whole, part = divmod(abs(exact), 1)
    body = (str(whole) if whole else "") + _VULGAR[part]
    if exact < 0:
        return "-" + body
    return "+" + body if signed else body


def money_text(amount: Exact, *, signed: bool = False) -> str:
    """Money, always to the cent: ``-62.33``, ``5.00``, ``0.00``.

    >>> money_text(Decimal("36.665")), money_text(Decimal("-36.665")), money_text(Decimal("-0.00"))
    ('36.67', '-36.67', '0.00')
    >>> money_text(Decimal("97.5"), signed=True)
    '+97.50'
    """
    return _text(round_half_away(amount, MONEY_PLACES), MONEY_PLACES, trim=False, signed=signed)


def stake_text(stake: Exact) -> str:
    """The stake as agreed (up to 4 decimals): ``1``, ``0.5``, ``0.0125``.

    >>> stake_text(Decimal("0.50")), stake_text(Decimal("0.0125")), stake_text(Decimal("2"))
    ('0.5', '0.0125', '2')
    """
    return figure(stake, STAKE_PLACES)


def json_number(x: Exact, places: int = FIGURE_PLACES) -> int | float:
    """A JSON number whose text (``json.dumps``) is exactly ``figure(x, places)``.

    Whole figures are ``int`` (exact at any size); others are the ``float`` whose
    shortest repr is the figure's text, which Python guarantees while the
    figure has at most 15 significant digits (below :data:`JSON_EXACT_LIMIT` with
    2 decimals).  Past that a double cannot hold the figure, and this is the
    nearest double: the same loss the JSON reader already had on input.

    >>> json_number(Fraction(-187, 3)), json_number(Fraction(1, 300)), json_number(Fraction(9, 3))
    (-62.33, 0, 3)
    >>> json_number(Fraction(-1, 300))  # never -0.0
    0
    """
    units = round_half_away(x, places)
    scale: int = 10**places
    if units % scale == 0:
        return units // scale
    return float(_text(units, places, trim=True, signed=False))


def exact_sum(values: Iterable[int | Fraction]) -> Fraction:
    """``sum(values, Fraction(0))``, exactly the same, without a :class:`Fraction` made
    (and reduced by a gcd) per addition: the values are added over one common
    denominator and one fraction is made at the end.  What a sum over a chat's
    hundreds of nights is worked out by.

    >>> exact_sum([Fraction(1, 3), 2, Fraction(-5, 6)]), exact_sum([])
    (Fraction(3, 2), Fraction(0, 1))
    >>> exact_sum([Fraction(1, 4), Fraction(3, 4)]) == 1
    True
    >>> exact_sum([0.5])
    Traceback (most recent call last):
    ...
    TypeError: an int or a Fraction is needed, not 0.5
    """
    top, bottom = 0, 1
    for x in values:
        if type(x) is int:
            top += x * bottom
            continue
        if type(x) is not Fraction:
            raise TypeError(f"an int or a Fraction is needed, not {x!r}")
        n, d = x.numerator, x.denominator
        if d != bottom:
            if bottom % d == 0:
                n *= bottom // d
            else:  # the common denominator grows to the least common multiple
                g = gcd(bottom, d)
                top *= d // g
                n *= bottom // g
                bottom = bottom // g * d
        top += n
    return Fraction(top, bottom)
