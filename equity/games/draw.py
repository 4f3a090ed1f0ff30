"""The single-draw games: five-card draw, deuce-to-seven lowball and badugi."""

from __future__ import annotations

from ._base import KERNEL_STUD, RANKING_BADUGI, RANKING_DEUCE_SEVEN, RANKING_HIGH, Game
from .poker_categories import POKER_CATEGORIES

__all__ = [
    "BADUGI",
    "BADUGI_CATEGORIES",
    "DEUCE_SEVEN",
    "DEUCE_SEVEN_CATEGORIES",
    "DRAW_RULE",
    "FIVE_DRAW",
    "TRIPLE_DRAW",
]

DRAW_RULE = (
    "One draw: a hand of all its cards stands pat; a hand of fewer cards is what the player "
    "keeps, and the draw deals the rest from what no one holds and is not dead (a hand of "
    "four of five cards draws one). The discards are dead cards: give them with --dead. "
    "'random' deals a whole hand. There is no board. Triple draw is not modelled: its "
    "equity depends on how each player draws, which a calculator cannot know."
)
"""How the single-draw games deal, for the rules pages and ``--help``."""

TRIPLE_DRAW = (
    "triple draw is not modelled: its equity depends on how each player draws at each of "
    "the three draws, which a calculator cannot know (the single-draw games are "
    "five-draw, deuce-seven and badugi)"
)
"""The answer to a request for a triple-draw game."""

DEUCE_SEVEN_CATEGORIES = (
    "7-low",
    "8-low",
    "9-low",
    "10-low",
    "J-low",
    "Q-low",
    "K-low",
    "A-high",
    *reversed(POKER_CATEGORIES[:-1]),  # pair .. straight flush: the worse, the better
)
"""Deuce-to-seven hands, best first: the worst high hands win."""

BADUGI_CATEGORIES = ("4-card badugi", "3-card hand", "2-card hand", "1-card hand")
"""Badugi hands, best first, by the cards of different ranks and suits that play."""


def _draw(name: str, title: str, summary: str, hole: int, rule: str, **kw: object) -> Game:
    return Game(
        name=name,
        title=title,
        summary=summary,
        hole_cards=hole,
        board_sizes=(0,),
        players=(2, 10),
        hand_sizes=(hole,),
        kernel=KERNEL_STUD,
        exact_odds=True,
        short_hands="draw",
        rule_text=rule + " " + DRAW_RULE,
        **kw,  # type: ignore[arg-type]
    )


FIVE_DRAW = _draw(
    "five-draw",
    "Five-card draw (single draw, high)",
    "five-card draw, one draw, high",
    5,
    "Five-card draw: five cards each, one draw, no board; a player's hand is their five "
    "cards after the draw, with the hold'em categories. An ace plays high, or low in "
    "A-2-3-4-5. Equal hands split the pot.",
    categories=POKER_CATEGORIES,
    ranking=RANKING_HIGH,
    evaluator="poker",
)
"""Five-card draw high."""

DEUCE_SEVEN = _draw(
    "deuce-seven",
    "Deuce-to-seven lowball (single draw)",
    "2-7 lowball, one draw: the worst high hand wins",
    5,
    "Deuce-to-seven (2-7) lowball: five cards each, one draw; the worst five-card poker "
    "hand wins. Aces are always high (A-2-3-4-5 is no straight, just ace-high), straights "
    "and flushes count against a hand, pairs are bad: 7-5-4-3-2 of mixed suits is the "
    "best, then 7-6-4-3-2. Equal hands split the pot.",
    categories=DEUCE_SEVEN_CATEGORIES,
    ranking=RANKING_DEUCE_SEVEN,
    evaluator="deuce-seven",
)
"""Deuce-to-seven single-draw lowball."""

BADUGI = _draw(
    "badugi",
    "Badugi (single draw)",
    "badugi, one draw: four cards of four ranks and suits",
    4,
    "Badugi: four cards each, one draw. A hand plays the most of its cards that have "
    "different ranks and different suits (a 4-card badugi beats any 3-card hand, which "
    "beats any 2-card hand); aces are low, and among hands of the same size the lowest "
    "wins, compared from the highest card down: 4-3-2-A is the best. Equal hands split "
    "the pot.",
    categories=BADUGI_CATEGORIES,
    ranking=RANKING_BADUGI,
    evaluator="badugi",
)
"""Single-draw badugi."""
