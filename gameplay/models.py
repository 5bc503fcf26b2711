"""Matches stored for play in the browser: the seats, the engine state after the last
action, and the action log that defines the match (seed + decks + actions).

The engine state is a cache of the log: :func:`gameplay.services.match_replay` rebuilds it
from the seed, the seats' decks and the actions, and must reach the same digest.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Collection
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

from gameplay import passing


def user_pk(user: object) -> int | None:
    """The id of a logged-in user; None for nobody or an anonymous visitor, whose ``pk``
    is also None and would otherwise match every seat without a user (the bots)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return user.pk  # type: ignore[attr-defined]


def _new_token() -> str:
    return secrets.token_urlsafe(12)


class SeedField(models.CharField):
    """A match's seed: an integer of up to 129 bits (more than a BIGINT holds), stored as
    its decimal text so that PostgreSQL and SQLite keep every bit; Python sees an int."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", 40)
        super().__init__(*args, **kwargs)

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> int | None:
        return None if value is None else int(value)

    def to_python(self, value: Any) -> int | None:
        if value is None or isinstance(value, int):
            return value
        try:
            return int(value)
        except (TypeError, ValueError) as exc:
            raise ValidationError(f"{value!r} is not a whole number.") from exc

    def get_prep_value(self, value: Any) -> str | None:
        value = self.to_python(value)
        return None if value is None else str(value)


# What a match's clock deadline is computed from, beside its seats' clock time: a save of
# any of these stores the deadline again (``Match.save``).
DEADLINE_FIELDS = frozenset(("status", "clock_minutes", "clock_since", "waiting"))


def clock_deadline(pk: int | None, fields: dict[str, Any]) -> datetime | None:
    """When the first person who must decide at match ``pk`` runs out of time, from the
    match's ``DEADLINE_FIELDS`` in ``fields`` and its seats' clock time as stored now;
    None when no clock runs. As ``match_check_clock`` counts: people only (bots and
    conceded seats have no clock). Rounded up to the microsecond, so that the flag can
    fall once it has passed. The one reckoning of the deadline: stored on the match
    (``Match.clock_deadline``, for the sweep) and kept in its live row (for the poll)."""
    if (
        not fields["clock_minutes"]
        or fields["status"] != Match.Status.ACTIVE
        or fields["clock_since"] is None
        or not fields["waiting"]
        or pk is None
    ):
        return None
    used = (
        MatchSeat.objects.filter(
            match_id=pk, number__in=fields["waiting"], bot="", user__isnull=False, conceded=False
        )
        .order_by("-clock_used")
        .values_list("clock_used", flat=True)
        .first()
    )
    if used is None:
        return None
    return runs_out_at(fields["clock_since"], fields["clock_minutes"], used)


def runs_out_at(since: datetime, minutes: int, used: float) -> datetime:
    """When a person deciding since ``since``, who had used ``used`` seconds of a clock of
    ``minutes``, runs out of time: rounded up to the microsecond (what the database keeps),
    so that the flag falls at the stored deadline, never before it."""
    return since + timedelta(microseconds=math.ceil((minutes * 60 - used) * 1_000_000))


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
    # Table actions and requests (gameplay/engine/table.py): moves by hand for card text
    # the engine does not play; a table where both players want automation only turns
    # them off.
    table_actions = models.BooleanField(default=True)
    # The tournament mulligan before setup placement (engine: GameConfig.mulligan).
    mulligan = models.BooleanField(default=False)
    round_limit = models.PositiveSmallIntegerField(default=10)
    # Secret while the match runs: whoever knew it could deal every deck in advance.
    seed = SeedField()
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
    # When the automatic move due now was due (its task's time): a bot's move, or a pass
    # made for a person by their passing preferences; None while only people who decide
    # must decide. A move overdue by more than BOT_GRACE_SECONDS was lost (a worker killed,
    # a broker restarted): a page, a poll or the sweep queues it again.
    bot_due = models.DateTimeField(null=True, blank=True, db_index=True)
    # When the first person who must decide runs out of time (``clock_deadline``); None
    # while no clock runs. Stored again by every save that changes who must decide or the
    # clock, so that the sweep (``gameplay.sweep_match_clocks``) finds the matches whose
    # flag must fall with no page of them open.
    clock_deadline = models.DateTimeField(null=True, blank=True, db_index=True)
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
        fields = kwargs.get("update_fields")
        if fields is None:
            self.clock_deadline = self.reckon_clock_deadline()
        else:
            kwargs["update_fields"] = self.with_deadline(fields)
        super().save(*args, **kwargs)
        # The live row (gameplay/live.py) is published by its receiver of post_save.

    def with_deadline(self, fields: Collection[str]) -> set[str]:
        """``fields`` about to be saved, and ``clock_deadline`` reckoned again beside them
        when one of them is among what it is reckoned from (``DEADLINE_FIELDS``)."""
        saved = set(fields)
        if not DEADLINE_FIELDS.isdisjoint(saved):
            self.clock_deadline = self.reckon_clock_deadline()
            saved.add("clock_deadline")
        return saved

    def reckon_clock_deadline(self) -> datetime | None:
        """The clock's deadline as the match and its seats stand now (``clock_deadline``)."""
        return clock_deadline(self.pk, {f: getattr(self, f) for f in DEADLINE_FIELDS})


class MatchSeat(models.Model):
    """One seat: a player (user) or a bot, with the deck it plays (codes, plots included)."""

    class Bot(models.TextChoices):
        NONE = "", "Player"
        RANDOM = "random", "Random bot"
        GREEDY = "greedy", "Greedy bot"
        SEARCH = "search", "Search bot"

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

    @classmethod
    def with_people(cls, match_id: int) -> models.QuerySet[MatchSeat]:
        """The seats of match ``match_id`` in order, each with its person and that person's
        passing preferences read in the same query (:meth:`PlayPreferences.of`): a board's
        update and an automatic pass need both, and each would otherwise be a round trip."""
        people = cls.objects.filter(match_id=match_id).order_by("number")
        return people.select_related("user", "user__play_preferences")

    @property
    def who(self) -> str:
        if self.user_id is not None:
            return self.user.get_username()
        return self.get_bot_display() if self.bot else "Open seat"


class MatchAction(models.Model):
    """The ``number``-th decision of the match (1-based: the match's version after it)."""

    # No index of its own: the unique (match, number) index serves every look-up by match,
    # and a second one would be written with every move.
    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="actions", db_index=False
    )
    number = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    text = models.CharField(max_length=200)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    # A pass the server made for a person by their passing preferences (the seat's own
    # record; no page shows it to anyone else, and a replay reads only ``text``).
    automatic = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="matchaction_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.text}"


def _default_stops() -> list[str]:
    return list(passing.DEFAULT_STOPS)


class PlayPreferences(models.Model):
    """How a person wants to be asked in the windows of their matches (gameplay/passing.py):
    ``windows`` (``playable``, ``stops`` or ``all``) and the ``stops`` where they are always
    asked. One row per user, created the first time they save their preferences; a user
    without one plays with the defaults (:meth:`for_user`)."""

    class Windows(models.TextChoices):
        PLAYABLE = passing.PLAYABLE, passing.WINDOWS[0][1]
        STOPS = passing.STOPS_ONLY, passing.WINDOWS[1][1]
        ALL = passing.ALL, passing.WINDOWS[2][1]

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="play_preferences"
    )
    windows = models.CharField(
        max_length=8, choices=Windows.choices, default=passing.DEFAULT_WINDOWS
    )
    stops = models.JSONField(default=_default_stops, blank=True)
    # Card codes asked about only at the stops (passing.passes_now's ``quiet``).
    quiet_cards = models.JSONField(default=list, blank=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "play preferences"

    def __str__(self) -> str:
        return f"Passing preferences of user {self.user_id}"

    @classmethod
    def for_user(cls, user_id: int | None) -> PlayPreferences:
        """The stored preferences of ``user_id``, or the defaults (not saved)."""
        found = cls.objects.filter(user_id=user_id).first() if user_id is not None else None
        return found or cls(user_id=user_id)

    @classmethod
    def of(cls, user: Any) -> PlayPreferences:
        """The stored preferences of ``user`` (a saved user), or the defaults (not saved).
        No query when ``user`` was read with them (:meth:`MatchSeat.with_people`)."""
        try:
            return user.play_preferences  # type: ignore[no-any-return]
        except cls.DoesNotExist:
            return cls(user_id=user.pk)

    def passes_now(self, state: Any, seat: int) -> bool:
        """Whether the server passes now for ``seat`` by these preferences."""
        return passing.passes_now(
            state, seat, self.windows, self.stops or (), self.quiet_cards or ()
        )


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
