"""Analyses built on the engine: hand-category frequencies (and more to come).

Each analysis is one module; the public names are re-exported here.
"""

from __future__ import annotations

from .distribution import EquityDistribution, PlayerDistribution, distribution
from .frequencies import SPECIAL_235, FrequencyTable, category_frequencies
from .streets import StreetsResult, streets

__all__ = [
    "SPECIAL_235",
    "EquityDistribution",
    "FrequencyTable",
    "PlayerDistribution",
    "StreetsResult",
    "category_frequencies",
    "distribution",
    "streets",
]
