"""Analyses built on the engine: frequencies, hits, deals, streets, distributions.

Each analysis is one module; the public names are re-exported here.
"""

from __future__ import annotations

from .deals import Deals, deal, deal_chunks
from .deck import Deck
from .distribution import distribution
from .double_deals import DoubleDeals
from .frequencies import SPECIAL_235, FrequencyTable, category_frequencies
from .hits import HitsResult, hits
from .streets import StreetsResult, streets

__all__ = [
    "SPECIAL_235",
    "Deals",
    "Deck",
    "DoubleDeals",
    "FrequencyTable",
    "HitsResult",
    "StreetsResult",
    "category_frequencies",
    "deal",
    "deal_chunks",
    "distribution",
    "hits",
    "streets",
]
