"""Exact showdowns: enumerate every completion of the board for given hole cards.

:func:`enumerate_deals` (parallel, one assignment of hole cards per task)
and :func:`enumerate_range` (serial, a slice of assignments) are the
drivers.  Counting convention, kernel families and the argument tuples: see
:mod:`.scoring`.
"""

from __future__ import annotations

import numpy as np

from ._jit import kernel, parallel_kernel, prange
from .holdem import FLUSH_BITS, KEY_START, SUIT_ONES, rank_value, value_from_key
from .scoring import GAME_ZJH, count_best, hole_sums, score, table_showdown, zjh_values

__all__ = ["enumerate_deals", "enumerate_range"]

_ONE = np.uint64(1)


@kernel
def _last_two_levels(
    key,
    suit_set,
    deck,
    group_end,
    start,
    n_deck,
    hk,
    hs,
    card_keys,
    suit_bits,
    offsets,
    values,
    vals,
    out,
):
    """Showdowns for the boards ``key + deck[d] + deck[e]``, ``start <= d < e < n_deck``.

    The two innermost board loops live here with the showdown written
    inline: a helper called once per board with array arguments costs more
    than the board itself (reference counting at each call); called once
    per ~500 boards it does not matter.

    Rank groups: when, after the fourth board card, no single card can
    complete a flush for any player, the last card matters only by its
    rank.  One showdown then counts for all the live cards of that rank
    after ``d`` (``deck`` is sorted, so they are ``e .. group_end[e] - 1``):
    about 13 showdowns instead of 40.

    Shapes
    ------
    deck : uint8[>= n_deck], ascending; group_end : int64[>= n_deck]
    hk, hs : uint64[n_players], hole keys and suit sets
    vals : int32[n_players], scratch; out : int64[n_players, n_players + 1]
    """
    n = hk.shape[0]
    if n == 2:
        k0 = hk[0]
        suits0 = hs[0]
        k1 = hk[1]
        suits1 = hs[1]
        win0 = 0
        win1 = 0
        # branch-free counts (see _heads_up_loop); ties = boards - wins
        for d in range(start, n_deck):
            kd = key + card_keys[deck[d]]
            sd = suit_set | suit_bits[deck[d]]
            if ((kd + k0 + SUIT_ONES) | (kd + k1 + SUIT_ONES)) & FLUSH_BITS:
                for e in range(d + 1, n_deck):
                    kb = kd + card_keys[deck[e]]
                    sb = sd | suit_bits[deck[e]]
                    v0 = value_from_key(kb + k0, sb | suits0, offsets, values)
                    v1 = value_from_key(kb + k1, sb | suits1, offsets, values)
                    win0 += np.int64(v0 > v1)
                    win1 += np.int64(v1 > v0)
            else:
                e = d + 1
                while e < n_deck:
                    g = group_end[e]
                    kb = kd + card_keys[deck[e]]
                    v0 = rank_value(kb + k0, offsets, values)
                    v1 = rank_value(kb + k1, offsets, values)
                    win0 += (g - e) * np.int64(v0 > v1)
                    win1 += (g - e) * np.int64(v1 > v0)
                    e = g
        n_left = n_deck - start
        ties = n_left * (n_left - 1) // 2 - win0 - win1
        out[0, 1] += win0
        out[1, 1] += win1
        out[0, 2] += ties
        out[1, 2] += ties
        return
    for d in range(start, n_deck):
        kd = key + card_keys[deck[d]]
        sd = suit_set | suit_bits[deck[d]]
        flush_draw = False
        for p in range(n):
            if (kd + hk[p] + SUIT_ONES) & FLUSH_BITS:
                flush_draw = True
        e = d + 1
        while e < n_deck:
            g = group_end[e] if not flush_draw else e + 1
            kb = kd + card_keys[deck[e]]
            sb = sd | suit_bits[deck[e]]
            for p in range(n):
                vals[p] = value_from_key(kb + hk[p], sb | hs[p], offsets, values)
            count_best(vals, g - e, out)
            e = g


@kernel
def _enumerate_one(
    holes,
    n_hole,
    game,
    board_fixed,
    n_board_fixed,
    board_total,
    deck,
    n_deck,
    straight_over_flush,
    suit_tiebreak,
    special_235,
    cat_shift,
    card_keys,
    suit_bits,
    offsets,
    values,
    out,
):
    """Enumerate every completion of the board for fixed hole cards.

    Board completions are nested loops over ``deck[:n_deck]`` keeping
    partial key sums (the last card in :func:`_last_level`), so each board
    costs one addition and one lookup per player.

    Shapes
    ------
    holes : uint8[n_players, 5]; deck : uint8[>= n_deck], the cards left
    out : int64[n_players, n_players + 1]
    """
    n_players = holes.shape[0]
    vals = np.empty(n_players, dtype=np.int32)
    specials = np.zeros(n_players, dtype=np.bool_)
    winners = np.zeros(n_players, dtype=np.bool_)
    if game == GAME_ZJH:
        zjh_values(holes, straight_over_flush, suit_tiebreak, vals, specials)
        score(vals, specials, special_235, cat_shift, winners, out)
        return
    hk = np.empty(n_players, dtype=np.uint64)
    hs = np.empty(n_players, dtype=np.uint64)
    for p in range(n_players):
        hole_sums(holes, p, n_hole, card_keys, suit_bits, hk, hs)
    board_key = KEY_START
    board_suits = np.uint64(0)
    for j in range(n_board_fixed):
        board_key += card_keys[board_fixed[j]]
        board_suits |= suit_bits[board_fixed[j]]
    m = board_total - n_board_fixed
    n = n_deck
    group_end = np.empty(max(n, 1), dtype=np.int64)  # end of each card's rank run in deck
    for e in range(n - 1, -1, -1):
        if e + 1 < n and deck[e + 1] >> 2 == deck[e] >> 2:
            group_end[e] = group_end[e + 1]
        else:
            group_end[e] = e + 1
    ck = card_keys
    sb = suit_bits
    # Known boards have 0, 3, 4 or 5 cards: m is 5, 2, 1 or 0 (five-card poker: 0).
    if m == 0:
        table_showdown(board_key, board_suits, hk, hs, offsets, values, vals, out)
    elif m == 1:
        for a in range(n):
            key = board_key + ck[deck[a]]
            table_showdown(key, board_suits | sb[deck[a]], hk, hs, offsets, values, vals, out)
    elif m == 2:
        key, suits = board_key, board_suits
        _last_two_levels(
            key, suits, deck, group_end, 0, n, hk, hs, ck, sb, offsets, values, vals, out
        )
    else:
        for a in range(n):
            ka = board_key + ck[deck[a]]
            sa = board_suits | sb[deck[a]]
            for b in range(a + 1, n):
                kb = ka + ck[deck[b]]
                sab = sa | sb[deck[b]]
                for c in range(b + 1, n):
                    _last_two_levels(
                        kb + ck[deck[c]],
                        sab | sb[deck[c]],
                        deck,
                        group_end,
                        c + 1,
                        n,
                        hk,
                        hs,
                        ck,
                        sb,
                        offsets,
                        values,
                        vals,
                        out,
                    )


@kernel
def enumerate_range(
    assignments,
    lo,
    hi,
    n_hole,
    game,
    board_fixed,
    n_board_fixed,
    board_total,
    fixed_mask,
    zjh_rules,
    tables,
    out,
):
    """Exact showdown counts for assignments ``lo .. hi - 1`` (serial).

    Assignment ``a`` fixes every player's hole cards; all completions of the
    board from the cards not in ``fixed_mask`` nor in the assignment are
    enumerated into ``out[a]``.

    Shapes
    ------
    assignments : uint8[n_assign, n_players, 5] (first ``n_hole`` columns used)
    board_fixed : uint8[5]
    zjh_rules : (straight_over_flush, suit_tiebreak, special_235, category_shift)
    tables : equity.lookup.HoldemTables
    out : int64[n_assign, n_players, n_players + 1], zeroed
    """
    card_keys, suit_bits, offsets, values = tables
    straight_over_flush, suit_tiebreak, special_235, cat_shift = zjh_rules
    deck = np.empty(52, dtype=np.uint8)
    for a in range(lo, hi):
        used = fixed_mask
        for p in range(assignments.shape[1]):
            for j in range(n_hole):
                used |= _ONE << np.uint64(assignments[a, p, j])
        n_deck = 0
        for c in range(52):
            if not (used >> np.uint64(c)) & _ONE:
                deck[n_deck] = c
                n_deck += 1
        _enumerate_one(
            assignments[a],
            n_hole,
            game,
            board_fixed,
            n_board_fixed,
            board_total,
            deck,
            n_deck,
            straight_over_flush,
            suit_tiebreak,
            special_235,
            cat_shift,
            card_keys,
            suit_bits,
            offsets,
            values,
            out[a],
        )


@parallel_kernel
def enumerate_deals(
    assignments,
    n_hole,
    game,
    board_fixed,
    n_board_fixed,
    board_total,
    fixed_mask,
    zjh_rules,
    tables,
    out,
):
    """:func:`enumerate_range` over all assignments, one assignment per task."""
    for a in prange(assignments.shape[0]):
        lo = np.int64(a)  # prange indices are unsigned: keep enumerate_range's one signature
        enumerate_range(
            assignments,
            lo,
            lo + 1,
            n_hole,
            game,
            board_fixed,
            n_board_fixed,
            board_total,
            fixed_mask,
            zjh_rules,
            tables,
            out,
        )
