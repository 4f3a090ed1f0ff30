"""Hands played at random by pokerkit's state machine, as PHH text, for the replay tests.

:func:`play` plays one game to its end with random folds, calls and raises and
random mucks at showdown, :func:`as_phh` writes it as PHH (its finishing stacks
recorded, sometimes every hole card dealt face down), and :func:`payoffs` is
pokerkit's own replay's answer that the fast replays must match, as is
:func:`pokerkit_replay`.
"""

from __future__ import annotations

import random
import re
import warnings
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Any

from equity.histories import fastphh
from equity.histories.hand import HandError, Replay
from equity.histories.replay import replay

AUTOMATIONS_NAMES = (
    "ANTE_POSTING",
    "BET_COLLECTION",
    "BLIND_OR_STRADDLE_POSTING",
    "CARD_BURNING",
    "HAND_KILLING",
    "CHIPS_PUSHING",
    "CHIPS_PULLING",
    "RUNOUT_COUNT_SELECTION",
)
"""pokerkit automates everything but the deal, the actions and the showdown."""


def automations() -> tuple[Any, ...]:
    """:data:`AUTOMATIONS_NAMES` as pokerkit's ``Automation`` members."""
    from pokerkit import Automation

    return tuple(getattr(Automation, name) for name in AUTOMATIONS_NAMES)


def play(
    rng: random.Random,
    game: Any,
    stacks: Sequence[int],
    hole: int,
    *,
    muck: float,
    fold: float,
    raise_below: float,
    raises: Callable[[int, int], list[int]],
) -> Any | None:
    """Play ``game`` at random from ``stacks``; the finished state, or None if pokerkit gave up.

    Each player is dealt ``hole`` cards from a shuffled deck; at showdown a hand is mucked
    with probability ``muck`` (when it may be); an actor folds with probability ``fold``,
    raises to one of ``raises(low, high)`` below ``raise_below``, else checks or calls.
    """
    n = len(stacks)
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    rng.shuffle(deck)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns of folds with nothing to call
        try:
            state = game(list(stacks), n)
            for _ in range(n):
                state.deal_hole("".join(deck.pop() for _ in range(hole)))
            while state.status:
                if state.can_deal_board():
                    state.deal_board(
                        "".join(deck.pop() for _ in range(1 if state.board_cards else 3))
                    )
                elif state.can_show_or_muck_hole_cards():
                    state.show_or_muck_hole_cards(
                        rng.random() > muck or not state.can_show_or_muck_hole_cards(False)
                    )
                elif state.actor_index is not None:
                    low = state.min_completion_betting_or_raising_to_amount
                    high = state.max_completion_betting_or_raising_to_amount
                    r = rng.random()
                    if r < fold:
                        state.fold()
                    elif r < raise_below and low is not None and high is not None:
                        state.complete_bet_or_raise_to(rng.choice(raises(low, high)))
                    else:
                        state.check_or_call()
                else:
                    return None
        except (AssertionError, ValueError):  # a card pokerkit burned, dealt again
            return None
    return state


def as_phh(
    rng: random.Random, history_class: Any, game: Any, state: Any, hole: int, hidden: float
) -> str:
    """The PHH text of a played ``state``, its finishing stacks recorded; with probability
    ``hidden`` every hole card dealt face down (shown only at showdown)."""
    text = str(history_class.from_game_state(game, state).dumps())
    text += f"\nfinishing_stacks = {list(state.stacks)}\n"
    if rng.random() < hidden:
        text = re.sub(rf"'d dh (p[0-9]+) [^'?]{{{2 * hole}}}'", rf"'d dh \1 {'??' * hole}'", text)
    return text


def payoffs(text: str) -> list[Decimal]:
    """Each player's payoff at the end of pokerkit's replay of ``text``."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        *_, (last, _) = fastphh.loads_pokerkit(text).state_actions
    return [Decimal(str(p)) for p in last.payoffs]


def compare_replays(file: str, no_stacks: bool = False) -> list[int]:
    """Check the fast replay equal to pokerkit's on every hand of ``file`` that it replays;
    return the hands it declines (pokerkit must refuse them too).  ``no_stacks``: a file
    that records no starting stacks (iPoker's), where neither replays any hand."""
    from equity.histories.fastreplay import fast_replay
    from equity.histories.read import read_hands

    declined = []
    for raw in read_hands(file):
        assert raw.history is not None
        fast, ref = fast_replay(raw.history), pokerkit_replay(raw.history)
        if no_stacks:
            assert fast is None
            assert "starting stacks" in str(ref)
        elif fast is None:
            assert isinstance(ref, str), f"{file} hand {raw.index}: the fast route declines"
            declined.append(raw.index)
        else:
            assert fast == ref, f"{file} hand {raw.index}"
    return declined


def pokerkit_replay(history: Any) -> Replay | str:
    """pokerkit's replay of ``history`` (the fast route off), or the reason it fails."""
    before = fastphh.ENABLED
    fastphh.ENABLED = False
    try:
        hand = history.to_pokerkit() if hasattr(history, "to_pokerkit") else history
        return replay(hand)
    except HandError as exc:
        return str(exc)
    finally:
        fastphh.ENABLED = before
