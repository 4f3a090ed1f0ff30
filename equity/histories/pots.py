"""Main and side pots from what each player put in, and the rake taken from them.

With contributions ``c`` (uncalled bets already returned) and the players
still in the hand, the pots are built by levels: each distinct contribution
``L`` of a player in the hand closes a pot holding, from every player (folded
or not), what they put in between the previous level and ``L``; the players in
the hand who put in at least ``L`` are eligible for it.  The first pot is the
main pot.  Chips a folded player put in above the highest level (none once
uncalled bets are returned) go to the last pot.

Rake, when the history records winnings, is total pot - total won, taken from
every pot in proportion to its size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

__all__ = ["Pot", "build_pots", "rake_pots"]


@dataclass(frozen=True)
class Pot:
    """A pot: its amount and the players (0-based) who can win it."""

    amount: Decimal
    eligible: tuple[int, ...]


def build_pots(contributed: Sequence[Decimal], in_hand: Sequence[int]) -> list[Pot]:
    """The main pot then the side pots, in order of size of the levels."""
    live = sorted(set(in_hand))
    if not live:
        raise ValueError("a pot needs a player in the hand")
    levels = sorted({contributed[i] for i in live})
    pots: list[Pot] = []
    below = Decimal(0)
    for level in levels:
        amount = sum((min(c, level) - min(c, below) for c in contributed), Decimal(0))
        eligible = tuple(i for i in live if contributed[i] >= level)
        if amount > 0:
            pots.append(Pot(amount, eligible))
        below = level
    extra = sum((c - below for c in contributed if c > below), Decimal(0))
    if extra > 0:
        if pots:
            last = pots[-1]
            pots[-1] = Pot(last.amount + extra, last.eligible)
        else:
            pots.append(Pot(extra, tuple(live)))
    return pots


def rake_pots(pots: Sequence[Pot], rake: Decimal) -> list[float]:
    """Each pot's amount after rake, the rake taken in proportion to the pots' sizes."""
    total = sum((p.amount for p in pots), Decimal(0))
    if total <= 0:
        return [0.0 for _ in pots]
    keep = 1 - rake / total
    return [float(p.amount * keep) for p in pots]
