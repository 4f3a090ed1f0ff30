"""The exact equity of every hand against a range: the routes of :func:`~.playable.playable`.

Preflop, each hand class's equity against the range is that of
``equity.calculate([CLASS, RANGE])``: every combo pair that shares no card,
each with the range combo's weight, every board.  Three routes give it
exactly (:mod:`equity.decisions.playable` states when each answers):
:func:`by_table` (the shipped 169x169 counts), :func:`by_patterns` (each
distinct suit pattern of the combo pairs enumerated once) and
:func:`by_engine` (one exact run per class, with dead cards).  On a board,
:func:`on_board` gives every combo's equity from one exact engine run (and
:mod:`equity.decisions.playable_runouts` the same, runout by runout, for wide ranges).

Every function returns plain arrays: ``float64[169]`` by grid index of
:data:`equity.ranges.CLASSES`, nan for a class of no legal deal (outside the
game's deck, or every combo dead).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from importlib import resources

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


def _mapped_combos() -> np.ndarray:
    """``int64[24, 1326]``: ``hi * 52 + lo`` of each combo's image under each suit permutation."""
    cards = ALL_COMBOS.astype(np.int64)
    mapped = (cards & ~3)[None] | _PERMUTATIONS[:, cards & 3]  # (24, 1326, 2)
    out = mapped.max(axis=2) * 52 + mapped.min(axis=2)
    out.flags.writeable = False
    return out


_MAPPED = _mapped_combos()


def pattern_keys(hero: np.ndarray, villain: np.ndarray) -> np.ndarray:
    """The canonical suit-pattern key of each (hero, villain) pair of hands.

    The smallest ``((h_hi * 52 + h_lo) * 52 + v_hi) * 52 + v_lo`` over the 24 suit
    permutations (each hand high code first): the key of
    :func:`equity.engine.preflop_lookup.pattern_key`, for arrays.

    Shapes
    ------
    hero, villain : int64[n, 2]; return : int64[n]
    """
    return _combo_keys(_combo_indices(hero), _combo_indices(villain))


def _combo_indices(cards: np.ndarray) -> np.ndarray:
    """Combo index (:func:`equity.ranges.combo_index`) of each row of two card codes."""
    hi, lo = cards.max(axis=1).astype(np.int64), cards.min(axis=1).astype(np.int64)
    return hi * (hi - 1) // 2 + lo


def _combo_keys(hero: np.ndarray, villain: np.ndarray) -> np.ndarray:
    """:func:`pattern_keys` of combo indices: one gather per permutation."""
    return (_MAPPED[:, hero] * 2704 + _MAPPED[:, villain]).min(axis=0)


def _decode(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The representative hands of pattern keys: ``(hero int64[n, 2], villain int64[n, 2])``."""
    hero = np.stack([keys // 52**3, keys // 52**2 % 52], axis=1)
    villain = np.stack([keys // 52 % 52, keys % 52], axis=1)
    return hero, villain


@functools.cache
def _shipped_patterns() -> tuple[np.ndarray, np.ndarray]:
    """The shipped hold'em pattern counts: ``keys int64[n]`` (ascending) and ``counts
    int64[n, 3]`` (wins of the first hand, of the second, ties over every board), as
    :func:`equity.preflop_table.write_shipped_patterns` documents the file."""
    from ..engine.preflop_lookup import PATTERNS_FILE

    source = resources.files("equity") / "data" / PATTERNS_FILE
    with resources.as_file(source) as path:
        if not path.is_file():
            raise FileNotFoundError(
                f"the exact preflop pattern counts {str(path)!r} are missing; rebuild them "
                "with python tools/build_preflop_table.py"
            )
        with np.load(path) as data:
            return data["keys"].astype(np.int64), data["counts"].astype(np.int64)


def _pattern_shares(keys: np.ndarray, game: str) -> np.ndarray:
    """The first hand's exact share of the pot in each suit pattern, over every preflop board.

    Hold'em reads the shipped counts (each pattern listed once, either way round);
    other games enumerate each pattern by :func:`equity.engine.calculate_many`.
    """
    hero, villain = _decode(keys)
    if get_game(game).preflop_table:
        from ..engine.preflop_lookup import BOARDS

        known, counts = _shipped_patterns()
        shares = np.full(len(keys), np.nan)
        for first, key in ((0, keys), (1, pattern_keys(villain, hero))):  # either way round
            at = np.minimum(np.searchsorted(known, key), len(known) - 1)
            found = (known[at] == key) & np.isnan(shares)
            c = counts[at[found]]
            shares[found] = (c[:, first] + c[:, 2] / 2) / BOARDS
        if np.isnan(shares).any():
            raise RuntimeError("a suit pattern is missing from the shipped preflop counts")
        return shares
    from ..engine import calculate_many

    spots = [
        ([format_cards(h), format_cards(v)], "")
        for h, v in zip(hero.tolist(), villain.tolist(), strict=True)
    ]
    return calculate_many(spots, game=game).equity[:, 0]


def by_patterns(dense: np.ndarray, classes: Sequence[int], game: str) -> np.ndarray:
    """Class equities by suit patterns, any weights (``float64[169]``, nan: no deal).

    A pair of hands and the same pair the other way round are one enumeration
    (the second hand's share is one minus the first's): each pair is keyed by
    the smaller of its two orientations' keys, so a pattern is enumerated once.
    """
    v_idx = np.flatnonzero(dense > 0)
    v_cards = ALL_COMBOS[v_idx].astype(np.int64)
    v_mask = (np.int64(1) << v_cards).sum(axis=1)
    per_class: list[tuple[int, np.ndarray, np.ndarray, np.ndarray]] = []
    for k in classes:
        h_cards = ALL_COMBOS[CLASS_MEMBERS[k]].astype(np.int64)
        h_mask = (np.int64(1) << h_cards).sum(axis=1)
        ok = (h_mask[:, None] & v_mask[None, :]) == 0  # (hero combos, villain combos)
        hi, vi = np.nonzero(ok)
        h_combo, v_combo = CLASS_MEMBERS[k][hi], v_idx[vi]
        ahead, behind = _combo_keys(h_combo, v_combo), _combo_keys(v_combo, h_combo)
        flipped = behind < ahead  # the range's combo is the first hand of the pattern
        unique, inverse = np.unique(np.where(flipped, behind, ahead), return_inverse=True)
        weight = dense[v_idx[vi]]
        direct = np.bincount(inverse, weights=np.where(flipped, 0.0, weight), minlength=len(unique))
        swapped = np.bincount(
            inverse, weights=np.where(flipped, weight, 0.0), minlength=len(unique)
        )
        per_class.append((k, unique, direct, swapped))
    every = np.unique(np.concatenate([u for _, u, _, _ in per_class]))
    shares = _pattern_shares(every, game)
    out = np.full(169, np.nan)
    for k, unique, direct, swapped in per_class:
        total = direct.sum() + swapped.sum()
        if total > 0:
            s = shares[np.searchsorted(every, unique)]
            out[k] = float((np.dot(direct, s) + np.dot(swapped, 1.0 - s)) / total)
    return out


def _has_deal(k: int, dense: np.ndarray, dead: list[int]) -> bool:
    """Whether class ``k`` has a combo, off the dead cards, that some range combo leaves alone."""
    mask = (np.int64(1) << ALL_COMBOS.astype(np.int64)).sum(axis=1)
    dead_mask = int(sum(1 << c for c in dead))
    hero = mask[CLASS_MEMBERS[k]]
    hero = hero[(hero & dead_mask) == 0]
    villain = mask[dense > 0]
    return bool(((hero[:, None] & villain[None, :]) == 0).any())


def by_engine(villain: Range, classes: Sequence[int], dead: list[int], game: str) -> np.ndarray:
    """Class equities by one exact run per class (preflop with dead cards), within the limit."""
    from ..checks import limit_text
    from ..engine import calculate_many
    from ..engine.plan import plan

    live = [k for k in classes if _has_deal(k, villain.dense, dead)]
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
