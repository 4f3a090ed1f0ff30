"""Exact preflop equity of each hand class against one random hand, and its ranking.

The counts ship in ``equity/data/preflop_vs_random.npz`` (rebuilt by
``python tools/build_preflop_vs_random.py``); they order the 169 classes for
the top-percent range terms (``15%``).
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction
from importlib import resources

import numpy as np

from .classes import ALL_COMBOS, CLASS_MEMBERS, CLASS_SIZES, CLASSES, N_COMBOS

__all__ = ["preflop_equity_vs_random", "preflop_ranking", "top_percent"]

_PREFLOP_FILE = "preflop_vs_random.npz"
"""File name of the shipped counts under ``equity/data/``."""


def _compute_preflop_counts() -> dict[str, tuple[int, int, int]]:
    """Run the board sweep (seconds) and reduce it to per-combo class counts."""
    from ..kernels.preflop import TOTAL_PER_COMBO, combo_counts_vs_random
    from ..lookup import holdem_tables

    counts = combo_counts_vs_random(holdem_tables())
    lo, hi = ALL_COMBOS[:, 1], ALL_COMBOS[:, 0]
    per_combo = counts[lo, hi]  # int64[1326, 3]
    out = {}
    for k, label in enumerate(CLASSES):
        sums = per_combo[CLASS_MEMBERS[k]].sum(axis=0)
        n = int(CLASS_SIZES[k])
        if np.any(sums % n) or sums[2] != n * TOTAL_PER_COMBO:
            raise RuntimeError(f"inconsistent preflop counts for {label}: {sums.tolist()}")
        win, tie, total = (int(x) // n for x in sums)
        out[label] = (win, tie, total)
    return out


@functools.cache
def _shipped_preflop_counts() -> tuple[tuple[int, int, int], ...]:
    """Read the shipped ``(wins, ties, total)`` of each class, :data:`CLASSES` order."""
    path = resources.files("equity") / "data" / _PREFLOP_FILE
    with resources.as_file(path) as p, np.load(p) as data:
        if tuple(data["classes"].tolist()) != CLASSES:
            raise RuntimeError(f"{_PREFLOP_FILE} lists the classes in another order")
        rows = np.stack([data["win"], data["tie"], data["total"]], axis=1)
    return tuple((int(w), int(t), int(n)) for w, t, n in rows)


def preflop_equity_vs_random(recompute: bool = False) -> dict[str, tuple[int, int, int]]:
    """Exact all-in equity of each hand class against one uniformly random hand.

    For one combo of each class (every combo of a class has the same counts)
    returns ``(wins, ties, total)`` over all ``total = C(50, 5) * C(45, 2) =
    2,097,572,400`` (board, opponent hand) deals; the equity is
    ``(wins + ties / 2) / total``.  The counts ship in
    ``equity/data/preflop_vs_random.npz``; ``recompute=True`` runs the board
    sweep of :mod:`equity.kernels.preflop` instead (a few seconds), and
    ``python tools/build_preflop_vs_random.py`` rewrites the file.

    Examples
    --------
    >>> counts = preflop_equity_vs_random()
    >>> win, tie, total = counts["AA"]
    >>> total, round((win + tie / 2) / total, 4)
    (2097572400, 0.852)
    """
    if recompute:
        return _compute_preflop_counts()
    return dict(zip(CLASSES, _shipped_preflop_counts(), strict=False))


@functools.cache
def _ranking_indices() -> tuple[int, ...]:
    """Grid indices of the 169 classes, strongest first (ties in :data:`CLASSES` order)."""
    counts = _shipped_preflop_counts()
    # Same total for every class, so 2 * wins + ties orders the equities exactly.
    return tuple(sorted(range(169), key=lambda k: (-(2 * counts[k][0] + counts[k][1]), k)))


def preflop_ranking() -> tuple[str, ...]:
    """Return the 169 classes, strongest first, by exact equity against a random hand.

    Ties (equal counts) keep :data:`CLASSES` order.

    Examples
    --------
    >>> preflop_ranking()[:5]
    ('AA', 'KK', 'QQ', 'JJ', 'TT')
    >>> preflop_ranking()[-1]
    '32o'
    """
    return tuple(CLASSES[k] for k in _ranking_indices())


def top_percent(pct: Fraction) -> np.ndarray:
    """Combo indices of the strongest ``pct`` percent (see :mod:`equity.ranges`)."""
    target = max(1, math.floor(pct * N_COMBOS / 100 + Fraction(1, 2)))
    taken: list[np.ndarray] = []
    n = 0
    for k in _ranking_indices():
        if n >= target:
            break
        taken.append(CLASS_MEMBERS[k])
        n += CLASS_SIZES[k]
    return np.concatenate(taken)
