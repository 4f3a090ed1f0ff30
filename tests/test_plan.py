"""One plan (``equity.plan``) for every front end, and Monte-Carlo results that stream.

``calculate(...)`` is ``plan(...).run()``: the same results bit for bit, the
same errors, the job prepared once.  ``on_update`` gets a result of the deals
so far after each round, in batch order: each the exact result of a run of
that many deals with the same seed and batch size, and the final result the
same as without it.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest

import equity
import equity.engine.plan as plan_module
from equity import EquityResult, calculate, plan
from equity.engine.families import family
from equity.engine.plan import (
    CALL_SECONDS,
    EXACT_AUTO_LIMIT,
    REFERENCE_THREADS,
    Plan,
    TooLargeForExact,
    default_batch_size,
)


def same(a: EquityResult, b: EquityResult) -> None:
    """Bit-identical figures (times and the threads aside)."""
    assert a.method == b.method
    assert a.samples == b.samples
    assert a.seed == b.seed
    assert a.hands == b.hands
    assert a.board == b.board
    assert a.batch_size == b.batch_size
    for name in ("counts", "equity", "win", "tie", "splits"):
        np.testing.assert_array_equal(getattr(a, name), getattr(b, name), err_msg=name)
    if a.stderr is None:
        assert b.stderr is None
    else:
        np.testing.assert_array_equal(a.stderr, b.stderr)
    assert (a.outcomes is None) == (b.outcomes is None)
    for key, value in (a.outcomes or {}).items():
        np.testing.assert_array_equal(value, (b.outcomes or {})[key], err_msg=key)


# -- the plan ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "kwargs", "method", "route"),
    [
        (["AsKs", "QhQd"], {"board": "Qs7s2c"}, "exact", "job"),
        (["AsKs", "QhQd"], {}, "exact", "preflop-table"),
        (["AsKs", "random", "random"], {"seed": 3, "trials": 20_000}, "monte-carlo", "job"),
        (["AsKs", "random", "random"], {"seed": 3}, "monte-carlo", "job"),
        (["AsKs", "A *"], {"board": "2c7d9h h"}, "exact", "board-pattern"),
        (["AsKs", "A *"], {"board": "2c7d9h h", "trials": 5000, "seed": 2}, "monte-carlo",
         "board-pattern"),
        (["AsAhKsKh", "QdQcJdJc"], {"game": "omaha"}, "exact", "job"),
        (["AsAh2s3h", "random", "random"], {"game": "omaha-hilo", "trials": 8000, "seed": 5},
         "monte-carlo", "job"),
        (["7h5c4d3s", "9h8c6d5h2c"], {"game": "deuce-seven", "dead": "Kc"}, "exact", "job"),
        (["(As2s)3d", "(QhQd)2c"], {"game": "razz", "seed": 4}, "monte-carlo", "job"),
        (["AhAdAc", "random", "random"], {"game": "zjh", "trials": 8000, "seed": 1},
         "monte-carlo", "job"),
    ],
)  # fmt: skip
def test_calculate_is_the_plan_run(
    hands: list[str], kwargs: dict[str, Any], method: str, route: str
) -> None:
    p = plan(hands, **kwargs)
    assert (p.method, p.route) == (method, route)
    assert p.reason.startswith(f"{method}: ")
    units = {"exact": "hand evaluations", "monte-carlo": "deals"}
    assert p.unit == ("table lookups" if route == "preflop-table" else units[method])
    result = p.run()
    assert result.method == method
    same(result, calculate(hands, **kwargs))
    same(result, p.run())  # a plan is a recipe: the seed is drawn once, when planned
    if method == "exact":
        assert p.seed is None
        assert p.trials is None
    else:
        assert p.seed is not None
        assert p.trials is not None
        assert p.work == p.trials
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.method = "exact"  # type: ignore[misc]


def test_the_public_names() -> None:
    assert equity.plan is plan
    assert equity.Plan is Plan
    assert "plan" in equity.__all__
    assert "Plan" in equity.__all__
    assert plan.__doc__
    assert "Examples" in plan.__doc__


def test_auto_decides_by_the_exact_work() -> None:
    small = plan(["AhKd", "QQ+,AKs", "random"], board="Ts9s2h")
    assert small.method == "exact"
    assert small.why == "auto"
    assert small.work == small.exact_work <= EXACT_AUTO_LIMIT
    assert small.reason == (
        f"exact: {small.work / 1e7:.1f}e7 hand evaluations, about {small.seconds:.2f} s"
    )
    large = plan(["AsKs", "random", "random"])
    assert large.method == "monte-carlo"
    assert large.why == "auto"
    assert large.exact_work is not None
    assert large.exact_work > EXACT_AUTO_LIMIT
    assert large.work == 1_000_000
    assert large.batch_size == default_batch_size(1_000_000)
    assert large.reason.startswith("monte-carlo: exact would take 1.7e11 hand evaluations")
    assert "(limit 1.5e8); 1,000,000 deals" in large.reason
    asked = plan(["AhKd", "QQ+,AKs", "random"], board="Ts9s2h", trials=20_000)
    assert asked.method == "monte-carlo"
    assert asked.exact_work == small.exact_work
    assert asked.reason.startswith("monte-carlo: trials given (exact would take 4.4e7")
    stop = plan(["AsKs", "random"], target_stderr=0.001, time_limit=2)
    assert "a target std err and a time limit given" in stop.reason
    assert "unlimited deals (or until a std err of 0.001 or 2 s)" in stop.reason
    assert stop.seconds == 2  # the time limit comes first
    table = plan(["AsKs", "QhQd"])
    assert table.work == 1
    assert table.exact_work is None
    assert table.reason.startswith("exact: read from the shipped preflop table")


def test_the_estimates_follow_the_documented_rates() -> None:
    tables, omaha_family = family(equity.game("holdem")), family(equity.game("omaha"))
    p = plan(["AhKd", "QQ+,AKs", "random"], board="Ts9s2h")
    assert p.exact_work is not None
    assert p.seconds == CALL_SECONDS + p.exact_work / tables.exact_rate
    one = plan(["AhKd", "QQ+,AKs", "random"], board="Ts9s2h", threads=1)
    assert one.seconds == CALL_SECONDS + p.exact_work / (tables.exact_rate / REFERENCE_THREADS)
    mc = plan(["AA", "random", "random"], trials=300_000, seed=1)
    assert mc.seconds == CALL_SECONDS + 300_000 * 3 / tables.mc_rate
    omaha = plan(["AsAhKsKh", "random"], board="Qs7s2c", game="omaha")
    assert omaha.exact_work is not None
    assert omaha.exact_seconds == CALL_SECONDS + omaha.exact_work / omaha_family.exact_rate


def test_the_job_is_prepared_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[object] = []
    prepare = plan_module.prepare

    def counting(*args: Any) -> Any:
        calls.append(args[0])
        return prepare(*args)

    monkeypatch.setattr(plan_module, "prepare", counting)
    p = plan(["AhKd", "QQ+,AKs", "random"], board="Ts9s2h", trials=20_000, seed=1)
    assert len(calls) == 1
    p.run()
    calculate(["AsKs", "QhQd"], board="Qs7s2c")
    assert len(calls) == 2  # one per call, none when it runs


@pytest.mark.parametrize(
    ("hands", "kwargs"),
    [
        (["AsKs", "AsQd"], {}),
        (["AsKs", "QhQd"], {"board": "Qs7s"}),
        (["AsKs", "QhQd"], {"method": "exact", "trials": 10}),
        (["AsKs", "QhQd"], {"method": "fast"}),
        (["AsKs", "QhQd"], {"board": "2c7d9h h", "method": "exact", "time_limit": 1}),
        (["AsKs", "QQ+", "JJ+"], {"board": "2c7d9h h", "method": "monte-carlo"}),
        (["AsKs", "QhQd"], {"dead": "A *"}),
    ],
)
def test_plan_raises_what_calculate_raises(hands: list[str], kwargs: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match=r"\w") as planned:
        plan(hands, **kwargs)
    with pytest.raises(ValueError, match=r"\w") as calculated:
        calculate(hands, **kwargs)
    assert str(planned.value) == str(calculated.value)


def test_an_exact_plan_beyond_the_hard_limit_is_refused() -> None:
    with pytest.raises(TooLargeForExact) as info:
        plan(["AsKs", "random", "random", "random"], method="exact")
    assert info.value.work > 5e10


def test_with_trials_is_calculate_with_trials() -> None:
    p = plan(["AA", "random", "random"])
    assert p.method == "monte-carlo"
    q = p.with_trials(30_000, seed=4)
    assert (q.trials, q.seed, q.batch_size, q.work) == (
        30_000,
        4,
        default_batch_size(30_000),
        30_000,
    )
    assert q.job is p.job  # prepared once
    same(q.run(), calculate(["AA", "random", "random"], trials=30_000, seed=4))
    with pytest.raises(ValueError, match="an exact plan takes no trials"):
        plan(["AsKs", "QhQd"], board="Qs7s2c").with_trials(1000)


# -- results that stream -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "kwargs"),
    [
        (["AA", "random", "random"], {}),
        (["AhKd", "QQ+,AKs"], {"board": "Ts9s2h"}),  # a range: per-combo tables at the end
        (["AsAh2s3h", "random", "random"], {"game": "omaha-hilo"}),  # outcomes
        (["(AsKd)Qh", "random", "random"], {"game": "stud"}),
    ],
)
def test_monte_carlo_streams_its_counts_in_batch_order(
    hands: list[str], kwargs: dict[str, Any]
) -> None:
    options = {"method": "monte-carlo", "trials": 40_000, "seed": 7, "batch_size": 1000,
               "threads": 1, **kwargs}  # fmt: skip
    partial: list[EquityResult] = []
    final = calculate(hands, on_update=partial.append, **options)
    same(final, calculate(hands, **options))  # as without on_update, bit for bit
    assert final.combo_results.keys() == calculate(hands, **options).combo_results.keys()
    samples = [r.samples for r in partial]
    assert len(partial) >= 2
    assert samples == sorted(set(samples))
    assert samples[-1] == final.samples
    for r in partial:
        assert r.method == "monte-carlo"
        assert r.stop_reason is None
        assert r.seed == 7
        assert r.samples % 1000 == 0
        assert r.batch_size == 1000
        assert np.isclose(r.equity.sum(), 1.0)
        assert r.stderr is not None
        assert np.all(np.isfinite(r.stderr))
        assert (r.outcomes is None) == (final.outcomes is None)
    np.testing.assert_array_equal(partial[-1].counts, final.counts)
    assert partial[-1].stderr is not None
    assert final.stderr is not None
    np.testing.assert_array_equal(partial[-1].stderr, final.stderr)
    # a partial result is the run of that many deals: the same seed, the same batches
    first = {**options, "trials": partial[0].samples}
    same(partial[0], calculate(hands, **first))


def test_on_update_is_cheap_and_the_counts_are_copies() -> None:
    kept: list[EquityResult] = []
    calculate(["AA", "random", "random"], trials=60_000, seed=1, batch_size=1000,
              on_update=kept.append)  # fmt: skip
    assert len({id(r.counts) for r in kept}) == len(kept)
    assert [int(r.counts.sum()) for r in kept] == sorted(int(r.counts.sum()) for r in kept)
    assert all(not r.counts.flags.writeable for r in kept)


def test_exact_runs_do_not_call_on_update() -> None:
    seen: list[EquityResult] = []
    calculate(["AsKs", "QhQd"], board="Qs7s2c", on_update=seen.append)
    calculate(["AsKs", "QhQd"], on_update=seen.append)
    assert seen == []
