"""The heads-up fast paths of the Monte-Carlo driver (:mod:`.montecarlo`).

Two known hands, one or two random hands (a known hand against one range
is in :mod:`.headsup_range`): the commonest queries, each dealt with exactly
the draws of the general loop :func:`.general.general_loop`
(``tests/test_kernel_draws.py`` checks it), with every count in registers.
The draw steps are those of :mod:`.draws` (a random hand
:func:`~.draws.deal_hand_keys`, the board :func:`~.draws.floyd_board_keys`),
but for the boards dealt in pairs, whose Floyd steps take fixed halves of
the generator's outputs (:func:`_board_pairs`).  :func:`showdown2` and
:func:`add_duel` score a heads-up deal branch-free.
"""

from __future__ import annotations

import numpy as np

from ._jit import inline_kernel, kernel
from .draws import deal_hand_keys, floyd_board_keys
from .holdem import value_from_key
from .rng import xoro

__all__ = [
    "add_cards",
    "add_duel",
    "heads_up_boards",
    "heads_up_random",
    "showdown2",
]

_ONE = np.uint64(1)


@kernel
def heads_up_boards(s0, s1, n, deck, m, board, hands, tables, out):
    """Monte-Carlo boards for two known hands (see :func:`.general.general_loop`).

    ``m`` board cards to deal; ``board = (fixed_key, fixed_suits)`` of the
    known board cards; ``hands = (k0, h0, k1, h1)``, each hand's key and
    suit set; ``tables`` the :class:`~equity.lookup.HoldemTables`.  The
    preflop case runs with a literal five-card board so that LLVM unrolls
    the draws.
    """
    if m == 5:
        # pairs of boards (ten draws, five generator outputs, no half left
        # over), then an odd last board by the general loop
        s0, s1, w0, w1 = _board_pairs(s0, s1, n // 2, deck, board, hands, tables)
        ties = 2 * (n // 2) - w0 - w1
        if n % 2:
            x0, x1, t = heads_up_loop(s0, s1, 1, deck, 5, board, hands, tables)
            w0 += x0
            w1 += x1
            ties += t
    else:
        w0, w1, ties = heads_up_loop(s0, s1, n, deck, m, board, hands, tables)
    out[0, 1] += w0
    out[1, 1] += w1
    out[0, 2] += ties
    out[1, 2] += ties


_LOW32 = np.uint64(0xFFFFFFFF)
_HIGH = np.uint64(32)
_ZERO = np.uint64(0)


@inline_kernel
def _add_card(taken, half, j, key, suits, deck, card_keys, suit_bits):
    """Floyd's step ``j`` (:func:`~.draws.subset_step`) from 32 random bits ``half``
    (the bounded draw of :func:`~.rng.draw`), its card added to ``key``/``suits``:
    ``(taken, key, suits)``."""
    t = (half * np.uint64(j + 1)) >> _HIGH
    t = np.uint64(j) if (taken >> t) & _ONE else t
    c = deck[t]
    return taken | (_ONE << t), key + card_keys[c], suits | suit_bits[c]


@inline_kernel
def _two_steps(s0, s1, taken, j, key, suits, deck, card_keys, suit_bits):
    """Floyd's steps ``j`` and ``j + 1`` from one fresh output, high half first:
    ``(s0, s1, taken, key, suits)``."""
    s0, s1, x = xoro(s0, s1)
    taken, key, suits = _add_card(taken, x >> _HIGH, j, key, suits, deck, card_keys, suit_bits)
    taken, key, suits = _add_card(taken, x & _LOW32, j + 1, key, suits, deck, card_keys, suit_bits)
    return s0, s1, taken, key, suits


@inline_kernel
def showdown2(e0, f0, e1, f1, offsets, values):
    """Hand 0 (key ``e0``, suit set ``f0``) against hand 1: ``(0 wins, 1 wins, tie)``, each 0 or 1.

    Branch-free: the winner of a random deal is a coin toss for the branch
    predictor, and a mispredicted branch costs about as much as the two
    evaluations.
    """
    v0 = value_from_key(e0, f0, offsets, values)
    v1 = value_from_key(e1, f1, offsets, values)
    return np.int64(v0 > v1), np.int64(v1 > v0), np.int64(v0 == v1)


@inline_kernel
def add_duel(win0, win1, e0, f0, e1, f1, offsets, values):
    """``(win0, win1)`` plus the wins of :func:`showdown2` of the two hands."""
    w0, w1, _ = showdown2(e0, f0, e1, f1, offsets, values)
    return win0 + w0, win1 + w1


@inline_kernel
def _duel(key, suits, k0, h0, k1, h1, offsets, values):
    """Hand 0 against hand 1 on a board's key and suits: ``(0 wins, 1 wins)``, 0 or 1."""
    w0, w1, _ = showdown2(key + k0, suits | h0, key + k1, suits | h1, offsets, values)
    return w0, w1


@inline_kernel
def add_cards(key, suits, deck, lo, hi, card_keys, suit_bits):
    """``key``/``suits`` with the cards ``deck[lo:hi]`` added: ``(key, suits)``."""
    for q in range(lo, hi):
        key += card_keys[deck[q]]
        suits |= suit_bits[deck[q]]
    return key, suits


@inline_kernel
def _board_pairs(s0, s1, n_pairs, deck, board, hands, tables):
    """``2 * n_pairs`` five-card boards of :func:`heads_up_loop`, the same draws.

    A board takes five draws, each half a generator output (:func:`~.rng.draw`):
    two boards take exactly five outputs, so the halves are used in a fixed
    order, without the ``spare`` bookkeeping and its branch.  Starts and ends
    with no half left over.  Each pair is evaluated one iteration late, as in
    :func:`heads_up_loop`.  Returns ``(s0, s1, hero wins, villain wins)``.
    """
    fixed_key, fixed_suits = board
    k0, h0, k1, h1 = hands
    card_keys, suit_bits, offsets, values = tables
    if n_pairs == 0:
        return s0, s1, 0, 0
    top = deck.shape[0]
    a = top - 5
    # the first iteration evaluates this board twice; its outcome is taken back
    key_a, suits_a = add_cards(fixed_key, fixed_suits, deck, a, top, card_keys, suit_bits)
    key_b = key_a
    suits_b = suits_a
    w0, w1 = _duel(key_a, suits_a, k0, h0, k1, h1, offsets, values)
    win0 = -2 * w0
    win1 = -2 * w1
    for _ in range(n_pairs):
        w0, w1 = _duel(key_a, suits_a, k0, h0, k1, h1, offsets, values)
        win0 += w0
        win1 += w1
        w0, w1 = _duel(key_b, suits_b, k0, h0, k1, h1, offsets, values)
        win0 += w0
        win1 += w1
        # board a: halves 1-5 of five outputs; board b: halves 6-10
        s0, s1, taken, key_a, suits_a = _two_steps(
            s0, s1, _ZERO, a, fixed_key, fixed_suits, deck, card_keys, suit_bits
        )
        s0, s1, taken, key_a, suits_a = _two_steps(
            s0, s1, taken, a + 2, key_a, suits_a, deck, card_keys, suit_bits
        )
        s0, s1, x = xoro(s0, s1)
        taken, key_a, suits_a = _add_card(
            taken, x >> _HIGH, a + 4, key_a, suits_a, deck, card_keys, suit_bits
        )
        taken, key_b, suits_b = _add_card(
            _ZERO, x & _LOW32, a, fixed_key, fixed_suits, deck, card_keys, suit_bits
        )
        s0, s1, taken, key_b, suits_b = _two_steps(
            s0, s1, taken, a + 1, key_b, suits_b, deck, card_keys, suit_bits
        )
        s0, s1, taken, key_b, suits_b = _two_steps(
            s0, s1, taken, a + 3, key_b, suits_b, deck, card_keys, suit_bits
        )
    w0, w1 = _duel(key_a, suits_a, k0, h0, k1, h1, offsets, values)
    x0, x1 = _duel(key_b, suits_b, k0, h0, k1, h1, offsets, values)
    return s0, s1, win0 + w0 + x0, win1 + w1 + x1


@inline_kernel
def heads_up_loop(s0, s1, n, deck, m, board, hands, tables):
    """``n`` boards of ``m`` cards: (hero wins, villain wins, ties).

    The deals of :func:`_random_loop` with no random player: the same loop.
    """
    win0, win1 = _random_loop(s0, s1, n, deck, 0, m, board, False, False, hands, tables)
    return win0, win1, n - win0 - win1


@kernel
def heads_up_random(s0, s1, n, deck, n_hole, m, board, random0, random1, hands, tables, out):
    """Monte-Carlo deals for two players, one or both random (no ranges).

    The same draws as :func:`.general.general_loop` (the random players'
    cards by Fisher-Yates in seat order, then the board by Floyd from the
    cards left), with every count in registers.  ``random0``/``random1``:
    whether each player is random; ``hands = (k0, h0, k1, h1)`` (a random
    player's entries are unused); ``board``, ``tables`` as in
    :func:`heads_up_boards`.
    """
    # literal shapes for the common queries, so that LLVM unrolls the draws
    if n_hole == 2 and m == 5 and random0 and random1:
        win0, win1 = _random_loop(s0, s1, n, deck, 2, 5, board, True, True, hands, tables)
    elif n_hole == 2 and m == 5 and random1:  # a known hand, then a random one
        win0, win1 = _random_loop(s0, s1, n, deck, 2, 5, board, False, True, hands, tables)
    elif n_hole == 2 and m == 5:  # a random hand, then a known one
        win0, win1 = _random_loop(s0, s1, n, deck, 2, 5, board, True, False, hands, tables)
    else:
        win0, win1 = _random_loop(
            s0, s1, n, deck, n_hole, m, board, random0, random1, hands, tables
        )
    ties = n - win0 - win1
    out[0, 1] += win0
    out[1, 1] += win1
    out[0, 2] += ties
    out[1, 2] += ties


@inline_kernel
def _random_loop(s0, s1, n, deck, n_hole, m, board, random0, random1, hands, tables):
    """``n`` deals of :func:`heads_up_random`: ``(player 0 wins, player 1 wins)``.

    The counts are branch-free (:func:`showdown2`).  Each deal is evaluated
    one iteration late, in the same loop body as the next deal's draws
    (software pipelining, as in :func:`.headsup_range._range_loop`): the two
    dependency chains are independent, so the core overlaps the lookups'
    latency with the generator's (measured +4-7% on one thread).  The first
    iteration evaluates a tie that the counts do not see; the last deal is
    evaluated after the loop.
    """
    fixed_key, fixed_suits = board
    k0, h0, k1, h1 = hands
    card_keys, suit_bits, offsets, values = tables
    spare = np.uint64(0)
    win0 = 0
    win1 = 0
    # evaluate each deal one iteration late, beside the next deal's draws; the
    # first iteration evaluates a tie (one hand of the deck's first cards twice)
    e0, f0 = add_cards(fixed_key, fixed_suits, deck, 0, m + n_hole, card_keys, suit_bits)
    e1 = e0
    f1 = f0
    for _ in range(n):
        i = 0
        if random0:
            s0, s1, spare, k0, h0 = deal_hand_keys(
                s0, s1, spare, deck, i, n_hole, card_keys, suit_bits
            )
            i += n_hole
        if random1:
            s0, s1, spare, k1, h1 = deal_hand_keys(
                s0, s1, spare, deck, i, n_hole, card_keys, suit_bits
            )
            i += n_hole
        s0, s1, spare, key, suits = floyd_board_keys(
            s0, s1, spare, deck, i, m, fixed_key, fixed_suits, card_keys, suit_bits, None, 0
        )
        win0, win1 = add_duel(win0, win1, e0, f0, e1, f1, offsets, values)
        e0, f0, e1, f1 = key + k0, suits | h0, key + k1, suits | h1
    return add_duel(win0, win1, e0, f0, e1, f1, offsets, values)
