"""The package's structure: imports run one way, games are listed once, modules stay small.

The import graph is read from the source (``ast``): every ``import`` and
``from ... import`` of a module of the package, at module level or inside a
function, except those under ``if TYPE_CHECKING:`` (they never run).
``from .pkg import name`` counts as an import of ``pkg.name`` when that is a
module, else of ``pkg`` itself.  Imports by name count too, so that none hides
from this test: the constant target of ``import_module(...)`` or
``__import__(...)``, and any string naming an object of the package as
``"equity.module:attribute"`` (the form of a plugin registry).
"""

from __future__ import annotations

import ast
import importlib.util
import itertools
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "equity"
PACKAGE = "equity"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def _is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def _type_checking_lines(tree: ast.Module) -> set[int]:
    """Line numbers of the bodies of ``if TYPE_CHECKING:`` blocks."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                lines.update(range(child.lineno, (child.end_lineno or child.lineno) + 1))
    return lines


def imports_of(name: str) -> set[str]:
    """The modules of the package that module ``name`` imports."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    skip = _type_checking_lines(tree)
    package = name if _is_package(name) else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if getattr(node, "lineno", None) in skip:
            continue
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == PACKAGE)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                base_name = ".".join(base + ([node.module] if node.module else []))
            else:
                base_name = node.module or ""
            if base_name.split(".")[0] != PACKAGE:
                continue
            for alias in node.names:
                sub = f"{base_name}.{alias.name}"
                found.add(sub if sub in MODULES else base_name)
        elif isinstance(node, ast.Call):
            found.update(_dynamic_import(node, package))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            spec = _OBJECT_SPEC.fullmatch(node.value.strip())
            if spec:
                found.add(_nearest_module(spec.group(1)))
    found.discard(name)
    return {m for m in found if m in MODULES}


_OBJECT_SPEC = re.compile(rf"({PACKAGE}(?:\.\w+)*):[\w.]+")
"""``"equity.module:attribute"``: an object named for a later import."""


def _nearest_module(dotted: str) -> str:
    """``dotted`` if it is a module of the package, else the nearest package above it."""
    while dotted not in MODULES and "." in dotted:
        dotted = dotted.rpartition(".")[0]
    return dotted


def _dynamic_import(node: ast.Call, package: str) -> set[str]:
    """The module a call ``import_module("...")`` or ``__import__("...")`` loads, if any."""
    func = node.func
    called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    if called not in ("import_module", "__import__") or not node.args:
        return set()
    target = node.args[0]
    if not isinstance(target, ast.Constant) or not isinstance(target.value, str):
        return set()
    text = target.value
    if text.startswith("."):  # relative to the package argument: taken as this package
        level = len(text) - len(text.lstrip("."))
        base = package.split(".")[: len(package.split(".")) - level + 1]
        text = ".".join([*base, text.lstrip(".")]).rstrip(".")
    if text.split(".")[0] != PACKAGE:
        return set()
    return {_nearest_module(text)}


GRAPH = {name: imports_of(name) for name in MODULES}


def _find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the graph as a list of nodes (first == last), or None."""
    state: dict[str, int] = {}  # 1: on the stack, 2: done
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


def test_the_import_graph_has_no_cycle() -> None:
    assert _find_cycle(GRAPH) is None, " -> ".join(_find_cycle(GRAPH) or [])


def test_the_cycle_finder_finds_cycles() -> None:
    assert _find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


LAYERS = [
    ("equity._version", "equity.cards", "equity.checks", "equity.control", "equity.stats"),
    ("equity.games",),
    ("equity.lookup",),
    ("equity.kernels",),
    (
        "equity.poker",
        "equity.omaha",
        "equity.shortdeck",
        "equity.zjh",
        "equity.zjh_counts",
        "equity.lowball",
        "equity.lowball_counts",
        "equity.odds",
    ),
    ("equity.ranges",),
    ("equity.plots",),
    ("equity.results", "equity.combos"),
    ("equity.engine", "equity.cluster"),
    ("equity.analysis", "equity.preflop_table", "equity.histories"),
    ("equity.reports",),
    ("equity.cli", "equity.__main__", "equity.widgets"),
]
"""cards -> games -> lookup -> kernels -> evaluators -> ranges -> plots -> results ->
engine -> analysis -> reports -> cli and widgets (the two front ends): a module may
import its own layer's modules and those of the layers above it in this list, never
those below (ranges never import plots: a range is drawn by ``equity.plots.plot_range``)."""


def _layer(name: str) -> int:
    for i, prefixes in enumerate(LAYERS):
        if any(name == p or name.startswith(p + ".") for p in prefixes):
            return i
    raise KeyError(name)


@pytest.mark.parametrize("name", sorted(set(MODULES) - {PACKAGE}))
def test_imports_run_one_way(name: str) -> None:
    """The lazy package root names every public module; any module may import it."""
    upward = [m for m in GRAPH[name] if m != PACKAGE and _layer(m) > _layer(name)]
    assert not upward, f"{name} imports {upward}, a layer below it"


def test_hidden_imports_count_as_edges() -> None:
    """Imports by name are edges: a registry string or ``import_module`` cannot hide one."""
    source = (
        "from importlib import import_module\n"
        "import importlib\n"
        "def f():\n"
        "    import_module('equity.engine')\n"
        "    importlib.import_module('.analysis.distribution', __name__)\n"
        "    __import__('equity.cli')\n"
        "HOOK = 'equity.reports.run:run_report'\n"
        "TEXT = 'equity: not a module'\n"
    )
    tree = ast.parse(source)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            found |= _dynamic_import(node, "equity")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            spec = _OBJECT_SPEC.fullmatch(node.value)
            if spec:
                found.add(_nearest_module(spec.group(1)))
    assert found == {
        "equity.engine",
        "equity.analysis.distribution",
        "equity.cli",
        "equity.reports.run",
    }


def test_every_game_registers_its_hooks() -> None:
    """The registry names no module above it: the modules computing a game's exact counts
    and evaluator tables register them when imported, and these importers load them all."""
    import equity.engine
    import equity.odds
    from equity.games import GAMES

    for g in GAMES.values():
        assert g.evaluator_tables(g.make_rules()) is not None, g.name
        if g.exact_odds:
            counts = g.category_counts()
            assert sum(counts[c] for c in g.categories) == g.hands_dealt, g.name
        if g.rules_class is not None:
            assert isinstance(g.make_rules(), g.rules_class), g.name
    assert equity.engine is not None
    assert equity.odds is not None


def private_imports_of(name: str) -> list[str]:
    """The underscore names module ``name`` takes from other modules of the package.

    ``from .x import _y`` (at any level, inside functions too) and ``x._y`` where ``x``
    is a module of the package bound by an import; dunders such as ``__version__``
    are public.  A private submodule (``from . import _base``) is a module, not a name.
    """
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    package = name if _is_package(name) else name.rpartition(".")[0]
    bound: dict[str, str] = {}  # local name -> module of the package
    found: list[str] = []

    def private(attr: str) -> bool:
        return attr.startswith("_") and not (attr.startswith("__") and attr.endswith("__"))

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == PACKAGE and alias.asname:
                    bound[alias.asname] = alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                base_name = ".".join(base + ([node.module] if node.module else []))
            else:
                base_name = node.module or ""
            if base_name.split(".")[0] != PACKAGE:
                continue
            for alias in node.names:
                sub = f"{base_name}.{alias.name}"
                if sub in MODULES:
                    bound[alias.asname or alias.name] = sub
                elif private(alias.name) and base_name != name:
                    found.append(f"{base_name}.{alias.name}")
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in bound
            and bound[node.value.id] != name
            and private(node.attr)
        ):
            found.append(f"{bound[node.value.id]}.{node.attr}")
    return sorted(set(found))


@pytest.mark.parametrize("name", sorted(m for m in MODULES if not m.startswith("equity.kernels")))
def test_modules_use_named_interfaces(name: str) -> None:
    """What one module uses of another is public: no module outside the kernels imports an
    underscore name from another module of the package (the kernels, tuned as a family,
    may share private helpers among themselves; tests may reach private names)."""
    assert private_imports_of(name) == []


def test_the_private_import_finder_finds_them(tmp_path: Path) -> None:
    source = (
        "from .page import Page, _figure\n"
        "from .. import poker as _p\n"
        "from .._version import __version__\n"
        "def f():\n"
        "    from ..lookup import _rank_multisets\n"
        "    return _p._strength\n"
    )
    MODULES["equity.reports.fake"] = tmp_path / "fake.py"
    MODULES["equity.reports.fake"].write_text(source, encoding="utf-8")
    try:
        found = private_imports_of("equity.reports.fake")
    finally:
        del MODULES["equity.reports.fake"]
    assert found == [
        "equity.lookup._rank_multisets",
        "equity.poker._strength",
        "equity.reports.page._figure",
    ]


def test_every_game_has_every_piece() -> None:
    """Each registered game declares what the engine and the command line read: a kernel
    family, an evaluator the CLI can evaluate and rank with, registered tables (and
    counts when its odds are exact), rules that its flags build, and sane sizes."""
    import equity.engine
    import equity.odds
    from equity.cli._hands import EVALUATE, RANK
    from equity.games import (
        EVALUATORS,
        GAMES,
        KERNEL_OMAHA,
        KERNEL_STUD,
        KERNEL_TABLE,
        KERNEL_ZJH,
    )

    assert set(EVALUATE) == set(RANK) == set(EVALUATORS)
    for g in GAMES.values():
        assert g.title, g.name
        assert g.summary, g.name
        assert g.categories, g.name
        assert g.kernel in (KERNEL_TABLE, KERNEL_ZJH, KERNEL_OMAHA, KERNEL_STUD), g.name
        assert g.evaluator in EVALUATORS, g.name
        assert g.evaluator_tables(g.make_rules()) is not None, g.name
        if g.exact_odds:
            counts = g.category_counts()
            assert sum(counts[c] for c in g.categories) == g.hands_dealt, g.name
        every_rule = g.make_rules(**{option.name: True for option in g.rules})
        assert (every_rule is None) == (g.rules_class is None), g.name
        assert all(option.flag.startswith("--") for option in g.rules), g.name
        assert 2 <= g.players[0] <= g.players[1], g.name
        assert 0 in g.board_sizes or g.no_board, g.name  # Courchevel: one card at least
        assert list(g.board_sizes) == sorted(g.board_sizes), g.name
        assert g.hand_sizes, g.name
        assert g.hole_cards <= max(g.hand_sizes), g.name
        assert max(g.hand_sizes) <= g.hole_cards + g.board_total, g.name
        assert set(g.subsets.values()) <= set(g.categories), g.name
        if g.independent_decks:
            assert not g.has_board, g.name
        families = [g.scored_by_tables, g.omaha, g.rules_as_flags, g.stud_family]
        assert families.count(True) == 1, g.name
        if g.preflop_table:
            assert g.ranges, g.name
            assert (g.hole_cards, g.board_total) == (2, 5), g.name
    assert equity.engine is not None
    assert equity.odds is not None


def test_the_cli_names_no_game() -> None:
    """The command line asks the registry, never ``args.game == "zjh"`` or a kernel code."""
    names = "|".join(re.escape(name) for name in __import__("equity.games").games.GAMES)
    pattern = re.compile(rf"""game\s*[!=]=\s*["']({names})["']|KERNEL_""")
    offenders = [
        f"{name}: {match.group(0)}"
        for name, path in MODULES.items()
        if name.startswith("equity.cli")
        for match in pattern.finditer(path.read_text("utf-8"))
    ]
    assert offenders == []


KERNEL_DISPATCH = {
    "equity.engine.exact",
    "equity.engine.montecarlo",
    "equity.engine.record",
    "equity.engine.units",
}
"""The engine's modules that hand a job to the kernels of its family: besides the registry
and the kernels, the only ones that compare a game's kernel family."""


def kernel_comparisons(source: str) -> list[str]:
    """The comparisons in ``source`` that involve a ``KERNEL_*`` code or a ``.kernel`` field."""

    def names_a_kernel(node: ast.AST) -> bool:
        return any(
            (isinstance(n, ast.Name) and n.id.startswith("KERNEL_"))
            or (
                isinstance(n, ast.Attribute)
                and (n.attr == "kernel" or n.attr.startswith("KERNEL_"))
            )
            for n in ast.walk(node)
        )

    return [
        ast.unparse(node)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Compare) and names_a_kernel(node)
    ]


def test_only_the_registry_and_the_kernels_compare_kernel_families() -> None:
    """Outside games/, kernels/ and the engine's kernel dispatch, a module asks the game
    (``game.omaha``, ``game.scored_by_tables``, ``game.showdown_categories`` ...), never
    ``game.kernel == KERNEL_OMAHA``."""
    offenders = [
        f"{name}: {comparison}"
        for name, path in MODULES.items()
        if not name.startswith(("equity.games", "equity.kernels")) and name not in KERNEL_DISPATCH
        for comparison in kernel_comparisons(path.read_text("utf-8"))
    ]
    assert offenders == []


def test_the_kernel_comparison_finder_finds_them() -> None:
    source = (
        "from equity.games import KERNEL_OMAHA, KERNEL_ZJH, games\n"
        "a = g.kernel == KERNEL_OMAHA\n"
        "b = job.game.kernel not in (games.KERNEL_TABLE, KERNEL_ZJH)\n"
        "c = g.kernel != 1\n"
        "d = g.omaha and g.hilo == hilo\n"
        "e = {KERNEL_OMAHA: 'omaha'}\n"
    )
    assert kernel_comparisons(source) == [
        "g.kernel == KERNEL_OMAHA",
        "job.game.kernel not in (games.KERNEL_TABLE, KERNEL_ZJH)",
        "g.kernel != 1",
    ]


FORMER_NAMES = (
    "equity.simulate",
    "equity.tables",
    "equity.table",
    "equity.distributed",
    "equity.frequencies",
)
"""Modules that only re-exported others under a former name, now gone."""


def test_no_alias_modules() -> None:
    assert not set(FORMER_NAMES) & set(MODULES)
    for name in FORMER_NAMES:
        assert importlib.util.find_spec(name) is None, name


def test_kernels_import_numpy_and_numba_only() -> None:
    for name, path in MODULES.items():
        if not name.startswith("equity.kernels"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and not node.level:
                roots = {(node.module or "").split(".")[0]}
            else:
                continue
            assert roots <= {
                "numpy",
                "numba",
                "__future__",
                "typing",
                "collections",
                "contextlib",
                "math",
                # _jit's cache stamp: a digest of each kernel module and the siblings it
                # imports (read with ast), recorded beside the cache (json); functools for
                # variant_overload
                "ast",
                "functools",
                "hashlib",
                "json",
                "os",
                "pathlib",
            }, (name, roots)


def test_the_cli_reads_the_game_list_from_the_registry() -> None:
    """No module but the registry writes the game names out as a list: two of the registry's
    names (all of them, read from ``equity.games.GAMES``) side by side as string literals."""
    import re

    from equity.games import GAMES

    assert len(GAMES) == 17
    names = "|".join(re.escape(name) for name in sorted(GAMES, key=len, reverse=True))
    pattern = re.compile(rf"""["']({names})["'],\s*["']({names})["']""")
    for a, b in itertools.pairwise([*GAMES, next(iter(GAMES))]):  # the guard itself bites
        assert pattern.search(f'choices=("{a}", "{b}")'), (a, b)
        assert pattern.search(f"[\n    '{a}',\n    '{b}',\n]"), (a, b)
    assert not pattern.search('("holdem", "holdem2")')
    offenders = [
        name
        for name, path in MODULES.items()
        if not name.startswith("equity.games") and pattern.search(path.read_text("utf-8"))
    ]
    assert offenders == []


@pytest.mark.parametrize("name", sorted(MODULES))
def test_modules_are_small(name: str) -> None:
    """600 lines at most, every module alike."""
    lines = MODULES[name].read_text(encoding="utf-8").count("\n")
    assert lines <= 600, f"{name} has {lines} lines"
