"""scoring.entry's counts: which tricks the next player asked may have taken, at every
table size, and that every count offered completes into a deal while every other is
refused; the declarer's tricks from a result word."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import Choice, Contract, InvalidDeal, PulkaState, Raspasy, Rules, Suit, seating
from scoring.deals import TRICKS
from scoring.entry import (
    COUNTS,
    Answer,
    GivenGame,
    GivenMisere,
    GivenRaspasy,
    complete,
    counts_wanted,
    forced_count,
    left,
    open_counts,
    raspasy_needed,
    result_count,
)

from .strategies import states

W, P, H = Choice.WHIST, Choice.PASS, Choice.HALF
PROPERTIES = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: What a sum refusal of :func:`complete` is coded.
SUM_CODES = {"tricks_over", "tricks_sum", "tricks_two_sum", "tricks_range"}


@st.composite
def asked(draw: st.DrawFn, how_many: int) -> tuple[int, ...]:
    """Counts taken in turn from what :func:`open_counts` offers."""
    counts: tuple[int, ...] = ()
    for _ in range(how_many):
        counts = (*counts, draw(st.sampled_from(open_counts(counts))))
    return counts


def test_a_player_takes_none_to_ten() -> None:
    assert list(COUNTS) == list(range(11)) and TRICKS == 10
    assert list(open_counts()) == list(range(11))


@pytest.mark.parametrize(
    ("counted", "left_over", "offered"),
    [
        ((), 10, range(11)),
        ((7,), 3, range(4)),
        ((10,), 0, range(1)),
        ((0,), 10, range(11)),
        ((3, 2), 5, range(6)),
        ((4, 6), 0, range(1)),
        ((6, 6), -2, range(0)),
        ((11,), -1, range(0)),
    ],
)
def test_what_is_left_and_offered(counted: tuple[int, ...], left_over: int, offered: range) -> None:
    assert left(counted) == left_over
    assert list(open_counts(counted)) == list(offered)


def test_a_count_is_forced_only_when_nothing_is_left() -> None:
    assert [k for k in COUNTS if forced_count((k,)) is not None] == [10]
    assert forced_count((10,)) == 0 and forced_count((3, 7)) == 0
    assert forced_count((6, 6)) is None and forced_count(()) is None


def test_raspasy_asks_two_counts_at_every_table() -> None:
    # Three to five: the third at the table took the rest; hussar: the dummy did.
    assert {n: raspasy_needed(n) for n in seating.TABLE_SIZES} == {2: 2, 3: 2, 4: 2, 5: 2}
    for n in seating.TABLE_SIZES:
        playing = seating.playing(n)
        assert raspasy_needed(n) == (playing if seating.hussar(n) else playing - 1)


@pytest.mark.parametrize(
    ("level", "over", "tricks"),
    [(6, 0, 6), (7, 1, 8), (10, 0, 10), (6, -6, 0), (8, -3, 5), (10, 1, None), (6, -7, None)],
)
def test_the_declarers_tricks_from_his_result(level: int, over: int, tricks: int | None) -> None:
    assert result_count(level, over) == tricks


@given(st.integers(6, 10), st.integers(-12, 12))
def test_a_result_is_the_contract_and_what_is_over(level: int, over: int) -> None:
    tricks = result_count(level, over)
    assert tricks == (level + over if 0 <= level + over <= 10 else None)


@PROPERTIES
@given(st.data())
def test_every_count_offered_to_a_game_completes(data: st.DataObject) -> None:
    """The declarer's count, then with two whisters the first whister's: each offered
    count, and only those, makes a deal at every table size."""
    state = data.draw(states())
    table = state.next_table
    declarer = data.draw(st.sampled_from(table.at_table))
    name = state.players[declarer]
    contract = Contract(data.draw(st.sampled_from(table.levels)), data.draw(st.sampled_from(Suit)))
    defenders = table.defenders(declarer)
    assert len(defenders) == seating.defending(state.n)
    both = len(defenders) == 2 and data.draw(st.booleans())
    if both:
        counts = data.draw(asked(2))
        answers = (Answer(W, state.players[defenders[0]], counts[1]), Answer(W))
    else:
        counts = data.draw(asked(1))
        answers = (Answer(W, state.players[defenders[0]]),)
        if len(defenders) == 2:
            answers = (*answers, Answer(P, state.players[defenders[1]]))
    deal = complete(state, GivenGame(name, contract, counts[0], answers))
    tricks = deal.trick_map
    assert tricks[name] == counts[0] and sum(tricks.values()) == TRICKS
    if both:
        assert tricks[state.players[defenders[1]]] == left(counts)
    if both and counts[0] > 0:
        # One trick more for the whister than the declarer left him: refused.
        over = len(open_counts(counts[:1]))
        bad = (Answer(W, state.players[defenders[0]], over), Answer(W))
        with pytest.raises(InvalidDeal) as refused:
            complete(state, GivenGame(name, contract, counts[0], bad))
        assert refused.value.code in SUM_CODES


@PROPERTIES
@given(st.data())
def test_every_count_offered_to_raspasy_completes(data: st.DataObject) -> None:
    """The players at the table in turn, as many as :func:`raspasy_needed` says; the
    rest (the last at the table, or in hussar the dummy) took what they left."""
    state = data.draw(states())
    at = tuple(state.players[s] for s in state.next_table.at_table)
    counts = data.draw(asked(raspasy_needed(state.n)))
    given_counts = (*counts, None)[: len(at)]
    deal = complete(state, GivenRaspasy(given_counts, at))
    assert isinstance(deal, Raspasy)
    tricks = deal.trick_map
    assert all(tricks[who] == k for who, k in zip(at, counts, strict=False))
    if seating.hussar(state.n):
        assert sum(tricks.values()) <= TRICKS
    else:
        assert sum(tricks.values()) == TRICKS and tricks[at[-1]] == left(counts)
    # One trick more than the last player was offered: no raspasy.
    over = (*counts[:-1], len(open_counts(counts[:-1])))
    if all(k in COUNTS for k in over):
        with pytest.raises(InvalidDeal) as refused:
            complete(state, GivenRaspasy((*over, None)[: len(at)], at))
        assert refused.value.code in SUM_CODES


@given(st.sampled_from(open_counts()))
def test_a_misere_is_any_count(tricks: int) -> None:
    state = PulkaState.new(("Anna", "Boris", "Vera"), Rules())
    assert complete(state, GivenMisere("Anna", tricks)).tricks == tricks


@pytest.mark.parametrize(
    ("choices", "dummy_whists", "wanted"),
    [
        ((W, P), False, 1),
        ((P, W), False, 1),
        ((W, W), False, 2),
        ((P, P), False, 0),
        ((P, H), False, 0),
        ((W,), False, 1),
        ((P,), False, 0),
        ((P,), True, 1),
        ((W,), True, 1),
    ],
)
def test_how_many_counts_a_game_wants(
    choices: tuple[Choice, ...], dummy_whists: bool, wanted: int
) -> None:
    assert counts_wanted(choices, dummy_whists=dummy_whists) == wanted


@PROPERTIES
@given(st.data())
def test_a_game_given_the_counts_it_wants_completes_and_one_fewer_does_not(
    data: st.DataObject,
) -> None:
    """The declarer's count, then (two whisters) the first whister's, as the wizard asks
    them: as many as :func:`counts_wanted` says make the deal, one fewer does not."""
    state = data.draw(states())
    table = state.next_table
    declarer = data.draw(st.sampled_from(table.at_table))
    name = state.players[declarer]
    contract = Contract(data.draw(st.sampled_from(table.levels)), data.draw(st.sampled_from(Suit)))
    defenders = [state.players[s] for s in table.defenders(declarer)]
    choices = tuple(data.draw(st.sampled_from([W, P])) for _ in defenders)
    if len(choices) == 2 and choices[0] is P and data.draw(st.booleans()):
        choices = (P, H)
    dummy_whists = seating.hussar(state.n) and state.rules.dummy_whist
    wanted = counts_wanted(choices, dummy_whists=dummy_whists)
    counts = data.draw(asked(wanted))

    def told(counts: tuple[int, ...]) -> GivenGame:
        given = (*counts, None, None)
        answers = tuple(
            Answer(c, who, given[1] if k == 0 else None)
            for k, (who, c) in enumerate(zip(defenders, choices, strict=True))
        )
        return GivenGame(name, contract, given[0], answers)

    deal = complete(state, told(counts))
    assert sum(deal.trick_map.values()) == TRICKS
    if not wanted:  # nobody played it out: the declarer is written his contract
        assert deal.trick_map[name] == contract.level
    if wanted:
        with pytest.raises(InvalidDeal) as refused:
            complete(state, told(counts[:-1]))
        assert refused.value.code in {"missing_result", "whisters_counts"}
