"""Playable hands: exact class and combo equities against references, the need, CLI, errors."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest
import reference_playable as refp

import equity
import equity.decisions.playable_equities as routes
from equity.cards import parse_cards
from equity.cli import main
from equity.decisions.playable_hands import NEED_TOLERANCE, PlayableResult, parse_need, playable
from equity.ranges import CLASSES, parse_range


def _equities(r: PlayableResult) -> dict[str, float]:
    return dict(zip(r.hands["hand"], r.hands["equity"], strict=True))


def _combos_of(text: str) -> set[tuple[int, int]]:
    return {(int(a), int(b)) for a, b in parse_range(text).combos} if text else set()


# ---------------------------------------------------------------------------
# hold'em preflop


@pytest.mark.parametrize(
    ("villain", "weights"),
    [
        ("QQ+,AKs", {"AA": 1, "KK": 1, "QQ": 1, "AKs": 1}),
        ("TT,AQo@50,72o,K5s@25", {"TT": 1, "AQo": Fraction(1, 2), "72o": 1, "K5s": Fraction(1, 4)}),
    ],
)
def test_holdem_preflop_against_the_published_table(
    villain: str, weights: dict[str, Fraction | int]
) -> None:
    """Every class's equity equals the sum of Irving and d'Eon's published exact table."""
    r = playable(villain, need=0.5)
    assert r.method == "preflop table"
    assert r.exact
    got = _equities(r)
    assert set(got) == set(CLASSES)
    for label in CLASSES:
        expected = refp.class_equity_published(label, weights)
        assert expected is not None
        assert got[label] == pytest.approx(float(expected), rel=0, abs=1e-12), label
    assert set(r.table["hand"]) == refp.playable_set(got, 0.5)
    assert set(r.table["hand"]) == {
        h for h in CLASSES if refp.class_equity_published(h, weights) >= Fraction(1, 2)
    }


def test_holdem_preflop_against_random_is_the_shipped_vs_random_counts() -> None:
    """Against ``random`` every class's equity is its exact equity against one random hand
    (``preflop_equity_vs_random``: a separate board sweep over C(50, 5) x C(45, 2) deals)."""
    from equity.ranges import preflop_equity_vs_random

    got = _equities(playable("random", need=0.5))
    for label, (win, tie, total) in preflop_equity_vs_random().items():
        assert got[label] == pytest.approx((win + tie / 2) / total, rel=0, abs=1e-12), label
    by_patterns = routes.by_patterns(parse_range("random").dense, routes.game_classes(0), "holdem")
    np.testing.assert_allclose(by_patterns, [got[c] for c in CLASSES], rtol=0, atol=1e-12)


def test_holdem_preflop_per_combo_weights_against_pairs() -> None:
    """A range with per-combo weights: every class pair by pair from the pattern counts."""
    villain = "QQ+,AsKs@50,KhKd@25,7c2d"
    r = playable(villain, need="45%")
    assert r.method == "suit patterns"
    rng = parse_range(villain)
    combos = {(int(a), int(b)): float(w) for (a, b), w in zip(rng.combos, rng.weights, strict=True)}
    got = _equities(r)
    for label in CLASSES:
        expected = refp.class_equity_by_pairs(label, combos)
        assert expected is not None
        assert got[label] == pytest.approx(expected, rel=0, abs=1e-12), label
    assert set(r.table["hand"]) == refp.playable_set(got, 0.45)


def test_the_table_and_the_patterns_agree() -> None:
    """Two routes, one answer: the 169x169 counts and the suit patterns of every combo pair."""
    dense = parse_range("99+,AJs+,KQo,T9s@50,54s").dense
    classes = routes.game_classes(0)
    by_table = routes.by_table(dense)
    by_patterns = routes.by_patterns(dense, classes, "holdem")
    np.testing.assert_allclose(by_patterns, by_table, rtol=0, atol=1e-12)


def test_pattern_keys_match_the_engine() -> None:
    from equity.engine.preflop_lookup import pattern_key

    hero = np.array([parse_cards("AsKs"), parse_cards("7h2c"), parse_cards("QdQc")], np.int64)
    villain = np.array([parse_cards("QhQd"), parse_cards("7c2h"), parse_cards("AhKh")], np.int64)
    keys = routes.pattern_keys(hero, villain)
    assert keys.tolist() == [pattern_key(*h, *v) for h, v in zip(hero, villain, strict=True)]


def test_class_equity_is_calculate_of_the_class() -> None:
    """A class's equity is ``calculate([CLASS, RANGE])``: card removal weighs its combos."""
    r = playable("AsAh,KK@50,AKs", need=0.5)
    got = _equities(r)
    for label in ("AA", "AKo", "KQs"):
        expected = equity.calculate([label, "AsAh,KK@50,AKs"], method="exact").equity[0]
        assert got[label] == pytest.approx(float(expected), abs=1e-12), label


def test_the_playable_range_text_holds_the_playable_classes() -> None:
    r = playable("15%", pot=150, call=100)
    assert r.need == pytest.approx(0.4)
    expected = set()
    for label in r.table["hand"]:
        expected |= _combos_of(label)
    assert _combos_of(r.range) == expected
    assert r.combos == len(expected) == int(r.table["combos"].sum())
    assert r.fraction == pytest.approx(len(expected) / 1326)
    assert list(r.table["equity"]) == sorted(r.table["equity"], reverse=True)
    assert (r.table["equity"] >= 0.4).all()
    assert (r.hands.loc[~r.hands["playable"], "equity"] < 0.4).all()


def test_a_hand_at_exactly_the_need_is_playable() -> None:
    kk = _equities(playable("QQ+", need=0.0))["KK"]
    assert "KK" in set(playable("QQ+", need=kk).table["hand"])
    assert "KK" not in set(playable("QQ+", need=kk + 10 * NEED_TOLERANCE).table["hand"])


def test_the_pot_odds_give_the_need() -> None:
    a = playable("JJ+,AQs+,AKo", pot=150, call=100)
    b = playable("JJ+,AQs+,AKo", need=0.4)
    assert (a.range, a.need, a.pot, a.call) == (b.range, 0.4, 150.0, 100.0)
    assert a.range == "QQ+,AK"
    assert playable("QQ+", need=1.0).range == ""
    assert playable("QQ+", need="0%").combos == 1326


# ---------------------------------------------------------------------------
# short deck and dead cards: the engine, class by class


def test_shortdeck_preflop_against_calculate() -> None:
    villain = "AA,KQs,T9s@50"  # hands on either side of the pattern keys: both orientations
    r = playable(villain, need=0.4, game="shortdeck")
    assert r.method == "suit patterns"
    got = _equities(r)
    assert len(got) == 81
    assert all(len(h) == 2 or (h[0] in "AKQJT9876" and h[1] in "AKQJT9876") for h in got)
    for label in ("KK", "T9s", "AKo", "66", "JJ"):
        expected = equity.calculate([label, villain], game="shortdeck", method="exact")
        assert got[label] == pytest.approx(float(expected.equity[0]), abs=1e-12), label
    assert set(r.table["hand"]) == refp.playable_set(got, 0.4)


def test_dead_cards_against_calculate() -> None:
    r = playable("AA,T9s", need=0.3, dead="Kc9d", game="shortdeck")
    assert r.method == "engine"
    got = _equities(r)
    for label in ("KK", "T9s", "AQo"):
        expected = equity.calculate(
            [label, "AA,T9s"], dead="Kc9d", game="shortdeck", method="exact"
        ).equity[0]
        assert got[label] == pytest.approx(float(expected), abs=1e-12), label
    sizes = r.hands.set_index("hand")["combos"]
    assert (sizes["KK"], sizes["K9s"], sizes["AQo"]) == (3, 2, 12)  # combos without Kc, 9d
    dead = set(parse_cards("Kc9d"))
    assert not any(dead & set(combo) for combo in _combos_of(r.range))  # never dealt
    assert r.combos == sum(r.table["combos"])


def test_a_class_with_no_deal_is_left_out() -> None:
    """Against AsAh with the Ad dead, no AA combo can be dealt: AA is not a hand here."""
    r = playable("AsAh", need=0.5, dead="Ad", game="shortdeck")
    assert "AA" not in set(r.hands["hand"])
    assert len(r.hands) == 80
    r = playable("AsAh", need=0.5, game="shortdeck")  # AdAc is left: AA plays, as a class
    assert r.hands.set_index("hand").loc["AA", "combos"] == 6


@pytest.mark.slow
def test_holdem_dead_cards_against_calculate() -> None:
    r = playable("AA", need=0.5, dead="Kc")
    got = _equities(r)
    expected = equity.calculate(["KK", "AA"], dead="Kc", method="exact").equity[0]
    assert got["KK"] == pytest.approx(float(expected), abs=1e-12)
    assert r.hands.set_index("hand").loc["KK", "combos"] == 3


def test_dead_cards_too_costly_are_refused_with_the_estimate() -> None:
    with pytest.raises(ValueError, match=r"would take about .* hand evaluations, beyond the limit"):
        playable("random", need=0.5, dead="Kc")


# ---------------------------------------------------------------------------
# on a board: every combo


def test_flop_combos_against_calculate() -> None:
    villain = "QQ+,AKs,JTs"
    r = playable(villain, board="Ts9s2h", need=0.5)
    assert r.method == "engine"
    got = _equities(r)
    assert len(got) == 1176  # C(49, 2): every combo off the board
    for combo in ("AsAh", "JsTh", "9h9d", "8s7s", "KdQc", "2s2c"):
        expected = equity.calculate([combo, villain], board="Ts9s2h", method="exact").equity[0]
        assert got[combo] == pytest.approx(float(expected), abs=1e-12), combo
    assert set(r.table["hand"]) == refp.playable_set(got, 0.5)
    assert _combos_of(r.range) == {
        tuple(sorted(parse_cards(c), reverse=True)) for c in r.table["hand"]
    }


def test_turn_combos_against_the_plain_reference() -> None:
    villain = "KK,AhQh@50,9c8c"
    board = parse_cards("Kh7h2d5c")
    r = playable(villain, board="Kh7h2d5c", need=0.6)
    got = _equities(r)
    rng = parse_range(villain)
    combos = {
        (int(a), int(b)): Fraction(float(w))
        for (a, b), w in zip(rng.combos, rng.weights, strict=True)
    }
    for text in ("AhJh", "7s7c", "6d4d", "KsQs", "AdAc"):
        hero = tuple(parse_cards(text))
        expected = refp.combo_equity_on_board((hero[0], hero[1]), combos, board)
        assert expected is not None
        assert got[text] == pytest.approx(float(expected), abs=1e-12), text


def test_shortdeck_turn_against_the_plain_reference() -> None:
    villain = "AA,KQs"
    board = parse_cards("Ah9d8c6s")
    r = playable(villain, board="Ah9d8c6s", need=0.5, game="shortdeck")
    got = _equities(r)
    assert len(got) == 496  # C(32, 2)
    combos = {(int(a), int(b)): 1 for a, b in parse_range(villain).remove("Ah9d8c6s").combos}
    for text in ("7s7c", "JdTd", "KsKd", "AcQc"):
        hero = tuple(parse_cards(text))
        expected = refp.combo_equity_on_board((hero[0], hero[1]), combos, board, game="shortdeck")
        assert expected is not None
        assert got[text] == pytest.approx(float(expected), abs=1e-12), text
    assert set(r.table["hand"]) == refp.playable_set(got, 0.5)


@pytest.mark.parametrize(
    ("villain", "board", "dead", "game"),
    [
        ("66+,A2s+,K9s+,QTs+,ATo+,KJo+,T9s@33", "Ts9s2h", "", "holdem"),
        ("random", "Ts9s2h4c", "Kd", "holdem"),
        ("22+,A2+@70,KQ", "Kh7c2d9s3h", "As", "holdem"),
        ("random", "Ts9s6h", "", "shortdeck"),
    ],
)
def test_runouts_equal_the_engine_combo_by_combo(
    villain: str, board: str, dead: str, game: str
) -> None:
    """Wide ranges on a board are summed runout by runout: every combo as the engine's run."""
    r = playable(villain, board=board, dead=dead, need=0.5, game=game)
    assert r.method == "runouts"
    got = _equities(r)
    b, d = parse_cards(board), parse_cards(dead) if dead else []
    rng = parse_range(villain).remove(board + dead)
    names, equities, _ = routes.on_board(rng, b, d, game)  # one exact engine run
    assert set(got) == set(names)
    for name, e in zip(names, equities, strict=True):
        assert got[name] == pytest.approx(e, rel=0, abs=1e-12), name
    assert set(r.table["hand"]) == refp.playable_set(got, 0.5)


def test_runouts_against_the_plain_reference() -> None:
    villain = "TT+,AQs+,AKo,9c8c@40,QhJh@25"
    board = parse_cards("Kh7h2d5c")
    r = playable(villain + ",65s,76s,87s,98s,T9s,JTs", board="Kh7h2d5c", need=0.5)
    assert r.method == "runouts"
    got = _equities(r)
    rng = parse_range(villain + ",65s,76s,87s,98s,T9s,JTs")
    combos = {
        (int(a), int(b)): Fraction(float(w))
        for (a, b), w in zip(rng.combos, rng.weights, strict=True)
    }
    for text in ("AhJh", "7s7c", "6d4d", "KsQs"):
        hero = tuple(parse_cards(text))
        expected = refp.combo_equity_on_board((hero[0], hero[1]), combos, board)
        assert expected is not None
        assert got[text] == pytest.approx(float(expected), abs=1e-12), text


def test_river_with_dead_cards() -> None:
    r = playable("AA,KK", board="Kh7c2d9s3h", dead="As", need=0.5)
    got = _equities(r)
    assert "AsAh" not in got  # dead
    expected = refp.combo_equity_on_board(
        tuple(parse_cards("QcJc")),  # type: ignore[arg-type]
        {(int(a), int(b)): 1 for a, b in parse_range("AA,KK").combos},
        parse_cards("Kh7c2d9s3h"),
        parse_cards("As"),
    )
    assert got["QcJc"] == pytest.approx(float(expected or 0), abs=1e-12)


# ---------------------------------------------------------------------------
# the result, the need and errors


def test_result_is_frozen_with_a_short_repr() -> None:
    r = playable("QQ+", need=0.5)
    assert isinstance(r, equity.PlayableResult)
    assert repr(r) == "PlayableResult(holdem, need 50.00% against 'QQ+': AA, 6 combos, exact)"
    with pytest.raises(AttributeError):
        r.need = 0.1  # type: ignore[misc]
    assert list(r.table.columns) == ["hand", "equity", "combos"]
    assert list(r.hands.columns) == ["hand", "equity", "combos", "playable"]
    assert "AA" in r._repr_html_()
    long = playable("QQ+", board="Ts9s2h3c", need=0.3)
    assert len(long.range) > 100
    assert len(repr(long)) < 160


@pytest.mark.parametrize(
    ("text", "value"), [("45%", 0.45), ("0.45", 0.45), (0.45, 0.45), ("100%", 1.0), (0, 0.0)]
)
def test_parse_need(text: object, value: float) -> None:
    assert parse_need(text) == pytest.approx(value)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"need": 0.5, "pot": 10, "call": 5}, "give the need or the pot and the call, not both"),
        ({}, "give the equity a hand needs"),
        ({"pot": 10}, "the pot odds need the call too"),
        ({"need": "140%"}, "the need '140%' is outside 0-100%"),
        ({"need": -0.1}, "the need -0.1 is outside 0-100%"),
        ({"need": "lots"}, "the need 'lots' is not an equity"),
        ({"pot": -1, "call": 5}, "the pot -1 is negative"),
        ({"pot": 0, "call": 0}, "the pot and the call are both 0"),
        ({"need": 0.5, "game": "omaha"}, "playable hands are for holdem and shortdeck"),
        ({"need": 0.5, "board": "Ts9s"}, "the board 'Ts9s' has 2 cards: give 0, 3, 4 or 5"),
        ({"need": 0.5, "board": "Ts9s2h", "dead": "2h"}, "a card is both on the board and dead"),
        ({"need": 0.5, "board": "Ts9s2h", "game": "shortdeck"}, "2h: not in the shortdeck deck"),
        ({"need": 0.5, "board": "Tx9s2h"}, "the board 'Tx9s2h'"),
    ],
)
def test_errors(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match="^" + message.replace("(", r"\(")):
        playable("QQ+", **kwargs)  # type: ignore[arg-type]


def test_range_errors() -> None:
    with pytest.raises(ValueError, match="'XX'"):
        playable("QQ+,XX", need=0.5)
    with pytest.raises(ValueError, match="has no combo left in the deck"):
        playable("AsAh", board="As2c3d", need=0.5)
    with pytest.raises(ValueError, match="has no combo left in the deck"):
        playable("22-55", need=0.5, game="shortdeck")


# ---------------------------------------------------------------------------
# the command line


def test_cli_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["playable", "QQ+,AKs", "--pot", "150", "--call", "100"]) == 0
    out = capsys.readouterr().out
    assert "at least 40.0000% equity (the pot odds 100 / (150 + 100)) against QQ+,AKs" in out
    assert "playable: KK+" in out
    assert "2 of 169 classes, 12 of the 1,326 combos dealt (0.90%)" in out
    assert "AA    80.4452%       6" in out
    assert "figures are exact" in out


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["playable", "QQ+,AKs,JTs", "--board", "Ts9s2h", "--need", "80%", "--json"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    r = playable("QQ+,AKs,JTs", board="Ts9s2h", need=0.8)
    assert data["playable"] == r.range
    assert data["exact"] is True
    assert (data["need"], data["board"], data["game"]) == (0.8, "Ts9s2h", "holdem")
    assert [h["hand"] for h in data["hands"]] == list(r.table["hand"])
    assert data["combos"] == len(data["hands"]) == 15


def test_the_command_line_starts_light() -> None:
    """``equity playable`` adds nothing to the start-up of every command (no game registry)."""
    import subprocess
    import sys

    code = (
        "import sys, equity.cli; print([m for m in ('equity.games', 'numpy') if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_cli_help_has_examples(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["playable", "--help"]) == 0
    out = capsys.readouterr().out
    assert "examples:\n  equity playable" in out
    assert len(out.splitlines()) <= 60


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["QQ+", "--need", "40%", "--pot", "1", "--call", "1"], "give --need or --pot and --call"),
        (["QQ+"], "give the equity a hand needs (--need 45%)"),
        (["QQ+", "--pot", "3"], "--pot needs --call too"),
        (["QQ+", "--call", "3"], "--call needs --pot too"),
        (["QQ+", "--need", "140%"], "outside 0-100%"),
        (["QQ+", "--pot", "-3", "--call", "1"], "'-3' is not a number of chips at least 0"),
        (["QQ+,XX", "--need", "40%"], "'XX'"),
        (
            ["QQ+", "--need", "40%", "--game", "omaha"],
            "playable hands are for holdem and shortdeck, not the game 'omaha'",
        ),
        (["QQ+", "--need", "40%", "--board", "2c3d4h", "--game", "shortdeck"], "not in the"),
    ],
)
def test_cli_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    assert main(["playable", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err
    assert len(captured.err.strip().splitlines()) == 1
    assert "Traceback" not in captured.err
