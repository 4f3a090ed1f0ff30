"""Many small spots in one call: :func:`calculate_many`.

Widgets, hand histories, push/fold charts and every-flop studies ask for
thousands of small spots (known hands on a flop), each enumerated in
microseconds.  :func:`calculate_many` runs them in one call: the game, the
dead cards and the threads are settled once, each spot is validated into a
job (:func:`.prepare.prepare`, the card strings parsed once for all the
spots, :mod:`equity.cards`) and enumerated by its family's exact run (the
same unit and kernel as :func:`~.run.calculate`) on one executor, and the
shares of every spot are computed together, array by array.  Each spot's
figures are those of ``calculate`` on that spot, to the last bit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numba
import numpy as np

from ..cards import format_cards, format_pattern
from ..control import Stopwatch
from ..games import game as get_game
from ..results import EquityResult, split_ways
from .exact import ExactRun
from .executor import executor_for
from .job import Job
from .patterns import board_pattern, check_exact_dead
from .plan import EXACT_HARD_LIMIT, TooLargeForExact
from .prepare import prepare
from .reduce import make_result
from .run import using_threads

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["SpotResults", "calculate_many"]


@dataclass(frozen=True)
class SpotResults:
    """The exact equities of many spots (:func:`calculate_many`), spot by spot.

    ``equity[i, p]``, ``win[i, p]`` and ``tie[i, p]`` are player ``p``'s
    figures in spot ``i``, equal to those of ``calculate`` on that spot;
    ``r[i]`` (``r.results``: all of them) is that spot's full
    :class:`~equity.results.EquityResult`, built when asked for.
    """

    game: str
    hands: tuple[tuple[str, ...], ...]
    """Each spot's hands, as written back."""
    boards: tuple[str, ...]
    """Each spot's board."""
    dead: str
    equity: np.ndarray
    """``float64[n_spots, n_players]``: the expected share of the pot."""
    win: np.ndarray
    """``float64[n_spots, n_players]``: the share of deals won alone (hi-lo: scooped)."""
    tie: np.ndarray
    """``float64[n_spots, n_players]``: the share of deals where the player shares the pot."""
    counts: np.ndarray
    """``[n_spots, n_players, n_players + 1]``: each spot's raw counts (``EquityResult.counts``)."""
    weight_total: np.ndarray
    """``float64[n_spots]``: the (weighted) deals each spot's counts cover."""
    elapsed_s: float
    """Seconds the whole batch took, compiling excluded."""
    threads: int
    _runs: list[tuple[Job, ExactRun]] = field(repr=False, compare=False)

    def __len__(self) -> int:
        """Number of spots."""
        return len(self._runs)

    def __getitem__(self, i: int) -> EquityResult:
        """Spot ``i``'s :class:`~equity.results.EquityResult` (what ``calculate`` returns)."""
        job, run = self._runs[i]
        return _result(job, run)

    @property
    def results(self) -> list[EquityResult]:
        """Every spot's :class:`~equity.results.EquityResult`, in order."""
        return [_result(job, run) for job, run in self._runs]

    def to_frame(self) -> pd.DataFrame:
        """One row per spot and player: spot, board, hand, equity, win, tie."""
        import pandas as pd

        n_spots, n_players = self.equity.shape
        frame = pd.DataFrame(
            {
                "spot": np.repeat(np.arange(n_spots), n_players),
                "board": np.repeat(np.array(self.boards, dtype=object), n_players),
                "player": np.tile(np.arange(n_players), n_spots),
                "hand": [h for hands in self.hands for h in hands],
                "equity": self.equity.reshape(-1),
                "win": self.win.reshape(-1),
                "tie": self.tie.reshape(-1),
            }
        )
        frame.attrs.update(method="exact", game=self.game)
        return frame


def _result(job: Job, run: ExactRun) -> EquityResult:
    """The :class:`EquityResult` of one spot's exact run, as ``calculate`` makes it."""
    return make_result(
        job,
        "exact",
        run.counts,
        run.total,
        run.samples,
        Stopwatch(),
        outcome_counts=run.outcome_counts,
        stderr=None,
        seed=None,
        combo_results=run.combo_results,
        category_counts=run.category_counts,
    )


def calculate_many(
    spots: Sequence[Any],
    boards: Sequence[object] | None = None,
    *,
    dead: object = "",
    game: str = "holdem",
    method: str = "exact",
    rules: Any = None,
    threads: int | None = None,
) -> SpotResults:
    """Exact equity of many small spots in one call: each spot as :func:`~.run.calculate`.

    The call's fixed work (the game, the dead cards, the threads, the
    executor, the card strings parsed once) is shared by the spots, and
    the shares of all the spots are computed together: a spot of two known hands on
    a flop costs a little over half of a warm call of ``calculate`` (23 against 41 µs,
    ``bench/README.md``).  Each spot's figures
    are those of ``calculate`` on that spot, to the last bit.  This first
    version enumerates exactly (the ``method="exact"`` of ``calculate``);
    every spot must have the same number of players and a known board.

    Parameters
    ----------
    spots : sequence
        ``(hands, board)`` pairs, one per spot, hands as for ``calculate``
        (cards, ``"random"``, ranges); or, with ``boards``, one list of
        hands played on every board.
    boards : sequence, optional
        The boards of the spots, when ``spots`` is one list of hands.
    dead : str or cards
        Cards out of play in every spot.
    game, rules, threads
        As for :func:`~.run.calculate`.
    method : {"exact"}
        Exact enumeration only (a spot too large for it is a ``ValueError``).

    Returns
    -------
    SpotResults
        ``equity``, ``win``, ``tie`` (``[n_spots, n_players]``), ``counts``,
        ``to_frame()`` (one row per spot and player); ``r[i]`` is spot ``i``'s
        :class:`~equity.results.EquityResult` (``r.results``: all of them).

    Examples
    --------
    >>> r = calculate_many(["AsKs", "QhQd"], boards=["Qs7s2c", "2c3d4h", "KdKcKh"])
    >>> r.equity.round(4).tolist()
    [[0.2556, 0.7444], [0.3727, 0.6273], [1.0, 0.0]]
    >>> r = calculate_many([(["AsKs", "QhQd"], "Qs7s2c"), (["AhAd", "random"], "Kh7c2s")])
    >>> len(r), round(float(r[1].equity[0]), 4)
    (2, 0.8873)
    >>> calculate_many(["AsKs", "QhQd"], boards=["Qs7s2c"], method="monte-carlo")
    Traceback (most recent call last):
    ...
    ValueError: calculate_many enumerates exactly (method='exact'), not method='monte-carlo'
    """
    if method != "exact":
        raise ValueError(
            f"calculate_many enumerates exactly (method='exact'), not method={method!r}"
        )
    pairs = _pairs(spots, boards)
    check_exact_dead(dead)
    g = get_game(game)
    start = Stopwatch()
    jobs: list[Job] = []
    for i, (hands, board) in enumerate(pairs):
        try:
            job = _spot_job(hands, board, dead, g, rules)
        except ValueError as exc:
            raise ValueError(f"spot {i}: {exc}") from exc
        if jobs and job.n_players != jobs[0].n_players:
            raise ValueError(
                f"spot {i} has {job.n_players} players, spot 0 {jobs[0].n_players}: every "
                "spot must have the same number of players"
            )
        jobs.append(job)
    with using_threads(threads), executor_for(None) as executor:
        runs = list(zip(jobs, jobs[0].family.run_exact_many(jobs, executor), strict=True))
        threads_used = numba.get_num_threads()
    return _spot_results(g.name, g.hilo, runs, start, threads_used)


def _pairs(spots: Sequence[Any], boards: Sequence[object] | None) -> list[tuple[Any, object]]:
    """The ``(hands, board)`` of each spot (one list of hands on every board, when ``boards``)."""
    if isinstance(spots, (str, bytes)):
        raise ValueError(f"spots must be (hands, board) pairs or a list of hands, not {spots!r}")
    if boards is not None:
        if isinstance(boards, (str, bytes)):
            raise ValueError(f"boards must be a list of boards, not {boards!r}")
        pairs = [(spots, board) for board in boards]
    else:
        pairs = []
        for i, spot in enumerate(spots):
            if isinstance(spot, (str, bytes)) or not isinstance(spot, Sequence) or len(spot) != 2:
                raise ValueError(
                    f"spot {i} ({spot!r}) is not a (hands, board) pair (one list of hands on "
                    "many boards: calculate_many(hands, boards=[...]))"
                )
            pairs.append((spot[0], spot[1]))
    if not pairs:
        raise ValueError("calculate_many needs at least one spot")
    return pairs


def _spot_job(hands: Any, board: object, dead: object, g: Any, rules: Any) -> Job:
    """One spot validated into a job, exactly as ``calculate`` would enumerate it."""
    slots = board_pattern(board)
    if slots is not None:
        raise ValueError(
            f"the board {format_pattern(slots)!r} is partly known: calculate_many takes known "
            "boards (calculate enumerates a partly known one)"
        )
    job = prepare(hands, board, dead, g, rules, False)
    work = job.exact_work()
    if work > EXACT_HARD_LIMIT:
        raise TooLargeForExact(work)
    return job


def _spot_results(
    game: str, hilo: bool, runs: list[tuple[Job, ExactRun]], start: Stopwatch, threads: int
) -> SpotResults:
    """The shares of every spot, array by array: the numbers :func:`~.reduce.make_result`
    gives spot by spot."""
    counts = np.stack([run.counts for _, run in runs])
    totals = np.array([run.total for _, run in runs], dtype=float)
    units = 2 if hilo else 1
    scale = (totals * units)[:, None]
    equity = (counts / split_ways(counts.shape[1])).sum(axis=2) / scale
    outcomes = [run.outcome_counts for _, run in runs if run.outcome_counts is not None]
    if outcomes:  # Omaha: win is a scoop, tie a part of the pot but not all of it
        shares = np.stack(outcomes) / totals[:, None, None]
        win, tie = shares[:, :, 0], shares[:, :, 5] - shares[:, :, 0]
    else:
        win = counts[:, :, 1] / scale
        tie = counts[:, :, 2:].sum(axis=2) / scale
    for a in (equity, win, tie, counts, totals):
        a.flags.writeable = False
    elapsed_s, _ = start.split()
    return SpotResults(
        game=game,
        hands=tuple(tuple(p.label for p in job.players) for job, _ in runs),
        boards=tuple(format_cards(job.board) for job, _ in runs),
        dead=format_cards(runs[0][0].dead),
        equity=equity,
        win=win,
        tie=tie,
        counts=counts,
        weight_total=totals,
        elapsed_s=elapsed_s,
        threads=threads,
        _runs=runs,
    )
