"""The ``omaha`` report page: Omaha high and hi-lo, and short-deck hold'em, beside hold'em.

Sections: the hand categories of Omaha with four to six hole cards
(Monte-Carlo) against hold'em's exact seven-card odds and the share of
deals with a qualifying low; classic matchups, exact; how much closer
heads-up equities run in Omaha (exact equities of random pairs of hands);
hi-lo scoop rates (Monte-Carlo); short deck's exact odds and matchups
under both orders of a straight and three of a kind.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from ..games import game as get_game
from ..stats import Z95
from .page import Page, ReportSizes, Ticker, grouped_bars, new_figure, pct
from .studies_omaha import (
    HILO_HANDS,
    HOLDEM,
    OMAHA_MATCHUPS,
    best_vs_random,
    equity_spread,
    hilo_scoops,
    omaha_category_frequencies,
    omaha_games,
    omaha_matchups,
    qualifying_lows,
    spread_summary,
)
from .studies_shortdeck import (
    SHORTDECK,
    SHORTDECK_MATCHUPS,
    SHORTDECK_ORDERS,
    shortdeck_frequencies,
    shortdeck_matchups,
)

__all__ = ["omaha_page", "omaha_steps"]

_STRAIGHT_OR_BETTER = ("straight flush", "four of a kind", "full house", "flush", "straight")
"""The categories of a straight or better (the same set in every game of the page)."""


def _pm(value: float, stderr: float, spec: str = ".2%") -> str:
    """``value +- 1.96 SE`` as text in percent (the 95% interval's half-width)."""
    return f"{pct(value, spec)} +- {pct(Z95 * stderr, '.2g%')}"


def _label(name: str) -> str:
    """A short label of a game: ``hold'em``, ``PLO4`` ... (hole cards from the registry)."""
    g = get_game(name)
    return "hold'em" if name == HOLDEM else f"{'O8-' if g.hilo else 'PLO'}{g.hole_cards}"


def omaha_steps(sizes: ReportSizes) -> int:
    """Units of work of the page: one per frequency table, matchup, pair and hand type."""
    high, hilo = len(omaha_games()), len(omaha_games(hilo=True))
    return (
        high
        + hilo
        + len(OMAHA_MATCHUPS)
        + sizes.omaha_pairs * (1 + high)
        + (1 + high)
        + len(HILO_HANDS)
        + len(SHORTDECK_ORDERS)
        + len(SHORTDECK_MATCHUPS)
    )


def omaha_page(page: Page, sizes: ReportSizes, seed: int, tick: Ticker) -> None:
    """Fill the ``omaha`` page: categories, matchups, closer equities, hi-lo, short deck."""
    hilo = omaha_games(hilo=True)
    page.add(
        "Omaha high with four, five and six hole cards (PLO4, PLO5, PLO6), Omaha hi-lo "
        "eight or better (O8-4, O8-5) and short-deck hold'em, each beside Texas hold'em. "
        "Every figure says how it was obtained: **exact** (every board or hand enumerated) "
        "or **Monte-Carlo** (random deals from the report's seed, with the standard error "
        "and the 95% interval, estimate +- 1.96 SE).",
        "",
        f"Rules: {get_game(hilo[0]).rule_text}" if hilo else "",
    )
    _categories(page, sizes, seed, tick)
    _matchups(page, tick)
    _spread(page, sizes, seed, tick)
    if hilo:
        _hilo(page, sizes, seed, tick)
    _shortdeck(page, tick)


def _categories(page: Page, sizes: ReportSizes, seed: int, tick: Ticker) -> None:
    """Omaha's category frequencies against hold'em's exact odds; qualifying lows."""
    freq = omaha_category_frequencies(sizes.frequency_trials, seed, progress=tick.part())
    games = list(dict.fromkeys(freq["game"]))
    categories = list(dict.fromkeys(freq["category"]))
    by = {name: part.set_index("category") for name, part in freq.groupby("game", sort=False)}
    page.add(
        "## Hand categories: Omaha against hold'em",
        f"The best high hand of one player's hole cards and a board of five: Monte-Carlo, "
        f"{sizes.frequency_trials:,} deals per Omaha game "
        '(`category_frequencies("omaha", trials=..., seed=...)`; Omaha has no closed '
        "form), against hold'em's exact seven-card odds (all 133,784,560 hands). "
        "Cells: frequency +- 1.96 SE.",
    )
    wide = pd.DataFrame({"category": categories})
    for name in games:
        part = by[name].loc[categories]
        if name == HOLDEM:
            wide[f"{_label(name)} (exact)"] = [f"{v:.4%}" for v in part["frequency"]]
        else:
            wide[_label(name)] = [
                _pm(v, s, ".4%") for v, s in zip(part["frequency"], part["stderr"], strict=True)
            ]
    page.table("categories", freq, wide)
    lines = []
    for name in games:
        part = by[name]
        count = int(part.loc[list(_STRAIGHT_OR_BETTER), "count"].sum())
        hands = int(part["hands"].iloc[0])
        share = count / hands
        se = 0.0 if name == HOLDEM else float(np.sqrt(share * (1 - share) / hands))
        top = str(part["frequency"].idxmax())
        shown = f"{share:.2%}" if name == HOLDEM else _pm(share, se)
        lines.append(f"- {_label(name)}: a straight or better {shown}; most often {top}.")
    page.add(
        "Two of four (five, six) hole cards with three of five board cards give 6 (10, 15) x "
        "10 = 60 (100, 150) five-card hands to choose from, against 21 in hold'em: strong "
        "hands come far more often.",
        "",
        *lines,
    )
    fig, axes = new_figure(ncols=2, size=(7.0, 4.8))
    series = []
    for name in games:
        part = by[name].loc[categories]
        half = None if name == HOLDEM else Z95 * part["stderr"].to_numpy()
        method = "exact" if name == HOLDEM else "Monte-Carlo, 95%"
        series.append((f"{_label(name)} ({method})", part["frequency"].to_numpy(), half))
    grouped_bars(axes[0, 0], categories, series, title="Category frequency (log scale)")
    holdem = by[HOLDEM].loc[categories, "frequency"].to_numpy()
    ratios = [(label, values / holdem, None if half is None else half / holdem)
              for label, values, half in series[1:]]  # fmt: skip
    grouped_bars(
        axes[0, 1],
        categories,
        ratios,
        ylabel="frequency / hold'em's exact probability",
        title="Relative to hold'em (log scale; 1 = as often)",
    )
    axes[0, 1].axhline(1.0, color="black", linewidth=0.8)
    page.figure("categories", fig, "Omaha category frequencies against hold'em's exact odds")
    _lows(page, sizes, seed, tick)


def _lows(page: Page, sizes: ReportSizes, seed: int, tick: Ticker) -> None:
    """The share of deals with a qualifying low, per hi-lo game."""
    if not omaha_games(hilo=True):
        return
    lows = qualifying_lows(sizes.frequency_trials, seed, progress=tick.part())
    page.add(
        "### Qualifying lows",
        "Share of deals (one hand and a board of five) in which that hand makes an "
        f"eight-or-better low: Monte-Carlo, {sizes.frequency_trials:,} deals per game.",
    )
    page.table(
        "qualifying_lows",
        lows,
        formats={"frequency": ".3%", "stderr": ".3g%", "ci95_low": ".3%", "ci95_high": ".3%"},
    )


def _matchups(page: Page, tick: Ticker) -> None:
    """Classic Omaha matchups, exact, high-only and hi-lo."""
    frame = omaha_matchups(progress=tick.part())
    high, hilo = frame[~frame["hilo"]], frame[frame["hilo"]]
    page.add(
        "## Classic matchups, exact",
        "Heads-up before the flop, every board enumerated "
        '(`calculate([hand, opponent], game=..., method="exact")`): C(44,5) = 1,086,008 '
        "boards with four hole cards, 850,668 with five, 658,008 with six. Equity is the "
        "first hand's expected share of the pot; tie the share of boards where it splits.",
    )
    page.table(
        "matchups_high",
        high,
        high[["game", "matchup", "hand", "opponent", "boards", "equity", "win", "tie"]],
        formats={"equity": ".3%", "win": ".3%", "tie": ".3%"},
    )
    if len(hilo):
        page.add(
            "Hi-lo: `scoop` is the share of boards on which the hand takes the whole pot "
            "alone, `high_win` / `low_win` the share on which it alone has the best high / "
            "low, `low_tie` a shared low (quartered pots), `no_low` boards without a "
            "qualifying low for either hand."
        )
        cols = ["game", "matchup", "hand", "opponent", "equity", "scoop", "opponent_scoop"]
        cols += ["high_win", "low_win", "low_tie", "no_low"]
        page.table(
            "matchups_hilo",
            hilo,
            hilo[cols],
            formats={c: ".3%" for c in cols[4:]},
        )


def _spread(page: Page, sizes: ReportSizes, seed: int, tick: Ticker) -> None:
    """Exact equities of random pairs of hands: Omaha's run closer than hold'em's."""
    pairs = equity_spread(sizes.omaha_pairs, seed, progress=tick.part())
    summary = spread_summary(pairs)
    best = best_vs_random(sizes.omaha_trials, seed, progress=tick.part())
    page.add(
        "## Equities run closer in Omaha",
        f"{sizes.omaha_pairs:,} pairs of hands per game dealt at random (Monte-Carlo "
        "sample, seeded); the heads-up preflop equity of each pair is exact, every board "
        "enumerated. The favourite's equity is the larger of the two. `mean_stderr` is the "
        "sample's standard error of the mean, `share_65` the share of pairs in which the "
        "favourite has 65% or more.",
    )
    page.table(
        "spread_summary",
        summary,
        formats={
            "mean": ".2%",
            "mean_stderr": ".2%",
            "median": ".2%",
            "p90": ".2%",
            "max": ".2%",
            "share_65": ".1%",
            "share_65_stderr": ".1%",
        },
    )
    page.table("spread", pairs, show=False)
    page.add(
        "The premium hand against one random hand: hold'em's AA exact (every opponent hand "
        "and board); Omaha's double-suited aces and kings by Monte-Carlo, "
        f"{sizes.omaha_trials:,} deals each, the suits drawn uniformly among the pattern's "
        "hands (enumeration would take about 10^11 evaluations)."
    )
    page.table(
        "best_vs_random",
        best,
        formats={"equity": ".2%", "stderr": ".3%", "ci95_low": ".2%", "ci95_high": ".2%"},
    )
    page.add(_spread_sentence(summary, best))
    fig, axes = new_figure(ncols=2, size=(6.5, 4.5))
    bins = np.linspace(0.5, 1.0, 21)
    groups = [
        (str(name), part["favourite_equity"].to_numpy())
        for name, part in pairs.groupby("game", sort=False)
    ]
    for k, (name, values) in enumerate(groups):
        axes[0, 0].hist(
            values, bins=bins, histtype="step", linewidth=1.6, color=f"C{k}", label=_label(name)
        )
    axes[0, 0].set_xlabel("favourite's exact equity")
    axes[0, 0].set_ylabel("pairs")
    axes[0, 0].set_title(f"{sizes.omaha_pairs:,} random heads-up pairs per game")
    axes[0, 0].legend(fontsize="small")
    axes[0, 1].boxplot([v for _, v in groups], whis=(5, 95))
    axes[0, 1].set_xticks(range(1, len(groups) + 1), [_label(n) for n, _ in groups])
    axes[0, 1].set_ylabel("favourite's exact equity")
    axes[0, 1].set_title("Box: quartiles; whiskers: 5th-95th percentile")
    axes[0, 1].grid(True, axis="y", alpha=0.3)
    page.figure("spread", fig, "distribution of the favourite's equity, hold'em and Omaha")


def _spread_sentence(summary: pd.DataFrame, best: pd.DataFrame) -> str:
    """One paragraph reading the numbers of the spread section."""
    s = summary.set_index("game")
    b = best.set_index("game")
    omaha = [g for g in s.index if g != HOLDEM]
    h = s.loc[HOLDEM]
    closer = all(s.loc[g, "mean"] < h["mean"] for g in omaha)
    means = ", ".join(
        f"{_label(g)} {s.loc[g, 'mean']:.1%} +- {Z95 * s.loc[g, 'mean_stderr']:.1%}" for g in omaha
    )
    shares = ", ".join(f"{_label(g)} {s.loc[g, 'share_65']:.1%}" for g in omaha)
    premium = ", ".join(
        f"{b.loc[g, 'hand']} {_pm(b.loc[g, 'equity'], b.loc[g, 'stderr'])} in {_label(g)}"
        for g in omaha
    )
    verdict = "closer" if closer else "not uniformly closer in this sample"
    return (
        f"**Reading.** Equities run {verdict} in Omaha: the favourite of a random pair "
        f"averages {h['mean']:.1%} +- {Z95 * h['mean_stderr']:.1%} in hold'em against "
        f"{means}; a pair is 65/35 or more lopsided in {h['share_65']:.1%} of hold'em pairs "
        f"against {shares}. Even the best hand has less of an edge: AA wins "
        f"{b['equity'].loc[HOLDEM]:.2%} (exact) against a random hand in hold'em, against "
        f"{premium}."
    )


def _hilo(page: Page, sizes: ReportSizes, seed: int, tick: Ticker) -> None:
    """Hi-lo hand types against a random hand: equity, scoops and missing lows."""
    frame = hilo_scoops(sizes.omaha_trials, seed, progress=tick.part())
    game = str(frame["game"].iloc[0])
    page.add(
        f"## Hi-lo: scoops ({_label(game)})",
        f"Each hand type against one random hand, {sizes.omaha_trials:,} Monte-Carlo deals "
        f'(`calculate([pattern, "random"], game="{game}", method="monte-carlo")`, a '
        "pattern's hands drawn uniformly). Cells: share +- 1.96 SE (equity: batch means; "
        "the shares: binomial). `scoop`: the hand takes the whole pot alone; `no_low`: "
        "neither hand makes a qualifying low (the high hand takes the whole pot).",
    )
    shown = frame[["hand", "pattern"]].copy()
    for col in ("equity", "scoop", "opponent_scoop", "high_win", "low_win", "no_low"):
        se_col = "stderr" if col == "equity" else f"{col}_stderr"
        shown[col] = [_pm(v, s) for v, s in zip(frame[col], frame[se_col], strict=True)]
    page.table("hilo_scoops", frame, shown)
    rows = frame.set_index("pattern")
    first = rows.iloc[0]
    text = (
        f"{first['hand']} scoops {first['scoop']:.1%} of pots against a random hand "
        f"(equity {first['equity']:.1%})"
    )
    if "KKQQ ds" in rows.index:
        high = rows.loc["KKQQ ds"]
        text += (
            f", {high['hand']} {high['scoop']:.1%} (equity {high['equity']:.1%}): a hand "
            "without low cards scoops only when neither hand makes a low "
            f"({high['no_low']:.1%} of its deals) and otherwise wins at most half the pot"
        )
    page.add(f"**Reading.** {text}.")
    fig, axes = new_figure(size=(10.0, 4.8))
    series = [
        (name, frame[col].to_numpy(), Z95 * frame[se].to_numpy())
        for name, col, se in (
            ("equity", "equity", "stderr"),
            ("scoop", "scoop", "scoop_stderr"),
            ("opponent scoops", "opponent_scoop", "opponent_scoop_stderr"),
            ("no qualifying low", "no_low", "no_low_stderr"),
        )
    ]
    grouped_bars(
        axes[0, 0],
        list(frame["hand"]),
        series,
        log=False,
        ylabel="share (Monte-Carlo, 95% interval)",
        title=f"{_label(game)}: hand types against one random hand",
    )
    page.figure("hilo_scoops", fig, "hi-lo equity, scoops and missing lows by hand type")


def _shortdeck(page: Page, tick: Ticker) -> None:
    """Short deck's exact category odds and matchups under both orders."""
    freq = shortdeck_frequencies(progress=tick.part())
    decks = list(dict.fromkeys(freq["deck"]))
    categories = list(freq.loc[freq["deck"] == decks[0], "category"])
    by = {d: part.set_index("category") for d, part in freq.groupby("deck", sort=False)}
    page.add(
        "## Short deck (36 cards)",
        "Exact: every seven-card hand enumerated, C(36,7) = 8,347,680 "
        '(`category_frequencies("shortdeck", method="exact", rules=ShortDeckRules(...))`), '
        "under both orders of a straight and three of a kind, beside hold'em's closed "
        "form. A hand holding both a straight and three of a kind counts as whichever "
        "ranks higher, so the order changes the counts. Cells: probability (rank under "
        "that order).",
        "",
        f"Rules: {get_game(SHORTDECK).rule_text}",
    )
    wide = pd.DataFrame({"category": categories})
    for d in decks:
        part = by[d].loc[categories]
        wide[d] = [f"{p:.4%} ({r})" for p, r in zip(part["probability"], part["rank"], strict=True)]
    page.table("shortdeck_categories", freq, wide)
    sd = by[decks[1]]
    page.add(
        f"Without deuces to fives a flush ({sd['probability'].loc['flush']:.2%}) is rarer "
        f"than a full house ({sd['probability'].loc['full house']:.2%}), hence it ranks "
        f"above it; three of a kind ({sd['probability'].loc['three of a kind']:.2%}) is "
        f"rarer than a straight ({sd['probability'].loc['straight']:.2%})."
    )
    fig, axes = new_figure(size=(9.0, 4.8))
    series: list[tuple[str, Any, Any]] = [
        (d + " (exact)", by[d].loc[categories, "probability"].to_numpy(), None) for d in decks
    ]
    grouped_bars(axes[0, 0], categories, series, title="Seven-card category odds (log scale)")
    page.figure("shortdeck_categories", fig, "short-deck and hold'em exact category odds")
    matchups = shortdeck_matchups(progress=tick.part())
    page.add(
        "### Short-deck matchups, exact",
        "Heads-up before the flop, every board enumerated: C(32,5) = 201,376 in short "
        "deck, C(48,5) = 1,712,304 in hold'em. Equity of the first hand.",
    )
    table = matchups.pivot_table(
        index=["matchup", "hand", "opponent"], columns="deck", values="equity", sort=False
    )
    order = list(dict.fromkeys(matchups["deck"]))
    page.table(
        "shortdeck_matchups",
        matchups,
        table[order].reset_index(),
        formats={d: ".3%" for d in order},
    )
