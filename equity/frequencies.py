"""Hand-category frequencies: exhaustive counts or Monte-Carlo, beside the exact odds.

:func:`category_frequencies` answers "how often is each category dealt?"
for five-card poker (``"five"``), the best five of seven (``"holdem"``)
and Zha Jin Hua (``"zjh"``), either by enumerating every hand (exact) or by
dealing random hands in the batched kernels (Monte-Carlo, with standard
errors and 95% intervals), always next to the closed-form probabilities of
:mod:`equity.odds`.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from math import comb
from typing import TYPE_CHECKING

import numba
import numpy as np

from .kernels import holdem as _holdem
from .kernels import zjh as _zjh
from .kernels.rng import batch_seeds
from .odds import category_probabilities
from .stats import chi_square_test
from .tables import CATEGORIES, holdem_tables

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["GAMES", "FrequencyTable", "category_frequencies"]

GAMES = ("holdem", "five", "zjh")
"""Hand systems: best five of seven, five-card poker, Zha Jin Hua."""
_N_CARDS = {"holdem": 7, "five": 5, "zjh": 3}
_Z95 = 1.959963984540054
SPECIAL_235 = "special 2-3-5"


@dataclass(frozen=True)
class FrequencyTable:
    """Category counts of ``hands`` dealt hands, beside the exact odds.

    ``method`` is ``"exact"`` (every hand enumerated: the counts are the
    exact distribution) or ``"monte-carlo"`` (random hands from ``seed``).
    Categories are listed strongest first.  For Zha Jin Hua the extra row
    ``"special 2-3-5"`` counts off-suit 2-3-5 hands, a subset of high card.
    """

    game: str
    method: str
    hands: int
    counts: dict[str, int]
    exact_probabilities: dict[str, float]
    seed: int | None = None
    elapsed_s: float = 0.0
    extra: dict[str, object] = field(default_factory=dict)

    def to_frame(self) -> pd.DataFrame:
        """One row per category with frequency, error, SE, z and 95% interval.

        For Monte-Carlo counts the standard error is the binomial one,
        ``sqrt(p (1 - p) / n)`` with the exact ``p``; ``z`` is the error in
        standard errors.  For exact counts SE and z are zero.
        """
        import pandas as pd

        rows = []
        n = self.hands
        for name, count in self.counts.items():
            p = self.exact_probabilities[name]
            freq = count / n
            se = math.sqrt(p * (1 - p) / n) if self.method == "monte-carlo" else 0.0
            half = _Z95 * math.sqrt(freq * (1 - freq) / n) if self.method == "monte-carlo" else 0.0
            rows.append(
                {
                    "category": name,
                    "count": count,
                    "frequency": freq,
                    "exact_probability": p,
                    "abs_error": freq - p,
                    "rel_error": (freq - p) / p if p else math.nan,
                    "stderr": se,
                    "z": (freq - p) / se if se else 0.0,
                    "ci95_low": max(freq - half, 0.0),
                    "ci95_high": min(freq + half, 1.0),
                }
            )
        return pd.DataFrame(rows).set_index("category")

    def chi_square(self) -> tuple[float, float]:
        """Pearson goodness of fit against the exact odds: ``(statistic, p_value)``.

        Uses the disjoint categories only (the 2-3-5 row is a subset).
        """
        names = [c for c in self.counts if c != SPECIAL_235]
        observed = [self.counts[c] for c in names]
        expected = [self.exact_probabilities[c] * self.hands for c in names]
        return chi_square_test(observed, expected)

    def to_dict(self) -> dict[str, object]:
        """Plain data (the ``equity freq --json`` object)."""
        out: dict[str, object] = {
            "game": self.game,
            "method": self.method,
            "hands": self.hands,
            "categories": dict(self.counts),
            "exact_probabilities": dict(self.exact_probabilities),
            "seed": self.seed,
            "elapsed_s": round(self.elapsed_s, 6),
        }
        if self.method == "monte-carlo":
            stat, p = self.chi_square()
            out["chi_square"] = {"statistic": stat, "p_value": p}
        return out


def _names(game: str) -> tuple[str, ...]:
    if game == "zjh":
        from .zjh import ZJH_CATEGORIES

        return (*ZJH_CATEGORIES, SPECIAL_235)
    return tuple(reversed(CATEGORIES))


def _from_codes(game: str, by_code: np.ndarray) -> dict[str, int]:
    """Turn per-code counts (column = kernel category code) into named counts."""
    if game == "zjh":
        from .zjh import ZJH_CATEGORIES

        # default order: code 1 high card .. 6 bomb; column 7 is the 2-3-5 count
        named = {ZJH_CATEGORIES[6 - code]: int(by_code[code]) for code in range(1, 7)}
        named[SPECIAL_235] = int(by_code[7])
    else:
        named = {CATEGORIES[code - 1]: int(by_code[code]) for code in range(1, 10)}
    return {name: named[name] for name in _names(game)}


def _exact_by_code(game: str) -> np.ndarray:
    if game == "zjh":
        from itertools import combinations

        from .zjh import evaluate_zjh_batch, special_235_batch

        hands = np.array(list(combinations(range(52), 3)), dtype=np.uint8)
        codes = evaluate_zjh_batch(hands) >> _zjh.CATEGORY_SHIFT
        by_code = np.bincount(codes, minlength=8).astype(np.int64)
        by_code[7] = int(special_235_batch(hands).sum())
        return by_code
    tables = holdem_tables()
    if game == "five":
        values = np.zeros(1 << 16, dtype=np.int64)
        _holdem.exact_value_counts5(*tables, values)
    else:
        per_card = np.zeros((52, 1 << 16), dtype=np.int64)
        with numba.parallel_chunksize(1):
            _holdem.exact_value_counts7(*tables, per_card)
        values = per_card.sum(axis=0)
    return np.bincount(np.arange(1 << 16) >> 12, weights=values, minlength=16).astype(np.int64)


def _sample_by_code(game: str, trials: int, seed: int, batch_size: int) -> np.ndarray:
    n_batches = -(-trials // batch_size)
    seeds = batch_seeds(seed, n_batches)
    if game == "zjh":
        out = np.zeros((n_batches, 8), dtype=np.int64)
        _zjh.sample_category_counts(seeds, batch_size, trials, False, out)
    else:
        out = np.zeros((n_batches, 16), dtype=np.int64)
        _holdem.sample_category_counts(
            seeds, batch_size, trials, _N_CARDS[game], *holdem_tables(), out
        )
    return out.sum(axis=0)


def category_frequencies(
    game: str = "holdem",
    *,
    exact: bool = False,
    trials: int = 1_000_000,
    seed: int | None = None,
    batch_size: int = 65_536,
) -> FrequencyTable:
    """Count hand categories for ``game``, exhaustively or by Monte-Carlo.

    Parameters
    ----------
    game : {"holdem", "five", "zjh"}
        Best five of seven, five-card poker, or Zha Jin Hua (three cards).
    exact : bool
        Enumerate every hand (C(52,7), C(52,5) or C(52,3)) instead of sampling.
    trials : int
        Number of random hands for Monte-Carlo.
    seed : int, optional
        Seed of the random streams; a fresh one is drawn (and recorded in
        the result) when omitted.  The same ``(seed, trials, batch_size)``
        gives the same counts on any number of threads.
    batch_size : int
        Hands per random stream.

    Examples
    --------
    >>> t = category_frequencies("five", exact=True)
    >>> t.counts["straight flush"], t.hands
    (40, 2598960)
    >>> category_frequencies("zjh", trials=1000, seed=1).hands
    1000
    """
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r} (expected one of {', '.join(GAMES)})")
    if not exact and (not isinstance(trials, (int, np.integer)) or trials <= 0):
        raise ValueError(f"trials must be a positive integer, got {trials!r}")
    if batch_size <= 0:
        raise ValueError(f"batch_size must be positive, got {batch_size!r}")
    start = time.perf_counter()
    if exact:
        by_code = _exact_by_code(game)
        hands, used_seed = comb(52, _N_CARDS[game]), None
    else:
        used_seed = int(np.random.SeedSequence().entropy % 2**63) if seed is None else int(seed)
        by_code = _sample_by_code(game, int(trials), used_seed, batch_size)
        hands = int(trials)
    probs = {k: float(v) for k, v in category_probabilities(game).items()}
    return FrequencyTable(
        game=game,
        method="exact" if exact else "monte-carlo",
        hands=hands,
        counts=_from_codes(game, by_code),
        exact_probabilities={name: probs[name] for name in _names(game)},
        seed=used_seed,
        elapsed_s=time.perf_counter() - start,
    )
