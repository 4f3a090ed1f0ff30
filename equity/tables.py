"""Former name of :mod:`equity.lookup` (kept for one release; import from there)."""

from __future__ import annotations

from .lookup import *  # noqa: F403
from .lookup import __all__  # noqa: F401
