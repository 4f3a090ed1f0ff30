"""PokerStars hands run more than once: the run-outs' streets, showdowns and SUMMARY lines.

PokerStars writes a hand run twice as its common streets, then each run-out's
streets in turn (``*** FIRST RIVER *** [2c Kc 7c 5d] [Td]``, ``*** SECOND
RIVER *** [2c Kc 7c 5d] [3d]``; all in before the flop: ``FIRST FLOP``,
``FIRST TURN``, ``FIRST RIVER``, then ``SECOND FLOP`` ...), one showdown a
run-out (``*** FIRST SHOW DOWN ***`` and its ``collected`` lines) and, in the
SUMMARY, ``Hand was run twice``, ``FIRST Board [...]``, ``SECOND Board
[...]`` and a ``won (...)`` for each run-out a seat won.  :class:`StarsRuns`
keeps them for :mod:`equity.histories.pokerstars`, which reads the rest of the
hand; a :class:`ValueError` names what does not add up.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

__all__ = ["ORDINALS", "RUN_STREET", "StarsRuns"]

ORDINALS = ("FIRST", "SECOND", "THIRD")
"""How PokerStars names the run-outs, in order."""
RUN_STREET = re.compile(r"^(?P<run>FIRST|SECOND|THIRD) (?P<name>FLOP|TURN|RIVER|SHOW DOWN)$")
"""The name of a run-out's street line (``*** SECOND FLOP ***``: ``SECOND FLOP``)."""
_COUNT = re.compile(r"^Hand was run (?P<count>twice|three times)\b")
_BOARD = re.compile(r"^(?P<run>FIRST|SECOND|THIRD) Board \[(?P<cards>[^\]]*)\]")


@dataclass
class StarsRuns:
    """The run-outs of one PokerStars hand (none for a hand run once)."""

    streets: list[list[list[str]]] = field(default_factory=list)
    """Each run-out's cards dealt after the common streets, street by street."""
    collected: list[dict[str, Decimal]] = field(default_factory=list)
    """What each player collected in each run-out's showdown."""
    count: int = 1
    """How many times the SUMMARY says the hand was run (``Hand was run twice``: 2)."""
    boards: dict[int, list[str]] = field(default_factory=dict)
    """The SUMMARY's board of each run-out by its index (``FIRST Board [...]``: 0)."""

    def street(self, run: re.Match[str], text: str, cards: Callable[[str], list[str]]) -> str:
        """Note a run-out's street line (matched by :data:`RUN_STREET`, ``text`` after its
        name); the parser's street: ``run-out``, or ``showdown 1`` for a run-out's showdown."""
        k = ORDINALS.index(run["run"])
        name = run["name"].lower()
        if name == "show down":
            while len(self.collected) <= k:
                self.collected.append({})
            return f"showdown {k + 1}"
        if not len(self.streets) - 1 <= k <= len(self.streets):
            raise ValueError(f"the {run['run'].lower()} run-out is dealt out of order")
        if k == len(self.streets):
            self.streets.append([])
        brackets = re.findall(r"\[([^\]]*)\]", text)
        dealt = cards(brackets[-1]) if brackets else []
        if len(dealt) != (3 if name == "flop" else 1):
            raise ValueError(f"the {run['run'].lower()} {name} [{text.strip()}] is not its cards")
        self.streets[k].append(dealt)
        return "run-out"

    def collect(self, street: str, name: str, amount: Decimal) -> None:
        """Note ``name`` collecting ``amount`` on ``street`` (kept for a run-out's showdown)."""
        if street.startswith("showdown "):
            run = self.collected[int(street.split()[1]) - 1]
            run[name] = run.get(name, Decimal(0)) + amount

    def summary(self, line: str, cards: Callable[[str], list[str]]) -> bool:
        """Note a SUMMARY line of the run-outs; False for any other line."""
        if line.startswith("Hand was run"):
            count = _COUNT.match(line)
            if count is None:
                raise ValueError(f"the line {line!r} is not understood")
            self.count = 2 if count["count"] == "twice" else 3
            return True
        if board := _BOARD.match(line):
            self.boards[ORDINALS.index(board["run"])] = cards(board["cards"])
            return True
        return False

    def check(self, common: Sequence[Sequence[str]]) -> None:
        """As many run-outs dealt, shown down and named in the SUMMARY, each completing the
        board after the ``common`` streets, each SUMMARY board the one dealt."""
        if not (self.streets or self.collected or self.count > 1):
            return
        if len(self.streets) != self.count or len(self.collected) != self.count:
            raise ValueError(
                f"the hand was run {self.count} times by the SUMMARY but {len(self.streets)} "
                f"run-outs are dealt and {len(self.collected)} shown down"
            )
        for k, run in enumerate(self.streets):
            board = [c for cards in [*common, *run] for c in cards]
            if len(common) + len(run) != 3:
                raise ValueError(f"the {ORDINALS[k].lower()} run-out does not complete the board")
            if k in self.boards and self.boards[k] != board:
                raise ValueError(
                    f"the SUMMARY's {ORDINALS[k]} Board [{' '.join(self.boards[k])}] is not "
                    f"the one dealt [{' '.join(board)}]"
                )

    def actions(self) -> list[str]:
        """The PHH actions dealing each run-out in turn (``d db Td``, ``d db 3d``)."""
        return [f"d db {''.join(cards)}" for run in self.streets for cards in run]

    def winnings(self, order: Sequence[str]) -> list[list[Decimal]]:
        """What each player (in ``order``) collected in each run-out."""
        return [[run.get(p, Decimal(0)) for p in order] for run in self.collected]
