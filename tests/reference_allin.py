"""Every run-out of an all-in enumerated with NumPy: hold'em equity in each pot, exact.

A second reference next to :mod:`reference_history`, sharing no code with the
engine (no numba, no :mod:`equity.lookup` tables): the best five of seven
cards is computed for every board at once from rank counts and bit masks, so
the 1,712,304 boards of a heads-up preflop all-in take seconds, not hours.

A hand's key is an ``int64`` that packs :func:`reference.best_key`'s tuple
``(category, r1, r2, ...)`` as ``category << 20 | r1 << 16 | r2 << 12 | ...``
(ranks 0 = deuce .. 12 = ace, four bits each): :func:`packed` writes the
reference tuple that way, and the tests check the two agree card for card.

Equities are :class:`fractions.Fraction`: a board won alone counts 1, a board
tied ``w`` ways counts ``1/w`` to each winner, divided by the number of boards.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

import numpy as np

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(1, 10)
_MASKS = 1 << 13


def packed(key: Sequence[int]) -> int:
    """A :func:`reference.best_key` tuple as one integer, ordered as the tuples are."""
    value = key[0] << 20
    for k, rank in enumerate(key[1:]):
        value |= rank << (16 - 4 * k)
    return value


def _ranks_of(mask: int) -> list[int]:
    """The ranks in a 13-bit mask, highest first."""
    return [r for r in range(12, -1, -1) if mask >> r & 1]


def _straight_top(mask: int) -> int:
    """The top rank of the best straight in a rank mask (the wheel's is the Five), or -1."""
    for top in range(12, 2, -1):
        window = [top - k for k in range(5)] if top >= 4 else [3, 2, 1, 0, 12]
        if all(mask >> r & 1 for r in window):
            return top
    return -1


@lru_cache(maxsize=1)
def _tables() -> dict[str, np.ndarray]:
    """Per 13-bit rank mask: highest rank, top 2/3/5 ranks packed, best straight's top."""
    high = np.zeros(_MASKS, np.int64)
    top = {n: np.zeros(_MASKS, np.int64) for n in (2, 3, 5)}
    straight = np.full(_MASKS, -1, np.int64)
    for mask in range(_MASKS):
        ranks = _ranks_of(mask)
        high[mask] = ranks[0] if ranks else 0
        for n, table in top.items():
            value = 0
            for r in (ranks + [0] * n)[:n]:
                value = value << 4 | r
            table[mask] = value
        straight[mask] = _straight_top(mask)
    return {"high": high, "top2": top[2], "top3": top[3], "top5": top[5], "straight": straight}


def seven_card_keys(cards: np.ndarray) -> np.ndarray:
    """The packed best-five key of each row of ``cards`` (``int[n, 7]``, distinct cards)."""
    t = _tables()
    cards = np.asarray(cards, np.int64)
    n = len(cards)
    rows = np.arange(n)
    ranks, suits = cards >> 2, cards & 3
    counts = np.zeros((n, 13), np.int64)
    suit_counts = np.zeros((n, 4), np.int64)
    for j in range(cards.shape[1]):
        counts[rows, ranks[:, j]] += 1
        suit_counts[rows, suits[:, j]] += 1
    bits = np.int64(1) << np.arange(13, dtype=np.int64)
    present = (counts >= 1) @ bits
    two = (counts >= 2) @ bits  # pairs or better
    three = (counts >= 3) @ bits
    four = (counts == 4) @ bits
    flush_suit = suit_counts.argmax(axis=1)
    has_flush = suit_counts.max(axis=1) >= 5
    flush_mask = np.zeros(n, np.int64)
    for j in range(cards.shape[1]):
        flush_mask |= np.where(suits[:, j] == flush_suit, np.int64(1) << ranks[:, j], 0)
    flush_mask = np.where(has_flush, flush_mask, 0)

    high = t["high"]
    sf_top = t["straight"][flush_mask]
    quad = high[four]
    trip = high[three]
    pair_under_trip = two & ~(np.int64(1) << trip)
    straight_top = t["straight"][present]
    pair1 = high[two]
    rest1 = two & ~(np.int64(1) << pair1)
    pair2 = high[rest1]
    no_pairs12 = present & ~(np.int64(1) << pair1) & ~(np.int64(1) << pair2)

    conditions = [
        sf_top >= 0,
        four != 0,
        (three != 0) & (pair_under_trip != 0),
        has_flush,
        straight_top >= 0,
        three != 0,
        rest1 != 0,
        two != 0,
    ]
    choices = [
        STRAIGHT_FLUSH << 20 | sf_top << 16,
        QUADS << 20 | quad << 16 | high[present & ~(np.int64(1) << quad)] << 12,
        FULL_HOUSE << 20 | trip << 16 | high[pair_under_trip] << 12,
        FLUSH << 20 | t["top5"][flush_mask],
        STRAIGHT << 20 | straight_top << 16,
        TRIPS << 20 | trip << 16 | t["top2"][present & ~(np.int64(1) << trip)] << 8,
        TWO_PAIR << 20 | pair1 << 16 | pair2 << 12 | high[no_pairs12] << 8,
        PAIR << 20 | pair1 << 16 | t["top3"][present & ~(np.int64(1) << pair1)] << 4,
    ]
    keys: np.ndarray = np.select(conditions, choices, HIGH_CARD << 20 | t["top5"][present])
    return keys


@lru_cache(maxsize=4)
def _combinations(n: int, k: int) -> np.ndarray:
    """Every k-subset of range(n) as rows of ``uint8[C(n, k), k]``."""
    flat = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(n), k)), np.uint8)
    return flat.reshape(-1, k)


def pot_equities(
    holes: Sequence[Sequence[int]], board: Sequence[int], pots: Sequence[Sequence[int]]
) -> list[list[Fraction]]:
    """Each pot's exact equities (its players given by index into ``holes``), hold'em.

    Every completion of ``board`` to five cards is dealt from the cards out of
    every hand given and the board, the same run-outs for every pot.
    """
    if any(len(h) != 2 for h in holes):
        raise ValueError("hold'em hands of two cards only")
    used = [c for h in holes for c in h] + list(board)
    if len(set(used)) != len(used):
        raise ValueError(f"cards dealt twice: {used}")
    left = np.array([c for c in range(52) if c not in used], np.int64)
    missing = 5 - len(board)
    runouts = left[_combinations(len(left), missing)] if missing else np.zeros((1, 0), np.int64)
    known = np.broadcast_to(np.array(board, np.int64), (len(runouts), len(board)))
    boards = np.hstack([known, runouts])
    keys = np.stack(
        [
            seven_card_keys(np.hstack([np.broadcast_to(np.array(h), (len(boards), 2)), boards]))
            for h in holes
        ]
    )
    out = []
    for eligible in pots:
        mine = keys[list(eligible)]
        winners = mine == mine.max(axis=0)
        ways = winners.sum(axis=0)
        shares = []
        for row in winners:
            # boards this hand wins, by how many hands win them
            won = np.bincount(ways[row], minlength=len(eligible) + 1)
            total = sum((Fraction(int(count), w) for w, count in enumerate(won) if w), Fraction(0))
            shares.append(total / len(boards))
        out.append(shares)
    return out
