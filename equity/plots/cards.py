"""A figure per card of the deck: a heat map of ranks (rows) by suits (columns)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import numpy as np

from .axes import new_axes

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["plot_card_heatmap"]

_RANKS = "AKQJT98765432"
_SUITS = "shdc"
_SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")


def plot_card_heatmap(
    values: Mapping[str, float],
    ax: Axes | None = None,
    *,
    title: str | None = None,
    label: str = "",
    notes: Mapping[str, str] | None = None,
) -> Axes:
    """Draw ``values`` (card -> number, ``{"As": 0.12, ...}``) on a rank-by-suit grid.

    Rows are the ranks, ace at the top; columns the suits (s, h, d, c).
    The colours diverge around 0 (red below, blue above, on a scale
    symmetric about 0); each cell shows ``notes[card]`` when given, else
    the value.  Cards without a value (on the board, dead, in a known hand)
    are grey and named.  ``label`` names the colour bar.
    """
    from matplotlib import colormaps

    ax = new_axes(ax, (5.0, 7.0))
    grid = np.full((len(_RANKS), len(_SUITS)), np.nan)
    for card, value in values.items():
        grid[_RANKS.index(card[0].upper()), _SUITS.index(card[1].lower())] = value
    finite = grid[np.isfinite(grid)]
    scale = float(np.abs(finite).max()) if finite.size else 1.0
    scale = scale or 1.0
    cmap = colormaps["RdBu"].with_extremes(bad="0.85")
    image = ax.imshow(np.ma.masked_invalid(grid), cmap=cmap, vmin=-scale, vmax=scale, aspect="auto")
    for i, rank in enumerate(_RANKS):
        for j, suit in enumerate(_SUITS):
            card = rank + suit
            if np.isnan(grid[i, j]):
                text, color = card, "0.45"
            else:
                shown = notes[card] if notes and card in notes else f"{grid[i, j]:+.3f}"
                text = f"{card}\n{shown}"
                color = "white" if abs(grid[i, j]) > 0.6 * scale else "black"
            ax.text(j, i, text, ha="center", va="center", fontsize=7, color=color)
    ax.set_xticks(range(len(_SUITS)), _SUIT_NAMES)
    ax.set_yticks(range(len(_RANKS)), list(_RANKS))
    ax.set_xlabel("suit")
    ax.set_ylabel("rank")
    ax.set_title(title or "by card")
    ax.figure.colorbar(image, ax=ax, label=label, shrink=0.8)
    return ax
