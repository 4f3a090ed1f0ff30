"""The stud family's jobs: private hands completed from the deck (stud, the draw games).

A hand of these games may be short: the cards a stud player holds so far
(the same number at every seat), the cards a draw player keeps.  Cards may
be partly known (``A``, ``c``, ``*``, :func:`equity.cards.parse_card_pattern`):
such a player's cards held now are one of the *candidate sets* of cards that
fit the pattern, each set once (a set fits when its cards can be matched to
the pattern's slots), so the deals are uniform over those that fit every
player at once: the joint draw of the sets rejects any conflict (as ranges
are drawn), and exact enumeration weighs every fitting deal once.

:func:`prepare_stud` validates and builds the :class:`StudJob` (a
:class:`~..job.Job` with the cards held now, the shared card and the exact
work, given at construction); :func:`stud_arrays` is its Monte-Carlo form
(:class:`StudArrays`), run by :func:`stud_mc_unit`; :func:`run_stud_exact`
enumerates it (units :func:`stud_exact_unit`).  The recorder, the showdown
and the frequencies are :class:`StudFamily`'s (:mod:`.stud_units`, with the Monte-Carlo unit).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from math import comb, factorial
from typing import TYPE_CHECKING, Any

import numpy as np

from ...cards import (
    ANY_CARD,
    card_mask,
    format_cards,
    format_down_cards,
    format_pattern,
    is_exact_pattern,
    parse_card_pattern,
    parse_cards,
)
from ...control import Progress
from ...games import KERNEL_STUD, Game, a_hand_of
from ...games import game as get_game
from ...kernels import stud as _stud
from ...kernels._jit import warming
from ...kernels.omaha_mc import EXTRA_COLUMNS
from ...kernels.scoring import KIND_FIXED, KIND_RANDOM, KIND_RANGE, NO_ZJH_RULES
from ...lookup.lowball import lowball_tables
from ...ranges.omaha import cards_of_masks
from ...ranges.patterns import PatternTooBroad, fitting_sets
from ..exact import ExactRun
from ..job import ASSIGNMENT_WORK, Job, Player, check_distinct, check_hands, check_in_deck
from ..montecarlo import McArrays
from ..rounds import one_thread
from .base import Family, McUnit
from .stud_units import (
    StudArrays,
    exact_stud_frequencies,
    record_stud,
    sample_stud_frequencies,
    stud_mc_unit,
    stud_showdown,
    stud_spot,
)
from .table import TABLE

if TYPE_CHECKING:
    from ..record import DealPlan

__all__ = [
    "ASSIGNMENTS_PER_UNIT",
    "EXACT_CHUNKS",
    "MAX_CANDIDATES",
    "STUD",
    "StudExactSpec",
    "StudFamily",
    "StudJob",
    "owner_rows",
    "prepare_stud",
    "run_stud_exact",
    "stud_arrays",
    "stud_exact_unit",
    "stud_work",
]

_RANDOM_WORDS = {"random", "?", "??", "xx"}
MAX_CANDIDATES = 2_000_000
"""Most candidate sets a partly known hand may have (name more of its cards beyond)."""
ASSIGNMENTS_PER_UNIT = 4096
"""Assignments per exact unit (bounds the memory of one call)."""
EXACT_CHUNKS = 64
"""Chunks of card sets per assignment of an exact enumeration (the threads share them)."""


@dataclass(frozen=True)
class StudJob(Job):
    """A job of the stud family: a :class:`~..job.Job` and what its deal needs besides."""

    n_now: tuple[int, ...]
    """Cards each player holds now (the rest are dealt)."""
    shared_card: bool
    """The last card is one card shared by every player (the deck ran short)."""
    work: int
    """An exact enumeration's hand evaluations (:func:`stud_work`)."""


def _parse_stud_player(spec: object, g: Game, i: int) -> tuple[Player, tuple[int, ...], int]:
    """A hand of the stud family: (player, the wild slots still to fit, cards written)."""
    if not isinstance(spec, str):
        try:
            spec = format_cards(parse_cards(spec))  # type: ignore[arg-type]
        except (TypeError, ValueError) as exc:
            raise ValueError(f"hand {spec!r} is not cards or 'random'") from exc
    text = spec.strip()
    if not text:
        raise ValueError(f"hand {spec!r} of player {i} is empty: write its cards or 'random'")
    if text.lower() in _RANDOM_WORDS:
        return Player(label="random", kind=KIND_RANDOM), (), 0
    try:
        slots = parse_card_pattern(text)
    except ValueError as exc:
        raise ValueError(f"hand {text!r} of player {i}: {exc}") from None
    if len(slots) > g.hole_cards:
        raise ValueError(
            f"hand {text!r} of player {i} has {len(slots)} cards; "
            f"{a_hand_of(g.name)} has at most {g.hole_cards}"
        )
    exact = tuple(m.bit_length() - 1 for m in slots if is_exact_pattern([m]))
    wild = tuple(m for m in slots if not is_exact_pattern([m]))
    label = format_down_cards(
        text, slots, format_cards(exact) if not wild else format_pattern(slots)
    )
    if wild and all(m == ANY_CARD for m in wild):
        wild = ()  # unknown cards held now are dealt as the cards to come are
    kind = KIND_RANGE if wild else KIND_FIXED
    return Player(label=label, kind=kind, cards=exact), wild, len(slots)


def prepare_stud(
    hands: Sequence[object],
    board: object,
    dead: object,
    g: Game,
    rules: Any,
    independent_decks: bool,
    family: Family,
) -> StudJob:
    """Validate a deal of a stud-family game and describe it as a :class:`StudJob`."""
    check_hands(hands, g)
    if independent_decks:
        raise ValueError(f"independent decks are not a dealing mode of {g.name}")
    if rules is not None:
        raise ValueError(f"{g.name} has no house rules (got {rules!r})")
    if board:
        raise ValueError(f"{g.name} has no board (its hands hold all their cards)")
    dead_cards = _parse_dead(dead)
    parsed = [_parse_stud_player(h, g, i) for i, h in enumerate(hands)]
    players = [p for p, _, _ in parsed]
    held = [len(p.cards) + len(wild) for p, wild, _ in parsed]
    slots_of = [n for _, _, n in parsed]
    if g.short_hands == "stud":
        streets = {n for n in slots_of if n}
        if len(streets) > 1:
            counts = ", ".join(f"player {i} {n}" for i, n in enumerate(slots_of) if n)
            raise ValueError(
                f"stud hands must all be on the same street (hold as many cards): {counts}"
            )
        if streets and min(streets) < g.min_cards:
            raise ValueError(
                f"a {g.name} hand holds {g.min_cards} to {g.hole_cards} cards "
                f"(the cards so far), got {min(streets)}"
            )
    sources: list[tuple[str, Sequence[int]]] = [
        (f"player {i} {p.label}", p.cards) for i, p in enumerate(players)
    ]
    sources.append(("dead cards", dead_cards))
    check_in_deck(g, sources)
    check_distinct(sources)
    fixed_mask = card_mask(c for _, cards in sources for c in cards)
    available = g.deck_mask & ~fixed_mask
    for i, (p, wild, _) in enumerate(parsed):
        if not wild:
            continue
        try:
            sets = fitting_sets(wild, available)  # each fitting set once
        except PatternTooBroad:
            sets = None
        if sets is None or len(sets) > MAX_CANDIDATES:
            raise ValueError(
                f"hand {p.label!r} of player {i} fits too many sets of cards (more than "
                f"{MAX_CANDIDATES:,}); name more of its cards"
            )
        if not len(sets):
            raise ValueError(f"hand {p.label!r} of player {i} fits no cards left in the deck")
        players[i] = replace(p, combos=cards_of_masks(sets, len(wild)), weights=np.ones(len(sets)))
    left = (
        g.deck_size
        - bin(fixed_mask).count("1")
        - sum(len(w) for p, w, _ in parsed if p.kind == KIND_RANGE)
    )
    need = sum(g.hole_cards - n for n in held)
    shared = False
    if need > left and g.short_hands == "stud" and max(held) < g.hole_cards:
        shared = True
        need = sum(g.hole_cards - 1 - n for n in held) + 1
    if need > left:
        raise ValueError(
            f"{len(players)} players need {need} more cards but only {left} are left in the deck"
        )
    n_now = tuple(held)
    live = bin(g.deck_mask & ~fixed_mask).count("1")
    work = stud_work(g, players, live, n_now, shared)
    return StudJob(
        g, players, [], dead_cards, fixed_mask, False, NO_ZJH_RULES, None, family,
        n_now, shared, work,
    )  # fmt: skip


def _parse_dead(dead: object) -> list[int]:
    if not dead:
        return []
    try:
        return parse_cards(dead)  # type: ignore[arg-type]
    except ValueError as exc:
        if isinstance(dead, str):
            try:
                parse_card_pattern(dead)
            except ValueError:
                raise exc from None
            raise ValueError(
                f"dead cards must be exact cards, not partly known ones: {dead!r}"
            ) from None
        raise


def stud_arrays(job: StudJob) -> StudArrays:
    """The job's players as the stud kernels read them (:class:`StudArrays`)."""
    n = job.n_players
    width = _stud.HAND_WIDTH
    fixed_holes = np.zeros((n, width), dtype=np.uint8)
    kinds = np.zeros(n, dtype=np.int8)
    blocks, masks, weights, offsets = [], [], [], [0]
    for i, p in enumerate(job.players):
        kinds[i] = p.kind
        fixed_holes[i, : len(p.cards)] = p.cards
        if p.kind == KIND_RANGE:
            assert p.combos is not None
            assert p.weights is not None
            block = np.zeros((len(p.combos), width), dtype=np.uint8)
            block[:, : len(p.cards)] = p.cards
            block[:, len(p.cards) : len(p.cards) + p.combos.shape[1]] = p.combos
            blocks.append(block)
            bits = np.zeros(len(p.combos), dtype=np.uint64)
            for j in range(p.combos.shape[1]):
                bits |= np.uint64(1) << p.combos[:, j].astype(np.uint64)
            masks.append(bits)
            weights.append(p.weights)
        offsets.append(offsets[-1] + (len(blocks[-1]) if p.kind == KIND_RANGE else 0))
    combos = np.concatenate(blocks) if blocks else np.zeros((1, width), dtype=np.uint8)
    return StudArrays(
        fixed_holes,
        kinds,
        np.ascontiguousarray(combos),
        np.concatenate(masks) if masks else np.zeros(1, dtype=np.uint64),
        np.asarray(offsets, dtype=np.int64),
        np.cumsum(np.concatenate(weights)) if weights else np.ones(1),
        np.zeros(5, dtype=np.uint8),
        np.asarray(job.live_cards, dtype=np.uint8),
        np.asarray(job.n_now, dtype=np.int64),
        job.shared_card,
    )


def owner_rows(job: StudJob) -> np.ndarray:
    """Every way to hand out a set of the missing cards: ``int8[n_ways, m]``, each row the
    seat of each card of the set in order (``n_players``: the shared card)."""
    private = job.game.hole_cards - (1 if job.shared_card else 0)
    labels: list[int] = []
    for p, n in enumerate(job.n_now):
        labels += [p] * (private - n)
    if job.shared_card:
        labels.append(job.n_players)
    rows = _multiset_permutations(labels)
    return np.array(rows, dtype=np.int8).reshape(len(rows), len(labels))


def _multiset_permutations(labels: list[int]) -> list[tuple[int, ...]]:
    """Every distinct ordering of ``labels``, each once, in lexicographic order."""
    counts: dict[int, int] = {}
    for x in labels:
        counts[x] = counts.get(x, 0) + 1
    out: list[tuple[int, ...]] = []

    def build(prefix: list[int]) -> None:
        if len(prefix) == len(labels):
            out.append(tuple(prefix))
            return
        for x in sorted(counts):
            if counts[x]:
                counts[x] -= 1
                build([*prefix, x])
                counts[x] += 1

    build([])
    return out


def stud_work(
    g: Game, players: Sequence[Player], live: int, n_now: tuple[int, ...], shared: bool
) -> int:
    """An exact enumeration's hand evaluations (an upper bound): assignments of the
    candidate sets x sets of the missing cards x ways to hand them out x players
    (``live``: the cards of the deck no known card uses)."""
    n_assign = 1
    wild = 0
    for p in players:
        if p.kind == KIND_RANGE:
            assert p.combos is not None
            n_assign *= len(p.combos)
            wild += p.combos.shape[1]
    private = g.hole_cards - (1 if shared else 0)
    missing = [private - n for n in n_now]
    total = sum(missing) + (1 if shared else 0)
    ways = factorial(total)  # ways to hand out one set of the missing cards
    for m in missing:
        ways //= factorial(m)
    evaluations = comb(live - wild, total) * ways * len(players)
    return n_assign * (evaluations + ASSIGNMENT_WORK)


@dataclass(frozen=True)
class StudExactSpec:
    """What an exact unit of the stud family needs besides its assignments (picklable)."""

    game: str
    arrays: StudArrays
    fixed_mask: int
    owners: np.ndarray


def stud_exact_unit(
    spec: StudExactSpec, holes: np.ndarray, used: np.ndarray, threads: bool = True
) -> np.ndarray:
    """Exact counts of assignments of the cards held now: every deal of each.

    Returns ``int64[n_players, n_players + 1 + 7]``: the counts, then the outcome counts,
    summed over the assignments.

    Shapes
    ------
    holes : uint8[n_assign, n_players, HAND_WIDTH]; used : uint64[n_assign]
    """
    g = get_game(spec.game)
    spot = stud_spot(g, spec.arrays, spec.fixed_mask)
    n_assign, n_players = holes.shape[:2]
    n_sets = comb(len(spec.arrays.live_deck), spec.owners.shape[1])
    n_chunks = max(1, min(n_sets, EXACT_CHUNKS // n_assign))
    out = np.zeros((n_assign * n_chunks, n_players, n_players + 1), dtype=np.int64)
    extra = np.zeros((n_assign * n_chunks, n_players, EXTRA_COLUMNS), dtype=np.int64)
    args = (spot, holes, used, spec.arrays.live_deck, spec.owners, n_chunks)
    warming(_stud.enumerate_stud)
    with one_thread(not threads):
        _stud.enumerate_stud(
            *args,
            g.evaluator_tables(None),
            lowball_tables() if g.low_ranked else None,
            out,
            extra if g.hilo else None,
        )
    return np.concatenate([out.sum(axis=0), extra.sum(axis=0)], axis=1)


def _assignments(job: Job, arrays: StudArrays) -> tuple[np.ndarray, np.ndarray]:
    """Every joint choice of the partly known players' candidate sets that shares no
    card: the cards held now of each, and the cards it chose.

    Shapes
    ------
    return : holes uint8[n_assign, n_players, HAND_WIDTH], used uint64[n_assign]
    """
    choice = np.zeros((1, 0), dtype=np.int64)
    used = np.zeros(1, dtype=np.uint64)
    ranged = [i for i, p in enumerate(job.players) if p.kind == KIND_RANGE]
    for i in ranged:
        lo, hi = int(arrays.combo_offsets[i]), int(arrays.combo_offsets[i + 1])
        masks = arrays.combo_masks[lo:hi]
        a = np.repeat(np.arange(len(used)), hi - lo)
        c = np.tile(np.arange(lo, hi), len(used))
        ok = (used[a] & masks[c - lo]) == 0
        a, c = a[ok], c[ok]
        choice = np.concatenate([choice[a], c[:, None]], axis=1)
        used = used[a] | masks[c - lo]
    if len(used) == 0:
        raise ValueError("no legal deal exists: the players' partly known cards conflict")
    holes = np.repeat(arrays.fixed_holes[None], len(used), axis=0)
    for k, i in enumerate(ranged):
        holes[:, i] = arrays.combos[choice[:, k]]
    return np.ascontiguousarray(holes), used


def run_stud_exact(job: StudJob, executor: Any, progress: Progress | None) -> ExactRun:
    """Enumerate ``job``: the counts, the deals (each of weight one) and the outcome counts
    of a hi-lo game (None for the others)."""
    arrays = stud_arrays(job)
    spec = StudExactSpec(job.game.name, arrays, job.kernel_mask, owner_rows(job))
    holes, used = _assignments(job, arrays)
    n_players = job.n_players
    sums = np.zeros((n_players, n_players + 1 + EXTRA_COLUMNS), dtype=np.int64)
    size = executor.chunk_items(len(used), job.work // len(used), ASSIGNMENTS_PER_UNIT)
    bounds = [(lo, min(len(used), lo + size)) for lo in range(0, len(used), size)]
    calls = [(spec, holes[a:b], used[a:b]) for a, b in bounds]
    for done, (_, block) in enumerate(executor.map_unordered(stud_exact_unit, calls), 1):
        sums += block
        if progress is not None:
            progress(done, len(calls))
    wild = sum(p.combos.shape[1] for p in job.players if p.combos is not None)
    m = spec.owners.shape[1]
    deals = comb(len(arrays.live_deck) - wild, m) * len(spec.owners) * len(used)
    split = n_players + 1
    extra = sums[:, split:] if job.game.hilo else None
    return ExactRun(sums[:, :split], float(deals), deals, extra, {}, None)


class StudFamily(Family):
    """Stud, razz, stud8 and the single-draw games: private hands completed from the deck.

    Its jobs are :class:`StudJob` s, its Monte-Carlo arrays :class:`StudArrays`.
    """

    kernel = KERNEL_STUD
    exact_rate = 2.0e7
    mc_rate = 1.8e7
    per_combo = False

    def prepare(
        self,
        hands: Sequence[object],
        board: object,
        dead: object,
        game: Game,
        rules: Any,
        independent_decks: bool,
    ) -> Job:
        """Validate a deal (:func:`prepare_stud`)."""
        return prepare_stud(hands, board, dead, game, rules, independent_decks, self)

    def exact_work(self, job: Job) -> int:
        """The work computed when the job was built (:func:`stud_work`)."""
        return _stud_job(job).work

    def run_exact(
        self, job: Job, executor: Any, progress: Progress | None, categories: bool = False
    ) -> ExactRun:
        """Enumerate ``job`` (:func:`run_stud_exact`; no ranges, no categories)."""
        return run_stud_exact(_stud_job(job), executor, progress)

    def mc_arrays(self, job: Job) -> McArrays:
        """:func:`stud_arrays`."""
        return stud_arrays(_stud_job(job))

    @property
    def mc_unit(self) -> McUnit:
        """:func:`stud_mc_unit`."""
        return stud_mc_unit

    def outcomes(self, game: Game) -> bool:
        """The hi-lo game's: scoops, high and low wins."""
        return game.hilo

    def record(self, plan: DealPlan, first: int, run: int) -> tuple[np.ndarray, np.ndarray]:
        """:func:`.stud_units.record_stud`."""
        return record_stud(plan, first, run)

    def showdown(self, job: Job, holes: np.ndarray, board: np.ndarray) -> tuple[np.ndarray, ...]:
        """:func:`.stud_units.stud_showdown` (no board)."""
        return stud_showdown(job, holes)

    def exact_frequencies(self, game: Game, cards: int, rules: Any) -> np.ndarray:
        """The low games by rank pattern, the others by the hold'em tables."""
        by_code = exact_stud_frequencies(game, cards)
        return super().exact_frequencies(game, cards, rules) if by_code is None else by_code

    def sample_frequencies(
        self,
        game: Game,
        seeds: np.ndarray,
        batch_size: int,
        trials: int,
        first: int,
        cards: int,
        rules: Any,
        threads: bool,
        tables: tuple[np.ndarray, ...] | None,
    ) -> np.ndarray:
        """The low games by the low sampler; the high hands by the hold'em sampler (stud
        hi-lo: with the lows of the same deals)."""
        from ...kernels.omaha import LOW_COLUMN

        low_counts, lows = sample_stud_frequencies(
            game, seeds, batch_size, trials, first, cards, threads
        )
        if low_counts is not None:
            return low_counts
        # the high hands deal the same cards from the same streams
        by_code = TABLE.sample_frequencies(
            game, seeds, batch_size, trials, first, cards, rules, threads, tables
        )
        if lows is not None:
            by_code[LOW_COLUMN] = lows
        return by_code


def _stud_job(job: Job) -> StudJob:
    assert isinstance(job, StudJob)
    return job


STUD = StudFamily()
"""The stud family."""
