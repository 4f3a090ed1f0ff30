"""Push/fold Nash equilibria at a table of 2 to 9 players, chip EV or ICM.

:func:`solve_table` plays the push/fold game of
:class:`equity.decisions.multiway_game.TableGame` (seat 0 first; each seat
pushes all-in or folds until one pushes, then each later seat calls or
folds; side pots exact) to an approximate equilibrium by fictitious play:
every iteration each node's best response per hand class (push or call
where it gains over folding) against the average strategy so far is
averaged in, iteration ``t`` with weight ``t`` (linear averaging: in the tests'
and bench's spots it reaches the tolerance several times sooner than the
plain mean).  Two-player showdowns are valued exactly from the shipped
preflop table; showdowns of three or more players by Monte-Carlo,
redone at the current strategy at iterations 1, 10, 30, 300, 600, ... and
whenever the strategy looks close enough to stop (from iteration
:data:`MIN_ITERATIONS` on): it stops only if the strategy is still within
the tolerance against the redone showdowns.  The strategies returned are
measured so: each seat's exploitability (what a best response would gain per
hand against the others) against the showdown values of the final strategy.

Payoffs: chip EV in big blinds without payouts (unit ``"bb"``); with
payouts, the share of the prize pool by ICM (unit ``"pool"``) of the stacks
after the hand, players who bust finishing below every survivor (one who
started the hand with more chips above one with fewer; equal starting stacks
share their places' prizes).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from numbers import Real

import numpy as np

from ..checks import check_seed
from ..ranges.classes import CLASS_SIZES
from .multiway_game import TableGame
from .strategy import Decision

__all__ = [
    "DEFAULT_ITERATIONS",
    "DEFAULT_SAMPLES",
    "DEFAULT_TOLERANCE",
    "KEEP_FROM",
    "MIN_ITERATIONS",
    "ROUNDING",
    "TableSolution",
    "solve_table",
]

DEFAULT_TOLERANCE = 1e-3
"""Stop once no seat can gain more than this per hand (big blinds, or a share of the pool:
0.1%)."""
DEFAULT_ITERATIONS = 3000
"""Fictitious-play iterations at most."""
MIN_ITERATIONS = 100
"""Fictitious-play iterations at least (nodes rarely reached weigh little in the
exploitability; these settle them)."""
DEFAULT_SAMPLES = 4000
"""Monte-Carlo showdowns per class and player of a multiway all-in reached at least once
in a hundred hands (fewer, by the square root of the reach, for rarer ones, never below
half; a sixteenth of these at the first iteration, a quarter until iteration 100)."""
KEEP_FROM = 6
"""Up to this many players the showdowns are all redone at the end; beyond, those of
all-ins reached in under 1 of 100,000 hands are kept from earlier."""
_RECHECK = 50
"""Iterations after a failed check for the end before the next one."""
_REFRESH = (1, 10, 30, 300)
"""Iterations at which the multiway showdowns are redone (then every 300 more; the check
for the end redoes them too)."""


@dataclass(frozen=True)
class TableSolution:
    """A push/fold equilibrium of one table.

    Attributes
    ----------
    stacks : tuple of float
        Chips per seat, seat 0 first to act (the last two are the blinds; heads-up,
        seat 0 is the small blind).
    positions : tuple of str
        Each seat's position (``"UTG"`` ... ``"BTN"``, ``"SB"``, ``"BB"``).
    decisions : tuple of Decision
        Every node of the game: the push of each seat but the big blind, then every
        call (by seat, then the seats facing in tree order).
    exploitability : numpy.ndarray
        Shape (n,): per seat, what a best response to the others would gain per
        hand, in ``unit``.
    unit : str
        ``"bb"`` (chip EV in big blinds) or ``"pool"`` (share of the prize pool by ICM).
    method : str
        One sentence: the solver, how the equities were found, the iterations.
    iterations : int
        Fictitious-play iterations run.
    equity_error : float
        The largest standard error of any Monte-Carlo showdown equity used (0.0 where
        every showdown had two players and was exact), over the classes whose cards
        miss the other players' ranges in at least 1% of deals (the rest get a handful
        of showdowns; :data:`equity.decisions.multiway_game.MET_SHARE`).
    gain_error : float
        The largest standard error, in ``unit``, that the Monte-Carlo showdowns put on
        any decision's gain (0.0 where all were exact): a class whose gain is within a
        few of these of zero could go either way.
    values : numpy.ndarray
        Shape (n,): each seat's EV per hand under the strategies (chip EVs add up to 0;
        prize shares to 1).
    """

    stacks: tuple[float, ...]
    positions: tuple[str, ...]
    decisions: tuple[Decision, ...]
    exploitability: np.ndarray
    unit: str
    method: str
    iterations: int
    equity_error: float
    gain_error: float
    values: np.ndarray

    def decision(self, seat: int, facing: Sequence[int] = ()) -> Decision:
        """The decision of ``seat`` facing the all-in seats ``facing`` (empty: its push).

        Examples
        --------
        >>> s = solve_table([10, 10], 0.5, 1, tolerance=0.05)
        >>> s.decision(1, (0,)).action
        'call'
        """
        facing = tuple(facing)
        for d in self.decisions:
            if d.seat == seat and d.facing == facing:
                return d
        raise ValueError(f"seat {seat} has no decision facing {facing}")


def _check(
    stacks: Sequence[float],
    small_blind: float,
    big_blind: float,
    ante: float,
    payouts: Sequence[float] | None,
) -> tuple[np.ndarray, np.ndarray | None]:
    try:
        s = np.asarray(stacks, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError(f"stacks must be numbers, got {stacks!r}") from None
    if s.ndim != 1 or not 2 <= len(s) <= 9:
        raise ValueError(f"a table has 2 to 9 stacks, got {len(np.atleast_1d(s))}")
    for name, x in (("small blind", small_blind), ("big blind", big_blind), ("ante", ante)):
        if not isinstance(x, Real) or isinstance(x, bool) or not math.isfinite(x) or x < 0:
            raise ValueError(f"the {name} must be a number of chips, at least 0, got {x!r}")
    if big_blind <= 0 or small_blind > big_blind:
        raise ValueError(f"the blinds must be 0 < small <= big, got {small_blind!r}/{big_blind!r}")
    if not np.all(np.isfinite(s)) or np.any(s <= ante + big_blind):
        bad = next(x for x in s if not (math.isfinite(x) and x > ante + big_blind))
        raise ValueError(
            f"every stack must be more than the ante plus the big blind ({ante + big_blind:g}), "
            f"got {bad:g}"
        )
    if payouts is None:
        return s, None
    try:
        p = np.asarray(payouts, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError(f"payouts must be numbers, got {payouts!r}") from None
    if p.ndim != 1 or not 1 <= len(p) <= len(s):
        raise ValueError(f"there are 1 to {len(s)} payouts (one per player at most), got {p.size}")
    if not np.all(np.isfinite(p)) or np.any(p < 0) or p.sum() <= 0:
        raise ValueError(f"payouts must be at least 0 and add up to more than 0, got {payouts!r}")
    return s, p


def solve_table(
    stacks: Sequence[float],
    small_blind: float,
    big_blind: float,
    ante: float = 0.0,
    payouts: Sequence[float] | None = None,
    *,
    tolerance: float | None = None,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    max_iterations: int = DEFAULT_ITERATIONS,
    samples: int = DEFAULT_SAMPLES,
) -> TableSolution:
    """Solve the push/fold game of one table by fictitious play.

    Parameters
    ----------
    stacks
        Chips per seat, 2 to 9 seats: seat 0 acts first; with three or more the
        last two are the small and the big blind, heads-up seat 0 is the small blind.
        Every stack is more than the ante plus the big blind.
    small_blind, big_blind, ante
        The forced bets in chips (every player posts the ante).
    payouts
        Prizes, first place first, at most one per player: payoffs are shares of the
        prize pool by ICM; ``None`` (default): chip EV in big blinds.
    tolerance
        Stop once each seat's exploitability is at most this, in the unit
        (default :data:`DEFAULT_TOLERANCE`: 0.001 bb or 0.1% of the pool).
    seed
        Seeds the Monte-Carlo showdowns of three or more players.
    progress
        Called as ``progress(iteration, max_iterations)`` after each iteration.
    max_iterations
        Fictitious-play iterations at most.
    samples
        Monte-Carlo showdowns per class and player (:data:`DEFAULT_SAMPLES`).

    Returns
    -------
    TableSolution

    Examples
    --------
    >>> s = solve_table([10, 10], 0.5, 1)
    >>> s.positions, s.unit, s.equity_error, bool(s.exploitability.max() <= 0.001)
    (('SB', 'BB'), 'bb', 0.0, True)
    >>> round(s.decision(0).percent), round(s.decision(1, (0,)).percent)
    (58, 37)
    """
    s, p = _check(stacks, small_blind, big_blind, ante, payouts)
    if check_seed(seed) is None:
        raise ValueError("seed must be a whole number from 0 to 2**63 - 1, got None")
    for name, value, least in (("max_iterations", max_iterations, 1), ("samples", samples, 100)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise ValueError(f"{name} must be a whole number, at least {least}, got {value!r}")
    tol = DEFAULT_TOLERANCE if tolerance is None else float(tolerance)
    if not tol > 0:
        raise ValueError(f"tolerance must be more than 0, got {tolerance!r}")
    game = TableGame(s, float(small_blind), float(big_blind), float(ante), p)
    n = len(s)
    push = np.full((n - 1, 169), 0.5)
    call = np.full((len(game.call_nodes), 169), 0.5)
    multiway = n > 2
    refreshes = 0
    t = 0
    measured = False  # the showdowns were last redone at the strategy returned
    next_check = MIN_ITERATIONS
    while t < max_iterations and not measured:
        t += 1
        if multiway and (t in _REFRESH or (t > _REFRESH[-1] and t % _REFRESH[-1] == 0)):
            # far from the end, fewer showdowns: a sixteenth at the start (every range
            # half of all hands), a quarter until MIN_ITERATIONS
            share = 16 if t == 1 else 4 if t < MIN_ITERATIONS else 1
            game.refresh(push, call, max(samples // share, 25), seed + refreshes)
            refreshes += 1
        game.heads_up(push, call)
        if multiway:
            game.joint(push, call)
        gains = game.gains(push, call)
        worst = game.exploitability(push, call, gains).max()
        # linear averaging (iteration t weighs t); the start (all 50%) only seeds showdowns
        step = 2.0 / (t + 1)
        push += step * ((gains[0] > 0) - push)
        call += step * ((gains[1] > 0) - call)
        if progress is not None:
            progress(t, max_iterations)
        if t >= next_check and (worst <= tol / 2 or (not multiway and worst <= tol)):
            measured = _final_check(game, push, call, samples, seed + refreshes, tol)
            refreshes += multiway
            # a failed check redid the showdowns: iterate on them a while
            next_check = t + (_RECHECK if multiway else 1)
    if measured:
        push, call, refreshes = _rounded(game, push, call, samples, seed + refreshes, tol)
    if multiway and not measured:
        game.refresh(push, call, samples, seed + refreshes, keep=n > KEEP_FROM)
    game.heads_up(push, call)
    gains = game.gains(push, call)
    exploit = game.exploitability(push, call, gains)
    decisions = [
        Decision(seat=q, action="push", facing=(), frequency=push[q], gain=gains[0][q])
        for q in range(n - 1)
    ]
    decisions += [
        Decision(seat=q, action="call", facing=facing, frequency=call[k], gain=gains[1][k])
        for k, (q, facing) in enumerate(game.call_nodes)
    ]
    error = max((term.stderr for term in game.terminals.values()), default=0.0)
    errors = game.gain_errors(push, call)
    gain_error = max(float(e.max(initial=0.0)) for e in errors)
    close = sum(int((np.abs(g) < 2 * e).sum()) for g, e in zip(gains, errors, strict=True))
    common = [r @ CLASS_SIZES / 1326 >= 0.01 for r in game.node_reach(push, call)]
    common_error = max(float(e[c].max(initial=0.0)) for e, c in zip(errors, common, strict=True))
    return TableSolution(
        stacks=tuple(float(x) for x in s),
        positions=game.positions,
        decisions=tuple(decisions),
        exploitability=exploit,
        unit=game.unit,
        method=_method(n, t, samples, error, (gain_error, common_error), close, game.unit),
        iterations=t,
        equity_error=error,
        gain_error=gain_error,
        values=game.values(push, call),
    )


ROUNDING = (0.05, 0.01)
"""How far from pure a frequency of the average strategy is rounded to pure, tried in turn."""


def _rounded(
    game: TableGame, push: np.ndarray, call: np.ndarray, samples: int, seed: int, tol: float
) -> tuple[np.ndarray, np.ndarray, int]:
    """The average strategy with each frequency within a :data:`ROUNDING` of 0 or 1 made
    pure, where that stays within ``tol`` (measured against showdowns redone at it).

    Fictitious play's average keeps traces of its early iterations (a class pushed 0.1%
    of the time because it was once a best response, another 97.5% because it once was
    not); rounded, the ranges read as a chart does.  Returns the strategy kept and the
    number of showdown refreshes made; a rounding that fails leaves the showdowns redone
    at the unrounded strategy again.
    """
    refreshes = 0
    for near in ROUNDING:
        pure_push = np.where(push < near, 0.0, np.where(push > 1 - near, 1.0, push))
        pure_call = np.where(call < near, 0.0, np.where(call > 1 - near, 1.0, call))
        if np.array_equal(pure_push, push) and np.array_equal(pure_call, call):
            return push, call, refreshes
        refreshes += game.n > 2
        if _final_check(game, pure_push, pure_call, samples, seed + refreshes, tol):
            return pure_push, pure_call, refreshes
    refreshes += game.n > 2
    _final_check(game, push, call, samples, seed + refreshes, tol)  # showdowns back at it
    return push, call, refreshes


def _final_check(
    game: TableGame, push: np.ndarray, call: np.ndarray, samples: int, seed: int, tol: float
) -> bool:
    """Whether the strategy is within ``tol`` once the multiway showdowns are redone at it
    (they stay redone)."""
    if game.n > 2:
        game.refresh(push, call, samples, seed, keep=game.n > KEEP_FROM)
    game.heads_up(push, call)
    return bool(game.exploitability(push, call, game.gains(push, call)).max() <= tol)


def _method(
    n: int,
    t: int,
    samples: int,
    error: float,
    gain_error: tuple[float, float],
    close: int,
    unit: str,
) -> str:
    what = "chip EV" if unit == "bb" else "ICM prize shares"
    shows = "two-player showdowns exact from the shipped preflop table"
    if n > 2:
        shows += (
            f", showdowns of three or more by Monte-Carlo ({samples:,} per class and player "
            f"where reached in 1% of hands or more, at least {samples // 2:,}), redone at the "
            + (
                "final strategies (those reached in under 1 of 100,000 hands kept from earlier): "
                if n > KEEP_FROM
                else "final strategies: "
            )
            + f"largest equity standard error {error:.4f} (classes that meet the others' "
            f"ranges in 1% of deals or more), largest standard "
            f"error of a gain {gain_error[0]:.2g} {unit} ({gain_error[1]:.2g} at the decisions "
            f"reached in 1% of hands or more), {close:,} class decisions within two standard "
            "errors of indifference"
        )
    return (
        f"fictitious play, {t:,} iterations, {n} players, {what} (the average strategy's "
        "frequencies within 5% or 1% of pure rounded to pure where the tolerance still holds); "
        f"{shows}."
    )
