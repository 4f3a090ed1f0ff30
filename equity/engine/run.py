"""The equity engine's entry point: :func:`calculate`.

:func:`calculate` answers "what share of the pot does each player win?"
for every game of the registry (:mod:`equity.games`), by exact enumeration
when the outcomes can be counted quickly and by batched Monte-Carlo
otherwise: plan (:mod:`.plan`: validate and prepare the job once, choose the
method) -> arrays -> units on an executor (:mod:`.exact`, :mod:`.montecarlo`,
:mod:`.executor`) -> reduce (:mod:`.reduce`).  ``calculate(...)`` is
``plan(...).run()``; :func:`run_plan` runs a plan.

``method="auto"`` (decided in :func:`.plan.plan`) enumerates exactly when the estimated work
(:meth:`.job.Job.exact_work`: assignments of hole cards x boards x players,
a preflop board counted by rank pattern) is at most :data:`EXACT_AUTO_LIMIT`
(1.5e8 hand evaluations, about a second on two cores): known hands preflop
(any number of players), a hand or a narrow range against a range or one
random hand preflop, and hands, ranges and one random hand on the flop or
the turn are exact.  Monte-Carlo runs batches of ``batch_size`` deals, each from its
own random stream derived from ``seed``, so the same ``(seed, trials,
batch_size)`` gives identical counts on any number of threads, locally or on
Dask.  It stops at ``trials``, at ``target_stderr`` (largest standard error
of any player's equity, from the spread of batch means) or at
``time_limit`` seconds, whichever comes first.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import TYPE_CHECKING, Any, Literal, overload

import numba
import numpy as np

from ..cards import format_cards
from ..control import Progress, Stopwatch
from ..results import EquityResult, shares_from_counts
from .categories import mc_categories
from .executor import executor_for
from .montecarlo import mc_combo_results, run_mc
from .patterns import SamplingPlan, run_board_pattern
from .plan import (
    DEFAULT_BATCH,
    EXACT_AUTO_LIMIT,
    EXACT_HARD_LIMIT,
    Plan,
    TooLargeForExact,
    check_threads,
    default_batch_size,
    plan,
    register_runner,
)
from .preflop_lookup import BOARDS
from .reduce import make_result
from .stream import partial_results

if TYPE_CHECKING:
    from .double_result import DoubleBoardResult

__all__ = [
    "DEFAULT_BATCH",
    "EXACT_AUTO_LIMIT",
    "EXACT_HARD_LIMIT",
    "TooLargeForExact",
    "calculate",
    "default_batch_size",
    "run_plan",
]


@overload
def calculate(
    hands: Sequence[object],
    board: object = "",
    dead: object = "",
    *,
    boards: Literal[2],
    board2: object = "",
    game: str = "holdem",
    method: str = "auto",
    trials: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    batch_size: int | None = None,
) -> DoubleBoardResult: ...


@overload
def calculate(
    hands: Sequence[object],
    board: object = "",
    dead: object = "",
    *,
    boards: Literal[1] = 1,
    game: str = "holdem",
    method: str = "auto",
    trials: int | None = None,
    target_stderr: float | None = None,
    time_limit: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    rules: Any = None,
    independent_decks: bool = False,
    batch_size: int | None = None,
    progress: Progress | None = None,
    scheduler: Any = None,
    categories: bool = False,
    on_update: Callable[[EquityResult], None] | None = None,
) -> EquityResult: ...


def calculate(
    hands: Sequence[object],
    board: object = "",
    dead: object = "",
    *,
    boards: int = 1,
    board2: object = "",
    game: str = "holdem",
    method: str = "auto",
    trials: int | None = None,
    target_stderr: float | None = None,
    time_limit: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    rules: Any = None,
    independent_decks: bool = False,
    batch_size: int | None = None,
    progress: Progress | None = None,
    scheduler: Any = None,
    categories: bool = False,
    on_update: Callable[[EquityResult], None] | None = None,
) -> EquityResult | DoubleBoardResult:
    """Equity of each player's hand: exact enumeration or Monte-Carlo.

    Parameters
    ----------
    hands : sequence
        One entry per player: cards (``"AsKs"``, ``"As Ks"``, card codes),
        ``"random"`` (dealt from the cards left), for hold'em and short deck a
        range (``"QQ+,AKs"``, a :class:`equity.ranges.Range`), for Omaha a
        pattern (``"AA**"``, ``"KQJT ds"``, an :class:`equity.ranges.OmahaRange`);
        for these games also partly known cards (``"A *"``, ``"A c"``, Omaha
        ``"A c * *"``: ``A`` any ace, ``c`` any club, ``*`` any card; ``2c`` is
        one card, ``2 c`` two), every fitting hand once (:mod:`equity.ranges.patterns`).
        The stud family (stud, razz, stud8, five-draw, deuce-seven, badugi): the
        cards a player holds now, the rest dealt (a stud hand: the cards so far, 2 to
        7, the same number at every seat, ``"(AsKd)Qh"``; a draw hand: the cards
        kept, ``"7h5c4d3s"`` draws one), partly known cards included (every fitting
        set of cards once, :mod:`equity.engine.families.stud`).
    board, dead : str or cards
        Community cards (0, 3, 4 or 5; Courchevel 1, 3, 4 or 5; none in the stud
        family) and cards out of play (a draw game's discards).  The board may be
        partly known, by street (``"2c7d9h h"``: the turn is a heart), and is
        then enumerated board by board, or sampled board by board with
        ``trials`` (:mod:`equity.engine.patterns`); dead cards are exact.
    boards, board2 : int, str or cards
        ``boards=2``: two boards dealt from one deck, each deciding half the
        pot (bomb pots, double-board), ``board`` and ``board2`` their known
        cards: :func:`equity.double_board`'s result, a
        :class:`~equity.DoubleBoardResult` (hold'em and Omaha, known hands;
        ``method``, ``trials``, ``seed``, ``threads`` and ``batch_size`` as
        below, the other options are refused).
    game : str
        A game of :data:`equity.games.GAMES`: ``"holdem"`` (Texas Hold'em,
        2-23 players), ``"omaha"``, ``"omaha5"``, ``"omaha6"`` (Omaha high,
        4-6 hole cards, exactly two with three board cards), ``"omaha-hilo"``,
        ``"omaha5-hilo"`` (hi-lo eight or better: equity is the expected share
        of the pot, :attr:`EquityResult.outcomes` the scoops, high and low
        wins), ``"courchevel"``, ``"courchevel-hilo"`` (five-card Omaha with the
        first board card known), ``"shortdeck"`` (36 cards, 2-15 players),
        ``"five"`` (five-card poker, 2-10 players, five cards each, no board),
        ``"zjh"`` (Zha Jin Hua, 2-17 players, three cards), ``"stud"``,
        ``"razz"``, ``"stud8"`` (seven-card stud high, ace-to-five low, hi-lo eight
        or better; 2-8 players, eight sharing the last card), ``"five-draw"``,
        ``"deuce-seven"`` and ``"badugi"`` (single draw).  ``equity rules GAME``
        states each game's rules.
    method : {"auto", "exact", "monte-carlo"}
        ``auto`` enumerates when it takes about a second or less
        (:data:`EXACT_AUTO_LIMIT`), Monte-Carlo otherwise.
    trials : int, optional
        Monte-Carlo deals (default 1,000,000, or unlimited when
        ``target_stderr`` or ``time_limit`` is given).
    target_stderr : float, optional
        Stop once every player's equity has at most this standard error.
    time_limit : float, optional
        Stop Monte-Carlo after about this many seconds.
    seed : int, optional
        Seed for Monte-Carlo; drawn and recorded in the result when omitted.
    threads : int, optional
        Worker threads (default: all).  Results do not depend on it.
    rules : optional
        The game's house rules: :class:`equity.ZJHRules` (2-3-5 exception,
        suit tie-break, order) or :class:`equity.ShortDeckRules`
        (``straight_beats_trips``).
    independent_decks : bool
        Zha Jin Hua: deal each random player from a deck of their own
        (players may hold the same card).
    batch_size : int, optional
        Deals per random stream (default 16,384, smaller for short runs so
        there are at least 32 batches for the standard error).
    progress : callable, optional
        Called as ``progress(done, total)`` after each round.
    on_update : callable, optional
        Monte-Carlo: called after each round (about four times a second) with
        the result of the deals so far, an :class:`EquityResult` of the
        batches done, in batch order (:mod:`equity.engine.stream`): a valid
        estimate with its standard error (finite from two batches), equal to
        a run of that many deals with the same seed and batch size, with
        ``stop_reason`` None and no per-combo tables or categories.  The
        final result is the one returned, the same as without ``on_update``.
        Not called by exact runs, nor by a partly known board sampled board
        by board.
    categories : bool
        Also count the showdown categories: the category each player ends
        with and the one they win with (:attr:`EquityResult.categories`,
        :attr:`EquityResult.win_categories`).  Exact runs enumerate them
        (every assignment and board, without the engine's shortcuts, so at
        most about 3e9 hand evaluations); Monte-Carlo runs count them in the
        run's own deals, dealt again from its seed (sole wins by category add
        up to ``win`` exactly).  Hold'em, short deck, five-card poker and Zha
        Jin Hua.
    scheduler : str, distributed.Client or executor, optional
        Where the work runs (:mod:`equity.engine.executor`); by default this
        process, or the scheduler of an enclosing
        :func:`~equity.engine.executor.use_scheduler` block.  On Dask
        (``pip install 'equity[distributed]'``): the
        address of a running scheduler (``"tcp://10.0.0.5:8786"``),
        ``"local"`` or ``"local:N"`` (a cluster of N worker processes on this
        machine, started for this call) or a connected ``distributed.Client``
        (reused; best for many calls).  The workers run the same batches from
        the same streams, and the same exact chunks: the counts are identical
        to a local run.  An address that does not answer within 3 seconds is
        a ``ValueError``.

    Examples
    --------
    >>> r = calculate(["AsKs", "QhQd"], board="Qs7s2c")
    >>> r.method, round(float(r.equity[0]), 4)
    ('exact', 0.2556)
    >>> r = calculate(["AA", "random"], trials=20_000, seed=1)
    >>> r.method, bool(abs(r.equity[0] - 0.852) < 5 * r.stderr[0])
    ('monte-carlo', True)
    >>> r = calculate(["AsKs", "QhQd"], board="Qs7s2c", boards=2, board2="Kd8c3h")
    >>> [round(float(e), 4) for e in r.board_equity[:, 0]]
    [0.2683, 0.9524]
    """
    if boards != 1:
        if boards != 2:
            raise ValueError(f"boards must be 1 or 2, not {boards!r}")
        return _two_boards(hands, board, board2, dead, game, method, trials, seed, threads,
                           batch_size, target_stderr=target_stderr, time_limit=time_limit,
                           rules=rules, independent_decks=independent_decks,
                           progress=progress, scheduler=scheduler, categories=categories,
                           on_update=on_update)  # fmt: skip
    if board2 not in ("", None):
        raise ValueError("board2 is the second board's cards: it needs boards=2")
    return run_plan(
        plan(
            hands,
            board,
            dead,
            game=game,
            method=method,
            trials=trials,
            target_stderr=target_stderr,
            time_limit=time_limit,
            seed=seed,
            threads=threads,
            rules=rules,
            independent_decks=independent_decks,
            batch_size=batch_size,
            progress=progress,
            scheduler=scheduler,
            categories=categories,
            on_update=on_update,
        )
    )


def _two_boards(
    hands: Sequence[object], board: object, board2: object, dead: object, game: str,
    method: str, trials: int | None, seed: int | None, threads: int | None,
    batch_size: int | None, **others: Any,
) -> DoubleBoardResult:  # fmt: skip
    """``calculate(..., boards=2)``: :func:`~.double_board.double_board`, the options it
    does not take refused by name."""
    from .double_board import double_board

    unused = [name for name, value in others.items() if value not in (None, False)]
    if unused:
        raise ValueError(f"two boards (boards=2) do not take {', '.join(unused)}")
    return double_board(hands, board, board2, dead, game=game, method=method, trials=trials,
                        seed=seed, threads=threads, batch_size=batch_size)  # fmt: skip


def run_plan(planned: Plan) -> EquityResult:
    """Run a :class:`~.planned.Plan` (:meth:`.planned.Plan.run`): what :func:`calculate` returns."""
    options = planned.options
    progress, categories = options["progress"], options["categories"]
    threads, scheduler = options["threads"], options["scheduler"]
    if planned.route == "preflop-table":
        return _table_result(planned, game=options["game"], threads=threads, progress=progress)
    if planned.route == "board-pattern":
        assert planned.boards is not None
        board_seed = 0 if planned.seed is None else planned.seed  # none to an enumeration
        sampling = SamplingPlan(planned.trials, board_seed, default_batch_size,
                                planned.target_stderr, planned.time_limit)  # fmt: skip
        with using_threads(threads), executor_for(scheduler) as executor:
            return run_board_pattern(
                planned.boards, planned.method, executor, progress, categories, sampling
            )
    job, method = planned.job, planned.method
    assert job is not None
    start = Stopwatch()  # the engine time, compiling apart
    with using_threads(threads), executor_for(scheduler) as executor:
        if method == "exact":
            exact = job.family.run_exact(job, executor, progress, categories)
            return make_result(
                job,
                "exact",
                exact.counts,
                exact.total,
                exact.samples,
                start,
                outcome_counts=exact.outcome_counts,
                stderr=None,
                seed=None,
                combo_results=exact.combo_results,
                category_counts=exact.category_counts,
            )
        trials, batch_size, seed = planned.trials, planned.batch_size, planned.seed
        assert trials is not None
        assert batch_size is not None
        assert seed is not None
        on_update = options["on_update"]
        on_round = None if on_update is None else partial_results(job, seed, batch_size, start,
                                                                  on_update)  # fmt: skip
        mc = run_mc(
            job, trials, batch_size, seed, planned.target_stderr, planned.time_limit, progress,
            executor, on_round,
        )  # fmt: skip
    if mc["samples"] == 0:
        raise KeyboardInterrupt
    return make_result(
        job,
        "monte-carlo",
        mc["counts"],
        float(mc["samples"]),
        mc["samples"],
        start,
        outcome_counts=mc["extra"],
        stderr=mc["stderr"],
        seed=seed,
        interrupted=mc["interrupted"],
        stop_reason=mc["stop_reason"],
        batch_size=batch_size,
        combo_results=mc_combo_results(job, mc["combo_counts"]),
        category_counts=(
            mc_categories(job, seed, trials, batch_size, mc["samples"]) if categories else None
        ),
    )


register_runner(run_plan)


def using_threads(threads: int | None) -> AbstractContextManager[None]:
    """Run the block on ``threads`` Numba threads (the current count when None), then restore
    the count (Numba's count is left untouched when it does not change: asking it costs
    microseconds, a small call's whole budget)."""
    if threads is None:
        return _AS_THEY_ARE
    check_threads(threads)
    if threads == numba.get_num_threads():
        return _AS_THEY_ARE
    return _numba_threads(threads)


_AS_THEY_ARE = nullcontext()
"""The block of :func:`using_threads` that leaves the count as it is (one for every call)."""


@contextmanager
def _numba_threads(threads: int) -> Iterator[None]:
    """Run the block on ``threads`` Numba threads, then restore the count."""
    previous_threads = numba.get_num_threads()
    numba.set_num_threads(threads)
    try:
        yield
    finally:
        numba.set_num_threads(previous_threads)


def _table_result(
    plan: Plan, game: str, threads: int | None, progress: Progress | None
) -> EquityResult:
    """The exact answer of two known hold'em hands preflop, from the shipped table's counts.

    The same result as the enumeration (:mod:`.preflop_lookup`), in
    microseconds (:func:`.plan.preflop_counts` found the counts).
    """
    start = time.perf_counter()
    assert plan.table is not None
    alice, bob, (a_wins, b_wins, ties) = plan.table
    counts = np.array([[0, a_wins, ties], [0, b_wins, ties]], dtype=np.int64)
    equity, win, tie, splits = shares_from_counts(counts, float(BOARDS))
    result = EquityResult(
        game=game,
        method="exact",
        hands=(format_cards(alice), format_cards(bob)),
        board="",
        dead="",
        equity=equity,
        win=win,
        tie=tie,
        splits=splits,
        stderr=None,
        samples=BOARDS,
        elapsed_s=time.perf_counter() - start,
        seed=None,
        counts=counts,
        weight_total=BOARDS,
        threads=numba.get_num_threads() if threads is None else threads,
        precomputed=True,
    )
    if progress is not None:
        progress(1, 1)
    return result
