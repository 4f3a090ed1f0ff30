"""The ``equity`` command: a thin layer over the public API.

Every subcommand validates its input through the API; a ``ValueError`` is
printed as one sentence on stderr with exit code 2 (no traceback), and the
first Ctrl-C ends a long job with its result so far and exit code 130.
Heavy modules (pandas, matplotlib, numba) are imported only by the commands
that need them, so ``equity eval`` starts about as fast as ``import numpy``.

Subcommands live in ``_hands`` (eval, compare, range), ``_equity`` (query,
table), ``_freq`` (freq, report) and ``_rules`` (rules, each game's rules page);
``_icm`` (icm); ``_pushfold`` (pushfold); ``_playable`` (playable); ``_rank``
(rank); ``_util`` holds what they share and ``_checks`` what every command's
options are checked for first.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from .._version import __version__
from ._checks import check_options
from ._deal import add_deal
from ._distribution import add_distribution
from ._equity import add_query, add_table
from ._flops import add_flops
from ._freq import add_freq, add_report
from ._hands import add_compare, add_eval, add_range
from ._history import add_history
from ._hits import add_hits
from ._icm import add_icm
from ._playable import add_playable
from ._pushfold import add_pushfold
from ._rank import add_rank
from ._rules import add_rules
from ._streets import add_streets
from ._util import EXIT_INTERRUPTED, EXIT_USAGE, CliError, Parser, parse_count

__all__ = ["CliError", "build_parser", "main", "parse_count"]


def build_parser() -> Parser:
    """The argument parser of the ``equity`` command."""
    parser = Parser(
        prog="equity",
        description="Poker equity and hand frequencies: hold'em, Omaha (high and hi-lo), "
        "Courchevel, short deck, five-card, Zha Jin Hua, seven-card stud (high, razz, hi-lo) "
        "and the single draws (five-card, 2-7, badugi). "
        "Every figure is exact (enumerated) or a Monte-Carlo estimate with its standard error.",
        epilog="examples:\n"
        "  equity eval Kh Kd 5s Ks 5c 2d 3d\n"
        "  equity query AsKs QhQd\n"
        "  equity query AhKd 'QQ+,AKs' random --board Ts9s2h\n"
        "  equity query AsKs random random --trials 1e6 --seed 1\n"
        "  equity query --game omaha AsAhKsKh QdQcJdJc\n"
        "  equity freq --game holdem --exact\n"
        "  equity range 'QQ+,AKs@50' --grid\n"
        "  equity rules shortdeck\n"
        "  equity history hands.phhs --json\n"
        "  equity icm 5000 3000 2000 --payouts 50,30,20 --chop\n"
        "  equity pushfold --stack 10 --hero SB\n"
        "  equity rank --game omaha AsKsQdJd\n\n"
        "'equity COMMAND --help' shows each command's options and examples,\n"
        "'equity rules GAME' each game's rules.",
    )
    parser.add_argument("--version", action="version", version=f"equity {__version__}")
    sub = parser.add_subparsers(
        dest="command", metavar="COMMAND", required=True, parser_class=Parser
    )
    add_eval(sub)
    add_compare(sub)
    add_freq(sub)
    add_query(sub)
    add_table(sub)
    add_report(sub)
    add_range(sub)
    add_distribution(sub)
    add_streets(sub)
    add_hits(sub)
    add_flops(sub)
    add_deal(sub)
    add_history(sub)
    add_icm(sub)
    add_playable(sub)
    add_pushfold(sub)
    add_rank(sub)
    add_rules(sub)
    parser.commands = dict(sub.choices)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``equity`` command; return its exit code."""
    try:
        parser = build_parser()
    except KeyboardInterrupt:  # Ctrl-C while the command starts: nothing done yet
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args, extras = parser.parse_known_args(argv)
        if extras:  # after a command, its own --help is the one to read
            commands = parser.commands
            after = argv[argv.index(args.command) + 1 :] if args.command in argv else []
            where = commands[args.command] if extras[0] in after else parser
            where.error(f"unrecognized arguments: {' '.join(extras)}")
    except SystemExit as exc:  # usage errors (exit 2), --help and --version (exit 0)
        return int(exc.code or 0)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # e.g. `equity hits --classes | head`
        sys.stderr.close()
        return 0
    try:
        check_options(args)  # before any work: contradictory options, malformed cards
        return int(args.func(args))
    except ValueError as exc:
        print(f"equity {args.command}: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # e.g. `equity ... | head`
        sys.stderr.close()
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
