"""scoring.seating's table sizes: hussar, how many defend, who sits out; the deal
passing clockwise, forwards and back, as the engine passes it; a table turned so that
another deals first."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import Correction, Game, PulkaState, Raspasy, Rules, play, seating
from scoring.seating import (
    DEFENDERS,
    TABLE_SIZES,
    UNCHOSEN,
    anyone_sits_out,
    dealing_first,
    defending,
    hussar,
    next_dealer,
    previous_dealer,
    sitting_out,
    sizes_of,
)

from .strategies import pulkas

PROPERTIES = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_the_sizes_of_a_table() -> None:
    assert [hussar(n) for n in TABLE_SIZES] == [True, False, False, False]
    assert (
        [defending(n) for n in TABLE_SIZES] == [1, DEFENDERS, DEFENDERS, DEFENDERS] == [1, 2, 2, 2]
    )
    assert [anyone_sits_out(n) for n in TABLE_SIZES] == [False, False, True, True]


@given(st.sampled_from(TABLE_SIZES), st.integers(0, 4), st.sampled_from(["right", "left"]))
def test_the_sizes_agree_with_who_sits_and_defends(n: int, seat: int, side: str) -> None:
    rules = Rules(five_sitting_out=side)
    dealer = seat % n
    out = sitting_out(n, dealer, rules)
    assert anyone_sits_out(n) == bool(out)
    at = seating.speaking_order(n, dealer, rules)
    assert len(at) + len(out) == n
    for declarer in at:
        assert len(seating.defenders(n, declarer, out)) == defending(n)
    assert seating.Table(n, rules, dealer, out, at, (6,), 0, False).dummy == hussar(n)


@given(st.sampled_from(TABLE_SIZES), st.integers(0, 4))
def test_the_deal_passes_one_seat_clockwise_and_back(n: int, seat: int) -> None:
    dealer = seat % n
    assert next_dealer(n, dealer) == (dealer + 1) % n
    assert previous_dealer(n, next_dealer(n, dealer)) == dealer
    assert next_dealer(n, previous_dealer(n, dealer)) == dealer
    # Round the table once: everyone deals once.
    seen, d = [], dealer
    for _ in range(n):
        seen.append(d)
        d = next_dealer(n, d)
    assert sorted(seen) == list(range(n)) and d == dealer


@PROPERTIES
@given(pulkas(max_deals=12))
def test_the_dealer_of_the_last_deal_is_the_one_before_the_next(
    pulka: tuple[tuple[str, ...], Rules, list[object]],
) -> None:
    """What the engine moves on from, :func:`previous_dealer` finds again; a correction
    moves nothing."""
    players, rules, deals = pulka
    state = PulkaState.new(players, rules)
    n = len(players)
    for deal in deals:
        after = play(state, deal).state  # type: ignore[arg-type]
        if isinstance(deal, Correction):
            assert after.next_dealer == state.next_dealer
        else:
            dealer = previous_dealer(n, after.next_dealer)
            assert after.next_dealer == next_dealer(n, dealer)
            if isinstance(deal, Game | Raspasy) and anyone_sits_out(n):
                # Who sat the deal out is who its dealer sits out with.
                named = {players.index(who) for who in deal.trick_map}
                out = set(sitting_out(n, dealer, rules))
                assert out == set(range(n)) - named
        state = after


@given(st.lists(st.integers(), min_size=2, max_size=5, unique=True), st.data())
def test_turned_to_deal_first_everyone_keeps_his_neighbours(
    order: list[int], data: st.DataObject
) -> None:
    seat = data.draw(st.integers(0, len(order) - 1))
    turned = dealing_first(order, seat)
    assert turned[0] == order[seat] and sorted(turned) == sorted(order)
    n = len(order)
    left_of = {order[i]: order[(i + 1) % n] for i in range(n)}
    assert all(left_of[turned[i]] == turned[(i + 1) % n] for i in range(n))
    assert dealing_first(order, 0) == tuple(order)


def test_a_table_whose_size_nobody_chose_seats_three_or_four() -> None:
    assert sizes_of(None) == UNCHOSEN == (3, 4)
    assert set(UNCHOSEN) <= set(TABLE_SIZES)
    assert [sizes_of(n) for n in TABLE_SIZES] == [(2,), (3,), (4,), (5,)]
    for n in (0, 1, 6):
        with pytest.raises(ValueError, match="no table"):
            sizes_of(n)
