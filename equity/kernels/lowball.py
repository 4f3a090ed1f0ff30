"""PLACEHOLDER (the lead's naive versions; replaced by the evaluator branch)."""

from __future__ import annotations

import numpy as np

from ._jit import inline_kernel

__all__ = ["ace_five_low", "badugi", "deuce_seven_low", "low8"]


@inline_kernel
def _sequence_score(counts, lo, hi):
    """Ranks ``lo..hi`` of ``counts`` as nibbles, by count then rank, highest first."""
    score = 0
    for c in range(4, 0, -1):
        for r in range(hi, lo - 1, -1):
            if counts[r] == c:
                for _ in range(c):
                    score = (score << 4) | r
    return score


@inline_kernel
def ace_five_low(hand, n):
    counts = np.zeros(13, dtype=np.int64)
    for i in range(n):
        counts[((hand[i] >> 2) + 1) % 13] += 1
    distinct = 0
    for r in range(13):
        distinct += counts[r] > 0
    chosen = np.zeros(13, dtype=np.int64)
    left = 5
    for r in range(13):
        if counts[r] > 0 and left > 0 and distinct >= 5:
            chosen[r] = 1
            left -= 1
    if distinct < 5:
        for r in range(13):
            if counts[r] > 0:
                chosen[r] = 1
                left -= 1
        level = 2
        while left > 0:
            for r in range(13):
                if left > 0 and counts[r] >= level and chosen[r] == level - 1:
                    chosen[r] = level
                    left -= 1
            level += 1
    top = 0
    pairs = 0
    for r in range(13):
        top = max(top, chosen[r])
        pairs += chosen[r] == 2
    if top == 1:
        cat = 0
    elif top == 2:
        cat = pairs
    elif top == 3:
        cat = 3 if pairs == 0 else 4
    else:
        cat = 5
    return np.int32((1 << 24) - ((cat << 20) | _sequence_score(chosen, 0, 12)))


@inline_kernel
def low8(hand, n):
    seen = 0
    for i in range(n):
        r = ((hand[i] >> 2) + 1) % 13
        if r <= 7:
            seen |= 1 << r
    score = 0
    k = 0
    for r in range(8):
        if (seen >> r) & 1 and k < 5:
            score |= r << (4 * k)
            k += 1
    if k < 5:
        return np.int32(-1)
    return np.int32((1 << 24) - score)


@inline_kernel
def deuce_seven_low(hand, n):
    counts = np.zeros(13, dtype=np.int64)
    suits = 0
    for i in range(n):
        counts[hand[i] >> 2] += 1
        suits |= 1 << (hand[i] & 3)
    flush = suits & (suits - 1) == 0
    top = 0
    pairs = 0
    mask = 0
    for r in range(13):
        top = max(top, counts[r])
        pairs += counts[r] == 2
        if counts[r]:
            mask |= 1 << r
    straight = False
    if top == 1:
        low = 0
        while not (mask >> low) & 1:
            low += 1
        straight = mask == (0x1F << low)
    if straight and flush:
        cat = 8
    elif top == 4:
        cat = 7
    elif top == 3 and pairs == 1:
        cat = 6
    elif flush:
        cat = 5
    elif straight:
        cat = 4
    elif top == 3:
        cat = 3
    elif pairs == 2:
        cat = 2
    elif pairs == 1:
        cat = 1
    else:
        cat = 0
    return np.int32((1 << 24) - ((cat << 20) | _sequence_score(counts, 0, 12)))


@inline_kernel
def badugi(hand, n):
    best = 1 << 30
    for sub in range(1, 16):
        ranks = 0
        suits = 0
        ok = True
        k = 0
        for i in range(4):
            if (sub >> i) & 1:
                r = ((hand[i] >> 2) + 1) % 13
                s = hand[i] & 3
                if (ranks >> r) & 1 or (suits >> s) & 1:
                    ok = False
                ranks |= 1 << r
                suits |= 1 << s
                k += 1
        if not ok:
            continue
        seq = 0
        for r in range(12, -1, -1):
            if (ranks >> r) & 1:
                seq = (seq << 4) | r
        seq <<= 4 * (4 - k)
        best = min(best, ((4 - k) << 16) | seq)
    return np.int32((1 << 20) - best)
