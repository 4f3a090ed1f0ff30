"""Former name of :mod:`equity.analysis.frequencies` (kept for one release; import from there)."""

from __future__ import annotations

from .analysis.frequencies import *  # noqa: F403
from .analysis.frequencies import __all__  # noqa: F401
