"""Every Monte-Carlo path of ``calculate``, pinned count for count to a plain-Python dealer.

The contract a rewrite of the Monte-Carlo kernels must keep (issue 21, "pin
first, then move"): for every seed, batch size and number of trials,
``calculate(..., method="monte-carlo").counts`` equals the counts of
:mod:`dealer`, which deals from the documented stream and draw order
(splitmix64 seeding, xoroshiro128+, half-output card draws, Fisher-Yates
for hands, Floyd for boards, the joint range draw with rejection) and scores
with the package's evaluators.  Nothing here is a count copied from a run.

The mixes of player kinds reach every branch of the kernels:

* table games (``kernels.montecarlo.simulate_batches``, a batch by
  ``_simulate_table_batch``): two known hands (``headsup.heads_up_boards``,
  preflop in pairs of boards), three or more known hands
  (``montecarlo._known_hands_boards``), one or two random hands heads-up
  (``headsup.heads_up_random``), a known hand against a range in either seat
  (``headsup_range.heads_up_range``, preflop in pairs of deals), and the
  general loop (``general.general_loop``): ranges only (the board by Floyd
  around the range players' cards), random players with no range, ranges
  with random players (Fisher-Yates skipping the ranges' cards),
  overlapping ranges (rejection);
* Zha Jin Hua (``montecarlo._simulate_zjh_batch``): shared and independent
  decks, with and without the 2-3-5 rule;
* Omaha (``kernels.omaha_mc.simulate_omaha_batches``, one body
  ``_omaha_batch`` for every spot): two known hands and the general mixes,
  high and hi-lo (half-pots), 4-6 hole cards;
* the stud family (``kernels.stud.simulate_stud_batches``, one body
  ``_stud_batch``): stud on the third to sixth street, razz, stud8 (half-pots
  and outcomes), partly known hands (the joint draw of the candidate sets,
  with rejection), eight players sharing the last card, the draw games with
  the cards kept and the discards dead.  Scored by the plain evaluators of
  ``reference_stud`` and held to ``equity.deal`` card for card; a Hypothesis
  test deals any spot of the family.

Each is run on every board size the game allows, with and without dead cards,
in at least two batches: ``1202`` deals in batches of ``601`` (odd batches: the
paired preflop loops finish each with a single deal) or ``1001`` in batches of
``400`` (a short last batch of 201); Omaha and the stud family in batches of
250, 250 and 101 (eight stud players: 120, 120 and 61).  The table-game, Zha
Jin Hua and stud-family cases also hold ``equity.deal`` to the dealer's cards.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

import dealer
import numba
import numpy as np
import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

import equity
from equity import ZJHRules, calculate
from equity.cards import format_cards, parse_cards
from equity.kernels._jit import max_threads
from equity.kernels.deal import deal_batch, sample_subsets, shuffle_batch
from equity.kernels.rng import batch_seeds
from equity.ranges import parse_omaha_range

SEED = 20261130
ODD_PAIRS = (1202, 601)  # two batches of 601 deals
SHORT_LAST = (1001, 400)  # batches of 400, 400 and 201 deals


@pytest.fixture(autouse=True, scope="module")
def _one_thread() -> Any:
    """One Numba thread: a thread pool's wake-up costs more than these short runs (the
    counts do not depend on the threads; the Hypothesis test runs calculate on all)."""
    previous = numba.get_num_threads()
    numba.set_num_threads(1)
    yield
    numba.set_num_threads(previous)


def _case(game: str, mix: str, hands: list[Any], board: tuple[str, str], dead: tuple[str, str],
          seed: int, sizes: tuple[int, int] | None = None, **extra: Any) -> Any:  # fmt: skip
    """One parametrized case: ``(game, hands, board, dead, trials, batch_size, seed, extra)``."""
    trials, size = sizes or (SHORT_LAST if dead[1] else ODD_PAIRS)
    flags = "".join(f"-{k}" for k, v in extra.items() if v is True)
    ident = f"{game}-{mix}-{board[0]}{'-dead' if dead[1] else ''}{flags}"
    return pytest.param(game, hands, board[1], dead[1], trials, size, seed, extra, id=ident)


def _matrix(
    game: str,
    mixes: dict[str, list[Any]],
    boards: dict[str, str],
    deads: dict[str, str],
    seed: int,
    sizes: tuple[int, int] | None = None,
) -> list[Any]:
    """Every mix on every board, with and without dead cards (a seed of its own each)."""
    grid = itertools.product(mixes.items(), boards.items(), deads.items())
    return [
        _case(game, mix, hands, board, dead, seed + i, sizes)
        for i, ((mix, hands), board, dead) in enumerate(grid)
    ]


def run_mc(game: str, hands: list[Any], board: str, dead: str, trials: int, size: int,
           seed: int, **kwargs: Any) -> equity.EquityResult:  # fmt: skip
    """``calculate``'s Monte-Carlo run, all its deals done."""
    result = calculate(hands, board, dead, game=game, method="monte-carlo", trials=trials,
                       batch_size=size, seed=seed, **kwargs)  # fmt: skip
    assert result.method == "monte-carlo"
    assert result.samples == trials
    assert result.batch_size == size
    assert result.seed == seed
    return result


def assert_combo_counts(result: equity.EquityResult, tally: dealer.Tally) -> None:
    """Per-combo deals and equity of each range player equal the dealer's."""
    table = tally.table
    ks = np.arange(table.n_players + 1, dtype=float)
    ks[0] = np.inf
    assert set(result.combo_results) == set(table.blocks)
    for p, block in table.blocks.items():
        rows = tally.combo[block.offset : block.offset + len(block.combos)]
        got = result.combo_results[p]
        assert list(got["combo_samples"]) == [format_cards(c) for c in block.combos]
        assert list(got["combo_samples"].values()) == rows[:, 0].astype(float).tolist()
        with np.errstate(invalid="ignore", divide="ignore"):
            share = (rows[:, 1:] / ks[1:]).sum(axis=1) / rows[:, 0]
        np.testing.assert_array_equal(np.array(list(got["combos"].values())), share)
        assert rows[:, 0].sum() == result.samples  # the player held one combo per deal


def assert_deal_records(game: str, hands: list[Any], board: str, dead: str, size: int,
                        seed: int, tally: dealer.Tally, **kwargs: Any) -> None:  # fmt: skip
    """``equity.deal`` (the record kernels, also behind ``categories=True``) deals the
    dealer's hole cards and boards, card for card and in the order dealt."""
    n = len(tally.dealt.holes)
    deals = equity.deal(game, hands=hands, board=board, dead=dead, n=n, seed=seed,
                        batch_size=size, **kwargs)  # fmt: skip
    np.testing.assert_array_equal(deals.holes, tally.dealt.holes)
    np.testing.assert_array_equal(deals.board, tally.dealt.boards)


def assert_counts_are_showdowns(counts: np.ndarray, trials: int, units: int = 1) -> None:
    """The ``k``-way shares of all players add up to ``units`` per deal (no deal lost)."""
    ks = np.arange(1, counts.shape[0] + 1)
    per_k = counts[:, 1:].sum(axis=0)
    assert np.all(per_k % ks == 0)
    assert (per_k // ks).sum() == units * trials


# ---------------------------------------------------------------------------
# the primitives


def test_batch_seeds_follow_the_dealer() -> None:
    """Batch ``b``'s seed: the SeedSequence base plus ``2 b`` golden steps, any window."""
    for seed in (0, 1, SEED, 2**63 - 1):
        plan = [s for s, _ in dealer.batch_plan(seed, 40 * 7, 7)]
        assert batch_seeds(seed, 40).tolist() == plan
        assert batch_seeds(seed, 5, first=30).tolist() == plan[30:35]


def test_floyd_kernel_follows_the_dealer() -> None:
    """``sample_subsets``: Floyd's positions, in the order taken, half-output draws."""
    trials, size, n_items, k = 905, 300, 47, 5
    plan = dealer.batch_plan(SEED, trials, size)
    out = np.zeros((trials, k), dtype=np.uint8)
    sample_subsets(np.array([s for s, _ in plan], dtype=np.uint64), size, n_items, out)
    want = []
    for batch_seed, n in plan:
        stream = dealer.Stream(batch_seed)
        want += [dealer.floyd(stream, n_items, k) for _ in range(n)]
    assert out.tolist() == want


def test_fisher_yates_kernels_follow_the_dealer() -> None:
    """``deal_batch`` and ``shuffle_batch``: partial Fisher-Yates over a deck kept permuted."""
    trials, size, n_hands, k = 503, 200, 3, 4
    plan = dealer.batch_plan(SEED, trials, size)
    seeds = np.array([s for s, _ in plan], dtype=np.uint64)
    hands = np.zeros((trials, n_hands, k), dtype=np.uint8)
    deal_batch(seeds, size, hands)
    decks = np.zeros((trials, 52), dtype=np.uint8)
    shuffle_batch(seeds, size, decks)
    want_hands, want_decks = [], []
    for batch_seed, n in plan:
        for cards, want in ((n_hands * k, want_hands), (52, want_decks)):
            stream = dealer.Stream(batch_seed)
            deck = list(range(52))
            for _ in range(n):
                want.append([dealer.fisher_yates(stream, deck, i) for i in range(cards)])
    assert hands.reshape(trials, -1).tolist() == want_hands
    assert decks.tolist() == want_decks


# ---------------------------------------------------------------------------
# hold'em, short deck, five-card poker

UNIFORM = "QQ+,AKs,JTs"
WEIGHTED = "QQ+,AKs@50,JTs@25"
OVERLAP = ("QQ+,AKs", "KK+,AQs+@50")  # share AA, KK and AKs: the joint draw rejects
# Equal weights of 0.3: the steps of the cumulative weights differ in the last bit from
# seat 0 (the block counts as weighted: binary search) but not after WEIGHTED's block
# (one bounded draw).  The kernels decide by that float test; so does the dealer.
EQUAL30 = "TT+@30"

HOLDEM_MIXES: dict[str, list[Any]] = {
    "known-known": ["AhKd", "7c7d"],
    "known-random": ["AhKd", "random"],
    "random-known": ["random", "AhKd"],
    "random-random": ["random", "random"],
    "known-range": ["AhKd", UNIFORM],
    "range-known": [UNIFORM, "AhKd"],
    "known-wrange": ["AhKd", WEIGHTED],
    "wrange-known": [WEIGHTED, "AhKd"],
    "range-range": list(OVERLAP),
    "range-random": [UNIFORM, "random"],
    "equal30-known": [EQUAL30, "AhKd"],
    "wrange-equal30-random": [WEIGHTED, EQUAL30, "random"],
    "known3": ["AhKd", "7c7d", "Jc8c"],
    "known4": ["AhKd", "7c7d", "Jc8c", "4h4c"],
    "random-random-known": ["random", "random", "AhKd"],
    "known-wrange-random": ["AhKd", WEIGHTED, "random"],
    "range-range-known": [*OVERLAP, "7c7d"],
    "range-wrange-random-random": [UNIFORM, WEIGHTED, "random", "random"],
}
HOLDEM_BOARDS = {"preflop": "", "flop": "Ts9s2h", "turn": "Ts9s2h3c", "river": "Ts9s2h3c8d"}
HOLDEM_DEAD = {"": "", "dead": "4d5c"}

SHORTDECK_MIXES = {
    k: HOLDEM_MIXES[k]
    for k in (
        "known-known",
        "known-random",
        "random-random",
        "known-range",
        "wrange-known",
        "range-range",
        "range-random",
        "known3",
        "known-wrange-random",
    )
}
SHORTDECK_BOARDS = {"preflop": "", "flop": "Ts9s6h", "turn": "Ts9s6h7h", "river": "Ts9s6h7h8d"}
SHORTDECK_DEAD = {"": "", "dead": "Jd6c"}

FIVE_MIXES: dict[str, list[Any]] = {
    "known-known": ["AhKdQcJsTs", "9h9d9s4c4d"],
    "known-random": ["AhKdQcJsTs", "random"],
    "random-known": ["random", "9h9d9s4c4d"],
    "random-random": ["random", "random"],
    "known3": ["AhKdQcJsTs", "9h9d9s4c4d", "8c7c6c5c2d"],
    "known-random-random": ["AhKdQcJsTs", "random", "random"],
    "random4": ["random"] * 4,
}

TABLE_CASES = [
    *_matrix("holdem", HOLDEM_MIXES, HOLDEM_BOARDS, HOLDEM_DEAD, 1000),
    *_matrix("shortdeck", SHORTDECK_MIXES, SHORTDECK_BOARDS, SHORTDECK_DEAD, 2000),
    *_matrix("five", FIVE_MIXES, {"noboard": ""}, {"": "", "dead": "2c3c"}, 3000),
]


@pytest.mark.parametrize(
    ("game", "hands", "board", "dead", "trials", "size", "seed", "extra"), TABLE_CASES
)
def test_table_game_counts_follow_the_dealer(
    game: str, hands: list[Any], board: str, dead: str, trials: int, size: int, seed: int,
    extra: dict[str, Any],
) -> None:  # fmt: skip
    """Hold'em, short deck, five-card: counts and per-combo counts equal the dealer's."""
    result = run_mc(game, hands, board, dead, trials, size, seed)
    tally = dealer.table_counts(game, hands, board, dead, trials=trials, batch_size=size, seed=seed)
    np.testing.assert_array_equal(result.counts, tally.counts)
    assert_counts_are_showdowns(tally.counts, trials)
    assert_combo_counts(result, tally)
    assert_deal_records(game, hands, board, dead, size, seed, tally)


def test_preflop_pairs_and_odd_batches_follow_the_dealer() -> None:
    """Batches of every parity around the paired preflop loops (two known hands, a hand
    against a range): 2, 3, 64, 65 deals, and a run of one deal."""
    for hands in (["AhKd", "7c7d"], ["AhKd", WEIGHTED], [UNIFORM, "AhKd"]):
        for trials, size in ((7, 2), (10, 3), (129, 64), (131, 65), (1, 1)):
            result = run_mc("holdem", hands, "", "", trials, size, SEED + size)
            tally = dealer.table_counts(
                "holdem", hands, trials=trials, batch_size=size, seed=SEED + size
            )
            np.testing.assert_array_equal(result.counts, tally.counts)
            assert_combo_counts(result, tally)


def test_equal_weights_take_the_path_of_the_float_test() -> None:
    """The cases above reach both pickers with the same equal-weight range."""
    alone = dealer.Table("holdem", HOLDEM_MIXES["equal30-known"])
    after = dealer.Table("holdem", HOLDEM_MIXES["wrange-equal30-random"])
    assert not alone.blocks[0].unweighted
    assert not after.blocks[0].unweighted
    assert after.blocks[1].unweighted


def test_batch_size_picks_the_streams() -> None:
    """The same seed, another batch size: other deals (each batch is a stream of its own)."""
    hands = ["AhKd", WEIGHTED, "random"]
    a = dealer.table_counts("holdem", hands, trials=1200, batch_size=600, seed=SEED)
    b = dealer.table_counts("holdem", hands, trials=1200, batch_size=400, seed=SEED)
    assert not np.array_equal(a.dealt.holes, b.dealt.holes)
    for tally, size in ((a, 600), (b, 400)):
        result = run_mc("holdem", hands, "", "", 1200, size, SEED)
        np.testing.assert_array_equal(result.counts, tally.counts)


# ---------------------------------------------------------------------------
# Zha Jin Hua

ZJH_MIXES: dict[str, list[Any]] = {
    "known-known": ["KsQsJs", "7h7c9d"],
    "known-random": ["KsQsJs", "random"],
    "random-known": ["random", "7h7c9d"],
    "random-random": ["random", "random"],
    "known3": ["KsQsJs", "7h7c9d", "AsAhAd"],
    "random3": ["random"] * 3,
    "known-random-random": ["AsAhAd", "random", "random"],
    "random-known-random-random": ["random", "2c3d5h", "random", "random"],
}
ZJH_GRID = itertools.product(
    ZJH_MIXES.items(), {"": "", "dead": "Kc8d"}.items(), (False, True), (False, True)
)
ZJH_CASES = [
    _case(
        "zjh",
        mix,
        hands,
        ("noboard", ""),
        dead,
        4000 + i,
        (2001, 800),
        independent=independent,
        special_235=special,
    )
    for i, ((mix, hands), dead, independent, special) in enumerate(ZJH_GRID)
]


@pytest.mark.parametrize(
    ("game", "hands", "board", "dead", "trials", "size", "seed", "extra"), ZJH_CASES
)
def test_zjh_counts_follow_the_dealer(
    game: str, hands: list[Any], board: str, dead: str, trials: int, size: int, seed: int,
    extra: dict[str, Any],
) -> None:  # fmt: skip
    """Zha Jin Hua, shared or independent decks, with and without the 2-3-5 rule."""
    rules = ZJHRules(special_235=extra["special_235"])
    independent = extra["independent"]
    result = run_mc(game, hands, board, dead, trials, size, seed, rules=rules,
                    independent_decks=independent)  # fmt: skip
    tally = dealer.zjh_counts(hands, dead, trials=trials, batch_size=size, seed=seed,
                              rules=rules, independent_decks=independent)  # fmt: skip
    np.testing.assert_array_equal(result.counts, tally.counts)
    assert_counts_are_showdowns(tally.counts, trials)
    assert_deal_records(game, hands, board, dead, size, seed, tally, rules=rules,
                        independent_decks=independent)  # fmt: skip


@pytest.mark.parametrize("independent", [False, True], ids=["one-deck", "independent"])
@pytest.mark.parametrize(
    "hands",
    [["AsAhAd", "random"], ["random", "2c3d5h", "AsAhAd"], ["random", "random"]],
    ids=["bomb-random", "random-235-bomb", "random-random"],
)
@pytest.mark.parametrize(
    "rules",
    [
        ZJHRules(special_235=True),
        ZJHRules(special_235=True, suit_tiebreak=True, order="straight_over_flush"),
        ZJHRules(suit_tiebreak=True),
    ],
    ids=["235", "235-suits-sof", "suits"],
)
def test_zjh_rules_follow_the_dealer(hands: list[str], rules: ZJHRules, independent: bool) -> None:
    """The house rules change the showdowns, never the draws; the 2-3-5 rule bites here."""
    trials, size = 4001, 1500
    result = run_mc("zjh", hands, "", "", trials, size, SEED, rules=rules,
                    independent_decks=independent)  # fmt: skip
    tally = dealer.zjh_counts(hands, trials=trials, batch_size=size, seed=SEED, rules=rules,
                              independent_decks=independent)  # fmt: skip
    np.testing.assert_array_equal(result.counts, tally.counts)
    if rules.special_235 and hands[0] != "random":  # a bomb against random hands: a 2-3-5 wins
        plain = dealer.zjh_counts(hands, trials=trials, batch_size=size, seed=SEED,
                                  independent_decks=independent)  # fmt: skip
        assert not np.array_equal(plain.counts, tally.counts)


# ---------------------------------------------------------------------------
# Omaha


@dataclass(frozen=True)
class WeightedHands:
    """A range-like object of Omaha hands with uneven weights (``calculate`` takes any
    object with ``combos`` and ``weights``): the weighted combo pick in Omaha."""

    text: str
    combos: np.ndarray
    weights: np.ndarray


def _weighted(text: str, n_hole: int) -> WeightedHands:
    combos = parse_omaha_range(text, n_hole).combos
    return WeightedHands(text + " weighted", combos, np.resize([1.0, 0.5, 0.25], len(combos)))


OMAHA_MIXES: dict[str, list[Any]] = {
    "known-known": ["AhKdQcJs", "7c7d8h9h"],
    "known-random": ["AhKdQcJs", "random"],
    "random-known": ["random", "7c7d8h9h"],
    "random-random": ["random", "random"],
    "known-pattern": ["AhKdQcJs", "AA**"],
    "pattern-known": ["KK** ds", "7c7d8h9h"],
    "pattern-pattern": ["AA** ds", "AK** ds"],
    "pattern-random": ["A2** ds", "random"],
    "known3": ["AhKdQcJs", "7c7d8h9h", "2c3c4d5d"],
    "known-pattern-random": ["AhKdQcJs", "KK**", "random"],
    "weighted-known": [_weighted("AA** ds", 4), "7c7d8h9h"],
}
OMAHA_BOARDS = {"preflop": "", "flop": "Ts9s2h", "turn": "Ts9s2h3h", "river": "Ts9s2h3h6d"}
OMAHA_DEAD = {"": "", "dead": "4h5c"}
OMAHA_SIZES = (601, 250)  # batches of 250, 250 and 101 deals

OMAHA_CASES = [
    *_matrix("omaha", OMAHA_MIXES, OMAHA_BOARDS, OMAHA_DEAD, 5000, OMAHA_SIZES),
    *_matrix("omaha-hilo", OMAHA_MIXES, OMAHA_BOARDS, OMAHA_DEAD, 6000, OMAHA_SIZES),
    *[
        _case(game, mix, hands, board, ("", ""), 7000 + i, OMAHA_SIZES)
        for i, (game, (mix, hands), board) in enumerate(
            itertools.chain(
                itertools.product(
                    ["omaha5", "omaha5-hilo"],
                    {
                        "known-known": ["AhKdQcJs2d", "7c7d8h9h3s"],
                        "known-pattern-random": ["AhKdQcJs2d", "KKQJ", "random"],
                        "weighted-random": [_weighted("A23K*", 5), "random"],
                    }.items(),
                    [("preflop", ""), ("flop", "Ts9s4h")],
                ),
                itertools.product(
                    ["omaha6"],
                    {
                        "known-known": ["AhKdQcJs2d6s", "7c7d8h9h3s3c"],
                        "random-pattern": ["random", "AAKK"],
                    }.items(),
                    [("preflop", ""), ("turn", "Ts9s4h5d")],
                ),
            )
        )
    ],
]


@pytest.mark.parametrize(
    ("game", "hands", "board", "dead", "trials", "size", "seed", "extra"), OMAHA_CASES
)
def test_omaha_counts_follow_the_dealer(
    game: str, hands: list[Any], board: str, dead: str, trials: int, size: int, seed: int,
    extra: dict[str, Any],
) -> None:  # fmt: skip
    """Omaha high and hi-lo (half-pots): counts and outcome shares equal the dealer's."""
    result = run_mc(game, hands, board, dead, trials, size, seed)
    tally = dealer.omaha_counts(game, hands, board, dead, trials=trials, batch_size=size,
                                seed=seed)  # fmt: skip
    np.testing.assert_array_equal(result.counts, tally.counts)
    hilo = equity.game(game).hilo
    assert_counts_are_showdowns(tally.counts, trials, units=2 if hilo else 1)
    assert tally.extra is not None
    assert result.outcomes is not None
    names = ["scoop", "high_win", "high_tie", *(["low_win", "low_tie"] if hilo else [])]
    for i, name in enumerate(names):
        np.testing.assert_array_equal(result.outcomes[name], tally.extra[:, i] / float(trials))
    if hilo:
        no_low = np.full(len(hands), tally.extra[0, 6] / float(trials))
        np.testing.assert_array_equal(result.outcomes["no_low"], no_low)
        np.testing.assert_array_equal(tally.extra[:, 6], tally.extra[0, 6])
    part = tally.extra[:, 5] / float(trials) - tally.extra[:, 0] / float(trials)
    np.testing.assert_array_equal(result.tie, part)  # a part of the pot, not all of it


# ---------------------------------------------------------------------------
# equity.deal: the deals calculate scores

RANGE_POOL = ["QQ+,AKs", "22+,A2s+,KTo+", "TT+,AQs+@50,KQs@25", "77-99,ATs+,KJo@40"]


@st.composite
def holdem_spots(draw: st.DrawFn) -> dict[str, Any]:
    """2-4 players of mixed kinds, a board of 0, 3 or 4 cards, 0-2 dead cards."""
    n_players = draw(st.integers(2, 4))
    kinds = draw(st.lists(st.sampled_from(["known", "random", "range"]), min_size=n_players,
                          max_size=n_players))  # fmt: skip
    cards = iter(draw(st.permutations(range(52))))
    board = [next(cards) for _ in range(draw(st.sampled_from([0, 3, 4])))]
    dead = [next(cards) for _ in range(draw(st.integers(0, 2)))]
    hands: list[str] = []
    for kind in kinds:
        if kind == "known":
            hands.append(format_cards([next(cards), next(cards)]))
        elif kind == "random":
            hands.append("random")
        else:
            hands.append(draw(st.sampled_from(RANGE_POOL)))
    return {
        "hands": hands,
        "board": format_cards(board),
        "dead": format_cards(dead),
        "n": draw(st.integers(100, 1500)),
        "batch_size": draw(st.one_of(st.none(), st.integers(50, 700))),
        "seed": draw(st.integers(0, 2**63 - 1)),
    }


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spot=holdem_spots())
def test_deal_shares_sum_to_calculate_counts(spot: dict[str, Any]) -> None:
    """``deal(hands, n=n, seed=s)`` deals what ``calculate(..., trials=n, seed=s)`` scores:
    its pot shares add up to the counts, and its cards are the dealer's, card for card."""
    hands, board, dead, n = spot["hands"], spot["board"], spot["dead"], spot["n"]
    try:
        result = calculate(hands, board, dead, method="monte-carlo", trials=n, seed=spot["seed"],
                           batch_size=spot["batch_size"], threads=max_threads())  # fmt: skip
    except ValueError as error:  # a range emptied by the known cards, or ranges in conflict
        assume("no combo left" not in str(error) and "no legal deal" not in str(error))
        raise
    deals = equity.deal("holdem", hands=hands, board=board, dead=dead, n=n, seed=spot["seed"],
                        batch_size=spot["batch_size"])  # fmt: skip
    assert deals.batch_size == result.batch_size
    np.testing.assert_array_equal(deals.counts(), result.counts)
    ks = np.arange(1, len(hands) + 1)
    np.testing.assert_allclose(
        deals.share.sum(axis=0), (result.counts[:, 1:] / ks).sum(axis=1), rtol=1e-12
    )
    tally = dealer.table_counts("holdem", hands, board, dead, trials=n,
                                batch_size=result.batch_size, seed=spot["seed"])  # fmt: skip
    np.testing.assert_array_equal(deals.holes, tally.dealt.holes)
    np.testing.assert_array_equal(deals.board, tally.dealt.boards)
    np.testing.assert_array_equal(result.counts, tally.counts)


# ---------------------------------------------------------------------------
# the stud family: stud, razz, stud8, five-draw, deuce-seven, badugi

STUD_SIZES = (601, 250)  # batches of 250, 250 and 101 deals
EIGHT_SIZES = (301, 120)  # eight players: batches of 120, 120 and 61
EIGHT_THIRD_STREET = ["(AsKd)Qh", "(7c7d)2s", "(9s9c)8d", "(JhTh)9h", "(2c3c)4c", "(5d5h)Ks",
                      "(6s6d)Ac", "(QsJs)Td"]  # fmt: skip
EIGHT_LOW_STREET = ["(As2d)3h", *EIGHT_THIRD_STREET[1:]]
PATTERN_RANDOM7 = ["(A*)K", *["random"] * 7]


def _stud_case(game: str, mix: str, hands: list[Any], dead: str, seed: int,
               sizes: tuple[int, int] = STUD_SIZES, shared_card: bool = False) -> Any:  # fmt: skip
    """One case: ``(game, hands, dead, trials, batch_size, seed, shared_card)``."""
    trials, size = sizes
    ident = f"{game}-{mix}{'-dead' if dead else ''}"
    return pytest.param(game, hands, dead, trials, size, seed, shared_card, id=ident)


STUD_CASES = [
    # stud high: known hands on several streets, folded up cards dead, a random hand
    _stud_case("stud", "3rd-known", ["(AsKd)Qh", "(7c7d)2s"], "", 8000),
    _stud_case("stud", "3rd-known", ["(AsKd)Qh", "(7c7d)2s"], "Qc9d4h", 8001),
    _stud_case("stud", "3rd-cards-random", [parse_cards("AsKdQh"), "random"], "", 8002),
    _stud_case("stud", "5th-known3", ["(AsKd)QhJhTh", "(7c7d)2s7h3c", "(9s9c)8d8h4s"], "2d", 8003),
    _stud_case("stud", "6th-known", ["(AsKd)QhJhTh2c", "(7c7d)2s7h3c5d"], "", 8004),
    # partly known: candidate sets drawn jointly; "(A A)K" v "(A A)Q" collide 5 times in 6
    _stud_case("stud", "pattern-known", ["(A*)K", "(7c7d)2s"], "", 8005),
    _stud_case("stud", "pattern4-known", ["(A*)K*", "(7c7d)2s4d"], "Kc", 8006),
    _stud_case("stud", "pattern-pattern-random", ["(A A)K", "(A A)Q", "random"], "", 8007),
    _stud_case("stud", "unknown-down-known", ["(**)Kh", "(7c7d)2s"], "", 8008),
    # seven players fill the deck; eight share the last card (one card, face up)
    _stud_case("stud", "random7", ["random"] * 7, "", 8009, EIGHT_SIZES),
    _stud_case("stud", "random8", ["random"] * 8, "", 8010, EIGHT_SIZES, shared_card=True),
    _stud_case("stud", "3rd-known8", EIGHT_THIRD_STREET, "3h", 8011, EIGHT_SIZES, shared_card=True),
    _stud_case("stud", "pattern-random7", PATTERN_RANDOM7, "", 8012, EIGHT_SIZES, shared_card=True),
    # razz
    _stud_case("razz", "3rd-known-random", ["(As2d)3h", "random"], "Kc", 8100),
    _stud_case("razz", "5th-known", ["(As2d)3h4c5s", "(7c6d)8h9cTd"], "", 8101),
    _stud_case("razz", "pattern-known-random", ["(A*)2", "(3c4d)5h", "random"], "", 8102),
    _stud_case("razz", "random8", ["random"] * 8, "", 8103, EIGHT_SIZES, shared_card=True),
    # stud hi-lo eight or better: half-pots and the outcome counts
    _stud_case("stud8", "4th-known", ["(As2d)3h4c", "(KsKh)Qd9c"], "5d", 8200),
    _stud_case("stud8", "3rd-known-random", ["(As2d)3h", "(KsKh)Qd", "random"], "", 8201),
    _stud_case("stud8", "pattern-known", ["(A 2)3h", "(KsKh)Qd"], "", 8202),
    _stud_case("stud8", "3rd-known8", EIGHT_LOW_STREET, "", 8203, EIGHT_SIZES, shared_card=True),
    # the draw games: the cards kept, the discards dead; a pat hand draws nothing
    _stud_case("five-draw", "kept-pat", ["AhKdQc", "9h9d9s4c4d"], "2c3c", 8300),
    _stud_case("five-draw", "kept-random-kept", ["AhAd", "random", "KsKc"], "7h8h9h", 8301),
    _stud_case("five-draw", "pattern-kept", ["A*", "KsKc"], "", 8302),
    _stud_case("deuce-seven", "kept-random", ["7c5d4h", "random"], "Kd", 8400),
    _stud_case("deuce-seven", "pat-kept", ["7c5d4h3s2c", "8h6d4c3d"], "KhJs", 8401),
    _stud_case("deuce-seven", "random6", ["random"] * 6, "", 8402),
    _stud_case("badugi", "kept-random-pattern", ["As2d3h", "random", "A s"], "", 8500),
    _stud_case("badugi", "pat-kept", ["As2d3h4c", "Ad2c"], "KdKs", 8501),
]


@pytest.mark.parametrize(
    ("game", "hands", "dead", "trials", "size", "seed", "shared_card"), STUD_CASES
)
def test_stud_family_follows_the_dealer(
    game: str, hands: list[Any], dead: str, trials: int, size: int, seed: int, shared_card: bool
) -> None:
    """The stud family (``kernels.stud.simulate_stud_batches``): ``equity.deal`` deals the
    dealer's hands card for card (the cards held now, then the cards dealt in order, the
    shared card last), and the counts (half-pots and outcomes for stud8) are its own."""
    tally = dealer.stud_counts(game, hands, dead, trials=trials, batch_size=size, seed=seed)
    assert tally.table.shared == shared_card
    deals = equity.deal(game, hands=hands, dead=dead, n=trials, seed=seed, batch_size=size)
    np.testing.assert_array_equal(deals.holes, tally.holes)
    assert deals.board.shape == (trials, 0)
    result = run_mc(game, hands, "", dead, trials, size, seed)
    np.testing.assert_array_equal(result.counts, tally.counts)
    np.testing.assert_array_equal(deals.counts(), tally.counts)
    hilo = equity.game(game).hilo
    assert_counts_are_showdowns(tally.counts, trials, units=2 if hilo else 1)
    if not hilo:
        assert result.outcomes is None
        return
    assert result.outcomes is not None
    names = ["scoop", "high_win", "high_tie", "low_win", "low_tie"]
    for i, name in enumerate(names):
        np.testing.assert_array_equal(result.outcomes[name], tally.extra[:, i] / float(trials))
    no_low = np.full(len(hands), tally.extra[0, 6] / float(trials))
    np.testing.assert_array_equal(result.outcomes["no_low"], no_low)
    assert 0 < tally.extra[0, 6] < trials  # some deals have a low, some none
    part = tally.extra[:, 5] / float(trials) - tally.extra[:, 0] / float(trials)
    np.testing.assert_array_equal(result.tie, part)


STUD_FAMILY = ["stud", "razz", "stud8", "five-draw", "deuce-seven", "badugi"]


def _slot_text(card: int, kind: str) -> str:
    """A card written as itself, its rank, its suit or ``*`` (a slot of a partly known hand)."""
    text = format_cards([card])
    return {"card": text, "rank": text[0], "suit": text[1], "any": "*"}[kind]


@st.composite
def stud_spots(draw: st.DrawFn) -> dict[str, Any]:
    """A stud-family spot: 2-8 players (stud on one street, the draw games keeping any number
    of cards), each hand known, partly known (up to three slots a rank, a suit or ``*``) or
    random, and 0-3 dead cards."""
    game = draw(st.sampled_from(STUD_FAMILY))
    g = equity.game(game)
    n_players = draw(st.integers(2, 8))
    street = draw(st.integers(g.min_cards or 1, g.hole_cards))
    cards = iter(draw(st.permutations(range(52))))
    hands: list[str] = []
    for _ in range(n_players):
        held = street if g.short_hands == "stud" else draw(st.integers(0, g.hole_cards))
        if not held or draw(st.booleans()):
            hands.append("random")
            continue
        kinds = draw(st.lists(st.sampled_from(["card"] * 4 + ["rank", "suit", "any"]),
                              min_size=held, max_size=held))  # fmt: skip
        if sum(k != "card" for k in kinds) > 3 or kinds.count("any") > 1:
            kinds = ["card"] * held
        hands.append(" ".join(_slot_text(next(cards), k) for k in kinds))
    dead = [next(cards) for _ in range(draw(st.integers(0, 3)))]
    return {
        "game": game,
        "hands": hands,
        "dead": format_cards(dead),
        "n": draw(st.integers(1, 300)),
        "batch_size": draw(st.integers(1, 200)),
        "seed": draw(st.integers(0, 2**63 - 1)),
    }


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spot=stud_spots())
def test_stud_deals_follow_the_dealer(spot: dict[str, Any]) -> None:
    """Any stud-family spot: ``equity.deal`` deals the dealer's hands, card for card."""
    game, hands, dead, n = spot["game"], spot["hands"], spot["dead"], spot["n"]
    try:
        deals = equity.deal(game, hands=hands, dead=dead, n=n, seed=spot["seed"],
                            batch_size=spot["batch_size"])  # fmt: skip
    except ValueError as error:  # more cards than the deck holds, or patterns in conflict
        message = str(error)
        assume("more cards" not in message and "no legal deal" not in message)
        raise
    table = dealer.StudTable(game, hands, dead)
    event(
        f"{game}{', shared card' if table.shared else ''}{', partly known' if table.blocks else ''}"
    )
    want = dealer.stud_deals(table, trials=n, batch_size=spot["batch_size"], seed=spot["seed"])
    np.testing.assert_array_equal(deals.holes, want)
