"""Short-deck (six-plus) hold'em hand evaluation: public API.

Short deck deals from 36 cards, sixes to aces (rank codes 4..12 of
:mod:`equity.cards`); a hand is the best five of five to seven cards.
A-6-7-8-9 is the lowest straight (the ace plays low only there) and there is
no A-2-3-4-5; a flush beats a full house.  :class:`ShortDeckRules` chooses
the order of a straight and three of a kind: by default three of a kind
beats a straight (:data:`~equity.games.shortdeck.SHORTDECK_CATEGORIES`), with
``straight_beats_trips`` a straight beats three of a kind.

A strength is an ``int32``, bigger is better and equal strengths tie;
``strength >> 12`` is the category code, 1 for the weakest category of the
order in use to 9 for a straight flush.  The work is done by the hold'em
kernels (:mod:`equity.kernels.holdem`) with the short deck's value table
(:mod:`equity.lookup.shortdeck`); this module validates and describes.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from dataclasses import dataclass
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from ..cards import CardsLike, format_card, format_cards, parse_cards, rank_of
from ..games import Game, register_exact_counts
from ..games.shortdeck import SHORTDECK, SHORTDECK_RULE, ShortDeckRules
from ..kernels import holdem as _holdem
from ..lookup import HoldemTables
from ..lookup.shortdeck import (
    LOWEST_RANK,
    describe_shortdeck_value,
    shortdeck_categories,
    shortdeck_tables,
    straight_beats_trips_of,
)
from ._base import Evaluator, by_rank, description_of, joined, strength_of

__all__ = [
    "SHORTDECK_EVALUATOR",
    "SHORTDECK_RULE",
    "ShortDeckHand",
    "ShortDeckRules",
    "compare_shortdeck",
    "evaluate_shortdeck",
    "evaluate_shortdeck_batch",
    "rank_shortdeck",
    "shortdeck_category_counts",
    "shortdeck_category_name",
    "shortdeck_five_card_counts",
]

_LOWEST_CARD = 4 * LOWEST_RANK
_WHEEL_RANKS = {12, 4, 5, 6, 7}  # A-6-7-8-9


def _rules(rules: ShortDeckRules | None) -> ShortDeckRules:
    if rules is None:
        return ShortDeckRules()
    if not isinstance(rules, ShortDeckRules):
        raise ValueError(f"rules must be a ShortDeckRules or None, got {rules!r}")
    return rules


@dataclass(frozen=True)
class ShortDeckHand:
    """The evaluation of one five- to seven-card short-deck hand."""

    cards: tuple[int, ...]
    """The cards evaluated, as given."""
    strength: int
    """Hand value under :attr:`rules`: bigger is better, equal values tie."""
    category: str
    """One of the categories of :attr:`rules`, e.g. ``"flush"``."""
    description: str
    """The hand in words, e.g. ``"straight, Nine high"``."""
    best_five: tuple[int, ...]
    """The five cards that make the hand, most significant first."""
    rules: ShortDeckRules = ShortDeckRules()
    """The rules the hand was evaluated under."""

    @property
    def text(self) -> str:
        """The cards as a string, e.g. ``"As9d..."``."""
        return format_cards(self.cards)

    def __repr__(self) -> str:
        """Cards as text: ``ShortDeckHand('As 6d 7c 8h 9s': straight, Nine high)``."""
        return f"ShortDeckHand({format_cards(self.cards, ' ')!r}: {self.description})"

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON output (the keys of
        :meth:`equity.evaluators.poker.PokerHand.to_dict`)."""
        return {
            "cards": format_cards(self.cards, " "),
            "category": self.category,
            "description": self.description,
            "strength": self.strength,
            "best_five": format_cards(self.best_five, " "),
        }


def shortdeck_category_name(value: int, rules: ShortDeckRules | None = None) -> str:
    """Category name of a short-deck hand value under ``rules``.

    Examples
    --------
    >>> shortdeck_category_name(4 << 12)
    'straight'
    >>> shortdeck_category_name(4 << 12, ShortDeckRules(straight_beats_trips=True))
    'three of a kind'
    """
    code = int(value) >> 12
    if not 1 <= code <= 9:
        raise ValueError(f"{value!r} is not a short-deck hand value")
    return _rules(rules).categories[9 - code]


def _as_hand(cards: CardsLike) -> np.ndarray:
    """Checked card codes of a short-deck hand (5 to 7 distinct cards, six or higher)."""
    parsed = parse_cards(cards)
    if not 5 <= len(parsed) <= 7:
        raise ValueError(
            f"a short-deck hand needs 5, 6 or 7 cards, got {len(parsed)} in {_show(cards)}"
        )
    _check_deck(min(parsed))
    return np.asarray(parsed, dtype=np.uint8)


def _check_deck(lowest: int) -> None:
    if lowest < _LOWEST_CARD:
        raise ValueError(f"card {format_card(lowest)!r} is not in the short deck (sixes to aces)")


def _show(cards: CardsLike) -> str:
    if isinstance(cards, str):
        return repr(cards)
    try:
        return repr(format_cards(parse_cards(cards), " "))
    except ValueError:
        return repr(cards)


@functools.cache
def _card_sums() -> tuple[list[int], list[int]]:
    """Card keys and suit bits as Python ints (shared by both orders)."""
    tables = shortdeck_tables()
    return tables.card_keys.tolist(), tables.suit_bits.tolist()


def _strength(hand: np.ndarray | tuple[int, ...], rules: ShortDeckRules) -> int:
    """Value of one hand, in plain Python (see :func:`equity.evaluators.poker.hand_strength`:
    one hand does not pay for loading a compiled kernel)."""
    keys, bits = _card_sums()
    key, suits = int(_holdem.KEY_START), 0
    for c in hand.tolist() if isinstance(hand, np.ndarray) else hand:
        key += keys[c]
        suits |= bits[c]
    tables = shortdeck_tables(rules)
    value_from_key = getattr(_holdem.value_from_key, "py_func", _holdem.value_from_key)
    return int(value_from_key(np.uint64(key), np.uint64(suits), tables.offsets, tables.values))


def _best_five(hand: np.ndarray, strength: int, rules: ShortDeckRules) -> tuple[int, ...]:
    """Five of ``hand`` making ``strength``, most significant cards first.

    Cards are ordered by how many of their rank the five hold, then by rank;
    in A-6-7-8-9 the Ace plays low and comes last.
    """
    for five in itertools.combinations(sorted(hand.tolist(), reverse=True), 5):
        if _strength(five, rules) != strength:
            continue
        ranks = [rank_of(c) for c in five]
        counts = Counter(ranks)
        wheel = set(ranks) == _WHEEL_RANKS

        def significance(card: int, counts: Counter[int] = counts, wheel: bool = wheel) -> tuple:
            rank = rank_of(card)
            return (counts[rank], -1 if wheel and rank == 12 else rank, card)

        return tuple(sorted(five, key=significance, reverse=True))
    raise AssertionError("no five cards make the hand's value")  # pragma: no cover


def evaluate_shortdeck(cards: CardsLike, rules: ShortDeckRules | None = None) -> ShortDeckHand:
    """Evaluate a short-deck hand of five, six or seven cards (best five count).

    Examples
    --------
    >>> evaluate_shortdeck("Ah 6c 7d 8s 9h").description
    'straight, Nine high'
    >>> hand = evaluate_shortdeck("Kh Kd 6s Ks 6c Qd Jd")
    >>> hand.category, hand.description
    ('full house', 'full house, Kings over Sixes')
    >>> evaluate_shortdeck("9s 9d 9c Ts Js Qd Kh").category  # trips beat a straight
    'three of a kind'
    >>> evaluate_shortdeck("9s 9d 9c Ts Js Qd Kh", ShortDeckRules(straight_beats_trips=True))
    ShortDeckHand('9s 9d 9c Ts Js Qd Kh': straight, King high)
    >>> evaluate_shortdeck("Ah 5h 7d 8s 9h")
    Traceback (most recent call last):
    ...
    ValueError: card '5h' is not in the short deck (sixes to aces)
    """
    rules = _rules(rules)
    hand = _as_hand(cards)
    strength = _strength(hand, rules)
    return ShortDeckHand(
        cards=tuple(hand.tolist()),
        strength=strength,
        category=shortdeck_category_name(strength, rules),
        description=describe_shortdeck_value(strength, rules.straight_beats_trips),
        best_five=_best_five(hand, strength, rules),
        rules=rules,
    )


def evaluate_shortdeck_batch(
    hands: npt.ArrayLike, rules: ShortDeckRules | None = None, *, out: np.ndarray | None = None
) -> np.ndarray:
    """Evaluate many short-deck hands at once with the parallel batch kernel.

    As :func:`equity.evaluators.poker.evaluate_batch`: cards are not checked for
    duplicates (the caller's contract); codes must be cards of the short
    deck, 16..51 (checked: one vectorised pass).

    Shapes
    ------
    hands : uint8[n, k] with k in 5, 6, 7 (other integer types are converted)
    return : int32[n] (``out`` when given)

    Examples
    --------
    >>> from equity.cards import parse_cards
    >>> hands = np.array([parse_cards("Ah 6h 7h 8h 9h"), parse_cards("As Ks Qd Jc 9h")])
    >>> [shortdeck_category_name(v) for v in evaluate_shortdeck_batch(hands)]
    ['straight flush', 'high card']
    """
    rules = _rules(rules)
    raw = np.asarray(hands)
    if raw.ndim != 2 or raw.shape[1] not in (5, 6, 7):
        raise ValueError(f"hands must have shape (n, 5|6|7), got {raw.shape}")
    if raw.dtype.kind not in "iu":
        raise ValueError(f"card codes must be integers, got dtype {raw.dtype}")
    if raw.size:
        low, high = int(raw.min()), int(raw.max())
        if low < 0 or high > 51:
            raise ValueError(f"card code {low if low < 0 else high} is not a card (0..51)")
        _check_deck(low)
    batch = np.require(raw, dtype=np.uint8, requirements=["C", "W"])
    if out is None:
        out = np.empty(batch.shape[0], dtype=np.int32)
    elif out.shape != (batch.shape[0],) or out.dtype != np.int32 or not out.flags.c_contiguous:
        raise ValueError(f"out must be a C-contiguous int32 array of shape ({batch.shape[0]},)")
    _holdem.evaluate_batch(batch, shortdeck_tables(rules), out)
    return out


def compare_shortdeck(a: CardsLike, b: CardsLike, rules: ShortDeckRules | None = None) -> int:
    """Return 1 if short-deck hand ``a`` beats ``b``, -1 if it loses, 0 on a tie.

    Examples
    --------
    >>> compare_shortdeck("Ah 6c 7d 8s 9h", "6h 7c 8d 9d Td")  # A-6-7-8-9 is the lowest
    -1
    >>> compare_shortdeck("As Ks Qs Js 9s", "Ad Ac Ah Kd Kc")  # a flush beats a full house
    1
    """
    rules = _rules(rules)
    sa, sb = _strength(_as_hand(a), rules), _strength(_as_hand(b), rules)
    return (sa > sb) - (sa < sb)


def rank_shortdeck(hands: list[CardsLike], rules: ShortDeckRules | None = None) -> list[list[int]]:
    """Order players by short-deck hand, winner first; equal hands share a group.

    Returns groups of indices into ``hands`` (hands may share board cards).

    Examples
    --------
    >>> rank_shortdeck(["As Ad Kc Kd 6s", "Ac Ah Ks Kh 6d", "Qs Qd Qh 7c 8c"])
    [[2], [0, 1]]
    """
    rules = _rules(rules)
    strengths = [_strength(_as_hand(h), rules) for h in hands]
    groups: dict[int, list[int]] = {}
    for i, s in enumerate(strengths):
        groups.setdefault(s, []).append(i)
    return [groups[s] for s in sorted(groups, reverse=True)]


def shortdeck_five_card_counts(rules: Any = None) -> dict[str, int]:
    """Category counts of all C(36,5) = 376,992 five-card short-deck hands (closed form).

    Nine ranks, six to ace, four suits.  Six rank sets are straights (tops
    Nine, for A-6-7-8-9, to Ace); 126 - 6 = 120 sets of five distinct ranks
    are not.  Each set of five distinct ranks takes ``4**5`` suit choices, 4
    of them one suit.  So:

    * straight flush ``6 * 4``; flush ``120 * 4``; straight ``6 * (4**5 - 4)``;
      high card ``120 * (4**5 - 4)``;
    * four of a kind ``9 * 8 * 4`` (rank, kicker rank, kicker suit);
    * full house ``9 * C(4,3) * 8 * C(4,2)``;
    * three of a kind ``9 * C(4,3) * C(8,2) * 4**2``;
    * two pair ``C(9,2) * C(4,2)**2 * 7 * 4``;
    * pair ``9 * C(4,2) * C(8,3) * 4**3``.

    A five-card hand holds one category only (no straight with three of a
    kind), so ``rules`` (a :class:`equity.evaluators.shortdeck.ShortDeckRules`) changes
    the order of the categories (strongest first), never the counts.

    Examples
    --------
    >>> counts = shortdeck_five_card_counts()
    >>> counts["flush"], counts["full house"], sum(counts.values()) == comb(36, 5)
    (480, 1728, True)
    """
    ranks = 9
    suited = 4**5 - 4
    straights = 6
    no_straight = comb(ranks, 5) - straights
    counts = {
        "straight flush": straights * 4,
        "four of a kind": ranks * (ranks - 1) * 4,
        "flush": no_straight * 4,
        "full house": ranks * comb(4, 3) * (ranks - 1) * comb(4, 2),
        "three of a kind": ranks * comb(4, 3) * comb(ranks - 1, 2) * 4**2,
        "straight": straights * suited,
        "two pair": comb(ranks, 2) * comb(4, 2) ** 2 * (ranks - 2) * 4,
        "pair": ranks * comb(4, 2) * comb(ranks - 1, 3) * 4**3,
        "high card": no_straight * suited,
    }
    order = shortdeck_categories(straight_beats_trips_of(rules))
    return {name: counts[name] for name in order}


def shortdeck_category_counts(cards: int = 7, rules: Any = None) -> dict[str, int]:
    """Exact category counts of all C(36, ``cards``) short-deck hands, strongest first.

    Five cards: the closed forms of :func:`shortdeck_five_card_counts`.
    Six or seven: every hand enumerated by the counting kernels (a fraction of
    a second, then cached).  The best five of six or seven cards depends on
    the order: a hand holding a straight and three of a kind (and nothing
    better) counts as three of a kind by default and as a straight with
    ``straight_beats_trips``.

    Examples
    --------
    >>> counts = shortdeck_category_counts()
    >>> counts["straight flush"], sum(counts.values())
    (10560, 8347680)
    """
    rules = _rules(rules)
    if cards not in SHORTDECK.hand_sizes or isinstance(cards, bool):
        raise ValueError(f"a short-deck hand has 5, 6 or 7 cards, got {cards!r}")
    if cards == 5:
        return shortdeck_five_card_counts(rules)
    return dict(_enumerated_counts(cards, rules.straight_beats_trips))


@functools.cache
def _enumerated_counts(cards: int, straight_beats_trips: bool) -> tuple[tuple[str, int], ...]:
    """Category counts of every short-deck hand of ``cards`` cards, strongest first."""
    tables: HoldemTables = shortdeck_tables(ShortDeckRules(straight_beats_trips))
    values = _holdem.value_histogram(tables, cards, _LOWEST_CARD)
    by_code = np.bincount(np.arange(1 << 16) >> 12, weights=values, minlength=16)
    names = shortdeck_categories(straight_beats_trips)
    return tuple((name, int(by_code[9 - i])) for i, name in enumerate(names))


register_exact_counts("shortdeck", shortdeck_category_counts)


def _evaluate(
    cards: CardsLike,
    board: CardsLike = "",
    rules: ShortDeckRules | None = None,
    *,
    game: Game | None = None,
) -> ShortDeckHand:
    """The ``"shortdeck"`` evaluator's ``evaluate``: the hand and the board as one hand."""
    return evaluate_shortdeck(joined(cards, board), rules)


SHORTDECK_EVALUATOR = Evaluator(
    name="shortdeck",
    evaluate=_evaluate,
    compare=by_rank(_evaluate, strength_of),
    rank=strength_of,
    describe=description_of,
)
"""The ``"shortdeck"`` :class:`~equity.evaluators.Evaluator`: the best five of five to
seven cards of the short deck, under the game's :class:`ShortDeckRules`.

Examples
--------
>>> rules = ShortDeckRules(straight_beats_trips=True)
>>> SHORTDECK_EVALUATOR.compare(["9s 9d", "Ts Jd"], "9c Qs Kh 6d 7c", rules)
[[1], [0]]
"""
