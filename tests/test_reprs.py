"""How results show themselves: reprs with cards, notebook HTML, integer exact counts."""

from __future__ import annotations

import numpy as np

import equity
from equity.analysis.frequencies import category_frequencies
from equity.ranges import parse_range


def test_hand_reprs_show_cards() -> None:
    assert repr(equity.evaluate("Kh Kd 5s Ks 5c")) == (
        "PokerHand('Kh Kd 5s Ks 5c': full house, Kings over Fives)"
    )
    assert repr(equity.evaluate_zjh("AsAdKc")) == "ZJHHand('As Ad Kc': pair of Aces, King kicker)"


def test_result_repr_is_a_few_lines() -> None:
    """``repr(result)`` (a REPL) is a summary, not the dataclass's arrays and dicts."""
    r = equity.calculate(["AsKs", "QQ+,AKs"], board="Qs7s2c", categories=True)
    assert repr(r) == (
        "EquityResult(holdem exact, 11,880 outcomes, board Qs7s2c: AsKs 44.3056%, QQ+,AKs 55.6944%)"
    )
    mc = equity.calculate(["AsKs", *["random"] * 8], trials=2000, seed=1, categories=True)
    text = repr(mc)
    lines = text.splitlines()
    assert lines[0] == "EquityResult(holdem monte-carlo, 2,000 trials, seed 1:"
    assert len(lines) == 8  # the head, six players, the count of the others
    assert lines[1].startswith("  AsKs ")
    assert " ± " in lines[1]
    assert lines[-1] == "  ... 3 more players)"
    assert "array" not in text
    assert len(text) < 400


def test_analysis_reprs_are_one_line() -> None:
    assert repr(category_frequencies("five", method="exact")) == (
        "FrequencyTable(five exact: 2,598,960 hands of 5 cards)"
    )
    dist = equity.distribution(["QQ+,AKs", "JJ,TT"], board="Js7s2c")
    assert repr(dist) == (
        "EquityDistribution(holdem, board Js7s2c: exact, 196,020 outcomes enumerated; "
        "QQ+,AKs 22 combos 55.86%, JJ,TT 9 combos 44.14%)"
    )
    assert repr(dist.players[0]) == "PlayerDistribution('QQ+,AKs': 22 combos, 55.86%)"
    assert repr(equity.streets(["AsKs", "QhQd"], "Qs7s2c")) == (
        "StreetsResult(holdem flop Qs7s2c, 45 turn cards: AsKs 25.5556%, QhQd 74.4444%)"
    )
    assert repr(equity.hits("QQ+,AKs", board="Ts9s2h")) == (
        "HitsResult('QQ+,AKs' on Ts9s2h: 22 combos, 30 classes)"
    )


def test_notebook_html() -> None:
    html = parse_range("QQ+,AKs@50")._repr_html_()
    assert "22 combos" in html
    assert "AKs 50%" in html
    assert html.count("<tr>") == 13
    table = category_frequencies("five", method="exact")._repr_html_()
    assert "2,598,960 hands, exact" in table
    assert "straight flush" in table
    # notebook tables print shares in percent (the frames hold fractions)
    freq = category_frequencies("five", method="exact")
    assert f"<td>{freq.to_frame().loc['pair', 'frequency']:.6%}</td>" in freq._repr_html_()
    dist = equity.distribution(["QQ+,AKs", "JJ,TT"], board="Js7s2c")
    html = dist._repr_html_()
    assert all(f"<td>{d.equity:.2%}</td>" in html for d in dist.players)
    assert "None" not in html
    assert "NaN" not in html


def test_exact_counts_are_integers() -> None:
    r = equity.calculate(["AsKs", "QhQd"])
    assert r.counts.dtype == np.int64
    assert r.counts.tolist() == [[0, 787_966, 6_732], [0, 917_606, 6_732]]
    assert r.weight_total == 1_712_304
    weighted = equity.calculate(["AsKs", "QQ@50,JJ"], board="Qs7s2c")
    assert weighted.counts.dtype == np.float64  # weights of 1/2 make fractional counts
    freq = category_frequencies("zjh", method="exact")
    assert all(isinstance(v, int) for v in freq.counts.values())
