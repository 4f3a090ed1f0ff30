"""Partly known cards as sets: every set of cards that fits a pattern, and hands as ranges.

A pattern (:func:`equity.cards.parse_card_pattern`) is one mask of allowed
cards per slot: ``As`` one card, ``A`` any ace, ``c`` any club, ``*`` any card.
A set of cards *fits* a pattern of as many slots when its cards can be given
one to one to the slots, each card to a slot that allows it (a bipartite
matching).  Sets, not sequences: ``A *`` holds every hand with at least one
ace, and ``AsAh`` is in it once, not twice.  :func:`fitting_sets` lists the
fitting sets; :func:`pattern_range` turns a hand pattern into a range of those
hands, weight 1 each, which the engine's range machinery deals jointly and
without bias (uniform over the deals that fit every player at once).

Examples
--------
>>> from equity.cards import parse_card_pattern
>>> len(fitting_sets(parse_card_pattern("A *"), (1 << 52) - 1))
198
>>> len(fitting_sets(parse_card_pattern("A c"), (1 << 52) - 1))
51
>>> r = pattern_range("A c", 2, (1 << 52) - 1)
>>> r.text, len(r)
('A c', 51)
"""

from __future__ import annotations

from math import comb

import numpy as np

from ..cards import ANY_CARD, format_pattern, parse_card_pattern
from .omaha import MAX_PATTERN_HANDS, cards_of_masks

__all__ = ["MAX_SCAN", "HandPattern", "PatternTooBroad", "fitting_sets", "pattern_range"]

MAX_SCAN = 3_000_000
"""The most candidate sets :func:`fitting_sets` examines (``C(52, 5)`` = 2,598,960 fits)."""


class PatternTooBroad(ValueError):
    """A pattern with more candidate sets than :data:`MAX_SCAN`; ``size`` is their number."""

    def __init__(self, size: int) -> None:
        self.size = size
        super().__init__(f"{size:,} candidate sets (the limit is {MAX_SCAN:,})")


def _popcount(masks: np.ndarray) -> np.ndarray:
    return np.bitwise_count(masks)


def _subsets(cards: list[int], k: int) -> np.ndarray:
    """``uint64`` masks of every ``k`` of ``cards`` (each set once)."""
    level = [np.zeros(1, dtype=np.uint64)] + [np.zeros(0, dtype=np.uint64)] * k
    for card in cards:
        bit = np.uint64(1 << card)
        for j in range(k, 0, -1):
            if len(level[j - 1]):
                level[j] = np.concatenate([level[j], level[j - 1] | bit])
    return level[k]


def fitting_sets(slots: tuple[int, ...] | list[int], allowed: int) -> np.ndarray:
    """``uint64`` masks (decreasing) of the sets of cards from ``allowed`` that fit ``slots``.

    A card slot forces its card (no other card fits it), so the other slots
    are matched among the rest; a set fits the remaining slots exactly when
    Hall's condition holds: every group of constrained slots can reach at
    least as many of the set's cards as it has slots (``*`` slots reach every
    card).  Raises :class:`PatternTooBroad` when more than :data:`MAX_SCAN`
    candidate sets would be examined.
    """
    fixed = 0
    rest: list[int] = []
    for m in slots:
        m &= allowed
        if m and not m & (m - 1):
            if fixed & m:
                return np.zeros(0, dtype=np.uint64)
            fixed |= m
        else:
            rest.append(m)
    pool = allowed & ~fixed
    rest = [m & pool for m in rest]
    if any(m == 0 for m in rest):
        return np.zeros(0, dtype=np.uint64)
    constrained = [m for m in rest if m != pool]
    reach = pool
    if len(constrained) == len(rest):
        reach = 0
        for m in constrained:
            reach |= m
    cards = [c for c in range(52) if (reach >> c) & 1]
    size = comb(len(cards), len(rest))
    if size > MAX_SCAN:
        raise PatternTooBroad(size)
    masks = _subsets(cards, len(rest))
    keep = np.ones(len(masks), dtype=bool)
    for group in range(1, 1 << len(constrained)):
        union = 0
        for i, m in enumerate(constrained):
            if group >> i & 1:
                union |= m
        keep &= _popcount(masks & np.uint64(union)) >= group.bit_count()
    out = masks[keep] | np.uint64(fixed)
    return np.sort(out)[::-1].copy()


class HandPattern:
    """A hand of partly known cards as a range: every hand fitting it, weight 1 each.

    Shapes
    ------
    combos : uint8[n, n_hole], each row highest card first, rows in decreasing order
    weights : float64[n], all 1.0
    """

    __slots__ = ("combos", "slots", "text", "weights")

    def __init__(self, slots: tuple[int, ...], combos: np.ndarray) -> None:
        self.slots = slots
        self.text = format_pattern(slots)
        self.combos = combos
        self.weights = np.ones(len(combos))

    def __len__(self) -> int:
        """Hands fitting the pattern."""
        return len(self.combos)

    def __repr__(self) -> str:
        """``HandPattern('A c', 51 hands)``."""
        return f"HandPattern({self.text!r}, {len(self):,} hands)"


def pattern_range(text: str | tuple[int, ...], n_hole: int, deck_mask: int) -> HandPattern:
    """The hands of ``n_hole`` cards of the deck ``deck_mask`` that fit the pattern ``text``.

    Raises ``ValueError`` (one sentence quoting the hand) when the pattern
    has another number of slots, fits no hand of the deck, or is too broad to
    list (more than :data:`MAX_SCAN` candidates or
    :data:`~equity.ranges.omaha.MAX_PATTERN_HANDS` hands, as Omaha patterns).
    """
    slots = parse_card_pattern(text) if isinstance(text, str) else tuple(text)
    shown = format_pattern(slots)
    if len(slots) != n_hole:
        raise ValueError(
            f"hand {shown!r} has {len(slots)} card{'s' if len(slots) != 1 else ''}; "
            f"a hand has {n_hole} here"
        )
    try:
        masks = fitting_sets(slots, deck_mask & ANY_CARD)
    except PatternTooBroad as exc:
        raise ValueError(
            f"hand {shown!r} fits too many hands to list ({exc.size:,} to examine, the limit "
            f"is {MAX_SCAN:,}); name more of its cards or give 'random'"
        ) from None
    if not len(masks):
        raise ValueError(f"hand {shown!r} fits no hand of the deck")
    if len(masks) > MAX_PATTERN_HANDS:
        raise ValueError(
            f"hand {shown!r} fits {len(masks):,} hands, more than MAX_PATTERN_HANDS = "
            f"{MAX_PATTERN_HANDS:,} can list; name more of its cards or give 'random'"
        )
    return HandPattern(slots, cards_of_masks(masks, n_hole))
