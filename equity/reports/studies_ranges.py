"""Range studies behind the ``ranges`` report page: flop hits, equity curves, streets.

Each study returns a DataFrame and says how its figures were obtained.
Everything is exact except the preflop equity-curve spot, which is
Monte-Carlo (``method`` column ``monte-carlo``, with the deals, the seed and
standard errors):

- :func:`texture_hits`: the share of a few standard ranges in each made
  hand and draw on four textured flops (:func:`equity.hits`, every combo
  classified);
- :func:`all_flop_hits` and :func:`flop_by_flop`: the same for one range
  over every flop (``hits(range, flops="all")``: the 22,100 flops, one board
  per suit-isomorphic class, weighted by the flops it stands for);
- :func:`equity_curves` and :func:`curve_summary`: the equity of every combo
  of two ranges against each other (:func:`equity.distribution`), sorted;
- :func:`street_example`: a hand against a hand on the flop, then after
  each turn card, and on a turn after each river card (:func:`equity.streets`).

A study's ``progress`` callback is called as ``progress(done, total)`` in
the study's own units (boards, spots, streets).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from ..analysis.distribution import distribution
from ..analysis.hits import MADE_HANDS, HitsResult, hits
from ..analysis.streets import streets
from ..control import Progress
from .page import SHORT_RUN_THREADS, subseed

__all__ = [
    "BB_CALL",
    "HIT_BUCKETS",
    "KEY_DRAWS",
    "RANGE_SPOTS",
    "STANDARD_RANGES",
    "STREET_EXAMPLE",
    "TEXTURED_FLOPS",
    "all_flop_hits",
    "bucket_shares",
    "curve_summary",
    "equity_curves",
    "flop_by_flop",
    "street_example",
    "texture_hits",
]

BB_CALL = "22-99,A2s-AJs,K9s+,Q9s+,J9s+,T8s+,97s+,86s+,75s+,65s,54s,ATo-AJo,KTo+,QTo+,JTo"
"""A big-blind calling range against an open: middle pairs, suited aces and connectors,
broadways; the strongest hands (TT+, AQ+) would 3-bet and are left out (260 combos)."""

STANDARD_RANGES: tuple[tuple[str, str], ...] = (
    ("top 10%", "10%"),
    ("top 20%", "20%"),
    ("big-blind call", BB_CALL),
)
"""``(label, range)`` of the ranges whose hits the page shows on the textured flops."""

TEXTURED_FLOPS: tuple[tuple[str, str], ...] = (
    ("dry", "Kc7d2h"),
    ("paired", "8s8d3c"),
    ("monotone", "Jh8h4h"),
    ("connected", "Ts9d8c"),
)
"""``(texture, flop)``: a dry king-high rainbow flop, a paired, a monotone and a connected one."""

HIT_BUCKETS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("straight or better", ("straight flush", "quads", "full house", "flush", "straight")),
    ("set or trips", ("set", "trips")),
    ("two pair", ("two pair",)),
    ("overpair", ("overpair",)),
    ("top pair", ("top pair",)),
    ("weaker pair", ("second pair", "pocket pair below top pair", "third pair and worse")),
    ("ace high", ("ace high",)),
    ("no made hand", ("no made hand",)),
)
"""Made-hand buckets of the page: each combo is in exactly one (they sum to one)."""

KEY_DRAWS = ("flush draw", "open-ended straight draw", "gutshot", "backdoor flush draw")
"""The draws shown beside the made-hand buckets (a combo may hold several)."""

RANGE_SPOTS: tuple[tuple[str, tuple[str, str], str, str], ...] = (
    ("Preflop: a 3-bet range (top 10%) against an open (top 40%)", ("10%", "40%"), "",
     "monte-carlo"),
    ("Flop Kh7d2c: an open (top 20%) against a big-blind call", ("20%", BB_CALL), "Kh7d2c",
     "exact"),
)  # fmt: skip
"""``(name, (hero range, villain range), board, method)`` of the equity-curve spots."""

STREET_EXAMPLE: tuple[tuple[str, str], str, str] = (("AsAd", "JhTh"), "9h8c2h", "3s")
"""``(hands, flop, turn card)``: aces against a flush and open-ended straight draw."""

_PARTITION = {name for name, _, kind in MADE_HANDS if kind == 0}
"""The made-hand rows that partition a range (one per combo)."""


def _frame(result: HitsResult) -> pd.DataFrame:
    """A :class:`HitsResult`'s table, flat: group, class, partition, sub, combos, weight, share."""
    frame = result.to_frame().reset_index()
    frame.insert(2, "partition", [n in _PARTITION for n in frame["class"]])
    frame.insert(3, "sub", list(result.sub))
    frame["share"] = frame.pop("fraction")
    return frame


def texture_hits(
    ranges: Sequence[tuple[str, str]] = STANDARD_RANGES,
    flops: Sequence[tuple[str, str]] = TEXTURED_FLOPS,
    *,
    progress: Progress | None = None,
) -> pd.DataFrame:
    """The share of each range in every made-hand class and draw on each flop, exactly.

    Parameters
    ----------
    ranges : sequence of (label, range)
        Defaults to :data:`STANDARD_RANGES`.
    flops : sequence of (texture, flop)
        Defaults to :data:`TEXTURED_FLOPS`.
    progress : callable, optional
        ``progress(done, total)`` after each (range, flop).

    Returns
    -------
    DataFrame
        One row per (range, flop, class): ``range_name``, ``range``,
        ``texture``, ``board``, ``group`` (made hand or draw), ``class``,
        ``partition`` (the made-hand rows, one per combo, that sum to one),
        ``sub`` (a part of the row above), ``combos``, ``weight``,
        ``share`` (of the range's weight left after card removal) and
        ``range_combos`` (the combos left).

    Examples
    --------
    >>> df = texture_hits([("aces", "AA")], [("dry", "Kc7d2h")])
    >>> df.set_index("class").loc["overpair", ["combos", "share"]].tolist()
    [6.0, 1.0]
    """
    frames = []
    total = len(ranges) * len(flops)
    for done, (label, text, texture, flop) in enumerate(
        ((lab, t, tex, f) for lab, t in ranges for tex, f in flops), 1
    ):
        result = hits(text, flop)
        frame = _frame(result)
        frame.insert(0, "board", result.boards[0])
        frame.insert(0, "texture", texture)
        frame.insert(0, "range", result.range)
        frame.insert(0, "range_name", label)
        frame["range_combos"] = result.total_combos
        frames.append(frame)
        if progress is not None:
            progress(done, total)
    return pd.concat(frames, ignore_index=True)


def bucket_shares(shares: pd.Series | dict[str, float]) -> dict[str, float]:
    """The share of each made-hand bucket (:data:`HIT_BUCKETS`) and key draw, by class name.

    Examples
    --------
    >>> b = bucket_shares(hits("AA,KK", "Kc7d2h").shares())
    >>> b["set or trips"], b["overpair"], sum(b[n] for n, _ in HIT_BUCKETS)
    (0.3333333333333333, 0.6666666666666666, 1.0)
    """
    out = {name: float(sum(shares[c] for c in classes)) for name, classes in HIT_BUCKETS}
    out.update({d: float(shares[d]) for d in KEY_DRAWS if d in shares})
    return out


def all_flop_hits(range: str = "20%") -> pd.DataFrame:
    """The share of ``range`` in each class over every flop, exactly.

    Every flop equally likely given the range's combo (card removal): one
    board per suit-isomorphic class of flops, weighted by the flops it
    stands for (``hits(range, flops="all")``).

    Returns
    -------
    DataFrame
        One row per class: ``group``, ``class``, ``partition``, ``sub``,
        ``combos`` and ``weight`` (averages per flop), ``share``; the
        attributes ``range``, ``n_boards`` and ``n_flops``.

    Examples
    --------
    >>> df = all_flop_hits("QQ+,AKs")
    >>> round(float(df.set_index("class").loc["set", "share"]), 4), df.attrs["n_flops"]
    (0.0882, 22100)
    """
    result = hits(range, flops="all")
    frame = _frame(result)
    frame.attrs.update(range=result.range, n_boards=len(result.boards), n_flops=result.n_flops)
    return frame


def flop_by_flop(range: str = "20%") -> pd.DataFrame:
    """Per flop class: the share of ``range`` in each made-hand bucket and key draw, exactly.

    One row per suit-isomorphic class of flops (1,755 for a range of whole
    hand classes): ``board``, ``multiplicity`` (the flops it stands for),
    ``combos`` (of the range left), then one column per bucket of
    :data:`HIT_BUCKETS` and per draw of :data:`KEY_DRAWS`, and
    ``pair or better`` (the buckets from straight or better to weaker pair).

    Examples
    --------
    >>> df = flop_by_flop("AA")
    >>> int(df["multiplicity"].sum()), bool((df["overpair"] + df["set or trips"] <= 1).all())
    (22100, True)
    """
    result = hits(range, flops="all")
    per_board = result.by_board()
    columns = {name: per_board[list(classes)].sum(axis=1) for name, classes in HIT_BUCKETS}
    columns |= {d: per_board[d] for d in KEY_DRAWS}
    frame = pd.DataFrame(columns).reset_index()
    frame.insert(1, "multiplicity", per_board["multiplicity"].to_numpy())
    frame.insert(2, "combos", per_board["combos"].to_numpy())
    made = [name for name, _ in HIT_BUCKETS if name not in ("ace high", "no made hand")]
    frame["pair or better"] = frame[made].sum(axis=1)
    frame.attrs.update(range=result.range)
    return frame


def equity_curves(
    trials: int,
    seed: int,
    spots: Sequence[tuple[str, tuple[str, str], str, str]] = RANGE_SPOTS,
    *,
    progress: Progress | None = None,
) -> pd.DataFrame:
    """The equity of every combo of each range of a spot against the other range.

    Parameters
    ----------
    trials : int
        Monte-Carlo deals of each spot whose method is ``monte-carlo``.
    seed : int
        Seed; each Monte-Carlo spot gets its own stream derived from it.
    spots : sequence of (name, (range, range), board, method)
        Defaults to :data:`RANGE_SPOTS`; ``method`` is ``exact`` (every
        board enumerated) or ``monte-carlo``.
    progress : callable, optional
        ``progress(done, total)`` after each spot.

    Returns
    -------
    DataFrame
        One row per combo, strongest first within each player of each
        spot: ``spot``, ``board``, ``method``, ``trials`` and ``seed``
        (0 and missing when exact), ``player``, ``hand`` (the range),
        ``combo``, ``class``, ``weight`` (the combo's share of the
        player's deals), ``equity``, ``percentile`` (top share of the range
        down to the combo), ``samples``, ``stderr`` (the combo's, NaN when
        exact), ``range_equity`` and ``range_stderr`` (the player's).

    Examples
    --------
    >>> spot = ("x", ("QQ+", "JJ"), "Js7s2c", "exact")
    >>> df = equity_curves(0, 1, [spot])
    >>> df.groupby("player")["weight"].sum().round(6).tolist()
    [1.0, 1.0]
    >>> round(float((df["weight"] * df["equity"])[df["player"] == 0].sum()), 4)
    0.104
    """
    frames = []
    for done, (name, ranges, board, method) in enumerate(spots, 1):
        mc = method == "monte-carlo"
        spot_seed = subseed(seed, "equity-curve", name) if mc else None
        d = distribution(
            list(ranges),
            board,
            method=method,
            trials=trials if mc else None,
            seed=spot_seed,
            threads=None if mc else SHORT_RUN_THREADS,
        )
        frame = d.to_frame()
        frame.insert(0, "seed", pd.Series(spot_seed, index=frame.index, dtype="Int64"))
        frame.insert(0, "trials", d.samples if mc else 0)
        frame.insert(0, "method", d.method)
        frame.insert(0, "board", d.board)
        frame.insert(0, "spot", name)
        frame["range_equity"] = [d.players[p].equity for p in frame["player"]]
        frame["range_stderr"] = [
            np.nan if d.players[p].player_stderr is None else d.players[p].player_stderr
            for p in frame["player"]
        ]
        frames.append(frame)
        if progress is not None:
            progress(done, len(spots))
    return pd.concat(frames, ignore_index=True)


def _equity_at(weights: np.ndarray, equities: np.ndarray, percentile: float) -> float:
    """The equity of the combo at ``percentile`` (0-1) of a curve sorted strongest first."""
    cum = np.cumsum(weights)
    i = int(np.searchsorted(cum, percentile * cum[-1] - 1e-12))
    return float(equities[min(i, len(cum) - 1)])


def curve_summary(curves: pd.DataFrame) -> pd.DataFrame:
    """One row per (spot, player) of :func:`equity_curves`: the curve in a few figures.

    Columns: ``spot``, ``method``, ``player``, ``hand``, ``combos``,
    ``equity`` (the weighted mean of the curve: the range's equity),
    ``stderr`` (Monte-Carlo: of that equity, from batch means; NaN when
    exact), ``above_50`` and ``above_75`` (weighted share of the combos with
    more equity), ``median``, ``min`` and ``max``.

    Examples
    --------
    >>> df = curve_summary(equity_curves(0, 1, [("x", ("QQ+", "JJ"), "Js7s2c", "exact")]))
    >>> df[["hand", "combos", "above_50"]].values.tolist()
    [['QQ+', 18, 0.0], ['JJ', 3, 1.0]]
    """
    rows: list[dict[str, Any]] = []
    for (spot, player), part in curves.groupby(["spot", "player"], sort=False):
        w = part["weight"].to_numpy(dtype=float)
        e = part["equity"].to_numpy(dtype=float)
        rows.append(
            {
                "spot": spot,
                "method": part["method"].iloc[0],
                "player": player,
                "hand": part["hand"].iloc[0],
                "combos": len(part),
                "equity": float(np.dot(w, e) / w.sum()),
                "stderr": float(part["range_stderr"].iloc[0]),
                "above_50": float(w[e > 0.5].sum() / w.sum()),
                "above_75": float(w[e > 0.75].sum() / w.sum()),
                "median": _equity_at(w, e, 0.5),
                "min": float(e.min()),
                "max": float(e.max()),
            }
        )
    return pd.DataFrame(rows)


def street_example(
    example: tuple[tuple[str, str], str, str] = STREET_EXAMPLE,
    *,
    progress: Progress | None = None,
) -> pd.DataFrame:
    """Exact equity by next card: on the flop by turn card, then on a turn by river card.

    Parameters
    ----------
    example : ((hand, hand), flop, turn card)
        Defaults to :data:`STREET_EXAMPLE`.
    progress : callable, optional
        ``progress(done, 2)`` after each street.

    Returns
    -------
    DataFrame
        One row per (street, next card, hand): ``street`` (the current
        one: flop or turn), ``board``, ``next_card``, ``hand``, ``equity``
        (with the card), ``current_equity`` (on the current street: the
        mean over the next cards), ``raises_equity`` and ``out_to_win``
        (whether the card raises the hand's equity, whether it is an out:
        :mod:`equity.analysis.streets`).

    Examples
    --------
    >>> df = street_example((("AsKs", "QhQd"), "Qs7s2c", "4d"))
    >>> df.groupby(["street", "hand"], sort=False)["out_to_win"].sum().tolist()
    [8, 0, 7, 0]
    """
    hands, flop, turn = example
    frames = []
    for done, board in enumerate((flop, flop + turn), 1):
        s = streets(list(hands), board)
        outs = s.outs()
        for p, hand in enumerate(s.hands):
            frames.append(
                pd.DataFrame(
                    {
                        "street": s.street,
                        "board": s.board,
                        "next_card": list(s.next_cards),
                        "hand": hand,
                        "equity": s.next_equity[:, p],
                        "current_equity": float(s.equity[p]),
                        "raises_equity": [c in outs[p]["raise_equity"] for c in s.next_cards],
                        "out_to_win": [c in outs[p]["to_win"] for c in s.next_cards],
                    }
                )
            )
        if progress is not None:
            progress(done, 2)
    return pd.concat(frames, ignore_index=True)
