"""An independent plain-Python dealer: the Monte-Carlo deals of ``equity.calculate``, card for card.

Written from the documented contract of the kernels (``equity.kernels.rng``,
``.deal``, ``.montecarlo``, ``.headsup``, ``.headsup_range``, ``.omaha_mc``,
``.stud``, ``.scoring``), not from their loops; the tests of
``test_pinned_draws.py`` hold every Monte-Carlo path of the engine to it,
count for count.  The table games, Zha Jin Hua and Omaha borrow the hand
*evaluation* (the package's batch evaluators): what is pinned there is the
random stream, the draws and the counting.  The stud family is scored by the
plain evaluators of ``reference_stud`` (every five of the cards), so its
pins hold the evaluators too.

The stream
----------
* Batch ``b`` of a run of ``seed`` starts from the 64-bit seed
  ``base + 2 * b * golden (mod 2**64)``, ``base`` being the first 64-bit word
  of ``numpy.random.SeedSequence(seed)`` and ``golden = 0x9E3779B97F4A7C15``;
  batch ``b`` deals trials ``[b * batch_size, min(trials, (b + 1) * batch_size))``.
* A batch seed is expanded by two splitmix64 steps into the xoroshiro128+
  state ``(s0, s1)`` (an all-zero state becomes ``(0, 1)``).
* *Card draws* (an integer in ``[0, n)``) use 32 random bits each:
  ``(bits * n) >> 32``.  A draw that finds no half left takes a fresh
  output, uses its top half and keeps its low half for the next card draw.
  The half kept survives everything but a card draw: combo picks and the
  end of a deal leave it alone; a new batch starts with none.
* *Combo picks* take a whole fresh output ``x`` (never the half kept).  An
  unweighted block of combos (the steps of the cumulative weights all equal,
  compared in floating point: the kernels' own test) picks
  ``(top 32 bits of x) * n >> 32``; a weighted one the first combo whose
  cumulative weight exceeds ``base + u * (top - base)`` with
  ``u = (x >> 11) / 2**53`` (``base``, ``top``: the cumulative weight before
  the block and at its end; the cumulative weights run over every range
  player's block in seat order).

The draws
---------
* *Ordered deals* (a random player's hole cards) are partial Fisher-Yates
  steps over the batch's deck: step ``i`` swaps a card of ``deck[i:]`` chosen
  by one card draw into ``deck[i]`` and deals it.  The deck is the live deck
  (the game's cards not known, ascending) at the start of the batch and stays
  permuted from deal to deal; every deal restarts at ``i = 0``.
* *Boards* are Floyd's draws of ``m`` positions out of ``n``: for
  ``j = n - m .. n - 1`` draw ``t`` in ``[0, j]`` and take ``t``, or ``j`` when
  ``t`` was taken already; the cards are taken in that order.
* *Range players* (hold'em ranges, Omaha patterns) are dealt first and
  jointly: one combo each in seat order; a combo meeting a known card or an
  earlier range player's combo rejects the whole attempt at once, and the
  attempt starts again from the first range player.

Order of a deal, by family
--------------------------
Table games (hold'em, short deck, five-card): range players; then

* no range player: the random players in seat order (Fisher-Yates from
  ``i = 0``), then the board by Floyd over ``deck[i:]``;
* range players, no random player: the board by Floyd over the deck without
  the range players' cards (in deck order);
* range and random players: the random players by Fisher-Yates, passing
  over (but stepping past) any card a range player holds, then the board
  the same way, continuing from where the players stopped.

Omaha (high and hi-lo): the same, except that with range players the board
is always dealt by Fisher-Yates skipping their cards (never Floyd).

Zha Jin Hua: the random players in seat order, three Fisher-Yates steps
each from the shared deck (continuing), or with independent decks three
steps from ``i = 0`` of one 52-card deck that every random player re-deals
(it stays permuted from player to player and deal to deal: each player's
three cards are a fresh uniform draw from all 52, known and dead cards
included).

The stud family (stud, razz, stud8, five-draw, deuce-seven, badugi; no board):
a player holds now the cards written (known cards in the order written, then
the cards of its candidate set) and is dealt the rest of the hand.

* A partly known hand (``"(A*)K"``: a slot may be a card, a rank, a suit or
  ``*``) holds one of its *candidate sets*: every set of cards not known that
  fills its slots other than the exact cards, each once, ordered by
  decreasing card mask, cards highest first.  Slots that are all ``*`` are no
  pattern: the hand holds its exact cards and is dealt the rest.
* Per deal: the candidate sets, drawn jointly as ranges are (weight 1 each:
  one bounded draw on a fresh output per player, the whole draw rejected on
  a conflict); then each player in seat order is dealt its missing cards by
  Fisher-Yates from ``i = 0`` over the live deck (the cards not known,
  ascending, kept permuted from deal to deal), passing over (but stepping
  past) the candidate sets' cards; then, when the last card is shared, one
  more card the same way, appended to every hand.
* Stud shares the last card when the cards left (the live deck less the
  candidate sets' cards) cannot give every player the rest of a seven-card
  hand and no hand is complete: eight players, say; each is then dealt up
  to six cards and the shared card is the seventh.

Counting
--------
``counts[p, k]`` (``k >= 1``): deals in which player ``p`` shares the pot
with ``k`` players in all.  Omaha hi-lo and stud8 count half-pots: the high
and the low half each go to their winners, and with no qualifying low both
halves go to the high winners.  Range players also keep per-combo counts
``combo[c] = [deals, shares 1 way, 2 ways, ...]`` (hold'em / short deck); Omaha
and the stud family keep the ``extra`` outcome counts of ``equity.kernels.omaha_mc``
(``calculate`` reports them for Omaha and stud8).
"""

from __future__ import annotations

import bisect
import functools
import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from equity import (
    ZJHRules,
    evaluate_batch,
    evaluate_omaha_batch,
    evaluate_shortdeck_batch,
    evaluate_zjh_batch,
)
from equity.cards import ANY_CARD, format_cards, parse_card_pattern, parse_cards
from equity.evaluators.zjh import category_of_strength, special_235_batch
from equity.games import KERNEL_OMAHA, KERNEL_ZJH
from equity.games import game as get_game
from equity.ranges import parse_omaha_range, parse_range

__all__ = [
    "Block",
    "Dealt",
    "Stream",
    "StudTable",
    "StudTally",
    "Table",
    "Tally",
    "batch_plan",
    "deal",
    "draw_ranges",
    "fisher_yates",
    "fisher_yates_skipping",
    "floyd",
    "omaha_counts",
    "stud_counts",
    "stud_deals",
    "table_counts",
    "zjh_counts",
]

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
MAX_ATTEMPTS = 100_000


# ---------------------------------------------------------------------------
# the stream


def _splitmix64(x: int) -> tuple[int, int]:
    """One splitmix64 step: ``(next state, output)``."""
    x = (x + GOLDEN) & MASK64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return x, z ^ (z >> 31)


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & MASK64


class Stream:
    """One batch's random stream: xoroshiro128+ seeded by splitmix64, with half-output draws."""

    def __init__(self, seed: int) -> None:
        x, a = _splitmix64(seed & MASK64)
        _, b = _splitmix64(x)
        self.s0, self.s1 = (a, b) if (a or b) else (0, 1)
        self.half: int | None = None  # low half of the last output, kept for a card draw

    def output(self) -> int:
        """The next 64-bit xoroshiro128+ output (the half kept is left alone)."""
        s0, s1 = self.s0, self.s1
        result = (s0 + s1) & MASK64
        s1 ^= s0
        self.s0 = _rotl(s0, 24) ^ s1 ^ ((s1 << 16) & MASK64)
        self.s1 = _rotl(s1, 37)
        return result

    def card(self, n: int) -> int:
        """A card draw in ``[0, n)`` from 32 bits: a kept low half, else a fresh top half."""
        if self.half is None:
            x = self.output()
            bits, self.half = x >> 32, x & 0xFFFFFFFF
        else:
            bits, self.half = self.half, None
        return (bits * n) >> 32


def batch_plan(seed: int, trials: int, batch_size: int) -> list[tuple[int, int]]:
    """``[(batch seed, deals), ...]`` of a run: the stream seed and size of each batch."""
    base = int(np.random.SeedSequence(seed).generate_state(1, dtype=np.uint64)[0])
    n_batches = -(-trials // batch_size)
    return [
        ((base + 2 * b * GOLDEN) & MASK64, min(trials, (b + 1) * batch_size) - b * batch_size)
        for b in range(n_batches)
    ]


# ---------------------------------------------------------------------------
# the draws


def fisher_yates(stream: Stream, deck: list[int], i: int) -> int:
    """Step ``i`` of a partial Fisher-Yates shuffle of ``deck``: the card dealt."""
    k = i + stream.card(len(deck) - i)
    deck[i], deck[k] = deck[k], deck[i]
    return deck[i]


def fisher_yates_skipping(
    stream: Stream, deck: list[int], i: int, m: int, held: int
) -> tuple[list[int], int]:
    """``m`` cards by Fisher-Yates from step ``i``, passing over cards in the mask ``held``.

    Returns the cards and the next step.
    """
    cards: list[int] = []
    while len(cards) < m:
        c = fisher_yates(stream, deck, i)
        i += 1
        if not (held >> c) & 1:
            cards.append(c)
    return cards, i


def floyd(stream: Stream, n: int, m: int) -> list[int]:
    """Floyd's uniform ``m``-subset of ``range(n)``, positions in the order taken."""
    taken: list[int] = []
    for j in range(n - m, n):
        t = stream.card(j + 1)
        taken.append(j if t in taken else t)
    return taken


@dataclass
class Block:
    """One range player's combos after card removal, with the cumulative weights."""

    combos: list[tuple[int, ...]]
    cum: list[float]  # cumulative weight of each combo, over all blocks in seat order
    base: float  # cumulative weight before the block
    offset: int  # index of the block's first combo among all blocks
    unweighted: bool = field(init=False)

    def __post_init__(self) -> None:
        # unweighted: every step of the cumulative weights equals the first (in floats)
        steps = [b - a for a, b in itertools.pairwise([self.base, *self.cum])]
        self.unweighted = all(s == steps[0] for s in steps)

    def pick(self, x: int) -> int:
        """The combo (index in the block) that the 64 random bits ``x`` pick."""
        n = len(self.combos)
        if self.unweighted:
            return ((x >> 32) * n) >> 32
        u = float(x >> 11) * (1.0 / 9007199254740992.0)
        target = self.base + u * (self.cum[-1] - self.base)
        return bisect.bisect_right(self.cum, target, 0, n - 1)


def _mask(cards: Sequence[int]) -> int:
    return sum(1 << c for c in cards)


def draw_ranges(stream: Stream, blocks: dict[int, Block], known: int) -> tuple[dict[int, int], int]:
    """One combo per range player, drawn jointly: ``({player: combo in block}, cards held)``."""
    for _ in range(MAX_ATTEMPTS):
        used = known
        picked: dict[int, int] = {}
        for p, block in blocks.items():
            c = block.pick(stream.output())
            m = _mask(block.combos[c])
            if m & used:
                break
            used |= m
            picked[p] = c
        else:
            return picked, used
    raise ValueError("no legal deal found")


# ---------------------------------------------------------------------------
# a table, as calculate reads the public inputs

RANDOM = "random"
KNOWN = "known"
RANGE = "range"


def _combos_and_weights(rng: Any) -> tuple[np.ndarray, np.ndarray]:
    """A range's combos (``int64[n, hole cards]``, in order) and weights (``float64[n]``)."""
    combos = np.asarray(rng.combos, dtype=np.int64)
    return combos.reshape(len(combos), -1), np.asarray(rng.weights, dtype=np.float64).ravel()


@dataclass
class Table:
    """The public inputs of a deal, read as ``calculate`` reads them."""

    game: str
    hands: Sequence[Any]
    board: str = ""
    dead: str = ""
    independent_decks: bool = False
    kinds: list[str] = field(init=False)
    known: dict[int, list[int]] = field(init=False)
    blocks: dict[int, Block] = field(init=False)

    def __post_init__(self) -> None:
        g = get_game(self.game)
        self.n_hole = g.hole_cards
        self.board_total = g.board_total
        self.game_deck = list(g.deck)
        self.hilo = g.hilo
        self.board_cards = parse_cards(self.board) if self.board else []
        self.dead_cards = parse_cards(self.dead) if self.dead else []
        self.kinds, self.known, raw = [], {}, {}
        for p, spec in enumerate(self.hands):
            kind, value = self._read(spec, g)
            self.kinds.append(kind)
            if kind == KNOWN:
                self.known[p] = value
            elif kind == RANGE:
                raw[p] = value
        known_cards = [*self.board_cards, *self.dead_cards, *itertools.chain(*self.known.values())]
        self.known_mask = _mask(known_cards)
        self.live = [c for c in self.game_deck if not (self.known_mask >> c) & 1]
        # card removal: a combo meeting a known card, or a card not in the deck, never plays
        self.blocks = {}
        total, offset = 0.0, 0
        out = self.known_mask | (_mask(range(52)) ^ _mask(self.game_deck))  # never dealt
        for p, (combos, weights) in raw.items():
            masks = np.zeros(len(combos), dtype=np.uint64)
            for j in range(combos.shape[1]):
                masks |= np.uint64(1) << combos[:, j].astype(np.uint64)
            keep = ((masks & np.uint64(out)) == 0) & (weights > 0)
            base = total
            cum = []
            for w in weights[keep].tolist():
                total += w
                cum.append(total)
            kept = [tuple(c) for c in combos[keep].tolist()]
            self.blocks[p] = Block(kept, cum, base, offset)
            offset += len(kept)

    def _read(self, spec: Any, g: Any) -> tuple[str, Any]:
        if hasattr(spec, "combos") and hasattr(spec, "weights"):
            return RANGE, _combos_and_weights(spec)
        if isinstance(spec, str) and spec.strip().lower() == RANDOM:
            return RANDOM, None
        try:
            cards = parse_cards(spec)
        except ValueError:
            cards = None
        if cards is not None and len(cards) == g.hole_cards:
            return KNOWN, cards
        rng = parse_omaha_range(spec, g.hole_cards) if g.patterns else parse_range(spec)
        return RANGE, _combos_and_weights(rng)

    @property
    def n_players(self) -> int:
        """Players at the table."""
        return len(self.kinds)

    @property
    def n_combos(self) -> int:
        """Combos of all range players after card removal."""
        return sum(len(b.combos) for b in self.blocks.values())


@dataclass
class Dealt:
    """Every deal of a run: hole cards, board (known cards first), range players' combos."""

    holes: np.ndarray  # uint8[n, n_players, n_hole]
    boards: np.ndarray  # uint8[n, board_total]
    combos: np.ndarray  # int64[n, n_players]: global combo index, -1 for other players


def _deal_one(table: Table, stream: Stream, deck: list[int], omaha: bool) -> tuple[Any, ...]:
    """One deal of a table game or Omaha (module doc): ``(holes, new board cards, combos)``."""
    n_hole = table.n_hole
    m = table.board_total - len(table.board_cards)
    holes: list[list[int]] = [list(table.known.get(p, [])) for p in range(table.n_players)]
    combos = [-1] * table.n_players
    picked, held = draw_ranges(stream, table.blocks, table.known_mask)
    for p, c in picked.items():
        holes[p] = list(table.blocks[p].combos[c])
        combos[p] = table.blocks[p].offset + c
    randoms = [p for p, k in enumerate(table.kinds) if k == RANDOM]
    if not table.blocks:
        i = 0
        for p in randoms:
            holes[p] = [fisher_yates(stream, deck, i + j) for j in range(n_hole)]
            i += n_hole
        board = [deck[i + t] for t in floyd(stream, len(deck) - i, m)]
    elif not randoms and not omaha:
        left = [c for c in deck if not (held >> c) & 1]
        board = [left[t] for t in floyd(stream, len(left), m)]
    else:
        i = 0
        for p in randoms:
            holes[p], i = fisher_yates_skipping(stream, deck, i, n_hole, held)
        board, i = fisher_yates_skipping(stream, deck, i, m, held)
    return holes, board, combos


def deal(table: Table, *, trials: int, batch_size: int, seed: int) -> Dealt:
    """Every deal, in order, of the Monte-Carlo run of ``table`` (``trials`` deals in
    batches of ``batch_size`` from ``seed``), as ``calculate`` deals them."""
    family = get_game(table.game).kernel
    holes, boards, combos = [], [], []
    for batch_seed, n in batch_plan(seed, trials, batch_size):
        stream = Stream(batch_seed)
        deck = list(table.live)
        own_deck = list(range(52))  # Zha Jin Hua's independent deck
        for _ in range(n):
            if family == KERNEL_ZJH:
                hands = [list(table.known.get(p, [])) for p in range(table.n_players)]
                i = 0
                for p, kind in enumerate(table.kinds):
                    if kind != RANDOM:
                        continue
                    if table.independent_decks:
                        hands[p] = [fisher_yates(stream, own_deck, j) for j in range(3)]
                    else:
                        hands[p] = [fisher_yates(stream, deck, i + j) for j in range(3)]
                        i += 3
                holes.append(hands)
                boards.append([])
                combos.append([-1] * table.n_players)
                continue
            hands, board, picked = _deal_one(table, stream, deck, omaha=family == KERNEL_OMAHA)
            holes.append(hands)
            boards.append([*table.board_cards, *board])
            combos.append(picked)
    n_players = table.n_players
    return Dealt(
        np.asarray(holes, dtype=np.uint8).reshape(trials, n_players, table.n_hole),
        np.asarray(boards, dtype=np.uint8).reshape(trials, table.board_total),
        np.asarray(combos, dtype=np.int64).reshape(trials, n_players),
    )


# ---------------------------------------------------------------------------
# counting


@dataclass
class Tally:
    """What a run counts: ``counts[p, k]``, per-combo counts, Omaha's outcome counts."""

    counts: np.ndarray  # int64[n_players, n_players + 1]
    combo: np.ndarray  # int64[n_combos, n_players + 1]: deals, then shares k ways
    table: Table
    dealt: Dealt
    extra: np.ndarray | None = None  # Omaha: int64[n_players, 7]


def _count_winners(table: Table, dealt: Dealt, winners: np.ndarray) -> Tally:
    """Counts of the winner sets ``winners[deal] -> bool[n_players]``."""
    n = table.n_players
    counts = np.zeros((n, n + 1), dtype=np.int64)
    combo = np.zeros((max(table.n_combos, 1), n + 1), dtype=np.int64)
    k = winners.sum(axis=1)  # players sharing each pot
    for p in range(n):
        won = winners[:, p]
        counts[p] = np.bincount(k[won], minlength=n + 1)
        if table.kinds[p] == RANGE:
            c = dealt.combos[:, p]
            np.add.at(combo, (c, 0), 1)
            np.add.at(combo, (c, k), won.astype(np.int64))
    return Tally(counts, combo, table, dealt)


def _best(values: np.ndarray) -> np.ndarray:
    """Who holds the best value of each row."""
    return values == values.max(axis=1, keepdims=True)


def table_counts(
    game: str,
    hands: Sequence[Any],
    board: str = "",
    dead: str = "",
    *,
    trials: int,
    batch_size: int,
    seed: int,
) -> Tally:
    """Hold'em, short deck, five-card poker: the counts of ``calculate``'s Monte-Carlo run."""
    table = Table(game, hands, board, dead)
    dealt = deal(table, trials=trials, batch_size=batch_size, seed=seed)
    n, n_players = trials, table.n_players
    cards = np.concatenate(
        [dealt.holes, np.broadcast_to(dealt.boards[:, None, :], (n, n_players, table.board_total))],
        axis=2,
    ).reshape(n * n_players, -1)
    evaluate = evaluate_shortdeck_batch if game == "shortdeck" else evaluate_batch
    values = evaluate(np.ascontiguousarray(cards)).reshape(n, n_players)
    return _count_winners(table, dealt, _best(values))


def _unbeaten(special: list[bool], bomb: list[bool], value: list[int]) -> list[bool]:
    """The hands no other hand beats under the 2-3-5 rule (none: a cycle of beats)."""

    def beats(a: int, b: int) -> bool:
        if special[a] and bomb[b]:
            return True
        if special[b] and bomb[a]:
            return False
        return value[a] > value[b]

    players = range(len(value))
    return [not any(beats(b, a) for b in players) for a in players]


def zjh_counts(
    hands: Sequence[Any],
    dead: str = "",
    *,
    trials: int,
    batch_size: int,
    seed: int,
    rules: ZJHRules | None = None,
    independent_decks: bool = False,
) -> Tally:
    """Zha Jin Hua: the counts of ``calculate``'s Monte-Carlo run.

    With the 2-3-5 rule, hand ``a`` beats ``b`` when ``a`` is an off-suit 2-3-5
    and ``b`` a bomb, loses when it is the other way round, and otherwise
    the stronger one wins; the pot goes to the hands no other hand beats, or
    when every hand is beaten by another, to the strongest ones.
    """
    rules = rules or ZJHRules()
    table = Table("zjh", hands, "", dead, independent_decks)
    dealt = deal(table, trials=trials, batch_size=batch_size, seed=seed)
    n, n_players = trials, table.n_players
    flat = np.ascontiguousarray(dealt.holes.reshape(n * n_players, 3))
    values = evaluate_zjh_batch(flat, rules).reshape(n, n_players)
    winners = _best(values)
    if rules.special_235:
        special = special_235_batch(flat).reshape(n, n_players)
        bomb = (category_of_strength(values, rules) == 0) & ~special
        for row in range(n):
            won = _unbeaten(special[row].tolist(), bomb[row].tolist(), values[row].tolist())
            if any(won):
                winners[row] = won
    return _count_winners(table, dealt, winners)


def omaha_counts(
    game: str,
    hands: Sequence[Any],
    board: str = "",
    dead: str = "",
    *,
    trials: int,
    batch_size: int,
    seed: int,
) -> Tally:
    """Omaha high or hi-lo: the counts (half-pots for hi-lo) and the ``extra`` outcome counts.

    ``extra[p]``: deals in which ``p`` 0 scoops, 1 has the only best high,
    2 shares it, 3 has the only best low, 4 shares it, 5 wins any part of the
    pot; 6 deals with no qualifying low (hi-lo only).
    """
    table = Table(game, hands, board, dead)
    dealt = deal(table, trials=trials, batch_size=batch_size, seed=seed)
    n, n_players = trials, table.n_players
    high, low = evaluate_omaha_batch(
        np.ascontiguousarray(dealt.holes.reshape(n * n_players, table.n_hole)),
        np.ascontiguousarray(np.repeat(dealt.boards, n_players, axis=0)),
    )
    high = high.reshape(n, n_players)
    low = low.reshape(n, n_players)  # 0: no qualifying low; bigger is better
    counts = [[0] * (n_players + 1) for _ in range(n_players)]
    extra = [[0] * 7 for _ in range(n_players)]
    for highs, lows in zip(high.tolist(), low.tolist(), strict=True):
        top = max(highs)
        high_won = [h == top for h in highs]
        n_high = sum(high_won)
        best_low = max(lows) if table.hilo else 0
        low_won = [best_low > 0 and x == best_low for x in lows]
        n_low = sum(low_won)
        for p in range(n_players):
            if high_won[p]:
                # a high-only pot is one unit; a hi-lo pot without a low, two half-pots
                counts[p][n_high] += 2 if table.hilo and best_low == 0 else 1
                extra[p][1 if n_high == 1 else 2] += 1
            if low_won[p]:
                counts[p][n_low] += 1
                extra[p][3 if n_low == 1 else 4] += 1
            if high_won[p] or low_won[p]:
                extra[p][5] += 1
            alone_low = best_low == 0 or (low_won[p] and n_low == 1)
            if high_won[p] and n_high == 1 and alone_low:
                extra[p][0] += 1
            if table.hilo and best_low == 0:
                extra[p][6] += 1
    combo = np.zeros((max(table.n_combos, 1), n_players + 1), dtype=np.int64)
    return Tally(
        np.asarray(counts, dtype=np.int64), combo, table, dealt, np.asarray(extra, dtype=np.int64)
    )


# ---------------------------------------------------------------------------
# the stud family (stud, razz, stud8, five-draw, deuce-seven, badugi)

_RANDOM_WORDS = {"random", "?", "??", "xx", ""}


def _fitting_sets(wild: Sequence[int], available: int) -> list[tuple[int, ...]]:
    """Every set of cards of ``available`` that fills the slot masks ``wild`` (each card in
    one slot that allows it), each set once: cards highest first, sets by decreasing mask.

    Obvious on purpose: every way to fill the slots one by one, kept as a set.
    """
    choices = [[c for c in range(52) if (m & available) >> c & 1] for m in wild]
    sets = {frozenset(pick) for pick in itertools.product(*choices) if len(set(pick)) == len(pick)}
    return [tuple(sorted(s, reverse=True)) for s in sorted(sets, key=_mask, reverse=True)]


@dataclass
class StudTable:
    """A stud-family deal as ``calculate`` reads it (the stud section of the module doc)."""

    game: str
    hands: Sequence[Any]
    dead: str = ""
    held: list[list[int]] = field(init=False)  # the known cards held now, as written
    n_now: list[int] = field(init=False)  # cards held now: known and partly known
    candidates: dict[int, list[tuple[int, ...]]] = field(init=False)  # partly known players

    def __post_init__(self) -> None:
        g = get_game(self.game)
        self.n_cards = g.hole_cards
        self.hilo = g.hilo
        dead = parse_cards(self.dead) if self.dead else []
        self.held, self.n_now, wilds = [], [], {}
        for p, spec in enumerate(self.hands):
            text = spec if isinstance(spec, str) else format_cards(parse_cards(spec))
            if text.strip().lower() in _RANDOM_WORDS:
                slots: tuple[int, ...] = ()
            else:
                slots = parse_card_pattern(text)
            exact = [m.bit_length() - 1 for m in slots if m & (m - 1) == 0]
            wild = [m for m in slots if m & (m - 1)]
            if all(m == ANY_CARD for m in wild):
                wild = []  # unknown cards held now are dealt as the cards to come
            self.held.append(exact)
            self.n_now.append(len(exact) + len(wild))
            if wild:
                wilds[p] = wild
        self.known_mask = _mask([*dead, *itertools.chain(*self.held)])
        self.live = [c for c in g.deck if not (self.known_mask >> c) & 1]
        available = _mask(self.live)
        self.candidates = {p: _fitting_sets(w, available) for p, w in wilds.items()}
        # Stud with more players than the deck serves: the last card is shared (one card).
        left = len(self.live) - sum(len(w) for w in wilds.values())
        need = sum(self.n_cards - n for n in self.n_now)
        self.shared = g.short_hands == "stud" and need > left and max(self.n_now) < self.n_cards
        # the candidate sets, drawn jointly as ranges are (weight 1 each: one bounded draw)
        self.blocks: dict[int, Block] = {}
        total = 0
        for p, sets in self.candidates.items():
            cum = [float(total + k) for k in range(1, len(sets) + 1)]
            self.blocks[p] = Block(list(sets), cum, float(total), total)
            total += len(sets)

    @property
    def n_players(self) -> int:
        """Players at the table."""
        return len(self.hands)

    def deal(self, stream: Stream, deck: list[int]) -> list[list[int]]:
        """One deal: every player's finished hand (cards held now first, then as dealt)."""
        picked, held = draw_ranges(stream, self.blocks, self.known_mask)
        passed = held & ~self.known_mask  # the candidate sets' cards: in the deck, passed over
        hands = [list(h) for h in self.held]
        for p, c in picked.items():
            hands[p] += self.blocks[p].combos[c]
        private = self.n_cards - 1 if self.shared else self.n_cards
        i = 0
        for p in range(self.n_players):
            cards, i = fisher_yates_skipping(stream, deck, i, private - self.n_now[p], passed)
            hands[p] += cards
        if self.shared:
            (last,), i = fisher_yates_skipping(stream, deck, i, 1, passed)
            for hand in hands:
                hand.append(last)
        return hands


@dataclass
class StudTally:
    """A stud-family run: the dealt hands, ``counts`` and the hi-lo ``extra`` outcome
    counts (the columns of :func:`omaha_counts`)."""

    table: StudTable
    holes: np.ndarray  # uint8[n, n_players, n_cards]
    counts: np.ndarray  # int64[n_players, n_players + 1]
    extra: np.ndarray  # int64[n_players, 7]


def stud_deals(table: StudTable, *, trials: int, batch_size: int, seed: int) -> np.ndarray:
    """Every deal of the Monte-Carlo run, in order: ``uint8[trials, n_players, n_cards]``."""
    hands = []
    for batch_seed, n in batch_plan(seed, trials, batch_size):
        stream = Stream(batch_seed)
        deck = list(table.live)  # stays permuted from deal to deal within the batch
        hands += [table.deal(stream, deck) for _ in range(n)]
    return np.asarray(hands, dtype=np.uint8).reshape(trials, table.n_players, table.n_cards)


def _best_of(keys: Sequence[Any]) -> list[bool]:
    """Who holds the best (smallest) key; nobody when no key is given (None)."""
    live = [k for k in keys if k is not None]
    return [k is not None and k == min(live) for k in keys]


def stud_counts(
    game: str,
    hands: Sequence[Any],
    dead: str = "",
    *,
    trials: int,
    batch_size: int,
    seed: int,
) -> StudTally:
    """The stud family: the counts of ``calculate``'s Monte-Carlo run, scored by the plain
    evaluators of :mod:`reference_stud` (half-pots and outcome counts for stud8)."""
    from reference_stud import RANKERS, low8_key

    table = StudTable(game, hands, dead)
    holes = stud_deals(table, trials=trials, batch_size=batch_size, seed=seed)
    rank = functools.lru_cache(maxsize=None)(RANKERS[game])
    low = functools.lru_cache(maxsize=None)(low8_key)
    n = table.n_players
    counts = [[0] * (n + 1) for _ in range(n)]
    extra = [[0] * 7 for _ in range(n)]
    for deal_ in holes.tolist():
        finals = [tuple(sorted(h)) for h in deal_]
        high_won = _best_of([rank(f) for f in finals])
        low_won = _best_of([low(f) for f in finals]) if table.hilo else [False] * n
        n_high, n_low = sum(high_won), sum(low_won)
        for p in range(n):
            if high_won[p]:
                # a high-only pot is one unit; a hi-lo pot without a low, two half-pots
                counts[p][n_high] += 2 if table.hilo and not n_low else 1
                extra[p][1 if n_high == 1 else 2] += 1
            if low_won[p]:
                counts[p][n_low] += 1
                extra[p][3 if n_low == 1 else 4] += 1
            if high_won[p] or low_won[p]:
                extra[p][5] += 1
            if high_won[p] and n_high == 1 and (not n_low or (low_won[p] and n_low == 1)):
                extra[p][0] += 1
            if table.hilo and not n_low:
                extra[p][6] += 1
    return StudTally(
        table, holes, np.asarray(counts, dtype=np.int64), np.asarray(extra, dtype=np.int64)
    )
