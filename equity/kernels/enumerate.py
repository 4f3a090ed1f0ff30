"""Exact showdowns: enumerate every completion of the board for given hole cards.

:func:`enumerate_deals` (parallel, one assignment of hole cards per task)
and :func:`enumerate_range` (serial, a slice of assignments) are the
drivers.  Counting convention, kernel families and the argument tuples: see
:mod:`.scoring`.
"""

from __future__ import annotations

import numpy as np

from ._jit import QUEUE_WORKERS, fetch_add, inline_kernel, kernel, parallel_kernel, prange
from .draws import live_deck, next_combination
from .holdem import FLUSH_BITS, KEY_START, SUIT_ONES, rank_value, value_from_key
from .scoring import (
    GAME_ZJH,
    MASK_PLAYERS,
    add_mask_counts,
    count_best,
    hole_sums,
    score,
    table_showdown,
    winner_mask,
    zjh_values,
)

__all__ = ["enumerate_boards", "enumerate_deals", "enumerate_range"]

_ONE = np.uint64(1)


@kernel
def _last_two_levels(key, suit_set, deck, group_end, start, n_deck, hands, tables, vals, out):
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
    hands : (hk, hs), uint64[n_players] each: hole keys and suit sets
    tables : equity.lookup.HoldemTables
    vals : int32[n_players], scratch; out : int64[n_players, n_players + 1]
    """
    hk, hs = hands
    card_keys, suit_bits, offsets, values = tables
    n = hk.shape[0]
    if n == 2:
        k0 = hk[0]
        suits0 = hs[0]
        k1 = hk[1]
        suits1 = hs[1]
        win0 = 0
        win1 = 0
        # branch-free counts (see headsup.heads_up_loop); ties = boards - wins
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
def _enumerate_one(holes, deck, n_deck, spot, zjh_rules, tables, patterns, out):
    """Enumerate every completion of the board for fixed hole cards.

    One or two cards to come: nested loops over ``deck[:n_deck]`` keeping
    partial key sums, the last card by rank run when no flush can come
    (:func:`_last_two_levels`).  Five cards to come (hold'em preflop): by
    rank pattern with the flush boards apart (:func:`_five_card_boards`).

    Shapes
    ------
    holes : uint8[n_players, 5]; deck : uint8[>= n_deck], the cards left
    spot, zjh_rules, tables, patterns : as :func:`enumerate_range`
    out : int64[n_players, n_players + 1]
    """
    n_hole, game, board_fixed, n_board_fixed, board_total, _ = spot
    straight_over_flush, suit_tiebreak, special_235, cat_shift = zjh_rules
    card_keys, suit_bits, offsets, values = tables
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
        _last_two_levels(board_key, board_suits, deck, group_end, 0, n, (hk, hs), tables, vals, out)
    elif n_hole == 2:  # hold'em preflop: by rank pattern, flushes apart (see _five_card_boards)
        live_mask = np.uint64(0)
        for c in range(n):
            live_mask |= _ONE << np.uint64(deck[c])
        hsc = np.zeros((n_players, 4), dtype=np.int64)
        for p in range(n_players):
            for j in range(n_hole):
                hsc[p, holes[p, j] & 3] += 1
        _five_card_boards(live_mask, (hk, hs, hsc), patterns, tables, vals, out)
    else:
        _five_board_loops(board_key, board_suits, deck, group_end, n, (hk, hs), tables, vals, out)


@kernel
def _five_board_loops(board_key, board_suits, deck, group_end, n, hands, tables, vals, out):
    """Every five-card board from ``deck[:n]``, by nested loops (the last two in
    :func:`_last_two_levels`): the plain enumeration, for any hole-card count."""
    ck, sb, _, _ = tables
    for a in range(n):
        ka = board_key + ck[deck[a]]
        sa = board_suits | sb[deck[a]]
        for b in range(a + 1, n):
            kb = ka + ck[deck[b]]
            sab = sa | sb[deck[b]]
            for c in range(b + 1, n):
                kc = kb + ck[deck[c]]
                sc = sab | sb[deck[c]]
                _last_two_levels(kc, sc, deck, group_end, c + 1, n, hands, tables, vals, out)


@inline_kernel
def _correct_flush_board(rank_key, w, hk, offsets, values, vals, flush_vals, acc, out):
    """Move ``w`` boards of ranks ``rank_key`` from their rank-only showdown to the real one.

    The first pass scored every board by ranks alone; on these boards the
    players with ``flush_vals[p] >= 0`` hold that flush instead (a flush beats
    the best non-flush hand of the same seven cards).  Counts go to
    ``acc[winner mask]`` when ``acc`` has a counter per mask, else to ``out``.
    The arrays are separate arguments, not a tuple: a tuple of arrays
    passed to this inlined helper, once per board, costs reference counting
    (measured: half the speed of a preflop enumeration).
    """
    key = KEY_START + rank_key
    n = hk.shape[0]
    for p in range(n):
        vals[p] = rank_value(key + hk[p], offsets, values)
    if acc.shape[0] > 1:
        by_rank = winner_mask(vals)
        for p in range(n):
            if flush_vals[p] >= 0:
                vals[p] = flush_vals[p]
        real = winner_mask(vals)
        if real != by_rank:
            acc[by_rank] -= w
            acc[real] += w
        return
    count_best(vals, -w, out)
    for p in range(n):
        if flush_vals[p] >= 0:
            vals[p] = flush_vals[p]
    count_best(vals, w, out)


@kernel
def _five_card_boards(live_mask, hands, patterns, tables, vals, out):
    """Every five-card board of the live cards (``live_mask``), counted by rank pattern.

    Two hole cards each and no known board card.  A hand that holds no
    flush is worth what its ranks are worth, so:

    1. every rank pattern of the board (6,175 multisets of five ranks) is
       scored once by ranks alone, weighted by the boards that have it,
       ``prod C(live cards of rank r, times r appears)``;
    2. the boards on which somebody makes a flush are corrected.  A flush
       in suit ``s`` needs at least ``5 - (most hole cards of suit s)`` >= 3
       board cards of that suit, so at most one suit per board: for each
       suit, each set ``F`` of enough live cards of the suit and each rank
       pattern ``G`` of the other board cards (from the other suits, the
       weight counts them), the showdown moves from ranks only to the
       flushes.

    About 6,000 patterns and 40,000 flush boards instead of 1,712,304
    boards heads-up; the counts are the exact counts of every board.

    Shapes
    ------
    live_mask : uint64 mask of the cards left to deal
    hands : (hk, hs uint64[n_players], hsc int64[n_players, 4] hole cards of each suit)
    patterns : (pattern_ranks uint8[n_patterns, 5] ascending, pattern_keys uint64[n_patterns])
    vals : int32[n_players], scratch; out : int64[n_players, n_players + 1]
    """
    hk = hands[0]
    pattern_ranks, pattern_keys = patterns
    offsets, values = tables[2], tables[3]
    n = hk.shape[0]
    # a counter per winner mask (few players), else straight into out
    acc = np.zeros(1 << n if n <= MASK_PLAYERS else 1, dtype=np.int64)
    live = np.zeros(13, dtype=np.int64)
    for c in range(52):
        if (live_mask >> np.uint64(c)) & _ONE:
            live[c >> 2] += 1
    # ways[r, k]: C(live cards of rank r, k), the boards holding rank r exactly k times
    ways = np.zeros((13, 5), dtype=np.int64)
    for r in range(13):
        ways[r, 0] = 1
        for k in range(1, live[r] + 1):
            ways[r, k] = ways[r, k - 1] * (live[r] - k + 1) // k
    # 1. every board by ranks alone
    for i in range(pattern_keys.shape[0]):
        w = np.int64(1)
        j = 0
        while j < 5:
            r = pattern_ranks[i, j]
            k = j + 1
            while k < 5 and pattern_ranks[i, k] == r:
                k += 1
            w *= ways[r, k - j]
            j = k
        if w == 0:
            continue
        key = KEY_START + pattern_keys[i]
        for p in range(n):
            vals[p] = rank_value(key + hk[p], offsets, values)
        if n <= MASK_PLAYERS:
            acc[winner_mask(vals)] += w
        else:
            count_best(vals, w, out)
    # 2. the boards with a flush for somebody, suit by suit
    for s in range(4):
        _correct_flush_suit(s, live_mask, live, hands, tables, vals, acc, out)
    if n <= MASK_PLAYERS:
        add_mask_counts(acc, out)


@kernel
def _correct_flush_suit(s, live_mask, live, hands, tables, vals, acc, out):
    """Step 2 of :func:`_five_card_boards` for suit ``s``: the boards with a flush in it.

    For each set ``F`` of enough live cards of the suit and each rank
    pattern of the other board cards (from the other suits, ``live[r]``
    counting the live cards of rank ``r``), the showdown moves from ranks
    only to the flushes (:func:`_correct_flush_board`).
    """
    hk, hs, hsc = hands
    card_keys, suit_bits, offsets, values = tables
    n = hk.shape[0]
    low = np.uint64(0xFFFFFFFF)
    flush_vals = np.empty(n, dtype=np.int32)
    suit_ranks = np.empty(13, dtype=np.int64)
    others = np.empty(13, dtype=np.int64)
    idx = np.empty(5, dtype=np.int64)
    most = 0
    for p in range(n):
        most = max(most, hsc[p, s])
    need = 5 - most
    n_suit = 0
    rank_keys = np.empty(13, dtype=np.uint64)
    for r in range(13):
        rank_keys[r] = card_keys[4 * r] & low
        others[r] = live[r]
        if (live_mask >> np.uint64(4 * r + s)) & _ONE:
            suit_ranks[n_suit] = r
            n_suit += 1
            others[r] -= 1
    for j in range(need, min(5, n_suit) + 1):
        for q in range(j):
            idx[q] = q
        while True:
            key_f = np.uint64(0)
            suits_f = np.uint64(0)
            for q in range(j):
                c = 4 * suit_ranks[idx[q]] + s
                key_f += card_keys[c]
                suits_f |= suit_bits[c]
            rank_f = key_f & low
            for p in range(n):
                flush_vals[p] = -1
                if hsc[p, s] + j >= 5:
                    flush_vals[p] = value_from_key(
                        KEY_START + key_f + hk[p], suits_f | hs[p], offsets, values
                    )
            # the other 5 - j board cards by rank: none, one rank r1, or ranks r1 <= r2
            for r1 in range(13 if j < 5 else 1):
                for r2 in range(r1, 13 if j < 4 else r1 + 1):
                    rank_key = rank_f
                    w = np.int64(1)
                    if j < 5:
                        rank_key += rank_keys[r1]
                        w = others[r1]
                    if j < 4:  # a pair of ranks: C(others, 2) ways, else a product
                        same = np.int64(r1 == r2)
                        rank_key += rank_keys[r2]
                        w = w * (others[r2] - same) // (1 + same)
                    if w:
                        _correct_flush_board(
                            rank_key, w, hk, offsets, values, vals, flush_vals, acc, out
                        )
            if next_combination(idx, j, n_suit) < 0:  # the next j-subset of the suit's ranks
                break


@kernel
def enumerate_range(assignments, lo, hi, spot, zjh_rules, tables, patterns, out):
    """Exact showdown counts for assignments ``lo .. hi - 1`` (serial).

    Assignment ``a`` fixes every player's hole cards; all completions of the
    board from the cards not in ``fixed_mask`` nor in the assignment are
    enumerated into ``out[a]``.

    Shapes
    ------
    assignments : uint8[n_assign, n_players, 5] (first ``n_hole`` columns used)
    spot : (n_hole, game, board_fixed uint8[5], n_board_fixed, board_total, fixed_mask)
    zjh_rules : (straight_over_flush, suit_tiebreak, special_235, category_shift)
    tables : equity.lookup.HoldemTables
    patterns : equity.lookup.BoardPatterns (the rank patterns of five board cards)
    out : int64[n_assign, n_players, n_players + 1], zeroed
    """
    n_hole = spot[0]
    fixed_mask = spot[5]
    deck = np.empty(52, dtype=np.uint8)
    for a in range(lo, hi):
        used = fixed_mask
        for p in range(assignments.shape[1]):
            for j in range(n_hole):
                used |= _ONE << np.uint64(assignments[a, p, j])
        n_deck = live_deck(used, deck)
        _enumerate_one(assignments[a], deck, n_deck, spot, zjh_rules, tables, patterns, out[a])


@kernel
def enumerate_boards(holes, boards, n_board, masks, shape, zjh_rules, tables, patterns, out):
    """Exact showdown counts of one assignment of hole cards on many known boards (serial).

    Spot ``s`` is :func:`enumerate_range` of ``holes`` on the board
    ``boards[s, :n_board[s]]``, ``masks[s]`` its ``fixed_mask`` (the cards it
    never deals: the hands', the board's, the dead ones, those outside the
    game's deck); one launch for every spot of
    :func:`equity.engine.many.calculate_many` (a spot is a few microseconds).

    Shapes
    ------
    holes : uint8[n_players, 5]; boards : uint8[n_spots, 5]; n_board : int64[n_spots]
    masks : uint64[n_spots]; shape : (n_hole, game, board_total)
    out : int64[n_spots, n_players, n_players + 1], zeroed
    """
    n_hole, game, board_total = shape
    deck = np.empty(52, dtype=np.uint8)
    for s in range(boards.shape[0]):
        used = masks[s]
        n_deck = live_deck(used, deck)
        spot = (n_hole, game, boards[s], n_board[s], board_total, masks[s])
        _enumerate_one(holes, deck, n_deck, spot, zjh_rules, tables, patterns, out[s])


@parallel_kernel
def enumerate_deals(assignments, spot, zjh_rules, tables, patterns, out):
    """:func:`enumerate_range` over all assignments, one at a time from a work queue."""
    taken = np.zeros(1, dtype=np.int64)  # the work queue (see fetch_add)
    for _worker in prange(min(assignments.shape[0], QUEUE_WORKERS)):
        while True:
            a = fetch_add(taken, 1)
            if a >= assignments.shape[0]:
                break
            enumerate_range(assignments, a, a + 1, spot, zjh_rules, tables, patterns, out)
