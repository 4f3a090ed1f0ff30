"""Short-deck hold'em: the value tables against the slow reference, exact counts, the CLI.

The reference (:mod:`reference_games`) classifies five cards by itself and
takes the best of all five-card subsets; the tables must order every hand as
it does, under both orders of a straight and three of a kind.  The exact
counts come three ways: closed forms (five cards), the counting kernels and
the batch evaluator over every hand (seven cards).
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Iterator

import numpy as np
import pytest
import reference_games as rg
from reference import assert_same_order

from equity.analysis.frequencies import category_frequencies
from equity.cards import parse_cards
from equity.cli import main
from equity.evaluators.odds import category_counts, category_probabilities
from equity.evaluators.poker import evaluate
from equity.evaluators.shortdeck import (
    ShortDeckRules,
    compare_shortdeck,
    evaluate_shortdeck,
    evaluate_shortdeck_batch,
    rank_shortdeck,
    shortdeck_category_counts,
    shortdeck_category_name,
    shortdeck_five_card_counts,
)
from equity.games import GAMES, game
from equity.games.poker_categories import POKER_CATEGORIES
from equity.kernels import holdem as kernels
from equity.kernels.rng import batch_seeds
from equity.lookup import holdem_tables
from equity.lookup.shortdeck import N_VALUES, shortdeck_tables

DECK = np.arange(16, 52, dtype=np.uint8)
ORDERS = [False, True]
SBT = ShortDeckRules(straight_beats_trips=True)

FIVE_CARD_COUNTS = {
    "straight flush": 24,
    "four of a kind": 288,
    "full house": 1_728,
    "flush": 480,
    "straight": 6_120,
    "three of a kind": 16_128,
    "two pair": 36_288,
    "pair": 193_536,
    "high card": 122_400,
}
"""All C(36,5) = 376,992 five-card hands (either order)."""

SEVEN_CARD_COUNTS = {
    "straight flush": 10_560,
    "four of a kind": 44_640,
    "flush": 175_560,
    "full house": 633_024,
    "three of a kind": 637_560,
    "straight": 1_139_580,
    "two pair": 3_157_056,
    "pair": 2_316_600,
    "high card": 233_100,
}
"""All C(36,7) = 8,347,680 seven-card hands, default order (trips above a straight)."""

BOTH_STRAIGHT_AND_TRIPS = 6 * 5 * (4 * 4**4 - 4 * 3)
"""Seven-card hands holding a straight and three of a kind and nothing better: one of
the 6 straights, a trips rank among its 5 ranks, ``C(4,3) * 4**4`` suits less the 12
that put the four single cards and one of the trips in one suit (a straight flush)."""


def rules_of(sbt: bool) -> ShortDeckRules:
    return ShortDeckRules(straight_beats_trips=sbt)


def random_hands(rng: np.random.Generator, n: int, k: int, pool: np.ndarray) -> np.ndarray:
    """``n`` hands of ``k`` distinct cards drawn from ``pool`` (``uint8[n, k]``)."""
    picks = np.argsort(rng.random((n, len(pool))), axis=1)[:, :k]
    return np.ascontiguousarray(pool[picks])


def varied_hands(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    """Random hands, a third from the whole deck, a third from six ranks (pairs, trips,
    quads, full houses and straights), a third from two suits (flushes)."""
    parts = [random_hands(rng, n // 3, k, DECK)]
    rows = []
    for _ in range(n // 3):
        ranks = rng.choice(np.arange(4, 13), size=6, replace=False)
        pool = (4 * ranks[:, None] + np.arange(4)).ravel().astype(np.uint8)
        rows.append(random_hands(rng, 1, k, pool)[0])
    parts.append(np.array(rows, dtype=np.uint8))
    rows = []
    for _ in range(n - 2 * (n // 3)):
        suits = rng.choice(4, size=2, replace=False)
        pool = np.array([c for c in DECK if c & 3 in suits], dtype=np.uint8)
        rows.append(random_hands(rng, 1, k, pool)[0])
    parts.append(np.array(rows, dtype=np.uint8))
    return np.concatenate(parts)


# ---------------------------------------------------------------------------
# the registry


def test_the_game_is_registered() -> None:
    g = game("shortdeck")
    names = list(GAMES)
    assert names.index("shortdeck") == names.index("courchevel-hilo") + 1
    assert names.index("zjh") == names.index("shortdeck") + 1
    assert (g.deck_size, g.deck[0], g.hole_cards, g.players) == (36, 16, 2, (2, 15))
    assert sorted(g.categories) == sorted(POKER_CATEGORIES)
    assert g.make_rules(straight_beats_trips=True) == SBT
    assert g.make_rules() == ShortDeckRules()
    assert g.evaluator_tables(SBT) is shortdeck_tables(SBT)
    assert "A-6-7-8-9" in g.rule_text


def test_rules_orders() -> None:
    default, sbt = ShortDeckRules().categories, SBT.categories
    assert default == game("shortdeck").categories
    assert default.index("three of a kind") < default.index("straight")
    assert sbt.index("straight") < sbt.index("three of a kind")
    for order in (default, sbt):
        assert order.index("flush") < order.index("full house")
        assert order[:2] == ("straight flush", "four of a kind")
    assert ShortDeckRules.from_flags(straight_beats_trips=True) == SBT
    with pytest.raises(ValueError, match="must be True or False"):
        ShortDeckRules(straight_beats_trips="yes")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# the tables against the reference


def test_tables_share_holdem_keys_and_hash() -> None:
    holdem = holdem_tables()
    for sbt in ORDERS:
        t = shortdeck_tables(rules_of(sbt))
        assert t.card_keys is holdem.card_keys
        assert t.suit_bits is holdem.suit_bits
        assert t.offsets is holdem.offsets
        assert t.values.shape == holdem.values.shape
        assert t.values.dtype == holdem.values.dtype
        assert not t.values.flags.writeable
        assert len(np.unique(t.values)) == N_VALUES + 1  # and the zeros of no hand
    assert shortdeck_tables() is shortdeck_tables(ShortDeckRules())


@pytest.mark.parametrize("sbt", ORDERS)
def test_values_order_hands_as_the_reference(rng: np.random.Generator, sbt: bool) -> None:
    """Five, six and seven cards on one scale, ordered as the reference orders them."""
    hands = [varied_hands(rng, n, k) for n, k in ((3000, 5), (1500, 6), (1200, 7))]
    keys, values = [], []
    for batch in hands:
        values.extend(evaluate_shortdeck_batch(batch, rules_of(sbt)).tolist())
        keys.extend(rg.shortdeck_best_key(tuple(h), sbt) for h in batch.tolist())
    names = rg.shortdeck_categories(sbt)
    assert {names[k[0] - 1] for k in keys} == set(POKER_CATEGORIES)  # every category seen
    assert [k[0] for k in keys] == [v >> 12 for v in values]  # the same category codes
    assert_same_order(keys, values)


def test_python_and_batch_values_agree(rng: np.random.Generator) -> None:
    hands = varied_hands(rng, 300, 7)
    for sbt in ORDERS:
        batch = evaluate_shortdeck_batch(hands, rules_of(sbt))
        one = [evaluate_shortdeck(h, rules_of(sbt)).strength for h in hands.tolist()]
        assert batch.tolist() == one


@pytest.mark.slow
@pytest.mark.parametrize("sbt", ORDERS)
def test_every_five_card_hand_as_the_reference(sbt: bool) -> None:
    hands = np.array(list(itertools.combinations(DECK.tolist(), 5)), dtype=np.uint8)
    keys = [rg.shortdeck_key(tuple(h), sbt) for h in hands.tolist()]
    assert_same_order(keys, evaluate_shortdeck_batch(hands, rules_of(sbt)))


def test_quads_and_a_flush_never_meet_in_seven_cards() -> None:
    """The invariant of value_from_key: with five cards of a suit the flush value is the
    hand's; only four of a kind and a straight flush beat a flush, and quads leave at
    most four cards of any suit in seven."""
    for rank in range(4, 13):
        quads = set(range(4 * rank, 4 * rank + 4))
        for rest in itertools.combinations(sorted(set(DECK.tolist()) - quads), 3):
            suits = [c & 3 for c in (*quads, *rest)]
            assert max(suits.count(s) for s in range(4)) <= 4


# ---------------------------------------------------------------------------
# hand-picked cases


@pytest.mark.parametrize("sbt", ORDERS)
def test_a6789_is_the_lowest_straight(sbt: bool) -> None:
    rules = rules_of(sbt)
    wheel = evaluate_shortdeck("Ah 6c 7d 8s 9h", rules)
    assert wheel.category == "straight"
    assert wheel.description == "straight, Nine high"
    assert wheel.best_five == tuple(parse_cards("9h 8s 7d 6c Ah"))
    code = rules.categories[::-1].index("straight") + 1
    assert wheel.strength == code << 12  # the first value of the category
    assert compare_shortdeck("6h 7c 8d 9d Td", "Ah 6c 7d 8s 9h", rules) == 1
    assert compare_shortdeck("Ah 6c 7d 8s 9h", "Ah Kc Qd Js 9h", rules) == 1
    assert evaluate_shortdeck("Ah 6c 7d 8s 9h Tc", rules).description == "straight, Ten high"
    assert evaluate_shortdeck("Ah Kc Qd Js Th", rules).description == "straight, Ace high"
    assert evaluate_shortdeck("Ah 6c 7d 8s Th", rules).category == "high card"
    low_sf = evaluate_shortdeck("Ah 6h 7h 8h 9h", rules)
    assert (low_sf.category, low_sf.description, low_sf.strength) == (
        "straight flush",
        "straight flush, Nine high",
        9 << 12,
    )
    assert evaluate_shortdeck("As Ks Qs Js Ts", rules).description == "royal flush"


def test_no_a2345_in_the_short_deck() -> None:
    assert evaluate("Ah 2c 3d 4s 5h").category == "straight"  # hold'em's wheel
    with pytest.raises(ValueError, match=r"card '2c' is not in the short deck \(sixes to aces\)"):
        evaluate_shortdeck("Ah 2c 3d 4s 5h")


def test_a_flush_beats_a_full_house() -> None:
    flush = evaluate_shortdeck("As Ks Qs Js 9s")
    full = evaluate_shortdeck("Kh Kd 6s Ks 6c Qd Jd")
    assert (flush.category, flush.description) == ("flush", "flush, Ace high")
    assert full.description == "full house, Kings over Sixes"
    assert full.best_five == tuple(parse_cards("Ks Kh Kd 6s 6c"))
    assert flush.strength > full.strength
    assert compare_shortdeck("6s 7s 8s 9s Js", "Ah Ad Ac Kh Kd") == 1
    assert compare_shortdeck("Ah Ad Ac As 6d", "6s 7s 8s 9s Js") == 1  # quads beat a flush
    assert evaluate("6s 7s 8s 9s Js").strength < evaluate("Ah Ad Ac Kh Kd").strength  # hold'em


def test_trips_against_a_straight_under_each_order() -> None:
    both = "9s 9d 9c Ts Js Qd Kh"
    default = evaluate_shortdeck(both)
    assert (default.category, default.description) == ("three of a kind", "three of a kind, Nines")
    assert default.best_five == tuple(parse_cards("9s 9d 9c Kh Qd"))
    sbt = evaluate_shortdeck(both, SBT)
    assert (sbt.category, sbt.description) == ("straight", "straight, King high")
    trips, straight = "7s 7d 7c As Kd", "6h 7h 8d 9d Td"
    assert compare_shortdeck(trips, straight) == 1
    assert compare_shortdeck(trips, straight, SBT) == -1
    assert rank_shortdeck([straight, trips, trips]) == [[1, 2], [0]]
    assert rank_shortdeck([straight, trips, trips], SBT) == [[0], [1, 2]]


def test_descriptions_and_records() -> None:
    hand = evaluate_shortdeck(["Ac", "Ad", "Ah", "As", "Kd", "6c"])
    assert hand.description == "four of a kind, Aces, King kicker"
    assert evaluate_shortdeck("6c 6d 7h 7s Kd").description == "two pair, Sevens and Sixes"
    assert evaluate_shortdeck("6c 6d 8h 7s Kd").description == "pair of Sixes"
    assert evaluate_shortdeck("6c Jd 8h 7s Kd").description == "King high"
    record = hand.to_dict()
    assert list(record) == list(evaluate("Ac Ad Ah As Kd").to_dict())
    assert record["best_five"] == "As Ah Ad Ac Kd"
    assert record["category"] == "four of a kind"
    assert repr(evaluate_shortdeck("Ah 6c 7d 8s 9h")) == (
        "ShortDeckHand('Ah 6c 7d 8s 9h': straight, Nine high)"
    )
    assert shortdeck_category_name(4 << 12) == "straight"
    assert shortdeck_category_name(4 << 12, SBT) == "three of a kind"


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("Ah 5h 7d 8s 9h", r"card '5h' is not in the short deck \(sixes to aces\)"),
        ("Ah 6h 7d 8s", "needs 5, 6 or 7 cards, got 4"),
        ("Ah 6h 7d 8s 9h Tc Jc Qc", "needs 5, 6 or 7 cards, got 8"),
        ("Ah 6h 7d 8s 9h Ah", "card 'Ah' is given twice"),
    ],
)
def test_bad_hands_are_one_sentence(cards: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        evaluate_shortdeck(cards)


def test_bad_batches_and_rules() -> None:
    good = np.array([parse_cards("Ah 6h 7d 8s 9h")], dtype=np.uint8)
    low = np.array([parse_cards("Ah 6h 7d 8s 5s")], dtype=np.uint8)
    with pytest.raises(ValueError, match=r"card '5s' is not in the short deck"):
        evaluate_shortdeck_batch(low)
    with pytest.raises(ValueError, match="not a card"):
        evaluate_shortdeck_batch(good.astype(np.int64) + 20)
    with pytest.raises(ValueError, match="shape"):
        evaluate_shortdeck_batch(good[:, :4])
    with pytest.raises(ValueError, match="rules must be a ShortDeckRules"):
        evaluate_shortdeck("Ah 6h 7d 8s 9h", "sbt")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a short-deck hand value"):
        shortdeck_category_name(0)
    out = np.empty(1, dtype=np.int32)
    assert evaluate_shortdeck_batch(good, out=out) is out
    assert evaluate_shortdeck_batch(np.empty((0, 7), dtype=np.uint8)).shape == (0,)


# ---------------------------------------------------------------------------
# exact counts


def test_five_card_closed_forms_against_enumeration() -> None:
    hands = np.array(list(itertools.combinations(DECK.tolist(), 5)), dtype=np.uint8)
    assert len(hands) == math.comb(36, 5)
    for sbt in ORDERS:
        rules = rules_of(sbt)
        closed = shortdeck_five_card_counts(rules)
        assert closed == {name: FIVE_CARD_COUNTS[name] for name in rules.categories}
        assert list(closed) == list(rules.categories)
        assert shortdeck_category_counts(5, rules) == closed
        values = evaluate_shortdeck_batch(hands, rules)
        assert len(np.unique(values)) == N_VALUES
        codes = np.bincount(values >> 12, minlength=10)
        assert {name: int(codes[9 - i]) for i, name in enumerate(rules.categories)} == closed
        histogram = kernels.value_histogram(shortdeck_tables(rules), 5, 16)
        assert np.array_equal(histogram, np.bincount(values, minlength=1 << 16))


def all_hands(k: int) -> Iterator[np.ndarray]:
    """Every ``k``-card short-deck hand (k = 6 or 7), in chunks by the lowest card."""
    rest = k - 2
    tails = np.array(list(itertools.combinations(range(34), rest)), dtype=np.uint8)
    starts = np.searchsorted(tails[:, 0], np.arange(35))
    for a in range(16, 53 - k):
        parts = []
        for b in range(a + 1, 53 - rest):
            tail = tails[starts[b - 17] :] + 18  # the cards above b
            part = np.empty((len(tail), k), dtype=np.uint8)
            part[:, 0], part[:, 1], part[:, 2:] = a, b, tail
            parts.append(part)
        yield np.concatenate(parts)


def test_seven_card_counts_both_orders() -> None:
    """The counting kernel against the batch evaluator over every hand, and the hands whose
    category the order changes: exactly those holding a straight and three of a kind."""
    default = shortdeck_category_counts()
    sbt = shortdeck_category_counts(7, SBT)
    assert default == SEVEN_CARD_COUNTS
    assert list(sbt) == list(SBT.categories)
    assert sum(default.values()) == sum(sbt.values()) == math.comb(36, 7) == 8_347_680
    moved = BOTH_STRAIGHT_AND_TRIPS
    assert moved == 30_360
    assert sbt == default | {
        "straight": default["straight"] + moved,
        "three of a kind": default["three of a kind"] - moved,
    }

    # category code -> index of the name in POKER_CATEGORIES, per order
    names = [
        np.array([99, *(POKER_CATEGORIES.index(c) for c in rules_of(o).categories[::-1])])
        for o in ORDERS
    ]
    trips, straight = POKER_CATEGORIES.index("three of a kind"), POKER_CATEGORIES.index("straight")
    histograms = [np.zeros(1 << 16, dtype=np.int64) for _ in ORDERS]
    changed = []
    n = 0
    for chunk in all_hands(7):
        n += len(chunk)
        values = [evaluate_shortdeck_batch(chunk, rules_of(o)) for o in ORDERS]
        for histogram, v in zip(histograms, values, strict=True):
            histogram += np.bincount(v, minlength=1 << 16)
        before, after = (lut[v >> 12] for lut, v in zip(names, values, strict=True))
        differ = before != after
        assert (before[differ] == trips).all()
        assert (after[differ] == straight).all()
        changed.extend(map(tuple, chunk[differ].tolist()))
    assert n == math.comb(36, 7)
    for o, histogram in zip(ORDERS, histograms, strict=True):
        counted = kernels.value_histogram(shortdeck_tables(rules_of(o)), 7, 16)
        assert np.array_equal(histogram, counted)
    assert len(changed) == moved

    # the same hands built from the rules: a straight's five ranks, one of them three
    # times, and no five cards of one suit
    straights = [{12, 4, 5, 6, 7}] + [set(range(top - 4, top + 1)) for top in range(8, 13)]
    built, suited = set(), []
    for ranks in straights:
        for trips in ranks:
            singles = sorted(ranks - {trips})
            for trip_suits in itertools.combinations(range(4), 3):
                for suits in itertools.product(range(4), repeat=4):
                    hand = tuple(
                        sorted(
                            [4 * trips + s for s in trip_suits]
                            + [4 * r + s for r, s in zip(singles, suits, strict=True)]
                        )
                    )
                    if len(set(suits)) == 1 and suits[0] in trip_suits:
                        suited.append(hand)
                    else:
                        built.add(hand)
    assert len(built) == moved
    assert len(suited) == 6 * 5 * 12
    assert set(changed) == built
    # the reference agrees on a sample and on every straight flush among them
    rng = np.random.default_rng(7)
    ordered = sorted(built)
    sample = [ordered[i] for i in rng.choice(len(built), 150, replace=False)]
    for hand in sample:
        assert rg.shortdeck_category(hand) == "three of a kind"
        assert rg.shortdeck_category(hand, straight_beats_trips=True) == "straight"
    for hand in suited[::6]:
        assert rg.shortdeck_category(hand) == "straight flush"


def test_six_card_counts() -> None:
    """Six cards cannot hold a straight and three of a kind (that takes seven): the two
    orders count the same hands, listed in their own order."""
    for sbt in ORDERS:
        counts = shortdeck_category_counts(6, rules_of(sbt))
        assert sum(counts.values()) == math.comb(36, 6)
        assert list(counts) == list(rules_of(sbt).categories)
    assert shortdeck_category_counts(6) == shortdeck_category_counts(6, SBT)
    assert shortdeck_category_counts(6)["straight flush"] == 724


def test_odds_dispatch() -> None:
    assert category_counts("shortdeck") == SEVEN_CARD_COUNTS
    assert category_counts("shortdeck", cards=5) == FIVE_CARD_COUNTS
    assert category_counts("shortdeck", rules=SBT) == shortdeck_category_counts(7, SBT)
    p = category_probabilities("shortdeck", cards=5)
    assert p["flush"] * math.comb(36, 5) == 480
    assert category_counts("holdem", cards=5)["straight flush"] == 40
    assert sum(category_counts("holdem", cards=6).values()) == math.comb(52, 6)
    with pytest.raises(ValueError, match="a shortdeck hand has 5 or 6 or 7 cards, got 4"):
        category_counts("shortdeck", cards=4)


# ---------------------------------------------------------------------------
# frequencies


def test_frequencies_exact_five_and_seven() -> None:
    five = category_frequencies("shortdeck", cards=5, method="exact", rules=SBT)
    assert five.hands == math.comb(36, 5)
    assert five.counts == {name: FIVE_CARD_COUNTS[name] for name in SBT.categories}
    assert list(five.counts) == list(SBT.categories)
    seven = category_frequencies("shortdeck", method="exact")
    assert (seven.hands, seven.cards) == (math.comb(36, 7), 7)
    assert seven.counts == SEVEN_CARD_COUNTS
    assert seven.exact_probabilities["flush"] == 175_560 / math.comb(36, 7)
    holdem5 = category_frequencies("holdem", cards=5, method="exact")
    assert holdem5.hands == math.comb(52, 5)
    assert holdem5.counts["straight flush"] == 40


def test_frequencies_monte_carlo_is_reproducible() -> None:
    a = category_frequencies("shortdeck", trials=50_000, seed=11, batch_size=8192)
    b = category_frequencies("shortdeck", trials=50_000, seed=11, batch_size=8192)
    assert a.counts == b.counts
    assert a.hands == 50_000 == sum(a.counts.values())
    assert a.chi_square()[1] > 1e-4
    c = category_frequencies("shortdeck", trials=50_000, seed=11, batch_size=8192, rules=SBT)
    assert list(c.counts) == list(SBT.categories)
    assert c.counts["straight"] >= a.counts["straight"]  # the same hands, another order
    five = category_frequencies("shortdeck", cards=5, trials=20_000, seed=2)
    assert five.exact_probabilities["flush"] == 480 / math.comb(36, 5)
    with pytest.raises(ValueError, match="a shortdeck hand has 5 or 6 or 7 cards, got 3"):
        category_frequencies("shortdeck", cards=3, trials=10)
    with pytest.raises(ValueError, match="rules must be a ShortDeckRules"):
        category_frequencies("shortdeck", trials=10, rules=object())
    with pytest.raises(ValueError, match="holdem has no house rules"):
        category_frequencies("holdem", trials=10, rules=SBT)


def test_the_sampler_deals_from_the_short_deck_only() -> None:
    """A card below six would score 0, the value of no short-deck hand."""
    seeds = batch_seeds(3, 4)
    out = np.zeros((4, 16), dtype=np.int64)
    tables = tuple(shortdeck_tables())
    kernels.sample_category_counts(seeds, 5000, 20_000, 0, 7, 16, tables, out)
    assert out.sum() == 20_000
    assert out[:, 0].sum() == 0
    assert len(kernels.sample_category_counts.signatures) == 1


def test_holdem_sampling_is_unchanged() -> None:
    """The deck parameter leaves hold'em's draws as they were for a seed."""
    counts = category_frequencies("holdem", trials=300_000, seed=5, batch_size=10_000).counts
    assert counts == {
        "straight flush": 93,
        "four of a kind": 472,
        "full house": 7769,
        "flush": 9080,
        "straight": 13860,
        "three of a kind": 14571,
        "two pair": 70446,
        "pair": 131241,
        "high card": 52468,
    }


# ---------------------------------------------------------------------------
# the command line


def test_cli_freq_exact_five_cards_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["freq", "--game", "shortdeck", "--exact", "--cards", "5", "--json"]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["game"], out["method"], out["hands"], out["cards"]) == (
        "shortdeck",
        "exact",
        376_992,
        5,
    )
    assert out["categories"] == FIVE_CARD_COUNTS
    assert list(out["categories"]) == list(ShortDeckRules().categories)
    assert out["exact_probabilities"]["straight"] == pytest.approx(6_120 / 376_992)
    assert main([*argv, "--straight-beats-trips"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out["categories"]) == list(SBT.categories)


def test_cli_freq_seven_cards_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["freq", "--game", "shortdeck", "--exact", "--straight-beats-trips"]) == 0
    out = capsys.readouterr().out
    assert "shortdeck: hand categories of 7 cards, exact" in out
    assert "1,169,940" in out  # straights with the straight-beats-trips order


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (
            ["freq", "--game", "holdem", "--straight-beats-trips"],
            "--straight-beats-trips applies to --game shortdeck only, not 'holdem'",
        ),
        (["freq", "--game", "shortdeck", "--cards", "4"], "a shortdeck hand has 5 or 6 or 7"),
        (["freq", "--game", "zjh", "--cards", "5"], "a zjh hand has 3 cards"),
    ],
)
def test_cli_bad_flags_are_one_sentence(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1, captured.err
    assert needle in captured.err


def test_cli_shows_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["freq", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "--straight-beats-trips shortdeck: a straight beats three of a kind" in out
    assert "rules of each game: equity rules GAME" in out
    assert main(["rules", "shortdeck"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Short-deck (six-plus) hold'em" in out
    assert "flush > full house > three of a kind > straight" in out
    assert "there is no A-2-3-4-5" in out
