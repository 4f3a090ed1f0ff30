"""Lookup tables of the Omaha evaluator (:mod:`equity.kernels.omaha`).

An Omaha hand is exactly two hole cards and exactly three board cards.  The
best *high* hand is the larger of two parts:

* **By ranks** (every choice, its suits ignored): a five-card hand's rank-only
  value depends on the two hole ranks and the three board ranks.  For each of
  the 6,175 rank patterns of a five-card board (:func:`~equity.lookup.board_patterns`)
  and each of the 91 pairs of hole ranks, :attr:`OmahaTables.pair_values`
  holds the best hold'em value of the pair with three of the board's ranks
  (the :mod:`equity.lookup` value scale).  A hand's part is the maximum over
  its hole pairs: six lookups in one 182-byte row for four hole cards, or
  one lookup in a per-hand row of 6,175 values made once for a known hand.
* **Flushes** (only when three board cards share a suit and the hand holds
  two of it): :attr:`OmahaTables.flush_values` holds, for each set of three to
  five board ranks of the suit (2,288 sets) and each pair of hole ranks of the
  suit (78), the best flush or straight flush of the pair and three of the
  board's ranks.

A suited choice is also counted by ranks (a straight or high card), which is
never more than its flush value, so the maximum of the two parts is the
hand's value.

The *low* (eight or better, aces low) uses rank sets: ``low_bits[card]`` is
the card's bit among A, 2, ..., 8 (bit 0 = ace; nothing for nines and up);
``low_values[board_low << 8 | hole_low]`` is the best low of two distinct
hole ranks with three other board ranks, as ``256 - mask`` of its five ranks
(bigger is better, 0 = no qualifying low).  Comparing masks compares lows:
the better low has the smaller highest card, then the smaller next one.

The tables ship as ``equity/data/omaha.npz`` (:func:`build_omaha_tables` makes them in
about half a second; loading takes milliseconds).
"""

from __future__ import annotations

import functools
import itertools
from importlib import resources
from typing import NamedTuple

import numpy as np

from . import (
    FLUSH_SIZE,
    HASH_BITS,
    HASH_MULTIPLIER,
    OFFSET_ALIGN,
    RANK_KEYS,
    ROW_SHIFT,
    board_patterns,
    holdem_tables,
)

__all__ = [
    "BOARD_SUIT_SETS",
    "LOW_RANKS",
    "OmahaTables",
    "board_pattern_slots",
    "build_omaha_tables",
    "low_mask_text",
    "omaha_tables",
]

BOARD_SUIT_SETS = sum(len(list(itertools.combinations(range(13), k))) for k in (3, 4, 5))
"""Sets of three to five ranks of one suit on a board: 2,288."""
LOW_RANKS = "A2345678"
"""The low ranks by bit of a low mask (bit 0 = ace)."""


class OmahaTables(NamedTuple):
    """The arrays the Omaha kernels take, in their argument order."""

    card_keys: np.ndarray
    """``uint64[52]``: :mod:`equity.lookup`'s card keys (rank key, suit counter)."""
    suit_bits: np.ndarray
    """``uint64[52]``: ``1 << (16 * suit + rank)``."""
    offsets: np.ndarray
    """``uint16``: the hold'em perfect hash's row offsets."""
    values: np.ndarray
    """``uint16``: the hold'em values (flush part read for the flush table's build only)."""
    board_index: np.ndarray
    """``uint16[len(values)]``: at a five-card rank pattern's hash slot, the pattern's
    index 0..6174 (:func:`board_pattern_slots`)."""
    pair_index: np.ndarray
    """``uint8[169]``: ``[13 * low rank + high rank]`` -> hole rank pair 0..90."""
    pair_values: np.ndarray
    """``uint16[6175 * 91]``: best value by ranks, ``[pattern * 91 + pair]``."""
    suited_index: np.ndarray
    """``int16[8192]``: a suit's board rank set (3-5 ranks) -> 0..2287, else -1."""
    flush_pair_index: np.ndarray
    """``uint8[169]``: ``[13 * low rank + high rank]`` (distinct ranks) -> 0..77."""
    flush_values: np.ndarray
    """``uint16[2288 * 78]``: best flush, ``[suited set * 78 + pair]``."""
    low_bits: np.ndarray
    """``uint8[52]``: the card's bit of a low mask (0 for nines and up)."""
    low_values: np.ndarray
    """``uint16[65536]``: ``[board low mask << 8 | hole low mask]`` -> 256 - best low
    mask, or 0 when there is no qualifying low."""


def _slots(keys: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """Hash slots (into ``values``, after the flush part) of rank-key sums."""
    low = (1 << HASH_BITS) - 1
    m = ((keys.astype(np.int64) & low) * HASH_MULTIPLIER) & low
    row = offsets[m >> ROW_SHIFT].astype(np.int64)
    return FLUSH_SIZE + OFFSET_ALIGN * row + (m & ((1 << ROW_SHIFT) - 1))


def board_pattern_slots() -> np.ndarray:
    """``int64[6175]``: the hash slot of each five-card board rank pattern."""
    tables = holdem_tables()
    return _slots(board_patterns().keys.astype(np.int64), tables.offsets)


def _pair_tables() -> tuple[np.ndarray, np.ndarray]:
    """``pair_index[169]`` and the 91 pairs (low rank, high rank) it numbers."""
    pairs = [(a, b) for a in range(13) for b in range(a, 13)]
    index = np.zeros(169, dtype=np.uint8)
    for i, (a, b) in enumerate(pairs):
        index[13 * a + b] = i
        index[13 * b + a] = i
    return index, np.array(pairs, dtype=np.int64)


def _pair_values(values: np.ndarray, offsets: np.ndarray, pairs: np.ndarray) -> np.ndarray:
    """``uint16[6175 * 91]``: best rank-only value of each pair with three board ranks."""
    ranks = board_patterns().ranks.astype(np.int64)  # [6175, 5]
    keys = np.array(RANK_KEYS, dtype=np.int64)
    triples = np.array(list(itertools.combinations(range(5), 3)), dtype=np.int64)  # [10, 3]
    chosen = ranks[:, triples]  # [6175, 10, 3]
    triple_keys = keys[chosen].sum(axis=2)  # [6175, 10]
    pair_keys = keys[pairs].sum(axis=1)  # [91]
    total = triple_keys[:, None, :] + pair_keys[None, :, None]  # [6175, 91, 10]
    value = values[_slots(total, offsets)].astype(np.int64)
    # a choice with five cards of one rank (three on the board, two in the hand)
    # cannot be dealt: leave it out
    triple_rank = np.where(
        (chosen[:, :, 0] == chosen[:, :, 1]) & (chosen[:, :, 1] == chosen[:, :, 2]),
        chosen[:, :, 0],
        -1,
    )
    pair_rank = np.where(pairs[:, 0] == pairs[:, 1], pairs[:, 0], -2)
    value[triple_rank[:, None, :] == pair_rank[None, :, None]] = 0
    return value.max(axis=2).astype(np.uint16).reshape(-1)


def _flush_tables(values: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``suited_index``, ``flush_pair_index`` and ``flush_values`` (see :class:`OmahaTables`)."""
    suited = [m for m in range(FLUSH_SIZE) if 3 <= m.bit_count() <= 5]
    suited.sort(key=lambda m: (m.bit_count(), m))
    suited_index = np.full(FLUSH_SIZE, -1, dtype=np.int16)
    for i, m in enumerate(suited):
        suited_index[m] = i
    flush_pairs = [(a, b) for a in range(13) for b in range(a + 1, 13)]
    flush_pair_index = np.zeros(169, dtype=np.uint8)
    for i, (a, b) in enumerate(flush_pairs):
        flush_pair_index[13 * a + b] = i
        flush_pair_index[13 * b + a] = i
    # every set's triples of ranks (at most ten), padded with an impossible mask
    triples = np.full((len(suited), 10), -1, dtype=np.int64)
    for i, m in enumerate(suited):
        bits = [r for r in range(13) if m >> r & 1]
        for j, t in enumerate(itertools.combinations(bits, 3)):
            triples[i, j] = sum(1 << r for r in t)
    pair_masks = np.array([(1 << a) | (1 << b) for a, b in flush_pairs], dtype=np.int64)
    chosen = triples[:, None, :] | pair_masks[None, :, None]  # [2288, 78, 10]
    ok = (triples[:, None, :] >= 0) & ((triples[:, None, :] & pair_masks[None, :, None]) == 0)
    value = np.where(ok, values[np.where(ok, chosen, 0)].astype(np.int64), 0)
    out = value.max(axis=2).astype(np.uint16)
    return suited_index, flush_pair_index, out.reshape(-1)


def _low_values() -> np.ndarray:
    """``uint16[65536]``: the best low of every (board low mask, hole low mask)."""
    table = np.zeros((256, 256), dtype=np.int64)
    masks = np.arange(256)
    for t in itertools.combinations(range(8), 3):
        tm = sum(1 << r for r in t)
        boards = (masks & tm) == tm
        for h in itertools.combinations(range(8), 2):
            hm = sum(1 << r for r in h)
            if hm & tm:
                continue
            holes = (masks & hm) == hm
            code = 256 - (tm | hm)
            cell = np.outer(boards, holes)
            table[cell] = np.maximum(table[cell], code)
    return table.astype(np.uint16).reshape(-1)


def low_mask_text(code: int) -> str | None:
    """The low of a ``low_values`` code as text, highest card first (None for no low).

    Examples
    --------
    >>> low_mask_text(256 - 0b10010111)
    '8-5-3-2-A'
    >>> low_mask_text(0) is None
    True
    """
    if code == 0:
        return None
    mask = 256 - code
    return "-".join(LOW_RANKS[r] for r in range(7, -1, -1) if mask >> r & 1)


@functools.cache
def omaha_tables() -> OmahaTables:
    """The shipped Omaha tables (``equity/data/omaha.npz``; read-only arrays, loaded once).

    ``python -m equity.lookup.omaha`` rebuilds the file (:func:`build_omaha_tables`); the
    tests check that it equals a fresh build.
    """
    holdem = holdem_tables()
    path = resources.files("equity") / "data" / "omaha.npz"
    with resources.as_file(path) as p, np.load(p) as data:
        own = {f: np.ascontiguousarray(data[f]) for f in OmahaTables._fields[4:]}
    tables = OmahaTables(holdem.card_keys, holdem.suit_bits, holdem.offsets, holdem.values, **own)
    for array in tables:
        array.flags.writeable = False
    return tables


def build_omaha_tables() -> OmahaTables:
    """Build the Omaha tables from the hold'em tables (about half a second)."""
    holdem = holdem_tables()
    board_index = np.zeros(len(holdem.values), dtype=np.uint16)
    board_index[board_pattern_slots()] = np.arange(len(board_patterns().keys), dtype=np.uint16)
    pair_index, pairs = _pair_tables()
    pair_values = _pair_values(holdem.values, holdem.offsets, pairs)
    suited_index, flush_pair_index, flush_values = _flush_tables(holdem.values)
    low_bits = np.zeros(52, dtype=np.uint8)
    for card in range(52):
        rank = card >> 2
        if rank == 12:
            low_bits[card] = 1
        elif rank <= 6:
            low_bits[card] = 1 << (rank + 1)
    tables = OmahaTables(
        holdem.card_keys,
        holdem.suit_bits,
        holdem.offsets,
        holdem.values,
        board_index,
        pair_index,
        pair_values,
        suited_index,
        flush_pair_index,
        flush_values,
        low_bits,
        _low_values(),
    )
    return tables


def _write_shipped() -> str:
    """Rebuild the Omaha tables and write them where :func:`omaha_tables` reads."""
    target = str(resources.files("equity") / "data" / "omaha.npz")
    tables = build_omaha_tables()
    np.savez_compressed(target, **{f: getattr(tables, f) for f in OmahaTables._fields[4:]})
    return target


if __name__ == "__main__":  # python -m equity.lookup.omaha
    print("wrote", _write_shipped())
