"""Frequency simulation: random hands dealt, evaluated and counted per second.

Times the seven-card (best five of seven) category count that
``equity freq --game holdem`` and ``equity report frequencies`` run: the
batch kernel ``equity.kernels.holdem.sample_category_counts`` on 1, 2 and
all numba threads, and the public ``equity.analysis.frequencies.category_frequencies``
(kernel plus the pandas table) on all threads.  Five- and six-card hands and
Zha Jin Hua are timed the same way for scale.  eval7 runs the same job in a
Python loop (``deck.sample(7)``, ``evaluate``, ``handtype``, count) for a
ratio.

Target (issue 5): seven-card frequency simulation, dealing included, at
least 80 M hands per second on 2 threads.

    python bench/bench_freq.py [--quick] [--trials N] [--json PATH]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

import numba
import numpy as np
from _common import (
    best_of,
    cpu_parallel_capacity,
    fmt_rate,
    machine_info,
    peer_available,
    print_table,
    write_json,
)

import equity
from equity.analysis.frequencies import category_frequencies
from equity.kernels import holdem, zjh
from equity.kernels.rng import batch_seeds
from equity.lookup import holdem_tables

TARGET_2T = 80e6
REPEATS = 3
BATCH = 65_536  # category_frequencies' default batch size


def kernel_rate(game: str, trials: int, threads: int, seed: int) -> tuple[float, np.ndarray]:
    """Hands per second of the bare category-count kernel; also its counts."""
    n_batches = -(-trials // BATCH)
    seeds = batch_seeds(seed, n_batches)
    if game == "zjh":
        out = np.zeros((n_batches, 8), dtype=np.int64)

        def run() -> None:
            out[:] = 0
            zjh.sample_category_counts(seeds, BATCH, trials, 0, False, out)
    else:
        n_cards = {"five": 5, "six": 6, "holdem": 7}[game]
        tables = holdem_tables()
        out = np.zeros((n_batches, 16), dtype=np.int64)

        def run() -> None:
            out[:] = 0
            holdem.sample_category_counts(seeds, BATCH, trials, 0, n_cards, 0, tables, out)

    numba.set_num_threads(threads)
    try:
        run()  # warm: load from numba's cache, fault pages in
        seconds = best_of(run, REPEATS)
    finally:
        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    return trials / seconds, out.sum(axis=0)


def public_rate(trials: int, seed: int) -> float:
    category_frequencies("holdem", trials=trials, seed=seed)
    return trials / best_of(lambda: category_frequencies("holdem", trials=trials, seed=seed),
                            REPEATS)  # fmt: skip


def eval7_rate(hands: int, seed: int) -> tuple[float, dict[str, int]] | None:
    """eval7 dealing and evaluating seven-card hands in a Python loop."""
    if not peer_available("eval7"):
        return None
    import random

    import eval7

    random.seed(seed)  # eval7.Deck.sample uses the random module
    deck = eval7.Deck()
    counts: dict[str, int] = {}
    start = time.perf_counter()
    for _ in range(hands):
        kind = eval7.handtype(eval7.evaluate(deck.sample(7)))
        counts[kind] = counts.get(kind, 0) + 1
    return hands / (time.perf_counter() - start), counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--trials",
        type=int,
        default=None,
        help="hands per timed run (default 200,000,000; 20,000,000 with --quick)",
    )
    ap.add_argument("--quick", action="store_true", help="smaller runs, about 15 s")
    ap.add_argument("--seed", type=int, default=20261130)
    ap.add_argument("--json", metavar="PATH", help="also write all figures as JSON")
    args = ap.parse_args(argv)  # fmt: skip
    trials = args.trials or (20_000_000 if args.quick else 200_000_000)
    t0 = time.perf_counter()
    print(f"equity {equity.__version__}, numba {numba.__version__}, "
          f"{numba.config.NUMBA_NUM_THREADS} numba threads, {os.cpu_count()} CPUs; "
          f"load average {os.getloadavg()[0]:.2f}")  # fmt: skip
    print(f"{trials:,} random hands per timed run, best of {REPEATS}")

    threads = sorted({t for t in (1, 2, numba.config.NUMBA_NUM_THREADS)
                      if t <= numba.config.NUMBA_NUM_THREADS})  # fmt: skip
    rates: dict[str, dict[int, float]] = {}
    for game in ("holdem", "six", "five", "zjh"):
        rates[game] = {}
        for t in threads:
            rates[game][t], counts = kernel_rate(game, trials, t, args.seed)
            counted = counts[:7].sum() if game == "zjh" else counts.sum()  # col 7: 2-3-5 also
            assert counted == trials, (game, counts)
    public = public_rate(trials, args.seed)
    peer = eval7_rate(20_000 if args.quick else 200_000, args.seed)

    rows: list[dict[str, Any]] = []
    e7 = peer[0] if peer else None
    for game, label in (("holdem", "7 cards"), ("six", "6 cards"), ("five", "5 cards"),
                        ("zjh", "Zha Jin Hua")):  # fmt: skip
        for t in threads:
            r = rates[game][t]
            rows.append(
                {
                    "hands": label,
                    "implementation": "equity kernel",
                    "threads": t,
                    "M hands/s": fmt_rate(r),
                    "vs eval7": f"{r / e7:.0f}x" if e7 and game == "holdem" else None,
                }
            )
    rows.append({"hands": "7 cards", "implementation": "equity category_frequencies",
                 "threads": numba.config.NUMBA_NUM_THREADS, "M hands/s": fmt_rate(public),
                 "vs eval7": f"{public / e7:.0f}x" if e7 else None})  # fmt: skip
    if peer:
        rows.append({"hands": "7 cards", "implementation": "eval7 (Python loop)", "threads": 1,
                     "M hands/s": fmt_rate(e7, 3), "vs eval7": "1x"})  # fmt: skip
    print_table(
        rows,
        ["hands", "implementation", "threads", "M hands/s", "vs eval7"],
        title="Frequency simulation: hands dealt, evaluated and counted per second",
    )

    two = rates["holdem"].get(2)
    capacity = cpu_parallel_capacity()
    print()
    if two is not None:
        ok = "MET" if two >= TARGET_2T else "NOT MET"
        print(f"7-card frequency simulation, 2 threads = {two / 1e6:7.1f} M/s  "
              f"(target >= {TARGET_2T / 1e6:.0f} M/s)  {ok}")  # fmt: skip
        print(
            f"2-thread / 1-thread                    = {two / rates['holdem'][1]:7.2f}x"
            f"  (machine check: 2 concurrent CPU-bound processes get {capacity:.2f}x)"
        )
    print(f"\n(total bench time {time.perf_counter() - t0:.1f} s)")
    if args.json:
        write_json(args.json, {
            "machine": machine_info(), "trials": trials, "repeats": REPEATS,
            "kernel_hands_per_s": {g: {str(t): r for t, r in v.items()} for g, v in rates.items()},
            "public_hands_per_s": public, "eval7_hands_per_s": e7,
            "parallel_capacity": capacity, "target_2_threads": TARGET_2T,
        })  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
