"""Slow, obvious references for the push/fold table solver (plain Python, NumPy for sums).

* :func:`pots`: side pots the way a dealer builds them, one all-in at a time.
* :func:`heads_up_gains` and :func:`heads_up_fictitious_play`: the heads-up
  push/fold game from the textbook formulas over the exact preflop table (SB
  folds: loses the small blind and ante; pushes: wins the blinds and antes
  when the big blind folds, else the showdown of the effective stack).
* :func:`enumerate_gains`: every decision's gain in a
  :class:`~equity.decisions.multiway_game.TableGame` by listing every
  sequence of the other seats' actions, one by one.
"""

from __future__ import annotations

import functools
import itertools

import numpy as np

from equity.preflop_table import BOARDS, load_preflop_table
from equity.ranges.classes import CLASS_SIZES, CLASSES


def pots(contributions: list[float], ranks: list[int]) -> list[float]:
    """Chips each player takes: the smallest live all-in makes a pot from everyone's
    chips up to it, the best live hand among those still in takes it (ties split), the
    all-in leaves; chips nobody matched go back to whoever put them in."""
    left = [float(c) for c in contributions]
    won = [0.0] * len(left)
    live = [i for i, r in enumerate(ranks) if r >= 0]
    while True:
        live = [i for i in live if left[i] > 0]
        if not live:
            break
        cap = min(left[i] for i in live)
        pot = 0.0
        for i in range(len(left)):
            take = min(left[i], cap)
            left[i] -= take
            pot += take
        best = min(ranks[i] for i in live)
        winners = [i for i in live if ranks[i] == best]
        for i in winners:
            won[i] += pot / len(winners)
    for i in range(len(left)):  # folded money above every all-in
        won[i] += left[i]
    return won


@functools.cache
def table_matrices() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(wins, ties, pairs)`` 169x169 from the shipped table, row class first."""
    frame = load_preflop_table()
    index = {c: k for k, c in enumerate(CLASSES)}
    wins = np.zeros((169, 169))
    ties = np.zeros((169, 169))
    totals = np.zeros((169, 169))
    for a, b, aw, bw, t, tot in frame.itertuples(index=False):
        i, j = index[a], index[b]
        wins[i, j], wins[j, i] = aw, bw
        ties[i, j] = ties[j, i] = t
        totals[i, j] = totals[j, i] = tot
    return wins / totals, ties / totals, totals / BOARDS


def heads_up_gains(
    push: np.ndarray, call: np.ndarray, stacks: tuple[float, float], ante: float = 0.0
) -> tuple[np.ndarray, np.ndarray]:
    """Chip-EV gains (big blinds 1, small 0.5) of pushing for the SB and calling for the
    BB, per class, against the other's frequencies, with exact card removal."""
    win, tie, pairs = table_matrices()
    eq = win + tie / 2  # equity of the row class against the column class
    eff = min(stacks)
    sb_in, bb_in = 0.5 + ante, 1.0 + ante
    # SB: fold -> -sb_in; push: BB folds -> +bb_in, calls -> 2*eff*eq - eff
    weight = pairs * call[None, :]
    p_call = weight.sum(1) / pairs.sum(1)
    eq_called = (weight * eq).sum(1) / np.maximum(weight.sum(1), 1e-300)
    ev_push = (1 - p_call) * bb_in + p_call * (2 * eff * eq_called - eff)
    push_gain = ev_push + sb_in
    # BB facing a push: fold -> -bb_in; call -> 2*eff*eq - eff
    weight = pairs * push[None, :]
    eq_push = (weight * eq).sum(1) / np.maximum(weight.sum(1), 1e-300)
    call_gain = 2 * eff * eq_push - eff + bb_in
    return push_gain, call_gain


def heads_up_fictitious_play(
    stacks: tuple[float, float], ante: float = 0.0, iterations: int = 2000
) -> tuple[np.ndarray, np.ndarray, float]:
    """Fictitious play on :func:`heads_up_gains`: the average push and call frequencies and
    the larger of the two players' best-response gains at the end."""
    push = np.full(169, 0.5)
    call = np.full(169, 0.5)
    for t in range(1, iterations + 1):
        gp, gc = heads_up_gains(push, call, stacks, ante)
        push += ((gp > 0) - push) / (t + 1)
        call += ((gc > 0) - call) / (t + 1)
    return push, call, heads_up_exploitability(push, call, stacks, ante)


def heads_up_exploitability(
    push: np.ndarray, call: np.ndarray, stacks: tuple[float, float], ante: float = 0.0
) -> float:
    """The larger of the SB's and the BB's best-response gains per hand (big blinds)."""
    _win, _tie, pairs = table_matrices()
    gp, gc = heads_up_gains(push, call, stacks, ante)
    p = CLASS_SIZES / 1326
    sb = p @ (np.maximum(gp, 0) - push * gp)
    # the BB faces a push with a chance that depends on its class (card removal)
    reach = (pairs * push[None, :]).sum(1) / pairs.sum(1)
    bb = p @ (reach * (np.maximum(gc, 0) - call * gc))
    return float(max(sb, bb))


def enumerate_gains(game, push: np.ndarray, call: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every decision's gain in ``game`` by listing the other seats' action sequences.

    For a deciding seat ``i`` and each way the seats after it can act (push, call or
    fold, wherever the tree lets them act), the sequence's chance, seen from each class
    of ``i`` (``game.counts.removal``), times the value to ``i`` of the terminal it ends
    in: the member's value by class where ``i`` is all-in, the terminal's average
    value otherwise.
    """
    n = game.n
    r = game.counts.removal

    def chance(seat: int, facing: tuple[int, ...], acts: bool) -> np.ndarray:
        f = push[seat] if not facing else call[game.call_index[(seat, facing)]]
        p = r @ f
        return p if acts else 1 - p

    def value(i: int, pusher: int, callers: tuple[int, ...]) -> np.ndarray:
        term = game.terminals[(pusher, callers)]
        if i in term.member_values:
            return term.member_values[i][:, i]
        return np.full(169, term.value[i])

    def after(i: int, pusher: int, callers: tuple[int, ...], first: int) -> np.ndarray:
        """EV to i once seats before ``first`` have acted (i acts no more)."""
        total = np.zeros(169)
        if pusher < 0:
            later = list(range(first, n - 1))
            for k in range(len(later) + 1):  # seat later[k] pushes (k == len: nobody)
                prob = np.ones(169)
                for s in later[:k]:
                    prob = prob * chance(s, (), False)
                if k == len(later):
                    total += prob * value(i, -1, ())
                else:
                    p = later[k]
                    total += prob * chance(p, (), True) * after(i, p, (), p + 1)
            return total
        seats = list(range(first, n))
        for acts in itertools.product((False, True), repeat=len(seats)):
            prob = np.ones(169)
            now = callers
            for s, a in zip(seats, acts, strict=True):
                prob = prob * chance(s, (pusher, *now), a)
                if a:
                    now = (*now, s)
            total += prob * value(i, pusher, now)
        return total

    push_gain = np.zeros_like(push)
    for p in range(n - 1):
        push_gain[p] = after(p, p, (), p + 1) - after(p, -1, (), p + 1)
    call_gain = np.zeros_like(call)
    for k, (q, facing) in enumerate(game.call_nodes):
        pusher, callers = facing[0], facing[1:]
        call_gain[k] = after(q, pusher, (*callers, q), q + 1) - after(q, pusher, callers, q + 1)
    return push_gain, call_gain


def exploitability(game, push: np.ndarray, call: np.ndarray, gains) -> np.ndarray:
    """Per seat: the sum over its nodes and classes of the chance of the class, of reaching
    the node (seen from the class) and of what a best response gains there."""
    n = game.n
    r = game.counts.removal
    p_class = CLASS_SIZES / 1326
    out = np.zeros(n)
    for p in range(n - 1):
        reach = np.ones(169)
        for s in range(p):
            reach = reach * (1 - r @ push[s])
        g = gains[0][p]
        out[p] += p_class @ (reach * (np.maximum(g, 0) - push[p] * g))
    for k, (q, facing) in enumerate(game.call_nodes):
        pusher, callers = facing[0], facing[1:]
        reach = r @ push[pusher]
        for s in range(pusher):
            reach = reach * (1 - r @ push[s])
        for s in range(pusher + 1, q):
            before = tuple(c for c in callers if c < s)
            c = r @ call[game.call_index[(s, (pusher, *before))]]
            reach = reach * (c if s in callers else 1 - c)
        g = gains[1][k]
        out[q] += p_class @ (reach * (np.maximum(g, 0) - call[k] * g))
    return out
