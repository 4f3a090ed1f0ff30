"""A newcomer's first minute: each README example timed from an empty Numba cache.

Run ``python bench/bench_compile.py`` (``--cases NAME,...`` for some,
``--list`` to see them).  For every case, one fresh process runs the command
with ``NUMBA_CACHE_DIR`` set to an empty folder (the first run of that command
on a fresh install), then a second process runs it again on the cache the
first one wrote (the warm time: starting Python, loading the kernels, the
work itself).  Cold minus warm is what compiling costs that command.  The
issue's four commands are then run in sequence on one empty cache (what a
newcomer trying them one after the other waits in all), and the make-demo
list likewise with ``--demo``.

Inside each cold process a Numba event listener records every compile (by
dispatcher, each with its own time: nested compiles of the kernels it calls
are counted apart, inlined helpers count in their callers); the table of
the slowest kernels to compile closes the report.
The load average is printed at the start and the end: compare runs only on a
quiet machine, or interleave two checkouts with ``--before``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
from _common import print_table, write_json  # noqa: E402

WORKER = r"""
import contextlib, io, json, os, sys, time
start = time.perf_counter()
from numba.core import event

class Compiles(event.Listener):
    # every compile with its own time: its duration less the compiles nested in it
    # (a kernel that calls another compiles it first; inlined helpers count in their caller)
    def __init__(self):
        self.opened = []
        self.done = []
    def on_start(self, ev):
        self.opened.append([time.perf_counter(), 0.0])
    def on_end(self, ev):
        began, nested = self.opened.pop()
        took = time.perf_counter() - began
        if self.opened:
            self.opened[-1][1] += took
        d = ev.data["dispatcher"]
        name = f"{d.py_func.__module__}.{d.py_func.__qualname__}"
        self.done.append((name, took - nested))

listener = Compiles()
event.register("numba:compile", listener)
from equity.cli import main
sink = io.StringIO()
with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
    try:
        code = main(json.loads(sys.argv[1]))
    except SystemExit as exc:
        code = exc.code
report = {"code": code, "seconds": time.perf_counter() - start, "compiles": listener.done,
          "tail": sink.getvalue()[-400:]}
print("BENCH-COMPILE " + json.dumps(report), file=sys.__stdout__)
"""

FOUR = {
    "query-known": ["query", "AsKs", "QhQd"],
    "query-range-mc": ["query", "AhKd", "QQ+,AKs", "random", "--board", "Ts9s2h",
                       "--trials", "1e5", "--seed", "1"],
    "freq-holdem": ["freq", "--game", "holdem", "--trials", "1e6", "--seed", "1"],
    "query-omaha": ["query", "--game", "omaha", "AsAhKsKh", "QdQcJdJc"],
}  # fmt: skip
"""The issue's four commands (its first-use target: 60 s together)."""

CASES = {
    "eval": ["eval", "Kh", "Kd", "5s", "Ks", "5c", "2d", "3d"],
    **FOUR,
    "query-range-exact": ["query", "AhKd", "QQ+,AKs", "--board", "Ts9s2h"],
    "query-zjh": ["query", "--game", "zjh", "AhAdAc", "2s3d5c", "random", "--special-235",
                  "--trials", "1e6", "--seed", "1"],
    "query-shortdeck": ["query", "--game", "shortdeck", "AsKs", "QhQd", "--straight-beats-trips"],
    "query-hilo": ["query", "--game", "omaha-hilo", "AA23 ds", "random", "--trials", "1e5",
                   "--seed", "1"],
    "query-categories": ["query", "AhKd", "QQ+,AKs", "--board", "Ts9s2h", "--categories"],
    "range": ["range", "QQ+,AKs@50", "--grid"],
    "hits": ["hits", "QQ+,AKs,JTs", "--board", "Ts9s2h"],
    "streets": ["streets", "AsKs", "QhQd", "--board", "Qs7s2c"],
    "distribution": ["distribution", "QQ+,AKs", "JJ-88,AQs+", "--board", "Js7s2c"],
    "deal": ["deal", "--players", "6", "--n", "1e5", "--seed", "1", "--out", "{tmp}/d.csv"],
    "freq-zjh": ["freq", "--game", "zjh", "--trials", "1e6", "--seed", "7"],
}  # fmt: skip
"""README examples of moderate length (the long exact runs are timed by other benches)."""

DEMO = [
    ["eval", "Kh", "Kd", "5s", "Ks", "5c", "2d", "3d"],
    ["eval", "--game", "zjh", "6♥", "4♦", "2♦"],
    ["query", "AsKs", "QhQd"],
    ["query", "AhKd", "QQ+,AKs", "random", "--board", "Ts9s2h", "--trials", "1e6", "--seed", "1"],
    ["query", "--game", "zjh", "AhAdAc", "2s3d5c", "random", "--special-235", "--trials", "1e6",
     "--seed", "1"],
    ["range", "QQ+,AKs@50", "--grid"],
    ["query", "--game", "omaha", "AsAhKsKh", "QdQcJdJc"],
    ["hits", "QQ+,AKs,JTs", "--board", "Ts9s2h"],
    ["freq", "--game", "holdem", "--trials", "1e7", "--seed", "2026"],
    ["report", "frequencies", "--out", "{tmp}/demo-report", "--size", "small", "--quiet"],
]  # fmt: skip
"""The commands of ``make demo`` (its target: 2 minutes cold, the install included)."""


def run_case(argv: list[str], cache: Path, tmp: Path, root: Path) -> dict:
    """Run one command in a fresh process on the Numba cache ``cache``.

    The process starts in ``tmp``, so that ``root`` (on ``PYTHONPATH``) is the
    checkout it imports, not the current folder's.
    """
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), PYTHONPATH=str(root))
    argv = [a.replace("{tmp}", str(tmp)) for a in argv]
    began = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-c", WORKER, json.dumps(argv)],
        env=env, capture_output=True, text=True, check=False, cwd=tmp,
    )  # fmt: skip
    wall = time.perf_counter() - began
    lines = [x for x in proc.stdout.splitlines() if x.startswith("BENCH-COMPILE ")]
    if not lines:
        raise RuntimeError(f"{argv} failed:\n{proc.stderr[-2000:]}")
    report = json.loads(lines[-1][len("BENCH-COMPILE ") :])
    if report["code"] not in (0, None):
        raise RuntimeError(f"{argv} exited {report['code']}: {report['tail']}")
    report["wall"] = wall
    return report


def loadavg() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", help="comma-separated case names (default: all)")
    parser.add_argument("--list", action="store_true", help="list the cases and exit")
    parser.add_argument("--demo", action="store_true", help="also time make demo's commands")
    parser.add_argument("--no-each", action="store_true", help="skip the per-case runs")
    parser.add_argument("--root", type=Path, default=ROOT, help="checkout to time (default: this)")
    parser.add_argument("--top", type=int, default=15, help="slowest kernels to list")
    parser.add_argument("--json", type=Path, help="write every figure here")
    args = parser.parse_args()
    if args.list:
        for name, argv in CASES.items():
            print(f"{name:20} equity {' '.join(argv)}")
        return
    names = list(CASES) if not args.cases else args.cases.split(",")
    unknown = [n for n in names if n not in CASES]
    if unknown:
        parser.error(f"unknown case(s) {', '.join(unknown)}; see --list")
    print(f"checkout {args.root}; load average at start {loadavg()}")
    results: dict = {"root": str(args.root), "load_start": loadavg(), "cases": {}}
    kernels: dict[str, list[float]] = defaultdict(list)
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-compile-") as tmpdir:
        tmp = Path(tmpdir)
        if not args.no_each:
            for name in names:
                cache = tmp / f"cache-{name}"
                cold = run_case(CASES[name], cache, tmp, args.root)
                warm = run_case(CASES[name], cache, tmp, args.root)
                compiled = sum(s for _, s in cold["compiles"])
                for kname, s in cold["compiles"]:
                    kernels[kname].append(s)
                results["cases"][name] = {"cold_s": cold["wall"], "warm_s": warm["wall"],
                                          "compile_s": compiled,
                                          "warm_compiles": len(warm["compiles"])}  # fmt: skip
                rows.append([name, f"{cold['wall']:.1f}", f"{warm['wall']:.2f}",
                             f"{compiled:.1f}", str(len(cold["compiles"])),
                             str(len(warm["compiles"]))])  # fmt: skip
                print(f"  {name}: cold {cold['wall']:.1f} s, warm {warm['wall']:.2f} s",
                      flush=True)  # fmt: skip
            print_table(
                rows,
                ["case", "cold s", "warm s", "compiling s", "kernels compiled", "warm compiles"],
                "Each command first on a fresh install (its own empty Numba cache)",
            )
        sequences = {"the issue's four commands": list(FOUR.values())}
        if args.demo:
            sequences["make demo's commands"] = DEMO
        for title, commands in sequences.items():
            cache = tmp / f"cache-seq-{len(results)}"
            total = 0.0
            for argv in commands:
                report = run_case(argv, cache, tmp, args.root)
                total += report["wall"]
                print(f"  equity {' '.join(argv)}: {report['wall']:.1f} s", flush=True)
                for kname, s in report["compiles"]:
                    kernels[kname].append(s)
            results[title] = total
            print(f"{title}, in sequence from one empty cache: {total:.1f} s")
    top = sorted(kernels.items(), key=lambda kv: -max(kv[1]))[: args.top]
    print_table(
        [[k, f"{max(v):.1f}", str(len(v))] for k, v in top],
        ["kernel", "seconds", "cases"],
        "Slowest kernels to compile (own seconds, nested compiles apart; max over the cases)",
    )
    results["kernels"] = {k: max(v) for k, v in kernels.items()}
    results["load_end"] = loadavg()
    print(f"load average at end {results['load_end']}")
    if args.json:
        write_json(args.json, results)


if __name__ == "__main__":
    main()
