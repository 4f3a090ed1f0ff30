"""``equity playable``: every hand whose exact equity against a range reaches what a call needs."""

from __future__ import annotations

import argparse
from typing import Any

from ._equity import chips
from ._util import CliError, emit_json

__all__ = ["add_playable"]


def _cmd_playable(args: argparse.Namespace) -> int:
    from ..decisions.playable_hands import playable

    odds = args.pot is not None or args.call is not None
    if args.need is not None and odds:
        raise CliError("give --need or --pot and --call, not both")
    if args.need is None and not odds:
        raise CliError(
            "give the equity a hand needs (--need 45%) or the pot odds (--pot P --call C)"
        )
    if odds and (args.pot is None or args.call is None):
        given, missing = ("--pot", "--call") if args.call is None else ("--call", "--pot")
        raise CliError(f"{given} needs {missing} too: the pot odds take the pot and the call")
    result = playable(
        args.range,
        board=args.board,
        need=args.need,
        pot=args.pot,
        call=args.call,
        game=args.game,
        dead=args.dead,
    )
    if args.json:
        emit_json(result.to_dict())
    else:
        print(result.text())
    return 0


_EPILOG = """\
examples:
  equity playable 'QQ+,AKs' --need 40%          # hold'em classes with 40% against QQ+,AKs
  equity playable '15%' --pot 150 --call 100    # the pot odds: 100 / (150 + 100) = 40%
  equity playable 'JJ+,AK,AsQs@50' --need 0.45 --json
  equity playable random --game shortdeck --need 55%
  equity playable 'QQ+,AKs,JTs' --board Ts9s2h --need 50%   # every combo on the flop

Preflop, a hand is a class (169 in hold'em, 81 in short deck): every combo of it
against every combo of RANGE it does not block, with the range's weights, every
board, as 'equity query CLASS RANGE' would give it.  On a board, every combo.
Every equity is enumerated (hold'em preflop from the shipped exact table);
a spot too large to enumerate is refused with its estimate, never sampled.
"""


def add_playable(sub: Any) -> None:
    """Register ``equity playable``."""
    p = sub.add_parser(
        "playable",
        help="the hands with the equity a call needs against a range (exact)",
        description="Every hand whose exact equity against RANGE is at least what it needs "
        "(--need, or the pot odds --pot P --call C: C / (P + C)), as a range and a table "
        "sorted by equity.",
        epilog=_EPILOG,
    )
    p.add_argument("range", metavar="RANGE", help="the opponent's range (QQ+,AKs,AhKd@50)")
    p.add_argument("--board", help="community cards (3, 4 or 5): every combo is a hand")
    p.add_argument("--dead", help="cards out of play")
    p.add_argument(
        "--game",
        default="holdem",
        metavar="GAME",
        help="holdem or shortdeck (default holdem; see equity rules)",  # checked by playable()
    )
    p.add_argument("--need", metavar="EQUITY", help="the equity a hand needs: 45%% or 0.45")
    p.add_argument("--pot", type=chips, metavar="P", help="the pot before the call, bet included")
    p.add_argument("--call", type=chips, metavar="C", help="what the call costs")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_cmd_playable)
