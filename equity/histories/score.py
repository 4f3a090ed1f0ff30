"""Scoring a replayed hand: exact all-in equity per pot, ev, net and luck per player.

For each player in the hand at the all-in moment, when every such player's
cards are known:

* **equity** in each pot: exact (every run-out of the board enumerated by
  :func:`equity.calculate`, ties split) among the players eligible for it, the
  cards of the all-in's other players out of the deck (a side pot is dealt the
  main pot's run-outs);
* **ev** = sum over pots of equity x (pot after rake) - the player's total
  contribution; for every other player of the hand, and in every hand without
  an all-in moment or with unknown cards, ev = net;
* **net** = won - contributed over the whole hand; **luck** = net - ev.

In a hand run more than once (:mod:`equity.histories.runouts`) ev is the same
(each run-out's expected share of a pot is the equity), net follows the
run-outs, and the share of the main pot at showdown is the run-outs' mean.

Per hand, sum of ev = sum of net: the pots after rake add up to what was won.
Only the cards of the players in the hand and the board are used (folded
hands, even when known, are not dead cards).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .hand import GAME_OF_VARIANT, Replay
from .pots import Pot, build_pots, rake_pots

__all__ = ["COLUMNS", "DTYPES", "exact_equity", "score"]

COLUMNS = (
    "file",
    "index",
    "hand_id",
    "player",
    "seat",
    "net",
    "allin_street",
    "equity",
    "ev",
    "luck",
    "contributed",
    "won",
    "rake",
    "big_blind",
    "checked",
    "allin_players",
    "favourite",
    "main_pot_share",
    "equity_preflop",
    "equity_flop",
    "equity_turn",
    "cards",
    "allin_board",
    "board",
    "stack",
    "tournament",
    "place",
)
"""The columns of :attr:`HistoryResult.hands`, one row per hand and player.

The issue's columns first (``file`` .. ``luck``), then: what the player put in
and won, the hand's rake and big blind, what the replay was checked against,
how many players the scored all-in had, whether the player was its favourite
(the highest equity in the main pot, alone), the player's share of the main
pot at showdown, exact equities at each street when every remaining player's
cards are known, the player's hole cards when known, the boards at the
all-in moment and at the end (each run-out's, ``|`` between them, in a hand
run more than once), the player's stack when the hand began, the
tournament number (empty in a cash game) and the tournament place the hand
records for the player (0 when none: ``finished the tournament in 3rd place``
is 3, ``wins the tournament`` is 1)."""

_TEXT = ("file", "hand_id", "player", "allin_street", "checked", "cards", "allin_board", "board",
         "tournament")  # fmt: skip
DTYPES = {
    name: "str" if name in _TEXT else "int64" if name in ("index", "seat", "allin_players", "place")
    else "bool" if name == "favourite" else "float64"
    for name in COLUMNS
}  # fmt: skip
"""Each column's dtype, whatever rows a frame holds (none included): frames of parts of a
job put together are the frame of the whole job."""


@lru_cache(maxsize=4096)
def exact_equity(
    game: str, holes: tuple[str, ...], board: str, dead: str = ""
) -> tuple[float, ...]:
    """Each hand's exact equity (share of the pot, ties split) on ``board``, ``dead`` cards
    out of the deck."""
    from ..engine import calculate

    result = calculate(list(holes), board=board, dead=dead, game=game, method="exact", threads=1)
    return tuple(float(e) for e in result.equity)


@dataclass(frozen=True)
class _AllInScore:
    ev: dict[int, float]
    main: dict[int, float]
    favourite: int | None
    share: dict[int, float]


def _score_allin(rep: Replay, game: str) -> _AllInScore | None:
    """ev and main-pot equity of the players of the all-in, None when it cannot be scored."""
    allin = rep.allin
    if allin is None or any(rep.holes[i] is None for i in allin.players):
        return None
    pots: list[Pot] = build_pots(rep.contributed, allin.players)
    after = rake_pots(pots, rep.rake)
    board = "".join(allin.board)
    ev = {i: -float(rep.contributed[i]) for i in allin.players}
    main: dict[int, float] = {}
    for k, (pot, amount) in enumerate(zip(pots, after, strict=True)):
        if len(pot.eligible) == 1:
            shares: Sequence[float] = (1.0,)
        else:
            # a side pot's run-outs are the main pot's: the cards of the players of the
            # all-in who cannot win it are out of the deck all the same
            holes = tuple("".join(rep.holes[i] or ()) for i in pot.eligible)
            out = [i for i in allin.players if i not in pot.eligible]
            dead = "".join("".join(rep.holes[i] or ()) for i in out)
            shares = exact_equity(game, holes, board, dead)
        for i, e in zip(pot.eligible, shares, strict=True):
            ev[i] += e * amount
            if k == 0:
                main[i] = e
    best = max(main.values())
    leaders = [i for i, e in main.items() if e == best]
    favourite = leaders[0] if len(leaders) == 1 else None
    share: dict[int, float] = {}
    if len(rep.board) == 5 and pots:
        eligible = pots[0].eligible
        holes = tuple("".join(rep.holes[i] or ()) for i in eligible)
        boards = rep.runouts or (rep.board,)  # a hand run more than once: the run-outs' mean
        realized = [
            exact_equity(game, holes, "".join(b)) if len(eligible) > 1 else (1.0,) for b in boards
        ]
        share = {i: sum(r[k] for r in realized) / len(boards) for k, i in enumerate(eligible)}
    return _AllInScore(ev, main, favourite, share)


def _street_equities(rep: Replay, game: str) -> dict[str, dict[int, float]]:
    """Per street reached, each remaining player's exact equity when every card is known."""
    out: dict[str, dict[int, float]] = {}
    for street, snap in rep.streets.items():
        if len(snap.players) < 2 or any(rep.holes[i] is None for i in snap.players):
            continue
        holes = tuple("".join(rep.holes[i] or ()) for i in snap.players)
        shares = exact_equity(game, holes, "".join(snap.board))
        out[street] = dict(zip(snap.players, shares, strict=True))
    return out


def score(
    rep: Replay,
    file: str,
    index: int,
    hand_id: str,
    tournament: str = "",
    places: Sequence[int] = (),
) -> list[dict[str, Any]]:
    """One row per player of the hand (see :data:`COLUMNS`); ``tournament`` and ``places``
    (per player, 0 for none) as the history records them."""
    game = GAME_OF_VARIANT[rep.variant]
    allin = _score_allin(rep, game)
    streets = _street_equities(rep, game)
    nan = math.nan
    nets = rep.net  # a property: computed once
    # what every row of the hand holds alike, computed once
    preflop, flop, turn = (streets.get(s, {}) for s in ("preflop", "flop", "turn"))
    allin_street = rep.allin.street if rep.allin is not None else ""
    allin_board = "".join(rep.allin.board) if rep.allin is not None else ""
    board = "|".join("".join(b) for b in rep.runouts or (rep.board,))
    rake, bb = float(rep.rake), float(rep.big_blind)
    allin_players = len(allin.ev) if allin is not None else 0
    favourite = allin.favourite if allin is not None else None
    main = allin.main if allin is not None else {}
    share = allin.share if allin is not None else {}
    evs = allin.ev if allin is not None else {}
    rows = []
    for i, name in enumerate(rep.players):
        net = float(nets[i])
        ev = evs.get(i, net)
        rows.append(
            {
                "file": file,
                "index": index,
                "hand_id": hand_id,
                "player": name,
                "seat": i,
                "net": net,
                "allin_street": allin_street,
                "equity": main.get(i, nan),
                "ev": ev,
                "luck": net - ev,
                "contributed": float(rep.contributed[i]),
                "won": float(rep.won[i]),
                "rake": rake,
                "big_blind": bb,
                "checked": rep.checked,
                "allin_players": allin_players,
                "favourite": favourite == i,
                "main_pot_share": share.get(i, nan),
                "equity_preflop": preflop.get(i, nan),
                "equity_flop": flop.get(i, nan),
                "equity_turn": turn.get(i, nan),
                "cards": "".join(rep.holes[i] or ()),
                "allin_board": allin_board,
                "board": board,
                "stack": float(rep.starting[i]) if rep.starting else nan,
                "tournament": tournament,
                "place": int(places[i]) if i < len(places) else 0,
            }
        )
    return rows
