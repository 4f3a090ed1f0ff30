"""The equity of one range against another on every flop, grouped by a texture column."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .axes import colors, new_axes

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

__all__ = ["plot_flops"]


def plot_flops(frame: pd.DataFrame, by: str = "suits", ax: Axes | None = None) -> Axes:
    """Draw range A's equity on each flop of ``frame`` (:func:`equity.flops`), by group.

    The flops of each group of column ``by`` are drawn side by side, sorted
    by equity, each as wide as the flops it stands for; a dashed line marks
    each group's average (weighted by the deals it stands for).
    """
    ax = new_axes(ax, (10.0, 4.5))
    groups = list(dict.fromkeys(frame[by]))
    start = 0.0
    for group, color in zip(groups, colors(len(groups)), strict=True):
        part = frame[frame[by] == group].sort_values("equity_a")
        width = part["weight"].to_numpy(dtype=float)
        x = start + np.cumsum(width) - width / 2
        ax.bar(x, part["equity_a"], width=width, color=color, label=str(group), linewidth=0)
        mass = width * part["deals"].to_numpy()
        mean = float(mass @ part["equity_a"].to_numpy() / mass.sum())
        end = start + width.sum()
        ax.hlines(mean, start, end, colors="black", linestyles="--", linewidth=0.8)
        start = end
    a, b = frame.attrs.get("range_a", "A"), frame.attrs.get("range_b", "B")
    ax.set_xlim(0, start)
    ax.set_ylim(0.0, 1.0)
    ax.set_xlabel(f"flops (grouped by {by}, each as wide as the flops it stands for)")
    ax.set_ylabel(f"equity of {a}")
    ax.set_title(f"{a} against {b} on every flop")
    ax.legend(title=by, fontsize=8)
    return ax
