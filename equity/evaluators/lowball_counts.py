"""Exact category counts of the low games, by counting rank patterns, never hands.

* Razz (five to seven cards): a hand's low depends on its ranks only, so the
  ``C(52, n)`` hands are counted by rank pattern (how many cards of each rank,
  49,205 patterns of seven cards): a pattern stands for ``prod C(4, c_r)`` hands.
* Deuce-to-seven (five cards): by rank pattern too; five different ranks come
  in ``4**5 - 4`` unsuited ways and 4 flushes (a straight, a flush or both
  when the ranks run: no wheel, the ace plays high).
* Badugi (four cards): the size of the best badugi depends only on which cards
  share a rank and which share a suit: each grouping of the four cards by rank
  (4 different ranks, a pair, two pairs, trips, quads) is counted once for every
  choice of its suits, times the ways to choose its ranks.
* Seven-card stud and five-card draw: the hold'em and five-card poker counts of
  :mod:`equity.evaluators.odds`, registered there.

Each game's counts register with :func:`equity.games.register_exact_counts`;
:mod:`equity.evaluators.odds` imports this module.  The tests prove them against the
kernels on every hand (razz and 2-7 of five cards, all badugi hands).
"""

from __future__ import annotations

import functools
import itertools
from math import comb, prod

from ..games import register_exact_counts
from ..games.draw import BADUGI_CATEGORIES, DEUCE_SEVEN_CATEGORIES
from ..games.stud import RAZZ_CATEGORIES
from ..lookup import rank_multisets
from .lowball import low_category_name, low_strength

__all__ = ["badugi_counts", "deuce_seven_counts", "razz_counts", "stud8_low_count"]


def _example(pattern: tuple[int, ...], flush: bool = False) -> list[int]:
    """Cards of a rank pattern (count per rank code); different suits, or one suit."""
    cards: list[int] = []
    for rank, count in enumerate(pattern):
        cards += [4 * rank + (0 if flush else (len(cards) + s) % 4) for s in range(count)]
    return cards


@functools.cache
def razz_counts(cards: int = 7) -> dict[str, int]:
    """Razz category counts of all C(52, ``cards``) hands (``cards`` 5, 6 or 7).

    Examples
    --------
    >>> razz_counts(5)["5-low"]  # A-2-3-4-5 in any suits
    1024
    >>> sum(razz_counts(7).values())
    133784560
    """
    if cards not in (5, 6, 7):
        raise ValueError(f"a razz hand has 5 to 7 cards, got {cards!r}")
    counts = dict.fromkeys(RAZZ_CATEGORIES, 0)
    for pattern in rank_multisets((cards,)):
        hands = prod(comb(4, c) for c in pattern)
        value = low_strength(_example(pattern), "razz")
        counts[low_category_name(value, "razz")] += hands
    return counts


@functools.cache
def deuce_seven_counts() -> dict[str, int]:
    """Deuce-to-seven category counts of all C(52, 5) = 2,598,960 hands.

    Examples
    --------
    >>> deuce_seven_counts()["7-low"]  # 7-5-4-3-2, 7-6-4-3-2, 7-6-5-3-2, 7-6-5-4-2
    4080
    >>> deuce_seven_counts()["straight flush"]  # 6-high .. ace-high: no wheel
    36
    """
    counts = dict.fromkeys(DEUCE_SEVEN_CATEGORIES, 0)
    for pattern in rank_multisets((5,)):
        if max(pattern) > 1:
            value = low_strength(_example(pattern), "deuce-seven")
            counts[low_category_name(value, "deuce-seven")] += prod(comb(4, c) for c in pattern)
            continue
        plain = low_strength(_example(pattern), "deuce-seven")
        suited = low_strength(_example(pattern, flush=True), "deuce-seven")
        counts[low_category_name(plain, "deuce-seven")] += 4**5 - 4
        counts[low_category_name(suited, "deuce-seven")] += 4
    return counts


def _badugi_size(ranks: tuple[int, ...], suits: tuple[int, ...]) -> int:
    """Most of the cards (``ranks[i]``, ``suits[i]``) with pairwise different ranks and suits."""
    for size in range(len(ranks), 0, -1):
        for sub in itertools.combinations(range(len(ranks)), size):
            if len({ranks[i] for i in sub}) == size == len({suits[i] for i in sub}):
                return size
    raise AssertionError("one card always plays")  # pragma: no cover


@functools.cache
def badugi_counts() -> dict[str, int]:
    """Badugi category counts of all C(52, 4) = 270,725 hands.

    Examples
    --------
    >>> badugi_counts()["4-card badugi"]  # four ranks, four suits: C(13, 4) * 4!
    17160
    """
    counts = dict.fromkeys(BADUGI_CATEGORIES, 0)
    # groupings of four cards by rank: the group sizes, and the ways to give them ranks
    groupings = {
        (1, 1, 1, 1): comb(13, 4),
        (2, 1, 1): 13 * comb(12, 2),
        (2, 2): comb(13, 2),
        (3, 1): 13 * 12,
        (4,): 13,
    }
    for sizes, rank_ways in groupings.items():
        ranks = tuple(g for g, size in enumerate(sizes) for _ in range(size))
        # each group takes a set of distinct suits; in order, the cards' suits
        for choice in itertools.product(*(itertools.combinations(range(4), s) for s in sizes)):
            suits = tuple(itertools.chain.from_iterable(choice))
            size = _badugi_size(ranks, suits)
            counts[BADUGI_CATEGORIES[4 - size]] += rank_ways
    return counts


@functools.cache
def stud8_low_count(cards: int = 7) -> int:
    """Hands of ``cards`` (5 to 7) holding an eight-or-better low (five ranks of A .. 8).

    Examples
    --------
    >>> stud8_low_count(5)  # C(8, 5) rank sets in any suits
    57344
    """
    if cards not in (5, 6, 7):
        raise ValueError(f"a stud hand has 5 to 7 cards, got {cards!r}")
    total = 0
    for pattern in rank_multisets((cards,)):
        if low_strength(_example(pattern), "low8") >= 0:
            total += prod(comb(4, c) for c in pattern)
    return total


register_exact_counts("razz", razz_counts)
register_exact_counts("deuce-seven", lambda: deuce_seven_counts())
register_exact_counts("badugi", lambda: badugi_counts())
