"""Several run-outs (:func:`equity.run_outs`) against a plain enumeration of run-out sequences.

The oracle is :mod:`reference_runs` (every ordered sequence of ``K`` disjoint
run-outs, each scored by the reference evaluators).  Exact results are compared
as :class:`~fractions.Fraction` values; Monte-Carlo within 5 standard errors.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import threading
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction

import numpy as np
import pytest
import reference_runs as ref

import equity
from equity.analysis.run_outs import run_outs
from equity.analysis.run_outs_count import card_masks, class_sequence_counts

# The flush draw: KhQh wins with one of the 9 hearts left, AsAc with the 35 other cards.
DRAW = (["AsAc", "KhQh"], "Jh7h2c3d")


def _exact(result: equity.RunOuts) -> list[dict[Fraction, Fraction]]:
    assert result.method == "exact"
    assert result.exact is not None
    return list(result.exact.distribution)


def test_nine_outs_on_the_turn_run_twice_have_21_43_of_the_variance() -> None:
    r = run_outs(*DRAW, runs=2)
    assert r.exact is not None
    assert r.exact.variance_ratio == (Fraction(21, 43), Fraction(21, 43))
    assert r.exact.equity == (Fraction(35, 44), Fraction(9, 44))
    assert r.exact.variance_once[1] == Fraction(9, 44) * Fraction(35, 44)
    # both rivers hearts, one of them, neither: the draw's share 1, 1/2, 0
    assert r.exact.distribution[1] == {
        Fraction(0): Fraction(35 * 34, 44 * 43),
        Fraction(1, 2): Fraction(2 * 9 * 35, 44 * 43),
        Fraction(1): Fraction(9 * 8, 44 * 43),
    }
    assert r.samples == 44 * 43


SOME_DEAD = "2h3h5h6h8hTh2s4s5s6s8s9s"
"""Dead cards that keep the listing of three run-outs short (29 cards left)."""


@pytest.mark.parametrize(
    ("hands", "board", "runs", "dead"),
    [
        (["AdKd", "AcKc"], "QdJc2h3s", 2, ""),  # flush draws both ways, split pots
        (["AsKs", "QhQd", "9c8c"], "Ts7c2d4h", 2, ""),  # three-way, one card a run-out
        (["AsKs", "QhQd", "9c8c"], "Ts7c2d4h", 3, SOME_DEAD),
    ],
)
def test_turn_boards_match_the_enumeration(
    hands: list[str], board: str, runs: int, dead: str
) -> None:
    r = run_outs(hands, board, dead, runs=runs)
    assert _exact(r) == ref.distribution(hands, board, runs, dead=dead)


@pytest.mark.parametrize(
    ("hands", "game"),
    [
        (["As2d3c8h", "KhQhJs4d"], "omaha-hilo"),
        (["As2d3c8hKc", "KhQhJs4d4c"], "courchevel-hilo"),  # five cards, the first board card
    ],
)
def test_omaha_hilo_splits_each_run_out_high_and_low(hands: list[str], game: str) -> None:
    board = "7h5d9cTs"
    r = run_outs(hands, board, runs=2, game=game)
    assert _exact(r) == ref.distribution(hands, board, 2, ref.omaha_hilo_shares)
    assert any(s.denominator == 4 for s in _exact(r)[0])  # quartered once


@pytest.mark.parametrize("runs", [1, 2, 3])
def test_disjoint_run_out_sequences_are_counted_as_listed(runs: int) -> None:
    """The class-sequence counts of several-card run-outs against every sequence listed:
    two-card run-outs of an eight-card deck, in three classes."""
    picks = np.array(list(itertools.combinations(range(8), 2)), dtype=np.uint8)
    classes = np.arange(len(picks)) % 3
    counts = class_sequence_counts(card_masks(picks), classes, runs)
    listed: Counter[tuple[int, ...]] = Counter()
    for sequence in itertools.permutations(range(len(picks)), runs):
        cards = [c for i in sequence for c in picks[i]]
        if len(set(cards)) == len(cards):
            listed[tuple(int(classes[i]) for i in sequence)] += 1
    assert {k: int(counts[k]) for k in listed} == dict(listed)
    assert int(counts.sum()) == sum(listed.values())


@pytest.mark.slow
@pytest.mark.parametrize(
    ("hands", "board", "game", "shares"),
    [
        (["AhKh", "QsQc"], "Qh7h2c", "holdem", ref.holdem_shares),
        (["As2d3c8h", "KhQhJs4d"], "7h5d9c", "omaha-hilo", ref.omaha_hilo_shares),
        (["AsKs", "9h9d"], "Ts7c6d", "shortdeck", ref.shortdeck_shares),
    ],
)
def test_flop_boards_run_twice_match_the_enumeration(
    hands: list[str], board: str, game: str, shares: ref.Shares
) -> None:
    r = run_outs(hands, board, runs=2, game=game)
    size = 36 if game == "shortdeck" else 52
    assert _exact(r) == ref.distribution(hands, board, 2, shares, deck_size=size)


def test_short_deck_turn_matches_the_enumeration() -> None:
    hands, board = ["AsKs", "9h9d"], "Ts7c6d8h"
    r = run_outs(hands, board, runs=2, game="shortdeck")
    assert _exact(r) == ref.distribution(hands, board, 2, ref.shortdeck_shares, deck_size=36)


def test_the_equity_does_not_depend_on_the_number_of_run_outs() -> None:
    hands, board = ["AsKs", "QhQd", "9c8c"], "Ts7c2d4h"
    once = run_outs(hands, board, runs=1)
    assert once.exact is not None
    assert list(once.exact.equity) == [ref.moments(d)[0] for d in ref.distribution(hands, board, 1)]
    for runs in (2, 3, 4, 10):
        r = run_outs(hands, board, runs=runs)
        assert r.exact is not None
        assert r.exact.equity == once.exact.equity
        assert r.exact.variance_once == once.exact.variance
    flop = [run_outs(["AhKh", "QsQc"], "Qh7h2c", runs=k).exact for k in (1, 2)]
    assert flop[0] is not None
    assert all(f is not None and f.equity == flop[0].equity for f in flop)
    plain = equity.calculate(*DRAW)
    draw = run_outs(*DRAW, runs=3).exact
    assert draw is not None
    assert [float(e) for e in draw.equity] == pytest.approx(list(plain.equity), abs=1e-12)


def test_monte_carlo_agrees_with_the_exact_count() -> None:
    exact = run_outs(*DRAW, runs=2)
    mc = run_outs(*DRAW, runs=2, method="monte-carlo", trials=20_000, seed=7)
    assert mc.method == "monte-carlo"
    assert mc.equity_stderr is not None
    assert mc.variance_ratio_stderr is not None
    assert abs(mc.equity - exact.equity).max() <= 5 * mc.equity_stderr.max()
    assert abs(mc.variance_ratio[1] - 21 / 43) <= 5 * mc.variance_ratio_stderr[1]
    assert mc.shares == exact.shares
    for p in range(2):
        assert mc.probability_stderr is not None
        gap = abs(mc.probabilities[p] - exact.probabilities[p])
        assert (gap <= 5 * mc.probability_stderr[p]).all()
    again = run_outs(*DRAW, runs=2, method="monte-carlo", trials=20_000, seed=7)
    assert (again.probabilities[1] == mc.probabilities[1]).all()


def test_monte_carlo_gives_the_same_figures_on_any_number_of_threads() -> None:
    import numba

    before = numba.get_num_threads()
    runs = []
    try:
        for threads in (1, numba.config.NUMBA_NUM_THREADS):
            numba.set_num_threads(threads)
            runs.append(run_outs(["AhKh", "QQ+"], "Qh7h2c", runs=2, method="monte-carlo",
                                 trials=2_000, seed=5))  # fmt: skip
    finally:
        numba.set_num_threads(before)
    one, many = runs
    assert one.to_dict() == many.to_dict()


def test_a_flop_run_three_times_by_monte_carlo_agrees_with_the_exact_count() -> None:
    exact = run_outs(["AhKh", "QsQc"], "Qh7h2c", runs=3)
    mc = run_outs(["AhKh", "QsQc"], "Qh7h2c", runs=3, method="monte-carlo", trials=20_000,
                  seed=11)  # fmt: skip
    assert exact.method == "exact"
    assert mc.probability_stderr is not None
    assert mc.variance_ratio_stderr is not None
    assert abs(mc.variance_ratio[0] - exact.variance_ratio[0]) <= 5 * mc.variance_ratio_stderr[0]
    for p in range(2):
        assert mc.shares[p] == exact.shares[p]
        gap = abs(mc.probabilities[p] - exact.probabilities[p])
        assert (gap <= 5 * mc.probability_stderr[p]).all()


def test_a_weighted_range_is_enumerated_as_the_mixture_of_its_assignments() -> None:
    # QQ without the Qh on the board; JJ at half weight
    queens = {h: Fraction(1) for h in ("QcQd", "QcQs", "QdQs")}
    jacks = {h: Fraction(1, 2) for h in ("JcJd", "JcJh", "JcJs", "JdJh", "JdJs", "JhJs")}
    r = run_outs(["AhKh", "QQ,JJ@50"], "Qh7h2c3d", runs=2)
    assert r.method == "exact"
    assert r.samples == 9 * 44 * 43
    assert _exact(r) == ref.range_distribution("AhKh", [queens | jacks], "Qh7h2c3d", 2)


def test_a_range_by_monte_carlo_matches_the_mixture() -> None:
    queens = {h: Fraction(1) for h in ("QcQd", "QcQs", "QdQs")}
    r = run_outs(["AhKh", "QQ"], "Qh7h2c3d", runs=2, method="monte-carlo", trials=20_000,
                 seed=3)  # fmt: skip
    assert r.method == "monte-carlo"
    expected = ref.range_distribution("AhKh", [queens], "Qh7h2c3d", 2)
    assert r.probability_stderr is not None
    for p in range(2):
        assert r.shares[p] == tuple(expected[p])
        gap = abs(r.probabilities[p] - [float(x) for x in expected[p].values()])
        assert (gap <= 5 * r.probability_stderr[p]).all()


def test_the_work_estimate_chooses_the_method() -> None:
    assert run_outs(["AhKh", "random"], "Qh7h2c", runs=2, trials=2_000, seed=1).method == (
        "monte-carlo"
    )  # a random hand on the flop: 1,081 assignments of a 990 x 990 count each
    preflop = run_outs(["AsAc", "KhQh"], runs=2, trials=2_000, seed=1)
    assert preflop.method == "monte-carlo"
    assert "beyond counting" in preflop.reason


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": ["AsAc", "KhQh"], "board": "Jh7h2c3d4s", "runs": 2}, "the board is complete"),
        ({"hands": ["AsAc", "KhQh"], "board": "Jh7h2c3d", "runs": 45}, "not enough cards"),
        ({"hands": ["AsAc", "KhQh"], "board": "2c7d9h h", "runs": 2}, "partly known"),
        ({"hands": ["AsAc", "KhQh"], "runs": 0}, "runs must be a positive whole number"),
        ({"hands": ["As2s3s4s5s", "KhQhJhTh9h"], "game": "five"}, "has no board"),
        ({"hands": ["AsAc", "KhQh"], "runs": 2, "method": "exact"}, "cannot be counted"),
    ],
)
def test_impossible_run_outs_are_one_sentence(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        run_outs(**kwargs)


def test_the_result_reads_as_tables_and_json() -> None:
    r = run_outs(*DRAW, runs=2)
    frame = r.to_frame()
    assert list(frame["share_text"][frame["player"] == 1]) == ["none", "1/2", "all"]
    assert frame["probability"].groupby(frame["player"]).sum().tolist() == pytest.approx([1, 1])
    data = r.to_dict()
    villain = data["players"][1]
    assert villain["exact"]["variance_ratio"] == "21/43"
    assert [d["probability_fraction"] for d in villain["distribution"]] == [
        "595/946", "315/946", "18/473"
    ]  # fmt: skip
    assert set(r.summary_frame().columns) >= {"equity", "variance", "variance_ratio"}


def test_query_runs_prints_the_spread_and_its_json(capsys: pytest.CaptureFixture[str]) -> None:
    from equity.cli import main

    assert main(["query", *DRAW[0], "--board", DRAW[1], "--runs", "2"]) == 0
    out = capsys.readouterr().out
    assert "1,892 run-out sequences" in out
    assert "0.4884 (21/43)" in out
    assert main(["query", *DRAW[0], "--board", DRAW[1], "--runs", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [p["equity"] for p in data["players"]] == pytest.approx([35 / 44, 9 / 44])
    runs = data["runs"]
    assert (runs["runs"], runs["method"], runs["samples"]) == (2, "exact", 1892)
    assert runs["players"][1]["exact"]["variance_ratio"] == "21/43"
    assert runs["players"][1]["distribution"][2] == {
        "share": 1.0, "share_fraction": "1", "probability": pytest.approx(18 / 473),
        "probability_fraction": "18/473",
    }  # fmt: skip


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--board", "Jh7h2c3d", "--runs", "45"], "not enough cards for 45 run-outs"),
        (["--board", "Jh7h2c3d5s", "--runs", "2"], "the board is complete"),
        (["--runs", "0"], "the board is run at least once"),
        (["--runs", "two"], "is not a whole number of run-outs"),
    ],
)
def test_query_refuses_impossible_runs_in_one_sentence(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from equity.cli import main

    assert main(["query", "AsAc", "KhQh", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err
    assert len(captured.err.strip().splitlines()) == 1


# Ctrl-C in the Monte-Carlo of several run-outs, and of two boards (equity.double_board)


@contextlib.contextmanager
def _ctrl_c() -> Iterator[threading.Event]:
    """``stop_requested`` as Ctrl-C during the first round of work leaves it."""
    stop = threading.Event()
    stop.set()
    yield stop


def test_ctrl_c_keeps_the_deals_done(monkeypatch: pytest.MonkeyPatch) -> None:
    """Monte-Carlo run-outs stopped by Ctrl-C: the figures of the whole batches done."""
    import equity.analysis.run_outs as module

    monkeypatch.setattr(module, "_CHUNK", 4_096)
    monkeypatch.setattr(module, "stop_requested", _ctrl_c)
    r = run_outs(*DRAW, runs=2, method="monte-carlo", trials=20_000, seed=7)
    assert r.interrupted
    assert 0 < r.samples < 20_000
    assert all(abs(float(p.sum()) - 1) < 1e-12 for p in r.probabilities)
    assert r.to_dict()["interrupted"] is True


def test_two_boards_ctrl_c_keeps_the_trials_done(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two boards stopped by Ctrl-C: the batches done, equal to a run of that many trials."""
    import equity.engine.double_board as module

    monkeypatch.setattr(module, "_ROUND", 8_192)
    hands = ["AsKs", "QhQd"]
    with monkeypatch.context() as m:
        m.setattr(module, "stop_requested", _ctrl_c)
        cut = module.double_board(hands, method="monte-carlo", trials=40_960, seed=3,
                                  batch_size=1_024, threads=1)  # fmt: skip
    assert cut.interrupted
    assert cut.samples == 8_192
    whole = module.double_board(hands, method="monte-carlo", trials=8_192, seed=3,
                                batch_size=1_024, threads=1)  # fmt: skip
    assert not whole.interrupted
    np.testing.assert_array_equal(cut.board_equity, whole.board_equity)
    assert "(interrupted: result so far)" in str(cut)
