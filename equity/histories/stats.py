"""Tracker statistics from the actions of each hand: VPIP, PFR, 3-bet, steal, c-bet and the rest.

Each statistic is a count over a count of its opportunities, the way
PokerTracker 4 builds its statistics from columns of counts [3]_, so that
counts and opportunities add up over hands, positions and files.  Per
hand and player, :func:`count_hand` reads the actions (PHH: ``p3 cbr 6``,
``p1 cc``, ``p2 f``, ``d db AhKd7c``) and gives the flags and counts of
:data:`COUNTS`; :func:`stats_table` sums them per player (and position) and
adds the percentages.  The definitions (:data:`DEFINITIONS`, the table of
docs/hand-histories.md):

* **hands**: hands dealt in.  **VPIP** (voluntarily put money in the pot):
  hands where the player called or raised preflop (posting a blind or an
  ante, or checking the big blind, is not voluntary), out of hands - walks: a
  *walk* is a hand everybody folds to the player before they act (the big
  blind's free win); PokerTracker 4's formula is ``cnt_vpip / (cnt_hands -
  cnt_walks)`` [1]_.  **PFR**: hands where the player raised preflop, out of
  the same hands - walks.
* **3-bet**: the player re-raised the first raise preflop (the open raise, a
  "2-bet"; the blinds are the first bet), out of the hands where they acted
  facing exactly that one raise, made by another player.  **Fold to 3-bet**:
  the player made the first raise, the next raise (the 3-bet) came from
  another player, and the player folded when it was their turn, out of the
  hands where they acted facing exactly that 3-bet (a 4-bet before their
  turn is not a 3-bet faced).
* **Steal** (attempt to steal the blinds): an open raise from the cutoff, the
  button or the small blind when everybody before folded, out of the hands
  where the player acted there in an unopened pot (no call, no raise before).
* **C-bet** (flop continuation bet): the preflop aggressor (the last raiser
  preflop) bet the flop at their first flop action, out of the hands where
  they acted on the flop with no bet before them (first to act, or checked
  to).  **Fold to c-bet**: the player folded to that bet, out of the hands
  where they acted facing it with no raise after it.
* **WTSD** (went to showdown): the player was in the hand at its end with at
  least one other player (not folded, cards shown or mucked), out of the
  hands where they saw the flop (in the hand when it was dealt, all-in or
  not).  **W$SD** (won money at showdown): they went to showdown and
  collected some of a pot, out of the showdowns.
* **AF** (aggression factor) = (bets + raises) / calls, and **AFq**
  (aggression frequency) = (bets + raises) / (bets + raises + calls + folds)
  x 100, both over the flop, turn and river (checks count in neither) [2]_.

A player all in (or left without a decision) gets no opportunity: an
opportunity is counted where the player acts.  Only the hands replayed and
reconciled count (those of :attr:`HistoryResult.hands`); a tracker counts
every hand it imports, but a hand that does not reconcile may be misread, so
it is left out of the statistics as it is left out of the totals.

Positions, from the seats (PHH: ``p1`` is the small blind, the last player the
button; heads-up ``p1`` the big blind and ``p2`` the small blind, on the
button; where ``p1`` posts the only blind, ``p1`` is the big blind and the hand
has no small blind): ``UTG``, ``UTG+1`` ..., ``LJ``, ``HJ``, ``CO``, ``BTN``,
``SB``, ``BB``, as many as the table has (:func:`positions`).

References
----------
.. [1] PokerTracker 4's VPIP, ``(cnt_vpip / (cnt_hands - cnt_walks)) * 100``, as
   the PokerTracker team gave it: "Optimizing VP$IP", codingthewheel.com,
   27 August 2011.
.. [2] Aggression factor and frequency as PokerTracker 3's user guide defines
   them, quoted at pokerbug.blogspot.com ("Going Ag-rogue: Aggression Factors
   vs. Frequencies", December 2009).
.. [3] PokerTracker 4 Custom Statistics Guide,
   pt4.pokertracker.com/guides/PT4/tutorials/custom-statistics-guide (2019):
   statistics are built from columns of counts; the formulas are in the
   application (Configure > Statistics) and were not available to check
   against, so the other definitions follow the statistics' names and this
   form, with the open cases decided as stated above.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "COUNTS",
    "COUNT_DTYPES",
    "DEFINITIONS",
    "POSITION_ORDER",
    "STATS",
    "Stat",
    "count_hand",
    "positions",
    "stats_records",
    "stats_table",
]

COUNTS = (
    "position",
    "walk",
    "vpip",
    "pfr",
    "three_bet",
    "three_bet_opp",
    "fold_to_three_bet",
    "fold_to_three_bet_opp",
    "steal",
    "steal_opp",
    "cbet",
    "cbet_opp",
    "fold_to_cbet",
    "fold_to_cbet_opp",
    "saw_flop",
    "wtsd",
    "wsd",
    "postflop_bets",
    "postflop_raises",
    "postflop_calls",
    "postflop_folds",
)
"""The columns one hand gives each player (appended to :attr:`HistoryResult.hands`): the
position, then flags (0 or 1) and counts of postflop actions."""

COUNT_DTYPES = {name: "str" if name == "position" else "int8" for name in COUNTS}
"""Each count column's dtype (a flag or a count of one hand's actions fits a byte)."""

_BACK = ("BTN", "CO", "HJ", "LJ")
POSITION_ORDER = (
    "UTG",
    *(f"UTG+{k}" for k in range(1, 9)),
    *reversed(_BACK),
    "SB",
    "BB",
)
"""Positions in the order they act preflop (the order of :func:`stats_table`'s rows)."""

STEAL_POSITIONS = frozenset({"CO", "BTN", "SB"})
"""Where an open raise into an unopened pot is a steal."""


def positions(n: int, blinds: Sequence[Any] | None = None) -> tuple[str, ...]:
    """The position of each seat of an ``n``-player hand, in PHH order (``p1`` first).

    ``blinds`` (the hand's ``blinds_or_straddles``) tells one case apart: a
    hand of three or more whose ``p1`` posts the only blind (no small blind)
    has ``p1`` in the big blind and no small blind.

    Examples
    --------
    >>> positions(2)
    ('BB', 'SB')
    >>> positions(6)
    ('SB', 'BB', 'UTG', 'HJ', 'CO', 'BTN')
    >>> positions(9)[2:]
    ('UTG', 'UTG+1', 'UTG+2', 'LJ', 'HJ', 'CO', 'BTN')
    >>> positions(4, [2, 0, 0, 0])
    ('BB', 'UTG', 'CO', 'BTN')
    """
    if n < 2:
        raise ValueError(f"a hand has at least 2 players, not {n}")
    no_small_blind = (
        n > 2
        and blinds is not None
        and len(blinds) >= 2
        and _amount(blinds[1]) == 0 < _amount(blinds[0])
    )
    return _positions(n, no_small_blind)


@lru_cache(maxsize=64)
def _positions(n: int, no_small_blind: bool) -> tuple[str, ...]:
    if n == 2:
        return ("BB", "SB")  # heads-up: the small blind is the button
    if no_small_blind:
        return ("BB", *_unblinded(n - 1))
    return ("SB", "BB", *_unblinded(n - 2))


def _unblinded(k: int) -> tuple[str, ...]:
    """The positions of the ``k`` seats from the first after the blinds to the button."""
    back = _BACK[: k if k <= 2 else min(k - 1, len(_BACK))][::-1]
    front = ["UTG", *(f"UTG+{j}" for j in range(1, k - len(back)))][: k - len(back)]
    return (*front, *back)


@dataclass(frozen=True)
class Stat:
    """One statistic: its name, what it counts, out of what, and its definition."""

    key: str
    """Its column in :func:`stats_table` (``vpip``; the rate is ``vpip_pct``)."""
    label: str
    """Its name as trackers show it (``VPIP``)."""
    out_of: str
    """The column of opportunities (``vpip_opp``)."""
    definition: str
    """One or two sentences, as the table of docs/hand-histories.md gives them."""


STATS = (
    Stat(
        "vpip",
        "VPIP",
        "vpip_opp",
        "called or raised preflop (a blind, an ante or the big blind's check is not "
        "voluntary), out of hands - walks (a walk: all fold to the player before they act)",
    ),
    Stat("pfr", "PFR", "pfr_opp", "raised preflop, out of hands - walks"),
    Stat(
        "three_bet",
        "3-bet",
        "three_bet_opp",
        "re-raised the first preflop raise, out of the hands where the player acted "
        "facing exactly that one raise (made by another player)",
    ),
    Stat(
        "fold_to_three_bet",
        "Fold to 3-bet",
        "fold_to_three_bet_opp",
        "made the first preflop raise and folded to the re-raise, out of the hands where "
        "the player acted facing exactly that 3-bet",
    ),
    Stat(
        "steal",
        "Steal",
        "steal_opp",
        "open raise from CO, BTN or SB when all before folded, out of the hands where the "
        "player acted there in an unopened pot",
    ),
    Stat(
        "cbet",
        "C-bet",
        "cbet_opp",
        "the last preflop raiser bet the flop, out of the hands where they acted on the "
        "flop first to act or checked to",
    ),
    Stat(
        "fold_to_cbet",
        "Fold to c-bet",
        "fold_to_cbet_opp",
        "folded to a flop c-bet, out of the hands where the player acted facing it with "
        "no raise after it",
    ),
    Stat(
        "wtsd",
        "WTSD",
        "wtsd_opp",
        "in the hand at its end with another player (a showdown), out of the hands where "
        "the player saw the flop",
    ),
    Stat(
        "wsd",
        "W$SD",
        "wsd_opp",
        "collected some of a pot at showdown, out of the player's showdowns",
    ),
)
"""The statistics counted over opportunities (AF and AFq are ratios of action counts)."""

DEFINITIONS = """\
Tracker statistics (--stats), after PokerTracker 4, each a count over its \
opportunities: VPIP: called or raised preflop, out of hands - walks (a walk: all fold to \
the big blind); PFR: raised preflop, out of hands - walks; 3-bet: re-raised the first \
preflop raise, out of the times the player acted facing it; fold to 3-bet: the first raiser \
folded to a re-raise, out of the times they acted facing it; steal: open raise from CO, BTN \
or SB when all before folded, out of the times the player acted there in an unopened pot; \
c-bet: the last preflop raiser bet the flop, out of the times they acted on it unbet; fold \
to c-bet: folded to it, out of the times the player acted facing it unraised; WTSD: reached \
a showdown, out of the flops seen; W$SD: collected some of a pot at showdown, out of the \
showdowns; AF = (bets + raises) / calls and AFq = (bets + raises) / (bets + raises + calls \
+ folds), postflop. Only reconciled hands count; an all-in player has no opportunity."""
"""The definitions, as ``equity history --help`` states them."""


@lru_cache(maxsize=64)
def _labels(n: int) -> dict[str, int]:
    """``{"p1": 0, "p2": 1, ...}``: the player labels of an ``n``-player hand."""
    return {f"p{i + 1}": i for i in range(n)}


def _amount(value: Any) -> float:
    """A blind or a bet as a float: amounts are only compared (who owes a call), and the
    same text gives the same float."""
    return abs(float(value))


_ZERO = dict.fromkeys(COUNTS[1:], 0)


class _Counter:
    """The betting of one hand followed action by action, the counts kept per player."""

    def __init__(self, history: Any) -> None:
        n = self.n = len(history.starting_stacks)
        raw = [_amount(b) for b in history.blinds_or_straddles]
        names = positions(n, raw)
        if len(raw) != n:
            raise ValueError(f"{len(raw)} blinds for {n} players")
        self.bets = raw[::-1] if n == 2 else raw  # heads-up, pokerkit's blinds are reversed
        self.top = max(self.bets)
        self.rows: list[dict[str, Any]] = []
        for name in names:
            row: dict[str, Any] = _ZERO.copy()
            row["position"] = name
            self.rows.append(row)
        self.folded = [False] * n
        self.acted: set[int] = set()
        """Who acted on the current street."""
        self.street = 0
        self.raises = 0
        """Preflop: the raises so far. Postflop: the bets and raises of the street so far."""
        self.first_raiser: int | None = None
        self.last_raiser: int | None = None
        self.opened = False
        """Preflop: someone called or raised (the pot is no longer unopened)."""
        self.aggressor: int | None = None
        self.cbet = False
        """A flop c-bet was made, and nobody has raised it yet."""

    def deal_board(self) -> None:
        self.street += 1
        self.bets = [0.0] * self.n
        self.top = 0.0
        self.acted.clear()
        self.raises = 0
        if self.street == 1:
            self.aggressor = self.last_raiser
            for i in range(self.n):
                if not self.folded[i]:
                    self.rows[i]["saw_flop"] = 1

    def act(self, i: int, verb: str, to: float) -> None:
        row = self.rows[i]
        owed = self.top > self.bets[i]
        first = i not in self.acted
        if self.street == 0:
            self.preflop(i, row, verb, owed, first)
        else:
            self.postflop(i, row, verb, owed, first)
        self.acted.add(i)
        if verb == "f":
            self.folded[i] = True
        elif verb == "cc":
            self.bets[i] = self.top
        else:
            self.top = self.bets[i] = max(to, self.top)
            self.raises += 1
            self.last_raiser = i if self.street == 0 else self.last_raiser

    def preflop(self, i: int, row: dict[str, Any], verb: str, owed: bool, first: bool) -> None:
        raised = verb == "cbr"
        if first and not self.opened and row["position"] in STEAL_POSITIONS:
            row["steal_opp"] = 1
            row["steal"] = int(raised)
        if self.raises == 1 and self.last_raiser != i and not row["three_bet_opp"]:
            row["three_bet_opp"] = 1
            row["three_bet"] = int(raised)
        if self.raises == 2 and self.first_raiser == i and not row["fold_to_three_bet_opp"]:
            row["fold_to_three_bet_opp"] = 1
            row["fold_to_three_bet"] = int(verb == "f")
        if raised or (verb == "cc" and owed):
            row["vpip"] = 1
            self.opened = True
        if raised:
            row["pfr"] = 1
            if self.first_raiser is None:
                self.first_raiser = i

    def postflop(self, i: int, row: dict[str, Any], verb: str, owed: bool, first: bool) -> None:
        if verb == "cbr":
            row["postflop_raises" if self.raises else "postflop_bets"] += 1
        elif verb == "cc" and owed:
            row["postflop_calls"] += 1
        elif verb == "f":
            row["postflop_folds"] += 1
        if self.street != 1:
            return
        if i == self.aggressor and first and self.raises == 0:
            row["cbet_opp"] = 1
            row["cbet"] = int(verb == "cbr")
            self.cbet = verb == "cbr"
        elif self.cbet and i != self.aggressor and not row["fold_to_cbet_opp"]:
            row["fold_to_cbet_opp"] = 1
            row["fold_to_cbet"] = int(verb == "f")
            if verb == "cbr":
                self.cbet = False  # a raise: the players after it face more than the c-bet

    def finish(self, won: Sequence[Any]) -> list[dict[str, Any]]:
        live = [i for i in range(self.n) if not self.folded[i]]
        if self.street == 0 and len(live) == 1 and live[0] not in self.acted:
            self.rows[live[0]]["walk"] = 1
        if len(live) >= 2:
            for i in live:
                row = self.rows[i]
                if row["saw_flop"]:
                    row["wtsd"] = 1
                    row["wsd"] = int(won[i] > 0)
        return self.rows


def count_hand(history: Any, won: Sequence[Any]) -> list[dict[str, Any]]:
    """Per player of one hand, its position and the flags and counts of :data:`COUNTS`.

    Parameters
    ----------
    history : pokerkit.HandHistory or FastHand
        The hand (``starting_stacks``, ``blinds_or_straddles`` and ``actions``
        in PHH notation are read); hands of flop games (hold'em, Omaha).
    won : sequence of numbers
        What each player collected (:attr:`Replay.won`): W$SD counts a
        showdown where it is above 0.

    Returns
    -------
    list of dict
        One dict per player, in PHH order, with the keys of :data:`COUNTS`.

    Raises
    ------
    ValueError
        When the blinds do not match the players or an action names no player.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> hand = SimpleNamespace(starting_stacks=[100] * 3, blinds_or_straddles=[1, 2, 0],
    ...     actions=["p3 cbr 5", "p1 f", "p2 cc", "d db AhKd7c", "p2 cc", "p3 cbr 4", "p2 f"])
    >>> btn = count_hand(hand, [0, 0, 11])[2]
    >>> btn["position"], btn["vpip"], btn["pfr"], btn["steal"], btn["cbet"], btn["wtsd"]
    ('BTN', 1, 1, 1, 1, 0)
    """
    counter = _Counter(history)
    labels = _labels(counter.n)
    for action in history.actions:
        if action[:2] == "d ":  # the dealer: hole cards, or a board ("d db ...")
            if action[2:4] == "db":
                counter.deal_board()
            continue
        words = action.split()
        verb = words[1] if len(words) > 1 else ""
        if verb not in ("f", "cc", "cbr"):
            continue  # shows, mucks, draws
        i = labels.get(words[0])
        if i is None:
            raise ValueError(f"the action {action!r} names no player of the hand")
        counter.act(i, verb, float(words[2]) if verb == "cbr" and len(words) > 2 else 0.0)
    return counter.finish(won)


_SUMMED = tuple(c for c in COUNTS if c not in ("position", "saw_flop"))
_BY = ("position", None)


def stats_table(
    frame: pd.DataFrame, player: str | None = None, by: str | None = "position"
) -> pd.DataFrame:
    """The statistics of the hands of ``frame``, per player (and position): counts and rates.

    Parameters
    ----------
    frame : pandas.DataFrame
        One row per hand and player with the columns ``player`` and
        :data:`COUNTS` (:attr:`HistoryResult.hands`).
    player : str, optional
        Only this player's rows.
    by : {"position", None}
        ``"position"``: one row per player and position (index ``player``,
        ``position``); None: one row per player.

    Returns
    -------
    pandas.DataFrame
        ``hands``, then for each of :data:`STATS` its count, its opportunities
        (``*_opp``) and its rate in percent (``*_pct``, NaN without an
        opportunity), then ``postflop_bets``, ``postflop_raises``,
        ``postflop_calls``, ``postflop_folds``, ``af`` and ``afq_pct``.  Counts
        and opportunities add up over positions to the player's totals.
        Players by hands (most first), positions in the order they act.

    Raises
    ------
    ValueError
        For a ``by`` other than ``"position"`` or None, or a ``player`` with no hand.
    """
    import numpy as np
    import pandas as pd

    if by not in _BY:
        raise ValueError(f"by must be 'position' or None, not {by!r}")
    if player is not None:
        frame = frame[frame["player"] == player]
        if frame.empty:
            raise ValueError(f"no scored hand of a player named {player!r}")
    keys = ["player", "position"] if by == "position" else ["player"]
    counts = frame[[*keys, *_SUMMED, "saw_flop"]].astype({c: "int64" for c in _SUMMED})
    counts = counts.astype({"saw_flop": "int64"})
    grouped = counts.groupby(keys, sort=False)
    sums = grouped.sum()
    sums.insert(0, "hands", grouped.size())
    out = pd.DataFrame(index=sums.index)
    out["hands"] = sums["hands"]
    opportunities = {
        "vpip_opp": sums["hands"] - sums["walk"],
        "pfr_opp": sums["hands"] - sums["walk"],
        "wtsd_opp": sums["saw_flop"],
        "wsd_opp": sums["wtsd"],
    }
    for stat in STATS:
        count = sums[stat.key]
        opp = opportunities[stat.out_of] if stat.out_of in opportunities else sums[stat.out_of]
        out[stat.key] = count
        out[stat.out_of] = opp
        out[f"{stat.key}_pct"] = (100 * count / opp.replace(0, np.nan)).astype("float64")
    for name in ("postflop_bets", "postflop_raises", "postflop_calls", "postflop_folds"):
        out[name] = sums[name]
    aggressive = sums["postflop_bets"] + sums["postflop_raises"]
    passive = sums["postflop_calls"]
    out["af"] = (aggressive / passive.replace(0, np.nan)).astype("float64")
    actions = aggressive + passive + sums["postflop_folds"]
    out["afq_pct"] = (100 * aggressive / actions.replace(0, np.nan)).astype("float64")
    return _ordered(out, by)


def _ordered(out: pd.DataFrame, by: str | None) -> pd.DataFrame:
    """Players by hands (most first, ties in order of appearance); positions as they act."""
    if by is None:
        return out.sort_values("hands", ascending=False, kind="stable")
    players = out.groupby(level="player", sort=False)["hands"].sum()
    rank = {p: k for k, p in enumerate(players.sort_values(ascending=False, kind="stable").index)}
    seat = {p: k for k, p in enumerate(POSITION_ORDER)}
    order = sorted(
        range(len(out)),
        key=lambda k: (rank[out.index[k][0]], seat.get(out.index[k][1], len(seat))),
    )
    return out.iloc[order]


def stats_records(frame: pd.DataFrame, player: str | None = None) -> list[dict[str, Any]]:
    """The statistics as JSON-ready data: per player its totals and its rows by position.

    Each entry: ``player``, the columns of :func:`stats_table` (NaN as None),
    and ``positions``, a list of the same per position (with ``position``).
    """
    import math

    def plain(row: dict[Any, Any]) -> dict[str, Any]:
        out = {}
        for key, value in row.items():
            value = value.item() if hasattr(value, "item") else value
            out[str(key)] = None if isinstance(value, float) and math.isnan(value) else value
        return out

    totals = stats_table(frame, player, by=None)
    rows = stats_table(frame, player, by="position")
    positions_of: dict[str, list[dict[str, Any]]] = {}
    for (name, position), row in zip(rows.index, rows.to_dict("records"), strict=True):
        positions_of.setdefault(name, []).append({"position": position, **plain(row)})
    return [
        {"player": str(name), **plain(row), "positions": positions_of[name]}
        for name, row in zip(totals.index, totals.to_dict("records"), strict=True)
    ]
