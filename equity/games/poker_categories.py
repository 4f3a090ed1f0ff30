"""Category names shared by the games scored by the five-to-seven-card evaluator."""

from __future__ import annotations

__all__ = ["POKER_CATEGORIES"]

POKER_CATEGORIES = (
    "straight flush",
    "four of a kind",
    "full house",
    "flush",
    "straight",
    "three of a kind",
    "two pair",
    "pair",
    "high card",
)
"""Poker categories, strongest first; a hand value's code ``value >> 12`` is ``9 - index``."""
