"""Five- to seven-card high-hand evaluation (hold'em and five-card poker).

A hand's *key* is ``KEY_START + sum(card_keys[c])`` (``uint64``) and its
*suit set* is ``OR(suit_bits[c])``; both are additive, so a kernel can add
hole cards to a board computed once.  :func:`value_from_key` turns a key and a
suit set into the hand value (``int32``, ``value >> 12`` = category 1..9,
bigger is better).  The tables are described in :mod:`equity.lookup` and are
always passed in as arguments.
"""

from __future__ import annotations

import numpy as np

from ._jit import fetch_add, inline_kernel, kernel, parallel_kernel, prange, warming
from .draws import subset_step
from .rng import seed_state

__all__ = [
    "FLUSH_BITS",
    "KEY_START",
    "SUIT_ONES",
    "deal_plan",
    "evaluate_batch",
    "evaluate_cards",
    "exact_value_counts",
    "exact_value_counts5",
    "exact_value_counts7",
    "rank_value",
    "sample_category_counts",
    "seven_card_plan",
    "value_from_key",
    "value_histogram",
]

KEY_START = np.uint64(0x3333 << 32)
_FLUSH_BITS = np.uint64(0x8888)
FLUSH_BITS = _FLUSH_BITS << np.uint64(32)
"""Key bits that are set when a suit holds five cards (bit 3 of each suit counter)."""
SUIT_ONES = np.uint64(0x1111 << 32)
"""One more card in every suit counter: ``(key + SUIT_ONES) & FLUSH_BITS`` is zero
exactly when no single further card can complete a flush."""
# the perfect hash of equity.lookup (HASH_BITS, HASH_MULTIPLIER, ROW_SHIFT, OFFSET_ALIGN)
_HASH_MASK = np.uint64((1 << 24) - 1)
_HASH_MULTIPLIER = np.uint64(0xFD5D5A35)
_ROW_SHIFT = np.uint64(11)
_ROW_MASK = np.uint64((1 << 11) - 1)
_ALIGN_SHIFT = np.uint64(1)
_FLUSH_SIZE = 1 << 13


@inline_kernel
def value_from_key(key, suit_set, offsets, values):
    """Value of a 5-7 card hand from its key and suit set.

    Invariant: at most one suit can hold five of seven cards, so the flush
    nibble is one of 0x8, 0x80, 0x800, 0x8000, and a flush always beats the
    best non-flush hand of the same cards.
    """
    flush = (key >> np.uint64(32)) & _FLUSH_BITS
    if flush:
        # uint64 casts keep the sum a count when numba is disabled (bools would OR)
        above = np.uint64(flush > 0x8) + np.uint64(flush > 0x80) + np.uint64(flush > 0x800)
        shift = np.uint64(16) * above
        return np.int32(values[np.int64((suit_set >> shift) & np.uint64(0x1FFF))])
    return rank_value(key, offsets, values)


@inline_kernel
def rank_value(key, offsets, values):
    """Value of a 5-7 card hand that holds no flush, from its key alone.

    The caller knows no suit holds five cards (the key's flush nibble is
    clear); the value then depends only on the rank multiset.
    """
    # masking first keeps the product below 2**56 (no overflow without the JIT);
    # LLVM drops the first mask, since only the product's low bits are used
    m = ((key & _HASH_MASK) * _HASH_MULTIPLIER) & _HASH_MASK
    slot = (np.uint64(offsets[m >> _ROW_SHIFT]) << _ALIGN_SHIFT) + (m & _ROW_MASK)
    return np.int32(values[_FLUSH_SIZE + np.int64(slot)])


@kernel
def evaluate_cards(cards, tables):
    """Value of one hand of 5, 6 or 7 cards.

    Shapes
    ------
    cards : uint8[k], 5 <= k <= 7, distinct cards
    tables : equity.lookup.HoldemTables
    """
    card_keys, suit_bits, offsets, values = tables
    key = KEY_START
    suit_set = np.uint64(0)
    for i in range(cards.shape[0]):
        key += card_keys[cards[i]]
        suit_set |= suit_bits[cards[i]]
    return value_from_key(key, suit_set, offsets, values)


@kernel
def _evaluate_rows(hands, start, stop, card_keys, suit_bits, offsets, values, out):
    """Evaluate ``hands[start:stop]`` into ``out[start:stop]`` (serial)."""
    k = hands.shape[1]
    # Constant trip counts let LLVM unroll the card loop; unsigned row indices
    # spare it the negative-index wraparound on every access.
    first, last = np.uint64(start), np.uint64(stop)
    if k == 7:
        for i in range(first, last):
            out[i] = _evaluate_row(hands, i, 7, card_keys, suit_bits, offsets, values)
    elif k == 6:
        for i in range(first, last):
            out[i] = _evaluate_row(hands, i, 6, card_keys, suit_bits, offsets, values)
    else:
        for i in range(first, last):
            out[i] = _evaluate_row(hands, i, 5, card_keys, suit_bits, offsets, values)


@inline_kernel
def _evaluate_row(hands, i, k, card_keys, suit_bits, offsets, values):
    key = KEY_START
    suit_set = np.uint64(0)
    for j in range(k):
        key += card_keys[hands[i, j]]
        suit_set |= suit_bits[hands[i, j]]
    return value_from_key(key, suit_set, offsets, values)


@kernel
def _largest_code(flat, start, stop):
    """The largest byte of ``flat[start:stop]`` (unsigned indices: LLVM vectorises it)."""
    largest = np.uint8(0)
    for j in range(np.uint64(start), np.uint64(stop)):
        largest = max(largest, flat[j])
    return largest


@parallel_kernel
def evaluate_batch(hands, tables, out):
    """Evaluate many hands at once, in chunks spread over threads.

    Returns the largest code in ``hands``, for the caller to reject codes
    above 51.  Each chunk's codes are checked after it is evaluated, while
    they are still in the cache (a separate pass beforehand costs a tenth of
    the time); so codes 52..255 must be safe to evaluate: with tables from
    :func:`equity.lookup.byte_safe`, or codes already checked.  Rows with
    such codes get meaningless values.

    Shapes
    ------
    hands : uint8[n, k], 5 <= k <= 7, C-contiguous
    tables : equity.lookup.HoldemTables
    out : int32[n]
    """
    card_keys, suit_bits, offsets, values = tables
    n, k = hands.shape
    flat = hands.reshape(-1)
    chunk = 1 << 14
    n_chunks = (n + chunk - 1) // chunk
    largest = np.zeros(max(n_chunks, 1), dtype=np.uint8)
    for c in prange(n_chunks):
        start, stop = c * chunk, min(n, (c + 1) * chunk)
        _evaluate_rows(hands, start, stop, card_keys, suit_bits, offsets, values, out)
        largest[c] = _largest_code(flat, start * k, stop * k)
    return largest.max()


@kernel
def exact_value_counts7(tables, plan, out):
    """Count the value of every seven-card hand (all C(52,7)), on all threads.

    :func:`exact_value_counts` for seven cards: the hands are cut by their
    two lowest cards ``(a, b)``, the items of ``plan`` (:func:`seven_card_plan`).

    Shapes
    ------
    plan : int64[n_threads, n_items]
    out : int64[n_threads, 65536], zeroed; column = hand value
    """
    exact_value_counts(tables, 7, plan, out)


def seven_card_plan(n_threads: int) -> np.ndarray:
    """Spread the pairs ``(a, b)`` of two lowest cards over threads, equal hands each.

    Longest first, each to the thread with the fewest hands so far; the
    plan of :func:`deal_plan` for seven cards of the full deck.

    Shapes
    ------
    return : int64[n_threads, n_items], ``a * 52 + b`` per item, ``-1`` pads
    """
    return deal_plan(n_threads, 7)


def deal_plan(n_threads: int, n_cards: int, first_card: int = 0) -> np.ndarray:
    """Spread the pairs ``(a, b)`` of two lowest cards of the hands of ``n_cards`` cards
    from the deck ``first_card .. 51`` over threads, equal hands each.

    Longest first, each to the thread with the fewest hands so far.  A pair
    with ``a >= first_card`` stands for every hand of the deck whose two
    lowest cards it is: the counting loops only add cards above ``b``.
    The counting kernels read the plan column by column as one work queue,
    longest first, so the rows only fix the order and the row count.

    Shapes
    ------
    return : int64[n_threads, n_items], ``a * 52 + b`` per item, ``-1`` pads
    """
    from math import comb

    rest = n_cards - 2  # cards above b
    items = sorted(
        (
            (comb(51 - b, rest), a * 52 + b)
            for a in range(first_card, 52)
            for b in range(a + 1, 52 - rest)
        ),
        reverse=True,
    )
    loads = [0] * n_threads
    lists: list[list[int]] = [[] for _ in range(n_threads)]
    for hands, item in items:
        t = loads.index(min(loads))
        loads[t] += hands
        lists[t].append(item)
    plan = np.full((n_threads, max(len(x) for x in lists)), -1, dtype=np.int64)
    for t, items_t in enumerate(lists):
        plan[t, : len(items_t)] = items_t
    return plan


@kernel
def _count_from_pair(a, b, n_cards, card_keys, suit_bits, offsets, values, out):
    """Count every hand of ``n_cards`` (5-7) whose two lowest cards are ``a < b``, by value.

    Nested loops keep partial key sums, ``out[value] += 1`` per hand.  Seven
    cards: where no flush can come (no suit holds enough cards to reach
    five with the cards left to add), a hand's value depends on its ranks
    only, so the last cards are counted by rank:
    after five cards, the pairs of ranks of the last two (about 13 x 13 / 2
    lookups instead of one per pair of cards); after six, the rank of the
    last card.  Each count is exact: the cards above the last card dealt,
    of each rank, are known (``3 - suit`` of its own rank, 4 of each higher
    rank).
    """
    low = np.uint64(0xFFFFFFFF)
    rank_keys = np.empty(13, dtype=np.uint64)
    for r in range(13):
        rank_keys[r] = card_keys[4 * r] & low
    two_more = SUIT_ONES + SUIT_ONES
    kb = KEY_START + card_keys[a] + card_keys[b]
    sb = suit_bits[a] | suit_bits[b]
    for c in range(b + 1, 52):
        kc = kb + card_keys[c]
        sc = sb | suit_bits[c]
        for d in range(c + 1, 52):
            kd = kc + card_keys[d]
            sd = sc | suit_bits[d]
            for e in range(d + 1, 52):
                ke = kd + card_keys[e]
                se = sd | suit_bits[e]
                if n_cards == 5:
                    out[value_from_key(ke, se, offsets, values)] += 1
                    continue
                if n_cards == 6:
                    for f in range(e + 1, 52):
                        v = value_from_key(ke + card_keys[f], se | suit_bits[f], offsets, values)
                        out[v] += 1
                    continue
                if not ((ke + two_more) & FLUSH_BITS):  # no flush with two more cards
                    re = e >> 2
                    left = 3 - (e & 3)  # cards of e's rank above e
                    for r1 in range(re, 13):
                        n1 = left if r1 == re else 4
                        if n1 == 0:
                            continue
                        k1 = ke + rank_keys[r1]
                        if n1 >= 2:
                            out[rank_value(k1 + rank_keys[r1], offsets, values)] += (
                                n1 * (n1 - 1)
                            ) >> 1
                        for r2 in range(r1 + 1, 13):
                            out[rank_value(k1 + rank_keys[r2], offsets, values)] += n1 * 4
                    continue
                for f in range(e + 1, 52):
                    kf = ke + card_keys[f]
                    sf = se | suit_bits[f]
                    if not ((kf + SUIT_ONES) & FLUSH_BITS):  # no flush with one more card
                        rf = f >> 2
                        left = 3 - (f & 3)
                        if left:
                            out[rank_value(kf + rank_keys[rf], offsets, values)] += left
                        for r in range(rf + 1, 13):
                            out[rank_value(kf + rank_keys[r], offsets, values)] += 4
                    else:
                        for g in range(f + 1, 52):
                            v = value_from_key(
                                kf + card_keys[g], sf | suit_bits[g], offsets, values
                            )
                            out[v] += 1


@kernel
def exact_value_counts5(tables, out):
    """Count the value of every five-card hand (all C(52,5)).

    Shapes
    ------
    out : int64[65536], zeroed; index = hand value
    """
    card_keys, suit_bits, offsets, values = tables
    for a in range(52):
        ka = KEY_START + card_keys[a]
        sa = suit_bits[a]
        for b in range(a + 1, 52):
            kb = ka + card_keys[b]
            sb = sa | suit_bits[b]
            for c in range(b + 1, 52):
                kc = kb + card_keys[c]
                sc = sb | suit_bits[c]
                for d in range(c + 1, 52):
                    kd = kc + card_keys[d]
                    sd = sc | suit_bits[d]
                    for e in range(d + 1, 52):
                        v = value_from_key(kd + card_keys[e], sd | suit_bits[e], offsets, values)
                        out[v] += 1


@parallel_kernel
def exact_value_counts(tables, n_cards, plan, out):
    """Count the value of every hand of ``n_cards`` (5-7) cards of a deck, on all threads.

    The hands are cut by their two lowest cards ``(a, b)``, the items of
    ``plan`` (``a * 52 + b``, ``-1`` pads: :func:`deal_plan` of the hand size
    and the deck's lowest card, so decks cut below, the short deck, work
    too), the other cards all above them.  Threads take the items from a
    work queue (:func:`~._jit.fetch_add`) in the plan's column order, which
    :func:`deal_plan` makes longest first, and count each into their own
    row ``out[w]``: a thread that runs slower takes fewer items, and the
    last items are the shortest.  The sum of the rows depends on neither the
    plan nor who took what.  See :func:`_count_from_pair` for the counting.

    Shapes
    ------
    tables : equity.lookup.HoldemTables (hold'em's or the short deck's values)
    plan : int64[n_threads, n_items], ``a * 52 + b`` per item, ``-1`` pads
    out : int64[n_threads, 65536], zeroed; column = hand value
    """
    card_keys, suit_bits, offsets, values = tables
    n_rows, width = plan.shape
    taken = np.zeros(1, dtype=np.int64)
    for w in prange(n_rows):
        while True:
            q = fetch_add(taken, 1)
            if q >= n_rows * width:
                break
            item = plan[q % n_rows, q // n_rows]
            if item >= 0:
                a = item // 52
                b = item % 52
                _count_from_pair(a, b, n_cards, card_keys, suit_bits, offsets, values, out[w])


def value_histogram(
    tables: tuple[np.ndarray, ...], n_cards: int, first_card: int = 0
) -> np.ndarray:
    """Count the value of every hand of ``n_cards`` (5-7) from the deck ``first_card .. 51``.

    The Python driver of the counting kernels: :func:`exact_value_counts5`
    for five cards of the full deck, :func:`exact_value_counts7` for seven
    (its pair loops work for any deck), :func:`exact_value_counts` for the
    rest, threads as Numba's current thread count.

    Shapes
    ------
    return : int64[65536], index = hand value
    """
    import numba

    if n_cards == 5 and first_card == 0:
        warming(exact_value_counts5)
        values = np.zeros(1 << 16, dtype=np.int64)
        exact_value_counts5(tables, values)
        return values
    plan = deal_plan(numba.get_num_threads(), n_cards, first_card)
    per_thread = np.zeros((len(plan), 1 << 16), dtype=np.int64)
    if n_cards == 7:
        warming(exact_value_counts7)
        exact_value_counts7(tables, plan, per_thread)
    else:
        warming(exact_value_counts)
        exact_value_counts(tables, n_cards, plan, per_thread)
    return per_thread.sum(axis=0)


@parallel_kernel
def sample_category_counts(
    seeds, batch_size, n_trials, first_batch, n_cards, first_card, tables, out
):
    """Deal random hands of ``n_cards`` (5-7) from the deck ``first_card .. 51`` (0 for the
    full deck, 16 for the short deck) and count categories, batches
    ``first_batch .. first_batch + len(seeds) - 1`` of an ``n_trials`` job.

    Batch ``b = first_batch + i`` deals trials ``[b * batch_size,
    min(n_trials, (b + 1) * batch_size))`` from its own stream ``seeds[i]``
    and writes only ``out[i]``: the counts do not depend on the thread count
    nor on how the batches are grouped into calls.

    Shapes
    ------
    seeds : uint64[n_run]
    tables : tuple of the equity.lookup.HoldemTables arrays (hold'em's or the short
        deck's values; a card outside the deck would score 0, category code 0)
    out : int64[n_run, 16], zeroed; column = category code (1..9)
    """
    card_keys, suit_bits, offsets, values = tables
    for i in prange(seeds.shape[0]):
        start = (first_batch + i) * batch_size
        n = min(n_trials, start + batch_size) - start
        _sample_batch(
            seeds[i], n, n_cards, first_card, card_keys, suit_bits, offsets, values, out[i]
        )


@kernel
def _sample_batch(seed, n, n_cards, first_card, card_keys, suit_bits, offsets, values, out):
    """One batch of :func:`sample_category_counts` (serial, RNG state in scalars).

    The hot loop lives in :func:`_deal_count` with a literal card count so
    LLVM unrolls the draws; a loop body inside the parallel driver itself
    compiles to slower code.
    """
    if n_cards == 7:
        _deal_count(seed, n, 7, first_card, card_keys, suit_bits, offsets, values, out)
    elif n_cards == 6:
        _deal_count(seed, n, 6, first_card, card_keys, suit_bits, offsets, values, out)
    else:
        _deal_count(seed, n, 5, first_card, card_keys, suit_bits, offsets, values, out)


@inline_kernel
def _deal_count(seed, n, n_cards, first_card, card_keys, suit_bits, offsets, values, out):
    """Each hand is a uniform random card set, by Floyd's algorithm (:func:`.draws.subset_step`).

    Positions ``0 .. 51 - first_card`` of the deck are cards ``first_card ..
    51``: the full deck (``first_card = 0``) draws as it always did.
    """
    state = np.empty(2, dtype=np.uint64)
    seed_state(seed, state)
    s0 = state[0]
    s1 = state[1]
    spare = np.uint64(0)  # the unused half of the last generator output (rng.draw)
    counts = np.zeros(16, dtype=np.int64)
    first = np.uint64(first_card)
    last = 52 - first_card - n_cards  # the first step's highest position
    for _ in range(n):
        key = KEY_START
        suit_set = np.uint64(0)
        taken = np.uint64(0)
        for i in range(n_cards):
            s0, s1, spare, taken, t = subset_step(s0, s1, spare, taken, last + i)
            c = t + first
            key += card_keys[c]
            suit_set |= suit_bits[c]
        counts[value_from_key(key, suit_set, offsets, values) >> 12] += 1
    for j in range(16):
        out[j] += counts[j]
