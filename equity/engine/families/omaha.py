"""Omaha and Courchevel (``KERNEL_OMAHA``): exactly two hole cards and three board cards.

One Monte-Carlo loop for every spot (:mod:`equity.kernels.omaha_mc`, its
spot an ``OmahaSpot``), which also records the deals through an optional
sink, and one enumeration; both count the outcomes (scoops, high and low
wins: pot shares for hi-lo) beside the equity.  A known hand's rows (its
best high value on every board rank pattern) are precomputed once per job
(:func:`known_hand_rows`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...games import KERNEL_OMAHA, Game
from ...games import game as get_game
from ...kernels import omaha as _omaha
from ...kernels import omaha_mc as _omaha_mc
from ...kernels._jit import warming
from ...kernels.rng import batch_seeds
from ...lookup.omaha import omaha_tables
from ..exact import ExactSpec, ExactUnit
from ..job import ASSIGNMENT_WORK, Job
from ..montecarlo import McSpec, mc_spec
from ..record import DealPlan
from ..rounds import one_thread
from .base import McUnit, WholeHands, widen

__all__ = [
    "OMAHA",
    "OMAHA_ROWS_BOARDS",
    "OMAHA_ROWS_WORK",
    "OmahaFamily",
    "known_hand_rows",
    "omaha_assignment_work",
    "omaha_exact_unit",
    "omaha_mc_unit",
    "omaha_spot",
]

OMAHA_ROWS_WORK = 100_000
"""Evaluations' worth of precomputing one known Omaha hand's rows (``kernels.omaha.hand_rows``)."""
OMAHA_ROWS_BOARDS = 20_000
"""Boards per assignment from which exact Omaha precomputes each hand's rows."""


def omaha_assignment_work(n_boards: int, n_players: int, n_hole: int) -> int:
    """Evaluations' worth of one Omaha assignment: rows and a lookup per hand and board,
    or (few boards) every hole pair of every hand on every board."""
    if n_boards >= OMAHA_ROWS_BOARDS:
        return n_players * (OMAHA_ROWS_WORK + n_boards) + ASSIGNMENT_WORK
    pairs = n_hole * (n_hole - 1) // 2
    return n_players * n_boards * pairs // 2 + ASSIGNMENT_WORK


def known_hand_rows(holes: np.ndarray, n_hole: int) -> tuple[np.ndarray, np.ndarray]:
    """Each hand's Omaha rows (:func:`equity.kernels.omaha.hand_rows`).

    Shapes
    ------
    holes : uint8[n, >= n_hole]
    return : rows uint16[n, 6175], flush_rows uint16[n, 4, 2288]
    """
    rows = np.zeros((len(holes), _omaha.N_BOARD_PATTERNS), dtype=np.uint16)
    flush_rows = np.zeros((len(holes), 4, _omaha.N_SUITED_SETS), dtype=np.uint16)
    warming(_omaha.hand_rows)
    _omaha.hand_rows(np.ascontiguousarray(holes), n_hole, omaha_tables(), rows, flush_rows)
    return rows, flush_rows


def omaha_exact_unit(spec: ExactSpec, todo: np.ndarray, threads: bool = True) -> np.ndarray:
    """Exact counts of the assignments ``todo`` (as :func:`.table.table_exact_unit`).

    Shapes
    ------
    todo : uint8[n, n_players, 6]
    return : int64[n, n_players, n_players + 1 + 7]: the counts, then the ``extra``
        outcome counts of :mod:`equity.kernels.omaha_mc`
    """
    n_players = todo.shape[1]
    out = np.zeros((len(todo), n_players, n_players + 1), dtype=np.int64)
    extra = np.zeros((len(todo), n_players, _omaha_mc.EXTRA_COLUMNS), dtype=np.int64)
    warming(_omaha_mc.enumerate_omaha)
    with one_thread(not threads):
        _omaha_mc.enumerate_omaha(
            todo,
            spec.n_hole,
            get_game(spec.game).hilo,
            spec.n_boards >= OMAHA_ROWS_BOARDS,
            spec.board,
            spec.n_board,
            np.uint64(spec.fixed_mask),
            omaha_tables(),
            out,
            extra,
        )
    return np.concatenate([out, extra], axis=2)


def omaha_spot(spec: McSpec) -> _omaha_mc.OmahaSpot:
    """The kernels' :class:`~equity.kernels.omaha_mc.OmahaSpot` of a Monte-Carlo spec."""
    a = spec.arrays
    return _omaha_mc.OmahaSpot(
        spec.n_hole,
        get_game(spec.game).hilo,
        a.board,
        spec.n_board,
        a.fixed_holes,
        a.kinds,
        a.combos,
        a.combo_masks,
        a.combo_offsets,
        a.combo_cum,
        np.uint64(spec.fixed_mask),
        a.live_deck,
    )


def omaha_mc_unit(
    spec: McSpec, first: int, run: int, threads: bool = True, sink: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Omaha Monte-Carlo batches ``first .. first + run - 1`` (as
    :func:`.table.table_mc_unit`; the second output: the outcome counts
    ``int64[n_players, 7]`` of :mod:`equity.kernels.omaha_mc`, summed).

    ``sink``: None, or ``uint8[deals, n_players + 1, 6]`` that receives the
    deals of these batches (see ``kernels.omaha_mc.simulate_omaha_batches``):
    the same loop, the same draws, the same counts.
    """
    a = spec.arrays
    n_players = len(a.kinds)
    out = np.zeros((run, n_players, n_players + 1), dtype=np.int64)
    extra = np.zeros((run, n_players, _omaha_mc.EXTRA_COLUMNS), dtype=np.int64)
    status = np.zeros(run, dtype=np.int64)
    args = (
        batch_seeds(spec.seed, run, first=first),
        spec.batch_size,
        spec.trials,
        first,
        omaha_spot(spec),
        omaha_tables(),
        known_hand_rows(a.fixed_holes, spec.n_hole),
        sink,
        out,
        extra,
        status,
    )
    warming(_omaha_mc.simulate_omaha_batches, args=args)
    with one_thread(not threads):
        _omaha_mc.simulate_omaha_batches(*args)
    return out, extra.sum(axis=0), status


class OmahaFamily(WholeHands):
    """Omaha (high, hi-lo, four to six hole cards) and Courchevel."""

    kernel = KERNEL_OMAHA
    exact_rate = 2.5e7
    mc_rate = 8.0e6
    per_combo = False
    extra_columns = _omaha_mc.EXTRA_COLUMNS

    def tables(self, game: Game, rules: Any) -> Any:
        """The Omaha tables (:func:`equity.lookup.omaha.omaha_tables`)."""
        return omaha_tables()

    @property
    def exact_unit(self) -> ExactUnit:
        """:func:`omaha_exact_unit`."""
        return omaha_exact_unit

    @property
    def mc_unit(self) -> McUnit:
        """:func:`omaha_mc_unit`."""
        return omaha_mc_unit

    def exact_work(self, job: Job) -> int:
        """Assignments times :func:`omaha_assignment_work`."""
        n_assign, n_boards = job.exact_size()
        return n_assign * omaha_assignment_work(n_boards, job.n_players, job.n_hole)

    def outcomes(self, game: Game) -> bool:
        """Always: the scoops, high and low wins (high only: the scoops and wins)."""
        return True

    def record(self, plan: DealPlan, first: int, run: int) -> tuple[np.ndarray, np.ndarray]:
        """The Monte-Carlo loop itself, run with a sink: the batches run exactly as in
        ``calculate`` (same unit, streams and draws), scoring as they go."""
        job = plan.job
        sink = np.zeros((plan.rows(first, run), job.n_players + 1, 6), dtype=np.uint8)
        spec = mc_spec(job, plan.arrays, plan.n, plan.batch_size, plan.seed)
        _, _, status = omaha_mc_unit(spec, first, run, sink=sink)
        if status.any():
            raise ValueError(
                "no legal deal found: the players' ranges almost never avoid each other's cards"
            )
        holes = np.ascontiguousarray(sink[:, : job.n_players, : job.n_hole])
        return holes, np.ascontiguousarray(sink[:, job.n_players, :5])

    def showdown(self, job: Job, holes: np.ndarray, board: np.ndarray) -> tuple[np.ndarray, ...]:
        """``strength, category, winners`` and, hi-lo, ``low, low_winners``.

        ``strength`` is the high value and ``winners`` the best high hand(s)
        (who share the high half of a hi-lo pot, or all of it without a low);
        ``low`` is the low code (bigger is better, 0 for no qualifying low) and
        ``low_winners`` the best low(s) (none without a qualifying low).
        """
        n, n_players, n_hole = holes.shape
        hands = np.ascontiguousarray(holes.reshape(n * n_players, n_hole))
        boards = np.ascontiguousarray(np.repeat(board, n_players, axis=0))
        high = np.empty(n * n_players, dtype=np.int32)
        low = np.empty(n * n_players, dtype=np.int32)
        warming(_omaha.evaluate_omaha_batch)
        _omaha.evaluate_omaha_batch(hands, boards, omaha_tables(), high, low)
        values = high.reshape(n, n_players)
        winners = values == values.max(axis=1, keepdims=True)
        category = (len(job.game.categories) - (values >> 12)).astype(np.int8)
        if not job.game.hilo:
            return values, category, winners
        lows = low.reshape(n, n_players)
        best = lows.max(axis=1, keepdims=True)
        return values, category, winners, lows, (lows == best) & (best > 0)

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
        """Random Omaha hands and boards, by the Omaha sampler."""
        out = np.zeros((len(seeds), 16), dtype=np.int64)
        warming(_omaha.sample_omaha_categories)
        with one_thread(not threads):
            _omaha.sample_omaha_categories(
                seeds, batch_size, trials, first, game.hole_cards, omaha_tables(), out
            )
        return widen(out.sum(axis=0))


OMAHA = OmahaFamily()
"""The Omaha family."""
