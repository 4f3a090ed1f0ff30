"""Every combo's exact equity against a range on a board, runout by runout.

For a board (flop, turn or river) the equity of one hero combo ``h`` against
a range is, over every villain combo ``v`` that touches neither ``h``, the
board nor the dead cards (weight ``w_v``) and every runout ``r`` of the cards
left, the weighted share of the pot ``h`` wins.  For each such pair the
number of runouts is the same, so the sums can be taken runout first::

    equity(h) = sum_r num(r, h) / sum_r den(r, h)
    num(r, h) = sum over v off h and r of w_v (1 if v < h, 1/2 if v == h)
    den(r, h) = sum over v off h and r of w_v

with ``r`` running over the runouts off ``h``.  Each runout's board is
scored once per combo (every combo of the deck left, one batch evaluation),
and the sums are read from sorted values with card removal by
inclusion-exclusion: all combos, minus those holding ``h``'s first card,
minus those holding its second, plus ``h`` itself.  A hold'em flop against
every combo is 1,176 runouts x 1,176 combos: about 1.4 million evaluations
and two sorts, where a pair-by-pair enumeration takes 1.3 billion.

Every figure is exact (every runout enumerated); the tests prove it equal to
:func:`equity.calculate` combo by combo and to a plain-Python enumeration.
"""

from __future__ import annotations

import itertools

import numpy as np

from ..cards import format_cards
from ..games import game as get_game

__all__ = ["by_runouts"]


def _evaluate(cards: np.ndarray, game: str) -> np.ndarray:
    """Hand values of seven-card rows (``uint8[n, 7]`` -> ``int64[n]``) in ``game``."""
    if get_game(game).evaluator == "shortdeck":
        from ..evaluators.shortdeck import evaluate_shortdeck_batch

        values = evaluate_shortdeck_batch(cards)
    else:
        from ..evaluators.poker import evaluate_batch

        values = evaluate_batch(cards)
    return values.astype(np.int64)


def _scores(values: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Each entry's weighted score against its row: ``sum w [v < x] + w/2 [v == x]``.

    Each row is sorted once; an entry's score is the weight sorted below its run of
    equal values plus half the weight of that run (itself included).

    Shapes
    ------
    values : int64[g, m]; weights : float64[g, m]; return : float64[g, m]
    """
    g, m = values.shape
    order = np.argsort(values, axis=1, kind="stable")
    ranked = np.take_along_axis(values, order, axis=1)
    cum = np.zeros((g, m + 1))
    np.cumsum(np.take_along_axis(weights, order, axis=1), axis=1, out=cum[:, 1:])
    at = np.arange(m)
    first = np.ones((g, m), dtype=bool)  # the first of a run of equal values
    first[:, 1:] = ranked[:, 1:] != ranked[:, :-1]
    last = np.ones((g, m), dtype=bool)
    last[:, :-1] = first[:, 1:]
    begin = np.maximum.accumulate(np.where(first, at, 0), axis=1)
    end = np.minimum.accumulate(np.where(last, at + 1, m)[:, ::-1], axis=1)[:, ::-1]
    below = np.take_along_axis(cum, begin, axis=1)
    run = np.take_along_axis(cum, end, axis=1) - below
    out = np.empty((g, m))
    np.put_along_axis(out, order, below + run / 2, axis=1)
    return out


def by_runouts(
    dense: np.ndarray, board: list[int], dead: list[int], game: str
) -> tuple[list[str], np.ndarray, np.ndarray]:
    """Every combo's exact equity against the range ``dense`` on ``board``.

    Returns the combos (names, higher card first), their equities and the
    combos each row stands for (ones); combos with no legal deal are left out.

    Shapes
    ------
    dense : float64[1326], the range's weight of each combo (0 for combos
    touching the board or the dead cards)
    """
    lowest = get_game(game).lowest_rank
    gone = set(board) | set(dead)
    deck = np.array([c for c in range(4 * lowest, 52) if c not in gone], dtype=np.int64)
    n = len(deck)
    lo_at, hi_at = np.triu_indices(n, 1)
    hi, lo = deck[hi_at], deck[lo_at]  # deck ascending: hi > lo
    weight = dense[hi * (hi - 1) // 2 + lo]
    k = 5 - len(board)
    runouts = np.array(list(itertools.combinations(deck.tolist(), k)), dtype=np.int64)
    runouts = runouts.reshape(len(runouts), k)  # a river: one empty runout
    one = np.int64(1)
    run_mask = (one << runouts).sum(axis=1)
    combo_mask = (one << hi) | (one << lo)
    live = (run_mask[:, None] & combo_mask[None, :]) == 0  # (runouts, combos)

    rows, cols = np.nonzero(live)  # score only real deals: no card twice
    cards = np.empty((len(rows), 7), dtype=np.uint8)
    cards[:, : len(board)] = board
    cards[:, len(board) : 5] = runouts[rows]
    cards[:, 5], cards[:, 6] = hi[cols], lo[cols]
    values = np.zeros(live.shape, dtype=np.int64)
    values[rows, cols] = _evaluate(cards, game)
    w = np.where(live, weight[None, :], 0.0)

    # every combo against the whole row, then against the combos holding each card
    total = _scores(values, w)
    holding = [np.flatnonzero((hi == c) | (lo == c)) for c in deck]  # n - 1 combos per card
    group = np.array(holding)  # (n, n - 1)
    by_card = _scores(values[:, group].reshape(-1, n - 1), w[:, group].reshape(-1, n - 1)).reshape(
        len(runouts), n, n - 1
    )
    card_weight = w[:, group].sum(axis=2)  # (runouts, n)
    # each combo's two cards (rows of ``group``) and its slot in each of those rows
    slot = {(i, int(x)): j for i, row in enumerate(group) for j, x in enumerate(row)}
    card_of = {int(c): i for i, c in enumerate(deck)}
    a_card = np.array([card_of[int(c)] for c in hi])
    b_card = np.array([card_of[int(c)] for c in lo])
    a_slot = np.array([slot[int(i), x] for x, i in enumerate(a_card)])
    b_slot = np.array([slot[int(i), x] for x, i in enumerate(b_card)])

    num = total - by_card[:, a_card, a_slot] - by_card[:, b_card, b_slot] + w / 2
    den = w.sum(axis=1, keepdims=True) - card_weight[:, a_card] - card_weight[:, b_card] + w
    num = np.where(live, num, 0.0).sum(axis=0)
    den = np.where(live, den, 0.0).sum(axis=0)
    # a combo with a deal has at least the smallest weight behind it: float dust is not a deal
    dealt = den > 0.5 * weight[weight > 0].min()
    names = [format_cards([int(a), int(b)]) for a, b in zip(hi[dealt], lo[dealt], strict=True)]
    return names, num[dealt] / den[dealt], np.ones(int(dealt.sum()))
