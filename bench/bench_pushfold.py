"""Push/fold: the heads-up Nash chart, 1 to 20 bb by 0.1 bb (191 equilibria), warm.

The issue's target: the whole chart in at most 5 s warm on 2 cores.  Each
equilibrium is exact over the 169 hand classes (its exploitability, measured
by best response, is printed: zero up to rounding).  Warm means the shipped
preflop counts are read and the modules imported before timing; every repeat
solves the 191 games from scratch (the chart warm-starts each stack from the
previous one, as it does for a user).  Also timed: one heads-up spot
(``equity.pushfold(10)``), the call a command makes.  The median of
``--repeats`` runs is reported with the load average before and after.

Usage::

    python bench/bench_pushfold.py
    python bench/bench_pushfold.py --repeats 7 --json reports/bench_pushfold.json
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from _common import machine_info, print_table, write_json

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import equity  # noqa: E402
from equity.decisions.pushfold_chart import pushfold_chart  # noqa: E402


def _median_time(fn: Any, repeats: int) -> tuple[float, list[float], Any]:
    """Median wall time of ``repeats`` calls, every time, and the last result."""
    times = []
    result = None
    for _ in range(repeats):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), times, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json", help="also write the figures to this JSON file")
    args = parser.parse_args()
    equity.pushfold(10)  # warm: the shipped counts read, the modules imported
    load_before = os.getloadavg()
    chart_s, chart_times, chart = _median_time(pushfold_chart, args.repeats)
    spot_s, spot_times, spot = _median_time(lambda: equity.pushfold(10), args.repeats)
    load_after = os.getloadavg()
    rows = [
        {
            "case": "HU chart 1-20 bb by 0.1",
            "equilibria": len(chart.stacks),
            "median": f"{chart_s:.2f} s",
            "runs": " ".join(f"{t:.2f}" for t in chart_times),
            "max exploitability (bb)": f"{chart.exploitability.max():.1e}",
            "target": "<= 5 s",
        },
        {
            "case": "HU spot, 10 bb",
            "equilibria": 1,
            "median": f"{spot_s * 1e3:.1f} ms",
            "runs": " ".join(f"{t * 1e3:.1f}" for t in spot_times),
            "max exploitability (bb)": f"{spot.exploitability.max():.1e}",
            "target": "",
        },
    ]
    columns = ["case", "equilibria", "median", "runs", "max exploitability (bb)", "target"]
    print_table(rows, columns, title="push/fold Nash, heads-up (warm)")
    print(
        f"load average {load_before[0]:.2f} before, {load_after[0]:.2f} after "
        f"({os.cpu_count()} CPUs); median of {args.repeats} runs"
    )
    if args.json:
        write_json(
            args.json,
            {
                "machine": machine_info(),
                "chart_s": chart_s,
                "chart_runs_s": chart_times,
                "spot_s": spot_s,
                "spot_runs_s": spot_times,
                "load": [load_before[0], load_after[0]],
            },
        )


if __name__ == "__main__":
    main()
