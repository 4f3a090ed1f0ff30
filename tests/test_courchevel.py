"""Courchevel (five-card Omaha, the first board card up before the betting), high and hi-lo.

* The registry: a known board of 1, 3, 4 or 5 cards; none is an error naming the game
  that spot is (five-card Omaha).
* The same spot as five-card Omaha: on a flop or turn the counts are omaha5's, integer
  for integer; before the flop (one board card) they are the sum of omaha5's over every
  flop holding that card, each board counted once per flop it contains.
* Exact equities equal the plain-Python enumeration
  :func:`reference_games.enumerate_omaha` on one-card boards (dead cards keep the
  enumeration small), to the counts of scoops, high and low wins and ties.
* Monte-Carlo lies within five standard errors of exact.
* Bad input is one sentence, exit code 2 on the command line.
"""

from __future__ import annotations

import itertools

import numba
import numpy as np
import pytest
import reference_games as rg

from equity import calculate, deal
from equity.cards import format_card, format_cards, parse_cards
from equity.cli import main
from equity.games import GAMES
from equity.reports.studies_omaha import omaha_games

needs_jit = pytest.mark.skipif(
    numba.config.DISABLE_JIT, reason="a hundred thousand boards: too slow without the JIT"
)

HANDS = ["AhAd2c3c4s", "KhKd5c6c7s"]

# 33 dead cards: with the two hands and the first board card, 8 cards are left
# (C(8, 4) = 70 boards), small enough for the plain-Python enumeration.
SMALL_LIVE = parse_cards("9s 9h 8s 8d 7h Js Qd Tc")


def _dead_but(known: list[int], live: list[int]) -> str:
    return format_cards([c for c in range(52) if c not in known and c not in live])


def test_the_games_are_registered() -> None:
    for name, omaha5 in (("courchevel", "omaha5"), ("courchevel-hilo", "omaha5-hilo")):
        g, o = GAMES[name], GAMES[omaha5]
        assert g.board_sizes == (1, 3, 4, 5)
        assert (g.hole_cards, g.players, g.hilo, g.omaha) == (5, (2, 9), o.hilo, True)
        assert g.categories == o.categories
        assert "first of the five board cards is dealt face up" in g.rule_text
        assert o.rule_text in g.rule_text  # the Omaha rule (and the hi-lo rule) itself
    # the Omaha studies deal preflop spots: Courchevel has none
    assert "courchevel" not in omaha_games()
    assert "courchevel-hilo" not in omaha_games(hilo=True)


@needs_jit
@pytest.mark.parametrize("hilo", [False, True])
@pytest.mark.parametrize("board", ["As7d8h", "As7d8h9c", "As7d8h9c2d"])
def test_a_flop_or_later_is_the_omaha5_spot(hilo: bool, board: str) -> None:
    suffix = "-hilo" if hilo else ""
    got = calculate(HANDS, board, game="courchevel" + suffix, method="exact")
    want = calculate(HANDS, board, game="omaha5" + suffix, method="exact")
    assert got.samples == want.samples
    assert np.array_equal(got.counts, want.counts)
    assert got.outcomes is not None
    assert want.outcomes is not None
    for name, values in want.outcomes.items():
        np.testing.assert_array_equal(got.outcomes[name], values, err_msg=name)


@needs_jit
@pytest.mark.parametrize("hilo", [False, True])
def test_before_the_flop_is_every_omaha5_flop_holding_the_card(hilo: bool) -> None:
    suffix = "-hilo" if hilo else ""
    first = parse_cards("As")
    known = [*parse_cards("".join(HANDS)), *first]
    live = list(SMALL_LIVE)
    dead = _dead_but(known, live)
    got = calculate(HANDS, "As", dead, game="courchevel" + suffix, method="exact")
    assert got.samples == 70  # C(8, 4) boards
    total = np.zeros_like(np.asarray(got.counts))
    flops = 0
    for pair in itertools.combinations(live, 2):
        board = format_cards([*first, *pair])
        r = calculate(HANDS, board, dead, game="omaha5" + suffix, method="exact")
        total += np.asarray(r.counts)
        flops += 1
    assert flops == 28
    # each four-card completion holds C(4, 2) = 6 of the flops
    assert np.array_equal(total, 6 * np.asarray(got.counts))


SMALL_SPOTS = [
    pytest.param("courchevel", HANDS, "As", id="high-heads-up"),
    pytest.param("courchevel-hilo", ["As2h3c9d9c", "AdKd4h5hQc"], "7c", id="hilo-heads-up"),
    pytest.param(
        "courchevel-hilo", ["As2h3c9d9c", "AdKd4h5hQc", "Ts8c6d6s2d"], "7c", id="hilo-3way"
    ),
]


@needs_jit
@pytest.mark.parametrize(("game", "hands", "board"), SMALL_SPOTS)
def test_exact_equals_the_plain_python_enumeration(game: str, hands: list[str], board: str) -> None:
    hilo = GAMES[game].hilo
    known = [*parse_cards("".join(hands)), *parse_cards(board)]
    live = [c for c in range(52) if c not in known][::4][:9]  # 9 cards: C(9, 4) = 126 boards
    dead = _dead_but(known, live)
    want = rg.enumerate_omaha(hands, board, dead, hilo=hilo)
    got = calculate(hands, board, dead, game=game, method="exact")
    assert got.samples == want["total"] == 126
    np.testing.assert_allclose(got.equity, [float(e) for e in want["equity"]], rtol=0, atol=1e-12)
    assert got.outcomes is not None
    names = ("scoop", "high_win", "high_tie") + (("low_win", "low_tie") if hilo else ())
    for name in names:
        counts = np.rint(got.outcomes[name] * got.samples).astype(int).tolist()
        assert counts == want[name], name
    if hilo:
        assert round(float(got.outcomes["no_low"][0]) * got.samples) == want["no_low"]


@needs_jit
def test_the_whole_deck_before_the_flop() -> None:
    # every C(41, 4) completion of the first card; the figure poker-equity 0.1.1 also gives
    r = calculate(HANDS, "As", game="courchevel", method="exact")
    assert r.samples == 101_270
    assert np.asarray(r.counts)[0, 1] == 89_262  # the aces win alone
    np.testing.assert_allclose(r.equity, [89_262 / 101_270, 12_008 / 101_270], atol=1e-15)


MC_SPOTS = [
    pytest.param("courchevel", HANDS, "As", id="high"),
    pytest.param("courchevel-hilo", ["As2h3c9d9c", "AdKd4h5hQc", "Ts8c6d6s2d"], "7c", id="hilo"),
]


@needs_jit
@pytest.mark.parametrize(("game", "hands", "board"), MC_SPOTS)
def test_monte_carlo_is_within_five_standard_errors_of_exact(
    game: str, hands: list[str], board: str
) -> None:
    exact = calculate(hands, board, game=game, method="exact")
    mc = calculate(hands, board, game=game, method="monte-carlo", trials=200_000, seed=25)
    assert mc.method == "monte-carlo"
    assert np.all(mc.stderr > 0)
    assert np.all(np.abs(mc.equity - exact.equity) <= 5 * mc.stderr), (mc.equity, exact.equity)


@needs_jit
def test_auto_and_deals_keep_the_first_card() -> None:
    r = calculate(["AsAhKsKhQd", "random"], "2c", game="courchevel", trials=20_000, seed=3)
    assert r.game == "courchevel"
    assert r.equity.sum() == pytest.approx(1.0)
    d = deal("courchevel", hands=["AsAhKsKhQd", "random"], board="2c", n=200, seed=3)
    boards = d.to_frame()["board"]
    assert len(boards) == 400
    assert all(len(b) == 10 and b.startswith("2c") and b.count("2c") == 1 for b in boards)


@pytest.mark.parametrize("game", ["courchevel", "courchevel-hilo"])
def test_no_board_is_one_sentence_naming_five_card_omaha(game: str) -> None:
    omaha5 = "omaha5-hilo" if game.endswith("hilo") else "omaha5"
    with pytest.raises(ValueError, match=rf"a board of at least one card .* --game {omaha5}$"):
        calculate(HANDS, game=game)
    with pytest.raises(ValueError, match=r"a courchevel board has 1, 3, 4 or 5 cards, got 2"):
        calculate(HANDS, "AsKc", game="courchevel")


def test_the_command_line_exits_2_without_a_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["query", "--game", "courchevel", *HANDS]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "five-card Omaha: use --game omaha5" in err


@needs_jit
def test_the_command_line_query_exact_and_monte_carlo(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["query", "--game", "courchevel", *HANDS, "--board", "As", "--json"]) == 0
    exact = json.loads(capsys.readouterr().out)
    argv = ["query", "--game", "courchevel", *HANDS, "--board", "As", "--mc", "--json"]
    assert main([*argv, "--trials", "1e5", "--seed", "1"]) == 0
    mc = json.loads(capsys.readouterr().out)
    assert exact["method"] == "exact"
    assert mc["method"] == "monte-carlo"
    first = format_card(parse_cards("As")[0])
    assert first in str(exact["board"])
    e0 = exact["players"][0]["equity"]
    assert e0 == pytest.approx(89_262 / 101_270)
    assert abs(mc["players"][0]["equity"] - e0) <= 5 * mc["players"][0]["stderr"]
