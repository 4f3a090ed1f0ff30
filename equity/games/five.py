"""Five-card poker: five cards each, no board."""

from __future__ import annotations

from ._base import KERNEL_TABLE, Game
from .poker_categories import POKER_CATEGORIES

__all__ = ["FIVE"]

FIVE = Game(
    name="five",
    title="Five-card poker (5 cards)",
    summary="five-card poker",
    hole_cards=5,
    board_sizes=(0,),
    players=(2, 10),
    categories=POKER_CATEGORIES,
    hand_sizes=(5,),
    exact_odds=True,
    kernel=KERNEL_TABLE,
    rule_text=(
        "Five-card poker: five cards each, no board; a player's hand is their five cards. "
        "An ace plays high, or low in A-2-3-4-5, the lowest straight. Equal hands split the "
        "pot."
    ),
)
"""Five-card poker: 2 to 10 players."""
