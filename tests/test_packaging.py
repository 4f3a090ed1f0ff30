"""The package's metadata: Python 3.11+, the MIT licence shipped, Parquet on a plain install."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest

from equity.cli import main

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_one_python_floor_everywhere() -> None:
    assert PYPROJECT["project"]["requires-python"] == ">=3.11"
    assert PYPROJECT["tool"]["ruff"]["target-version"] == "py311"
    assert PYPROJECT["tool"]["mypy"]["python_version"] == "3.11"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "3.11+" in readme
    assert "3.10+" not in readme


def test_the_licence_is_a_file_the_wheel_carries() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    assert "Copyright (c) 2026 the equity authors" in text
    assert PYPROJECT["project"]["license"] == "MIT"
    assert PYPROJECT["project"]["license-files"] == ["LICENSE"]


def test_parquet_needs_no_extra() -> None:
    deps = PYPROJECT["project"]["dependencies"]
    assert any(d.startswith("pyarrow") for d in deps)
    assert not any(
        d.startswith("pyarrow")
        for d in PYPROJECT["project"]["optional-dependencies"]["distributed"]
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["deal", "--n", "100", "--out", "d.parquet"],
        ["table", "preflop", "--out", "t.parquet"],
    ],
)
def test_missing_pyarrow_is_one_sentence_before_any_work(
    argv: list[str],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # an install without pyarrow
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert "writing Parquet needs pyarrow (pip install pyarrow)" in captured.err
    assert list(tmp_path.iterdir()) == []


def test_missing_pyarrow_in_the_api(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from equity.preflop_table import preflop_table

    monkeypatch.setitem(sys.modules, "pyarrow", None)
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    with pytest.raises(ValueError, match="writing Parquet needs pyarrow"):
        preflop_table(tmp_path / "t.parquet", pairs=[("AA", "KK")])
    assert list(tmp_path.iterdir()) == []


def test_the_widgets_extra_and_what_their_tests_need() -> None:
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert any(d.startswith("anywidget") for d in extras["widgets"])
    for need in ("anywidget", "jupyterlab", "selenium"):  # make test installs the test extra
        assert any(d.startswith(need) for d in extras["test"]), need
    markers = PYPROJECT["tool"]["pytest"]["ini_options"]["markers"]
    assert any(m.startswith("browser:") for m in markers)
