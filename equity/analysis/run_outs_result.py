"""The answer of :func:`equity.run_outs`: each player's pot share over ``K`` run-outs.

:class:`RunOuts` holds, for each player, the distribution of his share of
the whole pot when the board is run ``K`` times (each run-out deciding
``1/K`` of the pot), its mean (the equity, unchanged by ``K``), its variance,
the variance of one run-out (``K = 1``) and their ratio.  Exact runs also
carry every figure as a :class:`~fractions.Fraction` (:class:`ExactRunOuts`);
Monte-Carlo runs carry standard errors from the spread of batch means.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["ExactRunOuts", "RunOuts", "share_label"]


@dataclass(frozen=True)
class ExactRunOuts:
    """The exact figures of an enumerated :class:`RunOuts`, one entry per player."""

    distribution: tuple[dict[Fraction, Fraction], ...]
    """Share of the pot -> probability, by share."""
    equity: tuple[Fraction, ...]
    """Mean share of the pot."""
    variance: tuple[Fraction, ...]
    """Variance of the share of the pot over the ``K`` run-outs."""
    variance_once: tuple[Fraction, ...]
    """Variance of the share of the pot when the board is run once."""
    variance_ratio: tuple[Fraction | None, ...]
    """``variance / variance_once`` (None when the share is certain: no variance at all)."""


@dataclass(frozen=True)
class RunOuts:
    """Each player's share of the pot when the board is run ``runs`` times.

    Every array has one entry per player; ``shares[p]`` lists the values
    player ``p``'s share of the pot takes (ascending) and
    ``probabilities[p]`` their probabilities.  ``*_stderr`` are Monte-Carlo
    standard errors (None when exact).
    """

    game: str
    hands: tuple[str, ...]
    board: str
    dead: str
    runs: int
    """Run-outs ``K``, each deciding ``1/K`` of the pot."""
    cards_per_run: int
    """Board cards each run-out deals."""
    method: str
    """``"exact"`` (every sequence of run-outs enumerated) or ``"monte-carlo"``."""
    reason: str
    """Why that method: the work estimate against the limit."""
    samples: int
    """Exact: ordered sequences of run-outs counted; Monte-Carlo: deals."""
    shares: tuple[tuple[Fraction, ...], ...]
    probabilities: tuple[np.ndarray, ...]
    probability_stderr: tuple[np.ndarray, ...] | None
    equity: np.ndarray
    """Mean share of the pot: the equity, the same for any number of run-outs."""
    equity_stderr: np.ndarray | None
    variance: np.ndarray
    """Variance of the share of the pot over the ``runs`` run-outs."""
    variance_stderr: np.ndarray | None
    variance_once: np.ndarray
    """Variance of the share of the pot when run once."""
    variance_ratio: np.ndarray
    """``variance / variance_once``; NaN when the share is certain."""
    variance_ratio_stderr: np.ndarray | None
    exact: ExactRunOuts | None
    seed: int | None
    elapsed_s: float
    interrupted: bool = False
    """Monte-Carlo stopped by Ctrl-C: the figures of the deals done (``samples``)."""

    @property
    def n_players(self) -> int:
        """Players at the table."""
        return len(self.hands)

    def to_frame(self) -> pd.DataFrame:
        """The distributions, one row per player and share value.

        Columns: ``player``, ``hand``, ``share`` (of the whole pot, float),
        ``share_text`` (``"1/2"``, ``"all"``, ``"none"``), ``probability``
        and, for Monte-Carlo, ``stderr``.
        """
        import pandas as pd

        rows: list[dict[str, Any]] = []
        for p, hand in enumerate(self.hands):
            for i, share in enumerate(self.shares[p]):
                row = {
                    "player": p,
                    "hand": hand,
                    "share": float(share),
                    "share_text": share_label(share),
                    "probability": float(self.probabilities[p][i]),
                }
                if self.probability_stderr is not None:
                    row["stderr"] = float(self.probability_stderr[p][i])
                rows.append(row)
        return pd.DataFrame(rows)

    def summary_frame(self) -> pd.DataFrame:
        """One row per player: ``equity``, ``variance``, ``variance_once`` and
        ``variance_ratio``, with their ``*_stderr`` for Monte-Carlo."""
        import pandas as pd

        columns: dict[str, Any] = {"player": range(self.n_players), "hand": list(self.hands)}
        for name in ("equity", "variance", "variance_once", "variance_ratio"):
            columns[name] = getattr(self, name)
            error = getattr(self, f"{name}_stderr", None)
            if error is not None:
                columns[f"{name}_stderr"] = error
        return pd.DataFrame(columns)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (what ``equity query --runs K --json`` prints under ``runs``).

        Keys: ``runs``, ``cards_per_run``, ``method``, ``reason``, ``samples``, ``seed``
        and ``players``: per player ``hand``, ``equity``, ``variance``,
        ``variance_once``, ``variance_ratio`` (their ``*_stderr`` for Monte-Carlo,
        the exact fractions as ``"p/q"`` strings under ``exact``) and
        ``distribution``: ``[{"share", "share_fraction", "probability"
        (, "stderr" | "probability_fraction")}]``.
        """
        players = []
        for p, hand in enumerate(self.hands):
            entry: dict[str, Any] = {"player": p, "hand": hand}
            for name in ("equity", "variance", "variance_once", "variance_ratio"):
                value = float(getattr(self, name)[p])
                entry[name] = None if np.isnan(value) else value
                error = getattr(self, f"{name}_stderr", None)
                if error is not None:
                    entry[f"{name}_stderr"] = None if np.isnan(error[p]) else float(error[p])
            if self.exact is not None:
                ratio = self.exact.variance_ratio[p]
                entry["exact"] = {
                    "equity": str(self.exact.equity[p]),
                    "variance": str(self.exact.variance[p]),
                    "variance_once": str(self.exact.variance_once[p]),
                    "variance_ratio": None if ratio is None else str(ratio),
                }
            distribution = []
            for i, share in enumerate(self.shares[p]):
                row: dict[str, Any] = {
                    "share": float(share),
                    "share_fraction": str(share),
                    "probability": float(self.probabilities[p][i]),
                }
                if self.exact is not None:
                    row["probability_fraction"] = str(self.exact.distribution[p][share])
                if self.probability_stderr is not None:
                    row["stderr"] = float(self.probability_stderr[p][i])
                distribution.append(row)
            entry["distribution"] = distribution
            players.append(entry)
        return {
            "runs": self.runs,
            "cards_per_run": self.cards_per_run,
            "method": self.method,
            "reason": self.reason,
            "samples": self.samples,
            "seed": self.seed,
            "interrupted": self.interrupted,
            "players": players,
        }


def share_label(share: Fraction) -> str:
    """``"all"`` for the whole pot, ``"none"`` for nothing, else the fraction (``"3/4"``).

    >>> share_label(Fraction(1)), share_label(Fraction(0)), share_label(Fraction(3, 4))
    ('all', 'none', '3/4')
    """
    if share == 1:
        return "all"
    if share == 0:
        return "none"
    return str(share)
