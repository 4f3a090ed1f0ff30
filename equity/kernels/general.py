"""The general Monte-Carlo loop of the table games: any mix of known, range and random players.

Its docstring is the deal order of every table-game loop: the fast paths of
:mod:`.montecarlo` (:mod:`.headsup`, :mod:`.headsup_range` and the
known-hands loop) make exactly its draws for the spots they take, and
``tests/test_kernel_draws.py`` and ``tests/test_pinned_draws.py`` hold them to it.
"""

from __future__ import annotations

import numpy as np

from ._jit import inline_kernel, kernel
from .deal import subset_step as _subset_step
from .headsup import deal_hand, deal_skipping, draw_combos, floyd_board, skip_position
from .holdem import value_from_key
from .scoring import (
    KIND_RANDOM,
    STATUS_NO_LEGAL_DEAL,
    STATUS_OK,
    count_best,
)

__all__ = ["general_loop"]

_ONE = np.uint64(1)
_ZERO = np.uint64(0)


@kernel
def general_loop(s0, s1, n, deck, board, players, ranges, tables, out, combo_out, sink):
    """``n`` deals of any mix of players into ``out``; return a status code.

    Deal order: range players (one combo each, drawn jointly; the whole draw
    is rejected on a conflict: :func:`.headsup.draw_combos`), then random players
    and the board from the live deck, skipping cards the range players hold
    (with no random player, the board is Floyd's draw over the live deck
    without them: :func:`_board_around_ranges`).  The fast paths of the
    other ``LOOP_*`` make exactly these draws for the spots they take.  The
    steps are inline kernels: a helper taking arrays, called per deal or
    per card, would cost more than the deal (reference counting at each
    call); the showdown is written out here (as an inlined helper taking
    the output arrays it ran at a quarter of the speed).

    ``sink``: None when scoring (its branches are pruned at compile time:
    the loop compiles as if they were not there), or ``(holes, board,
    combos)``: the batch's rows of :func:`.montecarlo.simulate_batches`'
    sink, into which each deal's dealt cards are written (not scored), and
    the range combos.
    """
    n_board_fixed, board_total, fixed_key, fixed_suits, fixed_mask = board
    n_hole, kinds, hk, hs, ranged = players
    combo_offsets, combo_cum, combo_keys, combo_suits, combo_masks, _, _, uniform = ranges
    card_keys, suit_bits, offsets, values = tables
    around = (fixed_key, fixed_suits, card_keys, suit_bits)
    n_players = kinds.shape[0]
    n_range = ranged.shape[0]
    n_random = 0
    for p in range(n_players):
        n_random += kinds[p] == KIND_RANDOM
    spare = np.uint64(0)  # the unused half of the last generator output (rng.draw)
    vals = np.empty(n_players, dtype=np.int32)
    picked = np.zeros(n_players, dtype=np.int64)
    used_positions = np.empty(2 * n_players, dtype=np.int64)
    m = board_total - n_board_fixed
    for row in range(n):
        # 1. range players
        used = fixed_mask
        if n_range:
            s0, s1, used, ok = draw_combos(
                s0, s1, fixed_mask, ranged, combo_offsets, combo_cum, uniform, combo_masks, picked
            )
            if not ok:
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
        #    be taken, so no checks, and the board is Floyd's unordered draw
        i = 0
        key = fixed_key
        suits = fixed_suits
        if n_range and not n_random:
            s0, s1, spare, key, suits = _board_around_ranges(
                s0, s1, spare, deck, m, picked, ranged, ranges, used_positions, around, sink, row
            )
        elif n_range == 0:  # random players (known hands only took their own loop)
            for p in range(n_players):
                if kinds[p] == KIND_RANDOM:
                    s0, s1, spare, hand_key, hand_suits = deal_hand(
                        s0, s1, spare, deck, i, n_hole, card_keys, suit_bits
                    )
                    hk[p] = hand_key
                    hs[p] = hand_suits
                    if sink is not None:
                        _copy_unused(deck, i, i + n_hole, _ZERO, sink[0][row, p])
                    i += n_hole
            # the board: a uniform set of the cards left, deck[i:] (Floyd)
            s0, s1, spare, key, suits = floyd_board(
                s0, s1, spare, deck, i, m, key, suits, card_keys, suit_bits, sink, row
            )
        else:
            for p in range(n_players):
                if kinds[p] == KIND_RANDOM:
                    first = i
                    s0, s1, spare, i, hand_key, hand_suits = deal_skipping(
                        s0, s1, spare, deck, i, n_hole, used, _ZERO, _ZERO, card_keys, suit_bits
                    )
                    hk[p] = hand_key
                    hs[p] = hand_suits
                    if sink is not None:
                        _copy_unused(deck, first, i, used, sink[0][row, p])
            first = i
            s0, s1, spare, i, key, suits = deal_skipping(
                s0, s1, spare, deck, i, m, used, key, suits, card_keys, suit_bits
            )
            if sink is not None:
                _copy_unused(deck, first, i, used, sink[1][row, n_board_fixed:])
        if sink is not None:
            continue  # recording: the showdown is the caller's
        # 3. showdown
        if n_players == 2:  # heads-up: both values in registers
            v0 = value_from_key(key + hk[0], suits | hs[0], offsets, values)
            v1 = value_from_key(key + hk[1], suits | hs[1], offsets, values)
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
            vals[p] = value_from_key(key + hk[p], suits | hs[p], offsets, values)
        best, n_best = count_best(vals, 1, out)
        for r in range(n_range):
            p = ranged[r]
            combo_out[picked[p], 0] += 1
            combo_out[picked[p], n_best] += np.int64(vals[p] == best)
    return STATUS_OK


@inline_kernel
def _board_around_ranges(
    s0, s1, spare, deck, m, picked, ranged, ranges, positions, board, sink, row
):
    """The board when range players hold cards and no player is random.

    Floyd's draw over the live deck without the range players' cards: the
    positions of those cards (``positions``, kept sorted) are skipped
    (:func:`.headsup.skip_position`).  ``board = (key, suits, card_keys,
    suit_bits)``: the known cards' key and suits, and the tables to add the
    cards drawn.  Returns ``(s0, s1, spare, key, suits)``; ``sink`` as in
    :func:`.headsup.floyd_board`.
    """
    key, suits, card_keys, suit_bits = board
    combo_low, combo_high = ranges[5], ranges[6]
    n_used = 0
    for r in range(ranged.shape[0]):  # insert both positions, keeping them sorted
        c = picked[ranged[r]]
        for q in (combo_low[c], combo_high[c]):
            k = n_used
            while k > 0 and positions[k - 1] > q:
                positions[k] = positions[k - 1]
                k -= 1
            positions[k] = q
            n_used += 1
    n_left = deck.shape[0] - n_used
    taken = np.uint64(0)
    for j in range(n_left - m, n_left):
        s0, s1, spare, taken, t = _subset_step(s0, s1, spare, taken, j)
        q = np.int64(t)
        for k in range(n_used):
            q = skip_position(q, positions[k])
        key += card_keys[deck[q]]
        suits |= suit_bits[deck[q]]
        if sink is not None:
            sink[1][row, sink[1].shape[1] - n_left + j] = deck[q]
    return s0, s1, spare, key, suits


@inline_kernel
def _copy_unused(deck, first, last, used, dest):
    """Write the cards of ``deck[first:last]`` not in ``used`` into ``dest``, in order."""
    j = 0
    for k in range(first, last):
        if not (_ONE << np.uint64(deck[k])) & used:
            dest[j] = deck[k]
            j += 1
