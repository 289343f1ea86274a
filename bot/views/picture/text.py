"""Text on the sheet: fonts, measuring, and flowing tokens into a zone's regions.

:func:`fit` takes the largest size at which a column of running totals fits, else
leaves its oldest totals behind an ellipsis (never the current one).  A flow is
measured only as far as it gets, so a column of a thousand totals costs what one
that fills its region costs.

>>> column = totals([2, 4, 10], "pulka", 0)
>>> [(p.tok.text, p.size, p.tok.deco) for p in fit([(0, 0, 100, 30)], column, sizes=(30, 20, 15))]
[('2', 20, 's'), ('4', 20, 's'), ('10', 20, '')]
>>> [p.tok.text for p in fit([(0, 0, 150, 30)], totals(list(range(1, 1000)), "mountain", 0))]
['…', '998', '999']
"""

from __future__ import annotations

import math
import threading
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

from bot.views.picture.paper import INK, MUTED, RGB, Box, Rect
from scoring import figure, money_text
from scoring.sheet import Number

#: The fonts ship with the bot's views (``pyproject.toml`` packages ``views/assets``).
ASSETS = Path(__file__).resolve().parent.parent / "assets"
FONT_REGULAR = ASSETS / "DejaVuSans.ttf"
FONT_BOLD = ASSETS / "DejaVuSans-Bold.ttf"

# Fonts are shared; FreeType faces are not safe to use from two threads at once,
# so whoever lays out or draws a sheet holds this.
LOCK = threading.Lock()


# --- numbers ----------------------------------------------------------------------

#: Written after each running total but the last: nothing.  A dot (``2.4.6.``) reads as
#: a decimal point and a comma is the decimal sign in Russian, so the totals stand apart
#: and every one but the current is struck through in the muted ink.
SEPARATOR = ""


def format_number(x: Number | Decimal, *, signed: bool = False) -> str:
    """A figure as the chat and the export write it (:func:`scoring.numbers.figure`).

    >>> from fractions import Fraction
    >>> format_number(Fraction(40, 3)), format_number(Fraction(-5, 2), signed=True)
    ('13.33', '-2.5')
    >>> format_number(Fraction(12, 1), signed=True), format_number(0, signed=True)
    ('+12', '0')
    """
    return figure(x, signed=signed)


def format_money(amount: Decimal, currency: str = "", *, signed: bool = False) -> str:
    """``-62.33 RUB``, ``+5.00``: to the cent, as the chat writes money.

    >>> format_money(Decimal("-62.33"), "RUB"), format_money(Decimal("5.00"), signed=True)
    ('-62.33 RUB', '+5.00')
    """
    return f"{money_text(amount, signed=signed)} {currency}".rstrip()


# --- fonts ------------------------------------------------------------------------


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at ``size`` px; the basic layout, so no system library changes widths."""
    path = FONT_BOLD if bold else FONT_REGULAR
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=8192)
def width(text: str, size: int, bold: bool) -> float:
    """The advance of ``text`` at ``size``, in pixels."""
    return font(size, bold).getlength(text)


def shorten(text: str, size: int, bold: bool, room: float) -> str:
    """``text`` cut with an ellipsis to fit ``room`` pixels at ``size``."""
    if width(text, size, bold) <= room:
        return text

    def overflows(k: int) -> bool:
        return width(text[:k].rstrip() + "…", size, bold) > room

    # The longest prefix that fits with the ellipsis.
    k = bisect_left(range(1, len(text) + 1), True, key=overflows)
    return text[:k].rstrip() + "…"


# --- tokens and flowing them into regions ----------------------------------------


@dataclass(slots=True)
class Tok:
    """One piece of text to flow: a total, a name, a circled balance..."""

    text: str
    kind: str
    seat: int | None = None
    on: int | None = None
    value: Number | Decimal | None = None
    deco: str = ""  # "", "u" underline, "uu" double, "o" circle, "oo" double circle, "s" struck
    bold: bool = False
    colour: RGB = INK
    br: bool = False  # starts a new line
    scale: float = 1.0  # of the flow's size
    fixed: int = 0  # a size of its own, whatever the flow's
    stick: bool = False  # never moved on to the next region for want of width
    keep: bool = False  # never moved on to the next region at all (a head kept together)
    jump: bool = False  # starts the next region, if this one holds something already


def size_of(tok: Tok, size: int) -> int:
    """The size ``tok`` is drawn at in a flow of ``size``."""
    return tok.fixed or max(1, round(size * tok.scale))


@dataclass(slots=True)
class Placed:
    """A token where it is drawn."""

    tok: Tok
    size: int
    x: float  # where the text starts
    base: float  # baseline
    box: Box

    def shift(self, dx: float, dy: float) -> None:
        """Move the text, its box kept to the whole pixels around it."""
        self.x += dx
        self.base += dy
        x0, y0, x1, y1 = self.box
        self.box = (
            math.floor(x0 + dx),
            math.floor(y0 + dy),
            math.ceil(x1 + dx),
            math.ceil(y1 + dy),
        )


def oval(tw: float, s: int) -> tuple[float, float, float, float]:
    """Centre and radii of the circle drawn around a number ``tw`` wide at size ``s``."""
    cap = 0.73 * s
    return tw / 2, -cap / 2, tw / 2 + 0.3 * s + 5, cap / 2 + 0.42 * s


def span(tok: Tok, size: int) -> float:
    """The width ``tok`` takes in a flow of ``size``, its circles included."""
    left, _, right, _ = _extent(tok, size)
    return right - left


def _extent(tok: Tok, size: int) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of a token around (text start, baseline)."""
    return _text_extent(tok.text, size_of(tok, size), tok.bold, tok.deco)


@lru_cache(maxsize=8192)
def _text_extent(text: str, s: int, bold: bool, deco: str) -> tuple[float, float, float, float]:
    asc, desc = font(s, bold).getmetrics()
    tw = width(text, s, bold)
    left, top, right, bottom = 0.0, float(-asc), float(tw), float(desc)
    if deco in ("o", "oo"):
        cx, cy, rx, ry = oval(tw, s)
        pad = 2 + (6 if deco == "oo" else 0)
        left, right = cx - rx - pad, cx + rx + pad
        top, bottom = min(top, cy - ry - pad), max(bottom, cy + ry + pad)
        left, right = math.floor(left), math.ceil(right)
    return left, top, right, bottom


def place(
    rects: Sequence[Rect],
    toks: Sequence[Tok],
    size: int,
    *,
    partial: bool = False,
    centre: bool = False,
) -> list[Placed] | None:
    """Flow ``toks`` into ``rects`` (line by line, rect after rect) at ``size``.

    ``None`` if they do not all fit, unless ``partial``: then what fits.
    """
    out: list[Placed] = []
    lead = 0.1 * size
    # Measured as the flow reaches them: a flow that does not fit stops after what its
    # regions hold, so a long column costs what fits, not its length.
    exts: list[tuple[float, float, float, float]] = []
    gaps: list[float] = []
    i = 0
    for x0, y0, x1, y1 in rects:
        y = y0
        room = x1 - x0
        while i < len(toks):
            if toks[i].jump and y > y0:
                break
            line: list[int] = []
            w = 0.0
            j = i
            while j < len(toks):
                if j == len(exts):
                    exts.append(_extent(toks[j], size))
                    # Wide, so two totals never read as one number.
                    gaps.append(0.5 * size if toks[j].deco == "s" else 0.45 * size)
                e = exts[j]
                tw = e[2] - e[0] + (gaps[line[-1]] if line else 0)
                if line and (toks[j].br or w + tw > room):
                    break
                if not line and tw > room:
                    break
                line.append(j)
                w += tw
                j += 1
            if not line:
                if toks[i].stick and i:  # too wide here: do not leave the total behind
                    return out if partial else None
                break
            above = max(-exts[k][1] for k in line)
            below = max(exts[k][3] for k in line)
            if y + above + below > y1:
                break
            base = y + above
            x = x0 + (room - w) / 2 if centre else x0
            for k in line:
                e = exts[k]
                tx = x - e[0]
                box = (
                    math.floor(x),
                    math.floor(base + e[1]),
                    math.ceil(x + e[2] - e[0]),
                    math.ceil(base + e[3]),
                )
                out.append(Placed(toks[k], size_of(toks[k], size), tx, base, box))
                x += e[2] - e[0] + gaps[k]
            y = base + below + lead
            i = j
        if i >= len(toks):
            break
        if toks[i].keep:  # it stays in this region or is not placed
            return out if partial else None
    if i < len(toks) and not partial:
        return None
    return out


def fit(
    rects: Sequence[Rect],
    chain: Sequence[Tok],
    tail: Sequence[Tok] = (),
    sizes: Sequence[int] = (20,),
    head: Sequence[Tok] = (),
    centre: bool = False,
) -> list[Placed]:
    """The largest size that fits all; else drop the oldest totals at the smallest size.

    ``head``, the last total of ``chain`` and ``tail`` are always kept (but
    if even they do not fit, what does not fit is left out).
    """
    toks = [*head, *chain, *tail]
    if not toks:
        return []
    for s in sizes:
        placed = place(rects, toks, s, centre=centre)
        if placed is not None:
            return placed
    s = sizes[-1]
    if len(chain) > 1:
        first = chain[0]
        more = Tok(
            "…", "ellipsis", first.seat, first.on, colour=MUTED, br=first.br, jump=first.jump
        )

        def dropped(k: int) -> list[Tok]:
            return [*head, more, *chain[k:], *tail]

        def fits(k: int) -> bool:
            return place(rects, dropped(k), s, centre=centre) is not None

        # The fewest totals dropped (the current one is always kept).
        toks = dropped(1 + bisect_left(range(1, len(chain) - 1), True, key=fits))
    return place(rects, toks, s, partial=True, centre=centre) or []


def totals(values: Sequence[Number], kind: str, seat: int, on: int | None = None) -> list[Tok]:
    """A column of running totals as tokens, each but the current one struck through."""
    last = len(values) - 1
    return [
        Tok(format_number(v), kind, seat, on, v)
        if k == last
        else Tok(format_number(v) + SEPARATOR, kind, seat, on, v, deco="s", colour=MUTED)
        for k, v in enumerate(values)
    ]
