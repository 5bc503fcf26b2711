"""Tournaments: events, entrants with frozen decklists, rounds, tables and their results.

Models hold fields and constraints only; the rules (pairing, scoring, standings) live in the
pure modules and the writes in ``tournaments.services``.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse

# Seat codes: no 0/O, 1/I/L, read aloud and typed on a phone without mistakes.
SEAT_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
SEAT_CODE_LENGTH = 6


def new_seat_code() -> str:
    """A fresh random seat code (31**6: about 890 million)."""
    return "".join(secrets.choice(SEAT_CODE_ALPHABET) for _ in range(SEAT_CODE_LENGTH))


def new_join_code() -> str:
    """The secret of a new join link: 16 URL-safe characters (96 bits)."""
    return secrets.token_urlsafe(12)


def _new_seed() -> int:
    return secrets.randbelow(2**31)


class Event(models.Model):
    class Format(models.TextChoices):
        JOUST = "joust", "Joust (1 vs 1)"
        MELEE = "melee", "Melee (tables of 3–4)"
        TEAMS = "teams", "Two-on-two"

    class DeckFormat(models.TextChoices):
        JOUST = "joust", "Joust lists"
        MELEE = "melee", "Melee lists"
        CASUAL = "casual", "Casual"
        CORE = "core", "Core Set only"

    class Status(models.TextChoices):
        REGISTRATION = "registration", "Registration"
        SWISS = "swiss", "Swiss rounds"
        CUT = "cut", "Top cut"
        FINISHED = "finished", "Finished"

    name = models.CharField(max_length=128)
    date = models.DateField()
    location = models.CharField(max_length=128, blank=True)
    organizer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organized_events"
    )
    co_organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="co_organized_events"
    )
    format = models.CharField(max_length=8, choices=Format.choices, default=Format.JOUST)
    deck_format = models.CharField(
        max_length=8, choices=DeckFormat.choices, default=DeckFormat.JOUST
    )
    rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Swiss rounds; empty: the recommended number."
    )
    cut_size = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Top cut size (0: none); empty: the recommended cut."
    )
    round_minutes = models.PositiveSmallIntegerField(default=55)
    # Scoring (joust and two-on-two); melee scores by finishing position.
    points_win = models.PositiveSmallIntegerField(default=5)
    points_modified_win = models.PositiveSmallIntegerField(default=4)
    points_draw = models.PositiveSmallIntegerField(default=2)
    points_modified_loss = models.PositiveSmallIntegerField(default=1)
    points_loss = models.PositiveSmallIntegerField(default=0)
    head_to_head = models.BooleanField(
        default=False, help_text="Head-to-head as the first tiebreaker."
    )
    late_entry_losses = models.BooleanField(
        default=True, help_text="A late entrant takes a loss for each round missed."
    )
    player_reports = models.BooleanField(
        default=True, help_text="Players may report and confirm their own results."
    )
    publish_decklists = models.BooleanField(default=False)
    play_online = models.BooleanField(
        default=False,
        help_text="Tables may play their game on this site; its result is reported itself.",
    )
    seed = models.PositiveIntegerField(
        default=_new_seed, help_text="Seeds round 1 and the last, random tiebreaker."
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.REGISTRATION)
    join_code = models.CharField(
        max_length=32,
        default=new_join_code,
        help_text="The secret of the event's join link (shown to its organizers, as a QR code).",
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "-created"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:event_detail", args=[self.pk])


class PartnerRequest(models.TextChoices):
    """Where a two-on-two team's request to its partner's account stands (empty: no request
    open; the team is complete)."""

    PENDING = "pending", "Waiting for the partner's answer"
    DECLINED = "declined", "The partner did not accept"


class Entrant(models.Model):
    """A player (or, in two-on-two, a team) with the decklist frozen at registration.

    An account sits on one entry per event, as its player (``user``) or as a two-on-two
    partner: the services check it with the event locked, and the database refuses one
    account as the partner of two teams of an event.
    """

    PartnerRequest = PartnerRequest

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entrants")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tournament_entries",
    )
    partner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tournament_team_entries",
        help_text="Two-on-two: the second player of the team, once they accepted.",
    )
    # Two-on-two: an account named as the partner is asked, not put on the team: it joins by
    # accepting (with a deck of its own choosing) or declines. Until then the team is
    # incomplete (``partner_request`` not empty) and is never paired.
    partner_invited = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tournament_partner_requests",
        help_text="Two-on-two: the account asked to be the partner, until it accepts.",
    )
    partner_request = models.CharField(
        max_length=8, choices=PartnerRequest.choices, blank=True, default=""
    )
    name = models.CharField(max_length=128, help_text="Shown in pairings and standings.")
    deck_name = models.CharField(max_length=128, blank=True)
    house = models.CharField(max_length=16, blank=True)
    decklist = models.JSONField(
        default=dict, help_text="The registered deck as deck_to_json; later edits do not change it."
    )
    decklist_text = models.TextField(blank=True)
    partner_decklist = models.JSONField(default=dict, blank=True)
    checked_in = models.BooleanField(default=False)
    joined_round = models.PositiveSmallIntegerField(
        default=1, help_text="The first round this entrant could be paired in."
    )
    dropped_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    # Ticked by the player at registration (or later, from their entry on the event page),
    # never by an organizer typing them in: it lets the organizer publish their deck if it
    # finishes in the top decks (tournaments.top_decks).
    publish_consent = models.BooleanField(
        default=False,
        help_text="If I finish in the top decks, the organizer may publish my decklist.",
    )
    # The list published from this entry's deck, once the organizer published the top decks:
    # publishing again skips it.
    published_decklist = models.ForeignKey(
        "decklists.Decklist", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "name"], name="entrant_unique_name"),
            models.UniqueConstraint(
                fields=["event", "user"],
                condition=models.Q(user__isnull=False),
                name="entrant_unique_user",
            ),
            models.UniqueConstraint(
                fields=["event", "partner"],
                condition=models.Q(partner__isnull=False),
                name="entrant_unique_partner",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def dropped(self) -> bool:
        return self.dropped_after_round is not None

    @property
    def awaiting_partner(self) -> bool:
        """A two-on-two team whose partner has not accepted (yet): it is not paired."""
        return bool(self.partner_request)


class Invitation(models.Model):
    """An organizer's invitation to an account to register for an event.

    The invited player answers it: they accept by registering one of their own saved decks (or
    a pasted list), or decline. A saved deck is only ever frozen into an event by its owner, so
    an organizer who wants an account's saved deck invites the account instead of registering it.
    """

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for an answer"
        ACCEPTED = "accepted", "Accepted"
        DECLINED = "declined", "Declined"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_invitations"
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    created = models.DateTimeField(auto_now_add=True)
    answered = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["event", "user"], name="invitation_unique_user"),
        ]

    def __str__(self) -> str:
        return f"invitation of {self.user_id} to {self.event_id} ({self.status})"


class Round(models.Model):
    class Kind(models.TextChoices):
        SWISS = "swiss", "Swiss"
        CUT = "cut", "Top cut"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.SWISS)
    started_at = models.DateTimeField(null=True, blank=True, help_text="When the timer started.")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.event} round {self.number}"


class Table(models.Model):
    """One game of a round (or a bye: one seat, ``is_bye``)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    is_bye = models.BooleanField(default=False)
    explanation = models.JSONField(default=dict, blank=True, help_text="Why it was paired so.")
    reported = models.BooleanField(default=False, help_text="A final result is recorded.")
    disputed = models.BooleanField(default=False, help_text="Players' reports disagree.")

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.round} table {self.number}"


class Seat(models.Model):
    """An entrant at a table, in seat order, with their result once it is in."""

    class Outcome(models.TextChoices):
        WIN = "win", "Win"
        MODIFIED_WIN = "modified_win", "Modified win"
        DRAW = "draw", "Draw"
        MODIFIED_LOSS = "modified_loss", "Modified loss"
        LOSS = "loss", "Loss"
        BYE = "bye", "Bye"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField(help_text="1 is the first seat.")
    outcome = models.CharField(max_length=16, choices=Outcome.choices, blank=True)
    place = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Melee: 1st, 2nd...")
    power = models.PositiveSmallIntegerField(null=True, blank=True)
    points = models.DecimalField(max_digits=6, decimal_places=2, null=True, blank=True)
    code = models.CharField(
        max_length=8,
        default=new_seat_code,
        db_index=True,
        help_text="The seat code: whoever holds it may report this seat's result in its round.",
    )

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "entrant"], name="seat_unique_entrant"),
            models.UniqueConstraint(fields=["table", "seat"], name="seat_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.table} seat {self.seat}"


class ResultReport(models.Model):
    """A player's report of their table's result, to be confirmed by the others."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="reports")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="+")
    result = models.JSONField(help_text="{entrant id: outcome or place, ...} as reported.")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "entrant"], name="report_unique_entrant"),
        ]

    def __str__(self) -> str:
        return f"report by {self.entrant_id} for {self.table}"


class AuditEntry(models.Model):
    """Who changed what in an event: results entered or corrected, drops, re-pairings.

    The entry of an event's deletion has no event (the event's own entries go with it): it
    keeps the deleted event's id, name and date in its ``detail``.
    """

    event = models.ForeignKey(
        Event, null=True, blank=True, on_delete=models.CASCADE, related_name="audit"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    action = models.CharField(max_length=32)
    detail = models.JSONField(default=dict)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return f"{self.action} in {self.event_id}"


class CutOddsJob(models.Model):
    """An organizer's request for the cut odds after a round, run in the background.

    ``done`` of ``total`` playouts are finished (the page's progress bar); ``result`` maps
    entrant ids (``str(pk)``) to the chance of making the cut, 0 to 1.
    """

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="cut_odds_jobs")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    after_round = models.PositiveSmallIntegerField(help_text="The last Swiss round played.")
    simulations = models.PositiveIntegerField()
    seed = models.PositiveIntegerField(
        default=_new_seed, help_text="Seeds the playouts: a job's result can be reproduced."
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0, help_text="Playouts finished so far.")
    total = models.PositiveIntegerField(default=0)
    result = models.JSONField(default=dict, blank=True, help_text="{entrant id: chance}.")
    error = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return f"cut odds of {self.event_id} after round {self.after_round} ({self.status})"

    @property
    def active(self) -> bool:
        """Still queued or running: the page keeps polling."""
        return self.status in (self.Status.QUEUED, self.Status.RUNNING)

    @property
    def percent_done(self) -> int:
        return 100 * self.done // self.total if self.total else 0
