"""``equity.history(paths)``: read, replay, reconcile and score hand histories.

:class:`HistoryResult` holds one row per hand and player (:attr:`~HistoryResult.hands`,
columns :data:`equity.histories.score.COLUMNS`), the hands left out with their
reasons (:attr:`~HistoryResult.skipped`) and a per-player summary
(:meth:`~HistoryResult.summary`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .money import Payouts, TournamentSummary, add_money, read_summary
from .read import expand_sources
from .unit import Skipped, drop_duplicates, frame_of

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["HTML_PLAYERS", "HistoryResult", "history"]


@dataclass(frozen=True)
class HistoryResult:
    """Hand histories scored: all-in equity, EV-adjusted results and luck."""

    frame: pd.DataFrame = field(repr=False, compare=False)
    """One row per hand and player: :attr:`hands`."""
    skipped: tuple[Skipped, ...]
    read: int
    """Hands read (parsed or not), sources that named nothing not counted."""

    def __repr__(self) -> str:
        skipped = sum(1 for s in self.skipped if s.index > 0)
        sources = len(self.skipped) - skipped
        players = self.frame["player"].nunique()
        unread = f", {_count(sources, 'source')} not read" if sources else ""
        return (
            f"HistoryResult({_count(self.read, 'hand')} read, {self.reconciled} reconciled, "
            f"{skipped} skipped{unread}, {_count(players, 'player')})"
        )

    def _repr_html_(self) -> str:
        import html

        from ..results import html_table

        parts = [f"<p>{html.escape(repr(self))}</p>"]
        if self.reconciled:
            table = self.summary()[["hands", "net", "ev", "luck", "allins"]]
            parts.append(html_table(table.iloc[:HTML_PLAYERS], percent=[]))
            if len(table) > HTML_PLAYERS:
                parts.append(f"<p>... and {len(table) - HTML_PLAYERS} more players</p>")
        reasons = self.skip_reasons()
        if reasons:
            items = "".join(
                f"<li>{n} &times; {html.escape(reason)}</li>" for reason, n in reasons.items()
            )
            parts.append(f"<p>skipped:</p><ul>{items}</ul>")
        return "".join(parts)

    @property
    def reconciled(self) -> int:
        """Hands replayed and scored (in the totals)."""
        return len(self.frame[["file", "index"]].drop_duplicates())

    @property
    def hands(self) -> pd.DataFrame:
        """One row per hand and player (columns :data:`~equity.histories.score.COLUMNS`)."""
        return self.frame

    def skip_reasons(self) -> dict[str, int]:
        """How many hands were left out, by kind of reason."""
        counts: Counter[str] = Counter()
        for s in self.skipped:
            if s.index == 0:
                continue
            counts[s.kind] += 1
        return dict(counts)

    @property
    def in_money(self) -> bool:
        """Whether the hands were valued in prize money (payouts given: ``money`` columns)."""
        return "money" in self.frame.columns

    def money_reasons(self) -> dict[str, int]:
        """How many hands were not valued in money, by reason (empty without payouts)."""
        if not self.in_money:
            return {}
        hands = self.frame.drop_duplicates(["file", "index"])
        counts = hands["money_reason"][hands["money_reason"] != ""].value_counts()
        return {str(k): int(v) for k, v in counts.items()}

    def summary(self, player: str | None = None) -> pd.DataFrame:
        """Per player (all, sorted by hands, or only ``player``): results and all-ins.

        Columns: ``hands``, ``net`` (won), ``ev`` (EV-adjusted net won), ``luck``,
        ``net_bb100`` and ``ev_bb100`` (big blinds per 100 hands), ``allins``
        (all-ins with known cards), ``favourite`` (of those, the times the
        player was the favourite in the main pot), ``favourite_won`` (the
        favourite's mean share of the main pot at showdown) and
        ``favourite_equity`` (its mean equity at the all-in: the two agree up to
        luck).  With payouts (:mod:`equity.histories.money`) also
        ``money_hands`` (hands valued in prize money), ``money``, ``ev_money``
        and ``luck_money`` (their sums over those hands; NaN for a player with none).
        """
        import pandas as pd

        frame = self.hands
        if player is not None:
            frame = frame[frame["player"] == player]
            if frame.empty:
                raise ValueError(f"no scored hand of a player named {player!r}")
        if frame.empty:
            return pd.DataFrame(columns=_SUMMARY_COLUMNS).rename_axis("player")
        frame = frame.assign(
            net_bb=frame["net"] / frame["big_blind"],
            ev_bb=frame["ev"] / frame["big_blind"],
            scored=frame["equity"].notna(),
            fav_share=frame["main_pot_share"].where(frame["favourite"]),
            fav_equity=frame["equity"].where(frame["favourite"]),
        )
        grouped = frame.groupby("player", sort=False)
        out = pd.DataFrame(
            {
                "hands": grouped.size(),
                "net": grouped["net"].sum(),
                "ev": grouped["ev"].sum(),
                "luck": grouped["luck"].sum(),
                "net_bb100": grouped["net_bb"].sum() / grouped.size() * 100,
                "ev_bb100": grouped["ev_bb"].sum() / grouped.size() * 100,
                "allins": grouped["scored"].sum(),
                "favourite": grouped["favourite"].sum(),
                "favourite_won": grouped["fav_share"].mean(),
                "favourite_equity": grouped["fav_equity"].mean(),
            }
        )
        if self.in_money:
            valued = frame["money_reason"] == ""
            frame = frame.assign(valued=valued)
            grouped = frame.groupby("player", sort=False)
            out["money_hands"] = grouped["valued"].sum()
            for name in ("money", "ev_money", "luck_money"):
                out[name] = grouped[name].sum(min_count=1)  # NaN: no hand in money
        out = out.sort_values("hands", ascending=False, kind="stable")
        return out.rename_axis("player")

    def stats(self, player: str | None = None, by: str | None = "position") -> pd.DataFrame:
        """Tracker statistics (VPIP, PFR, 3-bet, steal, c-bet, WTSD, AF ...) per player and
        position, counts and opportunities beside the rates.

        The definitions, PokerTracker 4's, are in :mod:`equity.histories.stats`;
        only the reconciled hands (those of :attr:`hands`) count.

        Parameters
        ----------
        player : str, optional
            Only this player (ValueError when no scored hand has them).
        by : {"position", None}
            ``"position"``: a row per player and position (index ``player``,
            ``position``); None: a row per player.

        Returns
        -------
        pandas.DataFrame
            Columns of :func:`equity.histories.stats.stats_table`.
        """
        from .stats import stats_table

        return stats_table(self.hands, player, by)

    def to_dict(self, player: str | None = None) -> dict[str, Any]:
        """The summary as JSON-ready data."""
        table = self.summary(player)
        players = [
            {"player": str(name), **{k: _plain(v) for k, v in row.items()}}
            for name, row in zip(table.index, table.to_dict("records"), strict=True)
        ]
        return {
            "hands_read": self.read,
            "hands_reconciled": self.reconciled,
            "hands_skipped": sum(1 for s in self.skipped if s.index > 0),
            "files_skipped": sum(1 for s in self.skipped if s.index == 0),
            "skipped_by_reason": self.skip_reasons(),
            "skipped": [s.sentence() for s in self.skipped],
            **({"not_in_money_by_reason": self.money_reasons()} if self.in_money else {}),
            "players": players,
        }


HTML_PLAYERS = 10
"""Players in a notebook's table of a :class:`HistoryResult` (by hands played)."""


def _count(count: int, noun: str) -> str:
    """``1 hand``, ``2 hands``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


_SUMMARY_COLUMNS = [
    "hands",
    "net",
    "ev",
    "luck",
    "net_bb100",
    "ev_bb100",
    "allins",
    "favourite",
    "favourite_won",
    "favourite_equity",
]


def _plain(value: Any) -> Any:
    """A JSON value: numpy scalars as Python numbers, NaN as None."""
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


def history(
    paths: str | Iterable[str],
    scheduler: Any = None,
    *,
    payouts: Payouts | None = None,
    entrants: int | Mapping[str, int] | None = None,
    summaries: Sequence[str | TournamentSummary] = (),
) -> HistoryResult:
    """Read, replay, reconcile and score every hand of ``paths``.

    Parameters
    ----------
    paths : str or iterable of str
        PHH files (``.phh``, ``.phhs``), PokerStars or GGPoker text files
        (``.txt``) or PokerNow logs (``.csv``), optionally ``.gz``, folders
        (searched recursively), glob patterns, or ``-`` for stdin.  A hand read
        twice (the same site and hand id, or the same text) is counted once: the
        repeat is skipped, and a file given twice is read once.
    scheduler : str or distributed.Client, optional
        Run on Dask, files as units of work: ``"tcp://host:8786"``,
        ``"local"`` / ``"local:N"`` (N worker processes here) or a connected
        ``Client``; the workers must see the files (same machine or a shared
        file system).  Identical results to a run here
        (:mod:`equity.histories.jobs`).
    payouts : sequence of float or mapping, optional
        Tournament prizes, first place first (for every tournament of the hands, or
        per tournament number): the hands played while the table held the whole
        field get ``money``, ``ev_money`` and ``luck_money`` (prize EV by ICM,
        :mod:`equity.histories.money`), the others their reason in ``money_reason``.
    entrants : int or mapping, optional
        The number of players who entered (likewise): payouts longer than it are
        an error, and a table seating them all holds the whole field.
    summaries : sequence of str or TournamentSummary
        PokerStars tournament summary files (or read summaries): their
        tournament's prizes and entrants.

    Returns
    -------
    HistoryResult
        ``.hands`` (one row per hand and player), ``.skipped`` (hands left out
        of the totals, with the reason: unreadable, not reconciled, variant not
        scored), ``.summary(player=None)`` and ``.stats(player=None, by="position")``.

    Raises
    ------
    ValueError
        When ``paths`` names no file at all, or no Dask scheduler answers at
        ``scheduler``, or the payouts, entrants or a summary are not valid.
    """
    from .jobs import score_files

    sources: Sequence[str] = [paths] if isinstance(paths, str) else list(paths)
    files, errors = expand_sources(sources)
    if not files:
        raise ValueError("; ".join(errors) if errors else "no hand history given")
    files, errors = _once(files, errors)
    read_summaries = [read_summary(s) if isinstance(s, str) else s for s in summaries]
    if payouts is not None or read_summaries:  # bad payouts or entrants: before the work
        add_money(frame_of([]), payouts, entrants, read_summaries)
    skipped = [Skipped(source, 0, "", reason) for source, reason in _split(errors)]
    frame, skips, read = score_files(files, scheduler)
    frame, skips = drop_duplicates(frame, skips, read)
    if payouts is not None or read_summaries:
        frame = add_money(frame, payouts, entrants, read_summaries)
    return HistoryResult(frame, (*skipped, *skips), len(read))


def _once(files: Sequence[str], errors: Sequence[str]) -> tuple[list[str], list[str]]:
    """Each file once (the same path given again is read once), and a sentence for each repeat."""
    seen: set[str] = set()
    out, notes = [], list(errors)
    for file in files:
        same = file if file == "-" else str(Path(file).resolve())
        if same in seen:
            notes.append(f"{file}: given more than once: read once")
            continue
        seen.add(same)
        out.append(file)
    return out, notes


def _split(errors: Sequence[str]) -> list[tuple[str, str]]:
    """``"source: reason"`` sentences as (source, reason)."""
    out = []
    for error in errors:
        source, _, reason = error.rpartition(": ")
        out.append((source, reason))
    return out
