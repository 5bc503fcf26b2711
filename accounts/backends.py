"""The authentication backend of the site: Django's ``ModelBackend``, with the logged-in
user read from the shared cache instead of the database on every request.

Every page of a logged-in person loads their user row, and an open board asks the server
every second: with a shared cache (``CACHE_URL``; setting ``AUTH_USER_CACHE``) the row is
kept there, pickled as Django loaded it, and dropped whenever the user is saved or deleted
(password changes, deactivation and logins all save the user), so the session checks of
:func:`django.contrib.auth.get_user` (the password hash, ``is_active``) see the current
row. A write that bypasses ``save()`` (``QuerySet.update``) reaches the cache when its
entry expires (``TIMEOUT``), as does the rare load that started before a save and stored
the older row after it. Without a shared cache this is the plain ``ModelBackend``: one
process's cache would not hear of another process's saves.

It is also where password guessing stops (accounts/ratelimit.py): every caller of
``authenticate`` (the log-in page, the admin's, the API's HTTP Basic authentication) comes
here. Each attempt is counted before the password is hashed (refused there once a limit
holds), kept as a failure or given back on success; a success also remembers the address
the account logged in from.
"""

from __future__ import annotations

from typing import Any

import django
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.cache import cache
from django.db import transaction

from accounts import ratelimit

TIMEOUT = 300


def enabled() -> bool:
    return bool(getattr(settings, "AUTH_USER_CACHE", False))


def _key(user_id: Any) -> str:
    # Pickled model instances belong to the Django version that pickled them: an upgrade
    # starts from fresh entries instead of unpickling the old ones.
    return f"auth-user:{django.get_version()}:{user_id}"


class CachedModelBackend(ModelBackend):
    def authenticate(
        self, request: Any, username: Any = None, password: Any = None, **kwargs: Any
    ) -> Any:
        if username is None:
            username = kwargs.get(get_user_model().USERNAME_FIELD)
        if username is None or password is None:
            return None
        attempt = ratelimit.login_attempt(request, str(username))  # or LoginRateLimited
        try:
            user = super().authenticate(request, username=username, password=password, **kwargs)
        except BaseException:
            attempt.abandoned()  # no answer, so no guess (the database, say, was down)
            raise
        if user is None:
            return None  # the failure stays counted
        attempt.succeeded()
        ratelimit.remember_address(request, user)
        return user

    def get_user(self, user_id: Any) -> Any:
        if not enabled():
            return super().get_user(user_id)
        key = _key(user_id)
        user = cache.get(key)
        if user is None:
            try:
                user = get_user_model()._default_manager.get(pk=user_id)
            except (get_user_model().DoesNotExist, ValueError, TypeError):
                return None
            cache.set(key, user, timeout=TIMEOUT)
        return user if self.user_can_authenticate(user) else None


def forget_user(sender: Any, instance: Any, **kwargs: Any) -> None:
    """Drop a saved or deleted user from the cache (connected in ``AccountsConfig``): at
    once, and again when the write commits, so that a request that read the old row
    before the commit cannot leave it cached."""
    if enabled() and instance.pk is not None:
        key = _key(instance.pk)
        cache.delete(key)
        transaction.on_commit(lambda: cache.delete(key))
