"""``equity freq`` (hand-category frequencies) and ``equity report`` (reports on disk)."""

from __future__ import annotations

import argparse
import contextlib
from typing import Any

from ._equity import add_progress, add_sampling, add_scheduler, note_seed_ignored
from ._hands import RULES_LINE, add_game, rules_of
from ._util import (
    EXIT_INTERRUPTED,
    CliError,
    Progress,
    check_output_dir,
    compile_notice,
    emit_json,
    parse_count,
    seconds,
    seed,
    set_threads,
    table,
    threads,
)

__all__ = ["add_freq", "add_report"]


# ---------------------------------------------------------------------------
# freq


def _cmd_freq(args: argparse.Namespace) -> int:
    from ..analysis.frequencies import SPECIAL_235, category_frequencies
    from ..games import GAMES, a_hand_of

    rules = rules_of(args)
    game = GAMES[args.game]
    if args.cards is not None and args.cards not in game.hand_sizes:
        sizes = " or ".join(map(str, game.hand_sizes))
        raise CliError(f"--cards {args.cards}: {a_hand_of(args.game)} has {sizes} cards")
    if args.exact:
        options = {"--trials": args.trials, "--time": args.time}
        given = [f for f, v in options.items() if v is not None]
        if given:
            raise CliError(f"--exact enumerates every hand: it takes no {', '.join(given)}")
        if not game.exact_odds:
            raise CliError(
                f"no exact count of {args.game} hands is available: drop --exact for "
                "Monte-Carlo (with standard errors)"
            )
    set_threads(args.threads)
    note_seed_ignored(args, args.exact)
    progress = Progress(args, "dealing")
    try:
        with compile_notice(args):
            freq = category_frequencies(
                args.game,
                cards=args.cards,
                method="exact" if args.exact else "monte-carlo",
                trials=args.trials,
                seed=None if args.exact else args.seed,
                time_limit=args.time,
                rules=rules,
                progress=progress,
                scheduler=args.scheduler,
            )
    finally:
        progress.close()
    code = EXIT_INTERRUPTED if freq.interrupted else 0
    if args.json:
        emit_json(freq.to_dict())
        return code
    if args.exact:
        method = "exact (every hand enumerated)"
    else:
        method = f"Monte-Carlo, {freq.hands:,} hands, seed {freq.seed}"
        if freq.interrupted:
            method += " (interrupted: the hands dealt so far)"
        elif freq.stop_reason == "time":
            method += " (stopped by --time)"
    took = seconds(freq.elapsed_s, freq.compile_s)
    print(f"{args.game}: hand categories of {freq.cards} cards, {method}, {took}")
    if not freq.exact_probabilities:  # no exact odds known (Omaha)
        return _print_estimate_only(freq, code)
    rows = []
    for name, count in freq.counts.items():
        p = freq.exact_probabilities[name]
        share = count / freq.hands
        label = f"{name} *" if name == SPECIAL_235 else name
        row = [label, f"{count:,}", f"{share:.6%}", f"{p:.6%}"]
        if not args.exact:
            se = (p * (1 - p) / freq.hands) ** 0.5
            row += [f"{se:.6%}", f"{(share - p) / se:+.2f}" if se else "0"]
        rows.append(row)
    headers = ["category", "count", "frequency", "exact"]
    if not args.exact:
        headers += ["std err", "z"]
    print(table(rows, headers))
    if SPECIAL_235 in freq.counts:
        print("* off-suit 2-3-5 hands: already counted in high card, not part of the total")
    _print_low(freq)
    if args.exact:
        print(
            "counts are exact; 'exact' is the probability of equity.evaluators.odds "
            "(closed forms where known)"
        )
    else:
        stat, pval = freq.chi_square()
        print(
            f"Monte-Carlo estimate; std err is binomial at the exact p; "
            f"chi-square {stat:.2f}, p-value {pval:.3f}"
        )
    return code


def _print_low(freq: Any) -> None:
    """Hi-lo games: how many hands hold an eight-or-better low."""
    low = freq.to_dict().get("qualifying_low")
    if low:
        spread = f" ± {low['stderr']:.4%}" if freq.method == "monte-carlo" else ""
        print(
            f"qualifying low (eight or better): {low['count']:,} hands, "
            f"{low['frequency']:.4%}{spread}"
        )


def _print_estimate_only(freq: Any, code: int) -> int:
    """The table of a game without exact odds: frequency, standard error, 95% interval."""
    frame = freq.to_frame()
    rows = [
        [
            name,
            f"{int(row['count']):,}",
            f"{row['frequency']:.6%}",
            f"{row['stderr']:.6%}",
            f"{row['ci95_low']:.4%} - {row['ci95_high']:.4%}",
        ]
        for name, row in frame.iterrows()
    ]
    print(table(rows, ["category", "count", "frequency", "std err", "95% interval"]))
    _print_low(freq)
    print(
        "Monte-Carlo estimates (no exact odds are known for this game); std err is binomial at "
        "the observed frequency"
    )
    return code


def add_freq(sub: Any) -> None:
    """Register ``equity freq``."""
    p = sub.add_parser(
        "freq",
        help="hand-category frequencies vs exact odds",
        description="Count hand categories exhaustively (--exact) or by dealing random hands "
        "(Monte-Carlo), beside the exact closed-form probabilities.",
        epilog=lambda: (
            "examples:\n"
            "  equity freq --game holdem --exact          # all 133,784,560 seven-card hands\n"
            "  equity freq --game shortdeck --exact --cards 5 --straight-beats-trips\n"
            "  equity freq --game five --trials 1e8 --seed 7\n"
            "  equity freq --game omaha-hilo --trials 1e7    # four hole cards and a board\n"
            "  equity freq --game zjh --time 10 --json     # as many hands as fit in 10 s\n"
            "  equity freq --game razz --exact             # every seven-card low, counted\n"
            "  equity freq --game badugi --trials 1e7\n\n"
            "Hands are dealt in rounds: memory stays small whatever --trials, and Ctrl-C prints "
            "the\ncounts so far (exit code 130). --straight-over-flush changes the order of the "
            "Zha Jin Hua\ncategories, never their counts; --straight-beats-trips also moves "
            "the short-deck hands\nholding a straight and three of a kind.\n" + RULES_LINE
        ),
    )
    add_game(p)
    p.add_argument(
        "--cards",
        type=int,
        metavar="N",
        help="cards in one dealt hand, one of the game's hand sizes (" + _hand_sizes() + "; "
        "default the largest)",
    )
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--exact", action="store_true", help="enumerate every hand")
    mode.add_argument(
        "--trials", type=parse_count, help="random hands to deal (default 1e6, no cap with --time)"
    )
    add_sampling(p, "stop dealing after about this many seconds")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_progress(p)
    add_scheduler(p)
    p.set_defaults(func=_cmd_freq)


def _hand_sizes() -> str:
    """The hand sizes of the games that have several, for ``--cards``'s help."""
    from ..games import GAMES

    return ", ".join(
        f"{g.name} {'/'.join(map(str, g.hand_sizes))}"
        for g in GAMES.values()
        if len(g.hand_sizes) > 1
    )


def _cmd_report(args: argparse.Namespace) -> int:
    from ..control import Stopwatch
    from ..reports import ReportInterrupted, run_report

    if args.recompute and args.trials is not None:
        raise CliError("--recompute recomputes the exact references; it takes no --trials")
    check_output_dir(args.out)
    set_threads(args.threads)
    bar = Progress(args, "report", delay=0.0)
    watch = Stopwatch()
    interrupted = False
    with contextlib.ExitStack() as cluster:
        if args.scheduler is not None:  # every equity calculation of the report on Dask
            from ..engine import use_scheduler

            cluster.enter_context(use_scheduler(args.scheduler))
        try:
            cluster.enter_context(compile_notice(args))
            written = run_report(
                args.kind,
                args.out,
                trials=args.trials,
                seed=args.seed,
                method="exact" if args.recompute else "auto",
                size=args.size,
                matchups=args.matchups,
                progress=bar,
            )
        except ReportInterrupted as stop:
            written, interrupted = stop.written, True
        finally:
            bar.close()
    pages = [p for p in written if str(p).endswith(".md")]
    state = "interrupted, the pages so far" if interrupted else "done"
    print(
        f"report {args.kind} ({state}): {len(written)} files written under {args.out} in "
        f"{seconds(*watch.split(), digits=1)} (seed {args.seed})"
    )
    for page in pages:
        print(f"  {page}")
    return EXIT_INTERRUPTED if interrupted else 0


REPORT_KINDS = ("flops", "frequencies", "matchups", "omaha", "preflop", "ranges", "zjh")
"""The report pages (``equity.reports.KINDS``, written out so the CLI starts without
importing the report machinery; a test keeps the two equal)."""


def add_report(sub: Any) -> None:
    """Register ``equity report``."""
    p = sub.add_parser(
        "report",
        help="write frequency and head-to-head reports",
        description="Write Markdown pages with their CSV tables and PNG plots: simulated "
        "frequencies and win rates beside the exact odds, reproducible from the seed.",
        epilog=lambda: (
            "examples:\n"
            "  equity report all --out build/reports                 # a few minutes on 2 cores\n"
            "  equity report frequencies --out build/freq --size small\n"
            "  equity report preflop --out build/preflop --recompute --seed 7\n"
            "  equity report omaha --out build/omaha --size small     # Omaha and short deck\n"
            "  equity report ranges --out build/ranges --size small   # range hits on flops\n"
            "  equity report flops --out build/flops    # opening v 3-bet range, every flop\n\n"
            "Ctrl-C stops the report: the pages finished so far are written (the page in progress "
            "is\nmarked interrupted) and the exit code is 130."
        ),
    )
    p.add_argument("kind", choices=[*REPORT_KINDS, "all"])
    p.add_argument("--out", required=True, metavar="DIR", help="output folder")
    p.add_argument("--trials", type=parse_count, help="Monte-Carlo deals per estimate")
    p.add_argument("--seed", type=seed, default=2026, help="random seed (default 2026)")
    p.add_argument(
        "--recompute",
        action="store_true",
        help="also recompute the exact references by enumeration (the frequency tables "
        "and the preflop sweep)",
    )
    p.add_argument(
        "--size",
        choices=["small", "default", "full"],
        default="default",
        help="report size preset (full: all 14,365 preflop matchups)",
    )
    p.add_argument("--matchups", type=parse_count, help="preflop matchups sampled")
    p.add_argument("--threads", type=threads, help="worker threads (default: all cores)")
    add_progress(p)
    add_scheduler(p)
    p.set_defaults(func=_cmd_report)
