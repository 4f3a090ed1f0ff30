"""Short-deck studies behind the ``omaha`` report page: exact odds and matchups.

Everything here is exact: every seven-card hand of the 36-card deck
enumerated (``category_frequencies("shortdeck", method="exact", rules=...)``)
and every board of a heads-up matchup (``calculate(..., method="exact")``),
under both orders of a straight and three of a kind, beside hold'em.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pandas as pd

from ..analysis.frequencies import category_frequencies
from ..control import Progress
from ..engine import calculate
from ..evaluators.odds import category_counts
from ..evaluators.shortdeck import ShortDeckRules
from ..games import game as get_game
from .page import SHORT_RUN_THREADS
from .studies_omaha import HOLDEM

__all__ = [
    "SHORTDECK_MATCHUPS",
    "SHORTDECK_ORDERS",
    "shortdeck_frequencies",
    "shortdeck_matchups",
]

SHORTDECK = "shortdeck"
"""The short-deck game of the registry."""

SHORTDECK_ORDERS: tuple[tuple[str, ShortDeckRules], ...] = (
    ("trips beat straight", ShortDeckRules()),
    ("straight beats trips", ShortDeckRules(straight_beats_trips=True)),
)
"""The two short-deck orders of a straight and three of a kind, default first."""

SHORTDECK_MATCHUPS: tuple[tuple[str, str, str], ...] = (
    ("Suited ace-king vs queens", "AsKs", "QhQd"),
    ("Ace-king vs suited jack-ten", "AhKd", "JcTc"),
    ("Aces vs suited connectors", "AsAh", "9c8c"),
    ("The lowest pair vs ace-king", "6c6d", "AhKs"),
)
"""``(name, hand, opponent)`` of the exact short-deck matchups, under both orders."""


def shortdeck_frequencies(*, progress: Progress | None = None) -> pd.DataFrame:
    """Exact seven-card category counts of short deck under both orders, and hold'em's.

    Short deck: every one of the C(36,7) = 8,347,680 hands enumerated
    (``category_frequencies("shortdeck", method="exact", rules=...)``) under
    each order of :data:`SHORTDECK_ORDERS` (``progress`` after each);
    hold'em: the closed form over C(52,7).

    Returns
    -------
    DataFrame
        Long format: ``deck`` (``"hold'em"`` or the short-deck order),
        ``category``, ``rank`` (1 = strongest under that order), ``count``,
        ``hands`` and ``probability``.

    Examples
    --------
    >>> df = shortdeck_frequencies()
    >>> df.groupby("deck", sort=False)["count"].sum().tolist()
    [133784560, 8347680, 8347680]
    """
    rows = []
    holdem = category_counts(HOLDEM)
    total = sum(holdem.values())
    order = get_game(HOLDEM).categories  # strongest first, as the short-deck tables
    for category in order:
        count = holdem[category]
        rank = order.index(category) + 1
        rows.append(
            {
                "deck": "hold'em",
                "category": category,
                "rank": rank,
                "count": count,
                "hands": total,
                "probability": count / total,
            }
        )
    for done, (label, rules) in enumerate(SHORTDECK_ORDERS, 1):
        table = category_frequencies(SHORTDECK, method="exact", rules=rules)
        for rank, (category, count) in enumerate(table.counts.items(), 1):
            rows.append(
                {
                    "deck": f"short deck, {label}",
                    "category": category,
                    "rank": rank,
                    "count": count,
                    "hands": table.hands,
                    "probability": count / table.hands,
                }
            )
        if progress is not None:
            progress(done, len(SHORTDECK_ORDERS))
    return pd.DataFrame(rows)


def shortdeck_matchups(
    matchups: Sequence[tuple[str, str, str]] = SHORTDECK_MATCHUPS,
    *,
    progress: Progress | None = None,
) -> pd.DataFrame:
    """Exact heads-up preflop equities in short deck under both orders, and in hold'em.

    Every board is enumerated: C(32,5) = 201,376 in short deck,
    C(48,5) = 1,712,304 in hold'em.  ``progress`` after each matchup.

    Returns
    -------
    DataFrame
        One row per (matchup, deck): ``matchup``, ``hand``, ``opponent``,
        ``deck`` (``"hold'em"`` or the short-deck order), ``boards``,
        ``equity``, ``win`` and ``tie`` of the first hand.

    Examples
    --------
    >>> df = shortdeck_matchups([("x", "AsKs", "QhQd")])
    >>> [round(float(e), 4) for e in df["equity"]]
    [0.4621, 0.5144, 0.5428]
    """
    rows = []
    decks: list[tuple[str, str, Any]] = [("hold'em", HOLDEM, None)]
    decks += [(f"short deck, {label}", SHORTDECK, rules) for label, rules in SHORTDECK_ORDERS]
    for done, (label, hand, opponent) in enumerate(matchups, 1):
        for deck, name, rules in decks:
            r = calculate(
                [hand, opponent],
                game=name,
                method="exact",
                rules=rules,
                threads=SHORT_RUN_THREADS,
            )
            rows.append(
                {
                    "matchup": label,
                    "hand": r.hands[0],
                    "opponent": r.hands[1],
                    "deck": deck,
                    "boards": int(r.samples),
                    "equity": float(r.equity[0]),
                    "win": float(r.win[0]),
                    "tie": float(r.tie[0]),
                }
            )
        if progress is not None:
            progress(done, len(matchups))
    return pd.DataFrame(rows)
