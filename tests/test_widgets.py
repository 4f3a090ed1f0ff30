"""The widgets' Python side (no browser): traits, messages, the background worker, cancellation.

Every figure a widget shows is checked against the engine's own call for the same
inputs (``calculate``, ``Range``); the browser test (``test_widgets_browser.py``)
checks that the page shows them.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

pytest.importorskip("anywidget")

from equity import calculate
from equity import plan as equity_plan
from equity.engine.plan import default_batch_size
from equity.ranges import CLASSES, Range
from equity.widgets import Calculator, HitsView, RangeGrid
from equity.widgets._base import Worker

TIMEOUT = 120.0


def engine_error(*args: Any, **kwargs: Any) -> str:
    """The engine's sentence for these inputs."""
    try:
        calculate(*args, **kwargs)
    except ValueError as error:
        return str(error)
    raise AssertionError(f"the engine accepts {args} {kwargs}")


def settled(calc: Calculator) -> Calculator:
    assert calc.wait(TIMEOUT)
    return calc


def assert_matches(calc: Calculator | list[dict[str, Any]], expected: Any) -> None:
    rows = calc if isinstance(calc, list) else calc.results
    assert len(rows) == expected.n_players
    for i, row in enumerate(rows):
        assert row["player"] == i
        assert row["equity"] == float(expected.equity[i])
        assert row["win"] == float(expected.win[i])
        assert row["tie"] == float(expected.tie[i])
        if expected.stderr is None:
            assert row["stderr"] is None
        else:
            assert row["stderr"] == float(expected.stderr[i])


# -- Calculator ---------------------------------------------------------------------------


def test_an_enumerated_spot_is_exact_and_equals_calculate() -> None:
    calc = settled(Calculator(["AsKs", "QhQd"], board="Qs7s2c"))
    assert calc.status["state"] == "exact"
    assert "exact" in calc.status["text"]
    assert calc.error == ""
    assert_matches(calc, calculate(["AsKs", "QhQd"], board="Qs7s2c"))
    assert [r["hand"] for r in calc.results] == ["AsKs", "QhQd"]


def test_two_boards_show_what_double_board_answers() -> None:
    """``boards=2``: each board's equity, the scoop and the quarter of ``double_board``."""
    from equity import double_board

    calc = settled(Calculator(["AsKs", "QhQd"], board="Qs7s2c", boards=2, board2="Kd8c3h"))
    want = double_board(["AsKs", "QhQd"], "Qs7s2c", "Kd8c3h")
    assert calc.status["state"] == "exact"
    assert calc.error == ""
    for i, row in enumerate(calc.results):
        assert row["equity"] == float(want.equity[i])
        assert (row["board1"], row["board2"]) == tuple(want.board_equity[:, i].tolist())
        assert row["scoop"] == row["win"] == float(want.outcomes["scoop"][i])
    assert "Qs7s2c | Kd8c3h" in calc.html()
    calc.board2 = "Kd8c"
    assert settled(calc).status["state"] == "error"
    assert calc.error == "board2 'Kd8c' has 2 cards: a board has 0, 3, 4 or 5"


def test_ranges_dead_cards_and_three_players() -> None:
    players = ["QQ+,AKs", "AhKd", "JTs"]
    calc = settled(Calculator(players, board="9s8s2h", dead="3c"))
    assert calc.status["state"] == "exact"
    assert_matches(calc, calculate(players, board="9s8s2h", dead="3c"))


def test_every_input_trait_recomputes() -> None:
    calc = settled(Calculator(["AsKs", "QhQd"]))
    assert_matches(calc, calculate(["AsKs", "QhQd"]))
    calc.board = "Qs7s2c"
    assert_matches(settled(calc), calculate(["AsKs", "QhQd"], board="Qs7s2c"))
    calc.dead = "Ts"
    assert_matches(settled(calc), calculate(["AsKs", "QhQd"], board="Qs7s2c", dead="Ts"))
    calc.players = ["AsKs", "QhQd", "JhJc"]
    expected = calculate(["AsKs", "QhQd", "JhJc"], board="Qs7s2c", dead="Ts")
    assert_matches(settled(calc), expected)
    calc.game = "omaha"
    calc.players = ["AsAhKsKh", "QdQcJdJc"]
    calc.board, calc.dead = "", ""
    assert_matches(settled(calc), calculate(["AsAhKsKh", "QdQcJdJc"], game="omaha"))
    assert calc.status["state"] == "exact"


def test_the_games_offered_are_the_engines() -> None:
    from equity.games import GAMES

    assert settled(Calculator(["AsKs", "QhQd"])).games == list(GAMES)


def test_a_front_end_change_is_echoed_with_its_request_number() -> None:
    calc = settled(Calculator(["AsKs", "QhQd"]))
    calc.set_state({"board": "Qs7s2c", "request": 7})  # what a message of the front end does
    settled(calc)
    assert calc.status["request"] == 7
    assert_matches(calc, calculate(["AsKs", "QhQd"], board="Qs7s2c"))


@pytest.mark.parametrize(
    ("players", "board"),
    [
        (["AsKs", "AsQd"], ""),  # a card twice
        (["AsKs", "QhQd"], "Qs7s"),  # two board cards
        (["AsKs", "QQ+,AKx"], ""),  # a malformed range
        (["AsKs"], ""),  # one player
    ],
)
def test_a_bad_input_shows_the_engines_sentence(players: list[str], board: str) -> None:
    calc = settled(Calculator(players, board=board))
    message = engine_error(players, board=board)
    assert calc.error == message
    assert calc.status["state"] == "error"
    assert calc.status["text"] == message
    assert calc.results == []
    calc.players, calc.board = ["AsKs", "QhQd"], ""  # fixed: the error goes
    assert_matches(settled(calc), calculate(["AsKs", "QhQd"]))
    assert calc.error == ""


def test_monte_carlo_streams_one_run_and_ends_equal_to_calculate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One run of all the trials, its figures shown after each round (no re-runs): each
    the result of a run of that many deals, the last the result of ``calculate``."""
    import equity.engine.plan as plan_module

    runs: list[Any] = []  # the plans run to the end (a run a change cancels is left out)
    runner = plan_module._RUNNER[0]

    def run(p: Any) -> Any:
        result = runner(p)
        runs.append(p)
        return result

    monkeypatch.setattr(plan_module, "_RUNNER", [run])
    players = ["AA", "random", "random"]
    seen: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
    calc = Calculator(["AA", "random", "random", "random"], trials=64_000, seed=11)
    calc.observe(lambda change: seen.append((dict(change["new"]), calc.results)), names="status")
    calc.players = players  # watched from the start
    settled(calc)
    widget_runs = [p for p in runs if p.job.n_players == 3]
    status = calc.status
    assert status["state"] == "monte-carlo"
    assert status["seed"] == 11
    assert status["samples"] == 64_000
    assert status["batch_size"] == default_batch_size(64_000)
    assert status["plan"] == runs[-1].reason
    assert_matches(calc, calculate(players, trials=64_000, seed=11))
    assert [p.trials for p in widget_runs] == [64_000]  # one run of all the trials
    last = max(i for i, (s, _) in enumerate(seen) if s["text"] == "calculating...")
    steps = [(s, rows) for s, rows in seen[last + 1 :]]
    assert [s["state"] for s, _ in steps] == ["running"] * (len(steps) - 1) + ["monte-carlo"]
    samples = [s["samples"] for s, _ in steps]
    assert len(steps) >= 3  # at least two rounds shown before the end
    assert samples[:-1] == sorted(set(samples[:-1]))
    assert samples[-2:] == [64_000, 64_000]
    for s, rows in steps[:2]:  # each shown figure is a run of that many deals
        expected = calculate(players, trials=s["samples"], seed=11, batch_size=s["batch_size"])
        assert_matches(rows, expected)
        assert "(running)" in s["text"]


def test_a_change_cancels_the_run_in_flight() -> None:
    # A billion deals would take many minutes: the change must stop it, not wait for it.
    calc = Calculator(["AA", "random", "random"], trials=1_000_000_000, seed=3)
    deadline = time.monotonic() + TIMEOUT
    while calc._worker.progress is None:  # wait for the engine's first round of deals
        assert time.monotonic() < deadline
        time.sleep(0.01)
    done, total = calc._worker.progress
    assert 0 < done < total == 1_000_000_000  # one run of all the trials
    calc.trials = 20_000
    settled(calc)
    assert calc.cancelled >= 1
    assert calc.status["state"] == "monte-carlo"
    expected = calculate(
        ["AA", "random", "random"], trials=20_000, seed=3, batch_size=calc.status["batch_size"]
    )
    assert_matches(calc, expected)


def test_the_worker_runs_only_the_latest_request() -> None:
    ran: list[int] = []
    gate, started = threading.Event(), threading.Event()
    state = {"n": 0}

    def job(check: Any) -> None:
        n = state["n"]
        started.set()
        gate.wait(TIMEOUT)
        check()  # raises once a newer request exists
        ran.append(n)

    worker = Worker(job)
    worker.submit()
    assert started.wait(TIMEOUT)  # request 0 is running
    for n in range(1, 4):
        state["n"] = n
        worker.submit()
    assert worker.busy
    gate.set()
    assert worker.wait(TIMEOUT)
    assert not worker.busy
    assert ran == [3]  # 0 was cancelled; 1 and 2 never started
    assert worker.cancelled == 1


def test_a_linked_range_grid_drives_its_player() -> None:
    grid = RangeGrid("QQ+")
    calc = settled(Calculator([grid, "AhKd"], board="9s8s2h"))
    assert calc.players == ["QQ+", "AhKd"]
    grid.paint(["JJ"], 100)
    assert calc.players == ["JJ+", "AhKd"]
    assert_matches(settled(calc), calculate(["JJ+", "AhKd"], board="9s8s2h"))
    calc.players = ["TT+,AKs", "AhKd"]  # typed in the calculator: the grid follows
    assert grid.range == Range("TT+,AKs")
    assert calc.players == [Range("TT+,AKs").format(), "AhKd"]
    assert_matches(settled(calc), calculate(["TT+,AKs", "AhKd"], board="9s8s2h"))


# -- RangeGrid ----------------------------------------------------------------------------


def test_text_and_range_follow_each_other() -> None:
    grid = RangeGrid("QQ+,AKs")
    assert grid.range == Range("QQ+,AKs")
    assert grid.grid == [float(w) for w in Range("QQ+,AKs").grid().ravel()]
    assert (grid.combos, grid.share) == (22, Range("QQ+,AKs").fraction)
    seen: list[Range] = []
    grid.observe(lambda c: seen.append(c["new"]), names="range")
    grid.text = "22+"
    assert grid.range == Range("22+")
    assert seen == [Range("22+")]
    assert grid.combos == 78
    grid.range = Range("AKo@50")
    assert grid.text == Range("AKo@50").format()
    assert grid.grid[13] == 0.5  # AKo, below the diagonal
    assert grid.combos == 12


def test_a_bad_range_text_shows_the_sentence_and_keeps_the_range() -> None:
    grid = RangeGrid("QQ+")
    grid.text = "QQ+,AKx"
    with pytest.raises(ValueError, match="AKx") as info:
        Range("QQ+,AKx")
    assert grid.error == str(info.value)
    assert grid.range == Range("QQ+")
    grid.text = "KK+"
    assert grid.error == ""
    assert grid.range == Range("KK+")


def test_paint_messages_add_weight_and_clear() -> None:
    grid = RangeGrid("")
    grid._handle_custom_msg({"type": "paint", "classes": ["AKs", "QQ"], "weight": 100}, [])
    assert grid.range == Range("QQ,AKs")
    grid._handle_custom_msg({"type": "paint", "classes": ["72o"], "weight": 25}, [])
    assert grid.range == Range("QQ,AKs,72o@25")
    assert grid.combos == 22
    grid._handle_custom_msg({"type": "paint", "classes": ["QQ"], "weight": 0}, [])
    assert grid.range == Range("AKs,72o@25")
    assert grid.text == Range("AKs,72o@25").format()


def test_top_percent_and_suit_specific_combos() -> None:
    grid = RangeGrid("")
    grid._handle_custom_msg({"type": "top", "percent": 15}, [])
    assert grid.text == "15%"
    assert grid.range == Range("15%")
    sent: list[dict[str, Any]] = []
    grid.send = sent.append  # type: ignore[method-assign]
    grid.text = "AKs"
    grid._handle_custom_msg({"type": "suits", "class": "AKs"}, [])
    assert sent[-1]["class"] == "AKs"
    assert [c["combo"] for c in sent[-1]["combos"]] == ["AsKs", "AhKh", "AdKd", "AcKc"]
    assert all(c["weight"] == 1.0 for c in sent[-1]["combos"])
    grid._handle_custom_msg({"type": "combo", "class": "AKs", "combo": "AhKh"}, [])
    assert grid.range == Range("AsKs,AdKd,AcKc")
    assert [c["weight"] for c in sent[-1]["combos"]] == [1.0, 0.0, 1.0, 1.0]
    grid.paint_weight = 50
    grid._handle_custom_msg({"type": "combo", "class": "AKs", "combo": "AhKh"}, [])
    assert grid.range == Range("AsKs,AdKd,AcKc,AhKh@50")


# -- HitsView -----------------------------------------------------------------------------


def test_the_hits_table_is_hits() -> None:
    from equity import hits

    view = HitsView("QQ+,AKs,JTs,87s", "Ts9s2h", dead="Qc")
    expected = hits("QQ+,AKs,JTs,87s", "Ts9s2h", "Qc")
    assert [r["name"] for r in view.rows] == list(expected.names)
    assert [r["share"] for r in view.rows] == list(expected.shares().values())
    assert [r["combos"] for r in view.rows] == list(expected.combos.values())
    assert [r["group"] for r in view.rows] == list(expected.groups)
    assert view.total_combos == expected.total_combos
    assert view.error == ""
    view.board = "Ts9s2hAd"
    assert [r["share"] for r in view.rows] == list(
        hits("QQ+,AKs,JTs,87s", "Ts9s2hAd", "Qc").shares().values()
    )


def test_a_selected_class_shows_its_combos() -> None:
    from equity.analysis.hits import hand_classes

    view = HitsView("QQ+,AKs,T9s@50,87s", "Ts9s2h")
    view.selected = "open-ended straight draw"
    left = Range("QQ+,AKs,T9s@50,87s").remove("Ts9s2h")
    members = [
        "".join(c)
        for c in (format_pair(a, b) for a, b in left.combos.tolist())
        if "open-ended straight draw" in hand_classes("".join(c), "Ts9s2h")
    ]
    assert view.members == members
    assert len(members) == 4  # 87s: the four suits, none on the board
    grid = dict(zip(CLASSES, view.cells, strict=True))
    assert grid["87s"] == 1.0
    assert {k for k, w in grid.items() if w} == {"87s"}
    view.selected = "set"  # no pocket pair makes a set on this board
    assert view.members == []
    view.selected = "two pair"
    assert grid_of(view)["T9s"] == 3 * 0.5 / 4  # T9s@50: three of four combos left
    view.selected = ""
    assert view.members == []
    assert not any(view.cells)


def test_a_bad_board_shows_the_sentence() -> None:
    from equity import hits

    view = HitsView("QQ+", "Ts9s")
    with pytest.raises(ValueError, match="board") as info:
        hits("QQ+", "Ts9s")
    assert view.error == str(info.value)
    assert view.rows == []
    view.board = "Ts9s2h"
    assert view.error == ""
    assert view.rows


def test_a_linked_range_grid_drives_the_hits() -> None:
    grid = RangeGrid("QQ+")
    view = HitsView(grid, "Ts9s2h")
    grid.paint(["T9s"], 100)
    assert view.text == Range("QQ+,T9s").format()
    assert view.rows[[r["name"] for r in view.rows].index("two pair")]["combos"] == 3


def format_pair(a: int, b: int) -> tuple[str, str]:
    from equity.cards import format_cards

    return format_cards([a]), format_cards([b])


def grid_of(view: HitsView) -> dict[str, float]:
    return dict(zip(CLASSES, view.cells, strict=True))


def test_a_saved_notebook_shows_static_html() -> None:
    calc = settled(Calculator(["AsKs", "QhQd"], board="Qs7s2c"))
    data, _ = calc._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    expected = calculate(["AsKs", "QhQd"], board="Qs7s2c")
    assert f"{expected.equity[0]:.2%}" in data["text/html"]
    assert f"{expected.equity[1]:.2%}" in data["text/html"]
    grid = RangeGrid("QQ+,AKs")
    assert grid._repr_mimebundle_()[0]["text/html"] == Range("QQ+,AKs")._repr_html_()
    view = HitsView("QQ+", "Ts9s2h")
    assert "overpair" in view._repr_mimebundle_()[0]["text/html"]
    assert "straight flush" not in view._repr_mimebundle_()[0]["text/html"]  # no combos


def test_reprs_name_the_inputs() -> None:
    assert repr(RangeGrid("QQ+")) == "RangeGrid('QQ+')"
    assert repr(HitsView("QQ+", "Ts9s2h")) == "HitsView('QQ+', 'Ts9s2h')"
    calc = settled(Calculator(["AsKs", "QQ"], board="Qs7s2c"))
    assert repr(calc) == "Calculator(['AsKs', 'QQ'], board='Qs7s2c', dead='', game='holdem')"


@pytest.mark.parametrize(
    ("widget", "script"),
    [(Calculator, "calculator.js"), (RangeGrid, "rangegrid.js"), (HitsView, "hitsview.js")],
)
def test_the_assets_ship_in_the_package_and_fetch_nothing(widget: Any, script: str) -> None:
    from equity.widgets._base import STATIC

    shared, own = ((STATIC / name).read_text(encoding="utf-8") for name in ("common.js", script))
    assert str(widget._esm) == f"{shared}\n{own}"  # what the views share, then the view
    assert str(widget._css) == (STATIC / "widgets.css").read_text(encoding="utf-8")
    for asset in (widget._esm, widget._css):
        text = str(asset)
        assert "http://" not in text
        assert "https://" not in text
        assert "@import" not in text
    assert "import " not in str(widget._esm).split("export default")[0]  # imports nothing


def test_courchevel_needs_its_first_board_card() -> None:
    hands = ["AhAd2c3c4s", "KhKd5c6c7s"]
    calc = settled(Calculator(hands, board="", game="courchevel"))
    assert calc.error == engine_error(hands, game="courchevel")
    assert "use --game omaha5" in calc.error
    calc.board = "As"  # the first card up: five-card Omaha on that card, exact
    assert_matches(settled(calc), calculate(hands, "As", game="courchevel"))
    assert calc.error == ""


def test_a_razz_spot_and_a_deuce_seven_draw() -> None:
    """Short stud hands and kept draw cards go to the engine as typed; no board is offered."""
    razz = ["(As2s)3d", "(QhQd)2c"]
    calc = settled(Calculator(razz, game="razz", trials=20_000, seed=5))
    assert calc.error == ""
    assert calc.game_info["razz"]["has_board"] is False
    assert calc.game_info["holdem"]["has_board"] is True
    expected = calculate(razz, game="razz", method="monte-carlo", trials=20_000, seed=5,
                         batch_size=calc.status["batch_size"])  # fmt: skip
    assert_matches(calc, expected)
    assert calc.results[0]["equity"] > 0.6  # A-2-3 against a pair of queens
    draw = ["7h5c4d3s", "9h8c6d5h2c"]
    calc.players, calc.dead, calc.game = draw, "Kc", "deuce-seven"
    settled(calc)
    assert calc.status["state"] == "exact"
    assert_matches(calc, calculate(draw, dead="Kc", game="deuce-seven"))
    assert calc.results[0]["equity"] == pytest.approx(9 / 42)  # a 7, 8 or 9 of 42 cards


def test_a_game_without_a_board_drops_the_board() -> None:
    calc = settled(Calculator(["AsKs", "QhQd"], board="Qs7s2c"))
    sixth = ["(AsKd)QhJc9s8d", "(7c7d)2h3h4h5c"]  # sixth street: the last card enumerated
    calc.players, calc.game = sixth, "stud"
    assert calc.board == ""
    settled(calc)
    assert calc.error == ""
    assert calc.status["state"] == "exact"
    assert_matches(calc, calculate(sixth, game="stud"))


def test_a_partly_known_board_is_what_calculate_accepts() -> None:
    calc = settled(Calculator(["AsKs", "A *"], board="2c7d9h h"))
    assert calc.error == ""
    assert calc.status["state"] == "exact"
    assert_matches(calc, calculate(["AsKs", "A *"], board="2c7d9h h"))
    assert calc.status["plan"] == equity_plan(["AsKs", "A *"], board="2c7d9h h").reason
    calc.players = ["AsKs", "random", "random"]  # too large to enumerate: sampled by board
    settled(calc)
    assert calc.status["state"] == "monte-carlo"
    assert calc.status["batch_size"] is None
    assert "board by board" in calc.status["text"]
    expected = calculate(calc.players, board="2c7d9h h", trials=calc.trials,
                         seed=calc.status["seed"])  # fmt: skip
    assert_matches(calc, expected)


def test_short_deck_offers_its_36_cards() -> None:
    from equity.cards import format_card
    from equity.games import GAMES

    calc = settled(Calculator(["AsKs", "QhQd"], board="Qs7s6c", game="shortdeck"))
    assert_matches(calc, calculate(["AsKs", "QhQd"], board="Qs7s6c", game="shortdeck"))
    for name, info in calc.game_info.items():
        assert info["deck"] == [format_card(c) for c in GAMES[name].deck]
    assert len(calc.game_info["shortdeck"]["deck"]) == 36
    assert "5s" not in calc.game_info["shortdeck"]["deck"]
    assert len(calc.game_info["holdem"]["deck"]) == 52


def test_a_fault_is_shown_and_the_next_request_still_runs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A fault that is not the user's input (here a RuntimeError from the engine) is said
    on the page and logged with its traceback; the calculator serves the next change."""
    import equity.widgets.calculator as calculator_module

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the engine broke")

    monkeypatch.setattr(calculator_module, "plan", broken)
    calc = Calculator(["AsKs", "QhQd"])
    assert calc.wait(TIMEOUT)
    assert calc.error == "unexpected RuntimeError: the engine broke"
    assert calc.status["state"] == "error"
    assert calc.results == []
    assert "Traceback" in capsys.readouterr().err
    monkeypatch.undo()
    calc.board = "Qs7s2h"
    assert_matches(settled(calc), calculate(["AsKs", "QhQd"], board="Qs7s2h"))
    assert calc.error == ""


def test_the_worker_thread_outlives_a_fault() -> None:
    ran: list[int] = []
    state = {"n": 0}

    def job(check: Any) -> None:
        if state["n"] == 0:
            raise RuntimeError("a fault in the first request")
        ran.append(state["n"])

    worker = Worker(job)
    worker.submit()
    assert worker.wait(TIMEOUT)
    thread = worker._thread
    state["n"] = 1
    worker.submit()
    assert worker.wait(TIMEOUT)
    assert ran == [1]
    assert worker._thread is thread  # the same thread served both
