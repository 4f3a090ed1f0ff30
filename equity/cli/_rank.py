"""``equity rank``: a starting hand's equity against one random hand, and its percentile."""

from __future__ import annotations

import argparse
from typing import Any

from ._util import emit_json

__all__ = ["add_rank"]


def _cmd_rank(args: argparse.Namespace) -> int:
    from ..ranges.omaha_ranking import starting_hand_rank

    result = starting_hand_rank(" ".join(args.hand), args.game)
    if args.json:
        emit_json(result.to_dict())
    else:
        print(result.text())
    return 0


_EPILOG = """\
examples:
  equity rank AhKd                       # hold'em: exact
  equity rank --game omaha AsKsQdJd      # 4-card Omaha: Monte-Carlo, with its error
  equity rank --game omaha5 'As Ks Qd Jd Td' --json

The equity is the all-in pot share against one uniformly random hand over
random boards (ties split).  Hold'em's is exact (every board and opponent
hand); 4- and 5-card Omaha's are Monte-Carlo estimates, one per suit class,
shipped with their standard errors (the figure says how many deals).  The
rank orders the classes by that equity; 'top' is the share of all hands
ranked before the hand or in its class, 'above' the share ranked before it.
"""


def add_rank(sub: Any) -> None:
    """Register ``equity rank``."""
    p = sub.add_parser(
        "rank",
        help="a starting hand's equity against a random hand and its percentile",
        description="A starting hand's equity against one random hand and where it ranks "
        "among all starting hands (hold'em exact; Omaha from the shipped Monte-Carlo "
        "ranking, with its standard error).",
        epilog=_EPILOG,
    )
    p.add_argument("hand", nargs="+", metavar="HAND", help="the hole cards, e.g. AhKd")
    p.add_argument(
        "--game", default="holdem", metavar="GAME", help="holdem, omaha or omaha5 (default holdem)"
    )  # checked by starting_hand_rank(): a game of the registry with a ranking
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_cmd_rank)
