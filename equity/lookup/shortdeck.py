"""Value tables of short-deck hold'em: hold'em's card keys and hash, short-deck values.

The short-deck evaluator *is* the hold'em evaluator
(:func:`equity.kernels.holdem.value_from_key`) reading another ``values``
array.  The card keys, suit bits and the perfect hash of rank multisets are
hold'em's (:mod:`equity.lookup`): a short-deck hand's rank multiset is a
hold'em one without deuces to fives, so it already has its own hash slot.
Only the values change:

* the flush part, ``values[m]`` for a 13-bit rank set ``m`` of five to
  seven ranks from six up, holds the best short-deck flush or straight
  flush of those ranks (A-6-7-8-9 is the lowest straight flush);
* the hashed part holds, at the slot of each short-deck rank multiset of
  five to seven cards, its best non-flush short-deck hand (A-6-7-8-9 is the
  lowest straight; there is no A-2-3-4-5).

Every other entry (rank sets or multisets with a card below six) is 0, the
value of no hand.  A value is ``category << 12 | index``: the category codes
1..9 count up the categories of the order in use, weakest first (the
reverse of :data:`~equity.games.shortdeck.SHORTDECK_CATEGORIES` or of
:data:`~equity.games.shortdeck.SHORTDECK_CATEGORIES_STRAIGHT_BEATS_TRIPS`),
and ``index`` orders the hands inside a category (the same in both orders).
Bigger is better, equal values tie; there are 1,404 distinct values.

:func:`value_from_key` takes the flush value whenever a suit holds five
cards.  That is right in short deck too: a flush beats every non-flush hand
but four of a kind, and four of a kind with five cards of one suit needs
eight cards (at most one of the four is of the flush suit).

The tables are built on first use (well under a second), once per order.
"""

from __future__ import annotations

import functools
import itertools
from typing import Any

import numpy as np

from ..cards import RANK_NAMES
from ..games import register_tables
from ..games.shortdeck import (
    SHORTDECK,
    SHORTDECK_CATEGORIES,
    SHORTDECK_CATEGORIES_STRAIGHT_BEATS_TRIPS,
)
from . import (
    FLUSH_SIZE,
    OFFSET_ALIGN,
    ROW_SHIFT,
    HoldemTables,
    holdem_tables,
    mix_keys,
    rank_key_sums,
)

__all__ = [
    "LOWEST_RANK",
    "N_VALUES",
    "WHEEL_TOP",
    "describe_shortdeck_value",
    "shortdeck_best_from_ranks",
    "shortdeck_categories",
    "shortdeck_slots",
    "shortdeck_tables",
    "shortdeck_value_components",
    "straight_beats_trips_of",
]

LOWEST_RANK = SHORTDECK.lowest_rank
"""Rank code of the six, the lowest short-deck rank."""
WHEEL_TOP = 7
"""Top rank (the Nine) of A-6-7-8-9, the lowest short-deck straight."""
N_VALUES = 1_404
"""Distinct short-deck hand values (five, six or seven cards, either order)."""

_RANKS = tuple(range(LOWEST_RANK, 13))
_WHEEL_MASK = 1 << 12 | 0b1111 << LOWEST_RANK  # A, 6, 7, 8, 9
_STRAIGHT_TOPS = tuple(range(12, LOWEST_RANK + 3, -1))  # Ace-high .. Ten-high


def straight_beats_trips_of(rules: Any) -> bool:
    """The order of a rules object: None (the default order) or any object with a boolean
    ``straight_beats_trips`` (:class:`equity.evaluators.shortdeck.ShortDeckRules`).

    Examples
    --------
    >>> straight_beats_trips_of(None)
    False
    >>> straight_beats_trips_of("fast")
    Traceback (most recent call last):
    ...
    ValueError: short-deck rules must be a ShortDeckRules or None, got 'fast'
    """
    if rules is None:
        return False
    flag = getattr(rules, "straight_beats_trips", None)
    if not isinstance(flag, bool):
        raise ValueError(f"short-deck rules must be a ShortDeckRules or None, got {rules!r}")
    return flag


def shortdeck_categories(straight_beats_trips: bool = False) -> tuple[str, ...]:
    """Category names of an order, strongest first; code ``value >> 12`` is ``9 - index``."""
    if straight_beats_trips:
        return SHORTDECK_CATEGORIES_STRAIGHT_BEATS_TRIPS
    return SHORTDECK_CATEGORIES


@functools.cache
def _straight_top(mask: int) -> int | None:
    """Top rank of the best short-deck straight in a 13-bit rank set, or None."""
    for top in _STRAIGHT_TOPS:
        run = 0x1F << (top - 4)
        if mask & run == run:
            return top
    if mask & _WHEEL_MASK == _WHEEL_MASK:
        return WHEEL_TOP
    return None


def shortdeck_best_from_ranks(
    counts: tuple[int, ...], flush: bool, straight_beats_trips: bool = False
) -> tuple[str, tuple[int, ...]]:
    """Best short-deck five from rank counts, as ``(category name, tiebreak ranks)``.

    ``counts[r]`` is how many cards of rank ``r`` (13 ranks, those below six
    zero) the hand holds, 5 to 7 in all.  With ``flush`` true the ranks are
    one suit's cards (each count 0 or 1) and the answer is a flush or a
    straight flush.  The tiebreak ranks are most significant first; a
    straight gives its top rank (7, the Nine, for A-6-7-8-9).

    Examples
    --------
    >>> nine_trips_and_straight = (0, 0, 0, 0, 1, 1, 1, 3, 1, 0, 0, 0, 0)
    >>> shortdeck_best_from_ranks(nine_trips_and_straight, False)
    ('three of a kind', (7, 8, 6))
    >>> shortdeck_best_from_ranks(nine_trips_and_straight, False, straight_beats_trips=True)
    ('straight', (8,))
    """
    present = [r for r in range(12, -1, -1) if counts[r]]  # descending
    top = _straight_top(sum(1 << r for r in present))
    if flush:
        if top is not None:
            return "straight flush", (top,)
        return "flush", tuple(present[:5])
    quads = [r for r in present if counts[r] == 4]
    trips = [r for r in present if counts[r] == 3]
    pairs = [r for r in present if counts[r] == 2]
    if quads:
        q = quads[0]
        return "four of a kind", (q, max(r for r in present if r != q))
    if trips and (len(trips) > 1 or pairs):
        t = trips[0]
        return "full house", (t, max(trips[1:] + pairs))
    if top is not None and (straight_beats_trips or not trips):
        return "straight", (top,)
    if trips:
        t = trips[0]
        return "three of a kind", (t, *[r for r in present if r != t][:2])
    if len(pairs) >= 2:
        p1, p2 = pairs[:2]
        return "two pair", (p1, p2, max(r for r in present if r not in (p1, p2)))
    if pairs:
        p = pairs[0]
        return "pair", (p, *[r for r in present if r != p][:3])
    return "high card", tuple(present[:5])


def _multisets(sizes: tuple[int, ...]) -> list[tuple[int, ...]]:
    """All 13-rank count vectors of short-deck hands (each count <= 4) with a total in ``sizes``."""
    found = []

    def extend(counts: tuple[int, ...], left: int) -> None:
        if len(counts) == 13:
            if max(sizes) - left in sizes:
                found.append(counts)
            return
        for c in range(min(4, left) + 1):
            extend((*counts, c), left - c)

    extend((0,) * LOWEST_RANK, max(sizes))
    return found


@functools.cache
def _hands() -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Every distinct short-deck five-card hand ``(category, tiebreak)`` (either order)."""
    hands = {shortdeck_best_from_ranks(c, False) for c in _multisets((5,))}
    for ranks in itertools.combinations(_RANKS, 5):
        counts = tuple(int(r in ranks) for r in range(13))
        hands.add(shortdeck_best_from_ranks(counts, True))
    return tuple(sorted(hands))


@functools.cache
def _order(straight_beats_trips: bool) -> dict[tuple[str, tuple[int, ...]], int]:
    """Map every distinct five-card hand to its value under an order."""
    codes = {name: 9 - i for i, name in enumerate(shortdeck_categories(straight_beats_trips))}
    order: dict[tuple[str, tuple[int, ...]], int] = {}
    index = dict.fromkeys(codes, 0)
    for name, tiebreak in _hands():  # sorted: tiebreaks ascending inside a category
        order[name, tiebreak] = codes[name] << 12 | index[name]
        index[name] += 1
    return order


def shortdeck_slots(multisets: list[tuple[int, ...]]) -> np.ndarray:
    """``int64`` index into ``values`` (hashed part) of each 13-rank count vector."""
    m = mix_keys(rank_key_sums(multisets))
    rows = holdem_tables().offsets[m >> ROW_SHIFT].astype(np.int64)
    return FLUSH_SIZE + OFFSET_ALIGN * rows + (m & ((1 << ROW_SHIFT) - 1))


@functools.cache
def _tables(straight_beats_trips: bool) -> HoldemTables:
    holdem = holdem_tables()
    order = _order(straight_beats_trips)
    values = np.zeros_like(holdem.values)
    multisets = _multisets((5, 6, 7))
    best = [order[shortdeck_best_from_ranks(c, False, straight_beats_trips)] for c in multisets]
    values[shortdeck_slots(multisets)] = best
    low = (1 << LOWEST_RANK) - 1
    for mask in range(FLUSH_SIZE):
        if mask & low == 0 and mask.bit_count() >= 5:
            counts = tuple((mask >> r) & 1 for r in range(13))
            values[mask] = order[shortdeck_best_from_ranks(counts, True)]
    values.flags.writeable = False
    return HoldemTables(holdem.card_keys, holdem.suit_bits, holdem.offsets, values)


def shortdeck_tables(rules: Any = None) -> HoldemTables:
    """The short-deck tables of ``rules`` (read-only; built once per order).

    ``rules`` is a :class:`equity.evaluators.shortdeck.ShortDeckRules` or None (the
    default order, three of a kind above a straight).  The card keys, suit
    bits and offsets are hold'em's own arrays; ``values`` is the short
    deck's (see the module doc).

    Examples
    --------
    >>> t = shortdeck_tables()
    >>> t.values.shape == holdem_tables().values.shape, t.card_keys is holdem_tables().card_keys
    (True, True)
    """
    return _tables(straight_beats_trips_of(rules))


@functools.cache
def _components(straight_beats_trips: bool) -> dict[int, tuple[str, tuple[int, ...]]]:
    return {value: hand for hand, value in _order(straight_beats_trips).items()}


def shortdeck_value_components(
    value: int, straight_beats_trips: bool = False
) -> tuple[str, tuple[int, ...]]:
    """Return ``(category name, tiebreak ranks)`` of a short-deck hand value.

    Examples
    --------
    >>> shortdeck_value_components(4 << 12)  # the weakest straight of the default order
    ('straight', (7,))
    >>> shortdeck_value_components(4 << 12, straight_beats_trips=True)[0]
    'three of a kind'
    """
    found = _components(bool(straight_beats_trips)).get(int(value))
    if found is None:
        raise ValueError(f"{value!r} is not a short-deck hand value")
    return found


def describe_shortdeck_value(value: int, straight_beats_trips: bool = False) -> str:
    """Describe a short-deck hand value in words (``"straight, Nine high"``).

    Examples
    --------
    >>> describe_shortdeck_value(4 << 12)
    'straight, Nine high'
    >>> describe_shortdeck_value(7 << 12 | 119)
    'flush, Ace high'
    """
    category, ranks = shortdeck_value_components(value, straight_beats_trips)
    name = [RANK_NAMES[r] for r in ranks]
    plural = [n + ("es" if n == "Six" else "s") for n in name]
    if category == "straight flush":
        return "royal flush" if ranks[0] == 12 else f"straight flush, {name[0]} high"
    if category == "four of a kind":
        return f"four of a kind, {plural[0]}, {name[1]} kicker"
    if category == "full house":
        return f"full house, {plural[0]} over {plural[1]}"
    if category in ("flush", "straight"):
        return f"{category}, {name[0]} high"
    if category == "three of a kind":
        return f"three of a kind, {plural[0]}"
    if category == "two pair":
        return f"two pair, {plural[0]} and {plural[1]}"
    if category == "pair":
        return f"pair of {plural[0]}"
    return f"{name[0]} high"


register_tables("shortdeck", shortdeck_tables)
