"""Benchmark: render the pulka picture (goal: under 150 ms for 4 players x 60 deals).

Run: ``python benchmarks/bench_picture.py``.  Prints a table of the median and
best of several runs of ``render_sheet`` (layout, drawing and PNG encoding);
not a test (machines here are shared and noisy).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
# The tests' builder of long evenings: the picture tests draw the same ones.
sys.path.insert(1, str(Path(__file__).resolve().parent.parent / "tests"))

from common import print_table, timed
from evenings import long_evening

from bot.views.picture import layout_sheet, render_sheet
from scoring import settle_state

GOAL_MS = 150
#: The same evenings on every run, for comparable figures.
SEED = 1
REPEAT = 10


def main() -> None:
    names = ("Анна", "Борис", "Вероника Преображенская", "Глеб")
    rows = []
    for n, count in ((3, 20), (4, 60)):
        players = names[:n]
        r = long_evening(players, count, SEED)
        s = settle_state(r.state)
        rules = r.state.rules
        label = f"{n} players x {count} deals"
        rows.append((f"{label}: render PNG",
                     *timed(lambda p=players, ru=rules, st=r.steps: render_sheet(
                         p, ru, st, title="Пулька"), REPEAT, warm_up=True)))
        rows.append((f"{label}: render PNG, settled",
                     *timed(lambda p=players, ru=rules, st=r.steps, se=s: render_sheet(
                         p, ru, st, se, title="Роспись"), REPEAT, warm_up=True)))
        rows.append((f"{label}: layout only",
                     *timed(lambda p=players, ru=rules, st=r.steps: layout_sheet(p, ru, st),
                            REPEAT, warm_up=True)))
    print_table("pulka picture", rows, digits=1)
    print(f"goal: 4 players x 60 deals under {GOAL_MS} ms")


if __name__ == "__main__":
    main()
