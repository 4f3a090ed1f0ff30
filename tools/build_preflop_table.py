"""Rebuild the shipped exact preflop tables in ``equity/data/`` (offline).

Enumerates all 47,086 heads-up suit patterns of the 14,365 class matchups
(:func:`equity.preflop_table.pattern_counts`, the enumeration of ``equity table
preflop --exact``; under a minute on two cores) and writes the counts of each
pattern, ``preflop_patterns.npz`` (read by :mod:`equity.engine.preflop_lookup`,
which answers two known hands preflop), and their sums by matchup,
``preflop_169x169.npz`` (read by :func:`equity.preflop_table.load_preflop_table`).
``tests/test_preflop_table.py`` checks the shipped file against Irving and d'Eon's
published table (``tests/data/``) and recomputes a sample of it, so this only
needs to be run again if the file's format or the kernels change.

    python tools/build_preflop_table.py
    python tools/build_preflop_table.py --scheduler tcp://host:8786 --out /tmp/t.npz
"""

import argparse
import sys
import time
from pathlib import Path

from equity import preflop_table as T
from equity.engine.preflop_lookup import PATTERNS_FILE

DATA = Path(T.__file__).resolve().parent / "data"
DEFAULT_OUT = DATA / T._SHIPPED_FILE


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="default: %(default)s")
    parser.add_argument(
        "--patterns-out", type=Path, default=DATA / PATTERNS_FILE, help="default: %(default)s"
    )
    parser.add_argument("--scheduler", help="run the chunks on Dask (address or 'local')")
    args = parser.parse_args()
    if args.out.suffix != ".npz":
        parser.error(f"--out must be an .npz file, not {str(args.out)!r}")
    shown = [-1]

    def progress(done: int, total: int) -> None:
        tenth = 10 * done // total
        if tenth > shown[0]:
            shown[0] = tenth
            print(f"  {done:,} / {total:,} suit patterns", file=sys.stderr, flush=True)

    start = time.perf_counter()
    holes, weight, owner, counts = T.pattern_counts(scheduler=args.scheduler, progress=progress)
    seconds = time.perf_counter() - start
    frame = T.matchup_frame(T.matchups(), weight, owner, counts)
    T.write_shipped(frame, args.out)
    T.write_shipped_patterns(holes, counts, args.patterns_out)
    where = f" on Dask ({args.scheduler})" if args.scheduler else ""
    print(f"enumerated {len(frame):,} matchups in {seconds:.1f} s{where}")
    for path in (args.out, args.patterns_out):
        print(f"wrote {path} ({path.stat().st_size:,} bytes)")
    row = frame[(frame["alice"] == "AA") & (frame["bob"] == "KK")].iloc[0]
    print(f"  AA vs KK: {row['alice_wins']:,} / {row['bob_wins']:,} / {row['ties']:,}"
          f" of {row['total']:,}")  # fmt: skip


if __name__ == "__main__":
    main()
