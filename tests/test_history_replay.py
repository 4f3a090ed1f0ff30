"""The fast PHH reader and hold'em replay against pokerkit's, hand for hand.

pokerkit stays the reference: on every shipped hand (PHH and PokerStars) the
fast replay either declines (pokerkit replays the hand) or gives the very
:class:`~equity.histories.hand.Replay` pokerkit's route gives: contributions,
all-in moment, street snapshots, cards, what was won, rake and what it was
checked against; a hand pokerkit cannot reconcile is never answered by the fast
replay.  Hand-made hands add side pots, an uncalled bet, a walk, a split pot,
equal antes (a big-blind ante is left to pokerkit) and a hand shown face down.
"""

from __future__ import annotations

import random
from decimal import Decimal
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from random_hands import as_phh, automations, play, pokerkit_replay
from random_hands import payoffs as pokerkit_payoffs
from reference_history import phh

import equity
from equity.histories import fastphh
from equity.histories.fastreplay import HandReplay, Unsure, _split, fast_replay
from equity.histories.hand import HandError, Replay
from equity.histories.pots import build_pots
from equity.histories.read import _split_sections, expand_sources, read_hands
from equity.histories.replay import replay
from equity.histories.sites import CENT, split_in_units

DATA = Path(__file__).parent / "data"
HANDHQ = DATA / "phh" / "handhq_50NLH_1_first43.phhs"
SOURCES = [str(DATA / "phh"), str(DATA / "pokerstars")]


@pytest.fixture
def pokerkit_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every hand read and replayed by pokerkit, as before the fast route."""
    monkeypatch.setattr(fastphh, "ENABLED", False)


def _shipped() -> list[tuple[str, int, Any]]:
    files, _ = expand_sources(SOURCES)
    return [
        (raw.file, raw.index, raw.history)
        for file in files
        for raw in read_hands(file)
        if raw.history is not None
    ]


def test_fast_replay_equals_pokerkit_on_every_shipped_hand() -> None:
    hands = _shipped()
    assert len(hands) > 150
    answered = 0
    for file, index, history in hands:
        ref = pokerkit_replay(history)
        got = fast_replay(history)
        if got is None:
            continue
        answered += 1
        assert isinstance(ref, Replay), f"{file} hand {index}: pokerkit says {ref}"
        assert got == ref, f"{file} hand {index}"
        assert got.net == ref.net
        if got.allin is not None:
            assert build_pots(got.contributed, got.allin.players) == build_pots(
                ref.contributed, ref.allin.players if ref.allin else ()
            )
    # The fast route covers most of the sample: nearly every HandHQ hand (all 43 of
    # the first file), and most PokerStars hands (not those with dead blinds).
    assert answered >= 150
    assert all(fast_replay(h) is not None for f, _, h in hands if f == str(HANDHQ))
    handhq = [h for f, _, h in hands if Path(f).name.startswith("handhq")]
    assert len(handhq) >= 43
    assert sum(fast_replay(h) is not None for h in handhq) >= 0.95 * len(handhq)


def test_fast_reader_reads_the_fields_pokerkit_reads() -> None:
    sections = _split_sections(HANDHQ.read_text())
    assert len(sections) == 43
    for body in sections:
        fast = fastphh._parse(body)
        ref = fastphh.loads_pokerkit(body)
        for name in (
            "variant",
            "antes",
            "blinds_or_straddles",
            "min_bet",
            "starting_stacks",
            "actions",
            "players",
            "winnings",
            "finishing_stacks",
            "hand",
        ):
            assert getattr(fast, name) == getattr(ref, name), name
        # The user-defined fields the replay reads are those named with a leading '_'.
        ours = {k: v for k, v in ref.user_defined_fields.items() if k.startswith("_")}
        assert fast.user_defined_fields == ours


def test_the_same_results_with_and_without_the_fast_route(monkeypatch: pytest.MonkeyPatch) -> None:
    fast = equity.history(SOURCES)
    monkeypatch.setattr(fastphh, "ENABLED", False)
    slow = equity.history(SOURCES)
    pd.testing.assert_frame_equal(fast.hands, slow.hands)
    assert fast.skipped == slow.skipped
    assert (fast.read, fast.reconciled) == (slow.read, slow.reconciled)


def _both(text: str) -> Replay:
    """The fast replay of ``text``, checked equal to pokerkit's."""
    hand = fastphh._parse(text)
    got = fast_replay(hand)
    assert got is not None
    assert got == pokerkit_replay(hand)
    return got


DEAL3 = ["d dh p1 AsAh", "d dh p2 KsKh", "d dh p3 QsQh"]
RUNOUT = ["d db 2c3d4h", "d db 9c", "d db Td"]


def test_side_pots_preflop_all_in() -> None:
    shows = ["p1 sm AsAh", "p2 sm KsKh", "p3 sm QsQh"]
    rep = _both(phh([*DEAL3, "p3 cbr 200", "p1 cc", "p2 cc", *RUNOUT, *shows], [100, 50, 200]))
    # p3's 200 is called to 100 (the rest returned); aces win the main and the side pot.
    assert rep.contributed == (100, 50, 100)
    assert rep.net == (150, -50, -100)
    assert rep.allin is not None
    assert rep.allin.street == "preflop"
    assert rep.allin.players == (0, 1, 2)
    assert [p.amount for p in build_pots(rep.contributed, rep.allin.players)] == [150, 100]


def test_uncalled_bet_returned_and_a_hand_ending_before_showdown() -> None:
    actions = ["d dh p1 ????", "d dh p2 ????", "p2 cc", "p1 cc", "d db 2c3d4h", "p1 cbr 10", "p2 f"]
    rep = _both(phh(actions, [100, 100]))
    assert rep.contributed == (2, 2)
    assert rep.net == (2, -2)
    assert rep.allin is None
    assert sorted(rep.streets) == ["flop", "preflop"]


def test_walk() -> None:
    rep = _both(phh(["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 f"], [50] * 3))
    assert rep.net == (-1, 1, 0)
    assert rep.allin is None


def test_split_pot_on_the_board() -> None:
    checks = ["p1 cc", "p2 cc"]
    actions = ["d dh p1 2c3d", "d dh p2 4h5h", "p2 cc", "p1 cc", "d db TsJsQs", *checks]
    actions += ["d db Ks", *checks, "d db As", *checks, "p1 sm 2c3d", "p2 sm 4h5h"]
    rep = _both(phh(actions, [100, 100]))
    assert rep.net == (0, 0)
    assert rep.board == ("Ts", "Js", "Qs", "Ks", "As")


def test_flop_all_in_shown_face_down_then_face_up() -> None:
    actions = ["d dh p1 ????", "d dh p2 ????", "p2 cbr 6", "p1 cc", "d db 2c3d4h", "p1 cbr 94"]
    actions += ["p2 cc", "p1 sm ????", "p2 sm ????", "d db 9c", "d db Td"]
    actions += ["p1 sm AsAh", "p2 sm KsKh"]
    rep = _both(phh(actions, [100, 100], finishing_stacks=[200, 0]))
    assert rep.allin is not None
    assert rep.allin.street == "flop"
    assert rep.holes == (("As", "Ah"), ("Ks", "Kh"))
    assert rep.checked == "finishing_stacks"


def test_a_hand_shown_face_down_cannot_win_the_pot() -> None:
    actions = ["d dh p1 ????", "d dh p2 ????", "p2 cc", "p1 cc", "d db 2c3d4h", "p1 cc", "p2 cc"]
    actions += [
        "d db 9c",
        "p1 cc",
        "p2 cc",
        "d db Td",
        "p1 cc",
        "p2 cc",
        "p1 sm 7h7d",
        "p2 sm ????",
    ]
    assert _both(phh(actions, [100, 100])).net == (2, -2)


def test_equal_antes_and_antes_of_other_kinds() -> None:
    walk = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 f"]
    rep = _both(phh(walk, [50] * 3, antes=1))
    assert rep.net == (-2, 3, -1)  # p2 wins p1's ante and blind, p3's ante
    big_blind_ante = phh(walk, [50] * 3).replace("antes = [0, 0, 0]", "antes = [0, 2, 0]")
    hand = fastphh._parse(big_blind_ante)
    assert fast_replay(hand) is None
    assert replay(hand) == pokerkit_replay(hand)  # pokerkit's route, through the same entry point
    wrong = fastphh._parse(phh(walk, [50] * 3, finishing_stacks=[50, 50, 50]))
    assert fast_replay(wrong) is None
    with pytest.raises(HandError, match="finishing stack"):
        replay(wrong)


def test_uneven_splits_are_left_to_pokerkit() -> None:
    assert _split(Decimal("0.75"), 3) == Decimal("0.25")
    assert _split(Decimal(4), 2) == 2
    for amount, ways in ((Decimal(5), 2), (Decimal("1.00"), 3)):
        with pytest.raises(Unsure):
            _split(amount, ways)


def test_a_hand_in_a_currency_splits_in_whole_cents() -> None:
    """Both replays split a pot of a hand in a currency in cents, the odd cent to the first
    winner (pokerkit's convention); a hand in chips keeps pokerkit's whole-number split."""
    assert split_in_units(Decimal(147), 2, CENT) == (Decimal("73.50"), 0)
    assert split_in_units(Decimal("1.00"), 3, CENT) == (Decimal("0.33"), Decimal("0.01"))
    text = phh(["d dh p1 ????", "d dh p2 ????", "p2 f"], [100, 100])
    assert fastphh._parse(text).divmod is None
    for field in ("currency_symbol = '$'", "currency = 'USD'"):
        assert fastphh._parse(f"{text}{field}\n").divmod(Decimal(147), 2) == (Decimal("73.50"), 0)
        assert fastphh.loads_pokerkit(f"{text}{field}\n").divmod(147, 2) == (Decimal("73.50"), 0)
    assert fastphh.loads_pokerkit(text).divmod(147, 2) == (73, 1)
    assert fastphh._parse(text.replace("min_bet = 2", "min_bet = 0.50")).min_bet == Decimal("0.5")


def test_text_outside_the_subset_is_read_by_pokerkit() -> None:
    text = phh(["d dh p1 ????", "d dh p2 ????", "p2 f"], [100, 100])
    assert isinstance(fastphh.loads(text), fastphh.FastHand)
    for other in (
        text.replace("actions = [", "actions = [  # a comment\n"),
        text.replace("variant = 'NT'", "variant = 'FT'"),
        text + "[table]\nname = 'x'\n",
        text.replace("min_bet = 2", "min_bet = 02"),  # not TOML: a leading zero
        text.replace("min_bet = 2", "min_bet = 02.5"),  # ... in a decimal too
        text.replace("min_bet = 2", "min_bet = 2."),  # not TOML: no digit after the point
        text.replace("min_bet = 2", "min bet = 2"),  # not a bare key
        text + "= 2\n",  # no key
        text + "time = 24:00:00\n",  # not TOML: no such time
    ):
        try:
            got = fastphh.loads(other)
        except Exception:
            continue  # pokerkit refuses it: read.py reports the hand
        assert not isinstance(got, fastphh.FastHand)


def test_pokerkit_only_route_still_reads_everything(pokerkit_only: None) -> None:
    text = phh(["d dh p1 ????", "d dh p2 ????", "p2 f"], [100, 100])
    assert not isinstance(fastphh.loads(text), fastphh.FastHand)
    assert fast_replay(fastphh._parse(text)) is None
    result = equity.history(str(HANDHQ))
    assert (result.read, result.reconciled) == (43, 43)


def test_a_short_all_in_raise_does_not_reopen_the_betting() -> None:
    preflop = [*DEAL3, "p3 cbr 6", "p1 cbr 8", "p2 cc"]
    checks = ["p2 cc", "p3 cc"]
    rest = ["p3 cc", "d db 2c3d4h", *checks, "d db 9c", *checks, "d db Td", *checks]
    shows = ["p1 sm AsAh", "p2 sm KsKh", "p3 sm QsQh"]
    rep = _both(phh([*preflop, *rest, *shows], [8, 100, 100]))
    # p1's all-in to 8 is 2 more than the raise to 6: p3, who raised, may only call or fold.
    assert rep.contributed == (8, 8, 8)
    assert rep.net == (16, -8, -8)
    assert rep.allin is None  # p2 and p3 still had chips behind
    reraise = fastphh._parse(phh([*preflop, "p3 cbr 20"], [8, 100, 100]))
    assert fast_replay(reraise) is None


def _random_hand(rng: random.Random) -> str | None:
    """A hand played at random by pokerkit's state machine, as PHH text (None if it gave up).

    Two to six players, blinds 1/2, sometimes antes of 1, short and deep
    stacks, random folds, calls, minimum, maximum and other raises, mucks at
    showdown; a third of the hands dealt face down (shown only at showdown).
    """
    from pokerkit import HandHistory, Mode, NoLimitTexasHoldem

    n = rng.randint(2, 6)
    stacks = [rng.choice([rng.randint(3, 30), rng.randint(30, 300)]) for _ in range(n)]
    ante = rng.choice([0, 0, 1])
    game = NoLimitTexasHoldem(automations(), False, ante, (1, 2), 2, mode=Mode.CASH_GAME)
    state = play(rng, game, stacks, 2, muck=0.15, fold=0.15, raise_below=0.45,
                 raises=lambda low, high: [low, high, rng.randint(low, high)])  # fmt: skip
    return None if state is None else as_phh(rng, HandHistory, game, state, 2, hidden=0.3)


def test_fast_replay_equals_pokerkit_on_random_hands() -> None:
    rng = random.Random(2026)
    answered = played = 0
    for _ in range(400):
        text = _random_hand(rng)
        if text is None:
            continue
        hand = fastphh._parse(text)
        got = fast_replay(hand)
        if got is not None:
            answered += 1
            assert got == pokerkit_replay(hand), text
        # Before any reconciliation: the payoffs themselves, where the replay gets to them.
        try:
            payoffs = HandReplay(hand).play()
        except Unsure:
            continue
        played += 1
        assert payoffs == pokerkit_payoffs(text), text
    assert answered > 250
    assert played >= answered
