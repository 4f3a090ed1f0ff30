"""Omaha (4, 5, 6 hole cards; high and hi-lo 8-or-better) against the slow references.

* The evaluator kernels (:func:`equity.evaluators.omaha.evaluate_omaha_batch`) order
  random hands exactly as :func:`reference_games.omaha_high_key` does and
  find the same lows as :func:`reference_games.omaha_low`; the one-hand API
  (:func:`equity.evaluators.omaha.evaluate_omaha`) gives the reference's best five and
  low too.
* Exact equities of the engine (``method="exact"``) equal the plain-Python
  enumeration :func:`reference_games.enumerate_omaha` on river, turn and flop
  spots, to the integer counts of scoops, high and low wins and ties.
* Monte-Carlo lies within five standard errors of exact, for the heads-up
  fast path and the general loop (random players, hand patterns), and the
  same seed gives the same counts on one thread and on two.
* Bad input is one sentence.
"""

from __future__ import annotations

import random

import numba
import numpy as np
import pytest
import reference as ref
import reference_games as rg

import equity
from equity.cards import format_cards, parse_cards
from equity.engine import calculate
from equity.evaluators.omaha import evaluate_omaha, evaluate_omaha_batch
from equity.lookup.omaha import low_mask_text

SEED = 20261201

needs_jit = pytest.mark.skipif(
    numba.config.DISABLE_JIT, reason="hundreds of thousands of deals: too slow without the JIT"
)


def random_deals(n: int, n_hole: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` random (hole, board) deals of distinct cards."""
    rng = random.Random(seed)
    holes = np.zeros((n, n_hole), dtype=np.uint8)
    boards = np.zeros((n, 5), dtype=np.uint8)
    for i in range(n):
        cards = rng.sample(range(52), n_hole + 5)
        holes[i], boards[i] = cards[:n_hole], cards[n_hole:]
    return holes, boards


def low_code(low: tuple[int, ...] | None) -> int:
    """The kernels' low code of a reference low (``256 - mask``, 0 for none)."""
    if low is None:
        return 0
    return 256 - sum(1 << (r - 1) for r in low)


# ---------------------------------------------------------------------------
# the evaluator


@pytest.mark.parametrize("n_hole", [4, 5, 6])
def test_batch_orders_hands_and_finds_lows_as_the_reference(n_hole: int) -> None:
    holes, boards = random_deals(1500, n_hole, SEED + n_hole)
    high, low = evaluate_omaha_batch(holes, boards)
    keys = [rg.omaha_high_key(h.tolist(), b.tolist()) for h, b in zip(holes, boards, strict=True)]
    ref.assert_same_order(keys, high)
    assert [ref_key[0] for ref_key in keys] == (high >> 12).tolist()  # the categories
    want = [
        low_code(rg.omaha_low(h.tolist(), b.tolist())) for h, b in zip(holes, boards, strict=True)
    ]
    assert low.tolist() == want
    assert 0 < np.count_nonzero(low) < len(low)  # both kinds of deal were seen


@pytest.mark.parametrize("n_hole", [4, 6])
def test_one_hand_gives_the_reference_best_five_and_low(n_hole: int) -> None:
    holes, boards = random_deals(150, n_hole, SEED)
    for h, b in zip(holes.tolist(), boards.tolist(), strict=True):
        hand = evaluate_omaha(h, b, hilo=True)
        assert rg.omaha_high_key(h, b) == ref.five_card_key(hand.best_five)
        assert len(set(hand.best_five) & set(h)) == 2  # two from the hand, three from the board
        low = rg.omaha_low(h, b)
        assert hand.low == (rg.low_text(low) if low else None)
        if low:
            assert hand.low_five is not None
            assert len(set(hand.low_five) & set(h)) == 2


def test_hand_picked_hands() -> None:
    # four spades in the hand and two on the board: no flush; AA KK does not make two pair
    # with three hole cards
    assert evaluate_omaha("AsKsQsJs", "2s3s4h5h6h").category == "high card"
    assert evaluate_omaha("AsAhKsKh", "Qs7h2c4d5d").description == "pair of Aces"
    # the low takes two hole ranks different from three board ranks
    assert evaluate_omaha("As2h9c9d", "3d4c8hKsKd", hilo=True).low == "8-4-3-2-A"
    assert evaluate_omaha("AcAdKhKd", "2s3s4s9hTc", hilo=True).low is None
    assert evaluate_omaha("AsAhKsKh", "Qs7h2c4d5d").to_dict()["best_five"] == "As Ah Qs 7h 5d"
    assert low_mask_text(0) is None


# ---------------------------------------------------------------------------
# exact against the plain-Python enumeration

EXACT_SPOTS = [
    pytest.param("omaha", ["AsAhKsKh", "QdQcJdJc"], "Qs7h2c4d5d", id="river"),
    pytest.param("omaha", ["AsAhKsKh", "QdQcJdJc", "9h8h7c6c"], "Qs7h2c4d", id="turn-3way"),
    pytest.param("omaha-hilo", ["As2h9c9d", "KcKh3h4h"], "3d4c8h", id="hilo-flop"),
    pytest.param("omaha-hilo", ["As2h9c9d", "Ad3dQcJh", "7s8s9hTh"], "5c6d2sKd", id="hilo-3way"),
    pytest.param("omaha5-hilo", ["As2h3c9d9s", "AdKd4h5hQc"], "7c8dJs6h", id="plo5-hilo-turn"),
    pytest.param("omaha6", ["AsAhKsKh2c3c", "QdQcJdJc3d4d"], "Ts9s8h7d", id="plo6-turn"),
]


@needs_jit
@pytest.mark.parametrize(("game", "hands", "board"), EXACT_SPOTS)
def test_exact_equals_the_plain_python_enumeration(game: str, hands: list[str], board: str) -> None:
    g = equity.games.game(game)
    want = rg.enumerate_omaha(hands, board, hilo=g.hilo)
    got = calculate(hands, board=board, game=game, method="exact")
    assert got.samples == want["total"]
    np.testing.assert_allclose(got.equity, [float(e) for e in want["equity"]], rtol=0, atol=1e-12)
    assert got.outcomes is not None
    names = ("scoop", "high_win", "high_tie") + (("low_win", "low_tie") if g.hilo else ())
    for name in names:
        counts = np.rint(got.outcomes[name] * got.samples).astype(int).tolist()
        assert counts == want[name], name
    if g.hilo:
        assert round(float(got.outcomes["no_low"][0]) * got.samples) == want["no_low"]


@needs_jit
def test_exact_heads_up_preflop_counts_every_board() -> None:
    r = calculate(["AsAhKsKh", "QdQcJdJc"], game="omaha", method="exact")
    assert r.samples == 1_086_008  # C(44, 5)
    wins = np.asarray(r.counts)[:, 1]
    ties = np.asarray(r.counts)[:, 2]
    assert wins.sum() + ties[0] == 1_086_008
    assert ties[0] == ties[1]
    assert r.method == "exact"


# ---------------------------------------------------------------------------
# Monte-Carlo against exact

MC_SPOTS = [
    pytest.param("omaha", ["AsAhKsKh", "QdQcJdJc"], "", id="hu-preflop-fast-path"),
    pytest.param("omaha-hilo", ["As2h9c9d", "KcKh3h4h"], "", id="hilo-hu-preflop"),
    pytest.param("omaha", ["AsAhKsKh", "random", "9h8h7c6c"], "Qs7h2c", id="random-flop"),
    pytest.param("omaha-hilo", ["As2h3d4c", "random"], "Kd8h5s", id="hilo-random-flop"),
    pytest.param("omaha", ["AsKsQhJh", "AA**"], "Td9d2c3h", id="pattern-turn"),
    pytest.param("omaha-hilo", ["A2**", "KdKc3h4h"], "3d8s9c", id="hilo-pattern-flop"),
]


@needs_jit
@pytest.mark.parametrize(("game", "hands", "board"), MC_SPOTS)
def test_monte_carlo_is_within_five_standard_errors_of_exact(
    game: str, hands: list[str], board: str
) -> None:
    exact = calculate(hands, board=board, game=game, method="exact")
    mc = calculate(hands, board=board, game=game, method="monte-carlo", trials=300_000, seed=SEED)
    assert mc.stderr is not None
    assert np.all(np.abs(mc.equity - exact.equity) <= 5 * mc.stderr + 1e-12)
    assert exact.outcomes is not None
    assert mc.outcomes is not None
    for name, want in exact.outcomes.items():
        p = np.clip(want, 1e-12, 1)
        se = np.sqrt(p * (1 - p) / mc.samples)
        assert np.all(np.abs(mc.outcomes[name] - want) <= 5 * se + 1e-9), name


@needs_jit
@pytest.mark.parametrize("game", ["omaha", "omaha-hilo"])
def test_the_same_seed_gives_the_same_counts_on_one_thread_and_two(game: str) -> None:
    hands = ["AsAhKsKh", "random", "KQJT ds"]
    runs = [
        calculate(hands, game=game, trials=100_000, seed=7, threads=t, batch_size=4096)
        for t in (1, min(2, numba.config.NUMBA_NUM_THREADS))
    ]
    np.testing.assert_array_equal(runs[0].counts, runs[1].counts)
    assert runs[0].outcomes is not None
    assert runs[1].outcomes is not None
    for name in runs[0].outcomes:
        np.testing.assert_array_equal(runs[0].outcomes[name], runs[1].outcomes[name])


@needs_jit
def test_plo5_and_plo6_exact_heads_up() -> None:
    for game, hands in (
        ("omaha5", ["AsAhKsKh2c", "QdQcJdJc3d"]),
        ("omaha6", ["AsAhKsKh2c3c", "QdQcJdJc3d4d"]),
    ):
        r = calculate(hands, game=game)
        assert r.method == "exact"
        n_live = 52 - 2 * equity.games.game(game).hole_cards
        from math import comb

        assert r.samples == comb(n_live, 5)
        assert r.equity.sum() == pytest.approx(1.0)


# ---------------------------------------------------------------------------
# bad input


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": ["AsAhKsK?", "QdQcJdJc"]}, "AsAhKsK"),
        ({"hands": ["AsAhKsKh2c", "QdQcJdJc"]}, "has 5 cards; an omaha hand has 4"),
        ({"hands": ["AsAhKsKh", "QdQcJdJc"], "board": "2c"}, "board has 0, 3, 4 or 5"),
        ({"hands": ["AsAhKsKh", "QdQcJdJc"], "board": "2c3c4c5c6c7c"}, "board has 0, 3, 4"),
        ({"hands": ["random"] * 12}, "omaha takes 2 to 11 players"),
        ({"hands": ["AsAh**", "AdAc**", "AA**"]}, "no legal deal"),
        ({"hands": ["AAAAA", "random"]}, "Omaha hand pattern"),
    ],
)
def test_bad_input_is_one_sentence(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        calculate(game="omaha", trials=1000, seed=1, **kwargs)  # type: ignore[arg-type]


def test_fewer_cards_than_a_hand_are_a_pattern_only_with_stars() -> None:
    """``AsAhKs`` in four-card Omaha is an error; ``AsAhKs*`` is every hand holding them."""
    for hand, pattern in [("AsAhKs", "AsAhKs*"), ("As", "As***"), ("As Kd", "AsKd**")]:
        with pytest.raises(ValueError, match=r"has \d cards?; an omaha hand has 4") as info:
            calculate([hand, "random"], game="omaha", trials=1000, seed=1)
        assert str(info.value).startswith(f"hand {hand!r} has")
        assert f"(write {pattern!r} for every hand holding" in str(info.value)
    with pytest.raises(ValueError, match=r"'AsKsQsJs' has 4 cards; an omaha5 hand has 5 \("):
        calculate(["AsKsQsJs", "random"], game="omaha5", trials=1000, seed=1)
    r = calculate(["AsAhKs*", "QdQcJdJc"], game="omaha", trials=20_000, seed=1)
    assert r.hands[0] == "AsAhKs*"
    assert r.method == "monte-carlo"
    assert format_cards(parse_cards("AsAhKsKh")) == "AsAhKsKh"
