"""The game registry: every fact about a game, declared once.

A game is one module of this package declaring a :class:`Game`: its deck,
hole cards, board sizes, player limits, category names (strongest first),
rule options and rules class, how its hands are evaluated by the kernels
and whether its exact category odds are known.  The engine, the frequency
counts, the odds, the command line (``--game`` choices and rule flags) and
the reports read them from :data:`GAMES`; nothing else lists games.  Adding a
game is one module plus its line in :data:`GAMES`.

The registry names no module above it: what only a higher module can compute
(a game's exact counts, an evaluator table set) is registered into it from
above when that module is imported (:func:`register_exact_counts`,
:func:`register_tables`).

The registry is light on purpose (no NumPy, no Numba): the command line
reads it before it knows which command runs.
"""

from __future__ import annotations

from ._base import (
    EVALUATORS,
    KERNEL_OMAHA,
    KERNEL_STUD,
    KERNEL_TABLE,
    KERNEL_ZJH,
    RANKING_HIGH,
    RANKINGS,
    Game,
    RuleOption,
    register_exact_counts,
    register_tables,
)
from .draw import BADUGI, DEUCE_SEVEN, FIVE_DRAW, TRIPLE_DRAW
from .five import FIVE
from .holdem import HOLDEM
from .omaha import COURCHEVEL, COURCHEVEL_HILO, OMAHA, OMAHA5, OMAHA5_HILO, OMAHA6, OMAHA_HILO
from .shortdeck import SHORTDECK
from .stud import RAZZ, STUD, STUD8
from .zjh import ZJH

__all__ = [
    "ALIASES",
    "EVALUATORS",
    "GAMES",
    "KERNEL_OMAHA",
    "KERNEL_STUD",
    "KERNEL_TABLE",
    "KERNEL_ZJH",
    "RANKINGS",
    "RANKING_HIGH",
    "Game",
    "RuleOption",
    "a_hand_of",
    "game",
    "game_names",
    "register_exact_counts",
    "register_tables",
]

GAMES: dict[str, Game] = {
    g.name: g
    for g in (
        FIVE,
        HOLDEM,
        OMAHA,
        OMAHA5,
        OMAHA6,
        OMAHA_HILO,
        OMAHA5_HILO,
        COURCHEVEL,
        COURCHEVEL_HILO,
        SHORTDECK,
        ZJH,
        STUD,
        RAZZ,
        STUD8,
        FIVE_DRAW,
        DEUCE_SEVEN,
        BADUGI,
    )
}
"""Every game, by name, in the order ``--game`` and the reports list them."""


ALIASES: dict[str, str] = {"bigo": "omaha5-hilo"}
"""Other names players use for a game of :data:`GAMES` (Big O: five-card Omaha hi-lo)."""


def a_hand_of(name: str) -> str:
    """``"a holdem hand"``, ``"an omaha hand"``: a game's hand in an error sentence."""
    return f"{'an' if name[:1] in ('a', 'e', 'i', 'o', 'u') else 'a'} {name} hand"


def game_names() -> tuple[str, ...]:
    """The names of :data:`GAMES`, e.g. for ``--game`` choices."""
    return tuple(GAMES)


def game(name: object) -> Game:
    """The :class:`Game` called ``name``, or a ``ValueError`` listing the games.

    Examples
    --------
    >>> game("zjh").hole_cards
    3
    >>> game("bridge")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'bridge' (expected one of five, holdem, omaha, ..., badugi)
    """
    if isinstance(name, Game):
        return name
    found = GAMES.get(ALIASES.get(name, name)) if isinstance(name, str) else None
    if found is None and isinstance(name, str) and "triple" in name.lower():
        raise ValueError(TRIPLE_DRAW)
    if found is None:
        raise ValueError(f"unknown game {name!r} (expected one of {', '.join(GAMES)})")
    return found
