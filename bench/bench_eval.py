"""Hand-evaluation throughput: equity's batch kernel against other evaluators.

Run ``python bench/bench_eval.py`` (``--quick`` for a smaller run, ``--json
PATH`` to keep the figures).  In one run it

1. draws N random 7-card hands (distinct cards, seeded numpy) and takes the
   first five cards of each as the 5-card hands; each peer evaluator gets a
   prefix of the same hands, converted to its own card objects beforehand
   (conversion is not timed), sized so that each peer runs a few seconds;
2. in each of 3 rounds, times ``equity.kernels.holdem.evaluate_batch``
   (warm) on 1 thread, 2 threads and all threads, the public wrapper
   ``equity.evaluators.poker.evaluate_batch``, and each installed peer (eval7, treys,
   phevaluator, pokerkit) in a plain Python loop; every figure is the best
   of its 3 rounds.  Interleaving keeps a slow phase of a shared machine
   from landing on one side of a ratio only;
3. checks that every peer orders the same hands as equity does (signs of
   pairwise comparisons on shuffled pairs);
4. prints a table and the target lines (1-thread 7-card rate >= 120x eval7,
   2-thread / 1-thread >= 1.8);
5. times CLI start-up (``equity eval As Ks Qs Js Ts`` against ``python -c
   "import numba, numpy"``, target <= 2x) and checks that a warm CLI run
   writes nothing to numba's cache (no compilation).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
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
    time_command,
    write_json,
)

import equity
from equity.evaluators.poker import evaluate_batch as public_evaluate_batch
from equity.kernels import holdem
from equity.lookup import holdem_tables

RANKS = "23456789TJQKA"
SUITS = "cdhs"
CARD_STRINGS = [r + s for r in RANKS for s in SUITS]  # index = 4*rank + suit

DEFAULT_N = 2_000_000
QUICK_N = 200_000
REPEATS = 3
CLI_RUNS = 5

TARGET_VS_EVAL7 = 120.0
TARGET_SCALING = 1.8
TARGET_CLI = 2.0


# --------------------------------------------------------------------------
# Hands


def random_hands(n: int, k: int, rng: np.random.Generator) -> np.ndarray:
    """``uint8[n, k]`` random hands, each of ``k`` distinct cards (0..51)."""
    hands = rng.integers(0, 52, size=(n, k), dtype=np.uint8)
    while True:
        s = np.sort(hands, axis=1)
        bad = np.flatnonzero((s[:, 1:] == s[:, :-1]).any(axis=1))
        if bad.size == 0:
            return hands
        hands[bad] = rng.integers(0, 52, size=(bad.size, k), dtype=np.uint8)


# --------------------------------------------------------------------------
# Peers
#
# Each peer converts ``uint8[m, k]`` hands to its own objects (not timed),
# evaluates them all in one Python loop (timed), and turns its results into
# scores where bigger is better (for the ordering check, not timed).


@dataclass
class Peer:
    name: str
    n7: int  # hands per run, sized for a few seconds on a typical core
    n5: int
    convert: Callable[[np.ndarray], Any]
    run: Callable[[Any], list[Any]]
    scores: Callable[[list[Any]], np.ndarray]
    note: str = ""
    results: dict[str, Any] = field(default_factory=dict)


def _eval7_peer() -> Peer:
    import eval7

    deck = [eval7.Card(s) for s in CARD_STRINGS]
    evaluate = eval7.evaluate

    def convert(hands: np.ndarray) -> list[list[Any]]:
        return [[deck[c] for c in row] for row in hands.tolist()]

    def run(objs: list[list[Any]]) -> list[int]:
        return [evaluate(h) for h in objs]

    return Peer(
        "eval7", 2_000_000, 2_000_000, convert, run,
        lambda r: np.asarray(r, dtype=np.int64), "eval7.evaluate(cards)",
    )  # fmt: skip


def _treys_peer() -> Peer:
    from treys import Card, Evaluator

    deck = [Card.new(s) for s in CARD_STRINGS]
    evaluate = Evaluator().evaluate

    def convert(hands: np.ndarray) -> list[tuple[list[int], list[int]]]:
        # treys takes (board, hand): 7 cards as 5 + 2, 5 cards as 3 + 2
        b = hands.shape[1] - 2
        return [([deck[c] for c in row[:b]], [deck[c] for c in row[b:]]) for row in hands.tolist()]

    def run(objs: list[tuple[list[int], list[int]]]) -> list[int]:
        return [evaluate(board, hand) for board, hand in objs]

    return Peer(
        "treys", 150_000, 500_000, convert, run,
        lambda r: -np.asarray(r, dtype=np.int64), "Evaluator().evaluate(board, hand)",
    )  # fmt: skip


def _phevaluator_peer() -> Peer:
    from phevaluator import evaluate_cards

    # phevaluator's card id is 4*rank + suit (2c = 0 ... As = 51), as in equity
    def convert(hands: np.ndarray) -> list[tuple[int, ...]]:
        return [tuple(row) for row in hands.tolist()]

    def run(objs: list[tuple[int, ...]]) -> list[int]:
        return [evaluate_cards(*h) for h in objs]

    return Peer(
        "phevaluator", 500_000, 500_000, convert, run,
        lambda r: -np.asarray(r, dtype=np.int64), "evaluate_cards(*card_ids)",
    )  # fmt: skip


def _pokerkit_peer() -> Peer:
    from pokerkit import Card, StandardHighHand

    deck = [next(iter(Card.parse(s))) for s in CARD_STRINGS]
    from_game = StandardHighHand.from_game

    def convert(hands: np.ndarray) -> list[tuple[tuple[Any, ...], tuple[Any, ...]]]:
        # (hole, board): 2 hole cards and the rest on the board
        return [(tuple(deck[c] for c in row[:2]), tuple(deck[c] for c in row[2:]))
                for row in hands.tolist()]  # fmt: skip

    def run(objs: list[tuple[tuple[Any, ...], tuple[Any, ...]]]) -> list[Any]:
        return [from_game(hole, board) for hole, board in objs]

    return Peer(
        "pokerkit", 8_000, 50_000, convert, run,
        lambda r: np.asarray([h.entry.index for h in r], dtype=np.int64),
        "StandardHighHand.from_game(hole, board)",
    )  # fmt: skip


PEER_FACTORIES = {
    "eval7": _eval7_peer,
    "treys": _treys_peer,
    "phevaluator": _phevaluator_peer,
    "pokerkit": _pokerkit_peer,
}


def ordering_mismatches(ours: np.ndarray, theirs: np.ndarray, rng: np.random.Generator) -> int:
    """Shuffled pairs (i, perm[i]) whose comparison signs differ."""
    perm = rng.permutation(ours.size)
    a = np.sign(ours.astype(np.int64) - ours.astype(np.int64)[perm])
    b = np.sign(theirs - theirs[perm])
    return int(np.count_nonzero(a != b))


# --------------------------------------------------------------------------
# equity


def thread_counts() -> list[int]:
    most = numba.config.NUMBA_NUM_THREADS
    return sorted({t for t in (1, 2, most) if t <= most})


def time_equity(hands: np.ndarray, threads: int, repeats: int) -> float:
    """Evaluations per second of the batch kernel on ``threads`` threads (best of ``repeats``)."""
    tables = holdem_tables()
    out = np.empty(hands.shape[0], dtype=np.int32)
    numba.set_num_threads(threads)
    try:
        holdem.evaluate_batch(hands, tables, out)  # warm: compile / load, fault pages in
        seconds = best_of(lambda: holdem.evaluate_batch(hands, tables, out), repeats)
    finally:
        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    return hands.shape[0] / seconds


def time_public(hands: np.ndarray, repeats: int) -> float:
    public_evaluate_batch(hands)
    return hands.shape[0] / best_of(lambda: public_evaluate_batch(hands), repeats)


def time_peer(peer: Peer, objs: Any) -> tuple[float, list[Any]]:
    """Seconds of one plain Python loop of ``peer`` over ``objs``, and its results."""
    start = time.perf_counter()
    results = peer.run(objs)
    return time.perf_counter() - start, results


# --------------------------------------------------------------------------
# CLI start-up


def cli_command() -> list[str] | None:
    script = Path(sys.executable).with_name("equity")
    if script.exists():
        return [str(script)]
    found = shutil.which("equity")
    if found:
        return [found]
    return [sys.executable, "-m", "equity"]


def bench_cli(runs: int) -> dict[str, Any]:
    base_cmd = [sys.executable, "-c", "import numba, numpy"]
    base, proc = time_command(base_cmd, runs=runs, warmup=1)
    res: dict[str, Any] = {"runs": runs, "import_numba_numpy_s": base}
    prefix = cli_command()
    assert prefix is not None
    cmd = [*prefix, "eval", "As", "Ks", "Qs", "Js", "Ts"]
    res["command"] = " ".join(cmd)
    res["label"] = " ".join([Path(prefix[0]).name, *prefix[1:], *cmd[len(prefix) :]])
    cli, proc = time_command(cmd, runs=runs, warmup=1)
    if cli is None:
        err = (proc.stderr or proc.stdout).strip().splitlines()
        res["available"] = False
        res["error"] = err[-1] if err else f"exit status {proc.returncode}"
        return res
    res["available"] = True
    res["cli_s"] = cli
    res["ratio"] = cli / base if base else None
    res["cli_stdout"] = proc.stdout.strip()
    # A warm run must load everything from numba's cache: count cache writes.
    _, dbg = time_command(cmd, runs=1, warmup=0, env={"NUMBA_DEBUG_CACHE": "1"})
    text = (dbg.stdout or "") + (dbg.stderr or "")
    res["cache_writes"] = sum(
        1 for line in text.splitlines() if "index saved" in line or "data saved" in line
    )
    res["cache_loads"] = sum(1 for line in text.splitlines() if "data loaded" in line)
    # For comparison (no target): a command that runs compiled kernels pays
    # numba's first-dispatch set-up and the cache loads on top.
    query = [*prefix, "query", "AsKs", "QhQd", "--mc", "--trials", "100000", "--seed", "1"]
    res["query_label"] = " ".join([Path(prefix[0]).name, *query[len(prefix) :]])
    res["query_s"], _ = time_command(query, runs=runs, warmup=1)
    return res


# --------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--n",
        type=int,
        default=None,
        help=f"hands for equity (default {DEFAULT_N:,}; {QUICK_N:,} with --quick)",
    )
    ap.add_argument(
        "--quick",
        action="store_true",
        help="smaller run: fewer hands, peer subsets / 10, 3 CLI runs",
    )
    ap.add_argument(
        "--peers",
        default=",".join(PEER_FACTORIES),
        help="comma-separated peers to run (default: all installed)",
    )
    ap.add_argument("--no-cli", action="store_true", help="skip the CLI start-up timing")
    ap.add_argument("--seed", type=int, default=20240607)
    ap.add_argument("--json", metavar="PATH", help="also write all figures as JSON")
    args = ap.parse_args(argv)  # fmt: skip

    n = args.n or (QUICK_N if args.quick else DEFAULT_N)
    scale = 0.1 if args.quick else 1.0
    rng = np.random.default_rng(args.seed)
    t0 = time.perf_counter()

    hands7 = random_hands(n, 7, rng)
    hands5 = np.ascontiguousarray(hands7[:, :5])
    print(
        f"equity {equity.__version__}, numba {numba.__version__}, numpy {np.__version__}, "
        f"{numba.config.NUMBA_NUM_THREADS} numba threads, {os.cpu_count()} CPUs"
    )
    print(f"{n:,} random hands (seed {args.seed}); peers evaluate a prefix of the same hands")

    # ---- peers: convert (untimed), then time one Python loop each
    peers: list[Peer] = []
    for name in [p.strip() for p in args.peers.split(",") if p.strip()]:
        if name not in PEER_FACTORIES:
            ap.error(f"unknown peer {name!r} (known: {', '.join(PEER_FACTORIES)})")
        if not peer_available(name):
            print(f"  {name}: not installed (pip install -e .[bench]), skipped")
            continue
        peers.append(PEER_FACTORIES[name]())

    peer_objs: dict[tuple[str, int], Any] = {}
    for peer in peers:
        for k, hands, size in ((7, hands7, peer.n7), (5, hands5, peer.n5)):
            m = max(100, min(n, int(size * scale)))
            objs = peer_objs[peer.name, k] = peer.convert(hands[:m])
            peer.run(objs[:100])  # warm: lazy tables, imports
            peer.results[f"{k}"] = {"hands": m, "seconds": float("inf"), "round_seconds": []}

    # ---- rounds: equity's kernel on 1, 2, all threads and its public wrapper,
    #      then every peer; each figure is the best of its rounds
    equity_rates: dict[int, dict[str, float]] = {t: {"7": 0.0, "5": 0.0} for t in thread_counts()}
    public_rates = {"7": 0.0, "5": 0.0}
    round_ratios: list[float] = []
    for i in range(REPEATS):
        for t in equity_rates:
            for k, hands in (("7", hands7), ("5", hands5)):
                equity_rates[t][k] = max(equity_rates[t][k], time_equity(hands, t, 1))
        for k, hands in (("7", hands7), ("5", hands5)):
            public_rates[k] = max(public_rates[k], time_public(hands, 1))
        for peer in peers:
            for k in (7, 5):
                seconds, results = time_peer(peer, peer_objs[peer.name, k])
                res = peer.results[f"{k}"]
                res["round_seconds"].append(seconds)
                res["seconds"] = min(res["seconds"], seconds)
                if i == 0:
                    res["scores"] = peer.scores(results)
            if peer.name == "eval7":  # this round's ratio: equity timed right after eval7
                eval7_now = peer.results["7"]["hands"] / peer.results["7"]["round_seconds"][-1]
                one_now = time_equity(hands7, 1, 1)
                equity_rates[1]["7"] = max(equity_rates[1]["7"], one_now)
                round_ratios.append(one_now / eval7_now)
        print(f"  round {i + 1}/{REPEATS} done")
    for peer in peers:
        for k in ("7", "5"):
            res = peer.results[k]
            res["evals_per_s"] = res["hands"] / res["seconds"]
            print(f"  {peer.name:<12} {k}-card: {res['hands']:>9,} hands, best "
                  f"{res['seconds']:6.2f} s of {REPEATS} rounds")  # fmt: skip
    print(f"  equity: numba threading layer {numba.threading_layer()}")

    # ---- ordering check against every peer, on that peer's hands
    ours = {"7": public_evaluate_batch(hands7), "5": public_evaluate_batch(hands5)}
    check_rng = np.random.default_rng(args.seed + 1)
    mismatches: dict[str, dict[str, int]] = {}
    for peer in peers:
        mismatches[peer.name] = {}
        for k, res in peer.results.items():
            theirs = res.pop("scores")
            ours_k = ours[k][: theirs.size]
            mismatches[peer.name][k] = ordering_mismatches(ours_k, theirs, check_rng)

    # ---- table
    e7 = next((p for p in peers if p.name == "eval7"), None)

    def vs_eval7(rate: float, k: str) -> str | None:
        return f"{rate / e7.results[k]['evals_per_s']:,.1f}x" if e7 else None

    rows = []
    most = max(equity_rates)
    for t, r in equity_rates.items():
        rows.append({"implementation": "equity kernel", "threads": t,
                     "7-card M/s": fmt_rate(r["7"]), "5-card M/s": fmt_rate(r["5"]),
                     "vs eval7 (7)": vs_eval7(r["7"], "7"),
                     "vs eval7 (5)": vs_eval7(r["5"], "5")})  # fmt: skip
    rows.append({"implementation": "equity public API", "threads": most,
                 "7-card M/s": fmt_rate(public_rates["7"]),
                 "5-card M/s": fmt_rate(public_rates["5"]),
                 "vs eval7 (7)": vs_eval7(public_rates["7"], "7"),
                 "vs eval7 (5)": vs_eval7(public_rates["5"], "5")})  # fmt: skip
    for peer in peers:
        r7, r5 = peer.results["7"]["evals_per_s"], peer.results["5"]["evals_per_s"]
        rows.append({"implementation": peer.name, "threads": 1,
                     "7-card M/s": fmt_rate(r7, 3), "5-card M/s": fmt_rate(r5, 3),
                     "vs eval7 (7)": vs_eval7(r7, "7"),
                     "vs eval7 (5)": vs_eval7(r5, "5")})  # fmt: skip
    columns = ["implementation", "threads", "7-card M/s", "5-card M/s",
               "vs eval7 (7)", "vs eval7 (5)"]  # fmt: skip
    print()
    print_table(rows, columns, title="Hand evaluations per second (millions; higher is better)")

    # ---- targets
    summary: dict[str, Any] = {}
    print()
    for peer in peers:
        mm = mismatches[peer.name]
        print(f"ordering vs {peer.name:<12}: {mm['7']} mismatches / {peer.results['7']['hands']:,}"
              f" 7-card pairs, {mm['5']} / {peer.results['5']['hands']:,} 5-card pairs"
              " (expect 0)")  # fmt: skip
    one = equity_rates[1]["7"]
    if e7:
        ratio = one / e7.results["7"]["evals_per_s"]
        summary["vs_eval7_1thread_7card"] = ratio
        ok = "OK" if ratio >= TARGET_VS_EVAL7 else "BELOW TARGET"
        print(f"equity 1-thread 7-card / eval7      = {ratio:8.1f}x  "
              f"(target >= {TARGET_VS_EVAL7:g}x)  {ok}")  # fmt: skip
        summary["vs_eval7_1thread_7card_by_round"] = round_ratios
        print(
            "  (best of each side over the rounds; each round's own ratio, equity timed "
            "right after eval7: " + ", ".join(f"{r:.1f}x" for r in round_ratios) + ")"
        )
    else:
        print("equity 1-thread 7-card / eval7      = n/a (eval7 not installed)")
    if 2 in equity_rates:
        scaling = equity_rates[2]["7"] / one
        summary["scaling_2_over_1_7card"] = scaling
        ok = "OK" if scaling >= TARGET_SCALING else "BELOW TARGET"
        print(f"equity 2-thread / 1-thread (7-card) = {scaling:8.2f}x  "
              f"(target >= {TARGET_SCALING:g})  {ok}")  # fmt: skip
    else:
        print("equity 2-thread / 1-thread (7-card) = n/a (numba has 1 thread)")
    if 2 in equity_rates:
        capacity = cpu_parallel_capacity(2)
        summary["machine_2process_capacity"] = capacity
        print(
            f"  (machine check: 2 concurrent CPU-bound processes get {capacity:.2f}x the "
            "throughput of one; the ceiling for the line above)"
        )
    if most > 2:
        summary[f"scaling_{most}_over_1_7card"] = equity_rates[most]["7"] / one
        print(f"equity {most}-thread / 1-thread (7-card) = "
              f"{equity_rates[most]['7'] / one:8.2f}x")  # fmt: skip

    # ---- CLI start-up
    cli: dict[str, Any] | None = None
    if not args.no_cli:
        cli = bench_cli(3 if args.quick else CLI_RUNS)
        print()
        base = cli["import_numba_numpy_s"]
        print(f"python -c 'import numba, numpy'     : {base:.3f} s (median of {cli['runs']})"
              if base is not None else "python -c 'import numba, numpy' failed")  # fmt: skip
        if not cli["available"]:
            print(f"CLI not available ({cli['command']}: {cli['error']})")
        else:
            ok = "OK" if cli["ratio"] <= TARGET_CLI else "ABOVE TARGET"
            print(f"{cli['label']:<36}: {cli['cli_s']:.3f} s (median of {cli['runs']})")
            print(f"CLI / import ratio                  = {cli['ratio']:8.2f}x  "
                  f"(target <= {TARGET_CLI:g}x)  {ok}")  # fmt: skip
            ok = "OK" if cli["cache_writes"] == 0 else "COMPILED"
            print(f"numba cache writes in a warm CLI run = {cli['cache_writes']} (expect 0) {ok}; "
                  f"{cli['cache_loads']} cache loads")  # fmt: skip
            if cli.get("query_s"):
                print(f"{cli['query_label']}: {cli['query_s']:.3f} s "
                      f"({cli['query_s'] / base:.2f}x the import; kernels, no target)")  # fmt: skip
    print(f"\n(total bench time {time.perf_counter() - t0:.1f} s)")

    if args.json:
        write_json(args.json, {
            "machine": machine_info(),
            "numba_threads": numba.config.NUMBA_NUM_THREADS,
            "n": n, "seed": args.seed, "repeats": REPEATS, "quick": args.quick,
            "equity_kernel_evals_per_s": {str(t): r for t, r in equity_rates.items()},
            "equity_public_evals_per_s": public_rates,
            "peers": {p.name: {"api": p.note, **p.results} for p in peers},
            "ordering_mismatches": mismatches,
            "summary": summary,
            "targets": {"vs_eval7_1thread_7card": TARGET_VS_EVAL7,
                        "scaling_2_over_1_7card": TARGET_SCALING, "cli_ratio": TARGET_CLI},
            "cli": cli,
        })  # fmt: skip
        print(f"figures written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
