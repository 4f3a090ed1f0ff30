"""The ``equity`` command: interfaces named in the issues, JSON keys, errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import fails, run_json

from equity.cli import main, parse_count

# ---------------------------------------------------------------- eval


def test_eval_holdem_json(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "eval", "Kh", "Kd", "5s", "Ks", "5c", "2d", "3d")
    assert out["category"] == "full house"
    assert out["description"] == "full house, Kings over Fives"
    assert out["best_five"] == "Ks Kh Kd 5s 5c"
    assert isinstance(out["strength"], int)


def test_eval_accepts_joined_and_symbol_cards(capsys: pytest.CaptureFixture[str]) -> None:
    a = run_json(capsys, "eval", "AsKsQsJsTs")
    b = run_json(capsys, "eval", "A♠", "K♠", "Q♠", "J♠", "10♠")
    assert a["strength"] == b["strength"]
    assert a["description"] == "royal flush"


def test_eval_zjh_absolute_values(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "eval", "--game", "zjh", "6♥", "4♦", "2♦")
    assert out["category"] == "high card"
    assert out["absolute_value"] == 1602
    assert out["absolute_value_suits"] == 102560
    assert out["special_235"] is False
    out = run_json(capsys, "eval", "--game", "zjh", "黑桃2", "红桃3", "方片5")
    assert out["special_235"] is True


def test_eval_zjh_absolute_values_have_one_name(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "eval", "--game", "zjh", "AsAdKc")
    assert out["absolute_value"] == 4040
    assert not any(key.startswith("seed") for key in out)
    assert main(["eval", "--game", "zjh", "AsAdKc"]) == 0
    text = capsys.readouterr().out
    assert "absolute value 4040" in text
    assert "seed" not in text


def test_eval_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "--game", "five", "Ah", "2c", "3d", "4s", "5h"]) == 0
    out = capsys.readouterr().out
    assert "Five-high straight" in out
    assert "straight" in out


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["eval", "As", "Ax", "Kd", "Qd", "Jd"], "'Ax' is not a card"),
        (["eval", "As", "As", "Kd", "Qd", "Jd"], "given twice"),
        (["eval", "--game", "five", "As", "Kd", "Qd"], "needs 5 cards"),
        (["eval", "--game", "zjh", "As", "Kd"], "As"),
        (["eval", "--game", "poker", "As"], "invalid choice"),
        (["eval", "--special-235", "As", "Kd", "Qd", "Jd", "2c"], "zjh only"),
    ],
)
def test_eval_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str], needle: str) -> None:
    assert needle in fails(capsys, *argv)


# ---------------------------------------------------------------- compare


def test_compare_orders_and_marks_ties(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "compare", "AsAd", "AcAh", "KsKh", "--board", "2c7d9hTsJc")
    assert out["order"] == [[0, 1], [2]]
    assert [p["tie"] for p in out["players"]] == [True, True, False]
    assert main(["compare", "AsAd", "KsKh", "--board", "2c7d9hTsJc"]) == 0
    assert "winner: AsAd" in capsys.readouterr().out


def test_compare_zjh_special(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "compare", "--game", "zjh", "--special-235", "2s3d5c", "AsAdAh")
    assert out["order"] == [[0], [1]]
    out = run_json(capsys, "compare", "--game", "zjh", "2s3d5c", "AsAdAh")
    assert out["order"] == [[1], [0]]


def test_compare_shared_card_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert "'As'" in fails(capsys, "compare", "AsAd", "AsKh", "--board", "2c7d9hTsJc")


# ---------------------------------------------------------------- freq


def test_freq_exact_json(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "freq", "--game", "five", "--exact")
    assert out["method"] == "exact"
    assert out["hands"] == 2_598_960
    assert out["categories"]["straight flush"] == 40
    assert out["exact_probabilities"]["straight flush"] == pytest.approx(40 / 2_598_960)
    assert set(out) >= {"game", "method", "hands", "categories", "exact_probabilities"}


def test_freq_monte_carlo_json(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "freq", "--game", "zjh", "--trials", "1e5", "--seed", "3")
    assert out["method"] == "monte-carlo"
    assert out["hands"] == 100_000
    assert sum(v for k, v in out["categories"].items() if k != "special 2-3-5") == 100_000
    again = run_json(capsys, "freq", "--game", "zjh", "--trials", "100_000", "--seed", "3")
    assert again["categories"] == out["categories"]


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["--game", "five", "--exact"], None),
        (["--game", "zjh", "--exact"], None),
        (["--game", "omaha", "--trials", "2000", "--seed", "1"], "trials"),
        (["--game", "omaha-hilo", "--trials", "2000", "--seed", "1"], "trials"),
        (["--game", "holdem", "--trials", "2000", "--seed", "1"], "trials"),
    ],
)
def test_every_freq_json_says_whether_it_finished(
    capsys: pytest.CaptureFixture[str], argv: list[str], reason: str | None
) -> None:
    out = run_json(capsys, "freq", *argv)
    assert out["interrupted"] is False
    assert out["stop_reason"] == reason


def test_freq_exact_rejects_trials(capsys: pytest.CaptureFixture[str]) -> None:
    assert "--exact" in fails(capsys, "freq", "--exact", "--trials", "10")


# ---------------------------------------------------------------- query


def test_query_exact_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "query", "AsKs", "QhQd", "--board", "Qs7s2c")
    assert out["method"] == "exact"
    assert out["samples"] == 990
    assert out["seed"] is None
    assert set(out) >= {"game", "method", "samples", "elapsed_s", "compile_s", "seed", "players"}
    for player in out["players"]:
        assert set(player) >= {"hand", "equity", "win", "tie", "stderr"}
        assert player["stderr"] is None
    assert sum(p["equity"] for p in out["players"]) == pytest.approx(1.0)


def test_query_monte_carlo_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["query", "AsKs", "random", "--trials", "2e4", "--seed", "5"]
    a = run_json(capsys, *argv)
    b = run_json(capsys, *argv, "--threads", "1")
    assert a["method"] == "monte-carlo"
    assert a["samples"] == 20_000
    assert a["players"] == b["players"]
    assert all(p["stderr"] > 0 for p in a["players"])


def test_query_range_classes(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "query", "AhKd", "QQ+,AKs", "--mc", "--trials", "2e4", "--seed", "1")
    assert set(out["players"][1]["classes"]) == {"AA", "KK", "QQ", "AKs"}


def test_query_text_numbers_players_as_the_json(capsys: pytest.CaptureFixture[str]) -> None:
    """Text and JSON agree: player i is ``players[i]``, its shares printed in percent."""
    argv = ["query", "AhKd", "QQ+,AKs", "random", "--board", "Ts9s2h"]
    record = run_json(capsys, *argv)
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    for i, player in enumerate(record["players"]):
        row = next(line.split() for line in lines if line.split()[:1] == [str(i)])
        assert row[1] == player["hand"]
        assert row[2:5] == [f"{player[k]:.4%}" for k in ("equity", "win", "tie")]
    assert any(line.startswith("player 1 QQ+,AKs by class: ") for line in lines)


def test_query_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["query", "--game", "zjh", "AhAdAc", "random", "--trials", "1e4", "--seed", "1"]) == 0
    )
    out = capsys.readouterr().out
    assert "Monte-Carlo estimate" in out
    assert "std err" in out
    assert "95% interval" in out


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["query", "AsKs", "AsQd"], "'As' is used twice"),
        (["query", "AsKs", "QdQh", "--dead", "Qd"], "'Qd' is used twice"),
        (["query", "AsKs", "QdQh", "--board", "2c"], "0, 3, 4 or 5"),
        (["query", "AsKs", "QdQh", "--board", "2c3c4c5c6c7c"], "0, 3, 4 or 5"),
        (["query", "AsKs"], "2 to 23 players"),
        (["query", "AsKsQs", "QdQh"], "has 3 cards"),
        (["query", "AsKs", "QdQh", "--trials", "0"], "positive"),
        (["query", "AsKs", "QdQh", "--trials", "-5"], "positive"),
        (["query", "AsKs", "QdQh", "--time", "0"], "positive"),
        (["query", "AsKs", "QdQh", "--exact", "--trials", "10"], "--exact"),
        (["query", "--game", "bridge", "AsKs", "QdQh"], "invalid choice"),
        (["query", "AsKs", "QdQh", "--independent-decks"], "zjh only"),
        (["query", "AsKs", "QQ+,AKx"], "'AKx'"),
        (["query", "AA", "AA", "AA"], "no legal deal"),
        (["query", *["random"] * 24], "2 to 23 players"),
    ],
)
def test_query_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str], needle: str) -> None:
    assert needle in fails(capsys, *argv)


# ---------------------------------------------------------------- range


def test_range_json(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "range", "QQ+,AKs@50", "--grid")
    assert out["combos"] == 22
    assert out["weight"] == pytest.approx(20.0)
    assert out["fraction"] == pytest.approx(20 / 1326)
    assert len(out["hands"]) == 22
    assert {h["class"] for h in out["hands"]} == {"AA", "KK", "QQ", "AKs"}
    assert len(out["grid"]) == 13


def test_range_bad(capsys: pytest.CaptureFixture[str]) -> None:
    assert "term 2 'AKx'" in fails(capsys, "range", "QQ+,AKx")


# ---------------------------------------------------------------- misc


def test_parse_count() -> None:
    assert parse_count("1e6") == 1_000_000
    assert parse_count("1_000_000") == 1_000_000
    assert parse_count("250") == 250


def test_module_entry_point_and_exit_code() -> None:
    done = subprocess.run([sys.executable, "-m", "equity", "eval", "As", "Zz"],
                          capture_output=True, text=True, check=False)  # fmt: skip
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "'Zz' is not a card" in done.stderr
    assert done.stderr.count("\n") == 1


# A test run started in the background (``make test &``) inherits SIGINT
# ignored, and Python then keeps ignoring it; the child restores Python's own
# handler before running the command, as a terminal would have it.
_WITH_SIGINT = (
    "import signal, runpy; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "runpy.run_module('equity', run_name='__main__', alter_sys=True)"
)


def interrupted(*argv: str, delay: float | None = None) -> tuple[int, str, str]:
    """Run ``equity ARGV``, press Ctrl-C, return ``(exit code, stdout, stderr)``.

    With ``delay=None`` the signal is sent once the command has printed its
    first ``--progress`` line (after the compile notice of a cold cache), so
    it lands in the middle of the work whatever the machine's speed; with a
    delay, after that many seconds.
    """
    import signal
    import time

    command = [sys.executable, "-c", _WITH_SIGINT, *argv]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        seen = ""
        if delay is None:
            while not seen.startswith(("simulating: ", "dealing: ", "report: ")):
                seen = proc.stderr.readline()  # type: ignore[union-attr]
                assert seen, "the command ended before its first progress line"
        else:
            time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=600)
        err = seen + err
    finally:
        if proc.poll() is None:  # never leave a long run behind
            proc.kill()
            proc.communicate()
    return proc.returncode, out, err


def test_ctrl_c_query_prints_the_result_so_far() -> None:
    code, out, err = interrupted("query", "AsKs", "random", "--seed", "1", "--json",
                                 "--trials", "1e12", "--progress")  # fmt: skip
    assert code == 130, err
    assert "Traceback" not in err
    result = json.loads(out)
    assert result["interrupted"] is True
    assert result["stop_reason"] == "interrupted"
    assert 0 < result["samples"] < 10**12


def test_ctrl_c_freq_prints_the_counts_so_far() -> None:
    code, out, err = interrupted("freq", "--seed", "1", "--trials", "1e12", "--progress")
    assert code == 130, err
    assert "Traceback" not in err
    assert "interrupted: the hands dealt so far" in out
    assert "chi-square" in out


def test_ctrl_c_report_writes_the_pages_so_far(tmp_path) -> None:
    """The signal lands after the first of some 2,000 units of a report of a minute or more."""
    code, out, err = interrupted("report", "all", "--out", str(tmp_path / "r"),
                                 "--size", "small", "--progress")  # fmt: skip
    assert code == 130, err
    assert "Traceback" not in err
    assert "(interrupted, the pages so far)" in out
    pages = sorted(p.name for p in (tmp_path / "r").glob("*.md"))
    assert pages
    assert "README.md" not in pages  # the index is written only for a whole report
    assert "**Interrupted:**" in (tmp_path / "r" / pages[-1]).read_text()


@pytest.mark.parametrize("delay", [0.5, 1.0, 1.5, 2.5])
def test_ctrl_c_at_any_moment_of_start_up(delay: float) -> None:
    """Ctrl-C before or during the kernels' loading: a clean stop, never a crash.

    Before the Monte-Carlo run it is "interrupted" and nothing else; once
    the run has begun (the kernel's first call included) it is the result so
    far.  The exit code is 130 either way.
    """
    code, out, err = interrupted("query", "AsKs", "random", "--seed", "1", "--json",
                                 "--trials", "1e12", delay=delay)  # fmt: skip
    assert "Traceback" not in err
    assert code == 130, err
    if out == "":  # (a cold cache's compile notice may come first)
        assert err.strip().splitlines()[-1] == "interrupted"
    else:
        result = json.loads(out)
        assert result["interrupted"] is True
        assert 0 < result["samples"] < 10**12


# ---------------------------------------------------------------- notices and warnings


def test_compile_notice_when_the_cache_is_cold(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import equity.kernels._jit as jit

    monkeypatch.setattr(jit, "cached", lambda dispatcher, args=None: False)
    monkeypatch.setattr(jit, "_WARM", set())
    assert main(["query", "AsKs", "QhQd", "--board", "Qs7s2c"]) == 0
    err = capsys.readouterr().err
    assert err.count("compiling the kernels this command needs (first run only") == 1
    assert main(["freq", "--game", "zjh", "--trials", "1e4", "--seed", "1"]) == 0
    assert "compiling the kernels" in capsys.readouterr().err
    assert main(["query", "AsKs", "QhQd", "--board", "Qs7s2c", "--quiet"]) == 0
    assert capsys.readouterr().err == ""
    assert main(["query", "AsKz", "QhQd"]) == 2  # bad input: the error alone, no notice
    assert capsys.readouterr().err.count("\n") == 1
    monkeypatch.undo()
    assert main(["query", "AsKs", "QhQd", "--board", "Qs7s2c"]) == 0  # warm: no notice
    assert capsys.readouterr().err == ""


def test_cached_reads_numbas_index(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new cached function is cold until its first call, then warm."""
    import importlib

    from equity.kernels._jit import cached

    (tmp_path / "fresh_kernel.py").write_text(
        "import numba\n\n@numba.njit(cache=True)\ndef twice(x):\n    return 2 * x\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("fresh_kernel")
    assert not cached(module.twice)
    assert module.twice(21) == 42
    assert cached(module.twice)


def notes(err: str) -> str:
    """Stderr without the compile notice, which a cold Numba cache adds to any run."""
    return "".join(
        line for line in err.splitlines(keepends=True) if not line.startswith("equity: compiling")
    )


def test_monte_carlo_flags_on_a_spot_that_enumerates_say_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    spot = ["AhKd", "QQ+,AKs", "random", "--board", "Ts9s2h"]
    assert main(["query", *spot, "--trials", "2e4", "--seed", "1"]) == 0
    captured = capsys.readouterr()
    assert "Monte-Carlo estimate, 20,000 trials" in captured.out  # as asked
    assert notes(captured.err) == (
        "equity query: note: --trials makes this a Monte-Carlo estimate, but the spot "
        "enumerates exactly in about 0.3 s; drop --trials for the exact answer\n"
    )
    assert main(["query", "AsKs", "random", "--stderr", "1%", "--time", "5", "--seed", "1"]) == 0
    err = capsys.readouterr().err
    assert "--stderr and --time make this a Monte-Carlo estimate" in err
    assert "drop --stderr and --time for the exact answer" in err
    argv = ["distribution", "TT+,AQs+", "random", "--board", "Kd8h3c", "--trials", "1e4"]
    assert main(argv) == 0
    assert "drop --trials for the exact answer" in capsys.readouterr().err
    for quiet in (
        ["query", "AsKs", "random", "random", "--trials", "1e4"],  # Monte-Carlo by nature
        ["query", *spot, "--mc", "--trials", "1e4"],  # asked for by name
        ["query", *spot, "--trials", "1e4", "--quiet"],
    ):
        assert main(quiet) == 0
        assert notes(capsys.readouterr().err) == "", quiet


def test_an_exact_run_ignores_seed_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (
        ["query", "AsKs", "QhQd", "--exact", "--seed", "3"],
        ["query", "AsKs", "QhQd", "--seed", "3"],  # exact by method="auto"
        ["freq", "--game", "five", "--exact", "--seed", "3"],
        ["distribution", "AKs", "QQ", "--board", "2c3d4h", "--seed", "3"],
    ):
        assert main(argv) == 0, argv
        captured = capsys.readouterr()
        assert "exact" in captured.out
        assert notes(captured.err) == (
            f"equity {argv[0]}: note: --seed 3 is ignored: an exact run deals nothing at random\n"
        )
    out = run_json(capsys, "query", "AsKs", "QhQd", "--exact", "--seed", "3")
    assert out["seed"] is None
    assert main(["query", "AsKs", "QhQd", "--seed", "3", "--quiet"]) == 0
    assert capsys.readouterr().err == ""


def test_stderr_target_not_reached_is_a_warning(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["query", "AsKs", "random", "--stderr", "0.02%", "--trials", "1e4", "--seed", "1"]
    out = run_json(capsys, *argv)
    assert out["stop_reason"] == "trials"
    assert main(argv) == 0
    err = capsys.readouterr().err
    assert "warning: stopped by --trials at 10,000 trials" in err
    assert "above the --stderr target 0.0200%" in err


def test_stderr_target_reached(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "query", "AsKs", "random", "--stderr", "0.5%", "--seed", "1")
    assert out["stop_reason"] == "stderr"
    assert max(p["stderr"] for p in out["players"]) <= 0.005


def test_freq_time_limit_and_rules(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "freq", "--game", "zjh", "--time", "0.5", "--seed", "1")
    assert out["stop_reason"] in ("time", "trials")
    assert out["hands"] > 0
    out = run_json(capsys, "freq", "--game", "zjh", "--straight-over-flush", "--exact")
    assert list(out["categories"])[:4] == ["bomb", "straight flush", "straight", "flush"]
    assert out["categories"]["straight"] == 720
    assert out["subsets"] == {"special 2-3-5": "high card"}


def test_freq_zjh_marks_the_235_subset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["freq", "--game", "zjh", "--exact"]) == 0
    out = capsys.readouterr().out
    assert "special 2-3-5 *" in out
    assert "* off-suit 2-3-5 hands: already counted in high card" in out


def test_range_grid_has_rank_labels(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["range", "AA,KQs", "--grid"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split() == list("AKQJT98765432")
    assert lines[2].split()[:2] == ["A", "AA"]
    assert lines[3].split()[:4] == ["K", ".", ".", "KQs"]


def test_range_help_shows_a_single_percent_sign(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["range", "--help"]) == 0
    out = capsys.readouterr().out
    assert "15%" in out
    assert "%%" not in out


def test_every_command_has_examples(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("eval", "compare", "freq", "query", "table", "report", "range", "rules"):
        assert main([command, "--help"]) == 0
        out = capsys.readouterr().out
        assert "examples:\n  equity " + command in out, command


def test_the_235_rule_is_worded_once(capsys: pytest.CaptureFixture[str]) -> None:
    """The docs, the rules page and the docstrings quote the same sentence."""
    from pathlib import Path

    from equity.evaluators.zjh import SPECIAL_235_RULE

    rules = Path(__file__).resolve().parents[1] / "docs" / "rules.md"
    assert SPECIAL_235_RULE in " ".join(rules.read_text().split())
    assert main(["rules", "zjh"]) == 0
    assert " ".join(SPECIAL_235_RULE.split()) in " ".join(capsys.readouterr().out.split())
    from equity.evaluators.zjh import rank_zjh

    assert " ".join(SPECIAL_235_RULE.split()[4:]) in " ".join((rank_zjh.__doc__ or "").split())


def test_report_recompute_has_one_name(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    from equity.cli import build_parser

    a = build_parser().parse_args(["report", "zjh", "--out", str(tmp_path), "--recompute"])
    assert a.recompute is True
    assert main(["report", "zjh", "--out", str(tmp_path), "--exact"]) == 2
    assert "unrecognized arguments: --exact" in capsys.readouterr().err
    c = build_parser().parse_args(["table", "preflop", "--out", "t.csv"])
    assert c.kind == "preflop"
