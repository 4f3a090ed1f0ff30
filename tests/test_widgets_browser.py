"""The widgets in a real browser: JupyterLab on a free loopback port, driven by headless Chromium.

One JupyterLab for the module (a temporary root, settings and workspaces, the
package imported from this checkout), one Chromium (Debian's ``chromium`` and
``chromium-driver``: nothing is downloaded).  A notebook cell shows a
:class:`~equity.widgets.RangeGrid` and a :class:`~equity.widgets.Calculator`;
the test types hands, clicks board cards and grid cells, and checks that the
figures on the page equal ``calculate()`` and ``Range`` for the same inputs.
Screenshots go to ``build/screenshots/``.  The time from a click (or an Enter)
to its exact heads-up answer on screen is measured by the page itself
(``data-latency-ms`` of the status line) and written to
``build/widgets-latency.json``; no test asserts a bound on it (the machine's load would
decide): ``bench/bench_latency.py --browser`` runs the calculator test and compares the
figures with the bound (reported in ``bench/README.md``).
"""

from __future__ import annotations

import json
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("anywidget")

from conftest import INSTALL_CHROMIUM, chromium

from equity import calculate
from equity.ranges import Range
from equity.widgets.hitsview import slug

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "build" / "screenshots"
WAIT = 300.0  # seconds for anything the page should show (a cold Numba cache compiles first,
# on a machine the other test worker keeps busy)

CELL = """\
from equity import calculate
from equity.widgets import Calculator, HitsView, RangeGrid

calculate(["AsKs", "QhQd"], board="Qs7s2c")  # warm: the kernels loaded before any timing
grid = RangeGrid("QQ+,AKs")
calc = Calculator(["AsKs", "QhQd"])
view = HitsView("QQ+,AKs,T9s,87s", "Ts9s2h")
display(grid, calc, view)
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _notebook(path: Path) -> None:
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells.append(nbformat.v4.new_code_cell(CELL))
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, path)


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab on a free loopback port; yields the notebook's URL."""
    if chromium() is None:  # only when run by name (conftest leaves them out otherwise)
        pytest.skip(INSTALL_CHROMIUM)
    pytest.importorskip("jupyterlab")
    pytest.importorskip("selenium")
    home = tmp_path_factory.mktemp("lab")
    (home / "root").mkdir()
    _notebook(home / "root" / "widgets.ipynb")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR"):
        env[name] = str(home / name.lower())
    env["JUPYTER_RUNTIME_DIR"] = str(home / "runtime")
    news = home / "jupyterlab_settings_dir" / "@jupyterlab" / "apputils-extension"
    news.mkdir(parents=True)
    (news / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}')
    port, token = _free_port(), "equity-widgets-test"
    log = (home / "lab.log").open("wb")
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={port}",
            "--ServerApp.port_retries=0",
            f"--ServerApp.root_dir={home / 'root'}",
            f"--IdentityProvider.token={token}",
            "--ServerApp.allow_root=True",  # CI runs as root
            "--LabApp.news_url=",
            "--LabApp.extension_manager=readonly",  # nothing asks PyPI
            "--LabApp.expose_app_in_browser=True",  # window.jupyterapp runs the cell
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        ],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2):
                    break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(
                        f"JupyterLab did not start: {(home / 'lab.log').read_text()[-2000:]}"
                    )
                time.sleep(0.2)
        yield f"{base}/lab/tree/widgets.ipynb?token={token}&reset"
    finally:
        server.terminate()
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


@pytest.fixture(scope="module")
def page(lab: str) -> Iterator[Any]:
    """Headless Chromium on the notebook, its cell run: the widgets shown."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    found = chromium()
    assert found is not None
    binary, driver_path = found
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(arg)
    options.add_argument("--window-size=1400,2400")
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    try:
        driver.get(lab)
        _run_the_cell(driver)
        yield driver
    finally:
        driver.quit()


RUN_ALL = """
const done = arguments[arguments.length - 1];
const app = window.jupyterapp;
const panel = app && app.shell.currentWidget;
if (!panel || !panel.sessionContext) { done("not ready"); return; }
panel.sessionContext.ready
  .then(() => panel.sessionContext.session.kernel.info)
  .then(() => app.commands.execute("notebook:run-all-cells"))
  .then(() => done("ok"), (e) => done(String(e)));
"""


def _run_the_cell(driver: Any) -> None:
    """Run the notebook's cell once its kernel is ready (JupyterLab's own command)."""
    driver.set_script_timeout(WAIT)
    _wait(driver, lambda: driver.execute_async_script(RUN_ALL) == "ok")
    _wait(driver, lambda: _find(driver, ".equity-calc [data-testid=equity-0]"))


def _find(driver: Any, css: str) -> Any:
    from selenium.webdriver.common.by import By

    found = driver.find_elements(By.CSS_SELECTOR, css)
    return found[0] if found else None


def _wait(driver: Any, condition: Callable[[], Any], timeout: float = WAIT) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        try:
            value = condition()
        except Exception:  # an element replaced while read: look again
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            SHOTS.mkdir(parents=True, exist_ok=True)
            driver.save_screenshot(str(SHOTS / "failure.png"))
            raise AssertionError(
                f"the page never showed what {condition} waits for; it shows {_state(driver)}"
            )
        time.sleep(0.02)


def _state(driver: Any) -> str:
    """What the calculator shows now, for a failure's message: inputs, results, status."""
    from selenium.webdriver.common.by import By

    try:
        inputs = {
            box.get_attribute("data-testid"): box.get_attribute("value")
            for box in driver.find_elements(By.CSS_SELECTOR, ".equity-calc input")
        }
        shown = {
            node.get_attribute("data-testid"): node.text
            for node in driver.find_elements(By.CSS_SELECTOR, ".equity-calc [data-testid]")
            if node.tag_name not in ("input", "button", "option", "select")
            and not str(node.get_attribute("data-testid")).endswith("-picker")
        }
        game = _find(driver, ".equity-calc [data-testid=game]")
        return repr({"game": game and game.get_attribute("value"), **inputs, **shown})
    except Exception as error:  # the page itself gone: say so
        return f"nothing readable ({error})"


def _text(driver: Any, css: str) -> str:
    node = _find(driver, css)
    return "" if node is None else str(node.text)


def _pct(x: float) -> str:
    return f"{100 * x:.2f}%"


def _shows(driver: Any, result: Any) -> bool:
    """Whether the calculator shows ``result``'s equity, win and tie for every player.

    The tests compute ``result`` once, before polling: an engine call per poll would
    compete for the cores with the notebook's kernel computing the same spot.
    """
    for i in range(result.n_players):
        for name, values in (("equity", result.equity), ("win", result.win), ("tie", result.tie)):
            if _text(driver, f".equity-calc [data-testid={name}-{i}]") != _pct(values[i]):
                return False
    return True


def _answer(driver: Any, act: Callable[[], None]) -> float:
    """Do ``act`` (a click or an Enter) and return the page's latency of its answer, in ms."""
    status = _find(driver, ".equity-calc [data-testid=status]")
    act()  # the page drops data-latency-ms at once, and sets it with the answer
    return float(_wait(driver, lambda: status.get_attribute("data-latency-ms")))


def _card(driver: Any, card: str, picker: str = "board") -> Any:
    return _find(driver, f".equity-calc [data-testid={picker}-card-{card}]")


def test_the_calculator_shows_what_calculate_computes(page: Any) -> None:
    from selenium.webdriver.common.keys import Keys

    driver = page
    expected = calculate(["AsKs", "QhQd"])
    _wait(driver, lambda: _shows(driver, expected))
    assert "exact" in _text(driver, ".equity-calc [data-testid=status]")

    hand = _find(driver, ".equity-calc [data-testid=player-1]")
    hand.send_keys(Keys.CONTROL, "a")
    hand.send_keys("JhJd")
    enter_ms = _answer(driver, lambda: hand.send_keys(Keys.ENTER))
    expected = calculate(["AsKs", "JhJd"])
    _wait(driver, lambda: _shows(driver, expected))

    _card(driver, "Qs").click()  # one board card: the engine's sentence, inline
    with pytest.raises(ValueError, match="board") as info:
        calculate(["AsKs", "JhJd"], board="Qs")
    _wait(driver, lambda: _text(driver, ".equity-calc [data-testid=error]") == str(info.value))
    _card(driver, "7s").click()
    click_ms = [_answer(driver, _card(driver, "2c").click)]
    expected = calculate(["AsKs", "JhJd"], board="Qs7s2c")
    _wait(driver, lambda: _shows(driver, expected))
    assert "exact" in _text(driver, ".equity-calc [data-testid=status]")
    assert _text(driver, ".equity-calc [data-testid=error]") == ""
    SHOTS.mkdir(parents=True, exist_ok=True)
    _find(driver, ".equity-calc").screenshot(str(SHOTS / "calculator.png"))

    for _ in range(5):  # the river card off and on again: exact heads-up answers, warm
        _answer(driver, _card(driver, "2c").click)
        click_ms.append(_answer(driver, _card(driver, "2c").click))
    _wait(driver, lambda: _shows(driver, expected))
    _card(driver, "Ts", "dead").click()
    expected = calculate(["AsKs", "JhJd"], "Qs7s2c", dead="Ts")
    _wait(driver, lambda: _shows(driver, expected))

    median = statistics.median(click_ms)
    report = {"click_ms": click_ms, "enter_ms": enter_ms, "median_click_ms": median}
    (ROOT / "build").mkdir(exist_ok=True)
    (ROOT / "build" / "widgets-latency.json").write_text(json.dumps(report, indent=1))
    print(f"widgets latency: click median {median:.0f} ms, enter {enter_ms:.0f} ms")
    assert len(click_ms) == 6  # every click answered (its time: bench/bench_latency.py)
    assert all(ms >= 0 for ms in [*click_ms, enter_ms])


def test_the_range_grid_paints_and_counts(page: Any) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    driver = page

    def shows(r: Range) -> bool:
        return _text(driver, ".equity-grid [data-testid=combos]") == str(r.n_combos) and (
            _find(driver, ".equity-grid [data-testid=range-text]").get_attribute("value")
            in (r.format(), r.text)
        )

    _wait(driver, lambda: shows(Range("QQ+,AKs")))
    _find(driver, ".equity-grid [data-testid=cell-JJ]").click()
    _wait(driver, lambda: shows(Range("JJ+,AKs")))
    cells = [_find(driver, f".equity-grid [data-testid=cell-A{r}s]") for r in "5432"]
    drag = ActionChains(driver).click_and_hold(cells[0])
    for cell in cells[1:]:
        drag = drag.move_to_element(cell)
    drag.release().perform()
    _wait(driver, lambda: shows(Range("JJ+,AKs,A5s-A2s")))
    _find(driver, ".equity-grid [data-testid=cell-AKs]").click()  # painted already: cleared
    _wait(driver, lambda: shows(Range("JJ+,A5s-A2s")))
    SHOTS.mkdir(parents=True, exist_ok=True)
    _find(driver, ".equity-grid").screenshot(str(SHOTS / "range_grid.png"))

    cell = _find(driver, ".equity-grid [data-testid=cell-KQs]")  # shift-click: its four combos
    ActionChains(driver).key_down(Keys.SHIFT).click(cell).key_up(Keys.SHIFT).perform()
    combo = _wait(driver, lambda: _find(driver, ".equity-grid [data-testid=combo-KhQh]"))
    combo.click()
    _wait(driver, lambda: shows(Range("JJ+,A5s-A2s,KhQh")))

    top = _find(driver, ".equity-grid [data-testid=top]")  # the top-% slider at 15
    driver.execute_script(
        "arguments[0].value = 15; arguments[0].dispatchEvent(new Event('change'))", top
    )
    _wait(driver, lambda: shows(Range("15%")))
    driver.save_screenshot(str(SHOTS / "notebook.png"))


def test_the_hits_view_shows_hits_and_a_class_s_combos(page: Any) -> None:
    from equity import hits
    from equity.analysis.hits import hand_classes
    from equity.cards import format_cards

    driver = page
    spot = ("QQ+,AKs,T9s,87s", "Ts9s2h")
    shares = hits(*spot).shares()
    for name in ("overpair", "two pair", "open-ended straight draw"):
        css = f".equity-hits [data-testid=hit-share-{slug(name)}]"
        _wait(driver, lambda css=css, name=name: _text(driver, css) == f"{100 * shares[name]:.1f}%")
    _find(driver, f".equity-hits [data-testid=hit-{slug('two pair')}]").click()
    left = Range(spot[0]).remove(spot[1]).combos.tolist()
    two_pair = [
        format_cards([a, b])
        for a, b in left
        if "two pair" in hand_classes(format_cards([a, b]), spot[1])
    ]
    _wait(driver, lambda: _text(driver, ".equity-hits [data-testid=members]") == " ".join(two_pair))
    lit = _find(driver, ".equity-hits [data-testid=hits-cell-T9s]")
    assert "eq-in" in str(lit.get_attribute("class"))
    assert "eq-in" not in str(
        _find(driver, ".equity-hits [data-testid=hits-cell-AA]").get_attribute("class")
    )
    SHOTS.mkdir(parents=True, exist_ok=True)
    _find(driver, ".equity-hits").screenshot(str(SHOTS / "hits_view.png"))
    _find(driver, ".jp-Cell-outputArea").screenshot(str(SHOTS / "widgets.png"))  # the README's


def test_monte_carlo_in_the_browser_equals_calculate(page: Any) -> None:
    import re

    from selenium.webdriver.common.keys import Keys

    driver = page
    for card, picker in (("Qs", "board"), ("7s", "board"), ("2c", "board"), ("Ts", "dead")):
        button = _card(driver, card, picker)  # back to preflop, no dead card
        if "eq-on" in str(button.get_attribute("class")):
            button.click()
    hand = _find(driver, ".equity-calc [data-testid=player-1]")
    hand.send_keys(Keys.CONTROL, "a")
    hand.send_keys("random", Keys.ENTER)
    _answer(driver, _find(driver, ".equity-calc [data-testid=add-player]").click)
    status = _find(driver, ".equity-calc [data-testid=status]")
    assert status.get_attribute("data-state") == "monte-carlo"
    found = re.search(r"seed (\d+), batches of (\d+)", status.text)
    assert found is not None
    seed, batch = int(found[1]), int(found[2])
    players = ["AsKs", "random", "random"]
    expected = calculate(players, trials=1_000_000, seed=seed, batch_size=batch)
    assert _shows(driver, expected)
    for i in range(3):
        shown = _text(driver, f".equity-calc [data-testid=stderr-{i}]")
        assert shown == _pct(expected.stderr[i])
    assert f"{expected.samples:,} deals" in status.text


def test_the_game_selector_and_removing_a_player(page: Any) -> None:
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.select import Select

    driver = page
    if _find(driver, ".equity-calc [data-testid=remove-player-2]") is None:
        _find(driver, ".equity-calc [data-testid=add-player]").click()
    _wait(driver, lambda: _find(driver, ".equity-calc [data-testid=remove-player-2]")).click()
    _wait(driver, lambda: _find(driver, ".equity-calc [data-testid=player-2]") is None)
    Select(_find(driver, ".equity-calc [data-testid=game]")).select_by_value("omaha")
    hands = ["AsAhKsKh", "QdQcJdJc"]
    for i, hand in enumerate(hands):
        box = _find(driver, f".equity-calc [data-testid=player-{i}]")
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys(hand, Keys.ENTER)
    expected = calculate(hands, game="omaha")
    _wait(driver, lambda: _shows(driver, expected))
    assert "exact" in _text(driver, ".equity-calc [data-testid=status]")


def test_a_draw_game_shows_no_board_picker(page: Any) -> None:
    """Switching to deuce-seven hides the board picker (the registry's has_board) and says
    how a hand is written; a one-card draw is computed exactly, as calculate does."""
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.select import Select

    driver = page
    board = _find(driver, ".equity-calc [data-testid=board-picker]")
    Select(_find(driver, ".equity-calc [data-testid=game]")).select_by_value("deuce-seven")
    _wait(driver, lambda: not board.is_displayed())
    assert "kept" in _text(driver, ".equity-calc [data-testid=game-hint]")
    dead = [
        b.get_attribute("title")
        for b in driver.find_elements("css selector", ".equity-calc .eq-picker .eq-on")
        if (b.get_attribute("data-testid") or "").startswith("dead-card-")
    ]
    hands = ["7h5c4d3s", "9h8c6d5h2c"]
    dead_text = "".join(c for c in dead if c not in "".join(hands))
    for card in dead:
        if card in "".join(hands):  # a dead card a hand now holds: off
            _card(driver, card, "dead").click()
    for i, hand in enumerate(hands):
        box = _find(driver, f".equity-calc [data-testid=player-{i}]")
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys(hand, Keys.ENTER)
    expected = calculate(hands, dead=dead_text, game="deuce-seven")
    _wait(driver, lambda: _shows(driver, expected))
    assert "exact" in _text(driver, ".equity-calc [data-testid=status]")
    Select(_find(driver, ".equity-calc [data-testid=game]")).select_by_value("holdem")
    _wait(driver, board.is_displayed)


def _type(driver: Any, testid: str, text: str) -> None:
    """Replace the text of a calculator input and press Enter."""
    from selenium.webdriver.common.keys import Keys

    box = _find(driver, f".equity-calc [data-testid={testid}]")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.DELETE)
    box.send_keys(text, Keys.ENTER)


def test_the_pickers_show_the_game_s_deck_and_a_board_may_be_partly_known(page: Any) -> None:
    """Short deck's pickers offer its 36 cards; a partly known board typed in is computed as
    ``calculate`` computes it, its known cards lit on the picker."""
    from selenium.webdriver.support.select import Select

    driver = page

    def buttons() -> list[Any]:
        found = driver.find_elements("css selector", ".equity-calc [data-testid^=board-card-]")
        return list(found)

    Select(_find(driver, ".equity-calc [data-testid=game]")).select_by_value("shortdeck")
    _wait(driver, lambda: len(buttons()) == 36)
    assert _card(driver, "5s") is None
    assert _card(driver, "6s") is not None
    _type(driver, "dead-text", "")
    for i, hand in enumerate(["AsKs", "QhQd"]):
        _type(driver, f"player-{i}", hand)
    _type(driver, "board-text", "Qs7s6c")
    expected = calculate(["AsKs", "QhQd"], "Qs7s6c", game="shortdeck")
    _wait(driver, lambda: _shows(driver, expected))
    Select(_find(driver, ".equity-calc [data-testid=game]")).select_by_value("holdem")
    _wait(driver, lambda: len(buttons()) == 52)
    _type(driver, "player-1", "A *")
    _type(driver, "board-text", "2c7d9h h")
    expected = calculate(["AsKs", "A *"], board="2c7d9h h")
    _wait(driver, lambda: _shows(driver, expected))
    assert _text(driver, ".equity-calc [data-testid=error]") == ""
    lit = {b.get_attribute("title") for b in buttons() if "eq-on" in str(b.get_attribute("class"))}
    assert lit == {"2c", "7d", "9h"}
