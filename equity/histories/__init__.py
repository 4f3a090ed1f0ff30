"""Hand histories: all-in equity, EV-adjusted results and luck on real hands (``equity.history``).

:func:`history` reads PHH hand histories (the open standard, read with
pokerkit), PokerStars and GGPoker text hand histories and PokerNow logs
(:mod:`equity.histories.pokerstars`, :mod:`~equity.histories.ggpoker`,
:mod:`~equity.histories.pokernow`, turned into PHH), replays every hand,
reconciles it with what the history records, finds the all-in moment, builds
the main and side pots and scores each all-in player's exact equity in each pot
with :func:`equity.calculate`.  The definitions are in
:mod:`equity.histories.hand`, :mod:`equity.histories.pots` and
:mod:`equity.histories.score`; :data:`DEFINITIONS` states them for the command
line.  The package is ``histories`` so that ``equity.history`` stays the
function (importing a subpackage would set the attribute to the module).
"""

from __future__ import annotations

from .result import HistoryResult, history
from .unit import Skipped

__all__ = ["DEFINITIONS", "MONEY_DEFINITIONS", "HistoryResult", "Skipped", "history"]

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

A hand run more than once: each pot is cut in equal parts, one a run-out, the odd chips to \
the first, and each part goes to the best hand on its run-out's board; ev is the same \
(equity at the all-in moment x pot), net follows the run-outs, and each run-out's winners \
are reconciled with what the history records for it.

Every replay is reconciled with what the history records (finishing stacks, or winnings; \
in a PokerStars hand also the total pot and rake; each HandHQ site its own way: rake, \
amounts a site leaves out): a hand that does not add up is reported \
with the reason and left out of the totals; \
variants other than no-limit hold'em and pot-limit Omaha are counted and skipped."""
"""The definitions, as ``equity history --definitions`` and the docs (hand histories) state them."""

MONEY_DEFINITIONS = """\
With the payouts of a tournament (prizes, first place first), each hand played while the \
table held the whole field (every remaining player's stack known) is valued in prize money \
by ICM: before = each player's prize EV of the stacks when the hand began; money = prize EV \
after the hand as dealt - before; for the players of a scored all-in, ev_money = sum over \
the outcomes of the run-out (each pot's winners, every board completion enumerated) of \
P(outcome) x prize EV of the stacks after it - before, else ev_money = money; luck_money = \
money - ev_money. Players who bust in a hand take the next places, the larger starting \
stack first. Per hand the players' money, ev_money and luck_money each add up to zero. \
This is PokerTracker 4's Net Adjusted Winnings (ICM-adjusted winnings) for all-ins at a \
final table.

The table holds the whole field from the hand that knocks a player out in place p at a \
table of p players (or leaves p - 1 players, all at the table: from the next hand), or \
from a hand seating every entrant (--entrants, or a summary); other tournament hands stay \
in chips, with the reason."""
"""How ``equity history --payouts`` values hands in money, as the docs (hand histories) state it."""
