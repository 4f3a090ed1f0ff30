"""Tests of equity.evaluators.odds: closed forms and rank-pattern counts against enumeration."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
import reference as ref

from equity.evaluators.odds import (
    best_five_counts,
    category_counts,
    category_probabilities,
    five_card_counts,
)
from equity.evaluators.poker import CATEGORIES, evaluate_batch


def test_five_card_closed_form() -> None:
    assert five_card_counts() == best_five_counts(5) == ref.FIVE_CARD_COUNTS
    assert list(five_card_counts()) == list(CATEGORIES)
    assert sum(five_card_counts().values()) == math.comb(52, 5)


def test_seven_card_counts() -> None:
    assert best_five_counts(7) == ref.SEVEN_CARD_COUNTS
    assert list(best_five_counts(7)) == list(CATEGORIES)
    assert sum(best_five_counts(7).values()) == math.comb(52, 7)


def test_six_card_counts_by_enumeration(five_card_hands: np.ndarray) -> None:
    """All C(52,6) = 20,358,520 six-card hands: a five-card hand plus a higher card."""
    last = five_card_hands[:, 4]
    order = np.argsort(last, kind="stable")
    by_last = five_card_hands[order]
    ends = np.searchsorted(last[order], np.arange(53), side="left")  # rows with last < c
    counts = np.zeros(10, dtype=np.int64)
    for card in range(5, 52):
        chunk = np.empty((ends[card], 6), dtype=np.uint8)
        chunk[:, :5] = by_last[: ends[card]]
        chunk[:, 5] = card
        counts += np.bincount(evaluate_batch(chunk) >> 12, minlength=10)
    assert counts.sum() == math.comb(52, 6)
    enumerated = dict(zip(CATEGORIES, counts[1:].tolist(), strict=True))
    assert best_five_counts(6) == enumerated


def test_category_counts() -> None:
    assert category_counts() == category_counts("holdem") == best_five_counts(7)
    assert category_counts("five") == five_card_counts()


@pytest.mark.parametrize(("game", "n_cards"), [("five", 5), ("holdem", 7)])
def test_probabilities_sum_to_one(game: str, n_cards: int) -> None:
    probabilities = category_probabilities(game)
    assert all(isinstance(p, Fraction) for p in probabilities.values())
    assert sum(probabilities.values()) == 1
    total = math.comb(52, n_cards)
    assert probabilities == {k: Fraction(c, total) for k, c in category_counts(game).items()}


def test_zjh_probabilities() -> None:
    """Three cards: the categories partition the hands; 2-3-5 is a subset of high card."""
    probabilities = category_probabilities("zjh")
    special = probabilities.pop("special 2-3-5")
    assert sum(probabilities.values()) == 1
    assert special == Fraction(60, 22_100)


def test_probability_examples() -> None:
    assert category_probabilities("five")["straight flush"] == Fraction(1, 64_974)
    assert category_probabilities("five")["four of a kind"] == Fraction(1, 4_165)
    assert category_probabilities("holdem")["straight flush"] == Fraction(41_584, 133_784_560)


@pytest.mark.parametrize("n_cards", [0, 4, 8, "7"])
def test_best_five_counts_rejects(n_cards: object) -> None:
    with pytest.raises(ValueError, match="n_cards must be 5, 6 or 7"):
        best_five_counts(n_cards)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", ["bridge", "", "Holdem"])
def test_unknown_game(game: str) -> None:
    with pytest.raises(ValueError, match="unknown game"):
        category_counts(game)
    with pytest.raises(ValueError, match="unknown game"):
        category_probabilities(game)


def test_no_closed_form_for_omaha() -> None:
    with pytest.raises(ValueError, match="no closed-form category counts for omaha"):
        category_counts("omaha")
