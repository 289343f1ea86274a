"""The sheet's geometry: three frames, the central circle, the lines, each player's zone
(from the outside in: his whist columns, each nearest its opponent, mountain, pulka).

>>> geo = geometry(3, 0)
>>> geo.size, len(geo.zones), sorted(geo.zones[0].whists)
((1280, 1216), 3, [1, 2])
>>> [sorted(z.whists) for z in geometry(4, 64).zones]
[[1, 2, 3], [0, 2, 3], [0, 1, 3], [0, 1, 2]]
>>> [len(z.whists) for z in geometry(5, 64).zones], geometry(5, 64).size
([4, 4, 4, 4, 4], (1280, 1280))
>>> hussar = geometry(2, 64)
>>> [sorted(z.whists) for z in hussar.zones], len(hussar.dummy)
([[1], [0]], 2)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from itertools import pairwise

from bot.views.picture.paper import DUMMY_TINT, GRID, MARGIN, RGB, WIDTH, Rect


@dataclass(slots=True)
class Shape:
    """A line, ellipse or rectangle to draw (in output pixels, before supersampling)."""

    kind: str  # "line", "ellipse", "rect"; "polygon" is filled (a tint under the lines)
    xy: tuple[float, ...]
    colour: RGB
    width: float


@dataclass(slots=True)
class Zone:
    """Where one player's figures go."""

    pulka: list[Rect]
    mountain: list[Rect]
    whists: dict[int, Rect]  # opponent -> his column
    #: Lines centred on the zone's axis (top and bottom zones, whose bands narrow
    #: towards the centre); else written from the left.
    centred: bool = False
    #: The name and the standing (or result and money) all in the first pulka
    #: region, which is the wide outer one (five players' bottom seats).
    head_first: bool = False


@dataclass(slots=True)
class Geometry:
    """A whole sheet: its pixel size, the zones by seat, the central circle and the lines."""

    size: tuple[int, int]
    zones: list[Zone]
    centre: tuple[float, float, float]  # circle: cx, cy, r
    shapes: list[Shape] = field(default_factory=list)
    #: Who pays whom: the band across the bottom of the pulka frame (two and three
    #: players) or under the sheet, across its width (four and five).
    band: Rect | None = None
    #: Where the dummy's name goes (two players, hussar): its seat holds no figure.
    dummy: list[Rect] = field(default_factory=list)


#: Height of the band of payments: under the pulkas (two and three players), under the
#: sheet (four and five).
BAND = 84
#: Depths of the whist, mountain and pulka bands of four and five players: at the sides,
#: the top and the bottom.  Four: the sides' pulkas are deep (a name, the result, the
#: money and the pulka one above the other), the centre as tall as it is wide.  Five:
#: the two bottom seats share the bottom bands, so those are deeper and the circle sits
#: above the middle (see :func:`_pentagon`).
INSETS: dict[int, tuple[tuple[int, int, int], ...]] = {
    4: ((150, 130, 220), (140, 120, 180), (140, 120, 180)),
    5: ((150, 150, 190), (120, 110, 185), (165, 110, 235)),
}
#: Width of the four-player side pulkas' overflow, in their band's outer corner.
SIDE_OVERFLOW = 110


def _inset(r: Rect, dx: float, top: float, bottom: float) -> Rect:
    return (r[0] + dx, r[1] + top, r[2] - dx, r[3] - bottom)


def _pad(r: Rect, p: float = 9) -> Rect:
    return (r[0] + p, r[1] + p * 0.7, r[2] - p, r[3] - p * 0.7)


def _to_circle(corner: tuple[float, float], cx: float, cy: float, r: float) -> tuple[float, ...]:
    """The line from an outer corner to the central circle."""
    dx, dy = corner[0] - cx, corner[1] - cy
    d = math.hypot(dx, dy)
    return (corner[0], corner[1], cx + dx * r / d, cy + dy * r / d)


def _line_x(a: tuple[float, float], b: tuple[float, float], y: float) -> float:
    return a[0] + (b[0] - a[0]) * (y - a[1]) / (b[1] - a[1])


@dataclass(slots=True)
class _Frames:
    """The frames both layouts share, and the lines drawn so far.

    ``o`` is the outer frame, ``r1`` the one inside the whist band, ``r2`` the one
    inside the mountain band, ``c`` the pulka band's inner edge; the circle of
    radius ``rad`` around (``cx``, ``cy``) sits in ``c``.
    """

    o: Rect
    r1: Rect
    r2: Rect
    c: Rect
    cx: float
    cy: float
    rad: float
    shapes: list[Shape]
    band: Rect | None = None

    def polyline(self, *pts: tuple[float, float]) -> None:
        for a, b in pairwise(pts):
            self.shapes.append(Shape("line", (*a, *b), GRID, 2.5))

    def corner_line(self, k: int, stop: str) -> None:
        """From outer corner ``k`` (0 tl, 1 tr, 2 br, 3 bl) inwards, to ``r1`` or the circle."""
        xs = [(0, 1), (2, 1), (2, 3), (0, 3)][k]
        pts = [(r[xs[0]], r[xs[1]]) for r in (self.o, self.r1, self.r2, self.c)]
        if stop == "r1":
            self.polyline(pts[0], pts[1])
            return
        self.polyline(*pts[:3])
        line = _to_circle(pts[2], self.cx, self.cy, self.rad)
        self.shapes.append(Shape("line", line, GRID, 2.5))

    def stepped(self, outer: Rect, inner: Rect, up: bool, frac: float = 0.45) -> list[Rect]:
        """The top (``up``) or bottom band between two frames as two rects, its wider outer
        part first (a trapezium: its sides run to the inner corners, or to the centre)."""
        yo, yi = (outer[1], inner[1]) if up else (outer[3], inner[3])
        ys = yo + (yi - yo) * frac
        corner = (outer[0], yo)
        towards = (self.cx, self.cy) if inner is self.c else (inner[0], yi)
        xs, xi = _line_x(corner, towards, ys), _line_x(corner, towards, yi)
        mirror = self.o[0] + self.o[2]
        return [
            _pad((xs, min(yo, ys), mirror - xs, max(yo, ys))),
            _pad((xi, min(ys, yi), mirror - xi, max(ys, yi))),
        ]

    def whist_columns(self, parts: int, bottom: bool) -> list[list[Rect]]:
        """The top, left and right whist bands (and the ``bottom`` one) ruled off in
        ``parts`` columns each: the lists of columns in that order."""
        o, r1 = self.o, self.r1
        qx, qy = (r1[2] - r1[0]) / parts, (r1[3] - r1[1]) / parts
        xs = [r1[0] + k * qx for k in range(parts + 1)]
        ys = [r1[1] + k * qy for k in range(parts + 1)]
        for x in xs[1:-1]:
            self.shapes.append(Shape("line", (x, o[1], x, r1[1]), GRID, 2))
            if bottom:
                self.shapes.append(Shape("line", (x, r1[3], x, o[3]), GRID, 2))
        for y in ys[1:-1]:
            self.shapes.append(Shape("line", (o[0], y, r1[0], y), GRID, 2))
            self.shapes.append(Shape("line", (r1[2], y, o[2], y), GRID, 2))
        columns = [
            [_pad((x0, o[1], x1, r1[1])) for x0, x1 in pairwise(xs)],
            [_pad((o[0], y0, r1[0], y1)) for y0, y1 in pairwise(ys)],
            [_pad((r1[2], y0, o[2], y1)) for y0, y1 in pairwise(ys)],
        ]
        if bottom:
            columns.append([_pad((x0, r1[3], x1, o[3])) for x0, x1 in pairwise(xs)])
        return columns

    def top_zone(self, whists: dict[int, Rect]) -> Zone:
        """The top seat: pulka and mountain bands narrowing towards the centre."""
        pulka = self.stepped(self.r2, self.c, up=True, frac=0.55)
        return Zone(pulka, self.stepped(self.r1, self.r2, up=True), whists, centred=True)

    def side_zones(
        self, y_d: float, left: dict[int, Rect], right: dict[int, Rect]
    ) -> tuple[Zone, Zone]:
        """The left and right seats of four and five: each pulka overflows into the outer
        corner of the band under it, down to ``y_d``."""
        r1, r2, c, d = self.r1, self.r2, self.c, SIDE_OVERFLOW
        return (
            Zone(
                [_pad((r2[0], c[1], c[0], c[3])), _pad((r2[0], c[3], r2[0] + d, y_d), 6)],
                [_pad((r1[0], r2[1], r2[0], r2[3]))],
                left,
            ),
            Zone(
                [_pad((c[2], c[1], r2[2], c[3])), _pad((r2[2] - d, c[3], r2[2], y_d), 6)],
                [_pad((r2[2], r2[1], r1[2], r2[3]))],
                right,
            ),
        )


def _frames(n: int, top: int) -> _Frames:
    x0, x1 = MARGIN, WIDTH - MARGIN
    side = x1 - x0
    # Depths of the whist, mountain and pulka bands at the sides, top and bottom.
    if n in INSETS:
        # The title and the band of payments under the sheet fit inside Telegram's
        # 1280 px, not below them.
        height = side - top - BAND
        ins_x, ins_t, ins_b = INSETS[n]
    else:
        # The band of the payments is added under the pulkas (the circle stays put).
        height = 1100 + BAND
        ins_x = (156, 160, 196)
        ins_t = (137, 140, 172)  # so the lines to the top corners run straight
        ins_b = (150, 140, 150 + BAND)
    y0 = top + MARGIN
    o: Rect = (x0, y0, x1, y0 + height)
    r1 = _inset(o, ins_x[0], ins_t[0], ins_b[0])
    r2 = _inset(r1, ins_x[1], ins_t[1], ins_b[1])
    c = _inset(r2, ins_x[2], ins_t[2], ins_b[2])
    cx, cy = (c[0] + c[2]) / 2, (c[1] + c[3]) / 2
    rad = min(c[2] - c[0], c[3] - c[1]) / 2 - 6
    band = None
    outline = o
    if n >= 4:  # the band of payments under the sheet, ruled off in the outer frame
        outline = (o[0], o[1], o[2], o[3] + BAND)
        band = _pad((o[0], o[3], o[2], o[3] + BAND))
    shapes = [
        Shape("rect", outline, GRID, 4),
        Shape("rect", r1, GRID, 2.5),
        Shape("rect", r2, GRID, 2.5),
        Shape("ellipse", (cx - rad, cy - rad, cx + rad, cy + rad), GRID, 3),
    ]
    if band is not None:
        shapes.append(Shape("line", (o[0], o[3], o[2], o[3]), GRID, 3))
    return _Frames(o, r1, r2, c, cx, cy, rad, shapes, band)


def _square(f: _Frames) -> list[Zone]:
    """Four seats: lines to the four corners, each outer band in three columns."""
    r1, r2, c = f.r1, f.r2, f.c
    for k in range(4):
        f.corner_line(k, "circle")
    top, left, right, bottom = f.whist_columns(3, bottom=True)
    # The side pulkas' overflow: the outer corner of the band under the middle strip,
    # above the line from the pulka frame's corner to the circle.
    y_d = r2[3] - SIDE_OVERFLOW * (r2[3] - f.cy) / (f.cx - r2[0])
    sides = f.side_zones(
        y_d, dict(zip((2, 3, 0), left, strict=True)), dict(zip((2, 1, 0), right, strict=True))
    )
    # Seats clockwise: 0 bottom, 1 left, 2 top, 3 right.  Whists on an
    # opponent go in the part of the band nearest him.
    bottom_zone = Zone(  # the narrow part by the centre first
        f.stepped(r2, c, up=False, frac=0.3)[::-1],
        f.stepped(r1, r2, up=False, frac=0.3)[::-1],
        dict(zip((1, 2, 3), bottom, strict=True)),
        centred=True,
    )
    return [bottom_zone, sides[0], f.top_zone(dict(zip((1, 0, 3), top, strict=True))), sides[1]]


def _three(f: _Frames) -> list[Zone]:
    """The three-seat sheet (left, top, right): lines to the two top corners and straight
    down, the band of the payments under the pulkas; hussar's too, the dummy on top."""
    o, r1, r2, c, cx = f.o, f.r1, f.r2, f.c, f.cx
    f.corner_line(0, "circle")
    f.corner_line(1, "circle")
    f.corner_line(2, "r1")
    f.corner_line(3, "r1")
    # The band is ruled off across the pulka frame; the line down from the circle stops at it.
    yb = r2[3] - BAND
    f.shapes.append(Shape("line", (cx, f.cy + f.rad, cx, yb), GRID, 2.5))
    f.shapes.append(Shape("line", (r2[0], yb, r2[2], yb), GRID, 2))
    f.shapes.append(Shape("line", (cx, r2[3], cx, o[3]), GRID, 2.5))
    f.band = _pad((r2[0], yb, r2[2], r2[3]))
    # Seats clockwise: 0 left, 1 top, 2 right; each side's whist band split at the bottom.
    return [
        Zone(  # left
            [_pad((r2[0], c[1], c[0], c[3])), _pad((r2[0], c[3], cx, yb))],
            [_pad((r1[0], r2[1], r2[0], r2[3])), _pad((r1[0], r2[3], cx, r1[3]))],
            {1: _pad((o[0], r1[1], r1[0], r1[3])), 2: _pad((r1[0], r1[3], cx, o[3]))},
        ),
        f.top_zone({0: _pad((r1[0], o[1], cx, r1[1])), 2: _pad((cx, o[1], r1[2], r1[1]))}),
        Zone(  # right
            [_pad((c[2], c[1], r2[2], c[3])), _pad((cx, c[3], r2[2], yb))],
            [_pad((r2[2], r2[1], r1[2], r2[3])), _pad((cx, r2[3], r1[2], r1[3]))],
            {1: _pad((r1[2], r1[1], o[2], r1[3])), 0: _pad((cx, r1[3], r1[2], o[3]))},
        ),
    ]


def _triangle(f: _Frames) -> list[Zone]:
    zones = _three(f)
    f.shapes.append(Shape("line", (f.cx, f.o[1], f.cx, f.r1[1]), GRID, 2))  # the top's split
    return zones


def _pentagon(f: _Frames) -> list[Zone]:
    """Five seats: left, top and right as on the square, the bottom bands (deeper, the
    circle above the middle) shared by two seats, split straight down from the circle.
    Each player has four whist columns."""
    o, r1, r2, c, cx = f.o, f.r1, f.r2, f.c, f.cx
    f.corner_line(0, "circle")
    f.corner_line(1, "circle")
    # The bottom whist band runs the whole width (the bottom seats need its corners);
    # the lines below it bend at the pulka frame's corners, so the side pulkas stay
    # rectangles and the bottom seats get more of the band under the circle.
    for xo, xr1, xr2, xc in ((o[0], r1[0], r2[0], c[0]), (o[2], r1[2], r2[2], c[2])):
        f.polyline((xr1, r1[3]), (xr2, r2[3]), (xc, c[3]))
        f.shapes.append(Shape("line", _to_circle((xc, c[3]), f.cx, f.cy, f.rad), GRID, 2.5))
        f.shapes.append(Shape("line", (xo, r1[3], xr1, r1[3]), GRID, 2.5))
    f.shapes.append(Shape("line", (cx, f.cy + f.rad, cx, o[3]), GRID, 2.5))
    top, left, right = f.whist_columns(4, bottom=False)
    qb = (cx - o[0]) / 4
    bottom = [o[0] + k * qb for k in range(9)]
    for k in (1, 2, 3, 5, 6, 7):
        f.shapes.append(Shape("line", (bottom[k], r1[3], bottom[k], o[3]), GRID, 2))
    under = [_pad((bottom[k], r1[3], bottom[k + 1], o[3])) for k in range(8)]
    # The bottom pulka band, each half: under the circle from the bent line to the
    # middle, in two steps.  The wide outer one first: the name and the result are
    # written there, the totals go on by the circle.
    yo, yi = r2[3], c[3]
    ys = yo + (yi - yo) * 0.62
    xs = _line_x((r2[0], yo), (c[0], yi), ys)
    gap = 9
    half_pulka = [(xs + gap, ys + 6, cx - gap, yo - 6), (c[0] + gap, yi + 6, cx - gap, ys - 6)]
    half_mountain = f.stepped(r1, r2, up=False)[::-1]

    def mirrored(rects: list[Rect]) -> list[Rect]:
        return [(o[0] + o[2] - r[2], r[1], o[0] + o[2] - r[0], r[3]) for r in rects]

    def left_half(rects: list[Rect]) -> list[Rect]:
        return [(r[0], r[1], cx - gap, r[3]) for r in rects]

    # Under the side pulka, above the bottom line (from the pulka frame's corner to c's).
    y_d = r2[3] - SIDE_OVERFLOW * (r2[3] - c[3]) / (c[0] - r2[0])
    sides = f.side_zones(
        y_d, dict(zip((2, 3, 4, 0), left, strict=True)), dict(zip((2, 1, 0, 4), right, strict=True))
    )
    # Seats clockwise: 0 bottom left, 1 left, 2 top, 3 right, 4 bottom right.  Whists
    # on an opponent go in the part of the band nearest him.
    return [
        Zone(  # bottom left
            half_pulka,
            left_half(half_mountain),
            dict(zip((1, 2, 3, 4), under[:4], strict=True)),
            centred=True,
            head_first=True,
        ),
        sides[0],
        f.top_zone(dict(zip((1, 0, 4, 3), top, strict=True))),
        sides[1],
        Zone(  # bottom right
            mirrored(half_pulka),
            mirrored(left_half(half_mountain)),
            dict(zip((0, 1, 2, 3), under[4:], strict=True)),
            centred=True,
            head_first=True,
        ),
    ]


def _hussar(f: _Frames) -> tuple[list[Zone], list[Rect]]:
    """The three-player sheet with the dummy on top, its seat and the players' whist bands
    on it tinted (nothing is written there but its name, in the rects returned)."""
    o, r1, r2 = f.o, f.r1, f.r2
    # The tints first, so the lines are drawn over them.
    tl = [(r[0], r[1]) for r in (o, r1, r2)]
    tr = [(r[2], r[1]) for r in (o, r1, r2)]
    a = _to_circle(tl[2], f.cx, f.cy, f.rad)[2:]
    b = _to_circle(tr[2], f.cx, f.cy, f.rad)[2:]
    start = math.atan2(b[1] - f.cy, b[0] - f.cx)
    end = math.atan2(a[1] - f.cy, a[0] - f.cx)
    arc = [
        (f.cx + f.rad * math.cos(t), f.cy + f.rad * math.sin(t))
        for t in (start + (end - start) * k / 24 for k in range(25))
    ]
    sector = [tl[0], tr[0], tr[1], tr[2], *arc, tl[2], tl[1]]
    # The players' whist bands on the dummy: the side bands, corner to corner.
    bands = [
        [tl[0], tl[1], (r1[0], r1[3]), (o[0], o[3])],
        [tr[0], tr[1], (r1[2], r1[3]), (o[2], o[3])],
    ]
    tints = [
        Shape("polygon", tuple(v for p in poly for v in p), DUMMY_TINT, 0)
        for poly in (sector, *bands)
    ]
    f.shapes[:0] = tints
    left, top, right = _three(f)
    # Each player's whists on the other in the bottom band, nearest him.
    zones = [replace(left, whists={1: left.whists[2]}), replace(right, whists={0: right.whists[0]})]
    return zones, top.pulka


def geometry(n: int, top: int) -> Geometry:
    """The sheet of ``n`` players (2 to 5) below a title ``top`` pixels high."""
    f = _frames(n, top)
    zones, dummy = _hussar(f) if n == 2 else ({3: _triangle, 4: _square, 5: _pentagon}[n](f), [])
    bottom = f.o[3] + BAND if n >= 4 else f.o[3]
    size = (WIDTH, int(bottom) + MARGIN)
    return Geometry(size, zones, (f.cx, f.cy, f.rad), f.shapes, f.band, dummy)
