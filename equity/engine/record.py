"""The Monte-Carlo deals of a job, recorded: the same streams and draw order as the run.

:class:`DealPlan` replays the batches of a Monte-Carlo run and returns the
dealt cards: the run's own driver deals them, its general loop writing
each deal's cards into a sink as it deals (:func:`.units.record_unit`;
every loop of a family makes the general loop's draws, so these are the
deals a run of the same seed scores); :func:`showdown` evaluates them with
the game's batch evaluators.  :func:`equity.analysis.deals.deal` gives
them to users; ``calculate(..., categories=True)`` counts the showdown
categories of a Monte-Carlo run's own deals with them.

Omaha and the stud family are recorded by their scoring loops themselves
(:func:`record_omaha`, :func:`record_stud`: the loops of
:mod:`equity.kernels.omaha_mc` and :mod:`equity.kernels.stud` given a sink)
and evaluated by :func:`omaha_showdown` and :func:`stud_showdown`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..games import KERNEL_OMAHA, KERNEL_STUD, KERNEL_ZJH, RANKING_HIGH, RANKINGS
from ..kernels import holdem as _holdem
from ..kernels import lowball as _lowball
from ..kernels import omaha as _omaha
from ..kernels import stud as _stud
from ..kernels import zjh as _zjh
from ..kernels._jit import warming
from ..lookup.lowball import lowball_tables
from ..lookup.omaha import omaha_tables
from .job import Job
from .montecarlo import check_feasible, mc_arrays, mc_spec
from .stud import stud_arrays
from .units import McSpec, omaha_unit, record_unit, stud_unit

__all__ = [
    "DealPlan",
    "deal_plan",
    "omaha_showdown",
    "record_omaha",
    "record_stud",
    "showdown",
    "stud_showdown",
]


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
        return -(-self.n // self.batch_size)

    def batches_per_chunk(self, rows: int) -> int:
        """Whole batches in a chunk of about ``rows`` deal-player rows (at least one)."""
        return max(1, rows // (self.batch_size * self.job.n_players))

    def record(self, first: int, run: int) -> tuple[np.ndarray, np.ndarray]:
        """Hole cards and boards of batches ``first .. first + run - 1``."""
        if self.job.game.kernel == KERNEL_OMAHA:
            return record_omaha(self, first, run)
        if self.job.game.kernel == KERNEL_STUD:
            return record_stud(self, first, run)
        job, a = self.job, self.arrays
        start = first * self.batch_size
        rows = min(self.n, (first + run) * self.batch_size) - start
        holes = np.zeros((rows, job.n_players, job.n_hole), dtype=np.uint8)
        board = np.zeros((rows, job.board_total), dtype=np.uint8)
        spec = mc_spec(job, a, self.n, self.batch_size, self.seed)
        status = record_unit(spec, first, run, holes, board)
        if status.any():
            raise ValueError(
                "no legal deal found: the players' ranges almost never avoid each other's cards"
            )
        return holes, board


def deal_plan(job: Job, n: int, seed: int, batch_size: int) -> DealPlan:
    """The :class:`DealPlan` of ``n`` deals of ``job`` from ``seed`` (feasibility checked)."""
    check_feasible(job)
    arrays = stud_arrays(job) if job.game.stud_family else mc_arrays(job)
    return DealPlan(job, arrays, n, seed, batch_size)


def showdown(job: Job, holes: np.ndarray, board: np.ndarray) -> tuple[np.ndarray, ...]:
    """Strength, category index and winners of each deal, by the game's batch evaluators.

    The values are those the Monte-Carlo kernels compare (same evaluator,
    same tables); Zha Jin Hua's 2-3-5 rule is :func:`equity.kernels.scoring.find_winners`'s.
    """
    if job.game.kernel == KERNEL_OMAHA:
        return omaha_showdown(job, holes, board)
    if job.game.kernel == KERNEL_STUD:
        return stud_showdown(job, holes)
    n, n_players, n_hole = holes.shape
    flat = n * n_players
    strength = np.empty(flat, dtype=np.int32)
    names = job.rules.categories if job.rules is not None else job.game.categories
    if job.game.kernel == KERNEL_ZJH:
        straight_over_flush, suit_tiebreak, special_235, shift = job.kernel_rules
        hands = np.ascontiguousarray(holes.reshape(flat, 3))
        specials = np.empty(flat, dtype=np.bool_)
        warming(_zjh.evaluate_batch, _zjh.special_batch)
        _zjh.evaluate_batch(hands, straight_over_flush, suit_tiebreak, strength)
        _zjh.special_batch(hands, specials)
        values = strength.reshape(n, n_players)
        special = specials.reshape(n, n_players)
        codes = values >> shift
        if special_235:
            bomb = (codes == 6) & ~special
            n_special = special.sum(axis=1)
            n_bomb = bomb.sum(axis=1)
            use = (n_special > 0) & (n_bomb > 0) & (n_special + n_bomb == n_players)
            eligible = special | ~use[:, None]
        else:
            eligible = np.ones_like(special)
        best = np.where(eligible, values, np.iinfo(np.int32).min).max(axis=1, keepdims=True)
        winners = eligible & (values == best)
    else:
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


def record_omaha(plan: DealPlan, first: int, run: int) -> tuple[np.ndarray, np.ndarray]:
    """Omaha's :meth:`DealPlan.record`: the Monte-Carlo loop itself, run with a sink.

    The batches run exactly as in ``calculate`` (same unit, streams and
    draws), scoring as they go; the sink receives each deal's cards.
    """
    job = plan.job
    start = first * plan.batch_size
    rows = min(plan.n, (first + run) * plan.batch_size) - start
    sink = np.zeros((rows, job.n_players + 1, 6), dtype=np.uint8)
    spec = McSpec(plan.seed, plan.n, plan.batch_size, job.game.kernel, job.n_hole,
                  len(job.board), job.board_total, job.kernel_mask, job.independent,
                  job.kernel_rules, plan.arrays, job.game.name, job.rules)  # fmt: skip
    _, _, status = omaha_unit(spec, first, run, sink=sink)
    if status.any():
        raise ValueError(
            "no legal deal found: the players' ranges almost never avoid each other's cards"
        )
    holes = np.ascontiguousarray(sink[:, : job.n_players, : job.n_hole])
    return holes, np.ascontiguousarray(sink[:, job.n_players, :5])


def omaha_showdown(job: Job, holes: np.ndarray, board: np.ndarray) -> tuple[np.ndarray, ...]:
    """Omaha's :func:`showdown`: ``strength, category, winners`` and, hi-lo, ``low, low_winners``.

    ``strength`` is the high value and ``winners`` the best high hand(s)
    (who share the high half of a hi-lo pot, or all of it without a low);
    ``low`` is the low code (bigger is better, 0 for no qualifying low) and
    ``low_winners`` the best low(s) (none without a qualifying low).  The
    values are the Monte-Carlo loop's (same evaluator, same tables).
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


def record_stud(plan: DealPlan, first: int, run: int) -> tuple[np.ndarray, np.ndarray]:
    """The stud family's :meth:`DealPlan.record`: its Monte-Carlo loop, run with a sink.

    Returns the players' finished hands (``uint8[deals, n_players, hand size]``)
    and an empty board (``uint8[deals, 0]``).
    """
    job = plan.job
    start = first * plan.batch_size
    rows = min(plan.n, (first + run) * plan.batch_size) - start
    sink = np.zeros((rows, job.n_players, _stud.HAND_WIDTH), dtype=np.uint8)
    spec = mc_spec(job, plan.arrays, plan.n, plan.batch_size, plan.seed)
    _, _, status = stud_unit(spec, first, run, sink=sink)
    if status.any():
        raise ValueError(
            "no legal deal found: the players' partly known cards almost never avoid "
            "each other's cards"
        )
    holes = np.ascontiguousarray(sink[:, :, : job.n_hole])
    return holes, np.zeros((rows, 0), dtype=np.uint8)


def stud_showdown(job: Job, holes: np.ndarray) -> tuple[np.ndarray, ...]:
    """The stud family's :func:`showdown`: ``strength, category, winners`` and, hi-lo,
    ``low, low_winners`` as :func:`omaha_showdown` gives them (the low as the Omaha low
    code: bigger is better, 0 for none, text by ``equity.lookup.omaha.low_mask_text``).

    The values are the Monte-Carlo loop's: the high tables, or the low kernels.
    """
    n, n_players, n_hole = holes.shape
    hands = np.ascontiguousarray(holes.reshape(n * n_players, n_hole))
    strength = np.empty(n * n_players, dtype=np.int32)
    g = job.game
    if g.ranking == RANKING_HIGH:
        warming(_holdem.evaluate_batch)
        _holdem.evaluate_batch(hands, job.tables, strength)
        codes = strength >> 12
    else:
        warming(_lowball.evaluate_low_batch)
        _lowball.evaluate_low_batch(hands, RANKINGS.index(g.ranking), lowball_tables(), strength)
        codes = strength >> _lowball.LOW_SHIFT
    values = strength.reshape(n, n_players)
    category = (len(g.categories) - codes.reshape(n, n_players)).astype(np.int8)
    winners = values == values.max(axis=1, keepdims=True)
    if not g.hilo:
        return values, category, winners
    low8 = np.empty(n * n_players, dtype=np.int32)
    warming(_lowball.evaluate_low_batch)
    _lowball.evaluate_low_batch(hands, 0, lowball_tables(), low8)
    # the five low ranks as the Omaha code: 256 - their mask (ace bit 0), 0 for none
    mask = _lowball.LOW_RAW_MASK - (low8 & _lowball.LOW_RAW_MASK)
    lows = np.where(low8 >= 0, 256 - mask, 0).reshape(n, n_players).astype(np.int32)
    best = lows.max(axis=1, keepdims=True)
    return values, category, winners, lows, (lows == best) & (best > 0)
