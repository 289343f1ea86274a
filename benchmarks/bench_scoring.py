"""Benchmark: replay and settle a 1,000-deal record (goal: under 10 ms over a 1-deal record,
so that a long pulka costs the offline calculator and a replay no more than a short one).

Run: ``python benchmarks/bench_scoring.py [--code DIR]``.  Prints a table of the median
and best of several runs; not a test (machines here are shared and noisy).  ``--code DIR``
measures another checkout's ``scoring`` (for before/after figures) with these evenings.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from common import measure_code

CODE = measure_code(sys.argv)

from common import print_table, timed  # noqa: E402

from scoring import (  # noqa: E402
    Deal,
    Game,
    Misere,
    PulkaState,
    Raspasy,
    Rules,
    play,
    replay,
    settle_state,
)
from scoring.record import load_document, record_json, settlement_json  # noqa: E402

REPEAT = 30


def make_deals(players: tuple[str, ...], rules: Rules, count: int, seed: int = 1) -> list:
    """A plausible evening: mostly games, some raspasy and misères, valid throughout."""
    rnd = random.Random(seed)
    state = PulkaState.new(players, rules)
    deals: list = []
    while len(deals) < count:
        n = len(players)
        if n in (2, 5):
            deal = _deal_of_two_or_five(rnd, state)
            try:
                state = play(state, deal).state
            except ValueError:
                continue
            deals.append(deal)
            continue
        dealer = rnd.randrange(n) if n == 4 else None
        table = [p for i, p in enumerate(players) if i != dealer]
        kind = rnd.random()
        if kind < 0.15:
            t = [rnd.randint(0, 5), rnd.randint(0, 5)]
            deal = Raspasy.of(dict(zip(table, [*t, 10 - sum(t)], strict=True)))
        elif kind < 0.22:
            deal = Misere(
                rnd.choice(table),
                rnd.choice([0, 0, 1, 2]),
                dealer=players[dealer] if dealer is not None else None,
            )
        else:
            decl = rnd.choice(table)
            i = table.index(decl)
            d1, d2 = table[(i + 1) % 3], table[(i + 2) % 3]
            level = rnd.randint(7 if state.raspasy_run else 6, 10)
            mine = rnd.randint(max(level - 2, 0), 10)
            a = rnd.randint(0, 10 - mine)
            deal = Game.of(
                decl,
                f"{level}{rnd.choice('SCDH')}",
                {d1: rnd.choice(["whist", "pass"]), d2: "whist"},
                {decl: mine, d1: a, d2: 10 - mine - a},
            )
        try:
            state = play(state, deal).state
        except ValueError:
            continue
        deals.append(deal)
    return deals


def _deal_of_two_or_five(rnd: random.Random, state: PulkaState) -> Deal:
    """A plausible deal at hussar or five, from the seating the engine gives (the same mix
    of games, raspasy and misères as for three and four)."""
    players = state.players
    if hasattr(state, "next_table"):
        seats = state.next_table
    else:  # before PulkaState.next_table
        from scoring import seating

        seats = getattr(seating, "table")(state)  # noqa: B009 (absent from today's scoring)
    table = [players[s] for s in seats.at_table]
    kind = rnd.random()
    if kind < 0.15:
        t = [rnd.randint(0, 5), rnd.randint(0, 5)]
        if len(table) == 3:
            t.append(10 - sum(t))  # in hussar the dummy takes the rest
        return Raspasy.of(dict(zip(table, t, strict=True)))
    decl = rnd.choice(table)
    if kind < 0.22:
        return Misere(decl, rnd.choice([0, 0, 1, 2]))
    defenders = [players[s] for s in seats.defenders(players.index(decl))]
    level = rnd.randint(7 if state.raspasy_run else 6, 10)
    mine = rnd.randint(max(level - 2, 0), 10)
    whist = {d: rnd.choice(["whist", "pass"]) for d in defenders}
    whist[defenders[-1]] = "whist"
    a = rnd.randint(0, 10 - mine)
    tricks = {decl: mine, defenders[0]: a if len(defenders) == 2 else 10 - mine}
    if len(defenders) == 2:
        tricks[defenders[1]] = 10 - mine - a
    return Game.of(decl, f"{level}{rnd.choice('SCDH')}", whist, tricks)


def _over_one(fn: Callable[[int], object], repeat: int) -> tuple[float, float]:
    """Median and best of ``fn(1000)`` less the median and best of ``fn(1)``, in ms,
    the two interleaved so that the machine's load falls on both (the first round
    warms up and is not counted)."""
    samples: dict[int, list[float]] = {1: [], 1000: []}
    for i in range(repeat + 1):
        for n in (1, 1000):
            t0 = time.perf_counter()
            fn(n)
            if i:
                samples[n].append((time.perf_counter() - t0) * 1000)
    over = statistics.median(samples[1000]) - statistics.median(samples[1])
    return over, min(samples[1000]) - min(samples[1])


def main() -> None:
    import scoring

    # What was imported, not only what was asked for (an editable install could differ).
    print(f"code: {CODE}; scoring from {Path(scoring.__file__).resolve().parent}")
    rows = []
    goal = []
    for n, variant in ((3, "sochi"), (4, "sochi"), (3, "leningrad"), (3, "rostov")):
        players = ("Anna", "Boris", "Vera", "Gleb")[:n]
        rules = Rules.for_variant(variant, target=5000)
        deals = make_deals(players, rules, 1000)
        doc = record_json(players, rules, deals)
        text = json.dumps(doc)
        texts = {k: json.dumps(record_json(players, rules, deals[:k])) for k in (1, 1000)}
        rows.append(
            (
                f"{variant} x{n}: replay + settle",
                *timed(
                    lambda p=players, r=rules, d=deals: settle_state(replay(p, r, d).state), REPEAT
                ),
            )
        )
        rows.append(
            (
                f"{variant} x{n}: JSON -> validate -> settle JSON",
                *timed(lambda t=text: settlement_json(load_document(json.loads(t))), REPEAT),
            )
        )
        goal.append(
            (
                f"{variant} x{n}: replay + settle",
                *_over_one(
                    lambda k, p=players, r=rules, d=deals: settle_state(replay(p, r, d[:k]).state),
                    REPEAT,
                ),
            )
        )
        goal.append(
            (
                f"{variant} x{n}: JSON -> validate -> settle JSON",
                *_over_one(
                    lambda k, t=texts: settlement_json(load_document(json.loads(t[k]))), REPEAT
                ),
            )
        )
    print_table("1,000-deal record", rows, digits=2)
    print()
    print_table("1,000 deals over 1 deal (the target)", goal, digits=2)
    print("goal: 1,000 deals replayed and settled under 10 ms over 1 deal")
    # Shared machines: the figures mean little without the load they were taken under.
    print("load average: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
