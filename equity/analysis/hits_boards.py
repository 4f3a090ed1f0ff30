"""Boards for :func:`equity.analysis.hits.hits`: parsing, and every flop up to suit isomorphism.

Two flops are *isomorphic* when a permutation of the suits maps one onto the
other (``AsKs2h`` and ``AhKh2d``): any range given by hand classes (``QQ+``,
``AKs``, ``15%``) hits them alike.  The 22,100 flops fall into 1,755 such
classes; :func:`flop_classes` lists one flop of each with its *multiplicity*,
the number of flops it stands for.  When the range or the dead cards are not
symmetric under every permutation (``AhKh``, a dead card), only the
permutations that keep them unchanged are used, and there are more classes:
with none, every flop is its own class.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

import numpy as np

from ..cards import card_mask, format_cards, parse_cards
from ..ranges import ALL_COMBOS

__all__ = ["N_FLOPS", "flop_classes", "parse_boards", "suit_symmetries"]

N_FLOPS = 22_100
"""Number of flops, C(52, 3)."""


def parse_boards(board: object) -> list[list[int]]:
    """One board (``"Ts9s2h"``, card codes) or a sequence of boards, as lists of card codes.

    A sequence whose items are strings of more than one card, or sequences,
    is several boards; otherwise it is one board.  Each board has 3, 4 or 5
    distinct cards.

    Examples
    --------
    >>> parse_boards("Ts9s2h")
    [[35, 31, 2]]
    >>> parse_boards(["Ts9s2h", "AcKd2s5h"])
    [[35, 31, 2], [48, 45, 3, 14]]
    """
    if isinstance(board, str) or board is None:
        boards: list[object] = [board or ""]
    elif _several(board):
        boards = list(board)  # type: ignore[call-overload]
    else:
        boards = [board]
    if not boards:
        raise ValueError("no board given: give a flop (3 cards), a turn (4) or a river (5)")
    out = []
    for b in boards:
        cards = parse_cards(b)  # type: ignore[arg-type]
        if not 3 <= len(cards) <= 5:
            shown = format_cards(cards) or "an empty board"
            raise ValueError(
                f"board {shown} has {len(cards)} cards: give a flop (3 cards), a turn (4) "
                "or a river (5)"
            )
        out.append(cards)
    return out


def _several(board: object) -> bool:
    """Whether a sequence is several boards: a 2-D array, or items of more than one card."""
    if isinstance(board, np.ndarray):
        return board.ndim == 2
    return isinstance(board, Sequence) and any(
        isinstance(b, Sequence | np.ndarray) and not (isinstance(b, str) and len(b.strip()) <= 3)
        for b in board
    )


@functools.lru_cache(maxsize=1)
def _suit_maps() -> np.ndarray:
    """``int64[24, 52]``: the card each of the 24 suit permutations maps each card to."""
    cards = np.arange(52)
    perms = np.array(list(itertools.permutations(range(4))))
    return np.asarray((cards // 4) * 4 + perms[:, cards % 4])


def _combo_indices(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """:func:`equity.ranges.combo_index`, vectorised."""
    hi, lo = np.maximum(a, b), np.minimum(a, b)
    return hi * (hi - 1) // 2 + lo


def suit_symmetries(dense: np.ndarray, dead: Sequence[int] = ()) -> np.ndarray:
    """The suit permutations (rows of card maps) that keep a range and the dead cards.

    ``dense`` is a range's ``float64[1326]`` combo weights.

    Shapes
    ------
    return : int64[n_perms, 52], the identity first; 24 rows for a symmetric range
    """
    maps = _suit_maps()
    combos = ALL_COMBOS.astype(np.int64)
    dead_mask = card_mask(dead)
    dead_cards = np.array(dead, dtype=np.int64)
    keep = []
    for m in maps:
        moved = _combo_indices(m[combos[:, 0]], m[combos[:, 1]])
        if np.array_equal(dense[moved], dense) and card_mask(m[dead_cards]) == dead_mask:
            keep.append(m)
    return np.array(keep)


def flop_classes(perms: np.ndarray, dead: Sequence[int] = ()) -> tuple[np.ndarray, np.ndarray]:
    """One flop per class of flops that ``perms`` map onto each other, and the class sizes.

    Flops holding a dead card are left out.  Each class is shown by its
    highest flop (cards in decreasing order, compared card by card), and the
    classes come in decreasing order of it: ``AsAhAd`` first.

    Shapes
    ------
    perms : int64[n_perms, 52], a group of suit permutations (:func:`suit_symmetries`)
    return : (uint8[n_classes, 3], int64[n_classes]); the sizes sum to the flops left

    Examples
    --------
    >>> flops, sizes = flop_classes(_suit_maps())
    >>> len(flops), int(sizes.sum())
    (1755, 22100)
    >>> format_cards(flops[0]), int(sizes[0]), format_cards(flops[-1]), int(sizes[-1])
    ('AsAhAd', 4, '2s2h2d', 4)
    """
    flops = np.array(list(itertools.combinations(range(51, -1, -1), 3)), dtype=np.int64)
    if dead:
        flops = flops[(card_mask(dead) >> flops & 1).sum(axis=1) == 0]
    best = np.zeros(len(flops), dtype=np.int64)
    for m in perms:
        moved = -np.sort(-m[flops], axis=1)
        code = (moved[:, 0] * 52 + moved[:, 1]) * 52 + moved[:, 2]
        np.maximum(best, code, out=best)
    codes, sizes = np.unique(best, return_counts=True)
    codes, sizes = codes[::-1], sizes[::-1]
    reps = np.stack([codes // 2704, codes // 52 % 52, codes % 52], axis=1).astype(np.uint8)
    return reps, sizes.astype(np.int64)
