"""Range against range on every flop: the exact equity on each, with the flop's texture.

:func:`flops` gives, for every flop (up to suit isomorphism when both ranges
allow it), the exact equity of each range against the other over every turn
and river: each deal of a combo of A, a combo of B and a turn and river,
all sharing no card with each other or the flop, counts ``w_a * w_b`` (the
combos' range weights).  The ``weight`` column is the number of flops a row
stands for; ``deals`` the weighted number of deals on the flop, so the
average of ``equity_a`` weighted by ``weight * deals`` over all rows is the
preflop equity of A against B.

The 22,100 flops (7,140 in short deck) fall into classes of flops mapped onto
each other by swapping suits (1,755 classes in hold'em); one flop per class
is enough when swapping suits leaves both ranges unchanged (``QQ+``, ``AKs``,
``15%``).  When it does not (``AhKh``), only the swaps that keep both ranges
are used, and there are more rows, up to every flop.
"""

from __future__ import annotations

import contextlib
import re
from typing import TYPE_CHECKING

import numpy as np

from ..cards import format_cards
from ..control import Stopwatch
from ..engine.executor import executor_for
from ..games import GAMES as _REGISTRY
from ..kernels import flops as _flops
from ..kernels._jit import warming
from ..ranges import ALL_COMBOS, Range, parse_range
from .hits_boards import flop_classes, suit_symmetries
from .textures import COLUMNS, texture_arrays

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["FLOP_COLUMNS", "GAMES", "flop_unit", "flops", "summarize"]

GAMES = tuple(name for name, g in _REGISTRY.items() if g.ranges and g.has_board)
"""The games :func:`flops` plays: the registry's games with ranges and a board."""

FLOP_COLUMNS = (
    "flop",
    "weight",
    "equity_a",
    "equity_b",
    "win_a",
    "tie",
    "combos_a",
    "combos_b",
    "deals",
)
"""The columns of :func:`flops` before the texture columns (:data:`.textures.COLUMNS`)."""


def _as_range(r: Range | str, which: str) -> Range:
    if isinstance(r, Range):
        return r
    if not isinstance(r, str):
        raise ValueError(f"range {which} should be range text such as 'QQ+,AKs', got {r!r}")
    return parse_range(r)


def _side(dense: np.ndarray, low: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The combos of a dense range in the deck (cards >= ``low``): cards, masks, weights, index."""
    index = np.flatnonzero((dense > 0) & (ALL_COMBOS.min(axis=1) >= low))
    cards = np.ascontiguousarray(ALL_COMBOS[index], dtype=np.uint8)
    masks = (np.uint64(1) << cards[:, 0].astype(np.uint64)) | (
        np.uint64(1) << cards[:, 1].astype(np.uint64)
    )
    return cards, masks, np.ascontiguousarray(dense[index], dtype=np.float64), index


def flops(
    a: Range | str,
    b: Range | str,
    *,
    game: str = "holdem",
    where: str | None = None,
    every_flop: bool = False,
    rules: object = None,
    scheduler: object = None,
) -> pd.DataFrame:
    """The exact equity of range ``a`` against range ``b`` on every flop, with its texture.

    One row per flop (per class of flops, see the module doc): ``flop``;
    ``weight``, the number of flops the row stands for; ``equity_a`` and
    ``equity_b`` (they sum to 1); ``win_a`` and ``tie``, the shares of the
    deals A wins and ties; ``combos_a`` and ``combos_b``, each range's combos
    that the flop leaves; ``deals``, the deals (combo pairs and turns and
    rivers, weighted by ``w_a * w_b``; on a flop that leaves no deal the
    equities are NaN and ``deals`` 0); then the texture columns
    (:mod:`equity.analysis.textures`).  ``where`` keeps the rows that a
    pandas query on these columns keeps (``"suits == 'monotone' and high ==
    'A'"``); on texture columns alone only those flops are computed.
    ``every_flop`` gives all flops, one row each, whatever the ranges;
    ``rules`` are the game's house rules (short deck's straight against trips);
    ``scheduler`` runs the flops elsewhere, in chunks, with the same figures:
    a Dask cluster (an address, ``"local[:N]"``, a ``distributed.Client``) or
    an engine executor, as :func:`equity.calculate`'s.
    ``frame.attrs`` holds the ranges, the game, the overall equity of the
    rows kept and the seconds taken.

    Examples
    --------
    >>> f = flops("AA", "KK")
    >>> len(f), int(f["weight"].sum())
    (1755, 22100)
    >>> row = f.set_index("flop").loc["Ks7h2d"]
    >>> f"{row['equity_a']:.4f}", int(row["combos_a"]), int(row["combos_b"]), row["suits"]
    ('0.0859', 6, 3, 'rainbow')
    """
    import pandas as pd

    if game not in GAMES:
        raise ValueError(f"flops plays {' and '.join(GAMES)}, not {game!r}")
    spec = _REGISTRY[game]
    watch = Stopwatch()  # the time taken, compiling apart
    ra, rb = _as_range(a, "A"), _as_range(b, "B")
    low = 4 * spec.lowest_rank
    side_a, side_b = _side(ra.dense, low), _side(rb.dense, low)
    for name, r, side in (("A", ra, side_a), ("B", rb, side_b)):
        if not len(side[0]):
            deck = f" in the {spec.summary.split(',')[0]} deck" if low else ""
            raise ValueError(f"range {name} {r.text!r} has no combos{deck}")
    if not ((side_a[1][:, None] & side_b[1][None, :]) == 0).any():
        raise ValueError(
            f"range A {ra.text!r} and range B {rb.text!r} share a card in every pair of "
            "combos: no deal is possible"
        )
    dead = tuple(range(low))
    if every_flop:
        perms = np.arange(52)[None, :]
    else:
        pa, pb = suit_symmetries(ra.dense, dead), suit_symmetries(rb.dense, dead)
        keep = {m.tobytes() for m in pb}
        perms = np.array([m for m in pa if m.tobytes() in keep])
    boards, sizes = flop_classes(perms, dead)
    texture = texture_arrays(boards, game)
    frame = pd.DataFrame({"flop": [format_cards(f) for f in boards], "weight": sizes})
    for name in COLUMNS:
        frame[name] = texture[name]
    if where is not None:
        with contextlib.suppress(_NeedsEquity):  # filtered once the equities are known
            frame = _query(frame, where)
    boards = np.ascontiguousarray(boards[frame.index.to_numpy()])
    frame = frame.reset_index(drop=True)
    tables = spec.evaluator_tables(rules)
    masses = _masses(boards, side_a, side_b, rb.dense, tables, low, scheduler)
    win, tie, deals = masses[:, 0], masses[:, 1], masses[:, 2]
    with np.errstate(invalid="ignore", divide="ignore"):
        equity_a = (win + tie / 2) / deals
        frame.insert(2, "equity_a", equity_a)
        frame.insert(3, "equity_b", 1 - equity_a)
        frame.insert(4, "win_a", win / deals)
        frame.insert(5, "tie", tie / deals)
    flop_masks = (np.uint64(1) << boards.astype(np.uint64)).sum(axis=1, dtype=np.uint64)
    for pos, col, side in ((6, "combos_a", side_a), (7, "combos_b", side_b)):
        left = (side[1][None, :] & flop_masks[:, None]) == 0
        frame.insert(pos, col, left.sum(axis=1))
    frame.insert(8, "deals", deals)
    if where is not None and len(frame):
        frame = _query(frame, where, final=True).reset_index(drop=True)
    total = float((frame["weight"] * frame["deals"]).sum())
    eq = (
        float((frame["weight"] * frame["deals"] * frame["equity_a"]).sum()) / total
        if total
        else np.nan
    )
    elapsed_s, compile_s = watch.split()
    frame.attrs.update(
        range_a=ra.text,
        range_b=rb.text,
        game=game,
        where=where,
        equity_a=eq,
        n_flops=int(frame["weight"].sum()),
        elapsed_s=elapsed_s,
        compile_s=compile_s,
    )
    return frame


class _NeedsEquity(Exception):
    """A ``where`` names a column computed later: filter after the equities."""


def _query(frame: pd.DataFrame, where: str, final: bool = False) -> pd.DataFrame:
    """``frame.query(where)`` with its errors as one-sentence ValueErrors."""
    try:
        out = frame.query(where, engine="python")
    except Exception as exc:  # pandas raises many kinds for a bad expression
        missing = type(exc).__name__ == "UndefinedVariableError"
        named = re.search(r"name '(\w+)' is not defined", str(exc))
        if missing and not final and named and named.group(1) in FLOP_COLUMNS:
            raise _NeedsEquity from None  # a column the equities bring: filter after them
        columns = ", ".join((*FLOP_COLUMNS, *COLUMNS))
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ValueError(
            f"--where {where!r} is not a query on the columns ({columns}): {reason}"
        ) from None
    if not isinstance(out, type(frame)):
        raise ValueError(f"--where {where!r} does not select rows (write a comparison)")
    return out


def _masses(
    boards: np.ndarray,
    side_a: tuple[np.ndarray, ...],
    side_b: tuple[np.ndarray, ...],
    dense_b: np.ndarray,
    tables: tuple[np.ndarray, ...],
    low: int,
    scheduler: object,
) -> np.ndarray:
    """``float64[n_flops, 3]``: A's win, tie and all deals' weights on each flop."""
    deck = np.arange(low, 52, dtype=np.uint8)
    cards_a, masks_a, weights_a, index_a = side_a
    same = np.ascontiguousarray(dense_b[index_a], dtype=np.float64)
    a = (cards_a, masks_a, weights_a, same)
    b = side_b[:3]
    out = np.zeros((len(boards), 3))
    if not len(boards):
        return out
    boards = boards.astype(np.uint8)
    tables = tuple(tables)
    warming(_flops.flop_masses)
    with executor_for(scheduler) as executor:
        per_flop = (len(deck) - 3) * (len(deck) - 4) // 2 * (len(cards_a) + len(b[0]))
        size = executor.chunk_items(len(boards), per_flop, len(boards))
        starts = range(0, len(boards), size)
        calls = [(boards[s : s + size], deck, a, b, tables) for s in starts]
        for i, masses in executor.map_unordered(flop_unit, calls):
            out[starts[i] : starts[i] + len(masses)] = masses
    return out


def flop_unit(
    boards: np.ndarray,
    deck: np.ndarray,
    a: tuple[np.ndarray, ...],
    b: tuple[np.ndarray, ...],
    tables: tuple[np.ndarray, ...],
    *,
    threads: bool = True,
) -> np.ndarray:
    """The unit of work of :func:`flops` (an executor's chunk): the masses of some flops.

    On all of Numba's threads (``threads``), else on this one (a Dask
    worker's task); each flop's figures are the same either way.

    Shapes
    ------
    boards : uint8[n, 3]; return : float64[n, 3] (see :func:`.kernels.flops.range_flop`)
    """
    out = np.zeros((len(boards), 3))
    if threads:
        _flops.flop_masses(boards, deck, a, b, tables, out)
        return out
    n_items = len(a[0]) + len(b[0])
    scratch = (
        *(np.empty(n_items, dtype=np.int64) for _ in range(3)),
        *(np.empty(52) for _ in range(3)),
        np.empty(257, dtype=np.int64),
    )
    for f in range(len(boards)):
        _flops.range_flop(boards[f], deck, a, b, tables, scratch, out[f])
    return out


def summarize(frame: pd.DataFrame, by: str | list[str]) -> pd.DataFrame:
    """The rows of :func:`flops` grouped by texture column(s) ``by``: flops, share, equities.

    Each group's equity is the average of its rows' ``equity_a`` weighted by
    ``weight * deals`` (the deals it stands for); ``flops`` is the number of
    flops in the group, ``share`` its share of all the flops in ``frame``.

    Examples
    --------
    >>> f = flops("AA", "KK")
    >>> s = summarize(f, "pairing")
    >>> s["flops"].tolist()
    [18304, 3744, 52]
    """
    columns = [by] if isinstance(by, str) else list(by)
    bad = [c for c in columns if c not in frame.columns or c in FLOP_COLUMNS]
    if bad:
        raise ValueError(
            f"cannot group by {bad[0]!r}: choose texture columns ({', '.join(COLUMNS)})"
        )
    mass = frame["weight"] * frame["deals"]
    work = frame[columns].copy()
    work["flops"] = frame["weight"]
    work["_mass"] = mass
    work["_eq"] = mass * frame["equity_a"]
    work["_win"] = mass * frame["win_a"]
    work["_tie"] = mass * frame["tie"]
    groups = work.groupby(columns, sort=False).sum()
    out = groups[["flops"]].copy()
    out["share"] = out["flops"] / out["flops"].sum()
    out["equity_a"] = groups["_eq"] / groups["_mass"]
    out["equity_b"] = 1 - out["equity_a"]
    out["win_a"] = groups["_win"] / groups["_mass"]
    out["tie"] = groups["_tie"] / groups["_mass"]
    return out.sort_values("flops", ascending=False)
