"""scoring.entry: what a partly given deal implies, at every table size, and properties:
whatever it completes adds up as the engine wants and is played or refused with a
ScoringError; a count given is never changed; a whole deal given is itself."""

from __future__ import annotations

import contextlib
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import (
    Choice,
    Contract,
    Game,
    InvalidDeal,
    Misere,
    PulkaState,
    Raspasy,
    Rules,
    ScoringError,
    Suit,
    entry,
    play,
    seating,
)
from scoring.entry import Answer, GivenGame, GivenMisere, GivenRaspasy, complete
from scoring.errors import MESSAGES

from .strategies import NAMES, states

W, P, H = Choice.WHIST, Choice.PASS, Choice.HALF
THREE = PulkaState.new(NAMES[:3], Rules())
#: Anna deals and sits out: Boris declares, Vera and Gleb defend in that order.
FOUR = PulkaState.new(NAMES[:4], Rules())
#: Anna deals, Dasha (to her right) sits out with her.
FIVE = PulkaState.new(NAMES[:5], Rules())
TWO = PulkaState.new(NAMES[:2], Rules())
DUMMY = PulkaState.new(NAMES[:2], Rules(dummy_whist=True))


def game(state: PulkaState, declarer: str, contract: str, tricks: int | None, *answers: Answer):
    return complete(state, GivenGame(declarer, Contract.parse(contract), tricks, answers))


def g(declarer: str, contract: str, defence: dict[str, str], tricks: dict[str, int]) -> Game:
    return Game.of(declarer, contract, defence, tricks)


@pytest.mark.parametrize(
    ("state", "declarer", "contract", "tricks", "answers", "expected"),
    [
        # One whister named: the other passes and takes 0, the whister the rest.
        (THREE, "Anna", "7H", 7, [Answer(W, "Boris")],
         g("Anna", "7H", {"Boris": "whist", "Vera": "pass"}, {"Anna": 7, "Boris": 3, "Vera": 0})),
        # ... or the whister's count alone: the declarer took the rest.
        (THREE, "Anna", "7H", None, [Answer(W, "Vera", 2)],
         g("Anna", "7H", {"Boris": "pass", "Vera": "whist"}, {"Anna": 8, "Boris": 0, "Vera": 2})),
        # Both pass: not played out, the contract written, the first defender the rest.
        (THREE, "Anna", "6NT", None, [Answer(P, "Vera"), Answer(P, "Boris")],
         g("Anna", "6NT", {"Vera": "pass", "Boris": "pass"}, {"Anna": 6, "Vera": 0, "Boris": 4})),
        # Pass and half-whist: the half-whister half the quota; a lone half-whist too.
        (THREE, "Anna", "6S", None, [Answer(H, "Vera")],
         g("Anna", "6S", {"Boris": "pass", "Vera": "half"}, {"Anna": 6, "Boris": 2, "Vera": 2})),
        (THREE, "Anna", "6S", None, [Answer(H)],
         g("Anna", "6S", {"Boris": "pass", "Vera": "half"}, {"Anna": 6, "Boris": 2, "Vera": 2})),
        # Two whisters, counts after both choices: the declarer took the rest.
        (THREE, "Boris", "6H", None, [Answer(W, "Anna", 2), Answer(W, "Vera", 4)],
         g("Boris", "6H", {"Anna": "whist", "Vera": "whist"}, {"Boris": 4, "Anna": 2, "Vera": 4})),
        (THREE, "Anna", "6S", 5, [Answer(W, tricks=2), Answer(W)],
         g("Anna", "6S", {"Boris": "whist", "Vera": "whist"}, {"Anna": 5, "Boris": 2, "Vera": 3})),
        # Four and five: the defender not named is the one the seating puts at the table.
        (FOUR, "Boris", "7H", 7, [Answer(W, "Vera")],
         g("Boris", "7H", {"Vera": "whist", "Gleb": "pass"}, {"Boris": 7, "Vera": 3, "Gleb": 0})),
        (FIVE, "Boris", "7H", 7, [Answer(W, "Gleb")],
         g("Boris", "7H", {"Vera": "pass", "Gleb": "whist"}, {"Boris": 7, "Vera": 0, "Gleb": 3})),
        (FIVE, "Vera", "8C", 8, [Answer(W), Answer(P)],
         g("Vera", "8C", {"Gleb": "whist", "Boris": "pass"}, {"Vera": 8, "Gleb": 2, "Boris": 0})),
        # Hussar: the one defender's count is his and the dummy's.
        (TWO, "Anna", "7H", None, [Answer(W, tricks=2)],
         g("Anna", "7H", {"Boris": "whist"}, {"Anna": 8, "Boris": 2})),
        (TWO, "Boris", "6S", None, [Answer(P)],
         g("Boris", "6S", {"Anna": "pass"}, {"Boris": 6, "Anna": 4})),
        # ... and with the dummy whisting a pass is played out: the declarer's count.
        (DUMMY, "Anna", "7H", 6, [Answer(P, "Boris")],
         g("Anna", "7H", {"Boris": "pass"}, {"Anna": 6, "Boris": 4})),
    ],
)  # fmt: skip
def test_what_the_shorthand_implies(
    state: PulkaState,
    declarer: str,
    contract: str,
    tricks: int | None,
    answers: list[Answer],
    expected: Game,
) -> None:
    assert game(state, declarer, contract, tricks, *answers) == expected


@pytest.mark.parametrize(
    ("state", "declarer", "tricks", "answers", "code"),
    [
        (THREE, "Anna", 7, [Answer(W, "Boris"), Answer(W, "Vera")], "whisters_counts"),
        (THREE, "Anna", None, [Answer(W, "Boris")], "missing_result"),
        (THREE, "Anna", 7, [Answer(P, "Boris")], "name_both"),  # and Vera?
        (THREE, "Anna", 7, [], "name_both"),
        (THREE, "Anna", 7, [Answer(W), Answer(P), Answer(P)], "name_both"),
        (FOUR, "Boris", 7, [Answer(W, "Anna")], "dealer_sits_out"),  # Anna deals, sits out
        (FOUR, "Anna", 7, [Answer(W, "Boris")], "dealer_sits_out"),  # the declarer sits out
        (THREE, "Anna", 6, [Answer(W, "Boris", 3)], "tricks_sum"),  # the passer took 0
        (THREE, "Anna", None, [Answer(W, tricks=5), Answer(W, tricks=6)], "tricks_over"),
        (TWO, "Anna", None, [Answer(W)], "missing_result"),
        (DUMMY, "Anna", None, [Answer(P)], "missing_result"),
        (TWO, "Anna", 6, [Answer(W, tricks=3)], "tricks_sum"),
        (TWO, "Anna", 7, [], "hussar_form"),
        (TWO, "Anna", 7, [Answer(W), Answer(P)], "hussar_form"),
    ],
)
def test_what_it_cannot_imply(
    state: PulkaState, declarer: str, tricks: int | None, answers: list[Answer], code: str
) -> None:
    with pytest.raises(InvalidDeal) as info:
        game(state, declarer, "7H", tricks, *answers)
    assert info.value.code == code and code in entry.CODES


@pytest.mark.parametrize(
    "answers",
    [
        [Answer(W, "Boris", 2), Answer(H, "Vera")],
        [Answer(W, "Boris"), Answer(H, "Vera")],
        [Answer(W, "Boris", 2), Answer(H, "Vera", 2)],
    ],
)
def test_a_half_whist_beside_a_whist_is_refused_for_the_half_whist(answers: list[Answer]) -> None:
    # Whatever the counts given, the refusal names what is wrong: the half-whist, said
    # by the second defender after the first passed only (not a count that misses 10).
    with pytest.raises(ScoringError) as info:
        play(THREE, game(THREE, "Anna", "6H", 6, *answers))
    assert info.value.code == "half_order", info.value


def test_raspasy_in_seat_order_the_rest_and_the_dummy() -> None:
    assert complete(FOUR, GivenRaspasy((3, 2, 5))) == Raspasy.of({"Boris": 3, "Vera": 2, "Gleb": 5})
    at_five = [NAMES[s] for s in sorted(FIVE.next_table.at_table)]
    expected = dict(zip(at_five, (3, 2, 5), strict=True))
    assert complete(FIVE, GivenRaspasy((None, 2, 5))).trick_map == expected
    named = GivenRaspasy((4, None, 1), ("Vera", "Anna", "Boris"))
    assert complete(THREE, named).trick_map == {"Vera": 4, "Anna": 5, "Boris": 1}
    assert complete(TWO, GivenRaspasy((3, 5))).trick_map == {"Anna": 3, "Boris": 5}
    for state, counts, code in [
        (THREE, (3, 2, 4), "tricks_sum"),
        (THREE, (8, 4, None), "tricks_over"),
        (THREE, (3, None, None), "raspasy_counts"),
        (FOUR, (3, 7), "raspasy_counts"),
        (TWO, (6, 5), "tricks_two_sum"),
        (TWO, (3, None), "raspasy_counts"),  # the dummy took the rest: both are needed
    ]:
        with pytest.raises(InvalidDeal) as info:
            complete(state, GivenRaspasy(counts))
        assert info.value.code == code, counts


def test_misere_is_as_given() -> None:
    assert complete(FOUR, GivenMisere("Vera", 1)) == Misere("Vera", 1)


def test_every_code_has_an_english_message() -> None:
    assert set(entry.CODES) <= set(MESSAGES)


# --- properties ---------------------------------------------------------------------

COUNTS = st.none() | st.integers(0, 10)


@st.composite
def givens(draw: st.DrawFn, state: PulkaState) -> entry.Given:
    """Anything a caller could give, sensible or not (names are the sheet's)."""
    names = st.sampled_from(state.players)
    kind = draw(st.sampled_from(["game"] * 4 + ["raspasy", "misere"]))
    if kind == "misere":
        return GivenMisere(draw(names), draw(st.integers(0, 10)))
    if kind == "raspasy":
        size = draw(st.integers(1, state.n))
        counts = tuple(draw(st.lists(COUNTS, min_size=size, max_size=size)))
        players = draw(st.none() | st.lists(names, min_size=size, max_size=size, unique=True))
        return GivenRaspasy(counts, None if players is None else tuple(players))
    answer = st.builds(Answer, st.sampled_from(list(Choice)), st.none() | names, COUNTS)
    contract = Contract(draw(st.integers(6, 10)), draw(st.sampled_from(list(Suit))))
    return GivenGame(draw(names), contract, draw(COUNTS), tuple(draw(st.lists(answer, max_size=3))))


PROPERTIES = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTIES
@given(st.data())
def test_completed_deals_add_up_and_are_played_or_refused(data: st.DataObject) -> None:
    state = data.draw(states())
    told = data.draw(givens(state))
    try:
        deal = complete(state, told)
    except ScoringError as e:
        # A pulka over is said so where the next deal's seating would be asked.
        over = state.finished and e.code == "pulka_over"
        assert over or (isinstance(e, InvalidDeal) and e.code in MESSAGES)
        return
    playing = seating.playing(state.n)
    if isinstance(deal, Game | Raspasy):
        tricks = deal.trick_map
        assert len(tricks) == playing and all(0 <= t <= 10 for t in tricks.values())
        hussar_raspasy = isinstance(deal, Raspasy) and state.n == 2
        assert sum(tricks.values()) <= 10 if hussar_raspasy else sum(tricks.values()) == 10
    if isinstance(told, GivenGame):
        assert isinstance(deal, Game) and len(deal.defence) == playing - 1
        tricks = deal.trick_map
        # A count given is never changed.
        assert told.tricks is None or tricks[told.declarer] == told.tricks
        for a in told.answers:
            assert a.defender is None or a.defender in deal.choices
            if a.defender is not None and a.tricks is not None:
                assert tricks[a.defender] == a.tricks
    with contextlib.suppress(ScoringError):  # and no other exception
        play(state, deal)


@PROPERTIES
@given(st.data())
def test_a_deal_given_whole_is_itself(data: st.DataObject) -> None:
    """Every count and name given: nothing is implied, the deal is what was given."""
    state = data.draw(states())
    told = data.draw(givens(state))
    try:
        deal = complete(state, told)
    except ScoringError:
        return
    if isinstance(deal, Game):
        tricks = deal.trick_map
        whole = GivenGame(
            deal.declarer,
            deal.contract,
            tricks[deal.declarer],
            tuple(Answer(c, name, tricks[name]) for name, c in deal.defence),
        )
        assert complete(state, whole) == deal
        # In another order, the same deal written in that order.
        shuffled = complete(state, replace(whole, answers=whole.answers[::-1]))
        assert (shuffled.choices, shuffled.trick_map) == (deal.choices, tricks)
    elif isinstance(deal, Raspasy):
        names, counts = zip(*deal.tricks, strict=True)
        assert complete(state, GivenRaspasy(counts, names)) == deal
