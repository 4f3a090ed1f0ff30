"""Side by side with XiaPL: hold'em and PLO equity, batch evaluation, the small call.

XiaPL (PyPI ``xiapl`` 0.1.0, MIT) is a C++20 core behind a typed Python API:
hold'em and PLO evaluation and equity, exact or seeded Monte-Carlo, heads-up
range against range.  This script times, in one process pinned to one CPU and
on one thread on both sides (``threads=1``; XiaPL's ``SimulationOptions.threads
= 1``), every workload both libraries offer:

- hold'em exact: hand v hand (preflop, and three-way), hand v range, range v
  range (preflop and on a flop);
- hold'em Monte-Carlo: heads-up, three-way and six-way with known hands;
- PLO exact and Monte-Carlo, AsAhKsKh v QdQcJdJc;
- batch evaluation, seven-card hold'em and PLO hands: ``evaluate_batch(...,
  out=)`` and ``evaluate_omaha_batch`` against XiaPL's ``evaluate_mask`` and
  ``evaluate_hand(..., game=Plo)`` once per hand (XiaPL's Python API has no
  batch entry);
- the small call: a warm ``calculate(["AsKs", "QhQd"], board="Qs7s2h")`` against
  ``calculate_equity`` on the same spot (its masks built beforehand), each the
  median of single calls timed one by one, and ``calculate_many`` on 25 flops
  (a spot) against XiaPL's single calls on the same flops.

Answers are checked before anything is timed: exact equities must be equal
(to 1e-12), Monte-Carlo ones within five combined standard errors of each
other, and the evaluators must order every pair of a sample of hands the same
way.  XiaPL answers a Monte-Carlo request of as many trials as there are boards
(or more) by enumerating, so the Monte-Carlo cases ask for fewer; its ``exact``
flag is checked false.

Every case is run once untimed first (Numba's kernels loaded, XiaPL's tables
built); then, round by round, both sides alternate (which goes first flips each
round), each run repeated to last about ``--seconds``, and each figure is the
median over ``--rounds`` rounds.  The table prints both figures, the ratio
(above 1: equity is faster), the lowest and highest of the rounds' own ratios
and the target (1.5x); the load average is printed at the start and the end::

    python bench/bench_xiapl.py                     # 5 rounds: 1.5-4 minutes (the load decides)
    python bench/bench_xiapl.py --rounds 3 --cases "small call,batch 7-card" --json out.json
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numba
import numpy as np
from _common import machine_info, peer_available, pin_cpus, write_json

import equity

TARGET = 1.5
"""equity must be at least this many times faster than XiaPL on every row."""

TRIALS = 1_000_000
"""Monte-Carlo deals of a heads-up or three-way run: fewer than the boards (1,712,304 and
1,370,754), so that XiaPL samples instead of enumerating."""

SIX = ["AsKs", "QhQd", "JcTc", "9d9c", "8h7h", "5s4s"]
"""Six known hands: 40 cards left, 658,008 boards."""

SIX_TRIALS = 400_000
"""Monte-Carlo deals of the six-way case: fewer than its 658,008 boards."""

FLOPS = ["2c3d4h", "Kd7c2s", "9h8h2d", "JcTd5s", "6c6d9s"] * 5
"""The 25 flops of the many-spots case (as ``bench_latency.py``)."""


def xmask(cards: str) -> int:
    """XiaPL's mask of a card string ("AsKs"): bit ``suit * 13 + rank`` (suits c d h s)."""
    mask = 0
    for i in range(0, len(cards), 2):
        rank, suit = "23456789TJQKA".index(cards[i]), "cdhs".index(cards[i + 1])
        mask |= 1 << (suit * 13 + rank)
    return mask


def xmask_codes(codes: np.ndarray) -> list[int]:
    """XiaPL's masks of rows of equity's card codes (``4 * rank + suit``)."""
    bits = (1 << ((codes & 3).astype(np.int64) * 13 + (codes >> 2))).sum(axis=1)
    return [int(b) for b in bits]


def options(trials: int = 0, seed: int = 1) -> Any:
    """XiaPL's options on one thread: exact (``trials`` 0) or seeded Monte-Carlo."""
    from xiapl.simulation import SimulationOptions

    opts = SimulationOptions.exact() if trials == 0 else SimulationOptions.mc_seeded(trials, seed)
    opts.threads = 1
    return opts


@dataclass(frozen=True)
class Case:
    """One workload on both sides.

    ``ours`` and ``theirs`` run it once and return an answer ``check`` compares
    (equity's per player, exact or with standard errors); ``work`` is what a run
    counts (deals, hands; 1 for a call), ``unit`` how the table shows its rate.
    """

    name: str
    ours: Callable[[], Any]
    theirs: Callable[[], Any]
    check: Callable[[Any, Any], str | None]
    work: int = 1
    unit: str = "call"
    single: bool = False
    """Time calls one by one and keep their median (calls of microseconds)."""


def same_exact(mine: Any, peer: Any) -> str | None:
    """Why two exact answers differ, or None: equities equal to 1e-12."""
    a, b = np.asarray(mine, dtype=float), np.asarray(peer, dtype=float)
    if a.shape != b.shape or np.max(np.abs(a - b)) > 1e-12:
        return f"equity {np.round(a, 6).tolist()} v XiaPL {np.round(b, 6).tolist()}"
    return None


def same_mc(mine: Any, peer: Any) -> str | None:
    """Why two Monte-Carlo answers disagree, or None: within five combined errors."""
    (a, sa), (b, sb, exact) = mine, peer
    if exact:
        return "XiaPL enumerated instead of sampling"
    tol = 5 * np.sqrt(np.asarray(sa) ** 2 + np.asarray(sb) ** 2) + 1e-9
    if np.any(np.abs(np.asarray(a) - np.asarray(b)) > tol):
        return f"equity {np.round(a, 4).tolist()} v XiaPL {np.round(b, 4).tolist()}"
    return None


def same_order(mine: Any, peer: Any) -> str | None:
    """Why two evaluators order hands differently, or None (every pair of a sample)."""
    values, keys = np.asarray(mine), peer
    rng = np.random.default_rng(5)
    n = min(len(values), len(keys))
    i, j = rng.integers(0, n, 200_000), rng.integers(0, n, 200_000)
    ours = np.sign(values[i].astype(np.int64) - values[j])
    theirs = np.array(
        [(keys[a] > keys[b]) - (keys[a] < keys[b]) for a, b in zip(i, j, strict=True)]
    )
    bad = int(np.count_nonzero(ours != theirs))
    return f"{bad} of 200,000 pairs ordered differently" if bad else None


def xkey(value: Any) -> tuple[int, tuple[int, ...]]:
    """A XiaPL hand value as a sortable key: category, then kickers."""
    return int(value.category), tuple(value.kickers)


# --------------------------------------------------------------------------
# the cases


def exact_case(name: str, hands: list[str], board: str = "", game: str = "holdem") -> Case:
    """Known hands enumerated on both sides."""
    from xiapl.simulation import GameType, calculate_equity

    masks, bmask = [xmask(h) for h in hands], xmask(board)
    kind = GameType.Plo if game == "omaha" else GameType.Holdem
    opts = options()

    def ours() -> Any:
        return equity.calculate(hands, board, game=game, method="exact", threads=1).equity

    def theirs() -> Any:
        return [p.equity for p in calculate_equity(masks, bmask, opts, game=kind).players]

    return Case(name, ours, theirs, same_exact)


def range_case(name: str, hero: str, villain: str, board: str = "") -> Case:
    """Range against range (a hand is a range of one) enumerated on both sides."""
    from xiapl.range import Range
    from xiapl.simulation import RangeEquityMode, calculate_range_equity

    h, v, bmask, opts = Range.from_string(hero), Range.from_string(villain), xmask(board), options()

    def ours() -> Any:
        return equity.calculate([hero, villain], board, method="exact", threads=1).equity

    def theirs() -> Any:
        r = calculate_range_equity(h, v, bmask, opts, RangeEquityMode.AggregateOnly)
        return [r.hero_aggregate_equity, r.villain_aggregate_equity]

    return Case(name, ours, theirs, same_exact)


def mc_case(name: str, hands: list[str], trials: int, game: str = "holdem") -> Case:
    """Known hands, seeded Monte-Carlo on both sides, ``trials`` deals a run."""
    from xiapl.simulation import GameType, calculate_equity

    masks = [xmask(h) for h in hands]
    kind = GameType.Plo if game == "omaha" else GameType.Holdem
    opts = options(trials, seed=3)

    def ours() -> Any:
        r = equity.calculate(
            hands, game=game, method="monte-carlo", trials=trials, threads=1, seed=3
        )
        return r.equity, r.stderr

    def theirs() -> Any:
        r = calculate_equity(masks, 0, opts, game=kind)
        return [p.equity for p in r.players], [p.std_error for p in r.players], r.exact

    return Case(name, ours, theirs, same_mc, work=trials, unit="deals")


def batch7_case(n: int) -> Case:
    """``n`` random seven-card hands: equity's public batch (``out=``) v XiaPL per hand."""
    from xiapl.eval import evaluate_mask

    codes = random_hands(n, 7)
    masks, out = xmask_codes(codes), np.empty(n, dtype=np.int32)

    def ours() -> Any:
        return equity.evaluate_batch(codes, out=out).copy()

    def theirs() -> Any:
        return [xkey(evaluate_mask(m)) for m in masks]

    return Case("batch 7-card evaluation", ours, theirs, same_order, n, "hands")


def batch_plo_case(n: int) -> Case:
    """``n`` random PLO4 hands (four hole cards, five board cards), as above."""
    from xiapl.eval import evaluate_hand
    from xiapl.simulation import GameType

    codes = random_hands(n, 9)
    holes, boards = np.ascontiguousarray(codes[:, :4]), np.ascontiguousarray(codes[:, 4:])
    pairs = list(zip(xmask_codes(boards), xmask_codes(holes), strict=True))
    plo = GameType.Plo

    def ours() -> Any:
        return equity.evaluate_omaha_batch(holes, boards)[0]

    def theirs() -> Any:
        return [xkey(evaluate_hand(b, h, game=plo)) for b, h in pairs]

    return Case("batch PLO4 evaluation", ours, theirs, same_order, n, "hands")


def small_call_case() -> Case:
    """The small call: two known hands on a flop (990 turn and river pairs)."""
    from xiapl.simulation import calculate_equity

    hands, board = ["AsKs", "QhQd"], "Qs7s2h"
    masks, bmask, opts = [xmask(h) for h in hands], xmask(board), options()

    def ours() -> Any:
        return equity.calculate(hands, board).equity

    def theirs() -> Any:
        return [p.equity for p in calculate_equity(masks, bmask, opts).players]

    return Case("small call AsKs v QhQd on Qs7s2h", ours, theirs, same_exact, single=True)


def many_case() -> Case:
    """``calculate_many`` on 25 flops (one spot = one flop) v XiaPL's call per flop."""
    from xiapl.simulation import calculate_equity

    hands = ["AsKs", "QhQd"]
    masks, opts = [xmask(h) for h in hands], options()
    bmasks = [xmask(f) for f in FLOPS]

    def ours() -> Any:
        return np.asarray(equity.calculate_many(hands, boards=FLOPS, threads=1).equity)

    def theirs() -> Any:
        return [[p.equity for p in calculate_equity(masks, b, opts).players] for b in bmasks]

    return Case(
        "calculate_many, 25 flops", ours, theirs, same_exact, len(FLOPS), "spots", single=True
    )


def random_hands(n: int, k: int) -> np.ndarray:
    """``n`` rows of ``k`` distinct random card codes (uint8, seeded)."""
    rng = np.random.default_rng(7)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


def cases(batch: int) -> list[Case]:
    """Every case, in the table's order."""
    return [
        exact_case("exact AsKs v QhQd preflop", ["AsKs", "QhQd"]),
        exact_case("exact 3-way AsKs v QhQd v JcTc", ["AsKs", "QhQd", "JcTc"]),
        exact_case("exact 6-way known hands", SIX),
        range_case("exact AhKd v QQ+,AKs", "AhKd", "QQ+,AKs"),
        range_case("exact AA,KK v QQ,AKs", "AA,KK", "QQ,AKs"),
        range_case("exact QQ+,AKs v JJ-99,AQs,KQs on Ts9s2h", "QQ+,AKs", "JJ-99,AQs,KQs", "Ts9s2h"),
        mc_case("MC AsKs v QhQd", ["AsKs", "QhQd"], TRIALS),
        mc_case("MC 3-way AsKs v QhQd v JcTc", ["AsKs", "QhQd", "JcTc"], TRIALS),
        mc_case("MC 6-way known hands", SIX, SIX_TRIALS),
        exact_case("exact PLO AsAhKsKh v QdQcJdJc", ["AsAhKsKh", "QdQcJdJc"], game="omaha"),
        mc_case("MC PLO AsAhKsKh v QdQcJdJc", ["AsAhKsKh", "QdQcJdJc"], TRIALS, game="omaha"),
        batch7_case(batch),
        batch_plo_case(batch // 2),
        small_call_case(),
        many_case(),
    ]


# --------------------------------------------------------------------------
# timing


def timed(fn: Callable[[], Any], repeats: int, single: bool) -> float:
    """Seconds a run of ``fn`` takes: the mean of ``repeats`` runs, or their median when
    ``single`` (calls of microseconds, each timed alone)."""
    if single:
        times = []
        for _ in range(repeats):
            start = time.perf_counter_ns()
            fn()
            times.append(time.perf_counter_ns() - start)
        return statistics.median(times) / 1e9
    start = time.perf_counter()
    for _ in range(repeats):
        fn()
    return (time.perf_counter() - start) / repeats


def sized(fn: Callable[[], Any], seconds: float, single: bool) -> int:
    """Runs of ``fn`` that last about ``seconds`` together (``fn`` already warm)."""
    took = timed(fn, 1, False)
    if took < 1e-3:
        took = timed(fn, 50, False)
    return max(1, min(5_000 if single else 1_000, round(seconds / max(took, 1e-9))))


def show(seconds: float, case: Case) -> str:
    """A run's figure as the table prints it."""
    if case.unit == "call":
        return f"{seconds * 1e3:.3f} ms" if seconds >= 1e-3 else f"{seconds * 1e6:.1f} us"
    if case.unit == "spots":
        return f"{seconds / case.work * 1e6:.1f} us/spot"
    return f"{case.work / seconds / 1e6:.2f} M {case.unit}/s"


def main(argv: list[str] | None = None) -> int:
    """Check every case, time it on both sides, print the table."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds (median)")
    ap.add_argument("--seconds", type=float, default=0.15, help="about this long per run")
    ap.add_argument("--batch", type=int, default=200_000, help="hands of the batch evaluation")
    ap.add_argument("--cases", default="", help="comma-separated parts of case names")
    ap.add_argument("--json", type=Path, help="also write every figure as JSON")
    args = ap.parse_args(argv)
    if not peer_available("xiapl"):
        print("skipped: XiaPL is not installed (pip install -e .[bench])", file=sys.stderr)
        return 0
    import xiapl

    numba.set_num_threads(1)
    pin_cpus({min(os.sched_getaffinity(0))})
    load_start = os.getloadavg()
    print(f"load average {load_start[0]:.2f} {load_start[1]:.2f} {load_start[2]:.2f}", flush=True)
    wanted = [w.strip() for w in args.cases.split(",") if w.strip()]
    chosen = [c for c in cases(args.batch) if not wanted or any(w in c.name for w in wanted)]

    repeats: dict[str, tuple[int, int]] = {}
    for case in chosen:  # warm, check, size
        reason = case.check(case.ours(), case.theirs())
        if reason is not None:
            print(f"{case.name}: answers differ: {reason}", file=sys.stderr)
            return 1
        repeats[case.name] = (
            sized(case.ours, args.seconds, case.single),
            sized(case.theirs, args.seconds, case.single),
        )
    print(f"answers checked: {len(chosen)} cases", flush=True)

    figures: dict[str, tuple[list[float], list[float]]] = {c.name: ([], []) for c in chosen}
    for r in range(args.rounds):
        for case in chosen:
            n_ours, n_theirs = repeats[case.name]
            order = (0, 1) if r % 2 == 0 else (1, 0)
            for side in order:
                if side == 0:
                    figures[case.name][0].append(timed(case.ours, n_ours, case.single))
                else:
                    figures[case.name][1].append(timed(case.theirs, n_theirs, case.single))
        print(f"round {r + 1}/{args.rounds} done", file=sys.stderr, flush=True)
    load_end = os.getloadavg()

    rows = []
    print(f"{'case':<44} {'XiaPL':>18} {'equity':>18} {'ratio':>6} {'rounds':>11} {'target':>9}")
    for case in chosen:
        mine_runs, peer_runs = figures[case.name]
        mine, peer = statistics.median(mine_runs), statistics.median(peer_runs)
        paired = [b / a for a, b in zip(mine_runs, peer_runs, strict=True)]
        ratio = peer / mine
        mark = f">={TARGET:g} " + ("met" if ratio >= TARGET else "NOT")
        print(
            f"{case.name:<44} {show(peer, case):>18} {show(mine, case):>18} {ratio:>6.2f} "
            f"{min(paired):>5.2f}-{max(paired):<5.2f} {mark:>9}"
        )
        rows.append(
            {
                "case": case.name,
                "equity_s": mine,
                "xiapl_s": peer,
                "work": case.work,
                "unit": case.unit,
                "ratio": ratio,
                "round_ratios": paired,
                "target": TARGET,
                "met": ratio >= TARGET,
            }
        )
    print(
        f"one thread, one CPU, warm; medians of {args.rounds} interleaved rounds (single calls: "
        f"the median of calls timed one by one); ratio = XiaPL's time / equity's; load average "
        f"{load_start[0]:.2f} at the start, {load_end[0]:.2f} at the end"
    )
    if args.json:
        write_json(
            args.json,
            {
                "machine": machine_info(),
                "xiapl": getattr(xiapl, "__version__", "0.1.0"),
                "load": {"start": load_start, "end": load_end},
                "rounds": args.rounds,
                "rows": rows,
            },
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
