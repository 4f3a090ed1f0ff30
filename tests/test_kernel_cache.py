"""The kernels' Numba cache drops exactly the kernels that can see a changed source.

Numba keys a cached function on its own file's time stamp; a driver that
inlines (or links) a helper from another module would keep running the old
helper after that module alone changed.  ``equity.kernels._jit`` records a
digest per module (its source and every sibling module it imports,
transitively) and deletes the entries of the modules whose digest changed,
and only those: an edit to one kernel family recompiles that family.
"""

from __future__ import annotations

import json
from pathlib import Path

from equity.kernels import _jit
from equity.kernels._jit import STAMP, drop_stale_cache, module_digests


def _fill(cache: Path) -> dict[str, list[Path]]:
    files = {
        "montecarlo": [cache / "montecarlo.simulate_batches-60.py311.nbi",
                       cache / "montecarlo.simulate_batches-60.py311.1.nbc"],
        "headsup": [cache / "headsup.x-1.py311.1.nbc"],
        "omaha": [cache / "omaha.y-9.py311.nbi"],
    }  # fmt: skip
    for group in files.values():
        for f in group:
            f.write_bytes(b"compiled")
    return files


def _sources(src: Path) -> None:
    src.mkdir(exist_ok=True)
    (src / "rng.py").write_text("x = 1\n")
    (src / "headsup.py").write_text("from .rng import x\n")
    (src / "montecarlo.py").write_text("from .headsup import x\nfrom . import rng\n")
    (src / "omaha.py").write_text("import numpy\n")


def test_module_digests_follow_imports(tmp_path: Path) -> None:
    src = tmp_path / "src"
    _sources(src)
    first = module_digests(src)
    assert set(first) == {"rng", "headsup", "montecarlo", "omaha"}
    (src / "rng.py").write_text("x = 2\n")  # seen by headsup and, through it, montecarlo
    second = module_digests(src)
    assert {m for m in first if first[m] != second[m]} == {"rng", "headsup", "montecarlo"}
    (src / "omaha.py").write_text("import numpy as np\n")
    third = module_digests(src)
    assert {m for m in second if second[m] != third[m]} == {"omaha"}


def test_a_changed_source_drops_only_the_kernels_that_see_it(tmp_path: Path) -> None:
    src = tmp_path / "src"
    _sources(src)
    cache = tmp_path / "__pycache__"
    cache.mkdir()
    files = _fill(cache)
    other = cache / "montecarlo.cpython-311.pyc"  # not Numba's: left alone
    other.write_bytes(b"bytecode")

    first = module_digests(src)
    assert drop_stale_cache(cache, first) == ["headsup", "montecarlo", "omaha"]  # no stamp yet
    assert not any(f.exists() for group in files.values() for f in group)
    assert other.exists()
    assert json.loads((cache / STAMP).read_text()) == first

    files = _fill(cache)
    assert drop_stale_cache(cache, module_digests(src)) == []  # same sources: kept
    assert all(f.exists() for group in files.values() for f in group)

    (src / "headsup.py").write_text("from .rng import x\ny = 3\n")  # one helper module changes
    second = module_digests(src)
    assert drop_stale_cache(cache, second) == ["headsup", "montecarlo"]
    assert not any(f.exists() for f in files["headsup"] + files["montecarlo"])
    assert all(f.exists() for f in files["omaha"])  # another family: still cached
    assert json.loads((cache / STAMP).read_text()) == second


def test_a_cache_that_cannot_be_written_is_left_alone(tmp_path: Path) -> None:
    missing = tmp_path / "file" / "cache"
    (tmp_path / "file").write_text("not a folder")
    assert drop_stale_cache(missing, {"rng": "abc"}) == []


def test_the_package_cache_is_stamped_with_the_current_sources() -> None:
    here = Path(_jit.__file__).parent
    cache = _jit._cache_dir()
    assert cache is not None
    # the checkout's cache folder is writable: importing the kernels stamped it
    assert json.loads((cache / STAMP).read_text()) == module_digests(here)
