"""The equity calculator widget: players, a card picker for board and dead cards, live results.

Every change of ``players``, ``board``, ``dead``, ``game`` or ``trials``
starts a new calculation in a background thread (:class:`~._base.Worker`) and
cancels the one in flight.  A spot that ``method="auto"`` enumerates is
computed exactly, by the same call as ``calculate(players, board, dead,
game=game)``.  Any other runs Monte-Carlo in growing steps (1/64, 1/16, 1/4 of
``trials``, then all of them) from one seed and one batch size, so the
figures, and the standard error that shrinks, are shown after each step; the
last equal ``calculate(players, board, dead, game=game, trials=trials,
seed=status["seed"], batch_size=status["batch_size"])``.  A bad input shows
the engine's one-sentence message in ``error``.
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable, Sequence
from typing import Any

import traitlets

from ..checks import fresh_seed
from ..engine.prepare import prepare
from ..engine.run import EXACT_AUTO_LIMIT, calculate, default_batch_size
from ..games import GAMES
from ..results import EquityResult
from ._base import ENGINE_LOCK, STATIC, Cancelled, Worker, anywidget, esm, with_html
from .rangegrid import RangeGrid

__all__ = ["Calculator", "mc_steps"]

MC_STEPS = (64, 16, 4, 1)
"""A Monte-Carlo run shows its figures after ``trials // k`` deals for each ``k``."""


def _game_info(name: str) -> dict[str, Any]:
    """What the front end shows of game ``name``: read from the registry, no game named."""
    g = GAMES[name]
    if g.short_hands == "stud":
        hands = f"the cards held so far, {g.min_cards} to {g.hole_cards} (e.g. (As2s)3d)"
    elif g.short_hands == "draw":
        hands = f"the cards kept, up to {g.hole_cards}; the draw deals the rest"
    else:
        hands = f"{g.hole_cards} hole cards, a range or random"
    return {"has_board": g.has_board, "hands": hands, "summary": g.summary}


def mc_steps(trials: int) -> list[int]:
    """The deal counts after which a Monte-Carlo run of ``trials`` deals shows its figures.

    Examples
    --------
    >>> mc_steps(1_000_000)
    [15625, 62500, 250000, 1000000]
    >>> mc_steps(1000)
    [1000]
    """
    steps = sorted({max(1000, trials // k) for k in MC_STEPS if trials // k >= 1000})
    return [s for s in steps if s < trials] + [trials]


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
    trials : int
        Monte-Carlo deals, when the spot is not enumerated.
    seed : int, optional
        Monte-Carlo seed (a fresh one per calculation when None).

    Examples
    --------
    >>> calc = Calculator(["AsKs", "QhQd"], board="Qs7s2c")
    >>> calc.wait(60)
    True
    >>> expected = calculate(["AsKs", "QhQd"], board="Qs7s2c")
    >>> calc.status["state"], calc.results[0]["equity"] == float(expected.equity[0])
    ('exact', True)
    """

    _esm = esm("calculator.js")
    _css = STATIC / "widgets.css"

    players = traitlets.List(traitlets.Unicode()).tag(sync=True)
    board = traitlets.Unicode("").tag(sync=True)
    dead = traitlets.Unicode("").tag(sync=True)
    game = traitlets.Unicode("holdem").tag(sync=True)
    games = traitlets.List(traitlets.Unicode(), read_only=True).tag(sync=True)
    game_info = traitlets.Dict(read_only=True).tag(sync=True)
    """Per game, what the front end needs from the registry: ``has_board`` (no board picker
    without one), ``hands`` (how a hand is written, a short hand included) and
    ``summary``."""
    trials = traitlets.Int(1_000_000).tag(sync=True)
    seed = traitlets.Int(None, allow_none=True).tag(sync=True)
    request = traitlets.Int(0).tag(sync=True)
    """The front end's count of user changes, echoed in ``status`` (it times its requests)."""
    results = traitlets.List(traitlets.Dict()).tag(sync=True)
    """One dict per player: ``player``, ``hand``, ``equity``, ``win``, ``tie``, ``stderr``."""
    status = traitlets.Dict().tag(sync=True)
    """``state`` (running, exact, monte-carlo, error), ``text``, ``request``, and the run's
    ``samples``, ``seed``, ``batch_size``, ``elapsed_s``."""
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
            names=["players", "board", "dead", "game", "trials", "seed"],
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
        spot = f"{self.game}, board {self.board or '-'}, dead {self.dead or '-'}"
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
        game, trials, request = self.game, self.trials, self.request
        state: dict[str, Any] = {"request": request, "samples": 0}
        self.status = {**state, "state": "running", "text": "calculating..."}
        start = time.perf_counter()
        try:
            with ENGINE_LOCK:
                check()
                exact = prepare(players, board, dead, game, None, False).exact_work()
                if exact <= EXACT_AUTO_LIMIT:
                    result = calculate(players, board, dead, game=game, progress=check)
                    self._publish(result, state, start, final=True)
                    return
            seed = fresh_seed() if self.seed is None else self.seed
            steps = mc_steps(trials)
            batch = default_batch_size(steps[0])
            state.update(seed=seed, batch_size=batch)
            for n in steps:
                with ENGINE_LOCK:
                    check()
                    result = calculate(
                        players,
                        board,
                        dead,
                        game=game,
                        method="monte-carlo",
                        trials=n,
                        seed=seed,
                        batch_size=batch,
                        progress=check,
                    )
                self._publish(result, state, start, final=n == trials)
        except Cancelled:
            raise
        except (ValueError, TypeError) as error:
            with self.hold_sync():
                self.results = []
                self.error = str(error)
                self.status = {**state, "state": "error", "text": str(error)}

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
        elapsed = time.perf_counter() - start
        if result.exact:
            kind, text = "exact", f"exact, {elapsed * 1000:.0f} ms"
        else:
            largest = float(max(result.stderr)) if result.stderr is not None else 0.0
            kind = "monte-carlo" if final else "running"
            text = (
                f"Monte-Carlo, {result.samples:,} deals (seed {state['seed']}, batches of "
                f"{state['batch_size']}), standard error {largest:.3%}"
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
