"""The stud family's engine (stud, razz, stud8, the single-draw games): exact against a
plain enumeration, Monte-Carlo against exact, the deal rules and the bad input."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from reference_stud import enumerate_shares

from equity import calculate
from equity.cards import format_card, parse_cards
from equity.games import GAMES

EXACT_SPOTS = [
    # (game, hands, dead): small enough for the plain enumeration
    ("stud", ["AsKs9d2c3c4c", "QhQd2h7s8s9s"], ""),
    ("stud", ["AsAd9d2c3c4c", "KhKd2h7s8s9s", "5c5d6h6s7c7d"], ""),
    ("razz", ["As2s3d4h9cKd", "QhQd2c5s6s7d"], ""),
    ("stud8", ["As2s3d4h9cKd", "QhQd2c5s6s7d"], ""),
    ("stud8", ["As2s3d4h5cKd", "Ah2h3h4s6sQd"], "7c7d7h8s8c8d"),  # both make a low
    ("five-draw", ["AsAd", "KhKcKd8s"], "2c3c4c5c6c7c8c9cTcJc"),
    ("deuce-seven", ["7h5c4d3s", "9h8c6d5h2c"], "Kc"),
    ("deuce-seven", ["7h5c4d", "8h6c4s3s2c"], "KcKdKhKsQc"),
    ("badugi", ["As2d3h", "5c6d7h8s"], ""),
    ("badugi", ["As2d", "5c6d7h"], "KcKdKhKsQcQdQhQsJcJdJhJs"),
]


@pytest.mark.parametrize(("game", "hands", "dead"), EXACT_SPOTS)
def test_exact_equals_a_plain_enumeration(game: str, hands: list[str], dead: str) -> None:
    result = calculate(hands, dead=dead, game=game, method="exact")
    shares, deals = enumerate_shares(
        game, [parse_cards(h) for h in hands], GAMES[game].hole_cards, parse_cards(dead)
    )
    assert result.method == "exact"
    assert result.samples == deals
    np.testing.assert_allclose(result.equity, [float(s) for s in shares], rtol=0, atol=1e-12)


def test_eight_players_share_the_last_card() -> None:
    """Eight stud players on sixth street: 48 cards held, 4 left: one shared river card."""
    hands = [
        "2c2d3c3d4c4d",
        "5c5d6c6d7c7d",
        "8c8d9c9dTcTd",
        "JcJdQcQdKcKd",
        "AcAd2h2s3h3s",
        "4h4s5h5s6h6s",
        "7h7s8h8s9h9s",
        "ThTsJhJsQhQs",
    ]
    result = calculate(hands, game="stud", method="exact")
    shares, deals = enumerate_shares("stud", [parse_cards(h) for h in hands], 7, shared=True)
    assert deals == result.samples == 4
    np.testing.assert_allclose(result.equity, [float(s) for s in shares], rtol=0, atol=1e-12)


@pytest.mark.parametrize(
    ("game", "hands", "dead"),
    [
        ("stud", ["AsKs9d2c3c", "QhQd2h7s8s"], "7c"),
        ("razz", ["As2s3d9cTc", "QhQd2c4c5c"], ""),
        ("stud8", ["As2s3d4h9cKd", "QhQd2c5s6s7d"], ""),
        ("deuce-seven", ["7h5c4d", "9h8c6d5h2c"], "Kc"),
        ("badugi", ["As2d", "5c6d7h"], ""),
        ("five-draw", ["AsAd", "KhKcKd"], ""),
    ],
)
def test_monte_carlo_is_within_five_standard_errors_of_exact(
    game: str, hands: list[str], dead: str
) -> None:
    exact = calculate(hands, dead=dead, game=game, method="exact")
    mc = calculate(hands, dead=dead, game=game, method="monte-carlo", trials=200_000, seed=3)
    assert mc.stderr is not None
    assert np.all(np.abs(mc.equity - exact.equity) <= 5 * mc.stderr + 1e-12)


def test_monte_carlo_does_not_depend_on_threads() -> None:
    one = calculate(["As2s3d", "QhQd2c"], game="razz", trials=50_000, seed=9, threads=1)
    two = calculate(["As2s3d", "QhQd2c"], game="razz", trials=50_000, seed=9, threads=2)
    np.testing.assert_array_equal(one.counts, two.counts)


def test_hi_lo_reports_the_outcomes() -> None:
    r = calculate(["As2s3d4h9cKd", "QhQd2c5s6s7d"], game="stud8", method="exact")
    assert r.outcomes is not None
    assert set(r.outcomes) >= {"scoop", "high_win", "low_win", "no_low"}
    assert calculate(["As2s3d4h9cKd", "QhQd2c5s6s7d"], game="razz").outcomes is None


def _average_over(game: str, options: list[list[str]]) -> np.ndarray:
    """Equities averaged over every concrete deal of the cards held now (one list of
    options per player), weighted by their deals: the uniform law over the fitting deals."""
    total = np.zeros(len(options))
    n = 0
    for hands in itertools.product(*options):
        cards = [c for h in hands for c in parse_cards(h)]
        if len(set(cards)) < len(cards):
            continue
        r = calculate(list(hands), game=game, method="exact")
        total += r.equity * r.samples
        n += r.samples
    return total / n


def test_partly_known_ranks_average_over_their_suits() -> None:
    """Razz sixth street, the ace and deuce of player 0 and the four and five of player 1
    known by rank only: the average over all 256 suitings."""
    pattern = calculate(["A 2 3c9dKcQc", "4 5 6c9hKdQd"], game="razz", method="exact")
    zero = [f"A{a}2{b}3c9dKcQc" for a in "cdhs" for b in "cdhs"]
    one = [f"4{a}5{b}6c9hKdQd" for a in "cdhs" for b in "cdhs"]
    expected = _average_over("razz", [zero, one])
    np.testing.assert_allclose(pattern.equity, expected, rtol=0, atol=1e-12)


def test_a_set_of_cards_fits_once_however_many_ways() -> None:
    """'A *' is every two cards holding an ace, each set once: {As, Ah} is not counted
    twice (a draw of the ace slot and then the other card would count it twice)."""
    known = "3c9dKcQc"
    pattern = calculate([f"A * {known}", "4h5h6h7h8h9h"], game="stud", method="exact")
    sets = [
        "".join(format_card(c) for c in pair)
        for pair in itertools.combinations(range(52), 2)
        if any(c >> 2 == 12 for c in pair)
        and not set(pair) & set(parse_cards(known + "4h5h6h7h8h9h"))
    ]
    expected = _average_over("stud", [[s + known for s in sets], ["4h5h6h7h8h9h"]])
    np.testing.assert_allclose(pattern.equity, expected, rtol=0, atol=1e-12)


def test_monte_carlo_with_partly_known_cards_agrees_with_exact() -> None:
    hands = ["A 2 3c9dKc", "4 5 6c9hQd"]
    exact = calculate(hands, game="razz", method="exact")
    mc = calculate(hands, game="razz", method="monte-carlo", trials=200_000, seed=5)
    assert mc.stderr is not None
    assert np.all(np.abs(mc.equity - exact.equity) <= 5 * mc.stderr + 1e-12)


@pytest.mark.parametrize(
    ("game", "hands", "board", "dead", "message"),
    [
        ("stud", ["AsKdQhJcTs9d8h7c", "random"], "", "", "at most 7"),
        ("stud", ["AsKd", "AsQh"], "", "", "used twice"),
        ("stud", ["AsKdQh", "2c3c"], "", "", "same street"),
        ("razz", ["AsKdQh", "2c3c4c"], "2h3h4h", "", "no board"),
        ("deuce-seven", ["7h5c4d3s", "9h8c"], "Kc", "", "no board"),
        ("badugi", ["As2d3h", "5c6d7h"], "", "A", "exact cards"),
        ("five-draw", ["random"] * 10, "", "2c3c4c5c6c", "need"),
        ("stud", ["As", "Kd"], "", "", "2 to 7"),
        ("five-draw", ["random"] * 11, "", "", "players"),
        ("badugi", ["Ax", "random"], "", "", "not a card"),
    ],
)
def test_bad_input_is_one_sentence(
    game: str, hands: list[str], board: str, dead: str, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        calculate(hands, board=board, dead=dead, game=game)
