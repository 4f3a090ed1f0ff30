"""Showdown categories of a job: the category each player ends with, and wins with.

:func:`exact_categories` enumerates them (every assignment of hole cards and
every board, :func:`equity.kernels.categories.enumerate_categories`);
``calculate(..., categories=True)`` attaches the result to an exact run as
:attr:`equity.results.EquityResult.category_counts`; :func:`mc_categories`
counts them in a Monte-Carlo run's own deals (it
re-deals the run's streams, :mod:`equity.engine.record`).  Games with the
table evaluator (hold'em, short deck, five-card poker); Zha Jin Hua and
Omaha say so in one sentence.
"""

from __future__ import annotations

from math import comb

import numpy as np

from ..games import GAMES
from ..kernels import categories as _categories
from ..kernels._jit import max_threads, warming
from ..kernels.scoring import KIND_FIXED
from ..results import CategoryCounts
from .exact import assignments, suit_classes
from .job import Job
from .record import deal_plan, showdown

__all__ = ["CATEGORY_WORK_LIMIT", "CategoryCounts", "check_categories", "exact_categories"]

CATEGORY_WORK_LIMIT = 3_000_000_000
"""Hand evaluations :func:`exact_categories` takes on (about a minute on two cores); the
enumeration has none of the exact engine's shortcuts, so a preflop range spot that the
engine enumerates in a second may be far beyond it."""


def check_categories(job: Job) -> None:
    """Raise a one-sentence ``ValueError`` when ``job``'s game has no category counts."""
    if not job.game.showdown_categories:
        counted = ", ".join(g.name for g in GAMES.values() if g.showdown_categories)
        raise ValueError(f"showdown categories are counted for {counted}, not {job.game.name}")


def category_names(job: Job) -> tuple[str, ...]:
    """The game's categories, strongest first (under the job's rules)."""
    rules = job.rules
    names = getattr(rules, "categories", None) if rules is not None else None
    return tuple(names) if names else tuple(job.game.categories)


def exact_categories(
    job: Job, assigned: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
) -> CategoryCounts:
    """Enumerate the showdown categories of ``job`` (see the module doc).

    ``assigned`` is the job's assignments when the equity enumeration built
    them already.  As there, one assignment per class of suit-isomorphic
    assignments is enumerated, weighted by its class (a suit permutation
    that fixes the known cards maps boards onto boards, hands onto hands of
    the same category).  Raises a ``ValueError`` naming the work when it exceeds
    :data:`CATEGORY_WORK_LIMIT` hand evaluations.
    """
    check_categories(job)
    holes, weights, _ = assignments(job) if assigned is None else assigned
    n_players = job.n_players
    k = job.board_total - len(job.board)
    if k:
        representatives, inverse = suit_classes(job, holes)
        weights = np.bincount(inverse, weights=weights, minlength=len(representatives))
        holes = holes[representatives]
    # the cards an assignment leaves for the board: the live ones less the dealt holes
    n_avail = len(job.live_cards) - sum(job.n_hole for p in job.players if p.kind != KIND_FIXED)
    work = len(holes) * comb(max(n_avail, 0), k) * n_players
    if work > CATEGORY_WORK_LIMIT:
        raise ValueError(
            f"counting showdown categories by enumeration would take about {work:.2e} hand "
            f"evaluations (the limit is {CATEGORY_WORK_LIMIT:.0e}); use Monte-Carlo for them"
        )
    if k == 0 and job.board_total == 0:  # no board (five-card, Zha Jin Hua): one showdown each
        return _no_board_categories(job, holes, weights)
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


def _no_board_categories(job: Job, holes: np.ndarray, weights: np.ndarray) -> CategoryCounts:
    """Categories of games without a board: one showdown per assignment, evaluated in chunks."""
    names = category_names(job)
    ends = np.zeros((job.n_players, len(names)))
    wins = np.zeros_like(ends)
    step = MC_CHUNK_ROWS // job.n_players
    for start in range(0, len(holes), step):
        part = np.ascontiguousarray(holes[start : start + step, :, : job.n_hole])
        w = weights[start : start + step]
        _, category, winners = showdown(job, part, np.zeros((len(part), 0), dtype=np.uint8))
        _tally(category, winners, w, ends, wins)
    return CategoryCounts(names, ends, wins, float(weights.sum()), True)


def _tally(
    category: np.ndarray, winners: np.ndarray, weights: np.ndarray, ends: np.ndarray,
    wins: np.ndarray,
) -> None:  # fmt: skip
    """Add weighted showdowns to ``ends[p, i]`` and, for sole winners, ``wins[p, i]``.

    ``category[d, p]`` indexes the category names (strongest first),
    ``winners[d, p]`` marks who shares the best hand of deal ``d``.
    """
    sole = winners.sum(axis=1) == 1
    n_names = ends.shape[1]
    for p in range(ends.shape[0]):
        ends[p] += np.bincount(category[:, p], weights=weights, minlength=n_names)
        won = sole & winners[:, p]
        wins[p] += np.bincount(category[won, p], weights=weights[won], minlength=n_names)


def _by_name(job: Job, ends: np.ndarray, wins: np.ndarray, *, exact: bool) -> CategoryCounts:
    """Reorder code columns (1 = weakest .. 9) to the category names, strongest first."""
    names = category_names(job)
    codes = [len(names) - i for i in range(len(names))]  # strongest first: 9, 8, ..., 1
    return CategoryCounts(
        names, ends[:, codes].copy(), wins[:, codes].copy(), float(ends[0].sum()), exact
    )


MC_CHUNK_ROWS = 1 << 21
"""Deal-player rows re-dealt at a time by :func:`mc_categories` (bounded memory)."""


def mc_categories(
    job: Job, seed: int, trials: int, batch_size: int, samples: int
) -> CategoryCounts:
    """Count the showdown categories of a Monte-Carlo run's own deals.

    The run's batches ``0 .. ceil(samples / batch_size) - 1`` (those it
    dealt, also when a stop rule ended it early) are dealt again from its
    seed (:class:`equity.engine.record.DealPlan`: the same streams and draw
    order), a chunk at a time, and evaluated: the counts belong to exactly
    the deals behind the equity, so a player's sole wins by category add up
    to their ``win`` count.
    """
    check_categories(job)
    plan = deal_plan(job, trials, seed, batch_size)
    n_names = len(category_names(job))
    ends = np.zeros((job.n_players, n_names))
    wins = np.zeros_like(ends)
    n_batches = -(-samples // batch_size)
    per_chunk = plan.batches_per_chunk(MC_CHUNK_ROWS)
    dealt = 0
    for first in range(0, n_batches, per_chunk):
        holes, board = plan.record(first, min(per_chunk, n_batches - first))
        _, category, winners = showdown(job, holes, board)
        _tally(category, winners, np.ones(len(holes)), ends, wins)
        dealt += len(holes)
    if dealt != samples:  # the batches of a run always cover its deals exactly
        raise AssertionError(f"re-dealt {dealt} deals for a run of {samples}")
    return CategoryCounts(category_names(job), ends, wins, float(samples), False)
