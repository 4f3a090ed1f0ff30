"""The ``zjh`` report page: Zha Jin Hua win rate by category, rules and table size.

For each rule set of :data:`ZJH_VARIANTS`: the exact heads-up win rate of
every category (:func:`zjh_heads_up_exact`) and the Monte-Carlo win rate
against one to five random opponents (:func:`zjh_category_winrates`),
compared where both exist.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from ..evaluators.zjh import SPECIAL_235_RULE
from ..stats import Z95
from .page import Page, ReportSizes, Ticker, md_table, new_figure, pct, z_score
from .studies_zjh import ZJH_ROWS, ZJH_VARIANTS, zjh_category_winrates, zjh_heads_up_exact

__all__ = ["zjh_page", "zjh_steps"]


def _rate_text(value: float, stderr: float | None = None) -> str:
    """``82.83% +- 0.13%`` (value +- 1.96 SE); small rates to three significant figures."""
    small = 0 < value < 0.001
    text = pct(value, ".3g%") if small else f"{value:.2%}"
    if stderr is None:
        return text
    return text + (f" +- {pct(Z95 * stderr, '.2g%')}" if small else f" +- {Z95 * stderr:.2%}")


def zjh_steps(sizes: ReportSizes) -> int:
    """Units of work of the page: per rule set, the exact counts and 5 opponents per row."""
    return len(ZJH_VARIANTS) * (1 + len(ZJH_ROWS) * 5)


def zjh_page(page: Page, sizes: ReportSizes, seed: int, tick: Ticker) -> None:
    """Fill the ``zjh`` page: exact heads-up rates, Monte-Carlo rates, their comparison."""
    from ..plots import plot_errors, plot_winrate_scatter, plot_zjh_winrates

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
        tick.step()
        ex = ex.reset_index()
        ex.insert(0, "rules", name)
        exact_rows.append(ex)
        mc = zjh_category_winrates(
            rules, heroes=sizes.zjh_heroes, trials=sizes.zjh_trials, seed=seed, progress=tick.part()
        )
        mc.insert(0, "rules", name)
        exact_eq = dict(zip(ex["category"], ex["equity"], strict=True))
        mc["exact_equity"] = [
            exact_eq[c] if k == 1 else math.nan
            for c, k in zip(mc["category"], mc["opponents"], strict=True)
        ]
        mc["z"] = z_score(mc["equity"] - mc["exact_equity"], mc["stderr"])
        tables.append(mc)
    exact = pd.concat(exact_rows, ignore_index=True)
    winrates = pd.concat(tables, ignore_index=True)
    page.add("## Exact win rate against one random hand")
    wide = exact.pivot(index="category", columns="rules", values="equity")
    wide = wide.loc[list(ZJH_ROWS), [n for n, _ in ZJH_VARIANTS]].reset_index()
    page.table("heads_up_exact", exact, wide, formats={n: ".4%" for n, _ in ZJH_VARIANTS})
    page.add(
        "## Monte-Carlo win rate against 1-5 random opponents",
        "Equity +- 1.96 SE; the `vs 1 exact` column repeats the exact figure.",
    )
    for name, _ in ZJH_VARIANTS:
        part = winrates[winrates["rules"] == name]
        grid = pd.DataFrame({"category": list(ZJH_ROWS)})
        grid["vs 1 exact"] = [_rate_text(v) for v in part[part["opponents"] == 1]["exact_equity"]]
        for k in sorted(part["opponents"].unique()):
            sel = part[part["opponents"] == k]
            grid[f"vs {k}"] = [
                _rate_text(e, s) for e, s in zip(sel["equity"], sel["stderr"], strict=True)
            ]
        page.add(f"### {name}", md_table(grid))
    page.table("winrates", winrates, show=False)
    fig, axes = new_figure(ncols=2, nrows=2, size=(6.0, 4.5))
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
        f"{np.abs(one['equity'] - one['exact_equity']).max():.3%}, largest |z| "
        f"{np.abs(finite).max(initial=0.0):.2f}, {int(np.sum(np.abs(finite) > Z95))} "
        f"of {len(finite)} outside the 95% interval (expected {0.05 * len(finite):.1f})"
        + (
            f"; {len(zs) - len(finite)} estimates with zero spread have no z"
            if len(finite) < len(zs)
            else ""
        )
        + ".",
    )
    fig, axes = new_figure(ncols=2, size=(6.0, 8.0))
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
