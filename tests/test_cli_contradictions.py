"""Bad input, as classes, over every command: options that cannot both hold, and malformed
card lists in every option that takes cards.  Each is one sentence on stderr, exit code 2,
nothing on stdout and nothing written; every error comes before any computation.

The tables are built from the parser where they can be (every command's card options, every
shared pair of :data:`equity.cli._checks.CONTRADICTIONS`), so a new command or option is
covered or fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from equity.cli import build_parser, main
from equity.cli._checks import CARD_OPTIONS, CONTRADICTIONS, PARTLY_KNOWN, check_cards

BASE = {
    "eval": ["eval", "AsKsQsJsTs"],
    "compare": ["compare", "AhAd", "KhKd"],
    "query": ["query", "AsKs", "QhQd"],
    "distribution": ["distribution", "AsKs", "QQ"],
    "streets": ["streets", "AsKs", "QhQd", "--board", "Ts9s2h"],
    "hits": ["hits", "QQ+"],
    "deal": ["deal", "AsKs", "--n", "100"],
    "playable": ["playable", "QQ+", "--need", "40%"],
    "range": ["range", "QQ+"],
    "freq": ["freq", "--trials", "1000"],
    "table": ["table", "preflop", "--out", "OUT/table.csv"],
    "report": ["report", "ranges", "--out", "OUT/report"],
    "pushfold": ["pushfold", "--stack", "10"],
    "icm": ["icm", "5000", "3000", "2000", "--payouts", "50,30,20"],
}
"""A valid start of each command's arguments (``OUT`` is the test's scratch folder)."""

VALUES = {"threads": ["1"], "scheduler": ["local:1"]}
"""Values of the options of :data:`CONTRADICTIONS` that take one (the rest are flags)."""

COMMANDS = build_parser().commands


def _options(command: str) -> set[str]:
    """The attributes of ``command``'s options."""
    return {a.dest for a in COMMANDS[command]._actions if a.option_strings}


def _refused(argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """Run ``argv``; check the one-sentence refusal and that nothing was written; return it."""
    argv = [a.replace("OUT", str(tmp_path)) for a in argv]
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert "Traceback" not in captured.err
    assert list(tmp_path.iterdir()) == []
    return lines[0]


def _card_cases() -> list[tuple[str, str, bool]]:
    """Every command's every card option: (command, option, whether partly known is taken)."""
    return [
        (command, name, (command, name) in PARTLY_KNOWN)
        for command in COMMANDS
        for name, _ in CARD_OPTIONS
        if name in _options(command)
    ]


def test_every_command_has_a_base() -> None:
    """Each command with a card option or a shared pair is covered by the tables below."""
    pairs = {c for c in COMMANDS for a, b, _ in CONTRADICTIONS if {a, b} <= _options(c)}
    assert {c for c, _, _ in _card_cases()} | pairs <= BASE.keys()


@pytest.mark.parametrize(("command", "name", "partly"), _card_cases())
@pytest.mark.parametrize(
    ("value", "bad"),
    [("Ax7d2c", "'Ax'"), ("Ts 9s 2x", "'2x'"), ("1s", "'1s' is not a card: write an ace")],
)
def test_a_malformed_card_names_the_option_and_the_card(
    command: str,
    name: str,
    partly: bool,
    value: str,
    bad: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    flag = f"--{name}"
    line = _refused([*BASE[command], flag, value], tmp_path, capsys)
    assert line.startswith(f"equity {command}: error: {flag} {value!r}: {bad}")


@pytest.mark.parametrize(
    ("command", "name"), [(c, n) for c, n, partly in _card_cases() if not partly]
)
def test_partly_known_cards_where_exact_ones_are_needed(
    command: str, name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A rank alone ('A') is a card only where partly known cards are taken."""
    line = _refused([*BASE[command], f"--{name}", "Ts9s A"], tmp_path, capsys)
    assert f"--{name} 'Ts9s A': 'A' is not a card" in line


def test_partly_known_cards_pass_where_they_are_taken() -> None:
    assert {(c, n) for c, n, partly in _card_cases() if partly} == PARTLY_KNOWN
    check_cards("--board", "2c7d9h h", exact=False)
    check_cards("--board", "A * *", exact=False)
    with pytest.raises(ValueError, match=re.escape("--board 'A * x': 'x' is not a card")):
        check_cards("--board", "A * x", exact=False)


def _pair_cases() -> list[tuple[str, str, str]]:
    return [
        (command, a, b)
        for command in COMMANDS
        for a, b, _ in CONTRADICTIONS
        if {a, b} <= _options(command)
    ]


@pytest.mark.parametrize(("command", "a", "b"), _pair_cases())
def test_shared_pairs_are_refused_everywhere(
    command: str, a: str, b: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [*BASE[command], f"--{a}", *VALUES.get(a, []), f"--{b}", *VALUES.get(b, [])]
    line = _refused(argv, tmp_path, capsys)
    assert f"--{a} and --{b} cannot both be given" in line


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        # one method: enumeration takes no Monte-Carlo stop rule
        (["query", "AsKs", "QhQd", "--exact", "--trials", "1000"], "takes no --trials"),
        (["query", "AsKs", "QhQd", "--exact", "--stderr", "1%"], "takes no --stderr"),
        (["query", "AsKs", "QhQd", "--exact", "--time", "1"], "takes no --time"),
        (["query", "AsKs", "QhQd", "--exact", "--mc"], "--mc: not allowed with argument --exact"),
        (["distribution", "AsKs", "QQ", "--exact", "--trials", "1e3"], "takes no --trials"),
        (["distribution", "AsKs", "QQ", "--exact", "--mc"], "not allowed with argument --exact"),
        (["freq", "--exact", "--trials", "100"], "--trials: not allowed with argument --exact"),
        (["freq", "--exact", "--time", "1"], "takes no --time"),
        (["icm", "50", "30", "--payouts", "1", "--method", "exact", "--trials", "9"], "--trials"),
        (["icm", "50", "30", "--payouts", "1", "--method", "exact", "--seed", "1"], "--seed"),
        # one dealing mode
        (
            ["query", "AsKs", "QhQd", "--shared-deck", "--independent-decks"],
            "--independent-decks: not allowed with argument --shared-deck",
        ),
        # a game's options with another game
        (["query", "--game", "holdem", "AsKs", "QhQd", "--special-235"], "--game zjh only"),
        (["query", "AsKs", "QhQd", "--independent-decks"], "--independent-decks applies to"),
        (["eval", "--game", "zjh", "AsKsQs", "--board", "2c3c4c"], "--board"),
        # one way to say the board, the odds, the stacks
        (["hits", "QQ+", "--board", "Ts9s2h", "--flops", "all"], "--board or --flops all"),
        (["playable", "QQ+", "--need", "40%", "--pot", "10", "--call", "5"], "--need or --pot"),
        (["icm", "50", "30", "--payouts", "60,40", "--pool", "100"], "--pool is for payouts"),
        (["pushfold", "--stack", "10", "--stacks", "10,10"], "--stack (heads-up"),
        (["pushfold", "--chart", "--stack", "10"], "--chart solves its own stacks"),
        (["pushfold", "--chart", "--hero", "SB"], "--hero does not apply"),
        (["pushfold", "--stack", "10", "--from", "5"], "--from is for --chart"),
        (["pushfold", "--stack", "10", "--blinds", "1/2"], "--stack is in big blinds"),
    ],
)
def test_command_pairs_are_one_sentence(
    argv: list[str], needle: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = _refused(argv, tmp_path, capsys)
    assert line.startswith(f"equity {argv[0]}: error: ")
    assert needle in line
