"""The EV of calling an all-in: chips won or lost on average, against folding.

A player facing an all-in bet either folds (EV 0: nothing more goes in) or
calls for ``call`` chips into a pot of ``pot`` chips, where ``pot`` is every
chip already in the middle before the call, the bet being called included.
Nobody acts after the call, so the cards are dealt out and the caller wins
his *equity* (share of the final pot, ties split) of ``pot + call``::

    EV(call) = equity * (pot + call) - call        EV(fold) = 0

Calling pays when the equity is above the break-even equity
``call / (pot + call)`` (the pot odds as a share of the final pot).

**Multiway.**  The same formula holds with several opponents all in before
the hero: ``pot`` then counts every chip already in, the other callers'
chips too, and the equity is the hero's share of the whole final pot against
all of them (what :func:`equity.calculate` gives for player 0 of the hands).
Side pots are not modelled: every player is assumed to cover the bet.

An exact equity gives an exact EV; a Monte-Carlo equity gives an estimate
whose standard error is the equity's times ``pot + call`` (the EV is linear
in the equity), and its 95% interval.
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass
from typing import Any

from ..results import Z95

__all__ = ["CallEv", "break_even", "call_ev"]


def _amount(value: object, what: str) -> float:
    """A chip amount: a finite number at least 0, else a one-sentence ``ValueError``."""
    if isinstance(value, bool):
        raise ValueError(f"the {what} {value!r} is not a number of chips")
    try:
        amount = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise ValueError(f"the {what} {value!r} is not a number of chips") from None
    if not math.isfinite(amount):
        raise ValueError(f"the {what} {value!r} is not a finite number of chips")
    if amount < 0:
        raise ValueError(f"the {what} {value!r} is negative: chips in a pot are 0 or more")
    return amount


def break_even(pot: float, call: float) -> float:
    """The equity at which calling ``call`` into ``pot`` breaks even: ``call / (pot + call)``.

    Parameters
    ----------
    pot : float
        Chips in the middle before the call, the bet being called included (at least 0).
    call : float
        What the call costs (at least 0; ``pot + call`` must be positive).

    Returns
    -------
    float
        The break-even equity, a share of the final pot in [0, 1].

    Examples
    --------
    >>> break_even(150, 50)  # a $50 bet into $100: call $50 to win a $200 pot
    0.25
    >>> break_even(0, 0)
    Traceback (most recent call last):
    ...
    ValueError: the pot and the call are both 0: there is nothing to call for
    """
    p, c = _amount(pot, "pot"), _amount(call, "call")
    if p + c <= 0:
        raise ValueError("the pot and the call are both 0: there is nothing to call for")
    return c / (p + c)


@dataclass(frozen=True)
class CallEv:
    """The EV of calling an all-in against folding, in chips.

    ``ev_call = equity * (pot + call) - call`` and ``ev_fold = 0``; ``exact``
    says whether the equity was enumerated.  For a Monte-Carlo equity,
    ``stderr`` is the standard error of ``ev_call`` (the equity's times
    ``pot + call``) and ``ci95`` its 95% interval; both are None when exact.

    Examples
    --------
    >>> CallEv.from_equity(0.25, pot=150, call=50)
    CallEv(exact: equity 25.0000% x (150 + 50) - 50 = EV(call) 0, break-even 25.0000%)
    """

    equity: float
    """The caller's share of the final pot (ties split)."""
    pot: float
    """Chips in the middle before the call, the bet being called (and other callers) included."""
    call: float
    """What the call costs."""
    ev_call: float
    """The average chips won by calling, net of the call."""
    break_even: float
    """The equity at which calling and folding are worth the same: ``call / (pot + call)``."""
    exact: bool
    """True when the equity was enumerated (the EV is then exact)."""
    stderr: float | None = None
    """Monte-Carlo: the standard error of ``ev_call``; None when exact."""
    player: int = 0
    """The caller's index among the result's hands."""
    ev_fold: float = 0.0
    """Folding puts nothing more in: 0."""

    @classmethod
    def from_equity(
        cls,
        equity: float,
        pot: float,
        call: float,
        *,
        stderr: float | None = None,
        player: int = 0,
    ) -> CallEv:
        """The EV of a call for a given equity (and, for an estimate, its standard error).

        Parameters
        ----------
        equity : float
            The caller's share of the final pot, in [0, 1].
        pot, call : float
            As for :func:`call_ev`.
        stderr : float, optional
            The equity's standard error, when it is a Monte-Carlo estimate.
        player : int
            The caller's index, recorded.

        Returns
        -------
        CallEv
        """
        even = break_even(pot, call)
        e = float(equity)
        if not 0.0 <= e <= 1.0:
            raise ValueError(f"the equity {equity!r} is not a share of the pot between 0 and 1")
        p, c = float(pot), float(call)
        se = None if stderr is None else float(stderr) * (p + c)
        if se is not None and not (math.isfinite(se) and se >= 0):
            raise ValueError(f"the standard error {stderr!r} is not a number at least 0")
        return cls(e, p, c, e * (p + c) - c, even, se is None, se, player)

    @property
    def ci95(self) -> tuple[float, float] | None:
        """The 95% interval of ``ev_call`` (``ev_call ± 1.96 stderr``); None when exact."""
        if self.stderr is None:
            return None
        return (self.ev_call - Z95 * self.stderr, self.ev_call + Z95 * self.stderr)

    @property
    def profitable(self) -> bool:
        """True when calling is worth more than folding (``ev_call > 0``)."""
        return self.ev_call > 0

    def to_dict(self) -> dict[str, Any]:
        """Plain data: the ``"call"`` object of ``equity query --pot --call --json``."""
        ci = self.ci95
        return {
            "player": self.player,
            "pot": self.pot,
            "call": self.call,
            "equity": self.equity,
            "ev_call": self.ev_call,
            "ev_fold": self.ev_fold,
            "break_even": self.break_even,
            "exact": self.exact,
            "stderr": self.stderr,
            "ci95": None if ci is None else [ci[0], ci[1]],
        }

    def text(self) -> str:
        """The lines ``equity query --pot --call`` prints."""
        if self.exact:
            ev = f"EV(call) = {self.ev_call:+,.6g} chips (exact)"
        else:
            lo, hi = self.ci95 or (0.0, 0.0)
            ev = (
                f"EV(call) = {self.ev_call:+,.6g} ± {self.stderr:,.4g} chips "
                f"(Monte-Carlo estimate; 95% interval {lo:+,.6g} to {hi:+,.6g})"
            )
        verdict = "call" if self.ev_call > 0 else "fold" if self.ev_call < 0 else "either"
        return "\n".join(
            [
                f"player {self.player} calls {self.call:,.6g} into a pot of {self.pot:,.6g}: "
                f"{ev}; EV(fold) = 0",
                f"break-even equity {self.call:,.6g} / ({self.pot:,.6g} + {self.call:,.6g}) = "
                f"{self.break_even:.4%}, equity {self.equity:.4%}: {verdict}",
            ]
        )

    def __repr__(self) -> str:
        """One line: the arithmetic and the break-even equity."""
        how = "exact" if self.exact else f"Monte-Carlo ± {self.stderr:.4g}"
        return (
            f"CallEv({how}: equity {self.equity:.4%} x ({self.pot:g} + {self.call:g}) - "
            f"{self.call:g} = EV(call) {self.ev_call:.6g}, break-even {self.break_even:.4%})"
        )


def call_ev(result_or_equity: Any, pot: float, call: float, player: int = 0) -> CallEv:
    """The EV of calling an all-in for ``call`` chips into ``pot``: ``equity (pot + call) - call``.

    Parameters
    ----------
    result_or_equity : EquityResult or float
        An :class:`equity.EquityResult` (the caller is ``player``; a
        Monte-Carlo result gives an EV with its standard error) or the
        caller's equity itself, a share of the pot in [0, 1] (taken as exact).
    pot : float
        Chips in the middle before the call: the bet being called and, multiway,
        every other player's chips already in.
    call : float
        What the call costs.
    player : int
        The caller, an index into the result's hands (default the first).

    Returns
    -------
    CallEv
        ``ev_call``, ``ev_fold`` (0), ``break_even``, ``equity``, ``exact``,
        ``stderr`` and ``ci95`` (Monte-Carlo).

    Examples
    --------
    >>> from equity import calculate
    >>> r = calculate(["9h8h", "AcAd"], board="2h5hKcQs")  # 9 hearts of 44 cards win
    >>> c = call_ev(r, pot=30, call=10)
    >>> round(c.equity * 44, 9), round(c.ev_call, 4), c.break_even
    (9.0, -1.8182, 0.25)
    >>> call_ev(0.6, pot=100, call=100).ev_call
    20.0
    >>> call_ev(0.6, pot=-1, call=100)
    Traceback (most recent call last):
    ...
    ValueError: the pot -1 is negative: chips in a pot are 0 or more
    """
    if isinstance(result_or_equity, numbers.Real) and not isinstance(result_or_equity, bool):
        if player != 0:
            raise ValueError(f"an equity given as a number has no player {player!r}")
        return CallEv.from_equity(float(result_or_equity), pot, call)
    equity = getattr(result_or_equity, "equity", None)
    hands = getattr(result_or_equity, "hands", None)
    if equity is None or hands is None:
        raise ValueError(
            f"{result_or_equity!r} is neither an EquityResult nor an equity between 0 and 1"
        )
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < len(hands):
        raise ValueError(f"player {player!r} is not one of the {len(hands)} players (0 to "
                         f"{len(hands) - 1})")  # fmt: skip
    stderr = result_or_equity.stderr
    se = None if stderr is None else float(stderr[player])
    return CallEv.from_equity(float(equity[player]), pot, call, stderr=se, player=player)
