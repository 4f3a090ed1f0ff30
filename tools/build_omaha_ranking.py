"""Rebuild the shipped Omaha ranking, ``equity/data/omaha_ranking_<n>.npz`` (n = 4 or 5).

Plays one hand of every suit class (:func:`equity.ranges.omaha_ranking.omaha_classes`)
against one uniformly random hand on a random board, ``--trials`` deals each,
by the Omaha Monte-Carlo loop of ``calculate``
(:func:`equity.engine.vs_random.omaha_vs_random_counts`).  Seeded: class ``i``
draws from its own streams, so the counts are the same in chunks of any size,
on this machine or on a Dask cluster of any size (``--scheduler local:2`` or an
address).  Writes the counts with their seed, trials, method and version
(read by :mod:`equity.ranges.omaha_ranking`).

The shipped files were built by (wall times on a shared 2-vCPU box, see the docs):

    python tools/build_omaha_ranking.py --hole 4 --trials 60000 --scheduler local:2
    python tools/build_omaha_ranking.py --hole 5 --trials 8000 --scheduler local:2

and a quick trial run of the first classes only:

    python tools/build_omaha_ranking.py --hole 4 --trials 2000 --first 512 --out /tmp/r4.npz
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

import numpy as np

from equity.engine.executor import executor_for
from equity.engine.vs_random import omaha_vs_random_counts
from equity.ranges import omaha_ranking as R

DATA = Path(R.__file__).resolve().parent.parent / "data"
VERSION = 1
"""Bumped when the method or the file's layout changes."""


def write_ranking(path: Path, n_hole: int, counts: np.ndarray, *, seed: int, trials: int,
                  batch_size: int, seconds: float) -> None:  # fmt: skip
    """Write the counts of every class of ``omaha_classes(n_hole)``, in its order."""
    classes = R.omaha_classes(n_hole)
    if not (counts[:, 2] == trials).all():
        raise RuntimeError("every class must play the same number of deals")
    np.savez_compressed(
        path,
        keys=classes.keys,
        sizes=classes.sizes.astype(np.int32),
        won=counts[:, 0].astype(np.int32),
        tied=counts[:, 1].astype(np.int32),
        trials=np.int64(trials),
        seed=np.int64(seed),
        batch_size=np.int64(batch_size),
        n_hole=np.int64(n_hole),
        method=np.str_("monte-carlo"),
        version=np.int64(VERSION),
        build_seconds=np.float64(seconds),
    )


def main() -> None:
    """Count every class, write the file and show the extremes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hole", type=int, choices=R.OMAHA_RANKING_HOLES, required=True)
    parser.add_argument("--trials", type=int, required=True, help="deals per class")
    parser.add_argument("--seed", type=int, default=20261206)
    parser.add_argument("--batch-size", type=int, default=0,
                        help="deals per batch (default: trials / 4)")  # fmt: skip
    parser.add_argument("--chunk", type=int, default=256, help="classes per task")
    parser.add_argument("--scheduler", default=None,
                        help="Dask: 'local:N' or an address (default: this process)")  # fmt: skip
    parser.add_argument("--first", type=int, default=0, help="only the first N classes (tests)")
    parser.add_argument("--out", type=Path, default=None,
                        help="default: equity/data/omaha_ranking_<hole>.npz")  # fmt: skip
    args = parser.parse_args()
    out = args.out or DATA / R._FILE.format(args.hole)
    batch_size = args.batch_size or math.ceil(args.trials / 4)
    classes = R.omaha_classes(args.hole)
    hands = classes.hands[: args.first] if args.first else classes.hands
    start = time.perf_counter()
    last = [start]

    def report(done: int, total: int) -> None:
        now = time.perf_counter()
        if now - last[0] > 30 or done == total:
            last[0] = now
            print(f"  {done:,}/{total:,} classes, {now - start:.0f} s", flush=True)

    with executor_for(args.scheduler) as executor:
        counts = omaha_vs_random_counts(
            hands, args.seed, args.trials, batch_size,
            executor=executor, chunk=args.chunk, on_chunk=report,
        )  # fmt: skip
    seconds = time.perf_counter() - start
    if args.first:
        np.savez_compressed(out, counts=counts)
        print(f"wrote the counts of the first {args.first} classes to {out} in {seconds:.1f} s")
        return
    write_ranking(out, args.hole, counts, seed=args.seed, trials=args.trials,
                  batch_size=batch_size, seconds=seconds)  # fmt: skip
    equity = (counts[:, 0] + counts[:, 1] / 2) / counts[:, 2]
    print(f"wrote {out} ({out.stat().st_size:,} bytes) in {seconds:.0f} s")
    for k in (int(np.argmax(equity)), int(np.argmin(equity))):
        print(f"  {''.join(R.format_cards(classes.hands[k]))}: {equity[k]:.4f}")


if __name__ == "__main__":
    sys.exit(main())
