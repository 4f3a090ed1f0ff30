"""Execute the notebooks in small mode and save them with their outputs.

The notebooks in ``notebooks/`` are committed with their outputs (text,
tables and figures), so they read on a repository web page without running
anything.  This tool runs each one top to bottom in a fresh ``python3``
kernel with ``EQUITY_NOTEBOOK_SMALL=1`` (every notebook then runs in
seconds) and writes it back in place; ``make notebook-outputs`` calls it.
The test suite executes the notebooks again (``tests/test_notebooks.py``)
and checks that the committed ones carry outputs and no errors.

    .venv/bin/python tools/run_notebooks.py [NOTEBOOK ...]   # default: all of notebooks/
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import nbclient
import nbformat

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def run(path: Path) -> float:
    """Execute ``path`` in small mode, write it back with its outputs; return the seconds."""
    nb = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    nbclient.NotebookClient(
        nb,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    ).execute()
    nb.metadata.pop("widgets", None)
    nbformat.write(nb, path)
    return time.perf_counter() - start


def main(argv: list[str]) -> int:
    os.environ["EQUITY_NOTEBOOK_SMALL"] = "1"
    os.environ.pop("MPLBACKEND", None)  # the inline backend: figures saved as PNG outputs
    paths = [Path(a) for a in argv] or sorted(NOTEBOOKS.glob("*.ipynb"))
    for path in paths:
        print(f"{path.name}: {run(path):.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
