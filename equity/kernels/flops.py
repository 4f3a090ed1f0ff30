"""Range against range on many flops, exact over every turn and river.

For each turn and river of a flop, every live combo of both ranges is
valued once; the combos are sorted by value (a two-pass radix sort, values
below 2**16) and swept from the lowest: range B's weight below a value, in
total and per card, gives the weight of B's combos an A combo beats, less
those that share a card with it (a B combo sharing both cards is the same
combo, with the same value: never below, and added back once among the
ties).  Each board thus costs a sort and two passes over ``n_a + n_b``
combos instead of ``n_a * n_b`` comparisons.
"""

from __future__ import annotations

import numpy as np

from ._jit import QUEUE_WORKERS, fetch_add, inline_kernel, kernel, parallel_kernel, prange
from .holdem import KEY_START, value_from_key

__all__ = ["flop_masses", "range_flop"]

_ONE = np.uint64(1)
_BYTE = np.int64(255)
_SMALL = 40
"""Up to this many combos on a board are sorted by insertion, more by radix."""


@inline_kernel
def _radix_pass(src, n, values, shift, count, dst):
    """Stable counting sort of the items ``src[:n]`` by byte ``shift`` of their values."""
    for d in range(257):
        count[d] = 0
    for i in range(n):
        count[((values[src[i]] >> shift) & _BYTE) + 1] += 1
    for d in range(256):
        count[d + 1] += count[d]
    for i in range(n):
        d = (values[src[i]] >> shift) & _BYTE
        dst[count[d]] = src[i]
        count[d] += 1


@inline_kernel
def _insertion_sort(items, n, values):
    """Sort the items ``items[:n]`` by their values (few items: no counts to clear)."""
    for i in range(1, n):
        item = items[i]
        v = values[item]
        j = i - 1
        while j >= 0 and values[items[j]] > v:
            items[j + 1] = items[j]
            j -= 1
        items[j + 1] = item


@kernel
def range_flop(flop, deck, a, b, tables, scratch, out):
    """Weighted win, tie and pair mass of range A against range B on one flop.

    ``a = (cards, masks, weights, same)`` for range A: each combo's cards,
    card mask and weight, and ``same``, the weight in B of the combo with the
    same cards (0 if none); ``b = (cards, masks, weights)``.  Over every turn
    and river of ``deck`` off the flop, and every pair of an A combo and a B
    combo sharing no card with each other or the board, ``out`` gets the
    summed ``w_a * w_b`` of the pairs A wins, of those it ties, and of all.

    Shapes
    ------
    flop : uint8[3]; deck : uint8[n_deck]
    a : (uint8[n_a, 2], uint64[n_a], float64[n_a], float64[n_a])
    b : (uint8[n_b, 2], uint64[n_b], float64[n_b])
    tables : equity.lookup.HoldemTables
    scratch : (int64[n_a + n_b] x 3, float64[52] x 3, int64[257]), any contents
    out : float64[3] (win, tie, pairs), added to
    """
    a_cards, a_masks, a_weights, a_same = a
    b_cards, b_masks, b_weights = b
    card_keys, suit_bits, offsets, values = tables
    items, order, value_of, below, group, live, count = scratch
    flop_mask = np.uint64(0)
    flop_key = KEY_START
    flop_suits = np.uint64(0)
    for j in range(3):
        flop_mask |= _ONE << np.uint64(flop[j])
        flop_key += card_keys[flop[j]]
        flop_suits |= suit_bits[flop[j]]
    n_a = a_cards.shape[0]
    n_deck = deck.shape[0]
    win = 0.0
    tie = 0.0
    pairs = 0.0
    for t in range(n_deck):
        ct = deck[t]
        if (flop_mask >> np.uint64(ct)) & _ONE:
            continue
        for r in range(t + 1, n_deck):
            cr = deck[r]
            if (flop_mask >> np.uint64(cr)) & _ONE:
                continue
            board_mask = flop_mask | (_ONE << np.uint64(ct)) | (_ONE << np.uint64(cr))
            key = flop_key + card_keys[ct] + card_keys[cr]
            suits = flop_suits | suit_bits[ct] | suit_bits[cr]
            # value every live combo once: items < n_a are A's, the rest B's
            n = 0
            total_b = 0.0
            for c in range(52):
                live[c] = 0.0
            for i in range(n_a):
                if not a_masks[i] & board_mask:
                    value_of[i] = value_from_key(
                        key + card_keys[a_cards[i, 0]] + card_keys[a_cards[i, 1]],
                        suits | suit_bits[a_cards[i, 0]] | suit_bits[a_cards[i, 1]],
                        offsets,
                        values,
                    )
                    items[n] = i
                    n += 1
            for i in range(b_cards.shape[0]):
                if not b_masks[i] & board_mask:
                    value_of[n_a + i] = value_from_key(
                        key + card_keys[b_cards[i, 0]] + card_keys[b_cards[i, 1]],
                        suits | suit_bits[b_cards[i, 0]] | suit_bits[b_cards[i, 1]],
                        offsets,
                        values,
                    )
                    items[n] = n_a + i
                    n += 1
                    w = b_weights[i]
                    total_b += w
                    live[b_cards[i, 0]] += w
                    live[b_cards[i, 1]] += w
            if n <= _SMALL:
                _insertion_sort(items, n, value_of)
            else:
                _radix_pass(items, n, value_of, np.int64(0), count, order)
                _radix_pass(order, n, value_of, np.int64(8), count, items)
            # the sweep, one group of equal values at a time
            for c in range(52):
                below[c] = 0.0
                group[c] = 0.0
            total_below = 0.0
            start = 0
            while start < n:
                v = value_of[items[start]]
                stop = start
                total_group = 0.0
                while stop < n and value_of[items[stop]] == v:
                    i = items[stop]
                    if i >= n_a:
                        w = b_weights[i - n_a]
                        total_group += w
                        group[b_cards[i - n_a, 0]] += w
                        group[b_cards[i - n_a, 1]] += w
                    stop += 1
                for k in range(start, stop):
                    i = items[k]
                    if i < n_a:
                        c0 = a_cards[i, 0]
                        c1 = a_cards[i, 1]
                        w = a_weights[i]
                        s = a_same[i]
                        win += w * (total_below - below[c0] - below[c1])
                        tie += w * (total_group - group[c0] - group[c1] + s)
                        pairs += w * (total_b - live[c0] - live[c1] + s)
                for k in range(start, stop):
                    i = items[k]
                    if i >= n_a:
                        c0 = b_cards[i - n_a, 0]
                        c1 = b_cards[i - n_a, 1]
                        below[c0] += group[c0]
                        below[c1] += group[c1]
                        group[c0] = 0.0
                        group[c1] = 0.0
                total_below += total_group
                start = stop
    out[0] += win
    out[1] += tie
    out[2] += pairs


@parallel_kernel
def flop_masses(flops, deck, a, b, tables, out):
    """:func:`range_flop` on every flop, one at a time from a work queue.

    Shapes
    ------
    flops : uint8[n_flops, 3]; out : float64[n_flops, 3], zeroed
    (``deck``, ``a``, ``b``, ``tables`` as :func:`range_flop`)
    """
    n_items = a[0].shape[0] + b[0].shape[0]
    taken = np.zeros(1, dtype=np.int64)  # the work queue (see fetch_add)
    for _worker in prange(min(flops.shape[0], QUEUE_WORKERS)):
        scratch = (
            np.empty(n_items, dtype=np.int64),
            np.empty(n_items, dtype=np.int64),
            np.empty(n_items, dtype=np.int64),
            np.empty(52, dtype=np.float64),
            np.empty(52, dtype=np.float64),
            np.empty(52, dtype=np.float64),
            np.empty(257, dtype=np.int64),
        )
        while True:
            f = fetch_add(taken, 1)
            if f >= flops.shape[0]:
                break
            range_flop(flops[f], deck, a, b, tables, scratch, out[f])
