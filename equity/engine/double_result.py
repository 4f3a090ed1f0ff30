"""The answer of a two-board spot (:func:`equity.double_board`, ``equity query --boards 2``).

Each board decides half the pot (in hi-lo, each board's half splits high and
low again).  A player's result on one board is its *class*: **win** (all of
that board's half: in hi-lo the high and the low, or the high with no
qualifying low), **split** (a part of it, not all: a tie, or one side of a
hi-lo board, or a quarter of it) or **lose** (nothing).  The outcome classes
of a deal, for each player, are the pairs of board classes, in any order:

``scoop``        win both boards: the whole pot;
``win_split``    win one board, a part of the other;
``win_lose``     win one board, nothing of the other (half the pot);
``split_split``  a part of each board, all of neither;
``split_lose``   a part of one board, nothing of the other;
``lose``         nothing of either board.

They are disjoint and sum to 1; ``win_one`` is ``win_split + win_lose``.
``quartered`` (apart, overlapping them) is the chance of winning exactly a
quarter of the pot: half of one board and nothing of the other, or a
quarter of each board.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

__all__ = ["OUTCOMES", "DoubleBoardResult"]

OUTCOMES = (
    "scoop",
    "win_split",
    "win_lose",
    "split_split",
    "split_lose",
    "lose",
    "win_one",
    "quartered",
)
"""The outcome classes of :class:`DoubleBoardResult`, in the order its tables show them."""

# (board-1 class, board-2 class) pairs of each disjoint outcome: 0 lose, 1 split, 2 win
_CELLS = {
    "scoop": ((2, 2),),
    "win_split": ((2, 1), (1, 2)),
    "win_lose": ((2, 0), (0, 2)),
    "split_split": ((1, 1),),
    "split_lose": ((1, 0), (0, 1)),
    "lose": ((0, 0),),
    "win_one": ((2, 1), (1, 2), (2, 0), (0, 2)),
}


def outcome_shares(joint: np.ndarray, quarter: np.ndarray) -> dict[str, np.ndarray]:
    """Each outcome class's count per player (or per batch and player) from the tallies.

    Shapes
    ------
    joint : int64[..., n_players, 3, 3]; quarter : int64[..., n_players]
    return : name -> int64[..., n_players]
    """
    shares = {
        name: sum((joint[..., a, b] for a, b in cells), np.zeros_like(quarter))
        for name, cells in _CELLS.items()
    }
    shares["quartered"] = quarter
    return shares


@dataclass(frozen=True, eq=False)
class DoubleBoardResult:
    """Equity on two boards dealt from one deck, each deciding half the pot.

    ``board_equity[k, p]`` is player ``p``'s expected share of board ``k``'s
    half (0..1), ``equity[p]`` its share of the whole pot (the mean of the
    two), ``outcomes[name][p]`` the chance of each outcome class (module
    doc); with Monte-Carlo each has its standard error in ``stderr``,
    ``board_stderr`` and ``outcomes_stderr`` (from batch means), else these
    are None and every figure is exact.
    """

    game: str
    """The game's name."""
    hands: tuple[str, ...]
    """Each player's hole cards."""
    boards: tuple[str, str]
    """The known cards of board 1 and board 2 (``""`` for none)."""
    dead: str
    """Cards out of play."""
    method: str
    """``"exact"`` (every pair of boards enumerated) or ``"monte-carlo"``."""
    samples: int
    """Pairs of boards enumerated, or Monte-Carlo trials."""
    board_equity: np.ndarray
    """``float64[2, n_players]``: the share of each board's half."""
    equity: np.ndarray
    """``float64[n_players]``: the share of the whole pot."""
    outcomes: dict[str, np.ndarray]
    """Outcome class -> ``float64[n_players]``, its chance (module doc)."""
    seed: int | None = None
    """Monte-Carlo seed (None when exact)."""
    batch_size: int | None = None
    """Monte-Carlo trials per random stream."""
    stderr: np.ndarray | None = None
    """``float64[n_players]``: standard error of :attr:`equity` (None when exact)."""
    board_stderr: np.ndarray | None = None
    """``float64[2, n_players]``: standard error of :attr:`board_equity`."""
    outcomes_stderr: dict[str, np.ndarray] | None = None
    """Outcome class -> standard error of its chance."""
    elapsed_s: float = 0.0
    """Wall seconds of the run."""
    interrupted: bool = False
    """Monte-Carlo stopped by Ctrl-C: the figures of the trials done (``samples``)."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Room for later fields."""

    @property
    def exact(self) -> bool:
        """Whether every figure is exact."""
        return self.method == "exact"

    @property
    def n_players(self) -> int:
        """Number of players."""
        return len(self.hands)

    def to_frame(self) -> pd.DataFrame:
        """One row per player: hand, each board's equity, the total and the outcome classes."""
        data: dict[str, Any] = {
            "hand": list(self.hands),
            "board1": self.board_equity[0],
            "board2": self.board_equity[1],
            "equity": self.equity,
        }
        if self.stderr is not None:
            data["stderr"] = self.stderr
        for name in OUTCOMES:
            data[name] = self.outcomes[name]
        frame = pd.DataFrame(data)
        frame.index.name = "player"
        return frame

    def to_dict(self) -> dict[str, Any]:
        """The result as plain JSON-ready values (``equity query --boards 2 --json``)."""

        def listed(a: np.ndarray | None) -> Any:
            return None if a is None else np.asarray(a).tolist()

        return {
            "game": self.game,
            "hands": list(self.hands),
            "boards": list(self.boards),
            "dead": self.dead,
            "method": self.method,
            "exact": self.exact,
            "samples": self.samples,
            "seed": self.seed,
            "batch_size": self.batch_size,
            "equity": listed(self.equity),
            "stderr": listed(self.stderr),
            "board_equity": listed(self.board_equity),
            "board_stderr": listed(self.board_stderr),
            "outcomes": {k: listed(v) for k, v in self.outcomes.items()},
            "outcomes_stderr": None
            if self.outcomes_stderr is None
            else {k: listed(v) for k, v in self.outcomes_stderr.items()},
            "elapsed_s": self.elapsed_s,
            "interrupted": self.interrupted,
        }

    def __str__(self) -> str:
        """The table ``equity query --boards 2`` prints."""
        boards = " | ".join(b or "-" for b in self.boards)
        if self.exact:
            head = f"{self.game}, boards {boards}: exact, {self.samples:,} pairs of boards"
        else:
            head = (
                f"{self.game}, boards {boards}: Monte-Carlo estimate, {self.samples:,} trials, "
                f"seed {self.seed}"
            )
        if self.dead:
            head += f", dead {self.dead}"
        if self.interrupted:
            head += " (interrupted: result so far)"
        frame = self.to_frame()
        headers = ["hand", "board 1", "board 2", "equity"]
        if self.stderr is not None:
            headers.append("std err")
        headers += ["scoop", "win+split", "win+lose", "split+split", "split+lose", "lose"]
        headers += ["win one", "quartered"]
        order = ["board1", "board2", "equity", *(["stderr"] if self.stderr is not None else [])]
        order += list(OUTCOMES)
        lines = [head, "  ".join(f"{h:>11}" if i else f"{h:<14}" for i, h in enumerate(headers))]
        for p in range(self.n_players):
            cells = [f"{self.hands[p]:<14}"]
            cells += [f"{frame[c].iloc[p]:>11.4%}" for c in order]
            lines.append("  ".join(cells))
        lines.append(
            "each board is half the pot; win = all of a board, split = a part of it, "
            "lose = none; quartered = exactly a quarter of the pot"
        )
        lines.append(
            "figures are exact (every pair of boards enumerated)"
            if self.exact
            else "figures are Monte-Carlo estimates; std err from batch means"
        )
        return "\n".join(lines)

    def __repr__(self) -> str:
        """A one-line summary: game, boards, method and equities."""
        eq = ", ".join(f"{h}: {e:.4f}" for h, e in zip(self.hands, self.equity, strict=True))
        return f"DoubleBoardResult({self.game}, {self.method}, {eq})"
