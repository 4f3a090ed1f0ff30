"""The general Monte-Carlo loop of the table games: any mix of known, range and random players.

Deal order, the same for every table-game loop: range players (one combo
each, drawn jointly; the whole draw is rejected on a conflict:
:func:`.draws.draw_combos`), then random players (partial Fisher-Yates:
each gets the next cards in turn) and the board from the live deck,
skipping cards the range players hold; without range players no drawn card
can be taken, so no checks, and the board is Floyd's unordered draw from the
cards left (:func:`_random_players_loop`); with range players and no random
one, the board is Floyd's draw over the live deck without the range
players' cards.  The fast paths of :mod:`.montecarlo` (:mod:`.headsup`,
:mod:`.headsup_range` and the known-hands loop) make exactly these draws for
the spots they take, and ``tests/test_kernel_draws.py`` and
``tests/test_pinned_draws.py`` hold them to it.
"""

from __future__ import annotations

import numpy as np

from ._jit import inline_kernel, kernel
from .draws import (
    deal_hand_keys,
    deal_skipping_keys,
    draw_combos,
    floyd_board_keys,
    skip_position,
    subset_step,
)
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

    The deal order is the module's; the per-deal work is inline (each step
    moved into an inlined helper cost the loop a few percent).  ``sink``:
    None when scoring (its branches are pruned at compile time), or ``(holes,
    board, combos)``: the batch's rows of :func:`.montecarlo.simulate_batches`'
    sink, into which each deal's cards are written (not scored), and the combos.
    """
    n_board_fixed, board_total, fixed_key, fixed_suits, fixed_mask = board
    n_hole, kinds, hk, hs, ranged = players
    combo_offsets, combo_cum, combo_keys, combo_suits = ranges[:4]
    combo_masks, combo_low, combo_high, uniform = ranges[4:]
    card_keys, suit_bits, offsets, values = tables
    n_players = kinds.shape[0]
    n_range = ranged.shape[0]
    if n_range == 0:
        return _random_players_loop(s0, s1, n, deck, board, players, tables, out, sink)
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
        used = fixed_mask
        if n_range:  # 1. range players
            s0, s1, used, ok = draw_combos(
                s0,
                s1,
                fixed_mask,
                ranged,
                combo_offsets,
                combo_cum,
                uniform,
                combo_masks,
                picked,
                None,
                0,
                None,
            )
            if not ok:
                return STATUS_NO_LEGAL_DEAL
            for r in range(n_range):
                p = ranged[r]
                hk[p] = combo_keys[picked[p]]
                hs[p] = combo_suits[picked[p]]
                if sink is not None:
                    sink[0][row, p, :n_hole] = sink[2][picked[p], :n_hole]
        # 2. random players, then the board
        i = 0
        board_key = fixed_key
        board_suits = fixed_suits
        if not n_random:
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
                s0, s1, spare, taken, t = subset_step(s0, s1, spare, taken, j)
                q = np.int64(t)
                for k in range(n_used):
                    q = skip_position(q, used_positions[k])
                board_key += card_keys[deck[q]]
                board_suits |= suit_bits[deck[q]]
                if sink is not None:
                    sink[1][row, board_total - n_left + j] = deck[q]
        else:
            for p in range(n_players):
                if kinds[p] != KIND_RANDOM:
                    continue
                first = i
                s0, s1, spare, i, key, suits = deal_skipping_keys(
                    s0, s1, spare, deck, i, n_hole, used, _ZERO, _ZERO, card_keys, suit_bits
                )
                hk[p] = key
                hs[p] = suits
                if sink is not None:
                    _copy_unused(deck, first, i, used, sink[0][row, p])
            first = i
            s0, s1, spare, i, board_key, board_suits = deal_skipping_keys(
                s0, s1, spare, deck, i, m, used, board_key, board_suits, card_keys, suit_bits
            )
            if sink is not None:  # the cards drawn: deck[first:i] less those in used
                _copy_unused(deck, first, i, used, sink[1][row, n_board_fixed:])
        if sink is not None:
            continue  # recording: the showdown is the caller's
        if n_players == 2:  # 3. showdown; heads-up: both values in registers
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


@kernel
def _random_players_loop(s0, s1, n, deck, board, players, tables, out, sink):
    """:func:`general_loop` with no range player: known and random players only.

    Each random player's cards by Fisher-Yates in seat order, then the board
    by Floyd's algorithm from the cards left (:func:`.draws.deal_hand_keys`,
    :func:`.draws.floyd_board_keys`); ``sink`` as :func:`general_loop`'s.
    """
    n_board_fixed, board_total, fixed_key, fixed_suits, _ = board
    n_hole, kinds, hk, hs, _ = players
    card_keys, suit_bits, offsets, values = tables
    spare = np.uint64(0)
    vals = np.empty(kinds.shape[0], dtype=np.int32)
    for row in range(n):
        i = 0
        for p in range(kinds.shape[0]):
            if kinds[p] == KIND_RANDOM:
                s0, s1, spare, key, suits = deal_hand_keys(
                    s0, s1, spare, deck, i, n_hole, card_keys, suit_bits
                )
                hk[p] = key
                hs[p] = suits
                if sink is not None:  # the cards dealt are deck[i:i + n_hole]
                    sink[0][row, p, :n_hole] = deck[i : i + n_hole]
                i += n_hole
        m = board_total - n_board_fixed
        s0, s1, spare, key, suits = floyd_board_keys(
            s0, s1, spare, deck, i, m, fixed_key, fixed_suits, card_keys, suit_bits, sink, row
        )
        if sink is None:
            for p in range(kinds.shape[0]):
                vals[p] = value_from_key(key + hk[p], suits | hs[p], offsets, values)
            count_best(vals, 1, out)
    return STATUS_OK


@inline_kernel
def _copy_unused(deck, first, last, used, dest):
    """Write the cards of ``deck[first:last]`` not in ``used`` into ``dest``, in order."""
    j = 0
    for k in range(first, last):
        if not (_ONE << np.uint64(deck[k])) & used:
            dest[j] = deck[k]
            j += 1
