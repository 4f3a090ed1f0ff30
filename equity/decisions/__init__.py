"""Decisions: chips into prize money and, later, push/fold and call EV.

:func:`icm` (:class:`IcmResult`) turns chip stacks into prize EVs by the
Independent Chip Model (Malmuth-Harville), exactly, by quadrature for large
fields, or by Monte-Carlo; :mod:`equity.decisions.harville` holds the three
methods.
"""

from __future__ import annotations

from .icm import IcmResult, chip_chop, icm

__all__ = ["IcmResult", "chip_chop", "icm"]
