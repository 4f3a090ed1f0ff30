"""Board textures: how a flop, turn or river looks (suits, pairing, high card, connectedness).

:func:`textures` classifies many boards at once (NumPy, no kernels) into the
columns below; ``equity flops``, ``equity hits --flops all`` and ``equity
deal`` show them beside each board, and ``--where`` filters on them.

Textures
--------
Ranks are compared by value, the ace highest (and also low in A-2-3-4-5; in
short deck in A-6-7-8-9).  The columns:

- suits: the suits of the board.  On a flop: "monotone" (three cards of one
  suit), "two-tone" (two of one suit), "rainbow" (three suits).  On a turn:
  "four-flush" (four of one suit), "three-flush" (three of one suit),
  "double two-tone" (two suits twice), "two-tone" (two of one suit, the
  others apart), "rainbow" (four suits).  On a river: "five-flush",
  "four-flush", "three-flush" (a flush is possible with four, three cards of
  one suit), "no flush" (at most two cards of any suit).
- flush_cards: the most cards of one suit on the board.
- pairing: "unpaired" (all ranks different), "paired" (one pair), "two pair",
  "trips" (three of one rank), "full house" (three of one rank and two of
  another), "quads" (four of one rank).
- high: the highest rank on the board (A, K, ..., 2).
- straight_possible: what a straight needs, judged over every run of five ranks:
  "made" (five board ranks form one: the board is a straight), "one card" (a
  run holds four board ranks: one hole card completes it), "two cards" (a run
  holds three board ranks: two hole cards complete it), "none" (no run holds
  three board ranks: no straight is possible).
- gaps: the ranks missing between the board's distinct ranks, from the lowest
  to the highest (0 for J-T-9 and for a paired board's two ranks next to each
  other, 1 for J-T-8; with the ace counted low when that gives fewer: A-2-4
  has 1).
- connectedness: "connected" (gaps 0), "one-gap" (1), "two-gap" (2),
  "disconnected" (3 or more) of the distinct ranks; a board of one rank is
  "connected".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ..cards import format_cards

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["COLUMNS", "TEXTURE_DEFINITIONS", "texture_arrays", "texture_columns", "textures"]

TEXTURE_DEFINITIONS = (__doc__ or "").split("Textures\n--------\n")[1].strip()
"""The definitions of the texture columns (the module docstring's section), for ``--help``."""

COLUMNS = ("suits", "flush_cards", "pairing", "high", "straight_possible", "gaps", "connectedness")
"""The texture columns, in order."""

_RANKS = "23456789TJQKA"
_SUITS = {
    3: {3: "monotone", 2: "two-tone", 1: "rainbow"},
    4: {4: "four-flush", 3: "three-flush", 2: "two-tone", 1: "rainbow"},
    5: {5: "five-flush", 4: "four-flush", 3: "three-flush", 2: "no flush", 1: "no flush"},
}
_PAIRING = {
    (1,): "unpaired",
    (2,): "paired",
    (2, 2): "two pair",
    (3,): "trips",
    (3, 2): "full house",
    (4,): "quads",
}
_PAIRING_BY_SHAPE = np.array(
    [_PAIRING.get((a, b) if b > 1 else (a,), "") for a in range(5) for b in range(5)],
    dtype=object,
)
"""Pairing by ``5 * most cards of a rank + next most (1 when single)``."""
_STRAIGHT = np.array(["none", "none", "none", "two cards", "one card", "made"])
_CONNECTEDNESS = np.array(["connected", "one-gap", "two-gap", "disconnected"])


def _runs(game: str) -> np.ndarray:
    """``bool[n_runs, 14]``: the five-rank runs of straights over ranks 0..12 and the low ace.

    Column 13 is the ace played low (below the lowest rank of the game).
    """
    from ..games import game as registered

    low = registered(game).lowest_rank
    runs = []
    for top in range(low + 4, 13):
        row = np.zeros(14, dtype=bool)
        row[top - 4 : top + 1] = True
        runs.append(row)
    wheel = np.zeros(14, dtype=bool)
    wheel[low : low + 4] = True
    wheel[13] = True
    runs.append(wheel)
    return np.array(runs)


def texture_arrays(boards: np.ndarray, game: str = "holdem") -> dict[str, np.ndarray]:
    """The texture columns of many boards of one size, as arrays (see :data:`COLUMNS`).

    Shapes
    ------
    boards : int[n_boards, k], 3 <= k <= 5, card codes (4 * rank + suit)
    return : one array[n_boards] per column
    """
    boards = np.asarray(boards, dtype=np.int64)
    if boards.ndim != 2 or not 3 <= boards.shape[1] <= 5:
        raise ValueError("textures need boards of 3, 4 or 5 cards")
    k = boards.shape[1]
    ranks, suits = boards // 4, boards % 4
    suit_counts = (suits[:, :, None] == np.arange(4)).sum(axis=1)
    rank_counts = (ranks[:, :, None] == np.arange(13)).sum(axis=1)
    flush_cards = suit_counts.max(axis=1)
    suit_names = np.array([_SUITS[k].get(m, "") for m in range(6)], dtype=object)[flush_cards]
    if k == 4:
        double = (np.sort(suit_counts, axis=1)[:, -2:] == 2).all(axis=1)
        suit_names[double] = "double two-tone"
    shape = -np.sort(-rank_counts, axis=1)[:, :2]
    pairing = _PAIRING_BY_SHAPE[shape[:, 0] * 5 + np.where(shape[:, 1] > 1, shape[:, 1], 1)]
    present = rank_counts > 0
    high = np.array(list(_RANKS), dtype=object)[12 - np.argmax(present[:, ::-1], axis=1)]
    with_low_ace = np.concatenate([present, present[:, 12:]], axis=1)
    in_run = with_low_ace.astype(np.int64) @ _runs(game).T.astype(np.int64)
    best_run = in_run.max(axis=1)
    gaps = np.minimum(_gaps(present, ace_low=False), _gaps(present, ace_low=True))
    return {
        "suits": suit_names,
        "flush_cards": flush_cards,
        "pairing": pairing,
        "high": high,
        "straight_possible": _STRAIGHT[best_run],
        "gaps": gaps,
        "connectedness": _CONNECTEDNESS[np.minimum(gaps, 3)],
    }


def _gaps(present: np.ndarray, *, ace_low: bool) -> np.ndarray:
    """The ranks missing between the lowest and the highest distinct rank of each board."""
    if ace_low:
        present = np.concatenate([present[:, 12:], present[:, :12]], axis=1)
    distinct = present.sum(axis=1)
    highest = 12 - np.argmax(present[:, ::-1], axis=1)
    lowest = np.argmax(present, axis=1)
    return np.asarray(highest - lowest + 1 - distinct)


def texture_columns(boards: np.ndarray, repeat: int = 1, game: str = "holdem") -> dict[str, Any]:
    """The texture columns of many boards as pandas categoricals (integers for the counts),
    each row repeated ``repeat`` times (one row per deal and player).

    Shapes
    ------
    boards : int[n_boards, k], 3 <= k <= 5
    return : one column[n_boards * repeat] per name of :data:`COLUMNS`
    """
    import pandas as pd

    out: dict[str, Any] = {}
    for name, values in texture_arrays(boards, game).items():
        if values.dtype.kind in "iu":
            out[name] = np.repeat(values.astype(np.int8), repeat)
        else:
            column = pd.Categorical(values)
            out[name] = pd.Categorical.from_codes(
                np.repeat(column.codes, repeat), dtype=column.dtype
            )
    return out


def textures(boards: Sequence[object] | np.ndarray, game: str = "holdem") -> pd.DataFrame:
    """The texture of each board (flop, turn or river): one row per board, indexed by board.

    ``boards`` is a sequence of boards (``"Ts9s2h"`` or card codes) or an
    ``int[n, k]`` array; boards of different sizes may be mixed.  The columns
    are :data:`COLUMNS`, defined in :data:`TEXTURE_DEFINITIONS`.

    Examples
    --------
    >>> t = textures(["Ts9s2h", "AhKhQh", "7c7d2s5h"])
    >>> [str(x) for x in t.loc["Ts9s2h"]]
    ['two-tone', '2', 'unpaired', 'T', 'none', '6', 'disconnected']
    >>> t.loc["AhKhQh", "straight_possible"], t.loc["7c7d2s5h", "pairing"]
    ('two cards', 'paired')
    """
    import pandas as pd

    from ..cards import parse_cards

    if isinstance(boards, np.ndarray) and boards.ndim == 2:
        parsed = [list(map(int, b)) for b in boards]
    else:
        parsed = [parse_cards(b) for b in boards]  # type: ignore[arg-type]
    for b in parsed:
        if not 3 <= len(b) <= 5 or len(set(b)) != len(b):
            raise ValueError(
                f"board {format_cards(b) or '(empty)'} is not a flop, turn or river "
                "(3-5 distinct cards)"
            )
    frame = pd.DataFrame(index=pd.Index([format_cards(b) for b in parsed], name="board"))
    sizes = np.array([len(b) for b in parsed])
    columns: dict[str, np.ndarray] = {}
    for size in np.unique(sizes):
        where = np.flatnonzero(sizes == size)
        part = texture_arrays(np.array([parsed[i] for i in where]), game)
        for name, values in part.items():
            columns.setdefault(name, np.empty(len(parsed), dtype=values.dtype))[where] = values
    for name in COLUMNS:
        frame[name] = columns[name] if parsed else []
    return frame
