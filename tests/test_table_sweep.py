"""Two ranges on a flop or a turn by the sweep (equity/engine/families/table_sweep.py): the
same result as the enumeration of every pair of combos, number for number."""

from __future__ import annotations

import math

import numpy as np
import pytest

import equity
from equity.engine.families import table as table_family
from equity.engine.families import table_sweep
from equity.engine.prepare import prepare
from equity.engine.run import using_threads

SPOTS = [
    # flop and turn; overlapping ranges (card removal, the same combo in both)
    (["QQ+,AKs,T9s", "JJ-99,AQs,KQs,T9s"], "Ts9d2h", "", "holdem"),
    (["QQ+,AKs", "JJ-99,AQs,KQs"], "Ts9s2h5d", "", "holdem"),
    # weighted ranges (halves and quarters), dead cards
    (["AA@50,KK,0.25:AKs", "QQ+,AK,0.75:JJ"], "Kd7c2s", "3h", "holdem"),
    # a range against a known hand, either way round; suit swaps on a monotone flop
    (["AcKc", "QQ+,AKs,TT"], "Ts9s2h", "", "holdem"),
    (["22+,A2s+", "AhKd"], "Ts9s2h8c", "", "holdem"),
    (["QQ+,AKs", "QQ+,AKs,JJ"], "AsKsQs", "", "holdem"),
    # short deck (its own ranking: flush over full house), flop and turn
    (["AA,KK,AKs,T9s", "QQ-66,AKs,T9"], "Ts9d6h", "", "shortdeck"),
    (["AA,KK,AKs,T9s", "QQ-66,AKs,T9"], "Ts9d6h7c", "", "shortdeck"),
]


def _calculate(monkeypatch: pytest.MonkeyPatch, spot: tuple, sweep: bool) -> equity.EquityResult:
    hands, board, dead, game = spot
    partners = {3: 0.0, 4: 0.0} if sweep else {3: math.inf, 4: math.inf}
    monkeypatch.setattr(table_sweep, "PARTNERS", partners)
    calls = []
    unit = table_sweep.sweep_unit
    monkeypatch.setattr(table_sweep, "sweep_unit", lambda *a, **k: calls.append(1) or unit(*a, **k))
    result = equity.calculate(hands, board, dead=dead or None, game=game, method="exact")
    assert bool(calls) == sweep  # the route asked for is the one taken
    return result


def _same_number(x: float, y: float) -> bool:
    return x == y or (math.isnan(x) and math.isnan(y))


@pytest.mark.parametrize("spot", SPOTS, ids=lambda s: f"{s[3]} {s[0][0]} v {s[0][1]} {s[1]}")
def test_sweep_gives_the_enumerations_result(monkeypatch: pytest.MonkeyPatch, spot: tuple) -> None:
    swept, enumerated = (_calculate(monkeypatch, spot, sweep) for sweep in (True, False))
    for name in ("equity", "win", "tie", "splits", "counts"):
        a, b = np.asarray(getattr(swept, name)), np.asarray(getattr(enumerated, name))
        assert a.dtype == b.dtype, name
        assert np.array_equal(a, b), name
    assert swept.weight_total == enumerated.weight_total
    assert type(swept.weight_total) is type(enumerated.weight_total)
    assert swept.samples == enumerated.samples
    assert swept.combo_results.keys() == enumerated.combo_results.keys()
    assert swept.combo_results  # every spot has a range player
    for p, table in swept.combo_results.items():
        other = enumerated.combo_results[p]
        assert table.keys() == other.keys()
        for part, figures in table.items():
            assert list(figures) == list(other[part]), part
            assert all(_same_number(figures[k], other[part][k]) for k in figures), part


def _job(hands: list[str], board: str) -> object:
    return prepare(hands, board, None, "holdem", None, False)


def test_the_sweep_is_taken_where_it_is_exact_and_faster() -> None:
    with using_threads(1):  # the thresholds count Numba's threads
        wide = _job(["10%", "15%"], "Ks7d2h")
        assert table_sweep.sweeps(wide, categories=False)
        assert not table_sweep.sweeps(wide, categories=True)
        # few combos: the enumeration is cheaper; weights off the grid: sums not exact
        assert not table_sweep.sweeps(_job(["AhKd", "QQ+,AKs"], "Ts7d2h"), False)
        assert not table_sweep.sweeps(_job(["0.3:10%", "15%"], "Ks7d2h"), False)
        # three players, preflop, the river: the enumeration
        assert not table_sweep.sweeps(_job(["10%", "15%", "AhAd"], "Ks7d2c"), False)
        assert not table_sweep.sweeps(_job(["10%", "15%"], ""), False)
        assert not table_sweep.sweeps(_job(["10%", "15%"], "Ks7d2h3c4c"), False)
    assert table_family.sweeps is table_sweep.sweeps
