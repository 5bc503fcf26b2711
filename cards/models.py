"""The card database: products and their cards, and the products each account owns.

The tables keep the names they had when these models lived in ``decks`` (``decks_product``,
``decks_card``): the move to this app changed Django's state only, not the database
(``cards/migrations/0001_card_database_from_decks.py``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse

from cards.fields import DelimitedListField

HOUSES = ["Stark", "Lannister", "Baratheon", "Targaryen", "Greyjoy", "Martell"]
ALL_HOUSES = [*HOUSES, "Neutral"]
ICONS = ["military", "intrigue", "power"]
CRESTS = ["war", "noble", "learned", "holy", "shadow"]


class Product(models.Model):
    class Kind(models.TextChoices):
        CORE = "core", "Core Set"
        DELUXE = "deluxe", "Deluxe expansion"
        CHAPTER_PACK = "chapter_pack", "Chapter pack"

    code = models.SlugField(max_length=64, unique=True)
    name = models.CharField(max_length=128, unique=True)
    order = models.PositiveIntegerField(help_text="Position in the community card list.")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    cycle_code = models.CharField(
        max_length=16, help_text="Prefix of its card ids, shared by the packs of one cycle."
    )
    card_count = models.PositiveIntegerField(default=0)

    class Meta:
        db_table = "decks_product"
        ordering = ["order"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("decks:product_detail", args=[self.code])

    @property
    def full_name(self) -> str:
        """The name a sentence uses: "Core Set" (the card data calls it "Core"), else the name."""
        return str(self.Kind.CORE.label) if self.kind == self.Kind.CORE else self.name


class Card(models.Model):
    class Type(models.TextChoices):
        CHARACTER = "character", "Character"
        LOCATION = "location", "Location"
        ATTACHMENT = "attachment", "Attachment"
        EVENT = "event", "Event"
        PLOT = "plot", "Plot"
        AGENDA = "agenda", "Agenda"
        HOUSE = "house", "House"

    class Legality(models.TextChoices):
        LEGAL = "legal", "Legal"
        RESTRICTED = "restricted", "Restricted"
        BANNED = "banned", "Banned"

    code = models.CharField(max_length=32, unique=True, help_text="e.g. core_1")
    product = models.ForeignKey(Product, on_delete=models.PROTECT, related_name="cards")
    # Not unique within a product: the community data numbers a few pairs of cards alike.
    number = models.PositiveIntegerField()
    position = models.PositiveIntegerField(help_text="Order in the card pool.")
    quantity = models.PositiveIntegerField(help_text="Copies of this entry in its product.")

    name = models.CharField(max_length=128)
    name_key = models.CharField(
        max_length=128, db_index=True, help_text="Name folded for matching: case, accents, quotes."
    )
    card_type = models.CharField(max_length=16, choices=Type.choices)
    houses = DelimitedListField(help_text="Printed houses; Neutral for neutral cards.")
    legal_houses = DelimitedListField(help_text="Houses whose decks may hold it.")
    unique = models.BooleanField(default=False)
    cost = models.IntegerField(null=True, blank=True)
    strength = models.IntegerField(null=True, blank=True)
    icons = DelimitedListField(help_text="military, intrigue, power")
    naval_icons = DelimitedListField(help_text="Icons that carry the naval marker.")
    crests = DelimitedListField()
    traits = DelimitedListField()
    keywords = DelimitedListField(help_text="Keywords parsed from the first line, lowercase.")
    rules_text = models.TextField(blank=True)
    flavor_text = models.TextField(blank=True)
    illustrator = models.CharField(max_length=128, blank=True)

    income = models.IntegerField(null=True, blank=True)
    initiative = models.IntegerField(null=True, blank=True)
    claim = models.IntegerField(null=True, blank=True)
    influence = models.IntegerField(null=True, blank=True)

    deck_limit = models.PositiveSmallIntegerField(default=3)
    legality_joust = models.CharField(
        max_length=16, choices=Legality.choices, default=Legality.LEGAL
    )
    legality_melee = models.CharField(
        max_length=16, choices=Legality.choices, default=Legality.LEGAL
    )
    errata = models.JSONField(
        default=list, blank=True, help_text="Ranges of the text changed by errata."
    )
    rulings = models.JSONField(default=list, blank=True, help_text="FAQ rulings, as text.")
    printing_of = models.CharField(
        max_length=32,
        blank=True,
        help_text="Code of the first printing of this exact card (copies and reprints).",
    )

    class Meta:
        db_table = "decks_card"
        ordering = ["position"]
        indexes = [models.Index(fields=["card_type"]), models.Index(fields=["product", "number"])]

    def __str__(self) -> str:
        return f"{self.name} ({self.product.name} {self.number})"

    def get_absolute_url(self) -> str:
        return reverse("decks:card_detail", args=[self.code])

    @property
    def is_neutral(self) -> bool:
        return self.houses == ["Neutral"]

    @property
    def house_only(self) -> bool:
        """True for "House X only." cards: not every House may hold it."""
        return set(self.legal_houses) != set(ALL_HOUSES)

    def playable_in(self, house: str) -> bool:
        return house in self.legal_houses


class OwnedProduct(models.Model):
    """How many copies of a product an account owns ("Packs I own", docs/DECKS.md); no row
    means none. Only its owner ever sees it."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="owned_products"
    )
    product = models.ForeignKey(Product, on_delete=models.CASCADE, related_name="+")
    copies = models.PositiveSmallIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "product"], name="ownedproduct_unique_product"),
        ]

    def __str__(self) -> str:
        return f"{self.copies}x {self.product_id} ({self.user_id})"
