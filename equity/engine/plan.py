"""One decision: how :func:`~.run.calculate` answers a call, how much work that is, and why.

:func:`plan` takes the arguments of :func:`~.run.calculate`, validates them
and prepares the job once, and decides the way to the answer:

* ``"preflop-table"``: two known hold'em hands, no board, no dead card: the
  exact counts read from the shipped table (:mod:`.preflop_lookup`);
* ``"job"``: one prepared :class:`~.job.Job`, enumerated exactly when
  ``method="auto"`` finds its work (:meth:`.job.Job.exact_work`, hand
  evaluations) at most :data:`EXACT_AUTO_LIMIT` and no Monte-Carlo stop rule
  is given, dealt at random (Monte-Carlo) otherwise;
* ``"board-pattern"``: a partly known board (``"2c7d9h h"``), one job per
  known board (:mod:`.patterns`), enumerated, or sampled board by board when
  it is too large and at most one player holds a range.

The :class:`Plan` it returns is the whole recipe (the prepared job, the
method, Monte-Carlo's trials, seed and batch size) with its size in units
of work (hand evaluations when exact, deals for Monte-Carlo), an estimate
of the seconds (:attr:`~.families.base.Family.exact_rate`,
:attr:`~.families.base.Family.mc_rate`) and the reason in one
sentence; :meth:`Plan.run` runs it (what ``calculate`` does), so a front
end that shows the plan and then runs it prepares the job once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..cards import parse_cards
from ..checks import (
    DEFAULT_TRIALS,
    MAX_TRIALS,
    check_count,
    check_positive,
    check_seed,
    check_trials,
    fresh_seed,
    limit_text,
)
from ..control import Progress
from ..games import GAMES, Game
from ..kernels._jit import max_threads
from .categories import check_categories
from .families import family
from .job import Job
from .montecarlo import MIN_BATCHES
from .patterns import (
    ONE_THREAD_DEALS,
    ONE_THREAD_WORK,
    PASS_DEALS,
    BoardJobs,
    board_jobs,
    board_pattern,
    check_exact_dead,
    sampled_deals,
)
from .preflop_lookup import BOARDS, lookup
from .prepare import prepare

__all__ = [
    "BOARD_EXACT_SECONDS",
    "BOARD_MC_SECONDS",
    "CALL_SECONDS",
    "DEFAULT_BATCH",
    "EXACT_AUTO_LIMIT",
    "EXACT_HARD_LIMIT",
    "REFERENCE_THREADS",
    "ROUTES",
    "Plan",
    "TooLargeForExact",
    "default_batch_size",
    "plan",
    "register_runner",
]

EXACT_AUTO_LIMIT = 150_000_000
"""``method="auto"`` enumerates when the estimated work (:meth:`.job.Job.exact_work`, hand
evaluations) is at most this: about a second on two cores."""
EXACT_HARD_LIMIT = 50_000_000_000
"""``method="exact"`` refuses jobs above this many hand evaluations."""
DEFAULT_BATCH = 16_384
"""Deals per random stream, unless a short run needs smaller batches."""

REFERENCE_THREADS = 2
"""The threads of the machine the rates were measured on: two cores of an x86-64 server,
shared with other work (a quiet machine is faster), warm kernels."""
CALL_SECONDS = 0.0003
"""A warm call's fixed cost (validation, arrays, the result): the estimate of a tiny spot."""
BOARD_EXACT_SECONDS = 0.0035
"""A partly known board: each known board's fixed cost when enumerated (its job's arrays, a
one-thread kernel launch, its per-combo table), measured as the rates are: ``KhKd`` v
``A *`` on ``A * *``, 4,420 boards and 1.4e9 hand evaluations, took 36.6 s at a load
average of 12.5, of which 22 s evaluating on one thread (``exact_rate / 2``)."""
BOARD_MC_SECONDS = 0.0045
"""A partly known board: each known board's fixed cost when sampled (one one-thread kernel
launch a pass), measured the same way: 1,000,000 deals over those 4,420 boards, 20.6 s."""

ROUTES = ("preflop-table", "job", "board-pattern")
"""The ways to an answer (the module doc)."""


def default_batch_size(trials: int) -> int:
    """Deals per random stream of a ``trials``-deal Monte-Carlo run (the default rule).

    :data:`DEFAULT_BATCH`, or fewer so that there are at least
    :data:`~.montecarlo.MIN_BATCHES` batches for the standard error (never below 64).
    ``equity.deal`` uses the same rule, so it deals the same batches.

    Examples
    --------
    >>> default_batch_size(1_000_000), default_batch_size(20_000)
    (16384, 625)
    """
    return max(64, min(DEFAULT_BATCH, -(-trials // MIN_BATCHES)))


class TooLargeForExact(ValueError):
    """An exact enumeration too large to run; ``work`` is its hand evaluations (estimated)."""

    def __init__(self, work: int) -> None:
        self.work = work
        super().__init__(
            f"exact enumeration would take about {work:.2e} hand evaluations (the limit is "
            f"{limit_text(EXACT_HARD_LIMIT)}); use Monte-Carlo (method='monte-carlo')"
        )


_RUNNER: list[Callable[[Plan], Any]] = []
"""The function that runs a plan (:func:`equity.engine.run.run_plan`, registered on import)."""


def register_runner(runner: Callable[[Plan], Any]) -> None:
    """Make ``runner`` what :meth:`Plan.run` calls (the engine's :mod:`.run` registers it)."""
    _RUNNER[:] = [runner]


@dataclass(frozen=True)
class Plan:
    """How a call of :func:`~.run.calculate` is answered (see the module doc).

    Made by :func:`plan`; :meth:`run` runs it, :attr:`reason` says it in one
    sentence.  The last four fields carry the prepared work and the call's
    other options (not shown in the repr).
    """

    method: str
    """``"exact"`` or ``"monte-carlo"``: the method of the result."""
    route: str
    """One of :data:`ROUTES`: the shipped preflop table, one job, or a partly known board."""
    work: int
    """Units of work: hand evaluations when exact (1 for the table), deals for Monte-Carlo
    (at most: a stop rule may end it sooner)."""
    seconds: float
    """Estimated engine seconds, compiling excluded (the family's ``exact_rate`` and ``mc_rate``;
    the time limit when it comes first)."""
    exact_work: int | None
    """Hand evaluations of an exact enumeration, whichever method runs (None for the table)."""
    exact_seconds: float | None
    """Estimated seconds of that enumeration."""
    why: str
    """Why this method: ``"auto"`` (the limit decided), ``"asked"`` (``method=``), ``"trials"``
    (a Monte-Carlo stop rule given), ``"table"``, ``"ranges"`` (a partly known board with two
    or more ranges, or categories, is enumerated)."""
    trials: int | None = None
    """Monte-Carlo: the most deals."""
    seed: int | None = None
    """Monte-Carlo: the seed (drawn here when not given)."""
    batch_size: int | None = None
    """Monte-Carlo: deals per random stream (a partly known board: each board's own rule)."""
    target_stderr: float | None = None
    time_limit: float | None = None
    board: str = ""
    """A partly known board as written back; empty otherwise."""
    job: Job | None = field(default=None, repr=False, compare=False)
    """The prepared job (route ``"job"``)."""
    boards: BoardJobs | None = field(default=None, repr=False, compare=False)
    """The prepared jobs of a partly known board (route ``"board-pattern"``)."""
    table: tuple[Any, ...] | None = field(default=None, repr=False, compare=False)
    """The preflop table's ``(alice, bob, (wins, wins, ties))`` (route ``"preflop-table"``)."""
    options: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    """The call's other options: ``game``, ``threads``, ``scheduler``, ``progress``,
    ``on_update``, ``categories``, ``explicit_batch``."""

    @property
    def reason(self) -> str:
        """The plan in one sentence.

        Examples
        --------
        >>> plan(["AsKs", "QhQd", "JhTh"], board="Qs7s2c").reason
        'exact: 3,209 hand evaluations, under 0.01 s'
        >>> print(plan(["AsKs", "random", "random"]).reason)  # doctest: +NORMALIZE_WHITESPACE
        monte-carlo: exact would take 1.7e11 hand evaluations (limit 1.5e8);
        1,000,000 deals, about 0.19 s
        """
        where = f"partly known board {self.board!r}, " if self.board else ""
        if self.route == "preflop-table":
            return f"exact: read from the shipped preflop table ({BOARDS:,} boards), instantly"
        assert self.exact_work is not None
        assert self.exact_seconds is not None
        exact = f"{_count(self.exact_work)} hand evaluations"
        if self.method == "exact":
            asked = " (method='exact')" if self.why == "asked" else ""
            asked = " (two or more ranges, or categories)" if self.why == "ranges" else asked
            return f"exact{asked}: {where}{exact}, {_about(self.seconds)}"
        instead = f"exact would take {exact}, {_about(self.exact_seconds)}"
        if self.why == "auto" and self.board:
            because = f"exact would take {exact}, {_about(self.exact_seconds)}: sampling is faster"
        elif self.why == "auto":
            because = f"exact would take {exact} (limit {_count(EXACT_AUTO_LIMIT)})"
        elif self.why == "asked":
            because = f"asked for (method='monte-carlo'; {instead})"
        else:
            given = [
                name
                for name, value in (
                    ("trials", self.trials != MAX_TRIALS),
                    ("a target std err", self.target_stderr is not None),
                    ("a time limit", self.time_limit is not None),
                )
                if value
            ]
            because = f"{' and '.join(given)} given ({instead})"
        size = "unlimited deals" if self.trials == MAX_TRIALS else f"{self.work:,} deals"
        stops = [
            f"a std err of {self.target_stderr:g}" if self.target_stderr is not None else "",
            f"{self.time_limit:g} s" if self.time_limit is not None else "",
        ]
        until = " or ".join(s for s in stops if s)
        size += f" (or until {until})" if until else ""
        return f"monte-carlo: {where}{because}; {size}, {_about(self.seconds)}"

    @property
    def unit(self) -> str:
        """What :attr:`work` counts: ``"hand evaluations"``, ``"deals"`` or ``"table lookups"``."""
        if self.route == "preflop-table":
            return "table lookups"
        return "hand evaluations" if self.method == "exact" else "deals"

    def run(self) -> Any:
        """Run the plan: the :class:`~equity.results.EquityResult` of :func:`~.run.calculate`.

        Examples
        --------
        >>> p = plan(["AsKs", "QhQd"], board="Qs7s2c")
        >>> round(float(p.run().equity[0]), 4)
        0.2556
        """
        return _RUNNER[0](self)

    def with_trials(self, trials: int, seed: int | None = None) -> Plan:
        """This Monte-Carlo plan with ``trials`` deals (and ``seed``), the job prepared once.

        What ``calculate`` would plan with ``trials=`` for a spot that ``auto``
        deals at random (a front end with its own number of deals).  The batch
        size follows the default rule unless the call gave one; an exact plan
        is a ``ValueError``.
        """
        if self.method != "monte-carlo":
            raise ValueError(f"an exact plan takes no trials ({self.reason})")
        n = check_trials(trials)
        assert n is not None
        seed = self.seed if seed is None else check_seed(seed)
        batch = self.options.get("explicit_batch") or default_batch_size(n)
        work = n
        job = self.job if self.job is not None else self.boards.jobs[0][0] if self.boards else None
        assert job is not None
        seconds = _mc_seconds(job.game, job.n_players, work, self)
        if self.boards is not None:
            n_boards = len(self.boards.jobs)
            work = sampled_deals(n_boards, n)
            seconds = _board_mc_seconds(job.game, job.n_players, n_boards, work,
                                        self.options.get("threads"), self.time_limit)  # fmt: skip
        return replace(
            self,
            trials=n,
            seed=seed,
            batch_size=None if self.route == "board-pattern" else batch,
            work=work,
            seconds=seconds,
        )


def plan(
    hands: Sequence[object],
    board: object = "",
    dead: object = "",
    *,
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
    on_update: Callable[[Any], None] | None = None,
) -> Plan:
    """How :func:`equity.calculate` would answer these arguments: method, work, time, reason.

    Validates the arguments as ``calculate`` does (the same errors) and
    prepares the job, once: :meth:`Plan.run` runs it, and
    ``calculate(...)`` is ``plan(...).run()``.  Nothing is enumerated or
    dealt here.

    Parameters
    ----------
    hands, board, dead, game, method, trials, target_stderr, time_limit, seed, threads
        As for :func:`equity.calculate`; a Monte-Carlo plan draws its seed here
        when none is given (:attr:`Plan.seed`), so running it twice gives the
        same counts.
    rules, independent_decks, batch_size, progress, scheduler, categories, on_update
        As for :func:`equity.calculate`; carried to :meth:`Plan.run`.

    Returns
    -------
    Plan
        ``method`` (``"exact"`` or ``"monte-carlo"``), ``route`` (the
        shipped preflop table, one job or a partly known board), ``work``
        (hand evaluations or deals), ``seconds`` (an estimate from
        the kernel family's throughputs), ``reason`` (one sentence)
        and the prepared job.

    Examples
    --------
    >>> p = plan(["AsKs", "QhQd"], board="Qs7s2c")
    >>> p.method, p.route, p.work, p.reason
    ('exact', 'job', 2480, 'exact: 2,480 hand evaluations, under 0.01 s')
    >>> p = plan(["AA", "random", "random"], trials=20_000, seed=1)
    >>> p.method, p.work, p.batch_size, p.reason.split(" (")[0]
    ('monte-carlo', 20000, 625, 'monte-carlo: trials given')
    >>> plan(["AsKs", "QhQd"]).route
    'preflop-table'
    """
    if method not in ("auto", "exact", "monte-carlo"):
        raise ValueError(f"unknown method {method!r} (expected 'auto', 'exact' or 'monte-carlo')")
    trials = check_trials(trials)
    time_limit = check_positive(time_limit, "the time limit")
    target_stderr = check_positive(target_stderr, "the target standard error")
    seed = check_seed(seed)
    explicit_mc = trials is not None or target_stderr is not None or time_limit is not None
    if method == "exact" and explicit_mc:
        raise ValueError("exact enumeration takes no trials, target stderr or time limit")
    if batch_size is not None:
        batch_size = check_count(batch_size, "batch_size")
    check_exact_dead(dead)
    options = {
        "game": game,
        "threads": threads,
        "scheduler": scheduler,
        "progress": progress,
        "on_update": on_update,
        "categories": categories,
        "explicit_batch": batch_size,
    }
    board_slots = board_pattern(board)
    if board_slots is not None:
        check_threads(threads)
        return _board_plan(
            board_jobs(hands, board_slots, dead, game, rules, independent_decks),
            method,
            (trials, target_stderr, time_limit),
            fresh_seed() if seed is None else seed,
            options,
        )
    if method != "monte-carlo" and not explicit_mc and not categories and scheduler is None:
        found = preflop_counts(hands, board, dead, game, rules, independent_decks, threads)
        if found is not None:
            return Plan("exact", "preflop-table", 1, 0.0, None, None, "table", table=found,
                        options=options)  # fmt: skip
    job = prepare(hands, board, dead, game, rules, independent_decks)
    if categories:
        check_categories(job)
    work = job.exact_work()
    why = "asked" if method != "auto" else "trials" if explicit_mc else "auto"
    exact_seconds = _seconds(family(job.game).exact_rate, threads, work)
    if method == "auto":
        mc_seconds = _seconds(family(job.game).mc_rate, threads, DEFAULT_TRIALS * job.n_players)
        faster = work <= EXACT_AUTO_LIMIT or exact_seconds <= mc_seconds
        method = "exact" if faster and not explicit_mc else "monte-carlo"
    if method == "exact" and work > EXACT_HARD_LIMIT:
        raise TooLargeForExact(work)
    if method == "exact":
        return Plan("exact", "job", work, exact_seconds, work, exact_seconds, why, job=job,
                    options=options)  # fmt: skip
    if trials is None:
        trials = MAX_TRIALS if explicit_mc else DEFAULT_TRIALS
    p = Plan(
        "monte-carlo",
        "job",
        trials,
        0.0,
        work,
        exact_seconds,
        why,
        trials=trials,
        seed=fresh_seed() if seed is None else seed,
        batch_size=default_batch_size(trials) if batch_size is None else batch_size,
        target_stderr=target_stderr,
        time_limit=time_limit,
        job=job,
        options=options,
    )
    return replace(p, seconds=_mc_seconds(job.game, job.n_players, trials, p))


def _board_plan(
    boards: BoardJobs,
    method: str,
    rules: tuple[int | None, float | None, float | None],
    seed: int,
    options: dict[str, Any],
) -> Plan:
    """The plan of a partly known board: enumerated, or sampled board by board (:mod:`.patterns`).

    ``rules`` are the trials, the target std err and the time limit.  ``auto``
    samples when one of them is given, or when the enumeration passes
    :data:`EXACT_AUTO_LIMIT` and sampling the default trials is estimated
    faster (each board costs the fixed :data:`BOARD_EXACT_SECONDS` or
    :data:`BOARD_MC_SECONDS` besides its work), provided at most one player
    holds a range and no categories are counted; such boards are enumerated,
    up to :data:`EXACT_HARD_LIMIT`.
    """
    trials, target_stderr, time_limit = rules
    g = boards.jobs[0][0].game
    shown = boards.shown
    work = boards.work
    n_boards = len(boards.jobs)
    n_players = len(boards.jobs[0][0].players)
    can_sample = boards.n_ranges <= 1 and not options["categories"]
    explicit_mc = trials is not None or target_stderr is not None or time_limit is not None
    why = "asked" if method != "auto" else "trials" if explicit_mc else "auto"
    threads = options["threads"]
    exact_seconds = _board_exact_seconds(boards, threads)
    if method == "auto" and explicit_mc:
        method = "monte-carlo"
    if method == "auto":
        deals = sampled_deals(n_boards, DEFAULT_TRIALS)
        mc_seconds = _board_mc_seconds(g, n_players, n_boards, deals, threads, None)
        faster = work <= EXACT_AUTO_LIMIT or exact_seconds <= mc_seconds
        method = "exact" if faster or not can_sample else "monte-carlo"
        why = "ranges" if not faster and method == "exact" else why
    if method == "monte-carlo":
        if not can_sample:
            reason = "counts categories" if options["categories"] else "has two or more ranges"
            raise ValueError(
                f"a partly known board ({shown!r}) that {reason} is enumerated exactly, not sampled"
            )
        if trials is None:
            trials = MAX_TRIALS if target_stderr is not None or time_limit is not None else None
        n = sampled_deals(n_boards, DEFAULT_TRIALS if trials is None else trials)
        seconds = _board_mc_seconds(g, n_players, n_boards, n, threads, time_limit)
        return Plan("monte-carlo", "board-pattern", n, seconds, work, exact_seconds, why,
                    trials=trials, seed=seed, target_stderr=target_stderr, time_limit=time_limit,
                    board=shown, boards=boards, options=options)  # fmt: skip
    if work > EXACT_HARD_LIMIT:
        raise ValueError(
            f"a partly known board is enumerated exactly here, and {shown!r} would take about "
            f"{work:.2e} hand evaluations over {len(boards.jobs):,} boards (the limit is "
            f"{EXACT_HARD_LIMIT:.0e})"
        )
    return Plan("exact", "board-pattern", work, exact_seconds, work, exact_seconds, why,
                board=shown, boards=boards, options=options)  # fmt: skip


def _board_exact_seconds(boards: BoardJobs, threads: int | None) -> float:
    """Seconds of enumerating every board: its work (a small board on one thread,
    :data:`~.patterns.ONE_THREAD_WORK`) and each board's fixed cost."""
    rate = family(boards.jobs[0][0].game).exact_rate
    small = sum(w for w in boards.works if w < ONE_THREAD_WORK)
    seconds = _seconds(rate, 1, small) + _seconds(rate, threads, boards.work - small)
    return seconds + len(boards.jobs) * BOARD_EXACT_SECONDS


def _board_mc_seconds(
    g: Game, n_players: int, n_boards: int, deals: int, threads: int | None, limit: float | None
) -> float:
    """Seconds of sampling ``deals`` over ``n_boards`` boards: the deals (on one thread when
    a board's are few, :data:`~.patterns.ONE_THREAD_DEALS`) and each board's fixed cost, in
    passes of :data:`~.patterns.PASS_DEALS` under a stop rule (the time limit when it comes
    first)."""
    per_pass = sampled_deals(n_boards, PASS_DEALS) if limit is not None else deals
    passes = -(-deals // per_pass)
    per_board = n_boards * BOARD_MC_SECONDS * passes
    one = per_pass * n_players / n_boards < ONE_THREAD_DEALS
    seconds = _seconds(family(g).mc_rate, 1 if one else threads, deals * n_players) + per_board
    return seconds if limit is None else min(seconds, limit)


def preflop_counts(
    hands: Sequence[object],
    board: object,
    dead: object,
    game: str,
    rules: Any,
    independent_decks: bool,
    threads: int | None,
) -> tuple[Any, ...] | None:
    """Two known hold'em hands, no board, no dead card: ``(alice, bob, counts)`` from the table.

    The counts are those of the enumeration (:mod:`.preflop_lookup`), found in
    microseconds; None for any other spot (or anything to validate), which
    then takes the engine's way.
    """
    g = GAMES.get(game) if isinstance(game, str) else None
    if g is None or not g.preflop_table:
        return None
    if len(hands) != 2 or board or dead or rules is not None:
        return None
    if independent_decks or (threads is not None and not 1 <= threads <= max_threads()):
        return None
    a, b = hands
    if not (isinstance(a, str) and isinstance(b, str)):
        return None
    try:
        alice = parse_cards(a)
        bob = parse_cards(b)
    except ValueError:
        return None
    if len(alice) != 2 or len(bob) != 2 or len({*alice, *bob}) != 4:
        return None
    found = lookup((alice[0], alice[1]), (bob[0], bob[1]))
    if found is None:
        return None
    return alice, bob, found


def check_threads(threads: int | None) -> None:
    """Raise the engine's sentence unless ``threads`` is None or 1 to the cores."""
    if threads is not None and not 1 <= threads <= max_threads():
        raise ValueError(f"threads must be between 1 and {max_threads()}, got {threads}")


def _seconds(rate: float, threads: int | None, work: float) -> float:
    """Seconds of ``work`` at ``rate`` a second on the reference machine (a family's
    :attr:`~.families.base.Family.exact_rate` or :attr:`~.families.base.Family.mc_rate`),
    scaled by ``threads / REFERENCE_THREADS`` when ``threads`` is given, plus
    :data:`CALL_SECONDS` (an estimate does not depend on the machine it is made on)."""
    scale = 1.0 if threads is None else max(1, threads) / REFERENCE_THREADS
    return CALL_SECONDS + work / (rate * scale)


def _mc_seconds(game: Game, n_players: int, trials: int, p: Plan) -> float:
    """Seconds of ``trials`` deals of ``n_players`` players, the time limit when it comes first."""
    seconds = _seconds(family(game).mc_rate, p.options.get("threads"), trials * n_players)
    return seconds if p.time_limit is None else min(seconds, p.time_limit)


def _count(n: int) -> str:
    """``13430`` as ``"1.3e4"``, below 1e4 as is."""
    if n < 10_000:
        return f"{n:,}"
    mantissa, exponent = f"{n:.1e}".split("e")
    return f"{mantissa}e{int(exponent)}"


def _about(seconds: float) -> str:
    """An estimate of seconds in words: ``"about 0.3 s"``."""
    if seconds < 0.01:
        return "under 0.01 s"
    if seconds < 1:
        return f"about {seconds:.2f} s"
    if seconds < 120:
        return f"about {seconds:.0f} s"
    if seconds < 7200:
        return f"about {seconds / 60:.0f} min"
    if seconds < 2 * 86400:
        return f"about {seconds / 3600:.0f} h"
    return f"about {seconds / 86400:.0f} days"
