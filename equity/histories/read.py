"""Reading hand histories: PHH files (``.phh`` one hand, ``.phhs`` many), PokerStars and
GGPoker text files, PokerNow logs.

A source is a file, a folder (searched recursively for ``.phh``, ``.phhs``,
``.txt`` and ``.csv`` files, optionally gzipped), a glob pattern or ``-``
(stdin).  The text says what it is: GGPoker hand headers (``Poker Hand
#RC...:``) are read by :mod:`equity.histories.ggpoker`, a PokerNow log
(``entry,at,order``) by :mod:`equity.histories.pokernow`, PokerStars hand
headers (``PokerStars Hand #...``; other files named ``.txt`` are taken for
PokerStars hand histories) by :mod:`equity.histories.pokerstars`, any other
as PHH.  Each hand comes out as a :class:`RawHand`: where it was read (file
as given, 1-based position in the file) and either its parsed
:class:`pokerkit.HandHistory` or the one-sentence reason it could not be
read.  One malformed hand never stops the others of its file.
"""

from __future__ import annotations

import glob
import gzip
import hashlib
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import fastphh, ggpoker, pokernow
from .pokerstars import PokerStarsError, is_pokerstars, read_text_hands

__all__ = [
    "PHH_SUFFIXES",
    "POKERNOW_SUFFIXES",
    "POKERSTARS_SUFFIXES",
    "RawHand",
    "expand_sources",
    "read_hands",
    "read_text",
]

PHH_SUFFIXES = (".phh", ".phhs", ".phh.gz", ".phhs.gz")
"""The PHH file names a folder is searched for."""
POKERSTARS_SUFFIXES = (".txt", ".txt.gz")
"""The PokerStars (and GGPoker) file names a folder is searched for."""
POKERNOW_SUFFIXES = (".csv", ".csv.gz")
"""The PokerNow log file names a folder is searched for."""

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
    key: str = ""
    """What makes the hand the same hand wherever it is read: the site and its hand id
    (``PokerStars #123``), or a digest of the hand's text where it has no id."""


def text_key(text: str) -> str:
    """The key of a hand known by its text alone: a digest of the text, stripped."""
    return "text " + hashlib.sha1(text.strip().encode()).hexdigest()[:20]


def _is_history(path: Path) -> bool:
    return path.name.lower().endswith(PHH_SUFFIXES + POKERSTARS_SUFFIXES + POKERNOW_SUFFIXES)


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
                errors.append(f"{source}: the folder holds no .phh, .phhs, .txt or .csv file")
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
    if not text.strip():
        where = "stdin" if file == "-" else "the file"
        yield RawHand(file, 0, None, f"{where} is empty: no hand history in it")
        return
    if ggpoker.is_ggpoker(text):
        yield from _read_site(file, ggpoker.VENUE, ggpoker.read_text_hands(text))
        return
    if pokernow.is_pokernow(text):
        yield from _read_pokernow(file, text)
        return
    if file.lower().endswith(POKERNOW_SUFFIXES):
        yield RawHand(file, 0, None, "not a PokerNow log (no 'entry,at,order' header)")
        return
    if file.lower().endswith(POKERSTARS_SUFFIXES) or is_pokerstars(text):
        yield from _read_pokerstars(file, text)
        return
    sections = _split_sections(text)
    for index, section in enumerate(sections, start=1):
        key = text_key(section)
        try:
            history = _loads(section)
        except Exception as exc:  # pokerkit raises TOML, key, type and value errors alike
            yield RawHand(file, index, None, f"not a valid PHH hand ({_reason(exc)})", key=key)
        else:
            yield RawHand(file, index, history, key=key)


def _read_pokerstars(file: str, text: str) -> Iterator[RawHand]:
    """Every hand of a PokerStars text; a hand that does not read carries its reason."""
    if not is_pokerstars(text):
        yield RawHand(file, 0, None, "no PokerStars hand in the file (no 'PokerStars Hand #' line)")
        return
    yield from _read_site(file, "PokerStars", read_text_hands(text))


def _read_site(
    file: str, site: str, hands: Iterable[tuple[str, Any | None, PokerStarsError | None]]
) -> Iterator[RawHand]:
    """The hands of a site's text (its hand ids the key); a hand not read carries its reason."""
    for index, (hand_id, history, error) in enumerate(hands, start=1):
        key = f"{site} #{hand_id}"
        if error is None:
            yield RawHand(file, index, history, hand_id=hand_id, key=key)
            continue
        kind = error.kind.replace("PokerStars", site)
        reason = str(error) if error.unsupported else f"not a valid {site} hand ({error})"
        yield RawHand(file, index, None, reason, hand_id, kind, error.unsupported, key)


def _read_pokernow(file: str, text: str) -> Iterator[RawHand]:
    """Every hand of a PokerNow log (keyed by its id, or its entries in older logs)."""
    hands = list(pokernow.read_log_hands(text))
    if not hands:
        yield RawHand(file, 0, None, "no hand in the PokerNow log (no '-- starting hand' entry)")
    for index, (log_hand, history, error) in enumerate(hands, start=1):
        hand_id = log_hand.hand_id or log_hand.number
        key = f"PokerNow #{log_hand.hand_id}" if log_hand.hand_id else text_key(log_hand.text)
        if error is None:
            yield RawHand(file, index, history, hand_id=hand_id, key=key)
            continue
        kind = error.kind.replace("PokerStars", "PokerNow")
        reason = str(error) if error.unsupported else f"not a valid PokerNow hand ({error})"
        yield RawHand(file, index, None, reason, hand_id, kind, error.unsupported, key)
