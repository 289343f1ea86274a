"""Every worked example with numbers in shared/rules, with its exact figures.

Files: 000 (Ukrainian: Sochi writing, Piter 4 to 21, W/E/S, exercises),
001 (Russian: the Code ch. 4, the theory of a game's cost, "4 circles",
sixes and sevens), 003 (tables 8 and 9, Leningrad specifics), 004 (the Code
again, footnote 72).
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from scoring import (
    Correction,
    Game,
    IllegalDeal,
    Misere,
    PulkaState,
    Raspasy,
    Rules,
    deal_cost,
    play,
    replay,
    settle,
    settle_state,
)

from .helpers import paper, with_pulkas

ABC = ("A", "B", "C")
ABCD = ("A", "B", "C", "D")
SOCHI = Rules()
LENINGRAD = Rules.for_variant("leningrad")


# --- 000: settling a Piter (Leningrad) pulka for four, to 21 ---------------------


def test_piter_four_players_to_21_mountain_results() -> None:
    """+530 / +10 / -230 / -310 from the mountain (text 000, steps 1-3)."""
    sheet = paper(
        ("P1", "P2", "P3", "P4"),
        {"P1": 56, "P2": 12, "P3": 6, "P4": 16},
        {"P1": 76, "P2": 40, "P3": 52, "P4": 80},
    )
    s = settle(sheet, Rules.for_variant("leningrad", target=21))
    assert s.equalised == (6, 58, 82, 90)
    assert s.amnestied == (0, 52, 76, 84)
    assert s.average == 53
    assert s.mountain_results == (530, 10, -230, -310)
    assert s.results == (530, 10, -230, -310)
    assert s.finished  # 90 >= 4 x 21


# --- 000: W/E/S, "each mountain divided" ------------------------------------------


def test_wes_three_players() -> None:
    """W -1484, E +652, S +832 (text 000).

    The text gives the amnestied mountains (W 240, E 42, S 0 over S's 82) and
    the whists after the mountains were turned into whists (W on E 260, E on W
    1040, and the pairwise balances E-S -128, S-W +704).  The sheet below has
    those figures before the mountains were turned: W on E 260 - 140 = 120,
    E on W 1040 - 800 = 240, and E-S, S-W split to give the same balances.
    """
    sheet = paper(
        ("W", "E", "S"),
        {"W": 20, "E": 20, "S": 20},
        {"W": 322, "E": 124, "S": 82},
        {("W", "E"): 120, ("E", "W"): 240, ("W", "S"): 96, ("E", "S"): 12},
    )
    s = settle(sheet, SOCHI)
    assert s.amnestied == (240, 42, 0)
    # 240 x 10 / 3 = 800 whists W loses to each; E's 42 -> 140 to each.
    assert s.results == (-1484, 652, 832)
    # The pairwise balances of the text, mountains included.
    w_e = (120 + 140) - (240 + 800)
    assert w_e == -780


# --- 000: the small exercises -------------------------------------------------------


def test_twelve_in_the_pulka() -> None:
    """S wrote 12 in the pulka: S wins 80, W and E lose 40 each."""
    s = settle(paper(("W", "E", "S"), {"S": 12}, {}), Rules(target=12))
    assert s.results == (-40, -40, 80)


@pytest.mark.parametrize("amnesty", [False, True])
def test_raspasy_4_3_3(amnesty: bool) -> None:
    """Raspasy S 4, W 3, E 3: S loses 6 2/3 (3 1/3 to each)."""
    rules = Rules(raspasy=(1,), raspasy_amnesty=amnesty)
    r = replay(("W", "E", "S"), rules, [Raspasy.of({"W": 3, "E": 3, "S": 4})])
    assert settle_state(r.state).results == (F(10, 3), F(10, 3), F(-20, 3))
    assert r.state.sheet.mountain == ((0, 0, 1) if amnesty else (3, 3, 4))


def test_raspasy_third_round_doubled_and_its_amnesty() -> None:
    """Third raspasy with 1, 2, 2: tricks 3/2/5 write 6/4/10, amnestied 2/0/6."""
    rules = Rules(raspasy=(1, 2, 2))
    first_two = [Raspasy.of({"A": 10, "B": 0, "C": 0}), Raspasy.of({"A": 0, "B": 0, "C": 10})]
    third = Raspasy.of({"A": 3, "B": 2, "C": 5})
    plain = replay(ABC, rules, [*first_two, third])
    assert plain.steps[-1].writes.mountain == (6, 4, 10)
    amnestied = replay(ABC, Rules(raspasy=(1, 2, 2), raspasy_amnesty=True), [*first_two, third])
    assert amnestied.steps[-1].writes.mountain == (2, 0, 6)
    assert settle_state(plain.state).results == settle_state(amnestied.state).results


def test_sochi_six_failed_consolation_greedy() -> None:
    """6 down one, the whister took 5 and the passer 0: 12 and 2 whists (text 000)."""
    deal = Game.of("A", "6S", {"B": "whist", "C": "pass"}, {"A": 5, "B": 5, "C": 0})
    step = play(PulkaState.new(ABC, Rules(whist="greedy")), deal)
    assert step.writes.mountain == (2, 0, 0)
    assert step.writes.whists_on(1, 0) == 12
    assert step.writes.whists_on(2, 0) == 2


def test_sochi_six_failed_gentleman_split() -> None:
    """Gentleman's whist: the five defence tricks are split, 5 + 2 whists each."""
    deal = Game.of("A", "6S", {"B": "whist", "C": "pass"}, {"A": 5, "B": 5, "C": 0})
    step = play(PulkaState.new(ABC, SOCHI), deal)
    assert (step.writes.whists_on(1, 0), step.writes.whists_on(2, 0)) == (7, 7)


def test_seven_on_a_six_writes_the_whister_short() -> None:
    """6 ordered, 7 taken: the whister (3 tricks) writes 6 whists and 2 on the mountain."""
    deal = Game.of("A", "6S", {"B": "whist", "C": "pass"}, {"A": 7, "B": 3, "C": 0})
    step = play(PulkaState.new(ABC, SOCHI), deal)
    assert step.writes.pulka == (2, 0, 0)
    assert step.writes.mountain == (0, 2, 0)
    assert step.writes.whists_on(1, 0) == 6


def test_two_whisters_each_owe_two_on_a_six() -> None:
    """Both whist on a six and A takes 7: whoever has fewer than two is short."""
    deal = Game.of("A", "6S", {"B": "whist", "C": "whist"}, {"A": 7, "B": 1, "C": 2})
    step = play(PulkaState.new(ABC, SOCHI), deal)
    assert step.writes.mountain == (0, 2, 0)
    assert (step.writes.whists_on(1, 0), step.writes.whists_on(2, 0)) == (2, 4)


# --- 001: the Code, chapter 4 ---------------------------------------------------------


def test_code_4_1_1_points_no_one_can_take_come_off_the_mountain() -> None:
    """Two points left to the end, a nine: 2 into the pulka, 6 off the mountain.

    Four players; the six points cost each partner 15 whists, not 20.
    """
    state = with_pulkas(ABCD, Rules(target=10), {"A": 10, "B": 10, "C": 10, "D": 8})
    nine = Game.of("D", "9H", {"A": "pass", "B": "pass"}, {"D": 9, "A": 1, "B": 0})
    step = play(state, nine)
    assert step.state.sheet.pulka == (10, 10, 10, 10)
    assert step.state.finished
    assert step.writes.mountain == (0, 0, 0, -6)
    cost = deal_cost(state, nine)
    # The 2 pulka points are worth 2 x 10 x 3/4 = 15 to D; the 6 points 45.
    assert cost == (-20, -20, -20, 60)
    assert step.writes.whists == (0,) * 16


def test_code_4_1_1_a_closed_player_helps_then_writes_off() -> None:
    """The same nine by a closed player: 2 as help (20 whists), 6 off his mountain."""
    state = with_pulkas(ABCD, Rules(target=10), {"A": 10, "B": 10, "C": 10, "D": 8})
    nine = Game.of("A", "9H", {"B": "pass", "C": "pass"}, {"A": 9, "B": 1, "C": 0})
    step = play(state, nine)
    assert step.writes.help == ((0, 3, 2),)
    assert step.writes.whists_on(0, 3) == 20
    assert step.writes.mountain == (-6, 0, 0, 0)
    # The cost is the same as if D had played it (principle II, footnote 72).
    assert deal_cost(state, nine) == (60, -20, -20, -20)


def test_code_4_2_3_help_goes_to_the_larger_pulka() -> None:
    state = with_pulkas(ABC, Rules(target=10), {"A": 10, "B": 4, "C": 6})
    step = play(state, Game.of("A", "7S", {"B": "pass", "C": "pass"}, {"A": 7, "B": 2, "C": 1}))
    assert step.writes.help == ((0, 2, 4),)
    assert step.writes.whists_on(0, 2) == 40


def test_code_4_2_3_help_ties_go_to_the_left() -> None:
    """Equal pulkas: help goes to the player on the left (next clockwise)."""
    state = with_pulkas(ABC, Rules(target=10), {"A": 4, "B": 10, "C": 4})
    step = play(state, Game.of("B", "6S", {"C": "pass", "A": "pass"}, {"B": 6, "C": 2, "A": 2}))
    assert step.writes.help == ((1, 2, 2),)


def test_code_4_2_3_help_overflows_to_the_next() -> None:
    state = with_pulkas(ABC, Rules(target=10), {"A": 10, "B": 8, "C": 9})
    step = play(state, Game.of("A", "8S", {"B": "pass", "C": "pass"}, {"A": 8, "B": 2, "C": 0}))
    assert step.writes.help == ((0, 2, 1), (0, 1, 2))
    assert step.writes.mountain == (-3, 0, 0)
    assert step.state.finished


def test_code_4_2_3_3_leningrad_three_to_50() -> None:
    """All at 48, an eight makes 54 and ends it: -8 off the mountain, +4 to each other."""
    state = with_pulkas(ABC, LENINGRAD, {"A": 48, "B": 48, "C": 48})
    step = play(state, Game.of("A", "8S", {"B": "pass", "C": "pass"}, {"A": 8, "B": 1, "C": 1}))
    assert step.state.sheet.pulka == (54, 48, 48)
    assert step.state.finished
    assert settle_state(step.state).equalised == (-8, 4, 4)
    nine = play(state, Game.of("A", "9S", {"B": "pass", "C": "pass"}, {"A": 9, "B": 1, "C": 0}))
    assert nine.state.sheet.pulka == (56, 48, 48)
    assert settle_state(nine.state).equalised == (-12, 4, 4)


def test_code_4_2_3_3_leningrad_eight_equalised_from_zero_pulka() -> None:
    """The same end seen from the pulkas: 54 writes off 2 x 4 = 8, 48 adds 2 x 2 = 4."""
    s = settle(paper(ABC, {"A": 54, "B": 48, "C": 48}, {}), LENINGRAD)
    assert s.equalised == (-8, 4, 4)
    assert s.finished


def test_code_4_2_12_adjusting_by_one_point() -> None:
    """Three players, a mountain not divisible by 3: one point and 3 whists each.

    A remainder of 1: a mountain is written off one point and the two others
    write 3 whists each on its owner (the Code's example).  So that the
    amnestier A keeps the smaller share (text 003), it is B's, the largest.
    """
    s = settle(
        paper(ABC, {"A": 20, "B": 20, "C": 20}, {"A": 0, "B": 4, "C": 0}), Rules(division="adjust")
    )
    assert s.adjustment == (1, -1, 3)
    assert s.amnestied == (0, 3, 0)
    # Exact shares would be 13 1/3 each: A and C get 13, B (who gains) 14.
    assert s.results == (10 + 3, -20 - 6, 10 + 3)
    assert sum(s.results) == 0


def test_code_4_2_12_remainder_two_raises_the_amnestier() -> None:
    """A remainder of 2: the amnestier's mountain goes up a point, he writes 3 on each."""
    s = settle(
        paper(ABC, {"A": 20, "B": 20, "C": 20}, {"A": 0, "B": 5, "C": 0}), Rules(division="adjust")
    )
    assert s.adjustment == (0, 1, 3)
    assert s.results == (10 + 6, -30 - 3, 20 - 3)  # A 16 < the exact 16 2/3
    assert sum(s.results) == 0


def test_code_4_2_12_four_players() -> None:
    """Four players, 11 points: 11/4 leaves a remainder; one point moved, 3 whists each."""
    s = settle(
        paper(ABCD, {p: 20 for p in ABCD}, {"A": 0, "B": 5, "C": 2, "D": 4}),
        Rules(division="adjust"),
    )
    assert s.adjustment is not None
    assert sum(s.results) == 0
    assert all(isinstance(r, int) for r in s.results)


# --- 001: the theory of a game's cost ---------------------------------------------


def test_theory_example_1_leningrad_thirty_sixes() -> None:
    """30 whisted sixes by one player, 80 on every mountain: +320, 10 2/3 a six."""
    rules = Rules.for_variant("leningrad", target=20)
    six = Game.of("A", "6S", {"B": "whist", "C": "pass"}, {"A": 6, "B": 4, "C": 0})
    deals = [Correction.of(p, mountain=80) for p in ABC] + [six] * 30
    r = replay(ABC, rules, deals)
    assert r.state.finished
    assert r.state.sheet.whists_on(1, 0) == 16 * 30
    assert settle_state(r.state).results[0] == 320
    assert deal_cost(PulkaState.new(ABC, rules), six)[0] == F(32, 3)


def test_theory_example_2_sochi_thirty_sixes() -> None:
    """The same in Sochi: help of 40 points (400 whists) minus 240: +160, 5 1/3 a six."""
    six = Game.of("A", "6S", {"B": "whist", "C": "pass"}, {"A": 6, "B": 4, "C": 0})
    r = replay(ABC, SOCHI, [six] * 30)
    assert r.state.finished
    assert sum(h[2] for st in r.steps for h in st.writes.help) == 40
    assert settle_state(r.state).results[0] == 160
    assert deal_cost(PulkaState.new(ABC, SOCHI), six)[0] == F(16, 3)


def test_theory_example_3_nine_with_four() -> None:
    """Sochi with four to 2: a nine helps 60 whists, 8 whists on him: +52 (Leningrad 104)."""
    nine = Game.of("A", "9S", {"B": "whist", "C": "pass"}, {"A": 9, "B": 1, "C": 0})
    sochi = replay(ABCD, Rules(target=2), [nine])
    assert sochi.state.finished
    assert settle_state(sochi.state).results[0] == 52
    leningrad = replay(ABCD, Rules.for_variant("leningrad", target=2), [nine])
    assert leningrad.state.finished
    assert settle_state(leningrad.state).results[0] == 104


def test_theory_example_4_six_down_one_with_four() -> None:
    """Sochi with four, a six down one: -31 (whisters 6 and 8, dealer 2); Leningrad -62."""
    six_down = Game.of("A", "6S", {"B": "whist", "C": "whist"}, {"A": 5, "B": 2, "C": 3})
    step = play(PulkaState.new(ABCD, SOCHI), six_down)
    assert [step.writes.whists_on(i, 0) for i in (1, 2, 3)] == [6, 8, 2]
    assert deal_cost(PulkaState.new(ABCD, SOCHI), six_down) == (-31, 11, 13, 7)
    assert deal_cost(PulkaState.new(ABCD, LENINGRAD), six_down)[0] == -62


# --- 001: sixes and sevens for three ---------------------------------------------------


def cost3(deal: Game) -> tuple[F, ...]:
    return deal_cost(PulkaState.new(ABC, SOCHI), deal)


def test_unwhisted_six_is_13_1_3() -> None:
    assert cost3(Game.of("A", "6S", {"B": "pass", "C": "pass"}, {"A": 6, "B": 2, "C": 2}))[0] == F(
        40, 3
    )


def test_whisted_six_made_is_5_1_3() -> None:
    assert cost3(Game.of("A", "6S", {"B": "whist", "C": "pass"}, {"A": 6, "B": 4, "C": 0}))[0] == F(
        16, 3
    )


def test_six_with_seven_tricks_is_14() -> None:
    assert cost3(Game.of("A", "6S", {"B": "whist", "C": "pass"}, {"A": 7, "B": 3, "C": 0})) == (
        14,
        -14,
        0,
    )


def test_seven_made_is_14_2_3() -> None:
    assert cost3(Game.of("A", "7S", {"B": "whist", "C": "pass"}, {"A": 7, "B": 3, "C": 0})) == (
        F(44, 3),
        F(-4, 3),
        F(-40, 3),
    )


@pytest.mark.parametrize("split", ["gentleman", "greedy"])
def test_six_down_one_is_minus_27_1_3(split: str) -> None:
    deal = Game.of("A", "6S", {"B": "whist", "C": "pass"}, {"A": 5, "B": 5, "C": 0})
    assert deal_cost(PulkaState.new(ABC, Rules(whist=split)), deal)[0] == F(-82, 3)


def test_five_sixes_to_make_up_for_one_down() -> None:
    """Four sixes +21 1/3, then one down: -6 (text 001's closing sum)."""
    made = Game.of("A", "6S", {"B": "whist", "C": "pass"}, {"A": 6, "B": 4, "C": 0})
    down = Game.of("A", "6S", {"B": "whist", "C": "pass"}, {"A": 5, "B": 5, "C": 0})
    r = replay(ABC, SOCHI, [made] * 4)
    assert settle_state(r.state).results[0] == F(64, 3)
    assert settle_state(replay(ABC, SOCHI, [made] * 4 + [down]).state).results[0] == -6


# --- 001: the "4 circles" Leningrad pulka for four to 50 ------------------------------


def test_four_circles_leningrad_to_50() -> None:
    sheet = paper(
        ("1", "2", "3", "4"),
        {"1": 78, "2": 74, "3": 32, "4": 22},
        {"1": 78, "2": 60, "3": 34, "4": 76},
    )
    s = settle(sheet, LENINGRAD)
    assert s.equalised == (22, 12, 70, 132)
    assert s.amnestied == (10, 0, 58, 120)
    assert s.average == 47
    assert s.mountain_results == (370, 470, -110, -730)
    assert s.finished


# --- 003: tables 8 and 9 ------------------------------------------------------------------

TABLE8 = paper(
    ABC,
    {"A": 20, "B": 20, "C": 20},
    {"A": 13, "B": "7.5", "C": 25},
    {
        ("A", "B"): 70,
        ("B", "A"): 114,
        ("B", "C"): 96,
        ("C", "B"): 180,
        ("A", "C"): 100,
        ("C", "A"): 140,
    },
)


def test_table_8_with_the_texts_rounding() -> None:
    """-62 / +36 / +26: 230 whists shared 77/76/77, the smaller to the amnestier B."""
    s = settle(TABLE8, Rules(division="adjust"))
    assert [sum(row) for row in s.balances] == [-84, -40, 124]
    assert s.mountain_results == (22, 76, -98)
    assert s.results == (-62, 36, 26)
    assert s.money == tuple(__import__("decimal").Decimal(x) for x in ("-62.00", "36.00", "26.00"))


def test_table_8_exact() -> None:
    s = settle(TABLE8, Rules())
    assert s.results == (F(-187, 3), F(110, 3), F(77, 3))
    assert sum(s.results) == 0
    # Each share is a third of a cent over its rounding (-62.33, 36.67, 25.67):
    # the extra cent comes from the bigger winner, B.
    assert [str(m) for m in s.money] == ["-62.33", "36.66", "25.67"]


def test_table_8_truncated() -> None:
    s = settle(TABLE8, Rules(division="truncate"))
    assert s.mountain_results == (21, 76, -98)
    assert s.results == (-63, 36, 26)
    assert sum(s.money) == 0


def test_table_9_four_players() -> None:
    """-84 / -30 / +125 / -11 (text 003)."""
    whists = {
        ("A", "B"): 210,
        ("B", "A"): 310,
        ("A", "C"): 105,
        ("C", "A"): 230,
        ("A", "D"): 116,
        ("D", "A"): 85,
        ("B", "C"): 160,
        ("C", "B"): 280,
        ("B", "D"): 185,
        ("D", "B"): 205,
        ("C", "D"): 145,
        ("D", "C"): 175,
    }
    s = settle(
        paper(ABCD, {p: 20 for p in ABCD}, {"A": 11, "B": 21, "C": 31, "D": 25}, whists), SOCHI
    )
    assert [sum(row) for row in s.balances] == [-194, -40, 215, 19]
    assert s.mountain_results == (110, 10, -90, -30)
    assert s.results == (-84, -30, 125, -11)


# --- 003: Leningrad specifics ---------------------------------------------------------------


def test_leningrad_seven_with_the_whister_one_short() -> None:
    """7♥, B passes, C whists open and the defence takes one: 8 whists, 4 on C's mountain."""
    deal = Game.of("A", "7H", {"B": "pass", "C": "whist"}, {"A": 9, "B": 0, "C": 1})
    step = play(PulkaState.new(ABC, LENINGRAD), deal)
    assert step.writes.pulka == (4, 0, 0)
    assert step.writes.whists_on(2, 0) == 8
    assert step.writes.mountain == (0, 0, 4)


def test_leningrad_remiz_and_whists_doubled() -> None:
    deal = Game.of("A", "7H", {"B": "whist", "C": "whist"}, {"A": 6, "B": 2, "C": 2})
    step = play(PulkaState.new(ABC, LENINGRAD), deal)
    assert step.writes.mountain == (8, 0, 0)
    # 2 tricks x 4 x 2 each, plus consolation 4 x 2.
    assert (step.writes.whists_on(1, 0), step.writes.whists_on(2, 0)) == (24, 24)


def test_leningrad_raspasy_2_4_6_then_back_to_2() -> None:
    deal = Raspasy.of({"A": 1, "B": 4, "C": 5})
    r = replay(ABC, LENINGRAD, [deal] * 4)
    assert [s.writes.mountain[0] for s in r.steps] == [2, 4, 6, 2]


def test_leningrad_strict_exit() -> None:
    """After raspasy only a seven exits; a failed seven keeps the raspasy going."""
    r = replay(ABC, LENINGRAD, [Raspasy.of({"A": 1, "B": 4, "C": 5})])
    six = Game.of("A", "6S", {"B": "pass", "C": "pass"}, {"A": 6, "B": 2, "C": 2})
    with pytest.raises(IllegalDeal, match="after raspasy the lowest game is 7"):
        play(r.state, six)
    failed = play(
        r.state, Game.of("A", "7S", {"B": "whist", "C": "pass"}, {"A": 6, "B": 4, "C": 0})
    ).state
    assert failed.raspasy_run == 1
    assert play(failed, Raspasy.of({"A": 1, "B": 4, "C": 5})).writes.mountain == (4, 16, 20)
    made = play(
        r.state, Game.of("A", "7S", {"B": "pass", "C": "pass"}, {"A": 7, "B": 2, "C": 1})
    ).state
    assert made.raspasy_run == 0


def test_raspasy_zero_tricks_into_the_pulka() -> None:
    """No trick on raspasy: the price of one trick into the pulka (Code 3.7.2.1)."""
    r = replay(ABC, SOCHI, [Raspasy.of({"A": 0, "B": 4, "C": 6})] * 2)
    assert [s.writes.pulka for s in r.steps] == [(1, 0, 0), (2, 0, 0)]


def test_misere() -> None:
    made = play(PulkaState.new(ABC, SOCHI), Misere("A", 0))
    assert made.writes.pulka == (10, 0, 0)
    failed = play(PulkaState.new(ABC, SOCHI), Misere("A", 2))
    assert failed.writes.mountain == (20, 0, 0)
    assert failed.writes.whists == (0,) * 9


def test_rostov_a_made_game_first_writes_the_mountain_off() -> None:
    state = with_pulkas(ABC, Rules.for_variant("rostov"), {}, {"A": 3})
    step = play(state, Game.of("A", "7S", {"B": "pass", "C": "pass"}, {"A": 7, "B": 2, "C": 1}))
    assert step.writes.mountain == (-3, 0, 0)
    assert step.writes.pulka == (1, 0, 0)


def test_mountain_first_keeps_the_cost_with_a_doubled_pulka() -> None:
    """A Leningrad pulka point is two mountain points: the cost does not change."""
    rules = Rules.for_variant("leningrad", game_clears_mountain=True)
    six = Game.of("A", "6S", {"B": "pass", "C": "pass"}, {"A": 6, "B": 2, "C": 2})
    empty = PulkaState.new(ABC, rules)
    mountain = with_pulkas(ABC, rules, {}, {"A": 10})
    assert play(mountain, six).writes.mountain == (-4, 0, 0)
    assert deal_cost(mountain, six) == deal_cost(empty, six) == (F(80, 3), F(-40, 3), F(-40, 3))
    partly = with_pulkas(ABC, rules, {}, {"A": 1})
    assert play(partly, six).writes.pulka == (F(3, 2), 0, 0)
    assert deal_cost(partly, six) == deal_cost(empty, six)


def test_rostov_raspasy_whists_and_flat_zero_point() -> None:
    """Rostov: the fewest tricks write 5 whists per trick on the others; 0 tricks, 1 point."""
    rules = Rules.for_variant("rostov")
    r = replay(ABC, rules, [Raspasy.of({"A": 0, "B": 4, "C": 6})] * 3)
    assert [s.writes.whists_on(0, 1) for s in r.steps] == [20, 40, 40]
    assert [s.writes.whists_on(0, 2) for s in r.steps] == [30, 60, 60]
    assert [s.writes.pulka for s in r.steps] == [(1, 0, 0)] * 3
    tie = play(PulkaState.new(ABC, rules), Raspasy.of({"A": 2, "B": 2, "C": 6}))
    assert (tie.writes.whists_on(0, 2), tie.writes.whists_on(1, 2)) == (30, 30)
