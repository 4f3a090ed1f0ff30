"""``equity query --runs K``: the board run ``K`` times (:func:`equity.run_outs`).

The query's equity table is printed as always (the equity does not depend on
``K``); ``--runs K`` adds each player's share of the pot over the ``K``
run-outs (its distribution), its variance and that variance against running
it once.  ``--exact``, ``--mc``, ``--trials`` and ``--seed`` apply to the
run-outs too.
"""

from __future__ import annotations

import argparse
from typing import Any

from ._util import seconds, table

__all__ = ["add_runs", "check_runs", "describe_run_outs", "run_runs", "runs_count"]


def runs_count(text: str) -> int:
    """A number of run-outs: a whole number at least 1."""
    try:
        value = int(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of run-outs") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} run-outs: the board is run at least once")
    return value


def add_runs(p: argparse.ArgumentParser) -> None:
    """Add ``--runs K``."""
    p.add_argument(
        "--runs",
        type=runs_count,
        default=1,
        metavar="K",
        help="run the board K times, each for 1/K of the pot",
    )


def _options(args: argparse.Namespace) -> dict[str, Any]:
    from ._hands import rules_of

    return {
        "runs": args.runs,
        "game": args.game,
        "method": "exact" if args.exact else "monte-carlo" if args.mc else "auto",
        "rules": rules_of(args),
    }


def check_runs(args: argparse.Namespace) -> None:
    """Before any work: one sentence when the spot cannot be run ``--runs`` times."""
    if args.runs == 1:
        return
    from ..analysis.run_outs import check_run_outs

    check_run_outs(args.hands, args.board or "", args.dead or "", **_options(args))


def run_runs(args: argparse.Namespace) -> Any:
    """The :class:`equity.RunOuts` of ``--runs K`` (None for ``--runs 1``)."""
    if args.runs == 1:
        return None
    from ..analysis.run_outs import run_outs

    return run_outs(args.hands, args.board or "", args.dead or "", trials=args.trials,
                    seed=args.seed, **_options(args))  # fmt: skip


def describe_run_outs(r: Any) -> str:
    """The run-outs section of ``equity query --runs K``."""
    from ..analysis.run_outs_result import share_label

    cards = f"{r.cards_per_run} board card{'s' if r.cards_per_run != 1 else ''}"
    head = f"run {r.runs} times ({r.runs} run-outs of {cards} from one deck, each 1/{r.runs} "
    head += "of the pot): "
    if r.interrupted:
        head += "interrupted, the deals done: "
    if r.method == "exact":
        head += (
            f"exact, {r.samples:,} run-out sequences counted in {seconds(r.elapsed_s, digits=3)}"
        )
    else:
        head += f"Monte-Carlo estimate, {r.samples:,} deals, seed {r.seed}, {seconds(r.elapsed_s)}"
    mc = r.method != "exact"
    rows = []
    for p, hand in enumerate(r.hands):
        for i, share in enumerate(r.shares[p]):
            row = [p, hand, share_label(share), f"{r.probabilities[p][i]:.4%}"]
            if mc:
                row.append(f"{r.probability_stderr[p][i]:.4%}")
            rows.append(row)
    shares = table(rows, ["player", "hand", "share of pot", "probability"]
                   + (["std err"] if mc else []))  # fmt: skip
    rows = []
    for p, hand in enumerate(r.hands):
        ratio = "-" if r.variance_ratio[p] != r.variance_ratio[p] else f"{r.variance_ratio[p]:.4f}"
        if r.exact is not None and r.exact.variance_ratio[p] is not None:
            ratio += f" ({r.exact.variance_ratio[p]})"
        row = [p, hand, f"{r.equity[p]:.4%}", f"{r.variance[p]:.5f}",
               f"{r.variance_once[p]:.5f}", ratio]  # fmt: skip
        if mc:
            row += [f"{r.equity_stderr[p]:.4%}", f"{r.variance_ratio_stderr[p]:.4f}"]
        rows.append(row)
    headers = ["player", "hand", "equity", "variance", "variance once", "ratio"]
    if mc:
        headers += ["equity std err", "ratio std err"]
    summary = table(rows, headers)
    foot = (
        f"share of pot: over the {r.runs} run-outs (all, none or the part won); ratio = "
        f"variance / variance once; {r.reason}"
    )
    if mc:
        foot += "; std err from batch means"
    return "\n".join([head, shares, summary, foot])
