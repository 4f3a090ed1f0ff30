"""What the engine asks of a kernel family: :class:`Family`, and :class:`WholeHands`.

A family answers every question whose answer depends on the kernels that
score its games: how a deal is validated into a :class:`~..job.Job`, the
kernels' rules, an exact enumeration's work and its run, the Monte-Carlo
arrays and unit, the recorder and showdown of ``equity.deal``, whether
its results carry outcome counts, and the category frequencies of
:mod:`equity.analysis.frequencies`.  The engine holds one family object per
job (:attr:`~..job.Job.family`, chosen once by :func:`.family`) and never
asks which one it is.

:class:`WholeHands` is the part that the families whose hands are dealt
whole share (table games, Zha Jin Hua, Omaha): validation by
:func:`~..job.prepare_whole_hands` and exact enumeration of the assignments of
hole cards (:func:`~..exact.enumerate_assignments`), by the family's exact
unit.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from ...control import Progress
from ...games import Game
from ...results import CategoryCounts
from ..categories import exact_categories
from ..exact import (
    Enumerated,
    ExactRun,
    ExactUnit,
    assignments,
    enumerate_assignments,
    enumerate_known,
    exact_combo_results,
    known_enumeration,
)
from ..job import Job, ZjhKernelRules, check_house_rules, prepare_whole_hands
from ..montecarlo import McArrays, mc_arrays

if TYPE_CHECKING:
    from ..record import DealPlan

__all__ = ["FREQUENCY_CODES", "Family", "McUnit", "WholeHands", "widen"]

McUnit = Callable[..., tuple[np.ndarray, np.ndarray, np.ndarray]]
"""A family's Monte-Carlo unit: ``unit(spec, first, run, threads=True) -> (out, second,
status)``, ``out int64[run, n_players, n_players + 1]`` per batch, ``second`` the
per-combo counts (summed, :attr:`Family.per_combo`) or the outcome counts
``int64[n_players, 7]``, ``status int64[run]``.  A module-level function (picklable:
the Dask executor sends it to the workers, ``threads=False`` there)."""

FREQUENCY_CODES = 17
"""Columns of the per-code category counts of the frequencies: codes up to 16
(deuce-to-seven's 16 categories)."""


def widen(counts: np.ndarray) -> np.ndarray:
    """Counts by code, padded to :data:`FREQUENCY_CODES` columns."""
    by_code = np.zeros(FREQUENCY_CODES, dtype=np.int64)
    by_code[: counts.shape[0]] = counts
    return by_code


class Family(ABC):
    """One kernel family (``Game.kernel``): everything the engine asks of it.

    Stateless: one object per family, in the registry of :mod:`.families`.
    """

    kernel: int
    """The family's ``KERNEL_*`` code (:mod:`equity.games`)."""
    per_combo: bool = True
    """Whether the Monte-Carlo unit's second output is per-combo counts of the range
    players (else the outcome counts: scoops, high and low wins)."""
    exact_rate: float
    """Exact enumeration's throughput on the reference machine (two cores of an x86-64
    server shared with other work, warm kernels), in units of :meth:`exact_work` (hand
    evaluations) a second, measured once on large spots: the tables 1.3e8 (AhKd v
    QQ+,AKs v random on Ts9s2h, 1.32e8; AhKd v two random hands on the turn 9.5e7), Omaha
    2.5e7 (AsAhKsKh v random on Qs7s2c, 2.7e7), Zha Jin Hua 5e7 (AhAdAc v random, 5.1e7),
    the stud family 2e7 ((AsKd)Qh7c v (QcQd)2h3c, 1.85e7).  :func:`equity.engine.plan.plan`
    estimates seconds from it."""
    mc_rate: float
    """Monte-Carlo's throughput on the reference machine, in player-deals a second (deals
    times players), measured as :attr:`exact_rate` is, 1e6 deals: the tables 1.6e7 (hold'em
    AA v two random hands 1.56e7, six players 2.27e7, AhKd v QQ+,AKs 1.15e7; five-card
    poker, three players 2.0e7), Omaha 8e6 (AsAhKsKh v three random 8.5e6, v one 4.1e6,
    hi-lo three players 9.2e6), Zha Jin Hua 1.6e7 (four players 1.59e7), the stud family
    1.8e7 (four players 1.83e7)."""

    @abstractmethod
    def prepare(
        self,
        hands: Sequence[object],
        board: object,
        dead: object,
        game: Game,
        rules: Any,
        independent_decks: bool,
    ) -> Job:
        """Validate a deal of ``game`` and describe it as a complete, frozen :class:`Job`."""

    def kernel_rules(self, game: Game, rules: Any) -> ZjhKernelRules:
        """The rules as the kernels take them (``rules`` checked); the defaults unless the
        family takes its rules as flags."""
        return check_house_rules(game, rules)

    def tables(self, game: Game, rules: Any) -> Any:
        """The evaluator tables the family's kernels score ``game`` with under ``rules``."""
        return game.evaluator_tables(rules)

    @abstractmethod
    def exact_work(self, job: Job) -> int:
        """What an exact enumeration of ``job`` costs, in hand evaluations (an upper bound)."""

    @abstractmethod
    def run_exact(
        self, job: Job, executor: Any, progress: Progress | None, categories: bool = False
    ) -> ExactRun:
        """Enumerate ``job`` on ``executor`` (and its showdown categories when asked)."""

    def run_exact_many(self, jobs: Sequence[Job], executor: Any) -> list[ExactRun]:
        """Enumerate many small jobs (:func:`~..many.calculate_many`): each as
        :meth:`run_exact` does, one after another unless the family shares the work."""
        return [self.run_exact(job, executor, None) for job in jobs]

    def mc_arrays(self, job: Job) -> McArrays:
        """The job's players and known cards as the family's Monte-Carlo kernels read them."""
        return mc_arrays(job)

    @property
    @abstractmethod
    def mc_unit(self) -> McUnit:
        """The Monte-Carlo unit of work (:data:`McUnit`)."""

    def outcomes(self, game: Game) -> bool:
        """Whether a result of ``game`` carries outcome counts (scoops, high and low wins)."""
        return False

    @abstractmethod
    def record(self, plan: DealPlan, first: int, run: int) -> tuple[np.ndarray, np.ndarray]:
        """The deals of batches ``first .. first + run - 1`` of ``plan`` as cards: the
        family's Monte-Carlo loop run with a sink (the same streams and draws).

        Shapes
        ------
        return : holes uint8[deals, n_players, n_hole], board uint8[deals, board_total]
        """

    @abstractmethod
    def showdown(self, job: Job, holes: np.ndarray, board: np.ndarray) -> tuple[np.ndarray, ...]:
        """``strength, category, winners`` of each recorded deal (hi-lo: and ``low,
        low_winners``), the values the Monte-Carlo kernels compare."""

    # -- the category frequencies of one dealt hand (equity.analysis.frequencies) --

    def frequency_tables(self, game: Game, rules: Any) -> tuple[np.ndarray, ...] | None:
        """Tables a frequency sampler takes, built once per count (None: built per chunk)."""
        return None

    def exact_frequencies(self, game: Game, cards: int, rules: Any) -> np.ndarray:
        """Category counts of every hand of ``cards`` cards (column: the category code,
        ``int64[FREQUENCY_CODES]``), by the value histogram of the hold'em tables."""
        from ...evaluators.lowball_counts import stud8_low_count
        from ...kernels import holdem as _holdem
        from ...kernels.omaha import LOW_COLUMN

        by_code = np.zeros(FREQUENCY_CODES, dtype=np.int64)
        values = _holdem.value_histogram(game.evaluator_tables(rules), cards, 4 * game.lowest_rank)
        by_code[:16] = np.bincount(np.arange(1 << 16) >> 12, weights=values, minlength=16)
        if game.hilo:  # stud hi-lo: the hands with a low, counted by rank pattern
            by_code[LOW_COLUMN] = stud8_low_count(cards)
        return by_code

    @abstractmethod
    def sample_frequencies(
        self,
        game: Game,
        seeds: np.ndarray,
        batch_size: int,
        trials: int,
        first: int,
        cards: int,
        rules: Any,
        threads: bool,
        tables: tuple[np.ndarray, ...] | None,
    ) -> np.ndarray:
        """Category counts (``int64[FREQUENCY_CODES]``, column: the code) of random hands of
        ``cards`` cards, batch ``first + i`` from ``seeds[i]``."""


class WholeHands(Family):
    """The families whose hands are dealt whole: validation and exact enumeration of the
    assignments of hole cards, by the family's exact unit."""

    extra_columns: int = 0
    """Columns of outcome counts the exact unit adds after each player's counts."""

    def prepare(
        self,
        hands: Sequence[object],
        board: object,
        dead: object,
        game: Game,
        rules: Any,
        independent_decks: bool,
    ) -> Job:
        """Validate a deal (:func:`~..job.prepare_whole_hands`)."""
        return prepare_whole_hands(hands, board, dead, game, rules, independent_decks, self)

    @property
    @abstractmethod
    def exact_unit(self) -> ExactUnit:
        """The exact unit: ``unit(spec, todo, threads=True)``, the counts of assignments
        ``todo`` (module level, picklable)."""

    def run_exact(
        self, job: Job, executor: Any, progress: Progress | None, categories: bool = False
    ) -> ExactRun:
        """Enumerate ``job``'s assignments and boards (its categories from the same
        assignments, when asked)."""
        # built once when the categories are counted from the same assignments
        assigned = assignments(job) if categories else None
        enumerated = enumerate_assignments(
            job, executor, progress, self.exact_unit, job.n_players + 1 + self.extra_columns,
            assigned,
        )  # fmt: skip
        return self._exact_run(job, enumerated, exact_categories(job, assigned) if categories
                               else None)  # fmt: skip

    def run_exact_many(self, jobs: Sequence[Job], executor: Any) -> list[ExactRun]:
        """Enumerate many small jobs: those whose hands are all known by one unit call each,
        the calls handed to the executor together (:func:`~..exact.enumerate_known`), the
        others one by one; each run the same as :meth:`run_exact`'s."""
        known = [i for i, job in enumerate(jobs) if job.hands_known]
        runs: list[ExactRun | None] = [None] * len(jobs)
        enumerated = enumerate_known([jobs[i] for i in known], executor, self.exact_unit)
        for i, one in zip(known, enumerated, strict=True):
            runs[i] = self._exact_run(jobs[i], one, None)
        for i, job in enumerate(jobs):
            if runs[i] is None:
                runs[i] = self.run_exact(job, executor, None)
        return cast("list[ExactRun]", runs)

    def known_run(self, job: Job, counts: np.ndarray, n_boards: int) -> ExactRun:
        """The :class:`~..exact.ExactRun` of a job of known hands from its unit's counts
        (``int64[n_players, width]``, ``n_boards`` boards): :meth:`run_exact`'s run."""
        return self._exact_run(job, known_enumeration(job, counts, n_boards), None)

    def _exact_run(
        self, job: Job, enumerated: Enumerated, category_counts: CategoryCounts | None
    ) -> ExactRun:
        """The :class:`~..exact.ExactRun` of an enumeration of ``job``: the players' counts
        apart from the outcome counts, the per-combo tables of the range players."""
        counts, total, samples, per_assign, weights, choice = enumerated
        split = job.n_players + 1
        # no views to make when there is nothing to cut (a small call's microseconds)
        combos = {} if job.hands_known else exact_combo_results(
            job, per_assign[:, :, :split], weights, choice
        )  # fmt: skip
        if not self.extra_columns:
            return ExactRun(counts, total, samples, None, combos, category_counts)
        return ExactRun(
            counts[:, :split], total, samples, counts[:, split:], combos, category_counts
        )
