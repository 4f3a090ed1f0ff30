"""Monte-Carlo showdowns of each hand class against two or more ranges (hold'em).

For a multiway all-in the push/fold solver needs, per hand class of one
player (the *hero*), how the showdown against the other players' ranges
ends: which player's hand beats which.  :func:`class_vs_ranges` deals, for
each of the 169 classes, ``n_samples`` showdowns: a combo of the class drawn
uniformly, one combo from each range by its weights, the whole tuple drawn
again if two combos share a card (joint card removal, exact), then a board of
five of the remaining cards.  Each showdown is written as a *rank code*: with
``k`` players in seat order, player ``i`` beaten by ``r_i`` others (strictly
better hands), ``code = sum of r_i * k**i``; equal hands have equal ``r_i``,
so splits and side pots follow from the code alone.

Each class is one batch with its own seed (:func:`equity.kernels.rng.batch_seeds`),
so the codes do not depend on the thread count.
"""

from __future__ import annotations

import numpy as np

from ._jit import kernel, parallel_kernel, prange
from .holdem import KEY_START, value_from_key
from .rng import draw, seed_state, xoro

__all__ = ["MAX_TRIES_PER_SAMPLE", "class_vs_ranges", "rank_code"]

MAX_TRIES_PER_SAMPLE = 200
"""A class stops after ``n_samples * MAX_TRIES_PER_SAMPLE`` drawn tuples:
a class that the ranges nearly exclude returns fewer showdowns than asked."""

_U64 = np.uint64
_UNIT = 1.0 / 9007199254740992.0  # 2**-53


@kernel
def rank_code(values, k):
    """The rank code of ``k`` hand values: ``sum of r_i * k**i``, ``r_i`` the number of
    strictly better values.

    Shapes
    ------
    values : int32[>= k]
    """
    code = np.int64(0)
    scale = np.int64(1)
    for i in range(k):
        r = 0
        for j in range(k):
            if values[j] > values[i]:
                r += 1
        code += r * scale
        scale *= k
    return code


@kernel
def _class_showdowns(
    h, seed, class_cards, class_sizes, hero_slot, cum, combo_cards, tables, codes, tries
):
    """Fill ``codes[h, :]`` (return the number filled) and ``tries[h]``."""
    card_keys, suit_bits, offsets, values = tables
    m = cum.shape[0]
    k = m + 1
    n_samples = codes.shape[1]
    state = np.empty(2, dtype=np.uint64)
    seed_state(seed, state)
    s0, s1 = state[0], state[1]
    spare = _U64(0)
    holes = np.empty((k, 2), dtype=np.uint8)
    vals = np.empty(k, dtype=np.int32)
    cap = n_samples * MAX_TRIES_PER_SAMPLE
    done = 0
    attempts = 0
    while done < n_samples and attempts < cap:
        attempts += 1
        s0, s1, spare, c = draw(s0, s1, spare, class_sizes[h])
        a = class_cards[h, c, 0]
        b = class_cards[h, c, 1]
        used = (_U64(1) << _U64(a)) | (_U64(1) << _U64(b))
        holes[hero_slot, 0] = a
        holes[hero_slot, 1] = b
        clash = False
        slot = 0
        for j in range(m):
            if slot == hero_slot:
                slot += 1
            s0, s1, x = xoro(s0, s1)
            u = np.float64(x >> _U64(11)) * _UNIT
            combo = np.searchsorted(cum[j], u, side="right")
            if combo >= combo_cards.shape[0]:
                combo = combo_cards.shape[0] - 1
            a = combo_cards[combo, 0]
            b = combo_cards[combo, 1]
            bits = (_U64(1) << _U64(a)) | (_U64(1) << _U64(b))
            if used & bits:
                clash = True
                break
            used |= bits
            holes[slot, 0] = a
            holes[slot, 1] = b
            slot += 1
        if clash:
            continue
        key = KEY_START
        suit_set = _U64(0)
        dealt = 0
        while dealt < 5:
            s0, s1, spare, card = draw(s0, s1, spare, 52)
            bit = _U64(1) << _U64(card)
            if used & bit:
                continue
            used |= bit
            key += card_keys[card]
            suit_set |= suit_bits[card]
            dealt += 1
        for i in range(k):
            a = holes[i, 0]
            b = holes[i, 1]
            vals[i] = value_from_key(
                key + card_keys[a] + card_keys[b],
                suit_set | suit_bits[a] | suit_bits[b],
                offsets,
                values,
            )
        codes[h, done] = rank_code(vals, k)
        done += 1
    tries[h] = attempts
    return done


@parallel_kernel
def class_vs_ranges(
    class_cards, class_sizes, hero_slot, cum, combo_cards, seeds, tables, codes, tries, filled
):
    """Rank codes of showdowns of each hand class against ``m`` ranges.

    Shapes
    ------
    class_cards : uint8[n_classes, 12, 2], the combos of each class (first ``class_sizes``)
    class_sizes : int64[n_classes]
    hero_slot : the hero's place among the ``k = m + 1`` players (seat order)
    cum : float64[m, 1326], each range's cumulative combo weights, ending at 1.0
    combo_cards : uint8[1326, 2]
    seeds : uint64[n_classes], one stream per class
    tables : equity.lookup.HoldemTables
    codes : int64[n_classes, n_samples] (out), rank codes in seat order
    tries : int64[n_classes] (out), tuples drawn (the rejected ones included)
    filled : int64[n_classes] (out), showdowns written (``n_samples`` unless capped)

    Invariants: class ``h`` writes only ``codes[h]``, ``tries[h]``, ``filled[h]``; the
    acceptance rate ``filled / tries`` estimates the probability that the ranges' combos
    miss the class's cards and each other (the card removal the class meets).
    """
    for h in prange(class_cards.shape[0]):
        filled[h] = _class_showdowns(
            h, seeds[h], class_cards, class_sizes, hero_slot, cum, combo_cards, tables, codes, tries
        )
