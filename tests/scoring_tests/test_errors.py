"""Impossible deals are refused with a message that says exactly what is wrong."""

from __future__ import annotations

import pytest

from scoring import (
    Contract,
    Correction,
    Game,
    IllegalDeal,
    InvalidDeal,
    InvalidRules,
    Misere,
    PulkaState,
    Raspasy,
    Rules,
    play,
    replay,
)

ABC = ("Anna", "Boris", "Vera")
ABCD = (*ABC, "Gleb")
START = PulkaState.new(ABC, Rules())


def refused(deal, state: PulkaState = START) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises((InvalidDeal, IllegalDeal)) as e:
        play(state, deal)
    return str(e.value)


def test_tricks_must_add_up_to_ten() -> None:
    msg = refused(
        Game.of(
            "Anna", "7H", {"Boris": "whist", "Vera": "pass"}, {"Anna": 7, "Boris": 3, "Vera": 1}
        )
    )
    assert msg == "tricks: tricks add up to 11, a deal has 10"


def test_unknown_player() -> None:
    msg = refused(Raspasy.of({"Anna": 3, "Boris": 2, "Olga": 5}))
    assert msg == "tricks: unknown player 'Olga'; the players are Anna, Boris, Vera"


def test_whister_who_is_the_declarer() -> None:
    msg = refused(
        Game.of("Anna", "7H", {"Anna": "whist", "Vera": "pass"}, {"Anna": 7, "Boris": 2, "Vera": 1})
    )
    assert msg == "whist: the declarer Anna cannot whist or pass on his own game"


def test_a_defender_without_an_answer() -> None:
    msg = refused(Game.of("Anna", "7H", {"Boris": "whist"}, {"Anna": 7, "Boris": 2, "Vera": 1}))
    assert msg == "whist: say whist or pass for Vera"


def test_a_six_straight_after_raspasy_where_the_exit_is_seven() -> None:
    state = replay(
        ABC, Rules.for_variant("leningrad"), [Raspasy.of({"Anna": 3, "Boris": 2, "Vera": 5})]
    ).state
    msg = refused(
        Game.of(
            "Anna", "6S", {"Boris": "whist", "Vera": "pass"}, {"Anna": 6, "Boris": 3, "Vera": 1}
        ),
        state,
    )
    assert msg == "contract: after raspasy the lowest game is 7, not 6"


def test_the_record_path_is_given() -> None:
    with pytest.raises(InvalidDeal) as e:
        replay(ABC, Rules(), [Misere("Anna", 0), Raspasy.of({"Anna": 5, "Boris": 5, "Vera": 1})])
    assert str(e.value) == "deals[1].tricks: tricks add up to 11, a deal has 10"


def test_contract_text() -> None:
    with pytest.raises(InvalidDeal, match="cannot read contract '5H'"):
        Contract.parse("5H")
    with pytest.raises(InvalidDeal, match="cannot read contract '7X'"):
        Contract.parse("7X")
    assert Contract.parse("8бк") == Contract.parse("8NT")
    assert Contract.parse(" 9♦ ").pretty() == "9♦"


def test_tricks_out_of_range() -> None:
    msg = refused(Raspasy.of({"Anna": -1, "Boris": 6, "Vera": 5}))
    assert msg == "tricks: Anna: tricks must be a whole number 0 to 10, not -1"
    assert (
        refused(Misere("Anna", 11))
        == "tricks: misère tricks must be a whole number 0 to 10, not 11"
    )


def test_unwhisted_game_below_contract() -> None:
    msg = refused(
        Game.of("Anna", "8S", {"Boris": "pass", "Vera": "pass"}, {"Anna": 7, "Boris": 2, "Vera": 1})
    )
    assert "nobody whisted" in msg and "at least 8 tricks" in msg


def test_half_whist_rules() -> None:
    # Only on 6 and 7.
    msg = refused(
        Game.of("Anna", "8S", {"Boris": "pass", "Vera": "half"}, {"Anna": 8, "Boris": 1, "Vera": 1})
    )
    assert msg == "whist: half-whist is possible only on 6 and 7, not on 8"
    # Only the second defender, after the first passed.
    msg = refused(
        Game.of("Anna", "6S", {"Boris": "half", "Vera": "pass"}, {"Anna": 6, "Boris": 2, "Vera": 2})
    )
    assert msg.startswith("whist: only the second defender (Vera) may say half-whist")
    ok = play(
        START,
        Game.of(
            "Anna", "6S", {"Boris": "pass", "Vera": "half"}, {"Anna": 6, "Boris": 2, "Vera": 2}
        ),
    )
    assert ok.writes.whists_on(2, 0) == 4 and ok.writes.pulka == (2, 0, 0)
    off = PulkaState.new(ABC, Rules(half_whist=False))
    assert (
        refused(
            Game.of(
                "Anna", "6S", {"Boris": "pass", "Vera": "half"}, {"Anna": 6, "Boris": 2, "Vera": 2}
            ),
            off,
        )
        == "whist: half-whist is not played under these rules"
    )


def test_four_players_dealer_sits_out() -> None:
    state = PulkaState.new(ABCD, Rules())
    msg = refused(Raspasy.of({"Anna": 3, "Boris": 2, "Vera": 4, "Gleb": 1}), state)
    assert msg.startswith("tricks: with four players give the tricks of the three at the table")
    msg = refused(
        Game.of(
            "Anna", "6S", {"Boris": "whist", "Gleb": "pass"}, {"Anna": 6, "Boris": 2, "Vera": 2}
        ),
        state,
    )
    assert msg == "whist: Gleb sits this deal out and does not defend"
    # The first dealer is the first player listed: Anna cannot play a misère now.
    msg = refused(Misere("Anna", 0), state)
    assert msg.startswith("dealer: Anna deals this time and sits out")
    assert play(state, Misere("Anna", 0, dealer="Boris")).state.next_dealer == 2


def test_deals_after_the_end() -> None:
    def six(p: str) -> Game:
        others = [q for q in ABC if q != p]
        return Game.of(p, "6S", dict.fromkeys(others, "pass"), {p: 6, **dict.fromkeys(others, 2)})

    state = replay(ABC, Rules(target=2), [six(p) for p in ABC]).state
    assert state.finished
    assert refused(Misere("Anna", 0), state).startswith("the pulka is already over")
    # A correction is still possible.
    assert play(state, Correction.of("Anna", mountain=1)).state.sheet.mountain[0] == 1


def test_bad_rules() -> None:
    with pytest.raises(InvalidRules, match="unknown variant 'moscow'"):
        Rules.for_variant("moscow")
    with pytest.raises(InvalidRules) as e:
        Rules.for_variant("sochi", raspasy=())
    assert e.value.path == "raspasy"
    with pytest.raises(InvalidRules) as e:
        Rules(division="round")
    assert str(e.value) == "division: unknown value 'round'; expected exact, truncate, adjust"


def test_players() -> None:
    with pytest.raises(InvalidDeal, match="2 to 5 players"):
        PulkaState.new(("A",), Rules())
    with pytest.raises(InvalidDeal, match="2 to 5 players"):
        PulkaState.new(("A", "B", "C", "D", "E", "F"), Rules())
    with pytest.raises(InvalidDeal, match="distinct"):
        PulkaState.new(("A", "B", "a"), Rules())


def test_a_named_dealer_with_three_players_plays_and_does_not_console_twice() -> None:
    deal = Game.of(
        "Anna",
        "6S",
        {"Boris": "whist", "Vera": "pass"},
        {"Anna": 5, "Boris": 3, "Vera": 2},
        dealer="Vera",
    )
    step = play(START, deal)
    assert (step.writes.whists_on(1, 0), step.writes.whists_on(2, 0)) == (7, 7)
    assert step.state.next_dealer == 0  # after Vera, Anna deals
