"""Two boards from one deck (``equity.double_board``, ``equity query --boards 2``).

Exact spots against the plain enumeration of :mod:`reference_double`; each
board's equity alone against the one-board equity with the other board's
known cards dead (exact: to 1e-12; Monte-Carlo: within five standard
errors); Monte-Carlo against exact and on any thread count.
"""

from __future__ import annotations

import json

import numba
import numpy as np
import pytest
from reference_double import OUTCOMES, double_board_reference

import equity
from equity.cli import main


@pytest.mark.parametrize(
    ("game", "hands", "board1", "board2"),
    [
        ("holdem", ["AsKs", "QhQd"], "Qs7s2c5d", "Kd8c3h9h"),
        ("holdem", ["AsKs", "QhQd", "7c6c"], "Qs7s2c5c", "Kd8c3h4d"),
        ("omaha", ["AsKsQd2c", "QhQc7h8h", "JdTd9c8c"], "Qs7s2h5d", "Kd8d3h4c"),
        ("omaha-hilo", ["As2sKdQd", "Ah3h7c8c", "2d3d9h9c"], "4s5h6dKc", "4c5s7dJh"),
    ],
)
def test_matches_the_plain_enumeration(game, hands, board1, board2):
    """Every figure equals the reference's exact fraction (the hi-lo spot has quarters)."""
    want = double_board_reference(hands, board1, board2, game)
    got = equity.double_board(hands, board1, board2, game=game)
    assert got.exact
    assert got.samples == want["pairs"]
    np.testing.assert_allclose(got.board_equity, np.array(want["board_equity"], float), atol=1e-12)
    np.testing.assert_allclose(got.equity, np.array(want["equity"], float), atol=1e-12)
    for name in OUTCOMES:
        np.testing.assert_allclose(got.outcomes[name], np.array(want[name], float), atol=1e-12)
    disjoint = [k for k in OUTCOMES if k != "quartered"]
    np.testing.assert_allclose(sum(got.outcomes[k] for k in disjoint), 1.0, atol=1e-12)
    if game == "omaha-hilo":
        assert max(want["quartered"]) > 0
        assert max(want["split_split"]) > 0


@pytest.mark.parametrize(
    ("game", "hands", "board1", "board2"),
    [
        ("omaha", ["AsKsQd2c", "QhQc7h8h"], "Qs7s2h", "Kd8c3h"),
        ("omaha5-hilo", ["AsKsQd2c3h", "QhQc7h8h9d", "Ad4d5cJhJc"], "Qs7s2h", "Kd8c6hTs"),
        ("holdem", ["AhAd", "9s8s", "KcQc"], "Ts7s2c", "Jd6h4h3s"),
    ],
)
def test_each_board_alone_is_the_one_board_equity(game, hands, board1, board2):
    """Exact: each board's equity is the one-board equity, the other board's cards dead."""
    got = equity.double_board(hands, board1, board2, game=game)
    assert got.exact
    for k, (mine, other) in enumerate(((board1, board2), (board2, board1))):
        one = equity.calculate(hands, mine, dead=other, game=game, method="exact")
        np.testing.assert_allclose(got.board_equity[k], one.equity, rtol=0, atol=1e-12)
    np.testing.assert_allclose(got.equity, got.board_equity.mean(axis=0), atol=1e-15)


def test_monte_carlo_boards_agree_with_one_board_exact_and_any_thread_count():
    """A board of the flop and an unknown board: each within 5 std errors of the exact one-board
    equity; the same seed gives the same figures on one thread and on all."""
    hands, flop = ["AsKsQd2c", "QhQc7h8h"], "Qs7s2h"
    runs = [
        equity.double_board(hands, flop, game="omaha", trials=40_000, seed=7, threads=t)
        for t in (1, numba.config.NUMBA_NUM_THREADS)
    ]
    got = runs[0]
    assert (got.method, got.samples, got.seed) == ("monte-carlo", 40_000, 7)
    np.testing.assert_array_equal(runs[0].board_equity, runs[1].board_equity)
    for name in OUTCOMES:
        np.testing.assert_array_equal(runs[0].outcomes[name], runs[1].outcomes[name])
    exact = [
        equity.calculate(hands, flop, game="omaha", method="exact").equity,
        equity.calculate(hands, "", dead=flop, game="omaha", method="exact").equity,
    ]
    for k in range(2):
        z = (got.board_equity[k] - exact[k]) / got.board_stderr[k]
        assert np.all(np.abs(z) < 5), (k, z)
    np.testing.assert_allclose(got.equity, got.board_equity.mean(axis=0), atol=1e-12)


def test_monte_carlo_outcomes_agree_with_the_enumeration():
    """Both flops known: every Monte-Carlo outcome chance within 5 std errors of the exact one."""
    hands, flops = ["As2sKdQd", "Ah3h7c8c"], ("4s5h6d", "4c5sJh")
    exact = equity.double_board(hands, *flops, game="omaha-hilo")
    mc = equity.double_board(hands, *flops, game="omaha-hilo", method="monte-carlo",
                             trials=20_000, seed=3)  # fmt: skip
    assert (exact.method, mc.method) == ("exact", "monte-carlo")
    assert mc.outcomes_stderr is not None
    for name in OUTCOMES:
        err = mc.outcomes_stderr[name]
        assert np.all(np.abs(mc.outcomes[name] - exact.outcomes[name]) <= 5 * err + 1e-12), name
    assert np.all(np.abs(mc.equity - exact.equity) < 5 * mc.stderr)


def test_deal_two_boards_deals_what_double_board_scores():
    """``deal(..., boards=2)``: the very Monte-Carlo deals, a board column per board."""
    hands = ["As2sKdQd", "Ah3h7c8c"]
    d = equity.deal("omaha-hilo", hands=hands, board="4s5h6d", n=3000, seed=5, boards=2)
    r = equity.double_board(hands, "4s5h6d", game="omaha-hilo", trials=3000, seed=5)
    np.testing.assert_allclose(d.share1.mean(axis=0), r.board_equity[0], atol=1e-12)
    np.testing.assert_allclose(d.share2.mean(axis=0), r.board_equity[1], atol=1e-12)
    frame = d.to_frame()
    assert list(frame.columns[:5]) == ["deal", "player", "hand", "board1", "board2"]
    assert (frame["board1"].str[:6] == "4s5h6d").all()
    for name in ("scoop", "split_split", "lose"):
        counted = (frame["outcome"] == name).to_numpy().reshape(-1, 2).mean(axis=0)
        np.testing.assert_allclose(counted, r.outcomes[name], atol=1e-12)
    cards = np.concatenate([d.board1, d.board2], axis=1)
    assert all(len(set(row)) == 10 for row in cards.tolist())


def test_deal_command_writes_both_boards(tmp_path, capsys):
    """``equity deal --boards 2 --out``: the deals of ``deal(boards=2)``, a column per board."""
    import pandas as pd

    out = tmp_path / "bomb.csv"
    argv = ["deal", "--game", "omaha", "AsKsQd2c", "QhQc7h8h", "--boards", "2",
            "--board", "Qs7s2h|", "--n", "500", "--seed", "2", "--out", str(out)]  # fmt: skip
    assert main(argv) == 0
    assert "1,000 rows" in capsys.readouterr().out
    frame = pd.read_csv(out)
    want = equity.deal("omaha", hands=["AsKsQd2c", "QhQc7h8h"], board="Qs7s2h", n=500, seed=2,
                       boards=2).to_frame()  # fmt: skip
    assert list(frame.columns) == list(want.columns)
    assert frame["board2"].tolist() == want["board2"].astype(str).tolist()
    np.testing.assert_array_equal(frame["share"], want["share"])


def test_query_boards_two_prints_and_returns_json(capsys):
    """``equity query --boards 2``: the JSON of the result; bad input is one sentence, exit 2."""
    argv = ["query", "--game", "omaha", "AsKsQd2c", "QhQc7h8h", "--boards", "2",
            "--board", "Qs7s2h|Kd8c3h"]  # fmt: skip
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    direct = equity.double_board(["AsKsQd2c", "QhQc7h8h"], "Qs7s2h", "Kd8c3h", game="omaha")
    assert data["exact"]
    assert data["boards"] == ["Qs7s2h", "Kd8c3h"]
    assert data["board_equity"] == direct.board_equity.tolist()
    assert set(data["outcomes"]) == {*OUTCOMES, "win_one"}
    assert main(argv) == 0
    assert "quartered" in capsys.readouterr().out
    assert main([*argv[:-1], "Qs7s2h|Kd8c"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert main([*argv[:-1], "|Kd8c3h", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["boards"] == ["", "Kd8c3h"]
    assert main(["query", "AsKs", "QhQd", "--board", "Qs7s2h|Kd8c3h"]) == 2
    assert "--boards 2" in capsys.readouterr().err


def test_bad_input_is_one_sentence():
    """Ranges, games without two boards, a card twice: a ValueError naming the bad part."""
    with pytest.raises(ValueError, match="known hands only"):
        equity.double_board(["AA", "KK"])
    with pytest.raises(ValueError, match="not in 'razz'"):
        equity.double_board(["AsKs", "QhQd"], game="razz")
    with pytest.raises(ValueError, match="'Qs' is used twice"):
        equity.double_board(["AsKs", "QhQd"], "Qs7s2c", "Qs8c3h")
    assert equity.game("bigo").name == "omaha5-hilo"


def test_each_kernel_compiles_once():
    """Hold'em and Omaha, exact and Monte-Carlo, high and hi-lo: one variant of each kernel."""
    from equity.kernels import double_board as kernels

    equity.double_board(["AsKs", "QhQd"], "Qs7s2c5d", "Kd8c3h9h")
    equity.double_board(["AsKs", "QhQd"], trials=2000, seed=1)
    equity.double_board(["As2sKdQd", "Ah3h7c8c"], "4s5h6d", game="omaha-hilo", trials=2000, seed=1)
    equity.double_board(["As2sKdQd", "Ah3h7c8c"], "4s5h6d", "4c5s7d", game="omaha")
    for name in kernels.__all__:
        assert len(getattr(kernels, name).signatures) == 1, name


def test_calculate_with_two_boards_is_double_board():
    args = (["AsKsQd2c", "QhQc7h8h"], "Qs7s2h")
    via = equity.calculate(*args, boards=2, board2="Kd8c3h", game="omaha")
    direct = equity.double_board(*args, "Kd8c3h", game="omaha")
    assert np.array_equal(via.board_equity, direct.board_equity)
    assert all(np.array_equal(via.outcomes[k], direct.outcomes[k]) for k in direct.outcomes)
    with pytest.raises(ValueError, match="boards must be 1 or 2, not 3"):
        equity.calculate(["AsKs", "QhQd"], boards=3)
    with pytest.raises(ValueError, match="board2 is the second board's cards: it needs boards=2"):
        equity.calculate(["AsKs", "QhQd"], board2="Kd8c3h")
    with pytest.raises(ValueError, match=r"two boards \(boards=2\) do not take categories"):
        equity.calculate(["AsKs", "QhQd"], boards=2, categories=True)
