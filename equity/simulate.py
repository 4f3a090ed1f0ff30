"""Former home of the equity engine, now :mod:`equity.engine` (kept for one release)."""

from __future__ import annotations

from .engine import EXACT_AUTO_LIMIT, EXACT_HARD_LIMIT, TooLargeForExact, calculate
from .games import game_names

__all__ = ["EXACT_AUTO_LIMIT", "EXACT_HARD_LIMIT", "GAMES", "TooLargeForExact", "calculate"]

GAMES = game_names()
"""The game names (the registry is :data:`equity.games.GAMES`)."""
