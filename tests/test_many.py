"""Many small spots in one call (``equity.calculate_many``): each spot's figures are those of
``calculate`` on that spot, bit for bit, and a bad input is one sentence."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import equity
from equity import SpotResults, calculate, calculate_many
from equity.cards import CARD_NAMES, parse_cards


def _flops(hands: str, n: int) -> list[str]:
    used = set(parse_cards(hands))
    live = [c for c in range(52) if c not in used]
    every = list(itertools.combinations(live, 3))
    return ["".join(CARD_NAMES[c] for c in every[i]) for i in range(0, len(every), len(every) // n)]


def _same(result: equity.EquityResult, expected: equity.EquityResult) -> None:
    """The figures of two results are identical (not merely close)."""
    for name in ("equity", "win", "tie", "splits", "counts"):
        np.testing.assert_array_equal(getattr(result, name), getattr(expected, name), name)
    assert result.weight_total == expected.weight_total
    assert result.samples == expected.samples
    assert result.hands == expected.hands
    assert result.board == expected.board
    assert result.method == expected.method == "exact"


def test_one_hand_list_on_many_boards_equals_calculate() -> None:
    boards = _flops("AsKsQhQd", 40)
    r = calculate_many(["AsKs", "QhQd"], boards=boards)
    assert isinstance(r, SpotResults)
    assert len(r) == len(boards)
    assert r.equity.shape == r.win.shape == r.tie.shape == (len(boards), 2)
    assert r.counts.shape == (len(boards), 2, 3)
    for i, board in enumerate(boards):
        expected = calculate(["AsKs", "QhQd"], board=board)
        np.testing.assert_array_equal(r.equity[i], expected.equity)
        np.testing.assert_array_equal(r.win[i], expected.win)
        np.testing.assert_array_equal(r.tie[i], expected.tie)
        assert r.boards[i] == expected.board
        _same(r[i], expected)


@pytest.mark.parametrize(
    ("hands", "boards", "game", "dead"),
    [
        (["AsKs", "QhQd", "7c6c"], ["Qs7s2c", "2c3d4hKd", "Ts9s8sJhAd", "KcKdKh"], "holdem", "2d"),
        (["AsKs", "9h9d"], ["Ts7s6c", "Qh8h6dJd", "AhKhQhJh9c"], "shortdeck", ""),
    ],
)
def test_one_launch_for_many_boards_equals_spot_by_spot(
    hands: list[str], boards: list[str], game: str, dead: str
) -> None:
    """Known hands on many boards (flops, turns, rivers) go to the kernel in one launch;
    every figure equals the spots' own enumerations (the route of (hands, board) pairs)."""
    r = calculate_many(hands, boards=boards, game=game, dead=dead)
    one_by_one = calculate_many([(hands, b) for b in boards], game=game, dead=dead)
    for name in ("equity", "win", "tie", "counts", "weight_total"):
        np.testing.assert_array_equal(getattr(r, name), getattr(one_by_one, name), name)
    assert (r.hands, r.boards, r.dead) == (one_by_one.hands, one_by_one.boards, one_by_one.dead)
    for i, board in enumerate(boards):
        _same(r[i], calculate(hands, board=board, game=game, dead=dead, method="exact"))
    assert [res.board for res in r.results] == list(r.boards)
    assert len(r._runs[1:3]) == 2


@pytest.mark.parametrize(
    ("spots", "game"),
    [
        (
            [
                (["AsKs", "QhQd"], "Qs7s2c"),
                (["AhAd", "random"], "Kh7c2s"),  # a random hand: many assignments
                (["AhAd", "QQ+,AKs"], "Kh7c2sTd"),  # a range: per-combo tables
                (["7c6c", "AhKd"], "Ts9s2h8d"),
                (["AsKs", "QhQd"], ""),  # preflop: the table's counts are the enumeration's
            ],
            "holdem",
        ),
        ([(["AsKsQhJh", "7c7d6c6d"], "2s3s4d"), (["AsKsQhJh", "AhAdKcKd"], "Ts9s2h")], "omaha"),
        (
            [(["AsKs2h3h", "7c7d6c6d"], "4s5s8d"), (["AsKs2h3h", "AhAd4c4d"], "Ts9s2d")],
            "omaha-hilo",
        ),
        ([(["AsKs", "9h9d"], "Ts7s6c"), (["AhKh", "JcTc"], "Qh8h6d")], "shortdeck"),
    ],
)
def test_spots_equal_calculate(spots: list[tuple[list[str], str]], game: str) -> None:
    r = calculate_many(spots, game=game)
    assert r.game == game
    for i, (hands, board) in enumerate(spots):
        expected = calculate(hands, board=board, game=game, method="exact")
        np.testing.assert_array_equal(r.equity[i], expected.equity)
        np.testing.assert_array_equal(r.win[i], expected.win)
        np.testing.assert_array_equal(r.tie[i], expected.tie)
        _same(r.results[i], expected)
        assert r[i].outcomes is None or expected.outcomes is not None


def test_dead_cards_and_threads() -> None:
    r = calculate_many(["AsKs", "QhQd"], boards=["Qs7s2c", "2c3d4h"], dead="Jc", threads=1)
    assert r.dead == "Jc"
    for i, board in enumerate(["Qs7s2c", "2c3d4h"]):
        expected = calculate(["AsKs", "QhQd"], board=board, dead="Jc", threads=1)
        _same(r[i], expected)


def test_frame_and_read_only() -> None:
    r = calculate_many(["AsKs", "QhQd"], boards=["Qs7s2c", "2c3d4h"])
    frame = r.to_frame()
    assert list(frame.columns) == ["spot", "board", "player", "hand", "equity", "win", "tie"]
    assert len(frame) == 4
    assert frame["hand"].tolist() == ["AsKs", "QhQd", "AsKs", "QhQd"]
    np.testing.assert_array_equal(frame["equity"].to_numpy(), r.equity.reshape(-1))
    with pytest.raises(ValueError, match="read-only"):
        r.equity[0, 0] = 1.0


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        (
            (["AsKs", "QhQd"],),
            {"boards": ["Qs7s2c"], "method": "monte-carlo"},
            r"calculate_many enumerates exactly \(method='exact'\), not method='monte-carlo'",
        ),
        ((["AsKs", "QhQd"],), {"boards": ["Qs7s2c"], "method": "auto"}, "method='auto'"),
        ((["AsKs", "QhQd"],), {"boards": "Qs7s2c"}, "boards must be a list of boards"),
        (("AsKs QhQd",), {}, "spots must be"),
        ((["AsKs", "QhQd"],), {}, r"spot 0 \('AsKs'\) is not a \(hands, board\) pair"),
        (([("AsKs", "QhQd", "Qs7s2c")],), {}, "is not a \\(hands, board\\) pair"),
        (([],), {}, "at least one spot"),
        ((["AsKs", "QhQd"],), {"boards": []}, "at least one spot"),
        ((["AsKs", "QhQd"],), {"boards": ["Qs7s2c", "AsKd2c"]}, r"spot 1: card 'As' is used twice"),
        ((["AsKs", "QhQd"],), {"boards": ["Qs7s h"]}, "partly known"),
        ((["AsKs", "QhQd"],), {"boards": ["Qs7s2c", "Jc", "Qs7s2x"]}, "spot 1: "),
        ((["AsKs", "QhQd"],), {"boards": ["Qs7s2c", "Qs7s2x"]}, "spot 1: "),
        ((["AsKs", "QhQd"],), {"boards": ["Qs7s2c", "2c3c"], "dead": "2c"}, "spot 0: "),
        ((["AsKs", "9h9d"],), {"boards": ["Ts7s6c", "Ts7s2c"], "game": "shortdeck"}, "spot 1: "),
        ((["AsKs", "QhQd"],), {"boards": ["Qs7s2c"], "dead": "A *"}, "dead cards must be exact"),
        ((["AsKs", "QhQd"],), {"boards": ["Qs7s2c"], "game": "nope"}, "nope"),
        (
            ([(["AsKs", "QhQd"], "Qs7s2c"), (["AsKs", "QhQd", "JcJd"], "2c3d4h")],),
            {},
            "spot 1 has 3 players, spot 0 2",
        ),
        (
            (["random", "random", "random", "random"],),
            {"boards": [""]},
            "spot 0: exact enumeration",
        ),
    ],
)
def test_bad_input(args: tuple[object, ...], kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        calculate_many(*args, **kwargs)  # type: ignore[arg-type]


def test_exported_lazily() -> None:
    assert "calculate_many" in equity.__all__
    assert "SpotResults" in equity.__all__
    assert equity.calculate_many is calculate_many
