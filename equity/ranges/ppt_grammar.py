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

import re
from dataclasses import dataclass
from typing import NoReturn

from ..cards import RANKS, SUITS

__all__ = [
    "ALL_HANDS",
    "FULL_DECK",
    "HAND_MACROS",
    "PPT_GRAMMAR",
    "PPT_SYNTAX",
    "RANK_BITS",
    "RANK_MACROS",
    "SUIT_BITS",
    "CardSpec",
    "Combine",
    "HandSpec",
    "PercentSpec",
    "PptError",
    "ShapeSpec",
    "looks_like_ppt",
    "parse_ppt",
]

PPT_SYNTAX = (
    "PPT ranges combine hands like AA, RROO, AxAyxy, [A-T][A-T], KK+ and macros $ds $ss $np "
    "$R with , (or), : (and), ! (and not) and parentheses; 15% and 10%-20% are percent ranges"
)
"""The PPT syntax in one line, quoted by every error message."""

PPT_GRAMMAR = """\
range    = term { "," term }                   , or
term     = unary { (":" | "!") unary }         : and, ! and not (left to right)
unary    = "!" unary | "(" range ")" | percent | span
percent  = NUMBER "%" [ "-" NUMBER "%" ]       15%  10%-20%
span     = hand [ "-" hand | "+" ]             AA-TT  KQJT-9876  QQ+
hand     = card { card }                       unwritten cards are *: AA = AA**
card     = rank [ suit ] | suit | "$" macro
rank     = A K Q J T 9-2 | * | letter | "[" item { [","] item } "]"
item     = rank | rank "-" rank | rank "+" | rank "-" | suit | rank suit
suit     = s h d c | w x y z                   w x y z: suit variables
letter   = any other letter: a rank variable (R, O, N ...)
macros   = $R [A-T]  $B [A-J]  $F [K-J]  $M [T-7]  $Z [6-2]  $L [A,2-8]
           $N [K-9]  $W [A,2-5]  (cards); $ds $ss $rb $np (whole hands)"""
"""The PPT grammar as implemented, EBNF-ish (``equity rules omaha`` and the docs show it)."""

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

FULL_DECK = (1 << 52) - 1
"""The card mask of the 52-card deck."""
RANK_BITS = [0xF << (4 * r) for r in range(13)]
"""The card mask of each rank."""
SUIT_BITS = [sum(1 << (4 * r + s) for r in range(13)) for s in range(4)]
"""The card mask of each suit."""
_SUIT_VARS = "wxyz"


class PptError(ValueError):
    """A PPT range that cannot be read; the message names the bad part."""


@dataclass(frozen=True)
class CardSpec:
    """One written card: the cards it allows, its variables, what it names outright."""

    allowed: int  # card mask
    rank_var: str = ""
    suit_var: str = ""
    plain_rank: int = -1  # a single rank written out, which no rank variable may take
    plain_suit: int = -1


@dataclass(frozen=True)
class HandSpec:
    cards: tuple[CardSpec, ...]


@dataclass(frozen=True)
class ShapeSpec:
    name: str  # one of HAND_MACROS


@dataclass(frozen=True)
class PercentSpec:
    low: float
    high: float


@dataclass(frozen=True)
class Combine:
    op: str  # ',' or ':' or '!'
    parts: tuple[object, ...]


ALL_HANDS = HandSpec(())
"""The hand with nothing written: every hand."""
_ANY = CardSpec((1 << 52) - 1)


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
        return parts[0] if len(parts) == 1 else Combine(",", tuple(parts))

    def term(self) -> object:
        node = self.unary()
        while self.peek() in (":", "!") and self.peek():
            op = self.s[self.i]
            self.i += 1
            node = Combine(op, (node, self.unary()))
        return node

    def unary(self) -> object:
        c = self.peek()
        if c == "!":
            self.i += 1
            return Combine("!", (ALL_HANDS, self.unary()))
        if c == "(":
            self.i += 1
            node = self.union()
            if self.peek() != ")":
                self.fail("a '(' is not closed")
            self.i += 1
            return node
        if c == "" or c in ",:)":
            self.fail(
                "an operand is missing" + (f" before {self.s[self.i :]!r}" if c else " at the end")
            )
        m = re.match(r"(\d+(?:\.\d+)?)%(?:-(\d+(?:\.\d+)?)%)?", self.s[self.i :])
        if m:
            self.i += m.end()
            if self.s[self.i : self.i + 2].lower() == "6h":
                self.fail("the six-handed rankings ('6h') are not implemented")
            low, high = (0.0, float(m[1])) if m[2] is None else (float(m[1]), float(m[2]))
            if not 0 <= low < high <= 100:
                self.fail(f"{m[0]!r} is not a share of hands from 0% to 100%, the lower first")
            return PercentSpec(low, high)
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
        node: object = hands[0] if len(hands) == 1 else Combine(",", tuple(hands))
        for name in dict.fromkeys(shapes):
            node = Combine(":", (node, ShapeSpec(name)))
        return node

    def hand(self) -> tuple[HandSpec, list[str]]:
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
            self.fail(
                f"{self.s[start : self.i]!r} names {written} cards, but a hand holds {self.n}"
            )
        return HandSpec(tuple(cards)), shapes

    def card(self) -> CardSpec:
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
            return self.suited(FULL_DECK, ranks_only=False)
        elif c.isalpha():
            rank_var = c.upper()
            self.i += 1
        elif c == "@":
            self.fail("weighted ranges ('@') are not implemented; every hand has weight 1")
        else:
            self.fail(f"{self.s[self.i :]!r} does not start with a card")
        allowed = sum(RANK_BITS[r] for r in range(13) if ranks >> r & 1)
        card = self.suited(allowed, ranks_only=True)
        return CardSpec(card.allowed, rank_var, card.suit_var, plain_rank, card.plain_suit)

    def suited(self, allowed: int, ranks_only: bool) -> CardSpec:
        """Read an optional suit after a rank (``ranks_only``) or a card that is a suit alone."""
        c = self.peek().lower()
        if not c:
            return CardSpec(allowed)
        if c in SUITS:
            self.i += 1
            suit = SUITS.index(c)
            return CardSpec(allowed & SUIT_BITS[suit], plain_suit=suit)
        if c in _SUIT_VARS:
            self.i += 1
            return CardSpec(allowed, suit_var=c)
        return CardSpec(allowed)

    def bracket_item(self, item: str, body: str) -> int:
        """One item of ``[body]`` as a card mask: ``A``, ``A-T``, ``T+``, ``9-``, ``As``, ``s``."""
        if item == ",":
            return 0
        m = _ITEM.fullmatch(item)
        if m is None:
            self.fail(f"{item!r} in [{body}] is not a rank, a span, a suit or a card")
        if m[5]:
            return SUIT_BITS[SUITS.index(m[5].lower())]
        r = _rank(m[1])
        if m[4]:
            return 1 << (4 * r + SUITS.index(m[4].lower()))
        if m[2]:
            lo, hi = sorted((r, _rank(m[2])))
        elif m[3]:
            lo, hi = (r, 12) if m[3] == "+" else (0, r)
        else:
            lo, hi = r, r
        return sum(RANK_BITS[k] for k in range(lo, hi + 1))

    def bracket(self) -> int:
        """Read ``[...]``: the union of the cards its items allow, as a card mask."""
        end = self.s.find("]", self.i)
        if end < 0:
            self.fail("a '[' is not closed")
        body, self.i = self.s[self.i + 1 : end], end + 1
        allowed = 0
        pos = 0
        while pos < len(body):
            m = _ITEM.match(body, pos) if body[pos] != "," else None
            allowed |= self.bracket_item(m[0] if m else body[pos], body)
            pos += len(m[0]) if m else 1
        if not allowed:
            self.fail("a '[]' lists nothing")
        return allowed


_ITEM = re.compile(r"([2-9TJQKA])(?:-([2-9TJQKA])|([+-])|([cdhs]))?|([cdhs])", re.IGNORECASE)


def _rank(c: str) -> int:
    return RANKS.index(c.upper())


def _shifted(hand: HandSpec, step: int) -> HandSpec | None:
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
        cards.append(CardSpec(allowed, c.rank_var, c.suit_var, r, c.plain_suit))
    return HandSpec(tuple(cards))


def _shift_up(hand: HandSpec, written: str, fail: object) -> list[HandSpec]:
    if not any(c.plain_rank >= 0 for c in hand.cards):
        fail(f"{written!r}: a '+' needs a rank written out to raise")  # type: ignore[operator]
    out, step = [], 0
    while (h := _shifted(hand, step)) is not None:
        out.append(h)
        step += 1
    return out


def _shift_between(first: HandSpec, last: HandSpec, written: str, fail: object) -> list[HandSpec]:
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


def parse_ppt(text: str, n_hole: int) -> object:
    """Read ``text`` into a tree (raises :class:`PptError` naming the bad part)."""
    return _Reader(text, n_hole).read()


def looks_like_ppt(text: str) -> bool:
    """Whether ``text`` uses something only the PPT syntax has (operators, variables, ...).

    Text the older Omaha patterns read (``AA** ds``, ``akss``) keeps their meaning;
    text they refuse is read as PPT when this is true.
    """
    s = re.sub(r"\b(random|any)\b", " ", text, flags=re.IGNORECASE)
    s = re.sub(r"\s(ds|ss|r)\s*(?=$|,)", " ", s, flags=re.IGNORECASE)
    if re.search(r"[:!()\[\]$%+@-]|(?:^|,)\s*[cdhs]|\*[cdhs]", s, flags=re.IGNORECASE):
        return True  # an operator, or a suit with no rank: 'sshh', 'AK*s*s'
    return bool(re.search(r"[^\W\d_]", re.sub(r"[akqjtcdhs]", "", s, flags=re.IGNORECASE)))
