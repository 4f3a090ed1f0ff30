"""Canonical range text: a weight for each combo written back as the shortest terms.

:func:`format_dense` writes a weight vector as range text that
:func:`equity.ranges.grammar.parse_dense` reads back to the same weights;
:meth:`equity.ranges.Range.format` states the rules.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from ..cards import RANKS, format_cards
from .classes import ALL_COMBOS, CLASS_MEMBERS, N_COMBOS

__all__ = ["format_dense"]

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
    """Write pair runs (``QQ+``, ``66-22``, ``88``) as (sort key, text)."""
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
    """Write the non-pair classes with grid indices ``full`` as (sort key, text).

    Kicker runs share the top card (``A2s+``, ``AJs-A8s``); single classes
    left over join connector runs with the same gap (``T9s-65s``).
    """
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
    """Append ``@percent`` (or prefix ``fraction:``) to a term not at full weight."""
    if weight == 1.0:
        return term
    pct = _percent_text(weight)
    return f"{term}@{pct}" if pct is not None else f"{weight!r}:{term}"


def format_dense(dense: np.ndarray) -> str:
    """Shortest canonical range text of a weight for each combo.

    The text of :meth:`equity.ranges.Range.format`, from the weights alone.

    Parameters
    ----------
    dense : numpy.ndarray
        ``float64[1326]``, the weight in (0, 1] of each combo by
        :func:`~equity.ranges.combo_index`, 0 where absent.

    Returns
    -------
    str
        Comma-separated terms; ``""`` when no combo has a weight.

    Examples
    --------
    >>> from equity.ranges.grammar import parse_dense
    >>> format_dense(parse_dense("AA, KK, QQ, AKs, AhKd@50"))
    'QQ+,AKs,AhKd@50'
    """
    present = dense[dense > 0]
    if present.size == 0:
        return ""
    if present.size == N_COMBOS and np.all(present == present[0]):
        return _weighted("random", float(present[0]))
    full_weight: dict[int, float] = {}
    loose: list[int] = []
    for k, members in enumerate(CLASS_MEMBERS):
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
