"""Benchmark: render the pulka picture (goals: under 150 ms for 4 players x 60 deals;
linear in the number of deals, 1,000 deals at most about 3.5 times 300).

Run: ``python benchmarks/bench_picture.py [--code DIR] [--quick]``.  Prints a table
of the median and best of several runs of ``render_sheet`` (layout, drawing and PNG
encoding), then the cost of sheets of 30, 100, 300 and 1,000 deals and its growth;
not a test (machines here are shared and noisy).  ``--code DIR`` measures another
checkout's ``bot`` and ``scoring`` (an older picture, for before/after figures) with
this folder's evenings.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


from common import measure_code  # noqa: E402  (this folder is first on sys.path)

CODE = measure_code(sys.argv)
# The tests' builder of long evenings: the picture tests draw the same ones.
sys.path.insert(1, str(HERE.parent / "tests"))

from common import print_table, timed  # noqa: E402
from evenings import long_evening  # noqa: E402

from bot.views.picture import layout_sheet, render_sheet  # noqa: E402
from scoring import Rules, replay, settle_state  # noqa: E402

GOAL_MS = 150
#: 1,000 deals may cost at most this many times 300 (the picture is linear or close).
GOAL_GROWTH = 3.5
#: The same evenings on every run, for comparable figures.
SEED = 1
REPEAT = 10
#: Sheet lengths of the growth table, and the repeats at each (fewer for the long ones).
LADDER = {30: 10, 100: 10, 300: 6, 1000: 4}


def fixed_sizes() -> None:
    names = ("Анна", "Борис", "Вероника Преображенская", "Глеб")
    repeat = 3 if "--quick" in sys.argv else REPEAT
    rows = []
    for n, count in ((3, 20), (4, 60)):
        players = names[:n]
        r = long_evening(players, count, SEED)
        s = settle_state(r.state)
        rules = r.state.rules
        label = f"{n} players x {count} deals"
        rows.append(
            (
                f"{label}: render PNG",
                *timed(
                    lambda p=players, ru=rules, st=r.steps: render_sheet(p, ru, st, title="Пулька"),
                    repeat,
                    warm_up=True,
                ),
            )
        )
        rows.append(
            (
                f"{label}: render PNG, settled",
                *timed(
                    lambda p=players, ru=rules, st=r.steps, se=s: render_sheet(
                        p, ru, st, se, title="Роспись"
                    ),
                    repeat,
                    warm_up=True,
                ),
            )
        )
        rows.append(
            (
                f"{label}: layout only",
                *timed(
                    lambda p=players, ru=rules, st=r.steps: layout_sheet(p, ru, st),
                    repeat,
                    warm_up=True,
                ),
            )
        )
    print_table("pulka picture", rows, digits=1)
    print(f"goal: 4 players x 60 deals under {GOAL_MS} ms")


def growth() -> None:
    """Sheets of 30 to 1,000 deals, as ``bench_bot``'s engine section draws them (a target
    no evening reaches, so the pulka never ends), for two (hussar) to five players."""
    # bench_scoring puts this checkout first on sys.path: imported once the bot and the
    # engine measured are, so it does not replace them.
    from bench_scoring import make_deals

    quick = "--quick" in sys.argv
    rows = []
    ratios = []
    names = ("Anna", "Boris", "Vera", "Gleb", "Dasha")
    for players in (names[:2], names[:3], names[:4], names):
        rules = Rules.for_variant("sochi", target=5000)
        deals = make_deals(players, rules, max(LADDER))
        medians: dict[int, float] = {}
        for count, repeat in LADDER.items():
            steps = replay(players, rules, deals[:count]).steps
            med, best = timed(
                lambda p=players, ru=rules, st=steps: render_sheet(p, ru, st, title="Pulka"),
                2 if quick else repeat,
                warm_up=True,
            )
            medians[count] = med
            rows.append((f"{len(players)} players x {count:>5,} deals: render PNG", med, best))
        ratios.append((len(players), medians[1000] / medians[300]))
    print()
    print_table("pulka picture by length", rows, digits=1)
    for n, ratio in ratios:
        print(f"{n} players: 1,000 deals cost {ratio:.2f}x 300 (goal: at most {GOAL_GROWTH}x)")


def main() -> None:
    import scoring

    # What was imported, not only what was asked for (an editable install could differ).
    print(f"code: {CODE}; scoring from {Path(scoring.__file__).resolve().parent}")
    fixed_sizes()
    growth()


if __name__ == "__main__":
    main()
