"""``equity query --boards 2``: two boards from one deck, each deciding half the pot.

``--board 'Qs7s2h|Kd8c3h'`` gives both boards' known cards, board 1 first (``'Qs7s2h'``:
the first board's, ``'|Kd8c3h'``: the second's, none: both unknown).
"""

from __future__ import annotations

import argparse

from ._util import EXIT_INTERRUPTED, CliError, emit_json

__all__ = ["BOARDS_HELP", "query_double"]

BOARDS_HELP = "2: two boards, each half the pot (--board 'B1|B2')"
"""``--boards``'s help line."""

_SINGLE_BOARD_FLAGS = (
    ("stderr", "--stderr"),
    ("time", "--time"),
    ("categories", "--categories"),
    ("pot", "--pot"),
    ("call", "--call"),
    ("independent_decks", "--independent-decks"),
    ("scheduler", "--scheduler"),
)


def query_double(args: argparse.Namespace) -> int:
    """Run ``equity query --boards 2`` (:func:`equity.double_board`) and print its table or JSON."""
    from ..engine.double_board import double_board

    given = [flag for name, flag in _SINGLE_BOARD_FLAGS if getattr(args, name, None)]
    if given:
        raise CliError(f"--boards 2 takes no {', '.join(given)}")
    if args.exact and args.trials is not None:
        raise CliError("--exact enumerates every outcome: it takes no --trials")
    boards = (args.board or "").split("|")
    if len(boards) > 2:
        raise CliError(f"--board {args.board!r} has {len(boards)} boards: --boards 2 takes two")
    result = double_board(
        args.hands,
        boards[0],
        boards[1] if len(boards) == 2 else "",
        args.dead or "",
        game=args.game,
        method="exact" if args.exact else "monte-carlo" if args.mc else "auto",
        trials=args.trials,
        seed=args.seed,
        threads=args.threads,
    )
    if args.json:
        emit_json(result.to_dict())
    else:
        print(result)
    return EXIT_INTERRUPTED if result.interrupted else 0
