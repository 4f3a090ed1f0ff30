"""Figures of estimates against exact values: frequencies, convergence, errors, z-scores.

* :func:`plot_frequencies`: simulated category frequencies with 95% error
  bars beside the exact probabilities (log scale: the categories span six
  decades).
* :func:`plot_convergence`: Monte-Carlo error against the number of trials,
  inside the ``1/sqrt(n)`` band of the standard error.
* :func:`plot_winrate_scatter`: simulated against exact win rates.
* :func:`plot_errors`: labelled errors with 95% intervals (a forest plot).
* :func:`plot_z_histogram`: z-scores against the standard normal density.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ..stats import Z95
from .axes import colors, new_axes, pyplot

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

    from ..analysis.frequencies import FrequencyTable

__all__ = [
    "plot_convergence",
    "plot_errors",
    "plot_frequencies",
    "plot_winrate_scatter",
    "plot_z_histogram",
]


def plot_frequencies(
    table: FrequencyTable | pd.DataFrame,
    ax: Axes | None = None,
    *,
    title: str | None = None,
    log: bool = True,
    relative: bool = False,
) -> Axes:
    """Draw simulated category frequencies with 95% intervals beside the exact odds.

    Parameters
    ----------
    table : FrequencyTable or DataFrame
        A :class:`equity.analysis.frequencies.FrequencyTable` or its ``to_frame()``
        (index ``category``; columns ``frequency``, ``exact_probability``,
        ``ci95_low``, ``ci95_high``).
    ax : Axes, optional
        Where to draw; a new figure when omitted.
    title : str, optional
        Defaults to the game and the number of hands when ``table`` is a
        FrequencyTable.
    log : bool
        Logarithmic probability axis (the default: categories span decades).
    relative : bool
        Plot the relative error ``frequency / exact - 1`` with its 95%
        interval instead (linear axis; exact is the zero line).  With many
        hands the intervals are too small to see on the probability scale.

    Returns
    -------
    Axes
    """
    pyplot()
    import pandas as pd

    if isinstance(table, pd.DataFrame):
        frame, game = table, None
        default_title = "Simulated vs exact category frequencies"
    else:
        frame, game = table.to_frame(), table.game
        default_title = f"{table.game}: simulated vs exact frequencies ({table.hands:,} hands)"
    if relative:
        return _plot_relative_frequencies(frame, ax, title, game)
    if title is None:
        title = default_title
    ax = new_axes(ax, (7.5, 4.5))
    x = np.arange(len(frame))
    freq = frame["frequency"].to_numpy(dtype=float)
    exact = frame["exact_probability"].to_numpy(dtype=float)
    low = frame["ci95_low"].to_numpy(dtype=float)
    high = frame["ci95_high"].to_numpy(dtype=float)
    yerr = np.vstack([np.maximum(freq - low, 0.0), np.maximum(high - freq, 0.0)])
    ax.scatter(x, exact, marker="_", s=900, linewidths=2.0, color="black", zorder=3, label="exact")
    shown = freq > 0 if log else np.ones_like(freq, dtype=bool)
    ax.errorbar(
        x[shown],
        freq[shown],
        yerr=yerr[:, shown],
        fmt="o",
        color="tab:red",
        ecolor="tab:red",
        capsize=4,
        markersize=4,
        zorder=4,
        label="simulated (95% interval)",
    )
    if log:
        ax.set_yscale("log")
    ax.set_xticks(x)
    ax.set_xticklabels([str(c) for c in frame.index], rotation=30, ha="right")
    ax.set_xlabel("category")
    ax.set_ylabel("probability per hand")
    ax.set_title(title)
    ax.legend(loc="best")
    ax.grid(True, axis="y", which="major", alpha=0.3)
    return ax


def _plot_relative_frequencies(
    frame: pd.DataFrame, ax: Axes | None, title: str | None, game: str | None
) -> Axes:
    ax = new_axes(ax, (7.5, 4.5))
    exact = frame["exact_probability"].to_numpy(dtype=float)
    keep = exact > 0
    x = np.arange(len(frame))[keep]
    rel = frame["frequency"].to_numpy(dtype=float)[keep] / exact[keep] - 1
    low = frame["ci95_low"].to_numpy(dtype=float)[keep] / exact[keep] - 1
    high = frame["ci95_high"].to_numpy(dtype=float)[keep] / exact[keep] - 1
    yerr = np.vstack([np.maximum(rel - low, 0.0), np.maximum(high - rel, 0.0)])
    ax.axhline(0.0, color="black", linewidth=1, label="exact")
    ax.errorbar(x, rel, yerr=yerr, fmt="o", color="tab:red", capsize=4, markersize=4,
                label="simulated (95% interval)")  # fmt: skip
    ax.set_xticks(np.arange(len(frame)))
    ax.set_xticklabels([str(c) for c in frame.index], rotation=30, ha="right")
    ax.set_xlabel("category")
    ax.set_ylabel("frequency / exact - 1")
    prefix = f"{game}: " if game else ""
    ax.set_title(title or f"{prefix}relative error of the simulated frequencies")
    ax.legend(loc="best")
    ax.grid(True, axis="y", alpha=0.3)
    return ax


def plot_convergence(
    frame: pd.DataFrame,
    ax: Axes | None = None,
    *,
    title: str = "Monte-Carlo error against the number of trials",
    ylabel: str = "|error|",
) -> Axes:
    """Draw ``|error|`` against trials inside the ``1/sqrt(n)`` standard-error band.

    Parameters
    ----------
    frame : DataFrame
        Columns ``trials``, ``error`` (estimate minus exact value) and
        ``stderr`` (its theoretical standard error, ``sigma / sqrt(trials)``);
        an optional ``series`` column draws one line per value.
    ax : Axes, optional
        Where to draw; a new figure when omitted.
    title, ylabel : str
        Title and y-axis label.

    Returns
    -------
    Axes
        Log-log axes: each series' ``|error|`` as points, the standard
        error as a dashed line and the 95% region (``|error| < 1.96 SE``)
        shaded.  Errors of exactly zero sit on the lower edge.

    """
    pyplot()
    ax = new_axes(ax, (6.5, 4.5))
    groups = list(frame.groupby("series", sort=False)) if "series" in frame else [(None, frame)]
    errors = np.abs(frame["error"].to_numpy(dtype=float))
    positive = np.concatenate([errors[errors > 0], frame["stderr"].to_numpy(dtype=float)])
    floor = float(positive[positive > 0].min()) / 10 if np.any(positive > 0) else 1e-12
    for color, (name, part) in zip(colors(len(groups)), groups, strict=True):
        part = part.sort_values("trials")
        n = part["trials"].to_numpy(dtype=float)
        se = part["stderr"].to_numpy(dtype=float)
        err = np.maximum(np.abs(part["error"].to_numpy(dtype=float)), floor)
        suffix = f" ({name!s})" if name is not None else ""
        ax.fill_between(n, floor, Z95 * se, color=color, alpha=0.12, linewidth=0)
        ax.plot(n, se, "--", color=color, linewidth=1, label=f"1 SE{suffix}")
        ax.plot(n, err, "o-", color=color, markersize=4, linewidth=1, label=f"|error|{suffix}")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_ylim(bottom=floor)
    ax.set_xlabel("trials n")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(
        loc="lower left",
        fontsize="small",
        title="shaded: 95% band (1.96 SE)",
        title_fontsize="small",
    )
    ax.grid(True, which="major", alpha=0.3)
    return ax


def plot_winrate_scatter(
    simulated: npt.ArrayLike,
    exact: npt.ArrayLike,
    ax: Axes | None = None,
    *,
    stderr: npt.ArrayLike | None = None,
    labels: Sequence[str] | None = None,
    residual: bool = False,
    title: str = "Simulated vs exact win rate",
    xlabel: str = "exact equity",
    ylabel: str | None = None,
) -> Axes:
    """Scatter simulated win rates against the exact ones, with 95% error bars.

    Parameters
    ----------
    simulated, exact : sequence of float
        One point per matchup or hand.
    ax : Axes, optional
        Where to draw; a new figure when omitted.
    stderr : sequence of float, optional
        Standard errors of ``simulated``; drawn as ``1.96 * stderr`` bars.
    labels : sequence of str, optional
        Text beside each point (use for a handful of points only).
    residual : bool
        Plot ``simulated - exact`` instead of ``simulated`` (the error is
        then visible even when it is far below the point size).
    title, xlabel : str
        Title and x-axis label.
    ylabel : str, optional
        Defaults to "simulated equity" or "simulated - exact".

    Returns
    -------
    Axes
    """
    pyplot()
    sim = np.asarray(simulated, dtype=float)
    ex = np.asarray(exact, dtype=float)
    if sim.shape != ex.shape:
        raise ValueError(f"simulated and exact differ in shape: {sim.shape} vs {ex.shape}")
    ax = new_axes(ax, (6.0, 5.5))
    y = sim - ex if residual else sim
    yerr = None if stderr is None else Z95 * np.asarray(stderr, dtype=float)
    ax.errorbar(
        ex,
        y,
        yerr=yerr,
        fmt="o",
        markersize=3,
        capsize=2,
        color="tab:blue",
        ecolor="tab:gray",
        elinewidth=0.8,
        label="simulated" + (" (95% interval)" if yerr is not None else ""),
    )
    if residual:
        ax.axhline(0.0, color="black", linewidth=1, label="exact")
    else:
        lo = float(min(ex.min(initial=0.0), y.min(initial=0.0)))
        hi = float(max(ex.max(initial=1.0), y.max(initial=1.0)))
        ax.plot([lo, hi], [lo, hi], color="black", linewidth=1, label="y = x")
        ax.set_aspect("equal", adjustable="datalim")
    if labels is not None:
        for xi, yi, text in zip(ex, y, labels, strict=True):
            ax.annotate(text, (xi, yi), textcoords="offset points", xytext=(4, 4), fontsize=7)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel or ("simulated - exact" if residual else "simulated equity"))
    ax.set_title(title)
    ax.legend(loc="best", fontsize="small")
    ax.grid(True, alpha=0.3)
    return ax


def plot_errors(
    labels: Sequence[str],
    error: npt.ArrayLike,
    stderr: npt.ArrayLike,
    ax: Axes | None = None,
    *,
    title: str = "Simulated minus exact, with 95% intervals",
    xlabel: str = "simulated - exact",
) -> Axes:
    """Draw one labelled row per estimate: its error and 95% interval (a forest plot).

    Parameters
    ----------
    labels : sequence of str
        One label per estimate (top to bottom).
    error : sequence of float
        ``simulated - exact``.
    stderr : sequence of float
        Standard errors; the bars span ``error +- 1.96 stderr``.
    ax : Axes, optional
        Where to draw; a new figure when omitted.
    title, xlabel : str
        Title and x-axis label.

    Returns
    -------
    Axes
        A bar crossing the zero line is an interval that holds the exact value.
    """
    pyplot()
    err = np.asarray(error, dtype=float)
    se = np.asarray(stderr, dtype=float)
    if not len(labels) == len(err) == len(se):
        raise ValueError(f"labels, error and stderr differ in length: "
                         f"{len(labels)}, {len(err)}, {len(se)}")  # fmt: skip
    ax = new_axes(ax, (6.5, 0.6 + 0.35 * max(len(err), 1)))
    y = np.arange(len(err))[::-1]
    ax.axvline(0.0, color="black", linewidth=1, label="exact")
    ax.errorbar(err, y, xerr=Z95 * se, fmt="o", color="tab:blue", ecolor="tab:gray",
                capsize=3, markersize=4, label="simulated (95% interval)")  # fmt: skip
    ax.set_yticks(y)
    ax.set_yticklabels([str(t) for t in labels])
    ax.set_xlabel(xlabel)
    ax.set_ylabel("estimate")
    ax.set_title(title)
    ax.legend(loc="best", fontsize="small")
    ax.grid(True, axis="x", alpha=0.3)
    return ax


def plot_z_histogram(
    z: npt.ArrayLike,
    ax: Axes | None = None,
    *,
    bins: int | None = None,
    title: str = "z-scores of the Monte-Carlo estimates",
) -> Axes:
    """Histogram of z-scores (as a density) over the standard normal density.

    Parameters
    ----------
    z : sequence of float
        ``(estimate - exact) / stderr`` values; non-finite ones are dropped.
    ax : Axes, optional
        Where to draw; a new figure when omitted.
    bins : int, optional
        Number of bins (default: about sqrt(n), 10 to 60).
    title : str
        Title.

    Returns
    -------
    Axes
    """
    pyplot()
    values = np.asarray(z, dtype=float)
    values = values[np.isfinite(values)]
    ax = new_axes(ax, (6.0, 4.0))
    if bins is None:
        bins = int(min(60, max(10, round(math.sqrt(max(len(values), 1))))))
    width = max(4.0, float(np.abs(values).max(initial=0.0)) + 0.25)
    ax.hist(
        values,
        bins=bins,
        range=(-width, width),
        density=True,
        color="tab:blue",
        alpha=0.6,
        label=f"z ({len(values):,} estimates)",
    )
    grid = np.linspace(-width, width, 401)
    ax.plot(
        grid,
        np.exp(-(grid**2) / 2) / math.sqrt(2 * math.pi),
        color="black",
        linewidth=1.5,
        label="standard normal",
    )
    ax.set_xlabel("z = (simulated - exact) / stderr")
    ax.set_ylabel("density")
    ax.set_title(title)
    ax.legend(loc="upper right", fontsize="small")
    return ax
