"""MkDocs hooks of the documentation site (mkdocs.yml ``hooks:``).

The docstrings name other objects with Sphinx roles (``:func:`calculate```,
``:class:`~equity.results.EquityResult```), which mkdocstrings renders as the role's text
beside the code; this hook shows the code alone, as Sphinx would (``~``: the last
component only).
"""

from __future__ import annotations

import re
from typing import Any

ROLE = re.compile(r":(?:func|class|data|mod|attr|meth|exc|obj|const):<code>(~?)\.?([^<]*)</code>")


def _code(match: re.Match[str]) -> str:
    name = match.group(2)
    return f"<code>{name.rsplit('.', 1)[-1] if match.group(1) else name}</code>"


def on_page_content(html: str, **kwargs: Any) -> str:
    """The page's HTML with each Sphinx role shown as its code."""
    return ROLE.sub(_code, html)
