"""One push-or-fold (or call-or-fold) decision of a push/fold strategy.

A push/fold game (:func:`equity.pushfold`) is a tree of decisions: the first
player to act pushes all-in or folds, and once someone has pushed, each later
player calls or folds.  A :class:`Decision` is one node of that tree for one
seat: whom it faces (the seats already all-in, the pusher first) and, per
hand class in :data:`equity.ranges.CLASSES` order, how often the seat pushes
or calls and what that gains over folding.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from ..ranges.classes import CLASS_SIZES, CLASSES

__all__ = ["ACTIONS", "Decision"]

ACTIONS = ("push", "call")
"""The two actions a push/fold decision chooses between folding and."""


@dataclass(frozen=True)
class Decision:
    """How one seat acts at one point of a push/fold game.

    Attributes
    ----------
    seat : int
        The deciding seat: 0 acts first preflop; in an N-player game the last
        two seats are the small and big blinds, heads-up seat 0 is the small blind
        (the button) and seat 1 the big blind.
    action : {"push", "call"}
        ``"push"`` where nobody is all-in yet, ``"call"`` otherwise.
    facing : tuple of int
        The seats already all-in, in the order they went in (the pusher first);
        empty for a push.
    frequency : numpy.ndarray
        Shape (169,), in :data:`equity.ranges.CLASSES` order: how often each
        class takes ``action`` (1 always, 0 never, between for a mixed class).
    gain : numpy.ndarray
        Shape (169,): EV(``action``) - EV(fold) of each class, in the game's unit
        (big blinds of chip EV, or a share of the prize pool under ICM).
    """

    seat: int
    action: Literal["push", "call"]
    facing: tuple[int, ...]
    frequency: np.ndarray
    gain: np.ndarray

    def __post_init__(self) -> None:
        if self.action not in ACTIONS:
            raise ValueError(f"a decision's action is 'push' or 'call', not {self.action!r}")
        if (self.action == "push") != (not self.facing):
            raise ValueError("a push faces nobody all-in, a call faces at least one seat")
        for name in ("frequency", "gain"):
            values = np.asarray(getattr(self, name), dtype=np.float64)
            if values.shape != (len(CLASSES),):
                raise ValueError(f"a decision's {name} has one value per hand class (169)")
            values.setflags(write=False)
            object.__setattr__(self, name, values)

    @property
    def combos(self) -> float:
        """How many of the 1,326 two-card combos take the action (mixed classes in part)."""
        return float(self.frequency @ CLASS_SIZES)

    @property
    def percent(self) -> float:
        """The share of all 1,326 combos that take the action, in percent."""
        return 100.0 * self.combos / float(CLASS_SIZES.sum())
