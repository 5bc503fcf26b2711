"""Writes for accounts."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.contrib.auth.models import User
from django.db import transaction

from accounts.models import KnownAddress


@transaction.atomic
def user_sign_up(*, username: str, password: str, email: str = "") -> User:
    return User.objects.create_user(username=username, password=password, email=email)


def known_address_remember(*, user: User, address: str, now: datetime, keep: timedelta) -> None:
    """Record that ``user`` logged in from ``address`` (a digest) at ``now``, and forget the
    account's addresses unused for longer than ``keep``, so that the table holds only the
    addresses an account still uses."""
    KnownAddress.objects.update_or_create(user=user, address=address, defaults={"last_login": now})
    KnownAddress.objects.filter(user=user, last_login__lt=now - keep).delete()
