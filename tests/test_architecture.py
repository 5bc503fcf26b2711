"""The shape of the house: the pure modules, where the rules live, import no Django and no app's
Django code; the apps import each other in one direction only (docs/CONTRIBUTING.md's map); and
no module is part of an import circle, not even through an import inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PURE = [
    ROOT / "cards" / "cardpool.py",
    ROOT / "cards" / "search" / "language.py",
    ROOT / "cards" / "search" / "rank.py",
    *sorted((ROOT / "decks" / "validation").rglob("*.py")),
    *sorted((ROOT / "decks" / "decklist").rglob("*.py")),
    *[
        p
        for p in (ROOT / "decks" / f"{n}.py" for n in ("stats", "charts", "drawsim", "generate"))
        if p.exists()
    ],
    ROOT / "tournaments" / "scoring.py",
    ROOT / "tournaments" / "cut_odds" / "simulation.py",
    *sorted((ROOT / "tournaments" / "pairing").rglob("*.py")),
    *sorted((ROOT / "tournaments" / "standings").rglob("*.py")),
    *sorted((ROOT / "gameplay" / "engine").rglob("*.py")),
    ROOT / "gameplay" / "eventlog.py",
    ROOT / "gameplay" / "passing.py",
]
FORBIDDEN = ("django", "rest_framework", "celery", "config")
DJANGO_MODULES = ("models", "views", "services", "selectors", "api", "tasks", "forms", "urls")


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


ENGINE = ROOT / "gameplay" / "engine"


def _module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _apps_imported_by_the_engine(path: Path, module: str) -> list[str]:
    """The modules of the project's apps that an engine file imports, at the top or inside a
    function, relative imports resolved: the rules engine imports no app at all (not even an
    app's pure modules), only itself."""
    return [
        name
        for name in _all_imports(path, module)
        if name.split(".")[0] in APPS
        and name != "gameplay.engine"
        and not name.startswith("gameplay.engine.")
    ]


@pytest.mark.parametrize("path", PURE, ids=lambda p: str(p.relative_to(ROOT)))
def test_pure_module_imports_no_framework(path):
    bad = [
        name
        for name in _imports(path)
        if name.split(".")[0] in FORBIDDEN
        or (name.count(".") >= 1 and name.split(".")[1] in DJANGO_MODULES)
    ]
    if path.is_relative_to(ENGINE):
        bad += _apps_imported_by_the_engine(path, _module_name(path))
    assert bad == [], f"{path.relative_to(ROOT)} imports {bad}"


def test_the_scan_sees_a_django_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from django.db import models\nimport decks.models\n", encoding="utf-8")
    assert _imports(sample) == ["django.db", "decks.models"]


def test_the_scan_sees_an_app_imported_by_the_engine(tmp_path):
    sample = tmp_path / "gameplay" / "engine" / "sample.py"
    sample.parent.mkdir(parents=True)
    sample.write_text(
        "from gameplay.engine.game import apply\n"
        "from . import rules\n"
        "def read():\n"
        "    from decks.decklist import parse_decklist\n"
        "    import cards.cardpool\n"
        "    from ..eventlog import describe\n",
        encoding="utf-8",
    )
    module = _module_name(sample, tmp_path)
    assert module == "gameplay.engine.sample"
    assert _apps_imported_by_the_engine(sample, module) == [
        "decks.decklist",
        "decks.decklist.parse_decklist",
        "cards.cardpool",
        "gameplay.eventlog",
        "gameplay.eventlog.describe",
    ]


# --- Import circles and the order of the apps ---------------------------------------------------

APPS = ("accounts", "cards", "config", "decks", "tournaments", "gameplay")

# What each app may import from the others (docs/CONTRIBUTING.md). ``config`` wires the apps
# together (settings, urls, the Celery app) and stays out of this order; circles through it are
# still caught below, module by module.
MAY_IMPORT = {
    "accounts": set(),
    "cards": set(),
    "decks": {"cards"},
    "tournaments": {"cards", "decks"},
    "gameplay": {"cards", "decks", "tournaments"},
}


def _all_imports(path: Path, module: str) -> list[str]:
    """Every module a file imports, at the top or inside a function, relative imports resolved;
    ``from package import name`` counts as an import of ``package.name`` when that is a module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            names.append(base)
            names += [f"{base}.{alias.name}" for alias in node.names]
    return names


def _modules() -> dict[str, Path]:
    modules = {}
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join(parts)] = path
    return modules


def import_graph() -> dict[str, set[str]]:
    """Module -> the project's modules it imports (a name resolves to its closest module)."""
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        targets = set()
        for name in _all_imports(path, module):
            while name and name not in modules:
                name = name.rpartition(".")[0]
            if name and name != module:
                targets.add(name)
        graph[module] = targets
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_circle():
    found = circles(import_graph())
    assert found == [], f"import circles: {found}"


def test_the_apps_import_each_other_in_one_direction():
    wrong = sorted(
        f"{module} imports {target}"
        for module, targets in import_graph().items()
        for target in targets
        if (app := module.split(".")[0]) in MAY_IMPORT
        and (other := target.split(".")[0]) != app
        and other in MAY_IMPORT
        and other not in MAY_IMPORT[app]
        and not _is_engine(target)
    )
    assert wrong == []


def _is_engine(module: str) -> bool:
    """The rules engine is a pure leaf (it imports no app: test_pure_module_imports_no_framework),
    so any app may import it without a circle or a reverse dependency on gameplay's Django code:
    the decks pages say how much of a deck it plays (gameplay.engine.coverage)."""
    return module == "gameplay.engine" or module.startswith("gameplay.engine.")


def test_any_app_may_import_the_engine_but_no_other_gameplay_module():
    assert _is_engine("gameplay.engine.coverage") and _is_engine("gameplay.engine")
    assert not _is_engine("gameplay.models") and not _is_engine("gameplay.engineroom")


def test_the_circle_check_finds_a_circle_through_a_local_import(tmp_path):
    (tmp_path / "a.py").write_text("from pkg import b\n", encoding="utf-8")
    (tmp_path / "b.py").write_text("def f():\n    from pkg.a import x\n", encoding="utf-8")
    graph = {
        name: {
            target
            for target in _all_imports(tmp_path / f"{name[4:]}.py", name)
            if target in ("pkg.a", "pkg.b") and target != name
        }
        for name in ("pkg.a", "pkg.b")
    }
    assert circles(graph) == [["pkg.a", "pkg.b"]]
    assert circles({"x": {"y"}, "y": set()}) == []
