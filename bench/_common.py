"""Helpers shared by the benchmark scripts in ``bench/``.

The scripts are run as ``python bench/<name>.py``, so this module is imported
as plain ``_common`` (the script's folder is first on ``sys.path``).  It needs
only the standard library; ``rich`` is used for tables when it is installed.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

__all__ = [
    "best_of",
    "cpu_parallel_capacity",
    "fmt_rate",
    "machine_info",
    "peer_available",
    "pin_cpus",
    "print_table",
    "time_command",
    "write_json",
]


def best_of(fn: Callable[[], object], repeats: int = 3) -> float:
    """Smallest wall time, in seconds, of ``repeats`` calls of ``fn()``.

    Warm the function up (JIT compilation, caches) before calling this: every
    call here is timed.
    """
    best = float("inf")
    for _ in range(max(1, repeats)):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def peer_available(name: str) -> bool:
    """Whether the peer package ``name`` imports (``pip install -e .[bench]``)."""
    try:
        importlib.import_module(name)
    except Exception:  # ImportError, or a broken build of a compiled peer
        return False
    return True


def fmt_rate(evals_per_s: float | None, digits: int = 2) -> str:
    """Millions of evaluations per second, or an en dash when not measured."""
    if evals_per_s is None:
        return "–"
    return f"{evals_per_s / 1e6:,.{digits}f}"


def print_table(
    rows: Sequence[Mapping[str, Any] | Sequence[Any]],
    columns: Sequence[str],
    title: str | None = None,
) -> None:
    """Print ``rows`` (dicts keyed by column, or sequences in column order).

    Uses ``rich`` when it is installed, else a plain fixed-width table.
    Numbers are right-aligned; ``None`` prints as an en dash.
    """
    cells = []
    for row in rows:
        values = [row.get(c) for c in columns] if isinstance(row, Mapping) else list(row)
        cells.append(["–" if v is None else str(v) for v in values])
    numeric = [
        all(_looks_numeric(r[i]) for r in cells) if cells else False for i in range(len(columns))
    ]
    try:
        from rich.console import Console
        from rich.table import Table
    except ImportError:
        _print_plain(cells, columns, numeric, title)
        return
    table = Table(title=title)
    for name, right in zip(columns, numeric, strict=True):
        table.add_column(name, justify="right" if right else "left")
    for r in cells:
        table.add_row(*r)
    console = Console()
    if not console.is_terminal:  # piped: don't squeeze the table into 80 columns
        console = Console(width=200)
    console.print(table)


def _looks_numeric(text: str) -> bool:
    t = text.replace(",", "").strip()
    if t == "–":
        return True
    t = t.removesuffix("x")
    try:
        float(t)
    except ValueError:
        return False
    return True


def _print_plain(
    cells: list[list[str]], columns: Sequence[str], numeric: list[bool], title: str | None
) -> None:
    widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(columns)]

    def line(values: Sequence[str]) -> str:
        parts = [
            v.rjust(w) if right else v.ljust(w)
            for v, w, right in zip(values, widths, numeric, strict=True)
        ]
        return "  ".join(parts).rstrip()

    if title:
        print(title)
    print(line(list(columns)))
    print("  ".join("-" * w for w in widths))
    for r in cells:
        print(line(r))


def time_command(
    cmd: Sequence[str],
    runs: int = 5,
    warmup: int = 1,
    env: Mapping[str, str] | None = None,
    timeout: float = 120.0,
) -> tuple[float | None, subprocess.CompletedProcess[str]]:
    """Median wall time of ``runs`` runs of ``cmd`` after ``warmup`` untimed runs.

    Returns ``(median seconds, last completed process)``; the median is
    ``None`` when any run exits non-zero (the process tells why).
    """
    full_env = {**os.environ, **(env or {})}
    proc: subprocess.CompletedProcess[str] | None = None
    times = []
    for i in range(warmup + runs):
        start = time.perf_counter()
        proc = subprocess.run(
            list(cmd), env=full_env, capture_output=True, text=True, timeout=timeout, check=False
        )
        elapsed = time.perf_counter() - start
        if proc.returncode != 0:
            return None, proc
        if i >= warmup:
            times.append(elapsed)
    assert proc is not None
    return statistics.median(times), proc


def pin_cpus(cpus: set[int]) -> None:
    """Run every thread of this process on ``cpus`` (and the threads started later).

    One-thread cases run on one CPU on both sides: a VM's vCPUs can differ in speed.
    """
    for tid in os.listdir("/proc/self/task"):
        with contextlib.suppress(OSError):  # a thread that has just ended
            os.sched_setaffinity(int(tid), cpus)


_SPIN = "x = 0\nfor i in range({n}): x += i"


def cpu_parallel_capacity(workers: int = 2, loops: int = 5_000_000) -> float:
    """Throughput of ``workers`` concurrent CPU-bound processes over one alone.

    A ceiling for thread scaling on this machine: ``workers`` on dedicated
    cores, about 1 on a VM whose vCPUs share one core.  Pure Python, a few
    seconds at most.
    """
    cmd = [sys.executable, "-c", _SPIN.format(n=loops)]
    subprocess.run(cmd, check=True)  # warm the interpreter's files
    start = time.perf_counter()
    subprocess.run(cmd, check=True)
    alone = time.perf_counter() - start
    start = time.perf_counter()
    procs = [subprocess.Popen(cmd) for _ in range(workers)]
    for p in procs:
        p.wait()
    together = time.perf_counter() - start
    return workers * alone / together


def machine_info() -> dict[str, Any]:
    """Where a benchmark ran: for the JSON output."""
    info: dict[str, Any] = {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpu_count": os.cpu_count(),
        "executable": sys.executable,
    }
    for name in ("numpy", "numba", "equity"):
        try:
            info[name] = importlib.import_module(name).__version__
        except Exception:
            info[name] = None
    return info


def write_json(path: str | os.PathLike[str], data: Mapping[str, Any]) -> None:
    """Write ``data`` as indented JSON, creating parent folders."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps(data, indent=2, sort_keys=False) + "\n")
