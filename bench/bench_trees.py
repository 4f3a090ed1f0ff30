"""Time the same workloads on two checkouts of equity, interleaved: before and after a change.

Run ``python bench/bench_trees.py --before /path/to/old/checkout`` (the
other checkout defaults to this one).  Each round starts one fresh Python
process per checkout, in alternating order, each importing its own
``equity`` (``PYTHONPATH``); the process warms every case up (compiling or
loading its kernels), then times each case three times and reports the
median.  The table gives, per case, the median over rounds for each
checkout and their ratio (after / before for rates, before / after for
seconds: above 1 means the change is faster), with the load average at
the start and the end.  Rates are millions per second; times are seconds.

Only public functions and the kernels' batch evaluator are timed, so the
same workloads run on checkouts whose internals differ.  ``--cases`` picks
cases by name; ``--list`` shows them.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

WORKER = r"""
import inspect, json, statistics, sys, time
import numba, numpy as np
import equity
from equity.cards import CARD_NAMES
from equity.kernels import holdem

def kernel_evaluate(hands, out):
    from equity.lookup import holdem_tables
    tables = holdem_tables()
    params = list(inspect.signature(holdem.evaluate_batch.py_func).parameters)
    if len(params) == 3:
        holdem.evaluate_batch(hands, tables, out)
    else:
        holdem.evaluate_batch(hands, *tables, out)

rng = np.random.default_rng(7)
HANDS7 = np.argsort(rng.random((2_000_000, 52)), axis=1)[:, :7].astype(np.uint8)

_LIVE = [c for c in range(52) if c not in (51, 47, 42, 41)]  # all but AsKs QhQd
FLOPS = ["".join(CARD_NAMES[c] for c in (a, b, d)) for i, a in enumerate(_LIVE)
         for j, b in enumerate(_LIVE[i + 1:], i + 1) for d in _LIVE[j + 1:]][::17][:1000]

def rate(n, f):
    t = time.perf_counter(); f(); return n / (time.perf_counter() - t) / 1e6

def secs(f):
    t = time.perf_counter(); f(); return time.perf_counter() - t

def threads(k, f):
    def g():
        numba.set_num_threads(k)
        try:
            return f()
        finally:
            numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    return g

def mc(hands, n, t, game="holdem"):
    return threads(t, lambda: rate(n, lambda: equity.calculate(
        hands, game=game, method="monte-carlo", trials=n, seed=1)))

def exact(hands, t, board=""):
    return threads(t, lambda: secs(lambda: equity.calculate(hands, board=board, method="exact")))

out7 = np.empty(len(HANDS7), dtype=np.int32)
CASES = {
    "eval7 kernel 1T": threads(1, lambda: rate(len(HANDS7), lambda: kernel_evaluate(HANDS7, out7))),
    "eval7 kernel 2T": threads(2, lambda: rate(len(HANDS7), lambda: kernel_evaluate(HANDS7, out7))),
    "eval7 public 2T": threads(2, lambda: rate(len(HANDS7), lambda: equity.evaluate_batch(HANDS7))),
    "MC AsKs v QhQd 1T": mc(["AsKs", "QhQd"], 20_000_000, 1),
    "MC AsKs v QhQd 2T": mc(["AsKs", "QhQd"], 40_000_000, 2),
    "MC random v random 1T": mc(["random", "random"], 10_000_000, 1),
    "MC 3-way AsKs QhQd JcTc 1T": mc(["AsKs", "QhQd", "JcTc"], 10_000_000, 1),
    "MC AhKd v QQ+,AKs 1T": mc(["AhKd", "QQ+,AKs"], 10_000_000, 1),
    "MC AhKd v QQ+,AKs v random 1T": mc(["AhKd", "QQ+,AKs", "random"], 5_000_000, 1),
    "MC AsKs v 5 random 1T": mc(["AsKs"] + ["random"] * 5, 4_000_000, 1),
    "MC zjh AhKdQc v 5 random 1T": mc(["AhKdQc"] + ["random"] * 5, 10_000_000, 1, "zjh"),
    "MC omaha AsAhKsKh v QdQcJdJc 1T": mc(["AsAhKsKh", "QdQcJdJc"], 2_000_000, 1, "omaha"),
    "MC omaha AsAhKsKh v random 1T": mc(["AsAhKsKh", "random"], 2_000_000, 1, "omaha"),
    "MC omaha AA** v KQJT ds v random 1T": mc(["AA**", "KQJT ds", "random"], 1_000_000, 1,
                                              "omaha"),
    "MC omaha-hilo A234 v 2 random 1T": mc(["AsAd2c3h", "random", "random"], 2_000_000, 1,
                                           "omaha-hilo"),
    "exact AsKs v QhQd 1T (s)": exact(["AsKs", "QhQd"], 1),
    "exact AhKd v QQ+,AKs 1T (s)": exact(["AhKd", "QQ+,AKs"], 1),
    "exact AhKd v QQ+,AKs 2T (s)": exact(["AhKd", "QQ+,AKs"], 2),
    "exact 3-way AsKs QhQd JcTc 1T (s)": exact(["AsKs", "QhQd", "JcTc"], 1),
    "exact 3-way flop 2T (s)": exact(["AsKs", "QhQd", "random"], 2, "Ts9s2h"),
    "exact flop call AsKs v QhQd (s)": threads(1, lambda: secs(lambda: [equity.calculate(
        ["AsKs", "QhQd"], board="Qs7s2h") for _ in range(200)]) / 200),
    "exact 1k flops per spot (s)": threads(1, lambda: secs(
        lambda: equity.calculate_many(["AsKs", "QhQd"], boards=FLOPS)) / len(FLOPS)
        if hasattr(equity, "calculate_many") else float("nan")),
    "exact omaha flop 1T (s)": threads(1, lambda: secs(lambda: equity.calculate(
        ["AsAhKsKh", "QdQcJdJc"], board="2c7d9h", game="omaha", method="exact"))),
    "MC razz (As2d)3h v (KdQc)Jh 1T": mc(["(As2d)3h", "(KdQc)Jh"], 2_000_000, 1, "razz"),
    "MC stud8 3-way 1T": mc(["(AsKd)Qh", "(2c3c)4c", "random"], 1_000_000, 1, "stud8"),
    "deal AsKs v random 1T": threads(1, lambda: rate(1_000_000, lambda: equity.deal(
        hands=["AsKs", "random"], n=1_000_000, seed=1))),
    "deal razz 1T": threads(1, lambda: rate(500_000, lambda: equity.deal(
        "razz", hands=["(As2d)3h", "random"], n=500_000, seed=1))),
    "freq holdem 1e7 2T": threads(2, lambda: rate(10**7, lambda: equity.category_frequencies(
        "holdem", trials=10**7, seed=1))),
    "freq zjh 1e7 2T": threads(2, lambda: rate(10**7, lambda: equity.category_frequencies(
        "zjh", trials=10**7, seed=1))),
    "freq holdem exact 2T (s)": threads(2, lambda: secs(lambda: equity.category_frequencies(
        "holdem", method="exact"))),
}
names = [n for n in sys.argv[1:] if n in CASES] or list(CASES)
for n in names:
    CASES[n]()  # warm: compile or load, fault pages in
result = {n: statistics.median(CASES[n]() for _ in range(3)) for n in names}
print(json.dumps(result))
"""

CLI = ["eval", "As", "Ks", "Qs", "Js", "Ts"]


def run_tree(tree: Path, cases: list[str]) -> dict[str, float]:
    """One fresh process importing ``tree``'s equity: ``{case: median of 3}``."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run(
        [sys.executable, "-c", WORKER, *cases],
        capture_output=True,
        text=True,
        env=env,
        cwd="/",
        check=True,
    )
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    if not cases or "cli eval (s)" in cases:
        times = []
        for _ in range(3):
            t0 = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "equity", *CLI],
                capture_output=True,
                env=env,
                cwd="/",
                check=True,
            )
            times.append(time.perf_counter() - t0)
        result["cli eval (s)"] = statistics.median(times)
    return result


def main(argv: list[str] | None = None) -> int:
    """Run the rounds and print the table."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--before", type=Path, required=True, help="the checkout before the change")
    ap.add_argument("--after", type=Path, default=HERE, help="the checkout after (default: this)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--cases", nargs="*", default=[], help="case names (default: all)")
    ap.add_argument("--json", type=Path, help="also write every figure as JSON")
    args = ap.parse_args(argv)
    trees = {"before": args.before.resolve(), "after": args.after.resolve()}
    load_start = os.getloadavg()
    runs: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
    for r in range(args.rounds):
        order = ["before", "after"] if r % 2 == 0 else ["after", "before"]
        for label in order:
            runs[label].append(run_tree(trees[label], args.cases))
            print(f"round {r + 1}/{args.rounds}: {label} done", file=sys.stderr, flush=True)
    load_end = os.getloadavg()
    cases = list(runs["after"][0])
    print(f"{'case':<36} {'before':>10} {'after':>10} {'ratio':>7}")
    rows = []
    for case in cases:
        before = statistics.median(run[case] for run in runs["before"])
        after = statistics.median(run[case] for run in runs["after"])
        faster = before / after if "(s)" in case else after / before
        rows.append({"case": case, "before": before, "after": after, "ratio": faster})
        print(f"{case:<36} {before:>10.4g} {after:>10.4g} {faster:>7.3f}")
    print(
        f"medians of {args.rounds} interleaved rounds; ratio > 1: after is faster; "
        f"load average {load_start[0]:.2f} at the start, {load_end[0]:.2f} at the end"
    )
    if args.json:
        args.json.write_text(json.dumps({"rows": rows, "runs": runs}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
