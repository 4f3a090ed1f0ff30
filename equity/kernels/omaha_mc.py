"""Omaha Monte-Carlo and exact showdowns (high, or hi-lo eight or better).

Counting convention: as :mod:`.scoring`, in *pot units*: a high-only pot
is one unit; a hi-lo pot is two half-pots, and with no qualifying low the
high hands share both.  ``out[p, k]`` counts the units player ``p`` shares
``k`` ways, so ``p``'s pot share is ``sum_k out[p, k] / k`` over ``units x
deals``.  ``extra[p]`` counts deals in which ``p``: 0 scoops (takes the
whole pot alone), 1 has the only best high, 2 shares the best high, 3 has
the only best low, 4 shares the best low, 5 wins any part of the pot; column
6 counts deals with no qualifying low (the same in every row).

Deal order of a batch: pattern players (one hand each, drawn jointly; the
whole draw is rejected on a conflict), then random players by partial
Fisher-Yates over the live deck, then the board, both skipping cards the
pattern players hold.  Known hands are scored from precomputed rows
(:func:`.omaha.hand_rows`); two known hands heads-up run a loop of their own
with the same draws.
"""

from __future__ import annotations

import numpy as np

from ._jit import QUEUE_WORKERS, fetch_add, inline_kernel, kernel, parallel_kernel, prange
from .deal import subset_step as _subset_step
from .deal import swap_draw as _swap_draw
from .headsup import pick_combo
from .omaha import board_facts, hand_high, hand_low_mask, hand_rows, high_from_rows
from .rng import seed_state
from .rng import xoro as _xoro
from .scoring import (
    KIND_FIXED,
    KIND_RANDOM,
    KIND_RANGE,
    MAX_REJECTIONS,
    STATUS_NO_LEGAL_DEAL,
    STATUS_OK,
)

__all__ = ["EXTRA_COLUMNS", "enumerate_omaha", "omaha_score", "simulate_omaha_batches"]

_ONE = np.uint64(1)
EXTRA_COLUMNS = 7


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


@kernel
def _omaha_batch(
    seed,
    n_batch,
    n_hole,
    hilo,
    board_fixed,
    n_board_fixed,
    fixed_holes,
    kinds,
    combos,
    combo_masks,
    combo_offsets,
    combo_cum,
    fixed_mask,
    live_deck,
    tables,
    rows,
    flush_rows,
    out,
    extra,
):
    """One batch of Omaha deals into ``out``, ``extra``; return a status code."""
    (
        card_keys,
        suit_bits,
        offsets,
        _values,
        board_index,
        pair_index,
        pair_values,
        suited_index,
        flush_pair_index,
        flush_values,
        low_bits,
        low_values,
    ) = tables
    n_players = kinds.shape[0]
    state = np.empty(2, dtype=np.uint64)
    seed_state(seed, state)
    s0 = state[0]
    s1 = state[1]
    spare = np.uint64(0)
    deck = live_deck.copy()
    n_live = deck.shape[0]
    holes = fixed_holes.copy()
    highs = np.zeros(n_players, dtype=np.int64)
    lows = np.zeros(n_players, dtype=np.int64)
    hole_low = np.zeros(n_players, dtype=np.int64)
    for p in range(n_players):
        hole_low[p] = hand_low_mask(holes[p], n_hole, low_bits)
    fixed_key = np.uint64(0)
    fixed_suits = np.uint64(0)
    fixed_low = np.int64(0)
    for j in range(n_board_fixed):
        c = board_fixed[j]
        fixed_key += card_keys[c]
        fixed_suits |= suit_bits[c]
        fixed_low |= np.int64(low_bits[c])
    m = 5 - n_board_fixed
    ranged = np.empty(n_players, dtype=np.int64)
    uniform = np.zeros(n_players, dtype=np.bool_)
    n_range = 0
    n_random = 0
    for p in range(n_players):
        if kinds[p] == KIND_RANDOM:
            n_random += 1
        if kinds[p] == KIND_RANGE:
            ranged[n_range] = p
            n_range += 1
            lo = combo_offsets[p]
            hi = combo_offsets[p + 1]
            base = combo_cum[lo - 1] if lo > 0 else 0.0
            step = combo_cum[lo] - base
            uniform[p] = True
            for c in range(lo + 1, hi):
                if combo_cum[c] - combo_cum[c - 1] != step:
                    uniform[p] = False
    if n_players == 2 and n_range == 0 and n_random == 0:
        return _heads_up_known(
            s0, s1, n_batch, deck, m, fixed_key, fixed_suits, fixed_low, hilo, hole_low,
            card_keys, suit_bits, offsets, board_index, suited_index, low_bits, low_values,
            rows, flush_rows, out, extra,
        )  # fmt: skip
    for _ in range(n_batch):
        used = fixed_mask
        if n_range:
            rejections = 0
            while True:
                used = fixed_mask
                ok = True
                for r in range(n_range):
                    p = ranged[r]
                    s0, s1, x = _xoro(s0, s1)
                    c = pick_combo(x, combo_offsets[p], combo_offsets[p + 1], uniform[p], combo_cum)
                    if combo_masks[c] & used:
                        ok = False
                        break
                    used |= combo_masks[c]
                    for j in range(n_hole):
                        holes[p, j] = combos[c, j]
                if ok:
                    break
                rejections += 1
                if rejections >= MAX_REJECTIONS:
                    return STATUS_NO_LEGAL_DEAL
        i = 0
        for p in range(n_players):
            if kinds[p] != KIND_RANDOM:
                continue
            j = 0
            while j < n_hole:
                s0, s1, spare, c = _swap_draw(s0, s1, spare, deck, i, n_live)
                i += 1
                if n_range and (_ONE << np.uint64(c)) & used:
                    continue
                holes[p, j] = c
                j += 1
        key = fixed_key
        suits = fixed_suits
        board_low = fixed_low
        if n_range == 0:  # Floyd's draw from the cards left, deck[i:]
            n_left = n_live - i
            taken = np.uint64(0)
            for j in range(n_left - m, n_left):
                s0, s1, spare, taken, t = _subset_step(s0, s1, spare, taken, j)
                c = deck[i + t]
                key += card_keys[c]
                suits |= suit_bits[c]
                board_low |= np.int64(low_bits[c])
        else:
            dealt = 0
            while dealt < m:
                s0, s1, spare, c = _swap_draw(s0, s1, spare, deck, i, n_live)
                i += 1
                if (_ONE << np.uint64(c)) & used:
                    continue
                key += card_keys[c]
                suits |= suit_bits[c]
                board_low |= np.int64(low_bits[c])
                dealt += 1
        pattern, suit, suited = board_facts(key, suits, offsets, board_index, suited_index)
        for p in range(n_players):
            if kinds[p] == KIND_FIXED:
                highs[p] = high_from_rows(rows, flush_rows, p, pattern, suit, suited)
            else:
                highs[p] = hand_high(
                    holes[p], n_hole, pattern, suit, suited, pair_index, pair_values,
                    flush_pair_index, flush_values,
                )  # fmt: skip
            if hilo:
                mask = (
                    hole_low[p]
                    if kinds[p] == KIND_FIXED
                    else hand_low_mask(holes[p], n_hole, low_bits)
                )
                lows[p] = np.int64(low_values[(board_low << 8) | mask])
        omaha_score(highs, lows, hilo, out, extra)
    return STATUS_OK


@inline_kernel
def _heads_up_known(
    s0, s1, n, deck, m, fixed_key, fixed_suits, fixed_low, hilo, hole_low,
    card_keys, suit_bits, offsets, board_index, suited_index, low_bits, low_values,
    rows, flush_rows, out, extra,
):  # fmt: skip
    """Two known hands: the general loop's draws (Floyd's board), scored from their rows.

    Every count stays in a register (branch-free sums); ``out`` and
    ``extra`` are written once at the end, as :func:`omaha_score` would
    have written them deal by deal.
    """
    n_live = deck.shape[0]
    spare = np.uint64(0)
    low0 = hole_low[0]
    low1 = hole_low[1]
    high_win0 = 0
    high_win1 = 0
    no_low = 0  # deals without a qualifying low
    no_low_win0 = 0  # ... that player 0 (1) won alone, or tied
    no_low_win1 = 0
    no_low_tie = 0
    low_win0 = 0
    low_win1 = 0
    low_tie = 0
    scoop0 = 0
    scoop1 = 0
    for _ in range(n):
        key = fixed_key
        suits = fixed_suits
        board_low = fixed_low
        taken = np.uint64(0)
        for j in range(n_live - m, n_live):
            s0, s1, spare, taken, t = _subset_step(s0, s1, spare, taken, j)
            c = deck[t]
            key += card_keys[c]
            suits |= suit_bits[c]
            board_low |= np.int64(low_bits[c])
        pattern, suit, suited = board_facts(key, suits, offsets, board_index, suited_index)
        h0 = high_from_rows(rows, flush_rows, 0, pattern, suit, suited)
        h1 = high_from_rows(rows, flush_rows, 1, pattern, suit, suited)
        w0 = np.int64(h0 > h1)
        w1 = np.int64(h1 > h0)
        high_win0 += w0
        high_win1 += w1
        if hilo:
            l0 = np.int64(low_values[(board_low << 8) | low0])
            l1 = np.int64(low_values[(board_low << 8) | low1])
            none = np.int64(l0 == 0) & np.int64(l1 == 0)
            lw0 = np.int64(l0 > l1)
            lw1 = np.int64(l1 > l0)
            no_low += none
            no_low_win0 += none & w0
            no_low_win1 += none & w1
            no_low_tie += none & (1 - w0 - w1)
            low_win0 += lw0
            low_win1 += lw1
            low_tie += (1 - none) & np.int64(l0 == l1)
            scoop0 += w0 & (none | lw0)
            scoop1 += w1 & (none | lw1)
    high_tie = n - high_win0 - high_win1
    if not hilo:
        out[0, 1] += high_win0
        out[1, 1] += high_win1
        out[0, 2] += high_tie
        out[1, 2] += high_tie
        for p, win in ((0, high_win0), (1, high_win1)):
            extra[p, 0] += win
            extra[p, 1] += win
            extra[p, 2] += high_tie
            extra[p, 5] += win + high_tie
        return STATUS_OK
    # units: a pot without a low is two half-pots for the high hand(s)
    for p, win, no_low_win, low_win, scoop, other_scoop in (
        (0, high_win0, no_low_win0, low_win0, scoop0, scoop1),
        (1, high_win1, no_low_win1, low_win1, scoop1, scoop0),
    ):
        out[p, 1] += win + no_low_win + low_win
        out[p, 2] += high_tie + no_low_tie + low_tie
        extra[p, 0] += scoop
        extra[p, 1] += win
        extra[p, 2] += high_tie
        extra[p, 3] += low_win
        extra[p, 4] += low_tie
        extra[p, 6] += no_low
        extra[p, 5] += n - other_scoop  # nothing only when the other hand scoops
    return STATUS_OK


@parallel_kernel
def simulate_omaha_batches(
    seeds,
    batch_size,
    n_trials,
    first_batch,
    n_hole,
    hilo,
    board_fixed,
    n_board_fixed,
    fixed_holes,
    kinds,
    combos,
    combo_masks,
    combo_offsets,
    combo_cum,
    fixed_mask,
    live_deck,
    tables,
    rows,
    flush_rows,
    out,
    extra,
    status,
):
    """Omaha Monte-Carlo for batches ``first_batch .. first_batch + len(out) - 1``.

    As :func:`.montecarlo.simulate_batches`: batch ``b`` runs its trials from
    the stream ``seeds[i]`` and writes only row ``i``, so the counts do not
    depend on the number of threads.

    Shapes
    ------
    board_fixed : uint8[5]; fixed_holes : uint8[n_players, 6]; kinds : int8[n_players]
    combos : uint8[n_combos, 6]; combo_masks : uint64[n_combos]
    combo_offsets : int64[n_players + 1]; combo_cum : float64[n_combos]
    live_deck : uint8[n_live]; tables : equity.lookup.omaha.OmahaTables
    rows : uint16[n_players, 6175]; flush_rows : uint16[n_players, 4, 2288] (known hands)
    out : int64[n_run, n_players, n_players + 1]; extra : int64[n_run, n_players, 7]
    status : int64[n_run]
    """
    taken = np.zeros(1, dtype=np.int64)  # the work queue (see fetch_add)
    for _worker in prange(min(out.shape[0], QUEUE_WORKERS)):
        while True:
            i = fetch_add(taken, 1)
            if i >= out.shape[0]:
                break
            b = first_batch + i
            start = b * batch_size
            n_batch = min(n_trials, start + batch_size) - start
            status[i] = _omaha_batch(
                seeds[i],
                n_batch,
                n_hole,
                hilo,
                board_fixed,
                n_board_fixed,
                fixed_holes,
                kinds,
                combos,
                combo_masks,
                combo_offsets,
                combo_cum,
                fixed_mask,
                live_deck,
                tables,
                rows,
                flush_rows,
                out[i],
                extra[i],
            )


@kernel
def _enumerate_one(
    holes, n_hole, deck, n_deck, m, fixed_key, fixed_suits, fixed_low, hilo, use_rows,
    hole_low, tables, rows, flush_rows, highs, lows, out, extra,
):  # fmt: skip
    """Every completion of the board by ``m`` cards of ``deck[:n_deck]``, scored.

    Known hands are scored from their rows (``use_rows``) or, when there are
    too few boards to pay for the rows, pair by pair.
    """
    (
        card_keys,
        suit_bits,
        offsets,
        _values,
        board_index,
        pair_index,
        pair_values,
        suited_index,
        flush_pair_index,
        flush_values,
        low_bits,
        low_values,
    ) = tables
    n_players = highs.shape[0]
    idx = np.zeros(5, dtype=np.int64)
    keys = np.zeros(6, dtype=np.uint64)
    suits = np.zeros(6, dtype=np.uint64)
    board_lows = np.zeros(6, dtype=np.int64)
    keys[0] = fixed_key
    suits[0] = fixed_suits
    board_lows[0] = fixed_low
    if m > n_deck:
        return
    for j in range(m):
        idx[j] = j
    changed = 0  # the first position whose card changed since the last board
    while True:
        for j in range(changed, m):  # the running sums from the changed card on
            c = deck[idx[j]]
            keys[j + 1] = keys[j] + card_keys[c]
            suits[j + 1] = suits[j] | suit_bits[c]
            board_lows[j + 1] = board_lows[j] | np.int64(low_bits[c])
        pattern, suit, suited = board_facts(keys[m], suits[m], offsets, board_index, suited_index)
        for p in range(n_players):
            if use_rows:
                highs[p] = high_from_rows(rows, flush_rows, p, pattern, suit, suited)
            else:
                highs[p] = hand_high(
                    holes[p], n_hole, pattern, suit, suited, pair_index, pair_values,
                    flush_pair_index, flush_values,
                )  # fmt: skip
            if hilo:
                lows[p] = np.int64(low_values[(board_lows[m] << 8) | hole_low[p]])
        omaha_score(highs, lows, hilo, out, extra)
        # the next combination of m positions out of n_deck
        j = m - 1
        while j >= 0 and idx[j] == n_deck - m + j:
            j -= 1
        if j < 0:
            return
        idx[j] += 1
        for q in range(j + 1, m):
            idx[q] = idx[q - 1] + 1
        changed = j


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
    n_players = assignments.shape[1]
    card_keys = tables[0]
    suit_bits = tables[1]
    low_bits = tables[10]
    fixed_key = np.uint64(0)
    fixed_suits = np.uint64(0)
    fixed_low = np.int64(0)
    for j in range(n_board_fixed):
        fixed_key += card_keys[board_fixed[j]]
        fixed_suits |= suit_bits[board_fixed[j]]
        fixed_low |= np.int64(low_bits[board_fixed[j]])
    taken = np.zeros(1, dtype=np.int64)  # the work queue (see fetch_add)
    for _worker in prange(min(assignments.shape[0], QUEUE_WORKERS)):
        while True:
            a = fetch_add(taken, 1)
            if a >= assignments.shape[0]:
                break
            _enumerate_assignment(
                assignments[a], n_hole, hilo, use_rows, n_board_fixed, fixed_mask, fixed_key,
                fixed_suits, fixed_low, tables, out[a], extra[a], n_players,
            )  # fmt: skip


@kernel
def _enumerate_assignment(
    holes, n_hole, hilo, use_rows, n_board_fixed, fixed_mask, fixed_key, fixed_suits,
    fixed_low, tables, out, extra, n_players,
):  # fmt: skip
    n_rows = n_players if use_rows else 0
    rows = np.zeros((n_rows, 6175), dtype=np.uint16)
    flush_rows = np.zeros((n_rows, 4, 2288), dtype=np.uint16)
    if use_rows:
        hand_rows(holes, n_hole, tables[5], tables[6], tables[8], tables[9], rows, flush_rows)
    hole_low = np.zeros(n_players, dtype=np.int64)
    used = fixed_mask
    for p in range(n_players):
        hole_low[p] = hand_low_mask(holes[p], n_hole, tables[10])
        for j in range(n_hole):
            used |= _ONE << np.uint64(holes[p, j])
    deck = np.empty(52, dtype=np.uint8)
    n_deck = 0
    for c in range(52):
        if not (used >> np.uint64(c)) & _ONE:
            deck[n_deck] = c
            n_deck += 1
    highs = np.zeros(n_players, dtype=np.int64)
    lows = np.zeros(n_players, dtype=np.int64)
    _enumerate_one(
        holes, n_hole, deck, n_deck, 5 - n_board_fixed, fixed_key, fixed_suits, fixed_low,
        hilo, use_rows, hole_low, tables, rows, flush_rows, highs, lows, out, extra,
    )  # fmt: skip
