"""A deck of cards to shuffle and deal from, one card at a time.

:class:`Deck` is the familiar object model (build a deck, shuffle it, deal
hands, burn a card) for scripts; the batched deals of the package are
:func:`equity.analysis.deals.deal`.  A shuffle draws from the package's
seeded streams (:func:`equity.kernels.rng.batch_seeds`, xoroshiro128+), so
the same seed gives the same order on every machine: a full 52-card deck
shuffled with seed ``s`` is in the order of the first row of
:func:`equity.kernels.deal.shuffle_batch` for ``batch_seeds(s, 1)``.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from ..cards import format_cards
from ..checks import check_count, check_seed, fresh_seed
from ..games import game as get_game
from ..kernels.deal import shuffle_cards
from ..kernels.rng import batch_seeds

__all__ = ["Deck"]


class Deck:
    """A deck of cards, top card first: 52 cards, or the deck of ``game`` (short deck: 36).

    A new deck is in order (``2c 2d 2h 2s 3c ... As``); :meth:`shuffle`
    mixes the cards left, :meth:`deal` takes cards from the top,
    :meth:`burn` discards them face down.

    Examples
    --------
    >>> deck = Deck().shuffle(seed=1)
    >>> hand = deck.deal(2)
    >>> len(hand), len(deck)
    (4, 50)
    >>> deck.burn()
    >>> len(deck), len(deck.burned), len(deck.dealt)
    (49, 1, 2)
    >>> Deck().shuffle(seed=1).deal(5) == Deck().shuffle(seed=1).deal(5)
    True
    >>> Deck("shortdeck").deal(5)
    '6c6d6h6s7c'
    """

    def __init__(self, game: str = "holdem") -> None:
        self.game = get_game(game).name
        """The game whose deck this is."""
        self._cards = np.array(get_game(game).deck, dtype=np.uint8)
        self._top = 0
        self.dealt: list[int] = []
        """Cards dealt so far, in order."""
        self.burned: list[int] = []
        """Cards burned so far, in order."""
        self.seed: int | None = None
        """Seed of the last shuffle (None before any)."""

    @property
    def cards(self) -> tuple[int, ...]:
        """The cards left, top first (card codes, see :mod:`equity.cards`)."""
        return tuple(int(c) for c in self._cards[self._top :])

    @property
    def cards_left(self) -> int:
        """How many cards are left."""
        return len(self._cards) - self._top

    def __len__(self) -> int:
        return self.cards_left

    def __iter__(self) -> Iterator[int]:
        return iter(self.cards)

    def shuffle(self, seed: int | None = None) -> Deck:
        """Shuffle the cards left (Fisher-Yates) from the stream of ``seed``; return the deck.

        Without a seed one is drawn and kept in :attr:`seed`, so a shuffle
        can always be repeated.
        """
        checked = check_seed(seed)
        self.seed = fresh_seed() if checked is None else checked
        left = np.ascontiguousarray(self._cards[self._top :])
        shuffle_cards(batch_seeds(self.seed, 1)[0], left)
        self._cards[self._top :] = left
        return self

    def _take(self, n: object) -> list[int]:
        count = check_count(n, "the number of cards")
        if count > self.cards_left:
            raise ValueError(f"cannot deal {count} cards: only {self.cards_left} are left")
        taken = [int(c) for c in self._cards[self._top : self._top + count]]
        self._top += count
        return taken

    def deal(self, n: int = 1) -> str:
        """Take ``n`` cards from the top; return them as text (``"AsKd"``), as every API takes."""
        cards = self._take(n)
        self.dealt.extend(cards)
        return format_cards(cards)

    def burn(self, n: int = 1) -> None:
        """Discard ``n`` cards from the top, face down (kept in :attr:`burned`)."""
        self.burned.extend(self._take(n))

    def __repr__(self) -> str:
        return f"Deck({self.game}, {self.cards_left} cards left: {format_cards(self.cards)})"
