"""Tests of equity.plots (estimates, hands): every figure builds on the Agg backend and
labels its Axes."""

from __future__ import annotations

import builtins
import math

import numpy as np
import pandas as pd
import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from equity import plots  # noqa: E402
from equity.analysis.frequencies import category_frequencies  # noqa: E402
from equity.ranges import CLASSES, parse_range  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def labelled(ax) -> bool:
    return bool(ax.get_title() and ax.get_xlabel() and ax.get_ylabel())


def test_plot_frequencies_from_table_and_frame():
    table = category_frequencies("five", trials=20_000, seed=3)
    ax = plots.plot_frequencies(table)
    assert labelled(ax)
    assert "five" in ax.get_title()
    assert ax.get_yscale() == "log"
    assert [t.get_text() for t in ax.get_xticklabels()] == list(table.counts)
    _, ax2 = plt.subplots()
    assert plots.plot_frequencies(table.to_frame(), ax2, log=False) is ax2
    assert ax2.get_yscale() == "linear"
    assert labelled(ax2)


def test_plot_frequencies_relative():
    table = category_frequencies("zjh", trials=5_000, seed=3)
    ax = plots.plot_frequencies(table, relative=True)
    assert labelled(ax)
    assert ax.get_ylabel() == "frequency / exact - 1"
    assert ax.get_yscale() == "linear"
    assert "relative error" in ax.get_title()


def test_plot_errors():
    ax = plots.plot_errors(["a", "b", "c"], [0.01, -0.02, 0.0], [0.01, 0.01, 0.02])
    assert labelled(ax)
    assert [t.get_text() for t in ax.get_yticklabels()] == ["a", "b", "c"]
    assert list(ax.get_yticks()) == [2, 1, 0]  # the first label on top
    with pytest.raises(ValueError, match="length"):
        plots.plot_errors(["a"], [0.1, 0.2], [0.1, 0.1])


def test_plot_convergence_series_and_band():
    n = np.array([1_000, 10_000, 100_000])
    frame = pd.DataFrame(
        {
            "series": ["a"] * 3 + ["b"] * 3,
            "trials": np.concatenate([n, n]),
            "error": [0.01, -0.003, 0.0, 0.02, 0.004, -0.001],
            "stderr": np.concatenate([0.5 / np.sqrt(n), 0.3 / np.sqrt(n)]),
        }
    )
    ax = plots.plot_convergence(frame, title="conv", ylabel="|err|")
    assert ax.get_title() == "conv"
    assert ax.get_ylabel() == "|err|"
    assert ax.get_xlabel() == "trials n"
    assert ax.get_xscale() == ax.get_yscale() == "log"
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "|error| (a)" in labels
    assert "1 SE (b)" in labels
    # without a series column: one line and one band
    ax1 = plots.plot_convergence(frame[frame["series"] == "a"].drop(columns="series"))
    assert len(ax1.get_lines()) == 2


def test_plot_grid_accepts_mapping_sequence_and_grid():
    values = {c: k / 168 for k, c in enumerate(CLASSES)}
    ax = plots.plot_grid(values, title="grid", label="share")
    assert ax.get_title() == "grid"
    assert labelled(ax)
    texts = [t.get_text() for t in ax.texts]
    assert len(texts) == 169
    assert texts[0].startswith("AA")
    assert texts[1].startswith("AKs")
    assert texts[13].startswith("AKo")
    assert [t.get_text() for t in ax.get_xticklabels()] == list("AKQJT98765432")
    ax2 = plots.plot_grid(np.arange(169.0), annotate=False)
    assert not ax2.texts
    ax3 = plots.plot_grid(np.zeros((13, 13)))
    assert len(ax3.texts) == 169
    with pytest.raises(ValueError, match="169 values"):
        plots.plot_grid(np.zeros(10))


def test_plot_grid_missing_classes_are_blank():
    ax = plots.plot_grid({"AA": 0.85})
    texts = [t.get_text() for t in ax.texts]
    assert texts[0] == "AA\n0.85"
    assert texts[1] == "AKs"


def test_plot_grid_labels_only_and_text_colours():
    grid = np.zeros((13, 13))
    grid[0, 0] = 1.0
    ax = plots.plot_grid(grid, fmt=None, cmap="Greens", vmin=0.0, vmax=1.0)
    assert [t.get_text() for t in ax.texts] == list(CLASSES)
    # Greens is light at 0 and dark at 1; viridis the other way round.
    assert [t.get_color() for t in ax.texts[:2]] == ["white", "black"]
    ax2 = plots.plot_grid(grid, vmin=0.0, vmax=1.0)
    assert [t.get_color() for t in ax2.texts[:2]] == ["black", "white"]


def test_plot_matrix():
    arr = np.full((169, 169), np.nan)
    arr[0, 1], arr[1, 0] = 0.8, 0.2
    ax = plots.plot_matrix(arr)
    assert labelled(ax)
    assert ax.get_xticklabels()[0].get_text() == "AA"
    with pytest.raises(ValueError, match="169x169"):
        plots.plot_matrix(np.zeros((3, 3)))


@pytest.mark.parametrize("residual", [False, True])
def test_plot_winrate_scatter(residual):
    exact = np.array([0.2, 0.5, 0.8])
    sim = exact + np.array([0.01, -0.01, 0.0])
    ax = plots.plot_winrate_scatter(
        sim, exact, stderr=[0.01, 0.01, 0.01], labels=["a", "b", "c"], residual=residual
    )
    assert labelled(ax)
    assert ax.get_ylabel() == ("simulated - exact" if residual else "simulated equity")
    assert [t.get_text() for t in ax.texts] == ["a", "b", "c"]
    with pytest.raises(ValueError, match="shape"):
        plots.plot_winrate_scatter([0.1], [0.1, 0.2])


def test_plot_z_histogram_density():
    z = np.random.default_rng(1).standard_normal(500)
    ax = plots.plot_z_histogram(np.append(z, np.nan))
    assert labelled(ax)
    heights = [p.get_height() for p in ax.patches]
    widths = [p.get_width() for p in ax.patches]
    assert math.isclose(sum(h * w for h, w in zip(heights, widths, strict=True)), 1.0)
    assert "500 estimates" in ax.get_legend().get_texts()[0].get_text()


def test_plot_zjh_winrates():
    frame = pd.DataFrame(
        {
            "category": ["pair"] * 3 + ["high card"] * 3,
            "opponents": [1, 2, 3] * 2,
            "equity": [0.8, 0.7, 0.6, 0.3, 0.2, 0.1],
            "stderr": [0.01] * 6,
        }
    )
    ax = plots.plot_zjh_winrates(frame)
    assert labelled(ax)
    assert ax.get_yscale() == "log"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["pair", "high card"]


def test_missing_matplotlib_names_the_extra(monkeypatch):
    real_import = builtins.__import__

    def fake_import(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ImportError(f"No module named {name!r}")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake_import)
    with pytest.raises(ImportError, match=r"pip install equity\[plot\]"):
        plots.plot_z_histogram([0.0, 1.0])


def test_plot_range() -> None:
    from matplotlib.axes import Axes

    ax = plots.plot_range(parse_range("15%"))
    assert isinstance(ax, Axes)
    assert len(ax.texts) == 169
    assert ax.get_title().startswith("15%")
    _, given_ax = plt.subplots()
    assert plots.plot_range(parse_range("AA"), ax=given_ax) is given_ax
