"""A fast replay of pot-limit Omaha hands (4 or 5 hole cards, high or hi-lo), equal to pokerkit's.

The hold'em replay of :mod:`equity.histories.fastreplay` with pokerkit's rules
for the pot-limit Omaha variants of :data:`~equity.histories.variants.OMAHA_VARIANTS`:

* **pot limit**: a bet or raise goes at most to ``2 x top bet - own bet + pot``
  (the pot: every chip put in so far, the bets of the street included, an
  uncalled bet returned), and at least to the minimum raise, all in below it;
* **cards**: 4 or 5 hole cards; the high hand is exactly two hole cards with
  three board cards (equity's Omaha evaluator,
  :func:`equity.evaluators.omaha.evaluate_omaha_showdown`);
* **hi-lo eight or better**: when any hand shown has a qualifying low, each pot
  is split in two, the odd chip to the high half, the high half among the
  best high hands eligible, the low half among the best lows eligible;
  without a low anywhere the high hands take the whole pot;
* **odd chips** as pokerkit deals them: the remainder of a split to the first
  winner (lowest seat index) of the pot, amounts in whole chips where the hand
  is written in whole numbers, else by the history's own ``divmod`` (a
  PokerStars hand: whole cents); the hands that cannot win any part of any pot
  are killed before the pots are split (pots of the same players merge);
* **antes** of any sizes (a big-blind ante: dead money in the first pot) and a
  big blind posted out of turn (a live bet), as pokerkit reads them.

It answers only where it is sure to agree with pokerkit and returns None
otherwise, as the hold'em replay does; in hi-lo, also a pot none of whose
players shows a low while another player does (pokerkit then splits the low
half among the pot's players without one).  ``tests/test_history_omaha.py``
checks it against pokerkit on every shipped Omaha hand and on random hands
pokerkit plays.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

import numpy as np

from ..cards import CARD_NAMES
from . import fastphh
from .fastreplay import HandReplay, Unsure
from .hand import Replay
from .pots import Pot

__all__ = ["OMAHA_CODES", "OmahaReplay", "fast_omaha_replay"]

OMAHA_CODES = {"PO": (4, False), "PO5": (5, False), "PO/8": (4, True), "PO5/8": (5, True)}
"""The pot-limit Omaha PHH codes replayed here: hole cards and hi-lo (as in
:data:`~equity.histories.variants.OMAHA_VARIANTS`)."""

_ZERO = Decimal(0)
_CODES = {name: code for code, name in enumerate(CARD_NAMES)}
"""Each card's code by its text (``As``: 51); the replay's cards are checked text."""


def fast_omaha_replay(history: Any) -> Replay | None:
    """The replay of a pot-limit Omaha hand, or None where pokerkit must replay it."""
    if not fastphh.ENABLED:
        return None
    try:
        return OmahaReplay(history).run()
    except Unsure:
        return None


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class OmahaReplay(HandReplay):
    """The state of one pot-limit Omaha hand being replayed (the hold'em replay with pot-limit
    raises, Omaha hands, hi-lo pots and pokerkit's odd chips)."""

    def __init__(self, history: Any) -> None:
        code = str(getattr(history, "variant", ""))
        if code not in OMAHA_CODES:
            raise Unsure
        self.variant = code
        self.hole_cards, self.hilo = OMAHA_CODES[code]
        self.uneven_antes = True  # a big-blind ante: pokerkit's pots are built below
        self.live_blinds = True  # a big blind posted out of turn (PokerStars)
        super().__init__(history)
        numbers = [
            *history.starting_stacks,
            *history.blinds_or_straddles,
            *history.antes,
            history.min_bet,
        ]
        amounts = [a.split()[-1] for a in history.actions if isinstance(a, str) and " cbr " in a]
        self.whole = all(map(_is_whole, numbers)) and all(a.isdigit() for a in amounts)
        """Every amount a whole number: pokerkit splits pots in whole chips."""
        self.divmod = _divmod_of(history, self.whole)

    def most_to(self, i: int, top: Decimal, most: Decimal) -> Decimal:
        """Pot limit: at most ``2 x top - own bet + pot`` (never below the minimum raise)."""
        pot = sum(self.put, _ZERO) - sum(self.returned, _ZERO)
        least = top + max(self.raise_size, self.min_bet)
        return min(most, max(least, 2 * top - self.bets[i] + pot))

    def showdown(self, paid: list[Decimal], live: list[int], won: list[Decimal]) -> list[Decimal]:
        """Each player's payoff: every pot split, high (and low), among the hands shown.

        As pokerkit does, the hands that cannot win any part of any pot are
        killed first, and the pots are built again among the hands left (pots
        of the same players merge: the odd chips follow the merged pots).
        """
        if any(self.shown[i] is None and self.holes[i] is not None for i in live):
            raise Unsure  # known cards not shown: pokerkit may rank them
        shown = [i for i in live if self.shown[i] is not None]
        if not shown:
            raise Unsure
        high, low = self.evaluate(shown)
        kinds = (high, low) if self.hilo else (high,)
        pots = self.pots(paid, live)
        winners = [i for i in live if _can_win(i, pots, kinds)]
        if winners != live:  # the same players: the same pots
            live = winners
            pots = self.pots(paid, live)
        if not live or any(not pot.eligible for pot in pots):
            raise Unsure  # chips that no hand left can win
        any_low = self.hilo and any(low.get(i, 0) for i in live)
        for pot in pots:
            halves = [(pot.amount, high)]
            if any_low:
                half, odd = self.divmod(pot.amount, 2)
                halves = [(half + odd, high), (half, low)]
            for amount, values in halves:
                known = [i for i in pot.eligible if values.get(i, 0) > 0]
                if not known:
                    raise Unsure  # pokerkit splits among the hands it cannot rank
                best = max(values[i] for i in known)
                winners = [i for i in known if values[i] == best]
                share, odd = self.divmod(amount, len(winners))
                for k, i in enumerate(winners):
                    won[i] += share + (odd if k == 0 else _ZERO)
        return [w - p for w, p in zip(won, paid, strict=True)]

    def pots(self, paid: list[Decimal], live: list[int]) -> list[Pot]:
        """The pots as pokerkit builds them: by levels of what each player put in besides the
        ante (every player's, folded or not), the antes in the first pot, the players in the
        hand who reached a level eligible for it, pots of the same players merged."""
        put = [p - a for p, a in zip(paid, self.antes, strict=True)]
        pots: list[Pot] = []
        amount = sum(self.antes, _ZERO)
        below = _ZERO
        for level in sorted(set(put)):
            amount += sum((min(c, level) - min(c, below) for c in put), _ZERO)
            eligible = tuple(i for i in live if put[i] >= level)
            while pots and pots[-1].eligible == eligible:
                amount += pots.pop().amount
            if amount:
                pots.append(Pot(amount, eligible))
            amount = _ZERO
            below = level
        return pots

    def evaluate(self, players: list[int]) -> tuple[dict[int, int], dict[int, int]]:
        """The high values (positive) and low codes (0: no low) of ``players``' shown hands."""
        from ..evaluators.omaha import evaluate_omaha_showdown

        codes = [_CODES[c] for i in players for c in self.shown[i] or ()]
        holes = np.array(codes, dtype=np.uint8).reshape(len(players), -1)
        high, low = evaluate_omaha_showdown(holes, [_CODES[c] for c in self.board])
        return dict(zip(players, high, strict=True)), dict(zip(players, low, strict=True))


def _can_win(i: int, pots: list[Pot], kinds: tuple[dict[int, int], ...]) -> bool:
    """Whether player ``i``'s hand (high or low) is at least the best of some pot of theirs."""
    for values in kinds:
        mine = values.get(i, 0)
        if mine and any(
            i in pot.eligible and mine >= max(values.get(j, 0) for j in pot.eligible)
            for pot in pots
        ):
            return True
    return False


def _divmod_of(history: Any, whole: bool) -> Callable[[Decimal, int], tuple[Decimal, Decimal]]:
    """How pokerkit splits an amount in ``n`` for this hand (see the module's notes)."""
    own = getattr(history, "divmod", None)
    if own is not None and getattr(own, "__module__", "") != "pokerkit.utilities":
        return lambda amount, n: own(amount, n)
    if whole:
        return lambda amount, n: (amount // n, amount % n)
    return _exact_divmod


def _exact_divmod(amount: Decimal, n: int) -> tuple[Decimal, Decimal]:
    """An even split, where it is exact (pokerkit's split of a decimal amount), else unsure."""
    share = amount / n
    if share * n != amount:
        raise Unsure
    return share, _ZERO
