"""Range hits: the made-hand class and the draws of every combo on every board.

:func:`classify_batch` gives each (board, combo) a ``uint32`` mask of class
bits (the ``BIT_*`` constants below; :data:`LIVE` marks a combo that shares
no card with the board or the dead cards, every other bit is then clear).
The classes are defined in :mod:`equity.analysis.hits`; this module only
computes them, from the hole ranks and suits against the board's rank and
suit counts, with the seven-card evaluator (:mod:`equity.kernels.holdem`)
for the category of the best hand.
"""

from __future__ import annotations

import numpy as np

from ._jit import inline_kernel, kernel, parallel_kernel, prange
from .holdem import KEY_START, value_from_key

__all__ = [
    "BIT_ACE_HIGH",
    "BIT_BACKDOOR_FLUSH_DRAW",
    "BIT_BOARD_PLAYS",
    "BIT_DOUBLE_GUTSHOT",
    "BIT_FLUSH",
    "BIT_FLUSH_DRAW",
    "BIT_FLUSH_STRAIGHT_DRAW",
    "BIT_FULL_HOUSE",
    "BIT_GOOD_KICKER",
    "BIT_GUTSHOT",
    "BIT_NO_MADE_HAND",
    "BIT_NUT_FLUSH_DRAW",
    "BIT_OESD",
    "BIT_OVERPAIR",
    "BIT_PAIR_DRAW",
    "BIT_POCKET_BELOW_TOP",
    "BIT_QUADS",
    "BIT_SECOND_PAIR",
    "BIT_SET",
    "BIT_STRAIGHT",
    "BIT_STRAIGHT_FLUSH",
    "BIT_THIRD_PAIR",
    "BIT_TOP_KICKER",
    "BIT_TOP_PAIR",
    "BIT_TRIPS",
    "BIT_TWO_OVERCARDS",
    "BIT_TWO_PAIR",
    "BIT_TWO_PAIR_BOARD",
    "BIT_TWO_PAIR_BOTH",
    "BIT_WEAK_KICKER",
    "LIVE",
    "classify_batch",
    "classify_serial",
]

# made hands: exactly one of bits 0-6, 7, 10, 11, 15-19 per live combo
BIT_STRAIGHT_FLUSH = 0  # category 9; bits 0..4 are 9 - category
BIT_QUADS = 1
BIT_FULL_HOUSE = 2
BIT_FLUSH = 3
BIT_STRAIGHT = 4
BIT_SET = 5
BIT_TRIPS = 6
BIT_TWO_PAIR = 7
BIT_TWO_PAIR_BOTH = 8  # subclasses of two pair
BIT_TWO_PAIR_BOARD = 9
BIT_OVERPAIR = 10
BIT_TOP_PAIR = 11
BIT_TOP_KICKER = 12  # subclasses of top pair
BIT_GOOD_KICKER = 13
BIT_WEAK_KICKER = 14
BIT_SECOND_PAIR = 15
BIT_POCKET_BELOW_TOP = 16
BIT_THIRD_PAIR = 17
BIT_ACE_HIGH = 18
BIT_NO_MADE_HAND = 19
BIT_BOARD_PLAYS = 20  # a flag next to the made hand
# draws (boards of 3 or 4 cards)
BIT_FLUSH_DRAW = 21
BIT_NUT_FLUSH_DRAW = 22
BIT_OESD = 23
BIT_DOUBLE_GUTSHOT = 24
BIT_GUTSHOT = 25
BIT_BACKDOOR_FLUSH_DRAW = 26
BIT_TWO_OVERCARDS = 27
BIT_FLUSH_STRAIGHT_DRAW = 28
BIT_PAIR_DRAW = 29
LIVE = np.uint32(1 << 31)

_RANKS13 = 0x1FFF
_PAIR_BITS = (
    (1 << BIT_OVERPAIR)
    | (1 << BIT_TOP_PAIR)
    | (1 << BIT_SECOND_PAIR)
    | (1 << BIT_POCKET_BELOW_TOP)
    | (1 << BIT_THIRD_PAIR)
)
_NOTHING_BITS = (1 << BIT_ACE_HIGH) | (1 << BIT_NO_MADE_HAND)


@inline_kernel
def _popcount(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@inline_kernel
def _top_rank(bits):
    """The highest set bit of a rank set (-1 when empty)."""
    r = 12
    while r >= 0 and not (bits >> r) & 1:
        r -= 1
    return r


@inline_kernel
def _ace_low(bits):
    """A 13-bit rank set as 14 bits: bit 0 the ace played low, bit ``r + 1`` rank ``r``."""
    return (bits << 1) | ((bits >> 12) & 1)


@inline_kernel
def _has_run(ext):
    """Whether a 14-bit (ace-low extended) rank set holds five consecutive ranks."""
    return (ext & (ext >> 1) & (ext >> 2) & (ext >> 3) & (ext >> 4)) != 0


@inline_kernel
def _straight_draws(board_ranks, r1, r2):
    """Class bits of the straight draws of hole ranks ``r1, r2`` (0 when there is none).

    A *straight rank* is a rank whose card, added next, completes a straight
    (five consecutive ranks, A-5 included) holding at least one rank that
    only a hole card gives; the hand must hold no straight yet.
    """
    ext_board = _ace_low(board_ranks)
    ext = _ace_low(board_ranks | (1 << r1) | (1 << r2))
    if _has_run(ext):
        return 0
    spots = 0  # 14-bit positions of the straight ranks
    for w in range(10):
        window = 0x1F << w
        miss = window & ~ext
        if miss and not (miss & (miss - 1)) and (window & ~ext_board & ~miss):
            spots |= miss
    if not spots:
        return 0
    if spots & (spots >> 5):
        return 1 << BIT_OESD
    ranks = ((spots >> 1) | ((spots & 1) << 12)) & _RANKS13
    if _popcount(ranks) >= 2:
        return 1 << BIT_DOUBLE_GUTSHOT
    return 1 << BIT_GUTSHOT


@inline_kernel
def _pocket(p, board_top):
    return 1 << BIT_OVERPAIR if p > board_top else 1 << BIT_POCKET_BELOW_TOP


@inline_kernel
def _paired(p, kicker, board_ranks, board_top, board_second):
    """Bits of one hole card pairing board rank ``p`` (the other hole card: ``kicker``)."""
    if p == board_top:
        above = _popcount(_RANKS13 & ~board_ranks & ~((2 << kicker) - 1))
        if above == 0:
            return (1 << BIT_TOP_PAIR) | (1 << BIT_TOP_KICKER)
        if above <= 2:
            return (1 << BIT_TOP_PAIR) | (1 << BIT_GOOD_KICKER)
        return (1 << BIT_TOP_PAIR) | (1 << BIT_WEAK_KICKER)
    if p == board_second:
        return 1 << BIT_SECOND_PAIR
    return 1 << BIT_THIRD_PAIR


@inline_kernel
def _made(value, r1, r2, counts, board_ranks, board_top, board_second, board_value, quads_board):
    """Made-hand bits (with the board-plays flag) of hole ranks ``r1 >= r2``."""
    category = value >> 12
    if category >= 5:
        bits = 1 << (9 - category)
        if (category == 8 and quads_board) or value == board_value:
            bits |= 1 << BIT_BOARD_PLAYS
        return bits
    # the ranks of the best hand's trips or two highest pairs (np.int64 casts keep the
    # sums counts when numba is disabled: numpy bools would OR)
    t = -1
    p1 = -1
    p2 = -1
    for r in range(12, -1, -1):
        total = counts[r] + np.int64(r1 == r) + np.int64(r2 == r)
        if total == 3:
            t = r
        elif total == 2:
            if p1 < 0:
                p1 = r
            elif p2 < 0:
                p2 = r
    bits = 0
    if category == 4:
        held = np.int64(r1 == t) + np.int64(r2 == t)
        if held == 2:
            return 1 << BIT_SET
        if held == 1:
            return 1 << BIT_TRIPS
    elif category == 3:
        q1 = np.int64(r1 == p1) + np.int64(r2 == p1)
        q2 = np.int64(r1 == p2) + np.int64(r2 == p2)
        if q1 == 1 and q2 == 1:
            return (1 << BIT_TWO_PAIR) | (1 << BIT_TWO_PAIR_BOTH)
        if q1 == 2:
            return _pocket(p1, board_top)
        if q2 == 2:
            return _pocket(p2, board_top)
        if q1 + q2 == 1:
            return (1 << BIT_TWO_PAIR) | (1 << BIT_TWO_PAIR_BOARD)
    elif category == 2:
        q1 = np.int64(r1 == p1) + np.int64(r2 == p1)
        if q1 == 2:
            return _pocket(p1, board_top)
        if q1 == 1:
            kicker = r2 if r1 == p1 else r1
            return _paired(p1, kicker, board_ranks, board_top, board_second)
    if category >= 2:  # the pair or better is the board's alone
        bits = 1 << BIT_BOARD_PLAYS
    return bits | (1 << BIT_ACE_HIGH if r1 == 12 else 1 << BIT_NO_MADE_HAND)


@inline_kernel
def _flush_draws(s1, s2, r1, r2, suit_counts, suit_set, flop):
    """Flush-draw bits: four of a suit (nut or not), or on the flop three (backdoor)."""
    n1 = suit_counts[s1] + 1 + np.int64(s2 == s1)
    n2 = suit_counts[s2] + 1 + np.int64(s2 == s1)
    if n1 >= 5 or n2 >= 5:
        return 0
    for i in range(2):
        s = s1 if i == 0 else s2
        n = n1 if i == 0 else n2
        if n != 4:
            continue
        bits = 1 << BIT_FLUSH_DRAW
        suited = np.int64((suit_set >> np.uint64(16 * s)) & np.uint64(_RANKS13))
        nut = _top_rank(_RANKS13 & ~suited)
        if (s1 == s and r1 == nut) or (s2 == s and r2 == nut):
            bits |= 1 << BIT_NUT_FLUSH_DRAW
        return bits
    if flop and (n1 == 3 or n2 == 3):
        return 1 << BIT_BACKDOOR_FLUSH_DRAW
    return 0


@kernel
def _classify_board(combos, board, dead, card_keys, suit_bits, offsets, values, out):
    """Classify every combo on one board into ``out``."""
    k = board.shape[0]
    counts = np.zeros(13, dtype=np.int64)
    suit_counts = np.zeros(4, dtype=np.int64)
    used = dead
    key = KEY_START
    suit_set = np.uint64(0)
    board_ranks = 0
    for i in range(k):
        c = np.int64(board[i])
        counts[c >> 2] += 1
        suit_counts[c & 3] += 1
        used |= np.uint64(1) << np.uint64(c)
        key += card_keys[c]
        suit_set |= suit_bits[c]
        board_ranks |= 1 << (c >> 2)
    board_value = value_from_key(key, suit_set, offsets, values) if k == 5 else np.int32(-1)
    board_top = _top_rank(board_ranks)
    board_second = _top_rank(board_ranks & ~(1 << board_top))
    quads_board = counts.max() == 4
    draws = k <= 4
    flop = k == 3
    for i in range(combos.shape[0]):
        a = np.int64(combos[i, 0])
        b = np.int64(combos[i, 1])
        if (used >> np.uint64(a)) & np.uint64(1) or (used >> np.uint64(b)) & np.uint64(1):
            out[i] = 0
            continue
        r1 = a >> 2
        r2 = b >> 2
        if r2 > r1:
            r1, r2 = r2, r1
        value = value_from_key(
            key + card_keys[a] + card_keys[b],
            suit_set | suit_bits[a] | suit_bits[b],
            offsets,
            values,
        )
        bits = _made(
            value, r1, r2, counts, board_ranks, board_top, board_second, board_value, quads_board
        )
        if draws:
            flush = _flush_draws(a & 3, b & 3, a >> 2, b >> 2, suit_counts, suit_set, flop)
            straight = _straight_draws(board_ranks, r1, r2)
            bits |= flush | straight
            if r1 != r2 and r2 > board_top and bits & _NOTHING_BITS:
                bits |= 1 << BIT_TWO_OVERCARDS
            flush_draw = flush & (1 << BIT_FLUSH_DRAW)
            if flush_draw and straight:
                bits |= 1 << BIT_FLUSH_STRAIGHT_DRAW
            if bits & _PAIR_BITS and (flush_draw or straight):
                bits |= 1 << BIT_PAIR_DRAW
        out[i] = np.uint32(bits) | LIVE


@parallel_kernel
def classify_batch(combos, boards, dead, card_keys, suit_bits, offsets, values, out):
    """Class bits of every combo on every board; one board per task.

    A combo that shares a card with its board or with ``dead`` gets 0 (no
    :data:`LIVE` bit).  Draw bits are set on boards of 3 or 4 cards only,
    the backdoor flush draw on 3 only.

    Shapes
    ------
    combos : uint8[n_combos, 2], distinct cards per row
    boards : uint8[n_boards, k], 3 <= k <= 5, distinct cards per row
    dead : uint64 card mask, disjoint from every board
    card_keys, suit_bits, offsets, values : the arrays of equity.lookup.HoldemTables
    out : uint32[n_boards, n_combos]
    """
    for b in prange(boards.shape[0]):
        _classify_board(combos, boards[b], dead, card_keys, suit_bits, offsets, values, out[b])


@kernel
def classify_serial(combos, boards, dead, card_keys, suit_bits, offsets, values, out):
    """:func:`classify_batch` on one thread: for a few boards, where waking threads costs more.

    Shapes as in :func:`classify_batch`.
    """
    for b in range(boards.shape[0]):
        _classify_board(combos, boards[b], dead, card_keys, suit_bits, offsets, values, out[b])
