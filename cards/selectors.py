"""Reads of the card database, shared by the pages, the API and the deck builder."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from django.db.models import Exists, F, OuterRef, Q, QuerySet, Subquery

from cards.collection import Printing, cards_short, copies_needed, shortfalls
from cards.models import Card, OwnedProduct, Product
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


# Packs I own ------------------------------------------------------------------------------


def collection_of(user: Any) -> dict[str, int]:
    """Product code -> copies the user owns, for the products they own (in product order); an
    anonymous user (or None) owns nothing. One query."""
    if user is None or not getattr(user, "is_authenticated", False):
        return {}
    rows = (
        OwnedProduct.objects.filter(user=user, copies__gt=0)
        .order_by("product__order")
        .values_list("product__code", "copies")
    )
    return dict(rows)


@dataclass
class _DeckPrintings:
    counts: dict[str, int]  # card code -> copies, a product's extra entries added to the first
    printings: dict[str, list[Printing]]  # card code -> [(product code, quantity)]
    names: dict[str, str]  # card code -> card name
    products: dict[str, str]  # product code -> what to call it ("Core Set", "Lords of Winter")


def _deck_printings(counts: Mapping[str, int]) -> _DeckPrintings:
    """The card data ``cards.collection`` needs for a deck's ``counts``, in one query.

    Each card counts against the product of its own code (docs/RULINGS.md, "Collection");
    the copies a product lists as entries of their own (core_29, core_30 and core_31 are the
    Core Set's three Great Keeps, the later two with ``printing_of`` "core_29") are one card
    of that product, so their counts are added under the first entry's code. Codes that are
    no card's are left out."""
    first_product = Card.objects.filter(code=OuterRef("printing_of")).values("product_id")[:1]
    rows = (
        Card.objects.filter(code__in=[code for code, n in counts.items() if n > 0])
        .annotate(first_product=Subquery(first_product))
        .order_by("position")
        .values_list(
            "code", "printing_of", "product_id", "first_product", "product__code",
            "product__name", "product__kind", "quantity", "name",
        )
    )  # fmt: skip
    result = _DeckPrintings({}, {}, {}, {})
    for code, printing_of, product_id, first, product, name, kind, quantity, card_name in rows:
        key = printing_of if printing_of and first == product_id else code
        result.counts[key] = result.counts.get(key, 0) + counts[code]
        result.printings[key] = [(product, quantity)]
        result.names.setdefault(key, card_name)
        result.products[product] = Product(name=name, kind=kind).full_name
    return result


def products_needed(counts: Mapping[str, int]) -> dict[str, int]:
    """Product code -> copies of it that a deck needs, from the deck's ``counts`` (card code
    -> copies; an agenda counts 1): ``cards.collection.copies_needed`` with each card's own
    product and the copies of it one product holds. Codes that are no card's need nothing.
    One query."""
    data = _deck_printings(counts)
    return copies_needed(data.counts, data.printings)


@dataclass(frozen=True)
class ProductShortfall:
    """A product of which a deck needs more copies than the user owns, and the cards why."""

    product: str  # code
    name: str  # "Core Set", "Lords of Winter"
    needed: int
    owned: int
    # (card code, card name, copies in the deck) of the cards that need more than are owned
    cards: list[tuple[str, str, int]] = field(default_factory=list)

    @property
    def owned_text(self) -> str:
        """What the user owns in words: no Lords of Winter, 1 Core Set, 2 copies of Core Set."""
        if self.owned == 0:
            return f"no {self.name}"
        if self.owned == 1:
            return f"1 {self.name}"
        return f"{self.owned} copies of {self.name}"


def collection_shortfalls(
    owned: Mapping[str, int], counts: Mapping[str, int]
) -> list[ProductShortfall]:
    """What a collection (``owned``, as :func:`collection_of` reads it) lacks to build a deck
    of ``counts``: one entry per product short, in product order, naming the cards that need
    the extra copies; empty when nothing is short. One query."""
    data = _deck_printings(counts)
    short = shortfalls(copies_needed(data.counts, data.printings), owned)
    by_product = cards_short(data.counts, data.printings, owned)
    order = list(data.products)  # in the order of their first card: the pool's, the products'
    return [
        ProductShortfall(
            product,
            data.products[product],
            needed,
            have,
            [(code, data.names[code], count) for code, count in by_product.get(product, [])],
        )
        for product, (needed, have) in sorted(short.items(), key=lambda item: order.index(item[0]))
    ]


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
