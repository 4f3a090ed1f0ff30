"""The hand-versus-range fast path of the Monte-Carlo driver (:mod:`.montecarlo`).

A known hand against one range, heads-up: a combo from a fresh generator
output, then the board by Floyd over the live deck without the combo's
cards, exactly the draws of the general loop (``tests/test_kernel_draws.py``
replays them), with the counts in registers and per combo.
"""

from __future__ import annotations

import numpy as np

from ._jit import inline_kernel, kernel
from .draws import MAX_REJECTIONS, pick_combo, skip_position, subset_step
from .holdem import value_from_key
from .rng import xoro
from .scoring import STATUS_NO_LEGAL_DEAL, STATUS_OK

__all__ = ["heads_up_range"]

_ONE = np.uint64(1)
_ZERO = np.uint64(0)
_HIGH = np.uint64(32)
_LOW32 = np.uint64(0xFFFFFFFF)


@kernel
def heads_up_range(s0, s1, n, deck, m, board, fixed_mask, hero, villain, tables, out, combo_out):
    """Monte-Carlo deals for one known hand against one range.

    The same draws as :func:`.general.general_loop` (a combo from a
    fresh output, then the board by Floyd over the live deck without the
    combo's cards, see :func:`.draws.skip_position`), with the counts kept
    in registers.  ``m`` board cards to deal, ``board = (fixed_key,
    fixed_suits)``, ``hero = (seat, key, suits)``; ``villain = (lo, hi,
    uniform, combo_cum, combo_keys, combo_suits, combo_masks, combo_low,
    combo_high)``: the range's combos ``[lo, hi)`` and their data,
    ``combo_low``/``combo_high`` the positions of each combo's cards in
    ``deck``, in order.  Returns a status code.  The preflop case runs with
    a literal five-card board (unrolled draws).
    """
    seat, k_hero, h_hero = hero
    hand = (k_hero, h_hero)
    if m == 5:
        # pairs of deals (their ten board draws take five outputs exactly),
        # then an odd last deal by the general loop
        status, s0, s1, win_hero, win_villain = _range_pairs(
            s0, s1, n // 2, deck, board, fixed_mask, hand, villain, tables, combo_out
        )
        if status == STATUS_OK and n % 2:
            status, w, v = _range_loop(
                s0, s1, 1, deck, 5, board, fixed_mask, hand, villain, tables, combo_out
            )
            win_hero += w
            win_villain += v
    else:
        status, win_hero, win_villain = _range_loop(
            s0, s1, n, deck, m, board, fixed_mask, hand, villain, tables, combo_out
        )
    if status != STATUS_OK:
        return status
    ties = n - win_hero - win_villain
    other = 1 - seat
    out[seat, 1] += win_hero
    out[other, 1] += win_villain
    out[seat, 2] += ties
    out[other, 2] += ties
    return STATUS_OK


@inline_kernel
def _pick_legal(s0, s1, lo, hi, uniform, combo_cum, combo_masks, fixed_mask):
    """A combo of ``[lo, hi)`` that holds no fixed card, one fresh output per try
    (as :func:`_range_loop`): ``(s0, s1, combo)``, combo -1 after too many tries."""
    rejections = 0
    while True:
        s0, s1, x = xoro(s0, s1)
        c = pick_combo(x, lo, hi, uniform, combo_cum)
        if not combo_masks[c] & fixed_mask:
            return s0, s1, c
        rejections += 1
        if rejections >= MAX_REJECTIONS:
            return s0, s1, np.int64(-1)


@inline_kernel
def _add_live_card(taken, half, j, low, high, key, suits, deck, card_keys, suit_bits):
    """As :func:`.headsup._add_card`, over the deck without the positions ``low`` < ``high``."""
    t = (half * np.uint64(j + 1)) >> _HIGH
    t = np.uint64(j) if (taken >> t) & _ONE else t
    c = deck[skip_position(skip_position(np.int64(t), low), high)]
    return taken | (_ONE << t), key + card_keys[c], suits | suit_bits[c]


@inline_kernel
def _showdown(e_hero, f_hero, e_villain, f_villain, offsets, values):
    """Hero against villain from their keys and suit sets: ``(win, lose, tie)``, 0 or 1."""
    v_hero = value_from_key(e_hero, f_hero, offsets, values)
    v_villain = value_from_key(e_villain, f_villain, offsets, values)
    return (
        np.int64(v_hero > v_villain),
        np.int64(v_villain > v_hero),
        np.int64(v_hero == v_villain),
    )


@inline_kernel
def _two_live_steps(s0, s1, taken, j, low, high, key, suits, deck, card_keys, suit_bits):
    """Floyd's steps ``j`` and ``j + 1`` of :func:`_add_live_card` from one fresh
    output, high half first: ``(s0, s1, taken, key, suits)``."""
    s0, s1, x = xoro(s0, s1)
    taken, key, suits = _add_live_card(
        taken, x >> _HIGH, j, low, high, key, suits, deck, card_keys, suit_bits
    )
    taken, key, suits = _add_live_card(
        taken, x & _LOW32, j + 1, low, high, key, suits, deck, card_keys, suit_bits
    )
    return s0, s1, taken, key, suits


@inline_kernel
def _range_pairs(s0, s1, n_pairs, deck, board, fixed_mask, hand, villain, tables, combo_out):
    """``2 * n_pairs`` preflop deals of :func:`_range_loop`, the same draws.

    Each deal takes a combo (whole outputs) and five board draws (halves);
    the halves of two deals fill five outputs, so they are used in a fixed
    order (as :func:`.headsup._board_pairs`).  Each pair is scored one iteration late.
    Returns ``(status, s0, s1, hero wins, villain wins)``.
    """
    fixed_key, fixed_suits = board
    k_hero, h_hero = hand
    lo, hi, uniform, combo_cum, combo_keys, combo_suits, combo_masks, combo_low, combo_high = (
        villain
    )
    card_keys, suit_bits, offsets, values = tables
    a = deck.shape[0] - 2 - 5
    win_hero = 0
    win_villain = 0
    # the first iteration scores this board twice, hero against hero: no counts
    e_a = fixed_key + k_hero
    f_a = fixed_suits | h_hero
    for j in range(a, a + 5):
        e_a += card_keys[deck[j]]
        f_a |= suit_bits[deck[j]]
    g_a = e_a
    u_a = f_a
    e_b = e_a
    f_b = f_a
    g_b = e_a
    u_b = f_a
    c_a = lo
    c_b = lo
    counted = 0
    for _ in range(n_pairs):
        win, lose, tie = _showdown(e_a, f_a, g_a, u_a, offsets, values)
        win_hero += win
        win_villain += lose
        combo_out[c_a, 0] += counted
        combo_out[c_a, 1] += lose
        combo_out[c_a, 2] += tie & counted
        win, lose, tie = _showdown(e_b, f_b, g_b, u_b, offsets, values)
        win_hero += win
        win_villain += lose
        combo_out[c_b, 0] += counted
        combo_out[c_b, 1] += lose
        combo_out[c_b, 2] += tie & counted
        counted = 1
        s0, s1, c_a = _pick_legal(s0, s1, lo, hi, uniform, combo_cum, combo_masks, fixed_mask)
        if c_a < 0:
            return STATUS_NO_LEGAL_DEAL, s0, s1, 0, 0
        low = combo_low[c_a]
        high = combo_high[c_a]
        s0, s1, taken, key, suits = _two_live_steps(
            s0, s1, _ZERO, a, low, high, fixed_key, fixed_suits, deck, card_keys, suit_bits
        )
        s0, s1, taken, key, suits = _two_live_steps(
            s0, s1, taken, a + 2, low, high, key, suits, deck, card_keys, suit_bits
        )
        s0, s1, x = xoro(s0, s1)
        taken, key, suits = _add_live_card(
            taken, x >> _HIGH, a + 4, low, high, key, suits, deck, card_keys, suit_bits
        )
        e_a = key + k_hero
        f_a = suits | h_hero
        g_a = key + combo_keys[c_a]
        u_a = suits | combo_suits[c_a]
        half = x & _LOW32
        s0, s1, c_b = _pick_legal(s0, s1, lo, hi, uniform, combo_cum, combo_masks, fixed_mask)
        if c_b < 0:
            return STATUS_NO_LEGAL_DEAL, s0, s1, 0, 0
        low = combo_low[c_b]
        high = combo_high[c_b]
        taken, key, suits = _add_live_card(
            _ZERO, half, a, low, high, fixed_key, fixed_suits, deck, card_keys, suit_bits
        )
        s0, s1, taken, key, suits = _two_live_steps(
            s0, s1, taken, a + 1, low, high, key, suits, deck, card_keys, suit_bits
        )
        s0, s1, taken, key, suits = _two_live_steps(
            s0, s1, taken, a + 3, low, high, key, suits, deck, card_keys, suit_bits
        )
        e_b = key + k_hero
        f_b = suits | h_hero
        g_b = key + combo_keys[c_b]
        u_b = suits | combo_suits[c_b]
    win, lose, tie = _showdown(e_a, f_a, g_a, u_a, offsets, values)
    win_hero += win
    win_villain += lose
    combo_out[c_a, 0] += counted
    combo_out[c_a, 1] += lose
    combo_out[c_a, 2] += tie & counted
    win, lose, tie = _showdown(e_b, f_b, g_b, u_b, offsets, values)
    win_hero += win
    win_villain += lose
    combo_out[c_b, 0] += counted
    combo_out[c_b, 1] += lose
    combo_out[c_b, 2] += tie & counted
    return STATUS_OK, s0, s1, win_hero, win_villain


@inline_kernel
def _range_loop(s0, s1, n, deck, m, board, fixed_mask, hand, villain, tables, combo_out):
    """``n`` deals of :func:`heads_up_range`: ``(status, hero wins, villain wins)``."""
    fixed_key, fixed_suits = board
    k_hero, h_hero = hand
    lo, hi, uniform, combo_cum, combo_keys, combo_suits, combo_masks, combo_low, combo_high = (
        villain
    )
    card_keys, suit_bits, offsets, values = tables
    spare = np.uint64(0)
    n_left = deck.shape[0] - 2
    win_hero = 0
    win_villain = 0
    # evaluate each deal one iteration late, beside the next deal's draws; the
    # first iteration evaluates a tie (hero's hand twice) that counts nothing
    e_hero = fixed_key + k_hero
    f_hero = fixed_suits | h_hero
    for j in range(n_left - m, n_left):
        e_hero += card_keys[deck[j]]
        f_hero |= suit_bits[deck[j]]
    e_villain = e_hero
    f_villain = f_hero
    last = lo
    counted = 0
    for _ in range(n):
        rejections = 0
        while True:
            s0, s1, x = xoro(s0, s1)
            c = pick_combo(x, lo, hi, uniform, combo_cum)
            if not combo_masks[c] & fixed_mask:
                break
            rejections += 1
            if rejections >= MAX_REJECTIONS:
                return STATUS_NO_LEGAL_DEAL, 0, 0
        v_hero = value_from_key(e_hero, f_hero, offsets, values)
        v_villain = value_from_key(e_villain, f_villain, offsets, values)
        # branch-free counts, as in headsup.heads_up_loop
        lose = np.int64(v_villain > v_hero)
        win_hero += np.int64(v_hero > v_villain)
        win_villain += lose
        combo_out[last, 0] += counted
        combo_out[last, 1] += lose
        combo_out[last, 2] += np.int64(v_hero == v_villain) & counted
        low = combo_low[c]
        high = combo_high[c]
        board_key = fixed_key
        board_suits = fixed_suits
        taken = np.uint64(0)
        for j in range(n_left - m, n_left):
            s0, s1, spare, taken, t = subset_step(s0, s1, spare, taken, j)
            q = skip_position(skip_position(np.int64(t), low), high)
            board_key += card_keys[deck[q]]
            board_suits |= suit_bits[deck[q]]
        e_hero = board_key + k_hero
        f_hero = board_suits | h_hero
        e_villain = board_key + combo_keys[c]
        f_villain = board_suits | combo_suits[c]
        last = c
        counted = 1
    win, lose, tie = _showdown(e_hero, f_hero, e_villain, f_villain, offsets, values)
    win_hero += win
    win_villain += lose
    combo_out[last, 0] += counted
    combo_out[last, 1] += lose
    combo_out[last, 2] += tie & counted
    return STATUS_OK, win_hero, win_villain
