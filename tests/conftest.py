"""Shared test setup.

The whole card pool is loaded once into the test database (from the committed fixtures), so
any test marked for the database sees all 1,988 cards; each test still runs in a transaction
that is rolled back.

In CI (CI=true) the real services are required: a test run without DATABASE_URL pointing at
PostgreSQL, or without CELERY_BROKER_URL, fails instead of skipping.

`make test` runs the suite over the machine's cores (pytest-xdist). Each worker has a test
database of its own (pytest-django's ``_gw0``, ``_gw1`` suffixes) and Redis databases of its
own (``redis_database``): its broker queue, so that the in-process Celery worker of one never
takes a task queued by the other (a match or job id of the other's database), and the Redis
cache that ``shared_cache`` empties.
"""

from __future__ import annotations

import contextlib
import os

import pytest

IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}

# This process's number among pytest-xdist's workers ("gw0", "gw1", ...); 0 without xdist.
WORKER = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0)
# Redis databases (0-15 on a default server) of the worker's own: its broker counts up from
# the database of CELERY_BROKER_URL, the cache that ``shared_cache`` empties counts down
# from 13 (the one a run without xdist uses).
SHARED_CACHE_DATABASE = 13


def redis_database(url: str, number: int) -> str:
    """``url`` (redis://host:port/db) with the database ``number``."""
    from urllib.parse import urlsplit

    return urlsplit(url)._replace(path=f"/{number}").geturl()


def _broker_of_this_worker(config: pytest.Config) -> None:
    """Send this worker's tasks to a Redis database of its own (see the module's doc).
    Celery reads CELERY_BROKER_URL from the environment before Django's settings, and the
    subprocesses this worker starts inherit it (a pytest run of their own included, which
    inherits PYTEST_XDIST_WORKER too but is no worker: it keeps the URL it is given)."""
    from urllib.parse import urlsplit

    url = os.environ.get("CELERY_BROKER_URL", "")
    if not WORKER or not hasattr(config, "workerinput") or not url.startswith("redis"):
        return
    number = int(urlsplit(url).path.strip("/") or 0) + WORKER
    if number >= SHARED_CACHE_DATABASE - WORKER:
        raise pytest.UsageError(f"too many test workers for the Redis databases ({WORKER + 1})")
    own = os.environ["CELERY_BROKER_URL"] = redis_database(url, number)
    from django.conf import settings

    from config.celery import app

    settings.CELERY_BROKER_URL = own
    if url == settings.CELERY_RESULT_BACKEND:  # results beside the tasks, as configured
        settings.CELERY_RESULT_BACKEND = app.conf.result_backend = own


def pytest_sessionstart(session):
    if IN_CI:
        missing = [
            name for name in ("DATABASE_URL", "CELERY_BROKER_URL") if not os.environ.get(name)
        ]
        if missing:
            raise pytest.UsageError(
                f"CI=true but {', '.join(missing)} is not set: CI must test the real services."
            )
    _broker_of_this_worker(session.config)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    from cards.services import cards_load

    with django_db_blocker.unblock():
        cards_load()


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Every test starts with an empty cache: counters of the rate limits (failed log-ins,
    sign-ups per address, chat) would otherwise carry over from one test to the next, all
    of whose requests come from the same address."""
    from django.core.cache import caches
    from django.core.cache.backends.locmem import LocMemCache

    if isinstance(caches["default"], LocMemCache):  # a Redis cache is the tests' own to empty
        caches["default"].clear()


@pytest.fixture
def owner():
    """A deck owner (the card and deck tests)."""
    from django.contrib.auth.models import User

    return User.objects.create_user("ned", password="winter-is-coming")


@pytest.fixture
def other():
    """Someone who does not own the deck."""
    from django.contrib.auth.models import User

    return User.objects.create_user("cersei", password="hear-me-roar")


def _close_connections() -> None:
    from django.db import connections

    connections.close_all()


@contextlib.contextmanager
def real_worker(app):
    """A Celery worker for ``app`` in a thread of this process (the solo pool), as
    production's worker runs tasks from the broker. It keeps its database connection
    between tasks, as production's does (``CELERY_DB_REUSE_MAX``): before it stops, a last
    task closes that connection, or the test database could not be dropped."""
    from celery.contrib.testing.worker import start_worker

    close = app.task(name="tests.close_connections", shared=False)(_close_connections)
    with start_worker(app, perform_ping_check=False, pool="solo", loglevel="WARNING"):
        try:
            yield
        finally:
            close.delay().get(timeout=30)


def require_service(name: str) -> str:
    """The URL of a service from the environment: skip locally when absent, fail in CI."""
    url = os.environ.get(name, "")
    if not url:
        if IN_CI:
            pytest.fail(f"{name} is not set; CI must run this test against the real service")
        pytest.skip(f"{name} is not set (set it to run this test against the real service)")
    return url


@pytest.fixture(params=["per-process", "redis"])
def shared_cache(request, settings):
    """The cache that production shares between its processes, twice: the cache of one
    process, and the Redis cache of production (our backend, config/cache.py) on the Redis
    server of CI (a database of its own, one per test worker: the test empties it)."""
    from django.core.cache import cache

    if request.param == "redis":
        broker = require_service("CELERY_BROKER_URL")
        location = redis_database(broker, SHARED_CACHE_DATABASE - WORKER)
        settings.CACHES = {"default": {"BACKEND": "config.cache.RedisCache", "LOCATION": location}}
        client = cache._cache.get_client()
        assert cache._cache.get_client() is client  # one client, not one per call
    cache.clear()
    yield cache
    cache.clear()
