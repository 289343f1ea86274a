"""scoring.ending: when a pulka may end (at its target, or by agreement) and how the
agreement is reached."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scoring import ending, seating


def test_a_pulka_ends_at_its_target_or_by_agreement() -> None:
    assert ending.may_end(finished=True, agreed=False)
    assert ending.may_end(finished=False, agreed=True)
    assert ending.may_end(finished=True, agreed=True)
    assert not ending.may_end(finished=False, agreed=False)


@given(st.sampled_from(seating.TABLE_SIZES), st.data())
def test_the_seated_agreeing_one_by_one_end_it_at_a_majority(n: int, data: st.DataObject) -> None:
    order = data.draw(st.permutations(range(n)))
    agreed: tuple[int, ...] = ()
    for k, seat in enumerate(order, 1):
        tapped = ending.tap(n, agreed, seat, admin=False)
        agreed = tapped.by
        ends = tapped.verdict is ending.Verdict.ENDS
        assert ends == (k >= ending.needed(n)) == (2 * k > n)
        assert ending.may_end(finished=False, agreed=ends) == ends
        if ends:
            break
