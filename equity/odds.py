"""Exact hand-category odds by counting, never by enumeration of hands.

* Five cards: the textbook closed forms (``13 * C(4,3) * 12 * C(4,2)``
  full houses, ...).
* Six or seven cards (best five): a sum over the rank patterns of the hand.
  A pattern (how many cards of each rank) has ``prod C(4, c_r)`` suit
  assignments; those holding a flush are counted exactly by choosing the
  flush suit and the set of ranks in it (at most one suit can hold five of
  seven cards), the rest keep the pattern's best non-flush hand.  That is
  about 50,000 patterns instead of 133,784,560 hands.
* Three cards (Zha Jin Hua): :func:`equity.zjh.zjh_category_counts_exact`.

Which count belongs to which game is declared by the game
(:attr:`equity.games.Game.exact_counts`).

The tests prove every count equal to exhaustive enumeration with the kernels.
"""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction
from math import comb, prod

from .games import game as get_game
from .lookup import CATEGORIES, _rank_multisets, _straight_top, best_hand_from_ranks

__all__ = [
    "best_five_counts",
    "category_counts",
    "category_probabilities",
    "five_card_counts",
    "holdem_counts",
]


def five_card_counts() -> dict[str, int]:
    """Category counts of all C(52,5) = 2,598,960 five-card hands (closed form).

    Examples
    --------
    >>> five_card_counts()["full house"]
    3744
    """
    no_straight = comb(13, 5) - 10  # rank sets of five distinct ranks, not a straight
    return {
        "high card": no_straight * (4**5 - 4),
        "pair": 13 * comb(4, 2) * comb(12, 3) * 4**3,
        "two pair": comb(13, 2) * comb(4, 2) ** 2 * 11 * 4,
        "three of a kind": 13 * comb(4, 3) * comb(12, 2) * 4**2,
        "straight": 10 * (4**5 - 4),
        "flush": 4 * no_straight,
        "full house": 13 * comb(4, 3) * 12 * comb(4, 2),
        "four of a kind": 13 * 12 * 4,
        "straight flush": 10 * 4,
    }


@functools.cache
def best_five_counts(n_cards: int) -> dict[str, int]:
    """Category counts of the best five of ``n_cards`` (5, 6 or 7), by rank pattern.

    Examples
    --------
    >>> best_five_counts(7)["straight flush"]
    41584
    """
    if n_cards not in (5, 6, 7):
        raise ValueError(f"n_cards must be 5, 6 or 7, got {n_cards!r}")
    counts = dict.fromkeys(CATEGORIES, 0)
    for pattern in _rank_multisets((n_cards,)):
        present = [r for r, c in enumerate(pattern) if c]
        total = prod(comb(4, pattern[r]) for r in present)
        flushes = {"flush": 0, "straight flush": 0}
        for size in range(5, len(present) + 1):
            for in_suit in itertools.combinations(present, size):
                # The flush suit holds one card of each rank in ``in_suit``;
                # every other card takes one of the three remaining suits.
                ways = 4
                for r in present:
                    ways *= comb(3, pattern[r] - 1) if r in in_suit else comb(3, pattern[r])
                kind = "straight flush" if _straight_top(in_suit) is not None else "flush"
                flushes[kind] += ways
        cat, _ = best_hand_from_ranks(pattern, False)
        counts[CATEGORIES[cat - 1]] += total - sum(flushes.values())
        for kind, ways in flushes.items():
            counts[kind] += ways
    return counts


def holdem_counts() -> dict[str, int]:
    """Category counts of the best five of all C(52,7) = 133,784,560 seven-card hands.

    Examples
    --------
    >>> holdem_counts()["four of a kind"]
    224848
    """
    return best_five_counts(7)


def category_counts(game: str = "holdem") -> dict[str, int]:
    """Exact category counts of one dealt hand of ``game`` (a name of :data:`equity.games.GAMES`).

    The game declares how (:attr:`equity.games.Game.exact_counts`): the
    closed forms here for five-card poker and hold'em,
    :func:`equity.zjh.zjh_category_counts_exact` for Zha Jin Hua, whose dict
    also holds ``"special 2-3-5"`` (off-suit 2-3-5 hands, a subset of high
    card).
    """
    return get_game(game).category_counts()


def category_probabilities(game: str = "holdem") -> dict[str, Fraction]:
    """Exact category probabilities for ``game`` as fractions.

    Examples
    --------
    >>> category_probabilities("five")["straight flush"]
    Fraction(1, 64974)
    """
    g = get_game(game)
    return {name: Fraction(c, g.hands_dealt) for name, c in g.category_counts().items()}
