"""``equity hits``: the share of a range in each made hand and draw on a board (Flopzilla)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ._util import (
    CliError,
    check_output_file,
    check_parquet,
    compile_notice,
    emit_json,
    seconds,
)

__all__ = ["add_hits"]


def _cmd_hits(args: argparse.Namespace) -> int:
    from ..analysis.hits import hits

    out = _check_out(args.out) if args.out else None
    if args.flops is not None and args.board:
        raise CliError("give --board or --flops all, not both")
    if args.flops is None and not args.board:
        raise CliError("give a board (--board Ts9s2h, repeatable) or --flops all")
    with compile_notice(args):
        if args.flops is not None:
            result = hits(args.range, dead=args.dead or "", flops=args.flops)
        else:
            result = hits(args.range, args.board, args.dead or "")
    if out is not None:
        frame = result.by_board().reset_index()
        if out.suffix.lower() == ".parquet":
            frame.to_parquet(out, index=False)
        else:
            frame.to_csv(out, index=False)
    if args.json:
        emit_json(result.to_dict())
    else:
        print(result)
        print(f"figures are exact ({seconds(result.elapsed_s, result.compile_s)})")
        if out is not None:
            print(f"{len(result.boards):,} boards written to {args.out} (with their textures)")
    return 0


def _check_out(text: str) -> Path:
    path = check_output_file(text)
    if path.suffix.lower() not in (".csv", ".parquet"):
        raise CliError(f"the boards are written as .csv or .parquet, not {text!r}")
    check_parquet(path)
    return path


def _classes() -> str:
    """The class definitions (``CLASS_DEFINITIONS``), wrapped for a terminal."""
    import textwrap

    from ..analysis.hits import CLASS_DEFINITIONS

    blocks = []
    for paragraph in CLASS_DEFINITIONS.split("\n\n"):
        items = paragraph.split("\n- ")
        if items[0].startswith("- "):
            items[0] = items[0][2:]
        elif items[0]:
            blocks.append(textwrap.fill(" ".join(items.pop(0).split()), width=78))
        blocks.append(
            "\n".join(
                textwrap.fill(" ".join(item.split()), width=78, initial_indent="- ",
                              subsequent_indent="  ")
                for item in items
            )
        )  # fmt: skip
    return "\n\n".join(b.replace("*", "") for b in blocks if b)


class _PrintClasses(argparse.Action):
    """``--classes``: print the class definitions and exit, as ``--help`` does."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
        print(_classes())
        parser.exit()


def _epilog() -> str:
    return (
        "examples:\n"
        "  equity hits 'QQ+,AKs,JTs' --board Ts9s2h\n"
        "  equity hits '22+,A2s+,KTs+,QJs,ATo+' --board Ts9s2h --board Kc7d2s\n"
        "  equity hits '15%' --flops all            # every flop, weighted\n"
        "  equity hits '15%' --flops all --out flops.csv   # each flop: its texture, its shares\n"
        "  equity hits 'AA,KK@50' --board Ts9s2h8c --dead Ah --json\n"
        "  equity hits --classes                    # what each class means\n\n"
        "Hold'em only.  A combo counts in every class it belongs to.  Each combo has\n"
        "exactly one made hand; the indented rows (two pair and top pair by kind, nut\n"
        "flush draw) are parts of the row above them, and board plays is a flag across\n"
        "the made hands."
    )


def add_hits(sub: Any) -> None:
    """Register ``equity hits``."""
    p = sub.add_parser(
        "hits",
        help="how much of a range hits each made hand and draw on a board (Flopzilla)",
        description="Exact share of a hold'em range (weights honoured, card removal done) in "
        "each made-hand class and each draw on a flop, turn or river; over several boards, or "
        "every flop, the average, each flop weighted by the flops it stands for.",
        epilog=_epilog,
    )
    p.add_argument("range", metavar="RANGE", help="a hold'em range, e.g. 'QQ+,AKs,A5s@50'")
    p.add_argument(
        "--board",
        action="append",
        metavar="CARDS",
        help="a flop, turn or river (3-5 cards), e.g. Ts9s2h; repeat for several boards",
    )
    p.add_argument(
        "--flops",
        choices=["all"],
        help="every flop: 1,755 up to suit isomorphism, weighted to stand for all 22,100",
    )
    p.add_argument("--dead", help="cards out of play")
    p.add_argument(
        "--out",
        metavar="FILE",
        help="write one row per board (texture, combos, each class's share) to FILE.csv or "
        "FILE.parquet",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no notices")
    p.add_argument(
        "--classes", action=_PrintClasses, help="print what each class means (made hands, draws)"
    )
    p.set_defaults(func=_cmd_hits)
