"""How a long job is controlled: its progress callback, and Ctrl-C as a request to stop.

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
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["Progress", "stop_requested"]

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
