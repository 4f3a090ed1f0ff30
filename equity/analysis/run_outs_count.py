"""Exact counts of several run-outs: each player's pot share over ``K`` disjoint run-outs.

The input is every single run-out of a spot (every way to complete the board
once, :func:`equity.analysis.run_outs.run_outs`) with each player's share of
its pot in whole *units* (a pot is :func:`pot_units` units, so every split,
hi-lo halves included, is a whole number).  ``K`` run-outs are ``K`` of them
dealt one after the other from the same deck: an ordered sequence of
pairwise disjoint run-outs, every sequence equally likely.  A player's share
of the whole pot is the sum of his units over the ``K`` run-outs divided by
``K`` pots' units.

Two exact counts, both in integers:

* one card a run-out (a turn board): run-outs are disjoint when their cards
  differ, so a player's total depends only on how many of the chosen cards
  fall in each of his share groups: ``prod C(n_g, k_g)`` sets of ``K`` cards
  for each split ``k`` of ``K`` over the groups (:func:`single_card_counts`);
* more cards a run-out, ``K`` = 2 or 3 (a flop board): the run-outs are
  grouped by their share vector (a *class*); the ordered pairs of disjoint
  run-outs of classes ``(a, b)`` are ``O_a' D O_b`` with ``D`` the 0/1 matrix
  of disjoint run-outs, the triples ``sum (D * D diag(O_c) D)`` over a class
  pair (:func:`class_sequence_counts`).  The products are float64 sums of
  0/1 terms, exact while below 2**53 (checked).
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Mapping
from fractions import Fraction
from math import comb, lcm, perm

import numpy as np

__all__ = [
    "EXACT_FLOAT",
    "MAX_CLASS_RUNS",
    "as_fractions",
    "card_masks",
    "class_sequence_counts",
    "distribution_of_classes",
    "group_classes",
    "moments",
    "pot_units",
    "sequences",
    "single_card_counts",
    "split_units",
]

MAX_CLASS_RUNS = 3
"""Most run-outs of more than one card counted exactly (by class sequences)."""
EXACT_FLOAT = 2**53
"""Float64 counts are whole numbers below this."""


def pot_units(n_players: int, hilo: bool) -> int:
    """Units of one pot: every share of it (1/k of it, hi-lo 1/k of a half) is whole.

    >>> pot_units(3, False), pot_units(3, True)
    (6, 12)
    """
    return lcm(*range(1, n_players + 1)) * (2 if hilo else 1)


def split_units(winners: np.ndarray, low_winners: np.ndarray | None, units: int) -> np.ndarray:
    """``int64[n, n_players]``: each player's units of each deal's pot.

    ``winners`` (bool[n, n_players]) share the pot, or its high half when
    ``low_winners`` (hi-lo) is not None and some player has a qualifying low;
    the low half goes to ``low_winners``.
    """
    win = winners.astype(np.int64)
    if low_winners is None:
        return win * (units // win.sum(axis=1, keepdims=True))
    low = low_winners.astype(np.int64)
    k_low = low.sum(axis=1, keepdims=True)
    high_pot = np.where(k_low > 0, units // 2, units)
    out: np.ndarray = win * (high_pot // win.sum(axis=1, keepdims=True))
    out += low * ((units // 2) // np.maximum(k_low, 1))
    return out


def sequences(cards_left: int, per_run: int, runs: int) -> int:
    """Ordered sequences of ``runs`` disjoint run-outs of ``per_run`` cards from
    ``cards_left``: every way to deal them, in order.

    >>> sequences(44, 1, 2), sequences(45, 2, 2)
    (1892, 893970)
    """
    out = 1
    for k in range(runs):
        out *= comb(cards_left - k * per_run, per_run)
    return out


def single_card_counts(units: np.ndarray, runs: int) -> list[dict[int, int]]:
    """Each player's total units over ``runs`` distinct one-card run-outs, with the number
    of *ordered* card sequences giving it (they add up to ``perm(n, runs)``).

    ``units`` is ``int64[n, n_players]``, one row per card left.
    """
    out = []
    for column in units.T:
        values, sizes = np.unique(column, return_counts=True)
        states: dict[tuple[int, int], int] = {(0, 0): 1}  # (cards chosen, units) -> sets
        for value, size in zip(values.tolist(), sizes.tolist(), strict=True):
            grown: dict[tuple[int, int], int] = defaultdict(int)
            for (chosen, total), ways in states.items():
                for k in range(min(size, runs - chosen) + 1):
                    grown[chosen + k, total + k * value] += ways * comb(size, k)
            states = grown
        order = perm(runs)  # each set of cards is dealt in runs! orders
        out.append({t: w * order for (c, t), w in states.items() if c == runs and w})
    return out


def class_sequence_counts(masks: np.ndarray, classes: np.ndarray, runs: int) -> np.ndarray:
    """``int64[C] * runs``: ordered sequences of ``runs`` pairwise disjoint run-outs by the
    class of each (1 to :data:`MAX_CLASS_RUNS` run-outs).

    ``masks`` (uint64[M]) are the run-outs' cards, ``classes`` (int64[M]) their class
    ids ``0 .. C-1``.
    """
    if len(masks) ** runs >= EXACT_FLOAT:
        raise ValueError("too many run-out sequences to count exactly in float64")
    n_classes = int(classes.max()) + 1
    one_hot = np.zeros((len(classes), n_classes))
    one_hot[np.arange(len(classes)), classes] = 1.0
    if runs == 1:
        return one_hot.sum(axis=0).astype(np.int64)
    disjoint = ((masks[:, None] & masks[None, :]) == 0).astype(np.float64)
    if runs == 2:
        counts = one_hot.T @ disjoint @ one_hot
    else:
        assert runs == MAX_CLASS_RUNS
        counts = np.empty((n_classes,) * 3)
        for c in range(n_classes):
            members = classes == c
            through = disjoint[:, members] @ disjoint[members, :]  # third run-outs of class c
            counts[:, :, c] = one_hot.T @ (disjoint * through) @ one_hot
    return np.rint(counts).astype(np.int64)


def distribution_of_classes(counts: np.ndarray, class_units: np.ndarray) -> list[dict[int, int]]:
    """Each player's total units, with its number of sequences, from the class-sequence
    counts of :func:`class_sequence_counts` and each class's units (``int64[C, n_players]``)."""
    n_classes, n_players = class_units.shape
    out: list[dict[int, int]] = [defaultdict(int) for _ in range(n_players)]
    for seq in itertools.product(range(n_classes), repeat=counts.ndim):
        ways = int(counts[seq])
        if ways:
            totals = class_units[list(seq)].sum(axis=0)
            for p in range(n_players):
                out[p][int(totals[p])] += ways
    return [dict(d) for d in out]


def moments(distribution: Mapping[int, Fraction | int], scale: int) -> tuple[Fraction, Fraction]:
    """Mean and variance of ``total / scale`` under ``distribution`` (total -> ways)."""
    ways = sum(distribution.values())
    mean = Fraction(sum(t * w for t, w in distribution.items()), ways * scale)
    square = Fraction(sum(t * t * w for t, w in distribution.items()), ways * scale * scale)
    return mean, square - mean * mean


def as_fractions(
    distribution: Mapping[int, Fraction | int], scale: int
) -> dict[Fraction, Fraction]:
    """``distribution`` (total -> ways) as share ``total / scale`` -> probability, by share."""
    ways = sum(distribution.values())
    return {Fraction(t, scale): Fraction(w, ways) for t, w in sorted(distribution.items())}


def group_classes(units: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct share vectors of ``units`` (``int64[M, n_players]``) and each row's
    class id: ``(class_units int64[C, n_players], classes int64[M])``."""
    class_units, classes = np.unique(units, axis=0, return_inverse=True)
    return class_units, classes.reshape(-1).astype(np.int64)


def card_masks(cards: np.ndarray) -> np.ndarray:
    """``uint64[M]``: the card mask of each row of ``cards`` (uint8[M, per_run])."""
    bits = np.left_shift(np.uint64(1), cards.astype(np.uint64))
    return np.bitwise_or.reduce(bits, axis=1)
