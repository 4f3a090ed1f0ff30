"""The README and the pages of ``docs/``, for the tests that hold them to the code."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def page(name: str) -> str:
    """The text of ``docs/NAME`` (``"rules.md"``), or of the README (``"README.md"``)."""
    path = ROOT / name if name == "README.md" else ROOT / "docs" / name
    return path.read_text(encoding="utf-8")


def section(text: str, title: str, level: str = "##") -> str:
    """The section ``title`` of a page (its heading at ``level``), up to the next heading of
    that level or above."""
    body = text.split(f"{level} {title}\n", 1)[1]
    for above in ("\n# ", *(f"\n{'#' * n} " for n in range(2, len(level) + 1))):
        body = body.split(above, 1)[0]
    return body
