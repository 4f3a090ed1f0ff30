"""One file of hand histories, read, replayed, reconciled and scored: the unit of work.

:func:`score_file` is what :func:`equity.history` runs for each file, here or
on a Dask worker (:mod:`equity.histories.jobs`); :class:`Skipped` is a hand
(or a source) left out of the totals, with its reason.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from .hand import HandError
from .read import RawHand, read_hands
from .replay import replay
from .score import COLUMNS, DTYPES, score
from .stats import COUNT_DTYPES, COUNTS, count_hand

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["FileResult", "HandRead", "Skipped", "drop_duplicates", "frame_of", "score_file"]


@dataclass(frozen=True)
class Skipped:
    """A hand (or a source) left out of the totals, and why."""

    file: str
    index: int
    """1-based position of the hand in its file; 0 for a whole file or source."""
    hand_id: str
    reason: str
    kind: str = "unreadable"
    """A short label of the reason, for counting (``winnings differ from the replay`` ...)."""
    unsupported: bool = False
    """True for a hand of a variant that is not scored."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "reason", clip(self.reason))

    def sentence(self) -> str:
        """One line naming file, hand and reason."""
        where = self.file if self.index == 0 else f"{self.file}, hand {self.index}"
        if self.hand_id:
            where += f" (#{self.hand_id})"
        return f"{where}: {self.reason}"


QUOTE_LIMIT = 80
"""The most characters of the input a reason quotes (a 20 MB line is not echoed whole)."""

_LONG = QUOTE_LIMIT + 1
_QUOTED = re.compile(rf"'[^'\n]{{{_LONG},}}'|\"[^\"\n]{{{_LONG},}}\"")


def clip(reason: str) -> str:
    """``reason`` with each quotation of more than :data:`QUOTE_LIMIT` characters cut short.

    >>> clip("the line " + repr("x" * 100) + " is not understood")[-26:]
    "xxxx...' is not understood"
    >>> len(clip(repr("x" * 100)))
    85
    """
    out = _QUOTED.sub(lambda m: m[0][: QUOTE_LIMIT + 1] + "..." + m[0][0], reason)
    longest = 4 * QUOTE_LIMIT
    return out if len(out) <= longest else out[:longest] + "..."


def _hand_id(raw: RawHand) -> str:
    value = getattr(raw.history, "hand", None) if raw.history is not None else None
    return raw.hand_id or ("" if value is None else str(value))


def _score_raw(raw: RawHand) -> tuple[list[dict[str, Any]], Skipped | None]:
    hand_id = _hand_id(raw)
    if raw.history is None:
        reason = raw.error or "unreadable"
        return [], Skipped(raw.file, raw.index, hand_id, reason, raw.kind, raw.unsupported)
    try:
        rep = replay(raw.history)
        fields = getattr(raw.history, "user_defined_fields", None) or {}
        tournament, places = str(fields.get("_tournament", "")), fields.get("_places", ())
        rows = score(rep, raw.file, raw.index, hand_id, tournament, places)
        for row, counts in zip(rows, count_hand(raw.history, rep.won), strict=True):
            row.update(counts)  # the tracker statistics' counts (equity.histories.stats)
        return rows, None
    except HandError as exc:
        return [], Skipped(raw.file, raw.index, hand_id, str(exc), exc.kind, exc.unsupported)


HandRead = tuple[str, int, str, str]
"""A hand read: its file, 1-based index, hand id and key (:attr:`~.read.RawHand.key`)."""

FileResult = tuple[list[dict[str, Any]], list[Skipped], list[HandRead]]
"""What one file gives: its rows, its hands (or itself) left out, and its hands read."""


def score_file(file: str, shown: str | None = None) -> FileResult:
    """Read, replay, reconcile and score every hand of ``file``: the unit of work.

    ``shown`` is the name the rows and skipped hands give the file (default
    ``file``): a Dask worker reads the file by its absolute path.
    """
    name = file if shown is None else shown
    rows: list[dict[str, Any]] = []
    skipped: list[Skipped] = []
    read: list[HandRead] = []
    for raw in read_hands(file):
        if shown is not None:
            raw = replace(raw, file=name)
        if raw.index == 0:
            skipped.append(Skipped(raw.file, 0, "", raw.error or "unreadable"))
            continue
        read.append((raw.file, raw.index, _hand_id(raw), raw.key))
        got, skip = _score_raw(raw)
        rows.extend(got)
        if skip is not None:
            skipped.append(skip)
    return rows, skipped, read


def drop_duplicates(
    frame: pd.DataFrame, skipped: Sequence[Skipped], read: Sequence[HandRead]
) -> tuple[pd.DataFrame, list[Skipped]]:
    """The rows and skipped hands with each hand counted once, as a tracker does: of the
    hands read with the same key, the first scored (else the first) is kept, the others are
    skipped with the reason."""
    scored = set(zip(frame["file"], frame["index"], strict=True))
    kept: dict[str, tuple[str, int]] = {}
    for file, index, _, key in read:
        if key and (key not in kept or (kept[key] not in scored and (file, index) in scored)):
            kept[key] = (file, index)
    repeats: dict[tuple[str, int], Skipped] = {}
    for file, index, hand_id, key in read:
        if not key or kept[key] == (file, index):
            continue
        first_file, first_index = kept[key]
        where = "hand" if first_file == file else f"{first_file}, hand"
        reason = f"the same hand as {where} {first_index}: counted once"
        repeats[file, index] = Skipped(file, index, hand_id, reason, "duplicate hand")
    if not repeats:
        return frame, list(skipped)
    again = [(f, i) in repeats for f, i in zip(frame["file"], frame["index"], strict=True)]
    rows = frame[[not a for a in again]].reset_index(drop=True)
    others = [s for s in skipped if (s.file, s.index) not in repeats]
    return rows, [*others, *repeats.values()]


def frame_of(rows: Sequence[dict[str, Any]]) -> pd.DataFrame:
    """Rows of :func:`~.score.score` and their counts as a frame, each column of its dtype
    (:data:`~.score.DTYPES`, :data:`~.stats.COUNT_DTYPES`)."""
    import pandas as pd

    frame = pd.DataFrame(list(rows), columns=[*COLUMNS, *COUNTS])
    return frame.astype({**DTYPES, **COUNT_DTYPES})
