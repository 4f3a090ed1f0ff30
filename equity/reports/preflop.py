"""The ``preflop`` report page: the 169 starting hands and the 169x169 heads-up matrix.

Each class against one random hand, exact (13x13 heat map) and by
Monte-Carlo (:func:`preflop_vs_random`); then a sample of the heads-up class
matchups by Monte-Carlo (:func:`preflop_matrix`) against the package's exact
table (:func:`load_preflop_reference`), and that whole exact table as a heat
map, strongest hands first.
"""

from __future__ import annotations

import math

import pandas as pd

from .page import N_MATCHUPS, Page, ReportSizes, Ticker, new_figure, z_summary
from .studies_holdem import (
    compare_with_reference,
    load_preflop_reference,
    matrix_array,
    preflop_matrix,
    preflop_vs_random,
)

__all__ = ["preflop_page", "preflop_steps"]


def preflop_steps(sizes: ReportSizes, recompute: bool) -> int:
    """Units of work of the page: 169 classes, the matchups and the recomputed sweep."""
    return 169 + min(sizes.matrix_matchups, N_MATCHUPS) + (1 if recompute else 0)


def preflop_page(page: Page, sizes: ReportSizes, seed: int, recompute: bool, tick: Ticker) -> None:
    """Fill the ``preflop`` page: the classes against a random hand, then the matrix."""
    from ..plots import plot_grid, plot_matrix, plot_winrate_scatter, plot_z_histogram
    from ..ranges import preflop_ranking

    page.add(
        "## Each starting hand against one random hand",
        "Exact: all C(50,5) x C(45,2) = 2,097,572,400 (board, opponent) deals per class "
        "(`equity.ranges.preflop_equity_vs_random()`). Monte-Carlo: "
        f"{sizes.vs_random_trials:,} deals per class "
        '(`calculate([cls, "random"], trials=..., seed=...)`).',
    )
    vs = preflop_vs_random(sizes.vs_random_trials, seed, recompute=recompute, progress=tick.part())
    if recompute:
        shipped = preflop_vs_random(None, seed)
        same = bool((shipped[["win", "tie", "total"]] == vs[["win", "tie", "total"]]).all().all())
        page.add(f"Recomputed board sweep equals the shipped table: {'yes' if same else '**no**'}.")
        tick.step()
    top = vs.sort_values("exact_equity", ascending=False, kind="stable")
    shown = pd.concat([top.head(10), top.tail(5)])[
        ["hand", "combos", "exact_equity", "mc_equity", "stderr", "exact_stderr", "z"]
    ]
    page.table(
        "vs_random",
        vs,
        shown,
        formats={
            "exact_equity": ".3%",
            "mc_equity": ".3%",
            "stderr": ".3%",
            "exact_stderr": ".3%",
            "z": "+.2f",
        },
        caption="The ten strongest and five weakest classes (all 169 in the CSV):",
    )
    page.add(
        "Monte-Carlo vs exact over the 169 classes:",
        "",
        *z_summary(vs.assign(label=vs["hand"]), "mc_equity"),
    )
    fig, axes = new_figure(size=(8.0, 7.0))
    plot_grid(
        dict(zip(vs["hand"], vs["exact_equity"], strict=True)),
        axes[0, 0],
        title="Exact equity against one random hand",
        label="equity",
        fmt="{:.3f}",
    )
    page.figure("vs_random_grid", fig, "13x13 heat map of equity against a random hand")
    fig, axes = new_figure(ncols=2, size=(5.5, 5.0))
    plot_winrate_scatter(
        vs["mc_equity"],
        vs["exact_equity"],
        axes[0, 0],
        stderr=vs["exact_stderr"],
        title="169 classes vs a random hand",
    )
    plot_z_histogram(vs["z"], axes[0, 1], title="z-scores, 169 classes vs a random hand")
    page.figure("vs_random_scatter", fig, "Monte-Carlo vs exact equity against a random hand")

    n_matchups = min(sizes.matrix_matchups, N_MATCHUPS)
    page.add(
        "## The 169x169 heads-up matrix",
        f"{n_matchups:,} of the 14,365 class matchups "
        f"({'all of them' if n_matchups == N_MATCHUPS else 'a uniform random sample'}), "
        f"{sizes.matrix_trials:,} deals each "
        '(`calculate(["AKs", "QQ"], trials=..., seed=...)`: combos drawn uniformly '
        "among the non-conflicting pairs, boards at random), so each equity has a "
        f"standard error of about {0.5 / math.sqrt(sizes.matrix_trials):.2%} or less.",
    )
    matrix = preflop_matrix(n_matchups, sizes.matrix_trials, seed, progress=tick.part())
    cmp = compare_with_reference(matrix, load_preflop_reference())
    page.add(
        "Compared with the project's exact table (`equity/data/preflop_169x169.npz`, "
        "computed by `equity table preflop --exact` and tested equal to Irving and "
        "d'Eon's published exact table; equity = (win + tie/2) / total of the first hand):",
        "",
        *z_summary(cmp.assign(label=cmp["hand"] + " vs " + cmp["opponent"]), "equity"),
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
            "equity": ".3%",
            "exact_equity": ".3%",
            "stderr": ".3%",
            "exact_stderr": ".3%",
            "error": "+.3%",
            "z": "+.2f",
        },
        caption="The ten matchups with the largest |z| (all in the CSV):",
    )
    fig, axes = new_figure(ncols=2, size=(5.5, 5.0))
    plot_z_histogram(cmp["z"], axes[0, 0], title=f"z-scores of {len(cmp):,} heads-up matchups")
    plot_winrate_scatter(
        cmp["equity"],
        cmp["exact_equity"],
        axes[0, 1],
        residual=True,
        title="Heads-up matchups: simulated - exact",
    )
    page.figure("matrix_errors", fig, "z-score histogram and errors of the matrix")
    page.add(
        "The whole matrix, exact (the shipped table: every combo pair and board of all "
        "14,365 matchups), the 169 classes ordered strongest first (by exact equity "
        "against a random hand); every second class labelled: pairs black, suited blue, "
        "offsuit red. "
        "Read a row: the row hand's equity against each opponent hand."
    )
    fig, axes = new_figure(size=(12.5, 11.0))
    plot_matrix(
        matrix_array(load_preflop_reference().reset_index()),
        axes[0, 0],
        title="Exact heads-up preflop equity, all 169x169 class matchups",
        tick_every=2,
        order=preflop_ranking(),
    )
    page.figure("matrix", fig, "169x169 heads-up equity matrix, exact, strongest first")
