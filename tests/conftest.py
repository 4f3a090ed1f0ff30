"""Shared fixtures and helpers: a seeded generator, the shipped tables, all five-card hands;
the command run for its JSON or its error line, Numba's thread count for a block, a hand
value's components.  Test files import the helpers (``from conftest import fails``)."""

from __future__ import annotations

import itertools
import json
import math
import shutil
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


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without a Chromium, leave out the ``browser`` tests (one summary line says so)."""
    if chromium() is not None:
        return
    browser = [item for item in items if item.get_closest_marker("browser")]
    if browser:
        items[:] = [item for item in items if not item.get_closest_marker("browser")]
        config.hook.pytest_deselected(items=browser)
        config.stash[_BROWSER_LEFT_OUT] = len(browser)


_BROWSER_LEFT_OUT = pytest.StashKey[int]()


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """The one line on browser tests left out for want of a Chromium."""
    if config.stash.get(_BROWSER_LEFT_OUT, 0):
        terminalreporter.write_line(INSTALL_CHROMIUM)


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
