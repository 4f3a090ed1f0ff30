"""Tests of equity.lookup: the shipped tables, the rank keys, the value scale."""

from __future__ import annotations

import functools
import itertools
from collections import Counter

import numba
import numpy as np
import pytest
import reference as ref
from conftest import components_key

from equity.kernels import holdem
from equity.lookup import (
    CATEGORIES,
    FLUSH_SIZE,
    HASH_BITS,
    HASH_MULTIPLIER,
    KEY_START,
    OFFSET_ALIGN,
    RANK_KEYS,
    ROW_SHIFT,
    HoldemTables,
    _shipped_components,
    best_hand_from_ranks,
    build_holdem_tables,
    build_value_components,
    describe_value,
    hand_value_components,
    mix_keys,
)


def rank_multisets(n_cards: int) -> list[tuple[int, ...]]:
    """Every multiset of ``n_cards`` ranks with no rank more than four times."""
    return [
        ranks
        for ranks in itertools.combinations_with_replacement(range(13), n_cards)
        if max(Counter(ranks).values(), default=0) <= 4
    ]


def no_flush_cards(ranks: tuple[int, ...]) -> list[int]:
    """Cards of the (sorted) ``ranks`` with suits dealt round-robin.

    Equal ranks are adjacent, so they get distinct suits; no suit gets more
    than two of seven cards, so the hand holds no flush.
    """
    return [4 * r + i % 4 for i, r in enumerate(sorted(ranks))]


@functools.cache
def no_flush_five_key(ranks: tuple[int, ...]) -> tuple[int, ...]:
    return ref.five_card_key(no_flush_cards(ranks))


def no_flush_best_key(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """``ref.best_key(no_flush_cards(ranks))``, sped up by caching five-card keys.

    With no flush possible the key of five cards depends on their ranks only.
    """
    return max(no_flush_five_key(five) for five in itertools.combinations(ranks, 5))


@pytest.mark.slow
def test_shipped_tables_equal_fresh_build(tables: HoldemTables) -> None:
    fresh = build_holdem_tables()
    for name, shipped, built in zip(HoldemTables._fields, tables, fresh, strict=True):
        assert shipped.dtype == built.dtype, name
        assert shipped.shape == built.shape, name
        np.testing.assert_array_equal(shipped, built, err_msg=name)
    np.testing.assert_array_equal(_shipped_components(), build_value_components())


def test_shipped_tables_are_read_only(tables: HoldemTables) -> None:
    for array in tables:
        assert not array.flags.writeable
        assert array.flags.c_contiguous


def test_card_keys(tables: HoldemTables) -> None:
    low = np.uint64(0xFFFFFFFF)
    for card in range(52):
        rank, suit = divmod(card, 4)
        assert int(tables.card_keys[card] & low) == RANK_KEYS[rank]
        assert int(tables.card_keys[card] >> np.uint64(32)) == 1 << 4 * suit
        assert int(tables.suit_bits[card]) == 1 << (16 * suit + rank)


@pytest.mark.parametrize("n_cards", range(8))
def test_rank_key_sums_distinct(n_cards: int) -> None:
    """Sums of rank keys identify every rank multiset of up to seven cards."""
    multisets = rank_multisets(n_cards)
    sums = {sum(RANK_KEYS[r] for r in ranks) for ranks in multisets}
    assert len(sums) == len(multisets)
    assert max(sums) < 1 << 32  # never carries into the suit counters


def test_rank_key_sums_distinct_across_sizes() -> None:
    sums = [sum(RANK_KEYS[r] for r in ranks) for n in range(8) for ranks in rank_multisets(n)]
    assert len(sums) == len(set(sums)) == 1 + 13 + 91 + 455 + 1820 + 6175 + 18395 + 49205


def hashed_sums() -> np.ndarray:
    """Rank-key sums of every rank multiset of 5, 6 and 7 cards (the hashed keys)."""
    return np.array(
        [sum(RANK_KEYS[r] for r in ranks) for n in (5, 6, 7) for ranks in rank_multisets(n)],
        dtype=np.int64,
    )


def test_mixed_keys_distinct() -> None:
    """The perfect hash mixes every rank-key sum of 5-7 cards to a distinct residue.

    An odd multiplier permutes the residues mod ``2**HASH_BITS``, so this holds
    because the sums themselves are distinct mod ``2**HASH_BITS``.
    """
    sums = hashed_sums()
    assert HASH_MULTIPLIER % 2 == 1
    assert len(np.unique(sums & ((1 << HASH_BITS) - 1))) == len(sums)
    mixed = mix_keys(sums)
    assert len(np.unique(mixed)) == len(sums)
    assert mixed.min() >= 0
    assert mixed.max() < 1 << HASH_BITS


def test_kernel_hash_constants_match_tables(tables: HoldemTables) -> None:
    """The kernels' literal hash constants are the ones the tables were built with."""
    assert int(holdem._HASH_MASK) == (1 << HASH_BITS) - 1
    assert int(holdem._HASH_MULTIPLIER) == HASH_MULTIPLIER
    assert int(holdem._ROW_SHIFT) == ROW_SHIFT
    assert int(holdem._ROW_MASK) == (1 << ROW_SHIFT) - 1
    assert 1 << int(holdem._ALIGN_SHIFT) == OFFSET_ALIGN
    assert tables.offsets.dtype == np.uint16
    assert len(tables.offsets) == 1 << (HASH_BITS - ROW_SHIFT)


def test_hash_slots_hold_their_values(tables: HoldemTables) -> None:
    """Each 5-7 card rank multiset reaches its own slot, and the slots are dense."""
    sums = hashed_sums()
    mixed = mix_keys(sums)
    slots = OFFSET_ALIGN * tables.offsets[mixed >> ROW_SHIFT].astype(np.int64) + (
        mixed & ((1 << ROW_SHIFT) - 1)
    )
    assert len(np.unique(slots)) == len(sums)
    assert FLUSH_SIZE + slots.max() + 1 == len(tables.values)
    assert len(sums) / (slots.max() + 1) > 0.9  # the mixing packs rows densely
    assert np.all(tables.values[FLUSH_SIZE + slots] >> 12 >= 1)


def test_suit_counter_flags_flushes() -> None:
    """Bit 3 of a suit nibble is set exactly when the suit holds 5+ of 7 cards."""
    for n_in_suit in range(8):
        nibble = (KEY_START >> 32 & 0xF) + n_in_suit
        assert nibble < 16  # no carry into the next suit
        assert bool(nibble & 8) == (n_in_suit >= 5)


def test_distinct_five_card_values(tables: HoldemTables) -> None:
    out = np.zeros(1 << 16, dtype=np.int64)
    holdem.exact_value_counts5(tables, out)
    values = np.flatnonzero(out)
    assert len(values) == ref.DISTINCT_FIVE_CARD_VALUES
    assert out.sum() == 2_598_960
    per_category = np.bincount(values >> 12, weights=out[values], minlength=10)[1:]
    assert per_category.astype(np.int64).tolist() == list(ref.FIVE_CARD_COUNTS.values())


def test_value_scale(tables: HoldemTables) -> None:
    """The table holds exactly the 7,462 values, numbered from 0 in each category."""
    stored = np.unique(tables.values[tables.values > 0]).astype(np.int64)
    assert len(stored) == ref.DISTINCT_FIVE_CARD_VALUES
    for category in range(1, 10):
        inside = stored[stored >> 12 == category] & 0xFFF
        np.testing.assert_array_equal(inside, np.arange(len(inside)))
    per_category = [int(np.sum(stored >> 12 == c)) for c in range(1, 10)]
    assert per_category == [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]


def test_every_rank_pattern_matches_reference(tables: HoldemTables) -> None:
    """Every 5-7 card rank multiset without a flush and every flush of 5-7 ranks."""
    hands: list[list[int]] = []
    keys: list[tuple[int, ...]] = []
    for n_cards in (5, 6, 7):
        for ranks in rank_multisets(n_cards):
            hands.append(no_flush_cards(ranks))
            keys.append(no_flush_best_key(ranks))
        for ranks in itertools.combinations(range(13), n_cards):
            hands.append([4 * r + 3 for r in ranks])  # all spades
            keys.append(ref.best_key(hands[-1]))
    values = np.array([holdem.evaluate_cards(np.array(h, dtype=np.uint8), tables) for h in hands])
    ref.assert_same_order(keys, values)
    assert [components_key(v) for v in values] == keys
    # The no-flush representatives really are what the shortcut assumed.
    for i in range(0, len(hands), 997):
        assert ref.best_key(hands[i]) == keys[i]


def test_best_hand_from_ranks_examples() -> None:
    def counts(text: str) -> tuple[int, ...]:
        c = Counter("23456789TJQKA".index(r) for r in text)
        return tuple(c[r] for r in range(13))

    assert best_hand_from_ranks(counts("KKK55"), False) == (7, (11, 3))
    assert best_hand_from_ranks(counts("KKK5552"), False) == (7, (11, 3))
    assert best_hand_from_ranks(counts("KK55332"), False) == (3, (11, 3, 1))
    assert best_hand_from_ranks(counts("A2345"), False) == (5, (3,))
    assert best_hand_from_ranks(counts("A23456"), False) == (5, (4,))
    assert best_hand_from_ranks(counts("A2345"), True) == (9, (3,))
    assert best_hand_from_ranks(counts("AKQJ9"), True) == (6, (12, 11, 10, 9, 7))
    assert best_hand_from_ranks(counts("AAAAKKK"), False) == (8, (12, 11))


@functools.cache
def reference_values() -> dict[tuple[int, ...], int]:
    """The documented value scale from the reference alone.

    ``value = category << 12 | i`` where ``i`` numbers the distinct
    five-card hands of the category from the weakest, 0 up.
    """
    keys = {no_flush_five_key(ranks) for ranks in rank_multisets(5)}
    flushes = itertools.combinations(range(13), 5)
    keys |= {ref.five_card_key([4 * r for r in ranks]) for ranks in flushes}
    assert len(keys) == ref.DISTINCT_FIVE_CARD_VALUES
    out = {}
    for category in range(1, 10):
        for i, key in enumerate(sorted(k for k in keys if k[0] == category)):
            out[key] = category << 12 | i
    return out


def test_value_components_match_reference() -> None:
    for key, value in reference_values().items():
        assert components_key(value) == key


def test_describe_every_value() -> None:
    descriptions = {describe_value(value) for value in reference_values().values()}
    # Kickers go unnamed except in four of a kind; flushes and high cards
    # name their top card (Seven to Ace); the royal flush has its own name.
    by_category = {
        "straight flush": 10, "four of a kind": 13 * 12, "full house": 13 * 12,
        "flush": 8, "straight": 10, "three of a kind": 13, "two pair": 13 * 12 // 2,
        "pair": 13, "high card": 8,
    }  # fmt: skip
    assert len(descriptions) == sum(by_category.values()) == 452
    for category in CATEGORIES:
        if category not in ("straight", "flush", "high card", "straight flush"):
            assert any(d.startswith(category) for d in descriptions)


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (9 << 12 | 9, "royal flush"),
        (9 << 12 | 0, "straight flush, Five high"),
        (8 << 12 | 0, "four of a kind, Twos, Three kicker"),
        (7 << 12 | 0, "full house, Twos over Threes"),
        (5 << 12 | 0, "Five-high straight"),
        (5 << 12 | 9, "Ace-high straight"),
        (1 << 12 | 0, "Seven high"),
    ],
)
def test_describe_value_examples(value: int, text: str) -> None:
    assert describe_value(value) == text


@pytest.mark.parametrize("value", [0, 1 << 12 | 1277, 9 << 12 | 10, 10 << 12, -1])
def test_not_a_value(value: int) -> None:
    with pytest.raises(ValueError, match="is not a hand value"):
        hand_value_components(value)
    with pytest.raises(ValueError, match="is not a hand value"):
        describe_value(value)


def test_flush_table_size(tables: HoldemTables) -> None:
    assert len(tables.values) > FLUSH_SIZE
    masks = np.arange(FLUSH_SIZE)
    five_plus = np.array([int(m).bit_count() >= 5 for m in masks])
    assert np.all(tables.values[:FLUSH_SIZE][five_plus] >> 12 >= 6)
    assert np.all(tables.values[:FLUSH_SIZE][~five_plus] == 0)


@pytest.mark.skipif(numba.config.DISABLE_JIT, reason="plain functions without the JIT")
def test_one_signature_per_kernel(tables: HoldemTables) -> None:
    holdem.exact_value_counts5(tables, np.zeros(1 << 16, dtype=np.int64))
    assert len(holdem.exact_value_counts5.signatures) == 1
