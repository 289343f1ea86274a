"""Properties over random valid pulkas (hypothesis)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from fractions import Fraction

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

import scoring.engine
from scoring import (
    Deal,
    PulkaState,
    Raspasy,
    ScoringError,
    apply,
    deal_cost,
    play,
    replay,
    settle_state,
    standings,
)
from scoring.engine import final_state
from scoring.record import (
    deal_to_json,
    load_document,
    other_table,
    record_json,
    settlement_from_json,
    settlement_to_json,
)
from scoring.rules import CONVENTIONS, Rules
from scoring.tally import Tally, total

from .strategies import deal_for, pulkas

SETTINGS = settings(max_examples=75, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(pulkas(division="exact"))
def test_results_add_up_to_zero_exactly(p: tuple) -> None:
    players, rules, deals = p
    s = settle_state(replay(players, rules, deals).state)
    assert sum(s.results) == 0
    assert all(isinstance(r, int | Fraction) for r in s.results)


@SETTINGS
@given(pulkas())
def test_money_adds_up_to_exactly_zero(p: tuple) -> None:
    players, rules, deals = p
    s = settle_state(replay(players, rules, deals).state)
    assert sum(s.money) == 0
    assert all(m == m.quantize(m.__class__("0.01")) for m in s.money)
    # Payments settle every balance.
    balance = dict(zip(players, s.money, strict=True))
    for pay in s.payments:
        balance[pay.payer] += pay.amount
        balance[pay.payee] -= pay.amount
    assert all(v == 0 for v in balance.values())
    assert len(s.payments) <= sum(1 for m in s.money if m) - 1 or not any(s.money)


@SETTINGS
@given(pulkas(division="exact"), st.randoms(use_true_random=False))
def test_who_receives_help_changes_no_result(p: tuple, rnd) -> None:  # type: ignore[no-untyped-def]
    """Code, footnote 72: help to anyone open gives the same results."""
    players, rules, deals = p
    expected = settle_state(replay(players, rules, deals).state).results

    def any_open(pulka, helper, target):  # type: ignore[no-untyped-def]
        open_ = [j for j in range(len(pulka)) if j != helper and pulka[j] < target]
        return rnd.choice(open_) if open_ else None

    original = scoring.engine._helped
    scoring.engine._helped = any_open
    try:
        assert settle_state(replay(players, rules, deals).state).results == expected
    finally:
        scoring.engine._helped = original


@SETTINGS
@given(pulkas(division="exact", max_deals=15), pulkas(division="exact", max_deals=15), st.data())
def test_a_deals_cost_does_not_depend_on_when(p: tuple, q: tuple, data: st.DataObject) -> None:
    """Principle II: the same deal costs the same in any unfinished pulka."""
    players, rules, deals = p
    a = replay(players, rules, deals).state
    # The second pulka: same players and rules, other deals.
    b = PulkaState.new(players, rules)
    for d in q[2] if q[0] == players else []:
        try:
            b = play(b, d).state
        except ScoringError:
            continue
    if a.finished or b.finished or a.raspasy_run != b.raspasy_run:
        return
    deal: Deal = data.draw(deal_for(a))
    try:
        cost_a = deal_cost(a, deal)
        cost_b = deal_cost(b, deal)
    except ScoringError:
        return
    event("compared")
    assert cost_a == cost_b
    assert sum(cost_a) == 0


@SETTINGS
@given(pulkas())
def test_replaying_twice_gives_the_same_sheet(p: tuple) -> None:
    players, rules, deals = p
    assert replay(players, rules, deals) == replay(players, rules, deals)


@SETTINGS
@given(pulkas(division="exact"))
def test_the_amnesty_of_raspasy_changes_nothing(p: tuple) -> None:
    players, rules, deals = p
    # A game that writes the mountain off first (Rostov) writes off less after an
    # amnesty, so there the amnesty does change the pulka (docs/rules.md 6.5).
    assume(not rules.game_clears_mountain)
    on = dataclasses.replace(rules, raspasy_amnesty=True)
    off = dataclasses.replace(rules, raspasy_amnesty=False)
    assert (
        settle_state(replay(players, on, deals).state).results
        == settle_state(replay(players, off, deals).state).results
    )


@SETTINGS
@given(pulkas())
def test_the_record_round_trips(p: tuple) -> None:
    """Export then import gives the same deals and the same sheet."""
    players, rules, deals = p
    doc = load_document(record_json(players, rules, deals))
    # A convention of another table size changes nothing at this one: the record leaves
    # it out, and it reads back as its default.
    default = Rules()
    same = {c.name: getattr(default, c.name) for c in CONVENTIONS if other_table(c, len(players))}
    assert doc.rules == dataclasses.replace(rules, **same)
    assert list(doc.deals) == deals
    assert doc.sheet == replay(players, rules, deals).state.sheet
    assert [deal_to_json(d) for d in doc.deals] == [deal_to_json(d) for d in deals]


@SETTINGS
@given(pulkas(division="exact"))
def test_a_raspasy_run_only_grows_on_raspasy(p: tuple) -> None:
    players, rules, deals = p
    r = replay(players, rules, deals)
    run = 0
    for deal, step in zip(deals, r.steps, strict=True):
        if isinstance(deal, Raspasy):
            assert step.state.raspasy_run == run + 1
        run = step.state.raspasy_run


def _with_seats(state: PulkaState) -> tuple[object, ...]:
    # The seats are not compared by ==: compared here, as every deal looks names up.
    return (state, dict(state.seats))


def _outcome(f: Callable[[], object]) -> object:
    try:
        return f()
    except ScoringError as e:
        return (type(e).__name__, e.code, e.path, str(e))


@SETTINGS
@given(pulkas(max_deals=30), st.data())
def test_final_state_and_apply_are_replay_and_play(p: tuple, data: st.DataObject) -> None:
    players, rules, deals = p
    result = replay(players, rules, deals)
    assert _with_seats(final_state(players, rules, deals)) == _with_seats(result.state)
    state = result.state
    deal = data.draw(deal_for(state))
    played = _outcome(lambda: _with_seats(play(state, deal).state))
    assert _outcome(lambda: _with_seats(apply(state, deal))) == played
    # A deal refused at the end of the log is refused the same way, at the same place.
    log = [*deals, deal]
    assert _outcome(lambda: _with_seats(final_state(players, rules, log))) == _outcome(
        lambda: _with_seats(replay(players, rules, log).state)
    )


@SETTINGS
@given(pulkas(max_deals=20))
def test_each_step_s_sheet_is_the_sheet_plus_its_writes(p: tuple) -> None:
    players, rules, deals = p
    state = PulkaState.new(players, rules)
    for step in replay(players, rules, deals).steps:
        assert step.state.sheet == state.sheet.plus(step.writes)
        state = step.state


@SETTINGS
@given(pulkas(division="exact", max_deals=30))
def test_the_standings_are_the_exact_settlement_s_results(p: tuple) -> None:
    """What the bot shows "if we stopped now" is what settling now would give."""
    players, rules, deals = p
    for step in replay(players, rules, deals).steps:
        now = standings(step.state)
        assert all(type(x) is Fraction for x in now)
        assert now == settle_state(step.state).results


@SETTINGS
@given(pulkas(max_deals=20))
def test_a_stored_settlement_reads_back_equal(p: tuple) -> None:
    players, rules, deals = p
    s = settle_state(replay(players, rules, deals).state)
    stored = json.loads(json.dumps(settlement_to_json(s), ensure_ascii=False))
    back = settlement_from_json(stored)
    assert back == s
    # Whole figures come back as int, as the settlement had them.
    assert [type(x) for x in back.results] == [type(x) for x in s.results]
    assert settlement_to_json(back) == stored


@SETTINGS
@given(pulkas(max_deals=20))
def test_a_compact_stored_settlement_reads_back_as_the_full_form(p: tuple) -> None:
    players, rules, deals = p
    s = settle_state(replay(players, rules, deals).state)
    compact = json.loads(json.dumps(settlement_to_json(s, compact=True), ensure_ascii=False))
    back = settlement_from_json(compact)
    assert back == s
    assert settlement_to_json(back) == settlement_to_json(s)
    assert [type(x) for x in back.results] == [type(x) for x in s.results]
    # Whole figures are JSON integers, the others "n/d" with a denominator past 1.
    for x in compact["results"] + compact["amnestied"] + [compact["average"]]:
        assert type(x) is int or (isinstance(x, str) and int(x.split("/")[1]) > 1)
    assert compact.get("notice", s.notice) == s.notice


_COUNTS = st.integers(0, 50)
_TALLIES = st.builds(
    Tally,
    _COUNTS,
    st.tuples(_COUNTS, _COUNTS, _COUNTS, _COUNTS, _COUNTS),
    st.tuples(_COUNTS, _COUNTS, _COUNTS, _COUNTS, _COUNTS),
    _COUNTS,
    _COUNTS,
    _COUNTS,
    _COUNTS,
    _COUNTS,
)


@SETTINGS
@given(st.lists(_TALLIES, max_size=30))
def test_tallies_total_as_they_add(tallies: list[Tally]) -> None:
    assert total(tallies) == sum(tallies, Tally())
    # Every field is summed: a field added to Tally that total() left out would fail.
    ones = Tally(
        *(tuple([1] * len(v)) if isinstance(v, tuple) else 1 for v in dataclasses.astuple(Tally()))
    )
    assert total([ones, ones]) == ones + ones
