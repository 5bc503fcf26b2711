"""Reads of the card database, shared by the pages, the API and (later) the deck builder."""

from __future__ import annotations

from django.db.models import QuerySet

from decks.decklist import NameIndex
from decks.models import Card, Product
from decks.search import parse
from decks.search_sql import compile_query
from decks.validation import CardInfo


def card_search(query: str) -> QuerySet[Card]:
    """Cards matching a query in the search language, in pool order.

    Raises ``decks.search.SearchError`` (with a message naming each bad term) for bad input.
    An empty query matches every card.
    """
    q = compile_query(parse(query))
    return Card.objects.filter(q).select_related("product")


def product_list() -> QuerySet[Product]:
    return Product.objects.all()


def cards_of_product(product: Product) -> QuerySet[Card]:
    return product.cards.select_related("product")


def cards_same_name(card: Card) -> QuerySet[Card]:
    """Every other card of the same name: copies, reprints and other versions."""
    return Card.objects.filter(name_key=card.name_key).exclude(pk=card.pk).select_related("product")


# The pool changes only through ``decks.services.cards_load`` (at deploy), which clears these.
_pool_cache: dict[str, object] = {}

_INFO_FIELDS = [
    "code", "name", "card_type", "legal_houses", "houses", "crests", "traits", "deck_limit",
    "legality_joust", "legality_melee", "rules_text", "position", "product__code",
    "product__name",
]  # fmt: skip


def _pool_rows() -> list[dict]:
    rows = _pool_cache.get("rows")
    if rows is None:
        rows = list(Card.objects.order_by("position").values(*_INFO_FIELDS))
        _pool_cache["rows"] = rows
    return rows  # type: ignore[return-value]


def card_infos() -> dict[str, CardInfo]:
    """Code -> ``CardInfo`` for the whole pool: what ``decks.validation.validate`` needs."""
    infos = _pool_cache.get("infos")
    if infos is None:
        infos = {
            row["code"]: CardInfo.from_dict(row, product=row["product__code"])
            for row in _pool_rows()
        }
        _pool_cache["infos"] = infos
    return infos  # type: ignore[return-value]


def card_name_index() -> NameIndex:
    """The pool's names for reading and writing plain text decklists."""
    index = _pool_cache.get("names")
    if index is None:
        index = NameIndex(
            {
                "code": row["code"],
                "name": row["name"],
                "card_type": row["card_type"],
                "product": row["product__code"],
                "product_name": row["product__name"],
                "position": row["position"],
                "houses": row["houses"],
            }
            for row in _pool_rows()
        )
        _pool_cache["names"] = index
    return index  # type: ignore[return-value]


def clear_card_caches() -> None:
    _pool_cache.clear()
