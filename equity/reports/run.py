"""The entry point of the reports: :func:`run_report` writes the pages under a folder."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import numpy as np

from ..control import Progress, stop_requested
from .flops import flops_page, flops_steps
from .frequencies import frequencies_page, frequencies_steps
from .matchups import matchups_page, matchups_steps
from .omaha import omaha_page, omaha_steps
from .page import SIZES, Page, ReportInterrupted, Stopped, Ticker, report_header
from .preflop import preflop_page, preflop_steps
from .ranges import ranges_page, ranges_steps
from .zjh import zjh_page, zjh_steps

__all__ = ["KINDS", "run_report"]

KINDS = ("flops", "frequencies", "matchups", "omaha", "preflop", "ranges", "zjh")
"""Report kinds; ``run_report("all", ...)`` writes every one and an index page."""


def run_report(
    kind: str,
    out_dir: str | os.PathLike[str],
    *,
    trials: int | None = None,
    seed: int = 2026,
    method: str = "auto",
    progress: Progress | None = None,
    size: str = "default",
    matchups: int | None = None,
    command: str | None = None,
) -> list[Path]:
    """Write a report (Markdown page, CSV tables, PNG figures) under ``out_dir``.

    Parameters
    ----------
    kind : {"flops", "frequencies", "matchups", "omaha", "preflop", "ranges", "zjh", "all"}
        Which report; ``"all"`` writes every one and an index ``README.md``.
    out_dir : str or path
        Output folder (created).  Page ``<kind>.md`` links its files in
        ``<kind>/`` by relative paths.
    trials : int, optional
        Monte-Carlo deals per estimate (a frequency table, a matchup, a hero
        hand), overriding the size preset everywhere.
    seed : int
        Seed of everything random; recorded on every page.
    method : {"auto", "exact"}
        How the exact references are obtained (the estimates are Monte-Carlo
        by design): ``"auto"`` reads the closed forms and the shipped tables;
        ``"exact"`` also recomputes them, enumerating every hand for the
        frequency tables of the games with exact odds (against the closed
        form; Omaha has none and is skipped) and rerunning the preflop board
        sweep (against the shipped table).  ``"monte-carlo"`` is refused: the
        references are exact.
    progress : callable, optional
        ``progress(done, total)`` after each unit of work (a frequency
        table, a matchup, a hero hand's row...), ``total`` over every page.
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
    if method not in ("auto", "exact"):
        raise ValueError(
            f"unknown method {method!r} (expected 'auto' or 'exact': a report compares "
            "Monte-Carlo estimates with exact references, 'exact' recomputes them)"
        )
    recompute = method == "exact"
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
        "flops": flops_steps(sizes),
        "frequencies": frequencies_steps(sizes, recompute),
        "matchups": matchups_steps(sizes),
        "omaha": omaha_steps(sizes),
        "preflop": preflop_steps(sizes, recompute),
        "ranges": ranges_steps(sizes),
        "zjh": zjh_steps(sizes),
    }
    tick = Ticker(progress, sum(steps[k] for k in kinds))
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    shown_dir = os.fspath(out_dir)
    titles = {
        "flops": "Every flop: an opening range against a 3-bet range, by board texture",
        "frequencies": "Hand-category frequencies: simulated vs exact",
        "matchups": "Heads-up hold'em: classic matchups, Monte-Carlo vs exact",
        "omaha": "Omaha high and hi-lo, and short deck, beside hold'em",
        "preflop": "Preflop equity: 169 starting hands and the heads-up matrix",
        "ranges": "Range analysis: flop hits, equity curves, street by street",
        "zjh": "Zha Jin Hua: win rate by category, rules and table size",
    }
    written: list[Path] = []
    with stop_requested() as stop:
        tick.stop = stop
        for k in kinds:
            page = Page(
                out,
                k,
                titles[k],
                report_header(
                    k, int(seed), sizes, size, method, trials, command, shown_dir, matchups
                ),
            )
            try:
                if k == "flops":
                    flops_page(page, sizes, int(seed), tick)
                elif k == "frequencies":
                    frequencies_page(page, sizes, int(seed), recompute, tick)
                elif k == "matchups":
                    matchups_page(page, sizes, int(seed), tick)
                elif k == "omaha":
                    omaha_page(page, sizes, int(seed), tick)
                elif k == "preflop":
                    preflop_page(page, sizes, int(seed), recompute, tick)
                elif k == "ranges":
                    ranges_page(page, sizes, int(seed), tick)
                else:
                    zjh_page(page, sizes, int(seed), tick)
            except (Stopped, KeyboardInterrupt):
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
            *report_header(
                "all", int(seed), sizes, size, method, trials, command, shown_dir, matchups
            ),
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
