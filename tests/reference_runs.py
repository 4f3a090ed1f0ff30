"""Slow, obviously correct pot shares over several run-outs, in plain Python.

The oracle for :func:`equity.run_outs`.  Every *ordered sequence* of ``K``
run-outs is listed with nested :func:`itertools.combinations` (each run-out
from the cards the earlier ones left), each sequence equally likely; each
run-out completes the known board and is scored by the reference evaluators
(:func:`reference_equity.holdem_winners`, :func:`reference_games.omaha_shares`,
:func:`reference_games.shortdeck_winners`),
and a player's share of the whole pot is the mean of his shares of the ``K``
run-outs.  Nothing here comes from :mod:`equity.engine`, the kernels or
:mod:`equity.analysis`.

Ranges: :func:`range_distribution` averages the distributions of every
assignment of hole cards, each weighted by its hands' weights.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction

from reference_equity import holdem_winners
from reference_games import omaha_shares, shortdeck_winners

from equity.cards import parse_cards

Shares = Callable[[Sequence[Sequence[int]], Sequence[int]], list[Fraction]]
"""Each player's share of one run-out's pot: ``shares(holes, full_board)``."""


def holdem_shares(holes: Sequence[Sequence[int]], board: Sequence[int]) -> list[Fraction]:
    """The best hands of the hole cards plus the board split the pot."""
    winners = holdem_winners(holes, board)
    return [Fraction(1, len(winners)) if p in winners else Fraction(0) for p in range(len(holes))]


def shortdeck_shares(holes: Sequence[Sequence[int]], board: Sequence[int]) -> list[Fraction]:
    """Short deck (trips beat a straight, the default rules)."""
    winners = shortdeck_winners(holes, board)
    return [Fraction(1, len(winners)) if p in winners else Fraction(0) for p in range(len(holes))]


def omaha_hilo_shares(holes: Sequence[Sequence[int]], board: Sequence[int]) -> list[Fraction]:
    """Omaha hi-lo eight or better."""
    return omaha_shares([tuple(h) for h in holes], tuple(board), hilo=True)


def omaha_high_shares(holes: Sequence[Sequence[int]], board: Sequence[int]) -> list[Fraction]:
    """Omaha high."""
    return omaha_shares([tuple(h) for h in holes], tuple(board), hilo=False)


def _sequences(deck: list[int], per_run: int, runs: int) -> Iterator[list[tuple[int, ...]]]:
    """Every ordered sequence of ``runs`` disjoint ``per_run``-card run-outs of ``deck``."""
    if runs == 0:
        yield []
        return
    for first in itertools.combinations(deck, per_run):
        rest = [c for c in deck if c not in first]
        for tail in _sequences(rest, per_run, runs - 1):
            yield [first, *tail]


def distribution(
    holes: Sequence[str],
    board: str,
    runs: int,
    shares: Shares = holdem_shares,
    deck_size: int = 52,
    dead: str = "",
) -> list[dict[Fraction, Fraction]]:
    """Each player's share of the whole pot over ``runs`` run-outs: share -> probability."""
    hole_cards = [tuple(parse_cards(h)) for h in holes]
    board_cards = tuple(parse_cards(board))
    used = {c for h in hole_cards for c in h} | set(board_cards) | set(parse_cards(dead))
    deck = [c for c in range(52 - deck_size, 52) if c not in used]
    per_run = 5 - len(board_cards)
    scored = {
        run_out: tuple(shares(hole_cards, board_cards + run_out))
        for run_out in itertools.combinations(deck, per_run)
    }
    # every sequence tallied by its run-outs' shares (few distinct ones), summed after
    seen: Counter[tuple[tuple[Fraction, ...], ...]] = Counter(
        tuple(sorted(scored[run_out] for run_out in sequence))
        for sequence in _sequences(deck, per_run, runs)
    )
    tally: list[Counter[Fraction]] = [Counter() for _ in holes]
    for outcome, n in seen.items():
        for p in range(len(holes)):
            tally[p][sum((s[p] for s in outcome), Fraction(0)) / runs] += n
    return [_normalised(t) for t in tally]


def range_distribution(
    hero: str, villains: Sequence[Mapping[str, Fraction]], board: str, runs: int
) -> list[dict[Fraction, Fraction]]:
    """Hold'em: ``hero`` against players holding any of their listed hands, each with its
    weight: the mixture of the distributions of every assignment without a shared card,
    each weighted by the product of its hands' weights."""
    mixture: list[Counter[Fraction]] = []
    total = Fraction(0)
    for chosen in itertools.product(*(v.items() for v in villains)):
        hands = [hero, *(hand for hand, _ in chosen)]
        cards = [c for h in hands for c in parse_cards(h)] + list(parse_cards(board))
        if len(set(cards)) != len(cards):
            continue
        weight = Fraction(1)
        for _, w in chosen:
            weight *= w
        total += weight
        for p, d in enumerate(distribution(hands, board, runs)):
            if len(mixture) <= p:
                mixture.append(Counter())
            for share, probability in d.items():
                mixture[p][share] += weight * probability
    return [{s: w / total for s, w in sorted(m.items())} for m in mixture]


def moments(d: dict[Fraction, Fraction]) -> tuple[Fraction, Fraction]:
    """Mean and variance of a distribution share -> probability."""
    mean = sum((s * p for s, p in d.items()), Fraction(0))
    return mean, sum((s * s * p for s, p in d.items()), Fraction(0)) - mean * mean


def _normalised(tally: Counter[Fraction]) -> dict[Fraction, Fraction]:
    total = sum(tally.values())
    return {share: Fraction(n, total) for share, n in sorted(tally.items())}
