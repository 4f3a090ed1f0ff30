"""What a replayed hand gives, and the money checks: the definitions of ``equity.history``.

Definitions (docs/hand-histories.md and ``equity history --help`` state them too):

* **contributed**: what a player put in over the whole hand (antes, blinds,
  bets), an uncalled bet returned: the largest contribution is cut to the
  second largest of the hand, both without their dead money (antes, a dead
  blind).  Where the history's winnings show the site
  left it in the pot (a walk's big blind, on some sites), it stays there; the
  player's net is the same either way.
* **All-in moment**: the first point where no more betting can happen (at
  most one player in the hand has chips behind and the bets are matched)
  while at least two players are in the hand and board cards are still to
  come.  Its street is ``preflop``, ``flop`` or ``turn`` (0, 3 or 4 board cards).
* **Reconciliation**: the replay's result is checked against what the history
  records.  ``finishing_stacks``: each stack must equal the starting stack plus
  the replay's payoff.  ``winnings`` (the amount each player collected): the
  players who collected must be those the replay pays, none collecting more
  than the replay pays, and rake = total pot - total won must not be negative;
  where the history records its total pot and rake (PokerStars' SUMMARY, as
  the PHH user-defined fields ``_total_pot`` and ``_rake``), the replay's pot
  must be that total pot and total pot - total won that rake.  A history
  recording neither is taken as replayed (no rake).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

__all__ = [
    "GAME_OF_VARIANT",
    "STREETS",
    "AllIn",
    "HandError",
    "Replay",
    "big_blind",
    "is_allin_moment",
    "reconcile",
    "returned",
]

GAME_OF_VARIANT = {
    "NT": "holdem",
    "PO": "omaha",
    "PO5": "omaha5",
    "PO/8": "omaha-hilo",
    "PO5/8": "omaha5-hilo",
}
"""PHH variant codes scored, and the engine's game for each (no-limit hold'em, pot-limit Omaha:
4 or 5 hole cards, high or hi-lo; :mod:`equity.histories.variants`)."""

STREETS = {0: "preflop", 3: "flop", 4: "turn"}
"""Street names by the number of board cards."""


class HandError(ValueError):
    """A hand that cannot be scored: the message is the reason, one sentence."""

    def __init__(self, reason: str, kind: str, *, unsupported: bool = False) -> None:
        super().__init__(reason)
        self.kind = kind
        """A short label for counting hands by reason (``winnings differ`` ...)."""
        self.unsupported = unsupported


@dataclass(frozen=True)
class AllIn:
    """The all-in moment of a hand."""

    street: str
    """``preflop``, ``flop`` or ``turn``."""
    board: tuple[str, ...]
    """The board cards dealt by then."""
    players: tuple[int, ...]
    """The players in the hand (not folded), 0-based."""


@dataclass(frozen=True)
class Replay:
    """One hand replayed and reconciled: everything the scoring needs."""

    variant: str
    players: tuple[str, ...]
    big_blind: Decimal
    contributed: tuple[Decimal, ...]
    """Per player, over the whole hand, an uncalled bet returned."""
    won: tuple[Decimal, ...]
    """Per player, what they collected: recorded winnings, else the replay's, after rake."""
    rake: Decimal
    """Total pot - total won (0 when the history records no winnings)."""
    checked: str
    """What the replay was checked against: ``winnings``, ``finishing_stacks`` or ``""``."""
    holes: tuple[tuple[str, ...] | None, ...]
    """Each player's hole cards when known (shown, or dealt face up), else None."""
    board: tuple[str, ...]
    """The final board."""
    allin: AllIn | None
    streets: dict[str, AllIn]
    """For ``preflop``, ``flop``, ``turn`` reached: the board and the players in the hand
    when that street's cards were dealt."""
    starting: tuple[Decimal, ...] = ()
    """Each player's stack when the hand began (chips, or money in a cash game)."""
    runouts: tuple[tuple[str, ...], ...] = ()
    """In a hand run more than once: each run-out's board, in the order dealt
    (:mod:`equity.histories.runouts`); else empty."""

    @property
    def net(self) -> tuple[Decimal, ...]:
        """won - contributed, per player."""
        return tuple(w - c for w, c in zip(self.won, self.contributed, strict=True))


def is_allin_moment(stacks: Sequence[Any], bets: Sequence[Any], statuses: Sequence[bool]) -> bool:
    """At most one player in the hand with chips behind, whose bet matches all others."""
    live = [i for i, s in enumerate(statuses) if s]
    if len(live) < 2:
        return False
    with_chips = [i for i in live if stacks[i] > 0]
    if len(with_chips) > 1:
        return False
    if with_chips:
        top = bets[with_chips[0]]
        return all(bets[i] <= top for i in live)
    return True


def big_blind(blinds: Sequence[Any]) -> Decimal:
    values = [Decimal(str(b)) for b in blinds[:2]]
    return max(values, default=Decimal(0))


def returned(peak: list[Decimal], dead: Sequence[Decimal]) -> list[Decimal]:
    """Contributions with the uncalled part of the largest one returned.

    The live part of each contribution (``peak`` less the player's dead money:
    antes, a dead blind) is compared: the largest is cut to the second largest.
    """
    live = [p - d for p, d in zip(peak, dead, strict=True)]
    order = sorted(range(len(live)), key=live.__getitem__, reverse=True)
    out = list(peak)
    if len(order) >= 2 and live[order[0]] > live[order[1]]:
        out[order[0]] = live[order[1]] + dead[order[0]]
    return out


def reconcile(
    history: Any,
    starting: list[Decimal],
    payoffs: list[Decimal],
    won_replay: list[Decimal],
    total_pot: Decimal,
) -> tuple[list[Decimal], Decimal, str]:
    """What each player won, the rake and what was checked; :class:`HandError` on a mismatch."""
    finishing = getattr(history, "finishing_stacks", None)
    if finishing is not None:
        finishing = [Decimal(str(s)) for s in finishing]
        if len(finishing) != len(starting):
            raise HandError(
                f"{len(finishing)} finishing stacks for {len(starting)} players", "malformed"
            )
        for i, (s, p, f) in enumerate(zip(starting, payoffs, finishing, strict=True)):
            if s + p != f:
                raise HandError(
                    f"p{i + 1}'s finishing stack {f} is not the replay's {s + p} "
                    f"(off by {f - s - p})",
                    "finishing stacks differ from the replay",
                )
        return won_replay, Decimal(0), "finishing_stacks"
    recorded = getattr(history, "winnings", None)
    if recorded is None:
        return won_replay, Decimal(0), ""
    won = [Decimal(str(w)) for w in recorded]
    if len(won) != len(starting):
        raise HandError(f"{len(won)} winnings for {len(starting)} players", "malformed")
    for i, (w, r) in enumerate(zip(won, won_replay, strict=True)):
        if (w > 0) != (r > 0) or w > r:
            raise HandError(
                f"p{i + 1} won {w} by the history but {r} by the replay",
                "winnings differ from the replay",
            )
    rake = total_pot - sum(won, Decimal(0))
    if rake < 0:
        raise HandError(
            f"the winnings exceed the pot of {total_pot}", "winnings differ from the replay"
        )
    fields = getattr(history, "user_defined_fields", None) or {}
    recorded_pot = fields.get("_total_pot")
    if recorded_pot is not None and Decimal(str(recorded_pot)) != total_pot:
        raise HandError(
            f"the replay's pot of {total_pot} is not the recorded total pot of {recorded_pot}",
            "total pot differs from the replay",
        )
    recorded_rake = fields.get("_rake")
    if recorded_rake is not None and Decimal(str(recorded_rake)) != rake:
        raise HandError(
            f"total pot - total won = {rake} is not the recorded rake of {recorded_rake}",
            "rake differs from the history",
        )
    return won, rake, "winnings"
