"""The exact heads-up preflop table: every matchup of the 169 hand classes.

For classes Alice and Bob, every non-conflicting pair of combos (Alice's
combo, Bob's combo), each equally likely, is played against every one of
the C(48, 5) = 1,712,304 boards; the table counts Alice's wins, Bob's wins
and ties over all of them, so ``alice_wins / total`` is Alice's exact win
probability.

A permutation of the four suits applied to both hands leaves every count
unchanged, so combo pairs are grouped into *suit patterns* (orbits under
the 24 permutations) and one representative per pattern is enumerated,
then weighted by the pattern's size: the 14,365 matchups (``i <= j`` in
:data:`equity.ranges.CLASSES` order, Alice first) reduce to 47,086
patterns, each a full board enumeration by the engine's exact kernel.

The job is cut into chunks of consecutive matchups (about
:data:`CHUNK_PATTERNS` patterns each).  With an output file, each finished
chunk is saved at once under ``OUT.chunks/`` and a rerun skips the chunks
already there, so an interrupted job resumes; the chunk folder is removed
once the table is written.  Chunks run locally on all cores or on Dask
(``scheduler=``), with identical counts.

The full table ships with the package, ``equity/data/preflop_169x169.npz``
(written by ``tools/build_preflop_table.py``), and
:func:`load_preflop_table` reads it; the tests prove it equal to Irving and
d'Eon's published exact table and recompute a sample of it.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import itertools
import os
import shutil
from collections.abc import Callable, Sequence
from importlib import resources
from math import comb
from pathlib import Path
from typing import Any

import numpy as np

from .engine.executor import executor_for
from .kernels._jit import warming
from .kernels.enumerate import enumerate_deals, enumerate_range
from .kernels.scoring import GAME_TABLE, NO_ZJH_RULES
from .lookup import board_patterns, holdem_tables
from .ranges import CLASSES, class_combos

__all__ = [
    "BOARDS",
    "CHUNK_PATTERNS",
    "COLUMNS",
    "load_preflop_table",
    "matchup_frame",
    "matchups",
    "pattern_counts",
    "preflop_table",
    "suit_patterns",
    "write_shipped",
    "write_shipped_patterns",
]

BOARDS = comb(48, 5)
"""Boards per combo pair: 1,712,304."""
CHUNK_PATTERNS = 250
"""Suit patterns per chunk (a few seconds of one core): the restart and Dask unit."""
COLUMNS = ("alice", "bob", "alice_wins", "bob_wins", "ties", "total")
"""Columns of the table."""
_SHIPPED_FILE = "preflop_169x169.npz"
"""The shipped table, in ``equity/data/``."""

_PERMUTATIONS = np.array(list(itertools.permutations(range(4))), dtype=np.int64)


def matchups() -> list[tuple[str, str]]:
    """All 14,365 class matchups ``(CLASSES[i], CLASSES[j])``, ``i <= j``.

    Examples
    --------
    >>> m = matchups()
    >>> len(m), m[0], m[1], m[-1]
    (14365, ('AA', 'AA'), ('AA', 'AKs'), ('22', '22'))
    """
    return [(CLASSES[i], CLASSES[j]) for i in range(169) for j in range(i, 169)]


def suit_patterns(pairs: Sequence[tuple[str, str]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One representative combo pair per suit pattern of each matchup, with its weight.

    Returns ``holes``, ``weight`` and ``owner``: pattern ``k`` is Alice
    holding ``holes[k, 0, :2]`` and Bob ``holes[k, 1, :2]``, it stands for
    ``weight[k]`` combo pairs, and it belongs to matchup ``owner[k]`` (an
    index into ``pairs``; patterns come in matchup order).

    Shapes
    ------
    holes : uint8[n_patterns, 2, 5]; weight, owner : int64[n_patterns]

    Examples
    --------
    >>> holes, weight, owner = suit_patterns([("AA", "KK"), ("AKs", "AKo")])
    >>> weight.tolist(), owner.tolist()  # AA-KK: 2, 1 or 0 suits shared; AKs-AKo: one
    ([6, 24, 6, 24], [0, 0, 0, 1])
    """
    combos = {label: class_combos(label).astype(np.int64) for pair in pairs for label in pair}
    by_alice: dict[str, list[int]] = {}
    for m, (alice, _) in enumerate(pairs):
        by_alice.setdefault(alice, []).append(m)
    keys = []
    for alice, ms in by_alice.items():  # one vectorised pass per Alice class
        a_combos = combos[alice]
        b_combos = np.concatenate([combos[pairs[m][1]] for m in ms])
        b_owner = np.concatenate([np.full(len(combos[pairs[m][1]]), m) for m in ms])
        a = np.repeat(a_combos, len(b_combos), axis=0)
        b = np.tile(b_combos, (len(a_combos), 1))
        m_of = np.tile(b_owner, len(a_combos))
        ok = ((np.int64(1) << a).sum(axis=1) & (np.int64(1) << b).sum(axis=1)) == 0
        cards = np.concatenate([a[ok], b[ok]], axis=1)  # (n, 4): Alice hi, lo, Bob hi, lo
        # every suit permutation of every pair, each hand sorted high card first
        mapped = (cards & ~3)[None] | _PERMUTATIONS[:, cards & 3]  # (24, n, 4)
        a_hi = np.maximum(mapped[..., 0], mapped[..., 1])
        a_lo = np.minimum(mapped[..., 0], mapped[..., 1])
        b_hi = np.maximum(mapped[..., 2], mapped[..., 3])
        b_lo = np.minimum(mapped[..., 2], mapped[..., 3])
        key = (((a_hi * 52 + a_lo) * 52 + b_hi) * 52 + b_lo).min(axis=0)  # canonical pattern
        keys.append(m_of[ok] * 52**4 + key)
    unique, weight = np.unique(np.concatenate(keys), return_counts=True)  # matchup order
    owner, key = np.divmod(unique, 52**4)
    holes = np.zeros((len(unique), 2, 5), dtype=np.uint8)
    holes[:, 0, 0] = key // 52**3
    holes[:, 0, 1] = key // 52**2 % 52
    holes[:, 1, 0] = key // 52 % 52
    holes[:, 1, 1] = key % 52
    return holes, weight.astype(np.int64), owner.astype(np.int64)


def _pattern_chunk(holes: np.ndarray, threads: bool = True) -> np.ndarray:
    """Exact counts of each suit pattern of a chunk: the unit of work, local or on Dask.

    Every pattern is a heads-up exact enumeration of all boards with no
    known board card, by the engine's kernel (threaded locally, serial in a
    Dask task).

    Shapes
    ------
    holes : uint8[n, 2, 5]
    return : int64[n, 3], columns alice_wins, bob_wins, ties (of :data:`BOARDS` each)
    """
    out = np.zeros((len(holes), 2, 3), dtype=np.int64)
    no_board = np.zeros(5, dtype=np.uint8)
    spot = (2, GAME_TABLE, no_board, 0, 5, np.uint64(0))
    args = (spot, NO_ZJH_RULES, holdem_tables(), board_patterns())
    if threads:
        warming(enumerate_deals)
        enumerate_deals(holes, *args, out)
    else:
        warming(enumerate_range)
        enumerate_range(holes, 0, len(holes), *args, out)
    return np.stack([out[:, 0, 1], out[:, 1, 1], out[:, 0, 2]], axis=1)


def _chunks(owner: np.ndarray, n_matchups: int, size: int) -> list[tuple[int, int, int, int]]:
    """Cut the matchups into runs of about ``size`` patterns: ``(m0, m1, p0, p1)`` each."""
    starts = np.searchsorted(owner, np.arange(n_matchups + 1))  # first pattern of each matchup
    out = []
    m0 = 0
    while m0 < n_matchups:
        m1 = int(np.searchsorted(starts, starts[m0] + size, side="left"))
        m1 = min(max(m1, m0 + 1), n_matchups)
        out.append((m0, m1, int(starts[m0]), int(starts[m1])))
        m0 = m1
    return out


def _chunk_name(pairs: Sequence[tuple[str, str]], m0: int, m1: int) -> str:
    """File name of a chunk, tied to its matchups (a changed job never reuses it)."""
    digest = hashlib.sha1(repr(list(pairs[m0:m1])).encode()).hexdigest()[:12]
    return f"patterns-{m0:05d}-{m1:05d}-{digest}.npy"


def _save(path: Path, counts: np.ndarray) -> None:
    """Write a chunk atomically (a killed job leaves no half-written chunk)."""
    tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
    with open(tmp, "wb") as f:
        np.save(f, counts)
    os.replace(tmp, path)


def matchup_frame(
    pairs: Sequence[tuple[str, str]], weight: np.ndarray, owner: np.ndarray, counts: np.ndarray
) -> Any:
    """The table of :func:`preflop_table` from the counts of its suit patterns.

    Each matchup's counts are the sum of its patterns' counts, each times the
    pattern's weight (the combo pairs it stands for); ``total`` is checked
    against the boards of every combo pair.
    """
    import pandas as pd

    weighted = counts * weight[:, None]
    totals = np.zeros((len(pairs), 4), dtype=np.int64)
    np.add.at(totals, owner, np.concatenate([weighted, weighted.sum(axis=1, keepdims=True)], 1))
    expected = np.zeros(len(pairs), dtype=np.int64)
    np.add.at(expected, owner, weight * BOARDS)
    if not np.array_equal(totals[:, 3], expected):
        raise RuntimeError("chunk counts do not add up to the boards of every combo pair")
    return pd.DataFrame(
        {
            "alice": [a for a, _ in pairs],
            "bob": [b for _, b in pairs],
            **{c: totals[:, k] for k, c in enumerate(COLUMNS[2:])},
        }
    )


def _enumerate(
    pairs: Sequence[tuple[str, str]],
    holes: np.ndarray,
    owner: np.ndarray,
    scheduler: Any,
    progress: Callable[[int, int], None] | None,
    chunk_patterns: int,
    folder: Path | None,
) -> np.ndarray:
    """Exact counts of every suit pattern (``int64[n_patterns, 3]``), chunk by chunk.

    With a ``folder``, each finished chunk is saved there at once and a
    chunk already saved is read instead of enumerated (a rerun resumes).
    """
    chunks = _chunks(owner, len(pairs), chunk_patterns)
    counts = np.zeros((len(holes), 3), dtype=np.int64)
    todo = []
    done = 0
    for i, (m0, m1, p0, p1) in enumerate(chunks):
        saved = None if folder is None else folder / _chunk_name(pairs, m0, m1)
        if saved is not None and saved.exists():
            counts[p0:p1] = np.load(saved)
            done += p1 - p0
        else:
            todo.append(i)
    if progress is not None:
        progress(done, len(holes))

    def store(i: int, block: np.ndarray) -> None:
        nonlocal done
        m0, m1, p0, p1 = chunks[i]
        counts[p0:p1] = block
        if folder is not None:  # made at the first chunk: a job that fails at once leaves none
            folder.mkdir(parents=True, exist_ok=True)
            _save(folder / _chunk_name(pairs, m0, m1), block)
        done += p1 - p0
        if progress is not None:
            progress(done, len(holes))

    with executor_for(scheduler) as executor:
        calls = [(holes[chunks[i][2] : chunks[i][3]],) for i in todo]
        for k, block in executor.map_unordered(_pattern_chunk, calls):
            store(todo[k], block)
    return counts


def pattern_counts(
    *, scheduler: Any = None, progress: Callable[[int, int], None] | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Exact counts of every heads-up preflop suit pattern (all 14,365 matchups).

    Returns ``holes``, ``weight``, ``owner`` as :func:`suit_patterns` and
    ``counts int64[n_patterns, 3]`` (Alice's wins, Bob's wins, ties over
    the :data:`BOARDS` boards of the pattern).  The 169x169 table is their
    weighted sum by matchup; ``tools/build_preflop_table.py`` ships both.
    """
    pairs = matchups()
    holes, weight, owner = suit_patterns(pairs)
    counts = _enumerate(pairs, holes, owner, scheduler, progress, CHUNK_PATTERNS, None)
    return holes, weight, owner, counts


def preflop_table(
    out: str | os.PathLike[str] | None = None,
    *,
    scheduler: Any = None,
    pairs: Sequence[tuple[str, str]] | None = None,
    progress: Callable[[int, int], None] | None = None,
    chunk_patterns: int = CHUNK_PATTERNS,
) -> Any:
    """Exact heads-up preflop counts for every class matchup (see the module doc).

    Parameters
    ----------
    out : path, optional
        Write the table here (``.parquet``, needs pyarrow, or ``.csv``);
        finished chunks are kept under ``OUT.chunks/`` until then, and a rerun
        skips them.
    scheduler : str, distributed.Client or executor, optional
        Where the chunks run, as in :func:`equity.calculate` (this process, or
        Dask); the counts are the same.
    pairs : sequence of (str, str), optional
        The matchups to compute (default: all 14,365 of :func:`matchups`).
    progress : callable, optional
        Called as ``progress(patterns_done, patterns)`` as chunks finish.
    chunk_patterns : int
        Suit patterns per chunk.

    Returns
    -------
    pandas.DataFrame
        One row per matchup, columns :data:`COLUMNS`; ``total`` is the
        number of (combo pair, board) outcomes, ``alice_wins + bob_wins +
        ties``.

    Examples
    --------
    >>> t = preflop_table(pairs=[("AA", "KK")])
    >>> t.loc[0, ["alice_wins", "bob_wins", "ties", "total"]].tolist()
    [50371344, 10986372, 285228, 61642944]
    """
    pairs = matchups() if pairs is None else [(str(a), str(b)) for a, b in pairs]
    if not pairs:
        raise ValueError("no matchups to compute")
    if chunk_patterns < 1:
        raise ValueError(f"chunk_patterns must be positive, got {chunk_patterns!r}")
    path = None if out is None else Path(out)
    if path is not None and path.suffix.lower() not in (".parquet", ".csv"):
        raise ValueError(f"the table is written as .parquet or .csv, not {str(path)!r}")
    if path is not None and path.suffix.lower() == ".parquet":
        try:
            importlib.import_module("pyarrow.parquet")  # a dependency; if missing, say so now
        except ImportError:
            raise ValueError(_PARQUET_NEEDS) from None
    holes, weight, owner = suit_patterns(pairs)
    folder = None if path is None else path.with_name(path.name + ".chunks")
    per_pattern = _enumerate(pairs, holes, owner, scheduler, progress, chunk_patterns, folder)
    frame = matchup_frame(pairs, weight, owner, per_pattern)
    if path is not None and folder is not None:
        _write(frame, path)
        shutil.rmtree(folder, ignore_errors=True)
    return frame


_PARQUET_NEEDS = "writing Parquet needs pyarrow (pip install pyarrow); write a .csv file instead"


def _write(frame: Any, path: Path) -> None:
    """Write the table as parquet or csv (atomically)."""
    tmp = path.with_name(path.name + ".tmp")
    if path.suffix.lower() == ".csv":
        frame.to_csv(tmp, index=False)
    else:
        try:
            frame.to_parquet(tmp, index=False)
        except ImportError:
            raise ValueError(_PARQUET_NEEDS) from None
    os.replace(tmp, path)


# --------------------------------------------------------------------------------------
# The shipped table: equity/data/preflop_169x169.npz

_COUNTS = COLUMNS[2:]


def write_shipped(frame: Any, path: str | os.PathLike[str]) -> None:
    """Write a full table as the shipped file (read back by :func:`load_preflop_table`).

    The file holds ``classes`` (:data:`equity.ranges.CLASSES`), the class
    indices ``alice`` and ``bob`` and the four count columns, one entry per
    matchup of :func:`matchups`, in that order.
    """
    pairs = list(zip(frame["alice"], frame["bob"], strict=True))
    if pairs != matchups():
        raise ValueError("the shipped table holds every matchup, in matchups() order")
    index = {label: i for i, label in enumerate(CLASSES)}
    path = Path(path)
    tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
    with open(tmp, "wb") as f:  # a file object: savez adds no suffix
        np.savez_compressed(
            f,
            classes=np.array(CLASSES),
            alice=np.array([index[a] for a, _ in pairs], dtype=np.uint8),
            bob=np.array([index[b] for _, b in pairs], dtype=np.uint8),
            **{c: frame[c].to_numpy(dtype=np.int64) for c in _COUNTS},
        )
    os.replace(tmp, path)


def write_shipped_patterns(
    holes: np.ndarray, counts: np.ndarray, path: str | os.PathLike[str]
) -> None:
    """Write the counts of every suit pattern (read by :mod:`equity.engine.preflop_lookup`).

    The file holds ``keys`` (each pattern's canonical key, :func:`pattern_key`
    of its representative, ascending) and ``counts`` (``int32[n, 3]``: Alice's
    wins, Bob's wins and ties over :data:`BOARDS` boards).
    """
    a0, a1, b0, b1 = (holes[:, i // 2, i % 2].astype(np.int64) for i in range(4))
    keys = ((a0 * 52 + a1) * 52 + b0) * 52 + b1
    order = np.argsort(keys)
    if np.any(np.diff(keys[order]) == 0) or np.any(counts.sum(axis=1) != BOARDS):
        raise ValueError("the pattern counts are not one full enumeration per pattern")
    path = Path(path)
    tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
    with open(tmp, "wb") as f:
        np.savez_compressed(
            f, keys=keys[order].astype(np.int32), counts=counts[order].astype(np.int32)
        )
    os.replace(tmp, path)


@functools.cache
def _shipped_counts() -> np.ndarray:
    """``int64[14365, 4]``: the shipped counts (read-only, loaded once)."""
    source = resources.files("equity") / "data" / _SHIPPED_FILE
    with resources.as_file(source) as path:
        if not path.is_file():
            raise FileNotFoundError(
                f"the exact preflop table {str(path)!r} is missing; "
                "rebuild it with python tools/build_preflop_table.py"
            )
        with np.load(path) as data:
            classes = tuple(data["classes"].tolist())
            alice, bob = data["alice"], data["bob"]
            counts = np.stack([data[c] for c in _COUNTS], axis=1).astype(np.int64)
    i, j = np.triu_indices(len(CLASSES))  # row-major, i <= j: the order of matchups()
    if classes != CLASSES or not (np.array_equal(alice, i) and np.array_equal(bob, j)):
        raise RuntimeError(f"{_SHIPPED_FILE} lists the matchups in another order")
    if not np.array_equal(counts[:, :3].sum(axis=1), counts[:, 3]) or np.any(counts[:, 3] % BOARDS):
        raise RuntimeError(f"{_SHIPPED_FILE}: counts do not add up to whole board enumerations")
    counts.flags.writeable = False
    return counts


def load_preflop_table() -> Any:
    """The exact preflop table of every class matchup, as shipped with the package.

    The same counts as ``preflop_table()`` (a few minutes of enumeration),
    read from ``equity/data/preflop_169x169.npz``; raises
    FileNotFoundError when that file is missing.

    Returns
    -------
    pandas.DataFrame
        One row per matchup of :func:`matchups`, columns :data:`COLUMNS`.

    Examples
    --------
    >>> t = load_preflop_table().set_index(["alice", "bob"])
    >>> len(t), t.loc[("AA", "KK"), ["alice_wins", "bob_wins", "ties", "total"]].tolist()
    (14365, [50371344, 10986372, 285228, 61642944])
    """
    import pandas as pd

    counts = _shipped_counts()
    pairs = matchups()
    frame = pd.DataFrame({"alice": [a for a, _ in pairs], "bob": [b for _, b in pairs]})
    for k, column in enumerate(_COUNTS):
        frame[column] = counts[:, k].copy()
    return frame
