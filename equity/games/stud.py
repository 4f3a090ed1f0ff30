"""Seven-card stud: high, razz (ace-to-five low) and hi-lo eight or better."""

from __future__ import annotations

from ._base import KERNEL_STUD, RANKING_ACE_FIVE, RANKING_HIGH, Game
from .omaha import LOW_ORDER
from .poker_categories import POKER_CATEGORIES

__all__ = [
    "RAZZ",
    "RAZZ_CATEGORIES",
    "STUD",
    "STUD8",
    "STUD_DEAL_RULE",
]

STUD_DEAL_RULE = (
    "A hand is the cards a player holds so far, in dealing order: two to seven cards, the "
    "same number at every seat (down cards may be written in parentheses, '(AsKd)Qh'), or "
    "'random'; each player is dealt up to seven cards from what no one holds and is not "
    "dead (--dead: the folded up cards). There is no board. Up to 7 players; with 8 the "
    "deck runs short, and as the rooms rule the seventh card is then one card dealt face "
    "up and shared by every player (whenever the cards left cannot give every player a "
    "seventh card)."
)
"""How the stud games deal, for the rules pages and ``--help``."""

RAZZ_CATEGORIES = (
    "5-low",
    "6-low",
    "7-low",
    "8-low",
    "9-low",
    "10-low",
    "J-low",
    "Q-low",
    "K-low",
    "pair",
    "two pair",
    "three of a kind",
    "full house",
    "four of a kind",
)
"""Razz hands, best first: five different ranks named by the highest (aces low), then
the paired hands."""


def _stud(name: str, title: str, summary: str, rule: str, **kw: object) -> Game:
    return Game(
        name=name,
        title=title,
        summary=summary,
        hole_cards=7,
        board_sizes=(0,),
        players=(2, 8),
        hand_sizes=(5, 6, 7),
        kernel=KERNEL_STUD,
        exact_odds=True,
        short_hands="stud",
        min_cards=2,
        rule_text=rule + " " + STUD_DEAL_RULE,
        **kw,  # type: ignore[arg-type]
    )


STUD = _stud(
    "stud",
    "Seven-card stud (best 5 of 7)",
    "seven-card stud high",
    "Seven-card stud: seven cards each, no board; a player's hand is the best five of their "
    "seven, with the hold'em categories. An ace plays high, or low in A-2-3-4-5, the lowest "
    "straight. Equal hands split the pot.",
    categories=POKER_CATEGORIES,
    ranking=RANKING_HIGH,
    evaluator="poker",
)
"""Seven-card stud high."""

RAZZ = _stud(
    "razz",
    "Razz (seven-card stud, ace-to-five low)",
    "razz: seven-card stud, the lowest hand wins",
    "Razz: seven-card stud played for low, ace to five: a player's hand is the lowest five "
    "of their seven cards; aces are low, straights and flushes do not count, pairs are bad "
    "(any hand of five different ranks beats any pair), and the lowest hand wins, compared "
    "from its highest card down: 5-4-3-2-A is the best, 8-6-4-3-2 beats 8-7-2-A-3. Every "
    "hand qualifies. Equal hands split the pot.",
    categories=RAZZ_CATEGORIES,
    ranking=RANKING_ACE_FIVE,
    evaluator="razz",
)
"""Razz: seven-card stud for the ace-to-five low."""

STUD8 = _stud(
    "stud8",
    "Seven-card stud hi-lo eight or better",
    "seven-card stud hi-lo, eight or better",
    "Seven-card stud hi-lo eight or better: the pot splits between the best high hand "
    "(best five of seven) and the best qualifying low, chosen independently from the same "
    "seven cards. A low is five different ranks, eight or lower, aces low; straights and "
    "flushes do not count against it, and the lowest highest card wins (then the next). "
    "With no qualifying low the high hand takes the whole pot; tied hands split their "
    "half. A player's equity is the expected share of the pot.",
    categories=POKER_CATEGORIES,
    ranking=RANKING_HIGH,
    hilo=True,
    evaluator="stud8",
    rule_notes=(LOW_ORDER,),
)
"""Seven-card stud hi-lo, eight or better."""
