"""The ``ranges`` report page: range hits on flops, equity curves, street by street.

Sections: how a few standard ranges hit four textured flops (dry, paired,
monotone, connected); the hit table of a top-20% range over every flop;
the equity curves of two classic range-against-range spots (one preflop by
Monte-Carlo, one on a flop exact); a hand against a draw street by street.
Everything is exact except the preflop spot, which says so.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from ..stats import Z95
from .page import Page, ReportSizes, Ticker, new_figure
from .studies_ranges import (
    HIT_BUCKETS,
    KEY_DRAWS,
    RANGE_SPOTS,
    STANDARD_RANGES,
    STREET_EXAMPLE,
    TEXTURED_FLOPS,
    all_flop_hits,
    bucket_shares,
    curve_summary,
    equity_curves,
    flop_by_flop,
    street_example,
    texture_hits,
)

__all__ = ["ranges_page", "ranges_steps"]

ALL_FLOPS_RANGE = ("top 20%", "20%")
"""``(label, range)`` of the range whose hits over every flop the page shows."""


def _range_label(text: str) -> str:
    """A short name of a range of the page: ``top 20%``, ``big-blind call``, else the text."""
    names = {t: label for label, t in STANDARD_RANGES}
    return names.get(text, f"top {text}" if text.endswith("%") else text)


def ranges_steps(sizes: ReportSizes) -> int:
    """Units of work of the page: one per (range, flop), all-flop table, spot and street."""
    return len(STANDARD_RANGES) * len(TEXTURED_FLOPS) + 2 + len(RANGE_SPOTS) + 2


def ranges_page(page: Page, sizes: ReportSizes, seed: int, tick: Ticker) -> None:
    """Fill the ``ranges`` page: textured flops, all flops, equity curves, streets."""
    page.add(
        "What a hold'em range makes on the flop (Flopzilla's table), how its equity is "
        "spread over its combos (Equilab's equity graph) and how the next card moves the "
        "equity of two hands. Every figure is **exact** (every combo classified, every "
        "board enumerated) except the preflop equity curve, which is **Monte-Carlo** "
        "(random deals from the report's seed, with standard errors: SE). The classes "
        "(set, overpair, top pair, flush draw...) are defined in `equity.analysis.hits` "
        "(`equity hits --classes`); percent ranges (`20%`) are the top hands by the "
        "project's preflop ranking.",
    )
    _textures(page, tick)
    _all_flops(page, tick)
    _curves(page, sizes, seed, tick)
    _streets(page, tick)


def _bucket_rows(frame: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    """One row per group of ``keys``: the made-hand buckets and key draws (shares)."""
    rows = []
    for key, part in frame.groupby(keys, sort=False):
        shares = bucket_shares(part.set_index("class")["share"])
        rows.append({**dict(zip(keys, key, strict=True)), **shares})
    return pd.DataFrame(rows)


def _textures(page: Page, tick: Ticker) -> None:
    """Hits of the standard ranges on the four textured flops."""
    frame = texture_hits(progress=tick.part())
    ranges = ", ".join(f"{label} (`{text}`)" for label, text in STANDARD_RANGES)
    flops = ", ".join(f"{texture} {flop}" for texture, flop in TEXTURED_FLOPS)
    page.add(
        "## Range hits on textured flops (exact)",
        f"Ranges: {ranges}. Flops: {flops}. Every combo of the range that shares no card "
        "with the flop is classified (`equity.hits(range, flop)`); a cell is the share of "
        "the range's combos (weights count). The made-hand buckets sum to 100% per row "
        "(straight or better: straight, flush, full house, quads, straight flush; weaker "
        "pair: second pair, a pocket pair below top pair, third pair and worse); the draws "
        "overlap (a combo may hold several) and exclude made straights and flushes.",
    )
    buckets = _bucket_rows(frame, ["range_name", "texture", "board"])
    formats = {c: ".1%" for c in buckets.columns[3:]}
    page.table("texture_hits", frame, buckets, formats=formats)
    page.add(_texture_reading(buckets))
    fig, axes = new_figure(ncols=2, size=(7.5, 5.5))
    labels = [f"{r} | {t} {b}" for r, t, b in buckets[["range_name", "texture", "board"]].values]
    _stacked(axes[0, 0], labels, buckets, "Made hands: share of the range (exact)")
    _draw_bars(axes[0, 1], labels, buckets, "Draws: share of the range (exact; they overlap)")
    page.figure("texture_hits", fig, "made hands and draws of each range on each textured flop")


def _stacked(ax: Any, labels: list[str], buckets: pd.DataFrame, title: str) -> None:
    """Horizontal stacked bars of the made-hand buckets, one bar per row of ``buckets``."""
    from matplotlib import colormaps

    cmap = colormaps["tab10"]
    y = np.arange(len(labels))[::-1]
    left = np.zeros(len(labels))
    for k, (name, _) in enumerate(HIT_BUCKETS):
        values = buckets[name].to_numpy(dtype=float)
        color = "0.85" if name == "no made hand" else cmap(k)
        ax.barh(y, values, left=left, color=color, edgecolor="white", linewidth=0.5, label=name)
        left += values
    ax.set_yticks(y, labels, fontsize=8)
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of the range's combos (buckets sum to 1)")
    ax.set_title(title)
    ax.legend(fontsize="small", loc="upper center", bbox_to_anchor=(0.5, -0.12), ncols=4)
    ax.grid(True, axis="x", alpha=0.3)


def _draw_bars(ax: Any, labels: list[str], buckets: pd.DataFrame, title: str) -> None:
    """Horizontal bars of the key draws side by side, one group per row of ``buckets``."""
    y = np.arange(len(labels))[::-1]
    height = 0.8 / len(KEY_DRAWS)
    for k, name in enumerate(KEY_DRAWS):
        offset = y + ((len(KEY_DRAWS) - 1) / 2 - k) * height
        ax.barh(offset, buckets[name].to_numpy(dtype=float), height, color=f"C{k}", label=name)
    ax.set_yticks(y, labels, fontsize=8)
    ax.set_xlabel("share of the range's combos (a combo may hold several draws)")
    ax.set_title(title)
    ax.legend(fontsize="small", loc="upper center", bbox_to_anchor=(0.5, -0.12), ncols=2)
    ax.grid(True, axis="x", alpha=0.3)


def _texture_reading(buckets: pd.DataFrame) -> str:
    """One paragraph reading the texture table: who hits the dry flop, the monotone flush draws."""
    rows = buckets.set_index(["range_name", "texture"])
    made = [name for name, _ in HIT_BUCKETS if name not in ("ace high", "no made hand")]
    pair = rows[made].sum(axis=1)
    top, wide = STANDARD_RANGES[0][0], STANDARD_RANGES[-1][0]
    parts = [
        f"the {label} makes a pair or better with "
        + ", ".join(f"{pair[(label, t)]:.0%} on the {t} flop" for t, _ in TEXTURED_FLOPS)
        for label in (top, wide)
    ]
    fd = rows["flush draw"].xs("monotone", level="texture")
    return (
        f"**Reading.** Of its combos, {'; '.join(parts)}. On the monotone flop the flush "
        f"draws run from {fd.min():.1%} to {fd.max():.1%} of a range (one card of the suit "
        "in the hand)."
    )


def _all_flops(page: Page, tick: Ticker) -> None:
    """The hit table of a top-20% range over every flop, and its spread from flop to flop."""
    label, text = ALL_FLOPS_RANGE
    table = all_flop_hits(text)
    tick.step()
    per_flop = flop_by_flop(text)
    tick.step()
    page.add(
        f"## The {label} over every flop (exact)",
        f"How often the {label} (`{text}`, {len(per_flop):,} flop classes standing for "
        f"{table.attrs['n_flops']:,} flops) flops each class: every flop equally likely "
        '(`equity.hits("20%", flops="all")`; suit-isomorphic flops classified once and '
        "weighted by the flops they stand for). `share` is the chance that a combo "
        "dealt from the range, then a flop dealt from the rest of the deck, is in the "
        "class; `combos` the average combos per flop. Indented (`sub`) rows are parts "
        "of the row above; made hands with `partition` sum to 100%; draws overlap.",
    )
    shown = table[["group", "class", "combos", "share"]].copy()
    shown["class"] = [("- " if s else "") + c for c, s in zip(table["class"], table["sub"],
                                                              strict=True)]  # fmt: skip
    page.table("all_flops", table, shown, formats={"combos": ".2f", "share": ".2%"})
    page.table(
        "all_flops_by_flop",
        per_flop,
        caption="Per flop class: the share of the range in each made-hand bucket and draw "
        "(`multiplicity`: the flops it stands for).",
        show=False,
    )
    pair = per_flop["pair or better"].to_numpy()
    w = per_flop["multiplicity"].to_numpy(dtype=float)
    mean = float(np.dot(w, pair) / w.sum())
    below = float(w[pair < 1 / 3].sum() / w.sum())
    page.add(
        f"**Reading.** The {label} makes a pair or better on {mean:.1%} of flops on "
        f"average (a set {table.set_index('class')['share'].loc['set']:.2%}), but the "
        f"share varies with the flop: on {below:.0%} of flops less than a third of the range "
        "has a pair or better."
    )
    fig, axes = new_figure(ncols=2, size=(7.0, 6.0))
    ax = axes[0, 0]
    rows = table[table["group"].eq("draw") | table["partition"]]
    y = np.arange(len(rows))[::-1]
    colors = ["C0" if g == "made hand" else "C1" for g in rows["group"]]
    ax.barh(y, rows["share"], color=colors)
    for yi, share in zip(y, rows["share"], strict=True):
        ax.text(share, yi, f" {share:.1%}", va="center", fontsize=7)
    ax.set_yticks(y, list(rows["class"]), fontsize=8)
    ax.set_xlabel("share of the deals of a combo and a flop (exact)")
    ax.set_xlim(0, min(1.0, float(rows["share"].max()) * 1.25))
    ax.set_title(f"{label}: made hands (blue, sum to 1) and draws (orange)")
    ax.grid(True, axis="x", alpha=0.3)
    ax = axes[0, 1]
    ax.hist(pair, bins=np.linspace(0, 1, 21), weights=w / w.sum(), color="C0", alpha=0.8)
    ax.axvline(mean, color="black", linestyle="--", linewidth=1, label=f"mean {mean:.1%}")
    ax.set_xlabel("share of the range with a pair or better on the flop")
    ax.set_ylabel("share of the 22,100 flops")
    ax.set_title(f"{label}: how much of the range hits, flop by flop (exact)")
    ax.legend(fontsize="small")
    ax.grid(True, axis="y", alpha=0.3)
    page.figure("all_flops", fig, f"hit table of the {label} over every flop")


def _curves(page: Page, sizes: ReportSizes, seed: int, tick: Ticker) -> None:
    """Equity curves of the classic range-against-range spots."""
    curves = equity_curves(sizes.ranges_trials, seed, progress=tick.part())
    summary = curve_summary(curves)
    lines = []
    for name, ranges, _, method in RANGE_SPOTS:
        how = (
            f"Monte-Carlo: {sizes.ranges_trials:,} deals; a combo's equity e from its n "
            "deals has SE sqrt(e(1-e)/n), the range's equity an SE from batch means"
            if method == "monte-carlo"
            else "exact, every board enumerated"
        )
        lines.append(f"- {name}: `{ranges[0]}` against `{ranges[1]}` ({how}).")
    page.add(
        "## Equity curves: two classic spots",
        "The equity of every combo of each range against the other range, sorted strongest "
        "first (Equilab's graph; `equity.distribution([hero, villain], board=...)`). x: "
        "the top share of the range (combos weighted by their share of the deals, card "
        "removal included); y: the combo's equity. The mean of a curve is the range's "
        "equity. `above_50`, `above_75`: share of the range with more than 50%, 75% equity.",
        "",
        *lines,
    )
    shown = summary.drop(columns=["method"])
    shown["hand"] = [_range_label(h) for h in shown["hand"]]
    page.table(
        "curve_summary",
        summary,
        shown,
        formats={c: ".2%" for c in ("equity", "above_50", "above_75", "median", "min", "max")}
        | {"stderr": ".3%"},
    )
    page.table("curves", curves, caption="Every combo's equity:", show=False)
    fig, axes = new_figure(ncols=len(RANGE_SPOTS), size=(6.5, 4.8))
    for ax, (spot, part) in zip(axes[0], curves.groupby("spot", sort=False), strict=True):
        _curve_axes(ax, str(spot), part)
    page.figure("curves", fig, "equity curves of the two spots")
    page.add(_curve_reading(summary))


def _curve_axes(ax: Any, name: str, part: pd.DataFrame) -> None:
    """One spot's equity curves (a Monte-Carlo curve with its 95% band)."""
    mc = part["method"].iloc[0] == "monte-carlo"
    for k, (_, player) in enumerate(part.groupby("player", sort=True)):
        w = player["weight"].to_numpy(dtype=float)
        e = 100 * player["equity"].to_numpy(dtype=float)
        edges = 100 * np.concatenate([[0.0], np.cumsum(w) / w.sum()])
        eq = float(player["range_equity"].iloc[0])
        se = float(player["range_stderr"].iloc[0])
        shown = f"{eq:.1%} +- {Z95 * se:.2%}" if mc else f"{eq:.1%}"
        ax.stairs(e, edges, baseline=None, color=f"C{k}", linewidth=2,
                  label=f"{_range_label(player['hand'].iloc[0])} ({shown})")  # fmt: skip
        if mc:
            half = 100 * Z95 * player["stderr"].to_numpy(dtype=float)
            ax.stairs(e + half, edges, baseline=e - half, fill=True, color=f"C{k}", alpha=0.25)
    ax.axhline(50, color="0.6", linewidth=0.8, linestyle="--")
    ax.set_xlim(0, 100)
    ax.set_ylim(0, 100)
    if mc:
        trials = int(part["trials"].iloc[0])
        what = f"Monte-Carlo, {trials:,} deals; band: 95% per combo"
    else:
        what = "exact"
    ax.set_title(f"{name}\n({what})", fontsize=10)
    ax.set_xlabel("top % of the range (combos weighted, strongest first)")
    ax.set_ylabel("combo's equity (%)")
    ax.grid(True, alpha=0.3)
    ax.legend(title="range (equity)", loc="upper right", fontsize="small")


def _curve_reading(summary: pd.DataFrame) -> str:
    """One paragraph reading the curves: who is ahead, how much of each range is."""
    parts = []
    for spot, rows in summary.groupby("spot", sort=False):
        hero, villain = rows.iloc[0], rows.iloc[1]
        se = "" if np.isnan(hero["stderr"]) else f" +- {Z95 * hero['stderr']:.2%}"
        parts.append(
            f"{spot}: the {_range_label(hero['hand'])} has {hero['equity']:.1%}{se}, and "
            f"{hero['above_50']:.0%} of its combos have more than 50% equity (the "
            f"{_range_label(villain['hand'])}: {villain['above_50']:.0%})"
        )
    return "**Reading.** " + "; ".join(parts) + "."


def _streets(page: Page, tick: Ticker) -> None:
    """A hand against a draw, street by street: equity by turn card, then by river card."""
    frame = street_example(progress=tick.part())
    (hand, draw), flop, turn = STREET_EXAMPLE
    page.add(
        "## Street by street (exact)",
        f"{hand} against {draw} on the flop {flop}: each hand's equity on the flop, then "
        f"with each of the turn cards; then on the turn {flop}{turn} with each river card "
        "(`equity.streets(hands, board)`, every card equally likely: the mean over the next "
        "cards is the current equity). An *out* (to win) makes the hand the favourite (on the "
        "river: the winner) when it is not now; a card that only *raises its equity* is "
        "counted apart (for the favourite, mostly blanks).",
    )
    outs = []
    for (street, board, name), part in frame.groupby(["street", "board", "hand"], sort=False):
        win = part.loc[part["out_to_win"], "next_card"]
        outs.append(
            {
                "street": street,
                "board": board,
                "hand": name,
                "equity": float(part["current_equity"].iloc[0]),
                "next_cards": len(part),
                "cards_raising_equity": int(part["raises_equity"].sum()),
                "outs_to_win": int(part["out_to_win"].sum()),
                "outs": " ".join(win),
            }
        )
    summary = pd.DataFrame(outs)
    page.table("street_outs", summary, formats={"equity": ".2%"})
    page.table("street_cards", frame, caption="Equity by next card:", show=False)
    fig, axes = new_figure(nrows=2, size=(13.0, 4.2))
    for ax, (street, part) in zip(axes[:, 0], frame.groupby("street", sort=False), strict=True):
        _street_axes(ax, str(street), part)
    page.figure("streets", fig, "equity by turn card and by river card")


def _street_axes(ax: Any, street: str, part: pd.DataFrame) -> None:
    """Each hand's equity by next card (bars), its current equity dashed, outs to win outlined."""
    next_street = "turn" if street == "flop" else "river"
    cards = list(dict.fromkeys(part["next_card"]))
    x = np.arange(len(cards))
    from matplotlib.patches import Patch

    hands = list(dict.fromkeys(part["hand"]))
    handles = []
    width = 0.8 / len(hands)
    for k, (hand, rows) in enumerate(part.groupby("hand", sort=False)):
        now = float(rows["current_equity"].iloc[0])
        offset = x + (k - (len(hands) - 1) / 2) * width
        win = rows["out_to_win"].to_numpy(dtype=bool)
        ax.bar(offset, rows["equity"].to_numpy(dtype=float), width, color=f"C{k}",
               edgecolor=np.where(win, "black", "none").tolist(), linewidth=1.0)  # fmt: skip
        handles.append(Patch(color=f"C{k}", label=f"{hand} ({street} {now:.1%})"))
        ax.axhline(now, color=f"C{k}", linestyle="--", linewidth=1.0)
    ax.set_xticks(x, cards, rotation=90, fontsize=7)
    ax.set_xlim(-0.5, len(x) - 0.5)
    ax.set_ylim(0.0, 1.0)
    ax.set_xlabel(f"{next_street} card")
    ax.set_ylabel("equity (share of the pot)")
    board = part["board"].iloc[0]
    ax.set_title(
        f"Equity by {next_street} card on the {street} {board} (exact; dashed: {street} "
        "equity; outlined in black: outs to win)"
    )
    handles.append(Patch(facecolor="white", edgecolor="black", label="out to win"))
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8)
    ax.grid(axis="y", alpha=0.3)
