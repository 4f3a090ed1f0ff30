"""Matching PPT ranges (:mod:`.ppt_grammar`) against every hand: lists and counts.

Every ``n``-card hand of the deck is visited once as a card mask, in chunks of
about a million and in increasing order, and the range's tree is tested on the
chunk: card counts first (``AA`` needs two aces), then, where counts alone do
not decide, each way of giving the hand's cards to the written ones.  So a
PLO4 range costs a few hundredths of a second and a PLO6 one seconds.

Examples
--------
>>> len(ppt_keys("AA:xxyy", 4)), ppt_count("RROO", 4), ppt_count("$ds", 5)
(864, 2808, 949104)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from functools import lru_cache

import numpy as np

from .ppt_grammar import (
    FULL_DECK,
    RANK_BITS,
    SUIT_BITS,
    Combine,
    HandSpec,
    PercentSpec,
    PptError,
    ShapeSpec,
    parse_ppt,
)

__all__ = ["percent_keys", "ppt_count", "ppt_keys"]

_CHUNK = 1 << 20


@lru_cache(maxsize=4)
def _lower_sets(k: int) -> np.ndarray:
    """``uint64`` masks of every ``k`` of the cards 0..50, ascending (colex order)."""
    level = [np.zeros(1, dtype=np.uint64)] + [np.zeros(0, dtype=np.uint64)] * k
    for card in range(51):
        bit = np.uint64(1 << card)
        for j in range(k, 0, -1):
            if len(level[j - 1]):
                level[j] = np.concatenate([level[j], level[j - 1] | bit])
    return level[k]


def _universe(n: int, deck: int) -> Iterator[np.ndarray]:
    """Every ``n``-card hand of ``deck`` as ``uint64`` masks, ascending, in chunks."""
    low, c = _lower_sets(n - 1), n - 1
    while c < 52:
        parts, size = [], 0
        while c < 52 and size < _CHUNK:
            parts.append(low[: math.comb(c, n - 1)] | np.uint64(1 << c))
            size += len(parts[-1])
            c += 1
        masks = np.concatenate(parts)
        if deck != FULL_DECK:
            masks = masks[masks & np.uint64(FULL_DECK ^ deck) == 0]
        yield masks


def _rows(masks: np.ndarray, n: int) -> np.ndarray:
    """``uint8[m, n]``: the cards of each mask, highest first."""
    out = np.empty((len(masks), n), dtype=np.uint8)
    rest = masks.copy()
    for j in range(n - 1, -1, -1):
        low = rest & (~rest + np.uint64(1))
        out[:, j] = np.frexp(low.astype(np.float64))[1] - 1  # exact: a power of two
        rest ^= low
    return out


def _count_in(masks: np.ndarray, bits: int) -> np.ndarray:
    return np.bitwise_count(masks & np.uint64(bits))


def _hand_test(hand: HandSpec, masks: np.ndarray, n: int) -> np.ndarray:
    """Whether each hand (mask) matches ``hand``: counting first, then card by card."""
    ok = np.ones(len(masks), dtype=bool)
    groups = sorted({c.allowed for c in hand.cards})
    for group in groups:
        need = sum((c.allowed | group) == group for c in hand.cards)
        ok &= _count_in(masks, group) >= need
    nested = all(a & b in (0, a, b) for a, b in itertools.combinations(groups, 2))
    kinds = {a for c in hand.cards for a in ("rank_var", "suit_var") if getattr(c, a)}
    for attr, bits, plain in (
        ("rank_var", RANK_BITS, {c.plain_rank for c in hand.cards} - {-1}),
        ("suit_var", SUIT_BITS, {c.plain_suit for c in hand.cards} - {-1}),
    ):
        names = [getattr(c, attr) for c in hand.cards if getattr(c, attr)]
        sizes = sorted((names.count(v) for v in set(names)), reverse=True)
        if not sizes:
            continue
        # The variables take distinct ranks (suits) not written out: Hall's condition
        # on thresholds, the i-th largest group needing i ranks (suits) that hold it.
        idx = np.flatnonzero(ok)
        free = [b for j, b in enumerate(bits) if j not in plain]
        held = np.stack([_count_in(masks[idx], b) for b in free] or [np.zeros(len(idx))], 1)
        for i, size in enumerate(sizes):
            ok[idx] &= (held >= size).sum(axis=1) >= i + 1
        written = sum(bits[j] for j in plain)
        apart = all(
            c.allowed == FULL_DECK if getattr(c, attr) else c.allowed & ~written == 0
            for c in hand.cards
        )
        nested = nested and len(kinds) == 1 and apart
    if nested:
        return ok  # the counts decide: written cards apart from the variables' ranks (suits)
    idx = np.flatnonzero(ok)
    ok[idx] = _assign(hand, _rows(masks[idx], n))
    return ok


@lru_cache(maxsize=64)
def _placements(hand: HandSpec, n: int) -> list[tuple[int, ...]]:
    """Positions for the written cards, one to one; equal cards in increasing positions."""
    k = len(hand.cards)
    same = [
        (i, j) for i, j in itertools.combinations(range(k), 2) if hand.cards[i] == hand.cards[j]
    ]
    return [p for p in itertools.permutations(range(n), k) if all(p[i] < p[j] for i, j in same)]


def _assign(hand: HandSpec, rows: np.ndarray) -> np.ndarray:
    """Whether each row's cards can be given to the written cards, variables kept."""
    cards = hand.cards
    allowed = [np.array([c.allowed >> x & 1 for x in range(52)], dtype=bool) for c in cards]
    ranks, suits = rows >> 2, rows & 3
    plain_r = np.zeros(13, dtype=bool)
    plain_s = np.zeros(4, dtype=bool)
    for c in cards:
        if c.plain_rank >= 0:
            plain_r[c.plain_rank] = True
        if c.plain_suit >= 0:
            plain_s[c.plain_suit] = True
    rvars = {
        v: [i for i, c in enumerate(cards) if c.rank_var == v]
        for v in {c.rank_var for c in cards} - {""}
    }
    svars = {
        v: [i for i, c in enumerate(cards) if c.suit_var == v]
        for v in {c.suit_var for c in cards} - {""}
    }
    n = rows.shape[1]
    # Every test a placement makes, computed once: card i at position q, the
    # positions q, r holding the same rank (suit), position q free of written ones.
    fits = [[allowed[i][rows[:, q]] for q in range(n)] for i in range(len(cards))]
    tables = []
    for of, variables, plain in ((ranks, rvars, plain_r), (suits, svars, plain_s)):
        if variables:
            same = {(q, r): of[:, q] == of[:, r] for q in range(n) for r in range(q + 1, n)}
            free = [~plain[of[:, q]] for q in range(n)]
            tables.append((list(variables.values()), same, free))
    found = np.zeros(len(rows), dtype=bool)
    for p in _placements(hand, n):
        ok = fits[0][p[0]].copy()
        for i in range(1, len(cards)):
            ok &= fits[i][p[i]]
        for groups, same, free in tables:
            heads = [p[members[0]] for members in groups]
            for members, head in zip(groups, heads, strict=True):
                ok &= free[head]
                for i in members[1:]:
                    ok &= same[min(head, p[i]), max(head, p[i])]
            for q, r in itertools.combinations(heads, 2):
                ok &= ~same[min(q, r), max(q, r)]
        found |= ok
    return found


def _shape_test(name: str, masks: np.ndarray) -> np.ndarray:
    """The whole-hand macros: suit shapes as :mod:`.omaha` defines them, and no pair."""
    if name == "np":
        return np.all([_count_in(masks, b) <= 1 for b in RANK_BITS], axis=0)
    counts = np.stack([_count_in(masks, b) for b in SUIT_BITS], axis=1)
    if name == "rb":
        return np.all(counts <= 1, axis=1)
    pairs = (counts == 2).sum(axis=1)
    return np.all(counts <= 2, axis=1) & (pairs == (2 if name == "ds" else 1))


def percent_keys(n_hole: int, low: float, high: float) -> np.ndarray:
    """Sorted ``uint64`` masks of the hands from the top ``low`` % to the top ``high`` %."""
    from .omaha_ranking import OMAHA_RANKING_HOLES, omaha_percent_combos

    if n_hole not in OMAHA_RANKING_HOLES:
        if n_hole == 2:
            raise PptError(
                "percent ranges in the PPT syntax are for Omaha; use the hold'em range 15%"
            )
        raise PptError(
            f"percent ranges need a ranking of the {n_hole}-card hands, and rankings ship for "
            f"{' and '.join(map(str, OMAHA_RANKING_HOLES))}-card Omaha only"
        )
    rows = np.asarray(omaha_percent_combos(n_hole, low, high), dtype=np.uint64)
    return np.sort((np.uint64(1) << rows).sum(axis=1, dtype=np.uint64))


def _test(node: object, masks: np.ndarray, n: int, cache: dict[int, np.ndarray]) -> np.ndarray:
    if isinstance(node, HandSpec):
        return _hand_test(node, masks, n) if node.cards else np.ones(len(masks), dtype=bool)
    if isinstance(node, ShapeSpec):
        return _shape_test(node.name, masks)
    if isinstance(node, PercentSpec):
        if id(node) not in cache:
            cache[id(node)] = percent_keys(n, node.low, node.high)
        keys = cache[id(node)]
        at = np.minimum(np.searchsorted(keys, masks), max(len(keys) - 1, 0))
        return keys[at] == masks if len(keys) else np.zeros(len(masks), dtype=bool)
    assert isinstance(node, Combine)
    first = _test(node.parts[0], masks, n, cache)
    if node.op == ",":
        for part in node.parts[1:]:
            rest = np.flatnonzero(~first)
            first[rest] = _test(part, masks[rest], n, cache)
        return first
    keep = np.flatnonzero(first)  # ':' and '!' test the second part only where the first holds
    second = _test(node.parts[1], masks[keep], n, cache)
    first[keep] = second if node.op == ":" else ~second
    return first


def _matches(text: str, n_hole: int, deck: int, limit: int | None) -> tuple[int, np.ndarray]:
    """(how many hands match, their masks ascending; none kept past ``limit``)."""
    tree = parse_ppt(text, n_hole)
    total, kept = 0, []
    cache: dict[int, np.ndarray] = {}
    for masks in _universe(n_hole, deck):
        hit = masks[_test(tree, masks, n_hole, cache)]
        total += len(hit)
        if limit is None or total <= limit:
            kept.append(hit)
    return total, np.concatenate(kept) if kept else np.zeros(0, dtype=np.uint64)


def ppt_keys(
    text: str, n_hole: int, *, deck: int = FULL_DECK, limit: int | None = None
) -> np.ndarray:
    """Sorted ``int64`` card masks of the ``n_hole``-card hands of ``deck`` that ``text`` names.

    ``limit``: more hands than this is a :class:`PptError` giving their number.

    Examples
    --------
    >>> len(ppt_keys("AA:xxyy", 4)), len(ppt_keys("RROO", 4)), len(ppt_keys("[A-T]x[A-T]x", 2))
    (864, 2808, 40)
    """
    total, keys = _matches(text, n_hole, deck, limit)
    if limit is not None and total > limit:
        raise PptError(
            f"{text!r} matches {total:,} {n_hole}-card hands, more than {limit:,} "
            "(MAX_PATTERN_HANDS) can list; give the player 'random' or a narrower range"
        )
    if not total:
        raise PptError(f"{text!r} matches no {n_hole}-card hand")
    return keys.astype(np.int64)


def ppt_count(text: str, n_hole: int, *, deck: int = FULL_DECK) -> int:
    """How many ``n_hole``-card hands of ``deck`` ``text`` names, counted without listing.

    Examples
    --------
    >>> ppt_count("JJ!JJJ", 4), ppt_count("$ds", 4), ppt_count("RRON", 4)
    (6768, 36504, 82368)
    """
    return _matches(text, n_hole, deck, 0)[0]
