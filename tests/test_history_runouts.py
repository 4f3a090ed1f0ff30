"""Hands run more than once: read (PokerStars and PHH), replayed, reconciled run-out by run-out.

The shipped hands (``tests/data/run_twice``, origin in its README; the third one is in
``tests/data/pokerstars``) are real: a three-way no-limit hold'em all-in on the turn with a
side pot, its river run twice (PokerStars, hand 212449882219), and a pot-limit Omaha all-in
on the turn, river run twice (PokerStars, hand 124689908714), each also as PHH written from
the PokerStars text by the converter.  Their nets and evs are worked out by hand below.
The same player wins both run-outs of both real hands; no licensed real hand was found
whose run-outs have different winners, so ``SPLIT`` is made by hand (three players, the
river run twice, one run-out each, an odd pot): the only made hand here.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from reference_history import phh, showdown_shares

import equity
from equity.histories import fastphh
from equity.histories.fastreplay import fast_replay
from equity.histories.hand import HandError
from equity.histories.pokerstars import PokerStarsError, parse_hand, split_hands, to_history
from equity.histories.read import read_text
from equity.histories.replay import replay
from equity.histories.runouts import board_cards_dealt
from equity.histories.score import score
from equity.histories.stars_runs import RUN_STREET, StarsRuns

DATA = Path(__file__).parent / "data"
RUN_TWICE = DATA / "run_twice"
LILIO = DATA / "pokerstars" / "HH20200421_Lilio_III_0.01-0.02_USD_NLHE.txt"
LILIO_ID = "212449882219"
LILIO_PHH = RUN_TWICE / "pokerstars_212449882219.phh"
PLO = RUN_TWICE / "hhsmithy_RunItTwice1_PLO.txt"
PLO_PHH = RUN_TWICE / "pokerstars_124689908714.phh"

SPLIT_ACTIONS = [
    "d dh p1 AsAh", "d dh p2 KsKh", "d dh p3 ????",
    "p3 cbr 5", "p1 cc", "p2 cc",
    "d db 2c7d9h", "p1 cc", "p2 cc", "p3 cc",
    "d db Qs", "p1 cbr 95", "p2 cc", "p3 f",
    "p1 sm AsAh", "p2 sm KsKh",
    "d db Kd",  # the first run-out's river: Bob's set of kings
    "d db 3c",  # the second's: Ann's aces
]  # fmt: skip
"""Made by hand: all in on the turn (2c 7d 9h Qs), aces against kings, the river run twice."""


FLOP_ALLIN = [
    *SPLIT_ACTIONS[:7], "p1 cbr 95", "p2 cc", "p3 f", "p1 sm AsAh", "p2 sm KsKh",
    "d db Qs", "d db Kd", "d db 3c",
]  # fmt: skip
"""All in on the flop, then one card too few for a second run-out of the turn and river."""


def _split(runouts: object = ((0, 103, 0), (102, 0, 0)), **fields: object) -> str:
    extra: dict[str, object] = {"players": ["Ann", "Bob", "Cat"], "winnings": [102, 103, 0]}
    if runouts is not None:
        extra["_runout_winnings"] = [list(r) for r in runouts]  # type: ignore[attr-defined]
    extra.update(fields)
    return phh(SPLIT_ACTIONS, [100, 100, 100], **extra)


def _lilio_text() -> str:
    return dict(split_hands(read_text(str(LILIO))))[LILIO_ID]


def _rows(history: object, file: str = "x") -> dict[str, dict[str, object]]:
    rows = score(replay(history), file, 1, "")
    return {str(r["player"]): r for r in rows}


@pytest.fixture(scope="module")
def shipped() -> equity.HistoryResult:
    """The PLO hand's text and the two hands as PHH (the Lilio text is read on its own)."""
    return equity.history([str(RUN_TWICE)])


def _by_player(result: equity.HistoryResult, name: str) -> dict[str, dict[str, object]]:
    hands = result.hands
    rows = hands[hands["file"].str.endswith(name)]
    return {str(r["player"]): r.to_dict() for _, r in rows.iterrows()}


# ------------------------------------------------------------------ the real hands, by hand


def _check_lilio(rows: dict[str, dict[str, object]]) -> None:
    """PokerStars 212449882219, $0.01/$0.02: gizmondouk (Ks Kh), Anudrmdrfkr (2s 2d) and
    ginger_cola (7h 7s, all in for 1.93) all in on the turn 2c Kc 7c 5d; rivers Td and 3d.

    Contributed: Anudrmdrfkr 0.12 + 0.50 + 1.38 = 2.00, gizmondouk 2.00, ginger_cola 1.93,
    doiar 0.12 (folded on the flop), Benny1213 0.04: total pot 6.09.  gizmondouk collects
    2.94 on each run-out (5.88), rake 6.09 - 5.88 = 0.21: net +3.88, -2.00, -1.93.

    Pots: main 3 x 1.93 + 0.12 + 0.04 = 5.95 (all three), side 2 x 0.07 = 0.14
    (gizmondouk, Anudrmdrfkr); after rake x 5.88 / 6.09 = 28/29.  River: 52 - 4 - 6 = 42
    cards.  Main pot: 2h gives Anudrmdrfkr quads, 7d ginger_cola quads, any other river
    keeps the kings ahead (a 5 fills everyone, kings full best): 40/42, 1/42, 1/42.  Side
    pot (ginger_cola's cards out): the kings lose only to 2h: 41/42, 1/42.
    ev gizmondouk = (40 x 5.95 + 41 x 0.14) / 42 x 28/29 - 2 = 487.48/87 - 2 = 3.6032183...
    ev Anudrmdrfkr = (5.95 + 0.14) / 42 x 28/29 - 2 = 12.18/87 - 2 = -1.86
    ev ginger_cola = 5.95 / 42 x 28/29 - 1.93 = 11.9/87 - 1.93 = -1.7932183...
    """
    net = {"gizmondouk": 3.88, "Anudrmdrfkr": -2.00, "ginger_cola": -1.93, "doiar": -0.12}
    ev = {"gizmondouk": 487.48 / 87 - 2, "Anudrmdrfkr": -1.86, "ginger_cola": 11.9 / 87 - 1.93}
    equity_ = {"gizmondouk": 40 / 42, "Anudrmdrfkr": 1 / 42, "ginger_cola": 1 / 42}
    for name, value in net.items():
        assert rows[name]["net"] == pytest.approx(value, abs=1e-12)
    for name, value in ev.items():
        assert rows[name]["ev"] == pytest.approx(value, abs=1e-12)
        assert rows[name]["luck"] == pytest.approx(net[name] - value, abs=1e-12)
        assert rows[name]["equity"] == pytest.approx(equity_[name], abs=1e-12)
    assert rows["gizmondouk"]["main_pot_share"] == 1.0  # both run-outs
    assert rows["gizmondouk"]["won"] == pytest.approx(5.88)
    assert rows["gizmondouk"]["rake"] == pytest.approx(0.21)
    assert rows["gizmondouk"]["allin_street"] == "turn"
    assert rows["gizmondouk"]["board"] == "2cKc7c5dTd|2cKc7c5d3d"
    assert sum(float(r["ev"]) for r in rows.values()) == pytest.approx(-0.21)  # type: ignore[arg-type]


def test_the_pokerstars_hand_run_twice_is_read_and_scored() -> None:
    hand = parse_hand(LILIO_ID, _lilio_text())
    assert hand.runs.streets == [[["Td"]], [["3d"]]]
    assert hand.runs.collected == [
        {"gizmondouk": Decimal("2.94")},
        {"gizmondouk": Decimal("2.94")},
    ]
    history = to_history(hand)
    assert history.actions[-2:] == ["d db Td", "d db 3d"]
    assert history.user_defined_fields["_runout_winnings"][1][1] == Decimal("2.94")
    _check_lilio(_rows(history))


def test_its_phh_written_by_the_converter_scores_the_same(shipped: equity.HistoryResult) -> None:
    _check_lilio(_by_player(shipped, LILIO_PHH.name))
    # the file is the converter's output, byte for byte
    written = to_history(parse_hand(LILIO_ID, _lilio_text())).dumps() + "\n"
    assert LILIO_PHH.read_text() == written


@pytest.mark.parametrize("name", [PLO.name, PLO_PHH.name])
def test_the_omaha_hand_run_twice(shipped: equity.HistoryResult, name: str) -> None:
    """PokerStars 124689908714, PLO $10/$20: FLATC@T (Jd Ts Qd Qs) all in on the turn
    3d Kd 9h 8h against KENZA_MILOU (7s 9s 7h Jh, all in for 1,000); Legheliel folds for
    1,010, OneMoreSpin's small blind 10; rivers 4s and Kc, FLATC@T wins both.

    Total pot 1,010 + 1,000 + 1,010 + 10 = 3,030, collected 2 x (1,503.50 + 10) = 3,027,
    rake 3: nets +2,017, -1,000, -1,010, -10.  Pots: main 3 x 1,000 + 10 = 3,010 (both),
    side 2 x 10 = 20 (FLATC@T alone).  River, 52 - 4 - 8 = 40 cards, two hole cards and
    three of the board: KENZA_MILOU wins with the 9 hearts left (a flush; Th a straight
    flush) and 9c (trip nines); every other river is FLATC@T's (7c, Jc, Js, Tc a straight,
    a diamond a flush, Qc trips, else the queens): 30/40 against 10/40.
    ev FLATC@T = (0.75 x 3,010 + 20) x 3,027/3,030 - 1,010 = 1,265.2450495...
    ev KENZA_MILOU = 0.25 x 3,010 x 3,027/3,030 - 1,000 = -248.2450495...
    """
    rows = _by_player(shipped, name)
    keep = Fraction(3027, 3030)
    ev_flat = float((Fraction(3, 4) * 3010 + 20) * keep - 1010)
    ev_kenza = float(Fraction(1, 4) * 3010 * keep - 1000)
    assert rows["FLATC@T"]["net"] == 2017
    assert rows["KENZA_MILOU"]["net"] == -1000
    assert rows["Legheliel"]["net"] == -1010
    assert rows["OneMoreSpin"]["net"] == -10
    assert rows["FLATC@T"]["ev"] == pytest.approx(ev_flat, abs=1e-9)
    assert rows["KENZA_MILOU"]["ev"] == pytest.approx(ev_kenza, abs=1e-9)
    assert rows["FLATC@T"]["equity"] == 0.75
    assert rows["KENZA_MILOU"]["luck"] == pytest.approx(-1000 - ev_kenza, abs=1e-9)
    assert rows["FLATC@T"]["rake"] == 3
    assert rows["FLATC@T"]["board"] == "3dKd9h8h4s|3dKd9h8hKc"
    assert rows["FLATC@T"]["checked"] == "winnings"


def test_no_hand_of_the_folder_is_left_out(shipped: equity.HistoryResult) -> None:
    assert shipped.read == 3
    assert shipped.reconciled == 3
    assert not shipped.skipped


# ------------------------------------------------------------ different winners, made by hand


def _split_nets_by_the_rule() -> list[Fraction]:
    """The run-out rule written plainly: one pot of 205 cut in two, the odd chip to the
    first run-out; each part to the best hand on its board (reference_history)."""
    contributed = [100, 100, 5]
    boards = ["2c7d9hQsKd", "2c7d9hQs3c"]
    parts = [Fraction(103), Fraction(102)]
    won = [Fraction(0)] * 3
    for board, part in zip(boards, parts, strict=True):
        for i, share in zip((0, 1), showdown_shares(["AsAh", "KsKh"], board), strict=True):
            won[i] += part * Fraction(share)
    return [w - c for w, c in zip(won, contributed, strict=True)]


def test_each_run_out_pays_its_own_winner() -> None:
    """Ann (As Ah) and Bob (Ks Kh) all in on the turn for 100 each, Cat's 5 in the pot:
    205, cut 103 (the odd chip) and 102.  River Kd: Bob's set; river 3c: Ann's aces.
    net: Ann 102 - 100 = +2, Bob 103 - 100 = +3, Cat -5.  River, 52 - 4 - 4 = 44 cards
    (Cat's unknown): only Kc and Kd beat the aces: 42/44 and 2/44.
    ev Ann = 42/44 x 205 - 100 = 95.681818..., ev Bob = 2/44 x 205 - 100 = -90.681818...
    """
    rows = _rows(fastphh.loads_pokerkit(_split()))
    assert [rows[p]["net"] for p in ("Ann", "Bob", "Cat")] == [2, 3, -5]
    assert [rows[p]["net"] for p in ("Ann", "Bob", "Cat")] == _split_nets_by_the_rule()
    assert rows["Ann"]["ev"] == pytest.approx(42 / 44 * 205 - 100, abs=1e-12)
    assert rows["Bob"]["ev"] == pytest.approx(2 / 44 * 205 - 100, abs=1e-12)
    assert rows["Ann"]["luck"] == pytest.approx(2 - (42 / 44 * 205 - 100), abs=1e-12)
    assert rows["Ann"]["main_pot_share"] == 0.5  # lost one run-out, won the other
    assert rows["Bob"]["board"] == "2c7d9hQsKd|2c7d9hQs3c"


def test_the_fast_replay_leaves_run_outs_to_pokerkit() -> None:
    """The fast replay serves no hand run more than once (it declines at a sixth board card);
    the pokerkit replay of the same hand read fast or by pokerkit is the same."""
    text = _split(runouts=None)
    fast = fastphh.loads(text)
    assert isinstance(fast, fastphh.FastHand)
    assert fast_replay(fast) is None
    assert replay(fast) == replay(fastphh.loads_pokerkit(text))
    for path in (LILIO_PHH, PLO_PHH):
        assert fast_replay(fastphh.loads(path.read_text())) is None
    assert board_cards_dealt(SPLIT_ACTIONS) == 6


# ------------------------------------------------------------------ reconciliation refuses


def _reason(text: str) -> HandError:
    with pytest.raises(HandError) as caught:
        replay(fastphh.loads_pokerkit(text))
    return caught.value


def test_a_tampered_run_out_winner_is_refused() -> None:
    """The run-outs' winners swapped, the totals unchanged: each run-out is checked."""
    error = _reason(_split(runouts=((102, 0, 0), (0, 103, 0))))
    assert str(error) == "run-out 1: p1 won 102 by the history but 0 by the replay"
    assert error.kind == "run-out winnings differ from the replay"


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        (_split(runouts=((0, 103, 0), (100, 0, 0))), "p1's winnings of the run-outs do not"),
        (_split(runouts=((0, 103, 0),)), "the winnings of 1 run-outs but the board is dealt 2"),
        (_split(runouts=((0, 103),) * 2), "not one amount for each of the 3 players"),
        (phh(FLOP_ALLIN, [100, 100, 100]), "6 board cards are not whole run-outs of the 2 cards"),
        (phh(SPLIT_ACTIONS[:-1], [100] * 3, winnings=[0, 205, 0], _runout_winnings=[[0, 103, 0],
         [0, 102, 0]]), "the winnings of 2 run-outs but the board is dealt 1 times"),
    ],
)  # fmt: skip
def test_run_outs_that_do_not_add_up_are_refused(text: str, needle: str) -> None:
    error = _reason(text)
    assert needle in str(error)
    assert error.kind == "run-outs do not add up"


def test_a_hand_left_out_says_why(tmp_path: Path) -> None:
    path = tmp_path / "swapped.phh"
    path.write_text(_split(runouts=((102, 0, 0), (0, 103, 0))))
    result = equity.history([str(path)])
    assert result.reconciled == 0
    (skipped,) = result.skipped
    assert skipped.kind == "run-out winnings differ from the replay"
    assert "run-out 1: p1 won 102" in skipped.sentence()


@pytest.mark.parametrize(
    ("old", "new", "needle"),
    [
        ("SECOND Board [2c Kc 7c 5d 3d]", "SECOND Board [2c Kc 7c 5d 4d]", "is not the one dealt"),
        ("*** SECOND RIVER *** [2c Kc 7c 5d] [3d]\n", "", "1 run-outs are dealt"),
        ("Hand was run twice", "Hand was run thrice", "is not understood"),
    ],
)
def test_a_pokerstars_hand_whose_run_outs_disagree_is_unreadable(
    old: str, new: str, needle: str
) -> None:
    text = _lilio_text()
    assert old in text
    with pytest.raises(PokerStarsError, match=needle):
        parse_hand(LILIO_ID, text.replace(old, new))


def test_a_hand_all_in_before_the_flop_runs_whole_boards() -> None:
    """All in before the flop, run twice: each run-out deals a flop, a turn and a river
    (PokerStars: FIRST FLOP, FIRST TURN, FIRST RIVER, then SECOND ...).  Pot 100 + 100 +
    Cat's call of 2 = 202, 101 a run-out: Bob's kings on the first (a set), Ann's aces on
    the second: net Ann +1, Bob +1, Cat -2."""
    actions = [
        "d dh p1 AsAh", "d dh p2 KsKh", "d dh p3 ????", "p3 cc", "p1 cbr 100", "p2 cc", "p3 f",
        "p1 sm AsAh", "p2 sm KsKh",
        "d db 2c7d9h", "d db Qs", "d db Kd", "d db 4c8dJs", "d db 5h", "d db 3c",
    ]  # fmt: skip
    rep = replay(fastphh.loads(phh(actions, [100, 100, 100])))
    assert rep.net == (1, 1, -2)
    assert rep.runouts == (
        tuple(["2c", "7d", "9h", "Qs", "Kd"]),
        tuple(["4c", "8d", "Js", "5h", "3c"]),
    )
    assert rep.allin is not None
    assert rep.allin.street == "preflop"


def test_pokerstars_run_out_streets_become_phh_deals() -> None:
    """The lines of a hand run twice from before the flop, as PokerStars writes them."""
    runs = StarsRuns()
    lines = [
        "FIRST FLOP", "[Qd Qs 4h]", "FIRST TURN", "[Qd Qs 4h] [Ts]", "FIRST RIVER",
        "[Qd Qs 4h Ts] [7s]", "SECOND FLOP", "[6s 8h 6h]", "SECOND TURN", "[6s 8h 6h] [Td]",
        "SECOND RIVER", "[6s 8h 6h Td] [6c]", "FIRST SHOW DOWN", "", "SECOND SHOW DOWN", "",
    ]  # fmt: skip
    streets = []
    for name, text in zip(lines[::2], lines[1::2], strict=True):
        match = RUN_STREET.match(name)
        assert match is not None
        streets.append(runs.street(match, text, str.split))
    assert streets == ["run-out"] * 6 + ["showdown 1", "showdown 2"]
    runs.collect("showdown 2", "Gamz11", Decimal("40.30"))
    assert runs.summary("Hand was run twice", str.split)
    assert runs.summary("SECOND Board [6s 8h 6h Td 6c]", str.split)
    assert not runs.summary("Board [6s 8h 6h Td 6c]", str.split)
    runs.check([])
    assert runs.actions() == [
        "d db QdQs4h", "d db Ts", "d db 7s", "d db 6s8h6h", "d db Td", "d db 6c",
    ]  # fmt: skip
    assert runs.winnings(["Garnerus", "Gamz11"]) == [[0, 0], [0, Decimal("40.30")]]
    runs.boards[1] = ["6s", "8h", "6h", "Td", "6d"]
    with pytest.raises(ValueError, match="SECOND Board"):
        runs.check([])
    with pytest.raises(ValueError, match="dealt out of order"):
        runs.street(RUN_STREET.match("FIRST RIVER"), "[2c]", str.split)  # type: ignore[arg-type]


def test_a_real_hand_with_both_run_outs_paid_on_the_first_is_refused() -> None:
    """The PLO hand's PHH with FLATC@T's two run-outs' 1,513.50 recorded as 3,027 on the
    first and nothing on the second (the winnings unchanged): the replay pays 1,515 a
    run-out (main pot 3,010 and side pot 20, each cut in two, rake aside)."""
    text = PLO_PHH.read_text()
    old = "_runout_winnings = [[0, 1513.50, 0, 0, 0, 0], [0, 1513.50, 0, 0, 0, 0]]"
    assert old in text
    tampered = old.replace("1513.50, 0, 0, 0, 0], [0, 1513.50", "3027.00, 0, 0, 0, 0], [0, 0")
    error = _reason(text.replace(old, tampered))
    assert str(error) == "run-out 1: p2 won 3027.00 by the history but 1515.00 by the replay"
    assert error.kind == "run-out winnings differ from the replay"
