"""Shuffled decks, random subsets and dealt hands as arrays, from seeded per-batch streams.

Rows are split into batches of ``batch_size``; batch ``b`` draws only from
its own xoroshiro128+ stream seeded with ``seeds[b]`` and writes only its own
rows, so results do not depend on the number of threads.

The draws are the steps of :mod:`.draws`: :func:`~.draws.partial_shuffle`
(partial Fisher-Yates, an ordered sample: hands dealt in turn) and
:func:`~.draws.subset_step` (Floyd's algorithm, an unordered sample).
"""

from __future__ import annotations

import numpy as np

from ._jit import kernel, parallel_kernel, prange
from .draws import partial_shuffle, subset_step
from .rng import seed_state

__all__ = [
    "deal_batch",
    "sample_subsets",
    "shuffle_batch",
    "shuffle_cards",
]


@parallel_kernel
def sample_subsets(seeds, batch_size, n_items, out):
    """Fill each row of ``out`` with a uniform random ``k``-subset of ``range(n_items)``.

    Floyd's algorithm (:func:`~.draws.subset_step`), the sampler of the board and
    frequency loops; the row holds the positions in the order taken.

    Shapes
    ------
    seeds : uint64[n_batches], n_batches = ceil(n / batch_size)
    out : uint8[n, k], k <= n_items <= 64
    """
    n, k = out.shape
    for b in prange(seeds.shape[0]):
        state = np.zeros(2, dtype=np.uint64)
        seed_state(seeds[b], state)
        s0 = state[0]
        s1 = state[1]
        spare = np.uint64(0)
        for row in range(b * batch_size, min(n, (b + 1) * batch_size)):
            taken = np.uint64(0)
            for i in range(k):
                s0, s1, spare, taken, t = subset_step(s0, s1, spare, taken, n_items - k + i)
                out[row, i] = t


@parallel_kernel
def shuffle_batch(seeds, batch_size, out):
    """Fill each row of ``out`` with a uniformly shuffled 52-card deck.

    Shapes
    ------
    seeds : uint64[n_batches], n_batches = ceil(n / batch_size)
    out : uint8[n, 52]
    """
    n = out.shape[0]
    for b in prange(seeds.shape[0]):
        state = np.zeros(3, dtype=np.uint64)
        seed_state(seeds[b], state)
        deck = np.arange(52).astype(np.uint8)
        for row in range(b * batch_size, min(n, (b + 1) * batch_size)):
            partial_shuffle(deck, 52, 52, state)
            out[row, :] = deck


@kernel
def shuffle_cards(seed, cards):
    """Shuffle ``cards`` in place (Fisher-Yates) from the stream of the 64-bit ``seed``.

    The draws of :func:`shuffle_batch` for its first row: with
    ``cards = arange(52)`` and ``seed = batch_seeds(s, 1)[0]`` the order is
    that row's.

    Shapes
    ------
    cards : uint8[n]
    """
    state = np.zeros(3, dtype=np.uint64)
    seed_state(seed, state)
    partial_shuffle(cards, cards.shape[0], cards.shape[0], state)


@parallel_kernel
def deal_batch(seeds, batch_size, out):
    """Deal ``n_hands`` hands of ``k`` cards from a fresh deck for each row.

    Shapes
    ------
    seeds : uint64[n_batches], n_batches = ceil(n / batch_size)
    out : uint8[n, n_hands, k], n_hands * k <= 52
    """
    n, n_hands, k = out.shape
    for b in prange(seeds.shape[0]):
        state = np.zeros(3, dtype=np.uint64)
        seed_state(seeds[b], state)
        deck = np.arange(52).astype(np.uint8)
        for row in range(b * batch_size, min(n, (b + 1) * batch_size)):
            partial_shuffle(deck, 52, n_hands * k, state)
            for h in range(n_hands):
                for j in range(k):
                    out[row, h, j] = deck[h * k + j]
