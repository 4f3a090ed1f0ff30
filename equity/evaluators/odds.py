"""Exact hand-category odds by counting, never by enumeration of hands.

* Five cards: the textbook closed forms (``13 * C(4,3) * 12 * C(4,2)``
  full houses, ...).
* Six or seven cards (best five): a sum over the rank patterns of the hand.
  A pattern (how many cards of each rank) has ``prod C(4, c_r)`` suit
  assignments; those holding a flush are counted exactly by choosing the
  flush suit and the set of ranks in it (at most one suit can hold five of
  seven cards), the rest keep the pattern's best non-flush hand.  That is
  about 50,000 patterns instead of 133,784,560 hands.
* Razz, deuce-to-seven and badugi: :mod:`equity.evaluators.lowball_counts` (by rank
  pattern); seven-card stud (and the high hands of stud hi-lo) and five-card
  draw are hold'em's and five-card poker's counts.
* Three cards (Zha Jin Hua): :func:`equity.evaluators.zjh.zjh_category_counts_exact`.
* Short deck: :func:`equity.evaluators.shortdeck.shortdeck_category_counts`: closed forms for
  five cards (:func:`equity.evaluators.shortdeck.shortdeck_five_card_counts`); six or seven cards
  counted by enumeration (the best five depends on the order of a
  straight and three of a kind, so the counts do too).

Which game has exact counts is declared by the game
(:attr:`equity.games.Game.exact_odds`); the module computing them registers
them (:func:`equity.games.register_exact_counts`) when imported, and this
module imports each of them.

The tests prove every count equal to exhaustive enumeration with the kernels.
"""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction
from math import comb, prod
from typing import Any

from ..games import Game, a_hand_of, register_exact_counts
from ..games import game as get_game
from ..lookup import CATEGORIES, best_hand_from_ranks, rank_multisets, straight_top
from . import lowball_counts as _lowball_counts  # noqa: F401  (razz, 2-7, badugi)
from . import shortdeck as _shortdeck  # noqa: F401  (registers the short-deck counts)
from . import zjh_counts as _zjh_counts  # noqa: F401  (registers Zha Jin Hua's)

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
    for pattern in rank_multisets((n_cards,)):
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
                kind = "straight flush" if straight_top(in_suit) is not None else "flush"
                flushes[kind] += ways
        cat, _ = best_hand_from_ranks(pattern, False)
        counts[CATEGORIES[cat - 1]] += total - sum(flushes.values())
        for kind, ways in flushes.items():
            counts[kind] += ways
    return counts


def holdem_counts(cards: int = 7) -> dict[str, int]:
    """Category counts of the best five of all C(52, ``cards``) hold'em hands (default 7:
    133,784,560 hands; 5: :func:`five_card_counts`).

    Examples
    --------
    >>> holdem_counts()["four of a kind"]
    224848
    >>> holdem_counts(cards=5)["four of a kind"]
    624
    """
    return five_card_counts() if cards == 5 else best_five_counts(cards)


def _hand_cards(g: Game, cards: int | None) -> int:
    """The cards of one dealt hand: ``cards``, checked, or the game's default."""
    if cards is None:
        return g.frequency_cards
    if isinstance(cards, bool) or not isinstance(cards, int) or cards not in g.hand_sizes:
        sizes = " or ".join(map(str, g.hand_sizes))
        raise ValueError(f"{a_hand_of(g.name)} has {sizes} cards, got {cards!r}")
    return cards


def category_counts(
    game: str = "holdem", *, cards: int | None = None, rules: Any = None
) -> dict[str, int]:
    """Exact category counts of one dealt hand of ``game`` (a name of :data:`equity.games.GAMES`).

    The game declares whether they are known (:attr:`equity.games.Game.exact_odds`): the
    closed forms here for five-card poker and hold'em,
    :func:`equity.evaluators.zjh.zjh_category_counts_exact` for Zha Jin Hua, whose dict
    also holds ``"special 2-3-5"`` (off-suit 2-3-5 hands, a subset of high
    card), :func:`equity.evaluators.shortdeck.shortdeck_category_counts` for short deck.
    ``cards`` (one of the game's :attr:`~equity.games.Game.hand_sizes`, by
    default the largest) is the size of the hand; ``rules``, the game's rules
    object, matters where the rules change the best five (short deck: the
    keys follow its order, strongest first).

    Examples
    --------
    >>> category_counts("holdem", cards=5)["straight flush"]
    40
    """
    g = get_game(game)
    n = _hand_cards(g, cards)
    options: dict[str, Any] = {}
    if n != g.frequency_cards:
        options["cards"] = n
    if rules is not None and g.rules:
        options["rules"] = rules
    return g.category_counts(**options)


def category_probabilities(
    game: str = "holdem", *, cards: int | None = None, rules: Any = None
) -> dict[str, Fraction]:
    """Exact category probabilities for ``game`` as fractions (see :func:`category_counts`).

    Examples
    --------
    >>> category_probabilities("five")["straight flush"]
    Fraction(1, 64974)
    """
    g = get_game(game)
    total = comb(g.deck_size, _hand_cards(g, cards))
    counts = category_counts(game, cards=cards, rules=rules)
    return {name: Fraction(c, total) for name, c in counts.items()}


register_exact_counts("five", lambda: five_card_counts())
register_exact_counts("holdem", holdem_counts)
# the stud games deal the hold'em hands of five to seven cards (stud hi-lo: its high
# hands); five-card draw, the five-card hands
register_exact_counts("stud", holdem_counts)
register_exact_counts("stud8", holdem_counts)
register_exact_counts("five-draw", lambda: five_card_counts())
