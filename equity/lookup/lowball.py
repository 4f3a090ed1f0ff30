"""Lookup tables of the low evaluators (:mod:`equity.kernels.lowball`).

Both tables map a 13-bit *rank mask* (one bit per rank a hand holds) to a hand value
on the scale of :mod:`equity.kernels.lowball` (``int32``, bigger is better,
``value >> LOW_SHIFT`` = category code, 1 = the weakest category):

* ``ace_five[mask]``, mask in ace-low order (bit 0 = ace, bit 1 = deuce .. bit 12 =
  king): the ace-to-five value of the lowest five ranks of the mask; for a mask of
  fewer than five ranks, its number of ranks (0..4), which no value reaches.  Razz
  reads ``ace_five[mask]``; the eight-or-better low reads ``ace_five[mask & 0xFF]``.
* ``deuce_seven[flush << 13 | mask]``, mask in the natural order (bit 0 = deuce ..
  bit 12 = ace): the deuce-to-seven value of five cards of five different ranks,
  suited (``flush = 1``) or not: straights count, A-2-3-4-5 is no straight (ace high);
  for a mask of fewer than five ranks, its number of ranks.

Both are built in about 50 ms (:func:`build_lowball_tables`), once per process,
and registered as the table set ``"lowball"`` (:func:`equity.games.register_tables`).
"""

from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np

from ..games import register_tables

__all__ = [
    "LOW_RAW_MASK",
    "LOW_SHIFT",
    "LowballTables",
    "build_lowball_tables",
    "lowball_tables",
]

LOW_SHIFT = 26
"""A low value is ``code << LOW_SHIFT | (LOW_RAW_MASK - raw)``: ``code`` the category
(1 = the weakest), ``raw`` what breaks ties inside it (smaller is better)."""
LOW_RAW_MASK = (1 << LOW_SHIFT) - 1
"""The largest tie-break field."""

_RAZZ_FIVE_CODE = 18
"""Razz code of five different ranks whose highest is ``h`` (ace-low index, 4 = five ..
12 = king): ``18 - h`` (5-low 14 .. K-low 6, above the pair's 5)."""
_DEUCE_SEVEN_HIGH_CODE = 21
"""2-7 code of five different ranks, no straight or flush, highest ``h`` (natural index,
5 = seven .. 12 = ace): ``21 - h`` (7-low 16 .. A-high 9)."""
_DEUCE_SEVEN_STRAIGHT = 5
_DEUCE_SEVEN_FLUSH = 4
_DEUCE_SEVEN_STRAIGHT_FLUSH = 1


class LowballTables(NamedTuple):
    """The arrays the low kernels take as their ``tables`` argument, in this order."""

    ace_five: np.ndarray
    """``int32[8192]``: ace-low rank mask -> value of its lowest five ranks (or its size)."""
    deuce_seven: np.ndarray
    """``int32[16384]``: ``flush << 13 | mask`` -> 2-7 value of five ranks (or the size)."""


def _value(code: int, raw: int) -> int:
    return code << LOW_SHIFT | (LOW_RAW_MASK - raw)


def build_lowball_tables() -> LowballTables:
    """Build both tables (about 50 ms).

    Examples
    --------
    >>> t = build_lowball_tables()
    >>> int(t.ace_five[0b11111]) >> LOW_SHIFT  # A-2-3-4-5: 5-low, code 14
    14
    >>> int(t.deuce_seven[0b0000000101111]) >> LOW_SHIFT  # 7-5-4-3-2: 7-low, code 16
    16
    """
    masks = np.arange(1 << 13, dtype=np.int64)
    sizes = np.zeros(1 << 13, dtype=np.int64)
    for bit in range(13):
        sizes += (masks >> bit) & 1
    ace_five = sizes.astype(np.int32)
    for mask in np.flatnonzero(sizes >= 5).tolist():
        low, kept = 0, 0
        for bit in range(13):
            if mask >> bit & 1 and kept < 5:
                low |= 1 << bit
                kept += 1
        ace_five[mask] = _value(_RAZZ_FIVE_CODE - (low.bit_length() - 1), low)
    deuce_seven = np.concatenate([sizes, sizes]).astype(np.int32)
    straights = {0b11111 << k for k in range(9)}  # 6-high .. ace-high; no wheel
    for mask in np.flatnonzero(sizes == 5).tolist():
        top = mask.bit_length() - 1
        straight = mask in straights
        plain = _DEUCE_SEVEN_STRAIGHT if straight else _DEUCE_SEVEN_HIGH_CODE - top
        suited = _DEUCE_SEVEN_STRAIGHT_FLUSH if straight else _DEUCE_SEVEN_FLUSH
        deuce_seven[mask] = _value(plain, mask)
        deuce_seven[1 << 13 | mask] = _value(suited, mask)
    return LowballTables(ace_five, deuce_seven)


@functools.cache
def lowball_tables() -> LowballTables:
    """The tables of :func:`build_lowball_tables`, built once per process (read-only)."""
    tables = build_lowball_tables()
    for array in tables:
        array.flags.writeable = False
    return tables


register_tables("lowball", lambda rules: lowball_tables())
