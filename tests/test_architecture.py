"""The shape of the house: the pure modules, where the rules live, import no Django and no app's
Django code; the apps import each other in one direction only (docs/CONTRIBUTING.md's map); no
module is part of an import circle, not even through an import inside a function; and in the
rules engine, a card product's scripts import no other product (only the engine and the shared
vocabulary) and no engine module but the registration module imports the card scripts."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PURE = [
    ROOT / "cards" / "cardpool.py",
    ROOT / "cards" / "collection.py",
    ROOT / "decklists" / "markdown.py",
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
    "decklists": {"accounts", "cards", "decks"},  # accounts: the comments' rate limits
    "tournaments": {"accounts", "cards", "decks", "decklists"},  # decklists: decks by link
    "gameplay": {"cards", "decks", "tournaments"},
    "people": {"accounts", "cards", "decks", "decklists", "tournaments"},  # a person's page
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


# --- The card scripts: products, the shared vocabulary, the one registration point -------------

CARDS = ENGINE / "cards"
SCRIPTS_PACKAGE = "gameplay.engine.cards"
# The one engine module that imports the card scripts (it registers them all).
REGISTRATION = "gameplay.engine.scripts"
VOCABULARY = "vocabulary"


def _products(cards: Path) -> set[str]:
    """The product packages: every folder of the card scripts but the shared vocabulary."""
    return {p.name for p in cards.iterdir() if p.is_dir() and (p / "__init__.py").exists()} - {
        VOCABULARY
    }


def products_imported_across(root: Path = ROOT) -> list[str]:
    """Each import, at the top or inside a function, absolute or relative, by which a module of
    one product package (or of the shared vocabulary) reaches another product package."""
    cards = root / "gameplay" / "engine" / "cards"
    products = _products(cards)
    found = []
    for path in sorted(cards.rglob("*.py")):
        parts = path.relative_to(cards).parts
        if len(parts) < 2:
            continue  # the package's own __init__.py
        own = parts[0]
        module = _module_name(path, root)
        for name in _all_imports(path, module):
            if not name.startswith(SCRIPTS_PACKAGE + "."):
                continue
            other = name.split(".")[3]
            if other in products and other != own:
                found.append(f"{module} imports {name}")
    return sorted(set(found))


def scripts_imported_by_the_engine(root: Path = ROOT) -> list[str]:
    """Each import of the card scripts' package (or of anything in it) by an engine module
    outside it, except the registration module: the rules read the scripts through the
    registry (abilities.SCRIPTS) and the card facts from card_facts.py."""
    engine = root / "gameplay" / "engine"
    found = []
    for path in sorted(engine.rglob("*.py")):
        if path.is_relative_to(engine / "cards"):
            continue
        module = _module_name(path, root)
        if module == REGISTRATION:
            continue
        for name in _all_imports(path, module):
            if name == SCRIPTS_PACKAGE or name.startswith(SCRIPTS_PACKAGE + "."):
                found.append(f"{module} imports {name}")
    return sorted(set(found))


def test_no_card_product_imports_another():
    assert products_imported_across() == []


def test_only_the_registration_module_imports_the_card_scripts():
    assert (ENGINE / "scripts.py").exists()
    assert scripts_imported_by_the_engine() == []


def _engine_tree(tmp_path: Path) -> Path:
    for folder in ("cards/core", "cards/lords_of_winter", "cards/vocabulary"):
        (tmp_path / "gameplay" / "engine" / folder).mkdir(parents=True)
        (tmp_path / "gameplay" / "engine" / folder / "__init__.py").write_text("", "utf-8")
    (tmp_path / "gameplay" / "engine" / "cards" / "__init__.py").write_text("", "utf-8")
    return tmp_path / "gameplay" / "engine"


def test_the_scan_sees_a_product_importing_another(tmp_path):
    engine = _engine_tree(tmp_path)
    cards = engine / "cards"
    (cards / "core" / "common.py").write_text(
        "from gameplay.engine.cards.vocabulary import won\n", "utf-8"
    )
    (cards / "lords_of_winter" / "common.py").write_text(
        "from gameplay.engine.cards.lords_of_winter import events\n", "utf-8"
    )
    assert products_imported_across(tmp_path) == []
    (cards / "lords_of_winter" / "locations.py").write_text(
        "from gameplay.engine.cards.core.stark import x\n"
        "def later():\n"
        "    from ...cards.core import neutral\n"
        "    import gameplay.engine.cards.core\n",
        "utf-8",
    )
    (cards / "vocabulary" / "targets.py").write_text(
        "def f():\n    from ..lords_of_winter.common import has_trait\n", "utf-8"
    )
    found = [
        line.replace("gameplay.engine.cards.", "") for line in products_imported_across(tmp_path)
    ]
    assert found == [
        "lords_of_winter.locations imports core",
        "lords_of_winter.locations imports core.neutral",
        "lords_of_winter.locations imports core.stark",
        "lords_of_winter.locations imports core.stark.x",
        "vocabulary.targets imports lords_of_winter.common",
        "vocabulary.targets imports lords_of_winter.common.has_trait",
    ]


def test_the_scan_sees_an_engine_module_importing_the_scripts(tmp_path):
    engine = _engine_tree(tmp_path)
    (engine / "scripts.py").write_text("from gameplay.engine.cards import core\n", "utf-8")
    (engine / "card_facts.py").write_text("import json\n", "utf-8")
    assert scripts_imported_by_the_engine(tmp_path) == []
    (engine / "rules.py").write_text("from .cards import vocabulary\n", "utf-8")
    (engine / "bots.py").write_text(
        "def pick():\n    import gameplay.engine.cards.core.stark\n", "utf-8"
    )
    assert scripts_imported_by_the_engine(tmp_path) == [
        "gameplay.engine.bots imports gameplay.engine.cards.core.stark",
        "gameplay.engine.rules imports gameplay.engine.cards",
        "gameplay.engine.rules imports gameplay.engine.cards.vocabulary",
    ]
