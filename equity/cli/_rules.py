"""``equity rules``: the rules of each game, one page per game, from the registry.

Every fact on the page is read from the game's :class:`~equity.games.Game`
entry (deck, hole cards, board, players, categories, house rules and their
texts, hi-lo, how hands are entered): the other commands' ``--help`` pages
give no rules, only the line :data:`~._hands.RULES_LINE` pointing here.
"""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ._hands import CARDS_LINE, INDEPENDENT_DECKS
from ._util import Parser, emit_json

if TYPE_CHECKING:
    from ..games import Game

__all__ = ["add_rules", "rules_page", "rules_record"]

_WIDTH = 78


def _players_text(g: Game) -> str:
    """How the game's players are entered on the command line, with the syntax."""
    if g.patterns:
        from ..ranges.omaha import OMAHA_PATTERN_SYNTAX

        return (
            f"known cards (a whole hand of {g.hole_cards}), random, or a pattern of ranks and "
            "cards with * wildcards, optionally ds / ss / r (double-suited, single-suited, "
            f"rainbow): {OMAHA_PATTERN_SYNTAX}. Cards alone must be a whole hand: "
            "AsKsQs* (not AsKsQs) is every hand holding those three"
        )
    if g.ranges:
        from ..ranges.grammar import RANGE_SYNTAX

        return f"known cards ({g.hole_cards} a player), random, or a hold'em range: {RANGE_SYNTAX}"
    if g.short_hands == "stud":
        return (
            f"the cards held so far ({g.min_cards} to {g.hole_cards}, the same number at every "
            f"seat), random, or partly known cards: {PATTERN_SYNTAX}"
        )
    if g.short_hands == "draw":
        return (
            f"the cards kept (0 to {g.hole_cards}; fewer than {g.hole_cards} draw the rest), "
            f"random, or partly known cards: {PATTERN_SYNTAX}"
        )
    return f"known cards ({g.hole_cards} a player) or random"


PATTERN_SYNTAX = (
    "A (any ace), c (any club), * (any card); a rank binds to the suit right after it, "
    "nothing else binds: 2c is one card, 2 c two"
)
"""How partly known cards are written (the rules pages)."""


def _option_categories(g: Game, name: str) -> list[str] | None:
    """The category order with house rule ``name`` on, when it differs from the default."""
    categories = getattr(g.make_rules(**{name: True}), "categories", None)
    if categories is None or tuple(categories) == g.categories:
        return None
    return list(categories)


def rules_record(g: Game) -> dict[str, Any]:
    """The rules of game ``g`` (a registry :class:`~equity.games.Game`) as a JSON object."""
    from ..cards import RANKS

    options = [
        {
            "flag": o.flag,
            "help": o.help,
            "rule": o.text or None,
            "categories": _option_categories(g, o.name),
        }
        for o in g.rules
    ]
    if g.independent_decks:
        options.append(
            {
                "flag": "--independent-decks",
                "help": INDEPENDENT_DECKS,
                "rule": None,
                "categories": None,
            }
        )
    lo, hi = g.players
    return {
        "game": g.name,
        "title": g.title,
        "deck": {"cards": g.deck_size, "ranks": f"{RANKS[g.lowest_rank]}-{RANKS[-1]}"},
        "players": {"min": lo, "max": hi},
        "hole_cards": g.hole_cards,
        "board": {"cards": g.board_total, "known": list(g.board_sizes)},
        "rules": g.rule_text,
        "notes": list(g.rule_notes),
        "categories": list(g.categories),
        "hilo": g.hilo,
        "options": options,
        "players_input": _players_text(g),
    }


def _fill(text: str, indent: str = "") -> str:
    """``text`` wrapped at spaces only: "A-2-3-4-5" or "ace-high" stay whole."""
    return textwrap.fill(
        " ".join(text.split()),
        width=_WIDTH,
        initial_indent=indent,
        subsequent_indent=indent,
        break_on_hyphens=False,
    )


def _order(prefix: str, categories: Sequence[str]) -> str:
    """``prefix`` and the categories joined by ``>``, wrapped between categories only."""
    nbsp = "\N{NO-BREAK SPACE}"
    text = prefix + " > ".join(c.replace(" ", nbsp) for c in categories)
    wrapped = textwrap.fill(text, width=_WIDTH, initial_indent="  ", subsequent_indent="  ")
    return wrapped.replace(nbsp, " ")


def rules_page(g: Game) -> str:
    """The rules of game ``g`` as the page ``equity rules GAME`` prints."""
    r = rules_record(g)
    board = r["board"]
    known = ", ".join(map(str, board["known"][:-1])) + f" or {board['known'][-1]}"
    where = (
        f"Board: {board['cards']} cards (a known board: {known})."
        if board["cards"]
        else "No board."
    )
    lines = [
        f"{g.name}: {g.title}",
        "",
        f"Deck: {r['deck']['cards']} cards, {r['deck']['ranks']}.  "
        f"Players: {r['players']['min']} to {r['players']['max']}.",
        f"Hole cards: {g.hole_cards} each.  {where}",
        "",
        _fill(g.rule_text),
        *(_fill(note) for note in g.rule_notes),
        "",
        ("High-hand categories" if g.hilo else "Categories") + ", strongest first:",
        _order("", g.categories),
    ]
    for o in r["options"]:
        if o["categories"]:
            lines.append(_order(f"with {o['flag']}: ", o["categories"]))
    lines += ["", "Options:" if r["options"] else "Options: none (no house rules)."]
    for o in r["options"]:
        lines.append(_fill(f"{o['flag']}: {o['help']}.", "  "))
        if o["rule"]:
            lines.append(_fill(o["rule"], "    "))
    lines += ["", _fill(f"Players: {r['players_input']}."), CARDS_LINE]
    if g.patterns:
        from ..ranges.ppt_grammar import PPT_GRAMMAR

        lines += ["", _fill(PPT_TEXT), "", *("  " + line for line in PPT_GRAMMAR.splitlines())]
        lines += ["", _fill(PPT_EXAMPLES)]
    return "\n".join(lines)


PPT_TEXT = (
    "Ranges in the ProPokerTools (PPT) syntax: a hand matches when its cards can be given "
    "one to one to the cards written; the same suit variable is the same suit and different "
    "ones different suits, none of them a suit written out in the hand; rank variables "
    "likewise; a whole-hand macro inside a hand is 'and' (AA$ds = AA:$ds). Text the older "
    "patterns read keeps their meaning (akss: AK single-suited; AK*s*s for two spades)."
)
"""The PPT matching rules in a paragraph (``equity rules`` of the Omaha games)."""

PPT_EXAMPLES = (
    "Examples: AA:xxyy (double-suited aces), RROO (two pairs), JJ!JJJ (exactly two jacks), "
    "AxAyxy, [A-T][A-T]:$np, $W$W$W (three wheel cards), KQJT-9876 (rundowns), "
    "(AA,KK):$ds, 15%:$ds, 10%-20%!$rb."
)
"""Examples of PPT ranges (``equity rules`` of the Omaha games)."""


def _games_list() -> str:
    from ..games import ALIASES, GAMES

    width = max(len(name) for name in GAMES)
    rows = [f"  {g.name:<{width}}  {g.title}" for g in GAMES.values()]
    aliases = ", ".join(f"{a} = {name}" for a, name in ALIASES.items())
    return "\n".join(
        ["games:", *rows, f"other names: {aliases}", "",
         "equity rules GAME shows the full rules of one game."]
    )  # fmt: skip


def _cmd_rules(args: argparse.Namespace) -> int:
    from ..games import GAMES, game

    if args.game is None:
        if args.json:
            emit_json({"games": [{"game": g.name, "title": g.title} for g in GAMES.values()]})
        else:
            print(_games_list())
        return 0
    g = game(args.game)  # an unknown name: a ValueError, one sentence naming the games
    if args.json:
        emit_json(rules_record(g))
    else:
        print(rules_page(g))
    return 0


def add_rules(sub: Any) -> None:
    """Register ``equity rules``."""
    p: Parser = sub.add_parser(
        "rules",
        help="the rules of each game: deck, categories, options, how hands are written",
        description="With no GAME, the games; with a GAME, its rules: deck, hole cards, board, "
        "how a hand is made, categories strongest first, house-rule options and what they "
        "change, and how hands are entered.",
        epilog="examples:\n"
        "  equity rules                     # the games, one line each\n"
        "  equity rules zjh                 # Zha Jin Hua and its house rules\n"
        "  equity rules omaha-hilo --json",
    )
    p.add_argument("game", nargs="?", metavar="GAME", help="a game (equity rules lists them)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_cmd_rules)
