"""The draw steps shared by the dealing loops: each written once, inlined into its callers.

Every Monte-Carlo loop of the package deals from a seeded xoroshiro128+
stream (:mod:`.rng`) through these steps, so two loops that deal the same
spot make the same draws (``tests/test_kernel_draws.py`` and
``tests/test_pinned_draws.py`` hold them to it).  The steps carry the
generator as scalars ``(s0, s1, spare)`` (``spare``: the unused half of the
last output, :func:`~.rng.draw`), never as an array.

Card order:

* :func:`swap_draw`, one step of a partial Fisher-Yates shuffle (an ordered
  sample: hands dealt to players in turn), and :func:`partial_shuffle`,
  its steps over a state array;
* :func:`subset_step`, one step of Floyd's sampling algorithm (an unordered
  sample: a board), with no writes to the deck, only a 64-bit mask of the
  positions taken: the swaps of Fisher-Yates chain each draw to the last
  through memory, Floyd's steps only through the mask, in registers, which
  makes a five- or seven-card draw about 15% faster in the sampling loops;
* :func:`next_combination`, the exact loops' step to the next set of cards.

Dealing around the range players' cards (held in the mask ``used``):
:func:`draw_live` (one card, any representation), :func:`deal_skipping_keys`
(``m`` cards added to a hold'em-type hand), :func:`skip_position` (Floyd's
draw over a deck with positions left out).

The joint candidate draw of the range players (hold'em-type ranges, Omaha
patterns, stud candidate sets): :func:`draw_combos` (the combos' indices,
and their cards where the loop deals cards), from the table of
:func:`joint_draw_table`; :func:`pick_combo` picks one combo.

Card representations.  A step that adds cards up says which in its name:

* *keys*: the hold'em-type kernels' rank-key sum and suit set ``(key,
  suits)``, each card adding ``card_keys[c]`` and OR-ing ``suit_bits[c]``
  (:func:`.holdem.value_from_key` reads them): :func:`floyd_board_keys`,
  :func:`deal_hand_keys`, :func:`deal_skipping_keys`;
* *sums*: Omaha's board sums ``(key, suits, low)`` (:func:`.omaha.add_card`):
  :func:`floyd_board_sums`.
"""

from __future__ import annotations

import numpy as np

from ._jit import inline_kernel, kernel
from .rng import below, draw, xoro

__all__ = [
    "MAX_REJECTIONS",
    "deal_hand_keys",
    "deal_skipping_keys",
    "draw_combos",
    "draw_live",
    "floyd_board_keys",
    "floyd_board_sums",
    "joint_draw_table",
    "live_deck",
    "next_combination",
    "partial_shuffle",
    "pick_combo",
    "skip_position",
    "subset_step",
    "swap_draw",
]

MAX_REJECTIONS = 100_000
"""Consecutive rejected joint draws (:func:`draw_combos`) before a batch gives up."""

_ONE = np.uint64(1)


# --- the two samplers and the exact loops' step -------------------------------------


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


# --- boards and hands, per card representation ------------------------------------


@inline_kernel
def floyd_board_keys(s0, s1, spare, deck, first, m, key, suits, card_keys, suit_bits, sink, row):
    """Add ``m`` cards to ``key``/``suits``: a uniform set of the ``n_left`` cards ``deck[first:]``.

    Floyd's algorithm (:func:`subset_step`), steps ``n_left - m ..
    n_left - 1``: the board draw of the hold'em-type table loops (*keys*,
    module doc).  Returns ``(s0, s1, spare, key, suits)``.  ``sink``: None
    (pruned at compile time), or the general loop's recording sink, whose
    board row ``row`` gets the cards drawn in its last ``m`` columns.
    """
    n_left = deck.shape[0] - first
    taken = np.uint64(0)
    for j in range(n_left - m, n_left):
        s0, s1, spare, taken, t = subset_step(s0, s1, spare, taken, j)
        c = deck[first + t]
        key += card_keys[c]
        suits |= suit_bits[c]
        if sink is not None:
            sink[1][row, sink[1].shape[1] - n_left + j] = c
    return s0, s1, spare, key, suits


@inline_kernel
def floyd_board_sums(s0, s1, spare, deck, i, m, sums, card_keys, suit_bits, low_bits, sink, r):
    """Complete an Omaha board with ``m`` cards of ``deck[i:]`` by Floyd's algorithm.

    Returns ``(s0, s1, spare, sums)``, the cards added to the board's *sums*
    ``(key, suits, low)`` (module doc; each card as :func:`.omaha.add_card`
    adds it, written out here: :mod:`.omaha` imports this module).
    ``sink`` (None, compiled away, or ``uint8[n, rows, >= 5]``) receives the
    cards in ``sink[r, -1, 5 - m:]``, in the order drawn.
    """
    n_left = deck.shape[0] - i
    taken = np.uint64(0)
    key, suits, low = sums
    for j in range(n_left - m, n_left):
        s0, s1, spare, taken, t = subset_step(s0, s1, spare, taken, j)
        c = deck[i + t]
        key, suits, low = key + card_keys[c], suits | suit_bits[c], low | np.int64(low_bits[c])
        if sink is not None:
            sink[r, sink.shape[1] - 1, 5 - n_left + j] = c
    return s0, s1, spare, (key, suits, low)


@inline_kernel
def deal_hand_keys(s0, s1, spare, deck, i, n_hole, card_keys, suit_bits):
    """A random player's ``n_hole`` cards by Fisher-Yates from ``deck[i:]``: ``(s0, s1, spare,
    key, suits)`` (*keys*); the cards are then ``deck[i:i + n_hole]``, in the order dealt."""
    key = np.uint64(0)
    suits = np.uint64(0)
    for q in range(i, i + n_hole):
        s0, s1, spare, c = swap_draw(s0, s1, spare, deck, q, deck.shape[0])
        key += card_keys[c]
        suits |= suit_bits[c]
    return s0, s1, spare, key, suits


# --- dealing around the range players' cards --------------------------------------


@inline_kernel
def draw_live(s0, s1, spare, deck, i, used, skip):
    """The next card of a partial Fisher-Yates from ``deck[i:]``: ``(s0, s1, spare, i, card)``.

    With ``skip`` (range or pattern players are dealt), cards in the mask
    ``used`` are drawn and passed over, which leaves the others uniform.
    """
    n_live = deck.shape[0]
    while True:
        s0, s1, spare, c = swap_draw(s0, s1, spare, deck, i, n_live)
        i += 1
        if not (skip and (_ONE << np.uint64(c)) & used):
            break
    return s0, s1, spare, i, c


@inline_kernel
def deal_skipping_keys(s0, s1, spare, deck, i, m, used, key, suits, card_keys, suit_bits):
    """Add ``m`` cards to ``key``/``suits`` (*keys*), drawn from ``deck[i:]`` skipping ``used``.

    Partial Fisher-Yates from position ``i``; cards in the mask ``used``
    (held by range players) are drawn and passed over, which leaves the
    others uniform: the draws of :func:`draw_live`, as one loop.  Returns
    ``(s0, s1, spare, next position, key, suits)``; the cards dealt are those
    of ``deck[i:next position]`` not in ``used``.
    """
    n_live = deck.shape[0]
    dealt = 0
    while dealt < m:
        s0, s1, spare, c = swap_draw(s0, s1, spare, deck, i, n_live)
        i += 1
        if (_ONE << np.uint64(c)) & used:
            continue
        key += card_keys[c]
        suits |= suit_bits[c]
        dealt += 1
    return s0, s1, spare, i, key, suits


@inline_kernel
def skip_position(t, used):
    """Position ``t`` of a deck with one position ``used`` left out, in the whole deck.

    Applied for each left-out position in ascending order, it maps a
    uniform position among the cards left to the same card in the deck,
    so that Floyd's draw never meets a card a range player holds.
    """
    return t + np.int64(t >= used)


# --- the joint candidate draw -------------------------------------------------------


@inline_kernel
def pick_combo(x, lo, hi, uniform, combo_cum):
    """Combo index in ``[lo, hi)`` for 64 random bits ``x``, by weight.

    Unweighted blocks take one bounded draw; weighted ones the first index
    whose cumulative weight exceeds a uniform target (binary search).
    """
    if uniform:
        return lo + below(x, hi - lo)
    base = combo_cum[lo - 1] if lo > 0 else 0.0
    u = np.float64(x >> np.uint64(11)) * (1.0 / 9007199254740992.0)
    target = base + u * (combo_cum[hi - 1] - base)
    c = lo
    top = hi - 1
    while c < top:
        mid = (c + top) >> 1
        if combo_cum[mid] > target:
            top = mid
        else:
            c = mid + 1
    return c


@inline_kernel
def draw_combos(
    s0, s1, fixed_mask, ranged, offsets, cum, uniform, masks, picked, combos, width, holes
):
    """One combo for each range player ``ranged[r]``, drawn jointly into ``picked`` (None,
    compiled away, where the loop takes the combos' cards: ``combos``).

    Each try draws the players' combos in turn (:func:`pick_combo`, one
    fresh output each) and is rejected whole when a combo meets
    ``fixed_mask`` or an earlier combo, up to ``MAX_REJECTIONS`` tries.
    Player ``p``'s combos are ``[offsets[p], offsets[p + 1])``, with the
    cumulative weights ``cum``, ``uniform[p]`` when unweighted, and card
    masks ``masks`` (:func:`joint_draw_table` makes ``ranged`` and
    ``uniform``).  ``combos``: None (compiled away: the hold'em-type loops
    take a combo's keys by its index), or the combos' cards, the first
    ``width`` of each player's combo then copied into ``holes[p]`` (the Omaha
    patterns, the stud candidate sets).  Returns ``(s0, s1, used, ok)``:
    ``used`` the fixed cards and the combos', ``ok`` False when every try was
    rejected.  One exit, after the loop: an inlined helper taking arrays that
    returns from inside a loop pays reference counting per call.
    """
    used = fixed_mask
    ok = False
    rejections = 0
    while not ok and rejections < MAX_REJECTIONS:
        used = fixed_mask
        ok = True
        for r in range(ranged.shape[0]):
            p = ranged[r]
            s0, s1, x = xoro(s0, s1)
            c = pick_combo(x, offsets[p], offsets[p + 1], uniform[p], cum)
            if masks[c] & used:
                ok = False
                break
            used |= masks[c]
            if picked is not None:
                picked[p] = c
            if combos is not None:
                for j in range(width):
                    holes[p, j] = combos[c, j]
        rejections += not ok
    return s0, s1, used, ok


@inline_kernel
def joint_draw_table(in_range, offsets, cum):
    """The arguments of :func:`draw_combos` for the players ``in_range`` (bool per player):
    ``(ranged, uniform)``.

    ``ranged`` (``int64[n_range]``) lists them in player order; ``uniform[p]``
    is True when player ``p``'s combos ``[offsets[p], offsets[p + 1])`` all
    weigh the same (a combo is then one bounded draw), judged from the
    cumulative weights ``cum``.
    """
    n_players = in_range.shape[0]
    ranged = np.zeros(np.sum(in_range), dtype=np.int64)
    uniform = np.zeros(n_players, dtype=np.bool_)
    r = 0
    for p in range(n_players):
        if not in_range[p]:
            continue
        lo = offsets[p]
        hi = offsets[p + 1]
        step = cum[lo] - (cum[lo - 1] if lo > 0 else 0.0)
        uniform[p] = True
        for c in range(lo + 1, hi):
            if cum[c] - cum[c - 1] != step:
                uniform[p] = False
        ranged[r] = p
        r += 1
    return ranged, uniform


@inline_kernel
def live_deck(used, deck):
    """Write the cards not in the mask ``used`` into ``deck`` in ascending order; return
    how many (the deck an exact enumeration deals from)."""
    n_deck = 0
    for c in range(52):
        if not (used >> np.uint64(c)) & np.uint64(1):
            deck[n_deck] = c
            n_deck += 1
    return n_deck
