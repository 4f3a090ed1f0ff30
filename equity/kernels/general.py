"""The general Monte-Carlo loop of the table games: any mix of known, range and random players.

Its docstring is the deal order of every table-game loop: the fast paths of
:mod:`.montecarlo` (:mod:`.headsup`, :mod:`.headsup_range` and the
known-hands loop) make exactly its draws for the spots they take, and
``tests/test_kernel_draws.py`` and ``tests/test_pinned_draws.py`` hold them to it.
"""

from __future__ import annotations

import numpy as np

from ._jit import kernel
from .deal import subset_step as _subset_step
from .deal import swap_draw as _swap_draw
from .headsup import deal_skipping, pick_combo, skip_position
from .holdem import value_from_key
from .rng import xoro as _xoro
from .scoring import (
    KIND_RANDOM,
    MAX_REJECTIONS,
    STATUS_NO_LEGAL_DEAL,
    STATUS_OK,
    count_best,
)

__all__ = ["general_loop"]

_ONE = np.uint64(1)


@kernel
def general_loop(s0, s1, n, deck, board, players, ranges, tables, out, combo_out, sink):
    """``n`` deals of any mix of players into ``out``; return a status code.

    Deal order: range players (one combo each, drawn jointly; the whole draw
    is rejected on a conflict), then random players and the board from the
    live deck, skipping cards the range players hold (with no random
    player, the board is Floyd's draw over the live deck without them).  The
    fast paths of the other ``LOOP_*`` make exactly these draws for the
    spots they take.  The per-deal work is written inline: a helper taking
    arrays, called per deal or per card, costs more than the deal (reference
    counting at each call).

    ``sink``: None when scoring (its branches are pruned at compile time:
    the loop compiles as if they were not there), or ``(holes, board,
    combos)``: the batch's rows of :func:`.montecarlo.simulate_batches`'
    sink, into which each deal's dealt cards are written (not scored), and
    the range combos.
    """
    n_board_fixed, board_total, fixed_key, fixed_suits, fixed_mask = board
    n_hole, kinds, hk, hs, ranged = players
    (combo_offsets, combo_cum, combo_keys, combo_suits, combo_masks, combo_low, combo_high,
     uniform) = ranges  # fmt: skip
    card_keys, suit_bits, offsets, values = tables
    n_players = kinds.shape[0]
    n_range = ranged.shape[0]
    n_random = 0
    for p in range(n_players):
        n_random += kinds[p] == KIND_RANDOM
    n_live = deck.shape[0]
    spare = np.uint64(0)  # the unused half of the last generator output (rng.draw)
    vals = np.empty(n_players, dtype=np.int32)
    picked = np.zeros(n_players, dtype=np.int64)
    used_positions = np.empty(2 * n_players, dtype=np.int64)
    m = board_total - n_board_fixed
    for row in range(n):
        # 1. range players
        used = fixed_mask
        if n_range:
            rejections = 0
            while True:
                used = fixed_mask
                ok = True
                for r in range(n_range):
                    p = ranged[r]
                    lo = combo_offsets[p]
                    hi = combo_offsets[p + 1]
                    s0, s1, x = _xoro(s0, s1)
                    c = pick_combo(x, lo, hi, uniform[p], combo_cum)
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
                hk[p] = combo_keys[picked[p]]
                hs[p] = combo_suits[picked[p]]
                if sink is not None:
                    for j in range(n_hole):
                        sink[0][row, p, j] = sink[2][picked[p], j]
        # 2. random players (partial Fisher-Yates: each gets the next cards in
        #    turn), then the board; without range players no drawn card can
        #    be taken, so no checks, and the board is Floyd's unordered draw;
        #    with range players and no random one, the board is Floyd's draw
        #    over the live deck without the range players' cards
        i = 0
        board_key = fixed_key
        board_suits = fixed_suits
        if n_range and not n_random:
            n_used = 0
            for r in range(n_range):  # insert both positions, keeping them sorted
                c = picked[ranged[r]]
                for q in (combo_low[c], combo_high[c]):
                    k = n_used
                    while k > 0 and used_positions[k - 1] > q:
                        used_positions[k] = used_positions[k - 1]
                        k -= 1
                    used_positions[k] = q
                    n_used += 1
            n_left = n_live - n_used
            taken = np.uint64(0)
            for j in range(n_left - m, n_left):
                s0, s1, spare, taken, t = _subset_step(s0, s1, spare, taken, j)
                q = np.int64(t)
                for k in range(n_used):
                    q = skip_position(q, used_positions[k])
                board_key += card_keys[deck[q]]
                board_suits |= suit_bits[deck[q]]
                if sink is not None:
                    sink[1][row, board_total - n_left + j] = deck[q]
        elif n_range == 0:  # random players (known hands only took their own loop)
            for p in range(n_players):
                if kinds[p] == KIND_RANDOM:
                    key = np.uint64(0)
                    suits = np.uint64(0)
                    for j in range(n_hole):
                        s0, s1, spare, c = _swap_draw(s0, s1, spare, deck, i, n_live)
                        i += 1
                        key += card_keys[c]
                        suits |= suit_bits[c]
                        if sink is not None:
                            sink[0][row, p, j] = c
                    hk[p] = key
                    hs[p] = suits
            # the board: a uniform set of the cards left, deck[i:] (Floyd)
            n_left = n_live - i
            taken = np.uint64(0)
            for j in range(n_left - m, n_left):
                s0, s1, spare, taken, t = _subset_step(s0, s1, spare, taken, j)
                c = deck[i + t]
                board_key += card_keys[c]
                board_suits |= suit_bits[c]
                if sink is not None:
                    sink[1][row, board_total - n_left + j] = c
        else:
            for p in range(n_players):
                if kinds[p] != KIND_RANDOM:
                    continue
                key = np.uint64(0)
                suits = np.uint64(0)
                j = 0
                while j < n_hole:
                    s0, s1, spare, c = _swap_draw(s0, s1, spare, deck, i, n_live)
                    i += 1
                    if (_ONE << np.uint64(c)) & used:
                        continue
                    key += card_keys[c]
                    suits |= suit_bits[c]
                    if sink is not None:
                        sink[0][row, p, j] = c
                    j += 1
                hk[p] = key
                hs[p] = suits
            first = i
            s0, s1, spare, i, board_key, board_suits = deal_skipping(
                s0, s1, spare, deck, i, m, used, board_key, board_suits, card_keys, suit_bits
            )
            if sink is not None:  # the cards drawn are deck[first:i], in order
                j = n_board_fixed
                for k in range(first, i):
                    if not (_ONE << np.uint64(deck[k])) & used:
                        sink[1][row, j] = deck[k]
                        j += 1
        if sink is not None:
            continue  # recording: the showdown is the caller's
        # 3. showdown
        if n_players == 2:  # heads-up: both values in registers
            v0 = value_from_key(board_key + hk[0], board_suits | hs[0], offsets, values)
            v1 = value_from_key(board_key + hk[1], board_suits | hs[1], offsets, values)
            n_best = 1 + np.int64(v0 == v1)
            share0 = np.int64(v0 >= v1)
            share1 = np.int64(v1 >= v0)
            out[0, n_best] += share0
            out[1, n_best] += share1
            for r in range(n_range):
                p = ranged[r]
                combo_out[picked[p], 0] += 1
                combo_out[picked[p], n_best] += share0 if p == 0 else share1
            continue
        for p in range(n_players):
            vals[p] = value_from_key(board_key + hk[p], board_suits | hs[p], offsets, values)
        best, n_best = count_best(vals, 1, out)
        for r in range(n_range):
            p = ranged[r]
            combo_out[picked[p], 0] += 1
            combo_out[picked[p], n_best] += np.int64(vals[p] == best)
    return STATUS_OK
