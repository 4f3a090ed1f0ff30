"""Every game shared with poker-equity, side by side: Monte-Carlo showdowns per second.

poker-equity (PyPI, Rust, MIT OR Apache-2.0; pinned in the ``test`` extra) plays fifteen
games, each shared with equity.  For each game this script times, on one thread each,
a heads-up and a six-handed Monte-Carlo spot in which every player's hand is random
(the same spot on both sides; Courchevel with its first board card known, ``7d``):
equity's ``calculate(..., method="monte-carlo", trials=N, threads=1, seed=...)``
against poker-equity's ``chunk_from_text(..., samples=N, seed=..., threads=1)``.
A showdown is one deal scored for every player (six hands at a six-handed table).

Both sides run in this process, pinned to one CPU, warm (one untimed run each
first: equity's kernels compiled or loaded, poker-equity's tables built), each
run sized from that warm run to last about ``--seconds``; the two sides
alternate in every round (which goes first flips each round) and each figure
is the median over ``--rounds`` rounds.  The table prints both rates, their
ratio (equity / poker-equity), the lowest and highest of the rounds' own ratios,
and the target (equity at least 3x on every game); the load average is printed
at the start and at the end, as the machine is shared::

    python bench/bench_games.py                       # every game, 3 rounds
    python bench/bench_games.py --games holdem,omaha --rounds 5 --json out.json

Before a game is timed, equity must agree with poker-equity on a check spot of known
hands (within five combined standard errors): a game equity cannot run yet (an
engine still to come) is reported "not available" with the reason, and the others
run.  poker-equity's short deck
plays a straight above three of a kind (and a flush above a full house), so
equity's side runs its ``straight_beats_trips`` rules there.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from _common import machine_info, peer_available, pin_cpus, write_json

import equity
from equity.evaluators.shortdeck import ShortDeckRules
from equity.games import GAMES

TARGET = 3.0
"""equity must run at least this many times poker-equity's showdowns per second."""


@dataclass(frozen=True)
class Shared:
    """A game both libraries play: their key, a random hand in their notation, the board,
    and a check spot (known hands, the same text on both sides) whose equities must agree
    before a game is timed."""

    peer: str
    random_hand: str
    check: tuple[str, ...]
    board: str = ""
    dead: str = ""
    rules: Any = None


SHARED: dict[str, Shared] = {
    "holdem": Shared("holdem", "**", ("AhKh", "QsQd")),
    "shortdeck": Shared(
        "short_deck", "**", ("AhKh", "QsQd"), rules=ShortDeckRules(straight_beats_trips=True)
    ),
    "omaha": Shared("omaha", "****", ("AhKhQsQd", "JcJdTcTd")),
    "omaha5": Shared("omaha_five", "*****", ("AhKhQsQd2c", "JcJdTcTd3h")),
    "omaha6": Shared("omaha_six", "******", ("AhKhQsQd2c3c", "JcJdTcTd3h4h")),
    "omaha-hilo": Shared("omaha_hi_lo", "****", ("Ah2d3c9s", "KcKdQhJh")),
    "omaha5-hilo": Shared("omaha_five_hi_lo", "*****", ("Ah2d3c9s9d", "KcKdQhJhTs")),
    "courchevel": Shared("courchevel", "*****", ("AhKhQsQd2c", "JcJdTcTd3h"), board="7d"),
    "courchevel-hilo": Shared(
        "courchevel_hi_lo", "*****", ("Ah2d3c9s9d", "KcKdQhJhTs"), board="7d"
    ),
    "stud": Shared("stud", "*******", ("AhAdAc", "2c7d9h")),
    "stud8": Shared("stud_hi_lo", "*******", ("Ah2d3c", "KcKdQh")),
    "razz": Shared("razz", "*******", ("Ah2d3c", "KcKdQh")),
    "deuce-seven": Shared("deuce_seven", "*****", ("7h5c4d3s", "9h8c6d5h2c"), dead="Kd"),
    "five-draw": Shared("five_card_draw", "*****", ("AhKd9c2s", "QhQd7c5s3d")),
    "badugi": Shared("badugi", "****", ("Ah2c3d", "4h5c6d7s")),
}
"""equity's game -> poker-equity's; random hands are wildcards there (``*`` any card;
a draw game's five unknown cards stand pat, which deals a random hand as a draw of five
would), ``random`` here."""


def check(game: str, seed: int) -> str | None:
    """Why equity's figures for ``game`` cannot be timed yet, or None when they can.

    equity runs the check spot (Monte-Carlo, 40,000 deals) and must agree with
    poker-equity's figures there within five combined standard errors: an engine still
    to come raises, or answers a different question, and is reported, not timed.
    """
    import poker_equity

    spot = SHARED[game]
    try:
        mine = equity.calculate(
            list(spot.check),
            spot.board,
            spot.dead,
            game=game,
            method="monte-carlo",
            trials=40_000,
            seed=seed,
            rules=spot.rules,
        )
    except Exception as exc:  # an engine still to come: any error, reported
        return str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    peer = poker_equity.chunk_from_text(
        spot.peer, list(spot.check), board=spot.board, dead=spot.dead, samples=200_000, seed=seed
    )
    for p, seat in enumerate(peer["players"]):
        tolerance = 5 * (float(mine.stderr[p]) ** 2 + seat["std_error"] ** 2) ** 0.5 + 1e-9
        if abs(float(mine.equity[p]) - seat["equity"]) > tolerance:
            return (
                f"on {' v '.join(spot.check)} equity gives {float(mine.equity[p]):.4f} to seat "
                f"{p}, poker-equity {seat['equity']:.4f}"
            )
    return None


def ours(game: str, players: int, trials: int, seed: int) -> float:
    """Seconds of one warm equity run (wall time around the public call)."""
    spot = SHARED[game]
    t0 = time.perf_counter()
    equity.calculate(
        ["random"] * players,
        spot.board,
        game=game,
        method="monte-carlo",
        trials=trials,
        threads=1,
        seed=seed,
        rules=spot.rules,
    )
    return time.perf_counter() - t0


def theirs(game: str, players: int, trials: int, seed: int) -> float:
    """Seconds of one poker-equity run on one thread."""
    import poker_equity

    spot = SHARED[game]
    t0 = time.perf_counter()
    poker_equity.chunk_from_text(
        spot.peer,
        [spot.random_hand] * players,
        board=spot.board,
        samples=trials,
        seed=seed,
        threads=1,
    )
    return time.perf_counter() - t0


def sized(run: Callable[[int], float], seconds: float) -> int:
    """Trials that make ``run`` last about ``seconds`` (warms it up on the way)."""
    n = 20_000
    run(n)  # compile, load, build tables
    while True:
        took = run(n)
        if took >= 0.05 or n >= 1 << 30:
            return max(10_000, int(n * seconds / max(took, 1e-9)))
        n *= 8


def main(argv: list[str] | None = None) -> int:
    """Time every chosen game and print the table."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default=",".join(SHARED), help="comma-separated equity names")
    ap.add_argument("--players", default="2,6", help="table sizes, comma-separated")
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds (median)")
    ap.add_argument("--seconds", type=float, default=0.4, help="about this long per run")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", type=Path, help="also write every figure as JSON")
    args = ap.parse_args(argv)
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = [g for g in games if g not in SHARED]
    if unknown:
        ap.error(f"not a shared game: {', '.join(unknown)} (shared: {', '.join(SHARED)})")
    tables = [int(p) for p in args.players.split(",")]
    if not peer_available("poker_equity"):
        print("skipped: poker-equity is not installed (pip install -e .[test])", file=sys.stderr)
        return 0
    pin_cpus({min(os.sched_getaffinity(0))})
    load_start = os.getloadavg()
    print(f"load average {load_start[0]:.2f} {load_start[1]:.2f} {load_start[2]:.2f}", flush=True)

    cases: list[tuple[str, int]] = [(g, n) for g in games for n in tables]
    trials: dict[tuple[str, int], tuple[int, int]] = {}
    missing: dict[str, str] = {}
    for game in games:
        reason = check(game, args.seed)
        if reason is not None:
            missing[game] = reason
    for game, n in cases:  # warm both sides and size the runs
        if game not in missing:
            mine = sized(lambda t, g=game, n=n: ours(g, n, t, args.seed), args.seconds)
            peer = sized(lambda t, g=game, n=n: theirs(g, n, t, args.seed), args.seconds)
            trials[game, n] = (mine, peer)
    rates: dict[tuple[str, int], dict[str, list[float]]] = {
        c: {"equity": [], "poker-equity": []} for c in trials
    }
    for r in range(args.rounds):
        for (game, n), (mine, peer) in trials.items():
            seed = args.seed + 1 + r
            first_ours = r % 2 == 0
            for side in (0, 1) if first_ours else (1, 0):
                if side == 0:
                    rates[game, n]["equity"].append(mine / ours(game, n, mine, seed))
                else:
                    rates[game, n]["poker-equity"].append(peer / theirs(game, n, peer, seed))
        print(f"round {r + 1}/{args.rounds} done", file=sys.stderr, flush=True)
    load_end = os.getloadavg()

    rows = []
    header = f"{'game':<16} {'players':>7} {'equity':>10} {'peer':>10} {'ratio':>6}"
    print(f"{header} {'rounds':>11} {'target':>9}")
    for game in games:
        if game in missing:
            print(f"{game:<16} {'':>7} not available in equity yet: {missing[game]}")
            rows.append({"game": game, "available": False, "reason": missing[game]})
            continue
        for n in tables:
            mine = statistics.median(rates[game, n]["equity"])
            peer = statistics.median(rates[game, n]["poker-equity"])
            pair = zip(rates[game, n]["equity"], rates[game, n]["poker-equity"], strict=True)
            paired = [a / b for a, b in pair]
            ratio = mine / peer
            mark = f">={TARGET:g} " + ("met" if ratio >= TARGET else "NOT")
            print(
                f"{game:<16} {n:>7} {mine / 1e6:>6.2f} M/s {peer / 1e6:>6.2f} M/s {ratio:>6.2f} "
                f"{min(paired):>5.2f}-{max(paired):<5.2f} {mark:>9}"
            )
            rows.append(
                {
                    "game": game,
                    "peer_game": SHARED[game].peer,
                    "players": n,
                    "available": True,
                    "equity_showdowns_per_s": mine,
                    "peer_showdowns_per_s": peer,
                    "ratio": ratio,
                    "round_ratios": paired,
                    "target": TARGET,
                    "met": ratio >= TARGET,
                }
            )
    print(
        f"showdowns (deals, every player scored) per second, one thread each, all hands random; "
        f"medians of {args.rounds} interleaved rounds (rounds: the lowest and highest of the "
        f"rounds' own ratios); ratio = equity / poker-equity; load average "
        f"{load_start[0]:.2f} at the start, {load_end[0]:.2f} at the end"
    )
    if args.json:
        import poker_equity

        write_json(
            args.json,
            {
                "machine": machine_info(),
                "poker_equity": getattr(poker_equity, "__version__", "0.1.1"),
                "games_known_here": list(GAMES),
                "load": {"start": load_start, "end": load_end},
                "rounds": args.rounds,
                "rows": rows,
            },
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
