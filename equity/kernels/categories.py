"""Showdown categories by enumeration: which category each player ends with, and wins with.

:func:`enumerate_categories` walks every joint assignment of hole cards (the
exact engine's assignments, with their weights) and every completion of the
board from the cards that assignment leaves, evaluates each player's best
hand with the table evaluator of :mod:`.holdem` (hole cards plus the board,
five to seven cards) and adds the assignment's weight to

* ``cat_out[c, p, code]``: player ``p`` ended with category ``code``
  (``value >> 12``, 1 = the weakest .. 9 = the strongest of the tables), and
* ``win_out[c, p, code]``: player ``p`` won the pot alone holding it,

where ``c`` is the chunk of assignments (one row per ``prange`` chunk, so the
sums do not depend on the number of threads).  This is plain enumeration,
with none of the rank-pattern shortcuts of :mod:`.enumerate`: the engine uses
it only when the work is small enough (see ``equity.engine.categories``).
"""

from __future__ import annotations

import numpy as np

from ._jit import kernel, parallel_kernel, prange
from .draws import next_combination
from .holdem import KEY_START, value_from_key

__all__ = ["CATEGORY_CODES", "enumerate_categories"]

CATEGORY_CODES = 10
"""Columns of the category counts: code 1..9 (column 0 unused)."""


@kernel
def _assignment_categories(hole, n_hole, board, n_board, live, k, weight, tables, cat_out, win_out):
    """Add one assignment's boards (every ``k`` more cards from ``live`` minus its holes)."""
    card_keys, suit_bits, offsets, values = tables
    n_players = hole.shape[0]
    used = np.uint64(0)
    for p in range(n_players):
        for j in range(n_hole):
            used |= np.uint64(1) << np.uint64(hole[p, j])
    avail = np.empty(live.shape[0], dtype=np.uint8)
    n_avail = 0
    for c in live:
        if not (used >> np.uint64(c)) & np.uint64(1):
            avail[n_avail] = c
            n_avail += 1
    base_key = np.empty(n_players, dtype=np.uint64)
    base_suits = np.empty(n_players, dtype=np.uint64)
    for p in range(n_players):
        key = KEY_START
        suits = np.uint64(0)
        for j in range(n_hole):
            key += card_keys[hole[p, j]]
            suits |= suit_bits[hole[p, j]]
        for j in range(n_board):
            key += card_keys[board[j]]
            suits |= suit_bits[board[j]]
        base_key[p] = key
        base_suits[p] = suits
    idx = np.arange(k)
    vals = np.empty(n_players, dtype=np.int64)
    while True:
        extra_key = np.uint64(0)
        extra_suits = np.uint64(0)
        for j in range(k):
            c = avail[idx[j]]
            extra_key += card_keys[c]
            extra_suits |= suit_bits[c]
        best = np.int64(-1)
        n_best = 0
        who = 0
        for p in range(n_players):
            key = base_key[p] + extra_key
            v = np.int64(value_from_key(key, base_suits[p] | extra_suits, offsets, values))
            vals[p] = v
            if v > best:
                best = v
                n_best = 1
                who = p
            elif v == best:
                n_best += 1
        for p in range(n_players):
            cat_out[p, vals[p] >> 12] += weight
        if n_best == 1:
            win_out[who, best >> 12] += weight
        if next_combination(idx, k, n_avail) < 0:
            break


@parallel_kernel
def enumerate_categories(holes, weights, n_hole, board, n_board, live, k, tables, cat_out, win_out):
    """Category counts of every assignment and board completion, in chunks over threads.

    Chunk ``c`` takes assignments ``[c * per, (c + 1) * per)`` with
    ``per = ceil(n / n_chunks)`` and writes only ``cat_out[c]``, ``win_out[c]``.

    Shapes
    ------
    holes : uint8[n, n_players, >= n_hole]; weights : float64[n]
    board : uint8[>= n_board] (the known board); live : uint8[n_live], the cards
    no fixed hand, board or dead card holds (an assignment's own holes are skipped)
    k : cards to complete the board (0 with a full board or no board)
    tables : equity.lookup.HoldemTables (or a game's tables of that shape)
    cat_out, win_out : float64[n_chunks, n_players, CATEGORY_CODES]
    """
    card_keys, suit_bits, offsets, values = tables
    plain = (card_keys, suit_bits, offsets, values)  # one helper signature for every table type
    n = holes.shape[0]
    n_chunks = cat_out.shape[0]
    per = (n + n_chunks - 1) // n_chunks
    for c in prange(n_chunks):
        for a in range(c * per, min(n, (c + 1) * per)):
            hand = holes[a]
            _assignment_categories(
                hand, n_hole, board, n_board, live, k, weights[a], plain, cat_out[c], win_out[c]
            )
