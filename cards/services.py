"""Writes to the card database, and to the collection of products an account owns."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import transaction

from cards.cardpool import FIXTURE_VERSION, fold_name
from cards.models import Card, OwnedProduct, Product
from cards.selectors import clear_card_caches, collection_of
from config.numbers import SHOWN, NumberError, read_number

DEFAULT_FIXTURES = Path(settings.BASE_DIR) / "fixtures" / "cards"

PRODUCT_FIELDS = ["name", "order", "kind", "cycle_code", "card_count"]
CARD_FIELDS = [
    "number", "position", "quantity", "name", "name_key", "card_type", "houses",
    "legal_houses", "unique", "cost", "strength", "icons", "naval_icons", "crests", "traits",
    "keywords", "rules_text", "flavor_text", "illustrator", "income", "initiative", "claim",
    "influence", "deck_limit", "legality_joust", "legality_melee", "errata", "rulings",
    "printing_of",
]  # fmt: skip


class FixtureError(ValueError):
    """A card fixture file is missing, unreadable or of another format."""


@dataclass
class LoadReport:
    products_created: int = 0
    products_updated: int = 0
    cards_created: int = 0
    cards_updated: int = 0
    cards_unchanged: int = 0
    stale_codes: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(
            self.products_created + self.products_updated + self.cards_created + self.cards_updated
        )


def read_fixtures(directory: Path) -> list[dict]:
    files = sorted(Path(directory).glob("*.json"))
    if not files:
        raise FixtureError(f"no card fixtures (*.json) in {directory}")
    fixtures = []
    for path in files:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise FixtureError(f"{path.name}: cannot read it ({exc})") from exc
        if not isinstance(data, dict) or data.get("version") != FIXTURE_VERSION:
            raise FixtureError(f"{path.name}: not a version {FIXTURE_VERSION} card fixture")
        fixtures.append(data)
    return fixtures


def _card_values(raw: dict) -> dict:
    values = {name: raw[name] for name in CARD_FIELDS if name != "name_key"}
    values["name_key"] = fold_name(raw["name"])
    return values


@transaction.atomic
def cards_load(*, directory: Path = DEFAULT_FIXTURES) -> LoadReport:
    """Load the card fixtures idempotently: new cards are created, changed ones updated.

    Cards no longer in the fixtures are kept (decks may hold them) and reported as stale.
    """
    fixtures = read_fixtures(directory)
    report = LoadReport()
    products = {p.code: p for p in Product.objects.all()}
    cards = {c.code: c for c in Card.objects.all()}
    seen: set[str] = set()
    new_cards: list[Card] = []
    changed_cards: list[Card] = []

    for fixture in fixtures:
        raw_product = fixture["product"]
        product = products.get(raw_product["code"])
        values = {name: raw_product[name] for name in PRODUCT_FIELDS}
        if product is None:
            product = Product.objects.create(code=raw_product["code"], **values)
            products[product.code] = product
            report.products_created += 1
        elif any(getattr(product, k) != v for k, v in values.items()):
            for k, v in values.items():
                setattr(product, k, v)
            product.save()
            report.products_updated += 1

        for raw in fixture["cards"]:
            values = _card_values(raw)
            seen.add(raw["code"])
            card = cards.get(raw["code"])
            if card is None:
                new_cards.append(Card(code=raw["code"], product=product, **values))
            elif card.product_id != product.pk or any(
                getattr(card, k) != v for k, v in values.items()
            ):
                card.product = product
                for k, v in values.items():
                    setattr(card, k, v)
                changed_cards.append(card)
            else:
                report.cards_unchanged += 1

    Card.objects.bulk_create(new_cards, batch_size=500)
    Card.objects.bulk_update(changed_cards, [*CARD_FIELDS, "product"], batch_size=500)
    report.cards_created = len(new_cards)
    report.cards_updated = len(changed_cards)
    report.stale_codes = sorted(set(cards) - seen)
    if report.changed:
        transaction.on_commit(clear_card_caches)
    return report


# Packs I own ------------------------------------------------------------------------------

MAX_COPIES = 99  # of one product in a collection
MAX_UNKNOWN_SHOWN = 5  # unknown product codes named in one message


class CollectionError(ValueError):
    """Counts of a collection that cannot be saved; nothing was saved.

    ``problems`` maps each refused key (a product code, as given) to a sentence naming the
    product and the value; the message is those sentences together."""

    def __init__(self, problems: dict[str, str]) -> None:
        self.problems = problems
        super().__init__("Nothing was saved: " + " ".join(problems.values()))


def _shown(code: str) -> str:
    return code if len(code) <= SHOWN else code[:SHOWN] + "…"


@transaction.atomic
def collection_set(*, user: Any, copies: Mapping[str, int | str]) -> dict[str, int]:
    """Record how many copies of each product in ``copies`` (product code -> a whole number
    from 0 to 99, or its text; a blank text is 0) the user owns; 0 removes the product from
    the collection, products not in ``copies`` keep their count. Returns the collection as
    ``cards.selectors.collection_of`` reads it.

    Every value is checked before anything is written: an unknown product code or a count
    that is no whole number from 0 to 99 raises :class:`CollectionError` naming each, and
    nothing is saved."""
    if user is None or not getattr(user, "is_authenticated", False):
        raise PermissionDenied("Log in to record the products you own.")
    products = {p.code: p for p in Product.objects.filter(code__in=list(copies))}
    problems: dict[str, str] = {}
    counts: dict[Product, int] = {}
    unknown = 0
    for code, value in copies.items():
        product = products.get(code)
        if product is None:
            unknown += 1
            if unknown <= MAX_UNKNOWN_SHOWN:
                problems[code] = f"There is no product {_shown(code)!r}."
            continue
        if isinstance(value, str) and not value.strip():
            value = 0  # a box left empty: none owned
        try:
            counts[product] = read_number(
                value, f"The copies of {product.full_name}", high=MAX_COPIES
            )
        except NumberError as error:
            problems[code] = str(error)
    if unknown > MAX_UNKNOWN_SHOWN:
        more = unknown - MAX_UNKNOWN_SHOWN
        problems["…"] = f"… and {more} more unknown product{'s' if more > 1 else ''}."
    if problems:
        raise CollectionError(problems)
    removed = [product for product, n in counts.items() if n == 0]
    OwnedProduct.objects.filter(user=user, product__in=removed).delete()
    OwnedProduct.objects.bulk_create(
        [OwnedProduct(user=user, product=product, copies=n) for product, n in counts.items() if n],
        update_conflicts=True,
        unique_fields=["user", "product"],
        update_fields=["copies"],
    )
    return collection_of(user)
