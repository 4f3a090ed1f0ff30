"""Analyses built on the engine: hand-category frequencies (and more to come).

Each analysis is one module; the public names are re-exported here.
"""

from __future__ import annotations

from .frequencies import SPECIAL_235, FrequencyTable, category_frequencies

__all__ = ["SPECIAL_235", "FrequencyTable", "category_frequencies"]
