"""What each construct of the PPT range syntax means, read off a hand's counts.

Not a matcher: each range of the tests is paired with a predicate written from
the poker meaning of the range ("two pairs", "two aces and two suits of two"),
over the hand's rank counts ``rc[m, 13]`` (0 = deuce ... 12 = ace) and suit
counts ``sc[m, 4]`` (c, d, h, s), on every hand of a size (NumPy arrays, so
all 270,725 PLO4 hands take a fraction of a second).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable

import numpy as np

A, K, Q, J, T = 12, 11, 10, 9, 8
C, D, H, S = 0, 1, 2, 3


def all_hands(n: int) -> np.ndarray:
    """Every ``n`` of the 52 cards, ``uint8[C(52, n), n]``."""
    flat = itertools.chain.from_iterable(itertools.combinations(range(52), n))
    return np.fromiter(flat, dtype=np.uint8, count=math.comb(52, n) * n).reshape(-1, n)


def counts(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(rank counts ``[m, 13]``, suit counts ``[m, 4]``) of hands ``rows``."""
    rc = np.stack([(rows // 4 == r).sum(axis=1) for r in range(13)], axis=1)
    sc = np.stack([(rows % 4 == s).sum(axis=1) for s in range(4)], axis=1)
    return rc, sc


def has(rows: np.ndarray, rank: int, suit: int) -> np.ndarray:
    """Whether each hand holds the card."""
    return np.asarray((rows == 4 * rank + suit).any(axis=1))


def shape(sc: np.ndarray) -> np.ndarray:
    """Suit counts, largest first."""
    return -np.sort(-sc, axis=1)


def ds(sc: np.ndarray) -> np.ndarray:
    """Double-suited: two suits of exactly two, none of three or more."""
    return np.asarray(((sc == 2).sum(axis=1) == 2) & (sc.max(axis=1) <= 2))


def ss(sc: np.ndarray) -> np.ndarray:
    """Single-suited: one suit of exactly two, none of three or more."""
    return np.asarray(((sc == 2).sum(axis=1) == 1) & (sc.max(axis=1) <= 2))


def ranks_between(rc: np.ndarray, lo: int, hi: int) -> np.ndarray:
    """How many cards of ranks ``lo`` to ``hi`` each hand holds."""
    return np.asarray(rc[:, lo : hi + 1].sum(axis=1))


def pairs(rc: np.ndarray) -> np.ndarray:
    """Rank counts, largest first."""
    return -np.sort(-rc, axis=1)


Meaning = Callable[[np.ndarray, np.ndarray, np.ndarray], np.ndarray]

PLO4: list[tuple[str, str, Meaning]] = [
    ("AA", "at least two aces", lambda rc, sc, h: rc[:, A] >= 2),
    ("JJ!JJJ", "exactly two jacks", lambda rc, sc, h: rc[:, J] == 2),
    ("AA:xxyy", "two aces or more, suits 2-2", lambda rc, sc, h: (rc[:, A] >= 2) & ds(sc)),
    ("AxAyxy", "double-suited aces", lambda rc, sc, h: (rc[:, A] >= 2) & ds(sc)),
    ("RROO", "two pairs", lambda rc, sc, h: (pairs(rc)[:, :2] == 2).all(axis=1)),
    (
        "RRON",
        "one pair and two odd cards",
        lambda rc, sc, h: (pairs(rc)[:, :3] == [2, 1, 1]).all(axis=1),
    ),
    ("RRR", "trips or quads", lambda rc, sc, h: rc.max(axis=1) >= 3),
    (
        "AARR",
        "aces and another pair",
        lambda rc, sc, h: (rc[:, A] == 2) & ((rc == 2).sum(axis=1) == 2),
    ),
    (
        "RsRh",
        "a rank in spades and hearts",
        lambda rc, sc, h: np.any([has(h, r, S) & has(h, r, H) for r in range(13)], axis=0),
    ),
    ("sshh", "two spades and two hearts", lambda rc, sc, h: (sc[:, S] == 2) & (sc[:, H] == 2)),
    ("ssxx", "two spades and two of another suit", lambda rc, sc, h: (sc[:, S] == 2) & ds(sc)),
    ("wxy", "three suits or more", lambda rc, sc, h: (sc > 0).sum(axis=1) >= 3),
    ("xxx", "three of a suit or more", lambda rc, sc, h: sc.max(axis=1) >= 3),
    ("AKs", "an ace and the king of spades", lambda rc, sc, h: (rc[:, A] >= 1) & has(h, K, S)),
    (
        "As[KQ]s",
        "the ace of spades and the king or queen of spades",
        lambda rc, sc, h: has(h, A, S) & (has(h, K, S) | has(h, Q, S)),
    ),
    ("[A-T][A-T]", "two cards ten or better", lambda rc, sc, h: ranks_between(rc, T, A) >= 2),
    (
        "[2-5][2-5][2-5]",
        "three cards five or lower",
        lambda rc, sc, h: ranks_between(rc, 0, 3) >= 3,
    ),
    (
        "[AK,Q]J",
        "an ace, king or queen, and a jack",
        lambda rc, sc, h: (ranks_between(rc, Q, A) >= 1) & (rc[:, J] >= 1),
    ),
    (
        "[T+][9-]",
        "a ten or better and a nine or worse",
        lambda rc, sc, h: (ranks_between(rc, T, A) >= 1) & (ranks_between(rc, 0, 7) >= 1),
    ),
    (
        "[A,2-5][A,2-5]",
        "two wheel cards",
        lambda rc, sc, h: rc[:, [A, 0, 1, 2, 3]].sum(axis=1) >= 2,
    ),
    ("[sh][sh][sh]", "three spades or hearts", lambda rc, sc, h: sc[:, S] + sc[:, H] >= 3),
    (
        "[A-T]x[A-T]x",
        "two suited cards ten or better",
        lambda rc, sc, h: np.any(
            [(np.isin(h, [4 * r + s for r in range(T, 13)]).sum(axis=1) >= 2) for s in range(4)],
            axis=0,
        ),
    ),
    ("AA-TT", "a pair or better of tens to aces", lambda rc, sc, h: (rc[:, T:] >= 2).any(axis=1)),
    ("QQ+", "a pair or better of queens to aces", lambda rc, sc, h: (rc[:, Q:] >= 2).any(axis=1)),
    (
        "KQJT-9876",
        "a four-card run, king to nine high",
        lambda rc, sc, h: np.any(
            [(rc[:, t - 3 : t + 1] >= 1).all(axis=1) for t in range(7, 12)], axis=0
        ),
    ),
    (
        "$R$R$R$R:$np",
        "four different broadway ranks",
        lambda rc, sc, h: (rc[:, T:] == 1).sum(axis=1) == 4,
    ),
    (
        "$B$F",
        "a card ace to jack and another king to jack",
        lambda rc, sc, h: (ranks_between(rc, J, A) >= 2) & (ranks_between(rc, J, K) >= 1),
    ),
    (
        "$M$Z",
        "a ten to seven and a six to deuce",
        lambda rc, sc, h: (ranks_between(rc, 5, T) >= 1) & (ranks_between(rc, 0, 4) >= 1),
    ),
    (
        "$L$L$L!$N",
        "three low cards (ace to eight), none king to nine",
        lambda rc, sc, h: (
            (rc[:, [A, 0, 1, 2, 3, 4, 5, 6]].sum(axis=1) >= 3) & (ranks_between(rc, 7, K) == 0)
        ),
    ),
    ("$W$W", "two wheel cards", lambda rc, sc, h: rc[:, [A, 0, 1, 2, 3]].sum(axis=1) >= 2),
    ("$ds", "double-suited", lambda rc, sc, h: ds(sc)),
    ("$ss", "single-suited", lambda rc, sc, h: ss(sc)),
    ("$rb", "rainbow", lambda rc, sc, h: sc.max(axis=1) == 1),
    ("$np", "no pair", lambda rc, sc, h: rc.max(axis=1) == 1),
    ("!A", "no ace", lambda rc, sc, h: rc[:, A] == 0),
    ("*", "every hand", lambda rc, sc, h: np.ones(len(h), dtype=bool)),
    (
        "(AA,KK):$ds",
        "double-suited aces or kings",
        lambda rc, sc, h: ((rc[:, A] >= 2) | (rc[:, K] >= 2)) & ds(sc),
    ),
    (
        "AA$ds, KK",
        "double-suited aces, or kings",
        lambda rc, sc, h: ((rc[:, A] >= 2) & ds(sc)) | (rc[:, K] >= 2),
    ),
    (
        "AA:xxyy, JJ!JJJ, KK",
        "PPT's own example",
        lambda rc, sc, h: ((rc[:, A] >= 2) & ds(sc)) | (rc[:, J] == 2) | (rc[:, K] >= 2),
    ),
    (
        "AA!(AAA,$ds)",
        "exactly two aces, not double-suited",
        lambda rc, sc, h: (rc[:, A] == 2) & ~ds(sc),
    ),
    (
        "A:K!Q",
        "an ace and a king, no queen",
        lambda rc, sc, h: (rc[:, A] >= 1) & (rc[:, K] >= 1) & (rc[:, Q] == 0),
    ),
    (
        "random:$ss, 10 9 8 7",
        "single-suited, or T987",
        lambda rc, sc, h: ss(sc) | (rc[:, 5:9] >= 1).all(axis=1),
    ),
]
"""(range, meaning, predicate) for 4-card hands; ``h`` is the hands' cards."""


def suited_aces(rc: np.ndarray, sc: np.ndarray, h: np.ndarray) -> np.ndarray:
    """Aces of two suits, each with another card of its suit (PPT ``AxAyxy``)."""
    pairs_of_suits = itertools.combinations(range(4), 2)
    return np.any(
        [
            has(h, A, a) & has(h, A, b) & (sc[:, a] >= 2) & (sc[:, b] >= 2)
            for a, b in pairs_of_suits
        ],
        axis=0,
    )


PLO5: list[tuple[str, str, Meaning]] = [
    ("AxAyxy", "aces of two suits, each with another card of its suit", suited_aces),
    (
        "RROO",
        "two pairs or better (a fifth card of any rank)",
        lambda rc, sc, h: pairs(rc)[:, 1] >= 2,
    ),
    ("AA:$ds", "two aces, 2-2-1 suits", lambda rc, sc, h: (rc[:, A] >= 2) & ds(sc)),
    (
        "xxyy!$ds",
        "two suits of two or more, not 2-2-1",
        lambda rc, sc, h: (shape(sc)[:, 1] >= 2) & ~ds(sc),
    ),
    (
        "[A-T][A-T][A-T]:$np",
        "three cards ten or better, no pair",
        lambda rc, sc, h: (ranks_between(rc, T, A) >= 3) & (rc.max(axis=1) == 1),
    ),
]
"""(range, meaning, predicate) for 5-card hands."""
