"""Where the limit is: cycles a hand of the headline workloads on this CPU.

Run ``python bench/bench_limits.py`` (``--rounds R``, ``--json PATH``).  Without
hardware counters (a VM: ``perf stat`` reports cycles "not supported") and on
a shared machine, wall time alone does not say how many cycles a workload
took.  So the core's clock is measured by a chain of dependent adds
(``bench/limits/chain.c``, built with gcc into ``build/``: one add a cycle),
the fastest of 50 runs of a few milliseconds (one that nothing interrupted),
and each workload is run in pieces of a few milliseconds too, on one pinned
CPU, the fastest of ``--rounds`` kept: its seconds times the clock are its
cycles.  (Longer runs share the core with other processes and would count
their time; a scheduler slice is a few milliseconds.)

Workloads, one thread each, warm:

- seven-card evaluation: ``kernels.holdem.evaluate_batch`` on 20,000 random
  hands (140 KB: they stay in the L2 cache with the tables), a hand;
- exact heads-up enumeration: AsKs v QhQd with 2c dead (the kernel, not the
  shipped preflop table; 1,533,939 boards), a board;
- exact three-way: AsKs v QhQd v JcTc preflop (1,370,754 boards), a board;
- Monte-Carlo heads-up: AsKs v QhQd, 200,000 deals, a deal;
- the seven-card loop taken apart, on the same hands: the seven key adds and
  the hash alone; then the ``offsets`` look-up; then the ``values`` look-up
  (ranks only, no flush test): what each step of the kernel's hand costs.

Each figure is the fastest of ``--rounds`` runs, the clock measured before
and after each round (the fastest kept); bench/README.md sets them
beside the bound of each loop (its instructions and loads at the core's rate).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numba
import numpy as np
from _common import machine_info, pin_cpus, write_json

import equity
from equity import lookup
from equity.kernels import holdem
from equity.lookup import holdem_tables

REPO = Path(__file__).resolve().parents[1]
CHAIN_SRC = REPO / "bench" / "limits" / "chain.c"
CHAIN = REPO / "build" / "limits_chain"


def chain_hz() -> float:
    """The core's clock, cycles a second (the fastest of 50 short chain runs)."""
    done = subprocess.run([str(CHAIN)], capture_output=True, text=True, check=True)
    return float(done.stdout.split()[0])


_HASH_MASK = np.uint64((1 << lookup.HASH_BITS) - 1)
_HASH_MULTIPLIER = np.uint64(lookup.HASH_MULTIPLIER)
_ROW_SHIFT = np.uint64(lookup.ROW_SHIFT)
_ROW_MASK = np.uint64((1 << lookup.ROW_SHIFT) - 1)
_ALIGN_SHIFT = np.uint64(lookup.OFFSET_ALIGN.bit_length() - 1)


@numba.njit(cache=True)
def _seven_card_steps(hands, tables, out, steps):  # pragma: no cover - bench only
    """The kernel's seven-card loop up to step ``steps`` (1: keys and hash; 2: +
    ``offsets``; 3: + ``values``, ranks only), for the anatomy rows."""
    card_keys, _, offsets, values = tables
    for i in range(np.uint64(0), np.uint64(hands.shape[0])):
        key = holdem.KEY_START
        for j in range(7):
            key += card_keys[hands[i, j]]
        m = ((key & _HASH_MASK) * _HASH_MULTIPLIER) & _HASH_MASK
        if steps == 1:
            out[i] = np.int32(m)
            continue
        slot = (np.uint64(offsets[m >> _ROW_SHIFT]) << _ALIGN_SHIFT) + (m & _ROW_MASK)
        if steps == 2:
            out[i] = np.int32(slot)
            continue
        out[i] = np.int32(values[lookup.FLUSH_SIZE + np.int64(slot)])


def workloads() -> dict[str, tuple[Callable[[], object], int]]:
    """Each workload: a warm run and the hands (or boards, deals) it counts."""
    tables = holdem_tables()
    rng = np.random.default_rng(7)
    hands = np.argsort(rng.random((20_000, 52)), axis=1)[:, :7].astype(np.uint8)
    out = np.zeros(len(hands), dtype=np.int32)
    kernel = equity.calculate(["AsKs", "QhQd"], dead="2c", method="exact", threads=1)
    if kernel.precomputed:
        raise SystemExit("the dead card did not keep the spot off the shipped table")
    return {
        "seven-card evaluation, a hand": (
            lambda: holdem.evaluate_batch(hands, tables, out),
            len(hands),
        ),
        "exact heads-up AsKs v QhQd, dead 2c, a board": (
            lambda: equity.calculate(["AsKs", "QhQd"], dead="2c", method="exact", threads=1),
            1_533_939,
        ),
        "exact 3-way AsKs v QhQd v JcTc, a board": (
            lambda: equity.calculate(["AsKs", "QhQd", "JcTc"], method="exact", threads=1),
            1_370_754,
        ),
        "  its keys and hash alone, a hand": (
            lambda: _seven_card_steps(hands, tables, out, 1),
            len(hands),
        ),
        "  + the offsets look-up, a hand": (
            lambda: _seven_card_steps(hands, tables, out, 2),
            len(hands),
        ),
        "  + the values look-up (ranks only), a hand": (
            lambda: _seven_card_steps(hands, tables, out, 3),
            len(hands),
        ),
        "Monte-Carlo heads-up AsKs v QhQd, a deal": (
            lambda: equity.calculate(
                ["AsKs", "QhQd"], method="monte-carlo", trials=200_000, threads=1, seed=1
            ),
            200_000,
        ),
    }


def main(argv: list[str] | None = None) -> int:
    """Time every workload beside the chain and print cycles a hand."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--json", type=Path, help="also write every figure as JSON")
    args = ap.parse_args(argv)
    CHAIN.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["gcc", "-O2", "-o", str(CHAIN), str(CHAIN_SRC)], check=True)
    numba.set_num_threads(1)
    pin_cpus({min(os.sched_getaffinity(0))})
    load_start = os.getloadavg()
    work = workloads()
    for run, _ in work.values():
        run()
    best = dict.fromkeys(work, float("inf"))
    clock = chain_hz()
    for _ in range(args.rounds):
        for name, (run, count) in work.items():
            for _ in range(3):  # back to back: the later runs find their data in the caches
                t0 = time.perf_counter()
                run()
                best[name] = min(best[name], (time.perf_counter() - t0) / count)
        clock = max(clock, chain_hz())
    load_end = os.getloadavg()
    rows = []
    print(f"clock (the add chain's fastest run): {clock / 1e9:.2f} GHz")
    for name, seconds in best.items():
        cycles = seconds * clock
        print(f"{name:<48} {seconds * 1e9:8.2f} ns {cycles:8.2f} cycles")
        rows.append({"workload": name, "ns": seconds * 1e9, "cycles": cycles})
    print(
        f"fastest of {args.rounds} runs, one thread on one CPU; load average "
        f"{load_start[0]:.2f} at the start, {load_end[0]:.2f} at the end"
    )
    if args.json:
        write_json(
            args.json,
            {"machine": machine_info(), "clock_hz": clock, "rows": rows, "rounds": args.rounds},
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
