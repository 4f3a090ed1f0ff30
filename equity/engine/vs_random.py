"""Known Omaha hands against one random hand, hand by hand: the ranking build's unit.

:func:`omaha_vs_random_unit` plays each hand of a list heads-up against a
uniformly random hand on a random board, by the one Omaha Monte-Carlo loop
(:func:`equity.kernels.omaha_mc.simulate_omaha_batches`, the loop that
``calculate`` runs on the spot ``[hand, "random"]``).  Hand ``i`` draws from
its own streams, ``batch_seeds(seeds[i], n_batches)``, so its counts depend
only on its seed and trials, never on how the hands are cut into chunks or on
the threads: a chunk is a pure function of its arguments, to run here or on a
Dask worker (``tools/build_omaha_ranking.py``).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..kernels import omaha_mc as _omaha_mc
from ..kernels.rng import batch_seeds
from ..kernels.scoring import KIND_FIXED, KIND_RANDOM
from ..lookup.omaha import omaha_tables
from .executor import Executor, LocalExecutor
from .families.omaha import known_hand_rows
from .rounds import one_thread

__all__ = ["class_seeds", "omaha_vs_random_counts", "omaha_vs_random_unit"]


def omaha_vs_random_unit(
    hands: np.ndarray, seeds: np.ndarray, trials: int, batch_size: int, threads: bool = True
) -> np.ndarray:
    """Monte-Carlo counts of each hand against one random Omaha hand (high only).

    Hand ``i`` plays ``trials`` deals (a random opponent hand, then a random
    board, from the cards it does not hold) in batches of ``batch_size``,
    batch ``b`` from the stream ``batch_seeds(seeds[i], ...)[b]``.

    Shapes
    ------
    hands : uint8[n, n_hole], n_hole in 4, 5, 6; seeds : uint64[n]
    return : int64[n, 3]: deals won, deals tied, deals played
    """
    n, n_hole = hands.shape
    width = max(5, n_hole)
    n_batches = -(-trials // batch_size)
    kinds = np.array([KIND_FIXED, KIND_RANDOM], dtype=np.int8)
    no_combos = np.zeros((1, width), dtype=np.uint8)
    tables = omaha_tables()
    counts = np.zeros((n, 3), dtype=np.int64)
    for i in range(n):
        holes = np.zeros((2, width), dtype=np.uint8)
        holes[0, :n_hole] = hands[i]
        mask = 0
        for c in hands[i].tolist():
            mask |= 1 << c
        spot = _omaha_mc.OmahaSpot(
            n_hole,
            False,
            np.zeros(5, dtype=np.uint8),
            0,
            holes,
            kinds,
            no_combos,
            np.ones(1, dtype=np.uint64),
            np.zeros(3, dtype=np.int64),
            np.ones(1),
            np.uint64(mask),
            np.array([c for c in range(52) if not mask >> c & 1], dtype=np.uint8),
        )
        out = np.zeros((n_batches, 2, 3), dtype=np.int64)
        extra = np.zeros((n_batches, 2, _omaha_mc.EXTRA_COLUMNS), dtype=np.int64)
        status = np.zeros(n_batches, dtype=np.int64)
        args = (
            batch_seeds(int(seeds[i]), n_batches),
            batch_size,
            trials,
            0,
            spot,
            tables,
            known_hand_rows(holes[:1], n_hole),
            None,
            out,
            extra,
            status,
        )
        with one_thread(not threads):
            _omaha_mc.simulate_omaha_batches(*args)
        if status.any():  # cannot happen: two hands and a board always fit the deck
            raise RuntimeError(f"the Omaha loop failed on hand {hands[i].tolist()}")
        won, tied = out[:, 0, 1].sum(), out[:, 0, 2].sum()
        counts[i] = won, tied, trials
    return counts


def class_seeds(seed: int, n: int) -> np.ndarray:
    """The seeds of hands ``0 .. n - 1`` of a build: ``SeedSequence(seed)``'s first ``n`` words.

    Hand ``i``'s seed is the same whatever ``n`` is, so a build of the first
    hands only (a test) draws what the full build draws for them.
    """
    return np.random.SeedSequence(seed).generate_state(n, dtype=np.uint64)


def omaha_vs_random_counts(
    hands: np.ndarray,
    seed: int,
    trials: int,
    batch_size: int,
    *,
    executor: Executor | None = None,
    chunk: int = 256,
    on_chunk: Callable[[int, int], None] | None = None,
) -> np.ndarray:
    """Counts of every hand against one random hand, in chunks run on ``executor``.

    Hand ``i`` draws from the streams of ``class_seeds(seed, n)[i]``
    (:func:`omaha_vs_random_unit`), so the counts are the same for any
    ``chunk``, any executor (this process, or ``equity.cluster.DaskExecutor``)
    and any number of workers or threads.  ``on_chunk(done, total)`` is told
    the hands done after each chunk.

    Shapes
    ------
    hands : uint8[n, n_hole]; return : int64[n, 3] (won, tied, played)
    """
    hands = np.ascontiguousarray(hands, dtype=np.uint8)
    n = len(hands)
    seeds = class_seeds(seed, n)
    starts = range(0, n, chunk)
    calls = [(hands[a : a + chunk], seeds[a : a + chunk], trials, batch_size) for a in starts]
    counts = np.zeros((n, 3), dtype=np.int64)
    done = 0
    for i, part in (executor or LocalExecutor()).map_unordered(omaha_vs_random_unit, calls):
        counts[starts[i] : starts[i] + len(part)] = part
        done += len(part)
        if on_chunk is not None:
            on_chunk(done, n)
    return counts
