"""A whole sheet: its figures from a replay, laid out in the geometry, and drawn.

:func:`layout` reads the running totals off the replay's steps (and the
standings or the settlement), turns each column into tokens, picks one font size
per kind of column (the largest at which every column of that kind fits) and
flows them into the zones; :func:`draw` rules the lines, draws the underlines and
circles of the settlement, then the text.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import functools
import io
from bisect import bisect_left
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from decimal import Decimal
from itertools import accumulate
from typing import Any

from PIL import Image, ImageDraw

from bot.views.picture.geometry import Geometry, Shape, Zone, geometry
from bot.views.picture.paper import (
    INK,
    MARGIN,
    MINUS,
    MUTED,
    PAPER,
    PLUS,
    RGB,
    SCALE,
    SUIT_RED,
    TITLE_HEIGHT,
    WIDTH,
    Box,
    Rect,
)
from bot.views.picture.text import (
    LOCK,
    Placed,
    Tok,
    fit,
    font,
    format_money,
    format_number,
    oval,
    place,
    shorten,
    span,
    totals,
    width,
)
from scoring import (
    Payment,
    PulkaState,
    Rules,
    Settlement,
    Step,
    settle_state,
    share,
    stake_text,
    standings,
    whists_text,
)
from scoring.seating import TABLE_SIZES
from scoring.sheet import Number, norm


@dataclass(frozen=True, slots=True)
class DrawnText:
    """One piece of text on the sheet, as drawn.

    ``box`` (x0, y0, x1, y1) holds the text and its underlines or circles.
    ``kind`` says what it is: ``title``, ``name``, ``standing``, ``pulka``,
    ``mountain``, ``whists``, ``header`` (whose whists a column holds),
    ``ellipsis`` (older totals left out), ``target``, ``stake``, ``suit``,
    ``average``, ``dummy`` (the dummy's name, two players), and for a
    settlement ``equalised``, ``amnestied``, ``mountain_result``, ``balance``,
    ``result`` and ``money``.  ``seat`` is the player it belongs to, ``on``
    the opponent of a whist column, and ``value`` the exact number shown
    (``None`` for words).
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


# --- laying the sheet out -----------------------------------------------------------


def _running(steps: Sequence[Step], column: str, k: int) -> list[Number]:
    """One column's totals, as written: a new one after each deal that writes in it."""
    writes = [getattr(step.writes, column)[k] for step in steps]
    return [norm(t) for w, t in zip(writes, accumulate(writes), strict=True) if w]


#: Sizes of the running totals.  At a phone's 390 px across, the sheet's 1280 px
#: shrink 3.3 times: 30 is read as 9, the smallest, 18, as 5.5 (a crowded column).
CHAIN_SIZES = tuple(range(30, 17, -1))
NAME_SIZES = tuple(range(32, 23, -1))
#: "→Name" over a whist column: 22 is read as 6.7 on a phone.
HEADER_SIZE = 22
#: Sizes of the final results, the largest numbers of a settled sheet: each takes the
#: largest its pulka region's width allows, and every other figure is drawn smaller
#: than the smallest of them (:func:`_result_sizes`).
RESULT_SIZES = tuple(range(44, 19, -1))
#: The size the money and the current pulka must keep next to a result of that size.
RESULT_FLOW = CHAIN_SIZES[-1]
#: The same where the head keeps to its own region (five players' bottom seats): the
#: pulka's figures are not forced down to the smallest by a result that fills it.
RESULT_FLOW_KEPT = 24
#: The money under a final result: read as 6 px on a phone.
MONEY_SIZE = 20
#: Circled figures (the mountain's result, the balances) next to their column's size.
OVAL_SCALE = 0.85
#: Sizes of the payments in the band of payments.
BAND_SIZES = tuple(range(30, 17, -1))


def _signed_colour(x: Number | Decimal) -> RGB:
    return PLUS if x > 0 else MINUS if x < 0 else INK


def _signed(v: Number, kind: str, seat: int, on: int | None = None, **kw: Any) -> Tok:
    """A result-like figure: signed, bold, green or red.  A player's result and standing
    are written as the chat writes them beside money (thirds exactly, ``+296⅔``)."""
    text = whists_text(v, signed=True) if kind in WHOLE else format_number(v, signed=True)
    return Tok(text, kind, seat, on, v, bold=True, colour=_signed_colour(v), **kw)


#: The figures that are a player's whole result, written beside his money.
WHOLE = ("result", "standing")


def _best(
    rects: Sequence[Rect], toks: Sequence[Tok], sizes: Sequence[int], centre: bool = False
) -> int:
    """The largest of ``sizes`` at which ``toks`` fit ``rects`` (else the smallest)."""
    for s in sizes:
        if place(rects, toks, s, centre=centre) is not None:
            return s
    return sizes[-1]


def _one(rect: Rect, tok: Tok, centre: bool = False) -> list[Placed]:
    """A token of a size of its own (``fixed``) alone in ``rect``, cut if it overflows."""
    return place([rect], [tok], tok.fixed, partial=True, centre=centre) or []


@dataclass(slots=True)
class _Cell:
    """A cumulative column to flow into its region, with what is written after it."""

    kind: str
    rects: list[Rect]
    chain: list[Tok]
    tail: list[Tok]
    head: list[Tok] = field(default_factory=list)
    centre: bool = False


def layout(
    players: Sequence[str],
    rules: Rules,
    steps: Sequence[Step],
    settlement: Settlement | None,
    title: str | None,
    dummy: str | None = None,
) -> tuple[Geometry, list[Placed]]:
    """The sheet's geometry and every token placed in it (the caller holds :data:`LOCK`)."""
    names = tuple(players)
    n = len(names)
    if n not in TABLE_SIZES:
        raise ValueError(f"a pulka has 2 to 5 players, not {n}")
    if steps and steps[-1].state.players != names:
        raise ValueError("the steps are of a pulka with other players")
    if settlement is not None and settlement.players != names:
        raise ValueError("the settlement is of a pulka with other players")
    top = TITLE_HEIGHT if title else 0
    geo = geometry(n, top)
    pulkas = [_running(steps, "pulka", i) for i in range(n)]
    placed: list[Placed] = []

    if title:
        text = shorten(title, 34, True, WIDTH - 2 * MARGIN)
        placed += _one(
            (MARGIN, 10, WIDTH - MARGIN, TITLE_HEIGHT), Tok(text, "title", bold=True, fixed=34)
        )

    # The pulka band: the name, the standing (or the final result and the
    # money), then the pulka.  Names have one size, shortened if need be.
    if settlement is None:
        state = steps[-1].state if steps else PulkaState.new(names, rules)
        live = standings(state)
    name_size = min(
        next(
            (s for s in NAME_SIZES if width(name, s, True) <= z.pulka[0][2] - z.pulka[0][0]),
            NAME_SIZES[-1],
        )
        for name, z in zip(names, geo.zones, strict=True)
    )
    results = _result_sizes(geo, names, pulkas, rules, settlement, name_size)
    # Every other figure smaller than the smallest result (on a settled sheet).
    cap = min(results, default=CHAIN_SIZES[0] + 2) - 2
    sizes = tuple(s for s in CHAIN_SIZES if s <= cap) or CHAIN_SIZES[-1:]
    cells: list[_Cell] = []
    for i, zone in enumerate(geo.zones):
        rect = zone.pulka[0]
        short = shorten(names[i], name_size, True, rect[2] - rect[0])
        head = [Tok(short, "name", i, bold=True, fixed=name_size)]
        if settlement is None:
            head.append(_signed(norm(live[i]), "standing", i, scale=1.1))
        else:
            money = share(settlement.results[i], rules.stake)  # the result times the stake
            head += [
                _signed(settlement.results[i], "result", i, deco="oo", fixed=results[i]),
                Tok(
                    format_money(money, rules.currency, signed=True),
                    "money",
                    i,
                    value=money,
                    colour=_signed_colour(money),
                    fixed=MONEY_SIZE,
                ),
            ]
        for t in head:
            t.keep = zone.head_first
        chain = totals(pulkas[i], "pulka", i)
        if chain:
            chain[0].br = True
            chain[0].jump = zone.head_first  # the totals by the circle, the head outside
        cells.append(_Cell("pulka", zone.pulka, chain, [], head, zone.centred))
        # Mountain band, and the first circle.
        tail: list[Tok] = []
        if settlement is not None:
            eq, am, res = (
                settlement.equalised[i],
                settlement.amnestied[i],
                settlement.mountain_results[i],
            )
            tail = [
                Tok(format_number(eq), "equalised", i, value=eq, deco="u", br=True, stick=True),
                Tok(format_number(am), "amnestied", i, value=am, deco="uu", stick=True),
                _signed(res, "mountain_result", i, deco="o", stick=True, scale=OVAL_SCALE),
            ]
        mountain = totals(_running(steps, "mountain", i), "mountain", i)
        cells.append(_Cell("mountain", zone.mountain, mountain, tail, centre=zone.centred))
        # Whist columns, each with the balance circled.
        for j, rect in zone.whists.items():
            label = shorten("→" + names[j], HEADER_SIZE, False, rect[2] - rect[0])
            hp = _one(rect, Tok(label, "header", i, j, colour=MUTED, fixed=HEADER_SIZE))
            placed += hp
            y = max((p.box[3] for p in hp), default=rect[1]) + 3
            tail = []
            if settlement is not None:
                b = settlement.balances[i][j]
                tail = [
                    _signed(b, "balance", i, j, deco="o", br=True, stick=True, scale=OVAL_SCALE)
                ]
            whists = totals(_running(steps, "whists", i * n + j), "whists", i, j)
            cells.append(_Cell("whists", [(rect[0], y, rect[2], rect[3])], whists, tail))

    # One size for each kind of column, the largest at which all of them fit.
    size: dict[str, int] = {}
    for cell in cells:
        if size.get(cell.kind) == sizes[-1]:
            # Already the smallest: this column cannot lower it, so trying every size
            # on it (a long column fits at none) would be wasted.
            continue
        best = _best(cell.rects, [*cell.head, *cell.chain, *cell.tail], sizes, cell.centre)
        size[cell.kind] = min(size.get(cell.kind, best), best)
    for cell in cells:
        smaller = sizes[sizes.index(size[cell.kind]) :]
        placed += fit(cell.rects, cell.chain, cell.tail, smaller, cell.head, cell.centre)

    if geo.dummy and dummy:
        placed += _dummy(geo.dummy[0], dummy, name_size)
    placed += _centre(geo, rules, settlement)
    if geo.band is not None and (settlement is not None or steps):
        now = settlement if settlement is not None else settle_state(steps[-1].state)
        placed += _payments(geo.band, names, rules, now, min(sizes[0], cap))
    return geo, placed


def _result_sizes(
    geo: Geometry,
    names: Sequence[str],
    pulkas: Sequence[list[Number]],
    rules: Rules,
    settlement: Settlement | None,
    name_size: int,
) -> list[int]:
    """Each final result's size (none without a settlement): the largest at which its
    pulka region still holds the name, the money and the current pulka beside it."""
    if settlement is None:
        return []
    out = []
    for i, zone in enumerate(geo.zones):
        room = zone.pulka[0][2] - zone.pulka[0][0]
        keep = zone.head_first
        # The name as the sheet draws it: one size for every name (see layout).
        name = Tok(
            shorten(names[i], name_size, True, room), "name", bold=True, fixed=name_size, keep=keep
        )
        money = format_money(share(settlement.results[i], rules.stake), rules.currency, signed=True)
        # The money and the pulka small: the result comes first; the current pulka on
        # the line of the "…" that stands for the older totals, as fit() draws it.
        last = totals(pulkas[i][-1:], "pulka", i)
        after = [
            Tok(money, "money", fixed=MONEY_SIZE, keep=keep),
            Tok("…", "ellipsis", br=True, jump=keep),
            *last,
        ]
        text = whists_text(settlement.results[i], signed=True)
        out.append(_result_size(zone, text, name, after))
    return out


def _result_size(zone: Zone, text: str, name: Tok, after: list[Tok]) -> int:
    """The largest size of the result ``text`` at which its pulka region holds it after
    ``name`` and before ``after``."""
    room = zone.pulka[0][2] - zone.pulka[0][0]
    # Wide enough: the sizes at which the result, alone, fits the region's width.
    wide = [s for s in RESULT_SIZES if span(Tok(text, "result", deco="oo", bold=True), s) <= room]
    flow = RESULT_FLOW_KEPT if zone.head_first else RESULT_FLOW

    def holds(k: int) -> bool:
        result = Tok(text, "result", deco="oo", bold=True, fixed=wide[k], keep=zone.head_first)
        return place(zone.pulka, [name, result, *after], flow, centre=zone.centred) is not None

    # The largest that the region holds (smaller ones hold if a larger does), found by
    # bisection, so a sheet costs a few flows a player, not one a size.
    k = bisect_left(range(len(wide)), True, key=holds)
    # If none holds, the largest that is wide enough (the pulka goes behind "…").
    return wide[k] if k < len(wide) else wide[0] if wide else RESULT_SIZES[-1]


def _payments(
    band: Rect, names: Sequence[str], rules: Rules, s: Settlement, largest: int
) -> list[Placed]:
    """Who pays whom in the band of payments: the settlement's, or on a live sheet the
    one if the pulka stopped now.  In the columns that make the payments largest (an
    empty place counting against it; of equals, one a line): the wide band under a
    sheet of four or five holds them side by side.  The block is centred in the band."""
    if not s.payments:
        return []
    sizes = [x for x in BAND_SIZES if x <= largest] or BAND_SIZES[-1:]
    count = len(s.payments)
    best: tuple[tuple[int, int], list[tuple[Rect, list[Tok]]]] | None = None
    for rows in range(count, 0, -1):
        cols = -(-count // rows)
        w = (band[2] - band[0]) / cols
        gap = w * 0.05 if cols > 1 else 0  # columns side by side stay apart
        columns = [
            (
                (band[0] + k * w + gap, band[1], band[0] + (k + 1) * w - gap, band[3]),
                [_payment(p, names, rules, w * 0.9) for p in s.payments[k * rows : (k + 1) * rows]],
            )
            for k in range(cols)
        ]
        size = next((x for x in sizes if all(place([r], t, x, centre=True) for r, t in columns)), 0)
        # An empty place costs two sizes: 3 payments go in a row unless two columns
        # make them clearly larger.
        empty = rows * cols - count
        score = (size - 2 * empty, size)
        if best is None or score > best[0]:
            best = (score, columns)
    assert best is not None
    size = best[0][0] or sizes[-1]
    placed = [p for r, t in best[1] for p in place([r], t, size, partial=True, centre=True) or []]
    if placed:
        top = min(p.box[1] for p in placed)
        bottom = max(p.box[3] for p in placed)
        dy = round((band[1] + band[3]) / 2 - (top + bottom) / 2)
        for p in placed:
            p.shift(0, max(0, dy))
    return placed


def _payment(p: Payment, names: Sequence[str], rules: Rules, room: float) -> Tok:
    """``Вера → Аня  48.33 RUB``, each name shortened to a third of ``room``."""
    i, j = names.index(p.payer), names.index(p.payee)
    money = format_money(p.amount, rules.currency)
    short = [shorten(x, BAND_SIZES[-1], False, room / 3) for x in (p.payer, p.payee)]
    return Tok(f"{short[0]} → {short[1]}  {money}", "payment", i, j, p.amount, br=True)


def _dummy(rect: Rect, word: str, size: int) -> list[Placed]:
    """The dummy's name in the middle of its seat's pulka band (two players)."""
    word = shorten(word, size, True, rect[2] - rect[0])
    placed = _one(rect, Tok(word, "dummy", bold=True, colour=MUTED, fixed=size), centre=True)
    for p in placed:
        p.shift(0, round((rect[1] + rect[3]) / 2 - (p.box[1] + p.box[3]) / 2))
    return placed


def _centre(geo: Geometry, rules: Rules, settlement: Settlement | None) -> list[Placed]:
    cx, cy, r = geo.centre
    half = r * 0.70
    rect = (cx - half, cy - half, cx + half, cy + half)
    lines: list[list[Tok]] = [
        [Tok(s, "suit", colour=SUIT_RED if s in "♦♥" else INK, scale=0.8) for s in "♠♣♦♥"],
        [Tok(str(rules.target), "target", value=rules.target, bold=True, scale=2.2)],
        [Tok(f"{stake_text(rules.stake)} {rules.currency}".strip(), "stake", value=rules.stake)],
    ]
    if settlement is not None:
        total = sum(settlement.amnestied)
        n = len(settlement.amnestied)
        text = f"{format_number(total)} : {n} = {format_number(settlement.average)}"
        lines[0] = [Tok(text, "average", value=settlement.average, scale=0.8)]
    toks = [t for line in lines for t in line]
    for line in lines:
        line[0].br = True
    placed = place([rect], toks, _best([rect], toks, range(28, 9, -1)), partial=True) or []
    # Centre each line horizontally and the block vertically.
    rows: dict[float, list[Placed]] = {}
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
                p.shift(dx, dy)
    return placed


def _drawn(p: Placed) -> DrawnText:
    t = p.tok
    return DrawnText(t.text, p.box, t.kind, t.seat, t.on, t.value, p.size, t.bold, t.deco)


def layout_sheet(
    players: Sequence[str],
    rules: Rules,
    steps: Sequence[Step],
    settlement: Settlement | None = None,
    *,
    title: str | None = None,
    dummy: str | None = None,
) -> list[DrawnText]:
    """Every text :func:`render_sheet` draws, with its box and the value it shows."""
    with LOCK:
        _, placed = layout(players, rules, steps, settlement, title, dummy)
    return [_drawn(p) for p in placed]


# --- drawing ------------------------------------------------------------------------


def _decorations(placed: Sequence[Placed]) -> list[Shape]:
    shapes: list[Shape] = []
    for p in placed:
        t = p.tok
        if not t.deco:
            continue
        tw = width(t.text, p.size, t.bold)
        lw = max(1.5, p.size / 14)
        if t.deco == "s":  # an older total, crossed out as on paper
            y = p.base - 0.36 * p.size
            shapes.append(Shape("line", (p.x - 1, y, p.x + tw + 1, y), t.colour, lw))
        elif t.deco in ("u", "uu"):
            y = p.base + 0.1 * p.size + 1
            shapes.append(Shape("line", (p.x, y, p.x + tw, y), t.colour, lw))
            if t.deco == "uu":
                y += 0.12 * p.size + lw
                shapes.append(Shape("line", (p.x, y, p.x + tw, y), t.colour, lw))
        else:
            ox, oy, rx, ry = oval(tw, p.size)
            cx, cy = p.x + ox, p.base + oy
            shapes.append(Shape("ellipse", (cx - rx, cy - ry, cx + rx, cy + ry), t.colour, lw))
            if t.deco == "oo":
                rx, ry = rx + 5, ry + 5
                shapes.append(Shape("ellipse", (cx - rx, cy - ry, cx + rx, cy + ry), t.colour, lw))
    return shapes


def draw(geo: Geometry, placed: Sequence[Placed]) -> Image.Image:
    """The sheet drawn: lines and circles supersampled, then the text at full resolution."""
    w, h = geo.size
    big = Image.new("RGB", (w * SCALE, h * SCALE), PAPER)
    pen = ImageDraw.Draw(big)
    for sh in [*geo.shapes, *_decorations(placed)]:
        xy = [v * SCALE for v in sh.xy]
        line_width = max(1, round(sh.width * SCALE))
        if sh.kind == "line":
            pen.line(xy, fill=sh.colour, width=line_width)
        elif sh.kind == "polygon":
            pen.polygon(xy, fill=sh.colour)
        elif sh.kind == "rect":
            pen.rectangle(xy, outline=sh.colour, width=line_width)
        else:
            pen.ellipse(xy, outline=sh.colour, width=line_width)
    img = big.reduce(SCALE)
    pen = ImageDraw.Draw(img)
    for p in placed:
        t = p.tok
        pen.text((p.x, p.base), t.text, font=font(p.size, t.bold), fill=t.colour, anchor="ls")
    return img


def render_sheet(
    players: Sequence[str],
    rules: Rules,
    steps: Sequence[Step],
    settlement: Settlement | None = None,
    *,
    title: str | None = None,
    dummy: str | None = None,
) -> bytes:
    """The classic pulka sheet as PNG bytes, 1280 px wide.

    ``steps`` are a replay's steps (``replay(...).steps``); without a ``settlement``
    each player's standing is shown by his name, with one the "4 circles" are written
    in.  With two players (hussar), ``dummy`` is the word written in the dummy's seat.
    """
    with LOCK:
        img = draw(*layout(players, rules, steps, settlement, title, dummy))
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=3)
    return buf.getvalue()


async def render_sheet_async(*args: Any, **kwargs: Any) -> bytes:
    """:func:`render_sheet` in the drawing thread, so the event loop never blocks."""
    draw_it = functools.partial(render_sheet, *args, **kwargs)
    return await asyncio.get_running_loop().run_in_executor(_DRAWER, draw_it)


def _unmap_big_buffers() -> bool:
    """Fix glibc's mmap threshold (process-wide), so a sheet's memory goes back when freed.

    A sheet's image, layers and PNG buffers (some 30 MB) are big blocks, which glibc
    mmaps and unmaps on ``free``; but after the first such free it raises its mmap
    threshold to that size, so the next sheet's buffers come from the thread's arena,
    whose free pages are never returned (``malloc_trim`` did not shrink it).  Measured
    on a 40-deal sheet: +35 MiB resident for good without this, +5.7 MiB with it, at the
    same speed.  Only ctypes can set it; False where there is no glibc (musl, macOS).
    """
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        mallopt = ctypes.CDLL(name).mallopt
    except (OSError, AttributeError):
        return False
    return bool(mallopt(M_MMAP_THRESHOLD, 256 * 1024))


#: ``mallopt``'s parameter number of the mmap threshold (glibc's malloc.h).
M_MMAP_THRESHOLD = -3
#: One thread draws every sheet: they are drawn one at a time anyway (``LOCK``), and each
#: thread that draws gets a malloc arena of its own.
_DRAWER = ThreadPoolExecutor(
    max_workers=1, thread_name_prefix="sheet", initializer=_unmap_big_buffers
)
