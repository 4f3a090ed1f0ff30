"""Five-card poker and best-five-of-seven (Texas Hold'em) hand evaluation.

One strength scale serves five, six and seven cards: an ``int32`` where bigger
is better, equal values tie and ``strength >> 12`` is the category
(1 = high card ... 9 = straight flush, see :data:`CATEGORIES`).  A-2-3-4-5 is
the lowest straight.  The work is done by :mod:`equity.kernels.holdem`; this
module is the thin, validating Python layer around it.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..cards import CardsLike, format_cards, parse_cards, rank_of
from ..games import Game, a_hand_of
from ..kernels import holdem as _holdem
from ..lookup import CATEGORIES, HoldemTables, byte_safe, describe_value, holdem_tables
from ._base import Evaluator, by_rank, description_of, joined, strength_of

__all__ = [
    "CATEGORIES",
    "POKER_EVALUATOR",
    "PokerHand",
    "best_five_cards",
    "category_name",
    "compare_hands",
    "evaluate",
    "evaluate_batch",
    "hand_strength",
    "rank_hands",
]


@dataclass(frozen=True)
class PokerHand:
    """The evaluation of one five- to seven-card hand."""

    cards: tuple[int, ...]
    """The cards evaluated, as given."""
    strength: int
    """Hand value: bigger is better, equal values tie."""
    category: str
    """One of :data:`CATEGORIES`, e.g. ``"full house"``."""
    description: str
    """The hand in words, e.g. ``"full house, Kings over Fives"``."""
    best_five: tuple[int, ...]
    """The five cards that make the hand, most significant first."""

    @property
    def text(self) -> str:
        """The cards as a string, e.g. ``"AsKd..."``."""
        return format_cards(self.cards)

    def __repr__(self) -> str:
        """Cards as text: ``PokerHand('Kh Kd 5s Ks 5c': full house, Kings over Fives)``."""
        return f"PokerHand({format_cards(self.cards, ' ')!r}: {self.description})"

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON output."""
        return {
            "cards": format_cards(self.cards, " "),
            "category": self.category,
            "description": self.description,
            "strength": self.strength,
            "best_five": format_cards(self.best_five, " "),
        }


def category_name(strength: int) -> str:
    """Category name of a hand value.

    Examples
    --------
    >>> category_name(evaluate("As Ks Qs Js Ts").strength)
    'straight flush'
    """
    return CATEGORIES[(int(strength) >> 12) - 1]


def _as_hand(cards: CardsLike, sizes: tuple[int, ...] = (5, 6, 7)) -> np.ndarray:
    parsed = parse_cards(cards)
    if len(parsed) not in sizes:
        want = " or ".join(map(str, sizes))
        raise ValueError(f"a poker hand needs {want} cards, got {len(parsed)} in {_show(cards)}")
    return np.asarray(parsed, dtype=np.uint8)


def _show(cards: CardsLike) -> str:
    if isinstance(cards, str):
        return repr(cards)
    try:
        return repr(format_cards(parse_cards(cards), " "))
    except ValueError:
        return repr(cards)


def hand_strength(hand: np.ndarray) -> int:
    """Value of one hand, in plain Python.

    One hand needs a dozen additions and two lookups; dispatching a compiled
    kernel would first make numba load its typing and lowering registries
    (about 0.4 s on the first call of a process), which would triple the
    start-up of ``equity eval``.  The arithmetic is the kernels' own
    :func:`~equity.kernels.holdem.value_from_key`, run as Python.
    """
    keys, bits = _card_sums()
    key, suits = int(_holdem.KEY_START), 0
    for c in hand.tolist():
        key += keys[c]
        suits |= bits[c]
    tables = holdem_tables()
    value_from_key = getattr(_holdem.value_from_key, "py_func", _holdem.value_from_key)
    return int(value_from_key(np.uint64(key), np.uint64(suits), tables.offsets, tables.values))


@functools.cache
def _card_sums() -> tuple[list[int], list[int]]:
    """Card keys and suit bits as Python ints, for :func:`hand_strength`."""
    tables = holdem_tables()
    return tables.card_keys.tolist(), tables.suit_bits.tolist()


def best_five_cards(hand: np.ndarray, strength: int) -> tuple[int, ...]:
    """Five of ``hand`` making ``strength``, most significant cards first.

    Cards are ordered by how many of their rank the five hold, then by rank
    (Kings before Fives in "Kings over Fives"); the wheel puts its Ace last.
    """
    for five in itertools.combinations(sorted(hand.tolist(), reverse=True), 5):
        if hand_strength(np.asarray(five, dtype=np.uint8)) != strength:
            continue
        ranks = [rank_of(c) for c in five]
        counts = Counter(ranks)
        wheel = strength >> 12 in (5, 9) and set(ranks) == {12, 0, 1, 2, 3}

        def significance(card: int, counts: Counter[int] = counts, wheel: bool = wheel) -> tuple:
            rank = rank_of(card)
            return (counts[rank], -1 if wheel and rank == 12 else rank, card)

        return tuple(sorted(five, key=significance, reverse=True))
    raise AssertionError("no five cards make the hand's value")  # pragma: no cover


def evaluate(cards: CardsLike) -> PokerHand:
    """Evaluate a poker hand of five, six or seven cards (best five count).

    Examples
    --------
    >>> hand = evaluate("Kh Kd 5s Ks 5c")
    >>> hand.category, hand.description
    ('full house', 'full house, Kings over Fives')
    >>> evaluate("Ah 2c 3d 4s 5h 9c Jd").description
    'Five-high straight'
    >>> evaluate("As Ks").strength
    Traceback (most recent call last):
    ...
    ValueError: a poker hand needs 5 or 6 or 7 cards, got 2 in 'As Ks'
    """
    hand = _as_hand(cards)
    strength = hand_strength(hand)
    return PokerHand(
        cards=tuple(hand.tolist()),
        strength=strength,
        category=category_name(strength),
        description=describe_value(strength),
        best_five=best_five_cards(hand, strength),
    )


def evaluate_batch(hands: npt.ArrayLike, *, out: np.ndarray | None = None) -> np.ndarray:
    """Evaluate many hands at once with the parallel batch kernel.

    Cards are not checked for duplicates (that is the caller's contract);
    codes must be 0..51 (checked; ``uint8`` codes by the kernel as it goes,
    others in a vectorised pass first).  ``out``, an ``int32[n]`` array to
    fill, saves allocating (and the operating system zeroing) a fresh one per
    call: for large batches in a loop.  After a ``ValueError`` for a code,
    ``out`` holds meaningless values.

    Shapes
    ------
    hands : uint8[n, k] with k in 5, 6, 7 (other integer types are converted)
    return : int32[n] (``out`` when given)

    Examples
    --------
    >>> hands = np.array([[51, 47, 43, 39, 35], [0, 4, 8, 12, 45]], dtype=np.uint8)
    >>> [category_name(v) for v in evaluate_batch(hands)]
    ['straight flush', 'high card']
    """
    raw = np.asarray(hands)
    if raw.ndim != 2 or raw.shape[1] not in (5, 6, 7):
        raise ValueError(f"hands must have shape (n, 5|6|7), got {raw.shape}")
    if raw.dtype.kind not in "iu":
        raise ValueError(f"card codes must be integers, got dtype {raw.dtype}")
    if raw.dtype != np.uint8 and raw.size:  # check before the cast wraps them
        low, high = int(raw.min()), int(raw.max())
        if low < 0 or high > 51:
            raise ValueError(f"card code {low if low < 0 else high} is not a card (0..51)")
    batch = np.require(raw, dtype=np.uint8, requirements=["C", "W"])
    if out is None:
        out = np.empty(batch.shape[0], dtype=np.int32)
    elif out.shape != (batch.shape[0],) or out.dtype != np.int32 or not out.flags.c_contiguous:
        raise ValueError(f"out must be a C-contiguous int32 array of shape ({batch.shape[0]},)")
    # the kernel checks the bytes as it goes, with tables that any byte reads safely
    high = int(_holdem.evaluate_batch(batch, _byte_safe_tables(), out))
    if high > 51:
        raise ValueError(f"card code {high} is not a card (0..51)")
    return out


@functools.cache
def _byte_safe_tables() -> HoldemTables:
    return byte_safe(holdem_tables())


def compare_hands(a: CardsLike, b: CardsLike) -> int:
    """Return 1 if hand ``a`` beats ``b``, -1 if it loses, 0 on a tie.

    Examples
    --------
    >>> compare_hands("Ah 2c 3d 4s 5h", "6h 2d 3c 4d 5c")
    -1
    """
    sa, sb = hand_strength(_as_hand(a)), hand_strength(_as_hand(b))
    return (sa > sb) - (sa < sb)


def rank_hands(hands: list[CardsLike]) -> list[list[int]]:
    """Order players by hand, winner first; equal hands share a group.

    Returns groups of indices into ``hands``.  Hands may share cards (each is
    evaluated on its own), as when players share a board.

    Examples
    --------
    >>> rank_hands(["As Ad Kc Kd 2s", "Ac Ah Ks Kh 2d", "Qs Qd Qh 3c 4c"])
    [[2], [0, 1]]
    """
    strengths = [hand_strength(_as_hand(h)) for h in hands]  # no best-five search needed
    groups: dict[int, list[int]] = {}
    for i, s in enumerate(strengths):
        groups.setdefault(s, []).append(i)
    return [groups[s] for s in sorted(groups, reverse=True)]


def _evaluate(
    cards: CardsLike, board: CardsLike = "", rules: object = None, *, game: Game | None = None
) -> PokerHand:
    """The ``"poker"`` evaluator's ``evaluate``: the hand and the board as one hand, of one
    of the sizes ``game`` deals (without a game: five to seven cards)."""
    hand = joined(cards, board)
    if game is not None:
        parsed = parse_cards(hand)
        if len(parsed) not in game.hand_sizes:
            lo, hi = min(game.hand_sizes), max(game.hand_sizes)
            sizes = f"{lo}" if lo == hi else f"{lo} to {hi}"
            what = " (hole cards and board)" if game.has_board else ""
            raise ValueError(
                f"{a_hand_of(game.name)} needs {sizes} cards{what}, got {len(parsed)} in {hand!r}"
            )
        hand = parsed
    return evaluate(hand)


POKER_EVALUATOR = Evaluator(
    name="poker",
    evaluate=_evaluate,
    compare=by_rank(_evaluate, strength_of),
    rank=strength_of,
    describe=description_of,
)
"""The ``"poker"`` :class:`~equity.evaluators.Evaluator`: the best five of five to seven
cards (five-card poker, hold'em, stud, five-card draw).

Examples
--------
>>> POKER_EVALUATOR.compare(["As Ad", "Ks Kh"], "2c 7d 9h Ts Jc")
[[0], [1]]
"""
