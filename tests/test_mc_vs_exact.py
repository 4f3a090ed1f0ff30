"""Monte-Carlo with range players against exact enumeration, within five standard errors.

:func:`equity.engine.calculate` runs the same job two ways: ``method="exact"``
enumerates every legal assignment of the range players' combos (and random
players' hands) and every board completion, weighted by the combo weights;
``method="monte-carlo"`` draws a combo per range player by weight, rejects the
whole draw on a card conflict, and deals the rest.  Both report the overall
equity and, per range player, the equity of each combo and of each hand class
(``result.combo_results[p]``).  For a fixed seed every Monte-Carlo figure here
must lie within five standard errors of the exact one:

* overall equity: the result's own ``stderr`` (the spread of batch means);
* sole-win share: binomial, ``sqrt(p (1 - p) / n)`` with the exact ``p``;
* per combo and per class: the mean pot share over the ``n`` deals that gave
  the player that combo (class), whose standard error is at most
  ``sqrt(e (1 - e) / n)`` with ``e`` the exact equity (see
  :func:`share_stderr`);
* how often each combo is dealt: a multinomial proportion,
  ``sqrt(q (1 - q) / trials)`` with ``q`` the exact probability of the combo
  (its weight times its legal deals), which checks the weighted draw and the
  rejection of conflicting draws.

The exact results of two turn spots are also checked against the slow
plain-Python enumerator of ``tests/reference_equity.py``, combo by combo, with
the ranges spelled out independently of :mod:`equity.ranges`.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import numba
import numpy as np
import pytest
import reference_equity as refeq

from equity.cards import parse_cards
from equity.engine import calculate
from equity.ranges import hand_class
from equity.results import EquityResult

SEED = 20261130
TRIALS = 1_000_000
MIN_COMBO_SAMPLES = 2_000
"""Per-combo checks only for combos dealt at least this often (normal approximation)."""

needs_jit = pytest.mark.skipif(
    numba.config.DISABLE_JIT, reason="hundreds of thousands of deals: too slow without the JIT"
)


# ---------------------------------------------------------------------------
# checks


def share_stderr(exact_equity: np.ndarray, n: np.ndarray) -> np.ndarray:
    """Upper bound on the standard error of a mean pot share over ``n`` deals.

    A deal's pot share ``X`` lies in ``[0, 1]``, so ``X**2 <= X`` and
    ``Var(X) = E[X**2] - e**2 <= e (1 - e)`` with ``e = E[X]``, the exact
    equity.  Given the number ``n`` of deals that dealt a combo (or a class),
    those deals are independent draws from the deals holding it, so the mean
    share has standard error at most ``sqrt(e (1 - e) / n)``.  The bound is
    tighter than the blanket ``0.25`` per deal for combos far from even, and
    zero when ``e`` is 0 or 1: a combo that always wins (or always loses)
    must do so in every sampled deal too.
    """
    e = np.clip(exact_equity, 0.0, 1.0)
    return np.sqrt(e * (1.0 - e) / n)


def assert_within(
    what: str, got: np.ndarray, want: np.ndarray, se: np.ndarray, labels: Sequence[str]
) -> None:
    """``|got - want| <= 5 se`` element-wise (plus float rounding), naming any outlier."""
    bad = np.abs(got - want) > 5 * se + 1e-12
    assert not bad.any(), [
        f"{what} {lab}: mc {g:.6f} exact {w:.6f} se {s:.2e}"
        for lab, g, w, s, b in zip(labels, got, want, se, bad, strict=True)
        if b
    ]


def assert_combo_results_agree(mc: EquityResult, exact: EquityResult, p: int) -> None:
    """Per-combo equity, per-class equity and combo frequencies of range player ``p``."""
    mc_table = mc.combo_results[p]
    ex_table = exact.combo_results[p]
    labels = list(ex_table["combos"])
    assert list(mc_table["combos"]) == labels
    n = np.array([mc_table["combo_samples"][lab] for lab in labels])
    # exact "combo_samples" are the combo's weighted deals: proportional to its probability
    q = np.array([ex_table["combo_samples"][lab] for lab in labels])
    q = q / q.sum()
    assert n.sum() == mc.samples  # every deal gives player p exactly one combo
    assert_within("frequency", n / mc.samples, q, np.sqrt(q * (1 - q) / mc.samples), labels)

    e_mc = np.array([mc_table["combos"][lab] for lab in labels])
    e_ex = np.array([ex_table["combos"][lab] for lab in labels])
    enough = n >= MIN_COMBO_SAMPLES
    assert enough.sum() >= max(3, len(labels) // 2), (labels, n)
    assert_within(
        "combo",
        e_mc[enough],
        e_ex[enough],
        share_stderr(e_ex[enough], n[enough]),
        [lab for lab, ok in zip(labels, enough, strict=True) if ok],
    )

    per_class: dict[str, float] = {}
    for lab, count in zip(labels, n, strict=True):
        a, b = parse_cards(lab)
        name = hand_class(a, b)
        per_class[name] = per_class.get(name, 0.0) + count
    classes = sorted(ex_table["classes"])
    assert sorted(mc_table["classes"]) == classes
    n_class = np.array([per_class[c] for c in classes])
    c_mc = np.array([mc_table["classes"][c] for c in classes])
    c_ex = np.array([ex_table["classes"][c] for c in classes])
    assert_within("class", c_mc, c_ex, share_stderr(c_ex, n_class), classes)


def assert_mc_matches_exact(spot: dict[str, object]) -> None:
    """Run ``spot`` exactly and by Monte-Carlo; every figure within five standard errors."""
    exact = calculate(**spot, method="exact")  # type: ignore[arg-type]
    mc = calculate(**spot, method="monte-carlo", trials=TRIALS, seed=SEED)  # type: ignore[arg-type]
    assert exact.method == "exact"
    assert mc.method == "monte-carlo"
    assert mc.samples == TRIALS
    assert mc.stderr is not None
    assert np.all(mc.stderr > 0)
    players = [f"player {i}" for i in range(mc.n_players)]
    assert_within("equity", mc.equity, exact.equity, mc.stderr, players)
    p_win = exact.win
    assert_within("win", mc.win, p_win, np.sqrt(p_win * (1 - p_win) / TRIALS), players)
    assert set(mc.combo_results) == set(exact.combo_results)
    assert exact.combo_results, "the spot has no range player"
    for p in exact.combo_results:
        assert_combo_results_agree(mc, exact, p)


# ---------------------------------------------------------------------------
# Monte-Carlo against exact

WEIGHTED = "QQ+,AKs@50,JTs"

SPOTS = [
    pytest.param({"hands": ["AhKd", WEIGHTED], "board": "Ts9s2h"}, id="hand-vs-weighted-flop"),
    pytest.param({"hands": [WEIGHTED, "AhKd"], "board": "Ts9s2h"}, id="weighted-vs-hand-flop"),
    pytest.param({"hands": ["AhKd", WEIGHTED], "board": "Ts9s2h3c"}, id="hand-vs-weighted-turn"),
    pytest.param({"hands": ["QQ+,AKs", "JJ-99,AQs+"]}, id="range-vs-range-preflop"),
    pytest.param(
        {"hands": ["KK+,AKs@50,AQs", "QQ-99@75,JTs,KQs"], "board": "Ts9s2h"},
        id="weighted-ranges-flop",
    ),
    pytest.param({"hands": ["AsKs", "QQ+", "random"], "board": "Td7c2h"}, id="3way-range-random"),
]


@needs_jit
@pytest.mark.parametrize("spot", SPOTS)
def test_monte_carlo_with_ranges_within_five_standard_errors(spot: dict[str, object]) -> None:
    """Equity, sole wins, per-combo and per-class equity, combo frequencies: all within 5 SE."""
    assert_mc_matches_exact(spot)


# ---------------------------------------------------------------------------
# exact against the plain-Python reference


def class_range(spec: dict[str, float]) -> list[tuple[tuple[int, int], float]]:
    """``{"AKs": 0.5, "QQ": 1}`` as (combo, weight) pairs, from :func:`refeq.class_combos`."""
    return [(combo, w) for label, w in spec.items() for combo in refeq.class_combos(label)]


def reference_range_equity(
    players: Sequence[Sequence[int] | list[tuple[tuple[int, int], float]]],
    board: Sequence[int],
) -> tuple[np.ndarray, float, dict[int, dict[frozenset[int], float]]]:
    """Exact weighted counts, total and per-combo equity with known hands and ranges.

    ``players[p]`` is either a known hand (card codes) or a range, a list of
    (combo, weight) pairs.  Every assignment of one combo per range player
    that avoids the known cards and the other players' combos is enumerated
    with :func:`refeq.enumerate_equity`, weighted by the product of the
    combos' weights.  Returns ``counts[p, k]`` (weighted, as the engine's),
    the weighted number of deals and ``{p: {combo: equity}}`` per range player.
    """
    n = len(players)
    known = {c for p in players if not isinstance(p[0], tuple) for c in p} | set(board)
    options: list[list[tuple[tuple[int, ...], float]]] = []
    for p in players:
        if isinstance(p[0], tuple):
            options.append([(tuple(c), w) for c, w in p if not set(c) & known])  # type: ignore[misc]
        else:
            options.append([(tuple(p), 1.0)])  # type: ignore[arg-type]
    counts = np.zeros((n, n + 1))
    total = 0.0
    num: dict[int, dict[frozenset[int], float]] = {p: {} for p in range(n)}
    den: dict[int, dict[frozenset[int], float]] = {p: {} for p in range(n)}
    ranged = [p for p in range(n) if isinstance(players[p][0], tuple)]
    for choice in itertools.product(*options):
        hands = [list(h) for h, _ in choice]
        cards = [c for h in hands for c in h]
        if len(set(cards)) != len(cards):
            continue
        weight = math.prod(w for _, w in choice)
        tally = refeq.enumerate_equity(hands, board)
        counts += weight * np.array(tally.counts, dtype=float)
        total += weight * tally.total
        for p in ranged:
            key = frozenset(hands[p])
            share = sum(tally.counts[p][k] / k for k in range(1, n + 1))
            num[p][key] = num[p].get(key, 0.0) + weight * share
            den[p][key] = den[p].get(key, 0.0) + weight * tally.total
    equity = {p: {key: num[p][key] / den[p][key] for key in num[p]} for p in ranged}
    return counts, total, equity


REFERENCE_SPOTS = [
    pytest.param(
        ["AhKd", WEIGHTED],
        ["AhKd", {"AA": 1, "KK": 1, "QQ": 1, "AKs": 0.5, "JTs": 1}],
        "Ts9s2h3c",
        id="hand-vs-weighted-turn",
    ),
    pytest.param(
        ["KK+,AKs@50", "QQ,JTs"],
        [{"AA": 1, "KK": 1, "AKs": 0.5}, {"QQ": 1, "JTs": 1}],
        "Ts9s2h3c",
        id="weighted-range-vs-range-turn",
    ),
]


@pytest.mark.parametrize(("hands", "spelled", "board"), REFERENCE_SPOTS)
def test_exact_with_ranges_matches_reference(
    hands: list[str], spelled: list[str | dict[str, float]], board: str
) -> None:
    """Exact counts, deal total and per-combo equity equal the plain-Python enumeration."""
    players = [
        parse_cards(s) if isinstance(s, str) else class_range(s)  # type: ignore[arg-type]
        for s in spelled
    ]
    counts, total, combo_equity = reference_range_equity(players, parse_cards(board))
    exact = calculate(hands, board=board, method="exact")
    assert exact.method == "exact"
    assert exact.weight_total == pytest.approx(total, rel=1e-12)
    np.testing.assert_allclose(exact.counts, counts, rtol=1e-12, atol=0)
    assert set(exact.combo_results) == set(combo_equity)
    for p, want in combo_equity.items():
        got = {
            frozenset(parse_cards(label)): e
            for label, e in exact.combo_results[p]["combos"].items()
        }
        assert set(got) == set(want)
        for key, e in want.items():
            assert got[key] == pytest.approx(e, rel=1e-12, abs=1e-15), sorted(key)
