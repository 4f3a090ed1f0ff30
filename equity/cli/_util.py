"""What every subcommand shares: the parser, argument types, errors, progress, outputs."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import re
import sys
import tempfile
import textwrap
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn

from ..checks import MAX_SEED, MAX_TRIALS, limit_text

__all__ = [
    "EXIT_INTERRUPTED",
    "EXIT_USAGE",
    "CliError",
    "Parser",
    "Progress",
    "check_output_dir",
    "check_output_file",
    "check_parquet",
    "check_plot_file",
    "check_threads",
    "compile_notice",
    "emit_json",
    "fill_paragraphs",
    "parse_count",
    "save_figure",
    "seconds",
    "set_threads",
    "table",
]

EXIT_USAGE = 2
"""Exit code of a usage error (bad input): one sentence on stderr."""
EXIT_INTERRUPTED = 130
"""Exit code after Ctrl-C (128 + SIGINT), the partial result printed."""


def fill_paragraphs(text: str, sep: str = "\n\n") -> str:
    """``text``'s paragraphs (blank-line separated) rewrapped for a help page, joined by ``sep``."""
    return sep.join(textwrap.fill(" ".join(p.split()), width=78) for p in text.split("\n\n"))


class CliError(ValueError):
    """A user error detected by the CLI itself."""


class _Formatter(argparse.HelpFormatter):
    """Wrap one-paragraph texts (descriptions); keep texts with line breaks (examples)."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "\n" in text:
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line and whose epilogs are made lazily.

    ``epilog`` may be a callable, called when help is shown (examples and
    rule texts can import modules that ``equity eval`` should not pay for).
    """

    commands: dict[str, Parser]
    """The top-level parser's subcommands, by name (set by ``build_parser``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)
        self.commands = {}
        # An argument such as -1%, -1e6 or -.5 is a (negative) value, read and then refused by
        # its type in one sentence, never an unknown option ("expected one argument"):
        # argparse's own pattern takes only -1 and -0.5.  No option looks like a number.
        self._negative_number_matcher = re.compile(r"^-\.?\d")

    def format_help(self) -> str:
        """The help page, with a lazy epilog resolved."""
        if callable(self.epilog):
            self.epilog = self.epilog()
        return super().format_help()

    def error(self, message: str) -> NoReturn:
        """Print ``PROG: error: MESSAGE`` (no usage block) and exit with code 2."""
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


# ---------------------------------------------------------------------------
# argument types


def parse_count(text: str) -> int:
    """Parse a positive count written ``1000000``, ``1_000_000`` or ``1e6`` (at most 1e15).

    Examples
    --------
    >>> parse_count("1e6"), parse_count("1_000_000")
    (1000000, 1000000)
    """
    cleaned = text.strip().replace("_", "").replace(",", "")
    try:
        value = float(cleaned) if any(c in cleaned for c in ".eE") else int(cleaned)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number")
    if value != int(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    if value > MAX_TRIALS:
        raise argparse.ArgumentTypeError(f"{text!r} is above the limit of {limit_text(MAX_TRIALS)}")
    return int(value)


def positive_float(text: str) -> float:
    """A positive finite number (seconds)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} must be a positive number")
    return value


MAX_STDERR = 0.5
"""Targets of ``--stderr`` lie below this: a share of the pot lies between 0 and 1, so the
standard error of its mean is never above 0.5 (50%), and a target there would stop at once."""


def stderr_target(text: str) -> float:
    """A target standard error as a fraction of the pot (``0.001``) or a percentage (``0.1%``).

    Above 0 and below :data:`MAX_STDERR` (50%).

    Examples
    --------
    >>> stderr_target("0.001"), stderr_target("0.1%")
    (0.001, 0.001)
    """
    percent = text.strip().endswith("%")
    try:
        value = float(text.strip().rstrip("%"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number (e.g. 0.001 or 0.1%)") from None
    if percent:
        value /= 100
    if not 0 < value < MAX_STDERR:
        raise argparse.ArgumentTypeError(
            f"{text!r} must be above 0 and below 0.5 (50%), the largest standard error a share "
            "of the pot can have (e.g. 0.001 or 0.1%)"
        )
    return value


def seed(text: str) -> int:
    """A seed: a whole number from 0 to 2**63 - 1."""
    try:
        value = int(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole-number seed") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"seed {text!r} must be from 0 to 2**63 - 1")
    return value


def threads(text: str) -> int:
    """A positive thread count (checked against the cores at use)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least 1")
    return value


def check_threads(count: int | None) -> int | None:
    """``count`` if this machine has that many Numba threads, else a CliError."""
    if count is None:
        return None
    from ..kernels._jit import max_threads

    if not 1 <= count <= max_threads():
        raise CliError(f"--threads must be between 1 and {max_threads()}, got {count}")
    return count


def set_threads(count: int | None) -> None:
    """Use ``count`` Numba threads, or say which counts this machine allows."""
    checked = check_threads(count)
    if checked is not None:
        import numba

        numba.set_num_threads(checked)


# ---------------------------------------------------------------------------
# outputs


def _probe_folder(folder: Path, shown: str) -> None:
    """Create and remove a scratch file in ``folder``; raise a CliError naming ``shown``."""
    try:
        fd, scratch = tempfile.mkstemp(dir=folder, prefix=".equity-write-check-")
        os.close(fd)
        os.unlink(scratch)
    except OSError as exc:
        raise CliError(f"cannot write {shown}: {exc.strerror or exc}") from None


def check_output_file(path: str) -> Path:
    """Check, before any work, that a file can be written at ``path``; nothing is left behind."""
    target = Path(path)
    if target.is_dir():
        raise CliError(f"cannot write {path}: it is a folder")
    folder = target.parent
    if not folder.is_dir():
        reason = "is a file" if folder.exists() else "does not exist"
        raise CliError(f"cannot write {path}: the folder {str(folder)!r} {reason}")
    _probe_folder(folder, path)
    if target.exists() and not os.access(target, os.W_OK):
        raise CliError(f"cannot write {path}: permission denied")
    return target


PLOT_SUFFIXES = (".png", ".svg", ".pdf")
"""What ``--plot FILE`` writes, by FILE's suffix."""


def check_plot_file(text: str) -> Path:
    """Check, before any work, that a plot can be written at ``text`` (.png, .svg or .pdf)."""
    path = Path(text)
    if path.suffix.lower() not in PLOT_SUFFIXES:
        raise CliError(f"the plot is written as .png, .svg or .pdf, not {text!r}")
    return check_output_file(text)


def save_figure(figure: Any, path: Path, shown: str) -> None:
    """Write a Matplotlib ``figure`` at ``path`` (checked by :func:`check_plot_file`), close it.

    ``shown`` names the file in the one-sentence error of a write that fails.
    """
    import matplotlib.pyplot as plt

    try:
        figure.savefig(path, dpi=120, bbox_inches="tight")
    except OSError as exc:
        raise CliError(f"cannot write {shown}: {exc.strerror or exc}") from None
    finally:
        plt.close(figure)


def check_parquet(path: Path) -> None:
    """Before any work: a CliError when ``path`` is a ``.parquet`` file and pyarrow is missing."""
    if path.suffix.lower() != ".parquet":
        return
    try:
        importlib.import_module("pyarrow.parquet")  # a dependency, but an install may lack it
    except ImportError:
        raise CliError(
            "writing Parquet needs pyarrow (pip install pyarrow); write a .csv file instead"
        ) from None


def check_output_dir(path: str) -> Path:
    """Check, before any work, that files can be written in folder ``path`` (made later)."""
    target = Path(path)
    if target.exists() and not target.is_dir():
        raise CliError(f"cannot write to {path}: it is a file, not a folder")
    existing = target
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir():
        raise CliError(f"cannot write to {path}: {str(existing)!r} is a file, not a folder")
    _probe_folder(existing, path)
    return target


def emit_json(obj: object) -> None:
    """Print one JSON object."""
    print(json.dumps(obj, indent=2, ensure_ascii=False))


SHOWN_COMPILE_S = 0.05
"""Compile times above this are shown beside the engine time (:func:`seconds`)."""


def seconds(elapsed_s: float, compile_s: float = 0.0, digits: int = 2) -> str:
    """``"0.13 s"``, or ``"0.13 s (+6.7 s compiling)"`` when kernels were compiled.

    ``elapsed_s`` is the engine time, compiling excluded; the compile time of a
    cold Numba cache is shown apart when above :data:`SHOWN_COMPILE_S`.

    Examples
    --------
    >>> seconds(0.1268, 6.71), seconds(0.0123, 0.01, digits=3)
    ('0.13 s (+6.7 s compiling)', '0.012 s')
    """
    text = f"{elapsed_s:.{digits}f} s"
    if compile_s > SHOWN_COMPILE_S:
        text += f" (+{compile_s:.1f} s compiling)"
    return text


def table(rows: Sequence[Sequence[object]], headers: Sequence[str]) -> str:
    """Format rows as an aligned plain-text table (numbers right-aligned)."""
    cells = [[str(h) for h in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    numeric = [
        all(_is_number(r[i]) for r in cells[1:]) and len(cells) > 1 for i in range(len(headers))
    ]

    def fmt(row: list[str]) -> str:
        return "  ".join(
            c.rjust(w) if num else c.ljust(w)
            for c, w, num in zip(row, widths, numeric, strict=True)
        ).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([fmt(cells[0]), rule, *(fmt(r) for r in cells[1:])])


def _is_number(text: str) -> bool:
    try:
        float(text.rstrip("%").replace(",", ""))
    except ValueError:
        return False
    return True


# ---------------------------------------------------------------------------
# progress and notices


class Progress:
    """Progress on stderr: a bar on a terminal, plain lines with ``--progress``, else nothing.

    The bar appears once a run passes ``delay`` seconds.  Plain lines (for
    logs) come at the first report and then at most once a second.  A
    Monte-Carlo run's partial results (:meth:`update`, the engine's
    ``on_update``) add the current equity and standard error of each player
    to the bar and the lines.
    """

    def __init__(self, args: argparse.Namespace, label: str, delay: float = 1.0) -> None:
        quiet = getattr(args, "quiet", False) or getattr(args, "json", False)
        self.plain = bool(getattr(args, "progress", False))
        self.enabled = self.plain or (sys.stderr.isatty() and not quiet)
        self.label = label
        self.delay = delay
        self.start = time.perf_counter()
        self.last = -1.0
        self.bar: Any = None
        self.task: Any = None
        self.estimate = ""

    def update(self, result: Any) -> None:
        """Keep the equity ± std err of a partial result (``calculate(..., on_update=)``).

        Shown by the next progress report; players past the fourth are left out.
        """
        if not self.enabled or result.stderr is None:
            return
        pairs = zip(result.equity[:4], result.stderr[:4], strict=True)
        shown = [f"{e:.2%}±{s:.2%}" for e, s in pairs]
        self.estimate = " ".join(shown) + (" ..." if result.n_players > 4 else "")

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if self.plain:
            if now - self.last >= 1.0 or done >= total:
                self.last = now
                share = f" ({done / total:.1%})" if total < 10**14 else ""
                of = f" of {total:,}" if total < 10**14 else ""
                estimate = f", equity {self.estimate}" if self.estimate else ""
                print(
                    f"{self.label}: {done:,}{of}{share}, {now - self.start:.1f} s{estimate}",
                    file=sys.stderr,
                    flush=True,
                )
            return
        if self.bar is None:
            if now - self.start < self.delay:
                return
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                TextColumn,
                TimeElapsedColumn,
            )
            from rich.progress import (
                Progress as Bar,
            )

            self.bar = Bar(
                TextColumn(self.label),
                BarColumn(bar_width=24),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TextColumn("{task.fields[estimate]}"),
                console=Console(stderr=True),
                transient=True,
            )
            self.bar.start()
            self.task = self.bar.add_task(
                self.label, total=total if total < 10**14 else None, estimate=""
            )
        self.bar.update(self.task, completed=done, estimate=self.estimate)

    def close(self) -> None:
        """Remove the bar (plain lines stay)."""
        if self.bar is not None:
            self.bar.stop()


@contextlib.contextmanager
def compile_notice(args: argparse.Namespace) -> Iterator[None]:
    """In the block, say on stderr when a kernel is about to compile (a cold Numba cache).

    The engine calls :func:`equity.kernels._jit.warming` before its first
    launch of each kernel, after the input is validated; the notice comes
    then, once.  Silent with ``--quiet``.
    """
    if getattr(args, "quiet", False):
        yield
        return
    from ..kernels._jit import compile_notice as notice

    def say() -> None:
        print(
            "equity: compiling the kernels this command needs (first run only: about 5-20 s "
            "on two cores, longer on a busy machine; later runs load them from the cache)",
            file=sys.stderr,
            flush=True,
        )

    with notice(say):
        yield
