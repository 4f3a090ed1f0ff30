"""Several run-outs: the board run ``K`` times, each run-out deciding ``1/K`` of the pot.

:func:`run_outs` deals the board cards still to come ``K`` times from the
same deck, without putting cards back (a hand "run twice" once the players
are all in), in every game with a board (hold'em, short deck, Omaha 4-6
high and hi-lo, Courchevel).  A player's equity does not change: every
run-out, dealt from the same deck, has the same expected share.  What
changes is the spread: the result (:class:`~.run_outs_result.RunOuts`) is
the distribution of each player's share of the whole pot over the ``K``
run-outs (all ``K`` won, some, none; splits and hi-lo halves at their
fractional share), its mean, its variance and that variance over the
variance of one run-out.

How (``method="auto"``): the spot is enumerated exactly when the work
estimate (:func:`exact_work`, in hand evaluations like
:data:`equity.engine.EXACT_AUTO_LIMIT`) is within :data:`EXACT_AUTO_LIMIT`:
for each assignment of hole cards (one when every hand is known; ranges and
random hands are every assignment without a shared card, weighted by the
combos' weights), every single run-out is scored once, then the sequences of
``K`` disjoint run-outs are counted in integers (:mod:`.run_outs_count`): any
``K`` for one card a run-out (a turn board), ``K`` up to 3 for more (a flop
board run twice is 893,970 sequences heads-up).  Otherwise (preflop, ``K`` >=
4 on the flop, a random hand on the flop) it deals ``trials`` Monte-Carlo
hands: the players' cards and the first run-out as :func:`equity.deal` deals
them (the engine's own streams), the other run-outs from the cards left by a
seeded NumPy generator; the standard errors come from the spread of the
batch means.  The same seed gives the same figures on any number of threads.
"""

from __future__ import annotations

import itertools
import time
from collections import defaultdict
from collections.abc import Iterator, Sequence
from fractions import Fraction
from math import comb
from typing import Any

import numpy as np

from ..checks import check_count, check_seed, check_trials, fresh_seed
from ..control import stop_requested
from ..engine.job import Job
from ..engine.patterns import board_pattern, check_exact_dead
from ..engine.prepare import prepare
from ..engine.record import DealPlan, deal_plan, showdown
from ..engine.run import EXACT_AUTO_LIMIT, EXACT_HARD_LIMIT, default_batch_size
from ..games import game as get_game
from ..kernels.scoring import KIND_FIXED, KIND_RANGE
from .run_outs_count import (
    MAX_CLASS_RUNS,
    as_fractions,
    card_masks,
    class_sequence_counts,
    distribution_of_classes,
    group_classes,
    moments,
    pot_units,
    sequences,
    single_card_counts,
    split_units,
)
from .run_outs_result import ExactRunOuts, RunOuts

__all__ = [
    "ASSIGNMENT_WORK",
    "DEFAULT_TRIALS",
    "FLOPS_PER_EVALUATION",
    "MATRIX_WORK",
    "MAX_MATRIX",
    "check_run_outs",
    "exact_work",
    "run_outs",
]

DEFAULT_TRIALS = 200_000
"""Monte-Carlo deals of ``K`` run-outs when ``trials`` is not given."""
FLOPS_PER_EVALUATION = 20
"""Multiply-adds of the counting products worth one hand evaluation in the work estimate."""
MATRIX_WORK = 2
"""Hand evaluations' worth of an entry of the disjointness matrix (built, converted and
multiplied by the classes: about 10-20 ns)."""
ASSIGNMENT_WORK = 50_000
"""Hand evaluations' worth of the fixed cost of one assignment of hole cards (its
run-outs listed and counted in Python: about 0.3 ms)."""
MAX_MATRIX = 4096
"""Most single run-outs of more than one card counted by the disjointness matrix (128 MB)."""
_CHUNK = 1 << 16
"""Monte-Carlo deals scored at once (bounded memory)."""
_STREAM = 0x52554E53
"""Mixed into the seed for the run-outs after the first (``"RUNS"``)."""


def run_outs(
    hands: Sequence[object],
    board: object = "",
    dead: object = "",
    *,
    runs: int = 2,
    game: str = "holdem",
    method: str = "auto",
    trials: int | None = None,
    seed: int | None = None,
    rules: Any = None,
) -> RunOuts:
    """Each player's share of the pot when the rest of the board is dealt ``runs`` times.

    Parameters
    ----------
    hands, board, dead, game, rules
        As :func:`equity.calculate`, for a game with a board; the board is known
        cards (0, 3 or 4 of them; Courchevel 1, 3 or 4), not a partly known one.
    runs : int
        Run-outs ``K`` (1 up to what the deck allows), each deciding ``1/K`` of the pot.
    method : {"auto", "exact", "monte-carlo"}
        ``auto`` enumerates when the work estimate (:func:`exact_work`) is at most
        :data:`EXACT_AUTO_LIMIT`, ``exact`` up to :data:`EXACT_HARD_LIMIT`.
    trials : int, optional
        Monte-Carlo deals (default :data:`DEFAULT_TRIALS`).
    seed : int, optional
        Monte-Carlo seed; drawn and recorded when omitted.

    Returns
    -------
    RunOuts
        The distribution of each player's pot share, its mean (the equity),
        variance, the variance of one run-out and their ratio.

    Examples
    --------
    Nine outs on the turn, run twice: the variance is 21/43 of once.

    >>> r = run_outs(["AsAc", "KhQh"], board="Jh7h2c3d", runs=2)
    >>> r.method, r.exact.equity[1], r.exact.variance_ratio[1]
    ('exact', Fraction(9, 44), Fraction(21, 43))
    >>> {str(s): str(p) for s, p in r.exact.distribution[1].items()}
    {'0': '595/946', '1/2': '315/946', '1': '18/473'}
    """
    start = time.perf_counter()
    job, per_run, cards_left = _checked(hands, board, dead, runs, game, method, rules)
    work = exact_work(job, per_run, runs, cards_left)
    if method == "exact" or (method == "auto" and work is not None and work <= EXACT_AUTO_LIMIT):
        how = "asked" if method == "exact" else f"at most {EXACT_AUTO_LIMIT:,}"
        reason = f"exact: work estimate {_work_text(work)} ({how})"
        return _exact(job, per_run, runs, cards_left, reason, start)
    if method == "monte-carlo":
        reason = "Monte-Carlo: asked"
    else:
        reason = f"Monte-Carlo: work estimate {_work_text(work)}, above {EXACT_AUTO_LIMIT:,}"
    count = check_trials(trials) or DEFAULT_TRIALS
    chosen = check_seed(seed)
    return _monte_carlo(job, per_run, runs, count, fresh_seed() if chosen is None else chosen,
                        reason, start)  # fmt: skip


def exact_work(job: Job, per_run: int, runs: int, cards_left: int) -> int | None:
    """The work of an exact count, in hand evaluations, or None when it is not counted
    exactly (more than :data:`~.run_outs_count.MAX_CLASS_RUNS` run-outs of several cards,
    or more than :data:`MAX_MATRIX` single run-outs).

    For each assignment of hole cards (:meth:`equity.engine.job.Job.exact_size`, an
    upper bound; one when every hand is known), :data:`ASSIGNMENT_WORK` for its fixed
    cost, every single run-out scored (``C(cards left, per run) x players``) and the
    counting: for one card a run-out the split of ``K`` cards over each player's share
    groups (``K**3`` steps a group, at most ``2 x players + 1`` groups), else the
    ``M x M`` disjointness matrix (:data:`MATRIX_WORK` an entry) and its products
    (``M**K`` multiply-adds, :data:`FLOPS_PER_EVALUATION` a hand evaluation).
    """
    assignments = job.exact_size()[0]
    singles = comb(cards_left, per_run)
    work = ASSIGNMENT_WORK + singles * job.n_players
    if runs > 1 and per_run == 1:
        work += job.n_players * (2 * job.n_players + 1) * (runs + 1) ** 3
    elif runs > 1 and per_run > 1:
        if runs > MAX_CLASS_RUNS or singles > MAX_MATRIX:
            return None
        work += MATRIX_WORK * singles**2 + singles**runs // FLOPS_PER_EVALUATION
    return assignments * work


def _work_text(work: int | None) -> str:
    return "beyond counting" if work is None else f"{work:,} hand evaluations"


def check_run_outs(
    hands: Sequence[object],
    board: object = "",
    dead: object = "",
    *,
    runs: int = 2,
    game: str = "holdem",
    method: str = "auto",
    rules: Any = None,
) -> None:
    """Raise one sentence (``ValueError``) when the spot cannot be run ``runs`` times
    (:func:`run_outs` would refuse it): what ``equity query --runs`` checks before any work."""
    _checked(hands, board, dead, runs, game, method, rules)


def _checked(
    hands: Sequence[object],
    board: object,
    dead: object,
    runs: object,
    game: str,
    method: str,
    rules: Any,
) -> tuple[Job, int, int]:
    """The job, the cards a run-out deals and the cards left to deal them from; one
    sentence for anything that cannot be run ``runs`` times."""
    g = get_game(game)
    if not g.has_board:
        raise ValueError(f"{g.name} has no board: there is nothing to run more than once")
    if isinstance(runs, bool) or not isinstance(runs, (int, np.integer, float)):
        raise ValueError(f"runs must be a whole number at least 1, got {runs!r}")
    k = check_count(runs, "runs")
    if method not in ("auto", "exact", "monte-carlo"):
        raise ValueError(f"method must be 'auto', 'exact' or 'monte-carlo', got {method!r}")
    slots = board_pattern(board)
    if slots is not None:
        raise ValueError(
            f"board {board!r} is partly known: run-outs are dealt from a board of known cards"
        )
    check_exact_dead(dead)
    job = prepare(hands, board, dead, g, rules, False)
    per_run = job.board_total - len(job.board)
    unknown = sum(p.kind != KIND_FIXED for p in job.players)
    left = len(job.live_cards) - unknown * job.n_hole
    if per_run == 0 and k > 1:
        raise ValueError(
            f"the board is complete: no card is left to run {k} times (runs must be 1)"
        )
    if per_run * k > left:
        raise ValueError(
            f"not enough cards for {k} run-outs: each deals {per_run} board "
            f"card{'s' if per_run > 1 else ''}, {per_run * k} in all, and {left} are left"
        )
    if method == "exact":
        work = exact_work(job, per_run, k, left)
        if work is None or work > EXACT_HARD_LIMIT:
            raise ValueError(
                f"{k} run-outs of {per_run} board cards cannot be counted exactly "
                f"({_work_text(work)}): run them by Monte-Carlo (--mc, method='monte-carlo')"
            )
    return job, per_run, left


def _exact(
    job: Job, per_run: int, runs: int, cards_left: int, reason: str, start: float
) -> RunOuts:
    """Every assignment of hole cards (one when all are known), each weighted by its
    combos' weights: score every single run-out once, count the sequences of ``runs``
    of them, and mix the assignments' counts."""
    scale = pot_units(job.n_players, job.game.hilo)
    totals: list[dict[int, Fraction]] = [defaultdict(Fraction) for _ in job.players]
    once: list[dict[int, Fraction]] = [defaultdict(Fraction) for _ in job.players]
    assignments = 0
    chunk: list[tuple[np.ndarray, Fraction]] = []
    per_chunk = max(1, _CHUNK // comb(cards_left, per_run))
    for assignment in itertools.chain(_assignments(job), [None]):
        if assignment is not None:
            chunk.append(assignment)
            if len(chunk) < per_chunk:
                continue
        assignments += len(chunk)
        for (counted, counted_once), (_, weight) in zip(
            _counts(job, [h for h, _ in chunk], per_run, runs, scale), chunk, strict=True
        ):
            for p in range(job.n_players):
                for t, ways in counted[p].items():
                    totals[p][t] += weight * ways
                for t, ways in counted_once[p].items():
                    once[p][t] += weight * ways
        chunk = []
    distribution = [as_fractions(t, scale * runs) for t in totals]
    stats = [moments(t, scale * runs) for t in totals]
    stats_once = [moments(t, scale) for t in once]
    ratio = [None if v1 == 0 else v / v1 for (_, v), (_, v1) in zip(stats, stats_once,
                                                                   strict=True)]  # fmt: skip
    exact = ExactRunOuts(
        distribution=tuple(distribution),
        equity=tuple(m for m, _ in stats),
        variance=tuple(v for _, v in stats),
        variance_once=tuple(v for _, v in stats_once),
        variance_ratio=tuple(ratio),
    )
    return RunOuts(
        **_spot(job, per_run, runs),
        method="exact",
        reason=reason,
        samples=assignments * sequences(cards_left, per_run, runs),
        shares=tuple(tuple(d) for d in distribution),
        probabilities=tuple(np.array([float(x) for x in d.values()]) for d in distribution),
        probability_stderr=None,
        equity=np.array([float(m) for m in exact.equity]),
        equity_stderr=None,
        variance=np.array([float(v) for v in exact.variance]),
        variance_stderr=None,
        variance_once=np.array([float(v) for v in exact.variance_once]),
        variance_ratio=np.array([np.nan if x is None else float(x) for x in ratio]),
        variance_ratio_stderr=None,
        exact=exact,
        seed=None,
        elapsed_s=time.perf_counter() - start,
    )


def _assignments(job: Job) -> Iterator[tuple[np.ndarray, Fraction]]:
    """Each assignment of hole cards without a shared card (``uint8[n_players, n_hole]``)
    and its weight: the product of its combos' range weights (1 for known and random)."""
    options = []
    for p in job.players:
        if p.kind == KIND_FIXED:
            options.append([(tuple(p.cards), Fraction(1))])
        elif p.kind == KIND_RANGE:
            assert p.combos is not None
            assert p.weights is not None
            pairs = zip(p.combos.tolist(), p.weights.tolist(), strict=True)
            options.append([(tuple(c), Fraction(w)) for c, w in pairs])
        else:
            combos = itertools.combinations(job.live_cards, job.n_hole)
            options.append([(c, Fraction(1)) for c in combos])
    for chosen in itertools.product(*options):
        cards = [c for hand, _ in chosen for c in hand]
        if len(set(cards)) == len(cards):
            weight = Fraction(1)
            for _, w in chosen:
                weight *= w
            yield np.array([hand for hand, _ in chosen], dtype=np.uint8), weight


def _counts(
    job: Job, holes: list[np.ndarray], per_run: int, runs: int, scale: int
) -> Iterator[tuple[list[dict[int, int]], list[dict[int, int]]]]:
    """For each assignment of hole cards of ``holes``: each player's total units over
    ``runs`` run-outs and over one, with the number of ordered run-out sequences giving
    each.  The single run-outs of every assignment are scored in one batch."""
    live = job.live_cards
    picks = []
    for hand in holes:
        taken = set(hand.reshape(-1).tolist())
        left = [c for c in live if c not in taken]
        picks.append(list(itertools.combinations(left, per_run)))
    singles = len(picks[0])
    cards = np.array(picks, dtype=np.uint8).reshape(len(holes) * singles, per_run)
    dealt = np.repeat(np.array(holes, dtype=np.uint8), singles, axis=0)
    units = _units(job, dealt, _boards(job, cards), scale).reshape(len(holes), singles, -1)
    for a in range(len(holes)):
        once = single_card_counts(units[a], 1)
        if runs == 1:
            yield once, once
        elif per_run == 1:
            yield single_card_counts(units[a], runs), once
        else:
            class_units, classes = group_classes(units[a])
            mine = cards[a * singles : (a + 1) * singles]
            counts = class_sequence_counts(card_masks(mine), classes, runs)
            yield distribution_of_classes(counts, class_units), once


def _spot(job: Job, per_run: int, runs: int) -> dict[str, Any]:
    """The fields of a :class:`RunOuts` that describe the spot."""
    from ..cards import format_cards

    return {
        "game": job.game.name,
        "hands": tuple(p.label for p in job.players),
        "board": format_cards(job.board),
        "dead": format_cards(job.dead),
        "runs": runs,
        "cards_per_run": per_run,
    }


def _boards(job: Job, picks: np.ndarray) -> np.ndarray:
    """The known board followed by each row of ``picks``: ``uint8[n, board_total]``."""
    known = np.broadcast_to(np.array(job.board, dtype=np.uint8), (len(picks), len(job.board)))
    return np.ascontiguousarray(np.concatenate([known, picks], axis=1))


def _units(job: Job, holes: np.ndarray, boards: np.ndarray, units: int) -> np.ndarray:
    """Each player's units of each deal's pot, by the game's batch evaluators."""
    out = showdown(job, holes, boards)
    return split_units(out[2], out[4] if len(out) > 4 else None, units)


def _monte_carlo(
    job: Job, per_run: int, runs: int, trials: int, seed: int, reason: str, start: float
) -> RunOuts:
    """Deal ``trials`` hands of ``runs`` run-outs; statistics by batch means."""
    scale = pot_units(job.n_players, job.game.hilo)
    batch = default_batch_size(trials)
    plan = deal_plan(job, trials, seed, batch)
    rng = np.random.default_rng([seed, _STREAM])
    deck = np.zeros(52, dtype=bool)
    deck[np.array(job.live_cards)] = True
    totals = np.empty((trials, job.n_players), dtype=np.int64)
    squares = np.empty((trials, job.n_players), dtype=np.int64)
    batches_per_chunk = max(1, _CHUNK // batch)
    done = 0  # deals
    with stop_requested() as stop:
        for first in range(0, plan.n_batches, batches_per_chunk):
            run = min(batches_per_chunk, plan.n_batches - first)
            done = _run_chunk(job, plan, first, run, per_run, runs, rng, deck, scale, totals,
                              squares)  # fmt: skip
            if stop.is_set():  # Ctrl-C: the whole batches done are the result
                break
    interrupted = done < trials
    return _mc_result(job, per_run, runs, totals[:done], squares[:done], scale, batch, seed,
                      reason, start, interrupted)  # fmt: skip


def _run_chunk(
    job: Job, plan: DealPlan, first: int, run: int, per_run: int, runs: int,
    rng: np.random.Generator, deck: np.ndarray, scale: int, totals: np.ndarray,
    squares: np.ndarray,
) -> int:  # fmt: skip
    """Batches ``first .. first + run - 1`` into ``totals`` and ``squares``; the deals done."""
    holes, board = plan.record(first, run)
    n = len(holes)
    free = np.broadcast_to(deck, (n, 52)).copy()
    rows = np.arange(n)[:, None]
    free[rows, holes.reshape(n, -1)] = False
    free[rows, board] = False
    keys = rng.random((n, 52))
    keys[~free] = 2.0
    extra = np.argsort(keys, axis=1, kind="stable")[:, : per_run * (runs - 1)]
    parts = [_units(job, holes, board, scale)]
    for k in range(runs - 1):
        picks = extra[:, k * per_run : (k + 1) * per_run].astype(np.uint8)
        boards = np.ascontiguousarray(np.concatenate([board[:, : len(job.board)], picks], 1))
        parts.append(_units(job, holes, boards, scale))
    lo = first * plan.batch_size
    totals[lo : lo + n] = np.sum(parts, axis=0)
    squares[lo : lo + n] = np.sum(np.square(parts), axis=0)
    return lo + n


def _mc_result(
    job: Job,
    per_run: int,
    runs: int,
    totals: np.ndarray,
    squares: np.ndarray,
    scale: int,
    batch: int,
    seed: int,
    reason: str,
    start: float,
    interrupted: bool = False,
) -> RunOuts:
    """The estimates of the deals' unit totals (and per-run-out squares), each with the
    standard error of its batch estimates."""
    trials = len(totals)
    starts = np.arange(0, trials, batch)
    sizes = np.diff(np.append(starts, trials))[:, None]
    share = totals / (scale * runs)  # each deal's share of the whole pot
    once = np.add.reduceat(totals, starts) / (scale * runs * sizes)  # mean of one run-out
    once_square = np.add.reduceat(squares, starts) / (scale * scale * runs * sizes)
    mean = np.add.reduceat(share, starts) / sizes
    square = np.add.reduceat(share * share, starts) / sizes
    batch_var = square - mean**2
    batch_once = once_square - once**2
    with np.errstate(invalid="ignore", divide="ignore"):
        batch_ratio = batch_var / batch_once

    def pooled(values: np.ndarray) -> np.ndarray:
        out: np.ndarray = (values * sizes).sum(axis=0) / trials
        return out

    def error(values: np.ndarray) -> np.ndarray:
        out: np.ndarray = values.std(axis=0, ddof=1) / np.sqrt(len(values))
        return out

    equity = pooled(mean)
    variance = pooled(square) - equity**2
    variance_once = pooled(once_square) - pooled(once) ** 2
    with np.errstate(invalid="ignore", divide="ignore"):
        ratio = np.where(variance_once > 0, variance / variance_once, np.nan)
    shares, probabilities, probability_stderr = [], [], []
    batch_of = np.arange(trials) // batch
    for p in range(job.n_players):
        values, index = np.unique(totals[:, p], return_inverse=True)
        shares.append(tuple(Fraction(int(v), scale * runs) for v in values))
        per_batch = np.zeros((len(starts), len(values)))
        np.add.at(per_batch, (batch_of, index.reshape(-1)), 1.0)
        probabilities.append(per_batch.sum(axis=0) / trials)
        probability_stderr.append(error(per_batch / sizes))
    return RunOuts(
        **_spot(job, per_run, runs),
        method="monte-carlo",
        reason=reason,
        samples=trials,
        shares=tuple(shares),
        probabilities=tuple(probabilities),
        probability_stderr=tuple(probability_stderr),
        equity=equity,
        equity_stderr=error(mean),
        variance=variance,
        variance_stderr=error(batch_var),
        variance_once=variance_once,
        variance_ratio=ratio,
        variance_ratio_stderr=error(batch_ratio),
        exact=None,
        seed=seed,
        elapsed_s=time.perf_counter() - start,
        interrupted=interrupted,
    )
