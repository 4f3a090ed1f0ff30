"""Side by side with OMPEval: exact enumeration, Monte-Carlo and the evaluator loops.

OMPEval (github.com/zekyll/OMPEval, C++) is the fastest open equity
calculator.  This script builds a small harness of ours (``bench/ompeval/``)
against an OMPEval checkout named by ``$OMPEVAL`` (not part of this
repository; the build patches a copy so that g++ 12 compiles it), times
every workload on both sides interleaved round by round, checks that both
sides' counts are identical, and prints each ratio beside its target::

    git clone https://github.com/zekyll/OMPEval /tmp/OMPEval
    OMPEVAL=/tmp/OMPEval python bench/bench_vs_ompeval.py --rounds 7

Without ``$OMPEVAL`` it says so and exits.  Both sides are treated alike
in every round: one untimed run (OMPEval's first run in a fresh process,
equity's in this one), then three timed runs, their median kept; each
figure is the median of those over rounds.  Ratios are ``equity / OMPEval``
speed (above 1: equity is faster); "2T / 1T" rows compare equity with
itself, beside a machine check (two CPU-bound processes against one).
Monte-Carlo rates are deals per second, the seven-card loop and the random
batch hands per second, exact cases seconds.  One-thread cases run on CPU 0 on both sides (the two
vCPUs of a VM can differ in speed).  The machine is noisy: the load average
is printed at the start and the end.  ``--cases`` picks cases, ``--list`` lists them.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numba
import numpy as np
from _common import cpu_parallel_capacity, pin_cpus

import equity
from equity.kernels import holdem
from equity.lookup import holdem_tables

REPO = Path(__file__).resolve().parents[1]
HARNESS = REPO / "build" / "ompeval_harness"
BUILD = REPO / "bench" / "ompeval" / "build.sh"

TARGETS = {
    "exact AsKs v QhQd 1T": 1.5,
    "exact AhKd v QQ+,AKs 1T": 1.5,
    "exact AhKd v QQ+,AKs 2T": 1.5,
    "exact 3-way AsKs QhQd JcTc 1T": 1.5,
    "seven-card histogram 1T": 1.2,
    "seven-card histogram 2T / 1T": 1.8,
    "random 10M eval, public out= 1T": 1.2,
    "MC AsKs v QhQd 1T": 2.5,
    "MC AsKs v QhQd 2T": 2.5,
    "MC random v random 1T": 1.3,
    "MC 3-way AsKs QhQd JcTc 1T": 1.3,
    "MC 6-way known hands 1T": 2.0,
    "MC AhKd v QQ+,AKs 1T": 1.3,
}
"""The ratio each case must reach (equity faster by this factor)."""

# name -> (OMPEval case, threads, hands, board, kind); kind: exact | mc | seven | eval
CASES: dict[str, tuple[str, int, list[str], str, str]] = {
    "exact AsKs v QhQd 1T": ("exact hu", 1, ["AsKs", "QhQd"], "", "exact"),
    "exact AhKd v QQ+,AKs 1T": ("exact range", 1, ["AhKd", "QQ+,AKs"], "", "exact"),
    "exact AhKd v QQ+,AKs 2T": ("exact range", 2, ["AhKd", "QQ+,AKs"], "", "exact"),
    "exact 3-way AsKs QhQd JcTc 1T": ("exact 3way", 1, ["AsKs", "QhQd", "JcTc"], "", "exact"),
    "exact 4-way AsKs QhQd JcTc 9d9c 1T": (
        "exact 4way",
        1,
        ["AsKs", "QhQd", "JcTc", "9d9c"],
        "",
        "exact",
    ),
    "exact AhKd v QQ+,AKs v random, flop 2T": (
        "exact flop range",
        2,
        ["AhKd", "QQ+,AKs", "random"],
        "Ts9s2h",
        "exact",
    ),
    "seven-card histogram 1T": ("seven", 1, [], "", "seven"),
    "seven-card histogram 2T / 1T": ("seven", 1, [], "", "seven"),
    "random 10M eval, kernel 1T": ("random eval", 1, [], "", "eval"),
    "random 10M eval, public 1T": ("random eval", 1, [], "", "eval"),
    "random 10M eval, public out= 1T": ("random eval", 1, [], "", "eval"),
    "random 10M eval, public 1T vs OMPEval Hand objects": ("random eval hands", 1, [], "", "eval"),
    "MC AsKs v QhQd 1T": ("mc hu", 1, ["AsKs", "QhQd"], "", "mc"),
    "MC AsKs v QhQd 2T": ("mc hu", 2, ["AsKs", "QhQd"], "", "mc"),
    "MC random v random 1T": ("mc random", 1, ["random", "random"], "", "mc"),
    "MC 3-way AsKs QhQd JcTc 1T": ("mc 3way", 1, ["AsKs", "QhQd", "JcTc"], "", "mc"),
    "MC 6-way known hands 1T": (
        "mc 6way",
        1,
        ["AsKs", "QhQd", "JcTc", "9d9c", "8h7h", "5s4s"],
        "",
        "mc",
    ),
    "MC AhKd v QQ+,AKs 1T": ("mc range", 1, ["AhKd", "QQ+,AKs"], "", "mc"),
}


def with_threads(n: int, fn: Callable[[], Any]) -> Any:
    """Run ``fn`` on ``n`` Numba threads."""
    previous = numba.get_num_threads()
    numba.set_num_threads(n)
    try:
        return fn()
    finally:
        numba.set_num_threads(previous)


def cpus_for(name: str) -> set[int]:
    """One-thread cases run on CPU 0 on both sides: a VM's vCPUs can differ in speed."""
    threads = CASES[name][1] if "2T" not in name else 2
    every = set(range(os.cpu_count() or 1))
    return {min(every)} if threads == 1 else every


def mask_counts(result: Any) -> list[int]:
    """Per player: solo wins and k-way splits, from equity's counts."""
    return [int(x) for row in np.asarray(result.counts) for x in row[1:]]


def omp_mask_counts(masks: list[int], n: int) -> list[int]:
    """The same figures from OMPEval's wins by player mask."""
    out = []
    for p in range(n):
        for k in range(1, n + 1):
            out.append(sum(c for m, c in enumerate(masks) if m >> p & 1 and m.bit_count() == k))
    return out


_HANDS7 = None


def hands7() -> np.ndarray:
    """10M random seven-card hands (uint8, seeded)."""
    global _HANDS7
    if _HANDS7 is None:
        rng = np.random.default_rng(7)
        out = np.empty((10_000_000, 7), dtype=np.uint8)
        for lo in range(0, len(out), 1_000_000):
            out[lo : lo + 1_000_000] = np.argsort(rng.random((1_000_000, 52)), axis=1)[:, :7]
        _HANDS7 = out
    return _HANDS7


_OUT7 = None


def out7() -> np.ndarray:
    """The values array that the kernel and ``out=`` cases fill, made once and reused.

    Reuse is what ``out=`` is for; a fresh ``np.empty`` per call would time the
    operating system mapping 40 MB of new pages (OMPEval's harness allocates
    and zeroes its output before its clock starts).
    """
    global _OUT7
    if _OUT7 is None:
        _OUT7 = np.zeros(len(hands7()), dtype=np.int32)
    return _OUT7


def ours(name: str) -> tuple[float, list[int]]:
    """One warm run of equity's side: (seconds or rate, counts for the check)."""
    _, threads, hands, board, kind = CASES[name]
    if kind == "exact":
        t0 = time.perf_counter()
        r = with_threads(threads, lambda: equity.calculate(hands, board=board, method="exact"))
        return time.perf_counter() - t0, mask_counts(r)
    if kind == "mc":
        n = 20_000_000 if len(hands) == 2 and "random" not in hands else 8_000_000
        n *= threads
        t0 = time.perf_counter()
        with_threads(
            threads, lambda: equity.calculate(hands, method="monte-carlo", trials=n, seed=1)
        )
        return n / (time.perf_counter() - t0), []
    if kind == "seven":
        t = 2 if "2T" in name else 1
        t0 = time.perf_counter()
        f = with_threads(t, lambda: equity.category_frequencies("holdem", method="exact"))
        rate = 133_784_560 / (time.perf_counter() - t0)
        return rate, [0, *reversed(list(f.counts.values()))]
    hands = hands7()
    if "kernel" in name:
        out = out7()
        tables = holdem_tables()
        t0 = time.perf_counter()
        with_threads(1, lambda: holdem.evaluate_batch(hands, tables, out))
    elif "out=" in name:
        out = out7()
        t0 = time.perf_counter()
        with_threads(1, lambda: equity.evaluate_batch(hands, out=out))
    else:
        t0 = time.perf_counter()
        with_threads(1, lambda: equity.evaluate_batch(hands))
    return len(hands) / (time.perf_counter() - t0), []


def theirs(name: str) -> tuple[float, list[int]]:
    """OMPEval's side: a fresh harness process running the case four times (the first cold).

    For "2T / 1T" the other side is equity itself on one thread.
    """
    case, threads, hands, _, kind = CASES[name]
    if name.endswith("2T / 1T"):
        return ours(name.replace("2T / 1T", "1T"))
    cpus = ",".join(map(str, sorted(cpus_for(name))))
    done = subprocess.run(
        ["taskset", "-c", cpus, str(HARNESS), case, str(threads), "1.0", "4"],
        capture_output=True,
        text=True,
        check=True,
    )
    runs = [json.loads(line) for line in done.stdout.splitlines()][1:]
    last = runs[-1]
    if kind == "exact":
        return statistics.median(r["seconds"] for r in runs), omp_mask_counts(
            last["counts"], len(hands)
        )
    if kind == "seven":
        return statistics.median(r["evaluations"] / r["seconds"] for r in runs), last["counts"]
    return statistics.median(r["evaluations"] / r["seconds"] for r in runs), []


def main(argv: list[str] | None = None) -> int:
    """Run the rounds and print the table."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--cases", nargs="*", default=list(CASES))
    ap.add_argument("--list", action="store_true", help="list the cases and exit")
    ap.add_argument("--json", type=Path, help="also write every figure as JSON")
    args = ap.parse_args(argv)
    if args.list:
        print("\n".join(CASES))
        return 0
    source = os.environ.get("OMPEVAL")
    if not source:
        print("skipped: set OMPEVAL to an OMPEval checkout (see the module doc)", file=sys.stderr)
        return 0
    subprocess.run(["bash", str(BUILD), source, str(HARNESS)], check=True, capture_output=True)
    load_start = os.getloadavg()
    figures: dict[str, dict[str, list[float]]] = {
        n: {"equity": [], "OMPEval": []} for n in args.cases
    }
    for name in args.cases:  # warm: compile or load the kernels, build the data
        ours(name)
    for r in range(args.rounds):
        for name in args.cases:
            sides = [("equity", ours), ("OMPEval", theirs)]
            if r % 2:
                sides.reverse()
            counts = {}
            for label, run in sides:
                pin_cpus(cpus_for(name))
                if label == "equity":
                    run(name)  # untimed, as OMPEval's first run in its process
                values = [run(name) for _ in range(1 if label == "OMPEval" else 3)]
                figures[name][label].append(statistics.median(v for v, _ in values))
                counts[label] = values[-1][1]
            if counts["equity"] and counts["OMPEval"] and counts["equity"] != counts["OMPEval"]:
                print(f"COUNTS DIFFER in {name}: {counts}", file=sys.stderr)
                return 1
        print(f"round {r + 1}/{args.rounds} done", file=sys.stderr, flush=True)
    load_end = os.getloadavg()
    capacity = cpu_parallel_capacity()
    rows = []
    print(f"{'case':<52} {'OMPEval':>11} {'equity':>11} {'ratio':>6} {'rounds':>11} {'target':>7}")
    for name in args.cases:
        theirs_v = statistics.median(figures[name]["OMPEval"])
        ours_v = statistics.median(figures[name]["equity"])
        seconds = CASES[name][4] == "exact"
        ratio = theirs_v / ours_v if seconds else ours_v / theirs_v
        # each round's own ratio (both sides timed back to back): the machine's swing
        paired = [
            (t / o if seconds else o / t)
            for t, o in zip(figures[name]["OMPEval"], figures[name]["equity"], strict=True)
        ]
        spread = f"{min(paired):.2f}-{max(paired):.2f}"
        unit = (lambda x: f"{x * 1e3:.3f} ms") if seconds else (lambda x: f"{x / 1e6:.1f} M/s")
        target = TARGETS.get(name)
        mark = "" if target is None else f">={target:g} " + ("met" if ratio >= target else "NOT")
        print(
            f"{name:<52} {unit(theirs_v):>11} {unit(ours_v):>11} {ratio:>6.2f} {spread:>11} "
            f"{mark:>7}"
        )
        rows.append(
            {
                "case": name,
                "ompeval": theirs_v,
                "equity": ours_v,
                "ratio": ratio,
                "round_ratios": paired,
                "target": target,
            }
        )
    print(
        f"medians of {args.rounds} interleaved rounds (rounds: the lowest and highest of the "
        "rounds' own ratios); ratio > 1: equity is faster (2T / 1T: "
        "equity's own scaling); identical counts checked; load average "
        f"{load_start[0]:.2f} at the start, {load_end[0]:.2f} at the end; machine check: two "
        f"CPU-bound processes run {capacity:.2f}x one alone (the ceiling of 2T / 1T)"
    )
    if args.json:
        args.json.write_text(json.dumps({"rows": rows, "figures": figures}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
