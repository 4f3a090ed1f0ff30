"""Equity distributions: the equity of every combo of each range against the others.

:func:`distribution` answers "how is a range's equity spread over its
combos?" (Equilab's equity graph): each combo's share of the pot against the
other players, the curve of those equities sorted strongest first, their
histogram and summary figures (the share of the range above 50% and 75%
equity).  It runs :func:`equity.calculate` once and reads its per-combo
tables (:attr:`equity.EquityResult.combo_results`);
:meth:`equity.combos.EquityDistribution.from_result` (the data type, beside
:class:`~equity.EquityResult`) does the same for a result at hand.

Each combo is weighted by its share of the deals: its range weight times the
deals its cards leave to the other players (card removal), so the weighted
mean of the combo equities is the player's equity.  ``method="auto"``
enumerates whenever :func:`~equity.calculate` would (flop, turn, river and
narrow ranges preflop); Monte-Carlo figures come with each combo's number of
deals and a standard error.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..combos import EquityDistribution
from ..control import Progress
from ..engine import calculate
from ..games import game as get_game

__all__ = ["as_ranges", "distribution"]

_RANDOM_WORDS = ("random", "*", "?", "??", "xx")
"""What :func:`equity.calculate` reads as a random hand; here it is the range ``100%``."""


def as_ranges(hands: Sequence[object]) -> list[object]:
    """The hands as :func:`distribution` deals them: a random hand is the range ``100%``.

    >>> as_ranges(["AhKd", "random"])
    ['AhKd', '100%']
    """
    return [
        "100%" if isinstance(h, str) and h.strip().lower() in _RANDOM_WORDS else h for h in hands
    ]


def distribution(
    hands: Sequence[object],
    board: object = "",
    dead: object = "",
    *,
    game: str = "holdem",
    method: str = "auto",
    trials: int | None = None,
    target_stderr: float | None = None,
    time_limit: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    rules: Any = None,
    progress: Progress | None = None,
    scheduler: Any = None,
) -> EquityDistribution:
    """Equity of every combo of each player's range against the others.

    Parameters
    ----------
    hands : sequence
        One entry per player (at least two): a hold'em range (``"QQ+,AKs"``,
        a :class:`equity.ranges.Range`), known cards (``"AhKd"``, a range of
        one combo) or ``"random"`` (the range ``100%``).
    board, dead : str or cards
        Community cards (0, 3, 4 or 5) and cards out of play.
    game : str
        A game of :data:`equity.games.GAMES` with hold'em ranges.
    method, trials, target_stderr, time_limit, seed, threads, rules, progress, scheduler
        As for :func:`equity.calculate`: ``method="auto"`` enumerates when it
        takes about a second or less (flop, turn and river, narrow ranges
        preflop), Monte-Carlo otherwise.

    Returns
    -------
    EquityDistribution
        Per player, the combos strongest first with their equities and
        weights (shares of the deals); ``.summary()``, ``.to_frame()``,
        ``.histogram()``, ``.to_dict()`` and ``.plot()``.

    Examples
    --------
    >>> d = distribution(["QQ+,AKs", "JJ,TT"], board="Js7s2c")
    >>> d.method, [len(p.combos) for p in d.players]
    ('exact', [22, 9])
    >>> hero = d.players[0]
    >>> import numpy as np
    >>> round(hero.equity, 4) == round(float(np.dot(hero.weights, hero.equities)), 4)
    True
    >>> round(hero.above(0.5), 4), round(hero.above(0.75), 4)
    (0.8182, 0.0)
    """
    spec = get_game(game)
    if not spec.ranges:
        raise ValueError(f"equity distributions need hold'em ranges, not {game!r} hands")
    result = calculate(
        as_ranges(hands),
        board,
        dead,
        game=game,
        method=method,
        trials=trials,
        target_stderr=target_stderr,
        time_limit=time_limit,
        seed=seed,
        threads=threads,
        rules=rules,
        progress=progress,
        scheduler=scheduler,
    )
    return EquityDistribution.from_result(result)
