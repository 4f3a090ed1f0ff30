"""A partly known board (``"2c7d9h h"``: the turn is a heart), enumerated exactly.

Board slots run by street: the flop's three (a set: ``A * *`` is a flop with
an ace, each flop once), then the turn and the river, each one card.  A
*deal* is the players' hands and the board; the answer is the uniform
average over the deals that fit the hands, the dead cards and every board
slot at once.

:func:`board_options` lists the concrete known boards that the pattern allows
(each a flop set and the named turn and river cards), and
:func:`calculate_board_pattern` enumerates each exactly, as a job of its own,
and adds up the sub-jobs' raw counts.  That is exactly the uniform average:
the fitting deals are split, without overlap and without gaps, by their known
board (each deal fits one option, and an option's enumeration counts each of
its deals once, weighted by the players' range weights as any job), so the
summed counts over the summed totals average every fitting deal once.  Two
options with the same cards as a set (a heart turn and a heart river
swapped) are distinct deals with the same showdowns: they are enumerated once
and counted twice.  A ``*`` on the turn or the river is left to the deal: the
board at showdown is a set, so a ``*`` turn before a named river deals the
same boards as the named card on the turn and a random river.  Per-combo
tables of range players are not kept.

Monte-Carlo is not offered: an option's share of the deals depends on how
many hands each range keeps on it, so a sampler would need those counts
first.  A pattern whose enumeration would exceed
:data:`~equity.engine.run.EXACT_HARD_LIMIT` (passed in as ``limit``), or with
more than :data:`MAX_BOARD_OPTIONS` boards, is refused with its size.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from ..cards import (
    ANY_CARD,
    format_pattern,
    is_exact_pattern,
    parse_card_pattern,
    parse_cards,
)
from ..control import Progress, Stopwatch
from ..games import game as get_game
from ..ranges.patterns import PatternTooBroad, fitting_sets
from ..results import CategoryCounts, EquityResult
from .categories import exact_categories
from .exact import assignments, run_exact
from .job import Job, prepare
from .reduce import make_result

__all__ = [
    "MAX_BOARD_OPTIONS",
    "board_options",
    "board_pattern",
    "calculate_board_pattern",
    "check_exact_dead",
]

MAX_BOARD_OPTIONS = 5_000
"""The most concrete boards a partly known board may stand for (``A * *``: 4,804 flops)."""


def _pattern_of(cards: object) -> tuple[int, ...] | None:
    """The slots of ``cards`` when it is text of partly known cards, else None."""
    if not isinstance(cards, str):
        return None
    try:
        parse_cards(cards)
    except ValueError:
        try:
            slots = parse_card_pattern(cards)
        except ValueError:
            return None
        return None if is_exact_pattern(slots) else slots
    return None


def board_pattern(board: object) -> tuple[int, ...] | None:
    """The slots of a partly known board (``"2c7d9h h"``), or None for known cards or none."""
    return _pattern_of(board)


def check_exact_dead(dead: object) -> None:
    """Raise one sentence when the dead cards are partly known: they must be exact cards."""
    slots = _pattern_of(dead)
    if slots is not None:
        raise ValueError(
            f"dead cards must be exact cards, not partly known ones ({format_pattern(slots)!r})"
        )


def board_options(slots: Sequence[int], allowed: int) -> Counter[tuple[int, ...]]:
    """The known boards of ``slots`` (cards from ``allowed``), each with its number of deals.

    A board is ``flop + named streets``, flop cards in decreasing order; its
    count is how many (flop set, turn, river) choices give those cards.
    Raises ``ValueError`` on an unknown flop before a named turn or river,
    and past :data:`MAX_BOARD_OPTIONS` boards.
    """
    shown = format_pattern(slots)
    flop, streets = list(slots[:3]), list(slots[3:])
    named = [m for m in streets if m != ANY_CARD]  # a '*' turn or river is dealt later
    if all(m == ANY_CARD for m in flop):
        if named:
            raise ValueError(
                f"board {shown!r}: a named turn or river needs a flop with a known card "
                "(write the flop's cards, or a rank or suit)"
            )
        return Counter({(): 1})
    try:
        flops = fitting_sets(flop, allowed)
    except PatternTooBroad:
        flops = np.zeros(MAX_BOARD_OPTIONS + 1, dtype=np.uint64)
    if len(flops) > MAX_BOARD_OPTIONS:
        raise ValueError(f"board {shown!r} has more than {MAX_BOARD_OPTIONS:,} possible flops")
    options: Counter[tuple[int, ...]] = Counter()
    for f in flops.tolist():
        flop_cards = [c for c in range(51, -1, -1) if (f >> c) & 1]
        choices = [[c for c in range(52) if (m & allowed & ~f) >> c & 1] for m in named]
        for rest in itertools.product(*choices):
            if len(set(rest)) == len(rest):
                options[(*flop_cards, *sorted(rest, reverse=True))] += 1
        if len(options) > MAX_BOARD_OPTIONS:
            raise ValueError(
                f"board {shown!r} stands for more than {MAX_BOARD_OPTIONS:,} known boards"
            )
    return options


def calculate_board_pattern(
    hands: Sequence[object],
    slots: tuple[int, ...],
    dead: object,
    game: str,
    rules: Any,
    independent_decks: bool,
    executor: Any,
    progress: Progress | None,
    categories: bool,
    limit: int,
) -> EquityResult:
    """Exact equity over every deal that fits the partly known board ``slots`` (module doc)."""
    g = get_game(game)
    base = prepare(hands, "", dead, game, rules, independent_decks)
    g.check_board(len(slots))
    shown = format_pattern(slots)
    allowed = g.deck_mask & ~base.fixed_mask
    jobs: list[tuple[Job, int]] = []
    for board, times in board_options(slots, allowed).items():
        try:
            job = prepare(hands, list(board), dead, game, rules, independent_decks)
        except ValueError:  # a range emptied by this board: no deal fits it
            continue
        jobs.append((job, times))
    if not jobs:
        raise ValueError(f"board {shown!r}: no deal fits the hands, the dead cards and the board")
    work = sum(job.exact_work() for job, _ in jobs)
    if work > limit:
        raise ValueError(
            f"a partly known board is enumerated exactly, and {shown!r} would take about "
            f"{work:.2e} hand evaluations over {len(jobs):,} boards (the limit is {limit:.0e})"
        )
    start = Stopwatch()
    counts: Any = 0
    total: Any = 0
    samples = 0
    extra: Any = None
    ends: Any = 0
    wins: Any = 0
    cat_total = 0.0
    names: tuple[str, ...] = ()
    for i, (job, times) in enumerate(jobs):
        assigned = assignments(job) if categories else None
        c, t, s, _, _, _, x = run_exact(job, executor, None, assigned)
        counts = counts + times * c
        total = total + times * t
        samples += times * s
        if x is not None:
            extra = times * x if extra is None else extra + times * x
        if categories:
            cc = exact_categories(job, assigned)
            names, ends, wins = cc.names, ends + times * cc.ends, wins + times * cc.wins
            cat_total += times * cc.total
        if progress is not None:
            progress(i + 1, len(jobs))
    category_counts = CategoryCounts(names, ends, wins, cat_total, True) if categories else None
    result = make_result(
        jobs[0][0],
        "exact",
        np.asarray(counts),
        total,
        samples,
        start,
        outcome_counts=extra,
        stderr=None,
        seed=None,
        category_counts=category_counts,
    )
    return replace(result, board=shown)
