"""Replaying one hand with pokerkit (where :mod:`equity.histories.fastreplay` does not):
contributions, the all-in moment, cards, reconciliation (definitions in
:mod:`equity.histories.hand`).
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from .hand import (
    GAME_OF_VARIANT,
    STREETS,
    AllIn,
    HandError,
    Replay,
    big_blind,
    is_allin_moment,
    reconcile,
    returned,
)
from .runouts import (
    BOARD_CARDS,
    board_cards_dealt,
    check_runouts,
    runout_boards,
    runout_won,
    select_runouts,
    without_runout_choice,
)

__all__ = ["replay"]

_INF = float("inf")


def _cards(cards: Sequence[Any]) -> tuple[str, ...] | None:
    """The cards as text (``As``), None when any is unknown or there are none."""
    if not cards or any(c.unknown_status for c in cards):
        return None
    return tuple(repr(c) for c in cards)


def _board(state: Any) -> tuple[str, ...]:
    """The cards of the (first) board dealt so far."""
    return tuple(repr(slot[0]) for slot in state.board_cards if slot)


def _note_cards(action: str | None, known: list[tuple[str, ...] | None]) -> None:
    """Hole cards dealt face up (``d dh p1 AsKs``) or shown (``p1 sm AsKs``), when all known."""
    if not action:
        return
    parts = action.split()
    if len(parts) >= 3 and parts[0] == "d" and parts[1] == "dh":
        who, text = parts[2], parts[3] if len(parts) > 3 else ""
    elif len(parts) >= 3 and parts[1] == "sm":
        who, text = parts[0], parts[2]
    else:
        return
    if not who.startswith("p") or not who[1:].isdigit() or "?" in text or len(text) % 2:
        return
    i = int(who[1:]) - 1
    if 0 <= i < len(known) and text:
        known[i] = tuple(text[k : k + 2] for k in range(0, len(text), 2))


def replay(history: Any) -> Replay:
    """Replay and reconcile one :class:`pokerkit.HandHistory`; :class:`HandError` if it cannot."""
    from .fastomaha import OMAHA_CODES, fast_omaha_replay
    from .fastreplay import fast_replay

    if _INF in getattr(history, "starting_stacks", ()):  # iPoker's HandHQ files
        raise HandError(
            "the history does not record the starting stacks", "starting stacks not recorded"
        )
    fields = getattr(history, "user_defined_fields", None) or {}
    # the run-outs a history records are checked here (the fast replays deal one board)
    omaha = str(getattr(history, "variant", "")) in OMAHA_CODES
    fast_of = fast_omaha_replay if omaha else fast_replay
    fast = None if "_runout_winnings" in fields else fast_of(history)
    if fast is not None:
        return fast
    if hasattr(history, "to_pokerkit"):  # a FastHand the fast replay does not cover
        try:
            history = history.to_pokerkit()
        except Exception as exc:  # pokerkit raises TOML, key, type and value errors alike
            reason = " ".join(str(exc).split()).rstrip(".") or type(exc).__name__
            raise HandError(f"not a valid PHH hand ({reason})", "not valid PHH") from None
    variant = str(getattr(history, "variant", ""))
    if variant not in GAME_OF_VARIANT:
        raise HandError(
            f"variant {variant!r} is not scored (only no-limit hold'em 'NT' and pot-limit "
            "Omaha 'PO', 'PO5', 'PO/8', 'PO5/8')",
            "unsupported variant",
            unsupported=True,
        )
    starting = [Decimal(str(s)) for s in history.starting_stacks]
    n = len(starting)
    players = tuple(history.players) if history.players else tuple(f"p{i + 1}" for i in range(n))
    if len(players) != n:
        raise HandError(f"{len(players)} players named for {n} starting stacks", "malformed")
    peak = [Decimal(0)] * n
    known: list[tuple[str, ...] | None] = [None] * n
    allin: AllIn | None = None
    streets: dict[str, AllIn] = {}
    state: Any = None
    # a hand run more than once deals more board cards than one board holds: the replay
    # chooses as many run-outs (equity.histories.runouts)
    board_cards = board_cards_dealt(history.actions)
    runs = 1
    source = without_runout_choice(history) if board_cards > BOARD_CARDS else history
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for state, action in source.state_actions:
                if board_cards > BOARD_CARDS and state.can_select_runout_count():
                    runs = select_runouts(state, board_cards)
                _note_cards(action, known)
                stacks = state.stacks
                for i in range(n):
                    put = starting[i] - Decimal(str(stacks[i]))
                    if put > peak[i]:
                        peak[i] = put
                    cards = _cards(state.hole_cards[i])
                    if cards is not None:
                        known[i] = cards
                board = _board(state)
                live = tuple(i for i, s in enumerate(state.statuses) if s)
                dealt = all(state.hole_cards[i] for i in live) and bool(live)
                street = STREETS.get(len(board))
                if street and dealt and street not in streets and state.status:
                    streets[street] = AllIn(street, board, live)
                if (
                    allin is None
                    and street
                    and dealt
                    and state.status
                    and is_allin_moment(stacks, state.bets, state.statuses)
                ):
                    allin = AllIn(street, board, live)
    except HandError:
        raise
    except (ValueError, KeyError, IndexError, TypeError, AttributeError, AssertionError) as exc:
        reason = " ".join(str(exc).split()).rstrip(".") or type(exc).__name__
        raise HandError(f"the actions do not replay ({reason})", "actions do not replay") from None
    if state is None or state.status:
        raise HandError("the actions end before the hand does", "incomplete hand")
    final_board = _board(state)
    payoffs = [Decimal(str(p)) for p in state.payoffs]
    # Sites differ on a bet nobody called (a walk's big blind above the small
    # blind): returned to the bettor, or left in the pot; the history's winnings tell.
    failure: HandError | None = None
    dead = [Decimal(str(state.get_effective_ante(i))) for i in range(n)]
    for contributed in (returned(peak, dead), peak):
        won_replay = [p + c for p, c in zip(payoffs, contributed, strict=True)]
        total_pot = sum(contributed, Decimal(0))
        if sum(won_replay, Decimal(0)) != total_pot:
            raise HandError("the replay's payoffs do not add up to the pot", "replay error")
        try:
            won, rake, checked = reconcile(history, starting, payoffs, won_replay, total_pot)
            break
        except HandError as exc:
            failure = failure or exc
    else:
        raise failure or HandError("the hand does not reconcile", "not reconciled")
    check_runouts(history, runout_won(state, runs) if runs > 1 else [])
    return Replay(
        variant=variant,
        players=players,
        big_blind=big_blind(history.blinds_or_straddles),
        contributed=tuple(contributed),
        won=tuple(won),
        rake=rake,
        checked=checked,
        holes=tuple(known),
        board=final_board,
        allin=allin,
        streets=streets,
        starting=tuple(starting),
        runouts=runout_boards(state) if runs > 1 else (),
    )
