"""Partly known cards in the community games: hands as ranges, boards as sub-jobs.

The references here are plain Python: fitting sets by trying every ordering
of a set's cards against the slots, and equities by listing every fitting
deal and scoring it with :mod:`tests.reference`.  A partly known board is
also checked against ``calculate`` on each of its known boards, combined by
hand.
"""

from __future__ import annotations

import itertools
import json
import re
from fractions import Fraction
from math import comb

import numpy as np
import pytest
from reference_equity import holdem_winners

from equity import calculate, deal
from equity.cards import (
    ANY_CARD,
    format_pattern,
    is_exact_pattern,
    parse_card,
    parse_card_pattern,
    parse_cards,
)
from equity.cli import main
from equity.engine.patterns import MAX_BOARD_OPTIONS, board_options
from equity.ranges.patterns import fitting_sets, pattern_range

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def fits(cards: tuple[int, ...], text: str) -> bool:
    """Whether some ordering of ``cards`` fits the words of ``text`` one by one (literal)."""
    words = text.split()
    if len(words) != len(cards):
        return False

    def ok(card: int, word: str) -> bool:
        rank, suit = RANKS[card // 4], SUITS[card % 4]
        if word == "*":
            return True
        if len(word) == 2:
            return word == rank + suit
        return word in (rank, suit)

    return any(
        all(ok(c, w) for c, w in zip(order, words, strict=True))
        for order in itertools.permutations(cards)
    )


def share(holes: list[tuple[int, ...]], board: list[int]) -> list[Fraction]:
    """Each player's share of the pot on one complete deal."""
    winners = holdem_winners(holes, board)
    return [Fraction(1, len(winners)) if p in winners else Fraction(0) for p in range(len(holes))]


# ---------------------------------------------------------------------------
# the notation


def test_binding_rule() -> None:
    assert parse_card_pattern("2c") == (1 << parse_card("2c"),)
    assert len(parse_card_pattern("2 c")) == 2
    assert [bin(m).count("1") for m in parse_card_pattern("2 c")] == [4, 13]
    assert len(parse_card_pattern("A23")) == 3
    assert parse_card_pattern("AKs") == parse_card_pattern("A Ks")
    assert parse_card_pattern("(AsKd)Qh") == parse_card_pattern("As Kd Qh")
    assert parse_card_pattern("A*") == parse_card_pattern("A *")
    assert parse_card_pattern("*")[0] == ANY_CARD
    assert is_exact_pattern(parse_card_pattern("AsKd"))
    assert not is_exact_pattern(parse_card_pattern("As d"))


@pytest.mark.parametrize("text", ["As A s *", "2c 7d 9h h", "A c * *", "T 9 h"])
def test_format_pattern_round_trip(text: str) -> None:
    assert format_pattern(parse_card_pattern(text)) == text


@pytest.mark.parametrize(
    ("text", "allowed"),
    [
        ("A *", range(52)),
        ("A c", range(52)),
        ("Ah *", range(52)),
        ("h h", range(52)),
        ("A A", range(52)),
        ("A * *", range(52)),
        ("A c h", range(52)),
        ("As A c", range(52)),
        ("K c * *", range(28, 52)),
        ("A c d *", range(28, 52)),
    ],
)
def test_fitting_sets_match_brute_force(text: str, allowed: range) -> None:
    slots = parse_card_pattern(text)
    mask = sum(1 << c for c in allowed)
    got = {int(m) for m in fitting_sets(slots, mask)}
    want = {
        sum(1 << c for c in cards)
        for cards in itertools.combinations(allowed, len(slots))
        if fits(cards, text)
    }
    assert got == want
    assert len(fitting_sets(slots, mask)) == len(got)  # each set once


def test_a_star_is_a_set_of_hands() -> None:
    hand = pattern_range("A *", 2, ANY_CARD)
    rows = {tuple(sorted(r)) for r in hand.combos.tolist()}
    assert len(hand) == len(rows) == 1326 - 48 * 47 // 2  # AsAh once, not twice
    assert set(hand.weights.tolist()) == {1.0}
    # an ace and a club: not no ace, not no club, and not Ac standing for both alone
    fitting = comb(52, 4) - comb(48, 4) - comb(39, 4) + comb(36, 4) - comb(36, 3)
    assert len(pattern_range("A c * *", 4, ANY_CARD)) == fitting


# ---------------------------------------------------------------------------
# hands


def test_a_star_on_the_turn_against_plain_enumeration() -> None:
    """'A *' vs KhKd on 2c7d9hTs, the river a heart: every fitting deal listed by hand."""
    board = parse_cards("2c7d9hTs")
    villain = tuple(parse_cards("KhKd"))
    used = {*board, *villain}
    totals = [Fraction(0), Fraction(0)]
    n = 0
    for hero in itertools.combinations(sorted(set(range(52)) - used), 2):
        if not any(c // 4 == 12 for c in hero):
            continue
        for river in range(52):
            if river in used or river in hero or river % 4 != 2:
                continue
            for p, s in enumerate(share([hero, villain], [*board, river])):
                totals[p] += s
            n += 1
    result = calculate(["A *", "KhKd"], board="2c7d9hTs h")
    assert result.method == "exact"
    assert result.samples == n
    assert result.hands == ("A *", "KhKd")
    assert result.board == "2c 7d 9h Ts h"
    assert result.equity == pytest.approx([float(t / n) for t in totals], abs=1e-12)


def test_pattern_hands_against_each_other_plain() -> None:
    """Two pattern players on the turn, a spade river: uniform over the deals fitting all."""
    board = parse_cards("2c7d9hTs")
    live = sorted(set(range(52)) - set(board))
    totals = [Fraction(0), Fraction(0)]
    n = 0
    for a in itertools.combinations(live, 2):
        if not fits(a, "A c"):
            continue
        for b in itertools.combinations(live, 2):
            if set(a) & set(b) or not fits(b, "K *"):
                continue
            for river in live:
                if river in a or river in b or river % 4 != 3:
                    continue
                for p, s in enumerate(share([a, b], [*board, river])):
                    totals[p] += s
                n += 1
    result = calculate(["A c", "K *"], board="2c7d9hTs s")
    assert result.samples == n
    assert result.equity == pytest.approx([float(t / n) for t in totals], abs=1e-12)


@pytest.mark.slow
def test_pattern_hand_on_the_flop_against_plain_enumeration() -> None:
    """'A c' vs KhKd on 2c7d9h, turn and river to come: every fitting deal listed by hand."""
    board = parse_cards("2c7d9h")
    villain = tuple(parse_cards("KhKd"))
    live = sorted(set(range(52)) - {*board, *villain})
    totals = [Fraction(0), Fraction(0)]
    n = 0
    for hero in itertools.combinations(live, 2):
        if not fits(hero, "A c"):
            continue
        for rest in itertools.combinations(sorted(set(live) - set(hero)), 2):
            for p, s in enumerate(share([hero, villain], [*board, *rest])):
                totals[p] += s
            n += 1
    result = calculate(["A c", "KhKd"], board="2c7d9h")
    assert result.samples == n
    assert result.equity == pytest.approx([float(t / n) for t in totals], abs=1e-12)


def test_ranges_take_precedence() -> None:
    assert calculate(["AK", "QhQd"]).hands[0] == "AK"
    # the same hands as a pattern: an ace and a king, the same answer
    pattern = calculate(["A K", "QhQd"], board="2c7d9h")
    as_range = calculate(["AK", "QhQd"], board="2c7d9h")
    assert pattern.hands[0] == "A K"
    np.testing.assert_array_equal(pattern.counts, as_range.counts)


def test_all_wild_hand_is_random() -> None:
    wild = calculate(["* *", "AsAd"], board="2c7d9h")
    rand = calculate(["random", "AsAd"], board="2c7d9h")
    assert wild.hands[0] == "* *"
    np.testing.assert_array_equal(wild.counts, rand.counts)


def test_omaha_lone_suit_is_a_pattern() -> None:
    """'A c * *' is an ace, a club and any two; 'Ac**' (Omaha grammar) the ace of clubs."""
    spread = calculate(["A c * *", "KsKdQhJh"], board="2c7d9hTs", game="omaha")
    bound = calculate(["Ac**", "KsKdQhJh"], board="2c7d9hTs", game="omaha")
    assert spread.hands[0] == "A c * *"
    assert spread.samples != bound.samples
    assert calculate(["AA** ds", "random"], board="2c7d9hTs", game="omaha").hands[0] == "AA** ds"


@pytest.mark.parametrize(("hand", "board"), [("A c", "Ts9s2h"), ("Ah *", "Ts9s2h")])
def test_pattern_hand_mc_within_five_standard_errors(hand: str, board: str) -> None:
    exact = calculate([hand, "QhQd"], board=board)
    mc = calculate([hand, "QhQd"], board=board, trials=200_000, seed=7)
    assert mc.method == "monte-carlo"
    assert mc.stderr is not None
    assert abs(mc.equity[0] - exact.equity[0]) <= 5 * mc.stderr[0]


# ---------------------------------------------------------------------------
# boards


def test_heart_turn_is_the_average_of_the_heart_turns() -> None:
    """Known players: every heart turn has as many deals, so the answer is their mean."""
    hands = ["AsKs", "QhQd"]
    used = set(parse_cards("AsKsQhQd2c7d9h"))
    hearts = [c for c in range(52) if c % 4 == 2 and c not in used]
    assert len(hearts) == 11
    each = [calculate(hands, board=[*parse_cards("2c7d9h"), h]).equity for h in hearts]
    result = calculate(hands, board="2c7d9h h")
    assert result.board == "2c 7d 9h h"
    assert result.equity == pytest.approx(np.mean(each, axis=0), abs=1e-12)


def test_board_pattern_with_a_range_adds_raw_counts() -> None:
    """A range keeps a different number of hands on each turn: counts add, means do not."""
    hands = ["AsKs", "Q*"]
    flop = parse_cards("2c7d9h")
    used = {*flop, *parse_cards("AsKs")}
    counts = 0
    total = 0.0
    for h in (c for c in range(52) if c % 4 == 2 and c not in used):
        r = calculate(hands, board=[*flop, h])
        counts = counts + r.counts
        total += r.weight_total
    result = calculate(hands, board="2c7d9h h")
    np.testing.assert_array_equal(result.counts, counts)
    assert result.weight_total == total


def test_flop_is_a_set() -> None:
    """'A A *' counts each flop once: the same as listing the flops with two aces or more."""
    hands = ["KsKd", "QhQd"]
    used = set(parse_cards("KsKdQhQd"))
    flops = [
        f
        for f in itertools.combinations(sorted(set(range(52)) - used), 3)
        if sum(c // 4 == 12 for c in f) >= 2
    ]
    options = board_options(parse_card_pattern("A A *"), ANY_CARD & ~sum(1 << c for c in used))
    assert len(options) == len(flops)
    assert set(options.values()) == {1}
    each = [calculate(hands, board=list(f)).equity for f in flops]
    result = calculate(hands, board="A A *")
    assert result.equity == pytest.approx(np.mean(each, axis=0), abs=1e-12)


def test_named_turn_and_river_are_ordered_deals() -> None:
    """'h h' on the turn and river: (Ah, Kh) and (Kh, Ah) are two deals of one board."""
    options = board_options(parse_card_pattern("2c7d9s h h"), ANY_CARD)
    assert sum(options.values()) == 13 * 12
    assert len(options) == 13 * 12 // 2
    star_first = calculate(["AsKs", "QcQd"], board="2c7d9s * h")
    heart_first = calculate(["AsKs", "QcQd"], board="2c7d9s h")
    np.testing.assert_array_equal(star_first.counts, heart_first.counts)


@pytest.mark.parametrize(
    ("hands", "board"),
    [(["AsKs", "QhQd"], "2c7d9h h"), (["AsKs", "A *"], "2c7d9h h"), (["A c", "KhKd"], "Q Q h 5c")],
)
def test_board_pattern_mc_within_five_standard_errors(hands: list[str], board: str) -> None:
    """Each board sampled on its own, weighted by its share of the fitting deals."""
    exact = calculate(hands, board=board)
    assert exact.method == "exact"
    mc = calculate(hands, board=board, trials=100_000, seed=11)
    assert mc.method == "monte-carlo"
    assert mc.stderr is not None
    assert mc.board == exact.board
    assert np.all(np.abs(mc.equity - exact.equity) <= 5 * mc.stderr)
    again = calculate(hands, board=board, trials=100_000, seed=11)
    np.testing.assert_array_equal(again.counts, mc.counts)


# ---------------------------------------------------------------------------
# bad input


@pytest.mark.parametrize(
    ("hands", "kwargs", "needle"),
    [
        (["A * *", "KK"], {}, "hand 'A * *' has 3 cards"),
        (["Ah Ah", "KK"], {}, "hand 'Ah Ah' fits no hand of the deck"),
        (["A*", "KK"], {"game": "zjh"}, "partly known hands are for hold'em, short deck and Omaha"),
        (["A****", "KKK**"], {"game": "five"}, "partly known hands are for hold'em"),
        (["AsKs", "QQ"], {"dead": "h"}, "dead cards must be exact cards"),
        (["AsKs", "A*", "QQ"], {"board": "2c7d9h h", "trials": 1000}, "two or more ranges"),
        (
            ["AsKs", "QQ"],
            {"board": "2c7d9h h", "method": "monte-carlo", "categories": True},
            "counts categories",
        ),
        (["AsKs", "QQ"], {"board": "* * * h"}, "needs a flop with a known card"),
        (["AsKs", "QQ"], {"board": "2c7d h h h h"}, "board has 0, 3, 4 or 5 cards, got 6"),
        (["AsKs", "As *"], {}, "has no combo left once the known cards are removed"),
        (["As *", "As *"], {}, "no legal deal"),
        (["AsAh", "AdKd"], {"board": "A A *"}, "board 'A A *': no deal fits"),
        (["c * * * *", "random"], {"game": "omaha5"}, "more than MAX_PATTERN_HANDS"),
        (["c * * * * *", "random"], {"game": "omaha6"}, "fits too many hands to list"),
    ],
)
def test_errors_are_one_sentence(hands: list[str], kwargs: dict[str, object], needle: str) -> None:
    with pytest.raises(ValueError, match=re.escape(needle)) as info:
        calculate(hands, **kwargs)  # type: ignore[arg-type]
    assert "\n" not in str(info.value)


def test_too_many_boards_are_refused() -> None:
    assert MAX_BOARD_OPTIONS < 22100
    with pytest.raises(ValueError, match="more than 5,000 possible flops"):
        calculate(["AsKs", "QhQd"], board="* * c")


def test_deal_pattern_hands() -> None:
    """deal() deals a pattern hand like any range: every hand holds an ace, each fits."""
    d = deal(hands=["A c", "KhKd"], n=2_000, seed=3)
    assert d.holes.shape == (2_000, 2, 2)
    for hole in d.holes[:, 0].tolist():
        assert fits(tuple(hole), "A c")
    with pytest.raises(ValueError, match="not a partly known one"):
        deal(hands=["AsKs", "QhQd"], n=10, seed=1, board="2c7d9h h")


# ---------------------------------------------------------------------------
# the command line


def test_cli_json_shows_the_pattern(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["query", "AsKs", "A *", "--board", "2c7d9h h", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["board"] == "2c 7d 9h h"
    assert [p["hand"] for p in out["players"]] == ["AsKs", "A *"]
    assert out["method"] == "exact"


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["query", "AsKs", "Ax"], "'Ax'"),
        (["query", "AsKs", "Ah Ah"], "fits no hand"),
        (["query", "AsKs", "QhQd", "--dead", "h"], "--dead 'h': 'h' is not a card"),
        (["query", "As *", "As *"], "no legal deal"),
    ],
)
def test_cli_errors_exit_2(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1
    assert needle in lines[0]
