"""Equity-calculation speed: ``equity.calculate`` against eval7 and pokerkit.

Run ``python bench/bench_equity.py`` (``--quick`` for a smaller run, ``--json
PATH`` to keep the figures).  In one run it times

a. heads-up AsKs vs QhQd preflop, Monte-Carlo deals per second on 1 thread,
   2 threads and all threads, beside ``eval7.py_hand_vs_range_monte_carlo``
   and pokerkit's ``calculate_equities`` (small sample: it is slow);
b. the same match-up enumerated exactly (1,712,304 boards; ``method="exact"``,
   1 thread, best of 5) beside a plain eval7 loop over every board (a tenth
   of them with ``--quick``, extrapolated);
c. AsKs against 5 random hands (6-handed hold'em), Monte-Carlo;
d. Zha Jin Hua, AhKdQc against 5 random hands, Monte-Carlo;
e. peak memory of heads-up Monte-Carlo at 10^7 and 10^9 deals (10^6 and
   10^8 with ``--quick``), each in a fresh subprocess;
f. when ``equity.ranges`` is available, AhKd against the range "QQ+,AKs":
   exact and Monte-Carlo, beside eval7 (Monte-Carlo, and an exact loop timed
   on a subset of boards per combo and extrapolated) and pokerkit.

Every equity figure is warm: each case is run once untimed first, so numba
compilation or cache loading is not counted.  Monte-Carlo runs are sized
from a calibration run to last about 1.5 s (0.5 s with ``--quick``).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numba
import numpy as np
from _common import (
    cpu_parallel_capacity,
    machine_info,
    peer_available,
    print_table,
    write_json,
)

import equity
from equity import calculate

RANKS = "23456789TJQKA"
SUITS = "cdhs"
CARD_STRINGS = [r + s for r in RANKS for s in SUITS]

HERO, VILLAIN = "AsKs", "QhQd"
RANGE_HERO, RANGE_VILLAIN = "AhKd", "QQ+,AKs"
ZJH_HERO = "AhKdQc"
N_BOARDS = 1_712_304  # C(48, 5)

TARGET_MC_VS_EVAL7 = 4.0
TARGET_SCALING = 1.8
TARGET_EXACT_S = 0.01
TARGET_MEMORY_RATIO = 1.10  # "the same": peak RSS within 10 %
EXACT_REPEATS = 5

REPO = Path(__file__).resolve().parents[1]


# --------------------------------------------------------------------------
# helpers


def thread_counts() -> list[int]:
    most = numba.config.NUMBA_NUM_THREADS
    return sorted({t for t in (1, 2, most) if t <= most})


def round2(x: float, least: int = 1_000) -> int:
    """``x`` rounded to two significant digits, at least ``least``."""
    x = max(float(least), x)
    mag = 10 ** max(0, int(np.floor(np.log10(x))) - 1)
    return int(round(x / mag) * mag)


def timed(fn: Callable[[], Any]) -> tuple[Any, float]:
    start = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - start


def mrate(x: float | None) -> str | None:
    """Millions per second; small rates (pokerkit) keep two significant digits."""
    if x is None:
        return None
    m = x / 1e6
    return f"{m:,.2f}" if m >= 0.1 else f"{m:.2g}"


def secs(x: float | None) -> str | None:
    if x is None:
        return None
    return f"{x:.4f}" if x < 1 else f"{x:.2f}"


def times(x: float | None) -> str | None:
    if x is None:
        return None
    return f"{x:,.2f}x" if x >= 0.1 else f"{x:.2g}x"


_T0 = time.perf_counter()


def say(text: str) -> None:
    print(f"[{time.perf_counter() - _T0:5.1f} s] {text}", flush=True)


# --------------------------------------------------------------------------
# equity


Runner = Callable[[], dict[str, Any]]


def calibrate(run: Callable[[int], float], n: int, least: float = 0.25) -> tuple[int, float]:
    """(deals, seconds) of a run of ``n`` deals, ``n`` grown 4x until it lasts ``least`` s."""
    while True:
        w = run(n)
        if w >= least:
            return n, w
        n *= 4


def equity_mc(hands: Sequence[str], game: str, threads: int, seconds: float,
              seed: int) -> Runner:  # fmt: skip
    """Warm up and calibrate; return a runner timing a run of about ``seconds``."""

    def run(trials: int) -> tuple[Any, float]:
        return timed(lambda: calculate(list(hands), game=game, method="monte-carlo",
                                       trials=trials, seed=seed, threads=threads))  # fmt: skip

    run(20_000)  # warm: compile / load the cache, touch the tables
    n0, w0 = calibrate(lambda n: run(n)[1], 300_000)
    trials = round2(n0 / w0 * seconds, 100_000)

    def runner() -> dict[str, Any]:
        r, w = run(trials)
        return {"trials": int(r.samples), "wall_s": w, "elapsed_s": float(r.elapsed_s),
                "rate": r.samples / w, "equity": float(r.equity[0]),
                "stderr": float(r.stderr[0]), "threads": threads}  # fmt: skip

    return runner


def race(runners: dict[Any, Runner], rounds: int) -> dict[Any, dict[str, Any]]:
    """Run every runner once per round, interleaved; keep each one's fastest run.

    Interleaving spreads a burst of load from elsewhere over all contenders
    instead of one of them, so the ratios are steadier than back-to-back runs.
    """
    best: dict[Any, dict[str, Any]] = {}
    for _ in range(max(1, rounds)):
        for key, fn in runners.items():
            r = fn()
            if key not in best or r["wall_s"] < best[key]["wall_s"]:
                best[key] = r
    for r in best.values():
        r["rounds"] = max(1, rounds)
    return best


def equity_exact(hands: Sequence[str], repeats: int) -> dict[str, Any]:
    def run() -> tuple[Any, float]:
        return timed(lambda: calculate(list(hands), method="exact", threads=1))

    run()  # warm
    best_wall, best_elapsed, r = float("inf"), float("inf"), None
    for _ in range(repeats):
        r, w = run()
        best_wall = min(best_wall, w)
        best_elapsed = min(best_elapsed, float(r.elapsed_s))
    assert r is not None
    return {"boards": int(r.samples), "wall_s": best_wall, "elapsed_s": best_elapsed,
            "rate": r.samples / best_wall, "equity": float(r.equity[0]), "repeats": repeats,
            "threads": 1}  # fmt: skip


# --------------------------------------------------------------------------
# eval7


def eval7_mc(hero: str, villain: str, seconds: float) -> Runner:
    import eval7

    hand = [eval7.Card(hero[i : i + 2]) for i in range(0, len(hero), 2)]
    vrange = eval7.HandRange(villain)
    mc = eval7.py_hand_vs_range_monte_carlo
    mc(hand, vrange, [], 10_000)  # warm
    n0, w0 = calibrate(lambda n: timed(lambda: mc(hand, vrange, [], n))[1], 100_000)
    n = round2(n0 / w0 * seconds, 100_000)

    def runner() -> dict[str, Any]:
        eq, w = timed(lambda: mc(hand, vrange, [], n))
        return {
            "trials": n,
            "wall_s": w,
            "rate": n / w,
            "equity": float(eq),
            "threads": 1,
            "api": f"py_hand_vs_range_monte_carlo(hand, HandRange({villain!r}), [], n)",
        }

    return runner


def _eval7_boards(hero: Sequence[Any], villain: Sequence[Any], step: int) -> tuple[int, int, int]:
    """(boards, hero wins, ties) over every ``step``-th board of the 48-card deck."""
    import eval7

    dead = {str(c) for c in (*hero, *villain)}
    deck = [eval7.Card(s) for s in CARD_STRINGS if s not in dead]
    ev = eval7.evaluate
    h, v = tuple(hero), tuple(villain)
    n = wins = ties = 0
    for b in itertools.islice(itertools.combinations(deck, 5), 0, None, step):
        a, c = ev(h + b), ev(v + b)
        if a > c:
            wins += 1
        elif a == c:
            ties += 1
        n += 1
    return n, wins, ties


def eval7_exact(hero: str, villain: str, step: int) -> dict[str, Any]:
    """eval7.evaluate on both 7-card hands for every board (every ``step``-th)."""
    import eval7

    h = [eval7.Card(hero[:2]), eval7.Card(hero[2:])]
    v = [eval7.Card(villain[:2]), eval7.Card(villain[2:])]
    _eval7_boards(h, v, 100_000)  # warm
    (n, wins, ties), w = timed(lambda: _eval7_boards(h, v, step))
    return {"boards_timed": n, "boards": N_BOARDS, "wall_s_timed": w,
            "wall_s": w * N_BOARDS / n, "extrapolated": step > 1, "step": step,
            "rate": n / w, "equity": (wins + ties / 2) / n, "threads": 1}  # fmt: skip


def eval7_range_exact(hero: str, villain: str, step: int) -> dict[str, Any]:
    """Estimate of an eval7 exact loop over every villain combo x every board.

    Each villain combo that misses the hero's cards gets every ``step``-th
    board timed; the time is scaled up to all boards of all combos.
    """
    import eval7

    h = [eval7.Card(hero[:2]), eval7.Card(hero[2:])]
    hs = {str(c) for c in h}
    combos = [list(c) for c, _w in eval7.HandRange(villain).hands
              if not {str(x) for x in c} & hs]  # fmt: skip
    _eval7_boards(h, combos[0], 100_000)  # warm
    total_n = 0
    shares = []
    start = time.perf_counter()
    for v in combos:
        n, wins, ties = _eval7_boards(h, v, step)
        total_n += n
        shares.append((wins + ties / 2) / n)
    w = time.perf_counter() - start
    boards = N_BOARDS * len(combos)
    return {"combos": len(combos), "boards": boards, "boards_timed": total_n,
            "wall_s_timed": w, "wall_s": w * boards / total_n, "extrapolated": True,
            "step": step, "rate": total_n / w, "equity": float(np.mean(shares)),
            "threads": 1}  # fmt: skip


# --------------------------------------------------------------------------
# pokerkit


def pokerkit_mc(hero: str, villain: str, samples: int) -> dict[str, Any]:
    from pokerkit import Deck, StandardHighHand, parse_range
    from pokerkit.analysis import calculate_equities

    def run(n: int) -> list[float]:
        return calculate_equities((parse_range(hero), parse_range(villain)), (), 2, 5,
                                  Deck.STANDARD, (StandardHighHand,), sample_count=n)  # fmt: skip

    run(20)  # warm
    eq, w = timed(lambda: run(samples))
    return {"trials": samples, "wall_s": w, "rate": samples / w, "equity": float(eq[0]),
            "threads": 1,
            "api": "calculate_equities(ranges, (), 2, 5, Deck.STANDARD, (StandardHighHand,), "
                   "sample_count=n)"}  # fmt: skip


# --------------------------------------------------------------------------
# memory


_MEM_SCRIPT = """
import json, os, resource, sys, threading, time, tracemalloc
from equity import calculate

def rss_now():  # current resident set, KiB (Linux), else None
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024
    except OSError:
        return None

trials = int(sys.argv[1])
hands = ["AsKs", "QhQd"]
calculate(hands, method="monte-carlo", trials=100_000, seed=1)  # warm: load the cache
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
rss_before = rss_now()
peak_now = [rss_before or 0]
stop = threading.Event()

def sample():  # current RSS every 20 ms (whenever the GIL is free: between rounds)
    while not stop.wait(0.02):
        peak_now[0] = max(peak_now[0], rss_now() or 0)

sampler = threading.Thread(target=sample, daemon=True)
if rss_before is not None:
    sampler.start()
tracemalloc.start()
t = time.perf_counter()
r = calculate(hands, method="monte-carlo", trials=trials, seed=1)
wall = time.perf_counter() - t
peak = tracemalloc.get_traced_memory()[1]
tracemalloc.stop()
stop.set()
if rss_before is not None:
    sampler.join()
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"trials": trials, "samples": int(r.samples), "wall_s": wall,
                  "equity": float(r.equity[0]), "maxrss_before_kib": before,
                  "maxrss_kib": after, "tracemalloc_peak_bytes": peak,
                  "rss_before_kib": rss_before,
                  "rss_peak_during_kib": peak_now[0] if rss_before is not None else None,
                  "threads": r.threads}))
"""


def memory_run(trials: int) -> dict[str, Any]:
    proc = subprocess.run([sys.executable, "-c", _MEM_SCRIPT, str(trials)], cwd=REPO,
                          capture_output=True, text=True, timeout=1800, check=False)  # fmt: skip
    if proc.returncode != 0:
        err = (proc.stderr or proc.stdout).strip().splitlines()
        return {"trials": trials, "error": err[-1] if err else f"exit {proc.returncode}"}
    return json.loads(proc.stdout.strip().splitlines()[-1])


# --------------------------------------------------------------------------


def ranges_status() -> str | None:
    """None when range strings work in calculate, else why not."""
    try:
        import equity.ranges  # noqa: F401
    except Exception as e:
        return f"equity.ranges does not import ({type(e).__name__}: {e})"
    try:
        calculate([RANGE_HERO, RANGE_VILLAIN], method="monte-carlo", trials=1_000, seed=1)
    except Exception as e:
        return f"calculate does not take the range ({type(e).__name__}: {e})"
    return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true",
                    help="shorter runs: one 0.5 s Monte-Carlo round, eval7 exact on 1/10 "
                         "of the boards, memory at 10^6 and 10^8 deals")  # fmt: skip
    ap.add_argument("--no-memory", action="store_true", help="skip the memory runs (e)")
    ap.add_argument("--seed", type=int, default=20240607)
    ap.add_argument("--json", metavar="PATH", help="also write all figures as JSON")
    args = ap.parse_args(argv)  # fmt: skip

    quick = args.quick
    mc_seconds = 0.5 if quick else 1.2
    rounds = 1 if quick else 3
    pk_samples = 300 if quick else 2_000
    exact_step = 10 if quick else 1
    range_step = 100 if quick else 20
    mem_trials = (10**6, 10**8) if quick else (10**7, 10**9)
    seed = args.seed
    have_eval7 = peer_available("eval7")
    have_pokerkit = peer_available("pokerkit")
    t0 = time.perf_counter()

    say(f"equity {equity.__version__}, numba {numba.__version__}, numpy {np.__version__}, "
        f"{numba.config.NUMBA_NUM_THREADS} numba threads, {os.cpu_count()} CPUs"
        + (" (--quick)" if quick else ""))  # fmt: skip
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    if load is not None:
        busy = "  -- the machine is busy: figures will be low and noisy" if load > 0.5 else ""
        say(f"load average (1 min) before the run: {load:.2f}{busy}")
    for name, ok in (("eval7", have_eval7), ("pokerkit", have_pokerkit)):
        if not ok:
            say(f"  {name}: not installed (pip install -e .[bench]), skipped")

    res: dict[str, Any] = {}
    rows: list[dict[str, Any]] = []

    def add(case: str, impl: str, r: dict[str, Any] | None, unit: str, base: float | None,
            exact: bool = False) -> None:  # fmt: skip
        if r is None:
            return
        vs = None
        if base:  # speed-up: baseline time / this time, or this rate / baseline rate
            vs = base / r["wall_s"] if exact else r["rate"] / base
        rows.append({"case": case, "implementation": impl, "threads": r.get("threads", 1),
                     "samples": f"{r.get('trials', r.get('boards')):,}", "unit": unit,
                     "time s": secs(r["wall_s"]), "rate M/s": mrate(r["rate"]),
                     "hero equity": f"{r['equity']:.4f}", "vs eval7": times(vs)})  # fmt: skip

    # ---- (a) heads-up Monte-Carlo
    say(f"(a) {HERO} vs {VILLAIN} preflop, Monte-Carlo")
    runners: dict[Any, Runner] = {
        t: equity_mc([HERO, VILLAIN], "holdem", t, mc_seconds, seed) for t in thread_counts()
    }
    if have_eval7:
        runners["eval7"] = eval7_mc(HERO, VILLAIN, mc_seconds)
    best = race(runners, rounds)
    a: dict[str, Any] = {"equity": {t: best[t] for t in thread_counts()}}
    if have_eval7:
        a["eval7"] = best["eval7"]
    for key, r in best.items():
        name = f"equity {key} thread(s)" if key != "eval7" else "eval7"
        say(f"  {name}: {r['trials']:,} deals, {r['wall_s']:.2f} s (best of {rounds})")
    if have_pokerkit:
        a["pokerkit"] = pokerkit_mc(HERO, VILLAIN, pk_samples)
        say(f"  pokerkit: {pk_samples:,} deals, {a['pokerkit']['wall_s']:.2f} s")
    res["a_headsup_mc"] = a
    e7 = a.get("eval7", {}).get("rate")
    for r in a["equity"].values():
        add("(a) AsKs v QhQd MC", "equity", r, "deals", e7)
    add("(a) AsKs v QhQd MC", "eval7", a.get("eval7"), "deals", e7)
    add("(a) AsKs v QhQd MC", "pokerkit", a.get("pokerkit"), "deals", e7)

    # ---- (b) heads-up exact
    say(f"(b) {HERO} vs {VILLAIN} preflop, exact")
    b: dict[str, Any] = {"equity": equity_exact([HERO, VILLAIN], EXACT_REPEATS)}
    say(f"  equity: {b['equity']['wall_s']:.4f} s wall (best of {EXACT_REPEATS})")
    if have_eval7:
        b["eval7"] = eval7_exact(HERO, VILLAIN, exact_step)
        say(f"  eval7: {b['eval7']['boards_timed']:,} boards in {b['eval7']['wall_s_timed']:.2f} s")
    res["b_headsup_exact"] = b
    e7x = b.get("eval7", {}).get("wall_s")
    add("(b) AsKs v QhQd exact", "equity (best of 5)", b["equity"], "boards", e7x, exact=True)
    if "eval7" in b:
        label = ("eval7 loop, 1/10 boards, extrapolated" if b["eval7"]["extrapolated"]
                 else "eval7 loop, all boards")  # fmt: skip
        add("(b) AsKs v QhQd exact", label, b["eval7"], "boards", e7x, exact=True)

    # ---- (c) 6-handed hold'em
    say(f"(c) {HERO} vs 5 random, Monte-Carlo")
    c = race({t: equity_mc([HERO] + ["random"] * 5, "holdem", t, mc_seconds, seed)
              for t in thread_counts()}, rounds)  # fmt: skip
    res["c_6max_mc"] = c
    for r in c.values():
        add("(c) AsKs v 5 random MC", "equity", r, "deals", None)

    # ---- (d) Zha Jin Hua, 6 players
    say(f"(d) Zha Jin Hua {ZJH_HERO} vs 5 random, Monte-Carlo")
    d = race({t: equity_mc([ZJH_HERO] + ["random"] * 5, "zjh", t, mc_seconds, seed)
              for t in thread_counts()}, rounds)  # fmt: skip
    res["d_zjh_6_mc"] = d
    for r in d.values():
        add("(d) ZJH AhKdQc v 5 random", "equity", r, "deals", None)

    # ---- (f) ranges
    f: dict[str, Any] = {}
    why_not = ranges_status()
    if why_not is not None:
        say(f"(f) skipped: {why_not}")
        f["skipped"] = why_not
    else:
        say(f"(f) {RANGE_HERO} vs {RANGE_VILLAIN!r}, exact and Monte-Carlo")
        f["equity_exact"] = equity_exact([RANGE_HERO, RANGE_VILLAIN], EXACT_REPEATS)
        say(f"  equity exact: {f['equity_exact']['wall_s']:.3f} s")
        runners = {t: equity_mc([RANGE_HERO, RANGE_VILLAIN], "holdem", t, mc_seconds, seed)
                   for t in thread_counts()}  # fmt: skip
        if have_eval7:
            runners["eval7"] = eval7_mc(RANGE_HERO, RANGE_VILLAIN, mc_seconds)
        best = race(runners, rounds)
        f["equity_mc"] = {t: best[t] for t in thread_counts()}
        if have_eval7:
            f["eval7_mc"] = best["eval7"]
            f["eval7_exact"] = eval7_range_exact(RANGE_HERO, RANGE_VILLAIN, range_step)
            say(f"  eval7 exact: {f['eval7_exact']['boards_timed']:,} boards timed in "
                f"{f['eval7_exact']['wall_s_timed']:.2f} s")  # fmt: skip
        if have_pokerkit:
            f["pokerkit"] = pokerkit_mc(RANGE_HERO, RANGE_VILLAIN, pk_samples)
        case = "(f) AhKd v QQ+,AKs"
        fx = f.get("eval7_exact", {}).get("wall_s")
        fm = f.get("eval7_mc", {}).get("rate")
        add(case + " exact", "equity (best of 5)", f["equity_exact"], "boards", fx, exact=True)
        add(case + " exact", f"eval7 loop, 1/{range_step} boards, extrapolated",
            f.get("eval7_exact"), "boards", fx, exact=True)  # fmt: skip
        for r in f["equity_mc"].values():
            add(case + " MC", "equity", r, "deals", fm)
        add(case + " MC", "eval7", f.get("eval7_mc"), "deals", fm)
        add(case + " MC", "pokerkit", f.get("pokerkit"), "deals", fm)
    res["f_range"] = f

    # ---- (e) memory, last: the long run
    mem: dict[str, Any] = {}
    if not args.no_memory:
        for n in mem_trials:
            memory_run(10**5)  # untimed: have numba's cache written (no compiling below)
            say(f"(e) memory: heads-up Monte-Carlo, {n:.0e} deals, fresh process, all threads")
            mem[str(n)] = memory_run(n)
            m = mem[str(n)]
            if "error" in m:
                say(f"  failed: {m['error']}")
            else:
                say(f"  {m['wall_s']:.2f} s, peak RSS {m['maxrss_kib'] / 1024:.1f} MiB")
    res["e_memory"] = mem

    capacity = cpu_parallel_capacity(2) if 2 in thread_counts() else None

    # ---- table
    columns = ["case", "implementation", "threads", "samples", "unit", "time s", "rate M/s",
               "hero equity", "vs eval7"]  # fmt: skip
    print()
    print_table(rows, columns,
                title="Equity: time and rate (M deals or boards per second; 'vs eval7' = "
                      "times faster than eval7)")  # fmt: skip
    if mem:
        mrows = []
        for n, m in mem.items():
            if "error" in m:
                mrows.append(
                    {
                        "deals": f"{int(n):,}",
                        "wall s": None,
                        "peak RSS MiB": None,
                        "RSS growth MiB": None,
                        "Python-heap peak MiB": m["error"],
                    }
                )
                continue
            during = (None if m.get("rss_peak_during_kib") is None
                      else (m["rss_peak_during_kib"] - m["rss_before_kib"]) / 1024)  # fmt: skip
            heap_mib = m["tracemalloc_peak_bytes"] / 2**20
            mrows.append({"deals": f"{int(n):,}", "wall s": f"{m['wall_s']:.2f}",
                          "peak RSS MiB": f"{m['maxrss_kib'] / 1024:.1f}",
                          "RSS growth MiB": None if during is None else f"{during:.1f}",
                          "Python-heap peak MiB": f"{heap_mib:.2f}"})  # fmt: skip
        print()
        print_table(mrows, ["deals", "wall s", "peak RSS MiB", "RSS growth MiB",
                            "Python-heap peak MiB"],
                    title="(e) Peak memory, heads-up Monte-Carlo, fresh process each.  Peak RSS: "
                          "ru_maxrss (includes numba's start-up); RSS growth: current RSS "
                          "sampled during the run - before it; Python heap: tracemalloc peak "
                          "of the run")  # fmt: skip

    # ---- targets
    summary: dict[str, Any] = {}
    print()

    def line(label: str, value: str, target: str, ok: bool | None) -> None:
        status = "n/a" if ok is None else ("MET" if ok else "NOT MET")
        print(f"{label:<50} = {value:>12}  (target {target})  {status}")

    one = a["equity"][1]["rate"]
    if e7:
        ratio = one / e7
        summary["a_mc_1thread_vs_eval7"] = ratio
        line("(a) equity 1-thread MC / eval7", f"{ratio:.2f}x", f">= {TARGET_MC_VS_EVAL7:g}x",
             ratio >= TARGET_MC_VS_EVAL7)  # fmt: skip
        most = max(a["equity"])
        summary["a_mc_allthreads_vs_eval7"] = a["equity"][most]["rate"] / e7
        print(f"{'(a) equity ' + str(most) + '-thread MC / eval7':<50} = "
              f"{a['equity'][most]['rate'] / e7:>11.2f}x")  # fmt: skip
    else:
        line("(a) equity 1-thread MC / eval7", "n/a", f">= {TARGET_MC_VS_EVAL7:g}x", None)
    if 2 in a["equity"]:
        scaling = a["equity"][2]["rate"] / one
        summary["a_scaling_2_over_1"] = scaling
        line("(a) equity 2-thread / 1-thread MC", f"{scaling:.2f}x", f">= {TARGET_SCALING:g}",
             scaling >= TARGET_SCALING)  # fmt: skip
        summary["machine_2process_capacity"] = capacity
        print(
            f"  (machine check: 2 concurrent CPU-bound processes get {capacity:.2f}x the "
            "throughput of one; the ceiling for the line above)"
        )
    else:
        line("(a) equity 2-thread / 1-thread MC", "n/a", f">= {TARGET_SCALING:g}", None)
    ex = b["equity"]
    summary["b_exact_wall_s"] = ex["wall_s"]
    summary["b_exact_elapsed_s"] = ex["elapsed_s"]
    line("(b) exact AsKs v QhQd, 1 thread, wall", f"{ex['wall_s']:.4f} s",
         f"< {TARGET_EXACT_S:g} s", ex["wall_s"] < TARGET_EXACT_S)  # fmt: skip
    line("(b)   same, result.elapsed_s", f"{ex['elapsed_s']:.4f} s", f"< {TARGET_EXACT_S:g} s",
         ex["elapsed_s"] < TARGET_EXACT_S)  # fmt: skip
    if "eval7" in b:
        summary["b_exact_vs_eval7"] = b["eval7"]["wall_s"] / ex["wall_s"]
        est = " (extrapolated)" if b["eval7"]["extrapolated"] else ""
        print(f"{'(b) eval7 exact loop time / equity' + est:<50} = "
              f"{summary['b_exact_vs_eval7']:>11.0f}x   equity {ex['equity']:.6f}, "
              f"eval7 {b['eval7']['equity']:.6f}")  # fmt: skip
    for key, grp, lab in (("c", c, "(c) 6-handed hold'em"), ("d", d, "(d) ZJH 6 players")):
        if 2 in grp:
            s = grp[2]["rate"] / grp[1]["rate"]
            summary[f"{key}_scaling_2_over_1"] = s
            print(f"{lab + ' 2-thread / 1-thread':<50} = {s:>11.2f}x")
    if len(mem) == 2 and all("error" not in m for m in mem.values()):
        small, big = (mem[str(n)] for n in mem_trials)
        rss = big["maxrss_kib"] / small["maxrss_kib"]
        heap = big["tracemalloc_peak_bytes"] / max(1, small["tracemalloc_peak_bytes"])
        summary["e_peak_rss_ratio"] = rss
        summary["e_python_heap_peak_ratio"] = heap
        line(f"(e) peak RSS {mem_trials[1]:.0e} / {mem_trials[0]:.0e} deals", f"{rss:.3f}x",
             f"<= {TARGET_MEMORY_RATIO:g} (same)", rss <= TARGET_MEMORY_RATIO)  # fmt: skip
        if small.get("rss_peak_during_kib") and big.get("rss_peak_during_kib"):
            cur = big["rss_peak_during_kib"] / small["rss_peak_during_kib"]
            summary["e_current_rss_peak_ratio"] = cur
            line("(e) sampled RSS peak during the run, ratio", f"{cur:.3f}x",
                 f"<= {TARGET_MEMORY_RATIO:g} (same)", cur <= TARGET_MEMORY_RATIO)  # fmt: skip
            print(f"  (sampled RSS peak {small['rss_peak_during_kib'] / 1024:.1f} -> "
                  f"{big['rss_peak_during_kib'] / 1024:.1f} MiB; ru_maxrss is dominated by "
                  "numba's start-up and hides growth below it)")  # fmt: skip
        print(f"{'(e) Python-heap peak (tracemalloc) ratio':<50} = {heap:>11.2f}x   "
              f"({small['tracemalloc_peak_bytes'] / 2**20:.2f} -> "
              f"{big['tracemalloc_peak_bytes'] / 2**20:.2f} MiB)")  # fmt: skip
    elif not args.no_memory:
        line("(e) peak RSS ratio", "n/a", "same", None)
    if "equity_exact" in f:
        fe = f["equity_exact"]
        print(f"{'(f) exact AhKd v QQ+,AKs, 1 thread, wall':<50} = {fe['wall_s']:>10.4f} s   "
              f"({fe['boards']:,} boards)")  # fmt: skip
        if "eval7_exact" in f:
            summary["f_exact_vs_eval7_est"] = f["eval7_exact"]["wall_s"] / fe["wall_s"]
            print(f"{'(f) eval7 exact loop (extrapolated) / equity':<50} = "
                  f"{summary['f_exact_vs_eval7_est']:>11.0f}x   equity {fe['equity']:.6f}, "
                  f"eval7 subset {f['eval7_exact']['equity']:.6f}")  # fmt: skip
        if "eval7_mc" in f:
            summary["f_mc_1thread_vs_eval7"] = f["equity_mc"][1]["rate"] / f["eval7_mc"]["rate"]
            print(f"{'(f) equity 1-thread MC / eval7':<50} = "
                  f"{summary['f_mc_1thread_vs_eval7']:>11.2f}x")  # fmt: skip
    print(f"\n(total bench time {time.perf_counter() - t0:.1f} s)")

    if args.json:
        write_json(args.json, {
            "machine": machine_info(),
            "numba_threads": numba.config.NUMBA_NUM_THREADS,
            "quick": quick, "seed": seed, "mc_seconds": mc_seconds, "rounds": rounds,
            "results": json.loads(json.dumps(res, default=float)),
            "summary": summary,
            "targets": {"a_mc_1thread_vs_eval7": TARGET_MC_VS_EVAL7,
                        "a_scaling_2_over_1": TARGET_SCALING,
                        "b_exact_s": TARGET_EXACT_S, "e_peak_rss_ratio": TARGET_MEMORY_RATIO},
        })  # fmt: skip
        print(f"figures written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
