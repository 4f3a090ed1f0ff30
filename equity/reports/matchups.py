"""The ``matchups`` report page: classic heads-up hold'em matchups, Monte-Carlo vs exact.

The matchups of :data:`CLASSIC_MATCHUPS` (:func:`classic_matchups`) with
their 95% intervals, and the convergence of the first one's error with the
number of deals.
"""

from __future__ import annotations

import math

import pandas as pd

from ..engine import calculate
from .page import Page, ReportSizes, Ticker, new_figure, subseed, trial_ladder, z_summary
from .studies_holdem import CLASSIC_MATCHUPS, classic_matchups, equity_sigma

__all__ = ["matchups_page", "matchups_steps"]


def matchups_steps(sizes: ReportSizes) -> int:
    """Units of work of the page: one per matchup and per point of the convergence."""
    return len(CLASSIC_MATCHUPS) + len(trial_ladder(sizes.matchup_trials))


def matchups_page(page: Page, sizes: ReportSizes, seed: int, tick: Ticker) -> None:
    """Fill the ``matchups`` page: the table of matchups, their errors, the convergence."""
    from ..plots import plot_convergence, plot_errors, plot_winrate_scatter

    page.add(
        "Classic heads-up hold'em matchups. Exact: every one of the 1,712,304 boards "
        '(`calculate(hands, method="exact")`). Monte-Carlo: '
        f"{sizes.matchup_trials:,} random boards per matchup "
        '(`calculate(hands, method="monte-carlo", trials=..., seed=...)`), SE from the '
        "spread of batch means. Equity is the first hand's share of the pot (ties split).",
    )
    frame = classic_matchups(sizes.matchup_trials, seed, progress=tick.part())
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
            "exact_equity": ".3%",
            "exact_tie": ".3%",
            "mc_equity": ".3%",
            "stderr": ".3%",
            "ci95_low": ".3%",
            "ci95_high": ".3%",
            "z": "+.2f",
        },
    )
    covered = int(frame["covered"].sum())
    page.add(
        f"{covered} of {len(frame)} 95% intervals (+-1.96 reported SE) contain the exact equity.",
        "",
        *z_summary(frame.assign(label=frame["hand"] + " vs " + frame["opponent"]), "mc_equity"),
    )
    fig, axes = new_figure(ncols=2, size=(5.5, 5.0))
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
            "estimate": ".4%",
            "exact": ".4%",
            "error": "+.3g%",
            "stderr": ".3g%",
            "reported_stderr": ".3g%",
        },
    )
    fig, axes = new_figure(size=(6.5, 4.5))
    plot_convergence(conv, axes[0, 0], title=f"{hand} vs {opponent}: error of the equity")
    page.figure("convergence", fig, "convergence of the matchup equity")


def _matchup_convergence(
    hand: str, opponent: str, trials: int, seed: int, tick: Ticker
) -> pd.DataFrame:
    """Error of the Monte-Carlo equity of ``hand`` along :func:`trial_ladder` ``(trials)``.

    One independent run per trial count (one unit of work each), beside the
    exact equity and ``sigma / sqrt(n)``.
    """
    exact = calculate([hand, opponent], method="exact")
    eq, sigma = (
        float(exact.equity[0]),
        equity_sigma(float(exact.win[0]), float(exact.tie[0]), float(exact.equity[0])),
    )
    rows = []
    for n in trial_ladder(trials):
        mc = calculate(
            [hand, opponent],
            method="monte-carlo",
            trials=n,
            seed=subseed(seed, "convergence", hand, opponent, n),
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
        tick.step()
    return pd.DataFrame(rows)
