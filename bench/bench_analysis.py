"""Speed of the range analyses: range hits, equity curves, street by street, deals, categories.

The tools these replace (Flopzilla, Equilab, ProPokerTools) are GUI programs
with no scriptable equivalent, so there is no peer to run beside; each case
has its target from the issue that asked for it (or none), and the script
prints the median of ``--rounds`` timed runs after one untimed warm-up run,
with the load average at the start and the end::

    python bench/bench_analysis.py [--rounds 7] [--json out.json]

Cases: ``hits`` of all 1,326 combos on one flop (target under 20 ms warm) and
of a range over all 1,755 flops (under 5 s); ``distribution`` of two ranges on
a flop (exact); ``streets`` of two hands on a flop (45 exact turn spots);
``calculate(..., categories=True)`` heads-up preflop (exact, every board) and
against it the same run without categories; ``deal`` of 1,000,000 six-handed
deals (against ``calculate`` of the same deals).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

from _common import machine_info, print_table, write_json

import equity

FLOP = "Ks7d2c"
OPENER = "22+,A2s+,K9s+,Q9s+,J9s+,T9s,98s,87s,ATo+,KJo+,QJo"
CALLER = "22-TT,A2s-AJs,K9s+,Q9s+,J9s+,T8s+,97s+,86s+,75s+,65s,54s,AJo-ATo,KJo,QJo"

CASES: list[tuple[str, Callable[[], object], float | None]] = [
    ("hits: random (1,326 combos), one flop", lambda: equity.hits("random", FLOP), 0.020),
    ("hits: 20% over all 1,755 flops", lambda: equity.hits("20%", flops="all"), 5.0),
    ("hits: random over all 1,755 flops", lambda: equity.hits("random", flops="all"), 5.0),
    (
        "distribution: opener v caller on a flop (exact)",
        lambda: equity.distribution([OPENER, CALLER], board=FLOP),
        None,
    ),
    (
        "streets: 7h7s v AhKh on a flop (exact)",
        lambda: equity.streets(["7h7s", "AhKh"], FLOP),
        None,
    ),
    (
        "calculate AsKs v QhQd preflop, exact",
        lambda: equity.calculate(["AsKs", "QhQd"]),
        None,
    ),
    (
        "  AsKs v QhQd with categories=True (every board evaluated)",
        lambda: equity.calculate(["AsKs", "QhQd"], categories=True),
        None,
    ),
    (
        "calculate 6 random players, 1e6 deals (Monte-Carlo)",
        lambda: equity.calculate(["random"] * 6, trials=10**6, seed=1),
        None,
    ),
    (
        "  6 random players with categories=True (the deals dealt again)",
        lambda: equity.calculate(["random"] * 6, trials=10**6, seed=1, categories=True),
        None,
    ),
    (
        "deal: the same 1e6 six-handed deals as arrays",
        lambda: equity.deal(players=6, n=10**6, seed=1),
        None,
    ),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="timed runs per case (default 7)")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    print(f"load average at the start: {os.getloadavg()[0]:.2f}")
    names = [name for name, _, _ in CASES]
    assert len(set(names)) == len(names), "case names must differ"
    for _, fn, _ in CASES:  # compile and load everything first
        fn()
    times: dict[str, list[float]] = {name: [] for name, _, _ in CASES}
    for _ in range(args.rounds):  # interleaved: each round runs every case once
        for name, fn, _ in CASES:
            start = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - start)
    rows = []
    figures = {}
    for name, _, target in CASES:
        median = statistics.median(times[name])
        figures[name] = median
        verdict = "" if target is None else ("met" if median < target else "NOT met")
        rows.append(
            [
                name,
                f"{median * 1e3:,.1f} ms",
                "" if target is None else f"< {target * 1e3:,.0f} ms",
                verdict,
            ]
        )
    print_table(rows, ["case", "median", "target", "verdict"])
    load = os.getloadavg()[0]
    print(f"medians of {args.rounds} interleaved rounds; load average at the end: {load:.2f}")
    if args.json:
        write_json(args.json, {"machine": machine_info(), "median_s": figures})


if __name__ == "__main__":
    main()
