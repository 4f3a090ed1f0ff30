"""Omaha hands: the best high of exactly two hole cards and three board cards, and the low.

:func:`evaluate_omaha` describes one hand (plain Python: a one-off call
should not wait for a compiled kernel); :func:`evaluate_omaha_batch`
evaluates many at once with the kernels of :mod:`equity.kernels.omaha`.
High values are on the hold'em scale (:mod:`equity.lookup`): compare them
with ``>``; a low is eight or better, aces low (see
:data:`equity.games.omaha.HILO_RULE`), and a *low code* is ``256 - mask``
of its five ranks (bigger is better, 0 = no qualifying low).

Examples
--------
>>> h = evaluate_omaha("AsAhKsKh", "Qs7h2c4d5d")
>>> h.category, h.best_five_text
('pair', 'As Ah Qs 7h 5d')
>>> evaluate_omaha("As2h9c9d", "3d4c8hKsKd", hilo=True).low
'8-4-3-2-A'
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..cards import CardsLike, format_cards, parse_cards
from ..games import Game
from ..kernels import omaha as _omaha
from ..kernels._jit import warming
from ..lookup.omaha import low_mask_text, omaha_tables
from ._base import Evaluator, by_rank, description_of, strength_of
from .poker import best_five_cards, category_name, describe_value, hand_strength

__all__ = [
    "OMAHA_EVALUATOR",
    "OmahaHand",
    "evaluate_omaha",
    "evaluate_omaha_batch",
    "evaluate_omaha_showdown",
    "low_mask_text",
    "low_of",
]

_HOLE_SIZES = (4, 5, 6)


@dataclass(frozen=True)
class OmahaHand:
    """One Omaha hand on a board: its high hand and, for hi-lo, its low."""

    hole: tuple[int, ...]
    board: tuple[int, ...]
    strength: int
    """High value (hold'em scale): bigger is better, equal values tie."""
    category: str
    description: str
    best_five: tuple[int, ...]
    """The high hand: two hole cards and three board cards, most significant first."""
    low: str | None = None
    """Hi-lo: the best qualifying low, e.g. ``"8-6-4-2-A"``; None without one (or high only)."""
    low_five: tuple[int, ...] | None = None
    """Hi-lo: the five cards of the low (two hole cards, three board cards), highest first."""

    @property
    def best_five_text(self) -> str:
        """The high hand's five cards as text."""
        return format_cards(self.best_five, " ")

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON output (``equity eval --game omaha --json``)."""
        record: dict[str, object] = {
            "cards": format_cards(self.hole, " "),
            "board": format_cards(self.board, " "),
            "category": self.category,
            "description": self.description,
            "strength": self.strength,
            "best_five": self.best_five_text,
            "low": self.low,
        }
        if self.low_five is not None:
            record["low_five"] = format_cards(self.low_five, " ")
        return record


def _low_rank(card: int) -> int | None:
    """The card's low rank (ace 1, deuce 2 .. eight 8), None for nines and up."""
    rank = card >> 2
    return 1 if rank == 12 else (rank + 2 if rank <= 6 else None)


def low_of(hole: CardsLike, board: CardsLike) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The best eight-or-better low: ``(ranks high to low, its five cards)``, or None.

    Exactly two hole cards and three board cards of five different ranks,
    eight or lower (ace = 1); the lower highest card wins, then the next.

    Examples
    --------
    >>> low_of("As2h9c9d", "3d4c8hKsKd")[0]
    (8, 4, 3, 2, 1)
    >>> low_of("AsAhKsKh", "2c3c4cTdJd") is None
    True
    """
    h, b = parse_cards(hole), parse_cards(board)
    best: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    for two in itertools.combinations(h, 2):
        for three in itertools.combinations(b, 3):
            five = (*two, *three)
            ranks = [_low_rank(c) for c in five]
            if None in ranks or len(set(ranks)) < 5:
                continue
            key = tuple(sorted((r for r in ranks if r is not None), reverse=True))
            if best is None or key < best[0]:
                order = sorted(five, key=lambda c: _low_rank(c) or 0, reverse=True)
                best = (key, tuple(order))
    return best


def evaluate_omaha(hole: CardsLike, board: CardsLike, *, hilo: bool = False) -> OmahaHand:
    """Evaluate an Omaha hand: 4-6 hole cards on a board of 3-5 cards.

    The high hand is the best of every choice of exactly two hole cards
    and exactly three board cards; with ``hilo`` the low is too (see
    :func:`low_of`).

    Examples
    --------
    >>> evaluate_omaha("AsKsQsJs", "2s3s4h5h6h").description  # two spades on board: no flush
    'Ace high'
    >>> evaluate_omaha("AsKs", "2s3s4h5h6h")
    Traceback (most recent call last):
    ...
    ValueError: an Omaha hand has 4, 5 or 6 hole cards, got 2 ('AsKs')
    """
    h, b = parse_cards(hole), parse_cards(board)
    if len(h) not in _HOLE_SIZES:
        raise ValueError(f"an Omaha hand has 4, 5 or 6 hole cards, got {len(h)} ({hole!r})")
    if len(b) not in (3, 4, 5):
        raise ValueError(f"an Omaha board has 3, 4 or 5 cards, got {len(b)} ({board!r})")
    shared = set(h) & set(b)
    if shared:
        raise ValueError(f"card {format_cards(sorted(shared)[:1])!r} is both held and on the board")
    best, best_cards = -1, np.zeros(5, dtype=np.uint8)
    for two in itertools.combinations(h, 2):
        for three in itertools.combinations(b, 3):
            five = np.asarray((*two, *three), dtype=np.uint8)
            value = hand_strength(five)
            if value > best:
                best, best_cards = value, five
    low = low_of(h, b) if hilo else None
    return OmahaHand(
        hole=tuple(h),
        board=tuple(b),
        strength=best,
        category=category_name(best),
        description=describe_value(best),
        best_five=best_five_cards(best_cards, best),
        low="-".join("A" if r == 1 else str(r) for r in low[0]) if low else None,
        low_five=low[1] if low else None,
    )


def evaluate_omaha_batch(
    holes: npt.ArrayLike, boards: npt.ArrayLike
) -> tuple[np.ndarray, np.ndarray]:
    """High values and low codes of many Omaha hands (the kernels, on all threads).

    Cards are not checked for duplicates within a row (the caller's
    contract); codes must be 0..51 (checked).  A low code is ``256 - mask``
    of the low's ranks (bit 0 = ace .. bit 7 = eight), 0 for none:
    :func:`low_mask_text` spells it.

    Shapes
    ------
    holes : uint8[n, k], k in 4, 5, 6; boards : uint8[n, 5]
    return : high int32[n], low int32[n]

    Examples
    --------
    >>> high, low = evaluate_omaha_batch(
    ...     [parse_cards("As2h9c9d")], [parse_cards("3d4c8hKsKd")]
    ... )
    >>> category_name(high[0]), low_mask_text(int(low[0]))
    ('two pair', '8-4-3-2-A')
    """
    h = np.asarray(holes)
    b = np.asarray(boards)
    if h.ndim != 2 or h.shape[1] not in _HOLE_SIZES:
        raise ValueError(f"holes must have shape (n, 4|5|6), got {h.shape}")
    if b.ndim != 2 or b.shape != (h.shape[0], 5):
        raise ValueError(f"boards must have shape ({h.shape[0]}, 5), got {b.shape}")
    for name, a in (("hole", h), ("board", b)):
        if a.dtype.kind not in "iu":
            raise ValueError(f"{name} card codes must be integers, got dtype {a.dtype}")
        if a.size and (int(a.min()) < 0 or int(a.max()) > 51):
            raise ValueError(f"a {name} card code is not a card (0..51)")
    h = np.require(h, dtype=np.uint8, requirements=["C"])
    b = np.require(b, dtype=np.uint8, requirements=["C"])
    high = np.empty(len(h), dtype=np.int32)
    low = np.empty(len(h), dtype=np.int32)
    warming(_omaha.evaluate_omaha_batch)
    _omaha.evaluate_omaha_batch(h, b, omaha_tables(), high, low)
    return high, low


def evaluate_omaha_showdown(
    holes: npt.ArrayLike, board: npt.ArrayLike
) -> tuple[list[int], list[int]]:
    """High values and low codes of a few Omaha hands on one five-card board (a showdown).

    As :func:`evaluate_omaha_batch`, on one thread: a showdown of a few hands
    does not wait for threads to start (the hand-history replay calls it once
    a hand).  Cards are not checked (the caller's contract: codes 0..51, all
    distinct).

    Examples
    --------
    >>> high, low = evaluate_omaha_showdown(
    ...     [parse_cards("As2h9c9d"), parse_cards("KsKhQsQh")], parse_cards("3d4c8hKdJc")
    ... )
    >>> [category_name(v) for v in high], [low_mask_text(v) for v in low]
    (['pair', 'three of a kind'], ['8-4-3-2-A', None])
    """
    h = np.ascontiguousarray(holes, dtype=np.uint8)
    b = np.empty((len(h), 5), dtype=np.uint8)
    b[:] = board  # the board on every row (a few microseconds less than broadcast_to)
    high = np.empty(len(h), dtype=np.int32)
    low = np.empty(len(h), dtype=np.int32)
    _omaha.evaluate_omaha_rows(h, b, 0, len(h), omaha_tables(), high, low)
    return high.tolist(), low.tolist()


def _evaluate(
    cards: CardsLike, board: CardsLike = "", rules: object = None, *, game: Game | None = None
) -> OmahaHand:
    """The ``"omaha"`` evaluator's ``evaluate``: the hole cards on the board, with the low
    when ``game`` is a hi-lo game."""
    return evaluate_omaha(cards, board, hilo=game is not None and game.hilo)


OMAHA_EVALUATOR = Evaluator(
    name="omaha",
    evaluate=_evaluate,
    compare=by_rank(_evaluate, strength_of),
    rank=strength_of,
    describe=description_of,
    low=low_of,
    needs_board=True,
)
"""The ``"omaha"`` :class:`~equity.evaluators.Evaluator`: two hole cards and three board
cards; ``compare`` orders the high hands, ``low`` is :func:`low_of`.

Examples
--------
>>> OMAHA_EVALUATOR.compare(["AsAhKsKh", "QdQcJdJc"], "Qs7h2c4d5d")
[[1], [0]]
"""
