"""What a person chose to show on their page."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Profile(models.Model):
    """Made the first time its owner changes a choice; no row means the defaults (nothing
    beyond their published lists is shown)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    show_results = models.BooleanField(
        default=False, help_text="Show my tournament results on my page."
    )

    def __str__(self) -> str:
        return f"Profile of {self.user}"
