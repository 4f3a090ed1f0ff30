"""A slow, obviously correct poker hand evaluator to test the kernels against.

Plain Python on purpose: no numba, no tables, nothing shared with
:mod:`equity.tables` or :mod:`equity.kernels` except the card encoding
(``card = 4 * rank + suit``, rank 0 = deuce .. 12 = ace).

A five-card hand maps to a tuple ``(category, tiebreak ranks...)`` that
compares like the hands do: category 1 = high card .. 9 = straight flush (the
codes of ``value >> 12``), then the ranks that break ties, most significant
first.  A-2-3-4-5 (the wheel) is the lowest straight, with top rank Five.
The best hand of more cards is ``max`` over all its five-card subsets.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence

from equity.cards import parse_cards

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(1, 10)

_WHEEL = [12, 3, 2, 1, 0]  # A-5-4-3-2, ranks in descending order
_FIVE = 3  # rank of the Five, top of the wheel


def five_card_key(cards: Sequence[int]) -> tuple[int, ...]:
    """Comparable key of exactly five distinct cards (bigger is better)."""
    if len(cards) != 5 or len(set(cards)) != 5:
        raise ValueError(f"need five distinct cards, got {cards!r}")
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    is_flush = len({c & 3 for c in cards}) == 1
    counts = Counter(ranks)
    # Ranks by (multiplicity, rank), most significant first: for K K 5 5 5
    # that is 5, K and the shape is (3, 2).
    by_count = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = tuple(counts[r] for r in by_count)

    straight_top = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == _WHEEL:
            straight_top = _FIVE

    if straight_top is not None and is_flush:
        return (STRAIGHT_FLUSH, straight_top)
    if shape == (4, 1):
        return (QUADS, *by_count)
    if shape == (3, 2):
        return (FULL_HOUSE, *by_count)
    if is_flush:
        return (FLUSH, *ranks)
    if straight_top is not None:
        return (STRAIGHT, straight_top)
    if shape == (3, 1, 1):
        return (TRIPS, *by_count)
    if shape == (2, 2, 1):
        return (TWO_PAIR, *by_count)
    if shape == (2, 1, 1, 1):
        return (PAIR, *by_count)
    return (HIGH_CARD, *ranks)


def best_key(cards: Iterable[int]) -> tuple[int, ...]:
    """Key of the best five of five to seven cards."""
    cards = tuple(int(c) for c in cards)
    return max(five_card_key(five) for five in itertools.combinations(cards, 5))


def best_key_of(text: str) -> tuple[int, ...]:
    """:func:`best_key` of cards written as text, e.g. ``"As Ks Qs Js Ts"``."""
    return best_key(parse_cards(text))


def category(cards: Iterable[int]) -> int:
    """Category code (1 = high card .. 9 = straight flush) of the best five."""
    return best_key(cards)[0]
