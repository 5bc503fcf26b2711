"""Reads of the card database, shared by the pages, the API and the deck builder."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.db.models import Exists, F, OuterRef, Q, QuerySet

from cards.models import Card, Product
from cards.search.language import parse
from cards.search.rank import ranked_words
from cards.search.sql import compile_query, name_rank

# The orders a card list can be sorted in; ties always fall back to the pool order (product
# order, then the number in the product). Cards without a cost or strength come last.
SORTS = {
    "product": ("position",),
    "name": ("name_key", "position"),
    "cost": (F("cost").asc(nulls_last=True), "name_key", "position"),
    "str": (F("strength").asc(nulls_last=True), "name_key", "position"),
}


def card_search(query: str, *, sort: str = "product") -> QuerySet[Card]:
    """Cards matching a query in the search language: when the query has name words, the best
    name matches first (``cards.search.rank``), then in the ``sort`` order of :data:`SORTS`
    (pool order by default; an unknown sort is the default).

    Raises ``cards.search.language.SearchError`` (with a message naming each bad term) for bad
    input. An empty query matches every card.
    """
    tree = parse(query)
    cards = Card.objects.filter(compile_query(tree)).select_related("product")
    order = SORTS.get(sort, SORTS["product"])
    rank = name_rank(ranked_words(tree))
    if rank is None:
        return cards.order_by(*order)
    return cards.annotate(name_rank=rank).order_by("name_rank", *order)


def without_extra_copies(cards: QuerySet[Card]) -> QuerySet[Card]:
    """Drop the extra copies a product lists as entries of their own.

    The Core Set lists e.g. Great Keep three times (core_29, core_30, core_31); the later
    entries point at the first through ``printing_of``. In a result list they would only
    repeat the same card, so the search page and the builder show one entry per product.
    Reprints in *other* products are kept: they are where else the card can be found.
    """
    first_in_same_product = Card.objects.filter(
        code=OuterRef("printing_of"), product=OuterRef("product")
    )
    # The cheap test first: SQLite then skips the subquery for the cards that are no copies.
    return cards.exclude(Q(printing_of__gt="") & Exists(first_in_same_product))


def card_for_preview(code: str) -> Card | None:
    """One card with its product, for the preview shown wherever a card is named."""
    return Card.objects.select_related("product").filter(code=code).first()


def product_list() -> QuerySet[Product]:
    return Product.objects.all()


def cards_of_product(product: Product) -> QuerySet[Card]:
    return product.cards.select_related("product")


def cards_same_name(card: Card) -> QuerySet[Card]:
    """Every other card of the same name: copies, reprints and other versions."""
    return Card.objects.filter(name_key=card.name_key).exclude(pk=card.pk).select_related("product")


# The pool changes only through ``cards.services.cards_load`` (at deploy), which clears these.
_pool_cache: dict[str, object] = {}
T = TypeVar("T")

_INFO_FIELDS = [
    "code", "name", "card_type", "legal_houses", "houses", "crests", "traits", "deck_limit",
    "legality_joust", "legality_melee", "rules_text", "position", "product__code",
    "product__name",
]  # fmt: skip


def card_pool_rows() -> list[dict]:
    """The fields of every card that deck validation and decklists need, in pool order
    (cached until the pool is reloaded)."""
    rows = _pool_cache.get("rows")
    if rows is None:
        rows = list(Card.objects.order_by("position").values(*_INFO_FIELDS))
        _pool_cache["rows"] = rows
    return rows  # type: ignore[return-value]


def pool_cached(key: str, build: Callable[[], T]) -> T:
    """``build()``, computed once per loaded pool: what other apps derive from the pool (the
    decks' validation data and name index) is cleared with it by :func:`clear_card_caches`."""
    value = _pool_cache.get(key)
    if value is None:
        value = build()
        _pool_cache[key] = value
    return value  # type: ignore[return-value]


def clear_card_caches() -> None:
    _pool_cache.clear()
