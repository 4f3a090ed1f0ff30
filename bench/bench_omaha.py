"""Omaha and short-deck speed beside the peers: phevaluator (C and Python) and pokerkit.

One run times, round by round and interleaved with the peers, on one CPU
and one Numba thread:

* PLO4 batch evaluation of random hands (``equity.evaluate_omaha_batch``)
  beside phevaluator's C evaluator (``evaluate_plo4_cards``, called from a
  harness of ours, ``bench/phevaluator/``, built against a checkout named
  by ``$PHEVALUATOR``, not part of this repository) and beside its Python
  package (``evaluate_omaha_cards``, one call per hand).  Both evaluate the
  same hands, written to a file here; their values must order the hands
  the same way (phevaluator's rank is smaller-is-better);
* PLO4 heads-up Monte-Carlo (AAKK v QQJJ, random v random, hi-lo) in deals
  per second, beside pokerkit's ``calculate_equities`` on the same spots,
  whose equity is printed beside ours (exact);
* exact PLO4, PLO5 and PLO6 heads-up preflop;
* short deck against hold'em on the same workloads (Monte-Carlo, exact,
  seven-card batch evaluation);
* a PLO4 double-board query (``equity.double_board``: two boards from one
  deck) beside the one-board query of the same hands, Monte-Carlo preflop and
  exact on known flops (``--only "double board"`` runs these rows alone).

::

    git clone https://github.com/HenryRLee/PokerHandEvaluator /tmp/phevaluator
    PHEVALUATOR=/tmp/phevaluator python bench/bench_omaha.py --rounds 5

Without ``$PHEVALUATOR`` the phevaluator C rows are skipped (with a note);
a peer package that does not import is skipped too.  Each figure is the
median over rounds of a round's median of three runs (equity) or of the
harness's warm repeats; equity's cases are all run once untimed before the
first round.  Ratios are speed ratios (above 1: equity, or short deck, is
faster).  The load average is printed at the start and the end.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numba
import numpy as np
from _common import cpu_parallel_capacity, machine_info, peer_available, write_json

import equity

REPO = Path(__file__).resolve().parents[1]
HARNESS = REPO / "build" / "phevaluator_harness"
BUILD = REPO / "bench" / "phevaluator" / "build.sh"

PLO4_HU = ["AsAhKsKh", "QdQcJdJc"]
HILO_HU = ["As2h3d4c", "KcKhQdJd"]
DOUBLE_HU = ["AsKsQd2c", "QhQc7h8h"]
OURS = ("equity", "short deck", "hold'em", "double board", "one board")
"""The labels of equity's own sides (warmed, repeated); the others are peers."""


@dataclass
class Side:
    """One side of a row: a timed callable returning ``(figure, extra)``."""

    label: str
    run: Callable[[], tuple[float, Any]]
    figures: list[float] = field(default_factory=list)
    extra: list[Any] = field(default_factory=list)


@dataclass
class Row:
    """A workload: equity's side, a peer (optional) and the target.

    ``unit`` is ``"rate"`` (per second, bigger is better) or ``"s"``
    (seconds).  ``target`` is a ratio to reach (``ratio``), a rate
    (``min_rate``) or a time (``max_s``) for equity's figure.
    """

    name: str
    ours: Side
    peer: Side | None
    unit: str
    target: tuple[str, float] | None = None
    note: str = ""
    repeats: int = 3


def pin(cpus: set[int]) -> None:
    """Run every thread of this process on ``cpus`` (and the threads started later)."""
    for tid in os.listdir("/proc/self/task"):
        with contextlib.suppress(OSError):  # a thread that has just ended
            os.sched_setaffinity(int(tid), cpus)


def random_hands(n: int, k: int, deck: np.ndarray, seed: int) -> np.ndarray:
    """``n`` rows of ``k`` distinct cards of ``deck`` (uint8, seeded)."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, k), dtype=np.uint8)
    step = 500_000
    for lo in range(0, n, step):
        m = min(step, n - lo)
        picks = np.argpartition(rng.random((m, len(deck))), k, axis=1)[:, :k]
        out[lo : lo + m] = deck[picks]
    return out


def order_check(ours: np.ndarray, theirs: np.ndarray, seed: int = 3) -> dict[str, Any]:
    """Whether ``theirs`` (smaller is better) orders the hands as ``ours`` (bigger is better).

    Exact check: the distinct (ours, theirs) pairs are a strictly decreasing
    one-to-one map.  Also the sign of comparisons of random pairs of hands.
    """
    o = ours.astype(np.int64)
    t = theirs.astype(np.int64)
    pairs = np.unique((o << 32) | t)
    po, pt = pairs >> 32, pairs & 0xFFFFFFFF
    monotone = bool(
        len(np.unique(po)) == len(pairs) == len(np.unique(pt)) and np.all(np.diff(pt) < 0)
    )
    j = np.random.default_rng(seed).permutation(len(o))
    mismatches = int(np.count_nonzero(np.sign(o - o[j]) != -np.sign(t - t[j])))
    return {
        "hands": len(o),
        "distinct": len(pairs),
        "monotone": monotone,
        "pair_mismatches": mismatches,
    }


# ---------------------------------------------------------------------------------------------
# equity's side


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    """Wall seconds of ``fn()`` and its result."""
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def mc(hands: list[str], game: str, trials: int) -> Callable[[], tuple[float, Any]]:
    """Monte-Carlo deals per second of ``calculate`` on one thread."""

    def run() -> tuple[float, Any]:
        s, r = timed(
            lambda: equity.calculate(
                hands, game=game, method="monte-carlo", trials=trials, seed=1, threads=1
            )
        )
        return r.samples / s, [float(x) for x in r.equity]

    return run


def exact(hands: list[str], game: str, per_board: bool = False) -> Callable[[], tuple[float, Any]]:
    """Seconds of an exact ``calculate`` on one thread (boards per second with ``per_board``)."""

    def run() -> tuple[float, Any]:
        s, r = timed(lambda: equity.calculate(hands, game=game, method="exact", threads=1))
        return (r.samples / s if per_board else s), [float(x) for x in r.equity]

    return run


def exact_board(hands: list[str], board: str, dead: str) -> Callable[[], tuple[float, Any]]:
    """Seconds of an exact one-board ``calculate`` on ``board`` on one thread."""

    def run() -> tuple[float, Any]:
        s, r = timed(
            lambda: equity.calculate(hands, board, dead, game="omaha", method="exact", threads=1)
        )
        return s, [float(x) for x in r.equity]

    return run


def double(
    hands: list[str], boards: tuple[str, str], trials: int | None
) -> Callable[[], tuple[float, Any]]:
    """``equity.double_board`` on one thread: deals per second (Monte-Carlo, ``trials``
    given) or seconds (exact, ``trials`` None)."""

    def run() -> tuple[float, Any]:
        method = "exact" if trials is None else "monte-carlo"
        s, r = timed(
            lambda: equity.double_board(
                hands, *boards, game="omaha", method=method, trials=trials, seed=1, threads=1
            )
        )
        return (s if trials is None else r.samples / s), [float(x) for x in r.equity]

    return run


def batch(fn: Callable[[], Any], n: int) -> Callable[[], tuple[float, Any]]:
    """Hands per second of a batch evaluation (Numba pinned to one thread by ``main``)."""

    def run() -> tuple[float, Any]:
        s, out = timed(fn)
        return n / s, out

    return run


# ---------------------------------------------------------------------------------------------
# the peers


def phevaluator_c(hands_file: Path, values_file: Path, repeats: int, cpu: int) -> Side:
    """phevaluator's C evaluator in a fresh harness process (first repeat untimed)."""

    def run() -> tuple[float, Any]:
        done = subprocess.run(
            ["taskset", "-c", str(cpu), str(HARNESS), str(hands_file), str(repeats + 1)]
            + ([] if values_file.exists() else [str(values_file)]),
            capture_output=True,
            text=True,
            check=True,
        )
        runs = [json.loads(line) for line in done.stdout.splitlines()][1:]
        rate = statistics.median(r["hands"] / r["seconds"] for r in runs)
        return rate, runs[-1]["checksum"]

    return Side("phevaluator C", run)


def phevaluator_py(holes: np.ndarray, boards: np.ndarray) -> tuple[Side, list[int]]:
    """phevaluator's Python package: ``evaluate_omaha_cards`` once per hand, in a loop."""
    from phevaluator import evaluate_omaha_cards

    args = [(*map(int, b), *map(int, h)) for h, b in zip(holes, boards, strict=True)]
    values: list[int] = []

    def run() -> tuple[float, Any]:
        t0 = time.perf_counter()
        out = [evaluate_omaha_cards(*a) for a in args]
        s = time.perf_counter() - t0
        values[:] = out
        return len(args) / s, None

    return Side("phevaluator Python", run), values


class Pokerkit:
    """pokerkit's ``calculate_equities`` on a heads-up Omaha spot (one process, no executor).

    Sized from a calibration run to last about ``seconds``; the equity of
    every run is pooled, weighted by samples, for the comparison with ours.
    """

    def __init__(self, hands: list[str], hilo: bool, seconds: float) -> None:
        import pokerkit as pk

        self.pk = pk
        self.ranges = [[list(pk.Card.parse(h))] for h in hands]
        types = [pk.OmahaHoldemHand]
        if hilo:
            types.append(pk.OmahaEightOrBetterLowHand)
        self.types = tuple(types)
        self.seconds = seconds
        self.samples = 0
        self.sums = [0.0] * len(hands)
        random.seed(11)  # pokerkit draws from the global generator
        t0 = time.perf_counter()
        self.equities(200)
        self.n = max(200, int(200 * seconds / (time.perf_counter() - t0)))

    def equities(self, n: int) -> list[float]:
        """One run of ``n`` samples."""
        return self.pk.calculate_equities(
            self.ranges, (), 4, 5, self.pk.Deck.STANDARD, self.types, sample_count=n
        )

    def run(self) -> tuple[float, Any]:
        """Samples per second of one run, pooling its equity."""
        t0 = time.perf_counter()
        eq = self.equities(self.n)
        s = time.perf_counter() - t0
        self.samples += self.n
        self.sums = [a + self.n * e for a, e in zip(self.sums, eq, strict=True)]
        return self.n / s, eq

    def pooled(self) -> tuple[float, float]:
        """Player 0's pooled equity and a bound on its standard error."""
        p = self.sums[0] / self.samples
        return p, (p * (1 - p) / self.samples) ** 0.5  # var <= p(1-p) for values in [0, 1]


# ---------------------------------------------------------------------------------------------


def fmt(x: float, unit: str) -> str:
    """A rate in millions per second (thousands below 0.1 M), or a time in ms."""
    if unit == "s":
        return f"{x * 1e3:.1f} ms" if x >= 0.01 else f"{x * 1e3:.2f} ms"
    if x >= 1e5:
        return f"{x / 1e6:.2f} M/s"
    return f"{x / 1e3:.2f} k/s" if x >= 1e4 else f"{x:,.0f} /s"


def build_rows(
    args: argparse.Namespace, tmp: Path, with_c: bool
) -> tuple[list[Row], dict[str, Any]]:
    """Every workload, with the data each needs (not timed)."""
    ctx: dict[str, Any] = {"notes": [], "c": with_c}
    deck52 = np.arange(52, dtype=np.uint8)
    plo = random_hands(args.n, 9, deck52, seed=4)
    holes = np.ascontiguousarray(plo[:, :4])
    boards = np.ascontiguousarray(plo[:, 4:])
    ctx["holes"], ctx["boards"] = holes, boards
    hands_file, values_file = tmp / "plo4_hands.bin", tmp / "plo4_phevaluator.bin"
    plo.tofile(hands_file)
    ctx["values_file"] = values_file

    rows: list[Row] = []
    plo_eval = Side(
        "equity",
        batch(lambda: equity.evaluate_omaha_batch(holes, boards)[0], args.n),
    )
    if ctx["c"]:
        rows.append(
            Row(
                "PLO4 eval, random hands 1T",
                plo_eval,
                phevaluator_c(hands_file, values_file, 3, args.cpu),
                "rate",
                ("ratio", 3.0),
                note="equity also computes the low",
            )
        )
    if peer_available("phevaluator"):
        m = min(args.py_hands, args.n)
        side, values = phevaluator_py(holes[:m], boards[:m])
        ctx["py_values"] = values
        rows.append(
            Row(
                "PLO4 eval, random hands 1T",
                plo_eval if not ctx["c"] else Side("equity", plo_eval.run),
                side,
                "rate",
                note=f"{m:,} hands, one call each",
                repeats=1,
            )
        )
    else:
        ctx["notes"].append("phevaluator (Python) not installed: its row is skipped")
    if not ctx["c"] and not peer_available("phevaluator"):
        rows.append(Row("PLO4 eval, random hands 1T", plo_eval, None, "rate"))

    has_pk = peer_available("pokerkit")
    if not has_pk:
        ctx["notes"].append("pokerkit not installed: its rows are skipped")
    pk_hu = Pokerkit(PLO4_HU, False, args.pokerkit_seconds) if has_pk else None
    pk_hilo = Pokerkit(HILO_HU, True, args.pokerkit_seconds) if has_pk else None
    ctx["pokerkit"] = {"PLO4 AsAhKsKh v QdQcJdJc": pk_hu, "hi-lo As2h3d4c v KcKhQdJd": pk_hilo}
    rows += [
        Row(
            "MC PLO4 AsAhKsKh v QdQcJdJc 1T",
            Side("equity", mc(PLO4_HU, "omaha", args.trials)),
            Side("pokerkit", pk_hu.run) if pk_hu else None,
            "rate",
            ("min_rate", 15e6),
        ),
        Row(
            "MC PLO4 random v random 1T",
            Side("equity", mc(["random", "random"], "omaha", args.trials // 4)),
            None,
            "rate",
        ),
        Row(
            "MC omaha-hilo As2h3d4c v KcKhQdJd 1T",
            Side("equity", mc(HILO_HU, "omaha-hilo", args.trials // 2)),
            Side("pokerkit", pk_hilo.run) if pk_hilo else None,
            "rate",
        ),
        Row(
            "exact PLO4 AsAhKsKh v QdQcJdJc 1T",
            Side("equity", exact(PLO4_HU, "omaha")),
            None,
            "s",
            ("max_s", 0.1),
            repeats=5,
        ),
        Row(
            "exact PLO5 AsAhKsKh2c v QdQcJdJc3d 1T",
            Side("equity", exact(["AsAhKsKh2c", "QdQcJdJc3d"], "omaha5")),
            None,
            "s",
            ("max_s", 0.2),
            repeats=5,
        ),
        Row(
            "exact PLO6 AsAhKsKh2c3c v QdQcJdJc3d4d 1T",
            Side("equity", exact(["AsAhKsKh2c3c", "QdQcJdJc3d4d"], "omaha6")),
            None,
            "s",
            ("max_s", 0.2),
            repeats=5,
        ),
    ]

    # two boards (equity) against one board (equity): the "peer" side is the one-board query
    rows += [
        Row(
            "PLO4 double board v one board: MC preflop 1T",
            Side("double board", double(DOUBLE_HU, ("", ""), args.trials // 4)),
            Side("one board", mc(DOUBLE_HU, "omaha", args.trials // 4)),
            "rate",
            note="deals/s; a double-board deal scores two boards",
        ),
        Row(
            "PLO4 double board v one board: exact flops 1T",
            Side("double board", double(DOUBLE_HU, ("Qs7s2h", "Kd8c3h"), None)),
            Side("one board", exact_board(DOUBLE_HU, "Qs7s2h", "Kd8c3h")),
            "s",
            note="442,890 pairs of boards against 703 boards",
            repeats=5,
        ),
    ]

    # short deck (equity) against hold'em (equity): the "peer" side is hold'em
    sd_target = ("ratio", 0.8)
    for name, hands, trials in (
        ("AsKs v QhQd", ["AsKs", "QhQd"], 2 * args.trials),
        ("random v random", ["random", "random"], args.trials),
    ):
        rows.append(
            Row(
                f"short deck v hold'em: MC {name} 1T",
                Side("short deck", mc(hands, "shortdeck", trials)),
                Side("hold'em", mc(hands, "holdem", trials)),
                "rate",
                sd_target,
            )
        )
    rows.append(
        Row(
            "short deck v hold'em: exact AsKs v QhQd 1T",
            Side("short deck", exact(["AsKs", "QhQd"], "shortdeck")),
            Side("hold'em", exact(["AsKs", "QhQd"], "holdem")),
            "s",
            sd_target,
            note="time of the whole job: short deck has 201,376 boards, hold'em 1,712,304",
            repeats=5,
        )
    )
    rows.append(
        Row(
            "short deck v hold'em: exact AsKs v QhQd, boards/s 1T",
            Side("short deck", exact(["AsKs", "QhQd"], "shortdeck", per_board=True)),
            Side("hold'em", exact(["AsKs", "QhQd"], "holdem", per_board=True)),
            "rate",
            note="the same runs per board (no target)",
            repeats=5,
        )
    )
    sd7 = random_hands(args.n7, 7, np.arange(16, 52, dtype=np.uint8), seed=5)
    he7 = random_hands(args.n7, 7, deck52, seed=6)
    sd_out = np.empty(args.n7, dtype=np.int32)
    he_out = np.empty(args.n7, dtype=np.int32)
    rows.append(
        Row(
            "short deck v hold'em: 7-card batch eval 1T",
            Side(
                "short deck",
                batch(lambda: equity.evaluate_shortdeck_batch(sd7, out=sd_out), args.n7),
            ),
            Side("hold'em", batch(lambda: equity.evaluate_batch(he7, out=he_out), args.n7)),
            "rate",
            sd_target,
            note=f"{args.n7:,} random hands, out= given",
        )
    )
    return rows, ctx


def measure(side: Side, repeats: int) -> None:
    """Record the median of ``repeats`` runs of ``side`` (one for a peer's own repeats)."""
    values = [side.run() for _ in range(repeats)]
    side.figures.append(statistics.median(v for v, _ in values))
    side.extra.append(values[-1][1])


def main(argv: list[str] | None = None) -> int:
    """Run the rounds and print the table."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--n", type=int, default=4_000_000, help="PLO4 hands for batch evaluation")
    ap.add_argument(
        "--n7", type=int, default=10_000_000, help="7-card hands (short deck v hold'em)"
    )
    ap.add_argument("--py-hands", type=int, default=50_000, help="hands for phevaluator Python")
    ap.add_argument("--trials", type=int, default=8_000_000, help="Monte-Carlo deals, PLO4 HU")
    ap.add_argument("--pokerkit-seconds", type=float, default=2.0, help="per pokerkit run")
    ap.add_argument("--cpu", type=int, default=0, help="the CPU every case runs on")
    ap.add_argument("--json", type=Path, help="also write every figure as JSON")
    ap.add_argument("--only", help="run only the rows whose name contains this text")
    args = ap.parse_args(argv)

    source = os.environ.get("PHEVALUATOR")
    notes: list[str] = []
    if source:
        done = subprocess.run(
            ["bash", str(BUILD), source, str(HARNESS)], capture_output=True, text=True
        )
        if done.returncode:
            print(f"building the phevaluator harness failed:\n{done.stderr}", file=sys.stderr)
            return 1
    else:
        notes.append(
            "phevaluator C rows skipped: set PHEVALUATOR to a PokerHandEvaluator checkout "
            "(see the module doc)"
        )
        print(notes[-1], file=sys.stderr)

    numba.set_num_threads(1)
    pin({args.cpu})
    load_start = os.getloadavg()
    print(f"load average at the start: {load_start[0]:.2f}", file=sys.stderr, flush=True)
    with tempfile.TemporaryDirectory(prefix="bench_omaha_") as tmpdir:
        tmp = Path(tmpdir)
        rows, ctx = build_rows(args, tmp, bool(source))
        if args.only:
            rows = [row for row in rows if args.only in row.name]
        notes += ctx["notes"]
        for row in rows:  # warm: compile or load the kernels
            row.ours.run()
            if row.peer and row.peer.label in OURS:
                row.peer.run()
        checks: dict[str, Any] = {}
        for r in range(args.rounds):
            for row in rows:
                sides = [row.ours, row.peer] if row.peer else [row.ours]
                if r % 2:
                    sides.reverse()
                for side in sides:
                    ours_like = side.label in OURS
                    measure(side, row.repeats if ours_like else 1)
                if r == 0 and row.peer and row.peer.label.startswith("phevaluator"):
                    checks[row.peer.label] = agreement(row, ctx)
                    if not checks[row.peer.label]["monotone"]:
                        print(f"ORDER DIFFERS from {row.peer.label}: {checks}", file=sys.stderr)
                        return 1
            print(f"round {r + 1}/{args.rounds} done", file=sys.stderr, flush=True)
        if ctx["c"]:
            sums = {
                c
                for row in rows
                if row.peer and row.peer.label == "phevaluator C"
                for c in row.peer.extra
            }
            checks["phevaluator C checksums over rounds"] = sorted(sums)
    load_end = os.getloadavg()
    pin(set(range(os.cpu_count() or 1)))  # the machine check's processes inherit the mask
    capacity = cpu_parallel_capacity()
    report(args, rows, ctx, checks, notes, load_start, load_end, capacity)
    return 0


def agreement(row: Row, ctx: dict[str, Any]) -> dict[str, Any]:
    """Order check of a phevaluator side against equity's values on the same hands."""
    high = equity.evaluate_omaha_batch(ctx["holes"], ctx["boards"])[0]
    if row.peer is not None and row.peer.label == "phevaluator C":
        theirs = np.fromfile(ctx["values_file"], dtype=np.int32)
        return order_check(high, theirs)
    theirs = np.asarray(ctx["py_values"], dtype=np.int32)
    check = order_check(high[: len(theirs)], theirs)
    if ctx["values_file"].exists():
        c_values = np.fromfile(ctx["values_file"], dtype=np.int32)[: len(theirs)]
        check["equal_to_c"] = bool(np.array_equal(c_values, theirs))
    return check


def report(
    args: argparse.Namespace,
    rows: list[Row],
    ctx: dict[str, Any],
    checks: dict[str, Any],
    notes: list[str],
    load_start: tuple[float, float, float],
    load_end: tuple[float, float, float],
    capacity: float,
) -> None:
    """Print the table, the checks and the notes; write the JSON."""
    out_rows = []
    print(f"\n{'case':<52} {'peer':<27} {'peer fig.':>11} {'equity':>11} {'ratio':>9}  target")
    for row in rows:
        ours_v = statistics.median(row.ours.figures)
        peer_v = statistics.median(row.peer.figures) if row.peer else None
        ratio = None
        if peer_v is not None:
            ratio = peer_v / ours_v if row.unit == "s" else ours_v / peer_v
        mark = ""
        if row.target:
            kind, value = row.target
            if kind == "ratio":
                ok = ratio is not None and ratio >= value
                mark = f">={value:g}x"
            elif kind == "min_rate":
                ok = ours_v >= value
                mark = f">={value / 1e6:g} M/s"
            else:
                ok = ours_v < value
                mark = f"<{value * 1e3:g} ms"
            mark += " met" if ok else " NOT met"
        label = row.peer.label if row.peer else ""
        if row.ours.label != "equity":
            label = f"{row.peer.label if row.peer else ''} (ours: {row.ours.label})"
        print(
            f"{row.name:<52} {label:<27} {fmt(peer_v, row.unit) if peer_v else '':>11} "
            f"{fmt(ours_v, row.unit):>11} {'' if ratio is None else f'{ratio:,.2f}':>9}  {mark}"
        )
        out_rows.append(
            {
                "case": row.name,
                "equity_side": row.ours.label,
                "peer": row.peer.label if row.peer else None,
                "equity": ours_v,
                "peer_figure": peer_v,
                "unit": "per second" if row.unit == "rate" else "seconds",
                "ratio": ratio,
                "target": row.target,
                "rounds_equity": row.ours.figures,
                "rounds_peer": row.peer.figures if row.peer else None,
                "note": row.note,
            }
        )
    for row in rows:
        if row.note:
            print(f"  {row.name}: {row.note}")
    print(
        f"medians of {args.rounds} interleaved rounds on CPU {args.cpu}, 1 Numba thread; "
        "ratio > 1: equity (short deck in the short-deck rows, the double board in the "
        "double-board rows) is faster"
    )
    for label, check in checks.items():
        print(f"order check, {label}: {check}")
    equities = {}
    for spot, pk in ctx["pokerkit"].items():
        if pk is None or not pk.samples:
            continue
        hands, game = (PLO4_HU, "omaha") if spot.startswith("PLO4") else (HILO_HU, "omaha-hilo")
        ours_eq = float(equity.calculate(hands, game=game, method="exact").equity[0])
        p, se = pk.pooled()
        agree = abs(p - ours_eq) <= 4 * se
        equities[spot] = {"equity_exact": ours_eq, "pokerkit": p, "pokerkit_se": se}
        print(
            f"first player's equity, {spot}: equity {ours_eq:.4f} (exact), pokerkit "
            f"{p:.4f} +- {se:.4f} ({pk.samples:,} samples): "
            + ("agree (within 4 SE)" if agree else "DIFFER by more than 4 SE")
        )
    for note in notes:
        print(f"note: {note}")
    print(
        f"load average {load_start[0]:.2f} at the start, {load_end[0]:.2f} at the end; machine "
        f"check: two CPU-bound processes run {capacity:.2f}x one alone"
    )
    if args.json:
        write_json(
            args.json,
            {
                "rows": out_rows,
                "checks": checks,
                "equities": equities,
                "notes": notes,
                "load_average": {"start": load_start, "end": load_end},
                "machine_check": capacity,
                "machine": machine_info(),
                "args": {k: str(v) for k, v in vars(args).items()},
            },
        )


if __name__ == "__main__":
    sys.exit(main())
