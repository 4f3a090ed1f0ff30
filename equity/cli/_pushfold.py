"""``equity pushfold``: push/fold Nash ranges, their exploitability, the heads-up chart."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ._icm import parse_payouts
from ._util import (
    EXIT_INTERRUPTED,
    CliError,
    Progress,
    check_output_file,
    emit_json,
    positive_float,
    seconds,
    seed,
    table,
)

__all__ = ["add_pushfold"]


def _amounts(text: str) -> list[float]:
    """``1500,1500,1000`` (underscores allowed) as numbers; an ArgumentTypeError otherwise."""
    parts = [p.strip().replace("_", "") for p in text.split(",")]
    try:
        return [float(p) for p in parts]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a list of stacks such as 1500,1500,1000"
        ) from None


def _blinds(text: str) -> tuple[float, float]:
    """``50/100`` as (small, big)."""
    parts = text.replace(",", "/").split("/")
    try:
        small, big = (float(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not two blinds such as 50/100") from None
    return small, big


def _number(text: str) -> float:
    try:
        return float(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None


def _hero_seat(text: str, positions: tuple[str, ...]) -> int:
    """``--hero``: a seat number or a position name (``SB``, ``BB``, ``BTN`` ...)."""
    names = [p.upper() for p in positions]
    if text.upper() in names:
        return names.index(text.upper())
    try:
        seat_number = int(text)
    except ValueError:
        seat_number = -1
    if not 0 <= seat_number < len(positions):
        raise CliError(
            f"--hero {text!r} is not a seat of this game: give 0 to {len(positions) - 1} "
            f"or a position ({', '.join(positions)})"
        )
    return seat_number


def _check_args(args: argparse.Namespace) -> None:
    """The options' combinations, before any work: one sentence naming the bad one."""
    if args.chart:
        if args.stacks is not None or args.stack is not None:
            raise CliError("--chart solves its own stacks (--from, --to, --step): drop --stack(s)")
        for name in ("payouts", "blinds", "hero"):
            if getattr(args, name) is not None:
                raise CliError(f"--chart is the heads-up chip-EV chart: --{name} does not apply")
        return
    for name in ("start", "stop", "step", "out"):
        if getattr(args, name) is not None:
            option = {"start": "--from", "stop": "--to"}.get(name, f"--{name}")
            raise CliError(f"{option} is for --chart")
    if args.stack is None and args.stacks is None:
        what = "an ante" if args.ante is not None else "a spot"
        raise CliError(f"{what} needs stacks: give --stack BB (heads-up) or --stacks A,B,...")
    if args.stack is not None and args.stacks is not None:
        raise CliError("give --stack (heads-up, in big blinds) or --stacks, not both")
    if args.stack is not None and args.blinds is not None:
        raise CliError("--stack is in big blinds (blinds 0.5/1): use --stacks with --blinds")


def _spot(args: argparse.Namespace) -> int:
    from ..decisions.pushfold import pushfold

    payouts = None if args.payouts is None else parse_payouts(args.payouts, None)
    progress = Progress(args, "pushfold")
    try:
        result = pushfold(
            args.stack,
            stacks=args.stacks,
            blinds=args.blinds or (0.5, 1.0),
            ante=args.ante or 0.0,
            payouts=payouts,
            tolerance=args.tolerance,
            seed=args.seed or 0,
            progress=progress,
        )
    except ImportError:
        raise CliError(
            "this build has no table solver yet: push/fold here is heads-up (two stacks)"
        ) from None
    finally:
        progress.close()
    hero = None if args.hero is None else _hero_seat(args.hero, result.positions)
    if args.json:
        data = result.to_dict()
        if hero is not None:
            data["hero"] = {"seat": hero, "ev": result.ev_table(hero).to_dict(orient="records")}
        emit_json(data)
        return 0
    print(_describe(result))
    rows = [
        [
            r.position,
            r.action,
            r.facing or "-",
            f"{r.percent:.1f}%",
            f"{r.combos:.1f}",
            r.range,
        ]
        for r in result.ranges.itertuples()
    ]
    print(table(rows, ["position", "action", "facing", "hands", "combos", "range"]))
    gaps = ", ".join(
        f"{p} {_in_unit(float(x), result.unit)}"
        for p, x in zip(result.positions, result.exploitability, strict=True)
    )
    print(f"exploitability (a best response's gain per hand): {gaps}")
    print(f"{result.method} ({seconds(result.elapsed_s, digits=3)})")
    if hero is not None:
        print()
        print(_ev_table(result, hero))
    return 0


def _describe(result: Any) -> str:
    """The spot in one line: stacks, blinds, ante, payoffs."""
    small, big = result.blinds
    if len(result.stacks) == 2 and result.stacks[0] == result.stacks[1] and big == 1.0:
        where = f"heads-up, effective stack {result.stacks[0]:g} bb (blinds {small:g}/{big:g})"
    else:
        pairs = zip(result.positions, result.stacks, strict=True)
        stacks = ", ".join(f"{p} {s:g}" for p, s in pairs)
        where = f"stacks {stacks}; blinds {small:g}/{big:g}"
    if result.ante:
        where += f", ante {result.ante:g}"
    if result.payouts is None:
        return where + "; chip EV in big blinds"
    return where + f"; ICM, payouts {', '.join(f'{p:g}' for p in result.payouts)}"


def _in_unit(value: float, unit: str) -> str:
    return f"{value * 100:.2g}% of the pool" if unit == "pool" else f"{value:.2g} bb"


def _ev_table(result: Any, seat: int) -> str:
    """``--hero``: each class's frequency and gain over folding, in every unit known,
    one table per decision of the seat."""
    frame = result.ev_table(seat)
    blocks = []
    for (action, facing), part in frame.groupby(["action", "facing"], sort=False):
        headers = ["class", f"{action} %"]
        columns = []
        if "gain_bb" in part:
            headers += ["EV diff (bb)", "EV diff (chips)"]
            columns += [("gain_bb", "{:+.3f}"), ("gain_chips", "{:+.1f}")]
        if "gain_money" in part:
            headers += ["EV diff (money)", "EV diff (% pool)"]
            columns += [("gain_money", "{:+.4f}"), ("gain_pool_percent", "{:+.4f}%")]
        if "gain_bb" not in part and "gain_money" not in part:
            headers += [f"EV diff ({result.unit})"]
            columns += [("gain", "{:+.4f}")]
        rows = [
            [row["class"], f"{100 * row['frequency']:.1f}"]
            + [fmt.format(row[name]) for name, fmt in columns]
            for row in part.to_dict(orient="records")
        ]
        what = "EV(push) - EV(fold)" if action == "push" else f"EV(call) - EV(fold) facing {facing}"
        title = f"{result.positions[seat]} (seat {seat}): {what}, holding each class"
        blocks.append(title + "\n" + table(rows, headers))
    return "\n\n".join(blocks)


def _chart(args: argparse.Namespace) -> int:
    from ..decisions.pushfold_chart import pushfold_chart

    prefix = args.out or "pushfold-chart"
    csv_path = check_output_file(prefix + ".csv")
    png_path = check_output_file(prefix + ".png")
    try:
        import matplotlib

        matplotlib.use("Agg")
    except ImportError:
        raise CliError("the chart's PNG needs matplotlib: pip install 'equity[plot]'") from None
    progress = Progress(args, "pushfold chart")
    try:
        chart = pushfold_chart(
            1.0 + (args.ante or 0.0) if args.start is None else args.start,
            20.0 if args.stop is None else args.stop,
            0.1 if args.step is None else args.step,
            ante=args.ante or 0.0,
            tolerance=args.tolerance,
            progress=progress,
        )
    finally:
        progress.close()
    if args.json and not chart.interrupted:
        frame = chart.to_frame()
        emit_json(
            {
                "stacks": chart.stacks.tolist(),
                "ante": chart.ante,
                "classes": [  # never played: null, not NaN (not JSON)
                    {k: (None if isinstance(v, float) and v != v else v) for k, v in row.items()}
                    for row in frame.to_dict(orient="records")
                ],
                "exploitability_max": float(chart.exploitability.max(initial=0.0)),
                "files": [str(csv_path), str(png_path)],
            }
        )
    else:
        print("SB push: the largest stack (bb) at which each class is pushed")
        print(chart.grid("push"))
        print()
        print("BB call: the largest stack (bb) at which each class calls the push")
        print(chart.grid("call"))
        print(
            "A class counts as pushed (called) where its Nash frequency is at least 50%; "
            "* marks a class not played at some smaller stack of the chart (not monotone)."
        )
        if len(chart.stacks):
            worst = float(chart.exploitability.max())
            print(
                f"{len(chart.stacks)} equilibria, {chart.stacks[0]:g} to {chart.stacks[-1]:g} bb; "
                f"largest exploitability {worst:.2g} bb per hand "
                f"({seconds(chart.elapsed_s)})"
            )
    if chart.interrupted:
        print("interrupted: the chart above stops there; no file written", file=sys.stderr)
        return EXIT_INTERRUPTED
    chart.to_frame().to_csv(csv_path, index=False)
    _save(chart.figure(), png_path)
    if not args.json:
        print(f"wrote {csv_path} and {png_path}")
    return 0


def _save(figure: Any, path: Path) -> None:
    from ._util import save_figure

    save_figure(figure, path, str(path))


def _cmd_pushfold(args: argparse.Namespace) -> int:
    _check_args(args)
    return _chart(args) if args.chart else _spot(args)


_EPILOG = """\
examples:
  equity pushfold --stack 10                      # heads-up, 10 bb effective
  equity pushfold --stack 10 --ante 0.1 --hero SB # with the SB's hand EV table
  equity pushfold --stacks 3000,1000 --blinds 50/100 --payouts 65,35
  equity pushfold --stacks 1500,1500,1500,1500 --blinds 50/100 --ante 10 --payouts 50,30,20
  equity pushfold --chart                         # 1 to 20 bb by 0.1: CSV, PNG
  equity pushfold --chart --from 2 --to 15 --step 0.5 --out charts/hu
  equity pushfold --stack 8 --json

Heads-up the small blind (the button) pushes all-in or folds and the big blind
calls or folds.  The equilibrium is found over the 169 hand classes with exact
equities and exact card removal (the shipped preflop counts), and its
exploitability -- what a best response would gain per hand, for each player --
is measured and printed.  Stacks include the blinds and antes; the effective
stack is the smaller.  Without --payouts the payoffs are chip EV in big blinds;
with them, prize EV by the Independent Chip Model as a share of the pool.
Three or more stacks are solved by the table solver (seat 0 acts first, the
last two seats are the blinds).
"""


def add_pushfold(sub: Any) -> None:
    """Register ``equity pushfold``."""
    p = sub.add_parser(
        "pushfold",
        help="push/fold Nash ranges, their exploitability, the heads-up chart",
        description="Push/fold Nash equilibrium: each position's push and call ranges "
        "(PokerStove syntax, share of hands, combos), each player's exploitability and "
        "the method; --chart gives the largest stack at which each class is pushed and "
        "called, 13x13, as published Nash charts do.",
        epilog=_EPILOG,
    )
    p.add_argument("--stack", type=_number, help="heads-up: the effective stack in big blinds")
    p.add_argument("--stacks", type=_amounts, help="every player's chips, seat 0 first: A,B,...")
    p.add_argument("--blinds", type=_blinds, help="with --stacks: small/big blind (50/100)")
    p.add_argument("--ante", type=_number, help="each player's ante (big blinds with --stack)")
    p.add_argument("--payouts", help="prizes, first place first (65,35 or 65%%,35%%): ICM payoffs")
    p.add_argument("--hero", metavar="SEAT", help="print the hand EV table of a seat (0, SB ...)")
    p.add_argument(
        "--tolerance",
        type=positive_float,
        help="the largest exploitability allowed per hand, in the unit (default 1e-6 x stack)",
    )
    p.add_argument("--seed", type=seed, help="table solver: the Monte-Carlo seed")
    p.add_argument("--chart", action="store_true", help="the heads-up chart over a stack range")
    p.add_argument(
        "--from", dest="start", type=_number, help="chart: first stack (1 bb, plus the ante)"
    )
    p.add_argument("--to", dest="stop", type=_number, help="chart: last stack (20 bb)")
    p.add_argument("--step", type=_number, help="chart: stack step (0.1 bb)")
    p.add_argument(
        "--out",
        metavar="PREFIX",
        help="chart: write PREFIX.csv and PREFIX.png (default pushfold-chart)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--progress", action="store_true", help="plain progress lines on stderr")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    p.set_defaults(func=_cmd_pushfold)
