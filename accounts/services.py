"""Writes for accounts."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.text import slugify

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


def light_account_create(*, name: str) -> User:
    """A light account for someone who joins an event from its link at the store: no
    password (they stay logged in on their phone), a user name made from the name they
    gave ("hal-json-7k2q"). It becomes a full account when they choose a user name and a
    password (:func:`light_account_finish`)."""
    base = (slugify(name) or "player")[:20].strip("-") or "player"
    while True:
        username = f"{base}-{secrets.token_hex(2)}"
        if not User.objects.filter(username__iexact=username).exists():
            break
    user = User(username=username)
    user.set_unusable_password()
    user.save()
    return user


def is_light(user: User) -> bool:
    """An account made from an event's join link that has no password yet."""
    return user.is_authenticated and not user.has_usable_password()


@transaction.atomic
def light_account_finish(*, user: User, username: str, password: str, email: str = "") -> User:
    """A light account becomes a full one: its own user name and a password."""
    user.username = username
    user.email = email
    user.set_password(password)
    user.save(update_fields=["username", "email", "password"])
    return user
