"""The README and the docs against the registry and the engine: every game's rules, the
examples' figures."""

from __future__ import annotations

import json
import re

import pytest
from documentation import page, section

from equity.cli import main
from equity.games import GAMES

README = page("README.md")
RULES = page("rules.md")  # the README's "Rules worth knowing", moved to its page


def test_the_rules_name_every_game_of_the_registry() -> None:
    rules = RULES
    named = set(re.findall(r"--game ([a-z0-9-]+)", rules)) | set(
        re.findall(r"`([a-z0-9-]+)`", rules)
    )
    assert set(GAMES) - {"holdem", "five", "zjh"} <= named  # those three are the basics
    assert "Triple draw is out of scope" in " ".join(rules.split())
    assert "`2c` is one card, `2 c` two" in " ".join(rules.split())


def test_the_deuce_seven_example_is_nine_cards_of_forty_two(
    capsys: pytest.CaptureFixture[str],
) -> None:
    line = "equity query --game deuce-seven 7h5c4d3s 9h8c6d5h2c --dead Kc"
    assert line in README
    assert main([*line.split()[1:], "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["method"] == "exact"
    assert out["samples"] == 42
    assert out["players"][0]["equity"] == pytest.approx(9 / 42)
    assert "21.43%" in README


def test_the_razz_eval_example_names_its_low(capsys: pytest.CaptureFixture[str]) -> None:
    line = "equity eval --game razz 8h6d4c3s2h KdKc"
    assert line in README
    assert main(line.split()[1:]) == 0
    assert "8-6-4-3-2" in capsys.readouterr().out


SECONDS = re.compile(r"\d+\.\d+ s\b")  # a run's time, the one figure a rerun changes


def test_the_decisions_examples_print_what_the_readme_shows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Each ``$ equity ...`` block of the decisions section is that command's output, line
    for line (times of the run aside)."""
    import shlex

    blocks = re.findall(
        r"```\n\$ (equity [^\n]+)\n(.*?)```", section(page("decisions.md"), DECISIONS), re.S
    )
    assert [shlex.split(command)[1] for command, _ in blocks] == ["pushfold", "query", "playable"]
    for command, shown in blocks:
        assert main(shlex.split(command)[1:]) == 0
        printed = capsys.readouterr().out
        assert SECONDS.sub("", printed) == SECONDS.sub("", shown), command


DECISIONS = "Push/fold, the EV of a call, playable hands"
