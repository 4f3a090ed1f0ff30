"""The kernels' Numba cache is emptied when any kernel source changes.

Numba keys a cached function on its own file's time stamp; a driver that
inlines a helper from another module would keep running the old helper after
that module alone changed.  ``equity.kernels._jit`` stamps the cache with a
digest of every kernel source and empties it when the digest differs.
"""

from __future__ import annotations

from pathlib import Path

from equity.kernels import _jit
from equity.kernels._jit import drop_stale_cache, sources_digest


def _fill(cache: Path) -> list[Path]:
    files = [cache / "montecarlo.simulate_batches-60.py311.nbi", cache / "headsup.x-1.py311.1.nbc"]
    for f in files:
        f.write_bytes(b"compiled")
    return files


def test_a_changed_source_empties_the_cache(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "headsup.py").write_text("x = 1\n")
    (src / "montecarlo.py").write_text("y = 2\n")
    cache = tmp_path / "__pycache__"
    cache.mkdir()
    files = _fill(cache)
    other = cache / "montecarlo.cpython-311.pyc"  # not Numba's: left alone
    other.write_bytes(b"bytecode")

    first = sources_digest(src)
    assert drop_stale_cache(cache, first)  # no stamp yet: emptied, then stamped
    assert not any(f.exists() for f in files)
    assert other.exists()
    assert (cache / "equity-kernels.sha256").read_text() == first

    files = _fill(cache)
    assert not drop_stale_cache(cache, sources_digest(src))  # same sources: kept
    assert all(f.exists() for f in files)

    (src / "headsup.py").write_text("x = 3\n")  # one helper module changes
    second = sources_digest(src)
    assert second != first
    assert drop_stale_cache(cache, second)
    assert not any(f.exists() for f in files)
    assert (cache / "equity-kernels.sha256").read_text() == second


def test_a_cache_that_cannot_be_written_is_left_alone(tmp_path: Path) -> None:
    missing = tmp_path / "file" / "cache"
    (tmp_path / "file").write_text("not a folder")
    assert not drop_stale_cache(missing, "abc")


def test_the_package_cache_is_stamped_with_the_current_sources() -> None:
    here = Path(_jit.__file__).parent
    cache = _jit._cache_dir()
    assert cache is not None
    # the checkout's cache folder is writable: importing the kernels stamped it
    assert (cache / "equity-kernels.sha256").read_text() == sources_digest(here)
