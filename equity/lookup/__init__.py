"""Evaluator lookup tables: hold'em here, Omaha and short deck in submodules.

The seven-card evaluator (:mod:`equity.kernels.holdem`) reads four arrays,
built here once and shipped as package data (``equity/data/holdem.npz``;
``python -m equity.lookup`` rebuilds it and the tests check that the shipped
file equals a fresh build):

``card_keys : uint64[52]``
    Low 32 bits: the card's *rank key*.  The keys (:data:`RANK_KEYS`) were
    found by a greedy search (``tools/find_rank_keys.py``) so that the sums of
    keys over every rank multiset of up to seven cards are distinct.  High 32
    bits: ``1 << 4*suit``, a per-suit counter.  Adding the keys of a hand to
    :data:`KEY_START` sets bit 3 of a suit's nibble exactly when that suit
    holds five or more cards (a flush).
``suit_bits : uint64[52]``
    ``1 << (16*suit + rank)``: OR-ed over a hand, the 13-bit rank set of
    each suit, for the flush table.
``offsets : uint16[n_rows]``
    Row displacements of a perfect hash of the rank-key sums.  A sum ``k`` is
    first mixed, ``m = (k * HASH_MULTIPLIER) mod 2**HASH_BITS`` (an odd
    multiplier permutes the residues, and the sums are distinct mod
    ``2**HASH_BITS``), which spreads the keys evenly over the rows so that
    they pack densely; the non-flush value is then ``values[FLUSH_SIZE +
    OFFSET_ALIGN * offsets[m >> ROW_SHIFT] + (m & ROW_MASK)]``.  Offsets in
    units of ``OFFSET_ALIGN`` fit in 16 bits; with both arrays under 200 kB
    the lookups stay in the L2 cache (about twice as dense as the unmixed
    hash, and about 20% faster on random hands).
``values : uint16[FLUSH_SIZE + n_slots]``
    ``values[m]`` for a 13-bit rank set ``m`` is the best flush (or straight
    flush) in it; after ``FLUSH_SIZE`` come the hashed non-flush values.

A hand value is ``category << 12 | index``: category 1 = high card ... 9 =
straight flush (:data:`CATEGORIES`), and ``index`` orders the hands inside a
category, so bigger is better and equal values tie.  There are 7,462
distinct values, the same scale for five, six and seven cards.
"""

from __future__ import annotations

import functools
import itertools
from importlib import resources
from typing import NamedTuple

import numpy as np

from ..cards import RANK_NAMES
from ..games import register_tables

__all__ = [
    "CATEGORIES",
    "FLUSH_SIZE",
    "HASH_BITS",
    "HASH_MULTIPLIER",
    "KEY_START",
    "OFFSET_ALIGN",
    "RANK_KEYS",
    "ROW_SHIFT",
    "BoardPatterns",
    "HoldemTables",
    "best_hand_from_ranks",
    "board_patterns",
    "build_holdem_tables",
    "build_value_components",
    "byte_safe",
    "describe_value",
    "displace_rows",
    "hand_value_components",
    "holdem_tables",
    "mix_keys",
    "rank_key_sums",
    "rank_multisets",
    "straight_top",
    "write_shipped",
]

CATEGORIES = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)
"""Category names; a value's category code ``value >> 12`` is index + 1."""

RANK_KEYS = (1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520)
"""Rank keys (deuce .. ace) whose sums identify rank multisets of <= 7 cards."""

KEY_START = 0x3333 << 32
"""Initial key: each suit counter starts at 3, so 5 cards of a suit set bit 3."""
HASH_BITS = 24
"""Mixed keys are taken mod ``2**HASH_BITS``: the fewest bits that keep every sum distinct."""
HASH_MULTIPLIER = 0xFD5D5A35
"""Odd multiplier that mixes a rank-key sum (``tools/find_hash_multiplier.py``)."""
ROW_SHIFT = 11
"""Perfect hash rows hold ``2**ROW_SHIFT`` consecutive mixed keys."""
OFFSET_ALIGN = 2
"""Rows are placed at even slots, so their offsets fit in ``uint16``."""
FLUSH_SIZE = 1 << 13
"""Number of flush-table entries, one per 13-bit rank set."""

_STRAIGHTS = tuple(range(12, 3, -1))  # top rank of each straight, Ace-high first


class BoardPatterns(NamedTuple):
    """The rank patterns of a five-card board, as the exact enumeration takes them."""

    ranks: np.ndarray
    """``uint8[6175, 5]``: every multiset of five ranks (each at most four times), ascending."""
    keys: np.ndarray
    """``uint64[6175]``: the sum of :data:`RANK_KEYS` over each pattern."""


@functools.cache
def board_patterns() -> BoardPatterns:
    """The 6,175 rank patterns of five board cards (read-only arrays, built once).

    Examples
    --------
    >>> p = board_patterns()
    >>> p.ranks.shape, p.ranks[0].tolist(), p.ranks[-1].tolist()
    ((6175, 5), [0, 0, 0, 0, 1], [11, 12, 12, 12, 12])
    """
    rows = [
        combo
        for combo in itertools.combinations_with_replacement(range(13), 5)
        if max(combo.count(r) for r in combo) <= 4
    ]
    ranks = np.array(rows, dtype=np.uint8)
    keys = np.array(RANK_KEYS, dtype=np.uint64)[ranks.astype(np.int64)].sum(axis=1, dtype=np.uint64)
    for array in (ranks, keys):
        array.flags.writeable = False
    return BoardPatterns(ranks, keys)


class HoldemTables(NamedTuple):
    """The arrays the hold'em kernels take, in their argument order."""

    card_keys: np.ndarray
    suit_bits: np.ndarray
    offsets: np.ndarray
    values: np.ndarray


@functools.cache
def _straight_top_of_mask(mask: int) -> int | None:
    for top in _STRAIGHTS:
        run = 0x1F << (top - 4)
        if mask & run == run:
            return top
    if mask & 0x100F == 0x100F:  # the wheel, A-2-3-4-5
        return 3
    return None


def straight_top(present: set[int] | tuple[int, ...]) -> int | None:
    """Top rank of the best straight among ``present`` ranks, or None."""
    return _straight_top_of_mask(sum(1 << r for r in set(present)))


def best_hand_from_ranks(counts: tuple[int, ...], flush: bool) -> tuple[int, tuple[int, ...]]:
    """Best five-card hand from rank counts, as ``(category, tiebreak ranks)``.

    ``counts[r]`` is how many cards of rank ``r`` the hand holds (5 to 7 in
    all).  With ``flush`` true the ranks are one suit's cards (each count is
    0 or 1) and the answer is a flush or a straight flush.  Categories are
    1-based indices into :data:`CATEGORIES`.

    Examples
    --------
    >>> best_hand_from_ranks((0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3, 0), False)
    (7, (11, 3))
    """
    present = {r for r, c in enumerate(counts) if c}
    desc = sorted(present, reverse=True)
    top = straight_top(present)
    if flush:
        return (9, (top,)) if top is not None else (6, tuple(desc[:5]))
    quads = [r for r in desc if counts[r] == 4]
    trips = [r for r in desc if counts[r] == 3]
    pairs = [r for r in desc if counts[r] == 2]
    if quads:
        q = quads[0]
        return 8, (q, max(r for r in desc if r != q))
    if trips and (len(trips) > 1 or pairs):
        t = trips[0]
        return 7, (t, max([r for r in trips[1:]] + pairs))
    if top is not None:
        return 5, (top,)
    if trips:
        t = trips[0]
        return 4, (t, *[r for r in desc if r != t][:2])
    if len(pairs) >= 2:
        p1, p2 = pairs[:2]
        return 3, (p1, p2, max(r for r in desc if r not in (p1, p2)))
    if pairs:
        p = pairs[0]
        return 2, (p, *[r for r in desc if r != p][:3])
    return 1, tuple(desc[:5])


def rank_multisets(sizes: tuple[int, ...]) -> list[tuple[int, ...]]:
    """All rank-count vectors (each count <= 4) with a total in ``sizes``."""
    out = []

    def rec(r: int, left: int, acc: list[int]) -> None:
        if r == 13:
            if sum(acc) in sizes:
                out.append(tuple(acc))
            return
        for c in range(min(4, left) + 1):
            acc.append(c)
            rec(r + 1, left - c, acc)
            acc.pop()

    rec(0, max(sizes), [])
    return out


@functools.cache
def _five_card_order() -> dict[tuple[int, tuple[int, ...]], int]:
    """Map every distinct five-card hand ``(category, tiebreak)`` to its value."""
    hands = {best_hand_from_ranks(c, False) for c in rank_multisets((5,))}
    for ranks in itertools.combinations(range(13), 5):
        counts = tuple(int(r in ranks) for r in range(13))
        hands.add(best_hand_from_ranks(counts, True))
    order = {}
    for cat in range(1, 10):
        inside = sorted(h for h in hands if h[0] == cat)
        for i, hand in enumerate(inside):
            order[hand] = cat << 12 | i
    return order


def displace_rows(keys: np.ndarray, shift: int, align: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """First-fit-decreasing row displacement: a perfect hash of ``keys``.

    Rows (``key >> shift``) are placed fullest first, each at the smallest
    multiple of ``align`` where its columns (``key & mask``) land on free
    slots.  Returns ``offsets`` (one per row, in units of ``align``) and
    ``slot`` (the slot of each key), with
    ``slot = align * offsets[key >> shift] + (key & mask)`` distinct for all keys.
    """
    mask = (1 << shift) - 1
    rows = keys >> shift
    n_rows = int(rows.max()) + 1
    members: list[list[int]] = [[] for _ in range(n_rows)]
    for k in keys.tolist():
        members[k >> shift].append(k & mask)
    order = sorted(range(n_rows), key=lambda r: len(members[r]), reverse=True)
    window = 1 << shift  # candidate offsets tested at once
    span = align * window
    occupied = np.zeros(len(keys) + 4 * span, dtype=bool)
    offsets = np.zeros(n_rows, dtype=np.int64)
    first_free = 0
    for r in order:
        cols = np.asarray(members[r], dtype=np.int64)
        if cols.size == 0:
            continue
        start = -(-max(first_free - int(cols.min()), 0) // align) * align
        while True:
            while start + span + window > occupied.size:
                occupied = np.concatenate([occupied, np.zeros(occupied.size, dtype=bool)])
            ok = np.ones(window, dtype=bool)
            for c in cols.tolist():
                ok &= ~occupied[start + c : start + c + span : align]
            hits = np.flatnonzero(ok)
            if hits.size:
                break
            start += span
        off = start + align * int(hits[0])
        occupied[off + cols] = True
        offsets[r] = off // align
        while occupied[first_free]:
            first_free += 1
    slots = align * offsets[rows] + (keys & mask)
    return offsets, slots


def rank_key_sums(multisets: list[tuple[int, ...]]) -> np.ndarray:
    """``int64`` rank-key sum of each rank-count vector (see :func:`rank_multisets`)."""
    return np.array(
        [sum(c * k for c, k in zip(counts, RANK_KEYS, strict=True)) for counts in multisets],
        dtype=np.int64,
    )


def mix_keys(keys: np.ndarray, multiplier: int = HASH_MULTIPLIER) -> np.ndarray:
    """The perfect hash's mixed keys of rank-key sums (``int64`` in, ``int64`` out)."""
    low = (1 << HASH_BITS) - 1
    return ((keys & low) * multiplier) & low


def build_holdem_tables() -> HoldemTables:
    """Build the hold'em tables from scratch (a few seconds; see module doc)."""
    order = _five_card_order()
    card_keys = np.zeros(52, dtype=np.uint64)
    suit_bits = np.zeros(52, dtype=np.uint64)
    for card in range(52):
        rank, suit = divmod(card, 4)
        card_keys[card] = RANK_KEYS[rank] | (1 << (32 + 4 * suit))
        suit_bits[card] = 1 << (16 * suit + rank)

    multisets = rank_multisets((5, 6, 7))
    offsets, slots = displace_rows(mix_keys(rank_key_sums(multisets)), ROW_SHIFT, OFFSET_ALIGN)
    if offsets.max() > np.iinfo(np.uint16).max:
        raise RuntimeError("hash row offsets overflow uint16; raise OFFSET_ALIGN")
    offsets = offsets.astype(np.uint16)
    values = np.zeros(FLUSH_SIZE + int(slots.max()) + 1, dtype=np.uint16)
    for counts, slot in zip(multisets, slots.tolist(), strict=True):
        values[FLUSH_SIZE + slot] = order[best_hand_from_ranks(counts, False)]
    for m in range(FLUSH_SIZE):
        if m.bit_count() >= 5:
            counts = tuple((m >> r) & 1 for r in range(13))
            values[m] = order[best_hand_from_ranks(counts, True)]
    return HoldemTables(card_keys, suit_bits, offsets, values)


def byte_safe(tables: HoldemTables) -> HoldemTables:
    """Copies of ``tables`` that every byte indexes safely, for unchecked input.

    ``card_keys`` and ``suit_bits`` get zero entries for codes 52..255 and
    ``values`` is padded to the last slot that any mixed key can address
    (``FLUSH_SIZE + OFFSET_ALIGN * max(offsets) + ROW_MASK``).  Hands of valid
    cards get the same values as with ``tables``; a hand with another byte
    gets a meaningless value but reads nothing outside the arrays, so
    :func:`equity.kernels.holdem.evaluate_batch` can check the codes after
    evaluating them.
    """
    card_keys = np.zeros(256, dtype=np.uint64)
    suit_bits = np.zeros(256, dtype=np.uint64)
    card_keys[: tables.card_keys.size] = tables.card_keys
    suit_bits[: tables.suit_bits.size] = tables.suit_bits
    reach = FLUSH_SIZE + OFFSET_ALIGN * int(tables.offsets.max()) + (1 << ROW_SHIFT)
    values = np.zeros(max(reach, tables.values.size), dtype=tables.values.dtype)
    values[: tables.values.size] = tables.values
    padded = HoldemTables(card_keys, suit_bits, tables.offsets, values)
    for array in padded:
        array.flags.writeable = False
    return padded


@functools.cache
def holdem_tables() -> HoldemTables:
    """The shipped hold'em tables (read-only arrays, loaded once)."""
    path = resources.files("equity") / "data" / "holdem.npz"
    with resources.as_file(path) as p, np.load(p) as data:
        tables = HoldemTables(*(np.ascontiguousarray(data[f]) for f in HoldemTables._fields))
    for array in tables:
        array.flags.writeable = False
    return tables


def build_value_components() -> np.ndarray:
    """``uint8[9 << 12 | 4096, 6]``: category and tiebreak ranks of every value.

    Row ``value`` holds ``(category, r1, ..., r5)``, unused ranks 255 and
    rows of non-values all 255.  Shipped beside the tables so that
    describing a hand does not rebuild the five-card order.
    """
    out = np.full(((9 << 12) + 4096, 6), 255, dtype=np.uint8)
    for (cat, ranks), value in _five_card_order().items():
        out[value, 0] = cat
        out[value, 1 : 1 + len(ranks)] = ranks
    return out


@functools.cache
def _shipped_components() -> np.ndarray:
    path = resources.files("equity") / "data" / "holdem.npz"
    with resources.as_file(path) as p, np.load(p) as data:
        return np.array(data["components"])


def hand_value_components(value: int) -> tuple[int, tuple[int, ...]]:
    """Return ``(category, tiebreak ranks)`` of a hand value.

    Examples
    --------
    >>> hand_value_components(7 << 12 | 0)  # the weakest full house
    (7, (0, 1))
    """
    table = _shipped_components()
    v = int(value)
    if not 0 <= v < len(table) or table[v, 0] == 255:
        raise ValueError(f"{value!r} is not a hand value")
    row = table[v]
    return int(row[0]), tuple(int(r) for r in row[1:] if r != 255)


def describe_value(value: int) -> str:
    """Describe a hand value in words ("full house, Kings over Fives").

    Examples
    --------
    >>> describe_value(9 << 12 | 9)
    'royal flush'
    """
    cat, ranks = hand_value_components(value)
    name = [RANK_NAMES[r] for r in ranks]
    plural = [_plural(n) for n in name]
    if cat == 9:
        return "royal flush" if ranks[0] == 12 else f"straight flush, {name[0]} high"
    if cat == 8:
        return f"four of a kind, {plural[0]}, {name[1]} kicker"
    if cat == 7:
        return f"full house, {plural[0]} over {plural[1]}"
    if cat == 6:
        return f"{name[0]}-high flush"
    if cat == 5:
        return f"{name[0]}-high straight"
    if cat == 4:
        return f"three of a kind, {plural[0]}"
    if cat == 3:
        return f"two pair, {plural[0]} and {plural[1]}"
    if cat == 2:
        return f"pair of {plural[0]}"
    return f"{name[0]} high"


def _plural(name: str) -> str:
    return name + ("es" if name == "Six" else "s")


def write_shipped(path: str | None = None) -> str:
    """Rebuild the tables and write them where :func:`holdem_tables` reads."""
    target = path or str(resources.files("equity") / "data" / "holdem.npz")
    np.savez_compressed(
        target, **build_holdem_tables()._asdict(), components=build_value_components()
    )
    return target


register_tables("holdem", lambda rules: holdem_tables())
