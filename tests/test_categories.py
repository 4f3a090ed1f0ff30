"""Showdown categories in results: ``calculate(..., categories=True)`` against plain enumeration."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

from equity import calculate, evaluate, parse_cards, parse_range
from equity.cli import main
from equity.games import GAMES

NAMES = GAMES["holdem"].categories  # strongest first


def reference(hands: list[str], board: str) -> tuple[np.ndarray, np.ndarray, float]:
    """Plain Python: every (range combo, board) of known hands or one weighted range player.

    Returns ``ends[p, i]``, ``wins[p, i]`` (weighted, ``NAMES`` order) and the total weight.
    """
    known = parse_cards(board)
    options: list[list[tuple[tuple[int, ...], float]]] = []
    for h in hands:
        try:
            options.append([(tuple(parse_cards(h)), 1.0)])
        except ValueError:
            r = parse_range(h)
            options.append(
                [
                    (tuple(int(c) for c in combo), float(w))
                    for combo, w in zip(r.combos, r.weights, strict=True)
                ]
            )
    ends = np.zeros((len(hands), 9))
    wins = np.zeros((len(hands), 9))
    total = 0.0
    for choice in itertools.product(*options):
        cards = [c for combo, _ in choice for c in combo]
        if len(set(cards)) < len(cards) or set(cards) & set(known):
            continue
        weight = float(np.prod([w for _, w in choice]))
        live = [c for c in range(52) if c not in cards and c not in known]
        for extra in itertools.combinations(live, 5 - len(known)):
            hands_eval = [evaluate([*combo, *known, *extra]) for combo, _ in choice]
            best = max(h.strength for h in hands_eval)
            winners = [p for p, h in enumerate(hands_eval) if h.strength == best]
            for p, h in enumerate(hands_eval):
                ends[p, NAMES.index(h.category)] += weight
            if len(winners) == 1:
                wins[winners[0], NAMES.index(hands_eval[winners[0]].category)] += weight
            total += weight
    return ends, wins, total


@pytest.mark.parametrize(
    ("hands", "board"),
    [
        (["AsKs", "QhQd"], "Qs7s2c4d"),
        (["AsKs", "QhQd", "7h7d"], "Qs7s2c4d"),
        (["AhKd", "QQ+,AKs@50"], "Ts9s2h3d"),
        (["9h8h", "TT,AhJh"], "Th7c2s"),
    ],
)
def test_exact_categories_equal_plain_enumeration(hands: list[str], board: str) -> None:
    r = calculate(hands, board, categories=True)
    assert r.method == "exact"
    ends, wins, total = reference(hands, board)
    c = r.category_counts
    assert c is not None
    assert c.names == NAMES
    assert c.exact
    assert c.total == pytest.approx(total, rel=1e-12)
    np.testing.assert_allclose(c.ends, ends, rtol=1e-12)
    np.testing.assert_allclose(c.wins, wins, rtol=1e-12)
    # every deal ends with one category; sole wins sum to the win share
    np.testing.assert_allclose(r.categories.sum(axis=1), 1.0, rtol=1e-12)
    np.testing.assert_allclose(r.win_categories.sum(axis=1), r.win, rtol=1e-9)
    assert (r.categories_stderr.to_numpy() == 0).all()


def test_preflop_heads_up_counts_every_board() -> None:
    r = calculate(["AsKs", "QhQd"], categories=True)
    c = r.category_counts
    assert c is not None
    assert c.total == 1_712_304
    np.testing.assert_allclose(c.ends.sum(axis=1), 1_712_304)
    np.testing.assert_allclose(r.win_categories.sum(axis=1), r.win, rtol=1e-9)
    # QhQd never ends with high card; AsKs makes a flush on some boards
    assert r.categories.loc["QhQd", "high card"] == 0
    assert r.categories.loc["AsKs", "flush"] > 0.06


def test_same_counts_on_one_thread_and_two() -> None:
    one = calculate(["AhKd", "QQ+,AKs"], "Ts9s2h", categories=True, threads=1)
    two = calculate(["AhKd", "QQ+,AKs"], "Ts9s2h", categories=True, threads=2)
    assert one.category_counts is not None
    assert two.category_counts is not None
    np.testing.assert_array_equal(one.category_counts.ends, two.category_counts.ends)
    np.testing.assert_array_equal(one.category_counts.wins, two.category_counts.wins)


def test_short_deck_uses_its_order() -> None:
    r = calculate(["AsKs", "QhQd"], "Qs7s6c", game="shortdeck", categories=True)
    c = r.category_counts
    assert c is not None
    assert c.names[2:4] == ("flush", "full house")  # a flush beats a full house
    np.testing.assert_allclose(r.categories.sum(axis=1), 1.0)


def test_without_categories_the_properties_say_how() -> None:
    r = calculate(["AsKs", "QhQd"], "Qs7s2c")
    assert r.category_counts is None
    assert "categories" not in r.to_dict()["players"][0]
    with pytest.raises(ValueError, match="categories=True"):
        _ = r.categories


def test_omaha_is_one_sentence() -> None:
    with pytest.raises(ValueError, match="not omaha"):
        calculate(["AsAhKsKh", "QdQcJdJc"], "2c3c4c", game="omaha", categories=True)


@pytest.mark.parametrize(
    ("hands", "board", "extra"),
    [
        (["AsKs", "QhQd", "random"], "", {}),
        (["AhKd", "QQ+,AKs", "random"], "Ts9s2h", {}),
        (["AhAdAc", "random", "random"], "", {"game": "zjh"}),
        (["AsKsQsJsTs", "random"], "", {"game": "five"}),
    ],
)
def test_monte_carlo_counts_the_runs_own_deals(
    hands: list[str], board: str, extra: dict[str, object]
) -> None:
    kw = {"trials": 60_000, "seed": 5, "method": "monte-carlo", "categories": True, **extra}
    r = calculate(hands, board, **kw)  # type: ignore[arg-type]
    c = r.category_counts
    assert c is not None
    assert not c.exact
    assert c.total == r.samples == 60_000
    np.testing.assert_allclose(c.ends.sum(axis=1), 60_000)
    # the same deals as the equity: sole wins by category add up to the win counts
    np.testing.assert_array_equal(c.wins.sum(axis=1), r.counts[:, 1])
    two = calculate(hands, board, threads=1, **kw)  # type: ignore[arg-type]
    assert two.category_counts is not None
    np.testing.assert_array_equal(two.category_counts.ends, c.ends)
    se = r.categories_stderr.to_numpy()
    assert (se[(c.ends > 0) & (c.ends < c.total)] > 0).all()  # 0 or 1: no spread


def test_monte_carlo_within_five_standard_errors_of_exact() -> None:
    hands, board = ["AhKd", "QQ+,AKs"], "Ts9s2h"
    exact = calculate(hands, board, categories=True)
    mc = calculate(hands, board, method="monte-carlo", trials=200_000, seed=7, categories=True)
    diff = (mc.categories - exact.categories).to_numpy()
    se = mc.categories_stderr.to_numpy()
    assert (np.abs(diff) <= 5 * se + 1e-12).all()
    wdiff = (mc.win_categories - exact.win_categories).to_numpy()
    assert (np.abs(wdiff) <= 5 * mc.win_categories_stderr.to_numpy() + 1e-12).all()


def test_stopped_early_counts_the_deals_dealt() -> None:
    r = calculate(["AsKs", "QQ+"], target_stderr=0.004, seed=3, categories=True)
    assert r.stop_reason == "stderr"
    assert r.category_counts is not None
    assert r.category_counts.total == r.samples
    np.testing.assert_array_equal(r.category_counts.wins.sum(axis=1), r.counts[:, 1])


def test_zha_jin_hua_exact_with_the_235_rule() -> None:
    from equity.evaluators.zjh import ZJHRules

    r = calculate(["AhAdAc", "2s3d5c"], game="zjh", rules=ZJHRules(special_235=True),
                  categories=True)  # fmt: skip
    assert r.method == "exact"
    assert r.win_categories.loc["2s3d5c", "high card"] == 1.0  # 2-3-5 beats the bomb
    assert r.categories.loc["AhAdAc", "bomb"] == 1.0


def test_cli_json_and_table(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["query", "AsKs", "QhQd", "--board", "Qs7s2c", "--categories"]
    assert main([*argv, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    first = out["players"][0]
    assert first["categories"]["flush"] == pytest.approx(359 / 990)
    assert sum(first["categories"].values()) == pytest.approx(1.0)
    assert sum(first["win_categories"].values()) == pytest.approx(first["win"])
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "showdown categories" in text
    assert "ends with / wins with" in text
