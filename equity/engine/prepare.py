"""The engine's one way in for a deal: :func:`prepare` validates it into a :class:`~.job.Job`.

The game's kernel family (:func:`.families.family`) is chosen here, once: it
validates the deal and is carried by the job (:attr:`.job.Job.family`).
Games whose hands are dealt whole go through :func:`.job.prepare_whole_hands`;
the stud family, whose hands may be short or partly known, through
:func:`.families.stud.prepare_stud`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..games import Game
from ..games import game as get_game
from .families import family
from .job import Job

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
    return family(g).prepare(hands, board, dead, g, rules, independent_decks)
