"""Reading PokerNow game logs (the CSV a PokerNow table exports) into PHH hand histories.

The log is a CSV with the columns ``entry,at,order``, newest entry first; a
hand runs from ``-- starting hand #4 (No Limit Texas Hold'em) (dealer: "P1 @
eNVKMq2Tcb") --`` to ``-- ending hand #4 --``, its entries in ``order``.  The
entries read: ``Player stacks: #1 "name @ id" (100) | ...`` (seats and
stacks), ``posts a small blind of 10`` / ``posts a big blind of 20`` (``Dead
Small Blind`` when no small blind is posted), ``folds``, ``checks``, ``calls
20`` (the amount called *to*), ``bets 10``, ``raises to 100`` (``and go all
in``), ``Flop:  [3♦, 4♥, 8♠]``, ``Turn: ... [5♠]``, ``River: ... [A♣]``,
``shows a J♥, K♠.``, ``Uncalled bet of 8 returned to "name"`` and
``collected 200 from pot``.  A player is named as the log names them, ``name @
id``.  ``Your hand is ...`` is the hand of whoever exported the log, which the
log does not name: those cards are left unknown.  Players joining, leaving
and the admin's messages are passed over.

Each hand is turned into a :class:`~equity.histories.pokerstars.StarsHand` and
from there into a :class:`pokerkit.HandHistory` (:func:`~.pokerstars.to_history`),
so the replay and its reconciliation run unchanged: PokerNow takes no rake,
so the amounts collected must add up to the pot.  No-limit hold'em is read;
another game, a straddle or a hand run twice is reported as not scored, and a
hand whose entries cannot be read raises
:class:`~equity.histories.pokerstars.PokerStarsError` with the reason.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from .pokerstars import PokerStarsError, StarsHand, to_history

__all__ = ["VENUE", "PokerNowHand", "is_pokernow", "read_log_hands", "split_log"]

VENUE = "PokerNow"
"""The PHH ``venue`` of a PokerNow hand."""

_GAMES = {"No Limit Texas Hold'em": ("Hold'em No Limit", "NT")}
_START = re.compile(
    r"^-- starting hand #(?P<number>\d+)\s*(?:\(id: (?P<id>[^)]*)\))?\s*\(?(?P<game>[^()]*?)\)?"
    r"\s*\(dealer: \"(?P<dealer>.*)\"\) --$"
)
_END = re.compile(r"^-- ending hand #(?P<number>\d+) --$")
_STACK = re.compile(r"#(?P<seat>\d+) \"(?P<name>.*?)\" \((?P<stack>[\d.]+)\)(?: \| |$)")
_POST = re.compile(r"^posts an? (?P<what>small blind|big blind) of (?P<amount>[\d.]+)$")
_ACTION = re.compile(
    r"^(?P<verb>folds|checks|calls|bets|raises to)(?: (?P<amount>[\d.]+))?(?: and go all in)?$"
)
_STREET = re.compile(r"^(?P<name>Flop|Turn|River):.*\[(?P<cards>[^\]]*)\]$")
_SHOWS = re.compile(r"^shows a (?P<cards>.*?)\.?$")
_COLLECTED = re.compile(r"^collected (?P<amount>[\d.]+) from pot\b")
_UNCALLED = re.compile(r"^Uncalled bet of [\d.]+ returned to \"")
_PASSED = (
    "The player ",
    "The admin ",
    "The game's ",
    "Your hand is ",
    "Dead Small Blind",
    "Undealt cards",
)
_SUITS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}


@dataclass
class _LogHand(StarsHand):
    """A PokerNow hand: its smallest amount is the finest one its log writes (chips, or
    cents where the table plays for cents), for splitting a pot."""

    chip: Decimal = Decimal(1)

    @property
    def unit(self) -> Decimal:
        """The smallest amount of the hand."""
        return self.chip


@dataclass(frozen=True)
class PokerNowHand:
    """One hand of a PokerNow log: its number, id (newer logs) and entries in order."""

    number: str
    hand_id: str
    """The log's ``(id: ...)``, empty in older logs."""
    entries: tuple[str, ...]

    @property
    def text(self) -> str:
        """The hand's entries, one a line."""
        return "\n".join(self.entries)


def is_pokernow(text: str) -> bool:
    """Whether ``text`` is a PokerNow log: the ``entry,at,order`` header and a starting hand."""
    head = text.lstrip("\ufeff")[:64].splitlines()
    return bool(head) and head[0].strip() == "entry,at,order" and "-- starting hand #" in text


def split_log(text: str) -> list[PokerNowHand]:
    """The hands of a log, in the order played (entries outside a hand left out)."""
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    entries: list[tuple[int, str]] = []
    for k, row in enumerate(rows[1:]):
        if len(row) >= 3:
            try:
                entries.append((int(row[2]), row[0]))
            except ValueError:
                entries.append((k, row[0]))
    entries.sort(key=lambda e: e[0])
    runs: list[list[str]] = []
    current: list[str] | None = None
    for _, entry in entries:
        if entry.startswith("-- starting hand #"):
            current = [entry]
            runs.append(current)
        elif current is not None:
            current.append(entry)
            if _END.match(entry):
                current = None
    hands = []
    for run in runs:
        m = _START.match(run[0])
        number, hand_id = (m["number"], m["id"] or "") if m else ("", "")
        hands.append(PokerNowHand(number, hand_id, tuple(run)))
    return hands


def _amount(text: str) -> Decimal:
    try:
        return Decimal(text)
    except InvalidOperation:
        raise PokerStarsError(f"{text!r} is not an amount") from None


def _cards(text: str) -> list[str]:
    """``J♥, 10♠`` as ``["Jh", "Ts"]``."""
    cards = []
    for card in text.replace(",", " ").split():
        rank, suit = card[:-1], _SUITS.get(card[-1:], "")
        rank = "T" if rank == "10" else rank
        if not suit or rank not in "23456789TJQKA" or len(rank) != 1:
            raise PokerStarsError(f"the cards {text!r} are not cards")
        cards.append(rank + suit)
    return cards


def _speaker(entry: str, names: list[str]) -> tuple[str, str] | None:
    """The player whose quoted name starts ``entry``, and the rest of the entry."""
    for name in names:
        if entry.startswith(f'"{name}" '):
            return name, entry[len(name) + 3 :]
    return None


def parse_log_hand(log_hand: PokerNowHand) -> StarsHand:
    """One hand of a log as a :class:`StarsHand`; :class:`PokerStarsError` if it cannot be read."""
    entries = log_hand.entries
    start = _START.match(entries[0])
    if start is None:
        raise PokerStarsError("the starting line is not understood")
    game = start["game"].strip()
    if game not in _GAMES:
        raise PokerStarsError(
            f"the game {game!r} is not scored (only No Limit Texas Hold'em)",
            "unsupported variant",
            unsupported=True,
        )
    if not _END.match(entries[-1]):
        raise PokerStarsError("the hand has no ending line: it is cut short")
    stacks_line = next((e for e in entries if e.startswith("Player stacks: ")), None)
    if stacks_line is None:
        raise PokerStarsError("the hand lists no player stacks")
    seats = {m["name"]: int(m["seat"]) for m in _STACK.finditer(stacks_line)}
    stacks = {m["name"]: _amount(m["stack"]) for m in _STACK.finditer(stacks_line)}
    if start["dealer"] not in seats:
        raise PokerStarsError("the dealer is not a seated player")
    name, variant = _GAMES[game]
    hand = _LogHand(
        log_hand.number, name, variant, "", "", Decimal(0), Decimal(0),
        seats[start["dealer"]], seats, stacks,
    )  # fmt: skip
    names = sorted(seats, key=len, reverse=True)
    street, paid = "preflop", dict.fromkeys(seats, Decimal(0))
    for entry in entries[1:-1]:
        if entry.startswith(("Player stacks: ", *_PASSED)) or _UNCALLED.match(entry):
            continue
        if m := _STREET.match(entry):
            street, paid = m["name"].lower(), dict.fromkeys(seats, Decimal(0))
            hand.boards.append(_cards(m["cards"]))
            continue
        if "second run" in entry or "run it twice" in entry.lower():
            raise PokerStarsError(
                "a hand run more than once is not scored", "run more than once", unsupported=True
            )
        found = _speaker(entry, names)
        if found is None:
            raise PokerStarsError(f"the entry {entry!r} is not understood")
        player, rest = found
        _entry(hand, player, rest, street, paid)
    hand.small_blind = next((a for _, w, a in hand.posts if w == "small blind"), Decimal(0))
    hand.big_blind = next((a for _, w, a in hand.posts if w == "big blind"), Decimal(0))
    hand.rake = Decimal(0)  # PokerNow takes none: the amounts collected are the whole pot
    amounts = [*stacks.values(), *(a for _, _, a in hand.posts), *(a[3] for a in hand.actions)]
    places = [int(a.as_tuple().exponent) for a in amounts if a.is_finite()]
    hand.chip = Decimal(1).scaleb(min([0, *places]))  # 0.01 for a table playing cents
    return hand


def _entry(hand: StarsHand, player: str, rest: str, street: str, paid: dict[str, Any]) -> None:
    """One entry of ``player``: a post, an action, the cards shown or the amount collected."""
    if m := _POST.match(rest):
        if street != "preflop" or hand.actions:
            raise PokerStarsError(f"{player} posts after the betting began")
        hand.posts.append((player, m["what"], _amount(m["amount"])))
        paid[player] = _amount(m["amount"])
    elif m := _ACTION.match(rest):
        verb, amount = m["verb"], _amount(m["amount"]) if m["amount"] else None
        if verb in ("folds", "checks"):
            hand.actions.append((street, player, "f" if verb == "folds" else "cc", Decimal(0)))
            return
        if amount is None:
            raise PokerStarsError(f"{player}'s action '{verb}' has no amount")
        if verb == "calls":  # the amount called to: the chips added are the difference
            hand.actions.append((street, player, "cc", amount - paid[player]))
        else:
            hand.actions.append((street, player, "cbr", amount))
        paid[player] = amount
    elif m := _SHOWS.match(rest):
        hand.cards[player] = _cards(m["cards"])
        if player not in hand.shown:
            hand.shown.append(player)
    elif m := _COLLECTED.match(rest):
        hand.collected[player] = hand.collected.get(player, Decimal(0)) + _amount(m["amount"])
    elif rest.startswith("posts a straddle"):
        raise PokerStarsError("a hand with a straddle is not scored", "straddle", unsupported=True)
    else:
        raise PokerStarsError(f"{player}'s entry {rest!r} is not understood")


def read_log_hands(text: str) -> Iterator[tuple[PokerNowHand, Any | None, PokerStarsError | None]]:
    """Every hand of a PokerNow log: ``(hand, HandHistory or None, error or None)``."""
    for log_hand in split_log(text):
        try:
            history = to_history(parse_log_hand(log_hand), VENUE)
        except PokerStarsError as exc:
            yield log_hand, None, exc
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            reason = " ".join(str(exc).split()).rstrip(".") or type(exc).__name__
            yield log_hand, None, PokerStarsError(f"it does not convert to PHH ({reason})")
        else:
            yield log_hand, history, None
