"""The engine's small values: deals built from the record's mappings, contracts, defenders."""

from __future__ import annotations

import pytest

from scoring import Choice, Contract, Game, InvalidDeal, ScoringError, Suit, seating


def test_game_of_builds_what_the_constructor_builds() -> None:
    game = Game.of("A", "7H", {"B": "whist", "C": "pass"}, {"A": 7, "B": 2, "C": 1}, "C")
    defence = (("B", Choice.WHIST), ("C", Choice.PASS))
    built = Game("A", Contract(7, Suit.HEARTS), defence, (("A", 7), ("B", 2), ("C", 1)), "C")
    assert game == built
    assert repr(game) == repr(built)
    assert type(game) is Game
    assert all(type(c) is Choice for _, c in game.defence)


def test_game_of_takes_choices_as_words_or_values() -> None:
    words = Game.of("A", "6S", {"B": "half", "C": "pass"}, {"A": 6, "B": 2, "C": 2})
    values = Game.of("A", "6S", {"B": Choice.HALF, "C": Choice.PASS}, {"A": 6, "B": 2, "C": 2})
    assert words == values


@pytest.mark.parametrize("choice", ["Whist", "", "вист", 1, None, ["whist"], {"whist": 1}])
def test_game_of_refuses_any_other_choice(choice: object) -> None:
    with pytest.raises(InvalidDeal) as e:
        Game.of("A", "6S", {"B": choice, "C": "pass"}, {"A": 6, "B": 2, "C": 2})  # type: ignore[dict-item]
    assert (e.value.code, e.value.path) == ("choice", "whist")


def test_a_contract_read_again_is_the_same_value() -> None:
    first = Contract.parse("8NT")
    assert Contract.parse("8NT") == first == Contract.parse(" 8бк ")
    for _ in range(2):  # refused each time it is read
        with pytest.raises(ScoringError, match="contract"):
            Contract.parse("11H")


@pytest.mark.parametrize(
    ("n", "declarer", "out", "expected"),
    [
        (3, 0, (), (1, 2)),
        (3, 1, (), (2, 0)),
        (3, 2, (), (0, 1)),
        # Four: the dealer sits out, wherever he is from the declarer.
        (4, 0, (1,), (2, 3)),
        (4, 0, (2,), (1, 3)),
        (4, 0, (3,), (1, 2)),
        (4, 3, (0,), (1, 2)),
        (4, 2, (1,), (3, 0)),
        # Five: the dealer and a neighbour.
        (5, 1, (3, 2), (4, 0)),
        (5, 4, (0, 1), (2, 3)),
        (5, 0, (4, 3), (1, 2)),
        (2, 1, (), (0,)),
        (2, 0, (), (1,)),
    ],
)
def test_the_defenders_are_the_next_two_at_the_table_clockwise(
    n: int, declarer: int, out: tuple[int, ...], expected: tuple[int, ...]
) -> None:
    assert seating.defenders(n, declarer, out) == expected


@pytest.mark.parametrize(("n", "declarer", "out"), [(4, 1, (1,)), (4, 1, ()), (5, 0, (1,))])
def test_the_defenders_of_a_table_of_more_than_three_are_refused(
    n: int, declarer: int, out: tuple[int, ...]
) -> None:
    # The declarer sitting out, or nobody out at four: three would defend.
    with pytest.raises(ValueError):
        seating.defenders(n, declarer, out)
