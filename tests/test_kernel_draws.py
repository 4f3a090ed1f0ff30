"""The Monte-Carlo fast paths draw exactly what the general loop draws.

:func:`equity.kernels.montecarlo._simulate_table_batch` hands three heads-up
spots to specialised loops, each documented as "the same draws as the
general loop":

* two known hands (``n_players == 2``, no range, no random player):
  :func:`~equity.kernels.headsup.heads_up_boards` (Floyd's board draw);
* a known hand against one range (``n_players == 2``, one range player, no
  random player): :func:`~equity.kernels.headsup_range.heads_up_range` (a combo
  from a fresh generator output, then the board by Floyd's draw over the
  live deck without the combo's cards);
* one or two random players heads-up (no range):
  :func:`~equity.kernels.headsup.heads_up_random` (the random hands by
  partial Fisher-Yates in seat order, then Floyd's board draw from the
  cards left).

The branch is taken on those counts alone, so a third player who is random
or a range forces the general loop; three or more known hands take a loop
of their own (``_known_hands_boards``, the general loop's draws without its
branches).  A third player who is a *copy* of a known hand (the same two
cards; the kernel does not check for duplicates, the engine does) draws
nothing, leaves the live deck as it was and always ties with the hand it
copies: the loop it lands in then consumes the stream exactly as the fast
path does, and its counts map one to one onto the heads-up counts.  The tests
below compare the two batch by batch through the batch driver
:func:`~equity.kernels.montecarlo.simulate_batches`, with arrays laid out as its
docstring says (and of the engine's types, so no second signature is
compiled).

The last tests replay both fast paths in plain Python for two short batches
(splitmix64 seeding, xoroshiro128+, the half-output card draws of
:func:`equity.kernels.rng.draw`, Floyd's board draw, the weighted combo pick,
showdowns by the reference evaluator) and demand the same counts: the fast
paths, and so the general loop, draw what the modules document.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass

import numba
import numpy as np
import pytest
import reference_equity as refeq

from equity.cards import parse_cards
from equity.kernels import montecarlo as mc
from equity.kernels import scoring as sd
from equity.kernels._jit import variant
from equity.kernels.rng import batch_seeds
from equity.kernels.scoring import NO_ZJH_RULES
from equity.lookup import holdem_tables
from equity.ranges import parse_range

SEED = 20261130
TRIALS = 60_000
BATCH = 7_000  # 9 batches, the last one short

_ONE = np.uint64(1)


@dataclass(frozen=True)
class Spot:
    """The kernel arrays of a hold'em spot (see :func:`mc.simulate_batches`)."""

    fixed_holes: np.ndarray  # uint8[n_players, 5]
    kinds: np.ndarray  # int8[n_players]
    combos: np.ndarray  # uint8[n_combos, 5]
    combo_masks: np.ndarray  # uint64[n_combos]
    combo_offsets: np.ndarray  # int64[n_players + 1]
    combo_cum: np.ndarray  # float64[n_combos]
    board: np.ndarray  # uint8[5]
    n_board: int
    fixed_mask: np.uint64
    live_deck: np.ndarray  # uint8[n_live]

    @property
    def n_players(self) -> int:
        """Number of players."""
        return len(self.kinds)


def make_spot(players: Sequence[str], board: str) -> Spot:
    """Kernel arrays for known hands (``"AhKd"``) and ranges; known hands may repeat.

    A range keeps the combos that avoid the board and the known hands, as the
    engine's card removal does.
    """
    n = len(players)
    board_cards = parse_cards(board) if board else []
    known = [
        parse_cards(p) if len(p) == 4 and "," not in p and p != "random" else None for p in players
    ]
    fixed_mask = 0
    for c in [*board_cards, *(c for h in known if h is not None for c in h)]:
        fixed_mask |= 1 << c
    fixed_holes = np.zeros((n, 5), dtype=np.uint8)
    kinds = np.zeros(n, dtype=np.int8)
    blocks: list[np.ndarray] = []
    weights: list[np.ndarray] = []
    offsets = [0]
    for p, (text, hand) in enumerate(zip(players, known, strict=True)):
        if hand is not None:
            kinds[p] = sd.KIND_FIXED
            fixed_holes[p, :2] = hand
            offsets.append(offsets[-1])
            continue
        if text == "random":
            kinds[p] = sd.KIND_RANDOM
            offsets.append(offsets[-1])
            continue
        kinds[p] = sd.KIND_RANGE
        rng = parse_range(text)
        combos = np.asarray(rng.combos, dtype=np.uint8)
        keep = [not ((fixed_mask >> int(a)) & 1 or (fixed_mask >> int(b)) & 1) for a, b in combos]
        block = np.zeros((sum(keep), 5), dtype=np.uint8)
        block[:, :2] = combos[keep]
        blocks.append(block)
        weights.append(np.asarray(rng.weights, dtype=np.float64)[keep])
        offsets.append(offsets[-1] + len(block))
    combos = np.concatenate(blocks) if blocks else np.zeros((1, 5), dtype=np.uint8)
    cum = np.cumsum(np.concatenate(weights)) if weights else np.ones(1)
    masks = (_ONE << combos[:, 0].astype(np.uint64)) | (_ONE << combos[:, 1].astype(np.uint64))
    board_arr = np.zeros(5, dtype=np.uint8)
    board_arr[: len(board_cards)] = board_cards
    live = np.array([c for c in range(52) if not (fixed_mask >> c) & 1], dtype=np.uint8)
    return Spot(
        fixed_holes,
        kinds,
        np.ascontiguousarray(combos),
        masks,
        np.asarray(offsets, dtype=np.int64),
        cum,
        board_arr,
        len(board_cards),
        np.uint64(fixed_mask),
        live,
    )


def run_batches(
    spot: Spot, trials: int = TRIALS, batch_size: int = BATCH, seed: int = SEED
) -> tuple[np.ndarray, np.ndarray]:
    """Per-batch ``out[b, p, k]`` and ``combo_out[b, c, k]`` of :func:`mc.simulate_batches`."""
    n_batches = -(-trials // batch_size)
    n = spot.n_players
    out = np.zeros((n_batches, n, n + 1), dtype=np.int64)
    combo_out = np.zeros((n_batches, len(spot.combos), n + 1), dtype=np.int64)
    status = np.zeros(n_batches, dtype=np.int64)
    spot_args = (2, spot.board, spot.n_board, 5, spot.fixed_holes, spot.kinds, spot.combos,
                 spot.combo_masks, spot.combo_offsets, spot.combo_cum, spot.fixed_mask,
                 spot.live_deck)  # fmt: skip
    mc.simulate_batches(
        batch_seeds(seed, n_batches),
        batch_size,
        trials,
        0,
        variant(mc.mc_loop(sd.GAME_TABLE, spot.kinds)),
        spot_args,
        (False, NO_ZJH_RULES),
        holdem_tables(),
        out,
        combo_out,
        status,
        None,
    )
    assert np.all(status == sd.STATUS_OK)
    first = np.arange(n_batches) * batch_size
    sizes = np.minimum(trials, first + batch_size) - first
    # every deal is one showdown: the k-way splits of a batch add up to its deals
    ks = np.arange(1, n + 1)
    per_k = out[:, :, 1:].sum(axis=1)
    assert np.all(per_k % ks == 0)
    np.testing.assert_array_equal((per_k // ks).sum(axis=1), sizes)
    return out, combo_out


def assert_one_signature() -> None:
    """The spots above are of the engine's types: the driver is compiled once per loop."""
    if not numba.config.DISABLE_JIT:
        loops = [(sig[4].ndim, sig[11]) for sig in mc.simulate_batches.signatures]
        assert len(loops) == len(set(loops))


def assert_heads_up_equals_three_way(hu: np.ndarray, three: np.ndarray, hero: int) -> None:
    """Heads-up counts against those with the hero's copy as player 2, batch by batch.

    With the copy: a hero win is a two-way split of hero and copy, a villain
    win is still a sole win, and a tie is a three-way split.
    """
    villain = 1 - hero
    np.testing.assert_array_equal(three[:, hero, 2], hu[:, hero, 1])  # hero wins
    np.testing.assert_array_equal(three[:, villain, 1], hu[:, villain, 1])  # villain wins
    np.testing.assert_array_equal(three[:, hero, 3], hu[:, hero, 2])  # ties
    np.testing.assert_array_equal(three[:, villain, 3], hu[:, villain, 2])
    np.testing.assert_array_equal(three[:, 2], three[:, hero])  # the copy is the hero
    # outcomes the copy rules out
    assert not three[:, hero, 1].any()
    assert not three[:, villain, 2].any()
    # the general loop ran: the third player took part in every showdown
    assert three[:, 2, 2:].sum() == hu[:, hero, 1:].sum()


BOARDS = [
    pytest.param("", id="preflop"),
    pytest.param("Ts9s2h", id="flop"),
    pytest.param("Ts9s2h3c", id="turn"),
]


@pytest.mark.parametrize("board", BOARDS)
def test_two_known_hands_fast_path_draws_as_general_loop(board: str) -> None:
    """``heads_up_boards`` counts equal the general loop's with a copy of the first hand."""
    hu_out, _ = run_batches(make_spot(["AhKd", "7c7d"], board))
    three_out, _ = run_batches(make_spot(["AhKd", "7c7d", "AhKd"], board))
    assert hu_out[:, 0, 1:].sum(axis=1).max() > 0
    assert_heads_up_equals_three_way(hu_out, three_out, hero=0)
    assert_one_signature()


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("hero", [0, 1])
def test_hand_vs_random_fast_path_draws_as_general_loop(board: str, hero: int) -> None:
    """``heads_up_random`` counts equal the general loop's with a copy of the known hand."""
    players = ["AhKd", "random"] if hero == 0 else ["random", "AhKd"]
    hu_out, _ = run_batches(make_spot(players, board))
    three_out, _ = run_batches(make_spot([*players, "AhKd"], board))
    assert_heads_up_equals_three_way(hu_out, three_out, hero)
    assert_one_signature()


@pytest.mark.parametrize("board", BOARDS[:2])
@pytest.mark.parametrize("hero", [0, 1])
@pytest.mark.parametrize(
    "villain",
    [
        pytest.param("QQ+,AKs,JTs", id="uniform"),
        pytest.param("QQ+,AKs@50,JTs@25", id="weighted"),
    ],
)
def test_hand_vs_range_fast_path_draws_as_general_loop(board: str, hero: int, villain: str) -> None:
    """``heads_up_range`` counts, per batch and per combo, equal the general loop's.

    Unweighted ranges pick a combo with one bounded draw, weighted ones by a
    binary search over cumulative weights: both are covered, with the hero
    first and second.
    """
    players = ["AhKd", villain] if hero == 0 else [villain, "AhKd"]
    hu_out, hu_combo = run_batches(make_spot(players, board))
    three_out, three_combo = run_batches(make_spot([*players, "AhKd"], board))
    assert_heads_up_equals_three_way(hu_out, three_out, hero)
    # per combo: deals, villain's sole wins, ties (two-way heads-up, three-way with the copy)
    np.testing.assert_array_equal(three_combo[:, :, 0], hu_combo[:, :, 0])
    np.testing.assert_array_equal(three_combo[:, :, 1], hu_combo[:, :, 1])
    np.testing.assert_array_equal(three_combo[:, :, 3], hu_combo[:, :, 2])
    assert not three_combo[:, :, 2].any()
    assert (hu_combo[:, :, 0] > 0).sum() > hu_combo.shape[1]  # many combos dealt
    assert_one_signature()


# ---------------------------------------------------------------------------
# the documented stream, replayed in plain Python

_MASK64 = (1 << 64) - 1


class Stream:
    """splitmix64-seeded xoroshiro128+ with the half-output card draws of ``rng.draw``."""

    def __init__(self, seed: int) -> None:
        x = seed
        outputs = []
        for _ in range(2):
            x = (x + 0x9E3779B97F4A7C15) & _MASK64
            z = x
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            outputs.append(z ^ (z >> 31))
        self.s0, self.s1 = outputs
        if self.s0 == 0 and self.s1 == 0:
            self.s1 = 1
        self.spare = 0

    def next(self) -> int:
        """One xoroshiro128+ output (the spare half is left alone)."""
        s0, s1 = self.s0, self.s1
        result = (s0 + s1) & _MASK64
        s1 ^= s0
        self.s0 = (((s0 << 24) | (s0 >> 40)) & _MASK64) ^ s1 ^ ((s1 << 16) & _MASK64)
        self.s1 = ((s1 << 37) | (s1 >> 27)) & _MASK64
        return result

    def draw(self, n: int) -> int:
        """An integer in ``[0, n)``: the top half of a fresh output, then its low half."""
        if self.spare:
            x, self.spare = self.spare, 0
        else:
            x = self.next()
            self.spare = ((x << 32) | 1) & _MASK64
        return ((x >> 32) * n) >> 32


def replay_two_hands(hands: list[list[int]], board: list[int], seed: int, n: int) -> list[int]:
    """``n`` deals of two known hands, drawn as documented: ``[wins 0, wins 1, ties]``.

    Each deal completes the board with Floyd's algorithm over the live deck
    (positions ``j = n_live - m .. n_live - 1``: draw ``t`` in ``[0, j]``,
    take ``j`` instead if ``t`` was taken); the deck itself never moves.
    """
    stream = Stream(seed)
    known = {c for h in hands for c in h} | set(board)
    deck = [c for c in range(52) if c not in known]
    m = 5 - len(board)
    counts = [0, 0, 0]
    for _ in range(n):
        taken: set[int] = set()
        for j in range(len(deck) - m, len(deck)):
            t = stream.draw(j + 1)
            taken.add(j if t in taken else t)
        winners = refeq.holdem_winners(hands, [*board, *(deck[t] for t in taken)])
        counts[2 if len(winners) == 2 else winners[0]] += 1
    return counts


def replay_hand_vs_range(
    hero_cards: list[int],
    combos: list[tuple[int, int]],
    cum: list[float],
    uniform: bool,
    board: list[int],
    seed: int,
    n: int,
) -> tuple[list[int], dict[int, list[int]]]:
    """``n`` deals of a known hand (player 0) against a range, drawn as documented.

    Each deal: a combo from a fresh output (unweighted: one bounded draw;
    weighted: the first combo whose cumulative weight ``cum`` exceeds
    ``u * total``, ``u`` from the top 53 bits), redrawn while it meets a
    known card; then the board completed by Floyd's algorithm over the live
    deck without the combo's cards (in deck order).  A spare half-output is
    kept across deals.  Returns
    ``[hero wins, villain wins, ties]`` and ``{combo: [deals, villain wins, ties]}``.
    """
    stream = Stream(seed)
    known = set(hero_cards) | set(board)
    deck = [c for c in range(52) if c not in known]
    counts = [0, 0, 0]
    per_combo: dict[int, list[int]] = {}
    for _ in range(n):
        while True:
            x = stream.next()
            if uniform:
                c = ((x >> 32) * len(combos)) >> 32
            else:
                target = float(x >> 11) * (1.0 / 9007199254740992.0) * cum[-1]
                c = bisect.bisect_right(cum, target, 0, len(cum) - 1)
            if not set(combos[c]) & known:
                break
        left = [card for card in deck if card not in combos[c]]
        taken: set[int] = set()
        for j in range(len(left) - (5 - len(board)), len(left)):
            t = stream.draw(j + 1)
            taken.add(j if t in taken else t)
        dealt = [*board, *(left[t] for t in taken)]
        winners = refeq.holdem_winners([hero_cards, list(combos[c])], dealt)
        outcome = 2 if len(winners) == 2 else winners[0]
        counts[outcome] += 1
        tally = per_combo.setdefault(c, [0, 0, 0])
        tally[0] += 1
        tally[1] += outcome == 1
        tally[2] += outcome == 2
    return counts, per_combo


def replay_two_random(board: list[int], seed: int, n: int) -> list[int]:
    """``n`` deals of two random hands, drawn as documented: ``[wins 0, wins 1, ties]``.

    Each deal gives player 0 then player 1 two cards by partial Fisher-Yates
    over the live deck (which stays shuffled from deal to deal), then
    completes the board with Floyd's algorithm over the cards after them.
    """
    stream = Stream(seed)
    deck = [c for c in range(52) if c not in set(board)]
    m = 5 - len(board)
    counts = [0, 0, 0]
    for _ in range(n):
        for i in range(4):
            k = i + stream.draw(len(deck) - i)
            deck[i], deck[k] = deck[k], deck[i]
        rest = deck[4:]
        taken: set[int] = set()
        for j in range(len(rest) - m, len(rest)):
            t = stream.draw(j + 1)
            taken.add(j if t in taken else t)
        hands = [deck[0:2], deck[2:4]]
        winners = refeq.holdem_winners(hands, [*board, *(rest[t] for t in taken)])
        counts[2 if len(winners) == 2 else winners[0]] += 1
    return counts


REPLAY_TRIALS, REPLAY_BATCH = 1_200, 600  # two batches


@pytest.mark.parametrize("board", ["", "Ts9s2h"], ids=["preflop", "flop"])
@pytest.mark.parametrize("odd", [0, 1], ids=["even", "odd"])
def test_two_known_hands_fast_path_follows_the_documented_stream(board: str, odd: int) -> None:
    """Two batches of 600 deals (601 and 600: the preflop loop deals boards in
    pairs, then an odd last one): the kernel's counts equal a plain-Python replay."""
    hands = [parse_cards("AhKd"), parse_cards("7c7d")]
    trials, size = REPLAY_TRIALS + odd, REPLAY_BATCH + odd
    out, _ = run_batches(make_spot(["AhKd", "7c7d"], board), trials, size)
    for b, seed in enumerate(batch_seeds(SEED, 2)):
        counts = replay_two_hands(
            hands, parse_cards(board), int(seed), min(size, trials - b * size)
        )
        assert [out[b, 0, 1], out[b, 1, 1], out[b, 0, 2]] == counts
    assert_one_signature()


def replay_known_hands(
    hands: list[list[int]], board: list[int], seed: int, n: int
) -> list[list[int]]:
    """``n`` deals of known hands, drawn as documented: ``out[p][k]``, wins shared k ways.

    Each deal completes the board with Floyd's algorithm over the live deck,
    as :func:`replay_two_hands` does for two.
    """
    stream = Stream(seed)
    known = {c for h in hands for c in h} | set(board)
    deck = [c for c in range(52) if c not in known]
    m = 5 - len(board)
    out = [[0] * (len(hands) + 1) for _ in hands]
    for _ in range(n):
        taken: set[int] = set()
        for j in range(len(deck) - m, len(deck)):
            t = stream.draw(j + 1)
            taken.add(j if t in taken else t)
        winners = refeq.holdem_winners(hands, [*board, *(deck[t] for t in taken)])
        for p in winners:
            out[p][len(winners)] += 1
    return out


@pytest.mark.parametrize("board", ["", "Ts9s2h"], ids=["preflop", "flop"])
def test_known_hands_loop_follows_the_documented_stream(board: str) -> None:
    """Three and four known hands (their own loop): the counts of a plain-Python replay."""
    for players in (["AhKd", "7c7d", "Jc8c"], ["AhKd", "7c7d", "Jc8c", "4h4c"]):
        hands = [parse_cards(h) for h in players]
        out, _ = run_batches(make_spot(tuple(players), board), REPLAY_TRIALS, REPLAY_BATCH)
        for b, seed in enumerate(batch_seeds(SEED, 2)):
            counts = replay_known_hands(hands, parse_cards(board), int(seed), REPLAY_BATCH)
            assert out[b, :, 1:].tolist() == [row[1:] for row in counts]


@pytest.mark.parametrize(
    "villain", ["QQ+,AKs,JTs", "QQ+,AKs@50,JTs@25"], ids=["uniform", "weighted"]
)
@pytest.mark.parametrize(
    ("board", "odd"), [("Ts9s2h", 0), ("", 0), ("", 1)], ids=["flop", "preflop", "preflop-odd"]
)
def test_hand_vs_range_fast_path_follows_the_documented_stream(
    villain: str, board: str, odd: int
) -> None:
    """Two batches of 600 deals (601 and 600: preflop deals go in pairs, then an odd
    last one): the kernel's counts, per combo too, equal a plain-Python replay."""
    spot = make_spot(["AhKd", villain], board)
    combos = [(int(a), int(b)) for a, b in spot.combos[:, :2]]
    cum = spot.combo_cum.tolist()
    steps = np.diff(spot.combo_cum, prepend=0.0)
    uniform = bool(np.all(steps == steps[0]))  # the kernel's test for an unweighted block
    assert uniform == ("@" not in villain)
    trials, size = REPLAY_TRIALS + odd, REPLAY_BATCH + odd
    out, combo_out = run_batches(spot, trials, size)
    for b, seed in enumerate(batch_seeds(SEED, 2)):
        n = min(size, trials - b * size)
        counts, per_combo = replay_hand_vs_range(
            parse_cards("AhKd"), combos, cum, uniform, parse_cards(board), int(seed), n
        )
        assert [out[b, 0, 1], out[b, 1, 1], out[b, 0, 2]] == counts
        want = np.zeros((len(combos), 3), dtype=np.int64)
        for c, tally in per_combo.items():
            want[c] = tally
        np.testing.assert_array_equal(combo_out[b], want)
    assert_one_signature()


@pytest.mark.parametrize("board", ["", "Ts9s2h"], ids=["preflop", "flop"])
def test_two_random_hands_fast_path_follows_the_documented_stream(board: str) -> None:
    """Two batches of 600 deals of random v random: the kernel's counts equal a replay."""
    out, _ = run_batches(make_spot(["random", "random"], board), REPLAY_TRIALS, REPLAY_BATCH)
    for b, seed in enumerate(batch_seeds(SEED, 2)):
        counts = replay_two_random(parse_cards(board), int(seed), REPLAY_BATCH)
        assert [out[b, 0, 1], out[b, 1, 1], out[b, 0, 2]] == counts
    assert_one_signature()
