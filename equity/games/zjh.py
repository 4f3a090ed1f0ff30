"""Zha Jin Hua (炸金花): three cards each, no board, its own categories and house rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ._base import KERNEL_ZJH, Game, RuleOption

__all__ = ["SPECIAL_235", "SPECIAL_235_RULE", "ZJH", "ZJH_CATEGORIES", "ZJH_RULE", "ZJHRules"]

ZJH_CATEGORIES = ("bomb", "straight flush", "flush", "straight", "pair", "high card")
"""Category names, strongest first under the default order (a flush above a straight)."""

SPECIAL_235 = "special 2-3-5"
"""Name of the row counting off-suit 2-3-5 hands, a subset of high card."""

SPECIAL_235_RULE = (
    "With the 2-3-5 rule an off-suit 2-3-5 beats every bomb and loses to every other hand. "
    "The pot goes to the hands that no other hand beats; when every hand is beaten by "
    "another (the cycle 2-3-5 > bomb > any other hand > 2-3-5) the rule is set aside and "
    "the ordinary ranking decides, the 2-3-5 being a Five-high high card."
)
"""The 2-3-5 rule, in the words used by the docs, the rules page and the README."""

ZJH_RULE = (
    "Zha Jin Hua (炸金花): three cards each from a 52-card deck, no board; a player's "
    "hand is their three cards. A bomb (豹子) is three of a kind, a straight flush (顺金) "
    "three suited cards in sequence, a flush (金花) three of a suit, a straight (顺子) three "
    "in sequence, then pair (对子) and high card (单张). A-2-3 is the lowest straight, "
    "Q-K-A the highest, K-A-2 is no straight. Equal hands split the pot, unless "
    "--suit-tiebreak breaks the tie."
)
"""The Zha Jin Hua rules, in the words of the rules page (``equity rules zjh``)."""

_ORDERS = ("zjh", "straight_over_flush")


@dataclass(frozen=True)
class ZJHRules:
    """House rules of a Zha Jin Hua game.

    Examples
    --------
    >>> ZJHRules().categories[:4]
    ('bomb', 'straight flush', 'flush', 'straight')
    >>> ZJHRules(order="straight_over_flush").categories[:4]
    ('bomb', 'straight flush', 'straight', 'flush')
    >>> ZJHRules(order="poker")
    Traceback (most recent call last):
    ...
    ValueError: order must be one of ('zjh', 'straight_over_flush'), got 'poker'
    """

    special_235: bool = False
    """The 2-3-5 rule (:data:`SPECIAL_235_RULE`): an off-suit 2-3-5 beats every bomb
    and loses to every other hand."""
    suit_tiebreak: bool = False
    """Break rank ties by suit, spade > heart > club > diamond (the rules' flower order)."""
    order: Literal["zjh", "straight_over_flush"] = "zjh"
    """``"zjh"``: flush > straight; ``"straight_over_flush"`` (Teen Patti)."""

    def __post_init__(self) -> None:
        """Validate ``order``."""
        if self.order not in _ORDERS:
            raise ValueError(f"order must be one of {_ORDERS}, got {self.order!r}")

    @classmethod
    def from_flags(
        cls,
        special_235: bool = False,
        suit_tiebreak: bool = False,
        straight_over_flush: bool = False,
    ) -> ZJHRules:
        """The rules of the command-line flags (``straight_over_flush`` sets ``order``)."""
        order: Literal["zjh", "straight_over_flush"] = (
            "straight_over_flush" if straight_over_flush else "zjh"
        )
        return cls(special_235=special_235, suit_tiebreak=suit_tiebreak, order=order)

    @property
    def straight_over_flush(self) -> bool:
        """Whether a straight beats a flush."""
        return self.order == "straight_over_flush"

    @property
    def categories(self) -> tuple[str, ...]:
        """Category names, strongest first, under these rules."""
        if self.straight_over_flush:
            return ("bomb", "straight flush", "straight", "flush", "pair", "high card")
        return ZJH_CATEGORIES


ZJH = Game(
    name="zjh",
    title="Zha Jin Hua (3 cards)",
    summary="Zha Jin Hua, 3 cards",
    hole_cards=3,
    board_sizes=(0,),
    players=(2, 17),
    categories=ZJH_CATEGORIES,
    hand_sizes=(3,),
    exact_odds=True,
    kernel=KERNEL_ZJH,
    rules=(
        RuleOption(
            "special_235",
            "--special-235",
            "off-suit 2-3-5 beats a bomb, loses to all else",
            SPECIAL_235_RULE,
        ),
        RuleOption(
            "suit_tiebreak",
            "--suit-tiebreak",
            "suits break ties: spade > heart > club > diamond",
        ),
        RuleOption(
            "straight_over_flush",
            "--straight-over-flush",
            "a straight beats a flush (Teen Patti order)",
        ),
    ),
    rules_class=ZJHRules,
    subsets={SPECIAL_235: "high card"},
    evaluator="zjh",
    independent_decks=True,
    rule_text=ZJH_RULE,
)
"""Zha Jin Hua: 2 to 17 players."""
