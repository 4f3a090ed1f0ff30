"""The heads-up push/fold chart: the largest stack at which each class is pushed and called.

:func:`pushfold_chart` solves the heads-up game (:mod:`equity.decisions.pushfold_game`)
at every stack of a grid (1 to 20 big blinds by 0.1 by default: 191
equilibria), each started from the previous one, and keeps every class's push
and call frequency.  A class counts as pushed (called) at a stack where it is
pushed (called) at least half the time (:data:`PLAYED_AT`).  Its chart value
is the largest stack of the grid where it is; the value is *not monotone* when
at some smaller stack of the grid it is not (a gap, as 63s has in the
published charts).  That is the layout of the published Nash push/fold charts
(HoldemResources Calculator's: ``20+`` for a class played at every stack).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ..ranges.classes import CLASSES
from . import pushfold_game as game
from .pushfold import heads_up_payoffs

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["MAX_CHART_STACKS", "PLAYED_AT", "PushFoldChart", "pushfold_chart"]

PLAYED_AT = 0.5
"""A class counts as pushed (called) at a stack where its frequency is at least this."""
MAX_CHART_STACKS = 10_000
"""The most stacks one chart solves."""
_ACTIONS = ("push", "call")


@dataclass(frozen=True)
class PushFoldChart:
    """Heads-up equilibria over a grid of effective stacks.

    Attributes
    ----------
    stacks : numpy.ndarray
        ``float64[n]``: the effective stacks solved, in big blinds (blinds 0.5/1).
    push, call : numpy.ndarray
        ``float64[n, 169]``: the small blind's push and the big blind's call
        frequency of each class (:data:`equity.ranges.CLASSES` order) at each stack.
    exploitability : numpy.ndarray
        ``float64[n, 2]``: each seat's best-response gain per hand, in big blinds.
    ante : float
        The ante, in big blinds.
    interrupted : bool
        True when Ctrl-C stopped the chart before its last stack.
    elapsed_s : float
        Seconds spent solving.
    """

    stacks: np.ndarray
    push: np.ndarray
    call: np.ndarray
    exploitability: np.ndarray
    ante: float
    interrupted: bool
    elapsed_s: float

    def _frequency(self, action: str) -> np.ndarray:
        if action not in _ACTIONS:
            raise ValueError(f"the chart's action is 'push' or 'call', not {action!r}")
        return self.push if action == "push" else self.call

    def largest(self, action: str = "push") -> np.ndarray:
        """``float64[169]``: the largest stack at which each class is played (NaN: never)."""
        played = self._frequency(action) >= PLAYED_AT
        out = np.full(len(CLASSES), np.nan)
        if len(self.stacks) == 0:
            return out
        top = len(self.stacks) - 1 - np.argmax(played[::-1], axis=0)
        ever = played.any(axis=0)
        out[ever] = self.stacks[top[ever]]
        return out

    def monotone(self, action: str = "push") -> np.ndarray:
        """``bool[169]``: whether each class is played at every stack up to its largest."""
        played = self._frequency(action) >= PLAYED_AT
        largest = self.largest(action)
        below = self.stacks[:, None] <= largest[None, :]
        return ~np.any(below & ~played, axis=0)

    def to_frame(self) -> pd.DataFrame:
        """One row per class: grid row and column, then per action the largest stack
        and whether it is monotone (what ``--chart`` writes as CSV)."""
        import pandas as pd

        frame = pd.DataFrame(
            {
                "class": CLASSES,
                "row": np.arange(len(CLASSES)) // 13,
                "col": np.arange(len(CLASSES)) % 13,
            }
        )
        for action in _ACTIONS:
            frame[f"{action}_largest_bb"] = self.largest(action)
            frame[f"{action}_monotone"] = self.monotone(action)
        return frame

    @property
    def decimals(self) -> int:
        """The decimals that write every stack of the chart exactly (1 for steps of 0.1)."""
        for decimals in range(1, 7):
            if np.all(np.round(self.stacks, decimals) == self.stacks):
                return decimals
        return 6

    def cell(self, action: str, k: int) -> str:
        """Chart text of class ``k``: ``7.7``, ``20+`` (played at every stack),
        ``5.1*`` (not monotone), ``-`` (never played)."""
        value = self.largest(action)[k]
        if math.isnan(value):
            return "-"
        if not self.monotone(action)[k]:
            return f"{value:.{self.decimals}f}*"
        complete = not self.interrupted and value == self.stacks[-1]
        return f"{value:g}+" if complete else f"{value:.{self.decimals}f}"

    def grid(self, action: str = "push") -> str:
        """The 13x13 chart as text: rows and columns A..2, suited above the diagonal."""
        ranks = "AKQJT98765432"
        cells = [[self.cell(action, 13 * r + c) for c in range(13)] for r in range(13)]
        width = max(5, *(len(x) for row in cells for x in row))
        lines = [" " + "".join(r.rjust(width + 1) for r in ranks)]
        for r in range(13):
            lines.append(ranks[r] + "".join(x.rjust(width + 1) for x in cells[r]))
        return "\n".join(lines)

    def figure(self) -> Any:
        """Both charts as 13x13 heat maps (matplotlib Figure), non-monotone cells hatched."""
        from ..plots import plot_grid
        from ..plots.axes import pyplot

        plt = pyplot()
        from matplotlib.patches import Rectangle

        figure, axes = plt.subplots(1, 2, figsize=(17.0, 7.5))
        names = {"push": "SB push", "call": "BB call"}
        for ax, action in zip(axes, _ACTIONS, strict=True):
            plot_grid(
                self.largest(action),
                ax,
                title=f"{names[action]}: largest stack (bb); hatched: not monotone",
                label="effective stack (bb)",
                fmt=f"{{:.{self.decimals}f}}",
                vmin=float(self.stacks[0]) if len(self.stacks) else None,
                vmax=float(self.stacks[-1]) if len(self.stacks) else None,
            )
            for k in np.flatnonzero(~self.monotone(action)):
                row, col = divmod(int(k), 13)
                box = Rectangle(
                    (col - 0.5, row - 0.5), 1, 1, fill=False, hatch="///", edgecolor="red"
                )
                ax.add_patch(box)
        return figure


def _stack_grid(start: float, stop: float, step: float, ante: float) -> np.ndarray:
    """The chart's stacks, checked: one sentence naming the bad bound otherwise."""
    for name, value in (("start", start), ("stop", stop), ("step", step)):
        if not math.isfinite(value) or value <= 0:
            raise ValueError(f"the chart's {name} must be a positive number, not {value!r}")
    if start < 1.0 + ante - 1e-12:
        raise ValueError(
            f"the chart's start {start:g} bb is below the big blind plus the ante ({1 + ante:g} bb)"
        )
    if stop < start:
        raise ValueError(f"the chart's stop {stop:g} is below its start {start:g}")
    count = math.floor((stop - start) / step + 1e-9) + 1
    if count > MAX_CHART_STACKS:
        raise ValueError(f"the chart would solve {count:,} stacks, more than {MAX_CHART_STACKS:,}")
    return np.round(start + step * np.arange(count), 10)


def pushfold_chart(
    start: float = 1.0,
    stop: float = 20.0,
    step: float = 0.1,
    *,
    ante: float = 0.0,
    tolerance: float | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> PushFoldChart:
    """Heads-up equilibria at every effective stack from ``start`` to ``stop`` by ``step``.

    Parameters
    ----------
    start, stop, step : float
        The stacks, in big blinds (blinds 0.5/1): 1 to 20 by 0.1 by default.
    ante : float
        Each player's ante, in big blinds.
    tolerance : float, optional
        The largest best-response gain per hand allowed at each stack, in big
        blinds (default: a millionth of the stack).
    progress : callable, optional
        Called as ``progress(done, total)`` after each stack.

    Returns
    -------
    PushFoldChart
        Every stack's push and call frequencies and exploitability; Ctrl-C
        returns the stacks solved so far, marked ``interrupted``.

    Examples
    --------
    >>> c = pushfold_chart(9.8, 10.0)
    >>> c.cell("push", CLASSES.index("T3s")), c.cell("call", CLASSES.index("Q2o"))
    ('-', '-')
    """
    if not math.isfinite(ante) or ante < 0:
        raise ValueError(f"the ante must be a number at least 0, not {ante!r}")
    if tolerance is not None and not (math.isfinite(tolerance) and tolerance > 0):
        raise ValueError(f"the tolerance must be a positive number, not {tolerance!r}")
    stacks = _stack_grid(float(start), float(stop), float(step), float(ante))
    started = time.perf_counter()
    m = game.matchups()
    push, call, gaps = [], [], []
    previous = None
    interrupted = False
    try:
        for k, s in enumerate(stacks):
            payoffs = heads_up_payoffs((float(s), float(s)), (0.5, 1.0), float(ante), None)
            a, d = payoffs.matrices(m)
            tol = 1e-6 * payoffs.scale if tolerance is None else tolerance
            solution = game.solve(a, d, tol, previous)
            previous = (solution.push, solution.call)
            push.append(solution.push)
            call.append(solution.call)
            gaps.append(solution.exploitability)
            if progress is not None:
                progress(k + 1, len(stacks))
    except KeyboardInterrupt:
        interrupted = True
    done = len(push)
    return PushFoldChart(
        stacks=stacks[:done],
        push=np.array(push).reshape(done, len(CLASSES)),
        call=np.array(call).reshape(done, len(CLASSES)),
        exploitability=np.array(gaps).reshape(done, 2),
        ante=float(ante),
        interrupted=interrupted,
        elapsed_s=time.perf_counter() - started,
    )
