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


def _is_known(hand: str) -> bool:
    """Whether ``hand`` is known cards (AsKs), not a range or a random hand."""
    from ..cards import parse_cards

    try:
        parse_cards(hand)
    except ValueError:
        return False
    return True


def _cmd_streets(args: argparse.Namespace) -> int:
    from ..analysis.streets import streets
    from ..analysis.streets_ranges import range_streets

    rules = rules_of(args)
    plot = check_plot_file(args.plot) if args.plot else None
    # known hands: outs; a range anywhere: every hand a range
    run = streets if all(map(_is_known, args.hands)) else range_streets
    with compile_notice(args):
        result = run(args.hands, args.board, args.dead or "", game=args.game, rules=rules)
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
    """Write ``result.plot()`` at ``path`` (``shown`` names it in errors); for ranges a heat
    map per range (one for two ranges: the second's is its mirror)."""
    import matplotlib

    matplotlib.use("Agg")
    from ..analysis.streets_ranges import RangeStreetsResult

    if not isinstance(result, RangeStreetsResult) or result.n_players == 2:
        save_figure(result.plot().figure, path, shown)
        return
    from ..plots.axes import pyplot

    n = result.n_players
    fig, axes = pyplot().subplots(1, n, figsize=(5.0 * n, 7.0), layout="constrained")
    for p, ax in enumerate(axes):
        result.plot(ax, player=p)
    save_figure(fig, path, shown)


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
        "  equity streets --game omaha AsKsQd2h QhQcJd3c --board Qs7s2c\n"
        "  equity streets 'QQ+,AKs' 'JJ,AQs' --board Js7s2c       # ranges: each turn card\n"
        "  equity streets 'QQ+,AKs' 'JJ-88,AQs+' --board Js7s2c --plot turn-cards.png\n\n"
        "Ranges (hold'em, short deck; a hand is a range of one combo): each range's exact\n"
        "equity after each next card, its change and the combos each keeps, the cards\n"
        "that move it most first; each card weighs its deals, so the averaged equities\n"
        "are the current equity. --plot: a heat map by card (rank by suit). --json:\n"
        "{ranges, board, equity, combos, deals, next_cards: [{card, equity, change,\n"
        "combos, deals}], no_deal}.\n\n"
        "Outs and cards that raise equity (known hands):\n"
        + outs.replace("*", "")
        + "\n"
        + RULES_LINE
    )


def add_streets(sub: Any) -> None:
    """Register ``equity streets``."""
    p = sub.add_parser(
        "streets",
        help="exact equity now and after each possible next card (outs; ranges too)",
        description="Exact equity of known hands on the flop (or turn), then the exact equity "
        "after every possible turn (or river) card, all equally likely: each player's outs "
        "(cards that make them the favourite) and the cards that raise their equity. With "
        "ranges, each range's exact equity after every next card, the cards that move it "
        "most first.",
        epilog=_epilog,
    )
    add_game(p, lambda g: g.has_board)  # the games streets() plays
    p.add_argument(
        "hands",
        nargs="+",
        metavar="HAND",
        help="known hole cards (AsKs) or a range (QQ+,AKs; random), one argument per player",
    )
    p.add_argument(
        "--board", required=True, help="the flop (3 cards) or the turn (4 cards), e.g. Qs7s2c"
    )
    p.add_argument("--dead", help="cards out of play")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--plot",
        metavar="FILE",
        help="plot the equity by next card; ranges: a heat map by card (.png, .svg, .pdf)",
    )
    p.add_argument("--quiet", action="store_true", help="no notices")
    p.set_defaults(func=_cmd_streets)
