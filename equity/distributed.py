"""Former name of :mod:`equity.cluster` (kept for one release; import from there)."""

from __future__ import annotations

from .cluster import *  # noqa: F403
from .cluster import __all__ as _cluster_all
from .engine.executor import use_scheduler

__all__ = [*_cluster_all, "use_scheduler"]
