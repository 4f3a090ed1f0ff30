"""``equity rules`` (one page per game, from the registry) and the --help pages that point there."""

from __future__ import annotations

import json

import pytest

from equity.cli import build_parser, main
from equity.games import GAMES, Game

COMMANDS_WITH_GAME = ("eval", "compare", "freq", "query", "deal", "distribution", "streets")


def _words(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(autouse=True)
def _fixed_width(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")  # argparse wraps help at the terminal's width


@pytest.mark.parametrize("name", list(GAMES))
def test_each_game_has_a_rules_page(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    g = GAMES[name]
    assert g.rule_text, name
    assert main(["rules", name]) == 0
    out = capsys.readouterr().out
    page = _words(out)
    assert out.startswith(f"{name}: {g.title}\n")
    assert _words(g.rule_text) in page
    for note in g.rule_notes:
        assert _words(note) in page
    assert " > ".join(g.categories) in page  # strongest first, in the registry's order
    for option in g.rules:
        assert option.flag in page
        assert _words(option.text) in page
    assert ("--independent-decks" in page) == g.independent_decks
    assert f"Hole cards: {g.hole_cards} each." in page
    assert f"Deck: {g.deck_size} cards" in page


def test_house_rules_show_the_order_they_make(capsys: pytest.CaptureFixture[str]) -> None:
    from equity.games.shortdeck import SHORTDECK_CATEGORIES_STRAIGHT_BEATS_TRIPS, ShortDeckRules
    from equity.games.zjh import ZJHRules

    assert main(["rules", "shortdeck"]) == 0
    page = _words(capsys.readouterr().out)
    flipped = " > ".join(SHORTDECK_CATEGORIES_STRAIGHT_BEATS_TRIPS)
    assert f"with --straight-beats-trips: {flipped}" in page
    assert ShortDeckRules(straight_beats_trips=True).categories == (
        SHORTDECK_CATEGORIES_STRAIGHT_BEATS_TRIPS
    )
    assert main(["rules", "zjh"]) == 0
    page = _words(capsys.readouterr().out)
    teen_patti = " > ".join(ZJHRules(order="straight_over_flush").categories)
    assert f"with --straight-over-flush: {teen_patti}" in page
    assert "with --special-235" not in page  # it changes who wins, not the category order


def test_the_input_syntax_is_on_the_page(capsys: pytest.CaptureFixture[str]) -> None:
    from equity.ranges import OMAHA_PATTERN_SYNTAX, RANGE_SYNTAX

    for name, g in GAMES.items():
        assert main(["rules", name]) == 0
        page = _words(capsys.readouterr().out)
        assert (RANGE_SYNTAX in page) == g.ranges, name
        assert (OMAHA_PATTERN_SYNTAX in page) == g.patterns, name


def test_rules_without_a_game_lists_them(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    lines = capsys.readouterr().out.splitlines()
    listed = [line.split()[0] for line in lines if line.startswith("  ")]
    assert listed == list(GAMES)
    assert any("equity rules GAME" in line for line in lines)
    assert main(["rules", "--json"]) == 0
    games = json.loads(capsys.readouterr().out)["games"]
    assert [g["game"] for g in games] == list(GAMES)
    assert [g["title"] for g in games] == [g.title for g in GAMES.values()]


@pytest.mark.parametrize("name", list(GAMES))
def test_rules_json(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    g = GAMES[name]
    assert main(["rules", name, "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["game"] == name
    assert record["categories"] == list(g.categories)
    assert record["rules"] == g.rule_text
    assert record["hole_cards"] == g.hole_cards
    assert record["deck"]["cards"] == g.deck_size
    assert record["players"] == {"min": g.players[0], "max": g.players[1]}
    assert record["board"]["cards"] == g.board_total
    assert record["hilo"] == g.hilo
    flags = [o.flag for o in g.rules] + (["--independent-decks"] if g.independent_decks else [])
    assert [o["flag"] for o in record["options"]] == flags


def test_an_unknown_game_is_one_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "bridge"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert captured.err.startswith("equity rules: error: unknown game 'bridge'")
    assert "holdem" in captured.err


# ---------------------------------------------------------------------------
# --game: the games each command plays, and nothing else


def _game_choices(command: str) -> tuple[str, ...]:
    sub = build_parser().commands[command]
    (action,) = [a for a in sub._actions if "--game" in a.option_strings]
    return tuple(action.choices or ())


def _plays(g: Game, command: str) -> bool:
    """Whether ``command`` plays ``g``, from what its library function checks."""
    if command == "distribution":  # distribution(): hold'em ranges
        return g.ranges
    if command == "streets":  # streets(): a game with a board
        return g.has_board
    return True


@pytest.mark.parametrize("command", COMMANDS_WITH_GAME)
def test_game_choices_are_the_games_a_command_plays(command: str) -> None:
    expected = tuple(name for name, g in GAMES.items() if _plays(g, command))
    assert _game_choices(command) == expected
    # and only their house-rule flags are offered
    sub = build_parser().commands[command]
    flags = {s for a in sub._actions for s in a.option_strings}
    for name, g in GAMES.items():
        for option in g.rules:
            assert (option.flag in flags) == (name in expected), (command, option.flag)


def test_distribution_and_streets_offer_few_games() -> None:
    assert _game_choices("distribution") == ("holdem", "shortdeck")
    assert "zjh" not in _game_choices("streets")
    assert "five" not in _game_choices("streets")


@pytest.mark.parametrize(
    ("argv", "refused"),
    [
        (["distribution", "--game", "zjh", "AKs", "QQ"], "zjh"),
        (["distribution", "--game", "omaha", "AA**", "random"], "omaha"),
        (["streets", "--game", "five", "AsKs", "QhQd", "--board", "Qs7s2c"], "five"),
    ],
)
def test_an_unplayed_game_is_an_invalid_choice(
    argv: list[str], refused: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f"argument --game: invalid choice: '{refused}' (choose from " in err
    for name in _game_choices(argv[0]):
        assert f"'{name}'" in err


def test_a_flag_of_an_unplayed_game_is_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["distribution", "AKs", "QQ", "--special-235"]) == 2
    assert "unrecognized arguments: --special-235" in capsys.readouterr().err


# ---------------------------------------------------------------------------
# --help pages: short, no rules


def _help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main([*argv, "--help"]) == 0
    return capsys.readouterr().out


def test_help_pages_are_short_and_carry_no_rules(capsys: pytest.CaptureFixture[str]) -> None:
    from equity.games.zjh import SPECIAL_235_RULE

    paragraphs = [_words(g.rule_text) for g in GAMES.values()]
    paragraphs += [_words(n) for g in GAMES.values() for n in g.rule_notes]
    paragraphs.append(_words(SPECIAL_235_RULE))
    commands = build_parser().commands
    assert set(COMMANDS_WITH_GAME) < set(commands)
    for command in commands:
        page = _help([command], capsys)
        assert len(page.splitlines()) <= 60, (command, len(page.splitlines()))
        flat = _words(page)
        for text in paragraphs:
            assert text[:60] not in flat, (command, text[:60])
        assert "categories, strongest first" not in flat.lower(), command
        if command in COMMANDS_WITH_GAME:
            assert "rules of each game: equity rules GAME" in page, command
            assert "(default holdem; see equity rules)" in flat, command
    assert "rules" in _help([], capsys)  # the top-level list of commands


def test_hits_classes_print_the_definitions(capsys: pytest.CaptureFixture[str]) -> None:
    from equity.analysis.hits import CLASS_DEFINITIONS

    assert main(["hits", "--classes"]) == 0
    out = _words(capsys.readouterr().out)
    first = CLASS_DEFINITIONS.split("\n\n")[0]
    assert _words(first.replace("*", "")) in out
    assert "open-ended straight draw" in out
