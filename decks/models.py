"""Stored decks: a deck, its cards and the versions saved along the way."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse

from cards.models import ALL_HOUSES, Card


def _new_share_token() -> str:
    # Imported here so the model module keeps no global state; 16 bytes is unguessable.
    import secrets

    return secrets.token_urlsafe(16)


class Deck(models.Model):
    class Format(models.TextChoices):
        JOUST = "joust", "Joust"
        MELEE = "melee", "Melee"
        CASUAL = "casual", "Casual"
        CORE = "core", "Core Set only"

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks"
    )
    name = models.CharField(max_length=128)
    house = models.CharField(max_length=16, choices=[(h, h) for h in ALL_HOUSES])
    format = models.CharField(max_length=16, choices=Format.choices, default=Format.JOUST)
    description = models.TextField(blank=True)
    # Where the deck was copied from (a published decklist): a link back, not a dependency.
    source_title = models.CharField(max_length=200, blank=True)
    source_url = models.CharField(max_length=200, blank=True)
    share_token = models.CharField(max_length=32, unique=True, default=_new_share_token)
    is_public = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("deckbuilder:deck_detail", args=[self.pk])

    def to_spec(self):  # -> DeckSpec; the import stays local to keep models free of cycles
        """The deck as validation sees it: agendas apart, plots and House deck in entries.

        Uses the prefetched ``deck_cards`` (with their cards) when the caller loaded them.
        """
        from decks.validation import DeckSpec

        agendas: list[str] = []
        entries: dict[str, int] = {}
        for row in self.deck_cards.all():
            if row.card.card_type == Card.Type.AGENDA:
                agendas.append(row.card.code)
            else:
                entries[row.card.code] = row.count
        return DeckSpec(self.house, tuple(sorted(agendas)), dict(sorted(entries.items())))


class DeckCard(models.Model):
    """One card of a deck and its count; agendas are rows too (count 1)."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="deck_cards")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    count = models.PositiveSmallIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["deck", "card"], name="deckcard_unique_card"),
        ]

    def __str__(self) -> str:
        return f"{self.count}x {self.card.code}"


class DeckVersion(models.Model):
    """A snapshot taken at each save, so any earlier state can be compared and restored."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    created = models.DateTimeField(auto_now_add=True)
    snapshot = models.JSONField(help_text="deck_to_json(spec) plus the deck's name.")
    note = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["-number"]
        constraints = [
            models.UniqueConstraint(fields=["deck", "number"], name="deckversion_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.deck_id} v{self.number}"
