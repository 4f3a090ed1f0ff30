"""Reading GGPoker text hand histories (cash games, as the client exports them) into PHH.

GGPoker writes PokerStars' format (:mod:`equity.histories.pokerstars` parses it
and turns it into a :class:`pokerkit.HandHistory`), with these differences:

* the header ``Poker Hand #RC3877234041: Hold'em No Limit ($0.01/$0.02) - ...``:
  the hand number has a letter prefix (``RC`` Rush & Cash, ``HD`` hold'em
  tables), kept as the hand id;
* ``*** SHOWDOWN ***`` where PokerStars writes ``*** SHOW DOWN ***``, and a
  ``Dealt to NAME`` line without cards for every player but the hero;
* the SUMMARY's ``Total pot $4.71 | Rake $0.15 | Jackpot $0.07 | Bingo $0 |
  Fortune $0 | Tax $0``: every fee after the total pot is taken from the pot, so
  the rake checked (total pot - total collected) is their sum;
* ``Cash Drop to Pot : total $0.20``: money the site adds to the pot, which
  the winner collects on top of the players' chips.  Such a hand is not
  scored: its pot is not the players' money alone;
* EV Cashout (``Chooses to EV Cashout``, ``Pays Cashout Risk ($1.26)``,
  ``Receives Cashout ($2.10)``): the player is paid an equity share instead of
  the pot, so the hand's money is not the pot's.  Not scored, as a PokerStars
  hand cashed out is not;
* ``received ($0.01) from time bank card`` and ``bought time bank card
  ($0.05)`` in the SUMMARY: payments between players beside the pot (the pot
  and what is collected do not include them), left out.

A hand run more than once is not scored: where PokerStars names only the
run-outs' streets ``FIRST``/``SECOND``, GGPoker names the streets before the
all-in ``FIRST`` too (``*** FIRST FLOP ***`` with bets on it), and its SUMMARY
says ``Hand was run two times``; those hands are reported, not read.
Only the games of :data:`~equity.histories.pokerstars.GAMES` are read, and only
cash games: the reader is verified on real Rush & Cash files
(tests/data/ggpoker), and a tournament hand (``Tournament #...`` in its
header) is reported as not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal, InvalidOperation
from typing import Any

from .pokerstars import PokerStarsError, parse_hand, split_hands, to_history

__all__ = ["VENUE", "is_ggpoker", "read_text_hands"]

VENUE = "GGPoker"
"""The PHH ``venue`` of a GGPoker hand."""

_HEADER = re.compile(
    r"^\ufeff?Poker Hand #(?P<id>[A-Z]{2}\d+):[ \t]*(?P<rest>.*)$",
    re.MULTILINE,
)
_SHOWDOWN = re.compile(r"^(\*\*\* (?:[A-Z]+ )?)SHOWDOWN(?= \*\*\*)", re.MULTILINE)
_TOTAL = re.compile(r"^Total pot [^|\n]*((?:\|[^|\n]*)*)$", re.MULTILINE)
_FEE = re.compile(r"\|\s*(?P<name>[A-Za-z ]+?)\s+(?P<amount>\S+)\s*")
_RUNS = re.compile(r"^(?:\*\*\* (?:FIRST|SECOND|THIRD) |Hand was run )", re.MULTILINE)
_CASH_DROP = re.compile(r"^Cash Drop to Pot\b", re.MULTILINE)
_CASHOUT = re.compile(r": (?:Chooses to EV Cashout|Pays Cashout Risk|Receives Cashout)\b")


def is_ggpoker(text: str) -> bool:
    """Whether ``text`` holds at least one GGPoker hand header (``Poker Hand #RC...:``)."""
    return _HEADER.search(text) is not None


def _fees(text: str) -> Decimal | None:
    """The sum of the fees of the SUMMARY's total pot line (rake, jackpot, ...), None if none."""
    m = _TOTAL.search(text)
    if m is None:
        return None
    total = Decimal(0)
    for fee in _FEE.finditer(m[1]):
        try:
            total += Decimal(fee["amount"].lstrip("$€£¥₹").replace(",", ""))
        except InvalidOperation:
            raise PokerStarsError(f"the {fee['name']} {fee['amount']!r} is not an amount") from None
    return total


def _history(hand_id: str, text: str) -> Any:
    """One GGPoker hand as a :class:`pokerkit.HandHistory`; :class:`PokerStarsError` if not."""
    if "Tournament #" in text.partition("\n")[0]:
        raise PokerStarsError(
            "a GGPoker tournament hand is not read (the reader is verified on cash games only)",
            "GGPoker tournament",
            unsupported=True,
        )
    if _RUNS.search(text):
        raise PokerStarsError(
            "a GGPoker hand run more than once is not scored (GGPoker names the streets before "
            "the all-in FIRST too: its run-outs are not read)",
            "run more than once",
            unsupported=True,
        )
    if _CASH_DROP.search(text):
        raise PokerStarsError(
            "a hand with a Cash Drop (money the site adds to the pot) is not scored",
            "cash drop",
            unsupported=True,
        )
    if _CASHOUT.search(text):
        raise PokerStarsError(
            "a hand cashed out (EV Cashout) is not scored", "cashed out", unsupported=True
        )
    hand = parse_hand(hand_id[2:], _SHOWDOWN.sub(r"\1SHOW DOWN", text), _HEADER)
    fees = _fees(text)
    if fees is not None:
        hand.rake = fees
    return to_history(hand, VENUE)


def read_text_hands(text: str) -> Iterator[tuple[str, Any | None, PokerStarsError | None]]:
    """Every hand of a GGPoker text: ``(hand id, HandHistory or None, error or None)``."""
    for hand_id, chunk in split_hands(text, _HEADER):
        try:
            history = _history(hand_id, chunk)
        except PokerStarsError as exc:
            yield hand_id, None, exc
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            reason = " ".join(str(exc).split()).rstrip(".") or type(exc).__name__
            yield hand_id, None, PokerStarsError(f"it does not convert to PHH ({reason})")
        else:
            yield hand_id, history, None
