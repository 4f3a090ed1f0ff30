"""The low evaluators (razz, eight-or-better, deuce-to-seven, badugi) against plain-Python
references and pokerkit; their records, command lines, exact counts and frequencies."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from typing import Any

import numba
import numpy as np
import pokerkit
import pytest
from conftest import fails, num_threads, run_json
from reference_lowball import badugi_key, deuce_seven_key, low8_key, razz_key

from equity.analysis.frequencies import category_frequencies
from equity.cards import format_cards, parse_cards
from equity.cli import main
from equity.evaluators.lowball import (
    evaluate_badugi,
    evaluate_deuce_seven,
    evaluate_low_batch,
    evaluate_razz,
    evaluate_stud8,
    low_category_name,
    low_strength,
    stud8_low,
)
from equity.evaluators.lowball_counts import (
    badugi_counts,
    deuce_seven_counts,
    razz_counts,
    stud8_low_count,
)
from equity.evaluators.odds import category_counts
from equity.games.draw import BADUGI_CATEGORIES, DEUCE_SEVEN_CATEGORIES
from equity.games.stud import RAZZ_CATEGORIES
from equity.kernels import lowball as kernels
from equity.lookup import rank_multisets
from equity.lookup.lowball import LOW_SHIFT, lowball_tables


def random_hands(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    """``n`` uniform random hands of ``k`` distinct cards."""
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


def assert_order_matches(values: np.ndarray, keys: list[Any]) -> None:
    """Every pair of hands compares the same way by value (bigger is better) and by key
    (smaller is better): equal keys have equal values, and the values of the distinct keys,
    in key order, strictly decrease (which settles all pairs at once)."""
    value_of: dict[Any, int] = {}
    for key, value in zip(keys, values.tolist(), strict=True):
        assert value_of.setdefault(key, value) == value, key
    ordered = [value_of[k] for k in sorted(value_of)]
    assert all(a > b for a, b in itertools.pairwise(ordered))


def pattern_hands(size: int, flush: bool = False) -> np.ndarray:
    """One hand of each rank pattern of ``size`` cards (the suits of a rank all differ;
    ``flush``: the patterns of different ranks, all in one suit)."""
    hands = []
    for pattern in rank_multisets((size,)):
        if flush and max(pattern) > 1:
            continue
        cards: list[int] = []
        for rank, count in enumerate(pattern):
            cards += [4 * rank + (0 if flush else (len(cards) + s) % 4) for s in range(count)]
        hands.append(cards)
    return np.array(hands, dtype=np.uint8)


REFERENCES: dict[str, Callable[[list[int]], Any]] = {
    "razz": razz_key,
    "deuce-seven": deuce_seven_key,
    "badugi": badugi_key,
}


def check_against_reference(hands: np.ndarray, ranking: str) -> None:
    """Kernel values order as the reference keys; the categories and the Python values agree."""
    values = evaluate_low_batch(hands, ranking)
    refs = [REFERENCES[ranking](h) for h in hands.tolist()]
    assert_order_matches(values, [key for key, _ in refs])
    assert [low_category_name(v, ranking) for v in values] == [name for _, name in refs]
    for hand, value in zip(hands.tolist(), values.tolist(), strict=True):
        assert low_strength(hand, ranking) == value


# ---------------------------------------------------------------------------
# kernels against the references


def test_the_shift_is_the_tables_shift() -> None:
    assert kernels.LOW_SHIFT == LOW_SHIFT
    assert kernels.LOW_RAW_MASK == (1 << LOW_SHIFT) - 1


@pytest.mark.parametrize("k", [5, 6, 7])
def test_razz_on_random_hands(rng: np.random.Generator, k: int) -> None:
    check_against_reference(random_hands(rng, 3000, k), "razz")


@pytest.mark.parametrize("k", [5, 6])
def test_razz_on_every_rank_pattern(k: int) -> None:
    check_against_reference(pattern_hands(k), "razz")


@pytest.mark.slow
def test_razz_on_every_seven_card_rank_pattern() -> None:
    check_against_reference(pattern_hands(7), "razz")


def test_low8_on_random_hands(rng: np.random.Generator) -> None:
    hands = random_hands(rng, 4000, 7)
    lows = evaluate_low_batch(hands, "low8")
    keys = [low8_key(h) for h in hands.tolist()]
    assert [v < 0 for v in lows.tolist()] == [k is None for k in keys]
    qualifying = [i for i, k in enumerate(keys) if k is not None]
    assert len(qualifying) > 500
    assert_order_matches(lows[qualifying], [keys[i] for i in qualifying])
    # a qualifying low is the hand's razz low: the same value
    razz = evaluate_low_batch(hands, "razz")
    assert np.array_equal(lows[qualifying], razz[qualifying])
    for hand, value in zip(hands[:300].tolist(), lows[:300].tolist(), strict=True):
        assert low_strength(hand, "low8") == value


def test_deuce_seven_on_random_hands(rng: np.random.Generator) -> None:
    check_against_reference(random_hands(rng, 5000, 5), "deuce-seven")


def test_deuce_seven_on_every_rank_pattern() -> None:
    """All 6,175 rank patterns of five cards, and the 1,287 flushes of five ranks."""
    hands = np.concatenate([pattern_hands(5), pattern_hands(5, flush=True)])
    assert len(hands) == 6175 + 1287
    check_against_reference(hands, "deuce-seven")


def test_badugi_on_random_hands(rng: np.random.Generator) -> None:
    check_against_reference(random_hands(rng, 5000, 4), "badugi")


@pytest.mark.slow
def test_badugi_on_every_hand() -> None:
    hands = np.array(list(itertools.combinations(range(52), 4)), dtype=np.uint8)
    check_against_reference(hands, "badugi")


def test_values_ignore_card_order_and_suit_names(rng: np.random.Generator) -> None:
    hands = random_hands(rng, 2000, 7)
    shuffled = rng.permuted(hands, axis=1)
    relabel = rng.permutation(4)  # the same permutation of the suits in every hand
    renamed = (hands & ~np.uint8(3)) | relabel[hands & 3].astype(np.uint8)
    for ranking, k in (("razz", 7), ("low8", 7), ("deuce-seven", 5), ("badugi", 4)):
        base = evaluate_low_batch(np.ascontiguousarray(hands[:, :k]), ranking)
        if k == 7:
            assert np.array_equal(evaluate_low_batch(shuffled, ranking), base)
        assert np.array_equal(
            evaluate_low_batch(np.ascontiguousarray(renamed[:, :k]), ranking), base
        )
    assert len(kernels.evaluate_low_batch.signatures) == 1


@numba.njit
def _call_each(hands: np.ndarray, tables: Any, out: np.ndarray) -> None:
    """The four evaluators as the engine calls them: a row, a literal card count, tables."""
    for i in range(hands.shape[0]):
        out[i, 0] = kernels.ace_five_low(hands[i], 7, tables)
        out[i, 1] = kernels.low8(hands[i], 7, tables)
        out[i, 2] = kernels.deuce_seven_low(hands[i], 5, tables)
        out[i, 3] = kernels.badugi(hands[i], 4, tables)


def test_the_kernels_take_the_tables_as_a_named_tuple_or_a_tuple(rng: np.random.Generator) -> None:
    hands = random_hands(rng, 2000, 7)
    expected = np.stack(
        [
            evaluate_low_batch(hands, "razz"),
            evaluate_low_batch(hands, "low8"),
            evaluate_low_batch(np.ascontiguousarray(hands[:, :5]), "deuce-seven"),
            evaluate_low_batch(np.ascontiguousarray(hands[:, :4]), "badugi"),
        ],
        axis=1,
    )
    for tables in (lowball_tables(), tuple(lowball_tables())):
        out = np.zeros((len(hands), 4), dtype=np.int32)
        _call_each(hands, tables, out)
        assert np.array_equal(out, expected)


# ---------------------------------------------------------------------------
# against pokerkit (a second, independent oracle)

POKERKIT = {
    "razz": (pokerkit.RegularLowHand, 7),
    "low8": (pokerkit.EightOrBetterLowHand, 7),
    "deuce-seven": (pokerkit.StandardLowHand, 5),
    "badugi": (pokerkit.BadugiHand, 4),
}


def _pokerkit_hand(kind: Any, cards: list[int]) -> Any:
    try:
        return kind.from_game(format_cards(cards))
    except ValueError:  # no eight-or-better low
        return None


def _compare(a: Any, b: Any) -> int:
    if a is None or b is None:
        return (a is not None) - (b is not None)
    return (a > b) - (a < b)


@pytest.mark.parametrize("ranking", list(POKERKIT))
def test_pairs_compare_as_in_pokerkit(rng: np.random.Generator, ranking: str) -> None:
    kind, k = POKERKIT[ranking]
    n = 1500
    hands = random_hands(rng, 2 * n, k)
    values = evaluate_low_batch(hands, ranking).tolist()
    theirs = [_pokerkit_hand(kind, h) for h in hands.tolist()]
    ours = [(values[i] > values[n + i]) - (values[i] < values[n + i]) for i in range(n)]
    assert ours == [_compare(theirs[i], theirs[n + i]) for i in range(n)]
    assert {-1, 1} <= set(ours)


def test_stud8_high_hand_compares_as_in_pokerkit(rng: np.random.Generator) -> None:
    hands = random_hands(rng, 600, 7).tolist()
    for a, b in itertools.pairwise(hands):
        ours = evaluate_stud8(a).high.strength - evaluate_stud8(b).high.strength
        pa, pb = (pokerkit.StandardHighHand.from_game(format_cards(h)) for h in (a, b))
        assert (ours > 0) - (ours < 0) == _compare(pa, pb)


# ---------------------------------------------------------------------------
# one hand in words


@pytest.mark.parametrize(
    ("cards", "category", "description", "best"),
    [
        ("8h6d4c3s2hKdKc", "8-low", "8-6-4-3-2", "8h6d4c3s2h"),
        ("5s4d3c2hAs", "5-low", "5-4-3-2-A", "5s4d3c2hAs"),
        ("Ts8d4c3s2h", "10-low", "10-8-4-3-2", "Ts8d4c3s2h"),
        ("4s4dKcQhJs", "pair", "pair of Fours", "4s4dKcQhJs"),
        ("AsAdAc2d2hKsKd", "two pair", "two pair, Twos and Aces", "2h2dAsAdKs"),
        ("AsAdAc2d2h", "full house", "full house, Aces over Twos", "AsAdAc2h2d"),
        ("3s3d3h3c2d2h2s", "full house", "full house, Twos over Threes", "2s2h2d3s3h"),
        ("3s3d3h3c2d", "four of a kind", "four of a kind, Threes, Two kicker", "3s3h3d3c2d"),
    ],
)
def test_razz_descriptions(cards: str, category: str, description: str, best: str) -> None:
    hand = evaluate_razz(cards)
    assert (hand.category, hand.description) == (category, description)
    assert format_cards(hand.best[: len(parse_cards(best))]) == best


def test_a_razz_hand_of_five_is_its_best_five(rng: np.random.Generator) -> None:
    for cards in random_hands(rng, 300, 7).tolist():
        hand = evaluate_razz(cards)
        assert len(hand.best) == 5
        assert set(hand.best) <= set(cards)
        assert evaluate_razz(hand.best).strength == hand.strength


@pytest.mark.parametrize(
    ("cards", "category", "description"),
    [
        ("7h5d4c3s2h", "7-low", "7-5-4-3-2"),
        ("As2d3c4h5s", "A-high", "A-5-4-3-2"),
        ("9s8d7c6h5s", "straight", "Nine-high straight"),
        ("As2s3s4s5s", "flush", "Ace-high flush"),
        ("6s5s4s3s2s", "straight flush", "Six-high straight flush"),
        ("4s4d9c7h2s", "pair", "pair of Fours"),
        ("KsKdKcQsQd", "full house", "full house, Kings over Queens"),
    ],
)
def test_deuce_seven_descriptions(cards: str, category: str, description: str) -> None:
    hand = evaluate_deuce_seven(cards)
    assert (hand.category, hand.description) == (category, description)


def test_badugi_records() -> None:
    hand = evaluate_badugi("7h 4d 3c As")
    assert hand.to_dict() == {
        "cards": "7h 4d 3c As",
        "category": "4-card badugi",
        "description": "4-card badugi, 7-4-3-A",
        "strength": hand.strength,
        "playing": "7h 4d 3c As",
    }
    assert evaluate_badugi("Kc Qc Jc Tc").description == "1-card hand, 10"
    three = evaluate_badugi("As Ah 2s 3d")  # A-2-3 plays with the ace of hearts
    assert three.description == "3-card hand, 3-2-A"
    assert sorted(three.best) == sorted(parse_cards("Ah 2s 3d"))


def test_stud8_records() -> None:
    hand = evaluate_stud8("As 2d 3c 4h 8s Kd Kh")
    record = hand.to_dict()
    assert (record["description"], record["low"], record["low_five"]) == (
        "pair of Kings",
        "8-4-3-2-A",
        "8s 4h 3c 2d As",
    )
    assert evaluate_stud8("As 2d 3c 9h Ts Kd Kh").to_dict()["low"] is None
    assert stud8_low("7s 6d 5c 4h 3s 2d As")[0] == (5, 4, 3, 2, 1)


@pytest.mark.parametrize(
    ("evaluate", "cards", "message"),
    [
        (evaluate_razz, "AsKs", "a razz hand has 5 to 7 cards, got 2"),
        (evaluate_deuce_seven, "7h5d4c3s2hKs", "a deuce-seven hand has 5 cards, got 6"),
        (evaluate_badugi, "7h5d4c", "a badugi hand has 4 cards, got 3"),
        (evaluate_stud8, "As2d3c4h8sKdKhQs", "a stud hi-lo hand has 5 to 7 cards, got 8"),
    ],
)
def test_bad_hands(evaluate: Callable[[str], Any], cards: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        evaluate(cards)


# ---------------------------------------------------------------------------
# the command line


def test_cli_eval_and_compare(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "--game", "razz", "8h6d4c3s2h", "Kd", "Kc"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("8h 6d 4c 3s 2h Kd Kc: 8-6-4-3-2\n  category  8-low\n")
    record = run_json(capsys, "eval", "--game", "badugi", "8s5d2c2h", "--json")
    assert record["description"] == "3-card hand, 8-5-2"
    record = run_json(
        capsys, "compare", "--game", "deuce-seven", "8s6d4h3c2d", "7h5d4c3s2h", "--json"
    )
    assert record["order"] == [[1], [0]]
    record = run_json(
        capsys, "compare", "--game", "stud8", "As2d3c4h8sKdKh", "AhAdKcKsQs9h9d", "--json"
    )
    assert (record["order"], record["low_order"]) == ([[1], [0]], [[0]])
    assert "a deuce-seven hand has 5 cards" in fails(capsys, "eval", "--game", "deuce-seven", "7h")


def test_cli_freq_exact(capsys: pytest.CaptureFixture[str]) -> None:
    record = run_json(capsys, "freq", "--game", "badugi", "--exact", "--json")
    assert record["categories"] == badugi_counts()
    assert record["hands"] == math.comb(52, 4)
    assert main(["freq", "--game", "stud8", "--cards", "5", "--exact"]) == 0
    low = stud8_low_count(5)
    assert f"qualifying low (eight or better): {low:,} hands" in capsys.readouterr().out


# ---------------------------------------------------------------------------
# exact counts


def test_counts_sum_to_every_hand() -> None:
    for n in (5, 6, 7):
        assert sum(razz_counts(n).values()) == math.comb(52, n)
        assert list(razz_counts(n)) == list(RAZZ_CATEGORIES)
    assert sum(deuce_seven_counts().values()) == math.comb(52, 5)
    assert list(deuce_seven_counts()) == list(DEUCE_SEVEN_CATEGORIES)
    assert sum(badugi_counts().values()) == math.comb(52, 4)
    assert list(badugi_counts()) == list(BADUGI_CATEGORIES)
    assert category_counts("stud") == category_counts("holdem")
    assert category_counts("five-draw") == category_counts("five")


def _kernel_counts(hands: np.ndarray, ranking: str, names: tuple[str, ...]) -> dict[str, int]:
    codes = evaluate_low_batch(hands, ranking) >> LOW_SHIFT
    by_code = np.bincount(codes, minlength=len(names) + 1)
    return {name: int(by_code[len(names) - i]) for i, name in enumerate(names)}


def test_five_card_counts_equal_the_kernels_on_every_hand(five_card_hands: np.ndarray) -> None:
    assert _kernel_counts(five_card_hands, "razz", RAZZ_CATEGORIES) == razz_counts(5)
    assert _kernel_counts(five_card_hands, "deuce-seven", DEUCE_SEVEN_CATEGORIES) == (
        deuce_seven_counts()
    )
    assert int((evaluate_low_batch(five_card_hands, "low8") >= 0).sum()) == stud8_low_count(5)


def test_badugi_counts_equal_the_kernel_on_every_hand() -> None:
    hands = np.array(list(itertools.combinations(range(52), 4)), dtype=np.uint8)
    assert _kernel_counts(hands, "badugi", BADUGI_CATEGORIES) == badugi_counts()


@numba.njit
def _every_razz_hand(n_cards: int, tables: Any, out: np.ndarray) -> int:
    """Count the razz category code of every hand of six or seven cards (nested loops, the
    plainest enumeration); return the hands with an eight-or-better low."""
    hand = np.empty(7, dtype=np.uint8)
    lows = 0
    first = 7 - n_cards  # six cards: the loop of the first card runs once, unused
    for a in range(52 if first == 0 else 1):
        hand[0] = a
        for b in range(a + 1 - first, 52):
            hand[1 - first] = b
            for c in range(b + 1, 52):
                hand[2 - first] = c
                for d in range(c + 1, 52):
                    hand[3 - first] = d
                    for e in range(d + 1, 52):
                        hand[4 - first] = e
                        for f in range(e + 1, 52):
                            hand[5 - first] = f
                            for g in range(f + 1, 52):
                                hand[6 - first] = g
                                out[kernels.ace_five_low(hand, n_cards, tables) >> 26] += 1
                                lows += kernels.low8(hand, n_cards, tables) >= 0
    return lows


@pytest.mark.parametrize("n_cards", [6, pytest.param(7, marks=pytest.mark.slow)])
def test_razz_counts_equal_the_kernel_on_every_hand(n_cards: int) -> None:
    out = np.zeros(16, dtype=np.int64)
    lows = _every_razz_hand(n_cards, lowball_tables(), out)
    names = RAZZ_CATEGORIES
    assert {name: int(out[len(names) - i]) for i, name in enumerate(names)} == razz_counts(n_cards)
    assert lows == stud8_low_count(n_cards)


# ---------------------------------------------------------------------------
# Monte-Carlo frequencies


@pytest.mark.parametrize("game", ["razz", "deuce-seven", "badugi", "stud8", "stud", "five-draw"])
def test_monte_carlo_frequencies_match_the_exact_odds(game: str) -> None:
    n = 200_000
    table = category_frequencies(game, trials=n, seed=11, batch_size=8192)
    assert table.hands == n
    assert sum(table.counts.values()) == n
    for name, count in table.counts.items():
        p = table.exact_probabilities[name]
        se = math.sqrt(p * (1 - p) / n)
        assert abs(count / n - p) <= 5 * se + 1e-12, name
    if game == "stud8":
        low = table.to_dict()["qualifying_low"]
        p = stud8_low_count(7) / math.comb(52, 7)
        assert abs(low["frequency"] - p) <= 5 * math.sqrt(p * (1 - p) / n)  # type: ignore[index]


def test_monte_carlo_counts_do_not_depend_on_threads() -> None:
    with num_threads(1):
        one = category_frequencies("razz", trials=50_000, seed=5, batch_size=4096).counts
    with num_threads(2):
        two = category_frequencies("razz", trials=50_000, seed=5, batch_size=4096).counts
    assert one == two
    assert len(kernels.sample_low_categories.signatures) == 1


def test_exact_frequencies_are_the_counts() -> None:
    table = category_frequencies("deuce-seven", method="exact")
    assert table.counts == deuce_seven_counts()
    assert category_frequencies("stud8", method="exact", cards=5).extra == {
        "qualifying_low": stud8_low_count(5)
    }
    assert lowball_tables() is lowball_tables()
