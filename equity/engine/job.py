"""A job: the user's hands, board and dead cards, validated and turned into arrays.

:func:`prepare_whole_hands` checks everything a user can get wrong in a game
whose hands are dealt whole (cards, counts, conflicts, ranges emptied by card
removal, players a deck cannot serve) and returns a :class:`Job`, the one
description of the deal that the exact and Monte-Carlo paths read.  The
game's facts come from the registry (:mod:`equity.games`); what depends on
its kernel family (the kernels' rules, the exact work) from the job's
:attr:`Job.family` (:mod:`.families`), chosen once by :func:`.prepare.prepare`.

A :class:`Job` and its :class:`Player` s are frozen and complete when built: a
family whose jobs carry more (the stud family: the cards held now, the shared
card, the exact work) builds a subclass of :class:`Job` with those fields
(:class:`.families.stud.StudJob`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from math import comb
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from ..cards import (
    ANY_CARD,
    RANK_NAMES,
    CardsLike,
    card_mask,
    format_card,
    format_cards,
    format_pattern,
    parse_card_pattern,
    parse_cards,
)
from ..games import Game, a_hand_of
from ..kernels.scoring import KIND_FIXED, KIND_RANDOM, KIND_RANGE, NO_ZJH_RULES
from ..lookup import shortdeck as _shortdeck_tables  # noqa: F401  (registers its tables)

if TYPE_CHECKING:
    from .families.base import Family

__all__ = [
    "ASSIGNMENT_WORK",
    "Job",
    "Player",
    "ZjhKernelRules",
    "check_distinct",
    "check_hands",
    "check_house_rules",
    "check_in_deck",
    "prepare_whole_hands",
]

_RANDOM_WORDS = {"random", "*", "?", "??", "xx"}

ASSIGNMENT_WORK = 500
"""Evaluations' worth of the fixed cost of one assignment of hole cards (deck, keys)."""

ZjhKernelRules = tuple[bool, bool, bool, int]
"""Zha Jin Hua rules as the kernels take them: ``(straight_over_flush, suit_tiebreak,
special_235, category_shift)``."""


@dataclass(frozen=True)
class Player:
    """One player of a job: known cards, a range, or a random hand."""

    label: str
    kind: int
    cards: tuple[int, ...] = ()
    combos: np.ndarray | None = None  # uint8[n, n_hole]
    weights: np.ndarray | None = None  # float64[n]
    range_obj: Any = None


def _is_range_like(obj: object) -> bool:
    return hasattr(obj, "combos") and hasattr(obj, "weights")


def _parse_player(spec: object, game: Game) -> Player:
    """Turn one hand spec (cards, 'random', a range string or Range) into a Player."""
    n_hole = game.hole_cards
    if not isinstance(spec, str) and _is_range_like(spec):
        if not (game.ranges or game.patterns):
            raise ValueError(f"ranges are for hold'em games only, not {game.name!r}")
        return Player(label=str(getattr(spec, "text", "range")), kind=KIND_RANGE, range_obj=spec)
    if not isinstance(spec, str):
        try:
            cards = parse_cards(spec)  # type: ignore[arg-type]
        except (TypeError, ValueError) as exc:
            raise ValueError(f"hand {spec!r} is not cards, 'random' or a range") from exc
        spec = format_cards(cards)
    text = spec.strip()
    known = _known_hand(text, n_hole)
    if known is not None:
        return known
    if text.lower() in _RANDOM_WORDS:
        return Player(label="random", kind=KIND_RANDOM)
    try:
        cards = parse_cards(text)
    except ValueError as card_error:
        if game.patterns:
            slots = _omaha_card_pattern(text, n_hole)
            if slots is not None:
                return _pattern_player(slots, game)
            from ..ranges.omaha import parse_omaha_range
            from ..ranges.ppt_grammar import looks_like_ppt

            if _looks_like_cards(text) and "*" not in text and not looks_like_ppt(text):
                raise ValueError(f"hand {text!r}: {card_error}") from None

            return Player(label=text, kind=KIND_RANGE, range_obj=parse_omaha_range(text, n_hole))
        if not game.ranges:
            if _card_pattern(text) is not None:
                raise ValueError(
                    f"hand {text!r}: partly known hands are for hold'em, short deck and Omaha "
                    f"only, not {game.name}"
                ) from None
            raise ValueError(f"hand {text!r}: {card_error}") from None
        from ..ranges import parse_range

        try:
            rng = parse_range(text)
        except ValueError as range_error:
            # Not a range: partly known cards ('A*', 'Ah *', 'A c'), if it reads as them.
            slots = _card_pattern(text)
            if slots is not None:
                return _pattern_player(slots, game)
            # Meant as cards when some of it reads as cards ('AsKz'), else as a range.
            if _looks_like_cards(text):
                raise ValueError(f"hand {text!r}: {card_error}") from None
            raise range_error from None
        return Player(label=text, kind=KIND_RANGE, range_obj=rng)
    if len(cards) != n_hole:
        # Fewer cards than a hand are a pattern only when written so: AsKs** (never AsKs).
        wild = n_hole - len(cards)
        them = "them" if len(cards) > 1 else "it"
        pattern = format_cards(cards) + "*" * wild
        hint = ""
        if game.patterns and wild > 0:
            hint = f" (write {pattern!r} for every hand holding {them})"
        raise ValueError(
            f"hand {text!r} has {len(cards)} card{'s' if len(cards) != 1 else ''}; "
            f"{a_hand_of(game.name)} has {n_hole}{hint}"
        )
    return Player(label=format_cards(cards), kind=KIND_FIXED, cards=tuple(cards))


@lru_cache(maxsize=4096)
def _known_hand(text: str, n_hole: int) -> Player | None:
    """The player holding the ``n_hole`` cards ``text`` names (made once per spelling: a
    player is frozen), or None when ``text`` is anything else (then read as the rest)."""
    if text.lower() in _RANDOM_WORDS:
        return None
    try:
        cards = parse_cards(text)
    except ValueError:
        return None
    if len(cards) != n_hole:
        return None
    return Player(label=format_cards(cards), kind=KIND_FIXED, cards=tuple(cards))


def _card_pattern(text: str) -> tuple[int, ...] | None:
    """The slots of ``text`` read as partly known cards (``A c``), or None if it is not that."""
    try:
        return parse_card_pattern(text)
    except ValueError:
        return None


_OMAHA_SHAPES = re.compile(r"\s(?:ds|ss|r)\s*$", re.IGNORECASE)


def _omaha_card_pattern(text: str, n_hole: int) -> tuple[int, ...] | None:
    """An Omaha hand read as partly known cards: ``n_hole`` slots, one of them a lone suit.

    The Omaha grammar (:mod:`equity.ranges.omaha`) reads everything else
    (``AA**``, ``KQJT ds``); a lone suit (``A c * *``: an ace, a club and any
    two) is the one thing it has no token for, and a trailing suit shape
    (``ds``, ``ss``, ``r``) stays the grammar's.
    """
    if _OMAHA_SHAPES.search(text):
        return None
    slots = _card_pattern(text)
    if slots is None or len(slots) != n_hole:
        return None
    if not any(m != ANY_CARD and bin(m).count("1") == 13 for m in slots):
        return None
    return slots


def _pattern_player(slots: tuple[int, ...], game: Game) -> Player:
    """A player holding partly known cards: every hand that fits them, weight 1 each.

    All ``*`` is a random hand; a pattern of the wrong size is one sentence.
    """
    if len(slots) != game.hole_cards:
        n = len(slots)
        raise ValueError(
            f"hand {format_pattern(slots)!r} has {n} card{'s' if n != 1 else ''}; "
            f"{a_hand_of(game.name)} has {game.hole_cards}"
        )
    if all(m == ANY_CARD for m in slots):
        return Player(label=format_pattern(slots), kind=KIND_RANDOM)
    from ..ranges.patterns import pattern_range

    hand = pattern_range(slots, game.hole_cards, game.deck_mask)
    return Player(label=hand.text, kind=KIND_RANGE, range_obj=hand)


_CARDISH = re.compile(r"(?:10|[1-9TJQKA])[cdhs]|[♠♥♦♣♤♡♢♧]|[黑红梅草方]", re.IGNORECASE)


def _looks_like_cards(text: str) -> bool:
    """Whether ``text`` was meant as cards (``AsKz``, ``1sKs``), not as a range."""
    return not any(ch in text for ch in "+-,@:%") and _CARDISH.match(text.strip()) is not None


def check_distinct(sources: Sequence[tuple[str, Sequence[int]]]) -> None:
    """Raise when a card is used twice among the named sources (hands, board, dead)."""
    seen: dict[int, str] = {}
    for name, cards in sources:
        for c in cards:
            if c in seen:
                where = seen[c] if seen[c] == name else f"{seen[c]} and {name}"
                raise ValueError(f"card {format_card(c)!r} is used twice ({where})")
            seen[c] = name


def check_in_deck(game: Game, sources: Sequence[tuple[str, Sequence[int]]]) -> None:
    """Raise when a known card is not in the game's deck (short deck: sixes to aces)."""
    deck_mask = game.deck_mask
    for name, cards in sources:
        for c in cards:
            if not (deck_mask >> c) & 1:
                low = RANK_NAMES[game.lowest_rank].lower()
                plural = low + ("es" if low.endswith("x") else "s")
                raise ValueError(
                    f"card {format_card(c)!r} ({name}) is not in the {game.name} deck "
                    f"({plural} to aces)"
                )


def check_house_rules(game: Game, rules: Any) -> ZjhKernelRules:
    """Raise unless ``rules`` are None or the game's rules class; the kernels' rules
    tuple of a game whose rules are built into its tables (the defaults)."""
    if rules is not None:
        if game.rules_class is None:
            raise ValueError(f"{game.name} has no house rules (got {rules!r})")
        expected = type(game.make_rules())
        if not isinstance(rules, expected):
            raise ValueError(f"rules of {game.name} must be a {expected.__name__}")
    return NO_ZJH_RULES


def check_hands(hands: Sequence[object], game: Game) -> None:
    """Raise unless ``hands`` is a list of hands, one per player, as many as ``game`` seats."""
    if isinstance(hands, (str, bytes)):
        raise ValueError("hands must be a list of hands, one per player")
    game.check_players(len(hands))


@dataclass(frozen=True)
class Job:
    """A validated deal: players, known cards, the game and its rules, its kernel family."""

    game: Game
    players: list[Player]
    board: list[int]
    dead: list[int]
    fixed_mask: int
    independent: bool
    kernel_rules: ZjhKernelRules
    rules: Any
    family: Family
    """The game's kernel family (:func:`.families.family`): what the engine asks of it."""

    @property
    def n_hole(self) -> int:
        """Hole cards per player."""
        return self.game.hole_cards

    @property
    def board_total(self) -> int:
        """Board cards at showdown."""
        return self.game.board_total

    @property
    def n_players(self) -> int:
        """Players at the table."""
        return len(self.players)

    @cached_property
    def hands_known(self) -> bool:
        """Whether every player's cards are known: one assignment of hole cards."""
        return all(p.kind == KIND_FIXED for p in self.players)

    @property
    def kernel_mask(self) -> int:
        """Cards the kernels never deal: the known cards and those not in the game's deck."""
        return self.fixed_mask | (((1 << 52) - 1) ^ self.game.deck_mask)

    @property
    def tables(self) -> Any:
        """The evaluator tables the family's kernels score the game with under the job's
        rules."""
        return self.family.tables(self.game, self.rules)

    @property
    def live_cards(self) -> list[int]:
        """Cards of the deck that no known card uses, ascending."""
        return [c for c in self.game.deck if not (self.fixed_mask >> c) & 1]

    def boards_per_assignment(self) -> int:
        """Board completions of one assignment of every player's hole cards."""
        used = int(self.fixed_mask).bit_count()
        if not self.independent and not self.hands_known:
            used += self.n_hole * sum(p.kind != KIND_FIXED for p in self.players)
        return comb(self.game.deck_size - used, self.board_total - len(self.board))

    def exact_work(self) -> int:
        """What an exact enumeration costs, in showdown evaluations (an upper bound; the
        family's estimate, :meth:`.families.base.Family.exact_work`)."""
        return self.family.exact_work(self)

    def exact_size(self) -> tuple[int, int]:
        """Upper bound on (assignments, boards) of an exact enumeration."""
        n_assign = 1
        left = self.game.deck_size - (int(self.fixed_mask) & self.game.deck_mask).bit_count()
        for p in self.players:
            if p.kind == KIND_RANGE:
                assert p.combos is not None
                n_assign *= len(p.combos)
                left -= 2
            elif p.kind == KIND_RANDOM:
                pool = self.game.deck_size if self.independent else left
                n_assign *= comb(pool, self.n_hole)
                if not self.independent:
                    left -= self.n_hole
        n_boards = comb(max(left, 0), self.board_total - len(self.board))
        return n_assign, n_boards


def prepare_whole_hands(
    hands: Sequence[object],
    board: object,
    dead: object,
    g: Game,
    rules: Any,
    independent_decks: bool,
    family: Family,
) -> Job:
    """Validate a deal of a game whose hands are dealt whole (every family but the stud
    family's) and describe it as a :class:`Job` (see the module doc)."""
    check_hands(hands, g)
    if independent_decks and not g.independent_decks:
        raise ValueError(f"independent decks are not a dealing mode of {g.name}")
    kernel_rules = family.kernel_rules(g, rules)
    board_cards = parse_cards(cast("CardsLike", board)) if board else []
    dead_cards = parse_cards(cast("CardsLike", dead)) if dead else []
    g.check_board(len(board_cards))
    players = [_parse_player(h, g) for h in hands]
    known = [c for p in players for c in p.cards] + board_cards + dead_cards
    fixed_mask = card_mask(known)
    if independent_decks or fixed_mask.bit_count() != len(known) or fixed_mask & ~g.deck_mask:
        # a card twice or out of the deck (or decks of their own): find it, say where
        fixed = [(f"player {i} {p.label}", p.cards) for i, p in enumerate(players)]
        sources = [*fixed, ("the board", board_cards), ("dead cards", dead_cards)]
        check_in_deck(g, sources)
        if independent_decks:  # each player has a deck of their own
            for name, cards in sources:
                check_distinct([(name, cards)])
        else:
            check_distinct(sources)
    kernel_mask = fixed_mask | (((1 << 52) - 1) ^ g.deck_mask)
    players = _attach_ranges(players, g, kernel_mask)
    job = Job(
        g,
        players,
        board_cards,
        dead_cards,
        fixed_mask,
        independent_decks,
        kernel_rules,
        rules,
        family,
    )
    need = sum(job.n_hole for p in players if p.kind != KIND_FIXED)
    need += job.board_total - len(board_cards)
    left = g.deck_size - fixed_mask.bit_count()
    if not independent_decks and need > left:
        raise ValueError(
            f"{len(players)} players need {need} more cards but only {left} are left in the deck"
        )
    return job


def _attach_ranges(players: list[Player], game: Game, kernel_mask: int) -> list[Player]:
    """Card removal: each range player anew, with the combos that avoid the known cards."""
    out = []
    n_hole = game.hole_cards
    for i, p in enumerate(players):
        if p.kind != KIND_RANGE:
            out.append(p)
            continue
        combos = np.asarray(p.range_obj.combos, dtype=np.uint8)
        combos = combos.reshape(len(combos), -1)
        if combos.shape[1] != n_hole:
            raise ValueError(
                f"range {p.label!r} of player {i} holds {combos.shape[1]}-card hands; "
                f"{a_hand_of(game.name)} has {n_hole}"
            )
        weights = np.asarray(p.range_obj.weights, dtype=np.float64).reshape(-1)
        masks = np.zeros(len(combos), dtype=np.uint64)
        for j in range(n_hole):
            masks |= np.uint64(1) << combos[:, j].astype(np.uint64)
        keep = (masks & np.uint64(kernel_mask)) == 0
        keep &= weights > 0
        if not keep.any():
            raise ValueError(
                f"range {p.label!r} of player {i} has no combo left once the known "
                "cards are removed"
            )
        out.append(replace(p, combos=combos[keep], weights=weights[keep]))
    return out
