"""Push/fold Nash equilibria: who goes all-in, who calls, and what each hand gains.

:func:`pushfold` solves the push-or-fold game.  Heads-up (two stacks, or one
effective ``stack``), the small blind (seat 0, the button) pushes all-in or
folds and the big blind (seat 1) calls or folds; the equilibrium is found over
the 169 hand classes with exact equities and exact card removal from the
shipped preflop counts (:mod:`equity.decisions.pushfold_game`), and its
exploitability (each player's best-response gain against the other) is
measured.  Payoffs are chip EV in big blinds, or, with ``payouts``, prize EV
by the Independent Chip Model (:func:`equity.icm`) as a share of the prize
pool.  With three or more stacks the table solver of
:mod:`equity.decisions.pushfold_table` answers.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ..ranges.canonical import format_dense
from ..ranges.classes import CLASSES, COMBO_CLASS
from . import pushfold_game as game
from .strategy import Decision

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["HEADS_UP_POSITIONS", "PushFoldResult", "heads_up_payoffs", "pushfold"]

HEADS_UP_POSITIONS = ("SB", "BB")
"""Heads-up, seat 0 is the small blind (and the button), seat 1 the big blind."""
_RELATIVE_TOLERANCE = 1e-6
"""The default tolerance, times the stack (chip EV) or the showdown swing (ICM)."""


@dataclass(frozen=True)
class PushFoldResult:
    """A push/fold equilibrium: each seat's ranges, their gains and how exact they are.

    Attributes
    ----------
    stacks : tuple of float
        Each seat's chips (seat 0 first; heads-up seat 0 is the small blind).
    blinds : tuple of float
        ``(small, big)``, in the same chips.
    ante : float
        The ante each player posts.
    payouts : tuple of float or None
        The prizes (ICM payoffs), or None for chip EV.
    positions : tuple of str
        Each seat's position name (``"SB"``, ``"BB"``; ``"BTN"``, ``"UTG"`` ...).
    decisions : tuple of Decision
        Every push node and call node of the game's equilibrium.
    exploitability : numpy.ndarray
        Per seat, in :attr:`unit`: what a best response against the others'
        strategies would gain per hand dealt (0 at an exact equilibrium).
    unit : str
        ``"bb"`` (chip EV in big blinds) or ``"pool"`` (a share of the prize pool).
    method : str
        One sentence: the solver, the equities (exact, or Monte-Carlo with its
        error) and the iterations.
    iterations : int
        The solver's iterations.
    equity_error : float
        The largest standard error of a Monte-Carlo equity used (0.0: all exact).
    chip_gains : tuple of numpy.ndarray or None
        Per decision, the chip-EV gain of each class in big blinds under the
        same strategies (the gains themselves when the unit is ``"bb"``; None
        where the solver gave none).
    elapsed_s : float
        Seconds spent solving (reading the shipped counts, once per session, apart).
    """

    stacks: tuple[float, ...]
    blinds: tuple[float, float]
    ante: float
    payouts: tuple[float, ...] | None
    positions: tuple[str, ...]
    decisions: tuple[Decision, ...]
    exploitability: np.ndarray
    unit: str
    method: str
    iterations: int
    equity_error: float
    chip_gains: tuple[np.ndarray, ...] | None = None
    elapsed_s: float = 0.0

    def decision(self, seat: int, action: str = "push", facing: Sequence[int] = ()) -> Decision:
        """The decision of ``seat`` taking ``action`` against the all-in seats ``facing``.

        Raises ValueError naming the node when the game has no such decision.
        """
        wanted = (int(seat), action, tuple(int(s) for s in facing))
        for d in self.decisions:
            if (d.seat, d.action, d.facing) == wanted:
                return d
        shown = f"seat {seat} ({action}" + (f" facing {list(wanted[2])})" if facing else ")")
        raise ValueError(f"the equilibrium has no decision for {shown}")

    def range(self, seat: int, action: str = "push", facing: Sequence[int] = ()) -> str:
        """The range of a decision in PokerStove syntax (mixed classes with ``@percent``).

        Heads-up: ``range(0)`` is the small blind's push range and
        ``range(1, "call", (0,))`` the big blind's calling range.
        """
        return _range_text(self.decision(seat, action, facing).frequency)

    @property
    def ranges(self) -> pd.DataFrame:
        """One row per decision: seat, position, action, facing, range, percent, combos."""
        import pandas as pd

        rows = [
            {
                "seat": d.seat,
                "position": self.positions[d.seat],
                "action": d.action,
                "facing": " ".join(self.positions[s] for s in d.facing),
                "range": _range_text(d.frequency),
                "percent": d.percent,
                "combos": d.combos,
            }
            for d in self.decisions
        ]
        return pd.DataFrame(rows)

    def ev_table(self, seat: int) -> pd.DataFrame:
        """Every class's frequency and gain over folding at each of ``seat``'s decisions.

        One row per decision of the seat (in :attr:`decisions` order) and class.
        Columns: ``class``, ``action``, ``facing`` (the positions all-in
        before it, pusher first), ``frequency`` and ``gain`` (in :attr:`unit`);
        ``gain_bb`` and ``gain_chips`` (chip EV) where known; with payouts
        ``gain_money`` and ``gain_pool_percent``.  A push's gain is EV(push) -
        EV(fold) holding the class; a call's EV(call) - EV(fold) holding the
        class and facing those all-ins.
        """
        import pandas as pd

        mine = [k for k, d in enumerate(self.decisions) if d.seat == int(seat)]
        if not mine:
            last = len(self.stacks) - 1
            raise ValueError(f"seat {seat} is not a seat of this game (0 to {last})")
        frames = []
        for k in mine:
            d = self.decisions[k]
            frame = pd.DataFrame(
                {
                    "class": CLASSES,
                    "action": d.action,
                    "facing": " ".join(self.positions[s] for s in d.facing),
                    "frequency": d.frequency,
                    "gain": d.gain,
                }
            )
            chip = None if self.chip_gains is None else self.chip_gains[k]
            if chip is not None:
                frame["gain_bb"] = chip
                frame["gain_chips"] = chip * self.blinds[1]
            if self.payouts is not None:
                frame["gain_money"] = d.gain * float(sum(self.payouts))
                frame["gain_pool_percent"] = d.gain * 100.0
            frames.append(frame)
        return pd.concat(frames, ignore_index=True)

    def to_dict(self) -> dict[str, Any]:
        """The result as plain Python data (what ``--json`` prints)."""
        return {
            "stacks": list(self.stacks),
            "blinds": list(self.blinds),
            "ante": self.ante,
            "payouts": None if self.payouts is None else list(self.payouts),
            "positions": list(self.positions),
            "unit": self.unit,
            "decisions": [
                {
                    "seat": d.seat,
                    "position": self.positions[d.seat],
                    "action": d.action,
                    "facing": list(d.facing),
                    "range": _range_text(d.frequency),
                    "percent": d.percent,
                    "combos": d.combos,
                    "frequency": dict(zip(CLASSES, d.frequency.tolist(), strict=True)),
                    "gain": dict(zip(CLASSES, d.gain.tolist(), strict=True)),
                }
                for d in self.decisions
            ],
            "exploitability": self.exploitability.tolist(),
            "method": self.method,
            "iterations": self.iterations,
            "equity_error": self.equity_error,
            "elapsed_s": self.elapsed_s,
        }

    def to_json(self) -> str:
        """:meth:`to_dict` as a JSON string."""
        return json.dumps(self.to_dict(), indent=2)

    def __str__(self) -> str:
        lines = []
        for d in self.decisions:
            who = f"{self.positions[d.seat]} {d.action}"
            if d.facing:
                who += " vs " + " ".join(self.positions[s] for s in d.facing)
            text = _range_text(d.frequency)
            lines.append(f"{who}: {d.percent:.1f}% ({d.combos:g} combos) {text}")
        worst = ", ".join(
            f"{p} {_unit_text(float(x), self.unit)}"
            for p, x in zip(self.positions, self.exploitability, strict=True)
        )
        lines.append(f"exploitability per hand: {worst}")
        lines.append(self.method)
        return "\n".join(lines)


def _range_text(frequency: np.ndarray) -> str:
    """A class-frequency vector as range text, mixed weights to 0.01% (``(nothing)`` when empty)."""
    weights = np.round(np.asarray(frequency) * 100, 2) / 100  # 0.7107 exactly as 71.07 / 100
    text = format_dense(weights[COMBO_CLASS])
    return text or "(nothing)"


def _unit_text(value: float, unit: str) -> str:
    """``0.00012 bb`` or ``0.0031% of the pool``."""
    if unit == "pool":
        return f"{value * 100:.2g}% of the pool"
    return f"{value:.2g} bb"


def _check_number(value: object, what: str, *, positive: bool = True) -> float:
    try:
        x = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise ValueError(f"{what} {value!r} is not a number") from None
    if not math.isfinite(x):
        raise ValueError(f"{what} {value!r} is not a finite number")
    if positive and x <= 0:
        raise ValueError(f"{what} must be positive, not {value!r}")
    if not positive and x < 0:
        raise ValueError(f"{what} cannot be negative ({value!r})")
    return x


def _check(
    stack: float | None,
    stacks: Sequence[float] | None,
    blinds: Sequence[float],
    ante: float,
    payouts: Sequence[float] | None,
) -> tuple[tuple[float, ...], tuple[float, float], float, tuple[float, ...] | None]:
    """Validated stacks, blinds, ante and payouts; a one-sentence ValueError otherwise."""
    if (stack is None) == (stacks is None):
        raise ValueError(
            "give either the effective stack (stack=10) or every player's stack (stacks=[...])"
        )
    if len(blinds) != 2:
        raise ValueError(f"the blinds are two amounts, small and big, not {list(blinds)!r}")
    small = _check_number(blinds[0], "the small blind")
    big = _check_number(blinds[1], "the big blind")
    if small > big:
        raise ValueError(f"the small blind {small:g} is larger than the big blind {big:g}")
    a = _check_number(ante, "the ante", positive=False)
    s: tuple[float, ...]
    if stack is not None:
        s = (_check_number(stack, "the stack"),) * 2
    else:
        assert stacks is not None
        s = tuple(_check_number(x, f"the stack of seat {i}") for i, x in enumerate(stacks))
        if len(s) < 2:
            raise ValueError(f"push/fold needs at least two stacks, not {len(s)}")
    for i, x in enumerate(s):
        if x < big + a - 1e-12:
            raise ValueError(
                f"the stack of seat {i} ({x:g}) is below the big blind plus the ante ({big + a:g})"
            )
    pay = None
    if payouts is not None:
        pay = tuple(_check_number(x, "a payout", positive=False) for x in payouts)
        if not pay or sum(pay) <= 0:
            raise ValueError("the payouts must pay something: give at least one positive prize")
        if len(pay) > len(s):
            raise ValueError(
                f"{len(pay)} payouts for a field of {len(s)} players: at most one each"
            )
    return s, (small, big), a, pay


def _prize_share(stacks: tuple[float, float], payouts: tuple[float, ...]) -> float:
    """Seat 0's prize EV as a share of the pool, by ICM (a busted player takes the 2nd prize)."""
    from .icm import icm

    pool = float(sum(payouts))
    prizes = (*payouts, 0.0, 0.0)[:2]
    if stacks[0] <= 0:
        return prizes[1] / pool
    if stacks[1] <= 0:
        return prizes[0] / pool
    return float(icm(list(stacks), list(payouts)).ev[0]) / pool


def heads_up_payoffs(
    stacks: tuple[float, ...],
    blinds: tuple[float, float],
    ante: float,
    payouts: tuple[float, ...] | None,
) -> game.Payoffs:
    """The small blind's payoff of each outcome: chip EV in big blinds, or by ICM.

    Chip EV: folding loses the small blind and the ante, a fold by the big
    blind wins its blind and ante, and a showdown wins or loses the effective
    stack (the smaller one, blinds and antes included).  ICM: seat 0's prize
    EV, as a share of the pool, after each outcome.

    Examples
    --------
    >>> heads_up_payoffs((10.0, 10.0), (0.5, 1.0), 0.0, None)
    Payoffs(fold=-0.5, steal=1.0, win=10.0, lose=-10.0, tie=0.0)
    """
    small, big = blinds
    s0, s1 = stacks[0], stacks[1]
    e = min(s0, s1)
    if payouts is None:
        fold, steal = -(small + ante) / big, (big + ante) / big
        return game.Payoffs(fold=fold, steal=steal, win=e / big, lose=-e / big, tie=0.0)
    return game.Payoffs(
        fold=_prize_share((s0 - small - ante, s1 + small + ante), payouts),
        steal=_prize_share((s0 + big + ante, s1 - big - ante), payouts),
        win=_prize_share((s0 + e, s1 - e), payouts),
        lose=_prize_share((s0 - e, s1 + e), payouts),
        tie=_prize_share((s0, s1), payouts),
    )


def solve_heads_up(
    stacks: tuple[float, ...],
    blinds: tuple[float, float],
    ante: float,
    payouts: tuple[float, ...] | None,
    tolerance: float | None,
    start: tuple[np.ndarray, np.ndarray] | None = None,
) -> PushFoldResult:
    """The heads-up equilibrium of validated inputs (see :func:`pushfold`)."""
    m = game.matchups()
    started = time.perf_counter()
    payoffs = heads_up_payoffs(stacks, blinds, ante, payouts)
    a, d = payoffs.matrices(m)
    tol = _RELATIVE_TOLERANCE * payoffs.scale if tolerance is None else tolerance
    solution = game.solve(a, d, tol, start)
    push_gain, call_gain = game.conditional_gains(m, a, d, solution.push, solution.call)
    decisions = (
        Decision(0, "push", (), solution.push, push_gain),
        Decision(1, "call", (0,), solution.call, call_gain),
    )
    if payouts is None:
        chip: tuple[np.ndarray, ...] = (push_gain, call_gain)
        unit = "bb"
    else:
        ca, cd = heads_up_payoffs(stacks, blinds, ante, None).matrices(m)
        chip = game.conditional_gains(m, ca, cd, solution.push, solution.call)
        unit = "pool"
    how = "an exact polish of CFR+" if solution.polished else "CFR+"
    method = (
        f"heads-up equilibrium over the 169 hand classes by {how} "
        f"({solution.iterations} iterations), exact equities and card removal from the "
        f"shipped preflop counts, exploitability measured by best response"
    )
    return PushFoldResult(
        stacks=stacks,
        blinds=blinds,
        ante=ante,
        payouts=payouts,
        positions=HEADS_UP_POSITIONS,
        decisions=decisions,
        exploitability=np.array(solution.exploitability),
        unit=unit,
        method=method,
        iterations=solution.iterations,
        equity_error=0.0,
        chip_gains=chip,
        elapsed_s=time.perf_counter() - started,
    )


def pushfold(
    stack: float | None = None,
    *,
    stacks: Sequence[float] | None = None,
    blinds: Sequence[float] = (0.5, 1.0),
    ante: float = 0.0,
    payouts: Sequence[float] | None = None,
    tolerance: float | None = None,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> PushFoldResult:
    """The push/fold Nash equilibrium of a spot, with its measured exploitability.

    Parameters
    ----------
    stack : float, optional
        Heads-up: both players' effective stack, in the units of ``blinds``
        (big blinds with the default blinds 0.5/1), blinds and ante included.
    stacks : sequence of float, optional
        Every player's chips instead, seat 0 first: two stacks heads-up (seat 0
        the small blind; the effective stack is the smaller), three to nine
        at a table (the last two seats are the blinds).
    blinds : (small, big)
        The blinds, in chips (default 0.5/1: stacks in big blinds).
    ante : float
        The ante each player posts.
    payouts : sequence of float, optional
        Prizes, first place first: payoffs by ICM (unit ``"pool"``); chip EV in
        big blinds (unit ``"bb"``) when omitted.
    tolerance : float, optional
        The largest best-response gain per hand allowed for any seat, in the
        unit (default: a millionth of the stack in chip EV, or of the showdown's
        swing in prize share).
    seed, progress
        For the table solver (three or more stacks): its Monte-Carlo seed and
        a callback ``progress(done, total)``.

    Returns
    -------
    PushFoldResult
        Ranges, gains, exploitability and method.

    Examples
    --------
    >>> r = pushfold(10)
    >>> r.range(1, "call", (0,))
    '22+,A2+,K2s+,K5o+,Q7s+,Q9o+,J8s+,JTo,T9s,Q6s@40.28'
    >>> bool(r.exploitability.max() < 1e-3), r.unit
    (True, 'bb')
    """
    started = time.perf_counter()
    s, b, a, pay = _check(stack, stacks, blinds, ante, payouts)
    if tolerance is not None:
        tolerance = _check_number(tolerance, "the tolerance")
    if len(s) == 2:
        return solve_heads_up(s, b, a, pay, tolerance)
    from .pushfold_table import solve_table  # type: ignore[import-not-found,unused-ignore]

    sol = solve_table(s, b[0], b[1], a, pay, tolerance=tolerance, seed=seed, progress=progress)
    return PushFoldResult(
        stacks=tuple(sol.stacks),
        blinds=b,
        ante=a,
        payouts=pay,
        positions=tuple(sol.positions),
        decisions=tuple(sol.decisions),
        exploitability=np.asarray(sol.exploitability, dtype=np.float64),
        unit=sol.unit,
        method=sol.method,
        iterations=sol.iterations,
        equity_error=sol.equity_error,
        chip_gains=tuple(d.gain for d in sol.decisions) if sol.unit == "bb" else None,
        elapsed_s=time.perf_counter() - started,
    )
