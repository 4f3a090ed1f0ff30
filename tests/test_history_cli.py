"""``equity history``: summary, --json, --out, --plot, --player, --strict and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from equity.cli import main
from equity.histories.score import COLUMNS
from equity.histories.stats import COUNTS

DATA = Path(__file__).parent / "data" / "phh"
HANDHQ = str(DATA / "handhq_50NLH_1_first43.phhs")
WSOP = str(DATA / "wsop_2019_42_3_00-01-07.phh")
HERO = "QiLz8xreFvpFCuxIwseb6A"


def test_json_summary_and_csv_rows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "hands.csv"
    assert main(["history", HANDHQ, WSOP, "--json", "--out", str(out)]) == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert data["hands_read"] == 44
    assert data["hands_reconciled"] == 43
    assert data["hands_skipped"] == 1
    assert data["skipped_by_reason"] == {"finishing stacks differ from the replay": 1}
    # the skipped hand: one line on stderr naming file, hand and reason
    (line,) = captured.err.strip().splitlines()
    assert line.startswith(f"equity history: {WSOP}, hand 1: ")
    assert "500000" in line
    frame = pd.read_csv(out, keep_default_na=False, na_values=[""])
    assert list(frame.columns) == [*COLUMNS, *COUNTS]  # the scores, then the statistics' counts
    assert sum(p["hands"] for p in data["players"]) == len(frame)
    by_player = frame.groupby("player")["ev"].sum()
    for entry in data["players"]:
        assert entry["ev"] == pytest.approx(by_player[entry["player"]])
        assert isinstance(entry["hands"], int)


def test_one_player_text_and_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plot = tmp_path / "hero.png"
    assert main(["history", HANDHQ, "--player", HERO, "--plot", str(plot)]) == 0
    text = capsys.readouterr().out
    assert HERO in text
    assert "43 hands read, 43 reconciled and scored, 0 skipped" in text
    assert plot.stat().st_size > 1000
    assert plot.read_bytes()[:4] == b"\x89PNG"


def test_parquet_rows_equal_the_api(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import equity

    out = tmp_path / "hands.parquet"
    assert main(["history", HANDHQ, "--out", str(out)]) == 0
    capsys.readouterr()
    pd.testing.assert_frame_equal(pd.read_parquet(out), equity.history(HANDHQ).hands)


def test_strict_and_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history", str(DATA), "--strict"]) == 2
    assert main(["history", HANDHQ, "--strict"]) == 0
    assert main(["history", WSOP]) == 2  # its one hand does not reconcile: nothing read
    err = capsys.readouterr().err
    assert "no hand could be read and reconciled" in err
    bad = tmp_path / "bad.phhs"
    bad.write_text("[1]\nvariant = \n", encoding="utf-8")
    assert main(["history", str(bad)]) == 2
    assert f"{bad}, hand 1: not a valid PHH hand" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["history", "no/such/file.phh"], "no/such/file.phh: no such file or folder"),
        (["history", HANDHQ, "--out", "x.txt"], "--out writes .csv or .parquet"),
        (["history", HANDHQ, "--plot", "x.txt"], "the plot is written as .png"),
        (["history", HANDHQ, "--player", "nobody"], "no scored hand of a player named"),
    ],
)
def test_bad_input_is_one_sentence(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert needle in err
    assert "Traceback" not in err


def test_readme_and_help_state_the_same_definitions(capsys: pytest.CaptureFixture[str]) -> None:
    from equity.histories import DEFINITIONS

    readme = " ".join(
        (Path(__file__).parents[1] / "docs" / "hand-histories.md").read_text().split()
    )
    assert main(["history", "--definitions"]) == 0
    shown = " ".join(capsys.readouterr().out.split())
    for phrase in (
        "the first point where no more betting can happen (at most one player in the hand has "
        "chips behind and the bets are matched) while at least two players are in the hand "
        "and board cards are still to come",
        "rake = total pot - total won, taken from every pot in proportion to its size",
        "luck = net - ev",
        "Per hand, sum of ev = sum of net",
        "each pot is cut in equal parts, one a run-out, the odd chips to the first, and each "
        "part goes to the best hand on its run-out's board",
    ):
        assert phrase in " ".join(DEFINITIONS.split())
        assert phrase in shown
        assert phrase in readme.replace("**", "")
