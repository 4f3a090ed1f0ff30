"""A fast replay of no-limit hold'em hands, equal to pokerkit's replay where it answers.

:func:`fast_replay` follows a hand's actions with the rules of no-limit
hold'em as pokerkit applies them in a cash game (equal antes and the blinds
posted, heads-up blinds reversed, the betting order, the minimum raise and
pokerkit's short all-in rules, an uncalled bet returned when the bets are
collected, all-in showdowns before the run-out, each pot split among the best
hands shown) and produces the same :class:`~equity.histories.hand.Replay` as
:func:`~equity.histories.replay.replay`: contributions, the all-in moment, the
street snapshots, the known cards, and the reconciliation with what the
history records.  It answers only where it is sure to agree and returns None
otherwise, and the caller replays the hand with pokerkit: another variant,
antes of different sizes or trimmed, straddles or dead blinds, an action out
of turn or one pokerkit may refuse (a raise its rules forbid, a card dealt
twice), a showdown without a hand shown in some pot, a pot that does not
split evenly, a hand that does not reconcile (pokerkit's replay then gives the
reason).  ``tests/test_history_replay.py`` checks it hand for hand against
pokerkit.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import numpy as np

from ..cards import CARD_NAMES
from . import fastphh
from .hand import (
    STREETS,
    AllIn,
    HandError,
    Replay,
    big_blind,
    is_allin_moment,
    reconcile,
    returned,
)
from .pots import build_pots

__all__ = ["HandReplay", "Unsure", "fast_replay"]

_CARD_NAMES = frozenset(CARD_NAMES)
_ZERO = Decimal(0)
_INF = Decimal("Infinity")


class Unsure(Exception):
    """The hand is outside what the fast replay covers: pokerkit replays it."""


def _number(value: Any) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise Unsure
    return Decimal(value) if isinstance(value, int) else value


def _cards(text: str) -> tuple[str, ...] | None:
    """Cards as text (``AsKs`` -> ``("As", "Ks")``), None when unknown (``??``)."""
    if len(text) % 2 or not text:
        raise Unsure
    cards = tuple([text[k : k + 2] for k in range(0, len(text), 2)])
    if _CARD_NAMES.issuperset(cards):
        return cards
    if all(c == "??" for c in cards):
        return None
    raise Unsure


_PLAYER = {f"p{k + 1}": k for k in range(64)}


def _player(label: str, n: int) -> int:
    i = _PLAYER.get(label, n)
    if i >= n:
        raise Unsure
    return i


def fast_replay(history: Any) -> Replay | None:
    """The replay of a no-limit hold'em hand, or None where pokerkit must replay it."""
    if not fastphh.ENABLED:
        return None
    try:
        return HandReplay(history).run()
    except Unsure:
        return None


class HandReplay:
    """The state of one hand being replayed (no-limit hold'em; :mod:`.fastomaha` extends it
    to pot-limit Omaha through the class attributes and the hooks :meth:`most_to` and
    :meth:`showdown`)."""

    variant = "NT"
    hole_cards = 2
    uneven_antes = False
    """Whether antes of different sizes (a big-blind ante) are replayed (else unsure)."""
    live_blinds = False
    """Posts (negative blinds: live, the order of play unchanged, as pokerkit reads them)
    replayed only where posted out of turn by a player past the big blind at a table of three
    or more (Omaha, as checked against pokerkit); False: every post (hold'em, checked on the
    HandHQ sites' files)."""

    def __init__(self, history: Any) -> None:
        if str(getattr(history, "variant", "")) != self.variant:
            raise Unsure
        self.history = history
        self.start = [_number(s) for s in history.starting_stacks]
        n = self.n = len(self.start)
        raw = [_number(b) for b in history.blinds_or_straddles]
        antes = [_number(a) for a in history.antes]
        if n < 2 or len(raw) != n or len(antes) != n:
            raise Unsure
        if any(antes) and (
            history.ante_trimming_status
            or (len(set(antes)) != 1 and not self.uneven_antes)
            or any(a >= s for a, s in zip(antes, self.start, strict=True))
        ):
            raise Unsure  # antes of different sizes, trimmed, or all in by the ante
        if n == 2:
            antes = antes[::-1]  # heads-up, as the blinds (equal antes: no change)
        self.antes = antes
        # a negative blind is a post (a player just seated, or a blind posted out of turn),
        # live as pokerkit posts it; a positive one past the big blind is a straddle
        if any(b > 0 for b in raw[2:]) or not all(0 < s < _INF for s in self.start):
            raise Unsure
        if any(b < 0 for b in raw) and self.live_blinds and (n <= 2 or min(raw[:2]) < 0):
            raise Unsure  # Omaha: only the out-of-turn posts its replay is checked on
        names = history.players
        self.players = tuple(names) if names else tuple(f"p{i + 1}" for i in range(n))
        if len(self.players) != n:
            raise Unsure
        self.raw_blinds = raw
        self.min_bet = _number(history.min_bet)
        if self.min_bet <= 0:
            raise Unsure
        blinds = raw[::-1] if n == 2 else raw
        behind = [s - a for s, a in zip(self.start, antes, strict=True)]
        self.bets = [min(abs(b), s) for b, s in zip(blinds, behind, strict=True)]
        self.stacks = [s - b for s, b in zip(behind, self.bets, strict=True)]
        self.put = [a + b for a, b in zip(antes, self.bets, strict=True)]
        self.returned = [_ZERO] * n
        self.live = [True] * n
        self.holes: list[tuple[str, ...] | None] = [None] * n
        self.shown: list[tuple[str, ...] | None] = [None] * n
        self.dealt = 0
        self.board: list[str] = []
        self.seen: set[str] = set()
        self.queue: list[int] = []
        self.raise_size = _ZERO
        self.acted: set[int] = set()
        self.shorts: list[Decimal] = []
        self.phase = "deal"
        """``deal`` (hole cards), ``bet``, ``board`` (a street to deal), ``allin``
        (a showdown then the run-out), ``showdown`` (the river's), ``over``."""
        key = [(self.bets[i] * ((blinds[i] > 0) - (blinds[i] < 0)), i) for i in range(n)]
        self.opener = (max(key)[1] + 1) % n
        self.allin: AllIn | None = None
        self.streets: dict[str, AllIn] = {}

    # -- the state after each action -------------------------------------------------

    def observe(self) -> None:
        """Note the street snapshot and the all-in moment, as replay.py does on pokerkit's state."""
        if self.phase in ("deal", "over"):
            return
        street = STREETS.get(len(self.board))
        if street is None:
            return
        recorded = street in self.streets
        if recorded and self.allin is not None:
            return
        moment = self.allin is None and is_allin_moment(self.stacks, self.bets, self.live)
        if recorded and not moment:
            return
        live = tuple(i for i in range(self.n) if self.live[i])
        if not recorded:
            self.streets[street] = AllIn(street, tuple(self.board), live)
        if moment:
            self.allin = AllIn(street, tuple(self.board), live)

    # -- betting ---------------------------------------------------------------------

    def begin_betting(self) -> None:
        n = self.n
        order = [(self.opener + k) % n for k in range(n)] if not self.board else list(range(n))
        self.queue = [i for i in order if self.live[i] and self.stacks[i] > 0]
        self.raise_size = _ZERO
        self.acted.clear()
        self.shorts.clear()
        self.phase = "bet"
        top = max(self.bets)
        if not self.queue or (len(self.queue) == 1 and self.bets[self.queue[0]] >= top):
            self.end_betting()

    def end_betting(self) -> None:
        self.queue = []
        order = sorted(range(self.n), key=self.bets.__getitem__, reverse=True)
        first, second = order[0], order[1]
        if self.bets[first] > self.bets[second]:
            extra = self.bets[first] - self.bets[second]
            self.stacks[first] += extra
            self.returned[first] += extra
        self.bets = [_ZERO] * self.n
        live = [i for i in range(self.n) if self.live[i]]
        if len(live) == 1:
            self.phase = "over"
        elif sum(1 for i in live if self.stacks[i] > 0) <= 1:
            self.phase = "allin"
        elif len(self.board) == 5:
            self.phase = "showdown"
        else:
            self.phase = "board"

    def act(self, i: int, verb: str, amount: str | None) -> None:
        if self.phase != "bet" or not self.queue or self.queue[0] != i:
            raise Unsure
        top = max(self.bets)
        owed = top - self.bets[i]
        if verb == "f":  # pokerkit only warns of a fold with nothing to call, in a cash game
            self.live[i] = False
        elif verb == "cc":
            pay = min(owed, self.stacks[i])
            self.stacks[i] -= pay
            self.bets[i] += pay
            self.put[i] += pay
        else:
            self.check_raise(i, amount, top, owed)
            to = Decimal(amount or "")
            size = to - top
            if size >= self.raise_size:  # a full raise reopens the betting
                self.acted.clear()
            self.raise_size = max(self.raise_size, size)
            pay = to - self.bets[i]
            self.stacks[i] -= pay
            self.bets[i] = to
            self.put[i] += pay
            if self.stacks[i] > 0:
                self.shorts.clear()
            else:
                self.shorts.append(size)
            if sum(self.shorts) >= self.raise_size:
                self.shorts.clear()
        self.queue.pop(0)
        self.acted.add(i)
        if verb == "cbr":
            n = self.n
            after = [(i + k) % n for k in range(1, n)]
            self.queue = [j for j in after if self.live[j] and self.stacks[j] > 0]
        if sum(self.live) <= 1 or not self.queue:
            self.end_betting()

    def check_raise(self, i: int, amount: str | None, top: Decimal, owed: Decimal) -> None:
        """A bet or raise to ``amount`` that pokerkit allows, else :class:`Unsure`.

        pokerkit's rules: no raise by a player already covered, nor facing less
        than the last raise, nor by a player who acted before all-ins that add
        up to less than a raise; at least the last raise (or the minimum bet)
        more than the bet to call, unless all in; someone left to answer it.
        """
        if amount is None or not amount.replace(".", "", 1).isdigit():
            raise Unsure
        to = Decimal(amount)
        stack = self.stacks[i]
        most = stack + self.bets[i]
        if min(owed, stack) < self.raise_size or stack <= owed or to > self.most_to(i, top, most):
            raise Unsure
        if self.shorts and sum(self.shorts) < self.raise_size and i in self.acted:
            raise Unsure
        if to < min(most, top + max(self.raise_size, self.min_bet)):
            raise Unsure
        if not any(j != i and self.live[j] and self.stacks[j] > 0 for j in range(self.n)):
            raise Unsure

    # -- cards -----------------------------------------------------------------------

    def note(self, cards: tuple[str, ...]) -> None:
        for c in cards:
            if c in self.seen:
                raise Unsure
            self.seen.add(c)

    def deal_hole(self, i: int, text: str) -> None:
        if self.phase != "deal" or i != self.dealt or len(text) != 2 * self.hole_cards:
            raise Unsure
        cards = _cards(text)
        if cards is None:
            if "?" in text.replace("??", ""):
                raise Unsure
        else:
            self.note(cards)
            self.holes[i] = cards
        self.dealt += 1
        if self.dealt == self.n:
            self.begin_betting()

    def deal_board(self, text: str) -> None:
        want = 3 if not self.board else 1
        if self.phase not in ("board", "allin") or len(text) != 2 * want:
            raise Unsure
        cards = _cards(text)
        if cards is None or len(self.board) >= 5:
            raise Unsure
        self.note(cards)
        self.board.extend(cards)
        if self.phase == "board":
            self.begin_betting()

    def show(self, i: int, text: str | None) -> None:
        if self.phase not in ("allin", "showdown") or not self.live[i]:
            raise Unsure
        if text is None:  # mucked: out of the hand
            self.live[i] = False
            return
        if len(text) != 2 * self.hole_cards:
            raise Unsure
        cards = _cards(text)
        if cards is None:
            return
        if self.holes[i] is None:
            self.note(cards)
        elif self.holes[i] != cards:
            raise Unsure
        self.holes[i] = cards
        self.shown[i] = cards

    def show_won(self, action: Any) -> None:
        """The winner showing after everyone else folded (``p3 sm 8hAc``), as pokerkit allows."""
        words = action.split() if isinstance(action, str) else ()
        live = [i for i in range(self.n) if self.live[i]]
        if len(words) != 3 or words[1] != "sm" or len(live) != 1 or len(words[2]) != 4:
            raise Unsure
        i = _player(words[0], self.n)
        cards = _cards(words[2])
        if i != live[0] or cards is None or self.holes[i] is not None:
            raise Unsure
        self.note(cards)
        self.holes[i] = cards

    # -- the hand --------------------------------------------------------------------

    def step(self, action: Any) -> None:
        if not isinstance(action, str):
            raise Unsure
        words = action.split()
        match words:
            case ["d", "dh", who, text]:
                self.deal_hole(_player(who, self.n), text)
            case ["d", "db", text]:
                self.deal_board(text)
            case [who, "f" | "cc" as verb]:
                self.act(_player(who, self.n), verb, None)
            case [who, "cbr", amount]:
                self.act(_player(who, self.n), "cbr", amount)
            case [who, "sm"]:
                self.show(_player(who, self.n), None)
            case [who, "sm", text] if text != "-":
                self.show(_player(who, self.n), text)
            case _:
                raise Unsure

    def payoffs(self) -> list[Decimal]:
        """Each player's payoff (won - put in, an uncalled bet returned), as pokerkit pays."""
        paid = [p - r for p, r in zip(self.put, self.returned, strict=True)]
        won = [_ZERO] * self.n
        live = [i for i in range(self.n) if self.live[i]]
        bets = [p - a for p, a in zip(paid, self.antes, strict=True)]  # equal antes: no change
        if not live or max(bets) > max(bets[i] for i in live):
            raise Unsure  # chips that no player in the hand can win (mucked above the rest)
        if len(live) == 1:
            won[live[0]] = sum(paid, _ZERO)
            return [w - p for w, p in zip(won, paid, strict=True)]
        if len(self.board) != 5:
            raise Unsure
        return self.showdown(paid, live, won)

    def most_to(self, i: int, top: Decimal, most: Decimal) -> Decimal:
        """The largest bet or raise to for player ``i`` (no limit: all in, ``most``)."""
        return most

    def showdown(self, paid: list[Decimal], live: list[int], won: list[Decimal]) -> list[Decimal]:
        """Each player's payoff, the pots split among the best hands shown on the river."""
        from ..cards import parse_cards
        from ..evaluators.poker import hand_strength

        # A hand shown face down ('p2 sm ????') cannot win: pokerkit pays the best hand shown.
        strength = {
            i: hand_strength(np.array(parse_cards(list(shown + tuple(self.board)))))
            for i in live
            if (shown := self.shown[i]) is not None
        }
        for pot in build_pots(paid, live):
            known = [i for i in pot.eligible if i in strength]
            if not known:
                raise Unsure
            best = max(strength[i] for i in known)
            winners = [i for i in known if strength[i] == best]
            share = self.split(pot.amount, len(winners))
            for i in winners:
                won[i] += share
        return [w - p for w, p in zip(won, paid, strict=True)]

    def split(self, amount: Decimal, ways: int) -> Decimal:
        """An even share of a pot as pokerkit splits it: by the history's own ``divmod``
        (whole cents in a currency) where it has one, else :func:`_split`; unsure where a
        unit is left over (pokerkit gives it to the first winner of its own pots)."""
        own = getattr(self.history, "divmod", None)
        if ways == 1 or own is None or getattr(own, "__module__", "") == "pokerkit.utilities":
            return _split(amount, ways)
        share, odd = own(amount, ways)
        if odd:
            raise Unsure
        return Decimal(share)

    def run(self) -> Replay:
        return self.reconciled(self.play())

    def play(self) -> list[Decimal]:
        """Every action followed to the end of the hand: each player's payoff."""
        self.observe()
        for action in self.history.actions:
            if self.phase == "over":
                self.show_won(action)
                continue
            self.step(action)
            self.observe()
        if self.phase not in ("over", "allin", "showdown") or (
            self.phase == "allin" and len(self.board) != 5
        ):
            raise Unsure
        self.phase = "over"
        return self.payoffs()

    def reconciled(self, payoffs: list[Decimal]) -> Replay:
        """The replay checked against the history, as replay.py checks pokerkit's."""
        peak = self.put
        dead = self.antes
        for contributed in (returned(peak, dead), peak):
            won_replay = [p + c for p, c in zip(payoffs, contributed, strict=True)]
            total_pot = sum(contributed, _ZERO)
            if sum(won_replay, _ZERO) != total_pot:
                raise Unsure
            try:
                won, rake, checked = reconcile(
                    self.history, self.start, payoffs, won_replay, total_pot
                )
                break
            except HandError:
                continue
        else:
            raise Unsure
        return Replay(
            variant=self.variant,
            players=self.players,
            big_blind=big_blind(self.raw_blinds),
            contributed=tuple(contributed),
            won=tuple(won),
            rake=rake,
            checked=checked,
            holes=tuple(self.holes),
            board=tuple(self.board),
            allin=self.allin,
            streets=self.streets,
            starting=tuple(self.start),
        )


def _split(amount: Decimal, ways: int) -> Decimal:
    """An even share of a pot, where pokerkit splits it evenly (else :class:`Unsure`)."""
    if ways == 1:
        return amount
    if amount == amount.to_integral_value():
        if int(amount) % ways:
            raise Unsure
        return amount / ways
    share = amount / ways
    if share * ways != amount:
        raise Unsure
    return share
