"""Users shared by the deck tests: a deck owner and someone else."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User


@pytest.fixture
def owner() -> User:
    return User.objects.create_user("ned", password="winter-is-coming")


@pytest.fixture
def other() -> User:
    return User.objects.create_user("cersei", password="hear-me-roar")


@pytest.fixture(autouse=True)
def _fresh_request_counts():
    """The API counts requests in the cache (config/throttles.py): each test starts at 0."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()
