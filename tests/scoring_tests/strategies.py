"""Hypothesis strategies: random valid pulkas under random conventions."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scoring import (
    Correction,
    Deal,
    Game,
    Misere,
    PulkaState,
    Raspasy,
    Rules,
    ScoringError,
    play,
    seating,
)

NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dasha")


@st.composite
def rules(draw: st.DrawFn, division: str | None = None) -> Rules:
    variant = draw(st.sampled_from(["sochi", "leningrad", "rostov"]))
    overrides: dict[str, Any] = {
        "target": draw(st.integers(2, 30)),
        "stake": draw(st.sampled_from(["1", "0.5", "0.1", "0.03", "2.25", "0.07"])),
        "whist": draw(st.sampled_from(["gentleman", "greedy"])),
        "liability": draw(st.sampled_from(["full", "half"])),
        "whist_shortfall": draw(st.sampled_from(["joint", "each_half"])),
        "quota_liable": draw(st.sampled_from(["second", "both"])),
        "consolation": draw(st.sampled_from(["all", "defenders", "whisters"])),
        "misere_consolation": draw(st.booleans()),
        "raspasy_zero": draw(st.sampled_from([0, 1, 2])),
        "raspasy_amnesty": draw(st.booleans()),
        "division": division or draw(st.sampled_from(["exact", "truncate", "adjust"])),
        "game_clears_mountain": draw(st.booleans()),
        "raspasy_zero_progressive": draw(st.booleans()),
        "half_whist": draw(st.booleans()),
        # Two and five players' keys (a table of another size ignores them).
        "hussar_mountain": draw(st.sampled_from(["divisible", "indivisible"])),
        "dummy_whist": draw(st.booleans()),
        "hussar_misere": draw(st.booleans()),
        "hussar_raspasy": draw(st.sampled_from(["ignored", "shared"])),
        "five_sitting_out": draw(st.sampled_from(["right", "left"])),
        "five_consolation": draw(st.sampled_from(["both", "dealer"])),
    }
    if draw(st.booleans()):
        # Any mix of the variants' switches, not only the presets.
        overrides["help"] = draw(st.booleans())
        overrides["pulka_ratio"] = draw(st.sampled_from([1, 2]))
        overrides["whist_factor"] = draw(st.sampled_from([1, 2]))
        overrides["end"] = draw(st.sampled_from(["closed", "total"]))
    if draw(st.booleans()):
        overrides["raspasy"] = draw(st.sampled_from([(1, 2, 3), (1, 2, 2), (2, 4, 6), (1,)]))
    return Rules.for_variant(variant, **overrides)


def _split(draw: st.DrawFn, total: int, parts: int) -> list[int]:
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1)))
    bounds = [0, *cuts, total]
    return [bounds[i + 1] - bounds[i] for i in range(parts)]


@st.composite
def deal_for(draw: st.DrawFn, state: PulkaState) -> Deal:
    """A deal that is valid in ``state`` (the engine may still refuse a few)."""
    players = state.players
    n = len(players)
    dealer = draw(st.integers(0, n - 1)) if n >= 4 else None
    out = () if dealer is None else seating.sitting_out(n, dealer, state.rules)
    table = [p for i, p in enumerate(players) if i not in out]
    dealt = {"dealer": players[dealer]} if dealer is not None and draw(st.booleans()) else {}
    kind = draw(st.sampled_from(["game"] * 6 + ["misere", "raspasy", "correction"]))
    if kind == "raspasy":
        # In hussar the dummy takes the rest.
        tricks = _split(draw, draw(st.integers(0, 10)), 2) if n == 2 else _split(draw, 10, 3)
        return Raspasy.of(dict(zip(table, tricks, strict=True)), **dealt)
    if kind == "correction":
        who = draw(st.sampled_from(players))
        other = draw(st.sampled_from([p for p in players if p != who]))
        return Correction.of(
            who,
            mountain=draw(st.integers(-5, 10)),
            whists={other: draw(st.integers(0, 30))},
            note="house rule",
        )
    declarer = draw(st.sampled_from(table))
    if kind == "misere":
        return Misere(
            declarer,
            draw(st.sampled_from([0, 0, 0, 1, 2, 5])),
            dealer=players[dealer] if dealer is not None else None,
        )
    low = state.rules.raspasy_exit if state.raspasy_run else 6
    level = draw(st.integers(low, 10))
    suit = draw(st.sampled_from("SCDH") | st.just("NT"))
    if n == 2:
        # Hussar: one defender, whose tricks are the defence's (his and the dummy's).
        (opponent,) = (p for p in players if p != declarer)
        c = draw(st.sampled_from(["whist", "pass"]))
        passed = c == "pass" and not state.rules.dummy_whist
        mine = draw(st.integers(level if passed else 0, 10))
        return Game.of(
            declarer, f"{level}{suit}", {opponent: c}, {declarer: mine, opponent: 10 - mine}
        )
    start = table.index(declarer)
    defenders = [table[(start + 1) % 3], table[(start + 2) % 3]]
    c1 = draw(st.sampled_from(["whist", "pass"]))
    half_ok = c1 == "pass" and level <= 7 and state.rules.half_whist
    c2 = draw(st.sampled_from(["whist", "pass"] + (["half"] if half_ok else [])))
    if c2 == "half":
        half = state.rules.quota_for(level) // 2
        tricks = {declarer: level, defenders[1]: half, defenders[0]: 10 - level - half}
    else:
        mine = draw(st.integers(level if c1 == c2 == "pass" else 0, 10))
        d1, d2 = _split(draw, 10 - mine, 2)
        tricks = {declarer: mine, defenders[0]: d1, defenders[1]: d2}
    return Game.of(
        declarer, f"{level}{suit}", {defenders[0]: c1, defenders[1]: c2}, tricks, **dealt
    )


@st.composite
def pulkas(
    draw: st.DrawFn,
    division: str | None = None,
    max_deals: int = 25,
    sizes: tuple[int, ...] = (2, 3, 4, 5),
) -> tuple[tuple[str, ...], Rules, list[Deal]]:
    """Players, rules and a list of deals that replays without error."""
    n = draw(st.sampled_from(sizes))
    players = NAMES[:n]
    r = draw(rules(division))
    state = PulkaState.new(players, r)
    deals: list[Deal] = []
    for _ in range(draw(st.integers(0, max_deals))):
        deal = draw(deal_for(state))
        try:
            state = play(state, deal).state
        except ScoringError:
            continue  # e.g. a deal after the end: not part of a valid record
        deals.append(deal)
    return players, r, deals


@st.composite
def states(draw: st.DrawFn) -> PulkaState:
    """A sheet some deals into a random pulka of any size, so any seat may deal next."""
    players, rules, deals = draw(pulkas(max_deals=6))
    state = PulkaState.new(players, rules)
    for deal in deals:
        state = play(state, deal).state
    return state
