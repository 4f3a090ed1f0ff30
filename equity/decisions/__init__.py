"""Decisions: chips into prize money, push/fold equilibria, the EV of a call.

:func:`icm` (:class:`IcmResult`) turns chip stacks into prize EVs by the
Independent Chip Model (Malmuth-Harville), exactly, by quadrature for large
fields, or by Monte-Carlo; :mod:`equity.decisions.harville` holds the three
methods.  :func:`pushfold` (:class:`PushFoldResult`) solves the push-or-fold game:
heads-up exactly over the 169 hand classes (:mod:`equity.decisions.pushfold_game`,
the chart over many stacks in :mod:`equity.decisions.pushfold_chart`), at a table
by :mod:`equity.decisions.pushfold_table`.
:func:`call_ev` (:class:`CallEv`) is the EV of calling an all-in from an
equity and the pot odds; :func:`playable` (:class:`PlayableResult`) lists every hand
whose exact equity against a range reaches what a call needs.
"""

from __future__ import annotations

from .call import CallEv, call_ev
from .icm import IcmResult, chip_chop, icm
from .playable_hands import PlayableResult, playable
from .pushfold import PushFoldResult, pushfold

__all__ = [
    "CallEv",
    "IcmResult",
    "PlayableResult",
    "PushFoldResult",
    "call_ev",
    "chip_chop",
    "icm",
    "playable",
    "pushfold",
]
