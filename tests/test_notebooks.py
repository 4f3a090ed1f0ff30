"""The notebooks run top to bottom in small mode (``EQUITY_NOTEBOOK_SMALL=1``): one in
``make test``, every one in ``make test-slow`` (CI runs both).

They are committed with their outputs (``make notebook-outputs`` executes them
in small mode and saves them), so they read without running anything; the
tests check those outputs are complete and error-free, and execute each
notebook again.

No test times them (the machine's load would decide); a cell that runs past
``2 * BUDGET_S`` seconds fails as hung.

Each notebook is executed by nbclient in a ``python3`` kernel; jupyter_client
starts that kernel with this interpreter (``sys.executable``), so it sees the
same installed ``equity``.  CI can also run ``pytest --nbmake notebooks/``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("*.ipynb"))
BUDGET_S = 60


def test_the_notebooks_are_there():
    assert [p.name for p in NOTEBOOKS] == [
        "01_hand_frequencies.ipynb",
        "02_head_to_head.ipynb",
        "03_zha_jin_hua.ipynb",
        "04_equity_and_ranges.ipynb",
        "05_omaha_and_short_deck.ipynb",
        "06_range_analysis_on_the_flop.ipynb",
        "07_hand_histories.ipynb",
        "08_interactive.ipynb",
        "09_stud_and_draw.ipynb",
        "10_tournaments.ipynb",
    ]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_is_committed_with_outputs_and_seeded(path):
    """Committed executed (``make notebook-outputs``): every code cell ran, in order, cleanly."""
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert [c.execution_count for c in code] == list(range(1, len(code) + 1))
    assert all(o.output_type != "error" for c in code for o in c.outputs)
    assert sum(1 for c in code if c.outputs) >= len(code) - 2  # a setup cell may print nothing
    assert "EQUITY_NOTEBOOK_SMALL" in code[0].source
    assert "SEED = " in code[0].source
    # public API only: nothing private from the package
    assert not any("equity.kernels" in c.source or "import _" in c.source for c in code)


RUN_IN_MAKE_TEST = "04_equity_and_ranges"
"""The notebook ``make test`` executes; ``make test-slow`` (CI) executes the others: each
starts a kernel of its own, and together they took two minutes of the suite's CPU."""


@pytest.mark.parametrize(
    "path",
    [
        p if p.stem == RUN_IN_MAKE_TEST else pytest.param(p, marks=pytest.mark.slow)
        for p in NOTEBOOKS
    ],
    ids=lambda p: p.stem,
)
def test_notebook_runs_in_small_mode(path, monkeypatch):
    monkeypatch.setenv("EQUITY_NOTEBOOK_SMALL", "1")
    monkeypatch.setenv("MPLBACKEND", "Agg")
    nb = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        nb,
        timeout=2 * BUDGET_S,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()  # a cell that hangs fails at the client's timeout
    errors = [
        out
        for cell in nb.cells
        if cell.cell_type == "code"
        for out in cell.outputs
        if out.output_type == "error"
    ]
    assert not errors
