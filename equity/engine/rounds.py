"""Run batched random work in rounds: bounded memory, stop rules, progress, Ctrl-C.

A Monte-Carlo job is ``n_batches`` batches, each from its own random
stream, so any window of batches can run on its own and give the counts it
would give inside a longer run.  :func:`run_rounds` runs windows of batches
("rounds") of about a quarter of a second each, hands every round's result
to the caller, and stops at the first of: every batch done, the caller's own
rule (a target standard error), a time limit, or Ctrl-C
(:func:`equity.interrupt.stop_requested`).  Memory is that of one round,
whatever the number of batches.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import numba

from ..control import stop_requested

__all__ = ["ROUND_SECONDS", "STOP_REASONS", "one_thread", "run_rounds"]

_clock = time.perf_counter
"""The clock of the stop rules (tests replace it with a fake one)."""

ROUND_SECONDS = 0.25
"""Aimed length of a round: responsive stop rules, progress and Ctrl-C."""

STOP_REASONS = ("trials", "stderr", "time", "interrupted")
"""Why a run stopped: all batches done, target standard error, time limit, Ctrl-C."""


def run_rounds(
    n_batches: int,
    run_chunk: Callable[[int, int], Any],
    consume: Callable[[int, int, Any], str | None],
    *,
    time_limit: float | None = None,
    chunks: Iterator[tuple[int, Any]] | None = None,
    first_round: int | None = None,
) -> tuple[int, str]:
    """Run batches ``0 .. n_batches - 1`` in rounds; return ``(batches done, stop reason)``.

    Parameters
    ----------
    n_batches : int
        Batches in the whole job.
    run_chunk : callable
        ``run_chunk(first, run)`` computes batches ``first .. first + run - 1``.
    consume : callable
        ``consume(first, run, result)`` takes each round's result in batch
        order; it returns a stop reason (e.g. ``"stderr"``) to end the run
        early, or None.
    time_limit : float, optional
        Stop after about this many seconds.
    chunks : iterator of (run, result), optional
        Results computed elsewhere (Dask), in batch order, used instead of
        ``run_chunk``; closed when the run stops, which cancels the rest.
    first_round : int, optional
        Batches of the first round (default: the threads, at least 2).  A short
        job run as one piece of a larger one (each board of a partly known
        board) passes all its batches: one kernel launch instead of several.

    Returns
    -------
    (int, str)
        Batches done and one of :data:`STOP_REASONS`.
    """
    round_size = max(2, numba.get_num_threads()) if first_round is None else max(1, first_round)
    start = _clock()
    done = 0
    reason = "trials"
    try:
        with stop_requested() as stop:
            while done < n_batches:
                run = min(round_size, n_batches - done)
                t0 = _clock()
                try:
                    if chunks is None:
                        result = run_chunk(done, run)
                    else:
                        run, result = next(chunks)
                except KeyboardInterrupt:  # a second Ctrl-C (see stop_requested)
                    reason = "interrupted"
                    break
                rule = consume(done, run, result)
                done += run
                elapsed = _clock() - start
                if stop.is_set():  # Ctrl-C during the round: stop with what is done
                    reason = "interrupted"
                    break
                if rule is not None:
                    reason = rule
                    break
                if time_limit is not None and elapsed >= time_limit:
                    reason = "time"
                    break
                per_batch = max((_clock() - t0) / run, 1e-7)
                round_size = int(min(max(2, ROUND_SECONDS / per_batch), 4 * round_size + 2))
                if time_limit is not None:
                    left = (time_limit - elapsed) / per_batch
                    round_size = max(1, min(round_size, int(left) + 1))
    finally:
        if chunks is not None and hasattr(chunks, "close"):
            chunks.close()  # cancels the chunks still queued or running
    return done, reason


_LAUNCH_LOCK = threading.Lock()


@contextlib.contextmanager
def one_thread(enabled: bool = True) -> Iterator[None]:
    """Run the block's kernel launches on one Numba thread, one launch per process at a time.

    A Dask task (one per worker thread) runs its work unit this way: Numba's
    default threading layer allows no concurrent launches, so start workers
    with one thread each.  With ``enabled=False`` it does nothing.
    """
    if not enabled:
        yield
        return
    with _LAUNCH_LOCK:
        previous = numba.get_num_threads()
        numba.set_num_threads(1)
        try:
            yield
        finally:
            numba.set_num_threads(previous)
