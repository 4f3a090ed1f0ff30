"""The declaration of a game: :class:`Game` and its :class:`RuleOption` (:mod:`equity.games`)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

__all__ = ["KERNEL_OMAHA", "KERNEL_TABLE", "KERNEL_ZJH", "Game", "RuleOption"]

KERNEL_TABLE = 0
"""Kernel family of games scored by the five-to-seven-card evaluator (``kernels.holdem``):
five-card poker, hold'em and short deck (each with its own value table)."""
KERNEL_ZJH = 1
"""Kernel family of Zha Jin Hua, scored by ``kernels.zjh``."""
KERNEL_OMAHA = 2
"""Kernel family of Omaha (two hole cards and three board cards), ``kernels.omaha``."""


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
    """Kernel family: :data:`KERNEL_TABLE`, :data:`KERNEL_ZJH` or :data:`KERNEL_OMAHA`."""
    exact_counts: str | None
    """``"module:function"`` giving the exact category counts of one dealt hand (None when
    no closed form is known: the frequencies are then Monte-Carlo only)."""
    ranges: bool = False
    """Whether hold'em starting-hand ranges (``QQ+,AKs``) apply."""
    rules: tuple[RuleOption, ...] = ()
    """House rules, all off by default."""
    rules_class: str | None = None
    """``"module:callable"`` making the rules object from the rule flags (keywords)."""
    lowest_rank: int = 0
    """Rank code of the deck's lowest cards (0 = deuces; short deck: 4 = sixes)."""
    subsets: dict[str, str] = field(default_factory=dict)
    """Extra frequency rows that count part of a category (row -> category)."""
    hilo: bool = False
    """Whether the pot splits between the best high hand and the best eight-or-better low."""
    patterns: bool = False
    """Whether Omaha hand patterns (``AA**``, ``KQJT ds``) apply."""
    tables: str | None = None
    """``"module:function"`` giving the evaluator tables for a rules object (None: hold'em's)."""
    rule_text: str = ""
    """The game's rules in a few sentences, for the docs and ``--help``."""

    @property
    def deck(self) -> tuple[int, ...]:
        """Card codes of the deck, ascending."""
        return tuple(range(4 * self.lowest_rank, 52))

    @property
    def deck_size(self) -> int:
        """Cards in the deck."""
        return 52 - 4 * self.lowest_rank

    @property
    def deck_mask(self) -> int:
        """The deck as a card mask."""
        return ((1 << 52) - 1) ^ ((1 << (4 * self.lowest_rank)) - 1)

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
        if self.exact_counts is None:
            raise ValueError(f"no closed-form category counts for {self.name}")
        counts: dict[str, int] = _load(self.exact_counts)()
        return counts

    def evaluator_tables(self, rules: Any = None) -> Any:
        """The kernel tables of this game under ``rules`` (hold'em's unless :attr:`tables`)."""
        if self.tables is None:
            return _load("equity.lookup:holdem_tables")()
        return _load(self.tables)(rules)

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
