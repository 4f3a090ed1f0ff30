"""Street by street (equity.analysis.streets and ``equity streets``): exact, outs, errors."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from conftest import fails

import equity
from equity.analysis.streets import OUTS_DEFINITIONS, streets
from equity.cli import main
from equity.engine import calculate

# ---------------------------------------------------------------- exactness


@pytest.mark.parametrize(
    ("hands", "board", "dead", "game"),
    [
        (["AsKs", "QhQd"], "Qs7s2c", "", "holdem"),
        (["AhKd", "AcKc", "9s9h"], "Ks9d2c", "3h", "holdem"),  # three players, splits
        (["9h8h", "AcAd"], "Th7c2s3d", "", "holdem"),
        (["AsKs", "QhQd"], "Qs7s6c", "", "shortdeck"),
        (["AsKsQd2h", "QhQcJd3c"], "Qs7s2c4d", "", "omaha-hilo"),
    ],
)
def test_next_card_equities_average_to_the_current_equity(
    hands: list[str], board: str, dead: str, game: str
) -> None:
    s = streets(hands, board, dead, game=game)
    missing = 5 - len(s.board) // 2
    # every full board is reached once per order of its missing cards
    assert s.next_counts.sum(axis=0).tolist() == (missing * s.counts).tolist()
    assert len(s.next_cards) * s.next_denominator == missing * s.denominator
    now = s.exact_equity()
    after = s.exact_next_equity()
    for p in range(len(hands)):
        assert sum(row[p] for row in after) / len(after) == now[p]
        assert float(now[p]) == pytest.approx(s.equity[p], rel=1e-12)
    assert s.next_equity.mean(axis=0) == pytest.approx(s.equity, rel=1e-12)
    assert sum(now) == 1


def test_each_next_card_is_the_exact_equity_on_that_board() -> None:
    s = streets(["AsKs", "QhQd"], "Qs7s2c")
    for card in ("Js", "Ah", "2d"):
        r = calculate(["AsKs", "QhQd"], "Qs7s2c" + card, method="exact")
        i = s.next_cards.index(card)
        assert s.next_equity[i].tolist() == r.equity.tolist()


def test_next_cards_are_the_unseen_cards_of_the_deck() -> None:
    s = streets(["AsKs", "QhQd"], "Qs7s2c", dead="2h")
    assert len(s.next_cards) == 52 - 4 - 3 - 1
    assert not {"As", "Ks", "Qh", "Qd", "Qs", "7s", "2c", "2h"} & set(s.next_cards)
    assert s.next_cards[:4] == ("Ah", "Ad", "Ac", "Kh")
    short = streets(["AsKs", "QhQd"], "Qs7s6c", game="shortdeck")
    assert len(short.next_cards) == 36 - 7
    assert not any(c[0] in "2345" for c in short.next_cards)


# ---------------------------------------------------------------- outs


def test_a_flush_draw_against_a_set_on_the_turn() -> None:
    """AsKs has only the flush to beat QQQ; a river pairing the board fills QQ up."""
    s = streets(["AsKs", "QhQd"], "Qs7s2c4d")
    assert (s.street, s.next_street) == ("turn", "river")
    ak, qq = s.outs()
    flush = ("Js", "Ts", "9s", "8s", "6s", "5s", "3s")  # 4s and 2s pair the board
    assert ak["to_win"] == flush
    assert ak["raise_equity"] == flush
    assert qq["to_win"] == ()  # QQ is the favourite on the turn
    assert len(qq["raise_equity"]) == 44 - 7
    assert s.describe_outs()[0] == (
        "AsKs: 7 outs to win, 7 cards raise its equity (outs: Js Ts 9s 8s 6s 5s 3s)"
    )
    assert s.describe_outs()[1].startswith(
        "QhQd: 0 outs to win as the turn favourite, 37 cards raise its equity (equity up, "
        "not outs: "
    )
    assert s.favourite() == 1


def test_an_open_ended_straight_draw_against_aces_on_the_turn() -> None:
    s = streets(["9h8h", "AcAd"], "Th7c2s3d")
    draw, aces = s.outs()
    straights = ("Js", "Jh", "Jd", "Jc", "6s", "6h", "6d", "6c")
    assert set(draw["to_win"]) == set(straights)
    assert draw["raise_equity"] == draw["to_win"]
    assert aces["to_win"] == ()
    assert sorted(s.next_equity[:, 0].tolist()).count(1.0) == 8


def test_a_flush_draw_on_the_flop_becomes_the_favourite_on_a_spade() -> None:
    s = streets(["AsKs", "QhQd"], "Qs7s2c")
    assert s.street == "flop"
    ak, qq = s.outs()
    assert ak["to_win"] == ("Js", "Ts", "9s", "8s", "6s", "5s", "4s", "3s")  # 2s pairs the board
    assert ak["raise_equity"] == ak["to_win"]
    assert qq["to_win"] == ()
    assert set(qq["raise_equity"]) == set(s.next_cards) - set(ak["to_win"])
    i = s.next_cards.index("Js")
    assert s.next_equity[i, 0] == pytest.approx(34 / 44)  # QQ fills up on 10 rivers
    assert s.next_favourites()[i] == 0


def test_outs_of_three_players() -> None:
    """Only a club not pairing the board beats the set; AhKd never beats it (9c: quads)."""
    s = streets(["AhKd", "AcKc", "9s9h"], "Ks9d2c4c")
    assert s.favourite() == 2
    ak, flush_draw, nines = s.outs()
    clubs = ("Qc", "Jc", "Tc", "8c", "7c", "6c", "5c", "3c")
    assert flush_draw["to_win"] == flush_draw["raise_equity"] == clubs
    assert ak == {"to_win": (), "raise_equity": ()}
    assert s.exact_equity() == (0, Fraction(8, 42), Fraction(34, 42))
    assert nines["to_win"] == ()
    assert set(nines["raise_equity"]) == set(s.next_cards) - set(clubs)
    for p, o in enumerate(s.outs()):
        for card in o["to_win"]:
            assert s.next_favourites()[s.next_cards.index(card)] == p


# ---------------------------------------------------------------- outputs


def test_frame_dict_and_text() -> None:
    s = equity.streets(["AsKs", "QhQd"], "Qs7s2c")
    frame = s.to_frame()
    assert frame.shape == (45, 3)
    assert list(frame.columns) == ["AsKs", "QhQd", "favourite"]
    assert frame.loc["Js", "favourite"] == "AsKs"
    d = s.to_dict()
    assert {"hands", "board", "equity", "next_card"} <= set(d)
    assert d["hands"] == ["AsKs", "QhQd"]
    assert d["board"] == "Qs7s2c"
    assert len(d["next_card"]) == 45
    assert d["next_card"]["Js"] == pytest.approx([34 / 44, 10 / 44])
    assert d["outs"][0]["to_win"] == ["Js", "Ts", "9s", "8s", "6s", "5s", "4s", "3s"]
    json.dumps(d)
    text = str(s)
    assert "AsKs: 8 outs to win, 8 cards raise its equity" in text
    assert "equity up (* = out)" in text
    assert set(d["outs"][1]) == {"hand", "to_win", "raise_equity"}
    assert "turn" in text
    assert "exact" in text


def test_the_definitions_are_in_the_module_docstring() -> None:
    assert OUTS_DEFINITIONS.startswith("A next card is an *out* (an out to win")
    assert "*raises the equity*" in OUTS_DEFINITIONS
    assert "favourite" in OUTS_DEFINITIONS


def test_plot_is_labelled() -> None:
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    try:
        ax = streets(["AsKs", "QhQd"], "Qs7s2c4d").plot()
        assert "exact" in ax.get_title()
        assert ax.get_xlabel() == "river card"
        assert ax.get_ylabel()
        assert ax.get_legend() is not None
        assert len(ax.get_xticklabels()) == 44
    finally:
        plt.close("all")


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("hands", "board", "needle"),
    [
        (["AsKs"], "Qs7s2c", "at least 2"),
        (["AsKs", "QhQd"], "", "got 0 board cards"),
        (["AsKs", "QhQd"], "Qs7s", "got 2 board cards"),
        (["AsKs", "QhQd"], "Qs7s2c4d5h", "has no next card"),
        (["AsKs", "QsQd"], "Qs7s2c", "used twice"),
        (["AsKs", "QQ"], "Qs7s2c", "not known cards"),
        (["AsKs", "random"], "Qs7s2c", "not known cards"),
    ],
)
def test_bad_input_is_a_value_error(hands: list[str], board: str, needle: str) -> None:
    with pytest.raises(ValueError, match=needle):
        streets(hands, board)


def test_a_game_without_a_board_has_no_streets() -> None:
    with pytest.raises(ValueError, match="no board"):
        streets(["AsKsQs", "2c3d5h"], "Qd7s2c", game="zjh")


# ---------------------------------------------------------------- command line


def test_cli_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["streets", "AsKs", "QhQd", "--board", "Qs7s2c4d"]) == 0
    out = capsys.readouterr().out
    assert "AsKs: 7 outs to win, 7 cards raise its equity" in out
    assert "figures are exact" in out


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["streets", "AsKs", "QhQd", "--board", "Qs7s2c", "--dead", "2h", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert {"hands", "board", "equity", "next_card"} <= set(d)
    assert d["dead"] == "2h"
    assert len(d["next_card"]) == 44
    mean = np.mean(list(d["next_card"].values()), axis=0)
    assert mean == pytest.approx(d["equity"], rel=1e-12)


def test_cli_plot(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "turn.png"
    assert main(["streets", "AsKs", "QhQd", "--board", "Qs7s2c4d", "--plot", str(out)]) == 0
    assert "plot written" in capsys.readouterr().out
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["AsKs", "--board", "Qs7s2c"], "at least 2"),
        (["AsKs", "QhQd", "--board", "Qs7s"], "flop (3 cards) or a turn (4 cards)"),
        (["AsKs", "QhQd", "--board", "Qs7s2c4d5h"], "no next card"),
        (["AsKs", "QsQd", "--board", "Qs7s2c"], "used twice"),
        (["AsKs", "QhQd", "--board", "Qs7s2c", "--dead", "Qh"], "used twice"),
        (["AsKs", "QhQd"], "--board"),
        (["AsKs", "QhQd", "--board", "Qs7s2c", "--plot", "no/such/folder/x.png"], "cannot write"),
        (["AsKs", "QhQd", "--board", "Qs7s2c", "--game", "five"], "invalid choice: 'five'"),
    ],
)
def test_cli_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str], needle: str) -> None:
    err = fails(capsys, "streets", *argv)
    assert err.startswith("equity streets: error: ")
    assert needle in err


def test_cli_help_defines_the_outs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["streets", "--help"]) == 0
    out = capsys.readouterr().out
    assert "raises the equity" in out
    assert "improve" not in out
    assert "equity streets AsKs QhQd --board Qs7s2c" in out
