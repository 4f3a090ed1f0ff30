"""Card encoding, parsing and formatting.

Every kernel in the package sees a card as one ``uint8``::

    card = 4 * rank + suit

with ``rank`` 0 = deuce, 1 = trey, ..., 8 = ten, 9 = jack, 10 = queen,
11 = king, 12 = ace, and ``suit`` 0 = clubs, 1 = diamonds, 2 = hearts,
3 = spades (pokerkit's order).  ``255`` (:data:`NO_CARD`) means "not dealt
yet".  A set of cards is a ``uint64`` mask with bit ``card`` set.

Parsing is forgiving about the spelling a person types (``As Kd``,
``AsKd``, ``10h``, ``ah``, ``A♠``, ``黑桃A``) and strict about the meaning:
an unknown token or a card given twice raises :class:`ValueError` that quotes
the offending token.  Ranks are 2-9, T (or 10), J, Q, K and A; "1" is not
taken for an ace.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

import numpy as np

__all__ = [
    "ANY_CARD",
    "CARD_NAMES",
    "NO_CARD",
    "RANKS",
    "RANK_NAMES",
    "SUITS",
    "card_mask",
    "check_parentheses",
    "first_bad_card",
    "format_card",
    "format_cards",
    "format_down_cards",
    "format_pattern",
    "is_exact_pattern",
    "make_card",
    "parse_card",
    "parse_card_pattern",
    "parse_cards",
    "rank_of",
    "suit_of",
]

RANKS = "23456789TJQKA"
"""Rank characters, index = rank."""
SUITS = "cdhs"
"""Suit characters, index = suit (clubs, diamonds, hearts, spades)."""
NO_CARD = 255
"""Marker for a card slot that is not dealt yet."""

RANK_NAMES = (
    "Two",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Jack",
    "Queen",
    "King",
    "Ace",
)
"""English rank names, index = rank."""

CARD_NAMES = tuple(r + s for r in RANKS for s in SUITS)
"""``CARD_NAMES[card]`` is the two-character name of ``card``."""

_RANK_ALIASES = {c: i for i, c in enumerate(RANKS)} | {"10": 8}
_SUIT_ALIASES = {
    "c": 0,
    "d": 1,
    "h": 2,
    "s": 3,
    "♣": 0,
    "♦": 1,
    "♥": 2,
    "♠": 3,
    "♧": 0,
    "♢": 1,
    "♡": 2,
    "♤": 3,
    "梅花": 0,
    "草花": 0,
    "方片": 1,
    "方块": 1,
    "红桃": 2,
    "黑桃": 3,
}

_SUIT_RE = "|".join(sorted(map(re.escape, _SUIT_ALIASES), key=len, reverse=True))
_RANK_RE = "10|[2-9TJQKA]"
# A card is rank-then-suit (As, 10♥) or suit-then-rank (黑桃A, ♠A).
_CARD_RE = re.compile(
    rf"(?P<r1>{_RANK_RE})(?P<s1>{_SUIT_RE})|(?P<s2>{_SUIT_RE})(?P<r2>{_RANK_RE})",
    re.IGNORECASE,
)
_SEPARATORS = re.compile(r"[\s,;]+")


def make_card(rank: int, suit: int) -> int:
    """Return the card code of ``rank`` (0 = deuce .. 12 = ace) and ``suit``.

    Examples
    --------
    >>> make_card(12, 3)
    51
    """
    if not (0 <= rank < 13 and 0 <= suit < 4):
        raise ValueError(f"no card has rank {rank!r} and suit {suit!r}")
    return 4 * rank + suit


def rank_of(card: int) -> int:
    """Rank of ``card``: 0 = deuce .. 12 = ace."""
    return card >> 2


def suit_of(card: int) -> int:
    """Suit of ``card``: 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades."""
    return card & 3


def parse_card(token: str) -> int:
    """Parse one card such as ``"As"``, ``"10h"``, ``"k♦"`` or ``"黑桃A"``.

    Examples
    --------
    >>> parse_card("As"), parse_card("10h"), parse_card("红桃K")
    (51, 34, 46)
    >>> parse_card("Ax")
    Traceback (most recent call last):
    ...
    ValueError: 'Ax' is not a card (expected rank 2-9/T/J/Q/K/A and suit c/d/h/s, e.g. 'As')
    """
    if not isinstance(token, str):
        raise ValueError(f"{token!r} is not a card (expected text such as 'As')")
    match = _CARD_RE.fullmatch(token.strip())
    if match is None:
        if token.strip()[:1] == "1" and token.strip()[:2] != "10":
            raise ValueError(f"{token!r} is not a card: write an ace as 'A' (e.g. 'As')")
        raise ValueError(
            f"{token!r} is not a card (expected rank 2-9/T/J/Q/K/A and suit c/d/h/s, e.g. 'As')"
        )
    rank = (match["r1"] or match["r2"]).upper()
    suit = (match["s1"] or match["s2"]).lower()
    return 4 * _RANK_ALIASES[rank] + _SUIT_ALIASES[suit]


def _tokens(text: str) -> list[str]:
    """Split ``text`` into card tokens, with or without separators."""
    tokens = []
    for chunk in _SEPARATORS.split(text.strip()):
        if not chunk:
            continue
        pos = 0
        while pos < len(chunk):
            match = _CARD_RE.match(chunk, pos)
            if match is None:
                # Quote the rest of the chunk up to the next plausible card.
                tokens.append(chunk[pos:])
                break
            tokens.append(match.group(0))
            pos = match.end()
    return tokens


CardsLike = str | Iterable[int] | Iterable[str] | np.ndarray


def parse_cards(cards: CardsLike, *, allow_duplicates: bool = False) -> list[int]:
    """Parse cards from a string (``"As Kd"``, ``"AsKd"``) or a sequence.

    A sequence may hold card codes or card strings.  A duplicated card is an
    error unless ``allow_duplicates`` is true.

    Examples
    --------
    >>> parse_cards("AsKd 10h")
    [51, 45, 34]
    >>> parse_cards("黑桃A 红桃K 梅花Q 方片J")
    [51, 46, 40, 37]
    >>> parse_cards("As as")
    Traceback (most recent call last):
    ...
    ValueError: card 'as' is given twice
    """
    if isinstance(cards, str):
        return list(_parse_text(cards, allow_duplicates))
    if not isinstance(cards, Iterable):
        raise ValueError(f"expected cards such as 'AsKd' or a sequence of cards, got {cards!r}")
    return _parse_tokens(list(cards), allow_duplicates)


@lru_cache(maxsize=4096)
def _parse_text(text: str, allow_duplicates: bool) -> tuple[int, ...]:
    """The cards of ``text``, parsed once per spelling (a call parses the same hands and
    board several times; an error is raised again each time, never cached)."""
    return tuple(_parse_tokens(_tokens(text), allow_duplicates))


def _parse_tokens(tokens: Sequence[object], allow_duplicates: bool) -> list[int]:
    """The cards of ``tokens`` (card strings or codes), a duplicate refused unless allowed."""
    out: list[int] = []
    seen: dict[int, object] = {}
    for token in tokens:
        if isinstance(token, str):
            card = parse_card(token)
        elif isinstance(token, (int, np.integer)) and 0 <= int(token) < 52:
            card = int(token)
        else:
            raise ValueError(f"{token!r} is not a card")
        if card in seen and not allow_duplicates:
            raise ValueError(f"card {token!r} is given twice")
        seen[card] = token
        out.append(card)
    return out


def format_card(card: int) -> str:
    """Format one card code as ``"As"``."""
    if not 0 <= int(card) < 52:
        raise ValueError(f"{card!r} is not a card code (0..51)")
    return CARD_NAMES[int(card)]


def format_cards(cards: Iterable[int], sep: str = "") -> str:
    """Format card codes as ``"AsKd"`` (or joined by ``sep``).

    Examples
    --------
    >>> format_cards(parse_cards("as kd"))
    'AsKd'
    """
    return sep.join(
        [CARD_NAMES[c] if type(c) is int and 0 <= c < 52 else format_card(c) for c in cards]
    )


def card_mask(cards: Iterable[int]) -> int:
    """Return the ``uint64`` set of ``cards`` (bit ``card`` set) as an int."""
    mask = 0
    for card in cards:
        mask |= 1 << int(card)
    return mask


ANY_CARD = (1 << 52) - 1
"""The mask of a slot that may hold any card (``*``)."""

_RANK_MASKS = {i: 0xF << (4 * i) for i in range(13)}
_SUIT_MASK = sum(1 << (4 * r) for r in range(13))  # the clubs; shift by suit
_WILD_RANK_RE = re.compile(rf"{_RANK_RE}", re.IGNORECASE)
_WILD_SUIT_RE = re.compile(r"[cdhs♣♦♥♠♧♢♡♤]|梅花|草花|方片|方块|红桃|黑桃", re.IGNORECASE)


def parse_card_pattern(text: str) -> tuple[int, ...]:
    """Parse partly known cards: one mask of the cards allowed in each slot.

    ``As`` is the ace of spades, ``A`` any ace, ``s`` any spade and ``*``
    any card.  The binding rule: a rank binds to the suit right after it
    (or a suit symbol to the rank right after it, ``黑桃A``), and nothing
    else binds: ``2c`` is one card, ``2 c`` two (a deuce and a club), ``A23``
    three (an ace, a deuce, a trey), ``AA**`` four.  Parentheses, which
    stud players put around down cards (``(AsKd)Qh``), are ignored once
    :func:`check_parentheses` finds them well formed.

    Examples
    --------
    >>> [bin(m).count("1") for m in parse_card_pattern("As A s *")]
    [1, 4, 13, 52]
    >>> len(parse_card_pattern("2c")), len(parse_card_pattern("2 c"))
    (1, 2)
    >>> parse_card_pattern("Ax")
    Traceback (most recent call last):
    ...
    ValueError: 'x' is not a card, a rank, a suit or '*' (in 'Ax')
    """
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not cards (expected text such as 'As Kd' or 'A c *')")
    check_parentheses(text)
    slots: list[int] = []
    for chunk in _SEPARATORS.split(text.replace("(", " ").replace(")", " ").strip()):
        pos = 0
        while pos < len(chunk):
            if chunk[pos] == "*":
                slots.append(ANY_CARD)
                pos += 1
                continue
            card = _CARD_RE.match(chunk, pos)
            if card is not None:
                slots.append(1 << parse_card(card.group(0)))
                pos = card.end()
                continue
            rank = _WILD_RANK_RE.match(chunk, pos)
            if rank is not None:
                slots.append(_RANK_MASKS[_RANK_ALIASES[rank.group(0).upper()]])
                pos = rank.end()
                continue
            suit = _WILD_SUIT_RE.match(chunk, pos)
            if suit is not None:
                slots.append(_SUIT_MASK << _SUIT_ALIASES[suit.group(0).lower()])
                pos = suit.end()
                continue
            bad = chunk[pos:]
            raise ValueError(f"{bad!r} is not a card, a rank, a suit or '*' (in {text!r})")
    return tuple(slots)


def check_parentheses(text: str) -> None:
    """Raise one sentence unless the parentheses of ``text`` are well formed.

    Down cards are written in parentheses (``(AsKd)Qh``, a seventh street
    ``(AsKd)Qh7c8d9s(2c)``): each group opened once, closed once, not
    nested and not empty.

    Examples
    --------
    >>> check_parentheses("(AsKd)Qh7c8d9s(2c)")
    >>> check_parentheses("((As")
    Traceback (most recent call last):
    ...
    ValueError: '((As' opens a parenthesis inside another: write down cards in one pair, '(AsKd)Qh'
    """
    example = "write down cards in one pair, '(AsKd)Qh'"
    depth = 0
    for pos, ch in enumerate(text):
        if ch == "(":
            if depth:
                raise ValueError(f"{text!r} opens a parenthesis inside another: {example}")
            depth = 1
        elif ch == ")":
            if not depth:
                raise ValueError(f"{text!r} closes a parenthesis it never opened: {example}")
            if text[:pos].rstrip().endswith("("):
                raise ValueError(f"{text!r} has empty parentheses: {example}")
            depth = 0
    if depth:
        raise ValueError(f"{text!r} leaves a parenthesis open: {example}")


def format_down_cards(text: str, slots: Sequence[int], formatted: str) -> str:
    """``formatted`` (the cards of ``text``, written back) with ``text``'s parentheses kept.

    ``slots`` are :func:`parse_card_pattern`'s of ``text``; each group of
    down cards is written back in parentheses where it was.

    Examples
    --------
    >>> text = "(as 2s) 3d"
    >>> format_down_cards(text, parse_card_pattern(text), "As2s3d")
    '(As2s)3d'
    """
    if "(" not in text:
        return formatted
    exact = is_exact_pattern(slots)
    parts = []
    for i, piece in enumerate(re.split(r"[()]", text)):
        if not piece.strip():
            continue
        mine = parse_card_pattern(piece)
        shown = format_cards(m.bit_length() - 1 for m in mine) if exact else format_pattern(mine)
        parts.append(f"({shown})" if i % 2 else shown)
    return ("" if exact else " ").join(parts)


def first_bad_card(text: str, exact: bool = False) -> str | None:
    """The first piece of ``text`` that is not a card, a rank, a suit or ``*`` (None if none);
    with ``exact``, the first that is not a card.

    The piece runs from where its card would start to the character that
    breaks it (``Ax`` in ``Ax7d2c``, ``1x`` in ``1x``), for one-sentence
    errors that name the bad card; parentheses are not checked here.

    Examples
    --------
    >>> first_bad_card("Ax7d2c"), first_bad_card("Ts9s 2h"), first_bad_card("2c7d9h h")
    ('Ax', None, None)
    >>> first_bad_card("2c7d9h h", exact=True)
    'h'
    """
    for chunk in _SEPARATORS.split(text.replace("(", " ").replace(")", " ").strip()):
        pos = 0
        while pos < len(chunk):
            if chunk[pos] == "*" and not exact:
                pos += 1
                continue
            card = _CARD_RE.match(chunk, pos)
            if card is not None:
                pos = card.end()
                continue
            start = pos
            if exact:
                return chunk[start : start + 2]
            part = _WILD_RANK_RE.match(chunk, pos) or _WILD_SUIT_RE.match(chunk, pos)
            if part is None:
                return chunk[start : start + 2]
            pos = part.end()
            after = chunk[pos : pos + 1]
            fits = (
                after == "*" or _WILD_RANK_RE.match(chunk, pos) or _WILD_SUIT_RE.match(chunk, pos)
            )
            if after and not fits:
                return chunk[start : pos + 1]
    return None


def is_exact_pattern(slots: Sequence[int]) -> bool:
    """Whether every slot of a :func:`parse_card_pattern` names one card."""
    return all(m and not m & (m - 1) for m in slots)


def format_pattern(slots: Sequence[int]) -> str:
    """Write slot masks back as text: ``"As A s *"`` (cards, ranks, suits, ``*``).

    Examples
    --------
    >>> format_pattern(parse_card_pattern("as a S *"))
    'As A s *'
    """
    words = []
    for m in slots:
        if m == ANY_CARD:
            words.append("*")
        elif m and not m & (m - 1):
            words.append(CARD_NAMES[m.bit_length() - 1])
        elif m in _RANK_MASKS.values():
            words.append(RANKS[(m.bit_length() - 1) // 4])
        else:
            words.append(next(SUITS[s] for s in range(4) if m == _SUIT_MASK << s))
    return " ".join(words)
