"""Benchmark: render the pulka picture (goal: under 150 ms for 4 players x 60 deals).

Run: ``python benchmarks/bench_picture.py``.  Prints a table of the median and
best of several runs of ``render_sheet`` (layout, drawing and PNG encoding);
not a test (machines here are shared and noisy).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.picture import layout_sheet, render_sheet
from scoring import (
    Deal,
    Game,
    Misere,
    PulkaState,
    Raspasy,
    Replay,
    Rules,
    play,
    replay,
    settle_state,
)

GOAL_MS = 150


def evening(players: tuple[str, ...], count: int, seed: int = 1) -> Replay:
    """``count`` plausible deals (games, raspasy, misères), valid throughout."""
    rules = Rules(target=60)  # high enough that 60 deals do not end the pulka
    rnd = random.Random(seed)
    state = PulkaState.new(players, rules)
    deals: list[Deal] = []
    n = len(players)
    while len(deals) < count:
        dealer = players[len(deals) % n] if n == 4 else None
        table = [p for p in players if p != dealer]
        kind = rnd.random()
        deal: Deal
        if kind < 0.15:
            t = [rnd.randint(0, 5), rnd.randint(0, 5)]
            deal = Raspasy.of(dict(zip(table, [*t, 10 - sum(t)], strict=True)), dealer=dealer)
        elif kind < 0.22:
            deal = Misere(rnd.choice(table), rnd.choice([0, 0, 1, 2]), dealer=dealer)
        else:
            declarer = rnd.choice(table)
            i = table.index(declarer)
            d1, d2 = table[(i + 1) % 3], table[(i + 2) % 3]
            level = rnd.randint(6, 8)
            mine = rnd.randint(level - 1, min(10, level + 1))
            a = rnd.randint(0, 10 - mine)
            deal = Game.of(declarer, f"{level}{rnd.choice('SCDH')}",
                           {d1: rnd.choice(["whist", "pass"]), d2: "whist"},
                           {declarer: mine, d1: a, d2: 10 - mine - a}, dealer=dealer)
        try:
            state = play(state, deal).state
        except ValueError:
            continue
        deals.append(deal)
    return replay(players, rules, deals)


def timed(fn: Callable[[], object], repeat: int = 10) -> tuple[float, float]:
    fn()  # warm up: fonts loaded, caches filled
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1000)
    return statistics.median(samples), min(samples)


def main() -> None:
    names = ("Анна", "Борис", "Вероника Преображенская", "Глеб")
    rows = []
    for n, count in ((3, 20), (4, 60)):
        players = names[:n]
        r = evening(players, count)
        s = settle_state(r.state)
        rules = r.state.rules
        label = f"{n} players x {count} deals"
        rows.append((f"{label}: render PNG",
                     *timed(lambda p=players, ru=rules, st=r.steps: render_sheet(
                         p, ru, st, title="Пулька"))))
        rows.append((f"{label}: render PNG, settled",
                     *timed(lambda p=players, ru=rules, st=r.steps, se=s: render_sheet(
                         p, ru, st, se, title="Роспись"))))
        rows.append((f"{label}: layout only",
                     *timed(lambda p=players, ru=rules, st=r.steps: layout_sheet(p, ru, st))))
    width = max(len(row[0]) for row in rows)
    print(f"{'pulka picture':<{width}}  {'median ms':>10}  {'best ms':>8}")
    print("-" * (width + 22))
    for name, med, best in rows:
        print(f"{name:<{width}}  {med:>10.1f}  {best:>8.1f}")
    print(f"goal: 4 players x 60 deals under {GOAL_MS} ms")


if __name__ == "__main__":
    main()
