"""Plain-Python prize money of a tournament all-in: every run-out dealt, exact fractions.

No engine, no numba, nothing from :mod:`equity.histories.money`: the hands are
compared by :func:`reference.best_key` (the best five of seven), the pots are
built level by level from what each player put in, each board completion
decides each pot (ties split), and each outcome's stacks are valued by the
slow Malmuth-Harville of :mod:`reference_icm`.  Busted players take the places
after the players left with chips, the larger stack at the start of the hand
first (equal stacks share their places' prizes).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from fractions import Fraction

from reference import best_key
from reference_icm import reference_ev

from equity.cards import parse_cards


def reference_prizes(
    after: Sequence[Fraction], before: Sequence[Fraction], payouts: Sequence[Fraction]
) -> list[Fraction]:
    """Each seated player's prize EV when the hand leaves the stacks ``after``."""
    n = len(after)
    pay = [Fraction(p) for p in payouts[:n]] + [Fraction(0)] * max(0, n - len(payouts))
    alive = [i for i in range(n) if after[i] > 0]
    out = [Fraction(0)] * n
    for i, value in zip(alive, reference_ev([after[i] for i in alive], pay[: len(alive)]),
                        strict=True):  # fmt: skip
        out[i] = value
    busted = [i for i in range(n) if after[i] <= 0]
    place = len(alive)
    for stack in sorted({before[i] for i in busted}, reverse=True):
        tied = [i for i in busted if before[i] == stack]
        share = sum(pay[place : place + len(tied)], Fraction(0)) / len(tied)
        for i in tied:
            out[i] = share
        place += len(tied)
    return out


def _pots(contributed: Sequence[int], in_hand: Sequence[int]) -> list[tuple[int, list[int]]]:
    """(amount, eligible players) by levels of what the players in the hand put in."""
    pots = []
    below = 0
    for level in sorted({contributed[i] for i in in_hand}):
        amount = sum(min(c, level) - min(c, below) for c in contributed)
        pots.append((amount, [i for i in in_hand if contributed[i] >= level]))
        below = level
    return pots


def reference_ev_money(
    stacks: Sequence[int],
    contributed: Sequence[int],
    holes: Mapping[int, str],
    board: str,
    payouts: Sequence[int],
) -> list[Fraction]:
    """Each seated player's ev_money: the mean over every board completion of the prize EV
    of the stacks it leaves, minus the prize EV of ``stacks`` (the all-in's players are the
    keys of ``holes``; the others keep ``stack - contributed``)."""
    cards = {i: [int(c) for c in parse_cards(h)] for i, h in holes.items()}
    fixed = [int(c) for c in parse_cards(board)]
    used = set(fixed).union(*cards.values())
    deck = [c for c in range(52) if c not in used]
    before = [Fraction(s) for s in stacks]
    pay = [Fraction(p) for p in payouts]
    pots = _pots(contributed, sorted(holes))
    total = Fraction(0)
    count = 0
    expected = [Fraction(0)] * len(stacks)
    for rest in itertools.combinations(deck, 5 - len(fixed)):
        full = fixed + list(rest)
        keys = {i: best_key(cards[i] + full) for i in holes}
        after = [Fraction(s - c) for s, c in zip(stacks, contributed, strict=True)]
        for amount, eligible in pots:
            best = max(keys[i] for i in eligible)
            winners = [i for i in eligible if keys[i] == best]
            for i in winners:
                after[i] += Fraction(amount, len(winners))
        for i, value in enumerate(reference_prizes(after, before, pay)):
            expected[i] += value
        count += 1
    total = Fraction(count)
    start = reference_prizes(before, before, pay)
    return [e / total - s for e, s in zip(expected, start, strict=True)]
