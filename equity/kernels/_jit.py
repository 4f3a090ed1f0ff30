"""The one place where numba options are set.

``kernel`` compiles a serial, cached, GIL-free function; ``inline_kernel``
is the same, inlined into its callers; ``parallel_kernel``
is used only by batch drivers that own the single ``prange`` over batches.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, cast

import numba
from numba.core import cgutils, types
from numba.extending import intrinsic

__all__ = [
    "QUEUE_WORKERS",
    "cached",
    "compile_notice",
    "drop_stale_cache",
    "fetch_add",
    "inline_kernel",
    "kernel",
    "max_threads",
    "parallel_kernel",
    "prange",
    "warming",
]

_OPTIONS: dict[str, Any] = {"cache": True, "nogil": True, "error_model": "numpy"}

kernel = numba.njit(**_OPTIONS)
"""Decorator for serial kernels."""

inline_kernel = numba.njit(inline="always", **_OPTIONS)
"""Decorator for small hot helpers, inlined into their callers at Numba IR level.

A call to a separately compiled function passes every array as a struct and
pays reference-count updates on each call; in the innermost loops (one call
per board or per deal) that costs several times the work itself.
"""

parallel_kernel = numba.njit(parallel=True, **_OPTIONS)
"""Decorator for batch drivers (the only place a ``prange`` may appear)."""

prange = numba.prange


QUEUE_WORKERS = 256
"""Loop count of a work-queue ``prange``: at least the thread count.  ``prange``
splits it statically, and each thread's first worker drains the queue (the
rest find it empty): the thread count need not be known inside the kernel,
where asking for it would keep the kernel out of Numba's cache."""


@intrinsic
def _fetch_add(typingctx, counter, value):
    """Add ``value`` to ``counter[0]`` atomically and return the value before.

    The work queue of drivers that hand out items as threads come free
    (``for w in prange(QUEUE_WORKERS)``, each taking the next item until
    none is left): ``prange`` itself splits statically, so a thread that
    runs slower (a busy core, a vCPU that gets less time) would hold up the
    others at the end.  ``counter`` is an ``int64[1]`` array.
    """
    if not (isinstance(counter, types.Array) and counter.ndim == 1):
        return None
    if counter.dtype != types.int64 or not isinstance(value, types.Integer):
        return None
    sig = types.int64(counter, value)

    def codegen(context, builder, signature, args):
        array_type = signature.args[0]
        array = context.make_array(array_type)(context, builder, args[0])
        zero = context.get_constant(types.intp, 0)
        slot = cgutils.get_item_pointer(context, builder, array_type, array, [zero])
        step = context.cast(builder, args[1], signature.args[1], types.int64)
        return builder.atomic_rmw("add", slot, step, "monotonic")

    return sig, codegen


fetch_add = cast("Callable[[Any, int], int]", _fetch_add)
"""The same intrinsic, typed for the checkers (mypy sees its compile-time signature)."""


def cached(dispatcher: object) -> bool:
    """Whether Numba's cache holds compiled code of ``dispatcher`` for its current source.

    True when any signature is cached (a first call then loads instead of
    compiling) and when the cache cannot be inspected; False when the index
    is missing or stale (the next call compiles, which takes seconds).
    """
    try:
        index = dispatcher._cache._cache_file._load_index()  # type: ignore[attr-defined]
    except Exception:
        return True
    return bool(index)


_NOTICE: dict[str, Callable[[], None] | None] = {"callback": None}
"""The pending callback of the innermost :func:`compile_notice` block."""
_WARM: set[int] = set()
"""Dispatchers already seen cached (ids): not checked again."""


@contextlib.contextmanager
def compile_notice(callback: Callable[[], None]) -> Iterator[None]:
    """Call ``callback`` at most once, in the block, before a kernel compiles instead of loading.

    Library code marks its kernel launches with :func:`warming`; the command
    line wraps a command in this block to say "compiling (first run only)"
    at the right moment: after the input is validated, before the wait.
    """
    previous = _NOTICE["callback"]
    _NOTICE["callback"] = callback
    try:
        yield
    finally:
        _NOTICE["callback"] = previous


def warming(*dispatchers: object) -> None:
    """Before launching ``dispatchers``: run the pending compile notice if one is cold."""
    callback = _NOTICE["callback"]
    if callback is None:
        return
    for d in dispatchers:
        if id(d) in _WARM:
            continue
        if not cached(d):
            _NOTICE["callback"] = None
            callback()
            return
        _WARM.add(id(d))


def max_threads() -> int:
    """The most threads Numba may use in this process (``NUMBA_NUM_THREADS``)."""
    return int(getattr(numba.config, "NUMBA_NUM_THREADS"))  # noqa: B009 - set at run time


def sources_digest(folder: Path) -> str:
    """SHA-256 of the names and contents of the ``*.py`` files in ``folder``."""
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def drop_stale_cache(cache_dir: Path, digest: str) -> bool:
    """Delete the compiled kernels in ``cache_dir`` unless they were built from ``digest``.

    Numba keys a cached kernel on its own file's time stamp only, but the
    kernels inline helpers from the other modules of this package: after a
    change to ``headsup.py`` alone (a ``git pull`` does that), the cached
    driver of ``montecarlo.py`` would still run the old helpers.  So the
    cache is kept only while a digest of every kernel source matches the one
    stamped beside it (``equity-kernels.sha256``), else emptied and
    re-stamped: the next calls compile afresh.  Returns whether it emptied
    anything; a cache it cannot read or write is left alone.
    """
    stamp = cache_dir / "equity-kernels.sha256"
    try:
        if stamp.read_text() == digest:
            return False
    except OSError:
        pass
    dropped = False
    try:
        for entry in cache_dir.glob("*.nb[ic]"):
            entry.unlink(missing_ok=True)
            dropped = True
        cache_dir.mkdir(parents=True, exist_ok=True)
        fresh = cache_dir / f"equity-kernels.sha256.{os.getpid()}"
        fresh.write_text(digest)
        fresh.replace(stamp)
    except OSError:
        pass
    return dropped


@numba.njit(cache=True)
def _probe() -> int:  # never called: its cache locator says where this package's cache is
    return 0


def _cache_dir() -> Path | None:
    try:
        return Path(_probe._cache._cache_path)  # type: ignore[attr-defined]
    except Exception:
        return None


_HERE_CACHE = _cache_dir()
if _HERE_CACHE is not None:
    drop_stale_cache(_HERE_CACHE, sources_digest(Path(__file__).parent))
