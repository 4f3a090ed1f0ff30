"""``equity flops``: range against range on every flop, exact, with the flops' textures."""

from __future__ import annotations

import argparse
import math
import textwrap
from pathlib import Path
from typing import Any

from ._hands import add_game, rules_of
from ._util import (
    CliError,
    check_output_file,
    check_parquet,
    check_plot_file,
    compile_notice,
    emit_json,
    save_figure,
    seconds,
    table,
)

__all__ = ["add_flops"]

_DEFAULT_BY = ("suits", "pairing", "high")
"""The groupings printed when ``--by`` is not given."""


def _check_out(text: str) -> Path:
    path = check_output_file(text)
    if path.suffix.lower() not in (".csv", ".parquet"):
        raise CliError(f"the flops are written as .csv or .parquet, not {text!r}")
    check_parquet(path)
    return path


def _by(text: str | None) -> list[list[str]]:
    """The groupings of ``--by COL[,COL]`` (each a list of texture columns)."""
    from ..analysis.textures import COLUMNS

    if text is None:
        return [[c] for c in _DEFAULT_BY]
    columns = [c.strip() for c in text.split(",") if c.strip()]
    for c in columns:
        if c not in COLUMNS:
            raise CliError(f"--by {c!r} is not a texture column: choose from {', '.join(COLUMNS)}")
    if not columns:
        raise CliError("--by needs a texture column, e.g. --by suits or --by suits,high")
    return [columns]


def _number(x: float) -> float | None:
    """``x``, or None (JSON null) where it is NaN (a flop that leaves no deal)."""
    return None if math.isnan(x) else float(x)


def _records(frame: Any) -> list[dict[str, Any]]:
    """The rows of ``frame`` as plain dicts, NaN as None (valid JSON)."""
    return [
        {k: (None if isinstance(v, float) and math.isnan(v) else v) for k, v in row.items()}
        for row in frame.to_dict(orient="records")
    ]


def _pct(x: float) -> str:
    return "-" if math.isnan(x) else f"{100 * x:.2f}%"


def _cmd_flops(args: argparse.Namespace) -> int:
    from ..analysis.flops import flops, summarize

    rules = rules_of(args)
    groupings = _by(args.by)
    out = _check_out(args.out) if args.out else None
    plot = check_plot_file(args.plot) if args.plot else None
    with compile_notice(args):
        frame = flops(args.range_a, args.range_b, game=args.game, where=args.where, rules=rules)
    if not len(frame):
        raise CliError(f"no flop matches --where {args.where!r}")
    if out is not None:
        if out.suffix.lower() == ".parquet":
            frame.to_parquet(out, index=False)
        else:
            frame.to_csv(out, index=False)
    if plot is not None:
        import matplotlib

        from ..plots import plot_flops

        matplotlib.use("Agg")
        save_figure(plot_flops(frame, groupings[0][0]).figure, plot, args.plot)
    attrs = frame.attrs
    summaries = [summarize(frame, cols) for cols in groupings]
    if args.json:
        emit_json(
            {
                "range_a": attrs["range_a"],
                "range_b": attrs["range_b"],
                "game": attrs["game"],
                "where": attrs["where"],
                "n_flops": attrs["n_flops"],
                "n_rows": len(frame),
                "equity_a": _number(attrs["equity_a"]),
                "equity_b": _number(1 - attrs["equity_a"]),
                "groups": {
                    ",".join(cols): _records(s.reset_index())
                    for cols, s in zip(groupings, summaries, strict=True)
                },
                "flops": _records(frame),
            }
        )
        return 0
    where = f" where {args.where}" if args.where else ""
    print(
        f"{attrs['range_a']} against {attrs['range_b']} ({attrs['game']}) on "
        f"{attrs['n_flops']:,} flops{where} ({len(frame):,} rows): "
        f"A {_pct(attrs['equity_a'])}, B {_pct(1 - attrs['equity_a'])}"
    )
    for cols, s in zip(groupings, summaries, strict=True):
        rows = [
            [
                " ".join(map(str, key if isinstance(key, tuple) else (key,))),
                f"{int(r.flops):,}",
                f"{100 * r.share:.1f}%",
                _pct(r.equity_a),
                _pct(r.equity_b),
                _pct(r.tie),
            ]
            for key, r in s.iterrows()
        ]
        print()
        print(table(rows, [",".join(cols), "flops", "share", "equity A", "equity B", "tie"]))
    print(f"\nfigures are exact ({seconds(attrs['elapsed_s'], attrs['compile_s'])})")
    if out is not None:
        print(f"{len(frame):,} row{'s' if len(frame) != 1 else ''} written to {args.out}")
    if plot is not None:
        print(f"plot written to {args.plot}")
    return 0


def _epilog() -> str:
    return (
        "examples:\n"
        "  equity flops 'TT+,AQs+,AKo' '22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+'\n"
        "  equity flops 'QQ+,AKs' 'JJ-99,AQs' --by suits,high\n"
        "  equity flops AA KK --where \"suits == 'monotone' and high == 'A'\"\n"
        "  equity flops AA KK --where 'equity_a < 0.5' --out flops.csv\n"
        "  equity flops 'QQ+' 'AK' --game shortdeck --plot flops.png --json\n\n"
        "Columns: flop, weight (the flops a row stands for: 1,755 rows stand for all\n"
        "22,100 flops when both ranges are unchanged by swapping suits), equity_a,\n"
        "equity_b, win_a, tie, combos_a, combos_b (combos the flop leaves), deals (combo\n"
        "pairs times turns and rivers, weighted), then the textures below.  --where is\n"
        "a pandas query (DataFrame.query) on these columns.\n\n"
        "Textures (each defined in full by --definitions):\n"
        "- suits: monotone, two-tone, rainbow on a flop; four-flush, three-flush,\n"
        "  double two-tone, two-tone, rainbow on a turn; five-, four-, three-flush or\n"
        "  no flush on a river\n"
        "- flush_cards: the most cards of one suit\n"
        "- pairing: unpaired, paired, two pair, trips, full house, quads\n"
        "- high: the highest rank (A, K, ..., 2)\n"
        "- straight_possible: made, one card, two cards (the hole cards a straight\n"
        "  needs), none\n"
        "- gaps: the ranks missing between the distinct ranks (the ace low if fewer)\n"
        "- connectedness: connected (0 gaps), one-gap, two-gap, disconnected (3+)"
    )


class _Definitions(argparse.Action):
    """``--definitions``: print every texture's definition and exit (as ``--version`` does)."""

    def __init__(self, option_strings: Any, dest: Any, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: Any, namespace: Any, values: Any, option: Any = None) -> None:
        from ..analysis.textures import TEXTURE_DEFINITIONS

        print(texture_help(TEXTURE_DEFINITIONS))
        parser.exit()


def texture_help(text: str) -> str:
    """The texture definitions wrapped for a terminal: paragraphs, and items as ``- ...``."""
    blocks = []
    for paragraph in text.split("\n\n"):
        items = paragraph.split("\n- ")
        head = items.pop(0)
        if head.startswith("- "):
            items.insert(0, head[2:])
        else:
            blocks.append(textwrap.fill(" ".join(head.split()), width=78))
        blocks.extend(
            textwrap.fill(
                " ".join(i.split()), width=78, initial_indent="- ", subsequent_indent="  "
            )
            for i in items
        )
    return "\n".join(blocks)


def add_flops(sub: Any) -> None:
    """Register ``equity flops``."""
    p = sub.add_parser(
        "flops",
        help="range against range on every flop, exact, by board texture",
        description="Exact equity of range A against range B on every flop (every turn and "
        "river, card removal and weights honoured), one row per flop up to suit "
        "isomorphism, with each flop's texture; the averages by texture group.",
        epilog=_epilog,
    )
    p.add_argument(
        "--definitions", action=_Definitions, help="print each texture's definition and exit"
    )
    p.add_argument("range_a", metavar="RANGE_A", help="a range, e.g. 'TT+,AQs+,AKo'")
    p.add_argument("range_b", metavar="RANGE_B", help="the other range, e.g. '22+,A2s+'")
    add_game(p, lambda g: g.ranges and g.has_board)  # the games flops() plays
    p.add_argument(
        "--where", metavar="QUERY", help="keep the flops where QUERY holds (a pandas query)"
    )
    p.add_argument(
        "--by",
        metavar="COLUMNS",
        help="group by these texture columns, comma-separated (default: suits, pairing, "
        "high, one at a time)",
    )
    p.add_argument("--out", metavar="FILE", help="write every row to FILE.csv or FILE.parquet")
    p.add_argument("--json", action="store_true", help="print one JSON object (every row)")
    p.add_argument(
        "--plot", metavar="FILE", help="plot the equity on each flop by group (.png, .svg, .pdf)"
    )
    p.add_argument("--quiet", action="store_true", help="no notices")
    p.set_defaults(func=_cmd_flops)
