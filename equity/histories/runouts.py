"""Hands run more than once: each run-out decides its share of every pot.

A hand run ``K`` times (PokerStars: ``Hand was run twice``, its lines read by
:mod:`equity.histories.stars_runs`) deals the cards
left to come ``K`` times once the players are all in.  Its PHH actions deal
the run-outs one after the other, as pokerkit's state deals them once ``K``
run-outs are chosen: the first run-out completes the board, each further one
deals again from the street of the all-in (``d db Td``, ``d db 3d``: the
river run twice).  The PHH standard has no field for the number of run-outs:
it is read from the board cards dealt, ``K = (dealt - s) / (5 - s)`` with
``s`` the board cards out at the all-in.

The rule (pokerkit's, and the site's): each pot is cut in ``K`` equal parts,
the odd chips (cents) to the first run-out; each part goes to the best hand
on that run-out's board among the players eligible for the pot, split as a
pot of one board is.  ev is unchanged (each player's equity at the all-in
moment x pot: the run-outs are all dealt from the same deck, so each one's
expected share is that equity); net follows the run-outs; luck = net - ev.

Where the history records what each run-out paid (``_runout_winnings``: per
run-out, per player; the amounts PokerStars lists under each showdown), each
run-out is reconciled as the hand's winnings are: the players who collected
in it are those the replay pays in it, none more than the replay pays, and
the run-outs add up to the winnings.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from .hand import HandError

__all__ = [
    "BOARD_CARDS",
    "board_cards_dealt",
    "check_runouts",
    "runout_boards",
    "runout_won",
    "select_runouts",
    "without_runout_choice",
]

BOARD_CARDS = 5
"""The cards of one board (hold'em and Omaha): more dealt means more than one run-out."""


def board_cards_dealt(actions: Sequence[str]) -> int:
    """How many board cards the actions deal (``d db 2cKc7c`` deals 3).

    >>> board_cards_dealt(["d dh p1 AsAh", "d db 2cKc7c", "d db 5d", "d db Td", "d db 3d"])
    6
    """
    dealt = 0
    for action in actions:
        words = action.split()
        if len(words) >= 3 and words[0] == "d" and words[1] == "db":
            dealt += len(words[2]) // 2
    return dealt


def without_runout_choice(history: Any) -> Any:
    """The history with the run-out count left to the replay (pokerkit chooses one run-out
    by default: its automation ``RUNOUT_COUNT_SELECTION``)."""
    from pokerkit import Automation

    automations = tuple(
        a for a in history.automations if a is not Automation.RUNOUT_COUNT_SELECTION
    )
    return dataclasses.replace(history, automations=automations)


def select_runouts(state: Any, dealt: int) -> int:
    """Choose on pokerkit's ``state`` (at its run-out choice) the run-outs that ``dealt``
    board cards make; :class:`HandError` when they are not whole run-outs."""
    out = sum(1 for slot in state.board_cards if slot)
    left = BOARD_CARDS - out
    count = (dealt - out) // left if left > 0 else 0
    if left <= 0 or (dealt - out) % left or count < 2:
        raise HandError(
            f"{dealt} board cards are not whole run-outs of the {left} cards left to come "
            f"after the all-in on {out} board cards",
            "run-outs do not add up",
        )
    first = True
    while state.can_select_runout_count():
        state.select_runout_count(count if first else None)
        first = False
    if state.runout_count != count:
        raise HandError(f"pokerkit does not run the hand {count} times", "run-outs do not add up")
    return count


def runout_boards(state: Any) -> tuple[tuple[str, ...], ...]:
    """Each run-out's board (the cards as text), in the order dealt."""
    return tuple(tuple(repr(c) for c in state.get_board_cards(k)) for k in state.board_indices)


def runout_won(state: Any, count: int) -> list[list[Decimal]]:
    """What each run-out paid each player: pokerkit's chips pushed on that run-out's board.

    Where pokerkit has killed every hand but one (none can win on any board), it pushes
    each pot whole to that player; the pot's part of each run-out is then cut as pokerkit
    cuts a pot among boards (its ``divmod``, the odd chips to the first run-out).
    """
    from pokerkit import ChipsPushing

    won = [[Decimal(0)] * len(state.stacks) for _ in range(count)]
    for operation in state.operations:
        if not isinstance(operation, ChipsPushing):
            continue
        for i, amount in enumerate(operation.amounts):
            if not amount:
                continue
            if operation.board_index is not None:
                won[operation.board_index][i] += Decimal(str(amount))
                continue
            share, odd = state.divmod(amount, count)
            for k in range(count):
                won[k][i] += Decimal(str(share + odd if k == 0 else share))
    return won


def check_runouts(history: Any, won: Sequence[Sequence[Decimal]]) -> None:
    """Each run-out's winners as the history records them (``_runout_winnings``), else
    :class:`HandError`; a history recording none is taken as replayed."""
    fields = getattr(history, "user_defined_fields", None) or {}
    recorded = fields.get("_runout_winnings")
    if recorded is None:
        return
    n = len(history.starting_stacks)
    if len(recorded) != max(len(won), 1):
        raise HandError(
            f"the history records the winnings of {len(recorded)} run-outs but the board is "
            f"dealt {max(len(won), 1)} times",
            "run-outs do not add up",
        )
    if any(len(row) != n for row in recorded):
        raise HandError(
            f"a run-out's winnings are not one amount for each of the {n} players",
            "run-outs do not add up",
        )
    rows = [[Decimal(str(w)) for w in row] for row in recorded]
    totals = getattr(history, "winnings", None)
    if totals is not None:
        for i, total in enumerate(totals):
            if sum((row[i] for row in rows), Decimal(0)) != Decimal(str(total)):
                raise HandError(
                    f"p{i + 1}'s winnings of the run-outs do not add up to their {total}",
                    "run-outs do not add up",
                )
    for k, (row, paid) in enumerate(zip(rows, won, strict=False)):
        for i, (w, r) in enumerate(zip(row, paid, strict=True)):
            if (w > 0) != (r > 0) or w > r:
                raise HandError(
                    f"run-out {k + 1}: p{i + 1} won {w} by the history but {r} by the replay",
                    "run-out winnings differ from the replay",
                )
