"""Seeded random streams: splitmix64 seeding, xoroshiro128+, bounded ints.

Each batch owns a xoroshiro128+ state (two ``uint64`` scalars in the hot
loops).  Batch seeds come from
:func:`batch_seeds` (``numpy.random.SeedSequence(seed)`` hashed to a base,
then one splitmix64 position per batch), so the stream of batch ``b``
depends only on the seed and ``b``, never on the thread that runs it.

Bounded draws use Lemire's multiply-shift on 32 random bits,
``(u32 * n) >> 32``: the bias is at most ``n / 2**32`` (about 1.2e-8 for a
52-card deck), far below any Monte-Carlo error reported.  Card draws
(:func:`draw`) take the two halves of each 64-bit output in turn; other
draws (:func:`below`) use the top half of a fresh output.
"""

from __future__ import annotations

import numpy as np

from ._jit import inline_kernel, kernel

__all__ = ["batch_seeds", "below", "draw", "seed_state", "xoro"]

_U64 = np.uint64


@inline_kernel
def _splitmix64(x):
    """Return ``(next_state, output)`` of splitmix64."""
    x = x + _U64(0x9E3779B97F4A7C15)
    z = x
    z = (z ^ (z >> _U64(30))) * _U64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> _U64(27))) * _U64(0x94D049BB133111EB)
    return x, z ^ (z >> _U64(31))


@kernel
def seed_state(seed, state):
    """Fill ``state[0]``, ``state[1]`` (xoroshiro128+) from a 64-bit ``seed`` with splitmix64."""
    x, a = _splitmix64(_U64(seed))
    x, b = _splitmix64(x)
    if a == 0 and b == 0:  # the all-zero state is a fixed point
        b = _U64(1)
    state[0] = a
    state[1] = b


@kernel
def xoro(s0, s1):
    """One xoroshiro128+ step on a state held in two scalars: ``(s0, s1, output)``.

    Scalars, not a state array: the per-deal loops call this a dozen times
    per deal, and a helper taking an array pays reference counting per call.
    """
    result = s0 + s1
    s1 ^= s0
    s0 = ((s0 << np.uint64(24)) | (s0 >> np.uint64(40))) ^ s1 ^ (s1 << np.uint64(16))
    s1 = (s1 << np.uint64(37)) | (s1 >> np.uint64(27))
    return s0, s1, result


@kernel
def below(x, n):
    """Map 64 random bits to ``[0, n)``: ``((x >> 32) * n) >> 32`` (bias <= n / 2**32)."""
    return np.int64(((x >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@inline_kernel
def draw(s0, s1, spare, n):
    """An integer in ``[0, n)`` from 32 random bits: ``(s0, s1, spare, value)``.

    Each xoroshiro128+ output serves two draws, its top half now and its low
    half at the next call (kept in ``spare``, moved to the top, bit 0 set
    to mark it full); a stream starts with ``spare = 0``.  Halving the
    generator steps matters in the dealing loops, whose serial chain of
    state updates is the critical path.  Bits 0-31 of an output pass
    through the same multiply-shift as bits 32-63; xoroshiro128+'s weak
    bits are its lowest few, which the shift discards.  Bias at most
    ``n / 2**32``.
    """
    if spare:
        return s0, s1, _U64(0), np.int64(((spare >> _U64(32)) * _U64(n)) >> _U64(32))
    s0, s1, x = xoro(s0, s1)
    return (
        s0,
        s1,
        (x << _U64(32)) | _U64(1),
        np.int64(((x >> _U64(32)) * _U64(n)) >> _U64(32)),
    )


_GAMMA = np.uint64(0x9E3779B97F4A7C15)


def batch_seeds(seed: int | None, n_batches: int, first: int = 0) -> np.ndarray:
    """Return the seeds of batches ``first .. first + n_batches - 1``.

    ``seed`` is hashed once by ``numpy.random.SeedSequence`` into a 64-bit
    base; batch ``b`` gets ``base + 2 * b * golden`` (mod 2**64), a distinct
    position of the splitmix64 sequence that :func:`seed_state` expands, so
    batch streams never share a state and any window of batches can be made
    without the ones before it (memory stays flat however long a run is).

    Shapes
    ------
    return : uint64[n_batches]
    """
    base = np.random.SeedSequence(seed).generate_state(1, dtype=np.uint64)[0]
    index = np.arange(first, first + n_batches, dtype=np.uint64)
    with np.errstate(over="ignore"):
        return base + index * (_GAMMA * np.uint64(2))
