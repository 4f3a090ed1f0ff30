"""A slow, obviously correct classifier of hold'em combos on a board (range hits).

Plain Python on purpose: the best hand comes from :func:`reference.best_key`
(``max`` over every five-card subset), and every class is checked the way
its definition in :mod:`equity.analysis.hits` reads, with no bit tricks:
straight draws by trying each rank as the next card, the open-ended kind
by looking for four consecutive ranks with both ends completing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from reference import best_key

CATEGORY_NAMES = {
    9: "straight flush",
    8: "quads",
    7: "full house",
    6: "flush",
    5: "straight",
}
ONE_PAIR = {
    "overpair",
    "top pair",
    "second pair",
    "pocket pair below top pair",
    "third pair and worse",
}

# five consecutive ranks, -1 standing for the ace played low
_WINDOWS = [tuple(range(low, low + 5)) for low in range(-1, 9)]


def _rank(r: int) -> int:
    """A rank of the extended scale -1..12 as a card rank (-1: the ace)."""
    return 12 if r == -1 else r


def _has_straight(ranks: set[int]) -> bool:
    return any(all(_rank(r) in ranks for r in w) for w in _WINDOWS)


def straight_ranks(hole: Sequence[int], board: Sequence[int]) -> set[int]:
    """Extended ranks (-1..12) whose card, added next, makes a straight that needs a hole card."""
    hole_ranks = {c >> 2 for c in hole}
    board_ranks = {c >> 2 for c in board}
    have = hole_ranks | board_ranks
    out = set()
    for new in range(-1, 13):
        for w in _WINDOWS:
            if new not in w:
                continue
            if not all(_rank(r) in have | {_rank(new)} for r in w):
                continue
            needs_hole = any(_rank(r) not in board_ranks | {_rank(new)} for r in w)
            if needs_hole:
                out.add(new)
    return out


def _made(hole: Sequence[int], board: Sequence[int]) -> tuple[str, set[str], bool]:
    """(made hand, its sub-classes, whether the board plays)."""
    key = best_key([*hole, *board])
    category = key[0]
    hole_ranks = [c >> 2 for c in hole]
    board_count = Counter(c >> 2 for c in board)
    board_ranks = sorted(board_count, reverse=True)
    top = board_ranks[0]
    second = board_ranks[1] if len(board_ranks) > 1 else None
    if category >= 5:
        if category == 8:
            plays = board_count[key[1]] == 4
        else:
            plays = len(board) == 5 and best_key(board) == key
        return CATEGORY_NAMES[category], set(), plays

    def pocket(p: int) -> str:
        return "overpair" if all(p > r for r in board_ranks) else "pocket pair below top pair"

    if category == 4:  # (4, trips rank, kickers)
        held = hole_ranks.count(key[1])
        if held == 2:
            return "set", set(), False
        if held == 1:
            return "trips", set(), False
    elif category == 3:  # (3, high pair, low pair, kicker)
        q1, q2 = hole_ranks.count(key[1]), hole_ranks.count(key[2])
        if q1 == 1 and q2 == 1:
            return "two pair", {"two pair (both hole cards)"}, False
        if q1 == 2:
            return pocket(key[1]), set(), False
        if q2 == 2:
            return pocket(key[2]), set(), False
        if q1 + q2 == 1:
            return "two pair", {"two pair (one hole card + board pair)"}, False
    elif category == 2:  # (2, pair rank, kickers)
        p = key[1]
        held = hole_ranks.count(p)
        if held == 2:
            return pocket(p), set(), False
        if held == 1:
            if p == top:
                kicker = hole_ranks[1] if hole_ranks[0] == p else hole_ranks[0]
                free = [r for r in range(12, -1, -1) if r not in board_count]
                place = free.index(kicker)
                sub = "top kicker" if place == 0 else "good kicker" if place <= 2 else "weak kicker"
                return "top pair", {f"top pair ({sub})"}, False
            if p == second:
                return "second pair", set(), False
            return "third pair and worse", set(), False
    name = "ace high" if 12 in hole_ranks else "no made hand"
    return name, set(), category >= 2


def classify(hole: Sequence[int], board: Sequence[int]) -> set[str]:
    """Every class of :mod:`equity.analysis.hits` that the combo ``hole`` is in on ``board``."""
    made, sub, plays = _made(hole, board)
    names = {made, *sub}
    if plays:
        names.add("board plays")
    if len(board) == 5:
        return names
    cards = [*hole, *board]
    suits = Counter(c & 3 for c in cards)
    hole_suits = {c & 3 for c in hole}
    board_suited = {s: {c >> 2 for c in board if c & 3 == s} for s in range(4)}
    flush_draw = False
    if max(suits.values()) < 5:
        for s in hole_suits:
            if suits[s] == 4:
                flush_draw = True
                names.add("flush draw")
                nut = max(r for r in range(13) if r not in board_suited[s])
                if any(c >> 2 == nut and c & 3 == s for c in hole):
                    names.add("nut flush draw")
            elif suits[s] == 3 and len(board) == 3:
                names.add("backdoor flush draw")
    if flush_draw:
        names.discard("backdoor flush draw")
    straight_draw = False
    if not _has_straight({c >> 2 for c in cards}):
        outs = straight_ranks(hole, board)
        have = {c >> 2 for c in cards}
        open_ended = any(
            all(_rank(r) in have for r in range(low, low + 4))
            and low - 1 in outs
            and low + 4 in outs
            for low in range(0, 9)
        )
        distinct = {_rank(r) for r in outs}
        if open_ended:
            names.add("open-ended straight draw")
        elif len(distinct) >= 2:
            names.add("double gutshot")
        elif len(distinct) == 1:
            names.add("gutshot")
        straight_draw = bool(outs)
    hole_ranks = [c >> 2 for c in hole]
    top = max(c >> 2 for c in board)
    if (
        hole_ranks[0] != hole_ranks[1]
        and min(hole_ranks) > top
        and made in ("ace high", "no made hand")
    ):
        names.add("two overcards")
    if flush_draw and straight_draw:
        names.add("flush draw + straight draw")
    if made in ONE_PAIR and (flush_draw or straight_draw):
        names.add("pair + draw")
    return names
