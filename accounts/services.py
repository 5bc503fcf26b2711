"""Writes for accounts."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction


@transaction.atomic
def user_sign_up(*, username: str, password: str, email: str = "") -> User:
    return User.objects.create_user(username=username, password=password, email=email)
