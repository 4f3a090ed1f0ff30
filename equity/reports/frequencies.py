"""The ``frequencies`` report page: hand-category frequencies, simulated vs exact.

For every game of :data:`equity.games.GAMES`, in its order: a Monte-Carlo
frequency table beside the exact probabilities (standard errors, z-scores,
chi-square), optionally the exhaustive enumeration against them, and the
convergence of the relative error with the number of hands.  A game
without exact odds (Omaha: ``Game.exact_odds`` false) gets its
Monte-Carlo frequencies with standard errors and 95% intervals only: no
exact column, z, chi-square, enumeration or convergence against a truth.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pandas as pd

from ..analysis.frequencies import SPECIAL_235, FrequencyTable, category_frequencies
from ..games import GAMES, Game
from ..odds import category_counts
from ..stats import Z95
from .page import (
    Page,
    ReportSizes,
    Ticker,
    grouped_bars,
    new_figure,
    pct,
    subseed,
    trial_ladder,
)

__all__ = ["frequencies_page", "frequencies_steps"]


def _has_odds(game: Game) -> bool:
    """Whether ``game`` has exact category odds (closed form or enumeration)."""
    return game.exact_odds


def frequencies_steps(sizes: ReportSizes, recompute: bool) -> int:
    """Units of work of the page: a table per game; with exact odds its ladder and enumeration."""
    per_game = 1 + len(trial_ladder(sizes.frequency_trials)) + (1 if recompute else 0)
    with_odds = sum(1 for g in GAMES.values() if _has_odds(g))
    return with_odds * per_game + (len(GAMES) - with_odds)


def frequencies_page(
    page: Page, sizes: ReportSizes, seed: int, recompute: bool, tick: Ticker
) -> None:
    """Fill the ``frequencies`` page: one section per game, goodness of fit, convergence."""
    from ..plots import plot_convergence, plot_frequencies

    page.add(
        f"Each table deals {sizes.frequency_trials:,} random hands "
        "(`category_frequencies(game, trials=..., seed=...)`) and compares the category counts "
        "with the exact probabilities of `equity.odds` (closed forms; short deck's seven-card "
        "odds by enumeration). SE is the binomial standard error with the exact p; the "
        "chi-square test uses the disjoint categories. Games without exact odds (Omaha) show "
        "their Monte-Carlo frequencies with the SE of the observed frequency and the 95% "
        "interval only.",
    )
    summary = []
    conv_frames = []
    for game in GAMES.values():
        name = game.name
        table = category_frequencies(
            name, trials=sizes.frequency_trials, seed=subseed(seed, "frequencies", name)
        )
        tick.step()
        if not _has_odds(game):
            _monte_carlo_only(page, game, table)
            continue
        frame = table.to_frame()
        stat, p_value = table.chi_square()
        df = len([c for c in table.counts if c != SPECIAL_235]) - 1
        summary.append(
            {
                "game": name,
                "hands": table.hands,
                "chi_square": stat,
                "df": df,
                "p_value": p_value,
                "max_abs_z": float(frame["z"].abs().max()),
            }
        )
        page.add(f"## {game.title}")
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
            f"{name}",
            frame,
            shown,
            formats={
                "frequency": ".6g%",
                "exact_probability": ".6g%",
                "rel_error": "+.2%",
                "stderr": ".3g%",
                "z": "+.2f",
                "ci95_low": ".6g%",
                "ci95_high": ".6g%",
            },
            index=True,
        )
        page.add(f"Chi-square {stat:.3f} on {df} degrees of freedom, p = {p_value:.4f}.")
        fig, axes = new_figure(ncols=2, size=(7.0, 4.5))
        plot_frequencies(table, axes[0, 0])
        plot_frequencies(table, axes[0, 1], relative=True)
        page.figure(f"{name}", fig, f"{name} simulated vs exact frequencies")
        if recompute:
            enumerated = category_frequencies(name, method="exact")
            closed = category_counts(name)
            check = pd.DataFrame(
                {
                    "category": list(enumerated.counts),
                    "enumerated": list(enumerated.counts.values()),
                    "closed_form": [closed[c] for c in enumerated.counts],
                }
            )
            check["equal"] = check["enumerated"] == check["closed_form"]
            page.table(
                f"{name}_exhaustive",
                check,
                caption=f"Exhaustive enumeration of all {enumerated.hands:,} hands "
                "against the exact counts of `equity.odds`:",
            )
            tick.step()
        conv_frames.append(_frequency_convergence(name, sizes.frequency_trials, seed, tick))
    page.add("## Goodness of fit")
    page.table(
        "chi_square",
        pd.DataFrame(summary),
        formats={"chi_square": ".3f", "p_value": ".4f", "max_abs_z": ".2f"},
    )
    if not conv_frames:
        return
    page.add(
        "## Convergence",
        "Relative error |p_hat / p - 1| of the most common, a middling and the rarest "
        "category against the number of hands, one independent run per point. The dashed "
        "line is the relative standard error sqrt((1 - p) / (p n)); 95% of the points "
        "should fall in the shaded band below 1.96 SE. Games with exact odds only.",
    )
    conv = pd.concat(conv_frames, ignore_index=True)
    page.table(
        "convergence",
        conv,
        shown=conv.loc[conv["trials"] == conv["trials"].max()],
        formats={"estimate": ".5%", "exact": ".5%", "error": "+.3g%", "stderr": ".3g%"},
    )
    names = list(dict.fromkeys(conv["game"]))
    ncols = min(len(names), 3)
    fig, axes = new_figure(ncols=ncols, nrows=-(-len(names) // ncols), size=(5.5, 4.5))
    for ax, name in zip(axes.ravel(), names, strict=False):
        part = conv[conv["game"] == name]
        plot_convergence(part, ax, title=f"{name}: relative error", ylabel="relative error")
    for ax in axes.ravel()[len(names) :]:
        ax.set_visible(False)
    page.figure("convergence", fig, "convergence of the relative error")


def _monte_carlo_only(page: Page, game: Game, table: FrequencyTable) -> None:
    """The section of a game without exact odds: frequencies, SE and 95% intervals only."""
    frame = table.to_frame()[["count", "frequency", "stderr", "ci95_low", "ci95_high"]]
    page.add(
        f"## {game.title}",
        f"Monte-Carlo only ({table.hands:,} hands of {game.hole_cards} hole cards and a board "
        "of five): no closed form is known, so there is no exact column, z or chi-square. "
        "SE = sqrt(f (1 - f) / n) with f the observed frequency.",
    )
    page.table(
        game.name,
        frame,
        frame.reset_index(),
        formats={"frequency": ".6g%", "stderr": ".3g%", "ci95_low": ".6g%", "ci95_high": ".6g%"},
        index=True,
    )
    low = table.to_dict().get("qualifying_low")
    if isinstance(low, dict):
        share, se = float(low["frequency"]), float(low["stderr"])
        page.add(
            f"Qualifying eight-or-better low: {int(low['count']):,} of {table.hands:,} hands, "
            f"{share:.4%} (SE {pct(se, '.3g%')}, 95% interval {share - Z95 * se:.4%} to "
            f"{share + Z95 * se:.4%})."
        )
    fig, axes = new_figure(size=(7.0, 4.5))
    grouped_bars(
        axes[0, 0],
        list(frame.index),
        [
            (
                "Monte-Carlo (95% interval)",
                frame["frequency"].to_numpy(),
                Z95 * frame["stderr"].to_numpy(),
            )
        ],
        title=f"{game.name}: simulated frequencies ({table.hands:,} hands; no exact odds)",
    )
    page.figure(game.name, fig, f"{game.name} simulated frequencies")


def _frequency_convergence(game: str, trials: int, seed: int, tick: Ticker) -> pd.DataFrame:
    """Relative error of three categories' frequencies along :func:`trial_ladder` ``(trials)``.

    The most common, a middling and the rarest disjoint category of ``game``,
    one independent run per trial count (one unit of work each).
    """
    exact = {k: float(v) for k, v in _probabilities(game).items()}
    # the categories a hand can be dealt (seven-card razz never shows trips or quads)
    possible = (c for c in exact if c != SPECIAL_235 and exact[c] > 0)
    disjoint = sorted(possible, key=lambda c: -exact[c])
    chosen = [disjoint[0], disjoint[len(disjoint) // 2], disjoint[-1]]
    rows = []
    for n in trial_ladder(trials):
        t = category_frequencies(game, trials=n, seed=subseed(seed, "freq-convergence", game, n))
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
        tick.step()
    return pd.DataFrame(rows)


def _probabilities(game: str) -> dict[str, Fraction]:
    """The exact category probabilities of ``game`` (closed forms, :mod:`equity.odds`)."""
    from ..odds import category_probabilities

    return category_probabilities(game)
