"""N-player push/fold Nash: ``solve_table`` on ICM spots, time to the exploitability target.

The issue's targets: a 4-handed ICM spot (stacks 1,500 x 4, blinds 50/100,
ante 10, payouts 50/30/20) solved to at most 0.1% of the prize pool of
exploitability per seat in at most 2 minutes on 2 cores, 6-handed (the same,
1,500 x 6) in at most 10.  Each case is one cold solve (Numba's cache warm: a
tiny solve runs first) timed by wall clock; the table prints the iterations,
the largest exploitability (share of the pool), the largest Monte-Carlo
standard errors (an equity; a gain, share of the pool) and the load average
before and after.

Usage::

    python bench/bench_pushfold_table.py              # 4 and 6 players
    python bench/bench_pushfold_table.py --players 3 4 --json reports/bench_pushfold_table.json
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

from _common import print_table, write_json

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from equity.decisions.pushfold_table import solve_table  # noqa: E402

TARGET_S = {3: 120.0, 4: 120.0, 5: 600.0, 6: 600.0}
"""The issue's time targets (3 and 5 players: the nearer one)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[4, 6])
    parser.add_argument("--samples", type=int, default=None, help="Monte-Carlo showdowns")
    parser.add_argument("--json", help="also write the figures to this JSON file")
    args = parser.parse_args()
    solve_table([1500, 1500, 1500], 50, 100, 10, [50, 30, 20], samples=100, max_iterations=2)
    rows: list[dict[str, Any]] = []
    for n in args.players:
        before = os.getloadavg()[0]
        extra = {} if args.samples is None else {"samples": args.samples}
        start = time.perf_counter()
        s = solve_table([1500] * n, 50, 100, 10, [50, 30, 20], **extra)
        seconds = time.perf_counter() - start
        after = os.getloadavg()[0]
        rows.append(
            {
                "players": n,
                "seconds": f"{seconds:,.1f}",
                "target": f"{TARGET_S.get(n, float('nan')):,.0f}",
                "iterations": s.iterations,
                "exploitability": f"{100 * s.exploitability.max():.3f}% pool",
                "equity se": f"{s.equity_error:.4f}",
                "gain se": f"{100 * s.gain_error:.3f}% pool",
                "load": f"{before:.1f} / {after:.1f}",
                "seconds_raw": seconds,
                "exploitability_raw": float(s.exploitability.max()),
                "method": s.method,
            }
        )
        print(f"{n} players: {s.method}", flush=True)
        for d in s.decisions[: n - 1]:
            print(f"  {s.positions[d.seat]:>5} pushes {d.percent:5.1f}%")
    columns = ["players", "seconds", "target", "iterations", "exploitability"]
    print_table(rows, [*columns, "equity se", "gain se", "load"], title="solve_table, ICM")
    print(f"load average before / after each solve; {os.cpu_count()} CPUs")
    if args.json:
        write_json(args.json, {"rows": rows})


if __name__ == "__main__":
    main()
