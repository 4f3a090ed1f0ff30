"""The one place where numba options are set.

``kernel`` compiles a serial, cached, GIL-free function; ``parallel_kernel``
is used only by batch drivers that own the single ``prange`` over batches.
"""

from __future__ import annotations

import numba

__all__ = ["kernel", "parallel_kernel", "prange"]

_OPTIONS = {"cache": True, "nogil": True, "error_model": "numpy"}

kernel = numba.njit(**_OPTIONS)
"""Decorator for serial kernels."""

parallel_kernel = numba.njit(parallel=True, **_OPTIONS)
"""Decorator for batch drivers (the only place a ``prange`` may appear)."""

prange = numba.prange
