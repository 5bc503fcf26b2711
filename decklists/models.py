"""A published decklist is a snapshot: the deck it came from keeps changing, the list does not.

What the list page filters and sorts on is stored with the list when it is published (its
House, its legality for joust and melee, its card rows, the products it needs, its counts of
likes and copies), so browsing thousands of lists reads indexed columns and never re-judges a
deck.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse

from cards.models import Card, Product

LIVE = models.Q(unpublished__isnull=True)  # published, not taken back


class Decklist(models.Model):
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decklists"
    )
    # The deck it was published from; the list outlives the deck (SET_NULL).
    deck = models.ForeignKey(
        "decks.Deck", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    version_number = models.PositiveIntegerField(null=True, blank=True)
    title = models.CharField(max_length=120)
    description = models.TextField(blank=True, help_text="Markdown, as the author wrote it.")
    description_html = models.TextField(blank=True, help_text="The description, rendered safe.")
    house = models.CharField(max_length=16)
    agenda_names = models.CharField(max_length=200, blank=True)
    format = models.CharField(max_length=16, help_text="The deck's own format when published.")
    joust_legal = models.BooleanField(default=False)
    melee_legal = models.BooleanField(default=False)
    verdicts = models.JSONField(default=dict, help_text="joust/melee -> problems' messages.")
    automated = models.PositiveSmallIntegerField(default=0)
    card_total = models.PositiveSmallIntegerField(default=0)
    snapshot = models.JSONField(help_text="deck_to_json of the published version.")
    text = models.TextField(help_text="The list as the text export writes it.")
    # The player's name when an event published it for them (the author is then the
    # player's account if they have one, else the organizer's).
    player_name = models.CharField(max_length=120, blank=True)
    # Where an event published it: "3rd of 12 at Store night (28 Nov 2026)" and the event page.
    origin = models.CharField(max_length=200, blank=True)
    origin_url = models.CharField(max_length=200, blank=True)
    published = models.DateTimeField(auto_now_add=True)
    unpublished = models.DateTimeField(null=True, blank=True)
    like_count = models.PositiveIntegerField(default=0)
    favourite_count = models.PositiveIntegerField(default=0)
    copy_count = models.PositiveIntegerField(default=0)
    comment_count = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-published", "-pk"]
        indexes = [
            # Each sort's whole order (ties broken by date, then id) over the published
            # lists alone (partial indexes: PostgreSQL does not read "unpublished IS NULL"
            # as a constant leading column), so that a page of the list is read from the
            # index, not sorted from every published row.
            models.Index(fields=["-published", "-id"], condition=LIVE, name="decklist_newest_live"),
            models.Index(
                fields=["-like_count", "-published", "-id"],
                condition=LIVE,
                name="decklist_most_liked_live",
            ),
            models.Index(
                fields=["-copy_count", "-published", "-id"],
                condition=LIVE,
                name="decklist_most_copied_live",
            ),
            models.Index(fields=["house", "unpublished"], name="decklist_house"),
            models.Index(fields=["author", "unpublished"], name="decklist_author"),
        ]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("decklists:detail", args=[self.pk])

    @property
    def is_published(self) -> bool:
        return self.unpublished is None

    @property
    def automation_percent(self) -> int:
        return round(100 * self.automated / self.card_total) if self.card_total else 100


class DecklistCard(models.Model):
    """One card of a published list (agendas too, count 1): what the card filter searches."""

    decklist = models.ForeignKey(Decklist, on_delete=models.CASCADE, related_name="rows")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    count = models.PositiveSmallIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["decklist", "card"], name="decklistcard_unique"),
        ]
        indexes = [models.Index(fields=["card", "decklist"], name="decklistcard_by_card")]

    def __str__(self) -> str:
        return f"{self.count}x {self.card_id}"


class DecklistProduct(models.Model):
    """How many copies of a product building the list takes (cards.collection.copies_needed)."""

    decklist = models.ForeignKey(Decklist, on_delete=models.CASCADE, related_name="products")
    product = models.ForeignKey(Product, on_delete=models.PROTECT, related_name="+")
    copies = models.PositiveSmallIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["decklist", "product"], name="decklistproduct_unique"),
        ]
        indexes = [models.Index(fields=["product", "decklist"], name="decklistproduct_by_product")]

    def __str__(self) -> str:
        return f"{self.copies}x product {self.product_id}"


class _OnePerAccount(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    decklist = models.ForeignKey(Decklist, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return f"{self.user_id} on {self.decklist_id}"


class DecklistLike(_OnePerAccount):
    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "decklist"], name="decklistlike_once"),
        ]


class DecklistFavourite(_OnePerAccount):
    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "decklist"], name="decklistfavourite_once"),
        ]


class DecklistCopy(_OnePerAccount):
    """A copy to someone's decks; ``copy_count`` counts the accounts that copied, once each."""

    deck = models.ForeignKey("decks.Deck", on_delete=models.SET_NULL, null=True, related_name="+")


class DecklistComment(models.Model):
    decklist = models.ForeignKey(Decklist, on_delete=models.CASCADE, related_name="comments")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    body = models.TextField()
    created = models.DateTimeField(auto_now_add=True)
    # Removed by the list's author or by staff: the row stays (reports point at it).
    removed = models.DateTimeField(null=True, blank=True)
    removed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["created", "pk"]

    def __str__(self) -> str:
        return f"{self.author} on {self.decklist_id}: {self.body[:40]}"


class CommentReport(models.Model):
    """A comment reported to the site's staff, who see it in the admin."""

    comment = models.ForeignKey(DecklistComment, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    reason = models.CharField(max_length=300, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    handled = models.BooleanField(default=False)

    class Meta:
        ordering = ["handled", "-created"]
        constraints = [
            models.UniqueConstraint(fields=["comment", "reporter"], name="commentreport_once"),
        ]

    def __str__(self) -> str:
        return f"Report on comment {self.comment_id}"
