"""Matches stored for play in the browser: the seats, the engine state after the last
action, and the action log that defines the match (seed + decks + actions).

The engine state is a cache of the log: :func:`gameplay.services.match_replay` rebuilds it
from the seed, the seats' decks and the actions, and must reach the same digest.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models


def user_pk(user: object) -> int | None:
    """The id of a logged-in user; None for nobody or an anonymous visitor, whose ``pk``
    is also None and would otherwise match every seat without a user (the bots)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return user.pk  # type: ignore[attr-defined]


def _new_token() -> str:
    return secrets.token_urlsafe(12)


class Match(models.Model):
    class Variant(models.TextChoices):
        JOUST = "joust", "Joust"
        MELEE = "melee", "Melee"
        TEAMS = "teams", "Two-on-two"

    class Status(models.TextChoices):
        OPEN = "open", "Waiting for players"
        ACTIVE = "active", "In play"
        FINISHED = "finished", "Finished"

    variant = models.CharField(max_length=8, choices=Variant.choices)
    littlefinger = models.BooleanField(default=False)
    round_limit = models.PositiveSmallIntegerField(default=10)
    seed = models.BigIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    is_public = models.BooleanField(default=True)
    invite_token = models.CharField(max_length=32, unique=True, default=_new_token)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    # The engine state after ``version`` actions: GameState.to_json() as JSON text, not a
    # JSONField: PostgreSQL's jsonb reorders object keys, and the engine's iteration order
    # over cards in play is part of a deterministic replay. Empty while seats are open.
    state = models.TextField(blank=True, default="")
    version = models.PositiveIntegerField(default=0)
    # The seats that must decide now (from the engine), kept beside the state so that the
    # lobby, a poll and the bot queue need not load the state to know.
    waiting = models.JSONField(default=list, blank=True)
    # Bumped by every chat message, so that a poll can tell "nothing new" from one row.
    chat_version = models.PositiveIntegerField(default=0)
    result = models.JSONField(null=True, blank=True)
    # Chess clock: minutes each seat has for the whole match (0: no clock). Time runs for
    # the seats that must decide, from ``clock_since``.
    clock_minutes = models.PositiveSmallIntegerField(default=0)
    clock_since = models.DateTimeField(null=True, blank=True)
    rematch_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches"
    )
    table = models.ForeignKey(
        "tournaments.Table",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="matches",
        help_text="The tournament table this match is played for.",
    )

    class Meta:
        ordering = ["-updated"]

    def __str__(self) -> str:
        return f"{self.get_variant_display()} match {self.pk}"

    def save(self, *args, **kwargs) -> None:
        super().save(*args, **kwargs)
        from gameplay import live

        fields = kwargs.get("update_fields")
        if fields is None or not live.FIELDS_SET.isdisjoint(fields):
            live.publish(self)  # the poll's "nothing new" check reads this copy


class MatchSeat(models.Model):
    """One seat: a player (user) or a bot, with the deck it plays (codes, plots included)."""

    class Bot(models.TextChoices):
        NONE = "", "Player"
        RANDOM = "random", "Random bot"
        GREEDY = "greedy", "Greedy bot"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    bot = models.CharField(max_length=8, choices=Bot.choices, blank=True, default="")
    house = models.CharField(max_length=16, blank=True, default="")
    agenda = models.CharField(max_length=32, blank=True, default="")
    deck = models.JSONField(default=list, blank=True)  # card codes, one per copy; [] while open
    deck_name = models.CharField(max_length=128, blank=True, default="")
    conceded = models.BooleanField(default=False)
    offers_draw = models.BooleanField(default=False)
    clock_used = models.FloatField(default=0.0, help_text="Seconds of the clock spent.")

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="matchseat_unique_number"),
        ]

    def __str__(self) -> str:
        return f"Seat {self.number + 1}: {self.who}"

    @property
    def is_open(self) -> bool:
        return self.user_id is None and not self.bot

    @property
    def who(self) -> str:
        if self.user_id is not None:
            return self.user.get_username()
        return self.get_bot_display() if self.bot else "Open seat"


class MatchAction(models.Model):
    """The ``number``-th decision of the match (1-based: the match's version after it)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="actions")
    number = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    text = models.CharField(max_length=200)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="matchaction_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.text}"


class MatchMessage(models.Model):
    """A chat line between the people at a match (spectators read it, players write it)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="messages")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    text = models.CharField(max_length=500)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "id"]

    def __str__(self) -> str:
        return self.text[:40]
