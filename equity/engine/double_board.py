"""Two boards dealt from one deck, each deciding half the pot (double-board, bomb pots).

:func:`double_board` (``equity.double_board``, ``equity query --boards 2``)
completes both boards from the same live deck (the cards no player holds,
not dead, not on either board), no card on both.

Exact when the pairs of boards can be counted quickly (:data:`EXACT_PAIR_LIMIT`,
e.g. both flops known): every completion of each board is evaluated once by
the game's evaluator and turned into each player's share of that board
(:mod:`equity.kernels.double_board`: ``holdem_board_units``,
``omaha_board_units``), then ``tally_pairs`` pairs every board-1 completion
with every board-2 completion sharing no card.  Otherwise Monte-Carlo:
``deal_board_pairs`` deals the pairs batch by batch, each batch from its own
stream of ``seed`` (the same counts on any thread count), and the standard
errors come from the spread of the batch means.

Each board's equity alone is then the one-board equity with the other
board's known cards dead (exactly so when enumerated): dealing the other
board from the cards left does not change the first board's distribution.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Sequence
from typing import Any

import numba
import numpy as np

from ..cards import format_cards, parse_cards
from ..checks import DEFAULT_TRIALS, check_count, check_seed, check_trials, fresh_seed
from ..control import stop_requested
from ..games import Game, a_hand_of
from ..games import game as game_named
from ..kernels._jit import warming
from ..kernels.double_board import (
    deal_board_pairs,
    holdem_board_units,
    omaha_board_units,
    tally_pairs,
    tally_trials,
)
from ..kernels.rng import batch_seeds
from ..lookup import holdem_tables
from ..lookup.omaha import omaha_tables
from .double_result import DoubleBoardResult, outcome_shares
from .families.omaha import known_hand_rows
from .job import check_distinct
from .plan import check_threads, default_batch_size

__all__ = [
    "EXACT_HARD_LIMIT",
    "EXACT_PAIR_LIMIT",
    "DoubleSpot",
    "board_units",
    "deal_boards",
    "double_board",
    "double_spot",
]

EXACT_PAIR_LIMIT = 20_000_000
"""``method="auto"`` enumerates when the pairs of boards times the players are at most this
(about a second): both flops known, a flop and a turn, a turn and a river, one board known."""

EXACT_HARD_LIMIT = 2_000_000_000
"""``method="exact"`` refuses more pairs of boards times players than this."""

_ROUND = 1 << 18
"""Monte-Carlo trials dealt and scored per round (bounded memory)."""


def double_board(
    hands: Sequence[object],
    board: object = "",
    board2: object = "",
    dead: object = "",
    *,
    game: str = "holdem",
    method: str = "auto",
    trials: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    batch_size: int | None = None,
) -> DoubleBoardResult:
    """Equity on two boards from one deck, each deciding half the pot.

    Parameters
    ----------
    hands : sequence of str or cards
        Each player's hole cards, all known (2 in hold'em, 4-6 in Omaha).
    board, board2 : str or cards
        The known cards of board 1 and board 2 (0, 3, 4 or 5 each).
    dead : str or cards
        Cards out of play.
    game : str
        ``"holdem"`` or an Omaha game (``"omaha"``, ``"omaha5"``, ``"omaha6"``,
        ``"omaha-hilo"``, ``"omaha5-hilo"``; Big O is ``"omaha5-hilo"``).
    method : {"auto", "exact", "monte-carlo"}
        ``auto`` enumerates when at most :data:`EXACT_PAIR_LIMIT` pairs of
        boards times players, else Monte-Carlo.
    trials, seed, threads, batch_size
        Monte-Carlo trials (default 1,000,000), seed (drawn and recorded when
        omitted), worker threads and trials per random stream, as for
        :func:`equity.calculate`; the counts do not depend on ``threads``.

    Returns
    -------
    DoubleBoardResult
        Per-board and total equity and the outcome classes
        (:mod:`equity.engine.double_result`).

    Examples
    --------
    >>> r = double_board(["AsKs", "QhQd"], "Qs7s2c", "Kd8c3h")
    >>> r.method, r.samples
    ('exact', 671580)
    >>> [round(float(e), 4) for e in r.board_equity[:, 0]]
    [0.2683, 0.9524]
    """
    if method not in ("auto", "exact", "monte-carlo"):
        raise ValueError(f"method must be 'auto', 'exact' or 'monte-carlo', got {method!r}")
    check_threads(threads)
    trials = check_trials(trials)
    seed = check_seed(seed)
    batch_size = None if batch_size is None else check_count(batch_size, "batch_size")
    spot = double_spot(hands, board, board2, dead, game)
    m1, m2 = (5 - len(k) for k in spot.known)
    n_live = len(spot.live)
    n_pairs = math.comb(n_live, m1) * math.comb(n_live - m1, m2)
    work = n_pairs * spot.n_players
    if method == "exact" and work > EXACT_HARD_LIMIT:
        raise ValueError(
            f"exact enumeration of two boards would take {n_pairs:,} pairs of boards (the "
            f"limit is {EXACT_HARD_LIMIT // spot.n_players:,} for {spot.n_players} players); "
            "use method='monte-carlo'"
        )
    exact = method == "exact" or (method == "auto" and work <= EXACT_PAIR_LIMIT)
    start = time.perf_counter()
    previous = numba.get_num_threads()
    if threads is not None:
        numba.set_num_threads(threads)
    try:
        if exact:
            result = _exact(spot)
        else:
            seed = fresh_seed() if seed is None else seed
            n = DEFAULT_TRIALS if trials is None else trials
            result = _monte_carlo(spot, n, seed, batch_size or default_batch_size(n))
    finally:
        numba.set_num_threads(previous)
    return DoubleBoardResult(
        game=spot.game.name,
        hands=tuple(format_cards(h) for h in spot.holes.tolist()),
        boards=(format_cards(spot.known[0]), format_cards(spot.known[1])),
        dead=format_cards(spot.dead),
        elapsed_s=time.perf_counter() - start,
        **result,
    )


def double_spot(
    hands: Sequence[object], board: object, board2: object, dead: object, game: str
) -> DoubleSpot:
    """The checked spot of :func:`double_board` (and of ``equity.deal(..., boards=2)``), or the
    ``ValueError`` sentence naming the bad input."""
    g = game_named(game)
    if not g.two_boards:
        raise ValueError(f"two boards are dealt in holdem and the Omaha games, not in {g.name!r}")
    holes = _parse_hands(hands, g)
    known = [_parse_board(b, name) for b, name in ((board, "board"), (board2, "board2"))]
    dead_cards = _parse_board(dead, "dead", any_size=True)
    check_distinct(
        [*((f"hand {p}", list(h)) for p, h in enumerate(holes)),
         ("board", known[0]), ("board2", known[1]), ("dead", dead_cards)]
    )  # fmt: skip
    used = {c for h in holes for c in h} | set(known[0]) | set(known[1]) | set(dead_cards)
    live = np.array(sorted(set(range(52)) - used), dtype=np.uint8)
    need = 10 - len(known[0]) - len(known[1])
    if need > len(live):
        raise ValueError(f"the two boards need {need} more cards, only {len(live)} are left")
    return DoubleSpot(g, np.array(holes, dtype=np.uint8), known, dead_cards, live)


class DoubleSpot:
    """A checked two-board spot: the game, the hands, each board's known cards, the live deck."""

    def __init__(
        self, g: Game, holes: np.ndarray, known: list[list[int]], dead: list[int], live: np.ndarray
    ):
        self.game = g
        self.holes = holes
        """``uint8[n_players, hole cards]``: the known hands."""
        self.known = known
        """The known cards of board 1 and board 2."""
        self.dead = dead
        """Cards out of play."""
        self.live = live
        """``uint8[n_live]``: the cards the boards are completed from."""
        self.n_players = len(holes)
        self.full = 2 * math.lcm(*range(1, self.n_players + 1))
        """Units of one board: divisible by twice any number of tied hands (hi-lo halves)."""
        self.rows = known_hand_rows(holes, holes.shape[1]) if g.evaluator == "omaha" else None
        """Omaha: each hand's precomputed high values (``kernels.omaha.hand_rows``)."""


def _parse_hands(hands: Sequence[object], g: Game) -> list[list[int]]:
    """Each player's known hole cards, or the sentence naming the hand that is not."""
    if isinstance(hands, str) or len(hands) < 2:
        raise ValueError("two boards need at least two hands, one per player")
    low, high = g.players
    if len(hands) > high:
        raise ValueError(f"{g.name} takes {low} to {high} players, got {len(hands)}")
    holes = []
    for p, hand in enumerate(hands):
        try:
            cards = parse_cards(hand)  # type: ignore[arg-type]
        except ValueError:
            cards = []
        if len(cards) != g.hole_cards:
            raise ValueError(
                f"hand {p} {hand!r} is not {a_hand_of(g.name)} of {g.hole_cards} known cards: "
                "two boards take known hands only"
            )
        holes.append(cards)
    return holes


def _parse_board(board: object, name: str, any_size: bool = False) -> list[int]:
    """A board's known cards (0, 3, 4 or 5; any number for ``any_size``), or the sentence
    naming it."""
    if isinstance(board, str) and not board.strip():
        return []
    cards = parse_cards(board)  # type: ignore[arg-type]
    if not any_size and len(cards) not in (0, 3, 4, 5):
        raise ValueError(f"{name} {board!r} has {len(cards)} cards: a board has 0, 3, 4 or 5")
    return cards


def board_units(spot: DoubleSpot, boards: np.ndarray) -> np.ndarray:
    """Each player's share of each board, in units of ``spot.full`` per board.

    Shapes
    ------
    boards : uint8[n, 5]; return : int64[n, n_players]
    """
    units = np.empty((len(boards), spot.n_players), dtype=np.int64)
    chunk = 1 << 12
    if spot.rows is not None:
        warming(omaha_board_units)
        omaha_board_units(
            boards, spot.holes, spot.game.hilo, spot.full, chunk, omaha_tables(), *spot.rows, units
        )
    else:
        warming(holdem_board_units)
        holdem_board_units(boards, spot.holes, spot.full, chunk, holdem_tables(), units)
    return units


def _completions(spot: DoubleSpot, b: int) -> tuple[np.ndarray, np.ndarray]:
    """Every completion of board ``b`` from the live deck: ``(boards, masks of added cards)``."""
    known = spot.known[b]
    m = 5 - len(known)
    combos = np.array(list(itertools.combinations(spot.live.tolist(), m)), dtype=np.uint8)
    combos = combos.reshape(-1, m)
    boards = np.empty((len(combos), 5), dtype=np.uint8)
    boards[:, : len(known)] = known
    boards[:, len(known) :] = combos
    masks = np.zeros(len(combos), dtype=np.uint64)
    for j in range(m):
        masks |= np.uint64(1) << combos[:, j].astype(np.uint64)
    return boards, masks


def _exact(spot: DoubleSpot) -> dict[str, Any]:
    """Every pair of completions, tallied (:func:`~equity.kernels.double_board.tally_pairs`)."""
    boards1, masks1 = _completions(spot, 0)
    boards2, masks2 = _completions(spot, 1)
    units1, units2 = board_units(spot, boards1), board_units(spot, boards2)
    chunk = max(1, -(-len(masks1) // 64))
    n_chunks = -(-len(masks1) // chunk)
    p = spot.n_players
    sums = np.zeros((n_chunks, 2, p), dtype=np.int64)
    joint = np.zeros((n_chunks, p, 3, 3), dtype=np.int64)
    quarter = np.zeros((n_chunks, p), dtype=np.int64)
    pairs = np.zeros(n_chunks, dtype=np.int64)
    tally_pairs(masks1, units1, masks2, units2, spot.full, chunk, sums, joint, quarter, pairs)
    total = int(pairs.sum())
    board_equity = sums.sum(axis=0) / (spot.full * total)
    outcomes = {
        k: v / total for k, v in outcome_shares(joint.sum(axis=0), quarter.sum(axis=0)).items()
    }
    return {
        "method": "exact",
        "samples": total,
        "board_equity": board_equity,
        "equity": board_equity.mean(axis=0),
        "outcomes": outcomes,
    }


def _monte_carlo(spot: DoubleSpot, trials: int, seed: int, batch_size: int) -> dict[str, Any]:
    """Deal ``trials`` pairs of boards in batches of ``batch_size``, each from its own stream."""
    n_batches = -(-trials // batch_size)
    p = spot.n_players
    sums = np.zeros((n_batches, 2, p), dtype=np.int64)
    joint = np.zeros((n_batches, p, 3, 3), dtype=np.int64)
    quarter = np.zeros((n_batches, p), dtype=np.int64)
    per_round = max(1, _ROUND // batch_size)
    last = 0
    with stop_requested() as stop:
        for first in range(0, n_batches, per_round):
            last = min(n_batches, first + per_round)
            boards1, boards2 = deal_boards(spot, trials, seed, batch_size, first, last)
            units1, units2 = board_units(spot, boards1), board_units(spot, boards2)
            tally_trials(
                units1, units2, spot.full, batch_size,
                sums[first:last], joint[first:last], quarter[first:last],
            )  # fmt: skip
            if stop.is_set():  # Ctrl-C: the batches done are the result
                break
    interrupted = last < n_batches
    n_batches, sums, joint, quarter = last, sums[:last], joint[:last], quarter[:last]
    sizes = np.full(n_batches, batch_size, dtype=np.float64)
    sizes[-1] = min(trials, n_batches * batch_size) - (n_batches - 1) * batch_size
    trials = int(sizes.sum())
    board_means = sums / (spot.full * sizes[:, None, None])
    counts = outcome_shares(joint, quarter)
    estimate = {k: _mean_and_stderr(v / sizes[:, None], sizes) for k, v in counts.items()}
    board_equity, board_stderr = _mean_and_stderr(board_means, sizes)
    equity, stderr = _mean_and_stderr(board_means.mean(axis=1), sizes)
    return {
        "method": "monte-carlo",
        "samples": trials,
        "seed": seed,
        "batch_size": batch_size,
        "board_equity": board_equity,
        "equity": equity,
        "stderr": stderr,
        "board_stderr": board_stderr,
        "outcomes": {k: v[0] for k, v in estimate.items()},
        "outcomes_stderr": {k: v[1] for k, v in estimate.items()},
        "interrupted": interrupted,
    }


def deal_boards(
    spot: DoubleSpot, trials: int, seed: int, batch_size: int, first: int, last: int
) -> tuple[np.ndarray, np.ndarray]:
    """The boards of batches ``first .. last - 1`` of the Monte-Carlo run of ``seed``
    (``trials`` deals in all): each board's five cards, known first.

    Shapes
    ------
    return : uint8[n, 5] twice, n the deals of those batches
    """
    known = [np.zeros(5, dtype=np.uint8) for _ in range(2)]
    for b in range(2):
        known[b][: len(spot.known[b])] = spot.known[b]
    n = min(trials, last * batch_size) - first * batch_size
    boards1 = np.empty((n, 5), dtype=np.uint8)
    boards2 = np.empty((n, 5), dtype=np.uint8)
    n1, n2 = len(spot.known[0]), len(spot.known[1])
    warming(deal_board_pairs)
    deal_board_pairs(
        batch_seeds(seed, last - first, first), batch_size, spot.live,
        known[0], n1, known[1], n2, boards1, boards2,
    )  # fmt: skip
    return boards1, boards2


def _mean_and_stderr(means: np.ndarray, sizes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The mean over batches (weighted by their trials) and its standard error.

    The batch-means estimate: ``B / (B - 1) * sum(w_b**2 * (m_b - m)**2)`` with
    ``w_b`` each batch's share of the trials (NaN with one batch).
    """
    w = (sizes / sizes.sum()).reshape(-1, *([1] * (means.ndim - 1)))
    mean = (w * means).sum(axis=0)
    b = len(sizes)
    if b < 2:
        return mean, np.full_like(mean, np.nan)
    var = b / (b - 1) * (w**2 * (means - mean) ** 2).sum(axis=0)
    return mean, np.sqrt(var)
