"""Zha Jin Hua (炸金花, three-card) hand evaluation kernels.

Categories, strongest first under the default order: bomb 豹子 (three of a
kind) > straight flush 顺金 > flush 金花 > straight 顺子 > pair 对子 > high
card 单张.  A-2-3 is the lowest straight, Q-K-A the highest, K-A-2 is no
straight.  With ``straight_over_flush`` (Teen Patti / Three Card Poker) a
straight beats a flush.

Strength encoding (``int32``, bigger is stronger, equal is a tie)::

    strength = cat << 12 | within                 # suit_tiebreak off
    strength = (cat << 12 | within) << 6 | suits  # suit_tiebreak on

``cat`` is 1 = high card, 2 = pair, 3 = straight (flush with
``straight_over_flush``), 4 = flush (straight with ``straight_over_flush``),
5 = straight flush, 6 = bomb.  ``within`` < 4096 orders hands of one
category by rank (rank 0 = deuce .. 12 = ace):

- high card, flush: ``r0 * 256 + r1 * 16 + r2`` with ``r0 > r1 > r2``;
- pair: ``pair * 16 + kicker``;
- straight, straight flush: rank of the top card, A-2-3 counting as
  three-high (``1``);
- bomb: the rank.

``suits`` (0..63) is the Zha Jin Hua rules' "flower value" ``f0 * 16 + f1 * 4 +
f2`` with flower spade = 3, heart = 2, club = 1, diamond = 0 (note: clubs
outrank diamonds, unlike the card suit codes c = 0, d = 1), taken over the
cards in the comparison order: rank descending; a pair's two cards first,
the higher suit first, then the kicker; A-2-3 as 3, 2, A; a bomb by suit
descending.  With it no two distinct hands tie.

The absolute hand values of the Zha Jin Hua rules (``absolute_value3``) are
reproduced exactly: rank-only values 1330..7881 and suit-aware values
``value * 64 + flower``.

An off-suit 2-3-5 (ranks 2, 3, 5, not all one suit) is flagged by
:func:`is_special_235`; the exception "2-3-5 beats a bomb" is not part of
the scalar strength (it is not transitive) and is applied by the caller.
"""

from __future__ import annotations

import numpy as np

from ._jit import inline_kernel, kernel, parallel_kernel, prange
from .draws import partial_shuffle
from .rng import seed_state

__all__ = [
    "ABSOLUTE_MAX_VALUE",
    "ABSOLUTE_MAX_VALUE_SUITS",
    "BOMB",
    "CATEGORY_SHIFT",
    "HIGH_CARD",
    "PAIR",
    "STRAIGHT_FLUSH",
    "SUIT_SHIFT",
    "absolute_value3",
    "absolute_value_batch",
    "evaluate3",
    "evaluate_batch",
    "is_special_235",
    "special_batch",
]

HIGH_CARD = 1
"""Category code of a high-card hand."""
PAIR = 2
"""Category code of a pair."""
STRAIGHT_FLUSH = 5
"""Category code of a straight flush (3 and 4 are straight/flush by order)."""
BOMB = 6
"""Category code of a bomb (three of a kind)."""
CATEGORY_SHIFT = 12
"""``strength >> CATEGORY_SHIFT`` is the category without suit tie-break."""
SUIT_SHIFT = 6
"""Extra shift of the strength when the suit tie-break is on."""
ABSOLUTE_MAX_VALUE = 7881
"""Largest rank-only absolute value (A-A-A)."""
ABSOLUTE_MAX_VALUE_SUITS = 7881 * 64 + 63
"""Bound of the suit-aware absolute values, used by the reversed form."""


@kernel
def _flower(card):
    """Flower value of ``card``: spade 3, heart 2, club 1, diamond 0."""
    s = np.int64(card) & 3
    return s ^ ((s >> 1) ^ 1)


@kernel
def _same_suit(c0, c1, c2):
    """Return whether the three cards share one suit."""
    s0 = np.int64(c0) & 3
    return s0 == (np.int64(c1) & 3) and s0 == (np.int64(c2) & 3)


@kernel
def _sorted3(c0, c1, c2):
    """Return ``(ranks, flowers)`` of three cards, rank then flower descending.

    Ranks are 0 (deuce) .. 12 (ace).  Equal ranks are ordered by flower
    value descending, which is the rules' order for pairs and bombs.
    """
    k0 = (np.int64(c0) >> 2) * 4 + _flower(c0)
    k1 = (np.int64(c1) >> 2) * 4 + _flower(c1)
    k2 = (np.int64(c2) >> 2) * 4 + _flower(c2)
    k0, k1 = max(k0, k1), min(k0, k1)
    k1, k2 = max(k1, k2), min(k1, k2)
    k0, k1 = max(k0, k1), min(k0, k1)
    return k0 >> 2, k1 >> 2, k2 >> 2, k0 & 3, k1 & 3, k2 & 3


@inline_kernel
def evaluate3(c0, c1, c2, straight_over_flush, suit_tiebreak):
    """Return the ``int32`` strength of the three cards ``c0, c1, c2``.

    Shapes
    ------
    c0, c1, c2 : uint8 scalars (card codes ``4 * rank + suit``)
    straight_over_flush, suit_tiebreak : bool scalars
    returns : int32 scalar

    Bigger is stronger, equal is a tie; see the module docstring for the
    encoding.  The 2-3-5 exception is not included.  Card order does not
    matter; the cards must be distinct.
    """
    r0, r1, r2, f0, f1, f2 = _sorted3(c0, c1, c2)
    flush = _same_suit(c0, c1, c2)
    a23 = r0 == 12 and r1 == 1 and r2 == 0
    straight = (r0 == r1 + 1 and r1 == r2 + 1) or a23
    straight_code = 4 if straight_over_flush else 3
    flush_code = 3 if straight_over_flush else 4
    # Flowers in comparison order; only A-2-3 and a low pair reorder them.
    g0 = f0
    g1 = f1
    g2 = f2
    if straight:
        top = 1 if a23 else r0
        if a23:
            g0 = f1
            g1 = f2
            g2 = f0
        if flush:
            value = (STRAIGHT_FLUSH << CATEGORY_SHIFT) | top
        else:
            value = (straight_code << CATEGORY_SHIFT) | top
    elif flush:
        value = (flush_code << CATEGORY_SHIFT) | (r0 * 256 + r1 * 16 + r2)
    elif r0 == r2:
        value = (BOMB << CATEGORY_SHIFT) | r0
    elif r0 == r1:
        value = (PAIR << CATEGORY_SHIFT) | (r0 * 16 + r2)
    elif r1 == r2:
        value = (PAIR << CATEGORY_SHIFT) | (r1 * 16 + r0)
        g0 = f1
        g1 = f2
        g2 = f0
    else:
        value = (HIGH_CARD << CATEGORY_SHIFT) | (r0 * 256 + r1 * 16 + r2)
    if suit_tiebreak:
        value = (value << SUIT_SHIFT) | (g0 * 16 + g1 * 4 + g2)
    return np.int32(value)


@inline_kernel
def is_special_235(c0, c1, c2):
    """Return whether ``c0, c1, c2`` is an off-suit 2-3-5.

    Shapes
    ------
    c0, c1, c2 : uint8 scalars
    returns : bool scalar

    True for the 60 hands with ranks {2, 3, 5} not all of one suit, the
    hand that beats a bomb under the "2-3-5" house rule.
    """
    one = np.int64(1)
    bits = (
        (one << (np.int64(c0) >> 2)) | (one << (np.int64(c1) >> 2)) | (one << (np.int64(c2) >> 2))
    )
    return bits == 0b1011 and not _same_suit(c0, c1, c2)


@kernel
def absolute_value3(c0, c1, c2, suits):
    """Return the absolute value (Zha Jin Hua rules) of ``c0, c1, c2`` (``int32``).

    Shapes
    ------
    c0, c1, c2 : uint8 scalars
    suits : bool scalar (FlowerValueCalculator if true)
    returns : int32 scalar

    Rank-only (NonFlowerValueCalculator), ranks 2..14 sorted descending:
    high card ``r0*256 + r1*16 + r2``; pair ``pair*16 + kicker + 3803``;
    straight ``lowest + 4040`` (A-3-2: A = 1); flush ``r0*256 + r1*16 + r2 +
    4052``; straight flush ``lowest + 7855``; bomb ``rank + 7867``.  With
    ``suits``: ``value * 64 + f0*16 + f1*4 + f2`` over the cards in the
    comparison order (see the module docstring).  Bigger is stronger.
    """
    r0, r1, r2, f0, f1, f2 = _sorted3(c0, c1, c2)
    n0 = r0 + 2
    n1 = r1 + 2
    n2 = r2 + 2
    flush = _same_suit(c0, c1, c2)
    a32 = n0 == 14 and n1 == 3 and n2 == 2
    straight = (n0 == n1 + 1 and n1 == n2 + 1) or a32
    g0 = f0
    g1 = f1
    g2 = f2
    if a32:
        g0 = f1
        g1 = f2
        g2 = f0
    if flush and straight:
        value = (1 if a32 else n2) + 7855
    elif flush:
        value = n0 * 256 + n1 * 16 + n2 + 4052
    elif straight:
        value = (1 if a32 else n2) + 4040
    elif n0 == n2:
        value = n0 + 7867
    elif n0 == n1:
        value = n1 * 16 + n2 + 3803
    elif n1 == n2:
        # The pair is moved to the front, the kicker goes last.
        value = n1 * 16 + n0 + 3803
        g0 = f1
        g1 = f2
        g2 = f0
    else:
        value = n0 * 256 + n1 * 16 + n2
    if suits:
        value = value * 64 + g0 * 16 + g1 * 4 + g2
    return np.int32(value)


@kernel
def evaluate_batch(hands, straight_over_flush, suit_tiebreak, out):
    """Write the strength of every hand into ``out``.

    Shapes
    ------
    hands : uint8[n, 3] (C-contiguous)
    straight_over_flush, suit_tiebreak : bool scalars
    out : int32[n]

    ``out[i] = evaluate3(*hands[i], straight_over_flush, suit_tiebreak)``.
    """
    for i in range(hands.shape[0]):
        out[i] = evaluate3(
            hands[i, 0], hands[i, 1], hands[i, 2], straight_over_flush, suit_tiebreak
        )


@kernel
def special_batch(hands, out):
    """Write whether every hand is an off-suit 2-3-5 into ``out``.

    Shapes
    ------
    hands : uint8[n, 3] (C-contiguous)
    out : bool[n]
    """
    for i in range(hands.shape[0]):
        out[i] = is_special_235(hands[i, 0], hands[i, 1], hands[i, 2])


@kernel
def absolute_value_batch(hands, suits, out):
    """Write the absolute value of every hand into ``out``.

    Shapes
    ------
    hands : uint8[n, 3] (C-contiguous)
    suits : bool scalar
    out : int32[n]

    ``out[i] = absolute_value3(*hands[i], suits)``.
    """
    for i in range(hands.shape[0]):
        out[i] = absolute_value3(hands[i, 0], hands[i, 1], hands[i, 2], suits)


@parallel_kernel
def sample_category_counts(seeds, batch_size, n_trials, first_batch, straight_over_flush, out):
    """Deal random three-card hands and count categories, batches
    ``first_batch .. first_batch + len(seeds) - 1`` of an ``n_trials`` job.

    Batch ``b = first_batch + i`` deals trials ``[b * batch_size,
    min(n_trials, (b + 1) * batch_size))`` from its own stream ``seeds[i]``
    and writes only ``out[i]``.

    Shapes
    ------
    seeds : uint64[n_run]
    out : int64[n_run, 8], zeroed; column = category code (1..6),
        column 7 = off-suit 2-3-5 hands (also counted as high card)
    """
    for i in prange(seeds.shape[0]):
        state = np.zeros(3, dtype=np.uint64)
        seed_state(seeds[i], state)
        deck = np.arange(52).astype(np.uint8)
        start = (first_batch + i) * batch_size
        stop = min(n_trials, start + batch_size)
        for _ in range(start, stop):
            partial_shuffle(deck, 52, 3, state)
            v = evaluate3(deck[0], deck[1], deck[2], straight_over_flush, False)
            out[i, v >> CATEGORY_SHIFT] += 1
            if is_special_235(deck[0], deck[1], deck[2]):
                out[i, 7] += 1
