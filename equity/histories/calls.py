"""The call amounts of a text hand history checked against the bet to call.

PokerStars writes ``calls $0.30``, the chips added; the PHH action ``cc`` carries no
amount, so a history whose call disagrees with the betting would replay without a
word.  :func:`call_error` names such a hand's bad call, and the hand is refused
(PokerStars, GGPoker, PokerNow: every reader that goes through
:class:`~equity.histories.pokerstars.StarsHand`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

__all__ = ["call_error"]


def call_error(
    actions: Sequence[tuple[str, str, str, Decimal]],
    stacks: Mapping[str, Decimal],
    order: Sequence[str],
    forced: tuple[list[Any], list[Any]],
) -> str | None:
    """Why the first call of ``actions`` that is not of the bet to call is wrong (less is
    right only when it puts the caller all-in); None when every call is.

    ``actions`` are :attr:`~.pokerstars.StarsHand.actions`, ``stacks`` the starting
    stacks, ``order`` the players dealt in, in the order of play, and ``forced`` their
    antes and blinds as :func:`~.pokerstars.to_history` places them (reversed heads-up).
    """
    antes, blinds = (forced[0][::-1], forced[1][::-1]) if len(order) == 2 else forced
    put = {p: a + abs(b) for p, a, b in zip(order, antes, blinds, strict=True)}
    paid, street = {p: abs(b) for p, b in zip(order, blinds, strict=True)}, "preflop"
    for st, player, kind, amount in actions:
        if st != street:
            paid, street = {}, st
        mine = paid.get(player, Decimal(0))
        owed = max(paid.values(), default=mine) - mine
        all_in = put[player] + amount >= stacks[player]
        if kind == "cc" and amount and (amount > owed or (amount < owed and not all_in)):
            return f"{player} calls {amount} but the bet to call is {owed}"
        step = amount - mine if kind == "cbr" else amount if kind in ("cc", "bet") else 0
        paid[player], put[player] = mine + step, put[player] + step
    return None
