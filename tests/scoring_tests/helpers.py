"""Small builders shared by the scoring tests."""

from __future__ import annotations

from fractions import Fraction

from scoring import Correction, PulkaState, Rules, Sheet, play


def paper(
    players: tuple[str, ...],
    pulka: dict[str, int],
    mountain: dict[str, object],
    whists: dict[tuple[str, str], int] | None = None,
) -> Sheet:
    """A sheet as written on paper: ``whists[(writer, on)]``."""
    n = len(players)
    w = [0] * (n * n)
    for (a, b), v in (whists or {}).items():
        w[players.index(a) * n + players.index(b)] = v
    return Sheet(
        players,
        tuple(pulka.get(p, 0) for p in players),
        tuple(Fraction(str(mountain.get(p, 0))) for p in players),
        tuple(w),
    )


def with_pulkas(
    players: tuple[str, ...],
    rules: Rules,
    pulka: dict[str, int],
    mountain: dict[str, int] | None = None,
) -> PulkaState:
    """A state mid-pulka, reached through corrections (as a table would fix it)."""
    state = PulkaState.new(players, rules)
    for name in players:
        state = play(
            state,
            Correction.of(name, pulka=pulka.get(name, 0), mountain=(mountain or {}).get(name, 0)),
        ).state
    return state
