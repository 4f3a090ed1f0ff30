"""The equity engine: a job validated, cut into units of work, run on an executor, reduced.

:func:`calculate` is the facade (:mod:`.run`).  The modules, imports running
one way:

* :mod:`.prepare`: the one way in for a deal; picks the game's kernel family
  once (:func:`.families.family`) and has it validate the deal.
* :mod:`.job`: validation of the games dealt whole -> a frozen
  :class:`~.job.Job` (players, known cards, rules, its family).
* :mod:`.families`: one module per kernel family (:mod:`.families.table`,
  :mod:`.families.zjh`, :mod:`.families.omaha`, :mod:`.families.stud` with
  :mod:`.families.stud_units`), each a :class:`~.families.base.Family`
  (:mod:`.families.base`): everything the engine does differently for one
  family, its pure units of work (the same on this machine or a cluster)
  among it.  No other module asks which family it runs.
* :mod:`.exact` (the assignments of hole cards, their suit classes and the
  chunks of an exact run) and :mod:`.montecarlo` (the Monte-Carlo arrays,
  spec and rounds of batches, the batch-means standard error).
* :mod:`.rounds` (Monte-Carlo in rounds: stop rules, progress, Ctrl-C),
  :mod:`.executor` (where units run: this process or Dask), :mod:`.reduce`
  (counts -> :class:`~equity.results.EquityResult`).
* :mod:`.record` (a run's deals replayed as cards, and their showdown),
  :mod:`.categories` (showdown categories), :mod:`.patterns` (a partly known
  board: one job per known board), :mod:`.preflop_lookup` (two known hold'em
  hands preflop, from the shipped counts), :mod:`.many` (many small spots in one
  call, :func:`calculate_many`).
"""

from __future__ import annotations

from .executor import LocalExecutor, executor_for, use_scheduler
from .many import SpotResults, calculate_many
from .plan import Plan  # the function: equity.engine.plan.plan (the module keeps the name)
from .run import DEFAULT_BATCH, EXACT_AUTO_LIMIT, EXACT_HARD_LIMIT, TooLargeForExact, calculate

__all__ = [
    "DEFAULT_BATCH",
    "EXACT_AUTO_LIMIT",
    "EXACT_HARD_LIMIT",
    "LocalExecutor",
    "Plan",
    "SpotResults",
    "TooLargeForExact",
    "calculate",
    "calculate_many",
    "executor_for",
    "use_scheduler",
]
