"""Decisions: chips into prize money and, later, push/fold and call EV.

:func:`icm` (:class:`IcmResult`) turns chip stacks into prize EVs by the
Independent Chip Model (Malmuth-Harville), exactly, by quadrature for large
fields, or by Monte-Carlo; :mod:`equity.decisions.harville` holds the three
methods.  :func:`pushfold` (:class:`PushFoldResult`) solves the push-or-fold game:
heads-up exactly over the 169 hand classes (:mod:`equity.decisions.pushfold_game`,
the chart over many stacks in :mod:`equity.decisions.pushfold_chart`), at a table
by :mod:`equity.decisions.pushfold_table`.
"""

from __future__ import annotations

from .icm import IcmResult, chip_chop, icm
from .pushfold import PushFoldResult, pushfold

__all__ = ["IcmResult", "PushFoldResult", "chip_chop", "icm", "pushfold"]
