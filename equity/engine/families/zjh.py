"""Zha Jin Hua (``KERNEL_ZJH``): three cards, no board, rules as the kernels' flags.

The units are the table family's (:mod:`.table`: the same enumeration and
Monte-Carlo driver, under this family's kernel code, which selects the Zha
Jin Hua evaluator and showdown); the rules (2-3-5, suit tie-break, order)
travel as the kernels' rules tuple; the deals are recorded by the Zha Jin
Hua loop of the driver.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import numpy as np

from ...games import KERNEL_ZJH, Game
from ...kernels import montecarlo as _montecarlo
from ...kernels import zjh as _zjh
from ...kernels._jit import warming
from ..job import Job, ZjhKernelRules
from ..rounds import one_thread
from .base import widen
from .table import TableFamily

__all__ = ["ZJH", "ZjhFamily"]


def _straight_over_flush(rules: Any) -> bool:
    """Whether Zha Jin Hua ``rules`` rank a straight above a flush (the zjh kernel's flag)."""
    return bool(getattr(rules, "straight_over_flush", False))


class ZjhFamily(TableFamily):
    """Zha Jin Hua: the table family's units, its own evaluator, showdown and rules."""

    kernel = KERNEL_ZJH
    exact_rate = 5.0e7
    mc_rate = 1.6e7
    record_loop = _montecarlo.LOOP_ZJH

    def kernel_rules(self, game: Game, rules: Any) -> ZjhKernelRules:
        """``(straight_over_flush, suit_tiebreak, special_235, category_shift)`` of
        ``rules`` (a :class:`equity.zjh.ZJHRules`; the default rules when None)."""
        from ...evaluators.zjh import ZJHRules

        rules = rules if rules is not None else ZJHRules()
        if not isinstance(rules, ZJHRules):
            raise ValueError(f"rules must be a ZJHRules, got {rules!r}")
        shift = 12 + (6 if rules.suit_tiebreak else 0)
        return rules.order == "straight_over_flush", rules.suit_tiebreak, rules.special_235, shift

    def showdown(self, job: Job, holes: np.ndarray, board: np.ndarray) -> tuple[np.ndarray, ...]:
        """The Zha Jin Hua values, the 2-3-5 rule as
        :func:`equity.kernels.scoring.find_winners` applies it."""
        n, n_players, _ = holes.shape
        flat = n * n_players
        strength = np.empty(flat, dtype=np.int32)
        names = job.rules.categories if job.rules is not None else job.game.categories
        straight_over_flush, suit_tiebreak, special_235, shift = job.kernel_rules
        hands = np.ascontiguousarray(holes.reshape(flat, 3))
        specials = np.empty(flat, dtype=np.bool_)
        warming(_zjh.evaluate_batch, _zjh.special_batch)
        _zjh.evaluate_batch(hands, straight_over_flush, suit_tiebreak, strength)
        _zjh.special_batch(hands, specials)
        values = strength.reshape(n, n_players)
        special = specials.reshape(n, n_players)
        codes = values >> shift
        if special_235:
            bomb = (codes == 6) & ~special
            n_special = special.sum(axis=1)
            n_bomb = bomb.sum(axis=1)
            use = (n_special > 0) & (n_bomb > 0) & (n_special + n_bomb == n_players)
            eligible = special | ~use[:, None]
        else:
            eligible = np.ones_like(special)
        best = np.where(eligible, values, np.iinfo(np.int32).min).max(axis=1, keepdims=True)
        winners = eligible & (values == best)
        category = (len(names) - codes).astype(np.int8)
        return values, category, winners

    def frequency_tables(self, game: Game, rules: Any) -> tuple[np.ndarray, ...] | None:
        """None: the Zha Jin Hua sampler takes no tables."""
        return None

    def exact_frequencies(self, game: Game, cards: int, rules: Any) -> np.ndarray:
        """Every three-card hand, scored; column 7 the off-suit 2-3-5 hands."""
        from ...evaluators.zjh import ZJHRules, evaluate_zjh_batch, special_235_batch

        hands = np.array(list(combinations(range(52), 3)), dtype=np.uint8)
        order = ZJHRules.from_flags(straight_over_flush=_straight_over_flush(rules))
        codes = evaluate_zjh_batch(hands, order) >> _zjh.CATEGORY_SHIFT
        by_code = np.bincount(codes, minlength=8).astype(np.int64)
        by_code[7] = int(special_235_batch(hands).sum())
        return by_code

    def sample_frequencies(
        self,
        game: Game,
        seeds: np.ndarray,
        batch_size: int,
        trials: int,
        first: int,
        cards: int,
        rules: Any,
        threads: bool,
        tables: tuple[np.ndarray, ...] | None,
    ) -> np.ndarray:
        """Random three-card hands, by the Zha Jin Hua sampler (column 7: the 2-3-5s)."""
        out = np.zeros((len(seeds), 8), dtype=np.int64)
        warming(_zjh.sample_category_counts)
        with one_thread(not threads):
            _zjh.sample_category_counts(
                seeds, batch_size, trials, first, _straight_over_flush(rules), out
            )
        return widen(out.sum(axis=0))


ZJH = ZjhFamily()
"""The Zha Jin Hua family."""
