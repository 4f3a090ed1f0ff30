"""The one place where numba options are set.

``kernel`` compiles a serial, cached, GIL-free function; ``inline_kernel``
is the same, inlined into its callers; ``parallel_kernel``
is used only by batch drivers that own the single ``prange`` over batches.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import hashlib
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, cast

import numba
import numpy as np
from numba.core import cgutils, types
from numba.extending import intrinsic, overload

__all__ = [
    "QUEUE_WORKERS",
    "cached",
    "compile_notice",
    "drop_stale_cache",
    "fetch_add",
    "inline_kernel",
    "kernel",
    "max_threads",
    "module_digests",
    "parallel_kernel",
    "prange",
    "variant",
    "variant_of",
    "variant_overload",
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


def variant(k: int) -> np.ndarray:
    """The argument that selects variant ``k`` of a kernel at compile time.

    An empty ``bool`` array of ``k + 1`` dimensions: Numba types it by its
    dimension count, a different type for each ``k``, so a kernel taking it
    is compiled once for each variant a process uses, and a stub resolved by
    :data:`variant_overload` inside it resolves, while the kernel is typed,
    to that variant's code alone: the loops of the other variants are never
    typed or compiled (a first call compiles what it runs, not every loop of
    the family).  A plain integer could not do this (Numba compiles both
    sides of a branch on an argument's value), nor a tuple (a ``prange``
    body cannot take one).
    """
    return np.zeros((0,) * (k + 1), dtype=np.bool_)


def variant_of(tag: Any) -> int:
    """At typing time: the ``k`` of a :func:`variant` argument's Numba type (-1 if not one)."""
    return tag.ndim - 1 if isinstance(tag, types.Array) else -1


variant_overload = functools.partial(
    overload, jit_options=cast(Any, dict(_OPTIONS)), inline="never"
)
"""Decorator for the typing function of a stub ``f(tag, ...)`` resolved per :func:`variant`.

Used as ``@variant_overload(f)`` on ``def _f(tag, ...)`` (the stub's parameter
names), which returns the implementation of ``variant_of(tag)``: the choice
is made while the calling kernel is typed, so a kernel is one body with
several compiled variants, as a C++ template on an integer parameter.
"""


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


def cached(dispatcher: object, args: tuple[Any, ...] | None = None) -> bool:
    """Whether Numba's cache holds compiled code of ``dispatcher`` for its current source.

    With ``args``, for the signature of those arguments (a kernel compiled
    once per :func:`variant` has one entry per variant); without, for any.
    True when the cache cannot be inspected; False when the index is missing
    or stale, or lacks the signature (the next call compiles, which takes
    seconds).
    """
    try:
        index = dispatcher._cache._cache_file._load_index()  # type: ignore[attr-defined]
    except Exception:
        return True
    if not index or args is None:
        return bool(index)
    try:
        signature = tuple(numba.typeof(a) for a in args)
    except Exception:
        return True
    return any(key[0] == signature for key in index)


_NOTICE: dict[str, Callable[[], None] | None] = {"callback": None}
"""The pending callback of the innermost :func:`compile_notice` block."""
_WARM: set[tuple[int, Any]] = set()
"""Dispatchers (ids, with the argument types when given) already seen cached."""


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


def warming(*dispatchers: object, args: tuple[Any, ...] | None = None) -> None:
    """Before launching ``dispatchers``: run the pending compile notice if one is cold.

    ``args``: the arguments of the (single) dispatcher's launch, for kernels
    compiled once per :func:`variant`.
    """
    callback = _NOTICE["callback"]
    if callback is None:
        return
    for d in dispatchers:
        key = (id(d), None if args is None else tuple(map(numba.typeof, args)))
        if key in _WARM:
            continue
        if not cached(d, args):
            _NOTICE["callback"] = None
            callback()
            return
        _WARM.add(key)


def max_threads() -> int:
    """The most threads Numba may use in this process (``NUMBA_NUM_THREADS``)."""
    return int(getattr(numba.config, "NUMBA_NUM_THREADS"))  # noqa: B009 - set at run time


def _kernel_imports(source: bytes) -> set[str]:
    """Names of the sibling modules that a kernel module imports (``from .x import``)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                names.add(node.module.split(".")[0])
            else:
                names.update(alias.name for alias in node.names)
    return names


def module_digests(folder: Path) -> dict[str, str]:
    """For each ``*.py`` module in ``folder``: SHA-256 of its source and of the siblings it imports.

    The imports are followed transitively, so a module's digest changes
    whenever any source its kernels can inline or call changes, and only then.
    """
    sources = {path.stem: path.read_bytes() for path in sorted(folder.glob("*.py"))}
    imports = {name: _kernel_imports(src) & sources.keys() for name, src in sources.items()}
    digests = {}
    for name in sources:
        seen = {name}
        todo = [name]
        while todo:
            for dep in imports[todo.pop()]:
                if dep not in seen:
                    seen.add(dep)
                    todo.append(dep)
        digest = hashlib.sha256()
        for dep in sorted(seen):
            digest.update(dep.encode() + b"\0" + sources[dep] + b"\0")
        digests[name] = digest.hexdigest()
    return digests


STAMP = "equity-kernels.json"
"""The file beside the cached kernels: the digest each module's entries were built from."""


def drop_stale_cache(cache_dir: Path, digests: dict[str, str]) -> list[str]:
    """Delete the cached kernels of every module whose digest changed; return those modules.

    Numba keys a cached kernel on its own file's time stamp only, but the
    kernels inline (and link) helpers from the other modules of this
    package: after a change to ``headsup.py`` alone (a ``git pull`` does
    that), the cached driver of ``montecarlo.py`` would still run the old
    helpers.  So each module's entries (``MODULE.function-line.py3xx.nb[ic]``)
    are kept only while its digest (:func:`module_digests`: its source and
    every sibling it imports, transitively) matches the one recorded in
    :data:`STAMP`, else deleted and the stamp updated: an edit recompiles
    the kernels that can see it, and no others.  A cache it cannot read or
    write is left alone (returns an empty list).
    """
    stamp = cache_dir / STAMP
    try:
        recorded = json.loads(stamp.read_text())
        if not isinstance(recorded, dict):
            recorded = {}
    except (OSError, ValueError):
        recorded = {}
    if recorded == digests:
        return []
    stale = sorted(
        name for name in set(digests) | set(recorded) if recorded.get(name) != digests.get(name)
    )
    dropped = []
    try:
        for name in stale:
            entries = list(cache_dir.glob(f"{name}.*.nb[ic]"))
            for entry in entries:
                entry.unlink(missing_ok=True)
            if entries:
                dropped.append(name)
        cache_dir.mkdir(parents=True, exist_ok=True)
        fresh = cache_dir / f"{STAMP}.{os.getpid()}"
        fresh.write_text(json.dumps(digests, sort_keys=True))
        fresh.replace(stamp)
    except OSError:
        return []
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
    drop_stale_cache(_HERE_CACHE, module_digests(Path(__file__).parent))
