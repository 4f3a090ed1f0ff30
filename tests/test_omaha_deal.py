"""Omaha deals as data: ``equity.deal`` records the very deals calculate's Monte-Carlo scores.

The deals come from the Omaha scoring loop itself, run with a sink: summing
their pot shares gives ``calculate(..., method="monte-carlo")``'s counts,
integer for integer (half-pots for hi-lo), on every spot below; every deal
is legal (no card twice, patterns and known cards respected).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from equity import calculate, deal
from equity.analysis.deals import deal_chunks
from equity.analysis.textures import COLUMNS
from equity.cards import parse_cards
from equity.cli import main
from equity.evaluators.omaha import evaluate_omaha_batch
from equity.games import game as get_game
from equity.lookup.omaha import low_mask_text
from equity.ranges.omaha import parse_omaha_range

SPOTS = [
    # (game, hands, board, dead, n, seed, batch_size)
    ("omaha", ["AsAhKsKh", "random"], "", "", 3000, 1, None),
    ("omaha", ["AsAhKsKh", "QdQcJdJc"], "Ts9s2h", "", 2001, 2, 333),
    ("omaha", ["AA**", "KQJT ds", "random"], "", "5h", 3000, 3, None),
    ("omaha", ["AsAhKsKh", "KQJT ds", "random", "random"], "Td9d2c4h", "3s", 2500, 4, 97),
    ("omaha-hilo", ["As2h3d4c", "KcKhQdJd"], "", "", 3000, 5, None),
    ("omaha-hilo", ["As2h3d4c", "A2**", "random"], "7c8d2s", "", 3000, 6, 257),
    ("omaha5", ["AsAhKsKhQd", "random", "random"], "", "2c", 2000, 7, None),
    ("omaha5-hilo", ["A2***", "random"], "", "", 3000, 8, None),
    ("omaha6", ["random", "random", "random"], "", "", 2000, 9, 129),
    ("courchevel", ["AsAhKsKhQd", "random", "random"], "2c", "", 2000, 10, None),
    ("courchevel-hilo", ["A2***", "random"], "7d", "Kc", 3000, 11, 257),
]


@pytest.mark.parametrize(("game", "hands", "board", "dead", "n", "seed", "batch_size"), SPOTS)
def test_pot_shares_sum_to_calculate_counts(
    game: str, hands: list[str], board: str, dead: str, n: int, seed: int, batch_size: int | None
) -> None:
    d = deal(game, hands=hands, board=board, dead=dead, n=n, seed=seed, batch_size=batch_size)
    r = calculate(
        hands,
        board,
        dead,
        game=game,
        method="monte-carlo",
        trials=n,
        seed=seed,
        batch_size=batch_size,
    )
    assert d.n == n
    assert d.game == game
    assert np.array_equal(d.counts(), r.counts)
    np.testing.assert_allclose(d.equity, r.equity, rtol=0, atol=1e-12)
    np.testing.assert_allclose(d.share.sum(axis=1), 1.0)


@pytest.mark.parametrize(("game", "hands", "board", "dead", "n", "seed", "batch_size"), SPOTS)
def test_deals_are_legal(
    game: str, hands: list[str], board: str, dead: str, n: int, seed: int, batch_size: int | None
) -> None:
    d = deal(game, hands=hands, board=board, dead=dead, n=n, seed=seed, batch_size=batch_size)
    g = get_game(game)
    n_hole = g.hole_cards
    assert d.holes.shape == (n, len(hands), n_hole)
    assert d.board.shape == (n, 5)
    cards = np.concatenate([d.holes.reshape(n, -1), d.board], axis=1).astype(np.int64)
    assert cards.max() < 52
    ordered = np.sort(cards, axis=1)
    assert (np.diff(ordered, axis=1) > 0).all(), "a card dealt twice"
    for c in parse_cards(dead):
        assert not (cards == c).any(), "a dead card dealt"
    known_board = parse_cards(board)
    assert (d.board[:, : len(known_board)] == known_board).all()
    for p, hand in enumerate(hands):
        if hand == "random":
            continue
        if "*" in hand or " " in hand:
            pattern = parse_omaha_range(hand, n_hole)
            assert all(h in pattern for h in d.holes[:, p].tolist())
        else:
            assert (np.sort(d.holes[:, p], axis=1) == sorted(parse_cards(hand))).all()
    # strength and category are the evaluator's, low and low winners too
    flat = d.holes.reshape(-1, n_hole)
    high, low = evaluate_omaha_batch(flat, np.repeat(d.board, len(hands), axis=0))
    assert np.array_equal(d.strength.reshape(-1), high)
    assert np.array_equal(d.category, len(g.categories) - (d.strength >> 12))
    best = d.strength == d.strength.max(axis=1, keepdims=True)
    assert np.array_equal(d.winners, best)
    if g.hilo:
        assert d.low is not None
        assert d.low_winners is not None
        assert np.array_equal(d.low.reshape(-1), low)
        top = d.low.max(axis=1, keepdims=True)
        assert np.array_equal(d.low_winners, (d.low == top) & (top > 0))
    else:
        assert d.low is None
        assert d.low_winners is None


def test_hilo_counts_are_half_pots() -> None:
    """Without a qualifying low both halves go high; with one, each half has its winners."""
    d = deal("omaha-hilo", hands=["As2h3d4c", "KcKhQdJd"], n=4000, seed=11)
    assert d.low_winners is not None
    no_low = ~d.low_winners.any(axis=1)
    assert 0 < no_low.sum() < d.n
    # a unit is a half-pot: two units a deal, shared out among their winners
    counts = d.counts()
    assert (counts[:, 1] + counts[:, 2] / 2).sum() == 2 * d.n
    r = calculate(
        ["As2h3d4c", "KcKhQdJd"], game="omaha-hilo", method="monte-carlo", trials=4000, seed=11
    )
    assert r.outcomes is not None
    assert r.outcomes["no_low"][0] == pytest.approx(no_low.mean())


TEXTURES = list(COLUMNS)  # each board's texture (equity.analysis.textures)


def test_frames() -> None:
    d = deal("omaha-hilo", hands=["As2h3d4c", "AA**"], board="7c8d2s", n=500, seed=3)
    f = d.to_frame()
    assert len(f) == 1000
    assert list(f.columns) == [
        "deal",
        "player",
        "hand",
        "board",
        *TEXTURES,
        "strength",
        "category",
        "win",
        "low",
        "low_win",
        "share",
    ]
    assert f["hand"].str.len().eq(8).all()
    assert f["board"].str.startswith("7c8d2s").all()
    assert d.low is not None
    texts = [low_mask_text(int(c)) for c in d.low.reshape(-1)]
    assert texts == [None if pd.isna(v) else v for v in f["low"]]
    np.testing.assert_allclose(f.groupby("player")["share"].mean().to_numpy(), d.equity)
    high = deal("omaha5", players=3, n=200, seed=4).to_frame()
    assert list(high.columns) == [
        "deal",
        "player",
        "hand",
        "board",
        *TEXTURES,
        "strength",
        "category",
        "win",
        "share",
    ]
    assert high["hand"].str.len().eq(10).all()


def test_chunks_are_the_deals() -> None:
    hands = ["A2**", "random", "random"]
    chunks = deal_chunks("omaha-hilo", hands=hands, n=3000, seed=5, batch_size=64, chunk_rows=1000)
    parts = list(chunks)
    whole = deal("omaha-hilo", hands=hands, n=3000, seed=5, batch_size=64)
    assert len(parts) > 1
    for name in ("holes", "board", "strength", "winners", "low", "low_winners"):
        joined = np.concatenate([getattr(p, name) for p in parts])
        assert np.array_equal(joined, getattr(whole, name)), name
    assert np.array_equal(sum(p.counts() for p in parts), whole.counts())


def test_cli_deals_omaha(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "plo8.csv"
    argv = ["deal", "--game", "omaha-hilo", "As2h3d4c", "AA**", "--n", "1000", "--seed", "7"]
    assert main([*argv, "--out", str(out), "--quiet"]) == 0
    text = capsys.readouterr().out
    r = calculate(
        ["As2h3d4c", "AA**"], game="omaha-hilo", method="monte-carlo", trials=1000, seed=7
    )
    assert f"{r.equity[0]:.4%}" in text  # printed tables show percentages
    assert f"{r.equity[1]:.4%}" in text
    frame = pd.read_csv(out)
    assert len(frame) == 2000
    assert {"low", "low_win"} <= set(frame.columns)
