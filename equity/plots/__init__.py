"""Figures of the reports and notebooks (matplotlib), one module per kind.

Every function draws on ``ax`` (a new figure when omitted) and returns the
:class:`~matplotlib.axes.Axes`, titled and with labelled axes.  matplotlib
is imported only when a function is called; without it the call raises an
:class:`ImportError` naming the ``plot`` extra.

* :mod:`equity.plots.estimates`: estimates against exact values:
  :func:`plot_frequencies`, :func:`plot_convergence`,
  :func:`plot_winrate_scatter`, :func:`plot_errors`, :func:`plot_z_histogram`.
* :mod:`equity.plots.hands`: starting hands: :func:`plot_grid` (13x13),
  :func:`plot_range` (a range on that grid),
  :func:`plot_matrix` (169x169), :func:`plot_zjh_winrates`.
* :mod:`equity.plots.flops`: :func:`plot_flops` (a range's equity on every flop, by
  texture).
* :mod:`equity.plots.buckets`: :func:`plot_hits_buckets` (a range's equity buckets, whole
  and by hand class).
* :mod:`equity.plots.cards`: :func:`plot_card_heatmap` (a figure per card of the deck,
  rank by suit: the equity after each next card).
* :mod:`equity.plots.axes`: what they share (matplotlib on demand, new axes,
  colours).

The public functions are re-exported here.
"""

from __future__ import annotations

from .buckets import plot_hits_buckets
from .cards import plot_card_heatmap
from .estimates import (
    plot_convergence,
    plot_errors,
    plot_frequencies,
    plot_winrate_scatter,
    plot_z_histogram,
)
from .flops import plot_flops
from .hands import plot_grid, plot_matrix, plot_range, plot_zjh_winrates

__all__ = [
    "plot_card_heatmap",
    "plot_convergence",
    "plot_errors",
    "plot_flops",
    "plot_frequencies",
    "plot_grid",
    "plot_hits_buckets",
    "plot_matrix",
    "plot_range",
    "plot_winrate_scatter",
    "plot_z_histogram",
    "plot_zjh_winrates",
]
