"""The Malmuth-Harville finishing-place probabilities: exact, by quadrature, by Monte-Carlo.

Malmuth-Harville (the Independent Chip Model's finishing model): a player
finishes first with probability their share of the chips; given the players
already placed, each remaining player takes the next place with probability
their share of the remaining chips.  It is the order in which independent
exponential clocks ring, player ``i``'s clock having rate ``stacks[i]``: the
first clock to ring takes first place and, clocks having no memory, the
next one to ring among the rest takes the next place with the same rule.

Three functions return ``places[i, k]``, the probability that player ``i``
finishes in place ``k + 1``, for the paid places ``k < paid`` only:

* :func:`exact_places` sums over the sets of players placed before: the
  probability that a set ``A`` takes the first ``|A|`` places (in some order)
  is built from the sets one smaller, ``Q(A) = sum over a in A of
  Q(A - a) * s_a / (S - s(A - a))``, and ``places[a, |A| - 1]`` collects the
  terms with ``a`` placed last.  Only sets of at most ``paid`` players are
  visited: ``sum over m <= paid of m * C(n, m)`` terms (``n * 2**(n-1)`` when
  every place is paid), each set indexed by its rank in the combinatorial
  number system.  Exact up to float rounding (about 1e-15).
* :func:`quadrature_places` integrates over the time ``t`` at which player
  ``i``'s clock rings: ``places[i, k] = integral of s_i e^(-s_i t) * P(exactly k
  other clocks rang before t) dt``, the second factor a coefficient of the
  product of ``(e^(-s_j t) + (1 - e^(-s_j t)) x)`` over the others, removed
  from the product of all players by a division that is run forward when
  player ``i``'s clock has more likely not rung and backward otherwise (both
  directions are then stable).  The integral is a Gauss-Legendre rule in a
  variable that follows both the count of clocks rung and ``log t``
  (:func:`quadrature_nodes`), a few hundred nodes.  Against the exact sums
  the largest error of a place probability is about 1e-13.  Cost: about ``n *
  D`` per node, ``D`` the paid places plus a margin (``n`` when all are paid).
* :func:`monte_carlo_places` samples finishing orders (the clocks themselves),
  seeded, with standard errors.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import lru_cache

import numpy as np

__all__ = [
    "QUADRATURE_DENSITY",
    "exact_places",
    "exact_work",
    "gauss_legendre",
    "monte_carlo_places",
    "quadrature_nodes",
    "quadrature_places",
]


def exact_work(n: int, paid: int) -> int:
    """The number of terms :func:`exact_places` sums: ``sum over m <= paid of m * C(n, m)``.

    Examples
    --------
    >>> exact_work(9, 9), exact_work(20, 20), exact_work(1000, 2)
    (2304, 10485760, 1000000)
    """
    return sum(m * math.comb(n, m) for m in range(1, paid + 1))


def _layers(n: int, paid: int) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """For each set size ``m = 1 .. paid``: the sets of ``m`` of ``n`` players (one row
    each, players ascending), each set's colex rank, and the rank of the set less its
    ``t``-th player (column ``t``).

    The sets of each size are made from those one smaller by adding a player
    above all of theirs, so each set comes once; the ranks follow from the
    smaller set's by one binomial coefficient each.
    """
    binom = np.array([[math.comb(c, u) for u in range(paid + 1)] for c in range(n)], dtype=np.int64)
    combos = np.zeros((1, 0), dtype=np.int32)
    rank = np.zeros(1, dtype=np.int64)
    without = np.zeros((1, 0), dtype=np.int64)
    for m in range(paid):
        last = combos[:, -1] if m else np.full(1, -1)
        counts = n - 1 - last
        rows = np.repeat(np.arange(len(combos)), counts)
        starts = np.repeat(np.cumsum(counts) - counts, counts)
        added = (np.arange(len(rows)) - starts + np.repeat(last + 1, counts)).astype(np.int32)
        grown = np.empty((len(rows), m + 1), dtype=np.int32)
        grown[:, :m] = combos[rows]
        grown[:, m] = added
        less = np.empty((len(rows), m + 1), dtype=np.int64)
        less[:, :m] = without[rows] + binom[added, m][:, None]
        less[:, m] = rank[rows]
        rank = rank[rows] + binom[added, m + 1]
        combos, without = grown, less
        yield combos, rank, without


_CACHED_WORK = 50_000
"""Sizes whose sets :func:`exact_places` keeps between calls (at most this many terms)."""


@lru_cache(maxsize=64)
def _cached_layers(n: int, paid: int) -> tuple[tuple[np.ndarray, np.ndarray, np.ndarray], ...]:
    return tuple(_layers(n, paid))


_SMALL_ORDERS = 30
"""Fields with at most this many finishing orders of the paid places are summed order by
order in plain Python (faster than the array passes for 2-4 players)."""


def _small_places(s: list[float], paid: int) -> np.ndarray:
    """Malmuth-Harville prefix by prefix: every ordered choice of up to ``paid`` players."""
    n = len(s)
    places = [[0.0] * paid for _ in range(n)]
    stack: list[tuple[tuple[int, ...], float, float]] = [((), 1.0, sum(s))]
    while stack:
        prefix, p, left = stack.pop()
        k = len(prefix)
        for i in range(n):
            if i not in prefix:
                q = p * s[i] / left
                places[i][k] += q
                if k + 1 < paid:
                    stack.append(((*prefix, i), q, left - s[i]))
    return np.array(places)


def exact_places(stacks: np.ndarray, paid: int) -> np.ndarray:
    """Exact Malmuth-Harville: ``places[i, k]``, player ``i`` in place ``k + 1``, ``k < paid``.

    Examples
    --------
    >>> exact_places(np.array([5.0, 3.0, 2.0]), 2).round(4)
    array([[0.5   , 0.3393],
           [0.3   , 0.375 ],
           [0.2   , 0.2857]])
    """
    s = np.asarray(stacks, dtype=np.float64)
    n = len(s)
    if math.perm(n, paid) <= _SMALL_ORDERS:
        return _small_places(s.tolist(), paid)
    total = s.sum()
    places = np.zeros((n, paid))
    small = exact_work(n, paid) <= _CACHED_WORK
    q = np.ones(1)  # Q(set) by rank: the set takes the first m places, in some order
    for m, (combos, rank, without) in enumerate(
        _cached_layers(n, paid) if small else _layers(n, paid)
    ):
        picked = s[combos]
        left = total - picked.sum(axis=1, keepdims=True) + picked  # chips left before the pick
        terms = q[without] * picked / left
        q = np.zeros(math.comb(n, m + 1))
        q[rank] = terms.sum(axis=1)
        places[:, m] = np.bincount(combos.ravel(), terms.ravel(), minlength=n)
    return places


QUADRATURE_DENSITY = 4.0
"""Gauss-Legendre nodes of :func:`quadrature_places` per unit of its variable ``psi``."""
_LOG_WEIGHT = 1.5
"""The weight of ``log t`` in ``psi`` (:func:`quadrature_nodes`)."""
_T_LO = 1e-17
"""The integrals start here (rates summing to 1: below it a place has probability < 1e-17)."""


def _counts(s: np.ndarray, t: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """At times ``t``: the expected clocks rung, those waiting, and the rate of rings."""
    waiting = np.exp(-np.outer(t, s))
    rung = (-np.expm1(-np.outer(t, s))).sum(axis=1)
    return rung, waiting.sum(axis=1), (waiting * s).sum(axis=1)


def _psi(s: np.ndarray, t: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``psi(t) = 2 sqrt(n) theta + c log(t)`` and ``dpsi / dt``, where ``n sin(theta)**2``
    clocks are expected to have rung by ``t`` (``c``: :data:`_LOG_WEIGHT`)."""
    n = len(s)
    rung, waiting, rate = _counts(s, t)
    theta = np.where(rung <= waiting, np.arcsin(np.sqrt(rung / n)), np.arccos(np.sqrt(waiting / n)))
    slope = math.sqrt(n) * rate / np.sqrt(np.maximum(rung * waiting, 1e-300))
    return 2 * math.sqrt(n) * theta + _LOG_WEIGHT * np.log(t), slope + _LOG_WEIGHT / t


def _solve_t(s: np.ndarray, target: np.ndarray, hi: float, rung: bool = False) -> np.ndarray:
    """The times where ``psi`` (``rung``: the expected clocks rung) reaches ``target``:
    bisection on ``log t``, then Newton's method (``psi`` only; kept inside the bracket)."""
    lo_log = np.full(len(target), math.log(_T_LO))
    hi_log = np.full(len(target), math.log(hi))
    for _ in range(56 if rung else 24):
        mid = (lo_log + hi_log) / 2
        value = _counts(s, np.exp(mid))[0] if rung else _psi(s, np.exp(mid))[0]
        below = value < target
        lo_log = np.where(below, mid, lo_log)
        hi_log = np.where(below, hi_log, mid)
    log_t = (lo_log + hi_log) / 2
    if not rung:
        for _ in range(6):
            t = np.exp(log_t)
            value, slope = _psi(s, t)
            log_t = np.clip(log_t - (value - target) / (slope * t), lo_log, hi_log)
    return np.exp(log_t)


@lru_cache(maxsize=16)
def gauss_legendre(count: int) -> tuple[np.ndarray, np.ndarray]:
    """Gauss-Legendre nodes and weights on ``[-1, 1]`` by Newton's method on the Legendre
    recurrence (``numpy.polynomial.legendre.leggauss`` takes an eigenvalue problem, seconds
    for a thousand nodes on a busy machine).

    Examples
    --------
    >>> x, w = gauss_legendre(5)
    >>> bool(np.allclose(x, np.polynomial.legendre.leggauss(5)[0]))
    True
    """
    k = np.arange(count, 0, -1)
    x = np.cos(np.pi * (k - 0.25) / (count + 0.5))  # ascending
    for _ in range(100):
        p0, p1 = np.ones_like(x), x.copy()
        for m in range(2, count + 1):
            p0, p1 = p1, ((2 * m - 1) * x * p1 - (m - 1) * p0) / m
        derivative = count * (x * p1 - p0) / (x * x - 1)
        step = p1 / derivative
        x = x - step
        if np.abs(step).max() < 1e-15:
            break
    p0, p1 = np.ones_like(x), x.copy()
    for m in range(2, count + 1):
        p0, p1 = p1, ((2 * m - 1) * x * p1 - (m - 1) * p0) / m
    derivative = count * (x * p1 - p0) / (x * x - 1)
    return x, 2 / ((1 - x * x) * derivative * derivative)


def quadrature_nodes(
    s: np.ndarray, paid: int, density: float = QUADRATURE_DENSITY
) -> tuple[np.ndarray, np.ndarray, int]:
    """Times, weights (``dt``) and polynomial degree for :func:`quadrature_places`.

    The variable is ``psi = 2 sqrt(n) theta + 1.5 log t``, where ``n
    sin(theta)**2`` clocks are expected to have rung by ``t`` (the binomial's
    variance-stabilising angle: the count's spread is about ``1 / (2 sqrt(n))``
    in ``theta`` wherever it lies; ``log t`` resolves a clock whose rate is far
    from the others', where the rate of rings falls by orders of magnitude),
    :data:`QUADRATURE_DENSITY` nodes per unit.  It runs from ``t = 1e-17`` to the time by which the
    slowest clock has rung but for ``e**-60`` or, with fewer places paid, by
    which ``paid + 12 sqrt(paid) + 40`` clocks are expected to have rung (a
    paid place later has probability below about ``e**-70``); the product
    polynomial is kept to degree ``D`` past that count by as much again.
    """
    n = len(s)
    reach = paid + 12 * math.sqrt(paid) + 40
    t_hi = (60.0 + math.log(n / s.min())) / s.min()
    degree = n
    if reach < n:
        t_hi = float(_solve_t(s, np.array([reach]), t_hi, rung=True)[0])
        degree = min(n, math.ceil(reach + 12 * math.sqrt(reach) + 40))
    psi_lo, psi_hi = (float(v) for v in _psi(s, np.array([_T_LO, t_hi]))[0])
    x, w = gauss_legendre(math.ceil(density * (psi_hi - psi_lo)) + 16)
    t = _solve_t(s, psi_lo + (x + 1) * (psi_hi - psi_lo) / 2, t_hi * 2)
    weights = w * (psi_hi - psi_lo) / 2 / _psi(s, t)[1]
    return t, weights, degree


def quadrature_places(
    stacks: np.ndarray, paid: int, density: float = QUADRATURE_DENSITY
) -> np.ndarray:
    """Malmuth-Harville by the exponential-clock integral: ``places[i, k]``, ``k < paid``.

    Examples
    --------
    >>> s = np.array([5.0, 3.0, 2.0])
    >>> bool(np.abs(quadrature_places(s, 3) - exact_places(s, 3)).max() < 1e-12)
    True
    """
    s = np.asarray(stacks, dtype=np.float64)
    s = s / s.sum()
    n = len(s)
    t, weights, degree = quadrature_nodes(s, paid, density)
    rung = -np.expm1(-np.outer(t, s))  # (nodes, players): the clock has rung by t
    waiting = np.exp(-np.outer(t, s))
    clock = weights[:, None] * s * waiting  # the integrand's clock density, with the weights
    unstable = rung > waiting  # divide backward there
    # product over all players of (waiting + rung x), coefficients 0..degree
    poly = np.zeros((len(t), degree + 1))
    poly[:, 0] = 1.0
    for j in range(n):
        top = min(j + 1, degree)
        shifted = poly[:, :top] * rung[:, j : j + 1]
        poly[:, : top + 1] *= waiting[:, j : j + 1]
        poly[:, 1 : top + 1] += shifted
    places = np.zeros((n, paid))
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        g = np.zeros_like(rung)
        for k in range(paid):  # forward: g[k] = (G[k] - rung * g[k-1]) / waiting
            g = poly[:, k : k + 1] - rung * g
            g /= waiting
            np.copyto(g, 0.0, where=unstable)  # kept at 0 where the division runs backward
            places[:, k] = np.einsum("ij,ij->j", clock, g)
        cols = np.flatnonzero(unstable.any(axis=0))
        if cols.size:  # backward: g[k-1] = (G[k] - waiting * g[k]) / rung, from g[degree] = 0
            r, w, d = rung[:, cols], waiting[:, cols], clock[:, cols]
            good = ~unstable[:, cols]
            g = np.zeros_like(r)
            for k in range(degree, 0, -1):
                g = poly[:, k : k + 1] - w * g
                g /= r
                np.copyto(g, 0.0, where=good)
                if k - 1 < paid:
                    places[cols, k - 1] += np.einsum("ij,ij->j", d, g)
    if not np.isfinite(places).all():  # never seen; a wrong figure is worse than none
        raise ArithmeticError("the ICM quadrature lost its precision: use method='monte-carlo'")
    return places


def monte_carlo_places(
    stacks: np.ndarray, paid: int, trials: int, seed: int | None = None
) -> tuple[np.ndarray, int]:
    """Malmuth-Harville sampled: ``(counts, trials)``, ``counts[i, k]`` the sampled finishing
    orders with player ``i`` in place ``k + 1``, ``k < paid``.

    Each trial draws every player's exponential clock (rate: their stack) and
    places them in the order the clocks ring.  ``seed`` makes it reproducible.

    Examples
    --------
    >>> counts, trials = monte_carlo_places(np.array([5.0, 3.0, 2.0]), 3, 10_000, seed=1)
    >>> counts.sum(axis=0).tolist(), trials
    ([10000, 10000, 10000], 10000)
    """
    s = np.asarray(stacks, dtype=np.float64)
    n = len(s)
    rng = np.random.default_rng(seed)
    counts = np.zeros(n * paid, dtype=np.int64)
    batch = max(1, 4_000_000 // n)
    place_of = np.arange(paid)
    done = 0
    while done < trials:
        size = min(batch, trials - done)
        clocks = rng.standard_exponential((size, n)) / s
        if paid < n:
            first = np.argpartition(clocks, paid - 1, axis=1)[:, :paid]
            order = np.take_along_axis(
                first, np.argsort(np.take_along_axis(clocks, first, axis=1), axis=1), axis=1
            )
        else:
            order = np.argsort(clocks, axis=1)
        counts += np.bincount((order * paid + place_of).ravel(), minlength=n * paid)
        done += size
    return counts.reshape(n, paid), trials
