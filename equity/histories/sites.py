"""What each site's hand histories record of the money: the HandHQ sites of the PHH dataset.

The PHH dataset's HandHQ files (2009 cash games of six sites, converted from
each site's text histories) name their site in the ``venue`` field, and each
site's files record the money their own way.  Found in the files themselves
(``tests/data/phh/handhq``, its README):

* ``Absolute Poker``: ``winnings`` after rake, left out (the field absent) at
  most showdowns.
* ``Full Tilt Poker`` and ``PokerStars``: ``winnings`` after rake, but the
  amount collected by a blind or the button is left out (recorded 0: heads-up,
  every amount); the field is absent at showdowns.
* ``Ongame Network``: ``finishing_stacks`` after rake and ``winnings``, the
  winnings of a split pot left out (0); a posted small blind (a negative blind,
  dead money on the site, live in pokerkit's replay) is inside the winnings.
* ``PartyPoker``: ``winnings`` after rake with an uncalled bet inside them.
* ``iPoker Network``: neither the starting stacks (``inf``) nor the winnings
  (all 0): its hands cannot be replayed.

:func:`left_out` says which recorded zeros are amounts left out rather than
facts; :mod:`equity.histories.hand` reconciles with the rest.

A hand played in a currency (``currency`` or ``currency_symbol`` recorded, as in
every HandHQ file) splits a pot in whole cents, as the sites do: a $147 pot
split two ways is $73.50 each, where pokerkit, reading ``147`` as a whole
number, would deal whole dollars ($74 and $73).  :func:`currency_divmod` is the
split such a hand's replay uses.
"""

from __future__ import annotations

from decimal import ROUND_DOWN, Decimal
from functools import partial
from typing import Any

__all__ = ["BLINDS_AND_BUTTON_LEFT_OUT", "CENT", "currency_divmod", "left_out", "split_in_units"]

CENT = Decimal("0.01")
"""The smallest amount of a hand played in a currency."""

BLINDS_AND_BUTTON_LEFT_OUT = frozenset({"Full Tilt Poker", "PokerStars"})
"""The venues whose HandHQ files record 0 for what the blinds and the button collected."""


def left_out(history: Any, player: int, count: int) -> bool:
    """Whether a 0 the history records as ``player``'s winnings is an amount left out.

    True for p1 and p2 (the blinds) and the last player (the button; heads-up,
    both players) of a Full Tilt or PokerStars HandHQ file, where the converter
    recorded 0 for what they collected.  A history that records its total pot
    (``_total_pot``, as the PokerStars text reader does) records every amount.
    """
    if str(getattr(history, "venue", None)) not in BLINDS_AND_BUTTON_LEFT_OUT:
        return False
    fields = getattr(history, "user_defined_fields", None) or {}
    if "_total_pot" in fields:
        return False
    return player in (0, 1, count - 1)


def split_in_units(amount: Any, count: int, unit: Decimal) -> tuple[Any, Any]:
    """Split ``amount`` in ``count`` shares of whole ``unit``: ``(share, what is left)``, the
    units left over for the first winner (pokerkit's ``divmod`` convention)."""
    share = (Decimal(amount) / count).quantize(unit, rounding=ROUND_DOWN)
    return share, Decimal(amount) - share * count


def currency_divmod(history: Any) -> Any:
    """The split of a hand played in a currency (whole cents), None for one played in chips."""
    if getattr(history, "currency", None) or getattr(history, "currency_symbol", None):
        return partial(split_in_units, unit=CENT)
    return None
