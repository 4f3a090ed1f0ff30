"""Monte-Carlo: random deals in rounds of batches, each batch from its own stream.

The job is cut into batches of ``batch_size`` deals; the rounds
(:func:`.rounds.run_rounds`) run windows of batches on the job's executor
as its family's Monte-Carlo unit (a pure function of an :class:`McSpec` and
a run of batches, :mod:`.families`) and stop at the trials, a target
standard error (from the spread of batch means), a time limit or Ctrl-C.
A Monte-Carlo chunk is a run of batches, batch ``b`` always drawing from
the stream ``batch_seeds(seed, 1, first=b)``: on this machine (all of
Numba's threads) or on a Dask worker (one thread), the same unit, the same
counts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..control import Progress
from ..kernels.montecarlo import add_batch_moments
from ..kernels.omaha_mc import EXTRA_COLUMNS
from ..kernels.scoring import KIND_FIXED, KIND_RANGE
from .job import Job, ZjhKernelRules
from .reduce import combo_table
from .rounds import run_rounds

__all__ = [
    "MIN_BATCHES",
    "McArrays",
    "McSpec",
    "batch_stderr",
    "check_feasible",
    "mc_arrays",
    "mc_combo_results",
    "mc_spec",
    "run_mc",
]

MIN_BATCHES = 32
"""Trials are split into at least this many batches, for the standard error."""


@dataclass(frozen=True)
class McArrays:
    """The players and known cards of a Monte-Carlo job, as the kernels take them (a
    family may add its own fields in a subclass: :class:`.families.stud_units.StudArrays`)."""

    fixed_holes: np.ndarray
    kinds: np.ndarray
    combos: np.ndarray
    combo_masks: np.ndarray
    combo_offsets: np.ndarray
    combo_cum: np.ndarray
    board: np.ndarray
    live_deck: np.ndarray


@dataclass(frozen=True)
class McSpec:
    """What a Monte-Carlo chunk needs (picklable, sent to Dask workers); each family's
    unit builds its kernels' spot from it."""

    seed: int
    trials: int
    batch_size: int
    game_code: int
    n_hole: int
    n_board: int
    board_total: int
    fixed_mask: int
    independent: bool
    kernel_rules: ZjhKernelRules
    arrays: McArrays
    game: str = "holdem"
    rules: Any = None


def mc_arrays(job: Job) -> McArrays:
    """The job's players as the Monte-Carlo kernels read them: fixed holes, kinds, range blocks."""
    n = job.n_players
    width = max(5, job.n_hole)
    fixed_holes = np.zeros((n, width), dtype=np.uint8)
    kinds = np.zeros(n, dtype=np.int8)
    blocks, weights, offsets = [], [], [0]
    for i, p in enumerate(job.players):
        kinds[i] = p.kind
        if p.kind == KIND_FIXED:
            fixed_holes[i, : job.n_hole] = p.cards
        if p.kind == KIND_RANGE:
            assert p.combos is not None
            assert p.weights is not None
            block = np.zeros((len(p.combos), width), dtype=np.uint8)
            block[:, : job.n_hole] = p.combos
            blocks.append(block)
            weights.append(p.weights)
        taken = len(p.combos) if p.kind == KIND_RANGE and p.combos is not None else 0
        offsets.append(offsets[-1] + taken)
    combos = np.concatenate(blocks) if blocks else np.zeros((1, width), dtype=np.uint8)
    cum = np.cumsum(np.concatenate(weights)) if weights else np.ones(1)
    masks = np.zeros(len(combos), dtype=np.uint64)
    for j in range(job.n_hole if blocks else 2):
        masks |= np.uint64(1) << combos[:, j].astype(np.uint64)
    board = np.zeros(5, dtype=np.uint8)
    board[: len(job.board)] = job.board
    return McArrays(
        fixed_holes,
        kinds,
        np.ascontiguousarray(combos),
        masks,
        np.asarray(offsets, dtype=np.int64),
        cum,
        board,
        np.asarray(job.live_cards, dtype=np.uint8),
    )


FEASIBILITY_NODES = 200_000
"""Combos the up-front feasibility search may try; past it the deal itself decides
(Omaha patterns have thousands of hands each: three of them that cannot all be
dealt would take billions of tries, and the kernels report a deal they cannot
find within their own retry limit)."""


def check_feasible(job: Job) -> None:
    """Raise when the range players cannot all be dealt non-conflicting combos.

    A depth-first search over the players' combo masks, smallest range
    first, gives up after :data:`FEASIBILITY_NODES` combos without a verdict.
    """
    ranged = [p for p in job.players if p.kind == KIND_RANGE]
    if len(ranged) < 2:
        return
    ranged.sort(key=lambda p: len(p.combos))  # type: ignore[arg-type]
    masks = [
        [sum(1 << c for c in combo) for combo in p.combos.tolist()]  # type: ignore[union-attr]
        for p in ranged
    ]
    budget = [FEASIBILITY_NODES]

    def search(i: int, used: int) -> bool | None:
        if i == len(ranged):
            return True
        for m in masks[i]:
            budget[0] -= 1
            if budget[0] < 0:
                return None
            if not m & used:
                found = search(i + 1, used | m)
                if found is not False:
                    return found
        return False

    if search(0, job.fixed_mask) is False:
        raise ValueError("no legal deal exists: the players' ranges conflict with each other")


def mc_spec(job: Job, arrays: McArrays, trials: int, batch_size: int, seed: int) -> McSpec:
    """What the chunks of a Monte-Carlo run of ``job`` need (:class:`McSpec`): the one way
    to build one."""
    return McSpec(
        seed,
        trials,
        batch_size,
        job.game.kernel,
        job.n_hole,
        len(job.board),
        job.board_total,
        job.kernel_mask,
        job.independent,
        job.kernel_rules,
        arrays,
        job.game.name,
        job.rules,
    )


def batch_stderr(moments: np.ndarray, n_batches: int) -> np.ndarray:
    """Standard error of the overall equity from the spread of batch means.

    ``moments`` holds running sums over batches ``[sum n_b, sum n_b e_b,
    sum n_b e_b^2]`` (per player in the last two rows), so memory stays flat
    however many batches run.  With batch means ``e_b`` over ``n_b`` deals,
    ``sigma^2 = sum n_b (e_b - e)^2 / (B - 1)`` estimates the per-deal
    variance and the standard error is ``sqrt(sigma^2 / N)``.
    """
    n_total = moments[0]
    if n_batches < 2 or not n_total[0]:
        return np.full(moments.shape[1], np.nan)
    mean = moments[1] / n_total
    var = np.maximum(moments[2] - n_total * mean**2, 0.0) / (n_batches - 1)
    return np.sqrt(var / n_total)


def run_mc(
    job: Job,
    trials: int,
    batch_size: int,
    seed: int,
    target_stderr: float | None,
    time_limit: float | None,
    progress: Progress | None,
    executor: Any,
    on_round: Callable[[np.ndarray, np.ndarray, np.ndarray, int], None] | None = None,
    whole: bool = False,
) -> dict[str, Any]:
    """Deal ``job`` at random in rounds; return its counts, deals, stderr and stop reason.

    ``on_round(counts, extra_counts, moments, batches)``, if given, sees the running sums
    after each round, in batch order (:mod:`.stream` makes results of them).  ``whole``
    runs every batch in one round (one kernel launch: a short run, one board of many).
    """
    family = job.family
    arrays = family.mc_arrays(job)
    check_feasible(job)
    n_players = job.n_players
    n_batches = -(-trials // batch_size)
    n_combos = len(arrays.combos)
    spec = mc_spec(job, arrays, trials, batch_size, seed)
    mc_unit = family.mc_unit
    # the units of some families count outcomes (scoops, high and low wins), not combos
    outcomes = not family.per_combo
    units = 2 if job.game.hilo else 1  # hi-lo counts half-pots
    # Elsewhere (Dask), chunks of batches run ahead on the workers and arrive in batch order.
    chunks = executor.ordered_batches(mc_unit, spec, n_batches, batch_size * n_players)
    sums = np.zeros((n_players, n_players + 1), dtype=np.int64)
    combo_sums = np.zeros(
        (n_players, EXTRA_COLUMNS) if outcomes else (n_combos, n_players + 1), dtype=np.int64
    )
    moments = np.zeros((3, n_players))  # running sums for the batch-means stderr
    ks = np.arange(n_players + 1, dtype=float)
    ks[0] = np.inf

    def consume(first: int, run: int, result: Any) -> str | None:
        out, combo_out, status = result
        if status.any():
            raise ValueError(
                "no legal deal found: the players' ranges almost never avoid each other's cards"
            )
        batch = np.arange(first, first + run)
        sizes = np.minimum(trials, (batch + 1) * batch_size) - batch * batch_size
        sums[...] += out.sum(axis=0)
        combo_sums[...] += combo_out
        means = (out / ks).sum(axis=2) / (units * sizes[:, None])
        add_batch_moments(moments, sizes.astype(np.int64), means)
        if on_round is not None:
            on_round(sums, combo_sums, moments, first + run)
        if progress is not None:
            progress(min(trials, (first + run) * batch_size), trials)
        enough = target_stderr is not None and first + run >= MIN_BATCHES
        if enough and np.nanmax(batch_stderr(moments, first + run)) <= target_stderr:
            return "stderr"
        return None

    n_run_batches, reason = run_rounds(
        n_batches,
        lambda first, run: mc_unit(spec, first, run),
        consume,
        time_limit=time_limit,
        chunks=chunks,
        first_round=n_batches if whole else None,
    )
    n_done = int(moments[0, 0])
    se = batch_stderr(moments, n_run_batches)
    if n_done and n_run_batches < 2:  # one batch: fall back to the per-deal variance
        x2 = (sums / (units * ks) ** 2).sum(axis=1) / n_done
        x1 = (sums / (units * ks)).sum(axis=1) / n_done
        se = np.sqrt(np.maximum(x2 - x1**2, 0) / n_done)
    return {
        "counts": sums,
        "samples": n_done,
        "stderr": se,
        "combo_counts": None if outcomes else combo_sums,
        # outcomes (scoop, high and low wins), where the family's results have them
        "extra": combo_sums if family.outcomes(job.game) else None,
        "interrupted": reason == "interrupted",
        "stop_reason": reason,
    }


def mc_combo_results(job: Job, combo_counts: np.ndarray | None) -> dict[int, Any]:
    """Per-combo and per-class equity of each hold'em range player (none for Omaha)."""
    out: dict[int, Any] = {}
    if combo_counts is None:
        return out
    n_players = job.n_players
    ks = np.arange(n_players + 1, dtype=float)
    ks[0] = np.inf
    offset = 0
    for p, player in enumerate(job.players):
        if player.kind != KIND_RANGE:
            continue
        assert player.combos is not None
        block = combo_counts[offset : offset + len(player.combos)]
        offset += len(player.combos)
        n = block[:, 0].astype(float)
        with np.errstate(invalid="ignore", divide="ignore"):
            eq = (block[:, 1:] / ks[1:]).sum(axis=1) / n
        out[p] = combo_table(player.combos, eq, n, n)
    return out
