"""Reading hand histories: PHH files (``.phh`` one hand, ``.phhs`` many), PokerStars text files.

A source is a file, a folder (searched recursively for ``.phh``, ``.phhs``
and ``.txt`` files, optionally gzipped), a glob pattern or ``-`` (stdin).  A
text holding PokerStars hand headers (``PokerStars Hand #...``; files named
``.txt`` are PokerStars hand histories) is read by
:mod:`equity.histories.pokerstars`, any other as PHH.  Each hand comes out as
a :class:`RawHand`: where it was read (file as given, 1-based position in the
file) and either its parsed :class:`pokerkit.HandHistory` or the one-sentence
reason it could not be read.  One malformed hand never stops the others of
its file.
"""

from __future__ import annotations

import glob
import gzip
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import fastphh
from .pokerstars import is_pokerstars, read_text_hands

__all__ = [
    "PHH_SUFFIXES",
    "POKERSTARS_SUFFIXES",
    "RawHand",
    "expand_sources",
    "read_hands",
    "read_text",
]

PHH_SUFFIXES = (".phh", ".phhs", ".phh.gz", ".phhs.gz")
"""The PHH file names a folder is searched for."""
POKERSTARS_SUFFIXES = (".txt", ".txt.gz")
"""The PokerStars file names a folder is searched for."""

_SECTION = re.compile(r"^\[([^\]\n]*)\][ \t]*$", re.MULTILINE)


@dataclass(frozen=True)
class RawHand:
    """One hand as read: its place, and its history or why there is none."""

    file: str
    """The file as given (or as found under a folder given; ``-`` for stdin)."""
    index: int
    """1-based position of the hand in its file."""
    history: Any | None
    """The parsed hand (:class:`pokerkit.HandHistory`, or :class:`~.fastphh.FastHand` for a
    no-limit hold'em PHH hand), None when it could not be read."""
    error: str | None = None
    """Why the hand could not be read (one sentence), None when it was."""
    hand_id: str = ""
    """The history's hand number when known without a parsed history (PokerStars)."""
    kind: str = "not valid PHH"
    """A short label of ``error``, for counting hands by reason."""
    unsupported: bool = False
    """True for a hand of a game that is not scored."""


def _is_history(path: Path) -> bool:
    return path.name.lower().endswith(PHH_SUFFIXES + POKERSTARS_SUFFIXES)


def expand_sources(sources: Sequence[str]) -> tuple[list[str], list[str]]:
    """The files named by ``sources`` in order, and one sentence for each source that names none.

    Folders are searched recursively (sorted), globs are expanded (sorted);
    ``-`` stands for stdin and is kept as is.
    """
    files: list[str] = []
    errors: list[str] = []
    for source in sources:
        if source == "-":
            files.append(source)
            continue
        path = Path(source)
        if path.is_dir():
            found = sorted(str(p) for p in path.rglob("*") if p.is_file() and _is_history(p))
            if not found:
                errors.append(f"{source}: the folder holds no .phh, .phhs or .txt file")
            files.extend(found)
        elif path.is_file():
            files.append(source)
        elif glob.has_magic(source):
            found = sorted(p for p in glob.glob(source, recursive=True) if Path(p).is_file())
            if not found:
                errors.append(f"{source}: no file matches the pattern")
            files.extend(found)
        else:
            errors.append(f"{source}: no such file or folder")
    return files, errors


def read_text(file: str) -> str:
    """The text of ``file`` (``-``: stdin), gunzipped when its name ends in ``.gz``."""
    if file == "-":
        return sys.stdin.read()
    path = Path(file)
    data = path.read_bytes()
    if path.suffix.lower() == ".gz" or data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    return data.decode("utf-8-sig")


def _split_sections(text: str) -> list[str]:
    """The hands of a ``.phhs`` text (TOML tables ``[1]``, ``[2]`` ...), or the text as one hand."""
    marks = list(_SECTION.finditer(text))
    if not marks:
        return [text]
    ends = [m.start() for m in marks[1:]] + [len(text)]
    return [text[m.end() : end] for m, end in zip(marks, ends, strict=True)]


def _loads(text: str) -> Any:
    """One hand from PHH text: :mod:`.fastphh` for no-limit hold'em, else pokerkit."""
    return fastphh.loads(text)


def _reason(exc: Exception) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text.rstrip(".")


def read_hands(file: str) -> Iterator[RawHand]:
    """Every hand of ``file``, parsed; a hand that does not parse carries its reason."""
    try:
        text = read_text(file)
    except (OSError, UnicodeDecodeError, EOFError, gzip.BadGzipFile) as exc:
        yield RawHand(file, 0, None, f"cannot read the file ({_reason(exc)})")
        return
    if file.lower().endswith(POKERSTARS_SUFFIXES) or is_pokerstars(text):
        yield from _read_pokerstars(file, text)
        return
    sections = _split_sections(text)
    for index, section in enumerate(sections, start=1):
        try:
            history = _loads(section)
        except Exception as exc:  # pokerkit raises TOML, key, type and value errors alike
            yield RawHand(file, index, None, f"not a valid PHH hand ({_reason(exc)})")
        else:
            yield RawHand(file, index, history)


def _read_pokerstars(file: str, text: str) -> Iterator[RawHand]:
    """Every hand of a PokerStars text; a hand that does not read carries its reason."""
    if not is_pokerstars(text):
        yield RawHand(file, 0, None, "no PokerStars hand in the file (no 'PokerStars Hand #' line)")
        return
    hands = read_text_hands(text)
    for index, (hand_id, history, error) in enumerate(hands, start=1):
        if error is None:
            yield RawHand(file, index, history, hand_id=hand_id)
            continue
        reason = str(error) if error.unsupported else f"not a valid PokerStars hand ({error})"
        yield RawHand(file, index, None, reason, hand_id, error.kind, error.unsupported)
