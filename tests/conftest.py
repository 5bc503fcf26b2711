"""Shared test setup.

The whole card pool is loaded once into the test database (from the committed fixtures), so
any test marked for the database sees all 1,988 cards; each test still runs in a transaction
that is rolled back.

In CI (CI=true) the real services are required: a test run without DATABASE_URL pointing at
PostgreSQL, or without CELERY_BROKER_URL, fails instead of skipping.
"""

from __future__ import annotations

import os

import pytest

IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def pytest_sessionstart(session):
    if IN_CI:
        missing = [
            name for name in ("DATABASE_URL", "CELERY_BROKER_URL") if not os.environ.get(name)
        ]
        if missing:
            raise pytest.UsageError(
                f"CI=true but {', '.join(missing)} is not set: CI must test the real services."
            )


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
    server of CI (a database of its own: the test empties it)."""
    from django.core.cache import cache

    if request.param == "redis":
        from urllib.parse import urlsplit

        broker = urlsplit(require_service("CELERY_BROKER_URL"))
        location = broker._replace(path="/13").geturl()
        settings.CACHES = {"default": {"BACKEND": "config.cache.RedisCache", "LOCATION": location}}
        client = cache._cache.get_client()
        assert cache._cache.get_client() is client  # one client, not one per call
    cache.clear()
    yield cache
    cache.clear()
