"""Results that stream: a Monte-Carlo run's counts so far, after each round, as a result.

``calculate(..., on_update=fn)`` calls ``fn`` after each round of batches
(:mod:`.rounds`, about four times a second) with an
:class:`~equity.results.EquityResult` of the batches done so far.  The rounds
arrive in batch order (locally and from Dask), and batch ``b`` is dealt from
its own random stream, so the partial result after ``k`` batches is exactly
the result of a run of ``k * batch_size`` deals with the same seed and batch
size: a valid estimate, its standard error from the spread of the ``k``
batch means (finite from two batches).  Partial results have
``stop_reason`` None and no per-combo tables or categories (those are built
once, for the final result); building one costs microseconds (the shares of
``players x players`` counts), not a pass over the deals.  The final result
is the one ``calculate`` returns, the same as without ``on_update``.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..control import Stopwatch
from ..results import EquityResult
from .job import Job
from .montecarlo import batch_stderr
from .reduce import make_result

__all__ = ["partial_results"]


def partial_results(
    job: Job,
    seed: int,
    batch_size: int,
    start: Stopwatch,
    on_update: Callable[[EquityResult], None],
) -> Callable[[np.ndarray, np.ndarray, np.ndarray, int], None]:
    """The ``on_round`` hook of :func:`.montecarlo.run_mc` that hands ``on_update`` results.

    Each call copies the running sums (the run goes on adding to them) into
    a result of the deals so far; ``start`` times them.
    """
    outcomes = job.family.outcomes(job.game)  # as run_mc's "extra" counts

    def on_round(counts: np.ndarray, extra: np.ndarray, moments: np.ndarray, n: int) -> None:
        samples = int(moments[0, 0])
        if not samples:
            return
        on_update(
            make_result(
                job,
                "monte-carlo",
                counts.copy(),
                float(samples),
                samples,
                start,
                outcome_counts=extra.copy() if outcomes else None,
                stderr=batch_stderr(moments, n),
                seed=seed,
                batch_size=batch_size,
            )
        )

    return on_round
