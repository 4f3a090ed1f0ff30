"""``equity distribution``: the equity of every combo of each range (Equilab's graph)."""

from __future__ import annotations

import argparse
from typing import Any

from ._equity import (
    add_progress,
    add_sampling,
    add_scheduler,
    calculate_options,
    note_exact_instead,
    note_seed_ignored,
    too_large,
)
from ._hands import RULES_LINE, add_game
from ._util import (
    EXIT_INTERRUPTED,
    CliError,
    Progress,
    check_plot_file,
    compile_notice,
    emit_json,
    parse_count,
    save_figure,
    stderr_target,
    table,
)

__all__ = ["add_distribution"]


def _bucket_edges(text: str) -> list[float]:
    """``--buckets``: percents such as ``0,25,50,75,100`` (checked by ``bucket_edges``)."""
    from ..combos import bucket_edges

    try:
        return [float(x) for x in bucket_edges(text)]
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _cmd_distribution(args: argparse.Namespace) -> int:
    from ..analysis.distribution import as_ranges, distribution
    from ..engine import TooLargeForExact

    plot = check_plot_file(args.plot) if args.plot else None
    if len(args.hands) < 2:
        raise CliError("an equity distribution needs at least two players: hero and villain")
    options = calculate_options(args)
    note_exact_instead(args, as_ranges(args.hands))
    progress = Progress(args, "simulating")
    try:
        with compile_notice(args):
            dist = distribution(
                args.hands, args.board or "", args.dead or "", progress=progress, **options
            )
    except TooLargeForExact as exc:
        raise too_large(exc) from None
    finally:
        progress.close()
    note_seed_ignored(args, dist.exact)
    if plot is not None:
        _save_plot(dist, plot, args.plot, args.buckets)
    if args.json:
        record = dist.to_dict()
        if args.buckets is not None:
            from ..analysis.buckets import buckets_record

            record["buckets"] = buckets_record(dist, args.buckets)
        emit_json(record)
    else:
        print(_describe(dist, args.combos, args.buckets))
        if plot is not None:
            print(f"plot written to {args.plot}")
    interrupted = dist.result is not None and dist.result.interrupted
    return EXIT_INTERRUPTED if interrupted else 0


def _save_plot(dist: Any, plot: Any, shown: str, edges: list[float] | None) -> None:
    """Draw the equity curves, or with ``--buckets`` the buckets, into ``plot`` (Agg)."""
    import matplotlib

    matplotlib.use("Agg")
    if edges is None:
        save_figure(dist.plot().figure, plot, shown)
    else:
        from ..analysis.buckets import plot_buckets

        save_figure(plot_buckets(dist, edges)[0].figure, plot, shown)


def _describe_buckets(dist: Any, edges: list[float]) -> list[str]:
    """The bucket shares of every player, then on a hold'em board each player's hand classes
    by bucket (the rows with a share above 0)."""
    from ..analysis.buckets import has_hand_classes, hits_buckets
    from ..combos import bucket_labels

    labels = bucket_labels(edges)
    lines = ["equity buckets: the share of each range (combos weighted) in each bucket"]
    rows = [
        [f"{p}", d.hand, *(f"{x:.1%}" for x in d.buckets(edges))]
        for p, d in enumerate(dist.players)
    ]
    lines.append(table(rows, ["player", "range", *labels]))
    if not has_hand_classes(dist):
        return lines
    for p, d in enumerate(dist.players):
        cross = hits_buckets(dist, edges, p)
        sub = set(cross.attrs["sub"])
        crow = [
            ["  " * (name in sub) + name, f"{row.sum():.1%}", *(f"{x:.1%}" for x in row)]
            for (_, name), row in zip(cross.index, cross.to_numpy(), strict=True)
            if row.sum() > 0
        ]
        lines.append(f"player {p} {d.hand}: share of the range by hand class and bucket")
        lines.append(table(crow, ["class", "total", *labels]))
    return lines


def _describe(dist: Any, combos: bool, edges: list[float] | None = None) -> str:
    """The readable output: a summary row per player, the curve by decile, the combos, and
    with ``--buckets`` the buckets."""
    lines = [f"equity distribution, {dist.describe()}"]
    rows = []
    for p, d in enumerate(dist.players):
        s = d.summary()
        se = [] if dist.exact else [f"{s['stderr']:.2%}"]
        rows.append(
            [
                f"{p}",
                d.hand,
                f"{s['combos']:,}",
                f"{s['equity']:.2%}",
                *se,
                f"{s['above_50']:.1%}",
                f"{s['above_75']:.1%}",
                f"{s['median']:.1%}",
                f"{s['min']:.1%}",
                f"{s['max']:.1%}",
            ]
        )
    se_head = [] if dist.exact else ["std err"]
    headers = ["player", "range", "combos", "equity", *se_head]
    headers += [">50%", ">75%", "median", "min", "max"]
    lines.append(table(rows, headers))
    deciles = [q / 10 for q in range(1, 11)]
    curve = [
        [f"{p}", *(f"{d.equity_at(q):.1%}" for q in deciles)] for p, d in enumerate(dist.players)
    ]
    lines.append("equity curve: the equity at the top x% of each range (combos weighted)")
    lines.append(table(curve, ["player", *(f"{q:.0%}" for q in deciles)]))
    if combos:
        for p, d in enumerate(dist.players):
            lines.append(f"player {p} {d.hand}, strongest first:")
            crow = []
            for i, combo in enumerate(d.combos):
                row = [combo, f"{d.weights[i]:.4%}", f"{d.equities[i]:.4%}"]
                if d.stderr is not None:
                    row += [f"{d.stderr[i]:.4%}", f"{int(d.samples[i]):,}"]
                crow.append(row)
            mc = [] if d.stderr is None else ["std err", "trials"]
            lines.append(table(crow, ["combo", "weight", "equity", *mc]))
    if edges is not None:
        lines += _describe_buckets(dist, edges)
    dropped = [(p, d.dropped) for p, d in enumerate(dist.players) if d.dropped]
    for p, n in dropped:
        lines.append(f"player {p}: {n} combos never dealt are left out")
    if dist.exact:
        lines.append("figures are exact (every outcome enumerated); weight = share of the deals")
    else:
        lines.append(
            "figures are Monte-Carlo estimates; a combo's std err is sqrt(e(1-e)/trials) "
            "(an upper bound when pots split)"
        )
    return "\n".join(lines)


def add_distribution(sub: Any) -> None:
    """Register ``equity distribution``."""
    p = sub.add_parser(
        "distribution",
        help="equity of every combo of each range (the equity graph)",
        description="The equity of every combo of each range against the other players, "
        "strongest first: the equity curve, its summary (the share of each range above 50% "
        "and 75% equity, combos weighted by their share of the deals) and the plot. Exact "
        "when it takes about a second or less (flop, turn, river, narrow ranges preflop), "
        "Monte-Carlo otherwise.",
        epilog=lambda: (
            "examples:\n"
            "  equity distribution 'QQ+,AKs' 'JJ-88,AQs+' --board Js7s2c\n"
            "  equity distribution AhKd '22+,A2s+,KTo+' --board Ts9s2h --combos\n"
            "  equity distribution 'QQ+,AK' '22+,AJ+,KQ' --trials 1e6 --seed 1 --json\n"
            "  equity distribution 'TT+,AQs+' random --board Kd8h3c --plot curve.png\n"
            "  equity distribution 'QQ+,AK' '99+,AQ+' --board Kd8h3c --buckets 0,33,50,66,80,100 "
            "--plot buckets.png\n\n"
            "A hand (AhKd) is a range of one combo; random is the range 100%.\n"
            "--buckets: the last bucket holds 100%; an equity outside the edges is in none;\n"
            "combos weighted as the curve's (range weight times the deals card removal\n"
            "leaves). The 'advanced' split: 0,33,50,66,80,100.\n"
            "--json: {board, method, players: [{range, equity, above_50, above_75,\n"
            "combos: {combo: equity}, weights: {combo: share}, histogram, ...}], with\n"
            "--buckets buckets: {edges, labels, players: [{range, shares: {bucket: share},\n"
            "hits: [{group, class, share, buckets: {bucket: share}}]}]}}\n" + RULES_LINE
        ),
    )
    add_game(p, lambda g: g.ranges)  # distribution() needs hold'em ranges
    p.add_argument(
        "hands",
        nargs="+",
        metavar="RANGE",
        help="hero's range, then each villain's: a range (QQ+,AKs), a hand (AhKd) or random",
    )
    p.add_argument("--board", help="community cards (0, 3, 4 or 5)")
    p.add_argument("--dead", help="cards out of play")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--exact", action="store_true", help="enumerate every outcome")
    mode.add_argument("--mc", action="store_true", help="Monte-Carlo even when exact is quick")
    p.add_argument("--trials", type=parse_count, help="Monte-Carlo deals (default 1e6)")
    p.add_argument(
        "--stderr",
        type=stderr_target,
        metavar="X",
        help="stop once each player's equity has a standard error of at most X (0.001 or "
        "0.1%%, below 50%%)",
    )
    add_sampling(p, "stop Monte-Carlo after about this many seconds")
    p.add_argument("--combos", action="store_true", help="list every combo with its equity")
    p.add_argument(
        "--buckets",
        type=_bucket_edges,
        metavar="EDGES",
        help="equity buckets: edges in percent, e.g. 0,25,50,75,100 ([0,25) ... [75,100]); "
        "each range's share in each, and on a board its hand classes by bucket",
    )
    p.add_argument(
        "--plot",
        metavar="FILE",
        help="draw the equity curves, or the buckets with --buckets (.png, .svg, .pdf)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_progress(p)
    add_scheduler(p)
    p.set_defaults(func=_cmd_distribution)
