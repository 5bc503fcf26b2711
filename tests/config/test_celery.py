"""Tasks go through a real broker when one is configured (CI runs Redis)."""

from __future__ import annotations

import pytest
from django.conf import settings

from cards.models import Card
from cards.tasks import cards_reload
from tests.conftest import require_service


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
    from celery.contrib.testing.worker import start_worker

    from config.celery import app

    assert not app.conf.task_always_eager
    app.connection_for_write().ensure_connection(max_retries=2)
    with start_worker(app, perform_ping_check=False, pool="solo", loglevel="WARNING"):
        result = cards_reload.delay().get(timeout=60)
    # The worker loaded the fixtures itself: the test database holds the whole pool.
    assert result["cards_created"] + result["cards_unchanged"] + result["cards_updated"] == 1988
    assert Card.objects.count() == 1988
