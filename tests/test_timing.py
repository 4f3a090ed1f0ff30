"""Engine time and compile time apart: :class:`equity.control.Stopwatch` and its outputs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numba
import numpy as np
import pytest

from equity.cli._util import SHOWN_COMPILE_S, seconds
from equity.control import Stopwatch, compile_seconds

ROOT = Path(__file__).resolve().parents[1]


def _fresh_function() -> numba.core.dispatcher.Dispatcher:
    """A jitted function no process has compiled (uncached: its first call compiles)."""

    @numba.njit(cache=False)
    def sum_of_cubes(x: np.ndarray) -> float:
        total = 0.0
        for v in x:
            total += v * v * v
        return total

    return sum_of_cubes


def test_a_compile_in_the_block_is_timed_apart() -> None:
    f = _fresh_function()
    watch = Stopwatch()
    before_s = compile_seconds()
    start = time.perf_counter()
    assert f(np.arange(4.0)) == 36.0
    total = time.perf_counter() - start
    engine_s, compile_s = watch.split()
    assert compile_s > 0.0
    assert compile_s == pytest.approx(compile_seconds() - before_s)
    assert compile_s <= total  # the compile happened inside the timed call
    assert engine_s < total  # the engine time leaves the compile out ...
    assert engine_s + compile_s >= total  # ... and nothing else
    again = Stopwatch()
    assert f(np.arange(3.0)) == 9.0
    assert again.split()[1] == 0.0  # compiled once: the second call only runs


def test_nested_compiles_count_once() -> None:
    inner = _fresh_function()

    @numba.njit(cache=False)
    def outer(x: np.ndarray) -> float:
        return inner(x) + 1.0

    start = time.perf_counter()
    watch = Stopwatch()
    assert outer(np.arange(2.0)) == 2.0
    engine_s, compile_s = watch.split()
    assert 0.0 < compile_s <= time.perf_counter() - start
    assert engine_s >= 0.0


def test_seconds_shows_the_compile_apart() -> None:
    assert seconds(0.1268, 6.71) == "0.13 s (+6.7 s compiling)"
    assert seconds(0.1268, 0.0) == "0.13 s"
    assert seconds(2.0, SHOWN_COMPILE_S) == "2.00 s"  # a trace of compiling is not shown
    assert seconds(0.01234, 1.0, digits=3) == "0.012 s (+1.0 s compiling)"


def test_results_carry_compile_s(capsys: pytest.CaptureFixture[str]) -> None:
    from equity import calculate
    from equity.cli import main

    r = calculate(["AsKs", "QhQd"], board="Qs7s2c")
    assert r.compile_s >= 0.0
    assert r.to_dict()["compile_s"] == round(r.compile_s, 6)
    for argv in (
        ["query", "AsKs", "QhQd", "--board", "Qs7s2c", "--json"],
        ["freq", "--game", "zjh", "--exact", "--json"],
        ["streets", "AsKs", "QhQd", "--board", "Qs7s2c4d", "--json"],
    ):
        assert main(argv) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["compile_s"] >= 0.0, argv
        assert out["elapsed_s"] >= 0.0, argv


@pytest.mark.slow
def test_a_cold_cache_reports_compile_time_apart(tmp_path: Path) -> None:
    """A first run on an empty Numba cache: compile_s > 0, and elapsed_s leaves it out."""
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    argv = ["freq", "--game", "five", "--trials", "1000", "--seed", "1", "--json", "--quiet"]
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "equity", *argv], capture_output=True,
                          text=True, check=False, env=env, cwd=ROOT)  # fmt: skip
    total = time.perf_counter() - start
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["compile_s"] > 0.0
    assert out["elapsed_s"] + out["compile_s"] < total  # the engine time leaves the compile out
