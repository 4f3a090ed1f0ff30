"""Range hits on a board (Flopzilla's table): how much of a range makes each hand and draw.

:func:`hits` classifies every combo of a hold'em range that shares no card
with the board or the dead cards, and adds up the combos (and their range
weights) in each class.  A combo counts in every class it belongs to (a set
with a flush draw is in both), so the shares of the draws, and of the
sub-classes, do not sum to one; the made hands (without their sub-classes
and the board-plays flag) do: each combo has exactly one.  Over several
boards (or every flop) the figures are averages per board, each board
weighted by the number of flops it stands for, and a share is the class's
weight over the range's weight, summed over the boards: the chance that a
combo dealt from the range, then a board dealt from the rest, is in the
class.  Hold'em only (short deck's straights and hand order differ).

Classes
-------
Ranks are compared by value, the ace highest (and also low in A-2-3-4-5).
The *board ranks* are the distinct ranks on the board; the *top* board rank
is the highest of them, the *second* the next.

Made hands: each combo is in the first of these that applies, judged by the
category of the best five cards of hole cards and board (the evaluator),
then by what the hole cards add to it.  Pairs and trips count only when
they are in the best five cards (a pocket pair below two board pairs does
not play).

- straight flush, quads, full house, flush, straight: the best hand's
  category (board-only ones included, and flagged "board plays").
- set: three of a kind from a pocket pair and one board card.
- trips: three of a kind from one hole card and a board pair.
- two pair: two pair whose two (highest) pairs hold hole cards and are not
  a pocket pair: "two pair (both hole cards)", each hole card pairs a board
  rank; "two pair (one hole card + board pair)", one hole card pairs a
  board rank and the other pair is the board's.  (A pocket pair beside a
  board pair is an overpair or a pocket pair below top pair.)
- overpair: a pocket pair above every board card.
- top pair: one hole card pairs the top board rank, on a board with no
  other pair.  Its kicker is the other hole card, ranked among the ranks
  not on the board: "top pair (top kicker)", the highest of them (the ace,
  or the king when an ace is on the board, ...); "top pair (good kicker)",
  the next two; "top pair (weak kicker)", any lower.
- second pair: one hole card pairs the second board rank.
- pocket pair below top pair: a pocket pair below the top board rank.
- third pair and worse: one hole card pairs a board rank below the second.
- ace high: none of the above, and an ace in the hole.
- no made hand: none of the above.
- board plays (a flag beside the made hand): the hand is a pair or better
  that the board makes alone: a pair, two pair or three of a kind of board
  cards only (the hand is then ace high or no made hand), quads on the
  board, or a straight, flush, full house or straight flush of five board
  cards that the hole cards do not improve.

Draws, on a flop or a turn (none on a river).  A *straight rank* is a rank
whose card, dealt next, makes a straight (A-2-3-4-5 included) that needs a
hole card (it holds a rank that only a hole card gives); a hand that
already holds a straight has no straight draw.  Outs are counted as four
cards per rank, before card removal.

- flush draw: no flush yet, and four cards of one suit among hole cards and
  board, at least one of them a hole card.
- nut flush draw: a flush draw holding the highest card of its suit that is
  not on the board (the ace, or the king when the ace is on the board, ...).
- open-ended straight draw: two straight ranks five apart: four consecutive
  ranks open at both ends, 8 outs (98 on T72: a jack or a six).  J-Q-K-A
  and A-2-3-4 are gutshots.
- double gutshot: two or more straight ranks, not open-ended, 8 outs (J9 on
  KT7: an eight or a queen).
- gutshot: exactly one straight rank, 4 outs (98 on J72: a ten).
- backdoor flush draw (flop only): no flush draw, and three cards of one
  suit among hole cards and flop, one or two of them hole cards.
- two overcards: both hole cards above the top board card, of different
  ranks, and the made hand is ace high or no made hand.
- flush draw + straight draw: a flush draw and an open-ended straight draw,
  a double gutshot or a gutshot.
- pair + draw: one pair from the hole cards (overpair, top pair, second
  pair, pocket pair below top pair, third pair and worse) with a flush draw
  or a straight draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ..cards import CardsLike, card_mask, format_cards, parse_cards
from ..control import Stopwatch
from ..kernels import hits as _hits
from ..kernels._jit import warming
from ..lookup import holdem_tables
from ..ranges import Range, parse_range
from .hits_boards import flop_classes, parse_boards, suit_symmetries

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["CLASS_DEFINITIONS", "DRAWS", "MADE_HANDS", "HitsResult", "hand_classes", "hits"]

CLASS_DEFINITIONS = (__doc__ or "").split("Classes\n-------\n")[1].strip()
"""The definitions of the classes (the module docstring's "Classes" section), for ``--help``."""

MADE_HANDS = (
    ("straight flush", _hits.BIT_STRAIGHT_FLUSH, 0),
    ("quads", _hits.BIT_QUADS, 0),
    ("full house", _hits.BIT_FULL_HOUSE, 0),
    ("flush", _hits.BIT_FLUSH, 0),
    ("straight", _hits.BIT_STRAIGHT, 0),
    ("set", _hits.BIT_SET, 0),
    ("trips", _hits.BIT_TRIPS, 0),
    ("two pair", _hits.BIT_TWO_PAIR, 0),
    ("two pair (both hole cards)", _hits.BIT_TWO_PAIR_BOTH, 1),
    ("two pair (one hole card + board pair)", _hits.BIT_TWO_PAIR_BOARD, 1),
    ("overpair", _hits.BIT_OVERPAIR, 0),
    ("top pair", _hits.BIT_TOP_PAIR, 0),
    ("top pair (top kicker)", _hits.BIT_TOP_KICKER, 1),
    ("top pair (good kicker)", _hits.BIT_GOOD_KICKER, 1),
    ("top pair (weak kicker)", _hits.BIT_WEAK_KICKER, 1),
    ("second pair", _hits.BIT_SECOND_PAIR, 0),
    ("pocket pair below top pair", _hits.BIT_POCKET_BELOW_TOP, 0),
    ("third pair and worse", _hits.BIT_THIRD_PAIR, 0),
    ("ace high", _hits.BIT_ACE_HIGH, 0),
    ("no made hand", _hits.BIT_NO_MADE_HAND, 0),
    ("board plays", _hits.BIT_BOARD_PLAYS, 2),
)
"""(name, kernel bit, kind) of each made-hand row, in table order: kind 0 for the rows that
partition the combos, 1 for a sub-class of the row above, 2 for the board-plays flag."""
DRAWS = (
    ("flush draw", _hits.BIT_FLUSH_DRAW, 0),
    ("nut flush draw", _hits.BIT_NUT_FLUSH_DRAW, 1),
    ("open-ended straight draw", _hits.BIT_OESD, 0),
    ("double gutshot", _hits.BIT_DOUBLE_GUTSHOT, 0),
    ("gutshot", _hits.BIT_GUTSHOT, 0),
    ("backdoor flush draw", _hits.BIT_BACKDOOR_FLUSH_DRAW, 0),
    ("two overcards", _hits.BIT_TWO_OVERCARDS, 0),
    ("flush draw + straight draw", _hits.BIT_FLUSH_STRAIGHT_DRAW, 0),
    ("pair + draw", _hits.BIT_PAIR_DRAW, 0),
)
"""(name, kernel bit, 1 for a sub-class) of each draw row, in table order."""

_SERIAL_BOARDS = 16
"""At most this many boards are classified on one thread."""
_MADE_GROUP = "made hand"
_DRAW_GROUP = "draw"


@dataclass(frozen=True)
class HitsResult:
    """How many combos of a range (and how much of its weight) fall in each class.

    ``combos[name]`` and ``weight[name]`` are per board: on one board the
    counts, over several boards their averages weighted by
    ``multiplicity`` (the flops each board stands for); ``total_combos`` and
    ``total_weight`` are the same for the whole range after card removal.
    ``share(name) = weight[name] / total_weight``.  The per-board figures
    are kept: ``board_combos[b, k]``, ``board_weight[b, k]`` for class
    ``names[k]`` on ``boards[b]``, the totals in ``board_total_combos`` and
    ``board_total_weight``.
    """

    range: str
    boards: tuple[str, ...]
    dead: str
    multiplicity: np.ndarray
    names: tuple[str, ...]
    groups: tuple[str, ...]
    """``"made hand"`` or ``"draw"``, per name."""
    sub: tuple[bool, ...]
    """Whether a name is a sub-class of the row above it, shown indented."""
    board_combos: np.ndarray
    board_weight: np.ndarray
    board_total_combos: np.ndarray
    board_total_weight: np.ndarray
    all_flops: bool = False
    """Whether ``boards`` are every flop (up to suit isomorphism)."""
    elapsed_s: float = 0.0
    """Seconds the count took, compiling excluded (:attr:`compile_s`)."""
    compile_s: float = 0.0
    """Seconds spent compiling kernels (a cold Numba cache)."""

    @property
    def board(self) -> str | list[str]:
        """The board; a list of them for several; ``"all flops"`` for every flop."""
        if self.all_flops:
            return "all flops"
        return self.boards[0] if len(self.boards) == 1 else list(self.boards)

    @property
    def n_flops(self) -> int:
        """The number of boards the figures stand for (the sum of the multiplicities)."""
        return int(self.multiplicity.sum())

    def _mean(self, per_board: np.ndarray) -> np.ndarray:
        return np.asarray(self.multiplicity @ per_board / self.n_flops)

    @property
    def total_combos(self) -> float:
        """Combos of the range left after card removal (average per board)."""
        return float(self._mean(self.board_total_combos))

    @property
    def total_weight(self) -> float:
        """Weight of the range left after card removal (average per board)."""
        return float(self._mean(self.board_total_weight))

    @property
    def combos(self) -> dict[str, float]:
        """Combos in each class (average per board)."""
        return dict(zip(self.names, map(float, self._mean(self.board_combos)), strict=True))

    @property
    def weight(self) -> dict[str, float]:
        """Weighted combos in each class (average per board)."""
        return dict(zip(self.names, map(float, self._mean(self.board_weight)), strict=True))

    def shares(self) -> dict[str, float]:
        """Each class's share of the range's weight (over the boards: of the summed weights)."""
        total = self.multiplicity @ self.board_total_weight
        sums = self.multiplicity @ self.board_weight
        return {
            n: float(s / total) if total else 0.0 for n, s in zip(self.names, sums, strict=True)
        }

    def share(self, name: str) -> float:
        """The share of the range's weight in class ``name``."""
        if name not in self.names:
            raise KeyError(f"no class {name!r}; the classes are {', '.join(self.names)}")
        return self.shares()[name]

    def to_frame(self) -> pd.DataFrame:
        """One row per class, indexed by (group, class): combos, weight and fraction (the class's
        share of the range's weight, 0 to 1)."""
        import pandas as pd

        shares = self.shares()
        frame = pd.DataFrame(
            {
                "combos": list(self.combos.values()),
                "weight": list(self.weight.values()),
                "fraction": [shares[n] for n in self.names],
            },
            index=pd.MultiIndex.from_arrays(
                [list(self.groups), list(self.names)], names=["group", "class"]
            ),
        )
        frame.attrs.update(
            range=self.range,
            board=self.board,
            dead=self.dead,
            combos=self.total_combos,
            weight=self.total_weight,
            n_boards=len(self.boards),
            n_flops=self.n_flops,
        )
        return frame

    def by_board(self) -> pd.DataFrame:
        """One row per board: its multiplicity, combos, weight, texture (the columns of
        :data:`equity.analysis.textures.COLUMNS`) and the share of each class."""
        import pandas as pd

        from .textures import textures

        with np.errstate(invalid="ignore", divide="ignore"):
            share = np.where(
                self.board_total_weight[:, None] > 0,
                self.board_weight / self.board_total_weight[:, None],
                0.0,
            )
        frame = pd.DataFrame(share, index=pd.Index(list(self.boards), name="board"))
        frame.columns = list(self.names)
        texture = textures(list(self.boards))
        for position, column in enumerate(texture.columns):
            frame.insert(position, column, texture[column].to_numpy())
        frame.insert(0, "weight", self.board_total_weight)
        frame.insert(0, "combos", self.board_total_combos)
        frame.insert(0, "multiplicity", self.multiplicity)
        return frame

    def to_dict(self) -> dict[str, Any]:
        """Plain data; the ``equity hits --json`` object."""
        shares = self.shares()
        combos, weight = self.combos, self.weight
        out: dict[str, Any] = {
            "range": self.range,
            "board": self.board,
            "dead": self.dead,
            "combos": _number(self.total_combos),
            "weight": _number(self.total_weight),
        }
        if len(self.boards) > 1:
            out["n_boards"] = len(self.boards)
            out["n_flops"] = self.n_flops
        out["classes"] = {
            n: {"combos": _number(combos[n]), "weight": _number(weight[n]), "share": shares[n]}
            for n in self.names
        }
        return out

    def __str__(self) -> str:
        shares, combos, weight = self.shares(), self.combos, self.weight
        lines = [self._title()]
        rows = []
        for group in (_MADE_GROUP, _DRAW_GROUP):
            names = [n for n, g in zip(self.names, self.groups, strict=True) if g == group]
            if not names:
                continue
            rows.append([group + "s", "", "", ""])
            for n in names:
                indent = "    " if self.sub[self.names.index(n)] else "  "
                rows.append(
                    [indent + n, _fmt(combos[n]), _fmt(weight[n]), f"{100 * shares[n]:.2f}%"]
                )
        lines.append(_table(rows, ["class", "combos", "weight", "percent"]))
        lines.append(
            "Each combo has one made hand (the made-hand rows not indented, board plays aside, "
            "sum to 100%); indented rows are parts of the row above; draws overlap."
        )
        return "\n".join(lines)

    def __repr__(self) -> str:
        """One line: the range, the boards and its size (``str()`` has the table)."""
        boards = "all flops" if self.all_flops else ", ".join(self.boards[:3])
        more = (
            f" and {len(self.boards) - 3} more"
            if len(self.boards) > 3 and not self.all_flops
            else ""
        )
        return (
            f"HitsResult({self.range!r} on {boards}{more}: {_fmt(self.total_combos)} combos, "
            f"{len(self.names)} classes)"
        )

    def _title(self) -> str:
        where = f", dead {self.dead}" if self.dead else ""
        size = f"{_fmt(self.total_combos)} combos, weight {_fmt(self.total_weight)}"
        if self.all_flops:
            on = (
                f"all {self.n_flops:,} flops ({len(self.boards):,} up to suit isomorphism, "
                "weighted by the flops each stands for)"
            )
            size = "per flop: " + size
        elif len(self.boards) > 1:
            on = f"{len(self.boards)} boards ({', '.join(self.boards)})"
            size = "per board: " + size
        else:
            on = f"board {self.boards[0]}"
        return f"range {self.range} on {on}{where}: {size}"


def _number(x: float) -> float | int:
    """``x`` as an int when it is whole (counts), else rounded to 6 decimals."""
    return int(x) if float(x).is_integer() else round(float(x), 6)


def _fmt(x: float) -> str:
    """A count as an integer when whole, else with two decimals."""
    return f"{x:,.0f}" if float(x).is_integer() else f"{x:,.2f}"


def _table(rows: Sequence[Sequence[str]], headers: Sequence[str]) -> str:
    """An aligned plain-text table: the first column left-aligned, the rest right."""
    cells = [list(headers), *map(list, rows)]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]

    def fmt(row: list[str]) -> str:
        return "  ".join(
            c.ljust(w) if i == 0 else c.rjust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()

    return "\n".join([fmt(cells[0]), "  ".join("-" * w for w in widths), *map(fmt, cells[1:])])


def _as_range(range: Range | str) -> Range:
    """A :class:`Range` from one, or from range text (a malformed text is a ValueError)."""
    if isinstance(range, Range):
        return range
    if not isinstance(range, str):
        raise ValueError(f"expected a hold'em range such as 'QQ+,AKs', got {range!r}")
    return parse_range(range)


def _exact_hands(text: str) -> list[tuple[str, int]]:
    """The exact hands (``AhKh``) named by the terms of range text, with their card masks."""
    out = []
    for term in text.split(","):
        body = term.split("@")[0].split(":")[-1].strip()
        try:
            cards = parse_cards(body)
        except ValueError:
            continue
        if len(cards) == 2:
            out.append((body, card_mask(cards)))
    return out


def names_of(bits: int) -> tuple[str, ...]:
    """The class names of a kernel bit mask, in table order (made hands, then draws)."""
    return tuple(name for name, bit, _ in (*MADE_HANDS, *DRAWS) if bits >> bit & 1)


def hand_classes(hand: CardsLike, board: CardsLike) -> tuple[str, ...]:
    """Every class (made hand, sub-classes, draws) of one hand on one board, in table order.

    Examples
    --------
    >>> hand_classes("AsKs", "Qs7s2c")
    ('ace high', 'flush draw', 'nut flush draw', 'two overcards')
    >>> hand_classes("9h8h", "Th7c2d")
    ('no made hand', 'open-ended straight draw', 'backdoor flush draw')
    """
    cards = parse_cards(hand)
    if len(cards) != 2:
        raise ValueError(f"a hold'em hand has 2 cards, got {format_cards(cards)!r}")
    (board_cards,) = parse_boards(board)
    common = set(cards) & set(board_cards)
    if common:
        raise ValueError(
            f"card {format_cards(sorted(common))} is both in the hand and on the board"
        )
    bits = _classify(np.array([cards], dtype=np.uint8), np.array([board_cards]), 0)
    return names_of(int(bits[0, 0]))


def _classify(combos: np.ndarray, boards: np.ndarray, dead: int) -> np.ndarray:
    """``uint32[n_boards, n_combos]`` class bits (:func:`equity.kernels.hits.classify_batch`)."""
    out = np.zeros((len(boards), len(combos)), dtype=np.uint32)
    tables = holdem_tables()
    # waking the threads takes longer than a few boards (about 0.1 ms each)
    launch = _hits.classify_serial if len(boards) <= _SERIAL_BOARDS else _hits.classify_batch
    warming(launch)
    launch(
        np.array(combos, dtype=np.uint8), np.ascontiguousarray(boards, dtype=np.uint8),
        np.uint64(dead), *tables, out,
    )  # fmt: skip
    return out


def _aggregate(
    bits: np.ndarray, weights: np.ndarray, rows: Sequence[int]
) -> tuple[np.ndarray, ...]:
    """Per board: combos and weight in each class bit of ``rows``, then the totals.

    Shapes
    ------
    bits : uint32[n_boards, n_combos]; weights : float64[n_combos]
    return : float64[n_boards, len(rows)] twice, then float64[n_boards] twice
    """
    n_boards, n = bits.shape
    columns = np.array([*rows, 31])  # 31: the live bit
    combos = np.empty((n_boards, len(columns)))
    weight = np.empty((n_boards, len(columns)))
    little = bits.astype("<u4", copy=False)
    step = 128
    for start in range(0, n_boards, step):
        chunk = little[start : start + step]
        # bit b of a mask is bit b % 8 of its byte b // 8
        flags = np.unpackbits(
            chunk.view(np.uint8).reshape(len(chunk), n, 4), axis=2, bitorder="little"
        )
        flags = flags[:, :, columns].astype(np.float64)
        combos[start : start + step] = flags.sum(axis=1)
        weight[start : start + step] = weights @ flags
    return combos[:, :-1], weight[:, :-1], combos[:, -1], weight[:, -1]


def _per_board(
    r: Range, boards: Sequence[Sequence[int]], dead: int, rows: Sequence[int]
) -> tuple[np.ndarray, ...]:
    """:func:`_aggregate` of every board, one kernel launch per board size, in board order."""
    n, k = len(boards), len(rows)
    out = (np.zeros((n, k)), np.zeros((n, k)), np.zeros(n), np.zeros(n))
    sizes = np.array([len(b) for b in boards])
    for size in np.unique(sizes):
        where = np.flatnonzero(sizes == size)
        batch = np.array([boards[i] for i in where.tolist()], dtype=np.uint8)
        for whole, part in zip(
            out, _aggregate(_classify(r.combos, batch, dead), r.weights, rows), strict=True
        ):
            whole[where] = part
    return out


def hits(
    range: Range | str,
    board: CardsLike | Sequence[CardsLike] | None = None,
    dead: CardsLike = "",
    *,
    flops: str | None = None,
) -> HitsResult:
    """The share of a hold'em range in each made-hand class and draw on a board (or boards).

    Parameters
    ----------
    range : str or Range
        A hold'em range (:func:`equity.parse_range` syntax; weights count).
    board : str, cards, or a sequence of boards
        A flop, turn or river (3-5 cards), or several (their figures are
        averaged).  Omit it with ``flops="all"``.
    dead : str or cards
        Cards out of play: combos holding them are removed.
    flops : {"all"}, optional
        Every flop: the 22,100 flops, one board per class of suit-isomorphic
        flops, each weighted by the flops it stands for (1,755 classes for a
        range of whole hand classes and no dead cards; see
        :mod:`equity.analysis.hits_boards`).

    Returns
    -------
    HitsResult
        Combos, weighted combos and shares per class (defined in
        :mod:`equity.analysis.hits`).

    Examples
    --------
    >>> h = hits("QQ+,AKs,JTs", "Ts9s2h")
    >>> h.total_combos, h.combos["overpair"], h.combos["top pair"], h.combos["flush draw"]
    (25.0, 18.0, 3.0, 1.0)
    >>> h.share("backdoor flush draw")
    0.44
    >>> hits("JTs", "9s8c2h").combos["open-ended straight draw"]
    4.0
    >>> hits("AA", "AsKd2c").combos["set"]
    3.0
    >>> round(hits("QQ+,AKs", flops="all").share("set"), 4)
    0.0882
    """
    start = Stopwatch()  # the time taken, compiling apart
    r = _as_range(range)
    dead_cards = parse_cards(dead)
    dead_mask = card_mask(dead_cards)
    all_flops = flops is not None
    if all_flops:
        if flops != "all":
            raise ValueError(f"flops must be 'all', got {flops!r}")
        if board not in (None, "", [], ()):
            raise ValueError("give either boards or flops='all', not both")
        perms = suit_symmetries(r.dense, dead_cards)
        reps, multiplicity = flop_classes(perms, dead_cards)
        board_list = [list(map(int, f)) for f in reps]
    else:
        if board is None:
            raise ValueError("no board given: give a flop (3 cards), a turn (4) or a river (5)")
        boards = parse_boards(board)
        for b in boards:
            for card in b:
                if dead_mask >> card & 1:
                    raise ValueError(f"card {format_cards([card])} is both on the board and dead")
        if len(boards) == 1:  # over several boards, an exact hand is removed where it clashes
            for hand, mask in _exact_hands(r.text):
                if mask & card_mask(boards[0]):
                    raise ValueError(
                        f"hand {hand} of the range shares a card with board "
                        f"{format_cards(boards[0])}"
                    )
        multiplicity = np.ones(len(boards), dtype=np.int64)
        board_list = boards
    n_board = {len(b) for b in board_list}
    names, rows, group_of, sub = [], [], [], []
    for group, table_rows in ((_MADE_GROUP, MADE_HANDS), (_DRAW_GROUP, DRAWS)):
        for name, bit, is_sub in table_rows:
            if group == _DRAW_GROUP and min(n_board) == 5:
                continue
            if bit == _hits.BIT_BACKDOOR_FLUSH_DRAW and 3 not in n_board:
                continue
            names.append(name)
            rows.append(bit)
            group_of.append(group)
            sub.append(is_sub == 1)
    combos, weight, total_combos, total_weight = _per_board(r, board_list, dead_mask, rows)
    labels = tuple(format_cards(b) for b in board_list)
    if multiplicity @ total_weight == 0:
        where = f"board {labels[0]}" if len(labels) == 1 and not all_flops else "any board"
        raise ValueError(
            f"no combo of range {r.text!r} is left on {where}"
            + (f" with dead cards {format_cards(dead_cards)}" if dead_cards else "")
        )
    elapsed_s, compile_s = start.split()
    return HitsResult(
        range=r.text,
        boards=labels,
        dead=format_cards(dead_cards),
        multiplicity=multiplicity,
        names=tuple(names),
        groups=tuple(group_of),
        sub=tuple(sub),
        board_combos=combos,
        board_weight=weight,
        board_total_combos=total_combos,
        board_total_weight=total_weight,
        all_flops=all_flops,
        elapsed_s=elapsed_s,
        compile_s=compile_s,
    )
