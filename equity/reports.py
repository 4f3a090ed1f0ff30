"""Reports: Monte-Carlo estimates beside exact answers, as Markdown, CSV and PNG.

:func:`run_report` writes one Markdown page per kind of report, a CSV file
per table and the figures (PNG), under ``out_dir``:

``frequencies``
    Hand-category frequencies of five-card poker, hold'em (best five of
    seven) and Zha Jin Hua by Monte-Carlo, beside the closed-form odds, with
    standard errors, z-scores, a chi-square test and the convergence of the
    error with the number of hands.
``matchups``
    Eight classic heads-up hold'em matchups, Monte-Carlo against exact
    enumeration, with 95% intervals and the convergence of one of them.
``preflop``
    The exact equity of each of the 169 starting hands against one random
    hand (13x13 heat map), the same by Monte-Carlo, and heads-up matchups of
    the 169x169 matrix by Monte-Carlo, compared with the project's exact
    table (largest error, z-score histogram).
``zjh``
    Zha Jin Hua: each category's win rate against one to five random
    opponents, with and without the 2-3-5 rule and the suit tie-break;
    exact against one opponent, Monte-Carlo against more.

Everything random is derived from one ``seed``: the same seed, sizes and
package version give byte-for-byte the same CSV files and Markdown pages,
on any number of threads (run times are deliberately left out of them).
The PNG files may differ between matplotlib versions.

The helpers behind the pages (:func:`classic_matchups`,
:func:`preflop_vs_random`, :func:`preflop_matrix`,
:func:`load_preflop_reference`, :func:`zjh_heads_up_exact`,
:func:`zjh_category_winrates`) are public and return DataFrames.
"""

from __future__ import annotations

import itertools
import math
import os
import threading
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from . import __version__
from .frequencies import SPECIAL_235, category_frequencies
from .interrupt import stop_requested
from .odds import category_counts
from .simulate import calculate
from .stats import chi2_sf
from .zjh import (
    SPECIAL_235_RULE,
    ZJH_CATEGORIES,
    ZJHRules,
    category_of_strength,
    evaluate_zjh_batch,
    special_235_batch,
)

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "CLASSIC_MATCHUPS",
    "KINDS",
    "SIZES",
    "ZJH_VARIANTS",
    "ReportInterrupted",
    "ReportSizes",
    "classic_matchups",
    "compare_with_reference",
    "load_preflop_reference",
    "preflop_matrix",
    "preflop_vs_random",
    "run_report",
    "zjh_category_winrates",
    "zjh_heads_up_exact",
]

KINDS = ("frequencies", "matchups", "preflop", "zjh")
"""Report kinds; ``run_report("all", ...)`` writes every one and an index page."""

Progress = Callable[[int, int, str], None]
_Z95 = 1.959963984540054
_FLOAT_CSV = "%.10g"  # CSV floats: fixed, platform-independent formatting
_N_MATCHUPS = 169 * 170 // 2  # 14,365 unordered class matchups, mirrors included
_SHORT_RUN_THREADS = 1
"""Threads for the many short Monte-Carlo runs (one per matchup or hero hand).

Results do not depend on the thread count; for runs of a few milliseconds
waking the worker threads costs more than it saves (tens of milliseconds
per call on a busy machine).
"""


@dataclass(frozen=True)
class ReportSizes:
    """How much Monte-Carlo work each report does."""

    frequency_trials: int
    """Hands per frequency table (the convergence ladder stops there)."""
    matchup_trials: int
    """Deals per classic matchup (the convergence ladder stops there)."""
    vs_random_trials: int
    """Deals per starting-hand class against one random hand (169 runs)."""
    matrix_matchups: int
    """Heads-up class matchups sampled from the 14,365 (all of them at 14,365)."""
    matrix_trials: int
    """Deals per heads-up class matchup."""
    zjh_heroes: int
    """Hero hands per Zha Jin Hua category (stratified by strength; even)."""
    zjh_trials: int
    """Deals per hero hand, rule set and number of opponents."""

    def with_trials(self, trials: int) -> ReportSizes:
        """The same sizes with every Monte-Carlo trial count set to ``trials``."""
        return replace(
            self,
            frequency_trials=trials,
            matchup_trials=trials,
            vs_random_trials=trials,
            matrix_trials=trials,
            zjh_trials=trials,
        )


SIZES: dict[str, ReportSizes] = {
    "small": ReportSizes(
        frequency_trials=20_000,
        matchup_trials=20_000,
        vs_random_trials=2_000,
        matrix_matchups=24,
        matrix_trials=2_000,
        zjh_heroes=4,
        zjh_trials=500,
    ),
    "default": ReportSizes(
        frequency_trials=10_000_000,
        matchup_trials=1_000_000,
        vs_random_trials=200_000,
        matrix_matchups=2_000,
        matrix_trials=100_000,
        zjh_heroes=60,
        zjh_trials=10_000,
    ),
    "full": ReportSizes(
        frequency_trials=100_000_000,
        matchup_trials=10_000_000,
        vs_random_trials=1_000_000,
        matrix_matchups=_N_MATCHUPS,
        matrix_trials=100_000,
        zjh_heroes=200,
        zjh_trials=20_000,
    ),
}
"""Presets: ``small`` runs in seconds (tests, notebooks), ``default`` in a few
minutes on two cores, ``full`` runs the whole 169x169 matrix (tens of minutes)."""

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

ZJH_VARIANTS: tuple[tuple[str, ZJHRules], ...] = (
    ("standard", ZJHRules()),
    ("2-3-5 rule", ZJHRules(special_235=True)),
    ("suit tie-break", ZJHRules(suit_tiebreak=True)),
    ("2-3-5 rule + suit tie-break", ZJHRules(special_235=True, suit_tiebreak=True)),
)
"""Zha Jin Hua rule sets compared in the ``zjh`` report (flush beats straight)."""

_ZJH_ROWS = (*ZJH_CATEGORIES, SPECIAL_235)


# ---------------------------------------------------------------------------
# small utilities


def _subseed(seed: int, *keys: object) -> int:
    """A seed for one sub-run, derived from ``seed`` and stable labels.

    ``zlib.crc32`` rather than ``hash``: Python salts string hashes per process.
    """
    spawn_key = tuple(zlib.crc32(str(k).encode()) for k in keys)
    state = np.random.SeedSequence(int(seed), spawn_key=spawn_key).generate_state(1, np.uint64)
    return int(state[0] & np.uint64(2**63 - 1))


def _ladder(stop: int, start: int = 1_000) -> list[int]:
    """Trial counts from ``start`` to ``stop`` in steps of sqrt(10) (both ends included)."""
    if stop <= start:
        return [stop]
    steps = math.floor(2 * math.log10(stop / start) + 1e-9)
    points = {round(start * 10 ** (k / 2)) for k in range(steps + 1)} | {stop}
    return sorted(p for p in points if p <= stop)


def _z(error: Any, stderr: Any) -> Any:
    """``error / stderr``, NaN where the standard error is zero (nothing to scale by)."""
    err = np.asarray(error, dtype=float)
    se = np.asarray(stderr, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(se > 0, err / np.where(se > 0, se, 1.0), np.nan)


def _fmt(value: float, spec: str) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    return format(value, spec)


def _md_table(
    frame: pd.DataFrame, formats: dict[str, str] | None = None, index: bool = False
) -> str:
    """A GitHub Markdown table with fixed formats per column (deterministic)."""
    formats = formats or {}
    df = frame.reset_index() if index else frame
    header = "| " + " | ".join(str(c) for c in df.columns) + " |"
    align = []
    for c in df.columns:
        numeric = pd.api.types.is_numeric_dtype(df[c]) and not pd.api.types.is_bool_dtype(df[c])
        align.append("---:" if numeric else ":---")
    lines = [header, "| " + " | ".join(align) + " |"]
    for row in df.itertuples(index=False):
        cells = []
        for c, v in zip(df.columns, row, strict=True):
            if isinstance(v, (bool, np.bool_)):
                cells.append("yes" if v else "**no**")
            elif isinstance(v, (float, np.floating)):
                cells.append(_fmt(float(v), formats.get(str(c), ".6f")))
            elif isinstance(v, (int, np.integer)):
                cells.append(format(int(v), formats.get(str(c), ",d")))
            else:
                cells.append(str(v))
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


class ReportInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped :func:`run_report`; ``written`` lists the files written so far.

    The pages finished before it are complete; the page in progress is
    written with the sections it had, marked interrupted.
    """

    def __init__(self, written: list[Path]) -> None:
        super().__init__(f"report interrupted after {len(written)} files")
        self.written = written


class _Stopped(Exception):
    """Raised by the ticker once Ctrl-C has been pressed: the report stops at this unit."""


class _Ticker:
    """Calls ``progress(done, total, label)`` once per unit of work; stops the report on Ctrl-C."""

    def __init__(self, progress: Progress | None, total: int) -> None:
        self.progress, self.total, self.done = progress, total, 0
        self.stop: threading.Event | None = None

    def __call__(self, label: str, units: int = 1) -> None:
        self.done += units
        if self.progress is not None:
            self.progress(min(self.done, self.total), self.total, label)
        if self.stop is not None and self.stop.is_set():
            raise _Stopped


class _Page:
    """One Markdown page with its CSV tables and PNG figures in ``out_dir/kind/``."""

    def __init__(self, out_dir: Path, kind: str, title: str, header: list[str]) -> None:
        self.out_dir, self.kind = out_dir, kind
        self.folder = out_dir / kind
        self.folder.mkdir(parents=True, exist_ok=True)
        self.lines: list[str] = [f"# {title}", "", *header, ""]
        self.files: list[Path] = []

    def add(self, *lines: str) -> None:
        """Append a block of lines (a heading gets a blank line after it)."""
        if len(lines) > 1 and lines[0].startswith("#") and lines[1]:
            lines = (lines[0], "", *lines[1:])
        self.lines.extend(lines)
        self.lines.append("")

    def table(
        self,
        name: str,
        frame: pd.DataFrame,
        shown: pd.DataFrame | None = None,
        formats: dict[str, str] | None = None,
        caption: str | None = None,
        index: bool = False,
        show: bool = True,
    ) -> Path:
        """Write ``frame`` as CSV; put ``shown`` (default: ``frame``) on the page.

        With ``show=False`` only the link to the CSV goes on the page.
        """
        path = self.folder / f"{name}.csv"
        frame.to_csv(path, index=index, float_format=_FLOAT_CSV, lineterminator="\n")
        self.files.append(path)
        if caption:
            self.add(caption)
        if show:
            shown_index = index and shown is None  # a `shown` frame carries its own columns
            self.add(_md_table(frame if shown is None else shown, formats, index=shown_index))
        self.add(f"Data: [{self.kind}/{path.name}]({self.kind}/{path.name})")
        return path

    def figure(self, name: str, fig: Figure, alt: str) -> Path:
        path = self.folder / f"{name}.png"
        fig.savefig(path, dpi=100, metadata={"Software": None})
        self.files.append(path)
        self.add(f"![{alt}]({self.kind}/{path.name})")
        return path

    def write(self) -> list[Path]:
        path = self.out_dir / f"{self.kind}.md"
        path.write_text("\n".join(self.lines).rstrip() + "\n", encoding="utf-8")
        return [path, *self.files]


def _figure(ncols: int = 1, nrows: int = 1, size: tuple[float, float] = (7.0, 4.5)) -> Any:
    """A pyplot-free Figure and its axes (no GUI backend, nothing left open)."""
    try:
        from matplotlib.figure import Figure
    except ImportError as err:  # pragma: no cover - matplotlib is a dependency
        raise ImportError("reports need matplotlib: pip install equity[plot]") from err
    fig = Figure(figsize=(size[0] * ncols, size[1] * nrows), layout="constrained")
    axes = fig.subplots(nrows, ncols, squeeze=False)
    return fig, axes


# ---------------------------------------------------------------------------
# head-to-head: classic matchups


def classic_matchups(
    trials: int = 1_000_000,
    seed: int = 2026,
    matchups: Sequence[tuple[str, str, str]] = CLASSIC_MATCHUPS,
    *,
    progress: Callable[[str], None] | None = None,
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
        Called with a label after each matchup.

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
    for name, hand, opponent in matchups:
        exact = calculate([hand, opponent], method="exact")
        mc = calculate(
            [hand, opponent],
            method="monte-carlo",
            trials=trials,
            seed=_subseed(seed, "matchup", hand, opponent),
        )
        assert mc.stderr is not None
        se = float(mc.stderr[0])
        error = float(mc.equity[0] - exact.equity[0])
        exact_se = _equity_sigma(
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
                "z": float(_z(error, exact_se)),
                "z_reported": float(_z(error, se)),
                "covered": bool(mc.ci95[0, 0] <= exact.equity[0] <= mc.ci95[0, 1]),
                "trials": int(mc.samples),
            }
        )
        if progress is not None:
            progress(f"matchup {hand} vs {opponent}")
    return pd.DataFrame(rows)


def _equity_sigma(win: float, tie: float, equity: float) -> float:
    """Per-deal standard deviation of the pot share (1 win, 1/2 tie, 0 loss)."""
    return math.sqrt(max(win + tie / 4 - equity**2, 0.0))


def _matchup_convergence(
    hand: str, opponent: str, trials: int, seed: int, tick: _Ticker
) -> pd.DataFrame:
    exact = calculate([hand, opponent], method="exact")
    eq, sigma = (
        float(exact.equity[0]),
        _equity_sigma(float(exact.win[0]), float(exact.tie[0]), float(exact.equity[0])),
    )
    rows = []
    for n in _ladder(trials):
        mc = calculate(
            [hand, opponent],
            method="monte-carlo",
            trials=n,
            seed=_subseed(seed, "convergence", hand, opponent, n),
        )
        assert mc.stderr is not None
        rows.append(
            {
                "series": f"{hand} vs {opponent}",
                "trials": n,
                "estimate": float(mc.equity[0]),
                "exact": eq,
                "error": float(mc.equity[0]) - eq,
                "stderr": sigma / math.sqrt(n),
                "reported_stderr": float(mc.stderr[0]),
            }
        )
        tick(f"convergence {n:,} deals")
    return pd.DataFrame(rows)


# ---------------------------------------------------------------------------
# preflop: 169 classes


def preflop_vs_random(
    trials: int | None = 100_000,
    seed: int = 2026,
    *,
    recompute: bool = False,
    progress: Callable[[str], None] | None = None,
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
        Called with a label after each Monte-Carlo class.

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
    from .ranges import CLASSES, class_combos, preflop_equity_vs_random

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
    for label in CLASSES:
        r = calculate(
            [label, "random"],
            method="monte-carlo",
            trials=trials,
            seed=_subseed(seed, "vs-random", label),
            threads=_SHORT_RUN_THREADS,
        )
        assert r.stderr is not None
        mc_eq.append(float(r.equity[0]))
        mc_se.append(float(r.stderr[0]))
        if progress is not None:
            progress(f"{label} vs random")
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

    The counts of :func:`equity.table.load_preflop_table`
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
    from .table import load_preflop_table

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
    from .ranges import CLASSES

    pairs = [(CLASSES[i], CLASSES[j]) for i in range(169) for j in range(i, 169)]
    if n >= len(pairs):
        return pairs
    rng = np.random.default_rng(_subseed(seed, "matrix-sample"))
    chosen = np.sort(rng.choice(len(pairs), size=max(n, 0), replace=False))
    return [pairs[k] for k in chosen]


def preflop_matrix(
    matchups: int | Sequence[tuple[str, str]] = 1_000,
    trials: int = 50_000,
    seed: int = 2026,
    *,
    progress: Callable[[str], None] | None = None,
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
        Called with a label after each matchup.

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
    for hand, opponent in pairs:
        r = calculate(
            [hand, opponent],
            method="monte-carlo",
            trials=trials,
            seed=_subseed(seed, "matrix", hand, opponent),
            threads=_SHORT_RUN_THREADS,
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
            progress(f"{hand} vs {opponent}")
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
    frame["z"] = _z(error, frame["exact_stderr"])
    frame["z_reported"] = _z(error, frame["stderr"])


def _matrix_array(frame: pd.DataFrame, column: str = "equity") -> np.ndarray:
    """169x169 array (NaN where not run); a matchup fills its mirror with ``1 - equity``."""
    from .ranges import CLASSES

    index = {c: k for k, c in enumerate(CLASSES)}
    arr = np.full((169, 169), np.nan)
    for hand, opponent, value in zip(frame["hand"], frame["opponent"], frame[column], strict=True):
        i, j = index[hand], index[opponent]
        arr[i, j] = value
        if i != j:
            arr[j, i] = 1 - value
    return arr


# ---------------------------------------------------------------------------
# Zha Jin Hua


def _zjh_hands() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """All 22,100 hands, their uint64 masks, default-rule strengths and row names."""
    hands = np.array(list(itertools.combinations(range(52), 3)), dtype=np.uint8)
    masks = np.zeros(len(hands), dtype=np.uint64)
    for j in range(3):
        masks |= np.uint64(1) << hands[:, j].astype(np.uint64)
    strength = evaluate_zjh_batch(hands)
    names = np.array(ZJH_CATEGORIES, dtype=object)[category_of_strength(strength)]
    return hands, masks, strength, names


def _row_members(names: np.ndarray, special: np.ndarray, row: str) -> np.ndarray:
    """Indices of the hands of one report row (2-3-5 is a subset of high card)."""
    if row == SPECIAL_235:
        return np.flatnonzero(special)
    return np.flatnonzero(names == row)


def _heads_up_counts(hands: np.ndarray, strength: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per hand: how many disjoint hands it beats and ties (numpy, inclusion-exclusion).

    Opponents sharing a card with hand ``h = {a, b, c}`` are the union of the
    hands holding ``a``, ``b`` or ``c``: count those below (and equal to)
    ``s[h]`` by card, subtract the hands holding two of its cards (50 per
    pair) and add back ``h`` itself; take that from the count over all hands.

    Shapes
    ------
    hands : uint8[22100, 3], every three-card hand once, cards ascending
    strength : int64[22100]
    returns : (wins int64[22100], ties int64[22100]) out of C(49, 3) each
    """
    s = strength.astype(np.int64)
    ordered = np.sort(s)
    less = np.searchsorted(ordered, s, "left").astype(np.int64)
    equal = np.searchsorted(ordered, s, "right").astype(np.int64) - less
    for card in range(52):  # hands holding `card` (1,275 each)
        members = np.flatnonzero((hands == card).any(axis=1))
        sub = np.sort(s[members])
        lo = np.searchsorted(sub, s[members], "left")
        less[members] -= lo
        equal[members] -= np.searchsorted(sub, s[members], "right") - lo
    a, b, c = (hands[:, j].astype(np.int64) for j in range(3))
    pair_ids = np.stack([b * (b - 1) // 2 + a, c * (c - 1) // 2 + a, c * (c - 1) // 2 + b], 1)
    holders = np.argsort(pair_ids.ravel(), kind="stable").reshape(-1, 50) // 3  # 1,326 pairs
    pair_s = s[holders]  # int64[1326, 50]: strengths of the hands holding each pair
    for j in range(3):
        rows = pair_s[pair_ids[:, j]]
        less += (rows < s[:, None]).sum(axis=1)
        equal += (rows == s[:, None]).sum(axis=1)
    equal -= 1  # the hand itself was added back by the pairs and is no opponent
    return less, equal


def zjh_heads_up_exact(rules: ZJHRules | None = None) -> pd.DataFrame:
    """Exact win rate of each Zha Jin Hua category against one random hand.

    Every hero hand is played against each of the C(49, 3) = 18,424 hands
    that share no card with it (all 22,100 x 18,424 deals, counted in
    numpy); a category's rate is the average over its hands.  With
    ``rules.special_235`` an off-suit 2-3-5 beats a bomb and loses to
    everything else.

    Parameters
    ----------
    rules : ZJHRules, optional
        The rules (2-3-5, suit tie-break, order); default ``ZJHRules()``.

    Returns
    -------
    DataFrame
        Indexed by category (and ``"special 2-3-5"``): ``hands`` in it,
        ``win``, ``tie`` and ``equity`` (share of the pot, ties split) as
        floats, and ``equity_fraction``, the exact rational as text.

    Examples
    --------
    >>> df = zjh_heads_up_exact()
    >>> int(df.loc["bomb", "hands"]), round(float(df.loc["bomb", "equity"]), 6)
    (52, 0.998697)
    """
    rules = ZJHRules() if rules is None else rules
    hands, masks, _, names = _zjh_hands()
    win, tie = _heads_up_counts(hands, evaluate_zjh_batch(hands, rules))
    special = special_235_batch(hands)
    if rules.special_235:
        bombs = np.flatnonzero(names == "bomb")
        specials = np.flatnonzero(special)
        meet = (masks[specials, None] & masks[None, bombs]) == 0  # disjoint (2-3-5, bomb)
        win[specials] += meet.sum(axis=1)  # a loss without the rule, a win with it
        win[bombs] -= meet.sum(axis=0)
    opponents = math.comb(49, 3)
    rows = []
    for row in _ZJH_ROWS:
        members = _row_members(names, special, row)
        w, t = int(win[members].sum()), int(tie[members].sum())
        deals = len(members) * opponents
        eq = Fraction(2 * w + t, 2 * deals)
        rows.append(
            {
                "category": row,
                "hands": len(members),
                "win": w / deals,
                "tie": t / deals,
                "equity": float(eq),
                "equity_fraction": f"{eq.numerator}/{eq.denominator}",
            }
        )
    return pd.DataFrame(rows).set_index("category")


def _stratified_heroes(
    members: np.ndarray, strength: np.ndarray, n_heroes: int, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray, list[np.ndarray]]:
    """Pick hero hands of one category: stratified by strength, one per stratum.

    Returns the chosen hand indices, their weights (stratum share, summing
    to 1) and the groups of positions whose spread estimates the variance
    (pairs of neighbouring strata; empty for a census).
    """
    order = members[np.lexsort((members, strength[members]))]
    if len(order) <= n_heroes:
        return order, np.full(len(order), 1 / len(order)), []
    n_strata = max(2, n_heroes - n_heroes % 2)
    strata = np.array_split(order, n_strata)
    chosen = np.array([s[rng.integers(len(s))] for s in strata])
    weights = np.array([len(s) / len(order) for s in strata])
    groups = [np.arange(k, k + 2) for k in range(0, n_strata, 2)]
    return chosen, weights, groups


def _stratified_stderr(
    values: np.ndarray, weights: np.ndarray, groups: list[np.ndarray], mc_stderr: np.ndarray
) -> float:
    """Standard error of ``sum(weights * values)``.

    A census (no groups) has Monte-Carlo error only.  Otherwise neighbouring
    strata are collapsed in pairs (Cochran): a pair of total weight ``W``
    contributes ``W**2 * s**2 / 2`` with ``s**2`` the spread of its two
    values, which already holds their Monte-Carlo noise.
    """
    if not groups:
        return float(np.sqrt(np.sum(weights**2 * mc_stderr**2)))
    var = 0.0
    for g in groups:
        w = float(weights[g].sum())
        var += w**2 * float(np.var(values[g], ddof=1)) / len(g)
    return math.sqrt(var)


def zjh_category_winrates(
    rules: ZJHRules | None = None,
    opponents: Iterable[int] = (1, 2, 3, 4, 5),
    *,
    heroes: int = 40,
    trials: int = 5_000,
    seed: int = 2026,
    progress: Callable[[str], None] | None = None,
) -> pd.DataFrame:
    """Zha Jin Hua win rate of each category against ``k`` random opponents (Monte-Carlo).

    Method: the hands of a category are sorted by strength and cut into
    ``heroes`` strata of equal size; one hero hand is drawn from each
    (every hand when the category has no more than ``heroes``), and
    ``calculate([hero] + ["random"] * k, game="zjh", rules=rules,
    trials=trials)`` plays it against ``k`` opponents dealt from the rest of
    the deck.  The category's rate is the stratum-weighted mean: an unbiased
    estimate of the average over every hand of the category, that is, of
    the win rate of a hand dealt at random given its category.  The same
    hero hands serve every rule set and table size (paired comparisons).

    Parameters
    ----------
    rules : ZJHRules, optional
        House rules; default ``ZJHRules()``.
    opponents : iterable of int
        Numbers of random opponents (1 to 16).
    heroes : int
        Hero hands per category (strata; rounded down to an even number).
    trials : int
        Deals per hero hand and number of opponents.
    seed : int
        Seed of the hero draw and of every run.
    progress : callable, optional
        Called with a label after each category and number of opponents.

    Returns
    -------
    DataFrame
        One row per (category, opponents): ``equity`` (pot share, ties
        split), ``win``, ``tie``, ``stderr`` of the equity, ``heroes`` used,
        ``hands`` in the category and ``trials`` per hero.  Rows follow
        :data:`equity.zjh.ZJH_CATEGORIES` plus ``"special 2-3-5"`` (the
        off-suit 2-3-5 hands, also counted in high card).

    Examples
    --------
    >>> df = zjh_category_winrates(opponents=[1], heroes=2, trials=500, seed=1)
    >>> list(df["category"])[:2], int(df["heroes"].iloc[0])
    (['bomb', 'straight flush'], 2)
    """
    from .cards import format_cards

    rules = ZJHRules() if rules is None else rules
    hands, _, strength, names = _zjh_hands()
    special = special_235_batch(hands)
    rows = []
    for row in _ZJH_ROWS:
        members = _row_members(names, special, row)
        rng = np.random.default_rng(_subseed(seed, "zjh-heroes", row))
        chosen, weights, groups = _stratified_heroes(members, strength, heroes, rng)
        texts = [format_cards(h) for h in hands[chosen].tolist()]
        for k in opponents:
            eq, win, tie, se = (np.zeros(len(chosen)) for _ in range(4))
            for i, text in enumerate(texts):
                r = calculate(
                    [text] + ["random"] * k,
                    game="zjh",
                    rules=rules,
                    method="monte-carlo",
                    trials=trials,
                    seed=_subseed(seed, "zjh", row, text, k),
                    threads=_SHORT_RUN_THREADS,
                )
                assert r.stderr is not None
                eq[i], win[i], tie[i], se[i] = r.equity[0], r.win[0], r.tie[0], r.stderr[0]
            rows.append(
                {
                    "category": row,
                    "opponents": k,
                    "equity": float(weights @ eq),
                    "win": float(weights @ win),
                    "tie": float(weights @ tie),
                    "stderr": _stratified_stderr(eq, weights, groups, se),
                    "heroes": len(chosen),
                    "hands": len(members),
                    "trials": trials,
                }
            )
            if progress is not None:
                progress(f"zjh {row} vs {k}")
    return pd.DataFrame(rows)


# ---------------------------------------------------------------------------
# the report pages


def _header(
    kind: str,
    seed: int,
    sizes: ReportSizes,
    size: str,
    exact: bool,
    trials: int | None,
    command: str | None,
    out_dir: str,
    matchups: int | None = None,
) -> list[str]:
    args = [f'"{kind}"', repr(out_dir), f"seed={seed}"]
    flags = [f"--out {out_dir}", f"--seed {seed}"]
    if trials is not None:
        args.append(f"trials={trials}")
        flags.append(f"--trials {trials}")
    if exact:
        args.append("exact=True")
        flags.append("--exact")
    if size != "default":
        args.append(f"size={size!r}")
        flags.append(f"--size {size}")
    if matchups is not None:
        args.append(f"matchups={matchups}")
        flags.append(f"--matchups {matchups}")
    cmd = command or f"equity report {kind} {' '.join(flags)}"
    return [
        f"Generated by `equity` {__version__} with seed **{seed}** (size preset `{size}`).",
        "",
        f"- Command: `{cmd}`",
        f"- Python: `from equity.reports import run_report; run_report({', '.join(args)})`",
        "",
        "Tables are reproducible byte for byte from the seed; every Monte-Carlo figure comes "
        "with its standard error (SE), 95% interval (estimate +- 1.96 SE) and "
        "z = (estimate - exact) / SE.",
    ]


def _frequencies_steps(sizes: ReportSizes, exact: bool) -> int:
    per_game = 1 + len(_ladder(sizes.frequency_trials)) + (1 if exact else 0)
    return len(_FREQUENCY_ORDER) * per_game


_FREQUENCY_ORDER = ("five", "holdem", "zjh")
_GAME_TITLES = {
    "five": "Five-card poker (5 cards)",
    "holdem": "Texas Hold'em (best 5 of 7)",
    "zjh": "Zha Jin Hua (3 cards)",
}


def _frequencies_page(
    page: _Page, sizes: ReportSizes, seed: int, exact: bool, tick: _Ticker
) -> None:
    from .plots import plot_convergence, plot_frequencies

    page.add(
        f"Each table deals {sizes.frequency_trials:,} random hands "
        "(`category_frequencies(game, trials=..., seed=...)`) and compares the category counts "
        "with the closed-form probabilities of `equity.odds`. SE is the binomial standard "
        "error with the exact p; the chi-square test uses the disjoint categories.",
    )
    summary = []
    conv_frames = []
    for game in _FREQUENCY_ORDER:
        table = category_frequencies(
            game, trials=sizes.frequency_trials, seed=_subseed(seed, "frequencies", game)
        )
        tick(f"frequencies {game}")
        frame = table.to_frame()
        stat, p_value = table.chi_square()
        df = len([c for c in table.counts if c != SPECIAL_235]) - 1
        summary.append(
            {
                "game": game,
                "hands": table.hands,
                "chi_square": stat,
                "df": df,
                "p_value": p_value,
                "max_abs_z": float(frame["z"].abs().max()),
            }
        )
        page.add(f"## {_GAME_TITLES[game]}")
        shown = frame.reset_index()[
            [
                "category",
                "count",
                "frequency",
                "exact_probability",
                "rel_error",
                "stderr",
                "z",
                "ci95_low",
                "ci95_high",
            ]
        ]
        page.table(
            f"{game}",
            frame,
            shown,
            formats={
                "frequency": ".6g",
                "exact_probability": ".6g",
                "rel_error": "+.4f",
                "stderr": ".2e",
                "z": "+.2f",
                "ci95_low": ".6g",
                "ci95_high": ".6g",
            },
            index=True,
        )
        page.add(f"Chi-square {stat:.3f} on {df} degrees of freedom, p = {p_value:.4f}.")
        fig, axes = _figure(ncols=2, size=(7.0, 4.5))
        plot_frequencies(table, axes[0, 0])
        plot_frequencies(table, axes[0, 1], relative=True)
        page.figure(f"{game}", fig, f"{game} simulated vs exact frequencies")
        if exact:
            enumerated = category_frequencies(game, exact=True)
            closed = category_counts(game)
            check = pd.DataFrame(
                {
                    "category": list(enumerated.counts),
                    "enumerated": list(enumerated.counts.values()),
                    "closed_form": [closed[c] for c in enumerated.counts],
                }
            )
            check["equal"] = check["enumerated"] == check["closed_form"]
            page.table(
                f"{game}_exhaustive",
                check,
                caption=f"Exhaustive enumeration of all {enumerated.hands:,} hands "
                "against the closed form:",
            )
            tick(f"frequencies {game} exhaustive")
        conv_frames.append(_frequency_convergence(game, sizes.frequency_trials, seed, tick))
    page.add("## Goodness of fit")
    page.table(
        "chi_square",
        pd.DataFrame(summary),
        formats={"chi_square": ".3f", "p_value": ".4f", "max_abs_z": ".2f"},
    )
    page.add(
        "## Convergence",
        "Relative error |p_hat / p - 1| of the most common, a middling and the rarest "
        "category against the number of hands, one independent run per point. The dashed "
        "line is the relative standard error sqrt((1 - p) / (p n)); 95% of the points "
        "should fall in the shaded band below 1.96 SE.",
    )
    conv = pd.concat(conv_frames, ignore_index=True)
    page.table(
        "convergence",
        conv,
        shown=conv.loc[conv["trials"] == conv["trials"].max()],
        formats={"estimate": ".7f", "exact": ".7f", "error": "+.2e", "stderr": ".2e"},
    )
    fig, axes = _figure(ncols=len(_FREQUENCY_ORDER), size=(5.5, 4.5))
    for ax, game in zip(axes[0], _FREQUENCY_ORDER, strict=True):
        part = conv[conv["game"] == game]
        plot_convergence(part, ax, title=f"{game}: relative error", ylabel="relative error")
    page.figure("convergence", fig, "convergence of the relative error")


def _frequency_convergence(game: str, trials: int, seed: int, tick: _Ticker) -> pd.DataFrame:
    exact = {k: float(v) for k, v in _probabilities(game).items()}
    disjoint = sorted((c for c in exact if c != SPECIAL_235), key=lambda c: -exact[c])
    chosen = [disjoint[0], disjoint[len(disjoint) // 2], disjoint[-1]]
    rows = []
    for n in _ladder(trials):
        t = category_frequencies(game, trials=n, seed=_subseed(seed, "freq-convergence", game, n))
        for c in chosen:
            p = exact[c]
            est = t.counts[c] / n
            rows.append(
                {
                    "game": game,
                    "series": c,
                    "trials": n,
                    "estimate": est,
                    "exact": p,
                    "error": est / p - 1,
                    "stderr": math.sqrt((1 - p) / (p * n)),
                }
            )
        tick(f"frequencies {game} convergence {n:,}")
    return pd.DataFrame(rows)


def _probabilities(game: str) -> dict[str, Fraction]:
    from .odds import category_probabilities

    return category_probabilities(game)


def _matchups_steps(sizes: ReportSizes) -> int:
    return len(CLASSIC_MATCHUPS) + len(_ladder(sizes.matchup_trials))


def _matchups_page(page: _Page, sizes: ReportSizes, seed: int, tick: _Ticker) -> None:
    from .plots import plot_convergence, plot_errors, plot_winrate_scatter

    page.add(
        "Classic heads-up hold'em matchups. Exact: every one of the 1,712,304 boards "
        '(`calculate(hands, method="exact")`). Monte-Carlo: '
        f"{sizes.matchup_trials:,} random boards per matchup "
        '(`calculate(hands, method="monte-carlo", trials=..., seed=...)`), SE from the '
        "spread of batch means. Equity is the first hand's share of the pot (ties split).",
    )
    frame = classic_matchups(sizes.matchup_trials, seed, progress=tick)
    shown = frame[
        [
            "matchup",
            "hand",
            "opponent",
            "exact_equity",
            "exact_tie",
            "mc_equity",
            "stderr",
            "ci95_low",
            "ci95_high",
            "z",
            "covered",
        ]
    ]
    page.table(
        "matchups",
        frame,
        shown,
        formats={
            "exact_equity": ".5f",
            "exact_tie": ".5f",
            "mc_equity": ".5f",
            "stderr": ".5f",
            "ci95_low": ".5f",
            "ci95_high": ".5f",
            "z": "+.2f",
        },
    )
    covered = int(frame["covered"].sum())
    page.add(
        f"{covered} of {len(frame)} 95% intervals (+-1.96 reported SE) contain the exact equity.",
        "",
        *_z_summary(frame.assign(label=frame["hand"] + " vs " + frame["opponent"]), "mc_equity"),
    )
    fig, axes = _figure(ncols=2, size=(5.5, 5.0))
    plot_winrate_scatter(
        frame["mc_equity"],
        frame["exact_equity"],
        axes[0, 0],
        stderr=frame["stderr"],
        title="Classic matchups: Monte-Carlo vs exact",
    )
    plot_errors(
        list(frame["hand"] + " vs " + frame["opponent"]),
        frame["error"],
        frame["stderr"],
        axes[0, 1],
        title="Classic matchups: error with 95% interval",
    )
    page.figure("matchups", fig, "Monte-Carlo vs exact equity of the classic matchups")
    hand, opponent = CLASSIC_MATCHUPS[0][1:]
    conv = _matchup_convergence(hand, opponent, sizes.matchup_trials, seed, tick)
    page.add(
        "## Convergence",
        f"Error of the Monte-Carlo equity of {hand} vs {opponent} against the number of "
        "deals (one independent run per point); the dashed line is sigma / sqrt(n) with "
        "sigma the exact per-deal standard deviation, `reported_stderr` the engine's "
        "batch-means estimate.",
    )
    page.table(
        "convergence",
        conv,
        formats={
            "estimate": ".6f",
            "exact": ".6f",
            "error": "+.2e",
            "stderr": ".2e",
            "reported_stderr": ".2e",
        },
    )
    fig, axes = _figure(size=(6.5, 4.5))
    plot_convergence(conv, axes[0, 0], title=f"{hand} vs {opponent}: error of the equity")
    page.figure("convergence", fig, "convergence of the matchup equity")


def _z_summary(frame: pd.DataFrame, column: str) -> list[str]:
    """Markdown bullets: largest error, z statistics, coverage, chi-square, SE check.

    ``frame`` has ``label``, ``column`` (the estimate), ``exact_equity``,
    ``error``, ``stderr``, ``exact_stderr``, ``z`` and ``z_reported``.
    """
    worst = frame.loc[frame["error"].abs().idxmax()]
    z = frame["z"].to_numpy(dtype=float)
    z = z[np.isfinite(z)]
    chi = float(np.sum(z**2))
    outside = int(np.sum(np.abs(z) > _Z95))
    ratio = float((frame["stderr"] / frame["exact_stderr"]).mean())
    zr = frame["z_reported"].to_numpy(dtype=float)
    zr = zr[np.isfinite(zr)]
    return [
        f"- largest absolute error **{abs(worst['error']):.5f}** ({worst['label']}: "
        f"{worst[column]:.5f} simulated, {worst['exact_equity']:.5f} exact, "
        f"z = {worst['z']:+.2f}); mean absolute error {frame['error'].abs().mean():.5f};",
        f"- z = error / exact SE, where exact SE = sigma / sqrt(n) with sigma from the exact "
        f"win and tie probabilities: mean {z.mean():+.3f}, RMS {math.sqrt(chi / len(z)):.3f} "
        f"(0 and 1 expected), largest |z| {np.abs(z).max():.2f};",
        f"- {outside} of {len(z):,} estimates outside +-1.96 exact SE (expected "
        f"{0.05 * len(z):.1f}); sum of z^2 = {chi:.1f} on {len(z):,} degrees of freedom, "
        f"p = {chi2_sf(chi, len(z)):.4f};",
        f"- the engine's reported SE (batch means) averages {ratio:.3f} x the exact SE; with "
        f"it, RMS z = {math.sqrt(float(np.mean(zr**2))):.3f} (batch-means SEs have about 31 "
        "degrees of freedom, so slightly above 1 is expected).",
    ]


def _preflop_steps(sizes: ReportSizes, exact: bool) -> int:
    return 169 + min(sizes.matrix_matchups, _N_MATCHUPS) + (1 if exact else 0)


def _preflop_page(page: _Page, sizes: ReportSizes, seed: int, exact: bool, tick: _Ticker) -> None:
    from .plots import plot_grid, plot_matrix, plot_winrate_scatter, plot_z_histogram

    page.add(
        "## Each starting hand against one random hand",
        "Exact: all C(50,5) x C(45,2) = 2,097,572,400 (board, opponent) deals per class "
        "(`equity.ranges.preflop_equity_vs_random()`). Monte-Carlo: "
        f"{sizes.vs_random_trials:,} deals per class "
        '(`calculate([cls, "random"], trials=..., seed=...)`).',
    )
    vs = preflop_vs_random(sizes.vs_random_trials, seed, recompute=exact, progress=tick)
    if exact:
        shipped = preflop_vs_random(None, seed)
        same = bool((shipped[["win", "tie", "total"]] == vs[["win", "tie", "total"]]).all().all())
        page.add(f"Recomputed board sweep equals the shipped table: {'yes' if same else '**no**'}.")
        tick("preflop recompute")
    top = vs.sort_values("exact_equity", ascending=False, kind="stable")
    shown = pd.concat([top.head(10), top.tail(5)])[
        ["hand", "combos", "exact_equity", "mc_equity", "stderr", "exact_stderr", "z"]
    ]
    page.table(
        "vs_random",
        vs,
        shown,
        formats={
            "exact_equity": ".5f",
            "mc_equity": ".5f",
            "stderr": ".5f",
            "exact_stderr": ".5f",
            "z": "+.2f",
        },
        caption="The ten strongest and five weakest classes (all 169 in the CSV):",
    )
    page.add(
        "Monte-Carlo vs exact over the 169 classes:",
        "",
        *_z_summary(vs.assign(label=vs["hand"]), "mc_equity"),
    )
    fig, axes = _figure(size=(8.0, 7.0))
    plot_grid(
        dict(zip(vs["hand"], vs["exact_equity"], strict=True)),
        axes[0, 0],
        title="Exact equity against one random hand",
        label="equity",
        fmt="{:.3f}",
    )
    page.figure("vs_random_grid", fig, "13x13 heat map of equity against a random hand")
    fig, axes = _figure(ncols=2, size=(5.5, 5.0))
    plot_winrate_scatter(
        vs["mc_equity"],
        vs["exact_equity"],
        axes[0, 0],
        stderr=vs["exact_stderr"],
        title="169 classes vs a random hand",
    )
    plot_z_histogram(vs["z"], axes[0, 1], title="z-scores, 169 classes vs a random hand")
    page.figure("vs_random_scatter", fig, "Monte-Carlo vs exact equity against a random hand")

    n_matchups = min(sizes.matrix_matchups, _N_MATCHUPS)
    page.add(
        "## The 169x169 heads-up matrix",
        f"{n_matchups:,} of the 14,365 class matchups "
        f"({'all of them' if n_matchups == _N_MATCHUPS else 'a uniform random sample'}), "
        f"{sizes.matrix_trials:,} deals each "
        '(`calculate(["AKs", "QQ"], trials=..., seed=...)`: combos drawn uniformly '
        "among the non-conflicting pairs, boards at random), so each equity has a "
        f"standard error of about {0.5 / math.sqrt(sizes.matrix_trials):.4f} or less.",
    )
    matrix = preflop_matrix(n_matchups, sizes.matrix_trials, seed, progress=tick)
    cmp = compare_with_reference(matrix, load_preflop_reference())
    page.add(
        "Compared with the project's exact table (`equity/data/preflop_169x169.npz`, "
        "computed by `equity table preflop --exact` and tested equal to Irving and "
        "d'Eon's published exact table; equity = (win + tie/2) / total of the first hand):",
        "",
        *_z_summary(cmp.assign(label=cmp["hand"] + " vs " + cmp["opponent"]), "equity"),
    )
    by_z = cmp.reindex(cmp["z"].abs().sort_values(ascending=False, kind="stable").index)
    page.table(
        "matrix",
        cmp,
        by_z.head(10)[
            [
                "hand",
                "opponent",
                "equity",
                "exact_equity",
                "stderr",
                "exact_stderr",
                "error",
                "z",
            ]
        ],
        formats={
            "equity": ".5f",
            "exact_equity": ".5f",
            "stderr": ".5f",
            "exact_stderr": ".5f",
            "error": "+.5f",
            "z": "+.2f",
        },
        caption="The ten matchups with the largest |z| (all in the CSV):",
    )
    fig, axes = _figure(ncols=2, size=(5.5, 5.0))
    plot_z_histogram(cmp["z"], axes[0, 0], title=f"z-scores of {len(cmp):,} heads-up matchups")
    plot_winrate_scatter(
        cmp["equity"],
        cmp["exact_equity"],
        axes[0, 1],
        residual=True,
        title="Heads-up matchups: simulated - exact",
    )
    page.figure("matrix_errors", fig, "z-score histogram and errors of the matrix")
    fig, axes = _figure(size=(8.0, 7.0))
    plot_matrix(
        _matrix_array(matrix),
        axes[0, 0],
        title=f"Monte-Carlo heads-up equity ({n_matchups:,} matchups, mirrored)",
    )
    page.figure("matrix", fig, "169x169 heads-up equity matrix")


def _rate_text(value: float, stderr: float | None = None) -> str:
    """``0.8283 +- 0.0013`` (value +- 1.96 SE); small rates in scientific notation."""
    small = 0 < value < 0.001
    text = f"{value:.2e}" if small else f"{value:.4f}"
    if stderr is None:
        return text
    return text + (f" +- {_Z95 * stderr:.1e}" if small else f" +- {_Z95 * stderr:.4f}")


def _zjh_steps(sizes: ReportSizes) -> int:
    return len(ZJH_VARIANTS) * (1 + len(_ZJH_ROWS) * 5)


def _zjh_page(page: _Page, sizes: ReportSizes, seed: int, tick: _Ticker) -> None:
    from .plots import plot_errors, plot_winrate_scatter, plot_zjh_winrates

    page.add(
        "Win rate (share of the pot, ties split) of a Zha Jin Hua hand of each category "
        "against 1 to 5 opponents holding random hands from the same deck, under four rule "
        "sets (flush beats straight in all of them): with and without the off-suit 2-3-5 "
        "that beats a bomb, and with and without the suit tie-break (spades > hearts > "
        'clubs > diamonds). "special 2-3-5" is the 60 off-suit 2-3-5 hands, also counted '
        "in high card.",
        "",
        "- **Exact, one opponent:** every hero hand against each of the 18,424 hands "
        "disjoint from it (`equity.reports.zjh_heads_up_exact`).",
        f"- **Monte-Carlo, 1-5 opponents:** the category's hands are sorted by strength and "
        f"cut into {sizes.zjh_heroes - sizes.zjh_heroes % 2} strata; one hero hand is drawn "
        f"from each (all of them if the category is smaller) and dealt "
        f"{sizes.zjh_trials:,} times against k random opponents "
        '(`calculate([hero] + ["random"] * k, game="zjh", rules=...)`). The rate is the '
        "stratum-weighted mean (an unbiased estimate of the category average); its SE "
        "collapses neighbouring strata in pairs.",
        "",
        f"2-3-5 rule: {SPECIAL_235_RULE}",
    )
    tables = []
    exact_rows = []
    for name, rules in ZJH_VARIANTS:
        ex = zjh_heads_up_exact(rules)
        tick(f"zjh exact {name}")
        ex = ex.reset_index()
        ex.insert(0, "rules", name)
        exact_rows.append(ex)
        mc = zjh_category_winrates(
            rules, heroes=sizes.zjh_heroes, trials=sizes.zjh_trials, seed=seed, progress=tick
        )
        mc.insert(0, "rules", name)
        exact_eq = dict(zip(ex["category"], ex["equity"], strict=True))
        mc["exact_equity"] = [
            exact_eq[c] if k == 1 else math.nan
            for c, k in zip(mc["category"], mc["opponents"], strict=True)
        ]
        mc["z"] = _z(mc["equity"] - mc["exact_equity"], mc["stderr"])
        tables.append(mc)
    exact = pd.concat(exact_rows, ignore_index=True)
    winrates = pd.concat(tables, ignore_index=True)
    page.add("## Exact win rate against one random hand")
    wide = exact.pivot(index="category", columns="rules", values="equity")
    wide = wide.loc[list(_ZJH_ROWS), [n for n, _ in ZJH_VARIANTS]].reset_index()
    page.table("heads_up_exact", exact, wide, formats={n: ".6f" for n, _ in ZJH_VARIANTS})
    page.add(
        "## Monte-Carlo win rate against 1-5 random opponents",
        "Equity +- 1.96 SE; the `vs 1 exact` column repeats the exact figure.",
    )
    for name, _ in ZJH_VARIANTS:
        part = winrates[winrates["rules"] == name]
        grid = pd.DataFrame({"category": list(_ZJH_ROWS)})
        grid["vs 1 exact"] = [_rate_text(v) for v in part[part["opponents"] == 1]["exact_equity"]]
        for k in sorted(part["opponents"].unique()):
            sel = part[part["opponents"] == k]
            grid[f"vs {k}"] = [
                _rate_text(e, s) for e, s in zip(sel["equity"], sel["stderr"], strict=True)
            ]
        page.add(f"### {name}", _md_table(grid))
    page.table("winrates", winrates, show=False)
    fig, axes = _figure(ncols=2, nrows=2, size=(6.0, 4.5))
    for ax, (name, _) in zip(axes.ravel(), ZJH_VARIANTS, strict=True):
        plot_zjh_winrates(
            winrates[winrates["rules"] == name], ax, title=f"Zha Jin Hua win rate: {name}"
        )
    page.figure("winrates", fig, "win rate by category and number of opponents")
    one = winrates[winrates["opponents"] == 1]
    zs = one["z"].to_numpy()
    finite = zs[np.isfinite(zs)]
    page.add(
        "## Monte-Carlo against exact (one opponent)",
        f"{len(zs)} (rule set, category) rates: largest |error| "
        f"{np.abs(one['equity'] - one['exact_equity']).max():.5f}, largest |z| "
        f"{np.abs(finite).max(initial=0.0):.2f}, {int(np.sum(np.abs(finite) > _Z95))} "
        f"of {len(finite)} outside the 95% interval (expected {0.05 * len(finite):.1f})"
        + (
            f"; {len(zs) - len(finite)} estimates with zero spread have no z"
            if len(finite) < len(zs)
            else ""
        )
        + ".",
    )
    fig, axes = _figure(ncols=2, size=(6.0, 8.0))
    plot_winrate_scatter(
        one["equity"],
        one["exact_equity"],
        axes[0, 0],
        stderr=one["stderr"],
        title="Zha Jin Hua heads-up: Monte-Carlo vs exact",
    )
    plot_errors(
        list(one["rules"] + ": " + one["category"]),
        one["equity"] - one["exact_equity"],
        one["stderr"],
        axes[0, 1],
        title="Heads-up: error with 95% interval",
    )
    page.figure("heads_up_scatter", fig, "Monte-Carlo vs exact heads-up win rates")


# ---------------------------------------------------------------------------
# entry point


def run_report(
    kind: str,
    out_dir: str | os.PathLike[str],
    *,
    trials: int | None = None,
    seed: int = 2026,
    exact: bool = False,
    progress: Progress | None = None,
    size: str = "default",
    matchups: int | None = None,
    command: str | None = None,
) -> list[Path]:
    """Write a report (Markdown page, CSV tables, PNG figures) under ``out_dir``.

    Parameters
    ----------
    kind : {"frequencies", "matchups", "preflop", "zjh", "all"}
        Which report; ``"all"`` writes every one and an index ``README.md``.
    out_dir : str or path
        Output folder (created).  Page ``<kind>.md`` links its files in
        ``<kind>/`` by relative paths.
    trials : int, optional
        Monte-Carlo deals per estimate (a frequency table, a matchup, a hero
        hand), overriding the size preset everywhere.
    seed : int
        Seed of everything random; recorded on every page.
    exact : bool
        Also recompute the exact references: enumerate every hand for the
        frequency tables (against the closed form) and rerun the preflop
        board sweep (against the shipped table).
    progress : callable, optional
        ``progress(done, total, label)`` after each unit of work.
    size : {"small", "default", "full"}
        Preset of :data:`SIZES`: ``default`` takes a few minutes on two
        cores, ``full`` runs all 14,365 heads-up matchups.
    matchups : int, optional
        Number of 169x169 matchups to run (14,365 or more: all), overriding
        the preset.
    command : str, optional
        The command line to record on the pages (the CLI passes its own).

    Returns
    -------
    list of Path
        Every file written, pages first within each kind.

    Raises
    ------
    ReportInterrupted
        On Ctrl-C (the first one stops the calculation in progress): the
        pages finished are written, the page in progress with its sections
        so far and a note; the exception lists the files.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     paths = run_report("matchups", tmp, size="small", trials=2_000)
    ...     sorted(p.name for p in paths)[:3]
    ['convergence.csv', 'convergence.png', 'matchups.csv']
    """
    if kind != "all" and kind not in KINDS:
        raise ValueError(f"unknown report {kind!r} (expected one of {', '.join(KINDS)}, all)")
    if size not in SIZES:
        raise ValueError(f"unknown size {size!r} (expected one of {', '.join(SIZES)})")
    if trials is not None and (not isinstance(trials, (int, np.integer)) or trials <= 0):
        raise ValueError(f"trials must be a positive integer, got {trials!r}")
    if matchups is not None and (not isinstance(matchups, (int, np.integer)) or matchups < 1):
        raise ValueError(f"matchups must be a positive integer, got {matchups!r}")
    if not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
    sizes = SIZES[size]
    if trials is not None:
        sizes = sizes.with_trials(int(trials))
    if matchups is not None:
        sizes = replace(sizes, matrix_matchups=int(matchups))
    kinds = KINDS if kind == "all" else (kind,)
    steps = {
        "frequencies": _frequencies_steps(sizes, exact),
        "matchups": _matchups_steps(sizes),
        "preflop": _preflop_steps(sizes, exact),
        "zjh": _zjh_steps(sizes),
    }
    tick = _Ticker(progress, sum(steps[k] for k in kinds))
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    shown_dir = os.fspath(out_dir)
    titles = {
        "frequencies": "Hand-category frequencies: simulated vs exact",
        "matchups": "Heads-up hold'em: classic matchups, Monte-Carlo vs exact",
        "preflop": "Preflop equity: 169 starting hands and the heads-up matrix",
        "zjh": "Zha Jin Hua: win rate by category, rules and table size",
    }
    written: list[Path] = []
    with stop_requested() as stop:
        tick.stop = stop
        for k in kinds:
            page = _Page(
                out,
                k,
                titles[k],
                _header(k, int(seed), sizes, size, exact, trials, command, shown_dir, matchups),
            )
            try:
                if k == "frequencies":
                    _frequencies_page(page, sizes, int(seed), exact, tick)
                elif k == "matchups":
                    _matchups_page(page, sizes, int(seed), tick)
                elif k == "preflop":
                    _preflop_page(page, sizes, int(seed), exact, tick)
                else:
                    _zjh_page(page, sizes, int(seed), tick)
            except (_Stopped, KeyboardInterrupt):
                page.add(
                    "> **Interrupted:** Ctrl-C stopped the report here; the sections above are "
                    "complete. Run the command again for the whole page."
                )
                written.extend(page.write())
                raise ReportInterrupted(written) from None
            written.extend(page.write())
    if kind == "all":
        index = out / "README.md"
        lines = [
            "# equity reports",
            "",
            *_header("all", int(seed), sizes, size, exact, trials, command, shown_dir, matchups),
            "",
            *(f"- [{titles[k]}]({k}.md)" for k in KINDS),
            "",
            "Sizes: "
            + ", ".join(f"{f} = {getattr(sizes, f):,}" for f in sizes.__dataclass_fields__)
            + ".",
        ]
        index.write_text("\n".join(lines) + "\n", encoding="utf-8")
        written.insert(0, index)
    return written
