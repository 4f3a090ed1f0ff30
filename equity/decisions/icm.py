"""The Independent Chip Model: chips into prize money (Malmuth-Harville).

A player finishes first with probability their share of the chips; each
later place goes the same way over the stacks of the players not yet
placed.  A player's prize EV is the sum over the paid places of the
probability of finishing there times its payout; the EVs add up to the
prize pool.

:func:`icm` answers by one of three methods (:attr:`IcmResult.method`):

* ``"exact"``: the sum over the sets of players placed before each paid
  place (:func:`equity.decisions.harville.exact_places`), exact up to float
  rounding; ``n * 2**(n-1)`` terms when every place is paid (9 players: a
  tenth of a millisecond; 20 players: about a second), far fewer when few
  are (1,000 players, 2 paid: a million).  ``"auto"`` takes it up to
  :data:`AUTO_EXACT_WORK` terms.
* ``"quadrature"``: the exponential-clock integral (each player's clock rings
  at rate = stack; the clocks' order is Malmuth-Harville), by Gauss-Legendre
  quadrature (:func:`equity.decisions.harville.quadrature_places`), for large
  fields.  Against the exact sums on every field the tests draw (up to 20
  players; stacks uniform, spread over orders of magnitude, or one stack a
  thousand times the others) the largest error of a place probability is
  about 1e-13; :data:`QUADRATURE_ERROR` is the stated bound.  Cost: about
  ``n * D * nodes`` for ``D`` a little more than the paid places (``n`` when
  every place is paid) and a few hundred nodes, in NumPy: on two busy cores
  300 players with 45 paid took 0.27 s, 1,000 with 150 paid 1.8 s, 3,000
  with 450 paid 13 s (``bench/bench_icm.py``); tens of thousands of players
  are minutes, not the second a compiled kernel would take.
* ``"monte-carlo"``: finishing orders sampled (the clocks themselves), seeded,
  with standard errors: the cross-check.

Deal-making: :attr:`IcmResult.chip_chop` (each player gets the smallest prize
still to be won, the rest of the pool goes by chip share) beside the ICM chop
(the prize EVs themselves), :meth:`IcmResult.chop`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ..checks import check_seed, check_trials, fresh_seed
from ..results import html_table
from . import harville

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "AUTO_EXACT_WORK",
    "DEFAULT_ICM_TRIALS",
    "EXACT_MAX_WORK",
    "METHODS",
    "QUADRATURE_ERROR",
    "IcmResult",
    "chip_chop",
    "icm",
]

METHODS = ("auto", "exact", "quadrature", "monte-carlo")
"""What :func:`icm` takes as ``method``."""
AUTO_EXACT_WORK = 12_000_000
"""``"auto"`` sums exactly up to this many terms (20 players with every place paid: 10.5
million), and integrates beyond."""
EXACT_MAX_WORK = 60_000_000
"""``method="exact"`` refuses fields past this many terms (22 players, every place paid)."""
QUADRATURE_ERROR = 1e-10
"""The stated bound on the error of a place probability by quadrature (measured against the
exact sums: about 1e-13)."""
DEFAULT_ICM_TRIALS = 100_000
"""Monte-Carlo finishing orders when ``trials`` is not given."""
_SHOWN_PLACES = 9
"""The place columns that ``str()`` shows (the DataFrame has them all)."""


def _ordinal(k: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``11th``, ``22nd``."""
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def _amount(x: float) -> str:
    """A chip count or prize: whole numbers without decimals, others with two."""
    return f"{x:,.0f}" if float(x).is_integer() else f"{x:,.2f}"


def chip_chop(
    stacks: Sequence[float] | np.ndarray, payouts: Sequence[float] | np.ndarray
) -> np.ndarray:
    """The chip chop: each player is paid the smallest prize still to be won, the rest of
    the pool goes by chip share.

    With ``n`` players left the smallest prize still to be won is the payout
    of place ``n`` (nothing when fewer places are paid).

    Examples
    --------
    >>> chip_chop([5000, 3000, 2000], [50, 30, 20]).tolist()
    [40.0, 32.0, 28.0]
    """
    s = np.asarray(stacks, dtype=np.float64)
    pay = np.asarray(payouts, dtype=np.float64)
    floor = float(pay[len(s) - 1]) if len(pay) >= len(s) else 0.0
    return floor + s / s.sum() * (pay.sum() - floor * len(s))


@dataclass(frozen=True)
class IcmResult:
    """Finishing-place probabilities and prize EVs under the Independent Chip Model.

    ``places[i, k]`` is the probability that player ``i`` finishes in place
    ``k + 1`` (the paid places only); ``ev[i]`` is ``sum over k of places[i, k]
    * payouts[k]``.  ``method`` says which method answered (``"exact"``,
    ``"quadrature"`` or ``"monte-carlo"``); ``error`` is the stated bound on
    the error of each probability (0 when exact; None for Monte-Carlo, whose
    ``places_stderr`` and ``ev_stderr`` are standard errors).  The arrays are
    read-only.

    Examples
    --------
    >>> r = icm([5000, 3000, 2000], [50, 30, 20])
    >>> r.ev.round(4).tolist()
    [38.3929, 32.75, 28.8571]
    >>> r.to_frame().round(4)  # doctest: +NORMALIZE_WHITESPACE
             chips  chip_share       ev  ev_share  chip_chop
    player
    0       5000.0         0.5  38.3929    0.3839       40.0
    1       3000.0         0.3  32.7500    0.3275       32.0
    2       2000.0         0.2  28.8571    0.2886       28.0
    """

    stacks: np.ndarray
    payouts: np.ndarray
    places: np.ndarray
    ev: np.ndarray
    method: str
    error: float | None
    elapsed_s: float
    trials: int | None = None
    seed: int | None = None
    places_stderr: np.ndarray | None = None
    ev_stderr: np.ndarray | None = None

    def __post_init__(self) -> None:
        for name in ("stacks", "payouts", "places", "ev", "places_stderr", "ev_stderr"):
            value = getattr(self, name)
            if value is not None:
                view = np.asarray(value).view()
                view.flags.writeable = False
                object.__setattr__(self, name, view)

    @property
    def n_players(self) -> int:
        """Players in the field."""
        return len(self.stacks)

    @property
    def paid(self) -> int:
        """Paid places."""
        return len(self.payouts)

    @property
    def pool(self) -> float:
        """The prize pool: the sum of the payouts (and of the EVs)."""
        return float(self.payouts.sum())

    @property
    def chip_share(self) -> np.ndarray:
        """Each player's share of the chips (their probability of finishing first)."""
        return self.stacks / self.stacks.sum()

    @property
    def ev_share(self) -> np.ndarray:
        """Each player's prize EV as a share of the pool."""
        return self.ev / self.pool

    @property
    def chip_chop(self) -> np.ndarray:
        """The chip chop (:func:`chip_chop`); the ICM chop is :attr:`ev`."""
        return chip_chop(self.stacks, self.payouts)

    def to_frame(self) -> pd.DataFrame:
        """One row per player: chips, chip share, prize EV, its share of the pool, the
        chip chop (and ``ev_stderr`` for Monte-Carlo)."""
        import pandas as pd

        data: dict[str, Any] = {
            "chips": self.stacks,
            "chip_share": self.chip_share,
            "ev": self.ev,
            "ev_share": self.ev_share,
            "chip_chop": self.chip_chop,
        }
        if self.ev_stderr is not None:
            data["ev_stderr"] = self.ev_stderr
        frame = pd.DataFrame(data, index=pd.RangeIndex(self.n_players, name="player"))
        frame.attrs.update(method=self.method, pool=self.pool, error=self.error)
        return frame

    @property
    def places_frame(self) -> pd.DataFrame:
        """The finishing-place probabilities: players x paid places (column ``k``: place k)."""
        import pandas as pd

        frame = pd.DataFrame(
            self.places,
            index=pd.RangeIndex(self.n_players, name="player"),
            columns=pd.Index(range(1, self.paid + 1), name="place"),
        )
        frame.attrs.update(method=self.method, error=self.error)
        return frame

    def chop(self) -> pd.DataFrame:
        """Deal-making: each player's chips, chip chop, ICM chop and their difference.

        Examples
        --------
        >>> icm([5000, 3000, 2000], [50, 30, 20]).chop().round(2)  # doctest: +NORMALIZE_WHITESPACE
                 chips  chip_chop  icm_chop  icm_minus_chip
        player
        0       5000.0       40.0     38.39           -1.61
        1       3000.0       32.0     32.75            0.75
        2       2000.0       28.0     28.86            0.86
        """
        import pandas as pd

        chips = self.chip_chop
        return pd.DataFrame(
            {
                "chips": self.stacks,
                "chip_chop": chips,
                "icm_chop": self.ev,
                "icm_minus_chip": self.ev - chips,
            },
            index=pd.RangeIndex(self.n_players, name="player"),
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain data; the ``equity icm --json`` object."""
        players = []
        for i in range(self.n_players):
            record: dict[str, Any] = {
                "player": i,
                "chips": float(self.stacks[i]),
                "chip_share": float(self.chip_share[i]),
                "places": [float(x) for x in self.places[i]],
                "ev": float(self.ev[i]),
                "ev_share": float(self.ev_share[i]),
                "chip_chop": float(self.chip_chop[i]),
            }
            if self.ev_stderr is not None and self.places_stderr is not None:
                record["ev_stderr"] = float(self.ev_stderr[i])
                record["places_stderr"] = [float(x) for x in self.places_stderr[i]]
            players.append(record)
        return {
            "method": self.method,
            "error": self.error,
            "trials": self.trials,
            "seed": self.seed,
            "elapsed_s": round(float(self.elapsed_s), 6),
            "pool": self.pool,
            "payouts": [float(x) for x in self.payouts],
            "players": players,
        }

    def describe_method(self) -> str:
        """Which method answered and how well: one phrase."""
        if self.method == "exact":
            return "exact"
        if self.method == "quadrature":
            return f"quadrature, error below {self.error:.0e}"
        return f"Monte-Carlo, {self.trials:,} finishing orders, seed {self.seed}"

    def __repr__(self) -> str:
        """One line: the method, the field, each player's prize EV (the first six).

        >>> icm([5000, 3000, 2000], [50, 30, 20])
        IcmResult(exact, 3 players, 3 paid, pool 100: 38.3929, 32.7500, 28.8571)
        """
        evs = ", ".join(f"{x:.4f}" for x in self.ev[:6])
        more = f", ... {self.n_players - 6} more" if self.n_players > 6 else ""
        return (
            f"IcmResult({self.method}, {self.n_players} players, {self.paid} paid, "
            f"pool {_amount(self.pool)}: {evs}{more})"
        )

    def _repr_html_(self) -> str:
        frame = self.to_frame()
        places = self.places_frame.iloc[:, :_SHOWN_PLACES]
        places.columns = [f"P({_ordinal(int(k))})" for k in places.columns]
        frame = frame.join(places)
        caption = f"ICM, {self.describe_method()}, pool {_amount(self.pool)}"
        percent = ["chip_share", "ev_share", *places.columns]
        return f"<p>{caption}</p>" + html_table(frame, percent=percent)

    def __str__(self) -> str:
        return self.text()

    def text(self, chop: bool = False) -> str:
        """The table of ``equity icm``: chips, place probabilities, prize EV (``chop``: the
        chip chop and the ICM chop beside them)."""
        shown = min(self.paid, _SHOWN_PLACES)
        headers = ["player", "chips", "chips %", *(_ordinal(k + 1) for k in range(shown))]
        headers += ["prize EV", "EV %"]
        if self.ev_stderr is not None:
            headers.append("EV stderr")
        if chop:
            headers += ["chip chop", "ICM chop", "ICM - chip"]
        chips = self.chip_chop
        rows = []
        for i in range(self.n_players):
            row = [str(i), _amount(self.stacks[i]), f"{self.chip_share[i]:.2%}"]
            row += [f"{self.places[i, k]:.2%}" for k in range(shown)]
            row += [f"{self.ev[i]:,.2f}", f"{self.ev_share[i]:.2%}"]
            if self.ev_stderr is not None:
                row.append(f"{self.ev_stderr[i]:,.2f}")
            if chop:
                row += [f"{chips[i]:,.2f}", f"{self.ev[i]:,.2f}", f"{self.ev[i] - chips[i]:+,.2f}"]
            rows.append(row)
        widths = [max(len(r[c]) for r in [headers, *rows]) for c in range(len(headers))]
        lines = [
            f"ICM (Malmuth-Harville), {self.n_players} players, {self.paid} paid, "
            f"pool {_amount(self.pool)} ({_amount_list(self.payouts)}): {self.describe_method()}"
        ]
        for r in [headers, *rows]:
            cells = [r[0].ljust(widths[0])] + [
                x.rjust(w) for x, w in zip(r[1:], widths[1:], strict=True)
            ]
            lines.append("  ".join(cells).rstrip())
        if self.paid > shown:
            lines.append(f"(places {shown + 1}-{self.paid} in the DataFrame: places_frame)")
        return "\n".join(lines)


def _amount_list(values: np.ndarray, most: int = 9) -> str:
    shown = "/".join(_amount(x) for x in values[:most])
    return shown + ("/..." if len(values) > most else "")


def _numbers(values: object, name: str) -> np.ndarray:
    """``values`` as a 1-D float array, or a one-sentence ValueError."""
    try:
        array = np.asarray(values, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be numbers, got {values!r}") from None
    if array.ndim != 1 or array.size == 0:
        raise ValueError(f"{name} must be a non-empty list of numbers, got {values!r}")
    if not np.isfinite(array).all():
        raise ValueError(f"{name} must be finite numbers, got {values!r}")
    return array


def _check(stacks: object, payouts: object) -> tuple[np.ndarray, np.ndarray]:
    s = _numbers(stacks, "stacks")
    bad = np.flatnonzero(s <= 0)
    if bad.size:
        i = int(bad[0])
        raise ValueError(
            f"every stack must be positive: player {i} has {_amount(s[i])} chips"
            " (leave out players who are out)"
        )
    pay = _numbers(payouts, "payouts")
    if (pay < 0).any():
        raise ValueError(f"payouts cannot be negative, got {_amount(float(pay.min()))}")
    if len(pay) > len(s):
        raise ValueError(
            f"{len(pay)} payouts for {len(s)} players: a field of {len(s)} pays at most "
            f"{len(s)} places"
        )
    if pay.sum() <= 0:
        raise ValueError("the payouts add up to nothing: give at least one positive prize")
    return s, pay


def icm(
    stacks: Sequence[float] | np.ndarray,
    payouts: Sequence[float] | np.ndarray,
    *,
    method: str = "auto",
    trials: int | None = None,
    seed: int | None = None,
) -> IcmResult:
    """Prize EVs from chip stacks by the Independent Chip Model (Malmuth-Harville).

    Parameters
    ----------
    stacks
        Each player's chips, all positive (player ``i`` is ``stacks[i]``).
    payouts
        The prize of each paid place, first place first (amounts; the pool is
        their sum); at most one per player.
    method
        ``"auto"`` (exact up to :data:`AUTO_EXACT_WORK` terms, else
        quadrature), ``"exact"``, ``"quadrature"`` or ``"monte-carlo"``.
    trials, seed
        Monte-Carlo only: finishing orders to sample (default
        :data:`DEFAULT_ICM_TRIALS`) and the seed (a fresh one, recorded, when
        None).

    Returns
    -------
    IcmResult
        Chips, chip shares, the place probabilities, prize EVs and shares of
        the pool, and the method that answered.

    Examples
    --------
    The Wikipedia example: 50%, 30% and 20% of the chips, 70 and 30 paid.

    >>> r = icm([50, 30, 20], [70, 30])
    >>> r.ev.round(4).tolist(), r.method
    ([45.1786, 32.25, 22.5714], 'exact')
    >>> r.places_frame.round(4)  # doctest: +NORMALIZE_WHITESPACE
    place     1       2
    player
    0       0.5  0.3393
    1       0.3  0.3750
    2       0.2  0.2857
    >>> icm([5000, 0, 2000], [50, 30])
    Traceback (most recent call last):
    ...
    ValueError: every stack must be positive: player 1 has 0 chips (leave out players who are out)
    """
    start = time.perf_counter()
    s, pay = _check(stacks, payouts)
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(METHODS)}, got {method!r}")
    n, paid = len(s), len(pay)
    if method != "monte-carlo" and (trials is not None or seed is not None):
        if method != "auto":
            raise ValueError("trials and seed are for method='monte-carlo'")
        method = "monte-carlo"
    work = harville.exact_work(n, paid)
    if method == "auto":
        method = "exact" if work <= AUTO_EXACT_WORK else "quadrature"
    if method == "exact" and work > EXACT_MAX_WORK:
        raise ValueError(
            f"exact ICM of {n} players with {paid} paid places sums {work:.1e} terms, past the "
            f"limit of {EXACT_MAX_WORK:.0e}: use method='quadrature'"
        )
    places_stderr = ev_stderr = None
    error: float | None = 0.0
    count = None
    if method == "exact":
        places = harville.exact_places(s, paid)
    elif method == "quadrature":
        places = harville.quadrature_places(s, paid)
        error = QUADRATURE_ERROR
    else:
        count = check_trials(trials) or DEFAULT_ICM_TRIALS
        seed = check_seed(seed)
        seed = fresh_seed() if seed is None else seed
        counts, count = harville.monte_carlo_places(s, paid, count, seed)
        places = counts / count
        places_stderr = np.sqrt(places * (1 - places) / count)
        mean_sq = places @ (pay**2)
        ev_stderr = np.sqrt(np.maximum(mean_sq - (places @ pay) ** 2, 0.0) / count)
        error = None
    return IcmResult(
        stacks=s,
        payouts=pay,
        places=places,
        ev=places @ pay,
        method=method,
        error=error,
        elapsed_s=time.perf_counter() - start,
        trials=count,
        seed=seed if method == "monte-carlo" else None,
        places_stderr=places_stderr,
        ev_stderr=ev_stderr,
    )
