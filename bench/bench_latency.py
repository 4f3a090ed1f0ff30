"""Interactive latency: the bounds the functional tests used to assert, timed here instead.

Run ``python bench/bench_latency.py`` (``--json PATH`` to keep the figures,
``--browser`` to add the widgets' latency in a real browser).  Wall-clock
bounds do not belong in the test suite (the machine's load decides them); the
tests check what these calls return, this script how long they take:

a. ``hits("random", "Ts9s2h")``, best of 5 (target 20 ms, bound 50 ms), and
   ``hits("random", flops="all")``, every flop by suit classes (bound 5 s);
b. the narrow Omaha patterns ``AA**`` (PLO4) and ``KQJT ds`` (PLO6) parsed,
   both together (bound 1 s);
c. the small call: a warm ``calculate(["AsKs", "QhQd"], board="Qs7s2h")``, the
   median of 5,000 calls each timed alone (target 50 us: a call of a few tens
   of microseconds is rarely interrupted by the machine's other work, so the
   median of single calls holds under load where a loop's mean does not), and
   ``calculate_many`` on 25 flops at a time, the median per spot of 400 calls
   (target 30 us a spot);
d. the calculator widget's Python side: AsKs against JhJd, the board changed
   between the flops Qs7s2c and Qs7s3c (each an exact heads-up answer: 990
   turn and river pairs), from the trait's change to the answer published,
   median of 6;
e. with ``--browser``: ``tests/test_widgets_browser.py``'s calculator test in
   headless Chromium (JupyterLab on a loopback port), which records the
   time from a click or an Enter to its answer on screen, measured by the page
   (``build/widgets-latency.json``); the bound is a median click below 300 ms.

Every case is run once untimed first (compiling or loading the kernels).
Each row says whether it is within its bound; the load average is printed
beside the figures, since a loaded machine misses bounds a quiet one keeps.
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

from _common import best_of, machine_info, print_table, write_json

ROOT = Path(__file__).resolve().parents[1]

BOUNDS_S = {
    "small call AsKs v QhQd on Qs7s2h (median)": 50e-6,
    "calculate_many, a spot (median)": 30e-6,
    "hits random, one flop (best of 5)": 0.05,
    "hits random, every flop": 5.0,
    "Omaha AA** (PLO4) + KQJT ds (PLO6)": 1.0,
    "calculator widget, a new flop (median)": 0.3,
    "browser: click to answer (median)": 0.3,
}


def _once(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _median_of_calls(fn: Callable[[], object], calls: int) -> float:
    """The median wall time, in seconds, of ``calls`` calls of ``fn()``, each timed alone."""
    times = []
    for _ in range(calls):
        start = time.perf_counter_ns()
        fn()
        times.append(time.perf_counter_ns() - start)
    return statistics.median(times) / 1e9


def small_call_cases() -> dict[str, float]:
    from equity import calculate, calculate_many

    hands = ["AsKs", "QhQd"]
    flops = ["2c3d4h", "Kd7c2s", "9h8h2d", "JcTd5s", "6c6d9s"] * 5

    def call() -> None:
        calculate(hands, board="Qs7s2h")

    def many() -> None:
        calculate_many(hands, boards=flops)

    for _ in range(500):
        call()
    many()
    return {
        "small call AsKs v QhQd on Qs7s2h (median)": _median_of_calls(call, 5000),
        "calculate_many, a spot (median)": _median_of_calls(many, 400) / len(flops),
    }


def hits_cases() -> dict[str, float]:
    from equity import hits
    from equity.ranges import parse_range

    r = parse_range("random")
    hits(r, "Ts9s2h")
    hits(r, flops="all")
    return {
        "hits random, one flop (best of 5)": best_of(lambda: hits(r, "Ts9s2h"), 5),
        "hits random, every flop": _once(lambda: hits(r, flops="all")),
    }


def omaha_cases() -> dict[str, float]:
    from equity.ranges.omaha import parse_omaha_range

    def both() -> None:
        parse_omaha_range("AA**", 4)
        parse_omaha_range("KQJT ds", 6)

    both()
    return {"Omaha AA** (PLO4) + KQJT ds (PLO6)": best_of(both, 3)}


def widget_cases() -> dict[str, float]:
    from equity.widgets import Calculator

    calc = Calculator(["AsKs", "JhJd"], board="Qs7s2c")
    assert calc.wait(120)
    times = []
    for board in ["Qs7s3c", "Qs7s2c"] * 3:  # two flops: each an exact answer
        start = time.perf_counter()
        calc.board = board
        assert calc.wait(120)
        times.append(time.perf_counter() - start)
    return {"calculator widget, a new flop (median)": statistics.median(times)}


def browser_cases() -> dict[str, float]:
    """Run the browser test's calculator case and read the page's own latency figures."""
    out = ROOT / "build" / "widgets-latency.json"
    out.unlink(missing_ok=True)
    test = "tests/test_widgets_browser.py::test_the_calculator_shows_what_calculate_computes"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", test], cwd=ROOT
    )
    if done.returncode != 0 or not out.exists():
        print(f"browser test did not record its latency (exit {done.returncode})")
        return {}
    report = json.loads(out.read_text())
    return {"browser: click to answer (median)": report["median_click_ms"] / 1000}


def _shown(seconds: float, form: str) -> str:
    """Seconds as ``form`` writes them, or below a millisecond in microseconds."""
    return form.format(seconds) if seconds >= 1e-3 else f"{seconds * 1e6:.1f} us"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", metavar="PATH", help="write the figures here")
    parser.add_argument("--browser", action="store_true", help="add the browser test's latency")
    args = parser.parse_args(argv)
    load_before = os.getloadavg()
    figures: dict[str, float] = {}
    figures |= small_call_cases()
    figures |= hits_cases()
    figures |= omaha_cases()
    try:
        figures |= widget_cases()
    except ImportError:
        print("calculator widget skipped: pip install anywidget")
    if args.browser:
        figures |= browser_cases()
    load_after = os.getloadavg()
    rows: list[dict[str, Any]] = [
        {
            "case": name,
            "seconds": _shown(s, "{:.4f}"),
            "bound": _shown(BOUNDS_S[name], "{:g}"),
            "within": "yes" if s <= BOUNDS_S[name] else "NO",
        }
        for name, s in figures.items()
    ]
    print_table(rows, ["case", "seconds", "bound", "within"], title="latency (warm)")
    print(f"load average {load_before[0]:.2f} -> {load_after[0]:.2f}")
    if args.json:
        load = [load_before, load_after]
        data = {"machine": machine_info(), "seconds": figures, "bounds_s": BOUNDS_S, "load": load}
        write_json(args.json, data)
    return 0 if all(s <= BOUNDS_S[name] for name, s in figures.items()) else 1


if __name__ == "__main__":
    sys.exit(main())
