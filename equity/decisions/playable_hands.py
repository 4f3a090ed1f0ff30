"""Which hands are playable: every hand whose exact equity against a range reaches what it needs.

ProPokerTools' *Playable Hands* and Equilab's reverse search: given the
range an opponent is all in with and the equity a call needs (``need``, or
the pot odds ``call / (pot + call)``), list every hand that has at least that
much equity against the range, as a range in PokerStove syntax and a table
sorted by equity.

**What a hand is.**  Preflop, a hand class (``AKs``: hold'em's 169, short
deck's 81); its equity is that of ``equity.calculate([CLASS, RANGE])``: every
combo of the class against every combo of the range that does not share a
card with it (each with its range weight), every board.  On a board (flop,
turn or river), every combo: its equity against the range's combos that do
not touch it or the board, over every runout.

**Exact, always.**  Every figure is enumerated; nothing is sampled.  The
method that answered is recorded (:attr:`PlayableResult.method`):

* ``"preflop table"``: hold'em preflop against a range that weighs every
  combo of a class alike (``QQ+,AKs@50``), with no dead card: the shipped
  169x169 counts (:func:`equity.preflop_table.load_preflop_table`: every
  non-conflicting combo pair, every board) summed over the range's classes,
  each times its weight.  A few milliseconds.
* ``"suit patterns"``: a range with per-combo weights (``AsAh,KK@50``), or short
  deck preflop: every (hero combo, range combo) pair is reduced to its suit
  pattern (the two hands up to a permutation of the suits, which leaves every
  count unchanged), and each distinct pattern is enumerated once: read from
  the shipped hold'em pattern counts
  (:func:`equity.engine.preflop_lookup.lookup`), or enumerated over all
  C(32, 5) short-deck boards by :func:`equity.engine.calculate_many`.  Short
  deck against ``random`` is every pattern of the game, each pattern and its
  mirror enumerated once: seconds.
* ``"runouts"``: on a board against a range of more than :data:`RUNOUTS_FROM`
  combos, every runout scored once per combo and each combo's sums read from
  sorted values (:mod:`equity.decisions.playable_runouts`); a hold'em flop
  against ``random`` is 1.4 million evaluations: about 1 s on two busy cores, where
  the engine's pair-by-pair run takes about 6 s.
* ``"engine"``: on a board against a narrower range, one exact run of
  ``calculate(["100%", RANGE], board)`` gives every combo's equity
  (:attr:`equity.EquityResult.combo_results`).  Preflop with dead
  cards, one exact run per class (:func:`~equity.engine.calculate_many`), when
  its estimated work is at most
  :data:`~equity.decisions.playable_equities.MAX_ENGINE_WORK` hand evaluations;
  beyond, a ``ValueError`` gives the estimate rather than sampling.

A hand is playable when its equity is at least ``need`` (within
:data:`NEED_TOLERANCE`, so an equity equal to the need up to float rounding
counts).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from ..cards import format_cards, parse_cards
from ..games import GAMES
from ..games import game as get_game
from ..ranges import ALL_COMBOS, CLASSES, N_COMBOS, Range, combo_index, parse_range
from ..ranges.canonical import format_dense
from ..ranges.classes import CLASS_MEMBERS
from .call import break_even
from .playable_equities import (
    by_engine,
    by_patterns,
    by_table,
    class_uniform,
    game_classes,
    on_board,
)
from .playable_runouts import by_runouts

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "NEED_TOLERANCE",
    "PLAYABLE_GAMES",
    "RUNOUTS_FROM",
    "PlayableResult",
    "parse_need",
    "playable",
]

PLAYABLE_GAMES = tuple(name for name, g in GAMES.items() if g.ranges)
"""The games :func:`playable` answers: those of hold'em ranges (hold'em and short deck)."""
NEED_TOLERANCE = 1e-12
"""A hand is playable when ``equity >= need - NEED_TOLERANCE`` (float rounding, not a margin)."""
RUNOUTS_FROM = 64
"""On a board, ranges of more combos than this are summed runout by runout (about 1 s on a
hold'em flop, whatever the range, on two cores at load 9); narrower ones take one engine run
(its cost grows with the range: about 0.15 s for 22 combos on a flop)."""


def parse_need(need: object) -> float:
    """The equity a hand needs, as a share of the pot in [0, 1].

    A number in [0, 1] (``0.45``) or a percentage (``"45%"``, between 0% and 100%).

    Examples
    --------
    >>> parse_need("45%"), parse_need(0.45), parse_need("0.25")
    (0.45, 0.45, 0.25)
    >>> parse_need("45")
    Traceback (most recent call last):
    ...
    ValueError: the need '45' is outside 0-100%: write a share (0.45) or a percentage (45%)
    """
    text = str(need).strip() if isinstance(need, str) else None
    try:
        if text is not None and text.endswith("%"):
            value = float(text[:-1]) / 100
        elif isinstance(need, bool):
            raise TypeError
        else:
            value = float(need)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise ValueError(f"the need {need!r} is not an equity such as 45% or 0.45") from None
    if not (math.isfinite(value) and 0.0 <= value <= 1.0):
        raise ValueError(
            f"the need {need!r} is outside 0-100%: write a share (0.45) or a percentage (45%)"
        )
    return value


@dataclass(frozen=True)
class PlayableResult:
    """The hands whose exact equity against a range is at least what they need.

    ``range`` is the playable hands in PokerStove syntax; ``table`` lists them
    strongest first (``hand``: a class preflop, a combo on a board;
    ``equity``; ``combos``: the combos it stands for), and ``hands`` every hand
    with a ``playable`` column.  Every equity is exact (:attr:`exact`).

    Examples
    --------
    >>> r = playable("QQ+", need=0.5)
    >>> r.range, r.method, r.exact
    ('AA', 'preflop table', True)
    >>> r.table.round(4).to_dict("list")  # KK has 49.99%
    {'hand': ['AA'], 'equity': [0.793], 'combos': [6]}
    """

    range: str
    """The playable hands as range text (:func:`equity.ranges.canonical.format_dense`)."""
    table: pd.DataFrame = field(repr=False)
    """The playable hands, strongest first: ``hand``, ``equity``, ``combos``."""
    hands: pd.DataFrame = field(repr=False)
    """Every hand, strongest first: ``hand``, ``equity``, ``combos``, ``playable``."""
    need: float
    """The equity a hand needs (a share of the pot)."""
    villain: str
    """The range the hands are up against, as given."""
    board: str
    dead: str
    game: str
    method: str
    """``"preflop table"``, ``"suit patterns"``, ``"runouts"`` or ``"engine"`` (the module doc)."""
    elapsed_s: float
    pot: float | None = None
    """The pot before the call, when ``need`` came from the pot odds."""
    call: float | None = None
    """The call, when ``need`` came from the pot odds."""
    exact: bool = True
    """Every equity is enumerated: always True."""

    @property
    def combos(self) -> int:
        """Combos of the playable hands."""
        return int(self.table["combos"].sum())

    @property
    def fraction(self) -> float:
        """Share of all the hands' combos that are playable."""
        total = int(self.hands["combos"].sum())
        return self.combos / total if total else 0.0

    def to_dict(self) -> dict[str, Any]:
        """Plain data: the ``equity playable --json`` object."""
        return {
            "villain": self.villain,
            "game": self.game,
            "board": self.board,
            "dead": self.dead,
            "need": self.need,
            "pot": self.pot,
            "call": self.call,
            "exact": self.exact,
            "method": self.method,
            "elapsed_s": round(self.elapsed_s, 6),
            "playable": self.range,
            "combos": self.combos,
            "fraction": self.fraction,
            "hands": [
                {"hand": h, "equity": float(e), "combos": int(c)}
                for h, e, c in zip(
                    self.table["hand"], self.table["equity"], self.table["combos"], strict=True
                )
            ],
        }

    def text(self) -> str:
        """The readable answer of ``equity playable``."""
        where = f", board {self.board}" if self.board else " preflop"
        where += f", dead {self.dead}" if self.dead else ""
        why = (
            f" (the pot odds {self.call:,.6g} / ({self.pot:,.6g} + {self.call:,.6g}))"
            if self.pot is not None and self.call is not None
            else ""
        )
        dealt = int(self.hands["combos"].sum())
        size = f"{self.combos:,} of the {dealt:,} combos dealt ({self.fraction:.2%})"
        if not self.board:
            size = f"{len(self.table)} of {len(self.hands)} classes, " + size
        lines = [
            f"{self.game}{where}: the hands with at least {self.need:.4%} equity{why} against "
            f"{self.villain}",
            f"playable: {self.range or '(none)'}",
            size,
        ]
        if len(self.table):
            width = max(4, *(len(h) for h in self.table["hand"]))
            lines.append(f"{'hand':<{width}}    equity  combos")
            lines.extend(
                f"{h:<{width}}  {e:>8.4%}  {int(c):>6}"
                for h, e, c in zip(
                    self.table["hand"], self.table["equity"], self.table["combos"], strict=True
                )
            )
        lines.append(
            f"figures are exact (every board enumerated; {self.method}, {self.elapsed_s:.2f} s)"
        )
        return "\n".join(lines)

    def __repr__(self) -> str:
        """One line: the need, the playable range (cut at 60 characters) and its size."""
        text = self.range or "(none)"
        text = text if len(text) <= 60 else text[:57] + "..."
        return (
            f"PlayableResult({self.game}, need {self.need:.2%} against {self.villain!r}: "
            f"{text}, {self.combos} combos, exact)"
        )

    def _repr_html_(self) -> str:
        from ..results import html_table

        head = f"<p>{self.game}: need {self.need:.2%}, playable <code>{self.range}</code></p>"
        return head + html_table(self.table, ["equity"])


# --------------------------------------------------------------------------------------
# input


def _need_from(need: object, pot: object, call: object) -> float:
    """The need from ``need`` or from ``pot`` and ``call`` (exactly one of the two forms)."""
    odds = pot is not None or call is not None
    if need is not None and odds:
        raise ValueError("give the need or the pot and the call, not both")
    if need is None and not odds:
        raise ValueError("give the equity a hand needs (need=0.45) or the pot and the call")
    if need is not None:
        return parse_need(need)
    if pot is None or call is None:
        missing = "pot" if pot is None else "call"
        raise ValueError(f"the pot odds need the {missing} too")
    return break_even(pot, call)  # type: ignore[arg-type]


def _cards(cards: object, what: str) -> list[int]:
    if cards is None or cards == "":
        return []
    try:
        return parse_cards(cards)  # type: ignore[arg-type]
    except ValueError as exc:
        raise ValueError(f"the {what} {cards!r}: {exc}") from None


def _villain(villain: object, board: list[int], dead: list[int], lowest_rank: int) -> Range:
    """The range with its combos outside the deck or touching the board or dead cards removed."""
    if isinstance(villain, Range):
        r = villain
    elif isinstance(villain, str):
        r = parse_range(villain)
    else:
        raise ValueError(f"the range {villain!r} is not range text such as 'QQ+,AKs'")
    dense = r.dense.copy()
    dense[(ALL_COMBOS >> 2).min(axis=1) < lowest_rank] = 0.0
    used = np.zeros(52, dtype=bool)
    used[board + dead] = True
    dense[used[ALL_COMBOS[:, 0]] | used[ALL_COMBOS[:, 1]]] = 0.0
    if not np.any(dense > 0):
        raise ValueError(
            f"the range {r.text!r} has no combo left in the deck once the board and dead cards "
            "are out"
        )
    return Range._from_dense(dense)


# --------------------------------------------------------------------------------------
# the answer


def _frame(hands: list[str], equities: np.ndarray, combos: np.ndarray, need: float) -> Any:
    """Every hand strongest first (ties in the order given), with a ``playable`` column."""
    import pandas as pd

    order = np.argsort(-equities, kind="stable")
    frame = pd.DataFrame(
        {
            "hand": [hands[i] for i in order],
            "equity": equities[order],
            "combos": combos[order].astype(np.int64),
            "playable": equities[order] >= need - NEED_TOLERANCE,
        }
    )
    return frame


def playable(
    range: object,
    board: object = None,
    need: object = None,
    pot: float | None = None,
    call: float | None = None,
    game: str = "holdem",
    dead: object = None,
) -> PlayableResult:
    """Every hand whose exact equity against ``range`` is at least what a call needs.

    Parameters
    ----------
    range : str or Range
        The opponent's range (``"QQ+,AKs,AhKd@50"``).
    board : str or cards, optional
        Community cards (3, 4 or 5): every combo is a hand.  Without a board,
        every preflop class is.
    need : float or str, optional
        The equity a hand needs: a share of the pot (``0.45``) or a percentage
        (``"45%"``).  Give ``need`` or ``pot`` and ``call``.
    pot, call : float, optional
        The pot before the call (the bet included) and the call: the need is
        then the break-even equity ``call / (pot + call)``.
    game : str
        A game of hold'em ranges, :data:`PLAYABLE_GAMES`: ``"holdem"`` or ``"shortdeck"``.
    dead : str or cards, optional
        Cards out of play.

    Returns
    -------
    PlayableResult
        ``range`` (the playable hands as text), ``table`` (them, strongest
        first), ``hands`` (every hand), ``need``, ``exact`` (True) and the
        ``method`` that answered.

    Examples
    --------
    >>> r = playable("JJ+,AQs+,AKo", pot=150, call=100)  # 100 to call into 150: needs 40%
    >>> r.need, r.range
    (0.4, 'QQ+,AK')
    >>> playable("QQ+", need=0.8).range
    ''
    >>> r = playable("AA,KK", board="Kh7c2d", need=0.9)  # sets of kings, and more
    >>> r.method, r.table["hand"].tolist()[:3]
    ('engine', ['KsKd', 'KsKc', 'KdKc'])
    """
    start = time.perf_counter()
    needed = _need_from(need, pot, call)
    if game not in PLAYABLE_GAMES:
        raise ValueError(
            f"playable hands are for {' and '.join(PLAYABLE_GAMES)}, not the game {game!r}"
        )
    lowest = get_game(game).lowest_rank
    board_cards, dead_cards = _cards(board, "board"), _cards(dead, "dead cards")
    if len(board_cards) not in (0, 3, 4, 5):
        raise ValueError(f"the board {board!r} has {len(board_cards)} cards: give 0, 3, 4 or 5")
    seen = board_cards + dead_cards
    if len(set(seen)) != len(seen):
        raise ValueError("a card is both on the board and dead, or given twice")
    outside = [c for c in seen if c >> 2 < lowest]
    if outside:
        raise ValueError(f"{format_cards(outside)}: not in the {game} deck (sixes to aces)")
    villain = _villain(range, board_cards, dead_cards, lowest)
    given = range.text if isinstance(range, Range) else str(range)
    dense_hero = np.zeros(N_COMBOS)
    if board_cards:
        if villain.n_combos > RUNOUTS_FROM:
            method = "runouts"
            names, equities, combos = by_runouts(villain.dense, board_cards, dead_cards, game)
        else:
            method = "engine"
            names, equities, combos = on_board(villain, board_cards, dead_cards, game)
        frame = _frame(names, equities, combos, needed)
        for n, ok in zip(frame["hand"], frame["playable"], strict=True):
            if ok:
                dense_hero[_combo_index(n)] = 1.0
    else:
        classes = game_classes(lowest)
        dense = villain.dense
        if dead_cards:
            method = "engine"
            per_class = by_engine(villain, classes, dead_cards, game)
        elif get_game(game).preflop_table and class_uniform(dense):
            method = "preflop table"
            per_class = by_table(dense)
        else:
            method = "suit patterns"
            per_class = by_patterns(dense, classes, game)
        live = [k for k in classes if not np.isnan(per_class[k])]
        used = np.zeros(52, dtype=bool)
        used[dead_cards] = True
        sizes = np.array(
            [int((~used[ALL_COMBOS[CLASS_MEMBERS[k]]].any(axis=1)).sum()) for k in live]
        )
        frame = _frame([CLASSES[k] for k in live], per_class[live], sizes, needed)
        for label, ok in zip(frame["hand"], frame["playable"], strict=True):
            if ok:
                members = CLASS_MEMBERS[CLASSES.index(label)]
                dense_hero[members[~used[ALL_COMBOS[members]].any(axis=1)]] = 1.0
    table = frame[frame["playable"]].drop(columns="playable").reset_index(drop=True)
    return PlayableResult(
        range=format_dense(dense_hero),
        table=table,
        hands=frame,
        need=needed,
        villain=given,
        board=format_cards(board_cards),
        dead=format_cards(dead_cards),
        game=game,
        method=method,
        elapsed_s=time.perf_counter() - start,
        pot=None if pot is None else float(pot),
        call=None if call is None else float(call),
    )


def _combo_index(name: str) -> int:
    a, b = parse_cards(name)
    return combo_index(a, b)
