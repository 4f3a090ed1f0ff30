"""The :class:`Range` class: an immutable weighted set of hold'em starting hands.

:func:`parse_range` and ``Range(text)`` read the syntax of :mod:`equity.ranges`
(through :mod:`equity.ranges.grammar`); :meth:`Range.format` writes the
canonical text (through :mod:`equity.ranges.canonical`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

import numpy as np

from ..cards import RANKS, CardsLike, format_cards, parse_cards
from .canonical import format_dense
from .classes import (
    ALL_COMBOS,
    CLASS_INDEX,
    CLASS_MEMBERS,
    CLASS_SIZES,
    CLASSES,
    COMBO_CLASS,
    N_COMBOS,
    combo_index,
    normalise_label,
)
from .grammar import parse_dense

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Range", "parse_range"]


class Range:
    """A weighted set of hold'em starting hands (immutable).

    ``Range(text)`` parses PokerStove/Equilab syntax (see :mod:`equity.ranges`);
    :meth:`from_combos` builds one from arrays.

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
        self._init(parse_dense(text), text)

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
            label = normalise_label(item)
            if label is not None:
                k = [CLASS_INDEX[label]] if label in CLASS_INDEX else [
                    CLASS_INDEX[label + "s"], CLASS_INDEX[label + "o"]
                ]  # fmt: skip
                return any(bool(self._dense[CLASS_MEMBERS[c]].any()) for c in k)
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
        sums = np.bincount(COMBO_CLASS, weights=self._dense, minlength=169)
        return np.asarray(sums / CLASS_SIZES)

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
                "class": [CLASSES[k] for k in COMBO_CLASS[self._index]],
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
        return format_dense(self._dense)


def parse_range(text: str) -> Range:
    """Parse a PokerStove/Equilab range such as ``"QQ+,AKs,A5s-A2s@50"``.

    See :mod:`equity.ranges` for the syntax.  A combo named twice keeps the
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
