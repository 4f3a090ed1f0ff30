"""A slow, obviously correct heads-up push/fold payoff and best response: plain Python.

Independent of the package's solver and of its shipped counts: the showdown
odds of each class matchup come from Irving and d'Eon's published exact table
(``tests/data/preflop_exact_169x169.txt``, via :func:`read_irving_deon`), and the
chance of each deal is counted combo by combo: every ordered pair of
non-conflicting two-card combos (small blind's, big blind's) is one equally
likely deal, 1,326 x 1,225 of them.

Payoffs are chip EV in big blinds (blinds 0.5/1), the stack ``S`` counting the
blinds and the ante ``A``: folding the small blind loses ``0.5 + A``, a fold
of the big blind to the push wins ``1 + A``, a showdown wins or loses ``S``.
Each player's EV is written from its own side: the big blind's from its own
win probability, not as minus the small blind's.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping, Sequence

from reference_equity import matchup_probabilities, read_irving_deon

RANKS = "23456789TJQKA"


def _class(c1: int, c2: int) -> str:
    """The class of two card codes (``4 * rank + suit``): ``AA``, ``AKs``, ``72o``."""
    r1, r2 = c1 // 4, c2 // 4
    hi, lo = max(r1, r2), min(r1, r2)
    if hi == lo:
        return RANKS[hi] * 2
    return RANKS[hi] + RANKS[lo] + ("s" if c1 % 4 == c2 % 4 else "o")


@functools.cache
def deal_counts() -> Mapping[tuple[str, str], int]:
    """``{(sb class, bb class): deals}``, counted over every pair of disjoint combos."""
    combos = [(a, b) for a in range(52) for b in range(a)]
    labels = [_class(a, b) for a, b in combos]
    counts: Counter[tuple[str, str]] = Counter()
    for (a1, b1), l1 in zip(combos, labels, strict=True):
        for (a2, b2), l2 in zip(combos, labels, strict=True):
            if a1 != a2 and a1 != b2 and b1 != a2 and b1 != b2:
                counts[l1, l2] += 1
    return counts


@functools.cache
def showdown() -> Mapping[tuple[str, str], tuple[float, float, float]]:
    """``{(a, b): (P(a wins), P(b wins), P(tie))}`` from the published table."""
    table = read_irving_deon()
    classes = sorted({label for pair in table for label in pair})
    out = {}
    for a in classes:
        for b in classes:
            out[a, b] = tuple(float(x) for x in matchup_probabilities(table, a, b))
    return out


def _deals() -> tuple[Mapping[tuple[str, str], int], int]:
    counts = deal_counts()
    return counts, sum(counts.values())


def sb_push_gains(call: Mapping[str, float], stack: float, ante: float = 0.0) -> dict[str, float]:
    """Per small-blind class, per hand dealt: EV(push) - EV(fold) against ``call``."""
    counts, total = _deals()
    odds = showdown()
    fold = -(0.5 + ante)
    gains: dict[str, float] = {}
    for (i, j), n in counts.items():
        win, lose, _tie = odds[i, j]
        called = stack * win - stack * lose
        push = (1 - call[j]) * (1 + ante) + call[j] * called
        gains[i] = gains.get(i, 0.0) + n / total * (push - fold)
    return gains


def bb_call_gains(push: Mapping[str, float], stack: float, ante: float = 0.0) -> dict[str, float]:
    """Per big-blind class, per hand dealt: EV(call) - EV(fold) against ``push``."""
    counts, total = _deals()
    odds = showdown()
    gains: dict[str, float] = {}
    for (i, j), n in counts.items():
        bb_wins, sb_wins, _tie = odds[j, i]
        called = stack * bb_wins - stack * sb_wins
        fold = -(1 + ante)
        gains[j] = gains.get(j, 0.0) + n / total * push[i] * (called - fold)
    return gains


def exploitability(
    push: Mapping[str, float], call: Mapping[str, float], stack: float, ante: float = 0.0
) -> tuple[float, float]:
    """What each player's best response gains over its strategy, per hand dealt (bb)."""
    g_sb = sb_push_gains(call, stack, ante)
    g_bb = bb_call_gains(push, stack, ante)
    sb = sum(max(g, 0.0) - push[c] * g for c, g in g_sb.items())
    bb = sum(max(g, 0.0) - call[c] * g for c, g in g_bb.items())
    return sb, bb


def evs(
    push: Mapping[str, float], call: Mapping[str, float], stack: float, ante: float = 0.0
) -> tuple[float, float]:
    """Each player's EV per hand dealt (change of its chips, bb), each from its own side."""
    counts, total = _deals()
    odds = showdown()
    sb_ev = bb_ev = 0.0
    for (i, j), n in counts.items():
        w = n / total
        sb_win, bb_win, _ = odds[i, j]
        bb_wins, sb_wins, _ = odds[j, i]
        p, q = push[i], call[j]
        sb_ev += w * (
            (1 - p) * -(0.5 + ante) + p * (1 - q) * (1 + ante) + p * q * stack * (sb_win - bb_win)
        )
        bb_ev += w * (
            (1 - p) * (0.5 + ante) + p * (1 - q) * -(1 + ante) + p * q * stack * (bb_wins - sb_wins)
        )
    return sb_ev, bb_ev


def as_mapping(classes: Sequence[str], values: Sequence[float]) -> dict[str, float]:
    """``{class: value}`` from parallel sequences."""
    return dict(zip(classes, (float(v) for v in values), strict=True))
