"""Equity buckets: which made hands and draws of a range carry its equity.

A range's combos fall into equity buckets against the other ranges
(:meth:`equity.EquityDistribution.buckets`: ``[0%, 25%)``, ``[25%, 50%)``,
``[50%, 75%)``, ``[75%, 100%]``, or any edges such as the finer
:data:`~equity.combos.ADVANCED_BUCKETS` 0, 33, 50, 66, 80, 100).
:func:`hits_buckets` crosses them with the classes of :func:`equity.hits`
(made hands and draws, defined in :mod:`equity.analysis.hits`) on the
distribution's board: the share of the range in each class and bucket.

Every combo counts its weight in the distribution, its share of the player's
deals (range weight times the deals its cards leave to the other players),
so the figures are shares of the range as it meets the others: summed over
the buckets, a class's row is its share of the range with these weights
(:func:`equity.hits` weighs combos by range weight alone; the two agree when
card removal leaves every combo the same number of deals, as against a
random hand).  The made-hand rows without sub-classes and the board-plays
flag hold each combo once, so over them each bucket's column sums to the
bucket's share of the range; draws overlap (a combo can hold two).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ..cards import parse_cards
from ..combos import EquityDistribution, bucket_edges, bucket_labels
from ..kernels import hits as _hits
from ..kernels._jit import warming
from ..lookup import holdem_tables
from .hits import DRAWS, MADE_HANDS

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

__all__ = ["DEFAULT_BUCKETS", "buckets_record", "has_hand_classes", "hits_buckets", "plot_buckets"]

DEFAULT_BUCKETS = (0, 25, 50, 75, 100)
"""The default equity buckets, in percent: [0, 25), [25, 50), [50, 75), [75, 100]."""


def has_hand_classes(dist: EquityDistribution) -> bool:
    """Whether :func:`hits_buckets` applies to ``dist``: hold'em (the classes' game) on a board."""
    return dist.game == "holdem" and bool(dist.board)


def _rows(n_board: int) -> list[tuple[str, str, int, bool]]:
    """(group, name, kernel bit, partition) of the hits classes shown on a board of ``n_board``
    cards, in table order; ``partition``: a made-hand row that holds each combo once."""
    rows = [("made hand", name, bit, kind == 0) for name, bit, kind in MADE_HANDS]
    if n_board < 5:  # no draws on the river; backdoor draws on the flop only
        rows += [
            ("draw", name, bit, False)
            for name, bit, _ in DRAWS
            if n_board == 3 or bit != _hits.BIT_BACKDOOR_FLUSH_DRAW
        ]
    return rows


def _class_bits(combos: Sequence[str], board: Sequence[int]) -> np.ndarray:
    """``uint32[n_combos]``: the class bits of each combo on ``board`` (one kernel call)."""
    cards = np.array([parse_cards(c) for c in combos], dtype=np.uint8).reshape(-1, 2)
    out = np.zeros((1, len(cards)), dtype=np.uint32)
    warming(_hits.classify_serial)
    _hits.classify_serial(
        cards, np.array([board], dtype=np.uint8), np.uint64(0), *holdem_tables(), out
    )
    return out[0]


def hits_buckets(
    dist: EquityDistribution, edges: object = DEFAULT_BUCKETS, player: int = 0
) -> pd.DataFrame:
    """The cross-table of a player's hits classes (rows) and equity buckets (columns).

    Parameters
    ----------
    dist : EquityDistribution
        A hold'em distribution on a flop, turn or river
        (:func:`equity.distribution`).
    edges : sequence of numbers or str
        Bucket edges in percent (:func:`equity.combos.bucket_edges`):
        ``[edges[i], edges[i + 1])``, the last bucket closed.
    player : int
        The player (index in ``dist.players``).

    Returns
    -------
    pandas.DataFrame
        Indexed by (group, class) as :meth:`equity.HitsResult.to_frame`
        (made hands with their sub-classes and the board-plays flag, then
        the draws of the street), a column per bucket; a cell is the weighted
        share of the player's combos in that class and bucket (module doc).
        ``frame.attrs`` holds the player's range, the board, the edges, the
        method and ``partition``, the made-hand rows that hold each combo once.

    Examples
    --------
    >>> from equity import distribution
    >>> d = distribution(["QQ+,AKs", "JJ,TT"], board="Js7s2c")
    >>> t = hits_buckets(d, [0, 50, 100])
    >>> t.loc["made hand"].loc["overpair"].round(4).tolist()
    [0.0, 0.8182]
    >>> t.loc["made hand"].loc[t.attrs["partition"]].sum().round(4).tolist()
    [0.1818, 0.8182]
    """
    import pandas as pd

    if not isinstance(dist, EquityDistribution):
        raise ValueError(f"expected an EquityDistribution (equity.distribution), got {dist!r}")
    if dist.game != "holdem":
        raise ValueError(f"hand classes are defined for hold'em only, not {dist.game!r}")
    board = parse_cards(dist.board)
    if len(board) not in (3, 4, 5):
        raise ValueError(
            "hand classes need a board (a flop, turn or river), and this distribution is preflop"
        )
    if not 0 <= player < len(dist.players):
        raise ValueError(f"no player {player!r}: the players are 0 to {len(dist.players) - 1}")
    d = dist.players[player]
    e = bucket_edges(edges)
    index = d.bucket_index(e)
    bits = _class_bits(d.combos, board)
    rows = _rows(len(board))
    table = np.zeros((len(rows), len(e) - 1))
    inside = index >= 0
    for k, (_, _, bit, _) in enumerate(rows):
        member = inside & ((bits >> np.uint32(bit)) & np.uint32(1) == 1)
        table[k] = np.bincount(index[member], weights=d.weights[member], minlength=len(e) - 1)
    frame = pd.DataFrame(
        table,
        index=pd.MultiIndex.from_tuples([r[:2] for r in rows], names=["group", "class"]),
        columns=pd.Index(bucket_labels(e), name="equity"),
    )
    frame.attrs.update(
        player=player,
        hand=d.hand,
        board=dist.board,
        game=dist.game,
        method=dist.method,
        edges=e.tolist(),
        partition=[name for _, name, _, part in rows if part],
        sub=[name for name, _, kind in (*MADE_HANDS, *DRAWS) if kind == 1],
    )
    return frame


def buckets_record(dist: EquityDistribution, edges: object = DEFAULT_BUCKETS) -> dict[str, Any]:
    """Plain data: the ``buckets`` object of ``equity distribution --buckets ... --json``.

    ``{"edges", "labels", "players": [{"range", "shares": {label: share},
    "hits": [{"group", "class", "share", "buckets": {label: share}}]}]}``;
    ``hits`` (the rows of :func:`hits_buckets` with a share above 0) is
    None preflop and outside hold'em.
    """
    e = bucket_edges(edges)
    labels = bucket_labels(e)
    players = []
    for p, d in enumerate(dist.players):
        hits: list[dict[str, Any]] | None = None
        if has_hand_classes(dist):
            cross = hits_buckets(dist, e, p)
            hits = [
                {
                    "group": group,
                    "class": name,
                    "share": float(row.sum()),
                    "buckets": dict(zip(labels, map(float, row), strict=True)),
                }
                for (group, name), row in zip(cross.index, cross.to_numpy(), strict=True)
                if row.sum() > 0
            ]
        shares = d.buckets(e)
        players.append(
            {
                "range": d.hand,
                "shares": dict(zip(labels, map(float, shares), strict=True)),
                "hits": hits,
            }
        )
    return {"edges": e.tolist(), "labels": labels, "players": players}


def plot_buckets(dist: EquityDistribution, edges: object = DEFAULT_BUCKETS) -> list[Axes]:
    """Draw each player's equity buckets, and on a hold'em board its hits classes by bucket.

    One panel per player (:func:`equity.plots.plot_hits_buckets`): a bar for
    the whole range, then one per class it holds, each split by bucket.
    Returns the axes, one per player, of one new figure.
    """
    from ..plots.axes import pyplot
    from ..plots.buckets import plot_hits_buckets

    e = bucket_edges(edges)
    crosses: list[pd.DataFrame | None] = [
        hits_buckets(dist, e, p) if has_hand_classes(dist) else None
        for p in range(len(dist.players))
    ]
    shown = [1 + (0 if c is None else int((c.sum(axis=1) > 0).sum())) for c in crosses]
    plt = pyplot()
    fig, axes = plt.subplots(
        1,
        len(dist.players),
        figsize=(7.5 * len(dist.players), 1.4 + 0.32 * max(shown, default=1)),
        layout="constrained",
        squeeze=False,
    )
    what = "exact" if dist.exact else f"Monte-Carlo, seed {dist.seed}"
    where = f"board {dist.board}" if dist.board else "preflop"
    fig.suptitle(f"Equity buckets, {where} ({what}; combos weighted by their deals)")
    out = []
    for p, (d, cross, ax) in enumerate(zip(dist.players, crosses, axes[0], strict=True)):
        out.append(
            plot_hits_buckets(
                dict(zip(bucket_labels(e), d.buckets(e), strict=True)),
                cross,
                ax=ax,
                title=f"player {p}: {d.hand if len(d.hand) <= 40 else d.hand[:38] + '...'}",
            )
        )
    return out
