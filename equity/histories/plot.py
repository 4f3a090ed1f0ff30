"""The graph players know: cumulative net won and cumulative EV-adjusted net won by hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .result import HistoryResult

__all__ = ["plot_results"]


def plot_results(result: HistoryResult, players: Sequence[str] | None = None, top: int = 3) -> Any:
    """Cumulative net and EV-adjusted net (ev) by hand number; returns the Matplotlib axes.

    ``players``: whose lines to draw (default: the ``top`` players with the most hands).
    Hands are numbered in the order they were read, one count per hand the player played.
    When the result is in prize money (payouts given), the lines are ``money`` and
    ``ev_money`` over the hands valued in money, in the order they were played.
    """
    import matplotlib.pyplot as plt

    frame = result.hands
    net, ev, unit = "net", "ev", "chips or currency"
    if result.in_money:
        from .money import play_order

        frame = play_order(frame[frame["money_reason"] == ""])
        net, ev, unit = "money", "ev_money", "prize money, ICM"
    if players is None:
        summary = result.summary()
        if result.in_money:
            summary = summary[summary["money_hands"] > 0]
            summary = summary.sort_values("money_hands", ascending=False, kind="stable")
        players = list(summary.index[:top])
    _, ax = plt.subplots(figsize=(8, 4.5))
    for k, name in enumerate(players):
        rows = frame[frame["player"] == name]
        if rows.empty:
            what = "hand valued in money" if result.in_money else "scored hand"
            raise ValueError(f"no {what} of a player named {name!r}")
        number = range(1, len(rows) + 1)
        color = f"C{k}"
        marker = "o" if len(rows) == 1 else None  # one hand: a point, not a line of no length
        ax.plot(
            number,
            rows[net].cumsum().to_numpy(),
            color=color,
            marker=marker,
            label=f"{name}: {net} won",
        )
        ax.plot(
            number,
            rows[ev].cumsum().to_numpy(),
            color=color,
            linestyle="--",
            marker=marker,
            fillstyle="none",
            label=f"{name}: EV-adjusted",
        )
    ax.axhline(0, color="0.6", linewidth=0.8)
    ax.set_xlabel("hand")
    ax.set_ylabel(f"cumulative result ({unit})")
    ax.set_title("Net won and all-in EV-adjusted net won")
    ax.legend(fontsize="small")
    return ax
