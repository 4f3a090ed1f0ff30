"""Slow, obviously correct Zha Jin Hua reference, in plain Python.

Shares nothing with the kernels beyond :func:`equity.cards.parse_cards`.  A
card here is ``(number, flower)``: number 2..14 (ace = 14) and the seed
article's flower value spade 3, heart 2, club 1, diamond 0.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from equity.cards import parse_cards

ZJH_ORDER = ["high card", "pair", "straight", "flush", "straight flush", "bomb"]
"""Categories weakest first, default rules."""
TEEN_PATTI_ORDER = ["high card", "pair", "flush", "straight", "straight flush", "bomb"]
"""Categories weakest first, ``order="straight_over_flush"``."""

# Card suit codes are c=0, d=1, h=2, s=3; flowers are d=0, c=1, h=2, s=3.
FLOWER_OF_SUIT_CODE = {0: 1, 1: 0, 2: 2, 3: 3}

Card = tuple[int, int]


def to_cards(hand: str | Iterable[int]) -> list[Card]:
    """Return ``[(number, flower), ...]`` for a hand in any parse_cards form."""
    codes = parse_cards(hand)
    return [(code // 4 + 2, FLOWER_OF_SUIT_CODE[code % 4]) for code in codes]


def _numbers(cards: list[Card]) -> list[int]:
    return sorted((n for n, _ in cards), reverse=True)


def _is_flush(cards: list[Card]) -> bool:
    return len({f for _, f in cards}) == 1


def _is_a23(cards: list[Card]) -> bool:
    return sorted(n for n, _ in cards) == [2, 3, 14]


def _is_straight(cards: list[Card]) -> bool:
    low = sorted(n for n, _ in cards)
    return low == [low[0], low[0] + 1, low[0] + 2] or _is_a23(cards)


def category(hand: str | Iterable[int]) -> str:
    """Category name of a three-card hand."""
    cards = to_cards(hand)
    counts = sorted(Counter(n for n, _ in cards).values(), reverse=True)
    if counts[0] == 3:
        return "bomb"
    if _is_straight(cards) and _is_flush(cards):
        return "straight flush"
    if _is_flush(cards):
        return "flush"
    if _is_straight(cards):
        return "straight"
    if counts[0] == 2:
        return "pair"
    return "high card"


def is_special_235(hand: str | Iterable[int]) -> bool:
    """Off-suit 2-3-5: numbers 2, 3, 5, not all one suit."""
    cards = to_cards(hand)
    return sorted(n for n, _ in cards) == [2, 3, 5] and not _is_flush(cards)


def comparison_order(hand: str | Iterable[int]) -> list[Card]:
    """The cards in the order they are compared (suit tie-break included)."""
    cards = to_cards(hand)
    cat = category(hand)
    if cat == "bomb":
        return sorted(cards, key=lambda c: c[1], reverse=True)
    if cat == "pair":
        pair_number = Counter(n for n, _ in cards).most_common(1)[0][0]
        pair = sorted((c for c in cards if c[0] == pair_number), key=lambda c: -c[1])
        kicker = [c for c in cards if c[0] != pair_number]
        return pair + kicker
    if cat in ("straight", "straight flush") and _is_a23(cards):
        by_number = {n: c for n, c in ((c[0], c) for c in cards)}
        return [by_number[3], by_number[2], by_number[14]]
    return sorted(cards, key=lambda c: c[0], reverse=True)


def sort_key(
    hand: str | Iterable[int], *, order: str = "zjh", suit_tiebreak: bool = False
) -> tuple[int, ...]:
    """A tuple that sorts hands weakest to strongest (no 2-3-5 exception)."""
    ranking = ZJH_ORDER if order == "zjh" else TEEN_PATTI_ORDER
    cat = category(hand)
    cards = comparison_order(hand)
    numbers = _numbers(cards)
    if cat in ("straight", "straight flush"):
        ranks: tuple[int, ...] = (3 if _is_a23(cards) else numbers[0],)
    elif cat == "bomb":
        ranks = (numbers[0],)
    elif cat == "pair":
        ranks = (cards[0][0], cards[2][0])
    else:
        ranks = tuple(numbers)
    key = (ranking.index(cat), *ranks)
    if suit_tiebreak:
        key += tuple(f for _, f in cards)
    return key


def compare(
    a: str | Iterable[int],
    b: str | Iterable[int],
    *,
    special_235: bool = False,
    order: str = "zjh",
    suit_tiebreak: bool = False,
) -> int:
    """+1 if ``a`` wins, -1 if ``b`` wins, 0 on a tie."""
    if special_235:
        if is_special_235(a) and category(b) == "bomb":
            return 1
        if is_special_235(b) and category(a) == "bomb":
            return -1
    ka = sort_key(a, order=order, suit_tiebreak=suit_tiebreak)
    kb = sort_key(b, order=order, suit_tiebreak=suit_tiebreak)
    return (ka > kb) - (ka < kb)


# The Zha Jin Hua rules' value calculators (Java), transcribed.
NORMAL_MAX_VALUE = 3803
DOUBLE_MAX_VALUE = 4040
STRAIGHT_MAX_VALUE = 4052
FLUSH_MAX_VALUE = 7855
STRAIGHT_FLUSH_MAX_VALUE = 7867
BOMB_MAX_VALUE = 7881


def absolute_value(hand: str | Iterable[int], *, suits: bool = False) -> int:
    """NonFlowerValueCalculator (``suits=False``) or FlowerValueCalculator."""
    # sortPlayerByNumber
    cards = sorted(to_cards(hand), key=lambda c: c[0], reverse=True)
    n = [c[0] for c in cards]
    is_flush = cards[0][1] == cards[1][1] == cards[2][1]
    is_a32 = n[0] == 14 and n[1] == 3 and n[2] == 2
    is_straight = (n[0] == n[1] + 1 and n[1] == n[2] + 1) or is_a32

    def flower(cs: list[Card]) -> int:
        return cs[0][1] * 16 + cs[1][1] * 4 + cs[2][1]

    def a32_flower(cs: list[Card]) -> int:
        return cs[1][1] * 16 + cs[2][1] * 4 + cs[0][1]

    if is_flush and is_straight:
        value = (1 if is_a32 else n[2]) + FLUSH_MAX_VALUE
        extra = a32_flower(cards) if is_a32 else flower(cards)
    elif is_flush:
        value = n[0] * 256 + n[1] * 16 + n[2] + STRAIGHT_MAX_VALUE
        extra = flower(cards)
    elif is_straight:
        value = (1 if is_a32 else n[2]) + DOUBLE_MAX_VALUE
        extra = a32_flower(cards) if is_a32 else flower(cards)
    elif n[0] == n[1] or n[1] == n[2]:
        if n[0] == n[1] == n[2]:
            # sortPlayerByFlower
            cards = sorted(cards, key=lambda c: c[1], reverse=True)
            value = cards[0][0] + STRAIGHT_FLUSH_MAX_VALUE
        else:
            if n[1] == n[2]:  # moveDouble2Front
                cards = [cards[1], cards[2], cards[0]]
            if cards[0][1] < cards[1][1]:  # exchangeSortedDoubleFlower
                cards = [cards[1], cards[0], cards[2]]
            value = cards[1][0] * 16 + cards[2][0] + NORMAL_MAX_VALUE
        extra = flower(cards)
    else:
        value = n[0] * 256 + n[1] * 16 + n[2]
        extra = flower(cards)
    return value * 64 + extra if suits else value


def absolute_value_reversed(hand: str | Iterable[int], *, suits: bool = False) -> int:
    """Low2HighCalculator / FlowerLow2HighCalculator: smaller is stronger."""
    top = BOMB_MAX_VALUE * 64 + 63 if suits else BOMB_MAX_VALUE
    return top - absolute_value(hand, suits=suits)
