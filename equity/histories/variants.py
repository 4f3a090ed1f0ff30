"""The pot-limit Omaha variants read, and pokerkit's games for those PHH has no code for.

PHH names one pot-limit Omaha: ``PO``, four hole cards, high only.  Five-card
Omaha and the hi-lo eight-or-better split (PokerStars' ``5 Card Omaha Pot
Limit``, ``Omaha Hi/Lo Pot Limit``, ``5 Card Omaha Hi/Lo Pot Limit``) get codes
here in the spec's manner (``FO/8`` is its fixed-limit Omaha hi-lo): ``PO5``,
``PO/8`` and ``PO5/8``.  pokerkit plays them with its own rules and hands
(:class:`pokerkit.OmahaHoldemHand`, :class:`pokerkit.OmahaEightOrBetterLowHand`)
through the game types defined here, and :class:`OmahaHandHistory` is
pokerkit's :class:`~pokerkit.HandHistory` that knows the three codes: the
reference replay of these hands, as pokerkit's own class is for ``PO``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from pokerkit import (
    HandHistory,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    PotLimitOmahaHoldem,
)

__all__ = [
    "OMAHA_VARIANTS",
    "OmahaHandHistory",
    "OmahaVariant",
    "PotLimitFiveCardOmahaHoldem",
    "PotLimitFiveCardOmahaHoldemHighLow",
    "PotLimitOmahaHoldemHighLow",
]


@dataclass(frozen=True)
class OmahaVariant:
    """A pot-limit Omaha variant: its PHH code, hole cards, hi-lo split and equity's game."""

    code: str
    hole_cards: int
    hilo: bool
    game: str
    """The name of the game in :mod:`equity.games` (the exact equities of its all-ins)."""


OMAHA_VARIANTS = {
    v.code: v
    for v in (
        OmahaVariant("PO", 4, False, "omaha"),
        OmahaVariant("PO5", 5, False, "omaha5"),
        OmahaVariant("PO/8", 4, True, "omaha-hilo"),
        OmahaVariant("PO5/8", 5, True, "omaha5-hilo"),
    )
}
"""The pot-limit Omaha variants by PHH code (``PO`` is PHH's; the others are equity's)."""


class PotLimitFiveCardOmahaHoldem(PotLimitOmahaHoldem):
    """pokerkit's pot-limit Omaha with five hole cards (``PO5``)."""

    hole_dealing_count: ClassVar[int] = 5


class PotLimitOmahaHoldemHighLow(PotLimitOmahaHoldem):
    """pokerkit's pot-limit Omaha hi-lo eight or better (``PO/8``)."""

    hand_types = (OmahaHoldemHand, OmahaEightOrBetterLowHand)  # type: ignore[assignment]


class PotLimitFiveCardOmahaHoldemHighLow(PotLimitOmahaHoldemHighLow):
    """pokerkit's five-card pot-limit Omaha hi-lo eight or better (``PO5/8``)."""

    hole_dealing_count: ClassVar[int] = 5


@dataclass
class OmahaHandHistory(HandHistory):
    """pokerkit's :class:`~pokerkit.HandHistory` with the codes ``PO5``, ``PO/8``, ``PO5/8``."""

    game_types: ClassVar[dict[str, Any]] = {
        **HandHistory.game_types,
        "PO5": PotLimitFiveCardOmahaHoldem,
        "PO/8": PotLimitOmahaHoldemHighLow,
        "PO5/8": PotLimitFiveCardOmahaHoldemHighLow,
    }
    variants: ClassVar[dict[Any, str]] = {v: k for k, v in game_types.items()}
    required_field_names: ClassVar[dict[str, tuple[str, ...]]] = {
        **HandHistory.required_field_names,
        **{code: HandHistory.required_field_names["PO"] for code in ("PO5", "PO/8", "PO5/8")},
    }
