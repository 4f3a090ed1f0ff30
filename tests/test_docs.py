"""The documentation against the code: every example it shows is run, every public name has
a docstring and a place in the API reference, every link of the README resolves.

* A fenced block whose first line is ``$ equity ...`` shows that command and what it prints:
  the command runs in this process (:func:`equity.cli.main`, from the repository's root) and
  its standard output must be the block's lines, one for one, the run times aside (:data:`TIMES`).
* A ```` ```pycon ```` block is a Python session: it runs as a doctest.  A ```` ```python ````
  or ```` ```sh ```` block is shown, not run (a cluster's address, a notebook's display);
  a block with no language is a command's output, and starts with its command.

The site itself (``make docs``: ``mkdocs build --strict``, broken links and docstrings that
do not parse are errors) is built by ``.ci/run`` after the tests, not here.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import inspect
import itertools
import re
import shlex
from pathlib import Path

import pytest

from equity.cli import main

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]
API = sorted((DOCS / "api").glob("*.md"))
NAMESPACES = ("equity", "equity.cluster", "equity.widgets")
"""The namespaces the API reference documents, every name of their ``__all__``."""

FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```[ \t]*$", re.M | re.S)
TIMES = re.compile(r" \(\+\d+\.\d+ s compiling\)|\d+\.\d+ m?s\b")
"""A run's time and its compile time (a first run's only): the figures a rerun changes."""


def _blocks(language: str | None = None) -> list[tuple[str, int, str]]:
    """Every fenced block of the README and the docs (in ``language`` when given), as
    (page, line, body)."""
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            if language is None or match.group(1) == language:
                line = text.count("\n", 0, match.start()) + 1
                found.append((page.relative_to(ROOT).as_posix(), line, match.group(2)))
    return found


def _command_examples() -> list[tuple[str, str, str]]:
    """The blocks showing a command and its output: (where, command, output)."""
    return [
        (f"{page}:{line}", body.split("\n", 1)[0][2:], body.split("\n", 1)[1])
        for page, line, body in _blocks()
        if body.startswith("$ equity ")
    ]


def _sessions() -> list[tuple[str, str]]:
    return [(f"{page}:{line}", body) for page, line, body in _blocks("pycon")]


COMMANDS = _command_examples()
SESSIONS = _sessions()


def test_the_docs_show_commands_and_sessions() -> None:
    """The collection above finds what the pages hold (a change of fence style would
    otherwise leave the examples untested without a word)."""
    pages = {where.split(":")[0] for where, _, _ in COMMANDS}
    assert {"docs/hand-histories.md", "docs/decisions.md"} <= pages
    assert any(where.startswith("README.md:") for where, _ in SESSIONS)
    for page, line, body in _blocks():
        assert "\n$ equity " not in body, f"{page}:{line}: one command per output block"
    for page, line, body in _blocks(""):
        assert body.startswith("$ equity "), f"{page}:{line}: a bare block is a command's output"


@pytest.mark.parametrize(("where", "command", "shown"), COMMANDS, ids=[c[0] for c in COMMANDS])
def test_a_command_prints_what_the_docs_show(
    where: str,
    command: str,
    shown: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)  # the examples name files of the repository (tests/data/...)
    args = shlex.split(command)
    assert args[0] == "equity"
    assert main(args[1:]) == 0, where
    printed = capsys.readouterr().out
    assert TIMES.sub("", printed).splitlines() == TIMES.sub("", shown).splitlines(), where


@pytest.mark.parametrize(("where", "session"), SESSIONS, ids=[s[0] for s in SESSIONS])
def test_a_python_session_runs_as_shown(
    where: str, session: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    test = doctest.DocTestParser().get_doctest(session, {}, where, where, 0)
    assert test.examples, where
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0, where


def _public() -> list[tuple[str, str]]:
    names = []
    for namespace in NAMESPACES:
        if namespace == "equity.widgets":
            pytest.importorskip("anywidget")
        module = importlib.import_module(namespace)
        names += [(namespace, n) for n in module.__all__ if n != "__version__"]
    return names


def _data_docstring(module: object, name: str) -> str | None:
    """The string literal right after ``name = ...`` (or ``name: T = ...``) in ``module``'s
    source: a data attribute's docstring, as Sphinx and mkdocstrings read it."""
    body = ast.parse(inspect.getsource(module)).body  # type: ignore[arg-type]
    for node, after in itertools.pairwise(body):
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
        named = any(isinstance(t, ast.Name) and t.id == name for t in targets)
        if named and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant):
            return str(after.value.value)
    return None


def test_every_public_name_has_a_docstring_and_a_place_in_the_api_reference() -> None:
    directives = [
        line.split(None, 1)[1].strip()
        for page in API
        for line in page.read_text(encoding="utf-8").splitlines()
        if line.startswith("::: ")
    ]
    for namespace, name in _public():
        obj = getattr(importlib.import_module(namespace), name)
        shown = [d for d in directives if d.rsplit(".", 1)[-1] == name and _resolves(d, obj)]
        assert shown, f"{namespace}.{name} is on no page of docs/api/"
        if inspect.isclass(obj) or inspect.isroutine(obj):
            doc = obj.__doc__  # its own: a class does not borrow its base's here
        else:  # data: the string after its assignment, in the module the page names
            doc = _data_docstring(importlib.import_module(shown[0].rpartition(".")[0]), name)
        assert doc is not None, f"{namespace}.{name} has no docstring"
        assert doc.strip(), f"{namespace}.{name} has an empty docstring"


def _resolves(path: str, obj: object) -> bool:
    """Whether the mkdocstrings path ``package.module.Name`` is ``obj``."""
    module, _, attribute = path.rpartition(".")
    try:
        return getattr(importlib.import_module(module), attribute, None) is obj
    except ImportError:
        return False


def test_the_readme_links_resolve() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", readme)
    local = [link for link in links if "://" not in link]
    assert "docs/install.md" in local
    for link in local:
        assert (ROOT / link).is_file(), link
    for page in local:
        assert not re.search(r"\]\((?!https?://)[^)]*\.\./", (ROOT / page).read_text()), page


def test_the_package_page_stands_alone() -> None:
    """The wheel's long description is PYPI.md, whose links are absolute (the README's
    relative links and image do not resolve off the repository), and its summary names
    every kind of game and the hand histories."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["readme"]["file"] == "PYPI.md"
    text = (ROOT / "PYPI.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)]*)\)", text)
    assert all(t.startswith("https://") for t in targets), targets
    assert "<img" not in text
    summary = project["description"].lower()
    for kind in ("hold'em", "omaha", "courchevel", "short deck", "five-card", "zha jin hua"):
        assert kind in summary, kind
    for kind in ("stud", "razz", "draw", "lowball", "badugi", "hand-history"):
        assert kind in summary, kind
    assert any(
        c.startswith("Programming Language :: Python :: 3.11") for c in project["classifiers"]
    )


def test_no_help_names_a_file_of_the_repository(capsys: pytest.CaptureFixture[str]) -> None:
    """A wheel user has no ``tests/data``: the examples of ``--help`` name their own files."""
    from equity.cli import build_parser

    parser = build_parser()
    commands = [
        name
        for action in parser._subparsers._group_actions  # type: ignore[union-attr]
        for name in getattr(action, "choices", {}) or {}
    ]
    assert "history" in commands
    for argv in ([], *([c] for c in commands)):
        assert main([*argv, "--help"]) == 0
        out = capsys.readouterr().out
        assert "examples:" in out or not argv, argv
        assert "tests/" not in out, argv


TOUR_RUN = (
    "equity eval Kh Kd 5s Ks 5c 2d 3d",
    "equity query AsKs QhQd",
    'equity query AhKd "QQ+,AKs" random --board Ts9s2h',
    "equity query --game omaha AsAhKsKh QdQcJdJc",
)
"""The README tour's commands that run in a second or less, and whose comment quotes a
figure or a description of their output."""


@pytest.mark.parametrize("command", TOUR_RUN)
def test_the_tour_quotes_what_its_commands_print(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A figure (``1,712,304``, ``14.0208%``) or description quoted in the comment of a
    README tour line is in that command's output."""
    tour = (ROOT / "README.md").read_text(encoding="utf-8").split("## What it does\n", 1)[1]
    line = next(row for row in tour.splitlines() if row.startswith(command + " "))
    comment = line.split("#", 1)[1]
    quoted = re.findall(r"\d{1,3}(?:,\d{3})+|\d+\.\d+%", comment)
    if command.startswith("equity eval"):
        quoted = [comment.strip()]
    assert quoted, line
    assert main(shlex.split(command)[1:]) == 0
    printed = capsys.readouterr().out
    for figure in quoted:
        assert figure in printed, (command, figure)
