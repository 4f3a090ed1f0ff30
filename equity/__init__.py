"""equity: fast, exact-where-possible poker equity and hand frequencies.

The public API, loaded lazily so that ``import equity`` (and the command
line) pays only for what it uses:

* :func:`calculate` — equity of hold'em, five-card or Zha Jin Hua hands,
  exact or Monte-Carlo (:class:`EquityResult`);
* :func:`evaluate`, :func:`evaluate_batch`, :func:`rank_hands`,
  :func:`compare_hands` — five- to seven-card poker hands;
* :func:`evaluate_zjh`, :func:`compare_zjh`, :func:`rank_zjh`,
  :class:`ZJHRules` — Zha Jin Hua;
* :func:`parse_range`, :class:`Range` — hold'em ranges;
* :func:`category_frequencies`, :func:`category_counts`,
  :func:`category_probabilities` — hand-category frequencies and exact odds;
* :func:`parse_cards`, :func:`format_cards` — cards.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

_EXPORTS = {
    "calculate": "simulate",
    "EquityResult": "results",
    "evaluate": "poker",
    "evaluate_batch": "poker",
    "rank_hands": "poker",
    "compare_hands": "poker",
    "PokerHand": "poker",
    "evaluate_zjh": "zjh",
    "evaluate_zjh_batch": "zjh",
    "compare_zjh": "zjh",
    "rank_zjh": "zjh",
    "ZJHRules": "zjh",
    "parse_range": "ranges",
    "Range": "ranges",
    "category_frequencies": "frequencies",
    "category_counts": "odds",
    "category_probabilities": "odds",
    "parse_cards": "cards",
    "format_cards": "cards",
}

__all__ = ["__version__", *sorted(_EXPORTS)]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'equity' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))
