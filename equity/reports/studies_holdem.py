"""Hold'em studies behind the reports: classic matchups and the 169 preflop classes.

Each study returns a DataFrame of Monte-Carlo estimates beside the exact
answer (enumeration or the package's exact tables), with standard errors and
z-scores; its ``progress`` callback is called as ``progress(done, total)``
with done and total counted in its own units (matchups, classes).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from ..control import Progress
from ..engine import calculate
from .page import SHORT_RUN_THREADS, subseed, z_score

__all__ = [
    "CLASSIC_MATCHUPS",
    "classic_matchups",
    "compare_with_reference",
    "equity_sigma",
    "load_preflop_reference",
    "matrix_array",
    "preflop_matrix",
    "preflop_vs_random",
]

CLASSIC_MATCHUPS: tuple[tuple[str, str, str], ...] = (
    ("Pair vs two overcards (the classic race)", "QhQd", "AsKc"),
    ("Dominated kicker", "AhKd", "AcQc"),
    ("Pair over pair", "KsKh", "QdQc"),
    ("Suited connectors vs an overpair", "8s7s", "AhAd"),
    ("Small pair vs suited overcards (coin flip)", "2c2d", "JhTh"),
    ("Pair vs one overcard", "9c9s", "AhTd"),
    ("Aces vs a dominated ace", "AsAh", "AdKc"),
    ("Two overcards vs suited connectors", "AsKd", "7c6c"),
)
"""``(name, hand, opponent)`` of the heads-up matchups in the ``matchups`` report."""


# ---------------------------------------------------------------------------
# head-to-head: classic matchups


def classic_matchups(
    trials: int = 1_000_000,
    seed: int = 2026,
    matchups: Sequence[tuple[str, str, str]] = CLASSIC_MATCHUPS,
    *,
    progress: Progress | None = None,
) -> pd.DataFrame:
    """Heads-up hold'em matchups by Monte-Carlo beside exact enumeration.

    Parameters
    ----------
    trials : int
        Monte-Carlo deals per matchup.
    seed : int
        Seed; each matchup gets its own stream derived from it.
    matchups : sequence of (name, hand, opponent)
        Defaults to :data:`CLASSIC_MATCHUPS`.
    progress : callable, optional
        ``progress(done, total)`` after each matchup (counted in matchups).

    Returns
    -------
    DataFrame
        One row per matchup: the exact equity, win and tie of the first
        hand (all 1,712,304 boards), the Monte-Carlo equity with its
        standard error (``stderr``, the engine's batch-means estimate) and
        95% interval, the error, the exact standard error ``exact_stderr``
        (``sigma / sqrt(trials)``, sigma from the exact win and tie
        probabilities), ``z = error / exact_stderr`` and ``z_reported =
        error / stderr``.

    Examples
    --------
    >>> df = classic_matchups(trials=20_000, seed=1, matchups=[("race", "QhQd", "AsKc")])
    >>> round(float(df.loc[0, "exact_equity"]), 6), bool(abs(df.loc[0, "z"]) < 5)
    (0.571648, True)
    """
    rows = []
    for done, (name, hand, opponent) in enumerate(matchups, 1):
        exact = calculate([hand, opponent], method="exact")
        mc = calculate(
            [hand, opponent],
            method="monte-carlo",
            trials=trials,
            seed=subseed(seed, "matchup", hand, opponent),
        )
        assert mc.stderr is not None
        se = float(mc.stderr[0])
        error = float(mc.equity[0] - exact.equity[0])
        exact_se = equity_sigma(
            float(exact.win[0]), float(exact.tie[0]), float(exact.equity[0])
        ) / math.sqrt(mc.samples)
        rows.append(
            {
                "matchup": name,
                "hand": exact.hands[0],
                "opponent": exact.hands[1],
                "exact_equity": float(exact.equity[0]),
                "exact_win": float(exact.win[0]),
                "exact_tie": float(exact.tie[0]),
                "boards": int(exact.samples),
                "mc_equity": float(mc.equity[0]),
                "mc_win": float(mc.win[0]),
                "mc_tie": float(mc.tie[0]),
                "stderr": se,
                "ci95_low": float(mc.ci95[0, 0]),
                "ci95_high": float(mc.ci95[0, 1]),
                "exact_stderr": exact_se,
                "error": error,
                "z": float(z_score(error, exact_se)),
                "z_reported": float(z_score(error, se)),
                "covered": bool(mc.ci95[0, 0] <= exact.equity[0] <= mc.ci95[0, 1]),
                "trials": int(mc.samples),
            }
        )
        if progress is not None:
            progress(done, len(matchups))
    return pd.DataFrame(rows)


def equity_sigma(win: float, tie: float, equity: float) -> float:
    """Per-deal standard deviation of the pot share (1 win, 1/2 tie, 0 loss)."""
    return math.sqrt(max(win + tie / 4 - equity**2, 0.0))


# ---------------------------------------------------------------------------
# preflop: 169 classes


def preflop_vs_random(
    trials: int | None = 100_000,
    seed: int = 2026,
    *,
    recompute: bool = False,
    progress: Progress | None = None,
) -> pd.DataFrame:
    """Equity of each of the 169 classes against one random hand: exact and Monte-Carlo.

    Parameters
    ----------
    trials : int or None
        Monte-Carlo deals per class (``calculate([cls, "random"])``);
        ``None`` gives the exact columns only.
    seed : int
        Seed; each class gets its own stream derived from it.
    recompute : bool
        Recompute the exact counts (a board sweep, seconds) instead of
        reading the shipped table; see
        :func:`equity.ranges.preflop_equity_vs_random`.
    progress : callable, optional
        ``progress(done, total)`` after each Monte-Carlo class (counted in
        classes, 169 in all).

    Returns
    -------
    DataFrame
        One row per class in :data:`equity.ranges.CLASSES` order (13x13
        grid, row-major): exact ``win``, ``tie``, ``total`` counts and
        ``exact_equity``; with ``trials`` also ``mc_equity``, ``stderr``
        (batch means), ``error``, ``exact_stderr`` (``sigma / sqrt(trials)``
        from the exact win and tie probabilities), ``z = error /
        exact_stderr`` and ``z_reported = error / stderr``.

    Examples
    --------
    >>> df = preflop_vs_random(trials=None)
    >>> round(float(df.set_index("hand").loc["AA", "exact_equity"]), 4)
    0.852
    """
    from ..ranges import CLASSES, class_combos, preflop_equity_vs_random

    counts = preflop_equity_vs_random(recompute=recompute)
    rows = []
    for label in CLASSES:
        win, tie, total = counts[label]
        rows.append(
            {
                "hand": label,
                "combos": len(class_combos(label)),
                "win": win,
                "tie": tie,
                "total": total,
                "exact_equity": (win + tie / 2) / total,
            }
        )
    frame = pd.DataFrame(rows)
    if trials is None:
        return frame
    mc_eq, mc_se = [], []
    for done, label in enumerate(CLASSES, 1):
        r = calculate(
            [label, "random"],
            method="monte-carlo",
            trials=trials,
            seed=subseed(seed, "vs-random", label),
            threads=SHORT_RUN_THREADS,
        )
        assert r.stderr is not None
        mc_eq.append(float(r.equity[0]))
        mc_se.append(float(r.stderr[0]))
        if progress is not None:
            progress(done, len(CLASSES))
    frame["mc_equity"] = mc_eq
    frame["stderr"] = mc_se
    frame["error"] = frame["mc_equity"] - frame["exact_equity"]
    frame["trials"] = trials
    _add_exact_z(
        frame,
        frame["win"] / frame["total"],
        frame["tie"] / frame["total"],
        frame["exact_equity"],
        "mc_equity",
    )
    return frame


def load_preflop_reference() -> pd.DataFrame:
    """The exact 169x169 heads-up table shipped with the package, both orientations.

    The counts of :func:`equity.preflop_table.load_preflop_table`
    (``equity/data/preflop_169x169.npz``, computed by ``equity table preflop
    --exact``; the tests prove it equal to Irving and d'Eon's published exact
    table).

    Returns
    -------
    DataFrame
        Indexed by ``(hand, opponent)``, with ``win``, ``lose``, ``tie``,
        ``total`` (counts over every non-conflicting combo pair and board)
        and ``equity = (win + tie / 2) / total`` of ``hand``.  Every
        matchup appears in both orders (mirror matchups once): 28,561 rows.

    Examples
    --------
    >>> ref = load_preflop_reference()
    >>> len(ref), round(float(ref.loc[("KK", "AA"), "equity"]), 4)
    (28561, 0.1805)
    """
    from ..preflop_table import load_preflop_table

    table = load_preflop_table()
    forward = pd.DataFrame(
        {
            "hand": table["alice"],
            "opponent": table["bob"],
            "win": table["alice_wins"],
            "lose": table["bob_wins"],
            "tie": table["ties"],
            "total": table["total"],
        }
    )
    mirrored = forward[forward["hand"] != forward["opponent"]].rename(
        columns={"hand": "opponent", "opponent": "hand", "win": "lose", "lose": "win"}
    )
    frame = pd.concat([forward, mirrored[forward.columns]], ignore_index=True)
    frame = frame.set_index(["hand", "opponent"])
    frame["equity"] = (frame["win"] + frame["tie"] / 2) / frame["total"]
    return frame


def _sample_matchups(n: int, seed: int) -> list[tuple[str, str]]:
    """``n`` of the 14,365 unordered class matchups (all when ``n >= 14,365``), grid order."""
    from ..ranges import CLASSES

    pairs = [(CLASSES[i], CLASSES[j]) for i in range(169) for j in range(i, 169)]
    if n >= len(pairs):
        return pairs
    rng = np.random.default_rng(subseed(seed, "matrix-sample"))
    chosen = np.sort(rng.choice(len(pairs), size=max(n, 0), replace=False))
    return [pairs[k] for k in chosen]


def preflop_matrix(
    matchups: int | Sequence[tuple[str, str]] = 1_000,
    trials: int = 50_000,
    seed: int = 2026,
    *,
    progress: Progress | None = None,
) -> pd.DataFrame:
    """Heads-up equity of class against class (the 169x169 matrix) by Monte-Carlo.

    Each matchup deals the two classes' combos uniformly among the
    non-conflicting pairs (``calculate(["AKs", "QQ"])``), the definition
    of the exact table.

    Parameters
    ----------
    matchups : int or sequence of (hand, opponent)
        How many of the 14,365 unordered matchups to sample (all at 14,365
        or more), or the matchups themselves.
    trials : int
        Monte-Carlo deals per matchup.
    seed : int
        Seed of the sample and of each matchup's stream.
    progress : callable, optional
        ``progress(done, total)`` after each matchup (counted in matchups).

    Returns
    -------
    DataFrame
        ``hand``, ``opponent``, ``equity``, ``win``, ``tie``, ``stderr``
        and ``trials``, one row per matchup.

    Examples
    --------
    >>> df = preflop_matrix([("AA", "KK")], trials=20_000, seed=1)
    >>> bool(abs(df.loc[0, "equity"] - 0.8236) < 5 * df.loc[0, "stderr"])
    True
    """
    pairs = _sample_matchups(matchups, seed) if isinstance(matchups, int) else list(matchups)
    rows = []
    for done, (hand, opponent) in enumerate(pairs, 1):
        r = calculate(
            [hand, opponent],
            method="monte-carlo",
            trials=trials,
            seed=subseed(seed, "matrix", hand, opponent),
            threads=SHORT_RUN_THREADS,
        )
        assert r.stderr is not None
        rows.append(
            {
                "hand": hand,
                "opponent": opponent,
                "equity": float(r.equity[0]),
                "win": float(r.win[0]),
                "tie": float(r.tie[0]),
                "stderr": float(r.stderr[0]),
                "trials": int(r.samples),
            }
        )
        if progress is not None:
            progress(done, len(pairs))
    return pd.DataFrame(
        rows, columns=["hand", "opponent", "equity", "win", "tie", "stderr", "trials"]
    )


def compare_with_reference(matrix: pd.DataFrame, reference: pd.DataFrame) -> pd.DataFrame:
    """Add the exact equity, the error and z-scores to a :func:`preflop_matrix` frame.

    ``exact_stderr`` is ``sigma / sqrt(trials)`` with sigma the exact
    per-deal standard deviation of the pot share (from the reference win
    and tie probabilities); ``z = error / exact_stderr`` is then standard
    normal for a correct simulator, while ``z_reported = error / stderr``
    (the engine's batch-means estimate, about 31 degrees of freedom) has
    slightly heavier tails.

    Examples
    --------
    >>> df = preflop_matrix([("AA", "KK")], trials=20_000, seed=1)
    >>> cmp = compare_with_reference(df, load_preflop_reference())
    >>> round(float(cmp.loc[0, "exact_equity"]), 4), bool(abs(cmp.loc[0, "z"]) < 5)
    (0.8195, True)
    """
    keys = list(zip(matrix["hand"], matrix["opponent"], strict=True))
    missing = [k for k in keys if k not in reference.index]
    if missing:
        raise KeyError(f"matchups missing from the reference table: {missing[:5]}")
    out = matrix.copy()
    ref = reference.loc[keys]
    out["exact_equity"] = ref["equity"].to_numpy()
    out["error"] = out["equity"] - out["exact_equity"]
    _add_exact_z(
        out,
        (ref["win"] / ref["total"]).to_numpy(),
        (ref["tie"] / ref["total"]).to_numpy(),
        out["exact_equity"],
        "equity",
    )
    return out


def _add_exact_z(frame: pd.DataFrame, win: Any, tie: Any, exact: Any, column: str) -> None:
    """Add ``exact_stderr``, ``z`` (with it) and ``z_reported`` (with ``stderr``) in place."""
    win, tie, exact = (np.asarray(x, dtype=float) for x in (win, tie, exact))
    sigma = np.sqrt(np.maximum(win + tie / 4 - exact**2, 0.0))
    error = frame[column].to_numpy(dtype=float) - exact
    frame["exact_stderr"] = sigma / np.sqrt(frame["trials"].to_numpy(dtype=float))
    frame["z"] = z_score(error, frame["exact_stderr"])
    frame["z_reported"] = z_score(error, frame["stderr"])


def matrix_array(frame: pd.DataFrame, column: str = "equity") -> np.ndarray:
    """169x169 array (NaN where not run); a matchup fills its mirror with ``1 - equity``."""
    from ..ranges import CLASSES

    index = {c: k for k, c in enumerate(CLASSES)}
    arr = np.full((169, 169), np.nan)
    for hand, opponent, value in zip(frame["hand"], frame["opponent"], frame[column], strict=True):
        i, j = index[hand], index[opponent]
        arr[i, j] = value
        if i != j:
            arr[j, i] = 1 - value
    return arr
