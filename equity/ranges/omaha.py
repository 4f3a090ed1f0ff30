"""Omaha starting-hand patterns: ``AA**``, ``AsKs**``, ``KQJT ds``, for 4, 5 and 6 hole cards.

:func:`parse_omaha_range` reads a comma-separated list of *items* into an
:class:`OmahaRange`, the set of ``n_hole``-card hands that match any item::

    AA**   AA          at least two aces (missing tokens are '*': AA = AA** in PLO4)
    AsKs**  Ah***      the ace and king of spades and any two; the ace of hearts and any three
    KQJT   AAKK        a card of each rank named (a rank named twice: two of it)
    AA** ds  T9** ss   with a suit shape: double-suited, single-suited ...
    **** r             ... or rainbow
    random  any  *     every hand (only 4-card Omaha is small enough to list)

A token is a rank (``2``-``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``, ``A``), a card
(rank and suit ``c``, ``d``, ``h``, ``s``: ``As``) or ``*``.  Case and whitespace do
not matter (``AK ss`` = ``akSS``), so ``AKs`` is an ace and the *king of spades*.

**Matching.**  A hand matches an item when its cards can be given one to one
to the tokens: a rank token takes any card of its rank, a card token that very
card, ``*`` any card at all, a card of a rank named elsewhere too.  So ``AA**``
holds AAAx and AAAA: it means "at least two aces".  A list is the union of its
items, each hand once, weight 1.

**Suit shapes.**  Count how many of the hand's cards each suit holds.

* ``ds`` (double-suited): exactly two suits hold exactly two cards, and no suit
  holds three or more.  PLO4 2-2, PLO5 2-2-1, PLO6 2-2-1-1.
* ``ss`` (single-suited): exactly one suit holds exactly two cards, and no suit
  holds three or more.  PLO4 2-1-1, PLO5 2-1-1-1; no 6-card hand is single-suited.
* ``r`` (rainbow): no two cards share a suit.  PLO4 1-1-1-1 only.

Of the 270,725 PLO4 hands 36,504 are ``ds``, 158,184 ``ss`` and 28,561 ``r``.
A suffix no hand of the size can have, and an item no hand matches
(``AsKsQs* ds``), are errors.

**PPT syntax.**  Text these patterns refuse is read in the ProPokerTools
syntax when it uses anything only that syntax has (``AA:xxyy``, ``RROO``,
``[A-T][A-T]``, ``$ds``; :mod:`~equity.ranges.ppt_grammar`); text they read
keeps its meaning here (``akss`` is AK single-suited).

**Size.**  A pattern may list at most :data:`MAX_PATTERN_HANDS` hands; a
broader one is a :class:`ValueError` that gives its exact size (counted without
listing, as :func:`count_omaha_hands` does) and points to ``random``.  Listing
starts from the fixed cards, picks suits for the named ranks and fills the
``*`` from the other cards, so a narrow pattern costs only its own hands.

**Order.**  ``combos`` rows hold their cards highest code first, and rows run in
decreasing lexicographic order, as :class:`~equity.ranges.Range` does.  A
malformed item is a :class:`ValueError` that quotes the item, its 1-based
position and the whole text.

Examples
--------
>>> r = parse_omaha_range("AA** ds", 4)
>>> r
OmahaRange('AA** ds', 4)
>>> print(r)
AA** ds: 864 of 270,725 4-card Omaha hands
>>> r.combos[:2]
array([[51, 50, 47, 46],
       [51, 50, 47, 42]], dtype=uint8)
>>> len(parse_omaha_range("AAKK", 4)), len(parse_omaha_range("AA", 5))
(36, 108336)
>>> count_omaha_hands("random ds", 6)
6169176
"""

from __future__ import annotations

import itertools
import math
import re
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NoReturn

import numpy as np

from ..cards import CARD_NAMES, RANK_NAMES, RANKS, parse_cards

__all__ = [
    "MAX_PATTERN_HANDS",
    "OMAHA_PATTERN_SYNTAX",
    "OmahaRange",
    "cards_of_masks",
    "count_omaha_hands",
    "parse_omaha_range",
]

MAX_PATTERN_HANDS = 1_500_000
"""The most hands a pattern may list.

Room for all 270,725 PLO4 hands and for PLO6 "at least two aces" (1,237,792),
the broadest PLO6 pattern in common use; few enough to list in about a second
and ~20 MB (a ``uint8`` row of cards and an ``int64`` key per hand).  All
2,598,960 PLO5 or 20,358,520 PLO6 hands are refused: ``random`` deals a random
player without a list, and a pattern this broad is close to ``random`` anyway."""

OMAHA_PATTERN_SYNTAX = (
    "items look like AA**, AsKs**, KQJT, A*** ds, T9** ss, **** r or random, separated by commas"
)
"""The pattern syntax in one line, quoted by every malformed-item message."""

_SHAPES = {"ds": "double-suited", "ss": "single-suited", "r": "rainbow"}
_RANK = r"(?:10|[2-9TJQKA])"
_TOKEN_RE = re.compile(rf"(?P<rank>{_RANK})(?P<suit>[CDHS])?|\*", re.IGNORECASE)
_ITEM_RE = re.compile(
    rf"(?:(?P<any>random|any)|(?P<tokens>(?:{_RANK}[CDHS]?|\*)*))(?P<shape>DS|SS|R)?",
    re.IGNORECASE,
)
_POP = [bin(s).count("1") for s in range(16)]
_INC = [sum(((s >> j) & 1) << (3 * j) for j in range(4)) for s in range(16)]
"""A set of suits ``s`` (bit = suit) adds ``_INC[s]`` to a base-8 code of suit counts."""


class _ItemError(ValueError):
    """An item is malformed; the message says why (filled into the full error)."""


@dataclass(frozen=True)
class _Item:
    """One parsed item: exact cards, rank tokens per rank, wildcards, suit shape."""

    fixed: tuple[int, ...]
    ranks: tuple[int, ...]  # 13 counts of rank tokens
    wild: int  # '*' tokens, padding included
    shape: str  # '', 'ds', 'ss' or 'r'

    def least(self, rank: int) -> tuple[int, int]:
        """(suits the hand must hold at ``rank``, as bits; fewest cards it holds there)."""
        need = sum(1 << (c & 3) for c in self.fixed if c >> 2 == rank)
        return need, self.ranks[rank] + _POP[need]

    def choices(self) -> Iterator[list[tuple[list[int], int]]]:
        """Disjoint blocks of matching hands (before the suit shape), as (cards, how many).

        Each block takes the fixed cards, exactly ``k >= m`` cards of every rank
        named ``m`` times, and the rest from the cards of ranks not named.
        """
        named = [r for r in range(13) if self.ranks[r]]
        free = {r: [4 * r + s for s in range(4) if 4 * r + s not in self.fixed] for r in named}
        pool = [c for c in range(52) if c not in self.fixed and not self.ranks[c >> 2]]
        spans = [range(len(free[r]) - self.ranks[r] + 1) for r in named]
        for extra in itertools.product(*spans):
            if sum(extra) <= self.wild:
                picks = [(free[r], self.ranks[r] + e) for r, e in zip(named, extra, strict=True)]
                yield [*picks, (pool, self.wild - sum(extra))]

    def raw_count(self) -> int:
        """Hands matching the tokens, suit shape aside (closed form)."""
        return sum(math.prod(math.comb(len(c), k) for c, k in b) for b in self.choices())


def _shape_ok(counts: np.ndarray, shape: str) -> np.ndarray:
    """Whether suit counts ``[..., 4]`` have the suit ``shape`` ('' = any)."""
    pairs = (counts == 2).sum(axis=-1)
    small = (counts <= 2).all(axis=-1)
    if shape == "ds":
        return np.asarray(small & (pairs == 2))
    if shape == "ss":
        return np.asarray(small & (pairs == 1))
    if shape == "r":
        return np.asarray((counts <= 1).all(axis=-1))
    return np.ones(counts.shape[:-1], dtype=bool)


def _parse_item(item: str, n_hole: int) -> _Item:
    """Read one item (whitespace removed) of an ``n_hole``-card pattern."""
    if not item:
        raise _ItemError("it is empty")
    m = _ITEM_RE.fullmatch(item)
    if m is None:
        pos = 0
        while (t := _TOKEN_RE.match(item, pos)) is not None:
            pos = t.end()
        bad = re.match(r"[a-z]+|.", item[pos:], re.IGNORECASE)
        word = bad[0] if bad else item
        _fail(f"{word!r} is not a rank, a card such as 'As', '*' or a suit shape ds, ss, r")
    tokens = [] if m["any"] else list(_TOKEN_RE.finditer(m["tokens"]))
    if len(tokens) > n_hole:
        _fail(f"it names {len(tokens)} cards, but a hand holds {n_hole}")
    fixed: list[int] = []
    ranks = [0] * 13
    for t in tokens:
        if t["suit"]:
            card = parse_cards(t[0])[0]
            if card in fixed:
                _fail(f"it names {CARD_NAMES[card]} twice")
            fixed.append(card)
        elif t["rank"]:
            ranks[8 if t["rank"] == "10" else RANKS.index(t["rank"].upper())] += 1
    for r in range(13):
        if (many := ranks[r] + sum(c >> 2 == r for c in fixed)) > 4:
            name = RANK_NAMES[r] + ("es" if RANK_NAMES[r].endswith("x") else "s")
            _fail(f"it names {many} {name.lower()}, but a deck has four")
    shape = (m["shape"] or "").lower()
    if shape and not _shape_ok(_suit_counts(n_hole), shape).any():
        _fail(f"no {n_hole}-card hand is {_SHAPES[shape]} ({shape!r})")
    wild = n_hole - len(fixed) - sum(ranks)
    return _Item(tuple(sorted(fixed)), tuple(ranks), wild, shape)


def _fail(detail: str) -> NoReturn:
    raise _ItemError(detail)


@lru_cache(maxsize=8)
def _suit_counts(n: int) -> np.ndarray:
    """Every way ``n`` cards can fall into four suits, ``int[m, 4]``."""
    return np.array([c for c in itertools.product(range(n + 1), repeat=4) if sum(c) == n])


def _parse_items(text: str, n_hole: int) -> list[tuple[int, str, _Item]]:
    """(position, item as written, parsed item) for each item of ``text``."""
    if not isinstance(text, str):
        raise TypeError(f"an Omaha pattern is a string, not {type(text).__name__}")
    if not isinstance(n_hole, (int, np.integer)) or n_hole not in (4, 5, 6):
        raise ValueError(f"Omaha hands hold 4, 5 or 6 cards, not {n_hole!r}")
    if not text.strip():
        raise ValueError("the Omaha pattern is empty; " + OMAHA_PATTERN_SYNTAX)
    items = []
    for pos, raw in enumerate(text.split(","), start=1):
        try:
            items.append((pos, raw.strip(), _parse_item("".join(raw.split()), n_hole)))
        except _ItemError as err:
            raise _item_error(text, pos, raw.strip(), str(err)) from None
    return items


def _item_error(text: str, pos: int, raw: str, detail: str) -> ValueError:
    return ValueError(
        f"item {pos} {raw!r} of {text!r} is not an Omaha hand pattern ({detail}); "
        + OMAHA_PATTERN_SYNTAX
    )


def _no_hand(text: str, pos: int, raw: str, item: _Item) -> ValueError:
    return _item_error(text, pos, raw, f"no hand matching its cards is {_SHAPES[item.shape]}")


def _meets(least: tuple[int, int], suits: int) -> bool:
    """Whether holding ``suits`` (bits) at a rank meets ``least`` = (suits needed, fewest)."""
    return least[0] & ~suits == 0 and _POP[suits] >= least[1]


def _count(items: Sequence[_Item], n: int) -> int:
    """How many ``n``-card hands match any of ``items``, without listing them.

    Runs over the ranks, keeping for each (suit counts so far, cards so far,
    items still possible) the number of partial hands.  Items that can no
    longer be met drop out; items with nothing left to meet merge by shape.
    """
    k = len(items)
    least = [[it.least(r) for r in range(13)] for it in items]
    states: dict[tuple[int, int, int], int] = {(0, 0, (1 << k) - 1): 1}
    for r in range(13):
        ok = [sum(1 << i for i in range(k) if _meets(least[i][r], s)) for s in range(16)]
        later = [sum(q for _, q in least[i][r + 1 :]) for i in range(k)]
        viable = [sum(1 << i for i in range(k) if later[i] <= n - t) for t in range(n + 1)]
        merge: dict[str, int] = {}
        for i in range(k):
            if later[i] == 0:
                merge[items[i].shape] = merge.get(items[i].shape, 0) | 1 << i
        new: dict[tuple[int, int, int], int] = defaultdict(int)
        for (code, t, alive), num in states.items():
            for s in range(16):
                if t + _POP[s] > n or not (a := alive & ok[s] & viable[t + _POP[s]]):
                    continue
                for group in merge.values():
                    if a & group:
                        a = a & ~group | (group & -group)
                new[code + _INC[s], t + _POP[s], a] += num
        states = new
    total = 0
    for (code, t, alive), num in states.items():
        counts = np.array([(code >> (3 * j)) & 7 for j in range(4)])
        if t == n and any(alive >> i & 1 and _shape_ok(counts, items[i].shape) for i in range(k)):
            total += num
    return total


@lru_cache(maxsize=8)
def _combinations(n: int, k: int) -> np.ndarray:
    """``uint8[C(n, k), k]``: every ``k`` of ``range(n)``, in lexicographic order."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.uint8)
    flat = itertools.chain.from_iterable(itertools.combinations(range(n), k))
    return np.fromiter(flat, dtype=np.uint8, count=math.comb(n, k) * k).reshape(-1, k)


def _masks(item: _Item) -> np.ndarray:
    """Card masks (``int64``, bit ``card`` set) of the hands matching ``item``, each once."""
    parts = [np.zeros(0, dtype=np.int64)]
    for block in item.choices():
        rows = np.array([item.fixed], dtype=np.uint8).reshape(1, -1)
        for cards, k in block:
            pick = np.asarray(cards, dtype=np.uint8)[_combinations(len(cards), k)]
            rows = np.hstack([np.repeat(rows, len(pick), axis=0), np.tile(pick, (len(rows), 1))])
        suits = rows & 3
        counts = np.stack([(suits == s).sum(axis=1) for s in range(4)], axis=1)
        rows = rows[_shape_ok(counts, item.shape)]
        parts.append((np.int64(1) << rows.astype(np.int64)).sum(axis=1))
    return np.concatenate(parts)


def cards_of_masks(masks: np.ndarray, n: int) -> np.ndarray:
    """``uint8[m, n]``: the cards of ``n``-card ``masks`` (card sets), highest first."""
    out = np.empty((len(masks), n), dtype=np.uint8)
    rest = masks.astype(np.int64)
    for j in range(n - 1, -1, -1):
        low = rest & -rest
        out[:, j] = np.frexp(low.astype(np.float64))[1] - 1  # exact: a power of two
        rest ^= low
    return out


def _legacy_or_ppt(text: str, n_hole: int) -> list[tuple[int, str, _Item]] | None:
    """The items of an older pattern, or None for text in the PPT syntax (:mod:`.ppt`).

    Text the older patterns read keeps their meaning (``akss``: AK single-suited);
    text they refuse is PPT when it uses anything only PPT has (``AA:xxyy``, ``RROO``).
    """
    try:
        return _parse_items(text, n_hole)
    except ValueError:
        from .ppt_grammar import looks_like_ppt

        if looks_like_ppt(text):
            return None
        raise


def _ppt_keys(text: str, n_hole: int) -> np.ndarray:
    from .ppt import ppt_keys

    return ppt_keys(text, n_hole, limit=MAX_PATTERN_HANDS)


def _item_keys(text: str, n_hole: int, items: list[tuple[int, str, _Item]]) -> np.ndarray:
    """Sorted card masks (``int64``) of the hands matching any of the older items."""
    if sum(it.raw_count() for _, _, it in items) > MAX_PATTERN_HANDS:
        total = _count([it for _, _, it in items], n_hole)
        if total > MAX_PATTERN_HANDS:
            raise ValueError(
                f"{text!r} matches {total:,} {n_hole}-card Omaha hands, more than "
                f"MAX_PATTERN_HANDS = {MAX_PATTERN_HANDS:,} can list; give the player "
                "'random' (dealt at random without a list) or a narrower pattern"
            )
    keys = np.zeros(0, dtype=np.int64)
    for pos, raw, item in items:
        found = _masks(item)
        if not len(found):
            raise _no_hand(text, pos, raw, item)
        keys = np.sort(np.concatenate([keys, found]))  # deduplicated as it goes
        keys = keys[np.r_[True, keys[1:] != keys[:-1]]]
    return keys


class OmahaRange:
    """The Omaha hands of ``n_hole`` cards that a pattern names (immutable).

    Shapes
    ------
    combos : uint8[n, n_hole], each row highest card first, rows in decreasing order
    weights : float64[n], all 1.0

    Examples
    --------
    >>> r = OmahaRange("AsKs**, AAKK", 4)
    >>> len(r), "AsKsQhJd" in r, "AhAdKhKd" in r, "AhKhQhJh" in r
    (1252, True, True, False)
    """

    __slots__ = ("_combos", "_keys", "_n_hole", "_text", "_weights")

    _combos: np.ndarray
    _keys: np.ndarray
    _n_hole: int
    _text: str
    _weights: np.ndarray

    def __init__(self, text: str, n_hole: int) -> None:
        items = _legacy_or_ppt(text, n_hole)
        n_hole = int(n_hole)
        keys = _ppt_keys(text, n_hole) if items is None else _item_keys(text, n_hole, items)
        # Comparing masks compares the hands' cards, highest first: the top card
        # where two hands differ decides both orders.
        combos = cards_of_masks(keys[::-1], n_hole)
        weights = np.ones(len(keys))
        for name, value in (("_combos", combos), ("_keys", keys), ("_weights", weights)):
            value.flags.writeable = False
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_text", text)
        object.__setattr__(self, "_n_hole", n_hole)

    def __setattr__(self, name: str, value: object) -> None:
        """Refuse: an Omaha range is immutable."""
        raise AttributeError(f"OmahaRange is immutable; cannot set {name!r}")

    @property
    def text(self) -> str:
        """The pattern as given."""
        return self._text

    @property
    def n_hole(self) -> int:
        """Cards in a hand: 4, 5 or 6."""
        return self._n_hole

    @property
    def combos(self) -> np.ndarray:
        """``uint8[n, n_hole]``: the hands, highest card first, rows decreasing (read-only)."""
        return self._combos

    @property
    def weights(self) -> np.ndarray:
        """``float64[n]``: the weight of each hand, all 1.0 (read-only)."""
        return self._weights

    def __len__(self) -> int:
        """Return the number of hands."""
        return len(self._keys)

    def __contains__(self, hand: object) -> bool:
        """Whether a hand (``"AsKsQhJd"`` or card codes) is in the range."""
        try:
            cards = set(parse_cards(hand))  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return False
        if len(cards) != self._n_hole:
            return False
        key = sum(1 << c for c in cards)
        i = int(np.searchsorted(self._keys, key))
        return i < len(self._keys) and int(self._keys[i]) == key

    def __eq__(self, other: object) -> bool:
        """Compare the hands (not the text)."""
        if not isinstance(other, OmahaRange):
            return NotImplemented
        return self._n_hole == other._n_hole and bool(np.array_equal(self._keys, other._keys))

    def __hash__(self) -> int:
        """Hash the hands, consistently with ``==``."""
        return hash((self._n_hole, self._keys.tobytes()))

    def __repr__(self) -> str:
        """Return ``OmahaRange('<text>', n_hole)``, which evaluates to an equal range."""
        return f"OmahaRange({self._text!r}, {self._n_hole})"

    def describe(self) -> str:
        """Return the text and the number of hands, e.g. ``AA** ds: 864 of 270,725 ...``."""
        total = math.comb(52, self._n_hole)
        return f"{self._text}: {len(self):,} of {total:,} {self._n_hole}-card Omaha hands"

    __str__ = describe


def parse_omaha_range(text: str, n_hole: int) -> OmahaRange:
    """Parse an Omaha pattern such as ``"AA** ds, KQJT"`` for ``n_hole`` = 4, 5 or 6 cards.

    See :mod:`equity.ranges.omaha` for the syntax.

    Examples
    --------
    >>> len(parse_omaha_range("A***", 4)), len(parse_omaha_range("AA**,KK**", 4))
    (76145, 13886)
    >>> parse_omaha_range("AA**, AsAs", 4)
    Traceback (most recent call last):
    ...
    ValueError: item 2 'AsAs' of 'AA**, AsAs' is not an Omaha hand pattern (it names As twice); items look like AA**, AsKs**, KQJT, A*** ds, T9** ss, **** r or random, separated by commas
    """  # noqa: E501
    return OmahaRange(text, n_hole)


def count_omaha_hands(text: str, n_hole: int) -> int:
    """How many ``n_hole``-card hands ``text`` matches, counted without listing them.

    Works for any size (``random`` too) and raises the errors of
    :func:`parse_omaha_range` for malformed items.

    Examples
    --------
    >>> count_omaha_hands("AA**", 4), count_omaha_hands("AA", 6), count_omaha_hands("*", 6)
    (6961, 1237792, 20358520)
    """
    items = _legacy_or_ppt(text, n_hole)
    if items is None:
        from .ppt import ppt_count

        return ppt_count(text, int(n_hole))
    for pos, raw, item in items:
        if item.shape and not _count([item], n_hole):
            raise _no_hand(text, pos, raw, item)
    return _count([it for _, _, it in items], n_hole)
