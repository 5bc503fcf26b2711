"""Settings read the environment, and production refuses the development key."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from tests.conftest import require_service

ROOT = Path(__file__).resolve().parents[2]


def _load_settings(**env: str) -> subprocess.CompletedProcess:
    clean = {
        k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "DEBUG", "DATABASE_URL"}
    }
    clean.update(env)
    code = (
        "import config.settings as s, json; "
        "print(json.dumps([s.DEBUG, s.DATABASES['default']['ENGINE'], s.CELERY_TASK_ALWAYS_EAGER]))"
    )
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=clean, capture_output=True, text=True
    )


def test_production_refuses_to_start_without_a_secret_key():
    result = _load_settings()
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_production_refuses_the_development_key():
    result = _load_settings(SECRET_KEY=settings_module_dev_key())
    assert result.returncode != 0
    assert "development key is refused" in result.stderr


def test_development_runs_on_sqlite_with_in_process_tasks():
    result = _load_settings(DEBUG="1", CELERY_BROKER_URL="")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == '[true, "django.db.backends.sqlite3", true]'


def test_database_and_broker_urls_select_real_services():
    result = _load_settings(
        SECRET_KEY="a-real-secret",
        DATABASE_URL="postgres://postgres@127.0.0.1:5432/maester",
        CELERY_BROKER_URL="redis://127.0.0.1:6379/0",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == '[false, "django.db.backends.postgresql", false]'


def settings_module_dev_key() -> str:
    from config.settings import DEV_SECRET_KEY

    return DEV_SECRET_KEY


@pytest.mark.django_db
def test_the_suite_runs_on_the_database_it_was_given():
    url = require_service("DATABASE_URL")
    expected = "postgresql" if url.startswith("postgres") else url.split(":", 1)[0]
    assert connection.vendor == expected
    assert settings.DATABASES["default"]["ENGINE"].endswith(expected)
