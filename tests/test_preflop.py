"""Tests of equity.kernels.preflop: the board sweep and the shipped preflop table.

The sweep is checked board by board against an O(1081^2) brute force over
hole pairs (values from the tested evaluator); the suit-isomorphism reduction
is checked by orbit sizes, and (slow) by a sweep over all C(52, 5) boards.
"""

from __future__ import annotations

import itertools
import math

import numba
import numpy as np
import pytest

from equity.cards import parse_cards
from equity.kernels import holdem
from equity.kernels.preflop import (
    N_BOARD_CLASSES,
    OPPONENTS_PER_BOARD,
    TOTAL_PER_COMBO,
    canonical_boards,
    combo_counts_vs_random,
    sweep_boards,
)
from equity.lookup import HoldemTables
from equity.ranges import CLASSES, class_combos, preflop_equity_vs_random, preflop_ranking

SUIT_PERMUTATIONS = list(itertools.permutations(range(4)))


def board_code(board: list[int]) -> int:
    """Python twin of the kernel's code: per-suit rank sets, sorted, packed."""
    masks = [0, 0, 0, 0]
    for card in board:
        masks[card & 3] |= 1 << (card >> 2)
    m = sorted(masks, reverse=True)
    return m[0] << 39 | m[1] << 26 | m[2] << 13 | m[3]


@pytest.fixture(scope="module")
def canonical() -> tuple[np.ndarray, np.ndarray]:
    return canonical_boards()


def test_canonical_boards(
    canonical: tuple[np.ndarray, np.ndarray], rng: np.random.Generator
) -> None:
    boards, weights = canonical
    assert boards.dtype == np.uint8
    assert boards.flags.c_contiguous
    assert weights.dtype == np.int64
    assert boards.shape == (N_BOARD_CLASSES, 5)
    assert weights.sum() == math.comb(52, 5)
    assert np.all(np.diff(boards.astype(int), axis=1) > 0)  # five distinct cards, sorted
    assert len({board_code(b) for b in boards[::97].tolist()}) == len(boards[::97])
    # Each weight is the size of the board's orbit under the 24 suit permutations.
    for t in rng.choice(len(boards), size=400, replace=False):
        board = boards[t].tolist()
        orbit = {
            tuple(sorted(4 * (c >> 2) + perm[c & 3] for c in board)) for perm in SUIT_PERMUTATIONS
        }
        assert len(orbit) == weights[t]
        assert {board_code(list(b)) for b in orbit} == {board_code(board)}


def brute_force_board(board: list[int], tables: HoldemTables) -> np.ndarray:
    """Win/tie counts of every hole pair against every disjoint pair, one board.

    Shapes
    ------
    returns : int64[52, 52, 3] like one batch of ``sweep_boards`` with weight 1
    """
    live = [c for c in range(52) if c not in board]
    pairs = np.array(list(itertools.combinations(live, 2)), dtype=np.int64)
    hands = np.empty((len(pairs), 7), dtype=np.uint8)
    hands[:, :5] = board
    hands[:, 5:] = pairs
    values = np.empty(len(pairs), dtype=np.int32)
    holdem.evaluate_batch(hands, tables, values)
    masks = (np.uint64(1) << pairs[:, 0].astype(np.uint64)) | (
        np.uint64(1) << pairs[:, 1].astype(np.uint64)
    )
    disjoint = (masks[:, None] & masks[None, :]) == 0
    wins = ((values[:, None] > values[None, :]) & disjoint).sum(axis=1)
    ties = ((values[:, None] == values[None, :]) & disjoint).sum(axis=1)
    assert np.all(disjoint.sum(axis=1) == OPPONENTS_PER_BOARD)
    out = np.zeros((52, 52, 3), dtype=np.int64)
    out[pairs[:, 0], pairs[:, 1], 0] = wins
    out[pairs[:, 0], pairs[:, 1], 1] = ties
    out[pairs[:, 0], pairs[:, 1], 2] = 1
    return out


SPECIAL_BOARDS = [
    "AsKsQsJsTs",  # royal flush on board: every pair ties
    "2c2d2h2s3c",  # quads on board
    "2h5h9hJhKh",  # flush on board
    "5c6d7h8s9c",  # straight on board
    "AcAdKhKs2c",  # two pair on board
    "3s4s5s6s8d",  # straight-flush draws
]


def test_sweep_matches_brute_force_on_fixed_boards(
    tables: HoldemTables, rng: np.random.Generator
) -> None:
    boards = [parse_cards(b) for b in SPECIAL_BOARDS]
    boards += [sorted(rng.choice(52, size=5, replace=False).tolist()) for _ in range(194)]
    weights = rng.integers(1, 30, size=len(boards))
    expected_total = np.zeros((52, 52, 3), dtype=np.int64)
    for board, w in zip(boards, weights, strict=False):
        expected = brute_force_board(board, tables)
        out = np.zeros((1, 52, 52, 3), dtype=np.int64)
        sweep_boards(np.array([board], dtype=np.uint8), np.ones(1, dtype=np.int64), tables, out)
        np.testing.assert_array_equal(out[0], expected, err_msg=f"board {board}")
        expected_total += w * expected
    # All boards at once, weighted, in several batches (more batches than boards, too).
    for n_batches in (1, 7, 256):
        out = np.zeros((n_batches, 52, 52, 3), dtype=np.int64)
        sweep_boards(np.array(boards, dtype=np.uint8), weights.astype(np.int64), tables, out)
        np.testing.assert_array_equal(out.sum(axis=0), expected_total)
    assert len(sweep_boards.signatures) == 1


def test_sweep_independent_of_thread_count(
    canonical: tuple[np.ndarray, np.ndarray], tables: HoldemTables
) -> None:
    boards, weights = canonical
    boards, weights = boards[:3000:3].copy(), weights[:3000:3].copy()
    results = []
    threads = numba.get_num_threads()
    try:
        for n in sorted({1, threads}):
            numba.set_num_threads(n)
            out = np.zeros((16, 52, 52, 3), dtype=np.int64)
            sweep_boards(boards, weights, tables, out)
            results.append(out)
    finally:
        numba.set_num_threads(threads)
    for out in results[1:]:
        np.testing.assert_array_equal(out, results[0])


def test_orbit_weights_give_class_sums(
    canonical: tuple[np.ndarray, np.ndarray], tables: HoldemTables, rng: np.random.Generator
) -> None:
    """A canonical board with its orbit size as weight sums like its whole orbit, per class."""
    boards, weights = canonical
    pick = rng.choice(len(boards), size=300, replace=False)
    expanded = sorted(
        {
            tuple(sorted(4 * (c >> 2) + perm[c & 3] for c in boards[t].tolist()))
            for t in pick
            for perm in SUIT_PERMUTATIONS
        }
    )
    assert len(expanded) == weights[pick].sum()
    out_canonical = np.zeros((4, 52, 52, 3), dtype=np.int64)
    sweep_boards(boards[pick].copy(), weights[pick].copy(), tables, out_canonical)
    out_orbits = np.zeros((4, 52, 52, 3), dtype=np.int64)
    ones = np.ones(len(expanded), dtype=np.int64)
    sweep_boards(np.array(expanded, dtype=np.uint8), ones, tables, out_orbits)
    a, b = out_canonical.sum(axis=0), out_orbits.sum(axis=0)
    assert not np.array_equal(a, b)  # per combo they differ ...
    for label in CLASSES:  # ... per class they agree
        combos = class_combos(label)
        np.testing.assert_array_equal(
            a[combos[:, 1], combos[:, 0]].sum(axis=0), b[combos[:, 1], combos[:, 0]].sum(axis=0)
        )


def test_shipped_counts() -> None:
    counts = preflop_equity_vs_random()
    assert list(counts) == list(CLASSES)
    sizes = {c: len(class_combos(c)) for c in CLASSES}
    for win, tie, total in counts.values():
        assert total == TOTAL_PER_COMBO == 2_097_572_400
        assert win > 0
        assert tie > 0
        assert win + tie < total

    def equity(label: str) -> float:
        win, tie, total = counts[label]
        return (win + tie / 2) / total

    # Published values (PokerStove et al.), to the 0.01 % they are quoted at.
    assert equity("AA") == pytest.approx(0.8520, abs=5e-5)
    assert equity("KK") == pytest.approx(0.8240, abs=5e-5)
    assert equity("72o") == pytest.approx(0.3458, abs=5e-5)
    assert equity("AKs") == pytest.approx(0.6704, abs=5e-5)
    # Zero sum: over all (hero, opponent, board) deals every win is someone's loss.
    wins = sum(sizes[c] * w for c, (w, t, n) in counts.items())
    losses = sum(sizes[c] * (n - w - t) for c, (w, t, n) in counts.items())
    assert wins == losses
    assert preflop_ranking()[:5] == ("AA", "KK", "QQ", "JJ", "TT")
    assert preflop_ranking()[-1] == "32o"


def test_shipped_table_equals_recomputation(tables: HoldemTables) -> None:
    assert preflop_equity_vs_random(recompute=True) == preflop_equity_vs_random()
    assert len(sweep_boards.signatures) == 1


@pytest.mark.slow
def test_all_boards_match_canonical_sweep(tables: HoldemTables) -> None:
    """Every combo over all C(52,5) boards, without the suit-isomorphism shortcut."""
    n = math.comb(52, 5)
    boards = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
        dtype=np.uint8,
        count=5 * n,
    ).reshape(n, 5)
    out = np.zeros((64, 52, 52, 3), dtype=np.int64)
    sweep_boards(boards, np.ones(n, dtype=np.int64), tables, out)
    per_combo = out.sum(axis=0)
    per_combo[:, :, 2] *= OPPONENTS_PER_BOARD
    shipped = preflop_equity_vs_random()
    for label in CLASSES:
        for hi, lo in class_combos(label).tolist():
            assert tuple(per_combo[lo, hi].tolist()) == shipped[label], (label, hi, lo)
    # And the canonical sweep sums to the same class totals.
    canonical = combo_counts_vs_random(tables)
    for label in CLASSES:
        combos = class_combos(label)
        np.testing.assert_array_equal(
            canonical[combos[:, 1], combos[:, 0]].sum(axis=0),
            per_combo[combos[:, 1], combos[:, 0]].sum(axis=0),
        )
