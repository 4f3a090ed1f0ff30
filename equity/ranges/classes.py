"""The 1,326 two-card combos and the 169 hand classes of the 13x13 grid.

A combo is an unordered pair of distinct card codes, numbered 0..1325 by
:func:`combo_index`; :data:`ALL_COMBOS` lists them.  A hand class
(``"AA"``, ``"AKs"``, ``"AKo"``) is a set of 6, 4 or 12 combos, and
:data:`CLASSES` lists the 169 classes in PokerStove grid order.  The rest of
:mod:`equity.ranges` works on these indices.
"""

from __future__ import annotations

import re
from typing import cast

import numpy as np

from ..cards import RANKS, parse_cards

__all__ = [
    "ALL_COMBOS",
    "CLASSES",
    "CLASS_INDEX",
    "CLASS_MEMBERS",
    "CLASS_RE",
    "CLASS_SIZES",
    "COMBO_CLASS",
    "N_COMBOS",
    "RANK_PATTERN",
    "class_combos",
    "class_ranks",
    "combo_index",
    "hand_class",
    "normalise_label",
]

N_COMBOS = 1326
"""Number of two-card combos, C(52, 2)."""


def combo_index(c1: int, c2: int) -> int:
    """Index 0..1325 of the combo of two distinct card codes (in any order).

    ``hi * (hi - 1) / 2 + lo`` with ``hi > lo``: the index into
    :data:`ALL_COMBOS` and into :attr:`Range.dense <equity.ranges.Range.dense>`.

    Examples
    --------
    >>> combo_index(51, 50), combo_index(0, 1)
    (1325, 0)
    """
    hi, lo = max(int(c1), int(c2)), min(int(c1), int(c2))
    if not (0 <= lo < hi < 52):
        raise ValueError(f"({c1!r}, {c2!r}) is not a pair of distinct card codes")
    return hi * (hi - 1) // 2 + lo


def _all_combos() -> np.ndarray:
    out = np.empty((N_COMBOS, 2), dtype=np.uint8)
    for hi in range(52):
        for lo in range(hi):
            out[hi * (hi - 1) // 2 + lo] = hi, lo
    out.flags.writeable = False
    return out


ALL_COMBOS = _all_combos()
"""``uint8[1326, 2]``: combo ``i`` as (higher card, lower card), see :func:`combo_index`."""


def _grid_label(row: int, col: int) -> str:
    """Class label of grid cell (row, col); rows and columns run A..2."""
    hi, lo = RANKS[12 - min(row, col)], RANKS[12 - max(row, col)]
    if row == col:
        return hi + lo
    return hi + lo + ("s" if row < col else "o")


CLASSES: tuple[str, ...] = tuple(_grid_label(r, c) for r in range(13) for c in range(13))
"""The 169 hand classes in 13x13 grid order (row-major, ranks A..2).

Row ``i`` and column ``j`` name ranks ``A, K, ..., 2``; the diagonal holds
pairs, cells above it (``i < j``) suited classes and cells below offsuit
classes, as in PokerStove: ``CLASSES[1] == "AKs"``, ``CLASSES[13] == "AKo"``.
"""

CLASS_INDEX = {label: k for k, label in enumerate(CLASSES)}


def _class_of(hi: int, lo: int) -> int:
    """Grid index of the class of cards ``hi > lo``."""
    r1, r2 = hi >> 2, lo >> 2
    if r1 == r2:
        return (12 - r1) * 14
    if (hi & 3) == (lo & 3):
        return (12 - r1) * 13 + (12 - r2)
    return (12 - r2) * 13 + (12 - r1)


COMBO_CLASS = np.array([_class_of(int(h), int(lo)) for h, lo in ALL_COMBOS], dtype=np.int64)
"""``int64[1326]``: grid index of the class of each combo."""

CLASS_MEMBERS: tuple[np.ndarray, ...] = tuple(
    np.flatnonzero(k == COMBO_CLASS)[::-1] for k in range(169)
)
"""Combo indices of each class (grid order), in decreasing order."""

CLASS_SIZES = np.array([m.size for m in CLASS_MEMBERS], dtype=np.int64)
"""``int64[169]``: 6, 4 or 12 combos per class."""

RANK_PATTERN = "[2-9TJQKA]"
CLASS_RE = re.compile(rf"({RANK_PATTERN})({RANK_PATTERN})([SO]?)", re.IGNORECASE)


def class_ranks(a: str, b: str) -> tuple[int, int]:
    """Return the two ranks of a class, higher first."""
    r1, r2 = RANKS.index(a.upper()), RANKS.index(b.upper())
    return max(r1, r2), min(r1, r2)


def normalise_label(label: str) -> str | None:
    """Canonical label (``"kas"`` -> ``"AKs"``, ``"ak"`` -> ``"AK"``), or None."""
    m = CLASS_RE.fullmatch(label.strip())
    if m is None:
        return None
    r1, r2 = class_ranks(m[1], m[2])
    suffix = m[3].lower()
    if r1 == r2 and suffix:
        return None
    return RANKS[r1] + RANKS[r2] + suffix


def hand_class(c1: int | str, c2: int | str) -> str:
    """Class label (``"AKs"``, ``"QQ"``, ``"72o"``) of two cards.

    Cards are codes or strings such as ``"As"``.

    Examples
    --------
    >>> hand_class("As", "Ks"), hand_class("7h", "2c"), hand_class(47, 46)
    ('AKs', '72o', 'KK')
    """
    a, b = parse_cards(cast("list[str]", [c1, c2]))  # codes and strings may mix
    return CLASSES[_class_of(max(a, b), min(a, b))]


def class_combos(label: str) -> np.ndarray:
    """Return the combos of one hand class, ``uint8[k, 2]``, higher card first.

    Examples
    --------
    >>> class_combos("AKs")
    array([[51, 47],
           [50, 46],
           [49, 45],
           [48, 44]], dtype=uint8)
    >>> len(class_combos("QQ")), len(class_combos("72o"))
    (6, 12)
    """
    norm = normalise_label(label)
    if norm is None or norm not in CLASS_INDEX:
        raise ValueError(f"{label!r} is not a hand class such as 'AKs', 'AKo' or 'QQ'")
    out: np.ndarray = ALL_COMBOS[CLASS_MEMBERS[CLASS_INDEX[norm]]].copy()
    return out
