"""The push/fold table solver: side pots, prize values, multiway equities, gains, equilibria.

Each piece against a plain reference (tests/reference_pushfold_table.py) or the
engine's exact equities: side pots against a dealer's one-all-in-at-a-time
build, ICM after a hand against :func:`equity.icm`, the Monte-Carlo showdowns
against exact enumerations, every gain against a listing of every action
sequence, and the heads-up game against the textbook formulas over the exact
preflop table.
"""

from __future__ import annotations

import numpy as np
import pytest
from reference_pushfold_table import (
    enumerate_gains,
    exploitability,
    heads_up_exploitability,
    heads_up_fictitious_play,
    heads_up_gains,
    pots,
)

import equity
from equity.decisions.multiway import code_ranks, prize_values, settle, showdown_codes
from equity.decisions.multiway_game import TableGame
from equity.decisions.pushfold_table import solve_table
from equity.kernels.multiway import class_vs_ranges
from equity.ranges.classes import CLASS_SIZES, CLASSES


# -- side pots -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("contributions", "ranks", "expected"),
    [
        # three all-in, the short stack best: main pot to it, side pot to the middle stack
        ([100, 300, 500], [0, 1, 2], [300, 400, 200]),
        ([100, 300, 500], [2, 0, 1], [0, 700, 200]),
        # the short stack splits the main pot, the big stack wins the side pot
        ([100, 300, 500], [0, 2, 0], [150, 0, 750]),
        # four players: a folded small blind's chips go to the main pot
        ([150, 400, 60, 400], [1, 0, -1, 0], [0, 505, 0, 505]),
        # four all-in, each a different size
        ([50, 120, 200, 80], [3, 2, 0, 1], [0, 0, 450, 0]),
        ([50, 120, 200, 80], [0, 2, 3, 1], [200, 80, 80, 90]),
    ],
)
def test_side_pots_of_hand_made_spots(contributions, ranks, expected) -> None:
    won = settle(np.array(contributions, float), np.array(ranks))
    assert won.tolist() == pytest.approx(expected)
    assert pots(contributions, ranks) == pytest.approx(expected)


def test_side_pots_match_the_dealers_build() -> None:
    rng = np.random.default_rng(3)
    for _ in range(300):
        n = int(rng.integers(2, 8))
        contributions = rng.choice([10.0, 25.0, 60.0, 100.0, 150.0, 400.0], size=n)
        ranks = rng.integers(-1, n, size=n)
        ranks[rng.integers(n)] = rng.integers(0, n)  # someone is in
        won = settle(contributions, ranks)
        assert won == pytest.approx(pots(contributions.tolist(), ranks.tolist()))
        assert won.sum() == pytest.approx(contributions.sum())


def test_rank_codes_round_trip() -> None:
    assert code_ranks(0, 4).tolist() == [0, 0, 0, 0]
    assert code_ranks(2 + 1 * 4 + 3 * 16, 4).tolist() == [2, 1, 3, 0]


# -- prize values -----------------------------------------------------------------------
def test_prize_values_are_icm_when_nobody_busts() -> None:
    final = np.array([2500.0, 1200.0, 800.0, 500.0])
    payouts = np.array([50.0, 30.0, 20.0])
    got = prize_values(final, np.full(4, 1250.0), payouts)
    assert got == pytest.approx(equity.icm(final, payouts, method="exact").ev, abs=1e-12)


def test_busted_players_finish_below_by_their_starting_stacks() -> None:
    payouts = np.array([50.0, 30.0, 20.0, 0.0])
    start = np.array([1000.0, 800.0, 800.0, 400.0])
    final = np.array([3000.0, 0.0, 0.0, 0.0])
    # the survivor wins; the two who started with 800 share 2nd and 3rd; 400: last
    assert prize_values(final, start, payouts).tolist() == [50.0, 25.0, 25.0, 0.0]
    start = np.array([1000.0, 400.0, 900.0, 600.0])
    assert prize_values(final, start, payouts).tolist() == [50.0, 0.0, 30.0, 20.0]


# -- multiway equities ------------------------------------------------------------------
def _equity_of_codes(codes: np.ndarray, slot: int, k: int) -> tuple[float, float]:
    ranks = np.array([code_ranks(int(c), k) for c in codes])
    share = (ranks[:, slot] == 0) / (ranks == 0).sum(axis=1)
    return float(share.mean()), float(share.std(ddof=1) / np.sqrt(len(share)))


@pytest.mark.parametrize(
    ("hands", "slot"),
    [(["AA", "KK", "QQ"], 0), (["QQ", "AKs", "JTs", "22"], 1), (["KK", "AKo", "AA"], 2)],
)
def test_multiway_showdowns_match_exact_equities(hands: list[str], slot: int) -> None:
    exact = equity.calculate(hands)
    assert exact.exact
    ranges = []
    for k, label in enumerate(hands):
        if k != slot:
            f = np.zeros(169)
            f[CLASSES.index(label)] = 1.0
            ranges.append(f)
    codes, filled, tries = showdown_codes(slot, ranges, 20_000, seed=7)
    h = CLASSES.index(hands[slot])
    assert filled[h] == 20_000
    assert tries[h] >= filled[h]
    got, se = _equity_of_codes(codes[h], slot, len(hands))
    assert abs(got - exact.equity[slot]) < 4 * se
    assert len(class_vs_ranges.signatures) == 1


def test_multiway_acceptance_is_the_card_removal() -> None:
    """AA against two ranges of KK: the two KK combos must miss each other, 6 of the 36
    pairs of KK combos; a class holding an ace cannot meet two ranges of AA at all."""
    kk = np.zeros(169)
    kk[CLASSES.index("KK")] = 1.0
    codes, filled, tries = showdown_codes(0, [kk, kk], 3000, seed=1)
    h = CLASSES.index("AA")
    rate = filled[h] / tries[h]
    assert abs(rate - 6 / 36) < 4 * np.sqrt(rate * (1 - rate) / tries[h])
    aa = np.zeros(169)
    aa[CLASSES.index("AA")] = 1.0
    codes, filled, tries = showdown_codes(0, [aa, aa], 20, seed=1)
    for label in ("AA", "AKs", "A2o"):
        assert filled[CLASSES.index(label)] == 0
    assert filled[CLASSES.index("KK")] == 20
    # the two AA split (code 2) unless KK wins (code 12; a board's straight flush splits all)
    assert set(codes[CLASSES.index("KK")].tolist()) <= {2, 12, 0}


# -- the tree's gains -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("stacks", "payouts"),
    [
        ([1500, 900, 2100], None),
        ([1500, 900, 2100], [50, 30, 20]),
        ([800, 1200, 1500, 500], [65, 35]),
    ],
)
def test_gains_match_every_action_sequence(stacks, payouts) -> None:
    game = TableGame(
        np.array(stacks, float),
        50.0,
        100.0,
        10.0,
        None if payouts is None else np.array(payouts, float),
    )
    rng = np.random.default_rng(len(stacks))
    push = rng.random((game.n - 1, 169))
    call = rng.random((len(game.call_nodes), 169))
    game.refresh(push, call, samples=300, seed=2)
    game.heads_up(push, call)
    got = game.gains(push, call)
    want = enumerate_gains(game, push, call)
    np.testing.assert_allclose(got[0], want[0], rtol=0, atol=1e-12)
    np.testing.assert_allclose(got[1], want[1], rtol=0, atol=1e-12)
    np.testing.assert_allclose(
        game.exploitability(push, call, got), exploitability(game, push, call, want), atol=1e-13
    )
    values = game.values(push, call)
    assert values.sum() == pytest.approx(0.0 if payouts is None else 1.0, abs=1e-12)


# -- heads-up against the textbook game ------------------------------------------------
@pytest.mark.parametrize(("stacks", "ante"), [((10.0, 10.0), 0.0), ((8.0, 13.0), 0.125)])
def test_heads_up_agrees_with_an_independent_fictitious_play(stacks, ante) -> None:
    s = solve_table(list(stacks), 0.5, 1.0, ante, tolerance=1e-3)
    push = s.decision(0).frequency
    call = s.decision(1, (0,)).frequency
    # the same gains as the textbook formulas over the exact table
    gp, gc = heads_up_gains(push, call, stacks, ante)
    np.testing.assert_allclose(s.decision(0).gain, gp, rtol=0, atol=1e-9)
    np.testing.assert_allclose(s.decision(1, (0,)).gain, gc, rtol=0, atol=1e-9)
    # its exploitability, recomputed independently, is within the tolerance
    assert heads_up_exploitability(push, call, stacks, ante) <= 1e-3
    assert s.exploitability.max() == pytest.approx(
        heads_up_exploitability(push, call, stacks, ante)
    )
    assert s.values.sum() == pytest.approx(0.0, abs=1e-12)
    # the reference's equilibrium plays the same pure actions wherever a class gains clearly
    ref_push, ref_call, ref_exploit = heads_up_fictitious_play(stacks, ante, iterations=1500)
    assert ref_exploit <= 2e-3
    clear = np.abs(gp) > 0.05
    np.testing.assert_array_equal(np.round(push[clear]), np.round(ref_push[clear]))
    clear = np.abs(gc) > 0.05
    np.testing.assert_array_equal(np.round(call[clear]), np.round(ref_call[clear]))


def test_heads_up_ten_big_blinds() -> None:
    """Heads-up at 10 bb, no ante: the SB pushes 58% of hands and the BB calls 37% (the
    independent fictitious play above gives the same), every showdown exact."""
    s = solve_table([10, 10], 0.5, 1, tolerance=1e-3)
    assert round(s.decision(0).percent) == 58
    assert round(s.decision(1, (0,)).percent) == 37
    assert s.equity_error == 0.0
    assert s.gain_error == 0.0
    assert s.unit == "bb"
    ref_push, ref_call, _ = heads_up_fictitious_play((10.0, 10.0), 0.0, iterations=1500)
    assert round(100 * ref_push @ CLASS_SIZES / 1326) == 58
    assert round(100 * ref_call @ CLASS_SIZES / 1326) == 37


@pytest.mark.parametrize("stacks", [[900.0, 1400.0], [900.0, 1400.0, 700.0]])
def test_winner_take_all_icm_is_chip_ev_scaled(stacks) -> None:
    """With one prize, a player's ICM share is their share of the chips: linear, so every
    gain is the chip-EV gain times the big blind over the chips in play."""
    n = len(stacks)
    chip = TableGame(np.array(stacks), 25.0, 50.0, 5.0, None)
    icm = TableGame(np.array(stacks), 25.0, 50.0, 5.0, np.array([1.0]))
    rng = np.random.default_rng(5)
    push = rng.random((n - 1, 169))
    call = rng.random((len(chip.call_nodes), 169))
    for game in (chip, icm):
        game.refresh(push, call, samples=200, seed=4)
        game.heads_up(push, call)
    scale = 50.0 / sum(stacks)
    for a, b in zip(chip.gains(push, call), icm.gains(push, call), strict=True):
        np.testing.assert_allclose(b, a * scale, rtol=0, atol=1e-12)
    assert icm.values(push, call) == pytest.approx(
        np.array(stacks) / sum(stacks) + chip.values(push, call) * scale, abs=1e-12
    )


# -- N players ---------------------------------------------------------------------------
def test_three_handed_icm_spot_is_solved_and_measured() -> None:
    s = solve_table([1500, 1000, 2000], 50, 100, 10, [50, 30, 20], samples=500, seed=3)
    assert s.positions == ("BTN", "SB", "BB")
    assert s.unit == "pool"
    assert s.exploitability.max() <= 1e-3
    assert s.values.sum() == pytest.approx(1.0, abs=1e-12)
    assert 0 < s.equity_error < 0.05
    assert 0 < s.gain_error < 0.05
    assert "class decisions within two standard errors" in s.method
    # every node: 2 pushes, calls: SB facing BTN, BB facing BTN, BTN+SB, SB
    assert [(d.seat, d.facing) for d in s.decisions] == [
        (0, ()),
        (1, ()),
        (1, (0,)),
        (2, (0,)),
        (2, (0, 1)),
        (2, (1,)),
    ]
    aa, seven_two = CLASSES.index("AA"), CLASSES.index("72o")
    for facing in ((0,), (0, 1), (1,)):
        assert (
            s.decision(2, facing).frequency[aa]
            > 0.9
            > 0.1
            > s.decision(2, facing).frequency[seven_two]
        )
    assert "Monte-Carlo" in s.method
    assert "fictitious play" in s.method


def test_returned_strategies_are_within_the_target_by_an_independent_best_response() -> None:
    """The strategies of a solved 3-handed ICM spot, against fresh Monte-Carlo showdowns
    (another seed) and best responses listed sequence by sequence: no seat gains more
    than 0.1% of the pool."""
    stacks, payouts = [1500.0, 1000.0, 2000.0], [50.0, 30.0, 20.0]
    s = solve_table(stacks, 50, 100, 10, payouts, samples=500, seed=3)
    game = TableGame(np.array(stacks), 50.0, 100.0, 10.0, np.array(payouts))
    push = np.array([s.decision(p).frequency for p in range(2)])
    call = np.array([s.decision(q, facing).frequency for q, facing in game.call_nodes])
    game.refresh(push, call, samples=1000, seed=77)
    game.heads_up(push, call)
    gains = enumerate_gains(game, push, call)
    assert exploitability(game, push, call, gains).max() <= 1e-3


def test_four_handed_bubble_is_solved_to_the_target() -> None:
    """The bench's spot: 1,500 x 4, blinds 50/100, ante 10, payouts 50/30/20."""
    s = solve_table([1500] * 4, 50, 100, 10, [50, 30, 20], seed=1)
    assert s.exploitability.max() <= 1e-3
    assert s.values.sum() == pytest.approx(1.0, abs=1e-12)
    assert s.positions == ("CO", "BTN", "SB", "BB")
    # equal stacks: the later a seat pushes, the fewer players it has to get past
    pushes = [s.decision(p).percent for p in range(3)]
    assert pushes == sorted(pushes)
    # the average strategy's traces of early iterations rounded away (ROUNDING), the
    # exploitability above measured at the rounded strategy
    frequencies = np.concatenate([d.frequency for d in s.decisions])
    assert not np.any((frequencies > 0) & (frequencies < 0.01))
    assert not np.any((frequencies > 0.99) & (frequencies < 1))


def test_chip_ev_table_adds_up_to_zero() -> None:
    s = solve_table([12, 7, 10, 15], 0.5, np.int64(1), 0.1, samples=300, max_iterations=40)
    assert s.values.sum() == pytest.approx(0.0, abs=1e-12)
    assert s.iterations <= 40
    assert len(s.decisions) == 3 + 1 + 3 + 7


def test_progress_is_called_each_iteration() -> None:
    seen: list[tuple[int, int]] = []
    solve_table([10, 10], 0.5, 1, max_iterations=5, progress=lambda i, m: seen.append((i, m)))
    assert seen == [(i, 5) for i in range(1, 6)]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"stacks": [10]}, "2 to 9 stacks"),
        ({"stacks": [10] * 10}, "2 to 9 stacks"),
        ({"stacks": [10, 1]}, "more than the ante plus the big blind"),
        ({"stacks": [10, -5]}, "more than the ante plus the big blind"),
        ({"big_blind": 0}, "blinds"),
        ({"small_blind": 2}, "blinds"),
        ({"ante": -1}, "ante"),
        ({"payouts": [50, 30, 20]}, "payouts"),
        ({"payouts": [-1]}, "payouts"),
        ({"tolerance": 0}, "tolerance"),
        ({"samples": 5}, "samples"),
    ],
)
def test_bad_input_is_one_clear_sentence(kwargs, message) -> None:
    args = {"stacks": [10, 10], "small_blind": 0.5, "big_blind": 1}
    args.update(kwargs)
    with pytest.raises(ValueError, match=message):
        solve_table(**args)


def test_class_sizes_are_the_combos() -> None:
    assert CLASS_SIZES.sum() == 1326
