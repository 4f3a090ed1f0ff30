"""Zha Jin Hua (炸金花, three-card) hand values: public API.

Categories, strongest first under the default rules (:data:`ZJH_CATEGORIES`):
bomb 豹子 (three of a kind) > straight flush 顺金 > flush 金花 > straight 顺子
> pair 对子 > high card 单张.  A-2-3 is the lowest straight, Q-K-A the
highest, K-A-2 is no straight.  :class:`ZJHRules` switches on the house
rules: the off-suit 2-3-5 that beats a bomb, suit tie-breaks, and the Teen
Patti order in which a straight beats a flush.

Strengths are ``int32`` (bigger is stronger, equal is a tie), encoded as
``cat << 12 | within``, shifted left by 6 with the suit value in the low bits
when ``suit_tiebreak`` is on; see :mod:`equity.kernels.zjh`.  The Zha Jin Hua
rules' *absolute hand values* (``NonFlowerValueCalculator``, rank only, and
``FlowerValueCalculator``, with suits) are reproduced exactly, as are their
"smaller is stronger" forms, defined here as ``MAX - value``
(:attr:`ZJHHand.absolute_value` and friends).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..cards import RANK_NAMES, CardsLike, format_cards, parse_cards
from ..games import Game
from ..games.zjh import SPECIAL_235, SPECIAL_235_RULE, ZJH_CATEGORIES, ZJHRules
from ..kernels import zjh as _k
from ._base import Evaluator, description_of, joined, strength_of
from .zjh_counts import (
    zjh_category_counts_exact,
    zjh_category_probabilities_exact,
    zjh_heads_up_counts,
)

__all__ = [
    "ABSOLUTE_MAX_VALUE",
    "ABSOLUTE_MAX_VALUE_SUITS",
    "SPECIAL_235",
    "SPECIAL_235_RULE",
    "ZJH_CATEGORIES",
    "ZJH_EVALUATOR",
    "ZJHHand",
    "ZJHRules",
    "absolute_value_zjh_batch",
    "category_of_strength",
    "compare_zjh",
    "evaluate_zjh",
    "evaluate_zjh_batch",
    "rank_zjh",
    "special_235_batch",
    "zjh_category_counts_exact",
    "zjh_category_probabilities_exact",
    "zjh_heads_up_counts",
]

ABSOLUTE_MAX_VALUE = _k.ABSOLUTE_MAX_VALUE
"""Largest rank-only absolute value (A-A-A = 7881); reversed = this - value."""
ABSOLUTE_MAX_VALUE_SUITS = _k.ABSOLUTE_MAX_VALUE_SUITS
"""``7881 * 64 + 63``; the suit-aware reversed value is this - value."""


@dataclass(frozen=True)
class ZJHHand:
    """One evaluated three-card hand.

    ``strength`` depends on the rules used; the absolute values do not.
    """

    cards: tuple[int, int, int]
    """Card codes in the order given."""
    category: str
    """One of :data:`ZJH_CATEGORIES`."""
    description: str
    """The hand in words, e.g. ``"pair of Kings, Ace kicker"``."""
    strength: int
    """``int32`` strength under the rules used; bigger is stronger."""
    special_235: bool
    """Off-suit 2-3-5 (flagged whatever the rules, as the rules' isSpecial)."""
    absolute_value: int
    """Absolute value, rank only (NonFlowerValueCalculator), 1330..7881."""
    absolute_value_suits: int
    """Absolute value with suits (FlowerValueCalculator): value * 64 + flower."""
    absolute_value_reversed: int
    """``ABSOLUTE_MAX_VALUE - absolute_value``: smaller is stronger (Low2High)."""
    absolute_value_suits_reversed: int
    """``ABSOLUTE_MAX_VALUE_SUITS - absolute_value_suits`` (FlowerLow2High)."""

    @property
    def text(self) -> str:
        """The cards as text, e.g. ``"AsKdJc"``."""
        return format_cards(self.cards)

    def __repr__(self) -> str:
        """Cards as text, e.g. ``ZJHHand('AsAdKc': pair of Aces, King kicker)``."""
        return f"ZJHHand({format_cards(self.cards, ' ')!r}: {self.description})"

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON output (``equity eval --game zjh --json``)."""
        return {
            "cards": format_cards(self.cards, " "),
            "category": self.category,
            "description": self.description,
            "strength": self.strength,
            "special_235": self.special_235,
            "absolute_value": self.absolute_value,
            "absolute_value_suits": self.absolute_value_suits,
            "absolute_value_reversed": self.absolute_value_reversed,
            "absolute_value_suits_reversed": self.absolute_value_suits_reversed,
        }


# --------------------------------------------------------------------------
# validation and arrays


def _parse_hand(cards: CardsLike | ZJHHand) -> tuple[int, int, int]:
    """Parse one three-card hand; ``ValueError`` quoting the input if not."""
    if isinstance(cards, ZJHHand):
        return cards.cards
    parsed = parse_cards(cards)
    if len(parsed) != 3:
        raise ValueError(f"a Zha Jin Hua hand has 3 cards, got {len(parsed)} in {cards!r}")
    return parsed[0], parsed[1], parsed[2]


def _check_disjoint(hands: Sequence[tuple[int, int, int]], given: object) -> None:
    """Raise ``ValueError`` if two hands share a card."""
    seen: set[int] = set()
    for hand in hands:
        for card in hand:
            if card in seen:
                raise ValueError(f"card {format_cards([card])!r} is in two hands in {given!r}")
            seen.add(card)


def _as_hand_array(hands: npt.ArrayLike) -> npt.NDArray[np.uint8]:
    """Validate ``hands`` as ``uint8[n, 3]`` distinct cards, C-contiguous."""
    arr = np.asarray(hands)
    if arr.ndim != 2 or arr.shape[1] != 3:
        raise ValueError(f"hands must have shape (n, 3), got {arr.shape!r}")
    if arr.size and (not np.issubdtype(arr.dtype, np.integer) or arr.min() < 0 or arr.max() > 51):
        raise ValueError("hands must hold card codes 0..51")
    out = np.ascontiguousarray(arr, dtype=np.uint8)
    dup = (out[:, 0] == out[:, 1]) | (out[:, 1] == out[:, 2]) | (out[:, 0] == out[:, 2])
    if dup.any():
        row = int(np.flatnonzero(dup)[0])
        raise ValueError(f"hand {row} repeats a card: {format_cards(out[row])!r}")
    return out


def _strengths(hands: npt.NDArray[np.uint8], rules: ZJHRules) -> npt.NDArray[np.int32]:
    out = np.empty(hands.shape[0], dtype=np.int32)
    sof = bool(rules.straight_over_flush)
    _k.evaluate_batch(hands, sof, bool(rules.suit_tiebreak), out)
    return out


def _specials(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.bool_]:
    out = np.empty(hands.shape[0], dtype=np.bool_)
    _k.special_batch(hands, out)
    return out


def _absolute_values(hands: npt.NDArray[np.uint8], suits: bool) -> npt.NDArray[np.int32]:
    out = np.empty(hands.shape[0], dtype=np.int32)
    _k.absolute_value_batch(hands, bool(suits), out)
    return out


# --------------------------------------------------------------------------
# categories and words


def _category_table(rules: ZJHRules) -> npt.NDArray[np.int8]:
    """Map kernel category code (1..6) to an index into ZJH_CATEGORIES."""
    table = np.full(7, -1, dtype=np.int8)
    for index, name in enumerate(rules.categories):
        table[6 - index] = ZJH_CATEGORIES.index(name)
    return table


def category_of_strength(
    strength: int | npt.ArrayLike, rules: ZJHRules = ZJHRules()
) -> npt.NDArray[np.int8]:
    """Return the index into :data:`ZJH_CATEGORIES` of each strength.

    ``strength`` must come from the same ``rules``.

    Examples
    --------
    >>> s = evaluate_zjh_batch([[51, 47, 43]])  # As Ks Qs
    >>> ZJH_CATEGORIES[int(category_of_strength(s)[0])]
    'straight flush'
    """
    shift = _k.CATEGORY_SHIFT + (_k.SUIT_SHIFT if rules.suit_tiebreak else 0)
    codes = np.asarray(strength, dtype=np.int64) >> shift
    result: npt.NDArray[np.int8] = _category_table(rules)[codes]
    return result


def _plural(rank: int) -> str:
    name = RANK_NAMES[rank]
    return name + ("es" if name.endswith("x") else "s")


def _describe(cards: tuple[int, int, int], category: str) -> str:
    """Describe the hand in words (only the category depends on the rules)."""
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    names = "-".join(RANK_NAMES[r] for r in ranks)
    a23 = ranks == [12, 1, 0]
    if category == "bomb":
        return f"bomb, three {_plural(ranks[0])}"
    if category in ("straight", "straight flush"):
        if a23:
            return f"A-2-3 {category} (the lowest)"
        return f"{RANK_NAMES[ranks[0]]}-high {category}"
    if category == "flush":
        return f"{names} flush"
    if category == "pair":
        pair = ranks[1]
        kicker = ranks[0] if ranks[0] != pair else ranks[2]
        return f"pair of {_plural(pair)}, {RANK_NAMES[kicker]} kicker"
    if ranks == [3, 1, 0]:
        return f"high card {names} (off-suit 2-3-5)"
    return f"high card {names}"


# --------------------------------------------------------------------------
# public API


def evaluate_zjh(cards: CardsLike, rules: ZJHRules = ZJHRules()) -> ZJHHand:
    """Evaluate one Zha Jin Hua hand of three cards.

    Parameters
    ----------
    cards
        Anything :func:`equity.cards.parse_cards` accepts: ``"AsKdJc"``,
        ``"黑桃A 红桃K 梅花J"``, or three card codes.
    rules
        The house rules; only ``strength`` depends on them.

    Returns
    -------
    ZJHHand
        Category, words, strength, the off-suit 2-3-5 flag and the four
        absolute values of the Zha Jin Hua rules.

    Raises
    ------
    ValueError
        If the input is not three distinct cards.

    Examples
    --------
    >>> hand = evaluate_zjh("AsAdKc")
    >>> hand.category, hand.description, hand.absolute_value
    ('pair', 'pair of Aces, King kicker', 4040)
    >>> evaluate_zjh("6h 4d 2d").absolute_value_suits
    102560
    >>> evaluate_zjh("黑桃A 红桃A 方片A").description
    'bomb, three Aces'
    >>> h = evaluate_zjh("3c 2d 5h")
    >>> h.category, h.special_235, h.description
    ('high card', True, 'high card Five-Three-Two (off-suit 2-3-5)')
    >>> evaluate_zjh("Ad 2c 3s").description
    'A-2-3 straight (the lowest)'
    >>> evaluate_zjh("AsKd")
    Traceback (most recent call last):
    ...
    ValueError: a Zha Jin Hua hand has 3 cards, got 2 in 'AsKd'
    """
    hand = _parse_hand(cards)
    arr = np.array([hand], dtype=np.uint8)
    strength = int(_strengths(arr, rules)[0])
    category = ZJH_CATEGORIES[int(category_of_strength(strength, rules))]
    value = int(_absolute_values(arr, False)[0])
    value_suits = int(_absolute_values(arr, True)[0])
    return ZJHHand(
        cards=hand,
        category=category,
        description=_describe(hand, category),
        strength=strength,
        special_235=bool(_specials(arr)[0]),
        absolute_value=value,
        absolute_value_suits=value_suits,
        absolute_value_reversed=ABSOLUTE_MAX_VALUE - value,
        absolute_value_suits_reversed=ABSOLUTE_MAX_VALUE_SUITS - value_suits,
    )


def _is_bomb(strength: int, rules: ZJHRules) -> bool:
    return ZJH_CATEGORIES[int(category_of_strength(strength, rules))] == "bomb"


def compare_zjh(
    a: CardsLike | ZJHHand, b: CardsLike | ZJHHand, rules: ZJHRules = ZJHRules()
) -> int:
    """Compare two hands: ``+1`` if ``a`` wins, ``-1`` if ``b`` wins, ``0`` tie.

    With ``rules.special_235`` an off-suit 2-3-5 beats a bomb; every other
    pair of hands is compared by strength.  A :class:`ZJHHand` is
    re-evaluated under ``rules``.  Two hands may not share a card.

    Examples
    --------
    >>> compare_zjh("AsKdJc", "AhKcJs")
    0
    >>> compare_zjh("AsKdJc", "AhKcJs", ZJHRules(suit_tiebreak=True))
    1
    >>> compare_zjh("2c3d5h", "AsAdAc")
    -1
    >>> compare_zjh("2c3d5h", "AsAdAc", ZJHRules(special_235=True))
    1
    >>> compare_zjh("2c3d5h", "4s4d6c", ZJHRules(special_235=True))
    -1
    """
    hands = [_parse_hand(a), _parse_hand(b)]
    _check_disjoint(hands, (a, b))
    arr = np.array(hands, dtype=np.uint8)
    sa, sb = (int(s) for s in _strengths(arr, rules))
    if rules.special_235:
        special = _specials(arr)
        if special[0] and _is_bomb(sb, rules):
            return 1
        if special[1] and _is_bomb(sa, rules):
            return -1
    return (sa > sb) - (sa < sb)


def rank_zjh(
    hands: Sequence[CardsLike | ZJHHand] | npt.NDArray[np.integer],
    rules: ZJHRules = ZJHRules(),
) -> list[list[int]]:
    """Order hands winner first; tied hands share a group.

    Returns groups of indices into ``hands``, strongest group first, each
    group in input order.

    With ``rules.special_235`` (:data:`SPECIAL_235_RULE`, the equity engine's
    showdown too): with the 2-3-5 rule an off-suit 2-3-5 beats every bomb
    and loses to every other hand.  The pot goes to the hands that no other
    hand beats; when every hand is beaten by another (the cycle 2-3-5 > bomb
    > any other hand > 2-3-5) the rule is set aside and the ordinary ranking
    decides, the 2-3-5 being a Five-high high card.  So the first group is
    the 2-3-5 hands when all the others are bombs, and the ordinary ranking
    orders every hand otherwise.  :func:`compare_zjh` gives a head-to-head
    result.

    Examples
    --------
    >>> rank_zjh(["2c3d5h", "AsKdJc", "KsKh3c", "AhKcJs"])
    [[2], [1, 3], [0]]
    >>> rank_zjh(["2c3d5h", "AsAdAc"], ZJHRules(special_235=True))
    [[0], [1]]
    >>> rank_zjh(["2c3d5h", "AsAdAc", "KsKd3c"], ZJHRules(special_235=True))
    [[1], [2], [0]]
    >>> rank_zjh(["2s3d5c", "2h3c5d", "AhAdAc"], ZJHRules(special_235=True))
    [[0, 1], [2]]
    >>> rank_zjh(["AsKd", "2c3d5h"])
    Traceback (most recent call last):
    ...
    ValueError: a Zha Jin Hua hand has 3 cards, got 2 in 'AsKd'
    """
    if isinstance(hands, str):
        raise ValueError(f"rank_zjh takes a sequence of hands, not a string: {hands!r}")
    parsed = [_parse_hand(h) for h in hands]
    if not parsed:
        return []
    _check_disjoint(parsed, hands)
    arr = np.array(parsed, dtype=np.uint8)
    strengths = _strengths(arr, rules)
    promote = np.zeros(len(parsed), dtype=np.int64)
    if rules.special_235:
        bomb = ZJH_CATEGORIES.index("bomb")
        specials = _specials(arr)
        bombs = category_of_strength(strengths, rules) == bomb
        if specials.any() and bombs.any() and bool(np.all(specials | bombs)):
            promote = specials.astype(np.int64)
    keys = [(int(p), int(s)) for p, s in zip(promote, strengths, strict=True)]
    groups: list[list[int]] = []
    previous: tuple[int, int] | None = None
    for i in sorted(range(len(keys)), key=lambda i: keys[i], reverse=True):
        if keys[i] != previous:
            groups.append([])
            previous = keys[i]
        groups[-1].append(i)
    return [sorted(g) for g in groups]


def evaluate_zjh_batch(hands: npt.ArrayLike, rules: ZJHRules = ZJHRules()) -> npt.NDArray[np.int32]:
    """Return the ``int32`` strength of every hand (2-3-5 rule not applied).

    Shapes
    ------
    hands : int[n, 3] card codes, distinct within a row
    returns : int32[n]

    Examples
    --------
    >>> evaluate_zjh_batch([[51, 47, 43], [51, 46, 41]])  # AsKsQs, AsKhQd
    array([20492, 12300], dtype=int32)
    """
    return _strengths(_as_hand_array(hands), rules)


def special_235_batch(hands: npt.ArrayLike) -> npt.NDArray[np.bool_]:
    """Return whether every hand is an off-suit 2-3-5.

    Shapes
    ------
    hands : int[n, 3]
    returns : bool[n]

    Examples
    --------
    >>> special_235_batch([[0, 5, 14], [0, 4, 12]])  # 2c3d5h, 2c3c5c
    array([ True, False])
    """
    return _specials(_as_hand_array(hands))


def absolute_value_zjh_batch(
    hands: npt.ArrayLike, *, suits: bool = False, reverse: bool = False
) -> npt.NDArray[np.int32]:
    """Return the absolute value (Zha Jin Hua rules) of every hand.

    ``suits`` selects FlowerValueCalculator (``value * 64 + flower``) over
    NonFlowerValueCalculator; ``reverse`` gives the "smaller is stronger"
    form ``MAX - value`` with ``MAX`` = :data:`ABSOLUTE_MAX_VALUE` or
    :data:`ABSOLUTE_MAX_VALUE_SUITS`.

    Shapes
    ------
    hands : int[n, 3]
    returns : int32[n]

    Examples
    --------
    >>> absolute_value_zjh_batch([[51, 50, 49]])  # AsAhAd
    array([7881], dtype=int32)
    >>> absolute_value_zjh_batch([[51, 50, 49]], reverse=True)
    array([0], dtype=int32)
    """
    values = _absolute_values(_as_hand_array(hands), suits)
    if reverse:
        top = ABSOLUTE_MAX_VALUE_SUITS if suits else ABSOLUTE_MAX_VALUE
        values = (top - values).astype(np.int32)
    return values


def _evaluate(
    cards: CardsLike,
    board: CardsLike = "",
    rules: ZJHRules | None = None,
    *,
    game: Game | None = None,
) -> ZJHHand:
    """The ``"zjh"`` evaluator's ``evaluate`` (no board: its cards join the hand)."""
    return evaluate_zjh(joined(cards, board), ZJHRules() if rules is None else rules)


def _compare(
    hands: Sequence[CardsLike],
    board: CardsLike = "",
    rules: ZJHRules | None = None,
    *,
    game: Game | None = None,
) -> list[list[int]]:
    """The ``"zjh"`` evaluator's ``compare``: :func:`rank_zjh`, whose 2-3-5 rule may rank
    the hands in a cycle."""
    return rank_zjh([joined(h, board) for h in hands], ZJHRules() if rules is None else rules)


ZJH_EVALUATOR = Evaluator(
    name="zjh",
    evaluate=_evaluate,
    compare=_compare,
    rank=strength_of,
    describe=description_of,
)
"""The ``"zjh"`` :class:`~equity.evaluators.Evaluator`: three cards under the game's
:class:`ZJHRules`; ``compare`` is :func:`rank_zjh` (the 2-3-5 rule), ``rank`` the
strength without it.

Examples
--------
>>> ZJH_EVALUATOR.compare(["2c3d5h", "AsAdAc"], rules=ZJHRules(special_235=True))
[[0], [1]]
"""
