"""GGPoker and PokerNow hand histories, and the frictions of ``equity history``.

The GGPoker and PokerNow files are real (tests/data/ggpoker, tests/data/pokernow:
see their READMEs); the hands written out here are MADE UP for the tests (names,
hand numbers, cards and amounts invented), each built to exercise given lines.
Nets are checked against a plain reading of the money lines of the text
(independent of the readers and of pokerkit), equities against the plain-Python
enumeration of tests/reference_history.py.
"""

from __future__ import annotations

import io
import re
from decimal import Decimal
from pathlib import Path

import pytest
from reference_history import exact_equity
from test_history_pokerstars import _text_nets

import equity
from equity.cli import main
from equity.histories.ggpoker import is_ggpoker, read_text_hands
from equity.histories.pokernow import is_pokernow, split_log
from equity.histories.pokerstars import split_hands
from equity.histories.read import read_text

DATA = Path(__file__).parent / "data"
GG = DATA / "ggpoker"
PN = DATA / "pokernow"
GG_DROP = GG / "GG20250829-0702 - RushAndCash9515431 - 0.01 - 0.02 - 6max.txt"
GG_TWICE = GG / "GG20250910-2119 - RushAndCash17757914 - 0.01 - 0.02 - 6max.txt"
D = Decimal
_GG_HEADER = re.compile(r"^Poker Hand #(?P<id>[A-Z]{2}\d+):.*$", re.MULTILINE)


@pytest.fixture(scope="module")
def gg() -> equity.HistoryResult:
    return equity.history(str(GG))


@pytest.fixture(scope="module")
def pokernow() -> equity.HistoryResult:
    return equity.history(str(PN))


def _gg_chunk(file: str, index: int) -> str:
    return split_hands(read_text(file), _GG_HEADER)[index - 1][1]


def test_every_shipped_ggpoker_hand_is_read(gg: equity.HistoryResult) -> None:
    assert gg.read == 95 + 64 + 14 + 53
    assert gg.reconciled == gg.read - 4
    assert gg.skip_reasons() == {"cashed out": 1, "run more than once": 2, "cash drop": 1}
    assert all(s.unsupported for s in gg.skipped)
    marks = {
        "cashed out": ": Chooses to EV Cashout",
        "run more than once": "*** FIRST FLOP ***",
        "cash drop": "Cash Drop to Pot : total $",
    }
    for skipped in gg.skipped:
        chunk = _gg_chunk(skipped.file, skipped.index)
        assert chunk.startswith(f"Poker Hand #{skipped.hand_id}:")
        assert marks[skipped.kind] in chunk
    # the hand ids keep GGPoker's prefix; every row is a GGPoker hand
    assert set(gg.hands["hand_id"].str[:2]) == {"RC"}


def test_ggpoker_fees_and_nets_are_what_the_text_records(gg: equity.HistoryResult) -> None:
    """Per hand: rake = the sum of the SUMMARY's fees (rake, jackpot, bingo, fortune, tax),
    won + rake = total pot, and every net is the money lines' (the time bank card aside)."""
    for (file, index), rows in gg.hands.groupby(["file", "index"]):
        chunk = _gg_chunk(file, index)
        total = re.search(r"^Total pot \$(\S+)((?: \| \w+ \$?\S+)+)$", chunk, re.MULTILINE)
        assert total is not None
        fees = sum(D(f) for f in re.findall(r"\| \w+ \$?(\S+)", total[2]))
        rake = rows["rake"].iloc[0]
        assert rake == pytest.approx(float(fees), abs=1e-9)
        assert rows["won"].sum() + rake == pytest.approx(float(total[1]), abs=1e-9)
        nets = _text_nets(chunk)
        for player, net in zip(rows["player"], rows["net"], strict=True):
            assert net == pytest.approx(float(nets.get(player, 0)), abs=1e-9), (file, index)


def test_a_ggpoker_allin_by_hand(gg: equity.HistoryResult) -> None:
    """RC3877233117: 8s9s (a straight) against QcQd, all-in on Tc6h7c for $2.80 each; the
    total pot $5.63 less $0.06 rake and $0.03 jackpot: $5.54 collected."""
    rows = gg.hands[gg.hands["hand_id"] == "RC3877233117"].set_index("player")
    assert rows["rake"].iloc[0] == pytest.approx(0.09)
    allin = rows.loc[["1f8e1741", "4adae1b5"]]
    assert set(allin["allin_street"]) == {"flop"}
    expected = exact_equity(["8s9s", "QcQd"], "Tc6h7c")
    assert list(allin["equity"]) == pytest.approx(expected, abs=1e-12)
    assert expected[0] == pytest.approx(913 / 990)  # 77 of the 990 turns and rivers lose
    assert list(allin["ev"]) == pytest.approx([e * 5.54 - 2.80 for e in expected])
    assert list(allin["net"]) == pytest.approx([2.74, -2.80])
    assert rows.loc["9521ed2c", "net"] == pytest.approx(-0.01)  # the small blind, folded


def test_every_shipped_pokernow_hand_is_read(pokernow: equity.HistoryResult) -> None:
    assert pokernow.read == 8
    assert pokernow.reconciled == 8
    assert pokernow.skipped == ()
    hands = pokernow.hands
    # Input_Log_002 hand 1: 50 each; quotes (AcQs) all-in, spa (Tc5c) calls, the small
    # blind (@atsymbols) folds his 20 after calling: spa's straight takes the 120
    first = hands[hands["file"].str.endswith("Input_Log_002.csv") & (hands["index"] == 1)]
    nets = dict(zip(first["player"], first["net"], strict=True))
    quotes = next(p for p in nets if "us2R6psQVF" in p)
    assert nets == {
        "P1 @ eNVKMq2Tcb": 0,
        "@atsymbols@@@ @ 3mid0aO0hZ": -20,
        quotes: -50,
        "spa @ ces @ ZQfm6ZDMPO": 70,
    }
    assert set(first["allin_street"].dropna()) == {"preflop"}
    # no rake: what each hand's winners collect is the pot
    assert (hands["rake"] == 0).all()
    assert hands.groupby(["file", "index"])["net"].sum().abs().max() == 0
    # a dead small blind (hand 2 of that log): only the big blind (spa, 20) posts; @atsymbols
    # raises all-in to 30, spa calls and takes the 60
    second = hands[hands["file"].str.endswith("Input_Log_002.csv") & (hands["index"] == 2)]
    assert dict(zip(second["player"], second["net"], strict=True)) == {
        "spa @ ces @ ZQfm6ZDMPO": 30,
        "P1 @ eNVKMq2Tcb": 0,
        "@atsymbols@@@ @ 3mid0aO0hZ": -30,
    }


def test_the_site_is_known_from_the_text(tmp_path: Path) -> None:
    assert is_ggpoker(read_text(str(GG_DROP)))
    log = read_text(str(PN / "Input_Log_001.txt"))
    assert is_pokernow(log)
    assert not is_ggpoker(log)
    assert [h.number for h in split_log(log)] == ["1", "2", "3", "4"]  # oldest first
    other = tmp_path / "ledger.csv"
    other.write_text("player,net\nann,5\n", encoding="utf-8")
    result = equity.history([str(GG_DROP), str(other)])
    (skipped,) = [s for s in result.skipped if s.index == 0]
    assert skipped.reason == "not a PokerNow log (no 'entry,at,order' header)"


# MADE UP: a GGPoker hand whose call is not the bet to call (Bo calls $0.10 facing $0.30),
# then the same hand with the call all-in for less (Bo's $0.12 is his whole stack)
CALL = """\
Poker Hand #RC900000001: Hold'em No Limit ($0.05/$0.10) - 2026/01/01 12:00:00
Table 'RushAndCash1' 6-max Seat #1 is the button
Seat 1: Al ($10 in chips)
Seat 2: Bo ($STACK in chips)
Al: posts small blind $0.05
Bo: posts big blind $0.10
*** HOLE CARDS ***
Al: raises $0.30 to $0.40
Bo: calls $CALL
*** FLOP *** [2c 7d Ks]
*** TURN *** [2c 7d Ks] [4h]
*** RIVER *** [2c 7d Ks 4h] [9s]
Al: shows [As Ah]
Bo: shows [Qd Qh]
*** SHOWDOWN ***
Al collected $WON from pot
*** SUMMARY ***
Total pot $WON | Rake $0 | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0
Board [2c 7d Ks 4h 9s]
Seat 1: Al (small blind) showed [As Ah] and won ($WON)
Seat 2: Bo (big blind) showed [Qd Qh] and lost
"""


def test_a_call_must_be_the_bet_to_call() -> None:
    wrong = CALL.replace("$STACK", "$10").replace("$CALL", "$0.10").replace("$WON", "$0.40")
    ((_, history, error),) = read_text_hands(wrong)
    assert history is None
    assert error is not None
    assert str(error) == "Bo calls 0.10 but the bet to call is 0.30"
    assert error.kind == "call differs from the bet"
    right = CALL.replace("$STACK", "$10").replace("$CALL", "$0.30").replace("$WON", "$0.80")
    ((_, history, error),) = read_text_hands(right)
    assert error is None
    short = CALL.replace("$STACK", "$0.22").replace("$CALL", "$0.12 and is all-in")
    ((_, history, error),) = read_text_hands(short.replace("$WON", "$0.44"))
    assert error is None  # all-in for less: Al's uncalled 0.18 comes back to him


def test_the_same_hand_twice_is_counted_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = read_text(str(GG_DROP))
    twice = tmp_path / "twice.txt"
    twice.write_text(text + "\n\n" + text, encoding="utf-8")
    result = equity.history([str(GG_DROP), str(twice), str(GG_DROP)])
    # the file given again is read once; each of its hands in twice.txt is a repeat
    assert result.read == 3 * 14
    skipped = sum(1 for s in result.skipped if s.index > 0)
    assert result.read == result.reconciled + skipped
    assert result.reconciled == 13
    assert result.skip_reasons() == {"cash drop": 1, "duplicate hand": 28}
    again = [s for s in result.skipped if s.kind == "duplicate hand"]
    assert again[0].sentence() == (
        f"{twice}, hand 1 (#RC3844480952): the same hand as {GG_DROP}, hand 1: counted once"
    )
    assert again[-1].reason == f"the same hand as {GG_DROP}, hand 14: counted once"
    (source,) = [s for s in result.skipped if s.index == 0]
    assert source.sentence() == f"{GG_DROP}: given more than once: read once"
    assert main(["history", str(twice), "--json"]) == 0
    assert '"hands_reconciled": 13' in capsys.readouterr().out


def test_a_huge_line_is_quoted_short(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    big = tmp_path / "big.txt"
    big.write_text("PokerStars Hand #1: " + "x" * 1_000_000 + "\n", encoding="utf-8")
    assert main(["history", str(big)]) == 2
    err = capsys.readouterr().err
    assert len(err) < 400
    assert "'" + "x" * 80 + "...'" in err


def test_empty_stdin_is_one_sentence(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["history", "-"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "equity history: -: stdin is empty: no hand history in it\n"


def test_reprs_are_short(gg: equity.HistoryResult, pokernow: equity.HistoryResult) -> None:
    assert repr(gg) == "HistoryResult(226 hands read, 222 reconciled, 4 skipped, 759 players)"
    assert repr(pokernow) == "HistoryResult(8 hands read, 8 reconciled, 0 skipped, 7 players)"
    html = gg._repr_html_()
    assert html.startswith("<p>HistoryResult(226 hands read")
    assert html.count("<tr") == 2 + 10  # two header rows, the ten players with most hands
    assert "... and 749 more players" in html
    assert "<li>2 &times; run more than once</li>" in html
    assert "<li>" not in pokernow._repr_html_()


def test_one_hand_is_counted_and_drawn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from equity.histories.plot import plot_results

    one = tmp_path / "one.txt"
    one.write_text(split_hands(read_text(str(GG_TWICE)), _GG_HEADER)[0][1], encoding="utf-8")
    assert main(["history", str(one)]) == 0
    assert "1 hand read, 1 reconciled and scored, 0 skipped" in capsys.readouterr().out
    ax = plot_results(equity.history(str(one)), ["Hero"])
    assert [line.get_marker() for line in ax.get_lines()[:2]] == ["o", "o"]
    assert [list(line.get_xdata()) for line in ax.get_lines()[:2]] == [[1], [1]]
    plt.close("all")


def test_history_says_when_it_compiles(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import equity.kernels._jit as jit

    monkeypatch.setattr(jit, "cached", lambda dispatcher, args=None: False)
    monkeypatch.setattr(jit, "_WARM", set())
    short = CALL.replace("$STACK", "$0.22").replace("$CALL", "$0.12 and is all-in")
    monkeypatch.setattr("sys.stdin", io.StringIO(short.replace("$WON", "$0.44")))
    assert main(["history", "-"]) == 0  # AsAh against QdQh, all-in preflop
    err = capsys.readouterr().err
    assert err.count("compiling the kernels this command needs (first run only") == 1


def test_the_docs_and_the_help_name_both_sites(capsys: pytest.CaptureFixture[str]) -> None:
    """The page's example is run by ``test_docs.py``; here: both sites named in it and in
    ``history --help``."""
    from documentation import page

    text = page("hand-histories.md")
    assert "$ equity history tests/data/ggpoker --player Hero" in text
    assert main(["history", "--help"]) == 0
    shown = " ".join(capsys.readouterr().out.split())
    for words in (shown, " ".join(text.split())):
        assert "GGPoker" in words
        assert "PokerNow" in words
