"""The equity of every combo of each player: :class:`EquityDistribution`, plain data.

Read from the per-combo tables of a result
(:attr:`equity.EquityResult.combo_results`) by
:meth:`EquityDistribution.from_result` or :attr:`equity.EquityResult.distribution`;
:func:`equity.distribution` (:mod:`equity.analysis.distribution`) runs the
calculation and returns one.  The type sits beside the result it reads, below
the engine and the analyses.  Equity buckets (:meth:`EquityDistribution.buckets`,
edges checked by :func:`bucket_edges`) put the combos into ranges of equity;
:func:`equity.hits_buckets` crosses them with the made hands and draws.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from .cards import parse_cards
from .games import game as get_game
from .ranges import hand_class

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

    from .results import EquityResult

__all__ = [
    "ADVANCED_BUCKETS",
    "HISTOGRAM_BINS",
    "EquityDistribution",
    "PlayerDistribution",
    "bucket_edges",
    "bucket_labels",
]

HISTOGRAM_BINS = 20
"""Bins of the equity histogram: 5 points each, from 0% to 100%."""
ADVANCED_BUCKETS = (0, 33, 50, 66, 80, 100)
"""A finer split of the equity, in percent: [0, 33), [33, 50), [50, 66), [66, 80), [80, 100]."""
_EDGE_DIGITS = 9
"""Equities are put in buckets in percent rounded to this many decimals, so that an equity of
exactly 50% (a split) lies in [50, ...) whatever the float rounding of its sum."""


def bucket_edges(edges: object) -> np.ndarray:
    """Equity bucket edges in percent, checked: at least two, increasing, within 0-100.

    ``edges`` is a sequence of numbers or text such as ``"0,25,50,75,100"``.
    Bucket ``i`` holds the equities ``e`` (in percent) with
    ``edges[i] <= e < edges[i + 1]``; the last bucket holds its upper edge
    too (``[75, 100]``).  Equities outside the edges are in no bucket.

    Examples
    --------
    >>> bucket_edges("0,25,50,75,100").tolist()
    [0.0, 25.0, 50.0, 75.0, 100.0]
    >>> bucket_edges([0, 50, 40])
    Traceback (most recent call last):
    ...
    ValueError: bucket edges must increase: 40 comes after 50
    """
    if isinstance(edges, str):
        parts = [t.strip().rstrip("%") for t in edges.split(",")]
        try:
            values = [float(t) for t in parts]
        except ValueError:
            bad = next(t for t in parts if not _is_float(t))
            raise ValueError(
                f"bucket edge {bad!r} is not a number: give percents such as 0,25,50,75,100"
            ) from None
    else:
        try:
            values = [float(x) for x in edges]  # type: ignore[attr-defined]
        except (TypeError, ValueError):
            raise ValueError(
                f"bucket edges should be numbers in percent such as [0, 25, 50, 75, 100], "
                f"got {edges!r}"
            ) from None
    if len(values) < 2:
        raise ValueError(f"bucket edges need at least two numbers (one bucket), got {len(values)}")
    for x in values:
        if not 0 <= x <= 100:
            raise ValueError(f"bucket edge {x:g} is outside 0-100 (edges are percents of the pot)")
    for lo, hi in itertools.pairwise(values):
        if not lo < hi:
            raise ValueError(f"bucket edges must increase: {hi:g} comes after {lo:g}")
    return np.array(values, dtype=float)


def bucket_labels(edges: object) -> list[str]:
    """The buckets of ``edges`` as text: ``["[0%, 25%)", ..., "[75%, 100%]"]``.

    >>> bucket_labels([0, 33, 50, 66, 80, 100])
    ['[0%, 33%)', '[33%, 50%)', '[50%, 66%)', '[66%, 80%)', '[80%, 100%]']
    """
    e = bucket_edges(edges)
    last = len(e) - 2
    return [
        f"[{lo:g}%, {hi:g}%{']' if i == last else ')'}"
        for i, (lo, hi) in enumerate(itertools.pairwise(e))
    ]


def _is_float(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


_DECILES = np.linspace(0.1, 1.0, 10)


@dataclass(frozen=True)
class PlayerDistribution:
    """The combos of one player's range with their equities, strongest first.

    ``weights`` are the combos' shares of the deals (they sum to 1: range
    weight times card removal), so ``equity`` is their weighted mean.  For
    Monte-Carlo, ``samples`` counts the deals behind each combo's figure and
    ``stderr`` is its standard error: ``sqrt(e (1 - e) / n)``, exact when no
    pot is split and an upper bound otherwise; for exact figures ``stderr``
    is None and ``samples`` holds the (weighted) boards behind each combo.
    """

    hand: str
    equity: float
    combos: tuple[str, ...]
    equities: np.ndarray
    weights: np.ndarray
    samples: np.ndarray
    stderr: np.ndarray | None = None
    player_stderr: float | None = None
    """Monte-Carlo: the standard error of ``equity`` (from batch means); None when exact."""
    dropped: int = 0
    """Combos of the range never dealt (Monte-Carlo) or with no legal deal: left out."""

    def __repr__(self) -> str:
        """One line: the range, its combos and equity."""
        se = "" if self.player_stderr is None else f" ± {self.player_stderr:.2%}"
        return (
            f"PlayerDistribution({self.hand!r}: {len(self.combos)} combos, {self.equity:.2%}{se})"
        )

    @property
    def percentiles(self) -> np.ndarray:
        """Top share of the range (weighted, 0-1) down to and including each combo."""
        return np.cumsum(self.weights)

    def above(self, threshold: float) -> float:
        """Weighted share of the combos whose equity is strictly above ``threshold``.

        Examples
        --------
        >>> from equity import distribution
        >>> d = distribution(["AA,JJ,44,QsQh", "QdQc"], board="Kc7d9hJs3s")
        >>> d.players[0].above(0.5), d.players[0].above(0.4)  # 9 and 10 combos of 16
        (0.5625, 0.625)
        """
        return float(self.weights[self.equities > threshold].sum())

    def equity_at(self, percentile: float) -> float:
        """Equity of the combo at ``percentile`` (0-1) of the curve, strongest first."""
        if not 0 <= percentile <= 1:
            raise ValueError(f"the percentile must be between 0 and 1, got {percentile!r}")
        cum = self.percentiles
        i = int(np.searchsorted(cum, percentile * cum[-1] - 1e-12))
        return float(self.equities[min(i, len(cum) - 1)])

    def histogram(self, bins: int = HISTOGRAM_BINS) -> tuple[np.ndarray, np.ndarray]:
        """``(shares, edges)``: weighted share of the combos in ``bins`` equal bins of 0-1."""
        if isinstance(bins, bool) or not isinstance(bins, (int, np.integer)) or bins < 1:
            raise ValueError(f"bins must be a positive whole number, got {bins!r}")
        edges = np.round(np.linspace(0.0, 1.0, int(bins) + 1), 12)
        shares, _ = np.histogram(np.clip(self.equities, 0, 1), bins=edges, weights=self.weights)
        return shares, edges

    def bucket_index(self, edges: object) -> np.ndarray:
        """The equity bucket of each combo (:func:`bucket_edges`); -1 outside the edges."""
        e = bucket_edges(edges)
        percent = np.round(100 * self.equities, _EDGE_DIGITS)
        index = np.searchsorted(e, percent, side="right") - 1
        index[percent == e[-1]] = len(e) - 2  # the last bucket holds its upper edge
        index[(percent < e[0]) | (percent > e[-1])] = -1
        return index

    def buckets(self, edges: object) -> np.ndarray:
        """Weighted share of the combos in each equity bucket of ``edges`` (percent).

        Buckets are ``[edges[i], edges[i + 1])``, the last closed
        (:func:`bucket_edges`); the shares sum to 1 when the edges run from 0
        to 100.

        Examples
        --------
        >>> from equity import distribution
        >>> d = distribution(["AA,JJ,44,QsQh", "QdQc"], board="Kc7d9hJs3s")
        >>> d.players[0].buckets([0, 25, 50, 75, 100]).tolist()  # 6, 0, 1 and 9 combos of 16
        [0.375, 0.0, 0.0625, 0.5625]
        """
        index = self.bucket_index(edges)
        inside = index >= 0
        n = len(bucket_edges(edges)) - 1
        return np.bincount(index[inside], weights=self.weights[inside], minlength=n)

    def summary(self) -> dict[str, Any]:
        """Combos, equity, shares above 50% and 75%, median, min and max (plain data)."""
        return {
            "hand": self.hand,
            "combos": len(self.combos),
            "equity": self.equity,
            "stderr": self.player_stderr,
            "above_50": self.above(0.5),
            "above_75": self.above(0.75),
            "median": self.equity_at(0.5),
            "min": float(self.equities.min()),
            "max": float(self.equities.max()),
        }


@dataclass(frozen=True)
class EquityDistribution:
    """The equity distribution of every player: exact or Monte-Carlo.

    Built by :func:`distribution` or :meth:`from_result`; ``result`` is the
    :class:`~equity.EquityResult` it reads.
    """

    game: str
    method: str
    board: str
    dead: str
    samples: int
    seed: int | None
    players: tuple[PlayerDistribution, ...]
    result: EquityResult | None = None

    @property
    def exact(self) -> bool:
        """True when every outcome was enumerated."""
        return self.method == "exact"

    @classmethod
    def from_result(cls, result: EquityResult) -> EquityDistribution:
        """The distribution of the per-combo tables of a :func:`~equity.calculate` result.

        A player holding known cards is a range of one combo; a player dealt
        at random has no combos (pass the range ``100%`` instead).

        Examples
        --------
        >>> from equity import calculate
        >>> r = calculate(["QQ+,AKs", "JJ"], board="Js7s2c")
        >>> d = EquityDistribution.from_result(r)
        >>> d.method, len(d.players[0].combos), round(d.players[0].equity, 4)
        ('exact', 22, 0.1002)
        """
        if not get_game(result.game).ranges:
            raise ValueError(f"equity distributions need hold'em ranges, not {result.game!r} hands")
        players = []
        for p, hand in enumerate(result.hands):
            player_se = None if result.stderr is None else float(result.stderr[p])
            table = result.combo_results.get(p)
            if table is not None:
                players.append(_player_from_table(result, p, table))
            elif hand == "random":
                raise ValueError(
                    f"player {p} is dealt at random and has no combos: "
                    "pass the range '100%' instead"
                )
            else:  # known cards: a range of one combo
                players.append(
                    PlayerDistribution(
                        hand=hand,
                        equity=float(result.equity[p]),
                        combos=(hand,),
                        equities=np.array([result.equity[p]], dtype=float),
                        weights=np.ones(1),
                        samples=np.array([float(result.samples)]),
                        stderr=None if player_se is None else np.array([player_se]),
                        player_stderr=player_se,
                    )
                )
        return cls(
            game=result.game,
            method=result.method,
            board=result.board,
            dead=result.dead,
            samples=int(result.samples),
            seed=result.seed,
            players=tuple(players),
            result=result,
        )

    def to_frame(self) -> pd.DataFrame:
        """One row per combo, strongest first within each player (a tidy table).

        Columns: ``player`` (index from 0), ``hand`` (the player's range),
        ``combo``, ``class`` (``"AKs"``), ``weight`` (share of the player's
        deals), ``equity``, ``percentile`` (top share of the range down to the
        combo), ``samples`` and ``stderr`` (NaN when exact).
        """
        import pandas as pd

        frames = []
        for p, d in enumerate(self.players):
            frames.append(
                pd.DataFrame(
                    {
                        "player": p,
                        "hand": d.hand,
                        "combo": list(d.combos),
                        "class": [hand_class(*parse_cards(c)) for c in d.combos],
                        "weight": d.weights,
                        "equity": d.equities,
                        "percentile": d.percentiles,
                        "samples": d.samples,
                        "stderr": d.stderr if d.stderr is not None else np.nan,
                    }
                )
            )
        frame = pd.concat(frames, ignore_index=True)
        frame.attrs.update(method=self.method, board=self.board, game=self.game, seed=self.seed)
        return frame

    def summary(self) -> pd.DataFrame:
        """One row per player: combos, equity, stderr, shares above 50% and 75%, median, range."""
        import pandas as pd

        frame = pd.DataFrame([d.summary() for d in self.players])
        frame.index.name = "player"
        frame.attrs.update(method=self.method, board=self.board, game=self.game, seed=self.seed)
        return frame

    def histogram(self, bins: int = HISTOGRAM_BINS) -> pd.DataFrame:
        """Weighted share of each player's combos per equity bin (rows: bins, columns: hands)."""
        import pandas as pd

        columns = {}
        edges = np.linspace(0.0, 1.0, bins + 1)
        for p, d in enumerate(self.players):
            shares, edges = d.histogram(bins)
            columns[f"{p}: {d.hand}"] = shares
        index = pd.IntervalIndex.from_breaks(edges, closed="left", name="equity")
        return pd.DataFrame(columns, index=index)

    def buckets(self, edges: object = (0, 25, 50, 75, 100)) -> pd.DataFrame:
        """Weighted share of each player's combos in each equity bucket.

        ``edges`` are percents, increasing, from 0 to 100 for a partition:
        ``[0, 25, 50, 75, 100]`` (the default) or :data:`ADVANCED_BUCKETS`.
        Rows: the buckets (``"[0%, 25%)"`` ... ``"[75%, 100%]"``, the last
        closed); columns: the players (``"0: QQ+,AKs"``); each combo counts
        its weight, its share of the player's deals (range weight times card
        removal).  Exact when the distribution is.

        Examples
        --------
        >>> from equity import distribution
        >>> d = distribution(["QQ+,AKs", "JJ,TT"], board="Js7s2c")
        >>> b = d.buckets([0, 50, 100])
        >>> b.index.tolist(), b.columns.tolist()
        (['[0%, 50%)', '[50%, 100%]'], ['0: QQ+,AKs', '1: JJ,TT'])
        >>> b["1: JJ,TT"].round(4).tolist()
        [0.6667, 0.3333]
        """
        import pandas as pd

        columns = {f"{p}: {d.hand}": d.buckets(edges) for p, d in enumerate(self.players)}
        frame = pd.DataFrame(columns, index=pd.Index(bucket_labels(edges), name="equity"))
        frame.attrs.update(
            method=self.method,
            board=self.board,
            game=self.game,
            edges=bucket_edges(edges).tolist(),
        )
        return frame

    def to_dict(self) -> dict[str, Any]:
        """Plain data: the ``equity distribution --json`` object.

        ``players[i]["combos"]`` maps each combo to its equity, strongest
        first; ``weights`` gives each combo's share of the deals, and for
        Monte-Carlo ``combo_samples`` and ``combo_stderr`` the deals and
        standard error behind each figure.
        """
        players = []
        for d in self.players:
            shares, edges = d.histogram()
            record: dict[str, Any] = {
                "range": d.hand,
                "equity": d.equity,
                "stderr": d.player_stderr,
                "above_50": d.above(0.5),
                "above_75": d.above(0.75),
                "median": d.equity_at(0.5),
                "combos": dict(zip(d.combos, map(float, d.equities), strict=True)),
                "weights": dict(zip(d.combos, map(float, d.weights), strict=True)),
                "histogram": [
                    {"low": float(lo), "high": float(hi), "share": float(s)}
                    for lo, hi, s in zip(edges[:-1], edges[1:], shares, strict=True)
                ],
            }
            if d.stderr is not None:
                record["combo_samples"] = dict(zip(d.combos, map(int, d.samples), strict=True))
                record["combo_stderr"] = dict(zip(d.combos, map(float, d.stderr), strict=True))
            if d.dropped:
                record["dropped_combos"] = d.dropped
            players.append(record)
        return {
            "game": self.game,
            "method": self.method,
            "board": self.board,
            "dead": self.dead,
            "samples": self.samples,
            "seed": self.seed,
            "players": players,
        }

    def __repr__(self) -> str:
        """A line or so: what the figures are, each range's combos and equity."""
        players = ", ".join(f"{d.hand} {len(d.combos)} combos {d.equity:.2%}" for d in self.players)
        return f"EquityDistribution({self.describe()}; {players})"

    def describe(self) -> str:
        """A one-line statement of what the figures are (board, method, deals)."""
        where = f", board {self.board}" if self.board else ", preflop"
        where += f", dead {self.dead}" if self.dead else ""
        if self.exact:
            return f"{self.game}{where}: exact, {self.samples:,} outcomes enumerated"
        return (
            f"{self.game}{where}: Monte-Carlo estimate, {self.samples:,} trials, seed {self.seed}"
        )

    def __str__(self) -> str:
        lines = [f"equity distribution, {self.describe()}"]
        for p, d in enumerate(self.players):
            se = "" if d.player_stderr is None else f" ± {d.player_stderr:.2%}"
            lines.append(
                f"  player {p} {d.hand}: {len(d.combos)} combos, equity {d.equity:.2%}{se}, "
                f"above 50% {d.above(0.5):.1%}, above 75% {d.above(0.75):.1%}"
            )
            curve = " ".join(f"{d.equity_at(q):.0%}" for q in _DECILES)
            lines.append(f"    equity at the top 10%, 20%, ... 100% of the range: {curve}")
            if d.dropped:
                lines.append(f"    {d.dropped} combos never dealt are left out")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        summary = self.summary()
        shares = summary.columns.drop(["hand", "combos"])
        summary[shares] = summary[shares].astype(float)  # exact: no stderr (None -> NaN)
        # as results.html_table, which this module may not import (results imports it)
        formatters: Any = dict.fromkeys(shares, lambda x: f"{x:.2%}")
        html = summary.to_html(formatters=formatters, na_rep="")
        return f"<p>{self.describe()}</p>" + str(html)

    def plot(self, ax: Axes | None = None) -> Axes:
        """Draw each player's equity curve (Equilab's graph) on ``ax`` and return it.

        x is the top share of the range (combos weighted, strongest first),
        y the combo's equity; the title says whether the figures are exact or
        Monte-Carlo estimates.
        """
        from .plots.axes import colors, new_axes

        ax = new_axes(ax, (8, 5))
        for d, color in zip(self.players, colors(len(self.players)), strict=True):
            edges = 100 * np.concatenate([[0.0], d.percentiles / d.percentiles[-1]])
            ax.stairs(
                100 * d.equities,
                edges,
                baseline=None,
                color=color,
                linewidth=2,
                label=f"{d.hand if len(d.hand) <= 40 else d.hand[:38] + '...'} ({d.equity:.1%})",
            )
        ax.axhline(50, color="0.6", linewidth=0.8, linestyle="--")
        ax.set_xlim(0, 100)
        ax.set_ylim(0, 100)
        what = "exact" if self.exact else f"Monte-Carlo, {self.samples:,} trials, seed {self.seed}"
        where = f"board {self.board}" if self.board else "preflop"
        ax.set_title(f"Equity distribution, {where} ({what})")
        ax.set_xlabel("top % of the range (combos weighted, strongest first)")
        ax.set_ylabel("equity (%)")
        ax.grid(True, alpha=0.3)
        ax.legend(title="range (equity)", loc="lower left", fontsize="small")
        return ax


def _player_from_table(result: EquityResult, p: int, table: dict[str, Any]) -> PlayerDistribution:
    """A range player's distribution from its per-combo table, strongest combo first."""
    labels = list(table["combos"])
    equities = np.array([table["combos"][c] for c in labels], dtype=float)
    samples = np.array([table["combo_samples"][c] for c in labels], dtype=float)
    keep = (samples > 0) & np.isfinite(equities)
    if not keep.any():
        raise ValueError(f"no combo of player {p}'s range {result.hands[p]!r} was dealt")
    order = np.flatnonzero(keep)[np.argsort(-equities[keep], kind="stable")]
    eq, n = equities[order], samples[order]
    stderr = None
    if not result.exact:
        stderr = np.sqrt(np.clip(eq * (1 - eq), 0, None) / n)
    return PlayerDistribution(
        hand=result.hands[p],
        equity=float(result.equity[p]),
        combos=tuple(labels[i] for i in order),
        equities=eq,
        weights=n / n.sum(),
        samples=n,
        stderr=stderr,
        player_stderr=None if result.stderr is None else float(result.stderr[p]),
        dropped=int((~keep).sum()),
    )
