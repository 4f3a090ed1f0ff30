"""The result of an equity calculation."""

from __future__ import annotations

import math
from dataclasses import MISSING, dataclass, field, fields
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from .stats import Z95

if TYPE_CHECKING:
    import pandas as pd

    from .combos import EquityDistribution

__all__ = ["CategoryCounts", "EquityResult", "html_table", "shares_from_counts", "split_ways"]


class CategoryCounts(NamedTuple):
    """Weighted counts of showdown categories, per player (strongest category first).

    ``ends[p, i]``: deals (weighted) in which player ``p`` ends with category
    ``names[i]``; ``wins[p, i]``: those in which they win the pot alone
    holding it; ``total``: the weighted number of deals; ``exact``:
    enumerated (True) or counted in the run's Monte-Carlo deals (False).
    """

    names: tuple[str, ...]
    ends: np.ndarray
    wins: np.ndarray
    total: float
    exact: bool


_REPR_PLAYERS = 6
"""Players that ``repr(result)`` lists (the others are counted)."""
_HILO_KEYS = {"win": "scoop", "tie": "part"}
"""A hi-lo player's ``win`` and ``tie`` by the names of ``equity query``'s table."""
_HILO_OUTCOME_KEYS = {
    "high_win": "high",
    "high_tie": "high_tie",
    "low_win": "low",
    "low_tie": "low_tie",
}
"""A hi-lo result's outcomes by the names of the table (``scoop`` is the ``win``)."""

_ARRAY_FIELDS = ("equity", "win", "tie", "splits", "stderr", "counts")
"""The fields of :class:`EquityResult` holding arrays (read-only once built)."""


def _read_only(values: Any) -> np.ndarray:
    """A read-only view of ``values`` (an array; the caller's array stays writeable)."""
    view = (values if isinstance(values, np.ndarray) else np.asarray(values)).view()
    view.setflags(write=False)
    return view


@dataclass(frozen=True)
class EquityResult:
    """Per-player equity, win and tie shares, exact or Monte-Carlo.

    A frozen record: its arrays (``equity``, ``win``, ``tie``, ``splits``,
    ``stderr``, ``counts``, those of :attr:`outcomes` and :attr:`category_counts`)
    are read-only; copy one (``result.equity.copy()``) to change it.

    ``equity`` is the expected share of the pot (a k-way split pays 1/k to
    each winner); ``win`` is the share of deals won alone; ``tie`` the share
    of deals where the player shares the best hand.  ``splits[p, k]`` is the
    share of deals in which player p splits the pot exactly k ways (k = 1 is
    a sole win).  For ``method == "monte-carlo"`` ``stderr`` is the standard
    error of ``equity`` from the spread of batch means and ``ci95`` its 95%
    normal interval; for ``"exact"`` both are zero-width and the figures are
    exact up to float rounding.
    """

    game: str
    method: str
    hands: tuple[str, ...]
    board: str
    dead: str
    equity: np.ndarray
    win: np.ndarray
    tie: np.ndarray
    splits: np.ndarray
    stderr: np.ndarray | None
    samples: int
    elapsed_s: float
    """Seconds the engine took, compiling excluded (:attr:`compile_s`)."""
    seed: int | None
    counts: np.ndarray
    """Raw counts ``counts[p, k]`` (k >= 1): deals where p shares the best hand with k players."""
    weight_total: float
    """Number of (weighted) deals the counts cover; equals ``samples`` unless weighted ranges."""
    compile_s: float = 0.0
    """Seconds spent compiling kernels during the run (a cold Numba cache), left out of
    :attr:`elapsed_s`, the engine time."""
    interrupted: bool = False
    """True when Ctrl-C stopped a Monte-Carlo run: the figures are those of the deals so far."""
    stop_reason: str | None = None
    """Monte-Carlo: why it stopped: ``"trials"`` (all dealt), ``"stderr"`` (target
    reached), ``"time"`` (time limit) or ``"interrupted"`` (Ctrl-C); None when exact."""
    batch_size: int | None = None
    threads: int | None = None
    precomputed: bool = False
    """True when exact counts were read from a shipped enumeration (two known hands
    preflop, :mod:`equity.engine.preflop_lookup`) instead of enumerated by this call."""
    rules: Any = None
    combo_results: dict[int, Any] = field(default_factory=dict)
    """For range players (index): a DataFrame-ready dict of per-combo equity."""
    category_counts: CategoryCounts | None = None
    """Showdown categories (``calculate(..., categories=True)``): see :attr:`categories`."""
    outcomes: dict[str, np.ndarray] | None = None
    """Omaha: per player, the share of deals in which they ``scoop`` (win the whole pot
    alone), have the only best high (``high_win``) or share it (``high_tie``), and for
    hi-lo the only best low (``low_win``), a share of it (``low_tie``) and ``no_low``
    (deals without a qualifying low, the same for everyone).  In hi-lo games ``win`` is
    the scoop share, ``tie`` the share of deals with part of the pot but not all of it, and
    ``splits`` counts half-pots."""

    def __post_init__(self) -> None:
        """Make the arrays read-only: a result is a record of a run, frozen like its fields.

        Each array is replaced by a read-only view (the caller's array is left as it
        was); so are the arrays of :attr:`outcomes` and :attr:`category_counts`.
        """
        self._freeze(())

    @classmethod
    def _of(cls, owned: tuple[str, ...], /, **fields: Any) -> EquityResult:
        """The result of ``fields`` (the others take their defaults), as the constructor
        makes it, in a third of its time (a small call's microseconds): the fields are
        stored at once instead of one frozen ``__setattr__`` each, and the arrays named in
        ``owned``, made for this result alone, are made read-only in place instead of
        viewed.  The engine's way to build a result (:func:`equity.engine.reduce.make_result`).
        """
        result = object.__new__(cls)
        values = result.__dict__
        values.update(_DEFAULTS)
        values["combo_results"] = {}
        values.update(fields)
        result._freeze(owned)
        return result

    def _freeze(self, owned: tuple[str, ...]) -> None:
        """Make every array read-only: those named in ``owned`` in place, the others (the
        caller's) by a read-only view."""
        values = self.__dict__
        for name in _ARRAY_FIELDS:
            value = values[name]
            if value is None:
                continue
            if name in owned:
                value.setflags(write=False)
            else:
                values[name] = _read_only(value)
        if self.outcomes is not None:
            outcomes = {k: _read_only(v) for k, v in self.outcomes.items()}
            object.__setattr__(self, "outcomes", outcomes)
        if self.category_counts is not None:
            c = self.category_counts
            counts = c._replace(ends=_read_only(c.ends), wins=_read_only(c.wins))
            object.__setattr__(self, "category_counts", counts)

    @property
    def n_players(self) -> int:
        """Number of players."""
        return len(self.hands)

    @property
    def ci95(self) -> np.ndarray:
        """``(n_players, 2)`` 95% interval of each player's equity."""
        se = self.stderr if self.stderr is not None else np.zeros(self.n_players)
        return np.stack([self.equity - Z95 * se, self.equity + Z95 * se], axis=1)

    @property
    def exact(self) -> bool:
        """True when every outcome was enumerated."""
        return self.method == "exact"

    def to_frame(self) -> pd.DataFrame:
        """One row per player: hand, equity, win, tie, stderr, 95% interval."""
        import pandas as pd

        ci = self.ci95
        data = {
            "hand": list(self.hands),
            "equity": self.equity,
            "win": self.win,
            "tie": self.tie,
            "stderr": self.stderr if self.stderr is not None else np.full(self.n_players, np.nan),
            "ci95_low": ci[:, 0],
            "ci95_high": ci[:, 1],
        }
        for name, shares in (self.outcomes or {}).items():
            data[name] = shares
        frame = pd.DataFrame(data)
        frame.index.name = "player"
        frame.attrs.update(method=self.method, samples=self.samples, seed=self.seed, game=self.game)
        return frame

    @property
    def splits_frame(self) -> pd.DataFrame:
        """Share of deals each player splits k ways (column k = 1 is a sole win).

        A property, like the other tables read from the result (:attr:`categories`,
        :attr:`win_categories`); :meth:`to_frame` is the method that converts the
        whole result.
        """
        import pandas as pd

        cols = {f"{k}-way": self.splits[:, k] for k in range(1, self.n_players + 1)}
        return pd.DataFrame(cols, index=pd.Index(list(self.hands), name="hand"))

    @property
    def distribution(self) -> EquityDistribution:
        """The equity of every combo of each player (:class:`equity.EquityDistribution`).

        Built from the per-combo results (``EquityDistribution.from_result``):
        exact for an exact run, estimates with per-combo standard errors for
        Monte-Carlo.
        """
        from .combos import EquityDistribution

        return EquityDistribution.from_result(self)

    @property
    def categories(self) -> pd.DataFrame:
        """Share of deals in which each player (row) ends with each category (column).

        Present when ``calculate(..., categories=True)`` counted them: exact
        shares for an exact run, Monte-Carlo estimates (same deals as the
        equity) with :attr:`categories_stderr` otherwise.  A row sums to 1.
        """
        c = self._category_counts()
        return self._category_frame(c.ends / c.total)

    @property
    def win_categories(self) -> pd.DataFrame:
        """Share of all deals in which each player wins the pot alone holding each category.

        A row sums to the player's ``win`` (sole wins).
        """
        c = self._category_counts()
        return self._category_frame(c.wins / c.total)

    @property
    def categories_stderr(self) -> pd.DataFrame:
        """Binomial standard errors of :attr:`categories` (zero for an exact run)."""
        return self._category_frame(self._share_stderr(self._category_counts().ends))

    @property
    def win_categories_stderr(self) -> pd.DataFrame:
        """Binomial standard errors of :attr:`win_categories` (zero for an exact run)."""
        return self._category_frame(self._share_stderr(self._category_counts().wins))

    def _category_counts(self) -> CategoryCounts:
        if self.category_counts is None:
            raise ValueError(
                "this result has no category counts: run calculate(..., categories=True)"
            )
        return self.category_counts

    def _share_stderr(self, counts: np.ndarray) -> np.ndarray:
        c = self._category_counts()
        if c.exact:
            return np.zeros_like(counts)
        share = counts / c.total
        return np.sqrt(share * (1 - share) / c.total)

    def _category_frame(self, values: np.ndarray) -> pd.DataFrame:
        import pandas as pd

        c = self._category_counts()
        frame = pd.DataFrame(
            values, index=pd.Index(list(self.hands), name="hand"), columns=list(c.names)
        )
        frame.attrs.update(method=self.method, deals=c.total, exact=c.exact)
        return frame

    def to_dict(self) -> dict[str, Any]:
        """Plain data; the ``equity query --json`` object.

        Each player's keys are the names of ``equity query``'s table: ``win`` and
        ``tie``, or in a hi-lo game ``scoop`` (the whole pot alone), ``part`` (some
        of the pot, not all), ``high``, ``high_tie``, ``low`` and ``low_tie``.
        """
        players = []
        for p, hand in enumerate(self.hands):
            record: dict[str, Any] = {
                "hand": hand,
                "equity": float(self.equity[p]),
                "win": float(self.win[p]),
                "tie": float(self.tie[p]),
                "stderr": None if self.stderr is None else float(self.stderr[p]),
                "ci95": None if self.stderr is None else [float(x) for x in self.ci95[p]],
                "splits": {
                    str(k): float(self.splits[p, k])
                    for k in range(1, self.n_players + 1)
                    if self.splits[p, k]
                },
            }
            if p in self.combo_results:
                record["classes"] = self.combo_results[p].get("classes", {})
            if self.outcomes is not None and "low_win" in self.outcomes:  # hi-lo
                record = {_HILO_KEYS.get(k, k): v for k, v in record.items()}
                for name, key in _HILO_OUTCOME_KEYS.items():
                    record[key] = float(self.outcomes[name][p])
            if self.category_counts is not None:
                c = self.category_counts
                record["categories"] = _shares(c.names, c.ends[p], c.total)
                record["win_categories"] = _shares(c.names, c.wins[p], c.total)
            players.append(record)
        extra: dict[str, Any] = {}
        if self.outcomes is not None and "no_low" in self.outcomes:
            extra["no_low"] = float(self.outcomes["no_low"][0])
        return {
            "game": self.game,
            "method": self.method,
            "precomputed": self.precomputed,
            "samples": int(self.samples),
            "elapsed_s": round(float(self.elapsed_s), 6),
            "compile_s": round(float(self.compile_s), 6),
            "seed": self.seed,
            "board": self.board,
            "dead": self.dead,
            "interrupted": self.interrupted,
            "stop_reason": self.stop_reason,
            **extra,
            "players": players,
        }

    def __repr__(self) -> str:
        """A few lines: the game, method and size, each player's equity (``str()`` has more).

        >>> from equity import calculate
        >>> calculate(["AsKs", "QhQd"])
        EquityResult(holdem exact, 1,712,304 outcomes: AsKs 46.2145%, QhQd 53.7855%)
        """
        kind = "outcomes" if self.exact else "trials"
        head = f"{self.game} {self.method}, {self.samples:,} {kind}"
        if self.seed is not None:
            head += f", seed {self.seed}"
        if self.board:
            head += f", board {self.board}"
        if self.interrupted:
            head += ", interrupted"
        cells = []
        for p, hand in enumerate(self.hands[:_REPR_PLAYERS]):
            se = "" if self.stderr is None else f" ± {self.stderr[p]:.4%}"
            cells.append(f"{hand} {self.equity[p]:.4%}{se}")
        if self.n_players > _REPR_PLAYERS:
            cells.append(f"... {self.n_players - _REPR_PLAYERS} more players")
        if self.n_players <= 3:
            return f"EquityResult({head}: {', '.join(cells)})"
        return "EquityResult(" + head + ":\n" + "\n".join(f"  {c}" for c in cells) + ")"

    def _repr_html_(self) -> str:
        frame = self.to_frame()
        caption = (
            f"{self.game}, {self.method}, {self.samples:,} {'outcomes' if self.exact else 'trials'}"
        )
        return f"<p>{caption}</p>" + html_table(frame, percent=frame.columns.drop("hand"))

    def __str__(self) -> str:
        lines = [
            f"{self.game} {self.method}: {self.samples:,} {'outcomes' if self.exact else 'trials'}"
        ]
        pw = len(str(self.n_players - 1))
        hw = max(len(h) for h in self.hands)
        for p, hand in enumerate(self.hands):
            se = "" if self.stderr is None else f" ± {self.stderr[p]:.4%}"
            lines.append(
                f"  {p:>{pw}}  {hand:<{hw}}  equity {self.equity[p]:.4%}{se}  "
                f"win {self.win[p]:.4%}  tie {self.tie[p]:.4%}"
            )
            if self.outcomes is not None and "low_win" in self.outcomes:
                o = self.outcomes
                lines.append(
                    f"  {'':>{pw}}  {'':<{hw}}  scoop {o['scoop'][p]:.4%}  "
                    f"high {o['high_win'][p]:.4%} (+tie {o['high_tie'][p]:.4%})  "
                    f"low {o['low_win'][p]:.4%} (+tie {o['low_tie'][p]:.4%})"
                )
        if self.outcomes is not None and "no_low" in self.outcomes:
            lines.append(f"  no qualifying low in {self.outcomes['no_low'][0]:.4%} of deals")
        if self.category_counts is not None:
            lines.append(self.categories_text())
        return "\n".join(lines)

    def categories_text(self) -> str:
        """The category table of ``equity query --categories``: ends with / wins with."""
        c = self._category_counts()
        kind = "exact" if c.exact else f"Monte-Carlo, 95% intervals, {c.total:,.0f} deals"
        se = None if c.exact else self._share_stderr(c.ends)
        rows = []
        for i, name in enumerate(c.names):
            if not c.ends[:, i].any():
                continue
            cells = []
            for p in range(self.n_players):
                cell = f"{c.ends[p, i] / c.total:.3%} / {c.wins[p, i] / c.total:.3%}"
                if se is not None:
                    cell += f" +-{Z95 * se[p, i]:.2%}"
                cells.append(cell)
            rows.append([name, *cells])
        header = ["category", *self.hands]
        widths = [max(len(r[k]) for r in [header, *rows]) for k in range(len(header))]
        lines = [f"showdown categories, share of all deals ({kind}): ends with / wins with"]
        for r in [header, *rows]:
            lines.append("  " + "  ".join(f"{x:<{w}}" for x, w in zip(r, widths, strict=True)))
        return "\n".join(lines)


_DEFAULTS = {f.name: f.default for f in fields(EquityResult) if f.default is not MISSING}
"""The fields of :class:`EquityResult` with a default value (``combo_results``, a fresh
dict each, apart), for :meth:`EquityResult._of`."""


def html_table(frame: pd.DataFrame, percent: Any, digits: int = 4) -> str:
    """``frame`` as an HTML table for a notebook, the share columns ``percent`` (fractions
    0-1 in the data) printed as percentages, as every text table of the package prints them.
    """

    frame = frame.astype(dict.fromkeys(percent, float))  # a missing value (None) -> NaN
    formatters: Any = dict.fromkeys(percent, lambda x: f"{x:.{digits}%}")
    html = frame.to_html(formatters=formatters, float_format=lambda x: f"{x:.6g}", na_rep="")
    return str(html)


def _shares(names: tuple[str, ...], counts: np.ndarray, total: float) -> dict[str, float]:
    """``{category: share}`` of one player's counts, the categories they ever hold."""
    return {name: float(x / total) for name, x in zip(names, counts, strict=True) if x}


_PLAIN_SUMS = 6
"""Players up to which :func:`shares_from_counts` adds as Python floats: NumPy adds a row of
at most seven numbers one by one from the left, as Python does (a longer one pairwise), so
the shares are the same to the last bit, without a dozen operations on tiny arrays."""


def shares_from_counts(counts: np.ndarray, total: float) -> tuple[np.ndarray, ...]:
    """``(equity, win, tie, splits)`` from ``counts[p, k]`` over ``total`` deals.

    New arrays (``win`` may be a view of ``splits``), the same numbers however many
    players (see :data:`_PLAIN_SUMS`).
    """
    if counts.shape[0] > _PLAIN_SUMS or not total:
        # np.add.reduce: the sums of ndarray.sum, without its Python wrapper (a small call's µs)
        equity = np.add.reduce(counts / split_ways(counts.shape[0]), axis=1) / total
        splits = counts / total
        tie = np.add.reduce(counts[:, 2:], axis=1) / total
        return equity, splits[:, 1], tie, splits
    return _plain_shares(counts.tolist(), float(total))


def _plain_shares(rows: list[list[Any]], total: float) -> tuple[np.ndarray, ...]:
    """:func:`shares_from_counts` of a few players, added in NumPy's order: each count made
    a float, divided by k, added from the left; the tie counts added as they are (integers
    exactly), then divided."""
    equity, win, tie, splits = [], [], [], []
    for row in rows:
        share = 0.0
        for k in range(1, len(row)):
            share += float(row[k]) / k
        ties = 0
        for k in range(2, len(row)):
            ties += row[k]
        equity.append(share / total)
        win.append(float(row[1]) / total)
        tie.append(float(ties) / total)
        splits.append([float(x) / total for x in row])
    return np.array(equity), np.array(win), np.array(tie), np.array(splits)


@lru_cache(maxsize=64)
def split_ways(n_players: int) -> np.ndarray:
    """``[inf, 1, 2, ..., n_players]``: a k-way split pays 1/k (column 0, a loss, nothing)."""
    ks = np.arange(n_players + 1, dtype=float)
    ks[0] = math.inf
    ks.flags.writeable = False
    return ks
