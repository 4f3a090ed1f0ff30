"""Monte-Carlo showdowns: deal the unknown cards of many deals, evaluate, count winners.

:func:`simulate_batches` is the driver (one ``prange`` over batches, each
from its own random stream); the rest are its per-batch loops.  Counting
convention, kernel families, player kinds and the argument tuples: see
:mod:`.scoring`.  The deal order is documented on
:func:`.general.general_loop`; the heads-up fast paths of :mod:`.headsup`
and :mod:`.headsup_range` (two known hands, one or two random hands, a
known hand against one range) and the loop for three or more known hands
make exactly the same draws, each step by the same inline kernel of
:mod:`.draws`.
"""

from __future__ import annotations

import numpy as np
from numba.core import types

from ._jit import (
    QUEUE_WORKERS,
    fetch_add,
    inline_kernel,
    kernel,
    parallel_kernel,
    prange,
    variant_of,
    variant_overload,
)
from .draws import floyd_board_keys, swap_draw
from .general import general_loop
from .headsup import heads_up_boards, heads_up_random
from .headsup_range import heads_up_range
from .holdem import KEY_START, value_from_key
from .rng import seed_state
from .scoring import (
    GAME_ZJH,
    KIND_FIXED,
    KIND_RANDOM,
    KIND_RANGE,
    STATUS_OK,
    score,
)
from .zjh import evaluate3, is_special_235

__all__ = [
    "LOOP_GENERAL",
    "LOOP_HAND_V_RANGE",
    "LOOP_HEADS_UP_RANDOM",
    "LOOP_KNOWN",
    "LOOP_TWO_KNOWN",
    "LOOP_ZJH",
    "add_batch_moments",
    "mc_loop",
    "simulate_batches",
]


LOOP_GENERAL = 0
"""Any mix of known, range and random players: :func:`.general.general_loop`."""
LOOP_TWO_KNOWN = 1
"""Two known hands: :func:`.headsup.heads_up_boards`."""
LOOP_KNOWN = 2
"""Three or more known hands: :func:`_known_hands_boards`."""
LOOP_HEADS_UP_RANDOM = 3
"""Two players, one or both random, no range: :func:`.headsup.heads_up_random`."""
LOOP_HAND_V_RANGE = 4
"""A known hand against one range: :func:`.headsup_range.heads_up_range`."""
LOOP_ZJH = 5
"""Zha Jin Hua: :func:`_simulate_zjh_batch`."""


def mc_loop(game: int, kinds: np.ndarray) -> int:
    """The loop that deals a spot (``LOOP_*``), from its kernel family and player kinds.

    Every table loop makes the draws of :func:`.general.general_loop` for the spots
    it takes; the driver is called with ``variant(mc_loop(...))`` and
    compiles that loop alone.
    """
    if game == GAME_ZJH:
        return LOOP_ZJH
    n_players = len(kinds)
    n_range = int(np.count_nonzero(kinds == KIND_RANGE))
    n_random = int(np.count_nonzero(kinds == KIND_RANDOM))
    if n_range == 0 and n_random == 0:
        return LOOP_TWO_KNOWN if n_players == 2 else LOOP_KNOWN
    if n_players == 2 and n_range == 0:
        return LOOP_HEADS_UP_RANDOM
    if n_players == 2 and n_range == 1 and n_random == 0:
        return LOOP_HAND_V_RANGE
    return LOOP_GENERAL


@kernel
def _simulate_table_batch(loop, seed, n_batch_trials, spot, tables, out, combo_out, sink):
    """One batch of hold'em / five-card deals into ``out``; return a status code.

    ``spot`` is the tuple ``(n_hole, board_fixed, n_board_fixed, board_total,
    fixed_holes, kinds, combos, combo_masks, combo_offsets, combo_cum,
    fixed_mask, live_deck)`` of :func:`simulate_batches`; ``loop`` the
    :func:`~._jit.variant` of :func:`mc_loop`.  Prepares each player's hole
    words and each range's combos once, then deals with that loop.  The deal
    order is documented on :func:`.general.general_loop`; ``sink`` on :func:`simulate_batches`.
    """
    n_hole, board_fixed, n_board_fixed, board_total, fixed_holes, kinds = spot[:6]
    combos, combo_masks, combo_offsets, combo_cum, fixed_mask, live_deck = spot[6:]
    card_keys, suit_bits, _, _ = tables
    n_players = kinds.shape[0]
    state = np.empty(2, dtype=np.uint64)
    seed_state(seed, state)
    deck = live_deck.copy()
    n_live = deck.shape[0]
    hk = np.zeros(n_players, dtype=np.uint64)
    hs = np.zeros(n_players, dtype=np.uint64)
    for p in range(n_players):
        for j in range(n_hole):
            hk[p] += card_keys[fixed_holes[p, j]]
            hs[p] |= suit_bits[fixed_holes[p, j]]
    fixed_key = KEY_START
    fixed_suits = np.uint64(0)
    for j in range(n_board_fixed):
        fixed_key += card_keys[board_fixed[j]]
        fixed_suits |= suit_bits[board_fixed[j]]
    # Range players: combo keys once, and whether each block is unweighted
    # (then a combo is one bounded draw instead of a binary search).
    # Positions of each combo's cards in the live deck, in order (for the
    # board's draw around them; a combo meeting a known card is never dealt).
    n_combos = combos.shape[0]
    combo_keys = np.empty(n_combos, dtype=np.uint64)
    combo_suits = np.empty(n_combos, dtype=np.uint64)
    live_position = np.zeros(64, dtype=np.int64)
    for k in range(n_live):
        live_position[live_deck[k]] = k
    low = np.empty(n_combos, dtype=np.int64)  # each combo's lower and higher position
    high = np.empty(n_combos, dtype=np.int64)
    for c in range(n_combos):
        combo_keys[c] = card_keys[combos[c, 0]] + card_keys[combos[c, 1]]
        combo_suits[c] = suit_bits[combos[c, 0]] | suit_bits[combos[c, 1]]
        a = live_position[combos[c, 0]]
        b = live_position[combos[c, 1]]
        low[c] = min(a, b)
        high[c] = max(a, b)
    ranged = np.empty(n_players, dtype=np.int64)
    n_range = 0
    uniform = np.zeros(n_players, dtype=np.bool_)
    for p in range(n_players):
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
    board = (n_board_fixed, board_total, fixed_key, fixed_suits, fixed_mask)
    players = (n_hole, kinds, hk, hs, ranged[:n_range])
    ranges = (combo_offsets, combo_cum, combo_keys, combo_suits, combo_masks, low, high, uniform)
    deal = (board, players, ranges)
    sink = _sink_with_combos(sink, combos)
    return _table_loop(
        loop, state[0], state[1], n_batch_trials, deck, deal, tables, out, combo_out, sink
    )


def _table_loop(loop, s0, s1, n, deck, deal, tables, out, combo_out, sink):
    """Deal ``n`` deals of a prepared batch with the loop ``loop`` names; return a status code.

    ``deal = (board, players, ranges)``, the tuples of :func:`.general.general_loop`.
    A stub: in kernels it resolves, at compile time, to the loop of
    ``variant_of(loop)`` alone (:func:`_choose_table_loop`).  Only the
    general loop takes a ``sink`` other than None (the fast paths make its
    draws, so recording with it deals what any of them scored).
    """
    raise NotImplementedError("a kernel stub, resolved by Numba")


@variant_overload(_table_loop)
def _choose_table_loop(loop, s0, s1, n, deck, deal, tables, out, combo_out, sink):
    """The implementation of :func:`_table_loop` for the loop its ``loop`` argument names."""
    which = variant_of(loop)
    if which != LOOP_GENERAL and not _is_none(sink):
        return None  # a fast path does not record
    # the loops' bodies are compiled with the options of this overload
    if which == LOOP_GENERAL:
        return _general
    return {
        LOOP_TWO_KNOWN: _two_known,
        LOOP_KNOWN: _known,
        LOOP_HEADS_UP_RANDOM: _heads_up,
        LOOP_HAND_V_RANGE: _hand_v_range,
    }.get(which)


def _general(loop, s0, s1, n, deck, deal, tables, out, combo_out, sink):
    board, players, ranges = deal
    return general_loop(s0, s1, n, deck, board, players, ranges, tables, out, combo_out, sink)


def _two_known(loop, s0, s1, n, deck, deal, tables, out, combo_out, sink):
    m, known = _board_to_deal(deal[0])
    _, _, hk, hs, _ = deal[1]
    heads_up_boards(s0, s1, n, deck, m, known, (hk[0], hs[0], hk[1], hs[1]), tables, out)
    return STATUS_OK


def _known(loop, s0, s1, n, deck, deal, tables, out, combo_out, sink):
    m, known = _board_to_deal(deal[0])
    _known_hands_boards(s0, s1, n, deck, m, known, (deal[1][2], deal[1][3]), tables, out)
    return STATUS_OK


def _heads_up(loop, s0, s1, n, deck, deal, tables, out, combo_out, sink):
    m, known = _board_to_deal(deal[0])
    n_hole, kinds, hk, hs, _ = deal[1]
    random0 = kinds[0] == KIND_RANDOM
    random1 = kinds[1] == KIND_RANDOM
    hands = (hk[0], hs[0], hk[1], hs[1])
    heads_up_random(s0, s1, n, deck, n_hole, m, known, random0, random1, hands, tables, out)
    return STATUS_OK


def _hand_v_range(loop, s0, s1, n, deck, deal, tables, out, combo_out, sink):
    board, players, ranges = deal
    m, known = _board_to_deal(board)
    _, _, hk, hs, ranged = players
    offsets, cum, keys, suits, masks, low, high, uniform = ranges
    v = ranged[0]
    hero = (1 - v, hk[1 - v], hs[1 - v])
    villain = (offsets[v], offsets[v + 1], uniform[v], cum, keys, suits, masks, low, high)
    fixed_mask = board[4]
    return heads_up_range(
        s0, s1, n, deck, m, known, fixed_mask, hero, villain, tables, out, combo_out
    )


@inline_kernel
def _board_to_deal(board):
    """``(cards to deal, (fixed_key, fixed_suits))`` of a batch's ``board`` tuple."""
    n_board_fixed, board_total, fixed_key, fixed_suits, _ = board
    return board_total - n_board_fixed, (fixed_key, fixed_suits)


@kernel
def _known_hands_boards(s0, s1, n, deck, m, board, hands, tables, out):
    """Monte-Carlo boards for known hands only (three or more players).

    The general loop's draws (Floyd over the live deck), without its
    branches for range and random players; the preflop case runs with a
    literal five-card board so that LLVM unrolls the draws.  ``m`` board
    cards to deal, ``board = (fixed_key, fixed_suits)``, ``hands = (hk, hs)``.
    """
    if m == 5:
        _known_hands_loop(s0, s1, n, deck, 5, board, hands, tables, out)
    else:
        _known_hands_loop(s0, s1, n, deck, m, board, hands, tables, out)


@inline_kernel
def _known_hands_loop(s0, s1, n, deck, m, board, hands, tables, out):
    """``n`` boards of ``m`` cards for the hands ``hk``/``hs``, counted into ``out``.

    Each board's showdown is scored in one pass as its hands are evaluated:
    the best value so far, who holds it (a bit mask), how many and the last
    to take the lead, each a select rather than a branch.  A sole winner then
    costs one count (``out[w, 1]``); only a split walks the players.  Storing
    the values and scoring them in three passes (:func:`.scoring.count_best`) cost a
    fifth to a quarter of the loop with three to six hands.
    """
    fixed_key, fixed_suits = board
    hk, hs = hands
    card_keys, suit_bits, offsets, values = tables
    spare = np.uint64(0)
    for _ in range(n):
        s0, s1, spare, key, suits = floyd_board_keys(
            s0, s1, spare, deck, 0, m, fixed_key, fixed_suits, card_keys, suit_bits, None, 0
        )
        best = value_from_key(key + hk[0], suits | hs[0], offsets, values)
        holders = np.int64(1)
        k = np.int64(1)
        w = 0
        for p in range(1, hk.shape[0]):
            v = value_from_key(key + hk[p], suits | hs[p], offsets, values)
            bit = np.int64(1) << np.int64(p)
            ahead = v > best
            level = np.int64(v == best)
            holders = bit if ahead else holders | (bit * level)
            k = np.int64(1) if ahead else k + level
            w = p if ahead else w
            best = max(best, v)
        if k == 1:
            out[w, 1] += 1
        else:
            for p in range(hk.shape[0]):
                out[p, k] += (holders >> np.int64(p)) & np.int64(1)


@kernel
def _simulate_zjh_batch(seed, n_batch_trials, spot, zjh, out, sink):
    """One batch of Zha Jin Hua deals into ``out``; return a status code.

    Random players are dealt from the live deck, or with
    ``independent_decks`` each from a fresh 52-card deck of their own.
    ``spot``, ``zjh``: as :func:`simulate_batches`'; ``sink``: as
    :func:`.general.general_loop`'s.
    """
    fixed_holes, kinds, live_deck = spot[4], spot[5], spot[11]
    independent_decks, (straight_over_flush, suit_tiebreak, special_235, cat_shift) = zjh
    n_players = kinds.shape[0]
    state = np.empty(2, dtype=np.uint64)
    seed_state(seed, state)
    s0 = state[0]
    s1 = state[1]
    spare = np.uint64(0)  # the unused half of the last generator output (rng.draw)
    deck = live_deck.copy()
    n_live = deck.shape[0]
    full_deck = np.arange(52).astype(np.uint8)
    holes = fixed_holes.copy()
    vals = np.empty(n_players, dtype=np.int32)
    specials = np.zeros(n_players, dtype=np.bool_)
    winners = np.zeros(n_players, dtype=np.bool_)
    for p in range(n_players):
        if kinds[p] == KIND_FIXED:
            vals[p] = evaluate3(
                holes[p, 0], holes[p, 1], holes[p, 2], straight_over_flush, suit_tiebreak
            )
            specials[p] = is_special_235(holes[p, 0], holes[p, 1], holes[p, 2])
    for row in range(n_batch_trials):
        i = 0
        for p in range(n_players):
            if kinds[p] != KIND_RANDOM:
                continue
            for j in range(3):
                if independent_decks:
                    s0, s1, spare, c = swap_draw(s0, s1, spare, full_deck, j, 52)
                else:
                    s0, s1, spare, c = swap_draw(s0, s1, spare, deck, i, n_live)
                    i += 1
                holes[p, j] = c
            if sink is not None:  # recording: the showdown is the caller's
                sink[0][row, p] = holes[p, :3]
                continue
            vals[p] = evaluate3(
                holes[p, 0], holes[p, 1], holes[p, 2], straight_over_flush, suit_tiebreak
            )
            specials[p] = is_special_235(holes[p, 0], holes[p, 1], holes[p, 2])
        if sink is not None:
            continue
        if special_235:
            score(vals, specials, special_235, cat_shift, winners, out)
        else:
            best = np.int32(-1)
            n_best = 0
            for p in range(n_players):
                if vals[p] > best:
                    best = vals[p]
                    n_best = 1
                elif vals[p] == best:
                    n_best += 1
            for p in range(n_players):
                if vals[p] == best:
                    out[p, n_best] += 1
    return STATUS_OK


@kernel
def add_batch_moments(moments, sizes, means):
    """Add batches to the running sums of the batch-means standard error, in batch order.

    ``moments[0] += size``, ``moments[1] += size * mean``, ``moments[2] +=
    size * mean**2`` for each batch in turn: the same float operations in
    the same order however the batches were grouped into rounds, so the
    sums are bit-identical for any thread count.

    Shapes
    ------
    moments : float64[3, n_players]; sizes : int64[n_batches]
    means : float64[n_batches, n_players]
    """
    for b in range(sizes.shape[0]):
        size = np.float64(sizes[b])
        for p in range(moments.shape[1]):
            m = means[b, p]
            moments[0, p] += size
            moments[1, p] += size * m
            moments[2, p] += size * (m * m)


@parallel_kernel
def simulate_batches(
    seeds, batch_size, n_trials, first_batch, loop, spot, zjh, tables, out, combo_out, status, sink
):
    """Monte-Carlo showdowns for batches ``first_batch .. first_batch + len(out)``.

    Batch ``b = first_batch + i`` runs trials
    ``[b * batch_size, min(n_trials, (b + 1) * batch_size))`` from the stream
    ``seeds[i]`` (the seed of global batch ``b``) and writes only ``out[i]``,
    ``combo_out[i]``, ``status[i]``:
    the counts do not depend on the number of threads.  ``loop`` is
    ``variant(mc_loop(game, kinds))``: the driver is compiled once per loop
    used, with that loop alone.

    ``sink`` is None when scoring (compiled away), or ``(holes, board)``
    to record the deals as cards instead of scoring them: the loop must
    then be ``LOOP_GENERAL`` or ``LOOP_ZJH`` (every table loop makes the
    general loop's draws), and the cards dealt in batch ``i`` are written,
    as they are dealt, into its rows ``start - first_batch * batch_size
    ..`` (a hand: the cards in the order dealt; a board: after the known
    cards, which are the caller's, those drawn in the order drawn);
    ``out`` and ``combo_out`` are left as they are.

    Shapes
    ------
    seeds : uint64[n_run], seeds of batches first_batch .. first_batch + n_run - 1
    spot : (n_hole, board_fixed uint8[5], n_board_fixed, board_total,
        fixed_holes uint8[n_players, 5], kinds int8[n_players], combos uint8[n_combos, 5],
        combo_masks uint64[n_combos], combo_offsets int64[n_players + 1] (range of player p:
        [off[p], off[p+1])), combo_cum float64[n_combos] (cumulative weights over all
        blocks), fixed_mask uint64, live_deck uint8[n_live] (every card not in fixed_mask))
    zjh : (independent_decks, (straight_over_flush, suit_tiebreak, special_235,
        category_shift)), read by Zha Jin Hua only
    tables : equity.lookup.HoldemTables
    out : int64[n_run, n_players, n_players + 1]
    combo_out : int64[n_run, n_combos, n_players + 1], column 0 = deals with the combo
    status : int64[n_run]
    sink : None or (holes uint8[n_rows, n_players, n_hole], board uint8[n_rows, board_total]),
        n_rows = the trials of the batches run
    """
    # a prange body takes arrays, scalars and flat tuples only: ``zjh`` and
    # ``sink`` are rebuilt per batch, and the tables passed as a plain tuple
    # (the loops' one type whatever the caller's)
    sink_holes, sink_board = _sink_arrays(sink)
    origin = first_batch * batch_size
    independent_decks, zjh_rules = zjh
    card_keys, suit_bits, offsets, values = tables
    plain = (card_keys, suit_bits, offsets, values)
    n_run = out.shape[0]
    taken = np.zeros(1, dtype=np.int64)  # the work queue: batches handed out so far
    for _worker in prange(min(n_run, QUEUE_WORKERS)):
        while True:
            i = fetch_add(taken, 1)
            if i >= n_run:
                break
            b = first_batch + i
            start = b * batch_size
            n_batch = min(n_trials, start + batch_size) - start
            rows = _sink_rows(sink_holes, sink_board, start - origin, start - origin + n_batch)
            rules = (independent_decks, zjh_rules)
            status[i] = _batch(
                loop, seeds[i], n_batch, spot, rules, plain, out[i], combo_out[i], rows
            )


def _batch(loop, seed, n, spot, zjh, tables, out, combo_out, sink):
    """One batch of the driver: Zha Jin Hua or a table game, as ``loop`` names (a stub)."""
    raise NotImplementedError("a kernel stub, resolved by Numba")


@variant_overload(_batch)
def _choose_batch(loop, seed, n, spot, zjh, tables, out, combo_out, sink):
    """The implementation of :func:`_batch` for ``loop``: only that family is compiled."""
    if variant_of(loop) == LOOP_ZJH:

        def zjh_batch(loop, seed, n, spot, zjh, tables, out, combo_out, sink):
            return _simulate_zjh_batch(seed, n, spot, zjh, out, sink)

        return zjh_batch

    def table_batch(loop, seed, n, spot, zjh, tables, out, combo_out, sink):
        return _simulate_table_batch(loop, seed, n, spot, tables, out, combo_out, sink)

    return table_batch


def _sink_arrays(sink):
    """Stub: ``sink``, or ``(None, None)``: a ``prange`` body takes no tuple, only its arrays."""
    raise NotImplementedError("a kernel stub, resolved by Numba")


@variant_overload(_sink_arrays)
def _choose_sink_arrays(sink):
    return (lambda sink: (None, None)) if _is_none(sink) else (lambda sink: sink)


def _sink_rows(holes, board, lo, hi):
    """Stub: rows ``lo .. hi - 1`` of the sink's arrays, a batch's sink (None if none)."""
    raise NotImplementedError("a kernel stub, resolved by Numba")


@variant_overload(_sink_rows)
def _choose_sink_rows(holes, board, lo, hi):
    if _is_none(holes):
        return lambda holes, board, lo, hi: None
    return lambda holes, board, lo, hi: (holes[lo:hi], board[lo:hi])


def _sink_with_combos(sink, combos):
    """Stub: None, or the batch's sink with the range combos: ``(holes, board, combos)``.

    The combos travel with the sink, not with the ranges: the scoring loop
    (no sink) then compiles to the same machine code as before recording.
    """
    raise NotImplementedError("a kernel stub, resolved by Numba")


@variant_overload(_sink_with_combos)
def _choose_sink_with_combos(sink, combos):
    if _is_none(sink):
        return lambda sink, combos: None
    return lambda sink, combos: (sink[0], sink[1], combos)


def _is_none(t):
    """At typing time: whether an argument's Numba type is None."""
    return isinstance(t, (types.NoneType, types.Omitted))
