"""``equity eval``, ``equity compare`` and ``equity range``: one hand, a few hands, a range."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any

from ._util import CliError, Parser, check_plot_file, emit_json, save_figure, table

__all__ = [
    "CARDS_LINE",
    "INDEPENDENT_DECKS",
    "RULES_LINE",
    "add_compare",
    "add_eval",
    "add_game",
    "add_range",
    "check_independent_decks",
    "independent_deck_games",
    "rules_of",
]


CARDS_LINE = (
    "Cards: rank 2-9, T (or 10), J, Q, K, A and suit c, d, h, s (or ♣♦♥♠, 梅花 方片 红桃 "
    "黑桃),\nwith or without spaces: 'As Kd' or 'AsKd'."
)
"""How cards are written (``equity eval --help``, ``equity rules``)."""

RULES_LINE = "rules of each game: equity rules GAME"
"""The line of every ``--help`` page with ``--game``: the rules are on one page per game."""

INDEPENDENT_DECKS = "deal each random player from a deck of their own"
"""What ``--independent-decks`` does (``equity query``, ``equity deal``, ``equity rules``)."""


def add_game(
    p: argparse.ArgumentParser, supports: Callable[[Any], bool] | None = None
) -> tuple[str, ...]:
    """Add ``--game`` and the house-rule flags of the games it offers (the registry's).

    ``supports`` picks the games the command plays (a test on a registry
    :class:`~equity.games.Game`; every game without it): the others are not
    offered, so argparse refuses them as an invalid choice.  Returns the
    names offered.
    """
    from ..games import GAMES

    games = [g for g in GAMES.values() if supports is None or supports(g)]
    names = tuple(g.name for g in games)
    assert "holdem" in names  # the default
    p.add_argument(
        "--game",
        type=_game_name,
        choices=names,
        default="holdem",
        metavar="GAME",
        help=", ".join(names) + " (default holdem; see equity rules)",
    )
    for g in games:
        for option in g.rules:
            p.add_argument(option.flag, action="store_true", help=f"{g.name}: {option.help}")
    return names


def _game_name(text: str) -> str:
    """``--game``'s value; a triple-draw game gets the sentence saying why there is none."""
    if "triple" in text.lower():
        from ..games.draw import TRIPLE_DRAW

        raise argparse.ArgumentTypeError(TRIPLE_DRAW)
    from ..games import ALIASES

    return ALIASES.get(text, text)


def independent_deck_games() -> str:
    """The games that may deal a deck to each player, for ``--independent-decks``'s help."""
    from ..games import GAMES

    return ", ".join(g.name for g in GAMES.values() if g.independent_decks)


def rules_of(args: argparse.Namespace) -> Any:
    """The rules object of ``--game``'s house-rule flags; a flag of another game is an error."""
    from ..games import GAMES

    chosen = GAMES[args.game]
    own = {option.name for option in chosen.rules}
    for g in GAMES.values():
        for option in g.rules:
            if getattr(args, option.name, False) and option.name not in own:
                raise CliError(f"{option.flag} applies to --game {g.name} only, not {args.game!r}")
    flags = {name: bool(getattr(args, name, False)) for name in sorted(own)}
    return chosen.make_rules(**flags)


def check_independent_decks(args: argparse.Namespace) -> None:
    """``--independent-decks`` only for the games that deal that way."""
    from ..games import GAMES

    if args.independent_decks and not GAMES[args.game].independent_decks:
        takes = independent_deck_games()
        raise CliError(f"--independent-decks applies to --game {takes} only, not {args.game!r}")


# ---------------------------------------------------------------------------
# eval


def _evaluate_one(
    args: argparse.Namespace, cards: str, board: str = "", rules: Any = None
) -> dict[str, Any]:
    """The record of one hand (with the ``board``, for games that have one) of
    ``args.game``, as its evaluator (:func:`equity.evaluators.evaluator`) gives it."""
    from ..evaluators import evaluator
    from ..games import GAMES, a_hand_of

    g = GAMES[args.game]
    scorer = evaluator(g)
    if scorer.needs_board and not board:
        raise CliError(f"{a_hand_of(g.name)} needs the board: --board with 3 to 5 cards")
    record: dict[str, Any] = scorer.evaluate(cards, board, rules).to_dict()
    if g.hand_sizes == (5,):  # the best five of five cards is the hand
        record.pop("best_five", None)
    if not g.hilo:
        record.pop("low", None)
    return record


def _shows_strength(game: str) -> bool:
    """Whether the text of ``eval`` and ``compare`` shows the strength: a high-ranked game's
    value orders hands readably; a low game's packed key does not (its description and
    category say the hand; ``--json`` keeps the strength)."""
    from ..games import GAMES, RANKING_HIGH

    return GAMES[game].ranking == RANKING_HIGH


def _cmd_eval(args: argparse.Namespace) -> int:
    rules = rules_of(args)
    _check_board_applies(args)
    record = _evaluate_one(args, " ".join(args.cards), args.board or "", rules)
    if args.json:
        emit_json({"game": args.game, **record})
        return 0
    on_board = f" on {record['board']}" if "board" in record else ""
    print(f"{record['cards']}{on_board}: {record['description']}")
    print(f"  category  {record['category']}")
    if _shows_strength(args.game):
        print(f"  strength  {record['strength']}")
    if "best_five" in record:
        print(f"  best five {record['best_five']}")
    if "playing" in record:  # badugi
        print(f"  playing   {record['playing']}")
    if "low" in record:
        low = record["low"]
        print(f"  low       {low} ({record['low_five']})" if low else "  low       none")
    if "absolute_value" in record:  # Zha Jin Hua
        print(
            f"  absolute value {record['absolute_value']} "
            f"(with suits {record['absolute_value_suits']})"
        )
        if record["special_235"]:
            print("  off-suit 2-3-5: beats every bomb with --special-235")
    return 0


def add_eval(sub: Any) -> None:
    """Register ``equity eval``."""
    p: Parser = sub.add_parser(
        "eval",
        help="evaluate one hand",
        description="Print a hand's category, description and strength (bigger is better; "
        "the low games show their strength in --json only).",
        epilog=lambda: (
            "examples:\n"
            "  equity eval Kh Kd 5s Ks 5c 2d 3d          # best five of seven\n"
            "  equity eval --game five AsKsQsJsTs --json\n"
            "  equity eval --game zjh 6h 4d 2d           # Zha Jin Hua, with its absolute values\n"
            "  equity eval --game zjh 黑桃A 红桃A 方片A\n"
            "  equity eval --game omaha AsAhKsKh --board Qs7h2c4d5d --json\n"
            "  equity eval --game omaha-hilo As2h9c9d --board 3d4c8hKsKd\n"
            "  equity eval --game shortdeck As6d Ks7c8h9d --straight-beats-trips\n"
            "  equity eval --game razz 8h6d4c3s2h Kd Kc   # best ace-to-five low of 5 to 7\n"
            "  equity eval --game stud8 As2d3c4h8sKdKh    # the high hand and the low\n"
            "  equity eval --game deuce-seven 7h5d4c3s2h\n"
            "  equity eval --game badugi 7h4d3cAs\n\n"
            f"{CARDS_LINE}\n{RULES_LINE}"
        ),
    )
    add_game(p)
    p.add_argument("cards", nargs="+", metavar="CARD", help="cards, e.g. As Kd or AsKd")
    p.add_argument(
        "--board",
        help="board cards (Omaha: required; hold'em, short deck: added to the cards; the "
        "stud and draw games have none)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_cmd_eval)


def _check_board_applies(args: argparse.Namespace) -> None:
    """``--board`` only for games with a board."""
    from ..games import GAMES

    if args.board and not GAMES[args.game].has_board:
        raise CliError(f"--board applies to games with a board, not {args.game!r}")


# ---------------------------------------------------------------------------
# compare


def _check_disjoint(hands: Sequence[str], board: str) -> None:
    from ..cards import format_card, parse_cards

    seen: dict[int, str] = {}
    for source in [*hands, board]:
        for card in parse_cards(source):
            if card in seen:
                raise CliError(
                    f"card {format_card(card)!r} is used twice ({seen[card]!r} and {source!r})"
                )
            seen[card] = source


def _cmd_compare(args: argparse.Namespace) -> int:
    rules = rules_of(args)
    hands = list(args.hands)
    if len(hands) < 2:
        raise CliError("compare needs at least two hands")
    board = args.board or ""
    _check_board_applies(args)
    records = [_evaluate_one(args, h, board, rules) for h in hands]
    _check_disjoint(hands, board)
    from ..evaluators import evaluator
    from ..games import GAMES

    g = GAMES[args.game]
    groups = evaluator(g).compare(hands, board, rules)
    low_groups = _low_groups(g, hands, board)
    place = {}
    for pos, group in enumerate(groups, start=1):
        for i in group:
            place[i] = (pos, len(group) > 1)
    if args.json:
        players = [
            {"hand": hands[i], **records[i], "place": place[i][0], "tie": place[i][1]}
            for i in range(len(hands))
        ]
        record = {"game": args.game, "board": board or None, "order": groups, "players": players}
        if low_groups is not None:
            record["low_order"] = low_groups
        emit_json(record)
        return 0
    rows = []
    strength = _shows_strength(args.game)
    for group in groups:
        for i in group:
            pos, tied = place[i]
            row = [f"{pos}{'=' if tied else ''}", hands[i], records[i]["description"]]
            rows.append([*row, records[i]["strength"]] if strength else row)
    headers = ["place", "hand", "description"]
    print(table(rows, [*headers, "strength"] if strength else headers))
    winners = groups[0]
    half = "the high half" if low_groups else "the pot"
    if len(winners) > 1:
        print("tie: " + ", ".join(hands[i] for i in winners) + f" split {half}")
    else:
        print(f"winner: {hands[winners[0]]}" + (" (high)" if low_groups else ""))
    if low_groups is not None:
        if not low_groups:
            print("no qualifying low: the high hand takes the whole pot")
        else:
            best = low_groups[0]
            names = ", ".join(f"{hands[i]} ({records[i]['low']})" for i in best)
            print(f"low: {names}" + (" split the low half" if len(best) > 1 else ""))
    return 0


def _low_groups(g: Any, hands: Sequence[str], board: str) -> Any:
    """Hi-lo games: the hands with a qualifying low, best low first (None for other games)."""
    if not g.hilo:
        return None
    from ..evaluators import evaluator

    low = evaluator(g).low
    assert low is not None, g.name  # a hi-lo game's evaluator finds lows
    lows = {i: low(h, board) for i, h in enumerate(hands)}
    by_low: dict[tuple[int, ...], list[int]] = {}
    for i, found in lows.items():
        if found is not None:
            by_low.setdefault(found[0], []).append(i)
    return [by_low[k] for k in sorted(by_low)]


def add_compare(sub: Any) -> None:
    """Register ``equity compare``."""
    p = sub.add_parser(
        "compare",
        help="compare hands and order them",
        description="Evaluate each HAND and order them, winner first; tied hands share a place.",
        epilog=lambda: (
            "examples:\n"
            "  equity compare AsAd KsKh --board 2c7d9hTsJc\n"
            "  equity compare --game five AsKsQsJsTs 2c2d2h2s3c\n"
            "  equity compare --game zjh 2s3d5c AhAdAc --special-235 --json\n"
            "  equity compare --game omaha AsAhKsKh QdQcJdJc --board Qs7h2c4d5d\n"
            "  equity compare --game razz 8h6d4c3s2hKdKc 8s7d2c3dAhQcQd\n"
            "  equity compare --game badugi 7h4d3cAs 8s5d2c2h\n\n" + RULES_LINE
        ),
    )
    add_game(p)
    p.add_argument("hands", nargs="+", metavar="HAND", help="one argument per hand, e.g. AsKs")
    p.add_argument("--board", help="community cards for every hand (hold'em, Omaha, short deck)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_cmd_compare)


# ---------------------------------------------------------------------------
# range


def _cmd_range(args: argparse.Namespace) -> int:
    from ..cards import format_cards
    from ..games import GAMES
    from ..ranges import hand_class, parse_range

    if GAMES[args.game].patterns:
        from ._omaha_range import omaha_range

        return omaha_range(args, GAMES[args.game].hole_cards)

    plot = check_plot_file(args.plot) if args.plot else None
    rng = parse_range(args.range)
    if args.remove:
        rng = rng.remove(args.remove)
        if rng.n_combos == 0:
            raise CliError(f"no combo of {args.range!r} is left once {args.remove!r} is removed")
    hands = [
        {"combo": format_cards((a, b)), "class": hand_class(a, b), "weight": float(w)}
        for (a, b), w in zip(rng.combos.tolist(), rng.weights.tolist(), strict=True)
    ]
    if plot is not None:
        import matplotlib

        matplotlib.use("Agg")
        from ..plots.hands import plot_range

        save_figure(plot_range(rng).figure, plot, args.plot)
    if args.json:
        record: dict[str, Any] = {
            "range": args.range,
            "canonical": rng.format(),
            "combos": rng.n_combos,
            "weight": rng.weight,
            "fraction": rng.fraction,
            "classes": rng.classes(),
            "hands": hands,
        }
        if args.grid:
            record["grid"] = rng.grid().tolist()
        emit_json(record)
        return 0
    print(
        f"{args.range}: {rng.n_combos} combos, weight {rng.weight:g} "
        f"({rng.fraction:.2%} of 1326); canonical {rng.format()}"
    )
    if args.grid:
        print(rng.grid_text(labels=True))
    else:
        by_class: dict[str, list[str]] = {}
        for (a, b), w in zip(rng.combos.tolist(), rng.weights.tolist(), strict=True):
            label = format_cards((a, b)) + (f"@{w:.0%}" if w != 1 else "")
            by_class.setdefault(hand_class(a, b), []).append(label)
        print(
            table(
                [[k, len(v), " ".join(v)] for k, v in by_class.items()],
                ["class", "combos", "cards"],
            )
        )
    if plot is not None:
        print(f"grid plot written to {args.plot}")
    return 0


def add_range(sub: Any) -> None:
    """Register ``equity range``."""

    def epilog() -> str:
        import textwrap

        from ..ranges import RANGE_SYNTAX
        from ..ranges.ppt_grammar import PPT_SYNTAX

        return (
            "examples:\n"
            "  equity range 'QQ+,AKs@50' --grid\n"
            "  equity range 15% --remove AsKd --json\n"
            "  equity range 'T9s-65s,A5s-A2s' --plot range.png\n"
            "  equity range --game omaha 'AA:xxyy, RROO:$ds'\n"
            "  equity range --game omaha5 '[A-T][A-T][A-T]:$np!$rb' --json\n\n"
            + textwrap.fill(f"Syntax: {RANGE_SYNTAX}.", width=88)
            + "\n"
            "A combo named twice keeps the weight of the last term; 'p%' is the strongest p% "
            "of combos\nby exact equity against one random hand.\n\n"
            + textwrap.fill(
                "Omaha games (--game omaha, omaha5, omaha6, ...): the older patterns "
                f"(AA**, KQJT ds) or the ProPokerTools syntax: {PPT_SYNTAX}; see equity "
                "rules omaha.",
                width=88,
            )
        )

    p = sub.add_parser(
        "range",
        help="show a range (hold'em, or Omaha with --game): combos, counts, grid",
        description="Parse a PokerStove-style range (QQ+,AKs@50,15%) and show its combos, "
        "size and 13x13 grid; with --game omaha (omaha5, omaha6, hi-lo), an Omaha range "
        "(AA**, AA:xxyy, RROO:$ds) and its hands, their number and share of all hands.",
        epilog=epilog,
    )
    p.add_argument("range", metavar="RANGE", help="e.g. 'QQ+,AKs@50' or '15%%'")
    p.add_argument("--grid", action="store_true", help="show the 13x13 grid")
    p.add_argument("--remove", metavar="CARDS", help="card removal: drop combos holding these")
    p.add_argument("--plot", metavar="FILE", help="write the grid as a heat map (.png, .svg, .pdf)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_game(p, supports=lambda g: g.name == "holdem" or g.patterns)
    p.set_defaults(func=_cmd_range)
