"""The table games (five-card poker, hold'em, short deck: ``KERNEL_TABLE``).

Hands are scored by the evaluator tables of the game (its rules built into
them): exact chunks by :mod:`equity.kernels.enumerate` (a preflop board
counted by rank pattern), Monte-Carlo batches by the driver of
:mod:`equity.kernels.montecarlo` and the loop :func:`~equity.kernels.montecarlo.mc_loop`
names for the spot, deals recorded by its general loop given a sink.  Zha
Jin Hua (:mod:`.zjh`) runs the same units under its own kernel code.
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np

from ...control import Progress
from ...games import KERNEL_TABLE, Game
from ...games import game as get_game
from ...kernels import enumerate as _enumerate
from ...kernels import holdem as _holdem
from ...kernels import montecarlo as _montecarlo
from ...kernels._jit import variant, warming
from ...kernels.rng import batch_seeds
from ...kernels.scoring import KIND_FIXED
from ...lookup import board_patterns
from ..exact import ExactRun, ExactSpec, ExactUnit
from ..job import ASSIGNMENT_WORK, Job
from ..montecarlo import McSpec, mc_spec
from ..record import DealPlan
from ..rounds import one_thread
from .base import McUnit, WholeHands, widen
from .table_sweep import sweep_run, sweeps

__all__ = [
    "PATTERN_BOARDS",
    "TABLE",
    "TableFamily",
    "table_exact_boards",
    "table_exact_unit",
    "table_mc_unit",
    "table_record_unit",
    "table_spot",
]

PATTERN_BOARDS = 40_000
"""Boards' worth of work of a preflop board counted by rank pattern (6,175 patterns and
the flush boards; measured heads-up)."""


def table_exact_unit(spec: ExactSpec, todo: np.ndarray, threads: bool = True) -> np.ndarray:
    """Exact counts of the assignments ``todo``: the unit of exact work, local or on Dask.

    ``threads=False`` (a Dask task, one per worker thread) runs the serial
    kernel; the counts are the same integers either way.

    Shapes
    ------
    todo : uint8[n, n_players, 5]
    return : int64[n, n_players, n_players + 1]
    """
    n_players = todo.shape[1]
    out = np.zeros((len(todo), n_players, n_players + 1), dtype=np.int64)
    spot = (
        spec.n_hole,
        spec.game_code,
        spec.board,
        spec.n_board,
        spec.board_total,
        np.uint64(spec.fixed_mask),
    )
    tables = get_game(spec.game).evaluator_tables(spec.rules)
    args = (spot, spec.kernel_rules, tables, board_patterns())
    # Serial when waking the threads is not worth it (one assignment never is: no need to
    # ask Numba how many threads it has, microseconds of a small call).
    if not threads or len(todo) < 2 or len(todo) < 2 * numba.get_num_threads():
        warming(_enumerate.enumerate_range)
        _enumerate.enumerate_range(todo, 0, len(todo), *args, out)
    else:
        warming(_enumerate.enumerate_deals)
        _enumerate.enumerate_deals(todo, *args, out)
    return out


def table_exact_boards(
    spec: ExactSpec, holes: np.ndarray, boards: np.ndarray, n_board: np.ndarray, masks: np.ndarray
) -> np.ndarray:
    """Exact counts of one assignment of hole cards on many known boards, one launch
    (:func:`~equity.kernels.enumerate.enumerate_boards`): spot ``s`` counts as
    :func:`table_exact_unit` on its board.

    Shapes
    ------
    holes : uint8[n_players, 5]; boards : uint8[n_spots, 5]; n_board : int64[n_spots]
    masks : uint64[n_spots], each spot's ``fixed_mask``
    return : int64[n_spots, n_players, n_players + 1]
    """
    n_players = holes.shape[0]
    out = np.zeros((len(boards), n_players, n_players + 1), dtype=np.int64)
    tables = get_game(spec.game).evaluator_tables(spec.rules)
    shape = (spec.n_hole, spec.game_code, spec.board_total)
    warming(_enumerate.enumerate_boards)
    _enumerate.enumerate_boards(
        holes, boards, n_board, masks, shape, spec.kernel_rules, tables, board_patterns(), out
    )
    return out


def table_spot(spec: McSpec) -> tuple[Any, ...]:
    """The ``spot`` argument of ``kernels.montecarlo.simulate_batches``."""
    a = spec.arrays
    return (
        spec.n_hole,
        a.board,
        spec.n_board,
        spec.board_total,
        a.fixed_holes,
        a.kinds,
        a.combos,
        a.combo_masks,
        a.combo_offsets,
        a.combo_cum,
        np.uint64(spec.fixed_mask),
        a.live_deck,
    )


def table_mc_unit(
    spec: McSpec, first: int, run: int, threads: bool = True
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Monte-Carlo batches ``first .. first + run - 1``: the unit of work, local or on Dask.

    Batch ``b`` runs from the stream ``batch_seeds(seed, 1, first=b)`` wherever
    it runs, so a job gives the same counts locally and on any cluster.
    ``threads=False`` (a Dask task) runs the driver on one thread, one launch
    per process at a time (Numba's default threading layer allows no
    concurrent launches): start workers with one thread each.

    Shapes
    ------
    return : out int64[run, n_players, n_players + 1] (per batch),
             combo_counts int64[n_combos, n_players + 1] (summed), status int64[run]
    """
    loop = _montecarlo.mc_loop(spec.game_code, spec.arrays.kinds)
    out, combo_out, status = _simulate(spec, first, run, loop, None, threads)
    return out, combo_out.sum(axis=0), status


def table_record_unit(
    spec: McSpec, first: int, run: int, holes: np.ndarray, board: np.ndarray, loop: int
) -> np.ndarray:
    """The deals of batches ``first .. first + run - 1`` as cards, into ``holes`` and ``board``.

    The driver of :func:`table_mc_unit`, with a sink: the general ``loop`` of the
    game's family (which makes the draws of every loop of the family) writes each
    deal's dealt cards as it deals them, after the known cards written here.
    Returns the batches' status codes.

    Shapes
    ------
    holes : uint8[n_rows, n_players, n_hole]; board : uint8[n_rows, board_total],
        n_rows = the trials of the batches
    """
    a = spec.arrays
    known = a.kinds == KIND_FIXED
    holes[:, known] = a.fixed_holes[known, : spec.n_hole]
    board[:, : spec.n_board] = a.board[: spec.n_board]
    return _simulate(spec, first, run, loop, (holes, board), True)[2]


def _simulate(
    spec: McSpec, first: int, run: int, loop: int, sink: Any, threads: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``kernels.montecarlo.simulate_batches`` over batches ``first .. first + run - 1``."""
    n_players = len(spec.arrays.kinds)
    out = np.zeros((run, n_players, n_players + 1), dtype=np.int64)
    combo_out = np.zeros((run, len(spec.arrays.combos), n_players + 1), dtype=np.int64)
    status = np.zeros(run, dtype=np.int64)
    args = (
        batch_seeds(spec.seed, run, first=first),
        spec.batch_size,
        spec.trials,
        first,
        variant(loop),
        table_spot(spec),
        (spec.independent, spec.kernel_rules),
        get_game(spec.game).evaluator_tables(spec.rules),
        out,
        combo_out,
        status,
        sink,
    )
    warming(_montecarlo.simulate_batches, args=args)
    with one_thread(not threads):
        _montecarlo.simulate_batches(*args)
    return out, combo_out, status


class TableFamily(WholeHands):
    """Five-card poker, hold'em and short deck: the evaluator tables score every hand."""

    kernel = KERNEL_TABLE
    exact_rate = 1.3e8
    mc_rate = 1.6e7
    record_loop = _montecarlo.LOOP_GENERAL
    """The loop that records the deals (the general loop of the family)."""

    @property
    def exact_unit(self) -> ExactUnit:
        """:func:`table_exact_unit`."""
        return table_exact_unit

    @property
    def mc_unit(self) -> McUnit:
        """:func:`table_mc_unit`."""
        return table_mc_unit

    def run_exact(
        self, job: Job, executor: Any, progress: Progress | None, categories: bool = False
    ) -> ExactRun:
        """Two players of two hole cards, a range or two, on a flop or a turn: by the sweep of
        :mod:`.table_sweep` (the same run, each combo valued once a board); else every
        assignment enumerated."""
        if sweeps(job, categories):
            return sweep_run(job, executor, progress)
        return super().run_exact(job, executor, progress, categories)

    def exact_work(self, job: Job) -> int:
        """Assignments of hole cards times, for each, its board completions times the
        players, plus a fixed cost per assignment.  Five board cards to come with two hole
        cards each (hold'em preflop) are counted by rank pattern: about
        :data:`PATTERN_BOARDS` boards' worth of work whatever the deck
        (:mod:`equity.kernels.enumerate`)."""
        n_assign, n_boards = job.exact_size()
        if job.board_total - len(job.board) == 5 and job.n_hole == 2:
            n_boards = min(n_boards, PATTERN_BOARDS)
        return n_assign * (n_boards * job.n_players + ASSIGNMENT_WORK)

    def record(self, plan: DealPlan, first: int, run: int) -> tuple[np.ndarray, np.ndarray]:
        """The deals as the general loop deals them (:func:`table_record_unit`)."""
        job = plan.job
        rows = plan.rows(first, run)
        holes = np.zeros((rows, job.n_players, job.n_hole), dtype=np.uint8)
        board = np.zeros((rows, job.board_total), dtype=np.uint8)
        spec = mc_spec(job, plan.arrays, plan.n, plan.batch_size, plan.seed)
        status = table_record_unit(spec, first, run, holes, board, self.record_loop)
        if status.any():
            raise ValueError(
                "no legal deal found: the players' ranges almost never avoid each other's cards"
            )
        return holes, board

    def showdown(self, job: Job, holes: np.ndarray, board: np.ndarray) -> tuple[np.ndarray, ...]:
        """The best five of the hole cards and the board, by the game's tables."""
        n, n_players, n_hole = holes.shape
        flat = n * n_players
        strength = np.empty(flat, dtype=np.int32)
        names = job.rules.categories if job.rules is not None else job.game.categories
        cards = np.concatenate(
            [holes, np.broadcast_to(board[:, None, :], (n, n_players, board.shape[1]))], axis=2
        )
        hands = np.ascontiguousarray(cards.reshape(flat, n_hole + board.shape[1]))
        warming(_holdem.evaluate_batch)
        _holdem.evaluate_batch(hands, job.tables, strength)
        values = strength.reshape(n, n_players)
        codes = values >> 12
        winners = values == values.max(axis=1, keepdims=True)
        category = (len(names) - codes).astype(np.int8)
        return values, category, winners

    def frequency_tables(self, game: Game, rules: Any) -> tuple[np.ndarray, ...] | None:
        """The game's tables, built once for every chunk of a count."""
        return tuple(game.evaluator_tables(rules))

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
        """Random hands of the game's deck, scored by its tables."""
        out = np.zeros((len(seeds), 16), dtype=np.int64)
        tables = tuple(game.evaluator_tables(rules)) if tables is None else tables
        warming(_holdem.sample_category_counts)
        with one_thread(not threads):
            _holdem.sample_category_counts(
                seeds, batch_size, trials, first, cards, 4 * game.lowest_rank, tables, out
            )
        return widen(out.sum(axis=0))


TABLE = TableFamily()
"""The table family."""
