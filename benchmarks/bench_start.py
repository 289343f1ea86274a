"""Benchmark of starting: whole processes, each paired with its yardstick and interleaved
(one of each in turn, the order alternating), so the ratios hold on a loaded machine
even when the milliseconds do not.

Run: ``python benchmarks/bench_start.py`` (about a minute), ``--runs N`` (pairs per row,
default 15), ``--code DIR`` for another checkout (before/after figures).  Not a test:
it prints a table, each row with its target and whether it is met.

Rows, each the median of the pair-by-pair ratios, in CPU time (user + system of the
process, as the kernel counts it: stable on a shared machine) and in wall time:

* the offline calculator, ``python -m scoring settle`` of a one-deal record, against
  ``python -c pass`` (target: at most 6 times);
* the calculator on a 1,000-deal record against the one-deal record (at most 1.5
  times: a long pulka costs about what a short one does);
* the bot's start-up, from ``python`` to ready: imported, its Bot and Dispatcher built,
  its storage opened and its start-up hooks run (the command menus registered in three
  languages), on the benchmarks' network-free session (``fakebot``), against a bare
  aiogram bot built the same way, aiogram's own session made and closed as ``Bot(token)``
  makes it (at most 1.1 times).  Neither collects nor freezes the heap.

Every process is this interpreter with the bytecode caches written (the warm-up run
writes them, as an installed package has them), whatever ``PYTHONDONTWRITEBYTECODE``
says here.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import measure_code

CODE = measure_code(sys.argv)

from common import print_rows  # noqa: E402

HERE = Path(__file__).resolve().parent
#: The offline calculator costs a few bare interpreters at most.
SETTLE_RATIO = 6.0
#: A 1,000-deal record costs the calculator about what a one-deal record does.
LONG_RATIO = 1.5
#: The bot starts about as fast as a bare aiogram bot.
BOT_RATIO = 1.1


def child_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    # The checkout measured, ahead of whatever is installed.
    env["PYTHONPATH"] = os.pathsep.join([str(CODE), *filter(None, [env.get("PYTHONPATH")])])
    return env


def run_once(argv: list[str]) -> tuple[float, float]:
    """One process from start to exit: its CPU and wall seconds."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=child_env(), cwd=CODE
    )
    assert proc.stderr is not None
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    proc.stderr.close()
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} failed:\n{err.decode(errors='replace')}")
    return usage.ru_utime + usage.ru_stime, wall


def paired(a: list[str], b: list[str], runs: int) -> dict[str, float]:
    """``runs`` pairs of ``a`` and ``b`` after one warm-up each, in turn, the order
    alternating: the medians of each and of the ratios a/b pair by pair."""
    run_once(a), run_once(b)
    cpu: dict[str, list[float]] = {"a": [], "b": []}
    wall: dict[str, list[float]] = {"a": [], "b": []}
    for i in range(runs):
        for key in ("a", "b") if i % 2 == 0 else ("b", "a"):
            c, w = run_once(a if key == "a" else b)
            cpu[key].append(c)
            wall[key].append(w)
    med = statistics.median
    return {
        "cpu_a": med(cpu["a"]) * 1000,
        "cpu_b": med(cpu["b"]) * 1000,
        "wall_a": med(wall["a"]) * 1000,
        "wall_b": med(wall["b"]) * 1000,
        "cpu_ratio": med(x / y for x, y in zip(cpu["a"], cpu["b"], strict=True)),
        "wall_ratio": med(x / y for x, y in zip(wall["a"], wall["b"], strict=True)),
    }


def write_records(folder: Path) -> tuple[Path, Path]:
    """A one-deal and a 1,000-deal record (bench_scoring's deals) in ``folder``."""
    from bench_scoring import make_deals

    from scoring import Rules
    from scoring.record import record_json

    players = ("Anna", "Boris", "Vera")
    rules = Rules.for_variant("sochi", target=5000)
    deals = make_deals(players, rules, 1000)
    paths = []
    for n in (1, 1000):
        path = folder / f"record-{n}.json"
        path.write_text(json.dumps(record_json(players, rules, deals[:n])), encoding="utf-8")
        paths.append(path)
    return paths[0], paths[1]


async def child_start(kind: str, db_dir: str) -> None:
    """One bot built in this process, till it is ready, then closed."""
    import fakebot

    if kind == "pulka":
        pb = await fakebot.pulka_bot(os.path.join(db_dir, "pulka.sqlite3"))
        await pb.close()
    else:
        from aiogram.client.session.aiohttp import AiohttpSession

        # A bare bot's Bot(token) makes aiogram's own session (its SSL context), as the
        # pulka bot's create_bot does before fakebot swaps it for the network-free one.
        await AiohttpSession().close()
        bot, dp = fakebot.echo_bot()
        await dp.emit_startup(bot=bot, dispatcher=dp, **dp.workflow_data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="pairs per row (15)")
    parser.add_argument("--code", help="the checkout to measure (this one)")
    parser.add_argument("--child", choices=("pulka", "echo"), help=argparse.SUPPRESS)
    parser.add_argument("--db-dir", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        asyncio.run(child_start(args.child, args.db_dir))
        return
    py = sys.executable
    print(f"code: {CODE}; python: {py}; {args.runs} pairs a row", flush=True)
    rows: list[tuple[object, ...]] = []

    def row(what: str, r: dict[str, float], target: float) -> None:
        rows.append(
            (
                what,
                f"{r['cpu_a']:.0f}",
                f"{r['cpu_b']:.0f}",
                f"{r['cpu_ratio']:.2f}",
                f"{r['wall_ratio']:.2f}",
                f"<={target:g}",
                "yes" if r["cpu_ratio"] <= target else "NO",
            )
        )
        print(f"{what}: done", flush=True)

    with tempfile.TemporaryDirectory(prefix="bench-start-") as d:
        one, long = write_records(Path(d))
        settle = [py, "-m", "scoring", "settle"]
        row(
            "settle 1 deal / python -c pass",
            paired([*settle, str(one)], [py, "-c", "pass"], args.runs),
            SETTLE_RATIO,
        )
        row(
            "settle 1,000 deals / settle 1 deal",
            paired([*settle, str(long)], [*settle, str(one)], args.runs),
            LONG_RATIO,
        )
        me = [py, str(Path(__file__).resolve()), "--code", str(CODE), "--db-dir", d, "--child"]
        row(
            "bot start-up / bare aiogram bot",
            paired([*me, "pulka"], [*me, "echo"], args.runs),
            BOT_RATIO,
        )
    print_rows(
        "Whole processes, paired (medians; the ratio is the median of the pairs')",
        ("what", "A cpu ms", "B cpu ms", "A/B cpu", "A/B wall", "target", "met"),
        rows,
    )
    print("the targets are read on CPU time; load average: " + load())


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


if __name__ == "__main__":
    main()
