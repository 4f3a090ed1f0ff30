"""Two known hands preflop answered from the shipped suit-pattern counts, not enumerated.

``equity/data/preflop_patterns.npz`` holds the exact counts of each of the
47,086 heads-up suit patterns.  These tests prove the file whole (every
pattern of every matchup present once, each a full board enumeration, their
weighted sums the shipped 169x169 table, itself proven equal to Irving and
d'Eon's published table in ``test_preflop_table.py``), recompute a seeded sample of
patterns with the exact kernel (all of them: ``test_preflop_table.py``'s slow test),
and check that ``calculate`` answers from it exactly what the enumeration
gives, and only for the spot it covers.
"""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import equity
import equity.engine.plan as plan_module
from equity import preflop_table as table_module
from equity.cards import format_cards, parse_cards
from equity.engine import preflop_lookup
from equity.engine.preflop_lookup import BOARDS, lookup, pattern_key

PERMUTATIONS = list(itertools.permutations(range(4)))


def shipped() -> tuple[np.ndarray, np.ndarray]:
    path = Path(table_module.__file__).parent / "data" / preflop_lookup.PATTERNS_FILE
    with np.load(path) as data:
        return data["keys"].astype(np.int64), data["counts"].astype(np.int64)


@pytest.fixture(scope="module")
def patterns() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return table_module.suit_patterns(table_module.matchups())


def slow_key(a: list[int], b: list[int]) -> int:
    """The canonical key, spelled out: every suit relabelling, each hand high card first."""
    keys = []
    for perm in PERMUTATIONS:
        x, y, u, v = ((c & ~3) | perm[c & 3] for c in (*a, *b))
        keys.append(((max(x, y) * 52 + min(x, y)) * 52 + max(u, v)) * 52 + min(u, v))
    return min(keys)


def engine_result(hands: list[str], monkeypatch: pytest.MonkeyPatch) -> Any:
    """What the engine's enumeration answers (the table path switched off)."""
    with monkeypatch.context() as m:
        m.setattr(plan_module, "preflop_counts", lambda *args: None)
        return equity.calculate(hands)


def random_hands(rng: np.random.Generator, n: int) -> list[list[str]]:
    out = []
    for _ in range(n):
        cards = rng.choice(52, 4, replace=False).tolist()
        out.append([format_cards(cards[:2]), format_cards(cards[2:])])
    return out


def test_file_holds_every_pattern_once(patterns: tuple[np.ndarray, ...]) -> None:
    holes, _weight, _owner = patterns
    keys, counts = shipped()
    assert len(keys) == len(holes) == 47_086
    assert np.all(np.diff(keys) > 0)  # ascending, no pattern twice
    a0, a1, b0, b1 = (holes[:, i // 2, i % 2].astype(np.int64) for i in range(4))
    np.testing.assert_array_equal(np.sort(((a0 * 52 + a1) * 52 + b0) * 52 + b1), keys)
    np.testing.assert_array_equal(counts.sum(axis=1), np.full(len(keys), BOARDS))
    assert counts.min() >= 0


def test_file_sums_to_the_shipped_169_table(patterns: tuple[np.ndarray, ...]) -> None:
    """Weighted by the combo pairs each stands for, the patterns give every matchup's counts."""
    holes, weight, owner = patterns
    keys, counts = shipped()
    a0, a1, b0, b1 = (holes[:, i // 2, i % 2].astype(np.int64) for i in range(4))
    index = np.searchsorted(keys, ((a0 * 52 + a1) * 52 + b0) * 52 + b1)
    frame = table_module.matchup_frame(table_module.matchups(), weight, owner, counts[index])
    assert frame.equals(table_module.load_preflop_table())


def test_sample_of_patterns_recomputed(patterns: tuple[np.ndarray, ...]) -> None:
    """A seeded sample of 300 patterns, enumerated afresh by the exact kernel, equals the file."""
    holes, _, _ = patterns
    keys, counts = shipped()
    pick = np.sort(np.random.default_rng(2026).choice(len(holes), 300, replace=False))
    fresh = table_module._pattern_chunk(holes[pick])
    a0, a1, b0, b1 = (holes[pick, i // 2, i % 2].astype(np.int64) for i in range(4))
    index = np.searchsorted(keys, ((a0 * 52 + a1) * 52 + b0) * 52 + b1)
    np.testing.assert_array_equal(counts[index], fresh)


def test_pattern_key_is_the_smallest_relabelling(rng: np.random.Generator) -> None:
    for _ in range(2_000):
        cards = rng.choice(52, 4, replace=False).tolist()
        assert pattern_key(*cards) == slow_key(cards[:2], cards[2:])
        # invariant under suit permutations and the order of each hand's cards
        perm = PERMUTATIONS[int(rng.integers(24))]
        moved = [(c & ~3) | perm[c & 3] for c in cards]
        assert pattern_key(moved[1], moved[0], moved[3], moved[2]) == pattern_key(*cards)


def test_lookup_of_both_seats_is_symmetric(rng: np.random.Generator) -> None:
    for a, b in random_hands(rng, 500):
        alice, bob = tuple(parse_cards(a)), tuple(parse_cards(b))
        found = lookup(alice, bob)  # type: ignore[arg-type]
        swapped = lookup(bob, alice)  # type: ignore[arg-type]
        assert found is not None
        assert swapped is not None
        assert sum(found) == BOARDS
        assert found == (swapped[1], swapped[0], swapped[2])


GOLDEN = [
    (["AsKs", "QhQd"], (787_966, 917_606, 6_732)),  # the README's example
    (["AhAd", "KhKd"], None),
    (["AsAh", "KsKh"], (1_410_336, 292_660, 9_308)),
    (["Ks As", "2c 2d"], None),
    (["7c2d", "7h2s"], None),
]


@pytest.mark.parametrize(("hands", "counts"), GOLDEN, ids=lambda x: str(x))
def test_calculate_answers_from_the_table_as_the_engine(
    hands: list[str], counts: tuple[int, int, int] | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast = equity.calculate(hands)
    slow = engine_result(hands, monkeypatch)
    assert fast.precomputed
    assert not slow.precomputed
    if counts is not None:
        assert fast.counts[:, 1].tolist() == list(counts[:2])
        assert fast.counts[0, 2] == counts[2]
    for f in dataclasses.fields(fast):
        if f.name in ("elapsed_s", "compile_s", "precomputed"):
            continue
        ours, theirs = getattr(fast, f.name), getattr(slow, f.name)
        if isinstance(ours, np.ndarray):
            np.testing.assert_array_equal(ours, theirs, err_msg=f.name)
        else:
            assert ours == theirs, f.name


def test_random_spots_equal_the_engine(
    rng: np.random.Generator, monkeypatch: pytest.MonkeyPatch
) -> None:
    for hands in random_hands(rng, 60):
        fast = equity.calculate(hands)
        slow = engine_result(hands, monkeypatch)
        assert fast.precomputed
        np.testing.assert_array_equal(fast.counts, slow.counts)
        np.testing.assert_array_equal(fast.equity, slow.equity)
        assert fast.hands == slow.hands


@pytest.mark.parametrize(
    ("hands", "kwargs"),
    [
        (["AsKs", "QhQd"], {"board": "2c3d4h"}),
        (["AsKs", "QhQd"], {"dead": "2c"}),
        (["AsKs", "QhQd", "JcTc"], {}),
        (["AsKs", "QQ"], {}),
        (["AsKs", "random"], {}),
        (["AsKs", "QhQd"], {"game": "shortdeck"}),
        (["AsKs", "QhQd"], {"method": "monte-carlo", "trials": 1_000, "seed": 1}),
        (["AsKs", "QhQd"], {"categories": True}),
    ],
    ids=["board", "dead", "three", "range", "random", "shortdeck", "mc", "categories"],
)
def test_other_spots_take_the_engine(hands: list[str], kwargs: dict[str, Any]) -> None:
    assert not equity.calculate(hands, **kwargs).precomputed


def test_bad_spots_get_the_engine_errors() -> None:
    with pytest.raises(ValueError, match="As"):
        equity.calculate(["AsKs", "AsQd"])  # a card twice: the engine's sentence
    with pytest.raises(ValueError, match="threads"):
        equity.calculate(["AsKs", "QhQd"], threads=10_000)


def test_cli_says_where_the_figures_come_from(capsys: pytest.CaptureFixture[str]) -> None:
    from equity.cli import main

    assert main(["query", "AsKs", "QhQd"]) == 0
    out = capsys.readouterr().out
    assert "exact, 1,712,304 outcomes read from the shipped enumeration" in out
    assert "46.2145%" in out
