"""The ``frequencies`` report page: hand-category frequencies, simulated vs exact.

For every game of :data:`equity.games.GAMES`, in its order: a Monte-Carlo
frequency table beside the exact probabilities (standard errors, z-scores,
chi-square), optionally the exhaustive enumeration against them, and the
convergence of the relative error with the number of hands.  A game
without exact odds (Omaha: ``Game.exact_odds`` false) gets its
Monte-Carlo frequencies with standard errors and 95% intervals only: no
exact column, z, chi-square, enumeration or convergence against a truth.
Categories a hand cannot be dealt (seven-card razz: trips, quads) stay in
the CSV but leave the table, the plots and the chi-square's degrees of
freedom.  A last section sets the games dealing hold'em's seven cards (stud,
stud hi-lo) beside hold'em, with the lows of the low games ("this low or
better") and the hi-lo games' qualifying lows, simulated beside exact.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pandas as pd

from ..analysis.frequencies import SPECIAL_235, FrequencyTable, category_frequencies
from ..evaluators.odds import category_counts
from ..games import GAMES, Game
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
        "with the exact probabilities of `equity.evaluators.odds` (closed forms; short deck's "
        "seven-card odds by enumeration; the lows of razz, deuce-to-seven and badugi counted "
        "by rank pattern). SE is the binomial standard error with the exact p; the chi-square test "
        "uses the disjoint categories that can be dealt. Games without exact odds (Omaha, "
        "Courchevel) show their Monte-Carlo frequencies with the SE of the observed frequency "
        "and the 95% interval only. The stud and draw games come after Zha Jin Hua, and a "
        "section sets them beside hold'em.",
    )
    summary = []
    conv_frames = []
    tables: dict[str, FrequencyTable] = {}
    for game in GAMES.values():
        name = game.name
        table = category_frequencies(
            name, trials=sizes.frequency_trials, seed=subseed(seed, "frequencies", name)
        )
        tick.step()
        tables[name] = table
        if not _has_odds(game):
            _monte_carlo_only(page, game, table)
            continue
        frame = table.to_frame()
        stat, p_value = table.chi_square()
        # the categories a hand can be dealt (seven-card razz never shows trips or quads)
        df = len([c for c, p in table.exact_probabilities.items() if p > 0 and c != SPECIAL_235])
        df -= 1
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
        never = [c for c in frame.index if frame.at[c, "exact_probability"] == 0]
        frame_shown = frame.drop(index=[c for c in never if frame.at[c, "count"] == 0])
        shown = frame_shown.reset_index()[
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
        if never:
            page.add(
                f"Never dealt in {game.frequency_cards} cards (exact probability 0, left out "
                f"of the table above and the plots; kept in the CSV): {', '.join(never)}."
            )
        page.add(f"Chi-square {stat:.3f} on {df} degrees of freedom, p = {p_value:.4f}.")
        if game.hilo:
            _exact_low_sentence(page, game, table)
        fig, axes = new_figure(ncols=2, size=(7.0, 4.5))
        title = f"{name}: simulated vs exact frequencies ({table.hands:,} hands)"
        plot_frequencies(frame_shown, axes[0, 0], title=title)
        plot_frequencies(
            frame_shown,
            axes[0, 1],
            relative=True,
            title=f"{name}: relative error of the simulated frequencies",
        )
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
                "against the exact counts of `equity.evaluators.odds`:",
            )
            tick.step()
        conv_frames.append(_frequency_convergence(name, sizes.frequency_trials, seed, tick))
    _beside_holdem(page, tables)
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


def _low_share(game: Game, table: FrequencyTable) -> tuple[int, float, float, float]:
    """A hi-lo game's qualifying lows: ``(count, frequency, exact p, SE with the exact p)``."""
    from ..evaluators.lowball_counts import stud8_low_count

    count = int(table.extra["qualifying_low"])  # type: ignore[call-overload]
    p = stud8_low_count(game.frequency_cards) / game.hands_dealt
    return count, count / table.hands, p, math.sqrt(p * (1 - p) / table.hands)


def _exact_low_sentence(page: Page, game: Game, table: FrequencyTable) -> None:
    """How often a hi-lo game with exact odds (stud hi-lo) deals a qualifying low."""
    count, share, p, se = _low_share(game, table)
    page.add(
        f"Qualifying eight-or-better low: {count:,} of {table.hands:,} hands, {share:.4%} "
        f"(exact {p:.4%}, SE {pct(se, '.3g%')}, z = {(share - p) / se:+.2f}, 95% interval "
        f"{share - Z95 * se:.4%} to {share + Z95 * se:.4%})."
    )


def _cumulative_lows(game: Game, table: FrequencyTable) -> pd.DataFrame:
    """A low game's "this low or better" shares, simulated beside exact (one row per low)."""
    frame = table.to_frame()
    lows = [c for c in game.categories if c.endswith("-low")]
    count = frame.loc[lows, "count"].cumsum()
    exact = frame.loc[lows, "exact_probability"].cumsum()
    share = count / table.hands
    se = (exact * (1 - exact) / table.hands).pow(0.5)
    return pd.DataFrame(
        {
            "game": game.name,
            "cards": game.frequency_cards,
            "low": [f"{c} or better" for c in lows],
            "count": count.to_numpy(),
            "frequency": share.to_numpy(),
            "exact_probability": exact.to_numpy(),
            "stderr": se.to_numpy(),
            "z": ((share - exact) / se).to_numpy(),
        }
    )


def _beside_holdem(page: Page, tables: dict[str, FrequencyTable]) -> None:
    """Stud, razz and the draws beside hold'em: the same deals, ranked high and low.

    The games dealing the hands hold'em deals (same deck, same number of
    cards, same categories: seven-card stud, stud hi-lo) share hold'em's exact
    odds; the low games (categories named ``"<card>-low"``) get their "this low
    or better" shares; the hi-lo games their qualifying lows.
    """
    holdem = GAMES.get("holdem")
    if holdem is None or "holdem" not in tables:
        return
    same = [
        g
        for g in GAMES.values()
        if g.name in tables
        and g.exact_odds
        and g.categories == holdem.categories
        and g.deck_size == holdem.deck_size
        and g.frequency_cards == holdem.frequency_cards
    ]
    lows = [
        g
        for g in GAMES.values()
        if g.name in tables and g.exact_odds and any(c.endswith("-low") for c in g.categories)
    ]
    if len(same) < 2 and not lows:
        return
    page.add(
        "## Stud, razz and the draws beside hold'em",
        "Seven-card stud deals what hold'em deals, seven cards from 52 (two hole cards and "
        "five on the board, or seven of one's own): the categories have the same exact odds, "
        f"C(52,7) = {holdem.hands_dealt:,} hands each, and each game's simulated frequencies "
        "are an independent run against them. Razz ranks the same seven cards for the best "
        "ace-to-five low, deuce-to-seven five cards for the worst high hand; the lows table "
        "gives how often a hand is this low or better (SE with the exact p). Stud hi-lo's "
        "qualifying low is razz's 8-low or better: the same hands.",
    )
    names = [g.name for g in same]
    by_game = {g.name: tables[g.name].to_frame() for g in same}
    categories = list(holdem.categories)
    wide = pd.DataFrame({"category": categories})
    wide["exact_probability"] = by_game["holdem"].loc[categories, "exact_probability"].to_numpy()
    formats = {"exact_probability": ".6g%"}
    for name in names:
        f = by_game[name].loc[categories]
        wide[f"{name}_frequency"] = f["frequency"].to_numpy()
        wide[f"{name}_z"] = f["z"].to_numpy()
        formats |= {f"{name}_frequency": ".6g%", f"{name}_z": "+.2f"}
    if len(same) > 1:
        page.table(
            "beside_holdem",
            wide,
            formats=formats,
            caption="High categories, seven cards: one exact column, one simulated column "
            "and its z per game.",
        )
    low_frames = [_cumulative_lows(g, tables[g.name]) for g in lows]
    for g in GAMES.values():
        if (
            g.name in tables
            and g.exact_odds
            and g.hilo
            and "qualifying_low" in tables[g.name].extra
        ):
            count, share, p, se = _low_share(g, tables[g.name])
            row = {
                "game": g.name,
                "cards": g.frequency_cards,
                "low": "qualifying 8-or-better low",
                "count": count,
                "frequency": share,
                "exact_probability": p,
                "stderr": se,
                "z": (share - p) / se,
            }
            low_frames.append(pd.DataFrame([row]))
    if low_frames:
        low_table = pd.concat(low_frames, ignore_index=True)
        page.table(
            "lows",
            low_table,
            formats={
                "frequency": ".6g%",
                "exact_probability": ".6g%",
                "stderr": ".3g%",
                "z": "+.2f",
            },
            caption="Lows: the share of hands this low or better, simulated beside exact.",
        )
    fig, axes = new_figure(ncols=2, size=(7.0, 4.5))
    series: list[tuple[str, object, object]] = [
        ("exact (" + " = ".join(names) + ")", wide["exact_probability"].to_numpy(), None)
    ]
    for name in names:
        f = by_game[name].loc[categories]
        series.append((f"{name} simulated", f["frequency"].to_numpy(), Z95 * f["stderr"]))
    grouped_bars(
        axes[0, 0],
        categories,
        series,
        title="Seven-card high categories: one exact distribution, simulated runs",
    )
    ax = axes[0, 1]
    for k, g in enumerate(lows):
        part = _cumulative_lows(g, tables[g.name])
        x = [int(_LOW_X[c.split("-")[0]]) for c in part["low"]]
        ax.plot(
            x,
            part["exact_probability"],
            color=f"C{k}",
            label=f"{g.name} exact ({g.frequency_cards} cards)",
        )
        ax.errorbar(
            x,
            part["frequency"],
            yerr=Z95 * part["stderr"],
            fmt="o",
            color=f"C{k}",
            markersize=4,
            capsize=3,
            label=f"{g.name} simulated (95%)",
        )
    ax.axvline(8, color="grey", linestyle=":", linewidth=1)
    ax.text(8.1, 0.6, "8 or better:\nstud hi-lo's low", fontsize="small", color="grey")
    ax.set_xticks(range(5, 14))
    ax.set_xticklabels(["5", "6", "7", "8", "9", "10", "J", "Q", "K"])
    ax.set_xlabel("highest card of the low")
    ax.set_ylabel("probability of this low or better")
    ax.set_ylim(0, 1)
    ax.set_title("Lows: this low or better")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize="small", loc="upper left")
    page.figure("beside_holdem", fig, "stud and razz beside hold'em")


_LOW_X = {"5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12, "K": 13}
"""Where a low named by its highest card sits on the lows plot."""


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
    """The exact category probabilities of ``game`` (closed forms,
    :mod:`equity.evaluators.odds`)."""
    from ..evaluators.odds import category_probabilities

    return category_probabilities(game)
