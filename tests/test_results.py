"""Tests of equity.results.EquityResult: shares, intervals and the plain-data views."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest

from equity import calculate
from equity.evaluators.zjh import ZJHRules
from equity.results import Z95, EquityResult, shares_from_counts

FRAME_COLUMNS = ["hand", "equity", "win", "tie", "stderr", "ci95_low", "ci95_high"]


@pytest.fixture(scope="module")
def exact() -> EquityResult:
    """Three-way flop with sole wins for everyone and two-way splits (AsKs and AhKh)."""
    return calculate(["AsKs", "AhKh", "Ad7d"], "Qs7h2c", method="exact")


@pytest.fixture(scope="module")
def monte_carlo() -> EquityResult:
    return calculate(["AsKs", "AhKh", "random"], "Qc7c2c", trials=20_000, seed=4)


@pytest.fixture(scope="module", params=["exact", "mc", "zjh", "five"])
def any_result(
    request: pytest.FixtureRequest, exact: EquityResult, monte_carlo: EquityResult
) -> EquityResult:
    if request.param == "exact":
        return exact
    if request.param == "mc":
        return monte_carlo
    if request.param == "zjh":
        return calculate(
            ["2c3d5h", "random", "random"],
            game="zjh",
            trials=20_000,
            seed=2,
            rules=ZJHRules(special_235=True),
        )
    return calculate(["AsAdKcKh2s", "AcAhKdKs2c", "random"], game="five", trials=10_000, seed=3)


def test_equity_sums_to_one(any_result: EquityResult) -> None:
    assert abs(any_result.equity.sum() - 1) < 1e-12
    assert np.all((any_result.equity >= 0) & (any_result.equity <= 1))


def test_splits_consistent_with_win_and_tie(any_result: EquityResult) -> None:
    r = any_result
    n = r.n_players
    assert r.splits.shape == r.counts.shape == (n, n + 1)
    assert np.all(r.splits[:, 0] == 0)
    np.testing.assert_allclose(r.splits[:, 1], r.win, rtol=0, atol=1e-15)
    np.testing.assert_allclose(r.splits[:, 2:].sum(axis=1), r.tie, rtol=0, atol=1e-15)
    ks = np.arange(1, n + 1)
    np.testing.assert_allclose((r.splits[:, 1:] / ks).sum(axis=1), r.equity, atol=1e-15)
    np.testing.assert_allclose(r.splits, r.counts / r.weight_total, atol=1e-15)
    # a k-way split is seen by exactly k players: sum_p splits[p, k] / k deals split k ways
    assert abs((r.splits[:, 1:] / ks).sum() - 1) < 1e-12
    deals_k = r.counts[:, 1:].sum(axis=0) / ks
    np.testing.assert_allclose(deals_k, np.round(deals_k), atol=1e-9)
    # win + tie is the share of deals where the player holds a best hand
    assert np.all(r.win + r.tie <= 1 + 1e-15)
    assert np.all(r.equity >= r.win - 1e-15)
    assert np.all(r.equity <= r.win + r.tie / 2 + 1e-15)


def test_exact_has_wins_and_splits(exact: EquityResult) -> None:
    assert exact.exact
    assert exact.method == "exact"
    assert np.all(exact.counts[:, 1] > 0)
    assert exact.counts[0, 2] == exact.counts[1, 2] > 0
    assert np.all(exact.win > 0)
    assert np.all(exact.tie[:2] > 0)
    assert exact.samples == exact.weight_total == 903


def test_three_way_split_counts_three_times() -> None:
    """A board that plays: every deal is a three-way split."""
    r = calculate(["AsKs", "AhKh", "AdKd"], "Qc7c2c", method="exact")
    np.testing.assert_array_equal(r.counts, [[0, 0, 0, 903]] * 3)
    np.testing.assert_allclose(r.equity, 1 / 3, atol=1e-15)
    np.testing.assert_array_equal(r.tie, [1, 1, 1])


def test_shares_from_counts_by_hand() -> None:
    # 4 deals: p0 wins 2 alone, p0 and p1 split 1, all three split 1
    counts = np.array([[0, 2, 1, 1], [0, 0, 1, 1], [0, 0, 0, 1]], dtype=np.int64)
    equity, win, tie, splits = shares_from_counts(counts, 4.0)
    np.testing.assert_allclose(equity, [(2 + 1 / 2 + 1 / 3) / 4, (1 / 2 + 1 / 3) / 4, 1 / 12])
    np.testing.assert_allclose(win, [0.5, 0, 0])
    np.testing.assert_allclose(tie, [0.5, 0.5, 0.25])
    np.testing.assert_allclose(splits, counts / 4)
    assert abs(equity.sum() - 1) < 1e-15


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
@pytest.mark.parametrize("dtype", [np.int64, np.float64])
def test_shares_are_numpys_to_the_last_bit(players: int, dtype: type) -> None:
    """Up to six players the shares are added as Python floats (a small call's
    microseconds): the same bits as NumPy's sums, integer and weighted counts alike."""
    rng = np.random.default_rng(players)
    ks = np.arange(players + 1, dtype=float)
    ks[0] = np.inf
    for _ in range(200):
        scale = 10.0 ** rng.integers(1, 13, size=(players, players + 1))
        counts = (rng.random((players, players + 1)) * scale).astype(dtype)
        total = float(counts.sum())
        equity, win, tie, splits = shares_from_counts(counts, total)
        assert equity.tobytes() == (np.add.reduce(counts / ks, axis=1) / total).tobytes()
        assert win.tobytes() == (counts[:, 1] / total).tobytes()
        assert tie.tobytes() == (np.add.reduce(counts[:, 2:], axis=1) / total).tobytes()
        assert splits.tobytes() == (counts / total).tobytes()


def test_the_engines_results_are_the_constructors(any_result: EquityResult) -> None:
    """The engine builds its results without the dataclass's ``__init__``
    (``EquityResult._of``): every field set, the same as the constructor's."""
    again = dataclasses.replace(any_result)
    for f in dataclasses.fields(EquityResult):
        ours, theirs = getattr(any_result, f.name), getattr(again, f.name)
        if isinstance(ours, np.ndarray):
            np.testing.assert_array_equal(ours, theirs)
            assert ours.dtype == theirs.dtype
            assert not ours.flags.writeable
        elif f.name != "outcomes":
            assert ours == theirs, f.name
    assert any_result.combo_results is not calculate(["AsKs", "QhQd"], "2c3d4h").combo_results


def test_to_frame(exact: EquityResult, monte_carlo: EquityResult) -> None:
    for r in (exact, monte_carlo):
        frame = r.to_frame()
        assert list(frame.columns) == FRAME_COLUMNS
        assert len(frame) == r.n_players
        assert frame.index.name == "player"
        assert frame["hand"].tolist() == list(r.hands)
        np.testing.assert_array_equal(frame["equity"], r.equity)
        np.testing.assert_array_equal(frame["win"], r.win)
        np.testing.assert_array_equal(frame["tie"], r.tie)
        assert frame.attrs["method"] == r.method
        assert frame.attrs["samples"] == r.samples
    assert exact.to_frame()["stderr"].isna().all()
    np.testing.assert_array_equal(exact.to_frame()["ci95_low"], exact.equity)
    np.testing.assert_array_equal(exact.to_frame()["ci95_high"], exact.equity)
    frame = monte_carlo.to_frame()
    np.testing.assert_array_equal(frame["stderr"], monte_carlo.stderr)
    assert (frame["ci95_low"] < frame["equity"]).all()
    assert (frame["equity"] < frame["ci95_high"]).all()


def test_to_dict(exact: EquityResult, monte_carlo: EquityResult) -> None:
    for r in (exact, monte_carlo):
        d = r.to_dict()
        assert {"game", "method", "samples", "elapsed_s", "compile_s", "seed", "players"} <= set(d)
        assert d["game"] == "holdem"
        assert d["method"] == r.method
        assert d["samples"] == r.samples
        assert isinstance(d["samples"], int)
        assert isinstance(d["elapsed_s"], float)
        assert d["elapsed_s"] >= 0
        assert d["compile_s"] == round(r.compile_s, 6)
        assert d["compile_s"] >= 0
        assert len(d["players"]) == r.n_players
        for p, player in enumerate(d["players"]):
            assert {"hand", "equity", "win", "tie", "stderr"} <= set(player)
            assert player["hand"] == r.hands[p]
            assert player["equity"] == pytest.approx(float(r.equity[p]), abs=0)
            assert player["win"] == float(r.win[p])
            assert player["tie"] == float(r.tie[p])
        json.loads(json.dumps(d))  # plain data
    exact_dict = exact.to_dict()
    assert exact_dict["seed"] is None
    assert all(player["stderr"] is None for player in exact_dict["players"])
    mc_dict = monte_carlo.to_dict()
    assert mc_dict["seed"] == 4
    assert [p["stderr"] for p in mc_dict["players"]] == monte_carlo.stderr.tolist()


def test_ci95_contains_equity(any_result: EquityResult) -> None:
    ci = any_result.ci95
    assert ci.shape == (any_result.n_players, 2)
    assert np.all(ci[:, 0] <= any_result.equity)
    assert np.all(any_result.equity <= ci[:, 1])
    se = any_result.stderr if any_result.stderr is not None else np.zeros(any_result.n_players)
    np.testing.assert_allclose(ci[:, 1] - ci[:, 0], 2 * Z95 * se, rtol=1e-12, atol=0)


def test_repr_html_and_str(exact: EquityResult, monte_carlo: EquityResult) -> None:
    html = exact._repr_html_()
    assert html.startswith("<p>")
    assert "<table" in html
    assert "</table>" in html
    assert "exact" in html
    assert "outcomes" in html
    assert all(hand in html for hand in exact.hands)
    assert "trials" in monte_carlo._repr_html_()
    text = str(monte_carlo)
    assert "monte-carlo" in text
    assert "20,000 trials" in text
    assert all(hand in text for hand in monte_carlo.hands)
    # text shows percentages and numbers players from 0, as to_frame()'s index
    assert f"<td>{exact.equity[0]:.4%}</td>" in html
    for p, line in enumerate(text.splitlines()[1:]):
        assert line.split()[:2] == [str(p), monte_carlo.hands[p]]
        assert f"equity {monte_carlo.equity[p]:.4%} ± {monte_carlo.stderr[p]:.4%}" in line


def test_splits_frame(exact: EquityResult) -> None:
    frame = exact.splits_frame
    assert list(frame.columns) == ["1-way", "2-way", "3-way"]
    assert frame.index.tolist() == list(exact.hands)
    np.testing.assert_array_equal(frame.to_numpy(), exact.splits[:, 1:])


def test_result_is_frozen(exact: EquityResult) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        exact.samples = 0  # type: ignore[misc]


def test_result_arrays_are_read_only(any_result: EquityResult) -> None:
    r = any_result
    arrays = [r.equity, r.win, r.tie, r.splits, r.counts, *(r.outcomes or {}).values()]
    if r.stderr is not None:
        arrays.append(r.stderr)
    for values in arrays:
        assert not values.flags.writeable
        with pytest.raises(ValueError, match="read-only"):
            values[0] = 0.5
    copy = r.equity.copy()
    copy[0] = 0.5  # a copy is the caller's to change
    assert copy[0] == 0.5


def test_result_leaves_the_callers_arrays_writeable() -> None:
    counts = np.array([[0, 3, 1], [0, 2, 1]], dtype=np.int64)
    equity, win, tie, splits = shares_from_counts(counts, 6.0)
    r = EquityResult(
        game="holdem",
        method="exact",
        hands=("AsKs", "QhQd"),
        board="",
        dead="",
        equity=equity,
        win=win,
        tie=tie,
        splits=splits,
        stderr=None,
        samples=6,
        elapsed_s=0.0,
        seed=None,
        counts=counts,
        weight_total=6.0,
        outcomes={"scoop": win},
    )
    assert counts.flags.writeable
    assert equity.flags.writeable
    assert not r.counts.flags.writeable
    assert not r.outcomes["scoop"].flags.writeable  # type: ignore[index]
    np.testing.assert_array_equal(r.counts, counts)


def test_category_counts_are_read_only() -> None:
    r = calculate(["AsKs", "QhQd"], "Qs7h2c", categories=True)
    assert r.category_counts is not None
    assert not r.category_counts.ends.flags.writeable
    assert not r.category_counts.wins.flags.writeable
