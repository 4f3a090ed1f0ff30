"""Figures of starting hands: the 13x13 grid, the 169x169 matrix, win rates by category.

* :func:`plot_grid`: a 13x13 starting-hand heat map (pairs on the
  diagonal, suited above, offsuit below); :func:`plot_range`: a range's
  class weights on that grid (a range never draws itself: :mod:`equity.ranges`
  imports no figure).
* :func:`plot_matrix`: the 169x169 heads-up matrix.
* :func:`plot_zjh_winrates`: Zha Jin Hua win rate of each category against
  the number of opponents.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ..ranges.classes import CLASSES
from ..stats import Z95
from .axes import colors, new_axes, pyplot

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

    from ..ranges import Range


__all__ = ["plot_grid", "plot_matrix", "plot_range", "plot_zjh_winrates"]

_RANK_LABELS = tuple("AKQJT98765432")


def _grid_values(values: Mapping[str, float] | npt.ArrayLike) -> np.ndarray:
    """13x13 float array from a class mapping, 169 values in CLASSES order, or a grid."""
    if isinstance(values, Mapping):
        flat = np.array([float(values.get(c, math.nan)) for c in CLASSES])
        return flat.reshape(13, 13)
    arr = np.asarray(values, dtype=float)
    if arr.shape == (169,):
        return arr.reshape(13, 13)
    if arr.shape == (13, 13):
        return arr
    raise ValueError(f"expected 169 values or a 13x13 grid, got shape {arr.shape}")


def _luminance(rgba: tuple[float, float, float, float]) -> float:
    """Perceived brightness in [0, 1] of an RGBA colour (ITU-R BT.601 weights)."""
    r, g, b, _ = rgba
    return 0.299 * r + 0.587 * g + 0.114 * b


def plot_grid(
    values: Mapping[str, float] | npt.ArrayLike,
    ax: Axes | None = None,
    *,
    title: str = "Starting hands",
    label: str = "value",
    cmap: str = "viridis",
    fmt: str | None = "{:.2f}",
    vmin: float | None = None,
    vmax: float | None = None,
    annotate: bool = True,
) -> Axes:
    """Draw one value per starting-hand class as a 13x13 heat map.

    Parameters
    ----------
    values : mapping, sequence or array
        ``{class: value}`` (missing classes are blank), 169 values in
        :data:`equity.ranges.CLASSES` order, or a 13x13 grid.
    ax : Axes, optional
        Where to draw; a new figure when omitted.
    title, label : str
        Title and colour-bar label.
    cmap : str
        Colour map.
    fmt : str or None
        Format of the value printed under each class label; None prints
        the class labels alone.
    vmin, vmax : float, optional
        Colour limits (default: the data range).
    annotate : bool
        Print the class and value in every cell, in white on the darker
        half of the colour map and in black on the lighter half.

    Returns
    -------
    Axes
        Rows and columns run A..2; pairs on the diagonal, suited classes
        above it, offsuit below (PokerStove layout).
    """
    pyplot()
    grid = _grid_values(values)
    ax = new_axes(ax, (8.0, 7.0))
    masked = np.ma.masked_invalid(grid)
    image = ax.imshow(masked, cmap=cmap, vmin=vmin, vmax=vmax)
    ax.figure.colorbar(image, ax=ax, label=label, shrink=0.85)
    if annotate:
        lo, hi = image.get_clim()
        mid = (lo + hi) / 2
        dark_low = _luminance(image.cmap(0.0)) <= _luminance(image.cmap(1.0))
        for i in range(13):
            for j in range(13):
                v = grid[i, j]
                value_text = "" if fmt is None or math.isnan(v) else "\n" + fmt.format(v)
                text = CLASSES[13 * i + j] + value_text
                dark = not math.isnan(v) and (v < mid if dark_low else v > mid)
                ax.text(
                    j,
                    i,
                    text,
                    ha="center",
                    va="center",
                    fontsize=6,
                    color="white" if dark else "black",
                )
    ax.set_xticks(range(13))
    ax.set_xticklabels(_RANK_LABELS)
    ax.set_yticks(range(13))
    ax.set_yticklabels(_RANK_LABELS)
    ax.set_xlabel("second rank (suited above the diagonal)")
    ax.set_ylabel("first rank (offsuit below the diagonal)")
    ax.set_title(title)
    return ax


def plot_range(rng: Range, ax: Axes | None = None, *, cmap: str = "Greens") -> Axes:
    """Draw a range's 13x13 grid of class weights as a heat map with class labels.

    :func:`plot_grid` of :meth:`equity.ranges.Range.grid`, colour limits 0 and 1.

    Parameters
    ----------
    rng : Range
        The range (:func:`equity.parse_range`).
    ax : Axes, optional
        Where to draw; a new figure when omitted.
    cmap : str
        Colour map of the weights.

    Returns
    -------
    Axes
        Titled with the range text, its weight and its share of all combos.
    """
    return plot_grid(
        rng.grid(),
        ax,
        title=f"{rng.text}  ({rng.weight:g} combos, {100 * rng.fraction:.1f}%)",
        label="weight",
        cmap=cmap,
        fmt=None,
        vmin=0.0,
        vmax=1.0,
    )


def plot_matrix(
    matrix: np.ndarray | pd.DataFrame,
    ax: Axes | None = None,
    *,
    title: str = "Heads-up preflop equity",
    label: str = "equity of the row hand",
    cmap: str = "RdBu_r",
    vmin: float | None = 0.0,
    vmax: float | None = 1.0,
    tick_every: int = 13,
    order: Sequence[str] | None = None,
) -> Axes:
    """Draw the 169x169 heads-up matrix (row hand against column hand).

    ``matrix`` is ``float[169, 169]`` in :data:`equity.ranges.CLASSES` order
    (NaN cells, matchups not run, are blank); ``title``/``label`` name the
    plot and its colour bar; ``cmap``, ``vmin``, ``vmax`` set the colours
    (diverging around one half by default).  Every ``tick_every``-th class
    is labelled (13: one per grid row), coloured by kind: pairs black, suited
    blue, offsuit red.  ``order`` lists the 169 classes in the order to draw
    them (e.g. :func:`equity.ranges.preflop_ranking`, strongest first).
    """
    pyplot()
    arr = np.asarray(matrix, dtype=float)
    if arr.shape != (169, 169):
        raise ValueError(f"expected a 169x169 matrix, got shape {arr.shape}")
    names = list(CLASSES if order is None else order)
    if sorted(names) != sorted(CLASSES):
        raise ValueError("order must list each of the 169 classes once")
    perm = np.array([CLASSES.index(c) for c in names])
    arr = arr[np.ix_(perm, perm)]
    ax = new_axes(ax, (8.0, 7.0))
    image = ax.imshow(
        np.ma.masked_invalid(arr), cmap=cmap, vmin=vmin, vmax=vmax, interpolation="nearest"
    )
    ax.figure.colorbar(image, ax=ax, label=label, shrink=0.85)
    ticks = list(range(0, 169, tick_every))
    size = 7 if tick_every > 4 else (5.5 if tick_every > 1 else 3.6)
    ax.set_xticks(ticks, [names[t] for t in ticks], rotation=90, fontsize=size)
    ax.set_yticks(ticks, [names[t] for t in ticks], fontsize=size)
    colour = {"p": "black", "s": "tab:blue", "o": "tab:red"}
    for text in [*ax.get_xticklabels(), *ax.get_yticklabels()]:
        name = text.get_text()
        text.set_color(colour["p" if len(name) == 2 else name[2]])
    where = "grid order" if order is None else "strongest first"
    ax.set_xlabel(f"opponent hand ({where}; pairs black, suited blue, offsuit red)")
    ax.set_ylabel(f"hand ({where})")
    ax.set_title(title)
    return ax


def plot_zjh_winrates(
    frame: pd.DataFrame,
    ax: Axes | None = None,
    *,
    value: str = "equity",
    title: str = "Zha Jin Hua: win rate by category and number of opponents",
    log: bool = True,
) -> Axes:
    """Draw each category's win rate against the number of random opponents.

    Parameters
    ----------
    frame : DataFrame
        Columns ``category``, ``opponents`` and ``value`` (and optionally
        ``stderr`` for 95% error bars); one line per category, in order of
        first appearance.
    ax : Axes, optional
        Where to draw; a new figure when omitted.
    value : str
        Column to plot (``"equity"``: share of the pot, ties split).
    title : str
        Title.
    log : bool
        Logarithmic y axis (weak hands against five opponents win rarely).

    Returns
    -------
    Axes
    """
    pyplot()
    ax = new_axes(ax, (6.5, 4.5))
    groups = list(frame.groupby("category", sort=False))
    for color, (name, part) in zip(colors(len(groups)), groups, strict=True):
        part = part.sort_values("opponents")
        y = part[value].to_numpy(dtype=float)
        yerr = Z95 * part["stderr"].to_numpy(dtype=float) if "stderr" in part else None
        ax.errorbar(
            part["opponents"],
            y,
            yerr=yerr,
            fmt="o-",
            markersize=4,
            capsize=3,
            color=color,
            label=str(name),
        )
    if log:
        ax.set_yscale("log")
    ax.set_xticks(sorted(frame["opponents"].unique()))
    ax.set_xlabel("random opponents")
    ax.set_ylabel(f"{value} of the hand")
    ax.set_title(title)
    ax.legend(loc="best", fontsize="small")
    ax.grid(True, which="major", alpha=0.3)
    return ax
