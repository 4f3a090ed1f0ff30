"""Tests of the equity engine, :func:`equity.engine.calculate`.

Exact enumeration is checked count for count against the slow enumerator of
tests/reference_equity.py and against published numbers (AA vs KK, Irving &
d'Eon's 169 x 169 preflop table, reproduced as exact rationals); Monte-Carlo
against exact results within five standard errors, for a fixed seed.
"""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import numba
import numpy as np
import pytest
import reference_equity as refeq
from conftest import num_threads

from equity.cards import format_cards, parse_cards
from equity.engine import calculate
from equity.evaluators.zjh import ZJHRules
from equity.kernels import enumerate as enum_kernels
from equity.kernels import montecarlo as mc_kernels
from equity.results import EquityResult

ALL_RULES = [
    ZJHRules(special_235=special, suit_tiebreak=tiebreak, order=order)
    for special in (False, True)
    for tiebreak in (False, True)
    for order in ("zjh", "straight_over_flush")
]
ALL_RULES_IDS = [
    f"{r.order}-235{int(r.special_235)}-tiebreak{int(r.suit_tiebreak)}" for r in ALL_RULES
]


def rule_kwargs(rules: ZJHRules) -> dict[str, object]:
    """The reference enumerator's keywords for ``rules``."""
    return {
        "special_235": rules.special_235,
        "suit_tiebreak": rules.suit_tiebreak,
        "order": rules.order,
    }


def cards(text: str) -> list[int]:
    return parse_cards(text)


def assert_same_counts(result: EquityResult, tally: refeq.Tally) -> None:
    """An exact result has exactly the reference's counts and number of deals."""
    assert result.method == "exact"
    assert result.samples == tally.total
    assert result.weight_total == tally.total
    np.testing.assert_array_equal(result.counts, np.array(tally.counts, dtype=float))


MAX_THREADS = min(2, numba.config.NUMBA_NUM_THREADS)

needs_jit = pytest.mark.skipif(
    numba.config.DISABLE_JIT, reason="millions of deals: hours without the JIT"
)


# ---------------------------------------------------------------------------
# exact hold'em against the reference enumerator


def random_spot(
    n_players: int, n_board: int, n_dead: int, seed: int
) -> tuple[list[list[int]], list[int], list[int]]:
    """Hole cards, board and dead cards drawn without replacement."""
    deck = random.Random(seed).sample(range(52), 2 * n_players + n_board + n_dead)
    hands = [deck[2 * p : 2 * p + 2] for p in range(n_players)]
    board = deck[2 * n_players : 2 * n_players + n_board]
    return hands, board, deck[2 * n_players + n_board :]


HOLDEM_SPOTS = [
    pytest.param(n, n_board, n_dead, seed, id=f"{n}p-board{n_board}-dead{n_dead}-s{seed}")
    for n in (2, 3, 4)
    for n_board, seeds in ((5, (1, 2, 3)), (4, (4, 5, 6)), (3, (7, 8)))
    for seed in seeds
    for n_dead in ((seed % 3),)
]


@pytest.mark.parametrize(("n_players", "n_board", "n_dead", "seed"), HOLDEM_SPOTS)
def test_holdem_exact_matches_reference(
    n_players: int, n_board: int, n_dead: int, seed: int
) -> None:
    hands, board, dead = random_spot(n_players, n_board, n_dead, 1000 * n_players + seed)
    result = calculate([format_cards(h) for h in hands], board, dead, method="exact")
    assert_same_counts(result, refeq.enumerate_equity(hands, board, dead))
    assert result.samples == math.comb(52 - 2 * n_players - n_board - n_dead, 5 - n_board)


def dead_except(*texts: str) -> str:
    """Every card not in ``texts``: shrinks the deck to make enumeration short."""
    keep = {c for t in texts for c in cards(t)}
    return format_cards(c for c in range(52) if c not in keep)


@pytest.mark.parametrize(
    ("hands", "live"),
    [
        # whole rank runs (every live Seven, Four, Ace) and four-card suit runs, so both
        # the rank-grouped last card and the flush-draw path of the enumerator are used
        (["AsKs", "QhQd"], "7c7d7h7s4c4d4h4sAcAdAhJs9s5s2s8h6h3h"),
        (["AsKs", "QhQd", "Tc9c"], "7c7d7h7s4c4d4h4sAcJs9s5s2s8h6h3h8c6c"),
        (["2c2d", "Jh9h", "AsKd", "5c6d"], "7c7d7h7s4c4d4h4sAcQsJs9s2s8h6h3h"),
    ],
    ids=["2p", "3p", "4p"],
)
def test_holdem_exact_preflop_small_deck(hands: list[str], live: str) -> None:
    dead = dead_except(" ".join(hands), live)
    result = calculate(hands, "", dead, method="exact")
    assert_same_counts(result, refeq.enumerate_equity([cards(h) for h in hands], [], cards(dead)))
    assert result.samples == math.comb(len(cards(live)), 5)


@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [
        (["AsKs", "random"], "Qs7s2cJd3h", ""),  # C(45, 2) opponents
        # 13 live cards: C(13, 2) x 11 deals
        (
            ["7c7d", "AhKh", "random"],
            "Ts9s2h4c",
            dead_except("7c7d AhKh Ts9s2h4c", "AcAdKcKsQcQhJhJs3c3d5h5s6d"),
        ),
        # 11 live cards: C(11, 2) x C(9, 2) deals
        (
            ["random", "AhKh", "random"],
            "Ts9s2h4c7h",
            dead_except("AhKh Ts9s2h4c7h", "AcAdKcKsQcQhJhJs3c3d5h"),
        ),
    ],
    ids=["river-vs-random", "turn-fixed-fixed-random", "river-random-fixed-random"],
)
def test_holdem_exact_with_random_players(hands: list[str], board: str, dead: str) -> None:
    ref_hands = [None if h == "random" else cards(h) for h in hands]
    result = calculate(hands, board, dead, method="exact")
    assert_same_counts(result, refeq.enumerate_equity(ref_hands, cards(board), cards(dead)))


@pytest.mark.parametrize(
    ("hands", "board", "live"),
    [
        # the live cards and so the known ones are symmetric under s<->h, which swaps the
        # board's Ks with the dead Kh: As Js may make a flush, Ah Jh never
        (["QcQd", "random"], "Ks7c2d", "AsAhJsJhTsTh9s9h8c8d3s3h"),
        (["random", "QcQd"], "Ks7c2d", "AsAhJsJhTsTh9s9h8c8d3s3h"),
        (["QcQd", "random", "Jc9c"], "Ks7s2d4c", "AsAhJsJhTsTh9s9h3s3h5c6d"),  # Ks7s <-> Kh7h
    ],
)
def test_exact_suit_symmetry_keeps_board_and_dead_apart(
    hands: list[str], board: str, live: str
) -> None:
    ref_hands = [None if h == "random" else cards(h) for h in hands]
    dead = dead_except(*(h for h in hands if h != "random"), board, live)
    assert "Kh" in dead
    result = calculate(hands, board, dead, method="exact")
    assert_same_counts(result, refeq.enumerate_equity(ref_hands, cards(board), cards(dead)))


def test_exact_many_assignments() -> None:
    """Over 32,768 assignments (more than one chunk of exact work) on a river."""
    board = "Ts9s2h4c7h"
    dead = dead_except("AhKh", board, "AcAdKcKsQcQhJhJs3c3d5h5s6d6s8c8d8h8s5c3h3s")
    result = calculate(["AhKh", "random", "random"], board, dead, method="exact")
    assert result.samples == math.comb(21, 2) * math.comb(19, 2) > 32_768
    tally = refeq.enumerate_equity([cards("AhKh"), None, None], cards(board), cards(dead))
    assert_same_counts(result, tally)


def test_exact_is_the_default_for_small_jobs() -> None:
    result = calculate(["AsKs", "QhQd"], "Qs7s2c")
    assert result.method == "exact"
    assert result.seed is None
    assert result.stderr is None
    assert_same_counts(
        result, refeq.enumerate_equity([cards("AsKs"), cards("QhQd")], cards("Qs7s2c"))
    )


# ---------------------------------------------------------------------------
# exact hold'em against published numbers


@needs_jit
def test_aa_vs_kk_preflop_golden() -> None:
    """All 36 suit combinations of AA vs KK: the published 50,371,344 / 10,986,372 / 285,228."""
    aa, kk = refeq.class_combos("AA"), refeq.class_combos("KK")
    total = np.zeros((2, 3))
    samples = 0
    for a, k in itertools.product(aa, kk):
        result = calculate([list(a), list(k)], method="exact")
        assert result.samples == math.comb(48, 5)
        total += result.counts
        samples += result.samples
    assert samples == 36 * 1_712_304
    assert total[0, 1] == 50_371_344
    assert total[1, 1] == 10_986_372
    assert total[0, 2] == total[1, 2] == 285_228
    assert total[0, 1] + total[1, 1] + total[0, 2] == samples


@pytest.fixture(scope="module")
def preflop_table() -> refeq.PreflopTable:
    """Irving and d'Eon's published table (``tests/data``)."""
    return refeq.read_irving_deon()


def class_matchup(a: str, b: str) -> tuple[Fraction, Fraction, Fraction]:
    """Exact (P(a wins), P(b wins), P(tie)) over every legal pair of combos, equally likely."""
    wins_a = wins_b = ties = 0
    pairs = refeq.class_pairs(a, b)
    assert pairs
    for x, y in pairs:
        counts = calculate([list(x), list(y)], method="exact").counts
        wins_a += int(counts[0, 1])
        wins_b += int(counts[1, 1])
        ties += int(counts[0, 2])
        assert counts[0, 2] == counts[1, 2]
    total = len(pairs) * math.comb(48, 5)
    assert wins_a + wins_b + ties == total
    return Fraction(wins_a, total), Fraction(wins_b, total), Fraction(ties, total)


@needs_jit
@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("AA", "KK"),  # pair vs pair
        ("22", "22"),  # the same pair
        ("32o", "22"),  # the table's first offsuit entry, overlapping ranks
        ("AKs", "AQo"),  # suited vs offsuit, sharing the ace
        ("AKo", "AKo"),  # the same offsuit class
        ("T9s", "T9s"),  # the same suited class
        ("JTs", "72o"),  # suited vs offsuit, disjoint
        ("KK", "AKs"),  # pair vs suited, sharing the king
    ],
)
def test_preflop_table_reproduced_exactly(
    preflop_table: refeq.PreflopTable, a: str, b: str
) -> None:
    assert class_matchup(a, b) == refeq.matchup_probabilities(preflop_table, a, b)


@pytest.mark.slow
@needs_jit
def test_preflop_table_random_sample(preflop_table: refeq.PreflopTable) -> None:
    keys = sorted(preflop_table)
    for a, b in random.Random(20261130).sample(keys, 60):
        assert class_matchup(a, b) == refeq.matchup_probabilities(preflop_table, a, b), (a, b)


# ---------------------------------------------------------------------------
# five-card poker


def test_five_card_fixed_hands_are_one_showdown() -> None:
    result = calculate(["AsAdKcKh2s", "QsQdQc3h4h"], game="five")
    assert result.method == "exact"
    assert result.samples == 1
    np.testing.assert_array_equal(result.counts, [[0, 0, 0], [0, 1, 0]])
    assert result.equity.tolist() == [0.0, 1.0]

    tie = calculate(["AsKsQsJs9d", "AcKcQcJc9h", "2c3d4h5s7c"], game="five")
    assert tie.samples == 1
    np.testing.assert_array_equal(tie.counts, [[0, 0, 1, 0], [0, 0, 1, 0], [0, 0, 0, 0]])
    np.testing.assert_allclose(tie.equity, [0.5, 0.5, 0.0])


FIVE_DEAD = "2c2d2h2s3c3d3h3s4c4d4h4s5c5d5h5s6c6d6h6s7c7d7h7s8c"


@pytest.mark.parametrize(
    ("hands", "dead"),
    [
        (["9s9hTdJcQs", "random"], FIVE_DEAD),  # C(22, 5) opponents
        (["random", "9s9hTdJcQs"], FIVE_DEAD),
        (
            ["AsAhKcKdQh", "random", "random"],
            dead_except("AsAhKcKdQh", "2c3d4h5s6c7d8h9sTcJdQsKs"),
        ),  # C(12, 5) x C(7, 5)
    ],
    ids=["fixed-random", "random-fixed", "fixed-random-random"],
)
def test_five_card_exact_matches_reference(hands: list[str], dead: str) -> None:
    ref_hands = [None if h == "random" else cards(h) for h in hands]
    result = calculate(hands, dead=dead, game="five", method="exact")
    assert_same_counts(result, refeq.enumerate_equity(ref_hands, dead=cards(dead), game="five"))


# ---------------------------------------------------------------------------
# Zha Jin Hua


@pytest.mark.parametrize("rules", ALL_RULES, ids=ALL_RULES_IDS)
@pytest.mark.parametrize("hero", ["2s3h5d", "KsKhKd", "7s7d9h"])
def test_zjh_heads_up_exact_matches_reference(rules: ZJHRules, hero: str) -> None:
    result = calculate([hero, "random"], game="zjh", rules=rules, method="exact")
    assert result.samples == math.comb(49, 3)
    assert_same_counts(result, refeq.zjh_heads_up(cards(hero), **rule_kwargs(rules)))


@pytest.mark.parametrize("rules", ALL_RULES, ids=ALL_RULES_IDS)
@pytest.mark.parametrize("hero", ["AsAhAc", "2s3h5d"])
def test_zjh_independent_decks_match_reference(rules: ZJHRules, hero: str) -> None:
    """Independent decks: the opponent gets any of C(52, 3) hands, the hero's cards too."""
    result = calculate(
        [hero, "random"], game="zjh", rules=rules, independent_decks=True, method="exact"
    )
    assert result.samples == math.comb(52, 3)
    tally = refeq.zjh_heads_up(cards(hero), independent_decks=True, **rule_kwargs(rules))
    assert_same_counts(result, tally)
    multi = refeq.enumerate_equity(
        [cards(hero), None], game="zjh", independent_decks=True, **rule_kwargs(rules)
    )
    assert multi == tally


def test_zjh_shared_and_independent_decks_differ() -> None:
    """A bomb of aces: only an independent deck can deal the opponent the same three aces."""
    shared = calculate(["AsAhAc", "random"], game="zjh", method="exact")
    independent = calculate(
        ["AsAhAc", "random"], game="zjh", independent_decks=True, method="exact"
    )
    assert shared.samples == 18_424
    assert independent.samples == 22_100
    np.testing.assert_array_equal(shared.counts, [[0, 18_424, 0], [0, 0, 0]])
    # AsAhAc, AsAhAd, AsAcAd, AhAcAd tie; everything else loses.
    np.testing.assert_array_equal(independent.counts, [[0, 22_096, 4], [0, 0, 4]])


def test_zjh_reference_compare_is_the_published_reference(rng: np.random.Generator) -> None:
    """tests/reference_equity's memoized 2-3-5 rule is reference_zjh.compare."""
    import reference_zjh as refz

    hands = [list(h) for h in itertools.combinations(range(52), 3)]
    special = [h for h in hands if refz.is_special_235(h)]
    bombs = [h for h in hands if refz.category(h) == "bomb"]
    pairs = [(special[i], bombs[j]) for i, j in zip(range(0, 60, 7), range(0, 45, 5), strict=True)]
    pairs += [(hands[i], hands[j]) for i, j in rng.integers(0, len(hands), (300, 2))]
    for rules in ALL_RULES:
        kw = rule_kwargs(rules)
        for a, b in pairs:
            want = refz.compare(a, b, **kw)  # type: ignore[arg-type]
            assert refeq.zjh_compare(a, b, **kw) == want  # type: ignore[arg-type]
            if not set(a) & set(b):
                winners = refeq.zjh_winners([a, b], **kw)  # type: ignore[arg-type]
                assert winners == {1: [0], -1: [1], 0: [0, 1]}[want]


SPECIAL_RULES = ZJHRules(special_235=True)


@pytest.mark.parametrize(
    ("hands", "rules", "counts"),
    [
        # every other hand a bomb: the 2-3-5 wins
        (["2c3d5h", "AsAhAd", "KsKhKd"], SPECIAL_RULES, [[0, 1, 0, 0], [0] * 4, [0] * 4]),
        # one other hand is no bomb: the 2-3-5 is a Five-high hand, the aces win
        (["2c3d5h", "AsAhAd", "KsQhJd"], SPECIAL_RULES, [[0] * 4, [0, 1, 0, 0], [0] * 4]),
        # the rule off: the aces win
        (["2c3d5h", "AsAhAd", "KsKhKd"], ZJHRules(), [[0] * 4, [0, 1, 0, 0], [0] * 4]),
        # a suited 2-3-5 is a flush, no special hand
        (["2c3c5c", "AsAhAd"], SPECIAL_RULES, [[0, 0, 0], [0, 1, 0]]),
        # two 2-3-5 hands and a bomb: the 2-3-5 hands split by ordinary strength
        (["2c3d5h", "2d3c5s", "AsAhAd"], SPECIAL_RULES, [[0, 0, 1, 0], [0, 0, 1, 0], [0] * 4]),
        (
            ["2c3d5h", "2d3c5s", "AsAhAd"],
            ZJHRules(special_235=True, suit_tiebreak=True),
            [[0] * 4, [0, 1, 0, 0], [0] * 4],
        ),
        # all 2-3-5 hands, no bomb: an ordinary comparison
        (["2c3d5h", "2d3c5s"], SPECIAL_RULES, [[0, 0, 1], [0, 0, 1]]),
    ],
)
def test_zjh_multiway_235_policy(
    hands: list[str], rules: ZJHRules, counts: list[list[int]]
) -> None:
    result = calculate(hands, game="zjh", rules=rules)
    assert result.samples == 1
    np.testing.assert_array_equal(result.counts, counts)
    tally = refeq.enumerate_equity([cards(h) for h in hands], game="zjh", **rule_kwargs(rules))
    assert tally.counts == counts


@pytest.mark.parametrize("rules", ALL_RULES, ids=ALL_RULES_IDS)
def test_zjh_multiway_with_random_player_matches_reference(rules: ZJHRules) -> None:
    """2-3-5 vs a bomb vs a random hand: the 2-3-5 wins when the random hand is a bomb too."""
    hands = ["2c3d5h", "7s7h7d", "random"]
    result = calculate(hands, game="zjh", rules=rules, method="exact")
    tally = refeq.enumerate_equity(
        [cards("2c3d5h"), cards("7s7h7d"), None], game="zjh", **rule_kwargs(rules)
    )
    assert tally.total == math.comb(46, 3)
    assert_same_counts(result, tally)


# ---------------------------------------------------------------------------
# Monte-Carlo against exact


MC_SPOTS = [
    pytest.param({"hands": ["AsKd", "7c7h"]}, id="holdem-preflop-hu"),
    pytest.param({"hands": ["AsKs", "QhQd", "JcTc"], "board": "Qs7s2c"}, id="holdem-3way-flop"),
    pytest.param({"hands": ["AsAh", "random"], "board": "Kd7c2s"}, id="holdem-vs-random"),
    pytest.param(
        {"hands": ["random", "AsAh", "random", "KdKc"], "board": "2s7dJh9c", "dead": "Qc"},
        id="holdem-4way-turn-randoms",
    ),
    pytest.param({"hands": ["Ts9s8h7d2c", "random"], "game": "five"}, id="five-vs-random"),
    pytest.param({"hands": ["AsAdKcKh2s", "QsQd3c3h4h", "random"], "game": "five"}, id="five-3way"),
    pytest.param(
        {"hands": ["KsKh3c", "random"], "game": "zjh", "rules": ZJHRules(suit_tiebreak=True)},
        id="zjh-vs-random",
    ),
    pytest.param(
        {
            "hands": ["2c3d5h", "QsQhQd", "random"],
            "game": "zjh",
            "rules": ZJHRules(special_235=True, order="straight_over_flush"),
        },
        id="zjh-3way-235",
    ),
    pytest.param(
        {
            "hands": ["9s9h9d", "random"],
            "game": "zjh",
            "rules": ZJHRules(special_235=True),
            "independent_decks": True,
        },
        id="zjh-independent",
    ),
]


@needs_jit
@pytest.mark.parametrize("spot", MC_SPOTS)
def test_monte_carlo_within_five_standard_errors(spot: dict) -> None:
    exact = calculate(**spot, method="exact")
    trials = 200_000
    mc = calculate(**spot, method="monte-carlo", trials=trials, seed=20261130)
    assert mc.method == "monte-carlo"
    assert mc.samples == trials
    assert mc.seed == 20261130
    assert mc.stderr is not None
    assert np.all(mc.stderr >= 0)
    assert np.all(np.abs(mc.equity - exact.equity) <= 5 * mc.stderr), (mc.equity, exact.equity)
    # the sole-win share is a binomial proportion
    p = exact.win
    binomial_se = np.sqrt(p * (1 - p) / trials)
    assert np.all(np.abs(mc.win - p) <= 5 * binomial_se + 1e-12), (mc.win, p)
    # the reported standard error is about the true one, sqrt(Var(share) / trials),
    # with Var(share) = sum_k P(k-way split) / k^2 - equity^2 (32 batch means: +-13%)
    ks = np.arange(exact.n_players + 1, dtype=float)
    second = (exact.splits[:, 1:] / ks[1:] ** 2).sum(axis=1)
    true_se = np.sqrt(np.maximum(second - exact.equity**2, 0) / trials)
    assert np.all((0.5 * true_se <= mc.stderr) & (mc.stderr <= 1.6 * true_se)), (mc.stderr, true_se)


# ---------------------------------------------------------------------------
# reproducibility


REPRO_SPOTS = [
    pytest.param({"hands": ["AsKd", "random"]}, id="holdem-hu"),
    pytest.param({"hands": ["AsKd", "random", "random"], "board": "2c7hTd"}, id="holdem-3way-flop"),
    pytest.param(
        {
            "hands": ["KsKh3c", "random", "random"],
            "game": "zjh",
            "rules": ZJHRules(special_235=True),
        },
        id="zjh",
    ),
    pytest.param({"hands": ["AsAdKcKh2s", "random"], "game": "five"}, id="five"),
]


def mc(spot: dict, **kwargs: object) -> EquityResult:
    return calculate(**spot, method="monte-carlo", trials=20_000, batch_size=500, seed=11, **kwargs)


@pytest.mark.parametrize("spot", REPRO_SPOTS)
def test_counts_do_not_depend_on_threads(spot: dict) -> None:
    with num_threads(1):
        one = mc(spot)
    with num_threads(MAX_THREADS):
        many = mc(spot)
    by_arg = [mc(spot, threads=t) for t in (1, MAX_THREADS)]
    for other in (many, *by_arg):
        np.testing.assert_array_equal(one.counts, other.counts)
        # rounds of batches depend on timing: the stderr sums may differ in the last bits
        np.testing.assert_allclose(one.stderr, other.stderr, rtol=1e-12, atol=0)
        assert other.samples == one.samples == 20_000
    assert by_arg[1].threads == MAX_THREADS


def test_threads_argument_is_restored() -> None:
    before = numba.get_num_threads()
    calculate(["AsKd", "random"], trials=2_000, seed=1, threads=1)
    assert numba.get_num_threads() == before


@pytest.mark.parametrize("spot", REPRO_SPOTS)
def test_same_seed_same_counts_other_seed_differs(spot: dict) -> None:
    a, b = mc(spot), mc(spot)
    np.testing.assert_array_equal(a.counts, b.counts)
    assert a.seed == b.seed == 11
    c = calculate(**spot, method="monte-carlo", trials=20_000, batch_size=500, seed=12)
    assert not np.array_equal(a.counts, c.counts)


def test_seed_is_drawn_and_recorded() -> None:
    a = calculate(["AsKd", "random"], trials=5_000)
    assert isinstance(a.seed, int)
    b = calculate(["AsKd", "random"], trials=5_000, seed=a.seed, batch_size=a.batch_size)
    np.testing.assert_array_equal(a.counts, b.counts)


def test_exact_counts_do_not_depend_on_threads() -> None:
    spot = {"hands": ["AsAd", "random", "KdQd"], "board": "Kh7c2s4h"}  # 903 assignments
    with num_threads(1):
        one = calculate(**spot, method="exact")
    with num_threads(MAX_THREADS):
        many = calculate(**spot, method="exact")
    np.testing.assert_array_equal(one.counts, many.counts)


# ---------------------------------------------------------------------------
# stopping rules


def test_trials_are_honoured_exactly() -> None:
    for trials, batch in ((12_345, 1_000), (777, None), (50, 64), (1, None)):
        r = calculate(["AsKd", "QhQc", "random"], trials=trials, batch_size=batch, seed=3)
        assert r.samples == trials
        # every deal has at least one winner; k-way splits count k times
        deals = sum(r.counts[:, k].sum() / k for k in range(1, 4))
        assert deals == trials
        assert r.weight_total == trials


def test_target_stderr_stops_early() -> None:
    target = 0.002
    r = calculate(["AsKd", "QhQc"], target_stderr=target, batch_size=1_024, seed=5)
    assert r.method == "monte-carlo"
    assert np.nanmax(r.stderr) <= target
    # per-deal sd ~0.47: about 55k deals are needed, and at least 32 batches are run
    assert 32 * 1_024 <= r.samples <= 400 * 1_024
    assert r.samples % 1_024 == 0


def test_target_stderr_with_trials_cap() -> None:
    r = calculate(["AsKd", "QhQc"], target_stderr=1e-6, trials=30_000, seed=5)
    assert r.samples == 30_000
    assert np.nanmax(r.stderr) > 1e-6


def test_time_limit_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a fake clock (each reading 50 ms later) the time rule stops the run, reproducibly."""
    import itertools

    import equity.engine.rounds

    readings = itertools.count(step=0.05)
    monkeypatch.setattr(equity.engine.rounds, "_clock", lambda: next(readings))
    r = calculate(["AsKd", "random", "random", "random"], time_limit=1.0, seed=5)
    assert r.method == "monte-carlo"
    assert r.stop_reason == "time"
    assert 0 < r.samples < 10**7
    readings = itertools.count(step=0.05)
    again = calculate(["AsKd", "random", "random", "random"], time_limit=1.0, seed=5)
    assert again.samples == r.samples  # same clock readings, same rounds, same counts
    np.testing.assert_array_equal(again.counts, r.counts)
    capped = calculate(["AsKd", "random"], time_limit=0.2, trials=10**12, seed=5)
    assert capped.stop_reason == "time"
    assert 0 < capped.samples < 10**12


def test_progress_is_called() -> None:
    calls: list[tuple[int, int]] = []
    calculate(
        ["AsKd", "random"],
        trials=10_000,
        batch_size=500,
        seed=1,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert calls
    assert calls[-1] == (10_000, 10_000)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)


# ---------------------------------------------------------------------------
# player limits and bad input


@pytest.mark.parametrize(("game", "n"), [("holdem", 23), ("five", 10), ("zjh", 17)])
def test_most_players(game: str, n: int) -> None:
    r = calculate(["random"] * n, game=game, trials=2_000, seed=1)
    assert r.n_players == n
    assert r.samples == 2_000
    assert abs(r.equity.sum() - 1) < 1e-12


BAD_INPUT = [
    ({"hands": ["AsKs", "AsQd"]}, r"card 'As' is used twice"),
    ({"hands": ["AsKs", "QdQc"], "board": "2c3cKs"}, r"card 'Ks' is used twice"),
    ({"hands": ["AsKs", "QdQc"], "dead": "Qc"}, r"card 'Qc' is used twice"),
    ({"hands": ["AsKs", "QdQc"], "board": "2c3c4c", "dead": "4c"}, r"card '4c' is used twice"),
    ({"hands": ["AsKs", "QdQc"], "board": "2c"}, r"board has 0, 3, 4 or 5 cards, got 1"),
    ({"hands": ["AsKs", "QdQc"], "board": "2c3c"}, r"board has 0, 3, 4 or 5 cards, got 2"),
    ({"hands": ["AsKs", "QdQc"], "board": "2c3c4c5c6c7c"}, r"got 6"),
    ({"hands": ["random"] * 24}, r"holdem takes 2 to 23 players, got 24"),
    ({"hands": ["random"] * 11, "game": "five"}, r"five takes 2 to 10 players, got 11"),
    ({"hands": ["random"] * 18, "game": "zjh"}, r"zjh takes 2 to 17 players, got 18"),
    ({"hands": ["AsKs"]}, r"takes 2 to 23 players, got 1"),
    ({"hands": ["AsKsQs", "random"]}, r"has 3 cards; a holdem hand has 2"),
    ({"hands": ["As", "random"]}, r"has 1 card; a holdem hand has 2"),
    ({"hands": ["AsKs", "random"], "game": "zjh"}, r"has 2 cards; a zjh hand has 3"),
    ({"hands": ["AsKsQsJs", "random"], "game": "five"}, r"has 4 cards; a five hand has 5"),
    ({"hands": ["AsKs", "random"], "trials": 0}, r"trials must be a positive whole number"),
    ({"hands": ["AsKs", "random"], "trials": -5}, r"trials must be a positive whole number"),
    ({"hands": ["AsKs", "random"], "trials": 1.5}, r"trials must be a positive whole number"),
    ({"hands": ["AsKs", "random"], "time_limit": 0}, r"time limit must be a positive number"),
    (
        {"hands": ["AsKs", "random"], "target_stderr": 0},
        r"standard error must be a positive number",
    ),
    ({"hands": ["AsKs", "random"], "batch_size": 0}, r"batch_size must be a positive whole number"),
    ({"hands": ["AsKs", "random"], "game": "bridge"}, r"unknown game 'bridge'"),
    ({"hands": ["AsKs", "random"], "method": "exact", "trials": 10}, r"exact enumeration takes"),
    ({"hands": ["AsKs", "random"], "method": "exact", "time_limit": 1}, r"exact enumeration"),
    ({"hands": ["AsKs", "random"], "method": "magic"}, r"unknown method 'magic'"),
    ({"hands": ["AsKs", "random"], "rules": ZJHRules()}, r"holdem has no house rules"),
    ({"hands": ["AsKs", "random"], "independent_decks": True}, r"not a dealing mode of holdem"),
    ({"hands": ["AsKsQs", "random"], "game": "zjh", "rules": "default"}, r"must be a ZJHRules"),
    ({"hands": ["AsKsQs", "random"], "game": "zjh", "board": "2c3c4c"}, r"zjh has no board"),
    ({"hands": ["AsKs", "random"], "threads": 0}, r"threads must be between 1 and"),
    ({"hands": ["AsKs", "Zz"]}, r"'Zz'"),
    ({"hands": "AsKs"}, r"list of hands"),
    (
        {"hands": ["random"] * 20, "dead": "2c3c4c5c6c7c8c9cTcJcQcKcAc2d3d4d5d6d7d"},
        r"need \d+ more cards but only \d+ are left",
    ),
]


@pytest.mark.parametrize(("kwargs", "match"), BAD_INPUT)
def test_bad_input_raises(kwargs: dict, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        calculate(**kwargs)


def test_exact_refuses_huge_jobs() -> None:
    with pytest.raises(ValueError, match="use Monte-Carlo"):
        calculate(["random"] * 6, method="exact")


# ---------------------------------------------------------------------------
# one compiled signature per kernel


def typical_calls() -> None:
    calculate(["AsKs", "QhQd"], "Qs7s2c")  # exact, few assignments
    calculate(["AsKs", "random"], "Qs7s2c4d")  # exact, parallel over assignments
    calculate(["AsKs", "QQ+,AKs"], "Qs7s2c", method="exact")  # exact with a range
    calculate(["2c3d5h", "random"], game="zjh", rules=ZJHRules(special_235=True))
    calculate(["AsKs", "random"], trials=5_000, seed=1)
    calculate(["AsKs", "random", "random"], "Qs7s2c", trials=5_000, seed=1)
    calculate(["AsKs", "QQ+,AKs", "random"], trials=5_000, seed=1)
    calculate(["KsKh3c", "random"], game="zjh", trials=5_000, seed=1, independent_decks=True)
    calculate(["AsAdKcKh2s", "random"], game="five", trials=5_000, seed=1)


@pytest.mark.skipif(numba.config.DISABLE_JIT, reason="plain functions without the JIT")
def test_one_signature_per_kernel() -> None:
    typical_calls()
    # compiled once for each loop used (and sink: None when scoring), and only once
    loops = [(sig[4].ndim, sig[11]) for sig in mc_kernels.simulate_batches.signatures]
    assert len(loops) == len(set(loops))
    assert len(enum_kernels.enumerate_deals.signatures) <= 1


@pytest.mark.skipif(numba.config.DISABLE_JIT, reason="plain functions without the JIT")
def test_one_signature_of_enumerate_range() -> None:
    typical_calls()
    assert len(enum_kernels.enumerate_range.signatures) == 1
