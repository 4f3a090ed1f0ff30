"""Slow, obviously correct exact equity by enumeration, in plain Python.

The oracle for :func:`equity.calculate` with ``method="exact"``.
Nothing here comes from :mod:`equity.engine` or the kernels: hands are
compared with the reference evaluators :mod:`reference` (best five of the
hole cards plus the board) and :mod:`reference_zjh` (Zha Jin Hua with its
house rules), every deal is enumerated with :func:`itertools.combinations`,
and the result is tallied in the engine's convention::

    counts[p][k]  (k >= 1) = deals in which player p shares the best hand
                              with exactly k players in all (k = 1: sole win)

with ``counts[p][0] == 0`` and ``total`` the number of deals.  Random
players are dealt every combination of the cards left, in player order
(players are distinguishable, so an assignment is an ordered tuple of
hands), and then every completion of the board; each (assignment, board)
pair is one equally likely deal.

Also here: the 169 preflop hand classes (:func:`class_combos`) and the one
parser of Irving and d'Eon's published exact preflop table,
``tests/data/preflop_exact_169x169.txt`` (:func:`read_irving_deon`).
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType

import reference as ref
import reference_zjh as refz

HOLE_CARDS = {"holdem": 2, "five": 5, "zjh": 3}
RANKS = "23456789TJQKA"

DATA = Path(__file__).resolve().parent / "data"
"""Public data the tests compare with (``tests/data``, origin and licence in its README)."""
IRVING_DEON = DATA / "preflop_exact_169x169.txt"
"""Irving & d'Eon's exact heads-up preflop table: 14,365 class matchups."""


@dataclass(frozen=True)
class Tally:
    """Exact outcome counts: ``counts[p][k]`` as in the module doc, over ``total`` deals."""

    counts: list[list[int]]
    total: int


# ---------------------------------------------------------------------------
# who wins one showdown


def _best(keys: Sequence[tuple[int, ...]], eligible: Sequence[int]) -> list[int]:
    """The eligible players whose key is the largest."""
    top = max(keys[p] for p in eligible)
    return [p for p in eligible if keys[p] == top]


@functools.lru_cache(maxsize=1 << 18)
def _best_key(cards: tuple[int, ...]) -> tuple[int, ...]:
    return ref.best_key(cards)


def holdem_winners(holes: Sequence[Sequence[int]], board: Sequence[int]) -> list[int]:
    """Players holding the best five of their hole cards plus the board."""
    keys = [_best_key(tuple(sorted([*hole, *board]))) for hole in holes]
    return _best(keys, range(len(holes)))


def five_card_winners(holes: Sequence[Sequence[int]]) -> list[int]:
    """Players holding the best five-card hand."""
    keys = [ref.five_card_key(hole) for hole in holes]
    return _best(keys, range(len(holes)))


@functools.cache
def _zjh_facts(
    hand: tuple[int, ...], order: str, suit_tiebreak: bool
) -> tuple[tuple[int, ...], bool, bool]:
    """(sort key, is off-suit 2-3-5, is a bomb) of a sorted three-card hand."""
    key = refz.sort_key(list(hand), order=order, suit_tiebreak=suit_tiebreak)
    return key, refz.is_special_235(list(hand)), refz.category(list(hand)) == "bomb"


def zjh_winners(
    holes: Sequence[Sequence[int]],
    *,
    special_235: bool = False,
    suit_tiebreak: bool = False,
    order: str = "zjh",
) -> list[int]:
    """Players who share the pot of one Zha Jin Hua showdown.

    The ordinary ranking is :func:`reference_zjh.sort_key`.  With
    ``special_235`` an off-suit 2-3-5 beats a bomb and nothing else, so in a
    showdown of several hands the 2-3-5 hands win only when every other hand
    is a bomb (and at least one is); they then split by their ordinary
    strength.  Otherwise a 2-3-5 is an ordinary Five-high hand.
    """
    facts = [_zjh_facts(tuple(sorted(h)), order, suit_tiebreak) for h in holes]
    keys = [f[0] for f in facts]
    eligible: Sequence[int] = range(len(holes))
    if special_235:
        specials = [p for p, f in enumerate(facts) if f[1]]
        bombs = [p for p, f in enumerate(facts) if f[2]]
        if specials and bombs and len(specials) + len(bombs) == len(holes):
            eligible = specials
    return _best(keys, eligible)


# ---------------------------------------------------------------------------
# enumeration


def enumerate_equity(
    hands: Sequence[Sequence[int] | None],
    board: Sequence[int] = (),
    dead: Sequence[int] = (),
    *,
    game: str = "holdem",
    special_235: bool = False,
    suit_tiebreak: bool = False,
    order: str = "zjh",
    independent_decks: bool = False,
) -> Tally:
    """Exact counts over every deal of the random players and the board.

    ``hands[p]`` is a list of card codes, or ``None`` for a random player.
    Hold'em completes ``board`` to five cards; five-card poker and Zha Jin
    Hua have no board.  With ``independent_decks`` (Zha Jin Hua) each random
    player gets every hand of a full 52-card deck, whatever the others hold.
    """
    n = len(hands)
    n_hole = HOLE_CARDS[game]
    known = [c for h in hands if h is not None for c in h] + [*board, *dead]
    if not independent_decks:
        assert len(set(known)) == len(known), "a card is given twice"
    if game != "holdem":
        assert not board, f"{game} has no board"
    for h in hands:
        assert h is None or len(h) == n_hole
    counts = [[0] * (n + 1) for _ in range(n)]
    total = 0

    def score(winners: list[int]) -> None:
        nonlocal total
        total += 1
        for p in winners:
            counts[p][len(winners)] += 1

    def showdown(holes: list[list[int]], used: frozenset[int]) -> None:
        if game == "holdem":
            rest = [c for c in range(52) if c not in used]
            for extra in itertools.combinations(rest, 5 - len(board)):
                score(holdem_winners(holes, [*board, *extra]))
        elif game == "five":
            score(five_card_winners(holes))
        else:
            score(
                zjh_winners(
                    holes, special_235=special_235, suit_tiebreak=suit_tiebreak, order=order
                )
            )

    def deal(p: int, holes: list[list[int]], used: frozenset[int]) -> None:
        if p == n:
            showdown(holes, used)
            return
        hand = hands[p]
        if hand is not None:
            deal(p + 1, [*holes, list(hand)], used)
            return
        pool = range(52) if independent_decks else [c for c in range(52) if c not in used]
        for combo in itertools.combinations(pool, n_hole):
            deal(p + 1, [*holes, list(combo)], used if independent_decks else used | set(combo))

    deal(0, [], frozenset(known))
    return Tally(counts, total)


def zjh_compare(
    a: Sequence[int],
    b: Sequence[int],
    *,
    special_235: bool = False,
    suit_tiebreak: bool = False,
    order: str = "zjh",
) -> int:
    """:func:`reference_zjh.compare` (+1, 0 or -1) with each hand's facts memoized.

    The heads-up 2-3-5 rule: an off-suit 2-3-5 beats a bomb, and only a bomb;
    otherwise the ordinary ranking decides.
    """
    key_a, special_a, bomb_a = _zjh_facts(tuple(sorted(a)), order, suit_tiebreak)
    key_b, special_b, bomb_b = _zjh_facts(tuple(sorted(b)), order, suit_tiebreak)
    if special_235 and special_a and bomb_b:
        return 1
    if special_235 and special_b and bomb_a:
        return -1
    return (key_a > key_b) - (key_a < key_b)


def zjh_heads_up(
    hero: Sequence[int],
    *,
    special_235: bool = False,
    suit_tiebreak: bool = False,
    order: str = "zjh",
    independent_decks: bool = False,
) -> Tally:
    """A fixed Zha Jin Hua hand against every opponent hand, by :func:`zjh_compare`.

    The opponent holds each of the C(49, 3) = 18,424 hands of the cards left,
    or with ``independent_decks`` each of the C(52, 3) = 22,100 hands of a
    full deck (which may share cards with the hero).  Independent of
    :func:`zjh_winners` (the multi-way policy).
    """
    hero = list(hero)
    pool = range(52) if independent_decks else [c for c in range(52) if c not in hero]
    counts = [[0, 0, 0], [0, 0, 0]]
    total = 0
    for opp in itertools.combinations(pool, 3):
        total += 1
        sign = zjh_compare(
            hero, opp, special_235=special_235, order=order, suit_tiebreak=suit_tiebreak
        )
        if sign > 0:
            counts[0][1] += 1
        elif sign < 0:
            counts[1][1] += 1
        else:
            counts[0][2] += 1
            counts[1][2] += 1
    return Tally(counts, total)


# ---------------------------------------------------------------------------
# preflop classes and the published table


def class_combos(label: str) -> list[tuple[int, int]]:
    """The hole-card combos of a class: ``"AA"`` (6), ``"AKs"`` (4) or ``"AKo"`` (12)."""
    hi, lo = RANKS.index(label[0]), RANKS.index(label[1])
    if hi == lo:
        assert len(label) == 2, label
        return [(4 * hi + a, 4 * hi + b) for a, b in itertools.combinations(range(4), 2)]
    assert len(label) == 3, label
    assert label[2] in "so", label
    suited = label[2] == "s"
    return [(4 * hi + a, 4 * lo + b) for a in range(4) for b in range(4) if (a == b) == suited]


def class_pairs(a: str, b: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Every non-conflicting (combo of ``a``, combo of ``b``): equally likely deals."""
    return [(x, y) for x in class_combos(a) for y in class_combos(b) if not set(x) & set(y)]


_ENTRY = re.compile(
    r"^(\S+) vs\. (\S+):\n"
    r"\s+Alice: +(\d+)/(\d+) = \S+\n"
    r"\s+Bob: +(\d+)/(\d+) = \S+\n"
    r"\s+Tie: +(\d+)/(\d+) = \S+$",
    re.MULTILINE,
)
Counts = tuple[int, int, int, int]
"""``(alice_wins, bob_wins, ties, denominator)`` of one matchup."""
PreflopTable = Mapping[tuple[str, str], Counts]


@functools.cache
def read_irving_deon(path: Path = IRVING_DEON) -> PreflopTable:
    """``{(alice, bob): (alice_wins, bob_wins, ties, denominator)}``, every matchup once.

    Each matchup appears in one orientation only (see
    :func:`matchup_probabilities`).  Raises FileNotFoundError when the file
    is missing and ValueError unless it holds exactly the 14,365 matchups of
    the 169 classes, each consistent.
    """
    if not path.is_file():
        raise FileNotFoundError(f"Irving and d'Eon's preflop table is missing: {path}")
    text = path.read_text(encoding="utf-8")
    out: dict[tuple[str, str], Counts] = {}
    for m in _ENTRY.finditer(text):
        a, b, aw, d1, bw, d2, tie, d3 = m.groups()
        if not (d1 == d2 == d3 and int(aw) + int(bw) + int(tie) == int(d1)):
            raise ValueError(f"inconsistent entry in {path}: {m.group(0)!r}")
        if (a, b) in out or (b, a) in out:
            raise ValueError(f"{a} vs. {b} appears twice in {path}")
        out[a, b] = (int(aw), int(bw), int(tie), int(d1))
    classes = {label for pair in out for label in pair}
    if len(out) != 169 * 170 // 2 or len(classes) != 169 or text.count(" vs. ") != len(out):
        raise ValueError(f"{path} does not hold the 14,365 matchups of the 169 classes")
    return MappingProxyType(out)  # read once, shared: read-only


def matchup_probabilities(
    table: PreflopTable, a: str, b: str
) -> tuple[Fraction, Fraction, Fraction]:
    """Exact (P(a wins), P(b wins), P(tie)) from the table, whichever way round it lists them."""
    if (a, b) in table:
        aw, bw, tie, den = table[a, b]
    else:
        bw, aw, tie, den = table[b, a]
    return Fraction(aw, den), Fraction(bw, den), Fraction(tie, den)
