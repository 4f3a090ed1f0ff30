"""``equity history``: all-in equity, EV-adjusted results and luck from hand histories."""

from __future__ import annotations

import argparse
import math
import sys
from typing import Any

from ._equity import add_scheduler
from ._util import (
    EXIT_USAGE,
    CliError,
    check_output_file,
    check_parquet,
    check_plot_file,
    compile_notice,
    emit_json,
    fill_paragraphs,
    parse_count,
    save_figure,
    table,
)

__all__ = ["add_history"]

OUT_SUFFIXES = (".csv", ".parquet")


def _cmd_history(args: argparse.Namespace) -> int:
    from ..histories import history

    if args.definitions:
        print(definitions())
        return 0
    if not args.paths:
        raise CliError("give at least one PATH (a file, folder, glob or -) to read")
    out = None
    if args.out:
        out = check_output_file(args.out)
        if out.suffix.lower() not in OUT_SUFFIXES:
            raise CliError(f"--out writes .csv or .parquet, not {args.out!r}")
        check_parquet(out)
    plot = check_plot_file(args.plot) if args.plot else None
    payouts = None
    if args.payouts is not None:
        from ._icm import parse_payouts

        payouts = parse_payouts(args.payouts, None)
    if args.entrants is not None and payouts is None:
        raise CliError("--entrants is for --payouts: the number of players the payouts are for")
    with compile_notice(args):  # the exact equities' kernels, on a cold cache
        result = history(  # a ValueError: no scheduler, bad payouts, entrants or summary
            args.paths,
            scheduler=args.scheduler,
            payouts=payouts,
            entrants=args.entrants,
            summaries=args.summary or (),
        )
    for skipped in result.skipped:
        print(f"equity history: {skipped.sentence()}", file=sys.stderr)
    if result.reconciled == 0:
        if result.read:  # else each source's sentence above says why
            print("equity history: error: no hand could be read and reconciled", file=sys.stderr)
        return EXIT_USAGE
    if args.stats:
        # per position for one player, else per player; a ValueError for an unknown --player
        statistics = result.stats(args.player, by="position" if args.player else None)
    else:
        summary = result.summary(args.player)  # a ValueError for an unknown --player
    if out is not None:
        frame = result.hands
        if out.suffix.lower() == ".csv":
            frame.to_csv(out, index=False)
        else:
            frame.to_parquet(out, index=False)
    if plot is not None:
        _save_plot(result, args.player, plot, args.plot)
    if args.json and args.stats:
        emit_json(_stats_dict(result, args.player))
    elif args.json:
        emit_json(result.to_dict(args.player))
    elif args.stats:
        _print_stats(result, statistics, args.player)
    else:
        _print_summary(result, summary)
        if out is not None:
            print(f"hands written to {args.out}")
        if plot is not None:
            print(f"plot written to {args.plot}")
    if args.strict and result.skipped:
        return EXIT_USAGE
    return 0


SHOWN = 20
"""Players in the text summary (by hands played); --json and --player give all."""


def _print_summary(result: Any, summary: Any) -> None:
    if result.in_money:
        _print_money(result, summary)
        return
    more = len(summary) - SHOWN
    summary = summary.iloc[:SHOWN]
    rows = [
        [
            name,
            int(r["hands"]),
            f"{r['net']:.2f}",
            f"{r['ev']:.2f}",
            f"{r['luck']:.2f}",
            f"{r['net_bb100']:.1f}",
            f"{r['ev_bb100']:.1f}",
            int(r["allins"]),
            _share(r["favourite_won"], int(r["favourite"])),
        ]
        for name, r in summary.iterrows()
    ]
    headers = ["player", "hands", "net", "ev", "luck", "net bb/100", "ev bb/100", "all-ins"]
    print(table(rows, [*headers, "favourite won"]))
    if more > 0:
        print(f"... and {more} more players (--json lists all, --player NAME shows one)")
    _print_counts(result)


def _print_counts(result: Any) -> None:
    """The hands read, reconciled and skipped (by reason)."""
    skipped = result.to_dict()
    print(
        f"{_plural(result.read, 'hand')} read, {result.reconciled} reconciled and scored, "
        f"{skipped['hands_skipped']} skipped"
    )
    for reason, count in skipped["skipped_by_reason"].items():
        print(f"  {count} x {reason}")


STAT_HEADERS = (
    ("VPIP", "vpip_pct"),
    ("PFR", "pfr_pct"),
    ("3-bet", "three_bet_pct"),
    ("F3B", "fold_to_three_bet_pct"),
    ("steal", "steal_pct"),
    ("c-bet", "cbet_pct"),
    ("FCB", "fold_to_cbet_pct"),
    ("WTSD", "wtsd_pct"),
    ("W$SD", "wsd_pct"),
    ("AF", "af"),
    ("AFq", "afq_pct"),
)
"""The text table of --stats: heading and column (rates in percent, AF a ratio)."""


def _print_stats(result: Any, statistics: Any, player: str | None) -> None:
    """Per player (or, with --player, per position and in all): the rates, in percent."""

    def cells(row: Any) -> list[str]:
        return [
            "-" if math.isnan(row[col]) else f"{row[col]:.{2 if col == 'af' else 1}f}"
            for _, col in STAT_HEADERS
        ]

    headers = [h for h, _ in STAT_HEADERS]
    if player is None:
        more = len(statistics) - SHOWN
        shown = statistics.iloc[:SHOWN]
        rows = [[name, int(r["hands"]), *cells(r)] for name, r in shown.iterrows()]
        print(table(rows, ["player", "hands", *headers]))
        if more > 0:
            print(f"... and {more} more players (--json lists all, --player NAME shows one)")
    else:
        rows = [[pos, int(r["hands"]), *cells(r)] for (_, pos), r in statistics.iterrows()]
        total = result.stats(player, by=None).iloc[0]
        rows.append(["all", int(total["hands"]), *cells(total)])
        print(f"{player}:")
        print(table(rows, ["position", "hands", *headers]))
    print("rates in percent (AF a ratio); --json gives the counts and opportunities")
    _print_counts(result)


def _stats_dict(result: Any, player: str | None) -> dict[str, Any]:
    """The JSON of --stats: the hands read and skipped, and each player's statistics."""
    from ..histories.stats import stats_records

    data = {k: v for k, v in result.to_dict(player).items() if k != "players"}
    data["players"] = stats_records(result.hands, player)
    return data


def _plural(count: int, noun: str) -> str:
    """``1 hand``, ``2 hands``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _print_money(result: Any, summary: Any) -> None:
    """The summary in prize money: chips won, then the hands valued in money (ICM)."""
    more = len(summary) - SHOWN
    summary = summary.iloc[:SHOWN]
    rows = [
        [
            name,
            int(r["hands"]),
            f"{r['net']:.0f}",
            int(r["money_hands"]),
            *(_money(r[name]) for name in ("money", "ev_money", "luck_money")),
            int(r["allins"]),
        ]
        for name, r in summary.iterrows()
    ]
    headers = ["player", "hands", "chips won", "in money", "money", "ev money", "luck money"]
    print(table(rows, [*headers, "all-ins"]))
    if more > 0:
        print(f"... and {more} more players (--json lists all, --player NAME shows one)")
    _print_counts(result)
    for reason, count in result.money_reasons().items():
        print(f"  {count} in chips, not money: {reason}")


def _money(value: float) -> str:
    """A sum of prize money, ``-`` for a player with no hand in money."""
    return "-" if value != value else f"{value:.2f}"


def _share(value: float, count: int) -> str:
    """The favourite's mean share of the main pot won, and of how many all-ins."""
    if count == 0:
        return "-"
    return f"{value:.0%} of {count}"


def _save_plot(result: Any, player: str | None, path: Any, shown: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    from ..histories.plot import plot_results

    axes = plot_results(result, [player] if player else None)
    save_figure(axes.figure, path, shown)


def definitions() -> str:
    """What ``--definitions`` prints: the all-in scoring, the statistics, the money."""
    from ..histories import DEFINITIONS, MONEY_DEFINITIONS
    from ..histories.stats import DEFINITIONS as STATS

    return (
        fill_paragraphs(DEFINITIONS + "\n\n" + STATS)
        + "\n\nIn money (--payouts, --summary):\n"
        + fill_paragraphs(MONEY_DEFINITIONS)
    )


def _epilog() -> str:
    return (
        "examples:\n"
        "  equity history hands.phhs\n"
        "  equity history histories/ --player Hero --plot hero.png\n"
        "  equity history 'hands/**/*.phhs' --out hands.parquet --json\n"
        "  equity history ~/PokerStars/HandHistory/Hero --stats --player Hero\n"
        "  equity history ggpoker-exports/ pokernow-log.csv --player Hero\n"
        "  zcat hands.phhs.gz | equity history -\n"
        "  equity history final-table/ --payouts "
        "12.29,9.24,6.75,5.11,3.68,2.45,1.43 --player Hero\n"
        "  equity history sng/ --payouts 50%,30%,20% --entrants 9 --json\n"
        "  equity history mtt/ --summary 'TS20260101 T123456789.txt' --plot money.png\n"
        "  equity history --definitions\n\n"
        "--definitions prints how the all-in moment, the pots, ev and luck, the tracker\n"
        "statistics and the values in prize money are defined (as the documentation states\n"
        "them).\n\n"
        "With --scheduler the files are the units of work on Dask (the workers read them by\n"
        "their absolute paths: the same machine or a shared file system); the results are\n"
        "identical to a run here.\n\n"
        "Exit code 2 when no hand could be read and reconciled, or with --strict when any\n"
        "hand was skipped; each skipped hand is named on stderr with its reason."
    )


def add_history(sub: Any) -> None:
    """Register ``equity history``."""
    p = sub.add_parser(
        "history",
        help="all-in equity, EV-adjusted results and luck from hand histories (PHH, PokerStars, "
        "GGPoker, PokerNow)",
        description="Read hand histories: PHH (.phh, .phhs), PokerStars text files "
        "(.txt, cash games and tournaments, as the client writes them), GGPoker text files "
        "(cash games) and PokerNow logs (.csv), folders, globs, .gz, - for stdin; replay and "
        "reconcile every hand (a hand read twice counted once), and score each all-in: exact "
        "equity in each pot, EV-adjusted net won (ev) and luck = net - ev, per player.",
        epilog=_epilog,
    )
    p.add_argument("paths", nargs="*", metavar="PATH", help="files, folders, globs or -")
    p.add_argument(
        "--definitions",
        action="store_true",
        help="print the definitions (all-in scoring, statistics, money) and exit",
    )
    p.add_argument("--player", metavar="NAME", help="the summary (and plot) of one player only")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    p.add_argument(
        "--stats",
        action="store_true",
        help="tracker statistics instead of the summary: VPIP, PFR, 3-bet, fold to 3-bet, "
        "steal, c-bet, fold to c-bet, WTSD, W$SD, AF, AFq (with --player: per position)",
    )
    p.add_argument(
        "--out", metavar="FILE", help="write one row per hand and player (.csv or .parquet)"
    )
    p.add_argument(
        "--plot",
        metavar="FILE",
        help="cumulative net won and EV-adjusted net won by hand (.png, .svg, .pdf)",
    )
    p.add_argument(
        "--payouts",
        metavar="PRIZES",
        help="tournament prizes, first place first: amounts (12.29,9.24,6.75) or shares of "
        "the pool (50%%,30%%,20%%); final-table hands get ev/luck in prize money (ICM)",
    )
    p.add_argument(
        "--entrants",
        metavar="N",
        type=parse_count,
        help="players who entered the tournament (with --payouts): a table seating them "
        "all is the whole field",
    )
    p.add_argument(
        "--summary",
        metavar="FILE",
        action="append",
        help="a PokerStars tournament summary: its prizes and entrants (repeat for more)",
    )
    p.add_argument("--strict", action="store_true", help="exit code 2 when any hand was skipped")
    add_scheduler(p)  # files as units of work; the workers must see the files
    p.set_defaults(func=_cmd_history)
