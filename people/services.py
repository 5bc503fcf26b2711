"""Writes to a person's own choices."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction

from people.models import Profile


@transaction.atomic
def profile_set_show_results(*, user: Any, show: bool) -> Profile:
    if user is None or not user.is_authenticated:
        raise PermissionDenied("Log in to change what your page shows.")
    profile, _ = Profile.objects.get_or_create(user=user)
    profile.show_results = bool(show)
    profile.save(update_fields=["show_results"])
    return profile
