"""The one place where numba options are set.

``kernel`` compiles a serial, cached, GIL-free function; ``inline_kernel``
is the same, inlined into its callers; ``parallel_kernel``
is used only by batch drivers that own the single ``prange`` over batches.
"""

from __future__ import annotations

import numba

__all__ = ["cached", "inline_kernel", "kernel", "parallel_kernel", "prange"]

_OPTIONS = {"cache": True, "nogil": True, "error_model": "numpy"}

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
