"""The fast pot-limit Omaha replay against pokerkit's, hand for hand.

pokerkit stays the reference: on every shipped Omaha hand and on random hands
pokerkit plays (four and five hole cards, high and hi-lo eight or better,
two to six players, antes, short stacks, pot-sized raises, mucks) the fast
replay either declines (pokerkit replays the hand) or gives the very
:class:`~equity.histories.hand.Replay` pokerkit's route gives, and before any
reconciliation the very payoffs pokerkit pays (odd chips included).
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path
from typing import Any

import pytest
from random_hands import as_phh, automations, play, pokerkit_replay
from random_hands import payoffs as pokerkit_payoffs
from reference_history import exact_equity as reference_equity
from reference_history import showdown_shares

import equity
from equity.games import GAMES
from equity.histories import fastphh
from equity.histories.fastomaha import OMAHA_CODES, OmahaReplay, fast_omaha_replay
from equity.histories.fastreplay import Unsure
from equity.histories.hand import GAME_OF_VARIANT, Replay
from equity.histories.read import expand_sources, read_hands
from equity.histories.variants import OMAHA_VARIANTS, OmahaHandHistory

DATA = Path(__file__).parent / "data"
SOURCES = [str(DATA / "omaha"), str(DATA / "phh" / "wsop_2023_43_5")]
CODES = ("PO", "PO5", "PO/8", "PO5/8")


def _random_hand(rng: random.Random, code: str) -> str | None:
    """A pot-limit Omaha hand of variant ``code`` played at random by pokerkit, as PHH text.

    Two to six players, blinds 1/2 (sometimes a big blind posted out of turn too), sometimes
    antes of 1 or a big-blind ante of 2, short and deep stacks, random folds, calls,
    minimum, pot and other raises, mucks at showdown; a fifth of the hands dealt face down
    (shown only at showdown).  None where pokerkit gave up.
    """
    from pokerkit import Mode

    hole = OMAHA_VARIANTS[code].hole_cards
    n = rng.randint(2, 6)
    stacks = [rng.choice([rng.randint(3, 30), rng.randint(30, 300)]) for _ in range(n)]
    ante: Any = rng.choice([0, 0, 1, {1: 2}])  # none, everyone's, the big blind's
    blinds = [1, 2] + [0] * (n - 2)
    if n > 3 and rng.random() < 0.2:  # a big blind posted out of turn: live (PokerStars)
        blinds[rng.randrange(2, n)] = -2
    kind = OmahaHandHistory.game_types[code]
    game = kind(automations(), False, ante, blinds, 2, mode=Mode.CASH_GAME)
    state = play(rng, game, stacks, hole, muck=0.1, fold=0.1, raise_below=0.4,
                 raises=lambda low, high: [low, high, high, rng.randint(low, high)])  # fmt: skip
    return None if state is None else as_phh(rng, OmahaHandHistory, game, state, hole, 0.2)


@pytest.fixture(scope="module")
def random_hands() -> dict[str, list[str]]:
    """Random hands pokerkit played, per variant (seeded)."""
    rng = random.Random(2032)
    hands: dict[str, list[str]] = {code: [] for code in CODES}
    for code in CODES:
        while len(hands[code]) < 45:
            text = _random_hand(rng, code)
            if text is not None:
                hands[code].append(text)
    return hands


def test_the_variants_agree() -> None:
    assert set(OMAHA_CODES) == set(OMAHA_VARIANTS) == set(CODES)
    for code, v in OMAHA_VARIANTS.items():
        assert OMAHA_CODES[code] == (v.hole_cards, v.hilo)
        assert GAME_OF_VARIANT[code] == v.game
        assert (GAMES[v.game].hole_cards, GAMES[v.game].hilo) == (v.hole_cards, v.hilo)
        assert code in fastphh.VARIANTS


@pytest.mark.parametrize("code", CODES)
def test_fast_replay_equals_pokerkit_on_random_hands(
    code: str, random_hands: dict[str, list[str]]
) -> None:
    answered = played = split = 0
    for text in random_hands[code]:
        hand = fastphh._parse(text)
        assert hand.variant == code
        got = fast_omaha_replay(hand)
        if got is not None:
            answered += 1
            assert got == pokerkit_replay(hand), text
        try:
            payoffs = OmahaReplay(hand).play()
        except Unsure:
            continue
        played += 1
        if got is None:  # else the replays' equality holds the payoffs' (finishing stacks)
            assert payoffs == pokerkit_payoffs(text), text
        split += sum(p > 0 for p in payoffs) > 1
    assert answered >= 0.8 * len(random_hands[code])
    assert played >= answered
    assert split >= 3  # pots split (hi-lo halves, ties, odd chips) among the hands played


def _shipped() -> list[tuple[str, int, Any]]:
    files, _ = expand_sources(SOURCES)
    return [
        (raw.file, raw.index, raw.history)
        for file in files
        for raw in read_hands(file)
        if raw.history is not None and str(raw.history.variant) in OMAHA_CODES
    ]


def test_fast_replay_equals_pokerkit_on_every_shipped_omaha_hand() -> None:
    hands = _shipped()
    variants = [str(h.variant) for _, _, h in hands]
    assert {v: variants.count(v) for v in CODES} == {"PO": 9, "PO5": 2, "PO/8": 3, "PO5/8": 0}
    answered = 0
    for file, index, history in hands:
        ref = pokerkit_replay(history)
        got = fast_omaha_replay(history)
        assert isinstance(ref, Replay), f"{file} hand {index}: pokerkit says {ref}"
        if got is None:
            continue
        answered += 1
        assert got == ref, f"{file} hand {index}"
    assert answered == len(hands)


def _low(hole: str, board: str) -> tuple[int, ...] | None:
    """The best eight-or-better low of two hole cards and three board cards, highest rank
    first (ace 1), None without one: every choice tried."""
    rank = {r: k + 2 for k, r in enumerate("23456789TJQK")} | {"A": 1}
    hole_ranks = [rank[hole[k]] for k in range(0, len(hole), 2)]
    board_ranks = [rank[board[k]] for k in range(0, len(board), 2)]
    lows = [
        tuple(sorted(two + three, reverse=True))
        for two in itertools.combinations(hole_ranks, 2)
        for three in itertools.combinations(board_ranks, 3)
        if max(two + three) <= 8 and len(set(two + three)) == 5
    ]
    return min(lows, default=None)


def _hilo_turn_equity(holes: list[str], board: str) -> list[float]:
    """Heads-up hi-lo equity on a four-card board: every river, the high half by the
    reference's Omaha showdown, the low half among the best lows (the high takes all
    without one)."""
    seen = {board[k : k + 2] for k in range(0, len(board), 2)}
    seen |= {h[k : k + 2] for h in holes for k in range(0, len(h), 2)}
    rivers = [r + s for r in "23456789TJQKA" for s in "cdhs" if r + s not in seen]
    total = [0.0] * len(holes)
    for river in rivers:
        high = showdown_shares(holes, board + river)
        lows = [_low(h, board + river) for h in holes]
        if all(low is None for low in lows):
            shares = high
        else:
            best = min(low for low in lows if low is not None)
            winners = [low == best for low in lows]
            halves = zip(high, winners, strict=True)
            shares = [h / 2 + (0.5 / sum(winners) if w else 0) for h, w in halves]
        total = [t + x for t, x in zip(total, shares, strict=True)]
    return [t / len(rivers) for t in total]


def test_omaha_hands_are_scored_with_their_game() -> None:
    result = equity.history([str(DATA / "omaha")])
    assert (result.read, result.reconciled) == (7, 7)
    rows = result.hands.set_index("player")
    # the hi-lo turn all-in: no low can come on Jh Td 8c 9c, so the hi-lo equity is the
    # high one, enumerated by the plain-Python reference
    assert rows.loc["HELVER4728", "allin_street"] == "turn"
    assert rows.loc["HELVER4728", "cards"] == "3s9dKdQs"
    expected = reference_equity(["3s9dKdQs", "QcQh9hTs"], "JhTd8c9c")
    assert rows.loc["HELVER4728", "equity"] == pytest.approx(expected[0], abs=1e-12)
    assert rows.loc["immo 1000", "equity"] == pytest.approx(expected[1], abs=1e-12)
    # hi-lo scored as omaha-hilo: the turn equities of a hand split high and low
    turn = _hilo_turn_equity(["4s2s8d3d", "6sJh2d9d"], "Kd2c9h6c")
    assert rows.loc["SGS62", "equity_turn"] == pytest.approx(turn[0], abs=1e-12)
    assert rows.loc["NeiLutzn", "equity_turn"] == pytest.approx(turn[1], abs=1e-12)
    assert rows.loc["SGS62", "won"] == pytest.approx(0.38)  # the low half (the odd cent high)
    assert rows.loc["NeiLutzn", "won"] == pytest.approx(0.39)
    assert rows.loc["madmax84", "net"] == pytest.approx(45.90)
    # five-card Omaha scored as omaha5: the turn equities of the two hands shown
    turn = reference_equity(["AsAd5h4sJd", "9s7cTcAc3h"], "Ah5c8dQc")
    assert rows.loc["madmax84", "equity_turn"] == pytest.approx(turn[0], abs=1e-12)
    assert rows.loc["manics16", "equity_turn"] == pytest.approx(turn[1], abs=1e-12)
