"""Equity distributions: combo equities that average to the range's equity, the CLI, the plot."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

import equity
from equity import calculate
from equity.analysis.distribution import distribution
from equity.cli import main
from equity.combos import EquityDistribution

FLOP = "Js7s2c"
HERO, VILLAIN = "QQ+,AKs", "JJ-88,AQs+"


@pytest.fixture(scope="module")
def flop() -> EquityDistribution:
    return distribution([HERO, VILLAIN], board=FLOP)


def test_the_weighted_mean_of_the_combos_is_the_players_equity(flop):
    assert flop.method == "exact"
    assert flop.result is not None
    for p, d in enumerate(flop.players):
        assert math.isclose(d.weights.sum(), 1.0, abs_tol=1e-12)
        assert abs(math.fsum(d.weights * d.equities) - flop.result.equity[p]) < 1e-12
        assert d.equity == flop.result.equity[p]
        assert np.all(np.diff(d.equities) <= 0)  # strongest first
        assert d.stderr is None
        assert d.player_stderr is None


@pytest.mark.parametrize(
    ("hands", "board"),
    [
        (["AK@50,QQ,T9s@25", "JJ,TT"], "Ts9s2h"),  # weighted combos
        (["QQ+", "JJ,TT", "AK"], FLOP),  # three ranges
        (["AhKd", "22+,A2s+"], "Ts9s2h5c"),  # a hand: one combo
    ],
)
def test_the_mean_holds_with_weights_three_players_and_known_hands(hands, board):
    d = distribution(hands, board=board)
    assert d.method == "exact"
    for p, player in enumerate(d.players):
        assert abs(math.fsum(player.weights * player.equities) - d.result.equity[p]) < 1e-12


def test_each_combos_equity_is_that_combo_against_the_villain(flop):
    hero = flop.players[0]
    for combo in (hero.combos[0], hero.combos[len(hero.combos) // 2], hero.combos[-1]):
        alone = calculate([combo, VILLAIN], board=FLOP)
        i = hero.combos.index(combo)
        assert alone.method == "exact"
        assert abs(hero.equities[i] - alone.equity[0]) < 1e-12


def test_shares_above_50_and_75_against_a_hand_count():
    # River: AA and JJ (set) beat QdQc, 44 loses, QsQh splits; no card removal between them:
    # 6 + 3 + 6 + 1 = 16 equally likely combos.
    d = distribution(["AA,JJ,44,QsQh", "QdQc"], board="Kc7d9hJs3s")
    hero, villain = d.players
    assert len(hero.combos) == 16
    np.testing.assert_allclose(hero.weights, 1 / 16)
    assert hero.above(0.5) == pytest.approx(9 / 16)
    assert hero.above(0.75) == pytest.approx(9 / 16)
    assert hero.above(0.4) == pytest.approx(10 / 16)
    assert hero.equity == pytest.approx(9.5 / 16)
    assert dict(zip(hero.combos, hero.equities, strict=True))["QsQh"] == 0.5
    assert villain.combos == ("QdQc",)
    assert villain.equity == pytest.approx(6.5 / 16)
    shares, edges = hero.histogram(4)
    np.testing.assert_allclose(shares, [6 / 16, 0, 1 / 16, 9 / 16])
    np.testing.assert_allclose(edges, [0, 0.25, 0.5, 0.75, 1])
    assert hero.equity_at(0.5) == 1.0
    assert hero.equity_at(1.0) == 0.0
    summary = d.summary()
    assert summary.loc[0, "above_50"] == pytest.approx(9 / 16)
    assert summary.loc[1, "combos"] == 1


def test_frame_histogram_dict_and_text(flop):
    frame = flop.to_frame()
    assert list(frame.columns[:6]) == ["player", "hand", "combo", "class", "weight", "equity"]
    assert len(frame) == sum(len(d.combos) for d in flop.players)
    assert frame.groupby("player")["weight"].sum().round(12).tolist() == [1.0, 1.0]
    assert frame["stderr"].isna().all()
    hist = flop.histogram()
    assert hist.shape == (20, 2)
    np.testing.assert_allclose(hist.sum(), 1.0)
    record = flop.to_dict()
    assert {"board", "players"} <= set(record)
    assert record["board"] == FLOP
    assert record["method"] == "exact"
    for player in record["players"]:
        assert {"range", "equity", "combos"} <= set(player)
        assert list(player["combos"].values()) == sorted(player["combos"].values(), reverse=True)
    json.dumps(record)
    text = str(flop)
    assert "exact" in text
    assert "above 50%" in text
    assert HERO in text


def test_a_random_player_is_the_whole_range():
    d = distribution(["AhKd", "random"], board="Ts9s2h")
    assert len(d.players[1].combos) == math.comb(47, 2)
    r = calculate(["AhKd", "random"], board="Ts9s2h")
    with pytest.raises(ValueError, match="dealt at random"):
        EquityDistribution.from_result(r)
    assert d.players[0].equity == pytest.approx(float(r.equity[0]), abs=1e-12)


def test_monte_carlo_is_reproducible_with_standard_errors():
    hands = ["QQ+,AK", "22+,AJ+,KQ"]
    a = distribution(hands, trials=20_000, seed=7)
    b = distribution(hands, trials=20_000, seed=7)
    assert a.method == "monte-carlo"
    assert a.seed == 7
    assert a.to_dict() == b.to_dict()
    for p, d in enumerate(a.players):
        assert d.stderr is not None
        assert np.all(d.stderr > 0)
        assert d.samples.sum() == a.samples
        np.testing.assert_allclose(d.stderr, np.sqrt(d.equities * (1 - d.equities) / d.samples))
        assert abs(math.fsum(d.weights * d.equities) - a.result.equity[p]) < 1e-12
    record = a.to_dict()["players"][0]
    assert set(record["combo_samples"]) == set(record["combos"]) == set(record["combo_stderr"])
    assert "Monte-Carlo" in str(a)


def test_the_api_refuses_games_without_ranges():
    with pytest.raises(ValueError, match="hold'em ranges"):
        distribution(["AhAdAc", "random"], game="zjh")
    assert equity.distribution is distribution


def test_the_plot_names_the_method(flop):
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ax = flop.plot()
    assert "exact" in ax.get_title()
    assert FLOP in ax.get_title()
    assert ax.get_xlabel()
    assert ax.get_ylabel()
    assert next(t.get_text() for t in ax.get_legend().get_texts()).startswith(HERO)
    mc = distribution(["AA,KK", "QQ+,AKs"], trials=2_000, seed=1)
    assert "Monte-Carlo" in mc.plot().get_title()
    plt.close("all")


def test_cli_text_json_and_plot(capsys, tmp_path):
    plot = tmp_path / "curve.png"
    assert main(["distribution", HERO, VILLAIN, "--board", FLOP, "--plot", str(plot)]) == 0
    out = capsys.readouterr().out
    assert "exact" in out
    assert ">50%" in out
    assert "equity curve" in out
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["distribution", HERO, "AhKd", "--board", FLOP, "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["board"] == FLOP
    assert [p["range"] for p in record["players"]] == [HERO, "AhKd"]
    assert record["players"][1]["combos"] == {"AhKd": record["players"][1]["equity"]}
    assert main(["distribution", "AA,KK", "QQ", "--trials", "2000", "--seed", "3", "--combos"]) == 0
    out = capsys.readouterr().out
    assert "Monte-Carlo" in out
    assert "std err" in out
    assert "AsAh" in out


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["QQ+,AKz", "JJ", "--board", FLOP], "'AKz'"),
        (["QQ+", "JJ", "--board", "Js"], "got 1"),
        (["QQ+", "JJ", "--board", "Js7s"], "got 2"),
        (["QQ+", "JJ", "--board", "Js7s2c3d4h5h"], "got 6"),
        (["QQ+", "JJ", "--board", "Jd7s2c", "--dead", "JhJc"], "no combo left"),
        (["QQ+"], "at least two players"),
        (["QQ+", "JJ", "--plot", "/no/such/folder/x.png"], "does not exist"),
        (["QQ+", "JJ", "--exact", "--time", "1"], "it takes no --time"),
    ],
)
def test_cli_bad_input_is_one_line_and_exit_2(capsys, argv, needle):
    assert main(["distribution", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert needle in lines[0]


def test_the_result_carries_its_distribution() -> None:
    from equity import calculate

    r = calculate(["QQ+,AKs", "JJ-88,AQs+"], board="Js7s2c")
    d = r.distribution
    assert d.exact
    assert [p.equity for p in d.players] == pytest.approx(list(r.equity), abs=1e-12)
