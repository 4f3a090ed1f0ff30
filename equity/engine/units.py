"""The engine's units of work: pure functions of a picklable spec and a chunk.

A job is cut into chunks; each chunk is one call of a unit, on this machine
(all of Numba's threads) or on a Dask worker (one thread): the same unit,
the same counts.  A Monte-Carlo chunk is a run of batches, batch ``b``
always drawing from the stream ``batch_seeds(seed, 1, first=b)``; an exact
chunk is a slice of the job's hole-card assignments.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numba
import numpy as np

from ..games import KERNEL_OMAHA, KERNEL_STUD, KERNEL_ZJH, RANKINGS, Game
from ..games import game as get_game
from ..kernels import enumerate as _enumerate
from ..kernels import montecarlo as _montecarlo
from ..kernels import omaha as _omaha
from ..kernels import omaha_mc as _omaha_mc
from ..kernels import stud as _stud
from ..kernels._jit import variant, warming
from ..kernels.rng import batch_seeds
from ..kernels.scoring import KIND_FIXED
from ..lookup import board_patterns
from ..lookup.lowball import lowball_tables
from ..lookup.omaha import omaha_tables
from .job import OMAHA_ROWS_BOARDS, ZjhKernelRules
from .rounds import one_thread

__all__ = [
    "ExactSpec",
    "McArrays",
    "McSpec",
    "exact_unit",
    "mc_unit",
    "omaha_unit",
    "record_unit",
    "stud_spot",
    "stud_unit",
]


@dataclass(frozen=True)
class ExactSpec:
    """What an exact chunk needs besides its assignments (picklable)."""

    n_hole: int
    game_code: int
    board: np.ndarray  # uint8[5]
    n_board: int
    board_total: int
    fixed_mask: int
    kernel_rules: ZjhKernelRules
    game: str = "holdem"
    rules: Any = None
    n_boards: int = 0
    """Board completions per assignment (Omaha: rows pay off from :data:`OMAHA_ROWS_BOARDS`)."""

    @property
    def tables(self) -> Any:
        """The evaluator tables of the game under the rules."""
        if self.game_code == KERNEL_OMAHA:
            return omaha_tables()
        return get_game(self.game).evaluator_tables(self.rules)


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


def _omaha_exact_unit(spec: ExactSpec, todo: np.ndarray, threads: bool) -> np.ndarray:
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


def exact_unit(spec: ExactSpec, todo: np.ndarray, threads: bool = True) -> np.ndarray:
    """Exact counts of the assignments ``todo``: the unit of exact work, local or on Dask.

    ``threads=False`` (a Dask task, one per worker thread) runs the serial
    kernel; the counts are the same integers either way.

    Shapes
    ------
    todo : uint8[n, n_players, 5] (Omaha: 6)
    return : int64[n, n_players, n_players + 1] (Omaha: 7 more columns, the ``extra``
        counts of :mod:`equity.kernels.omaha_mc`)
    """
    if spec.game_code == KERNEL_OMAHA:
        return _omaha_exact_unit(spec, todo, threads)
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
    args = (spot, spec.kernel_rules, spec.tables, board_patterns())
    if not threads or len(todo) < 2 * numba.get_num_threads():  # not worth waking the threads
        warming(_enumerate.enumerate_range)
        _enumerate.enumerate_range(todo, 0, len(todo), *args, out)
    else:
        warming(_enumerate.enumerate_deals)
        _enumerate.enumerate_deals(todo, *args, out)
    return out


@dataclass
class McArrays:
    """The players and known cards of a Monte-Carlo job, as the kernel takes them."""

    fixed_holes: np.ndarray
    kinds: np.ndarray
    combos: np.ndarray
    combo_masks: np.ndarray
    combo_offsets: np.ndarray
    combo_cum: np.ndarray
    board: np.ndarray
    live_deck: np.ndarray
    n_now: np.ndarray | None = None
    """The stud family: ``int64[n_players]``, the cards each player holds now."""
    shared: bool = False
    """The stud family: the last card is shared by every player."""


@dataclass(frozen=True)
class McSpec:
    """What a Monte-Carlo chunk needs (picklable, sent to Dask workers)."""

    seed: int
    trials: int
    batch_size: int
    game_code: int
    n_hole: int
    n_board: int
    board_total: int
    fixed_mask: int
    independent: bool
    kernel_rules: ZjhKernelRules
    arrays: McArrays
    game: str = "holdem"
    rules: Any = None

    def kernel_args(self, loop: int) -> tuple[Any, ...]:
        """The ``loop, spot, zjh`` arguments of ``kernels.montecarlo.simulate_batches``.

        ``loop``: the ``LOOP_*`` to deal with.
        """
        a = self.arrays
        spot = (
            self.n_hole,
            a.board,
            self.n_board,
            self.board_total,
            a.fixed_holes,
            a.kinds,
            a.combos,
            a.combo_masks,
            a.combo_offsets,
            a.combo_cum,
            np.uint64(self.fixed_mask),
            a.live_deck,
        )
        return variant(loop), spot, (self.independent, self.kernel_rules)


def mc_unit(
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
             combo_counts int64[n_combos, n_players + 1] (summed; Omaha: the ``extra``
             counts int64[n_players, 7] of :mod:`equity.kernels.omaha_mc`), status int64[run]
    """
    if spec.game_code == KERNEL_OMAHA:
        return omaha_unit(spec, first, run, threads)
    if spec.game_code == KERNEL_STUD:
        return stud_unit(spec, first, run, threads)
    loop = _montecarlo.mc_loop(spec.game_code, spec.arrays.kinds)
    out, combo_out, status = _simulate(spec, first, run, loop, None, threads)
    return out, combo_out.sum(axis=0), status


def record_unit(
    spec: McSpec, first: int, run: int, holes: np.ndarray, board: np.ndarray
) -> np.ndarray:
    """The deals of batches ``first .. first + run - 1`` as cards, into ``holes`` and ``board``.

    The driver of :func:`mc_unit`, with a sink: the general loop of the game's
    family (which makes the draws of every loop of the family) writes each
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
    zjh = spec.game_code == KERNEL_ZJH
    loop = _montecarlo.LOOP_ZJH if zjh else _montecarlo.LOOP_GENERAL
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
        *spec.kernel_args(loop),
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


def omaha_unit(
    spec: McSpec, first: int, run: int, threads: bool = True, sink: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Omaha Monte-Carlo batches ``first .. first + run - 1`` (as :func:`mc_unit`).

    ``sink``: None, or ``uint8[deals, n_players + 1, 6]`` that receives the
    deals of these batches (see ``kernels.omaha_mc.simulate_omaha_batches``):
    the same loop, the same draws, the same counts.
    """
    a = spec.arrays
    n_players = len(a.kinds)
    out = np.zeros((run, n_players, n_players + 1), dtype=np.int64)
    extra = np.zeros((run, n_players, _omaha_mc.EXTRA_COLUMNS), dtype=np.int64)
    status = np.zeros(run, dtype=np.int64)
    spot = _omaha_mc.OmahaSpot(
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
    args = (
        batch_seeds(spec.seed, run, first=first),
        spec.batch_size,
        spec.trials,
        first,
        spot,
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


def stud_unit(
    spec: McSpec, first: int, run: int, threads: bool = True, sink: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Stud-family Monte-Carlo batches ``first .. first + run - 1`` (as :func:`mc_unit`).

    ``sink``: None, or ``uint8[deals, n_players, 8]`` that receives the deals of
    these batches (the same loop, the same draws, the same counts).
    """
    a = spec.arrays
    n_players = len(a.kinds)
    out = np.zeros((run, n_players, n_players + 1), dtype=np.int64)
    extra = np.zeros((run, n_players, _omaha_mc.EXTRA_COLUMNS), dtype=np.int64)
    status = np.zeros(run, dtype=np.int64)
    g = get_game(spec.game)
    args = (
        batch_seeds(spec.seed, run, first=first),
        spec.batch_size,
        spec.trials,
        first,
        stud_spot(g, a, spec.fixed_mask),
        g.evaluator_tables(None),
        lowball_tables() if g.low_ranked else None,
        sink,
        out,
        extra if g.hilo else None,
        status,
    )
    warming(_stud.simulate_stud_batches, args=args)
    with one_thread(not threads):
        _stud.simulate_stud_batches(*args)
    return out, extra.sum(axis=0), status


def stud_spot(game: Game, arrays: McArrays, fixed_mask: int) -> _stud.StudSpot:
    """The kernels' :class:`~equity.kernels.stud.StudSpot` of a job's arrays."""
    assert arrays.n_now is not None
    return _stud.StudSpot(
        game.hole_cards,
        variant(RANKINGS.index(game.ranking)),
        game.hilo,
        arrays.shared,
        arrays.fixed_holes,
        arrays.n_now,
        arrays.kinds,
        arrays.combos,
        arrays.combo_masks,
        arrays.combo_offsets,
        arrays.combo_cum,
        np.uint64(fixed_mask),
        arrays.live_deck,
    )
