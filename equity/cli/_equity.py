"""``equity query`` (equity of hands and ranges) and ``equity table`` (the exact preflop table)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ._double import BOARDS_HELP
from ._hands import (
    INDEPENDENT_DECKS,
    RULES_LINE,
    add_game,
    check_independent_decks,
    independent_deck_games,
    rules_of,
)
from ._runs import add_runs, check_runs, describe_run_outs, run_runs
from ._util import (
    EXIT_INTERRUPTED,
    CliError,
    Progress,
    check_output_file,
    check_parquet,
    check_threads,
    compile_notice,
    emit_json,
    parse_count,
    positive_float,
    seconds,
    seed,
    stderr_target,
    table,
    threads,
)

__all__ = [
    "add_query",
    "add_scheduler",
    "add_table",
    "describe_result",
    "note",
    "note_exact_instead",
    "note_plan",
    "note_seed_ignored",
]


def add_scheduler(p: argparse.ArgumentParser) -> None:
    """Add ``--scheduler``."""
    p.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="Dask: tcp://host:8786 or local[:N], N processes here",
    )


def add_sampling(p: argparse.ArgumentParser, time_help: str) -> None:
    """Add ``--time``, ``--seed`` and ``--threads``."""
    p.add_argument("--time", type=positive_float, metavar="SECONDS", help=time_help)
    p.add_argument("--seed", type=seed, help="random seed (recorded in the output)")
    p.add_argument("--threads", type=threads, help="worker threads (default: all cores)")


def add_progress(p: argparse.ArgumentParser) -> None:
    """Add ``--quiet`` and ``--progress``."""
    p.add_argument("--quiet", action="store_true", help="no progress bar and no notices")
    p.add_argument(
        "--progress", action="store_true", help="progress as plain lines on stderr, even off a tty"
    )


# ---------------------------------------------------------------------------
# query


def _mc_flags(args: argparse.Namespace) -> list[str]:
    """The Monte-Carlo stopping flags given: ``--trials``, ``--stderr``, ``--time``."""
    options = {"--trials": args.trials, "--stderr": args.stderr, "--time": args.time}
    return [f for f, v in options.items() if v is not None]


def calculate_options(args: argparse.Namespace) -> dict[str, Any]:
    """``calculate``'s keyword arguments from the sampling flags (``query``, ``distribution``).

    ``--exact`` with a Monte-Carlo flag, or a bad ``--threads``, is a one-sentence error
    (``--seed`` is accepted: :func:`note_seed_ignored` says it is unused).
    """
    if args.exact and (given := _mc_flags(args)):
        raise CliError(f"--exact enumerates every outcome: it takes no {', '.join(given)}")
    check_threads(args.threads)
    return {
        "game": args.game,
        "method": "exact" if args.exact else "monte-carlo" if args.mc else "auto",
        "trials": args.trials,
        "target_stderr": args.stderr,
        "time_limit": args.time,
        "seed": args.seed,
        "threads": args.threads,
        "rules": rules_of(args),
        "scheduler": args.scheduler,
    }


def note(args: argparse.Namespace, text: str) -> None:
    """Print ``equity COMMAND: note: TEXT`` on stderr, unless ``--quiet``."""
    if not getattr(args, "quiet", False):
        print(f"equity {args.command}: note: {text}", file=sys.stderr, flush=True)


def note_exact_instead(args: argparse.Namespace, planned: Any) -> None:
    """Say so when ``--trials``, ``--stderr`` or ``--time`` turn a spot that ``method="auto"``
    would enumerate into Monte-Carlo, with the exact alternative and its time.

    ``planned`` is the run's :class:`equity.engine.plan.Plan` (or the hands, planned
    here only when the note may be due): its exact work
    (:attr:`~equity.engine.plan.Plan.exact_work`, hand evaluations) against
    :data:`~equity.engine.EXACT_AUTO_LIMIT` and its estimated seconds
    (:attr:`~equity.engine.plan.Plan.exact_seconds`).
    """
    given = _mc_flags(args)
    if args.exact or args.mc or not given:
        return
    from ..engine import EXACT_AUTO_LIMIT
    from ..engine.plan import plan

    if isinstance(planned, list):
        decks = getattr(args, "independent_decks", False)
        options = calculate_options(args)
        planned = plan(planned, args.board or "", args.dead or "", independent_decks=decks,
                       **options)  # fmt: skip
    if planned.route != "job":
        return  # a partly known board: the plan's reason names the exact alternative
    if planned.exact_work is None or planned.exact_work > EXACT_AUTO_LIMIT:
        return
    seconds = planned.exact_seconds
    when = "under 0.1 s" if seconds < 0.1 else f"about {seconds:.1f} s"
    flags = " and ".join(given)
    note(
        args,
        f"{flags} make{'s' if len(given) == 1 else ''} this a Monte-Carlo estimate, but the "
        f"spot enumerates exactly in {when}; drop {flags} for the exact answer",
    )


LONG_SECONDS = 10.0
"""``query`` says up front when its plan's estimate (:attr:`equity.engine.plan.Plan.seconds`)
passes this many seconds."""


def note_plan(args: argparse.Namespace, planned: Any) -> None:
    """Before a run: say when ``--trials`` is raised (each board of a partly known board is
    dealt at least :data:`~equity.engine.patterns.MIN_BOARD_DEALS` times) and when the run
    is estimated to take longer than :data:`LONG_SECONDS`, with the plan in one line."""
    from ..engine.patterns import MIN_BOARD_DEALS

    trials = getattr(args, "trials", None)
    if planned.route == "board-pattern" and trials is not None and planned.work > trials:
        assert planned.boards is not None
        note(
            args,
            f"--trials {trials:,} is raised to {planned.work:,}: each of the "
            f"{len(planned.boards.jobs):,} boards of {planned.board!r} is dealt at least "
            f"{MIN_BOARD_DEALS} times",
        )
    if planned.seconds > LONG_SECONDS:
        note(args, f"this will take a while: {planned.reason}")


def note_seed_ignored(args: argparse.Namespace, exact: bool) -> None:
    """Say so when a run given ``--seed`` was exact: nothing was dealt at random."""
    if exact and args.seed is not None:
        note(args, f"--seed {args.seed} is ignored: an exact run deals nothing at random")


def too_large(exc: Any) -> CliError:
    """The error of an ``--exact`` job beyond ``EXACT_HARD_LIMIT`` (a ``TooLargeForExact``)."""
    from ..checks import limit_text
    from ..engine import EXACT_HARD_LIMIT

    return CliError(
        f"exact enumeration would take about {exc.work:.2e} hand evaluations, beyond the "
        f"limit of {limit_text(EXACT_HARD_LIMIT)}: drop --exact or use --mc"
    )


def _cmd_query(args: argparse.Namespace) -> int:
    import numpy as np

    if args.boards == 2:
        from ._double import query_double

        return query_double(args)

    from ..engine import TooLargeForExact
    from ..engine.plan import plan

    check_independent_decks(args)
    options = calculate_options(args)
    pot_odds = _pot_odds(args)
    check_runs(args)
    progress = Progress(args, "simulating")
    try:
        with compile_notice(args):
            planned = plan(  # the job prepared once: the note reads it, the run runs it
                args.hands,
                args.board or "",
                args.dead or "",
                independent_decks=args.independent_decks,
                progress=progress,
                on_update=progress.update if progress.enabled else None,
                categories=args.categories,
                **options,
            )
            note_exact_instead(args, planned)
            note_plan(args, planned)
            result = planned.run()
            runs = None if result.interrupted else run_runs(args)
    except TooLargeForExact as exc:
        raise too_large(exc) from None
    finally:
        progress.close()
    note_seed_ignored(args, result.exact)
    call = None
    if pot_odds is not None:
        from ..decisions.call import call_ev

        call = call_ev(result, *pot_odds)
    if args.json:
        data = result.to_dict()
        if call is not None:
            data["call"] = call.to_dict()
        if runs is not None:
            data["runs"] = runs.to_dict()
        emit_json(data)
    else:
        print(describe_result(result))
        if result.category_counts is not None:
            print(result.categories_text())
        if call is not None:
            print(call.text())
            print(POT_NOTE if len(result.hands) > 2 else POT_NOTE.split(";")[0])
        if runs is not None:
            print(describe_run_outs(runs))
    if args.stderr is not None and result.stop_reason not in ("stderr", "interrupted"):
        assert result.stderr is not None  # Monte-Carlo: --stderr rules out --exact
        worst = float(np.max(result.stderr))
        why = "--time" if result.stop_reason == "time" else "--trials"
        print(
            f"equity query: warning: stopped by {why} at {result.samples:,} trials with a "
            f"std err of {worst:.4%}, above the --stderr target {args.stderr:.4%}",
            file=sys.stderr,
        )
    interrupted = result.interrupted or (runs is not None and runs.interrupted)
    return EXIT_INTERRUPTED if interrupted else 0


POT_NOTE = (
    "the pot counts every chip in before the call, the bet being called included; "
    "multiway, the other players' chips too: player 0's equity is his share of the whole "
    "final pot, nobody acts after the call and no side pot is modelled"
)
"""How ``query --pot --call`` counts the pot (the first clause heads-up, all of it multiway)."""


def _pot_odds(args: argparse.Namespace) -> tuple[float, float] | None:
    """``(pot, call)`` from ``--pot`` and ``--call`` (both or neither), checked before the run."""
    if args.pot is None and args.call is None:
        return None
    if args.pot is None or args.call is None:
        given, missing = ("--pot", "--call") if args.call is None else ("--call", "--pot")
        raise CliError(f"{given} needs {missing} too: the EV of a call takes the pot and the call")
    from ..decisions.call import break_even

    break_even(args.pot, args.call)  # one sentence for a negative amount or an empty pot
    return args.pot, args.call


def chips(text: str) -> float:
    """A chip amount (``--pot``, ``--call``): a finite number at least 0."""
    try:
        value = float(text.strip().replace("_", "").replace(",", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of chips") from None
    if not (value >= 0 and value != float("inf")):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of chips at least 0")
    return value


def describe_result(result: Any) -> str:
    """The readable table of ``equity query``."""
    where = f", board {result.board}" if result.board else ""
    where += f", dead {result.dead}" if result.dead else ""
    if result.exact:
        how = "read from the shipped enumeration" if result.precomputed else "enumerated"
        head = (
            f"{result.game}{where}: exact, {result.samples:,} outcomes {how} "
            f"in {seconds(result.elapsed_s, result.compile_s, digits=3)}"
        )
    else:
        head = (
            f"{result.game}{where}: Monte-Carlo estimate, {result.samples:,} trials, "
            f"seed {result.seed}, {seconds(result.elapsed_s, result.compile_s)}"
        )
        if result.interrupted:
            head += " (interrupted: result so far)"
    hilo = result.outcomes is not None and "low_win" in result.outcomes
    rows = []
    for p, hand in enumerate(result.hands):
        row = [p, hand, f"{result.equity[p]:.4%}", f"{result.win[p]:.4%}", f"{result.tie[p]:.4%}"]
        if hilo:
            o = result.outcomes or {}
            row += [f"{o[k][p]:.4%}" for k in ("high_win", "high_tie", "low_win", "low_tie")]
        if not result.exact:
            lo, hi = result.ci95[p]
            row += [f"{result.stderr[p]:.4%}", f"{lo:.4%} - {hi:.4%}"]
        rows.append(row)
    headers = ["player", "hand", "equity", "scoop" if hilo else "win", "part" if hilo else "tie"]
    if hilo:
        headers += ["high", "high tie", "low", "low tie"]
    if not result.exact:
        headers += ["std err", "95% interval"]
    lines = [head, table(rows, headers)]
    if hilo:
        no_low = float((result.outcomes or {})["no_low"][0])
        lines.append(
            f"no qualifying low in {no_low:.4%} of deals; scoop = the whole pot alone, "
            "part = some of the pot but not all"
        )
    by_class = {p: combos.get("classes", {}) for p, combos in result.combo_results.items()}
    if all(len(classes) <= 1 for classes in by_class.values()):
        by_class = {}  # one class each: the table above says it all
    for p, classes in by_class.items():
        if classes:
            best = sorted(classes.items(), key=lambda kv: -kv[1])
            shown = ", ".join(f"{k} {v:.1%}" for k, v in best[:12])
            more = f", ... ({len(best)} classes)" if len(best) > 12 else ""
            lines.append(f"player {p} {result.hands[p]} by class: {shown}{more}")
    if result.exact:
        lines.append("figures are exact (every outcome enumerated)")
    else:
        lines.append(
            "figures are Monte-Carlo estimates; std err from batch means, "
            "95% interval = equity ± 1.96 std err"
        )
    return "\n".join(lines)


def add_query(sub: Any) -> None:
    """Register ``equity query``."""
    p = sub.add_parser(
        "query",
        help="equity of each hand (exact or Monte-Carlo)",
        description="Each player's share of the pot: exact when quick, else Monte-Carlo.",
        epilog=lambda: (
            "examples:\n"
            "  equity query AsKs QhQd                          # exact: all 1,712,304 boards\n"
            "  equity query AhKd 'QQ+,AKs' random --board Ts9s2h  # exact: 12,515,580 deals\n"
            "  equity query AsKs random random --trials 1e6 --seed 1   # Monte-Carlo\n"
            "  equity query AsKs 'A *' --board '2c7d9h h'    # an ace and any card; a heart turn\n"
            "  equity query --game zjh AhAdAc 2s3d5c random --special-235\n"
            "  equity query --game omaha-hilo 'AA23 ds' random --trials 1e6 --json\n"
            "  equity query --game razz '(As2s)3d' '(QhQd)2c'   # stud: the cards so far\n"
            "  equity query --game deuce-seven 7h5c4d3s 9h8c6d5h2c --dead Kc   # draws one\n"
            "  equity query 9h8h AcAd --board 2h5hKcQs --pot 30 --call 10   # EV of the call\n"
            "Ctrl-C: the result so far, exit code 130; " + RULES_LINE
        ),
    )
    add_game(p)
    p.add_argument(
        "hands",
        nargs="+",
        metavar="HAND",
        help="cards (AsKs), random, range (QQ+,AKs), pattern (AA**), partly known: "
        "A an ace, c a club, * any (2c: one card)",
    )
    p.add_argument("--board", help="community cards (0, 3, 4 or 5; may be partly known)")
    p.add_argument("--dead", help="cards out of play")
    p.add_argument("--boards", type=int, choices=(1, 2), default=1, metavar="N", help=BOARDS_HELP)
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--exact", action="store_true", help="enumerate every outcome")
    mode.add_argument("--mc", action="store_true", help="Monte-Carlo even when exact is quick")
    p.add_argument("--trials", type=parse_count, help="Monte-Carlo deals (default 1e6)")
    p.add_argument(
        "--stderr",
        type=stderr_target,
        metavar="X",
        help="stop at a std error of X (0.001, 0.1%%); no 1e6 cap",
    )
    add_sampling(p, "stop Monte-Carlo after about SECONDS; no 1e6 cap")
    decks = p.add_mutually_exclusive_group()
    takes = independent_deck_games()
    decks.add_argument(
        "--shared-deck", action="store_true", help=f"{takes}: deal everyone from one deck (default)"
    )
    decks.add_argument(
        "--independent-decks", action="store_true", help=f"{takes}: {INDEPENDENT_DECKS}"
    )
    p.add_argument(
        "--categories",
        action="store_true",
        help="count the categories each player ends and wins with",
    )
    p.add_argument(
        "--pot",
        type=chips,
        metavar="P",
        help="with --call: the pot before the call, bet included",
    )
    p.add_argument(
        "--call",
        type=chips,
        metavar="C",
        help="with --pot: its cost; prints the EV of calling",
    )
    add_runs(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_progress(p)
    add_scheduler(p)
    p.set_defaults(func=_cmd_query)


# ---------------------------------------------------------------------------
# table


def _cmd_table(args: argparse.Namespace) -> int:
    from ..control import Stopwatch
    from ..preflop_table import preflop_table

    out = check_output_file(args.out)
    if out.suffix.lower() not in (".parquet", ".csv"):
        raise CliError(f"the table is written as .parquet or .csv, not {args.out!r}")
    check_parquet(out)
    chunks = out.with_name(out.name + ".chunks")
    progress = Progress(args, "suit patterns", delay=0.0)
    watch = Stopwatch()
    try:
        with compile_notice(args):
            frame = preflop_table(args.out, scheduler=args.scheduler, progress=progress)
    except KeyboardInterrupt:
        kept = len(list(chunks.glob("*.npy"))) if chunks.is_dir() else 0
        if kept:
            print(
                f"interrupted: {kept} finished chunks are kept in {chunks}/; run the same "
                "command again to resume",
                file=sys.stderr,
            )
        return EXIT_INTERRUPTED
    finally:
        progress.close()
    where = f" on Dask ({args.scheduler})" if args.scheduler else ""
    print(
        f"exact preflop table: {len(frame):,} matchups of the 169 classes, every suit "
        f"combination and board, {seconds(*watch.split(), digits=1)}{where}; "
        f"written to {args.out}"
    )
    return 0


def add_table(sub: Any) -> None:
    """Register ``equity table``."""
    p = sub.add_parser(
        "table",
        help="exact table of every preflop class matchup",
        description="Exact heads-up win/tie/loss counts for all 14,365 matchups of the 169 "
        "starting-hand classes, every suit combination and board. Finished chunks are kept "
        "beside OUT, so an interrupted run resumes.",
        epilog=lambda: (
            "examples:\n"
            "  equity table preflop --out preflop.parquet           # about 2 minutes on 2 cores\n"
            "  equity table preflop --out preflop.csv --scheduler local:4"
        ),
    )
    p.add_argument("kind", choices=["preflop"], help="the table to compute")
    p.add_argument(
        "--exact",
        action="store_true",
        help="enumerate every outcome (the only method; may be omitted)",
    )
    p.add_argument(
        "--out",
        required=True,
        metavar="FILE.parquet",
        help="output file, .parquet or .csv",
    )
    add_progress(p)
    add_scheduler(p)
    p.set_defaults(func=_cmd_table)
