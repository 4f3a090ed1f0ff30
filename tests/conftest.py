"""Shared fixtures: a seeded generator, the shipped tables, all five-card hands."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import settings

from equity.lookup import HoldemTables, holdem_tables

# The first call of a kernel may compile it or load it from the cache, which
# takes far longer than an example and must not count as a slow example.
settings.register_profile("equity", deadline=None, print_blob=True)
settings.load_profile("equity")

SEED = 20261130


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
