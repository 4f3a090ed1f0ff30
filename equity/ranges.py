"""Hold'em starting-hand ranges in PokerStove / Equilab syntax.

A range is a weighted set of the 1,326 two-card *combos*.  :func:`parse_range`
reads a comma-separated list of terms::

    QQ+  22-66  66-22          pairs: QQ, KK, AA; deuces to sixes
    AKs  AKo  AK               suited (4 combos), offsuit (12), both (16)
    A2s+  KTo+  K9+            kicker up to one below the top card
    AJs-A8s                    kicker runs (same top card)
    T9s-65s                    connector runs (same gap between the cards)
    AhKh                       one exact combo
    random  *                  all 1,326 combos
    15%                        the strongest 15 % of combos (see below)
    AA@50  0.5:KK              weights: percent suffix or fraction prefix

Ranks are case-insensitive (``t`` and ``T`` are both tens) and whitespace is
ignored.  A combo named by two terms keeps the weight of the **last** term,
so ``QQ+,AA@50`` holds AA at half weight and KK, QQ at full weight.

**Top percent.**  ``p%`` takes whole hand classes, strongest first, while the
number of combos taken is below ``max(1, round(p / 100 * 1326))`` with
halves rounded up; the class that reaches or crosses that count is included.
Classes are ranked by their exact all-in equity against one uniformly random
hand (:func:`preflop_equity_vs_random`), ties broken by :data:`CLASSES`
order.  ``100%`` is every combo.

A malformed term is a :class:`ValueError` that quotes the term, its 1-based
position and the whole text.

**Combo order.**  ``Range.combos`` rows hold the higher card code first, and
rows are sorted by decreasing (first card, second card): ``AsAh`` leads,
``3c2c`` would come last.
"""

from __future__ import annotations

import argparse
import functools
import math
import re
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, cast

import numpy as np

from .cards import RANKS, CardsLike, format_cards, parse_cards

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

__all__ = [
    "ALL_COMBOS",
    "CLASSES",
    "N_COMBOS",
    "RANGE_SYNTAX",
    "Range",
    "class_combos",
    "combo_index",
    "hand_class",
    "parse_range",
    "preflop_equity_vs_random",
    "preflop_ranking",
]

N_COMBOS = 1326
"""Number of two-card combos, C(52, 2)."""


def combo_index(c1: int, c2: int) -> int:
    """Index 0..1325 of the combo of two distinct card codes (in any order).

    ``hi * (hi - 1) / 2 + lo`` with ``hi > lo``: the index into
    :data:`ALL_COMBOS` and into :attr:`Range.dense`.

    Examples
    --------
    >>> combo_index(51, 50), combo_index(0, 1)
    (1325, 0)
    """
    hi, lo = max(int(c1), int(c2)), min(int(c1), int(c2))
    if not (0 <= lo < hi < 52):
        raise ValueError(f"({c1!r}, {c2!r}) is not a pair of distinct card codes")
    return hi * (hi - 1) // 2 + lo


def _all_combos() -> np.ndarray:
    out = np.empty((N_COMBOS, 2), dtype=np.uint8)
    for hi in range(52):
        for lo in range(hi):
            out[hi * (hi - 1) // 2 + lo] = hi, lo
    out.flags.writeable = False
    return out


ALL_COMBOS = _all_combos()
"""``uint8[1326, 2]``: combo ``i`` as (higher card, lower card), see :func:`combo_index`."""


def _grid_label(row: int, col: int) -> str:
    """Class label of grid cell (row, col); rows and columns run A..2."""
    hi, lo = RANKS[12 - min(row, col)], RANKS[12 - max(row, col)]
    if row == col:
        return hi + lo
    return hi + lo + ("s" if row < col else "o")


CLASSES: tuple[str, ...] = tuple(_grid_label(r, c) for r in range(13) for c in range(13))
"""The 169 hand classes in 13x13 grid order (row-major, ranks A..2).

Row ``i`` and column ``j`` name ranks ``A, K, ..., 2``; the diagonal holds
pairs, cells above it (``i < j``) suited classes and cells below offsuit
classes, as in PokerStove: ``CLASSES[1] == "AKs"``, ``CLASSES[13] == "AKo"``.
"""

_CLASS_INDEX = {label: k for k, label in enumerate(CLASSES)}


def _class_of(hi: int, lo: int) -> int:
    """Grid index of the class of cards ``hi > lo``."""
    r1, r2 = hi >> 2, lo >> 2
    if r1 == r2:
        return (12 - r1) * 14
    if (hi & 3) == (lo & 3):
        return (12 - r1) * 13 + (12 - r2)
    return (12 - r2) * 13 + (12 - r1)


_COMBO_CLASS = np.array([_class_of(int(h), int(lo)) for h, lo in ALL_COMBOS], dtype=np.int64)
_CLASS_MEMBERS: tuple[np.ndarray, ...] = tuple(
    np.flatnonzero(k == _COMBO_CLASS)[::-1] for k in range(169)
)
_CLASS_SIZES = np.array([m.size for m in _CLASS_MEMBERS], dtype=np.int64)


def hand_class(c1: int | str, c2: int | str) -> str:
    """Class label (``"AKs"``, ``"QQ"``, ``"72o"``) of two cards.

    Cards are codes or strings such as ``"As"``.

    Examples
    --------
    >>> hand_class("As", "Ks"), hand_class("7h", "2c"), hand_class(47, 46)
    ('AKs', '72o', 'KK')
    """
    a, b = parse_cards(cast("list[str]", [c1, c2]))  # codes and strings may mix
    return CLASSES[_class_of(max(a, b), min(a, b))]


def _normalise_label(label: str) -> str | None:
    """Canonical label (``"kas"`` -> ``"AKs"``, ``"ak"`` -> ``"AK"``), or None."""
    m = _CLASS_RE.fullmatch(label.strip())
    if m is None:
        return None
    r1, r2 = _ranks(m[1], m[2])
    suffix = m[3].lower()
    if r1 == r2 and suffix:
        return None
    return RANKS[r1] + RANKS[r2] + suffix


def class_combos(label: str) -> np.ndarray:
    """Return the combos of one hand class, ``uint8[k, 2]``, higher card first.

    Examples
    --------
    >>> class_combos("AKs")
    array([[51, 47],
           [50, 46],
           [49, 45],
           [48, 44]], dtype=uint8)
    >>> len(class_combos("QQ")), len(class_combos("72o"))
    (6, 12)
    """
    norm = _normalise_label(label)
    if norm is None or norm not in _CLASS_INDEX:
        raise ValueError(f"{label!r} is not a hand class such as 'AKs', 'AKo' or 'QQ'")
    out: np.ndarray = ALL_COMBOS[_CLASS_MEMBERS[_CLASS_INDEX[norm]]].copy()
    return out


# --------------------------------------------------------------------------------------
# Exact preflop equity against one random hand, and the top-percent ranking.

_PREFLOP_FILE = "preflop_vs_random.npz"


def _compute_preflop_counts() -> dict[str, tuple[int, int, int]]:
    """Run the board sweep (seconds) and reduce it to per-combo class counts."""
    from .kernels.preflop import TOTAL_PER_COMBO, combo_counts_vs_random
    from .tables import holdem_tables

    counts = combo_counts_vs_random(*holdem_tables())
    lo, hi = ALL_COMBOS[:, 1], ALL_COMBOS[:, 0]
    per_combo = counts[lo, hi]  # int64[1326, 3]
    out = {}
    for k, label in enumerate(CLASSES):
        sums = per_combo[_CLASS_MEMBERS[k]].sum(axis=0)
        n = int(_CLASS_SIZES[k])
        if np.any(sums % n) or sums[2] != n * TOTAL_PER_COMBO:
            raise RuntimeError(f"inconsistent preflop counts for {label}: {sums.tolist()}")
        win, tie, total = (int(x) // n for x in sums)
        out[label] = (win, tie, total)
    return out


@functools.cache
def _shipped_preflop_counts() -> tuple[tuple[int, int, int], ...]:
    path = resources.files("equity") / "data" / _PREFLOP_FILE
    with resources.as_file(path) as p, np.load(p) as data:
        if tuple(data["classes"].tolist()) != CLASSES:
            raise RuntimeError(f"{_PREFLOP_FILE} lists the classes in another order")
        rows = np.stack([data["win"], data["tie"], data["total"]], axis=1)
    return tuple((int(w), int(t), int(n)) for w, t, n in rows)


def preflop_equity_vs_random(recompute: bool = False) -> dict[str, tuple[int, int, int]]:
    """Exact all-in equity of each hand class against one uniformly random hand.

    For one combo of each class (every combo of a class has the same counts)
    returns ``(wins, ties, total)`` over all ``total = C(50, 5) * C(45, 2) =
    2,097,572,400`` (board, opponent hand) deals; the equity is
    ``(wins + ties / 2) / total``.  The counts ship in
    ``equity/data/preflop_vs_random.npz``; ``recompute=True`` runs the board
    sweep of :mod:`equity.kernels.preflop` instead (a few seconds), and
    ``python -m equity.ranges --rebuild-preflop`` rewrites the file.

    Examples
    --------
    >>> counts = preflop_equity_vs_random()
    >>> win, tie, total = counts["AA"]
    >>> total, round((win + tie / 2) / total, 4)
    (2097572400, 0.852)
    """
    if recompute:
        return _compute_preflop_counts()
    return dict(zip(CLASSES, _shipped_preflop_counts(), strict=False))


@functools.cache
def _ranking_indices() -> tuple[int, ...]:
    counts = _shipped_preflop_counts()
    # Same total for every class, so 2 * wins + ties orders the equities exactly.
    return tuple(sorted(range(169), key=lambda k: (-(2 * counts[k][0] + counts[k][1]), k)))


def preflop_ranking() -> tuple[str, ...]:
    """Return the 169 classes, strongest first, by exact equity against a random hand.

    Ties (equal counts) keep :data:`CLASSES` order.

    Examples
    --------
    >>> preflop_ranking()[:5]
    ('AA', 'KK', 'QQ', 'JJ', 'TT')
    >>> preflop_ranking()[-1]
    '32o'
    """
    return tuple(CLASSES[k] for k in _ranking_indices())


def _top_percent(pct: Fraction) -> np.ndarray:
    """Combo indices of the strongest ``pct`` percent (see the module docstring)."""
    target = max(1, math.floor(pct * N_COMBOS / 100 + Fraction(1, 2)))
    taken: list[np.ndarray] = []
    n = 0
    for k in _ranking_indices():
        if n >= target:
            break
        taken.append(_CLASS_MEMBERS[k])
        n += _CLASS_SIZES[k]
    return np.concatenate(taken)


def _write_preflop(path: Path) -> float:
    """Recompute the preflop counts, write them to ``path``; return the seconds."""
    start = time.perf_counter()
    counts = _compute_preflop_counts()
    seconds = time.perf_counter() - start
    rows = np.array([counts[c] for c in CLASSES], dtype=np.int64)
    np.savez(
        path,
        classes=np.array(CLASSES),
        win=rows[:, 0],
        tie=rows[:, 1],
        total=rows[:, 2],
    )
    return seconds


# --------------------------------------------------------------------------------------
# Parsing.

_NUM = r"(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?"
_TERM_RE = re.compile(rf"(?:(?P<frac>{_NUM}):)?(?P<body>[^@:]*?)(?:@(?P<pct>{_NUM})%?)?")
_R = "[2-9TJQKA]"
_CLASS_RE = re.compile(rf"({_R})({_R})([SO]?)", re.IGNORECASE)
_PLUS_RE = re.compile(rf"({_R})({_R})([SO]?)\+", re.IGNORECASE)
_RUN_RE = re.compile(rf"({_R})({_R})([SO]?)-({_R})({_R})([SO]?)", re.IGNORECASE)
_COMBO_RE = re.compile(rf"{_R}[CDHS]{_R}[CDHS]", re.IGNORECASE)
_PERCENT_RE = re.compile(rf"({_NUM})%")


class _TermError(ValueError):
    """A term is malformed; the message says why (filled into the full error)."""


def _ranks(a: str, b: str) -> tuple[int, int]:
    """Return the two ranks of a class, higher first."""
    r1, r2 = RANKS.index(a.upper()), RANKS.index(b.upper())
    return max(r1, r2), min(r1, r2)


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
        return _top_percent(pct)
    if _COMBO_RE.fullmatch(body):
        a, b = parse_cards([body[:2], body[2:]], allow_duplicates=True)
        if a == b:
            raise _TermError("it repeats a card")
        return np.array([combo_index(a, b)])
    classes: list[int] = []
    if m := _CLASS_RE.fullmatch(body):
        r1, r2 = _ranks(m[1], m[2])
        classes = _classes_of(r1, r2, m[3].lower())
    elif m := _PLUS_RE.fullmatch(body):
        r1, r2 = _ranks(m[1], m[2])
        suffix = m[3].lower()
        if r1 == r2:
            classes = [c for r in range(r1, 13) for c in _classes_of(r, r, suffix)]
        else:
            classes = [c for k in range(r2, r1) for c in _classes_of(r1, k, suffix)]
    elif m := _RUN_RE.fullmatch(body):
        a1, a2 = _ranks(m[1], m[2])
        b1, b2 = _ranks(m[4], m[5])
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
    return np.concatenate([_CLASS_MEMBERS[k] for k in classes])


def _term_weight(frac: str | None, pct: str | None) -> float:
    if frac is not None and pct is not None:
        raise _TermError("it has two weights")
    if frac is not None:
        weight = float(frac)
        if not 0 < weight <= 1:
            raise _TermError(f"weight {frac} is not in (0, 1]")
        return weight
    if pct is not None:
        weight = float(pct) / 100
        if not 0 < weight <= 1:
            raise _TermError(f"weight {pct}% is not in (0, 100]")
        return weight
    return 1.0


def _parse_dense(text: str) -> np.ndarray:
    """Weights of all 1,326 combos named by ``text`` (later terms win)."""
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


RANGE_SYNTAX = (
    "terms look like QQ+, 22-66, AKs, AKo, AK, A2s+, AJs-A8s, T9s-65s, AhKh, 15%, random, "
    "with weights AA@50 or 0.5:KK, separated by commas"
)
"""The range syntax in one line, quoted by every malformed-range message."""

_TERM_CHARS = re.compile(r"[2-9TJQKASOCDH+\-%.*@:0-9]", re.IGNORECASE)


def _diagnose(term: str) -> str:
    """Name what is wrong with a term that matches no form (for the error message)."""
    m = _TERM_RE.fullmatch(term)
    if m is not None and not m["body"]:
        return "it has a weight but no hands"
    body = m["body"] if m is not None else term
    if "%" in body:
        return "a top-percent term is a number and one %, like 15%"
    head = re.match(rf"{_R}{_R}", body, re.IGNORECASE)
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


def parse_range(text: str) -> Range:
    """Parse a PokerStove/Equilab range such as ``"QQ+,AKs,A5s-A2s@50"``.

    See the module docstring for the syntax.  A combo named twice keeps the
    weight of the last term that names it.

    Examples
    --------
    >>> r = parse_range("QQ+, AKs, 0.5:AKo")
    >>> len(r), r.weight
    (34, 28.0)
    >>> parse_range("22+").n_combos, parse_range("A2s+").n_combos
    (78, 48)
    >>> parse_range("QQ+,AKx")
    Traceback (most recent call last):
    ...
    ValueError: term 2 'AKx' of 'QQ+,AKx' is not a hand range ('x' after 'AK' is not s (suited), o (offsuit), + or -); terms look like QQ+, 22-66, AKs, AKo, AK, A2s+, AJs-A8s, T9s-65s, AhKh, 15%, random, with weights AA@50 or 0.5:KK, separated by commas
    >>> parse_range("A2s-K3s")
    Traceback (most recent call last):
    ...
    ValueError: term 1 'A2s-K3s' of 'A2s-K3s' is not a hand range (its ends share neither the top card nor the gap); terms look like QQ+, 22-66, AKs, AKo, AK, A2s+, AJs-A8s, T9s-65s, AhKh, 15%, random, with weights AA@50 or 0.5:KK, separated by commas
    """  # noqa: E501
    return Range(text)


# --------------------------------------------------------------------------------------
# Formatting.

_SUFFIX_ORDER = {"": 0, "s": 1, "o": 2}


def _runs(values: Iterable[int]) -> list[list[int]]:
    """Maximal runs of consecutive integers, each in decreasing order, highest first."""
    out: list[list[int]] = []
    for v in sorted(values, reverse=True):
        if out and out[-1][-1] == v + 1:
            out[-1].append(v)
        else:
            out.append([v])
    return out


def _pair_terms(ranks: set[int]) -> list[tuple[tuple[int, ...], str]]:
    terms: list[tuple[tuple[int, ...], str]] = []
    for run in _runs(ranks):
        hi, lo = RANKS[run[0]], RANKS[run[-1]]
        if len(run) == 1:
            text = hi + hi
        elif run[0] == 12:
            text = lo + lo + "+"
        else:
            text = f"{hi}{hi}-{lo}{lo}"
        terms.append(((0, -run[0]), text))
    return terms


def _kicker_terms(top: int, kickers: set[int], suffix: str) -> list[tuple[int, int, str]]:
    """Write kicker runs under ``top`` as (length, highest kicker, text); no '+' on singles."""
    out = []
    t = RANKS[top]
    for run in _runs(kickers):
        hi, lo = RANKS[run[0]], RANKS[run[-1]]
        if len(run) == 1:
            text = f"{t}{hi}{suffix}"
        elif run[0] == top - 1:
            text = f"{t}{lo}{suffix}+"
        else:
            text = f"{t}{hi}{suffix}-{t}{lo}{suffix}"
        out.append((len(run), run[0], text))
    return out


def _nonpair_terms(full: set[int]) -> list[tuple[tuple[int, ...], str]]:
    singles: dict[tuple[str, int], list[int]] = {}  # (suffix, gap) -> tops
    terms: list[tuple[tuple[int, ...], str]] = []
    for top in range(12, 0, -1):
        suited = {k for k in range(top) if (12 - top) * 13 + (12 - k) in full}
        offsuit = {k for k in range(top) if (12 - k) * 13 + (12 - top) in full}
        split = [("s", suited), ("o", offsuit)]
        joint = [("", suited & offsuit), ("s", suited - offsuit), ("o", offsuit - suited)]
        options = []
        for groups in (joint, split):
            found = [(s, t) for s, ks in groups for t in _kicker_terms(top, ks, s)]
            options.append((len(found), sum(len(t[2]) for _, t in found), found))
        best = min(options, key=lambda o: (o[0], o[1]))[2]  # joint wins ties
        for suffix, (length, kicker, text) in best:
            if length == 1:
                singles.setdefault((suffix, top - kicker), []).append(top)
            else:
                terms.append(((1, -top, -kicker, _SUFFIX_ORDER[suffix]), text))
    for (suffix, gap), tops in singles.items():
        for run in _runs(tops):
            hi = RANKS[run[0]] + RANKS[run[0] - gap] + suffix
            lo = RANKS[run[-1]] + RANKS[run[-1] - gap] + suffix
            text = hi if len(run) == 1 else f"{hi}-{lo}"
            terms.append(((1, -run[0], -(run[0] - gap), _SUFFIX_ORDER[suffix]), text))
    return terms


def _percent_text(weight: float) -> str | None:
    """Shortest percent string ``s`` with ``float(s) / 100 == weight`` (<= 8 decimals)."""
    for decimals in range(9):
        s = f"{weight * 100:.{decimals}f}"
        s = s.rstrip("0").rstrip(".") if "." in s else s
        if float(s) / 100 == weight:
            return s
    return None


def _weighted(term: str, weight: float) -> str:
    if weight == 1.0:
        return term
    pct = _percent_text(weight)
    return f"{term}@{pct}" if pct is not None else f"{weight!r}:{term}"


# --------------------------------------------------------------------------------------
# The range object.


class Range:
    """A weighted set of hold'em starting hands (immutable).

    ``Range(text)`` parses PokerStove/Equilab syntax (see the module
    docstring); :meth:`from_combos` builds one from arrays.

    Shapes
    ------
    combos : uint8[n, 2], higher card code first, rows in decreasing order
    weights : float64[n], each in (0, 1]
    dense : float64[1326], weight of every combo by :func:`combo_index` (0 = absent)

    Examples
    --------
    >>> r = Range("AA@50, KK")
    >>> len(r), r.weight, r.format()
    (12, 9.0, 'KK,AA@50')
    >>> r.combos[:2], r.weights[:2]
    (array([[51, 50],
           [51, 49]], dtype=uint8), array([0.5, 0.5]))
    >>> "AsAh" in r, "QQ" in r
    (True, False)
    >>> len(r.remove("As"))
    9
    """

    __slots__ = ("_combos", "_dense", "_index", "_text", "_weights")

    _dense: np.ndarray
    _index: np.ndarray
    _combos: np.ndarray
    _weights: np.ndarray
    _text: str

    def __init__(self, text: str) -> None:
        self._init(_parse_dense(text), text)

    def _init(self, dense: np.ndarray, text: str | None) -> None:
        dense = np.array(dense, dtype=np.float64)
        index = np.flatnonzero(dense)[::-1].copy()
        combos = ALL_COMBOS[index]
        weights = dense[index]
        for array in (dense, index, combos, weights):
            array.flags.writeable = False
        for name, value in (
            ("_dense", dense), ("_index", index), ("_combos", combos), ("_weights", weights)
        ):  # fmt: skip
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_text", self.format() if text is None else text)

    @classmethod
    def _from_dense(cls, dense: np.ndarray, text: str | None = None) -> Range:
        self = cls.__new__(cls)
        self._init(dense, text)
        return self

    @classmethod
    def from_combos(
        cls,
        combos: np.ndarray | Sequence[Sequence[int]],
        weights: np.ndarray | Sequence[float] | None = None,
    ) -> Range:
        """Build a range from card-code pairs and optional weights in (0, 1].

        A combo given twice keeps its last weight, as in :func:`parse_range`.

        Examples
        --------
        >>> Range.from_combos([[51, 47], [50, 46], [49, 45], [48, 44]]).format()
        'AKs'
        """
        pairs = np.asarray(combos, dtype=np.int64).reshape(-1, 2)
        w = np.ones(len(pairs)) if weights is None else np.asarray(weights, dtype=np.float64)
        if w.shape != (len(pairs),):
            raise ValueError(f"{len(pairs)} combos but weights of shape {w.shape}")
        if np.any(~(w > 0) | (w > 1)):
            raise ValueError(f"weights must lie in (0, 1], got {w[~(w > 0) | (w > 1)][:5]}")
        dense = np.zeros(N_COMBOS)
        for (a, b), weight in zip(pairs.tolist(), w.tolist(), strict=False):
            dense[combo_index(a, b)] = weight
        return cls._from_dense(dense)

    def __setattr__(self, name: str, value: object) -> None:
        """Refuse: a range is immutable."""
        raise AttributeError(f"Range is immutable; cannot set {name!r}")

    # -- contents ----------------------------------------------------------------------

    @property
    def text(self) -> str:
        """The text this range was parsed from (the canonical format if derived)."""
        return self._text

    @property
    def combos(self) -> np.ndarray:
        """``uint8[n, 2]``: the combos, higher card first (read-only)."""
        return self._combos

    @property
    def weights(self) -> np.ndarray:
        """``float64[n]``: the weight of each combo in :attr:`combos` (read-only)."""
        return self._weights

    @property
    def dense(self) -> np.ndarray:
        """``float64[1326]``: weight by :func:`combo_index`, 0 where absent (read-only)."""
        return self._dense

    @property
    def n_combos(self) -> int:
        """Number of combos with a positive weight."""
        return int(self._index.size)

    size = n_combos
    """Alias of :attr:`n_combos` (a count of rows, like ``ndarray.size``)."""

    @property
    def weight(self) -> float:
        """Sum of the combo weights: the expected number of combos."""
        return float(self._weights.sum())

    @property
    def fraction(self) -> float:
        """:attr:`weight` over all 1,326 combos."""
        return self.weight / N_COMBOS

    def __len__(self) -> int:
        """Return the number of combos."""
        return self.n_combos

    def __iter__(self) -> Iterator[tuple[int, int]]:
        """Yield the combos as (higher card, lower card) code pairs."""
        return ((int(a), int(b)) for a, b in self._combos)

    def __contains__(self, item: object) -> bool:
        """Whether a combo (``"AhKh"``, ``(50, 46)``) or any combo of a class (``"AKs"``) is in."""
        if isinstance(item, str):
            label = _normalise_label(item)
            if label is not None:
                k = [_CLASS_INDEX[label]] if label in _CLASS_INDEX else [
                    _CLASS_INDEX[label + "s"], _CLASS_INDEX[label + "o"]
                ]  # fmt: skip
                return any(bool(self._dense[_CLASS_MEMBERS[c]].any()) for c in k)
        try:
            cards = parse_cards(item)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return False
        return len(cards) == 2 and bool(self._dense[combo_index(*cards)] > 0)

    def __eq__(self, other: object) -> bool:
        """Compare combos and weights (not the text)."""
        if not isinstance(other, Range):
            return NotImplemented
        return bool(np.array_equal(self._dense, other._dense))

    def __hash__(self) -> int:
        """Hash the combo weights, consistently with ``==``."""
        return hash(self._dense.tobytes())

    def __reduce__(self) -> tuple[object, tuple[np.ndarray, str]]:
        """Pickle as the dense weights and the text."""
        return Range._from_dense, (np.array(self._dense), self._text)

    def __repr__(self) -> str:
        """Return ``Range('<text>')``, which evaluates to an equal range."""
        return f"Range({self._text!r})"

    def __str__(self) -> str:
        """Return :meth:`format`."""
        return self.format()

    def _repr_html_(self) -> str:
        """Notebook view: size, canonical text and the 13x13 grid (weights as percent)."""
        import html

        rows = []
        for i, row in enumerate(self.grid()):
            cells = []
            for j, w in enumerate(row):
                shade = f"rgba(34,139,34,{0.15 + 0.65 * w:.2f})" if w > 0 else "transparent"
                label = CLASSES[13 * i + j] + ("" if w in (0.0, 1.0) else f" {w:.0%}")
                cells.append(f'<td style="background:{shade};padding:2px 4px">{label}</td>')
            rows.append("<tr>" + "".join(cells) + "</tr>")
        caption = (
            f"<p><code>{html.escape(self._text)}</code>: {self.n_combos} combos, weight "
            f"{self.weight:g} ({self.fraction:.2%} of 1326); canonical "
            f"<code>{html.escape(self.format())}</code></p>"
        )
        return caption + '<table style="font-size:80%">' + "".join(rows) + "</table>"

    def remove(self, cards: CardsLike | int) -> Range:
        """Return the range without the combos that hold any of ``cards`` (card removal).

        ``cards`` is anything :func:`~equity.cards.parse_cards` accepts, or an
        ``int`` card mask (bit ``card`` set).

        Examples
        --------
        >>> Range("QQ+").remove("As").n_combos
        15
        >>> Range("QQ+").remove(1 << 51 | 1 << 47).n_combos
        12
        """
        if isinstance(cards, (int, np.integer)):
            mask = int(cards)
            if not 0 <= mask < 1 << 52:
                raise ValueError(f"{cards!r} is not a 52-bit card mask")
        else:
            mask = 0
            for c in parse_cards(cards, allow_duplicates=True):
                mask |= 1 << c
        hit = np.array([(mask >> c) & 1 for c in range(52)], dtype=bool)
        keep = ~(hit[ALL_COMBOS[:, 0]] | hit[ALL_COMBOS[:, 1]])
        return Range._from_dense(np.where(keep, self._dense, 0.0))

    # -- classes and grid --------------------------------------------------------------

    def _class_weights(self) -> np.ndarray:
        """``float64[169]``: mean combo weight of each class, grid order."""
        sums = np.bincount(_COMBO_CLASS, weights=self._dense, minlength=169)
        return np.asarray(sums / _CLASS_SIZES)

    def classes(self) -> dict[str, float]:
        """Classes present, in grid order, with their mean combo weight in (0, 1].

        Examples
        --------
        >>> Range("AKs,AhKd@50").classes()
        {'AKs': 1.0, 'AKo': 0.041666666666666664}
        """
        cw = self._class_weights()
        return {CLASSES[k]: float(cw[k]) for k in np.flatnonzero(cw)}

    def grid(self) -> np.ndarray:
        """``float64[13, 13]``: mean combo weight per class, PokerStove layout.

        Rows and columns run A..2; ``grid[i, j]`` with ``i < j`` is the suited
        class of ranks ``i, j``, with ``i > j`` the offsuit one.

        Examples
        --------
        >>> g = Range("AKs").grid()
        >>> g[0, 1].item(), g[1, 0].item(), g.shape
        (1.0, 0.0, (13, 13))
        """
        return self._class_weights().reshape(13, 13)

    def grid_text(self, labels: bool = False) -> str:
        """Render the grid as text: labels where full, percent where partial, ``.`` if absent.

        Rows and columns run A, K, ..., 2; suited classes above the diagonal,
        offsuit below.  ``labels=True`` adds the ranks along the top and the
        left.

        Examples
        --------
        >>> print(Range("QQ+,AKs,AKo@50").grid_text().splitlines()[1])
        50% KK  .   .   .   .   .   .   .   .   .   .   .
        >>> print(Range("AA").grid_text(labels=True).splitlines()[0])
            A   K   Q   J   T   9   8   7   6   5   4   3   2
        """
        rows = []
        for i, row in enumerate(self.grid()):
            cells = [RANKS[12 - i]] if labels else []
            for j, w in enumerate(row):
                if w == 1.0:
                    cells.append(CLASSES[13 * i + j])
                elif w > 0:
                    cells.append(f"{max(1, min(99, round(w * 100)))}%")
                else:
                    cells.append(".")
            rows.append(" ".join(f"{c:<3}" for c in cells).rstrip())
        if labels:
            rows.insert(0, " ".join(f"{c:<3}" for c in [" ", *reversed(RANKS)]).rstrip())
        return "\n".join(rows)

    def plot_grid(self, ax: Axes | None = None, *, cmap: str = "Greens") -> Axes:
        """Draw the 13x13 grid as a heat map with class labels; returns the Axes."""
        try:
            import matplotlib.pyplot as plt
        except ImportError as err:  # pragma: no cover - depends on the install
            raise ImportError("plotting needs matplotlib: pip install 'equity[plot]'") from err
        if ax is None:
            _, ax = plt.subplots(figsize=(6.5, 6.5))
        grid = self.grid()
        ax.imshow(grid, cmap=cmap, vmin=0.0, vmax=1.0)
        for i in range(13):
            for j in range(13):
                ax.text(
                    j, i, CLASSES[13 * i + j], ha="center", va="center", fontsize=7,
                    color="white" if grid[i, j] > 0.6 else "black",
                )  # fmt: skip
        ax.set_xticks(range(13), list(RANKS[::-1]))
        ax.set_yticks(range(13), list(RANKS[::-1]))
        ax.set_title(f"{self._text}  ({self.weight:g} combos, {100 * self.fraction:.1f}%)")
        return ax

    def to_frame(self) -> pd.DataFrame:
        """One row per combo: ``combo`` (``"AsKs"``), ``class`` and ``weight``.

        Examples
        --------
        >>> Range("AKs@25").to_frame().head(2)
          combo class  weight
        0  AsKs   AKs    0.25
        1  AhKh   AKs    0.25
        """
        import pandas as pd

        return pd.DataFrame(
            {
                "combo": [format_cards(c) for c in self._combos],
                "class": [CLASSES[k] for k in _COMBO_CLASS[self._index]],
                "weight": self._weights,
            }
        )

    # -- formatting --------------------------------------------------------------------

    def format(self) -> str:
        """Shortest canonical text of the range (parses back to an equal range).

        Runs are written ``QQ+``, ``66-22``, ``A2s+``, ``AJs-A8s`` and
        ``T9s-65s``, ``AK`` stands for both suitednesses, and ``@weight``
        (percent) follows terms not at 100 %; all of ``random`` is ``random``.
        Terms come by weight (heaviest first), pairs before other classes,
        strongest first; combos of partly held classes are listed one by one
        at the end.  ``parse_range(r.format()) == r`` for every range ``r``.

        Examples
        --------
        >>> Range("AA,KK,QQ,A5s,A4s,A3s,A2s,KQo,KJo,T9s,98s,87s@50").format()
        'QQ+,A5s-A2s,KJo+,T9s-98s,87s@50'
        >>> Range("random").remove("As Ks").n_combos
        1225
        """
        dense = self._dense
        present = dense[dense > 0]
        if present.size == 0:
            return ""
        if present.size == N_COMBOS and np.all(present == present[0]):
            return _weighted("random", float(present[0]))
        full_weight: dict[int, float] = {}
        loose: list[int] = []
        for k, members in enumerate(_CLASS_MEMBERS):
            w = dense[members]
            if w[0] > 0 and np.all(w == w[0]):
                full_weight[k] = float(w[0])
            else:
                loose.extend(int(i) for i in members[w > 0])
        terms: list[str] = []
        for weight in sorted(set(full_weight.values()), reverse=True):
            full = {k for k, w in full_weight.items() if w == weight}
            pairs = {12 - k // 14 for k in full if k % 14 == 0}
            keyed = _pair_terms(pairs) + _nonpair_terms({k for k in full if k % 14})
            terms.extend(_weighted(text, weight) for _, text in sorted(keyed))
        loose.sort(key=lambda i: (-dense[i], -i))
        terms.extend(_weighted(format_cards(ALL_COMBOS[i]), float(dense[i])) for i in loose)
        return ",".join(terms)


# --------------------------------------------------------------------------------------
# Command line: python -m equity.ranges --rebuild-preflop


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m equity.ranges``: rebuild the preflop table or show a range."""
    parser = argparse.ArgumentParser(prog="python -m equity.ranges", description=__doc__)
    parser.add_argument("range", nargs="?", help="a range to show as a grid")
    parser.add_argument(
        "--rebuild-preflop", action="store_true",
        help=f"recompute equity/data/{_PREFLOP_FILE} (exact equity vs a random hand)",
    )  # fmt: skip
    parser.add_argument("--out", type=Path, help="where to write the table (default: package)")
    args = parser.parse_args(argv)
    if args.rebuild_preflop:
        out = args.out or Path(str(resources.files("equity") / "data" / _PREFLOP_FILE))
        seconds = _write_preflop(out)
        _shipped_preflop_counts.cache_clear()
        _ranking_indices.cache_clear()
        print(f"wrote {out} in {seconds:.1f} s (board sweep incl. compile/load)")
        counts = preflop_equity_vs_random() if args.out is None else None
        if counts is not None:
            for label in ("AA", "KK", "AKs", "72o", "32o"):
                win, tie, total = counts[label]
                print(f"  {label:<4} {(win + tie / 2) / total:.6f}  ({win}, {tie}, {total})")
        return 0
    if args.range is None:
        parser.print_help()
        return 0
    r = Range(args.range)
    print(r.grid_text())
    print(f"{r.format()}: {r.n_combos} combos, weight {r.weight:g} ({100 * r.fraction:.2f}%)")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
