"""Omaha starting-hand patterns (equity.ranges.omaha) against brute force and closed forms.

PLO4 patterns are checked hand by hand against all 270,725 four-card hands with
a literal reading of the rules: a hand matches when some ordering of its cards
fits the tokens position by position, and its sorted suit counts are the shape
the suffix names (PLO4: ds 2-2, ss 2-1-1, r 1-1-1-1; PLO5: ds 2-2-1, ss 2-1-1-1).  PLO5 is
checked the same way on the 249,900 hands that hold the ace of spades; PLO5
and PLO6 sizes by closed forms.
"""

from __future__ import annotations

import itertools
import pickle
import re
from math import comb

import numpy as np
import pytest

from equity.ranges.omaha import (
    MAX_PATTERN_HANDS,
    OmahaRange,
    count_omaha_hands,
    parse_omaha_range,
)

SHAPES = {
    ("ds", 4): (2, 2, 0, 0),
    ("ss", 4): (2, 1, 1, 0),
    ("r", 4): (1, 1, 1, 1),
    ("ds", 5): (2, 2, 1, 0),
    ("ss", 5): (2, 1, 1, 1),
}
"""Sorted suit counts of each suit shape, by hand size."""


def all_hands(n: int, deck: range = range(52)) -> np.ndarray:
    """Every ``n`` cards of ``deck``, ``uint8[C(len(deck), n), n]``."""
    count = comb(len(deck), n)
    flat = itertools.chain.from_iterable(itertools.combinations(deck, n))
    return np.fromiter(flat, dtype=np.uint8, count=n * count).reshape(count, n)


@pytest.fixture(scope="module")
def plo4() -> np.ndarray:
    """All C(52, 4) = 270,725 four-card hands."""
    return all_hands(4)


def token_fits(token: str, cards: np.ndarray) -> np.ndarray:
    """Whether each card fits one token: '*', a rank 'A' or a card 'As'."""
    if token == "*":
        return np.ones(len(cards), dtype=bool)
    rank = "23456789TJQKA".index(token[0])
    if len(token) == 1:
        return np.asarray(cards // 4 == rank)
    return np.asarray(cards == 4 * rank + "cdhs".index(token[1]))


def reference(hands: np.ndarray, items: list[tuple[list[str], str]]) -> np.ndarray:
    """Hands (rows of ``hands``) matching any (tokens, shape) item: the literal rules."""
    n = hands.shape[1]
    suits = np.sort(np.stack([(hands % 4 == s).sum(axis=1) for s in range(4)], axis=1), axis=1)
    found = np.zeros(len(hands), dtype=bool)
    for tokens, shape in items:
        padded = tokens + ["*"] * (n - len(tokens))
        fits = [[token_fits(t, hands[:, j]) for j in range(n)] for t in padded]
        match = np.zeros(len(hands), dtype=bool)
        for order in itertools.permutations(range(n)):
            match |= np.logical_and.reduce([fits[i][j] for i, j in enumerate(order)])
        if shape:
            match &= (suits[:, ::-1] == SHAPES[shape, n]).all(axis=1)
        found |= match
    return hands[found]


def masks(rows: np.ndarray) -> np.ndarray:
    """Sorted card masks of hands, to compare sets of hands."""
    return np.sort((np.int64(1) << rows.astype(np.int64)).sum(axis=1))


# (text, items for the reference, closed-form size or None)
PLO4_CASES = [
    ("AA**", [(["A", "A"], "")], comb(52, 4) - comb(48, 4) - 4 * comb(48, 3)),
    ("AAKK", [(["A", "A", "K", "K"], "")], 6 * 6),
    ("AsKs**", [(["As", "Ks"], "")], comb(50, 2)),
    ("KQJT", [(["K", "Q", "J", "T"], "")], 4**4),
    ("AA** ds", [(["A", "A"], "ds")], 6 * 12 * 12),
    ("AA** ss", [(["A", "A"], "ss")], None),
    ("**** r", [([], "r")], 13**4),
    ("KQJT ds", [(["K", "Q", "J", "T"], "ds")], 6 * 3 * 2),
    ("A***", [(["A"], "")], comb(52, 4) - comb(48, 4)),
    ("AA**,KK**", [(["A", "A"], ""), (["K", "K"], "")], None),
    ("t9**", [(["T", "9"], "")], None),
    ("Ah***", [(["Ah"], "")], comb(51, 3)),
    ("AAA*", [(["A", "A", "A"], "")], 4 * 48 + 1),
    ("AsKs**, AAKK", [(["As", "Ks"], ""), (["A", "A", "K", "K"], "")], 1225 + 36 - 9),
    ("A*** ss, KK**ds", [(["A"], "ss"), (["K", "K"], "ds")], None),
    ("AhKh** ds", [(["Ah", "Kh"], "ds")], 3 * 78),
    ("AKs", [(["A", "Ks"], "")], None),
    ("akss", [(["A", "K"], "ss")], None),
    ("10 9 * * DS", [(["T", "9"], "ds")], None),
    ("JJ** ss, any r", [(["J", "J"], "ss"), ([], "r")], None),
    ("****", [([], "")], comb(52, 4)),
    ("ds", [([], "ds")], 6 * 78 * 78),
    ("random ss", [([], "ss")], 4 * 3 * 78 * 13 * 13),
]


@pytest.mark.parametrize(("text", "items", "size"), PLO4_CASES, ids=[c[0] for c in PLO4_CASES])
def test_plo4_patterns_match_brute_force(
    plo4: np.ndarray, text: str, items: list[tuple[list[str], str]], size: int | None
) -> None:
    r = parse_omaha_range(text, 4)
    expected = reference(plo4, items)
    assert np.array_equal(masks(r.combos), masks(expected))
    assert len(r) == count_omaha_hands(text, 4) == len(expected)
    if size is not None:
        assert len(r) == size


def test_plo4_shapes_cover_the_deck() -> None:
    ds, ss, r = (count_omaha_hands(f"**** {s}", 4) for s in ("ds", "ss", "r"))
    assert (ds, ss, r) == (36_504, 158_184, 28_561)
    # The rest are 3-1 (44,616) and 4 (2,860) of a suit.
    assert comb(52, 4) - ds - ss - r == 4 * 3 * comb(13, 3) * 13 + 4 * comb(13, 4)


def test_plo5_patterns_match_brute_force_on_the_ace_of_spades_hands() -> None:
    hands = np.hstack([np.full((comb(51, 4), 1), 51, np.uint8), all_hands(4, range(51))])
    for text, items in [
        ("As ds, AsKK", [(["As"], "ds"), (["As", "K", "K"], "")]),
        ("AsQJT ss", [(["As", "Q", "J", "T"], "ss")]),
    ]:
        got = parse_omaha_range(text, 5).combos
        assert np.array_equal(masks(got), masks(reference(hands, items))), text


def test_plo5_and_plo6_closed_forms() -> None:
    pairs5 = comb(52, 5) - comb(48, 5) - 4 * comb(48, 4)
    pairs6 = comb(52, 6) - comb(48, 6) - 4 * comb(48, 5)
    aakk5 = sum(
        comb(4, a) * comb(4, k) * comb(44, 5 - a - k)
        for a in range(2, 5)
        for k in range(2, 5)
        if a + k <= 5
    )
    kqjt6 = sum((-1) ** j * comb(4, j) * comb(52 - 4 * j, 6) for j in range(5))
    cases = [
        ("AA", 5, pairs5),  # 108,336
        ("AsKs", 5, comb(50, 3)),  # 19,600
        ("AAKK", 5, aakk5),  # 1,632
        ("AA", 6, pairs6),  # 1,237,792
        ("AsKsQs", 6, comb(49, 3)),  # 18,424
        ("KQJT", 6, kqjt6),
    ]
    for text, n, size in cases:
        r = parse_omaha_range(text, n)
        assert len(r) == count_omaha_hands(text, n) == size, (text, n)
        assert r.combos.shape == (size, n)
    # Suit shapes of all hands: 2-2-1, 2-1-1-1 (PLO5) and 2-2-1-1 (PLO6).
    assert count_omaha_hands("random ds", 5) == 6 * 78 * 78 * 2 * 13 == 949_104
    assert count_omaha_hands("any ss", 5) == 4 * 78 * 13**3 == 685_464
    assert count_omaha_hands("* ds", 6) == 6 * 78 * 78 * 13 * 13 == 6_169_176
    assert count_omaha_hands("random", 6) == comb(52, 6)


@pytest.mark.parametrize(
    ("text", "n"), [("AA ds", 5), ("KQJT ds, AA ss", 5), ("AA ds", 6), ("AsKs ds, QQ", 6)]
)
def test_listing_and_counting_agree(text: str, n: int) -> None:
    assert len(parse_omaha_range(text, n)) == count_omaha_hands(text, n) > 0


def test_combos_layout() -> None:
    r = parse_omaha_range("AA** ds, KQJT", 4)
    combos = r.combos
    assert combos.dtype == np.uint8
    assert combos.shape == (len(r), 4)
    assert np.all(np.diff(combos.astype(int), axis=1) < 0)  # highest card first
    order = np.lexsort(combos.T[::-1])[::-1]  # lexicographically decreasing
    assert np.array_equal(order, np.arange(len(r)))
    assert len(np.unique(combos, axis=0)) == len(r)
    assert r.weights.dtype == np.float64
    assert np.array_equal(r.weights, np.ones(len(r)))
    with pytest.raises(ValueError, match="read-only"):
        r.combos[0, 0] = 0
    with pytest.raises(AttributeError, match="immutable"):
        r.text = "x"  # type: ignore[misc]


def test_range_object() -> None:
    r = OmahaRange("AA** ds", 4)
    assert (r.text, r.n_hole, len(r)) == ("AA** ds", 4, 864)
    assert repr(r) == "OmahaRange('AA** ds', 4)"
    assert str(r) == r.describe() == "AA** ds: 864 of 270,725 4-card Omaha hands"
    assert eval(repr(r)) == r
    assert "AsKsAhKh" in r
    assert [51, 47, 50, 46] in r
    for other in ("AsAhKsKd", "AsAh", "junk"):
        assert other not in r
    assert hash(r) == hash(parse_omaha_range("aa ds", 4))
    assert r != parse_omaha_range("AA** ds", 5)
    assert pickle.loads(pickle.dumps(r.combos)).shape == (864, 4)


def test_narrow_patterns_list_their_hands() -> None:
    """A narrow pattern lists its own hands (how fast: ``bench/bench_latency.py``)."""
    aa = parse_omaha_range("AA**", 4)
    assert len(aa) == comb(52, 4) - comb(48, 4) - 4 * comb(48, 3)
    assert ((aa.combos // 4 == 12).sum(axis=1) >= 2).all()
    kqjt = parse_omaha_range("KQJT ds", 6)
    assert len(kqjt) == count_omaha_hands("KQJT ds", 6) > 0
    ranks = kqjt.combos // 4
    assert all((ranks == r).any(axis=1).all() for r in (11, 10, 9, 8))
    suits = np.sort(np.stack([(kqjt.combos % 4 == s).sum(axis=1) for s in range(4)], 1), 1)
    assert (suits[:, ::-1] == (2, 2, 1, 1)).all()


ERRORS = [
    ("A?**", 4, "item 1 'A?**' of 'A?**' is not an Omaha hand pattern ('?' is not a rank"),
    ("AA**, KK*?", 4, "item 2 'KK*?' of 'AA**, KK*?'"),
    ("AA** dd", 4, "'dd' is not a rank"),
    ("AsAs", 4, "it names As twice"),
    ("AAKKQ", 4, "it names 5 cards, but a hand holds 4"),
    ("AAAAA*", 6, "it names 5 aces, but a deck has four"),
    ("AA** r", 5, "no 5-card hand is rainbow"),
    ("AA ss", 6, "no 6-card hand is single-suited"),
    ("AsKsQs* ds", 4, "no hand matching its cards is double-suited"),
    ("AAA* ds", 4, "no hand matching its cards is double-suited"),
    ("", 4, "the Omaha pattern is empty"),
    ("  ", 5, "the Omaha pattern is empty"),
    ("AA,,KK", 4, "item 2 '' of 'AA,,KK' is not an Omaha hand pattern (it is empty)"),
    ("AA", 7, "4, 5 or 6 cards"),
]


@pytest.mark.parametrize(("text", "n", "message"), ERRORS)
def test_errors_name_the_problem(text: str, n: int, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        parse_omaha_range(text, n)
    with pytest.raises(ValueError, match=re.escape(message)):
        count_omaha_hands(text, n)


@pytest.mark.parametrize(
    ("text", "n", "size"),
    [("******", 6, "20,358,520"), ("random", 5, "2,598,960"), ("AA,KK", 6, "2,439,388")],
)
def test_too_many_hands(text: str, n: int, size: str) -> None:
    with pytest.raises(ValueError, match="random") as info:
        parse_omaha_range(text, n)
    assert f"matches {size} {n}-card Omaha hands" in str(info.value)
    assert f"{MAX_PATTERN_HANDS:,}" in str(info.value)
    assert count_omaha_hands(text, n) == int(size.replace(",", ""))


def test_a_non_string_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="string"):
        parse_omaha_range(["AA"], 4)  # type: ignore[arg-type]
