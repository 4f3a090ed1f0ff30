"""Slow, obvious references for the low evaluators: every five (or fewer) of the cards.

Each function returns a *key* (smaller is better for the lows, as the rules read:
the hand compared from its most significant card down) and a category name of the
game's categories tuple.  Ranks are ace-low integers for razz, the eight-or-better
low and badugi (ace 1, deuce 2 .. king 13) and natural for deuce-to-seven (deuce 2
.. ace 14).
"""

from __future__ import annotations

import itertools
from collections import Counter

PATTERNS = {
    (1, 1, 1, 1, 1): 0,
    (2, 1, 1, 1): 1,
    (2, 2, 1): 2,
    (3, 1, 1): 3,
    (3, 2): 4,
    (4, 1): 5,
}
"""Rank-count pattern of five cards -> badness (no pair best), straights and flushes aside."""
PAIRED_NAMES = ("pair", "two pair", "three of a kind", "full house", "four of a kind")
LOW_NAMES = {5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10", 11: "J", 12: "Q", 13: "K"}


def ace_low_rank(card: int) -> int:
    """Ace 1, deuce 2 .. king 13."""
    rank = card >> 2
    return 1 if rank == 12 else rank + 2


def natural_rank(card: int) -> int:
    """Deuce 2 .. ace 14."""
    return (card >> 2) + 2


def _shape(ranks: list[int]) -> tuple[int, tuple[int, ...]]:
    """(pattern badness, ranks by count then rank, high first) of five ranks."""
    counts = Counter(ranks)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    pattern = tuple(counts[r] for r in order)
    return PATTERNS[pattern], tuple(order)


def razz_key(cards: list[int]) -> tuple[tuple[int, tuple[int, ...]], str]:
    """The best ace-to-five low of five to seven cards and its razz category."""
    best = min(_shape([ace_low_rank(c) for c in five]) for five in itertools.combinations(cards, 5))
    bad, order = best
    name = f"{LOW_NAMES[order[0]]}-low" if bad == 0 else PAIRED_NAMES[bad - 1]
    return best, name


def low8_key(cards: list[int]) -> tuple[int, ...] | None:
    """The best eight-or-better low (ranks high to low), None without one."""
    lows = [
        tuple(sorted((ace_low_rank(c) for c in five), reverse=True))
        for five in itertools.combinations(cards, 5)
    ]
    good = [low for low in lows if len(set(low)) == 5 and low[0] <= 8]
    return min(good) if good else None


def _is_straight(ranks: list[int]) -> bool:
    s = sorted(ranks)
    return len(set(s)) == 5 and s[4] - s[0] == 4  # no wheel: the ace is only high


DEUCE_SEVEN_ORDER = (
    "high",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)


def deuce_seven_key(cards: list[int]) -> tuple[tuple[int, tuple[int, ...]], str]:
    """Key (smaller is better: the worse high hand) and category of five cards."""
    ranks = [natural_rank(c) for c in cards]
    flush = len({c & 3 for c in cards}) == 1
    straight = _is_straight(ranks)
    bad, order = _shape(ranks)
    if straight and flush:
        kind = "straight flush"
    elif flush:
        kind = "flush"
    elif straight:
        kind = "straight"
    else:
        kind = ("high", *PAIRED_NAMES[:2], "three of a kind", "full house", "four of a kind")[bad]
    high = order[0]
    name = kind
    if kind == "high":
        name = "A-high" if high == 14 else f"{LOW_NAMES[high]}-low"
    return (DEUCE_SEVEN_ORDER.index(kind), order), name


def badugi_key(cards: list[int]) -> tuple[tuple[int, tuple[int, ...]], str]:
    """Key (smaller is better: more cards, then the lower ranks) and category of four cards."""
    best = None
    for size in range(len(cards), 0, -1):
        for sub in itertools.combinations(cards, size):
            if len({c >> 2 for c in sub}) == size and len({c & 3 for c in sub}) == size:
                key = (-size, tuple(sorted((ace_low_rank(c) for c in sub), reverse=True)))
                if best is None or key < best:
                    best = key
        if best is not None:
            break
    assert best is not None
    size = -best[0]
    return best, ("4-card badugi" if size == 4 else f"{size}-card hand")
