"""Tests of equity.cards: encoding, parsing in every spelling, formatting."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from equity.cards import (
    CARD_NAMES,
    NO_CARD,
    card_mask,
    format_card,
    format_cards,
    make_card,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)

AS, KD, TH, QC, JD = 51, 45, 34, 40, 37

hands = st.lists(st.integers(0, 51), min_size=0, max_size=52, unique=True)


def test_encoding() -> None:
    assert make_card(0, 0) == 0  # deuce of clubs
    assert make_card(12, 3) == AS
    assert [rank_of(c) for c in (0, 3, 4, 51)] == [0, 0, 1, 12]
    assert [suit_of(c) for c in (0, 1, 2, 3, 51)] == [0, 1, 2, 3, 3]
    assert all(make_card(rank_of(c), suit_of(c)) == c for c in range(52))
    assert CARD_NAMES[0] == "2c"
    assert CARD_NAMES[AS] == "As"
    assert len(set(CARD_NAMES)) == 52
    assert NO_CARD == 255


@pytest.mark.parametrize(("rank", "suit"), [(13, 0), (-1, 0), (0, 4), (0, -1)])
def test_make_card_rejects(rank: int, suit: int) -> None:
    with pytest.raises(ValueError, match="no card"):
        make_card(rank, suit)


@pytest.mark.parametrize(
    ("token", "card"),
    [
        ("As", AS), ("as", AS), ("AS", AS), ("aS", AS),
        ("Kd", KD), ("kD", KD),
        ("Th", TH), ("th", TH), ("TH", TH), ("10h", TH), ("10H", TH),
        ("2c", 0), ("9s", 31),
        ("A♠", AS), ("K♦", KD), ("T♥", TH), ("10♥", TH), ("Q♣", QC),
        ("a♠", AS), ("♠A", AS), ("♥10", TH),
        ("A♤", AS), ("K♢", KD), ("T♡", TH), ("Q♧", QC),
        ("黑桃A", AS), ("方片K", KD), ("方块K", KD), ("红桃10", TH), ("红桃T", TH),
        ("梅花Q", QC), ("草花Q", QC), ("方片J", JD), ("方块J", JD),
        ("  As ", AS),
    ],
)  # fmt: skip
def test_parse_card_spellings(token: str, card: int) -> None:
    assert parse_card(token) == card
    assert parse_cards(token) == [card]


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("As Kd", [AS, KD]),
        ("AsKd", [AS, KD]),
        ("as kd", [AS, KD]),
        ("AsKd10h", [AS, KD, TH]),
        ("AsKd Th", [AS, KD, TH]),
        ("As, Kd; Th", [AS, KD, TH]),
        ("  As\tKd\n", [AS, KD]),
        ("A♠K♦10♥", [AS, KD, TH]),
        ("♠A ♦K", [AS, KD]),
        ("黑桃A 红桃K 梅花Q 方片J", [AS, 46, QC, JD]),
        ("黑桃A红桃K梅花Q方块J", [AS, 46, QC, JD]),
        ("", []),
    ],
)
def test_parse_cards_strings(text: str, cards: list[int]) -> None:
    assert parse_cards(text) == cards


def test_parse_cards_sequences() -> None:
    assert parse_cards([AS, KD]) == [AS, KD]
    assert parse_cards(["As", "kd", "10h"]) == [AS, KD, TH]
    assert parse_cards(["As", KD]) == [AS, KD]
    assert parse_cards(np.array([AS, KD], dtype=np.uint8)) == [AS, KD]
    assert parse_cards(c for c in (0, 1)) == [0, 1]
    assert all(type(c) is int for c in parse_cards(np.arange(3)))


def test_all_cards_round_trip() -> None:
    for card in range(52):
        name = format_card(card)
        assert name == CARD_NAMES[card]
        assert parse_card(name) == card
        assert parse_card(name.lower()) == card
        assert parse_card(name.upper()) == card
        assert format_cards(parse_cards(name)) == name
    assert parse_cards(" ".join(CARD_NAMES)) == list(range(52))
    assert parse_cards("".join(CARD_NAMES)) == list(range(52))


@given(hands)
def test_hands_round_trip(cards: list[int]) -> None:
    text = format_cards(cards)
    assert parse_cards(text) == cards
    assert format_cards(parse_cards(text)) == text
    spaced = format_cards(cards, " ")
    assert parse_cards(spaced) == cards
    assert format_cards(parse_cards(spaced), " ") == spaced
    assert parse_cards(text.lower()) == cards


@given(hands)
def test_card_mask(cards: list[int]) -> None:
    mask = card_mask(cards)
    assert mask.bit_count() == len(cards)
    assert all(mask >> c & 1 for c in cards)
    assert mask < 1 << 52


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("Ax", "Ax"),
        ("As Xx", "Xx"),
        ("As 1x", "1x"),
        ("AsKx", "Kx"),
        ("As Kd 11h", "11h"),
        ("As K", "K"),
        ("A s", "A"),
        ("Asd", "d"),
        ("As Kd Zz Qc", "Zz"),
        ("黑桃Z", "黑桃Z"),
        ("1", "1"),
    ],
)
def test_bad_token_is_quoted(text: str, bad: str) -> None:
    with pytest.raises(ValueError, match=f"^{bad!r} is not a card"):
        parse_cards(text)


@pytest.mark.parametrize("token", ["", "A", "s", "Ass", "As Kd", "AsKd", "1s0", "X"])
def test_parse_card_rejects(token: str) -> None:
    with pytest.raises(ValueError, match="is not a card") as info:
        parse_card(token)
    assert repr(token) in str(info.value)


@pytest.mark.parametrize("bad", [52, -1, 255, 3.0, None])
def test_bad_codes(bad: object) -> None:
    with pytest.raises(ValueError, match="is not a card"):
        parse_cards([0, bad])  # type: ignore[list-item]


@pytest.mark.parametrize("bad", [52, -1, 255])
def test_format_rejects(bad: int) -> None:
    with pytest.raises(ValueError, match="is not a card code"):
        format_card(bad)
    with pytest.raises(ValueError, match="is not a card code"):
        format_cards([0, bad])


@pytest.mark.parametrize(
    ("cards", "token"),
    [
        ("As As", "As"),
        ("As as", "as"),
        ("AsKdAs", "As"),
        ("As A♠", "A♠"),
        ("黑桃A As", "As"),
        ("Th 10h", "10h"),
        ([AS, KD, AS], AS),
        (["As", AS], AS),
    ],
)
def test_duplicates(cards: object, token: object) -> None:
    with pytest.raises(ValueError, match=f"^card {token!r} is given twice$"):
        parse_cards(cards)  # type: ignore[arg-type]
    allowed = parse_cards(cards, allow_duplicates=True)  # type: ignore[arg-type]
    assert len(allowed) == len(set(allowed)) + 1


def test_public_names_are_exported() -> None:
    """``equity.__all__`` lists exactly the lazily exported names, and each one loads."""
    import equity

    assert set(equity.__all__) == {"__version__", *equity._EXPORTS}
    for name in equity.__all__:
        assert getattr(equity, name) is not None
