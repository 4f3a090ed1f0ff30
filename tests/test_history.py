"""equity.history: replay, reconciliation, pots, exact all-in equity, ev/net/luck.

Equities are checked against a plain-Python enumeration (tests/reference_history.py);
the hands are the shipped PHH sample (tests/data/phh) and hand-built PHH texts.
"""

from __future__ import annotations

import gzip
import io
import math
import random
import shutil
from decimal import Decimal
from pathlib import Path

import pytest
from reference_history import exact_equity, phh, runouts, showdown_shares

import equity
from equity.histories.pots import Pot, build_pots, rake_pots

DATA = Path(__file__).parent / "data" / "phh"
HANDHQ = DATA / "handhq_50NLH_1_first43.phhs"
WSOP = DATA / "wsop_2019_42_3_00-01-07.phh"


# Three players, every card known; on the flop p3 (500) moves in, p1 (100) and
# p2 (300) call all-in: 200 of p3's bet is uncalled and comes back.  Main pot 300 (all three),
# side pot 400 (p2, p3).  AA holds: p3 collects everything.
SIDE_POT_ACTIONS = [
    "d dh p1 KcKd",
    "d dh p2 QcQd",
    "d dh p3 AsAd",
    "p3 cc",
    "p1 cc",
    "p2 cc",
    "d db 2h7c9s",
    "p1 cc",
    "p2 cc",
    "p3 cbr 498",
    "p1 cc",
    "p2 cc",
    "p3 sm AsAd",
    "p1 sm KcKd",
    "p2 sm QcQd",
    "d db Th",
    "d db 3d",
]
SIDE_POT_STACKS = [100, 300, 500]


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module")
def sample() -> equity.HistoryResult:
    """The HandHQ slice and the 2019 WSOP hand (the whole sample: tests/test_history_sample.py)."""
    return equity.history([str(HANDHQ), str(WSOP)])


def test_the_sample_reads_and_reconciles(sample: equity.HistoryResult) -> None:
    assert sample.read == 44
    assert sample.reconciled == 43
    (skipped,) = sample.skipped
    # The known WSOP hand: pokerkit's big-blind ante leaves it 500,000 chips off.
    assert skipped.file == str(WSOP)
    assert skipped.index == 1
    assert "500000" in skipped.reason
    assert skipped.kind == "finishing stacks differ from the replay"
    hands = sample.hands
    assert len(hands) == sum(
        len(h.history.players) for h in _read(HANDHQ)
    )  # one row per player of each reconciled hand


def _read(path: Path) -> list:
    from equity.histories.read import read_hands

    return list(read_hands(str(path)))


def test_sum_of_ev_is_sum_of_net_per_hand(sample: equity.HistoryResult) -> None:
    per_hand = sample.hands.groupby(["file", "index"])[["net", "ev", "luck"]].sum()
    assert per_hand["ev"].to_numpy() == pytest.approx(per_hand["net"].to_numpy(), abs=1e-9)
    assert per_hand["luck"].abs().max() < 1e-9


def test_net_is_what_the_history_records(sample: equity.HistoryResult) -> None:
    """Where winnings are recorded, net = winnings - contributed, and rake = pot - won."""
    hands = sample.hands.set_index(["index", "seat"])
    # hand 4: a limped pot of 1.00, p2 wins 0.95 after 0.05 rake
    assert hands.loc[(4, 1), "won"] == pytest.approx(0.95)
    assert hands.loc[(4, 1), "net"] == pytest.approx(0.45)
    assert hands.loc[(4, 0), "net"] == pytest.approx(-0.50)
    assert hands.loc[(4, 0), "rake"] == pytest.approx(0.05)
    # hand 1: a walk; the site leaves the big blind in the pot (won 0.75, no rake)
    assert hands.loc[(1, 1), "net"] == pytest.approx(0.25)
    assert hands.loc[(1, 1), "rake"] == 0
    # hand 21: no winnings recorded; the board plays, a three-way split
    assert (hands.loc[21, "net"] == 0).all()
    assert (hands.loc[21, "checked"] == "").all()


def test_all_in_equities_equal_a_plain_enumeration(sample: equity.HistoryResult) -> None:
    hands = sample.hands
    scored = hands[hands["equity"].notna()]
    assert set(scored["index"]) == {36, 43}
    assert set(scored["allin_street"]) == {"turn", "flop"}
    for index, rows in scored.groupby("index"):
        expected = exact_equity(list(rows["cards"]), rows["allin_board"].iloc[0])
        assert rows["equity"].to_numpy() == pytest.approx(expected, abs=1e-12)
        # heads-up, no rake recorded: ev = equity x pot - contributed, the blinds of
        # the players who folded in the pot
        pot = hands.loc[hands["index"] == index, "contributed"].sum()
        ev = [e * pot - c for e, c in zip(expected, rows["contributed"], strict=True)]
        assert rows["ev"].to_numpy() == pytest.approx(ev, abs=1e-9)
        shares = showdown_shares(list(rows["cards"]), rows["board"].iloc[0])
        assert rows["main_pot_share"].to_numpy() == pytest.approx(shares)
        assert rows["favourite"].sum() == 1
        assert rows.loc[rows["favourite"], "equity"].iloc[0] == rows["equity"].max()


def test_street_equities_when_every_remaining_card_is_known(
    sample: equity.HistoryResult,
) -> None:
    rows = sample.hands[sample.hands["index"] == 43]
    cards = list(rows["cards"])
    assert rows["equity_flop"].to_numpy() == pytest.approx(exact_equity(cards, "8s7hTd"))
    assert rows["equity_turn"].to_numpy() == pytest.approx(exact_equity(cards, "8s7hTd6s"))
    pre = rows["equity_preflop"].to_numpy()
    assert pre.sum() == pytest.approx(1.0)
    assert pre[0] > 0.85
    # hand 36: players who folded preflop never showed, so no preflop equity
    assert sample.hands[sample.hands["index"] == 36]["equity_preflop"].isna().all()


def test_pots_are_built_by_levels_with_dead_money() -> None:
    d = Decimal
    pots = build_pots([d(100), d(300), d(300), d(50)], in_hand=[0, 1, 2])
    assert pots == [Pot(d(350), (0, 1, 2)), Pot(d(400), (1, 2))]
    assert rake_pots(pots, d(15)) == pytest.approx([343.0, 392.0])  # 2% of each


def test_side_pots_rake_and_ev_on_a_hand_built_history(tmp_path: Path) -> None:
    text = phh(
        SIDE_POT_ACTIONS,
        SIDE_POT_STACKS,
        players=["Ann", "Bob", "Cy"],
        winnings=[0, 0, 693],  # 700 in the pots, 7 raked
    )
    result = equity.history(write(tmp_path, "side.phh", text))
    assert not result.skipped
    rows = result.hands.set_index("player")
    assert list(rows["contributed"]) == [100, 300, 300]  # Cy's 200 uncalled came back
    assert list(rows["net"]) == [-100, -300, 393]
    assert (rows["allin_street"] == "flop").all()
    assert (rows["rake"] == 7).all()
    main = exact_equity(["KcKd", "QcQd", "AsAd"], "2h7c9s")
    side = exact_equity(["QcQd", "AsAd"], "2h7c9s", dead="KcKd")
    after = [300 * 0.99, 400 * 0.99]  # rake in proportion to the pots
    ev = [
        main[0] * after[0] - 100,
        main[1] * after[0] + side[0] * after[1] - 300,
        main[2] * after[0] + side[1] * after[1] - 300,
    ]
    assert rows["ev"].to_numpy() == pytest.approx(ev, abs=1e-9)
    assert rows["equity"].to_numpy() == pytest.approx(main, abs=1e-12)
    assert rows["ev"].sum() == pytest.approx(rows["net"].sum())
    assert rows["luck"].to_numpy() == pytest.approx((rows["net"] - rows["ev"]).to_numpy())


def test_luck_has_mean_zero_over_random_run_outs(tmp_path: Path) -> None:
    """Deal the run-outs at random: the mean luck is within 5 standard errors of 0."""
    text = phh(SIDE_POT_ACTIONS, SIDE_POT_STACKS, winnings=[0, 0, 693])
    rows = equity.history(write(tmp_path, "side.phh", text)).hands
    holes, ev = list(rows["cards"]), rows["ev"].to_numpy()
    pots = [(300 * 0.99, [0, 1, 2]), (400 * 0.99, [1, 2])]
    contributed = [100, 300, 300]
    rng = random.Random(20260601)
    boards = runouts(holes, "2h7c9s")
    samples = []
    for _ in range(3000):
        board = rng.choice(boards)
        net = [-c for c in contributed]
        for amount, eligible in pots:
            shares = showdown_shares([holes[i] for i in eligible], board)
            for i, share in zip(eligible, shares, strict=True):
                net[i] += share * amount
        samples.append([n - e for n, e in zip(net, ev, strict=True)])
    for player in range(3):
        values = [s[player] for s in samples]
        mean = sum(values) / len(values)
        sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
        assert abs(mean) < 5 * sd / math.sqrt(len(values)), (player, mean, sd)


OMAHA = """variant = 'PO'
ante_trimming_status = false
antes = [1, 1]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [201, 57]
actions = ['d dh p1 AsAhKsQd', 'd dh p2 9c8c7d6d', 'p2 cbr 6', 'p1 cc', 'd db Ts9h2c', \
'p1 cbr 12', 'p2 cbr 50', 'p1 cc', 'p2 sm 9c8c7d6d', 'p1 sm AsAhKsQd', 'd db 3h', 'd db Jd']
finishing_stacks = [258, 0]
"""


def test_pot_limit_omaha_with_antes(tmp_path: Path) -> None:
    """Heads-up PLO: antes, a pot-size raise all-in on the flop; AAKQ's straight holds."""
    rows = equity.history(write(tmp_path, "plo.phh", OMAHA)).hands
    assert list(rows["contributed"]) == [57, 57]  # ante 1 + 6 preflop + 50 on the flop
    assert list(rows["net"]) == [57, -57]
    assert set(rows["allin_street"]) == {"flop"}
    expected = exact_equity(["AsAhKsQd", "9c8c7d6d"], "Ts9h2c")
    assert rows["equity"].to_numpy() == pytest.approx(expected, abs=1e-12)
    assert rows["ev"].to_numpy() == pytest.approx([e * 114 - 57 for e in expected], abs=1e-9)
    assert list(rows["main_pot_share"]) == [1.0, 0.0]


def test_a_preflop_all_in(tmp_path: Path) -> None:
    """Heads-up, the button shoves and is called: the street, the pot and the engine's figures.

    A plain-Python enumeration of 1.7 million boards is too slow here; the
    engine's exact preflop equity is tested against Irving and d'Eon's table
    elsewhere, so this checks what the history passes to it.
    """
    actions = ["d dh p1 QhQd", "d dh p2 AsKs", "p2 cbr 100", "p1 cc"]
    actions += ["p2 sm AsKs", "p1 sm QhQd", "d db 2c7d9h", "d db Kd", "d db 3s"]
    text = phh(actions, [100, 100], finishing_stacks=[0, 200])
    rows = equity.history(write(tmp_path, "pre.phh", text)).hands
    assert set(rows["allin_street"]) == {"preflop"}
    assert set(rows["allin_board"]) == {""}
    engine = equity.calculate(["QhQd", "AsKs"], method="exact").equity
    assert rows["equity"].to_numpy() == pytest.approx(engine, abs=1e-15)
    assert rows["equity_preflop"].to_numpy() == pytest.approx(engine, abs=1e-15)
    assert list(rows["favourite"]) == [True, False]  # QQ is ahead of AKs
    assert list(rows["main_pot_share"]) == [0.0, 1.0]  # the king on the turn
    assert rows["ev"].to_numpy() == pytest.approx([e * 200 - 100 for e in engine])
    assert list(rows["luck"]) == pytest.approx(
        [-100 - (engine[0] * 200 - 100), 100 - (engine[1] * 200 - 100)]
    )


def test_finishing_stacks_reconcile_or_the_hand_is_left_out(tmp_path: Path) -> None:
    good = phh(SIDE_POT_ACTIONS, SIDE_POT_STACKS, finishing_stacks=[0, 0, 900])
    bad = phh(SIDE_POT_ACTIONS, SIDE_POT_STACKS, finishing_stacks=[0, 50, 850])
    result = equity.history([write(tmp_path, "good.phh", good), write(tmp_path, "bad.phh", bad)])
    assert result.reconciled == 1
    assert result.read == 2
    (skipped,) = result.skipped
    assert skipped.file.endswith("bad.phh")
    assert "p2's finishing stack 50" in skipped.reason
    assert set(result.hands["checked"]) == {"finishing_stacks"}


def test_winnings_that_disagree_with_the_replay_are_reported(tmp_path: Path) -> None:
    text = phh(SIDE_POT_ACTIONS, SIDE_POT_STACKS, winnings=[300, 0, 393])
    result = equity.history(write(tmp_path, "w.phh", text))
    assert result.reconciled == 0
    assert result.skipped[0].reason == "p1 won 300 by the history but 0 by the replay"


def test_a_malformed_hand_is_reported_and_the_others_scored(tmp_path: Path) -> None:
    fine = phh(["d dh p1 ????", "d dh p2 ????", "p2 f"], [100, 100], winnings=[3, 0])
    limit = fine.replace("variant = 'NT'", "variant = 'FT'").replace(
        "min_bet = 2", "small_bet = 2\nbig_bet = 4"
    )
    broken = fine.replace("'p2 f'", "'p3 cc'")
    text = "".join(f"[{k}]\n{t}\n" for k, t in enumerate([fine, "actions = [", broken, limit], 1))
    path = write(tmp_path, "mixed.phhs", text)
    result = equity.history(path)
    assert result.read == 4
    assert result.reconciled == 1
    by_index = {s.index: s for s in result.skipped}
    assert set(by_index) == {2, 3, 4}
    assert by_index[2].reason.startswith("not a valid PHH hand")
    assert "do not replay" in by_index[3].reason
    assert by_index[4].unsupported
    assert by_index[4].kind == "unsupported variant"
    assert by_index[3].sentence().startswith(f"{path}, hand 3: ")
    assert result.to_dict()["hands_skipped"] == 3


def test_folders_globs_gzip_and_stdin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "deep" / "er"
    folder.mkdir(parents=True)
    shutil.copy(WSOP, folder / "one.phh")
    with gzip.open(folder / "many.phhs.gz", "wb") as f:
        f.write(HANDHQ.read_bytes())
    by_folder = equity.history(str(tmp_path))
    by_glob = equity.history(str(tmp_path / "**" / "*.gz"))
    assert by_folder.read == 44
    assert by_glob.read == 43
    assert by_glob.hands[["net", "ev"]].equals(
        by_folder.hands[by_folder.hands["file"].str.endswith(".gz")][["net", "ev"]]
    )
    monkeypatch.setattr("sys.stdin", io.StringIO(HANDHQ.read_text(encoding="utf-8")))
    from_stdin = equity.history("-")
    assert from_stdin.reconciled == 43
    assert set(from_stdin.hands["file"]) == {"-"}
    with pytest.raises(ValueError, match="no such file or folder"):
        equity.history(str(tmp_path / "missing.phh"))


def test_summary_per_player(sample: equity.HistoryResult) -> None:
    table = sample.summary()
    hands = sample.hands
    assert table["hands"].is_monotonic_decreasing
    assert int(table["hands"].sum()) == len(hands)
    name = "QiLz8xreFvpFCuxIwseb6A"  # KK v KT all-in on the flop, hand 43
    one = sample.summary(name).loc[name]
    mine = hands[hands["player"] == name]
    assert one["net"] == pytest.approx(mine["net"].sum())
    assert one["ev"] == pytest.approx(mine["ev"].sum())
    assert one["luck"] == pytest.approx(one["net"] - one["ev"])
    assert one["net_bb100"] == pytest.approx((mine["net"] / 0.5).sum() / len(mine) * 100)
    assert one["allins"] == 1
    assert one["favourite"] == 1
    assert one["favourite_won"] == 1.0
    with pytest.raises(ValueError, match="no scored hand"):
        sample.summary("nobody")
