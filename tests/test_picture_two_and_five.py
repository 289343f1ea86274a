"""The sheet picture for two players (hussar, with the dummy) and for five.

The sheets are written with corrections (:class:`scoring.Correction`), which any
table size takes, so these tests draw what the picture is given, whatever deals
wrote it: every player's figures where they belong, nothing overlapping, the
dummy's seat without a figure.
"""

from __future__ import annotations

import io
import math
import random
from collections.abc import Callable
from fractions import Fraction
from itertools import combinations

import pytest
from PIL import Image

from bot.views import picture
from bot.views.picture import (
    DrawnText,
    compose,
    format_money,
    format_number,
    layout_sheet,
    render_sheet,
    render_sheet_async,
    text,
)
from bot.views.picture.geometry import geometry
from bot.views.texts import Texts
from scoring import Correction, Deal, Replay, Rules, replay, settle_state, standings

TWO = ("Анна", "Борис")
FIVE = ("Анна", "Борис", "Вера", "Глеб", "Дина")
LONG_TWO = ("Александра Константиновна", "Вероника Преображенская")
LONG_FIVE = (
    "Александра Константиновна",
    "Борис",
    "Вероника Преображенская",
    "Глеб",
    "Дмитрий Всеволодович",
)
DUMMY = "Болван"
#: Kinds of text that are figures (a number of the sheet, not a word).
FIGURES = {
    "standing",
    "pulka",
    "mountain",
    "whists",
    "ellipsis",
    "equalised",
    "amnestied",
    "mountain_result",
    "balance",
    "result",
    "money",
    "payment",
}


def evening(players: tuple[str, ...], count: int, seed: int = 1, target: int = 5000) -> Replay:
    """``count`` corrections writing pulka, mountain and whists, halves among them."""
    rnd = random.Random(seed)
    deals: list[Deal] = []
    for _ in range(count):
        who = rnd.choice(players)
        kind = rnd.random()
        pulka = rnd.choice([2, 4, 6]) if kind < 0.4 else 0
        mountain = (
            rnd.choice([Fraction(2), Fraction(4), Fraction(3, 2)]) if 0.4 <= kind < 0.6 else 0
        )
        whists: dict[str, Fraction | int] = {
            p: rnd.choice([Fraction(2), Fraction(4), Fraction(8), Fraction(5, 2)])
            for p in players
            if p != who and rnd.random() < 0.5
        }
        deals.append(Correction.of(who, pulka, mountain, whists, note="x"))
    return replay(players, Rules(target=target), deals)


def short(players: tuple[str, ...]) -> Replay:
    """A short sheet where every column has a figure or two."""
    first: list[Deal] = [
        Correction.of(p, 2, 4, {q: 2 * k + 4 for k, q in enumerate(players) if q != p})
        for p in players
    ]
    rnd = random.Random(3)
    for _ in range(8):
        p = rnd.choice(players)
        q = rnd.choice([x for x in players if x != p])
        first.append(Correction.of(p, rnd.choice([0, 2]), rnd.choice([0, 1]), {q: 2}))
    return replay(players, Rules(target=20), first)


def draw(r: Replay, settled: bool = False, **kw: object) -> list[DrawnText]:
    settlement = settle_state(r.state) if settled else None
    return layout_sheet(r.state.players, r.state.rules, r.steps, settlement, **kw)  # type: ignore[arg-type]


def of(
    items: list[DrawnText], kind: str, seat: int | None = None, on: int | None = None
) -> list[DrawnText]:
    return [
        t
        for t in items
        if t.kind == kind and (seat is None or t.seat == seat) and (on is None or t.on == on)
    ]


def one(items: list[DrawnText], kind: str, seat: int | None = None) -> DrawnText:
    found = of(items, kind, seat)
    assert len(found) == 1, (kind, seat, found)
    return found[0]


def running(r: Replay, value: Callable[[object], object]) -> list[object]:
    out: list[object] = []
    last: object = 0
    for step in r.steps:
        v = value(step.state.sheet)
        if v != last:
            out.append(v)
            last = v
    return out


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(box: tuple[float, ...], rect: tuple[float, ...]) -> bool:
    return (
        box[0] >= rect[0] - 1
        and box[1] >= rect[1] - 1
        and box[2] <= rect[2] + 1
        and box[3] <= rect[3] + 1
    )


# --- the picture -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "titled", "size"),
    [
        (TWO, True, (1280, 1280)),
        (TWO, False, (1280, 1216)),
        (FIVE, True, (1280, 1280)),
        (FIVE, False, (1280, 1280)),
    ],
)
@pytest.mark.parametrize("settled", [False, True])
def test_a_png_of_the_expected_size(
    players: tuple[str, ...], titled: bool, size: tuple[int, int], settled: bool
) -> None:
    r = short(players)
    s = settle_state(r.state) if settled else None
    title = "Пулька ♠♣♦♥" if titled else None
    png = render_sheet(players, r.state.rules, r.steps, s, title=title, dummy=DUMMY)
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    assert image.size == size


@pytest.mark.parametrize("players", [TWO, FIVE])
def test_every_players_figures_are_scorings(players: tuple[str, ...]) -> None:
    r = short(players)
    items = draw(r, dummy=DUMMY)
    n = len(players)
    assert not of(items, "ellipsis")
    live = standings(r.state)
    for i in range(n):
        assert one(items, "name", i).text == players[i]
        assert one(items, "standing", i).value == live[i]
        pulka = of(items, "pulka", i)
        assert [t.value for t in pulka] == running(r, lambda s, i=i: s.pulka[i])
        mountain = of(items, "mountain", i)
        assert [t.value for t in mountain] == running(r, lambda s, i=i: s.mountain[i])
        for j in range(n):
            if i == j:
                continue
            header = [t for t in of(items, "header", i) if t.on == j]
            assert [t.text for t in header] == ["→" + players[j]]
            whists = of(items, "whists", i, j)
            assert [t.value for t in whists] == running(r, lambda s, i=i, j=j: s.whists_on(i, j))
            assert whists, (i, j)  # the short evening writes every column
        for t in pulka + mountain + of(items, "whists", i):
            assert t.text == format_number(t.value)  # type: ignore[arg-type]
            # The current total is not struck through; the older ones are.
        assert [t.decoration for t in pulka] == ["s"] * (len(pulka) - 1) + [""]
    # Every whist column is of two players of this sheet, and no one writes on himself.
    assert all(t.on != t.seat and t.on in range(n) for t in of(items, "whists"))


@pytest.mark.parametrize("players", [TWO, FIVE])
def test_the_settlement_is_written_in(players: tuple[str, ...]) -> None:
    r = short(players)
    s = settle_state(r.state)
    items = draw(r, settled=True, dummy=DUMMY)
    n = len(players)
    for i in range(n):
        assert one(items, "equalised", i).value == s.equalised[i]
        assert one(items, "amnestied", i).value == s.amnestied[i]
        assert one(items, "mountain_result", i).value == s.mountain_results[i]
        result = one(items, "result", i)
        assert (result.value, result.text, result.decoration) == (
            s.results[i],
            format_number(s.results[i], signed=True),
            "oo",
        )
        money = one(items, "money", i)
        assert money.text == format_money(s.money[i], r.state.rules.currency, signed=True)
        for j in range(n):
            if i != j:
                (b,) = of(items, "balance", i, j)
                assert (b.value, b.decoration) == (s.balances[i][j], "o")
    assert one(items, "average").value == s.average
    # The results are the largest figures of the sheet, as on three and four.
    smallest = min(t.size for t in of(items, "result"))
    assert all(t.size < smallest for t in items if t.kind in FIGURES - {"result", "payment"})
    # The band of payments, as for three and four.
    assert [t.value for t in of(items, "payment")] == [p.amount for p in s.payments]


@pytest.mark.parametrize("players", [TWO, FIVE])
def test_halves_are_written_as_everywhere_else(players: tuple[str, ...]) -> None:
    a, b = players[0], players[1]
    deals: list[Deal] = [
        Correction.of(a, 2, Fraction(3, 2), {b: Fraction(5, 2)}),
        Correction.of(a, 0, 2, {b: 8}),
        Correction.of(b, Fraction(1, 2)),
    ]
    r = replay(players, Rules(target=10), deals)
    items = draw(r, dummy=DUMMY)
    assert [(t.text, t.decoration) for t in of(items, "mountain", 0)] == [("1.5", "s"), ("3.5", "")]
    assert [t.text for t in of(items, "whists", 0, 1)] == ["2.5", "10.5"]
    assert [t.text for t in of(items, "pulka", 1)] == ["0.5"]


# --- long sheets, long names: nothing overlaps, nothing is lost ------------------


@pytest.mark.parametrize("players", [LONG_TWO, LONG_FIVE])
@pytest.mark.parametrize("settled", [False, True])
@pytest.mark.parametrize("count", [60, 1000])
def test_long_sheets_nothing_overlaps(players: tuple[str, ...], settled: bool, count: int) -> None:
    r = evening(players, count, seed=7)
    settlement = settle_state(r.state) if settled else None
    geo, placed = compose.layout(players, r.state.rules, r.steps, settlement, "Пулька", DUMMY)
    items = layout_sheet(players, r.state.rules, r.steps, settlement, title="Пулька", dummy=DUMMY)
    boxes = [t.box for t in items]
    for a, b in combinations(range(len(items)), 2):
        assert not overlap(boxes[a], boxes[b]), (items[a], items[b])
    width, height = geo.size
    for t in items:
        assert 0 <= t.box[0] < t.box[2] <= width and 0 <= t.box[1] < t.box[3] <= height, t
        assert t.size >= 14 or t.kind == "header", t
    # Each figure inside its own part of the sheet, clear of the lines.
    for p in placed:
        tok = p.tok
        if tok.seat is None or tok.kind == "title":
            continue
        if tok.kind == "payment":
            assert geo.band is not None and inside(p.box, geo.band), (tok, p.box)
            continue
        zone = geo.zones[tok.seat]
        rects = (zone.whists[tok.on],) if tok.on is not None else (*zone.pulka, *zone.mountain)
        assert any(inside(p.box, rect) for rect in rects), (tok, p.box)
    cx, cy, rad = geo.centre
    for t in items:
        if t.seat is None and t.kind not in ("title", "dummy"):
            assert inside(t.box, (cx - rad, cy - rad, cx + rad, cy + rad)), t
    # The names are shortened, never dropped; the current totals are always there.
    n = len(players)
    sheet = r.state.sheet
    for i in range(n):
        name = one(items, "name", i).text
        assert name == players[i] or (name.endswith("…") and players[i].startswith(name[:-1]))
        assert [t.value for t in of(items, "pulka", i)][-1:] == [sheet.pulka[i]][
            : bool(sheet.pulka[i])
        ]
        assert [t.value for t in of(items, "mountain", i)][-1:] == [sheet.mountain[i]][
            : bool(sheet.mountain[i])
        ]
        for j in range(n):
            if i != j:
                assert of(items, "whists", i, j)[-1].value == sheet.whists_on(i, j)
    if count == 1000:
        assert of(items, "ellipsis")  # older totals left out, the current ones kept
    if settled:
        for i in range(n):
            assert one(items, "result", i).value == settlement.results[i]  # type: ignore[union-attr]
            assert one(items, "money", i).value == settlement.money[i]  # type: ignore[union-attr]
            for j in range(n):
                if i != j:
                    assert len(of(items, "balance", i, j)) == 1


@pytest.mark.parametrize("n", [2, 5])
def test_the_zones_do_not_overlap(n: int) -> None:
    """Every region of the sheet is inside it, off the circle, and no two overlap."""
    for top in (0, 64):
        geo = geometry(n, top)
        assert len(geo.zones) == n
        regions = []
        for i, zone in enumerate(geo.zones):
            assert sorted(zone.whists) == [j for j in range(n) if j != i]
            regions += [*zone.pulka, *zone.mountain, *zone.whists.values()]
        regions += geo.dummy
        if geo.band is not None:
            regions.append(geo.band)
        w, h = geo.size
        cx, cy, rad = geo.centre
        for r in regions:
            assert 0 <= r[0] < r[2] <= w and top <= r[1] < r[3] <= h, r
            near_x = min(max(cx, r[0]), r[2])
            near_y = min(max(cy, r[1]), r[3])
            assert math.hypot(near_x - cx, near_y - cy) > rad, r
        for a, b in combinations(regions, 2):
            assert not overlap(a, b), (a, b)


@pytest.mark.parametrize("players", [LONG_TWO, LONG_FIVE])
def test_the_picture_costs_what_fits_not_the_history(
    players: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sheet's flows measure what its regions hold, not its history: counted, not timed,
    1,000 deals cost less than 3.5 times 300 (the benchmark's "linear or close"), and
    once the regions are full (3,000) hardly more."""
    real = text._extent
    measured = [0]

    def counting(tok: text.Tok, size: int) -> tuple[float, float, float, float]:
        measured[0] += 1
        return real(tok, size)

    monkeypatch.setattr(text, "_extent", counting)
    calls = []
    for count in (300, 1000, 3000):
        r = evening(players, count, seed=5)
        measured[0] = 0
        s = settle_state(r.state)
        layout_sheet(players, r.state.rules, r.steps, s, title="x", dummy=DUMMY)
        calls.append(measured[0])
    assert calls[1] < 3.5 * calls[0], calls
    assert calls[2] < 1.5 * calls[1], calls


# --- the dummy ---------------------------------------------------------------------


@pytest.mark.parametrize("settled", [False, True])
def test_the_dummy_has_a_seat_and_no_figure(settled: bool) -> None:
    r = evening(TWO, 200, seed=2)
    s = settle_state(r.state) if settled else None
    geo, _ = compose.layout(TWO, r.state.rules, r.steps, s, "Пулька", DUMMY)
    items = layout_sheet(TWO, r.state.rules, r.steps, s, title="Пулька", dummy=DUMMY)
    word = one(items, "dummy")
    assert word.text == DUMMY and word.seat is None and word.value is None
    assert any(inside(word.box, rect) for rect in geo.dummy)
    # Nothing else in the dummy's seat, nothing of a third player anywhere.
    for t in items:
        if t is not word:
            assert not any(overlap(t.box, rect) for rect in geo.dummy), t
        assert t.seat in (None, 0, 1) and t.on in (None, 0, 1), t
    assert not of(items, "header", on=2)
    assert [t.text for t in of(items, "header")] == ["→Борис", "→Анна"]
    # The dummy's seat and the players' bands on it are tinted, under the lines.
    tints = [sh for sh in geo.shapes if sh.kind == "polygon"]
    assert len(tints) == 3 and geo.shapes[:3] == tints


def test_no_dummy_word_without_one() -> None:
    r = short(TWO)
    assert not of(draw(r), "dummy")
    assert not of(draw(short(FIVE), dummy=DUMMY), "dummy")  # five players have no dummy


@pytest.mark.parametrize(("lang", "word"), [("ru", "Болван"), ("uk", "Болван"), ("en", "Dummy")])
def test_the_dummy_is_named_in_the_chat_language(lang: str, word: str) -> None:
    r = short(TWO)
    dummy = Texts(lang)("sheet_dummy")
    assert dummy == word
    assert one(draw(r, dummy=dummy), "dummy").text == word


def test_a_long_dummy_word_is_shortened() -> None:
    r = short(LONG_TWO)
    geo, _ = compose.layout(LONG_TWO, r.state.rules, r.steps, None, None)
    items = draw(r, dummy="Болван " * 20)
    word = one(items, "dummy")
    assert word.text.endswith("…")
    assert inside(word.box, geo.dummy[0])


# --- the rest --------------------------------------------------------------------


@pytest.mark.parametrize("players", [TWO, FIVE])
def test_an_empty_sheet(players: tuple[str, ...]) -> None:
    items = layout_sheet(players, Rules(), [], dummy=DUMMY)
    assert [one(items, "name", i).text for i in range(len(players))] == list(players)
    assert [one(items, "standing", i).text for i in range(len(players))] == ["0"] * len(players)
    assert not of(items, "pulka") and not of(items, "mountain") and not of(items, "whists")
    assert render_sheet(players, Rules(), [], dummy=DUMMY).startswith(b"\x89PNG")


def test_other_sizes_are_refused() -> None:
    for players in (("A",), ("A", "B", "C", "D", "E", "F")):
        with pytest.raises(ValueError):
            layout_sheet(players, Rules(), [])
    r = short(FIVE)
    with pytest.raises(ValueError):
        layout_sheet(TWO, r.state.rules, r.steps)


async def test_drawn_in_the_drawing_thread() -> None:
    for players in (TWO, FIVE):
        r = short(players)
        s = settle_state(r.state)
        png = await render_sheet_async(
            players, r.state.rules, r.steps, s, title="Итог", dummy=DUMMY
        )
        assert png == render_sheet(players, r.state.rules, r.steps, s, title="Итог", dummy=DUMMY)
    assert picture.WIDTH == 1280


async def test_the_bot_draws_two_and_five_through_its_one_entry(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``Sheets.render`` (``/score``, the "📷 Sheet" button, ``/settle``) draws any size and
    names the dummy in the chat's language."""
    from types import SimpleNamespace

    from bot.telegram.sheets import Sheets

    asked: list[dict[str, object]] = []
    real = picture.render_sheet_async

    async def spy(*args: object, **kw: object) -> bytes:
        asked.append(kw)
        return await real(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(picture, "render_sheet_async", spy)
    for players in (TWO, FIVE):
        r = short(players)
        deals = tuple(SimpleNamespace(step=step) for step in r.steps)
        table = SimpleNamespace(id=1, names=players, rules=r.state.rules, deals=deals)
        png = await Sheets().render(Texts("en"), table)  # type: ignore[arg-type]
        assert png is not None and Image.open(io.BytesIO(png)).size[0] == 1280
    assert [kw["dummy"] for kw in asked] == ["Dummy", "Dummy"]
