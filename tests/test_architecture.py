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
    ("equity.evaluators",),
    ("equity.ranges",),
    ("equity.plots",),
    ("equity.results", "equity.combos"),
    ("equity.engine", "equity.cluster"),
    ("equity.analysis", "equity.preflop_table", "equity.histories", "equity.decisions"),
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
    import equity.evaluators.odds
    from equity.games import GAMES

    for g in GAMES.values():
        assert g.evaluator_tables(g.make_rules()) is not None, g.name
        if g.exact_odds:
            counts = g.category_counts()
            assert sum(counts[c] for c in g.categories) == g.hands_dealt, g.name
        if g.rules_class is not None:
            assert isinstance(g.make_rules(), g.rules_class), g.name
    assert equity.engine is not None
    assert equity.evaluators.odds is not None


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


@pytest.mark.parametrize("name", sorted(MODULES))
def test_modules_use_named_interfaces(name: str) -> None:
    """What one module uses of another is public: no module imports an underscore name
    from another module of the package, the kernels included (a step two kernel modules
    share lives under a public name, the draw steps in ``kernels/draws.py``); tests may
    reach private names."""
    assert private_imports_of(name) == []


def public_aliases_of(name: str) -> list[str]:
    """The public names module ``name`` imports from the package under an underscore alias
    (``from .x import y as _y``): a name another module publishes, disguised as private."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    package = name if _is_package(name) else name.rpartition(".")[0]
    found: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            base = package.split(".")[: len(package.split(".")) - node.level + 1]
            base_name = ".".join(base + ([node.module] if node.module else []))
        else:
            base_name = node.module or ""
        if base_name.split(".")[0] != PACKAGE:
            continue
        found.extend(
            f"{base_name}.{alias.name} as {alias.asname}"
            for alias in node.names
            if (alias.asname or "").startswith("_")
            and not alias.name.startswith("_")
            and f"{base_name}.{alias.name}" not in MODULES  # a module bound privately is fine
        )
    return found


@pytest.mark.parametrize("name", sorted(m for m in MODULES if m.startswith("equity.kernels")))
def test_kernels_import_shared_steps_by_their_names(name: str) -> None:
    """A kernel module calls a shared step by the name its home module gives it
    (``swap_draw``, not ``_swap_draw``), so that every caller of a step is found by
    its name."""
    assert public_aliases_of(name) == []


def test_the_private_import_finder_finds_them(tmp_path: Path) -> None:
    source = (
        "from .page import Page, _figure\n"
        "from ..evaluators import poker as _p\n"
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
        "equity.evaluators.poker._strength",
        "equity.lookup._rank_multisets",
        "equity.reports.page._figure",
    ]


def test_the_public_alias_finder_finds_them(tmp_path: Path) -> None:
    source = (
        "from .draws import swap_draw as _swap_draw, subset_step\n"
        "from . import rng as _rng\n"
        "from .rng import _splitmix64 as _mix\n"
        "from numpy import zeros as _zeros\n"
        "def f():\n"
        "    from ..lookup import build as _build\n"
    )
    MODULES["equity.kernels.fake"] = tmp_path / "fake.py"
    MODULES["equity.kernels.fake"].write_text(source, encoding="utf-8")
    try:
        found = public_aliases_of("equity.kernels.fake")
    finally:
        del MODULES["equity.kernels.fake"]
    assert found == [
        "equity.kernels.draws.swap_draw as _swap_draw",
        "equity.lookup.build as _build",
    ]


def test_every_game_has_every_piece() -> None:
    """Each registered game declares what the engine and the command line read: a kernel
    family, an evaluator with the four operations (the one the CLI and the reports ask),
    registered tables (and counts when its odds are exact), rules that its flags build,
    and sane sizes."""
    import equity.engine
    import equity.evaluators.odds
    from equity.evaluators import EVALUATOR_OBJECTS, Evaluator, evaluator, named
    from equity.games import (
        EVALUATORS,
        GAMES,
        KERNEL_OMAHA,
        KERNEL_STUD,
        KERNEL_TABLE,
        KERNEL_ZJH,
    )

    assert set(EVALUATOR_OBJECTS) == set(EVALUATORS)
    for name in EVALUATORS:
        ev = named(name)
        assert isinstance(ev, Evaluator), name
        assert ev.name == name, name
        assert ev.game is None, name
        assert all(callable(op) for op in (ev.evaluate, ev.compare, ev.rank, ev.describe)), name
    for g in GAMES.values():
        assert g.title, g.name
        assert g.summary, g.name
        assert g.categories, g.name
        assert g.kernel in (KERNEL_TABLE, KERNEL_ZJH, KERNEL_OMAHA, KERNEL_STUD), g.name
        assert g.evaluator in EVALUATORS, g.name
        ev = evaluator(g)
        assert ev.name == g.evaluator, g.name
        assert ev.game is g, g.name
        assert (ev.low is not None) >= g.hilo, g.name  # a hi-lo game's evaluator finds lows
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
    assert equity.evaluators.odds is not None


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


FAMILY_HOMES = ("equity.engine.families", "equity.kernels", "equity.games")
"""Where a game's kernel family may be asked: the family modules (one per family, and the
registry that picks one, :func:`equity.engine.families.family`), the kernels, and the
game registry that declares each game's family and derives its properties."""

FAMILY_PROPERTIES = frozenset(
    {"stud_family", "omaha", "scored_by_tables", "rules_as_flags", "low_ranked"}
)
"""The registry's properties that say which kernel family a game is in (``Game.omaha``:
the Omaha family ...).  Capabilities that a family has (``Game.showdown_categories``) and
rules of a game (``hilo``, ``ranges``, ``patterns``) are the registry's answers to ask."""


def _names_the_kernel(node: ast.AST) -> bool:
    """Whether ``node`` mentions a ``KERNEL_*`` code or a ``.kernel`` field."""
    return any(
        (isinstance(n, ast.Name) and n.id.startswith("KERNEL_"))
        or (isinstance(n, ast.Attribute) and (n.attr == "kernel" or n.attr.startswith("KERNEL_")))
        for n in ast.walk(node)
    )


def family_switches(source: str) -> list[str]:
    """The family switches of ``source``, each as ``"line: code"``.

    A switch is a comparison that involves a ``KERNEL_*`` code or a ``.kernel`` field
    (``g.kernel == KERNEL_OMAHA``, ``job.game.kernel in (...)``), a lookup or ``match``
    keyed by ``.kernel``, and any reading of a family property of
    :data:`FAMILY_PROPERTIES` (an ``if``, a conditional expression, a boolean operand, or
    a name that a later test reads: ``zjh = g.rules_as_flags``).
    """
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        keyed = isinstance(node, ast.Subscript) and _names_the_kernel(node.slice)
        if keyed or (isinstance(node, ast.Compare) and _names_the_kernel(node)):
            found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Match) and _names_the_kernel(node.subject):
            found.append((node.lineno, f"match {ast.unparse(node.subject)}"))
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Load)
            and node.attr in FAMILY_PROPERTIES
        ):
            found.append((node.lineno, ast.unparse(node)))
    return [f"{line}: {code}" for line, code in sorted(found)]


def _switches_of(name: str) -> list[str]:
    return family_switches(MODULES[name].read_text("utf-8"))


def test_only_the_families_the_kernels_and_the_registry_switch_on_a_family() -> None:
    """Outside engine/families/, kernels/ and games/, no module asks which kernel family
    a game is in: the engine asks the job's family object (``job.family.run_exact``),
    the rest ask the registry for what they need (``game.showdown_categories``)."""
    offenders = [
        f"{name}:{switch}"
        for name in MODULES
        if not name.startswith(FAMILY_HOMES)
        for switch in _switches_of(name)
    ]
    assert offenders == []


def test_the_family_switch_finder_finds_them() -> None:
    source = (
        "from equity.games import KERNEL_OMAHA, KERNEL_ZJH, games\n"
        "a = g.kernel == KERNEL_OMAHA\n"
        "b = job.game.kernel not in (games.KERNEL_TABLE, KERNEL_ZJH)\n"
        "c = g.kernel != 1\n"
        "d = g.omaha and g.hilo == hilo\n"
        "e = {KERNEL_OMAHA: 'omaha'}\n"
        "if job.game.stud_family:\n"
        "    pass\n"
        "f = tables if g.scored_by_tables else None\n"
        "zjh = g.rules_as_flags\n"
        "h = lowball_tables() if not g.low_ranked else None\n"
        "k = UNITS[spec.kernel]\n"
        "match g.kernel:\n"
        "    case 1:\n"
        "        pass\n"
        "ok = g.showdown_categories and g.hilo and g.kernel_rules and FAMILIES[code]\n"
        "from equity import omaha\n"
    )
    assert family_switches(source) == [
        "2: g.kernel == KERNEL_OMAHA",
        "3: job.game.kernel not in (games.KERNEL_TABLE, KERNEL_ZJH)",
        "4: g.kernel != 1",
        "5: g.omaha",
        "7: job.game.stud_family",
        "9: g.scored_by_tables",
        "10: g.rules_as_flags",
        "11: g.low_ranked",
        "12: UNITS[spec.kernel]",
        "13: match g.kernel",
    ]


def _readme_family_paragraph() -> str:
    contributing = (ROOT.parent / "docs" / "contributing.md").read_text("utf-8")
    found = [p for p in contributing.split("\n\n") if p.startswith("A new kernel family adds")]
    assert len(found) == 1, "the contributor's page's paragraph on a new kernel family"
    return found[0]


def names_a_family(source: str) -> bool:
    """Whether ``source`` declares, re-exports or implements a kernel family: it defines
    a family property or a ``KERNEL_*`` code, or imports one for more than a game's
    ``kernel=`` declaration (a game module picking its family names a game, not a family)."""
    imported: set[str] = set()
    declared: set[str] = set()
    used: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef) and node.name in FAMILY_PROPERTIES:
            return True
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id.startswith("KERNEL_") for t in node.targets
        ):
            return True
        if isinstance(node, ast.ImportFrom):
            imported |= {a.name for a in node.names if a.name.startswith("KERNEL_")}
        elif isinstance(node, ast.keyword) and node.arg == "kernel":
            declared |= {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)}
        elif isinstance(node, ast.Name) and node.id.startswith("KERNEL_"):
            used.add(node.id)
    return bool(imported) and not (imported <= used <= declared)


def test_the_readme_lists_what_a_new_kernel_family_touches() -> None:
    """The README's list of the files a new kernel family touches is exactly true: the
    files that name a family (:func:`names_a_family`), each listed or in a listed folder
    (every module of ``equity/engine/families/``), and the kernels' folder for its kernels."""
    listed = set(re.findall(r"`(equity/[\w/]+(?:\.py|/))`", _readme_family_paragraph()))
    for path in listed:
        assert (ROOT.parent / path).exists(), path
    folders = {p for p in listed if p.endswith("/")}
    assert folders == {"equity/engine/families/", "equity/kernels/"}
    naming = {
        MODULES[name].relative_to(ROOT.parent).as_posix()
        for name in MODULES
        if not name.startswith("equity.kernels")
        and (
            name.startswith("equity.engine.families")
            or names_a_family(MODULES[name].read_text("utf-8"))
        )
    }
    files = listed - folders
    assert files <= naming
    assert naming <= files | {p for p in naming if p.startswith(tuple(folders))}
    assert {"equity/games/_base.py", "equity/engine/families/__init__.py"} <= files


def test_the_family_namer_finds_them() -> None:
    game = "from ._base import KERNEL_TABLE, Game\nHOLDEM = Game(kernel=KERNEL_TABLE)\n"
    registry = "from ._base import KERNEL_TABLE\n__all__ = ['KERNEL_TABLE']\n"
    family = "from ...games import KERNEL_ZJH\nclass Z:\n    kernel = KERNEL_ZJH\n"
    codes = "KERNEL_TABLE = 0\n"
    properties = "class Game:\n    def omaha(self):\n        return True\n"
    sources = (game, registry, family, codes, properties, "import numpy\n")
    assert [names_a_family(s) for s in sources] == [False, True, True, True, True, False]


FORMER_NAMES = (
    "equity.simulate",
    "equity.tables",
    "equity.table",
    "equity.distributed",
    "equity.frequencies",
    "equity.poker",
    "equity.shortdeck",
    "equity.omaha",
    "equity.zjh",
    "equity.zjh_counts",
    "equity.lowball",
    "equity.lowball_counts",
    "equity.odds",
)
"""Former module names, now gone: modules that only re-exported others under a former
name, and the evaluators moved into ``equity.evaluators`` (no alias keeps an old path)."""


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
