"""Scale-out on Dask: the engine's units of work, run by ``dask.distributed``.

Nothing here computes equities, and nothing here imports the engine: a
:class:`DaskExecutor` receives the engine's unit functions (a run of
Monte-Carlo batches, batch ``b`` always drawing from the stream of batch
``b``; a slice of an exact job's assignments; a chunk of the preflop
table) and runs them on the workers, handing the results back in the order
the engine asks for.  So a job gives **identical counts** locally and on any
cluster, and a chunk lost with a worker is simply rerun by Dask with the
same result.

Start workers with one thread each, one worker process per core (``dask
worker ADDRESS --nworkers 16 --nthreads 1``): a task runs the kernels on one
Numba thread (``threads=False`` in the unit; the environment variable is left
alone, as Numba rereads it at every compile).

Needs the ``distributed`` extra: ``pip install 'equity[distributed]'``.
"""

from __future__ import annotations

import contextlib
import math
import os
import re
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import Any

__all__ = [
    "CONNECT_TIMEOUT_S",
    "DaskExecutor",
    "connect",
    "parse_local",
    "worker_threads",
]

CONNECT_TIMEOUT_S = 3
"""Seconds to wait for a scheduler to answer before giving up."""
WORKER_WAIT_S = 10
"""Seconds to wait for a scheduler that has no worker yet to get one."""
CHUNKS_PER_THREAD = 8
"""Aim for this many chunks per worker thread: spreads the tail of a job."""
MC_TASK_EVALS = (1_000_000, 20_000_000)
"""Hand evaluations in one Monte-Carlo task: at least (scheduling cost), at most (the tail)."""
EXACT_TASK_EVALS = 100_000_000
"""Least hand evaluations in one exact task (enumeration is ~10x faster per evaluation)."""

_LOCAL = re.compile(r"local(?::(\d+))?", re.IGNORECASE)


def _require() -> Any:
    """Import ``distributed``, or explain how to install it."""
    try:
        import distributed
    except ImportError:
        raise ValueError(
            "running on Dask needs the distributed extra: pip install 'equity[distributed]'"
        ) from None
    return distributed


def parse_local(scheduler: str) -> int | None:
    """Worker count of ``"local"`` / ``"local:N"``; None for a scheduler address.

    Examples
    --------
    >>> parse_local("local:2"), parse_local("tcp://10.0.0.5:8786")
    (2, None)
    >>> parse_local("local") == os.cpu_count()
    True
    """
    m = _LOCAL.fullmatch(scheduler.strip())
    if m is None:
        if scheduler.strip().lower().startswith("local:"):
            raise ValueError(f"a local cluster is 'local' or 'local:N', not {scheduler!r}")
        return None
    n = int(m[1]) if m[1] else os.cpu_count() or 1
    if n < 1:
        raise ValueError(f"a local cluster needs at least one worker, got {scheduler!r}")
    return n


@contextlib.contextmanager
def connect(scheduler: Any) -> Iterator[Any]:
    """A ``distributed.Client`` for ``scheduler``, closed on exit unless it was given.

    ``scheduler`` is a connected ``Client`` (used as is), ``"local"`` or
    ``"local:N"`` (a cluster of N single-threaded worker processes on
    127.0.0.1, started here and stopped on exit) or the address of a running
    scheduler (``"tcp://host:8786"``, ``"host:8786"``).  An address that does
    not answer within :data:`CONNECT_TIMEOUT_S` seconds, or whose scheduler
    has no worker within :data:`WORKER_WAIT_S`, is a ``ValueError``.
    """
    distributed = _require()
    if isinstance(scheduler, distributed.Client):
        yield scheduler
        return
    if not isinstance(scheduler, str) or not scheduler.strip():
        raise ValueError(
            f"scheduler must be an address, 'local[:N]' or a Client, not {scheduler!r}"
        )
    n_local = parse_local(scheduler)
    if n_local is not None:
        with (
            distributed.LocalCluster(n_workers=n_local, threads_per_worker=1, processes=True,
                                     host="127.0.0.1", dashboard_address=":0") as cluster,
            distributed.Client(cluster, set_as_default=False) as client,
        ):  # fmt: skip
            yield client
        return
    address = scheduler.strip()
    _check_address(address)
    try:
        _probe(address)  # fails fast, without leaving a half-made Client behind
        client = distributed.Client(address, timeout=f"{CONNECT_TIMEOUT_S}s",
                                    set_as_default=False)  # fmt: skip
    except (OSError, TimeoutError, ValueError) as exc:
        if isinstance(exc, TimeoutError) or "timed out" in str(exc).lower() or not str(exc):
            reason = f"no answer within {CONNECT_TIMEOUT_S} s"
        else:
            reason = str(exc)
        raise ValueError(f"no Dask scheduler answers at {address!r} ({reason})") from None
    with client:
        try:
            client.wait_for_workers(1, timeout=WORKER_WAIT_S)
        except (OSError, TimeoutError):
            raise ValueError(
                f"the Dask scheduler at {address!r} has no workers (waited {WORKER_WAIT_S} s)"
            ) from None
        yield client


def _check_address(address: str) -> None:
    """Refuse, at once, an address that names no known transport or no host.

    A ``distributed.Client`` made for such an address fails only after its
    timeout and then complains again when it is garbage-collected.
    """
    from distributed.comm import parse_address
    from distributed.comm.registry import backends

    scheme, location = parse_address(address)
    if scheme not in backends:
        known = ", ".join(f"{b}://" for b in sorted(backends))
        raise ValueError(
            f"{address!r} is not a Dask scheduler address: unknown scheme {scheme + '://'!r} "
            f"(expected one of {known}, e.g. tcp://host:8786, or 'local[:N]')"
        )
    if not location.strip(":"):
        raise ValueError(f"{address!r} is not a Dask scheduler address: it names no host")


def _probe(address: str) -> None:
    """Ask a ``tcp://`` address for its identity; raise unless a scheduler answers in time.

    Runs in a thread of its own, so that it works under a running event
    loop (Jupyter).  Other schemes (``tls://`` ...) are left to the Client.
    """
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from distributed.comm import parse_address
    from distributed.core import rpc

    if parse_address(address)[0] != "tcp":
        return

    async def identity() -> Any:
        async with rpc(address, timeout=CONNECT_TIMEOUT_S) as remote:
            return await asyncio.wait_for(remote.identity(), CONNECT_TIMEOUT_S)

    with ThreadPoolExecutor(1) as pool:
        info = pool.submit(lambda: asyncio.run(identity())).result()
    kind = info.get("type") if isinstance(info, dict) else None
    if kind != "Scheduler":
        raise ValueError(f"it is a Dask {kind or 'server'}, not a scheduler")


def worker_threads(client: Any) -> int:
    """Worker threads of the cluster (tasks that can run at once)."""
    return max(1, sum(client.nthreads().values()))


def _chunk_size(n_items: int, item_evals: int, width: int, lo_evals: float,
                hi_evals: float) -> int:  # fmt: skip
    """Items per task: about :data:`CHUNKS_PER_THREAD` tasks per thread, within bounds."""
    lo = max(1, math.ceil(lo_evals / max(item_evals, 1)))
    hi = max(lo, int(hi_evals // max(item_evals, 1))) if math.isfinite(hi_evals) else n_items
    want = math.ceil(n_items / (CHUNKS_PER_THREAD * width))
    return max(1, min(max(want, lo), hi, n_items))


class DaskExecutor:
    """Run the engine's units on the workers of a connected ``distributed.Client``.

    Units get ``threads=False`` (one Numba thread per task).  See
    ``equity.engine.executor`` for the interface.
    """

    def __init__(self, client: Any) -> None:
        self.client = client

    def chunk_items(self, n_items: int, item_evals: int, largest: int) -> int:
        """Items per task: about :data:`CHUNKS_PER_THREAD` tasks per worker thread, each at
        least :data:`EXACT_TASK_EVALS` evaluations and at most ``largest`` items."""
        width = worker_threads(self.client)
        size = _chunk_size(n_items, item_evals, width, EXACT_TASK_EVALS, math.inf)
        return max(1, min(size, largest))

    def ordered_batches(self, unit: Callable[..., Any], spec: Any, n_batches: int,
                        batch_evals: int) -> Iterator[tuple[int, Any]]:  # fmt: skip
        """Run batches ``0 .. n_batches - 1``; yield ``(run, unit(spec, first, run))`` in order.

        A window of chunks runs ahead of the consumer; closing the generator
        (the caller stopped early: target stderr, time limit, Ctrl-C)
        cancels the rest.  ``batch_evals`` (hand evaluations per batch)
        sizes the chunks.
        """
        width = worker_threads(self.client)
        size = _chunk_size(n_batches, batch_evals, width, *MC_TASK_EVALS)
        starts = iter(range(0, n_batches, size))
        window = 4 * width + 2
        pending: deque[tuple[int, Any]] = deque()

        def submit() -> None:
            first = next(starts, None)
            if first is not None:
                run = min(size, n_batches - first)
                future = self.client.submit(unit, spec, first, run, threads=False, pure=False)
                pending.append((run, future))

        try:
            for _ in range(window):
                submit()
            while pending:
                run, future = pending.popleft()
                result = future.result()
                submit()
                yield run, result
        finally:
            for _, future in pending:
                future.cancel()

    def map_unordered(self, unit: Callable[..., Any],
                      calls: Sequence[tuple[Any, ...]]) -> Iterator[tuple[int, Any]]:  # fmt: skip
        """Run ``unit(*calls[i])`` for every ``i``; yield ``(i, result)`` as each ends.

        An exception, Ctrl-C or closing the generator cancels the chunks
        not yet finished.
        """
        distributed = _require()
        futures = [self.client.submit(unit, *args, threads=False, pure=False) for args in calls]
        index = {future.key: i for i, future in enumerate(futures)}
        try:
            for future, result in distributed.as_completed(
                futures, with_results=True, loop=self.client.loop
            ):
                yield index[future.key], result
        finally:
            unfinished = [future for future in futures if not future.done()]
            if unfinished:
                self.client.cancel(unfinished)
