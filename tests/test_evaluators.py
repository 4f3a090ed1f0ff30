"""The evaluators' one interface (:mod:`equity.evaluators`) agrees with each module's own API."""

from __future__ import annotations

import itertools

import pytest

from equity.evaluators import evaluator, named
from equity.evaluators.lowball import evaluate_stud8, stud8_low
from equity.evaluators.omaha import evaluate_omaha, low_of
from equity.evaluators.poker import rank_hands
from equity.evaluators.shortdeck import ShortDeckRules, rank_shortdeck
from equity.evaluators.zjh import ZJHRules, rank_zjh
from equity.games import GAMES

HANDS = {
    "holdem": (["AsAd", "KsKh", "AcAh", "7c8c"], "2c7d9hTsJc"),
    "five": (["AsKsQsJsTs", "2c2d2h2s3c", "AhKhQhJhTh"], ""),
    "stud": (["AsAdKcKd2s3h4h", "AcAhKsKh2d3c4c", "QsQdQh3s4d5c6c"], ""),
    "shortdeck": (["9s9d", "TsJd", "AhAc"], "9cQsKh6d7c"),
    "omaha": (["AsAhKsKh", "QdQcJdJc", "2d3d4c5c"], "Qs7h2c4d5d"),
    "omaha-hilo": (["As2h9c9d", "Ad3hKcQd", "5s6s7s8s"], "3d4c8hKsKd"),
    "zjh": (["2c3d5h", "AsKdJc", "KsKh3c", "AhKcJs"], ""),
    "razz": (["8h6d4c3s2hKdKc", "8s7d2c3dAhQcQd"], ""),
    "stud8": (["As2d3c4h8sKdKh", "Ac2c3d4d8hQsQh", "9s9dTcTdJcJsJh"], ""),
    "deuce-seven": (["7h5d4c3s2h", "8h6d4c3s2c"], ""),
    "badugi": (["7h4d3cAs", "8s5d2c2h"], ""),
}


def test_the_examples_cover_every_evaluator() -> None:
    assert {GAMES[name].evaluator for name in HANDS} == {g.evaluator for g in GAMES.values()}


@pytest.mark.parametrize("name", sorted(HANDS))
def test_compare_orders_the_hands_by_rank(name: str) -> None:
    ev = evaluator(name)
    hands, board = HANDS[name]
    groups = ev.compare(hands, board)
    ranks = [ev.rank(ev.evaluate(h, board)) for h in hands]
    assert sorted(i for group in groups for i in group) == list(range(len(hands)))
    for better, worse in itertools.pairwise(groups):
        assert min(ranks[i] for i in better) > max(ranks[i] for i in worse)
    for group in groups:
        assert len({ranks[i] for i in group}) == 1
        assert group == sorted(group)
    for h in hands:
        assert ev.describe(ev.evaluate(h, board))
        assert ev.evaluate(h, board).to_dict()["description"]


def test_compare_is_each_module_s_own() -> None:
    hands, board = HANDS["holdem"]
    assert evaluator("holdem").compare(hands, board) == rank_hands([f"{h} {board}" for h in hands])
    hands, board = HANDS["shortdeck"]
    rules = ShortDeckRules(straight_beats_trips=True)
    assert evaluator("shortdeck").compare(hands, board, rules) == rank_shortdeck(
        [f"{h} {board}" for h in hands], rules
    )
    rules_235 = ZJHRules(special_235=True)
    for hands in (["2c3d5h", "AsAdAc"], ["2c3d5h", "AsAdAc", "KsKd3c"]):
        assert evaluator("zjh").compare(hands, rules=rules_235) == rank_zjh(hands, rules_235)


def test_the_hilo_games_carry_their_low() -> None:
    hands, board = HANDS["omaha-hilo"]
    hilo, high_only = evaluator("omaha-hilo"), evaluator("omaha")
    for h in hands:
        assert hilo.evaluate(h, board) == evaluate_omaha(h, board, hilo=True)
        assert high_only.evaluate(h, board) == evaluate_omaha(h, board)
        assert hilo.low is not None
        assert hilo.low(h, board) == low_of(h, board)
    stud8 = evaluator("stud8")
    assert stud8.low is not None
    for h in HANDS["stud8"][0]:
        assert stud8.evaluate(h) == evaluate_stud8(h)
        assert stud8.low(h) == stud8_low(h)
    assert evaluator("holdem").low is None


def test_a_bound_evaluator_takes_its_game_s_hand_sizes() -> None:
    with pytest.raises(ValueError, match="a five hand needs 5 cards, got 7"):
        evaluator("five").evaluate("AsKsQsJsTs2c3c")
    assert named("poker").evaluate("AsKsQsJsTs2c3c").category == "straight flush"
    assert evaluator("holdem").bound(GAMES["five"]).game is GAMES["five"]
    with pytest.raises(ValueError, match="no evaluator 'holdem'"):
        named("holdem")
