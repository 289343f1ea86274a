"""Every figure of the settlement is on the sheet picture, at every table size.

What :func:`bot.views.picture.layout_sheet` draws (its list of texts) is compared with
the settlement: each figure of the settlement text (results, money, payments), and each
player's current pulka, mountain and whists; settled ("Pulka settled", "If we stopped
now") and live (the band of payments if the pulka stopped now).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from itertools import combinations

import pytest
from evenings import long_evening
from test_picture import FOUR, LONG_FOUR, THREE, deals4, known3, known4
from test_picture_two_and_five import DUMMY, FIVE, LONG_FIVE, LONG_TWO, TWO, evening, short

from bot.views.format import money
from bot.views.format import result as result_text
from bot.views.picture import DrawnText, format_money, format_number, layout_sheet
from bot.views.settlement import settlement_text
from bot.views.texts import Texts
from scoring import (
    Game,
    Misere,
    Raspasy,
    Replay,
    Rules,
    Settlement,
    replay,
    settle_state,
    share,
)


def bottom_name() -> Replay:
    """A Leningrad evening for four as played: the player at the bottom, whose name is
    drawn on the line of his result, has no pool of his own and the largest loss."""
    p, o, t, m = names = ("Петро", "Оксана", "Тарас", "Марічка")
    return replay(
        names,
        Rules.for_variant("leningrad", target=50),
        [
            Game.of(o, "6S", {t: "whist", m: "pass"}, {o: 6, t: 4, m: 0}, dealer=p),
            Game.of(m, "7D", {p: "whist", t: "whist"}, {m: 7, p: 2, t: 1}, dealer=o),
            Raspasy.of({p: 4, o: 2, m: 4}, dealer=t),
            Game.of(t, "8NT", {p: "whist", o: "pass"}, {t: 9, p: 1, o: 0}, dealer=m),
            Misere(o, 0, dealer=p),
            Game.of(m, "6H", {p: "pass", t: "pass"}, {m: 6, p: 2, t: 2}, dealer=o),
            Game.of(o, "6C", {m: "pass", p: "whist"}, {o: 5, m: 0, p: 5}, dealer=t),
        ],
    )


CASES: dict[str, Callable[[], Replay]] = {
    "two": lambda: short(TWO),
    "two, long names, 60 deals": lambda: evening(LONG_TWO, 60, seed=7, target=60),
    "three": known3,
    "three, 25 deals": lambda: long_evening(THREE, 25, seed=1),
    "four": known4,
    "four, leningrad": lambda: replay(FOUR, Rules.for_variant("leningrad", target=10), deals4()),
    "four, leningrad, as played": bottom_name,
    "four, 8 deals": lambda: long_evening(FOUR, 8, seed=0),
    "four, 25 deals": lambda: long_evening(FOUR, 25, seed=1),
    "four, long names, 60 deals": lambda: long_evening(LONG_FOUR, 60, seed=7),
    "five": lambda: short(FIVE),
    "five, 8 deals": lambda: evening(FIVE, 8, seed=0, target=60),
    "five, 40 deals": lambda: evening(FIVE, 40, seed=1, target=60),
    "five, long names, 60 deals": lambda: evening(LONG_FIVE, 60, seed=7, target=60),
}

#: A figure as the chat writes it, its sign left out (the chat writes money unsigned).
FIGURE = re.compile(r"\d+(?:\.\d+)?")


def drawn(r: Replay, s: Settlement | None) -> list[DrawnText]:
    return layout_sheet(
        r.state.players, r.state.rules, r.steps, s, title="Пулька ♠♣♦♥", dummy=DUMMY
    )


def of(items: list[DrawnText], kind: str, seat: int, on: int | None = None) -> list[DrawnText]:
    return [t for t in items if t.kind == kind and t.seat == seat and t.on == on]


def overlap(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def payments_drawn(items: list[DrawnText], r: Replay, s: Settlement) -> None:
    """The band of payments: each payment, in order, payer, payee and amount."""
    players = r.state.players
    band = [t for t in items if t.kind == "payment"]
    assert [(t.seat, t.on, t.value) for t in band] == [
        (players.index(p.payer), players.index(p.payee), p.amount) for p in s.payments
    ]
    for t, p in zip(band, s.payments, strict=True):
        payer, payee = t.text.split("  ")[0].split(" → ")
        assert p.payer.startswith(payer.removesuffix("…")), (t, p)
        assert p.payee.startswith(payee.removesuffix("…")), (t, p)
        assert t.text.endswith(format_money(p.amount, r.state.rules.currency)), t
        assert money(p.amount) in t.text


@pytest.mark.parametrize("case", CASES)
def test_every_figure_of_the_settlement_is_drawn(case: str) -> None:
    r = CASES[case]()
    s = settle_state(r.state)
    items = drawn(r, s)
    rules = r.state.rules
    sheet = r.state.sheet
    n = len(r.state.players)
    for i in range(n):
        # The result in whists and the money, as the settlement text writes them.
        (result,) = of(items, "result", i)
        assert (result.value, result.text) == (s.results[i], result_text(s.results[i]))
        # Beside it, the result times the stake (what is paid is in the payments band).
        (cash,) = of(items, "money", i)
        assert cash.value == share(s.results[i], rules.stake)
        assert cash.text == format_money(cash.value, rules.currency, signed=True)
        # The current pulka and mountain, and the whists on each opponent.
        pulka = of(items, "pulka", i)
        assert [t.value for t in pulka[-1:]] == [sheet.pulka[i]][: bool(sheet.pulka[i])], i
        mountain = of(items, "mountain", i)
        assert [t.value for t in mountain[-1:]] == [sheet.mountain[i]][: bool(sheet.mountain[i])]
        for j in range(n):
            if i != j:
                whists = of(items, "whists", i, j)
                assert [t.value for t in whists[-1:]] == [sheet.whists_on(i, j)][
                    : bool(sheet.whists_on(i, j))
                ]
                assert len(of(items, "balance", i, j)) == 1
        for kind, value in (
            ("equalised", s.equalised[i]),
            ("amnestied", s.amnestied[i]),
            ("mountain_result", s.mountain_results[i]),
        ):
            (t,) = of(items, kind, i)
            assert (t.value, t.text.lstrip("+")) == (value, format_number(value))
    payments_drawn(items, r, s)
    # Every figure of the settlement text is somewhere on the sheet, as often as there.
    # (But the line that names a moved cent: the band shows what is paid, and the chat
    # says why it differs by a cent from the money beside the result.)
    text = settlement_text(Texts("ru"), rules, s, final=s.finished)
    text = "\n".join(line for line in text.splitlines() if not line.startswith("Округление"))
    wanted = Counter(FIGURE.findall(text))
    shown = Counter(f for t in items for f in FIGURE.findall(t.text))
    assert not wanted - shown, (wanted - shown, text)
    # And nothing of it drawn over anything else.
    for a, b in combinations(items, 2):
        assert not overlap(a.box, b.box), (a, b)


@pytest.mark.parametrize("case", CASES)
def test_a_live_sheet_shows_the_payments_if_the_pulka_stopped_now(case: str) -> None:
    r = CASES[case]()
    items = drawn(r, None)
    for i in range(len(r.state.players)):
        assert len(of(items, "standing", i)) == 1
    payments_drawn(items, r, settle_state(r.state))
    for a, b in combinations(items, 2):
        assert not overlap(a.box, b.box), (a, b)
