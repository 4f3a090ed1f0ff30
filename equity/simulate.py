"""The equity engine: validate -> arrays -> kernel -> reduce.

:func:`calculate` answers "what share of the pot does each player win?" for
hold'em, five-card poker and Zha Jin Hua, by exact enumeration when the
outcomes can be counted quickly and by batched Monte-Carlo otherwise.

``method="auto"`` enumerates exactly when the number of hand evaluations
(deals x boards x players) is at most :data:`EXACT_AUTO_LIMIT` (1.5e8, about
a second on one core); heads-up preflop with known hands (1,712,304 boards)
is exact.  Monte-Carlo runs batches of ``batch_size`` deals, each from its
own random stream derived from ``seed``, so the same ``(seed, trials,
batch_size)`` gives identical counts on any number of threads.  It stops at
``trials``, at ``target_stderr`` (largest standard error of any player's
equity, from the spread of batch means) or at ``time_limit`` seconds,
whichever comes first.
"""

from __future__ import annotations

import contextlib
import contextvars
import itertools
import math
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import comb
from typing import Any

import numba
import numpy as np

from .cards import card_mask, format_card, format_cards, parse_cards
from .checks import (
    DEFAULT_TRIALS,
    MAX_TRIALS,
    check_count,
    check_positive,
    check_seed,
    check_trials,
    limit_text,
)
from .kernels import showdown as _sd
from .kernels.rng import batch_seeds
from .results import EquityResult, shares_from_counts
from .rounds import one_thread, run_rounds
from .tables import holdem_tables

__all__ = ["EXACT_AUTO_LIMIT", "GAMES", "TooLargeForExact", "calculate"]

GAMES = ("holdem", "five", "zjh")
EXACT_AUTO_LIMIT = 150_000_000
"""``method="auto"`` enumerates when deals x boards x players is at most this."""
EXACT_HARD_LIMIT = 50_000_000_000
"""``method="exact"`` refuses jobs above this many hand evaluations."""
DEFAULT_BATCH = 16_384
_MIN_BATCHES = 32  # trials are split into at least this many batches for the stderr
_EXACT_CHUNK = 32_768  # assignments per exact kernel call (bounds memory)

_N_HOLE = {"holdem": 2, "five": 5, "zjh": 3}
_PLAYERS = {"holdem": (2, 23), "five": (2, 10), "zjh": (2, 17)}
_RANDOM_WORDS = {"random", "*", "?", "??", "xx"}


class TooLargeForExact(ValueError):
    """An exact enumeration too large to run; ``work`` is its hand evaluations."""

    def __init__(self, work: int) -> None:
        self.work = work
        super().__init__(
            f"exact enumeration would take about {work:.2e} hand evaluations (the limit is "
            f"{limit_text(EXACT_HARD_LIMIT)}); use Monte-Carlo (method='monte-carlo')"
        )


@dataclass
class _Player:
    label: str
    kind: int
    cards: tuple[int, ...] = ()
    combos: np.ndarray | None = None  # uint8[n, n_hole]
    weights: np.ndarray | None = None  # float64[n]
    range_obj: Any = None


def _is_range_like(obj: object) -> bool:
    return hasattr(obj, "combos") and hasattr(obj, "weights")


def _parse_player(spec: object, game: str) -> _Player:
    """Turn one hand spec (cards, 'random', a range string or Range) into a _Player."""
    n_hole = _N_HOLE[game]
    if _is_range_like(spec):
        if game != "holdem":
            raise ValueError(f"ranges are for hold'em only, not {game!r}")
        return _Player(
            label=str(getattr(spec, "text", "range")), kind=_sd.KIND_RANGE, range_obj=spec
        )
    if not isinstance(spec, str):
        try:
            cards = parse_cards(spec)  # type: ignore[arg-type]
        except (TypeError, ValueError) as exc:
            raise ValueError(f"hand {spec!r} is not cards, 'random' or a range") from exc
        spec = format_cards(cards)
    text = spec.strip()
    if text.lower() in _RANDOM_WORDS:
        return _Player(label="random", kind=_sd.KIND_RANDOM)
    try:
        cards = parse_cards(text)
    except ValueError as card_error:
        if game != "holdem":
            raise ValueError(f"hand {text!r}: {card_error}") from None
        from .ranges import parse_range

        try:
            rng = parse_range(text)
        except ValueError as range_error:
            # Meant as cards when some of it reads as cards ('AsKz'), else as a range.
            if _looks_like_cards(text):
                raise ValueError(f"hand {text!r}: {card_error}") from None
            raise range_error from None
        return _Player(label=text, kind=_sd.KIND_RANGE, range_obj=rng)
    if len(cards) != n_hole:
        raise ValueError(
            f"hand {text!r} has {len(cards)} card{'s' if len(cards) != 1 else ''}; "
            f"a {game} hand has {n_hole}"
        )
    return _Player(label=format_cards(cards), kind=_sd.KIND_FIXED, cards=tuple(cards))


_CARDISH = re.compile(r"(?:10|[1-9TJQKA])[cdhs]|[♠♥♦♣♤♡♢♧]|[黑红梅草方]", re.IGNORECASE)


def _looks_like_cards(text: str) -> bool:
    """Whether ``text`` was meant as cards (``AsKz``, ``1sKs``), not as a range."""
    return not any(ch in text for ch in "+-,@:%") and _CARDISH.match(text.strip()) is not None


def _check_distinct(sources: Sequence[tuple[str, Sequence[int]]]) -> None:
    seen: dict[int, str] = {}
    for name, cards in sources:
        for c in cards:
            if c in seen:
                where = seen[c] if seen[c] == name else f"{seen[c]} and {name}"
                raise ValueError(f"card {format_card(c)!r} is used twice ({where})")
            seen[c] = name


def _rules_tuple(game: str, rules: Any) -> tuple[bool, bool, bool, int]:
    """(straight_over_flush, suit_tiebreak, special_235, cat_shift) for the kernels."""
    if game != "zjh":
        if rules is not None:
            raise ValueError(f"rules apply to Zha Jin Hua only, not {game!r}")
        return False, False, False, 12
    from .zjh import ZJHRules

    rules = rules if rules is not None else ZJHRules()
    if not isinstance(rules, ZJHRules):
        raise ValueError(f"rules must be a ZJHRules, got {rules!r}")
    shift = 12 + (6 if rules.suit_tiebreak else 0)
    return rules.order == "straight_over_flush", rules.suit_tiebreak, rules.special_235, shift


@dataclass
class _Job:
    game: str
    players: list[_Player]
    board: list[int]
    dead: list[int]
    fixed_mask: int
    board_total: int
    independent: bool
    kernel_rules: tuple[bool, bool, bool, int]
    rules: Any

    @property
    def n_hole(self) -> int:
        return _N_HOLE[self.game]

    @property
    def n_players(self) -> int:
        return len(self.players)

    @property
    def live_cards(self) -> list[int]:
        return [c for c in range(52) if not (self.fixed_mask >> c) & 1]


def _prepare(
    hands: Sequence[object],
    board: object,
    dead: object,
    game: str,
    rules: Any,
    independent_decks: bool,
) -> _Job:
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r} (expected one of {', '.join(GAMES)})")
    if isinstance(hands, (str, bytes)):
        raise ValueError("hands must be a list of hands, one per player")
    lo, hi = _PLAYERS[game]
    if not lo <= len(hands) <= hi:
        raise ValueError(f"{game} takes {lo} to {hi} players, got {len(hands)}")
    if independent_decks and game != "zjh":
        raise ValueError("independent decks are a Zha Jin Hua dealing mode only")
    kernel_rules = _rules_tuple(game, rules)
    board_cards = parse_cards(board) if board else []
    dead_cards = parse_cards(dead) if dead else []
    if game == "holdem":
        if len(board_cards) not in (0, 3, 4, 5):
            raise ValueError(f"a hold'em board has 0, 3, 4 or 5 cards, got {len(board_cards)}")
    elif board_cards:
        raise ValueError(f"{game} has no board")
    players = [_parse_player(h, game) for h in hands]
    fixed = [(f"player {i + 1} {p.label}", p.cards) for i, p in enumerate(players)]
    sources = [*fixed, ("the board", board_cards), ("dead cards", dead_cards)]
    if independent_decks:  # each player has a deck of their own
        for name, cards in sources:
            _check_distinct([(name, cards)])
    else:
        _check_distinct(sources)
    fixed_mask = card_mask(c for _, cards in sources for c in cards)
    job = _Job(
        game,
        players,
        board_cards,
        dead_cards,
        fixed_mask,
        5 if game == "holdem" else 0,
        independent_decks,
        kernel_rules,
        rules,
    )
    _attach_ranges(job)
    need = sum(job.n_hole for p in players if p.kind != _sd.KIND_FIXED)
    need += job.board_total - len(board_cards)
    left = 52 - bin(fixed_mask).count("1")
    if not independent_decks and need > left:
        raise ValueError(
            f"{len(players)} players need {need} more cards but only {left} are left in the deck"
        )
    return job


def _attach_ranges(job: _Job) -> None:
    """Card removal: keep each range's combos that avoid the known cards."""
    for i, p in enumerate(job.players):
        if p.kind != _sd.KIND_RANGE:
            continue
        combos = np.asarray(p.range_obj.combos, dtype=np.uint8).reshape(-1, 2)
        weights = np.asarray(p.range_obj.weights, dtype=np.float64).reshape(-1)
        masks = (np.uint64(1) << combos[:, 0].astype(np.uint64)) | (
            np.uint64(1) << combos[:, 1].astype(np.uint64)
        )
        keep = (masks & np.uint64(job.fixed_mask)) == 0
        keep &= weights > 0
        if not keep.any():
            raise ValueError(
                f"range {p.label!r} of player {i + 1} has no combo left once the known "
                "cards are removed"
            )
        p.combos, p.weights = combos[keep], weights[keep]


# ---------------------------------------------------------------------------
# exact enumeration


def _candidates(job: _Job, p: _Player) -> tuple[np.ndarray, np.ndarray]:
    """All hole-card options of a non-fixed player, with weights."""
    if p.kind == _sd.KIND_RANGE:
        assert p.combos is not None
        assert p.weights is not None
        return p.combos, p.weights
    pool = range(52) if job.independent else job.live_cards
    combos = np.array(list(itertools.combinations(pool, job.n_hole)), dtype=np.uint8)
    return combos, np.ones(len(combos))


def _exact_size(job: _Job) -> tuple[int, int]:
    """Upper bound on (assignments, boards) for exact enumeration."""
    n_assign = 1
    left = len(job.live_cards)
    for p in job.players:
        if p.kind == _sd.KIND_RANGE:
            assert p.combos is not None
            n_assign *= len(p.combos)
            left -= 2
        elif p.kind == _sd.KIND_RANDOM:
            pool = 52 if job.independent else left
            n_assign *= comb(pool, job.n_hole)
            if not job.independent:
                left -= job.n_hole
    n_boards = comb(max(left, 0), job.board_total - len(job.board))
    return n_assign, n_boards


def _assignments(job: _Job) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every legal joint assignment of hole cards, its weight, and combo indices.

    Returns ``holes uint8[n, n_players, 5]``, ``weights float64[n]`` and
    ``choice int64[n, n_players]`` (index into each player's candidates, -1
    for fixed players).
    """
    n_players = job.n_players
    holes = np.zeros((1, n_players, 5), dtype=np.uint8)
    masks = np.zeros(1, dtype=np.uint64)
    weights = np.ones(1)
    choice = np.full((1, n_players), -1, dtype=np.int64)
    for i, p in enumerate(job.players):
        if p.kind == _sd.KIND_FIXED:
            holes[:, i, : job.n_hole] = p.cards
            continue
        cand, w = _candidates(job, p)
        cmask = np.zeros(len(cand), dtype=np.uint64)
        for j in range(job.n_hole):
            cmask |= np.uint64(1) << cand[:, j].astype(np.uint64)
        a_idx = np.repeat(np.arange(len(masks)), len(cand))
        c_idx = np.tile(np.arange(len(cand)), len(masks))
        if not job.independent:
            ok = (masks[a_idx] & cmask[c_idx]) == 0
            a_idx, c_idx = a_idx[ok], c_idx[ok]
        holes = holes[a_idx]
        holes[:, i, : job.n_hole] = cand[c_idx]
        masks = masks[a_idx] | (cmask[c_idx] if not job.independent else np.uint64(0))
        weights = weights[a_idx] * w[c_idx]
        choice = choice[a_idx]
        choice[:, i] = c_idx
    if len(holes) == 0:
        raise ValueError("no legal deal exists: the players' ranges conflict with each other")
    return holes, weights, choice


_SUIT_PERMUTATIONS = np.array(list(itertools.permutations(range(4))), dtype=np.uint8)


def _suit_classes(job: _Job, holes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Group assignments that are equal up to a suit permutation fixing the known cards.

    A permutation of suits that maps the board, dead and fixed hole cards
    onto themselves maps every board completion of one assignment onto a
    completion of the other, with the same player by player results; so
    only one assignment per class needs enumerating.  Returns the index of
    one representative per class and, for every assignment, its class.
    """
    # Each known group must map onto itself: the board, the dead cards and
    # every fixed player's hole cards (a swap of a board card with a dead one
    # is not a symmetry of the deal).
    groups = [job.board, job.dead] + [list(p.cards) for p in job.players if p.cards]
    stabilizer = [
        perm
        for perm in _SUIT_PERMUTATIONS
        if all({(c & 0xFC) | int(perm[c & 3]) for c in g} == set(g) for g in groups)
    ]
    n = len(holes)
    if len(stabilizer) == 1 or n < 2:
        return np.arange(n), np.arange(n)
    cards = holes[:, :, : job.n_hole]
    best: np.ndarray | None = None
    for perm in stabilizer:
        mapped = np.sort((cards & 0xFC) | perm[cards & 3], axis=2)
        flat = mapped.reshape(n, -1)
        best = flat if best is None else np.where(_row_less(flat, best)[:, None], flat, best)
    assert best is not None
    keys = np.ascontiguousarray(best).view(np.dtype((np.void, best.shape[1])))[:, 0]
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    return first, inverse.reshape(-1)


def _row_less(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Row-wise lexicographic ``a < b`` for equal-shape 2-D arrays."""
    diff = a != b
    first = diff.argmax(axis=1)
    rows = np.arange(len(a))
    return diff[rows, first] & (a[rows, first] < b[rows, first])


@dataclass(frozen=True)
class _ExactSpec:
    """What an exact chunk needs besides its assignments and the tables (picklable)."""

    n_hole: int
    game_code: int
    board: np.ndarray  # uint8[5]
    n_board: int
    board_total: int
    fixed_mask: int
    kernel_rules: tuple[bool, bool, bool, int]


def _exact_chunk(
    spec: _ExactSpec,
    todo: np.ndarray,
    tables: tuple[np.ndarray, ...] | None = None,
    threads: bool = True,
) -> np.ndarray:
    """Exact counts of the assignments ``todo``: the unit of exact work, local or on Dask.

    ``threads=False`` (a Dask task, one per worker thread) runs the serial
    kernel; the counts are the same integers either way.

    Shapes
    ------
    todo : uint8[n, n_players, 5]
    return : int64[n, n_players, n_players + 1]
    """
    if tables is None:
        tables = tuple(holdem_tables())
    n_players = todo.shape[1]
    out = np.zeros((len(todo), n_players, n_players + 1), dtype=np.int64)
    args = (
        spec.n_hole,
        spec.game_code,
        spec.board,
        spec.n_board,
        spec.board_total,
        np.uint64(spec.fixed_mask),
        *spec.kernel_rules,
        *tables,
    )
    if not threads or len(todo) < 2 * numba.get_num_threads():  # not worth waking the threads
        _sd.enumerate_range(todo, 0, len(todo), *args, out)
    else:
        _sd.enumerate_deals(todo, *args, out)
    return out


def _run_exact(
    job: _Job, tables: tuple[np.ndarray, ...], progress: Callable | None, client: Any = None
) -> tuple[np.ndarray, float, int, np.ndarray, np.ndarray, np.ndarray]:
    holes, weights, choice = _assignments(job)
    board = np.zeros(5, dtype=np.uint8)
    board[: len(job.board)] = job.board
    if job.board_total > len(job.board):
        representatives, inverse = _suit_classes(job, holes)
    else:
        representatives, inverse = np.arange(len(holes)), np.arange(len(holes))
    todo = np.ascontiguousarray(holes[representatives])
    n = len(todo)
    per_class = np.zeros((n, job.n_players, job.n_players + 1), dtype=np.int64)
    spec = _ExactSpec(
        job.n_hole,
        _game_code(job.game),
        board,
        len(job.board),
        job.board_total,
        job.fixed_mask,
        job.kernel_rules,
    )
    if client is not None:  # the same chunk function, on the workers
        evals = _boards_per_assignment(job) * job.n_players
        _distributed().run_exact(client, spec, todo, evals, per_class, progress)
    else:
        for start in range(0, n, _EXACT_CHUNK):
            stop = min(n, start + _EXACT_CHUNK)
            per_class[start:stop] = _exact_chunk(spec, todo[start:stop], tables)
            if progress is not None:
                progress(stop, n)
    per_assign = per_class[inverse]
    n_boards = _boards_per_assignment(job)
    if np.array_equal(weights, np.round(weights)):  # unweighted: exact integer counts
        whole = weights.astype(np.int64)
        counts = np.tensordot(whole, per_assign, axes=1)
        total: float = int(whole.sum()) * n_boards
    else:
        counts = np.tensordot(weights, per_assign, axes=1)
        total = float(weights.sum()) * n_boards
    samples = len(holes) * n_boards
    return counts, total, samples, per_assign, weights, choice


def _boards_per_assignment(job: _Job) -> int:
    used = bin(job.fixed_mask).count("1")
    if not job.independent:
        used += job.n_hole * sum(p.kind != _sd.KIND_FIXED for p in job.players)
    return comb(52 - used, job.board_total - len(job.board))


def _game_code(game: str) -> int:
    return _sd.GAME_ZJH if game == "zjh" else _sd.GAME_TABLE


_DEFAULT_SCHEDULER: contextvars.ContextVar[Any] = contextvars.ContextVar(
    "equity_default_scheduler", default=None
)
"""The scheduler :func:`calculate` uses when given none (see ``distributed.use_scheduler``)."""


def _distributed() -> Any:
    """The Dask layer, imported only when a scheduler is given."""
    from . import distributed

    return distributed


# ---------------------------------------------------------------------------
# Monte-Carlo


@dataclass
class _McArrays:
    fixed_holes: np.ndarray
    kinds: np.ndarray
    combos: np.ndarray
    combo_masks: np.ndarray
    combo_offsets: np.ndarray
    combo_cum: np.ndarray
    board: np.ndarray
    live_deck: np.ndarray


def _mc_arrays(job: _Job) -> _McArrays:
    n = job.n_players
    fixed_holes = np.zeros((n, 5), dtype=np.uint8)
    kinds = np.zeros(n, dtype=np.int8)
    blocks, weights, offsets = [], [], [0]
    for i, p in enumerate(job.players):
        kinds[i] = p.kind
        if p.kind == _sd.KIND_FIXED:
            fixed_holes[i, : job.n_hole] = p.cards
        if p.kind == _sd.KIND_RANGE:
            assert p.combos is not None
            assert p.weights is not None
            block = np.zeros((len(p.combos), 5), dtype=np.uint8)
            block[:, :2] = p.combos
            blocks.append(block)
            weights.append(p.weights)
        offsets.append(offsets[-1] + (len(p.combos) if p.kind == _sd.KIND_RANGE else 0))
    combos = np.concatenate(blocks) if blocks else np.zeros((1, 5), dtype=np.uint8)
    cum = np.cumsum(np.concatenate(weights)) if weights else np.ones(1)
    masks = (np.uint64(1) << combos[:, 0].astype(np.uint64)) | (
        np.uint64(1) << combos[:, 1].astype(np.uint64)
    )
    board = np.zeros(5, dtype=np.uint8)
    board[: len(job.board)] = job.board
    return _McArrays(
        fixed_holes,
        kinds,
        np.ascontiguousarray(combos),
        masks,
        np.asarray(offsets, dtype=np.int64),
        cum,
        board,
        np.asarray(job.live_cards, dtype=np.uint8),
    )


@dataclass(frozen=True)
class _McSpec:
    """What a Monte-Carlo chunk needs besides the tables (picklable, sent to Dask workers)."""

    seed: int
    trials: int
    batch_size: int
    game_code: int
    n_hole: int
    n_board: int
    board_total: int
    fixed_mask: int
    independent: bool
    kernel_rules: tuple[bool, bool, bool, int]
    arrays: _McArrays

    @property
    def kernel_args(self) -> tuple[Any, ...]:
        a = self.arrays
        return (
            self.game_code,
            self.n_hole,
            a.board,
            self.n_board,
            self.board_total,
            a.fixed_holes,
            a.kinds,
            a.combos,
            a.combo_masks,
            a.combo_offsets,
            a.combo_cum,
            np.uint64(self.fixed_mask),
            a.live_deck,
            self.independent,
            *self.kernel_rules,
        )


def _mc_chunk(
    spec: _McSpec,
    first: int,
    run: int,
    tables: tuple[np.ndarray, ...] | None = None,
    threads: bool = True,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Monte-Carlo batches ``first .. first + run - 1``: the unit of work, local or on Dask.

    Batch ``b`` runs from the stream ``batch_seeds(seed, 1, first=b)`` wherever
    it runs, so a job gives the same counts locally and on any cluster.
    ``threads=False`` (a Dask task) runs the driver on one thread, one launch
    per process at a time (Numba's default threading layer allows no
    concurrent launches): start workers with one thread each.

    Shapes
    ------
    return : out int64[run, n_players, n_players + 1] (per batch),
             combo_counts int64[n_combos, n_players + 1] (summed), status int64[run]
    """
    if tables is None:
        tables = tuple(holdem_tables())
    n_players = len(spec.arrays.kinds)
    out = np.zeros((run, n_players, n_players + 1), dtype=np.int64)
    combo_out = np.zeros((run, len(spec.arrays.combos), n_players + 1), dtype=np.int64)
    status = np.zeros(run, dtype=np.int64)
    args = (
        batch_seeds(spec.seed, run, first=first),
        spec.batch_size,
        spec.trials,
        first,
        *spec.kernel_args,
        *tables,
        out,
        combo_out,
        status,
    )
    with one_thread(not threads):
        _sd.simulate_batches(*args)
    return out, combo_out.sum(axis=0), status


def _check_feasible(job: _Job) -> None:
    """Raise when the range players cannot all be dealt non-conflicting combos."""
    ranged = [p for p in job.players if p.kind == _sd.KIND_RANGE]
    if len(ranged) < 2:
        return
    ranged.sort(key=lambda p: len(p.combos))  # type: ignore[arg-type]

    def search(i: int, used: int) -> bool:
        if i == len(ranged):
            return True
        for a, b in ranged[i].combos.tolist():  # type: ignore[union-attr]
            m = (1 << a) | (1 << b)
            if not m & used and search(i + 1, used | m):
                return True
        return False

    if not search(0, job.fixed_mask):
        raise ValueError("no legal deal exists: the players' ranges conflict with each other")


def _batch_stderr(moments: np.ndarray, n_batches: int) -> np.ndarray:
    """Standard error of the overall equity from the spread of batch means.

    ``moments`` holds running sums over batches ``[sum n_b, sum n_b e_b,
    sum n_b e_b^2]`` (per player in the last two rows), so memory stays flat
    however many batches run.  With batch means ``e_b`` over ``n_b`` deals,
    ``sigma^2 = sum n_b (e_b - e)^2 / (B - 1)`` estimates the per-deal
    variance and the standard error is ``sqrt(sigma^2 / N)``.
    """
    n_total = moments[0]
    if n_batches < 2 or not n_total[0]:
        return np.full(moments.shape[1], np.nan)
    mean = moments[1] / n_total
    var = np.maximum(moments[2] - n_total * mean**2, 0.0) / (n_batches - 1)
    return np.sqrt(var / n_total)


def _run_mc(
    job: _Job,
    tables: tuple[np.ndarray, ...],
    trials: int,
    batch_size: int,
    seed: int,
    target_stderr: float | None,
    time_limit: float | None,
    progress: Callable | None,
    client: Any = None,
) -> dict[str, Any]:
    arrays = _mc_arrays(job)
    _check_feasible(job)
    n_players = job.n_players
    n_batches = -(-trials // batch_size)
    n_combos = len(arrays.combos)
    spec = _McSpec(
        seed,
        trials,
        batch_size,
        _game_code(job.game),
        job.n_hole,
        len(job.board),
        job.board_total,
        job.fixed_mask,
        job.independent,
        job.kernel_rules,
        arrays,
    )
    # On Dask, chunks of batches run ahead on the workers and arrive in batch order.
    chunks = None
    if client is not None:
        chunks = _distributed().ordered_chunks(
            client, _mc_chunk, spec, n_batches, batch_size * n_players
        )
    sums = np.zeros((n_players, n_players + 1), dtype=np.int64)
    combo_sums = np.zeros((n_combos, n_players + 1), dtype=np.int64)
    moments = np.zeros((3, n_players))  # running sums for the batch-means stderr
    ks = np.arange(n_players + 1, dtype=float)
    ks[0] = np.inf

    def consume(first: int, run: int, result: Any) -> str | None:
        out, combo_out, status = result
        if status.any():
            raise ValueError(
                "no legal deal found: the players' ranges almost never avoid each other's cards"
            )
        batch = np.arange(first, first + run)
        sizes = np.minimum(trials, (batch + 1) * batch_size) - batch * batch_size
        sums[...] += out.sum(axis=0)
        combo_sums[...] += combo_out
        means = (out / ks).sum(axis=2) / sizes[:, None]
        _sd.add_batch_moments(moments, sizes.astype(np.int64), means)
        if progress is not None:
            progress(min(trials, (first + run) * batch_size), trials)
        enough = target_stderr is not None and first + run >= _MIN_BATCHES
        if enough and np.nanmax(_batch_stderr(moments, first + run)) <= target_stderr:
            return "stderr"
        return None

    n_run_batches, reason = run_rounds(
        n_batches,
        lambda first, run: _mc_chunk(spec, first, run, tables),
        consume,
        time_limit=time_limit,
        chunks=chunks,
    )
    n_done = int(moments[0, 0])
    se = _batch_stderr(moments, n_run_batches)
    if n_done and n_run_batches < 2:  # one batch: fall back to the per-deal variance
        x2 = (sums / ks**2).sum(axis=1) / n_done
        x1 = (sums / ks).sum(axis=1) / n_done
        se = np.sqrt(np.maximum(x2 - x1**2, 0) / n_done)
    return {
        "counts": sums,
        "samples": n_done,
        "stderr": se,
        "combo_counts": combo_sums,
        "interrupted": reason == "interrupted",
        "stop_reason": reason,
    }


# ---------------------------------------------------------------------------
# public API


def calculate(
    hands: Sequence[object],
    board: object = "",
    dead: object = "",
    *,
    game: str = "holdem",
    method: str = "auto",
    trials: int | None = None,
    target_stderr: float | None = None,
    time_limit: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    rules: Any = None,
    independent_decks: bool = False,
    batch_size: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    scheduler: Any = None,
) -> EquityResult:
    """Equity of each player's hand: exact enumeration or Monte-Carlo.

    Parameters
    ----------
    hands : sequence
        One entry per player: cards (``"AsKs"``, ``"As Ks"``, card codes),
        ``"random"`` (dealt from the cards left), or for hold'em a range
        (``"QQ+,AKs"``, a :class:`equity.ranges.Range`).
    board, dead : str or cards
        Hold'em community cards (0, 3, 4 or 5) and cards out of play.
    game : {"holdem", "five", "zjh"}
        Texas Hold'em (2-23 players), five-card poker (2-10 players, five
        cards each, no board) or Zha Jin Hua (2-17 players, three cards).
    method : {"auto", "exact", "monte-carlo"}
        ``auto`` enumerates when it takes about a second or less
        (:data:`EXACT_AUTO_LIMIT`), Monte-Carlo otherwise.
    trials : int, optional
        Monte-Carlo deals (default 1,000,000, or unlimited when
        ``target_stderr`` or ``time_limit`` is given).
    target_stderr : float, optional
        Stop once every player's equity has at most this standard error.
    time_limit : float, optional
        Stop Monte-Carlo after about this many seconds.
    seed : int, optional
        Seed for Monte-Carlo; drawn and recorded in the result when omitted.
    threads : int, optional
        Worker threads (default: all).  Results do not depend on it.
    rules : equity.zjh.ZJHRules, optional
        Zha Jin Hua rules (2-3-5 exception, suit tie-break, order).
    independent_decks : bool
        Zha Jin Hua: deal each random player from a deck of their own
        (players may hold the same card), as the seed's unlimited dealer.
    batch_size : int, optional
        Deals per random stream (default 16,384, smaller for short runs so
        there are at least 32 batches for the standard error).
    progress : callable, optional
        Called as ``progress(done, total)`` after each round.
    scheduler : str or distributed.Client, optional
        Run the work on Dask (``pip install 'equity[distributed]'``): the
        address of a running scheduler (``"tcp://10.0.0.5:8786"``),
        ``"local"`` or ``"local:N"`` (a cluster of N worker processes on this
        machine, started for this call) or a connected ``distributed.Client``
        (reused; best for many calls).  The workers run the same batches from
        the same streams, and the same exact chunks: the counts are identical
        to a local run.  An address that does not answer within 3 seconds is
        a ``ValueError``.

    Examples
    --------
    >>> r = calculate(["AsKs", "QhQd"], board="Qs7s2c")
    >>> r.method, round(float(r.equity[0]), 4)
    ('exact', 0.2556)
    >>> r = calculate(["AA", "random"], trials=20_000, seed=1)
    >>> r.method, bool(abs(r.equity[0] - 0.852) < 5 * r.stderr[0])
    ('monte-carlo', True)
    """
    if method not in ("auto", "exact", "monte-carlo"):
        raise ValueError(f"unknown method {method!r} (expected 'auto', 'exact' or 'monte-carlo')")
    trials = check_trials(trials)
    time_limit = check_positive(time_limit, "the time limit")
    target_stderr = check_positive(target_stderr, "the target standard error")
    seed = check_seed(seed)
    if method == "exact" and (
        trials is not None or target_stderr is not None or time_limit is not None
    ):
        raise ValueError("exact enumeration takes no trials, target stderr or time limit")
    if batch_size is not None:
        batch_size = check_count(batch_size, "batch_size")
    job = _prepare(hands, board, dead, game, rules, independent_decks)
    labels = tuple(p.label for p in job.players)
    n_assign, n_boards = _exact_size(job)
    work = n_assign * n_boards * job.n_players
    if method == "auto":
        explicit_mc = trials is not None or target_stderr is not None or time_limit is not None
        method = "exact" if work <= EXACT_AUTO_LIMIT and not explicit_mc else "monte-carlo"
    if method == "exact" and work > EXACT_HARD_LIMIT:
        raise TooLargeForExact(work)
    tables = tuple(holdem_tables())
    previous_threads = numba.get_num_threads()
    if threads is not None:
        if not 1 <= threads <= numba.config.NUMBA_NUM_THREADS:
            raise ValueError(
                f"threads must be between 1 and {numba.config.NUMBA_NUM_THREADS}, got {threads}"
            )
        numba.set_num_threads(threads)
    start = time.perf_counter()
    cluster = contextlib.ExitStack()
    try:
        client = None
        if scheduler is None:
            scheduler = _DEFAULT_SCHEDULER.get()
        if scheduler is not None:
            client = cluster.enter_context(_distributed().connect(scheduler))
        if method == "exact":
            counts, total, samples, per_assign, weights, choice = _run_exact(
                job, tables, progress, client
            )
            combo_results = _exact_combo_results(job, per_assign, weights, choice)
            return _result(
                job,
                labels,
                "exact",
                counts,
                total,
                samples,
                start,
                stderr=None,
                seed=None,
                combo_results=combo_results,
            )
        if trials is None:
            explicit_stop = target_stderr is not None or time_limit is not None
            trials = MAX_TRIALS if explicit_stop else DEFAULT_TRIALS
        if batch_size is None:
            batch_size = max(64, min(DEFAULT_BATCH, -(-trials // _MIN_BATCHES)))
        if seed is None:
            seed = int(np.random.SeedSequence().entropy % 2**63)
        mc = _run_mc(
            job,
            tables,
            int(trials),
            int(batch_size),
            int(seed),
            target_stderr,
            time_limit,
            progress,
            client,
        )
        total = float(mc["samples"])
        if total == 0:
            raise KeyboardInterrupt
        return _result(
            job,
            labels,
            "monte-carlo",
            mc["counts"],
            total,
            mc["samples"],
            start,
            stderr=mc["stderr"],
            seed=seed,
            interrupted=mc["interrupted"],
            stop_reason=mc["stop_reason"],
            batch_size=batch_size,
            combo_results=_mc_combo_results(job, mc["combo_counts"]),
        )
    finally:
        cluster.close()
        numba.set_num_threads(previous_threads)


def _result(
    job: _Job,
    labels: tuple[str, ...],
    method: str,
    counts: np.ndarray,
    total: float,
    samples: int,
    start: float,
    **extra: Any,
) -> EquityResult:
    """The :class:`EquityResult` of a finished job (shares from the raw counts)."""
    equity, win, tie, splits = shares_from_counts(counts, total)
    return EquityResult(
        game=job.game,
        method=method,
        hands=labels,
        board=format_cards(job.board),
        dead=format_cards(job.dead),
        equity=equity,
        win=win,
        tie=tie,
        splits=splits,
        samples=samples,
        elapsed_s=time.perf_counter() - start,
        counts=counts,
        weight_total=total,
        threads=numba.get_num_threads(),
        rules=job.rules,
        **extra,
    )


def _combo_table(
    job: _Job, p: int, combos: np.ndarray, equity: np.ndarray, weight: np.ndarray, n: np.ndarray
) -> dict[str, Any]:
    """Per-combo and per-class equity of range player ``p``."""
    from .ranges import hand_class

    labels = [format_cards(c) for c in combos.tolist()]
    classes: dict[str, list[float]] = {}
    for (a, b), e, w, cnt in zip(combos.tolist(), equity, weight, n, strict=True):
        if cnt <= 0 or not math.isfinite(e):
            continue
        acc = classes.setdefault(hand_class(a, b), [0.0, 0.0])
        acc[0] += e * w
        acc[1] += w
    return {
        "combos": dict(zip(labels, (float(e) for e in equity), strict=True)),
        "combo_samples": dict(zip(labels, (float(x) for x in n), strict=True)),
        "classes": {k: v[0] / v[1] for k, v in classes.items() if v[1] > 0},
    }


def _exact_combo_results(
    job: _Job, per_assign: np.ndarray, weights: np.ndarray, choice: np.ndarray
) -> dict[int, Any]:
    out: dict[int, Any] = {}
    n_players = job.n_players
    ks = np.arange(n_players + 1, dtype=float)
    ks[0] = np.inf
    n_boards = _boards_per_assignment(job)
    for p, player in enumerate(job.players):
        if player.kind != _sd.KIND_RANGE:
            continue
        assert player.combos is not None
        share = (per_assign[:, p, :] / ks).sum(axis=1) * weights
        n_c = len(player.combos)
        num = np.bincount(choice[:, p], weights=share, minlength=n_c)
        den = np.bincount(choice[:, p], weights=weights, minlength=n_c) * n_boards
        with np.errstate(invalid="ignore", divide="ignore"):
            eq = num / den
        out[p] = _combo_table(job, p, player.combos, eq, den, den)
    return out


def _mc_combo_results(job: _Job, combo_counts: np.ndarray) -> dict[int, Any]:
    out: dict[int, Any] = {}
    n_players = job.n_players
    ks = np.arange(n_players + 1, dtype=float)
    ks[0] = np.inf
    offset = 0
    for p, player in enumerate(job.players):
        if player.kind != _sd.KIND_RANGE:
            continue
        assert player.combos is not None
        block = combo_counts[offset : offset + len(player.combos)]
        offset += len(player.combos)
        n = block[:, 0].astype(float)
        with np.errstate(invalid="ignore", divide="ignore"):
            eq = (block[:, 1:] / ks[1:]).sum(axis=1) / n
        out[p] = _combo_table(job, p, player.combos, eq, n, n)
    return out
