"""Tests of equity.evaluators.poker and equity.kernels.holdem against tests/reference.py."""

from __future__ import annotations

import itertools
import math

import numba
import numpy as np
import pytest
import reference as ref
from conftest import components_key
from hypothesis import given
from hypothesis import strategies as st

from equity.cards import format_cards, parse_cards
from equity.evaluators.odds import best_five_counts, five_card_counts
from equity.evaluators.poker import (
    CATEGORIES,
    PokerHand,
    category_name,
    compare_hands,
    evaluate,
    evaluate_batch,
    rank_hands,
)
from equity.kernels import holdem
from equity.lookup import (
    FLUSH_SIZE,
    HASH_BITS,
    OFFSET_ALIGN,
    ROW_SHIFT,
    HoldemTables,
    byte_safe,
    holdem_tables,
)


def random_hands(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    """``n`` uniformly random hands of ``k`` distinct cards, ``uint8[n, k]``."""
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


def reference_classes(hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Group hands that the reference cannot tell apart.

    The reference key of a hand depends only on its rank multiset and on the
    ranks of a suit holding five or more cards (a five-card subset is a flush
    only inside such a suit; every other subset's key depends on its ranks).
    Returns ``first`` (one hand per class) and ``inverse`` (the class of each
    hand), as :func:`numpy.unique` does.
    """
    ranks = (hands >> 2).astype(np.int64)
    suits = hands & 3
    code = (np.sort(ranks, axis=1) * 13 ** np.arange(hands.shape[1])).sum(axis=1)
    flush_ranks = np.zeros(len(hands), dtype=np.int64)
    for suit in range(4):
        in_suit = suits == suit
        rank_set = np.where(in_suit, 1 << ranks, 0).sum(axis=1)
        flush_ranks += np.where(in_suit.sum(axis=1) >= 5, rank_set, 0)
    _, first, inverse = np.unique(code << 13 | flush_ranks, return_index=True, return_inverse=True)
    return first, inverse


def check_against_reference(hands: np.ndarray, values: np.ndarray) -> list[tuple[int, ...]]:
    """Check fast ``values`` of ``hands`` against the reference; return class keys."""
    first, inverse = reference_classes(hands)
    keys = [ref.best_key(hands[i].tolist()) for i in first]
    class_values = values[first]
    np.testing.assert_array_equal(values, class_values[inverse])  # a class has one value
    ref.assert_same_order(keys, class_values)
    assert [components_key(v) for v in class_values] == keys
    return keys


# ---------------------------------------------------------------- five cards


@pytest.fixture(scope="module")
def five_values(five_card_hands: np.ndarray) -> np.ndarray:
    return evaluate_batch(five_card_hands)


def test_all_five_card_categories(five_card_hands: np.ndarray, five_values: np.ndarray) -> None:
    assert five_card_hands.shape == (math.comb(52, 5), 5)
    counts = np.bincount(five_values >> 12, minlength=10)
    assert counts[0] == 0
    by_name = dict(zip(CATEGORIES, counts[1:].tolist(), strict=True))
    assert by_name == ref.FIVE_CARD_COUNTS == five_card_counts()
    assert len(np.unique(five_values)) == ref.DISTINCT_FIVE_CARD_VALUES


def test_all_five_card_hands_match_reference(
    five_card_hands: np.ndarray, five_values: np.ndarray
) -> None:
    keys = check_against_reference(five_card_hands, five_values)
    assert len(keys) == len(set(keys)) == ref.DISTINCT_FIVE_CARD_VALUES


def test_exact_value_counts5_matches_batch(tables: HoldemTables, five_values: np.ndarray) -> None:
    out = np.zeros(1 << 16, dtype=np.int64)
    holdem.exact_value_counts5(tables, out)
    np.testing.assert_array_equal(out, np.bincount(five_values, minlength=1 << 16))


def test_reference_classes_are_sound(rng: np.random.Generator) -> None:
    """Hands of one class (same ranks, other suits) have the same reference key."""
    n, tries = 1_000, 20
    hands = random_hands(rng, n, 7)
    ranks = np.repeat(hands >> 2, tries, axis=0)
    resuited = (ranks << 2 | rng.integers(4, size=ranks.shape)).astype(np.uint8)
    _, inverse = reference_classes(np.concatenate([hands, resuited]))
    same_class = inverse[n:] == np.repeat(inverse[:n], tries)
    distinct = np.all(np.diff(np.sort(resuited, axis=1), axis=1) > 0, axis=1)
    original = np.repeat(np.sort(hands, axis=1), tries, axis=0)
    other = np.any(np.sort(resuited, axis=1) != original, axis=1)
    ok = (same_class & distinct & other).reshape(n, tries)
    rows = np.flatnonzero(ok.any(axis=1))
    assert len(rows) > 500
    for i, t in zip(rows.tolist(), ok[rows].argmax(axis=1).tolist(), strict=True):
        assert ref.best_key(resuited[i * tries + t].tolist()) == ref.best_key(hands[i].tolist())


# --------------------------------------------------------------- seven cards


@pytest.mark.slow
@pytest.mark.parametrize("n_threads", [1, 3])
def test_all_seven_card_hands(tables: HoldemTables, n_threads: int) -> None:
    plan = holdem.seven_card_plan(n_threads)
    assert sorted(plan[plan >= 0].tolist()) == [
        a * 52 + b for a in range(52) for b in range(a + 1, 47)
    ]
    out = np.zeros((n_threads, 1 << 16), dtype=np.int64)
    holdem.exact_value_counts7(tables, plan, out)
    counts = out.sum(axis=0)
    assert counts.sum() == math.comb(52, 7)
    per_category = [int(counts[c << 12 : (c + 1) << 12].sum()) for c in range(1, 10)]
    by_name = dict(zip(CATEGORIES, per_category, strict=True))
    assert by_name == ref.SEVEN_CARD_COUNTS == best_five_counts(7)
    assert np.count_nonzero(counts) == ref.DISTINCT_SEVEN_CARD_VALUES
    if not numba.config.DISABLE_JIT:
        assert len(holdem.exact_value_counts7.signatures) == 1


def test_random_seven_card_hands(rng: np.random.Generator) -> None:
    """200,000 random hands: the same order and categories as the reference."""
    n = 200_000
    hands = random_hands(rng, n, 7)
    values = evaluate_batch(hands)
    _, inverse = reference_classes(hands)
    keys = check_against_reference(hands, values)
    np.testing.assert_array_equal(values >> 12, np.array([k[0] for k in keys])[inverse])
    # Pairs, as the style guide states it: sign(fast(a) - fast(b)) == sign(ref(a) - ref(b)).
    dense = {key: i for i, key in enumerate(sorted(set(keys)))}
    ref_rank = np.array([dense[k] for k in keys])[inverse]
    a, b = rng.integers(n, size=(2, n))
    np.testing.assert_array_equal(
        np.sign(values[a].astype(np.int64) - values[b]), np.sign(ref_rank[a] - ref_rank[b])
    )


def test_random_six_card_hands(rng: np.random.Generator) -> None:
    hands = random_hands(rng, 4_000, 6)
    values = evaluate_batch(hands)
    keys = [ref.best_key(h) for h in hands.tolist()]
    ref.assert_same_order(keys, values)
    assert [components_key(v) for v in values] == keys


def test_scalar_and_batch_agree(rng: np.random.Generator) -> None:
    for k in (5, 6, 7):
        hands = random_hands(rng, 300, k)
        values = evaluate_batch(hands)
        assert [evaluate(h).strength for h in hands] == values.tolist()


def test_evaluate_batch_input_forms(rng: np.random.Generator) -> None:
    hands = random_hands(rng, 100, 7)
    values = evaluate_batch(hands)
    np.testing.assert_array_equal(evaluate_batch(hands.astype(np.int64)), values)
    np.testing.assert_array_equal(evaluate_batch(np.asfortranarray(hands)), values)
    np.testing.assert_array_equal(evaluate_batch(hands[::-1])[::-1], values)
    np.testing.assert_array_equal(evaluate_batch(hands.tolist()), values)
    empty = evaluate_batch(np.zeros((0, 7), dtype=np.uint8))
    assert empty.shape == (0,)
    assert empty.dtype == np.int32


# ------------------------------------------------------- public API examples


@pytest.mark.parametrize(
    ("hand", "category", "description", "best_five"),
    [
        ("Ah Kd 7c 4s 2h", "high card", "Ace high", "Ah Kd 7c 4s 2h"),
        ("Jh Jd 2c 5s 9d", "pair", "pair of Jacks", "Jh Jd 9d 5s 2c"),
        ("Kh Kd 5s 5c 9d", "two pair", "two pair, Kings and Fives", "Kh Kd 5s 5c 9d"),
        ("Qs Qd Qh 3c 4c", "three of a kind", "three of a kind, Queens", "Qs Qh Qd 4c 3c"),
        ("Ah Kd Qs Jc Th", "straight", "Ace-high straight", "Ah Kd Qs Jc Th"),
        ("Ah 2c 3d 4s 5h", "straight", "Five-high straight", "5h 4s 3d 2c Ah"),
        ("Ah 9h 7h 4h 2h", "flush", "Ace-high flush", "Ah 9h 7h 4h 2h"),
        ("Kh Kd 5s Ks 5c", "full house", "full house, Kings over Fives", "Ks Kh Kd 5s 5c"),
        ("6s 6h 6d 2c 2d", "full house", "full house, Sixes over Twos", "6s 6h 6d 2d 2c"),
        ("9c 9d 9h 9s Ad", "four of a kind", "four of a kind, Nines, Ace kicker",
         "9s 9h 9d 9c Ad"),
        ("Ah 2h 3h 4h 5h", "straight flush", "straight flush, Five high", "5h 4h 3h 2h Ah"),
        ("As Ks Qs Js Ts", "straight flush", "royal flush", "As Ks Qs Js Ts"),
        # Six and seven cards: the best five count.
        ("Ah 2c 3d 4s 5h 9c Jd", "straight", "Five-high straight", "5h 4s 3d 2c Ah"),
        ("Ah 2c 3d 4s 5h 6c Kd", "straight", "Six-high straight", "6c 5h 4s 3d 2c"),
        ("Ah Ad Kc Kd Qs Qh 2c", "two pair", "two pair, Aces and Kings", "Ah Ad Kd Kc Qs"),
        ("Kh Kd Ks 5c 5d 5h 2c", "full house", "full house, Kings over Fives",
         "Ks Kh Kd 5h 5d"),
        ("Ah Kh Qh Jh 9h Tc 2d", "flush", "Ace-high flush", "Ah Kh Qh Jh 9h"),
        ("9h Th Jh Qh Kh Ks Kd", "straight flush", "straight flush, King high",
         "Kh Qh Jh Th 9h"),
        ("As Ah Ad Ac Ks Kh", "four of a kind", "four of a kind, Aces, King kicker",
         "As Ah Ad Ac Ks"),
    ],
)  # fmt: skip
def test_evaluate_examples(hand: str, category: str, description: str, best_five: str) -> None:
    result = evaluate(hand)
    assert result.category == category == category_name(result.strength)
    assert result.description == description
    assert format_cards(result.best_five, " ") == best_five
    assert result.cards == tuple(parse_cards(hand))
    assert result.strength >> 12 == CATEGORIES.index(category) + 1 == ref.best_key_of(hand)[0]


def test_poker_hand_accessors() -> None:
    hand = evaluate("Kh Kd 5s Ks 5c")
    assert isinstance(hand, PokerHand)
    assert hand.text == "KhKd5sKs5c"
    assert hand.to_dict() == {
        "cards": "Kh Kd 5s Ks 5c",
        "category": "full house",
        "description": "full house, Kings over Fives",
        "strength": hand.strength,
        "best_five": "Ks Kh Kd 5s 5c",
    }
    assert evaluate(parse_cards("Kh Kd 5s Ks 5c")) == hand
    assert evaluate(np.array(parse_cards("Kh Kd 5s Ks 5c"))) == hand


def test_best_five_of_random_hands(rng: np.random.Generator) -> None:
    for k in (6, 7):
        for cards in random_hands(rng, 300, k).tolist():
            hand = evaluate(cards)
            assert len(hand.best_five) == len(set(hand.best_five)) == 5
            assert set(hand.best_five) <= set(cards)
            assert evaluate(hand.best_five).strength == hand.strength


def test_compare_hands() -> None:
    assert compare_hands("Ah 2c 3d 4s 5h", "6h 2d 3c 4d 5c") == -1
    assert compare_hands("6h 2d 3c 4d 5c", "Ah 2c 3d 4s 5h") == 1
    assert compare_hands("As Ks Qs Js 9s", "Ah Kh Qh Jh 9h") == 0
    assert compare_hands("As Ad Kc Kd 2s", "As Ad Kc Kd Qs Qh 3c") == -1  # board pair counterfeits
    assert compare_hands("2c 2d 3c 3d 4h", "Ac Kd Qh Js 9c") == 1


def test_rank_hands_groups_ties() -> None:
    assert rank_hands(["As Ad Kc Kd 2s", "Ac Ah Ks Kh 2d", "Qs Qd Qh 3c 4c"]) == [[2], [0, 1]]
    board = "2c 7d 9h Js Qc"
    hands = [f"{hole} {board}" for hole in ("Ah Ks", "Ad Kh", "3c 4d", "Ac Kc", "Jd Jh")]
    assert rank_hands(hands) == [[4], [0, 1, 3], [2]]
    assert rank_hands(["As Ks Qs Js Ts"]) == [[0]]
    assert rank_hands([]) == []


@pytest.mark.parametrize(
    "cards",
    ["", "As", "As Ks Qs Js", "As Ks Qs Js Ts 9s 8s 7s", list(range(4)), list(range(8))],
)
def test_wrong_card_count(cards: object) -> None:
    n = len(parse_cards(cards))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=f"needs 5 or 6 or 7 cards, got {n} in"):
        evaluate(cards)  # type: ignore[arg-type]


def test_bad_hands() -> None:
    with pytest.raises(ValueError, match="'As' is given twice"):
        evaluate("As Ks Qs Js As")
    with pytest.raises(ValueError, match="'Xx' is not a card"):
        evaluate("As Ks Qs Js Xx")
    with pytest.raises(ValueError, match="needs 5 or 6 or 7 cards"):
        compare_hands("As Ks", "Ah Kh Qh Jh Th")
    with pytest.raises(ValueError, match="needs 5 or 6 or 7 cards"):
        rank_hands(["As Ks Qs Js Ts", "2c 3c"])


@pytest.mark.parametrize("shape", [(3, 4), (3, 8), (5,), (2, 7, 1), (0, 2)])
def test_evaluate_batch_bad_shape(shape: tuple[int, ...]) -> None:
    with pytest.raises(ValueError, match="hands must have shape"):
        evaluate_batch(np.zeros(shape, dtype=np.uint8))


def test_evaluate_batch_bad_code() -> None:
    hands = np.array([[0, 1, 2, 3, 52]], dtype=np.uint8)
    with pytest.raises(ValueError, match="card code 52 is not a card"):
        evaluate_batch(hands)
    with pytest.raises(ValueError, match="card code 255 is not a card"):
        evaluate_batch(np.full((1, 7), 255, dtype=np.uint8))


@pytest.mark.parametrize("code", [52, 53, 127, 128, 200, 255])
def test_evaluate_batch_finds_a_bad_code_in_any_chunk(rng: np.random.Generator, code: int) -> None:
    # the kernel checks each chunk's bytes after evaluating it: a bad byte in
    # the last chunk, in any column, and in the first row, is found
    hands = rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (40_000, 1)), axis=1)[:, :7]
    good = evaluate_batch(hands)
    for row, column in [(39_999, 6), (20_000, 3), (0, 0)]:
        bad = hands.copy()
        bad[row, column] = code
        with pytest.raises(ValueError, match=f"card code {code} is not a card"):
            evaluate_batch(bad)
    np.testing.assert_array_equal(evaluate_batch(hands), good)


def test_byte_safe_tables_keep_every_lookup_inside_the_arrays() -> None:
    tables = holdem_tables()
    safe = byte_safe(tables)
    assert safe.card_keys.shape == safe.suit_bits.shape == (256,)
    np.testing.assert_array_equal(safe.card_keys[:52], tables.card_keys)
    np.testing.assert_array_equal(safe.suit_bits[:52], tables.suit_bits)
    assert not safe.card_keys[52:].any()
    assert not safe.suit_bits[52:].any()
    np.testing.assert_array_equal(safe.values[: tables.values.size], tables.values)
    # every mixed key (any 24-bit m) addresses a slot inside values; the flush
    # index is 13 bits and FLUSH_SIZE is 2**13
    m = np.arange(1 << HASH_BITS, dtype=np.int64)
    slots = FLUSH_SIZE + OFFSET_ALIGN * safe.offsets[m >> ROW_SHIFT].astype(np.int64)
    assert int((slots + (m & ((1 << ROW_SHIFT) - 1))).max()) < safe.values.size
    assert tables.values.size >= FLUSH_SIZE


def test_evaluate_batch_bad_wide_code() -> None:
    with pytest.raises(ValueError, match="card code 300 is not a card"):
        evaluate_batch(np.array([[300, 1, 2, 3, 4]], dtype=np.int64))


def test_category_name() -> None:
    assert [category_name(c << 12) for c in range(1, 10)] == list(CATEGORIES)
    assert category_name(9 << 12 | 9) == "straight flush"


# -------------------------------------------------------------- properties

hands_5_to_7 = st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True)


@given(cards=hands_5_to_7, suit_map=st.permutations(range(4)), data=st.data())
def test_value_ignores_suit_names_and_card_order(
    cards: list[int], suit_map: list[int], data: st.DataObject
) -> None:
    value = evaluate(cards).strength
    renamed = [c & ~3 | suit_map[c & 3] for c in cards]
    shuffled = data.draw(st.permutations(renamed))
    assert evaluate(shuffled).strength == value
    assert evaluate_batch(np.array([shuffled], dtype=np.uint8))[0] == value


@given(hands_5_to_7)
def test_best_hand_is_best_subset(cards: list[int]) -> None:
    value = evaluate(cards).strength
    subsets = np.array(list(itertools.combinations(cards, 5)), dtype=np.uint8)
    sub_values = evaluate_batch(subsets)
    assert np.all(sub_values <= value)
    assert sub_values.max() == value
    assert components_key(value) == ref.best_key(cards)


@given(hands_5_to_7, hands_5_to_7)
def test_compare_matches_reference(a: list[int], b: list[int]) -> None:
    ka, kb = ref.best_key(a), ref.best_key(b)
    assert compare_hands(a, b) == (ka > kb) - (ka < kb)


@pytest.mark.skipif(numba.config.DISABLE_JIT, reason="plain functions without the JIT")
def test_one_signature_per_kernel(rng: np.random.Generator, tables: HoldemTables) -> None:
    """Typical calls compile each kernel once (no accidental dtype variants)."""
    for k in (5, 6, 7):
        evaluate_batch(random_hands(rng, 10, k))
    evaluate("As Ks Qs Js Ts 2c")
    holdem.evaluate_cards(np.array([0, 5, 10, 15, 20], dtype=np.uint8), tables)
    assert len(holdem.evaluate_batch.signatures) == 1
    assert len(holdem.evaluate_cards.signatures) == 1
