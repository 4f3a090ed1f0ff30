"""The declaration of a game: :class:`Game` and its :class:`RuleOption` (:mod:`equity.games`)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

__all__ = ["KERNEL_TABLE", "KERNEL_ZJH", "Game", "RuleOption"]

KERNEL_TABLE = 0
"""Kernel family of games scored by the five-to-seven-card evaluator (``kernels.holdem``)."""
KERNEL_ZJH = 1
"""Kernel family of Zha Jin Hua, scored by ``kernels.zjh``."""


@dataclass(frozen=True)
class RuleOption:
    """A yes/no house rule of a game: the keyword of its rules object and its flag."""

    name: str
    """Field of the game's rules object, e.g. ``"special_235"``."""
    flag: str
    """Command-line flag, e.g. ``"--special-235"``."""
    help: str
    """One line for ``--help``."""


@dataclass(frozen=True)
class Game:
    """What the rest of the package needs to know about one game."""

    name: str
    """Registry key and ``--game`` value, e.g. ``"holdem"``."""
    title: str
    """Heading for reports, e.g. ``"Texas Hold'em (best 5 of 7)"``."""
    summary: str
    """A few words for ``--help``."""
    hole_cards: int
    """Cards each player holds."""
    board_sizes: tuple[int, ...]
    """Board cards that may be known (``(0,)``: no board)."""
    players: tuple[int, int]
    """Least and most players."""
    categories: tuple[str, ...]
    """Category names, strongest first (under the default rules)."""
    hand_sizes: tuple[int, ...]
    """Cards a single hand is evaluated from (``equity eval``)."""
    kernel: int
    """Kernel family: :data:`KERNEL_TABLE` or :data:`KERNEL_ZJH`."""
    exact_counts: str
    """``"module:function"`` giving the exact category counts of one dealt hand."""
    ranges: bool = False
    """Whether hold'em starting-hand ranges (``QQ+,AKs``) apply."""
    rules: tuple[RuleOption, ...] = ()
    """House rules, all off by default."""
    rules_class: str | None = None
    """``"module:callable"`` making the rules object from the rule flags (keywords)."""
    deck_size: int = 52
    """Cards in the deck."""
    subsets: dict[str, str] = field(default_factory=dict)
    """Extra frequency rows that count part of a category (row -> category)."""

    @property
    def board_total(self) -> int:
        """Board cards at showdown."""
        return max(self.board_sizes)

    @property
    def frequency_cards(self) -> int:
        """Cards in one dealt hand for the category frequencies (hole cards and board)."""
        return max(self.hand_sizes)

    @property
    def has_board(self) -> bool:
        """Whether the game has community cards."""
        return self.board_total > 0

    @property
    def hands_dealt(self) -> int:
        """Distinct hands of :attr:`frequency_cards` cards: C(deck, cards)."""
        from math import comb

        return comb(self.deck_size, self.frequency_cards)

    def category_counts(self) -> dict[str, int]:
        """Exact count of each category over all :attr:`hands_dealt` hands (closed forms)."""
        counts: dict[str, int] = _load(self.exact_counts)()
        return counts

    def make_rules(self, **flags: bool) -> Any:
        """The rules object of ``flags`` (None for a game without house rules)."""
        if self.rules_class is None:
            if any(flags.values()):
                raise ValueError(f"{self.name} has no house rules")
            return None
        return _load(self.rules_class)(**flags)

    def check_players(self, n: int) -> None:
        """Raise ``ValueError`` unless ``n`` players can play."""
        lo, hi = self.players
        if not lo <= n <= hi:
            raise ValueError(f"{self.name} takes {lo} to {hi} players, got {n}")

    def check_board(self, n: int) -> None:
        """Raise ``ValueError`` unless a known board of ``n`` cards is allowed."""
        if not self.has_board and n:
            raise ValueError(f"{self.name} has no board")
        if n not in self.board_sizes:
            sizes = ", ".join(map(str, self.board_sizes[:-1])) + f" or {self.board_sizes[-1]}"
            raise ValueError(f"a {self.name} board has {sizes} cards, got {n}")


def _load(spec: str) -> Any:
    """The object named ``"module:attribute.path"``, imported on first use."""
    module, attribute = spec.split(":")
    found: Any = importlib.import_module(module)
    for name in attribute.split("."):
        found = getattr(found, name)
    return found
