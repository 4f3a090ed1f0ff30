"""ICM: ``equity.icm`` against pokerkit's ``calculate_icm``, side by side in one run.

pokerkit sums over every ordered choice of the paid places (``n! / (n - k)!``
finishing orders for ``n`` players and ``k`` paid places); ``equity.icm`` sums
over the sets of players placed before each paid place (exact) or, for large
fields, integrates the exponential-clock formula (quadrature).  Cases: 3, 6
and 9 players (three places paid, and every place paid at 9), and the largest
fields pokerkit answers in seconds (10 players all paid; 100 players, three
paid); then fields beyond its reach, equity alone.  Each side is timed on the
same stacks (the best of ``--repeats`` calls; one call when a call takes over
a second), the EVs compared, and the load average printed before and after.

Usage::

    python bench/bench_icm.py
    python bench/bench_icm.py --repeats 7 --json reports/bench_icm.json
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
from _common import machine_info, peer_available, print_table, write_json

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import equity  # noqa: E402

CASES = [  # (players, paid places, also pokerkit)
    (3, 3, True),
    (6, 3, True),
    (6, 6, True),
    (9, 3, True),
    (9, 9, True),
    (10, 10, True),
    (100, 3, True),
    (20, 20, False),
    (1000, 2, False),
    (300, 45, False),
    (1000, 150, False),
    (3000, 450, False),
]


def _time(fn: Any, repeats: int) -> tuple[float, Any]:
    """Best wall time of ``repeats`` calls (one when a call takes over a second), the result."""
    start = time.perf_counter()
    result = fn()
    best = time.perf_counter() - start
    if best < 1.0:
        for _ in range(repeats - 1):
            start = time.perf_counter()
            result = fn()
            best = min(best, time.perf_counter() - start)
    return best, result


def _orders(n: int, paid: int) -> str:
    """The finishing orders of the paid places, ``n! / (n - paid)!``, as ``3.6e6``."""
    orders = math.perm(n, paid)
    if orders < 10_000:
        return str(orders)
    digits = len(str(orders)) - 1
    mantissa = round(orders / 10**digits, 1) if digits < 300 else int(str(orders)[:2]) / 10
    if mantissa >= 10:
        mantissa, digits = mantissa / 10, digits + 1
    return f"{mantissa:.1f}e{digits}"


def _ratio(theirs: float | None, ours: float) -> str:
    """pokerkit's time over equity's: ``4,420x``, ``1.19x``, ``0.18x``."""
    if theirs is None:
        return "–"
    ratio = theirs / ours
    return f"{ratio:,.0f}x" if ratio >= 10 else f"{ratio:.2f}x"


def _fmt(seconds: float | None) -> str:
    if seconds is None:
        return "–"
    if seconds < 1e-3:
        return f"{seconds * 1e6:,.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:,.2f} ms"
    return f"{seconds:,.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json", help="also write the figures to this JSON file")
    args = parser.parse_args()
    has_pokerkit = peer_available("pokerkit")
    if has_pokerkit:
        from pokerkit import calculate_icm
    rng = np.random.default_rng(31)
    load_before = os.getloadavg()
    rows: list[dict[str, Any]] = []
    for n, paid, peer in CASES:
        stacks = rng.integers(1_000, 100_000, n).astype(float)
        payouts = np.sort(rng.uniform(1, 100, paid))[::-1]
        ours_s, ours = _time(lambda s=stacks, p=payouts: equity.icm(s, p), args.repeats)
        theirs_s = diff = None
        if peer and has_pokerkit:
            theirs_s, theirs = _time(
                lambda s=stacks, p=payouts: calculate_icm(p.tolist(), s.tolist()), args.repeats
            )
            diff = float(np.abs(ours.ev - np.array(theirs)).max())
        rows.append(
            {
                "players": n,
                "paid": paid,
                "orders": _orders(n, paid),
                "pokerkit": _fmt(theirs_s),
                "equity": _fmt(ours_s),
                "method": ours.method,
                "speed-up": _ratio(theirs_s, ours_s),
                "max |EV diff|": f"{diff:.1e}" if diff is not None else "–",
                "pokerkit_s": theirs_s,
                "equity_s": ours_s,
            }
        )
    load_after = os.getloadavg()
    columns = ["players", "paid", "orders", "pokerkit", "equity", "method", "speed-up"]
    print_table(rows, [*columns, "max |EV diff|"], title="ICM: equity.icm vs pokerkit")
    print(
        f"load average {load_before[0]:.2f} before, {load_after[0]:.2f} after "
        f"({os.cpu_count()} CPUs); 'orders': the finishing orders pokerkit sums"
    )
    if args.json:
        write_json(
            args.json,
            {"machine": machine_info(), "rows": rows, "load": [load_before[0], load_after[0]]},
        )


if __name__ == "__main__":
    main()
