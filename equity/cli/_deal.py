"""``equity deal``: complete deals as data (a tidy Parquet or CSV file), or a short summary."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
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
from ._util import (
    CliError,
    check_output_file,
    check_parquet,
    compile_notice,
    parse_count,
    seconds,
    seed,
    table,
)

__all__ = ["add_deal"]

_SUFFIXES = (".parquet", ".csv")
_SHOWN = 5
"""Deals printed by the summary."""


@contextlib.contextmanager
def _replacing(target: Path) -> Iterator[Path]:
    """A scratch file beside ``target``, moved onto it when the block succeeds, else removed."""
    fd, name = tempfile.mkstemp(dir=target.parent, prefix=".equity-deal-", suffix=target.suffix)
    os.close(fd)
    scratch = Path(name)
    try:
        # mkstemp makes the file 0600; the output gets the mode of any new file (0644 at umask 022)
        umask = os.umask(0)
        os.umask(umask)
        scratch.chmod(0o666 & ~umask)
        yield scratch
        os.replace(scratch, target)
    except BaseException:
        scratch.unlink(missing_ok=True)
        raise


def _arrow_table(frame: Any) -> Any:
    """``frame`` as an Arrow table with one schema for every chunk (dictionaries int32-indexed)."""
    pa = importlib.import_module("pyarrow")  # no type stubs
    t = pa.Table.from_pandas(frame, preserve_index=False)
    fields = [
        pa.field(f.name, pa.dictionary(pa.int32(), f.type.value_type, f.type.ordered))
        if pa.types.is_dictionary(f.type)
        else f
        for f in t.schema
    ]
    return t.cast(pa.schema(fields))


def _write(chunks: Iterator[Any], path: Path, on_chunk: Any) -> int:
    """Write every chunk's frame to ``path`` (Parquet or CSV by suffix); return the rows."""
    rows = 0
    if path.suffix.lower() == ".parquet":
        pq = importlib.import_module("pyarrow.parquet")
        writer = None
        try:
            for chunk in chunks:
                on_chunk(chunk)
                t = _arrow_table(chunk.to_frame())
                if writer is None:
                    writer = pq.ParquetWriter(path, t.schema)
                writer.write_table(t)
                rows += t.num_rows
        finally:
            if writer is not None:
                writer.close()
        return rows
    with path.open("w", encoding="utf-8", newline="") as f:
        for chunk in chunks:
            on_chunk(chunk)
            frame = chunk.to_frame()
            frame.to_csv(f, header=rows == 0, index=False)
            rows += len(frame)
    return rows


def _check_out(text: str) -> Path:
    path = check_output_file(text)
    suffix = path.suffix.lower()
    if suffix not in _SUFFIXES:
        raise CliError(f"the deals are written as .parquet or .csv, not {text!r}")
    check_parquet(path)
    return path


def _first_deals(chunk: Any) -> str:
    """The first deals of ``chunk`` as a table: hands, board and winners."""
    shown = min(_SHOWN, chunk.n)
    rows = []
    for i in range(shown):
        hands = [
            "".join(sorted(_cards(chunk.holes[i, p]), key=_card_order, reverse=True))
            for p in range(chunk.n_players)
        ]
        board = ["".join(_cards(chunk.board[i]))] if chunk.board.shape[1] else []
        who = [p for p in range(chunk.n_players) if chunk.winners[i, p]]
        category = chunk.categories[int(chunk.category[i, who[0]])]
        rows.append([i, *hands, *board, ",".join(map(str, who)), category])
    board_header = ["board"] if chunk.board.shape[1] else []
    headers = [
        "deal",
        *[f"player {p}" for p in range(chunk.n_players)],
        *board_header,
        "wins",
        "with",
    ]
    return table(rows, headers)


def _cards(codes: Any) -> list[str]:
    from ..cards import format_card

    return [format_card(int(c)) for c in codes]


def _card_order(text: str) -> tuple[int, int]:
    from ..cards import parse_card

    c = parse_card(text)
    return c >> 2, c & 3


def _cmd_deal(args: argparse.Namespace) -> int:
    from ..analysis.deals import deal_chunks
    from ..results import shares_from_counts

    rules = rules_of(args)
    out = _check_out(args.out) if args.out else None
    if args.boards == 2:
        return _deal_two_boards(args, out)
    check_independent_decks(args)
    chunks = deal_chunks(
        args.game,
        players=args.players,
        n=args.n,
        seed=args.seed,
        hands=args.hands or None,
        board=args.board or "",
        dead=args.dead or "",
        rules=rules,
        independent_decks=args.independent_decks,
    )
    state: dict[str, Any] = {"counts": None, "first": None, "deals": 0}

    def tally(chunk: Any) -> None:
        if state["first"] is None:
            state["first"] = chunk
            state["counts"] = chunk.counts()
        else:
            state["counts"] = state["counts"] + chunk.counts()
        state["deals"] += chunk.n

    from ..control import Stopwatch

    watch = Stopwatch()  # dealing and writing, compiling apart (as query times its run)
    with compile_notice(args):
        if out is None:
            for chunk in chunks:
                tally(chunk)
        else:
            try:
                with _replacing(out) as scratch:
                    rows = _write(chunks, scratch, tally)
            except OSError as exc:  # checked before the run; the folder went away or filled up
                raise CliError(f"cannot write {args.out}: {exc.strerror or exc}") from None
    first = state["first"]
    n_deals = state["deals"]
    counts = state["counts"]
    units = n_deals * (1 if first.low is None else 2)  # hi-lo counts half-pots
    equity = shares_from_counts(counts, units)[0]
    print(
        f"{first.game}: {n_deals:,} deals of {first.n_players} players, seed {first.seed}, "
        f"{seconds(*watch.split())} (the deals 'equity query' scores with these hands, "
        f"--trials {n_deals} --seed {first.seed})"
    )
    if out is None:
        print()
        print(_first_deals(first))
        print()
    per_player = [
        [p, first.players[p], f"{equity[p]:.4%}", f"{counts[p, 1] / units:.4%}"]
        for p in range(first.n_players)
    ]
    print(table(per_player, ["player", "hand", "equity", "wins alone"]))
    if out is not None:
        print(f"wrote {rows:,} rows (one per deal and player) to {args.out}")
    return 0


def _deal_two_boards(args: argparse.Namespace, out: Path | None) -> int:
    """``equity deal --boards 2``: pairs of boards from one deck (``equity.deal(boards=2)``)."""
    import numpy as np

    from ..analysis.deals import deal
    from ..cards import format_cards

    if args.players is not None or args.independent_decks:
        flag = "--players" if args.players is not None else "--independent-decks"
        raise CliError(f"--boards 2 deals known hands only: it takes no {flag}")
    boards = (args.board or "").split("|")
    if len(boards) > 2:
        raise CliError(f"--board {args.board!r} has {len(boards)} boards: --boards 2 takes two")
    board2 = boards[1] if len(boards) == 2 else ""
    with compile_notice(args):
        d = deal(args.game, n=args.n, seed=args.seed, hands=args.hands, board=boards[0],
                 dead=args.dead or "", boards=2, board2=board2)  # fmt: skip
        if out is not None:
            try:
                with _replacing(out) as scratch:
                    rows = _write(iter([d]), scratch, lambda chunk: None)
            except OSError as exc:
                raise CliError(f"cannot write {args.out}: {exc.strerror or exc}") from None
    print(
        f"{d.game}: {d.n:,} pairs of boards, seed {d.seed} (the deals 'equity query --boards 2' "
        f"scores with --trials {d.n} --seed {d.seed})"
    )
    hands = [format_cards(h) for h in d.holes.tolist()]
    figures = np.stack([d.share1.mean(axis=0), d.share2.mean(axis=0), d.equity], axis=1)
    per_player = [[p, hands[p], *(f"{x:.4%}" for x in figures[p])] for p in range(len(hands))]
    print(table(per_player, ["player", "hand", "board 1", "board 2", "equity"]))
    if out is not None:
        print(f"wrote {rows:,} rows (one per deal and player) to {args.out}")
    return 0


def _epilog() -> str:
    return (
        "examples:\n"
        "  equity deal --players 6 --n 1e6 --seed 1 --out deals.parquet\n"
        "  equity deal AsKs 'QQ+,AKs' random --board Ts9s2h --n 1e5 --seed 1 --out deals.csv\n"
        "  equity deal AhAd --players 3 --n 1000 --seed 7          # a short summary\n"
        "  equity deal --game zjh --players 4 --n 1e5 --seed 1 --out zjh.parquet\n"
        "  equity deal --game omaha-hilo As2h3d4c 'AA**' random --n 1e5 --seed 1 --out plo8.csv\n"
        "  equity deal --game omaha AsKsQd2c QhQc7h8h --boards 2 --board 'Qs7s2h|' --out bomb.csv\n"
        "--boards 2: deal, player, hand, board1, board2, share1, share2, share, outcome.\n\n"
        "Columns: deal, player (from 0), hand, board, the board's texture (suits, flush_cards,\n"
        "pairing, high, straight_possible, gaps, connectedness: see 'equity flops --help'),\n"
        "strength (bigger wins), category, win, share (of the pot) and, for hold'em and short\n"
        "deck, class (AKs, QQ, 72o).  The deals are those 'equity query' deals with the same\n"
        "hands, --trials and --seed: their shares add up to its counts exactly.  They are dealt\n"
        "and written in chunks (memory stays small), to a scratch file renamed at the end.\n"
        "Omaha hi-lo adds low (the player's low, empty when none qualifies) and low_win; its\n"
        "win and category are the high hand's.\n"
        "Units: files carry shares as fractions (0-1); the printed summary shows them in\n"
        "percent and numbers players from 0, as the file does.\n\n" + RULES_LINE
    )


def add_deal(sub: Any) -> None:
    """Register ``equity deal``."""
    p = sub.add_parser(
        "deal",
        help="complete deals as data: a tidy Parquet or CSV file, one row per deal and player",
        description="Deal complete hands (hole cards and board) with each player's strength, "
        "category and share of the pot, from the Monte-Carlo engine's own random streams, and "
        "write them as a table (one row per deal and player) or print a short summary.",
        epilog=_epilog,
    )
    add_game(p)
    p.add_argument(
        "hands",
        nargs="*",
        metavar="HAND",
        help="cards, 'random', a hold'em range or an Omaha pattern, one per player (the others "
        "are random)",
    )
    p.add_argument(
        "--players", type=int, help="players at the table (default: one per HAND, at least 2)"
    )
    p.add_argument("-n", "--n", type=parse_count, default=1_000_000, help="deals (default 1e6)")
    p.add_argument("--seed", type=seed, help="random seed (drawn and printed when omitted)")
    p.add_argument("--board", help="known board cards, e.g. Ts9s2h")
    p.add_argument("--dead", help="cards out of play")
    p.add_argument("--boards", type=int, choices=(1, 2), default=1, metavar="N", help=BOARDS_HELP)
    p.add_argument(
        "--independent-decks",
        action="store_true",
        help=f"{independent_deck_games()}: {INDEPENDENT_DECKS}",
    )
    p.add_argument("--out", metavar="FILE", help="write the deals to FILE.parquet or FILE.csv")
    p.add_argument("--quiet", action="store_true", help="no notices")
    p.set_defaults(func=_cmd_deal)
