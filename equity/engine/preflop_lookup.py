"""Exact heads-up preflop answers without a kernel: the shipped counts of every suit pattern.

Two known hold'em hands with no board and no dead card are the spot users
ask first and most.  Its exact answer depends only on the hands' *suit
pattern* (the two hands up to a permutation of the four suits): there are
47,086 patterns over the 14,365 class matchups, and
``equity/data/preflop_patterns.npz`` holds the exact counts of each, every
one a full enumeration of the C(48, 5) = 1,712,304 boards by the engine's
exact kernel (written by ``tools/build_preflop_table.py``; the tests prove
the file equal to fresh enumerations and, summed by class, to the shipped
169x169 table and Irving and d'Eon's published one).  :func:`lookup` answers
from it in microseconds, with nothing to compile.
"""

from __future__ import annotations

import bisect
import functools
import itertools
from importlib import resources

import numpy as np

__all__ = ["BOARDS", "PATTERNS_FILE", "lookup", "pattern_key"]

BOARDS = 1_712_304
"""Boards of a heads-up preflop enumeration, C(48, 5)."""
PATTERNS_FILE = "preflop_patterns.npz"
"""The shipped counts, in ``equity/data/``."""

_SUIT_MAPS = tuple(
    tuple((card & ~3) | perm[card & 3] for card in range(52))
    for perm in itertools.permutations(range(4))
)
"""For each of the 24 suit permutations, the image of every card code."""


def pattern_key(a0: int, a1: int, b0: int, b1: int) -> int:
    """The canonical key of hands ``(a0, a1)`` and ``(b0, b1)`` (card codes), in that order.

    The smallest of ``((a_hi * 52 + a_lo) * 52 + b_hi) * 52 + b_lo`` over the
    24 suit permutations, each hand's cards high code first: equal for two
    pairs of hands exactly when a suit permutation maps one onto the other.

    Examples
    --------
    >>> from equity.cards import parse_cards
    >>> pattern_key(*parse_cards("AsKs QhQd")) == pattern_key(*parse_cards("AhKh QsQc"))
    True
    >>> pattern_key(*parse_cards("AsKs QhQd")) == pattern_key(*parse_cards("AsKs QsQd"))
    False
    """
    best = 52**4
    for m in _SUIT_MAPS:
        x, y, u, v = m[a0], m[a1], m[b0], m[b1]
        if x < y:
            x, y = y, x
        if u < v:
            u, v = v, u
        key = ((x * 52 + y) * 52 + u) * 52 + v
        if key < best:
            best = key
    return best


@functools.cache
def _table() -> tuple[list[int], np.ndarray]:
    """The shipped keys (ascending, as a list for :mod:`bisect`) and their counts."""
    source = resources.files("equity") / "data" / PATTERNS_FILE
    with resources.as_file(source) as path, np.load(path) as data:
        keys = data["keys"].astype(np.int64)
        counts = data["counts"].astype(np.int64)
    counts.flags.writeable = False
    return keys.tolist(), counts


def _find(key: int) -> int:
    keys, _ = _table()
    i = bisect.bisect_left(keys, key)
    return i if i < len(keys) and keys[i] == key else -1


def lookup(alice: tuple[int, int], bob: tuple[int, int]) -> tuple[int, int, int] | None:
    """Exact ``(alice_wins, bob_wins, ties)`` over all boards, or None if not shipped.

    ``alice`` and ``bob`` are two known hands (card codes, four distinct
    cards); the counts are over the :data:`BOARDS` boards.  The file lists
    each pattern once, with the hand of the lower class (in
    :data:`equity.ranges.CLASSES` order) first, so a miss is looked up with
    the hands swapped.  None when the data file is missing.

    Examples
    --------
    >>> from equity.cards import parse_cards
    >>> lookup(tuple(parse_cards("AsAh")), tuple(parse_cards("KsKh")))
    (1410336, 292660, 9308)
    """
    try:
        _table()
    except (FileNotFoundError, OSError):
        return None
    _, counts = _table()
    i = _find(pattern_key(alice[0], alice[1], bob[0], bob[1]))
    if i >= 0:
        a, b, t = counts[i].tolist()
        return a, b, t
    i = _find(pattern_key(bob[0], bob[1], alice[0], alice[1]))
    if i >= 0:
        b, a, t = counts[i].tolist()
        return a, b, t
    return None
