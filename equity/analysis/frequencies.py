"""Hand-category frequencies: exhaustive counts or Monte-Carlo, beside the exact odds.

:func:`category_frequencies` answers "how often is each category dealt?"
for five-card poker (``"five"``), the best five of five to seven cards
(``"holdem"``, ``"shortdeck"``, ``"stud"``), Zha Jin Hua (``"zjh"``), Omaha and
the low games (razz, deuce-to-seven, badugi; stud hi-lo's lows), either by
enumerating every hand (exact) or by dealing random hands from the game's
deck in the batched kernels (Monte-Carlo, with standard errors and 95%
intervals), always next to the exact probabilities of :mod:`equity.evaluators.odds`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from ..checks import (
    DEFAULT_TRIALS,
    MAX_TRIALS,
    check_positive,
    check_seed,
    check_trials,
    fresh_seed,
)
from ..control import Progress, Stopwatch
from ..engine.executor import executor_for
from ..engine.families import family
from ..engine.families.base import FREQUENCY_CODES
from ..engine.rounds import run_rounds
from ..evaluators.odds import category_probabilities
from ..games import Game, a_hand_of, game_names
from ..games import game as get_game
from ..games.zjh import SPECIAL_235
from ..kernels import omaha as _omaha
from ..kernels.rng import batch_seeds
from ..results import html_table
from ..stats import Z95, chi_square_test

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["AUTO_EXACT_HANDS", "GAMES", "FrequencyTable", "category_frequencies"]

GAMES = game_names()
"""The game names (the registry is :data:`equity.games.GAMES`)."""
AUTO_EXACT_HANDS = 10_000_000
"""``method="auto"`` enumerates up to this many hands (about a second), deals beyond."""


@dataclass(frozen=True)
class FrequencyTable:
    """Category counts of ``hands`` dealt hands, beside the exact odds.

    ``method`` is ``"exact"`` (every hand enumerated: the counts are the
    exact distribution) or ``"monte-carlo"`` (random hands from ``seed``).
    Categories are listed strongest first.  For Zha Jin Hua the extra row
    ``"special 2-3-5"`` counts off-suit 2-3-5 hands, a subset of high card.
    """

    game: str
    method: str
    hands: int
    counts: dict[str, int]
    exact_probabilities: dict[str, float]
    seed: int | None = None
    elapsed_s: float = 0.0
    """Seconds the count took, compiling excluded (:attr:`compile_s`)."""
    compile_s: float = 0.0
    """Seconds spent compiling kernels during the count (a cold Numba cache)."""
    extra: dict[str, object] = field(default_factory=dict)
    interrupted: bool = False
    """True when Ctrl-C stopped the count: ``hands`` and the counts are those dealt so far."""
    stop_reason: str | None = None
    """Monte-Carlo: why dealing stopped (``"trials"``, ``"time"``, ``"interrupted"``); None
    when exact."""
    cards: int | None = None
    """Cards in one dealt hand (hold'em and short deck: 5, 6 or 7)."""

    def to_frame(self) -> pd.DataFrame:
        """One row per category with frequency, error, SE, z and 95% interval.

        For Monte-Carlo counts the standard error is the binomial one,
        ``sqrt(p (1 - p) / n)`` with the exact ``p``; ``z`` is the error in
        standard errors.  For exact counts SE and z are zero.
        """
        import pandas as pd

        rows = []
        n = self.hands
        for name, count in self.counts.items():
            freq = count / n
            # no exact odds (Omaha): the standard error of the observed frequency
            p = self.exact_probabilities.get(name, math.nan)
            known = p if not math.isnan(p) else freq
            se = math.sqrt(known * (1 - known) / n) if self.method == "monte-carlo" else 0.0
            half = Z95 * math.sqrt(freq * (1 - freq) / n) if self.method == "monte-carlo" else 0.0
            rows.append(
                {
                    "category": name,
                    "count": count,
                    "frequency": freq,
                    "exact_probability": p,
                    "abs_error": freq - p,
                    "rel_error": (freq - p) / p if p else math.nan,
                    "stderr": se,
                    "z": (freq - p) / se if se and not math.isnan(p) else 0.0,
                    "ci95_low": max(freq - half, 0.0),
                    "ci95_high": min(freq + half, 1.0),
                }
            )
        return pd.DataFrame(rows).set_index("category")

    def __repr__(self) -> str:
        """One line: the game, method and size (``to_frame()`` has the table)."""
        how = "exact" if self.method == "exact" else f"monte-carlo, seed {self.seed}"
        how += ", interrupted" if self.interrupted else ""
        size = f" of {self.cards} cards" if self.cards else ""
        return f"FrequencyTable({self.game} {how}: {self.hands:,} hands{size})"

    def _repr_html_(self) -> str:
        """Notebook view: the :meth:`to_frame` table with a caption saying what it is."""
        what = (
            "exact, every hand enumerated"
            if self.method == "exact"
            else f"Monte-Carlo, seed {self.seed}" + (", interrupted" if self.interrupted else "")
        )
        size = f" ({self.cards} cards)" if self.cards else ""
        caption = f"<p>{self.game}{size}: {self.hands:,} hands, {what}</p>"
        frame = self.to_frame()
        shares = [c for c in frame.columns if c not in ("count", "z")]
        return caption + html_table(frame, percent=shares, digits=6)

    def chi_square(self) -> tuple[float, float]:
        """Pearson goodness of fit against the exact odds: ``(statistic, p_value)``.

        Uses the disjoint categories only (the 2-3-5 row is a subset); NaN
        for a game without exact odds (Omaha).
        """
        if not self.exact_probabilities:
            return math.nan, math.nan
        names = [c for c in self.counts if c != SPECIAL_235]
        observed = [self.counts[c] for c in names]
        expected = [self.exact_probabilities[c] * self.hands for c in names]
        return chi_square_test(observed, expected)

    def to_dict(self) -> dict[str, object]:
        """Plain data (the ``equity freq --json`` object)."""
        out: dict[str, object] = {
            "game": self.game,
            "method": self.method,
            "hands": self.hands,
            "cards": self.cards,
            "categories": dict(self.counts),
            "exact_probabilities": dict(self.exact_probabilities),
            "seed": self.seed,
            "elapsed_s": round(self.elapsed_s, 6),
            "compile_s": round(self.compile_s, 6),
            "interrupted": self.interrupted,
            "stop_reason": self.stop_reason,
        }
        subsets = get_game(self.game).subsets
        if subsets:
            out["subsets"] = dict(subsets)
        if "qualifying_low" in self.extra:
            low = int(self.extra["qualifying_low"])  # type: ignore[call-overload]
            share = low / self.hands
            out["qualifying_low"] = {
                "count": low,
                "frequency": share,
                "stderr": math.sqrt(share * (1 - share) / self.hands),
            }
        if self.method == "monte-carlo" and self.exact_probabilities:
            stat, p = self.chi_square()
            out["chi_square"] = {"statistic": stat, "p_value": p}
        return out


def _names(g: Game, rules: Any = None) -> tuple[str, ...]:
    """Row names: the categories of the rules' order, strongest first, then the subset rows."""
    categories = g.categories if rules is None else rules.categories
    return (*categories, *g.subsets)


def _from_codes(g: Game, by_code: np.ndarray, rules: Any = None) -> dict[str, int]:
    """Turn per-code counts into named counts.

    Column ``code`` (1 = the weakest category) holds the kernel's category
    code; the subset rows follow in columns ``len(categories) + 1, ...``.
    """
    names = _names(g, rules)
    n = len(g.categories)
    named = {names[n - code]: int(by_code[code]) for code in range(1, n + 1)}
    for k, row in enumerate(g.subsets, start=n + 1):
        named[row] = int(by_code[k])
    return {name: named[name] for name in names}


def _exact_by_code(g: Game, cards: int, rules: Any = None) -> np.ndarray:
    """Category counts of every hand of ``cards`` cards of ``g`` (column = kernel category code)."""
    return family(g).exact_frequencies(g, cards, rules)


@dataclass(frozen=True)
class _FreqSpec:
    """What a frequency work unit needs (picklable, sent to Dask workers)."""

    game: str
    seed: int
    trials: int
    batch_size: int
    cards: int
    rules: Any = None
    """The game's rules object (a frozen dataclass) or None."""


def _freq_chunk(
    spec: _FreqSpec,
    first: int,
    run: int,
    threads: bool = True,
    tables: tuple[np.ndarray, ...] | None = None,
) -> np.ndarray:
    """Category counts of batches ``first .. first + run - 1``: the unit of work.

    Batch ``b`` deals from the stream of batch ``b`` wherever it runs, so the
    counts of a job do not depend on how it is cut into rounds, on the
    threads, or on whether it runs on Dask (``threads=False``: one thread).

    Shapes
    ------
    return : int64[17], column = kernel category code (Zha Jin Hua: 1..6 and
        7 for the off-suit 2-3-5 hands)
    """
    g = get_game(spec.game)
    return family(g).sample_frequencies(
        g,
        batch_seeds(spec.seed, run, first=first),
        spec.batch_size,
        spec.trials,
        first,
        spec.cards,
        spec.rules,
        threads,
        tables,
    )


def _sample_by_code(
    spec: _FreqSpec,
    time_limit: float | None,
    progress: Progress | None,
    executor: Any,
) -> tuple[np.ndarray, int, str]:
    """Deal the job's hands in rounds: ``(counts by code, hands dealt, stop reason)``."""
    n_batches = -(-spec.trials // spec.batch_size)
    by_code = np.zeros(FREQUENCY_CODES, dtype=np.int64)
    g = get_game(spec.game)
    tables = family(g).frequency_tables(g, spec.rules)

    def consume(first: int, run: int, counts: np.ndarray) -> None:
        by_code[...] += counts
        if progress is not None:
            progress(min(spec.trials, (first + run) * spec.batch_size), spec.trials)

    # a seven-card hand costs about one evaluation; fewer cards cost less
    evals = spec.batch_size * spec.cards // 7 + 1
    chunks = executor.ordered_batches(_freq_chunk, spec, n_batches, evals)
    done, reason = run_rounds(
        n_batches,
        lambda first, run: _freq_chunk(spec, first, run, tables=tables),
        consume,
        time_limit=time_limit,
        chunks=chunks,
    )
    hands = min(spec.trials, done * spec.batch_size)
    return by_code, hands, reason


def category_frequencies(
    game: str = "holdem",
    *,
    cards: int | None = None,
    method: str = "auto",
    trials: int | None = None,
    seed: int | None = None,
    batch_size: int = 65_536,
    time_limit: float | None = None,
    rules: Any = None,
    progress: Progress | None = None,
    scheduler: Any = None,
) -> FrequencyTable:
    """Count hand categories for ``game``, exhaustively or by Monte-Carlo.

    Parameters
    ----------
    game : str
        A game of :data:`equity.games.GAMES`: ``"holdem"`` (best five of
        seven), ``"shortdeck"`` (best five of seven from 36 cards),
        ``"five"`` (five-card poker), ``"zjh"`` (Zha Jin Hua), the Omaha games,
        or a game of the stud family: ``"stud"`` and ``"five-draw"`` (hold'em's
        categories), ``"stud8"`` (those and the share of hands with an
        eight-or-better low), ``"razz"``, ``"deuce-seven"``, ``"badugi"`` (their
        own categories: the best low of five to seven cards, five cards, four
        cards; exact counts by rank pattern, :mod:`equity.evaluators.lowball_counts`).
    cards : int, optional
        Cards in one dealt hand, one of the game's
        :attr:`~equity.games.Game.hand_sizes` (hold'em and short deck: 5, 6
        or 7); by default the largest.
    method : {"auto", "exact", "monte-carlo"}
        ``"exact"`` enumerates every hand (C(52,7), C(36,7), C(52,5), C(52,3)
        ...), for the games with exact odds; ``"monte-carlo"`` deals random
        hands; ``"auto"`` (the default) enumerates when the game has exact
        odds, at most :data:`AUTO_EXACT_HANDS` hands (five-card poker, Zha
        Jin Hua, short deck, hold'em of five cards) and no ``trials``, ``seed``
        or ``time_limit`` is given, and deals otherwise.
    trials : int, optional
        Number of random hands for Monte-Carlo: default 1,000,000, or no
        limit but :data:`MAX_TRIALS` when ``time_limit`` is given.
    seed : int, optional
        Seed of the random streams; a fresh one is drawn (and recorded in
        the result) when omitted.  The same ``(seed, trials, batch_size)``
        gives the same counts on any number of threads, locally or on Dask.
    batch_size : int
        Hands per random stream.
    time_limit : float, optional
        Stop dealing after about this many seconds (the counts so far).
    rules : equity.evaluators.zjh.ZJHRules or equity.evaluators.shortdeck.ShortDeckRules, optional
        The game's rules.  Zha Jin Hua rules set the order of the categories
        (a straight above a flush with ``order="straight_over_flush"``), never
        the counts.  Short-deck rules set the order of a straight and three
        of a kind, and with it the best five of six or seven cards: a hand
        holding both counts as three of a kind by default and as a straight
        with ``straight_beats_trips``.
    progress : callable, optional
        Called as ``progress(done, total)`` after each round of hands.
    scheduler : str or distributed.Client, optional
        Deal on Dask, as in :func:`equity.calculate`; same counts.

    Notes
    -----
    Hands are dealt in rounds of about a quarter of a second, so memory is
    bounded whatever ``trials`` and the first Ctrl-C stops the count with the
    hands dealt so far (``interrupted=True``).

    Examples
    --------
    >>> t = category_frequencies("five", method="exact")
    >>> t.counts["straight flush"], t.hands
    (40, 2598960)
    >>> category_frequencies("zjh", trials=1000, seed=1).hands
    1000
    >>> category_frequencies("shortdeck", cards=5, method="exact").counts["flush"]
    480
    """
    g = get_game(game)
    if method not in ("auto", "exact", "monte-carlo"):
        raise ValueError(f"unknown method {method!r} (expected 'auto', 'exact' or 'monte-carlo')")
    explicit_mc = trials is not None or time_limit is not None or seed is not None
    if method == "exact" and explicit_mc:
        raise ValueError("exact enumeration takes no trials, seed or time limit")
    trials = check_trials(trials, "trials")
    check_seed(seed)
    time_limit = check_positive(time_limit, "the time limit")
    if not isinstance(batch_size, (int, np.integer)) or batch_size <= 0:
        raise ValueError(f"batch_size must be a positive integer, got {batch_size!r}")
    rules = _check_rules(g, rules)
    n_cards = _check_cards(g, cards)
    if method == "exact" and not g.exact_odds:
        raise ValueError(
            f"no exact count of {g.name} hands is available: Monte-Carlo only "
            "(method='monte-carlo', with standard errors)"
        )
    exact = method == "exact" or (
        method == "auto"
        and not explicit_mc
        and g.exact_odds
        and math.comb(g.deck_size, n_cards) <= AUTO_EXACT_HANDS
    )
    start = Stopwatch()  # the count's time, compiling apart
    # The exact odds first (a second for hold'em, then cached): Ctrl-C must not wait on them.
    probs = (
        {}
        if not g.exact_odds
        else {
            k: float(v)
            for k, v in category_probabilities(g.name, cards=n_cards, rules=rules).items()
        }
    )
    reason = None
    if exact:
        by_code = _exact_by_code(g, n_cards, rules)
        hands, used_seed = math.comb(g.deck_size, n_cards), None
    else:
        if trials is None:
            trials = MAX_TRIALS if time_limit is not None else DEFAULT_TRIALS
        used_seed = fresh_seed() if seed is None else int(seed)
        spec = _FreqSpec(g.name, used_seed, int(trials), int(batch_size), n_cards, rules)
        with executor_for(scheduler) as executor:
            by_code, hands, reason = _sample_by_code(spec, time_limit, progress, executor)
        if hands == 0:
            raise KeyboardInterrupt
    names = _names(g, rules)
    extra: dict[str, object] = {}
    if g.hilo:
        extra["qualifying_low"] = int(by_code[_omaha.LOW_COLUMN])
    elapsed_s, compile_s = start.split()
    return FrequencyTable(
        game=g.name,
        method="exact" if exact else "monte-carlo",
        hands=hands,
        counts=_from_codes(g, by_code, rules),
        exact_probabilities={name: probs[name] for name in names} if probs else {},
        extra=extra,
        seed=used_seed,
        elapsed_s=elapsed_s,
        compile_s=compile_s,
        interrupted=reason == "interrupted",
        stop_reason=reason,
        cards=n_cards,
    )


def _check_rules(g: Game, rules: Any) -> Any:
    """``rules`` if it is ``g``'s rules object (or None), else a ``ValueError``."""
    if rules is None:
        return None
    if g.rules_class is None:
        raise ValueError(f"{g.name} has no house rules, got rules={rules!r}")
    expected = type(g.make_rules())
    if not isinstance(rules, expected):
        raise ValueError(f"{g.name} rules must be a {expected.__name__}, got {rules!r}")
    return rules


def _check_cards(g: Game, cards: Any) -> int:
    """The cards of one dealt hand: ``cards``, checked, or the game's largest hand size."""
    if cards is None:
        return g.frequency_cards
    if (
        isinstance(cards, bool)
        or not isinstance(cards, (int, np.integer))
        or (int(cards) not in g.hand_sizes)
    ):
        sizes = " or ".join(map(str, g.hand_sizes))
        raise ValueError(f"{a_hand_of(g.name)} has {sizes} cards, got {cards!r}")
    return int(cards)
