"""Two boards from one deck (double-board, bomb pots): dealing the pairs and tallying them.

A deal is a pair of five-card boards drawn from the same live deck, no card
on both.  Each board decides half the pot; a player's share of one board is
carried in integer *units*: ``full`` units are the whole board (its half of
the pot), so exact splits stay exact (the caller picks ``full`` divisible by
twice every number of tied hands).  Per player and pair the tally records:

* ``sums[0, p]``, ``sums[1, p]``: the units won on board 1 and on board 2;
* ``joint[p, a, b]``: pairs in which ``p`` took class ``a`` of board 1 and
  class ``b`` of board 2, a class being 0 (nothing), 1 (a part) or 2 (all);
* ``quarter[p]``: pairs in which ``p`` won exactly a quarter of the pot
  (``u1 + u2 == full / 2``).

:func:`tally_pairs` enumerates every pair of two lists of completions
(exact), :func:`deal_board_pairs` deals random pairs (Monte-Carlo) and
:func:`tally_trials` tallies them batch by batch; one inline step,
:func:`_tally`, scores a pair for both.
"""

from __future__ import annotations

import numpy as np

from ._jit import inline_kernel, parallel_kernel, prange
from .draws import swap_draw
from .rng import seed_state

__all__ = ["deal_board_pairs", "tally_pairs", "tally_trials"]


@inline_kernel
def _tally(units1, i, units2, j, full, sums, joint, quarter, row):
    """Add the pair (board-1 completion ``i``, board-2 completion ``j``) to buffer ``row``."""
    half = full // 2
    for p in range(units1.shape[1]):
        u1 = units1[i, p]
        u2 = units2[j, p]
        sums[row, 0, p] += u1
        sums[row, 1, p] += u2
        a = 2 if u1 == full else (1 if u1 > 0 else 0)
        b = 2 if u2 == full else (1 if u2 > 0 else 0)
        joint[row, p, a, b] += 1
        if u1 + u2 == half:
            quarter[row, p] += 1


@parallel_kernel
def tally_pairs(masks1, units1, masks2, units2, full, chunk, sums, joint, quarter, pairs):
    """Tally every pair of a board-1 and a board-2 completion that share no card.

    Chunk ``c`` (board-1 completions ``[c * chunk, (c + 1) * chunk)``) writes
    only row ``c`` of the outputs; the caller sums the rows.

    Shapes
    ------
    masks1 : uint64[n1]; units1 : int64[n1, n_players]; masks2, units2 likewise
    sums : int64[n_chunks, 2, n_players]; joint : int64[n_chunks, n_players, 3, 3]
    quarter : int64[n_chunks, n_players]; pairs : int64[n_chunks]
    """
    n1 = masks1.shape[0]
    n_chunks = (n1 + chunk - 1) // chunk
    for c in prange(n_chunks):
        for i in range(c * chunk, min(n1, (c + 1) * chunk)):
            m = masks1[i]
            for j in range(masks2.shape[0]):
                if masks2[j] & m:
                    continue
                pairs[c] += 1
                _tally(units1, i, units2, j, full, sums, joint, quarter, c)


@parallel_kernel
def tally_trials(units1, units2, full, batch_size, sums, joint, quarter):
    """Tally Monte-Carlo pairs, trial ``t`` pairing row ``t`` of each board, batch by batch.

    Batch ``b`` (trials ``[b * batch_size, (b + 1) * batch_size)``) writes only
    row ``b`` of the outputs.

    Shapes
    ------
    units1, units2 : int64[n_trials, n_players]
    sums : int64[n_batches, 2, n_players]; joint : int64[n_batches, n_players, 3, 3]
    quarter : int64[n_batches, n_players]
    """
    n = units1.shape[0]
    for b in prange((n + batch_size - 1) // batch_size):
        for t in range(b * batch_size, min(n, (b + 1) * batch_size)):
            _tally(units1, t, units2, t, full, sums, joint, quarter, b)


@parallel_kernel
def deal_board_pairs(seeds, batch_size, live, known1, n1, known2, n2, boards1, boards2):
    """Deal random pairs of boards: the known cards, then both completions from one deck.

    Trial ``t`` of batch ``b`` (row ``b * batch_size + t``) draws ``5 - n1 +
    5 - n2`` distinct cards of ``live`` by partial Fisher-Yates from batch
    ``b``'s own stream (seed ``seeds[b]``): board 1's missing cards first,
    then board 2's.  The same seeds give the same boards on any thread count.

    Shapes
    ------
    seeds : uint64[n_batches]; live : uint8[n_live], the cards neither known nor held
    known1, known2 : uint8[5], the first ``n1`` / ``n2`` are the boards' known cards
    boards1, boards2 : uint8[n_trials, 5], n_trials <= n_batches * batch_size
    """
    n = boards1.shape[0]
    n_live = live.shape[0]
    m1 = 5 - n1
    m = m1 + 5 - n2
    for b in prange(seeds.shape[0]):
        deck = live.copy()
        state = np.zeros(2, dtype=np.uint64)
        seed_state(seeds[b], state)
        s0, s1, spare = state[0], state[1], np.uint64(0)
        for t in range(b * batch_size, min(n, (b + 1) * batch_size)):
            for i in range(n1):
                boards1[t, i] = known1[i]
            for i in range(n2):
                boards2[t, i] = known2[i]
            for i in range(m):
                s0, s1, spare, c = swap_draw(s0, s1, spare, deck, i, n_live)
                if i < m1:
                    boards1[t, n1 + i] = c
                else:
                    boards2[t, n2 + i - m1] = c
