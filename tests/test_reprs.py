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


def test_notebook_html() -> None:
    html = parse_range("QQ+,AKs@50")._repr_html_()
    assert "22 combos" in html
    assert "AKs 50%" in html
    assert html.count("<tr>") == 13
    table = category_frequencies("five", exact=True)._repr_html_()
    assert "2,598,960 hands, exact" in table
    assert "straight flush" in table


def test_exact_counts_are_integers() -> None:
    r = equity.calculate(["AsKs", "QhQd"])
    assert r.counts.dtype == np.int64
    assert r.counts.tolist() == [[0, 787_966, 6_732], [0, 917_606, 6_732]]
    assert r.weight_total == 1_712_304
    weighted = equity.calculate(["AsKs", "QQ@50,JJ"], board="Qs7s2c")
    assert weighted.counts.dtype == np.float64  # weights of 1/2 make fractional counts
    freq = category_frequencies("zjh", exact=True)
    assert all(isinstance(v, int) for v in freq.counts.values())
