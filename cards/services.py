"""Writes to the card database."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.db import transaction

from cards.cardpool import FIXTURE_VERSION, fold_name
from cards.models import Card, Product
from cards.selectors import clear_card_caches

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
