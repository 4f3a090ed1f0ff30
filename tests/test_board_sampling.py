"""A partly known board sampled board by board: the plan's choice, the trials, the stop rules.

The choice between enumerating and sampling compares the two estimates with
each board's fixed cost on both sides; it is tested with the estimates'
constants patched, on small boards, so nothing here runs a long query.
"""

from __future__ import annotations

import numpy as np
import pytest

import equity.cli._equity as cli_equity
import equity.engine.plan as plan_module
from equity import calculate
from equity.cli import main
from equity.engine.executor import executor_for
from equity.engine.montecarlo import run_mc
from equity.engine.patterns import MIN_BOARD_DEALS, PASS_DEALS, allocate, sampled_deals
from equity.engine.plan import plan

HANDS = ["AsKs", "A *"]
BOARD = "2c7d9h h"  # twelve heart turns


def test_auto_picks_the_faster_estimate(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the auto limit, the method with the smaller estimate runs, each board's cost counted."""
    monkeypatch.setattr(plan_module, "EXACT_AUTO_LIMIT", 0)
    monkeypatch.setattr(plan_module, "BOARD_EXACT_SECONDS", 1.0)
    monkeypatch.setattr(plan_module, "BOARD_MC_SECONDS", 0.0)
    slow_exact = plan(HANDS, board=BOARD)
    assert slow_exact.method == "monte-carlo"
    assert slow_exact.seconds < slow_exact.exact_seconds  # type: ignore[operator]
    assert "sampling is faster" in slow_exact.reason
    assert slow_exact.exact_seconds == pytest.approx(len(slow_exact.boards.jobs), rel=0.01)  # type: ignore[union-attr]
    monkeypatch.setattr(plan_module, "BOARD_EXACT_SECONDS", 0.0)
    monkeypatch.setattr(plan_module, "BOARD_MC_SECONDS", 1.0)
    slow_mc = plan(HANDS, board=BOARD)
    assert slow_mc.method == "exact"
    assert slow_mc.why == "auto"


def test_ace_flop_plan_estimates_both_ways_alike() -> None:
    """The issue's spot: both estimates count 4,420 boards' fixed costs; auto takes the smaller."""
    p = plan(["KhKd", "A *"], board="A * *")
    assert p.boards is not None
    n = len(p.boards.jobs)
    assert n == 4420
    assert p.exact_seconds is not None
    assert p.exact_seconds > n * plan_module.BOARD_EXACT_SECONDS
    assert p.seconds > n * plan_module.BOARD_MC_SECONDS
    assert p.seconds == min(p.seconds, p.exact_seconds)
    assert p.method == ("monte-carlo" if p.seconds < p.exact_seconds else "exact")


def test_allocate_sums_to_the_trials() -> None:
    share = np.array([0.5, 0.3, 0.15, 0.05, 0.0])
    for total in (1000, 12_345, 1_000_000):
        sizes = allocate(share, total)
        assert int(sizes.sum()) == total
        assert sizes.min() >= MIN_BOARD_DEALS
        assert np.all(np.diff(sizes[:4]) <= 0)  # larger share, more deals
    assert allocate(share, 10).tolist() == [MIN_BOARD_DEALS] * 5
    assert sampled_deals(5, 10) == 5 * MIN_BOARD_DEALS


def test_trials_are_honoured_or_raised_with_a_note(capsys: pytest.CaptureFixture[str]) -> None:
    assert calculate(HANDS, board=BOARD, trials=12_345, seed=1).samples == 12_345
    p = plan(HANDS, board=BOARD, trials=100, seed=1)
    assert p.boards is not None
    raised = len(p.boards.jobs) * MIN_BOARD_DEALS
    assert p.work == raised
    assert p.run().samples == raised
    assert main(["query", *HANDS, "--board", BOARD, "--trials", "100", "--seed", "1"]) == 0
    err = capsys.readouterr().err
    assert f"--trials 100 is raised to {raised:,}: each of the 12 boards" in err


def test_whole_run_deals_as_rounds_do() -> None:
    """One kernel launch for a board's batches gives the counts of the rounds."""
    job = plan(HANDS, board=BOARD).boards.jobs[0][0]  # type: ignore[union-attr]
    with executor_for(None) as ex:
        rounds = run_mc(job, 5000, 64, 7, None, None, None, ex)
        whole = run_mc(job, 5000, 64, 7, None, None, None, ex, whole=True)
    np.testing.assert_array_equal(rounds["counts"], whole["counts"])


def test_target_stderr_stops_within_five_standard_errors() -> None:
    exact = calculate(HANDS, board=BOARD)
    mc = calculate(HANDS, board=BOARD, target_stderr=0.002, seed=3)
    assert mc.stop_reason == "stderr"
    assert mc.stderr is not None
    assert float(np.max(mc.stderr)) <= 0.002
    assert np.all(np.abs(mc.equity - exact.equity) <= 5 * mc.stderr)


def test_time_limit_stops_after_a_whole_pass() -> None:
    mc = calculate(HANDS, board=BOARD, time_limit=1e-6, seed=3)
    assert mc.stop_reason == "time"
    assert mc.samples == PASS_DEALS


def test_cli_takes_the_stop_rules_on_a_partly_known_board(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["query", *HANDS, "--board", BOARD, "--stderr", "0.5%", "--seed", "1"]) == 0
    assert "Monte-Carlo estimate" in capsys.readouterr().out
    assert main(["query", *HANDS, "--board", BOARD, "--time", "0.000001", "--seed", "1"]) == 0
    assert "Monte-Carlo estimate" in capsys.readouterr().out


def test_a_long_run_is_announced(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["query", *HANDS, "--board", BOARD]) == 0
    assert "this will take a while" not in capsys.readouterr().err
    monkeypatch.setattr(cli_equity, "LONG_SECONDS", 0.0)
    assert main(["query", *HANDS, "--board", BOARD]) == 0
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1
    assert err[0].startswith(
        "equity query: note: this will take a while: exact: partly known board '2c 7d 9h h', "
    )
    assert main(["query", *HANDS, "--board", BOARD, "--quiet"]) == 0
    assert capsys.readouterr().err == ""


def test_one_thread_per_small_board_changes_no_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """Small boards run on one thread (a parallel launch costs more): the same counts."""
    import equity.engine.patterns as patterns_module

    one = calculate(HANDS, board=BOARD, trials=20_000, seed=5)
    exact_one = calculate(HANDS, board=BOARD)
    monkeypatch.setattr(patterns_module, "ONE_THREAD_DEALS", 0)
    monkeypatch.setattr(patterns_module, "ONE_THREAD_WORK", 0)
    np.testing.assert_array_equal(calculate(HANDS, board=BOARD, trials=20_000, seed=5).counts,
                                  one.counts)  # fmt: skip
    np.testing.assert_array_equal(calculate(HANDS, board=BOARD).counts, exact_one.counts)
