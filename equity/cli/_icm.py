"""``equity icm``: chip stacks into prize EVs by the Independent Chip Model."""

from __future__ import annotations

import argparse
from typing import Any

from ._util import CliError, emit_json, parse_count, seed

__all__ = ["add_icm", "parse_payouts"]


def _number(text: str, what: str) -> float:
    cleaned = text.strip().replace("_", "")
    try:
        value = float(cleaned)
    except ValueError:
        raise CliError(f"{what} {text!r} is not a number") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise CliError(f"{what} {text!r} is not a number")
    return value


def parse_payouts(text: str, pool: float | None) -> list[float]:
    """``--payouts``: amounts (``50,30,20``), or percentages of ``pool`` (``50%,30%,20%``;
    the pool 100 when not given).

    Examples
    --------
    >>> parse_payouts("50,30,20", None), parse_payouts("50%,30%,20%", 1000)
    ([50.0, 30.0, 20.0], [500.0, 300.0, 200.0])
    """
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not parts:
        raise CliError(f"--payouts {text!r} has no prize: write them as 50,30,20 or 50%,30%,20%")
    percent = [p.endswith("%") for p in parts]
    if any(percent) and not all(percent):
        raise CliError(f"--payouts {text!r} mixes amounts and percentages: write all one way")
    values = [_number(p.rstrip("%"), "the payout") for p in parts]
    if not all(percent):
        if pool is not None:
            raise CliError("--pool is for payouts written as percentages (50%,30%,20%)")
        return values
    if sum(values) > 100 + 1e-9:
        raise CliError(f"--payouts {text!r} adds up to {sum(values):g}%, more than the pool")
    base = 100.0 if pool is None else pool
    return [v / 100 * base for v in values]


def _stack(text: str) -> float:
    try:
        return _number(text.replace(",", ""), "the stack")
    except CliError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _pool(text: str) -> float:
    value = _stack(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"the pool {text!r} must be positive")
    return value


def _cmd_icm(args: argparse.Namespace) -> int:
    from ..decisions.icm import icm

    payouts = parse_payouts(args.payouts, args.pool)
    monte_carlo = args.method == "monte-carlo"
    if not monte_carlo and (args.trials is not None or args.seed is not None):
        raise CliError("--trials and --seed are for --method monte-carlo")
    result = icm(
        args.stacks,
        payouts,
        method=args.method,
        trials=args.trials if monte_carlo else None,
        seed=args.seed if monte_carlo else None,
    )
    if args.json:
        data: dict[str, Any] = result.to_dict()
        if args.chop:
            data["chop"] = [
                {"player": i, "chips": float(c), "chip_chop": float(x), "icm_chop": float(e)}
                for i, (c, x, e) in enumerate(
                    zip(result.stacks, result.chip_chop, result.ev, strict=True)
                )
            ]
        emit_json(data)
        return 0
    print(result.text(chop=args.chop))
    ms = result.elapsed_s * 1000
    print(f"({result.method}, {ms:.2f} ms)" if ms < 1000 else f"({result.elapsed_s:.2f} s)")
    return 0


_EPILOG = """\
examples:
  equity icm 5000 3000 2000 --payouts 50,30,20
  equity icm 5000 3000 2000 --payouts 50,30,20 --chop       # chip chop beside ICM chop
  equity icm 5000 3000 1500 500 --payouts 50%,30%,20% --pool 1000
  equity icm 5000 3000 2000 --payouts 50,30,20 --json
  equity icm 5000 3000 2000 --payouts 50,30,20 --method monte-carlo --trials 1e6 --seed 1

Malmuth-Harville: a player finishes first with probability their share of the
chips, and each later place goes the same way over the players not yet placed;
a player's prize EV is the sum over the paid places of the probability of
finishing there times its payout (the EVs add up to the pool).  --method auto
sums exactly while that is cheap (every field up to 20 players; larger fields
with few places paid) and integrates the exponential-clock formula by
quadrature beyond (error below 1e-10); monte-carlo samples finishing orders
(with standard errors).  The chip chop pays each player the smallest prize
still to be won and splits the rest by chips; the ICM chop pays the prize EVs.
"""


def add_icm(sub: Any) -> None:
    """Register ``equity icm``."""
    p = sub.add_parser(
        "icm",
        help="prize EVs from chip stacks (Independent Chip Model), deal-making",
        description="Each player's probability of finishing in each paid place and prize EV "
        "under the Independent Chip Model (Malmuth-Harville), from the chip stacks and "
        "the payouts; the method that answered is printed.",
        epilog=_EPILOG,
    )
    p.add_argument("stacks", nargs="+", type=_stack, metavar="STACK", help="each player's chips")
    p.add_argument(
        "--payouts",
        required=True,
        help="the prizes, first place first: amounts (50,30,20: the pool is their sum) or "
        "percentages of --pool (50%%,30%%,20%%); at most one per player",
    )
    p.add_argument(
        "--pool", type=_pool, help="the prize pool for payouts given as percentages (default 100)"
    )
    p.add_argument(
        "--method",
        choices=("auto", "exact", "quadrature", "monte-carlo"),
        default="auto",
        help="how to compute (default auto: exact while cheap, else quadrature)",
    )
    p.add_argument("--trials", type=parse_count, help="monte-carlo: finishing orders (1e5)")
    p.add_argument("--seed", type=seed, help="monte-carlo: the seed")
    p.add_argument("--chop", action="store_true", help="the chip chop beside the ICM chop")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_cmd_icm)
