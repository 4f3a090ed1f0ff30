"""Omaha Monte-Carlo and exact showdowns (high, or hi-lo eight or better).

Counting convention: as :mod:`.scoring`, in *pot units*: a high-only pot
is one unit; a hi-lo pot is two half-pots, and with no qualifying low the
high hands share both.  ``out[p, k]`` counts the units player ``p`` shares
``k`` ways, so ``p``'s pot share is ``sum_k out[p, k] / k`` over ``units x
deals``.  ``extra[p]`` counts deals in which ``p``: 0 scoops (takes the
whole pot alone), 1 has the only best high, 2 shares the best high, 3 has
the only best low, 4 shares the best low, 5 wins any part of the pot; column
6 counts deals with no qualifying low (the same in every row).

One Monte-Carlo body, :func:`_omaha_batch`, deals every spot (known hands,
patterns, random hands, any mix); each draw step is one inline helper:
:func:`.draws.draw_combos` (the joint pattern draw, shared with the table
games' ranges and the stud family), :func:`_deal_random` (the random
players' hole cards) and :func:`_complete_board` (the board).
The hands are scored inline, from arrays unpacked once per kernel entry:
an inlined helper with branches that takes a tuple, or takes a row view
of ``holes``, pays reference counting per call (measured: up to 4x the
lookup itself; the joint pattern draw taking the spot tuple cost 6% of a
pattern spot), and the board sums travel as scalars (:mod:`.omaha`).

Deal order of a batch: pattern players (one hand each, drawn jointly; the
whole draw is rejected on a conflict), then random players by partial
Fisher-Yates over the live deck, then the board, both skipping cards the
pattern players hold (without pattern players the board is Floyd's draw
from the cards left).  Known hands are scored from precomputed rows
(:func:`.omaha.hand_rows`).

The loop takes an optional ``sink``: None when scoring (every write to it
compiles away), else ``uint8[n_deals, n_players + 1, >= 6]`` that receives each
deal's cards (:func:`simulate_omaha_batches`), so ``equity.deal`` records
the very deals the counts score.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ._jit import QUEUE_WORKERS, fetch_add, inline_kernel, kernel, parallel_kernel, prange
from .draws import (
    draw_combos,
    draw_live,
    floyd_board_sums,
    joint_draw_table,
    live_deck,
    next_combination,
)
from .omaha import (
    add_card,
    board_facts,
    board_sums,
    board_tables,
    hand_high,
    hand_low_mask,
    hand_rows,
    hand_tables,
    high_from_rows,
)
from .rng import seed_state
from .scoring import (
    KIND_FIXED,
    KIND_RANDOM,
    KIND_RANGE,
    STATUS_NO_LEGAL_DEAL,
    STATUS_OK,
)

__all__ = [
    "EXTRA_COLUMNS",
    "OmahaSpot",
    "enumerate_omaha",
    "omaha_score",
    "simulate_omaha_batches",
]

_ONE = np.uint64(1)
EXTRA_COLUMNS = 7


class OmahaSpot(NamedTuple):
    """A Monte-Carlo spot as :func:`simulate_omaha_batches` takes it."""

    n_hole: int
    """Hole cards per player (4, 5 or 6)."""
    hilo: bool
    """Hi-lo eight or better (else high only)."""
    board_fixed: np.ndarray
    """``uint8[5]``: the known board cards first."""
    n_board_fixed: int
    """Known board cards (0, 3, 4 or 5)."""
    fixed_holes: np.ndarray
    """``uint8[n_players, >= n_hole]``: the known hands (other rows unused)."""
    kinds: np.ndarray
    """``int8[n_players]``: ``KIND_FIXED``, ``KIND_RANDOM`` or ``KIND_RANGE`` (a pattern)."""
    combos: np.ndarray
    """``uint8[n_combos, >= n_hole]``: the pattern players' hands, player by player."""
    combo_masks: np.ndarray
    """``uint64[n_combos]``: each hand's card mask."""
    combo_offsets: np.ndarray
    """``int64[n_players + 1]``: player ``p``'s hands are ``[off[p], off[p + 1])``."""
    combo_cum: np.ndarray
    """``float64[n_combos]``: cumulative weights over all blocks."""
    fixed_mask: np.uint64
    """The known cards (never dealt)."""
    live_deck: np.ndarray
    """``uint8[n_live]``: every card not in ``fixed_mask``, ascending."""


@inline_kernel
def omaha_score(highs, lows, hilo, out, extra):
    """Add one showdown to ``out`` and ``extra`` (module doc)."""
    n = highs.shape[0]
    best_high = np.int64(-1)
    best_low = np.int64(0)
    for p in range(n):
        best_high = max(best_high, highs[p])
        if hilo:
            best_low = max(best_low, lows[p])
    n_high = 0
    n_low = 0
    for p in range(n):
        n_high += highs[p] == best_high
        n_low += best_low > 0 and lows[p] == best_low
    if not hilo:
        for p in range(n):
            if highs[p] == best_high:
                out[p, n_high] += 1
                extra[p, 1 if n_high == 1 else 2] += 1
                extra[p, 5] += 1
                if n_high == 1:
                    extra[p, 0] += 1
        return
    for p in range(n):
        high = highs[p] == best_high
        low = best_low > 0 and lows[p] == best_low
        if best_low == 0:
            extra[p, 6] += 1
            if high:
                out[p, n_high] += 2
        else:
            if high:
                out[p, n_high] += 1
            if low:
                out[p, n_low] += 1
                extra[p, 3 if n_low == 1 else 4] += 1
        if high:
            extra[p, 1 if n_high == 1 else 2] += 1
        if high or low:
            extra[p, 5] += 1
        if high and n_high == 1 and (best_low == 0 or (low and n_low == 1)):
            extra[p, 0] += 1


@inline_kernel
def _deal_random(s0, s1, spare, deck, kinds, n_hole, used, skip, holes):
    """The random players' hole cards, in turn, from the front of ``deck``.

    Returns ``(s0, s1, spare, i)``: ``deck[:i]`` holds the cards drawn
    (with those passed over, see :func:`.draws.draw_live`).
    """
    i = 0
    for p in range(kinds.shape[0]):
        if kinds[p] != KIND_RANDOM:
            continue
        for j in range(n_hole):
            s0, s1, spare, i, c = draw_live(s0, s1, spare, deck, i, used, skip)
            holes[p, j] = c
    return s0, s1, spare, i


@inline_kernel
def _complete_board(rng, deck, i, used, skip, m, sums, card_keys, suit_bits, low_bits, sink, r):
    """The board's ``m`` missing cards from ``deck[i:]``, added to ``sums``.

    ``rng`` is ``(s0, s1, spare)``; returns ``(s0, s1, spare, sums)``.
    Floyd's draw from the cards left (:func:`.draws.floyd_board_sums`), or, with
    ``skip``, a partial Fisher-Yates passing over the cards in ``used``;
    the cards go to ``sink[r, -1, 5 - m:]`` (a ``sink`` of None compiles
    away).  Per-deal helpers take arrays, not the tables tuple (see
    :func:`.omaha.hand_high`).
    """
    s0, s1, spare = rng
    if not skip:
        return floyd_board_sums(
            s0, s1, spare, deck, i, m, sums, card_keys, suit_bits, low_bits, sink, r
        )
    key, suits, low = sums
    for k in range(m):
        s0, s1, spare, i, c = draw_live(s0, s1, spare, deck, i, used, skip)
        key, suits, low = add_card(key, suits, low, c, card_keys, suit_bits, low_bits)
        if sink is not None:
            sink[r, sink.shape[1] - 1, 5 - m + k] = c
    return s0, s1, spare, (key, suits, low)


@inline_kernel
def _record_hands(sink, r, holes, spot):
    """Deal ``r`` of the sink: each player's hole cards and the known board cards."""
    n_players = holes.shape[0]
    for p in range(n_players):
        for j in range(spot.n_hole):
            sink[r, p, j] = holes[p, j]
    for j in range(spot.n_board_fixed):
        sink[r, n_players, j] = spot.board_fixed[j]


@kernel
def _omaha_batch(seed, n_batch, spot, tables, known, sink, row0, out, extra):
    """One batch of Omaha deals into ``out``, ``extra``; return a status code.

    The one Monte-Carlo body of the family (deal order: module doc).  With
    a ``sink``, deal ``t`` of the batch is written to ``sink[row0 + t]``.
    The tuples are unpacked here, once: the per-deal helpers take arrays.
    """
    n_hole, hilo, kinds, fixed_mask = spot.n_hole, spot.hilo, spot.kinds, spot.fixed_mask
    combos, combo_masks, combo_cum = spot.combos, spot.combo_masks, spot.combo_cum
    combo_offsets = spot.combo_offsets
    pair_index, pair_values, flush_pair_index, flush_values = hand_tables(tables)
    card_keys, suit_bits, low_bits, offsets, board_index, suited_index = board_tables(tables)
    lows_of = tables.low_values
    rows, flush_rows = known
    n_players = kinds.shape[0]
    state = np.empty(2, dtype=np.uint64)
    seed_state(seed, state)
    s0 = state[0]
    s1 = state[1]
    spare = np.uint64(0)
    deck = spot.live_deck.copy()
    holes = spot.fixed_holes.copy()
    highs = np.zeros(n_players, dtype=np.int64)
    lows = np.zeros(n_players, dtype=np.int64)
    hole_low = np.full(n_players, -1, dtype=np.int64)  # known hands' low masks
    for p in range(n_players):
        if kinds[p] == KIND_FIXED:
            hole_low[p] = hand_low_mask(holes[p], n_hole, low_bits)
    start = board_sums(spot.board_fixed, spot.n_board_fixed, card_keys, suit_bits, low_bits)
    m = 5 - spot.n_board_fixed
    ranged, uniform = joint_draw_table(kinds == KIND_RANGE, combo_offsets, combo_cum)
    skip = ranged.shape[0] > 0
    for t in range(n_batch):
        used = fixed_mask
        if skip:
            s0, s1, used, ok = draw_combos(
                s0,
                s1,
                fixed_mask,
                ranged,
                combo_offsets,
                combo_cum,
                uniform,
                combo_masks,
                None,
                combos,
                n_hole,
                holes,
            )
            if not ok:
                return STATUS_NO_LEGAL_DEAL
        s0, s1, spare, i = _deal_random(s0, s1, spare, deck, kinds, n_hole, used, skip, holes)
        s0, s1, spare, sums = _complete_board(
            (s0, s1, spare),
            deck,
            i,
            used,
            skip,
            m,
            start,
            card_keys,
            suit_bits,
            low_bits,
            sink,
            row0 + t,
        )
        key, suits, board_low = sums
        facts = board_facts(key, suits, offsets, board_index, suited_index)
        for p in range(n_players):
            if kinds[p] == KIND_FIXED:
                highs[p] = high_from_rows(rows, flush_rows, p, facts)
            else:
                highs[p] = hand_high(
                    holes[p], n_hole, facts, pair_index, pair_values, flush_pair_index, flush_values
                )
            if hilo:
                mask = (
                    hole_low[p]
                    if kinds[p] == KIND_FIXED
                    else hand_low_mask(holes[p], n_hole, low_bits)
                )
                lows[p] = np.int64(lows_of[(board_low << 8) | mask])
        omaha_score(highs, lows, hilo, out, extra)
        if sink is not None:
            _record_hands(sink, row0 + t, holes, spot)
    return STATUS_OK


@parallel_kernel
def simulate_omaha_batches(
    seeds, batch_size, n_trials, first_batch, spot, tables, known, sink, out, extra, status
):
    """Omaha Monte-Carlo for batches ``first_batch .. first_batch + len(out) - 1``.

    As :func:`.montecarlo.simulate_batches`: batch ``b`` runs its trials from
    the stream ``seeds[i]`` and writes only row ``i``, so the counts do not
    depend on the number of threads.  ``sink``: None (scoring only), or the
    run's deals are recorded there, deal ``d`` of the run (from the first
    batch's first deal) in ``sink[d]``: rows ``0 .. n_players - 1`` the
    players' hole cards (first ``n_hole`` columns), row ``n_players`` the
    board (first 5 columns: the known cards, then those dealt, in order).

    Shapes
    ------
    spot : OmahaSpot; tables : equity.lookup.omaha.OmahaTables
    known : (rows uint16[n_players, 6175], flush_rows uint16[n_players, 4, 2288]), the rows
        of the known hands (:func:`.omaha.hand_rows`)
    sink : None or uint8[n_deals, n_players + 1, >= 6]
    out : int64[n_run, n_players, n_players + 1]; extra : int64[n_run, n_players, 7]
    status : int64[n_run]
    """
    # the tuples go into the parallel region as they are: Numba takes flat ones there, not nested
    n_run = out.shape[0]
    taken = np.zeros(1, dtype=np.int64)  # the work queue (see fetch_add)
    for _worker in prange(min(n_run, QUEUE_WORKERS)):
        i = fetch_add(taken, 1)
        while i < n_run:
            start = (first_batch + i) * batch_size
            n_batch = min(n_trials, start + batch_size) - start
            status[i] = _omaha_batch(
                seeds[i], n_batch, spot, tables, known, sink, i * batch_size, out[i], extra[i]
            )
            i = fetch_add(taken, 1)


@kernel
def _enumerate_boards(
    holes, n_hole, hilo, use_rows, hole_low, deck, m, start, tables, known, out, extra
):
    """Every completion of the board ``start`` (sums) by ``m`` cards of ``deck``, scored.

    Known hands are scored from their rows (``use_rows``) or, when there are
    too few boards to pay for the rows, pair by pair.  Each board's sums are
    kept per position, so a new board recomputes them from its first
    changed card on.
    """
    pair_index, pair_values, flush_pair_index, flush_values = hand_tables(tables)
    card_keys, suit_bits, low_bits, offsets, board_index, suited_index = board_tables(tables)
    lows_of = tables.low_values
    rows, flush_rows = known
    n_players = holes.shape[0]
    n_deck = deck.shape[0]
    highs = np.zeros(n_players, dtype=np.int64)
    lows = np.zeros(n_players, dtype=np.int64)
    idx = np.zeros(5, dtype=np.int64)
    keys = np.zeros(6, dtype=np.uint64)
    suits = np.zeros(6, dtype=np.uint64)
    board_lows = np.zeros(6, dtype=np.int64)
    keys[0], suits[0], board_lows[0] = start
    if m > n_deck:
        return
    for j in range(m):
        idx[j] = j
    changed = 0  # the first position whose card changed since the last board
    while changed >= 0:
        for j in range(changed, m):  # the running sums from the changed card on
            keys[j + 1], suits[j + 1], board_lows[j + 1] = add_card(
                keys[j], suits[j], board_lows[j], deck[idx[j]], card_keys, suit_bits, low_bits
            )
        facts = board_facts(keys[m], suits[m], offsets, board_index, suited_index)
        for p in range(n_players):
            if use_rows:
                highs[p] = high_from_rows(rows, flush_rows, p, facts)
            else:
                highs[p] = hand_high(
                    holes[p], n_hole, facts, pair_index, pair_values, flush_pair_index, flush_values
                )
            if hilo:
                lows[p] = np.int64(lows_of[(board_lows[m] << 8) | hole_low[p]])
        omaha_score(highs, lows, hilo, out, extra)
        changed = next_combination(idx, m, n_deck)


@kernel
def _enumerate_assignment(
    holes, n_hole, hilo, use_rows, board_fixed, n_board_fixed, fixed_mask, tables, out, extra
):
    """Exact counts of one assignment of hole cards: the deck left, rows, every board."""
    card_keys, suit_bits, low_bits, _, _, _ = board_tables(tables)
    n_players = holes.shape[0]
    n_rows = n_players if use_rows else 0
    rows = np.zeros((n_rows, 6175), dtype=np.uint16)
    flush_rows = np.zeros((n_rows, 4, 2288), dtype=np.uint16)
    if use_rows:
        hand_rows(holes, n_hole, tables, rows, flush_rows)
    hole_low = np.zeros(n_players, dtype=np.int64)
    used = fixed_mask
    for p in range(n_players):
        hole_low[p] = hand_low_mask(holes[p], n_hole, low_bits)
        for j in range(n_hole):
            used |= _ONE << np.uint64(holes[p, j])
    deck = np.empty(52, dtype=np.uint8)
    n_deck = live_deck(used, deck)
    _enumerate_boards(
        holes,
        n_hole,
        hilo,
        use_rows,
        hole_low,
        deck[:n_deck],
        5 - n_board_fixed,
        board_sums(board_fixed, n_board_fixed, card_keys, suit_bits, low_bits),
        tables,
        (rows, flush_rows),
        out,
        extra,
    )


@parallel_kernel
def enumerate_omaha(
    assignments,
    n_hole,
    hilo,
    use_rows,
    board_fixed,
    n_board_fixed,
    fixed_mask,
    tables,
    out,
    extra,
):
    """Exact Omaha counts of each assignment of hole cards, every board completion.

    ``fixed_mask``: the cards never dealt (known cards); ``use_rows``: score
    known hands from precomputed rows (worth it from about 20,000 boards).

    Shapes
    ------
    assignments : uint8[n_assign, n_players, 6] (first ``n_hole`` columns used)
    out : int64[n_assign, n_players, n_players + 1]; extra : int64[n_assign, n_players, 7]
    """
    n_assign = assignments.shape[0]
    taken = np.zeros(1, dtype=np.int64)  # the work queue (see fetch_add)
    for _worker in prange(min(n_assign, QUEUE_WORKERS)):
        a = fetch_add(taken, 1)
        while a < n_assign:
            _enumerate_assignment(
                assignments[a], n_hole, hilo, use_rows, board_fixed, n_board_fixed, fixed_mask,
                tables, out[a], extra[a],
            )  # fmt: skip
            a = fetch_add(taken, 1)
