"""The exact board enumeration: counting by rank pattern equals enumerating every board.

:func:`equity.kernels.enumerate._five_card_boards` counts the 1,712,304
preflop boards of heads-up hold'em by rank pattern, with the flush boards
apart; :func:`~equity.kernels.enumerate._five_board_loops` enumerates them
one by one.  They must give the same integer counts for any players, any
number of players and any dead cards, and both agree with the plain-Python
reference on small decks (tests/test_engine.py).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from equity.kernels import enumerate as en
from equity.kernels.holdem import KEY_START
from equity.lookup import board_patterns, holdem_tables


def _deal(rng: np.random.Generator, n_players: int, n_dead: int) -> tuple[np.ndarray, np.ndarray]:
    cards = rng.permutation(52)[: 2 * n_players + n_dead].astype(np.uint8)
    return cards[: 2 * n_players].reshape(n_players, 2), cards[2 * n_players :]


def both_ways(holes: np.ndarray, dead: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``out[p, k]`` of every board, by rank pattern and by plain loops."""
    card_keys, suit_bits, offsets, values = holdem_tables()
    n = len(holes)
    used = set(holes.ravel().tolist()) | set(dead.tolist())
    deck = np.array([c for c in range(52) if c not in used], dtype=np.uint8)
    group_end = np.empty(len(deck), dtype=np.int64)
    for e in range(len(deck) - 1, -1, -1):
        same = e + 1 < len(deck) and deck[e + 1] >> 2 == deck[e] >> 2
        group_end[e] = group_end[e + 1] if same else e + 1
    hk = np.array([card_keys[a] + card_keys[b] for a, b in holes], dtype=np.uint64)
    hs = np.array([suit_bits[a] | suit_bits[b] for a, b in holes], dtype=np.uint64)
    hsc = np.zeros((n, 4), dtype=np.int64)
    for p, (a, b) in enumerate(holes):
        hsc[p, a & 3] += 1
        hsc[p, b & 3] += 1
    live = np.uint64(sum(1 << int(c) for c in deck))
    vals = np.empty(n, dtype=np.int32)
    by_pattern = np.zeros((n, n + 1), dtype=np.int64)
    patterns = board_patterns()
    tables = (card_keys, suit_bits, offsets, values)
    en._five_card_boards(live, (hk, hs, hsc), patterns, tables, vals, by_pattern)
    by_board = np.zeros((n, n + 1), dtype=np.int64)
    en._five_board_loops(
        KEY_START, np.uint64(0), deck, group_end, len(deck), (hk, hs), tables, vals, by_board
    )
    return by_pattern, by_board


@pytest.mark.parametrize(("n_players", "n_dead"), [(2, 0), (2, 3), (3, 0), (4, 2), (6, 0)])
def test_rank_patterns_equal_every_board(n_players: int, n_dead: int) -> None:
    rng = np.random.default_rng(100 * n_players + n_dead)
    for _ in range(3 if n_players < 6 else 1):
        holes, dead = _deal(rng, n_players, n_dead)
        by_pattern, by_board = both_ways(holes, dead)
        np.testing.assert_array_equal(by_pattern, by_board)


@pytest.mark.parametrize(
    "hands",
    [
        ["AsKs", "QsJs"],  # both suited in one suit: flush against flush
        ["AsKs", "QhQd"],
        ["2s3s", "4s5s", "6s7s"],  # straight flushes in one suit
        ["AhKh", "AdKd", "AcKc", "AsKs"],  # every suit suited: the four flush suits
        ["7c2d", "8h3s"],  # no suited hand
    ],
)
def test_flush_heavy_spots(hands: list[str]) -> None:
    from equity.cards import parse_cards

    holes = np.array([parse_cards(h) for h in hands], dtype=np.uint8)
    by_pattern, by_board = both_ways(holes, np.zeros(0, dtype=np.uint8))
    np.testing.assert_array_equal(by_pattern, by_board)
    n = len(hands)
    shares = by_pattern[:, 1:].sum(axis=0)  # a k-way split is counted by each of its k players
    assert sum(int(x) // k for k, x in enumerate(shares, start=1)) == math.comb(52 - 2 * n, 5)


def test_board_patterns() -> None:
    patterns = board_patterns()
    assert len(patterns.ranks) == 6_175  # C(17, 5) - 13: no rank five times
    assert np.all(np.diff(patterns.ranks.astype(int), axis=1) >= 0)
