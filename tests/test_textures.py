"""Board textures against combinatorics over all 22,100 flops and a plain reference."""

from __future__ import annotations

import itertools
from collections import Counter
from math import comb
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from equity import evaluate
from equity.analysis.textures import COLUMNS, TEXTURE_DEFINITIONS, texture_arrays, textures
from equity.cli import main

FLOPS = np.array(list(itertools.combinations(range(52), 3)))


@pytest.fixture(scope="module")
def flop_textures() -> dict[str, np.ndarray]:
    return texture_arrays(FLOPS)


def test_suits_over_all_flops(flop_textures: dict[str, np.ndarray]) -> None:
    counts = Counter(flop_textures["suits"])
    assert counts == {
        "monotone": 4 * comb(13, 3),  # a suit, three of its ranks
        "two-tone": 4 * comb(13, 2) * 3 * 13,  # the pair's suit and ranks, the odd card
        "rainbow": comb(4, 3) * 13**3,  # three suits, a rank in each
    }
    assert sum(counts.values()) == comb(52, 3)
    assert Counter(flop_textures["flush_cards"]) == {3: 1144, 2: 12168, 1: 8788}


def test_pairing_over_all_flops(flop_textures: dict[str, np.ndarray]) -> None:
    assert Counter(flop_textures["pairing"]) == {
        "unpaired": comb(13, 3) * 4**3,
        "paired": 13 * comb(4, 2) * 12 * 4,
        "trips": 13 * comb(4, 3),
    }


def test_high_card_over_all_flops(flop_textures: dict[str, np.ndarray]) -> None:
    counts = Counter(flop_textures["high"])
    for r, name in enumerate("23456789TJQKA"):
        # flops of cards of rank <= r, less those of rank < r
        assert counts[name] == comb(4 * (r + 1), 3) - comb(4 * r, 3), name
    assert counts["A"] == comb(52, 3) - comb(48, 3)


def _straight_needs(ranks: set[int]) -> str:
    """Reference: the fewest hole cards that make a straight with these board ranks
    (by the evaluator, hole cards of every rank, off-suit so no flush interferes)."""
    board = [4 * r + i % 2 for i, r in enumerate(sorted(ranks))][:3]
    for n_hole, name in ((1, "one card"), (2, "two cards")):
        for extra in itertools.combinations_with_replacement(range(13), n_hole):
            hole = [4 * x + 2 + j for j, x in enumerate(extra)]
            cards = board + hole
            if len(cards) >= 5 and "straight" in evaluate(cards).category.lower():
                return name
    return "none"


def test_straights_over_all_flops_against_the_evaluator(
    flop_textures: dict[str, np.ndarray],
) -> None:
    expected: Counter[str] = Counter()
    for f in FLOPS:
        ranks = {int(c) // 4 for c in f}
        expected["none" if len(ranks) < 3 else _cached_needs(frozenset(ranks))] += 1
    assert Counter(flop_textures["straight_possible"]) == expected
    # three distinct ranks in a run of five: each run of 5 (ten, with the wheel) holds
    # C(5,3) rank triples; triples in two runs are counted once by the reference above
    assert expected["two cards"] % 4**3 == 0


_NEEDS: dict[frozenset[int], str] = {}


def _cached_needs(ranks: frozenset[int]) -> str:
    if ranks not in _NEEDS:
        _NEEDS[ranks] = _straight_needs(set(ranks))
    return _NEEDS[ranks]


def test_connected_unpaired_flops(flop_textures: dict[str, np.ndarray]) -> None:
    unpaired = flop_textures["pairing"] == "unpaired"
    connected = flop_textures["connectedness"] == "connected"
    # three consecutive ranks: 2-3-4 to Q-K-A, and A-2-3; 4**3 suits each
    assert int((unpaired & connected).sum()) == 12 * 4**3
    gaps = flop_textures["gaps"][unpaired]
    ranks = np.sort(FLOPS[unpaired] // 4, axis=1)
    span = ranks[:, 2] - ranks[:, 0] - 2
    low_ace = np.where(ranks[:, 2] == 12, ranks[:, 1] + 1 - 2, span)  # A-x-y as 1-x-y
    assert np.array_equal(gaps, np.minimum(span, low_ace))


@pytest.mark.parametrize(
    ("board", "expected"),
    [
        (
            "AhKhQhJh",
            {"suits": "four-flush", "straight_possible": "one card", "pairing": "unpaired"},
        ),
        ("Ah2h3c5c", {"suits": "double two-tone", "straight_possible": "one card", "gaps": 1}),
        ("AhKh2c3c", {"straight_possible": "two cards", "gaps": 9}),
        ("AhKh2c3d", {"suits": "two-tone", "high": "A"}),
        ("7h7c7d2s", {"suits": "rainbow", "pairing": "trips", "straight_possible": "none"}),
        ("7h7c2d2s", {"pairing": "two pair", "gaps": 4}),
        (
            "9h8c7d6s5h",
            {"straight_possible": "made", "suits": "no flush", "connectedness": "connected"},
        ),
        ("9h8h7h6s2h", {"suits": "four-flush", "flush_cards": 4}),
        ("KhKcKd2s2h", {"pairing": "full house"}),
        ("KhKcKdKs2h", {"pairing": "quads"}),
        ("Ah2h3h4h5h", {"suits": "five-flush", "straight_possible": "made", "gaps": 0}),
    ],
)
def test_turn_and_river_textures(board: str, expected: dict[str, object]) -> None:
    row = textures([board]).iloc[0]
    for column, value in expected.items():
        assert row[column] == value, (board, column)


def test_short_deck_runs_use_the_ace_low_below_the_six() -> None:
    assert textures(["Ah6c7d"], game="shortdeck").iloc[0]["straight_possible"] == "two cards"
    assert textures(["Ah6c7d"]).iloc[0]["straight_possible"] == "none"


def test_definitions_name_every_column_and_bad_boards_are_one_sentence() -> None:
    for column in COLUMNS:
        assert f"- {column}:" in TEXTURE_DEFINITIONS
    with pytest.raises(ValueError, match=r"^board AhKh is not a flop, turn or river"):
        textures(["AhKh"])
    with pytest.raises(ValueError, match="Ah"):
        textures(["AhAhKd"])  # parse_cards names the card given twice


def test_hits_over_every_flop_carry_the_textures(tmp_path: Path) -> None:
    from equity import hits

    per_board = hits("AA", flops="all").by_board()
    suits = per_board.groupby("suits")["multiplicity"].sum().to_dict()
    assert suits == {"monotone": 1144, "two-tone": 12168, "rainbow": 8788}
    pairing = per_board.groupby("pairing")["multiplicity"].sum().to_dict()
    assert pairing == {"unpaired": 18304, "paired": 3744, "trips": 52}
    out = tmp_path / "hits.csv"
    assert main(["hits", "AA", "--flops", "all", "--out", str(out), "--quiet"]) == 0
    written = pd.read_csv(out)
    assert len(written) == 1755
    assert list(written.columns[4:11]) == list(COLUMNS)
    assert main(["hits", "AA", "--flops", "all", "--out", str(tmp_path / "x.txt")]) == 2


def test_flops_help_names_every_column_and_definitions_prints_them_in_full(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["flops", "--help"]) == 0
    shown = capsys.readouterr().out
    assert "--definitions" in shown
    for column in COLUMNS:
        assert f"- {column}:" in shown
    assert main(["flops", "--definitions"]) == 0  # no ranges needed, as --version
    printed = "".join(capsys.readouterr().out.split())  # wrapped, hyphens broken too
    for paragraph in TEXTURE_DEFINITIONS.split("\n- "):
        assert "".join(paragraph.removeprefix("- ").split()) in printed
