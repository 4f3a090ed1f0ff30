"""Where the test suite's time goes: the output of ``pytest --durations=0``, totalled.

    .venv/bin/python -m pytest --durations=0 -p no:cacheprovider > run.txt
    .venv/bin/python tools/suite_times.py run.txt [--top 25]

Prints the seconds by file (setup, call and teardown together, slowest first),
by kind (notebooks, Dask clusters, the browser, tests marked ``slow``, the
rest), and the slowest single entries.  Under ``pytest-xdist`` each figure is
one worker's time, so the sum over files is about the number of workers times
the wall time.  The ``compile`` lines that ``tests/conftest.py`` prints
(seconds spent compiling Numba kernels in the test processes) are totalled
too.  On a machine loaded by other jobs every figure is inflated by about the
load average over the number of cores: compare them with each other, or with
a run at the same load.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from pathlib import Path

LINE = re.compile(r"^\s*(\d+(?:\.\d+)?)s (setup|call|teardown)\s+(\S+?)(?:::(.*))?$")
COMPILE = re.compile(r"^numba compile\s+(\d+(?:\.\d+)?)s\s+(\S+?)(?:::(.*))?$")

KINDS = {
    "notebooks (9, each in its own kernel)": ("tests/test_notebooks.py",),
    "Dask clusters (LocalCluster fixtures)": (
        "tests/test_cluster.py",
        "tests/test_history_sample.py::test_dask",
        "tests/test_omaha_interfaces.py::test_dask",
    ),
    "browser (JupyterLab + Chromium)": ("tests/test_widgets_browser.py",),
}


def kind_of(path: str, test: str, slow: set[str]) -> str:
    node = f"{path}::{test}"
    for kind, prefixes in KINDS.items():
        if any(node.startswith(p) for p in prefixes):
            return kind
    if node in slow:
        return "marked slow (exhaustive sweeps)"
    if path.startswith("equity/"):
        return "doctests"
    return "other tests"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", type=Path, help="pytest's output with --durations=0")
    parser.add_argument("--top", type=int, default=25, help="how many single entries")
    parser.add_argument(
        "--slow", type=Path, help="node ids of the slow tests, one a line "
        "(pytest --collect-only -q -m slow)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    slow = set()
    if args.slow:
        slow = {line.strip() for line in args.slow.read_text().splitlines() if "::" in line}
    by_file: dict[str, float] = defaultdict(float)
    by_kind: dict[str, float] = defaultdict(float)
    by_phase: dict[str, float] = defaultdict(float)
    entries = []
    compiled: dict[str, float] = defaultdict(float)
    for line in args.output.read_text(errors="replace").splitlines():
        if m := COMPILE.match(line):
            compiled[m[2]] += float(m[1])
            continue
        if not (m := LINE.match(line)):
            continue
        seconds, phase, path, test = float(m[1]), m[2], m[3], m[4] or ""
        test = test.split("@tests/")[0]  # pytest-xdist's --dist loadgroup suffix: the group
        by_file[path] += seconds
        by_phase[phase] += seconds
        by_kind[kind_of(path, test, slow)] += seconds
        entries.append((seconds, phase, f"{path}::{test}"))
    total = sum(by_file.values())
    print(f"sum of per-test durations: {total:.1f} s over {len(entries)} entries")
    print("  " + ", ".join(f"{p} {s:.1f} s" for p, s in sorted(by_phase.items())))
    print("\nby kind:")
    for kind, s in sorted(by_kind.items(), key=lambda kv: -kv[1]):
        print(f"  {s:8.1f} s  {100 * s / total:5.1f}%  {kind}")
    print("\nby file:")
    for path, s in sorted(by_file.items(), key=lambda kv: -kv[1]):
        print(f"  {s:8.1f} s  {100 * s / total:5.1f}%  {path}")
    print(f"\nslowest {args.top} entries:")
    for s, phase, node in sorted(entries, reverse=True)[: args.top]:
        print(f"  {s:8.1f} s  {phase:8}  {node}")
    if compiled:
        print(f"\nNumba compiling in the test processes: {sum(compiled.values()):.1f} s")
        for path, s in sorted(compiled.items(), key=lambda kv: -kv[1])[: args.top]:
            print(f"  {s:8.1f} s  {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
