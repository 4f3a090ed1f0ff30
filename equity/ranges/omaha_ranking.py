"""Omaha starting hands ranked by their equity against one random hand.

Two hands are in the same *suit class* when a permutation of the four suits
turns one into the other; every hand of a class has the same equity against
a random hand.  A class is named by its *key* (:func:`omaha_class_keys`): the
13-bit rank sets of the hand's four suits, sorted and packed into one
integer, so that the key does not depend on which suit holds which ranks.
4-card Omaha has 16,432 classes, 5-card Omaha 134,459 (:func:`omaha_classes`).

**The shipped figures.**  ``equity/data/omaha_ranking_<n>.npz`` holds, for
every class of ``n`` = 4 and 5 cards, the Monte-Carlo counts of one of its
hands against one uniformly random hand on a random five-card board (high
only): deals won, deals tied, deals played (the same number for every class),
with the seed, the method and the build's version.  The equity is ``(won +
tied / 2) / played`` and its standard error is that of a mean of per-deal pot
shares (0, 1/2, 1): ``sqrt((E[x^2] - E[x]^2) / (played - 1))``.
``tools/build_omaha_ranking.py`` rebuilds the files, seeded, in chunks that
give the same counts on any number of workers (Dask included).

**The order.**  Classes run strongest first by their estimated equity; equal
counts (``2 * won + tied``) fall back on the larger class key first, an
arbitrary but fixed order.  Neighbours in the order are mostly *not*
separated by their errors (:func:`omaha_ranking_resolution`): the order is
the best estimate, and a hand's percentile is known to about the share of
hands whose equity lies within a few standard errors of its own.

**Percent ranges.**  :func:`omaha_percent_combos` takes the classes whose
first combo, counted from the top of the order, lies in ``[low, high)``
percent of all hands: whole classes, so a percent range never splits a suit
class, and ``0-15`` and ``15-30`` partition ``0-30``.
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from importlib import resources
from typing import TYPE_CHECKING, Any

import numpy as np

from ..cards import format_cards, parse_cards
from ..games import game as get_game
from .classes import CLASS_INDEX, CLASS_SIZES, CLASSES, N_COMBOS, hand_class
from .preflop import preflop_equity_vs_random, preflop_ranking

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "OMAHA_RANKING_HOLES",
    "OmahaClasses",
    "OmahaRanking",
    "StartingHandRank",
    "all_omaha_hands",
    "omaha_class_keys",
    "omaha_classes",
    "omaha_percent_combos",
    "omaha_ranking",
    "omaha_ranking_resolution",
    "starting_hand_rank",
]

OMAHA_RANKING_HOLES = (4, 5)
"""Hole-card counts with a shipped ranking (4- and 5-card Omaha)."""

_FILE = "omaha_ranking_{}.npz"
"""File name of the shipped counts under ``equity/data/``."""
_SUIT_BITS = 13


def omaha_class_keys(hands: np.ndarray) -> np.ndarray:
    """The suit-class key of each hand: equal keys, hands equal up to a suit permutation.

    Each suit's ranks form a 13-bit set; the four sets, sorted from the
    largest value down, are packed 13 bits apart (largest highest).

    Shapes
    ------
    hands : uint8[n, k] card codes; return : int64[n]

    Examples
    --------
    >>> keys = omaha_class_keys(np.array([parse_cards("AsKsQdJd"), parse_cards("AhKhQcJc")]))
    >>> bool(keys[0] == keys[1])
    True
    """
    hands = np.asarray(hands)
    ranks = (hands >> 2).astype(np.int64)
    suits = hands & 3
    sets = np.zeros((len(hands), 4), dtype=np.int64)
    for j in range(hands.shape[1]):
        bit = np.int64(1) << ranks[:, j]
        for s in range(4):
            sets[:, s] |= np.where(suits[:, j] == s, bit, 0)
    sets.sort(axis=1)
    key = sets[:, 3]
    for s in (2, 1, 0):
        key = (key << _SUIT_BITS) | sets[:, s]
    return key


def _hands_of_keys(keys: np.ndarray, n_hole: int) -> np.ndarray:
    """One hand of each class: the largest rank set in spades, the next in hearts, ..."""
    hands = np.zeros((len(keys), n_hole), dtype=np.uint8)
    filled = np.zeros(len(keys), dtype=np.int64)
    rows = np.arange(len(keys))
    for rank in range(12, -1, -1):
        for suit in (3, 2, 1, 0):
            has = (keys >> (_SUIT_BITS * suit + rank)) & 1 == 1
            hands[rows[has], filled[has]] = 4 * rank + suit
            filled += has
    return hands


def all_omaha_hands(n_hole: int) -> np.ndarray:
    """Every ``n_hole``-card hand, in :class:`~equity.ranges.OmahaRange` order.

    Rows hold their cards highest code first and run in decreasing
    lexicographic order (``AsAhAdAc`` first in PLO4).

    Shapes
    ------
    return : uint8[C(52, n_hole), n_hole]
    """
    # combinations of the cards listed highest first come in decreasing lexicographic order
    flat = itertools.chain.from_iterable(itertools.combinations(range(51, -1, -1), n_hole))
    count = math.comb(52, n_hole)
    return np.fromiter(flat, dtype=np.uint8, count=count * n_hole).reshape(count, n_hole)


@dataclass(frozen=True)
class OmahaClasses:
    """The suit classes of ``n_hole``-card hands (:func:`omaha_classes`)."""

    n_hole: int
    keys: np.ndarray
    """``int64[n_classes]``: the class keys, ascending."""
    sizes: np.ndarray
    """``int64[n_classes]``: hands in each class (they sum to ``C(52, n_hole)``)."""
    hands: np.ndarray
    """``uint8[n_classes, n_hole]``: one hand of each class, highest card first."""


@functools.cache
def omaha_classes(n_hole: int) -> OmahaClasses:
    """Every suit class of ``n_hole``-card hands, with its size and one of its hands.

    Counted by listing all hands (a few seconds for 5 cards; cached).

    Examples
    --------
    >>> c = omaha_classes(4)
    >>> len(c.keys), int(c.sizes.sum())
    (16432, 270725)
    """
    keys, sizes = np.unique(omaha_class_keys(all_omaha_hands(n_hole)), return_counts=True)
    return OmahaClasses(n_hole, keys, sizes.astype(np.int64), _hands_of_keys(keys, n_hole))


@dataclass(frozen=True)
class OmahaRanking:
    """The shipped ranking of ``n_hole``-card Omaha classes (:func:`omaha_ranking`).

    Arrays are indexed by class, in :func:`omaha_classes` order (keys
    ascending), except :attr:`order`.
    """

    n_hole: int
    keys: np.ndarray
    """``int64[n_classes]``: the class keys, ascending (:func:`omaha_class_keys`)."""
    sizes: np.ndarray
    """``int64[n_classes]``: hands in each class."""
    won: np.ndarray
    """``int64[n_classes]``: deals won against the random hand."""
    tied: np.ndarray
    """``int64[n_classes]``: deals tied (the pot split)."""
    trials: int
    """Deals played by each class."""
    seed: int
    """The build's seed (``tools/build_omaha_ranking.py --seed``)."""
    method: str
    """``"monte-carlo"``."""
    version: int
    """The build's version (bumped when the method or the layout changes)."""
    equity: np.ndarray
    """``float64[n_classes]``: ``(won + tied / 2) / trials``."""
    stderr: np.ndarray
    """``float64[n_classes]``: the standard error of :attr:`equity`."""
    order: np.ndarray
    """``int64[n_classes]``: class indices, strongest first (module doc: ties)."""
    above: np.ndarray
    """``int64[n_classes]``: hands in the classes ordered before each class."""

    @property
    def n_hands(self) -> int:
        """All ``n_hole``-card hands, ``C(52, n_hole)``."""
        return math.comb(52, self.n_hole)

    def hand_of(self, k: int) -> str:
        """One hand of class ``k`` (the largest suit's ranks in spades, the next in hearts ...)."""
        return format_cards(_hands_of_keys(self.keys[k : k + 1], self.n_hole)[0])

    def class_of(self, hand: Any) -> int:
        """The class index of a hand (cards as text or codes), or a ``ValueError``."""
        cards = _hand_cards(hand, self.n_hole, f"{self.n_hole}-card Omaha")
        key = int(omaha_class_keys(np.array([cards], dtype=np.uint8))[0])
        return int(np.searchsorted(self.keys, key))


def _hand_cards(hand: Any, n_hole: int, game: str) -> list[int]:
    """The hand's cards, or a ``ValueError`` naming the bad input."""
    cards = parse_cards(hand)
    if len(cards) != n_hole:
        raise ValueError(
            f"{game} takes {n_hole} hole cards, not {len(cards)} ({format_cards(cards)!r})"
        )
    return cards


def _check_hole(n_hole: int) -> None:
    if n_hole not in OMAHA_RANKING_HOLES:
        raise ValueError(
            f"no Omaha ranking ships for {n_hole}-card hands (there are rankings for "
            f"{' and '.join(map(str, OMAHA_RANKING_HOLES))} cards)"
        )


@functools.cache
def omaha_ranking(n_hole: int) -> OmahaRanking:
    """The shipped ranking of ``n_hole``-card Omaha hands (read once, cached).

    Examples
    --------
    >>> r = omaha_ranking(4)
    >>> len(r.keys), int(r.sizes.sum()), r.method
    (16432, 270725, 'monte-carlo')
    >>> bool(r.equity[r.order[0]] > 0.6 > r.equity[r.order[-1]])
    True
    """
    _check_hole(n_hole)
    path = resources.files("equity") / "data" / _FILE.format(n_hole)
    with resources.as_file(path) as p, np.load(p) as data:
        keys = data["keys"].astype(np.int64)
        sizes = data["sizes"].astype(np.int64)
        won = data["won"].astype(np.int64)
        tied = data["tied"].astype(np.int64)
        trials, seed, version = int(data["trials"]), int(data["seed"]), int(data["version"])
        method = str(data["method"])
    if int(sizes.sum()) != math.comb(52, n_hole) or len(keys) != len(won):
        raise RuntimeError(f"{_FILE.format(n_hole)} does not cover every {n_hole}-card hand")
    share = (won + tied / 2) / trials
    square = (won + tied / 4) / trials
    stderr = np.sqrt(np.maximum(square - share**2, 0.0) / (trials - 1))
    # 2 won + tied orders the equities exactly (same trials for every class)
    order = np.lexsort((-keys, -(2 * won + tied)))
    above = np.empty(len(keys), dtype=np.int64)
    above[order] = np.cumsum(sizes[order]) - sizes[order]
    for a in (keys, sizes, won, tied, share, stderr, order, above):
        a.flags.writeable = False
    return OmahaRanking(n_hole, keys, sizes, won, tied, trials, seed, method, version,
                        share, stderr, order, above)  # fmt: skip


@functools.cache
def _hand_classes(n_hole: int) -> tuple[np.ndarray, np.ndarray]:
    """Every hand (:func:`all_omaha_hands`) and its class index in :func:`omaha_ranking`."""
    hands = all_omaha_hands(n_hole)
    index = np.searchsorted(omaha_ranking(n_hole).keys, omaha_class_keys(hands))
    hands.flags.writeable = False
    return hands, index


def _target(pct: float, n: int) -> int:
    """Hands in the top ``pct`` percent of ``n``: ``pct / 100 * n`` rounded, halves up."""
    return math.floor(Fraction(pct) * n / 100 + Fraction(1, 2))


def omaha_percent_combos(n_hole: int, low: float, high: float) -> np.ndarray:
    """The hands ranked from ``low`` to ``high`` percent of all hands, strongest first.

    Hands are counted, not classes: with ``N = C(52, n_hole)`` hands, a class
    is taken when the number of hands in the classes ranked before it is at
    least ``round(low / 100 * N)`` and below ``round(high / 100 * N)``
    (halves rounded up), so whole classes are taken, the class that reaches
    or crosses the upper count is in (as hold'em's ``15%``), and ``[a, b)``
    and ``[b, c)`` split ``[a, c)``.  The order is :func:`omaha_ranking`'s:
    estimated equity against a random hand, equal counts broken by the
    larger class key first.  ``(0, 100)`` is every hand; ``high == low``
    none.

    Shapes
    ------
    return : uint8[n, n_hole], rows as :attr:`OmahaRange.combos
        <equity.ranges.OmahaRange.combos>` (highest card first, rows decreasing)

    Examples
    --------
    >>> top = omaha_percent_combos(4, 0, 1)
    >>> len(top) >= 2707, format_cards(top[0])
    (True, 'AsAhKsKh')
    >>> len(omaha_percent_combos(4, 0, 100))
    270725
    """
    _check_hole(n_hole)
    if not 0 <= low <= high <= 100:
        raise ValueError(f"a percent range needs 0 <= low <= high <= 100, not {low}-{high}")
    r = omaha_ranking(n_hole)
    first, stop = _target(low, r.n_hands), _target(high, r.n_hands)
    taken = (r.above >= first) & (r.above < stop)
    hands, index = _hand_classes(n_hole)
    return hands[taken[index]]


_RANKED_GAMES = {"holdem": 2, "omaha": 4, "omaha5": 5}
"""The games with a ranking of starting hands, and their hole cards."""


@dataclass(frozen=True)
class StartingHandRank:
    """Where a starting hand stands by equity against one random hand (:func:`starting_hand_rank`).

    Shares count hands (combos), not classes.
    """

    hand: str
    """The hand as given, written back (``"AsKsQdJd"``)."""
    game: str
    """``"holdem"``, ``"omaha"`` or ``"omaha5"``."""
    hand_class: str
    """Hold'em: the class (``"AKs"``); Omaha: one hand of the suit class (spades first)."""
    class_combos: int
    """Hands in the class."""
    equity: float
    """All-in equity against one uniformly random hand (pot share; ties split)."""
    stderr: float
    """Its standard error (0.0 when exact)."""
    method: str
    """``"exact"`` (hold'em: every board and opponent hand) or ``"monte-carlo"``."""
    trials: int
    """Deals behind the figure: Monte-Carlo deals, or every (board, opponent hand) deal."""
    rank: int
    """1 for the strongest class ... :attr:`n_classes`."""
    n_classes: int
    """Classes in the ranking (169 in hold'em, 16,432 in PLO4, 134,459 in PLO5)."""
    above: float
    """Share of all hands in the classes ranked before this one (0.0 for the best)."""
    top: float
    """Share of all hands ranked before this one or in its class: the hand is in the top
    ``100 * top`` percent."""

    def to_dict(self) -> dict[str, Any]:
        """The fields as a JSON-ready dict."""
        return {k: getattr(self, k) for k in self.__dataclass_fields__}

    def text(self) -> str:
        """Two lines for a person: the equity and where the hand stands."""
        how = "exact" if self.method == "exact" else (
            f"Monte-Carlo, +/- {100 * self.stderr:.2f}% standard error, {self.trials:,} deals"
        )  # fmt: skip
        kind = "class" if self.game == "holdem" else "suit class"
        return (
            f"{self.hand} ({self.game}, {kind} {self.hand_class}, {self.class_combos:,} "
            f"combos): {100 * self.equity:.2f}% against a random hand ({how})\n"
            f"rank {self.rank:,} of {self.n_classes:,} classes; percentile: top "
            f"{_percent(self.top)} of hands, {_percent(self.above)} rank above it"
        )


def _percent(share: float) -> str:
    """A share as a percentage: two decimals, three significant digits below 1%."""
    pct = 100 * share
    return f"{pct:.2f}%" if pct >= 1 or pct == 0 else f"{pct:.3g}%"


def starting_hand_rank(hand: Any, game: str = "holdem") -> StartingHandRank:
    """A starting hand's equity against one random hand and where it ranks.

    Hold'em from the shipped exact counts (:func:`~equity.ranges.preflop_equity_vs_random`);
    4- and 5-card Omaha (``"omaha"``, ``"omaha5"``) from the shipped Monte-Carlo
    ranking (:func:`omaha_ranking`), with its standard error.  The rank is the
    class's place in the order, ties broken as the order breaks them.

    Examples
    --------
    >>> r = starting_hand_rank("AhKh")
    >>> r.hand_class, r.method, round(r.equity, 4), r.rank, round(100 * r.above, 2)
    ('AKs', 'exact', 0.6704, 8, 3.17)
    >>> o = starting_hand_rank("AhAdKhKd", "omaha")
    >>> o.hand_class, o.method, o.top < 0.001
    ('AsAhKsKh', 'monte-carlo', True)
    """
    name = get_game(game).name
    if name not in _RANKED_GAMES:
        raise ValueError(
            f"no ranking of starting hands ships for {name} (there are rankings for "
            f"{', '.join(_RANKED_GAMES)})"
        )
    n_hole = _RANKED_GAMES[name]
    if name == "holdem":
        cards = _hand_cards(hand, 2, "hold'em")
        label = hand_class(*cards)
        win, tie, total = preflop_equity_vs_random()[label]
        order = preflop_ranking()
        place = order.index(label)
        above = int(sum(CLASS_SIZES[CLASS_INDEX[c]] for c in order[:place]))
        size = int(CLASS_SIZES[CLASS_INDEX[label]])
        return StartingHandRank(
            format_cards(cards), name, label, size, (win + tie / 2) / total, 0.0, "exact",
            total, place + 1, len(CLASSES), above / N_COMBOS, (above + size) / N_COMBOS,
        )  # fmt: skip
    r = omaha_ranking(n_hole)
    cards = _hand_cards(hand, n_hole, name)
    k = r.class_of(cards)
    size = int(r.sizes[k])
    rank = int(np.flatnonzero(r.order == k)[0]) + 1
    return StartingHandRank(
        format_cards(cards), name, r.hand_of(k), size, float(r.equity[k]),
        float(r.stderr[k]), r.method, r.trials, rank, len(r.keys),
        int(r.above[k]) / r.n_hands, (int(r.above[k]) + size) / r.n_hands,
    )  # fmt: skip


def omaha_ranking_resolution(n_hole: int, sigmas: float = 2.0) -> pd.DataFrame:
    """Where the ranking's neighbours are not separated by their errors, class by class.

    One row per class, strongest first: ``hand`` (one hand of the class),
    ``combos``, ``equity``, ``stderr``, ``above`` (share of hands ranked
    before it), ``gap_sigmas`` (its equity minus the next class's, over
    their combined standard error ``sqrt(se1^2 + se2^2)``; NaN for the
    last), ``separated`` (``gap_sigmas >= sigmas``), and ``above_low``,
    ``above_high``: the shares of hands whose classes' equities exceed this
    class's by more than ``sigmas`` combined standard errors, and by more
    than ``-sigmas`` of them (taking each other class's error to be the
    median error): the range of percentiles the figures cannot tell apart.

    Examples
    --------
    >>> df = omaha_ranking_resolution(4)
    >>> len(df), bool(df["separated"].mean() < 0.5)
    (16432, True)
    """
    import pandas as pd

    r = omaha_ranking(n_hole)
    o = r.order
    eq, se, sizes = r.equity[o], r.stderr[o], r.sizes[o]
    gap = np.full(len(o), np.nan)
    gap[:-1] = (eq[:-1] - eq[1:]) / np.sqrt(se[:-1] ** 2 + se[1:] ** 2)
    width = sigmas * np.sqrt(se**2 + np.median(r.stderr) ** 2)
    ascending = eq[::-1]  # equities ascending, for searchsorted
    below = np.concatenate([[0], np.cumsum(sizes[::-1])])  # hands in the i weakest classes
    n = r.n_hands

    def share_above(level: np.ndarray) -> np.ndarray:
        return (n - below[np.searchsorted(ascending, level, side="right")]) / n

    return pd.DataFrame(
        {
            "hand": [format_cards(h) for h in _hands_of_keys(r.keys[o], n_hole)],
            "combos": sizes,
            "equity": eq,
            "stderr": se,
            "above": r.above[o] / n,
            "gap_sigmas": gap,
            "separated": gap >= sigmas,
            "above_low": share_above(eq + width),
            "above_high": share_above(eq - width),
        }
    )
