"""The engine of two checkouts side by side, in fresh processes alternating (A, B, B, A, ...).

Run: ``python benchmarks/ab_engine.py A_DIR B_DIR [--rounds 8]`` (each a checkout or a
``git archive REV | tar -x -C DIR``).  Each round starts one short process per checkout
that replays and settles, and takes through the calculator's JSON path
(``settlement_json(load_document(...))``), the 1,000- and 1-deal ``sochi x3`` records of
``bench_scoring.make_deals``, ten times; then it times ``python -m scoring settle FILE``
as a whole process on both records.  It prints the medians over the rounds and the ratio
B/A.  Short processes in turn give steadier ratios on a loaded machine than one long
run per checkout.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

CHILD = r"""
import json, statistics, sys, time
code, here = sys.argv[1], sys.argv[2]
sys.argv = ["x", "--code", code]
sys.path.insert(0, here)
import bench_scoring
import scoring
assert scoring.__file__.startswith(code + "/"), scoring.__file__
from scoring import Rules, replay, settle_state
from scoring.record import load_document, record_json, settlement_json
players, rules = ("Anna", "Boris", "Vera"), Rules.for_variant("sochi", target=5000)
deals = bench_scoring.make_deals(players, rules, 1000)
texts = {n: json.dumps(record_json(players, rules, deals[:n])) for n in (1, 1000)}
s, c = {1: [], 1000: []}, {1: [], 1000: []}
for i in range(11):
    for n in (1, 1000):
        t0 = time.perf_counter()
        settle_state(replay(players, rules, deals[:n]).state)
        t1 = time.perf_counter()
        settlement_json(load_document(json.loads(texts[n])))
        t2 = time.perf_counter()
        if i:
            s[n].append((t1 - t0) * 1000)
            c[n].append((t2 - t1) * 1000)
m = statistics.median
print(json.dumps({"replay": m(s[1000]) - m(s[1]), "json": m(c[1000]) - m(c[1]),
                  "record": texts}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a", type=Path)
    parser.add_argument("b", type=Path)
    parser.add_argument("--rounds", type=int, default=8)
    args = parser.parse_args()
    dirs = {"A": args.a.resolve(), "B": args.b.resolve()}
    # Neither the project's PYTHONPATH nor its editable install may pick the checkout.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    engine: dict[str, list[dict[str, float]]] = {"A": [], "B": []}
    process: dict[tuple[str, int], list[float]] = {(k, n): [] for k in dirs for n in (1, 1000)}
    outputs: dict[tuple[str, int], str] = {}
    print(f"A = {dirs['A']}, B = {dirs['B']}; load average {os.getloadavg()}", flush=True)
    with tempfile.TemporaryDirectory(prefix="ab-engine-") as tmp:
        records: dict[int, str] = {}
        for i in range(args.rounds):
            for k in ("A", "B") if i % 2 == 0 else ("B", "A"):
                done = subprocess.run(
                    [sys.executable, "-c", CHILD, str(dirs[k]), str(HERE)],
                    env=env,
                    cwd=tmp,
                    capture_output=True,
                    text=True,
                    check=True,
                )
                result = json.loads(done.stdout.strip().splitlines()[-1])
                engine[k].append({"replay": result["replay"], "json": result["json"]})
                for n, text in result["record"].items():
                    path = Path(tmp, f"record-{n}.json")
                    if int(n) not in records:  # the first checkout's records, for both
                        path.write_text(text)
                        records[int(n)] = str(path)
                for n in (1, 1000):
                    t0 = time.perf_counter()
                    run = subprocess.run(
                        [sys.executable, "-m", "scoring", "settle", records[n]],
                        env=env,
                        cwd=dirs[k],
                        capture_output=True,
                        text=True,
                        check=True,
                    )
                    process[(k, n)].append((time.perf_counter() - t0) * 1000)
                    outputs[(k, n)] = run.stdout
    med = statistics.median
    print(f"\n{args.rounds} rounds; load average now {os.getloadavg()}")
    print(f"{'1,000 deals over 1 (ms)':<40}  {'A':>8}  {'B':>8}  {'B/A':>5}")
    for key, label in (("replay", "replay + settle"), ("json", "JSON -> settle JSON")):
        a, b = med(x[key] for x in engine["A"]), med(x[key] for x in engine["B"])
        print(f"{label:<40}  {a:>8.1f}  {b:>8.1f}  {b / a:>5.2f}")
    for n in (1, 1000):
        a, b = med(process[("A", n)]), med(process[("B", n)])
        label = f"python -m scoring settle, {n:,} deal(s)"
        print(f"{label:<40}  {a:>8.0f}  {b:>8.0f}  {b / a:>5.2f}")
    same = all(outputs[("A", n)] == outputs[("B", n)] for n in (1, 1000))
    print(f"same settlement from A and B: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
