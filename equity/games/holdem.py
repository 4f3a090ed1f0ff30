"""Texas Hold'em: two hole cards, a board of five, the best five of seven."""

from __future__ import annotations

from ._base import KERNEL_TABLE, Game
from .poker_categories import POKER_CATEGORIES

__all__ = ["HOLDEM"]

HOLDEM = Game(
    name="holdem",
    title="Texas Hold'em (best 5 of 7)",
    summary="hold'em (best 5 of 5-7 cards)",
    hole_cards=2,
    board_sizes=(0, 3, 4, 5),
    players=(2, 23),
    categories=POKER_CATEGORIES,
    hand_sizes=(5, 6, 7),
    exact_odds=True,
    kernel=KERNEL_TABLE,
    ranges=True,
    rule_text=(
        "Texas Hold'em: two hole cards each and a board of five shared cards (flop, turn, "
        "river); a player's hand is the best five of their seven cards, with both, one or "
        "none of the hole cards. An ace plays high, or low in A-2-3-4-5, the lowest "
        "straight. Equal hands split the pot."
    ),
    preflop_table=True,
    two_boards=True,
)
"""Hold'em: 2 to 23 players (the deck's limit with a full board)."""
