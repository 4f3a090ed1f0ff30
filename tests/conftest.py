"""Shared fixtures and helpers: a seeded generator, the shipped tables, all five-card hands;
the command run for its JSON or its error line, Numba's thread count for a block, a hand
value's components.  Test files import the helpers (``from conftest import fails``)."""

from __future__ import annotations

import itertools
import json
import math
import os
import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numba
import numpy as np
import pytest
from hypothesis import settings

from equity.cli import main
from equity.lookup import HoldemTables, hand_value_components, holdem_tables

# The first call of a kernel may compile it or load it from the cache, which
# takes far longer than an example and must not count as a slow example.
settings.register_profile("equity", deadline=None, print_blob=True)
settings.load_profile("equity")

SEED = 20261130

INSTALL_CHROMIUM = (
    "browser tests skipped: install chromium with `apt-get install chromium chromium-driver`"
)


def chromium() -> tuple[str, str] | None:
    """Paths of Chromium and its WebDriver (Debian: ``chromium``, ``chromium-driver``), or None."""
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    return (binary, driver) if binary and driver else None


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Group the tests that share an expensive fixture; without a Chromium, leave out the
    ``browser`` tests (one summary line says so)."""
    _group_shared_fixtures(items)
    if chromium() is not None:
        return
    browser = [item for item in items if item.get_closest_marker("browser")]
    if browser:
        items[:] = [item for item in items if not item.get_closest_marker("browser")]
        config.hook.pytest_deselected(items=browser)
        config.stash[_BROWSER_LEFT_OUT] = len(browser)


_BROWSER_LEFT_OUT = pytest.StashKey[int]()


class _GroupSuffix:
    """Registered in a pytest-xdist worker: its hook runs after pytest-xdist's."""

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(
        self, config: pytest.Config, items: list[pytest.Item]
    ) -> None:
        _suffix_groups(config, items)


def _suffix_groups(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Write each grouped test's ``xdist_group`` into its node id, as pytest-xdist means to.

    ``--dist loadgroup`` sends together the tests whose node ids end in the same
    ``@group``.  A worker's pytest-xdist appends it by setting ``item._nodeid``;
    pytest 9.2 reads node ids from ``item._id`` (a structured ``NodeId``), so that
    write is lost, every test goes wherever a worker is free, and a fixture of
    module scope is built once per worker (``make test``'s durations showed
    ``small_report`` of ``test_reports.py`` set up twice: 99 s and 73 s).  Here
    the suffix goes where this pytest reads it, once: a node id that already
    ends in its group is left alone (an older pytest, where pytest-xdist's
    write works).
    """
    if not config.getoption("loadgroup", default=False):
        return
    for item in items:
        names = sorted(
            {str(m.args[0] if m.args else m.kwargs.get("name", "default"))
             for m in item.iter_markers("xdist_group")}
        )  # fmt: skip
        if not names:
            continue
        suffix = "@" + "_".join(names)
        if item.nodeid.endswith(suffix) or not hasattr(item, "_id"):
            continue
        from _pytest.nodeid import NodeId

        item._id = NodeId.parse(item.nodeid + suffix)


def _group_shared_fixtures(items: list[pytest.Item]) -> None:
    """Keep the tests that share a fixture wider than a test in one pytest-xdist worker.

    ``make test`` runs two workers with ``--dist loadgroup``: a test is a unit of work of
    its own, handed to whichever worker is free, unless it carries an ``xdist_group``
    mark.  A test module's fixture of module (or class, or session) scope is set up
    once per worker that runs one of its tests, and some are expensive (a Dask
    LocalCluster, JupyterLab with Chromium, a hand-history sample, a reference table):
    the tests that use one are marked with one group, named after the module that
    defines the fixture, and so run in one worker, one after the other.  Autouse
    fixtures (a thread count for a module) and this file's session fixtures (cheap
    loads, built once per worker) do not group.
    """
    for item in items:
        info = getattr(item, "_fixtureinfo", None)
        if info is None:
            continue
        homes = sorted(
            {
                fixture.baseid.split("::")[0]
                for fixtures in info.name2fixturedefs.values()
                for fixture in fixtures[-1:]
                if fixture.scope != "function"
                and fixture.baseid.startswith("tests/")
                and not fixture._autouse
            }
        )
        if homes:
            item.add_marker(pytest.mark.xdist_group(homes[0]))


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """The one line on browser tests left out for want of a Chromium."""
    if config.stash.get(_BROWSER_LEFT_OUT, 0):
        terminalreporter.write_line(INSTALL_CHROMIUM)


# ---------------------------------------------------------------- one compile per kernel per run


def _compile_once_across_workers() -> None:
    """Under pytest-xdist: a kernel signature that one worker is compiling, the other waits for.

    The workers share Numba's cache (``__pycache__`` beside the kernels): a kernel one
    worker has compiled, the other loads.  But two workers that reach the same kernel
    before either has saved it would both compile it (tens of seconds each, for the
    Monte-Carlo drivers).  So a compile that may go to the cache takes a file lock named
    after the kernel, its argument types and the cache folder; the second worker waits
    for the first and then finds it cached.  The lock is taken inside Numba's own
    compiler lock (one compile at a time per process, re-entrant for nested compiles),
    so threads of one process cannot deadlock on it, and a kernel's compile only ever
    waits for the kernels it calls, never for its callers.  Lock files live in the
    temporary folder; they are empty and harmless.
    """
    import fcntl
    import hashlib
    import tempfile
    from pathlib import Path

    from numba.core import dispatcher, sigutils
    from numba.core.caching import NullCache
    from numba.core.compiler_lock import global_compiler_lock

    original = dispatcher.Dispatcher.compile
    folder = Path(tempfile.gettempdir()) / "equity-compile-locks"
    folder.mkdir(exist_ok=True)
    held: set[str] = set()

    def compile_once(self: Any, sig: Any) -> Any:
        cache = getattr(self, "_cache", None)
        if cache is None or isinstance(cache, NullCache):
            return original(self, sig)
        args, _ = sigutils.normalize_signature(sig)
        if self.overloads.get(tuple(args)) is not None:
            return original(self, sig)
        code = self.py_func.__code__
        where = getattr(cache, "_cache_path", "")
        text = f"{code.co_filename}:{code.co_firstlineno}:{self.py_func.__qualname__}:{args}"
        key = hashlib.sha256(f"{where}|{text}".encode()).hexdigest()[:32]
        with global_compiler_lock:
            if key in held:  # a nested compile of the same key: this process holds it
                return original(self, sig)
            with (folder / f"{key}.lock").open("a") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                held.add(key)
                try:
                    return original(self, sig)
                finally:
                    held.discard(key)
                    fcntl.flock(lock, fcntl.LOCK_UN)

    dispatcher.Dispatcher.compile = compile_once  # type: ignore[method-assign]


if os.environ.get("PYTEST_XDIST_WORKER"):
    _compile_once_across_workers()


# ---------------------------------------------------------------- Numba compile time per test


class CompileTimes:
    """With ``--durations``: the Numba compiles of the test processes, by file, and twice-done.

    A listener of Numba's compile events records each compile (kernel, argument types,
    seconds less the compiles nested in it); each test phase's compiles travel in its
    report, so under pytest-xdist the controller sums the workers' and counts a kernel
    compiled by two workers (neither found it in the shared cache yet).  Compiles in other
    processes (notebook kernels, Dask workers, subprocesses) are not seen.
    ``tools/suite_times.py`` totals these lines beside the durations.
    """

    def __init__(self) -> None:
        from numba.core import event

        self.worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        self.open: list[list[float]] = []
        self.done: list[tuple[str, str, float]] = []
        self.by_file: dict[str, float] = {}
        self.seen: dict[tuple[str, str], dict[str, float]] = {}
        times = self

        class Listener(event.Listener):
            def on_start(self, ev: Any) -> None:
                times.open.append([time.perf_counter(), 0.0])

            def on_end(self, ev: Any) -> None:
                began, nested = times.open.pop()
                took = time.perf_counter() - began
                if times.open:
                    times.open[-1][1] += took
                func = ev.data["dispatcher"].py_func
                name = f"{func.__module__}.{func.__qualname__}"
                times.done.append((name, str(ev.data["args"]), took - nested))

        event.register("numba:compile", Listener())

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self) -> Iterator[None]:
        outcome = yield
        if self.done:
            report = outcome.get_result()  # type: ignore[attr-defined]
            report.user_properties.append(("numba_compiles", [self.worker, self.done]))
            self.done = []

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        for name, value in report.user_properties:
            if name == "numba_compiles":
                worker, compiles = value
                path = report.nodeid.split("::")[0]
                for kernel, args, seconds in compiles:
                    self.by_file[path] = self.by_file.get(path, 0.0) + seconds
                    by_worker = self.seen.setdefault((kernel, args), {})
                    by_worker[worker] = by_worker.get(worker, 0.0) + seconds

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if not self.by_file:
            return
        total = sum(self.by_file.values())
        twice = [w for w in self.seen.values() if len(w) > 1]
        terminalreporter.write_sep("=", f"numba compile in the test processes: {total:.1f}s")
        terminalreporter.write_line(
            f"numba compiles: {len(self.seen)} kernel signatures; {len(twice)} compiled by "
            f"more than one worker ({sum(sum(w.values()) - max(w.values()) for w in twice):.1f}s "
            "more than once)"
        )
        for path, seconds in sorted(self.by_file.items(), key=lambda kv: -kv[1]):
            terminalreporter.write_line(f"numba compile {seconds:8.2f}s {path}")


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER"):
        config.pluginmanager.register(_GroupSuffix(), "equity-group-suffix")
    if config.option.durations is not None:
        config.pluginmanager.register(CompileTimes(), "equity-compile-times")


@pytest.fixture
def rng() -> np.random.Generator:
    """A freshly seeded generator: every test sees the same stream."""
    return np.random.default_rng(SEED)


@pytest.fixture(scope="session")
def tables() -> HoldemTables:
    """The shipped hold'em tables, in kernel argument order."""
    return holdem_tables()


@pytest.fixture(scope="session")
def five_card_hands() -> np.ndarray:
    """All C(52,5) = 2,598,960 five-card hands in lexicographic order, ``uint8[n, 5]``."""
    n = math.comb(52, 5)
    flat = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
        dtype=np.uint8,
        count=5 * n,
    )
    # Left writable: a read-only array is another numba type, and so another
    # compilation of every kernel it reaches.
    return flat.reshape(n, 5)


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    """Run ``equity *argv --json``, which must succeed; return the parsed JSON."""
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def fails(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run a command that must fail as a usage error; return its one line of stderr."""
    assert main(list(argv)) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "Traceback" not in captured.err
    assert captured.err.count("\n") == 1, captured.err
    return captured.err


@contextmanager
def num_threads(n: int) -> Iterator[None]:
    """Run the block on ``n`` Numba threads, then restore the count."""
    before = numba.get_num_threads()
    numba.set_num_threads(n)
    try:
        yield
    finally:
        numba.set_num_threads(before)


def components_key(value: int) -> tuple[int, ...]:
    """A hand value's components, flattened like a reference key."""
    category, ranks = hand_value_components(value)
    return (category, *ranks)
