"""Hand histories: all-in equity, EV-adjusted results and luck on real hands (``equity.history``).

:func:`history` reads PHH hand histories (the open standard, read with
pokerkit) and PokerStars text hand histories (:mod:`equity.histories.pokerstars`,
turned into PHH), replays every hand, reconciles it with what the history records,
finds the all-in moment, builds the main and side pots and scores each
all-in player's exact equity in each pot with :func:`equity.calculate`.  The
definitions are in :mod:`equity.histories.hand`, :mod:`equity.histories.pots`
and :mod:`equity.histories.score`; :data:`DEFINITIONS` states them for the
command line.  The package is ``histories`` so that ``equity.history`` stays the
function (importing a subpackage would set the attribute to the module).
"""

from __future__ import annotations

from .result import HistoryResult, history
from .unit import Skipped

__all__ = ["DEFINITIONS", "HistoryResult", "Skipped", "history"]

DEFINITIONS = """\
All-in moment: the first point where no more betting can happen (at most one player in the \
hand has chips behind and the bets are matched) while at least two players are in the hand \
and board cards are still to come; its street is preflop, flop or turn.

Pots: the main and side pots at that moment with their eligible players, uncalled bets \
returned. Rake: when the history records winnings, rake = total pot - total won, taken from \
every pot in proportion to its size.

For each player in the hand at the all-in moment, when every such player's cards are known: \
equity in each pot, exact (every run-out enumerated, ties split); ev = sum over pots of \
equity x (pot after rake) - the player's total contribution. For every other player, and \
in hands without a scored all-in, ev = net. net = won - contributed over the whole hand. \
luck = net - ev. Per hand, sum of ev = sum of net.

Every replay is reconciled with what the history records (finishing stacks, or winnings; \
in a PokerStars hand also the total pot and rake): a hand that does not add up is reported \
with the reason and left out of the totals; \
variants other than no-limit hold'em and pot-limit Omaha are counted and skipped."""
"""The definitions, as ``equity history --help`` and the README state them."""
