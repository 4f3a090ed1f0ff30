"""The drivers' work queue (``equity.kernels._jit.fetch_add``): every item once, any threads.

The Monte-Carlo, exact-enumeration and seven-card drivers hand their items
out from an atomic counter, so a thread that runs slower takes fewer items.
These tests pin what that must not change: each item is taken exactly once
whatever the thread count, and the drivers' counts stay those of one thread.
"""

from __future__ import annotations

import numba
import numpy as np
import pytest

import equity
from equity.kernels._jit import QUEUE_WORKERS, fetch_add, max_threads, parallel_kernel, prange


@parallel_kernel
def _take_all(n: int, out: np.ndarray) -> None:
    """Add one to ``out[i, 0]`` for every item the queue hands out; record the taker.

    (The counter is not read back here: Numba does not know the intrinsic
    writes it, so a read after the loop may see the value before.)
    """
    taken = np.zeros(1, dtype=np.int64)
    for worker in prange(min(n, QUEUE_WORKERS)):
        while True:
            i = fetch_add(taken, 1)
            if i >= n:
                break
            out[i, 0] += 1
            out[i, 1] = worker


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("n", [0, 1, 2, 7, 255, 256, 257, 100_000])
def test_every_item_taken_once(n: int, threads: int) -> None:
    previous = numba.get_num_threads()
    numba.set_num_threads(min(threads, max_threads()))
    try:
        out = np.zeros((n, 2), dtype=np.int64)
        _take_all(n, out)
    finally:
        numba.set_num_threads(previous)
    assert (out[:, 0] == 1).all()
    assert (out[:, 1] < min(n, QUEUE_WORKERS)).all()


def test_fetch_add_returns_the_value_before() -> None:
    counter = np.array([40], dtype=np.int64)

    @numba.njit
    def twice(c: np.ndarray) -> tuple[int, int]:
        return fetch_add(c, 2), fetch_add(c, 3)

    assert twice(counter) == (40, 42)
    assert counter[0] == 45


@pytest.mark.parametrize(
    ("hands", "game"),
    [
        (["AsKs", "QhQd"], "holdem"),
        (["AhKd", "QQ+,AKs", "random"], "holdem"),
        (["AsKsQdJd", "random"], "omaha"),
    ],
)
def test_queued_drivers_give_one_thread_counts(hands: list[str], game: str) -> None:
    """Monte-Carlo on 1 and 2 threads: the same counts (batches write only their own rows)."""
    if max_threads() < 2:
        pytest.skip("one Numba thread only")
    counts = []
    previous = numba.get_num_threads()
    for threads in (1, 2):
        numba.set_num_threads(threads)
        try:
            r = equity.calculate(hands, game=game, method="monte-carlo", trials=200_000, seed=3)
        finally:
            numba.set_num_threads(previous)
        counts.append(np.asarray(r.counts))
    np.testing.assert_array_equal(counts[0], counts[1])
