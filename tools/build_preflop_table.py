"""Rebuild the shipped exact preflop table, ``equity/data/preflop_169x169.npz`` (offline).

Enumerates all 14,365 class matchups with :func:`equity.preflop_table.preflop_table` (the
counts of ``equity table preflop --exact``; about 6 minutes on two cores) and
writes them where :func:`equity.preflop_table.load_preflop_table` reads them.
``tests/test_table.py`` checks the shipped file against Irving and d'Eon's
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

DEFAULT_OUT = Path(T.__file__).resolve().parent / "data" / T._SHIPPED_FILE


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="default: %(default)s")
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
    frame = T.preflop_table(scheduler=args.scheduler, progress=progress)
    seconds = time.perf_counter() - start
    T._write_shipped(frame, args.out)
    where = f" on Dask ({args.scheduler})" if args.scheduler else ""
    print(f"enumerated {len(frame):,} matchups in {seconds:.1f} s{where}")
    print(f"wrote {args.out} ({args.out.stat().st_size:,} bytes)")
    row = frame[(frame["alice"] == "AA") & (frame["bob"] == "KK")].iloc[0]
    print(f"  AA vs KK: {row['alice_wins']:,} / {row['bob_wins']:,} / {row['ties']:,}"
          f" of {row['total']:,}")  # fmt: skip


if __name__ == "__main__":
    main()
