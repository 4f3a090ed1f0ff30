"""Shuffling and dealing from seeded per-batch streams.

Rows are split into batches of ``batch_size``; batch ``b`` draws only from
its own xoroshiro128+ stream seeded with ``seeds[b]`` and writes only its own
rows, so results do not depend on the number of threads.

Two ways to draw cards:

* :func:`partial_shuffle`, a partial Fisher-Yates shuffle: an ordered
  sample, for dealing hands to players in turn;
* :func:`subset_step`, Floyd's sampling algorithm: an unordered sample
  (a board, a hand whose order does not matter) with no writes to the
  deck, only a 64-bit mask of the positions taken.  The swaps of
  Fisher-Yates chain each draw to the last through memory; Floyd's steps
  depend only through the mask, in registers, which makes a five- or
  seven-card draw about 15% faster in the sampling loops.
"""

from __future__ import annotations

import numpy as np

from ._jit import inline_kernel, kernel, parallel_kernel, prange
from .rng import draw, seed_state

__all__ = [
    "deal_batch",
    "next_combination",
    "partial_shuffle",
    "sample_subsets",
    "shuffle_batch",
    "shuffle_cards",
    "subset_step",
    "swap_draw",
]

_ONE = np.uint64(1)


@inline_kernel
def swap_draw(s0, s1, spare, deck, i, n):
    """One step of a partial Fisher-Yates shuffle: ``(s0, s1, spare, card)``.

    Swaps a uniform random card of ``deck[i:n]`` into ``deck[i]`` and
    returns it; steps ``i = 0, 1, ...`` deal an ordered sample without
    replacement and keep ``deck[:n]`` a permutation.  The one Fisher-Yates
    step of the package: every dealing loop calls it (inlined, so the deck
    costs no reference counting per card).
    """
    s0, s1, spare, r = draw(s0, s1, spare, n - i)
    k = i + r
    c = deck[k]
    deck[k] = deck[i]
    deck[i] = c
    return s0, s1, spare, c


@inline_kernel
def partial_shuffle(deck, n_live, n_draw, state):
    """Move a uniform random ordered sample of ``n_draw`` cards to the front.

    A partial Fisher-Yates shuffle over ``deck[:n_live]``: after the call
    ``deck[:n_draw]`` is uniform over ordered draws without replacement and
    ``deck[:n_live]`` is still a permutation of the live cards.

    Shapes
    ------
    deck : uint8[>= n_live]
    state : uint64[3], xoroshiro128+ state and the spare half-output of
        :func:`~equity.kernels.rng.draw` (zero when none)
    """
    s0 = state[0]
    s1 = state[1]
    spare = state[2]
    for i in range(n_draw):
        s0, s1, spare, _ = swap_draw(s0, s1, spare, deck, i, n_live)
    state[0] = s0
    state[1] = s1
    state[2] = spare


@inline_kernel
def subset_step(s0, s1, spare, taken, j):
    """One step of Floyd's algorithm: ``(s0, s1, spare, taken, position)``.

    Steps ``j = n - k, ..., n - 1`` in turn, from ``taken = 0``, take a
    uniform random set of ``k`` positions of ``[0, n)``: each step draws
    ``t`` uniform in ``[0, j]`` and takes it, or ``j`` if ``t`` was taken
    before (``j`` never was: earlier steps take positions below ``j``).
    ``taken`` is the mask of positions taken (``n <= 64``).  Branch-free:
    the choice is a select, not a jump.
    """
    s0, s1, spare, r = draw(s0, s1, spare, j + 1)
    t = np.uint64(r)
    t = np.uint64(j) if (taken >> t) & _ONE else t
    return s0, s1, spare, taken | (_ONE << t), t


@kernel
def next_combination(idx, m, n):
    """Step ``idx[:m]`` (increasing positions of ``[0, n)``) to the next combination.

    Lexicographic order, from ``0, 1, ..., m - 1``; returns the first
    position whose value changed (the positions after it changed too), or
    -1 after the last combination (``idx`` is then left as it was).  Not
    inlined: inlined, its writes to ``idx`` cost the exact Omaha board loop an
    extra reference count per board (``AsAhKsKh`` v random on ``2c7d9h``, one
    thread: 6.56 s of CPU inlined, 5.89 s called; hold'em exact unchanged).
    """
    j = m - 1
    while j >= 0 and idx[j] == n - m + j:
        j -= 1
    if j < 0:
        return -1
    idx[j] += 1
    for q in range(j + 1, m):
        idx[q] = idx[q - 1] + 1
    return j


@parallel_kernel
def sample_subsets(seeds, batch_size, n_items, out):
    """Fill each row of ``out`` with a uniform random ``k``-subset of ``range(n_items)``.

    Floyd's algorithm (:func:`subset_step`), the sampler of the board and
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
