"""``equity range --game omaha``: an Omaha range (older patterns or PPT syntax), its hands."""

from __future__ import annotations

import argparse
import math
from typing import Any

from ._util import CliError, emit_json

__all__ = ["LISTED", "omaha_range"]

LISTED = 200
"""The most hands the text output lists (``--json`` lists every one)."""


def omaha_range(args: argparse.Namespace, n_hole: int) -> int:
    """Show the ``n_hole``-card hands of ``args.range``: count, share of all hands, the hands.

    A range broader than :data:`~equity.ranges.omaha.MAX_PATTERN_HANDS` is
    counted without listing it (``hands`` is null in the JSON).
    """
    import numpy as np

    from ..cards import format_cards, parse_cards
    from ..ranges.omaha import MAX_PATTERN_HANDS, OmahaRange, count_omaha_hands

    for flag in ("grid", "plot"):
        if getattr(args, flag):
            raise CliError(f"--{flag} shows a hold'em range's 13x13 grid, not {args.game} hands")
    total = math.comb(52, n_hole)
    try:
        rng: OmahaRange | None = OmahaRange(args.range, n_hole)
    except ValueError as err:
        if "MAX_PATTERN_HANDS" not in str(err):
            raise
        rng = None
    if rng is None:
        if args.remove:
            raise CliError(
                f"{args.range!r} is too broad to list, so --remove cannot drop hands from it"
            )
        count, combos = count_omaha_hands(args.range, n_hole), None
    else:
        combos = rng.combos
        if args.remove:
            dead = parse_cards(args.remove)
            combos = combos[~np.isin(combos, dead).any(axis=1)]
            if not len(combos):
                raise CliError(f"no hand of {args.range!r} is left once {args.remove!r} is removed")
        count = len(combos)
    hands = None if combos is None else [format_cards(row) for row in combos.tolist()]
    if args.json:
        record: dict[str, Any] = {
            "range": args.range,
            "game": args.game,
            "hole_cards": n_hole,
            "combos": count,
            "of": total,
            "fraction": count / total,
            "hands": hands,
        }
        emit_json(record)
        return 0
    print(
        f"{args.range}: {count:,} of {total:,} {n_hole}-card hands ({count / total:.3%}), "
        f"{args.game}"
    )
    if hands is None:
        print(f"(counted, not listed: more than MAX_PATTERN_HANDS = {MAX_PATTERN_HANDS:,})")
        return 0
    for i in range(0, min(len(hands), LISTED), 8):
        print("  ".join(hands[i : i + 8]))
    if len(hands) > LISTED:
        print(f"... the first {LISTED} of {len(hands):,}; --json lists every one")
    return 0
