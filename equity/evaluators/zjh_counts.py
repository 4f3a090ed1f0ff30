"""Zha Jin Hua counting: categories in closed form, and every hand against every other.

:func:`zjh_category_counts_exact` and :func:`zjh_category_probabilities_exact`
count the 22,100 three-card hands of each category by formula;
:func:`zjh_heads_up_counts` counts, for every hand, the disjoint hands it
beats and ties (numpy, no enumeration of the 22,100 x 18,424 deals).  The
tests prove them against exhaustive enumeration.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from ..games import register_exact_counts
from ..games.zjh import SPECIAL_235

__all__ = [
    "zjh_category_counts_exact",
    "zjh_category_probabilities_exact",
    "zjh_heads_up_counts",
]


def zjh_category_counts_exact() -> dict[str, int]:
    """Count the 22,100 three-card hands of each category, in closed form.

    Keys are :data:`ZJH_CATEGORIES` (strongest first), plus
    ``"special 2-3-5"``: the off-suit 2-3-5 hands, a subset of "high card"
    (the six categories alone sum to C(52, 3)).

    Examples
    --------
    >>> counts = zjh_category_counts_exact()
    >>> list(counts)[:3], list(counts)[-1]
    (['bomb', 'straight flush', 'flush'], 'special 2-3-5')
    >>> list(counts.values())
    [52, 48, 1096, 720, 3744, 16440, 60]
    >>> from equity.games.zjh import ZJH_CATEGORIES
    >>> sum(counts[c] for c in ZJH_CATEGORIES) == math.comb(52, 3)
    True
    """
    suits = 4
    ranks = 13
    sequences = ranks - 1  # A-2-3, 2-3-4, ..., Q-K-A (no K-A-2)
    rank_sets = math.comb(ranks, 3)
    one_suit = suits  # suit patterns of three distinct ranks, all one suit
    mixed = suits**3 - one_suit  # ... not all one suit
    return {
        "bomb": ranks * math.comb(suits, 3),
        "straight flush": sequences * one_suit,
        "flush": (rank_sets - sequences) * one_suit,
        "straight": sequences * mixed,
        "pair": ranks * math.comb(suits, 2) * (ranks - 1) * suits,
        "high card": (rank_sets - sequences) * mixed,
        SPECIAL_235: 1 * mixed,
    }


def zjh_category_probabilities_exact(
    *, as_fraction: bool = False
) -> dict[str, float] | dict[str, Fraction]:
    """Probability of each category (and of an off-suit 2-3-5) in one deal.

    Each count of :func:`zjh_category_counts_exact` divided by C(52, 3).

    Examples
    --------
    >>> p = zjh_category_probabilities_exact(as_fraction=True)
    >>> p["bomb"], p["straight flush"]
    (Fraction(1, 425), Fraction(12, 5525))
    >>> round(zjh_category_probabilities_exact()["high card"], 6)
    0.743891
    """
    total = math.comb(52, 3)
    counts = zjh_category_counts_exact()
    if as_fraction:
        return {k: Fraction(v, total) for k, v in counts.items()}
    return {k: v / total for k, v in counts.items()}


_N_HANDS = math.comb(52, 3)  # 22,100 three-card hands


def zjh_heads_up_counts(
    hands: npt.ArrayLike, strength: npt.ArrayLike
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Count, for every three-card hand, the disjoint hands it beats and ties.

    ``hands`` is every three-card hand once (any row order, cards ascending
    within a row) and ``strength`` their strengths under one set of rules
    (:func:`evaluate_zjh_batch`; bigger wins, equal ties).  Each hand meets
    the C(49, 3) = 18,424 hands that share no card with it, so ``wins +
    ties + losses = 18,424`` for every hand.  The 2-3-5 rule is not applied
    (it is no order of strengths: see :class:`ZJHRules`).

    Counted in numpy by inclusion-exclusion, without enumerating the
    22,100 x 18,424 pairs: opponents sharing a card with ``h = {a, b, c}``
    are the union of the hands holding ``a``, ``b`` or ``c``; count those
    below (and equal to) ``s[h]`` by card, subtract the hands holding two of
    its cards (50 per pair) and add back ``h`` itself; take that from the
    count over all hands.

    Shapes
    ------
    hands : uint8[22100, 3], every three-card hand once, cards ascending
    strength : int[22100]
    returns : (wins int64[22100], ties int64[22100]), each out of 18,424

    Raises
    ------
    ValueError
        If ``hands`` is not every three-card hand once with ascending cards,
        or ``strength`` does not have one value per hand.

    Examples
    --------
    >>> import itertools
    >>> from equity.evaluators.zjh import evaluate_zjh_batch
    >>> hands = np.array(list(itertools.combinations(range(52), 3)), dtype=np.uint8)
    >>> wins, ties = zjh_heads_up_counts(hands, evaluate_zjh_batch(hands))
    >>> int(wins[-1]), int(ties[-1])  # AdAhAs, the strongest bomb, beats every hand
    (18424, 0)
    >>> int(wins[0]), int(ties[0])  # 2c2d2h, the weakest bomb, loses to the 48 others
    (18376, 0)
    >>> int(wins.sum()) == int((math.comb(52, 3) * math.comb(49, 3) - ties.sum()) // 2)
    True
    """
    hands = np.asarray(hands)
    s = np.asarray(strength).astype(np.int64)
    if hands.shape != (_N_HANDS, 3) or s.shape != (_N_HANDS,):
        raise ValueError(
            f"expected every three-card hand once, (22100, 3) cards and (22100,) strengths; "
            f"got {hands.shape} and {s.shape}"
        )
    codes = hands.astype(np.int64)
    if codes.min() < 0 or codes.max() > 51 or not np.all(codes[:, :-1] < codes[:, 1:]):
        raise ValueError("cards must be 0..51, ascending within each hand")
    if len(np.unique(codes @ np.array([52 * 52, 52, 1]))) != _N_HANDS:
        raise ValueError("every three-card hand must appear once")
    ordered = np.sort(s)
    less = np.searchsorted(ordered, s, "left").astype(np.int64)
    equal = np.searchsorted(ordered, s, "right").astype(np.int64) - less
    for card in range(52):  # hands holding `card` (1,275 each)
        members = np.flatnonzero((hands == card).any(axis=1))
        sub = np.sort(s[members])
        lo = np.searchsorted(sub, s[members], "left")
        less[members] -= lo
        equal[members] -= np.searchsorted(sub, s[members], "right") - lo
    a, b, c = (codes[:, j] for j in range(3))
    pair_ids = np.stack([b * (b - 1) // 2 + a, c * (c - 1) // 2 + a, c * (c - 1) // 2 + b], 1)
    holders = np.argsort(pair_ids.ravel(), kind="stable").reshape(-1, 50) // 3  # 1,326 pairs
    pair_s = s[holders]  # int64[1326, 50]: strengths of the hands holding each pair
    for j in range(3):
        rows = pair_s[pair_ids[:, j]]
        less += (rows < s[:, None]).sum(axis=1)
        equal += (rows == s[:, None]).sum(axis=1)
    equal -= 1  # the hand itself was added back by the pairs and is no opponent
    return less, equal


def _zjh_counts(rules: object = None) -> dict[str, int]:
    """Zha Jin Hua's exact counts under ``rules``: the same under every house rule (the
    rules order the categories and break ties; they move no hand between categories)."""
    return zjh_category_counts_exact()


register_exact_counts("zjh", _zjh_counts)
