"""Short-deck (six-plus) hold'em: 36 cards, sixes to aces, the best five of seven."""

from __future__ import annotations

from dataclasses import dataclass

from ._base import KERNEL_TABLE, Game, RuleOption

__all__ = [
    "SHORTDECK",
    "SHORTDECK_CATEGORIES",
    "SHORTDECK_CATEGORIES_STRAIGHT_BEATS_TRIPS",
    "SHORTDECK_RULE",
    "ShortDeckRules",
]

SHORTDECK_CATEGORIES = (
    "straight flush",
    "four of a kind",
    "flush",
    "full house",
    "three of a kind",
    "straight",
    "two pair",
    "pair",
    "high card",
)
"""Category names, strongest first, default order: a flush above a full house and three
of a kind above a straight.  A hand value's category code ``value >> 12`` is
``9 - index``."""

SHORTDECK_CATEGORIES_STRAIGHT_BEATS_TRIPS = (
    "straight flush",
    "four of a kind",
    "flush",
    "full house",
    "straight",
    "three of a kind",
    "two pair",
    "pair",
    "high card",
)
"""Category names, strongest first, with the straight-beats-trips rule."""

SHORTDECK_RULE = (
    "Short-deck (six-plus) hold'em deals from 36 cards, sixes to aces: two hole cards, a "
    "board of five, the best five of the seven. The ace plays low only in A-6-7-8-9, the "
    "lowest straight (and straight flush); there is no A-2-3-4-5. A flush beats a full "
    "house. Three of a kind beats a straight, as most rooms play today; with "
    "--straight-beats-trips a straight beats three of a kind."
)
"""The short-deck rules, in the words used by the docs, the rules page and the README."""


@dataclass(frozen=True)
class ShortDeckRules:
    """House rules of a short-deck game: the order of a straight and three of a kind.

    Examples
    --------
    >>> ShortDeckRules().categories[4:6]
    ('three of a kind', 'straight')
    >>> ShortDeckRules(straight_beats_trips=True).categories[4:6]
    ('straight', 'three of a kind')
    """

    straight_beats_trips: bool = False
    """Rank a straight above three of a kind (the older order); by default three of a
    kind beats a straight."""

    def __post_init__(self) -> None:
        """Validate the flag."""
        if not isinstance(self.straight_beats_trips, bool):
            raise ValueError(
                f"straight_beats_trips must be True or False, got {self.straight_beats_trips!r}"
            )

    @classmethod
    def from_flags(cls, straight_beats_trips: bool = False) -> ShortDeckRules:
        """The rules of the command-line flags (``--straight-beats-trips``)."""
        return cls(straight_beats_trips=bool(straight_beats_trips))

    @property
    def categories(self) -> tuple[str, ...]:
        """Category names of this order, strongest first."""
        if self.straight_beats_trips:
            return SHORTDECK_CATEGORIES_STRAIGHT_BEATS_TRIPS
        return SHORTDECK_CATEGORIES


SHORTDECK = Game(
    name="shortdeck",
    title="Short-deck hold'em (36 cards, best 5 of 7)",
    summary="short-deck (six-plus) hold'em, 36 cards",
    hole_cards=2,
    board_sizes=(0, 3, 4, 5),
    players=(2, 15),
    categories=SHORTDECK_CATEGORIES,
    hand_sizes=(5, 6, 7),
    exact_odds=True,
    kernel=KERNEL_TABLE,
    ranges=True,
    rules=(
        RuleOption(
            "straight_beats_trips",
            "--straight-beats-trips",
            "a straight beats three of a kind",
        ),
    ),
    rules_class=ShortDeckRules,
    lowest_rank=4,
    tables="shortdeck",
    rule_text=SHORTDECK_RULE,
    evaluator="shortdeck",
)
"""Short-deck hold'em: 2 to 15 players (36 cards: 2 * 15 hole cards and a board of five)."""
