"""The Monte-Carlo deals of a job, recorded: the same streams and draw order as the run.

:class:`DealPlan` replays the batches of a Monte-Carlo run and returns the
dealt cards: the run's own driver deals them, its scoring loop writing each
deal's cards into a sink as it deals (the family's recorder,
:meth:`.families.base.Family.record`; every loop of a family makes the
draws of the loop that records, so these are the deals a run of the same
seed scores); :func:`showdown` evaluates them with the game's batch
evaluators (:meth:`.families.base.Family.showdown`).
:func:`equity.analysis.deals.deal` gives them to users;
``calculate(..., categories=True)`` counts the showdown categories of a
Monte-Carlo run's own deals with them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .job import Job
from .montecarlo import check_feasible

__all__ = ["DealPlan", "deal_plan", "showdown"]


@dataclass(frozen=True)
class DealPlan:
    """A validated deal request: the job, its kernel arrays and the run's streams.

    ``n`` is the run's number of trials (batch ``b`` holds deals
    ``[b * batch_size, min(n, (b + 1) * batch_size))``).
    """

    job: Job
    arrays: Any
    n: int
    seed: int
    batch_size: int

    @property
    def n_batches(self) -> int:
        """Batches of the run."""
        return -(-self.n // self.batch_size)

    def batches_per_chunk(self, rows: int) -> int:
        """Whole batches in a chunk of about ``rows`` deal-player rows (at least one)."""
        return max(1, rows // (self.batch_size * self.job.n_players))

    def rows(self, first: int, run: int) -> int:
        """Deals of batches ``first .. first + run - 1``."""
        return min(self.n, (first + run) * self.batch_size) - first * self.batch_size

    def record(self, first: int, run: int) -> tuple[np.ndarray, np.ndarray]:
        """Hole cards and boards of batches ``first .. first + run - 1``: ``holes
        uint8[deals, n_players, n_hole]``, ``board uint8[deals, board_total]``."""
        return self.job.family.record(self, first, run)


def deal_plan(job: Job, n: int, seed: int, batch_size: int) -> DealPlan:
    """The :class:`DealPlan` of ``n`` deals of ``job`` from ``seed`` (feasibility checked)."""
    check_feasible(job)
    return DealPlan(job, job.family.mc_arrays(job), n, seed, batch_size)


def showdown(job: Job, holes: np.ndarray, board: np.ndarray) -> tuple[np.ndarray, ...]:
    """Strength, category index and winners of each deal, by the game's batch evaluators;
    hi-lo games add ``low, low_winners`` (the low code: bigger is better, 0 for none).

    The values are those the Monte-Carlo kernels compare (same evaluator, same tables).
    """
    return job.family.showdown(job, holes, board)
