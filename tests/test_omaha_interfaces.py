"""Omaha through the interfaces: the shipped tables, the command's JSON, frequencies, Dask."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest
from conftest import fails, run_json

from equity import calculate
from equity.analysis.frequencies import category_frequencies
from equity.evaluators.omaha import evaluate_omaha
from equity.lookup.omaha import OmahaTables, build_omaha_tables, omaha_tables


def test_shipped_tables_equal_a_fresh_build() -> None:
    shipped, fresh = omaha_tables(), build_omaha_tables()
    for name in OmahaTables._fields:
        np.testing.assert_array_equal(getattr(shipped, name), getattr(fresh, name), err_msg=name)


def test_eval_json(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "eval", "--game", "omaha", "AsAhKsKh", "--board", "Qs7h2c4d5d")
    assert out["category"] == "pair"
    assert out["description"] == "pair of Aces"
    assert isinstance(out["strength"], int)
    best = out["best_five"].split()
    assert len(best) == 5
    assert len(set(best) & {"As", "Ah", "Ks", "Kh"}) == 2  # two from the hand
    assert "low" not in out  # high only
    hilo = run_json(capsys, "eval", "--game", "omaha-hilo", "As2h9c9d", "--board", "3d4c8hKsKd")
    assert hilo["low"] == "8-4-3-2-A"
    assert sorted(hilo["low_five"].split()) == sorted(["8h", "4c", "3d", "2h", "As"])
    none = run_json(capsys, "eval", "--game", "omaha-hilo", "QsQhJdJc", "--board", "3d4c8hKsKd")
    assert none["low"] is None


def test_eval_json_agrees_with_the_library(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "eval", "--game", "omaha6", "AsAhKsKh2c3c", "--board", "Qs7h2d4d5d")
    hand = evaluate_omaha("AsAhKsKh2c3c", "Qs7h2d4d5d")
    assert out["strength"] == hand.strength
    assert out["category"] == hand.category == "straight"


def test_query_hilo_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["query", "--game", "omaha-hilo", "As2h9c9d", "AdKcQcJd", "--board", "3d4c8h"]
    out = run_json(capsys, *argv)
    assert out["method"] == "exact"
    assert out["samples"] == comb(52 - 8 - 3, 2)
    assert 0.0 <= out["no_low"] <= 1.0
    a, b = out["players"]
    for p in (a, b):  # the table's names: scoop, part, high, high tie, low, low tie
        assert {"scoop", "part", "high", "high_tie", "low", "low_tie"} <= p.keys()
        assert not {"win", "tie", "high_win", "low_win"} & p.keys()
    assert a["equity"] + b["equity"] == pytest.approx(1.0)
    # the library's result is the same, key for key
    r = calculate(["As2h9c9d", "AdKcQcJd"], board="3d4c8h", game="omaha-hilo")
    assert r.to_dict()["players"][0]["scoop"] == pytest.approx(a["scoop"])
    assert a["scoop"] == pytest.approx(float(r.win[0]))
    assert a["part"] == pytest.approx(float(r.tie[0]))
    assert a["high"] == pytest.approx(float(r.outcomes["high_win"][0]))  # type: ignore[index]
    # A-2 with 3-4-8 on the board always has a low: the low half is never missing
    assert out["no_low"] == 0.0
    assert a["low"] == 1.0


def test_query_high_has_no_low_keys(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "query", "--game", "omaha", "AsAhKsKh", "QdQcJdJc", "--board", "2c7d9h")
    assert out["method"] == "exact"
    assert "no_low" not in out
    for p in out["players"]:  # the table's names: win and tie, nothing repeating them
        assert {"win", "tie"} <= p.keys()
        assert not {"scoop", "part", "high_win", "high", "low"} & p.keys()


def test_query_patterns_monte_carlo_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["query", "--game", "omaha", "AA** ds", "KQJT", "--mc", "--trials", "20000"]
    out = run_json(capsys, *argv, "--seed", "3")
    assert out["method"] == "monte-carlo"
    assert out["samples"] == 20_000
    assert all(p["stderr"] > 0 for p in out["players"])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["query", "--game", "omaha", "AsAhKsKh", "AsQcJdJc"], "As"),
        (["query", "--game", "omaha", "AsAhKsKh", "QdQcJdJc", "--board", "2c"], "board"),
        (["query", "--game", "omaha", "AsAhKsKh", "QdQcJdJc", "--dead", "Qd"], "Qd"),
        (["query", "--game", "omaha", "AAA**", "random"], "AAA**"),
        (["eval", "--game", "omaha", "AsAhKsKh"], "board"),
        (["freq", "--game", "omaha", "--exact"], "omaha"),
        (["query", "--game", "omaha", "AsAhKsKh", "random", "--straight-beats-trips"], "shortdeck"),
    ],
)
def test_bad_input_is_one_sentence(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert message in fails(capsys, *argv)


def test_frequencies_monte_carlo(capsys: pytest.CaptureFixture[str]) -> None:
    t = category_frequencies("omaha", trials=50_000, seed=5)
    assert t.hands == 50_000
    assert sum(t.counts.values()) == 50_000
    # two pair is PLO4's most common hand (about 37%; hold'em's is one pair)
    assert max(t.counts, key=t.counts.__getitem__) == "two pair"
    again = category_frequencies("omaha", trials=50_000, seed=5)
    assert again.counts == t.counts
    out = run_json(capsys, "freq", "--game", "omaha-hilo", "--trials", "20000", "--seed", "2")
    assert out["hands"] == 20_000
    low = out["qualifying_low"]
    assert 0.30 < low["frequency"] < 0.40  # about 35% of hands with a board make a low
    assert low["stderr"] > 0


def test_monte_carlo_counts_do_not_depend_on_threads() -> None:
    kw = {"game": "omaha-hilo", "trials": 60_000, "seed": 9, "batch_size": 10_000}
    one = calculate(["A2** ds", "random", "random"], threads=1, **kw)
    two = calculate(["A2** ds", "random", "random"], threads=2, **kw)
    np.testing.assert_array_equal(one.counts, two.counts)
    for name in one.outcomes:
        np.testing.assert_array_equal(one.outcomes[name], two.outcomes[name])


def test_identical_on_dask() -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                 dashboard_address=":0") as cluster,
        distributed.Client(cluster, set_as_default=False) as client,
    ):  # fmt: skip
        for hands, kw in (
            (["AsAhKsKh", "random"], {"game": "omaha", "trials": 40_000, "seed": 4}),
            (
                ["As2s3h4h", "KsKhQdJd"],
                {"game": "omaha-hilo", "board": "2c7d9h", "method": "exact"},
            ),
            (["AsKs", "QhQd"], {"game": "shortdeck", "trials": 40_000, "seed": 4}),
        ):
            local = calculate(hands, **kw)
            remote = calculate(hands, scheduler=client, **kw)
            assert remote.method == local.method
            assert remote.samples == local.samples
            np.testing.assert_array_equal(remote.counts, local.counts)
            np.testing.assert_array_equal(remote.equity, local.equity)
