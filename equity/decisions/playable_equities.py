"""The exact equity of every hand against a range: the routes of :func:`~.playable.playable`.

Preflop, each hand class's equity against the range is that of
``equity.calculate([CLASS, RANGE])``: every combo pair that shares no card,
each with the range combo's weight, every board.  Three routes give it
exactly (:mod:`equity.decisions.playable` states when each answers):
:func:`by_table` (the shipped 169x169 counts), :func:`by_patterns` (each
distinct suit pattern of the combo pairs enumerated once) and
:func:`by_engine` (one exact run per class, with dead cards).  On a board,
:func:`on_board` gives every combo's equity from one exact engine run.

Every function returns plain arrays: ``float64[169]`` by grid index of
:data:`equity.ranges.CLASSES`, nan for a class of no legal deal (outside the
game's deck, or every combo dead).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..cards import format_cards
from ..games import game as get_game
from ..ranges import ALL_COMBOS, CLASSES, Range
from ..ranges.classes import CLASS_MEMBERS

__all__ = [
    "MAX_ENGINE_WORK",
    "by_engine",
    "by_patterns",
    "by_table",
    "class_uniform",
    "game_classes",
    "on_board",
    "pattern_keys",
]

MAX_ENGINE_WORK = 3_000_000_000
"""Preflop with dead cards: the most hand evaluations (the engine's estimate, summed over the
classes) :func:`by_engine` enumerates; about a minute on two cores."""

_PERMUTATIONS = np.array(
    [
        (a, b, c, d)
        for a in range(4)
        for b in range(4)
        for c in range(4)
        for d in range(4)
        if len({a, b, c, d}) == 4
    ],
    dtype=np.int64,
)
"""The 24 permutations of the four suits."""


def game_classes(lowest_rank: int) -> list[int]:
    """Grid indices of the game's classes (both ranks at least ``lowest_rank``)."""
    return [k for k in range(169) if int(ALL_COMBOS[CLASS_MEMBERS[k][0]].min() >> 2) >= lowest_rank]


def class_uniform(dense: np.ndarray) -> bool:
    """Whether every combo of each class has the same weight."""
    return all(np.all(dense[m] == dense[m][0]) for m in CLASS_MEMBERS)


def by_table(dense: np.ndarray) -> np.ndarray:
    """Hold'em class equities from the shipped 169x169 counts (``float64[169]``, nan: no deal)."""
    from ..preflop_table import COLUMNS, load_preflop_table

    shipped = load_preflop_table()  # row m: CLASSES[i] against CLASSES[j], i <= j, row-major
    counts = shipped[list(COLUMNS[2:])].to_numpy(dtype=np.float64)
    i, j = np.triu_indices(169)
    wins, ties, total = (np.zeros((169, 169)) for _ in range(3))
    wins[i, j], wins[j, i] = counts[:, 0], counts[:, 1]
    ties[i, j], ties[j, i] = counts[:, 2], counts[:, 2]
    total[i, j], total[j, i] = counts[:, 3], counts[:, 3]
    weight = np.array([dense[m][0] for m in CLASS_MEMBERS])  # per combo: uniform by class
    num = (wins + ties / 2) @ weight
    den = total @ weight
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(den > 0, num / np.where(den > 0, den, 1), np.nan)


def pattern_keys(hero: np.ndarray, villain: np.ndarray) -> np.ndarray:
    """The canonical suit-pattern key of each (hero, villain) pair of hands.

    The smallest ``((h_hi * 52 + h_lo) * 52 + v_hi) * 52 + v_lo`` over the 24 suit
    permutations (each hand high code first): the key of
    :func:`equity.engine.preflop_lookup.pattern_key`, for arrays.

    Shapes
    ------
    hero, villain : int64[n, 2]; return : int64[n]
    """
    cards = np.concatenate([hero, villain], axis=1)
    mapped = (cards & ~3)[None] | _PERMUTATIONS[:, cards & 3]  # (24, n, 4)
    h_hi = np.maximum(mapped[..., 0], mapped[..., 1])
    h_lo = np.minimum(mapped[..., 0], mapped[..., 1])
    v_hi = np.maximum(mapped[..., 2], mapped[..., 3])
    v_lo = np.minimum(mapped[..., 2], mapped[..., 3])
    return (((h_hi * 52 + h_lo) * 52 + v_hi) * 52 + v_lo).min(axis=0)


def _decode(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The representative hands of pattern keys: ``(hero int64[n, 2], villain int64[n, 2])``."""
    hero = np.stack([keys // 52**3, keys // 52**2 % 52], axis=1)
    villain = np.stack([keys // 52 % 52, keys % 52], axis=1)
    return hero, villain


def _pattern_shares(keys: np.ndarray, game: str) -> np.ndarray:
    """The hero's exact share of the pot in each suit pattern, over every preflop board."""
    hero, villain = _decode(keys)
    if get_game(game).preflop_table:  # hold'em: the shipped counts of every pattern
        from ..engine.preflop_lookup import BOARDS, lookup

        shares = np.empty(len(keys))
        for k, (h, v) in enumerate(zip(hero.tolist(), villain.tolist(), strict=True)):
            found = lookup((h[0], h[1]), (v[0], v[1]))
            if found is None:
                raise RuntimeError("the shipped preflop pattern counts are missing")
            shares[k] = (found[0] + found[2] / 2) / BOARDS
        return shares
    from ..engine import calculate_many

    spots = [
        ([format_cards(h), format_cards(v)], "")
        for h, v in zip(hero.tolist(), villain.tolist(), strict=True)
    ]
    return calculate_many(spots, game=game).equity[:, 0]


def by_patterns(dense: np.ndarray, classes: Sequence[int], game: str) -> np.ndarray:
    """Class equities by suit patterns, any weights (``float64[169]``, nan: no deal)."""
    v_idx = np.flatnonzero(dense > 0)
    v_cards = ALL_COMBOS[v_idx].astype(np.int64)
    v_mask = (np.int64(1) << v_cards).sum(axis=1)
    per_class: list[tuple[int, np.ndarray, np.ndarray]] = []
    for k in classes:
        h_cards = ALL_COMBOS[CLASS_MEMBERS[k]].astype(np.int64)
        h_mask = (np.int64(1) << h_cards).sum(axis=1)
        ok = (h_mask[:, None] & v_mask[None, :]) == 0  # (hero combos, villain combos)
        hi, vi = np.nonzero(ok)
        keys = pattern_keys(h_cards[hi], v_cards[vi])
        unique, inverse = np.unique(keys, return_inverse=True)
        weight = np.bincount(inverse, weights=dense[v_idx[vi]], minlength=len(unique))
        per_class.append((k, unique, weight))
    every = np.unique(np.concatenate([u for _, u, _ in per_class]))
    shares = _pattern_shares(every, game)
    out = np.full(169, np.nan)
    for k, unique, weight in per_class:
        if weight.sum() > 0:
            out[k] = float(np.dot(weight, shares[np.searchsorted(every, unique)]) / weight.sum())
    return out


def by_engine(villain: Range, classes: Sequence[int], dead: list[int], game: str) -> np.ndarray:
    """Class equities by one exact run per class (preflop with dead cards), within the limit."""
    from ..checks import limit_text
    from ..engine import calculate_many
    from ..engine.plan import plan

    used = np.zeros(52, dtype=bool)
    used[dead] = True
    live = [
        k
        for k in classes
        if not np.all(used[ALL_COMBOS[CLASS_MEMBERS[k]]].any(axis=1))  # a combo left to deal
    ]
    dead_text = format_cards(dead)
    work = 0.0
    for k in live:
        work += (
            plan([CLASSES[k], villain], "", dead_text, game=game, method="exact").exact_work or 0
        )
    if work > MAX_ENGINE_WORK:
        raise ValueError(
            f"exact equities of every class against the range with dead cards preflop would take "
            f"about {work:.2e} hand evaluations, beyond the limit of "
            f"{limit_text(MAX_ENGINE_WORK)}: drop the dead cards or give a board"
        )
    out = np.full(169, np.nan)
    if live:
        spots = [([CLASSES[k], villain], "") for k in live]
        r = calculate_many(spots, dead=dead_text, game=game)
        out[live] = r.equity[:, 0]
    return out


def on_board(
    villain: Range, board: list[int], dead: list[int], game: str
) -> tuple[list[str], np.ndarray, np.ndarray]:
    """Every combo's exact equity against the range on the board: one exact engine run."""
    from ..engine import TooLargeForExact, calculate

    try:
        result = calculate(
            ["100%", villain], format_cards(board), format_cards(dead), game=game, method="exact"
        )
    except TooLargeForExact as exc:
        raise ValueError(
            f"exact equities of every combo would take about {exc.work:.2e} hand evaluations"
        ) from None
    table = result.combo_results[0]["combos"]
    names = list(table)
    return names, np.array([table[n] for n in names], dtype=float), np.ones(len(names))
