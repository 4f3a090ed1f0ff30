"""Omaha evaluation: exactly two hole cards and three board cards, high and 8-or-better low.

The tables are :class:`equity.lookup.omaha.OmahaTables` (see that module for
the method): a board is reduced once to its *facts* (:func:`board_facts`:
rank pattern, the suit that can make a flush and its ranks, the low ranks),
after which a hand's high value is a maximum over its hole pairs of
:attr:`pair_values` lookups (or one lookup in a precomputed row for a known
hand, :func:`hand_rows`) and, when the board allows a flush, over its
suited pairs of :attr:`flush_values`; its low is one lookup.

Every kernel takes the tables as the one named tuple (``tables``) and
reads its fields by name; a board is carried as its *sums* ``(key, suits,
low)`` (:func:`add_card`).  A loop over cards carries the sums as three
scalars, not as one tuple: with the tuple, the Omaha Monte-Carlo loops ran
7-14% slower (measured on random, pattern and hi-lo spots).

High values are on the hold'em scale of :mod:`equity.lookup` (``value >>
12`` = category 1..9).  Low codes are ``256 - mask`` of the low's five ranks
(bigger is better), 0 for no qualifying low.
"""

from __future__ import annotations

import numpy as np

from ._jit import inline_kernel, kernel, parallel_kernel, prange
from .draws import floyd_board_sums, swap_draw
from .rng import seed_state

__all__ = [
    "LOW_COLUMN",
    "N_BOARD_PATTERNS",
    "N_PAIRS",
    "N_SUITED_SETS",
    "add_card",
    "board_facts",
    "board_sums",
    "board_tables",
    "evaluate_omaha_batch",
    "evaluate_omaha_rows",
    "hand_high",
    "hand_low_mask",
    "hand_rows",
    "hand_tables",
    "high_from_rows",
    "sample_omaha_categories",
]

N_BOARD_PATTERNS = 6175
N_PAIRS = 91
N_FLUSH_PAIRS = 78
N_SUITED_SETS = 2288

_HASH_MASK = np.uint64((1 << 24) - 1)
_HASH_MULTIPLIER = np.uint64(0xFD5D5A35)
_ROW_SHIFT = np.uint64(11)
_ROW_MASK = np.uint64((1 << 11) - 1)
_FLUSH_SIZE = 1 << 13
_THREE = np.uint64(0x5555)
_EIGHTS = np.uint64(0x8888)


@inline_kernel
def add_card(key, suits, low, c, card_keys, suit_bits, low_bits):
    """The board sums ``(key, suits, low)`` with card ``c`` added.

    ``key`` sums the cards' keys, ``suits`` ORs their suit bits, ``low``
    ORs their low-rank bits; :func:`board_facts` reads the first two, the
    low table the third.  The empty board is ``(0, 0, 0)``.
    """
    return key + card_keys[c], suits | suit_bits[c], low | np.int64(low_bits[c])


@inline_kernel
def board_sums(cards, n, card_keys, suit_bits, low_bits):
    """The sums (:func:`add_card`) of the board cards ``cards[:n]``."""
    key, suits, low = np.uint64(0), np.uint64(0), np.int64(0)
    for j in range(n):
        key, suits, low = add_card(key, suits, low, cards[j], card_keys, suit_bits, low_bits)
    return key, suits, low


@inline_kernel
def board_tables(tables):
    """The arrays a board's sums and facts read, unpacked once per kernel entry:
    ``(card_keys, suit_bits, low_bits, offsets, board_index, suited_index)``."""
    return (
        tables.card_keys,
        tables.suit_bits,
        tables.low_bits,
        tables.offsets,
        tables.board_index,
        tables.suited_index,
    )


@inline_kernel
def hand_tables(tables):
    """The arrays :func:`hand_high` reads, unpacked once per kernel entry:
    ``(pair_index, pair_values, flush_pair_index, flush_values)``."""
    return tables.pair_index, tables.pair_values, tables.flush_pair_index, tables.flush_values


@inline_kernel
def board_facts(key, suits, offsets, board_index, suited_index):
    """``(pattern, flush suit, suited set)`` of a five-card board.

    ``key`` is the sum of the board's card keys (no start value), ``suits``
    the OR of their suit bits.  ``pattern`` indexes the board's rank pattern
    (0..6174); ``flush suit`` is the suit holding three or more board cards
    (at most one can) or -1; ``suited set`` indexes that suit's board ranks
    (0..2287), or -1.
    """
    m = ((key & _HASH_MASK) * _HASH_MULTIPLIER) & _HASH_MASK
    slot = (np.uint64(offsets[m >> _ROW_SHIFT]) << np.uint64(1)) + (m & _ROW_MASK)
    pattern = np.int64(board_index[_FLUSH_SIZE + np.int64(slot)])
    three = ((key >> np.uint64(32)) + _THREE) & _EIGHTS
    if three == 0:
        return pattern, -1, -1
    suit = np.int64(three > 0x8) + np.int64(three > 0x80) + np.int64(three > 0x800)
    ranks = np.int64((suits >> np.uint64(16 * suit)) & np.uint64(0x1FFF))
    return pattern, suit, np.int64(suited_index[ranks])


@inline_kernel
def hand_high(hole, k, facts, pair_index, pair_values, flush_pair_index, flush_values):
    """High value of the ``k`` cards ``hole[:k]`` on a board with these facts.

    Takes the four arrays it reads, not the tables tuple: a tuple argument
    of an inlined helper with loops and branches costs a reference-count
    update of each of its arrays per call (measured: four times the work of
    this lookup), an array argument costs nothing.
    """
    pattern, suit, suited = facts
    best = np.int64(0)
    base = pattern * 91
    for i in range(k):
        ri = np.int64(hole[i] >> 2)
        for j in range(i + 1, k):
            v = np.int64(pair_values[base + pair_index[ri * 13 + np.int64(hole[j] >> 2)]])
            best = max(best, v)
    if suit >= 0:
        fbase = suited * 78
        for i in range(k):
            if np.int64(hole[i] & 3) != suit:
                continue
            ri = np.int64(hole[i] >> 2)
            for j in range(i + 1, k):
                if np.int64(hole[j] & 3) == suit:
                    v = np.int64(
                        flush_values[fbase + flush_pair_index[ri * 13 + np.int64(hole[j] >> 2)]]
                    )
                    best = max(best, v)
    return best


@inline_kernel
def hand_low_mask(hole, k, low_bits):
    """The low-rank mask (bit 0 = ace .. bit 7 = eight) of ``hole[:k]``."""
    mask = np.int64(0)
    for i in range(k):
        mask |= np.int64(low_bits[hole[i]])
    return mask


@inline_kernel
def high_from_rows(rows, flush_rows, p, facts):
    """High value of known hand ``p`` from its precomputed rows (:func:`hand_rows`)."""
    pattern, suit, suited = facts
    v = np.int64(rows[p, pattern])
    if suit >= 0:
        v = max(v, np.int64(flush_rows[p, suit, suited]))
    return v


@kernel
def hand_rows(holes, k, tables, rows, flush_rows):
    """Precompute each known hand's high value on every board pattern and suited set.

    ``rows[p, b]``: the best value by ranks of hand ``p`` on rank pattern
    ``b``; ``flush_rows[p, s, t]``: its best flush in suit ``s`` on suited
    set ``t`` (0 when it holds fewer than two cards of ``s``).  A showdown
    of known hands then costs one or two lookups per hand.

    Shapes
    ------
    holes : uint8[n, >= k]; rows : uint16[n, 6175]; flush_rows : uint16[n, 4, 2288]
    """
    pair_index, pair_values, flush_pair_index, flush_values = hand_tables(tables)
    for p in range(holes.shape[0]):
        for b in range(N_BOARD_PATTERNS):
            best = 0
            for i in range(k):
                ri = np.int64(holes[p, i] >> 2)
                for j in range(i + 1, k):
                    pr = pair_index[ri * 13 + np.int64(holes[p, j] >> 2)]
                    best = max(best, np.int64(pair_values[b * 91 + pr]))
            rows[p, b] = best
        for s in range(4):
            for t in range(N_SUITED_SETS):
                best = 0
                for i in range(k):
                    if np.int64(holes[p, i] & 3) != s:
                        continue
                    ri = np.int64(holes[p, i] >> 2)
                    for j in range(i + 1, k):
                        if np.int64(holes[p, j] & 3) == s:
                            fp = flush_pair_index[ri * 13 + np.int64(holes[p, j] >> 2)]
                            best = max(best, np.int64(flush_values[t * 78 + fp]))
                flush_rows[p, s, t] = best


@kernel
def evaluate_omaha_rows(holes, boards, start, stop, tables, high, low):
    """High values and low codes of the hands of rows ``start`` to ``stop``, on one thread
    (as :func:`evaluate_omaha_batch`, whose chunks these are)."""
    pair_index, pair_values, flush_pair_index, flush_values = hand_tables(tables)
    card_keys, suit_bits, low_bits, offsets, board_index, suited_index = board_tables(tables)
    lows = tables.low_values
    k = holes.shape[1]
    for n in range(start, stop):
        key, suits, board_low = board_sums(boards[n], 5, card_keys, suit_bits, low_bits)
        high[n] = hand_high(
            holes[n],
            k,
            board_facts(key, suits, offsets, board_index, suited_index),
            pair_index,
            pair_values,
            flush_pair_index,
            flush_values,
        )
        low[n] = lows[(board_low << 8) | hand_low_mask(holes[n], k, low_bits)]


@parallel_kernel
def evaluate_omaha_batch(holes, boards, tables, high, low):
    """High value and low code of many Omaha hands, in chunks spread over threads.

    Codes must be cards (0..51), each row's hole and board cards distinct:
    the caller checks them.

    Shapes
    ------
    holes : uint8[n, k], k in 4, 5, 6; boards : uint8[n, 5]
    tables : equity.lookup.omaha.OmahaTables
    high, low : int32[n]
    """
    n = holes.shape[0]
    chunk = 1 << 13
    for c in prange((n + chunk - 1) // chunk):
        evaluate_omaha_rows(holes, boards, c * chunk, min(n, (c + 1) * chunk), tables, high, low)


LOW_COLUMN = 10
"""Column of :func:`sample_omaha_categories`' counts holding the deals with a qualifying low."""


@parallel_kernel
def sample_omaha_categories(seeds, batch_size, n_trials, first_batch, n_hole, tables, out):
    """Deal random Omaha hands with a board and count their high categories and lows.

    Each deal: ``n_hole`` hole cards by partial Fisher-Yates over a deck
    kept shuffled from deal to deal, then five board cards by Floyd's
    algorithm from the cards left (:func:`.draws.floyd_board_sums`).  Batch ``b =
    first_batch + i`` deals trials ``[b * batch_size, min(n_trials, (b + 1)
    * batch_size))`` from its own stream ``seeds[i]`` and writes only ``out[i]``.

    Shapes
    ------
    seeds : uint64[n_run]; tables : equity.lookup.omaha.OmahaTables
    out : int64[n_run, 16], zeroed; column = high category code (1..9), column
        :data:`LOW_COLUMN` = deals with a qualifying eight-or-better low
    """
    for i in prange(seeds.shape[0]):
        start = (first_batch + i) * batch_size
        n = min(n_trials, start + batch_size) - start
        _sample_omaha_batch(seeds[i], n, n_hole, tables, out[i])


@kernel
def _sample_omaha_batch(seed, n, n_hole, tables, out):
    pair_index, pair_values, flush_pair_index, flush_values = hand_tables(tables)
    card_keys, suit_bits, low_bits, offsets, board_index, suited_index = board_tables(tables)
    lows = tables.low_values
    state = np.empty(2, dtype=np.uint64)
    seed_state(seed, state)
    s0 = state[0]
    s1 = state[1]
    spare = np.uint64(0)
    deck = np.arange(52).astype(np.uint8)
    empty = (np.uint64(0), np.uint64(0), np.int64(0))
    for _ in range(n):
        for j in range(n_hole):
            s0, s1, spare, _c = swap_draw(s0, s1, spare, deck, j, 52)
        s0, s1, spare, sums = floyd_board_sums(
            s0, s1, spare, deck, n_hole, 5, empty, card_keys, suit_bits, low_bits, None, 0
        )
        key, suits, board_low = sums
        high = hand_high(
            deck,
            n_hole,
            board_facts(key, suits, offsets, board_index, suited_index),
            pair_index,
            pair_values,
            flush_pair_index,
            flush_values,
        )
        out[high >> 12] += 1
        out[LOW_COLUMN] += lows[(board_low << 8) | hand_low_mask(deck, n_hole, low_bits)] > 0
