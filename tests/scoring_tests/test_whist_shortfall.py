"""Two whisters on a 6 or 7: the shortfall is the defence's (Code 4.2.1), not each whister's.

Code 4.2.1 (texts 001, 004): "В случае ремиза вистующих (недобора до
обязательного количества взяток), вистующие пишут в гору цену контракта,
помноженную на каждую недобранную взятку."  Text 001: "если игрок заказывал 6
пик, а взял при этом 7 взяток, то значит, кто-то из вистующих недобрал 1
взятку. Смотрим, у кого нет на руках двух взяток, тот и получает очки в гору.
Второй при этом получает только висты."
"""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import Game, PulkaState, Rules, play
from scoring.deals import Choice

from .strategies import deal_for, rules

ABC = ("Anna", "Boris", "Vera")


def both_whist(contract: str, a: int, b: int, v: int, rules: Rules | None = None) -> tuple:
    """Anna declares, Boris and Vera whist; (mountain, whists on Anna) of each."""
    state = PulkaState.new(ABC, rules or Rules())
    w = play(
        state,
        Game.of(
            "Anna",
            contract,
            {"Boris": "whist", "Vera": "whist"},
            {"Anna": a, "Boris": b, "Vera": v},
        ),
    ).writes
    return w.mountain, (w.whists_on(1, 0), w.whists_on(2, 0))


def test_text_001_six_made_with_seven_only_the_one_without_two_tricks_writes() -> None:
    # 6♠ made with 7: Boris 3, Vera 0.  The defence is one short; Vera has not
    # her two tricks, so she writes that one trick (2 points), Boris only whists.
    mountain, whists = both_whist("6S", 7, 3, 0)
    assert mountain == (0, 0, 2)
    assert whists == (6, 0)


def test_the_defence_took_its_quota_so_nobody_writes_to_the_mountain() -> None:
    # 6 made exactly, whisters 4 and 0: the quota of 4 is there, however split.
    mountain, whists = both_whist("6S", 6, 4, 0)
    assert mountain == (0, 0, 0)
    assert whists == (8, 0)
    # 7 made exactly, whisters 3 and 0 (quota 2).
    assert both_whist("7H", 7, 3, 0)[0] == (0, 0, 0)


def test_both_short_of_their_halves_each_writes_his_own_deficit() -> None:
    # 6 made with 8: Boris 1, Vera 1; two short, one each: 2 points each.
    assert both_whist("6S", 8, 1, 1)[0] == (0, 2, 2)
    # 6 made with 9: Boris 1, Vera 0: three short; Boris 1 trick, Vera 2.
    assert both_whist("6S", 9, 1, 0)[0] == (0, 2, 4)
    # 7 made with 10: each one short of his single trick, 4 points each.
    assert both_whist("7S", 10, 0, 0)[0] == (0, 4, 4)


def test_half_liability_and_leningrad_doubling_apply_to_the_joint_shortfall() -> None:
    # Leningrad: half liability, whists doubled: one trick of a six is 2 x 2 / 2.
    mountain, whists = both_whist("6S", 7, 3, 0, Rules.for_variant("leningrad"))
    assert mountain == (0, 0, 2)
    assert whists == (12, 0)


def test_each_half_keeps_the_old_way_as_a_named_convention() -> None:
    each = Rules(whist_shortfall="each_half")
    # Each answers for his own half: Vera is two short of hers, whatever Boris took.
    assert both_whist("6S", 6, 4, 0, each)[0] == (0, 0, 4)
    assert both_whist("6S", 7, 3, 0, each)[0] == (0, 0, 4)
    assert both_whist("7H", 7, 3, 0, each)[0] == (0, 0, 4)
    assert both_whist("6S", 8, 1, 1, each)[0] == (0, 2, 2)


def test_eight_to_ten_keep_the_quota_liable_switch() -> None:
    assert both_whist("8S", 10, 0, 0)[0] == (0, 0, 6)
    assert both_whist("8S", 10, 0, 0, Rules(quota_liable="both"))[0] == (0, 6, 6)
    assert both_whist("8S", 9, 1, 0)[0] == (0, 0, 0)


def test_every_variant_defaults_to_the_joint_shortfall() -> None:
    for variant in ("sochi", "leningrad", "rostov"):
        assert Rules.for_variant(variant).whist_shortfall.value == "joint"


@st.composite
def made_games(draw: st.DrawFn) -> tuple[PulkaState, Game]:
    """A state (3 or 4 players, any conventions, some deals in) and a whisted game made in it."""
    players = ("Anna", "Boris", "Vera", "Gleb")[: draw(st.sampled_from([3, 4]))]
    r = dataclasses.replace(draw(rules()), whist_shortfall="joint")
    state = PulkaState.new(players, r)
    for _ in range(draw(st.integers(0, 6))):
        try:
            state = play(state, draw(deal_for(state))).state
        except ValueError:
            continue
    table = state.next_table
    declarer = draw(st.sampled_from(table.at_table))
    first, second = table.defenders(declarer)
    level = draw(st.sampled_from([lv for lv in table.levels if lv <= 7] or table.levels))
    c1, c2 = draw(
        st.sampled_from([("whist", "whist")] * 3 + [("whist", "pass"), ("pass", "whist")])
    )
    mine = draw(st.integers(level, 10))
    d1 = draw(st.integers(0, 10 - mine))
    names = state.players
    game = Game.of(
        names[declarer],
        f"{level}S",
        {names[first]: c1, names[second]: c2},
        {names[declarer]: mine, names[first]: d1, names[second]: 10 - mine - d1},
    )
    return state, game


@settings(max_examples=150, deadline=None)
@given(made_games())
def test_a_made_game_whose_defence_took_its_quota_writes_no_whister_mountain(
    case: tuple[PulkaState, Game],
) -> None:
    state, game = case
    try:
        step = play(state, game)
    except ValueError:
        return  # not playable here (the pulka is over, a six after raspasy ...)
    tricks = game.trick_map
    defence = sum(v for k, v in tricks.items() if k != game.declarer)
    whisted = [n for n, c in game.defence if c is Choice.WHIST]
    if not whisted or game.outcome < 0:
        return
    if defence >= state.rules.quota_for(game.contract.level):
        for name in whisted:
            assert step.writes.mountain[state.seat(name)] == 0
