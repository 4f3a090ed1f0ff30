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
from typing import TYPE_CHECKING, Any

import numba
import numpy as np

from ..checks import (
    DEFAULT_TRIALS,
    MAX_TRIALS,
    check_positive,
    check_seed,
    check_trials,
    fresh_seed,
)
from ..control import Progress
from ..engine.executor import executor_for
from ..engine.rounds import one_thread, run_rounds
from ..games import KERNEL_ZJH, Game, game_names
from ..games import game as get_game
from ..games.zjh import SPECIAL_235
from ..kernels import holdem as _holdem
from ..kernels import zjh as _zjh
from ..kernels._jit import warming
from ..kernels.rng import batch_seeds
from ..lookup import holdem_tables
from ..odds import category_probabilities
from ..stats import Z95, chi_square_test

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["GAMES", "FrequencyTable", "category_frequencies"]

GAMES = game_names()
"""The game names (the registry is :data:`equity.games.GAMES`)."""


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
    interrupted: bool = False
    """True when Ctrl-C stopped the count: ``hands`` and the counts are those dealt so far."""
    stop_reason: str | None = None
    """Monte-Carlo: why dealing stopped (``"trials"``, ``"time"``, ``"interrupted"``)."""

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
            half = Z95 * math.sqrt(freq * (1 - freq) / n) if self.method == "monte-carlo" else 0.0
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

    def _repr_html_(self) -> str:
        """Notebook view: the :meth:`to_frame` table with a caption saying what it is."""
        what = (
            "exact, every hand enumerated"
            if self.method == "exact"
            else f"Monte-Carlo, seed {self.seed}" + (", interrupted" if self.interrupted else "")
        )
        caption = f"<p>{self.game}: {self.hands:,} hands, {what}</p>"
        return caption + self.to_frame().to_html(float_format=lambda x: f"{x:.6g}")

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
        subsets = get_game(self.game).subsets
        if subsets:
            out["subsets"] = dict(subsets)
        if self.method == "monte-carlo":
            stat, p = self.chi_square()
            out["chi_square"] = {"statistic": stat, "p_value": p}
            out["interrupted"] = self.interrupted
            out["stop_reason"] = self.stop_reason
        return out


def _names(g: Game, straight_over_flush: bool = False) -> tuple[str, ...]:
    """Row names: the categories, strongest first, then the game's subset rows."""
    categories = g.categories
    if straight_over_flush:
        categories = g.make_rules(straight_over_flush=True).categories
    return (*categories, *g.subsets)


def _from_codes(g: Game, by_code: np.ndarray, straight_over_flush: bool = False) -> dict[str, int]:
    """Turn per-code counts into named counts.

    Column ``code`` (1 = the weakest category) holds the kernel's category
    code; the subset rows follow in columns ``len(categories) + 1, ...``.
    """
    names = _names(g, straight_over_flush)
    n = len(g.categories)
    named = {names[n - code]: int(by_code[code]) for code in range(1, n + 1)}
    for k, row in enumerate(g.subsets, start=n + 1):
        named[row] = int(by_code[k])
    return {name: named[name] for name in names}


def _exact_by_code(g: Game, straight_over_flush: bool = False) -> np.ndarray:
    """Category counts of every hand of ``g`` (column = kernel category code)."""
    if g.kernel == KERNEL_ZJH:
        from itertools import combinations

        from ..zjh import ZJHRules, evaluate_zjh_batch, special_235_batch

        hands = np.array(list(combinations(range(52), 3)), dtype=np.uint8)
        rules = ZJHRules.from_flags(straight_over_flush=straight_over_flush)
        codes = evaluate_zjh_batch(hands, rules) >> _zjh.CATEGORY_SHIFT
        by_code = np.bincount(codes, minlength=8).astype(np.int64)
        by_code[7] = int(special_235_batch(hands).sum())
        return by_code
    tables = holdem_tables()
    five = g.frequency_cards == 5
    warming(_holdem.exact_value_counts5 if five else _holdem.exact_value_counts7)
    if five:
        values = np.zeros(1 << 16, dtype=np.int64)
        _holdem.exact_value_counts5(tables, values)
    else:
        plan = _holdem.seven_card_plan(numba.get_num_threads())
        per_thread = np.zeros((len(plan), 1 << 16), dtype=np.int64)
        _holdem.exact_value_counts7(tables, plan, per_thread)
        values = per_thread.sum(axis=0)
    return np.bincount(np.arange(1 << 16) >> 12, weights=values, minlength=16).astype(np.int64)


@dataclass(frozen=True)
class _FreqSpec:
    """What a frequency work unit needs (picklable, sent to Dask workers)."""

    game: str
    seed: int
    trials: int
    batch_size: int
    straight_over_flush: bool


def _freq_chunk(
    spec: _FreqSpec,
    first: int,
    run: int,
    threads: bool = True,
    tables: tuple[np.ndarray, ...] | None = None,
) -> np.ndarray:
    """Category counts of batches ``first .. first + run - 1``: the unit of work.

    Batch ``b`` deals from the stream of batch ``b`` wherever it runs, so the
    counts of a job do not depend on how it is cut into rounds, on the
    threads, or on whether it runs on Dask (``threads=False``: one thread).

    Shapes
    ------
    return : int64[16], column = kernel category code (Zha Jin Hua: 1..6 and
        7 for the off-suit 2-3-5 hands)
    """
    seeds = batch_seeds(spec.seed, run, first=first)
    g = get_game(spec.game)
    zjh = g.kernel == KERNEL_ZJH
    warming(_zjh.sample_category_counts if zjh else _holdem.sample_category_counts)
    with one_thread(not threads):
        if zjh:
            out = np.zeros((run, 8), dtype=np.int64)
            _zjh.sample_category_counts(
                seeds, spec.batch_size, spec.trials, first, spec.straight_over_flush, out
            )
        else:
            out = np.zeros((run, 16), dtype=np.int64)
            tables = tuple(holdem_tables()) if tables is None else tables
            _holdem.sample_category_counts(
                seeds, spec.batch_size, spec.trials, first, g.frequency_cards, tables, out
            )
    by_code = np.zeros(16, dtype=np.int64)
    by_code[: out.shape[1]] = out.sum(axis=0)
    return by_code


def _sample_by_code(
    spec: _FreqSpec,
    time_limit: float | None,
    progress: Progress | None,
    executor: Any,
) -> tuple[np.ndarray, int, str]:
    """Deal the job's hands in rounds: ``(counts by code, hands dealt, stop reason)``."""
    n_batches = -(-spec.trials // spec.batch_size)
    by_code = np.zeros(16, dtype=np.int64)
    tables = tuple(holdem_tables())

    def consume(first: int, run: int, counts: np.ndarray) -> None:
        by_code[...] += counts
        if progress is not None:
            progress(min(spec.trials, (first + run) * spec.batch_size), spec.trials)

    # a seven-card hand costs about one evaluation; fewer cards cost less
    evals = spec.batch_size * get_game(spec.game).frequency_cards // 7 + 1
    chunks = executor.ordered_batches(_freq_chunk, spec, n_batches, evals)
    done, reason = run_rounds(
        n_batches,
        lambda first, run: _freq_chunk(spec, first, run, tables=tables),
        consume,
        time_limit=time_limit,
        chunks=chunks,
    )
    hands = min(spec.trials, done * spec.batch_size)
    return by_code, hands, reason


def category_frequencies(
    game: str = "holdem",
    *,
    exact: bool = False,
    trials: int | None = None,
    seed: int | None = None,
    batch_size: int = 65_536,
    time_limit: float | None = None,
    rules: Any = None,
    progress: Progress | None = None,
    scheduler: Any = None,
) -> FrequencyTable:
    """Count hand categories for ``game``, exhaustively or by Monte-Carlo.

    Parameters
    ----------
    game : str
        A game of :data:`equity.games.GAMES`: ``"holdem"`` (best five of
        seven), ``"five"`` (five-card poker) or ``"zjh"`` (Zha Jin Hua).
    exact : bool
        Enumerate every hand (C(52,7), C(52,5) or C(52,3)) instead of sampling.
    trials : int, optional
        Number of random hands for Monte-Carlo: default 1,000,000, or no
        limit but :data:`MAX_TRIALS` when ``time_limit`` is given.
    seed : int, optional
        Seed of the random streams; a fresh one is drawn (and recorded in
        the result) when omitted.  The same ``(seed, trials, batch_size)``
        gives the same counts on any number of threads, locally or on Dask.
    batch_size : int
        Hands per random stream.
    time_limit : float, optional
        Stop dealing after about this many seconds (the counts so far).
    rules : equity.zjh.ZJHRules, optional
        Zha Jin Hua rules; they set the order of the categories (a straight
        above a flush with ``order="straight_over_flush"``), never the counts.
    progress : callable, optional
        Called as ``progress(done, total)`` after each round of hands.
    scheduler : str or distributed.Client, optional
        Deal on Dask, as in :func:`equity.calculate`; same counts.

    Hands are dealt in rounds of about a quarter of a second, so memory is
    bounded whatever ``trials`` and the first Ctrl-C stops the count with the
    hands dealt so far (``interrupted=True``).

    Examples
    --------
    >>> t = category_frequencies("five", exact=True)
    >>> t.counts["straight flush"], t.hands
    (40, 2598960)
    >>> category_frequencies("zjh", trials=1000, seed=1).hands
    1000
    """
    g = get_game(game)
    if exact and (trials is not None or time_limit is not None or seed is not None):
        raise ValueError("exact enumeration takes no trials, seed or time limit")
    trials = check_trials(trials, "trials")
    check_seed(seed)
    time_limit = check_positive(time_limit, "the time limit")
    if not isinstance(batch_size, (int, np.integer)) or batch_size <= 0:
        raise ValueError(f"batch_size must be a positive integer, got {batch_size!r}")
    straight_over_flush = _straight_over_flush(g, rules)
    start = time.perf_counter()
    # The closed forms first (a second for hold'em, then cached): Ctrl-C must not wait on them.
    probs = {k: float(v) for k, v in category_probabilities(game).items()}
    reason = None
    if exact:
        by_code = _exact_by_code(g, straight_over_flush)
        hands, used_seed = g.hands_dealt, None
    else:
        if trials is None:
            trials = MAX_TRIALS if time_limit is not None else DEFAULT_TRIALS
        used_seed = fresh_seed() if seed is None else int(seed)
        spec = _FreqSpec(g.name, used_seed, int(trials), int(batch_size), straight_over_flush)
        with executor_for(scheduler) as executor:
            by_code, hands, reason = _sample_by_code(spec, time_limit, progress, executor)
        if hands == 0:
            raise KeyboardInterrupt
    names = _names(g, straight_over_flush)
    return FrequencyTable(
        game=g.name,
        method="exact" if exact else "monte-carlo",
        hands=hands,
        counts=_from_codes(g, by_code, straight_over_flush),
        exact_probabilities={name: probs[name] for name in names},
        seed=used_seed,
        elapsed_s=time.perf_counter() - start,
        interrupted=reason == "interrupted",
        stop_reason=reason,
    )


def _straight_over_flush(g: Game, rules: Any) -> bool:
    """Whether the rules rank a straight above a flush (Zha Jin Hua only)."""
    if rules is None:
        return False
    if g.kernel != KERNEL_ZJH:
        raise ValueError(f"rules apply to Zha Jin Hua only, not {g.name!r}")
    from ..zjh import ZJHRules

    if not isinstance(rules, ZJHRules):
        raise ValueError(f"rules must be a ZJHRules, got {rules!r}")
    return rules.straight_over_flush
