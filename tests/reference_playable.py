"""Slow, obviously correct playable hands: class and combo equities in plain Python.

The oracle for :func:`equity.playable`.  A hand class's equity against a
range is the share of the pot it wins over every (hero combo, range combo)
pair that shares no card, each pair weighted by the range combo's weight,
over every board; a combo's equity on a board the same with one hero combo
and every runout.  Equities are exact :class:`~fractions.Fraction` where the
inputs are.

* :func:`class_equity_published` sums Irving and d'Eon's published exact
  table (``tests/data/preflop_exact_169x169.txt``, via
  :mod:`reference_equity`) over the range's classes, each matchup weighted by
  its number of non-conflicting combo pairs times the class weight: an
  answer from public data, for ranges that weigh a class's combos alike.
* :func:`class_equity_by_pairs` walks every combo pair one by one and reads
  each pair's exact counts (all 1,712,304 boards) from the shipped pattern
  counts, :func:`equity.engine.preflop_lookup.lookup` (proved elsewhere equal
  to fresh enumerations and to the published table): any per-combo weights.
* :func:`combo_equity_on_board` enumerates every runout of a board and
  scores each showdown with the plain-Python evaluators of :mod:`reference`
  (hold'em) and :mod:`reference_games` (short deck).
* :func:`playable_set` is the definition: the hands with equity at least the need.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from fractions import Fraction

import reference as ref
import reference_equity as refeq
import reference_games as refg

from equity.engine.preflop_lookup import BOARDS, lookup

Combo = tuple[int, int]


def class_equity_published(hero: str, villain: Mapping[str, Fraction | int]) -> Fraction | None:
    """Exact equity of class ``hero`` against classes ``villain`` (label -> weight per combo).

    None when no combo pair is legal.
    """
    table = refeq.read_irving_deon()
    num, den = Fraction(0), Fraction(0)
    for label, weight in villain.items():
        pairs = len(refeq.class_pairs(hero, label))
        if not pairs or not weight:
            continue
        win, _, tie = refeq.matchup_probabilities(table, hero, label)
        num += Fraction(weight) * pairs * (win + tie / 2)
        den += Fraction(weight) * pairs
    return num / den if den else None


def class_equity_by_pairs(hero: str, villain: Mapping[Combo, float]) -> float | None:
    """Equity of class ``hero`` against combos ``villain`` (combo -> weight), pair by pair."""
    num, den = 0.0, 0.0
    for h in refeq.class_combos(hero):
        for v, weight in villain.items():
            if set(h) & set(v) or not weight:
                continue
            counts = lookup(h, v)
            assert counts is not None
            win, _, tie = counts
            num += weight * (win + tie / 2) / BOARDS
            den += weight
    return num / den if den else None


def _best(cards: Sequence[int], game: str) -> tuple[int, ...]:
    if game == "holdem":
        return ref.best_key(cards)
    return refg.shortdeck_best_key(tuple(int(c) for c in cards))


def combo_equity_on_board(
    hero: Combo,
    villain: Mapping[Combo, Fraction | int],
    board: Sequence[int],
    dead: Sequence[int] = (),
    game: str = "holdem",
) -> Fraction | None:
    """Exact equity of combo ``hero`` against ``villain`` on ``board``, every runout.

    Each villain combo that shares no card with the hero, the board or the
    dead cards is weighted by its weight; for each, every completion of the
    board from the cards left is one equally likely runout.
    """
    lowest = 0 if game == "holdem" else 4
    deck = list(range(4 * lowest, 52))
    num, den = Fraction(0), Fraction(0)
    taken = set(hero) | set(board) | set(dead)
    for v, weight in villain.items():
        if set(v) & taken or not weight:
            continue
        left = [c for c in deck if c not in taken | set(v)]
        wins = Fraction(0)
        runouts = 0
        for extra in itertools.combinations(left, 5 - len(board)):
            full = [*board, *extra]
            mine, theirs = _best([*hero, *full], game), _best([*v, *full], game)
            wins += 1 if mine > theirs else Fraction(1, 2) if mine == theirs else 0
            runouts += 1
        num += Fraction(weight) * wins / runouts
        den += Fraction(weight)
    return num / den if den else None


def playable_set(equities: Mapping[str, float | Fraction], need: float | Fraction) -> set[str]:
    """The hands whose equity is at least ``need``."""
    return {hand for hand, e in equities.items() if e >= need}
