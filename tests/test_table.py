"""The exact 169x169 preflop table, against Irving and d'Eon's published exact table."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

import equity.table as table_module
from equity.cli import main
from equity.ranges import CLASSES, class_combos
from equity.table import BOARDS, COLUMNS, matchups, preflop_table, suit_patterns

REFERENCE = (
    Path(__file__).resolve().parents[2] / "shared" / "reference" / "preflop_exact_169x169.txt"
)
_ENTRY = re.compile(
    r"(\w+) vs\. (\w+):\s+Alice: (\d+)/(\d+)[^\n]*\s+Bob:\s+(\d+)/(\d+)[^\n]*\s+"
    r"Tie:\s+(\d+)/(\d+)"
)

Probabilities = tuple[Fraction, Fraction, Fraction]


@pytest.fixture(scope="session")
def reference() -> dict[tuple[str, str], Probabilities]:
    """``{(alice, bob): (P(Alice wins), P(Bob wins), P(tie))}`` as exact rationals."""
    if not REFERENCE.exists():
        pytest.skip(f"reference table not found at {REFERENCE}")
    out = {}
    for m in _ENTRY.finditer(REFERENCE.read_text()):
        assert m[4] == m[6] == m[8]
        denominator = int(m[4])
        out[(m[1], m[2])] = (Fraction(int(m[3]), denominator),
                             Fraction(int(m[5]), denominator),
                             Fraction(int(m[7]), denominator))  # fmt: skip
    assert len(out) == 14_365
    return out


def check_against_reference(frame: pd.DataFrame,
                            reference: dict[tuple[str, str], Probabilities]) -> None:  # fmt: skip
    """Every row equals its reference entry exactly (either orientation)."""
    for row in frame.itertuples():
        assert row.alice_wins + row.bob_wins + row.ties == row.total
        ours = (Fraction(row.alice_wins, row.total), Fraction(row.bob_wins, row.total),
                Fraction(row.ties, row.total))  # fmt: skip
        if (row.alice, row.bob) in reference:
            expected = reference[(row.alice, row.bob)]
        else:
            bob_first = reference[(row.bob, row.alice)]
            expected = (bob_first[1], bob_first[0], bob_first[2])
        assert ours == expected, (row.alice, row.bob)


def test_matchups_and_suit_patterns() -> None:
    pairs = matchups()
    assert len(pairs) == 169 * 170 // 2
    assert len(set(pairs)) == len(pairs)
    holes, weight, owner = suit_patterns(pairs)
    assert len(holes) == 47_086
    assert np.all(np.diff(owner) >= 0)
    # a pattern's weight sums to the matchup's non-conflicting combo pairs
    for m in [0, 1, 500, 7_000, 14_364]:
        alice, bob = pairs[m]
        n_pairs = sum(not {*a} & {*b} for a in class_combos(alice).tolist()
                      for b in class_combos(bob).tolist())  # fmt: skip
        assert weight[owner == m].sum() == n_pairs
    # each representative is a legal deal of its matchup
    for k in range(0, len(holes), 997):
        alice, bob = pairs[owner[k]]
        a, b = holes[k, 0, :2].tolist(), holes[k, 1, :2].tolist()
        assert not {*a} & {*b}
        assert any(sorted(a) == sorted(c) for c in class_combos(alice).tolist())
        assert any(sorted(b) == sorted(c) for c in class_combos(bob).tolist())


def test_golden_aa_vs_kk() -> None:
    frame = preflop_table(pairs=[("AA", "KK")])
    assert frame.loc[0, ["alice_wins", "bob_wins", "ties"]].tolist() == [
        50_371_344, 10_986_372, 285_228,
    ]  # fmt: skip
    assert frame.loc[0, "total"] == 36 * BOARDS


def test_subset_equals_reference(reference: dict[tuple[str, str], Probabilities]) -> None:
    """Twenty matchups, chosen to cover pairs, suited and offsuit hands, shared cards."""
    rng = np.random.default_rng(169)
    fixed = [("AA", "AA"), ("AKs", "AKo"), ("72o", "22"), ("JTs", "T9s"), ("A5s", "A5o"),
             ("KK", "K2s"), ("Q8o", "83o")]  # fmt: skip
    chosen = rng.choice(len(matchups()), size=20 - len(fixed), replace=False)
    pairs = fixed + [matchups()[i] for i in sorted(chosen)]
    frame = preflop_table(pairs=pairs)
    assert list(frame.columns) == list(COLUMNS)
    assert len(frame) == 20
    check_against_reference(frame, reference)


def test_restartable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("pyarrow")
    pairs = [("AA", "KK"), ("AKs", "QQ"), ("T9s", "87s"), ("A2o", "K3o"), ("55", "44")]
    out = tmp_path / "table.parquet"
    chunks = tmp_path / "table.parquet.chunks"

    class Stop(Exception):
        pass

    def stop_after_two(done: int, total: int) -> None:
        if len(list(chunks.glob("*.npy"))) == 2:
            raise Stop

    with pytest.raises(Stop):
        preflop_table(out, pairs=pairs, chunk_patterns=3, progress=stop_after_two)
    assert not out.exists()
    assert len(list(chunks.glob("*.npy"))) == 2

    computed: list[int] = []
    real_chunk = table_module._table_chunk

    def counting_chunk(*args: Any) -> np.ndarray:
        computed.append(len(args[0]))
        return real_chunk(*args)

    monkeypatch.setattr(table_module, "_table_chunk", counting_chunk)
    first_report: list[int] = []
    frame = preflop_table(out, pairs=pairs, chunk_patterns=3,
                          progress=lambda done, total: first_report.append(done))  # fmt: skip
    n_patterns = len(suit_patterns(pairs)[0])
    assert first_report[0] > 0  # the saved chunks count as done
    assert sum(computed) == n_patterns - first_report[0]
    assert not chunks.exists()
    written = pd.read_parquet(out)
    pd.testing.assert_frame_equal(written, frame)
    monkeypatch.setattr(table_module, "_table_chunk", real_chunk)
    pd.testing.assert_frame_equal(frame, preflop_table(pairs=pairs))


def test_changed_job_ignores_old_chunks(tmp_path: Path) -> None:
    out = tmp_path / "t.csv"
    folder = tmp_path / "t.csv.chunks"
    folder.mkdir()
    np.save(folder / "matchups-00000-00001-000000000000.npy", np.zeros((1, 4), np.int64))
    frame = preflop_table(out, pairs=[("AA", "KK")])
    assert frame.loc[0, "alice_wins"] == 50_371_344
    assert pd.read_csv(out).equals(frame)


def test_errors() -> None:
    with pytest.raises(ValueError, match=r"\.parquet or \.csv"):
        preflop_table("table.txt", pairs=[("AA", "KK")])
    with pytest.raises(ValueError, match="not a hand class"):
        preflop_table(pairs=[("AA", "KX")])
    with pytest.raises(ValueError, match="no matchups"):
        preflop_table(pairs=[])


def test_cli_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                   capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    pytest.importorskip("pyarrow")
    monkeypatch.setattr(table_module, "matchups", lambda: [("AA", "KK"), ("72o", "AKs")])
    out = tmp_path / "preflop.parquet"
    assert main(["table", "preflop", "--exact", "--out", str(out)]) == 0
    assert str(out) in capsys.readouterr().out
    frame = pd.read_parquet(out)
    assert frame["alice"].tolist() == ["AA", "72o"]
    assert frame.loc[0, "alice_wins"] == 50_371_344
    assert main(["table", "preflop", "--exact", "--out", str(tmp_path / "x.txt")]) == 2
    assert main(["table", "preflop", "--out", str(out)]) == 2  # --exact is required
    capsys.readouterr()


@pytest.mark.slow
def test_full_table_equals_reference(tmp_path: Path, reference: dict[Any, Probabilities]) -> None:
    """All 14,365 matchups, exactly: 47,086 enumerations of 1,712,304 boards.

    About 5 minutes on 2 cores (a local Dask cluster, one worker per core).
    """
    pytest.importorskip("distributed")
    pytest.importorskip("pyarrow")
    out = tmp_path / "preflop.parquet"
    frame = preflop_table(out, scheduler="local")
    assert len(frame) == 14_365
    assert {(a, b) for a, b in zip(frame.alice, frame.bob, strict=True)} == set(matchups())
    assert set(frame.alice) == set(CLASSES)
    check_against_reference(frame, reference)
    pd.testing.assert_frame_equal(pd.read_parquet(out), frame)
