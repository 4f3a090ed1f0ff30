"""Slow, obviously correct references for Omaha (high and 8-or-better) and short-deck hold'em.

Plain Python on purpose, like :mod:`reference`: nothing here comes from the
package except the card encoding of :mod:`equity.cards` (``card = 4 * rank +
suit``, rank 0 = deuce .. 12 = ace) and its parser.  Every hand is found by
brute force over :func:`itertools.combinations`.

Omaha (4, 5 or 6 hole cards, a board of five)
    A hand is *exactly* two hole cards plus *exactly* three board cards.  The
    high hand is the best such five by :func:`reference.five_card_key`.  The
    8-or-better low is chosen on its own, again two hole plus three board
    cards: five distinct ranks, all eight or lower, the ace low (it counts
    1); straights and flushes do not matter.  A low is written as its rank
    values highest first, e.g. ``(8, 6, 4, 2, 1)``; the smaller tuple is the
    better low, ``(5, 4, 3, 2, 1)`` (the wheel) the best of all.

Hi-lo showdown
    High only: the best high hands split the pot.  Hi-lo: when at least one
    player has a qualifying low, the best high hands split one half and the
    best lows the other (so a player can be quartered); when nobody has a
    low, the high hands take the whole pot.  Shares are exact
    :class:`~fractions.Fraction` values.

Short-deck hold'em (36 cards, six to ace)
    Best five of up to seven cards.  A-6-7-8-9 is the lowest straight (the
    ace plays low only there; there is no A-2-3-4-5), a flush beats a full
    house, and one of two orders ranks the straight against three of a kind
    (:func:`shortdeck_categories`).  The classifier here works the five cards
    out itself rather than re-ranking :func:`reference.five_card_key`.

Also here: exact enumerators over every completion of the board
(:func:`enumerate_omaha`, :func:`enumerate_shortdeck`), for turn and river
spots (or a flop with many dead cards).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from typing import Any

import reference as ref

from equity.cards import parse_cards

CardsIn = str | Iterable[int]
"""Cards as text (``"AsKd"``) or as card codes."""

OMAHA_HOLE_SIZES = (4, 5, 6)
"""Hole-card counts of the Omaha games here."""
BOARD_SIZE = 5
"""Board cards at showdown."""

ACE = 12
"""Rank code of the ace."""
LOW_LIMIT = 8
"""The worst rank value a qualifying low may hold (eight or better)."""

SHORTDECK_MIN_RANK = 4
"""Rank code of the six, the lowest rank of the short deck."""
SHORTDECK_DECK = tuple(range(4 * SHORTDECK_MIN_RANK, 52))
"""The 36 cards of the short deck, six of clubs to ace of spades."""

SHORTDECK_CATEGORIES = (
    "high card",
    "pair",
    "two pair",
    "straight",
    "three of a kind",
    "full house",
    "flush",
    "four of a kind",
    "straight flush",
)
"""Short-deck categories weakest first, default order (three of a kind beats a straight)."""

SHORTDECK_CATEGORIES_STRAIGHT_BEATS_TRIPS = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "full house",
    "flush",
    "four of a kind",
    "straight flush",
)
"""Short-deck categories weakest first with ``straight_beats_trips=True``."""

# A-9-8-7-6, ranks highest first: the lowest short-deck straight, topped by the nine.
_SHORTDECK_WHEEL = [ACE, 7, 6, 5, 4]
_NINE = 7


def _cards(cards: CardsIn) -> tuple[int, ...]:
    """Card codes of ``cards``; a card given twice is a ValueError."""
    if (
        isinstance(cards, tuple)
        and all(type(c) is int and 0 <= c < 52 for c in cards)
        and len(set(cards)) == len(cards)
    ):
        return cards  # already checked codes: skip the parser (a hot path of the tests)
    return tuple(parse_cards(cards))


def _distinct(*groups: Sequence[int]) -> None:
    """Raise ValueError if a card occurs twice across ``groups``."""
    everything = [c for group in groups for c in group]
    if len(set(everything)) != len(everything):
        raise ValueError(f"a card is given twice in {groups!r}")


# ---------------------------------------------------------------------------
# Omaha high


def _omaha_cards(hole: CardsIn, board: CardsIn) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Checked hole cards (4, 5 or 6) and board (5 cards), all distinct."""
    hole_cards, board_cards = _cards(hole), _cards(board)
    if len(hole_cards) not in OMAHA_HOLE_SIZES:
        raise ValueError(f"Omaha needs 4, 5 or 6 hole cards, got {len(hole_cards)}")
    if len(board_cards) != BOARD_SIZE:
        raise ValueError(f"Omaha showdown needs a board of 5, got {len(board_cards)}")
    _distinct(hole_cards, board_cards)
    return hole_cards, board_cards


def omaha_fives(hole: CardsIn, board: CardsIn) -> Iterator[tuple[int, ...]]:
    """Every legal Omaha hand: two hole cards then three board cards."""
    hole_cards, board_cards = _omaha_cards(hole, board)
    for two in itertools.combinations(hole_cards, 2):
        for three in itertools.combinations(board_cards, 3):
            yield two + three


def omaha_high_key(hole: CardsIn, board: CardsIn) -> tuple[int, ...]:
    """:func:`reference.five_card_key` of the best two-hole, three-board hand.

    >>> omaha_high_key("AsAhKsKh", "Qs7h2c4d5d")  # a pair of aces, Q-7-5
    (2, 12, 10, 5, 3)
    """
    return max(ref.five_card_key(five) for five in omaha_fives(hole, board))


def omaha_best_five(hole: CardsIn, board: CardsIn) -> tuple[int, ...]:
    """The five cards (two hole, then three board) of :func:`omaha_high_key`.

    When several fives tie, the first in combination order is returned.
    """
    return max(omaha_fives(hole, board), key=ref.five_card_key)


# ---------------------------------------------------------------------------
# Omaha 8-or-better low


def low_value(card: int) -> int:
    """Rank value of a card for the low: ace 1, deuce 2, ..., king 13."""
    rank = card >> 2
    return 1 if rank == ACE else rank + 2


def five_card_low(cards: Sequence[int]) -> tuple[int, ...] | None:
    """The 8-or-better low of exactly five cards, or None when they make none.

    Five distinct rank values, all at most eight (ace = 1), highest first;
    suits do not matter and neither do straights.
    """
    if len(cards) != 5 or len(set(cards)) != 5:
        raise ValueError(f"need five distinct cards, got {cards!r}")
    values = sorted({low_value(c) for c in cards}, reverse=True)
    if len(values) == 5 and values[0] <= LOW_LIMIT:
        return tuple(values)
    return None


def omaha_low(hole: CardsIn, board: CardsIn) -> tuple[int, ...] | None:
    """Best (smallest) 8-or-better low of two hole plus three board cards, or None.

    >>> omaha_low("As2h9c9d", "3d4c8hKsKd")
    (8, 4, 3, 2, 1)
    >>> omaha_low("AcAdKhKd", "2s3s4s9hTc") is None  # one low rank in the hole
    True
    """
    lows = [low for five in omaha_fives(hole, board) if (low := five_card_low(five)) is not None]
    return min(lows) if lows else None


def low_text(low: Sequence[int]) -> str:
    """A low as text, highest first: ``(8, 6, 4, 2, 1)`` is ``"8-6-4-2-A"``.

    >>> low_text((5, 4, 3, 2, 1))
    '5-4-3-2-A'
    """
    return "-".join("A" if v == 1 else str(v) for v in low)


# ---------------------------------------------------------------------------
# Omaha showdown


def omaha_outcome(holes: Sequence[CardsIn], board: CardsIn, hilo: bool = False) -> dict[str, Any]:
    """Who wins what at one Omaha showdown.

    Returns ``{"players": [...], "no_low": bool}``.  Each player's dict holds

    * ``share``: the player's share of the pot (a Fraction; the shares sum to 1);
    * ``high_key``: :func:`omaha_high_key`; ``low``: :func:`omaha_low` (None
      in a high-only game, where the low is not looked at);
    * ``high_win`` (sole best high), ``high_tie`` (best high shared with others);
    * ``low_win`` (sole best low), ``low_tie`` (best low shared), both False when
      nobody has a low and in a high-only game;
    * ``scoop``: the player alone wins the whole pot: sole best high and, when
      the pot is split, sole best low too.

    ``no_low`` is True in a hi-lo game where no player has a qualifying low
    (the high takes the whole pot); it is False in a high-only game.
    """
    hole_cards = [_cards(hole) for hole in holes]
    board_cards = _cards(board)
    _distinct(*hole_cards, board_cards)
    if not hole_cards:
        raise ValueError("a showdown needs at least one player")

    high_keys = [omaha_high_key(hole, board_cards) for hole in hole_cards]
    best_high = max(high_keys)
    high_winners = [p for p, key in enumerate(high_keys) if key == best_high]

    lows: list[tuple[int, ...] | None] = [None] * len(hole_cards)
    low_winners: list[int] = []
    if hilo:
        lows = [omaha_low(hole, board_cards) for hole in hole_cards]
        qualified = [low for low in lows if low is not None]
        if qualified:
            best_low = min(qualified)
            low_winners = [p for p, low in enumerate(lows) if low == best_low]
    split = bool(low_winners)

    shares = [Fraction(0)] * len(hole_cards)
    high_pot = Fraction(1, 2) if split else Fraction(1)
    for p in high_winners:
        shares[p] += high_pot / len(high_winners)
    for p in low_winners:
        shares[p] += Fraction(1, 2) / len(low_winners)

    players = []
    for p in range(len(hole_cards)):
        high_win = high_winners == [p]
        low_win = low_winners == [p]
        players.append(
            {
                "share": shares[p],
                "high_key": high_keys[p],
                "low": lows[p],
                "high_win": high_win,
                "high_tie": p in high_winners and len(high_winners) > 1,
                "low_win": low_win,
                "low_tie": p in low_winners and len(low_winners) > 1,
                "scoop": high_win and (low_win or not split),
            }
        )
    return {"players": players, "no_low": hilo and not split}


def omaha_shares(holes: Sequence[CardsIn], board: CardsIn, hilo: bool = False) -> list[Fraction]:
    """Each player's share of the pot at one Omaha showdown (see :func:`omaha_outcome`).

    >>> omaha_shares(["AsAhKsKh", "2c2d3h3s"], "Qs7h2h4d5d")  # trip deuces win
    [Fraction(0, 1), Fraction(1, 1)]
    >>> omaha_shares(["AsAhKsKh", "2c2d3h3s"], "Qs7h2h4d5d", hilo=True)  # and 7-5-4-3-2
    [Fraction(0, 1), Fraction(1, 1)]
    """
    return [player["share"] for player in omaha_outcome(holes, board, hilo)["players"]]


# ---------------------------------------------------------------------------
# short deck


def shortdeck_categories(straight_beats_trips: bool = False) -> tuple[str, ...]:
    """Short-deck category names weakest first, for the given straight-vs-trips order."""
    if straight_beats_trips:
        return SHORTDECK_CATEGORIES_STRAIGHT_BEATS_TRIPS
    return SHORTDECK_CATEGORIES


def _shortdeck_cards(cards: CardsIn) -> tuple[int, ...]:
    """Card codes, every one a six or higher."""
    codes = _cards(cards)
    low = [c for c in codes if c >> 2 < SHORTDECK_MIN_RANK]
    if low:
        raise ValueError(f"cards below a six are not in the short deck: {low!r}")
    return codes


def shortdeck_classify(cards5: CardsIn) -> tuple[str, tuple[int, ...]]:
    """Category name and tie-break ranks (most significant first) of five short-deck cards.

    >>> shortdeck_classify("Ah6c7d8s9h")
    ('straight', (7,))
    """
    cards = _shortdeck_cards(cards5)
    if len(cards) != 5:
        raise ValueError(f"need five cards, got {len(cards)}")
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    suited = len({c & 3 for c in cards}) == 1
    counts = Counter(ranks)
    # Ranks by (multiplicity, rank), most significant first: K K 7 7 7 gives 7, K.
    by_count = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    shape = tuple(counts[r] for r in by_count)

    straight_top = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == _SHORTDECK_WHEEL:
            straight_top = _NINE

    if straight_top is not None and suited:
        return "straight flush", (straight_top,)
    if straight_top is not None:
        return "straight", (straight_top,)
    if suited:
        return "flush", tuple(ranks)
    names = {
        (4, 1): "four of a kind",
        (3, 2): "full house",
        (3, 1, 1): "three of a kind",
        (2, 2, 1): "two pair",
        (2, 1, 1, 1): "pair",
        (1, 1, 1, 1, 1): "high card",
    }
    return names[shape], by_count


def shortdeck_key(cards5: CardsIn, straight_beats_trips: bool = False) -> tuple[int, ...]:
    """Comparable key of five short-deck cards (bigger is better).

    ``(category code, tie-break ranks...)``, the code 1 .. 9 counting up
    :func:`shortdeck_categories` for the chosen order.

    >>> shortdeck_key("AsAdAcKdKc") < shortdeck_key("Jh9h8h7h6h")  # flush beats full house
    True
    """
    name, tiebreak = shortdeck_classify(cards5)
    return (shortdeck_categories(straight_beats_trips).index(name) + 1, *tiebreak)


def shortdeck_best_key(cards: CardsIn, straight_beats_trips: bool = False) -> tuple[int, ...]:
    """Key of the best five of five to seven short-deck cards."""
    codes = _shortdeck_cards(cards)
    if not 5 <= len(codes) <= 7:
        raise ValueError(f"need five to seven cards, got {len(codes)}")
    return max(
        shortdeck_key(five, straight_beats_trips) for five in itertools.combinations(codes, 5)
    )


def shortdeck_category(cards: CardsIn, straight_beats_trips: bool = False) -> str:
    """Category name of the best five of five to seven short-deck cards."""
    key = shortdeck_best_key(cards, straight_beats_trips)
    return shortdeck_categories(straight_beats_trips)[key[0] - 1]


# ---------------------------------------------------------------------------
# exact enumeration over board completions


def _boards(
    known: Sequence[int], board: Sequence[int], deck: Sequence[int]
) -> Iterator[tuple[int, ...]]:
    """Every five-card board extending ``board`` by cards of ``deck`` not in ``known``."""
    if len(board) > BOARD_SIZE:
        raise ValueError(f"a board has at most 5 cards, got {len(board)}")
    used = set(known)
    rest = [c for c in deck if c not in used]
    for extra in itertools.combinations(rest, BOARD_SIZE - len(board)):
        yield (*board, *extra)


def enumerate_omaha(
    holes: Sequence[CardsIn],
    board: CardsIn = (),
    dead: CardsIn = (),
    hilo: bool = False,
) -> dict[str, Any]:
    """Exact Omaha outcome over every completion of ``board`` from the 52-card deck.

    Returns a dict with ``total`` (boards dealt), ``equity`` (a Fraction per
    player: the mean pot share), per-player integer lists ``scoop``,
    ``high_win``, ``high_tie``, ``low_win``, ``low_tie`` (boards on which the
    player has that outcome, as in :func:`omaha_outcome`) and ``no_low``
    (hi-lo boards on which nobody has a low; 0 for high only).
    """
    hole_cards = [_cards(hole) for hole in holes]
    board_cards, dead_cards = _cards(board), _cards(dead)
    known = [*itertools.chain.from_iterable(hole_cards), *board_cards, *dead_cards]
    _distinct(known)
    flags = ("scoop", "high_win", "high_tie", "low_win", "low_tie")
    n = len(hole_cards)
    out: dict[str, Any] = {flag: [0] * n for flag in flags}
    share_sums = [Fraction(0)] * n
    total = no_low = 0
    for full in _boards(known, board_cards, range(52)):
        outcome = omaha_outcome(hole_cards, full, hilo)
        total += 1
        no_low += outcome["no_low"]
        for p, player in enumerate(outcome["players"]):
            share_sums[p] += player["share"]
            for flag in flags:
                out[flag][p] += player[flag]
    if total == 0:
        raise ValueError("no board can be dealt from the cards left")
    out["equity"] = [s / total for s in share_sums]
    out["no_low"] = no_low
    out["total"] = total
    return out


def shortdeck_winners(
    holes: Sequence[Sequence[int]], board: Sequence[int], straight_beats_trips: bool = False
) -> list[int]:
    """Players holding the best five of their hole cards plus a five-card board."""
    keys = [shortdeck_best_key([*hole, *board], straight_beats_trips) for hole in holes]
    best = max(keys)
    return [p for p, key in enumerate(keys) if key == best]


def enumerate_shortdeck(
    holes: Sequence[CardsIn],
    board: CardsIn = (),
    dead: CardsIn = (),
    straight_beats_trips: bool = False,
) -> dict[str, Any]:
    """Exact short-deck hold'em outcome over every completion of ``board`` (36-card deck).

    Returns a dict with ``total`` (boards dealt), ``equity`` (a Fraction per
    player; a k-way split pays 1/k), per-player ``wins`` (sole best hand) and
    ``ties`` (best hand shared) and ``counts[p][k]`` (k >= 1: boards on which
    player p shares the best hand with k players in all, the engine's
    convention; ``counts[p][0] == 0``).
    """
    hole_cards = [_shortdeck_cards(hole) for hole in holes]
    board_cards, dead_cards = _shortdeck_cards(board), _shortdeck_cards(dead)
    if any(len(hole) != 2 for hole in hole_cards):
        raise ValueError("short-deck hold'em hands are two cards")
    known = [*itertools.chain.from_iterable(hole_cards), *board_cards, *dead_cards]
    _distinct(known)
    n = len(hole_cards)
    counts = [[0] * (n + 1) for _ in range(n)]
    share_sums = [Fraction(0)] * n
    total = 0
    for full in _boards(known, board_cards, SHORTDECK_DECK):
        winners = shortdeck_winners(hole_cards, full, straight_beats_trips)
        total += 1
        for p in winners:
            counts[p][len(winners)] += 1
            share_sums[p] += Fraction(1, len(winners))
    if total == 0:
        raise ValueError("no board can be dealt from the cards left")
    return {
        "total": total,
        "equity": [s / total for s in share_sums],
        "wins": [row[1] for row in counts],
        "ties": [sum(row[2:]) for row in counts],
        "counts": counts,
    }
