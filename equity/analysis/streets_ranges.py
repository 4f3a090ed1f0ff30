"""The next card for ranges: each range's exact equity after every turn (or river) card.

:func:`range_streets` (what ``equity streets`` runs when a player holds a
range; :func:`equity.streets` takes known hands) takes hold'em or short-deck
ranges and a flop (or a turn) and gives each range's exact equity on the
current street, then for every card that can come next the exact equity
with that card added: the figures of
:func:`equity.calculate` on the board plus the card, every deal enumerated.
Unlike known hands, ranges make the next cards unequally likely: a card that
many combos of the ranges hold comes less often.  A card stands for the
deals in which it comes next (a pair of combos that avoid it and the board,
and a completion of the board), weighted by the combos' range weights: the
``deals`` of the card.  The next-card equities averaged with these weights
are the current street's equity, exactly.  Cards after which no deal is left
(a range emptied) are set apart.  The table is sorted by how much the card
moves the equity (the largest change of any range first).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ..cards import card_mask, format_card, parse_cards
from ..control import Stopwatch
from ..engine import calculate
from ..games import game as get_game
from ..ranges import Range, parse_range

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

__all__ = ["RangeStreetsResult", "range_streets"]

_STREETS = {2: ("flop", "turn"), 1: ("turn", "river")}
"""Board cards still to come -> (the current street, the street of the next card)."""
_RANDOM_WORDS = ("random", "*", "?", "??", "xx")
_LETTERS = "abcdefghij"
_SERIAL_DEALS = 50_000
"""Below this many deals per next card (about a millisecond on one thread), each card is
enumerated on one thread unless ``threads`` is given: waking the threads would cost more."""


@dataclass(frozen=True)
class RangeStreetsResult:
    """Exact equity of each range now and after each possible next card, biggest moves first.

    ``equity[p]`` is range p's share of the pot on the current street and
    ``combos[p]`` its combos left there (card removal by the board, the dead
    cards and the other players' known cards); ``next_equity[i, p]`` and
    ``next_combos[i, p]`` the same once ``next_cards[i]`` is dealt, and
    ``next_deals[i]`` the weighted deals the card stands for (module doc):
    ``next_equity`` averaged with the weights ``next_deals`` is ``equity``.
    ``no_deal`` lists the cards after which no deal is left.  Columns of
    :meth:`to_frame` name the ranges by letter (``equity_a``, ``equity_b`` ...).
    """

    game: str
    ranges: tuple[str, ...]
    board: str
    dead: str
    street: str
    """The current street: ``"flop"`` or ``"turn"``."""
    next_street: str
    """The street of the next card: ``"turn"`` or ``"river"``."""
    equity: np.ndarray
    combos: np.ndarray
    deals: float
    """The weighted deals on the current street (:attr:`equity.EquityResult.weight_total`)."""
    next_cards: tuple[str, ...]
    """The cards that can come next, the one that moves the equity most first."""
    next_equity: np.ndarray
    next_combos: np.ndarray
    next_deals: np.ndarray
    no_deal: tuple[str, ...] = ()
    """Cards of the deck (not on the board, dead or in a known hand) that leave no deal."""
    elapsed_s: float = 0.0
    """Seconds the enumerations took, compiling excluded (:attr:`compile_s`)."""
    compile_s: float = 0.0
    """Seconds spent compiling kernels (a cold Numba cache)."""
    rules: Any = None

    @property
    def n_players(self) -> int:
        """Number of ranges."""
        return len(self.ranges)

    @property
    def change(self) -> np.ndarray:
        """``change[i, p]``: range p's equity after ``next_cards[i]`` less its equity now."""
        return np.asarray(self.next_equity - self.equity[None, :])

    def mean_equity(self) -> np.ndarray:
        """The next-card equities averaged with their deals: the current equity, exactly."""
        return np.asarray(self.next_deals @ self.next_equity / self.next_deals.sum())

    def to_frame(self) -> pd.DataFrame:
        """One row per next card, biggest move first: ``card``, then per range (by letter)
        ``equity_a`` ..., ``change_a`` ... (from now), ``combos_a`` ... (combos left), and
        ``deals`` (the card's weighted deals)."""
        import pandas as pd

        letters = _LETTERS[: self.n_players]
        frame = pd.DataFrame({"card": list(self.next_cards)})
        for p, x in enumerate(letters):
            frame[f"equity_{x}"] = self.next_equity[:, p]
        for p, x in enumerate(letters):
            frame[f"change_{x}"] = self.change[:, p]
        for p, x in enumerate(letters):
            frame[f"combos_{x}"] = self.next_combos[:, p]
        frame["deals"] = self.next_deals
        frame.attrs.update(
            game=self.game,
            ranges=list(self.ranges),
            board=self.board,
            street=self.street,
            next_street=self.next_street,
            equity=[float(x) for x in self.equity],
            method="exact",
        )
        return frame

    def to_dict(self) -> dict[str, Any]:
        """Plain data; the ``equity streets RANGE RANGE --json`` object."""
        return {
            "game": self.game,
            "method": "exact",
            "ranges": list(self.ranges),
            "board": self.board,
            "dead": self.dead,
            "street": self.street,
            "next_street": self.next_street,
            "equity": [float(x) for x in self.equity],
            "combos": [int(x) for x in self.combos],
            "deals": float(self.deals),
            "next_cards": [
                {
                    "card": card,
                    "equity": [float(x) for x in self.next_equity[i]],
                    "change": [float(x) for x in self.change[i]],
                    "combos": [int(x) for x in self.next_combos[i]],
                    "deals": float(self.next_deals[i]),
                }
                for i, card in enumerate(self.next_cards)
            ],
            "no_deal": list(self.no_deal),
            "elapsed_s": round(float(self.elapsed_s), 6),
            "compile_s": round(float(self.compile_s), 6),
        }

    def __repr__(self) -> str:
        """One line: the street, each range's equity (``str()`` has every next card)."""
        shares = ", ".join(f"{r} {self.equity[p]:.4%}" for p, r in enumerate(self.ranges))
        return (
            f"RangeStreetsResult({self.game} {self.street} {self.board}, "
            f"{len(self.next_cards)} {self.next_street} cards: {shares})"
        )

    def __str__(self) -> str:
        letters = _LETTERS[: self.n_players].upper()
        where = f", dead {self.dead}" if self.dead else ""
        width = max(map(len, self.ranges))
        lines = [
            f"{self.game}, {self.street} {self.board}{where}: exact equity of each range, then "
            f"after each of the {len(self.next_cards)} {self.next_street} cards, the biggest "
            f"change first (averaged with their deals, they give the {self.street} equity)",
            *(
                f"  {x} {r.ljust(width)}  {self.equity[p]:8.4%}  "
                f"({int(self.combos[p])} combo{'' if self.combos[p] == 1 else 's'})"
                for p, (x, r) in enumerate(zip(letters, self.ranges, strict=True))
            ),
        ]
        if self.no_deal:
            lines.append(f"no deal is left after {' '.join(self.no_deal)}")
        lines.append("")
        headers = [self.next_street, *letters, *(f"{x} change" for x in letters)]
        headers += [*(f"{x} combos" for x in letters), "deals"]
        rows = [
            [
                card,
                *(f"{x:.2%}" for x in self.next_equity[i]),
                *(f"{x:+.2%}" for x in self.change[i]),
                *(str(int(x)) for x in self.next_combos[i]),
                f"{self.next_deals[i]:g}",
            ]
            for i, card in enumerate(self.next_cards)
        ]
        lines.append(_table(rows, headers))
        return "\n".join(lines)

    def plot(self, ax: Axes | None = None, player: int = 0) -> Axes:
        """Draw the change of range ``player``'s equity by next card (rank by suit).

        A heat map (:func:`equity.plots.plot_card_heatmap`) of the change in
        percentage points: blue where the card raises the range's equity,
        red where it lowers it, each cell with the equity after the card;
        cards that cannot come are grey.
        """
        from ..plots.cards import plot_card_heatmap

        if not 0 <= player < self.n_players:
            raise ValueError(f"no range {player!r}: the ranges are 0 to {self.n_players - 1}")
        points = 100 * self.change[:, player]
        change = dict(zip(self.next_cards, map(float, points), strict=True))
        notes = {
            c: f"{x:.1%}" for c, x in zip(self.next_cards, self.next_equity[:, player], strict=True)
        }
        name = self.ranges[player]
        name = name if len(name) <= 30 else name[:28] + "..."
        return plot_card_heatmap(
            change,
            ax,
            title=f"{name}: equity by {self.next_street} card\n{self.street} {self.board}: "
            f"{self.equity[player]:.1%} (exact)",
            label=f"change of the equity of {name} (percentage points)",
            notes=notes,
        )


def _table(rows: Sequence[Sequence[str]], headers: Sequence[str]) -> str:
    """An aligned plain-text table: the first column left-aligned, the rest right."""
    cells = [list(headers), *map(list, rows)]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]

    def fmt(row: Sequence[str]) -> str:
        return "  ".join(
            c.ljust(w) if i == 0 else c.rjust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()

    return "\n".join([fmt(cells[0]), fmt(["-" * w for w in widths]), *map(fmt, cells[1:])])


def _as_given(hand: object) -> object:
    """The hand as :func:`equity.calculate` takes it: a random hand is the range ``100%``."""
    if isinstance(hand, str) and hand.strip().lower() in _RANDOM_WORDS:
        return "100%"
    return hand


def _combos_of(hand: object, deck: int) -> tuple[bool, np.ndarray]:
    """Whether ``hand`` is a range (not known cards), and the masks of its combos (weight above
    0, cards in ``deck``)."""
    if isinstance(hand, Range):
        r = hand
    else:
        text = str(hand).strip()
        try:
            cards = parse_cards(text)
        except ValueError:
            cards = None
        if cards is not None:
            return False, np.array([card_mask(cards)], dtype=np.uint64)
        r = parse_range("100%" if text.lower() in _RANDOM_WORDS else text)
    combos = np.asarray(r.combos, dtype=np.uint64).reshape(-1, 2)
    masks = (np.uint64(1) << combos[:, 0]) | (np.uint64(1) << combos[:, 1])
    keep = (np.asarray(r.weights) > 0) & ((masks & ~np.uint64(deck)) == 0)
    return True, masks[keep]


def range_streets(
    hands: Sequence[object],
    board: object,
    dead: object = "",
    *,
    game: str = "holdem",
    rules: Any = None,
    threads: int | None = None,
) -> RangeStreetsResult:
    """Exact equity of ranges on the flop (or turn), then after every possible next card.

    Parameters
    ----------
    hands : sequence
        At least two players: hold'em ranges (``"QQ+,AKs"``, a
        :class:`~equity.ranges.Range`), known hands (``"AhKd"``, a range of one
        combo) or ``"random"`` (the range ``100%``).
    board : str or cards
        The flop (the next card is the turn) or the turn (the next card is
        the river).
    dead : str or cards
        Cards out of play (never dealt next).
    game : str
        ``"holdem"`` or ``"shortdeck"`` (the games with hold'em ranges).
    rules : optional
        The game's house rules, as in :func:`equity.calculate`.
    threads : int, optional
        Threads of each enumeration, as in :func:`equity.calculate`; the
        figures do not depend on it.  By default all of them, or one when a
        card leaves few deals to enumerate (small ranges: waking the threads
        for each card would cost more).

    Returns
    -------
    RangeStreetsResult
        The equity now and after each next card, the card that moves the
        equity most first (:meth:`RangeStreetsResult.to_frame`).

    Examples
    --------
    >>> s = range_streets(["QQ+,AKs", "JJ,AQs"], "Js7s2c")
    >>> s.street, len(s.next_cards), round(float(s.equity[0]), 4)
    ('flop', 49, 0.4334)
    >>> s.next_cards[:3], s.change[0].round(4).tolist()
    (('Jh', 'Jd', 'Ah'), [0.2143, -0.2143])
    >>> bool(abs(s.mean_equity()[0] - s.equity[0]) < 1e-12)
    True
    """
    start = Stopwatch()  # the time taken, compiling apart
    g = get_game(game)
    if not g.ranges or not g.has_board:
        raise ValueError(
            f"streets takes ranges in hold'em and short deck only; in {g.name} give known "
            "hands such as 'AsKs' (one argument per player)"
        )
    if isinstance(hands, str) or len(hands) < 2:
        count = 1 if isinstance(hands, str) else len(hands)
        raise ValueError(f"streets needs at least 2 ranges or hands, got {count}")
    board_cards = parse_cards(board)  # type: ignore[arg-type]
    dead_cards = parse_cards(dead)  # type: ignore[arg-type]
    missing = g.board_total - len(board_cards)
    if missing not in (1, 2):
        raise ValueError(
            f"streets needs a flop (3 cards) or a turn (4 cards), got {len(board_cards)} "
            "board cards"
        )
    street, next_street = _STREETS[missing]
    given = [_as_given(h) for h in hands]

    def exact(cards: list[int], threads: int | None) -> Any:
        return calculate(
            given, cards, dead_cards, game=g.name, method="exact", rules=rules, threads=threads
        )

    now = exact(board_cards, threads)  # validates the hands, board and dead cards
    players = [_combos_of(h, card_mask(list(g.deck))) for h in hands]
    used = card_mask([*board_cards, *dead_cards])
    known = [int(m[0]) if len(m) == 1 and not ranged else 0 for ranged, m in players]
    fixed = used
    for m in known:
        fixed |= m

    others = [fixed & ~k for k in known]  # board, dead and the other players' known cards

    def left(taken: int) -> list[int]:
        """Each player's combos clear of the cards ``taken`` and of ``others``."""
        return [
            int(((m & np.uint64(taken | others[p])) == 0).sum()) for p, (_, m) in enumerate(players)
        ]

    candidates = sorted((c for c in g.deck if not fixed >> c & 1), reverse=True)
    per_card = now.samples * missing / max(1, len(candidates))  # each board has `missing` cards
    each = 1 if threads is None and per_card < _SERIAL_DEALS else threads
    cards, equities, combos, deals, no_deal = [], [], [], [], []
    for c in candidates:
        counts = left(used | 1 << c)
        result = None
        if min(counts) > 0:
            try:
                result = exact([*board_cards, c], each)
            except ValueError:  # the ranges conflict once the card is dealt: no deal
                result = None
        if result is None:
            no_deal.append(format_card(c))
            continue
        cards.append(format_card(c))
        equities.append(result.equity)
        combos.append(counts)
        deals.append(result.weight_total)
    n = len(players)
    next_equity = np.array(equities, dtype=float).reshape(len(cards), n)
    change = np.abs(next_equity - now.equity[None, :]).max(axis=1, initial=0.0)
    order = np.argsort(-np.round(change, 12), kind="stable")
    elapsed_s, compile_s = start.split()
    return RangeStreetsResult(
        game=g.name,
        ranges=tuple(now.hands),
        board=now.board,
        dead=now.dead,
        street=street,
        next_street=next_street,
        equity=np.asarray(now.equity, dtype=float),
        combos=np.array(left(used)),
        deals=float(now.weight_total),
        next_cards=tuple(cards[i] for i in order),
        next_equity=next_equity[order],
        next_combos=np.array(combos, dtype=np.int64).reshape(len(cards), n)[order],
        next_deals=np.array(deals, dtype=float)[order],
        no_deal=tuple(no_deal),
        elapsed_s=elapsed_s,
        compile_s=compile_s,
        rules=rules,
    )
