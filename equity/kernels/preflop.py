"""Exact preflop equity of every hole combo against one uniformly random hand.

The sweep works board by board.  For a fixed five-card board all
``C(47, 2) = 1081`` hole pairs from the live cards are evaluated once and
sorted by value.  Walking the sorted list group by group (a group is one
value), a hero pair ``{a, c}`` beats::

    below - lower[a] - lower[c]

opponents, where ``below`` counts the pairs of a smaller value and
``lower[x]`` those of them that hold card ``x``.  This is inclusion-exclusion
over the opponents that share a card with the hero: two distinct pairs share
at most one card, and the only pair holding both ``a`` and ``c`` is the hero
itself, which is never below itself.  Ties count the same way inside the
hero's own group (the hero is in its group once and in both card counters).
Every hero pair meets ``C(45, 2) = 990`` disjoint opponents on a board.

Boards are taken up to suit isomorphism: a board's class is the multiset of
its four per-suit rank sets (13 bits each), and :func:`canonical_boards`
returns one board per class with the class size as a weight.  Per-combo
counts from canonical boards are *not* the per-combo counts over all boards,
but their sums over any suit-closed set of combos (a hand class such as
``AKs``) are: relabelling suits maps the boards of a class onto each other
and the hand class onto itself.  Sum per hand class, never per combo.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ._jit import inline_kernel, kernel, parallel_kernel, prange
from .holdem import KEY_START, value_from_key

__all__ = [
    "N_BOARD_CLASSES",
    "OPPONENTS_PER_BOARD",
    "TOTAL_PER_COMBO",
    "board_codes5",
    "canonical_boards",
    "combo_counts_vs_random",
    "decode_boards",
    "sweep_boards",
]

N_BOARD_CLASSES = 134_459
"""Five-card boards up to suit permutation."""
OPPONENTS_PER_BOARD = math.comb(45, 2)
"""Opponent pairs disjoint from a hero pair and a board: 990."""
TOTAL_PER_COMBO = math.comb(50, 5) * OPPONENTS_PER_BOARD
"""(board, opponent) deals for one hero combo: 2,097,572,400."""

_N_PAIRS = 1081  # C(47, 2) hole pairs on a fixed board
_RANK_BITS = 13


@kernel
def _pack_sorted4(m0, m1, m2, m3):
    """Pack four 13-bit rank sets in decreasing order (a sorting network)."""
    m0, m1 = max(m0, m1), min(m0, m1)
    m2, m3 = max(m2, m3), min(m2, m3)
    m0, m2 = max(m0, m2), min(m0, m2)
    m1, m3 = max(m1, m3), min(m1, m3)
    m1, m2 = max(m1, m2), min(m1, m2)
    return (m0 << 39) | (m1 << 26) | (m2 << 13) | m3


@kernel
def board_codes5(out):
    """Suit-isomorphism code of every five-card board, in lexicographic order.

    A code packs the four per-suit 13-bit rank sets, sorted in decreasing
    order, into one integer; two boards have equal codes exactly when a
    suit permutation maps one onto the other.

    Shapes
    ------
    out : int64[C(52, 5)]
    """
    bits = np.empty(52, dtype=np.int64)  # card -> its rank bit, shifted to its suit
    for card in range(52):
        bits[card] = np.int64(1) << (_RANK_BITS * (card & 3) + (card >> 2))
    n = 0
    for a in range(52):
        for b in range(a + 1, 52):
            for c in range(b + 1, 52):
                for d in range(c + 1, 52):
                    partial = bits[a] | bits[b] | bits[c] | bits[d]
                    for e in range(d + 1, 52):
                        s = partial | bits[e]
                        out[n] = _pack_sorted4(
                            s & 0x1FFF, (s >> 13) & 0x1FFF, (s >> 26) & 0x1FFF, (s >> 39) & 0x1FFF
                        )
                        n += 1


def decode_boards(codes: np.ndarray) -> np.ndarray:
    """Turn board codes into boards: the ``k``-th packed rank set gets suit ``k``.

    Shapes
    ------
    codes : int64[n]
    returns : uint8[n, 5], cards in increasing order
    """
    codes = np.asarray(codes, dtype=np.int64)
    cards = np.arange(52)
    # Suit s holds the rank set packed at bits 13 * (3 - s).
    shift = _RANK_BITS * (3 - (cards & 3)) + (cards >> 2)
    held = ((codes[:, None] >> shift[None, :]) & 1).astype(bool)
    if not np.all(held.sum(axis=1) == 5):
        raise ValueError("a code does not describe a five-card board")
    return np.nonzero(held)[1].reshape(-1, 5).astype(np.uint8)


def canonical_boards() -> tuple[np.ndarray, np.ndarray]:
    """One board per suit-isomorphism class and the size of its class.

    Shapes
    ------
    returns : (boards uint8[134459, 5], weights int64[134459]);
              ``weights.sum() == C(52, 5)``

    Examples
    --------
    >>> boards, weights = canonical_boards()
    >>> boards.shape, int(weights.sum()), int(weights.max())
    ((134459, 5), 2598960, 24)
    """
    codes = np.empty(math.comb(52, 5), dtype=np.int64)
    board_codes5(codes)
    unique, counts = np.unique(codes, return_counts=True)
    return decode_boards(unique), counts.astype(np.int64)


@inline_kernel
def _byte_starts(vals, shift, count):
    """Set ``count[r]`` to the first sorted slot of the ``vals`` with byte ``r`` at ``shift``."""
    for r in range(256):
        count[r] = 0
    for p in range(vals.shape[0]):
        count[(vals[p] >> shift) & 255] += 1
    total = 0
    for r in range(256):
        size = count[r]
        count[r] = total
        total += size


@kernel
def _radix_order(vals, count, tmp, order):
    """Stable order of ``vals`` (16-bit values) by two byte-wise counting passes.

    Shapes
    ------
    vals, tmp, order : int64[n]; count : int64[256]
    """
    n = vals.shape[0]
    _byte_starts(vals, 0, count)
    for p in range(n):
        r = vals[p] & 255
        tmp[count[r]] = p
        count[r] += 1
    _byte_starts(vals, 8, count)
    for k in range(n):
        p = tmp[k]
        r = vals[p] >> 8
        order[count[r]] = p
        count[r] += 1


@kernel
def _sweep_range(boards, weights, start, stop, card_keys, suit_bits, offsets, values, out):
    """Add the weighted counts of ``boards[start:stop]`` to ``out`` (serial)."""
    live = np.empty(47, dtype=np.int64)
    pair_a = np.empty(_N_PAIRS, dtype=np.int64)
    pair_c = np.empty(_N_PAIRS, dtype=np.int64)
    vals = np.empty(_N_PAIRS, dtype=np.int64)
    order = np.empty(_N_PAIRS, dtype=np.int64)
    tmp = np.empty(_N_PAIRS, dtype=np.int64)
    count = np.empty(256, dtype=np.int64)
    lower = np.zeros(52, dtype=np.int64)
    group = np.zeros(52, dtype=np.int64)
    for t in range(start, stop):
        w = weights[t]
        key = KEY_START
        suit_set = np.uint64(0)
        on_board = np.uint64(0)
        for k in range(5):
            card = boards[t, k]
            key += card_keys[card]
            suit_set |= suit_bits[card]
            on_board |= np.uint64(1) << np.uint64(card)
        n_live = 0
        for card in range(52):
            if not (on_board >> np.uint64(card)) & np.uint64(1):
                live[n_live] = card
                n_live += 1
        p = 0
        for i in range(47):
            a = live[i]
            key_a = key + card_keys[a]
            set_a = suit_set | suit_bits[a]
            for j in range(i + 1, 47):
                c = live[j]
                vals[p] = value_from_key(
                    key_a + card_keys[c], set_a | suit_bits[c], offsets, values
                )
                pair_a[p] = a
                pair_c[p] = c
                p += 1
        _radix_order(vals, count, tmp, order)
        for card in range(52):
            lower[card] = 0
        below = 0
        i = 0
        while i < _N_PAIRS:
            v = vals[order[i]]
            j = i + 1
            while j < _N_PAIRS and vals[order[j]] == v:
                j += 1
            for k in range(i, j):
                q = order[k]
                group[pair_a[q]] += 1
                group[pair_c[q]] += 1
            size = j - i
            for k in range(i, j):
                q = order[k]
                a = pair_a[q]
                c = pair_c[q]
                out[a, c, 0] += w * (below - lower[a] - lower[c])
                out[a, c, 1] += w * (size + 1 - group[a] - group[c])
                out[a, c, 2] += w
            for k in range(i, j):
                q = order[k]
                lower[pair_a[q]] += 1
                lower[pair_c[q]] += 1
                group[pair_a[q]] = 0
                group[pair_c[q]] = 0
            below += size
            i = j


@parallel_kernel
def sweep_boards(boards, weights, tables, out):
    """Weighted win/tie counts of every hole pair against every disjoint pair.

    Boards are split into ``n_batches = out.shape[0]`` contiguous batches;
    batch ``b`` writes only ``out[b]``, so the sum over batches does not
    depend on the thread count.  For a hero pair ``a < c``, summed over the
    boards ``t`` that miss it::

        out[b, a, c, 0] += weights[t] * (opponents beaten)
        out[b, a, c, 1] += weights[t] * (opponents tied)
        out[b, a, c, 2] += weights[t]

    and each board offers ``OPPONENTS_PER_BOARD`` opponents.

    Shapes
    ------
    boards : uint8[n_boards, 5], distinct cards per row
    weights : int64[n_boards]
    tables : equity.lookup.HoldemTables
    out : int64[n_batches, 52, 52, 3], zeroed; only ``a < c`` is written
    """
    card_keys, suit_bits, offsets, values = tables
    n = boards.shape[0]
    n_batches = out.shape[0]
    per = (n + n_batches - 1) // n_batches
    for b in prange(n_batches):
        lo = b * per
        hi = min(n, lo + per)
        _sweep_range(boards, weights, lo, hi, card_keys, suit_bits, offsets, values, out[b])


def combo_counts_vs_random(tables: Any, *, n_batches: int = 64) -> np.ndarray:
    """Win/tie/deal counts of every hole pair against one random hand, all boards.

    Uses :func:`canonical_boards`, so only sums over suit-closed sets of
    combos (hand classes) are meaningful; see the module docstring.

    Shapes
    ------
    returns : int64[52, 52, 3] indexed ``[low card, high card, (win, tie, deals)]``
              where ``deals`` counts (board, opponent) pairs;
              the sum over a hand class of ``deals`` is
              ``TOTAL_PER_COMBO * len(class)``
    """
    boards, weights = canonical_boards()
    out = np.zeros((n_batches, 52, 52, 3), dtype=np.int64)
    sweep_boards(boards, weights, tables, out)
    total: np.ndarray = out.sum(axis=0)
    total[:, :, 2] *= OPPONENTS_PER_BOARD
    return total
