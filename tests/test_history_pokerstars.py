"""PokerStars text hand histories: parsing, antes, reconciliation, equities, pokerkit's parser.

The real hands are the shipped files in tests/data/pokerstars (see its
README); the hands written out in this file are MADE UP for the tests (names,
hand numbers, cards and amounts invented), each built to exercise given lines.
Equities are checked against the plain-Python enumeration of
tests/reference_history.py; players' nets against a plain reading of the
money lines of the text (below), independent of the reader and of pokerkit.
"""

from __future__ import annotations

import contextlib
import dataclasses
import gzip
import io
import math
import random
import re
import warnings
from collections import defaultdict
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from reference_history import exact_equity, showdown_shares

import equity
from equity.cli import main
from equity.histories.pokerstars import parse_hand, split_hands, to_history
from equity.histories.read import read_hands, read_text
from equity.histories.replay import replay

DATA = Path(__file__).parent / "data" / "pokerstars"
CAPH = DATA / "HH20200417_Caph_0.01-0.02_USD_NLHE.txt"
AOLUTA = DATA / "HH20200422_Aoluta_II_0.01-0.02_USD_NLHE.txt"
TOURNAMENT = DATA / "pokerregion_tournament_2013.txt"
APPRENTICE = DATA / "pokerapprentice_2023.txt"
D = Decimal

# MADE UP: a cash hand with every kind of line: a player sitting out, a small
# blind, a big blind, a dead small blind with a live big one (Ed), a big blind
# posted out of position (Di), hole cards dealt to the hero, checks, calls,
# bets, raises, a call all-in, an uncalled bet, flop, turn and river, a show,
# a muck, collected from side and main pots, a total pot with main and side
# pots and rake, summary lines with showed/won, mucked and folded.
LINES = """\
PokerStars Hand #900000000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2026/01/01 12:00:00 ET
Table 'Madeup I' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10.00 in chips)
Seat 3: Cy ($3 in chips)
Seat 4: Di ($10 in chips)
Seat 5: Ed ($10 in chips)
Seat 6: Flo ($8 in chips) is sitting out
Bob: posts small blind $0.05
Cy: posts big blind $0.10
Ed: posts small & big blinds $0.15
Di: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Ann [As Kd]
Di: checks
Ed: raises $0.20 to $0.30
Ann: raises $0.70 to $1
Bob: folds
Cy: calls $0.90
Di: folds
Ed: calls $0.70
*** FLOP *** [Ah 7c 2d]
Cy: checks
Ed: bets $1
Ann: raises $2 to $3
Cy: calls $2 and is all-in
Ed: calls $2
*** TURN *** [Ah 7c 2d] [Qs]
Ed: checks
Ann: bets $2
Ed: folds
Uncalled bet ($2) returned to Ann
*** RIVER *** [Ah 7c 2d Qs] [5h]
*** SHOW DOWN ***
Ann: shows [As Kd] (a pair of Aces)
Cy: mucks hand
Ann collected $1.95 from side pot
Ann collected $8.75 from main pot
*** SUMMARY ***
Total pot $11.20 Main pot $8.75. Side pot $1.95. | Rake $0.50
Board [Ah 7c 2d Qs 5h]
Seat 1: Ann (button) showed [As Kd] and won ($10.70) with a pair of Aces
Seat 2: Bob (small blind) folded before Flop
Seat 3: Cy (big blind) mucked [Kc Qc]
Seat 4: Di folded before Flop
Seat 5: Ed folded on the Turn
"""

# MADE UP: a tournament hand in which Ann's whole stack is the ante: she is
# all-in before the cards are dealt, Bob and Cy go all-in on the turn; main pot
# 3 x 30 (all three), side pot 2 x 970 (Bob and Cy).
ANTE = """\
PokerStars Hand #900000000002: Tournament #900000001, $1+$0.10 USD Hold'em No Limit - \
Level V (50/100) - 2026/01/01 12:00:00 ET
Table '900000001 1' 9-max Seat #1 is the button
Seat 1: Ann (30 in chips)
Seat 2: Bob (1000 in chips)
Seat 3: Cy (1000 in chips)
Ann: posts the ante 30 and is all-in
Bob: posts the ante 30
Cy: posts the ante 30
Bob: posts small blind 50
Cy: posts big blind 100
*** HOLE CARDS ***
Bob: calls 50
Cy: checks
*** FLOP *** [2c 7d 9s]
Bob: checks
Cy: checks
*** TURN *** [2c 7d 9s] [3h]
Bob: bets 870 and is all-in
Cy: calls 870 and is all-in
*** RIVER *** [2c 7d 9s 3h] [5c]
*** SHOW DOWN ***
Bob: shows [Kh Kd] (a pair of Kings)
Cy: shows [Qs Qc] (a pair of Queens)
Bob collected 1940 from side pot
Ann: shows [Ah Ad] (a pair of Aces)
Ann collected 90 from main pot
Cy finished the tournament in 3rd place
*** SUMMARY ***
Total pot 2030 Main pot 90. Side pot 1940. | Rake 0
Board [2c 7d 9s 3h 5c]
Seat 1: Ann (button) showed [Ah Ad] and won (90) with a pair of Aces
Seat 2: Bob (small blind) showed [Kh Kd] and won (1940) with a pair of Kings
Seat 3: Cy (big blind) showed [Qs Qc] and lost with a pair of Queens
"""

# MADE UP: heads-up pot-limit Omaha, pot-size raises, all-in on the flop.
OMAHA = """\
PokerStars Hand #900000000003:  Omaha Pot Limit ($0.10/$0.25 USD) - 2026/01/01 12:00:00 ET
Table 'Madeup II' 6-max Seat #2 is the button
Seat 2: Ann ($20 in chips)
Seat 5: Bob ($5 in chips)
Ann: posts small blind $0.10
Bob: posts big blind $0.25
*** HOLE CARDS ***
Ann: raises $0.50 to $0.75
Bob: calls $0.50
*** FLOP *** [Ts 9h 2c]
Bob: bets $1.50
Ann: raises $2.75 to $4.25
Bob: calls $2.75 and is all-in
*** TURN *** [Ts 9h 2c] [3h]
*** RIVER *** [Ts 9h 2c 3h] [Jd]
*** SHOW DOWN ***
Bob: shows [9c 8c 7d 6d] (a straight, Seven to Jack)
Ann: shows [As Ah Ks Qd] (a straight, Nine to King)
Ann collected $9.50 from pot
*** SUMMARY ***
Total pot $10 | Rake $0.50
Board [Ts 9h 2c 3h Jd]
Seat 2: Ann (button) (small blind) showed [As Ah Ks Qd] and won ($9.50) with a straight
Seat 5: Bob (big blind) showed [9c 8c 7d 6d] and lost with a straight
"""


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def only_hand(text: str) -> Any:
    ((hand_id, chunk),) = split_hands(text)
    return parse_hand(hand_id, chunk)


def test_every_line_kind_is_parsed() -> None:
    hand = only_hand(LINES)
    assert hand.hand_id == "900000000001"
    assert (hand.variant, hand.currency, hand.small_blind, hand.big_blind) == (
        "NT",
        "USD",
        D("0.05"),
        D("0.10"),
    )
    assert hand.tournament == ""
    assert list(hand.seats) == ["Ann", "Bob", "Cy", "Di", "Ed"]  # Flo sits out
    assert hand.stacks["Bob"] == D("10.00")
    assert hand.posts == [
        ("Bob", "small blind", D("0.05")),
        ("Cy", "big blind", D("0.10")),
        ("Ed", "small & big blinds", D("0.15")),
        ("Di", "big blind", D("0.10")),
    ]
    assert hand.cards == {"Ann": ["As", "Kd"], "Cy": ["Kc", "Qc"]}
    assert hand.boards == [["Ah", "7c", "2d"], ["Qs"], ["5h"]]
    assert hand.uncalled == {"Ann": D(2)}
    assert hand.collected == {"Ann": D("10.70")}
    assert hand.summary_won == {"Ann": D("10.70")}
    assert (hand.total_pot, hand.rake) == (D("11.20"), D("0.50"))
    assert hand.shown == ["Ann"]
    assert hand.mucked == ["Cy"]
    history = to_history(hand)
    # the seat after the button first: Bob p1 (small blind), Cy p2, Di p3, Ed p4, Ann p5
    assert history.players == ["Bob", "Cy", "Di", "Ed", "Ann"]
    assert history.antes == [0, 0, 0, D("0.05"), 0]  # Ed's dead small blind
    assert history.blinds_or_straddles == [D("0.05"), D("0.10"), D("-0.10"), D("-0.10"), 0]
    dealt = "d dh p1 ????|d dh p2 KcQc|d dh p3 ????|d dh p4 ????|d dh p5 AsKd"
    preflop = "p3 cc|p4 cbr 0.30|p5 cbr 1|p1 f|p2 cc|p3 f|p4 cc"
    flop = "d db Ah7c2d|p2 cc|p4 cbr 1|p5 cbr 3|p2 cc|p4 cc"
    turn = "d db Qs|p4 cc|p5 cbr 2|p4 f"
    # the showdown right after the last bet, before the river; Cy's muck is left out
    # there (it would leave nobody to run the river to)
    showdown_river = "p5 sm AsKd|d db 5h"
    expected = "|".join([dealt, preflop, flop, turn, showdown_river]).split("|")
    assert history.actions == expected
    assert history.winnings == [0, 0, 0, 0, D("10.70")]


def test_the_made_up_hand_replays_reconciles_and_scores(tmp_path: Path) -> None:
    result = equity.history(write(tmp_path, "lines.txt", LINES))
    assert not result.skipped
    rows = result.hands.set_index("player")
    assert rows.loc["Ann", "hand_id"] == "900000000001"
    assert rows["contributed"].to_dict() == pytest.approx(
        {"Bob": 0.05, "Cy": 3, "Di": 0.10, "Ed": 4.05, "Ann": 4}
    )
    assert rows["net"].to_dict() == pytest.approx(
        {"Bob": -0.05, "Cy": -3, "Di": -0.10, "Ed": -4.05, "Ann": 6.70}
    )
    assert rows["rake"].to_numpy() == pytest.approx([0.50] * 5)
    # all-in moment: Ed folds on the turn, Ann's bet comes back, Cy is all-in
    assert set(rows["allin_street"]) == {"turn"}
    main = exact_equity(["KcQc", "AsKd"], "Ah7c2dQs")
    assert [rows.loc["Cy", "equity"], rows.loc["Ann", "equity"]] == pytest.approx(main)
    keep = 1 - 0.50 / 11.20  # rake from every pot in proportion
    main_pot, side_pot = 9.15 * keep, 2.05 * keep  # side pot: Ann's 1 and Ed's 1.05
    assert rows.loc["Ann", "ev"] == pytest.approx(main[1] * main_pot + side_pot - 4)
    assert rows.loc["Cy", "ev"] == pytest.approx(main[0] * main_pot - 3)
    assert rows["ev"].sum() == pytest.approx(rows["net"].sum())


def test_a_short_stack_all_in_through_the_ante(tmp_path: Path) -> None:
    history = to_history(only_hand(ANTE))
    assert history.players == ["Bob", "Cy", "Ann"]
    assert history.antes == [30, 30, 30]
    assert history.blinds_or_straddles == [50, 100, 0]
    rep = replay(history)
    assert rep.contributed == (D(1000), D(1000), D(30))
    assert rep.allin is not None
    assert rep.allin.street == "turn"
    assert rep.allin.players == (0, 1, 2)  # Ann is still in the hand, all-in since the ante
    result = equity.history(write(tmp_path, "ante.txt", ANTE))
    assert not result.skipped
    rows = result.hands.set_index("player")
    assert rows["net"].to_dict() == {"Bob": 940, "Cy": -1000, "Ann": 60}
    board = "2c7d9s3h"
    main = exact_equity(["KhKd", "QsQc", "AhAd"], board)
    side = exact_equity(["KhKd", "QsQc"], board, dead="AhAd")
    assert list(rows["equity"]) == pytest.approx(main, abs=1e-12)
    assert rows.loc["Ann", "ev"] == pytest.approx(main[2] * 90 - 30)
    assert rows.loc["Bob", "ev"] == pytest.approx(main[0] * 90 + side[0] * 1940 - 1000)
    assert rows.loc["Cy", "ev"] == pytest.approx(main[1] * 90 + side[1] * 1940 - 1000)


def test_pokerkits_parser_on_the_real_tournament_hands_with_antes() -> None:
    """pokerkit's PokerStarsParser drops the antes: it cannot replay hand 2 (Newfie_187, 1,030
    chips, ante 75, raises 955 all-in) at all, and its hand 3 is silently wrong."""
    from pokerkit import PokerStarsParser

    chunks = split_hands(read_text(str(TOURNAMENT)))
    with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
        warnings.simplefilter("ignore")
        theirs = {h.hand: h for h in PokerStarsParser()(read_text(str(TOURNAMENT)))}
    assert 105034215446 not in theirs  # hand 2: not read
    # ours: every ante placed; Newfie_187 all-in with all of his 1,030 chips
    ours = to_history(parse_hand(*chunks[1]))
    assert ours.antes == [75] * 9
    rep = replay(ours)
    newfie = ours.players.index("Newfie_187")
    assert rep.contributed[newfie] == 1030
    assert rep.allin is not None
    assert rep.allin.street == "preflop"
    assert newfie in rep.allin.players
    assert sum(rep.contributed) == 26310  # the SUMMARY's total pot
    # hand 3: antes 8 x 50, blinds 300/600, Theralion raises to 1,200, all fold, he
    # collects 1,900.  Without the antes the pot is 1,500 (his 600 returned) and only
    # leaving his uncalled 600 in the pot makes 1,900 add up: +700 and a "rake" of 200.
    hers = replay(theirs[105026771696])
    assert not any(theirs[105026771696].antes)
    assert hers.net[hers.players.index("Theralion")] == 700
    assert hers.rake == 200
    ours = replay(to_history(parse_hand(*chunks[2])))
    assert ours.net[ours.players.index("Theralion")] == 1900 - 650  # ante 50 + 600 called
    assert ours.rake == 0
    assert sum(ours.contributed) == 1900


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (
            "PokerStars Zoom Hand #900000000021:  Hold'em No Limit ($0.05/$0.10) - 2026/01/01",
            ("NT", "$", "", D("0.05"), D("0.10")),
        ),
        (
            "PokerStars Game #900000000022: Tournament #77, Freeroll  Hold'em No Limit - "
            "Level XV (250/500) - 2026/01/01 12:00:00 ET",
            ("NT", "", "77", D(250), D(500)),
        ),
        (
            "PokerStars Hand #900000000023:  Omaha Pot Limit (€0.02/€0.05 EUR) - 2026/01/01",
            ("PO", "EUR", "", D("0.02"), D("0.05")),
        ),
    ],
)
def test_header_forms(header: str, expected: tuple[object, ...]) -> None:
    text = OMAHA if "Omaha" in header else LINES
    hand = only_hand(header + "\n" + text.split("\n", 1)[1])
    got = (hand.variant, hand.currency, hand.tournament, hand.small_blind, hand.big_blind)
    assert got == expected
    assert hand.hand_id == header.split("#")[1].split(":")[0]


@pytest.mark.parametrize(
    "game",
    ["Hold'em Limit", "Hold'em Pot Limit", "Omaha Hi/Lo Limit", "Courchevel Pot Limit"],
)
def test_other_games_are_counted_and_skipped(game: str, tmp_path: Path) -> None:
    text = LINES.replace("Hold'em No Limit", game)
    result = equity.history(write(tmp_path, "other.txt", text + "\n\n" + OMAHA))
    assert (result.read, result.reconciled) == (2, 1)
    (skipped,) = result.skipped
    assert skipped.unsupported
    assert skipped.kind == "unsupported variant"
    assert skipped.reason == (
        f"the game {game!r} is not scored (only Hold'em No Limit and Omaha Pot Limit)"
    )


def test_pot_limit_omaha(tmp_path: Path) -> None:
    result = equity.history(write(tmp_path, "plo.txt", OMAHA))
    assert not result.skipped
    rows = result.hands.set_index("player")
    assert rows["net"].to_dict() == pytest.approx({"Bob": -5, "Ann": 4.50})
    assert set(rows["allin_street"]) == {"flop"}
    expected = exact_equity(["9c8c7d6d", "AsAhKsQd"], "Ts9h2c")
    assert list(rows["equity"]) == pytest.approx(expected, abs=1e-12)
    assert list(rows["ev"]) == pytest.approx([e * 9.50 - 5 for e in expected])


def _text_nets(chunk: str) -> dict[str, Decimal]:
    """Each player's net from the money lines alone: what they put in, got back and collected."""
    big = D(re.search(r"\(\D?[\d.]+/\D?([\d.]+)", chunk.splitlines()[0])[1])  # type: ignore[index]
    net: dict[str, Decimal] = defaultdict(D)
    live: dict[str, Decimal] = defaultdict(D)

    def amount(text: str) -> Decimal:
        return D(text.lstrip("$"))

    for line in chunk.splitlines():
        if line.startswith(("*** FLOP", "*** TURN", "*** RIVER")):
            live.clear()
        if line.startswith("*** SUMMARY"):
            break
        if m := re.match(r"^(.+): posts (the ante|small blind|big blind) (\S+)", line):
            net[m[1]] -= amount(m[3])
            if m[2] != "the ante":
                live[m[1]] += amount(m[3])
        elif m := re.match(r"^(.+): posts small & big blinds (\S+)", line):
            net[m[1]] -= amount(m[2])
            live[m[1]] += big
        elif m := re.match(r"^(.+): (calls|bets) (\S+)", line):
            net[m[1]] -= amount(m[3])
            live[m[1]] += amount(m[3])
        elif m := re.match(r"^(.+): raises \S+ to (\S+)", line):
            net[m[1]] -= amount(m[2]) - live[m[1]]
            live[m[1]] = amount(m[2])
        elif m := re.match(r"^Uncalled bet \((\S+)\) returned to (.+)$", line):
            net[m[2]] += amount(m[1])
        elif m := re.match(r"^(.+) collected (\S+) from", line):
            net[m[1]] += amount(m[2])
    return dict(net)


@pytest.fixture(scope="module")
def shipped() -> equity.HistoryResult:
    """The four files described hand by hand here (the whole folder: test_history_sample.py)."""
    return equity.history([str(p) for p in (CAPH, AOLUTA, TOURNAMENT, APPRENTICE)])


def test_every_shipped_hand_reads_and_reconciles(shipped: equity.HistoryResult) -> None:
    assert shipped.read == 52 + 69 + 5 + 3
    # the only hands left out: the four cashed out ("All-in Cash Out"), each named
    assert shipped.reconciled == shipped.read - 4
    assert {s.kind for s in shipped.skipped} == {"cashed out"}
    assert all(s.unsupported for s in shipped.skipped)
    for skipped in shipped.skipped:
        chunk = split_hands(read_text(skipped.file))[skipped.index - 1][1]
        assert " cashed out the hand for " in chunk
        assert chunk.startswith(f"PokerStars Hand #{skipped.hand_id}:")


def test_totals_and_nets_are_what_the_text_records(shipped: equity.HistoryResult) -> None:
    """Per hand: the won amounts and rake add up to the SUMMARY's total pot and rake, and
    every player's net is the money lines' (posts, calls, bets, raises, returns, collected)."""
    hands = shipped.hands
    checked = 0
    for (file, index), rows in hands.groupby(["file", "index"]):
        hand_id, chunk = split_hands(read_text(file))[index - 1]
        parsed = parse_hand(hand_id, chunk)
        assert parsed.total_pot is not None
        assert parsed.rake is not None
        rake = rows["rake"].iloc[0]
        assert rake == pytest.approx(float(parsed.rake), abs=1e-9)
        assert rows["won"].sum() + rake == pytest.approx(float(parsed.total_pot), abs=1e-9)
        assert rows["contributed"].sum() == pytest.approx(float(parsed.total_pot), abs=1e-9)
        nets = _text_nets(chunk)
        for player, net in zip(rows["player"], rows["net"], strict=True):
            assert net == pytest.approx(float(nets.get(player, 0)), abs=1e-9), (file, index)
        assert (rows["checked"] == "winnings").all()
        checked += 1
    assert checked == shipped.reconciled


def test_shipped_hands_cover_side_pots_splits_dead_blinds_and_antes(
    shipped: equity.HistoryResult,
) -> None:
    hands = shipped.hands
    by_id = {hid: rows.set_index("player") for hid, rows in hands.groupby("hand_id")}
    # a split pot with rake: $1.25, $0.04 raked, $0.61 and $0.60 (the odd cent to the
    # first seat after the button)
    split = by_id["212184296188"]
    assert split.loc["chuckspoon96", "won"] == pytest.approx(0.61)
    assert split.loc["LaiRaches71", "won"] == pytest.approx(0.60)
    assert split.loc["chuckspoon96", "rake"] == pytest.approx(0.04)
    # a dead small blind: Djangolinoo posts $0.03 (0.01 dead, 0.02 live), checks his option,
    # bets $0.08 on the turn, nobody calls: the bet comes back, the dead cent does not (his
    # stack is $2.06 in the next hand)
    dead = by_id["212183830644"]
    assert dead.loc["Djangolinoo", "contributed"] == pytest.approx(0.03)
    assert dead.loc["Djangolinoo", "net"] == pytest.approx(0.06)
    for player in ("clai74", "pokerHero1", "chuckspoon96"):
        assert dead.loc[player, "contributed"] == pytest.approx(0.02)
    assert dead["rake"].iloc[0] == 0
    # the real tournament hand with antes: a side pot and a short stack all-in
    antes = by_id["105034215446"]
    assert antes.loc["Newfie_187", "contributed"] == 1030
    assert antes.loc["costamar", "won"] == 26310
    assert antes.loc["RichFatWhale", "net"] == -75


def _check_by_sampling(holes: list[str], equities: Any, draws: int = 3000) -> None:
    from equity.cards import format_cards, parse_cards

    used = {int(c) for h in holes for c in parse_cards(h)}
    deck = [c for c in range(52) if c not in used]
    rng = random.Random(20260602)
    shares = [showdown_shares(holes, format_cards(rng.sample(deck, 5))) for _ in range(draws)]
    for i, exact in enumerate(equities):
        values = [s[i] for s in shares]
        mean = sum(values) / draws
        sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (draws - 1))
        assert abs(mean - exact) < 5 * sd / math.sqrt(draws), (holes, i, mean, exact)


def test_all_in_equities_equal_a_plain_enumeration(shipped: equity.HistoryResult) -> None:
    """Flop and turn all-ins: every run-out enumerated; preflop ones: by sampling."""
    hands = shipped.hands
    scored = hands[hands["equity"].notna()]
    groups = list(scored.groupby(["file", "index"]))
    assert len(groups) == 10
    postflop = 0
    for _, rows in groups:
        assert rows["equity"].sum() == pytest.approx(1.0)
        whole = hands[
            (hands["file"] == rows["file"].iloc[0]) & (hands["index"] == rows["index"].iloc[0])
        ]
        assert whole["ev"].sum() == pytest.approx(whole["net"].sum(), abs=1e-9)
        if rows["allin_street"].iloc[0] == "preflop":
            # 1.7 million boards are too slow in plain Python: 3,000 drawn at random,
            # each player's mean share within 5 standard errors of the exact equity
            _check_by_sampling(list(rows["cards"]), rows["equity"].to_numpy())
            continue
        expected = exact_equity(list(rows["cards"]), rows["allin_board"].iloc[0])
        assert rows["equity"].to_numpy() == pytest.approx(expected, abs=1e-12)
        postflop += 1
    assert postflop == 6


def test_the_replay_agrees_with_pokerkits_parser_where_it_reads_the_hand() -> None:
    """On every shipped cash hand pokerkit's PokerStarsParser reads without antes or dead
    and out-of-position blinds, both histories replay to the same payoff for every player
    (the pot split in whole cents for both, as the site does)."""
    from pokerkit import PokerStarsParser

    compared = 0
    for path in (CAPH, AOLUTA, TOURNAMENT, APPRENTICE):
        text = read_text(str(path))
        with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
            warnings.simplefilter("ignore")
            theirs = {h.hand: h for h in PokerStarsParser()(text)}
        for raw in read_hands(str(path)):
            ours = raw.history
            if ours is None or any(ours.antes) or min(ours.blinds_or_straddles) < 0:
                continue
            hers = theirs.get(ours.hand)
            if hers is None:
                continue
            hers = dataclasses.replace(hers, divmod=ours.divmod)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                mine = dict(zip(ours.players, list(ours)[-1].payoffs, strict=True))
                other = dict(zip(hers.players, list(hers)[-1].payoffs, strict=True))
            assert mine == other, ours.hand
            net = dict(zip(replay(ours).players, replay(ours).net, strict=True))
            rake = replay(ours).rake
            if rake == 0:
                assert net == mine, ours.hand
            compared += 1
    assert compared == 47 + 59 + 3 + 2  # of 51 + 66 + 5 + 3 hands read


def test_malformed_hands_are_named_and_the_rest_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    unknown = LINES.replace("900000000001", "900000000011").replace("Di: checks", "Di: dances $1")
    truncated = ANTE.replace("900000000002", "900000000012").split("*** SUMMARY ***")[0]
    stud = ANTE.replace("900000000002", "900000000013").replace(
        "Hold'em No Limit", "7 Card Stud Limit"
    )
    bad_card = OMAHA.replace("900000000003", "900000000014").replace("[Ts 9h 2c]", "[Ts 9h 1c]")
    off = LINES.replace("900000000001", "900000000015").replace("$8.75", "$8.85")
    off = off.replace("$10.70", "$10.80")  # collected and SUMMARY agree; the rake does not
    text = "\n\n\n".join([LINES, unknown, truncated, ANTE, stud, bad_card, off, OMAHA])
    path = write(tmp_path, "mixed.txt", text)
    assert main(["history", path]) == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 5
    assert err[0] == (
        f"equity history: {path}, hand 2 (#900000000011): not a valid PokerStars hand "
        "(the line 'Di: dances $1' is not understood)"
    )
    assert err[1].startswith(f"equity history: {path}, hand 3 (#900000000012): ")
    assert "no SUMMARY" in err[1]
    assert err[2] == (
        f"equity history: {path}, hand 5 (#900000000013): the game '7 Card Stud Limit' is "
        "not scored (only Hold'em No Limit and Omaha Pot Limit)"
    )
    assert err[3].startswith(f"equity history: {path}, hand 6 (#900000000014): ")
    assert "are not cards" in err[3]
    assert err[4] == (
        f"equity history: {path}, hand 7 (#900000000015): total pot - total won = 0.40 is "
        "not the recorded rake of 0.50"
    )
    result = equity.history(path)
    assert (result.read, result.reconciled) == (8, 3)
    assert result.skip_reasons() == {
        "not a valid PokerStars hand": 3,
        "unsupported variant": 1,
        "rake differs from the history": 1,
    }
    assert set(result.hands["hand_id"]) == {"900000000001", "900000000002", "900000000003"}


def test_a_real_hand_cut_short_anywhere_is_reported_never_scored(tmp_path: Path) -> None:
    """Hand 2 of the tournament cut after each of its lines: only the whole hand is scored."""
    chunk = split_hands(read_text(str(TOURNAMENT)))[1][1]
    lines = chunk.splitlines()
    cuts = ["\n".join(lines[:k]) for k in range(1, len(lines) + 1)]
    path = write(tmp_path, "cut.txt", "\n\n\n".join(cuts) + "\n")
    result = equity.history(path)
    assert result.read == len(lines)
    assert result.reconciled == 1
    assert set(result.hands["index"]) == {len(lines)}
    assert {s.index for s in result.skipped} == set(range(1, len(lines)))
    assert all(s.reason and "\n" not in s.reason for s in result.skipped)


def test_folders_gzip_stdin_and_a_file_without_hands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "hh"
    folder.mkdir()
    with gzip.open(folder / "t.txt.gz", "wb") as f:
        f.write(TOURNAMENT.read_bytes())
    (folder / "notes.md").write_text("not a hand history", encoding="utf-8")
    (folder / "empty.txt").write_text("no hands here\n", encoding="utf-8")
    result = equity.history(str(folder))
    assert (result.read, result.reconciled) == (5, 5)
    (skipped,) = result.skipped
    assert skipped.file.endswith("empty.txt")
    assert skipped.index == 0
    assert "no PokerStars hand" in skipped.reason
    monkeypatch.setattr("sys.stdin", io.StringIO(APPRENTICE.read_text(encoding="utf-8")))
    from_stdin = equity.history("-")
    assert from_stdin.reconciled == 3
    assert set(from_stdin.hands["file"]) == {"-"}


def test_help_and_readme_name_pokerstars(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history", "--help"]) == 0
    shown = " ".join(capsys.readouterr().out.split())
    docs = Path(__file__).parents[1] / "docs" / "hand-histories.md"
    readme = " ".join(docs.read_text().split())
    for text in (shown, readme):
        assert "PokerStars" in text
        assert ".txt" in text


@pytest.mark.parametrize(
    ("text", "value"),
    [("$1,234.50", "1234.50"), (" €0.02 ", "0.02"), ("£5", "5"), ("1,500", "1500"), ("¥7₹", "7")],
)
def test_an_amount_is_read_without_its_symbols_and_commas(text: str, value: str) -> None:
    from equity.histories.pokerstars import _amount

    got = _amount(text)
    assert got == Decimal(value)
    assert str(got) == value  # the digits as written: the same Decimal, not only an equal one


def test_an_amount_that_is_not_a_number_is_refused() -> None:
    from equity.histories.pokerstars import PokerStarsError, _amount

    for text in ("$", "1.2.3", "-5", "$NaN"):
        with pytest.raises(PokerStarsError, match="is not an amount"):
            _amount(text)
