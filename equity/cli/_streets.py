"""``equity streets``: exact equity on the flop or turn, then after each possible next card."""

from __future__ import annotations

import argparse
from typing import Any

from ._hands import RULES_LINE, add_game, rules_of
from ._util import (
    check_plot_file,
    compile_notice,
    emit_json,
    fill_paragraphs,
    save_figure,
    seconds,
)

__all__ = ["add_streets"]


def _cmd_streets(args: argparse.Namespace) -> int:
    from ..analysis.streets import streets

    rules = rules_of(args)
    plot = check_plot_file(args.plot) if args.plot else None
    with compile_notice(args):
        result = streets(args.hands, args.board, args.dead or "", game=args.game, rules=rules)
    if plot is not None:
        _save_plot(result, plot, args.plot)
    if args.json:
        emit_json(result.to_dict())
    else:
        print(result)
        print(f"figures are exact ({seconds(result.elapsed_s, result.compile_s)})")
        if plot is not None:
            print(f"plot written to {args.plot}")
    return 0


def _save_plot(result: Any, path: Any, shown: str) -> None:
    """Write ``result.plot()`` at ``path`` (``shown`` names it in errors)."""
    import matplotlib

    matplotlib.use("Agg")
    save_figure(result.plot().figure, path, shown)


def _epilog() -> str:
    from ..analysis.streets import OUTS_DEFINITIONS

    outs = fill_paragraphs(OUTS_DEFINITIONS, sep="\n")
    return (
        "examples:\n"
        "  equity streets AsKs QhQd --board Qs7s2c            # each turn card, exact\n"
        "  equity streets AsKs QhQd --board Qs7s2c4d          # each river card\n"
        "  equity streets AhKd 9c9d 7h6h --board 9s8h2c --json\n"
        "  equity streets AsKs QhQd --board Qs7s2c --plot turn.png\n"
        "  equity streets --game shortdeck AsKs QhQd --board Qs7s6c\n"
        "  equity streets --game omaha AsKsQd2h QhQcJd3c --board Qs7s2c\n\n"
        "Outs and cards that raise equity:\n" + outs.replace("*", "") + "\n" + RULES_LINE
    )


def add_streets(sub: Any) -> None:
    """Register ``equity streets``."""
    p = sub.add_parser(
        "streets",
        help="exact equity now and after each possible next card (outs)",
        description="Exact equity of known hands on the flop (or turn), then the exact equity "
        "after every possible turn (or river) card, all equally likely: each player's outs "
        "(cards that make them the favourite) and the cards that raise their equity.",
        epilog=_epilog,
    )
    add_game(p, lambda g: g.has_board)  # the games streets() plays
    p.add_argument(
        "hands", nargs="+", metavar="HAND", help="known hole cards, one argument per player"
    )
    p.add_argument(
        "--board", required=True, help="the flop (3 cards) or the turn (4 cards), e.g. Qs7s2c"
    )
    p.add_argument("--dead", help="cards out of play")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--plot", metavar="FILE", help="plot the equity by next card (.png, .svg, .pdf)")
    p.add_argument("--quiet", action="store_true", help="no notices")
    p.set_defaults(func=_cmd_streets)
