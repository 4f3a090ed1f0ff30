"""Tracker statistics (``equity.histories.stats``): counted by hand, then properties and the CLI.

The expected counts below were derived by reading each hand's actions (PHH:
``p3 cbr 1.75`` raises to 1.75, ``p1 cc`` checks or calls, ``p2 f`` folds,
``d db ...`` deals the board), with the definitions of the module: the
comments walk through each hand.  Positions: ``p1`` is the small blind, the
last player the button; heads-up ``p1`` is the big blind and ``p2`` the small
blind on the button.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pandas as pd
import pytest

import equity
from equity.cli import main
from equity.histories.stats import COUNTS, STATS, count_hand, positions, stats_table

DATA = Path(__file__).parent / "data"
HANDHQ = str(DATA / "phh" / "handhq_50NLH_1_first43.phhs")
STARS = str(DATA / "pokerstars" / "HH20200416_Aksnes_II_0.01-0.02_USD_NLHE.txt")
PLURIBUS = str(DATA / "phh" / "pluribus" / "30")
WSOP = DATA / "phh" / "wsop_2023_43_5"
WSOP_27, WSOP_68 = str(WSOP / "27.phh"), str(WSOP / "68.phh")  # read and replayed by pokerkit
HERO = "QiLz8xreFvpFCuxIwseb6A"

FLAGS = COUNTS[1:]


def _expect(**given: int) -> dict[str, int]:
    """A player's counts of one hand: all 0 but those given."""
    unknown = set(given) - set(FLAGS)
    assert not unknown, unknown
    return {name: given.get(name, 0) for name in FLAGS}


@pytest.fixture(scope="module")
def shipped() -> equity.HistoryResult:
    return equity.history([HANDHQ, STARS, PLURIBUS, WSOP_27, WSOP_68])


def _hand_rows(result: Any, file: str, index: int) -> dict[str, dict[str, Any]]:
    frame = result.hands
    rows = frame[(frame["file"] == file) & (frame["index"] == index)]
    assert len(rows), f"hand {index} of {file} is not among the scored hands"
    return {r["player"]: r for r in rows.to_dict("records")}


# -- real hands, counted by hand --------------------------------------------------------------

# handhq hand 12, heads-up: p1 t4Nq... (BB), p2 QiLz... (SB, on the button).
#   p2 cbr 1.50  the SB opens an unopened pot: steal opportunity and steal; VPIP, PFR
#   p1 cbr 4.50  the BB faces one raise by another: 3-bet opportunity and 3-bet; VPIP, PFR
#   p2 cc        the opener faces exactly that 3-bet: fold-to-3-bet opportunity, called
#   flop 4d7dJc  p1, the last preflop raiser, acts first, unbet: c-bet opportunity, checks
#   p2 cc        a check (nothing to call; no c-bet was made, so nothing to fold to)
#   turn 6s      p1 checks, p2 bets 9 (a postflop bet), p1 folds (a postflop fold)
# Both saw the flop; no showdown.
HANDHQ_12 = {
    "t4Nq3sihzEUy18XoQoIY9w": _expect(
        vpip=1, pfr=1, three_bet=1, three_bet_opp=1, cbet_opp=1, saw_flop=1, postflop_folds=1
    ),
    HERO: _expect(
        vpip=1, pfr=1, steal=1, steal_opp=1, fold_to_three_bet_opp=1, saw_flop=1, postflop_bets=1
    ),
}

# handhq hand 2, heads-up: p2 (the SB, on the button) folds: a steal opportunity not taken,
# and a walk for p1, the big blind, who never acts (left out of its VPIP's hands).
HANDHQ_2 = {
    "t4Nq3sihzEUy18XoQoIY9w": _expect(walk=1),
    HERO: _expect(steal_opp=1),
}

# handhq hand 6, six players: p1 SB, p2 BB, p3 UTG, p4 HJ, p5 CO, p6 BTN.
#   p3 cc, p4 cc  two limps (VPIP); the pot is opened, so CO, BTN and SB get no steal chance
#   p5 f, p6 f, p1 f
#   p2 cbr 1.50   the BB raises the limpers: VPIP, PFR (the first raise: no 3-bet chance)
#   p3 cc, p4 cc  each faces that one raise: a 3-bet opportunity, not taken
#   flop 5h2s8h   p2 (the preflop raiser) checks first: c-bet opportunity, no c-bet
#   p3 checks, p4 bets (postflop bet), p2 folds and p3 folds (not to a c-bet: none was made)
HANDHQ_6 = {
    "+a5SqgTrPaSUEIxiX2tP4w": _expect(),
    "NGMyPrCItsd+XnR3unPJWA": _expect(vpip=1, pfr=1, cbet_opp=1, saw_flop=1, postflop_folds=1),
    "Pcbrz/bBnpt30AolVBpqjQ": _expect(vpip=1, three_bet_opp=1, saw_flop=1, postflop_folds=1),
    "5IsB9AM26bmoKc4kPVeUwQ": _expect(vpip=1, three_bet_opp=1, saw_flop=1, postflop_bets=1),
    "jkG6SgyvJ7/U3HnU0LBs/w": _expect(),
    "lOKkle8LDdJoCkV0V7aIAQ": _expect(),
}

# handhq hand 25, eight players: p1 SB, p2 BB, p3 UTG, p4 UTG+1, p5 LJ, p6 HJ, p7 CO, p8 BTN.
#   p3 f, p4 f, p5 cbr 1.75   LJ opens (not a steal position): VPIP, PFR
#   p6 f, p7 f                each folds facing one raise: a 3-bet opportunity (CO: no steal
#                             chance, the pot was opened)
#   p8 cc                     the BTN calls: VPIP, a 3-bet opportunity not taken
#   p1 f, p2 f                the blinds fold: 3-bet opportunities
#   flop 9d7d2s  p5 bets first: c-bet opportunity and c-bet (a postflop bet);
#                p8 calls it: fold-to-c-bet opportunity, not folded (a postflop call)
#   turn 8h      p5 checks, p8 bets, p5 calls;  river 6s: both check
#   showdown     p5 Kh9c (a pair of nines) loses to p8 8c6c (two pair): W$SD for p8 only
HANDHQ_25 = {
    "xjhZL9eTwhpKH5cycnV4ng": _expect(three_bet_opp=1),  # p1, SB
    "ZpYc8/ksQYSNFEFIeiSSWw": _expect(three_bet_opp=1),  # p2, BB
    "nuxnmf7HL7MrAZNPlDDX1Q": _expect(),  # p3, UTG
    "8hMu7uTrc+Qk/KohM8wxuA": _expect(),  # p4, UTG+1
    "/WEVsKPfQjMPmo3OsbQshw": _expect(  # p5, LJ
        vpip=1, pfr=1, cbet=1, cbet_opp=1, saw_flop=1, wtsd=1, postflop_bets=1, postflop_calls=1
    ),
    "LLlS4UbqlnzaXXa8ZtBcqg": _expect(three_bet_opp=1),  # p6, HJ
    "ZPwXk+FygDiK8aJaFN+QCQ": _expect(three_bet_opp=1),  # p7, CO
    "6HszwhCM3NdjslFq0876LQ": _expect(  # p8, BTN
        vpip=1,
        three_bet_opp=1,
        fold_to_cbet_opp=1,
        saw_flop=1,
        wtsd=1,
        wsd=1,
        postflop_bets=1,
        postflop_calls=1,
    ),
}

# PokerStars, Aksnes II hand 8 (#212113507858), nine players: p1 SB, p2 BB, p3 UTG, p4 UTG+1,
# p5 UTG+2, p6 LJ, p7 HJ, p8 CO, p9 BTN.
#   p3, p4, p5 fold; p6 (fifita78) raises to 0.07: VPIP, PFR
#   p7 f, p8 cc, p9 f, p1 f, p2 cc   each faces that one raise: 3-bet opportunities
#                                    (p8, p2 call: VPIP)
#   flop 9c6cTc  p2 checks; p6, the raiser, checks (c-bet opportunity, no c-bet);
#                p8 bets 0.04 (not a c-bet), p2 raises to 0.33, p6 folds, p8 calls
#   turn, river  checks;  showdown p2 Ks7s (a pair of sevens) loses to p8 QdQc
STARS_8 = {
    "Jerry194208": _expect(three_bet_opp=1),
    "BRUNOFUENTES27": _expect(vpip=1, three_bet_opp=1, saw_flop=1, wtsd=1, postflop_raises=1),
    "Finalflash007": _expect(),
    "Parker09SA": _expect(),
    "pokerHero1": _expect(),
    "fifita78": _expect(vpip=1, pfr=1, cbet_opp=1, saw_flop=1, postflop_folds=1),
    "Buscapina277": _expect(three_bet_opp=1),
    "Trend154reg": _expect(
        vpip=1, three_bet_opp=1, saw_flop=1, wtsd=1, wsd=1, postflop_bets=1, postflop_calls=1
    ),
    "subarist085": _expect(three_bet_opp=1),
}

# PokerStars, Aksnes II hand 29 (#212114855706): p1 SB Trend154reg, p2 BB TankMurky, p3 UTG
# Matze720 ... p9 BTN GIE0RGE.
#   p3 cc          UTG limps: VPIP (the pot is opened: no steal chance after it)
#   p4 .. p8 fold
#   p9 cbr 0.04    the BTN raises the limper: VPIP, PFR (not a steal: the pot was open)
#   p1 f           the SB faces one raise: a 3-bet opportunity
#   p2 cbr 0.14    the BB re-raises: 3-bet opportunity and 3-bet; VPIP, PFR
#   p3 f           the limper faces a 3-bet he did not open: nothing counted
#   p9 cc          the first raiser faces the 3-bet: fold-to-3-bet opportunity, called
#   flop 9sKh5s    p2 (the last raiser) bets first: c-bet; p9 folds to it
STARS_29 = {
    "Trend154reg": _expect(three_bet_opp=1),
    "TankMurky": _expect(
        vpip=1,
        pfr=1,
        three_bet=1,
        three_bet_opp=1,
        cbet=1,
        cbet_opp=1,
        saw_flop=1,
        postflop_bets=1,
    ),
    "Matze720": _expect(vpip=1),
    "GIE0RGE": _expect(
        vpip=1,
        pfr=1,
        fold_to_three_bet_opp=1,
        fold_to_cbet=1,
        fold_to_cbet_opp=1,
        saw_flop=1,
        postflop_folds=1,
    ),
}


# Pluribus, 30/12.phh: p1 SB MrWhite, p2 BB Gogo, p3 UTG Budd, p4 HJ Eddie, p5 CO Bill,
# p6 BTN Pluribus.
#   p3, p4 fold; p5 folds in an unopened pot (CO: a steal chance not taken)
#   p6 cbr 225     Pluribus opens on the button: steal; VPIP, PFR
#   p1 f, p2 cc    the blinds face one raise: 3-bet opportunities; the BB calls (VPIP)
#   flop 3dQc2c    p2 checks, p6 bets 250 (c-bet), p2 calls (faced the c-bet, no fold)
#   turn 9s        p2 checks, p6 bets 1000, p2 calls;  river 5s: both check
#   showdown       p2 shows 8sQh and wins (finishing stack 11525); Pluribus mucks: he went
#                  to the showdown and won nothing
PLURIBUS_12 = {
    "MrWhite": _expect(three_bet_opp=1),
    "Gogo": _expect(
        vpip=1, three_bet_opp=1, fold_to_cbet_opp=1, saw_flop=1, wtsd=1, wsd=1, postflop_calls=2
    ),
    "Budd": _expect(),
    "Eddie": _expect(),
    "Bill": _expect(steal_opp=1),
    "Pluribus": _expect(
        vpip=1,
        pfr=1,
        steal=1,
        steal_opp=1,
        cbet=1,
        cbet_opp=1,
        saw_flop=1,
        wtsd=1,
        postflop_bets=2,
    ),
}

# Pluribus, 30/21.phh: p1 SB Eddie, p2 BB Bill, p3 UTG Pluribus, p4 HJ MrWhite, p5 CO Gogo,
# p6 BTN Budd.
#   p3 cbr 250     Pluribus opens UTG: VPIP, PFR
#   p4 f           MrWhite faces one raise: a 3-bet opportunity
#   p5 cbr 800     Gogo 3-bets: VPIP, PFR
#   p6, p1, p2 f   they face two raises: nothing counted
#   p3 cc          the opener faces the 3-bet: a fold-to-3-bet opportunity, called
#   flop 9hTsJh    p3 checks, p5 (the last raiser) bets 600: a c-bet; p3 calls it
#   turn, river    checks;  showdown: Gogo's KdQs (a straight) beats Pluribus' 9c9s
PLURIBUS_21 = {
    "Eddie": _expect(),
    "Bill": _expect(),
    "Pluribus": _expect(
        vpip=1,
        pfr=1,
        fold_to_three_bet_opp=1,
        fold_to_cbet_opp=1,
        saw_flop=1,
        wtsd=1,
        postflop_calls=1,
    ),
    "MrWhite": _expect(three_bet_opp=1),
    "Gogo": _expect(
        vpip=1,
        pfr=1,
        three_bet=1,
        three_bet_opp=1,
        cbet=1,
        cbet_opp=1,
        saw_flop=1,
        wtsd=1,
        wsd=1,
        postflop_bets=1,
    ),
    "Budd": _expect(),
}

# WSOP 2023 $50K PPC, 27.phh, pot-limit Omaha, five players: p1 SB Tong, p2 BB Obst,
# p3 UTG Shakerchi, p4 CO Rast, p5 BTN Ashton.
#   p3 f; p4 f     Rast folds in an unopened pot: a steal chance (CO)
#   p5 cbr 350000  Ashton opens the button: steal; VPIP, PFR
#   p1 f           the SB faces one raise: a 3-bet opportunity
#   p2 cbr 1.1M    the BB 3-bets: VPIP, PFR
#   p5 cbr 3.35M   the opener faces the 3-bet (an opportunity to fold) and 4-bets
#   p2 f           the 3-bettor faces a 4-bet: nothing counted
WSOP_27_HAND = {
    "Kristopher Tong": _expect(three_bet_opp=1),
    "James Obst": _expect(vpip=1, pfr=1, three_bet=1, three_bet_opp=1),
    "Talal Shakerchi": _expect(),
    "Brian Rast": _expect(steal_opp=1),
    "Matthew Ashton": _expect(vpip=1, pfr=1, steal=1, steal_opp=1, fold_to_three_bet_opp=1),
}

# WSOP 2023 $50K PPC, 68.phh, no-limit hold'em with a big-blind ante: p1 SB Ashton, p2 BB Tong,
# p3 UTG Obst, p4 CO Shakerchi, p5 BTN Rast.
#   p3 f; p4 f      a steal chance for the CO, not taken
#   p5 cbr 300000   Rast opens the button: steal
#   p1 f            a 3-bet opportunity for the SB
#   p2 cbr 3.35M    the BB 3-bets all in
#   p5 cc           the opener calls the 3-bet (a fold-to-3-bet opportunity)
#   showdown, then the board: both saw the flop (all in, no c-bet chance: Tong never acts
#   again) and went to showdown; Rast's AcKc pairs the ace of the turn and beats 9d9c
WSOP_68_HAND = {
    "Matthew Ashton": _expect(three_bet_opp=1),
    "Kristopher Tong": _expect(vpip=1, pfr=1, three_bet=1, three_bet_opp=1, saw_flop=1, wtsd=1),
    "James Obst": _expect(),
    "Talal Shakerchi": _expect(steal_opp=1),
    "Brian Rast": _expect(
        vpip=1, pfr=1, steal=1, steal_opp=1, fold_to_three_bet_opp=1, saw_flop=1, wtsd=1, wsd=1
    ),
}


@pytest.mark.parametrize(
    ("file", "index", "expected"),
    [
        (HANDHQ, 12, HANDHQ_12),
        (HANDHQ, 2, HANDHQ_2),
        (HANDHQ, 6, HANDHQ_6),
        (HANDHQ, 25, HANDHQ_25),
        (STARS, 8, STARS_8),
        (STARS, 29, STARS_29),
        (str(Path(PLURIBUS) / "12.phh"), 1, PLURIBUS_12),
        (str(Path(PLURIBUS) / "21.phh"), 1, PLURIBUS_21),
        (WSOP_27, 1, WSOP_27_HAND),
        (WSOP_68, 1, WSOP_68_HAND),
    ],
)
def test_real_hands_counted_by_hand(
    shipped: Any, file: str, index: int, expected: dict[str, dict[str, int]]
) -> None:
    rows = _hand_rows(shipped, file, index)
    for player, counts in expected.items():
        got = {name: int(rows[player][name]) for name in FLAGS}
        assert got == counts, player


def test_positions_of_the_shipped_tables(shipped: Any) -> None:
    rows = _hand_rows(shipped, HANDHQ, 25)
    assert rows["/WEVsKPfQjMPmo3OsbQshw"]["position"] == "LJ"
    assert rows["6HszwhCM3NdjslFq0876LQ"]["position"] == "BTN"
    assert _hand_rows(shipped, HANDHQ, 12)[HERO]["position"] == "SB"
    assert positions(3) == ("SB", "BB", "BTN")
    assert positions(4) == ("SB", "BB", "CO", "BTN")
    assert positions(5) == ("SB", "BB", "UTG", "CO", "BTN")
    assert positions(7)[2:] == ("UTG", "LJ", "HJ", "CO", "BTN")
    assert positions(10)[2:] == ("UTG", "UTG+1", "UTG+2", "UTG+3", "LJ", "HJ", "CO", "BTN")
    # the first seat posts the only blind (no small blind): it is the big blind
    assert positions(4, [2, 0, 0, 0]) == ("BB", "UTG", "CO", "BTN")
    assert positions(4, [0, 2, 0, 0]) == ("SB", "BB", "CO", "BTN")  # a missing small blind
    with pytest.raises(ValueError, match="at least 2 players"):
        positions(1)


# -- constructed hands ------------------------------------------------------------------------


def _hand(n: int, *actions: str, blinds: tuple[float, ...] = (1, 2)) -> SimpleNamespace:
    raw = [*blinds, *([0] * (n - len(blinds)))]
    return SimpleNamespace(starting_stacks=[200] * n, blinds_or_straddles=raw, actions=actions)


def _counts(hand: SimpleNamespace, won: list[float] | None = None) -> list[dict[str, int]]:
    rows = count_hand(hand, won or [0] * len(hand.starting_stacks))
    return [{k: v for k, v in row.items() if k != "position"} for row in rows]


def test_a_walk_and_the_big_blinds_check() -> None:
    # 6-max, folded to the BB: a walk; the SB had a steal chance (folded to), not taken
    got = _counts(_hand(6, "p3 f", "p4 f", "p5 f", "p6 f", "p1 f"))
    assert got[1] == _expect(walk=1)
    assert got[0] == _expect(steal_opp=1)
    assert got[4] == _expect(steal_opp=1)  # CO, folded to
    assert got[5] == _expect(steal_opp=1)  # BTN
    assert got[2] == got[3] == _expect()  # UTG, HJ: not steal positions
    # SB completes, BB checks: the SB's call is voluntary, the BB's check is not
    checks = ("p1 cc", "p2 cc")
    limped = _hand(
        3, "p3 f", *checks, "d db 2c3d4h", *checks, "d db 5s", *checks, "d db 9s", *checks
    )
    got = _counts(limped, [4, 0, 0])
    assert got[0] == _expect(vpip=1, steal_opp=1, saw_flop=1, wtsd=1, wsd=1)
    assert got[1] == _expect(saw_flop=1, wtsd=1)


def test_steal_fold_to_three_bet_and_a_four_bet() -> None:
    # 6-max: CO steals, BB 3-bets, CO folds to the 3-bet
    got = _counts(_hand(6, "p3 f", "p4 f", "p5 cbr 5", "p6 f", "p1 f", "p2 cbr 15", "p5 f"))
    assert got[4] == _expect(
        vpip=1, pfr=1, steal=1, steal_opp=1, fold_to_three_bet_opp=1, fold_to_three_bet=1
    )
    assert got[1] == _expect(vpip=1, pfr=1, three_bet=1, three_bet_opp=1)
    assert got[5] == got[0] == _expect(three_bet_opp=1)  # BTN, SB faced the steal
    # UTG opens, HJ 3-bets, CO 4-bets: UTG then faces a 4-bet, not a 3-bet (no opportunity);
    # the 3-bettor facing the 4-bet is not the first raiser (nothing counted either)
    got = _counts(
        _hand(6, "p3 cbr 5", "p4 cbr 15", "p5 cbr 40", "p6 f", "p1 f", "p2 f", "p3 f", "p4 f")
    )
    assert got[2] == _expect(vpip=1, pfr=1)
    assert got[3] == _expect(vpip=1, pfr=1, three_bet=1, three_bet_opp=1)
    assert got[4] == _expect(vpip=1, pfr=1)  # faced two raises: no 3-bet chance, a 4-bet


def test_limp_reraise_is_a_three_bet() -> None:
    # UTG limps, BTN raises, UTG re-raises: a 3-bet (facing one raise), and the BTN, the
    # first raiser, faces it
    got = _counts(
        _hand(6, "p3 cc", "p4 f", "p5 f", "p6 cbr 8", "p1 f", "p2 f", "p3 cbr 25", "p6 f")
    )
    assert got[2] == _expect(vpip=1, pfr=1, three_bet=1, three_bet_opp=1)
    assert got[5] == _expect(vpip=1, pfr=1, fold_to_three_bet=1, fold_to_three_bet_opp=1)


def test_c_bet_donk_bet_and_a_raise_after_the_c_bet() -> None:
    # BTN raises, SB and BB call; flop: SB bets first (a donk bet): no c-bet chance for BTN
    pre = ("p3 f", "p4 f", "p5 f", "p6 cbr 6", "p1 cc", "p2 cc", "d db 2c7d9h")
    got = _counts(_hand(6, *pre, "p1 cbr 10", "p2 f", "p6 f"))
    assert got[5]["cbet_opp"] == 0
    assert got[1]["fold_to_cbet_opp"] == 0
    # checked to the BTN, who bets: a c-bet; SB raises it (facing it: an opportunity, not
    # folded), BB then faces a bet and a raise: no fold-to-c-bet opportunity; BTN folds
    got = _counts(_hand(6, *pre, "p1 cc", "p2 cc", "p6 cbr 12", "p1 cbr 40", "p2 f", "p6 f"))
    assert got[5] == _expect(
        vpip=1,
        pfr=1,
        steal=1,
        steal_opp=1,
        cbet=1,
        cbet_opp=1,
        saw_flop=1,
        postflop_bets=1,
        postflop_folds=1,
    )
    assert got[0] == _expect(
        vpip=1, three_bet_opp=1, fold_to_cbet_opp=1, saw_flop=1, postflop_raises=1
    )
    assert got[1] == _expect(vpip=1, three_bet_opp=1, saw_flop=1, postflop_folds=1)
    # checked to the BTN, who bets; SB calls, BB folds: both faced the c-bet
    got = _counts(_hand(6, *pre, "p1 cc", "p2 cc", "p6 cbr 12", "p1 cc", "p2 f"))
    assert (got[0]["fold_to_cbet_opp"], got[0]["fold_to_cbet"]) == (1, 0)
    assert (got[1]["fold_to_cbet_opp"], got[1]["fold_to_cbet"]) == (1, 1)


def test_all_in_players_get_no_opportunity_but_see_the_showdown() -> None:
    # heads-up: SB shoves, BB calls all in; the board runs out with no action
    hand = SimpleNamespace(
        starting_stacks=[50, 50],
        blinds_or_straddles=[1, 2],
        actions=[
            "p2 cbr 50",
            "p1 cc",
            "p1 sm AsAd",
            "p2 sm KsKd",
            "d db 2c7d9h",
            "d db 3s",
            "d db 4s",
        ],
    )
    got = _counts(hand, [100, 0])
    assert got[1] == _expect(vpip=1, pfr=1, steal=1, steal_opp=1, saw_flop=1, wtsd=1)
    assert got[0] == _expect(vpip=1, three_bet_opp=1, saw_flop=1, wtsd=1, wsd=1)


def test_a_posted_blind_is_not_voluntary_and_bad_actions_are_named() -> None:
    # a live blind posted out of position (PokerStars' negative entry): its check is free
    hand = _hand(4, "p3 cc", "p4 f", "p1 f", "p2 cc", blinds=(1, 2, -2))
    got = _counts(hand)
    assert (got[2]["vpip"], got[1]["vpip"]) == (0, 0)
    with pytest.raises(ValueError, match="names no player"):
        count_hand(_hand(3, "p7 f"), [0, 0, 0])
    with pytest.raises(ValueError, match="2 blinds for 3 players"):
        count_hand(
            SimpleNamespace(starting_stacks=[1, 1, 1], blinds_or_straddles=[1, 2], actions=[]),
            [0, 0, 0],
        )


def test_pokerkit_and_the_fast_reader_give_the_same_counts() -> None:
    from equity.histories.fastphh import FastHand, loads_pokerkit
    from equity.histories.read import read_hands

    checked = 0
    for raw in read_hands(HANDHQ):
        assert isinstance(raw.history, FastHand)
        slow = loads_pokerkit(raw.history.text)
        won = [0] * len(slow.starting_stacks)
        assert count_hand(slow, won) == count_hand(raw.history, won)
        checked += 1
    assert checked == 43


# -- properties over the shipped hands --------------------------------------------------------


def test_rates_are_counts_over_opportunities(shipped: Any) -> None:
    totals = shipped.stats(by=None)
    assert totals["hands"].sum() == len(shipped.hands)
    for stat in STATS:
        assert (totals[stat.key] <= totals[stat.out_of]).all(), stat.key
        rate = 100 * totals[stat.key] / totals[stat.out_of]
        pd.testing.assert_series_equal(
            totals[f"{stat.key}_pct"], rate.where(totals[stat.out_of] > 0), check_names=False
        )
    assert (totals["vpip"] >= totals["pfr"]).all()
    assert (totals["vpip_opp"] <= totals["hands"]).all()
    assert (totals["wtsd_opp"] >= totals["wtsd"]).all()
    assert (totals["wsd_opp"] == totals["wtsd"]).all()
    assert (totals["steal"] <= totals["pfr"]).all()
    assert ((totals["afq_pct"] >= 0) & (totals["afq_pct"] <= 100) | totals["afq_pct"].isna()).all()


def test_positions_sum_to_the_totals(shipped: Any) -> None:
    by_position = shipped.stats()
    totals = shipped.stats(by=None)
    counted = [c for c in by_position.columns if not c.endswith("_pct") and c != "af"]
    summed = by_position[counted].groupby(level="player", sort=False).sum()
    pd.testing.assert_frame_equal(summed.loc[totals.index], totals[counted])
    # each hand counted once, in the position the player sat
    hero = shipped.stats(HERO)
    assert list(hero.index.get_level_values("position")) == ["SB", "BB"]
    assert hero["hands"].sum() == (shipped.hands["player"] == HERO).sum() == 14
    # Pluribus' six-max table: every position of the table, in the order they act
    pluribus = shipped.stats("Pluribus")
    assert list(pluribus.index.get_level_values("position")) == [
        "UTG",
        "HJ",
        "CO",
        "BTN",
        "SB",
        "BB",
    ]


def test_bad_arguments(shipped: Any) -> None:
    with pytest.raises(ValueError, match="no scored hand of a player named 'nobody'"):
        shipped.stats("nobody")
    with pytest.raises(ValueError, match="by must be 'position' or None"):
        shipped.stats(by="seat")
    empty = stats_table(shipped.hands.iloc[:0], by=None)
    assert empty.empty
    assert "vpip_pct" in empty.columns


# -- the command line -------------------------------------------------------------------------


def test_cli_stats_json(shipped: Any, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history", HANDHQ, "--stats", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hands_reconciled"] == 43
    players = {p["player"]: p for p in data["players"]}
    # a row per hand and player, each counted once
    assert sum(p["hands"] for p in players.values()) == (shipped.hands["file"] == HANDHQ).sum()
    hero = players[HERO]
    # HERO's 14 hands: 7 as SB (the button) and 7 as BB, heads-up
    assert [(p["position"], p["hands"]) for p in hero["positions"]] == [("SB", 7), ("BB", 7)]
    for key in ("vpip", "vpip_opp", "three_bet", "three_bet_opp", "postflop_bets"):
        assert hero[key] == sum(p[key] for p in hero["positions"])
        assert isinstance(hero[key], int)
    assert hero["fold_to_cbet_pct"] is None  # no opportunity: null, not NaN
    # hand 2 was HERO's fold on the button, hand 12 his steal: both among the steal chances
    assert hero["steal_opp"] >= 2
    assert hero["steal"] >= 1


def test_cli_stats_text_and_bad_player(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history", HANDHQ, "--stats", "--player", HERO]) == 0
    text = capsys.readouterr().out
    assert f"{HERO}:" in text
    lines = text.splitlines()
    header = next(line for line in lines if line.startswith("position"))
    assert header.split() == [
        "position",
        "hands",
        "VPIP",
        "PFR",
        "3-bet",
        "F3B",
        "steal",
        "c-bet",
        "FCB",
        "WTSD",
        "W$SD",
        "AF",
        "AFq",
    ]
    assert [line.split()[0] for line in lines if line.split()[:1] in (["SB"], ["BB"], ["all"])] == [
        "SB",
        "BB",
        "all",
    ]
    assert "43 hands read, 43 reconciled and scored, 0 skipped" in text
    # without --player: a row per player, most hands first, the first 20 of 51
    assert main(["history", HANDHQ, "--stats"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:3] == ["player", "hands", "VPIP"]
    assert {lines[2].split()[0], lines[3].split()[0]} == {HERO, "t4Nq3sihzEUy18XoQoIY9w"}
    assert lines[2].split()[1] == lines[3].split()[1] == "14"
    assert "... and 31 more players (--json lists all, --player NAME shows one)" in lines
    assert main(["history", HANDHQ, "--stats", "--player", "nobody"]) == 2
    err = capsys.readouterr().err
    assert "no scored hand of a player named 'nobody'" in err
    assert "Traceback" not in err


def test_help_and_readme_define_the_statistics(capsys: pytest.CaptureFixture[str]) -> None:
    readme = (Path(__file__).parents[1] / "docs" / "hand-histories.md").read_text(encoding="utf-8")
    assert main(["history", "--definitions"]) == 0
    shown = " ".join(capsys.readouterr().out.split())
    assert "--stats" in shown
    assert "out of hands - walks" in shown
    for stat in STATS:
        assert f"| {stat.label} |" in readme, stat.label
        assert " ".join(stat.definition.split()) in " ".join(readme.split()), stat.label


def test_the_docs_show_the_statistics_of_a_player() -> None:
    """The docs' example of ``--stats`` (tests/test_docs.py runs it and compares its output
    line for line) is one player's table by position."""
    docs = (Path(__file__).parents[1] / "docs" / "hand-histories.md").read_text(encoding="utf-8")
    line = "equity history tests/data/pokerstars --stats --player pokerHero1"
    shown = docs.split(f"$ {line}\n", 1)[1].split("```", 1)[0].splitlines()
    assert shown[0] == "pokerHero1:"
    assert sorted(row.split()[0] for row in shown[3:13]) == sorted([*positions(9), "all"])


# -- a second count: pokerkit's replay and the definitions as predicates ----------------------


def _module_counts(hand: Any, won: Sequence[Any]) -> list[dict[str, int]]:
    return [{k: v for k, v in row.items() if k != "position"} for row in count_hand(hand, won)]


def test_the_counts_equal_a_second_count_on_random_hands() -> None:
    from reference_stats import reference_counts
    from test_history_replay import _random_hand

    from equity.histories.fastphh import _parse
    from equity.histories.hand import HandError
    from equity.histories.replay import replay

    rng = random.Random(32)
    compared = 0
    for _ in range(150):
        text = _random_hand(rng)
        if text is None:
            continue
        hand = _parse(text)
        try:
            won = replay(hand).won
        except HandError:
            continue
        assert _module_counts(hand, won) == reference_counts(text, won), text
        compared += 1
    assert compared > 100


def test_the_counts_equal_a_second_count_on_shipped_hands(shipped: Any) -> None:
    from reference_stats import reference_counts

    from equity.histories.read import read_hands

    frame = shipped.hands
    compared = 0
    for file in sorted(set(frame["file"]) - {STARS}):
        for raw in read_hands(file):
            rows = frame[(frame["file"] == file) & (frame["index"] == raw.index)]
            if rows.empty:
                continue  # not reconciled
            text = getattr(raw.history, "text", None) or Path(file).read_text(encoding="utf-8")
            got = rows[list(FLAGS)].astype(int).to_dict("records")
            assert got == reference_counts(text, list(rows["won"])), (file, raw.index)
            compared += 1
    assert compared == len(frame[frame["file"] != STARS][["file", "index"]].drop_duplicates())
