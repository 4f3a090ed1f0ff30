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
  records.  ``finishing_stacks`` alone: each stack must equal the starting stack
  plus the replay's payoff.  ``finishing_stacks`` with ``winnings`` (Ongame): the
  stacks give what each player collected after rake (finishing - starting stack
  + contributed), which the winnings must record (a 0 is an amount left out; a
  posted small blind, dead money on the site, may be inside the winner's) and
  which is then checked as winnings are.  ``winnings`` (the amount each player
  collected; a 0 the site leaves out, :func:`equity.histories.sites.left_out`,
  takes the replay's amount): the players who collected must be those the
  replay pays, none collecting more than the replay pays, and rake = total pot -
  total won must not be negative;
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
    with_chips: list[int] = []
    for i, alive in enumerate(statuses):  # most calls: two players with chips, found first
        if alive and stacks[i] > 0:
            if with_chips:
                return False
            with_chips.append(i)
    live = [i for i, s in enumerate(statuses) if s]
    if len(live) < 2:
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


def _amounts(history: Any, name: str, count: int) -> list[Decimal] | None:
    """The history's ``finishing_stacks`` or ``winnings`` as Decimals, None when not recorded."""
    values = getattr(history, name, None)
    if values is None:
        return None
    amounts = [Decimal(str(v)) for v in values]
    if len(amounts) != count:
        what = name.replace("_", " ")
        raise HandError(f"{len(amounts)} {what} for {count} players", "malformed")
    if not all(a.is_finite() for a in amounts):
        what = name.replace("_", " ")
        raise HandError(f"the history does not record the {what}", "malformed")
    return amounts


def _dead_posts(history: Any) -> Decimal:
    """The dead money posted: each post (a negative blind) smaller than the big blind.

    pokerkit's replay counts a post as a live bet; the sites take a posted small
    blind as dead money, and their winnings include it."""
    blinds = [Decimal(str(b)) for b in getattr(history, "blinds_or_straddles", ())]
    big = max(blinds, default=Decimal(0))
    return sum((-b for b in blinds if b < 0 and -b < big), Decimal(0))


def _check_won(won: list[Decimal], won_replay: list[Decimal], by: list[str]) -> None:
    """The players who collected are those the replay pays, none collecting more."""
    for i, (w, r) in enumerate(zip(won, won_replay, strict=True)):
        if (w > 0) != (r > 0) or w > r:
            raise HandError(
                f"p{i + 1} won {w} by the {by[i]} but {r} by the replay",
                "winnings differ from the replay",
            )


def _check_stacks_and_winnings(history: Any, won: list[Decimal], recorded: list[Decimal]) -> None:
    """The recorded winnings are what the finishing stacks show each player collected.

    A 0 is an amount left out (the stacks show it), and a posted small blind
    (dead money) may be inside the winner's amount."""
    dead = _dead_posts(history)
    for i, (w, r) in enumerate(zip(won, recorded, strict=True)):
        if r != w and r != 0 and not (dead and r - w == dead):
            raise HandError(
                f"p{i + 1} won {r} by the winnings but {w} by the finishing stacks "
                "(finishing - starting stack + contributed)",
                "winnings differ from the finishing stacks",
            )


def reconcile(
    history: Any,
    starting: list[Decimal],
    payoffs: list[Decimal],
    won_replay: list[Decimal],
    total_pot: Decimal,
) -> tuple[list[Decimal], Decimal, str]:
    """What each player won, the rake and what was checked; :class:`HandError` on a mismatch.

    ``finishing_stacks`` alone must be the replay's to the chip (no rake).  With
    ``winnings`` beside them (Ongame), the stacks give what each player collected
    after rake (finishing - starting stack + contributed), which the winnings
    must record (:func:`_check_stacks_and_winnings`) and the replay must pay.
    ``winnings`` alone: recorded zeros the site leaves out
    (:func:`equity.histories.sites.left_out`) take the replay's amount.
    """
    from .sites import left_out

    count = len(starting)
    finishing = _amounts(history, "finishing_stacks", count)
    recorded = _amounts(history, "winnings", count)
    if finishing is not None and recorded is None:
        for i, (s, p, f) in enumerate(zip(starting, payoffs, finishing, strict=True)):
            if s + p != f:
                raise HandError(
                    f"p{i + 1}'s finishing stack {f} is not the replay's {s + p} "
                    f"(off by {f - s - p})",
                    "finishing stacks differ from the replay",
                )
        return won_replay, Decimal(0), "finishing_stacks"
    if recorded is None:
        return won_replay, Decimal(0), ""
    if finishing is not None:
        contributed = [w - p for w, p in zip(won_replay, payoffs, strict=True)]
        won = [f - s + c for f, s, c in zip(finishing, starting, contributed, strict=True)]
        _check_stacks_and_winnings(history, won, recorded)
        by = ["finishing stacks"] * count
        checked = "finishing_stacks"
    else:
        won = [
            r if w == 0 and r > 0 and left_out(history, i, count) else w
            for i, (w, r) in enumerate(zip(recorded, won_replay, strict=True))
        ]
        by = ["history"] * count
        checked = "winnings"
    _check_won(won, won_replay, by)
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
    return won, rake, checked
