"""Frictions a newcomer met (issue 33): hand syntax, messages, names and what the text shows."""

from __future__ import annotations

import json
import re

import pytest

from equity import calculate
from equity.cli import main
from equity.games import GAMES
from equity.ranges import parse_range

# ---------------------------------------------------------------------------
# stud and draw hands: parentheses and the empty hand


@pytest.mark.parametrize(
    ("hand", "needle"),
    [
        ("((As2s)3d", "opens a parenthesis inside another"),
        ("(As2s)3d)", "closes a parenthesis it never opened"),
        ("(As2s3d", "leaves a parenthesis open"),
        ("()As2s3d", "has empty parentheses"),
        ("(As)(2s))3d", "closes a parenthesis it never opened"),
    ],
)
@pytest.mark.parametrize("game", ["razz", "stud", "deuce-seven"])
def test_malformed_parentheses_are_one_sentence(hand: str, needle: str, game: str) -> None:
    with pytest.raises(ValueError, match=re.escape(needle)) as info:
        calculate([hand, "random"], game=game, trials=1000, seed=1)
    assert repr(hand) in str(info.value)
    assert "\n" not in str(info.value)


def test_down_card_parentheses_stay_in_the_labels(capsys: pytest.CaptureFixture[str]) -> None:
    r = calculate(["(As2s)3d", "(QhQd)2c"], game="razz", trials=1000, seed=1)
    assert r.hands == ("(As2s)3d", "(QhQd)2c")
    seventh = calculate(["(AsKd)Qh7c8d9s(2c)", "random"], game="stud", trials=1000, seed=1)
    assert seventh.hands[0] == "(AsKd)Qh7c8d9s(2c)"
    wild = calculate(["(A s)3d", "random"], game="razz", trials=1000, seed=1)
    assert wild.hands[0] == "(A s) 3d"
    assert main(["query", "--game", "razz", "(As2s)3d", "(QhQd)2c", "--trials", "1000"]) == 0
    assert "(As2s)3d" in capsys.readouterr().out
    assert (
        main(["query", "--game", "razz", "(As2s)3d", "(QhQd)2c", "--trials", "1e3", "--json"]) == 0
    )
    assert [p["hand"] for p in json.loads(capsys.readouterr().out)["players"]] == [
        "(As2s)3d",
        "(QhQd)2c",
    ]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_empty_hand_is_refused_in_every_game(game: str) -> None:
    """One rule everywhere, hold'em's: an empty hand is an error, never 'random'."""
    board = "As" if game.startswith("courchevel") else ""
    with pytest.raises(ValueError, match="''") as info:
        calculate(["random", ""], board=board, game=game, trials=1000, seed=1)
    assert "\n" not in str(info.value)


# ---------------------------------------------------------------------------
# messages and names


@pytest.mark.parametrize(
    ("text", "needle"),
    [("AA@-5", "weight -5% is negative"), ("-0.5:KK", "weight -0.5 is negative")],
)
def test_a_negative_weight_is_named(text: str, needle: str) -> None:
    with pytest.raises(ValueError, match=re.escape(needle)) as info:
        parse_range(text)
    assert "'@'" not in str(info.value)


def test_hilo_json_uses_the_table_names(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["query", "--game", "stud8", "(As2d)3c", "(KhKd)Kc", "--trials", "2000", "--seed", "1"]
    assert main(argv) == 0
    header = capsys.readouterr().out.splitlines()[1].split()
    assert header[:7] == ["player", "hand", "equity", "scoop", "part", "high", "high"]
    assert main([*argv, "--json"]) == 0
    player = json.loads(capsys.readouterr().out)["players"][0]
    assert list(player)[:4] == ["hand", "equity", "scoop", "part"]
    assert {"high", "high_tie", "low", "low_tie"} <= player.keys()
    assert not {"win", "tie", "high_win", "low_win"} & player.keys()


# ---------------------------------------------------------------------------
# what the text shows


@pytest.mark.parametrize(
    ("argv", "strength"),
    [
        (["eval", "--game", "razz", "8h6d4c3s2h"], False),
        (["eval", "--game", "deuce-seven", "7h5c4d3s2c"], False),
        (["eval", "--game", "badugi", "7h4d3cAs"], False),
        (["eval", "--game", "stud8", "As2d3c4h8sKdKh"], True),
        (["eval", "Kh", "Kd", "5s", "Ks", "5c", "2d", "3d"], True),
        (["compare", "--game", "razz", "8h6d4c3s2h", "9h6c4d3c2s"], False),
        (["compare", "AhAd", "KhKd", "--board", "2c7d9h"], True),
    ],
)
def test_a_low_game_text_leaves_the_strength_to_json(
    argv: list[str], strength: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 0
    assert ("strength" in capsys.readouterr().out) is strength
    assert main([*argv, "--json"]) == 0
    assert '"strength"' in capsys.readouterr().out


def test_by_class_only_when_a_player_has_several(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["query", "AA", "KK"]) == 0
    assert "by class" not in capsys.readouterr().out
    assert main(["query", "AA", "KK,QQ"]) == 0
    out = capsys.readouterr().out
    assert "player 1 KK,QQ by class: " in out
    assert "player 0 AA by class: AA" in out  # once one player has several, every one is listed


def test_deal_prints_its_time(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "AhAd", "--players", "3", "--n", "1000", "--seed", "7"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert re.match(r"holdem: 1,000 deals of 3 players, seed 7, \d+\.\d\d s[ (]", first)
