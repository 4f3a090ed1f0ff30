"""Showdown categories of a job: the category each player ends with, and wins with.

:func:`exact_categories` enumerates them (every assignment of hole cards and
every board, :func:`equity.kernels.categories.enumerate_categories`);
``calculate(..., categories=True)`` attaches the result to an exact run as
:attr:`equity.results.EquityResult.category_counts`.  Monte-Carlo runs
count them in the same deals as the equity (:mod:`equity.analysis.deals`
re-deals the run's streams).  Games with the table evaluator (hold'em,
short deck, five-card poker); Zha Jin Hua and Omaha say so in one sentence.
"""

from __future__ import annotations

from math import comb
from typing import Any

import numpy as np

from ..games import KERNEL_TABLE
from ..kernels import categories as _categories
from ..kernels._jit import max_threads, warming
from ..kernels.scoring import KIND_FIXED
from ..results import CategoryCounts
from .exact import _assignments
from .job import Job

__all__ = ["CATEGORY_WORK_LIMIT", "CategoryCounts", "check_categories", "exact_categories"]

CATEGORY_WORK_LIMIT = 3_000_000_000
"""Hand evaluations :func:`exact_categories` takes on (about a minute on two cores); the
enumeration has none of the exact engine's shortcuts, so a preflop range spot that the
engine enumerates in a second may be far beyond it."""


def check_categories(job: Job) -> None:
    """Raise a one-sentence ``ValueError`` when ``job``'s game has no category counts."""
    if job.game.kernel != KERNEL_TABLE:
        raise ValueError(
            f"showdown categories are counted for hold'em, short deck and five-card poker, "
            f"not {job.game.name}"
        )


def category_names(job: Job) -> tuple[str, ...]:
    """The game's categories, strongest first (under the job's rules)."""
    rules = job.rules
    names = getattr(rules, "categories", None) if rules is not None else None
    return tuple(names) if names else tuple(job.game.categories)


def exact_categories(job: Job) -> CategoryCounts:
    """Enumerate the showdown categories of ``job`` (see the module doc).

    Raises a ``ValueError`` naming the work when it exceeds
    :data:`CATEGORY_WORK_LIMIT` hand evaluations.
    """
    check_categories(job)
    holes, weights, _ = _assignments(job)
    n_players = job.n_players
    k = job.board_total - len(job.board)
    # the cards an assignment leaves for the board: the live ones less the dealt holes
    n_avail = len(job.live_cards) - sum(job.n_hole for p in job.players if p.kind != KIND_FIXED)
    work = len(holes) * comb(max(n_avail, 0), k) * n_players
    if work > CATEGORY_WORK_LIMIT:
        raise ValueError(
            f"counting showdown categories by enumeration would take about {work:.2e} hand "
            f"evaluations (the limit is {CATEGORY_WORK_LIMIT:.0e}); use Monte-Carlo for them"
        )
    n_chunks = max(1, min(len(holes), 8 * max_threads()))
    cat_out = np.zeros((n_chunks, n_players, _categories.CATEGORY_CODES))
    win_out = np.zeros_like(cat_out)
    board = np.zeros(5, dtype=np.uint8)
    board[: len(job.board)] = job.board
    warming(_categories.enumerate_categories)
    _categories.enumerate_categories(
        np.ascontiguousarray(holes),
        np.ascontiguousarray(weights, dtype=np.float64),
        job.n_hole,
        board,
        len(job.board),
        np.asarray(job.live_cards, dtype=np.uint8),
        k,
        job.game.evaluator_tables(job.rules),
        cat_out,
        win_out,
    )
    return _by_name(job, cat_out.sum(axis=0), win_out.sum(axis=0), exact=True)


def _by_name(job: Job, ends: np.ndarray, wins: np.ndarray, *, exact: bool) -> CategoryCounts:
    """Reorder code columns (1 = weakest .. 9) to the category names, strongest first."""
    names = category_names(job)
    codes = [len(names) - i for i in range(len(names))]  # strongest first: 9, 8, ..., 1
    return CategoryCounts(
        names, ends[:, codes].copy(), wins[:, codes].copy(), float(ends[0].sum()), exact
    )


def counts_from_codes(job: Job, ends: Any, wins: Any, *, exact: bool) -> CategoryCounts:
    """:class:`CategoryCounts` from code-indexed arrays ``[n_players, 10]`` (Monte-Carlo)."""
    return _by_name(job, np.asarray(ends, dtype=float), np.asarray(wins, dtype=float), exact=exact)


def mc_categories(
    job: Job, seed: int, trials: int, batch_size: int, samples: int
) -> CategoryCounts:
    """Count the showdown categories of a Monte-Carlo run's own deals (re-dealt from its seed)."""
    raise ValueError("showdown categories are counted for exact runs only so far")
