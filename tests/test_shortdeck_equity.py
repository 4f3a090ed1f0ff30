"""Short-deck equities of the engine against the plain-Python enumeration.

The engine runs short deck on the hold'em kernels with the short-deck value
table and a 36-card deck (:mod:`equity.lookup.shortdeck`); exact equities
must equal :func:`reference_games.enumerate_shortdeck` under both orders of
straight and three of a kind, counts included; Monte-Carlo lies within five
standard errors of exact; hold'em ranges work on the short deck (combos
with a card below a six are removed).
"""

from __future__ import annotations

import numba
import numpy as np
import pytest
import reference_games as rg

from equity.engine import calculate
from equity.evaluators.shortdeck import ShortDeckRules

needs_jit = pytest.mark.skipif(
    numba.config.DISABLE_JIT, reason="hundreds of thousands of deals: too slow without the JIT"
)

SPOTS = [
    pytest.param(["AsKs", "QhQd"], "Js Ts 6c 7d 8h", id="river"),
    pytest.param(["Th Tc", "9s 8s"], "Td 7c 6h Ks", id="set-vs-straight-turn"),
    pytest.param(["AsKs", "QhQd", "9c9d"], "6s7s8d", id="flop-3way"),
    pytest.param(["AhAd", "Kc7c"], "Ac Kd 9c", id="flop"),
]


@needs_jit
@pytest.mark.parametrize("straight_beats_trips", [False, True])
@pytest.mark.parametrize(("hands", "board"), SPOTS)
def test_exact_equals_the_plain_python_enumeration(
    hands: list[str], board: str, straight_beats_trips: bool
) -> None:
    rules = ShortDeckRules(straight_beats_trips=straight_beats_trips)
    want = rg.enumerate_shortdeck(hands, board, straight_beats_trips=straight_beats_trips)
    got = calculate(hands, board=board, game="shortdeck", rules=rules, method="exact")
    assert got.samples == want["total"]
    np.testing.assert_array_equal(np.asarray(got.counts), np.asarray(want["counts"]))
    np.testing.assert_allclose(got.equity, [float(e) for e in want["equity"]], atol=1e-12)


@needs_jit
def test_the_two_orders_differ_where_trips_meet_a_straight() -> None:
    """A set of tens against a made straight: trips win by default, lose when straights win."""
    hands, board = ["Th Tc", "9s 8s"], "Td 7c 6h Ks"
    default = calculate(hands, board=board, game="shortdeck")
    straights = calculate(
        hands, board=board, game="shortdeck", rules=ShortDeckRules(straight_beats_trips=True)
    )
    assert default.equity[0] > straights.equity[0]


@needs_jit
def test_preflop_exact_and_monte_carlo_agree() -> None:
    exact = calculate(["AsKs", "QhQd"], game="shortdeck", method="exact")
    assert exact.samples == 201_376  # C(32, 5)
    mc = calculate(["AsKs", "QhQd"], game="shortdeck", trials=400_000, seed=5)
    assert mc.stderr is not None
    assert np.all(np.abs(mc.equity - exact.equity) <= 5 * mc.stderr)


@needs_jit
def test_holdem_ranges_on_the_short_deck() -> None:
    """``22+`` keeps only the pairs of the short deck: 66 to AA, 54 combos."""
    r = calculate(["AsKs", "22+"], game="shortdeck", method="exact")
    assert r.method == "exact"
    pairs = calculate(["AsKs", "66+"], game="shortdeck", method="exact")
    np.testing.assert_allclose(r.equity, pairs.equity, atol=1e-12)


@pytest.mark.parametrize(
    ("hands", "board", "message"),
    [
        (["As5s", "KhKd"], "", "card '5s' .* is not in the shortdeck deck"),
        (["AsKs", "KhKd"], "2c7d8h", "card '2c' .* is not in the shortdeck deck"),
        (["AsKs", "A2s-A5s"], "", "no combo left"),
        (["random"] * 16, "", "shortdeck takes 2 to 15 players"),
    ],
)
def test_bad_input_is_one_sentence(hands: list[str], board: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        calculate(hands, board=board, game="shortdeck", trials=1000, seed=1)
