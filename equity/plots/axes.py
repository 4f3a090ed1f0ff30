"""What every figure shares: matplotlib imported on demand, new axes, the colours.

matplotlib is imported only when a figure is drawn; without it the call raises
an :class:`ImportError` naming the ``plot`` extra (:data:`INSTALL_HINT`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["INSTALL_HINT", "colors", "new_axes", "pyplot"]

INSTALL_HINT = "plotting needs matplotlib: pip install equity[plot]"
"""The sentence of the ImportError raised without matplotlib."""


def pyplot() -> Any:
    """Import ``matplotlib.pyplot`` or raise ImportError with the install hint."""
    try:
        import matplotlib.pyplot as plt
    except ImportError as err:  # pragma: no cover - exercised with a patched import
        raise ImportError(INSTALL_HINT) from err
    return plt


def new_axes(ax: Axes | None, figsize: tuple[float, float]) -> Axes:
    """``ax``, or the axes of a new figure of ``figsize`` inches."""
    if ax is not None:
        return ax
    plt = pyplot()
    _, new = plt.subplots(figsize=figsize, layout="constrained")
    return new


def colors(n: int) -> list[Any]:
    """``n`` distinct colours from the default cycle (tab10, repeated)."""
    from matplotlib import colormaps

    cmap = colormaps["tab10"]
    return [cmap(i % 10) for i in range(n)]
