"""Exact enumeration: every legal assignment of hole cards, every board.

Assignments equal up to a suit permutation that fixes the known cards are
enumerated once (:func:`suit_classes`); :func:`enumerate_assignments` runs
the chunks of representatives on the job's executor (:mod:`.executor`) as
the family's exact unit (a pure function of an :class:`ExactSpec` and a
chunk, :mod:`.families`).  A family's exact run gives an :class:`ExactRun`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, NamedTuple, cast

import numpy as np

from ..control import Progress
from ..kernels.scoring import KIND_FIXED, KIND_RANGE
from ..results import CategoryCounts
from .job import Job, Player, ZjhKernelRules
from .reduce import combo_table

__all__ = [
    "EXACT_CHUNK",
    "Enumerated",
    "ExactRun",
    "ExactSpec",
    "assignments",
    "enumerate_assignments",
    "enumerate_known",
    "exact_combo_results",
    "exact_spec",
    "known_enumeration",
    "suit_classes",
]

EXACT_CHUNK = 32_768
"""Assignments per exact kernel call on this machine (bounds memory)."""


class ExactSpec(NamedTuple):
    """What an exact chunk of a game dealt whole needs besides its assignments (picklable,
    immutable; a named tuple: made in a fraction of a microsecond, once per small call)."""

    n_hole: int
    game_code: int
    board: np.ndarray  # uint8[5]
    n_board: int
    board_total: int
    fixed_mask: int
    kernel_rules: ZjhKernelRules
    game: str = "holdem"
    rules: Any = None
    n_boards: int = 0
    """Board completions per assignment."""


class ExactRun(NamedTuple):
    """A family's exact enumeration of a job: what :func:`~.reduce.make_result` reads
    (immutable; a named tuple, made in a fraction of a microsecond)."""

    counts: np.ndarray
    """``counts[p, k]``: weighted deals where player ``p`` shares the pot ``k`` ways (0: lost)."""
    total: float
    """The deals' total weight."""
    samples: int
    """Deals enumerated."""
    outcome_counts: np.ndarray | None
    """The outcome counts (Omaha, hi-lo: :data:`~.reduce.OUTCOME_NAMES`), or None."""
    combo_results: dict[int, Any]
    """Per-combo tables of the range players (:func:`exact_combo_results`; a dict of its
    own, the result's)."""
    category_counts: CategoryCounts | None
    """The showdown categories, when asked for."""


def _candidates(job: Job, p: Player) -> tuple[np.ndarray, np.ndarray]:
    """All hole-card options of a non-fixed player, with weights."""
    if p.kind == KIND_RANGE:
        assert p.combos is not None
        assert p.weights is not None
        return p.combos, p.weights
    pool = range(52) if job.independent else job.live_cards
    combos = np.array(list(itertools.combinations(pool, job.n_hole)), dtype=np.uint8)
    return combos, np.ones(len(combos))


def assignments(job: Job) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every legal joint assignment of hole cards, its weight, and combo indices.

    Returns ``holes uint8[n, n_players, 5]`` (Omaha: 6 columns), ``weights float64[n]`` and
    ``choice int64[n, n_players]`` (index into each player's candidates, -1
    for fixed players).
    """
    n_players = job.n_players
    holes = np.zeros((1, n_players, max(5, job.n_hole)), dtype=np.uint8)
    if job.hands_known:  # one assignment: the known hands
        holes[0, :, : job.n_hole] = [p.cards for p in job.players]
        return holes, *_known_weights(n_players)
    masks = np.zeros(1, dtype=np.uint64)
    weights = np.ones(1)
    choice = np.full((1, n_players), -1, dtype=np.int64)
    for i, p in enumerate(job.players):
        if p.kind == KIND_FIXED:
            holes[:, i, : job.n_hole] = p.cards
            continue
        cand, w = _candidates(job, p)
        cmask = np.zeros(len(cand), dtype=np.uint64)
        for j in range(job.n_hole):
            cmask |= np.uint64(1) << cand[:, j].astype(np.uint64)
        a_idx = np.repeat(np.arange(len(masks)), len(cand))
        c_idx = np.tile(np.arange(len(cand)), len(masks))
        if not job.independent:
            ok = (masks[a_idx] & cmask[c_idx]) == 0
            a_idx, c_idx = a_idx[ok], c_idx[ok]
        holes = holes[a_idx]
        holes[:, i, : job.n_hole] = cand[c_idx]
        masks = masks[a_idx] | (cmask[c_idx] if not job.independent else np.uint64(0))
        weights = weights[a_idx] * w[c_idx]
        choice = choice[a_idx]
        choice[:, i] = c_idx
    if len(holes) == 0:
        raise ValueError("no legal deal exists: the players' ranges conflict with each other")
    return holes, weights, choice


@lru_cache(maxsize=32)
def _known_weights(n_players: int) -> tuple[np.ndarray, np.ndarray]:
    """The weight (1) and choice (none: -1) of the one assignment of known hands (read-only)."""
    weights, choice = np.ones(1), np.full((1, n_players), -1, dtype=np.int64)
    weights.flags.writeable = choice.flags.writeable = False
    return weights, choice


_SUIT_PERMUTATIONS = np.array(list(itertools.permutations(range(4))), dtype=np.uint8)


def suit_classes(job: Job, holes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Group assignments that are equal up to a suit permutation fixing the known cards.

    A permutation of suits that maps the board, dead and fixed hole cards
    onto themselves maps every board completion of one assignment onto a
    completion of the other, with the same player by player results; so
    only one assignment per class needs enumerating.  Returns the index of
    one representative per class and, for every assignment, its class.
    """
    # Each known group must map onto itself: the board, the dead cards and
    # every fixed player's hole cards (a swap of a board card with a dead one
    # is not a symmetry of the deal).
    n = len(holes)
    if n < 2:  # one assignment (every hand known): nothing to merge
        return np.arange(n), np.arange(n)
    groups = [job.board, job.dead] + [list(p.cards) for p in job.players if p.cards]
    stabilizer = [
        perm
        for perm in _SUIT_PERMUTATIONS
        if all({(c & 0xFC) | int(perm[c & 3]) for c in g} == set(g) for g in groups)
    ]
    if len(stabilizer) == 1:
        return np.arange(n), np.arange(n)
    cards = holes[:, :, : job.n_hole]
    best: np.ndarray | None = None
    for perm in stabilizer:
        mapped = np.sort((cards & 0xFC) | perm[cards & 3], axis=2)
        flat = mapped.reshape(n, -1)
        best = flat if best is None else np.where(_row_less(flat, best)[:, None], flat, best)
    assert best is not None
    keys = np.ascontiguousarray(best).view(np.dtype((np.void, best.shape[1])))[:, 0]
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    return first, inverse.reshape(-1)


def _row_less(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Row-wise lexicographic ``a < b`` for equal-shape 2-D arrays."""
    diff = a != b
    first = diff.argmax(axis=1)
    rows = np.arange(len(a))
    return diff[rows, first] & (a[rows, first] < b[rows, first])


Enumerated = tuple[np.ndarray, float, int, np.ndarray, np.ndarray, np.ndarray]
"""An exact enumeration: ``(counts, total weight, deals, per-assignment counts, weights,
choice)`` (:func:`enumerate_assignments`)."""

ExactUnit = Callable[..., np.ndarray]
"""A family's exact unit: ``unit(spec, assignments, threads) -> counts`` (module level,
picklable, the same on this machine or a Dask worker)."""


def enumerate_assignments(
    job: Job,
    executor: Any,
    progress: Progress | None,
    unit: ExactUnit,
    width: int,
    assigned: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None,
) -> Enumerated:
    """Enumerate ``job`` by its family's ``unit`` (``assigned``: its :func:`assignments`,
    when already built); ``width``: the columns of the unit's counts per player.

    Returns ``(counts, total weight, deals, per-assignment counts, weights,
    choice)``; see :func:`assignments` for ``weights`` and ``choice``.
    """
    holes, weights, choice = assignments(job) if assigned is None else assigned
    spec = exact_spec(job)
    n_boards = spec.n_boards
    samples = len(holes) * n_boards
    if len(holes) == 1:  # every hand known: one unit call, no classes to merge or chunks to cut
        ((_, per_assign),) = executor.map_unordered(unit, [(spec, np.ascontiguousarray(holes))])
        if progress is not None:
            progress(1, 1)
        return _one(per_assign, weights, choice, n_boards)
    if job.board_total > len(job.board):
        representatives, inverse = suit_classes(job, holes)
    else:
        representatives, inverse = np.arange(len(holes)), np.arange(len(holes))
    todo = np.ascontiguousarray(holes[representatives])
    n = len(todo)
    per_class = np.zeros((n, job.n_players, width), dtype=np.int64)
    size = executor.chunk_items(n, n_boards * job.n_players, EXACT_CHUNK)
    bounds = [(lo, min(n, lo + size)) for lo in range(0, n, size)]
    done = 0
    for i, block in executor.map_unordered(unit, [(spec, todo[a:b]) for a, b in bounds]):
        lo, hi = bounds[i]
        per_class[lo:hi] = block
        done += hi - lo
        if progress is not None:
            progress(done, n)
    per_assign = per_class[inverse]
    counts, total = _weigh(weights, per_assign, n_boards)
    return counts, total, samples, per_assign, weights, choice


def enumerate_known(jobs: Sequence[Job], executor: Any, unit: ExactUnit) -> list[Enumerated]:
    """Enumerate jobs of one assignment each (every hand known: :attr:`.job.Job.hands_known`)
    by one unit call each, the calls handed to the executor together (many small spots,
    :func:`~.many.calculate_many`); each job's figures are those of
    :func:`enumerate_assignments`."""
    assigned = [assignments(job) for job in jobs]
    specs = [exact_spec(job) for job in jobs]
    calls = [(spec, np.ascontiguousarray(a[0])) for spec, a in zip(specs, assigned, strict=True)]
    out: list[Enumerated | None] = [None] * len(jobs)
    for i, per_assign in executor.map_unordered(unit, calls):
        _, weights, choice = assigned[i]
        out[i] = _one(per_assign, weights, choice, specs[i].n_boards)
    return cast("list[Enumerated]", out)


def known_enumeration(job: Job, counts: np.ndarray, n_boards: int) -> Enumerated:
    """The enumeration of a job of known hands from its unit's counts (``int64[n_players,
    width]``): what :func:`enumerate_assignments` returns for it."""
    return _one(counts[None], *_known_weights(job.n_players), n_boards)


def exact_spec(job: Job) -> ExactSpec:
    """What the exact unit needs of ``job`` besides its assignments."""
    board = np.array(job.board + [0] * (5 - len(job.board)), dtype=np.uint8)
    return ExactSpec(
        job.n_hole,
        job.game.kernel,
        board,
        len(job.board),
        job.board_total,
        job.kernel_mask,
        job.kernel_rules,
        job.game.name,
        job.rules,
        job.boards_per_assignment(),
    )


def _one(
    per_assign: np.ndarray, weights: np.ndarray, choice: np.ndarray, n_boards: int
) -> Enumerated:
    """The enumeration of a job of one assignment from the unit's counts of it."""
    counts, total = _weigh(weights, per_assign, n_boards)
    return counts, total, n_boards, per_assign, weights, choice


def _weigh(weights: np.ndarray, per_assign: np.ndarray, n_boards: int) -> tuple[np.ndarray, float]:
    """The counts summed over the assignments by weight, and the total weight of the deals:
    exact integers when the weights are whole (unweighted ranges, known hands)."""
    if len(weights) == 1:  # one assignment: its counts times its weight, the same numbers
        w = float(weights[0])
        if w == 1.0:  # known hands: the unit's counts as they are
            return per_assign[0], n_boards
        if w == round(w):
            return per_assign[0] * np.int64(w), int(w) * n_boards
        return per_assign[0] * weights[0], w * n_boards
    if np.array_equal(weights, np.round(weights)):  # unweighted: exact integer counts
        whole = weights.astype(np.int64)
        return np.tensordot(whole, per_assign, axes=1), int(whole.sum()) * n_boards
    return np.tensordot(weights, per_assign, axes=1), float(weights.sum()) * n_boards


def exact_combo_results(
    job: Job, per_assign: np.ndarray, weights: np.ndarray, choice: np.ndarray
) -> dict[int, Any]:
    """Per-combo and per-class equity of each range player of an exact run (none for
    Omaha patterns)."""
    out: dict[int, Any] = {}
    if job.hands_known or not job.game.ranges or all(p.kind != KIND_RANGE for p in job.players):
        return out  # no range, or Omaha patterns: no per-combo tables
    n_players = job.n_players
    ks = np.arange(n_players + 1, dtype=float)
    ks[0] = np.inf
    n_boards = job.boards_per_assignment()
    for p, player in enumerate(job.players):
        if player.kind != KIND_RANGE:
            continue
        assert player.combos is not None
        share = (per_assign[:, p, :] / ks).sum(axis=1) * weights
        n_c = len(player.combos)
        num = np.bincount(choice[:, p], weights=share, minlength=n_c)
        den = np.bincount(choice[:, p], weights=weights, minlength=n_c) * n_boards
        with np.errstate(invalid="ignore", divide="ignore"):
            eq = num / den
        out[p] = combo_table(player.combos, eq, den, den)
    return out
