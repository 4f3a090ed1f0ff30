"""A slow, obvious second count of the tracker statistics (``equity.histories.stats``).

pokerkit replays the hand and says, before each betting action, whose turn it
is, the street and whether there is anything to call, and whether a flop was
dealt.  Each statistic is then a predicate over
the whole list of decisions (who, street, fold/check-call/bet-raise, owing or
not), written from the definitions, not from the module's action-by-action
walk.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from equity.histories.fastphh import loads_pokerkit


@dataclass(frozen=True)
class Decision:
    player: int
    street: int
    """0 preflop, 1 flop, 2 turn, 3 river (pokerkit's street index)."""
    verb: str
    """``f``, ``cc`` or ``cbr``."""
    owed: bool
    """pokerkit's calling amount was above 0 (a call, not a check)."""


def decisions(text: str) -> tuple[int, list[Decision], bool]:
    """The players, their betting decisions in order, and whether a flop was dealt."""
    history = loads_pokerkit(text)
    n = len(history.starting_stacks)
    out: list[Decision] = []
    flop_dealt = False
    before: tuple[Any, Any, Any] = (None, None, None)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for state, action in history.state_actions:
            words = action.split() if action else []
            if len(words) >= 2 and words[0] != "d" and words[1] in ("f", "cc", "cbr"):
                street, owed, actor = before
                assert f"p{actor + 1}" == words[0], (action, actor)
                out.append(Decision(actor, street, words[1], owed > 0))
            flop_dealt = flop_dealt or len(state.board_cards) >= 3
            before = (state.street_index, state.checking_or_calling_amount, state.actor_index)
    return n, out, flop_dealt


def _raises(ds: Sequence[Decision]) -> list[Decision]:
    return [d for d in ds if d.verb == "cbr"]


def reference_counts(text: str, won: Sequence[Any]) -> list[dict[str, int]]:
    """Per player, the counts of :data:`equity.histories.stats.COUNTS` (position left out)."""
    n, ds, flop_dealt = decisions(text)
    pre = [d for d in ds if d.street == 0]
    # in the hand when the flop was dealt: not folded preflop (all in, or mucking at a
    # showdown before the board is out, is not folding)
    saw_flop = {p for p in range(n) if flop_dealt} - {d.player for d in pre if d.verb == "f"}
    flop = [d for d in ds if d.street == 1]
    folded = {d.player for d in ds if d.verb == "f"}
    live = [i for i in range(n) if i not in folded]
    steal_seats = {n - 1} if n == 2 else {0, n - 1} | ({n - 2} if n >= 4 else set())
    pre_raises = _raises(pre)
    first_raiser = pre_raises[0].player if pre_raises else None
    aggressor = pre_raises[-1].player if pre_raises else None
    cbet_at = next(
        (k for k, d in enumerate(flop) if d.player == aggressor and d.verb == "cbr"), None
    )
    if cbet_at is not None and (
        _raises(flop[:cbet_at]) or any(d.player == aggressor for d in flop[:cbet_at])
    ):
        cbet_at = None  # the aggressor's bet was not their first flop action into an unbet pot
    rows = []
    for p in range(n):
        row = dict.fromkeys(
            (
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
            ),
            0,
        )
        mine = [k for k, d in enumerate(pre) if d.player == p]
        row["walk"] = int(not saw_flop and live == [p] and not mine)
        row["vpip"] = int(
            any(pre[k].verb == "cbr" or (pre[k].verb == "cc" and pre[k].owed) for k in mine)
        )
        row["pfr"] = int(any(pre[k].verb == "cbr" for k in mine))
        facing_one = [
            k for k in mine if len(_raises(pre[:k])) == 1 and _raises(pre[:k])[0].player != p
        ]
        if facing_one:
            row["three_bet_opp"] = 1
            row["three_bet"] = int(pre[facing_one[0]].verb == "cbr")
        facing_three = [k for k in mine if len(_raises(pre[:k])) == 2]
        if p == first_raiser and facing_three:
            row["fold_to_three_bet_opp"] = 1
            row["fold_to_three_bet"] = int(pre[facing_three[0]].verb == "f")
        if p in steal_seats and mine and all(d.verb == "f" for d in pre[: mine[0]]):
            row["steal_opp"] = 1
            row["steal"] = int(pre[mine[0]].verb == "cbr")
        on_flop = [k for k, d in enumerate(flop) if d.player == p]
        if p == aggressor and on_flop and not _raises(flop[: on_flop[0]]):
            row["cbet_opp"] = 1
            row["cbet"] = int(flop[on_flop[0]].verb == "cbr")
        if cbet_at is not None and p != aggressor:
            after = [k for k in on_flop if k > cbet_at and not _raises(flop[cbet_at + 1 : k])]
            if after:
                row["fold_to_cbet_opp"] = 1
                row["fold_to_cbet"] = int(flop[after[0]].verb == "f")
        row["saw_flop"] = int(p in saw_flop)
        row["wtsd"] = int(p in saw_flop and p in live and len(live) >= 2)
        row["wsd"] = int(row["wtsd"] == 1 and won[p] > 0)
        for street in (1, 2, 3):
            acts = [d for d in ds if d.street == street]
            for k, d in enumerate(acts):
                if d.player != p:
                    continue
                if d.verb == "cbr":
                    key = "postflop_raises" if _raises(acts[:k]) else "postflop_bets"
                    row[key] += 1
                elif d.verb == "cc" and d.owed:
                    row["postflop_calls"] += 1
                elif d.verb == "f":
                    row["postflop_folds"] += 1
        rows.append(row)
    return rows
