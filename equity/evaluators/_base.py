"""The interface of a hand evaluator: :class:`Evaluator` and what its operations share.

Plain Python, no numpy: :mod:`equity.evaluators` resolves a name to its evaluator
without loading one, and each game's module builds its own.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..cards import CardsLike
    from ..games import Game

__all__ = [
    "Evaluator",
    "HandRecord",
    "LowHand8",
    "by_rank",
    "description_of",
    "groups_of",
    "joined",
    "strength_of",
]

LowHand8 = tuple[tuple[int, ...], tuple[int, ...]]
"""An eight-or-better low: its ranks high to low (ace = 1) and its five cards, in that
order (what :attr:`Evaluator.low` returns for a hand that has one)."""


class HandRecord(Protocol):
    """What every evaluator's hand record offers (a frozen dataclass of its module:
    :class:`~equity.evaluators.poker.PokerHand`, ``OmahaHand``, ``ZJHHand`` ...)."""

    def to_dict(self) -> dict[str, object]:
        """The hand as plain data (``equity eval --json``)."""
        ...  # pragma: no cover


@dataclass(frozen=True)
class Evaluator:
    """One evaluator of :data:`equity.games.EVALUATORS`: four operations on hands.

    ``evaluate``, ``compare`` and ``low`` read cards as :func:`equity.cards.parse_cards`
    does; ``board`` is the community cards (a game without a board: none), ``rules`` the
    game's rules object (None: the default rules; games without rules ignore it).  An
    evaluator from :func:`equity.evaluators.evaluator` is bound to its game (the ``game``
    keyword of ``evaluate`` and ``compare``): the poker evaluator takes the hand sizes
    the game deals (five-card poker: five cards), and an Omaha hi-lo game's hands carry
    their low.

    Examples
    --------
    >>> from equity.evaluators import evaluator
    >>> zjh = evaluator("zjh")
    >>> hand = zjh.evaluate("AsAdKc")
    >>> zjh.describe(hand), zjh.rank(hand) > zjh.rank(zjh.evaluate("KsKdAc"))
    ('pair of Aces, King kicker', True)
    >>> zjh.compare(["2c3d5h", "AsKdJc", "KsKh3c"])
    [[2], [1], [0]]
    """

    name: str
    """The evaluator's name, one of :data:`equity.games.EVALUATORS`."""
    evaluate: Callable[..., HandRecord]
    """``evaluate(cards, board="", rules=None, *, game=None)``: the record of one hand (a
    :class:`HandRecord`, e.g. a :class:`~equity.evaluators.poker.PokerHand`)."""
    compare: Callable[..., list[list[int]]]
    """``compare(hands, board="", rules=None, *, game=None)``: the hands' indices by place, the
    winners first, tied hands together (each group in input order)."""
    rank: Callable[[Any], Any]
    """``rank(hand)``: a hand record's strength, bigger is better (a sort key; Zha Jin
    Hua's 2-3-5 rule is no order of strengths: :attr:`compare` applies it)."""
    describe: Callable[[Any], str]
    """``describe(hand)``: a hand record in words, e.g. ``"full house, Kings over Fives"``."""
    low: Callable[..., LowHand8 | None] | None = None
    """The hi-lo evaluators' ``low(cards, board="")``: the best eight-or-better low of one
    hand (:data:`LowHand8`), None without one; None for the evaluators without a low."""
    game: Game | None = None
    """The game :func:`~equity.evaluators.evaluator` bound the evaluator to, or None."""
    needs_board: bool = False
    """Whether a hand is made with board cards, so that evaluating it takes a board
    (Omaha: two hole cards and three of the board)."""

    def bound(self, game: Game) -> Evaluator:
        """This evaluator for ``game``: ``evaluate`` and ``compare`` read its hand sizes
        and hi-lo rule (their ``game`` keyword)."""
        unbound = self if self.game is None else _unbound(self)
        return replace(
            unbound,
            evaluate=partial(unbound.evaluate, game=game),
            compare=partial(unbound.compare, game=game),
            game=game,
        )


def _unbound(ev: Evaluator) -> Evaluator:
    evaluate, compare = ev.evaluate, ev.compare
    assert isinstance(evaluate, partial)
    assert isinstance(compare, partial)
    return replace(ev, evaluate=evaluate.func, compare=compare.func, game=None)


def groups_of(keys: Sequence[Hashable]) -> list[list[int]]:
    """Indices of ``keys`` grouped by equal key, biggest key first, each group in input order.

    Examples
    --------
    >>> groups_of([3, 7, 3, 1])
    [[1], [0, 2], [3]]
    """
    by_key: dict[Any, list[int]] = {}
    for i, key in enumerate(keys):
        by_key.setdefault(key, []).append(i)
    return [by_key[k] for k in sorted(by_key, reverse=True)]


def strength_of(hand: Any) -> int:
    """A hand record's ``strength``: the :attr:`Evaluator.rank` of most evaluators."""
    return int(hand.strength)


def description_of(hand: Any) -> str:
    """A hand record's ``description``: the :attr:`Evaluator.describe` of most evaluators."""
    return str(hand.description)


def by_rank(
    evaluate: Callable[..., Any], rank: Callable[[Any], Any]
) -> Callable[..., list[list[int]]]:
    """A ``compare`` that evaluates each hand and groups them by :attr:`Evaluator.rank`
    (hands may share cards: each is evaluated on its own, as when players share a board)."""

    def compare(
        hands: Sequence[CardsLike], board: CardsLike = "", rules: Any = None, *, game: Any = None
    ) -> list[list[int]]:
        return groups_of([rank(evaluate(h, board, rules, game=game)) for h in hands])

    return compare


def joined(cards: CardsLike, board: CardsLike) -> CardsLike:
    """A hand's cards and the board as one hand (text stays text, for error messages).

    Examples
    --------
    >>> joined("AsKs", "2c3d4h"), joined("AsKs", ""), joined([51, 47], [0])
    ('AsKs 2c3d4h', 'AsKs', [51, 47, 0])
    >>> joined([51, 47], "")
    [51, 47]
    """
    if isinstance(board, str) and not board.strip():
        return cards
    if isinstance(cards, str) and isinstance(board, str):
        return f"{cards} {board}".strip()
    from ..cards import parse_cards

    on_board = parse_cards(board)
    return [*parse_cards(cards), *on_board] if on_board else cards
