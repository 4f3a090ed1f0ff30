"""Slow, obviously correct reference for two boards dealt from one deck (double-board).

Plain Python: every pair of completions of the two boards from the cards
left (``itertools``), no card on both, each board's showdown by the plain
evaluators of :mod:`reference_equity` (hold'em) and :mod:`reference_games`
(Omaha, hi-lo), each board deciding half the pot.  Everything is an exact
:class:`~fractions.Fraction`.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction

import reference_equity as re_
import reference_games as rg

from equity.cards import parse_cards

OUTCOMES = ("scoop", "win_split", "win_lose", "split_split", "split_lose", "lose", "quartered")


def _shares(holes: list[list[int]], board: tuple[int, ...], game: str) -> list[Fraction]:
    """Each player's share of one board (its half of the pot counted as 1)."""
    if game == "holdem":
        winners = re_.holdem_winners(holes, board)
        return [Fraction(int(p in winners), len(winners)) for p in range(len(holes))]
    return rg.omaha_shares(holes, board, hilo=game.endswith("hilo"))


def _class(share: Fraction) -> str:
    return "win" if share == 1 else "split" if share > 0 else "lose"


def _outcome(s1: Fraction, s2: Fraction) -> str:
    a, b = sorted((_class(s1), _class(s2)), key=("win", "split", "lose").index)
    names = {("win", "win"): "scoop", ("lose", "lose"): "lose"}
    return names.get((a, b), f"{a}_{b}")


def double_board_reference(
    hands: Sequence[str], board1: str, board2: str, game: str = "holdem"
) -> dict[str, object]:
    """Per-board equity, total equity and outcome chances of every player, by enumeration.

    Returns ``{"board_equity": [[e1 per player], [e2 per player]], "equity": [...],
    OUTCOME: [chance per player], "pairs": n}``.
    """
    holes = [parse_cards(h) for h in hands]
    known1, known2 = parse_cards(board1) if board1 else [], parse_cards(board2) if board2 else []
    used = {c for h in holes for c in h} | set(known1) | set(known2)
    live = [c for c in range(52) if c not in used]
    n = len(holes)
    cache: dict[tuple[int, ...], list[Fraction]] = {}

    def shares(board: tuple[int, ...]) -> list[Fraction]:
        if board not in cache:
            cache[board] = _shares(holes, board, game)
        return cache[board]

    sums = [[Fraction(0)] * n, [Fraction(0)] * n]
    counts = {k: [0] * n for k in OUTCOMES}
    pairs = 0
    for add1 in itertools.combinations(live, 5 - len(known1)):
        rest = [c for c in live if c not in add1]
        s1 = shares((*known1, *add1))
        for add2 in itertools.combinations(rest, 5 - len(known2)):
            s2 = shares((*known2, *add2))
            pairs += 1
            for p in range(n):
                sums[0][p] += s1[p]
                sums[1][p] += s2[p]
                counts[_outcome(s1[p], s2[p])][p] += 1
                if (s1[p] + s2[p]) / 2 == Fraction(1, 4):
                    counts["quartered"][p] += 1
    out: dict[str, object] = {
        "pairs": pairs,
        "board_equity": [[s / pairs for s in row] for row in sums],
        "equity": [(sums[0][p] + sums[1][p]) / (2 * pairs) for p in range(n)],
    }
    out.update({k: [Fraction(c, pairs) for c in v] for k, v in counts.items()})
    return out
