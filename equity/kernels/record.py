"""Recorded deals: the Monte-Carlo loops' draws, written out as cards instead of scored.

:func:`record_batches` walks exactly the random streams and the draw order of
:func:`.montecarlo.simulate_batches` (the general loops
:func:`.montecarlo._simulate_table_batch` and :func:`.montecarlo._simulate_zjh_batch`,
whose heads-up fast paths make the same draws) and stores each deal's hole
cards and board, so that the deals of ``(seed, n_trials, batch_size)`` are
the very deals a Monte-Carlo equity run of the same arguments scores.
Evaluating and scoring them is the caller's (the batch evaluators).
"""

from __future__ import annotations

import numpy as np

from ._jit import kernel, parallel_kernel, prange
from .deal import subset_step as _subset_step
from .deal import swap_draw as _swap_draw
from .headsup import pick_combo, skip_position
from .rng import seed_state
from .rng import xoro as _xoro
from .scoring import (
    GAME_ZJH,
    KIND_FIXED,
    KIND_RANDOM,
    KIND_RANGE,
    MAX_REJECTIONS,
    STATUS_NO_LEGAL_DEAL,
    STATUS_OK,
)

__all__ = ["record_batches", "shuffle_cards"]

_ONE = np.uint64(1)


@kernel
def _record_table_batch(
    seed,
    n_hole,
    board_fixed,
    n_board_fixed,
    board_total,
    fixed_holes,
    kinds,
    combos,
    combo_masks,
    combo_offsets,
    combo_cum,
    fixed_mask,
    live_deck,
    holes,
    board,
):
    """One batch of hold'em / five-card deals into ``holes``, ``board``; return a status code.

    The draws of :func:`.montecarlo._simulate_table_batch`, step for step:
    range players (jointly, a fresh generator output each, the whole draw
    rejected on a conflict), then random players by partial Fisher-Yates
    and the board by Floyd's draw (over the live deck without the range
    players' cards when there is no random player; skipping their cards
    otherwise).  The board row holds the known cards, then the drawn ones in
    the order drawn.

    Shapes
    ------
    holes : uint8[n_batch_trials, n_players, n_hole]; board : uint8[n_batch_trials, board_total]
    """
    n_trials = holes.shape[0]
    n_players = kinds.shape[0]
    state = np.empty(2, dtype=np.uint64)
    seed_state(seed, state)
    s0 = state[0]
    s1 = state[1]
    spare = np.uint64(0)
    deck = live_deck.copy()
    n_live = deck.shape[0]
    picked = np.zeros(n_players, dtype=np.int64)
    live_position = np.zeros(64, dtype=np.int64)
    for k in range(n_live):
        live_position[live_deck[k]] = k
    ranged = np.empty(n_players, dtype=np.int64)
    uniform = np.zeros(n_players, dtype=np.bool_)
    n_range = 0
    n_random = 0
    for p in range(n_players):
        n_random += kinds[p] == KIND_RANDOM
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
    used_positions = np.empty(2 * n_players, dtype=np.int64)
    m = board_total - n_board_fixed
    for row in range(n_trials):
        for p in range(n_players):
            if kinds[p] == KIND_FIXED:
                for j in range(n_hole):
                    holes[row, p, j] = fixed_holes[p, j]
        for j in range(n_board_fixed):
            board[row, j] = board_fixed[j]
        # 1. range players
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
                    picked[p] = c
                if ok:
                    break
                rejections += 1
                if rejections >= MAX_REJECTIONS:
                    return STATUS_NO_LEGAL_DEAL
            for r in range(n_range):
                p = ranged[r]
                for j in range(n_hole):
                    holes[row, p, j] = combos[picked[p], j]
        # 2. random players, then the board
        i = 0
        if n_range and not n_random:
            n_used = 0
            for r in range(n_range):  # both positions of each combo, kept sorted
                c = picked[ranged[r]]
                a = live_position[combos[c, 0]]
                b = live_position[combos[c, 1]]
                for q in (min(a, b), max(a, b)):
                    k = n_used
                    while k > 0 and used_positions[k - 1] > q:
                        used_positions[k] = used_positions[k - 1]
                        k -= 1
                    used_positions[k] = q
                    n_used += 1
            n_left = n_live - n_used
            taken = np.uint64(0)
            j = n_board_fixed
            for step in range(n_left - m, n_left):
                s0, s1, spare, taken, t = _subset_step(s0, s1, spare, taken, step)
                q = np.int64(t)
                for k in range(n_used):
                    q = skip_position(q, used_positions[k])
                board[row, j] = deck[q]
                j += 1
        elif n_range == 0:
            for p in range(n_players):
                if kinds[p] == KIND_RANDOM:
                    for j in range(n_hole):
                        s0, s1, spare, card = _swap_draw(s0, s1, spare, deck, i, n_live)
                        i += 1
                        holes[row, p, j] = card
            n_left = n_live - i
            taken = np.uint64(0)
            j = n_board_fixed
            for step in range(n_left - m, n_left):
                s0, s1, spare, taken, t = _subset_step(s0, s1, spare, taken, step)
                board[row, j] = deck[i + t]
                j += 1
        else:
            for p in range(n_players):
                if kinds[p] != KIND_RANDOM:
                    continue
                j = 0
                while j < n_hole:
                    s0, s1, spare, card = _swap_draw(s0, s1, spare, deck, i, n_live)
                    i += 1
                    if (_ONE << np.uint64(card)) & used:
                        continue
                    holes[row, p, j] = card
                    j += 1
            j = n_board_fixed
            while j < board_total:  # as kernels.headsup.deal_skipping
                s0, s1, spare, card = _swap_draw(s0, s1, spare, deck, i, n_live)
                i += 1
                if (_ONE << np.uint64(card)) & used:
                    continue
                board[row, j] = card
                j += 1
    return STATUS_OK


@kernel
def _record_zjh_batch(seed, fixed_holes, kinds, live_deck, independent_decks, holes):
    """One batch of Zha Jin Hua deals into ``holes``: the draws of ``_simulate_zjh_batch``.

    Shapes
    ------
    holes : uint8[n_batch_trials, n_players, 3]
    """
    n_players = kinds.shape[0]
    state = np.empty(2, dtype=np.uint64)
    seed_state(seed, state)
    s0 = state[0]
    s1 = state[1]
    spare = np.uint64(0)
    deck = live_deck.copy()
    n_live = deck.shape[0]
    full_deck = np.arange(52).astype(np.uint8)
    for row in range(holes.shape[0]):
        i = 0
        for p in range(n_players):
            if kinds[p] != KIND_RANDOM:
                for j in range(3):
                    holes[row, p, j] = fixed_holes[p, j]
                continue
            for j in range(3):
                if independent_decks:
                    s0, s1, spare, card = _swap_draw(s0, s1, spare, full_deck, j, 52)
                else:
                    s0, s1, spare, card = _swap_draw(s0, s1, spare, deck, i, n_live)
                    i += 1
                holes[row, p, j] = card
    return STATUS_OK


@parallel_kernel
def record_batches(
    seeds,
    batch_size,
    n_trials,
    first_batch,
    game,
    n_hole,
    board_fixed,
    n_board_fixed,
    board_total,
    fixed_holes,
    kinds,
    combos,
    combo_masks,
    combo_offsets,
    combo_cum,
    fixed_mask,
    live_deck,
    independent_decks,
    holes,
    board,
    status,
):
    """The deals of batches ``first_batch .. first_batch + len(seeds) - 1``, as cards.

    The arguments of :func:`.montecarlo.simulate_batches` (without the rules
    and tables, which only score).  Batch ``b = first_batch + i`` deals the
    trials ``[b * batch_size, min(n_trials, (b + 1) * batch_size))`` from
    ``seeds[i]`` into rows ``b * batch_size - first_batch * batch_size``
    onwards, and its status into ``status[i]``.

    Shapes
    ------
    seeds : uint64[n_run]
    holes : uint8[n_rows, n_players, n_hole], n_rows = the trials of the batches
    board : uint8[n_rows, board_total]
    status : int64[n_run]
    """
    origin = first_batch * batch_size
    for i in prange(seeds.shape[0]):
        b = first_batch + i
        start = b * batch_size
        stop = min(n_trials, start + batch_size)
        rows = holes[start - origin : stop - origin]
        if game == GAME_ZJH:
            status[i] = _record_zjh_batch(
                seeds[i], fixed_holes, kinds, live_deck, independent_decks, rows
            )
        else:
            status[i] = _record_table_batch(
                seeds[i],
                n_hole,
                board_fixed,
                n_board_fixed,
                board_total,
                fixed_holes,
                kinds,
                combos,
                combo_masks,
                combo_offsets,
                combo_cum,
                fixed_mask,
                live_deck,
                rows,
                board[start - origin : stop - origin],
            )


@kernel
def shuffle_cards(seed, cards):
    """Shuffle ``cards`` in place (Fisher-Yates) from the stream of the 64-bit ``seed``.

    The draws of :func:`.deal.shuffle_batch` for its first row: with
    ``cards = arange(52)`` and ``seed = batch_seeds(s, 1)[0]`` the order is
    that row's.

    Shapes
    ------
    cards : uint8[n]
    """
    state = np.empty(2, dtype=np.uint64)
    seed_state(seed, state)
    s0 = state[0]
    s1 = state[1]
    spare = np.uint64(0)
    n = cards.shape[0]
    for i in range(n):
        s0, s1, spare, _ = _swap_draw(s0, s1, spare, cards, i, n)
