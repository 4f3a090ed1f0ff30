"""Decisions: chips into prize money and, later, push/fold and call EV.

:func:`icm` (:class:`IcmResult`) turns chip stacks into prize EVs by the
Independent Chip Model (Malmuth-Harville), exactly, by quadrature for large
fields, or by Monte-Carlo; :mod:`equity.decisions.harville` holds the three
methods.  :func:`call_ev` (:class:`CallEv`) is the EV of calling an all-in from an
equity and the pot odds; :func:`playable` (:class:`PlayableResult`) lists every hand
whose exact equity against a range reaches what a call needs.
"""

from __future__ import annotations

from .call import CallEv, call_ev
from .icm import IcmResult, chip_chop, icm
from .playable_hands import PlayableResult, playable

__all__ = ["CallEv", "IcmResult", "PlayableResult", "call_ev", "chip_chop", "icm", "playable"]
