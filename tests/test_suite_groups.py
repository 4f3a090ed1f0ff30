"""The test suite's own grouping (``tests/conftest.py``): a test that shares a fixture of
module scope carries an ``xdist_group`` mark named after the fixture's module, and in a
``--dist loadgroup`` worker its node id ends in ``@group``, which is what pytest-xdist's
scheduler reads to send the group to one worker (so the fixture is built once)."""

from __future__ import annotations

import pytest

GROUP = "tests/test_suite_groups.py"


@pytest.fixture(scope="module")
def shared() -> list[str]:
    return []


def test_a_test_sharing_a_module_fixture_is_grouped(
    shared: list[str], request: pytest.FixtureRequest
) -> None:
    marks = [m.args for m in request.node.iter_markers("xdist_group")]
    assert marks == [(GROUP,)]
    in_a_worker = bool(request.config.getoption("loadgroup", default=False))
    assert request.node.nodeid.endswith(f"@{GROUP}") == in_a_worker


def test_a_test_without_one_is_not(request: pytest.FixtureRequest) -> None:
    assert not list(request.node.iter_markers("xdist_group"))
    assert "@" not in request.node.nodeid
