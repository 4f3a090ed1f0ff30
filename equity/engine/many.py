"""Many small spots in one call: :func:`calculate_many`.

Widgets, hand histories, push/fold charts and every-flop studies ask for
thousands of small spots (known hands on a flop), each enumerated in
microseconds.  :func:`calculate_many` runs them in one call: the game, the
dead cards and the threads are settled once, each spot is validated into a
job (:func:`.prepare.prepare`, the card strings parsed once for all the
spots, :mod:`equity.cards`) and enumerated by its family's exact run (the
same unit and kernel as :func:`~.run.calculate`) on one executor, and the
shares of every spot are computed together, array by array.  One list of
known hold'em or short-deck hands on many known boards skips the jobs: the
first spot is validated as a job, every board checked against its cards, and
all the boards enumerated in one kernel launch
(:func:`~.families.table.table_exact_boards`); a spot's job and
:class:`~equity.results.EquityResult` are made only when asked for.  Each spot's
figures are those of ``calculate`` on that spot, to the last bit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from math import comb
from typing import TYPE_CHECKING, Any, cast, overload

import numba
import numpy as np

from ..cards import card_mask, format_cards, format_pattern, parse_cards
from ..control import Stopwatch
from ..games import game as get_game
from ..results import EquityResult, split_ways
from .exact import ExactRun, exact_spec
from .executor import LocalExecutor, executor_for
from .families.table import TableFamily, table_exact_boards
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
    _runs: Sequence[tuple[Job, ExactRun]] = field(repr=False, compare=False)

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
    the shares of all the spots are computed together.  One list of known hold'em
    (or short-deck) hands on many boards goes to the kernel in one launch: a flop
    costs about 6 µs against 41 µs for a warm call of ``calculate``
    (``bench/README.md``); other spots are enumerated one by one (about 23 µs for
    a flop).  Each spot's figures
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
    if boards is not None:  # one list of hands on many boards: one kernel launch, if it can
        with using_threads(threads), executor_for(None) as executor:
            if isinstance(executor, LocalExecutor):
                fast = _same_hands(spots, boards, dead, g, rules, start)
                if fast is not None:
                    return fast
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
    outcomes = [run.outcome_counts for _, run in runs if run.outcome_counts is not None]
    return _results(
        game,
        hilo,
        counts,
        totals,
        np.stack(outcomes) if outcomes else None,
        tuple(tuple(p.label for p in job.players) for job, _ in runs),
        tuple(format_cards(job.board) for job, _ in runs),
        format_cards(runs[0][0].dead),
        runs,
        start,
        threads,
    )


def _results(
    game: str,
    hilo: bool,
    counts: np.ndarray,
    totals: np.ndarray,
    outcomes: np.ndarray | None,
    hands: tuple[tuple[str, ...], ...],
    boards: tuple[str, ...],
    dead: str,
    runs: Sequence[tuple[Job, ExactRun]],
    start: Stopwatch,
    threads: int,
) -> SpotResults:
    """The :class:`SpotResults` of every spot's counts (``[n_spots, n_players, n_players +
    1]``) and total deals."""
    units = 2 if hilo else 1
    scale = (totals * units)[:, None]
    equity = (counts / split_ways(counts.shape[1])).sum(axis=2) / scale
    if outcomes is not None:  # Omaha: win is a scoop, tie a part of the pot but not all of it
        shares = outcomes / totals[:, None, None]
        win, tie = shares[:, :, 0], shares[:, :, 5] - shares[:, :, 0]
    else:
        win = counts[:, :, 1] / scale
        tie = counts[:, :, 2:].sum(axis=2) / scale
    for a in (equity, win, tie, counts, totals):
        a.flags.writeable = False
    elapsed_s, _ = start.split()
    return SpotResults(
        game=game,
        hands=hands,
        boards=boards,
        dead=dead,
        equity=equity,
        win=win,
        tie=tie,
        counts=counts,
        weight_total=totals,
        elapsed_s=elapsed_s,
        threads=threads,
        _runs=runs,
    )


def _same_hands(
    hands: Any, boards: Sequence[object], dead: object, g: Any, rules: Any, start: Stopwatch
) -> SpotResults | None:
    """Known hold'em (or short-deck) hands on many known boards, in one launch of
    :func:`~.families.table.table_exact_boards`: the counts of each spot's own enumeration.

    None (the spots then go one by one, which also words any error) unless the first spot
    is such a job and every board is a string of 3 to 5 cards clear of the hands and the
    dead cards.
    """
    try:
        first = _spot_job(hands, boards[0], dead, g, rules)
    except ValueError:
        return None
    if type(first.family) is not TableFamily or not first.hands_known or g.board_total != 5:
        return None
    taken = first.fixed_mask & ~card_mask(first.board)  # the hands' and the dead cards
    outside = first.kernel_mask & ~first.fixed_mask  # cards not in the game's deck
    cards: list[list[int]] = []
    fixed: list[int] = []  # each spot's known cards: the hands', the dead and its board
    for board in boards:
        if not isinstance(board, str):
            return None
        try:
            parsed = parse_cards(board)
        except ValueError:
            return None
        mask = card_mask(parsed)
        if not 3 <= len(parsed) <= 5 or mask & (taken | outside):
            return None
        cards.append(parsed)
        fixed.append(taken | mask)
    n = len(cards)
    table = np.zeros((n, 5), dtype=np.uint8)
    n_board = np.array([len(c) for c in cards], dtype=np.int64)
    for i, c in enumerate(cards):
        table[i, : len(c)] = c
    masks = np.array([m | outside for m in fixed], dtype=np.uint64)
    holes = np.zeros((first.n_players, 5), dtype=np.uint8)
    holes[:, : first.n_hole] = [p.cards for p in first.players]
    counts = table_exact_boards(exact_spec(first), holes, table, n_board, masks)
    left = [g.deck_size - m.bit_count() for m in fixed]
    totals = [comb(n_left, 5 - len(c)) for n_left, c in zip(left, cards, strict=True)]
    labels = tuple(p.label for p in first.players)
    board_names = tuple(format_cards(c) for c in cards)
    runs = _LazyRuns(hands, board_names, dead, g, rules, counts, totals, first)
    return _results(
        g.name, g.hilo, counts, np.array(totals, dtype=float), None, (labels,) * n,
        board_names, format_cards(first.dead), runs, start, numba.get_num_threads(),
    )  # fmt: skip


class _LazyRuns(Sequence[tuple[Job, ExactRun]]):
    """Each spot's job and exact run of :func:`_same_hands`, made when asked for (a spot's
    :class:`~equity.results.EquityResult` is rarely wanted for every spot)."""

    def __init__(
        self,
        hands: Any,
        boards: tuple[str, ...],
        dead: object,
        g: Any,
        rules: Any,
        counts: np.ndarray,
        totals: list[int],
        first: Job,
    ) -> None:
        self._spot = (hands, dead, g, rules)
        self._boards, self._counts, self._totals, self._first = boards, counts, totals, first

    def __len__(self) -> int:
        return len(self._boards)

    @overload
    def __getitem__(self, i: int) -> tuple[Job, ExactRun]: ...

    @overload
    def __getitem__(self, i: slice) -> list[tuple[Job, ExactRun]]: ...

    def __getitem__(self, i: int | slice) -> Any:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        hands, dead, g, rules = self._spot
        k = range(len(self))[i]
        job = self._first if k == 0 else _spot_job(hands, self._boards[k], dead, g, rules)
        family = cast("TableFamily", job.family)
        return job, family.known_run(job, self._counts[k], self._totals[k])
