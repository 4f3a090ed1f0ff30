"""All-in showdowns of several players: side pots, prize values, multiway equities.

The pieces of a push/fold hand that do not depend on anyone's strategy:

* :func:`settle`: the chips each player wins back from the pots, side pots
  exact: every layer of the contributions is a pot that only the players who
  put at least that much in can win (the best hand among them takes it, equal
  hands split it evenly; a layer nobody else matched goes back to its owner).
* :func:`prize_values`: stacks after the hand into a share of the prize pool
  by the Independent Chip Model, exact (Malmuth-Harville,
  :func:`equity.decisions.harville.exact_places`, the exact method of
  :func:`equity.icm`), with the tournament rule for players who bust: they
  finish below every survivor, a player who started the hand with more chips
  above one who started with fewer, and players who started level share the
  prizes of their places evenly.
* :func:`showdown_codes`: how a showdown of one hand class against two or more
  ranges ends, by Monte-Carlo (:func:`equity.kernels.multiway.class_vs_ranges`),
  as rank codes (which player beats which), with joint card removal.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np

from ..kernels.multiway import class_vs_ranges
from ..kernels.rng import batch_seeds
from ..lookup import holdem_tables
from ..ranges.classes import ALL_COMBOS, CLASS_MEMBERS, CLASS_SIZES, COMBO_CLASS
from . import harville

__all__ = ["code_ranks", "prize_values", "settle", "showdown_codes"]

_BUST = 1e-9
"""Chips below this after a hand count as none (float sums of split pots)."""


def code_ranks(code: int, k: int) -> np.ndarray:
    """The ranks a rank code stands for: ``r[i]`` players hold better hands than player ``i``.

    Examples
    --------
    >>> code_ranks(0 * 1 + 1 * 3 + 1 * 9, 3).tolist()
    [0, 1, 1]
    """
    return np.array([(code // k**i) % k for i in range(k)], dtype=np.int64)


def settle(contributions: np.ndarray, ranks: np.ndarray) -> np.ndarray:
    """What each player wins back from the pots of a hand, side pots exact.

    Parameters
    ----------
    contributions : numpy.ndarray
        Shape (n,): the chips each player put in (blinds and antes of players who
        folded included).
    ranks : numpy.ndarray
        Shape (n,), or (m, n) for ``m`` showdowns of the same pot at once: the number
        of better hands (0 the best; equal hands equal ranks); a player who folded has a
        negative rank and wins nothing.

    Returns
    -------
    numpy.ndarray
        The shape of ``ranks``: the chips each player takes; they add up to the
        contributions.

    Examples
    --------
    A short stack wins the main pot, the side pot goes to the better of the others:

    >>> settle(np.array([100.0, 300.0, 300.0, 10.0]), np.array([0, 2, 1, -1])).tolist()
    [310.0, 0.0, 400.0, 0.0]
    """
    c = np.asarray(contributions, dtype=np.float64)
    r = np.asarray(ranks)
    single = r.ndim == 1
    r = np.atleast_2d(r)
    won = np.zeros(r.shape)
    previous = 0.0
    for level in np.unique(c[c > 0]):
        layer = np.minimum(c, level) - np.minimum(c, previous)
        eligible = (c >= level)[None, :] & (r >= 0)
        best = np.where(eligible, r, np.iinfo(np.int64).max).min(axis=1, keepdims=True)
        winners = eligible & (r == best)
        count = winners.sum(axis=1, keepdims=True)
        won += layer.sum() * winners / np.maximum(count, 1)
        # only players who folded reached this layer: it goes back to them
        won[count[:, 0] == 0] += layer
        previous = level
    return won[0] if single else won


def prize_values(final: np.ndarray, start: np.ndarray, payouts: np.ndarray) -> np.ndarray:
    """Each player's prize EV after a hand, by ICM, with busted players placed by the rule.

    Parameters
    ----------
    final : numpy.ndarray
        Shape (n,): chips after the hand (0 for a player who busted).
    start : numpy.ndarray
        Shape (n,): chips before the hand (orders the players who busted).
    payouts : numpy.ndarray
        The prize of each place, first place first, at most ``n`` places.

    Returns
    -------
    numpy.ndarray
        Shape (n,): prize EVs; they add up to the sum of the payouts.

    Examples
    --------
    Two players bust in one hand, the one with the bigger stack before it takes third:

    >>> prize_values(np.array([0.0, 3000.0, 0.0]), np.array([1000.0, 1000.0, 1000.0]),
    ...              np.array([50.0, 30.0, 20.0])).tolist()
    [25.0, 50.0, 25.0]
    >>> prize_values(np.array([0.0, 2800.0, 0.0, 200.0]), np.array([900.0, 1000.0, 1000.0, 100.0]),
    ...              np.array([50.0, 30.0, 20.0])).tolist()[0]
    0.0
    """
    final = np.asarray(final, dtype=np.float64)
    n = len(final)
    prizes = np.zeros(n)
    prizes[: len(payouts)] = payouts
    alive = final > _BUST
    m = int(alive.sum())
    out = np.zeros(n)
    paid = min(m, len(payouts))
    if paid:
        out[alive] = harville.exact_places(final[alive], paid) @ prizes[:paid]
    busted = np.flatnonzero(~alive)
    place = m
    for stack in sorted({float(start[i]) for i in busted}, reverse=True):
        level = busted[start[busted] == stack]
        out[level] = prizes[place : place + len(level)].mean()
        place += len(level)
    return out


@functools.cache
def _class_cards() -> np.ndarray:
    """``uint8[169, 12, 2]``: the combos of each class, padded with the first."""
    out = np.zeros((len(CLASS_MEMBERS), 12, 2), dtype=np.uint8)
    for h, members in enumerate(CLASS_MEMBERS):
        out[h, : len(members)] = ALL_COMBOS[members]
    out.flags.writeable = False
    return out


def showdown_codes(
    hero_slot: int, ranges: Sequence[np.ndarray], n_samples: int, seed: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Monte-Carlo showdowns of each hand class against two or more ranges, as rank codes.

    Parameters
    ----------
    hero_slot : int
        The hero's place among the ``k = len(ranges) + 1`` players, in seat order; the
        ranges fill the other places in order.
    ranges : sequence of numpy.ndarray
        Each shape (169,): a frequency in [0, 1] per class (:data:`equity.ranges.CLASSES`
        order), not all zero.
    n_samples : int
        Showdowns per hero class.
    seed : int
        Seeds the class streams (:func:`equity.kernels.rng.batch_seeds`).

    Returns
    -------
    codes : numpy.ndarray
        ``int64[169, n_samples]``: the rank codes (:func:`code_ranks`), seat order.
    filled : numpy.ndarray
        ``int64[169]``: showdowns dealt per class (fewer than ``n_samples`` only where
        the ranges nearly exclude the class).
    tries : numpy.ndarray
        ``int64[169]``: tuples drawn per class; ``filled / tries`` is the probability
        that the ranges' combos miss the class's cards and each other.
    """
    weights = np.stack([np.asarray(f, dtype=np.float64)[COMBO_CLASS] for f in ranges])
    totals = weights.sum(axis=1, keepdims=True)
    if np.any(totals <= 0):
        raise ValueError("every range of a multiway showdown holds at least one hand")
    cum = np.cumsum(weights / totals, axis=1)
    cum[:, -1] = 1.0
    classes = len(CLASS_SIZES)
    codes = np.zeros((classes, n_samples), dtype=np.int64)
    tries = np.zeros(classes, dtype=np.int64)
    filled = np.zeros(classes, dtype=np.int64)
    class_vs_ranges(
        _class_cards(),
        CLASS_SIZES,
        hero_slot,
        cum,
        ALL_COMBOS,
        batch_seeds(seed, classes),
        holdem_tables(),
        codes,
        tries,
        filled,
    )
    return codes, filled, tries
