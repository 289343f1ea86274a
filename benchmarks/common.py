"""What the benchmarks share: timing a call and printing the table of results.

Imported as ``from common import ...`` by the scripts in this folder (run as
``python benchmarks/bench_*.py``, which puts the folder first on ``sys.path``).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path


def measure_code(argv: list[str]) -> Path:
    """The checkout measured, put first on ``sys.path`` (call it before anything imports
    the bot or the engine): ``--code DIR``, else the one this folder is in.  This folder
    stays ahead of it, so the harness is always this one."""
    here = Path(__file__).resolve().parent
    code = here.parent
    for i, arg in enumerate(argv):
        if arg == "--code" and i + 1 < len(argv):
            code = Path(argv[i + 1]).resolve()
        elif arg.startswith("--code="):
            code = Path(arg.split("=", 1)[1]).resolve()
    sys.path.insert(0, str(code))
    if str(here) in sys.path:
        sys.path.remove(str(here))
    sys.path.insert(0, str(here))
    return code


def timed(fn: Callable[[], object], repeat: int, *, warm_up: bool = False) -> tuple[float, float]:
    """The median and the best of ``repeat`` calls of ``fn``, in milliseconds; with
    ``warm_up``, after one call not counted (fonts loaded, caches filled)."""
    if warm_up:
        fn()
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1000)
    return statistics.median(samples), min(samples)


def print_table(title: str, rows: list[tuple[str, float, float]], digits: int) -> None:
    """``rows`` of (what, median ms, best ms) under a header, ``digits`` after the point."""
    width = max(len(row[0]) for row in rows)
    print(f"{title:<{width}}  {'median ms':>10}  {'best ms':>8}")
    print("-" * (width + 22))
    for name, med, best in rows:
        print(f"{name:<{width}}  {med:>10.{digits}f}  {best:>8.{digits}f}")


def percentile(samples: list[float], q: float) -> float:
    """The ``q``-th percentile (0-100) of ``samples``, interpolated between ranks."""
    ordered = sorted(samples)
    if not ordered:
        return float("nan")
    k = (len(ordered) - 1) * q / 100
    lo = int(k)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def print_rows(title: str, header: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
    """A table of text cells under ``title``: the first column left-aligned, the others
    right-aligned."""
    cells = [tuple(str(c) for c in row) for row in rows]
    widths = [max(len(r[i]) for r in [header, *cells]) for i in range(len(header))]

    def line(row: Sequence[str]) -> str:
        return "  ".join(
            c.ljust(w) if i == 0 else c.rjust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        )

    print(f"\n{title}")
    print(line(header))
    print("-" * len(line(header)))
    for row in cells:
        print(line(row))
