"""The declaration of a game: :class:`Game` and its :class:`RuleOption` (:mod:`equity.games`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

__all__ = [
    "EVALUATORS",
    "KERNEL_OMAHA",
    "KERNEL_STUD",
    "KERNEL_TABLE",
    "KERNEL_ZJH",
    "Game",
    "RuleOption",
    "register_exact_counts",
    "register_tables",
]

KERNEL_TABLE = 0
"""Kernel family of games scored by the five-to-seven-card evaluator (``kernels.holdem``):
five-card poker, hold'em and short deck (each with its own value table)."""
KERNEL_ZJH = 1
"""Kernel family of Zha Jin Hua, scored by ``kernels.zjh``."""
KERNEL_OMAHA = 2
"""Kernel family of Omaha (two hole cards and three board cards), ``kernels.omaha``."""

KERNEL_STUD = 3
"""Kernel family of the games of private hands completed from the deck, no board: the
stud games and the single-draw games (``kernels.stud``)."""

RANKING_HIGH = "high"
RANKING_ACE_FIVE = "ace-five low"
RANKING_DEUCE_SEVEN = "deuce-seven low"
RANKING_BADUGI = "badugi"
RANKINGS = (RANKING_HIGH, RANKING_ACE_FIVE, RANKING_DEUCE_SEVEN, RANKING_BADUGI)
"""How a game of the stud family ranks hands (:attr:`Game.ranking`): the best five-card
high hand, the best ace-to-five low (razz), the lowest deuce-to-seven hand (aces high,
straights and flushes count) or badugi."""

EVALUATORS = ("poker", "shortdeck", "omaha", "zjh", "razz", "deuce-seven", "badugi", "stud8")
"""The hand evaluators a game may name as its :attr:`Game.evaluator`: ``"poker"``
(:mod:`equity.evaluators.poker`, best five of five to seven cards), ``"shortdeck"``
(:mod:`equity.evaluators.shortdeck`, under the game's rules), ``"omaha"``
(:mod:`equity.evaluators.omaha`, two hole cards and three of the board; a low with
:attr:`Game.hilo`), ``"zjh"`` (:mod:`equity.evaluators.zjh`, three cards under the game's
rules), and the low and split games of :mod:`equity.evaluators.lowball`: ``"razz"``
(ace-to-five low of five to seven cards), ``"deuce-seven"`` (five cards), ``"badugi"``
(four cards) and ``"stud8"`` (the high hand and the eight-or-better low of five to seven
cards).  :func:`equity.evaluators.evaluator` resolves a game's name to its
:class:`~equity.evaluators.Evaluator` (the registry stores the name only)."""


@dataclass(frozen=True)
class RuleOption:
    """A yes/no house rule of a game: the keyword of its rules object and its flag."""

    name: str
    """Field of the game's rules object, e.g. ``"special_235"``."""
    flag: str
    """Command-line flag, e.g. ``"--special-235"``."""
    help: str
    """One line for ``--help``."""
    text: str = ""
    """The rule in full, for the game's rules page (``equity rules GAME``); empty when
    :attr:`help` says it all."""


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
    """Kernel family: :data:`KERNEL_TABLE`, :data:`KERNEL_ZJH`, :data:`KERNEL_OMAHA` or
    :data:`KERNEL_STUD`."""
    exact_odds: bool
    """Whether exact category counts of one dealt hand are known (closed forms or a
    counting enumeration): the module computing them registers them with
    :func:`register_exact_counts`.  False: the frequencies are Monte-Carlo only."""
    ranges: bool = False
    """Whether hold'em starting-hand ranges (``QQ+,AKs``) apply."""
    rules: tuple[RuleOption, ...] = ()
    """House rules, all off by default."""
    rules_class: Any = None
    """The class of the game's rules object (a frozen dataclass of this package, with a
    ``from_flags`` constructor taking the rule flags as keywords); None without rules."""
    lowest_rank: int = 0
    """Rank code of the deck's lowest cards (0 = deuces; short deck: 4 = sixes)."""
    subsets: dict[str, str] = field(default_factory=dict)
    """Extra frequency rows that count part of a category (row -> category)."""
    hilo: bool = False
    """Whether the pot splits between the best high hand and the best eight-or-better low."""
    preflop_table: bool = False
    """Whether the shipped table of every heads-up preflop matchup answers two known hands
    with no board (:mod:`equity.engine.preflop_lookup`; hold'em only)."""
    patterns: bool = False
    """Whether Omaha hand patterns (``AA**``, ``KQJT ds``) apply."""
    tables: str = "holdem"
    """Name of the evaluator table set (registered by the module building it with
    :func:`register_tables`): ``"holdem"`` or ``"shortdeck"``."""
    rule_text: str = ""
    """The game's rules in a few sentences (how a hand is made, what is special): the
    rules page (``equity rules GAME``), the docs and the reports quote it."""
    independent_decks: bool = False
    """Whether each player may be dealt from a deck of their own (``--independent-decks``)."""
    evaluator: str = "poker"
    """Which of :data:`EVALUATORS` scores one hand (``equity eval``, ``equity compare``)."""
    two_boards: bool = False
    """Deals two boards from one deck on request (``equity.double_board``, ``--boards 2``):
    hold'em and the Omaha games whose board starts empty."""

    short_hands: str = ""
    """How a hand of fewer than :attr:`hole_cards` cards reads: ``""`` (an error: the
    hole cards are dealt at once), ``"stud"`` (the cards so far, in dealing order, the
    same number at every seat; the rest are dealt) or ``"draw"`` (the cards a player
    keeps; the draw deals the rest, seat by seat)."""
    ranking: str = RANKING_HIGH
    """How the stud family's kernels rank hands: one of :data:`RANKINGS` (with
    :attr:`hilo`: the high hand and the eight-or-better low)."""
    min_cards: int = 0
    """Fewest known cards a hand of a stud game may show (a street); 0 for the others."""

    no_board: str = ""
    """Why a known board of no card is not a spot of this game, and which game it is (the
    error of an empty board, one sentence); empty when the board may be empty.  Courchevel
    turns its first board card up before the betting: with none known, the spot is
    five-card Omaha."""

    # -- the rules page (``equity rules GAME``): with rule_text, rules and categories --
    rule_notes: tuple[str, ...] = ()
    """Further paragraphs of the rules page after :attr:`rule_text` (hi-lo: the order of
    the lows)."""

    @property
    def deck(self) -> tuple[int, ...]:
        """Card codes of the deck, ascending."""
        return tuple(range(4 * self.lowest_rank, 52))

    @cached_property
    def deck_size(self) -> int:
        """Cards in the deck."""
        return 52 - 4 * self.lowest_rank

    @cached_property
    def deck_mask(self) -> int:
        """The deck as a card mask."""
        return ((1 << 52) - 1) ^ ((1 << (4 * self.lowest_rank)) - 1)

    @cached_property
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

    # What the layers above ask of a game's kernel family, answered here once (issue 22):
    # no module outside games/, kernels/ and the engine's kernel dispatch compares
    # ``kernel`` with a ``KERNEL_*`` code (tests/test_architecture.py checks it).

    @property
    def scored_by_tables(self) -> bool:
        """Whether hands are scored with the evaluator tables named :attr:`tables`
        (five-card poker, hold'em, short deck); the game's rules, if any, are built
        into those tables."""
        return self.kernel == KERNEL_TABLE

    @property
    def omaha(self) -> bool:
        """Whether a hand is exactly two hole cards and three board cards (the Omaha rule)."""
        return self.kernel == KERNEL_OMAHA

    @property
    def stud_family(self) -> bool:
        """Whether hands are private, with no board, and completed from the deck (the
        stud and single-draw games): hands may be short (:attr:`short_hands`)."""
        return self.kernel == KERNEL_STUD

    @property
    def low_ranked(self) -> bool:
        """Whether a stud-family game ranks lows (a low game, or the low half of hi-lo):
        its kernels then take the low tables (:mod:`equity.lookup.lowball`)."""
        return self.stud_family and (self.ranking != RANKING_HIGH or self.hilo)

    @property
    def rules_as_flags(self) -> bool:
        """Whether the kernels take the game's rules as flags (Zha Jin Hua's kernel rules
        tuple) rather than built into its tables."""
        return self.kernel == KERNEL_ZJH

    @property
    def showdown_categories(self) -> bool:
        """Whether the engine counts the category each player shows down with
        (``calculate(..., categories=True)``); not for Omaha and the stud family."""
        return not self.omaha and not self.stud_family

    def category_counts(self, **options: Any) -> dict[str, int]:
        """Exact count of each category over all :attr:`hands_dealt` hands.

        ``options`` (``cards``, ``rules``) go to the registered counting function
        (:func:`equity.evaluators.odds.category_counts` checks them and imports every one).
        """
        if not self.exact_odds:
            raise ValueError(f"no closed-form category counts for {self.name}")
        counts: dict[str, int] = _registered(_EXACT_COUNTS, self.name, "exact counts")(**options)
        return counts

    def evaluator_tables(self, rules: Any = None) -> Any:
        """The kernel tables of this game under ``rules`` (the set named :attr:`tables`)."""
        return _registered(_TABLES, self.tables, "evaluator tables")(rules)

    def make_rules(self, **flags: bool) -> Any:
        """The rules object of ``flags`` (None for a game without house rules)."""
        if self.rules_class is None:
            if any(flags.values()):
                raise ValueError(f"{self.name} has no house rules")
            return None
        return self.rules_class.from_flags(**flags)

    def check_players(self, n: int) -> None:
        """Raise ``ValueError`` unless ``n`` players can play."""
        lo, hi = self.players
        if not lo <= n <= hi:
            raise ValueError(f"{self.name} takes {lo} to {hi} players, got {n}")

    def check_board(self, n: int) -> None:
        """Raise ``ValueError`` unless a known board of ``n`` cards is allowed."""
        if not self.has_board and n:
            raise ValueError(f"{self.name} has no board")
        if n == 0 and self.no_board:
            raise ValueError(self.no_board)
        if n not in self.board_sizes:
            sizes = ", ".join(map(str, self.board_sizes[:-1])) + f" or {self.board_sizes[-1]}"
            raise ValueError(f"a {self.name} board has {sizes} cards, got {n}")


_EXACT_COUNTS: dict[str, Callable[..., dict[str, int]]] = {}
"""Game name -> its exact category counts (keywords ``cards``, ``rules``)."""
_TABLES: dict[str, Callable[[Any], Any]] = {}
"""Table-set name -> the evaluator tables of a rules object (None: the default rules)."""


def register_exact_counts(game: str, counts: Callable[..., dict[str, int]]) -> None:
    """Record ``counts`` as the exact category counts of ``game`` (a hook from above).

    The module computing them calls this when imported: the registry names no
    module above it; :mod:`equity.evaluators.odds` imports every counting module.
    """
    _EXACT_COUNTS[game] = counts


def register_tables(name: str, tables: Callable[[Any], Any]) -> None:
    """Record ``tables`` (rules -> evaluator tables) as the table set ``name``.

    Called by :mod:`equity.lookup` (``"holdem"``) and :mod:`equity.lookup.shortdeck`
    (``"shortdeck"``) when imported; the engine imports both.
    """
    _TABLES[name] = tables


def _registered(hooks: dict[str, Any], name: str, what: str) -> Any:
    try:
        return hooks[name]
    except KeyError:
        raise LookupError(
            f"the {what} of {name} are not registered: import the module that computes "
            "them (equity.evaluators.odds imports every count, equity.engine every table set)"
        ) from None
