"""Rebuild the shipped exact equity against a random hand, ``equity/data/preflop_vs_random.npz``.

Runs the board sweep of :mod:`equity.kernels.preflop` through
:func:`equity.ranges.preflop_equity_vs_random` with ``recompute=True`` (a few
seconds, plus compiling the kernels) and writes the ``(wins, ties, total)`` of
every hand class where :func:`equity.ranges.preflop_equity_vs_random` reads
them.  ``tests/test_preflop.py`` checks the shipped file against a
recomputation and a brute-force sweep, so this only needs to be run again if
the file's format or the kernels change.

    python tools/build_preflop_vs_random.py
    python tools/build_preflop_vs_random.py --out /tmp/pvr.npz
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from equity.ranges import CLASSES, preflop_equity_vs_random
from equity.ranges import preflop as P

DEFAULT_OUT = Path(P.__file__).resolve().parent.parent / "data" / P._PREFLOP_FILE


def write_counts(counts: dict[str, tuple[int, int, int]], path: Path) -> None:
    """Write ``classes`` and the ``win``, ``tie`` and ``total`` columns, CLASSES order."""
    rows = np.array([counts[c] for c in CLASSES], dtype=np.int64)
    np.savez(path, classes=np.array(CLASSES), win=rows[:, 0], tie=rows[:, 1], total=rows[:, 2])


def main() -> None:
    """Recompute the counts, write them and, for the shipped file, show a few."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="default: %(default)s")
    args = parser.parse_args()
    if args.out.suffix != ".npz":
        parser.error(f"--out must be an .npz file, not {str(args.out)!r}")
    start = time.perf_counter()
    counts = preflop_equity_vs_random(recompute=True)
    seconds = time.perf_counter() - start
    write_counts(counts, args.out)
    print(f"wrote {args.out} in {seconds:.1f} s (board sweep incl. compile/load)")
    if args.out.resolve() == DEFAULT_OUT:
        for label in ("AA", "KK", "AKs", "72o", "32o"):
            win, tie, total = counts[label]
            print(f"  {label:<4} {(win + tie / 2) / total:.6f}  ({win}, {tie}, {total})")


if __name__ == "__main__":
    main()
