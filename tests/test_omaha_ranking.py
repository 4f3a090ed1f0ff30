"""The shipped ranking of Omaha starting hands (equity.ranges.omaha_ranking) and ``equity rank``.

Suit classes are checked against the orbits of the 24 suit permutations; the
shipped counts against a recomputation by the build's own unit (bit for bit,
same seed), against ``calculate`` with another seed and against a plain-Python
Monte-Carlo of tests/reference_games.py (z-tests at |z| < 5: a false alarm
about once in 1.7 million runs per figure); percent ranges against the order
they are cut from.
"""

from __future__ import annotations

import itertools
import json
import math
import random
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from reference_games import omaha_high_key

import equity
from equity.cards import format_cards, parse_cards
from equity.cli import main
from equity.engine.vs_random import class_seeds, omaha_vs_random_counts, omaha_vs_random_unit
from equity.ranges.omaha_ranking import (
    omaha_class_keys,
    omaha_classes,
    omaha_percent_combos,
    omaha_ranking,
    omaha_ranking_resolution,
    starting_hand_rank,
)

PERMUTATIONS = np.array(list(itertools.permutations(range(4))), dtype=np.uint8)
Z_BOUND = 5.0
CARD_WEIGHTS = np.int64(1) << np.arange(18, -1, -6)
"""Rows of cards (each < 64) as one number: lexicographic order is numeric order."""


def permuted(hands: np.ndarray, perm: np.ndarray) -> np.ndarray:
    """The hands with suit ``s`` replaced by ``perm[s]``."""
    return (hands & ~np.uint8(3)) | perm[hands & 3]


def test_four_card_classes_are_the_suit_permutation_orbits() -> None:
    classes = omaha_classes(4)
    assert len(classes.keys) == 16_432
    assert int(classes.sizes.sum()) == math.comb(52, 4) == 270_725
    assert np.array_equal(omaha_class_keys(classes.hands), classes.keys)
    # a class is one orbit: every permutation keeps the key, and the class size is
    # the number of distinct permuted hands (orbit-stabiliser, counted directly)
    rng = np.random.default_rng(35)
    pick = rng.choice(len(classes.keys), 200, replace=False)
    hands = classes.hands[pick]
    images = np.stack([np.sort(permuted(hands, p), axis=1) for p in PERMUTATIONS])
    for p in range(24):
        assert np.array_equal(omaha_class_keys(images[p]), classes.keys[pick])
    orbit = [len({images[p, i].tobytes() for p in range(24)}) for i in range(len(pick))]
    assert orbit == classes.sizes[pick].tolist()


def test_shipped_files_cover_every_class() -> None:
    for n_hole, n_classes in ((4, 16_432), (5, 134_459)):
        r = omaha_ranking(n_hole)
        assert len(r.keys) == n_classes
        assert int(r.sizes.sum()) == math.comb(52, n_hole)
        assert np.all(np.diff(r.keys) > 0)
        assert r.method == "monte-carlo"
        assert np.all((r.won >= 0) & (r.won + r.tied <= r.trials))
    assert np.array_equal(omaha_ranking(4).keys, omaha_classes(4).keys)


@pytest.mark.slow
def test_five_card_classes() -> None:
    classes = omaha_classes(5)
    assert len(classes.keys) == 134_459
    assert int(classes.sizes.sum()) == math.comb(52, 5)
    assert np.array_equal(omaha_ranking(5).keys, classes.keys)
    assert np.array_equal(omaha_ranking(5).sizes, classes.sizes)


@pytest.mark.parametrize(("game", "hand"), [("omaha", "AsKsQdJd"), ("omaha5", "9h8h7c6c2d")])
def test_a_suit_permuted_hand_gets_the_same_figures(game: str, hand: str) -> None:
    first = starting_hand_rank(hand, game)
    for perm in PERMUTATIONS[[5, 13, 23]]:
        other = format_cards(permuted(np.array(parse_cards(hand), dtype=np.uint8), perm))
        again = starting_hand_rank(other, game)
        assert (again.equity, again.stderr, again.rank, again.above) == (
            first.equity, first.stderr, first.rank, first.above,
        )  # fmt: skip


def test_the_order_is_monotone_and_above_counts_hands() -> None:
    for n_hole in (4, 5):
        r = omaha_ranking(n_hole)
        assert np.all(np.diff(r.equity[r.order]) <= 0)
        assert np.array_equal(np.sort(r.order), np.arange(len(r.keys)))
        sizes = r.sizes[r.order]
        assert np.array_equal(r.above[r.order], np.cumsum(sizes) - sizes)
        k = int(r.order[len(r.order) // 2])  # the error is that of a mean of per-deal shares
        shares = np.repeat([1.0, 0.5, 0.0], [r.won[k], r.tied[k], r.trials - r.won[k] - r.tied[k]])
        assert r.equity[k] == pytest.approx(shares.mean(), abs=1e-12)
        assert r.stderr[k] == pytest.approx(shares.std(ddof=1) / math.sqrt(r.trials), rel=1e-9)


def test_shipped_counts_are_reproduced_by_the_build_unit() -> None:
    """The build's unit, on the shipped seed and trials, gives the shipped counts exactly."""
    r = omaha_ranking(4)
    pick = np.array([9_000, len(r.keys) - 1])
    seeds = class_seeds(r.seed, len(r.keys))[pick]
    counts = omaha_vs_random_unit(omaha_classes(4).hands[pick], seeds, r.trials, -(-r.trials // 4))
    assert counts[:, 0].tolist() == r.won[pick].tolist()
    assert counts[:, 1].tolist() == r.tied[pick].tolist()


class _TwoWorkers:
    """Two threads as the engine's executor (``map_unordered``), one Numba thread per task."""

    def map_unordered(self, unit, calls):  # type: ignore[no-untyped-def]
        with ThreadPoolExecutor(2) as pool:
            futures = [pool.submit(unit, *args, threads=False) for args in calls]
            yield from reversed([(i, f.result()) for i, f in enumerate(futures)])


def test_build_chunks_do_not_depend_on_workers() -> None:
    hands = omaha_classes(4).hands[::4000]
    one = omaha_vs_random_counts(hands, 7, 600, 200, chunk=len(hands))
    two = omaha_vs_random_counts(hands, 7, 600, 200, chunk=3, executor=_TwoWorkers())  # type: ignore[arg-type]
    assert np.array_equal(one, two)
    assert np.all(one[:, 2] == 600)


@pytest.mark.parametrize("n_hole", [4, 5])
def test_shipped_figures_agree_with_calculate(n_hole: int) -> None:
    """Three classes (best, middle, worst) against ``calculate`` with another seed."""
    r = omaha_ranking(n_hole)
    game = "omaha" if n_hole == 4 else "omaha5"
    for k in r.order[[0, len(r.order) // 2, -1]]:
        hand = r.hand_of(int(k))
        check = equity.calculate([hand, "random"], game=game, trials=100_000, seed=99)
        z = (r.equity[k] - check.equity[0]) / math.hypot(r.stderr[k], check.stderr[0])
        assert abs(z) < Z_BOUND, (hand, r.equity[k], check.equity[0])


@pytest.mark.slow
def test_shipped_figure_agrees_with_the_reference_evaluator() -> None:
    """A plain-Python Monte-Carlo (reference evaluator) of two classes, z-tested."""
    r = omaha_ranking(4)
    rng = random.Random(2026)
    for k in r.order[[0, len(r.order) // 3]]:
        hero = omaha_classes(4).hands[k].tolist()
        deck = [c for c in range(52) if c not in hero]
        shares = []
        for _ in range(3_000):
            cards = rng.sample(deck, 9)
            mine, theirs = omaha_high_key(hero, cards[4:]), omaha_high_key(cards[:4], cards[4:])
            shares.append(1.0 if mine > theirs else 0.5 if mine == theirs else 0.0)
        mean = float(np.mean(shares))
        se = float(np.std(shares, ddof=1)) / math.sqrt(len(shares))
        assert abs(r.equity[k] - mean) / math.hypot(se, r.stderr[k]) < Z_BOUND


def test_percent_ranges_count_hands() -> None:
    everything = omaha_percent_combos(4, 0, 100)
    assert everything.shape == (270_725, 4)
    # distinct hands, highest card first, rows decreasing: OmahaRange's order of all of them
    assert np.all(np.diff(everything.astype(np.int64), axis=1) < 0)
    assert np.all(np.diff(everything.astype(np.int64) @ CARD_WEIGHTS) < 0)
    r = omaha_ranking(4)
    top = omaha_percent_combos(4, 0, 15)
    target = round(0.15 * 270_725)  # 40,608.75: 40,609
    keys = omaha_class_keys(top)
    taken = np.isin(r.keys, keys)
    # whole classes, the strongest first, the last one reaching the target
    assert len(top) == int(r.sizes[taken].sum()) >= target
    last = r.order[int(taken.sum()) - 1]
    assert len(top) - r.sizes[last] < target
    assert r.equity[taken].min() >= r.equity[~taken].max()
    assert np.array_equal(top, everything[np.isin(omaha_class_keys(everything), keys)])
    middle = omaha_percent_combos(4, 15, 30)
    assert len(np.intersect1d(omaha_class_keys(middle), keys)) == 0
    both = omaha_percent_combos(4, 0, 30)
    assert len(both) == len(top) + len(middle)
    assert len(omaha_percent_combos(4, 20, 20)) == 0
    with pytest.raises(ValueError, match="0 <= low <= high <= 100"):
        omaha_percent_combos(4, 30, 20)
    with pytest.raises(ValueError, match="6-card"):
        omaha_percent_combos(6, 0, 10)


def test_resolution_table() -> None:
    df = omaha_ranking_resolution(4)
    r = omaha_ranking(4)
    assert len(df) == 16_432
    assert df["hand"].iloc[0] == format_cards(omaha_classes(4).hands[r.order[0]])
    assert df["hand"].iloc[-1] == r.hand_of(int(r.order[-1]))
    gaps = df["gap_sigmas"].to_numpy()[:-1]
    assert np.all(gaps >= 0)
    assert np.array_equal(df["separated"].to_numpy()[:-1], gaps >= 2)
    assert np.all((df["above_low"] <= df["above"]) & (df["above"] <= df["above_high"]))


def test_holdem_rank_is_the_exact_table() -> None:
    r = starting_hand_rank("Ah Kh")
    counts = equity.ranges.preflop_equity_vs_random()["AKs"]
    assert r.equity == (counts[0] + counts[1] / 2) / counts[2]
    assert (r.method, r.stderr, r.n_classes) == ("exact", 0.0, 169)
    order = equity.ranges.preflop_ranking()
    assert r.rank == order.index("AKs") + 1
    sizes = {"p": 6, "s": 4, "o": 12}
    above = sum(sizes["p" if len(c) == 2 else c[2]] for c in order[: r.rank - 1])
    assert r.above == above / 1326
    assert r.top == (above + 4) / 1326


def test_rank_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rank", "--game", "omaha", "AsKsQdJd"]) == 0
    text = capsys.readouterr().out
    for words in ("Monte-Carlo", "standard error", "percentile: top "):
        assert words in text
    assert main(["rank", "--game", "omaha", "As Ks Qd Jd", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    expected = starting_hand_rank("AsKsQdJd", "omaha")
    assert record == expected.to_dict()
    assert main(["rank", "AhKd"]) == 0
    assert "(exact)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["rank", "AhKx"], "'Kx' is not a card"),
        (["rank", "--game", "omaha", "AsKsQd"], "omaha takes 4 hole cards, not 3"),
        (["rank", "AsKsQd"], "hold'em takes 2 hole cards, not 3"),
        (["rank", "--game", "stud", "AsKs"], "no ranking of starting hands ships for stud"),
        (["rank", "--game", "omaha", "AsAsKdKh"], "As"),
    ],
)
def test_rank_cli_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1


def test_rank_help_has_examples(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rank", "--help"]) == 0
    assert "equity rank --game omaha AsKsQdJd" in capsys.readouterr().out
