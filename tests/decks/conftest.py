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
