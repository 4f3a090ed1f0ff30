"""The stud family's Monte-Carlo unit, its recorded deals and their showdown, and its
category frequencies.

:func:`stud_mc_unit` runs batches of the family's Monte-Carlo loop
(:mod:`equity.kernels.stud`, its spot a ``StudSpot`` of :class:`StudArrays`);
:func:`record_stud` runs it with a sink (the same streams and draws as
``calculate``); :func:`stud_showdown` scores the recorded hands with the high tables or the
low kernels; :func:`sample_stud_frequencies` and :func:`exact_stud_frequencies`
count the categories of one dealt hand (the lows by the low samplers and by
rank pattern).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ...games import RANKING_HIGH, RANKINGS, Game
from ...games import game as get_game
from ...kernels import holdem as _holdem
from ...kernels import lowball as _lowball
from ...kernels import stud as _stud
from ...kernels._jit import variant, warming
from ...kernels.omaha_mc import EXTRA_COLUMNS
from ...kernels.rng import batch_seeds
from ...lookup.lowball import lowball_tables
from ..job import Job
from ..montecarlo import McArrays, McSpec, mc_spec
from ..rounds import one_thread
from .base import FREQUENCY_CODES

if TYPE_CHECKING:
    from ..record import DealPlan

__all__ = [
    "StudArrays",
    "exact_stud_frequencies",
    "record_stud",
    "sample_stud_frequencies",
    "stud_mc_unit",
    "stud_showdown",
    "stud_spot",
]


@dataclass(frozen=True)
class StudArrays(McArrays):
    """The players of a stud-family job as its kernels take them: the
    :class:`~..montecarlo.McArrays`, and the cards held now and the shared card of the
    :class:`.stud.StudJob` (given at construction)."""

    n_now: np.ndarray
    """``int64[n_players]``, the cards each player holds now."""
    shared: bool
    """The last card is shared by every player."""


def stud_mc_unit(
    spec: McSpec, first: int, run: int, threads: bool = True, sink: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Stud-family Monte-Carlo batches ``first .. first + run - 1`` (as
    :func:`.table.table_mc_unit`; the second output: the outcome counts, summed).

    ``sink``: None, or ``uint8[deals, n_players, 8]`` that receives the deals of
    these batches (the same loop, the same draws, the same counts).
    """
    a = spec.arrays
    assert isinstance(a, StudArrays)
    n_players = len(a.kinds)
    out = np.zeros((run, n_players, n_players + 1), dtype=np.int64)
    extra = np.zeros((run, n_players, EXTRA_COLUMNS), dtype=np.int64)
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
        np.zeros((0, n_players, _stud.HAND_WIDTH), dtype=np.uint8) if sink is None else sink,
        out,
        extra if g.hilo else None,
        status,
    )
    warming(_stud.simulate_stud_batches, args=args)
    with one_thread(not threads):
        _stud.simulate_stud_batches(*args)
    return out, extra.sum(axis=0), status


def stud_spot(game: Game, arrays: StudArrays, fixed_mask: int) -> _stud.StudSpot:
    """The kernels' :class:`~equity.kernels.stud.StudSpot` of a job's arrays."""
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


def record_stud(plan: DealPlan, first: int, run: int) -> tuple[np.ndarray, np.ndarray]:
    """The stud family's recorder: its Monte-Carlo loop, run with a sink.

    Returns the players' finished hands (``uint8[deals, n_players, hand size]``)
    and an empty board (``uint8[deals, 0]``).
    """
    job = plan.job
    rows = plan.rows(first, run)
    sink = np.zeros((rows, job.n_players, _stud.HAND_WIDTH), dtype=np.uint8)
    spec = mc_spec(job, plan.arrays, plan.n, plan.batch_size, plan.seed)
    _, _, status = stud_mc_unit(spec, first, run, sink=sink)
    if status.any():
        raise ValueError(
            "no legal deal found: the players' partly known cards almost never avoid "
            "each other's cards"
        )
    holes = np.ascontiguousarray(sink[:, :, : job.n_hole])
    return holes, np.zeros((rows, 0), dtype=np.uint8)


def stud_showdown(job: Job, holes: np.ndarray) -> tuple[np.ndarray, ...]:
    """The stud family's showdown: ``strength, category, winners`` and, hi-lo,
    ``low, low_winners`` as Omaha's showdown gives them (the low as the Omaha low
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


def exact_stud_frequencies(game: Game, cards: int) -> np.ndarray | None:
    """Category counts of every hand of a low game (razz, 2-7, badugi), by rank pattern;
    None for the games ranked high (counted by the hold'em tables)."""
    from ...evaluators.lowball import RANKING_CODES
    from ...evaluators.odds import category_counts

    if game.evaluator not in RANKING_CODES:
        return None
    by_code = np.zeros(FREQUENCY_CODES, dtype=np.int64)
    counts = category_counts(game.name, cards=cards)
    for i, name in enumerate(game.categories):
        by_code[len(game.categories) - i] = counts[name]
    return by_code


def sample_stud_frequencies(
    game: Game, seeds: np.ndarray, batch_size: int, trials: int, first: int, cards: int,
    threads: bool,
) -> tuple[np.ndarray | None, int | None]:  # fmt: skip
    """The low samplers' counts of a low game (``(counts, None)``), or the lows of stud
    hi-lo's deals (``(None, lows)``: the high hands are dealt from the same streams), or
    ``(None, None)`` for a game ranked high alone."""
    from ...evaluators.lowball import RANKING_CODES
    from ...kernels.omaha import LOW_COLUMN

    if not (game.evaluator in RANKING_CODES or game.hilo):
        return None, None
    out = np.zeros((len(seeds), FREQUENCY_CODES), dtype=np.int64)
    low = RANKING_CODES.get(game.evaluator, 0)  # stud hi-lo: 0, the lows of the deals
    warming(_lowball.sample_low_categories)
    with one_thread(not threads):
        _lowball.sample_low_categories(
            seeds, batch_size, trials, first, cards, low, lowball_tables(), out
        )
    if game.evaluator in RANKING_CODES:
        return out.sum(axis=0), None
    return None, int(out[:, LOW_COLUMN].sum())
