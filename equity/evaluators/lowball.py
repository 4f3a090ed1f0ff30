"""The low and split games' hands: razz, deuce-to-seven, badugi and stud hi-lo.

One hand at a time, in plain Python (a one-off call should not wait for a
compiled kernel); :func:`evaluate_low_batch` evaluates many with the kernels of
:mod:`equity.kernels.lowball`.  A hand's ``strength`` is the kernels' value
(bigger is better, equal values tie; the tests prove the two equal):
``strength >> LOW_SHIFT`` is the category code, 1 = the weakest category
(:func:`low_category_name` names it), and the rest breaks ties.

Examples
--------
>>> evaluate_razz("8h6d4c3s2h Kd Kc").description
'8-6-4-3-2'
>>> evaluate_deuce_seven("7h 5d 4c 3s 2h").category
'7-low'
>>> evaluate_badugi("7h 4d 3c As").description
'4-card badugi, 7-4-3-A'
>>> evaluate_stud8("As 2d 3c 4h 8s Kd Kh").low
'8-4-3-2-A'
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..cards import RANK_NAMES, CardsLike, format_cards, parse_cards
from ..games import Game
from ..games.draw import BADUGI_CATEGORIES, DEUCE_SEVEN_CATEGORIES
from ..games.stud import RAZZ_CATEGORIES
from ..kernels import lowball as _lowball
from ..kernels._jit import warming
from ..lookup.lowball import LOW_RAW_MASK, LOW_SHIFT, lowball_tables
from ._base import Evaluator, LowHand8, by_rank, description_of, joined, strength_of
from .poker import PokerHand, evaluate

__all__ = [
    "BADUGI_EVALUATOR",
    "DEUCE_SEVEN_EVALUATOR",
    "LOW_SHIFT",
    "RANKING_CODES",
    "RAZZ_EVALUATOR",
    "STUD8_EVALUATOR",
    "LowHand",
    "Stud8Hand",
    "evaluate_badugi",
    "evaluate_deuce_seven",
    "evaluate_low_batch",
    "evaluate_razz",
    "evaluate_stud8",
    "low_category_name",
    "low_strength",
    "stud8_low",
]

RANKINGS = {
    "razz": RAZZ_CATEGORIES,
    "deuce-seven": DEUCE_SEVEN_CATEGORIES,
    "badugi": BADUGI_CATEGORIES,
}
"""Evaluator name -> the categories its values name (strongest first)."""
RANKING_CODES = {
    "razz": _lowball.ACE_FIVE,
    "deuce-seven": _lowball.DEUCE_SEVEN,
    "badugi": _lowball.BADUGI,
    "low8": 0,
}
"""Evaluator name -> the ``ranking`` code of :func:`equity.kernels.lowball.low_value`
(``"low8"``: 0, the eight-or-better low of :func:`~equity.kernels.lowball.low8`)."""
_SIZES = {"razz": (5, 6, 7), "deuce-seven": (5,), "badugi": (4,), "low8": (5, 6, 7)}
_LOW_SYMBOLS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""Ace-low rank index (0 = ace .. 12 = king) -> how a low names it."""
_PAIRED = ("four of a kind", "full house", "three of a kind", "two pair", "pair")


@dataclass(frozen=True)
class LowHand:
    """One razz, deuce-to-seven or badugi hand."""

    cards: tuple[int, ...]
    """The cards evaluated, as given."""
    strength: int
    """The kernels' value: bigger is better, equal values tie."""
    category: str
    """One of the game's categories, e.g. ``"8-low"``, ``"pair"``, ``"3-card hand"``."""
    description: str
    """The hand in words: ``"8-6-4-3-2"``, ``"pair of Fours"``, ``"4-card badugi, 7-4-3-A"``."""
    best: tuple[int, ...]
    """The cards that play, most significant first (five; badugi: one to four)."""

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON output (``best_five``; badugi: ``playing``)."""
        return {
            "cards": format_cards(self.cards, " "),
            "category": self.category,
            "description": self.description,
            "strength": self.strength,
            ("playing" if self.category in BADUGI_CATEGORIES else "best_five"): format_cards(
                self.best, " "
            ),
        }


@dataclass(frozen=True)
class Stud8Hand:
    """A stud hi-lo hand: the high hand and the eight-or-better low."""

    high: PokerHand
    low: str | None
    """The best qualifying low, e.g. ``"8-6-4-3-2"``; None without one."""
    low_five: tuple[int, ...] | None
    """The five cards of the low, highest first."""
    low_strength: int
    """The kernels' :func:`~equity.kernels.lowball.low8` value, -1 without a low."""

    def to_dict(self) -> dict[str, object]:
        """The high hand's record (:meth:`equity.evaluators.poker.PokerHand.to_dict`), ``low`` and
        ``low_five``."""
        record = self.high.to_dict()
        record["low"] = self.low
        if self.low_five is not None:
            record["low_five"] = format_cards(self.low_five, " ")
        return record


def _masks(cards: list[int], ace_low: bool) -> tuple[int, int, int, int]:
    """Masks of the ranks held at least 1, 2, 3, 4 times (the kernels' ``_rank_masks``)."""
    m = [0, 0, 0, 0]
    for c in cards:
        bit = 1 << ((c >> 2) + 1) % 13 if ace_low else 1 << (c >> 2)
        m[3] |= m[2] & bit
        m[2] |= m[1] & bit
        m[1] |= m[0] & bit
        m[0] |= bit
    return m[0], m[1], m[2], m[3]


def _lowest(mask: int) -> int:
    return mask & -mask


def _paired(code: int, top: int, m1: int) -> int:
    return code << LOW_SHIFT | (LOW_RAW_MASK - (top << 13 | (m1 ^ top)))


def _strength(cards: list[int], ranking: str) -> int:
    """The kernels' value of ``cards`` under ``ranking``, by the same steps in Python."""
    tables = lowball_tables()
    if ranking == "badugi":
        best = 0
        for size in range(len(cards), 0, -1):
            for sub in itertools.combinations(cards, size):
                ranks, _, _, _ = _masks(list(sub), True)
                if len({c >> 2 for c in sub}) == size == len({c & 3 for c in sub}):
                    best = max(best, size << LOW_SHIFT | (LOW_RAW_MASK - ranks))
        return best
    if ranking == "deuce-seven":
        m1, m2, m3, m4 = _masks(cards, False)
        flush = len({c & 3 for c in cards}) == 1
        v = int(tables.deuce_seven[flush << 13 | m1])
        if v >= 16:
            return v
        if m4:
            return _paired(2, m4, m1)
        if m3:
            return _paired(3 if v == 2 else 6, m3, m1)
        return _paired(7 if v == 3 else 8, m2, m1)
    m1, m2, m3, m4 = _masks(cards, True)
    if ranking == "low8":
        v = int(tables.ace_five[m1 & 0xFF])
        return v if v >= 16 else -1
    v = int(tables.ace_five[m1])
    if v >= 16:
        return v
    if v == 4:
        return _paired(5, _lowest(m2), m1)
    if v == 3:
        if m2 & (m2 - 1):
            rest = m2 ^ _lowest(m2)
            return _paired(4, _lowest(m2) | _lowest(rest), m1)
        return _paired(3, m3, m1)
    if m3 and m2 & (m2 - 1):
        return _paired(2, _lowest(m3), m1)
    return _paired(1, m4, m1)


def low_strength(cards: CardsLike, ranking: str) -> int:
    """The value of one hand under ``ranking`` (``"razz"``, ``"deuce-seven"``, ``"badugi"``
    or ``"low8"``, -1 without an eight-or-better low): the kernels' value, in Python.

    Examples
    --------
    >>> low_strength("As 2d 3c 4h 5s", "razz") > low_strength("As 2d 3c 4h 6s", "razz")
    True
    """
    return _strength(_parse(cards, ranking), ranking)


def low_category_name(strength: int, ranking: str) -> str:
    """The category of a value under ``ranking`` (``"razz"``, ``"deuce-seven"``, ``"badugi"``).

    Examples
    --------
    >>> low_category_name(low_strength("Kh Kd 2c 3s 4h", "razz"), "razz")
    'pair'
    """
    names = RANKINGS[ranking]
    return names[len(names) - (int(strength) >> LOW_SHIFT)]


def _bits(mask: int) -> list[int]:
    """Bit indices of ``mask``, highest first."""
    return [i for i in range(12, -1, -1) if mask >> i & 1]


def _natural(index: int, ace_low: bool) -> int:
    """The rank code (0 = deuce .. 12 = ace) of a mask's bit index."""
    return (index - 1) % 13 if ace_low else index


def _plural(rank: int) -> str:
    name = RANK_NAMES[rank]
    return name + ("es" if name == "Six" else "s")


def _describe(strength: int, category: str, ace_low: bool) -> tuple[str, list[tuple[int, int]]]:
    """Words for a value and its ranks as ``(rank code, copies)``, most significant first."""
    raw = LOW_RAW_MASK - (strength & LOW_RAW_MASK)
    top, rest = _bits(raw >> 13), _bits(raw & 0x1FFF)
    names = [_natural(i, ace_low) for i in top], [_natural(i, ace_low) for i in rest]
    if category not in _PAIRED:
        low = "-".join(_LOW_SYMBOLS[(r + 1) % 13] for r in names[1])
        ranks = [(r, 1) for r in names[1]]
        if category in ("straight", "flush", "straight flush"):
            return f"{RANK_NAMES[names[1][0]]}-high {category}", ranks
        return low, ranks
    high, other = names
    copies = {"four of a kind": 4, "full house": 3, "three of a kind": 3}.get(category, 2)
    ranks = [(r, copies) for r in high] + [(r, 2 if category == "full house" else 1) for r in other]
    if category == "pair":
        return f"pair of {_plural(high[0])}", ranks
    if category == "two pair":
        return f"two pair, {_plural(high[0])} and {_plural(high[1])}", ranks
    if category == "three of a kind":
        return f"three of a kind, {_plural(high[0])}", ranks
    if category == "full house":
        return f"full house, {_plural(high[0])} over {_plural(other[0])}", ranks
    return f"four of a kind, {_plural(high[0])}, {RANK_NAMES[other[0]]} kicker", ranks


def _pick(cards: list[int], ranks: list[tuple[int, int]]) -> tuple[int, ...]:
    """Cards of ``cards`` holding ``copies`` of each rank, in the order of ``ranks``."""
    chosen: list[int] = []
    for rank, copies in ranks:
        chosen += sorted((c for c in cards if c >> 2 == rank), reverse=True)[:copies]
    return tuple(chosen)


def _parse(cards: CardsLike, ranking: str) -> list[int]:
    parsed = parse_cards(cards)
    sizes = _SIZES[ranking]
    if len(parsed) not in sizes:
        want = " to ".join(map(str, (sizes[0], sizes[-1]) if len(sizes) > 1 else sizes))
        what = {"low8": "stud hi-lo", "razz": "razz"}.get(ranking, ranking)
        raise ValueError(f"a {what} hand has {want} cards, got {len(parsed)} in {cards!r}")
    return parsed


def _low_hand(cards: CardsLike, ranking: str) -> LowHand:
    parsed = _parse(cards, ranking)
    strength = _strength(parsed, ranking)
    category = low_category_name(strength, ranking)
    if ranking == "badugi":
        ranks = [_natural(i, True) for i in _bits(LOW_RAW_MASK - (strength & LOW_RAW_MASK))]
        playing = next(
            sub
            for sub in itertools.permutations(parsed, len(ranks))
            if [c >> 2 for c in sub] == ranks and len({c & 3 for c in sub}) == len(ranks)
        )
        low = "-".join(_LOW_SYMBOLS[(r + 1) % 13] for r in ranks)
        return LowHand(tuple(parsed), strength, category, f"{category}, {low}", tuple(playing))
    description, plays = _describe(strength, category, ranking == "razz")
    return LowHand(tuple(parsed), strength, category, description, _pick(parsed, plays))


def evaluate_razz(cards: CardsLike) -> LowHand:
    """The best ace-to-five low of five to seven cards (razz).

    Examples
    --------
    >>> evaluate_razz("As 2d 3c 4h 5s Kd Kh").description
    '5-4-3-2-A'
    >>> h = evaluate_razz("4s 4d Kc Qh Js")
    >>> h.category, h.description, format_cards(h.best, " ")
    ('pair', 'pair of Fours', '4s 4d Kc Qh Js')
    """
    return _low_hand(cards, "razz")


def evaluate_deuce_seven(cards: CardsLike) -> LowHand:
    """A deuce-to-seven hand of five cards: the worst high hand wins, aces high.

    Examples
    --------
    >>> evaluate_deuce_seven("As 2d 3c 4h 5s").description  # no straight: ace-high
    'A-5-4-3-2'
    >>> evaluate_deuce_seven("9s 8d 7c 6h 5s").description
    'Nine-high straight'
    """
    return _low_hand(cards, "deuce-seven")


def evaluate_badugi(cards: CardsLike) -> LowHand:
    """A badugi hand of four cards: the most cards of different ranks and suits play.

    Examples
    --------
    >>> evaluate_badugi("8s 5d 2c 2h").description
    '3-card hand, 8-5-2'
    """
    return _low_hand(cards, "badugi")


def stud8_low(cards: CardsLike) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The best eight-or-better low of five to seven cards: ``(ranks high to low, its five
    cards)`` with ace 1, as :func:`equity.evaluators.omaha.low_of`; None without one.

    Examples
    --------
    >>> stud8_low("As 2d 3c 4h 8s Kd Kh")[0]
    (8, 4, 3, 2, 1)
    >>> stud8_low("As 2d 3c 9h Ts Kd Kh") is None
    True
    """
    parsed = _parse(cards, "low8")
    strength = _strength(parsed, "low8")
    if strength < 0:
        return None
    low = _bits(LOW_RAW_MASK - (strength & LOW_RAW_MASK))
    ranks = [_natural(i, True) for i in low]
    return tuple(i + 1 for i in low), _pick(parsed, [(r, 1) for r in ranks])


def evaluate_stud8(cards: CardsLike) -> Stud8Hand:
    """A stud hi-lo hand of five to seven cards: the best high hand and the best low.

    Examples
    --------
    >>> h = evaluate_stud8("As 2d 3c 4h 8s Kd Kh")
    >>> h.high.description, h.low, format_cards(h.low_five, " ")
    ('pair of Kings', '8-4-3-2-A', '8s 4h 3c 2d As')
    """
    parsed = _parse(cards, "low8")
    low = stud8_low(parsed)
    return Stud8Hand(
        high=evaluate(parsed),
        low="-".join(_LOW_SYMBOLS[r - 1] for r in low[0]) if low else None,
        low_five=low[1] if low else None,
        low_strength=_strength(parsed, "low8"),
    )


def evaluate_low_batch(hands: npt.ArrayLike, ranking: str) -> np.ndarray:
    """Values of many hands with the kernels (all threads): ``ranking`` ``"razz"``,
    ``"deuce-seven"``, ``"badugi"`` or ``"low8"`` (-1: no eight-or-better low).

    Cards are not checked for duplicates within a row (the caller's contract).

    Shapes
    ------
    hands : uint8[n, k], k a hand size of the ranking; return : int32[n]

    Examples
    --------
    >>> v = evaluate_low_batch([parse_cards("As2d3c4h5s"), parse_cards("KsKd3c4h5s")], "razz")
    >>> [low_category_name(x, "razz") for x in v]
    ['5-low', 'pair']
    """
    h = np.asarray(hands)
    sizes = _SIZES[ranking]
    if h.ndim != 2 or h.shape[1] not in sizes:
        raise ValueError(f"{ranking} hands must have shape (n, {'|'.join(map(str, sizes))})")
    if h.dtype.kind not in "iu" or (h.size and (int(h.min()) < 0 or int(h.max()) > 51)):
        raise ValueError("card codes must be integers 0..51")
    h = np.require(h, dtype=np.uint8, requirements=["C"])
    out = np.empty(len(h), dtype=np.int32)
    warming(_lowball.evaluate_low_batch)
    _lowball.evaluate_low_batch(h, RANKING_CODES[ranking], lowball_tables(), out)
    return out


def _evaluator(name: str, evaluate: Callable[[CardsLike], LowHand]) -> Evaluator:
    """The :class:`~equity.evaluators.Evaluator` of a low game (no board: its cards join
    the hand)."""

    def evaluate_hand(
        cards: CardsLike, board: CardsLike = "", rules: object = None, *, game: Game | None = None
    ) -> LowHand:
        return evaluate(joined(cards, board))

    return Evaluator(
        name=name,
        evaluate=evaluate_hand,
        compare=by_rank(evaluate_hand, strength_of),
        rank=strength_of,
        describe=description_of,
    )


RAZZ_EVALUATOR = _evaluator("razz", evaluate_razz)
"""The ``"razz"`` :class:`~equity.evaluators.Evaluator`: :func:`evaluate_razz`.

Examples
--------
>>> RAZZ_EVALUATOR.compare(["8h6d4c3s2hKdKc", "8s7d2c3dAhQcQd"])
[[1], [0]]
"""
DEUCE_SEVEN_EVALUATOR = _evaluator("deuce-seven", evaluate_deuce_seven)
"""The ``"deuce-seven"`` :class:`~equity.evaluators.Evaluator`: :func:`evaluate_deuce_seven`."""
BADUGI_EVALUATOR = _evaluator("badugi", evaluate_badugi)
"""The ``"badugi"`` :class:`~equity.evaluators.Evaluator`: :func:`evaluate_badugi`.

Examples
--------
>>> BADUGI_EVALUATOR.compare(["7h4d3cAs", "8s5d2c2h"])
[[0], [1]]
"""


def _evaluate_stud8(
    cards: CardsLike, board: CardsLike = "", rules: object = None, *, game: Game | None = None
) -> Stud8Hand:
    return evaluate_stud8(joined(cards, board))


def _stud8_rank(hand: Stud8Hand) -> int:
    return hand.high.strength


def _stud8_words(hand: Stud8Hand) -> str:
    return f"{hand.high.description}; low {hand.low or 'none'}"


def _stud8_low(cards: CardsLike, board: CardsLike = "") -> LowHand8 | None:
    return stud8_low(joined(cards, board))


STUD8_EVALUATOR = Evaluator(
    name="stud8",
    evaluate=_evaluate_stud8,
    compare=by_rank(_evaluate_stud8, _stud8_rank),
    rank=_stud8_rank,
    describe=_stud8_words,
    low=_stud8_low,
)
"""The ``"stud8"`` :class:`~equity.evaluators.Evaluator`: :func:`evaluate_stud8`;
``compare`` orders the high hands, ``low`` is :func:`stud8_low`.

Examples
--------
>>> STUD8_EVALUATOR.describe(STUD8_EVALUATOR.evaluate("As 2d 3c 4h 8s Kd Kh"))
'pair of Kings; low 8-4-3-2-A'
"""
