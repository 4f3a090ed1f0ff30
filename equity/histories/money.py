"""Tournament hands in prize money: ICM-adjusted all-in results (``ev_money``, ``luck_money``).

With the payouts of a tournament (the prize of each place, first place first),
every hand played while the whole field sat at one table (every remaining
player's stack known: a final table, or a single-table tournament) is valued
in money by the Independent Chip Model (:func:`equity.icm`):

* **before**: each seated player's prize EV of the stacks when the hand began;
* **money** = prize EV of the stacks after the hand as dealt - before;
* **ev_money**, for a player of a scored all-in (every such player's cards
  known): sum over the outcomes of the run-out (which players win each pot,
  ties split) of P(outcome) x prize EV of the stacks after that outcome -
  before.  The outcomes of the main and side pots are correlated, so the
  board completions are enumerated jointly (every one of them: exact) and
  each is mapped to the stacks it leaves (two players and one pot: the exact
  engine's win and tie probabilities); for every other player of the hand,
  and in hands without a scored all-in, ev_money = money;
* **luck_money** = money - ev_money.

Prize EV of a set of stacks: the players left with chips share the prizes of
places 1 to m (m of them) by ICM; the players who busted in the hand take
places m + 1 onwards, the larger stack when the hand began the better place,
equal stacks sharing their places' prizes equally (the usual tournament rule).  So per
hand the players' ``money``, ``ev_money`` and ``luck_money`` each add up to
zero (up to float rounding): the prizes still to be won are shared among the
players seated, whatever happens.

This is PokerTracker 4's "Net Adjusted Winnings" (its ICM-adjusted winnings
for tournaments), which it computes only when the payout structure is known,
an all-in between two or more players occurs, the hole cards of every player
with equity in the pot are recorded and the all-in occurs at a final table
(https://docs.pokertracker.com/pt4/tutorials/tournaments/net-adjusted-winnings-graphs/).
PokerTracker describes its figure as the ICM value of a chip times the
all-in-equity-adjusted chips; here the prize EV of every outcome's stacks is
weighted by its exact probability, as in the worked example the tests
reproduce (pokerstrategy.com forum, thread 295052: three equal stacks, 65/35
payouts, 55% to win the whole pot: -$18.50).

**The field**: a hand's stacks are the whole field only when nobody remains at
another table.  A PokerStars hand records the tournament places of the players
it knocks out (``finished the tournament in 4th place``): a knock-out in place
``p`` at a table of ``p`` players shows that the table held the whole field, and
one that leaves ``p - 1`` players, all at the table, shows it for the hands
after; from there on every later hand of the tournament is at the final table.
A tournament whose number of entrants is known (its summary) is known from
any hand seating them all.  Other tournament hands keep their chips, with the
reason in ``money_reason``.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from .pots import build_pots, rake_pots

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "MONEY_COLUMNS",
    "Payouts",
    "TournamentSummary",
    "add_money",
    "check_payouts",
    "icm_adjusted",
    "play_order",
    "prize_values",
    "read_summary",
    "runout_outcomes",
]

MONEY_COLUMNS = ("money", "ev_money", "luck_money", "money_reason")
"""The columns :func:`add_money` adds to the hands frame: the prize money won in the hand
(ICM after - before), its all-in expectation, luck in money, and why a hand is not in
money (empty when it is)."""

Payouts = Sequence[float] | Mapping[str, Sequence[float]]
"""One tournament's prizes, first place first, for every tournament of the hands; or
prizes per tournament number."""


def check_payouts(payouts: object, where: str = "payouts") -> tuple[float, ...]:
    """``payouts`` as a tuple of prizes, first place first, or a one-sentence ValueError.

    Examples
    --------
    >>> check_payouts([50, 30, 20])
    (50.0, 30.0, 20.0)
    >>> check_payouts(["50", "x"])
    Traceback (most recent call last):
    ...
    ValueError: payouts must be numbers, got ['50', 'x']
    """
    if isinstance(payouts, str | bytes) or not isinstance(payouts, Sequence | np.ndarray):
        raise ValueError(f"{where} must be a list of prizes, first place first, got {payouts!r}")
    try:
        values = tuple(float(p) for p in payouts)
    except (TypeError, ValueError):
        raise ValueError(f"{where} must be numbers, got {payouts!r}") from None
    if not values:
        raise ValueError(f"{where} name no prize: give one per paid place, first place first")
    if not all(math.isfinite(v) for v in values):
        raise ValueError(f"{where} must be finite numbers, got {payouts!r}")
    if min(values) < 0:
        raise ValueError(f"{where} cannot be negative, got {min(values):g}")
    if sum(values) <= 0:
        raise ValueError(f"{where} add up to nothing: give at least one positive prize")
    return values


def prize_values(
    after: Sequence[float] | np.ndarray,
    before: Sequence[float] | np.ndarray,
    payouts: Sequence[float],
) -> np.ndarray:
    """Each seated player's prize EV when the stacks are ``after`` (a hand began at ``before``).

    The players with chips share places 1 to m by ICM; those with none busted in
    the hand and take the next places, the larger ``before`` the better, ties
    sharing their places' prizes.  Prizes past the list are 0.  The values add
    up to the prizes of places 1 to ``len(after)``.

    Examples
    --------
    >>> prize_values([3000, 0, 0], [1000, 1000, 1000], [50, 30, 20]).tolist()
    [50.0, 25.0, 25.0]
    """
    from ..decisions.icm import icm

    n = len(after)
    pay = np.zeros(n)
    given = np.asarray(payouts, dtype=np.float64)[:n]
    pay[: len(given)] = given
    out = np.zeros(n)
    alive = [i for i in range(n) if after[i] > 0]
    m = len(alive)
    if m and pay[:m].sum() > 0:
        out[alive] = icm([after[i] for i in alive], pay[:m], method="exact").ev
    busted = sorted((i for i in range(n) if after[i] <= 0), key=lambda i: -before[i])
    place = m
    for _, group in itertools.groupby(busted, key=lambda i: before[i]):
        tied = list(group)
        out[tied] = pay[place : place + len(tied)].mean()
        place += len(tied)
    return out


@lru_cache(maxsize=8)
def _combinations(n: int, k: int) -> np.ndarray:
    """Every k-subset of range(n), one row each (read-only; cached: few shapes occur)."""
    count = math.comb(n, k)
    flat = itertools.chain.from_iterable(itertools.combinations(range(n), k))
    rows = np.fromiter(flat, dtype=np.uint8, count=count * k).reshape(count, k)
    rows.flags.writeable = False
    return rows


def _values(holes: Sequence[Sequence[int]], boards: np.ndarray) -> np.ndarray:
    """Each player's hand value on each board (hold'em: 2 cards; else Omaha's high)."""
    from ..evaluators.omaha import evaluate_omaha_batch
    from ..evaluators.poker import evaluate_batch

    n = len(boards)
    out = np.empty((n, len(holes)), dtype=np.int32)
    for j, hole in enumerate(holes):
        if len(hole) == 2:
            hands = np.empty((n, 7), dtype=np.uint8)
            hands[:, :2] = hole
            hands[:, 2:] = boards
            out[:, j] = evaluate_batch(hands)
        else:
            cards = np.empty((n, len(hole)), dtype=np.uint8)
            cards[:] = hole
            out[:, j] = evaluate_omaha_batch(cards, boards)[0]
    return out


def runout_outcomes(
    holes: Sequence[str], board: str, pots: Sequence[tuple[float, Sequence[int]]]
) -> list[tuple[float, tuple[float, ...]]]:
    """The outcomes of an all-in: ``(exact probability, chips won by each player)``.

    Every completion of ``board`` from the cards not in ``holes`` is dealt; each pot
    ``(amount, eligible players)`` goes to its eligible players with the best hand
    (ties split).  Outcomes leaving the same chips are merged; probabilities add up to 1.
    Hold'em hands have 2 cards, Omaha hands (high) 4 to 6.  Two players and one pot
    take the exact engine's win and tie probabilities (:func:`equity.calculate`); more
    players or pots are enumerated here, every board evaluated by the batch evaluators.

    Examples
    --------
    >>> out = runout_outcomes(["AsAh", "KsKh"], "2c7d9h", [(200.0, (0, 1))])
    >>> [(round(p, 4), won) for p, won in out]
    [(0.0838, (0.0, 200.0)), (0.9162, (200.0, 0.0))]
    """
    if len(holes) == 2 and len(pots) == 1 and len(pots[0][1]) == 2:
        return _headsup_outcomes(holes, board, pots[0][0])
    return _enumerated_outcomes(holes, board, pots)


def _headsup_outcomes(
    holes: Sequence[str], board: str, amount: float
) -> list[tuple[float, tuple[float, ...]]]:
    """Two players, one pot: the exact engine's win and tie probabilities (the preflop
    ones from its exact table)."""
    from ..engine import calculate

    game = "holdem" if len(holes[0]) == 4 else "omaha"
    result = calculate(list(holes), board=board, game=game, method="exact", threads=1)
    win, tie = [float(w) for w in result.win], float(result.tie[0])
    outcomes = [(win[0], (amount, 0.0)), (win[1], (0.0, amount)), (tie, (amount / 2, amount / 2))]
    return sorted((o for o in outcomes if o[0] > 0), key=lambda o: o[0])


def _enumerated_outcomes(
    holes: Sequence[str], board: str, pots: Sequence[tuple[float, Sequence[int]]]
) -> list[tuple[float, tuple[float, ...]]]:
    """Every board completion dealt and evaluated here (any number of players and pots)."""
    from ..cards import parse_cards

    hole_cards = [parse_cards(h) for h in holes]
    fixed = parse_cards(board)
    used = set(fixed).union(*hole_cards)
    live = np.array([c for c in range(52) if c not in used], dtype=np.uint8)
    todo = 5 - len(fixed)
    if todo <= 0:
        raise ValueError(f"the board {board!r} is complete: nothing is left to run out")
    boards = np.empty((math.comb(len(live), todo), 5), dtype=np.uint8)
    boards[:, : len(fixed)] = fixed
    boards[:, len(fixed) :] = live[_combinations(len(live), todo)]
    values = _values(hole_cards, boards)
    # an outcome is the winners' mask of every pot: pot k's mask in bits k*n .. k*n + n - 1
    n = len(holes)
    bits = n * len(pots)
    if bits > 62:
        raise ValueError(f"{len(pots)} pots among {n} players are too many to enumerate")
    key = np.zeros(len(boards), dtype=np.int64)
    for k, (_, eligible) in enumerate(pots):
        cols = list(eligible)
        best = values[:, cols].max(axis=1)
        for i in cols:
            key |= (values[:, i] == best).astype(np.int64) << (k * n + i)
    if bits <= 20:
        counts = np.bincount(key, minlength=1 << bits)
        distinct = np.flatnonzero(counts)
        counts = counts[distinct]
    else:
        distinct, counts = np.unique(key, return_counts=True)
    merged: dict[tuple[float, ...], float] = {}
    total = float(len(boards))
    for code, count in zip(distinct.tolist(), counts.tolist(), strict=True):
        won = [0.0] * n
        for k, (amount, _) in enumerate(pots):
            winners = [i for i in range(n) if code >> (k * n + i) & 1]
            for i in winners:
                won[i] += amount / len(winners)
        merged[tuple(won)] = merged.get(tuple(won), 0.0) + count / total
    return sorted(((p, won) for won, p in merged.items()), key=lambda o: o[0])


def icm_adjusted(
    before: Sequence[float] | np.ndarray,
    outcomes: Sequence[tuple[float, Sequence[float] | np.ndarray]],
    payouts: Sequence[float],
) -> np.ndarray:
    """Each seated player's expected prize money from a hand: sum over ``outcomes`` of
    P(outcome) x prize EV of its stacks - prize EV of the stacks ``before``
    (:func:`prize_values`).

    ``outcomes`` are ``(probability, stacks after)``, the probabilities adding up to 1.

    Examples
    --------
    The worked example of PokerTracker 4's ICM-adjusted winnings on pokerstrategy.com
    (thread 295052): three equal stacks, $390 and $210 paid, a 55% favourite who wins
    everything or busts loses $18.50 of prize equity.

    >>> icm_adjusted([1, 1, 1], [(0.55, [2, 0, 1]), (0.45, [0, 2, 1])], [390, 210])[0].round(9)
    np.float64(-18.5)
    """
    expected = -prize_values(before, before, payouts)
    for probability, after in outcomes:
        expected += probability * prize_values(after, before, payouts)
    return expected


def _hand_money(rows: pd.DataFrame, payouts: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
    """money and ev_money of each row (player) of one hand whose field is the table."""
    stack = rows["stack"].to_numpy(dtype=np.float64)
    net = rows["net"].to_numpy(dtype=np.float64)
    money = icm_adjusted(stack, [(1.0, stack + net)], payouts)
    allin = np.flatnonzero(rows["equity"].notna().to_numpy())
    if len(allin) < 2:
        return money, money.copy()
    contributed = [Decimal(str(c)) for c in rows["contributed"]]
    pots = build_pots(contributed, list(allin))
    after_rake = rake_pots(pots, Decimal(str(rows["rake"].iloc[0])))
    local = {int(i): k for k, i in enumerate(allin)}
    spec = [
        (amount, tuple(local[i] for i in pot.eligible))
        for pot, amount in zip(pots, after_rake, strict=True)
    ]
    cards = [str(rows["cards"].iloc[i]) for i in allin]
    base = stack + net  # the players not in the all-in: as dealt
    base[allin] = stack[allin] - rows["contributed"].to_numpy(dtype=np.float64)[allin]
    outcomes = []
    for probability, won in runout_outcomes(cards, str(rows["allin_board"].iloc[0]), spec):
        after = base.copy()
        after[allin] += won
        outcomes.append((probability, after))
    return money, icm_adjusted(stack, outcomes, payouts)


_NOT_A_TOURNAMENT = "not a tournament hand (the history names no tournament)"
_FIELD_UNKNOWN = (
    "not known to be the final table: no knock-out recorded yet shows that the table holds "
    "every player left"
)


def _field_reasons(hands: list[tuple[str, pd.DataFrame]], entrants: int | None) -> list[str]:
    """Per hand of one tournament (in play order): "" when the table is the whole field."""
    alive: set[str] | None = None
    reasons = []
    for _, rows in hands:
        seated = set(rows["player"])
        places = dict(zip(rows["player"], rows["place"], strict=True))
        out = {p for p, k in places.items() if k > 1}
        known = (
            (alive is not None and seated <= alive)
            or (entrants is not None and len(seated) == entrants)
            or (bool(out) and max(places[p] for p in out) == len(seated))
        )
        reasons.append("" if known else _FIELD_UNKNOWN)
        if known or (out and min(places[p] for p in out) - 1 == len(seated - out)):
            alive = seated - out
    return reasons


def play_order(frame: pd.DataFrame) -> pd.DataFrame:
    """The rows in the order the hands were played: by tournament, then hand number (files
    list a tournament's hands newest first or last); hands without a number keep their place."""
    order = [
        (str(t), *_hand_order(str(h), int(i)))
        for t, h, i in zip(frame["tournament"], frame["hand_id"], frame["index"], strict=True)
    ]
    ranks = sorted(range(len(order)), key=order.__getitem__)
    return frame.iloc[ranks]


def _check_entrants(entrants: object) -> int:
    if isinstance(entrants, bool) or not isinstance(entrants, int | np.integer) or entrants < 2:
        raise ValueError(f"entrants must be a whole number of players, 2 or more, got {entrants!r}")
    return int(entrants)


def _hand_order(hand_id: str, index: int) -> tuple[int, int]:
    return (int(hand_id), index) if hand_id.isdigit() else (index, index)


def add_money(
    frame: pd.DataFrame,
    payouts: Payouts | None = None,
    entrants: int | Mapping[str, int] | None = None,
    summaries: Sequence[TournamentSummary] = (),
) -> pd.DataFrame:
    """The hands frame with :data:`MONEY_COLUMNS` added (see the module's definitions).

    ``payouts``: one tournament's prizes (first place first) for every tournament of
    the hands, or a mapping from tournament number to its prizes; ``entrants``: the
    number of players who entered (for every tournament, or per tournament number),
    where known; ``summaries``: tournament summaries (:func:`read_summary`), whose
    prizes and entrants count for their tournament before ``payouts`` and
    ``entrants``.  A hand not valued in money (a cash game, a tournament without
    payouts, a table not known to hold the whole field) has NaN ``money`` columns
    and its reason in ``money_reason``.

    Raises
    ------
    ValueError
        Payouts that are not prizes (not numbers, negative, none positive), or
        more payouts than a tournament's entrants (one sentence).
    """
    common: tuple[float, ...] | None = None
    table: dict[str, tuple[float, ...]] = {}
    if isinstance(payouts, Mapping):
        table = {str(k): check_payouts(v, f"the payouts of tournament #{k}")
                 for k, v in payouts.items()}  # fmt: skip
    elif payouts is not None:
        common = check_payouts(payouts)
    every: int | None = None
    counts: dict[str, int] = {}
    if isinstance(entrants, Mapping):
        counts = {str(k): int(v) for k, v in entrants.items()}
    elif entrants is not None:
        every = _check_entrants(entrants)
    for summary in summaries:
        table[summary.tournament] = summary.payouts
        counts[summary.tournament] = summary.entrants
    if common is not None and every is not None and len(common) > every:
        raise ValueError(
            f"{len(common)} payouts for a field of {every} players: a field of {every} pays "
            f"at most {every} places"
        )
    for tournament, n in counts.items():
        pay = table.get(tournament, common)
        if pay is not None and len(pay) > n:
            raise ValueError(
                f"{len(pay)} payouts for tournament #{tournament} of {n} players: a field "
                f"of {n} pays at most {n} places"
            )
    out = frame.copy()
    n_rows = len(out)
    money = np.full(n_rows, np.nan)
    ev_money = np.full(n_rows, np.nan)
    reason = np.full(n_rows, _NOT_A_TOURNAMENT, dtype=object)
    groups: dict[tuple[str, str, int], np.ndarray] = dict(
        out.groupby(["tournament", "file", "index"], sort=False).indices  # type: ignore[arg-type]
    )
    by_tournament: dict[str, list[tuple[tuple[int, int], np.ndarray]]] = {}
    for (tournament, _, index), rows in groups.items():
        if tournament:
            hand_id = str(out["hand_id"].iat[rows[0]])
            order = _hand_order(hand_id, int(index))
            by_tournament.setdefault(str(tournament), []).append((order, np.asarray(rows)))
    for tournament, hands in by_tournament.items():
        hands.sort(key=lambda h: h[0])
        pay = table.get(tournament, common)
        if pay is None:
            for _, rows in hands:
                reason[rows] = f"no payouts given for tournament #{tournament}"
            continue
        framed = [(tournament, out.iloc[rows]) for _, rows in hands]
        field = counts.get(tournament, every)
        for (_, rows), why in zip(hands, _field_reasons(framed, field), strict=True):
            reason[rows] = why
            if not why:
                money[rows], ev_money[rows] = _hand_money(out.iloc[rows], pay)
    out["money"] = money
    out["ev_money"] = ev_money
    out["luck_money"] = money - ev_money
    out["money_reason"] = reason.astype(str)
    return out


@dataclass(frozen=True)
class TournamentSummary:
    """What a PokerStars tournament summary says: the number, the field and the prizes."""

    tournament: str
    entrants: int
    payouts: tuple[float, ...]
    """The prize of each place, first place first, up to the last paid place."""


_SUMMARY_HEAD = re.compile(r"^PokerStars Tournament #(?P<id>\d+)", re.MULTILINE)
_ENTRANTS = re.compile(r"^(?P<n>\d[\d,]*) players\s*$", re.MULTILINE | re.IGNORECASE)
_PLACE_LINE = re.compile(r"^\s*(?P<place>\d+): (?P<rest>.*)$", re.MULTILINE)
_PRIZE = re.compile(r", (?:[^\d\s,]*)(?P<amount>\d[\d,]*(?:\.\d+)?)(?: [A-Z]{3})? \(")


def read_summary(path: str | Path) -> TournamentSummary:
    """Read a PokerStars tournament summary (the file the client saves per tournament).

    The tournament number (``PokerStars Tournament #...``), the entrants
    (``N players``) and each place's prize (``  1: name (country), $21.51 (36%)``;
    places without an amount pay nothing).

    Raises
    ------
    ValueError
        A file that cannot be read or is not a finished tournament's summary (one sentence).
    """
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"cannot read the tournament summary {str(path)!r}: {exc}") from None
    head = _SUMMARY_HEAD.search(text)
    players = _ENTRANTS.search(text)
    if head is None or players is None:
        raise ValueError(
            f"{str(path)!r} is not a PokerStars tournament summary (no 'PokerStars Tournament "
            "#' line and 'N players' line)"
        )
    prizes: dict[int, float] = {}
    for line in _PLACE_LINE.finditer(text):
        place, rest = int(line["place"]), line["rest"]
        if "still playing" in rest:
            raise ValueError(
                f"the summary {str(path)!r} is of a tournament still running: place {place} "
                "has no prize yet"
            )
        if m := _PRIZE.search(rest):
            prizes[place] = float(m["amount"].replace(",", ""))
    if not prizes:
        raise ValueError(f"the summary {str(path)!r} names no prize")
    last = max(prizes)
    payouts = tuple(prizes.get(k, 0.0) for k in range(1, last + 1))
    entrants = int(players["n"].replace(",", ""))
    summary = TournamentSummary(head["id"], entrants, check_payouts(payouts))
    if len(payouts) > entrants:
        raise ValueError(f"the summary {str(path)!r} pays {len(payouts)} places of {entrants}")
    return summary
