"""The pulka as a picture: the classic sheet (пулька) drawn with Pillow.

Pure and self-contained: no Telegram, no database.  Every figure drawn comes
from :mod:`scoring` (the steps of a replay, ``standings`` and a
``Settlement``); this module only lays them out.

The sheet is drawn the way players write it on paper:

* three nested frames around a central circle, cut by lines from the circle to
  the corners.  Three players sit left, top and right (the triangle: lines to
  the two top corners and straight down); four players sit bottom, left, top
  and right (the square: lines to the four corners).  Seats go clockwise in
  the order the players are listed, so each player's left neighbour follows
  him;
* each player's zone holds, from the outside in, his whists on each opponent
  (the part nearest that opponent), his mountain (гора) and his pulka (пуля),
  each written cumulatively, every new total after the last: ``2; 4; 8.5; 10``
  (not paper's ``2.4.8.10``: a dot would read as a decimal point);
* the centre holds the target and the stake;
* with a settlement, the "4 circles" (4 кружочка) are written in: the
  equalised mountain underlined, the amnestied one doubly underlined, the
  mountain result in the first circle, the whist balance against each
  opponent circled in his column, and the final result in a double circle by
  the player's name.

All text is upright so the sheet reads on a phone; long names are shortened
with an ellipsis and long columns shrink or drop their oldest totals (never
the current one), so nothing overlaps.

>>> from scoring import Game, Rules, replay
>>> r = replay(("Аня", "Боря", "Вера"), Rules(), [
...     Game.of("Аня", "6S", {"Боря": "whist", "Вера": "pass"},
...             {"Аня": 6, "Боря": 3, "Вера": 1})])
>>> [(t.kind, t.text) for t in layout_sheet(r.state.players, r.state.rules, r.steps)
...  if t.kind in ("pulka", "whists")]
[('pulka', '2'), ('whists', '8')]
>>> render_sheet(r.state.players, r.state.rules, r.steps)[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import asyncio
import io
import math
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from itertools import pairwise
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from scoring import PulkaState, Rules, Settlement, Step, figure, money_text, stake_text, standings
from scoring.sheet import Number

__all__ = [
    "DrawnText",
    "format_money",
    "format_number",
    "layout_sheet",
    "render_image",
    "render_sheet",
    "render_sheet_async",
]

ASSETS = Path(__file__).resolve().parent / "assets"
FONT_REGULAR = ASSETS / "DejaVuSans.ttf"
FONT_BOLD = ASSETS / "DejaVuSans-Bold.ttf"

#: Output width in pixels (Telegram's photo size is at most 1280 on a side).
WIDTH = 1280
MARGIN = 16
TITLE_HEIGHT = 64
SCALE = 2  # supersampling of lines and circles
# Fonts are shared; FreeType faces are not safe to use from two threads at once.
_LOCK = threading.Lock()

RGB = tuple[int, int, int]
PAPER: RGB = (253, 251, 244)
GRID: RGB = (118, 134, 160)
INK: RGB = (24, 34, 58)
MUTED: RGB = (104, 112, 128)
PLUS: RGB = (12, 104, 48)
MINUS: RGB = (168, 24, 30)
SUIT_RED: RGB = (196, 30, 40)

Box = tuple[int, int, int, int]
Rect = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class DrawnText:
    """One piece of text on the sheet, as drawn.

    ``box`` (x0, y0, x1, y1) holds the text and its underlines or circles.
    ``kind`` says what it is: ``title``, ``name``, ``standing``, ``pulka``,
    ``mountain``, ``whists``, ``header`` (whose whists a column holds),
    ``ellipsis`` (older totals left out), ``target``, ``stake``, ``suit``,
    ``average``, and for a settlement ``equalised``, ``amnestied``,
    ``mountain_result``, ``balance``, ``result`` and ``money``.  ``seat`` is
    the player it belongs to, ``on`` the opponent of a whist column, and
    ``value`` the exact number shown (``None`` for words).
    """

    text: str
    box: Box
    kind: str
    seat: int | None = None
    on: int | None = None
    value: Number | Decimal | None = None
    size: int = 0
    bold: bool = False
    decoration: str = ""


# --- numbers ----------------------------------------------------------------------

#: Written after each running total but the last: ``2; 4.5; 13.33``.  Paper
#: players separate totals with a dot (``2.4.6.``), which next to a decimal
#: figure reads as its decimal point; a comma is the decimal sign in Russian
#: and Ukrainian.  A semicolon is neither, and is as narrow as the dot (a raised
#: dot was tried: at phone size it looked like the decimal point).
SEPARATOR = ";"


def format_number(x: Number | Decimal, *, signed: bool = False) -> str:
    """A figure as the chat and the export write it (:func:`scoring.numbers.figure`).

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


def _stake(rules: Rules) -> str:
    return f"{stake_text(rules.stake)} {rules.currency}".strip()


# --- fonts ------------------------------------------------------------------------


@lru_cache(maxsize=128)
def _font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    path = FONT_BOLD if bold else FONT_REGULAR
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=8192)
def _width(text: str, size: int, bold: bool) -> float:
    return _font(size, bold).getlength(text)


@lru_cache(maxsize=256)
def _metrics(size: int, bold: bool) -> tuple[int, int]:
    return _font(size, bold).getmetrics()


def shorten(text: str, size: int, bold: bool, width: float) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels at ``size``."""
    if _width(text, size, bold) <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if _width(text[:mid].rstrip() + "…", size, bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


# --- tokens and flowing them into regions ----------------------------------------


@dataclass(slots=True)
class _Tok:
    text: str
    kind: str
    seat: int | None = None
    on: int | None = None
    value: Number | Decimal | None = None
    deco: str = ""  # "", "u" underline, "uu" double, "o" circle, "oo" double circle
    bold: bool = False
    colour: RGB = INK
    br: bool = False  # starts a new line
    scale: float = 1.0  # of the flow's size
    fixed: int = 0  # a size of its own, whatever the flow's
    stick: bool = False  # never moved on to the next region for want of width


def _size(tok: _Tok, size: int) -> int:
    return tok.fixed or max(1, round(size * tok.scale))


@dataclass(slots=True)
class _Placed:
    tok: _Tok
    size: int
    x: float  # where the text starts
    base: float  # baseline
    box: Box


@dataclass(slots=True)
class _Shape:
    kind: str  # "line", "ellipse", "rect"
    xy: tuple[float, ...]
    colour: RGB
    width: float


def _extent(tok: _Tok, size: int) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of a token around (text start, baseline)."""
    s = _size(tok, size)
    asc, desc = _metrics(s, tok.bold)
    tw = _width(tok.text, s, tok.bold)
    left, top, right, bottom = 0.0, float(-asc), float(tw), float(desc)
    if tok.deco in ("o", "oo"):
        cx, cy, rx, ry = _oval(tw, s)
        pad = 2 + (6 if tok.deco == "oo" else 0)
        left, right = cx - rx - pad, cx + rx + pad
        top, bottom = min(top, cy - ry - pad), max(bottom, cy + ry + pad)
        left, right = math.floor(left), math.ceil(right)
    return left, top, right, bottom


def _oval(tw: float, s: int) -> tuple[float, float, float, float]:
    """Centre and radii of the circle drawn around a number."""
    cap = 0.73 * s
    return tw / 2, -cap / 2, tw / 2 + 0.3 * s + 5, cap / 2 + 0.42 * s


def _gap(before: _Tok, size: int) -> float:
    """Space after a token: a word space after a total's separator, wider after anything else."""
    return 0.2 * size if before.text.endswith(SEPARATOR) else 0.45 * size


def _place(
    rects: Sequence[Rect],
    toks: Sequence[_Tok],
    size: int,
    *,
    partial: bool = False,
    centre: bool = False,
) -> list[_Placed] | None:
    """Flow ``toks`` into ``rects`` (line by line, rect after rect) at ``size``.

    ``None`` if they do not all fit, unless ``partial``: then what fits.
    """
    out: list[_Placed] = []
    lead = 0.1 * size
    exts = [_extent(t, size) for t in toks]
    i = 0
    for x0, y0, x1, y1 in rects:
        y = y0
        while i < len(toks):
            line: list[int] = []
            w = 0.0
            j = i
            while j < len(toks):
                e = exts[j]
                tw = e[2] - e[0] + (_gap(toks[line[-1]], size) if line else 0)
                if line and (toks[j].br or w + tw > x1 - x0):
                    break
                if not line and tw > x1 - x0:
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
            x = x0 + ((x1 - x0) - w) / 2 if centre else x0
            for k in line:
                e = exts[k]
                tx = x - e[0]
                box = (math.floor(x), math.floor(base + e[1]), math.ceil(x + e[2] - e[0]),
                       math.ceil(base + e[3]))
                out.append(_Placed(toks[k], _size(toks[k], size), tx, base, box))
                x += e[2] - e[0] + _gap(toks[k], size)
            y = base + below + lead
            i = j
        if i >= len(toks):
            break
    if i < len(toks) and not partial:
        return None
    return out


def _fit(
    rects: Sequence[Rect],
    chain: Sequence[_Tok],
    tail: Sequence[_Tok] = (),
    sizes: Sequence[int] = (20,),
    head: Sequence[_Tok] = (),
    centre: bool = False,
) -> list[_Placed]:
    """The largest size that fits all; else drop the oldest totals at the smallest size.

    ``head``, the last total of ``chain`` and ``tail`` are always kept (but
    if even they do not fit, what does not fit is left out).
    """
    toks = [*head, *chain, *tail]
    if not toks:
        return []
    for s in sizes:
        placed = _place(rects, toks, s, centre=centre)
        if placed is not None:
            return placed
    s = sizes[-1]
    if len(chain) > 1:
        first = chain[0]
        more = _Tok("…", "ellipsis", first.seat, first.on, colour=MUTED, br=first.br)

        def attempt(k: int) -> list[_Placed] | None:
            return _place(rects, [*head, more, *chain[k:], *tail], s, centre=centre)

        lo, hi = 1, len(chain) - 1
        if attempt(hi) is not None:
            while lo < hi:
                mid = (lo + hi) // 2
                if attempt(mid) is not None:
                    hi = mid
                else:
                    lo = mid + 1
            placed = attempt(lo)
            assert placed is not None
            return placed
        toks = [*head, more, chain[-1], *tail]
    return _place(rects, toks, s, partial=True, centre=centre) or []


# --- the sheet's figures ------------------------------------------------------------


@dataclass(slots=True)
class _Columns:
    """The cumulative columns: every new total after the last."""

    pulka: list[list[Number]]
    mountain: list[list[Number]]
    whists: dict[tuple[int, int], list[Number]]


def _norm(x: Number) -> Number:
    if isinstance(x, Fraction) and x.denominator == 1:
        return x.numerator
    return x


def _columns(n: int, steps: Sequence[Step]) -> _Columns:
    pulka: list[list[Number]] = [[] for _ in range(n)]
    mountain: list[list[Number]] = [[] for _ in range(n)]
    whists: dict[tuple[int, int], list[Number]] = {
        (i, j): [] for i in range(n) for j in range(n) if i != j
    }
    tp: list[Number] = [0] * n
    tm: list[Number] = [0] * n
    tw: list[Number] = [0] * (n * n)
    for step in steps:
        w = step.writes
        for i in range(n):
            if w.pulka[i]:
                tp[i] += w.pulka[i]
                pulka[i].append(_norm(tp[i]))
            if w.mountain[i]:
                tm[i] += w.mountain[i]
                mountain[i].append(_norm(tm[i]))
        for k, d in enumerate(w.whists):
            if d:
                tw[k] += d
                whists[divmod(k, n)].append(_norm(tw[k]))
    return _Columns(pulka, mountain, whists)


# --- geometry ---------------------------------------------------------------------


@dataclass(slots=True)
class _Zone:
    """Where one player's figures go."""

    pulka: list[Rect]
    mountain: list[Rect]
    whists: dict[int, Rect]  # opponent -> his column
    #: Lines centred on the zone's axis (top and bottom zones, whose bands narrow
    #: towards the centre); else written from the left.
    centred: bool = False


@dataclass(slots=True)
class _Geometry:
    size: tuple[int, int]
    zones: list[_Zone]
    centre: tuple[float, float, float]  # circle: cx, cy, r
    shapes: list[_Shape] = field(default_factory=list)


def _inset(r: Rect, dx: float, top: float, bottom: float) -> Rect:
    return (r[0] + dx, r[1] + top, r[2] - dx, r[3] - bottom)


def _pad(r: Rect, p: float = 9) -> Rect:
    return (r[0] + p, r[1] + p * 0.7, r[2] - p, r[3] - p * 0.7)


def _to_circle(corner: tuple[float, float], cx: float, cy: float, r: float) -> tuple[float, ...]:
    """The line from an outer corner to the central circle."""
    dx, dy = corner[0] - cx, corner[1] - cy
    d = math.hypot(dx, dy)
    return (corner[0], corner[1], cx + dx * r / d, cy + dy * r / d)


def _geometry(n: int, top: int) -> _Geometry:
    x0, x1 = MARGIN, WIDTH - MARGIN
    side = x1 - x0
    # Depths of the whist, mountain and pulka bands at the sides, top and bottom.
    if n == 4:
        height = side - top  # the title fits inside Telegram's 1280 px, not below it
        ins_x = ins_t = ins_b = (160, 160, 200)
    else:
        height = 1100
        ins_x = (156, 160, 196)
        ins_t = (137, 140, 172)  # so the lines to the top corners run straight
        ins_b = (150, 140, 150)
    y0 = top + MARGIN
    o: Rect = (x0, y0, x1, y0 + height)
    r1 = _inset(o, ins_x[0], ins_t[0], ins_b[0])
    r2 = _inset(r1, ins_x[1], ins_t[1], ins_b[1])
    c = _inset(r2, ins_x[2], ins_t[2], ins_b[2])
    cx, cy = (c[0] + c[2]) / 2, (c[1] + c[3]) / 2
    rad = min(c[2] - c[0], c[3] - c[1]) / 2 - 6
    shapes = [
        _Shape("rect", o, GRID, 4),
        _Shape("rect", r1, GRID, 2.5),
        _Shape("rect", r2, GRID, 2.5),
        _Shape("ellipse", (cx - rad, cy - rad, cx + rad, cy + rad), GRID, 3),
    ]

    def polyline(*pts: tuple[float, float]) -> None:
        for a, b in pairwise(pts):
            shapes.append(_Shape("line", (*a, *b), GRID, 2.5))

    def corner_line(k: int, stop: str) -> None:
        """From outer corner ``k`` (0 tl, 1 tr, 2 br, 3 bl) inwards."""
        xs = [(0, 1), (2, 1), (2, 3), (0, 3)][k]
        pts = [(r[xs[0]], r[xs[1]]) for r in (o, r1, r2, c)]
        if stop == "r1":
            polyline(pts[0], pts[1])
            return
        polyline(*pts[:3])
        line = _to_circle(pts[2], cx, cy, rad)
        shapes.append(_Shape("line", line, GRID, 2.5))

    def line_x(a: tuple[float, float], b: tuple[float, float], y: float) -> float:
        return a[0] + (b[0] - a[0]) * (y - a[1]) / (b[1] - a[1])

    def stepped(outer: Rect, inner: Rect, up: bool, frac: float = 0.45) -> list[Rect]:
        """A top (``up``) or bottom band as two rects: its wider outer part first.

        The band lies between the frames ``outer`` and ``inner``; its sides run
        from the corners of ``outer`` to those of ``inner`` (or, for the pulka,
        to the centre).
        """
        yo, yi = (outer[1], inner[1]) if up else (outer[3], inner[3])
        ys = yo + (yi - yo) * frac
        corner = (outer[0], yo)
        towards = (cx, cy) if inner is c else (inner[0], yi)
        xs, xi = line_x(corner, towards, ys), line_x(corner, towards, yi)
        mirror = o[0] + o[2]
        return [_pad((xs, min(yo, ys), mirror - xs, max(yo, ys))),
                _pad((xi, min(ys, yi), mirror - xi, max(ys, yi)))]

    zones: list[_Zone] = []
    if n == 4:
        for k in range(4):
            corner_line(k, "circle")
        third_x = (r1[2] - r1[0]) / 3
        third_y = (r1[3] - r1[1]) / 3
        xs = [r1[0] + third_x, r1[0] + 2 * third_x]
        ys = [r1[1] + third_y, r1[1] + 2 * third_y]
        for x in xs:
            shapes.append(_Shape("line", (x, r1[3], x, o[3]), GRID, 2))
            shapes.append(_Shape("line", (x, o[1], x, r1[1]), GRID, 2))
        for y in ys:
            shapes.append(_Shape("line", (o[0], y, r1[0], y), GRID, 2))
            shapes.append(_Shape("line", (r1[2], y, o[2], y), GRID, 2))
        cols_x = [(r1[0], xs[0]), (xs[0], xs[1]), (xs[1], r1[2])]
        rows_y = [(r1[1], ys[0]), (ys[0], ys[1]), (ys[1], r1[3])]
        # Seats clockwise: 0 bottom, 1 left, 2 top, 3 right.  Whists on an
        # opponent go in the part of the band nearest him.
        zones.append(_Zone(  # bottom: the narrow part by the centre first
            stepped(r2, c, up=False, frac=0.3)[::-1],
            stepped(r1, r2, up=False, frac=0.3)[::-1],
            {1: _pad((cols_x[0][0], r1[3], cols_x[0][1], o[3])),
             2: _pad((cols_x[1][0], r1[3], cols_x[1][1], o[3])),
             3: _pad((cols_x[2][0], r1[3], cols_x[2][1], o[3]))},
            centred=True,
        ))
        zones.append(_Zone(  # left
            [_pad((r2[0], c[1], c[0], c[3]))],
            [_pad((r1[0], r2[1], r2[0], r2[3]))],
            {2: _pad((o[0], rows_y[0][0], r1[0], rows_y[0][1])),
             3: _pad((o[0], rows_y[1][0], r1[0], rows_y[1][1])),
             0: _pad((o[0], rows_y[2][0], r1[0], rows_y[2][1]))},
        ))
        zones.append(_Zone(  # top
            stepped(r2, c, up=True, frac=0.55),
            stepped(r1, r2, up=True),
            {1: _pad((cols_x[0][0], o[1], cols_x[0][1], r1[1])),
             0: _pad((cols_x[1][0], o[1], cols_x[1][1], r1[1])),
             3: _pad((cols_x[2][0], o[1], cols_x[2][1], r1[1]))},
            centred=True,
        ))
        zones.append(_Zone(  # right
            [_pad((c[2], c[1], r2[2], c[3]))],
            [_pad((r2[2], r2[1], r1[2], r2[3]))],
            {2: _pad((r1[2], rows_y[0][0], o[2], rows_y[0][1])),
             1: _pad((r1[2], rows_y[1][0], o[2], rows_y[1][1])),
             0: _pad((r1[2], rows_y[2][0], o[2], rows_y[2][1]))},
        ))
    else:
        # The triangle: lines to the two top corners and straight down; the
        # whist band of each side player is split at the bottom corner.
        corner_line(0, "circle")
        corner_line(1, "circle")
        corner_line(2, "r1")
        corner_line(3, "r1")
        shapes.append(_Shape("line", (cx, cy + rad, cx, o[3]), GRID, 2.5))
        shapes.append(_Shape("line", (cx, o[1], cx, r1[1]), GRID, 2))
        # Seats clockwise: 0 left, 1 top, 2 right.
        zones.append(_Zone(  # left
            [_pad((r2[0], c[1], c[0], c[3])), _pad((r2[0], c[3], cx, r2[3]))],
            [_pad((r1[0], r2[1], r2[0], r2[3])), _pad((r1[0], r2[3], cx, r1[3]))],
            {1: _pad((o[0], r1[1], r1[0], r1[3])), 2: _pad((r1[0], r1[3], cx, o[3]))},
        ))
        zones.append(_Zone(  # top
            stepped(r2, c, up=True, frac=0.55),
            stepped(r1, r2, up=True),
            {0: _pad((r1[0], o[1], cx, r1[1])), 2: _pad((cx, o[1], r1[2], r1[1]))},
            centred=True,
        ))
        zones.append(_Zone(  # right
            [_pad((c[2], c[1], r2[2], c[3])), _pad((cx, c[3], r2[2], r2[3]))],
            [_pad((r2[2], r2[1], r1[2], r2[3])), _pad((cx, r2[3], r1[2], r1[3]))],
            {1: _pad((r1[2], r1[1], o[2], r1[3])), 0: _pad((cx, r1[3], r1[2], o[3]))},
        ))
    size = (WIDTH, int(o[3]) + MARGIN)
    return _Geometry(size, zones, (cx, cy, rad), shapes)


# --- laying the sheet out -----------------------------------------------------------

CHAIN_SIZES = tuple(range(30, 14, -1))
NAME_SIZES = tuple(range(32, 23, -1))
HEADER_SIZE = 16


def _signed_colour(x: Number | Decimal) -> RGB:
    return PLUS if x > 0 else MINUS if x < 0 else INK


def _chain(values: Sequence[Number], kind: str, seat: int, on: int | None = None) -> list[_Tok]:
    last = len(values) - 1
    return [
        _Tok(format_number(v) + ("" if k == last else SEPARATOR), kind, seat, on, v)
        for k, v in enumerate(values)
    ]


def _best(
    rects: Sequence[Rect], toks: Sequence[_Tok], sizes: Sequence[int], centre: bool = False
) -> int:
    """The largest of ``sizes`` at which ``toks`` fit ``rects`` (else the smallest)."""
    for s in sizes:
        if _place(rects, toks, s, centre=centre) is not None:
            return s
    return sizes[-1]


def _below(rects: Sequence[Rect], y: float) -> list[Rect]:
    first = rects[0]
    rest = list(rects[1:])
    if first[3] - y > 12:
        return [(first[0], y, first[2], first[3]), *rest]
    return rest


@dataclass(slots=True)
class _Cell:
    """A cumulative column to flow into its region, with what is written after it."""

    kind: str
    rects: list[Rect]
    chain: list[_Tok]
    tail: list[_Tok]
    head: list[_Tok] = field(default_factory=list)
    centre: bool = False


def _layout(
    players: Sequence[str],
    rules: Rules,
    steps: Sequence[Step],
    settlement: Settlement | None,
    title: str | None,
) -> tuple[_Geometry, list[_Placed]]:
    names = tuple(players)
    n = len(names)
    if n not in (3, 4):
        raise ValueError(f"a pulka has 3 or 4 players, not {n}")
    if steps and steps[-1].state.players != names:
        raise ValueError("the steps are of a pulka with other players")
    if settlement is not None and settlement.players != names:
        raise ValueError("the settlement is of a pulka with other players")
    top = TITLE_HEIGHT if title else 0
    geo = _geometry(n, top)
    cols = _columns(n, steps)
    placed: list[_Placed] = []

    if title:
        s = 34
        text = shorten(title, s, True, WIDTH - 2 * MARGIN)
        placed += _place([(MARGIN, 10, WIDTH - MARGIN, TITLE_HEIGHT)],
                         [_Tok(text, "title", bold=True)], s, partial=True) or []

    # The pulka band: the name, the standing (or the final result and the
    # money), then the pulka.  Names have one size, shortened if need be.
    if settlement is None:
        state = steps[-1].state if steps else PulkaState.new(names, rules)
        live = standings(state)
    name_size = min(
        next((s for s in NAME_SIZES if _width(name, s, True) <= z.pulka[0][2] - z.pulka[0][0]),
             NAME_SIZES[-1])
        for name, z in zip(names, geo.zones, strict=True)
    )
    cells: list[_Cell] = []
    for i, zone in enumerate(geo.zones):
        rect = zone.pulka[0]
        short = shorten(names[i], name_size, True, rect[2] - rect[0])
        head = [_Tok(short, "name", i, bold=True, fixed=name_size)]
        if settlement is None:
            v = _norm(live[i])
            head.append(_Tok(format_number(v, signed=True), "standing", i, value=v,
                             bold=True, colour=_signed_colour(v), scale=1.1))
        else:
            v = settlement.results[i]
            money = settlement.money[i]
            head += [
                _Tok(format_number(v, signed=True), "result", i, value=v, deco="oo",
                     bold=True, colour=_signed_colour(v), scale=1.1),
                _Tok(format_money(money, rules.currency, signed=True), "money", i,
                     value=money, colour=_signed_colour(money), scale=0.8),
            ]
        chain = _chain(cols.pulka[i], "pulka", i)
        if chain:
            chain[0].br = True
        cells.append(_Cell("pulka", zone.pulka, chain, [], head, zone.centred))
        # Mountain band, and the first circle.
        tail: list[_Tok] = []
        if settlement is not None:
            eq, am, res = (settlement.equalised[i], settlement.amnestied[i],
                           settlement.mountain_results[i])
            tail = [
                _Tok(format_number(eq), "equalised", i, value=eq, deco="u", br=True,
                     stick=True),
                _Tok(format_number(am), "amnestied", i, value=am, deco="uu",
                     stick=True),
                _Tok(format_number(res, signed=True), "mountain_result", i, value=res,
                     deco="o", bold=True, colour=_signed_colour(res), stick=True),
            ]
        cells.append(_Cell("mountain", zone.mountain, _chain(cols.mountain[i], "mountain", i),
                           tail, centre=zone.centred))
        # Whist columns, each with the balance circled.
        for j, rect in zone.whists.items():
            label = shorten("→" + names[j], HEADER_SIZE, False, rect[2] - rect[0])
            hp = _place([rect], [_Tok(label, "header", i, j, colour=MUTED)], HEADER_SIZE,
                        partial=True) or []
            placed += hp
            y = max((p.box[3] for p in hp), default=rect[1]) + 3
            tail = []
            if settlement is not None:
                b = settlement.balances[i][j]
                tail = [_Tok(format_number(b, signed=True), "balance", i, j, b, deco="o",
                             bold=True, colour=_signed_colour(b), br=True, stick=True)]
            cells.append(_Cell("whists", [(rect[0], y, rect[2], rect[3])],
                               _chain(cols.whists[i, j], "whists", i, j), tail))

    # One size for each kind of column, the largest at which all of them fit.
    size: dict[str, int] = {}
    for cell in cells:
        best = _best(cell.rects, [*cell.head, *cell.chain, *cell.tail], CHAIN_SIZES,
                     cell.centre)
        size[cell.kind] = min(size.get(cell.kind, best), best)
    for cell in cells:
        s = size[cell.kind]
        placed += _fit(cell.rects, cell.chain, cell.tail, CHAIN_SIZES[CHAIN_SIZES.index(s):],
                       cell.head, cell.centre)

    placed += _centre(geo, rules, settlement)
    return geo, placed


def _centre(geo: _Geometry, rules: Rules, settlement: Settlement | None) -> list[_Placed]:
    cx, cy, r = geo.centre
    half = r * 0.70
    rect = (cx - half, cy - half, cx + half, cy + half)
    lines: list[list[_Tok]] = [
        [_Tok(s, "suit", colour=SUIT_RED if s in "♦♥" else INK, scale=0.8) for s in "♠♣♦♥"],
        [_Tok(str(rules.target), "target", value=rules.target, bold=True, scale=2.2)],
        [_Tok(_stake(rules), "stake", value=rules.stake)],
    ]
    if settlement is not None:
        total = sum(settlement.amnestied)
        n = len(settlement.amnestied)
        text = f"{format_number(total)} : {n} = {format_number(settlement.average)}"
        lines[0] = [_Tok(text, "average", value=settlement.average, scale=0.8)]
    toks = [t for line in lines for t in line]
    for line in lines:
        line[0].br = True
    for s in range(28, 9, -1):
        placed = _place([rect], toks, s)
        if placed is not None:
            break
    else:
        placed = _place([rect], toks, 10, partial=True) or []
    # Centre each line horizontally and the block vertically.
    rows: dict[float, list[_Placed]] = {}
    for p in placed:
        rows.setdefault(p.base, []).append(p)
    if placed:
        block_top = min(p.box[1] for p in placed)
        block_bottom = max(p.box[3] for p in placed)
        dy = (rect[1] + rect[3]) / 2 - (block_top + block_bottom) / 2
        for row in rows.values():
            left = min(p.box[0] for p in row)
            right = max(p.box[2] for p in row)
            dx = cx - (left + right) / 2
            for p in row:
                p.x += dx
                p.base += dy
                p.box = (math.floor(p.box[0] + dx), math.floor(p.box[1] + dy),
                         math.ceil(p.box[2] + dx), math.ceil(p.box[3] + dy))
    return placed


def _drawn(p: _Placed) -> DrawnText:
    t = p.tok
    return DrawnText(t.text, p.box, t.kind, t.seat, t.on, t.value, p.size, t.bold, t.deco)


def layout_sheet(
    players: Sequence[str],
    rules: Rules,
    steps: Sequence[Step],
    settlement: Settlement | None = None,
    *,
    title: str | None = None,
) -> list[DrawnText]:
    """Every text :func:`render_sheet` draws, with its box and the value it shows."""
    with _LOCK:
        _, placed = _layout(players, rules, steps, settlement, title)
    return [_drawn(p) for p in placed]


# --- drawing ------------------------------------------------------------------------


def _decorations(placed: Sequence[_Placed]) -> list[_Shape]:
    shapes: list[_Shape] = []
    for p in placed:
        t = p.tok
        if not t.deco:
            continue
        tw = _width(t.text, p.size, t.bold)
        lw = max(1.5, p.size / 14)
        if t.deco in ("u", "uu"):
            y = p.base + 0.1 * p.size + 1
            shapes.append(_Shape("line", (p.x, y, p.x + tw, y), t.colour, lw))
            if t.deco == "uu":
                y += 0.12 * p.size + lw
                shapes.append(_Shape("line", (p.x, y, p.x + tw, y), t.colour, lw))
        else:
            ox, oy, rx, ry = _oval(tw, p.size)
            cx, cy = p.x + ox, p.base + oy
            shapes.append(_Shape("ellipse", (cx - rx, cy - ry, cx + rx, cy + ry), t.colour, lw))
            if t.deco == "oo":
                rx, ry = rx + 5, ry + 5
                shapes.append(_Shape("ellipse", (cx - rx, cy - ry, cx + rx, cy + ry),
                                     t.colour, lw))
    return shapes


def _draw(geo: _Geometry, placed: Sequence[_Placed]) -> Image.Image:
    w, h = geo.size
    big = Image.new("RGB", (w * SCALE, h * SCALE), PAPER)
    draw = ImageDraw.Draw(big)
    for sh in [*geo.shapes, *_decorations(placed)]:
        xy = [v * SCALE for v in sh.xy]
        width = max(1, round(sh.width * SCALE))
        if sh.kind == "line":
            draw.line(xy, fill=sh.colour, width=width)
        elif sh.kind == "rect":
            draw.rectangle(xy, outline=sh.colour, width=width)
        else:
            draw.ellipse(xy, outline=sh.colour, width=width)
    img = big.reduce(SCALE)
    draw = ImageDraw.Draw(img)
    for p in placed:
        t = p.tok
        draw.text((p.x, p.base), t.text, font=_font(p.size, t.bold), fill=t.colour, anchor="ls")
    return img


def render_image(
    players: Sequence[str],
    rules: Rules,
    steps: Sequence[Step],
    settlement: Settlement | None = None,
    *,
    title: str | None = None,
) -> Image.Image:
    """The sheet as a Pillow image (see :func:`render_sheet`)."""
    with _LOCK:
        geo, placed = _layout(players, rules, steps, settlement, title)
        return _draw(geo, placed)


def render_sheet(
    players: Sequence[str],
    rules: Rules,
    steps: Sequence[Step],
    settlement: Settlement | None = None,
    *,
    title: str | None = None,
) -> bytes:
    """The classic pulka sheet as PNG bytes, 1280 px wide.

    ``steps`` are a replay's steps (``replay(...).steps``); without a
    ``settlement`` each player's standing (:func:`scoring.standings`) is shown
    by his name, with one the "4 circles" are written in.
    """
    img = render_image(players, rules, steps, settlement, title=title)
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=3)
    return buf.getvalue()


async def render_sheet_async(
    players: Sequence[str],
    rules: Rules,
    steps: Sequence[Step],
    settlement: Settlement | None = None,
    *,
    title: str | None = None,
) -> bytes:
    """:func:`render_sheet` in a worker thread, so the event loop never blocks."""
    return await asyncio.to_thread(
        render_sheet, players, rules, steps, settlement, title=title
    )
