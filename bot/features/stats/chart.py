"""The money chart of ``/stats``: each player's running money total over the chat's nights.

1200 px wide so that, shown at a phone's 390 px, its figures are still about 13 px
high.  Drawn in the sheets' drawing thread (:data:`bot.views.picture.compose._DRAWER`),
so the event loop never waits; positions are worked out exactly, in whole numbers of
pixels from each total's numerator and denominator: no money becomes a float, and no
``Fraction`` is made per point.
"""

from __future__ import annotations

import asyncio
import functools
import io
from collections.abc import Sequence
from fractions import Fraction

from PIL import Image, ImageDraw

from bot.model.stats import chart_ticks
from bot.views.picture.compose import _DRAWER
from bot.views.picture.text import LOCK, font
from scoring import figure, money_text

WIDTH = 1200
HEIGHT = 900
#: Players drawn at most (the largest totals, either sign); the rest are left out.
MAX_LINES = 8
PAPER = (255, 255, 255)
INK = (24, 34, 58)
GRID = (214, 219, 228)
ZERO = (90, 98, 116)
#: Distinct on white and for the usual colour blindness (Okabe-Ito, darkened yellow).
COLOURS = (
    (0, 114, 178),
    (213, 94, 0),
    (0, 158, 115),
    (204, 121, 167),
    (86, 180, 233),
    (170, 130, 0),
    (0, 0, 0),
    (230, 159, 0),
)
TITLE, LABEL, LEGEND = 46, 34, 38


def _height_of(v: int | Fraction, low: Fraction, span: Fraction, bottom: int, height: int) -> int:
    """The pixel row of ``v`` on an axis from ``low`` (at ``bottom``) up ``span`` in
    ``height`` pixels: ``int(bottom - (v - low) * height / span)``, worked out in integers
    (with v = a/b, low = c/d, span = e/f) so that no Fraction is made per point.

    >>> _height_of(Fraction(10, 3), Fraction(-20), Fraction(60), 820, 720)
    540
    >>> _height_of(-50, Fraction(-20), Fraction(60), 820, 720)  # under the axis
    1180
    """
    a, b = v.as_integer_ratio()
    c, d, e, f = low.numerator, low.denominator, span.numerator, span.denominator
    under = b * d * e
    over = bottom * under - (a * d - c * b) * height * f
    return over // under if over >= 0 else -(-over // under)  # towards zero, as int()


def render_chart(
    title: str, numbers: Sequence[int], series: Sequence[tuple[str, Sequence[Fraction]]]
) -> bytes:
    """The PNG: ``series`` are (name, running total after each night of ``numbers``)."""
    with LOCK:  # the fonts' caches are the sheets' too
        kept = sorted(series, key=lambda s: -abs(s[1][-1]) if s[1] else Fraction(0))[:MAX_LINES]
        # The legend: best first.
        shown = sorted(kept, key=lambda s: -s[1][-1] if s[1] else Fraction(0))
        rows = -(-len(shown) // 2)
        legend_h = rows * (LEGEND + 18) + 12
        img = Image.new("RGB", (WIDTH, HEIGHT + legend_h), PAPER)
        draw = ImageDraw.Draw(img)
        draw.text((30, 20), title, font=font(TITLE, True), fill=INK)
        values: list[int | Fraction] = [0, *(v for _, line in shown for v in line)]
        ticks = chart_ticks(Fraction(min(values)), Fraction(max(values)))
        labels = [figure(t) for t in ticks]
        left = 40 + max(int(font(LABEL).getlength(s)) for s in labels)
        right, top, bottom = WIDTH - 40, 100, HEIGHT - 80
        low, high = ticks[0], ticks[-1]
        span = high - low or Fraction(1)
        height = bottom - top

        def y(v: int | Fraction) -> int:
            return _height_of(v, low, span, bottom, height)

        points = len(numbers) + 1  # the start (all at zero), then each night

        def x(i: int) -> int:
            return left + i * (right - left) // max(points - 1, 1)

        for t, label in zip(ticks, labels, strict=True):
            draw.line(
                (left, y(t), right, y(t)), fill=ZERO if t == 0 else GRID, width=4 if t == 0 else 2
            )
            w = font(LABEL).getlength(label)
            draw.text((left - 14 - w, y(t) - LABEL // 2 - 4), label, font=font(LABEL), fill=INK)
        every = max(1, -(-len(numbers) // 10))
        for i, number in enumerate(numbers, 1):
            if i % every and i != len(numbers):
                continue
            text = str(number)
            w = font(LABEL).getlength(text)
            draw.line((x(i), bottom, x(i), bottom + 12), fill=ZERO, width=3)
            draw.text((x(i) - w / 2, bottom + 18), text, font=font(LABEL), fill=INK)
        for k, (_, line) in enumerate(shown):
            colour = COLOURS[k % len(COLOURS)]
            xy = [(x(0), y(0))] + [(x(i), y(v)) for i, v in enumerate(line, 1)]
            draw.line(xy, fill=colour, width=7, joint="curve")
            for px, py in xy[1:]:
                draw.ellipse((px - 8, py - 8, px + 8, py + 8), fill=colour)
        for k, (name, line) in enumerate(shown):
            colour = COLOURS[k % len(COLOURS)]
            lx = 40 + (k % 2) * (WIDTH // 2)
            ly = HEIGHT + (k // 2) * (LEGEND + 18)
            draw.rectangle((lx, ly + 8, lx + 44, ly + LEGEND - 4), fill=colour)
            total = ": " + money_text(line[-1] if line else Fraction(0), signed=True)
            room = WIDTH // 2 - 110 - int(font(LEGEND).getlength(total))
            text = _fit(name, room) + total
            draw.text((lx + 60, ly), text, font=font(LEGEND), fill=INK)
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=3)
    return buf.getvalue()


def _fit(text: str, room: int) -> str:
    """``text`` shortened with an ellipsis to ``room`` pixels of the legend's font."""
    f = font(LEGEND)
    if f.getlength(text) <= room:
        return text
    while text and f.getlength(text + "…") > room:
        text = text[:-1]
    return text + "…"


async def render_chart_async(
    title: str, numbers: Sequence[int], series: Sequence[tuple[str, Sequence[Fraction]]]
) -> bytes:
    """:func:`render_chart` in the drawing thread."""
    draw_it = functools.partial(render_chart, title, tuple(numbers), tuple(series))
    return await asyncio.get_running_loop().run_in_executor(_DRAWER, draw_it)
