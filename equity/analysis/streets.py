"""Street by street: exact equity now, then after each possible next card.

This module takes known hands; :mod:`equity.analysis.streets_ranges` takes
ranges (``equity streets`` runs either).

:func:`streets` takes known hands and a flop (or a turn) and enumerates
exactly: each player's equity on the current street, then for every card
that can come next (every turn card on a flop, every river card on a turn)
each player's equity with that card added.  The next cards are the game's
deck (52 cards; 36 in short deck) less the board, the dead cards and the
hole cards.  Every one of them is equally likely, so the plain average of
the next-card equities is the current street's equity, exactly.

Outs
----
A next card is an *out* (an out to win, what players call an out) for a
player when, with the card, the player is the favourite (their equity is
strictly higher than every other player's) and on the current street they
are not.  On a turn the next card is the river, so there an out is a river
after which the player wins the pot outright, having not been the favourite
on the turn (in hi-lo games: takes the biggest share of the pot).  The
favourite on the current street therefore has no outs.

A next card *raises the equity* of a player when their equity with the card
is strictly higher than on the current street.  They are counted apart from
the outs: for the favourite they are mostly blanks (a card that helps no one
brings the hand a street closer to winning), never outs; for a hand behind
they are its outs and the cards that add to its draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from ..cards import CardsLike, format_card, format_cards, parse_cards
from ..control import Stopwatch
from ..engine import calculate
from ..games import game as get_game
from ..results import EquityResult

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

__all__ = ["OUTS_DEFINITIONS", "StreetsResult", "streets"]

OUTS_DEFINITIONS = (__doc__ or "").split("Outs\n----\n")[1].strip()
"""The definitions of the outs (the module docstring's "Outs" section), for ``--help``."""

_STREETS = {2: ("flop", "turn"), 1: ("turn", "river")}
"""Board cards still to come -> (the current street, the street of the next card)."""

_INSTALL_HINT = "plotting needs matplotlib: pip install equity[plot]"


@dataclass(frozen=True)
class StreetsResult:
    """Exact equity on the current street and after each possible next card.

    ``equity[p]`` is player p's share of the pot on the current street,
    ``next_equity[i, p]`` the same once ``next_cards[i]`` is dealt.  The raw
    counts give the figures as exact fractions: ``equity[p] == sum over k of
    counts[p, k] / k / denominator`` (``counts[p, k]``: deals in which p
    shares the best hand with k players, hi-lo counting half-pots), and
    likewise ``next_counts[i]`` over ``next_denominator`` for each next card.
    """

    game: str
    hands: tuple[str, ...]
    board: str
    dead: str
    street: str
    """The current street: ``"flop"`` or ``"turn"``."""
    next_street: str
    """The street of the next card: ``"turn"`` or ``"river"``."""
    equity: np.ndarray
    next_cards: tuple[str, ...]
    """Every card that can come next, strongest rank first (As, Ah, Ad, Ac, Ks ...)."""
    next_equity: np.ndarray
    counts: np.ndarray
    denominator: int
    next_counts: np.ndarray
    next_denominator: int
    elapsed_s: float = 0.0
    """Seconds the enumerations took, compiling excluded (:attr:`compile_s`)."""
    rules: Any = None
    compile_s: float = 0.0
    """Seconds spent compiling kernels (a cold Numba cache)."""

    @property
    def n_players(self) -> int:
        """Number of players."""
        return len(self.hands)

    def exact_equity(self) -> tuple[Fraction, ...]:
        """Each player's equity on the current street as an exact fraction."""
        return _fractions(self.counts, self.denominator)

    def exact_next_equity(self) -> tuple[tuple[Fraction, ...], ...]:
        """``[i][p]``: player p's equity after ``next_cards[i]`` as an exact fraction."""
        return tuple(_fractions(c, self.next_denominator) for c in self.next_counts)

    def favourite(self) -> int | None:
        """The player whose current equity is strictly the highest, or None (a tie)."""
        return _favourite(self.exact_equity())

    def next_favourites(self) -> tuple[int | None, ...]:
        """The favourite after each next card (None where the top equity is shared)."""
        return tuple(_favourite(shares) for shares in self.exact_next_equity())

    def outs(self) -> list[dict[str, tuple[str, ...]]]:
        """Per player, the next cards that are outs (``"to_win"``) and those that
        raise their equity (``"raise_equity"``).

        See the module docstring for the definitions: ``"to_win"`` lists the
        outs, the cards after which the player is the favourite (on the river:
        wins outright) when they are not now; ``"raise_equity"`` the cards
        after which the player's equity is strictly higher than now (for the
        favourite mostly blanks, which are not outs).
        """
        now = self.exact_equity()
        after = self.exact_next_equity()
        leader = _favourite(now)
        favourites = self.next_favourites()
        out = []
        for p in range(self.n_players):
            up = tuple(c for c, s in zip(self.next_cards, after, strict=True) if s[p] > now[p])
            win = tuple(
                c
                for c, f in zip(self.next_cards, favourites, strict=True)
                if f == p and leader != p
            )
            out.append({"to_win": win, "raise_equity": up})
        return out

    def to_frame(self) -> pd.DataFrame:
        """One row per next card: each hand's equity (a column per hand) and the favourite."""
        import pandas as pd

        frame = pd.DataFrame(
            self.next_equity,
            index=pd.Index(list(self.next_cards), name=f"{self.next_street} card"),
            columns=list(self.hands),
        )
        frame["favourite"] = ["" if f is None else self.hands[f] for f in self.next_favourites()]
        frame.attrs.update(
            game=self.game,
            board=self.board,
            street=self.street,
            equity=dict(zip(self.hands, map(float, self.equity), strict=True)),
            method="exact",
        )
        return frame

    def to_dict(self) -> dict[str, Any]:
        """Plain data; the ``equity streets --json`` object."""
        return {
            "game": self.game,
            "method": "exact",
            "hands": list(self.hands),
            "board": self.board,
            "dead": self.dead,
            "street": self.street,
            "next_street": self.next_street,
            "equity": [float(x) for x in self.equity],
            "next_card": {
                card: [float(x) for x in row]
                for card, row in zip(self.next_cards, self.next_equity, strict=True)
            },
            "outs": [
                {
                    "hand": hand,
                    "to_win": list(o["to_win"]),
                    "raise_equity": list(o["raise_equity"]),
                }
                for hand, o in zip(self.hands, self.outs(), strict=True)
            ],
            "elapsed_s": round(float(self.elapsed_s), 6),
            "compile_s": round(float(self.compile_s), 6),
        }

    def describe_outs(self) -> list[str]:
        """One line per player: ``"AhKd: 3 outs to win, 6 cards raise its equity (outs: ...)"``."""
        lines = []
        leader = self.favourite()
        for p, o in enumerate(self.outs()):
            up, win = o["raise_equity"], o["to_win"]
            line = f"{self.hands[p]}: {len(win)} outs to win"
            if p == leader:
                line += f" as the {self.street} favourite"
            line += f", {len(up)} {'card raises' if len(up) == 1 else 'cards raise'} its equity"
            rest = [c for c in up if c not in win]
            lists = [f"outs: {' '.join(win)}"] if win else []
            if rest:
                lists.append(f"equity up, not outs: {' '.join(rest)}")
            lines.append(line + (f" ({'; '.join(lists)})" if lists else ""))
        return lines

    def __repr__(self) -> str:
        """One line: the street, each player's equity (``str()`` has every next card)."""
        shares = ", ".join(f"{h} {self.equity[p]:.4%}" for p, h in enumerate(self.hands))
        return (
            f"StreetsResult({self.game} {self.street} {self.board}, "
            f"{len(self.next_cards)} {self.next_street} cards: {shares})"
        )

    def __str__(self) -> str:
        where = f", dead {self.dead}" if self.dead else ""
        n_next = len(self.next_cards)
        lines = [
            f"{self.game}, {self.street} {self.board}{where}: exact equity, then after each of "
            f"the {n_next} {self.next_street} cards (all equally likely; their average is the "
            f"{self.street} equity)",
            *(f"  {hand}  {self.equity[p]:.4%}" for p, hand in enumerate(self.hands)),
            *self.describe_outs(),
            "",
        ]
        outs = self.outs()
        rows = []
        for i, card in enumerate(self.next_cards):
            helps = [
                hand + ("*" if card in outs[p]["to_win"] else "")
                for p, hand in enumerate(self.hands)
                if card in outs[p]["raise_equity"]
            ]
            rows.append([card, *(f"{x:.2%}" for x in self.next_equity[i]), " ".join(helps)])
        lines.append(_table(rows, [self.next_street, *self.hands, "equity up (* = out)"]))
        return "\n".join(lines)

    def plot(self, ax: Axes | None = None) -> Axes:
        """Draw each hand's equity against the next card, the current equity dashed.

        Returns the :class:`~matplotlib.axes.Axes` (a new figure when ``ax``
        is omitted).
        """
        try:
            import matplotlib.pyplot as plt
            from matplotlib import colormaps
        except ImportError as err:  # pragma: no cover - matplotlib is an extra
            raise ImportError(_INSTALL_HINT) from err
        if ax is None:
            _, ax = plt.subplots(figsize=(max(8.0, 0.22 * len(self.next_cards)), 4.5))
        x = np.arange(len(self.next_cards))
        cmap = colormaps["tab10"]
        for p, hand in enumerate(self.hands):
            color = cmap(p % 10)
            ax.plot(
                x,
                self.next_equity[:, p],
                marker="o",
                markersize=3.5,
                linewidth=0.8,
                color=color,
                label=f"{hand} ({self.street} {self.equity[p]:.1%})",
            )
            ax.axhline(float(self.equity[p]), color=color, linestyle="--", linewidth=0.8)
        ax.set_xticks(x, list(self.next_cards), rotation=90, fontsize=7)
        ax.set_xlim(-0.5, len(x) - 0.5)
        ax.set_ylim(0.0, 1.0)
        ax.set_xlabel(f"{self.next_street} card")
        ax.set_ylabel("equity (share of the pot)")
        ax.set_title(
            f"{self.game}: equity by {self.next_street} card, {self.street} {self.board} "
            f"(exact; dashed: {self.street} equity)"
        )
        ax.legend(loc="best", fontsize=8)
        ax.grid(axis="y", alpha=0.3)
        return ax


def _fractions(counts: np.ndarray, denominator: int) -> tuple[Fraction, ...]:
    """Exact shares of the pot from ``counts[p, k]`` over ``denominator`` deals."""
    return tuple(
        sum(
            (Fraction(int(row[k]), k) for k in range(1, len(row)) if row[k]),
            Fraction(0),
        )
        / denominator
        for row in counts
    )


def _favourite(shares: Sequence[Fraction]) -> int | None:
    """The index of the strictly highest share, or None when it is shared."""
    top = max(shares)
    leaders = [p for p, s in enumerate(shares) if s == top]
    return leaders[0] if len(leaders) == 1 else None


def _table(rows: Sequence[Sequence[str]], headers: Sequence[str]) -> str:
    """An aligned plain-text table: the first column left-aligned, the rest right."""
    cells = [list(headers), *map(list, rows)]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    last = len(headers) - 1

    def fmt(row: list[str]) -> str:
        return "  ".join(
            c.ljust(w) if i in (0, last) else c.rjust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()

    return "\n".join([fmt(cells[0]), "  ".join("-" * w for w in widths), *map(fmt, cells[1:])])


def _known_hand(hand: object) -> list[int]:
    """The cards of a known hand, or a ``ValueError`` (ranges and random hands are refused)."""
    try:
        return parse_cards(hand)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise ValueError(
            f"hand {hand!r} is not known cards: streets takes specific hands such as 'AhKd' "
            "(range_streets takes ranges)"
        ) from None


def streets(
    hands: Sequence[CardsLike],
    board: CardsLike,
    dead: CardsLike = "",
    *,
    game: str = "holdem",
    rules: Any = None,
) -> StreetsResult:
    """Exact equity on the flop (or turn), then after every possible next card.

    Parameters
    ----------
    hands : sequence
        At least two known hands (``"AhKd"``, card codes), one per player:
        two hole cards in hold'em and short deck, four to six in Omaha.
    board : str or cards
        The flop (3 cards: the next card is the turn) or the turn (4 cards:
        the next card is the river).
    dead : str or cards
        Cards out of play (never dealt next).
    game : str
        A game of :data:`equity.games.GAMES` with a flop, turn and river:
        hold'em, short deck (36 cards) or an Omaha game.
    rules : optional
        The game's house rules, as in :func:`equity.calculate`.

    Returns
    -------
    StreetsResult
        The current equity, the equity after each next card, and the outs
        (:meth:`StreetsResult.outs`; defined in :mod:`equity.analysis.streets`).

    Examples
    --------
    >>> s = streets(["AsKs", "QhQd"], "Qs7s2c")
    >>> s.street, len(s.next_cards), round(float(s.equity[0]), 4)
    ('flop', 45, 0.2556)
    >>> s.next_equity.mean(axis=0).round(4).tolist()
    [0.2556, 0.7444]
    >>> [len(o["raise_equity"]) for o in s.outs()]
    [8, 37]
    >>> s.outs()[0]["to_win"]
    ('Js', 'Ts', '9s', '8s', '6s', '5s', '4s', '3s')
    >>> streets(["AsKs", "QhQd"], "Qs7s2c4d").describe_outs()[0]
    'AsKs: 7 outs to win, 7 cards raise its equity (outs: Js Ts 9s 8s 6s 5s 3s)'
    """
    start = Stopwatch()  # the time taken, compiling apart
    g = get_game(game)
    if not g.has_board:
        raise ValueError(f"{g.name} has no board, so it has no streets")
    if isinstance(hands, str) or len(hands) < 2:
        count = 1 if isinstance(hands, str) else len(hands)
        raise ValueError(f"streets needs at least 2 known hands, got {count}")
    holes = [_known_hand(h) for h in hands]
    board_cards = parse_cards(board)
    dead_cards = parse_cards(dead)
    missing = g.board_total - len(board_cards)
    if missing == 0:
        raise ValueError(
            f"a river board ({len(board_cards)} cards) has no next card: give a flop or a turn"
        )
    if missing not in (1, 2):
        raise ValueError(
            f"streets needs a flop (3 cards) or a turn (4 cards), got {len(board_cards)} "
            "board cards"
        )
    street, next_street = _STREETS[missing]
    labels = [format_cards(h) for h in holes]
    now = _exact(labels, board_cards, dead_cards, g.name, rules)
    used = set(board_cards) | set(dead_cards) | {c for h in holes for c in h}
    unseen = sorted((c for c in g.deck if c not in used), reverse=True)
    after = [_exact(labels, [*board_cards, c], dead_cards, g.name, rules) for c in unseen]
    units = 2 if g.hilo else 1
    elapsed_s, compile_s = start.split()
    return StreetsResult(
        game=g.name,
        hands=now.hands,
        board=now.board,
        dead=now.dead,
        street=street,
        next_street=next_street,
        equity=now.equity,
        next_cards=tuple(format_card(c) for c in unseen),
        next_equity=np.array([r.equity for r in after], dtype=float).reshape(
            len(after), len(labels)
        ),
        counts=now.counts,
        denominator=units * round(now.weight_total),
        next_counts=np.array([r.counts for r in after], dtype=np.int64),
        next_denominator=units * round(after[0].weight_total) if after else 1,
        elapsed_s=elapsed_s,
        compile_s=compile_s,
        rules=rules,
    )


def _exact(
    labels: Sequence[str], board: Sequence[int], dead: Sequence[int], game: str, rules: Any
) -> EquityResult:
    """The exact equity of known hands on ``board`` (validates the deal; whole deal counts)."""
    return calculate(list(labels), board, dead, game=game, method="exact", rules=rules)
