"""A range's equity buckets, whole and by hand class: horizontal stacked bars."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import numpy as np

from .axes import new_axes

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

__all__ = ["plot_hits_buckets"]


def plot_hits_buckets(
    shares: Mapping[str, float],
    cross: pd.DataFrame | None = None,
    ax: Axes | None = None,
    title: str | None = None,
) -> Axes:
    """Draw a range's share in each equity bucket, then each hand class's, as stacked bars.

    ``shares`` maps each bucket's label to the range's share in it (the top
    bar, "whole range"); ``cross`` is a cross-table of classes by bucket
    (:func:`equity.analysis.buckets.hits_buckets`): a bar per class with a
    share above 0, as long as the class's share of the range, its pieces
    coloured by bucket from red (low equity) to green (high).  Sub-classes
    are marked with an arrow.
    """
    from matplotlib import colormaps

    labels = list(shares)
    rows: list[tuple[str, np.ndarray]] = [("whole range", np.array(list(shares.values())))]
    split = None
    if cross is not None:
        sub = set(cross.attrs.get("sub", ()))
        for (group, name), row in zip(cross.index, cross.to_numpy(), strict=True):
            if row.sum() <= 0:
                continue
            if group == "draw" and split is None:
                split = len(rows)
            rows.append(("\u21b3 " * (name in sub) + name, row))
    ax = new_axes(ax, (7.0, 1.2 + 0.32 * len(rows)))
    cmap = colormaps["RdYlGn"]
    y = np.arange(len(rows))
    left = np.zeros(len(rows))
    values = 100 * np.array([r[1] for r in rows])
    for j, label in enumerate(labels):
        color = cmap(0.1 + 0.8 * j / max(1, len(labels) - 1))
        ax.barh(y, values[:, j], left=left, color=color, label=label, edgecolor="white")
        left += values[:, j]
    for i, total in enumerate(left):
        ax.text(total + 0.8, y[i], f"{total:.1f}%", va="center", fontsize=7)
    if split is not None:
        ax.axhline(split - 0.5, color="0.5", linewidth=0.8)
    ax.set_yticks(y, [r[0] for r in rows], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 110)
    ax.set_xlabel("share of the range (%, combos weighted)")
    ax.set_title(title or "Equity buckets")
    ax.legend(
        title="equity",
        fontsize=7,
        title_fontsize=8,
        loc="upper left",
        bbox_to_anchor=(1.01, 1.0),
    )
    ax.grid(axis="x", alpha=0.3)
    return ax
