"""What the widgets share: anywidget (an optional dependency), their shipped assets, a worker.

The JavaScript and CSS of the widgets are files of this package
(``equity/widgets/static``), read by anywidget and sent to the front end with
the widget: nothing is fetched at run time.

:class:`Worker` runs a widget's computation in a background thread, so that the
kernel (and the notebook) never waits for it.  A new request cancels the one in
flight: the computation is handed a ``check`` function, which it passes on as the
engine's ``progress`` callback (:mod:`equity.control`); ``check`` raises
:class:`Cancelled` once a newer request exists, and the engine stops at its next
round (a fraction of a second).  One engine call runs at a time in the process
(:data:`ENGINE_LOCK`): Numba's default threading layer allows no concurrent
launches.
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

try:
    import anywidget
except ImportError as error:  # pragma: no cover - exercised without the extra only
    raise ImportError(
        "the widgets need anywidget: install them with pip install 'equity[widgets]'"
    ) from error

__all__ = ["ENGINE_LOCK", "STATIC", "Cancelled", "Worker", "anywidget", "esm", "with_html"]

STATIC = Path(__file__).resolve().parent / "static"
"""The widgets' JavaScript and CSS, shipped in the package."""


def esm(view: str) -> str:
    """A widget's JavaScript module: ``static/common.js`` (what the views share), then ``view``."""
    return "\n".join((STATIC / name).read_text(encoding="utf-8") for name in ("common.js", view))


ENGINE_LOCK = threading.Lock()
"""Held around every engine call made by a widget's worker."""


def with_html(bundle: Any, html: str) -> Any:
    """A widget's MIME bundle with a static ``text/html`` picture added.

    Where no kernel runs (a saved notebook on a repository page) the HTML is
    shown; JupyterLab, Notebook 7, VS Code and Colab prefer the live widget.
    """
    if bundle is None:
        return None
    data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
    return {**data, "text/html": html}, metadata


class Cancelled(BaseException):
    """A newer request replaced the one being computed (raised through the engine).

    A ``BaseException``, like ``KeyboardInterrupt``, so that no ``except
    Exception`` on the way out of the engine mistakes it for a failure.
    """


class Worker:
    """One background thread computing the latest request of a widget.

    ``job(check)`` computes the current state of the widget and publishes it;
    it calls ``check()`` often (the engine's progress callback does), and
    ``check`` raises :class:`Cancelled` once :meth:`submit` has been called
    again.  :meth:`wait` blocks until no request is pending or running.  Any other
    exception of a job is a fault: its traceback is printed (the notebook's log) and
    the thread goes on to the next request.
    """

    def __init__(self, job: Callable[[Callable[..., None]], None]) -> None:
        self._job = job
        self._cond = threading.Condition()
        self._generation = 0
        self._done = 0
        self._running = False
        self.cancelled = 0
        """Runs stopped because a newer request came (for tests and curiosity)."""
        self.progress: tuple[int, int] | None = None
        """The engine's last ``progress(done, total)`` in the current run, if any."""
        self._thread: threading.Thread | None = None

    def submit(self) -> None:
        """Ask for a new computation; the one in flight (if any) is cancelled."""
        with self._cond:
            self._generation += 1
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._loop, name="equity-widget", daemon=True
                )
                self._thread.start()
            self._cond.notify_all()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until every request is computed; False if ``timeout`` seconds pass first."""
        with self._cond:
            return self._cond.wait_for(
                lambda: self._done == self._generation and not self._running, timeout
            )

    @property
    def busy(self) -> bool:
        """Whether a request is pending or running."""
        with self._cond:
            return self._running or self._done != self._generation

    def _loop(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._done != self._generation)
                generation = self._generation
                self._running = True
                self.progress = None

            def check(*done_total: int, generation: int = generation) -> None:
                if self._generation != generation:
                    raise Cancelled
                if len(done_total) == 2:
                    self.progress = (done_total[0], done_total[1])

            try:
                self._job(check)
            except Cancelled:
                with self._cond:
                    self.cancelled += 1
            except Exception:  # a fault of one request: logged, and the thread serves the next
                traceback.print_exc()
            finally:
                with self._cond:
                    self._running = False
                    if self._generation == generation:
                        self._done = generation
                    self._cond.notify_all()
