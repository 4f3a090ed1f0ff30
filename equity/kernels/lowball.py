"""Low and badugi hand values: razz (ace-to-five), eight-or-better, deuce-to-seven, badugi.

Every evaluator returns an ``int32`` where bigger is better and equal values tie,
laid out as ``code << LOW_SHIFT | (LOW_RAW_MASK - raw)``:

* ``value >> LOW_SHIFT`` is the *category code*, 1 = the weakest category; the
  category's name is ``categories[len(categories) - code]`` of the game's tuple
  (``RAZZ_CATEGORIES``: 14 = 5-low .. 6 = K-low, 5 pair, 4 two pair, 3 three of a
  kind, 2 full house, 1 four of a kind; ``DEUCE_SEVEN_CATEGORIES``: 16 = 7-low ..
  9 = A-high, 8 pair, 7 two pair, 6 three of a kind, 5 straight, 4 flush, 3 full
  house, 2 four of a kind, 1 straight flush; ``BADUGI_CATEGORIES``: the number of
  cards that play, 4 .. 1).  :func:`low_category` returns it.
* ``raw`` (26 bits, smaller is better) breaks ties in a category.  With rank masks
  (13 bits, one per rank; ace-low order for razz and badugi, bit 0 = ace .. bit 12
  = king; natural order for 2-7, bit 0 = deuce .. bit 12 = ace), a hand of
  different ranks has ``raw = mask`` (comparing masks compares the highest card,
  then the next), and a paired hand ``raw = top << 13 | rest``: ``top`` the mask
  of its pairs (or trips, or quads), ``rest`` the mask of its other ranks.

A hand's rank masks ``m1 .. m4`` (ranks held at least once .. four times) take
four operations a card; the common case (five different ranks) is then one
lookup in :class:`equity.lookup.lowball.LowballTables` (passed as ``tables``),
the paired hands a few bit operations (``m & -m``: the lowest rank of a mask).

Callers in hot loops should pass the card count ``n`` as a literal (a branch to
one call per count, as :func:`_sample_batch` does): LLVM then unrolls the loops
over the cards, about three times faster than a count known only at run time.
"""

from __future__ import annotations

import numpy as np

from ._jit import inline_kernel, kernel, parallel_kernel, prange
from .draws import subset_step
from .rng import seed_state

__all__ = [
    "ACE_FIVE",
    "BADUGI",
    "DEUCE_SEVEN",
    "LOW_COLUMN",
    "LOW_RAW_MASK",
    "LOW_SHIFT",
    "ace_five_low",
    "badugi",
    "deuce_seven_low",
    "evaluate_low_batch",
    "low8",
    "low_category",
    "low_value",
    "sample_low_categories",
]

LOW_SHIFT = 26
"""``value >> LOW_SHIFT`` is the category code (as :data:`equity.lookup.lowball.LOW_SHIFT`)."""
LOW_RAW_MASK = (1 << LOW_SHIFT) - 1
"""The tie-break field of a value."""

ACE_FIVE = 1
"""``ranking`` code of :func:`low_value`: razz, :func:`ace_five_low`."""
DEUCE_SEVEN = 2
"""``ranking`` code of :func:`low_value`: :func:`deuce_seven_low`."""
BADUGI = 3
"""``ranking`` code of :func:`low_value`: :func:`badugi`."""

LOW_COLUMN = 10
"""Column of the qualifying lows in :func:`sample_low_categories` (``omaha.LOW_COLUMN``)."""

_ONE = np.int64(1)
_RANKS = np.int64(0x1FFF)
_EIGHT_OR_BETTER = np.int64(0xFF)  # A, 2 .. 8 in ace-low order
_SHIFT = np.int64(LOW_SHIFT)
_RAW = np.int64(LOW_RAW_MASK)
_FEW = 16
"""Table entries below this are the rank count of a mask of fewer than five ranks."""
# category codes of the paired hands (see the module docstring)
_RAZZ_PAIR, _RAZZ_TWO_PAIR, _RAZZ_TRIPS, _RAZZ_FULL, _RAZZ_QUADS = 5, 4, 3, 2, 1
_27_PAIR, _27_TWO_PAIR, _27_TRIPS, _27_FULL, _27_QUADS = 8, 7, 6, 3, 2


@inline_kernel
def _rank_masks(hand, n):
    """Masks of the ranks held at least once, twice, three and four times (bit = rank code)."""
    m1 = np.int64(0)
    m2 = np.int64(0)
    m3 = np.int64(0)
    m4 = np.int64(0)
    for i in range(n):
        b = _ONE << (np.int64(hand[i]) >> 2)
        m4 |= m3 & b
        m3 |= m2 & b
        m2 |= m1 & b
        m1 |= b
    return m1, m2, m3, m4


@inline_kernel
def _ace_low(m):
    """A natural rank mask (bit 12 = ace) in ace-low order (bit 0 = ace)."""
    return ((m << _ONE) | (m >> np.int64(12))) & _RANKS


@inline_kernel
def _paired(code, top, m1):
    return np.int32((np.int64(code) << _SHIFT) | (_RAW - ((top << np.int64(13)) | (m1 ^ top))))


@inline_kernel
def _razz_paired(size, m1, m2, m3, m4):
    """Best ace-to-five low of fewer than five ranks (``size`` of them; masks ace-low)."""
    if size == 4:  # one pair: the lowest paired rank
        return _paired(_RAZZ_PAIR, m2 & -m2, m1)
    if size == 3:
        if m2 & (m2 - _ONE):  # two pair: the two lowest paired ranks
            low = m2 & -m2
            rest = m2 ^ low
            return _paired(_RAZZ_TWO_PAIR, low | (rest & -rest), m1)
        return _paired(_RAZZ_TRIPS, m3, m1)
    if m3 and m2 & (m2 - _ONE):  # full house: trips of the lower rank that has three
        return _paired(_RAZZ_FULL, m3 & -m3, m1)
    return _paired(_RAZZ_QUADS, m4, m1)


@inline_kernel
def ace_five_low(hand, n, tables):
    """Razz value of the first ``n`` (5..7) cards: the best ace-to-five low.

    Aces low, straights and flushes ignored, pairs bad; compared from the highest
    card down.  5-4-3-2-A is the largest value.

    Shapes
    ------
    hand : uint8[>= n] card codes (``4 * rank + suit``), distinct
    tables : equity.lookup.lowball.LowballTables (or the tuple of its arrays)
    return : int32, bigger is better; ``>> LOW_SHIFT`` is the code of a razz category
    """
    ace_five = tables[0]
    m1, m2, m3, m4 = _rank_masks(hand, n)
    low = _ace_low(m1)
    v = ace_five[low]
    if v >= _FEW:
        return v
    return _razz_paired(v, low, _ace_low(m2), _ace_low(m3), _ace_low(m4))


@inline_kernel
def low8(hand, n, tables):
    """Eight-or-better low of the first ``n`` (5..7) cards, or -1 without one.

    Five different ranks of A, 2 .. 8 (aces low): the value :func:`ace_five_low`
    gives the same five cards, so lows order as in razz.

    Shapes
    ------
    hand : uint8[>= n]; tables : LowballTables
    return : int32, bigger is better, -1 = no qualifying low
    """
    ace_five = tables[0]
    m1, _, _, _ = _rank_masks(hand, n)
    v = np.int64(ace_five[_ace_low(m1) & _EIGHT_OR_BETTER])
    return np.int32(v | (np.int64(v >= _FEW) - _ONE))  # -1 unless five ranks


@inline_kernel
def deuce_seven_low(hand, n, tables):
    """Deuce-to-seven value of five cards (``n`` = 5): the worst high hand wins.

    Aces always high (A-2-3-4-5 is ace-high, no straight); straights and flushes
    count against the hand.  7-5-4-3-2 of mixed suits is the largest value.

    Shapes
    ------
    hand : uint8[>= 5]; tables : LowballTables
    return : int32, bigger is better; ``>> LOW_SHIFT`` is the code of a 2-7 category
    """
    deuce_seven = tables[1]
    m1, m2, m3, m4 = _rank_masks(hand, n)
    first = np.int64(hand[0])
    other_suits = np.int64(0)  # nonzero unless every card has the first card's suit
    for i in range(1, n):
        other_suits |= (np.int64(hand[i]) ^ first) & np.int64(3)
    flush = np.int64(other_suits == 0)
    v = np.int64(deuce_seven[(flush << np.int64(13)) | m1])
    # paired (half of all hands): selects, not branches
    top = m4 if m4 else (m3 if m3 else m2)
    three = _27_FULL if v == 2 else _27_TRIPS
    two = _27_TWO_PAIR if v == 3 else _27_PAIR
    paired = np.int64(_paired(_27_QUADS if m4 else (three if m3 else two), top, m1))
    five = -np.int64(v >= _FEW)  # all ones for five different ranks
    return np.int32((v & five) | (paired & ~five))


@inline_kernel
def _card_word(c):
    """A card's rank bit (ace-low, bits 0-12) and suit bit (bits 13-16)."""
    c = np.int64(c)
    return _ace_low(_ONE << (c >> 2)) | (_ONE << (np.int64(13) + (c & np.int64(3))))


@inline_kernel
def _disjoint(x, y):
    """All ones if words ``x`` and ``y`` share no rank and no suit, else zero."""
    return -np.int64((x & y) == 0)


@inline_kernel
def _badugi_value(size, words_or, ok):
    """The value of cards whose words OR to ``words_or``, or 0 unless ``ok`` (all ones)."""
    return ((np.int64(size) << _SHIFT) | (_RAW - (words_or & _RANKS))) & ok


@inline_kernel
def badugi(hand, n, tables):
    """Badugi value of four cards (``n`` = 4): most cards of different ranks and suits.

    A 4-card badugi beats any 3-card hand, and so on; aces low; among hands of the
    same size the lowest wins, compared from the highest card down.  Every subset of
    the four cards is valued (zero unless its cards pairwise share no rank and no
    suit) and the largest value wins: no branches.  ``tables`` is not read (the
    argument keeps the four evaluators interchangeable).

    Shapes
    ------
    hand : uint8[>= 4]; tables : LowballTables
    return : int32, bigger is better; ``>> LOW_SHIFT`` is the number of cards that play
    """
    a = _card_word(hand[0])
    b = _card_word(hand[1])
    c = _card_word(hand[2])
    d = _card_word(hand[3])
    ab = _disjoint(a, b)
    ac = _disjoint(a, c)
    ad = _disjoint(a, d)
    bc = _disjoint(b, c)
    bd = _disjoint(b, d)
    cd = _disjoint(c, d)
    all_ones = np.int64(-1)
    singles = max(
        max(_badugi_value(1, a, all_ones), _badugi_value(1, b, all_ones)),
        max(_badugi_value(1, c, all_ones), _badugi_value(1, d, all_ones)),
    )
    pairs = max(
        max(
            max(_badugi_value(2, a | b, ab), _badugi_value(2, a | c, ac)),
            _badugi_value(2, a | d, ad),
        ),
        max(
            max(_badugi_value(2, b | c, bc), _badugi_value(2, b | d, bd)),
            _badugi_value(2, c | d, cd),
        ),
    )
    triples = max(
        max(_badugi_value(3, a | b | c, ab & ac & bc), _badugi_value(3, a | b | d, ab & ad & bd)),
        max(_badugi_value(3, a | c | d, ac & ad & cd), _badugi_value(3, b | c | d, bc & bd & cd)),
    )
    four = _badugi_value(4, a | b | c | d, ab & ac & ad & bc & bd & cd)
    return np.int32(max(max(singles, pairs), max(triples, four)))


@inline_kernel
def low_value(hand, n, ranking, tables):
    """The value of the first ``n`` cards under ``ranking`` (:data:`ACE_FIVE`,
    :data:`DEUCE_SEVEN` or :data:`BADUGI`)."""
    if ranking == ACE_FIVE:
        return ace_five_low(hand, n, tables)
    if ranking == DEUCE_SEVEN:
        return deuce_seven_low(hand, n, tables)
    return badugi(hand, n, tables)


@inline_kernel
def low_category(value):
    """The category code of a value: ``value >> LOW_SHIFT`` (1 = the weakest category)."""
    return np.int64(value) >> _SHIFT


@parallel_kernel
def evaluate_low_batch(hands, ranking, tables, out):
    """Values of many hands under ``ranking`` (:data:`ACE_FIVE`, :data:`DEUCE_SEVEN`,
    :data:`BADUGI`; 0 = the eight-or-better low of :func:`low8`).

    Shapes
    ------
    hands : uint8[n, k] (k the hand size); out : int32[n]
    """
    k = hands.shape[1]
    for i in prange(hands.shape[0]):
        if ranking == 0:
            out[i] = low8(hands[i], k, tables)
        else:
            out[i] = low_value(hands[i], k, ranking, tables)


@parallel_kernel
def sample_low_categories(seeds, batch_size, n_trials, first_batch, n_cards, ranking, tables, out):
    """Deal random hands of ``n_cards`` and count their categories under ``ranking``.

    Batches ``first_batch .. first_batch + len(seeds) - 1`` of an ``n_trials`` job;
    batch ``b = first_batch + i`` deals its trials from its own stream ``seeds[i]``
    and writes only ``out[i]`` (the counts do not depend on the threads).  With
    ``ranking`` 0 (stud hi-lo) only column :data:`LOW_COLUMN` counts: the hands with an
    eight-or-better low; the hands are those the hold'em sampler
    (``holdem.sample_category_counts``, full deck) deals from the same seeds.

    Shapes
    ------
    seeds : uint64[n_run]; tables : LowballTables
    out : int64[n_run, 17], zeroed; column = category code (1 .. 16)
    """
    for i in prange(seeds.shape[0]):
        start = (first_batch + i) * batch_size
        n = min(n_trials, start + batch_size) - start
        _sample_batch(seeds[i], n, n_cards, ranking, tables, out[i])


@kernel
def _sample_batch(seed, n, n_cards, ranking, tables, out):
    """One batch of :func:`sample_low_categories`.

    The hot loop lives in :func:`_deal_count` with a literal card count and ranking,
    so LLVM unrolls the draws and the evaluator's loops (as ``holdem._sample_batch``).
    """
    if ranking == ACE_FIVE:
        if n_cards == 7:
            _deal_count(seed, n, 7, ACE_FIVE, tables, out)
        elif n_cards == 6:
            _deal_count(seed, n, 6, ACE_FIVE, tables, out)
        else:
            _deal_count(seed, n, 5, ACE_FIVE, tables, out)
    elif ranking == 0:
        if n_cards == 7:
            _deal_count(seed, n, 7, 0, tables, out)
        elif n_cards == 6:
            _deal_count(seed, n, 6, 0, tables, out)
        else:
            _deal_count(seed, n, 5, 0, tables, out)
    elif ranking == DEUCE_SEVEN:
        _deal_count(seed, n, 5, DEUCE_SEVEN, tables, out)
    else:
        _deal_count(seed, n, 4, BADUGI, tables, out)


@inline_kernel
def _deal_count(seed, n, n_cards, ranking, tables, out):
    """Deal ``n`` hands by Floyd's algorithm (:func:`.draws.subset_step`) and count them."""
    state = np.empty(2, dtype=np.uint64)
    seed_state(seed, state)
    s0 = state[0]
    s1 = state[1]
    spare = np.uint64(0)
    hand = np.empty(8, dtype=np.uint8)
    counts = np.zeros(out.shape[0], dtype=np.int64)
    last = 52 - n_cards
    for _ in range(n):
        taken = np.uint64(0)
        for j in range(n_cards):
            s0, s1, spare, taken, t = subset_step(s0, s1, spare, taken, last + j)
            hand[j] = np.uint8(t)
        if ranking == 0:
            counts[LOW_COLUMN] += low8(hand, n_cards, tables) >= 0
        else:
            counts[low_category(low_value(hand, n_cards, ranking, tables))] += 1
    for j in range(out.shape[0]):
        out[j] += counts[j]
