"""ProPokerTools (PPT) generic range syntax: ``AA:xxyy``, ``RROO``, ``[A-T][A-T]``, ``15%``.

The syntax PLO players write (FlopHero, PLO Genius, pokerjuice and Odds Oracle
read it), as implemented here::

    range    = term { "," term }                      , is "or"
    term     = unary { (":" | "!") unary }            : is "and", ! is "and not"
    unary    = "!" unary | "(" range ")" | percent | span   (a leading ! is "not")
    percent  = NUMBER "%" [ "-" NUMBER "%" ]          15%   10%-20%
    span     = hand [ "-" hand | "+" ]                AA-TT   KQJT-9876   QQ+
    hand     = card { card }                          at most as many cards as a hand holds
    card     = rank [ suit ] | suit | "$" macro
    rank     = A K Q J T 9 ... 2 | "*" | variable | "[" item { [","] item } "]"
    item     = rank | rank "-" rank | rank "+" | rank "-" | suit | rank suit
    suit     = s h d c | w x y z                      w x y z: suit variables
    variable = any other letter (R, O, N, ...)        rank variables

**A hand** matches when its cards can be given one to one to the written
cards, the cards not written being ``*``: ``AA`` is "at least two aces" (AAAx
too), ``sshh`` two spades and two hearts.  A *suit variable* stands for one
suit: the same letter is the same suit, different letters are different suits,
and none is a suit written out in the same hand (``ssxx``: two spades and two
of one other suit).  A *rank variable* likewise: ``RROO`` is two pairs of
different ranks, ``AARR`` aces and another pair (never four aces).  A bracket
is one card of any of the ranks (or suits, or cards) listed: ``[A-T]`` an ace
to a ten, ``[A,2-5]`` a wheel card, ``[T+]`` a ten or better, ``[9-]`` a nine
or worse, ``[AK]s`` the ace or king of spades; aces are high in a span.

**Spans of hands** shift every rank written out by one step at a time:
``AA-TT`` is ``AA,KK,QQ,JJ,TT``, ``KQJT-9876`` four rundowns, ``QQ+`` is
``QQ,KK,AA`` (until the top rank written reaches the ace).

**Macros** (``$`` and a name, any case).  Cards: ``$R`` broadway ``[A-T]``,
``$B`` big ``[A-J]``, ``$F`` face ``[K-J]``, ``$M`` middle ``[T-7]``, ``$Z``
small ``[6-2]``, ``$L`` low ``[A,2-8]``, ``$N`` no-low ``[K-9]``, ``$W`` wheel
``[A,2-5]``.  Whole hands: ``$ds`` double-suited, ``$ss`` single-suited,
``$rb`` rainbow (the suit shapes of :mod:`equity.ranges.omaha`), ``$np`` no
two cards of a rank.  A whole-hand macro written inside a hand is "and":
``AA$ds`` = ``AA:$ds``.

**Percent** ``15%`` is the top 15 % of hands in the Omaha ranking
(:mod:`equity.ranges.omaha_ranking`), ``10%-20%`` the hands from the top 10 %
to the top 20 %.

Case and whitespace do not matter, except that a trailing word ``ds``, ``ss``
or ``r`` after a space is the suit-shape suffix of the older patterns
(``AA** ds`` = ``AA:$ds``).  Not implemented, each refused with one sentence:
the ``6h`` six-handed rankings, weighted ranges (``@``) and stud card order.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import NoReturn

import numpy as np

from ..cards import RANKS, SUITS

__all__ = ["PPT_SYNTAX", "looks_like_ppt", "ppt_count", "ppt_keys"]

PPT_SYNTAX = (
    "PPT ranges combine hands like AA, RROO, AxAyxy, [A-T][A-T], KK+ and macros $ds $ss $np "
    "$R with , (or), : (and), ! (and not) and parentheses; 15% and 10%-20% are percent ranges"
)
"""The PPT syntax in one line, quoted by every error message."""

RANK_MACROS = {
    "R": "AKQJT",
    "B": "AKQJ",
    "F": "KQJ",
    "M": "T987",
    "Z": "65432",
    "L": "A2345678",
    "N": "KQJT9",
    "W": "A2345",
}
"""Card macros: ``$R`` broadway, ``$B`` big, ``$F`` face, ``$M`` middle, ``$Z`` small,
``$L`` low (eight or better), ``$N`` no-low, ``$W`` wheel; the ranks each allows."""

HAND_MACROS = ("ds", "ss", "rb", "np")
"""Whole-hand macros: double-suited, single-suited, rainbow, no pair."""

_FULL = (1 << 52) - 1
_RANK_BITS = [0xF << (4 * r) for r in range(13)]
_SUIT_BITS = [sum(1 << (4 * r + s) for r in range(13)) for s in range(4)]
_SUIT_VARS = "wxyz"
_CHUNK = 1 << 20


class PptError(ValueError):
    """A PPT range that cannot be read; the message names the bad part."""


@dataclass(frozen=True)
class _Card:
    """One written card: the cards it allows, its variables, what it names outright."""

    allowed: int  # card mask
    rank_var: str = ""
    suit_var: str = ""
    plain_rank: int = -1  # a single rank written out, which no rank variable may take
    plain_suit: int = -1


@dataclass(frozen=True)
class _Hand:
    cards: tuple[_Card, ...]


@dataclass(frozen=True)
class _Shape:
    name: str  # one of HAND_MACROS


@dataclass(frozen=True)
class _Percent:
    low: float
    high: float


@dataclass(frozen=True)
class _Op:
    op: str  # ',' or ':' or '!'
    parts: tuple[object, ...]


_ALL = _Hand(())
_ANY = _Card((1 << 52) - 1)


def _fail(text: str, detail: str) -> NoReturn:
    raise PptError(f"{text!r} is not a PPT range ({detail}); {PPT_SYNTAX}")


# ---------------------------------------------------------------------------
# reading


def _normalise(text: str) -> str:
    s = re.sub(r"\b(random|any)\b", "*", text, flags=re.IGNORECASE)
    suffix = {"ds": ":$ds", "ss": ":$ss", "r": ":$rb"}
    s = re.sub(
        r"\s+(ds|ss|r)(?=\s*(?:$|[,)]))",
        lambda m: suffix[m[1].lower()],
        s,
        flags=re.IGNORECASE,
    )
    s = re.sub(r"10(?!%|\.\d|\d*%)", "T", s)
    return re.sub(r"\s+", "", s)


class _Reader:
    """Recursive descent over the normalised text ``s`` (``text`` is quoted in errors)."""

    def __init__(self, text: str, n_hole: int) -> None:
        self.text, self.n, self.s, self.i = text, n_hole, _normalise(text), 0

    def fail(self, detail: str) -> NoReturn:
        _fail(self.text, detail)

    def peek(self) -> str:
        return self.s[self.i] if self.i < len(self.s) else ""

    def read(self) -> object:
        if not self.s:
            self.fail("it is empty")
        node = self.union()
        if self.i < len(self.s):
            rest = self.s[self.i :]
            if rest[0] == ")":
                self.fail("a ')' closes no '('")
            self.fail(f"{rest!r} cannot follow")
        return node

    def union(self) -> object:
        parts = [self.term()]
        while self.peek() == ",":
            self.i += 1
            parts.append(self.term())
        return parts[0] if len(parts) == 1 else _Op(",", tuple(parts))

    def term(self) -> object:
        node = self.unary()
        while self.peek() in (":", "!") and self.peek():
            op = self.s[self.i]
            self.i += 1
            node = _Op(op, (node, self.unary()))
        return node

    def unary(self) -> object:
        c = self.peek()
        if c == "!":
            self.i += 1
            return _Op("!", (_ALL, self.unary()))
        if c == "(":
            self.i += 1
            node = self.union()
            if self.peek() != ")":
                self.fail("a '(' is not closed")
            self.i += 1
            return node
        if c == "" or c in ",:)":
            self.fail("an operand is missing" + (f" before {self.s[self.i:]!r}" if c else " at the end"))
        m = re.match(r"(\d+(?:\.\d+)?)%(?:-(\d+(?:\.\d+)?)%)?", self.s[self.i :])
        if m:
            self.i += m.end()
            if self.s[self.i : self.i + 2].lower() == "6h":
                self.fail("the six-handed rankings ('6h') are not implemented")
            low, high = (0.0, float(m[1])) if m[2] is None else (float(m[1]), float(m[2]))
            if not 0 <= low < high <= 100:
                self.fail(f"{m[0]!r} is not a share of hands from 0% to 100%, the lower first")
            return _Percent(low, high)
        return self.span()

    def span(self) -> object:
        start = self.i
        first, shapes = self.hand()
        if self.peek() == "+":
            self.i += 1
            hands = _shift_up(first, self.s[start : self.i], self.fail)
        elif self.peek() == "-":
            self.i += 1
            last, more = self.hand()
            shapes += more
            hands = _shift_between(first, last, self.s[start : self.i], self.fail)
        else:
            hands = [first]
        node: object = hands[0] if len(hands) == 1 else _Op(",", tuple(hands))
        for name in dict.fromkeys(shapes):
            node = _Op(":", (node, _Shape(name)))
        return node

    def hand(self) -> tuple[_Hand, list[str]]:
        start, cards, shapes, written = self.i, [], [], 0
        while (c := self.peek()) and c not in ",:!()-+%":
            if c == "$":
                name = self.s[self.i + 1 : self.i + 3]
                if name.lower() in HAND_MACROS:
                    self.i += len(name) + 1
                    shapes.append(name.lower())
                    continue
            card = self.card()
            if card != _ANY:  # a '*' alone adds nothing: unwritten cards are '*'
                cards.append(card)
            written += 1
        if not written and not shapes:
            self.fail(f"{self.s[start:] or 'the end'!r} is not a card")
        if written > self.n:
            self.fail(f"{self.s[start:self.i]!r} names {written} cards, but a hand holds {self.n}")
        return _Hand(tuple(cards)), shapes

    def card(self) -> _Card:
        c = self.peek()
        ranks, plain_rank, rank_var = 0x1FFF, -1, ""
        if c.upper() in RANKS:
            plain_rank = RANKS.index(c.upper())
            ranks = 1 << plain_rank
            self.i += 1
        elif c == "*":
            self.i += 1
        elif c == "[":
            return self.suited(self.bracket(), ranks_only=False)
        elif c == "$":
            m = re.match(r"\$([a-z])", self.s[self.i :], re.IGNORECASE)
            if not m or m[1].upper() not in RANK_MACROS:
                known = ", ".join("$" + k for k in [*RANK_MACROS, *HAND_MACROS])
                self.fail(f"{m[0] if m else '$'!r} is not a macro; the macros are {known}")
            ranks = sum(1 << RANKS.index(r) for r in RANK_MACROS[m[1].upper()])
            self.i += m.end()
        elif c.lower() in SUITS or c.lower() in _SUIT_VARS:
            return self.suited(_FULL, ranks_only=False)
        elif c.isalpha():
            rank_var = c.upper()
            self.i += 1
        elif c == "@":
            self.fail("weighted ranges ('@') are not implemented; every hand has weight 1")
        else:
            self.fail(f"{self.s[self.i:]!r} does not start with a card")
        allowed = sum(_RANK_BITS[r] for r in range(13) if ranks >> r & 1)
        card = self.suited(allowed, ranks_only=True)
        return _Card(card.allowed, rank_var, card.suit_var, plain_rank, card.plain_suit)

    def suited(self, allowed: int, ranks_only: bool) -> _Card:
        """Read an optional suit after a rank (``ranks_only``) or a card that is a suit alone."""
        c = self.peek().lower()
        if not c:
            return _Card(allowed)
        if c in SUITS:
            self.i += 1
            suit = SUITS.index(c)
            return _Card(allowed & _SUIT_BITS[suit], plain_suit=suit)
        if c in _SUIT_VARS:
            self.i += 1
            return _Card(allowed, suit_var=c)
        return _Card(allowed)

    def bracket(self) -> int:
        """Read ``[...]``: the union of the cards its items allow, as a card mask."""
        end = self.s.find("]", self.i)
        if end < 0:
            self.fail("a '[' is not closed")
        body, self.i = self.s[self.i + 1 : end], end + 1
        allowed = 0
        r = "[2-9TJQKA]"
        item_re = re.compile(rf"({r})-({r})|({r})([+-])|({r})([cdhs])|({r})|([cdhs])", re.I)
        pos = 0
        while pos < len(body):
            if body[pos] == ",":
                pos += 1
                continue
            m = item_re.match(body, pos)
            if m is None:
                self.fail(f"{body[pos:]!r} in [{body}] is not a rank, a span, a suit or a card")
            pos = m.end()
            idx = [None if g is None else RANKS.index(g.upper()) for g in (m[1], m[2], m[3], m[5], m[7])]
            if m[1]:
                lo, hi = sorted(idx[:2])  # type: ignore[type-var]
                ranks = range(lo, hi + 1)
            elif m[3]:
                ranks = range(idx[2], 13) if m[4] == "+" else range(0, idx[2] + 1)  # type: ignore[arg-type]
            elif m[5]:
                allowed |= 1 << (4 * idx[3] + SUITS.index(m[6].lower()))  # type: ignore[operator]
                continue
            elif m[7]:
                ranks = range(idx[4], idx[4] + 1)  # type: ignore[arg-type]
            else:
                allowed |= _SUIT_BITS[SUITS.index(m[8].lower())]
                continue
            allowed |= sum(_RANK_BITS[k] for k in ranks)
        if not allowed:
            self.fail("a '[]' lists nothing")
        return allowed


def _shifted(hand: _Hand, step: int) -> _Hand | None:
    """``hand`` with every rank written out moved by ``step`` (None past the ace or deuce)."""
    cards = []
    for c in hand.cards:
        if c.plain_rank < 0:
            cards.append(c)
            continue
        r = c.plain_rank + step
        if not 0 <= r < 13:
            return None
        suits = sum(1 << s for s in range(4) if c.allowed >> (4 * c.plain_rank + s) & 1)
        allowed = sum(1 << (4 * r + s) for s in range(4) if suits >> s & 1)
        cards.append(_Card(allowed, c.rank_var, c.suit_var, r, c.plain_suit))
    return _Hand(tuple(cards))


def _shift_up(hand: _Hand, written: str, fail: object) -> list[_Hand]:
    if not any(c.plain_rank >= 0 for c in hand.cards):
        fail(f"{written!r}: a '+' needs a rank written out to raise")  # type: ignore[operator]
    out, step = [], 0
    while (h := _shifted(hand, step)) is not None:
        out.append(h)
        step += 1
    return out


def _shift_between(first: _Hand, last: _Hand, written: str, fail: object) -> list[_Hand]:
    steps = {
        b.plain_rank - a.plain_rank
        for a, b in zip(first.cards, last.cards, strict=False)
        if a.plain_rank >= 0
    }
    d = steps.pop() if len(steps) == 1 else 0
    if len(first.cards) != len(last.cards) or _shifted(first, d) != last:
        fail(f"{written!r}: the two ends of a span differ by one step in every rank written")  # type: ignore[operator]
    sign = 1 if d >= 0 else -1
    return [h for k in range(0, d + sign, sign) if (h := _shifted(first, k)) is not None]


# ---------------------------------------------------------------------------
# matching


@lru_cache(maxsize=4)
def _lower_sets(k: int) -> np.ndarray:
    """``uint64`` masks of every ``k`` of the cards 0..50, ascending (colex order)."""
    level = [np.zeros(1, dtype=np.uint64)] + [np.zeros(0, dtype=np.uint64)] * k
    for card in range(51):
        bit = np.uint64(1 << card)
        for j in range(k, 0, -1):
            if len(level[j - 1]):
                level[j] = np.concatenate([level[j], level[j - 1] | bit])
    return level[k]


def _universe(n: int, deck: int) -> Iterator[np.ndarray]:
    """Every ``n``-card hand of ``deck`` as ``uint64`` masks, ascending, in chunks."""
    low, c = _lower_sets(n - 1), n - 1
    while c < 52:
        parts, size = [], 0
        while c < 52 and size < _CHUNK:
            parts.append(low[: math.comb(c, n - 1)] | np.uint64(1 << c))
            size += len(parts[-1])
            c += 1
        masks = np.concatenate(parts)
        if deck != _FULL:
            masks = masks[masks & np.uint64(_FULL ^ deck) == 0]
        yield masks


def _rows(masks: np.ndarray, n: int) -> np.ndarray:
    """``uint8[m, n]``: the cards of each mask, highest first."""
    out = np.empty((len(masks), n), dtype=np.uint8)
    rest = masks.copy()
    for j in range(n - 1, -1, -1):
        low = rest & (~rest + np.uint64(1))
        out[:, j] = np.frexp(low.astype(np.float64))[1] - 1  # exact: a power of two
        rest ^= low
    return out


def _count_in(masks: np.ndarray, bits: int) -> np.ndarray:
    return np.bitwise_count(masks & np.uint64(bits))


def _hand_test(hand: _Hand, masks: np.ndarray, n: int) -> np.ndarray:
    """Whether each hand (mask) matches ``hand``: counting first, then card by card."""
    ok = np.ones(len(masks), dtype=bool)
    groups = sorted({c.allowed for c in hand.cards})
    for bits in groups:
        need = sum((c.allowed | bits) == bits for c in hand.cards)
        ok &= _count_in(masks, bits) >= need
    nested = all(a & b in (0, a, b) for a, b in itertools.combinations(groups, 2))
    kinds = {a for c in hand.cards for a in ("rank_var", "suit_var") if getattr(c, a)}
    for attr, bits, plain in (
        ("rank_var", _RANK_BITS, {c.plain_rank for c in hand.cards} - {-1}),
        ("suit_var", _SUIT_BITS, {c.plain_suit for c in hand.cards} - {-1}),
    ):
        names = [getattr(c, attr) for c in hand.cards if getattr(c, attr)]
        sizes = sorted((names.count(v) for v in set(names)), reverse=True)
        if not sizes:
            continue
        # The variables take distinct ranks (suits) not written out: Hall's condition
        # on thresholds, the i-th largest group needing i ranks (suits) that hold it.
        idx = np.flatnonzero(ok)
        held = np.stack([_count_in(masks[idx], b) for j, b in enumerate(bits) if j not in plain], 1)
        for i, size in enumerate(sizes):
            ok[idx] &= (held >= size).sum(axis=1) >= i + 1
        written = sum(bits[j] for j in plain)
        apart = all(
            c.allowed == _FULL if getattr(c, attr) else c.allowed & ~written == 0
            for c in hand.cards
        )
        nested = nested and len(kinds) == 1 and apart
    if nested:
        return ok  # the counts decide: written cards apart from the variables' ranks (suits)
    idx = np.flatnonzero(ok)
    ok[idx] = _assign(hand, _rows(masks[idx], n))
    return ok


@lru_cache(maxsize=64)
def _placements(hand: _Hand, n: int) -> list[tuple[int, ...]]:
    """Positions for the written cards, one to one; equal cards in increasing positions."""
    k = len(hand.cards)
    same = [(i, j) for i, j in itertools.combinations(range(k), 2) if hand.cards[i] == hand.cards[j]]
    return [p for p in itertools.permutations(range(n), k) if all(p[i] < p[j] for i, j in same)]


def _assign(hand: _Hand, rows: np.ndarray) -> np.ndarray:
    """Whether each row's cards can be given to the written cards, variables kept."""
    cards = hand.cards
    allowed = [np.array([c.allowed >> x & 1 for x in range(52)], dtype=bool) for c in cards]
    ranks, suits = rows >> 2, rows & 3
    plain_r = np.zeros(13, dtype=bool)
    plain_s = np.zeros(4, dtype=bool)
    for c in cards:
        if c.plain_rank >= 0:
            plain_r[c.plain_rank] = True
        if c.plain_suit >= 0:
            plain_s[c.plain_suit] = True
    rvars = {v: [i for i, c in enumerate(cards) if c.rank_var == v] for v in {c.rank_var for c in cards} - {""}}
    svars = {v: [i for i, c in enumerate(cards) if c.suit_var == v] for v in {c.suit_var for c in cards} - {""}}
    found = np.zeros(len(rows), dtype=bool)
    for p in _placements(hand, rows.shape[1]):
        ok = np.ones(len(rows), dtype=bool)
        for i in range(len(cards)):
            ok &= allowed[i][rows[:, p[i]]]
        for of, variables, plain in ((ranks, rvars, plain_r), (suits, svars, plain_s)):
            heads = []
            for members in variables.values():
                head = of[:, p[members[0]]]
                for i in members[1:]:
                    ok &= of[:, p[i]] == head
                ok &= ~plain[head]
                heads.append(head)
            for a, b in itertools.combinations(heads, 2):
                ok &= a != b
        found |= ok
    return found


def _shape_test(name: str, masks: np.ndarray) -> np.ndarray:
    if name == "np":
        return np.all([_count_in(masks, b) <= 1 for b in _RANK_BITS], axis=0)
    from .omaha import _shape_ok

    counts = np.stack([_count_in(masks, b) for b in _SUIT_BITS], axis=1)
    return _shape_ok(counts, {"rb": "r"}.get(name, name))


def percent_keys(n_hole: int, low: float, high: float) -> np.ndarray:
    """Sorted ``uint64`` masks of the hands from the top ``low`` % to the top ``high`` %."""
    if n_hole not in (4, 5, 6):
        raise PptError("percent ranges in the PPT syntax are for Omaha; use the hold'em range 15%")
    try:
        from .omaha_ranking import omaha_percent_combos  # type: ignore[import-not-found]
    except ImportError:
        raise PptError(
            "percent ranges for Omaha need the ranking data (equity.ranges.omaha_ranking), "
            "which this installation lacks"
        ) from None
    rows = np.asarray(omaha_percent_combos(n_hole, low, high), dtype=np.uint64)
    return np.sort((np.uint64(1) << rows).sum(axis=1, dtype=np.uint64))


def _test(node: object, masks: np.ndarray, n: int, cache: dict[int, np.ndarray]) -> np.ndarray:
    if isinstance(node, _Hand):
        return _hand_test(node, masks, n) if node.cards else np.ones(len(masks), dtype=bool)
    if isinstance(node, _Shape):
        return _shape_test(node.name, masks)
    if isinstance(node, _Percent):
        if id(node) not in cache:
            cache[id(node)] = percent_keys(n, node.low, node.high)
        keys = cache[id(node)]
        at = np.minimum(np.searchsorted(keys, masks), max(len(keys) - 1, 0))
        return keys[at] == masks if len(keys) else np.zeros(len(masks), dtype=bool)
    assert isinstance(node, _Op)
    first = _test(node.parts[0], masks, n, cache)
    if node.op == ",":
        for part in node.parts[1:]:
            rest = np.flatnonzero(~first)
            first[rest] = _test(part, masks[rest], n, cache)
        return first
    keep = np.flatnonzero(first)  # ':' and '!' test the second part only where the first holds
    second = _test(node.parts[1], masks[keep], n, cache)
    first[keep] = second if node.op == ":" else ~second
    return first


def parse_ppt(text: str, n_hole: int) -> object:
    """Read ``text`` into a tree (raises :class:`PptError` naming the bad part)."""
    return _Reader(text, n_hole).read()


def _matches(text: str, n_hole: int, deck: int, limit: int | None) -> tuple[int, np.ndarray]:
    """(how many hands match, their masks ascending; none kept past ``limit``)."""
    tree = parse_ppt(text, n_hole)
    total, kept, cache = 0, [], {}
    for masks in _universe(n_hole, deck):
        hit = masks[_test(tree, masks, n_hole, cache)]
        total += len(hit)
        if limit is None or total <= limit:
            kept.append(hit)
    return total, np.concatenate(kept) if kept else np.zeros(0, dtype=np.uint64)


def ppt_keys(text: str, n_hole: int, *, deck: int = _FULL, limit: int | None = None) -> np.ndarray:
    """Sorted ``int64`` card masks of the ``n_hole``-card hands of ``deck`` that ``text`` names.

    ``limit``: more hands than this is a :class:`PptError` giving their number.

    Examples
    --------
    >>> len(ppt_keys("AA:xxyy", 4)), len(ppt_keys("RROO", 4)), len(ppt_keys("[A-T]x[A-T]x", 2))
    (150, 2808, 40)
    """
    total, keys = _matches(text, n_hole, deck, limit)
    if limit is not None and total > limit:
        raise PptError(
            f"{text!r} matches {total:,} {n_hole}-card hands, more than {limit:,} "
            "(MAX_PATTERN_HANDS) can list; give the player 'random' or a narrower range"
        )
    if not total:
        raise PptError(f"{text!r} matches no {n_hole}-card hand")
    return keys.astype(np.int64)


def ppt_count(text: str, n_hole: int, *, deck: int = _FULL) -> int:
    """How many ``n_hole``-card hands of ``deck`` ``text`` names, counted without listing.

    Examples
    --------
    >>> ppt_count("JJ!JJJ", 4), ppt_count("$ds", 4), ppt_count("RRON", 4)
    (6768, 36504, 123552)
    """
    return _matches(text, n_hole, deck, 0)[0]


def looks_like_ppt(text: str) -> bool:
    """Whether ``text`` uses something only the PPT syntax has (operators, variables, ...).

    Text the older Omaha patterns read (``AA** ds``, ``akss``) keeps their meaning;
    text they refuse is read as PPT when this is true.
    """
    s = re.sub(r"\b(random|any)\b", " ", text, flags=re.IGNORECASE)
    s = re.sub(r"\s(ds|ss|r)\s*(?=$|,)", " ", s, flags=re.IGNORECASE)
    if re.search(r"[:!()\[\]$%+@-]", s):
        return True
    return bool(re.search(r"[^\W\d_]", re.sub(r"[akqjtcdhs]", "", s, flags=re.IGNORECASE)))
