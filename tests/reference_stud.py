"""A slow, obviously correct equity enumeration of the stud family (stud, draw games).

Plain Python: hands are ranked by keys built from the five-card subsets
(:mod:`reference`'s high key, and lows written out here), and every deal is
listed one by one: each player is dealt the rest of their hand from the cards
left, in seat order, as sets (every deal once), then the shared card if any.
Pot shares are exact fractions; a hi-lo pot is two halves.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction

from reference import best_key
from reference_games import five_card_low

Key = tuple[int, ...]


def _low_rank(card: int) -> int:
    """Ace 0, deuce 1, ..., king 12."""
    return ((card >> 2) + 1) % 13


def _shape_badness(counts: Counter[int]) -> int:
    """0 no pair, 1 one pair, 2 two pair, 3 trips, 4 full house, 5 quads."""
    shape = sorted(counts.values(), reverse=True)
    return {
        (1, 1, 1, 1, 1): 0,
        (2, 1, 1, 1): 1,
        (2, 2, 1): 2,
        (3, 1, 1): 3,
        (3, 2): 4,
        (4, 1): 5,
    }[tuple(shape)]


def razz_key(cards: Sequence[int]) -> Key:
    """Ace-to-five low of five to seven cards: smaller is better."""
    keys = []
    for five in itertools.combinations(cards, 5):
        counts = Counter(_low_rank(c) for c in five)
        order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
        keys.append((_shape_badness(counts), *[r for r in order for _ in range(counts[r])]))
    return min(keys)


def deuce_seven_key(cards: Sequence[int]) -> Key:
    """Deuce-to-seven of five cards: the high hand with aces high and no wheel; smaller wins."""
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    counts = Counter(ranks)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    flush = len({c & 3 for c in cards}) == 1
    straight = len(counts) == 5 and ranks[0] - ranks[4] == 4
    shape = tuple(sorted(counts.values(), reverse=True))
    if straight and flush:
        category = 8
    elif shape == (4, 1):
        category = 7
    elif shape == (3, 2):
        category = 6
    elif flush:
        category = 5
    elif straight:
        category = 4
    else:
        category = {(3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1, (1, 1, 1, 1, 1): 0}[shape]
    return (category, *[r for r in order for _ in range(counts[r])])


def badugi_key(cards: Sequence[int]) -> Key:
    """Badugi of four cards: the most cards of different ranks and suits, then the lowest
    from the top (aces low); smaller is better."""
    keys = []
    for k in range(1, 5):
        for sub in itertools.combinations(cards, k):
            if len({_low_rank(c) for c in sub}) == k and len({c & 3 for c in sub}) == k:
                keys.append((4 - k, *sorted((_low_rank(c) for c in sub), reverse=True)))
    return min(keys)


def low8_key(cards: Sequence[int]) -> Key | None:
    """The eight-or-better low of five to seven cards (smaller is better), or None."""
    lows = [low for five in itertools.combinations(cards, 5) if (low := five_card_low(five))]
    return min(lows) if lows else None


def _high(cards: Sequence[int]) -> Key:
    return tuple(-x for x in best_key(cards))  # smaller is better, like the lows


RANKERS: dict[str, Callable[[Sequence[int]], Key]] = {
    "stud": _high,
    "stud8": _high,
    "five-draw": _high,
    "razz": razz_key,
    "deuce-seven": deuce_seven_key,
    "badugi": badugi_key,
}
"""Game -> the key of a finished hand, smaller is better."""


def _winners(keys: Sequence[Key | None]) -> list[int]:
    live = [k for k in keys if k is not None]
    if not live:
        return []
    best = min(live)
    return [p for p, k in enumerate(keys) if k == best]


def enumerate_shares(
    game: str,
    hands: Sequence[Sequence[int]],
    n_cards: int,
    dead: Sequence[int] = (),
    shared: bool = False,
) -> tuple[list[Fraction], int]:
    """Each player's exact pot share and the number of deals, one deal at a time."""
    known = {c for h in hands for c in h} | set(dead)
    deck = [c for c in range(52) if c not in known]
    rank = RANKERS[game]
    private = n_cards - 1 if shared else n_cards
    shares = [Fraction(0)] * len(hands)
    deals = 0

    def deal(p: int, left: list[int], dealt: list[tuple[int, ...]]) -> None:
        nonlocal deals
        if p == len(hands):
            for last in left if shared else [None]:
                finals = [
                    (*hands[q], *dealt[q], *(() if last is None else (last,)))
                    for q in range(len(hands))
                ]
                _score(finals)
                deals += 1
            return
        for cards in itertools.combinations(left, private - len(hands[p])):
            rest = [c for c in left if c not in cards]
            deal(p + 1, rest, [*dealt, cards])

    def _score(finals: list[tuple[int, ...]]) -> None:
        high = _winners([rank(f) for f in finals])
        if game != "stud8":
            for p in high:
                shares[p] += Fraction(1, len(high))
            return
        low = _winners([low8_key(f) for f in finals])  # empty: no qualifying low
        high_part = Fraction(1, 2) if low else Fraction(1)
        for p in high:
            shares[p] += high_part / len(high)
        for p in low:
            shares[p] += Fraction(1, 2) / len(low)

    deal(0, deck, [])
    return [s / deals for s in shares], deals
