"""A partly known board (``"2c7d9h h"``: the turn is a heart), enumerated exactly.

Board slots run by street: the flop's three (a set: ``A * *`` is a flop with
an ace, each flop once), then the turn and the river, each one card.  A
*deal* is the players' hands and the board; the answer is the uniform
average over the deals that fit the hands, the dead cards and every board
slot at once.

:func:`board_options` lists the concrete known boards that the pattern allows
(each a flop set and the named turn and river cards), :func:`board_jobs`
prepares each as a job of its own, and :func:`run_board_pattern` enumerates
each exactly and adds up the sub-jobs' raw counts.  That is exactly the uniform average:
the fitting deals are split, without overlap and without gaps, by their known
board (each deal fits one option, and an option's enumeration counts each of
its deals once, weighted by the players' range weights as any job), so the
summed counts over the summed totals average every fitting deal once.  Two
options with the same cards as a set (a heart turn and a heart river
swapped) are distinct deals with the same showdowns: they are enumerated once
and counted twice.  A ``*`` on the turn or the river is left to the deal: the
board at showdown is a set, so a ``*`` turn before a named river deals the
same boards as the named card on the turn and a random river.  Per-combo
tables of range players are not kept.

Monte-Carlo (asked for, or ``auto`` on a board too large to enumerate in about
a second) samples each board on its own and weights it by its share of the
fitting deals (:func:`_sample`): unbiased, and offered when at most one
player holds a range or pattern, whose hands left on a board give that share
directly (with two ranges the share would be a joint count; such boards are
enumerated).  The choice, and the refusal of an enumeration too large with
its size, are :func:`equity.engine.plan.plan`'s; more than
:data:`MAX_BOARD_OPTIONS` boards are refused here.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, NamedTuple

import numpy as np

from ..cards import (
    ANY_CARD,
    format_pattern,
    is_exact_pattern,
    parse_card_pattern,
    parse_cards,
)
from ..checks import DEFAULT_TRIALS
from ..control import Progress, Stopwatch
from ..games import game as get_game
from ..kernels.scoring import KIND_RANGE
from ..ranges.patterns import PatternTooBroad, fitting_sets
from ..results import CategoryCounts, EquityResult
from .job import Job
from .montecarlo import run_mc
from .prepare import prepare
from .reduce import make_result
from .rounds import one_thread

__all__ = [
    "MAX_BOARD_OPTIONS",
    "MIN_BOARD_DEALS",
    "ONE_THREAD_DEALS",
    "ONE_THREAD_WORK",
    "PASS_DEALS",
    "BoardJobs",
    "SamplingPlan",
    "allocate",
    "board_jobs",
    "board_options",
    "board_pattern",
    "check_exact_dead",
    "run_board_pattern",
    "sampled_deals",
]

MAX_BOARD_OPTIONS = 5_000
"""The most concrete boards a partly known board may stand for (``A * *``: 4,804 flops)."""
ONE_THREAD_WORK = 20_000_000
"""A board whose enumeration is fewer hand evaluations runs on one thread: a parallel
launch costs more than it saves (on two busy cores, 35-50 ms a launch against 2-12 ms a
small board on one thread)."""
ONE_THREAD_DEALS = 500_000
"""A board sampled with fewer player-deals (deals times players) runs on one thread."""


def _pattern_of(cards: object) -> tuple[int, ...] | None:
    """The slots of ``cards`` when it is text of partly known cards, else None."""
    if not isinstance(cards, str):
        return None
    try:
        parse_cards(cards)
    except ValueError:
        try:
            slots = parse_card_pattern(cards)
        except ValueError:
            return None
        return None if is_exact_pattern(slots) else slots
    return None


def board_pattern(board: object) -> tuple[int, ...] | None:
    """The slots of a partly known board (``"2c7d9h h"``), or None for known cards or none."""
    return _pattern_of(board)


def check_exact_dead(dead: object) -> None:
    """Raise one sentence when the dead cards are partly known: they must be exact cards."""
    slots = _pattern_of(dead)
    if slots is not None:
        raise ValueError(
            f"dead cards must be exact cards, not partly known ones ({format_pattern(slots)!r})"
        )


def board_options(slots: Sequence[int], allowed: int) -> Counter[tuple[int, ...]]:
    """The known boards of ``slots`` (cards from ``allowed``), each with its number of deals.

    A board is ``flop + named streets``, flop cards in decreasing order; its
    count is how many (flop set, turn, river) choices give those cards.
    Raises ``ValueError`` on an unknown flop before a named turn or river,
    and past :data:`MAX_BOARD_OPTIONS` boards.
    """
    shown = format_pattern(slots)
    flop, streets = list(slots[:3]), list(slots[3:])
    named = [m for m in streets if m != ANY_CARD]  # a '*' turn or river is dealt later
    if all(m == ANY_CARD for m in flop):
        if named:
            raise ValueError(
                f"board {shown!r}: a named turn or river needs a flop with a known card "
                "(write the flop's cards, or a rank or suit)"
            )
        return Counter({(): 1})
    try:
        flops = fitting_sets(flop, allowed)
    except PatternTooBroad:
        flops = np.zeros(MAX_BOARD_OPTIONS + 1, dtype=np.uint64)
    if len(flops) > MAX_BOARD_OPTIONS:
        raise ValueError(f"board {shown!r} has more than {MAX_BOARD_OPTIONS:,} possible flops")
    options: Counter[tuple[int, ...]] = Counter()
    for f in flops.tolist():
        flop_cards = [c for c in range(51, -1, -1) if (f >> c) & 1]
        choices = [[c for c in range(52) if (m & allowed & ~f) >> c & 1] for m in named]
        for rest in itertools.product(*choices):
            if len(set(rest)) == len(rest):
                options[(*flop_cards, *sorted(rest, reverse=True))] += 1
        if len(options) > MAX_BOARD_OPTIONS:
            raise ValueError(
                f"board {shown!r} stands for more than {MAX_BOARD_OPTIONS:,} known boards"
            )
    return options


class BoardJobs(NamedTuple):
    """A partly known board prepared: one job per known board it stands for, and its size."""

    jobs: list[tuple[Job, int]]
    """Each known board's job and its number of deals (:func:`board_options`)."""
    shown: str
    """The board as written back (``"2c7d9h h"``)."""
    n_ranges: int
    """Players holding a range or pattern (the boards are sampled when at most one does)."""
    work: int
    """Hand evaluations of enumerating every board exactly (:meth:`.job.Job.exact_work`)."""
    works: tuple[int, ...] = ()
    """Each board's hand evaluations (``work`` is their sum)."""


def board_jobs(
    hands: Sequence[object],
    slots: tuple[int, ...],
    dead: object,
    game: str,
    rules: Any,
    independent_decks: bool,
) -> BoardJobs:
    """Prepare the jobs of every known board that the partly known board ``slots`` allows.

    A board that empties a player's range is left out (no deal fits it);
    none left is a ``ValueError``.
    """
    g = get_game(game)
    base = prepare(hands, "", dead, game, rules, independent_decks)
    g.check_board(len(slots))
    shown = format_pattern(slots)
    allowed = g.deck_mask & ~base.fixed_mask
    players = zip(base.players, hands, strict=True)
    parsed = [p.range_obj if p.kind == KIND_RANGE else h for p, h in players]
    jobs: list[tuple[Job, int]] = []
    for board, times in board_options(slots, allowed).items():
        try:
            job = prepare(parsed, list(board), dead, game, rules, independent_decks)
        except ValueError:  # a range emptied by this board: no deal fits it
            continue
        jobs.append((job, times))
    if not jobs:
        raise ValueError(f"board {shown!r}: no deal fits the hands, the dead cards and the board")
    works = tuple(job.exact_work() for job, _ in jobs)
    n_ranges = sum(p.kind == KIND_RANGE for p in base.players)
    return BoardJobs(jobs, shown, n_ranges, sum(works), works)


def run_board_pattern(
    prepared: BoardJobs,
    method: str,
    executor: Any,
    progress: Progress | None,
    categories: bool,
    sampling: SamplingPlan,
) -> EquityResult:
    """Equity over every deal that fits the partly known board (module doc), by ``method``.

    :func:`equity.engine.plan.plan` chose the method and checked its limits.
    """
    if method == "monte-carlo":
        return _sample(prepared.jobs, prepared.shown, executor, progress, sampling)
    return _enumerate(prepared.jobs, prepared.shown, executor, progress, categories)


class SamplingPlan(NamedTuple):
    """Monte-Carlo's size, seed and stop rules for a partly known board, and the batch rule."""

    trials: int | None
    seed: int
    batch_size_of: Callable[[int], int]
    target_stderr: float | None = None
    time_limit: float | None = None


MIN_BOARD_DEALS = 64
"""Deals of each board in each pass of the stratified sampler (at least one batch)."""
PASS_DEALS = 200_000
"""Deals of one pass when a stop rule (a target std err or a time limit) ends the run."""


def sampled_deals(n_boards: int, trials: int) -> int:
    """The deals a sampled partly known board of ``n_boards`` boards runs for ``trials``.

    ``trials`` itself, or :data:`MIN_BOARD_DEALS` times the boards when that is more:
    every board is dealt at least that often.

    Examples
    --------
    >>> sampled_deals(4420, 1_000_000), sampled_deals(4420, 100_000)
    (1000000, 282880)
    """
    return max(trials, MIN_BOARD_DEALS * n_boards)


def allocate(share: np.ndarray, total: int) -> np.ndarray:
    """Deals of each board: ``total`` in all (:func:`sampled_deals`), about in proportion to
    ``share`` and at least :data:`MIN_BOARD_DEALS` each (largest remainders)."""
    n = len(share)
    total = sampled_deals(n, total)
    rest = total - MIN_BOARD_DEALS * n
    ideal = np.maximum(share * total - MIN_BOARD_DEALS, 0.0)
    ideal = ideal * (rest / ideal.sum()) if ideal.sum() > 0 else np.full(n, rest / n)
    extra = np.floor(ideal).astype(np.int64)
    left = rest - int(extra.sum())
    extra[np.argsort(extra - ideal, kind="stable")[:left]] += 1
    return MIN_BOARD_DEALS + extra


def _enumerate(
    jobs: list[tuple[Job, int]],
    shown: str,
    executor: Any,
    progress: Progress | None,
    categories: bool,
) -> EquityResult:
    """Sum the raw counts of each board's exact enumeration, times its number of deals."""
    start = Stopwatch()
    counts: Any = 0
    total: Any = 0
    samples = 0
    extra: Any = None
    ends: Any = 0
    wins: Any = 0
    cat_total = 0.0
    names: tuple[str, ...] = ()
    for i, (job, times) in enumerate(jobs):
        with one_thread(job.exact_work() < ONE_THREAD_WORK):
            run = job.family.run_exact(job, executor, None, categories)
        counts = counts + times * run.counts
        total = total + times * run.total
        samples += times * run.samples
        x = run.outcome_counts
        if x is not None:
            extra = times * x if extra is None else extra + times * x
        if run.category_counts is not None:
            cc = run.category_counts
            names, ends, wins = cc.names, ends + times * cc.ends, wins + times * cc.wins
            cat_total += times * cc.total
        if progress is not None:
            progress(i + 1, len(jobs))
    category_counts = CategoryCounts(names, ends, wins, cat_total, True) if categories else None
    result = make_result(
        jobs[0][0],
        "exact",
        np.asarray(counts),
        total,
        samples,
        start,
        outcome_counts=extra,
        stderr=None,
        seed=None,
        category_counts=category_counts,
    )
    return replace(result, board=shown)


def _sample(
    jobs: list[tuple[Job, int]],
    shown: str,
    executor: Any,
    progress: Progress | None,
    plan: SamplingPlan,
) -> EquityResult:
    """Stratified Monte-Carlo: each board its own runs, weighted by its share of the deals.

    A board's share of the fitting deals is its number of (flop, turn, river)
    choices times the weight of the one range's hands that avoid it: the
    random players and the rest of the board are then dealt from a deck of
    the same size on every board.  The estimate, the sum of each board's
    equity times its share, is unbiased whatever the trials each board gets
    (proportional to its share here, at least :data:`MIN_BOARD_DEALS`); its
    variance is the sum of the shares squared times each board's.

    The boards are dealt in passes, each over every board (:func:`allocate`):
    one pass of all the trials, or, with a target std err or a time limit,
    passes of :data:`PASS_DEALS` until the target is met (checked after each
    pass), the time is up (checked after each board, once a pass is done) or
    the trials are.
    """
    start = Stopwatch()
    share = np.array(
        [
            times * sum(float(p.weights.sum()) for p in job.players if p.weights is not None)
            if any(p.kind == KIND_RANGE for p in job.players)
            else float(times)
            for job, times in jobs
        ]
    )
    share /= share.sum()
    trials = plan.trials if plan.trials is not None else DEFAULT_TRIALS
    total = sampled_deals(len(jobs), trials)
    rules = plan.target_stderr is not None or plan.time_limit is not None
    per_pass = min(total, sampled_deals(len(jobs), PASS_DEALS)) if rules else total
    n_players = jobs[0][0].n_players
    counts = np.zeros((len(jobs), n_players, n_players + 1))
    extra: Any = None
    deals = np.zeros(len(jobs))
    spread = np.zeros((len(jobs), n_players))  # sum over runs of (deals * stderr) ** 2
    reason = "trials"
    passes = 0
    while reason == "trials" and deals.sum() < total:
        sizes = allocate(share, min(per_pass, max(1, total - int(deals.sum()))))
        entropy = plan.seed if passes == 0 else (plan.seed, passes)
        seeds = np.random.SeedSequence(entropy).generate_state(len(jobs), dtype=np.uint32)
        for b, ((job, _), n, s) in enumerate(zip(jobs, sizes.tolist(), seeds.tolist(),
                                                 strict=True)):  # fmt: skip
            with one_thread(n * n_players < ONE_THREAD_DEALS):
                mc = run_mc(job, n, plan.batch_size_of(n), int(s), None, None, None, executor,
                            whole=True)  # fmt: skip
            counts[b] += mc["counts"]
            if mc["extra"] is not None:
                if extra is None:
                    extra = np.zeros((len(jobs), *mc["extra"].shape))
                extra[b] += mc["extra"]
            deals[b] += mc["samples"]
            spread[b] += (mc["samples"] * mc["stderr"]) ** 2
            if progress is not None:
                progress(b + 1, len(jobs))
            late = plan.time_limit is not None and start.split()[0] >= plan.time_limit
            if passes and late:
                break
        passes += 1
        stderr = np.sqrt(((share[:, None] / deals[:, None]) ** 2 * spread).sum(axis=0))
        if plan.time_limit is not None and start.split()[0] >= plan.time_limit:
            reason = "time"
        elif plan.target_stderr is not None and float(np.max(stderr)) <= plan.target_stderr:
            reason = "stderr"
    weights = share / deals
    samples = int(deals.sum())
    result = make_result(
        jobs[0][0],
        "monte-carlo",
        np.tensordot(weights, counts, axes=1) * samples,
        float(samples),
        samples,
        start,
        outcome_counts=None if extra is None else np.tensordot(weights, extra, axes=1) * samples,
        stderr=stderr,
        seed=plan.seed,
        stop_reason=reason,
    )
    return replace(result, board=shown)
