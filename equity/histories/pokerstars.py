"""Reading PokerStars text hand histories (cash games and tournaments) into PHH hand histories.

A PokerStars file holds hands one after the other, each starting with a line
``PokerStars Hand #...``, ``PokerStars Zoom Hand #...`` or ``PokerStars Game
#...``.  Each hand is parsed line by line (header, seats and stacks, antes
and blinds, hole cards, actions street by street, uncalled bets, board,
showdown, collected amounts and the SUMMARY) and turned into a
:class:`pokerkit.HandHistory` (the PHH fields: ``antes``,
``blinds_or_straddles``, ``starting_stacks``, actions like ``d dh p1 AsKs``,
``p2 cbr 300``, ``d db 7h8h9h``, ``p1 sm AsKs``, ``winnings``), so that the
replay and its reconciliation (:mod:`equity.histories.replay`) run unchanged.

Where pokerkit's own ``PokerStarsParser`` drops the antes, here every ``posts
the ante`` is the player's ante (a short stack can be all-in through it), a
dead small blind (``posts small & big blinds``, or a small blind posted out of
position) is dead money like an ante, and a big blind posted out of position is
a live bet that does not change the order of play.  The SUMMARY's total pot
and rake are kept (as the PHH user-defined fields ``_total_pot`` and
``_rake``) for the replay to check; the collected amounts are the winnings.

A hand run more than once (:mod:`equity.histories.stars_runs`) deals its
run-outs in turn, what each one paid kept as ``_runout_winnings``
(:mod:`equity.histories.runouts`).  Hold'em No Limit and Omaha Pot Limit (4 or 5
cards, high or Hi/Lo) are read; any other game or a hand cashed out is reported as
not scored.  A hand that cannot be read raises :class:`PokerStarsError` with the
reason in one sentence.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import partial
from typing import Any

from .calls import call_error
from .sites import split_in_units
from .stars_runs import RUN_STREET, StarsRuns

__all__ = [
    "GAMES",
    "PokerStarsError",
    "StarsHand",
    "is_pokerstars",
    "parse_hand",
    "split_hands",
    "to_history",
]

GAMES = {
    "Hold'em No Limit": "NT",
    "Omaha Pot Limit": "PO",
    "5 Card Omaha Pot Limit": "PO5",
    "Omaha Hi/Lo Pot Limit": "PO/8",
    "5 Card Omaha Hi/Lo Pot Limit": "PO5/8",
}
"""The PokerStars games read, and their PHH variant codes (:mod:`equity.histories.variants`)."""
_HOLE_CARDS = {"NT": 2, "PO": 4, "PO5": 5, "PO/8": 4, "PO5/8": 5}

_HEADER = re.compile(
    r"^\ufeff?PokerStars (?:Zoom |Home Game |Rush )?(?:Hand|Game) #(?P<id>\d+):[ \t]*(?P<rest>.*)$",
    re.MULTILINE,
)
_GAME_WORDS = re.compile(
    r"Hold'em|Omaha|Courchevel|Razz|Badugi|Stud|Draw|Lowball|HORSE|HOSE|Mixed|\d-Game"
)
_STAKES = re.compile(r"\((?P<sb>[^()/\s]+)/(?P<bb>[^()/\s]+)(?: (?P<cur>[A-Z]{3}))?\)")
_SEPARATOR = re.compile(r"^\*{5,} ?#? ?\d* ?\*{5,}[ \t]*$", re.MULTILINE)
"""The lines some PokerStars exports put between hands (``*********** # 2 ***...``)."""
_BUTTON = re.compile(r"Seat #(\d+) is the button")
_SEAT = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()\s,]+) in chips(?P<tail>.*)$"
)
_POST = re.compile(
    r"^posts (?P<what>small blind|big blind|small & big blinds|the ante|ante) (?P<amount>\S+)"
    r"(?P<allin> and is all-in)?$"
)
_ACTION = re.compile(
    r"^(?P<verb>folds|checks|calls|bets|raises)(?: (?P<a>[^\s\[]+)(?: to (?P<b>\S+))?)?"
    r"(?P<allin> and is all-in)?(?: \[(?P<cards>[^\]]*)\])?$"
)
_SHOWS = re.compile(r"^shows \[(?P<cards>[^\]]*)\]")
_STREET = re.compile(r"^\*\*\* (?P<name>[A-Z ]+?) \*\*\*(?P<cards>.*)$")
_COLLECTED = re.compile(
    r" collected (?P<amount>\S+) from (?:the )?(?:main |side )?pot(?:-\d+)?\s*$"
)
_UNCALLED = re.compile(r"^Uncalled bet \((?P<amount>[^)]+)\) returned to (?P<name>.+)$")
_TOTAL = re.compile(r"^Total pot (?P<pot>\S+).*?\| Rake (?P<rake>\S+)")
_SUMMARY_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<rest>.*)$")
_WON = re.compile(r"(?:\bwon|\bcollected) \((?P<amount>[^)]+)\)")
_SUMMARY_CARDS = re.compile(r"\b(?:showed|mucked) \[(?P<cards>[^\]]*)\]")
_CARD = re.compile(r"^[2-9TJQKA][cdhs]$")
_PLACE = re.compile(
    r" (?:finished the tournament in (?P<place>\d+)(?:st|nd|rd|th) place"
    r"|(?P<won>wins the tournament))\b"
)
_IGNORED_VERBS = (
    "sits out",
    "is sitting out",
    "doesn't show hand",
    "mucks hand",
    "has timed out",
    "is disconnected",
    "is connected",
    "has returned",
    "leaves the table",
)
_CURRENCY_SYMBOLS = "$€£¥₹"
_NOT_DIGITS = str.maketrans("", "", _CURRENCY_SYMBOLS + ",")  # an amount's symbols and commas


class PokerStarsError(ValueError):
    """A PokerStars hand that cannot be read, or that is not scored: the reason, one sentence."""

    def __init__(
        self, reason: str, kind: str = "not a valid PokerStars hand", *, unsupported: bool = False
    ) -> None:
        super().__init__(reason)
        self.kind = kind
        """A short label for counting hands by reason."""
        self.unsupported = unsupported
        """True for a hand that reads but is not scored (another game, cashed out)."""


def _unsupported(reason: str, kind: str) -> PokerStarsError:
    return PokerStarsError(reason, kind, unsupported=True)


@dataclass
class StarsHand:
    """One PokerStars hand as parsed from its text (names, amounts, cards as written)."""

    hand_id: str
    game: str
    variant: str
    tournament: str
    """The tournament number, empty for a cash game."""
    currency: str
    small_blind: Decimal
    big_blind: Decimal
    button: int
    seats: dict[str, int]
    """Seat number of every player dealt in (in the order listed)."""
    stacks: dict[str, Decimal]
    posts: list[tuple[str, str, Decimal]] = field(default_factory=list)
    """``(player, "small blind" | "big blind" | "small & big blinds" | "ante", amount)``."""
    actions: list[tuple[str, str, str, Decimal]] = field(default_factory=list)
    """``(street, player, "f" | "cc" | "cbr" | "bet", amount)``: for ``cbr`` the amount bet to,
    for ``bet`` the amount bet, for ``cc`` the amount called (0 for a check)."""
    boards: list[list[str]] = field(default_factory=list)
    """The cards of the flop, turn and river, as dealt."""
    cards: dict[str, list[str]] = field(default_factory=dict)
    """Hole cards known: dealt to the hero, shown or mucked face up."""
    shown: list[str] = field(default_factory=list)
    """Players who showed at showdown, in order."""
    mucked: list[str] = field(default_factory=list)
    uncalled: dict[str, Decimal] = field(default_factory=dict)
    collected: dict[str, Decimal] = field(default_factory=dict)
    summary_won: dict[str, Decimal] = field(default_factory=dict)
    total_pot: Decimal | None = None
    rake: Decimal | None = None
    table: str = ""
    in_summary: list[str] = field(default_factory=list)
    places: dict[str, int] = field(default_factory=dict)
    """Tournament places the hand records (``finished the tournament in 3rd place``,
    ``wins the tournament``: 1)."""
    runs: StarsRuns = field(default_factory=StarsRuns)
    """The run-outs of a hand run more than once."""

    @property
    def unit(self) -> Decimal:
        """The smallest amount: a cent in a currency, else one chip."""
        return Decimal("0.01") if self.currency else Decimal(1)


def is_pokerstars(text: str) -> bool:
    """Whether ``text`` holds at least one PokerStars hand header."""
    return _HEADER.search(text) is not None


def split_hands(text: str, header: re.Pattern[str] = _HEADER) -> list[tuple[str, str]]:
    """The hands of a file: ``(hand id, text)`` from each ``header`` line to the next."""
    marks = list(header.finditer(text))
    ends = [m.start() for m in marks[1:]] + [len(text)]
    return [
        (m["id"], _SEPARATOR.sub("", text[m.start() : end]).strip())
        for m, end in zip(marks, ends, strict=True)
    ]


def _amount(text: str) -> Decimal:
    cleaned = text.strip().translate(_NOT_DIGITS)
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        raise PokerStarsError(f"{text!r} is not an amount") from None
    if not value.is_finite() or value < 0:
        raise PokerStarsError(f"{text!r} is not an amount")
    return value


def _cards(text: str, who: str) -> list[str]:
    cards = text.split()
    if not cards or not all(_CARD.match(c) for c in cards):
        raise PokerStarsError(f"{who}'s cards [{text}] are not cards")
    return cards


def _hole(hand: StarsHand, name: str, text: str) -> bool:
    """Note ``name``'s hole cards when all are given (a single card shown is not enough)."""
    cards = _cards(text, name)
    if len(cards) != _HOLE_CARDS[hand.variant]:
        return False
    hand.cards[name] = cards
    return True


def _parse_header(rest: str) -> tuple[str, str, str, str, Decimal, Decimal]:
    """game, variant code, tournament, currency, small blind, big blind."""
    tournament = ""
    if m := re.match(r"Tournament #(\d+),\s*", rest):
        tournament = m[1]
    found = _GAME_WORDS.search(rest)
    if found is None:
        raise PokerStarsError(f"no game in the header {rest!r}")
    start = found.start()
    # "5 Card Omaha", "6+ Hold'em", "7 Card Stud": the words before the game name
    if m := re.search(r"(?:\d\+? ?Card |\d\+ )$", rest[:start]):
        start = m.start()
    game = re.split(r" \(| - ", rest[start:], maxsplit=1)[0].strip()
    if game not in GAMES:
        raise _unsupported(
            f"the game {game!r} is not scored (only Hold'em No Limit and Omaha Pot Limit)",
            "unsupported variant",
        )
    stakes = _STAKES.search(rest, start)
    if stakes is None:
        raise PokerStarsError(f"no blinds in the header {rest!r}")
    currency = stakes["cur"] or ""
    if not currency and any(s in stakes["bb"] for s in _CURRENCY_SYMBOLS):
        currency = next(s for s in _CURRENCY_SYMBOLS if s in stakes["bb"])
    return game, GAMES[game], tournament, currency, _amount(stakes["sb"]), _amount(stakes["bb"])


def _player_prefix(line: str, names: list[str], sep: str) -> tuple[str, str] | None:
    """The (longest) player name that starts ``line`` followed by ``sep``, and the rest."""
    for name in names:
        if line.startswith(name) and line.startswith(sep, len(name)):
            return name, line[len(name) + len(sep) :]
    return None


def parse_hand(hand_id: str, text: str, header_line: re.Pattern[str] = _HEADER) -> StarsHand:
    """Parse one hand's text; :class:`PokerStarsError` with the reason when it cannot be read.

    ``header_line`` matches the first line (its ``rest``: game and stakes); another
    site writing PokerStars' format passes its own (:mod:`equity.histories.ggpoker`).
    """
    lines = [line.strip() for line in text.splitlines()]
    lines = [line for line in lines if line]
    header = header_line.match(lines[0])
    if header is None:
        raise PokerStarsError("the first line is not a hand header")
    game, variant, tournament, currency, sb, bb = _parse_header(header["rest"])
    button = 0
    table = ""
    listed: dict[str, int] = {}
    stacks: dict[str, Decimal] = {}
    sitting_out: set[str] = set()
    k = 1
    if k < len(lines) and lines[k].startswith("Table "):
        if m := _BUTTON.search(lines[k]):
            button = int(m[1])
        if m := re.match(r"Table '([^']*)'", lines[k]):
            table = m[1]
        k += 1
    while k < len(lines) and (m := _SEAT.match(lines[k])):
        listed[m["name"]] = int(m["seat"])
        stacks[m["name"]] = _amount(m["stack"])
        tail = m["tail"].lower()
        if "sitting out" in tail or "out of hand" in tail:
            sitting_out.add(m["name"])
        k += 1
    if not listed:
        raise PokerStarsError("no seat with chips is listed")
    hand = StarsHand(
        hand_id, game, variant, tournament, currency, sb, bb, button, {}, stacks, table=table
    )
    names = sorted(listed, key=len, reverse=True)
    street = "blinds"
    for line in lines[k:]:
        if line.startswith("*** "):
            street = _street(hand, line, street)
            continue
        if street == "summary":
            _summary_line(hand, line, listed)
            continue
        _body_line(hand, line, street, names)
    if street != "summary":
        raise PokerStarsError("the hand has no SUMMARY: it is cut short")
    if not hand.in_summary:
        raise PokerStarsError("the SUMMARY names no player")
    dealt = [n for n in hand.in_summary if n not in sitting_out]
    hand.seats = {n: listed[n] for n in dealt}
    _runs(hand.runs.check, hand.boards)
    return hand


def _runs(call: Callable[..., Any], *args: Any) -> Any:
    """A call on the run-outs (:mod:`.stars_runs`), its error a :class:`PokerStarsError`."""
    try:
        return call(*args)
    except ValueError as exc:
        raise PokerStarsError(str(exc)) from None


def _street(hand: StarsHand, line: str, street: str) -> str:
    m = _STREET.match(line)
    if m is None:
        raise PokerStarsError(f"the line {line!r} is not understood")
    name = m["name"]
    if run := RUN_STREET.match(name):
        return str(_runs(hand.runs.street, run, m["cards"], partial(_cards, who="the board")))
    if name == "HOLE CARDS":
        return "preflop"
    if name in ("FLOP", "TURN", "RIVER"):
        brackets = re.findall(r"\[([^\]]*)\]", m["cards"])
        if not brackets:
            raise PokerStarsError(f"the {name.lower()} has no cards")
        cards = _cards(brackets[-1], "the board")
        if len(cards) != (3 if name == "FLOP" else 1):
            raise PokerStarsError(f"the {name.lower()} [{brackets[-1]}] has the wrong card count")
        hand.boards.append(cards)
        return name.lower()
    if name == "SHOW DOWN":
        return "showdown"
    if name == "SUMMARY":
        return "summary"
    raise PokerStarsError(f"the street line {line!r} is not understood")


def _body_line(hand: StarsHand, line: str, street: str, names: list[str]) -> None:
    """One line before the SUMMARY: posts, hole cards, actions, shows, uncalled, collected."""
    if line.startswith("Dealt to "):
        rest = line[len("Dealt to ") :]
        found = _player_prefix(rest, names, " [")
        if found is not None:
            _hole(hand, found[0], found[1].split("]")[0])
        elif rest not in names:
            raise PokerStarsError(f"cards dealt to an unseated player ({line!r})")
        return
    if line.startswith("Uncalled bet (") and (m := _UNCALLED.match(line)):
        hand.uncalled[m["name"]] = hand.uncalled.get(m["name"], Decimal(0)) + _amount(m["amount"])
        return
    if (
        " collected " in line
        and (m := _COLLECTED.search(line))
        and (who := _player_prefix(line, names, " collected "))
    ):
        amount = _amount(m["amount"])
        hand.collected[who[0]] = hand.collected.get(who[0], Decimal(0)) + amount
        hand.runs.collect(street, who[0], amount)
        return
    if (
        hand.tournament
        and (m := _PLACE.search(line))
        and (who := _player_prefix(line, names, m[0]))
    ):
        hand.places[who[0]] = 1 if m["won"] else int(m["place"])
        return
    if " cashed out the hand" in line:
        raise _unsupported("a hand cashed out before the showdown is not scored", "cashed out")
    found = _player_prefix(line, names, ": ")
    if found is None:
        return  # chat, connections, tournament results, table moves
    name, rest = found
    if m := _POST.match(rest):
        what = "ante" if m["what"] in ("the ante", "ante") else m["what"]
        if street != "blinds":
            raise PokerStarsError(f"{name} posts after the cards are dealt")
        hand.posts.append((name, what, _amount(m["amount"])))
        return
    if m := _ACTION.match(rest):
        _action(hand, name, street, m)
        return
    if m := _SHOWS.match(rest):
        if _hole(hand, name, m["cards"]) and name not in hand.shown:
            hand.shown.append(name)
        return
    if rest.startswith("mucks hand") and name not in hand.mucked:
        hand.mucked.append(name)
    if rest.startswith(_IGNORED_VERBS):
        return
    raise PokerStarsError(f"the line {line!r} is not understood")


def _action(hand: StarsHand, name: str, street: str, m: re.Match[str]) -> None:
    if street not in ("preflop", "flop", "turn", "river"):
        raise PokerStarsError(f"{name} {m['verb']} outside a betting round")
    verb = m["verb"]
    if verb == "folds":
        if m["cards"]:
            _hole(hand, name, m["cards"])
        hand.actions.append((street, name, "f", Decimal(0)))
    elif verb == "checks":
        hand.actions.append((street, name, "cc", Decimal(0)))
    elif verb == "calls" and m["a"] is not None:
        hand.actions.append((street, name, "cc", _amount(m["a"])))
    elif verb == "bets" and m["a"] is not None:
        hand.actions.append((street, name, "bet", _amount(m["a"])))
    elif verb == "raises" and m["b"] is not None:
        hand.actions.append((street, name, "cbr", _amount(m["b"])))
    else:
        raise PokerStarsError(f"{name}'s action '{verb}' has no amount")


def _summary_line(hand: StarsHand, line: str, listed: dict[str, int]) -> None:
    if m := _TOTAL.match(line):
        hand.total_pot = _amount(m["pot"])
        hand.rake = _amount(m["rake"])
        return
    if _runs(hand.runs.summary, line, partial(_cards, who="the board")):
        return  # Hand was run twice, FIRST Board [...]
    m = _SUMMARY_SEAT.match(line)
    if m is None:
        return  # Board [...], jackpot and other notes
    seat = int(m["seat"])
    name = next((n for n, s in listed.items() if s == seat and m["rest"].startswith(n)), None)
    if name is None:
        raise PokerStarsError(f"the SUMMARY's seat {seat} is not a listed player")
    hand.in_summary.append(name)
    rest = m["rest"][len(name) :]
    if c := _SUMMARY_CARDS.search(rest):
        _hole(hand, name, c["cards"])
    for w in _WON.finditer(rest):  # a hand run more than once: one amount a run-out won
        hand.summary_won[name] = hand.summary_won.get(name, Decimal(0)) + _amount(w["amount"])


def _order(hand: StarsHand) -> list[str]:
    """The players dealt in, from the first seat after the button round to the button."""
    players = sorted(hand.seats, key=hand.seats.__getitem__)
    after = [p for p in players if hand.seats[p] > hand.button]
    return after + [p for p in players if hand.seats[p] <= hand.button]


def _forced_bets(hand: StarsHand, order: list[str]) -> tuple[list[Decimal], list[Decimal]]:
    """Per player (in ``order``): antes (dead money) and blinds (negative: live, out of turn)."""
    n = len(order)
    zero = Decimal(0)
    antes, blinds = [zero] * n, [zero] * n
    index = {p: i for i, p in enumerate(order)}
    small = next((p for p, what, _ in hand.posts if what == "small blind"), None)
    big = next((p for p, what, _ in hand.posts if what == "big blind"), None)
    if n == 2:
        slots = {order[1]: "small blind", order[0]: "big blind"}
    else:
        slots = {order[0]: "small blind", order[1]: "big blind"}
        if small is None and big == order[0]:
            slots = {order[0]: "big blind"}
    for player, what, amount in hand.posts:
        if player not in index:
            raise PokerStarsError(f"{player} posts but is not dealt in")
        i = index[player]
        if what == "ante":
            antes[i] += amount
        elif slots.get(player) == what and not blinds[i]:
            blinds[i] = amount
        elif n == 2 or i < 2:
            raise PokerStarsError(
                f"{player} posts the {what} out of position (button seat {hand.button})"
            )
        elif what == "small blind":
            antes[i] += amount  # dead
        elif what == "big blind":
            blinds[i] = -amount  # live, but not a straddle: the order of play stays
        else:  # small & big blinds: the small one dead, the big one live
            dead = min(hand.small_blind, amount)
            antes[i] += dead
            blinds[i] = -(amount - dead)
    if n == 2:
        antes.reverse()
        blinds.reverse()
    return antes, blinds


def _actions(hand: StarsHand, order: list[str]) -> list[str]:
    """The PHH actions: hole cards, betting, the showdown right after the last bet, the board."""
    label = {p: f"p{i + 1}" for i, p in enumerate(order)}
    unknown = "??" * _HOLE_CARDS[hand.variant]
    out = [f"d dh {label[p]} {''.join(hand.cards.get(p, [])) or unknown}" for p in order]
    streets = ["preflop", "flop", "turn", "river"]
    folded: set[str] = set()
    last = len(out)
    for s, street in enumerate(streets):
        if s > 0:
            if len(hand.boards) < s:
                if any(a[0] == street for a in hand.actions):
                    raise PokerStarsError(f"actions on the {street} but no {street} dealt")
                break
            out.append(f"d db {''.join(hand.boards[s - 1])}")
        bets: dict[str, Decimal] = {}
        for st, player, kind, amount in hand.actions:
            if st != street:
                continue
            if kind == "f":
                folded.add(player)
                out.append(f"{label[player]} f")
            elif kind == "cc":
                out.append(f"{label[player]} cc")
            else:
                to = amount + bets.get(player, Decimal(0)) if kind == "bet" else amount
                bets[player] = to
                out.append(f"{label[player]} cbr {to}")
            last = len(out)
    if len(hand.boards) > 3:
        raise PokerStarsError("more than three board dealings")
    remaining = [p for p in order if p not in folded]
    if len(remaining) > 1:
        showdown = [f"{label[p]} sm {''.join(hand.cards[p])}" for p in hand.shown if p in remaining]
        if last == len(out):
            # a muck before the board is out would leave one player for the run-out:
            # there pokerkit shows the mucked hand (its cards known or not) instead
            showdown += [f"{label[p]} sm" for p in hand.mucked if p not in hand.shown]
        out[last:last] = showdown
    return out + hand.runs.actions()  # a hand run more than once: each run-out in turn


def to_history(hand: StarsHand, venue: str = "PokerStars") -> Any:
    """The hand as a :class:`pokerkit.HandHistory` (PHH fields), for the replay."""
    from .variants import OmahaHandHistory as HandHistory

    order = _order(hand)
    if len(order) < 2:
        raise PokerStarsError("fewer than two players are dealt in")
    antes, blinds = _forced_bets(hand, order)
    wrong = call_error(hand.actions, hand.stacks, order, (antes, blinds))
    if wrong is not None:
        raise PokerStarsError(wrong, "call differs from the bet")
    collected = hand.collected or hand.summary_won
    if hand.collected and hand.summary_won:
        for name in sorted(set(hand.collected) | set(hand.summary_won)):
            got, says = hand.collected.get(name, Decimal(0)), hand.summary_won.get(name, Decimal(0))
            if got != says:
                raise PokerStarsError(f"{name} collected {got} but the SUMMARY says {says}")
    for name in collected:
        if name not in order:
            raise PokerStarsError(f"{name} collects but is not dealt in")
    extra: dict[str, Any] = {}
    if hand.total_pot is not None:
        extra["_total_pot"] = hand.total_pot
    if hand.rake is not None:
        extra["_rake"] = hand.rake
    if hand.runs.count > 1:
        extra["_runout_winnings"] = hand.runs.winnings(order)
    if hand.tournament:
        extra["_tournament"] = hand.tournament
        extra["_places"] = [hand.places.get(p, 0) for p in order]
    fields: dict[str, Any] = {
        "variant": hand.variant,
        "ante_trimming_status": False,
        "antes": antes,
        "blinds_or_straddles": blinds,
        "min_bet": hand.big_blind,
        "starting_stacks": [hand.stacks[p] for p in order],
        "actions": _actions(hand, order),
        "players": order,
        "seats": [hand.seats[p] for p in order],
        "hand": int(hand.hand_id),
        "table": hand.table or None,
        "venue": venue,
        "winnings": [collected.get(p, Decimal(0)) for p in order],
        "user_defined_fields": extra,
        "divmod": partial(split_in_units, unit=hand.unit),
    }
    if len(hand.currency) == 3:
        fields["currency"] = hand.currency
    elif hand.currency:
        fields["currency_symbol"] = hand.currency
    return HandHistory(**fields)


def read_text_hands(text: str) -> Iterator[tuple[str, Any | None, PokerStarsError | None]]:
    """Every hand of a PokerStars text: ``(hand id, HandHistory or None, error or None)``."""
    for hand_id, chunk in split_hands(text):
        try:
            history = to_history(parse_hand(hand_id, chunk))
        except PokerStarsError as exc:
            yield hand_id, None, exc
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            reason = " ".join(str(exc).split()).rstrip(".") or type(exc).__name__
            yield hand_id, None, PokerStarsError(f"it does not convert to PHH ({reason})")
        else:
            yield hand_id, history, None
