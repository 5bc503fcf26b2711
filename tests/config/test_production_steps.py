"""The README's production steps work in the order it gives them, on a fresh database with DEBUG
off: the `manage.py` lines of its production block are read from the README itself and run one
after the other, then the site answers its home page and the icon through the manifest that
collectstatic wrote."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"


def production_steps() -> list[list[str]]:
    """The `manage.py` commands of the README's production block, in order, without the ones
    that ask a person something (createsuperuser)."""
    text = README.read_text(encoding="utf-8")
    block = text.split("## Run it in production", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    steps = []
    for line in block.splitlines():
        found = re.match(r"\.venv/bin/python manage\.py ([^#]+)", line.strip())
        if found and "createsuperuser" not in found.group(1):
            steps.append(found.group(1).split())
    return steps


def _env(tmp_path: Path) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DEBUG", "DJANGO_SETTINGS_MODULE", "CACHE_URL", "CELERY_BROKER_URL"}
    }
    env.update(
        SECRET_KEY="a-production-secret-for-this-test",
        ALLOWED_HOSTS="testserver",
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        STATIC_ROOT=str(tmp_path / "static"),
    )
    return env


def test_the_readme_lists_the_steps_that_prepare_a_site():
    names = [step[0] for step in production_steps()]
    assert {"migrate", "load_cards", "collectstatic"} <= set(names)


def test_the_readme_production_steps_work_in_their_order_on_a_fresh_database(tmp_path):
    env = _env(tmp_path)
    for step in production_steps():
        done = subprocess.run(
            [sys.executable, "manage.py", *step],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, f"manage.py {' '.join(step)} failed:\n{done.stderr[-3000:]}"
    probe = (
        "import django; django.setup()\n"
        "from django.test import Client\n"
        "c = Client()\n"
        "home = c.get('/', secure=True)\n"
        "icon = c.get('/favicon.ico', secure=True)\n"
        "print(home.status_code, icon.status_code, icon.headers.get('Location'))\n"
    )
    answer = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=ROOT,
        env={**env, "DJANGO_SETTINGS_MODULE": "config.settings"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert answer.returncode == 0, answer.stderr[-3000:]
    home, icon, location = answer.stdout.split()
    assert (home, icon) == ("200", "301")
    # The manifest's hashed name: collectstatic ran and the storage reads it.
    assert re.fullmatch(r"/static/favicon\.[0-9a-f]{12}\.svg", location), location


def test_migrate_needs_no_collected_static_files(tmp_path):
    """`migrate` loads the URLs for its checks; no URL may ask the manifest for a file then."""
    done = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=ROOT,
        env=_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
