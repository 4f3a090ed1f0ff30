"""Two-board deals as data: the Monte-Carlo deals of :func:`equity.double_board`.

:func:`deal_two_boards` (``equity.deal(hands=..., boards=2, board2=...)``) deals
``n`` pairs of boards from one deck exactly as ``double_board(hands, board,
board2, method="monte-carlo", trials=n, seed=s)`` scores them (same batches
and streams), with each player's share of each board: the mean of
:attr:`DoubleDeals.share1` is that result's board equity.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ..cards import format_cards
from ..checks import check_count, check_seed, fresh_seed, limit_text
from ..engine.double_board import board_units, deal_boards, double_spot
from ..engine.double_result import OUTCOMES
from ..engine.plan import default_batch_size

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["MAX_DEALS", "DoubleDeals", "deal_two_boards"]

MAX_DEALS = 20_000_000
"""Most pairs of boards :func:`deal_two_boards` holds in memory."""


@dataclass(frozen=True)
class DoubleDeals:
    """Pairs of boards dealt from one deck, and each player's share of each board.

    Deal ``i`` is deal ``i`` of the Monte-Carlo run of ``seed``.

    Shapes
    ------
    holes : uint8[n_players, hole cards] (the known hands); board1, board2 : uint8[n, 5]
    (known cards first); share1, share2 : float64[n, n_players], each player's share of
    that board's half of the pot (0..1)
    """

    game: str
    seed: int
    batch_size: int
    holes: np.ndarray
    board1: np.ndarray
    board2: np.ndarray
    share1: np.ndarray
    share2: np.ndarray
    elapsed_s: float = 0.0

    @property
    def n(self) -> int:
        """Deals held."""
        return int(self.board1.shape[0])

    def __len__(self) -> int:
        return self.n

    @property
    def share(self) -> np.ndarray:
        """``float64[n, n_players]``: each player's share of the whole pot (the boards' mean)."""
        out: np.ndarray = (self.share1 + self.share2) / 2
        return out

    @property
    def equity(self) -> np.ndarray:
        """``float64[n_players]``: the mean share of the pot."""
        out: np.ndarray = self.share.mean(axis=0)
        return out

    def outcome(self) -> np.ndarray:
        """Each deal's outcome class per player (:mod:`equity.engine.double_result`):
        ``"scoop"``, ``"win_split"``, ``"win_lose"``, ``"split_split"``, ``"split_lose"``
        or ``"lose"`` (``str[n, n_players]``)."""
        a = np.where(self.share1 == 1, 2, (self.share1 > 0).astype(np.int64))
        b = np.where(self.share2 == 1, 2, (self.share2 > 0).astype(np.int64))
        hi, lo = np.maximum(a, b), np.minimum(a, b)
        names = np.array(
            [
                ["lose", "", ""],
                ["split_lose", "split_split", ""],
                ["win_lose", "win_split", "scoop"],
            ]
        )
        out: np.ndarray = names[hi, lo]
        return out

    def to_frame(self) -> pd.DataFrame:
        """A tidy DataFrame: one row per deal and player.

        Columns: ``deal``, ``player`` (0-based), ``hand``, ``board1`` and
        ``board2`` (text, known cards first), ``share1``, ``share2`` (of each
        board's half), ``share`` (of the pot) and ``outcome`` (the class of the
        deal for that player, a categorical of
        :data:`equity.engine.double_result.OUTCOMES`).
        """
        import pandas as pd

        n, n_players = self.n, len(self.holes)
        hands = [format_cards(h) for h in self.holes.tolist()]
        classes = [c for c in OUTCOMES if c not in ("win_one", "quartered")]
        columns: dict[str, Any] = {
            "deal": np.repeat(np.arange(n, dtype=np.int64), n_players),
            "player": np.tile(np.arange(n_players, dtype=np.int8), n),
            "hand": pd.Categorical.from_codes(
                np.tile(np.arange(n_players), n), dtype=pd.CategoricalDtype(hands)
            ),
        }
        for name, board in (("board1", self.board1), ("board2", self.board2)):
            text = [format_cards(b) for b in board.tolist()]
            columns[name] = pd.Categorical(np.repeat(np.array(text, dtype=object), n_players))
        columns["share1"] = self.share1.reshape(-1)
        columns["share2"] = self.share2.reshape(-1)
        columns["share"] = self.share.reshape(-1)
        columns["outcome"] = pd.Categorical(self.outcome().reshape(-1), categories=classes)
        return pd.DataFrame(columns)

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{format_cards(h)}: {e:.4%}"
            for h, e in zip(self.holes.tolist(), self.equity, strict=True)
        )
        return f"DoubleDeals({self.game}, {self.n:,} deals, seed {self.seed}, equity {shown})"


def deal_two_boards(
    hands: Sequence[object],
    board: object = "",
    board2: object = "",
    dead: object = "",
    *,
    game: str = "holdem",
    n: int = 100_000,
    seed: int | None = None,
    batch_size: int | None = None,
) -> DoubleDeals:
    """Deal ``n`` pairs of boards from one deck, as :func:`equity.double_board` deals them.

    Parameters
    ----------
    hands : sequence
        Every player's known hole cards.
    board, board2, dead : str or cards
        Each board's known cards (0, 3, 4 or 5) and cards out of play.
    game, n, seed, batch_size
        As for :func:`equity.double_board` (``n`` its ``trials``, at most
        :data:`MAX_DEALS`).

    Examples
    --------
    >>> d = deal_two_boards(["AsKs", "QhQd"], "Qs7s2c", n=1000, seed=1)
    >>> d.board1.shape, d.board2.shape, format_cards(d.board1[0, :3])
    ((1000, 5), (1000, 5), 'Qs7s2c')
    """
    started = time.perf_counter()
    spot = double_spot(hands, board, board2, dead, game)
    count = check_count(n, "n")
    if count > MAX_DEALS:
        raise ValueError(f"n {count:,} is above the limit of {limit_text(MAX_DEALS)} deals")
    checked = check_seed(seed)
    used_seed = fresh_seed() if checked is None else checked
    size = (
        default_batch_size(count) if batch_size is None else check_count(batch_size, "batch_size")
    )
    n_batches = -(-count // size)
    board1, board2_cards = deal_boards(spot, count, used_seed, size, 0, n_batches)
    full = spot.full
    return DoubleDeals(
        game=spot.game.name,
        seed=used_seed,
        batch_size=size,
        holes=spot.holes,
        board1=board1,
        board2=board2_cards,
        share1=board_units(spot, board1) / full,
        share2=board_units(spot, board2_cards) / full,
        elapsed_s=time.perf_counter() - started,
    )
