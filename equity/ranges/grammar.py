"""The range grammar: reading range text into a weight for each of the 1,326 combos.

:func:`parse_dense` reads the terms described in :mod:`equity.ranges`; a
malformed term becomes a :class:`ValueError` naming what is wrong with it
(:func:`_diagnose`) and quoting :data:`RANGE_SYNTAX`.
"""

from __future__ import annotations

import re
from fractions import Fraction

import numpy as np

from ..cards import RANKS, parse_cards
from .classes import CLASS_MEMBERS, CLASS_RE, N_COMBOS, RANK_PATTERN, class_ranks, combo_index
from .preflop import top_percent

__all__ = ["RANGE_SYNTAX", "parse_dense"]

RANGE_SYNTAX = (
    "terms look like QQ+, 22-66, AKs, AKo, AK, A2s+, AJs-A8s, T9s-65s, AhKh, 15%, random, "
    "with weights AA@50 or 0.5:KK, separated by commas"
)
"""The range syntax in one line, quoted by every malformed-range message."""

_NUM = r"(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?"
_TERM_RE = re.compile(
    rf"(?:(?P<frac>[-+]?{_NUM}):)?(?P<body>[^@:]*?)(?:@(?P<pct>[-+]?{_NUM})%?)?"
)  # a signed weight is matched, so that a negative one is named as such
_PLUS_RE = re.compile(rf"({RANK_PATTERN})({RANK_PATTERN})([SO]?)\+", re.IGNORECASE)
_RUN_RE = re.compile(
    rf"({RANK_PATTERN})({RANK_PATTERN})([SO]?)-({RANK_PATTERN})({RANK_PATTERN})([SO]?)",
    re.IGNORECASE,
)
_COMBO_RE = re.compile(rf"{RANK_PATTERN}[CDHS]{RANK_PATTERN}[CDHS]", re.IGNORECASE)
_PERCENT_RE = re.compile(rf"({_NUM})%")
_TERM_CHARS = re.compile(r"[2-9TJQKASOCDH+\-%.*@:0-9]", re.IGNORECASE)


class _TermError(ValueError):
    """A term is malformed; the message says why (filled into the full error)."""


def _classes_of(r1: int, r2: int, suffix: str) -> list[int]:
    """Grid indices of ranks ``r1 >= r2`` with suffix ``s``, ``o`` or both ``''``."""
    if r1 == r2:
        if suffix:
            raise _TermError("a pair is neither suited nor offsuit")
        return [(12 - r1) * 14]
    out = []
    if suffix in ("", "s"):
        out.append((12 - r1) * 13 + (12 - r2))
    if suffix in ("", "o"):
        out.append((12 - r2) * 13 + (12 - r1))
    return out


def _body_combos(body: str) -> np.ndarray:
    """Combo indices named by one term without its weight."""
    low = body.lower()
    if low in ("random", "*"):
        return np.arange(N_COMBOS)
    if m := _PERCENT_RE.fullmatch(body):
        pct = Fraction(m[1])
        if not 0 < pct <= 100:
            raise _TermError(f"{m[1]}% is not in (0, 100]")
        return top_percent(pct)
    if _COMBO_RE.fullmatch(body):
        a, b = parse_cards([body[:2], body[2:]], allow_duplicates=True)
        if a == b:
            raise _TermError("it repeats a card")
        return np.array([combo_index(a, b)])
    classes: list[int] = []
    if m := CLASS_RE.fullmatch(body):
        r1, r2 = class_ranks(m[1], m[2])
        classes = _classes_of(r1, r2, m[3].lower())
    elif m := _PLUS_RE.fullmatch(body):
        r1, r2 = class_ranks(m[1], m[2])
        suffix = m[3].lower()
        if r1 == r2:
            classes = [c for r in range(r1, 13) for c in _classes_of(r, r, suffix)]
        else:
            classes = [c for k in range(r2, r1) for c in _classes_of(r1, k, suffix)]
    elif m := _RUN_RE.fullmatch(body):
        a1, a2 = class_ranks(m[1], m[2])
        b1, b2 = class_ranks(m[4], m[5])
        sa, sb = m[3].lower(), m[6].lower()
        if sa != sb:
            raise _TermError("its ends differ in suitedness")
        if (a1 == a2) != (b1 == b2):
            raise _TermError("it joins a pair and a non-pair")
        if a1 == a2:
            lo, hi = sorted((a1, b1))
            classes = [c for r in range(lo, hi + 1) for c in _classes_of(r, r, sa)]
        elif a1 == b1:
            lo, hi = sorted((a2, b2))
            classes = [c for k in range(lo, hi + 1) for c in _classes_of(a1, k, sa)]
        elif a1 - a2 == b1 - b2:
            gap = a1 - a2
            lo, hi = sorted((a1, b1))
            classes = [c for top in range(lo, hi + 1) for c in _classes_of(top, top - gap, sa)]
        else:
            raise _TermError("its ends share neither the top card nor the gap")
    else:
        raise _TermError("")
    return np.concatenate([CLASS_MEMBERS[k] for k in classes])


def _term_weight(frac: str | None, pct: str | None) -> float:
    """Weight in (0, 1] of a term: its ``frac:`` prefix, ``@pct`` suffix or 1."""
    if frac is not None and pct is not None:
        raise _TermError("it has two weights")
    if frac is not None:
        weight = float(frac)
        if weight < 0:
            raise _TermError(f"weight {frac} is negative, not in (0, 1]")
        if not 0 < weight <= 1:
            raise _TermError(f"weight {frac} is not in (0, 1]")
        return weight
    if pct is not None:
        weight = float(pct) / 100
        if weight < 0:
            raise _TermError(f"weight {pct}% is negative, not in (0, 100]")
        if not 0 < weight <= 1:
            raise _TermError(f"weight {pct}% is not in (0, 100]")
        return weight
    return 1.0


def parse_dense(text: str) -> np.ndarray:
    """Weights of all 1,326 combos named by ``text`` (later terms win).

    The grammar of :func:`equity.ranges.parse_range`, without building a
    :class:`~equity.ranges.Range`.

    Parameters
    ----------
    text : str
        Comma-separated terms (see :mod:`equity.ranges`).

    Returns
    -------
    numpy.ndarray
        ``float64[1326]``, the weight of each combo by
        :func:`~equity.ranges.combo_index`, 0 where absent.

    Raises
    ------
    TypeError
        If ``text`` is not a string.
    ValueError
        If the text is blank or a term is malformed: the message quotes the term, its 1-based
        position and the whole text, and ends with :data:`RANGE_SYNTAX`.

    Examples
    --------
    >>> dense = parse_dense("QQ+,AA@50")
    >>> int((dense > 0).sum()), float(dense.sum())
    (18, 15.0)
    >>> parse_dense("AKx")
    Traceback (most recent call last):
    ...
    ValueError: term 1 'AKx' of 'AKx' is not a hand range ('x' after 'AK' is not s (suited), o (offsuit), + or -); terms look like QQ+, 22-66, AKs, AKo, AK, A2s+, AJs-A8s, T9s-65s, AhKh, 15%, random, with weights AA@50 or 0.5:KK, separated by commas
    """  # noqa: E501
    if not isinstance(text, str):
        raise TypeError(f"a range is a string, not {type(text).__name__}")
    dense = np.zeros(N_COMBOS)
    if not text.strip():
        raise ValueError("the range is empty")
    for pos, raw in enumerate(text.split(","), start=1):
        term = "".join(raw.split())
        try:
            if not term:
                raise _TermError("it is empty")
            m = _TERM_RE.fullmatch(term)
            if m is None or not m["body"]:
                raise _TermError("")
            combos = _body_combos(m["body"])
            dense[combos] = _term_weight(m["frac"], m["pct"])
        except _TermError as err:
            detail = str(err) or _diagnose(term)
            raise ValueError(
                f"term {pos} {raw.strip()!r} of {text!r} is not a hand range ({detail}); "
                f"{RANGE_SYNTAX}"
            ) from None
    return dense


def _diagnose(term: str) -> str:
    """Name what is wrong with a term that matches no form (for the error message)."""
    m = _TERM_RE.fullmatch(term)
    if m is not None and not m["body"]:
        return "it has a weight but no hands"
    body = m["body"] if m is not None else term
    if "%" in body:
        return "a top-percent term is a number and one %, like 15%"
    head = re.match(rf"{RANK_PATTERN}{RANK_PATTERN}", body, re.IGNORECASE)
    rest = body[2:] if head is not None else ""
    bad_suffix = rest[:1].lower() not in ("", "s", "o", "+", "-")
    if head is not None and bad_suffix and not _COMBO_RE.match(body):
        return f"{rest[:1]!r} after {head[0]!r} is not s (suited), o (offsuit), + or -"
    for ch in term:
        if not _TERM_CHARS.fullmatch(ch):
            return f"{ch!r} is not a rank (2-9, T, J, Q, K, A), a suit or a range operator"
    if head is None:
        letter = next((c for c in body if c.upper() not in RANKS), body[:1])
        return f"{letter!r} is not a rank (2-9, T, J, Q, K, A)"
    return "it matches none of the forms"
