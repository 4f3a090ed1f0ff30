"""Interactive analysis in Jupyter: a range grid, an equity calculator and range hits.

``pip install 'equity[widgets]'`` (anywidget).  The widgets run in JupyterLab,
Notebook 7, VS Code and Colab; their JavaScript and CSS ship in this package.

* :class:`RangeGrid` — the 13x13 grid, painted with the mouse; ``text`` and
  ``range`` follow each other;
* :class:`Calculator` — equity, win and tie of each player as hands, ranges,
  board and dead cards change, computed in a background thread;
* :class:`HitsView` — the hits of a range on a board as bars; a class clicked
  shows its combos on a grid.

A layer above :mod:`equity.analysis`, like the command line.
"""

from __future__ import annotations

from .calculator import Calculator
from .hitsview import HitsView
from .rangegrid import RangeGrid

__all__ = ["Calculator", "HitsView", "RangeGrid"]
