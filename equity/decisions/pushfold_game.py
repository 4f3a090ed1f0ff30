"""The heads-up push/fold game and its equilibrium, at the level of the 169 hand classes.

The small blind (seat 0) pushes all-in or folds; facing a push, the big blind
(seat 1) calls or folds.  A deal is a pair of non-conflicting combos, every
pair equally likely, so the chance that the small blind holds class ``i`` and
the big blind class ``j`` is proportional to the number of such combo pairs:
exact card removal.  That number and the showdown odds of each class matchup
come from the shipped exact preflop counts
(:func:`equity.preflop_table.load_preflop_table`: wins and ties over every
combo pair and every board, so ``total / BOARDS`` is the number of combo
pairs).

Payoffs are the small blind's, in the game's unit, for five outcomes: it
folds, the big blind folds, and a showdown it wins, loses or ties.  The game
is constant-sum (the big blind gets a constant minus the small blind's
payoff), and with a strategy per class for each player (``p`` the small
blind's push frequencies, ``q`` the big blind's call frequencies) the small
blind's expected payoff per hand dealt is ``const + a @ p + p @ D @ q``.

:func:`solve` finds an equilibrium by *polishing*: the classes each player
mixes are guessed (those nearest indifference against a guess of the
strategies), the rest played purely by the sign of their gain, the
indifference equations of the mixed classes are solved, and the candidate is
kept when its measured exploitability is zero up to rounding.  The guess is
the equilibrium of a nearby game when one is given (the chart's previous
stack), else the averages of CFR+ (regret matching+ with alternating updates
and linearly weighted averages), polished every 64 iterations.  The result is
always checked by :func:`exploitability`, each player's best-response gain
against the other's strategy.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from ..ranges.classes import CLASSES

__all__ = [
    "Matchups",
    "Payoffs",
    "Solution",
    "conditional_gains",
    "exploitability",
    "gains",
    "matchups",
    "solve",
]

_N = len(CLASSES)
_POLISH_EVERY = 64
"""CFR+ iterations between two polishing attempts."""
_POLISH_MIXED = 2
"""A polish tries up to this many mixed classes per seat (one more once CFR+ has run
:data:`_POLISH_MORE_AFTER` iterations: deep stacks mix three) ..."""
_POLISH_NEAR = 4
"""... among this many classes nearest indifference."""
_EXACT = 1e-4
"""A polish is kept when its exploitability is below the tolerance times this."""
_POLISH_MORE_AFTER = 1024
"""CFR+ iterations after which a polish also tries one more mixed class per seat."""
_LOCAL_ROUNDS = 3
"""Polishing rounds around a start before CFR+ is run."""
_APPROXIMATE_AFTER = 4096
"""CFR+ averages within the tolerance are returned after this many iterations, not before."""
_MAX_ITERATIONS = 200_000
"""CFR+ gives up here (never reached in the tests: a polish or the tolerance ends far sooner)."""


@dataclass(frozen=True)
class Matchups:
    """Every class matchup of a heads-up deal, from the exact preflop counts.

    Attributes
    ----------
    weight : numpy.ndarray
        ``float64[169, 169]``: the probability that seat 0 holds class ``i`` and
        seat 1 class ``j`` (non-conflicting combo pairs over all 1,326 x 1,225).
    win, tie : numpy.ndarray
        ``float64[169, 169]``: the probability that class ``i`` wins against
        class ``j`` (ties: splits), over those combo pairs and every board.
    """

    weight: np.ndarray
    win: np.ndarray
    tie: np.ndarray


@functools.lru_cache(maxsize=1)
def matchups() -> Matchups:
    """The shipped exact counts as :class:`Matchups` (read once per session).

    Examples
    --------
    >>> m = matchups()
    >>> round(float(m.weight.sum()), 12), round(float(m.win[0, 1]), 4)  # AA against AKs
    (1.0, 0.8723)
    """
    from ..preflop_table import BOARDS, load_preflop_table

    index = {label: k for k, label in enumerate(CLASSES)}
    table = load_preflop_table()
    a = table["alice"].map(index).to_numpy()
    b = table["bob"].map(index).to_numpy()
    total = table["total"].to_numpy(dtype=np.float64)
    wins = np.zeros((_N, _N))
    ties = np.zeros((_N, _N))
    pairs = np.zeros((_N, _N))
    wins[a, b] = table["alice_wins"].to_numpy() / np.maximum(total, 1)
    wins[b, a] = table["bob_wins"].to_numpy() / np.maximum(total, 1)
    ties[a, b] = ties[b, a] = table["ties"].to_numpy() / np.maximum(total, 1)
    pairs[a, b] = pairs[b, a] = total / BOARDS
    weight = pairs / (1326 * 1225)
    for values in (weight, wins, ties):
        values.setflags(write=False)
    return Matchups(weight, wins, ties)


@dataclass(frozen=True)
class Payoffs:
    """The small blind's payoff of each outcome, in the game's unit.

    Attributes
    ----------
    fold : float
        The small blind folds.
    steal : float
        It pushes and the big blind folds.
    win, lose, tie : float
        It pushes, the big blind calls, and the small blind wins, loses or
        splits the showdown.
    """

    fold: float
    steal: float
    win: float
    lose: float
    tie: float

    def matrices(self, m: Matchups) -> tuple[np.ndarray, np.ndarray]:
        """``a`` (169,) and ``D`` (169, 169): the payoff is ``const + a @ p + p @ D @ q``."""
        showdown = self.win * m.win + self.tie * m.tie + self.lose * (1.0 - m.win - m.tie)
        a = m.weight.sum(axis=1) * (self.steal - self.fold)
        d = m.weight * (showdown - self.steal)
        return a, d

    @property
    def scale(self) -> float:
        """Half the showdown swing: the payoffs' natural size (the stack, in chip EV)."""
        return abs(self.win - self.lose) / 2


def gains(a: np.ndarray, d: np.ndarray, p: np.ndarray, q: np.ndarray) -> tuple[np.ndarray, ...]:
    """Each class's gain over folding, per hand dealt: ``(push gain, call gain)``.

    ``push[i]`` is what the small blind gains, on average over all deals, by
    pushing class ``i`` rather than folding it; ``call[j]`` the same for the
    big blind calling class ``j`` against the push frequencies ``p``.
    Divided by the probability of the class (and, for a call, of facing a
    push) they become the gains of one hand (:func:`conditional_gains`).
    """
    return a + d @ q, -(p @ d)


def conditional_gains(
    m: Matchups, a: np.ndarray, d: np.ndarray, p: np.ndarray, q: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """EV(push) - EV(fold) of each small-blind class, EV(call) - EV(fold) of each
    big-blind class facing a push, for one hand of the class.

    A class never facing a push (the small blind pushes nothing it does not
    conflict with) is given the gain of a call against a push of every class.
    """
    push, call = gains(a, d, p, q)
    seat0 = m.weight.sum(axis=1)
    facing = p @ m.weight
    if np.any(facing <= 0):
        everything = -(np.ones(_N) @ d) / m.weight.sum(axis=0)
        call = np.where(facing > 0, call / np.where(facing > 0, facing, 1.0), everything)
    else:
        call = call / facing
    return push / seat0, call


def exploitability(
    a: np.ndarray, d: np.ndarray, p: np.ndarray, q: np.ndarray
) -> tuple[float, float]:
    """What a best response gains against each player's strategy, per hand dealt.

    Returns ``(seat 0, seat 1)``: seat 0's entry is what the small blind would
    gain by switching to its best response against ``q`` (push exactly the
    classes with a positive gain), seat 1's the same for the big blind against
    ``p``.  Both are 0 at an equilibrium.
    """
    push, call = gains(a, d, p, q)
    return (  # never below 0 but by rounding: shown as 0
        max(float(np.maximum(push, 0).sum() - p @ push), 0.0),
        max(float(np.maximum(call, 0).sum() - q @ call), 0.0),
    )


@dataclass(frozen=True)
class Solution:
    """An equilibrium of the heads-up game, as found by :func:`solve`.

    Attributes
    ----------
    push, call : numpy.ndarray
        ``float64[169]``: the small blind's push and the big blind's call
        frequency of each class.
    exploitability : tuple of float
        Each seat's best-response gain per hand dealt (:func:`exploitability`).
    iterations : int
        CFR+ iterations run (0 when the warm start was already an equilibrium).
    polished : bool
        Whether the answer is the solved indifference equations (exact up to
        rounding) rather than the CFR+ averages.
    """

    push: np.ndarray
    call: np.ndarray
    exploitability: tuple[float, float]
    iterations: int
    polished: bool


def _regret_step(regret: np.ndarray, gain: np.ndarray, strategy: np.ndarray) -> None:
    """Regret matching+ for two actions: ``regret[0]`` act, ``regret[1]`` fold (in place)."""
    regret[0] = np.maximum(regret[0] + (1.0 - strategy) * gain, 0.0)
    regret[1] = np.maximum(regret[1] - strategy * gain, 0.0)


def _strategy(regret: np.ndarray) -> np.ndarray:
    """Regret matching: act in proportion to the positive regret (half and half at none)."""
    total = regret[0] + regret[1]
    none = total <= 0
    return (regret[0] + 0.5 * none) / (total + none)


def _solve_small(block: np.ndarray, rhs: np.ndarray) -> np.ndarray | None:
    """``block @ x = rhs`` for a 1x1 or 2x2 block by hand (numpy's solve costs more than
    the arithmetic at this size), larger ones by numpy; None when singular."""
    k = len(rhs)
    if k == 1:
        return None if block[0, 0] == 0 else rhs / block[0, 0]
    if k == 2:
        det = block[0, 0] * block[1, 1] - block[0, 1] * block[1, 0]
        if det == 0:
            return None
        return np.array(
            [
                (rhs[0] * block[1, 1] - block[0, 1] * rhs[1]) / det,
                (block[0, 0] * rhs[1] - block[1, 0] * rhs[0]) / det,
            ]
        )
    try:
        return np.linalg.solve(block, rhs)
    except np.linalg.LinAlgError:
        return None


def _candidate(
    a: np.ndarray,
    d: np.ndarray,
    pure_p: np.ndarray,
    pure_q: np.ndarray,
    mix_p: tuple[int, ...],
    mix_q: tuple[int, ...],
) -> tuple[np.ndarray, np.ndarray] | None:
    """The strategies with ``mix_p``/``mix_q`` mixed so as to make the other seat's mixed
    classes indifferent, the rest as in ``pure_p``/``pure_q``; None when impossible."""
    if not mix_p:
        return pure_p, pure_q
    mp, mq = list(mix_p), list(mix_q)
    qq = pure_q.copy()
    qq[mq] = 0.0
    block = d[mp][:, mq]
    # a_i + D[i] @ qq + D[i, mq] @ x = 0 for i in mp: the big blind's mixed frequencies
    x = _solve_small(block, -(a[mp] + d[mp] @ qq))
    if x is None or x.min() < -1e-12 or x.max() > 1 + 1e-12:
        return None
    pp = pure_p.copy()
    pp[mp] = 0.0
    # pp @ D[:, j] + y @ D[mp, j] = 0 for j in mq: the small blind's
    y = _solve_small(block.T, -(pp @ d[:, mq]))
    if y is None or y.min() < -1e-12 or y.max() > 1 + 1e-12:
        return None
    qq[mq] = np.clip(x, 0.0, 1.0)
    pp[mp] = np.clip(y, 0.0, 1.0)
    return pp, qq


def _polish(
    a: np.ndarray, d: np.ndarray, p: np.ndarray, q: np.ndarray, mixed: int = _POLISH_MIXED
) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """Candidate equilibria near ``(p, q)``, the indifference equations solved exactly.

    Against ``q`` each small-blind class gains ``push[i]`` by pushing, and
    against ``p`` each big-blind class ``call[j]`` by calling.  A candidate
    takes ``k`` classes of each seat as mixed, chosen among the
    :data:`_POLISH_NEAR` nearest indifference (``k`` up to ``mixed``),
    and the rest as pure (act when the gain is positive); the ``k`` equations
    making the small blind's mixed classes indifferent fix the big blind's
    mixed frequencies, and the other way round.  Candidates with frequencies
    outside [0, 1] are skipped; the caller measures the others.
    """
    push, call = gains(a, d, p, q)
    near_p = np.argsort(np.abs(push))[:_POLISH_NEAR].tolist()
    near_q = np.argsort(np.abs(call))[:_POLISH_NEAR].tolist()
    pure_p, pure_q = (push > 0).astype(np.float64), (call > 0).astype(np.float64)
    for k in range(mixed + 1):
        for mix_p in itertools.combinations(near_p, k):
            for mix_q in itertools.combinations(near_q, k):
                candidate = _candidate(a, d, pure_p, pure_q, mix_p, mix_q)
                if candidate is not None:
                    yield candidate


def solve(
    a: np.ndarray,
    d: np.ndarray,
    tolerance: float,
    start: tuple[np.ndarray, np.ndarray] | None = None,
) -> Solution:
    """An equilibrium whose exploitability is at most ``tolerance`` for each seat.

    The answer is exact (a polish whose exploitability is below
    ``tolerance`` times :data:`_EXACT`, rounding apart) whenever a polish
    finds one; otherwise, after :data:`_APPROXIMATE_AFTER` iterations, the
    CFR+ averages once they are within ``tolerance``.

    Parameters
    ----------
    a, d : numpy.ndarray
        The game, from :meth:`Payoffs.matrices`.
    tolerance : float
        The largest best-response gain per hand dealt allowed for either seat,
        in the payoffs' unit.
    start : tuple of numpy.ndarray, optional
        A strategy pair to polish first (the equilibrium of a nearby game: the
        chart's previous stack).

    Returns
    -------
    Solution
        The frequencies, their measured exploitability and how they were found.
    """
    exact = tolerance * _EXACT
    best: tuple[float, np.ndarray, np.ndarray, bool] | None = None

    def consider(p: np.ndarray, q: np.ndarray, polished: bool, target: float) -> bool:
        nonlocal best
        gap = max(exploitability(a, d, p, q))
        if best is None or gap < best[0]:
            best = (gap, p, q, polished)
        return gap <= target

    def result(iterations: int) -> Solution:
        assert best is not None
        gap, p, q, polished = best
        exact_answer = polished and gap <= exact  # a polish that missed is no exact answer
        return Solution(p, q, exploitability(a, d, p, q), iterations, exact_answer)

    if start is not None:
        guess = start
        for _ in range(_LOCAL_ROUNDS):  # polish again around the best candidate so far
            if any(consider(*c, True, exact) for c in _polish(a, d, *guess)):
                return result(0)
            assert best is not None
            guess = (best[1], best[2])
    regret_p = np.zeros((2, _N))
    regret_q = np.zeros((2, _N))
    sum_p = np.zeros(_N)
    sum_q = np.zeros(_N)
    weights = 0.0
    p = q = np.full(_N, 0.5)
    for t in range(1, _MAX_ITERATIONS + 1):  # alternating: the big blind answers the new p
        _regret_step(regret_p, a + d @ q, p)
        p = _strategy(regret_p)
        _regret_step(regret_q, -(p @ d), q)
        q = _strategy(regret_q)
        sum_p += t * p
        sum_q += t * q
        weights += t
        if t % _POLISH_EVERY == 0:
            avg_p, avg_q = sum_p / weights, sum_q / weights
            mixed = _POLISH_MIXED + (t >= _POLISH_MORE_AFTER)
            if any(consider(*c, True, exact) for c in _polish(a, d, avg_p, avg_q, mixed)):
                return result(t)
            if consider(avg_p, avg_q, False, tolerance) and t >= _APPROXIMATE_AFTER:
                return result(t)
    consider(sum_p / weights, sum_q / weights, False, tolerance)
    return result(_MAX_ITERATIONS)
