"""Former name of :mod:`equity.preflop_table` (kept for one release; import from there)."""

from __future__ import annotations

from .preflop_table import *  # noqa: F403
from .preflop_table import __all__  # noqa: F401
