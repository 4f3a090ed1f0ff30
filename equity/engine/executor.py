"""Where the engine's units of work run: this process, or a Dask cluster.

An executor is handed to every job (equity, frequencies, the preflop
table).  The engine cuts the job into chunks and asks the executor to run
units (each kernel family's, :mod:`.families`) on them; the same units give
the same counts wherever they run.  Two implementations:

* :class:`LocalExecutor`: this process, on all of Numba's threads.
  Monte-Carlo runs in adaptive rounds here (:func:`.rounds.run_rounds`);
  exact chunks run one after another, each spread over the threads.
* ``equity.cluster.DaskExecutor``: the workers of a Dask scheduler, one
  thread per task.  It receives the unit functions and imports nothing
  from the engine.

Both offer :meth:`~LocalExecutor.ordered_batches` (Monte-Carlo batches in
batch order, or None to run them here in rounds),
:meth:`~LocalExecutor.map_unordered` (independent chunks, as they finish)
and :meth:`~LocalExecutor.chunk_items` (how many items a chunk should hold).
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol

__all__ = ["Executor", "LocalExecutor", "executor_for", "use_scheduler"]


class Executor(Protocol):
    """What the engine asks of an executor."""

    def ordered_batches(
        self, unit: Callable[..., Any], spec: Any, n_batches: int, batch_evals: int
    ) -> Iterator[tuple[int, Any]] | None:
        """``(run, unit(spec, first, run))`` in batch order, or None to run in local rounds."""
        ...

    def map_unordered(
        self, unit: Callable[..., Any], calls: Sequence[tuple[Any, ...]]
    ) -> Iterator[tuple[int, Any]]:
        """``(i, unit(*calls[i]))`` for every call, in the order they finish."""
        ...

    def chunk_items(self, n_items: int, item_evals: int, largest: int) -> int:
        """Items per chunk of a job of ``n_items`` items of ``item_evals`` evaluations each."""
        ...


class LocalExecutor:
    """Run units in this process, each on all of Numba's threads."""

    def ordered_batches(
        self, unit: Callable[..., Any], spec: Any, n_batches: int, batch_evals: int
    ) -> None:
        """None: Monte-Carlo batches run here, in rounds sized as they go."""
        return None

    def map_unordered(
        self, unit: Callable[..., Any], calls: Sequence[tuple[Any, ...]]
    ) -> Iterator[tuple[int, Any]]:
        """Run the calls one after another (each threaded), yielding as they finish."""
        for i, args in enumerate(calls):
            yield i, unit(*args, threads=True)

    def chunk_items(self, n_items: int, item_evals: int, largest: int) -> int:
        """The largest chunk: each call already uses every thread."""
        return max(1, min(n_items, largest))


_DEFAULT: contextvars.ContextVar[Any] = contextvars.ContextVar("equity_executor", default=None)
"""The executor of calls that pass no ``scheduler`` (see :func:`use_scheduler`)."""


_LOCAL = LocalExecutor()
"""This process's executor (stateless: one for every call)."""
_IN_PROCESS = contextlib.nullcontext(_LOCAL)
""":data:`_LOCAL` as a block: one for every call (a ``nullcontext`` may be entered again)."""


def executor_for(scheduler: Any = None) -> contextlib.AbstractContextManager[Any]:
    """The executor of a job's ``scheduler=`` argument, open for the block.

    None: the one set by :func:`use_scheduler`, else this process.  An
    executor is used as is.  Anything else (an address, ``"local[:N]"``, a
    ``distributed.Client``) is a Dask cluster: :mod:`equity.cluster`, imported
    only then.
    """
    if scheduler is None:
        scheduler = _DEFAULT.get()
    if scheduler is None:
        return _IN_PROCESS  # no generator to step: a small call's microseconds
    if hasattr(scheduler, "map_unordered") and hasattr(scheduler, "ordered_batches"):
        return contextlib.nullcontext(scheduler)
    return _dask_executor(scheduler)


@contextlib.contextmanager
def _dask_executor(scheduler: Any) -> Iterator[Any]:
    """A Dask cluster's executor, connected for the block (:mod:`equity.cluster`)."""
    from .. import cluster

    with cluster.connect(scheduler) as client:
        yield cluster.DaskExecutor(client)


@contextlib.contextmanager
def use_scheduler(scheduler: Any) -> Iterator[Any]:
    """Send every job that names no scheduler in the block to ``scheduler``.

    Connects once and makes its executor the default of every
    :func:`equity.calculate`, :func:`equity.category_frequencies` and
    :func:`equity.preflop_table.preflop_table` call that passes no
    ``scheduler``, so a whole job such as a report runs on the cluster with
    the same counts as locally.  Yields the executor.
    """
    with executor_for(scheduler) as executor:
        token = _DEFAULT.set(executor)
        try:
            yield executor
        finally:
            _DEFAULT.reset(token)
