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

__all__ = ["flop_masses", "range_board", "range_flop"]

_ONE = np.uint64(1)
_BYTE = np.int64(255)
_SMALL = 40
"""Up to this many combos on a board are sorted by insertion, more by radix."""
_SMALL_BOARD = 96
"""The same for :func:`range_board`."""


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


@inline_kernel
def _value_live(cards, masks, first, board_mask, key, suits, tables, value_of, items, n):
    """Value each combo of ``cards`` that misses ``board_mask`` (the board's ``key`` and
    ``suits`` added), as item ``first + i`` of ``value_of``, appended to ``items[n:]``;
    return the new count of items."""
    card_keys, suit_bits, offsets, values = tables
    for i in range(cards.shape[0]):
        if not masks[i] & board_mask:
            c0 = cards[i, 0]
            c1 = cards[i, 1]
            value_of[first + i] = value_from_key(
                key + card_keys[c0] + card_keys[c1],
                suits | suit_bits[c0] | suit_bits[c1],
                offsets,
                values,
            )
            items[n] = first + i
            n += 1
    return n


@inline_kernel
def _sort_items(items, n, value_of, small, count, order):
    """Sort ``items[:n]`` by value: by insertion up to ``small`` items, else by radix."""
    if n <= small:
        _insertion_sort(items, n, value_of)
    else:
        _radix_pass(items, n, value_of, np.int64(0), count, order)
        _radix_pass(order, n, value_of, np.int64(8), count, items)


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
    card_keys, suit_bits = tables[0], tables[1]
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
            n_live_a = _value_live(a_cards, a_masks, 0, board_mask, key, suits, tables,
                                   value_of, items, 0)  # fmt: skip
            n = _value_live(b_cards, b_masks, n_a, board_mask, key, suits, tables,
                            value_of, items, n_live_a)  # fmt: skip
            total_b = 0.0
            for c in range(52):
                live[c] = 0.0
            for j in range(n_live_a, n):
                i = items[j] - n_a
                w = b_weights[i]
                total_b += w
                live[b_cards[i, 0]] += w
                live[b_cards[i, 1]] += w
            _sort_items(items, n, value_of, _SMALL, count, order)
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


@inline_kernel
def _images(ct, cr, card_perms, distinct):
    """The suit swaps that take the turn and river ``(ct, cr)`` (a river alone: ``ct ==
    cr``) to boards of their own: their indices into ``distinct``, and how many; 0 when a
    swap takes them to a lower pair (that pair stands for them)."""
    n = 0
    for g in range(card_perms.shape[0]):
        lo = card_perms[g, ct]
        hi = card_perms[g, cr]
        if lo > hi:
            lo, hi = hi, lo
        if lo < ct or (lo == ct and hi < cr):
            return 0
        new = True
        for k in range(n):
            h = distinct[k]
            lo_h = min(card_perms[h, ct], card_perms[h, cr])
            hi_h = max(card_perms[h, ct], card_perms[h, cr])
            if lo_h == lo and hi_h == hi:
                new = False
        if new:
            distinct[n] = g
            n += 1
    return n


@kernel
def range_board(board, n_board, deck, a, b, swaps, tables, scratch, out_a, out_b):
    """Weighted wins and ties of each combo of two ranges on a flop or a turn, exact.

    The sweep of :func:`range_flop` from both sides, kept per combo: over
    every completion of ``board[:n_board]`` (3 or 4 cards) from ``deck``, and
    every pair of an A combo and a B combo sharing no card with each other or
    the board, ``out_a[i]`` gets the summed weight ``w_b`` of the B combos that
    A's combo ``i`` beats (column 0) and of those it ties (column 1); ``out_b[j]``
    the same of B's combo ``j`` against A's weights ``w_a``.

    ``swaps = (card_perms, perm_a, perm_b)``: suit swaps that leave the deal
    alone (the board, the cards left, both ranges with their weights), the
    identity first; swap ``g`` takes card ``c`` to ``card_perms[g, c]`` and
    combo ``i`` of A to ``perm_a[g, i]``.  Only the lowest turn and river of
    each set the swaps take into each other is valued; its figures go to the
    swapped combos of the others.

    Shapes
    ------
    board : uint8[5]; deck : uint8[n_deck], the cards left (none of the board's), ascending
    a, b : (uint8[n, 2], uint64[n], float64[n], float64[n]): each combo's cards,
        mask, weight, and the weight in the other range of the combo with the same cards
    swaps : (uint8[n_swaps, 52], int64[n_swaps, n_a], int64[n_swaps, n_b])
    tables : equity.lookup.HoldemTables
    scratch : (int64[n_a + n_b] x 3, float64[52] x 4, int64[257], int64[n_swaps]),
        any contents
    out_a : float64[n_a, 2]; out_b : float64[n_b, 2], added to
    """
    a_cards, a_masks, a_weights, a_same = a
    b_cards, b_masks, b_weights, b_same = b
    card_perms, perm_a, perm_b = swaps
    card_keys, suit_bits = tables[0], tables[1]
    items, order, value_of, below_a, below_b, group_a, group_b, count, distinct = scratch
    base_mask = np.uint64(0)
    base_key = KEY_START
    base_suits = np.uint64(0)
    for j in range(n_board):
        base_mask |= _ONE << np.uint64(board[j])
        base_key += card_keys[board[j]]
        base_suits |= suit_bits[board[j]]
    n_a = a_cards.shape[0]
    n_deck = deck.shape[0]
    # a flop's turn and river are the pairs t < r of the deck; a turn's river is r alone
    for t in range(n_deck if n_board == 3 else 1):
        turn_mask = base_mask
        turn_key = base_key
        turn_suits = base_suits
        if n_board == 3:
            turn_mask |= _ONE << np.uint64(deck[t])
            turn_key += card_keys[deck[t]]
            turn_suits |= suit_bits[deck[t]]
        for r in range(t + 1 if n_board == 3 else 0, n_deck):
            cr = deck[r]
            n_images = _images(deck[t] if n_board == 3 else cr, cr, card_perms, distinct)
            if n_images == 0:
                continue
            board_mask = turn_mask | (_ONE << np.uint64(cr))
            key = turn_key + card_keys[cr]
            suits = turn_suits | suit_bits[cr]
            # value every live combo once: items < n_a are A's, the rest B's
            n = _value_live(a_cards, a_masks, 0, board_mask, key, suits, tables,
                            value_of, items, 0)  # fmt: skip
            n = _value_live(b_cards, b_masks, n_a, board_mask, key, suits, tables,
                            value_of, items, n)  # fmt: skip
            _sort_items(items, n, value_of, _SMALL_BOARD, count, order)
            # the sweep, one group of equal values at a time, from both sides
            for c in range(52):
                below_a[c] = 0.0
                below_b[c] = 0.0
                group_a[c] = 0.0
                group_b[c] = 0.0
            total_below_a = 0.0
            total_below_b = 0.0
            start = 0
            while start < n:
                v = value_of[items[start]]
                stop = start
                total_group_a = 0.0
                total_group_b = 0.0
                while stop < n and value_of[items[stop]] == v:
                    i = items[stop]
                    if i < n_a:
                        w = a_weights[i]
                        total_group_a += w
                        group_a[a_cards[i, 0]] += w
                        group_a[a_cards[i, 1]] += w
                    else:
                        w = b_weights[i - n_a]
                        total_group_b += w
                        group_b[b_cards[i - n_a, 0]] += w
                        group_b[b_cards[i - n_a, 1]] += w
                    stop += 1
                for k in range(start, stop):
                    i = items[k]
                    if i < n_a:
                        c0 = a_cards[i, 0]
                        c1 = a_cards[i, 1]
                        win = total_below_b - below_b[c0] - below_b[c1]
                        tie = total_group_b - group_b[c0] - group_b[c1] + a_same[i]
                        for g in range(n_images):
                            out_a[perm_a[distinct[g], i], 0] += win
                            out_a[perm_a[distinct[g], i], 1] += tie
                    else:
                        j = i - n_a
                        c0 = b_cards[j, 0]
                        c1 = b_cards[j, 1]
                        win = total_below_a - below_a[c0] - below_a[c1]
                        tie = total_group_a - group_a[c0] - group_a[c1] + b_same[j]
                        for g in range(n_images):
                            out_b[perm_b[distinct[g], j], 0] += win
                            out_b[perm_b[distinct[g], j], 1] += tie
                for k in range(start, stop):
                    i = items[k]
                    if i < n_a:
                        c0 = a_cards[i, 0]
                        c1 = a_cards[i, 1]
                    else:
                        c0 = b_cards[i - n_a, 0]
                        c1 = b_cards[i - n_a, 1]
                    below_a[c0] += group_a[c0]
                    below_a[c1] += group_a[c1]
                    below_b[c0] += group_b[c0]
                    below_b[c1] += group_b[c1]
                    group_a[c0] = 0.0
                    group_a[c1] = 0.0
                    group_b[c0] = 0.0
                    group_b[c1] = 0.0
                total_below_a += total_group_a
                total_below_b += total_group_b
                start = stop
