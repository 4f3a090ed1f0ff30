"""Turn a job's counts into an :class:`~equity.results.EquityResult`, per-combo tables included."""

from __future__ import annotations

import math
from typing import Any

import numba
import numpy as np

from ..cards import format_cards
from ..control import Stopwatch
from ..ranges.classes import CLASSES, COMBO_CLASS, combo_index
from ..results import EquityResult, shares_from_counts
from .job import Job

__all__ = ["OUTCOME_NAMES", "combo_table", "make_result"]

OUTCOME_NAMES = ("scoop", "high_win", "high_tie", "low_win", "low_tie")
"""Omaha's per-player outcome shares, columns 0..4 of the kernels' ``extra`` counts."""


_OWNED = ("equity", "win", "tie", "splits")
"""The arrays :func:`make_result` makes for its result (the shares, or the outcomes' for
``win`` and ``tie``): the result's own, made read-only in place."""


def make_result(
    job: Job,
    method: str,
    counts: np.ndarray,
    total: float,
    samples: int,
    start: Stopwatch,
    outcome_counts: np.ndarray | None = None,
    **extra: Any,
) -> EquityResult:
    """The :class:`EquityResult` of a finished job (shares from the raw counts).

    ``start`` timed the job: its split is the result's engine and compile times.
    Omaha's ``outcome_counts[p]`` (:mod:`equity.kernels.omaha_mc`) become
    :attr:`EquityResult.outcomes`; hi-lo counts are in half-pots.
    """
    units = 2 if job.game.hilo else 1
    equity, win, tie, splits = shares_from_counts(counts, total * units)
    outcomes = None
    if outcome_counts is not None:
        shares = np.asarray(outcome_counts, dtype=float) / total
        outcomes = {name: shares[:, i] for i, name in enumerate(OUTCOME_NAMES)}
        if job.game.hilo:
            outcomes["no_low"] = np.full(job.n_players, shares[0, 6])
        else:
            del outcomes["low_win"], outcomes["low_tie"]
        # hi-lo: win = scooped alone, tie = a part of the pot but not all of it
        win = outcomes["scoop"]
        tie = shares[:, 5] - shares[:, 0]
    elapsed_s, compile_s = start.split()
    return EquityResult._of(
        _OWNED,
        game=job.game.name,
        method=method,
        hands=tuple([p.label for p in job.players]),
        board=format_cards(job.board) if job.board else "",
        dead=format_cards(job.dead) if job.dead else "",
        equity=equity,
        win=win,
        tie=tie,
        splits=splits,
        samples=samples,
        elapsed_s=elapsed_s,
        compile_s=compile_s,
        counts=counts,
        weight_total=total,
        threads=numba.get_num_threads(),
        rules=job.rules,
        outcomes=outcomes,
        **extra,
    )


def combo_table(
    combos: np.ndarray, equity: np.ndarray, weight: np.ndarray, n: np.ndarray
) -> dict[str, Any]:
    """Per-combo and per-class equity of a range player.

    ``weight`` weights each combo in its class's equity; ``n`` counts the
    deals behind each combo's figure (combos never dealt are left out of the
    classes).
    """
    labels = [format_cards(c) for c in combos.tolist()]
    classes: dict[str, list[float]] = {}
    for (a, b), e, w, cnt in zip(combos.tolist(), equity, weight, n, strict=True):
        if cnt <= 0 or not math.isfinite(e):
            continue
        acc = classes.setdefault(CLASSES[COMBO_CLASS[combo_index(a, b)]], [0.0, 0.0])
        acc[0] += e * w
        acc[1] += w
    return {
        "combos": dict(zip(labels, (float(e) for e in equity), strict=True)),
        "combo_samples": dict(zip(labels, (float(x) for x in n), strict=True)),
        "classes": {k: v[0] / v[1] for k, v in classes.items() if v[1] > 0},
    }
