"""The next card for ranges (range_streets, ``equity streets RANGE RANGE``): every row is
calculate on the board plus the card, the rows average to the current equity, the command."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from conftest import fails

import equity
from equity import calculate, range_streets
from equity.cards import card_mask, format_card, parse_cards
from equity.cli import main
from equity.ranges import parse_range

A, B, FLOP = "QQ+,AKs@50,JTs", "JJ-99,AQs", "Js7s2c"


@pytest.fixture(scope="module")
def flop() -> equity.RangeStreetsResult:
    return range_streets([A, B], FLOP, threads=1)  # the command runs on every thread


def test_each_row_is_calculate_on_the_board_plus_the_card(flop) -> None:
    assert flop.street == "flop"
    assert flop.next_street == "turn"
    assert flop.ranges == (A, B)
    assert flop.equity.tolist() == calculate([A, B], FLOP).equity.tolist()
    assert len(flop.next_cards) == 49
    assert flop.no_deal == ()
    for i, card in enumerate(flop.next_cards):
        r = calculate([A, B], board=FLOP + card, threads=1)  # the same on any thread count
        assert r.method == "exact"
        assert flop.next_equity[i].tolist() == r.equity.tolist(), card
        assert flop.next_deals[i] == r.weight_total, card


def test_the_next_cards_weighted_by_their_deals_average_to_the_current_equity(flop) -> None:
    turn = range_streets([A, B, "AhKh"], FLOP + "4d", threads=1)  # each river card
    assert turn.next_street == "river"
    # C holds Ah Kh: A keeps QQ 6, KK 3, AA 3, AKs 3, JTs 3; B JJ 3, TT 6, 99 6, AQs 3
    assert turn.combos.tolist() == [18, 18, 1]
    for s in (flop, turn):
        assert abs(s.mean_equity() - s.equity).max() < 1e-12
        mean = np.average(s.next_equity, axis=0, weights=s.next_deals)
        np.testing.assert_allclose(mean, s.equity, rtol=0, atol=1e-12)
    # known hands make every card equally likely: the figures of equity.streets
    hands, board = ["AsKs", "QhQd"], "Qs7s2c"
    s, known = range_streets(hands, board, threads=1), equity.streets(hands, board)
    assert s.combos.tolist() == [1, 1]
    assert np.all(s.next_deals == s.next_deals[0])
    by_card = dict(zip(s.next_cards, s.next_equity.tolist(), strict=True))
    assert by_card == dict(zip(known.next_cards, known.next_equity.tolist(), strict=True))


def test_combos_left_and_the_order_of_the_cards(flop) -> None:
    board = parse_cards(FLOP)
    masks = [[card_mask(list(map(int, c))) for c in parse_range(text).combos] for text in (A, B)]
    for i, card in enumerate(flop.next_cards):
        taken = card_mask([*board, *parse_cards(card)])
        left = [sum(1 for m in side if not m & taken) for side in masks]
        assert flop.next_combos[i].tolist() == left
    moves = np.abs(flop.change).max(axis=1)
    assert np.all(np.diff(np.round(moves, 12)) <= 0)  # the biggest change first
    np.testing.assert_allclose(flop.change[:, 0], -flop.change[:, 1], rtol=0, atol=1e-15)
    frame = flop.to_frame()
    assert list(frame.columns) == [
        "card", "equity_a", "equity_b", "change_a", "change_b", "combos_a", "combos_b", "deals",
    ]  # fmt: skip
    assert frame["card"].tolist() == list(flop.next_cards)
    assert frame.attrs["ranges"] == [A, B]


def test_cards_that_leave_no_deal_are_set_apart() -> None:
    s = range_streets(["AA", "KK,AhAd"], "AsKh2c", threads=1)  # A keeps AhAd, AhAc, AdAc
    assert not {"As", "Kh", "2c"} & set(s.next_cards)
    for card in s.no_deal:  # after them A and B cannot both be dealt
        with pytest.raises(ValueError, match=r"no legal deal|no combo left"):
            calculate(["AA", "KK,AhAd"], board="AsKh2c" + card)
    assert len(s.next_cards) + len(s.no_deal) == 49
    assert abs(s.mean_equity() - s.equity).max() < 1e-12
    deck = {format_card(c) for c in range(52)} - {"As", "Kh", "2c"}
    assert set(s.next_cards) | set(s.no_deal) == deck


def test_dict_text_and_heat_map(flop) -> None:
    record = flop.to_dict()
    json.dumps(record)
    assert record["ranges"] == [A, B]
    assert [c["card"] for c in record["next_cards"]] == list(flop.next_cards)
    assert record["next_cards"][0]["combos"] == flop.next_combos[0].tolist()
    text = str(flop)
    assert f"A {A}" in text
    assert "biggest change first" in text
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    try:
        ax = flop.plot()
        assert "exact" in ax.get_title()
        assert [t.get_text() for t in ax.get_yticklabels()] == list("AKQJT98765432")
        cells = {t.get_text().split("\n")[0] for t in ax.texts}
        assert len(cells) == 52  # every card, the board's greyed
    finally:
        plt.close("all")


@pytest.mark.parametrize(
    ("hands", "board", "game", "needle"),
    [
        (["QQ+"], FLOP, "holdem", "at least 2"),
        (["QQ+", "JJ"], "Js7s", "holdem", "got 2 board cards"),
        (["QQ+", "JJ"], "Js7s2c4d5h", "holdem", "got 5 board cards"),
        (["AAxx", "KKxx"], FLOP, "omaha", "hold'em and short deck only"),
        (["QQ+", "JJ,AKz"], FLOP, "holdem", "AKz"),
    ],
)
def test_bad_input_is_a_value_error(hands, board, game, needle) -> None:
    with pytest.raises(ValueError, match=needle):
        range_streets(hands, board, game=game)


# ---------------------------------------------------------------- command line


def test_cli_ranges_text_json_and_plot(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, flop
) -> None:
    plot = tmp_path / "turn.png"
    assert main(["streets", A, B, "--board", FLOP, "--plot", str(plot)]) == 0
    out = capsys.readouterr().out
    assert "exact equity of each range" in out
    assert "A change" in out
    assert "figures are exact" in out
    assert "plot written" in out
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["streets", A, "AhKh", "--board", FLOP + "4d", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["ranges"] == [A, "AhKh"]
    assert record["next_street"] == "river"
    mean = np.average(
        [c["equity"] for c in record["next_cards"]],
        axis=0,
        weights=[c["deals"] for c in record["next_cards"]],
    )
    np.testing.assert_allclose(mean, record["equity"], rtol=0, atol=1e-12)


def test_cli_ranges_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    err = fails(capsys, "streets", "--game", "omaha", "AAxx", "KKxx", "--board", FLOP)
    assert "hold'em and short deck only" in err
    assert "no next card" not in fails(capsys, "streets", "QQ+", "JJ", "--board", "Js7s")
