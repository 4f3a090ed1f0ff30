"""Omaha: four, five or six hole cards, exactly two of them with exactly three of the board."""

from __future__ import annotations

from typing import Any

from ._base import KERNEL_OMAHA, Game
from .poker_categories import POKER_CATEGORIES

__all__ = [
    "COURCHEVEL",
    "COURCHEVEL_HILO",
    "COURCHEVEL_RULE",
    "HILO_RULE",
    "LOW_ORDER",
    "OMAHA",
    "OMAHA5",
    "OMAHA5_HILO",
    "OMAHA6",
    "OMAHA_HILO",
    "OMAHA_RULE",
]

OMAHA_RULE = (
    "Omaha: each player's hand is exactly two of their hole cards with exactly three of the "
    "five board cards (never one or three hole cards, never the board alone); the usual "
    "hold'em categories, straight flush first."
)
"""The Omaha hand rule, in the words of the docs and the rules page (``equity rules``)."""

HILO_RULE = (
    "Hi-lo eight or better: the pot splits between the best high hand and the best "
    "qualifying low, each made of exactly two hole cards and three board cards chosen "
    "independently.  A low is five different ranks, eight or lower, aces low; straights and "
    "flushes do not count against it, and the lowest highest card wins (then the next). With "
    "no qualifying low the high hand takes the whole pot; tied hands split their half "
    "(quartering).  A player's equity is the expected share of the pot."
)
"""The hi-lo rule, in the words of the docs and the rules page."""

LOW_ORDER = "Lows, best first: 5-4-3-2-A, 6-4-3-2-A, 6-5-3-2-A, ... 8-7-6-5-4."
"""The order of the eight-or-better lows, for the rules page."""


COURCHEVEL_RULE = (
    "Courchevel: five-card Omaha (five hole cards each) in which the first of the five board "
    "cards is dealt face up with the hole cards, before the first betting round; the flop "
    "adds two cards to it, then the turn and the river come as in Omaha. A known board "
    "therefore has 1 card (before the flop), 3, 4 or 5; with no board card known the spot "
    "is five-card Omaha (omaha5)."
)
"""The Courchevel deal, in the words of the docs and the rules page."""


def _omaha(name: str, hole: int, players: int, hilo: bool, **kw: Any) -> Game:
    kind = "hi-lo 8-or-better" if hilo else "high"
    fields: dict[str, Any] = {
        "title": f"Omaha {kind} ({hole} hole cards)",
        "summary": f"Omaha {kind}, {hole} hole cards (2 from the hand + 3 from the board)",
        "board_sizes": (0, 3, 4, 5),
        "rule_text": OMAHA_RULE + (" " + HILO_RULE if hilo else ""),
        "two_boards": True,
    }
    fields.update(kw)
    return Game(
        name=name,
        hole_cards=hole,
        players=(2, players),
        categories=POKER_CATEGORIES,
        hand_sizes=(hole + 5,),
        kernel=KERNEL_OMAHA,
        exact_odds=False,
        hilo=hilo,
        patterns=True,
        rule_notes=(LOW_ORDER,) if hilo else (),
        evaluator="omaha",
        **fields,
    )


def _courchevel(name: str, hilo: bool) -> Game:
    kind = "hi-lo 8-or-better" if hilo else "high"
    omaha5 = "omaha5-hilo" if hilo else "omaha5"
    return _omaha(
        name,
        5,
        9,
        hilo,
        title=f"Courchevel {kind} (five-card Omaha, first board card up)",
        summary=f"Courchevel {kind}: five-card Omaha with the first board card dealt up",
        board_sizes=(1, 3, 4, 5),
        two_boards=False,
        rule_text=COURCHEVEL_RULE + " " + OMAHA_RULE + (" " + HILO_RULE if hilo else ""),
        no_board=(
            f"{name} turns its first board card face up before the betting, so a board of at "
            f"least one card is required (got none); with no board card known the spot is "
            f"five-card Omaha: use --game {omaha5}"
        ),
    )


OMAHA = _omaha("omaha", 4, 11, hilo=False)
"""Pot-limit Omaha's hand (PLO4): 2 to 11 players."""
OMAHA5 = _omaha("omaha5", 5, 9, hilo=False)
"""Five-card Omaha (PLO5): 2 to 9 players."""
OMAHA6 = _omaha("omaha6", 6, 7, hilo=False)
"""Six-card Omaha (PLO6): 2 to 7 players."""
OMAHA_HILO = _omaha("omaha-hilo", 4, 11, hilo=True)
"""Omaha hi-lo eight or better (four hole cards)."""
OMAHA5_HILO = _omaha("omaha5-hilo", 5, 9, hilo=True)
"""Five-card Omaha hi-lo eight or better."""
COURCHEVEL = _courchevel("courchevel", hilo=False)
"""Courchevel: five-card Omaha with the first board card up before the betting; 2 to 9 players."""
COURCHEVEL_HILO = _courchevel("courchevel-hilo", hilo=True)
"""Courchevel hi-lo eight or better."""
