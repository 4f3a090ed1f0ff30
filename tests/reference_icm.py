"""A slow, obviously correct Malmuth-Harville: plain Python, exact fractions, no tricks.

Place by place as the model reads: the first place goes to each player with
probability their share of the chips, and given the players already placed,
the next place goes to each remaining player with probability their share of
the chips still in play.  :func:`reference_places` recurses over the finishing
orders themselves (every ordered choice of the paid places), in
:class:`fractions.Fraction` when the stacks are whole numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction


def reference_places(stacks: Sequence[float], paid: int) -> list[list[Fraction]]:
    """``places[i][k]``: the probability that player ``i`` finishes in place ``k + 1``."""
    chips = [Fraction(s) for s in stacks]
    n = len(chips)
    places = [[Fraction(0)] * paid for _ in range(n)]

    def recurse(placed: tuple[int, ...], probability: Fraction) -> None:
        k = len(placed)
        if k == paid:
            return
        left = sum(c for i, c in enumerate(chips) if i not in placed)
        for i in range(n):
            if i in placed:
                continue
            p = probability * chips[i] / left
            places[i][k] += p
            recurse((*placed, i), p)

    recurse((), Fraction(1))
    return places


def reference_ev(stacks: Sequence[float], payouts: Sequence[float]) -> list[Fraction]:
    """Each player's prize EV: the sum over the paid places of P(place) x payout."""
    places = reference_places(stacks, len(payouts))
    return [
        sum((p * Fraction(x) for p, x in zip(row, payouts, strict=True)), Fraction(0))
        for row in places
    ]
