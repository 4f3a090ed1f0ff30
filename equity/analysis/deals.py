"""Deals as data: the Monte-Carlo deals of :func:`equity.calculate`, as NumPy arrays.

:func:`deal` deals ``n`` complete hands (hole cards and board) and returns
them with each player's strength, category and share of the pot
(:class:`Deals`; :meth:`Deals.to_frame` is a tidy DataFrame, one row per deal
and player).  The deals come from the Monte-Carlo driver itself, recording
its deals as cards (:mod:`equity.engine.record`): ``deal(hands, n=n, seed=s)``
deals exactly the deals that ``calculate(hands, method="monte-carlo",
trials=n, seed=s)`` scores (same ``batch_size`` rule), so summing the pot
shares of the deals gives calculate's counts, integer for integer
(:meth:`Deals.counts`).

Every game is dealt.  Omaha's deals are recorded by its Monte-Carlo loop
itself, run with a sink (:meth:`equity.engine.families.omaha.OmahaFamily.record`); hi-lo
deals also carry each player's low and who shares the low half
(:attr:`Deals.low`, :attr:`Deals.low_winners`), and their counts are in
half-pots, as calculate's.

Memory: :func:`deal` holds every deal at once, about ``hole + 6`` bytes per
deal and player plus the board (hold'em: 8 bytes, so 1e7 deals at 6 players
are about 0.5 GB) and refuses more than :data:`MAX_ROWS` deal-player rows;
:meth:`Deals.to_frame` takes about 30 bytes a row more.  :func:`deal_chunks`
yields the same deals in chunks of bounded size (what ``equity deal --out``
writes), up to :data:`MAX_ROWS_STREAMED` rows.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal, overload

import numpy as np

from ..cards import format_cards, format_pattern
from ..checks import check_count, check_seed, fresh_seed, limit_text
from ..engine.patterns import board_pattern, check_exact_dead
from ..engine.prepare import prepare
from ..engine.record import DealPlan, deal_plan, showdown
from ..engine.run import default_batch_size
from ..games import game as get_game
from ..lookup.omaha import low_mask_text
from ..ranges.classes import CLASSES
from .double_deals import DoubleDeals, deal_two_boards
from .textures import texture_columns

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["MAX_ROWS", "MAX_ROWS_STREAMED", "Deals", "deal", "deal_batch_size", "deal_chunks"]

MAX_ROWS = 150_000_000
"""Most deal-player rows :func:`deal` holds in memory (about 1.2 GB of hold'em arrays)."""
MAX_ROWS_STREAMED = 1_000_000_000
"""Most deal-player rows :func:`deal_chunks` (``equity deal --out``) deals (a Parquet file
of about 11 GB)."""
CHUNK_ROWS = 1 << 21
"""Deal-player rows per chunk of :func:`deal_chunks` (about 20 MB of arrays)."""


deal_batch_size = default_batch_size
"""Deals per random stream for ``n`` deals: :func:`equity.calculate`'s own rule."""


@dataclass(frozen=True)
class Deals:
    """A batch of complete deals: cards, each player's hand, and who wins.

    Deal ``i`` of the arrays is deal ``first + i`` of the run of ``seed``.

    Shapes
    ------
    holes : uint8[n, n_players, hole cards]; board : uint8[n, board cards] (known cards
        first, then the dealt ones)
    strength : int32[n, n_players], bigger is better, equal is a tie (the game's evaluator)
    category : int8[n, n_players], index into :attr:`categories` (strongest first)
    winners : bool[n, n_players], the players sharing the pot (hi-lo: the high half, or
        the whole pot when no low qualifies)
    low, low_winners : hi-lo only (else None): int32[n, n_players] each player's low code
        (bigger is better, 0 for no qualifying low; text by
        :func:`equity.lookup.omaha.low_mask_text`), bool[n, n_players] the players sharing
        the low half (none when no low qualifies)
    """

    game: str
    players: tuple[str, ...]
    """Each player's hand as given: cards, ``"random"`` or a range."""
    seed: int
    batch_size: int
    holes: np.ndarray
    board: np.ndarray
    strength: np.ndarray
    category: np.ndarray
    winners: np.ndarray
    categories: tuple[str, ...]
    first: int = 0
    """Index of the first deal in the run (chunks of :func:`deal_chunks`)."""
    elapsed_s: float = 0.0
    low: np.ndarray | None = None
    low_winners: np.ndarray | None = None

    @property
    def n(self) -> int:
        """Deals held."""
        return int(self.holes.shape[0])

    def __len__(self) -> int:
        return self.n

    @property
    def n_players(self) -> int:
        """Players at the table."""
        return len(self.players)

    @property
    def share(self) -> np.ndarray:
        """``float64[n, n_players]``: each player's share of the pot (1 / winners, or 0).

        Hi-lo: half for the high hand(s) and half for the low hand(s), or all
        of it for the high hand(s) when no low qualifies.
        """
        k = self.winners.sum(axis=1, keepdims=True)
        out: np.ndarray = self.winners / k
        if self.low_winners is not None:
            k_low = self.low_winners.sum(axis=1, keepdims=True)
            split = k_low > 0
            out = np.where(split, out / 2 + self.low_winners / np.maximum(k_low, 1) / 2, out)
        return out

    @property
    def equity(self) -> np.ndarray:
        """``float64[n_players]``: the mean share of the pot, each player's equity."""
        out: np.ndarray = self.share.mean(axis=0)
        return out

    def counts(self) -> np.ndarray:
        """``int64[n_players, n_players + 1]``: :attr:`equity.EquityResult.counts` of the deals.

        ``counts[p, k]`` (k >= 1) is the number of deals in which player p
        shares the best hand with k players in all.  Hi-lo counts half-pots,
        as calculate's: the high half and the low half, each shared by its
        winners, and both halves to the high hand(s) when no low qualifies.
        """
        k = self.winners.sum(axis=1)
        out = np.zeros((self.n_players, self.n_players + 1), dtype=np.int64)
        for p in range(self.n_players):
            out[p] = np.bincount(k[self.winners[:, p]], minlength=self.n_players + 1)
        if self.low_winners is not None:  # hi-lo: half-pots
            k_low = self.low_winners.sum(axis=1)
            for p in range(self.n_players):
                no_low = self.winners[:, p] & (k_low == 0)  # the high hand takes both halves
                out[p] += np.bincount(k[no_low], minlength=self.n_players + 1)
                out[p] += np.bincount(k_low[self.low_winners[:, p]], minlength=self.n_players + 1)
        return out

    def hands_text(self) -> list[list[str]]:
        """Each deal's hole cards as text (``[["AsKs", "7d2c"], ...]``): small batches only."""
        return [[format_cards(h) for h in deal] for deal in self.holes.tolist()]

    def to_frame(self) -> pd.DataFrame:
        """A tidy DataFrame: one row per deal and player.

        Columns: ``deal`` (index in the run), ``player`` (0-based), ``hand``
        (hole cards, text, highest first), ``board`` (text, as dealt: the known
        cards first; absent without a board) and its texture
        (:data:`equity.analysis.textures.COLUMNS`),
        ``strength``, ``category`` (strongest first), ``win`` (the player
        shares the pot), ``share`` (of the pot), and for hold'em and short
        deck ``class`` (``"AKs"``, ``"QQ"``, ``"72o"``).  Hi-lo adds ``low``
        (the player's low, ``"8-6-4-2-A"``, missing when none qualifies) and
        ``low_win`` (shares the low half); there ``strength``, ``category``
        and ``win`` are the high hand's.  Text columns are pandas
        categoricals (one copy of each distinct string).
        """
        import pandas as pd

        n, n_players = self.n, self.n_players
        columns: dict[str, Any] = {
            "deal": np.repeat(np.arange(self.first, self.first + n, dtype=np.int64), n_players),
            "player": np.tile(np.arange(n_players, dtype=np.int8), n),
            "hand": _cards_column(self.holes.reshape(n * n_players, -1), ordered=True),
        }
        if self.board.shape[1]:
            board = _cards_column(self.board)
            columns["board"] = pd.Categorical.from_codes(
                np.repeat(board.codes, n_players), dtype=board.dtype
            )
            if self.board.shape[1] >= 3:
                columns |= texture_columns(self.board, n_players, self.game)
        columns["strength"] = self.strength.reshape(-1)
        columns["category"] = pd.Categorical.from_codes(
            self.category.reshape(-1),
            dtype=pd.CategoricalDtype(list(self.categories), ordered=True),
        )
        columns["win"] = self.winners.reshape(-1)
        if self.low is not None and self.low_winners is not None:
            columns["low"] = _low_column(self.low.reshape(-1))
            columns["low_win"] = self.low_winners.reshape(-1)
        columns["share"] = self.share.reshape(-1)
        if self.holes.shape[2] == 2 and get_game(self.game).ranges:
            columns["class"] = pd.Categorical.from_codes(
                _class_codes(self.holes.reshape(n * n_players, 2)),
                dtype=pd.CategoricalDtype(list(CLASSES)),
            )
        return pd.DataFrame(columns)

    def __repr__(self) -> str:
        shown = ", ".join(f"{p}: {e:.4%}" for p, e in zip(self.players, self.equity, strict=True))
        return (
            f"Deals({self.game}, {self.n:,} deals from {self.first:,}, seed {self.seed}, "
            f"equity {shown})"
        )


def _cards_column(cards: np.ndarray, ordered: bool = False) -> Any:
    """A categorical of the rows of ``cards`` as text (``"AsKs"``), one string per distinct row.

    ``ordered``: each row's cards highest first (a hand), else as dealt (a board).
    """
    import pandas as pd

    if ordered:
        cards = -np.sort(-cards.astype(np.int16), axis=1)

    keys = np.zeros(len(cards), dtype=np.int64)
    for j in range(cards.shape[1]):
        keys |= cards[:, j].astype(np.int64) << (6 * j)
    unique, inverse = np.unique(keys, return_inverse=True)
    labels = [
        format_cards([(int(k) >> (6 * j)) & 63 for j in range(cards.shape[1])]) for k in unique
    ]
    return pd.Categorical.from_codes(inverse.reshape(-1), dtype=pd.CategoricalDtype(labels))


def _low_column(low: np.ndarray) -> Any:
    """A categorical of low codes as text (``"8-6-4-2-A"``), missing for no low."""
    import pandas as pd

    unique, inverse = np.unique(low, return_inverse=True)
    labels = [low_mask_text(int(code)) for code in unique]
    names = [t for t in labels if t is not None]
    index = {t: i for i, t in enumerate(names)}
    lookup = np.array([-1 if t is None else index[t] for t in labels], dtype=np.int64)
    return pd.Categorical.from_codes(lookup[inverse.reshape(-1)], dtype=pd.CategoricalDtype(names))


def _class_codes(holes: np.ndarray) -> np.ndarray:
    """Index into :data:`~equity.ranges.classes.CLASSES` of each two-card hand (grid order)."""
    a = holes[:, 0].astype(np.int64)
    b = holes[:, 1].astype(np.int64)
    hi, lo = np.maximum(a, b), np.minimum(a, b)
    r1, r2 = 12 - (hi >> 2), 12 - (lo >> 2)
    suited = (hi & 3) == (lo & 3)
    out: np.ndarray = np.where(suited | (r1 == r2), r1 * 13 + r2, r2 * 13 + r1)
    return out


def _deals(plan: DealPlan, first: int, run: int, started: float) -> Deals:
    """The :class:`Deals` of batches ``first .. first + run - 1``."""
    holes, board = plan.record(first, run)
    strength, category, winners, *low = showdown(plan.job, holes, board)
    job = plan.job
    names = job.rules.categories if job.rules is not None else job.game.categories
    return Deals(
        game=job.game.name,
        players=tuple(p.label for p in job.players),
        seed=plan.seed,
        batch_size=plan.batch_size,
        holes=holes,
        board=board,
        strength=strength,
        category=category,
        winners=winners,
        categories=tuple(names),
        first=first * plan.batch_size,
        elapsed_s=time.perf_counter() - started,
        low=low[0] if low else None,
        low_winners=low[1] if low else None,
    )


def _plan(
    game: str,
    players: int | None,
    n: object,
    seed: object,
    hands: Sequence[object] | None,
    board: object,
    dead: object,
    rules: Any,
    independent_decks: bool,
    batch_size: int | None,
    limit: int,
) -> DealPlan:
    g = get_game(game)
    if isinstance(hands, (str, bytes)):
        raise ValueError("hands must be a list of hands, one per player")
    given = list(hands) if hands is not None else []
    if players is None:
        players = max(2, len(given))
    if isinstance(players, bool) or not isinstance(players, (int, np.integer)):
        raise ValueError(f"players must be a whole number, got {players!r}")
    if len(given) > players:
        raise ValueError(f"{len(given)} hands given for {players} players")
    g.check_players(int(players))
    count = check_count(n, "n")
    if count * players > limit:
        raise ValueError(
            f"{count:,} deals of {players} players are {count * players:,} rows, above the "
            f"limit of {limit_text(limit)}"
            + (" (deal_chunks and equity deal --out stream more)" if limit == MAX_ROWS else "")
        )
    checked = check_seed(seed)
    used_seed = fresh_seed() if checked is None else checked
    size = deal_batch_size(count) if batch_size is None else check_count(batch_size, "batch_size")
    check_exact_dead(dead)
    slots = board_pattern(board)
    if slots is not None:
        raise ValueError(
            f"deals take a known board, not a partly known one ({format_pattern(slots)!r}: "
            "calculate enumerates those exactly)"
        )
    job = prepare(
        [*given, *["random"] * (int(players) - len(given))],
        board,
        dead,
        g,
        rules,
        independent_decks,
    )
    return deal_plan(job, count, used_seed, size)


@overload
def deal(
    game: str = ...,
    players: int | None = ...,
    n: int = ...,
    seed: int | None = ...,
    hands: Sequence[object] | None = ...,
    board: object = ...,
    dead: object = ...,
    *,
    rules: Any = ...,
    independent_decks: bool = ...,
    batch_size: int | None = ...,
    boards: Literal[1] = ...,
    board2: object = ...,
) -> Deals: ...


@overload
def deal(
    game: str = ...,
    players: int | None = ...,
    n: int = ...,
    seed: int | None = ...,
    hands: Sequence[object] | None = ...,
    board: object = ...,
    dead: object = ...,
    *,
    rules: Any = ...,
    independent_decks: bool = ...,
    batch_size: int | None = ...,
    boards: Literal[2],
    board2: object = ...,
) -> DoubleDeals: ...


def deal(
    game: str = "holdem",
    players: int | None = None,
    n: int = 1_000_000,
    seed: int | None = None,
    hands: Sequence[object] | None = None,
    board: object = "",
    dead: object = "",
    *,
    rules: Any = None,
    independent_decks: bool = False,
    batch_size: int | None = None,
    boards: int = 1,
    board2: object = "",
) -> Deals | DoubleDeals:
    """Deal ``n`` complete hands, as :func:`equity.calculate`'s Monte-Carlo deals them.

    Parameters
    ----------
    game : str
        A game of :data:`equity.games.GAMES` (``"holdem"``, ``"omaha"``,
        ``"omaha-hilo"``, ``"zjh"``, ...).
    players : int, optional
        Players at the table (default: one per hand of ``hands``, at least 2).
        Players without a hand in ``hands`` are dealt at random.
    n : int
        Deals (at most :data:`MAX_ROWS` deal-player rows in all).
    seed : int, optional
        Seed of the random streams (drawn and recorded when omitted).
    hands : sequence, optional
        One entry per player, as for :func:`equity.calculate`: cards,
        ``"random"``, a hold'em range (``"QQ+,AKs"``) or an Omaha pattern
        (``"AA**"``, ``"KQJT ds"``).
    board, dead : str or cards
        Known board cards (0, 3, 4 or 5) and cards out of play.
    rules, independent_decks, batch_size
        As for :func:`equity.calculate` (``batch_size`` defaults to its rule,
        :func:`deal_batch_size`).
    boards, board2
        ``boards=2``: two boards from one deck, each deciding half the pot, as
        :func:`equity.double_board` deals them (known ``hands`` only; ``board``
        and ``board2`` the boards' known cards): a
        :class:`~equity.analysis.double_deals.DoubleDeals`, whose frame has a
        ``board1`` and a ``board2`` column.

    Notes
    -----
    The deals are those ``calculate(hands, board, dead, method="monte-carlo",
    trials=n, seed=seed)`` scores: ``deal(...).counts()`` equals that
    result's ``counts``.

    Examples
    --------
    >>> d = deal(hands=["AsAd", "KK"], n=1000, seed=1)
    >>> d.holes.shape, d.board.shape, d.categories[0]
    ((1000, 2, 2), (1000, 5), 'straight flush')
    >>> from equity import calculate
    >>> r = calculate(["AsAd", "KK"], method="monte-carlo", trials=1000, seed=1)
    >>> bool((d.counts() == r.counts).all())
    True
    """
    if boards == 2:
        if players is not None and hands is not None and players != len(hands):
            raise ValueError("two boards take known hands only: one hand per player")
        return deal_two_boards(hands or [], board, board2, dead, game=game, n=n, seed=seed,
                               batch_size=batch_size)  # fmt: skip
    if boards != 1 or board2:
        raise ValueError(f"boards must be 1 or 2 (board2 needs boards=2), got {boards!r}")
    started = time.perf_counter()
    plan = _plan(game, players, n, seed, hands, board, dead, rules, independent_decks,
                 batch_size, MAX_ROWS)  # fmt: skip
    per_chunk = plan.batches_per_chunk(4 * CHUNK_ROWS)
    if per_chunk >= plan.n_batches:
        return _deals(plan, 0, plan.n_batches, started)
    # Large runs: dealt and evaluated chunk by chunk into the final arrays (bounded scratch).
    job = plan.job
    shape = (plan.n, job.n_players)
    holes = np.empty((*shape, job.n_hole), dtype=np.uint8)
    board_cards = np.empty((plan.n, job.board_total), dtype=np.uint8)
    strength = np.empty(shape, dtype=np.int32)
    category = np.empty(shape, dtype=np.int8)
    winners = np.empty(shape, dtype=np.bool_)
    low: np.ndarray | None = None
    low_winners: np.ndarray | None = None
    part = None
    for first in range(0, plan.n_batches, per_chunk):
        part = _deals(plan, first, min(per_chunk, plan.n_batches - first), started)
        rows = slice(part.first, part.first + part.n)
        holes[rows], board_cards[rows] = part.holes, part.board
        strength[rows], category[rows], winners[rows] = part.strength, part.category, part.winners
        if part.low is not None and part.low_winners is not None:
            low, low_winners = _omaha_low_arrays(low, low_winners, shape)
            low[rows], low_winners[rows] = part.low, part.low_winners
    assert part is not None
    return replace(
        part,
        holes=holes,
        board=board_cards,
        strength=strength,
        category=category,
        winners=winners,
        first=0,
        elapsed_s=time.perf_counter() - started,
        low=low,
        low_winners=low_winners,
    )


def _omaha_low_arrays(
    low: np.ndarray | None, low_winners: np.ndarray | None, shape: tuple[int, int]
) -> tuple[np.ndarray, np.ndarray]:
    """The hi-lo arrays of a large :func:`deal`, made on the first chunk."""
    if low is None or low_winners is None:
        return np.empty(shape, dtype=np.int32), np.empty(shape, dtype=np.bool_)
    return low, low_winners


def deal_chunks(
    game: str = "holdem",
    players: int | None = None,
    n: int = 1_000_000,
    seed: int | None = None,
    hands: Sequence[object] | None = None,
    board: object = "",
    dead: object = "",
    *,
    rules: Any = None,
    independent_decks: bool = False,
    batch_size: int | None = None,
    chunk_rows: int = CHUNK_ROWS,
) -> Iterator[Deals]:
    """The deals of :func:`deal`, in order, as chunks of about ``chunk_rows`` deal-player rows.

    Memory stays bounded whatever ``n`` (up to :data:`MAX_ROWS_STREAMED`
    rows); each chunk's :attr:`Deals.first` is its first deal's index.  The
    arguments are checked before the first chunk is dealt (a ``ValueError``
    at the call, not on iteration).
    """
    plan = _plan(game, players, n, seed, hands, board, dead, rules, independent_decks,
                 batch_size, MAX_ROWS_STREAMED)  # fmt: skip
    per_chunk = plan.batches_per_chunk(check_count(chunk_rows, "chunk_rows"))

    def chunks() -> Iterator[Deals]:
        for first in range(0, plan.n_batches, per_chunk):
            run = min(per_chunk, plan.n_batches - first)
            yield _deals(plan, first, run, time.perf_counter())

    return chunks()
