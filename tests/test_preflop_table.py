"""The exact 169x169 preflop table, against Irving and d'Eon's published exact table.

The table the package ships (``equity/data/preflop_169x169.npz``) is compared
with the published one (``tests/data/``) for every matchup, and a sample of it
is recomputed.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
import reference_equity as refeq

import equity.preflop_table as table_module
from equity.cli import main
from equity.engine import preflop_lookup
from equity.preflop_table import (
    BOARDS,
    COLUMNS,
    load_preflop_table,
    matchups,
    preflop_table,
    suit_patterns,
)
from equity.ranges import CLASSES, class_combos


@pytest.fixture(scope="session")
def reference() -> refeq.PreflopTable:
    """Irving and d'Eon's table: ``{(alice, bob): (alice_wins, bob_wins, ties, denominator)}``."""
    return refeq.read_irving_deon()


def shipped_patterns() -> tuple[np.ndarray, np.ndarray]:
    """The shipped suit-pattern keys and counts (``preflop_patterns.npz``)."""
    path = Path(table_module.__file__).parent / "data" / preflop_lookup.PATTERNS_FILE
    with np.load(path) as data:
        return data["keys"].astype(np.int64), data["counts"].astype(np.int64)


def check_against_reference(frame: pd.DataFrame, reference: refeq.PreflopTable) -> None:
    """Every row equals its reference entry exactly, as rationals (either orientation)."""
    for row in frame.itertuples():
        assert row.alice_wins + row.bob_wins + row.ties == row.total
        ours = (Fraction(row.alice_wins, row.total), Fraction(row.bob_wins, row.total),
                Fraction(row.ties, row.total))  # fmt: skip
        assert ours == refeq.matchup_probabilities(reference, row.alice, row.bob), (
            row.alice,
            row.bob,
        )


def test_shipped_table_equals_reference(reference: refeq.PreflopTable) -> None:
    """The shipped table, all 14,365 matchups, equals the published one as exact rationals."""
    frame = load_preflop_table()
    assert list(frame.columns) == list(COLUMNS)
    assert list(zip(frame["alice"], frame["bob"], strict=True)) == matchups()
    check_against_reference(frame, reference)
    # the totals count every non-conflicting combo pair once per board
    _, weight, owner = suit_patterns(matchups())
    expected = np.zeros(len(frame), dtype=np.int64)
    np.add.at(expected, owner, weight * BOARDS)
    np.testing.assert_array_equal(frame["total"].to_numpy(), expected)
    aa_kk = frame[(frame["alice"] == "AA") & (frame["bob"] == "KK")]
    assert aa_kk[["alice_wins", "bob_wins", "ties"]].to_numpy().tolist() == [
        [50_371_344, 10_986_372, 285_228]
    ]


def test_shipped_table_is_a_fresh_copy() -> None:
    frame = load_preflop_table()
    frame.loc[0, "alice_wins"] = -1
    assert load_preflop_table().loc[0, "alice_wins"] > 0


def test_missing_shipped_table_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_module, "_SHIPPED_FILE", "no_such_table.npz")
    table_module._shipped_counts.cache_clear()
    try:
        with pytest.raises(FileNotFoundError, match=r"no_such_table\.npz.*build_preflop_table"):
            load_preflop_table()
    finally:
        table_module._shipped_counts.cache_clear()


def test_missing_reference_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match=r"none\.txt"):
        refeq.read_irving_deon(tmp_path / "none.txt")
    truncated = tmp_path / "truncated.txt"
    truncated.write_text(refeq.IRVING_DEON.read_text(encoding="utf-8")[:100_000])
    with pytest.raises(ValueError, match="14,365 matchups"):
        refeq.read_irving_deon(truncated)


def _sample(n_per_kind: int, seed: int) -> list[tuple[str, str]]:
    """A seeded sample of matchups, ``n_per_kind`` of each (Alice's kind, Bob's kind)."""
    kind = {c: "pair" if len(c) == 2 else c[2] for c in CLASSES}
    by_kind: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for pair in matchups():
        by_kind.setdefault((kind[pair[0]], kind[pair[1]]), []).append(pair)
    rng = np.random.default_rng(seed)
    out = []
    for key in sorted(by_kind):
        group = by_kind[key]
        out += [group[i] for i in rng.choice(len(group), n_per_kind, replace=False)]
    return sorted(out, key=matchups().index)


@pytest.mark.slow
def test_shipped_table_recomputed_sample() -> None:
    """Forty-odd matchups of every kind, recomputed, equal the shipped rows count for count."""
    pairs = [("AA", "AA"), ("AKs", "AKs"), ("AKo", "AKo"), ("AKs", "AKo")]
    pairs += [p for p in _sample(4, 2026) if p not in pairs]  # 9 kinds x 4
    assert len(pairs) >= 40
    shipped = load_preflop_table().set_index(["alice", "bob"])
    frame = preflop_table(pairs=pairs)
    expected = shipped.loc[pairs].reset_index()
    pd.testing.assert_frame_equal(frame, expected)


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


def test_subset_equals_reference(reference: refeq.PreflopTable) -> None:
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
    real_chunk = table_module._pattern_chunk

    def counting_chunk(*args: Any, **kwargs: Any) -> np.ndarray:
        computed.append(len(args[0]))
        return real_chunk(*args, **kwargs)

    monkeypatch.setattr(table_module, "_pattern_chunk", counting_chunk)
    first_report: list[int] = []
    frame = preflop_table(out, pairs=pairs, chunk_patterns=3,
                          progress=lambda done, total: first_report.append(done))  # fmt: skip
    n_patterns = len(suit_patterns(pairs)[0])
    assert first_report[0] > 0  # the saved chunks count as done
    assert sum(computed) == n_patterns - first_report[0]
    assert not chunks.exists()
    written = pd.read_parquet(out)
    pd.testing.assert_frame_equal(written, frame)
    monkeypatch.setattr(table_module, "_pattern_chunk", real_chunk)
    pd.testing.assert_frame_equal(frame, preflop_table(pairs=pairs))


def test_changed_job_ignores_old_chunks(tmp_path: Path) -> None:
    out = tmp_path / "t.csv"
    folder = tmp_path / "t.csv.chunks"
    folder.mkdir()
    np.save(folder / "patterns-00000-00001-000000000000.npy", np.zeros((3, 3), np.int64))
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
    monkeypatch.setattr(table_module, "matchups", lambda: [("AA", "KK"), ("72o", "AKs")])
    out = tmp_path / "preflop.parquet"
    assert main(["table", "preflop", "--exact", "--out", str(out)]) == 0
    assert str(out) in capsys.readouterr().out
    frame = pd.read_parquet(out)
    assert frame["alice"].tolist() == ["AA", "72o"]
    assert frame.loc[0, "alice_wins"] == 50_371_344
    assert main(["table", "preflop", "--exact", "--out", str(tmp_path / "x.txt")]) == 2
    assert main(["table", "preflop", "--out", str(out)]) == 0  # --exact, the only method, may go
    assert pd.read_parquet(out).equals(frame)
    assert not (tmp_path / "preflop.parquet.chunks").exists()
    capsys.readouterr()


@pytest.mark.slow
def test_full_table_equals_reference(reference: refeq.PreflopTable) -> None:
    """All 14,365 matchups, exactly: 47,086 enumerations of 1,712,304 boards; both shipped files.

    About a minute and a half on 2 cores.  Every suit pattern's counts equal
    the shipped ``preflop_patterns.npz`` (the heads-up preflop answers of
    :mod:`equity.engine.preflop_lookup`), and their sums by matchup equal the
    shipped 169x169 table and the published one.  (The same chunks on Dask:
    ``tests/test_cluster.py``.)
    """
    holes, weight, owner, counts = table_module.pattern_counts()
    _keys, shipped = shipped_patterns()
    a0, a1, b0, b1 = (holes[:, i // 2, i % 2].astype(np.int64) for i in range(4))
    order = np.argsort(((a0 * 52 + a1) * 52 + b0) * 52 + b1)
    np.testing.assert_array_equal(shipped, counts[order])
    frame = table_module.matchup_frame(matchups(), weight, owner, counts)
    assert len(frame) == 14_365
    assert set(frame.alice) == set(CLASSES)
    check_against_reference(frame, reference)
    pd.testing.assert_frame_equal(load_preflop_table(), frame)
