"""Plain-Python all-in equity and payouts for the hand-history tests (no engine, no numba).

Also :func:`phh`, the PHH text of a made-up hand that the tests replay.

Hold'em: the best five of the seven by :func:`reference.best_key`; Omaha (four
hole cards): the best of exactly two hole cards with exactly three board cards.
Every run-out of the board is dealt from the cards left (the hands of the
players given, the board and the dead cards given are the only cards out of
the deck: a side pot's dead cards are the hands of the all-in's players who
cannot win it).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from reference import best_key, five_card_key

from equity.cards import parse_cards

DECK = tuple(range(52))


def _cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def _key(hole: list[int], board: list[int]) -> tuple[int, ...]:
    if len(hole) == 2:
        return best_key(hole + board)
    return max(
        five_card_key(list(two) + list(three))
        for two in itertools.combinations(hole, 2)
        for three in itertools.combinations(board, 3)
    )


def showdown_shares(holes: Sequence[str], board: str) -> list[float]:
    """Each hand's share of a pot on a complete board (ties split)."""
    cards = _cards(board)
    keys = [_key(_cards(h), cards) for h in holes]
    best = max(keys)
    winners = [k == best for k in keys]
    return [1 / sum(winners) if w else 0.0 for w in winners]


def runouts(holes: Sequence[str], board: str, dead: str = "") -> list[str]:
    """Every completion of ``board`` to five cards (``dead`` cards out of the deck), as text."""
    from equity.cards import format_cards

    used = set(_cards(board) + _cards(dead)).union(*(_cards(h) for h in holes))
    left = [c for c in DECK if c not in used]
    missing = 5 - len(_cards(board))
    return [board + format_cards(list(extra)) for extra in itertools.combinations(left, missing)]


def exact_equity(holes: Sequence[str], board: str, dead: str = "") -> list[float]:
    """Each hand's exact equity: the mean showdown share over every run-out."""
    total = [0.0] * len(holes)
    boards = runouts(holes, board, dead)
    for full in boards:
        for i, share in enumerate(showdown_shares(holes, full)):
            total[i] += share
    return [t / len(boards) for t in total]


def phh(actions: list[str], stacks: list[int], antes: int = 0, **fields: object) -> str:
    """A no-limit hold'em hand with blinds 1/2 (and ``antes`` from everyone), as PHH text."""
    lines = [
        "variant = 'NT'",
        "ante_trimming_status = false",
        f"antes = {[antes] * len(stacks)}",
        f"blinds_or_straddles = {[1, 2] + [0] * (len(stacks) - 2)}",
        "min_bet = 2",
        f"starting_stacks = {stacks}",
        f"actions = {actions}",
    ]
    lines += [f"{k} = {v!r}" for k, v in fields.items()]
    return "\n".join(lines) + "\n"
