"""The pulka picture (bot/views/picture/): golden images, figures from scoring, no overlaps.

Regenerate the golden PNGs after a deliberate change of the drawing with
``UPDATE_GOLDEN=1 .venv/bin/pytest tests/test_picture.py`` and look at them.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest
from evenings import long_evening
from PIL import Image, ImageChops, ImageDraw, ImageStat

from bot.views import picture
from bot.views.picture import (
    SEPARATOR,
    DrawnText,
    compose,
    format_money,
    format_number,
    layout_sheet,
    render_sheet,
    render_sheet_async,
    text,
)
from scoring import (
    Correction,
    Deal,
    Game,
    Misere,
    Raspasy,
    Replay,
    Rules,
    Settlement,
    replay,
    settle_state,
    share,
    standings,
    whists_text,
)

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
#: Mean absolute difference per channel (0-255) allowed against a golden image,
#: over the whole image and over any 32 x 32 tile: enough for another FreeType's
#: anti-aliasing (a 0.5 px blur of the whole image gives 0.6 and 6), not for a
#: moved or changed figure (one changed number gives a tile over 60).
TOLERANCE = 1.0
TILE = 32
TILE_TOLERANCE = 24

THREE = ("Анна", "Борис", "Вера")
FOUR = ("Анна", "Борис", "Вера", "Глеб")


def deals3() -> list[Deal]:
    """A Sochi pulka to 10 for three: games, raspasy, a misère, help, a write-off."""
    a, b, v = THREE
    return [
        Game.of(a, "6S", {b: "whist", v: "pass"}, {a: 6, b: 3, v: 1}),
        Game.of(b, "7H", {v: "whist", a: "pass"}, {b: 7, v: 2, a: 1}),
        Raspasy.of({a: 2, b: 5, v: 3}),
        Game.of(v, "6D", {a: "whist", b: "whist"}, {v: 5, a: 3, b: 2}),
        Misere(b, 0),
        Game.of(a, "8C", {v: "whist", b: "pass"}, {a: 8, v: 2, b: 0}),
        Game.of(v, "7S", {a: "pass", b: "whist"}, {v: 8, b: 2, a: 0}),
        Game.of(v, "6NT", {a: "pass", b: "pass"}, {v: 6, a: 2, b: 2}),
        Raspasy.of({a: 4, b: 1, v: 5}),
        Game.of(v, "7D", {a: "whist", b: "whist"}, {v: 7, a: 2, b: 1}),
    ]


def deals4() -> list[Deal]:
    """A Sochi pulka to 10 for four, the dealer sitting out in turn."""
    a, b, v, g = FOUR
    return [
        Game.of(b, "6S", {v: "whist", g: "pass"}, {b: 6, v: 3, g: 1}),
        Game.of(v, "7C", {g: "whist", a: "pass"}, {v: 6, g: 3, a: 1}),
        Raspasy.of({a: 3, b: 6, g: 1}),
        Game.of(a, "7H", {b: "whist", v: "whist"}, {a: 7, b: 2, v: 1}),
        Misere(g, 1),
        Game.of(g, "8D", {a: "whist", v: "pass"}, {g: 8, a: 2, v: 0}),
        Game.of(a, "6D", {b: "whist", g: "whist"}, {a: 6, b: 2, g: 2}),
        Game.of(b, "9S", {v: "pass", a: "whist"}, {b: 9, a: 1, v: 0}),
        Game.of(v, "6H", {b: "pass", g: "pass"}, {v: 6, b: 2, g: 2}),
        Game.of(g, "7S", {a: "whist", v: "whist"}, {g: 6, a: 3, v: 1}),
        Game.of(a, "7NT", {b: "whist", g: "pass"}, {a: 8, b: 1, g: 1}),
        Game.of(v, "8C", {a: "pass", b: "whist"}, {v: 9, b: 1, a: 0}),
        Game.of(g, "6C", {b: "whist", v: "pass"}, {g: 6, b: 3, v: 1}),
        Game.of(v, "6S", {g: "whist", a: "whist"}, {v: 7, g: 2, a: 1}),
        Game.of(g, "7D", {a: "pass", b: "pass"}, {g: 7, a: 2, b: 1}),
    ]


def known3() -> Replay:
    return replay(THREE, Rules(target=10), deals3())


def known4() -> Replay:
    return replay(FOUR, Rules(target=10), deals4())


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


def one(
    items: list[DrawnText], kind: str, seat: int | None = None, on: int | None = None
) -> DrawnText:
    found = of(items, kind, seat, on)
    assert len(found) == 1, (kind, seat, on, found)
    return found[0]


def running(r: Replay, value: Callable[[object], object]) -> list[object]:
    """Each new total after a deal that changed it, read from scoring's own states."""
    out, last = [], 0
    for step in r.steps:
        v = value(step.state.sheet)
        if v != last:
            out.append(v)
            last = v
    return out


# --- golden images ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "build", "settled"),
    [
        ("three_players", known3, False),
        ("three_players_settled", known3, True),
        ("four_players", known4, False),
        ("four_players_settled", known4, True),
    ],
)
def test_golden_image(
    name: str, build: Callable[[], Replay], settled: bool, tmp_path: Path
) -> None:
    r = build()
    settlement = settle_state(r.state) if settled else None
    title = ("Роспись ♠♣♦♥" if settled else "Пулька ♠♣♦♥") + f" · {len(r.steps)} сдач"
    png = render_sheet(r.state.players, r.state.rules, r.steps, settlement, title=title)
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    image = image.convert("RGB")
    path = GOLDEN / f"{name}.png"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        image.save(path, optimize=True)
        assert path.stat().st_size < 300_000
        return
    if not path.exists():
        pytest.fail(f"no golden image {path}; run with UPDATE_GOLDEN=1 and look at it")
    golden = Image.open(path).convert("RGB")
    assert image.size == golden.size
    diff = ImageChops.difference(image, golden)
    mean = sum(ImageStat.Stat(diff).mean) / 3
    grey = diff.convert("L")
    tiles = grey.resize((grey.width // TILE, grey.height // TILE), Image.Resampling.BOX)
    worst = tiles.getextrema()[1]
    if mean >= TOLERANCE or worst >= TILE_TOLERANCE:
        image.save(tmp_path / f"{name}.actual.png")
        diff.save(tmp_path / f"{name}.diff.png")
    assert mean < TOLERANCE, f"differs from {path} by {mean:.3f} on average; see {tmp_path}"
    assert worst < TILE_TOLERANCE, f"a part differs from {path} by {worst}; see {tmp_path}"


def test_golden_images_are_small() -> None:
    for path in GOLDEN.glob("*.png"):
        assert path.stat().st_size < 300_000, path


def test_sizes_fit_telegram() -> None:
    for r in (known3(), known4()):
        png = render_sheet(r.state.players, r.state.rules, r.steps, title="x")
        w, h = Image.open(io.BytesIO(png)).size
        assert w == 1280
        assert 900 <= h <= 1400


# --- the drawn figures come from scoring -------------------------------------------


@pytest.mark.parametrize("build", [known3, known4])
def test_drawn_columns_are_scorings_running_totals(build: Callable[[], Replay]) -> None:
    r = build()
    items = draw(r)
    n = len(r.state.players)
    assert not of(items, "ellipsis")
    for i in range(n):
        pulka = of(items, "pulka", i)
        assert [t.value for t in pulka] == running(r, lambda s, i=i: s.pulka[i])
        mountain = of(items, "mountain", i)
        assert [t.value for t in mountain] == running(r, lambda s, i=i: s.mountain[i])
        for j in range(n):
            if i != j:
                whists = of(items, "whists", i, j)
                assert [t.value for t in whists] == running(
                    r, lambda s, i=i, j=j: s.whists_on(i, j)
                )
        for t in pulka + mountain + of(items, "whists", i):
            assert t.text.removesuffix(SEPARATOR) == format_number(t.value)  # type: ignore[arg-type]
    # The current totals are the sheet's.
    sheet = r.state.sheet
    for i in range(n):
        assert of(items, "pulka", i)[-1].value == sheet.pulka[i]
        if sheet.mountain[i]:
            assert of(items, "mountain", i)[-1].value == sheet.mountain[i]


def test_known_three_player_figures_by_hand() -> None:
    items = draw(known3())
    texts = {(t.kind, t.seat, t.on): [] for t in items}
    for t in items:
        texts[t.kind, t.seat, t.on].append(t.text)
    # Анна: 6♠ made (2), help from Борис's misère (+4), 8♣ made (+6 -> 4 own).
    assert texts["pulka", 0, None] == ["2", "6", "10"]
    # Борис: 7♥ (4), the misère closes him at 10.
    assert texts["pulka", 1, None] == ["4", "10"]
    # Борис wrote 8 on Анна for the 6♠, then 40 for helping her with 4 points.
    assert texts["whists", 1, 0] == ["8", "48"]
    # The older totals are struck through, as on paper; the current one is not.
    assert [t.decoration for t in items if t.kind == "pulka" and t.seat == 0] == ["s", "s", ""]
    assert texts["name", 0, None] == ["Анна"]


@pytest.mark.parametrize("build", [known3, known4])
def test_standings_are_scorings(build: Callable[[], Replay]) -> None:
    r = build()
    items = draw(r)
    live = standings(r.state)
    for i in range(len(r.state.players)):
        t = one(items, "standing", i)
        assert t.value == live[i]
        assert t.text == whists_text(live[i], signed=True)  # as the board writes it
    assert not of(items, "result")


@pytest.mark.parametrize("build", [known3, known4])
def test_settlement_figures_are_scorings(build: Callable[[], Replay]) -> None:
    r = build()
    s: Settlement = settle_state(r.state)
    items = draw(r, settled=True)
    n = len(r.state.players)
    for i in range(n):
        assert one(items, "equalised", i).value == s.equalised[i]
        assert one(items, "amnestied", i).value == s.amnestied[i]
        assert one(items, "mountain_result", i).value == s.mountain_results[i]
        result = one(items, "result", i)
        assert (result.value, result.text) == (
            s.results[i],
            whists_text(s.results[i], signed=True),  # thirds exactly, as the chat writes it
        )
        assert result.decoration == "oo"  # the double circle
        # Beside the result its share (the result times the stake), as the chat shows it.
        money = one(items, "money", i)
        alone = share(s.results[i], r.state.rules.stake)
        assert money.value == alone
        assert money.text == format_money(alone, r.state.rules.currency, signed=True)
        for j in range(n):
            if i != j:
                b = one(items, "balance", i, j)
                assert (b.value, b.decoration) == (s.balances[i][j], "o")
    assert one(items, "average").value == s.average
    assert one(items, "target").text == "10"
    assert one(items, "stake").text == "1 RUB"
    assert not of(items, "standing")


def test_three_player_settlement_by_hand() -> None:
    items = draw(known3(), settled=True)
    results = [one(items, "result", i).text for i in range(3)]
    # Exact: -17 1/3, +60 2/3, -43 1/3, written as the chat and the export write them.
    assert results == ["-17⅓", "+60⅔", "-43⅓"]  # as the chat writes a result in thirds
    # Beside each result its money, the result times the stake: 60⅔ is 60.67.
    assert [one(items, "money", i).text for i in range(3)] == [
        "-17.33 RUB",
        "+60.67 RUB",
        "-43.33 RUB",
    ]
    # Each share is a third of a cent over its rounding; the payments add up to zero
    # with the extra cent from the winner (the one who stands higher), not the last seat.
    assert sum(p.value for p in of(items, "payment")) == Decimal("60.66")


def test_a_changed_deal_changes_the_drawing() -> None:
    before = known3()
    deals = deals3()
    a, b, v = THREE
    deals[-1] = Game.of(v, "7D", {a: "whist", b: "whist"}, {v: 6, a: 3, b: 1})  # now down one
    after = replay(THREE, Rules(target=10), deals)
    old, new = draw(before, settled=True), draw(after, settled=True)
    s = settle_state(after.state)
    assert one(new, "result", 2).value == s.results[2] != one(old, "result", 2).value
    assert of(new, "mountain", 2)[-1].value == after.state.sheet.mountain[2]
    assert of(new, "mountain", 2)[-1].value != of(old, "mountain", 2)[-1].value
    assert of(new, "whists", 0, 2)[-1].value == after.state.sheet.whists_on(0, 2)
    assert of(new, "whists", 0, 2)[-1].value != of(old, "whists", 0, 2)[-1].value


# --- long pulkas, long names: nothing overlaps ------------------------------------


def overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(box: tuple[int, int, int, int], rect: tuple[float, ...]) -> bool:
    return (
        box[0] >= rect[0] - 1
        and box[1] >= rect[1] - 1
        and box[2] <= rect[2] + 1
        and box[3] <= rect[3] + 1
    )


LONG_FOUR = ("Александра Константиновна", "Борис", "Вероника Преображенская", "Глеб")


@pytest.mark.parametrize("players", [LONG_FOUR, LONG_FOUR[:3]])
@pytest.mark.parametrize("settled", [False, True])
def test_sixty_deals_nothing_overlaps(players: tuple[str, ...], settled: bool) -> None:
    r = long_evening(players, 60, seed=7)
    assert len(r.steps) == 60
    settlement = settle_state(r.state) if settled else None
    geo, placed = compose.layout(players, r.state.rules, r.steps, settlement, "Пулька")
    items = layout_sheet(players, r.state.rules, r.steps, settlement, title="Пулька")
    boxes = [t.box for t in items]
    assert len(items) > 150
    for a, b in combinations(range(len(items)), 2):
        assert not overlap(boxes[a], boxes[b]), (items[a], items[b])
    width, height = geo.size
    for t in items:
        assert 0 <= t.box[0] < t.box[2] <= width and 0 <= t.box[1] < t.box[3] <= height, t
        assert t.size >= 14 or t.kind == "header", t
    # Each figure stays inside its own part of the sheet, clear of the lines.
    for p in placed:
        t = p.tok
        if t.seat is None or t.kind == "title":
            continue
        if t.kind == "payment":  # the three-player sheet's band under the pulkas
            assert geo.band is not None and inside(p.box, geo.band), (t, p.box)
            continue
        zone = geo.zones[t.seat]
        rects = (zone.whists[t.on],) if t.on is not None else (*zone.pulka, *zone.mountain)
        assert any(inside(p.box, rect) for rect in rects), (t, p.box)
    cx, cy, rad = geo.centre
    for t in items:
        if t.seat is None and t.kind != "title":
            assert inside(t.box, (cx - rad, cy - rad, cx + rad, cy + rad)), t
    # The current totals are always there, even when older ones are left out.
    sheet = r.state.sheet
    n = len(players)
    for i in range(n):
        assert of(items, "pulka", i)[-1].value == sheet.pulka[i]
        assert of(items, "mountain", i)[-1].value == sheet.mountain[i]
        for j in range(n):
            if i != j:
                assert of(items, "whists", i, j)[-1].value == sheet.whists_on(i, j)
    if settled:
        for i in range(n):
            assert one(items, "result", i).value == settlement.results[i]  # type: ignore[union-attr]


def test_long_cyrillic_name_is_shortened() -> None:
    name = "Александра Константиновна Преображенская-Ростовцева"
    players = (name, "Борис", "Вера")
    r = replay(
        players,
        Rules(),
        [Game.of(name, "6S", {"Борис": "whist", "Вера": "pass"}, {name: 6, "Борис": 3, "Вера": 1})],
    )
    items = draw(r)
    shown = one(items, "name", 0)
    assert shown.text.endswith("…")
    assert shown.text.startswith("Алекс")
    assert len(shown.text) < len(name)
    assert all(t.text != name for t in items)
    assert one(items, "name", 1).text == "Борис"
    headers = [t.text for t in of(items, "header") if t.on == 0]
    assert headers and all(h.startswith("→Алекс") for h in headers)


def test_a_long_column_keeps_the_current_total() -> None:
    """A very long column drops its oldest totals behind an ellipsis."""
    r = long_evening(FOUR, 60, seed=3)
    geo, _ = compose.layout(FOUR, r.state.rules, r.steps, None, None)
    zone = geo.zones[0]
    tiny = [
        (
            zone.mountain[0][0],
            zone.mountain[0][1],
            zone.mountain[0][0] + 120,
            zone.mountain[0][1] + 60,
        )
    ]
    chain = text.totals(list(range(1, 80)), "mountain", 0)
    placed = text.fit(tiny, chain, (), compose.CHAIN_SIZES)
    texts = [p.tok.text for p in placed]
    assert texts[0] == "…"
    assert texts[-1] == "79"
    assert all(inside(p.box, tiny[0]) for p in placed)


# --- the rest ---------------------------------------------------------------------


def test_empty_pulka() -> None:
    r = replay(FOUR, Rules(), [])
    items = draw(r)
    assert [one(items, "name", i).text for i in range(4)] == list(FOUR)
    assert [one(items, "standing", i).text for i in range(4)] == ["0"] * 4
    assert not of(items, "pulka") and not of(items, "mountain") and not of(items, "whists")
    assert render_sheet(FOUR, Rules(), []).startswith(b"\x89PNG")


def test_stake_and_currency_in_the_centre() -> None:
    rules = Rules.for_variant("leningrad", stake="0.25", currency="UAH")
    items = layout_sheet(THREE, rules, [])
    assert one(items, "target").text == "50"
    assert one(items, "stake").text == "0.25 UAH"
    assert "".join(t.text for t in of(items, "suit")) == "♠♣♦♥"


def test_wrong_inputs() -> None:
    with pytest.raises(ValueError):
        layout_sheet(("A",), Rules(), [])
    r = known3()
    with pytest.raises(ValueError):
        layout_sheet(("X", "Y", "Z"), r.state.rules, r.steps)
    with pytest.raises(ValueError):
        layout_sheet(FOUR, Rules(), [], settle_state(r.state))


def test_numbers_are_written_as_everywhere_else() -> None:
    """The picture writes the chat's and the export's figures: no vulgar fractions."""
    assert format_number(Fraction(40, 3)) == "13.33"
    assert format_number(Fraction(-1, 3), signed=True) == "-0.33"
    assert format_number(Fraction(5, 7)) == "0.71"
    assert format_number(Fraction(-75, 7)) == "-10.71"
    assert format_number(Fraction(1, 8)) == "0.13"
    assert format_number(Fraction(10, 2)) == "5"
    assert format_number(470, signed=True) == "+470"
    assert format_number(Fraction(-1, 300), signed=True) == "0"  # never "-0"
    assert format_money(Decimal("5"), "RUB", signed=True) == "+5.00 RUB"


def test_the_separator_is_not_a_decimal_point() -> None:
    r = replay(
        THREE,
        Rules(target=10),
        [*deals3()[:3], Correction.of(THREE[1], whists={THREE[0]: Fraction(25, 2)}, note="x")],
    )
    column = of(draw(r), "whists", 1, 0)
    assert [(t.text, t.decoration) for t in column] == [("8", "s"), ("20.5", "")]
    assert "." not in SEPARATOR and "," not in SEPARATOR and ";" not in SEPARATOR


def test_fonts_ship_with_the_package() -> None:
    # The fonts stay in bot/views/assets, where pyproject.toml packages them.
    assets = Path(picture.__file__).parent.parent / "assets"
    assert picture.FONT_REGULAR.parent == assets.resolve()
    assert picture.FONT_REGULAR.is_file() and picture.FONT_BOLD.is_file()
    assert (assets / "DejaVu-LICENSE.txt").is_file()
    for bold in (False, True):
        font = text.font(30, bold)
        assert Path(font.path) in (picture.FONT_REGULAR, picture.FONT_BOLD)
        missing = glyph(font, "\ue000")
        for ch in "♠♣♦♥ЖжЯяЁёЇїҐґ⅓⅔½−…→":
            assert glyph(font, ch) != missing, ch


def glyph(font: object, ch: str) -> bytes:
    image = Image.new("L", (60, 60))
    ImageDraw.Draw(image).text((5, 5), ch, font=font, fill=255)  # type: ignore[arg-type]
    return image.tobytes()


async def test_render_in_a_thread() -> None:
    r = known4()
    s = settle_state(r.state)
    png = await render_sheet_async(r.state.players, r.state.rules, r.steps, s, title="Итог")
    assert png == render_sheet(r.state.players, r.state.rules, r.steps, s, title="Итог")
