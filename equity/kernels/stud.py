"""The stud family: private hands completed from the deck, no board (stud, draw games).

A player holds ``n_now[p]`` cards now (the cards so far of a stud hand, the
cards kept of a draw hand; 0 for a random hand) and is dealt the rest of a
hand of ``n_cards`` from the live deck.  With ``shared`` (stud with more
players than the deck can serve) the last card is one card dealt face up
and shared by every player.  Hands are ranked by ``ranking``
(:data:`RANK_HIGH`: the best five of the hand with the hold'em tables;
:data:`RANK_ACE_FIVE`, :data:`RANK_DEUCE_SEVEN`, :data:`RANK_BADUGI`: the
low games of :mod:`.lowball`), with ``hilo`` also the eight-or-better low.

Counting convention: :mod:`.omaha_mc`'s, in pot units (a hi-lo pot is two
half-pots), with the same ``extra`` outcome columns (scoop, high win and
tie, low win and tie, any share, no low).

Player kinds: ``KIND_FIXED`` (the cards held now are known), ``KIND_RANGE``
(partly known cards: the cards held now are one of a list of candidate sets,
drawn jointly with the other such players and the whole draw rejected on a
conflict, which makes the draw uniform over the deals that fit every player),
``KIND_RANDOM`` (nothing known).

Monte-Carlo (:func:`simulate_stud_batches`): per deal, the candidate sets,
then each player's missing cards in seat order by partial Fisher-Yates over
the live deck (passing over cards the candidate sets hold), then the shared
card.  Exact (:func:`enumerate_stud`): every set of the ``m`` missing cards
of the live deck, and every way to hand that set out (``owners``: one row per
way, the seat of each card in the set's order, ``n_players`` for the shared
card), each deal once.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ._jit import QUEUE_WORKERS, fetch_add, inline_kernel, kernel, parallel_kernel, prange
from .draws import draw_combos, draw_live, joint_draw_table, next_combination, swap_draw
from .holdem import KEY_START, value_from_key
from .lowball import ace_five_low, badugi, deuce_seven_low, low8
from .omaha_mc import omaha_score
from .rng import seed_state
from .scoring import KIND_RANGE, STATUS_NO_LEGAL_DEAL, STATUS_OK, count_best

__all__ = [
    "HAND_WIDTH",
    "RANK_ACE_FIVE",
    "RANK_BADUGI",
    "RANK_DEUCE_SEVEN",
    "RANK_HIGH",
    "StudSpot",
    "enumerate_stud",
    "simulate_stud_batches",
]

RANK_HIGH = 0
RANK_ACE_FIVE = 1
RANK_DEUCE_SEVEN = 2
RANK_BADUGI = 3
HAND_WIDTH = 8
"""Columns of a hand row (a stud hand is seven cards)."""


class StudSpot(NamedTuple):
    """A spot of the stud family as the kernels take it."""

    n_cards: int
    """Cards in a finished hand (7 stud, 5 five-card draw and 2-7, 4 badugi)."""
    ranking: np.ndarray
    """``variant(RANK_*)`` (:func:`._jit.variant`): how hands are ranked, as a type: each
    ranking compiles its own loop, with the other evaluators' branches folded away."""
    hilo: bool
    """Also the eight-or-better low (stud hi-lo)."""
    shared: bool
    """The last card is one card shared by every player."""
    fixed_holes: np.ndarray
    """``uint8[n_players, HAND_WIDTH]``: the known players' cards, the first ``n_now[p]``."""
    n_now: np.ndarray
    """``int64[n_players]``: cards each player holds now."""
    kinds: np.ndarray
    """``int8[n_players]``: ``KIND_FIXED``, ``KIND_RANGE`` or ``KIND_RANDOM``."""
    combos: np.ndarray
    """``uint8[n_combos, HAND_WIDTH]``: the candidate sets of the partly known players."""
    combo_masks: np.ndarray
    """``uint64[n_combos]``: each candidate set's card mask."""
    combo_offsets: np.ndarray
    """``int64[n_players + 1]``: player ``p``'s candidates are ``[off[p], off[p + 1])``."""
    combo_cum: np.ndarray
    """``float64[n_combos]``: cumulative weights over all blocks."""
    fixed_mask: np.uint64
    """The known cards (never dealt)."""
    live_deck: np.ndarray
    """``uint8[n_live]``: every card not in ``fixed_mask``, ascending."""


@inline_kernel
def _highs(hands, n, card_keys, suit_bits, offsets, values, highs):
    """The high value of every hand's ``n`` cards (``n`` a literal)."""
    for p in range(hands.shape[0]):
        key = KEY_START
        suits = np.uint64(0)
        for j in range(n):
            key += card_keys[hands[p, j]]
            suits |= suit_bits[hands[p, j]]
        highs[p] = value_from_key(key, suits, offsets, values)


@inline_kernel
def _copy(hands, p, n, buf):
    """Row ``p`` of ``hands`` into ``buf`` (a row view would be a new array per hand)."""
    for j in range(n):
        buf[j] = hands[p, j]


@inline_kernel
def _values(spot, hands, card_keys, suit_bits, offsets, values, low_tables, buf, highs):
    """Every hand's value under the spot's ranking.

    One branch per ranking and card count, taken once per deal: each runs one
    evaluator on a literal card count, which it unrolls.  (A per-hand dispatch to
    the four evaluators, as one inlined function, measured five times slower.)
    ``low_tables`` is None for the high games: the low branches are compiled away.
    """
    ranking = spot.ranking.ndim - 1  # a constant of the compiled variant
    n_players = hands.shape[0]
    if low_tables is None or ranking == RANK_HIGH:  # None: high only, the rest compiled away
        if spot.n_cards == 7:
            _highs(hands, 7, card_keys, suit_bits, offsets, values, highs)
        else:
            _highs(hands, 5, card_keys, suit_bits, offsets, values, highs)
    elif ranking == RANK_ACE_FIVE:
        for p in range(n_players):
            _copy(hands, p, 7, buf)
            highs[p] = ace_five_low(buf, 7, low_tables)
    elif ranking == RANK_DEUCE_SEVEN:
        for p in range(n_players):
            _copy(hands, p, 5, buf)
            highs[p] = deuce_seven_low(buf, 5, low_tables)
    else:
        for p in range(n_players):
            _copy(hands, p, 4, buf)
            highs[p] = badugi(buf, 4, low_tables)


@inline_kernel
def _showdown(spot, hands, k, b, o, v, low_tables, buf, highs, lows, out, extra):
    """Value every hand of ``hands`` and add the showdown to ``out`` and ``extra``
    (``k, b, o, v``: the hold'em tables, unpacked once by the caller).

    ``extra`` is None but for hi-lo (the low and the outcome counts): a literal None,
    so the hi-lo code is compiled away from the other games' loops (where it cost a
    fifth of a heads-up deal although never run).
    """
    _values(spot, hands, k, b, o, v, low_tables, buf, highs)
    if extra is not None:
        for p in range(hands.shape[0]):
            _copy(hands, p, 7, buf)
            lows[p] = np.int64(low8(buf, 7, low_tables)) + 1  # 0: no qualifying low
        omaha_score(highs, lows, True, out, extra)
    else:  # the outcomes are the counts' own (win = sole best, tie = shared)
        count_best(highs, 1, out)


@kernel
def _stud_batch(seed, n_batch, spot, tables, low_tables, sink, row0, out, extra):
    """One batch of deals into ``out`` and ``extra``; return a status code.

    ``sink``: no rows (scoring only), or each deal's hands are written to
    ``sink[row0 + t]`` (deal ``t`` of the batch) as they are scored.  One
    compiled loop serves both: the test is one branch per deal, and a second
    variant per ranking would cost a compile as long as the first.

    The spot's arrays are taken out of the tuple once: taking one out per deal
    costs its reference counting each time (measured: two thirds of a heads-up deal).
    """
    k, b, o, v = tables
    n_now = spot.n_now
    fixed_mask = spot.fixed_mask
    combos = spot.combos
    combo_masks = spot.combo_masks
    combo_cum = spot.combo_cum
    combo_offsets = spot.combo_offsets
    n_players = spot.kinds.shape[0]
    n_cards = spot.n_cards
    private = n_cards - 1 if spot.shared else n_cards
    state = np.zeros(2, dtype=np.uint64)
    seed_state(seed, state)
    s0 = state[0]
    s1 = state[1]
    spare = np.uint64(0)
    deck = spot.live_deck.copy()
    n_live = deck.shape[0]
    hands = np.zeros((n_players, 8), dtype=np.uint8)
    for p in range(n_players):
        for j in range(n_now[p]):
            hands[p, j] = spot.fixed_holes[p, j]
    ranged, uniform = joint_draw_table(spot.kinds == KIND_RANGE, combo_offsets, combo_cum)
    skip = ranged.shape[0] > 0
    record = sink.shape[0] > 0
    highs = np.zeros(n_players, dtype=np.int64)
    lows = np.zeros(n_players, dtype=np.int64)
    buf = np.zeros(HAND_WIDTH, dtype=np.uint8)
    for t in range(n_batch):
        used = fixed_mask
        if skip:
            s0, s1, used, ok = draw_combos(
                s0,
                s1,
                fixed_mask,
                ranged,
                combo_offsets,
                combo_cum,
                uniform,
                combo_masks,
                None,
                combos,
                HAND_WIDTH,
                hands,
            )
            if not ok:
                return STATUS_NO_LEGAL_DEAL
        i = 0
        if skip:  # pass over the cards of the candidate sets
            for p in range(n_players):
                for j in range(n_now[p], private):
                    s0, s1, spare, i, c = draw_live(s0, s1, spare, deck, i, used, skip)
                    hands[p, j] = c
        else:
            for p in range(n_players):
                for j in range(n_now[p], private):
                    s0, s1, spare, c = swap_draw(s0, s1, spare, deck, i, n_live)
                    i += 1
                    hands[p, j] = c
        if spot.shared:
            s0, s1, spare, i, c = draw_live(s0, s1, spare, deck, i, used, skip)
            for p in range(n_players):
                hands[p, n_cards - 1] = c
        _showdown(spot, hands, k, b, o, v, low_tables, buf, highs, lows, out, extra)
        if record:
            for p in range(n_players):
                for j in range(n_cards):
                    sink[row0 + t, p, j] = hands[p, j]
    return STATUS_OK


@parallel_kernel
def simulate_stud_batches(
    seeds, batch_size, n_trials, first_batch, spot, tables, low_tables, sink, out, extra, status
):
    """Monte-Carlo of batches ``first_batch .. first_batch + len(out) - 1``.

    As :func:`.montecarlo.simulate_batches`: batch ``b`` runs its trials from
    the stream ``seeds[i]`` and writes only row ``i``, so the counts do not
    depend on the number of threads.

    Shapes
    ------
    spot : StudSpot; tables : equity.lookup.HoldemTables
    low_tables : equity.lookup.lowball.LowballTables, or None for the high games
    sink : uint8[n_deals, n_players, HAND_WIDTH] that receives the run's deals (deal
        ``d`` of the run, from the first batch's first deal, in ``sink[d]``), or
        uint8[0, n_players, HAND_WIDTH] when scoring only (the same compiled loop)
    out : int64[n_run, n_players, n_players + 1]
    extra : None, or (hi-lo) int64[n_run, n_players, 7]
    status : int64[n_run]
    """
    n_run = out.shape[0]
    taken = np.zeros(1, dtype=np.int64)  # the work queue (see fetch_add)
    for _worker in prange(min(n_run, QUEUE_WORKERS)):
        i = fetch_add(taken, 1)
        while i < n_run:
            start = (first_batch + i) * batch_size
            n_batch = min(n_trials, start + batch_size) - start
            row0 = i * batch_size
            if extra is None:
                status[i] = _stud_batch(
                    seeds[i], n_batch, spot, tables, low_tables, sink, row0, out[i], None
                )
            else:
                status[i] = _stud_batch(
                    seeds[i], n_batch, spot, tables, low_tables, sink, row0, out[i], extra[i]
                )
            i = fetch_add(taken, 1)


@kernel
def _unrank(rank, m, n, idx):
    """Set ``idx[:m]`` to the ``rank``-th ``m``-subset of ``[0, n)`` in lexicographic order."""
    x = n
    start = 0
    for j in range(m):
        for v in range(start, x):
            # subsets with idx[j] = v: C(n - v - 1, m - j - 1)
            k = m - j - 1
            top = n - v - 1
            count = np.int64(1)
            for t in range(k):
                count = count * (top - t) // (t + 1)
            if rank < count:
                idx[j] = v
                start = v + 1
                break
            rank -= count


@kernel
def _enumerate_range(spot, holes, used, deck, owners, lo, hi, tables, low_tables, out, extra):
    """Deals of subset ranks ``[lo, hi)`` of ``deck``: each subset that avoids ``used``,
    handed out every way of ``owners``."""
    k, b, o, v = tables
    n_now = spot.n_now
    n_players = holes.shape[0]
    n_cards = spot.n_cards
    m = owners.shape[1]
    n = deck.shape[0]
    hands = holes.copy()
    fill = np.zeros(n_players + 1, dtype=np.int64)
    highs = np.zeros(n_players, dtype=np.int64)
    lows = np.zeros(n_players, dtype=np.int64)
    buf = np.zeros(HAND_WIDTH, dtype=np.uint8)
    idx = np.zeros(max(m, 1), dtype=np.int64)
    _unrank(lo, m, n, idx)
    for _ in range(lo, hi):
        hit = np.uint64(0)
        for j in range(m):
            hit |= np.uint64(1) << np.uint64(deck[idx[j]])
        if not hit & used:
            for w in range(owners.shape[0]):
                for p in range(n_players):
                    fill[p] = n_now[p]
                for j in range(m):
                    c = deck[idx[j]]
                    p = owners[w, j]
                    if p == n_players:  # the shared card
                        for q in range(n_players):
                            hands[q, n_cards - 1] = c
                    else:
                        hands[p, fill[p]] = c
                        fill[p] += 1
                _showdown(spot, hands, k, b, o, v, low_tables, buf, highs, lows, out, extra)
        next_combination(idx, m, n)


@parallel_kernel
def enumerate_stud(spot, holes, used, deck, owners, n_chunks, tables, low_tables, out, extra):
    """Exact counts: item ``i`` deals assignment ``a = i // n_chunks`` of the cards held now
    (``holes[a]``, the partly known cards it chose ``used[a]``) with chunk
    ``i % n_chunks`` of the ``m``-subsets of ``deck``, into ``out[i]``, ``extra[i]``.

    Shapes
    ------
    holes : uint8[n_assign, n_players, HAND_WIDTH] (the first ``n_now[p]`` cards of row p)
    used : uint64[n_assign]; deck : uint8[n]: the live cards; owners : int8[n_ways, m]
    out : int64[n_items, n_players, n_players + 1], n_items = n_assign * n_chunks
    extra : None, or (hi-lo) int64[n_items, n_players, 7]
    """
    m = owners.shape[1]
    n_sets = np.int64(1)
    for t in range(m):
        n_sets = n_sets * (deck.shape[0] - t) // (t + 1)
    n_items = out.shape[0]
    taken = np.zeros(1, dtype=np.int64)
    for _worker in prange(min(n_items, QUEUE_WORKERS)):
        i = fetch_add(taken, 1)
        while i < n_items:
            a = i // n_chunks
            c = i % n_chunks
            lo = n_sets * c // n_chunks
            hi = n_sets * (c + 1) // n_chunks
            if extra is None:
                _enumerate_range(
                    spot, holes[a], used[a], deck, owners, lo, hi, tables, low_tables, out[i],
                    None,
                )  # fmt: skip
            else:
                _enumerate_range(
                    spot, holes[a], used[a], deck, owners, lo, hi, tables, low_tables, out[i],
                    extra[i],
                )  # fmt: skip
            i = fetch_add(taken, 1)
