"""Two players (hussar, гусарик) and five: the notes' worked examples E1-E6 and the keys.

The figures are those of ``shared/rules/two-and-five-players.md`` section 4, each
checked here through the engine and the settlement, not restated.
"""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from scoring import (
    Correction,
    Game,
    IllegalDeal,
    InvalidDeal,
    Misere,
    PulkaState,
    Raspasy,
    Rules,
    play,
    replay,
    seating,
    settle,
    settle_state,
)
from scoring.sheet import Sheet

INDIVISIBLE = {"hussar_mountain": "indivisible"}


def results(state: PulkaState) -> list[Fraction]:
    return [Fraction(r) for r in settle_state(state).results]


# --- E1: overflow points on a closed pulka (Code 4.1.1) ------------------------------


@pytest.mark.parametrize(
    ("n", "keys", "written_off", "others", "owner"),
    [
        (5, {}, -6, -12, 48),
        (4, {}, -6, -15, 45),  # the Code's own "не по 20, а по 15"
        (3, {}, -6, -20, 40),
        (2, {}, -6, -30, 30),
        (2, INDIVISIBLE, -3, -30, 30),  # Code 4.1.1 c: half written off
    ],
)
def test_e1_a_nine_two_points_short_of_a_closed_pulka(
    n: int, keys: dict[str, str], written_off: int, others: int, owner: int
) -> None:
    names = ("P1", "P2", "P3", "P4", "P5")[:n]
    rules = Rules(target=10, **keys)
    state = PulkaState.new(names, rules)
    for name in names:
        state = play(state, Correction.of(name, pulka=10 if name != "P1" else 8)).state
    # A dealer who leaves P1 at the table (with four or five someone sits out).
    dealer = next(d for d in range(n) if 0 not in seating.sitting_out(n, d, rules))
    out = seating.sitting_out(n, dealer, rules)
    defence = {names[s]: "pass" for s in seating.defenders(n, 0, out)}
    tricks = {"P1": 9, **dict.fromkeys(defence, 0)}
    tricks[next(iter(defence))] = 1
    step = play(state, Game.of("P1", "9S", defence, tricks, names[dealer]))
    assert step.writes.pulka[0] == 2
    assert step.writes.mountain[0] == written_off
    # What the write-off is worth: the results against the same sheet without it.
    after = step.state.sheet
    mountain = (after.mountain[0] - written_off, *after.mountain[1:])
    kept = Sheet(after.players, after.pulka, mountain, after.whists)
    gain = [
        a - b
        for a, b in zip(settle(after, rules).results, settle(kept, rules).results, strict=True)
    ]
    assert gain[0] == owner
    assert all(g == others for g in gain[1:])


# --- E2: a short hussar pulka ------------------------------------------------------------

E2 = [
    Game.of("A", "6S", {"B": "whist"}, {"A": 6, "B": 4}),
    Game.of("B", "7H", {"A": "whist"}, {"A": 2, "B": 8}),
    Game.of("A", "8C", {"B": "whist"}, {"A": 7, "B": 3}),
    Game.of("B", "6D", {"A": "pass"}, {"A": 2, "B": 8}),
    Game.of("A", "8S", {"B": "pass"}, {"A": 8, "B": 2}),
    Game.of("B", "9H", {"A": "whist"}, {"A": 1, "B": 9}),
]


@pytest.mark.parametrize(
    ("keys", "mountain", "result"),
    [({}, (6, -2), (-76, 76)), (INDIVISIBLE, (6, -1), (-106, 106))],
)
def test_e2_a_short_hussar_pulka(
    keys: dict[str, str], mountain: tuple[int, int], result: tuple[int, int]
) -> None:
    r = replay(("A", "B"), Rules(target=10, **keys), E2)
    sheet = r.state.sheet
    assert r.state.finished
    assert sheet.pulka == (10, 10)
    assert sheet.mountain == mountain
    assert (sheet.whists_on(0, 1), sheet.whists_on(1, 0)) == (16, 52)
    # Deal by deal as the notes' table writes it.
    assert [s.writes.whists_on(1, 0) for s in r.steps] == [8, 0, 24, 0, 0, 20]
    assert [s.writes.whists_on(0, 1) for s in r.steps] == [0, 8, 0, 0, 0, 8]
    assert r.steps[5].writes.help == ((1, 0, 2),)
    assert tuple(settle_state(r.state).results) == result


# --- E3: divisibility by the number of players (Code 4.2.14) -----------------------------


@pytest.mark.parametrize(
    ("n", "keys", "owner", "other", "adjusted"),
    [
        (2, {}, -5, 5, False),
        (2, INDIVISIBLE, -10, 10, False),
        (3, {}, Fraction(-20, 3), Fraction(10, 3), True),
        (4, {}, Fraction(-15, 2), Fraction(5, 2), True),
        (5, {}, -8, 2, False),
    ],
)
def test_e3_one_mountain_point_by_table_size(
    n: int, keys: dict[str, str], owner: Fraction, other: Fraction, adjusted: bool
) -> None:
    names = tuple(f"P{i}" for i in range(1, n + 1))
    sheet = Sheet(names, (20,) * n, (1,) + (0,) * (n - 1), (0,) * (n * n))
    s = settle(sheet, Rules(**keys))
    assert s.results[0] == owner
    assert all(r == other for r in s.results[1:])
    # Rule 4.2.12 is needed only where the point does not divide.
    assert (settle(sheet, Rules(division="adjust", **keys)).adjustment is not None) is adjusted


# --- E4: a closed five-player pulka, both of the Code's methods --------------------------


def test_e4_settling_a_closed_five_player_pulka() -> None:
    names = ("P1", "P2", "P3", "P4", "P5")
    whists = [0] * 25
    for (a, b), w in {(0, 1): 30, (1, 0): 46, (2, 3): 12, (4, 2): 20, (3, 4): 8}.items():
        whists[a * 5 + b] = w
    sheet = Sheet(names, (20,) * 5, (12, 0, 7, 4, 2), tuple(whists))
    expected = (-86, 66, -28, 6, 42)
    s = settle(sheet, Rules())
    assert s.results == expected
    assert s.mountain_results == (-70, 50, -20, 10, 30)
    # Method 1: each mountain point is 2 whists from its owner to each of the other four.
    net = [0] * 5
    for i, m in enumerate(sheet.mountain):
        for j in range(5):
            if j != i:
                net[i] -= 2 * m
                net[j] += 2 * m
    for i in range(5):
        for j in range(5):
            net[i] += whists[i * 5 + j] - whists[j * 5 + i]
    assert tuple(net) == expected
    # Whole numbers with no adjustment, whatever the division.
    assert settle(sheet, Rules(division="adjust")).results == expected
    assert settle(sheet, Rules(division="adjust")).adjustment is None


# --- E5: five deals with five players, settled as if stopped now -------------------------


def _e5() -> list[Game | Misere]:
    return [
        # Deal 1: P1 and P2 rest, so P2 deals (his right neighbour P1 rests with him).
        Game.of("P3", "6S", {"P4": "whist", "P5": "pass"}, {"P3": 6, "P4": 4, "P5": 0}, "P2"),
        Game.of("P4", "7H", {"P5": "whist", "P1": "pass"}, {"P4": 6, "P5": 4, "P1": 0}),
        Game.of("P5", "6C", {"P1": "whist", "P2": "whist"}, {"P5": 6, "P1": 2, "P2": 2}),
        Misere("P1", 0),
        # "P3 whists 1 trick": the defence took one, so P2 took nine. (A1 writes a
        # whister his own tricks only; here, as the Code does, the one whister
        # writes for the whole defence, so the passer's trick would count too.)
        Game.of("P2", "8D", {"P3": "whist", "P4": "pass"}, {"P2": 9, "P3": 1, "P4": 0}),
    ]


@pytest.mark.parametrize(
    ("keys", "expected"),
    [
        # A1 as written: gentleman, consolation by the defenders only.
        ({"whist": "gentleman", "consolation": "defenders"}, (84, 26, -14, -88, -8)),
        # Greedy Sochi per Lesnoy.
        ({"whist": "greedy", "consolation": "defenders"}, (76, 26, -14, -88, 0)),
        # Greedy, and both sitting out (P2, P3) write consolation too: the default key.
        ({"whist": "greedy", "consolation": "all"}, (76, 30, -10, -96, 0)),
        # Only the dealer of the two (P3) writes it.
        (
            {"whist": "greedy", "consolation": "all", "five_consolation": "dealer"},
            (76, 26, -10, -92, 0),
        ),
    ],
)
def test_e5_five_deals_with_five_players(keys: dict[str, str], expected: tuple[int, ...]) -> None:
    names = ("P1", "P2", "P3", "P4", "P5")
    r = replay(names, Rules(**keys), _e5())
    assert r.state.sheet.pulka == (10, 6, 2, 0, 2)
    assert r.state.sheet.mountain == (0, 0, 0, 4, 0)
    s = settle_state(r.state)
    assert s.results == expected
    # The Code's levelling: target 20, unplayed points to the mountain.
    assert s.equalised == (10, 14, 18, 24, 18)


def test_e5_the_resting_pair_rotates_one_seat_a_deal() -> None:
    names = ("P1", "P2", "P3", "P4", "P5")
    state = PulkaState.new(names, Rules())
    state = play(state, _e5()[0]).state
    rests = []
    for deal in _e5()[1:]:
        t = state.next_table
        rests.append(tuple(names[s] for s in t.sitting_out))
        state = play(state, deal).state
    assert rests == [("P3", "P2"), ("P4", "P3"), ("P5", "P4"), ("P1", "P5")]


# --- E6: the hussar formula on one sheet ---------------------------------------------------


@pytest.mark.parametrize(
    ("keys", "w_ab", "w_ba", "expected"),
    [
        ({}, 0, 0, (-15, 15)),
        (INDIVISIBLE, 0, 0, (-30, 30)),
        ({}, 12, 4, (-7, 7)),
        (INDIVISIBLE, 12, 4, (-22, 22)),
    ],
)
def test_e6_the_hussar_formula(
    keys: dict[str, str], w_ab: int, w_ba: int, expected: tuple[int, int]
) -> None:
    sheet = Sheet(("A", "B"), (20, 20), (3, 0), (0, w_ab, w_ba, 0))
    assert settle(sheet, Rules(**keys)).results == expected


# --- hussar: the keys ------------------------------------------------------------------


def hussar(**keys: object) -> PulkaState:
    return PulkaState.new(("A", "B"), Rules(**keys))


def test_the_hussar_whister_owes_the_whole_quota_alone() -> None:
    # 6 made with 7: the defence (B and the dummy) took 3, one short of 4.
    step = play(hussar(), Game.of("A", "6S", {"B": "whist"}, {"A": 7, "B": 3}))
    assert step.writes.whists_on(1, 0) == 6
    assert step.writes.mountain == (0, 2)
    # Half-responsible: half of it.
    step = play(hussar(liability="half"), Game.of("A", "6S", {"B": "whist"}, {"A": 7, "B": 3}))
    assert step.writes.mountain == (0, 1)


def test_a_hussar_pass_writes_the_game_as_made() -> None:
    step = play(hussar(), Game.of("A", "7S", {"B": "pass"}, {"A": 7, "B": 3}))
    assert step.writes.pulka == (4, 0)
    assert not any(step.writes.whists)
    with pytest.raises(InvalidDeal, match="must have at least 7"):
        play(hussar(), Game.of("A", "7S", {"B": "pass"}, {"A": 6, "B": 4}))


def test_whist_for_the_dummy_plays_every_game_out_without_a_quota() -> None:
    keys = {"dummy_whist": True}
    # B passes, the dummy "whists": B writes the defence's 3 tricks, owes nothing.
    step = play(hussar(**keys), Game.of("A", "6S", {"B": "pass"}, {"A": 7, "B": 3}))
    assert step.writes.whists_on(1, 0) == 6
    assert step.writes.mountain == (0, 0)
    # A game that fails is written failed: the remiz, the whists and the consolation.
    step = play(hussar(**keys), Game.of("A", "7S", {"B": "pass"}, {"A": 6, "B": 4}))
    assert step.writes.mountain == (4, 0)
    assert step.writes.whists_on(1, 0) == 4 * 4 + 4
    # When B whists himself he answers for the quota as always.
    step = play(hussar(**keys), Game.of("A", "6S", {"B": "whist"}, {"A": 7, "B": 3}))
    assert step.writes.mountain == (0, 2)


def test_a_hussar_game_may_give_the_declarer_s_tricks_only() -> None:
    both = play(hussar(), Game.of("A", "7S", {"B": "whist"}, {"A": 6, "B": 4}))
    one = play(hussar(), Game.of("A", "7S", {"B": "whist"}, {"A": 6}))
    assert one.writes == both.writes
    with pytest.raises(InvalidDeal) as e:
        play(hussar(), Game.of("A", "7S", {"B": "whist"}, {"A": 11}))
    assert e.value.code == "tricks_range"


def test_hussar_has_no_half_whist_and_one_defender() -> None:
    assert hussar().next_table.defenders(0) == (1,)
    assert hussar().next_table.half_whist_tricks(6) is None
    with pytest.raises(InvalidDeal) as e:
        play(hussar(), Game.of("A", "6S", {"B": "half"}, {"A": 6, "B": 4}))
    assert e.value.code == "half_hussar"
    with pytest.raises(InvalidDeal) as e:
        play(hussar(), Game.of("A", "6S", {"B": "whist"}, {"B": 6}))
    assert e.value.code == "tricks_two"
    with pytest.raises(InvalidDeal) as e:
        play(hussar(), Game.of("A", "6S", {"B": "whist"}, {"A": 6, "B": 5}))
    assert e.value.code == "tricks_sum"


def test_hussar_misere_is_a_key() -> None:
    step = play(hussar(), Misere("A", 2))
    assert step.writes.mountain == (20, 0)
    step = play(hussar(misere_consolation=True), Misere("A", 2))
    assert step.writes.whists_on(1, 0) == 20
    assert hussar(hussar_misere=False).next_table.misere_allowed is False
    with pytest.raises(IllegalDeal) as e:
        play(hussar(hussar_misere=False), Misere("A", 0))
    assert e.value.code == "misere_hussar_off"


def test_hussar_raspasy_ignore_or_share_the_dummy() -> None:
    # A 3, B 5, the dummy 2.
    deal = Raspasy.of({"A": 3, "B": 5})
    assert play(hussar(), deal).writes.mountain == (3, 5)
    assert play(hussar(hussar_raspasy="shared"), deal).writes.mountain == (4, 6)
    # Sharing the dummy's tricks moves both mountains alike: no result changes.
    a = replay(("A", "B"), Rules(), [deal]).state
    b = replay(("A", "B"), Rules(hussar_raspasy="shared"), [deal]).state
    assert settle_state(a).results == settle_state(b).results
    # The zero-trick point goes to a player who took no trick himself.
    step = play(hussar(hussar_raspasy="shared"), Raspasy.of({"A": 0, "B": 7}))
    assert step.writes.pulka == (1, 0)
    assert step.writes.mountain == (Fraction(3, 2), Fraction(17, 2))
    # Rostov: the fewest writes whists on the other's tricks.
    step = play(PulkaState.new(("A", "B"), Rules.for_variant("rostov")), deal)
    assert step.writes.whists_on(0, 1) == 25
    with pytest.raises(InvalidDeal) as e:
        play(hussar(), Raspasy.of({"A": 6, "B": 5}))
    assert e.value.code == "tricks_two_sum"


def test_hussar_help_goes_to_the_only_opponent_and_the_end_is_both_closed() -> None:
    state = hussar(target=4)
    state = play(state, Game.of("A", "7S", {"B": "pass"}, {"A": 7, "B": 3})).state
    assert not state.finished
    step = play(state, Game.of("A", "6S", {"B": "pass"}, {"A": 6, "B": 4}))
    assert step.writes.help == ((0, 1, 2),)
    assert step.writes.whists_on(0, 1) == 20
    assert not step.state.finished
    state = play(step.state, Game.of("B", "6S", {"A": "pass"}, {"A": 4, "B": 6})).state
    assert state.finished
    assert state.sheet.pulka == (4, 4)


@pytest.mark.parametrize("keys", [{}, INDIVISIBLE])
def test_leningrad_hussar_ends_on_the_total_and_a_game_keeps_its_value(
    keys: dict[str, str],
) -> None:
    state = PulkaState.new(("A", "B"), Rules.for_variant("leningrad", target=4, **keys))
    state = play(state, Game.of("A", "8S", {"B": "pass"}, {"A": 8, "B": 2})).state
    assert not state.finished  # 6 of the 8 in all
    state = play(state, Game.of("B", "6S", {"A": "pass"}, {"A": 4, "B": 6})).state
    assert state.finished
    # The pulkas 6 and 2 are levelled (Leningrad doubles): the same result with
    # a divisible and an indivisible mountain, since a pulka point is half a
    # mountain point where a mountain point is paid in full.
    assert settle_state(state).results == (40, -40)


# --- five players: the keys -----------------------------------------------------------------

FIVE = ("P1", "P2", "P3", "P4", "P5")


def test_five_sitting_out_right_or_left() -> None:
    right = PulkaState.new(FIVE, Rules()).next_table
    assert (right.dealer, right.sitting_out, right.at_table) == (0, (0, 4), (1, 2, 3))
    left = PulkaState.new(FIVE, Rules(five_sitting_out="left")).next_table
    assert (left.dealer, left.sitting_out, left.at_table) == (0, (0, 1), (2, 3, 4))


def test_five_refuses_a_pair_that_cannot_sit_out() -> None:
    state = PulkaState.new(FIVE, Rules())
    with pytest.raises(InvalidDeal) as e:
        play(state, Raspasy.of({"P1": 3, "P3": 3, "P5": 4}))
    assert e.value.code == "sitting_out_pair"
    assert "P2, P4" in str(e.value)
    assert e.value.params["expected"] == "P1, P5"  # P1 deals; his right neighbour P5
    with pytest.raises(InvalidDeal) as e:
        play(state, Raspasy.of({"P1": 3, "P2": 3}))
    assert e.value.code == "tricks_five"
    # P4 and P5 not named: P5 deals, P4 sits out with him; naming P4 the dealer is wrong.
    with pytest.raises(InvalidDeal) as e:
        play(state, Raspasy.of({"P1": 3, "P2": 3, "P3": 4}, dealer="P4"))
    assert e.value.code == "sitting_out_pair"
    step = play(state, Raspasy.of({"P1": 3, "P2": 3, "P3": 4}))
    assert step.state.next_dealer == 0  # P5 dealt, the deal passes to P1
    # The left neighbour instead: P4 deals and P5 sits out with him.
    left = PulkaState.new(FIVE, Rules(five_sitting_out="left"))
    assert play(left, Raspasy.of({"P1": 3, "P2": 3, "P3": 4})).state.next_dealer == 4


def test_five_misere_sits_out_the_dealer_s_pair() -> None:
    state = PulkaState.new(FIVE, Rules(misere_consolation=True))
    # P1 deals; P5 sits out with him.
    for declarer, code in (("P1", "misere_dealer"), ("P5", "misere_out")):
        with pytest.raises(InvalidDeal) as e:
            play(state, Misere(declarer, 1))
        assert e.value.code == code
    step = play(state, Misere("P2", 1))
    # Consolation by all: the two defenders and both who sit out.
    assert [step.writes.whists_on(s, 1) for s in range(5)] == [10, 0, 10, 10, 10]
    step = play(
        PulkaState.new(FIVE, Rules(misere_consolation=True, five_consolation="dealer")),
        Misere("P2", 1),
    )
    assert [step.writes.whists_on(s, 1) for s in range(5)] == [10, 0, 10, 10, 0]


def test_five_raspasy_amnesty_moves_those_sitting_out_too() -> None:
    deal = Raspasy.of({"P2": 2, "P3": 3, "P4": 5})
    on = replay(FIVE, Rules(raspasy_amnesty=True), [deal])
    off = replay(FIVE, Rules(), [deal])
    assert on.steps[0].writes.mountain == (-2, 0, 1, 3, -2)
    assert settle_state(on.state).results == settle_state(off.state).results


def test_five_help_can_go_to_a_player_sitting_out() -> None:
    state = PulkaState.new(FIVE, Rules(target=4))
    for name, points in (("P2", 4), ("P3", 4), ("P4", 4), ("P1", 2)):
        state = play(state, Correction.of(name, pulka=points)).state
    # P1 deals, P5 sits out with him; P2 makes a 6 on a closed pulka.
    step = play(
        state, Game.of("P2", "6S", {"P3": "pass", "P4": "pass"}, {"P2": 6, "P3": 2, "P4": 2})
    )
    # Help to the larger open pulka: P1 (2) before P5 (0), both sitting out.
    assert step.writes.help == ((1, 0, 2),)


# --- the calculator with two and five ------------------------------------------------------


def _settle_cli(doc: dict[str, object]) -> dict[str, object]:
    out = subprocess.run(
        [sys.executable, "-m", "scoring", "settle", "-"],
        input=json.dumps(doc),
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, object] = json.loads(out.stdout)
    return result


def test_the_calculator_settles_a_hussar_record() -> None:
    doc = {
        "format": "pulka/1",
        "players": ["A", "B"],
        "rules": {"target": 10, "hussar_mountain": "indivisible"},
        "deals": [
            {
                "type": "game",
                "declarer": g.declarer,
                "contract": f"{g.contract.level}{g.contract.suit.value}",
                "whist": dict(g.defence),
                "tricks": dict(g.tricks),
            }
            for g in E2
        ],
    }
    out = _settle_cli(doc)
    assert [p["result"] for p in out["players"]] == [-106, 106]  # type: ignore[index]
    assert out["finished"] is True


def test_the_calculator_settles_a_five_player_sheet() -> None:
    doc = {
        "format": "pulka-sheet/1",
        "players": list(FIVE),
        "rules": {"target": 20, "stake": "0.5"},
        "pulka": dict.fromkeys(FIVE, 20),
        "mountain": dict(zip(FIVE, (12, 0, 7, 4, 2), strict=True)),
        "whists": {
            "P1": {"P2": 30},
            "P2": {"P1": 46},
            "P3": {"P4": 12},
            "P4": {"P5": 8},
            "P5": {"P3": 20},
        },
    }
    out = _settle_cli(doc)
    players = out["players"]
    assert [p["result"] for p in players] == [-86, 66, -28, 6, 42]  # type: ignore[index]
    assert [p["money"] for p in players] == ["-43.00", "33.00", "-14.00", "3.00", "21.00"]  # type: ignore[index]


def test_a_pass_the_dummy_whisted_is_told_and_counted_as_played_out() -> None:
    from scoring.tally import facts

    rules = Rules(dummy_whist=True)
    failed = Game.of("A", "7S", {"B": "pass"}, {"A": 5, "B": 5})
    assert failed.played_out(rules) and not failed.played_out()
    assert (facts(failed, rules).made, facts(failed, rules).short) == (False, 2)
    # Without the key the same pass is a game written as made (the engine refuses it
    # short, so a record holds it only where the dummy whisted).
    assert (facts(failed).made, facts(failed).short) == (True, 0)
    over = Game.of("A", "7S", {"B": "pass"}, {"A": 8, "B": 2})
    assert over.result(rules) == 1 and over.result() == 0
