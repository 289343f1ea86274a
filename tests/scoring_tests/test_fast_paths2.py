"""The engine's faster builders agree with the general ones (issue 9, the calculator).

* ``play`` builds each deal's sheet and writes in one go (``_Pen.close``), with
  written-out sums: exactly (values and their types, int or Fraction) what
  ``_Pen.freeze`` and ``Sheet.plus`` build, and a state equal to the one the
  constructor builds.
* The sums for the sizes a table has are ``tuple(map(add, a, b))``.
* A frozen value built through its twin (``sheet.twin``) is the constructor's.
* Integers where the rule's steps go through Fraction: a game's write-off of the
  mountain (``game_clears_mountain``), and ``standings``; the seats of the two
  defenders worked out for four: each the same as the general way.
"""

from __future__ import annotations

import dataclasses
import operator
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import (
    Contract,
    Correction,
    Game,
    PulkaState,
    Rules,
    Sheet,
    Step,
    Suit,
    Writes,
    engine,
    is_finished,
    replay,
    seating,
    standings,
)
from scoring.settle import _standings
from scoring.sheet import norm, twin

from .strategies import pulkas

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def exact(x: Any) -> Any:
    """``x`` with the type of every number kept, so ``2 == Fraction(2)`` no longer holds."""
    if isinstance(x, tuple | list):
        return tuple(exact(i) for i in x)
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        fields = dataclasses.fields(x)
        return (type(x), tuple(exact(getattr(x, f.name)) for f in fields))
    return (type(x), x)


def test_exact_tells_an_int_from_a_whole_fraction() -> None:
    assert (Fraction(2),) == (2,)
    assert exact((2,)) != exact((Fraction(2),))
    sheet = Sheet(("A", "B", "C"), (1, 0, 0), (0, 0, 0), (0,) * 9)
    other = Sheet(("A", "B", "C"), (Fraction(1), 0, 0), (0, 0, 0), (0,) * 9)
    assert sheet == other
    assert exact(sheet) != exact(other)


@SETTINGS
@given(pulkas(max_deals=30))
def test_each_step_is_what_the_general_builders_build(p: tuple[Any, ...]) -> None:
    players, rules, deals = p
    state = PulkaState.new(players, rules)
    for deal, step in zip(deals, replay(players, rules, deals).steps, strict=True):
        assert type(step) is Step
        assert type(step.state) is PulkaState
        assert type(step.state.sheet) is Sheet
        assert type(step.writes) is Writes
        # The sheet is the general sum of what the deal wrote, to the type of each figure.
        assert exact(step.state.sheet) == exact(state.sheet.plus(step.writes))
        if not isinstance(deal, Correction):
            pen, dealer, run = engine._write(state, deal)
            assert exact(step.writes) == exact(pen.freeze())
            assert exact(step.state.sheet) == exact(pen.sheet_after())
            sheet = step.state.sheet
            built = PulkaState(
                rules,
                sheet,
                raspasy_run=run,
                deals=state.deals + 1,
                next_dealer=(dealer + 1) % len(players),
                finished=is_finished(sheet.pulka, rules),
                seats=state.seats,
            )
            assert exact(step.state) == exact(built)
            assert dict(step.state.seats) == dict(state.seats)
        state = step.state


NUMBERS = st.one_of(
    st.integers(-50, 50),
    st.fractions(min_value=-50, max_value=50, max_denominator=6),
    st.sampled_from([Fraction(0), Fraction(2), 0]),
)


@SETTINGS
@given(st.sampled_from([3, 4, 9, 16]), st.data())
def test_the_written_out_sums_are_map_add(size: int, data: st.DataObject) -> None:
    a = tuple(data.draw(st.lists(NUMBERS, min_size=size, max_size=size)))
    b = data.draw(st.lists(NUMBERS, min_size=size, max_size=size))
    adder = engine._ADDERS[size]
    assert exact(adder(a, b)) == exact(tuple(map(operator.add, a, b)))
    assert exact(adder(a, tuple(b))) == exact(tuple(map(operator.add, a, b)))


def test_a_table_of_another_size_gets_the_general_sums() -> None:
    add_n, add_nn = engine._BY_SIZE[5]
    assert add_n((1, 2, 3, 4, 5), [1, 0, 0, 0, Fraction(1, 2)]) == (2, 2, 3, 4, Fraction(11, 2))
    assert add_nn((1,) * 25, [1] * 25) == (2,) * 25
    for n in (3, 4):
        assert engine._BY_SIZE[n] == (engine._ADDERS[n], engine._ADDERS[n * n])


def _twins() -> list[tuple[Any, tuple[str, ...], dict[str, Any]]]:
    state = PulkaState.new(("A", "B", "C"), Rules())
    writes = Writes((1, 0, 0), (0, Fraction(1, 2), 0), (0,) * 9, ((0, 1, 2),))
    return [
        (Writes, ("pulka", "mountain", "whists", "help"), dataclasses.asdict(writes)),
        (Sheet, ("players", "pulka", "mountain", "whists"), dataclasses.asdict(state.sheet)),
        (
            Game,
            ("declarer", "contract", "defence", "tricks", "dealer"),
            {
                "declarer": "A",
                "contract": Contract(7, Suit.HEARTS),
                "defence": (),
                "tricks": (("A", 7),),
                "dealer": None,
            },
        ),
        (
            PulkaState,
            ("rules", "sheet", "raspasy_run", "deals", "next_dealer", "finished", "seats"),
            {f.name: getattr(state, f.name) for f in dataclasses.fields(state)},
        ),
        (Step, ("state", "writes"), {"state": state, "writes": writes}),
    ]


@pytest.mark.parametrize(
    ("cls", "names", "values"), _twins(), ids=lambda x: getattr(x, "__name__", "")
)
def test_a_twin_builds_what_the_constructor_builds(
    cls: Any, names: tuple[str, ...], values: dict[str, Any]
) -> None:
    made = cls(**values)
    built: Any = twin(cls, names)()
    for name in names:
        setattr(built, name, values[name])
    built.__class__ = cls
    assert type(built) is cls
    assert built == made
    assert hash(built) == hash(made)
    assert repr(built) == repr(made)
    assert exact(built) == exact(made)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(built, names[0], values[names[0]])


def test_a_twin_must_have_the_fields_in_order() -> None:
    with pytest.raises(TypeError, match="fields are"):
        twin(Sheet, ("players", "pulka", "whists", "mountain"))

    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        a: int

    with pytest.raises(TypeError, match="slots"):
        twin(NoSlots, ("a",))


def _reference_earn(
    self: Any, i: int, points: Any, *, clears_mountain: bool = False
) -> None:  # pragma: no cover - swapped in below
    """``_Pen.earn`` as it was before the integer path of the mountain's write-off."""
    rules = self.rules
    if clears_mountain and rules.game_clears_mountain:
        ratio = rules.mountain_per_pulka(self.n)
        on_mountain = self.sheet.mountain[i] + self.mountain[i]
        take = min(points * ratio, max(on_mountain, 0))
        self.mountain[i] -= take
        points -= norm(Fraction(take) / ratio)
    _EARN_REST(self, i, points)


def _earn_rest(self: Any, i: int, points: Any) -> None:
    # The rest of earn, unchanged: the original with the write-off already done.
    _ORIGINAL_EARN(self, i, points, clears_mountain=False)


_ORIGINAL_EARN = engine._Pen.earn
_EARN_REST = _earn_rest


@SETTINGS
@given(pulkas(max_deals=30))
def test_the_mountain_s_write_off_in_integers_is_the_fraction_s(p: tuple[Any, ...]) -> None:
    players, rules, deals = p
    fast = replay(players, rules, deals)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(engine._Pen, "earn", _reference_earn)
        slow = replay(players, rules, deals)
    assert exact(fast.steps) == exact(slow.steps)
    assert exact(fast.state) == exact(slow.state)


def _walk_defenders(n: int, declarer: int, out: tuple[int, ...]) -> tuple[int, int]:
    first, second = (s for s in ((declarer + k) % n for k in range(1, n)) if s not in out)
    return first, second


@pytest.mark.parametrize("n", [3, 4, 5])
def test_the_defenders_are_the_walk_s(n: int) -> None:
    outs = [(), *((s,) for s in range(n)), (7,), *((s, (s + 1) % n) for s in range(n))]
    for declarer in range(n):
        for out in outs:
            try:
                expected: Any = _walk_defenders(n, declarer, out)
            except ValueError as e:
                expected = type(e)
            try:
                got: Any = seating.defenders(n, declarer, out)
            except ValueError as e:
                got = type(e)
            assert got == expected, (n, declarer, out)


@SETTINGS
@given(pulkas(max_deals=30))
def test_the_standings_in_integers_are_the_rule_s_steps(p: tuple[Any, ...]) -> None:
    players, rules, deals = p
    for step in replay(players, rules, deals).steps:
        fast = standings(step.state)
        assert all(type(x) is Fraction for x in fast)
        assert exact(fast) == exact(_standings(step.state))
