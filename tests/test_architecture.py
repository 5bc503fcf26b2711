"""The pure modules, where the rules live, must not import Django or the apps' Django code."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PURE = [
    ROOT / "decks" / "cardpool.py",
    ROOT / "decks" / "search.py",
    ROOT / "decks" / "search_rank.py",
    *sorted((ROOT / "decks" / "validation").rglob("*.py")),
    *sorted((ROOT / "decks" / "decklist").rglob("*.py")),
    *[
        p
        for p in (ROOT / "decks" / f"{n}.py" for n in ("stats", "charts", "drawsim"))
        if p.exists()
    ],
    ROOT / "tournaments" / "scoring.py",
    ROOT / "tournaments" / "cut_odds.py",
    *sorted((ROOT / "tournaments" / "pairing").rglob("*.py")),
    *sorted((ROOT / "tournaments" / "standings").rglob("*.py")),
    *sorted((ROOT / "gameplay" / "engine").rglob("*.py")),
    ROOT / "gameplay" / "eventlog.py",
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


@pytest.mark.parametrize("path", PURE, ids=lambda p: str(p.relative_to(ROOT)))
def test_pure_module_imports_no_framework(path):
    bad = [
        name
        for name in _imports(path)
        if name.split(".")[0] in FORBIDDEN
        or (name.count(".") >= 1 and name.split(".")[1] in DJANGO_MODULES)
    ]
    assert bad == [], f"{path.relative_to(ROOT)} imports {bad}"


def test_the_scan_sees_a_django_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from django.db import models\nimport decks.models\n", encoding="utf-8")
    assert _imports(sample) == ["django.db", "decks.models"]
