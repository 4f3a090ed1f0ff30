"""Tournament hands in prize money (``equity.history(..., payouts=...)``, ``--payouts``).

What is proven here:

* the published worked example of PokerTracker 4's ICM-adjusted winnings
  (pokerstrategy.com forum, thread 295052) to the cent;
* a hand-made 3-player all-in with a side pot, read from PokerStars text, against
  a plain-Python reference that deals every run-out (:mod:`reference_money`);
* on every hand of a real final table (tests/data/tournaments, 64 hands of a
  45-player PokerStars sit-and-go): per hand, the players' ``money``,
  ``ev_money`` and ``luck_money`` each add up to 0; ev_money = money where no
  all-in is scored; the run-out outcomes' expected chips are the chip ev of the
  exact equity engine; the field is known exactly from the first knock-out at
  the 9-handed final table (the chips add up to the 45 x 1,500 in play there and
  only there);
* heads-up, where ICM is linear in the chips, ev_money is the chip ev times the
  pay jump per chip;
* the command: ``--payouts`` and ``--json``, ``--plot`` in money, and bad input
  (payouts not numbers, longer than the field) as one sentence and exit code 2.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from reference_money import reference_ev_money, reference_prizes

import equity
from equity.histories.money import (
    _enumerated_outcomes,
    add_money,
    icm_adjusted,
    prize_values,
    read_summary,
    runout_outcomes,
)

DATA = Path(__file__).parent / "data"
FINAL_TABLE = DATA / "tournaments" / "hhv_sng_1495192630.txt"
BOUNTY = DATA / "pokerstars" / "pokerapprentice_2023.txt"
PAYOUTS = [12.29, 9.24, 6.75, 5.11, 3.68, 2.45, 1.43]
"""Places 3 to 7 as the sample records them (``received $6.75`` ...); places 1 and 2 are
not in it: here they share the rest of the $40.95 pool (45 x $0.91), an assumption."""

SIDE_POT_HAND = """\
PokerStars Hand #1000000001: Tournament #999, $10+$1 USD Hold'em No Limit - Level I (10/20) \
- 2020/01/01 12:00:00 ET
Table '999 1' 9-max Seat #1 is the button
Seat 1: Ann (1000 in chips)
Seat 2: Bob (2000 in chips)
Seat 3: Cat (3000 in chips)
Seat 4: Dan (4000 in chips)
Bob: posts small blind 10
Cat: posts big blind 20
*** HOLE CARDS ***
Dan: folds
Ann: calls 20
Bob: calls 10
Cat: checks
*** FLOP *** [2c 7d 9h]
Bob: bets 1980 and is all-in
Cat: calls 1980
Ann: calls 980 and is all-in
*** TURN *** [2c 7d 9h] [Kd]
*** RIVER *** [2c 7d 9h Kd] [3s]
*** SHOW DOWN ***
Bob: shows [Ks Kc] (three of a kind, Kings)
Cat: shows [9s 9c] (three of a kind, Nines)
Bob collected 2000 from side pot
Ann: shows [Ah Ad] (a pair of Aces)
Bob collected 3000 from main pot
Ann finished the tournament in 4th place
*** SUMMARY ***
Total pot 5000 Main pot 3000. Side pot 2000. | Rake 0
Board [2c 7d 9h Kd 3s]
Seat 1: Ann (button) showed [Ah Ad] and lost with a pair of Aces
Seat 2: Bob (small blind) showed [Ks Kc] and won (5000) with three of a kind, Kings
Seat 3: Cat (big blind) showed [9s 9c] and lost with three of a kind, Nines
Seat 4: Dan folded before Flop (didn't bet)
"""
"""A hand made for the tests: a flop all-in of three players, a side pot, a knock-out in
4th place at a table of 4 (so the table is the whole field)."""


@pytest.fixture(scope="module")
def final_table() -> equity.HistoryResult:
    return equity.history([str(FINAL_TABLE)], payouts=PAYOUTS)


def test_the_published_worked_example() -> None:
    """pokerstrategy.com forum, thread 295052 ("PT4 calculates ICM-adjusted winnings ..."):
    three players left with equal stacks in a 6-player $100+$9 sit-and-go paying 65%/35%
    ($390/$210); the hero, 55% to win the whole pot and out in third otherwise, had $200 -
    $109 = $91 of net prize equity before the all-in and 55% x $330 - $109 = $72.50 after:
    -$18.50 ICM-adjusted whatever the outcome."""
    payouts = [390, 210]
    before = prize_values([1, 1, 1], [1, 1, 1], payouts)
    assert before[0] - 109 == pytest.approx(91, abs=1e-9)
    win = prize_values([2, 0, 1], [1, 1, 1], payouts)
    assert win[0] == pytest.approx(330, abs=1e-9)  # 2/3 x $390 + 1/3 x $210
    ev = icm_adjusted([1, 1, 1], [(0.55, [2, 0, 1]), (0.45, [0, 2, 1])], payouts)
    assert ev[0] == pytest.approx(-18.5, abs=1e-9)
    assert ev[0] + before[0] - 109 == pytest.approx(72.5, abs=1e-9)
    assert ev.sum() == pytest.approx(0, abs=1e-9)


def test_busted_players_take_the_next_places_larger_stack_first() -> None:
    assert prize_values([6000, 0, 0], [3000, 2000, 1000], [50, 30, 20]).tolist() == [50, 30, 20]
    assert prize_values([4000, 0, 0], [2000, 1000, 1000], [50, 30, 20]).tolist() == [50, 25, 25]
    got = prize_values([3000, 1000, 0, 0], [1000, 1000, 1000, 1000], [50, 30, 20])
    want = reference_prizes([3000, 1000, 0, 0], [1000] * 4, [50, 30, 20])
    assert got.tolist() == pytest.approx([float(w) for w in want], abs=1e-12)


def test_a_side_pot_all_in_against_the_plain_python_reference(tmp_path: Path) -> None:
    path = tmp_path / "side_pot.txt"
    path.write_text(SIDE_POT_HAND, encoding="utf-8")
    payouts = [50, 30, 20]
    result = equity.history([str(path)], payouts=payouts)
    hand = result.hands.set_index("player")
    assert (hand["money_reason"] == "").all()
    assert hand["tournament"].tolist() == ["999"] * 4
    assert hand.loc["Ann", "place"] == 4
    want = reference_ev_money(
        [1000, 2000, 3000, 4000],
        [1000, 2000, 2000, 0],
        {0: "AhAd", 1: "KsKc", 2: "9s9c"},
        "2c7d9h",
        payouts,
    )
    got = hand.loc[["Ann", "Bob", "Cat", "Dan"], "ev_money"].to_numpy()
    assert got == pytest.approx([float(w) for w in want], abs=1e-9)
    # as dealt: Bob won both pots, Ann is out in 4th (nothing paid), Cat kept 1,000
    before = reference_prizes([1000, 2000, 3000, 4000], [1000, 2000, 3000, 4000], payouts)
    after = reference_prizes([0, 5000, 1000, 4000], [1000, 2000, 3000, 4000], payouts)
    money = hand.loc[["Ann", "Bob", "Cat", "Dan"], "money"].to_numpy()
    assert money == pytest.approx(
        [float(a - b) for a, b in zip(after, before, strict=True)], abs=1e-9
    )
    luck = hand.loc[["Ann", "Bob", "Cat", "Dan"], "luck_money"].to_numpy()
    assert luck == pytest.approx(money - got, abs=1e-12)


@pytest.mark.parametrize(
    ("holes", "board"),
    [(["AsAh", "KsKh"], ""), (["7d2c", "7h2s"], "Ad8d3s"), (["AsAhKd2c", "QsJsTd9d"], "Ad8d3s4c")],
)
def test_heads_up_outcomes_from_the_engine_are_the_enumerated_ones(
    holes: list[str], board: str
) -> None:
    fast = runout_outcomes(holes, board, [(100.0, (0, 1))])
    slow = _enumerated_outcomes(holes, board, [(100.0, (0, 1))])
    assert [won for _, won in fast] == [won for _, won in slow]
    assert [p for p, _ in fast] == pytest.approx([p for p, _ in slow], abs=1e-12)


def test_omaha_outcomes_add_up_to_the_chip_equity() -> None:
    holes, board = ["AsAhKd2c", "QsJsTd9d", "7h7c6s5h"], "Ad8d3s"
    outcomes = runout_outcomes(holes, board, [(900.0, (0, 1, 2)), (400.0, (0, 1))])
    expected = np.array([sum(p * won[i] for p, won in outcomes) for i in range(3)])
    main = equity.calculate(holes, board=board, game="omaha", method="exact").equity
    side = equity.calculate(holes[:2], board=board, dead=holes[2], game="omaha", method="exact")
    chips = 900 * main + 400 * np.array([*side.equity, 0.0])
    assert expected == pytest.approx(chips, abs=1e-9)


def test_outcomes_are_exact_and_add_up_to_the_chip_equity() -> None:
    """Each player's expected chips over the outcomes is their exact equity x the pot."""
    holes, board = ["AhAd", "KsKc", "9s9c"], "2c7d9h"
    pots = [(3000.0, (0, 1, 2)), (2000.0, (1, 2))]
    outcomes = runout_outcomes(holes, board, pots)
    assert sum(p for p, _ in outcomes) == pytest.approx(1, abs=1e-12)
    expected = np.array([sum(p * won[i] for p, won in outcomes) for i in range(3)])
    main = equity.calculate(holes, board=board, method="exact").equity
    side = equity.calculate(holes[1:], board=board, dead="AhAd", method="exact").equity
    chips = 3000 * main + 2000 * np.array([0.0, *side])
    assert expected == pytest.approx(chips, abs=1e-9)


def test_every_final_table_hand_adds_up_to_zero(final_table: equity.HistoryResult) -> None:
    frame = final_table.hands
    valued = frame[frame["money_reason"] == ""]
    sums = valued.groupby(["file", "index"])[["money", "ev_money", "luck_money"]].sum()
    assert len(sums) == 51
    assert np.abs(sums.to_numpy()).max() < 1e-9
    no_allin = valued.groupby(["file", "index"])["equity"].transform("count") == 0
    assert (valued.loc[no_allin, "ev_money"] == valued.loc[no_allin, "money"]).all()
    assert (valued["luck_money"] == valued["money"] - valued["ev_money"]).all()
    scored = valued[valued["equity"].notna()]
    assert scored["file"].nunique() == 1
    assert scored["index"].nunique() == 12
    # the money as dealt is the prize EV after the hand minus before, by the reference ICM
    # (hands of up to 6 players: the reference walks every finishing order)
    for _, rows in valued.groupby(["file", "index"]):
        if len(rows) > 6:
            continue
        stack = rows["stack"].to_numpy()
        after = [int(s) for s in stack + rows["net"].to_numpy()]
        want = [a - b for a, b in zip(
            reference_prizes(after, [int(s) for s in stack], PAYOUTS),
            reference_prizes([int(s) for s in stack], [int(s) for s in stack], PAYOUTS),
            strict=True,
        )]  # fmt: skip
        assert rows["money"].to_numpy() == pytest.approx([float(w) for w in want], abs=1e-9)


def test_the_field_is_known_from_the_first_knock_out_at_the_final_table(
    final_table: equity.HistoryResult,
) -> None:
    """The sample's hands at 5-handed tables (36,830 chips: other tables play) stay in
    chips, as do the 4 hands at the 9-handed final table before its first knock-out (no
    record shows it to be the final table yet); from the knock-out in 9th place at 9
    players on, every hand is valued (67,500 = 45 x 1,500 chips: the whole field)."""
    hands = final_table.hands.assign(number=final_table.hands["hand_id"].astype(int))
    per_hand = hands.groupby("number").agg(
        chips=("stack", "sum"), valued=("money_reason", lambda r: (r == "").all())
    )
    first = per_hand.index[per_hand["valued"]].min()
    assert first == 149651638393  # celiaobutlee finished the tournament in 9th place
    assert per_hand.loc[per_hand.index >= first, "valued"].all()
    assert not per_hand.loc[per_hand.index < first, "valued"].any()
    assert (per_hand.loc[per_hand.index >= first, "chips"] == 67_500).all()
    assert (per_hand.loc[per_hand.index < first, "chips"] < 67_500).sum() == 8
    reasons = final_table.money_reasons()
    assert list(reasons.values()) == [12]
    assert "not known to be the final table" in next(iter(reasons))


def test_entrants_make_a_table_seating_them_all_the_field(
    final_table: equity.HistoryResult,
) -> None:
    """The hands at 5-handed tables (before the final table) stay in chips with 45
    entrants, and are valued when the tournament is said to have had 5 entrants."""
    early = final_table.hands[final_table.hands["index"] >= 56]
    assert len(early)
    assert (early["money_reason"] != "").all()
    assert (add_money(early, PAYOUTS, entrants=45)["money_reason"] != "").all()
    assert (add_money(early, PAYOUTS[:5], entrants=5)["money_reason"] == "").all()


def test_heads_up_ev_money_is_the_chip_ev_times_the_pay_jump_per_chip() -> None:
    """The bounty sample's last hand: heads-up, a turn all-in shown down, the winner wins
    the tournament; with two players left ICM is linear in the chips."""
    result = equity.history([str(BOUNTY)], payouts=[100, 60])
    rows = result.hands[result.hands["tournament"] != ""]
    assert (rows["money_reason"] == "").all()
    total = rows["stack"].sum()
    chip_ev = rows["ev"].to_numpy()
    assert rows["ev_money"].to_numpy() == pytest.approx(chip_ev * 40 / total, abs=1e-9)
    assert rows["money"].to_numpy() == pytest.approx(rows["net"].to_numpy() * 40 / total)
    cash = result.hands[result.hands["tournament"] == ""]
    assert (cash["money_reason"] == "not a tournament hand (the history names no tournament)").all()
    assert cash["money"].isna().all()


def test_summary_and_json_in_money(final_table: equity.HistoryResult) -> None:
    table = final_table.summary()
    assert {"money_hands", "money", "ev_money", "luck_money"} <= set(table.columns)
    assert table["money"].sum() == pytest.approx(0, abs=1e-9)
    assert table.loc["held", "money_hands"] == 51
    data = final_table.to_dict()
    assert data["not_in_money_by_reason"] == final_table.money_reasons()
    plain = equity.history([str(FINAL_TABLE)])
    assert not plain.in_money
    assert "money" not in plain.summary().columns


def test_a_tournament_summary_gives_prizes_and_entrants(
    tmp_path: Path, final_table: equity.HistoryResult
) -> None:
    """A summary in the layout the PokerStars client writes (written for this test: names
    and amounts made up)."""
    text = (
        "PokerStars Tournament #1495192630, No Limit Hold'em\n"
        "Buy-In: $0.91/$0.09 USD\n"
        "45 players\n"
        "Total Prize Pool: $40.95 USD\n"
        "Tournament started 2016/03/01 0:30:00 ET\n"
        " 1: DmelloH (Country), $12.29 (30.01%)\n"
        " 2: Irisha2 (Country), $9.24 (22.56%)\n"
        " 3: held (Country), $6.75 (16.48%)\n"
        " 4: Fischersito (Country), $5.11 (12.47%)\n"
        " 5: Thore H (Country), $3.68 (8.98%)\n"
        " 6: sapinho1001 (Country), $2.45 (5.98%)\n"
        " 7: Zanussof (Country), $1.43 (3.49%)\n"
        " 8: morena211 (Country), \n"
        "You finished in 3rd place.\n"
    )
    path = tmp_path / "summary.txt"
    path.write_text(text, encoding="utf-8")
    summary = read_summary(path)
    assert summary.tournament == "1495192630"
    assert summary.entrants == 45
    assert summary.payouts == tuple(PAYOUTS)
    frame = add_money(final_table.hands.iloc[:40], summaries=[summary])
    want = add_money(final_table.hands.iloc[:40], PAYOUTS)
    assert np.allclose(frame["ev_money"].fillna(0), want["ev_money"].fillna(0))
    running = tmp_path / "running.txt"
    running.write_text(text.replace("$12.29 (30.01%)", "still playing"), encoding="utf-8")
    with pytest.raises(ValueError, match="still running: place 1 has no prize yet"):
        read_summary(running)
    with pytest.raises(ValueError, match="is not a PokerStars tournament summary"):
        read_summary(FINAL_TABLE)


@pytest.mark.parametrize(
    ("payouts", "entrants", "message"),
    [
        (["50", "x"], None, "payouts must be numbers, got ['50', 'x']"),
        ([50, -1], None, "payouts cannot be negative, got -1"),
        ([], None, "payouts name no prize"),
        ([0, 0], None, "payouts add up to nothing"),
        ([50, 30, 20], 2, "3 payouts for a field of 2 players"),
        ("50,30", None, "payouts must be a list of prizes"),
    ],
)
def test_bad_payouts_are_one_sentence(payouts: object, entrants: int | None, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")) as info:
        equity.history([str(FINAL_TABLE)], payouts=payouts, entrants=entrants)  # type: ignore[arg-type]
    assert "\n" not in str(info.value)


def test_the_command_in_money(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from equity.cli import main

    prizes = ",".join(str(p) for p in PAYOUTS)
    pytest.importorskip("matplotlib")
    plot = tmp_path / "money.png"
    args = ["history", str(FINAL_TABLE), "--payouts", prizes]
    assert main([*args, "--player", "held", "--plot", str(plot)]) == 0
    out = capsys.readouterr().out
    assert "in money" in out
    assert "ev money" in out
    assert "luck money" in out
    assert "12 in chips, not money: not known to be the final table" in out
    assert plot.stat().st_size > 0
    assert "plot written to" in out
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    players = {p["player"]: p for p in data["players"]}
    in_money = [p for p in players.values() if p["money_hands"]]
    assert sum(p["money"] for p in in_money) == pytest.approx(0, abs=1e-9)
    assert players["Lukaz516"]["money_hands"] == 0  # out in 11th, before the final table
    assert players["Lukaz516"]["money"] is None
    assert players["held"]["money_hands"] == 51
    assert sum(data["not_in_money_by_reason"].values()) == 12


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--payouts", "12,x"], "the payout 'x' is not a number"),
        (["--payouts", "5,4,3", "--entrants", "2"], "3 payouts for a field of 2 players"),
        (["--entrants", "9"], "--entrants is for --payouts"),
        (["--summary", str(FINAL_TABLE)], "is not a PokerStars tournament summary"),
    ],
)
def test_bad_input_on_the_command_line_is_one_sentence_and_exit_code_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, extra: list[str], message: str
) -> None:
    from equity.cli import main

    out = tmp_path / "hands.csv"
    assert main(["history", str(FINAL_TABLE), "--out", str(out), *extra]) == 2
    captured = capsys.readouterr()
    lines = [line for line in captured.err.splitlines() if "error" in line]
    assert len(lines) == 1
    assert message in lines[0]
    assert "Traceback" not in captured.err
    assert not out.exists()


def test_the_docs_example_and_definitions(capsys: pytest.CaptureFixture[str]) -> None:
    """The docs' section shows the shipped final table in money (tests/test_docs.py runs the
    command and compares its output) and states the definitions the command prints."""
    from equity.cli import main
    from equity.histories import MONEY_DEFINITIONS

    docs = (Path(__file__).parents[1] / "docs" / "hand-histories.md").read_text(encoding="utf-8")
    section = docs.split("## Tournaments in prize money\n", 1)[1].split("\n## ", 1)[0]
    block = section.split("```\n", 2)[1]
    command, *printed = block.strip("\n").split("\n")
    assert command.startswith("$ equity history tests/data/tournaments --payouts ")
    assert any(line.startswith("held ") for line in printed)
    assert main(["history", "--definitions"]) == 0
    shown = " ".join(capsys.readouterr().out.split())
    flat = " ".join(section.replace("**", "").split())
    for phrase in (
        "money = prize EV after the hand as dealt - before",
        "P(outcome) x prize EV of the stacks after it - before",
        "luck_money = money - ev_money",
        "Per hand the players' money, ev_money and luck_money each add up to zero",
        "Net Adjusted Winnings",
    ):
        assert phrase in " ".join(MONEY_DEFINITIONS.split())
        assert phrase in shown
        assert phrase in flat


def test_tournament_numbers_and_places_are_read_as_the_text_records_them(
    final_table: equity.HistoryResult,
) -> None:
    """Plainly from the text: each hand's tournament number and the places of its
    ``finished the tournament in Nth place`` and ``wins the tournament`` lines."""
    import re

    for path, result in ((FINAL_TABLE, final_table), (BOUNTY, equity.history([str(BOUNTY)]))):
        text = path.read_text(encoding="utf-8-sig")
        want: dict[tuple[str, str], int] = {}
        numbers: dict[str, str] = {}
        for chunk in re.split(r"(?=PokerStars Hand #)", text)[1:]:
            hand = re.match(r"PokerStars Hand #(\d+)", chunk)[1]  # type: ignore[index]
            tour = re.search(r"Tournament #(\d+)", chunk.split("\n", 1)[0])
            numbers[hand] = tour[1] if tour else ""
            for name, nth in re.findall(r"^(.+) finished the tournament in (\d+)\w\w place", chunk,
                                        re.MULTILINE):  # fmt: skip
                want[(hand, name)] = int(nth)
            for name in re.findall(r"^(.+) wins the tournament", chunk, re.MULTILINE):
                want[(hand, name)] = 1
        frame = result.hands
        got = {(h, p): k for h, p, k in zip(frame["hand_id"], frame["player"], frame["place"],
                                            strict=True) if k}  # fmt: skip
        assert got == want
        assert dict(zip(frame["hand_id"], frame["tournament"], strict=True)) == {
            h: t for h, t in numbers.items() if h in set(frame["hand_id"])
        }
    assert final_table.read == 64
    assert final_table.reconciled == 63
    assert len(want) == 2  # the bounty sample's last hand: 2nd place, and the winner


def test_the_command_reads_a_summary_and_shares_of_the_pool(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--summary`` (a summary written for this test) and ``--payouts`` as shares of a
    pool of 100: the same money, in dollars and in percent of the pool."""
    from equity.cli import main

    summary = tmp_path / "summary.txt"
    places = "".join(f" {k + 1}: p{k + 1} (Country), ${p} (1%)\n" for k, p in enumerate(PAYOUTS))
    summary.write_text(
        "PokerStars Tournament #1495192630, No Limit Hold'em\n45 players\n" + places,
        encoding="utf-8",
    )
    assert main(["history", str(FINAL_TABLE), "--summary", str(summary), "--json"]) == 0
    dollars = {p["player"]: p["money"] for p in json.loads(capsys.readouterr().out)["players"]}
    pool = sum(PAYOUTS)
    shares = ",".join(f"{100 * p / pool!r}%" for p in PAYOUTS)
    assert main(["history", str(FINAL_TABLE), "--payouts", shares, "--json"]) == 0
    percent = {p["player"]: p["money"] for p in json.loads(capsys.readouterr().out)["players"]}
    assert dollars.keys() == percent.keys()
    for name, value in dollars.items():
        if value is None:
            assert percent[name] is None
        else:
            assert percent[name] == pytest.approx(100 * value / pool, abs=1e-9)
