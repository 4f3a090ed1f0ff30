"""Files as units of work: score the files of :func:`equity.history` here or on Dask.

A file is read, replayed, reconciled and scored as a whole by
:func:`equity.histories.unit.score_file`; the files of a job are cut into
runs of consecutive files of about equal size, one task each, and the
results are put back in the order of the files.  So a job gives **identical
rows, skipped hands and counts** locally and on any cluster (the scoring is
exact: every run-out enumerated, nothing drawn at random).

On a cluster (``scheduler=``: an address, ``"local[:N]"`` or a
``distributed.Client``; :func:`equity.cluster.connect`) the workers read the
files by their absolute paths, so the files must be where the workers can
read them (the same machine, or a shared file system); the rows still name
each file as it was given.  Stdin (``-``) is read and scored here.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

    from .unit import HandRead, Skipped

__all__ = ["CHUNKS_PER_THREAD", "score_files", "split_runs"]

CHUNKS_PER_THREAD = 4
"""Aim for this many tasks per worker thread: spreads the tail of a job."""


def score_files(files: Sequence[str], scheduler: Any = None) -> Scored:
    """Every file scored by ``score_file``, put together in the order of the files: the
    rows (a frame), the hands or files left out, the hands read.  Here, or on the Dask
    cluster ``scheduler``.

    ``scheduler`` None runs here (also inside ``equity.engine.use_scheduler``:
    a hand's exact equities are too small a job to send out one by one).  A
    task returns its rows as one frame (columns of numbers and text travel and
    join far faster than a dict a row); the frames and the frame of a run here
    have the same dtypes (:data:`~.score.DTYPES`), so the job's frame is the same.
    """
    from ..engine import LocalExecutor, use_scheduler
    from .unit import score_file

    if scheduler is None:
        from .unit import frame_of

        with use_scheduler(LocalExecutor()):
            results = [score_file(file) for file in files]
        # One frame for all the files: a frame per file costs its dtype conversions each time.
        frame = frame_of([row for rows, _, _ in results for row in rows])
        skipped = [s for _, skips, _ in results for s in skips]
        return frame, skipped, [hand for _, _, read in results for hand in read]
    from ..cluster import connect, worker_threads

    with connect(scheduler) as client:
        remote = [i for i, file in enumerate(files) if file != "-"]
        runs = split_runs([_size(files[i]) for i in remote], worker_threads(client))
        tasks = [[(str(Path(files[remote[i]]).resolve()), files[remote[i]]) for i in run]
                 for run in runs]  # fmt: skip
        futures = client.map(_score_run, tasks, pure=False)
        pieces: list[Any] = [None] * len(files)
        if len(remote) < len(files):  # stdin, while the workers run
            with use_scheduler(LocalExecutor()):
                for i, file in enumerate(files):
                    if file == "-":
                        pieces[i] = _piece(*score_file(file))
        for run, (frame, counts) in zip(runs, client.gather(futures), strict=True):
            start = 0
            for i, (n, skipped, read) in zip(run, counts, strict=True):
                pieces[remote[i]] = (frame.iloc[start : start + n], skipped, read)
                start += n
        return _join(pieces)


Scored = tuple["pd.DataFrame", list["Skipped"], list["HandRead"]]
"""A job's (or a file's) rows as a frame, its hands or files left out, its hands read."""


def _piece(rows: list[dict[str, Any]], skipped: list[Skipped], read: list[HandRead]) -> Scored:
    from .unit import frame_of

    return frame_of(rows), skipped, read


def _join(pieces: Sequence[Scored]) -> Scored:
    """The pieces of the files, in order, as one."""
    import pandas as pd

    from .unit import frame_of

    frames = [frame for frame, _, _ in pieces if len(frame)]
    frame = pd.concat(frames, ignore_index=True) if frames else frame_of([])
    skipped = [s for _, skips, _ in pieces for s in skips]
    return frame, skipped, [hand for _, _, read in pieces for hand in read]


def _score_run(
    run: Sequence[tuple[str, str]],
) -> tuple[pd.DataFrame, list[tuple[int, list[Skipped], list[HandRead]]]]:
    """The task: ``score_file`` of each ``(path, name as given)`` of a run, on a worker: the
    rows of the run as one frame, and per file its number of rows, hands left out, hands read."""
    from .unit import frame_of, score_file

    results = [score_file(path, shown=shown) for path, shown in run]
    frame = frame_of([row for rows, _, _ in results for row in rows])
    return frame, [(len(rows), skipped, read) for rows, skipped, read in results]


def _size(file: str) -> int:
    """Bytes of ``file`` (1 when it cannot be read: its task reports why)."""
    try:
        return max(1, os.path.getsize(file))
    except OSError:
        return 1


def split_runs(sizes: Sequence[int], width: int) -> list[list[int]]:
    """Cut ``range(len(sizes))`` into runs of consecutive items of about equal total size.

    About :data:`CHUNKS_PER_THREAD` runs per thread of ``width`` (never more
    runs than items); every item in exactly one run, in order.

    Examples
    --------
    >>> split_runs([10, 10, 10, 10], 1)
    [[0], [1], [2], [3]]
    >>> split_runs([5, 1, 1, 1, 1, 1], 1)
    [[0], [1, 2, 3], [4, 5]]
    """
    n = len(sizes)
    if n == 0:
        return []
    want = min(n, CHUNKS_PER_THREAD * max(1, width))
    target = math.ceil(sum(sizes) / want)
    runs: list[list[int]] = [[]]
    total = 0
    for i, size in enumerate(sizes):
        if runs[-1] and total + size > target:
            runs.append([])
            total = 0
        runs[-1].append(i)
        total += size
    return runs
