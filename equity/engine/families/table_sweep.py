"""Two hold'em ranges on a flop or a turn, exact: each combo valued once per board.

The table family's enumeration values every pair of combos on every board;
for two players with two hole cards each (one or both a range) on a flop or
a turn, :func:`equity.kernels.flops.range_board` values each live combo once
per board, sorts them and sweeps, keeping each combo's weighted wins and ties.
:func:`sweep_run` turns these into the same :class:`~..exact.ExactRun` as the
enumeration: the same counts (integers when the weights are whole), total,
deals and per-combo tables, number for number.  That holds because every sum
is exact: :func:`sweeps` takes a job only when every weight is a multiple of
``2**-WEIGHT_BITS`` in (0, 1] (whole for plain ranges; halves, quarters ...)
and every sum stays an integer of ``2**-(2 * WEIGHT_BITS + 1)`` below ``2**53``.
"""

from __future__ import annotations

import itertools
from typing import Any, NamedTuple

import numba
import numpy as np

from ...control import Progress
from ...games import game as get_game
from ...kernels import flops as _flops
from ...kernels._jit import warming
from ...kernels.scoring import KIND_FIXED, KIND_RANGE
from ..exact import ExactRun
from ..job import Job, Player
from ..reduce import combo_table

__all__ = ["PARTNERS", "WEIGHT_BITS", "SweepSpec", "sweep_run", "sweep_unit", "sweeps"]

WEIGHT_BITS = 10
"""Weights are taken when a multiple of ``2**-WEIGHT_BITS`` (so every sum is exact)."""

PARTNERS = {3: 16.0, 4: 4.0}
"""On a flop (3 cards) and a turn (4), the pairs of combos per combo of both ranges (times
Numba's threads) from which the sweep is taken: below, the enumeration's cost per pair
(the river run by rank; every assignment on a thread of its own) is less than the
sweep's per combo (measured on one thread: two ranges of 22 and 20 combos on Ts9s2h, the
enumeration 1.35x faster; of 122 and 179 (10% v 15% on Ks7d2h), the sweep 3.8x).  Boards
beyond: never."""

_EXACT_BELOW = 2.0**53
"""Integers up to here are exact in a float64."""

_SUIT_PERMUTATIONS = np.array(list(itertools.permutations(range(4))), dtype=np.uint8)
_CARD_IMAGES = ((np.arange(52) & 0xFC) | _SUIT_PERMUTATIONS[:, np.arange(52) & 3]).astype(np.uint8)
"""``uint8[24, 52]``: where each of the 24 ways to swap suits takes each card, the
identity first."""

Side = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]
"""One side of the sweep: each combo's cards, mask, weight, the other side's weight of it."""


class SweepSpec(NamedTuple):
    """What :func:`sweep_unit` needs (picklable): the board, the cards left, the two sides
    (cards, masks, weights, the other side's weight of the same combo), the game and rules."""

    board: np.ndarray  # uint8[5]
    n_board: int
    deck: np.ndarray  # uint8[n_deck]
    a: Side
    b: Side
    swaps: tuple[np.ndarray, np.ndarray, np.ndarray]
    game: str
    rules: Any


def _side(job: Job, p: Player) -> tuple[np.ndarray, np.ndarray]:
    """A player's combos and weights (a known hand: one combo of weight 1)."""
    if p.kind == KIND_FIXED:
        return np.array([p.cards], dtype=np.uint8), np.ones(1)
    assert p.combos is not None
    assert p.weights is not None
    return np.ascontiguousarray(p.combos, dtype=np.uint8), p.weights


def _masks(cards: np.ndarray) -> np.ndarray:
    return (np.uint64(1) << cards[:, 0].astype(np.uint64)) | (
        np.uint64(1) << cards[:, 1].astype(np.uint64)
    )


def _partners(
    cards: np.ndarray, other: np.ndarray, weights: np.ndarray, same: np.ndarray
) -> np.ndarray:
    """Each combo's weight of the ``other`` side's combos (``weights``) that share no card
    with it; ``same``: the weight of the one sharing both (subtracted twice)."""
    by_card = np.bincount(other.reshape(-1), weights=np.repeat(weights, 2), minlength=52)
    return weights.sum() - by_card[cards[:, 0]] - by_card[cards[:, 1]] + same


def _pairs(ca: np.ndarray, cb: np.ndarray) -> int:
    """The pairs of a combo of ``ca`` and one of ``cb`` that share no card."""
    same = np.isin(_masks(ca), _masks(cb)).astype(float)
    return int(_partners(ca, cb, np.ones(len(cb)), same).sum())


def sweeps(job: Job, categories: bool) -> bool:
    """Whether :func:`sweep_run` gives ``job``'s exact run, and faster: two players with two
    hole cards each from one deck, known or a range (not both known), a flop or a turn, no
    categories asked, weights on the grid of :data:`WEIGHT_BITS` in (0, 1], and enough pairs
    of combos (:data:`PARTNERS`)."""
    if (
        categories
        or job.n_players != 2
        or job.n_hole != 2
        or job.board_total != 5
        or len(job.board) not in (3, 4)
        or job.independent
        or job.hands_known
        or any(p.kind not in (KIND_FIXED, KIND_RANGE) for p in job.players)
    ):
        return False
    (ca, wa), (cb, wb) = (_side(job, p) for p in job.players)
    partners = PARTNERS[len(job.board)] * numba.get_num_threads()
    if len(wa) * len(wb) < partners * (len(wa) + len(wb)):  # no need to count the pairs
        return False
    if _pairs(ca, cb) < partners * (len(wa) + len(wb)):
        return False
    scale = float(1 << WEIGHT_BITS)
    for w in (wa, wb):
        on_grid = np.array_equal(w * scale, np.round(w * scale))
        if not (on_grid and np.all(w > 0) and np.all(w <= 1)):
            return False
    # the largest sum, in units of the finest weight product's half
    largest = float(wa.sum()) * float(wb.sum()) * job.boards_per_assignment()
    return largest * scale * scale * 2 < _EXACT_BELOW


def sweep_unit(spec: SweepSpec, threads: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """Each combo's weighted wins and ties (:func:`~equity.kernels.flops.range_board`), on
    one thread (a unit of work, local or on Dask).

    Shapes
    ------
    return : float64[n_a, 2], float64[n_b, 2]
    """
    n_items = len(spec.a[0]) + len(spec.b[0])
    scratch = (
        np.empty(n_items, dtype=np.int64),
        np.empty(n_items, dtype=np.int64),
        np.empty(n_items, dtype=np.int64),
        np.empty(52, dtype=np.float64),
        np.empty(52, dtype=np.float64),
        np.empty(52, dtype=np.float64),
        np.empty(52, dtype=np.float64),
        np.empty(257, dtype=np.int64),
        np.empty(len(spec.swaps[0]), dtype=np.int64),
    )
    out_a = np.zeros((len(spec.a[0]), 2))
    out_b = np.zeros((len(spec.b[0]), 2))
    tables = get_game(spec.game).evaluator_tables(spec.rules)
    args = (spec.board, spec.n_board, spec.deck, spec.a, spec.b, spec.swaps, tables, scratch,
            out_a, out_b)  # fmt: skip
    warming(_flops.range_board)
    _flops.range_board(*args)
    return out_a, out_b


def _swaps(job: Job, a: Side, b: Side) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The suit swaps that leave the deal alone: the known cards (the board, the dead cards,
    each known hand) and both ranges with their weights; as :func:`range_board` takes them."""
    known = [job.board, job.dead] + [list(p.cards) for p in job.players if p.cards]
    # the swaps that take each known group of cards onto itself (all 24 at once, by masks)
    fits = np.ones(len(_CARD_IMAGES), dtype=bool)
    for cards in known:
        bits = np.uint64(1) << np.array(cards, dtype=np.uint64)
        swapped = np.uint64(1) << _CARD_IMAGES[:, cards].astype(np.uint64)
        fits &= np.bitwise_or.reduce(swapped, axis=1) == np.bitwise_or.reduce(bits)
    card_perms, perms = [], []
    for image in _CARD_IMAGES[fits]:
        combo_perms = [_combo_image(side, image) for side in (a, b)]
        if all(p is not None for p in combo_perms):
            card_perms.append(image)
            perms.append(combo_perms)
    return (np.array(card_perms), np.array([p[0] for p in perms]),
            np.array([p[1] for p in perms]))  # fmt: skip


def _combo_image(side: Side, image: np.ndarray) -> np.ndarray | None:
    """Where a suit swap (``image`` of each card) takes each combo of ``side``, or None when
    it takes one out of the range or onto another weight."""
    cards, masks, weights, _ = side
    swapped = _masks(image[cards])
    order = np.argsort(masks)
    at = np.minimum(np.searchsorted(masks, swapped, sorter=order), len(masks) - 1)
    index = order[at]
    if not np.array_equal(masks[index], swapped) or not np.array_equal(weights[index], weights):
        return None
    return index.astype(np.int64)


def sweep_run(job: Job, executor: Any, progress: Progress | None) -> ExactRun:
    """``job``'s exact run (:func:`sweeps` true), as the enumeration gives it."""
    (ca, wa), (cb, wb) = (_side(job, p) for p in job.players)
    ma, mb = _masks(ca), _masks(cb)
    # the other side's weight of the same combo (a combo is its two cards, sorted)
    keys_a, keys_b = ma.astype(np.int64), mb.astype(np.int64)
    same_a, same_b = np.zeros(len(ca)), np.zeros(len(cb))
    _, ia, ib = np.intersect1d(keys_a, keys_b, assume_unique=True, return_indices=True)
    same_a[ia], same_b[ib] = wb[ib], wa[ia]
    pairs_a, pairs_b = _partners(ca, cb, wb, same_a), _partners(cb, ca, wa, same_b)
    n_pairs = _pairs(ca, cb)
    if n_pairs == 0:
        raise ValueError("no legal deal exists: the players' ranges conflict with each other")
    board = np.array(job.board + [0] * (5 - len(job.board)), dtype=np.uint8)
    deck = np.array(job.live_cards, dtype=np.uint8)
    a, b = (ca, ma, wa, same_a), (cb, mb, wb, same_b)
    spec = SweepSpec(board, len(job.board), deck, a, b, _swaps(job, a, b), job.game.name,
                     job.rules)  # fmt: skip
    ((_, (out_a, out_b)),) = executor.map_unordered(sweep_unit, [(spec,)])
    if progress is not None:
        progress(1, 1)
    n_boards = job.boards_per_assignment()
    win_a, tie_a = wa @ out_a[:, 0], wa @ out_a[:, 1]
    win_b = wb @ out_b[:, 0]
    weight = float(wa @ pairs_a)
    counts = np.array([[0.0, win_a, tie_a], [0.0, win_b, tie_a]])  # column 0 unused
    total: float = weight * n_boards
    # every deal of weight 1: integer counts, as the enumeration's
    if all(np.all(w[live > 0] == 1) for w, live in ((wa, pairs_a), (wb, pairs_b))):
        counts, total = counts.astype(np.int64), int(weight) * n_boards
    combos: dict[int, Any] = {}
    for p, (cards, w, out, live) in enumerate(((ca, wa, out_a, pairs_a), (cb, wb, out_b, pairs_b))):
        if job.players[p].kind != KIND_RANGE:
            continue
        den = w * live * n_boards
        with np.errstate(invalid="ignore", divide="ignore"):
            eq = w * (out[:, 0] + out[:, 1] / 2) / den
        combos[p] = combo_table(cards, eq, den, den)
    return ExactRun(counts, total, n_pairs * n_boards, None, combos, None)
