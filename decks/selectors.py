"""Reads of the card database, shared by the pages, the API and (later) the deck builder."""

from __future__ import annotations

from django.db.models import QuerySet

from decks.models import Card, Product
from decks.search import parse
from decks.search_sql import compile_query


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
