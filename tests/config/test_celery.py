"""Tasks go through a real broker when one is configured (CI runs Redis)."""

from __future__ import annotations

import contextlib

import pytest
from django.conf import settings

from cards.models import Card
from cards.tasks import cards_reload
from tests.conftest import real_worker, require_service


@pytest.fixture
def in_process_tasks():
    """The configuration the site gets without CELERY_BROKER_URL, whatever this run has."""
    from config.celery import app

    saved = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = saved


def test_settings_run_tasks_in_process_exactly_when_no_broker_is_set():
    assert settings.CELERY_TASK_ALWAYS_EAGER is (not settings.CELERY_BROKER_URL)


@pytest.mark.django_db
def test_tasks_run_in_process_without_a_broker(in_process_tasks):
    result = cards_reload.delay().get()
    assert result["cards_unchanged"] == Card.objects.count() == 1988


@pytest.mark.django_db(transaction=True)
def test_a_task_travels_through_the_real_broker_to_a_worker():
    require_service("CELERY_BROKER_URL")

    from config.celery import app

    assert not app.conf.task_always_eager
    app.connection_for_write().ensure_connection(max_retries=2)
    with real_worker(app):
        result = cards_reload.delay().get(timeout=60)
    # The worker loaded the fixtures itself: the test database holds the whole pool.
    assert result["cards_created"] + result["cards_unchanged"] + result["cards_updated"] == 1988
    assert Card.objects.count() == 1988


def _backend_pid() -> int:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return int(cursor.fetchone()[0])


@pytest.mark.django_db(transaction=True)
def test_a_worker_keeps_its_database_connection_between_tasks():
    """Celery's Django fixup closes every database connection before and after each task
    unless told otherwise: each bot move and automatic pass then paid a new PostgreSQL
    connection (a server process forked for it). The worker keeps its connection as a
    request does (``CONN_MAX_AGE``), and still drops one that broke."""
    require_service("CELERY_BROKER_URL")
    require_service("DATABASE_URL")
    from django.db import connection

    from config.celery import app

    if connection.vendor != "postgresql":
        pytest.fail("DATABASE_URL must name PostgreSQL for this test")
    task = app.task(name="tests.backend_pid", shared=False)(_backend_pid)
    app.connection_for_write().ensure_connection(max_retries=2)
    with real_worker(app):
        pids = [task.delay().get(timeout=30) for _ in range(3)]
        assert len(set(pids)) == 1, pids
        # PostgreSQL ends the worker's connection (a restart, say): the task that finds it
        # broken fails, and the worker connects again for the next one.
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pids[0]])
        with contextlib.suppress(Exception):
            task.delay().get(timeout=30)
        again = task.delay().get(timeout=30)
    assert again != pids[0]
