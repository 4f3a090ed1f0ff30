"""The push/fold game of one table: its tree, its payoffs, and each decision's gain.

Seat 0 acts first: it pushes all-in or folds, and so does each next seat
until one pushes (if all fold, the big blind takes the blinds and antes).
After the push every later seat calls all-in or folds.  The tree's nodes
are the *push nodes* (one per seat but the big blind) and the *call nodes*
(a seat and the seats already all-in, the pusher first); its leaves are the
*terminals*: the walk, a push nobody calls, or a showdown of the pusher and
its callers.

A terminal's value to each seat (big blinds of chip EV, or a share of the
prize pool by ICM) is averaged over how its showdown ends:

* two players: exactly, from the shipped 169x169 table
  (:func:`equity.preflop_table.load_preflop_table`): a class's win, loss and
  tie counts against each class of the other range, over every pair of
  non-conflicting combos and every board (exact card removal);
* three or more: by Monte-Carlo (:func:`equity.decisions.multiway.showdown_codes`),
  per class of each player against the others' ranges (joint card removal),
  redone by :meth:`TableGame.refresh` when the ranges have moved.

The chance that later seats push or call is taken against the deciding
seat's own class (its cards removed from each later seat's combos,
class-level exact); the later seats' cards are not removed from one another
there.  With two players this is exact.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, field

import numpy as np

from ..preflop_table import BOARDS, load_preflop_table
from ..ranges.classes import CLASS_SIZES, CLASSES, N_COMBOS
from .multiway import prize_values, settle, showdown_codes

__all__ = [
    "MET_SHARE",
    "POSITIONS",
    "STALE_REACH",
    "HeadsUpCounts",
    "TableGame",
    "Terminal",
    "heads_up_counts",
]

POSITIONS = {
    2: ("SB", "BB"),
    3: ("BTN", "SB", "BB"),
    4: ("CO", "BTN", "SB", "BB"),
    5: ("HJ", "CO", "BTN", "SB", "BB"),
    6: ("UTG", "HJ", "CO", "BTN", "SB", "BB"),
    7: ("UTG", "LJ", "HJ", "CO", "BTN", "SB", "BB"),
    8: ("UTG", "UTG+1", "LJ", "HJ", "CO", "BTN", "SB", "BB"),
    9: ("UTG", "UTG+1", "UTG+2", "LJ", "HJ", "CO", "BTN", "SB", "BB"),
}
"""Position names by the number of players, seat 0 first (heads-up, seat 0 is the button)."""

MET_SHARE = 0.01
"""A class whose cards clash with the other ranges' in more deals than ``1 - MET_SHARE``
is left out of the stated equity error (a handful of showdowns, hardly ever dealt)."""
STALE_REACH = 1e-5
"""A multiway terminal reached less often than this keeps its showdowns at a refresh."""

_N = len(CLASSES)
_P_CLASS = CLASS_SIZES / N_COMBOS


@dataclass(frozen=True)
class HeadsUpCounts:
    """The exact heads-up table as 169x169 matrices (row: the class, column: the other's).

    Attributes
    ----------
    wins, losses, ties : numpy.ndarray
        Counts over every non-conflicting combo pair and every board.
    totals : numpy.ndarray
        ``wins + losses + ties``: the combo pairs times ``C(48, 5)``.
    removal : numpy.ndarray
        ``removal[h, g]``: the share of class ``g``'s combos a combo of ``h`` leaves
        (card removal, the same for every combo of ``h``), divided by ``sum over g``;
        ``removal @ f`` is the chance that a player playing frequencies ``f`` acts,
        seen from a holder of each class.
    """

    wins: np.ndarray
    losses: np.ndarray
    ties: np.ndarray
    totals: np.ndarray
    removal: np.ndarray


@functools.cache
def heads_up_counts() -> HeadsUpCounts:
    """The shipped exact heads-up table as :class:`HeadsUpCounts` (built once)."""
    frame = load_preflop_table()
    index = {c: k for k, c in enumerate(CLASSES)}
    i = frame["alice"].map(index).to_numpy()
    j = frame["bob"].map(index).to_numpy()
    mats = {}
    for name, mine, theirs in (
        ("wins", "alice_wins", "bob_wins"),
        ("losses", "bob_wins", "alice_wins"),
        ("ties", "ties", "ties"),
        ("totals", "total", "total"),
    ):
        m = np.zeros((_N, _N))
        m[i, j] = frame[mine].to_numpy()
        m[j, i] = frame[theirs].to_numpy()
        mats[name] = m
    pairs = mats["totals"] / BOARDS  # compatible combo pairs
    per_combo = pairs / CLASS_SIZES[:, None]
    removal = per_combo / per_combo.sum(axis=1, keepdims=True)
    for m in (*mats.values(), removal):
        m.flags.writeable = False
    return HeadsUpCounts(removal=removal, **mats)


@dataclass
class Terminal:
    """A leaf of the tree: who is all-in and what its outcomes are worth to each seat.

    Attributes
    ----------
    members : tuple of int
        The players in the pot at the end, seat order (one for a walk or an uncalled
        push).
    contributions : numpy.ndarray
        Shape (n,): chips each seat put in (stacks of the members, blinds and antes of
        the others).
    by_code : dict
        Rank code (:func:`equity.decisions.multiway.code_ranks`) -> value per seat.
    member_values : dict
        Member seat -> ``float64[169, n]``: the values to every seat, by the member's
        class (showdowns only).
    value : numpy.ndarray
        Shape (n,): the values to every seat, averaged over the members' ranges.
    stderr : float
        The largest standard error of a member's Monte-Carlo equity (0 if exact), over
        the classes that meet the other ranges in at least :data:`MET_SHARE` of deals.
    samples : int
        Monte-Carlo showdowns per class and member at the last refresh (0 if exact).
    shares : dict
        Rank code -> each member's share of all the chips in the pots.
    member_se : dict
        Member seat -> ``float64[169]``: the standard error of the member's value by
        class (Monte-Carlo showdowns only).
    weights : numpy.ndarray or None
        Per class of the first member, its combos times the chance that the other
        ranges miss them (card removal): with the first member's frequencies, the
        weights that average ``member_values`` into ``value``.
    """

    members: tuple[int, ...]
    contributions: np.ndarray
    by_code: dict[int, np.ndarray] = field(default_factory=dict)
    member_values: dict[int, np.ndarray] = field(default_factory=dict)
    value: np.ndarray = field(default_factory=lambda: np.zeros(0))
    stderr: float = 0.0
    samples: int = 0
    weights: np.ndarray | None = None
    member_se: dict[int, np.ndarray] = field(default_factory=dict)
    shares: dict[int, np.ndarray] = field(default_factory=dict)


class TableGame:
    """The push/fold tree of one table, its terminals' values, and the gains of a strategy.

    A strategy is two arrays: ``push[p]`` (seats ``0 .. n-2``) and ``call[k]`` for the
    call node ``self.call_nodes[k]`` (``(seat, facing)``), each a frequency per class.

    Parameters
    ----------
    stacks : numpy.ndarray
        Chips per seat (validated by the caller).
    small_blind, big_blind, ante : float
        The forced bets (each capped by the stack).
    payouts : numpy.ndarray or None
        Prizes (first place first): values are shares of their sum by ICM; ``None``:
        chip EV in big blinds.
    """

    def __init__(
        self,
        stacks: np.ndarray,
        small_blind: float,
        big_blind: float,
        ante: float,
        payouts: np.ndarray | None,
    ) -> None:
        n = len(stacks)
        self.n = n
        self._prizes: dict[bytes, np.ndarray] = {}
        self.stacks = np.asarray(stacks, dtype=np.float64)
        self.big_blind = big_blind
        self.payouts = None if payouts is None else np.asarray(payouts, float) / np.sum(payouts)
        self.unit = "bb" if payouts is None else "pool"
        antes = np.minimum(self.stacks, ante)
        blinds = np.zeros(n)
        sb = 0 if n == 2 else n - 2
        blinds[sb], blinds[n - 1] = small_blind, big_blind
        self.posted = antes + np.minimum(self.stacks - antes, blinds)
        self.positions = POSITIONS[n]
        self.call_nodes: list[tuple[int, tuple[int, ...]]] = []
        for q in range(1, n):
            for p in range(q):
                for callers in _subsets(range(p + 1, q)):
                    self.call_nodes.append((q, (p, *callers)))
        self.call_index = {node: k for k, node in enumerate(self.call_nodes)}
        self.terminals: dict[tuple[int, tuple[int, ...]], Terminal] = {}
        self.terminals[(-1, ())] = self._terminal((n - 1,), all_in=False)
        for p in range(n - 1):
            for callers in _subsets(range(p + 1, n)):
                self.terminals[(p, callers)] = self._terminal((p, *callers), all_in=True)
        self.counts = heads_up_counts()

    def _terminal(self, members: tuple[int, ...], all_in: bool) -> Terminal:
        contributions = self.posted.copy()
        if all_in:
            contributions[list(members)] = self.stacks[list(members)]
        term = Terminal(members, contributions)
        if len(members) == 1:
            term.value = self.outcome_value(term, 0)
        return term

    def outcome_value(self, term: Terminal, code: int) -> np.ndarray:
        """The value to each seat of one way the terminal's showdown ends (cached).

        Parameters
        ----------
        term : Terminal
            The terminal.
        code : int
            The rank code of its members' hands (0 where one player is left).

        Returns
        -------
        numpy.ndarray
            Shape (n,): big blinds won (chip EV) or the share of the prize pool.
        """
        return self.outcome_values(term, np.array([code]))[0][0]

    def outcome_values(self, term: Terminal, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Values to each seat and the members' shares of the pots, for many rank codes.

        Returns
        -------
        values : numpy.ndarray
            Shape (len(codes), n), as :meth:`outcome_value`.
        shares : numpy.ndarray
            Shape (len(codes), k): each member's share of all the chips in the pots
            (their showdown equity).
        """
        new = np.array([c for c in codes.tolist() if c not in term.by_code], dtype=np.int64)
        if len(new):
            k = len(term.members)
            ranks = np.full((len(new), self.n), -1, dtype=np.int64)
            ranks[:, list(term.members)] = (new[:, None] // k ** np.arange(k)) % k
            won = settle(term.contributions, ranks)
            final = self.stacks - term.contributions + won
            shares = won[:, list(term.members)] / term.contributions.sum()
            for code, row, share in zip(new.tolist(), final, shares, strict=True):
                term.by_code[code] = self._value(row)
                term.shares[code] = share
        values = np.stack([term.by_code[c] for c in codes.tolist()])
        return values, np.stack([term.shares[c] for c in codes.tolist()])

    def _value(self, final: np.ndarray) -> np.ndarray:
        """The value to each seat of the stacks after a hand (prize values cached)."""
        if self.payouts is None:
            value = (final - self.stacks) / self.big_blind
        else:
            key = np.round(final, 9).tobytes()
            cached = self._prizes.get(key)
            if cached is not None:
                return cached
            value = prize_values(final, self.stacks, self.payouts)
            self._prizes[key] = value
        value.flags.writeable = False
        return value

    # -- terminal values -------------------------------------------------------------
    def ranges(
        self, key: tuple[int, tuple[int, ...]], push: np.ndarray, call: np.ndarray
    ) -> list[np.ndarray]:
        """The class frequencies each member of terminal ``key`` reached it with."""
        p, callers = key
        out = [push[p]]
        for j, q in enumerate(callers):
            out.append(call[self.call_index[(q, (p, *callers[:j]))]])
        return out

    def heads_up(self, push: np.ndarray, call: np.ndarray) -> None:
        """Set the values of the two-player showdowns, exactly, for this strategy."""
        c = self.counts
        for key, term in self.terminals.items():
            if len(term.members) != 2:
                continue
            fa, fb = self.ranges(key, push, call)
            # codes: 2 = the first member wins, 1 = the second wins, 0 = a split
            v_first, v_second, v_tie = (self.outcome_value(term, code) for code in (2, 1, 0))
            outcomes = np.stack([v_first, v_second, v_tie])  # (3, n)
            for slot, (_mine, theirs) in enumerate(((fa, fb), (fb, fa))):
                total = np.maximum(c.totals @ theirs, 1e-300)
                win, lose, tie = c.wins @ theirs, c.losses @ theirs, c.ties @ theirs
                probs = np.stack([win, lose, tie] if slot == 0 else [lose, win, tie], axis=1)
                term.member_values[term.members[slot]] = (probs / total[:, None]) @ outcomes
            joint = np.array([fa @ c.wins @ fb, fa @ c.losses @ fb, fa @ c.ties @ fb])
            weight = fa @ c.totals @ fb
            term.value = (joint / weight) @ outcomes if weight > 0 else outcomes[2]

    def reach(self, push: np.ndarray, call: np.ndarray) -> dict[tuple[int, tuple[int, ...]], float]:
        """The chance of reaching each terminal (no card removal between players)."""
        pp = push @ _P_CLASS
        pc = call @ _P_CLASS
        out: dict[tuple[int, tuple[int, ...]], float] = {}
        folded = 1.0
        for p in range(self.n - 1):
            for callers in _subsets(range(p + 1, self.n)):
                r = folded * pp[p]
                for q in range(p + 1, self.n):
                    before = tuple(s for s in callers if s < q)
                    c = pc[self.call_index[(q, (p, *before))]]
                    r *= c if q in callers else 1.0 - c
                out[(p, callers)] = r
            folded *= 1.0 - pp[p]
        out[(-1, ())] = folded
        return out

    def refresh(
        self, push: np.ndarray, call: np.ndarray, samples: int, seed: int, keep: bool = True
    ) -> None:
        """Redo the Monte-Carlo values of the showdowns of three or more players.

        Each member's classes get ``samples`` showdowns against the other members'
        ranges, scaled down by the square root of the reach for a terminal reached less
        than once in a hundred hands, never below ``samples // 2`` (nor 25).  A terminal
        reached less often than :data:`STALE_REACH` keeps the showdowns it has (it moves
        any seat's EV per hand by less than that share of the largest payoff) unless
        ``keep`` is false.
        """
        reach = self.reach(push, call)
        for t, (key, term) in enumerate(sorted(self.terminals.items())):
            k = len(term.members)
            if k < 3 or (keep and term.member_values and reach[key] < STALE_REACH):
                continue
            # a range nobody plays yet (reach 0) is dealt as any two cards
            ranges = [f if f.any() else np.ones(_N) for f in self.ranges(key, push, call)]
            least = max(samples // 2, 25)
            m = int(np.clip(samples * np.sqrt(reach[key] / 0.01), least, max(samples, least)))
            term.samples = m
            term.stderr = 0.0
            for slot, seat in enumerate(term.members):
                others = ranges[:slot] + ranges[slot + 1 :]
                codes, filled, tries = showdown_codes(
                    slot, others, m, seed * 1_000_003 + t * 16 + slot
                )
                counts, unique = _code_counts(codes, filled, k)  # (169, U), (U,)
                table, shares = self.outcome_values(term, unique)  # (U, n), (U, k)
                count = np.maximum(filled, 1)[:, None]
                mean = counts @ table / count
                empty = filled == 0
                if empty.any():  # classes the ranges exclude: the average of the rest
                    mean[empty] = mean[~empty].mean(axis=0)
                term.member_values[seat] = mean
                mine = table[:, seat]
                spread = np.maximum(counts @ mine**2 / count[:, 0] - mean[:, seat] ** 2, 0)
                term.member_se[seat] = np.sqrt(spread / np.maximum(filled - 1, 1))
                share = shares[:, slot]
                first = counts @ share / count[:, 0]
                var = np.maximum(counts @ share**2 / count[:, 0] - first**2, 0)
                se = np.sqrt(var / np.maximum(filled - 1, 1))
                # classes the other ranges all but exclude (their cards clash in 99% of
                # deals) are left out: a handful of showdowns, and hardly ever dealt
                met = (filled > 1) & (filled >= MET_SHARE * tries)
                term.stderr = max(term.stderr, float(se[met].max(initial=0.0)))
                if slot == 0:
                    accepted = filled / np.maximum(tries, 1)
                    term.weights = CLASS_SIZES * accepted
        self.joint(push, call)

    def joint(self, push: np.ndarray, call: np.ndarray) -> None:
        """Set each multiway terminal's average value from its first member's classes."""
        for key, term in self.terminals.items():
            if len(term.members) < 3 or not term.member_values:
                continue
            w = (CLASS_SIZES if term.weights is None else term.weights) * push[key[0]]
            total = w.sum()
            vals = term.member_values[term.members[0]]
            term.value = (w @ vals) / total if total > 0 else vals.mean(axis=0)

    # -- the gains of a strategy -----------------------------------------------------
    def gains(self, push: np.ndarray, call: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """EV(action) - EV(fold) per class at every node, against the strategy itself.

        Returns
        -------
        push_gain : numpy.ndarray
            Shape (n - 1, 169).
        call_gain : numpy.ndarray
            Shape (len(call_nodes), 169).
        """
        r = self.counts.removal
        pp = push @ r.T  # (n-1, 169): seen from each class of the deciding seat
        pc = call @ r.T
        push_gain = np.zeros_like(push)
        call_gain = np.zeros_like(call)
        for p in range(self.n - 1):
            act = self._ev(p, p, (), p + 1, pp, pc)
            fold = self._ev(p, -1, (), p + 1, pp, pc)
            push_gain[p] = act - fold
        for k, (q, facing) in enumerate(self.call_nodes):
            pusher, callers = facing[0], facing[1:]
            act = self._ev(q, pusher, (*callers, q), q + 1, pp, pc)
            fold = self._ev(q, pusher, callers, q + 1, pp, pc)
            call_gain[k] = act - fold
        return push_gain, call_gain

    def values(self, push: np.ndarray, call: np.ndarray) -> np.ndarray:
        """Each seat's EV of a hand under the strategy (shape (n,); chip EVs add up to 0,
        prize shares to 1)."""
        reach = self.reach(push, call)
        return sum((r * self.terminals[key].value for key, r in reach.items()), np.zeros(self.n))

    def _ev(
        self,
        i: int,
        pusher: int,
        callers: tuple[int, ...],
        seat: int,
        pp: np.ndarray,
        pc: np.ndarray,
    ) -> np.ndarray:
        """Seat ``i``'s EV per class from a state: who pushed (-1: nobody yet), who called,
        the next seat to act (``i`` acts no more)."""
        n = self.n
        if pusher < 0:
            if seat == n - 1:
                return np.full(_N, self.terminals[(-1, ())].value[i])
            p = pp[seat]
            return p * self._ev(i, seat, (), seat + 1, pp, pc) + (1 - p) * self._ev(
                i, -1, (), seat + 1, pp, pc
            )
        if seat == n:
            term = self.terminals[(pusher, callers)]
            if i in term.member_values:
                return term.member_values[i][:, i]
            return np.full(_N, term.value[i])
        c = pc[self.call_index[(seat, (pusher, *callers))]]
        return c * self._ev(i, pusher, (*callers, seat), seat + 1, pp, pc) + (1 - c) * self._ev(
            i, pusher, callers, seat + 1, pp, pc
        )

    def gain_errors(self, push: np.ndarray, call: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The standard error of every gain from the Monte-Carlo showdowns it averages.

        The variance of EV(action) is the sum over the multiway showdowns it reaches of
        the squared chance times the squared standard error of the deciding seat's value
        there; EV(fold) averages showdowns over whole ranges and is counted exact.

        Returns
        -------
        push_error, call_error : numpy.ndarray
            Shapes as :meth:`gains`.
        """
        pc = call @ self.counts.removal.T
        push_error = np.zeros_like(push)
        call_error = np.zeros_like(call)
        for p in range(self.n - 1):
            push_error[p] = np.sqrt(self._var(p, p, (), p + 1, pc))
        for k, (q, facing) in enumerate(self.call_nodes):
            call_error[k] = np.sqrt(self._var(q, facing[0], (*facing[1:], q), q + 1, pc))
        return push_error, call_error

    def _var(
        self, i: int, pusher: int, callers: tuple[int, ...], seat: int, pc: np.ndarray
    ) -> np.ndarray:
        """The Monte-Carlo variance of seat ``i``'s EV per class once all-in (as :meth:`_ev`)."""
        if seat == self.n:
            se = self.terminals[(pusher, callers)].member_se.get(i)
            return np.zeros(_N) if se is None else se**2
        c = pc[self.call_index[(seat, (pusher, *callers))]]
        return c**2 * self._var(i, pusher, (*callers, seat), seat + 1, pc) + (
            1 - c
        ) ** 2 * self._var(i, pusher, callers, seat + 1, pc)

    def node_reach(self, push: np.ndarray, call: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The chance of reaching each node, per class of its deciding seat."""
        r = self.counts.removal
        pp = push @ r.T
        pc = call @ r.T
        push_reach = np.ones_like(push)
        for p in range(1, self.n - 1):
            push_reach[p] = push_reach[p - 1] * (1 - pp[p - 1])
        call_reach = np.ones_like(call)
        for k, (q, facing) in enumerate(self.call_nodes):
            p, callers = facing[0], facing[1:]
            prob = push_reach[p] * pp[p]
            for s in range(p + 1, q):
                c = pc[self.call_index[(s, (p, *(x for x in callers if x < s)))]]
                prob = prob * (c if s in callers else 1 - c)
            call_reach[k] = prob
        return push_reach, call_reach

    def exploitability(
        self, push: np.ndarray, call: np.ndarray, gains: tuple[np.ndarray, np.ndarray]
    ) -> np.ndarray:
        """What each seat would gain per hand by a best response (shape (n,))."""
        push_gain, call_gain = gains
        push_reach, call_reach = self.node_reach(push, call)
        out = np.zeros(self.n)
        for p in range(self.n - 1):
            loss = np.maximum(push_gain[p], 0) - push[p] * push_gain[p]
            out[p] += (push_reach[p] * loss) @ _P_CLASS
        for k, (q, _) in enumerate(self.call_nodes):
            loss = np.maximum(call_gain[k], 0) - call[k] * call_gain[k]
            out[q] += (call_reach[k] * loss) @ _P_CLASS
        return out


def _subsets(seats: range) -> list[tuple[int, ...]]:
    """Every subset of ``seats``, each in seat order, the empty one first."""
    items = list(seats)
    return [c for size in range(len(items) + 1) for c in itertools.combinations(items, size)]


def _code_counts(codes: np.ndarray, filled: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Per class, how often each rank code came up: ``(counts[169, U], codes[U])``."""
    live = np.arange(codes.shape[1])[None, :] < filled[:, None]
    rows = np.broadcast_to(np.arange(codes.shape[0])[:, None], codes.shape)[live]
    found = codes[live]
    if k**k <= 1 << 16:  # a table over every code: no sort
        seen = np.zeros(k**k, dtype=bool)
        seen[found] = True
        unique = np.flatnonzero(seen)
        where = np.zeros(k**k, dtype=np.int64)
        where[unique] = np.arange(len(unique))
        inverse = where[found]
    else:
        unique, inverse = np.unique(found, return_inverse=True)
    flat = np.bincount(rows * len(unique) + inverse, minlength=codes.shape[0] * len(unique))
    return flat.reshape(codes.shape[0], len(unique)).astype(np.float64), unique
