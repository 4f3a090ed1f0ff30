"""How a long job is controlled: its progress callback, Ctrl-C as a request to stop, its clock.

Every long job (``calculate``, ``category_frequencies``, ``preflop_table``,
``run_report``) takes ``progress``, a :data:`Progress` callback called as
``progress(done, total)`` as the work advances.

Ctrl-C: long jobs end with the result so far.

A long job (a Monte-Carlo run, a frequency count, a report) runs inside
:func:`stop_requested`.  The first Ctrl-C (SIGINT) does not raise; it sets
the flag the block yields, and the job checks it between rounds of work
(a fraction of a second each), stops, and returns what it has, marked
interrupted.  A ``KeyboardInterrupt`` raised in the middle of a kernel's
first call could land inside numba's loading or compiling of it and leave
it broken; as a flag it waits for the round to end.  A second Ctrl-C goes
to the previous handler (normally ``KeyboardInterrupt`` at once).

Blocks nest: a report that runs many calculations installs the handler
once, and every calculation inside it sees the same flag, so one Ctrl-C
stops the calculation in progress *and* the report.  Only the main thread
can install signal handlers; elsewhere (and where SIGINT is ignored) the
flag is never set by a signal.

The clock: a job times itself with a :class:`Stopwatch`, which keeps the
seconds Numba spends compiling kernels (a cold cache) apart from the rest,
the engine time a warm run would also take.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["Progress", "Stopwatch", "compile_seconds", "stop_requested"]

Progress = Callable[[int, int], None]
"""A progress callback: ``progress(done, total)``, units of the job's own choosing."""

_ACTIVE: threading.Event | None = None
"""The flag of the outermost block running in the main thread, if any."""


@contextlib.contextmanager
def stop_requested() -> Iterator[threading.Event]:
    """Yield a flag that the first Ctrl-C sets (see the module doc).

    Examples
    --------
    >>> with stop_requested() as stop:
    ...     stop.is_set()
    False
    """
    global _ACTIVE
    if threading.current_thread() is not threading.main_thread():
        yield threading.Event()
        return
    if _ACTIVE is not None:  # nested: share the outer block's flag
        yield _ACTIVE
        return
    flag = threading.Event()
    previous = signal.getsignal(signal.SIGINT)
    if previous in (signal.SIG_IGN, None):
        yield flag
        return

    def on_sigint(signum: int, frame: Any) -> None:
        if not flag.is_set():
            flag.set()
        elif callable(previous):
            previous(signum, frame)
        else:  # SIG_DFL
            raise KeyboardInterrupt

    signal.signal(signal.SIGINT, on_sigint)
    _ACTIVE = flag
    try:
        yield flag
    finally:
        _ACTIVE = None
        signal.signal(signal.SIGINT, previous)


class _CompileTotal:
    """Seconds this process has spent compiling, from Numba's ``numba:compile`` events.

    Fed by a listener of Numba's event API (:mod:`numba.core.event`, installed
    by :func:`compile_seconds`): a compile that compiles its callees nests
    their events in its own, and only the outermost counts.  Compiles hold
    Numba's global compiler lock, so the events of two threads never
    interleave.  Loading a kernel from the cache is not compiling (no event).
    """

    def __init__(self) -> None:
        self.total = 0.0
        self.depth = 0
        self.since = 0.0

    def started(self) -> None:
        """A compile starts."""
        if self.depth == 0:
            self.since = time.perf_counter()
        self.depth += 1

    def ended(self) -> None:
        """A compile ends."""
        self.depth -= 1
        if self.depth == 0:
            self.total += time.perf_counter() - self.since

    def seconds(self) -> float:
        """The total so far, a compile in progress included up to now."""
        running = time.perf_counter() - self.since if self.depth else 0.0
        return self.total + running


_COMPILING = _CompileTotal()
_LISTENING = threading.Lock()
_INSTALLED: list[object] = []
"""Numba's listener feeding :data:`_COMPILING`, once installed."""


def _install_listener() -> None:
    """Register a listener of ``numba:compile`` events that feeds :data:`_COMPILING`."""
    from numba.core import event

    class Compiles(event.Listener):
        def on_start(self, _event: object) -> None:
            _COMPILING.started()

        def on_end(self, _event: object) -> None:
            _COMPILING.ended()

    listener = Compiles()
    event.register("numba:compile", listener)
    _INSTALLED.append(listener)


def compile_seconds() -> float:
    """Seconds this process has spent compiling Numba functions since it first asked.

    The first call installs the listener (Numba is imported then, not with
    this module) and returns 0.0.
    """
    if not _INSTALLED:
        with _LISTENING:
            if not _INSTALLED:
                _install_listener()
    return _COMPILING.seconds()


class Stopwatch:
    """Wall time since it was made, with the part spent compiling kernels apart.

    :meth:`split` gives the engine time (compiling excluded, so a first run on
    a cold cache reports what a warm one does, give or take loading the
    cache) and the compile time.  The compile time is the process's: a
    compile in another thread of the same process during the job counts
    too, one in another process (a Dask worker) does not.

    Examples
    --------
    >>> watch = Stopwatch()
    >>> engine_s, compile_s = watch.split()
    >>> engine_s >= 0.0, compile_s
    (True, 0.0)
    """

    __slots__ = ("_compiled", "_wall")

    def __init__(self) -> None:
        self._compiled = compile_seconds()
        self._wall = time.perf_counter()

    def split(self) -> tuple[float, float]:
        """``(engine_s, compile_s)`` since the start: the wall time less the compiling,
        and the compiling."""
        compiled = compile_seconds() - self._compiled
        wall = time.perf_counter() - self._wall
        return max(wall - compiled, 0.0), compiled
