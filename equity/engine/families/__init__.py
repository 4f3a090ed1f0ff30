"""The kernel families, one module each, and the registry that picks a game's: :func:`family`.

A *kernel family* is the set of kernels that score a group of games
(``Game.kernel``, a ``KERNEL_*`` code of :mod:`equity.games`); everything the
engine does differently for one family is its family object's, an instance of
:class:`~.base.Family` (:mod:`.base`: the protocol, and :class:`~.base.WholeHands`,
what the families whose hands are dealt whole share).  The engine picks the
family once, when it validates a deal (:func:`equity.engine.prepare.prepare`
-> :attr:`equity.engine.job.Job.family`), and never asks which family it runs.

* :mod:`.table`: five-card poker, hold'em, short deck (``KERNEL_TABLE``):
  the evaluator tables, :mod:`equity.kernels.enumerate` and the Monte-Carlo
  driver of :mod:`equity.kernels.montecarlo`; two ranges on a flop or a turn
  by the sweep of :mod:`.table_sweep` where it pays.
* :mod:`.zjh`: Zha Jin Hua (``KERNEL_ZJH``): the table family's units under
  its own code, its rules as the kernels' flags, its showdown.
* :mod:`.omaha`: Omaha and Courchevel (``KERNEL_OMAHA``): :mod:`equity.kernels.omaha_mc`,
  outcome counts beside the equity.
* :mod:`.stud`: stud, razz, stud8 and the single-draw games (``KERNEL_STUD``):
  short and partly known hands, :mod:`equity.kernels.stud`; its recorder,
  showdown and frequencies in :mod:`.stud_showdown`.

Each family's units (exact and Monte-Carlo) are module-level functions of a
picklable spec and a chunk (:class:`~equity.engine.exact.ExactSpec`,
:class:`~equity.engine.montecarlo.McSpec`), the same on this machine or a
Dask worker; each builds its own kernels' spot from the spec.

A new kernel family is its kernels, its ``KERNEL_*`` code and properties in
``equity/games/_base.py``, one module here implementing :class:`~.base.Family`,
and its line in :data:`FAMILIES`.
"""

from __future__ import annotations

from ...games import KERNEL_OMAHA, KERNEL_STUD, KERNEL_TABLE, KERNEL_ZJH, Game
from .base import Family
from .omaha import OMAHA
from .stud import STUD
from .table import TABLE
from .zjh import ZJH

__all__ = ["FAMILIES", "Family", "family"]

FAMILIES: dict[int, Family] = {
    KERNEL_TABLE: TABLE,
    KERNEL_ZJH: ZJH,
    KERNEL_OMAHA: OMAHA,
    KERNEL_STUD: STUD,
}
"""The family object of each ``KERNEL_*`` code: the one place a game's family is chosen."""


def family(game: Game) -> Family:
    """The kernel family of ``game`` (:data:`FAMILIES`)."""
    return FAMILIES[game.kernel]
