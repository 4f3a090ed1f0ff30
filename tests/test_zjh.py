"""Tests of equity.evaluators.zjh and equity.kernels.zjh against tests/reference_zjh.py."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
import reference_zjh as ref

from equity.cards import parse_cards
from equity.evaluators.zjh import (
    ABSOLUTE_MAX_VALUE,
    ABSOLUTE_MAX_VALUE_SUITS,
    SPECIAL_235,
    ZJH_CATEGORIES,
    ZJHRules,
    absolute_value_zjh_batch,
    category_of_strength,
    compare_zjh,
    evaluate_zjh,
    evaluate_zjh_batch,
    rank_zjh,
    special_235_batch,
    zjh_category_counts_exact,
    zjh_category_probabilities_exact,
)
from equity.kernels import zjh as kz

ALL_RULES = [
    ZJHRules(order=order, suit_tiebreak=tiebreak)
    for order in ("zjh", "straight_over_flush")
    for tiebreak in (False, True)
]
ALL_RULES_IDS = [f"{r.order}-tiebreak{int(r.suit_tiebreak)}" for r in ALL_RULES]


@pytest.fixture(scope="module")
def hands() -> np.ndarray:
    """All C(52, 3) = 22,100 hands, ``uint8[22100, 3]``."""
    out = np.array(list(itertools.combinations(range(52), 3)), dtype=np.uint8)
    assert out.shape == (math.comb(52, 3), 3)
    return out


@pytest.fixture(scope="module")
def hand_lists(hands: np.ndarray) -> list[list[int]]:
    return hands.tolist()


@pytest.fixture(scope="module")
def ref_categories(hand_lists: list[list[int]]) -> list[str]:
    return [ref.category(h) for h in hand_lists]


def dense_rank(keys: list) -> np.ndarray:
    """Rank 0 = weakest; equal keys share a rank."""
    index = {key: i for i, key in enumerate(sorted(set(keys)))}
    return np.array([index[key] for key in keys])


def kernel_dense_rank(values: np.ndarray) -> np.ndarray:
    return np.unique(values, return_inverse=True)[1].ravel()


# --------------------------------------------------------------------------
# categories


def test_closed_form_counts() -> None:
    counts = zjh_category_counts_exact()
    assert counts == {
        "bomb": 52,
        "straight flush": 48,
        "flush": 1096,
        "straight": 720,
        "pair": 3744,
        "high card": 16440,
        SPECIAL_235: 60,
    }
    assert sum(counts[c] for c in ZJH_CATEGORIES) == math.comb(52, 3)
    probs = zjh_category_probabilities_exact(as_fraction=True)
    assert sum(probs[c] for c in ZJH_CATEGORIES) == 1
    assert probs["bomb"] == Fraction(52, 22100)
    floats = zjh_category_probabilities_exact()
    assert floats["pair"] == pytest.approx(3744 / 22100)


@pytest.mark.parametrize("rules", ALL_RULES, ids=ALL_RULES_IDS)
def test_kernel_categories(rules: ZJHRules, hands: np.ndarray, ref_categories: list[str]) -> None:
    strengths = evaluate_zjh_batch(hands, rules)
    assert strengths.dtype == np.int32
    names = np.array(ZJH_CATEGORIES)[category_of_strength(strengths, rules)]
    assert names.tolist() == ref_categories
    exact = zjh_category_counts_exact()
    got = dict(zip(*np.unique(names, return_counts=True), strict=True))
    for name in ZJH_CATEGORIES:
        assert int(got[name]) == exact[name], name
    # Category order under the rules: every hand of a stronger category is
    # stronger than every hand of a weaker one.
    cats = rules.categories
    for stronger, weaker in itertools.pairwise(cats):
        assert strengths[names == stronger].min() > strengths[names == weaker].max()


def test_special_235(hands: np.ndarray, hand_lists: list[list[int]]) -> None:
    special = special_235_batch(hands)
    assert special.tolist() == [ref.is_special_235(h) for h in hand_lists]
    assert special.sum() == zjh_category_counts_exact()[SPECIAL_235]
    names = category_of_strength(evaluate_zjh_batch(hands))
    assert np.all(np.array(ZJH_CATEGORIES)[names[special]] == "high card")


# --------------------------------------------------------------------------
# ordering


@pytest.mark.parametrize("rules", ALL_RULES, ids=ALL_RULES_IDS)
def test_order_matches_reference(
    rules: ZJHRules, hands: np.ndarray, hand_lists: list[list[int]]
) -> None:
    keys = [
        ref.sort_key(h, order=rules.order, suit_tiebreak=rules.suit_tiebreak) for h in hand_lists
    ]
    expected = dense_rank(keys)
    got = kernel_dense_rank(evaluate_zjh_batch(hands, rules))
    np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("order", ["zjh", "straight_over_flush"])
def test_suit_tiebreak_has_no_ties(order: str, hands: np.ndarray) -> None:
    strengths = evaluate_zjh_batch(hands, ZJHRules(order=order, suit_tiebreak=True))
    assert len(np.unique(strengths)) == len(hands)


def test_rank_only_distinct_values(hands: np.ndarray) -> None:
    # 22,100 hands collapse to distinct rank patterns without the suit tie-break.
    strengths = evaluate_zjh_batch(hands)
    assert len(np.unique(strengths)) == 13 + 12 + 274 + 12 + 13 * 12 + 274


@pytest.mark.parametrize(
    "perm", list(itertools.permutations(range(3))), ids=lambda p: "".join(map(str, p))
)
def test_card_order_irrelevant(perm: tuple[int, ...], hands: np.ndarray) -> None:
    for rules in ALL_RULES:
        np.testing.assert_array_equal(
            evaluate_zjh_batch(hands[:, list(perm)], rules),
            evaluate_zjh_batch(hands, rules),
        )
    np.testing.assert_array_equal(
        absolute_value_zjh_batch(hands[:, list(perm)], suits=True),
        absolute_value_zjh_batch(hands, suits=True),
    )


def test_suit_permutation_invariant_without_tiebreak(hands: np.ndarray) -> None:
    base = evaluate_zjh_batch(hands)
    for perm in itertools.permutations(range(4)):
        table = np.array([c - c % 4 + perm[c % 4] for c in range(52)], dtype=np.uint8)
        np.testing.assert_array_equal(evaluate_zjh_batch(table[hands]), base)


def test_strength_fits_encoding(hands: np.ndarray) -> None:
    plain = evaluate_zjh_batch(hands)
    with_suits = evaluate_zjh_batch(hands, ZJHRules(suit_tiebreak=True))
    np.testing.assert_array_equal(with_suits >> kz.SUIT_SHIFT, plain)
    assert plain.min() >> kz.CATEGORY_SHIFT == kz.HIGH_CARD
    assert plain.max() >> kz.CATEGORY_SHIFT == kz.BOMB
    assert with_suits.max() < np.iinfo(np.int32).max


# --------------------------------------------------------------------------
# seed values

ARTICLE_EXAMPLES = [
    ("AsKdJc", 3803),  # high card
    ("AsAdKc", 4040),  # pair
    ("AsKdQc", 4052),  # straight
    ("As3d2c", 4041),  # A-3-2 straight
    ("AsKsJs", 7855),  # flush
    ("AsKsQs", 7867),  # straight flush
    ("As3s2s", 7856),  # A-3-2 straight flush
    ("AsAdAc", 7881),  # bomb
]


@pytest.mark.parametrize(("hand", "value"), ARTICLE_EXAMPLES)
def test_article_examples(hand: str, value: int) -> None:
    assert evaluate_zjh(hand).absolute_value == value
    assert ref.absolute_value(hand) == value
    evaluated = evaluate_zjh(hand)
    assert evaluated.absolute_value_reversed == ABSOLUTE_MAX_VALUE - value


def test_article_flower_example() -> None:
    # 红桃6 方片4 方片2: 1602 * 64 + 0b100000 = 102560.
    hand = evaluate_zjh("红桃6 方片4 方片2")
    assert hand.absolute_value == 1602
    assert hand.absolute_value_suits == 102560
    assert ref.absolute_value("6h4d2d", suits=True) == 102560
    assert hand.absolute_value_suits_reversed == 7881 * 64 + 63 - 102560
    # 红桃A 红桃Q 方片3 > 梅花A 黑桃Q 黑桃3 (the article's rule text).
    assert compare_zjh("AhQh3d", "AcQs3s", ZJHRules(suit_tiebreak=True)) == 1
    stronger, weaker = evaluate_zjh("AhQh3d"), evaluate_zjh("AcQs3s")
    assert stronger.absolute_value_suits > weaker.absolute_value_suits


@pytest.mark.parametrize("suits", [False, True])
def test_absolute_values_match_reference(
    suits: bool, hands: np.ndarray, hand_lists: list[list[int]]
) -> None:
    got = absolute_value_zjh_batch(hands, suits=suits)
    assert got.dtype == np.int32
    assert got.tolist() == [ref.absolute_value(h, suits=suits) for h in hand_lists]
    reversed_ = absolute_value_zjh_batch(hands, suits=suits, reverse=True)
    expected = [ref.absolute_value_reversed(h, suits=suits) for h in hand_lists]
    assert reversed_.tolist() == expected
    assert reversed_.min() >= 0
    top = ABSOLUTE_MAX_VALUE_SUITS if suits else ABSOLUTE_MAX_VALUE
    assert got.max() <= top
    # The seed's order is the zjh order (with or without the suit tie-break).
    strengths = evaluate_zjh_batch(hands, ZJHRules(suit_tiebreak=suits))
    np.testing.assert_array_equal(kernel_dense_rank(got), kernel_dense_rank(strengths))


def test_absolute_value_ranges(hands: np.ndarray) -> None:
    values = absolute_value_zjh_batch(hands)
    assert values.min() == 5 * 256 + 3 * 16 + 2  # 5-3-2 high card
    assert values.max() == 7881


# --------------------------------------------------------------------------
# the off-suit 2-3-5


def test_235_beats_bomb_only_with_rule() -> None:
    on = ZJHRules(special_235=True)
    assert compare_zjh("2c3d5h", "AsAdAc") == -1
    assert compare_zjh("2c3d5h", "AsAdAc", on) == 1
    assert compare_zjh("AsAdAc", "2c3d5h", on) == -1
    assert compare_zjh("2c3d5h", "2s2d2h", on) == 1
    for rules in ALL_RULES:
        r = ZJHRules(True, rules.suit_tiebreak, rules.order)
        assert compare_zjh("2c3d5h", "AsAdAc", r) == 1
        assert compare_zjh("2c3d5h", "4s4d6c", r) == -1  # loses to a pair
        assert compare_zjh("2c3d5h", "AsKdJc", r) == -1  # and to A-K-J high
        assert compare_zjh("2c3d5h", "KsQs9s", r) == -1  # and to a flush


def test_suited_235_is_a_flush() -> None:
    hand = evaluate_zjh("2c3c5c")
    assert hand.category == "flush"
    assert not hand.special_235
    assert compare_zjh("2c3c5c", "AsAdAh", ZJHRules(special_235=True)) == -1


def test_235_flag_whatever_rules() -> None:
    for rules in [*ALL_RULES, ZJHRules(special_235=True)]:
        hand = evaluate_zjh("5d 3s 2h", rules)
        assert hand.special_235
        assert hand.category == "high card"


def test_235_against_reference() -> None:
    specials = ["2c3d5h", "2s3s5d", "5c3c2d"]
    others = ["AsAdAh", "KsKdKh", "4s4d6d", "AhKdJh", "7h6d4c", "QhJhTh", "4h3h2h"]
    for s, o in itertools.product(specials, others):
        for rules in ALL_RULES:
            for special in (False, True):
                r = ZJHRules(special, rules.suit_tiebreak, rules.order)
                kwargs = {"order": r.order, "suit_tiebreak": r.suit_tiebreak}
                for a, b in ((s, o), (o, s)):
                    expected = ref.compare(a, b, special_235=special, **kwargs)
                    assert compare_zjh(a, b, r) == expected


# --------------------------------------------------------------------------
# public API


@pytest.mark.parametrize(
    ("hand", "category", "description"),
    [
        ("AsKdJc", "high card", "high card Ace-King-Jack"),
        ("KsKdAc", "pair", "pair of Kings, Ace kicker"),
        ("6s6d2c", "pair", "pair of Sixes, Two kicker"),
        ("AsKdQc", "straight", "Ace-high straight"),
        ("As2d3c", "straight", "A-2-3 straight (the lowest)"),
        ("KsAd2c", "high card", "high card Ace-King-Two"),
        ("AsKsJs", "flush", "Ace-King-Jack flush"),
        ("QhKhAh", "straight flush", "Ace-high straight flush"),
        ("3d2dAd", "straight flush", "A-2-3 straight flush (the lowest)"),
        ("AsAdAc", "bomb", "bomb, three Aces"),
        ("黑桃A 红桃K 梅花Q", "straight", "Ace-high straight"),
        ("方块J 方片Q 方片K", "straight flush", "King-high straight flush"),
    ],
)
def test_evaluate_zjh(hand: str, category: str, description: str) -> None:
    result = evaluate_zjh(hand)
    assert result.category == category
    assert result.description == description
    assert result.category == ref.category(hand)
    assert result.cards == tuple(parse_cards(hand))
    assert result.absolute_value == ref.absolute_value(hand)
    assert result.absolute_value_suits == ref.absolute_value(hand, suits=True)


def test_evaluate_zjh_accepts_codes() -> None:
    assert evaluate_zjh([51, 50, 49]) == evaluate_zjh("AsAhAd")
    assert evaluate_zjh(np.array([51, 50, 49], dtype=np.uint8)).category == "bomb"
    assert evaluate_zjh("AsAhAd").text == "AsAhAd"


def test_rules_change_strength_only() -> None:
    a = evaluate_zjh("AsKdQc")
    b = evaluate_zjh("AsKdQc", ZJHRules(order="straight_over_flush"))
    assert a.category == b.category == "straight"
    assert a.absolute_value == b.absolute_value
    flush = "AhKhJh"
    assert compare_zjh("AsKdQc", flush) == -1
    assert compare_zjh("AsKdQc", flush, ZJHRules(order="straight_over_flush")) == 1


def test_suit_tiebreak_examples() -> None:
    on = ZJHRules(suit_tiebreak=True)
    assert compare_zjh("AsKdJc", "AhKsJs") == 0
    assert compare_zjh("AsKdJc", "AhKsJs", on) == 1  # spade ace beats heart ace
    assert compare_zjh("AcKdJd", "AdKsJs", on) == 1  # club beats diamond
    assert compare_zjh("KsKdAc", "KhKcAs", on) == 1  # pair: higher pair suit first
    assert compare_zjh("As3d2c", "Ah3s2d", on) == -1  # A-2-3 compared from the 3
    # Bombs of one rank always share cards, so compare strengths: by suit
    # descending, spade-club-diamond beats heart-club-diamond.
    assert evaluate_zjh("AsAdAc", on).strength > evaluate_zjh("AhAcAd", on).strength
    assert evaluate_zjh("AsAhAc", on).strength > evaluate_zjh("AsAhAd", on).strength


def test_rank_zjh_groups_ties() -> None:
    hands = ["AsKdJc", "2c3d5h", "AhKcJs", "KsKh3c", "QdJdTd"]
    assert rank_zjh(hands) == [[4], [3], [0, 2], [1]]
    assert rank_zjh(hands, ZJHRules(suit_tiebreak=True)) == [[4], [3], [0], [2], [1]]
    assert rank_zjh([]) == []
    assert rank_zjh([parse_cards("AsKdJc")]) == [[0]]
    assert rank_zjh(np.array([[51, 45, 37], [50, 44, 39]])) == [[0, 1]]


def test_rank_zjh_special_convention() -> None:
    on = ZJHRules(special_235=True)
    hands = ["2c3d5h", "AsAdAc", "KsKd3c", "2s3s4s"]
    assert rank_zjh(hands) == [[1], [3], [2], [0]]
    # Not every other hand is a bomb: the ordinary ranking decides (the
    # engine's multi-way showdown policy).
    assert rank_zjh(hands, on) == [[1], [3], [2], [0]]
    # Every other hand a bomb: the 2-3-5 hands come first.
    assert rank_zjh(["2c3d5h", "AsAdAc", "KsKdKc"], on) == [[0], [1], [2]]
    assert rank_zjh(["2c3d5h", "2d3h5s", "AsAdAc"], on) == [[0, 1], [2]]
    # Without a bomb the 2-3-5 is an ordinary Five-high hand.
    assert rank_zjh(["2c3d5h", "KsKd3c"], on) == [[1], [0]]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: evaluate_zjh("AsKd"), "got 2 in 'AsKd'"),
        (lambda: evaluate_zjh("AsKdQcJh"), "got 4 in 'AsKdQcJh'"),
        (lambda: evaluate_zjh([51, 50]), r"got 2 in \[51, 50\]"),
        (lambda: evaluate_zjh("AsAsKd"), "given twice"),
        (lambda: evaluate_zjh("AsKdXx"), "'Xx'"),
        (lambda: compare_zjh("AsKdQc", "AsKhQh"), "'As' is in two hands"),
        (lambda: compare_zjh("AsKdQc", "AhKh"), "got 2 in 'AhKh'"),
        (lambda: rank_zjh("AsKdQc"), "not a string"),
        (lambda: rank_zjh(["AsKdQc", "QcJdTh"]), "'Qc' is in two hands"),
        (lambda: ZJHRules(order="poker"), "order must be one of"),
        (lambda: evaluate_zjh_batch(np.zeros((2, 2))), r"shape \(n, 3\)"),
        (lambda: evaluate_zjh_batch([[0, 1, 52]]), "card codes 0..51"),
        (lambda: evaluate_zjh_batch([[0, 1, -1]]), "card codes 0..51"),
        (lambda: evaluate_zjh_batch([[0.5, 1, 2]]), "card codes 0..51"),
        (lambda: special_235_batch([[0, 1, 2], [3, 3, 4]]), "hand 1 repeats"),
    ],
)
def test_bad_input(call, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def test_empty_batch() -> None:
    empty = np.zeros((0, 3), dtype=np.uint8)
    assert evaluate_zjh_batch(empty).shape == (0,)
    assert absolute_value_zjh_batch(empty, suits=True).shape == (0,)


# --------------------------------------------------------------------------
# numba


def test_one_signature_per_kernel(hands: np.ndarray) -> None:
    for rules in ALL_RULES:
        evaluate_zjh_batch(hands[:10].astype(np.int64), rules)
    evaluate_zjh("AsKdQc", ZJHRules(special_235=True))
    compare_zjh("2c3d5h", "AsAdAc", ZJHRules(special_235=True))
    rank_zjh(["2c3d5h", "AsAdAc"], ZJHRules(special_235=True))
    special_235_batch(hands[:10])
    absolute_value_zjh_batch(hands[:10], suits=True, reverse=True)
    for k in (kz.evaluate_batch, kz.special_batch, kz.absolute_value_batch):
        assert len(k.signatures) == 1, (k.__name__, k.signatures)
    # Scalar kernels are compiled as callees; loaded from the on-disk cache
    # they show no signature of their own, so at most one.
    inner = (kz.evaluate3, kz.is_special_235, kz.absolute_value3)
    for k in (*inner, kz._sorted3, kz._flower, kz._same_suit):
        assert len(k.signatures) <= 1, (k.__name__, k.signatures)


# ---------------------------------------------------------------------------
# the 2-3-5 rule in a multi-way pot, and the absolute values' one name


def pairwise_winners(hands: list[str], *, suit_tiebreak: bool = False) -> list[int]:
    """The 2-3-5 rule as SPECIAL_235_RULE words it, from pairwise reference comparisons.

    The pot goes to the hands no other hand beats; when every hand is beaten
    by another, the ordinary ranking decides.
    """

    def beats(a: str, b: str, special: bool) -> bool:
        return ref.compare(a, b, special_235=special, suit_tiebreak=suit_tiebreak) > 0

    for special in (True, False):
        unbeaten = [i for i, h in enumerate(hands)
                    if not any(beats(o, h, special) for o in hands if o is not h)]  # fmt: skip
        if unbeaten:
            return unbeaten
    raise AssertionError("the ordinary ranking always has a best hand")


MULTIWAY_235 = [
    (["2s3d5c", "2h3c5d", "AhAdAc"], [0, 1]),  # two 2-3-5s split against a bomb
    (["2s3d5c", "AhAdAc", "KsKdKc"], [0]),  # a 2-3-5 beats two bombs
    (["2s3d5c", "AhAdAc", "KsKd3c"], [1]),  # the cycle: the ordinary ranking, the bomb
    (["2s3d5c", "AhAdAc", "QsJd9c"], [1]),  # the cycle with a high card
    (["2s3d5c", "2h3c5d", "AhAdAc", "KsKdKh"], [0, 1]),  # four-way, all bombs or 2-3-5s
    (["2s3d5c", "AhAdAc", "KsKdKh", "7s7d4c"], [1]),  # four-way cycle
    (["2s3d5c", "7s7d4c", "QsJd9c", "8h6h4h"], [3]),  # no bomb: the rule plays no part
]


@pytest.mark.parametrize(("hands", "winners"), MULTIWAY_235)
def test_special_235_multiway_rule(hands: list[str], winners: list[int]) -> None:
    rules = ZJHRules(special_235=True)
    assert pairwise_winners(hands) == winners
    assert rank_zjh(hands, rules)[0] == winners
    from equity import calculate

    r = calculate(hands, game="zjh", rules=rules, method="exact")
    for p in range(len(hands)):
        expected = 1 if p in winners else 0
        assert r.counts[p, len(winners)] == expected


def test_special_235_multiway_random_deals(rng: np.random.Generator) -> None:
    """rank_zjh agrees with the pairwise wording on deals rich in 2-3-5s and bombs."""
    specials = [h for h in ("2s3d5c", "2h3c5d", "2c3h5s", "2d3s5h")]
    bombs = ["AhAdAc", "KsKdKh", "7c7d7h", "3c3d3h"]
    others = ["QsJd9c", "7s7d4c", "8h6h4h", "JcTc9c", "As4d6c"]
    for _ in range(300):
        k = int(rng.integers(3, 6))
        pool = specials + bombs + others
        chosen = [pool[i] for i in rng.choice(len(pool), size=k, replace=False)]
        cards = [c for h in chosen for c in parse_cards(h)]
        if len(set(cards)) != len(cards):
            continue
        for tiebreak in (False, True):
            rules = ZJHRules(special_235=True, suit_tiebreak=tiebreak)
            assert rank_zjh(chosen, rules)[0] == pairwise_winners(chosen, suit_tiebreak=tiebreak)


def test_absolute_values_have_one_name() -> None:
    from equity.evaluators import zjh

    hand = evaluate_zjh("6h 4d 2d")
    assert hand.absolute_value == 1602
    assert hand.absolute_value_reversed == ABSOLUTE_MAX_VALUE - 1602
    assert (
        hand.absolute_value_suits_reversed == ABSOLUTE_MAX_VALUE_SUITS - hand.absolute_value_suits
    )
    for former in ("seed_value", "seed_value_suits", "seed_value_reversed"):
        assert not hasattr(hand, former)
    for former in ("seed_value_zjh_batch", "SEED_MAX_VALUE", "SEED_MAX_VALUE_SUITS"):
        assert not hasattr(zjh, former)
    assert repr(hand) == "ZJHHand('6h 4d 2d': high card Six-Four-Two)"


@pytest.mark.parametrize(
    "rules",
    [ZJHRules(), ZJHRules(suit_tiebreak=True), ZJHRules(order="straight_over_flush")],
    ids=["std", "suit", "straight-over-flush"],
)
def test_heads_up_counts_against_brute_force(rules: ZJHRules, rng: np.random.Generator) -> None:
    """zjh_heads_up_counts equals a direct count over the disjoint hands of 300 heroes."""
    from equity.evaluators.zjh import zjh_heads_up_counts

    hands = np.array(list(itertools.combinations(range(52), 3)), dtype=np.uint8)
    strength = evaluate_zjh_batch(hands, rules).astype(np.int64)
    order = rng.permutation(len(hands))  # any row order
    wins, ties = zjh_heads_up_counts(hands[order], strength[order])
    heroes = rng.choice(len(hands), 300, replace=False)
    masks = (np.uint64(1) << hands.astype(np.uint64)).sum(axis=1, dtype=np.uint64)
    for h in heroes:
        free = (masks & masks[h]) == 0
        assert free.sum() == math.comb(49, 3)
        at = int(np.flatnonzero(order == h)[0])
        assert wins[at] == int((free & (strength < strength[h])).sum())
        assert ties[at] == int((free & (strength == strength[h])).sum())
    assert int(wins.sum()) * 2 + int(ties.sum()) == math.comb(52, 3) * math.comb(49, 3)


def test_heads_up_counts_needs_every_hand_once() -> None:
    from equity.evaluators.zjh import zjh_heads_up_counts

    hands = np.array(list(itertools.combinations(range(52), 3)), dtype=np.uint8)
    strength = evaluate_zjh_batch(hands)
    with pytest.raises(ValueError, match="every three-card hand once"):
        zjh_heads_up_counts(hands[:100], strength[:100])
    with pytest.raises(ValueError, match="ascending"):
        zjh_heads_up_counts(hands[:, ::-1], strength)
    twice = hands.copy()
    twice[1] = twice[0]
    with pytest.raises(ValueError, match="once"):
        zjh_heads_up_counts(twice, strength)
