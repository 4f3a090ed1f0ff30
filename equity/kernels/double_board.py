"""Two boards from one deck (double-board, bomb pots): dealing the pairs and tallying them.

A deal is a pair of five-card boards drawn from the same live deck, no card
on both.  Each board decides half the pot; a player's share of one board is
carried in integer *units*: ``full`` units are the whole board (its half of
the pot), so exact splits stay exact (the caller picks ``full`` divisible by
twice every number of tied hands).  Per player and pair the tally records:

* ``sums[0, p]``, ``sums[1, p]``: the units won on board 1 and on board 2;
* ``joint[p, a, b]``: pairs in which ``p`` took class ``a`` of board 1 and
  class ``b`` of board 2, a class being 0 (nothing), 1 (a part) or 2 (all);
* ``quarter[p]``: pairs in which ``p`` won exactly a quarter of the pot
  (``u1 + u2 == full / 2``).

:func:`holdem_board_units` and :func:`omaha_board_units` turn boards into
each known hand's units, with the existing evaluators (the hold'em key sums of
:mod:`.holdem`, the Omaha board facts and precomputed hand rows of
:mod:`.omaha`); :func:`tally_pairs` enumerates every pair of two lists of
completions (exact), :func:`deal_board_pairs` deals random pairs
(Monte-Carlo) and :func:`tally_trials` tallies them batch by batch; one
inline step, :func:`_tally`, scores a pair for both.
"""

from __future__ import annotations

import numpy as np

from ._jit import inline_kernel, parallel_kernel, prange
from .draws import swap_draw
from .holdem import KEY_START, value_from_key
from .omaha import board_facts, board_sums, board_tables, hand_low_mask, high_from_rows
from .rng import seed_state

__all__ = [
    "deal_board_pairs",
    "holdem_board_units",
    "omaha_board_units",
    "tally_pairs",
    "tally_trials",
]


@inline_kernel
def _share_units(highs, lows, hilo, full, units, i):
    """Row ``i`` of ``units``: each player's units of one board from its high values and
    low codes (0: no low; ``lows`` unread unless ``hilo``)."""
    n = highs.shape[0]
    best = highs[0]
    best_low = np.int64(0)
    for p in range(n):
        best = max(best, highs[p])
        if hilo:
            best_low = max(best_low, lows[p])
    n_top = 0
    n_low = 0
    for p in range(n):
        n_top += highs[p] == best
        n_low += best_low > 0 and lows[p] == best_low
    for p in range(n):
        u = np.int64(0)
        if best_low > 0:
            if highs[p] == best:
                u += full // 2 // n_top
            if lows[p] == best_low:
                u += full // 2 // n_low
        elif highs[p] == best:
            u += full // n_top
        units[i, p] = u


@parallel_kernel
def holdem_board_units(boards, holes, full, chunk, tables, units):
    """Each known hold'em hand's units of each five-card board (best five of seven).

    Chunk ``c`` (boards ``[c * chunk, (c + 1) * chunk)``) writes only its rows.

    Shapes
    ------
    boards : uint8[n, 5]; holes : uint8[n_players, 2]; units : int64[n, n_players]
    tables : equity.lookup.HoldemTables
    """
    card_keys, suit_bits, offsets, values = tables
    n, n_players = boards.shape[0], holes.shape[0]
    hole_keys = np.empty(n_players, dtype=np.uint64)
    hole_suits = np.empty(n_players, dtype=np.uint64)
    for p in range(n_players):
        hole_keys[p] = card_keys[holes[p, 0]] + card_keys[holes[p, 1]]
        hole_suits[p] = suit_bits[holes[p, 0]] | suit_bits[holes[p, 1]]
    for c in prange((n + chunk - 1) // chunk):
        highs = np.empty(n_players, dtype=np.int64)
        for i in range(c * chunk, min(n, (c + 1) * chunk)):
            key = KEY_START
            suits = np.uint64(0)
            for j in range(5):
                key += card_keys[boards[i, j]]
                suits |= suit_bits[boards[i, j]]
            for p in range(n_players):
                highs[p] = value_from_key(
                    key + hole_keys[p], suits | hole_suits[p], offsets, values
                )
            _share_units(highs, highs, False, full, units, i)


@parallel_kernel
def omaha_board_units(boards, holes, hilo, full, chunk, tables, rows, flush_rows, units):
    """Each known Omaha hand's units of each five-card board (high, or hi-lo eight or better).

    High values come from the hands' precomputed rows (:func:`.omaha.hand_rows`),
    lows from the low table.  Chunk ``c`` writes only its rows.

    Shapes
    ------
    boards : uint8[n, 5]; holes : uint8[n_players, k]; units : int64[n, n_players]
    tables : equity.lookup.omaha.OmahaTables; rows, flush_rows : from ``hand_rows``
    """
    card_keys, suit_bits, low_bits, offsets, board_index, suited_index = board_tables(tables)
    low_values = tables.low_values
    n, n_players, k = boards.shape[0], holes.shape[0], holes.shape[1]
    hand_lows = np.empty(n_players, dtype=np.int64)
    for p in range(n_players):
        hand_lows[p] = hand_low_mask(holes[p], k, low_bits)
    for c in prange((n + chunk - 1) // chunk):
        highs = np.empty(n_players, dtype=np.int64)
        lows = np.zeros(n_players, dtype=np.int64)
        for i in range(c * chunk, min(n, (c + 1) * chunk)):
            key, suits, board_low = board_sums(boards[i], 5, card_keys, suit_bits, low_bits)
            facts = board_facts(key, suits, offsets, board_index, suited_index)
            for p in range(n_players):
                highs[p] = high_from_rows(rows, flush_rows, p, facts)
                if hilo:
                    lows[p] = low_values[(board_low << 8) | hand_lows[p]]
            _share_units(highs, lows, hilo, full, units, i)


@inline_kernel
def _tally(units1, i, units2, j, full, sums, joint, quarter, row):
    """Add the pair (board-1 completion ``i``, board-2 completion ``j``) to buffer ``row``."""
    half = full // 2
    for p in range(units1.shape[1]):
        u1 = units1[i, p]
        u2 = units2[j, p]
        sums[row, 0, p] += u1
        sums[row, 1, p] += u2
        a = 2 if u1 == full else (1 if u1 > 0 else 0)
        b = 2 if u2 == full else (1 if u2 > 0 else 0)
        joint[row, p, a, b] += 1
        if u1 + u2 == half:
            quarter[row, p] += 1


@parallel_kernel
def tally_pairs(masks1, units1, masks2, units2, full, chunk, sums, joint, quarter, pairs):
    """Tally every pair of a board-1 and a board-2 completion that share no card.

    Chunk ``c`` (board-1 completions ``[c * chunk, (c + 1) * chunk)``) writes
    only row ``c`` of the outputs; the caller sums the rows.

    Shapes
    ------
    masks1 : uint64[n1]; units1 : int64[n1, n_players]; masks2, units2 likewise
    sums : int64[n_chunks, 2, n_players]; joint : int64[n_chunks, n_players, 3, 3]
    quarter : int64[n_chunks, n_players]; pairs : int64[n_chunks]
    """
    n1 = masks1.shape[0]
    n_chunks = (n1 + chunk - 1) // chunk
    for c in prange(n_chunks):
        for i in range(c * chunk, min(n1, (c + 1) * chunk)):
            m = masks1[i]
            for j in range(masks2.shape[0]):
                if masks2[j] & m:
                    continue
                pairs[c] += 1
                _tally(units1, i, units2, j, full, sums, joint, quarter, c)


@parallel_kernel
def tally_trials(units1, units2, full, batch_size, sums, joint, quarter):
    """Tally Monte-Carlo pairs, trial ``t`` pairing row ``t`` of each board, batch by batch.

    Batch ``b`` (trials ``[b * batch_size, (b + 1) * batch_size)``) writes only
    row ``b`` of the outputs.

    Shapes
    ------
    units1, units2 : int64[n_trials, n_players]
    sums : int64[n_batches, 2, n_players]; joint : int64[n_batches, n_players, 3, 3]
    quarter : int64[n_batches, n_players]
    """
    n = units1.shape[0]
    for b in prange((n + batch_size - 1) // batch_size):
        for t in range(b * batch_size, min(n, (b + 1) * batch_size)):
            _tally(units1, t, units2, t, full, sums, joint, quarter, b)


@parallel_kernel
def deal_board_pairs(seeds, batch_size, live, known1, n1, known2, n2, boards1, boards2):
    """Deal random pairs of boards: the known cards, then both completions from one deck.

    Trial ``t`` of batch ``b`` (row ``b * batch_size + t``) draws ``5 - n1 +
    5 - n2`` distinct cards of ``live`` by partial Fisher-Yates from batch
    ``b``'s own stream (seed ``seeds[b]``): board 1's missing cards first,
    then board 2's.  The same seeds give the same boards on any thread count.

    Shapes
    ------
    seeds : uint64[n_batches]; live : uint8[n_live], the cards neither known nor held
    known1, known2 : uint8[5], the first ``n1`` / ``n2`` are the boards' known cards
    boards1, boards2 : uint8[n_trials, 5], n_trials <= n_batches * batch_size
    """
    n = boards1.shape[0]
    n_live = live.shape[0]
    m1 = 5 - n1
    m = m1 + 5 - n2
    for b in prange(seeds.shape[0]):
        deck = live.copy()
        state = np.zeros(2, dtype=np.uint64)
        seed_state(seeds[b], state)
        s0, s1, spare = state[0], state[1], np.uint64(0)
        for t in range(b * batch_size, min(n, (b + 1) * batch_size)):
            for i in range(n1):
                boards1[t, i] = known1[i]
            for i in range(n2):
                boards2[t, i] = known2[i]
            for i in range(m):
                s0, s1, spare, c = swap_draw(s0, s1, spare, deck, i, n_live)
                if i < m1:
                    boards1[t, n1 + i] = c
                else:
                    boards2[t, n2 + i - m1] = c
