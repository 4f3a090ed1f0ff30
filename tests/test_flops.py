"""Range against range on every flop: rows against ``calculate``, the preflop average."""

from __future__ import annotations

import json
from math import comb
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from equity import calculate
from equity.analysis.flops import FLOP_COLUMNS, flops, summarize
from equity.analysis.textures import COLUMNS
from equity.cli import main
from equity.kernels import flops as kernel

A, B = "AA,KK@50,AKs", "QQ,JJ,AQs,KQo@25"


@pytest.fixture(scope="module")
def frame() -> pd.DataFrame:
    return flops(A, B)


def _preflop(frame: pd.DataFrame) -> float:
    mass = frame["weight"] * frame["deals"]
    return float((mass * frame["equity_a"]).sum() / mass.sum())


def test_one_row_per_flop_class_standing_for_every_flop(frame: pd.DataFrame) -> None:
    assert list(frame.columns) == [*FLOP_COLUMNS, *COLUMNS]
    assert len(frame) == 1755
    assert int(frame["weight"].sum()) == 22_100
    assert np.allclose(frame["equity_a"] + frame["equity_b"], 1.0)
    assert len(kernel.flop_masses.signatures) == 1


@pytest.mark.parametrize("index", [0, 5, 333, 777, 1200, 1754])
def test_rows_equal_calculate_on_the_flop(frame: pd.DataFrame, index: int) -> None:
    row = frame.iloc[index]
    flop = row["flop"]
    exact = calculate([A, B], board=flop, method="exact")
    assert row["equity_a"] == pytest.approx(exact.equity[0], abs=1e-12)
    assert row["equity_b"] == pytest.approx(exact.equity[1], abs=1e-12)


def test_the_weighted_average_is_the_preflop_equity(frame: pd.DataFrame) -> None:
    exact = calculate([A, B], method="exact")
    assert _preflop(frame) == pytest.approx(exact.equity[0], abs=1e-12)
    assert frame.attrs["equity_a"] == pytest.approx(exact.equity[0], abs=1e-12)


def test_ranges_that_suits_change_use_more_flops() -> None:
    f = flops("AhKh,QQ", "JJ,T9s")
    assert 1755 < len(f) < 22_100  # the swaps of clubs, diamonds and spades only
    assert int(f["weight"].sum()) == 22_100
    exact = calculate(["AhKh,QQ", "JJ,T9s"], method="exact")
    assert _preflop(f) == pytest.approx(exact.equity[0], abs=1e-12)
    row = f.iloc[len(f) // 3]
    on_flop = calculate(["AhKh,QQ", "JJ,T9s"], board=row["flop"], method="exact")
    assert row["equity_a"] == pytest.approx(on_flop.equity[0], abs=1e-12)
    every = flops("AA", "KK", every_flop=True, where="high == '5'")
    assert len(every) == int(every["weight"].sum()) == comb(16, 3) - comb(12, 3)
    assert (every["weight"] == 1).all()


def test_short_deck_rows_equal_calculate() -> None:
    f = flops("QQ+", "AKs", game="shortdeck")
    assert int(f["weight"].sum()) == 7140  # C(36, 3)
    row = f.iloc[100]
    exact = calculate(["QQ+", "AKs"], board=row["flop"], method="exact", game="shortdeck")
    assert row["equity_a"] == pytest.approx(exact.equity[0], abs=1e-12)


def test_combos_left_and_where(frame: pd.DataFrame) -> None:
    row = frame.set_index("flop").loc["Ks7h2d"]
    assert (row["combos_a"], row["combos_b"]) == (6 + 3 + 3, 6 + 6 + 4 + 12 - 3)  # KsQx gone
    mono = flops(A, B, where="suits == 'monotone' and high == 'A'")
    assert int(mono["weight"].sum()) == 4 * (66 * 1)  # A and two lower of one suit
    assert set(mono["flop"]) <= set(frame["flop"])
    every = flops("AA", "KK")
    low = flops("AA", "KK", where="equity_a < 0.5 and pairing == 'unpaired'")
    assert (low["equity_a"] < 0.5).all()
    assert len(low) == int(((every["equity_a"] < 0.5) & (every["pairing"] == "unpaired")).sum())
    with pytest.raises(ValueError, match="is not a query on the columns"):
        flops(A, B, where="suits ==")
    with pytest.raises(ValueError, match="name 'suit' is not defined"):
        flops(A, B, where="suit == 'monotone'")


def test_summary_by_texture(frame: pd.DataFrame) -> None:
    s = summarize(frame, "suits")
    assert s["flops"].to_dict() == {"two-tone": 12168, "rainbow": 8788, "monotone": 1144}
    by = frame.groupby("suits").apply(
        lambda g: float((g["weight"] * g["deals"]).sum()), include_groups=False
    )
    mass = by.reindex(s.index)
    assert float((mass * s["equity_a"]).sum() / mass.sum()) == pytest.approx(_preflop(frame))
    with pytest.raises(ValueError, match="cannot group by 'equity_a'"):
        summarize(frame, "equity_a")


def test_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "flops.csv"
    assert main(["flops", "AA", "KK", "--by", "suits,high", "--out", str(out), "--quiet"]) == 0
    text = capsys.readouterr().out
    assert "AA against KK (holdem) on 22,100 flops (1,755 rows)" in text
    assert "monotone A" in text
    assert len(pd.read_csv(out)) == 1755
    assert main(["flops", "AA", "KK", "--where", "high == 'K'", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["n_flops"] == comb(48, 3) - comb(44, 3)  # king high: no ace, a king
    assert data["n_rows"] == len(data["flops"])
    assert all(r["high"] == "K" for r in data["flops"])
    # flops holding the Ah leave AhKh no deal: null equities, strict JSON
    argv = ["flops", "AhKh", "QQ", "--where", "high == 'A' and suits == 'monotone'", "--json"]
    assert main(argv) == 0

    def strict(constant: str) -> None:
        raise AssertionError(f"{constant} in the JSON")

    data = json.loads(capsys.readouterr().out, parse_constant=strict)
    nulls = [r for r in data["flops"] if r["equity_a"] is None]
    assert nulls
    assert all("Ah" in r["flop"] and r["deals"] == 0 for r in nulls)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["flops", "AA", "KK", "--by", "nope"], "--by 'nope' is not a texture column"),
        (["flops", "AA", "22-55", "--game", "shortdeck"], "range B '22-55' has no combos"),
        (["flops", "AA", "KK", "--out", "x.txt"], "written as .csv or .parquet"),
        (["flops", "AA", "KK", "--where", "high == 'Z'"], "no flop matches"),
        (["flops", "AA", "KQx"], "'KQx'"),
        (["flops", "AhAd", "AhAd,AhKh"], "share a card in every pair of combos"),
    ],
)
def test_cli_errors_are_one_sentence(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1
    assert "Traceback" not in err


def test_the_guide_defines_every_column_and_shows_the_command() -> None:
    """docs/analysis.md names every column; its ``$ equity flops`` block (run by
    tests/test_docs.py, output line for line) is there."""
    guide = (Path(__file__).resolve().parents[1] / "docs" / "analysis.md").read_text("utf-8")
    section = guide.split("## Every flop: range against range, by board texture\n")[1]
    section = section.split("\n## ")[0]
    for column in (*FLOP_COLUMNS, *COLUMNS):
        assert f"`{column}`" in section, column
    assert "```\n$ equity flops " in section


def test_plot_and_house_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plot = tmp_path / "flops.png"
    argv = ["flops", "QQ+", "AKs", "--game", "shortdeck", "--straight-beats-trips"]
    assert main([*argv, "--plot", str(plot), "--by", "straight_possible", "--quiet"]) == 0
    assert plot.stat().st_size > 0
    assert "straight_possible" in capsys.readouterr().out
    from equity.evaluators.shortdeck import ShortDeckRules

    rules = ShortDeckRules(straight_beats_trips=True)
    f = flops("QQ+", "AKs", game="shortdeck", rules=rules, where="straight_possible != 'none'")
    row = f.iloc[len(f) // 2]
    exact = calculate(
        ["QQ+", "AKs"], board=row["flop"], method="exact", game="shortdeck", rules=rules
    )
    assert row["equity_a"] == pytest.approx(exact.equity[0], abs=1e-12)


@pytest.mark.slow
def test_the_bench_ranges_on_many_flops_and_preflop() -> None:
    """The bench's target spot (226 against 50 combos): every 25th row against calculate,
    and the average against the exact preflop equity."""
    a, b = "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+", "TT+,AQs+,AKo"
    f = flops(a, b)
    assert _preflop(f) == pytest.approx(calculate([a, b], method="exact").equity[0], abs=1e-12)
    for _, row in f.iloc[::25].iterrows():
        exact = calculate([a, b], board=row["flop"], method="exact")
        assert row["equity_a"] == pytest.approx(exact.equity[0], abs=1e-12), row["flop"]


class _Chunks:
    """An executor that runs the chunks on this thread, serially, in reverse order."""

    def ordered_batches(self, *args: object) -> None:
        return None

    def map_unordered(self, unit, calls):  # type: ignore[no-untyped-def]
        for i in reversed(range(len(calls))):
            yield i, unit(*calls[i], threads=False)

    def chunk_items(self, n_items: int, item_evals: int, largest: int) -> int:
        return 97


def test_an_executor_gives_the_same_figures(frame: pd.DataFrame) -> None:
    chunked = flops(A, B, scheduler=_Chunks())
    assert len(kernel.range_flop.signatures) == 1  # the serial path: the same compiled body
    for column in ("equity_a", "win_a", "tie", "deals"):
        assert np.array_equal(chunked[column].to_numpy(), frame[column].to_numpy()), column


@pytest.mark.slow
def test_dask_gives_the_same_figures(frame: pd.DataFrame) -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                 host="127.0.0.1", dashboard_address=":0") as cluster,
        distributed.Client(cluster, set_as_default=False) as client,
    ):  # fmt: skip
        on_dask = flops(A, B, scheduler=client)
    for column in ("equity_a", "win_a", "tie", "deals"):
        assert np.array_equal(on_dask[column].to_numpy(), frame[column].to_numpy()), column
