"""Differential test against poker-equity 0.1.1 (Rust, PyPI): every shared game, random spots.

poker-equity plays the same fifteen games as equity.  For each game, spots are drawn
from a seeded generator (known hands, random seats, boards of every known size, dead
cards) and both libraries answer them:

* when both answer exactly (``calculate(..., method="exact")`` and poker-equity's
  ``exact_from_text``, which returns None when it would rather not walk the spot), the
  equities are equal to 1e-9;
* otherwise both sample (``method="monte-carlo"`` and ``chunk_from_text``), and each
  player's equities lie within five combined standard errors.

The notation of a spot is the same text on both sides (``"AhKh"``, a stud hand so far
``"Ah2c3d"``, a draw hand of four cards that draws one ``"7h5c4d3s"``, discards as dead
cards), but for a random seat: ``random`` here, ``*`` wildcards there (as many as the
seat's cards at that street; a draw game's random seat stands pat on five unknown
cards, which deals a random hand as drawing five would).  poker-equity's short deck
plays a straight above three of a kind, equity's ``straight_beats_trips`` rules.

A game equity cannot play yet (its engine raises NotImplementedError, or refuses the
game's own notation: "not supported", or a stud hand of three cards) is skipped with
the reason; the rest must pass.  The
heavier spots (preflop exact, more of them) are marked ``slow``.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Any

import numba
import numpy as np
import pytest

from equity import calculate
from equity.cards import format_cards
from equity.evaluators.shortdeck import ShortDeckRules
from equity.games import GAMES

pe = pytest.importorskip("poker_equity", reason="poker-equity is not installed (the test extra)")

pytestmark = pytest.mark.skipif(
    numba.config.DISABLE_JIT, reason="hundreds of thousands of deals: too slow without the JIT"
)

PEER_KEYS = {
    "holdem": "holdem",
    "shortdeck": "short_deck",
    "omaha": "omaha",
    "omaha5": "omaha_five",
    "omaha6": "omaha_six",
    "omaha-hilo": "omaha_hi_lo",
    "omaha5-hilo": "omaha_five_hi_lo",
    "courchevel": "courchevel",
    "courchevel-hilo": "courchevel_hi_lo",
    "stud": "stud",
    "stud8": "stud_hi_lo",
    "razz": "razz",
    "deuce-seven": "deuce_seven",
    "five-draw": "five_card_draw",
    "badugi": "badugi",
}
"""equity's name of each shared game -> poker-equity's."""

COMMUNITY = ("holdem", "shortdeck", "omaha", "omaha5", "omaha6", "omaha-hilo", "omaha5-hilo")
COMMUNITY += ("courchevel", "courchevel-hilo")
STUD = ("stud", "stud8", "razz")
DRAW = ("deuce-seven", "five-draw", "badugi")

MC_TRIALS = 60_000
PEER_SAMPLES = 100_000
SEED = 20261202


@dataclass(frozen=True)
class Spot:
    """One question, as each side writes it."""

    game: str
    ours: tuple[str, ...]
    theirs: tuple[str, ...]
    board: str = ""
    dead: str = ""

    def __str__(self) -> str:
        return f"{self.game} {' v '.join(self.ours)} board {self.board!r} dead {self.dead!r}"


def test_the_peer_plays_every_game_of_the_mapping() -> None:
    keys = {v["key"]: v for v in pe.variants()}
    assert set(keys) == set(PEER_KEYS.values())
    assert set(PEER_KEYS) <= set(GAMES)
    for ours, theirs in PEER_KEYS.items():
        assert keys[theirs]["hole_cards"] == GAMES[ours].hole_cards, ours
        assert keys[theirs]["deck_size"] == GAMES[ours].deck_size, ours
        assert keys[theirs]["board_cards"] == GAMES[ours].board_total, ours


def test_the_peers_short_deck_plays_a_straight_above_trips() -> None:
    # river: T-9 makes the straight 6-T, the aces make trips; a flush beats a full house
    straight = pe.exact_from_text("short_deck", ["Th9s", "AhAd"], board="Ac8d7c6sKh")
    assert [p["equity"] for p in straight["players"]] == [1.0, 0.0]
    ours = calculate(["Th9s", "AhAd"], "Ac8d7c6sKh", game="shortdeck")
    assert ours.equity.tolist() == [0.0, 1.0]  # our default: trips above a straight
    sbt = ShortDeckRules(straight_beats_trips=True)
    ours = calculate(["Th9s", "AhAd"], "Ac8d7c6sKh", game="shortdeck", rules=sbt)
    assert ours.equity.tolist() == [1.0, 0.0]


# ---------------------------------------------------------------------------
# spots


def _deck(game: str) -> list[int]:
    return list(GAMES[game].deck)


def community_spot(game: str, rng: random.Random, exact: bool) -> Spot:
    """Known hands (``exact``), or known and random seats; a board of a known size."""
    g = GAMES[game]
    deck = _deck(game)
    rng.shuffle(deck)
    players = rng.choice((2, 2, 3))
    sizes = [s for s in g.board_sizes if s >= 3] if exact else list(g.board_sizes)
    if exact and g.omaha and min(g.board_sizes) == 1:
        sizes.append(1)  # Courchevel before the flop: C(41, 4) boards
    n_board = rng.choice(sizes)
    ours, theirs = [], []
    for p in range(players):
        if not exact and p > 0 and rng.random() < 0.5:
            ours.append("random")
            theirs.append("*" * g.hole_cards)
        else:
            hand = format_cards([deck.pop() for _ in range(g.hole_cards)])
            ours.append(hand)
            theirs.append(hand)
    board = format_cards([deck.pop() for _ in range(n_board)])
    dead = format_cards([deck.pop() for _ in range(rng.choice((0, 0, 1, 2)))])
    return Spot(game, tuple(ours), tuple(theirs), board, dead)


def stud_spot(game: str, rng: random.Random, exact: bool) -> Spot:
    """Every seat on one street (its cards so far), folded up cards dead."""
    deck = _deck(game)
    rng.shuffle(deck)
    street = rng.choice((6, 7)) if exact else rng.choice((3, 4, 5, 6))
    players = rng.choice((2, 3)) if exact else rng.choice((2, 3, 4))
    ours, theirs = [], []
    for p in range(players):
        if not exact and p > 0 and rng.random() < 0.3:
            ours.append("random")
            theirs.append("*" * street)
        else:
            hand = format_cards([deck.pop() for _ in range(street)])
            ours.append(hand)
            theirs.append(hand)
    dead = format_cards([deck.pop() for _ in range(rng.choice((0, 2, 4)))])
    return Spot(game, tuple(ours), tuple(theirs), "", dead)


def draw_spot(game: str, rng: random.Random, exact: bool) -> Spot:
    """Pat hands and draws of one or more cards, the discards dead."""
    g = GAMES[game]
    deck = _deck(game)
    rng.shuffle(deck)
    full = g.hole_cards
    players = rng.choice((2, 3))
    ours, theirs = [], []
    drawing = 0
    for p in range(players):
        if not exact and p > 0 and rng.random() < 0.3:
            ours.append("random")
            theirs.append("*" * full)
            continue
        draws = rng.choice((0, 1)) if exact and drawing < 2 else rng.choice((0, 1, 2, 3))
        if exact and drawing >= 2:
            draws = 0
        drawing += draws
        hand = format_cards([deck.pop() for _ in range(full - draws)])
        ours.append(hand)
        theirs.append(hand)
    dead = format_cards([deck.pop() for _ in range(rng.choice((0, 1, 3)))])
    return Spot(game, tuple(ours), tuple(theirs), "", dead)


def make_spot(game: str, rng: random.Random, exact: bool) -> Spot:
    """A random spot of ``game`` (known hands only when ``exact``)."""
    if game in STUD:
        return stud_spot(game, rng, exact)
    if game in DRAW:
        return draw_spot(game, rng, exact)
    return community_spot(game, rng, exact)


def spots(game: str, n: int, exact: bool, salt: int) -> list[Spot]:
    rng = random.Random(f"{SEED}-{game}-{exact}-{salt}")
    return [make_spot(game, rng, exact) for _ in range(n)]


# ---------------------------------------------------------------------------
# the two sides


def _rules(game: str) -> Any:
    return ShortDeckRules(straight_beats_trips=True) if game == "shortdeck" else None


@functools.cache
def missing_engine(game: str) -> str | None:
    """Why equity cannot play ``game`` yet (its engine raises on the game's notation)."""
    probe = {
        "stud": ("AhAdAc", "2c7d9h"),
        "stud8": ("Ah2d3c", "KcKdQh"),
        "razz": ("Ah2d3c", "KcKdQh"),
        "deuce-seven": ("7h5c4d3s", "9h8c6d5h2c"),
        "five-draw": ("AhKd9c2s", "QhQd7c5s3d"),
        "badugi": ("Ah2c3d", "4h5c6d7s"),
    }.get(game)
    if probe is None:
        return None
    try:
        calculate(list(probe), game=game, method="monte-carlo", trials=1_000, seed=1)
    except NotImplementedError as exc:
        return f"equity cannot play {game} yet: {exc}"
    except ValueError as exc:  # only the engine's refusals of the game's own notation
        text = str(exc)
        if "not supported" in text or f"a {game} hand has" in text:
            return f"equity cannot play {game} yet: {text}"
        raise
    return None


def needs_engine(game: str) -> None:
    reason = missing_engine(game)
    if reason is not None:
        pytest.skip(reason)


def check_exact(spot: Spot) -> bool:
    """Both sides exact: equal equities.  False when poker-equity would not walk the spot."""
    theirs = pe.exact_from_text(
        PEER_KEYS[spot.game], list(spot.theirs), board=spot.board, dead=spot.dead
    )
    if theirs is None:
        return False
    assert theirs["exact"], spot
    ours = calculate(
        list(spot.ours),
        spot.board,
        spot.dead,
        game=spot.game,
        method="exact",
        rules=_rules(spot.game),
    )
    want = [p["equity"] for p in theirs["players"]]
    np.testing.assert_allclose(ours.equity, want, rtol=0, atol=1e-9, err_msg=str(spot))
    if GAMES[spot.game].hilo:  # the whole pot alone, and a share of each half
        assert ours.outcomes is not None
        for name in ("scoop", "high_win", "low_win"):
            got = ours.outcomes[name]
            peer = [p[name] for p in theirs["players"]]
            np.testing.assert_allclose(got, peer, rtol=0, atol=1e-9, err_msg=f"{name}: {spot}")
    return True


def check_sampled(spot: Spot, seed: int) -> None:
    """Both sides sample: each player's equities within five combined standard errors."""
    theirs = pe.chunk_from_text(
        PEER_KEYS[spot.game],
        list(spot.theirs),
        board=spot.board,
        dead=spot.dead,
        samples=PEER_SAMPLES,
        seed=seed,
    )
    ours = calculate(
        list(spot.ours),
        spot.board,
        spot.dead,
        game=spot.game,
        method="monte-carlo",
        trials=MC_TRIALS,
        seed=seed,
        rules=_rules(spot.game),
    )
    for p, seat in enumerate(theirs["players"]):
        se = float(np.hypot(ours.stderr[p], seat["std_error"]))
        gap = abs(float(ours.equity[p]) - seat["equity"])
        assert gap <= 5 * se + 1e-9, (str(spot), p, float(ours.equity[p]), seat["equity"], se)


# ---------------------------------------------------------------------------
# the tests: a few spots of each game here, more under ``slow``


@pytest.mark.parametrize("game", list(PEER_KEYS))
def test_exact_spots_agree(game: str) -> None:
    needs_engine(game)
    walked = [check_exact(spot) for spot in spots(game, 3, exact=True, salt=0)]
    assert any(walked), "poker-equity walked none of the spots"


@pytest.mark.parametrize("game", list(PEER_KEYS))
def test_sampled_spots_agree(game: str) -> None:
    needs_engine(game)
    for i, spot in enumerate(spots(game, 2, exact=False, salt=0)):
        check_sampled(spot, seed=SEED + i)


@pytest.mark.slow
@pytest.mark.parametrize("game", list(PEER_KEYS))
def test_more_spots_agree(game: str) -> None:
    needs_engine(game)
    walked = [check_exact(spot) for spot in spots(game, 12, exact=True, salt=1)]
    assert sum(walked) >= 6, "poker-equity walked too few of the spots"
    for i, spot in enumerate(spots(game, 10, exact=False, salt=1)):
        check_sampled(spot, seed=SEED + 100 + i)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "hands"),
    [
        ("holdem", ("AhKh", "QsQd")),
        ("omaha", ("AhKhQsQd", "JcJdTcTd")),
        ("omaha-hilo", ("Ah2d3c9s", "KcKdQhJh")),
        ("courchevel", ("AhKhQsQd2c", "JcJdTcTd3h")),
    ],
)
def test_preflop_exact_agrees(game: str, hands: tuple[str, str]) -> None:
    board = "7d" if game.startswith("courchevel") else ""
    assert check_exact(Spot(game, hands, hands, board))
