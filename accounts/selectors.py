"""Reads for accounts."""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth import get_user_model

from accounts.models import KnownAddress


def known_address_exists(*, username: str, address: str, since: datetime) -> bool:
    """Whether the account named ``username`` (as the log-in form names it) logged in from
    ``address`` (a digest) at or after ``since``; False for a name no account has."""
    field = get_user_model().USERNAME_FIELD
    return KnownAddress.objects.filter(
        **{f"user__{field}": username}, address=address, last_login__gte=since
    ).exists()
