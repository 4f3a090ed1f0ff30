"""Showdown scoring shared by the Monte-Carlo and enumeration drivers.

Counting convention (every driver)::

    out[p, k]   (k >= 1) = deals in which player p shares the best hand
                           with exactly k players in all (k = 1: sole win)

Player p's pot share is ``sum_k out[p, k] / k`` over the number of deals,
so split pots stay exact integers until the final division.

Kernel families (``game`` argument of the drivers; the game registry's
``Game.kernel``):

* ``GAME_TABLE`` (0): hold'em and five-card poker, the table evaluator of
  :mod:`.holdem` (hole cards plus an optional shared board);
* ``GAME_ZJH`` (1): Zha Jin Hua, :mod:`.zjh` (three hole cards, no board),
  with the 2-3-5 rule: an off-suit 2-3-5 beats every bomb and loses to
  every other hand; the pot goes to the hands no other hand beats, and when
  every hand is beaten by another (2-3-5 > bomb > any other > 2-3-5) the
  ordinary ranking decides.  In a showdown that means: the 2-3-5 hands win
  when every other hand is a bomb (splitting by their ordinary strength),
  otherwise the ordinary ranking decides.

The Zha Jin Hua rules travel as one tuple ``zjh_rules = (straight_over_flush,
suit_tiebreak, special_235, category_shift)``; the lookup tables as one
:class:`equity.lookup.HoldemTables` (``card_keys, suit_bits, offsets,
values``), unpacked once per driver.

Player kinds: ``KIND_FIXED`` (hole cards known), ``KIND_RANGE`` (one combo
drawn from a weighted list; all range players are drawn jointly and the
whole draw is rejected on any card conflict, which keeps overlapping ranges
unbiased), ``KIND_RANDOM`` (dealt from the live deck after the range
players, which is uniform over what is left).
"""

from __future__ import annotations

import numpy as np

from ._jit import inline_kernel, kernel
from .holdem import value_from_key
from .zjh import evaluate3, is_special_235

__all__ = [
    "GAME_TABLE",
    "GAME_ZJH",
    "KIND_FIXED",
    "KIND_RANDOM",
    "KIND_RANGE",
    "MASK_PLAYERS",
    "NO_ZJH_RULES",
    "STATUS_NO_LEGAL_DEAL",
    "STATUS_OK",
    "add_mask_counts",
    "count_best",
    "find_winners",
    "hole_sums",
    "score",
    "table_showdown",
    "winner_mask",
    "zjh_values",
]

GAME_TABLE = 0
GAME_ZJH = 1
KIND_FIXED = 0
KIND_RANGE = 1
KIND_RANDOM = 2
STATUS_OK = 0
STATUS_NO_LEGAL_DEAL = 1
MASK_PLAYERS = 12
"""Up to this many players, exact counts go by winner mask (``2**n`` counters)."""
NO_ZJH_RULES = (False, False, False, 12)
"""The ``zjh_rules`` tuple of games that are not Zha Jin Hua (unused by their kernels)."""


@inline_kernel
def find_winners(values, specials, special_235, cat_shift, winners):
    """Mark the players sharing the pot of one showdown; return how many.

    ``cat_shift`` turns a Zha Jin Hua strength into its category code
    (bomb = 6); ``special_235`` applies the 2-3-5 rule of the module doc.

    Shapes
    ------
    values : int32[n_players]; specials, winners : bool[n_players]
    """
    n = values.shape[0]
    use_special = False
    if special_235:
        n_special = 0
        n_bomb = 0
        for p in range(n):
            if specials[p]:
                n_special += 1
            elif (values[p] >> cat_shift) == 6:
                n_bomb += 1
        use_special = n_special > 0 and n_bomb > 0 and n_special + n_bomb == n
    best = np.int32(-2147483647)
    for p in range(n):
        if (specials[p] or not use_special) and values[p] > best:
            best = values[p]
    k = 0
    for p in range(n):
        winners[p] = values[p] == best and (specials[p] or not use_special)
        k += winners[p]
    return k


@inline_kernel
def score(values, specials, special_235, cat_shift, winners, out):
    """Add one showdown to ``out[p, k]`` (see module doc); return k."""
    k = find_winners(values, specials, special_235, cat_shift, winners)
    for p in range(values.shape[0]):
        if winners[p]:
            out[p, k] += 1
    return k


@inline_kernel
def zjh_values(holes, straight_over_flush, suit_tiebreak, out_values, out_specials):
    """Zha Jin Hua strengths and 2-3-5 flags of every player.

    Shapes
    ------
    holes : uint8[n_players, 5] (first three columns used)
    out_values : int32[n_players]; out_specials : bool[n_players]
    """
    for p in range(holes.shape[0]):
        out_values[p] = evaluate3(
            holes[p, 0], holes[p, 1], holes[p, 2], straight_over_flush, suit_tiebreak
        )
        out_specials[p] = is_special_235(holes[p, 0], holes[p, 1], holes[p, 2])


@inline_kernel
def table_showdown(board_key, board_suits, hole_keys, hole_suits, offsets, values, vals, out):
    """Table-game showdown on a complete board: add it to ``out[p, k]``; return k.

    ``vals`` (int32[n_players]) receives each player's value.
    """
    n = hole_keys.shape[0]
    if n == 2:  # heads-up: keep both values in registers
        v0 = value_from_key(board_key + hole_keys[0], board_suits | hole_suits[0], offsets, values)
        v1 = value_from_key(board_key + hole_keys[1], board_suits | hole_suits[1], offsets, values)
        vals[0] = v0
        vals[1] = v1
        tie = np.int64(v0 == v1)
        out[0, 1] += np.int64(v0 > v1)
        out[1, 1] += np.int64(v1 > v0)
        out[0, 2] += tie
        out[1, 2] += tie
        return 1 + tie
    for p in range(n):
        vals[p] = value_from_key(
            board_key + hole_keys[p], board_suits | hole_suits[p], offsets, values
        )
    return count_best(vals, 1, out)[1]


@inline_kernel
def count_best(vals, weight, out):
    """Add ``weight`` showdowns of values ``vals`` to ``out[p, k]``; return ``(best, k)``.

    Branch-free: who wins a random showdown is a coin toss for the branch
    predictor, and a mispredicted branch costs more than these few passes.
    """
    n = vals.shape[0]
    best = vals[0]
    for p in range(1, n):
        best = max(best, vals[p])
    k = 0
    for p in range(n):
        k += np.int64(vals[p] == best)
    for p in range(n):
        out[p, k] += weight * np.int64(vals[p] == best)
    return best, k


@inline_kernel
def winner_mask(vals):
    """The players holding the best of ``vals``, as a bit mask (bit p: player p)."""
    n = vals.shape[0]
    best = vals[0]
    for p in range(1, n):
        best = max(best, vals[p])
    mask = np.int64(0)
    for p in range(n):
        mask |= np.int64(vals[p] == best) << np.int64(p)
    return mask


@kernel
def add_mask_counts(wins_by_mask, out):
    """``out[p, k] += wins_by_mask[m]`` for every mask ``m`` of ``k`` players holding ``p``.

    Shapes
    ------
    wins_by_mask : int64[2 ** n_players]; out : int64[n_players, n_players + 1]
    """
    n = out.shape[0]
    for m in range(1, wins_by_mask.shape[0]):
        w = wins_by_mask[m]
        if w == 0:
            continue
        k = 0
        for p in range(n):
            k += (m >> p) & 1
        for p in range(n):
            if (m >> p) & 1:
                out[p, k] += w


@inline_kernel
def hole_sums(holes, p, n_hole, card_keys, suit_bits, hole_keys, hole_suits):
    """Store the key and suit set of player p's hole cards."""
    key = np.uint64(0)
    suits = np.uint64(0)
    for j in range(n_hole):
        key += card_keys[holes[p, j]]
        suits |= suit_bits[holes[p, j]]
    hole_keys[p] = key
    hole_suits[p] = suits
