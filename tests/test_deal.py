"""Tests of equity.kernels.deal: uniform shuffles and reproducible deals."""

from __future__ import annotations

import itertools
import math
from statistics import NormalDist

import numba
import numpy as np
import pytest
from conftest import num_threads

from equity.kernels.deal import deal_batch, sample_subsets, shuffle_batch
from equity.kernels.rng import batch_seeds

SEED = 20261130
N_SHUFFLES = 200_000
BATCH = 1_000
MAX_THREADS = min(2, numba.config.NUMBA_NUM_THREADS)


def shuffles(n: int, seed: int = SEED, batch_size: int = BATCH) -> np.ndarray:
    out = np.empty((n, 52), dtype=np.uint8)
    shuffle_batch(batch_seeds(seed, math.ceil(n / batch_size)), batch_size, out)
    return out


def deals(n: int, n_hands: int, k: int, seed: int = SEED, batch_size: int = BATCH) -> np.ndarray:
    out = np.empty((n, n_hands, k), dtype=np.uint8)
    deal_batch(batch_seeds(seed, math.ceil(n / batch_size)), batch_size, out)
    return out


def subsets(n: int, n_items: int, k: int, seed: int = SEED, batch_size: int = BATCH) -> np.ndarray:
    out = np.empty((n, k), dtype=np.uint8)
    sample_subsets(batch_seeds(seed, math.ceil(n / batch_size)), batch_size, n_items, out)
    return out


def chi2_upper_p(stat: float, df: int) -> float:
    """Upper tail of chi-square(``df``) at ``stat`` (Wilson-Hilferty).

    ``(X / df) ** (1/3)`` is close to normal with mean ``1 - 2 / (9 df)`` and
    variance ``2 / (9 df)``; for thousands of degrees of freedom the error
    is far below the thresholds used here.
    """
    var = 2 / (9 * df)
    z = ((stat / df) ** (1 / 3) - (1 - var)) / math.sqrt(var)
    return NormalDist().cdf(-z)


def position_chi2_p(decks: np.ndarray) -> float:
    """p-value of "every card is equally likely in every position".

    ``counts[card, position]`` over ``n`` shuffles has expectation ``n / 52``.
    A shuffle adds a permutation matrix, whose centred entries have
    covariance ``Pi / 51`` (``Pi`` the projection on matrices with zero row
    and column sums, rank 51**2), so for uniform shuffles
    ``X = sum (O - E)**2 / E`` is ``52/51`` times chi-square(51**2).
    """
    n = len(decks)
    cells = decks.astype(np.int64) * 52 + np.arange(52)
    counts = np.bincount(cells.ravel(), minlength=52 * 52)
    expected = n / 52
    stat = float(((counts - expected) ** 2).sum() / expected)
    return chi2_upper_p(stat * 51 / 52, 51**2)


def article_shuffle(rng: np.random.Generator, n: int, bound: int) -> np.ndarray:
    """The seed-000 article's deck: 100 swaps of two random positions.

    Java's ``generator.nextInt(cards.size() - 1)`` draws from ``[0, 51)``
    (``bound=51``): the last card never moves.  ``bound=52`` fixes that
    slip and keeps the 100 swaps.
    """
    decks = np.tile(np.arange(52, dtype=np.uint8), (n, 1))
    rows = np.arange(n)
    for _ in range(100):
        i = rng.integers(bound, size=n)
        j = rng.integers(bound, size=n)
        held = decks[rows, i].copy()
        decks[rows, i] = decks[rows, j]
        decks[rows, j] = held
    return decks


@pytest.fixture(scope="module")
def many_shuffles() -> np.ndarray:
    return shuffles(N_SHUFFLES)


def test_shuffles_are_permutations(many_shuffles: np.ndarray) -> None:
    np.testing.assert_array_equal(
        np.sort(many_shuffles, axis=1), np.broadcast_to(np.arange(52), many_shuffles.shape)
    )


def test_shuffle_is_uniform(many_shuffles: np.ndarray) -> None:
    assert position_chi2_p(many_shuffles) > 1e-4


def test_chi2_accepts_numpy_permutations(rng: np.random.Generator) -> None:
    """The test itself passes a known-good shuffle (the control)."""
    decks = rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (N_SHUFFLES, 1)), axis=1)
    assert position_chi2_p(decks) > 1e-4


@pytest.mark.parametrize("bound", [51, 52])
def test_chi2_rejects_article_shuffle(rng: np.random.Generator, bound: int) -> None:
    decks = article_shuffle(rng, N_SHUFFLES, bound)
    assert position_chi2_p(decks) < 1e-12
    if bound == 51:
        assert np.all(decks[:, 51] == 51)


def test_first_two_cards_uniform() -> None:
    """The ordered pair of the first two cards dealt is uniform over 52 * 51 pairs.

    The deck is not reset between rows of a batch, so this also checks that
    each deal starts fresh whatever the previous one left behind.
    """
    dealt = deals(N_SHUFFLES, 1, 2)[:, 0, :].astype(np.int64)
    assert np.all(dealt[:, 0] != dealt[:, 1])
    counts = np.bincount(dealt[:, 0] * 52 + dealt[:, 1], minlength=52 * 52)
    counts = counts[np.arange(52 * 52) % 53 != 0]  # drop the impossible (c, c)
    expected = N_SHUFFLES / (52 * 51)
    stat = float(((counts - expected) ** 2).sum() / expected)
    assert chi2_upper_p(stat, 52 * 51 - 1) > 1e-4


@pytest.mark.parametrize(("n_hands", "k"), [(1, 5), (1, 7), (9, 2), (2, 26), (4, 13), (1, 52)])
def test_deals_have_no_duplicates(n_hands: int, k: int) -> None:
    dealt = deals(5_000, n_hands, k, batch_size=128).reshape(5_000, -1)
    assert dealt.max() < 52
    assert np.all(np.diff(np.sort(dealt, axis=1), axis=1) > 0)


def test_full_deal_is_the_shuffle() -> None:
    """Dealing all 52 cards draws the same stream as shuffling the deck."""
    np.testing.assert_array_equal(deals(3_000, 4, 13).reshape(3_000, 52), shuffles(3_000))


@pytest.mark.parametrize("batch_size", [1, 7, BATCH])
def test_same_seed_any_thread_count(batch_size: int) -> None:
    results = []
    for threads in (1, MAX_THREADS):
        with num_threads(threads):
            shuffled = shuffles(5_003, batch_size=batch_size)
            dealt = deals(5_003, 9, 2, batch_size=batch_size)
            results.append((shuffled, dealt))
    for got, want in zip(results[1], results[0], strict=True):
        np.testing.assert_array_equal(got, want)


def test_batches_are_independent() -> None:
    """Rows of batch ``b`` depend on ``seeds[b]`` only."""
    seeds = batch_seeds(SEED, 4)
    full = np.empty((4 * 100, 3, 2), dtype=np.uint8)
    deal_batch(seeds, 100, full)
    head = np.empty((2 * 100, 3, 2), dtype=np.uint8)
    deal_batch(np.ascontiguousarray(seeds[:2]), 100, head)
    np.testing.assert_array_equal(head, full[:200])
    swapped = np.empty_like(full)
    deal_batch(np.ascontiguousarray(seeds[::-1]), 100, swapped)
    np.testing.assert_array_equal(swapped.reshape(4, 100, 3, 2), full.reshape(4, 100, 3, 2)[::-1])
    ragged = np.empty((350, 3, 2), dtype=np.uint8)  # a short last batch
    deal_batch(seeds, 100, ragged)
    np.testing.assert_array_equal(ragged, full[:350])


# ------------------------------------------------------------------ Floyd's subsets


@pytest.mark.parametrize(("n_items", "k"), [(52, 7), (52, 5), (48, 5), (45, 3), (10, 10), (64, 1)])
def test_subsets_have_no_duplicates(n_items: int, k: int) -> None:
    picked = subsets(20_000, n_items, k, batch_size=333)
    assert picked.max() < n_items
    assert np.all(np.diff(np.sort(picked, axis=1), axis=1) > 0)


@pytest.mark.parametrize(("n_items", "k"), [(7, 3), (8, 5), (6, 2)])
def test_every_subset_equally_likely(n_items: int, k: int) -> None:
    """All C(n, k) subsets of a small set, chi-square against uniform."""
    picked = subsets(N_SHUFFLES, n_items, k)
    codes = (np.left_shift(1, picked.astype(np.int64))).sum(axis=1)
    all_sets = [sum(1 << i for i in c) for c in itertools.combinations(range(n_items), k)]
    counts = np.array([np.count_nonzero(codes == m) for m in all_sets])
    assert counts.sum() == N_SHUFFLES  # nothing outside the C(n, k) sets
    expected = N_SHUFFLES / len(all_sets)
    stat = float(((counts - expected) ** 2).sum() / expected)
    assert chi2_upper_p(stat, len(all_sets) - 1) > 1e-4


def test_seven_card_subsets_uniform_over_pairs() -> None:
    """Each of the C(52, 2) card pairs lies in a 7-card subset equally often."""
    picked = np.sort(subsets(N_SHUFFLES, 52, 7).astype(np.int64), axis=1)
    a, b = np.triu_indices(7, 1)
    pairs = picked[:, a] * 52 + picked[:, b]
    counts = np.bincount(pairs.ravel(), minlength=52 * 52)
    counts = counts[np.flatnonzero(np.triu(np.ones((52, 52), dtype=bool), 1).ravel())]
    expected = N_SHUFFLES * 21 / (52 * 51 / 2)
    stat = float(((counts - expected) ** 2).sum() / expected)
    # each cell is binomial(N, 21/1326) (a subset holds a pair at most once),
    # so the statistic's mean is 1,305, a little under the 1,325 degrees of
    # freedom: conservative for a uniform sampler
    assert chi2_upper_p(stat, 52 * 51 // 2 - 1) > 1e-4
    singles = np.bincount(picked.ravel(), minlength=52)
    expected1 = N_SHUFFLES * 7 / 52
    assert chi2_upper_p(float(((singles - expected1) ** 2).sum() / expected1), 51) > 1e-4


def test_subsets_same_seed_any_thread_count() -> None:
    got = []
    for threads in (1, MAX_THREADS):
        with num_threads(threads):
            got.append(subsets(10_007, 52, 7, batch_size=100))
    np.testing.assert_array_equal(got[0], got[1])
    assert not np.array_equal(got[0], subsets(10_007, 52, 7, seed=SEED + 1, batch_size=100))


def test_different_seeds_differ() -> None:
    a, b = shuffles(1_000, seed=1), shuffles(1_000, seed=2)
    assert np.mean(np.all(a == b, axis=1)) == 0
    assert not np.array_equal(deals(1_000, 2, 2, seed=1), deals(1_000, 2, 2, seed=2))
    one = shuffles(2_000, batch_size=1_000)
    assert not np.any(np.all(one[:1_000] == one[1_000:], axis=1))  # batches differ too
    assert len(np.unique(one, axis=0)) == len(one)


def test_seeds() -> None:
    seeds = batch_seeds(SEED, 5)
    assert seeds.dtype == np.uint64
    assert seeds.shape == (5,)
    np.testing.assert_array_equal(seeds, batch_seeds(SEED, 5))
    np.testing.assert_array_equal(batch_seeds(SEED, 8)[:5], seeds)
    assert len(set(seeds.tolist())) == 5


@pytest.mark.skipif(numba.config.DISABLE_JIT, reason="plain functions without the JIT")
def test_one_signature_per_kernel() -> None:
    shuffles(10)
    deals(10, 2, 2)
    deals(10, 1, 5, batch_size=3)
    assert len(shuffle_batch.signatures) == 1
    assert len(deal_batch.signatures) == 1
