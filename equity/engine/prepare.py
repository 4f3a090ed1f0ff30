"""The engine's one way in for a deal: :func:`prepare` validates it into a :class:`~.job.Job`.

Games whose hands are dealt whole go through :func:`.job.prepare_whole_hands`;
the stud family, whose hands may be short or partly known, through
:func:`.stud.prepare_stud`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..games import Game
from ..games import game as get_game
from .job import Job, prepare_whole_hands
from .stud import prepare_stud

__all__ = ["prepare"]


def prepare(
    hands: Sequence[object],
    board: object,
    dead: object,
    game: str | Game,
    rules: Any,
    independent_decks: bool,
) -> Job:
    """Validate a deal of ``game`` and describe it as a :class:`~.job.Job`."""
    g = get_game(game)
    if not g.stud_family:
        return prepare_whole_hands(hands, board, dead, g, rules, independent_decks)
    if isinstance(hands, (str, bytes)):
        raise ValueError("hands must be a list of hands, one per player")
    g.check_players(len(hands))
    if independent_decks:
        raise ValueError(f"independent decks are not a dealing mode of {g.name}")
    return prepare_stud(hands, board, dead, g, rules)
