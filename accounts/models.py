"""What the accounts app stores besides Django's own users."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class KnownAddress(models.Model):
    """An address an account logged in from (accounts/ratelimit.py): failures from other
    addresses on the account, or by other accounts from the address, do not close log-in
    from it.

    Kept in the database, not in the cache: the cache is emptied whenever Redis restarts or
    comes back from an outage (config/cache.py), and an attacker who keeps an account's
    daily limit full would then lock its owner out of their usual address too. The address
    is stored as a keyed hash (``accounts.ratelimit.address_digest``): the table tells which
    account logs in from where only to someone who also holds ``SECRET_KEY``."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="known_addresses"
    )
    address = models.CharField(max_length=64)
    last_login = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "address"], name="known_address_once")
        ]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.address[:8]}…"
