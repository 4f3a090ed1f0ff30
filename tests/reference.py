"""A slow, obviously correct poker hand evaluator to test the kernels against.

Plain Python on purpose: no numba, no tables, nothing shared with
:mod:`equity.lookup` or :mod:`equity.kernels` except the card encoding
(``card = 4 * rank + suit``, rank 0 = deuce .. 12 = ace).

A five-card hand maps to a tuple ``(category, tiebreak ranks...)`` that
compares like the hands do: category 1 = high card .. 9 = straight flush (the
codes of ``value >> 12``), then the ranks that break ties, most significant
first.  A-2-3-4-5 (the wheel) is the lowest straight, with top rank Five.
The best hand of more cards is ``max`` over all its five-card subsets.

Also here: :func:`assert_same_order` (do fast values order hands as the
reference keys do?) and the published category counts.
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


def assert_same_order(keys: Sequence[tuple[int, ...]], values: Iterable[int]) -> None:
    """Assert that ``values`` order the hands exactly as the reference ``keys`` do.

    That is, ``values`` is a strictly increasing function of ``keys``: equal
    keys have equal values and a bigger key has a bigger value, so
    ``sign(v[a] - v[b]) == sign(k[a] - k[b])`` for every pair ``a, b``.
    """
    pairs = sorted(zip(keys, (int(v) for v in values), strict=True))
    for (k0, v0), (k1, v1) in itertools.pairwise(pairs):
        if k0 == k1:
            assert v0 == v1, f"equal hands {k0} have values {v0} and {v1}"
        else:
            assert v0 < v1, f"hand {k0} < {k1} but their values are {v0} >= {v1}"


# Published counts (see tests/data/README.md), category order of
# equity.lookup.CATEGORIES: high card first.
FIVE_CARD_COUNTS = {
    "high card": 1_302_540,
    "pair": 1_098_240,
    "two pair": 123_552,
    "three of a kind": 54_912,
    "straight": 10_200,
    "flush": 5_108,
    "full house": 3_744,
    "four of a kind": 624,
    "straight flush": 40,
}
"""Category counts of all C(52,5) = 2,598,960 five-card hands."""

SEVEN_CARD_COUNTS = {
    "high card": 23_294_460,
    "pair": 58_627_800,
    "two pair": 31_433_400,
    "three of a kind": 6_461_620,
    "straight": 6_180_020,
    "flush": 4_047_644,
    "full house": 3_473_184,
    "four of a kind": 224_848,
    "straight flush": 41_584,
}
"""Category counts of the best five of all C(52,7) = 133,784,560 hands."""

DISTINCT_FIVE_CARD_VALUES = 7_462
DISTINCT_SEVEN_CARD_VALUES = 4_824
