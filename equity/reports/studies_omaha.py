"""Omaha studies behind the ``omaha`` report page (short deck: :mod:`.studies_shortdeck`).

Each study returns a DataFrame and says, row by row, how its figures were
obtained: ``exact`` (every board enumerated by ``calculate(...,
method="exact")``, every hand by ``category_frequencies(..., method="exact")``,
or the closed forms of :mod:`equity.evaluators.odds`) or ``monte-carlo`` (random deals
from a seed derived from the report's, with a standard error and a 95%
interval).  A study's ``progress`` callback is called as
``progress(done, total)`` in the study's own units (matchups, hands, pairs).

The games come from the registry (:data:`equity.games.GAMES`): the Omaha
games are those of the Omaha kernel family, high-only or hi-lo.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from ..analysis.frequencies import category_frequencies
from ..cards import format_cards
from ..control import Progress
from ..engine import calculate
from ..evaluators.odds import category_counts
from ..games import GAMES
from ..games import game as get_game
from ..stats import Z95
from .page import SHORT_RUN_THREADS, subseed

__all__ = [
    "HILO_HANDS",
    "OMAHA_MATCHUPS",
    "best_vs_random",
    "equity_spread",
    "hilo_scoops",
    "omaha_category_frequencies",
    "omaha_games",
    "omaha_matchups",
    "qualifying_lows",
    "spread_summary",
]

HOLDEM = "holdem"
"""The reference game: hold'em's exact odds and equities stand beside Omaha's."""

OMAHA_MATCHUPS: tuple[tuple[str, str, str, str], ...] = (
    ("omaha", "AAKK vs QQJJ, both double-suited", "AsAhKsKh", "QdQcJdJc"),
    ("omaha", "AAKK double-suited vs a double-suited rundown", "AsAhKsKh", "JdTd9c8c"),
    ("omaha", "AAKK rainbow vs a double-suited rundown", "AsAhKdKc", "JsTs9h8h"),
    ("omaha", "AAKK double-suited vs AA98 rainbow (same aces)", "AsAhKsKh", "AdAc9s8h"),
    ("omaha", "Double-suited broadway vs naked aces (rainbow)", "AsKsQhJh", "AhAd7c2s"),
    ("omaha", "Naked aces vs double-suited KKQJ", "AsAh7c2d", "KdKcQdJc"),
    ("omaha", "High rundown vs low rundown, both double-suited", "JsTs9h8h", "6d5d4c3c"),
    ("omaha5", "AAKK9 vs QQJJT, both double-suited", "AsAhKsKh9c", "QdQcJdJcTs"),
    ("omaha5", "AAKKQ vs a five-card rundown, both double-suited", "AsAhKsKhQc", "JdTd9c8c7s"),
    ("omaha6", "AAKKQJ vs a double-suited six-card rundown", "AsAhKsKhQdJd", "Tc9c8h7h6d5s"),
    ("omaha6", "AAKK with two rags vs a six-card rundown", "AsAhKdKc7s2h", "JsTs9h8h7d6c"),
    ("omaha-hilo", "A234 double-suited vs KKQJ", "As2s3h4h", "KsKhQdJd"),
    ("omaha-hilo", "A256 double-suited vs AA99 double-suited", "Ad2d5c6c", "AsAh9c9h"),
    ("omaha-hilo", "AA23 vs KKQQ, both double-suited", "AsAh2s3h", "KdKcQdQc"),
    ("omaha-hilo", "A2 vs A2: the low quartered", "As2s7h8h", "Ad2d9c9h"),
    ("omaha5-hilo", "AA234 vs KKQJT", "AsAh2s3h4d", "KsKhQdJdTc"),
    ("omaha5-hilo", "A2345 vs AAKKQ", "Ad2d3c4c5h", "AsAhKsKhQc"),
)
"""``(game, name, hand, opponent)`` of the exact heads-up preflop matchups of the page."""

HILO_HANDS: tuple[tuple[str, str], ...] = (
    ("AA23 double-suited", "AA23 ds"),
    ("any A2", "A2**"),
    ("A23 and any card", "A23*"),
    ("2345 (low without an ace)", "2345"),
    ("KKQQ double-suited (high only)", "KKQQ ds"),
    ("JT98 double-suited (no low cards)", "JT98 ds"),
    ("a random hand", "random"),
)
"""``(label, pattern)`` of the hi-lo hand types dealt against one random hand."""


def omaha_games(hilo: bool = False) -> tuple[str, ...]:
    """The registry's Omaha games, high only (default) or hi-lo, in registry order.

    The games that take Omaha hand patterns (``Game.patterns``: the hands the studies
    deal), and whose preflop has no board card: Courchevel (its first board card up
    before the betting) is five-card Omaha once that card is known, and the studies
    deal preflop spots.

    Examples
    --------
    >>> omaha_games()[0], len(omaha_games()), len(omaha_games(hilo=True))
    ('omaha', 3, 2)
    """
    return tuple(
        g.name for g in GAMES.values() if g.patterns and g.hilo == hilo and 0 in g.board_sizes
    )


def _binomial_se(share: float, n: int) -> float:
    """Standard error of a share of ``n`` independent deals."""
    return math.sqrt(max(share * (1 - share), 0.0) / n) if n else math.nan


# ---------------------------------------------------------------------------
# hand categories


def omaha_category_frequencies(
    trials: int, seed: int, *, progress: Progress | None = None
) -> pd.DataFrame:
    """Category frequencies of one Omaha hand and board, beside hold'em's exact odds.

    Parameters
    ----------
    trials : int
        Monte-Carlo hands (hole cards and a board of five) per Omaha game.
    seed : int
        Seed; each game gets its own stream derived from it.
    progress : callable, optional
        ``progress(done, total)`` after each Omaha game.

    Returns
    -------
    DataFrame
        Long format, one row per (game, category), hold'em first:
        ``game``, ``cards`` (hole cards), ``method`` (hold'em ``exact``: all
        C(52,7) hands; Omaha ``monte-carlo``), ``category``, ``count``,
        ``hands``, ``frequency``, ``stderr`` (binomial, of the observed
        frequency; 0 when exact), ``ci95_low``, ``ci95_high``.

    Examples
    --------
    >>> df = omaha_category_frequencies(1_000, 1)
    >>> df.groupby("game", sort=False)["count"].sum().to_dict()["omaha"]
    1000
    """
    holdem = category_counts(HOLDEM)
    total = sum(holdem.values())
    rows: list[dict[str, Any]] = [
        {
            "game": HOLDEM,
            "cards": get_game(HOLDEM).hole_cards,
            "method": "exact",
            "category": category,
            "count": count,
            "hands": total,
            "frequency": count / total,
            "stderr": 0.0,
            "ci95_low": count / total,
            "ci95_high": count / total,
        }
        for category, count in holdem.items()
    ]
    games = omaha_games()
    for done, name in enumerate(games, 1):
        table = category_frequencies(
            name, trials=trials, seed=subseed(seed, "omaha-frequencies", name)
        )
        for category, row in table.to_frame().iterrows():
            rows.append(
                {
                    "game": name,
                    "cards": get_game(name).hole_cards,
                    "method": "monte-carlo",
                    "category": category,
                    "count": int(row["count"]),
                    "hands": table.hands,
                    "frequency": float(row["frequency"]),
                    "stderr": float(row["stderr"]),
                    "ci95_low": float(row["ci95_low"]),
                    "ci95_high": float(row["ci95_high"]),
                }
            )
        if progress is not None:
            progress(done, len(games))
    return pd.DataFrame(rows)


def qualifying_lows(trials: int, seed: int, *, progress: Progress | None = None) -> pd.DataFrame:
    """Share of deals (one hand and a board of five) holding a qualifying eight-or-better low.

    One Monte-Carlo run per hi-lo game of the registry (``progress`` after
    each): ``game``, ``cards``, ``hands``, ``count``, ``frequency``,
    ``stderr`` (binomial), ``ci95_low``, ``ci95_high``.

    Examples
    --------
    >>> df = qualifying_lows(2_000, 1)
    >>> bool(df["frequency"].between(0.2, 0.6).all())
    True
    """
    rows = []
    games = omaha_games(hilo=True)
    for done, name in enumerate(games, 1):
        table = category_frequencies(name, trials=trials, seed=subseed(seed, "low", name))
        low = table.to_dict()["qualifying_low"]
        assert isinstance(low, dict)
        share, se = float(low["frequency"]), float(low["stderr"])
        rows.append(
            {
                "game": name,
                "cards": get_game(name).hole_cards,
                "hands": table.hands,
                "count": int(low["count"]),
                "frequency": share,
                "stderr": se,
                "ci95_low": share - Z95 * se,
                "ci95_high": share + Z95 * se,
            }
        )
        if progress is not None:
            progress(done, len(games))
    return pd.DataFrame(rows)


# ---------------------------------------------------------------------------
# matchups


def omaha_matchups(
    matchups: Sequence[tuple[str, str, str, str]] = OMAHA_MATCHUPS,
    *,
    progress: Progress | None = None,
) -> pd.DataFrame:
    """Exact heads-up preflop equities of Omaha matchups (every board enumerated).

    Parameters
    ----------
    matchups : sequence of (game, name, hand, opponent)
        Defaults to :data:`OMAHA_MATCHUPS`.
    progress : callable, optional
        ``progress(done, total)`` after each matchup.

    Returns
    -------
    DataFrame
        One row per matchup: ``game``, ``hilo``, ``matchup``, ``hand``,
        ``opponent``, ``boards``, the first hand's ``equity``, ``win``
        (hi-lo: scoops), ``tie``, then its ``scoop``, ``high_win``,
        ``high_tie`` and, for hi-lo, ``low_win``, ``low_tie``, the
        opponent's ``opponent_scoop`` and ``no_low`` (share of boards without
        a qualifying low); NaN where a column does not apply.

    Examples
    --------
    >>> df = omaha_matchups([("omaha", "x", "AsAhKsKh", "QdQcJdJc")])
    >>> round(float(df.loc[0, "equity"]), 4), int(df.loc[0, "boards"])
    (0.6338, 1086008)
    """
    rows = []
    for done, (name, label, hand, opponent) in enumerate(matchups, 1):
        r = calculate([hand, opponent], game=name, method="exact", threads=SHORT_RUN_THREADS)
        outcomes = r.outcomes or {}
        row: dict[str, Any] = {
            "game": name,
            "hilo": get_game(name).hilo,
            "matchup": label,
            "hand": r.hands[0],
            "opponent": r.hands[1],
            "boards": int(r.samples),
            "equity": float(r.equity[0]),
            "win": float(r.win[0]),
            "tie": float(r.tie[0]),
        }
        for key in ("scoop", "high_win", "high_tie", "low_win", "low_tie"):
            row[key] = float(outcomes[key][0]) if key in outcomes else math.nan
        row["opponent_scoop"] = float(outcomes["scoop"][1]) if "scoop" in outcomes else math.nan
        row["no_low"] = float(outcomes["no_low"][0]) if "no_low" in outcomes else math.nan
        rows.append(row)
        if progress is not None:
            progress(done, len(matchups))
    return pd.DataFrame(rows)


def _deal_pair(rng: np.random.Generator, deck: np.ndarray, hole: int) -> tuple[str, str]:
    """Two disjoint random hands of ``hole`` cards from ``deck``, cards highest first."""
    cards = rng.choice(deck, 2 * hole, replace=False)
    hand = sorted((int(c) for c in cards[:hole]), reverse=True)
    opponent = sorted((int(c) for c in cards[hole:]), reverse=True)
    return format_cards(hand), format_cards(opponent)


def equity_spread(
    pairs: int,
    seed: int,
    games: Sequence[str] | None = None,
    *,
    progress: Progress | None = None,
) -> pd.DataFrame:
    """Exact heads-up preflop equity of random pairs of hands, per game.

    Each pair is two disjoint hands dealt uniformly at random (the sample
    is Monte-Carlo); the equity of each pair is exact, every board
    enumerated.

    Parameters
    ----------
    pairs : int
        Pairs per game.
    seed : int
        Seed of the sample; each game gets its own stream derived from it.
    games : sequence of str, optional
        Default: hold'em and the registry's high-only Omaha games.
    progress : callable, optional
        ``progress(done, total)`` after each pair.

    Returns
    -------
    DataFrame
        One row per pair: ``game``, ``cards`` (hole cards), ``hand``,
        ``opponent``, ``boards``, ``equity`` (of ``hand``) and
        ``favourite_equity`` (the larger of the two equities).

    Examples
    --------
    >>> df = equity_spread(2, 1, games=["holdem"])
    >>> len(df), bool((df["favourite_equity"] >= 0.5).all())
    (2, True)
    """
    names = (HOLDEM, *omaha_games()) if games is None else tuple(games)
    rows = []
    total, done = pairs * len(names), 0
    for name in names:
        g = get_game(name)
        rng = np.random.default_rng(subseed(seed, "equity-spread", name))
        deck = np.array(g.deck, dtype=np.int64)
        for _ in range(pairs):
            hand, opponent = _deal_pair(rng, deck, g.hole_cards)
            r = calculate([hand, opponent], game=name, method="exact", threads=SHORT_RUN_THREADS)
            eq = float(r.equity[0])
            rows.append(
                {
                    "game": name,
                    "cards": g.hole_cards,
                    "hand": hand,
                    "opponent": opponent,
                    "boards": int(r.samples),
                    "equity": eq,
                    "favourite_equity": max(eq, 1 - eq),
                }
            )
            done += 1
            if progress is not None:
                progress(done, total)
    return pd.DataFrame(rows)


def spread_summary(frame: pd.DataFrame) -> pd.DataFrame:
    """Per game, the distribution of the favourite's equity in an :func:`equity_spread` frame.

    Columns: ``game``, ``pairs``, ``mean`` with its ``mean_stderr`` (the
    sample's: standard deviation / sqrt(pairs)), ``median``, ``p90`` (90th
    percentile), ``max``, and ``share_65`` (pairs where the favourite has
    65% or more) with its binomial ``share_65_stderr``.

    Examples
    --------
    >>> df = pd.DataFrame({"game": ["a", "a"], "favourite_equity": [0.6, 0.8]})
    >>> spread_summary(df)[["pairs", "mean", "share_65"]].to_dict("records")
    [{'pairs': 2, 'mean': 0.7, 'share_65': 0.5}]
    """
    rows = []
    for name, part in frame.groupby("game", sort=False):
        fav = part["favourite_equity"].to_numpy(dtype=float)
        n = len(fav)
        share = float(np.mean(fav >= 0.65))
        rows.append(
            {
                "game": name,
                "pairs": n,
                "mean": float(fav.mean()),
                "mean_stderr": float(fav.std(ddof=1) / math.sqrt(n)) if n > 1 else math.nan,
                "median": float(np.median(fav)),
                "p90": float(np.quantile(fav, 0.9)),
                "max": float(fav.max()),
                "share_65": share,
                "share_65_stderr": _binomial_se(share, n),
            }
        )
    return pd.DataFrame(rows)


def _premium(name: str) -> str:
    """The premium starting hand of ``name``: AA in hold'em, AAKK(QQ) double-suited in Omaha."""
    hole = get_game(name).hole_cards
    return "AA" if hole == 2 else "AAKKQQJJ"[:hole] + " ds"


def best_vs_random(trials: int, seed: int, *, progress: Progress | None = None) -> pd.DataFrame:
    """Equity of each game's premium hand against one random hand.

    Hold'em's AA is exact (every opponent hand and board); Omaha's
    AAKK double-suited (AAKKQ, AAKKQQ for five and six hole cards) is
    Monte-Carlo, ``trials`` deals with the suits drawn uniformly among the
    pattern's hands (enumeration would take about 10^11 evaluations).

    Returns
    -------
    DataFrame
        ``game``, ``hand``, ``method``, ``samples``, ``equity``, ``stderr``
        (NaN when exact), ``ci95_low``, ``ci95_high``.

    Examples
    --------
    >>> df = best_vs_random(2_000, 1)
    >>> df.loc[0, ["game", "hand", "method"]].tolist()
    ['holdem', 'AA', 'exact']
    """
    names = (HOLDEM, *omaha_games())
    rows = []
    for done, name in enumerate(names, 1):
        hand = _premium(name)
        method = "exact" if name == HOLDEM else "monte-carlo"
        r = calculate(
            [hand, "random"],
            game=name,
            method=method,
            trials=None if method == "exact" else trials,
            seed=None if method == "exact" else subseed(seed, "premium", name),
            threads=None if method == "exact" else SHORT_RUN_THREADS,
        )
        se = math.nan if r.stderr is None else float(r.stderr[0])
        rows.append(
            {
                "game": name,
                "hand": hand,
                "method": r.method,
                "samples": int(r.samples),
                "equity": float(r.equity[0]),
                "stderr": se,
                "ci95_low": float(r.ci95[0, 0]),
                "ci95_high": float(r.ci95[0, 1]),
            }
        )
        if progress is not None:
            progress(done, len(names))
    return pd.DataFrame(rows)


def hilo_scoops(
    trials: int,
    seed: int,
    hands: Sequence[tuple[str, str]] = HILO_HANDS,
    game: str | None = None,
    *,
    progress: Progress | None = None,
) -> pd.DataFrame:
    """Hi-lo hand types against one random hand: equity, scoops, lows (Monte-Carlo).

    Parameters
    ----------
    trials : int
        Deals per hand type; a pattern's hands are drawn uniformly.
    seed : int
        Seed; each hand type gets its own stream derived from it.
    hands : sequence of (label, pattern)
        Defaults to :data:`HILO_HANDS`.
    game : str, optional
        A hi-lo game; default the registry's first (four hole cards).
    progress : callable, optional
        ``progress(done, total)`` after each hand type.

    Returns
    -------
    DataFrame
        One row per hand type: ``equity`` with ``stderr`` (batch means) and
        95% interval; the shares of deals in which the hand scoops
        (``scoop``: wins the whole pot alone), wins the high alone (``high_win``),
        wins the low alone (``low_win``), in which the opponent scoops
        (``opponent_scoop``), and with no qualifying low (``no_low``); each
        share with its binomial standard error (``*_stderr``).

    Examples
    --------
    >>> df = hilo_scoops(2_000, 1, hands=[("random", "random")])
    >>> bool(abs(df.loc[0, "equity"] - 0.5) < 5 * df.loc[0, "stderr"])
    True
    """
    name = omaha_games(hilo=True)[0] if game is None else game
    rows = []
    for done, (label, pattern) in enumerate(hands, 1):
        r = calculate(
            [pattern, "random"],
            game=name,
            method="monte-carlo",
            trials=trials,
            seed=subseed(seed, "hilo-scoop", name, pattern),
            threads=SHORT_RUN_THREADS,
        )
        assert r.stderr is not None
        assert r.outcomes is not None
        n = int(r.samples)
        row: dict[str, Any] = {
            "game": name,
            "hand": label,
            "pattern": pattern,
            "trials": n,
            "equity": float(r.equity[0]),
            "stderr": float(r.stderr[0]),
            "ci95_low": float(r.ci95[0, 0]),
            "ci95_high": float(r.ci95[0, 1]),
        }
        shares = {
            "scoop": r.outcomes["scoop"][0],
            "high_win": r.outcomes["high_win"][0],
            "low_win": r.outcomes["low_win"][0],
            "opponent_scoop": r.outcomes["scoop"][1],
            "no_low": r.outcomes["no_low"][0],
        }
        for key, value in shares.items():
            row[key] = float(value)
            row[f"{key}_stderr"] = _binomial_se(float(value), n)
        rows.append(row)
        if progress is not None:
            progress(done, len(hands))
    return pd.DataFrame(rows)
