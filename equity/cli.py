"""The ``equity`` command: a thin layer over the public API.

Every subcommand validates its input through the API; a ``ValueError`` is
printed as one sentence on stderr with exit code 2 (no traceback).  Heavy
modules (pandas, matplotlib) are imported only by the commands that need
them, so ``equity eval`` starts about as fast as ``import numba``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Sequence
from typing import Any

from . import __version__

__all__ = ["main"]

EXIT_USAGE = 2


class CliError(ValueError):
    """A user error detected by the CLI itself."""


def parse_count(text: str) -> int:
    """Parse a positive count written ``1000000``, ``1_000_000`` or ``1e6``.

    Examples
    --------
    >>> parse_count("1e6"), parse_count("1_000_000")
    (1000000, 1000000)
    """
    cleaned = text.strip().replace("_", "").replace(",", "")
    try:
        value = float(cleaned) if any(c in cleaned for c in ".eE") else int(cleaned)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if value != int(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return int(value)


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be positive")
    return value


def _seed(text: str) -> int:
    try:
        value = int(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer seed") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"seed {text!r} must be non-negative")
    return value


def _table(rows: Sequence[Sequence[object]], headers: Sequence[str]) -> str:
    """Format rows as an aligned plain-text table (numbers right-aligned)."""
    cells = [[str(h) for h in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    numeric = [
        all(_is_number(r[i]) for r in cells[1:]) and len(cells) > 1 for i in range(len(headers))
    ]

    def fmt(row: list[str]) -> str:
        return "  ".join(
            c.rjust(w) if num else c.ljust(w)
            for c, w, num in zip(row, widths, numeric, strict=True)
        ).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([fmt(cells[0]), rule, *(fmt(r) for r in cells[1:])])


def _is_number(text: str) -> bool:
    try:
        float(text.rstrip("%").replace(",", ""))
    except ValueError:
        return False
    return True


def _emit_json(obj: object) -> None:
    print(json.dumps(obj, indent=2, ensure_ascii=False))


# ---------------------------------------------------------------------------
# eval / compare


def _rules(args: argparse.Namespace) -> Any:
    from .zjh import ZJHRules

    return ZJHRules(
        special_235=args.special_235,
        suit_tiebreak=args.suit_tiebreak,
        order="straight_over_flush" if args.straight_over_flush else "zjh",
    )


def _check_rules_flags(args: argparse.Namespace) -> None:
    if args.game != "zjh":
        for flag in ("special_235", "suit_tiebreak", "straight_over_flush"):
            if getattr(args, flag):
                option = "--" + flag.replace("_", "-")
                raise CliError(f"{option} applies to --game zjh only, not {args.game!r}")


def _evaluate_one(args: argparse.Namespace, cards: str) -> dict[str, Any]:
    """Evaluate one hand for ``args.game`` and return its JSON record."""
    if args.game == "zjh":
        from .zjh import evaluate_zjh

        z = evaluate_zjh(cards, _rules(args))
        return {
            "cards": _format(z.cards),
            "category": z.category,
            "description": z.description,
            "strength": z.strength,
            "special_235": z.special_235,
            "seed_value": z.seed_value,
            "seed_value_suits": z.seed_value_suits,
            "seed_value_reversed": z.seed_value_reversed,
            "seed_value_suits_reversed": z.seed_value_suits_reversed,
        }
    from .cards import parse_cards
    from .poker import evaluate

    parsed = parse_cards(cards)
    if args.game == "five" and len(parsed) != 5:
        raise CliError(f"a five-card hand needs 5 cards, got {len(parsed)} in {cards!r}")
    if args.game == "holdem" and len(parsed) not in (5, 6, 7):
        raise CliError(
            f"a hold'em hand needs 5 to 7 cards (hole cards and board), "
            f"got {len(parsed)} in {cards!r}"
        )
    record = evaluate(parsed).to_dict()
    if args.game == "five":
        record.pop("best_five")
    return record


def _format(cards: Sequence[int]) -> str:
    from .cards import format_cards

    return format_cards(cards, " ")


def _cmd_eval(args: argparse.Namespace) -> int:
    _check_rules_flags(args)
    record = _evaluate_one(args, " ".join(args.cards))
    if args.json:
        _emit_json({"game": args.game, **record})
        return 0
    print(f"{record['cards']}: {record['description']}")
    print(f"  category  {record['category']}")
    print(f"  strength  {record['strength']}")
    if "best_five" in record:
        print(f"  best five {record['best_five']}")
    if args.game == "zjh":
        print(f"  seed value {record['seed_value']} (with suits {record['seed_value_suits']})")
        if record["special_235"]:
            print("  off-suit 2-3-5: beats a bomb when --special-235 is on")
    return 0


def _cmd_compare(args: argparse.Namespace) -> int:
    _check_rules_flags(args)
    hands = list(args.hands)
    if len(hands) < 2:
        raise CliError("compare needs at least two hands")
    board = args.board or ""
    if board and args.game != "holdem":
        raise CliError(f"--board applies to --game holdem only, not {args.game!r}")
    records = [_evaluate_one(args, f"{h} {board}") for h in hands]
    _check_disjoint(hands, board)
    if args.game == "zjh":
        from .zjh import rank_zjh

        groups = rank_zjh(hands, _rules(args))
    else:
        groups = _groups([r["strength"] for r in records])
    place = {}
    for pos, group in enumerate(groups, start=1):
        for i in group:
            place[i] = (pos, len(group) > 1)
    if args.json:
        players = [
            {"hand": hands[i], **records[i], "place": place[i][0], "tie": place[i][1]}
            for i in range(len(hands))
        ]
        _emit_json({"game": args.game, "board": board or None, "order": groups, "players": players})
        return 0
    rows = []
    for group in groups:
        for i in group:
            pos, tied = place[i]
            rows.append(
                [
                    f"{pos}{'=' if tied else ''}",
                    hands[i],
                    records[i]["description"],
                    records[i]["strength"],
                ]
            )
    print(_table(rows, ["place", "hand", "description", "strength"]))
    winners = groups[0]
    if len(winners) > 1:
        print("tie: " + ", ".join(hands[i] for i in winners) + " split the pot")
    else:
        print(f"winner: {hands[winners[0]]}")
    return 0


def _groups(strengths: Sequence[int]) -> list[list[int]]:
    by_value: dict[int, list[int]] = {}
    for i, s in enumerate(strengths):
        by_value.setdefault(s, []).append(i)
    return [by_value[s] for s in sorted(by_value, reverse=True)]


def _check_disjoint(hands: Sequence[str], board: str) -> None:
    from .cards import format_card, parse_cards

    seen: dict[int, str] = {}
    for source in [*hands, board]:
        for card in parse_cards(source):
            if card in seen:
                raise CliError(
                    f"card {format_card(card)!r} is used twice ({seen[card]!r} and {source!r})"
                )
            seen[card] = source


# ---------------------------------------------------------------------------
# freq


def _cmd_freq(args: argparse.Namespace) -> int:
    from .frequencies import category_frequencies

    if args.exact and (args.trials is not None or args.seed is not None):
        raise CliError("--exact enumerates every hand: it takes no --trials or --seed")
    _set_threads(args.threads)
    table = category_frequencies(
        args.game, exact=args.exact, trials=args.trials or 1_000_000, seed=args.seed
    )
    if args.json:
        _emit_json(table.to_dict())
        return 0
    method = (
        "exact (every hand enumerated)"
        if args.exact
        else (f"Monte-Carlo, {table.hands:,} hands, seed {table.seed}")
    )
    print(f"{args.game}: hand categories, {method}, {table.elapsed_s:.2f} s")
    rows = []
    for name, count in table.counts.items():
        p = table.exact_probabilities[name]
        freq = count / table.hands
        row = [name, f"{count:,}", f"{freq:.6%}", f"{p:.6%}"]
        if not args.exact:
            se = (p * (1 - p) / table.hands) ** 0.5
            row += [f"{se:.6%}", f"{(freq - p) / se:+.2f}" if se else "0"]
        rows.append(row)
    headers = ["category", "count", "frequency", "exact"]
    if not args.exact:
        headers += ["std err", "z"]
    print(_table(rows, headers))
    if args.exact:
        print("counts are exact; 'exact' is the closed-form probability")
    else:
        stat, pval = table.chi_square()
        print(
            f"Monte-Carlo estimate; std err is binomial at the exact p; "
            f"chi-square {stat:.2f}, p-value {pval:.3f}"
        )
    return 0


def _set_threads(threads: int | None) -> None:
    if threads is None:
        return
    import numba

    if not 1 <= threads <= numba.config.NUMBA_NUM_THREADS:
        raise CliError(
            f"--threads must be between 1 and {numba.config.NUMBA_NUM_THREADS}, got {threads}"
        )
    numba.set_num_threads(threads)


# ---------------------------------------------------------------------------
# query


class _Progress:
    """A rich progress bar on stderr, shown only once a run passes ``delay`` seconds."""

    def __init__(self, enabled: bool, label: str, delay: float = 1.0) -> None:
        import time

        self.enabled = enabled
        self.label = label
        self.delay = delay
        self.start = time.perf_counter()
        self.bar: Any = None
        self.task: Any = None

    def __call__(self, done: int, total: int) -> None:
        import time

        if not self.enabled:
            return
        if self.bar is None:
            if time.perf_counter() - self.start < self.delay:
                return
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
            )

            self.bar = Progress(
                TextColumn(self.label),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            self.bar.start()
            self.task = self.bar.add_task(self.label, total=total if total < 10**14 else None)
        self.bar.update(self.task, completed=done)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def _cmd_query(args: argparse.Namespace) -> int:
    from .simulate import calculate

    _check_rules_flags(args)
    if args.independent_decks and args.game != "zjh":
        raise CliError(f"--independent-decks applies to --game zjh only, not {args.game!r}")
    if args.exact:
        given = [
            f
            for f, v in (
                ("--trials", args.trials),
                ("--stderr", args.stderr),
                ("--time", args.time),
                ("--seed", args.seed),
            )
            if v is not None
        ]
        if given:
            raise CliError(f"--exact enumerates every outcome: it takes no {', '.join(given)}")
    method = "exact" if args.exact else "monte-carlo" if args.mc else "auto"
    progress = _Progress(sys.stderr.isatty() and not args.quiet and not args.json, "simulating")
    try:
        result = calculate(
            args.hands,
            args.board or "",
            args.dead or "",
            game=args.game,
            method=method,
            trials=args.trials,
            target_stderr=args.stderr,
            time_limit=args.time,
            seed=args.seed,
            threads=args.threads,
            rules=_rules(args) if args.game == "zjh" else None,
            independent_decks=args.independent_decks,
            progress=progress,
            scheduler=args.scheduler,
        )
    finally:
        progress.close()
    if args.json:
        _emit_json(result.to_dict())
        return 0
    print(_describe_result(result))
    return 0


def _describe_result(result: Any) -> str:
    """The readable table of ``equity query``."""
    where = f", board {result.board}" if result.board else ""
    where += f", dead {result.dead}" if result.dead else ""
    if result.exact:
        head = (
            f"{result.game}{where}: exact, {result.samples:,} outcomes enumerated "
            f"in {result.elapsed_s:.3f} s"
        )
    else:
        head = (
            f"{result.game}{where}: Monte-Carlo estimate, {result.samples:,} trials, "
            f"seed {result.seed}, {result.elapsed_s:.2f} s"
        )
        if result.interrupted:
            head += " (interrupted: result so far)"
    rows = []
    for p, hand in enumerate(result.hands):
        row = [hand, f"{result.equity[p]:.4%}", f"{result.win[p]:.4%}", f"{result.tie[p]:.4%}"]
        if not result.exact:
            lo, hi = result.ci95[p]
            row += [f"{result.stderr[p]:.4%}", f"{lo:.4%} - {hi:.4%}"]
        rows.append(row)
    headers = ["hand", "equity", "win", "tie"]
    if not result.exact:
        headers += ["std err", "95% interval"]
    lines = [head, _table(rows, headers)]
    for p, combos in result.combo_results.items():
        classes = combos.get("classes", {})
        if classes:
            best = sorted(classes.items(), key=lambda kv: -kv[1])
            shown = ", ".join(f"{k} {v:.1%}" for k, v in best[:12])
            more = f", ... ({len(best)} classes)" if len(best) > 12 else ""
            lines.append(f"player {p + 1} {result.hands[p]} by class: {shown}{more}")
    if result.exact:
        lines.append("figures are exact (every outcome enumerated)")
    else:
        lines.append(
            "figures are Monte-Carlo estimates; std err from batch means, "
            "95% interval = equity ± 1.96 std err"
        )
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# table


def _cmd_table(args: argparse.Namespace) -> int:
    import time

    from .table import preflop_table

    progress = _Progress(sys.stderr.isatty() and not args.quiet, "suit patterns", delay=0.0)
    start = time.perf_counter()
    try:
        frame = preflop_table(args.out, scheduler=args.scheduler, progress=progress)
    finally:
        progress.close()
    where = f" on Dask ({args.scheduler})" if args.scheduler else ""
    print(
        f"exact preflop table: {len(frame):,} matchups of the 169 classes, every suit "
        f"combination and board, {time.perf_counter() - start:.1f} s{where}; "
        f"written to {args.out}"
    )
    return 0


# ---------------------------------------------------------------------------
# report


def _cmd_report(args: argparse.Namespace) -> int:
    import time

    from .reports import run_report

    if args.exact and args.trials is not None:
        raise CliError("--exact recomputes the exact references; it takes no --trials")
    _set_threads(args.threads)
    bar = _Progress(sys.stderr.isatty() and not args.quiet, "report", delay=0.0)
    start = time.perf_counter()
    cluster = contextlib.ExitStack()
    try:
        if args.scheduler is not None:  # every equity calculation of the report on Dask
            from .distributed import use_scheduler

            cluster.enter_context(use_scheduler(args.scheduler))
        written = run_report(
            args.kind,
            args.out,
            trials=args.trials,
            seed=args.seed,
            exact=args.exact,
            size=args.size,
            matchups=args.matchups,
            progress=lambda done, total, label="": bar(done, total),
        )
    finally:
        bar.close()
        cluster.close()
    pages = [p for p in written if str(p).endswith(".md")]
    print(
        f"report {args.kind}: {len(written)} files written under {args.out} in "
        f"{time.perf_counter() - start:.1f} s (seed {args.seed})"
    )
    for page in pages:
        print(f"  {page}")
    return 0


# ---------------------------------------------------------------------------
# range


def _cmd_range(args: argparse.Namespace) -> int:
    from .cards import format_cards
    from .ranges import hand_class, parse_range

    rng = parse_range(args.range)
    if args.remove:
        rng = rng.remove(args.remove)
        if rng.n_combos == 0:
            raise CliError(f"no combo of {args.range!r} is left once {args.remove!r} is removed")
    hands = [
        {"combo": format_cards((a, b)), "class": hand_class(a, b), "weight": float(w)}
        for (a, b), w in zip(rng.combos.tolist(), rng.weights.tolist(), strict=True)
    ]
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        ax = rng.plot_grid()
        ax.figure.savefig(args.plot, dpi=120, bbox_inches="tight")
        plt.close(ax.figure)
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
        _emit_json(record)
        return 0
    print(
        f"{args.range}: {rng.n_combos} combos, weight {rng.weight:g} "
        f"({rng.fraction:.2%} of 1326); canonical {rng.format()}"
    )
    if args.grid:
        print(rng.grid_text())
    else:
        by_class: dict[str, list[str]] = {}
        for h in hands:
            label = h["combo"] + (f"@{h['weight']:.0%}" if h["weight"] != 1 else "")
            by_class.setdefault(h["class"], []).append(label)
        print(
            _table(
                [[k, len(v), " ".join(v)] for k, v in by_class.items()],
                ["class", "combos", "cards"],
            )
        )
    if args.plot:
        print(f"grid plot written to {args.plot}")
    return 0


# ---------------------------------------------------------------------------
# parser


def _add_game(p: argparse.ArgumentParser, rules: bool = True) -> None:
    p.add_argument(
        "--game",
        choices=["holdem", "five", "zjh"],
        default="holdem",
        help="hand system: hold'em (best 5 of 5-7), five-card, Zha Jin Hua",
    )
    if rules:
        p.add_argument(
            "--special-235", action="store_true", help="zjh: an off-suit 2-3-5 beats every bomb"
        )
        p.add_argument(
            "--suit-tiebreak",
            action="store_true",
            help="zjh: break rank ties by suit, spade > heart > club > diamond",
        )
        p.add_argument(
            "--straight-over-flush",
            action="store_true",
            help="zjh: rank a straight above a flush (Teen Patti order)",
        )


def _add_scheduler(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run on Dask: a scheduler address (tcp://host:8786), or 'local[:N]' "
        "for N worker processes here; same counts as a local run",
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``equity`` command."""
    parser = argparse.ArgumentParser(
        prog="equity",
        description="Poker equity and hand frequencies: hold'em, five-card, Zha Jin Hua.",
    )
    parser.add_argument("--version", action="version", version=f"equity {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = sub.add_parser(
        "eval",
        help="evaluate one hand",
        description="Print a hand's category, description and strength.",
    )
    _add_game(p)
    p.add_argument("cards", nargs="+", metavar="CARD", help="cards, e.g. As Kd or AsKd")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_cmd_eval)

    p = sub.add_parser(
        "compare",
        help="compare hands and order them",
        description="Evaluate each HAND and order them, winner first.",
    )
    _add_game(p)
    p.add_argument("hands", nargs="+", metavar="HAND", help="one argument per hand, e.g. AsKs")
    p.add_argument("--board", help="hold'em: community cards added to every hand")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_cmd_compare)

    p = sub.add_parser(
        "freq",
        help="hand-category frequencies vs exact odds",
        description="Count hand categories exhaustively (--exact) or by "
        "Monte-Carlo (--trials), beside the exact probabilities.",
    )
    _add_game(p, rules=False)
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--exact", action="store_true", help="enumerate every hand")
    p.add_argument("--trials", type=parse_count, help="random hands to deal (default 1e6)")
    p.add_argument("--seed", type=_seed, help="random seed (recorded in the output)")
    p.add_argument("--threads", type=int, help="worker threads (default: all cores)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_cmd_freq)

    p = sub.add_parser(
        "query",
        help="equity of each hand (exact or Monte-Carlo)",
        description="Each player's share of the pot: exact enumeration when "
        "it is quick, Monte-Carlo otherwise.",
    )
    _add_game(p)
    p.add_argument(
        "hands",
        nargs="+",
        metavar="HAND",
        help="cards (AsKs), 'random', or a hold'em range (QQ+,AKs)",
    )
    p.add_argument("--board", help="hold'em community cards (0, 3, 4 or 5)")
    p.add_argument("--dead", help="cards out of play")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--exact", action="store_true", help="enumerate every outcome")
    mode.add_argument("--mc", action="store_true", help="Monte-Carlo even when exact is quick")
    p.add_argument("--trials", type=parse_count, help="Monte-Carlo deals (default 1e6)")
    p.add_argument(
        "--stderr",
        type=_positive_float,
        metavar="X",
        help="stop when every equity's standard error is at most X",
    )
    p.add_argument(
        "--time",
        type=_positive_float,
        metavar="SECONDS",
        help="stop Monte-Carlo after about this many seconds",
    )
    p.add_argument("--seed", type=_seed, help="random seed (recorded in the output)")
    p.add_argument("--threads", type=int, help="worker threads (default: all cores)")
    decks = p.add_mutually_exclusive_group()
    decks.add_argument(
        "--shared-deck", action="store_true", help="zjh: deal everyone from one deck (default)"
    )
    decks.add_argument(
        "--independent-decks",
        action="store_true",
        help="zjh: deal each random player from a deck of their own",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    _add_scheduler(p)
    p.set_defaults(func=_cmd_query)

    p = sub.add_parser(
        "table",
        help="exact table of every preflop class matchup",
        description="Exact heads-up win/tie/loss counts for all 14,365 "
        "matchups of the 169 starting-hand classes, every suit "
        "combination and board. Finished chunks are kept beside "
        "OUT, so an interrupted run resumes.",
    )
    p.add_argument("kind", choices=["preflop"], help="the table to compute")
    p.add_argument(
        "--exact",
        action="store_true",
        required=True,
        help="enumerate every outcome (the only method)",
    )
    p.add_argument(
        "--out", required=True, metavar="FILE.parquet", help="output file, .parquet or .csv"
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    _add_scheduler(p)
    p.set_defaults(func=_cmd_table)

    p = sub.add_parser(
        "report",
        help="write frequency and head-to-head reports",
        description="Write a Markdown page with its CSV tables and PNG plots: "
        "simulated frequencies and win rates beside the exact "
        "odds.",
    )
    p.add_argument("kind", choices=["frequencies", "matchups", "preflop", "zjh", "all"])
    p.add_argument("--out", required=True, metavar="DIR", help="output folder")
    p.add_argument("--trials", type=parse_count, help="Monte-Carlo deals per estimate")
    p.add_argument("--seed", type=_seed, default=2026, help="random seed (default 2026)")
    p.add_argument(
        "--exact",
        action="store_true",
        help="also recompute the exact references (every hand enumerated)",
    )
    p.add_argument(
        "--size",
        choices=["small", "default", "full"],
        default="default",
        help="report size preset (full: all 14,365 preflop matchups)",
    )
    p.add_argument("--matchups", type=parse_count, help="preflop matchups sampled")
    p.add_argument("--threads", type=int, help="worker threads (default: all cores)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    _add_scheduler(p)
    p.set_defaults(func=_cmd_report)

    p = sub.add_parser(
        "range",
        help="show a hold'em range: combos, counts, grid",
        description="Parse a PokerStove-style range (QQ+,AKs@50,15%%) and show "
        "its combos, size and 13x13 grid.",
    )
    p.add_argument("range", metavar="RANGE", help="e.g. 'QQ+,AKs@50' or '15%%'")
    p.add_argument("--grid", action="store_true", help="show the 13x13 grid")
    p.add_argument("--remove", metavar="CARDS", help="card removal: drop combos holding these")
    p.add_argument("--plot", metavar="FILE.png", help="write the grid as a heat map")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_cmd_range)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``equity`` command; return its exit code."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # usage errors (exit 2), --help and --version (exit 0)
        return int(exc.code or 0)
    try:
        return int(args.func(args))
    except ValueError as exc:
        print(f"equity {args.command}: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `equity ... | head`
        sys.stderr.close()
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
