"""Tests of equity.kernels.draws: each shared step against what it stands for.

The loops' draws are pinned elsewhere (``tests/test_kernel_draws.py``,
``tests/test_pinned_draws.py``); these check the steps' own contracts: the two
board draws add exactly the cards they draw in their representation, and the
joint draw that copies the combos' cards draws the combos it draws without.
"""

from __future__ import annotations

import numba
import numpy as np

from equity.kernels import draws
from equity.kernels.omaha import board_sums
from equity.lookup.omaha import omaha_tables


@numba.njit(cache=True)
def _boards(seed, first, m, card_keys, suit_bits, low_bits, keys_out, sums_out, cards):
    """Each board step from the same stream and deck, with the cards each drew."""
    deck = np.arange(52).astype(np.uint8)
    sink_keys = (np.zeros((1, 1, 1), np.uint8), np.zeros((1, 5), np.uint8))
    _, _, _, key, suits = draws.floyd_board_keys(
        np.uint64(seed), np.uint64(seed * 3 + 1), np.uint64(0), deck, first, m,
        np.uint64(0), np.uint64(0), card_keys, suit_bits, sink_keys, 0,
    )  # fmt: skip
    keys_out[0] = key
    keys_out[1] = suits
    sink_sums = np.zeros((1, 2, 6), np.uint8)
    empty = (np.uint64(0), np.uint64(0), np.int64(0))
    _, _, _, sums = draws.floyd_board_sums(
        np.uint64(seed), np.uint64(seed * 3 + 1), np.uint64(0), deck, first, m,
        empty, card_keys, suit_bits, low_bits, sink_sums, 0,
    )  # fmt: skip
    sums_out[0] = sums[0]
    sums_out[1] = sums[1]
    sums_out[2] = np.uint64(sums[2])
    for j in range(m):
        cards[0, j] = sink_keys[1][0, 5 - m + j]
        cards[1, j] = sink_sums[0, 1, 5 - m + j]


def test_each_board_step_adds_the_cards_it_draws() -> None:
    t = omaha_tables()
    for seed, first, m in [(1, 0, 5), (7, 8, 3), (11, 20, 1), (12345, 4, 5)]:
        keys = np.zeros(2, np.uint64)
        sums = np.zeros(3, np.uint64)
        cards = np.zeros((2, m), np.uint8)
        _boards(seed, first, m, t.card_keys, t.suit_bits, t.low_bits, keys, sums, cards)
        assert (cards[0] == cards[1]).all()  # one stream, one deck: the same draws
        assert len(set(cards[0].tolist())) == m
        assert cards[0].min() >= first
        key, suits, low = board_sums(cards[1], m, t.card_keys, t.suit_bits, t.low_bits)
        assert (sums[0], sums[1], sums[2]) == (key, suits, low)
        assert keys[0] == t.card_keys[cards[0]].sum()
        assert keys[1] == np.bitwise_or.reduce(t.suit_bits[cards[0]])


@numba.njit(cache=True)
def _joint(seed, in_range, fixed_mask, offsets, cum, masks, combos, picked, holes):
    """The joint draw without cards and with them, from one stream."""
    ranged, uniform = draws.joint_draw_table(in_range, offsets, cum)
    s0, s1, used, ok = draws.draw_combos(
        np.uint64(seed), np.uint64(seed + 9), fixed_mask, ranged, offsets, cum, uniform,
        masks, picked, None, 0, None,
    )  # fmt: skip
    again = np.zeros_like(picked)
    t0, t1, used2, ok2 = draws.draw_combos(
        np.uint64(seed), np.uint64(seed + 9), fixed_mask, ranged, offsets, cum, uniform,
        masks, again, combos, 2, holes,
    )  # fmt: skip
    for p in ranged:
        ok2 = ok2 and again[p] == picked[p]
    return s0 == t0 and s1 == t1 and used == used2 and ok == ok2 and ok, uniform


def test_the_joint_draw_with_cards_is_the_joint_draw_of_combos() -> None:
    pairs = np.array([[a, b] for a in range(8) for b in range(a + 1, 8)], dtype=np.uint8)
    masks = (np.uint64(1) << pairs[:, 0].astype(np.uint64)) | (
        np.uint64(1) << pairs[:, 1].astype(np.uint64)
    )
    n = len(pairs)
    combos = np.concatenate([pairs, pairs])  # players 0 and 2 hold a range; player 1 none
    combo_masks = np.concatenate([masks, masks])
    weights = np.concatenate([np.ones(n), np.arange(1, n + 1, dtype=np.float64)])
    cum = np.cumsum(weights)
    offsets = np.array([0, n, n, 2 * n], dtype=np.int64)
    in_range = np.array([True, False, True])
    for seed in range(1, 40):
        picked = np.full(3, -1, dtype=np.int64)
        holes = np.zeros((3, 4), dtype=np.uint8)
        same, uniform = _joint(
            seed, in_range, np.uint64(1 << 7), offsets, cum, combo_masks, combos, picked, holes
        )
        assert same
        assert uniform.tolist() == [True, False, False]  # equal weights; none; unequal
        assert picked[1] == -1
        assert 0 <= picked[0] < n <= picked[2] < 2 * n
        assert (holes[0, :2] == combos[picked[0]]).all()
        assert (holes[2, :2] == combos[picked[2]]).all()
        assert not holes[1].any()  # no range: untouched
        assert not holes[[0, 2], 2:].any()  # two cards copied, no more
        assert not (combo_masks[picked[0]] | combo_masks[picked[2]]) & np.uint64(1 << 7)
        assert not combo_masks[picked[0]] & combo_masks[picked[2]]
