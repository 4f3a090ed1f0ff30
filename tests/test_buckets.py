"""Equity buckets (EquityDistribution.buckets) and hand classes by bucket (hits_buckets):
against per-combo equities enumerated by the slow reference, their margins, the command."""

from __future__ import annotations

import functools
import itertools
import json
import math
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
import reference_equity as ref
from conftest import fails

import equity
from equity import distribution, hits, hits_buckets
from equity.analysis.buckets import buckets_record
from equity.analysis.hits import hand_classes
from equity.cards import parse_cards
from equity.cli import main
from equity.combos import ADVANCED_BUCKETS, bucket_edges, bucket_labels
from equity.ranges import parse_range

EDGES = [
    [0, 25, 50, 75, 100],
    list(ADVANCED_BUCKETS),
    [50, 100],  # a bucket of the combos at 50% or more: the shares sum to less than 1
]

# ---------------------------------------------------------------- the reference


def _combos(text: str, board: list[int]) -> list[tuple[tuple[int, int], Fraction]]:
    """The combos of a range that miss the board, with their range weights as fractions."""
    r = parse_range(text)
    return [
        (tuple(map(int, c)), Fraction(float(w)).limit_denominator(1000))
        for c, w in zip(r.combos, r.weights, strict=True)
        if w > 0 and not set(map(int, c)) & set(board)
    ]


@functools.cache
def _reference(hero: str, villain: str, board_text: str) -> list[list[tuple[Fraction, Fraction]]]:
    """Per player, (weight, equity) of each combo, from every deal enumerated by the slow
    reference: a deal is a pair of combos sharing no card and a completion of the board,
    counting the product of the combos' range weights."""
    board = parse_cards(board_text)
    sides = [_combos(hero, board), _combos(villain, board)]
    mass: list[dict[tuple[int, int], list[Fraction]]] = [{}, {}]  # combo -> [deals, pot share]
    for (a, wa), (b, wb) in ((x, y) for x in sides[0] for y in sides[1]):
        if set(a) & set(b):
            continue
        tally = ref.enumerate_equity([a, b], board)
        w = wa * wb
        for p, combo in enumerate((a, b)):
            share = sum(Fraction(tally.counts[p][k], k) for k in (1, 2))
            m = mass[p].setdefault(combo, [Fraction(0), Fraction(0)])
            m[0] += w * tally.total
            m[1] += w * share
    out = []
    for m in mass:
        total = sum(d for d, _ in m.values())
        out.append([(d / total, s / d) for d, s in m.values()])
    return out


def _bucket_shares(combos: list[tuple[Fraction, Fraction]], edges: list[float]) -> list[Fraction]:
    """The plain recomputation: the weight of the combos with lo <= equity < hi (the last
    bucket closed), edges read in percent."""
    e = [Fraction(x) / 100 for x in edges]
    shares = []
    for i, (lo, hi) in enumerate(itertools.pairwise(e)):
        last = i == len(e) - 2
        shares.append(sum(w for w, q in combos if lo <= q and (q < hi or (last and q == hi))))
    return shares


@pytest.mark.parametrize("edges", EDGES, ids=["quarters", "advanced", "above-50"])
def test_bucket_shares_equal_a_recomputation_from_reference_equities(edges) -> None:
    # a turn (the reference enumerates in plain Python); weights and card removal count
    hero, villain, board = "AA,KQs@50", "JJ,AhKd", "Js7s2c4d"  # AhKd blocks AA and KhQh
    d = distribution([hero, villain], board=board)
    assert d.method == "exact"
    for p, combos in enumerate(_reference(hero, villain, board)):
        expected = _bucket_shares(combos, edges)
        got = d.players[p].buckets(edges)
        np.testing.assert_allclose(got, [float(x) for x in expected], rtol=0, atol=1e-12)
        frame = d.buckets(edges)
        assert frame.iloc[:, p].tolist() == got.tolist()
    assert sum(_bucket_shares(_reference(hero, villain, board)[0], [0, 100])) == 1


@pytest.mark.slow
def test_bucket_shares_on_a_flop_equal_the_reference() -> None:
    hero, villain, board = "AA,KQs", "JJ", "Js7s2c"
    d = distribution([hero, villain], board=board)
    for p, combos in enumerate(_reference(hero, villain, board)):
        for edges in EDGES:
            expected = [float(x) for x in _bucket_shares(combos, edges)]
            np.testing.assert_allclose(d.players[p].buckets(edges), expected, atol=1e-12)


# ---------------------------------------------------------------- the cross-table

HERO, VILLAIN, FLOP = "QQ+,AKs,JTs,98s", "JJ-88,AQs+", "Js7s2c"


@pytest.fixture(scope="module")
def flop() -> equity.EquityDistribution:
    return distribution([HERO, VILLAIN], board=FLOP)


@pytest.mark.parametrize("edges", EDGES[:2], ids=["quarters", "advanced"])
def test_shares_sum_to_one_and_the_cross_table_has_the_bucket_and_class_margins(
    flop, edges
) -> None:
    for p, d in enumerate(flop.players):
        shares = d.buckets(edges)
        assert math.isclose(shares.sum(), 1.0, abs_tol=1e-12)
        cross = hits_buckets(flop, edges, player=p)
        assert list(cross.columns) == bucket_labels(edges)
        # the made hands without sub-classes and flag hold each combo once
        made = cross.loc["made hand"].loc[cross.attrs["partition"]]
        np.testing.assert_allclose(made.sum().to_numpy(), shares, atol=1e-12)
        # a row's margin is the class's share of the range, the combos weighted by their deals
        weight = dict(zip(d.combos, d.weights, strict=True))
        for (_, name), row in zip(cross.index, cross.to_numpy(), strict=True):
            expected = math.fsum(w for c, w in weight.items() if name in hand_classes(c, FLOP))
            assert abs(row.sum() - expected) < 1e-12, name
    assert (cross.to_numpy() >= 0).all()
    assert {"made hand", "draw"} == set(cross.index.get_level_values("group"))


def test_against_a_random_hand_the_class_margins_are_the_hits_shares() -> None:
    # a random villain leaves every hero combo the same deals: the weights are range weights
    board = "Ts9s2h5c"
    d = distribution(["AA,KQs@50,JTs,87o", "random"], board=board)
    cross = hits_buckets(d)
    expected = hits("AA,KQs@50,JTs,87o", board).shares()
    assert [name for _, name in cross.index] == list(expected)
    np.testing.assert_allclose(cross.sum(axis=1).to_numpy(), list(expected.values()), atol=1e-12)
    assert "backdoor flush draw" not in expected  # a turn: no backdoor draws


def test_bad_edges_and_inputs_are_one_sentence(flop) -> None:
    for edges, needle in [
        ([0, 50, 50], "must increase: 50 comes after 50"),
        ([50, 25], "must increase"),
        ([0, 101], "outside 0-100"),
        ([-5, 50], "outside 0-100"),
        ([50], "at least two"),
        ("0,x,100", "'x' is not a number"),
        (None, "numbers in percent"),
    ]:
        with pytest.raises(ValueError, match=needle):
            bucket_edges(edges)
    assert bucket_edges("0, 50%, 100").tolist() == [0.0, 50.0, 100.0]
    with pytest.raises(ValueError, match="preflop"):
        hits_buckets(distribution(["AA", "KK"]))
    with pytest.raises(ValueError, match="no player 2"):
        hits_buckets(flop, player=2)
    with pytest.raises(ValueError, match="hold'em only"):
        hits_buckets(distribution(["AA", "KK"], board="Ks7h6d", game="shortdeck"))


def test_the_json_record_and_the_plot(flop) -> None:
    record = buckets_record(flop, ADVANCED_BUCKETS)
    json.dumps(record)
    assert record["labels"][-1] == "[80%, 100%]"
    for p, player in enumerate(record["players"]):
        assert math.isclose(sum(player["shares"].values()), 1.0, abs_tol=1e-12)
        cross = hits_buckets(flop, ADVANCED_BUCKETS, p)
        for row in player["hits"]:
            assert row["buckets"] == cross.loc[(row["group"], row["class"])].to_dict()
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from equity.analysis.buckets import plot_buckets

    try:
        axes = plot_buckets(flop, ADVANCED_BUCKETS)
        assert len(axes) == 2
        labels = [t.get_text() for t in axes[0].get_yticklabels()]
        assert labels[0] == "whole range"
        assert "overpair" in labels
        assert [t.get_text() for t in axes[0].get_legend().get_texts()] == bucket_labels(
            ADVANCED_BUCKETS
        )
        assert "exact" in axes[0].figure.get_suptitle()
    finally:
        plt.close("all")


# ---------------------------------------------------------------- command line


def test_cli_text_json_and_plot(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    plot = tmp_path / "buckets.png"
    argv = ["distribution", HERO, VILLAIN, "--board", FLOP, "--buckets", "0,25,50,75,100"]
    assert main([*argv, "--plot", str(plot)]) == 0
    out = capsys.readouterr().out
    assert "[0%, 25%)  [25%, 50%)  [50%, 75%)  [75%, 100%]" in out
    assert f"player 0 {HERO}: share of the range by hand class and bucket" in out
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main([*argv, "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["buckets"]["edges"] == [0, 25, 50, 75, 100]
    hero = record["buckets"]["players"][0]
    assert hero["range"] == HERO
    assert math.isclose(sum(hero["shares"].values()), 1.0, abs_tol=1e-12)
    assert main(["distribution", "AA", "KK", "--buckets", "0,50,100", "--json"]) == 0
    preflop = json.loads(capsys.readouterr().out)["buckets"]["players"]
    assert preflop[0]["hits"] is None


@pytest.mark.parametrize(
    ("edges", "needle"),
    [
        ("0,50,50", "must increase: 50 comes after 50"),
        ("0,x", "'x' is not a number"),
        ("10", "at least two"),
        ("0,120", "outside 0-100"),
    ],
)
def test_cli_bad_edges(capsys: pytest.CaptureFixture[str], edges: str, needle: str) -> None:
    err = fails(capsys, "distribution", "AA", "KK", "--board", FLOP, "--buckets", edges)
    assert err.startswith("equity distribution: error: argument --buckets: ")
    assert needle in err
