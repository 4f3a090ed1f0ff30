"""The page writer of the reports, and what the pages and studies share.

A page (:class:`Page`) is one Markdown file ``out_dir/<kind>.md`` with its
CSV tables and PNG figures in ``out_dir/<kind>/``.  Beside it: the size
presets (:class:`ReportSizes`, :data:`SIZES`), the seed of each sub-run
(:func:`subseed`), the Markdown table formatter, figure creation, the page
header, the summary of z-scores, and the ticker that counts the units of
work and stops a report on Ctrl-C (:class:`Ticker`, :class:`Stopped`,
:class:`ReportInterrupted`).
"""

from __future__ import annotations

import math
import threading
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from .._version import __version__
from ..control import Progress
from ..stats import Z95, chi2_sf

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "N_MATCHUPS",
    "SHORT_RUN_THREADS",
    "SIZES",
    "Page",
    "ReportInterrupted",
    "ReportSizes",
    "Stopped",
    "Ticker",
    "grouped_bars",
    "md_table",
    "new_figure",
    "pct",
    "report_header",
    "subseed",
    "trial_ladder",
    "z_score",
    "z_summary",
]

_FLOAT_CSV = "%.10g"  # CSV floats: fixed, platform-independent formatting
N_MATCHUPS = 169 * 170 // 2  # 14,365 unordered class matchups, mirrors included
SHORT_RUN_THREADS = 1
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
    omaha_pairs: int
    """Random heads-up hand pairs per game, each enumerated exactly (``omaha`` page)."""
    omaha_trials: int
    """Deals per Monte-Carlo hand against a random hand (``omaha`` page)."""
    ranges_trials: int
    """Deals of the Monte-Carlo preflop range-against-range spot (``ranges`` page)."""
    flops_open_percent: int
    """The opening range of the ``flops`` page: the top this percent of starting hands."""

    def with_trials(self, trials: int) -> ReportSizes:
        """The same sizes with every Monte-Carlo trial count set to ``trials``."""
        return replace(
            self,
            frequency_trials=trials,
            matchup_trials=trials,
            vs_random_trials=trials,
            matrix_trials=trials,
            zjh_trials=trials,
            omaha_trials=trials,
            ranges_trials=trials,
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
        omaha_pairs=6,
        omaha_trials=20_000,
        ranges_trials=100_000,
        flops_open_percent=4,
    ),
    "default": ReportSizes(
        frequency_trials=10_000_000,
        matchup_trials=1_000_000,
        vs_random_trials=200_000,
        matrix_matchups=2_000,
        matrix_trials=100_000,
        zjh_heroes=60,
        zjh_trials=10_000,
        omaha_pairs=400,
        omaha_trials=1_000_000,
        ranges_trials=10_000_000,
        flops_open_percent=17,
    ),
    "full": ReportSizes(
        frequency_trials=100_000_000,
        matchup_trials=10_000_000,
        vs_random_trials=1_000_000,
        matrix_matchups=N_MATCHUPS,
        matrix_trials=100_000,
        zjh_heroes=200,
        zjh_trials=20_000,
        omaha_pairs=2_000,
        omaha_trials=10_000_000,
        ranges_trials=100_000_000,
        flops_open_percent=17,
    ),
}
"""Presets: ``small`` runs in seconds (tests, notebooks), ``default`` in a few
minutes on two cores, ``full`` runs the whole 169x169 matrix (tens of minutes)."""


# ---------------------------------------------------------------------------
# seeds, ladders, z-scores


def subseed(seed: int, *keys: object) -> int:
    """A seed for one sub-run, derived from ``seed`` and stable labels.

    ``zlib.crc32`` rather than ``hash``: Python salts string hashes per process.

    Examples
    --------
    >>> subseed(2026, "a", 1) == subseed(2026, "a", 1) != subseed(2026, "a", 2)
    True
    """
    spawn_key = tuple(zlib.crc32(str(k).encode()) for k in keys)
    state = np.random.SeedSequence(int(seed), spawn_key=spawn_key).generate_state(1, np.uint64)
    return int(state[0] & np.uint64(2**63 - 1))


def trial_ladder(stop: int, start: int = 1_000) -> list[int]:
    """Trial counts from ``start`` to ``stop`` in steps of sqrt(10) (both ends included).

    Examples
    --------
    >>> trial_ladder(20_000)
    [1000, 3162, 10000, 20000]
    """
    if stop <= start:
        return [stop]
    steps = math.floor(2 * math.log10(stop / start) + 1e-9)
    points = {round(start * 10 ** (k / 2)) for k in range(steps + 1)} | {stop}
    return sorted(p for p in points if p <= stop)


def z_score(error: Any, stderr: Any) -> Any:
    """``error / stderr``, NaN where the standard error is zero (nothing to scale by)."""
    err = np.asarray(error, dtype=float)
    se = np.asarray(stderr, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(se > 0, err / np.where(se > 0, se, 1.0), np.nan)


# ---------------------------------------------------------------------------
# Markdown


def pct(value: float, spec: str = ".2%") -> str:
    """A share (0-1) as a percentage, as the pages print every share (the CSVs keep the
    fraction): ``format(value, spec)`` for a fixed spec such as ``".3%"``; a spec ending in
    ``g%`` keeps that many significant figures.

    Examples
    --------
    >>> pct(0.571654, ".3%"), pct(0.0000153908, ".3g%"), pct(-0.00012, "+.2g%")
    ('57.165%', '0.00154%', '-0.012%')
    """
    if spec.endswith("g%"):
        return format(100 * value, spec[:-1]) + "%"
    return format(value, spec)


def _fmt(value: float, spec: str) -> str:
    """``format(value, spec)`` (a share in percent when ``spec`` ends in ``%``: :func:`pct`);
    an empty cell for a missing value (None or NaN)."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    return pct(value, spec) if spec.endswith("%") else format(value, spec)


def md_table(
    frame: pd.DataFrame, formats: dict[str, str] | None = None, index: bool = False
) -> str:
    """A GitHub Markdown table with fixed formats per column (deterministic).

    Examples
    --------
    >>> print(md_table(pd.DataFrame({"n": [1234], "p": [0.5]}), {"p": ".2f"}))
    | n | p |
    | ---: | ---: |
    | 1,234 | 0.50 |
    """
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


def z_summary(frame: pd.DataFrame, column: str) -> list[str]:
    """Markdown bullets: largest error, z statistics, coverage, chi-square, SE check.

    ``frame`` has ``label``, ``column`` (the estimate), ``exact_equity``,
    ``error``, ``stderr``, ``exact_stderr``, ``z`` and ``z_reported``.
    """
    worst = frame.iloc[int(np.argmax(frame["error"].abs().to_numpy()))]
    z = frame["z"].to_numpy(dtype=float)
    z = z[np.isfinite(z)]
    chi = float(np.sum(z**2))
    outside = int(np.sum(np.abs(z) > Z95))
    ratio = float((frame["stderr"] / frame["exact_stderr"]).mean())
    zr = frame["z_reported"].to_numpy(dtype=float)
    zr = zr[np.isfinite(zr)]
    return [
        f"- largest absolute error **{abs(worst['error']):.3%}** ({worst['label']}: "
        f"{worst[column]:.3%} simulated, {worst['exact_equity']:.3%} exact, "
        f"z = {worst['z']:+.2f}); mean absolute error {frame['error'].abs().mean():.3%};",
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


def report_header(
    kind: str,
    seed: int,
    sizes: ReportSizes,
    size: str,
    method: str,
    trials: int | None,
    command: str | None,
    out_dir: str,
    matchups: int | None = None,
) -> list[str]:
    """The lines under a page's title: version, seed, the command and the Python call."""
    args = [f'"{kind}"', repr(out_dir), f"seed={seed}"]
    flags = [f"--out {out_dir}", f"--seed {seed}"]
    if trials is not None:
        args.append(f"trials={trials}")
        flags.append(f"--trials {trials}")
    if method != "auto":
        args.append(f"method={method!r}")
        flags.append("--recompute")
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
        "z = (estimate - exact) / SE. The pages print shares and probabilities in percent; "
        "the CSV files hold them as fractions (0-1), with players numbered from 0.",
    ]


# ---------------------------------------------------------------------------
# progress and Ctrl-C


class ReportInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped :func:`equity.reports.run_report`; ``written`` lists the files so far.

    The pages finished before it are complete; the page in progress is
    written with the sections it had, marked interrupted.
    """

    def __init__(self, written: list[Path]) -> None:
        super().__init__(f"report interrupted after {len(written)} files")
        self.written = written


class Stopped(Exception):
    """Raised by the ticker once Ctrl-C has been pressed: the report stops at this unit."""


class Ticker:
    """Counts a report's units of work for ``progress(done, total)``; stops it on Ctrl-C.

    After each unit it calls ``progress`` and, once ``stop`` (the flag of
    :func:`equity.control.stop_requested`) is set, raises :class:`Stopped`.

    Examples
    --------
    >>> calls = []
    >>> tick = Ticker(lambda done, total: calls.append((done, total)), 4)
    >>> tick.step()
    >>> study = tick.part()
    >>> study(1, 2), study(2, 2)
    (None, None)
    >>> calls
    [(1, 4), (2, 4), (3, 4)]
    """

    def __init__(self, progress: Progress | None, total: int) -> None:
        self.progress, self.total, self.done = progress, total, 0
        self.stop: threading.Event | None = None

    def step(self, units: int = 1) -> None:
        """Count ``units`` more units done; raise :class:`Stopped` after Ctrl-C."""
        self.done += units
        if self.progress is not None:
            self.progress(min(self.done, self.total), self.total)
        if self.stop is not None and self.stop.is_set():
            raise Stopped

    def part(self) -> Progress:
        """A study's ``progress(done, total)``: each call steps by the study's new units."""
        last = 0

        def progress(done: int, total: int) -> None:
            nonlocal last
            units, last = done - last, done
            self.step(units)

        return progress


# ---------------------------------------------------------------------------
# pages and figures


class Page:
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
            self.add(md_table(frame if shown is None else shown, formats, index=shown_index))
        self.add(f"Data: [{self.kind}/{path.name}]({self.kind}/{path.name})")
        return path

    def figure(self, name: str, fig: Figure, alt: str) -> Path:
        """Save ``fig`` as PNG (no timestamp in it) and put it on the page."""
        path = self.folder / f"{name}.png"
        fig.savefig(path, dpi=100, metadata={"Software": None})
        self.files.append(path)
        self.add(f"![{alt}]({self.kind}/{path.name})")
        return path

    def write(self) -> list[Path]:
        """Write the Markdown page; return it and every file of the page."""
        path = self.out_dir / f"{self.kind}.md"
        path.write_text("\n".join(self.lines).rstrip() + "\n", encoding="utf-8")
        return [path, *self.files]


def new_figure(ncols: int = 1, nrows: int = 1, size: tuple[float, float] = (7.0, 4.5)) -> Any:
    """A pyplot-free Figure and its axes (no GUI backend, nothing left open)."""
    try:
        from matplotlib.figure import Figure
    except ImportError as err:  # pragma: no cover - matplotlib is a dependency
        raise ImportError("reports need matplotlib: pip install equity[plot]") from err
    fig = Figure(figsize=(size[0] * ncols, size[1] * nrows), layout="constrained")
    axes = fig.subplots(nrows, ncols, squeeze=False)
    return fig, axes


def grouped_bars(
    ax: Any,
    labels: list[str],
    series: Sequence[tuple[str, Any, Any | None]],
    *,
    log: bool = True,
    ylabel: str = "probability",
    title: str = "",
) -> None:
    """Bars side by side per label: ``series`` is ``(name, values, half_width or None)``.

    A series with a half-width (1.96 SE) gets error bars (a Monte-Carlo
    estimate); one without is outlined in black (an exact value).
    Zero or missing values draw no bar on a log axis.
    """
    width = 0.8 / max(len(series), 1)
    x = np.arange(len(labels))
    for k, (name, values, half) in enumerate(series):
        vals = np.asarray(values, dtype=float)
        offset = x + (k - (len(series) - 1) / 2) * width
        shown = np.isfinite(vals) & ((vals > 0) if log else True)
        err = None if half is None else np.asarray(half, dtype=float)[shown]
        ax.bar(
            offset[shown],
            vals[shown],
            width,
            yerr=err,
            capsize=2 if err is not None else 0,
            label=name,
            color=f"C{k}",
            edgecolor="black" if half is None else "none",
            linewidth=0.6,
        )
    if log:
        ax.set_yscale("log")
    ax.set_xticks(x)
    ax.set_xticklabels(labels, rotation=30, ha="right")
    ax.set_ylabel(ylabel)
    if title:
        ax.set_title(title)
    ax.grid(True, axis="y", which="major", alpha=0.3)
    ax.legend(fontsize="small")
