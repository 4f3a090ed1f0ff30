"""Tests of tests/reference_games.py: Omaha high, Omaha 8-or-better low, short-deck hold'em.

The fast engine will be tested against :mod:`reference_games`, so the
reference itself is checked here from three independent sides:

* **pokerkit** (a separately written library, pinned in the test extra):
  on seeded random deals, hands must be *ordered* alike (``>``, ``<``,
  ``==`` between the players of a deal, and globally over every hand of the
  run), fall in the same category where pokerkit labels one, and pokerkit's
  chosen five cards must score what ours do.  Values are never compared,
  only orders: the two libraries number hands differently.  Half the Omaha
  deals come from a deck rich in low cards, so that lows, counterfeited
  lows and ties are common;
* **closed forms**: the category counts of all C(36, 5) short-deck hands,
  and the number of distinct short-deck hands per category;
* **hand-picked cases** whose answers are worked out in the comments (the
  two-plus-three rule of Omaha, the low's qualifier and counterfeits, the
  ace-low short-deck straight, the two straight-vs-trips orders), and exact
  enumerations of river, turn and flop spots counted by hand or checked
  against each other (a flop is the mean of its turns).

pokerkit's short deck (``ShortDeckHoldemLookup`` in 0.7.7) ranks a straight
*above* three of a kind: its categories, weakest first, are high card, pair,
two pair, three of a kind, straight, full house, flush, four of a kind,
straight flush.  So it is compared with ``straight_beats_trips=True``; the
default order (trips above a straight) is checked against pokerkit's order
with those two categories swapped.

Sizes: the quick run deals 120 three-handed Omaha deals per hole size (4, 5,
6) and 1,000 three-handed short-deck deals; the tests marked ``slow`` deal
600 per hole size and 3,000, and count the 376,992 short-deck hands under
the second order too.  pokerkit builds every Omaha hand from all 60 to 150
two-plus-three combinations, a few milliseconds a hand, which sets the sizes.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest
import reference as ref
import reference_games as rg
from pokerkit import (
    Hand,
    Label,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    ShortDeckHoldemHand,
)

from equity.cards import format_cards, parse_cards
from equity.games.poker_categories import POKER_CATEGORIES

SEED = 20261130

PK_CATEGORY = {
    Label.HIGH_CARD: "high card",
    Label.ONE_PAIR: "pair",
    Label.TWO_PAIR: "two pair",
    Label.THREE_OF_A_KIND: "three of a kind",
    Label.STRAIGHT: "straight",
    Label.FLUSH: "flush",
    Label.FULL_HOUSE: "full house",
    Label.FOUR_OF_A_KIND: "four of a kind",
    Label.STRAIGHT_FLUSH: "straight flush",
}
"""pokerkit's label of a hand -> our category name."""

STANDARD_CATEGORIES = POKER_CATEGORIES[::-1]
"""Standard categories weakest first: ``STANDARD_CATEGORIES[code - 1]`` for a reference key."""

FULL_DECK = tuple(range(52))
LOW_RICH_DECK = tuple(c for c in range(52) if c >> 2 <= 6 or c >> 2 >= 11)
"""A, 2-8 and K: 36 cards, so lows, counterfeits and high ties are common."""


def cards(text: str) -> list[int]:
    """Card codes of ``text``."""
    return parse_cards(text)


def sign(a: Any, b: Any) -> int:
    """+1, 0 or -1 as ``a`` is bigger than, equal to or smaller than ``b``."""
    return int(a > b) - int(a < b)


def pk_codes(hand: Hand) -> list[int]:
    """Our card codes of the five cards pokerkit chose for ``hand``."""
    return parse_cards("".join(repr(card) for card in hand.cards))


def pk_shares(highs: Sequence[Hand], lows: Sequence[Hand | None], hilo: bool) -> list[Fraction]:
    """Pot shares from pokerkit's hands (the split rule written a second time)."""
    best_high = max(highs)
    high_winners = [p for p, h in enumerate(highs) if h == best_high]
    qualified = [low for low in lows if low is not None]
    if not hilo or not qualified:
        return [Fraction(p in high_winners, len(high_winners)) for p in range(len(highs))]
    best_low = max(qualified)  # pokerkit: a better low compares greater
    low_winners = [p for p, low in enumerate(lows) if low is not None and low == best_low]
    return [
        Fraction(p in high_winners, 2 * len(high_winners))
        + Fraction(p in low_winners, 2 * len(low_winners))
        for p in range(len(highs))
    ]


# ---------------------------------------------------------------------------
# Omaha against pokerkit


@pytest.mark.parametrize(
    "deals",
    [pytest.param(120, id="quick"), pytest.param(600, marks=pytest.mark.slow, id="thorough")],
)
@pytest.mark.parametrize("hole_size", rg.OMAHA_HOLE_SIZES)
def test_omaha_against_pokerkit(hole_size: int, deals: int) -> None:
    """Three Omaha hands on a random board: high, low and pot shares agree with pokerkit."""
    rng = random.Random(SEED + hole_size)
    n_players = 3
    high_keys: list[tuple[int, ...]] = []
    high_values: list[int] = []
    low_keys: list[tuple[int, ...]] = []
    low_values: list[int] = []
    seen: Counter[str] = Counter()
    for deal in range(deals):
        deck = LOW_RICH_DECK if deal % 2 else FULL_DECK
        dealt = rng.sample(deck, n_players * hole_size + 5)
        holes = [dealt[p * hole_size : (p + 1) * hole_size] for p in range(n_players)]
        board = dealt[n_players * hole_size :]
        board_text = format_cards(board)

        outcome = rg.omaha_outcome(holes, board, hilo=True)
        players = outcome["players"]
        pk_high = [OmahaHoldemHand.from_game(format_cards(h), board_text) for h in holes]
        pk_low = [
            OmahaEightOrBetterLowHand.from_game_or_none(format_cards(h), board_text) for h in holes
        ]

        for hole, player, high, low in zip(holes, players, pk_high, pk_low, strict=True):
            key = player["high_key"]
            assert STANDARD_CATEGORIES[key[0] - 1] == PK_CATEGORY[high.entry.label]
            # pokerkit's five cards score what ours do, and ours are a legal Omaha hand.
            assert ref.five_card_key(pk_codes(high)) == key
            best = rg.omaha_best_five(hole, board)
            assert ref.five_card_key(best) == key
            assert set(best[:2]) <= set(hole)
            assert set(best[2:]) <= set(board)
            high_keys.append(key)
            high_values.append(high.entry.index)

            # pokerkit has no low hand where we have None; otherwise it holds our low.
            assert (player["low"] is None) == (low is None)
            if low is not None:
                assert sorted(map(rg.low_value, pk_codes(low)), reverse=True) == list(player["low"])
                low_keys.append(tuple(-v for v in player["low"]))  # bigger is better
                low_values.append(-low.entry.index)  # pokerkit: a smaller index is a better low
        seen["no low"] += outcome["no_low"]

        for a, b in itertools.combinations(range(n_players), 2):
            order = sign(players[a]["high_key"], players[b]["high_key"])
            assert order == sign(pk_high[a], pk_high[b]), (holes[a], holes[b], board)
            seen["high tie"] += order == 0
            low_a, low_b = players[a]["low"], players[b]["low"]
            if low_a is not None and low_b is not None:
                pk_a, pk_b = pk_low[a], pk_low[b]
                assert pk_a is not None
                assert pk_b is not None
                low_order = sign(low_b, low_a)  # the smaller tuple is the better low
                assert low_order == sign(pk_a, pk_b), (holes[a], holes[b], board)
                seen["low tie"] += low_order == 0
                seen["low pair"] += 1

        assert [p["share"] for p in players] == pk_shares(pk_high, pk_low, hilo=True)
        assert rg.omaha_shares(holes, board) == pk_shares(pk_high, pk_low, hilo=False)
        assert sum(p["share"] for p in players) == 1

    ref.assert_same_order(high_keys, high_values)
    ref.assert_same_order(low_keys, low_values)
    # The sample exercised what it is meant to: ties, lows, boards without a low.
    assert seen["high tie"] > 0
    assert seen["low tie"] > 0
    assert seen["low pair"] > deals // 4
    assert 0 < seen["no low"] < deals
    assert len({key[0] for key in high_keys}) >= 7  # most categories occur


# ---------------------------------------------------------------------------
# short deck against pokerkit


def test_pokerkit_short_deck_order() -> None:
    """pokerkit ranks a straight above three of a kind, and a flush above a full house."""
    trips = ShortDeckHoldemHand("7c7d7hTsQc")
    straight = ShortDeckHoldemHand("As6c7h8h9h")  # the lowest straight
    full_house = ShortDeckHoldemHand("AsAhKcKhKd")
    flush = ShortDeckHoldemHand("6s7s8sTsQs")  # the lowest flush
    assert trips < straight < full_house < flush
    assert rg.shortdeck_key("7c7d7hTsQc", True) < rg.shortdeck_key("As6c7h8h9h", True)
    assert rg.shortdeck_key("7c7d7hTsQc") > rg.shortdeck_key("As6c7h8h9h")


@pytest.mark.parametrize(
    "deals",
    [pytest.param(1000, id="quick"), pytest.param(3000, marks=pytest.mark.slow, id="thorough")],
)
def test_shortdeck_against_pokerkit(deals: int) -> None:
    """Seven-card short-deck hands order as pokerkit's under ``straight_beats_trips=True``."""
    rng = random.Random(SEED)
    n_players = 3
    keys: list[tuple[int, ...]] = []
    values: list[int] = []
    default_disagreements = 0
    for _ in range(deals):
        dealt = rng.sample(rg.SHORTDECK_DECK, 2 * n_players + 5)
        holes = [dealt[2 * p : 2 * p + 2] for p in range(n_players)]
        board = dealt[2 * n_players :]
        ours = [rg.shortdeck_best_key([*h, *board], straight_beats_trips=True) for h in holes]
        default = [rg.shortdeck_best_key([*h, *board]) for h in holes]
        pk = [ShortDeckHoldemHand.from_game(format_cards(h), format_cards(board)) for h in holes]
        for key, hand, dkey in zip(ours, pk, default, strict=True):
            name = rg.SHORTDECK_CATEGORIES_STRAIGHT_BEATS_TRIPS[key[0] - 1]
            assert name == PK_CATEGORY[hand.entry.label]
            assert rg.shortdeck_key(pk_codes(hand), straight_beats_trips=True) == key
            # The order can change the best five only between trips and a straight.
            default_name = rg.SHORTDECK_CATEGORIES[dkey[0] - 1]
            if default_name != name:
                assert {default_name, name} == {"straight", "three of a kind"}
            keys.append(key)
            values.append(hand.entry.index)
        for a, b in itertools.combinations(range(n_players), 2):
            assert sign(ours[a], ours[b]) == sign(pk[a], pk[b]), (holes[a], holes[b], board)
            if sign(default[a], default[b]) != sign(ours[a], ours[b]):
                # Only straights and three of a kind can reorder.
                involved = {rg.SHORTDECK_CATEGORIES[default[p][0] - 1] for p in (a, b)}
                involved |= {
                    rg.SHORTDECK_CATEGORIES_STRAIGHT_BEATS_TRIPS[ours[p][0] - 1] for p in (a, b)
                }
                assert involved <= {"straight", "three of a kind"}
                default_disagreements += 1
    ref.assert_same_order(keys, values)
    assert default_disagreements > 0  # the sample does tell the two orders apart
    assert len({key[0] for key in keys}) == 9  # every category occurs


def _shortdeck_classes() -> list[list[int]]:
    """One five-card hand of every distinct short-deck hand (rank multiset, suited or not)."""
    hands = []
    for ranks in itertools.combinations_with_replacement(range(4, 13), 5):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        if len(counts) == 5:
            hands.append([4 * r for r in ranks])  # all clubs: suited
            hands.append([4 * r + (i == 0) for i, r in enumerate(ranks)])  # one diamond
        else:
            hands.append([4 * r + s for r in counts for s in range(counts[r])])
    return hands


def test_shortdeck_classes_against_pokerkit() -> None:
    """Every distinct five-card short-deck hand: pokerkit's order, both of ours, the counts.

    Distinct hands per category (nine ranks): straight flush 6, four of a
    kind 9 * 8, full house 9 * 8, flush C(9,5) - 6, straight 6, three of a
    kind 9 * C(8,2), two pair C(9,2) * 7, pair 9 * C(8,3), high card
    C(9,5) - 6: 1,404 in all.
    """
    hands = _shortdeck_classes()
    expected = {
        "straight flush": 6,
        "four of a kind": 9 * 8,
        "full house": 9 * 8,
        "flush": math.comb(9, 5) - 6,
        "straight": 6,
        "three of a kind": 9 * math.comb(8, 2),
        "two pair": math.comb(9, 2) * 7,
        "pair": 9 * math.comb(8, 3),
        "high card": math.comb(9, 5) - 6,
    }
    assert len(hands) == sum(expected.values()) == 1404
    pk = [ShortDeckHoldemHand(format_cards(h)) for h in hands]
    sbt_keys = [rg.shortdeck_key(h, straight_beats_trips=True) for h in hands]
    default_keys = [rg.shortdeck_key(h) for h in hands]
    names = [rg.SHORTDECK_CATEGORIES[k[0] - 1] for k in default_keys]
    sbt_names = [rg.SHORTDECK_CATEGORIES_STRAIGHT_BEATS_TRIPS[k[0] - 1] for k in sbt_keys]
    assert sbt_names == names  # the order ranks the categories, it does not change them
    assert Counter(names) == expected
    assert len(set(sbt_keys)) == len(set(default_keys)) == 1404
    assert [PK_CATEGORY[h.entry.label] for h in pk] == names
    ref.assert_same_order(sbt_keys, [h.entry.index for h in pk])
    # The default order is pokerkit's with three of a kind and straight swapped.
    swapped = {Label.THREE_OF_A_KIND: Label.STRAIGHT, Label.STRAIGHT: Label.THREE_OF_A_KIND}
    pk_names = [PK_CATEGORY[swapped.get(h.entry.label, h.entry.label)] for h in pk]
    sbt_order = rg.SHORTDECK_CATEGORIES_STRAIGHT_BEATS_TRIPS
    swapped_values = [
        100_000 * sbt_order.index(name) + h.entry.index
        for name, h in zip(pk_names, pk, strict=True)
    ]
    ref.assert_same_order(default_keys, swapped_values)
    # Our short-deck classifier and the standard reference agree on every hand
    # but A-9-8-7-6, a straight (flush) only in the short deck.
    for hand, name in zip(hands, names, strict=True):
        standard = STANDARD_CATEGORIES[ref.five_card_key(hand)[0] - 1]
        if sorted({c >> 2 for c in hand}) == [4, 5, 6, 7, 12]:
            assert (standard, name) in {("high card", "straight"), ("flush", "straight flush")}
        else:
            assert standard == name


# ---------------------------------------------------------------------------
# short deck closed forms


SHORTDECK_FIVE_CARD_COUNTS = {
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
"""Category counts of all C(36,5) = 376,992 short-deck hands."""


@pytest.mark.parametrize(
    "straight_beats_trips",
    [
        pytest.param(False, id="trips-beat-straight"),
        pytest.param(True, marks=pytest.mark.slow, id="straight-beats-trips"),
    ],
)
def test_shortdeck_closed_form_counts(straight_beats_trips: bool) -> None:
    """All C(36,5) hands by our classifier give the published counts, under either order.

    Straight flush 6 tops * 4 suits; four of a kind 9 * 8 * 4; full house
    9 * 4 * 8 * 6; flush 4 * (C(9,5) - 6); straight 6 * (4^5 - 4); three of a
    kind 9 * 4 * C(8,2) * 16; two pair C(9,2) * 36 * 7 * 4; pair 9 * 6 *
    C(8,3) * 64; high card (C(9,5) - 6) * (4^5 - 4).  The order only says
    which category is stronger, so the counts are the same under both (the
    second order, another 376,992 keys, runs with the slow tests;
    :func:`test_shortdeck_classes_against_pokerkit` checks every distinct
    hand's category under both orders in the quick run).
    """
    derived = {
        "straight flush": 6 * 4,
        "four of a kind": 9 * 8 * 4,
        "full house": 9 * 4 * 8 * 6,
        "flush": 4 * (math.comb(9, 5) - 6),
        "straight": 6 * (4**5 - 4),
        "three of a kind": 9 * 4 * math.comb(8, 2) * 16,
        "two pair": math.comb(9, 2) * 36 * 7 * 4,
        "pair": 9 * 6 * math.comb(8, 3) * 64,
        "high card": (math.comb(9, 5) - 6) * (4**5 - 4),
    }
    assert derived == SHORTDECK_FIVE_CARD_COUNTS
    assert sum(derived.values()) == math.comb(36, 5) == 376_992

    counts = Counter(
        rg.shortdeck_key(five, straight_beats_trips)[0]
        for five in itertools.combinations(rg.SHORTDECK_DECK, 5)
    )
    names = rg.shortdeck_categories(straight_beats_trips)
    assert {names[code - 1]: n for code, n in counts.items()} == SHORTDECK_FIVE_CARD_COUNTS


def test_shortdeck_category_names() -> None:
    """The names are the package's; the two orders differ only in straight vs trips."""
    default = rg.shortdeck_categories()
    sbt = rg.shortdeck_categories(straight_beats_trips=True)
    assert default == rg.SHORTDECK_CATEGORIES
    assert sbt == rg.SHORTDECK_CATEGORIES_STRAIGHT_BEATS_TRIPS
    assert sorted(default) == sorted(sbt) == sorted(POKER_CATEGORIES)
    assert default.index("straight") < default.index("three of a kind")
    assert sbt.index("three of a kind") < sbt.index("straight")
    assert [n for n in default if n not in ("straight", "three of a kind")] == [
        n for n in sbt if n not in ("straight", "three of a kind")
    ]
    for order in (default, sbt):
        assert order.index("full house") < order.index("flush") < order.index("four of a kind")
        assert order[-1] == "straight flush"
        assert order[0] == "high card"


# ---------------------------------------------------------------------------
# hand-picked Omaha high


def test_omaha_high_two_plus_three() -> None:
    """Exactly two hole cards and three board cards, whatever else would be better."""
    # AA KK on Q-7-2-4-5: two hole cards, so aces with Q-7-5, not aces up (AAKK+Q).
    key = rg.omaha_high_key("AsAhKsKh", "Qs7h2c4d5d")
    assert key == (ref.PAIR, 12, 10, 5, 3)
    assert ref.five_card_key(cards("AsAhKsKhQs"))[0] == ref.TWO_PAIR
    assert sorted(rg.omaha_best_five("AsAhKsKh", "Qs7h2c4d5d")) == sorted(cards("AsAhQs7h5d"))
    # Four spades in the hand, two on the board: no flush (and no straight:
    # the only tens and nines are on the board).  Best: A-K with T-9-4.
    assert rg.omaha_high_key("AsKsQsJs", "Ts9s2h3d4c") == (ref.HIGH_CARD, 12, 11, 8, 7, 2)
    # Four hearts on the board and one in the hand: no flush.  Two hearts: a flush.
    assert rg.omaha_high_key("AhKcQdJs", "2h5h8hTh3c") == (ref.HIGH_CARD, 12, 11, 8, 6, 3)
    assert rg.omaha_high_key("AhKhQdJs", "2h5h8hTh3c") == (ref.FLUSH, 12, 11, 8, 6, 3)
    # A straight on the board does not play; the aces do.
    assert rg.omaha_high_key("AsAdKcQc", "5h6c7d8s9h") == (ref.PAIR, 12, 7, 6, 5)
    # Four aces on the board: three of them and the kings make a full house, not quads.
    assert rg.omaha_high_key("KsKh7c2d", "AcAdAhAs2c") == (ref.FULL_HOUSE, 12, 11)
    # Two hole cards make a straight with three board cards.
    assert rg.omaha_high_key("6s7cKdKh", "8h9dTc2s2d") == (ref.STRAIGHT, 8)
    # Five and six hole cards: still two of them (A-K of spades with 4-3-2 of spades).
    assert rg.omaha_high_key("AsKsQsJsTs", "2s3s4s5h6d") == (ref.FLUSH, 12, 11, 2, 1, 0)
    assert rg.omaha_high_key("AsKsQsJsTs9s", "2s3s4s5h6d") == (ref.FLUSH, 12, 11, 2, 1, 0)


def test_omaha_rejects_bad_input() -> None:
    """Hole sizes other than 4-6, a short board, or a card given twice."""
    with pytest.raises(ValueError, match="4, 5 or 6"):
        rg.omaha_high_key("AsKsQs", "2c3c4c5c6c")
    with pytest.raises(ValueError, match="board of 5"):
        rg.omaha_low("AsKsQsJs", "2c3c4c5c")
    with pytest.raises(ValueError, match="twice"):
        rg.omaha_high_key("AsKsQsJs", "As3c4c5c6c")
    with pytest.raises(ValueError, match="twice"):
        rg.omaha_shares(["AsKsQsJs", "AsKdQdJd"], "2c3c4c5c6c")


# ---------------------------------------------------------------------------
# hand-picked Omaha low


def test_omaha_low_cases() -> None:
    """The qualifier, counterfeits, distinct ranks and the ace low."""
    # A-2 in the hand, 3-4-8 on the board.
    assert rg.omaha_low("As2h9c9d", "3d4cKs8hKd") == (8, 4, 3, 2, 1)
    assert rg.low_text((8, 4, 3, 2, 1)) == "8-4-3-2-A"
    # A nine does not qualify: A-2 with 3-4-9 is no low.
    assert rg.omaha_low("As2h9c9d", "3d4c9hKsKd") is None
    # A pair of aces is one low rank; the hand needs two distinct ones.
    assert rg.omaha_low("AcAdKhKd", "2s3s4s9hTc") is None
    # Only two distinct low ranks on the board (2 and 7): no low for anyone.
    assert rg.omaha_low("As2s3s4s", "2c2d7hKcQs") is None
    # Counterfeited: A-2 duplicate the board's A-2-3 ranks; 4-5 in the hand save it.
    assert rg.omaha_low("As2sKhKc", "Ac2c3hKdQs") is None
    assert rg.omaha_low("As2s4d5d", "Ac2c3hKdQs") == (5, 4, 3, 2, 1)
    # A straight flush for high is also the wheel for low.
    assert rg.omaha_low("Ah2hQsJs", "3h4h5hKcKd") == (5, 4, 3, 2, 1)
    assert rg.omaha_high_key("Ah2hQsJs", "3h4h5hKcKd") == (ref.STRAIGHT_FLUSH, 3)
    # Hole A-2-3 with board 4-5-8: A-2 with 8-5-4 is the best of the three pairs.
    assert rg.omaha_low("Ac2d3hKs", "4c5d8hKdQs") == (8, 5, 4, 2, 1)
    # The low is chosen apart from the high: here the high uses the kings.
    assert rg.omaha_high_key("AhKhKc4h", "Ks3d7h2cQd")[0] == ref.TRIPS
    assert rg.omaha_low("AhKhKc4h", "Ks3d7h2cQd") == (7, 4, 3, 2, 1)


def test_low_order_and_text() -> None:
    """A smaller tuple is a better low, compared highest card first."""
    lows = [(5, 4, 3, 2, 1), (6, 4, 3, 2, 1), (7, 5, 4, 3, 2), (8, 4, 3, 2, 1), (8, 7, 6, 5, 4)]
    assert sorted(lows) == lows  # best first
    assert [rg.low_text(low) for low in lows] == [
        "5-4-3-2-A",
        "6-4-3-2-A",
        "7-5-4-3-2",
        "8-4-3-2-A",
        "8-7-6-5-4",
    ]
    assert [rg.low_value(c) for c in cards("Ac2d8hTsKc")] == [1, 2, 8, 10, 13]
    assert rg.five_card_low(cards("Ac2d3h4s5c")) == (5, 4, 3, 2, 1)
    assert rg.five_card_low(cards("Ac2d3h4s9c")) is None
    assert rg.five_card_low(cards("Ac2d3h4sAd")) is None


# ---------------------------------------------------------------------------
# hand-picked showdowns


QUARTER_HOLES = ["AhKhKc4h", "Ad4d9c9s"]
QUARTER_BOARD = "2c3d7hKsQd"
"""Player 0: trip kings and 7-4-3-2-A; player 1: nines and the same low: 3/4 and 1/4."""


def test_omaha_hilo_quartered() -> None:
    """The high scoops half, the tied low quarters."""
    outcome = rg.omaha_outcome(QUARTER_HOLES, QUARTER_BOARD, hilo=True)
    p0, p1 = outcome["players"]
    assert (p0["share"], p1["share"]) == (Fraction(3, 4), Fraction(1, 4))
    assert p0["high_win"]
    assert not p0["high_tie"]
    assert not p1["high_win"]
    assert p0["low_tie"]
    assert p1["low_tie"]
    assert not p0["low_win"]
    assert p0["low"] == p1["low"] == (7, 4, 3, 2, 1)
    assert not p0["scoop"]
    assert not p1["scoop"]
    assert not outcome["no_low"]
    # High only: player 0 takes it all.
    assert rg.omaha_shares(QUARTER_HOLES, QUARTER_BOARD) == [1, 0]
    high_only = rg.omaha_outcome(QUARTER_HOLES, QUARTER_BOARD)
    assert high_only["players"][0]["scoop"]
    assert not high_only["no_low"]
    assert high_only["players"][0]["low"] is None


def test_omaha_hilo_no_low_and_three_way_tie() -> None:
    """No qualifying low: the high takes the pot, split three ways here."""
    # Board K-J-9-7-2 holds two low ranks only.  Everyone plays A-Q with K-J-9.
    holes = ["AsQs3c4d", "AhQh3d4h", "AcQc3h4s"]
    board = "2c7d9hJsKd"
    for hilo in (False, True):
        outcome = rg.omaha_outcome(holes, board, hilo=hilo)
        assert outcome["no_low"] == hilo
        for player in outcome["players"]:
            assert player["share"] == Fraction(1, 3)
            assert player["high_tie"]
            assert not player["high_win"]
            assert not player["scoop"]
            assert not player["low_win"]
            assert not player["low_tie"]
    # One low card on the board (the 8): the broadway straight scoops.
    outcome = rg.omaha_outcome(["AsTs2c3c", "KhKc4d5d"], "Kd Qd Jh 9s 8c", hilo=True)
    assert outcome["no_low"]
    assert [p["share"] for p in outcome["players"]] == [1, 0]
    assert outcome["players"][0]["scoop"]
    assert outcome["players"][0]["high_win"]


def test_omaha_hilo_scoop_with_low() -> None:
    """Sole best high and sole best low: the whole pot, flagged as a scoop."""
    # Player 0: 5-high straight flush and the wheel; player 1: trip kings, no low.
    outcome = rg.omaha_outcome(["Ah2hQsJs", "KsKhJdTd"], "3h4h5hKcQd", hilo=True)
    p0, p1 = outcome["players"]
    assert p0["share"] == 1
    assert p0["scoop"]
    assert p0["high_win"]
    assert p0["low_win"]
    assert p1["share"] == 0
    assert p1["low"] is None


# ---------------------------------------------------------------------------
# hand-picked short deck


def test_shortdeck_ace_six_straight() -> None:
    """A-6-7-8-9 is a straight, the lowest; the ace plays low nowhere else."""
    for sbt in (False, True):
        names = rg.shortdeck_categories(sbt)
        low_straight = rg.shortdeck_key("Ah6c7d8s9h", sbt)
        assert names[low_straight[0] - 1] == "straight"
        assert low_straight[1:] == (7,)
        assert low_straight < rg.shortdeck_key("6c7d8s9hTc", sbt)
        assert rg.shortdeck_key("KsAh6c7d8s", sbt)[0] == names.index("high card") + 1
        low_sf = rg.shortdeck_key("Ah6h7h8h9h", sbt)
        assert names[low_sf[0] - 1] == "straight flush"
        assert low_sf < rg.shortdeck_key("6h7h8h9hTh", sbt) < rg.shortdeck_key("AsKsQsJsTs", sbt)
        # A-6-7-8-9 and a ten: the ten-high straight plays.
        assert rg.shortdeck_best_key("Ah6c7d8s9hTc", sbt) == rg.shortdeck_key("6c7d8s9hTc", sbt)
    with pytest.raises(ValueError, match="six"):
        rg.shortdeck_key("Ah2c3d4s5h")
    with pytest.raises(ValueError, match="six"):
        rg.shortdeck_best_key("AhKc6d7s8h9c5d")


def test_shortdeck_flush_beats_full_house() -> None:
    """In both orders the lowest flush beats the best full house."""
    for sbt in (False, True):
        assert rg.shortdeck_key("AsAdAcKdKc", sbt) < rg.shortdeck_key("6h7h8hThJh", sbt)
        assert rg.shortdeck_key("6s7s8sTsQs", sbt) > rg.shortdeck_key("AsAdAcKdKc", sbt)
        assert rg.shortdeck_key("6s6d6c6h7c", sbt) > rg.shortdeck_key("AsKsQsJs9s", sbt)


def test_shortdeck_straight_vs_trips() -> None:
    """Three tens with 6-7-8-9: the best hand is the trips or the straight, by the order."""
    seven = "TsTd" + "Th6c7d8h9s"
    trips = rg.shortdeck_key("TsTdTh9s8h")
    straight = rg.shortdeck_key("6c7d8h9sTs")
    assert trips > straight  # default: three of a kind beats a straight
    assert rg.shortdeck_best_key(seven) == trips
    assert rg.shortdeck_category(seven) == "three of a kind"
    trips_s = rg.shortdeck_key("TsTdTh9s8h", straight_beats_trips=True)
    straight_s = rg.shortdeck_key("6c7d8h9sTs", straight_beats_trips=True)
    assert straight_s > trips_s
    assert rg.shortdeck_best_key(seven, straight_beats_trips=True) == straight_s
    assert rg.shortdeck_category(seven, straight_beats_trips=True) == "straight"


# ---------------------------------------------------------------------------
# enumerators


def test_enumerate_omaha_river_is_one_showdown() -> None:
    """A full board is one outcome: the showdown's shares and flags."""
    for hilo in (False, True):
        result = rg.enumerate_omaha(QUARTER_HOLES, QUARTER_BOARD, hilo=hilo)
        outcome = rg.omaha_outcome(QUARTER_HOLES, QUARTER_BOARD, hilo=hilo)
        assert result["total"] == 1
        assert result["equity"] == rg.omaha_shares(QUARTER_HOLES, QUARTER_BOARD, hilo=hilo)
        for flag in ("scoop", "high_win", "high_tie", "low_win", "low_tie"):
            assert result[flag] == [int(p[flag]) for p in outcome["players"]]
        assert result["no_low"] == int(outcome["no_low"])
    assert rg.enumerate_omaha(QUARTER_HOLES, QUARTER_BOARD, hilo=True)["equity"] == [
        Fraction(3, 4),
        Fraction(1, 4),
    ]


def test_enumerate_omaha_turn_locked_nuts() -> None:
    """K-high straight flush on a four-spade turn: the nuts on every river.

    On As Ks Qs Js no royal is possible (it would take three hole cards or
    four board cards), so 9s-Ts with K-Q-J wins every one of the 52 - 4 - 8 =
    40 rivers.  The board holds one low rank (the ace), so no river makes a low.
    """
    holes = ["Ts9s2c2d", "AhAdAc3h"]
    board = "AsKsQsJs"
    for hilo in (False, True):
        result = rg.enumerate_omaha(holes, board, hilo=hilo)
        assert result["total"] == 40
        assert result["equity"] == [1, 0]
        assert result["scoop"] == result["high_win"] == [40, 0]
        assert result["no_low"] == (40 if hilo else 0)
        assert result["low_win"] == result["low_tie"] == result["high_tie"] == [0, 0]


def test_enumerate_omaha_turn_low_draw() -> None:
    """Quad kings against a low draw that gets there on a 5, 6, 7 or 8.

    Turn 2c 3d Kh Ks: player 1 (Kc Kd Jc Js) holds four kings on every
    river, which player 0 (Ah 4h Qc Qd) cannot beat.  Player 0's low needs a
    third board rank away from A-4 and 2-3: one of the sixteen 5s-8s among
    the 40 rivers left, each worth half the pot.  Equity 16/40 * 1/2 = 1/5.
    With the four fives dead: 12 of 36 rivers, 1/6.
    """
    holes = ["Ah4hQcQd", "KcKdJcJs"]
    board = "2c3dKhKs"
    result = rg.enumerate_omaha(holes, board, hilo=True)
    assert result["total"] == 40
    assert result["equity"] == [Fraction(1, 5), Fraction(4, 5)]
    assert result["low_win"] == [16, 0]
    assert result["high_win"] == [0, 40]
    assert result["no_low"] == 24
    assert result["scoop"] == [0, 24]
    assert rg.enumerate_omaha(holes, board)["equity"] == [0, 1]
    dead = rg.enumerate_omaha(holes, board, dead="5c5d5h5s", hilo=True)
    assert dead["total"] == 36
    assert dead["equity"] == [Fraction(1, 6), Fraction(5, 6)]
    assert dead["no_low"] == 24


def test_enumerate_omaha_flop_is_mean_of_turns() -> None:
    """A flop's exact result is the mean of its turns' (each turn has as many rivers)."""
    holes = ["AsKd5c6h", "8h8d2c3s", "QsJhTd4c"]
    board = "Ah7s9d"
    used = set(cards("".join(holes) + board))
    # Leave nine live cards: 36 boards on the flop, 8 rivers after each turn.
    live = cards("2d3h4d5s6s7h8c9hKc")
    dead = [c for c in range(52) if c not in used and c not in live]
    flop = rg.enumerate_omaha(holes, board, dead=dead, hilo=True)
    assert flop["total"] == math.comb(9, 2)
    assert sum(flop["equity"]) == 1
    turns = [rg.enumerate_omaha(holes, [*cards(board), t], dead=dead, hilo=True) for t in live]
    assert all(t["total"] == 8 for t in turns)
    for p in range(3):
        assert flop["equity"][p] == sum(t["equity"][p] for t in turns) / len(live)
    # Each flop board is counted once from each of its two turn cards.
    for flag in ("scoop", "high_win", "high_tie", "low_win", "low_tie"):
        assert [2 * n for n in flop[flag]] == [sum(t[flag][p] for t in turns) for p in range(3)]
    assert 2 * flop["no_low"] == sum(t["no_low"] for t in turns)


def test_enumerate_shortdeck_river() -> None:
    """A river is one showdown; the board's straight splits three ways."""
    result = rg.enumerate_shortdeck(["AsKs", "AdKd", "AcKc"], "6c7d8h9sTc")
    assert result["total"] == 1
    assert result["equity"] == [Fraction(1, 3)] * 3
    assert result["wins"] == [0, 0, 0]
    assert result["ties"] == [1, 1, 1]
    assert [row[3] for row in result["counts"]] == [1, 1, 1]
    result = rg.enumerate_shortdeck(["AsAh", "KsKh"], "AcAdKcKd6s")
    assert result["equity"] == [1, 0]
    assert result["wins"] == [1, 0]


def test_enumerate_shortdeck_turn_orders() -> None:
    """A set of tens against a made Q-high straight on the turn, under both orders.

    Turn Th 8c Qd 6s: player 0 (Tc Td) has trips, player 1 (Js 9s) the
    straight Q-J-T-9-8.  Of the 36 - 8 = 28 rivers, the last ten, three
    eights, three queens and three sixes give player 0 quads or a full house;
    no river gives either player a flush (no three of a suit), nor player 0 a
    straight.  Trips above a straight: player 0 wins all 28.  A straight above
    trips: player 0 wins 10, player 1 18.
    """
    holes = ["TcTd", "Js9s"]
    board = "Th8cQd6s"
    default = rg.enumerate_shortdeck(holes, board)
    assert default["total"] == 28
    assert default["equity"] == [1, 0]
    assert default["wins"] == [28, 0]
    sbt = rg.enumerate_shortdeck(holes, board, straight_beats_trips=True)
    assert sbt["total"] == 28
    assert sbt["equity"] == [Fraction(10, 28), Fraction(18, 28)]
    assert sbt["wins"] == [10, 18]
    assert sbt["ties"] == [0, 0]
    dead = rg.enumerate_shortdeck(holes, board, dead="Ts", straight_beats_trips=True)
    assert dead["total"] == 27
    assert dead["wins"] == [9, 18]


def test_enumerate_shortdeck_flop_is_mean_of_turns() -> None:
    """As for Omaha: a flop is the mean of its turns, and the shares sum to one."""
    holes = ["AhKh", "9c9d", "JsTs"]
    board = "Qh8s6d"
    used = set(cards("".join(holes) + board))
    live = cards("AcKc7h7s9hJdQc")
    dead = [c for c in rg.SHORTDECK_DECK if c not in used and c not in live]
    for sbt in (False, True):
        flop = rg.enumerate_shortdeck(holes, board, dead=dead, straight_beats_trips=sbt)
        assert flop["total"] == math.comb(len(live), 2)
        assert sum(flop["equity"]) == 1
        turns = [
            rg.enumerate_shortdeck(holes, [*cards(board), t], dead=dead, straight_beats_trips=sbt)
            for t in live
        ]
        for p in range(3):
            assert flop["equity"][p] == sum(t["equity"][p] for t in turns) / len(live)
            assert 2 * flop["wins"][p] == sum(t["wins"][p] for t in turns)
            assert flop["counts"][p][0] == 0
            assert sum(flop["counts"][p][1:]) == flop["wins"][p] + flop["ties"][p]
    with pytest.raises(ValueError, match="six"):
        rg.enumerate_shortdeck(["AhKh", "2c2d"], board)
