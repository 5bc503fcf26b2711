"""Card names of the pool, folded for matching: :class:`NameIndex`."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from decks.cardpool import fold_name, slugify

_LOOSE = re.compile(r"[^a-z0-9]+")


@dataclass(frozen=True, slots=True)
class CardName:
    """One card of the pool as decklists name it."""

    code: str
    name: str
    card_type: str
    product: str
    product_name: str
    position: int
    houses: tuple[str, ...] = ()


class NameIndex:
    """Card names of the pool, folded for matching; built once, then shared.

    ``records`` are plain dicts with ``code``, ``name``, ``card_type``, ``product`` (code),
    ``product_name``, ``position`` and, for House cards, ``houses``.
    """

    def __init__(self, records: Iterable[Mapping[str, Any]]) -> None:
        self._by_code: dict[str, CardName] = {}
        self._by_key: dict[str, list[CardName]] = {}
        self._by_loose: dict[str, list[CardName]] = {}
        self._products: dict[str, str] = {}
        self._product_names: dict[str, str] = {}
        for record in records:
            card = CardName(
                code=record["code"],
                name=record["name"],
                card_type=record["card_type"],
                product=record["product"],
                product_name=record.get("product_name") or record["product"],
                position=int(record.get("position") or 0),
                houses=tuple(record.get("houses") or ()),
            )
            self._by_code[card.code] = card
            key = fold_name(card.name)
            self._by_key.setdefault(key, []).append(card)
            self._by_loose.setdefault(_LOOSE.sub("", key), []).append(card)
            self._product_names[card.product] = card.product_name
            for alias in (card.product, card.product_name, slugify(card.product_name)):
                self._products[fold_name(alias)] = card.product
        for cards in (*self._by_key.values(), *self._by_loose.values()):
            cards.sort(key=lambda c: c.position)
        self._keys = list(self._by_key)
        self._products.setdefault("core set", self._products.get("core", "core"))

    @classmethod
    def from_fixtures(cls, fixtures: Iterable[Mapping[str, Any]]) -> NameIndex:
        """Build from loaded fixture files (``{"product": {...}, "cards": [...]}``)."""
        return cls(
            {
                **card,
                "product": fixture["product"]["code"],
                "product_name": fixture["product"]["name"],
            }
            for fixture in fixtures
            for card in fixture["cards"]
        )

    def card(self, code: str) -> CardName | None:
        return self._by_code.get(code)

    def product(self, text: str) -> str | None:
        """A product code from its name or code, any case (``"core"``, ``"Lords of Winter"``)."""
        return self._products.get(fold_name(text))

    def product_name(self, code: str) -> str:
        return self._product_names.get(code, code)

    def printings(self, name: str) -> list[CardName]:
        """Every card of that name (case, quotes and punctuation ignored), first printing first."""
        key = fold_name(name)
        return self._by_key.get(key) or self._by_loose.get(_LOOSE.sub("", key)) or []

    def close_names(self, name: str, n: int = 3) -> list[tuple[str, float]]:
        """Up to ``n`` card names close to ``name``, with their similarity (0..1), best first."""
        key = fold_name(name)
        scored = []
        for match in difflib.get_close_matches(key, self._keys, n=n, cutoff=0.6):
            ratio = difflib.SequenceMatcher(None, key, match).ratio()
            scored.append((self._by_key[match][0].name, ratio))
        return scored
