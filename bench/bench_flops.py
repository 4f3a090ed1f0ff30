"""Range against range on every flop (``equity.flops``): seconds for the issue's target case.

The target: an opening range of about 230 combos against a 3-bet range of 50
(``22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+`` against ``TT+,AQs+,AKo``) over the 1,755
flops up to suit isomorphism, exact over every turn and river, in at most 60 s
on 2 cores; then two ranges of about 300 combos each (322 against 312).  Each case runs once to
compile (or load the cache), then ``--repeats`` timed runs; the best is
reported with the load average before and after, and the overall equity is
checked against the exact preflop figure of ``calculate`` on the target case.

Usage::

    python bench/bench_flops.py
    python bench/bench_flops.py --repeats 3 --json reports/bench_flops.json
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numba
from _common import machine_info, print_table, write_json

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import equity  # noqa: E402

CASES = [
    ("22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+", "TT+,AQs+,AKo"),
    (
        "22+,A2s+,K7s+,Q9s+,J9s+,T9s,98s,A8o+,KTo+,QTo+,JTo",
        "33+,A2s+,K8s+,Q9s+,J9s+,T9s,98s,A5o+,KJo+,QJo",
    ),
]
TARGET_S = 60.0


def main() -> int:
    """Time each case; print a table (and write JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=1, help="timed runs per case (best kept)")
    parser.add_argument("--json", metavar="PATH", help="write the figures as JSON")
    args = parser.parse_args()
    load_before = os.getloadavg()
    equity.flops("AA", "KK")  # compile or load the kernel
    rows, figures = [], []
    for a, b in CASES:
        best = float("inf")
        frame = None
        for _ in range(max(1, args.repeats)):
            start = time.perf_counter()
            frame = equity.flops(a, b)
            best = min(best, time.perf_counter() - start)
        assert frame is not None
        n_a, n_b = equity.parse_range(a).n_combos, equity.parse_range(b).n_combos
        figures.append(
            {"a": a, "b": b, "combos": [n_a, n_b], "rows": len(frame), "seconds": best,
             "equity_a": frame.attrs["equity_a"]}
        )  # fmt: skip
        within = "yes" if best <= TARGET_S else "NO"
        rows.append([f"{n_a} vs {n_b}", f"{len(frame):,}", f"{best:.1f} s",
                     f"{frame.attrs['equity_a']:.6f}", within])  # fmt: skip
    preflop = equity.calculate(list(CASES[0]), method="exact").equity[0]
    load_after = os.getloadavg()
    print_table(rows, ["combos", "flops", "seconds", "equity A", f"<= {TARGET_S:.0f} s"])
    print(f"preflop exact (calculate): {preflop:.12f}; every flop averaged: "
          f"{figures[0]['equity_a']:.12f}")  # fmt: skip
    print(
        f"threads {numba.get_num_threads()}, load average before "
        f"{load_before[0]:.2f} {load_before[1]:.2f}, after {load_after[0]:.2f} {load_after[1]:.2f}"
    )
    if abs(preflop - figures[0]["equity_a"]) > 1e-12:
        print("MISMATCH against the preflop equity")
        return 1
    if args.json:
        write_json(args.json, {"machine": machine_info(), "cases": figures,
                               "load_before": load_before, "load_after": load_after})  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
