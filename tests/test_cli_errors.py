"""Bad input on the command line: one sentence naming the bad part, exit code 2, nothing left.

Each case runs ``equity`` in a fresh empty working folder and checks that
the command fails as a usage error (exit code 2), prints exactly one line on
stderr and nothing on stdout, shows no traceback, quotes the offending part
(``needle``), and leaves the folder empty.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from equity.cli import main

CASES: list[tuple[list[str], str]] = [
    # counts, sizes, seeds, threads
    (["query", "AsKs", "random", "--trials", "1e19", "--time", "1"], "'1e19' is above the limit"),
    (["query", "AsKs", "random", "--trials", "1e30"], "'1e30' is above the limit of 1e15"),
    (["freq", "--trials", "1e16"], "'1e16' is above the limit"),
    (["freq", "--trials", "2.5"], "'2.5' is not a positive whole number"),
    (["freq", "--trials", "nan"], "'nan' is not a number"),
    (["query", "AsKs", "random", "--trials", "lots"], "'lots' is not a number"),
    (["query", "AsKs", "random", "--seed", "-1"], "seed '-1'"),
    (["query", "AsKs", "random", "--seed", "1e3"], "'1e3' is not a whole-number seed"),
    (["query", "AsKs", "random", "--threads", "0"], "'0' must be at least 1"),
    (["query", "AsKs", "random", "--threads", "4096"], "--threads must be between 1"),
    (["query", "AsKs", "random", "--stderr", "2"], "'2' must be above 0 and below 0.5 (50%)"),
    (["query", "AsKs", "random", "--stderr", "0%"], "'0%' must be above 0 and below 0.5"),
    (["query", "AsKs", "random", "--stderr", "60%"], "'60%' must be above 0 and below 0.5"),
    (["query", "AsKs", "random", "--stderr", "50%"], "'50%' must be above 0 and below 0.5"),
    (["query", "AsKs", "random", "--stderr", "-1%"], "'-1%' must be above 0 and below 0.5"),
    (["distribution", "AKs", "QQ", "--stderr", "-.5"], "'-.5' must be above 0 and below"),
    (["query", "AsKs", "random", "--trials", "-1e6"], "'-1e6' is not a positive whole number"),
    (["freq", "--time", "-1.5e1"], "'-1.5e1' must be a positive number"),
    (["query", "AsKs", "random", "--time", "inf"], "'inf' must be a positive number"),
    (["freq", "--time", "0"], "'0' must be a positive number"),
    (["report", "zjh", "--out", "r", "--matchups", "0"], "'0' is not a positive whole number"),
    # cards and hands
    (["eval", "1s", "Ks", "Qs", "Js", "Ts"], "'1s' is not a card: write an ace as 'A'"),
    (["eval", "As", "Kz", "Qs", "Js", "Ts"], "'Kz' is not a card"),
    (["query", "AsKz", "QhQd"], "'Kz' is not a card"),
    (["query", "As Kd Qx", "random"], "'Qx' is not a card"),
    (["query", "AsKs", "QhQd", "--board", "Ts9s2x"], "'2x' is not a card"),
    (["query", "AsKs", "QhQd", "--dead", "Ah Ah"], "given twice"),
    (["compare", "AsKs", "AsQd", "--board", "2c3c4c"], "'As' is used twice"),
    (["query", "--game", "five", "AsKsQsJs9s", "QQ+"], "'QQ+' is not a card"),
    (["query", "--game", "omaha", "As", "random"], "'As' has 1 card; an omaha hand has 4"),
    (["query", "--game", "courchevel", "AsAhKsKhQd", "random"], "use --game omaha5"),
    # the stud family
    (["query", "--game", "stud", "AsKdQhJcTs9d8h7c", "random"], "'AsKdQhJcTs9d8h7c'"),
    (["query", "--game", "stud", "AsKdQh", "2c3c4c5c"], "same street"),
    (["query", "--game", "razz", "AsKdQh", "AsQd2c"], "'As' is used twice"),
    (["query", "--game", "razz", "AsKdQh", "2c3c4c", "--board", "2h3h4h"], "no board"),
    (["query", "--game", "deuce-seven", "7h5c4d3s", "9h8c", "--board", "Kc"], "no board"),
    (["query", "--game", "five-draw", *["random"] * 10, "--dead", "2c3c4c"], "need"),
    (["query", "--game", "badugi", "A23", "random", "--dead", "K"], "--dead 'K': 'K' is not"),
    (["query", "--game", "triple-draw", "7h5c4d3s", "random"], "triple draw is not modelled"),
    (["query", "--game", "courchevel-hilo", "AsAhKsKhQd", "random"], "use --game omaha5-hilo"),
    (["query", "--game", "courchevel", "AsAhKsKhQd", "random", "--board", "2c3c"], "1, 3, 4 or 5"),
    (["query", "--game", "omaha", "AsKsQs", "random"], "(write 'AsKsQs*' for every hand"),
    (["query", "--game", "omaha5", "AsKsQsJs", "random"], "an omaha5 hand has 5"),
    # ranges: the bad part and the syntax
    (["query", "QQ+-", "QhQd"], "'QQ+-'"),
    (["query", "AKx", "QhQd"], "'x' after 'AK' is not s (suited), o (offsuit)"),
    (["query", "@150", "QhQd"], "'@150'"),
    (["query", "0.5:", "QhQd"], "it has a weight but no hands"),
    (["query", "XX+", "QhQd"], "'X' is not a rank"),
    (["query", "AA@150", "QhQd"], "weight 150% is not in (0, 100]"),
    (["range", "QQ+,,AKs"], "it is empty"),
    (["range", "KK+s"], "terms look like QQ+"),
    (["range", "AKs", "--remove", "AsKs AhKh AdKd AcKc"], "no combo of 'AKs' is left"),
    # impossible deals and methods
    (["query", "random", "random", "random", "--exact"], "drop --exact or use --mc"),
    (["query", "AA", "AA", "AA"], "no legal deal"),
    (["query", *["random"] * 24], "2 to 23 players"),
    (["query", "--game", "zjh", *["random"] * 18], "2 to 17 players"),
    (["query", "AsKs", "QhQd", "--exact", "--trials", "3"], "it takes no --trials"),
    (["freq", "--exact", "--time", "3"], "it takes no --time"),
    (["query", "AsKs", "QhQd", "--suit-tiebreak"], "--suit-tiebreak applies to --game zjh only"),
    (["freq", "--straight-over-flush"], "--straight-over-flush applies to --game zjh only"),
    # outputs that cannot be written
    (["report", "frequencies", "--out", "/proc/x"], "cannot write /proc/x"),
    (
        ["report", "frequencies", "--out", "/etc/passwd"],
        "cannot write to /etc/passwd: it is a file",
    ),
    (["range", "AKs", "--plot", "/proc/x.png"], "cannot write /proc/x.png"),
    (["range", "AKs", "--plot", "no/such/folder/x.png"], "the folder 'no/such/folder' does not"),
    (["range", "AKs", "--plot", "x.txt"], "the plot is written as .png, .svg or .pdf, not 'x.txt'"),
    (["range", "AKs", "--plot", "x"], "the plot is written as .png, .svg or .pdf, not 'x'"),
    (["streets", "AsKs", "QhQd", "--board", "Qs7s2c", "--plot", "t.jpg"], "not 't.jpg'"),
    (["distribution", "AKs", "QQ", "--plot", "c.txt"], "not 'c.txt'"),
    (
        ["deal", "--n", "10", "--out", "no/such/folder/d.csv"],
        "the folder 'no/such/folder' does not",
    ),
    (["table", "preflop", "--out", "/proc/x.parquet"], "cannot write /proc/x.parquet"),
    (["table", "preflop", "--out", "table.txt"], "written as .parquet or .csv"),
    # schedulers
    (["query", "AsKs", "random", "--scheduler", "foo://bar"], "unknown scheme 'foo://'"),
    (["query", "AsKs", "random", "--scheduler", "tcp://"], "it names no host"),
    (["freq", "--scheduler", "local:0"], "at least one worker"),
    (["report", "zjh", "--out", "r", "--scheduler", "foo://x"], "'foo://x' is not a Dask"),
    # usage
    (["query"], "the following arguments are required: HAND"),
    (["eval", "--game", "poker", "As"], "invalid choice: 'poker'"),
    (
        ["query", "AsKs", "QhQd", "--frob"],
        "unrecognized arguments: --frob (see 'equity query --help')",
    ),
    (["range", "AKs", "--bogus=1"], "(see 'equity range --help')"),
    (["--frob", "query", "AsKs", "QhQd"], "--frob (see 'equity --help')"),
    (["report", "zjh", "--out", "r", "--exact"], "--exact (see 'equity report --help')"),
    (["report", "frequencies", "--out", "r", "--recompute", "--trials", "5"], "--recompute"),
]


@pytest.mark.parametrize(("argv", "needle"), CASES, ids=[" ".join(a)[:60] for a, _ in CASES])
def test_bad_input_is_one_sentence(
    argv: list[str],
    needle: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "Traceback" not in captured.err
    assert captured.err.count("\n") == 1, captured.err
    assert captured.err.startswith("equity"), captured.err
    assert needle in captured.err, captured.err
    assert list(tmp_path.iterdir()) == []  # nothing left behind


def test_python_api_quotes_bad_values() -> None:
    import equity

    with pytest.raises(ValueError, match=r"seed must be a whole number .* got -1"):
        equity.calculate(["AsKs", "random"], seed=-1)
    with pytest.raises(ValueError, match="got None"):
        equity.evaluate(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"trials 1e\+20 is above the limit of 1e15"):
        equity.calculate(["AsKs", "random"], trials=1e20)
    with pytest.raises(ValueError, match=r"got 2\.5"):
        equity.calculate(["AsKs", "random"], trials=2.5)
    r = equity.calculate(["AsKs", "random"], trials=1e4, seed=1)  # a whole-number float
    assert r.samples == 10_000
