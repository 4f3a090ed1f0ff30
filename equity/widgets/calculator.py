"""The equity calculator widget: players, a card picker for board and dead cards, live results.

Every change of ``players``, ``board``, ``dead``, ``game`` or ``trials``
starts a new calculation in a background thread (:class:`~._base.Worker`) and
cancels the one in flight.  The widget takes whatever :func:`equity.calculate`
takes (a partly known board such as ``"2c7d9h h"``, any game's deck) and
decides as it does, by one :func:`equity.plan` (the job prepared once): a spot
that ``method="auto"`` enumerates is computed exactly, by the same call as
``calculate(players, board, dead, game=game)``.  Any other runs Monte-Carlo
once, ``trials`` deals, its figures and the standard error that shrinks shown
after each round as they stream in (``calculate(..., on_update=...)``: each
a valid estimate of the deals so far); the last equal ``calculate(players,
board, dead, game=game, trials=trials, seed=status["seed"])``.  A bad input
shows the engine's one-sentence message in ``error``.

``boards=2`` deals two boards from one deck, each deciding half the pot
(bomb pots; ``board2`` the second board's known cards): the figures are
those of :func:`equity.double_board` (exact when it enumerates, else
``trials`` deals at once, not streamed), each row adding the equity of
each board (``board1``, ``board2``) and the chances to ``scoop`` and to be
``quartered``; there ``win`` is the scoop and ``tie`` any other part of the pot.
"""

from __future__ import annotations

import html
import time
import traceback
from collections.abc import Callable, Sequence
from typing import Any

import traitlets

from ..cards import format_card
from ..engine.double_board import double_board
from ..engine.double_result import DoubleBoardResult
from ..engine.plan import plan
from ..games import GAMES
from ..results import EquityResult
from ._base import ENGINE_LOCK, STATIC, Cancelled, Worker, anywidget, esm, with_html
from .rangegrid import RangeGrid

__all__ = ["Calculator"]


def _game_info(name: str) -> dict[str, Any]:
    """What the front end shows of game ``name``: read from the registry, no game named."""
    g = GAMES[name]
    if g.short_hands == "stud":
        hands = f"the cards held so far, {g.min_cards} to {g.hole_cards} (e.g. (As2s)3d)"
    elif g.short_hands == "draw":
        hands = f"the cards kept, up to {g.hole_cards}; the draw deals the rest"
    else:
        hands = f"{g.hole_cards} hole cards, a range or random"
    deck = [format_card(c) for c in g.deck]
    return {"has_board": g.has_board, "hands": hands, "summary": g.summary, "deck": deck}


class Calculator(anywidget.AnyWidget):
    """Equity of each player, recomputed as the inputs change (see the module doc).

    Parameters
    ----------
    players : sequence
        One entry per player: cards (``"AsKs"``), a range or pattern
        (``"QQ+,AKs"``), ``"random"``, or a :class:`RangeGrid` (its ``text``,
        followed as it changes).
    board, dead : str
        Community cards and cards out of play.
    game : str
        A game of :data:`equity.games.GAMES`.
    **kwargs
        The widget's other traits: ``trials`` (int, Monte-Carlo deals, when the spot is
        not enumerated), ``seed`` (int or None, the Monte-Carlo seed; a fresh one per
        calculation when None), ``boards`` (1, or 2 for two boards from one deck) and
        ``board2`` (the second board's known cards).

    Examples
    --------
    >>> calc = Calculator(["AsKs", "QhQd"], board="Qs7s2c")
    >>> calc.wait(60)
    True
    >>> from equity import calculate
    >>> expected = calculate(["AsKs", "QhQd"], board="Qs7s2c")
    >>> calc.status["state"], calc.results[0]["equity"] == float(expected.equity[0])
    ('exact', True)
    """

    _esm = esm("calculator.js")
    _css = STATIC / "widgets.css"

    players = traitlets.List(traitlets.Unicode()).tag(sync=True)
    board = traitlets.Unicode("").tag(sync=True)
    dead = traitlets.Unicode("").tag(sync=True)
    boards = traitlets.Int(1).tag(sync=True)
    """1, or 2: two boards from one deck, each deciding half the pot (module doc)."""
    board2 = traitlets.Unicode("").tag(sync=True)
    """With ``boards=2``: the second board's known cards."""
    game = traitlets.Unicode("holdem").tag(sync=True)
    games = traitlets.List(traitlets.Unicode(), read_only=True).tag(sync=True)
    game_info = traitlets.Dict(read_only=True).tag(sync=True)
    """Per game, what the front end needs from the registry: ``has_board`` (no board picker
    without one), ``hands`` (how a hand is written, a short hand included), ``summary`` and
    ``deck`` (the cards the pickers offer: :attr:`equity.games.Game.deck`)."""
    trials = traitlets.Int(1_000_000).tag(sync=True)
    seed = traitlets.Int(None, allow_none=True).tag(sync=True)
    request = traitlets.Int(0).tag(sync=True)
    """The front end's count of user changes, echoed in ``status`` (it times its requests)."""
    results = traitlets.List(traitlets.Dict()).tag(sync=True)
    """One dict per player: ``player``, ``hand``, ``equity``, ``win``, ``tie``, ``stderr``."""
    status = traitlets.Dict().tag(sync=True)
    """``state`` (running, exact, monte-carlo, error), ``text``, ``request``, ``plan`` (the
    plan's reason, :attr:`equity.engine.plan.Plan.reason`), and the run's ``samples``,
    ``seed``, ``batch_size`` (None for a partly known board), ``elapsed_s``."""
    error = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        players: Sequence[str | RangeGrid] = ("AsKs", "QhQd"),
        board: str = "",
        dead: str = "",
        game: str = "holdem",
        **kwargs: Any,
    ) -> None:
        self._grids: dict[int, RangeGrid] = {}
        texts = []
        for i, player in enumerate(players):
            if isinstance(player, RangeGrid):
                self._grids[i] = player
                player.observe(self._grid_changed, names="text")
                texts.append(player.text)
            else:
                texts.append(str(player))
        self._worker = Worker(self._compute)
        super().__init__(players=texts, board=board, dead=dead, game=game, **kwargs)
        self.set_trait("games", list(GAMES))
        self.set_trait("game_info", {name: _game_info(name) for name in GAMES})
        self.observe(self._drop_board_of_boardless_game, names="game")
        self.observe(
            lambda _: self._worker.submit(),
            names=["players", "board", "dead", "game", "trials", "seed", "boards", "board2"],
        )
        self.observe(self._typed_into_grid, names="players")
        self._worker.submit()

    def _drop_board_of_boardless_game(self, change: dict[str, Any]) -> None:
        """A game without a board (stud, draw) drops the board cards of the previous game."""
        found = GAMES.get(change["new"])
        if found is not None and not found.has_board and self.board:
            self.board = ""

    def _typed_into_grid(self, change: dict[str, Any]) -> None:
        """A linked grid's player typed in: the grid takes the text (a bad one shows there)."""
        for i, grid in self._grids.items():
            if i < len(change["new"]) and change["new"][i] != grid.text:
                grid.text = change["new"][i]

    def __repr__(self) -> str:
        """``Calculator(players, board=..., dead=..., game=...)``."""
        return (
            f"Calculator({list(self.players)!r}, board={self.board!r}, dead={self.dead!r}, "
            f"game={self.game!r})"
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, and a static table of the results where no kernel runs."""
        return with_html(super()._repr_mimebundle_(**kwargs), self.html())

    def html(self) -> str:
        """The inputs and results as a static HTML table."""
        rows = "".join(
            f"<tr><td>{html.escape(r['hand'])}</td><td>{r['equity']:.2%}</td>"
            f"<td>{r['win']:.2%}</td><td>{r['tie']:.2%}</td>"
            f"<td>{'exact' if r['stderr'] is None else format(r['stderr'], '.2%')}</td></tr>"
            for r in self.results
        )
        boards = f"{self.board or '-'} | {self.board2 or '-'}" if self.boards == 2 else None
        spot = f"{self.game}, board {boards or self.board or '-'}, dead {self.dead or '-'}"
        status = html.escape(str(self.status.get("text", "")))
        return (
            f"<p>{html.escape(spot)}: {status}</p><table><tr><th>hand</th><th>equity</th>"
            f"<th>win</th><th>tie</th><th>std. error</th></tr>{rows}</table>"
        )

    def _grid_changed(self, change: dict[str, Any]) -> None:
        players = list(self.players)
        for i, grid in self._grids.items():
            if change["owner"] is grid and i < len(players):
                players[i] = change["new"]
        self.players = players

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the latest inputs are computed; False if ``timeout`` seconds pass."""
        return self._worker.wait(timeout)

    @property
    def cancelled(self) -> int:
        """How many runs a change has cancelled so far."""
        return self._worker.cancelled

    def _compute(self, check: Callable[..., None]) -> None:
        """Compute the current inputs (in the worker thread), publishing as it goes."""
        players, board, dead = list(self.players), self.board, self.dead
        game, trials, request, seed = self.game, self.trials, self.request, self.seed
        state: dict[str, Any] = {"request": request, "samples": 0}
        self.status = {**state, "state": "running", "text": "calculating..."}
        start = time.perf_counter()

        def update(partial: EquityResult) -> None:
            check()  # a newer request: no figures of this one
            self._publish(partial, state, start, final=False)

        try:
            if self.boards != 1:
                self._compute_two_boards(check, state, start)
                return
            with ENGINE_LOCK:
                check()
                planned = plan(players, board, dead, game=game, progress=check, on_update=update)
                if planned.method == "monte-carlo":
                    planned = planned.with_trials(trials, seed)
                    state.update(seed=planned.seed, batch_size=planned.batch_size)
                state["plan"] = planned.reason
                result = planned.run()
            self._publish(result, state, start, final=True)
        except Cancelled:
            raise
        except (ValueError, TypeError) as error:  # the inputs: the engine's sentence
            self._fail(str(error), state)
        except Exception as error:  # a fault, not the inputs: said on the page, logged whole
            traceback.print_exc()
            self._fail(f"unexpected {type(error).__name__}: {error}", state)

    def _compute_two_boards(
        self, check: Callable[..., None], state: dict[str, Any], start: float
    ) -> None:
        """Two boards: one :func:`equity.double_board` run, published when done."""
        if self.boards != 2:
            raise ValueError(f"boards must be 1 or 2, got {self.boards}")
        with ENGINE_LOCK:
            check()
            result = double_board(
                list(self.players), self.board, self.board2, self.dead, game=self.game,
                trials=self.trials, seed=self.seed,
            )  # fmt: skip
        check()
        state.update(seed=result.seed, batch_size=result.batch_size, plan=result.method)
        rows = []
        for i in range(result.n_players):
            o = result.outcomes
            rows.append(
                {
                    "player": i,
                    "hand": result.hands[i],
                    "equity": float(result.equity[i]),
                    "win": float(o["scoop"][i]),
                    "tie": float(1 - o["scoop"][i] - o["lose"][i]),
                    "stderr": None if result.stderr is None else float(result.stderr[i]),
                    "board1": float(result.board_equity[0, i]),
                    "board2": float(result.board_equity[1, i]),
                    "scoop": float(o["scoop"][i]),
                    "quartered": float(o["quartered"][i]),
                }
            )
        self._show(rows, result, state, start)

    def _show(
        self,
        rows: list[dict[str, Any]],
        result: EquityResult | DoubleBoardResult,
        state: dict[str, Any],
        start: float,
        final: bool = True,
    ) -> None:
        """Publish ``rows`` with the status line of ``result``."""
        elapsed = time.perf_counter() - start
        if result.exact:
            kind, text = "exact", f"exact, {elapsed * 1000:.0f} ms"
        else:
            largest = float(max(result.stderr)) if result.stderr is not None else 0.0
            kind = "monte-carlo" if final else "running"
            batches = state["batch_size"]
            batches = f"batches of {batches}" if batches else "board by board"
            text = (
                f"Monte-Carlo, {result.samples:,} deals (seed {state['seed']}, {batches}), "
                f"standard error {largest:.3%}"
            )
            if not final:
                text += " (running)"
        with self.hold_sync():  # one message: the front end sees results and status together
            self.error = ""
            self.results = rows
            self.status = {
                **state,
                "state": kind,
                "text": text,
                "samples": int(result.samples),
                "elapsed_s": elapsed,
            }

    def _fail(self, text: str, state: dict[str, Any]) -> None:
        with self.hold_sync():
            self.results = []
            self.error = text
            self.status = {**state, "state": "error", "text": text}

    def _publish(
        self, result: EquityResult, state: dict[str, Any], start: float, final: bool
    ) -> None:
        rows = []
        for i in range(result.n_players):
            stderr = None if result.stderr is None else float(result.stderr[i])
            rows.append(
                {
                    "player": i,
                    "hand": result.hands[i],
                    "equity": float(result.equity[i]),
                    "win": float(result.win[i]),
                    "tie": float(result.tie[i]),
                    "stderr": stderr,
                }
            )
        self._show(rows, result, state, start, final)
