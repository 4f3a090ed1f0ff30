"""The call amounts of a text hand history checked against the bet to call.

PokerStars writes ``calls $0.30``, the chips added; the PHH action ``cc`` carries no
amount, so a history whose call disagrees with the betting would replay without a
word.  :func:`check_calls` refuses such a hand (PokerStars, GGPoker, PokerNow: every
reader that goes through :class:`~equity.histories.pokerstars.StarsHand`).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from .pokerstars import PokerStarsError, StarsHand

__all__ = ["check_calls"]


def check_calls(hand: StarsHand, order: list[str], forced: tuple[list[Any], list[Any]]) -> None:
    """Every call of ``hand`` must be of the bet to call: less only when it puts the caller
    all-in; :class:`PokerStarsError` names the first that is not.

    ``order`` is the players dealt in, in the order of play, and ``forced`` their antes and
    blinds as :func:`~.pokerstars.to_history` places them (reversed heads-up).
    """
    n = len(order)
    antes, blinds = (forced[0][::-1], forced[1][::-1]) if n == 2 else forced
    put = {p: a + abs(b) for p, a, b in zip(order, antes, blinds, strict=True)}
    paid, street = {p: abs(b) for p, b in zip(order, blinds, strict=True)}, "preflop"
    for st, player, kind, amount in hand.actions:
        if st != street:
            paid, street = {}, st
        mine = paid.get(player, Decimal(0))
        owed = max(paid.values(), default=mine) - mine
        all_in = put[player] + amount >= hand.stacks[player]
        if kind == "cc" and amount and (amount > owed or (amount < owed and not all_in)):
            raise PokerStarsError(
                f"{player} calls {amount} but the bet to call is {owed}",
                "call differs from the bet",
            )
        step = amount - mine if kind == "cbr" else amount if kind in ("cc", "bet") else 0
        paid[player], put[player] = mine + step, put[player] + step
