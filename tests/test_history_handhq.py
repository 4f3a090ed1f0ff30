"""The HandHQ files of every site of the PHH dataset: each site's records, reconciled.

One file of each HandHQ site (its first hands, tests/data/phh/handhq) and the
Absolute Poker sample: the share of hands reconciled and scored per site, the
fast replay equal to pokerkit's on every hand, and what each site records
checked from the files themselves (tomllib), not through the code under test:
an Ongame player's net is its finishing stack - its starting stack; a Full
Tilt or PokerStars amount collected is the recorded one where the site records
it; an iPoker hand records no starting stack.  Tampered hands (an amount
changed, a winner moved) are refused with their reason.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from random_hands import compare_replays

import equity
from equity.histories.read import read_text

DATA = Path(__file__).parent / "data" / "phh"
HANDHQ = DATA / "handhq"
SITES = {
    "Absolute Poker": DATA / "handhq_50NLH_1_first43.phhs",
    "Full Tilt Poker": HANDHQ / "ftp_50NLH_1_first71.phhs",
    "Ongame Network": HANDHQ / "ong_400NLH_1_first65.phhs",
    "PartyPoker": HANDHQ / "pty_25NLH_1_first54.phhs",
    "PokerStars": HANDHQ / "ps_50NLH_1_first47.phhs",
    "iPoker Network": HANDHQ / "ipn_100NLH_1_first22.phhs",
}
SHARE = {  # the share of hands reconciled and scored, as the README table states it
    "Absolute Poker": 1.0,
    "Full Tilt Poker": 1.0,
    "Ongame Network": 1.0,
    "PartyPoker": 1.0,
    "PokerStars": 1.0,
    "iPoker Network": 0.0,
}


def _tables(file: Path) -> list[dict[str, Any]]:
    data = tomllib.loads(read_text(str(file)))
    return [data[k] for k in sorted(data, key=int)]


@pytest.fixture(scope="module")
def results() -> dict[str, equity.HistoryResult]:
    return {site: equity.history([str(file)]) for site, file in SITES.items()}


def test_every_file_is_its_site(results: dict[str, equity.HistoryResult]) -> None:
    for site, file in SITES.items():
        tables = _tables(file)
        assert {t["venue"] for t in tables} == {site}
        assert results[site].read == len(tables) >= 22


def test_the_share_reconciled_per_site(results: dict[str, equity.HistoryResult]) -> None:
    for site, result in results.items():
        tables = _tables(SITES[site])
        stacks_recorded = all(s != float("inf") for t in tables for s in t["starting_stacks"])
        share = result.reconciled / result.read
        assert share == SHARE[site], site
        if stacks_recorded:
            assert share >= 0.99, site
        else:  # iPoker: 'inf' stacks and every winnings 0, each hand skipped with that reason
            assert result.reconciled == 0
            assert all(w == 0 for t in tables for w in t["winnings"])
            assert {s.kind for s in result.skipped} == {"starting stacks not recorded"}
            assert all("does not record the starting stacks" in s.reason for s in result.skipped)


def test_fast_replay_equals_pokerkit_on_every_site() -> None:
    for site, file in SITES.items():
        assert compare_replays(str(file), no_stacks=site == "iPoker Network") == [], site


def _rows(result: equity.HistoryResult, index: int) -> Any:
    hands = result.hands
    return hands[hands["index"] == index].sort_values("seat")


def test_ongame_nets_are_its_finishing_stacks(results: dict[str, equity.HistoryResult]) -> None:
    """After rake, a split pot's winnings left out (0), a posted small blind dead money."""
    result = results["Ongame Network"]
    raked = left_out = 0
    for index, table in enumerate(_tables(SITES["Ongame Network"]), start=1):
        rows = _rows(result, index)
        nets = [Decimal(str(f)) - Decimal(str(s)) for f, s in
                zip(table["finishing_stacks"], table["starting_stacks"], strict=True)]  # fmt: skip
        assert rows["net"].round(2).tolist() == [float(n) for n in nets], index
        assert set(rows["checked"]) == {"finishing_stacks"}
        raked += rows["rake"].iloc[0] > 0
        left_out += sum(table["winnings"]) == 0
    assert raked >= 25
    assert left_out >= 1


def test_full_tilt_and_pokerstars_amounts(results: dict[str, equity.HistoryResult]) -> None:
    """Each amount recorded is what the player won; a 0 is a fact except for the blinds and
    the button, whose amounts the sites leave out (the replay's amount stands)."""
    for site in ("Full Tilt Poker", "PokerStars"):
        result = results[site]
        seen = Counter[str]()
        for index, table in enumerate(_tables(SITES[site]), start=1):
            rows = _rows(result, index)
            if "winnings" not in table:  # left out at showdowns: the replay stands
                assert set(rows["checked"]) == {""}
                seen["no winnings"] += 1
                continue
            count = len(table["winnings"])
            for seat, (recorded, won) in enumerate(
                zip(table["winnings"], rows["won"], strict=True)
            ):
                if recorded or seat not in (0, 1, count - 1):
                    assert won == pytest.approx(recorded), (site, index, seat)
                elif won:
                    seen["left out"] += 1
        assert seen["left out"] >= 10, site
        assert seen["no winnings"] >= 4, site


def _tampered(file: Path, index: int, old: str, new: str, tmp_path: Path) -> equity.HistoryResult:
    body = read_text(str(file)).split(f"[{index}]\n", 1)[1].split("\n[", 1)[0]
    assert body.count(old) == 1
    path = tmp_path / "hand.phh"
    path.write_text(body.replace(old, new), encoding="utf-8")
    return equity.history([str(path)])


REPLAY = "winnings differ from the replay"
STACKS = "winnings differ from the finishing stacks"
ONG_2 = "[138.2, 922.8, 505.2, 430, 312.4]\nwinnings = [0, 22.80,"
ONG_2_MOVED = "[161.0, 900.0, 505.2, 430, 312.4]\nwinnings = [22.80, 0,"
PS_1 = "winnings = [0, 0, 0, 0, 0, 0]"


@pytest.mark.parametrize(
    ("site", "index", "old", "new", "kind"),
    [
        # Ongame hand 2: p2 wins 22.80 after rake; one chip more in its stack
        ("Ongame Network", 2, "922.8,", "923.8,", STACKS),
        # ... the pot moved to the loser, stacks and winnings agreeing; the winnings alone
        ("Ongame Network", 2, ONG_2, ONG_2_MOVED, REPLAY),
        ("Ongame Network", 2, "[0, 22.80,", "[22.80, 0,", STACKS),
        # Full Tilt hand 12: p3 (neither a blind nor the button) collects 8.10: a 0 is a fact
        ("Full Tilt Poker", 12, "[0, 0, 8.10, 0]", "[0, 0, 0, 0]", REPLAY),
        # ... and a blind's amount, where recorded, is checked
        ("Full Tilt Poker", 12, "[0, 0, 8.10, 0]", "[8.10, 0, 0, 0]", REPLAY),
        # PokerStars hand 1: the button's 0.75 is left out; more than the pot is refused
        ("PokerStars", 1, PS_1, PS_1.replace("0]", "9]"), REPLAY),
    ],
)
def test_a_wrong_record_is_refused(
    site: str, index: int, old: str, new: str, kind: str, tmp_path: Path
) -> None:
    result = _tampered(SITES[site], index, old, new, tmp_path)
    assert result.reconciled == 0
    assert [s.kind for s in result.skipped] == [kind]


def test_a_history_recording_its_total_pot_records_every_amount(tmp_path: Path) -> None:
    """The blinds' and button's zeros are forgiven only in the HandHQ files (no total pot)."""
    body = read_text(str(SITES["PokerStars"])).split("[1]\n", 1)[1].split("\n[", 1)[0]
    assert equity.history([_write(tmp_path / "a.phh", body)]).reconciled == 1
    with_pot = body + "_total_pot = 1.25\n"
    result = equity.history([_write(tmp_path / "b.phh", with_pot)])
    assert [s.kind for s in result.skipped] == ["winnings differ from the replay"]


def _write(path: Path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)
