"""The ``flops`` report page: an opening range against a 3-bet range on every flop, by texture.

A classic study: how the equity of an opening range (the top hands by the
project's preflop ranking) against the range that 3-bets it moves from flop
to flop, grouped by the flop's suits, pairing, high card and connectedness.
Every figure is exact (:func:`equity.flops`: every flop up to suit
isomorphism, every turn and river).
"""

from __future__ import annotations

from ..analysis.flops import flops, summarize
from ..plots import plot_flops
from ..ranges import parse_range
from .page import Page, ReportSizes, Ticker, new_figure

__all__ = ["DEFENDING_RANGE", "flops_page", "flops_steps"]

DEFENDING_RANGE = "TT+,AQs+,AKo"
"""The range that 3-bets the opening range (50 combos)."""

_GROUPS = ("suits", "pairing", "high", "connectedness")


def flops_steps(sizes: ReportSizes) -> int:
    """Units of work of the page: the every-flop run, then one per grouping."""
    return 1 + len(_GROUPS)


def flops_page(page: Page, sizes: ReportSizes, seed: int, tick: Ticker) -> None:
    """Fill the ``flops`` page: the overall equity, the tables by texture, the figure."""
    opening = f"{sizes.flops_open_percent}%"
    frame = flops(opening, DEFENDING_RANGE)
    tick.step()
    n_a = parse_range(opening).n_combos
    page.add(
        "An opening range against the range that 3-bets it, on every flop. The opening "
        f"range is the top {opening} of starting hands by the project's preflop ranking "
        f"(`{opening}`, {n_a} combos); the 3-bet range is `{DEFENDING_RANGE}`. Each "
        "flop's equity is **exact** (`equity.flops`): every turn and river, each range's "
        "combos after card removal by the flop and by each other. The "
        f"{len(frame):,} flops up to suit isomorphism stand for all "
        f"{int(frame['weight'].sum()):,}; a group's equity averages its flops, each "
        "weighted by the deals it stands for, so the groups average back to the preflop "
        f"equity of the opening range, **{frame.attrs['equity_a']:.2%}**. The textures are "
        "defined in `equity.analysis.textures` (`equity flops --help`).",
    )
    page.table("flops", frame, show=False, caption="## Every flop")
    for by in _GROUPS:
        table = summarize(frame, by).reset_index()
        formats = {c: ".2%" for c in ("share", "equity_a", "equity_b", "win_a", "tie")}
        page.add(f"## By {by}")
        page.table(f"by_{by}", table, formats=formats)
        tick.step()
    fig, axes = new_figure(size=(10.0, 4.5))
    plot_flops(frame, "suits", ax=axes[0, 0])
    page.figure("equity_by_flop", fig, "the opening range's equity on each flop, by suits")
