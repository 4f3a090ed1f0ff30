"""Zha Jin Hua studies behind the reports: each category's win rate, exact and Monte-Carlo.

:func:`zjh_heads_up_exact` counts every heads-up deal (with
:func:`equity.evaluators.zjh.zjh_heads_up_counts`); :func:`zjh_category_winrates`
plays stratified hero hands of each category against one to five random
opponents.  ``progress`` is called as ``progress(done, total)``, counted in
(category, number of opponents) rows.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from fractions import Fraction

import numpy as np
import pandas as pd

from ..analysis.frequencies import SPECIAL_235
from ..control import Progress
from ..engine import calculate
from ..evaluators.zjh import (
    ZJH_CATEGORIES,
    ZJHRules,
    category_of_strength,
    evaluate_zjh_batch,
    special_235_batch,
    zjh_heads_up_counts,
)
from .page import SHORT_RUN_THREADS, subseed

__all__ = ["ZJH_ROWS", "ZJH_VARIANTS", "zjh_category_winrates", "zjh_heads_up_exact"]

ZJH_VARIANTS: tuple[tuple[str, ZJHRules], ...] = (
    ("standard", ZJHRules()),
    ("2-3-5 rule", ZJHRules(special_235=True)),
    ("suit tie-break", ZJHRules(suit_tiebreak=True)),
    ("2-3-5 rule + suit tie-break", ZJHRules(special_235=True, suit_tiebreak=True)),
)
"""Zha Jin Hua rule sets compared in the ``zjh`` report (flush beats straight)."""

ZJH_ROWS = (*ZJH_CATEGORIES, SPECIAL_235)


def _zjh_hands() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """All 22,100 hands, their uint64 masks, default-rule strengths and row names."""
    hands = np.array(list(itertools.combinations(range(52), 3)), dtype=np.uint8)
    masks = np.zeros(len(hands), dtype=np.uint64)
    for j in range(3):
        masks |= np.uint64(1) << hands[:, j].astype(np.uint64)
    strength = evaluate_zjh_batch(hands)
    names = np.array(ZJH_CATEGORIES, dtype=object)[category_of_strength(strength)]
    return hands, masks, strength, names


def _row_members(names: np.ndarray, special: np.ndarray, row: str) -> np.ndarray:
    """Indices of the hands of one report row (2-3-5 is a subset of high card)."""
    if row == SPECIAL_235:
        return np.flatnonzero(special)
    return np.flatnonzero(names == row)


def zjh_heads_up_exact(rules: ZJHRules | None = None) -> pd.DataFrame:
    """Exact win rate of each Zha Jin Hua category against one random hand.

    Every hero hand is played against each of the C(49, 3) = 18,424 hands
    that share no card with it (all 22,100 x 18,424 deals, counted in
    numpy); a category's rate is the average over its hands.  With
    ``rules.special_235`` an off-suit 2-3-5 beats a bomb and loses to
    everything else.

    Parameters
    ----------
    rules : ZJHRules, optional
        The rules (2-3-5, suit tie-break, order); default ``ZJHRules()``.

    Returns
    -------
    DataFrame
        Indexed by category (and ``"special 2-3-5"``): ``hands`` in it,
        ``win``, ``tie`` and ``equity`` (share of the pot, ties split) as
        floats, and ``equity_fraction``, the exact rational as text.

    Examples
    --------
    >>> df = zjh_heads_up_exact()
    >>> int(df.loc["bomb", "hands"]), round(float(df.loc["bomb", "equity"]), 6)
    (52, 0.998697)
    """
    rules = ZJHRules() if rules is None else rules
    hands, masks, _, names = _zjh_hands()
    win, tie = zjh_heads_up_counts(hands, evaluate_zjh_batch(hands, rules))
    special = special_235_batch(hands)
    if rules.special_235:
        bombs = np.flatnonzero(names == "bomb")
        specials = np.flatnonzero(special)
        meet = (masks[specials, None] & masks[None, bombs]) == 0  # disjoint (2-3-5, bomb)
        win[specials] += meet.sum(axis=1)  # a loss without the rule, a win with it
        win[bombs] -= meet.sum(axis=0)
    opponents = math.comb(49, 3)
    rows = []
    for row in ZJH_ROWS:
        members = _row_members(names, special, row)
        w, t = int(win[members].sum()), int(tie[members].sum())
        deals = len(members) * opponents
        eq = Fraction(2 * w + t, 2 * deals)
        rows.append(
            {
                "category": row,
                "hands": len(members),
                "win": w / deals,
                "tie": t / deals,
                "equity": float(eq),
                "equity_fraction": f"{eq.numerator}/{eq.denominator}",
            }
        )
    return pd.DataFrame(rows).set_index("category")


def _stratified_heroes(
    members: np.ndarray, strength: np.ndarray, n_heroes: int, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray, list[np.ndarray]]:
    """Pick hero hands of one category: stratified by strength, one per stratum.

    Returns the chosen hand indices, their weights (stratum share, summing
    to 1) and the groups of positions whose spread estimates the variance
    (pairs of neighbouring strata; empty for a census).
    """
    order = members[np.lexsort((members, strength[members]))]
    if len(order) <= n_heroes:
        return order, np.full(len(order), 1 / len(order)), []
    n_strata = max(2, n_heroes - n_heroes % 2)
    strata = np.array_split(order, n_strata)
    chosen = np.array([s[rng.integers(len(s))] for s in strata])
    weights = np.array([len(s) / len(order) for s in strata])
    groups = [np.arange(k, k + 2) for k in range(0, n_strata, 2)]
    return chosen, weights, groups


def _stratified_stderr(
    values: np.ndarray, weights: np.ndarray, groups: list[np.ndarray], mc_stderr: np.ndarray
) -> float:
    """Standard error of ``sum(weights * values)``.

    A census (no groups) has Monte-Carlo error only.  Otherwise neighbouring
    strata are collapsed in pairs (Cochran): a pair of total weight ``W``
    contributes ``W**2 * s**2 / 2`` with ``s**2`` the spread of its two
    values, which already holds their Monte-Carlo noise.
    """
    if not groups:
        return float(np.sqrt(np.sum(weights**2 * mc_stderr**2)))
    var = 0.0
    for g in groups:
        w = float(weights[g].sum())
        var += w**2 * float(np.var(values[g], ddof=1)) / len(g)
    return math.sqrt(var)


def zjh_category_winrates(
    rules: ZJHRules | None = None,
    opponents: Iterable[int] = (1, 2, 3, 4, 5),
    *,
    heroes: int = 40,
    trials: int = 5_000,
    seed: int = 2026,
    progress: Progress | None = None,
) -> pd.DataFrame:
    """Zha Jin Hua win rate of each category against ``k`` random opponents (Monte-Carlo).

    Method: the hands of a category are sorted by strength and cut into
    ``heroes`` strata of equal size; one hero hand is drawn from each
    (every hand when the category has no more than ``heroes``), and
    ``calculate([hero] + ["random"] * k, game="zjh", rules=rules,
    trials=trials)`` plays it against ``k`` opponents dealt from the rest of
    the deck.  The category's rate is the stratum-weighted mean: an unbiased
    estimate of the average over every hand of the category, that is, of
    the win rate of a hand dealt at random given its category.  The same
    hero hands serve every rule set and table size (paired comparisons).

    Parameters
    ----------
    rules : ZJHRules, optional
        House rules; default ``ZJHRules()``.
    opponents : iterable of int
        Numbers of random opponents (1 to 16).
    heroes : int
        Hero hands per category (strata; rounded down to an even number).
    trials : int
        Deals per hero hand and number of opponents.
    seed : int
        Seed of the hero draw and of every run.
    progress : callable, optional
        ``progress(done, total)`` after each category and number of
        opponents (counted in those rows).

    Returns
    -------
    DataFrame
        One row per (category, opponents): ``equity`` (pot share, ties
        split), ``win``, ``tie``, ``stderr`` of the equity, ``heroes`` used,
        ``hands`` in the category and ``trials`` per hero.  Rows follow
        :data:`equity.evaluators.zjh.ZJH_CATEGORIES` plus ``"special 2-3-5"`` (the
        off-suit 2-3-5 hands, also counted in high card).

    Examples
    --------
    >>> df = zjh_category_winrates(opponents=[1], heroes=2, trials=500, seed=1)
    >>> list(df["category"])[:2], int(df["heroes"].iloc[0])
    (['bomb', 'straight flush'], 2)
    """
    from ..cards import format_cards

    rules = ZJHRules() if rules is None else rules
    counts = tuple(opponents)
    hands, _, strength, names = _zjh_hands()
    special = special_235_batch(hands)
    rows = []
    for row in ZJH_ROWS:
        members = _row_members(names, special, row)
        rng = np.random.default_rng(subseed(seed, "zjh-heroes", row))
        chosen, weights, groups = _stratified_heroes(members, strength, heroes, rng)
        texts = [format_cards(h) for h in hands[chosen].tolist()]
        for k in counts:
            eq, win, tie, se = (np.zeros(len(chosen)) for _ in range(4))
            for i, text in enumerate(texts):
                r = calculate(
                    [text] + ["random"] * k,
                    game="zjh",
                    rules=rules,
                    method="monte-carlo",
                    trials=trials,
                    seed=subseed(seed, "zjh", row, text, k),
                    threads=SHORT_RUN_THREADS,
                )
                assert r.stderr is not None
                eq[i], win[i], tie[i], se[i] = r.equity[0], r.win[0], r.tie[0], r.stderr[0]
            rows.append(
                {
                    "category": row,
                    "opponents": k,
                    "equity": float(weights @ eq),
                    "win": float(weights @ win),
                    "tie": float(weights @ tie),
                    "stderr": _stratified_stderr(eq, weights, groups, se),
                    "heroes": len(chosen),
                    "hands": len(members),
                    "trials": trials,
                }
            )
            if progress is not None:
                progress(len(rows), len(ZJH_ROWS) * len(counts))
    return pd.DataFrame(rows)
