"""The equity engine: a job validated, cut into units of work, run on an executor, reduced.

:func:`calculate` is the facade (:mod:`.run`): :func:`.plan.plan` decides
how a call is answered and prepares it once, then runs.  The layers, imports running
one way: :mod:`.job` (validation -> a :class:`~.job.Job`), :mod:`.units`
(the pure work units, the same on this machine or a cluster),
:mod:`.exact` and :mod:`.montecarlo` (cutting a job into chunks and
reducing them), :mod:`.rounds` (Monte-Carlo in rounds: stop rules,
progress, Ctrl-C), :mod:`.executor` (where units run: this process or
Dask), :mod:`.reduce` (counts -> :class:`~equity.results.EquityResult`).
"""

from __future__ import annotations

from .executor import LocalExecutor, executor_for, use_scheduler
from .plan import Plan  # the function: equity.engine.plan.plan (the module keeps the name)
from .run import DEFAULT_BATCH, EXACT_AUTO_LIMIT, EXACT_HARD_LIMIT, TooLargeForExact, calculate

__all__ = [
    "DEFAULT_BATCH",
    "EXACT_AUTO_LIMIT",
    "EXACT_HARD_LIMIT",
    "LocalExecutor",
    "Plan",
    "TooLargeForExact",
    "calculate",
    "executor_for",
    "use_scheduler",
]
