"""Reads of published decklists: the browse page's filters and sorts, one list, a person's.

Every filter reads columns stored at publishing (``decklists.models``), so a page of the list
is a handful of indexed queries whatever the number of lists (bench/decklists_bench.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.http import Http404

from cards.models import ALL_HOUSES, Card, Product
from cards.search.language import SearchError, parse
from cards.search.sql import compile_query
from cards.selectors import collection_of
from decklists.models import (
    Decklist,
    DecklistCard,
    DecklistComment,
    DecklistFavourite,
    DecklistLike,
    DecklistProduct,
)

PER_PAGE = 24
SORTS = {
    "newest": ("-published", "-pk"),
    "likes": ("-like_count", "-published", "-pk"),
    "copies": ("-copy_count", "-published", "-pk"),
}
FORMATS = {"joust": "joust_legal", "melee": "melee_legal"}
# The query parameters of the list page and of the API's list; any other is named as unknown.
FILTERS = ("house", "agenda", "format", "card", "product", "owned", "sort", "page", "author")


@dataclass
class Browse:
    """A page of lists and what the filters said: ``problems`` name each bad filter (the
    list is then empty rather than silently unfiltered)."""

    page: Page
    filters: dict[str, str]
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


# What a row of a list of decklists does not show (the API's list reads the snapshot's
# agendas): left in the table, the rows a page sorts or reads stay narrow.
LIST_DEFERRED = ("text", "description", "description_html", "verdicts")


def published() -> QuerySet[Decklist]:
    return (
        Decklist.objects.filter(unpublished__isnull=True)
        .select_related("author")
        .defer(*LIST_DEFERRED)
    )


def _card_filter(query: str, problems: list[str]) -> Q | None:
    try:
        matching = list(
            Card.objects.filter(compile_query(parse(query))).values_list("pk", flat=True)
        )
    except SearchError as error:
        problems.append(f"The card filter cannot be read: {error}")
        return None
    # The lists holding any of the cards, read from the (card, decklist) index; faster than
    # asking each list in turn when the query matches many cards.
    holding = DecklistCard.objects.filter(card_id__in=matching).values("decklist_id")
    return Q(pk__in=holding)


def _agenda_filter(code: str, problems: list[str]) -> Q | None:
    card = Card.objects.filter(code=code, card_type=Card.Type.AGENDA).first()
    if card is None:
        problems.append(f"No agenda has the code {code!r}.")
        return None
    return Q(Exists(DecklistCard.objects.filter(decklist=OuterRef("pk"), card=card)))


def _product_filter(code: str, problems: list[str]) -> Q | None:
    product = Product.objects.filter(code=code).first()
    if product is None:
        problems.append(f"No product has the code {code!r}.")
        return None
    return Q(Exists(DecklistProduct.objects.filter(decklist=OuterRef("pk"), product=product)))


def _owned_filter(owned: Mapping[str, int]) -> Q:
    """Lists needing no product beyond the copies the user owns: no row of theirs names a
    product the user lacks, or more copies than the user has. Products owned alike are
    asked together, so the query has a term per distinct count, not per product."""
    ids = dict(Product.objects.filter(code__in=owned).values_list("code", "pk"))
    by_count: dict[int, list[int]] = {}
    for code, copies in owned.items():
        if code in ids:
            by_count.setdefault(copies, []).append(ids[code])
    short = ~Q(product_id__in=[pk for pks in by_count.values() for pk in pks])
    for copies, pks in by_count.items():
        short |= Q(product_id__in=pks, copies__gt=copies)
    return ~Q(Exists(DecklistProduct.objects.filter(short, decklist=OuterRef("pk"))))


def decklist_browse(
    params: Mapping[str, str], user: Any, *, base: QuerySet | None = None
) -> Browse:
    """The published lists that pass every filter in ``params``, a page of them, sorted."""
    filters = {key: (params.get(key) or "").strip() for key in FILTERS}
    problems = [
        f"Unknown filter {key!r}: the list takes {', '.join(FILTERS)}."
        for key in sorted(set(params) - set(FILTERS))
    ]
    notes: list[str] = []
    lists = published() if base is None else base
    conditions: list[Q | None] = []
    if house := filters["house"]:
        if house in ALL_HOUSES:
            conditions.append(Q(house=house))
        else:
            problems.append(f"Unknown House {house!r}: choose one of {', '.join(ALL_HOUSES)}.")
    if fmt := filters["format"]:
        if fmt in FORMATS:
            conditions.append(Q(**{FORMATS[fmt]: True}))
        else:
            problems.append(f"Unknown format {fmt!r}: choose joust or melee.")
    if filters["agenda"]:
        conditions.append(_agenda_filter(filters["agenda"], problems))
    if filters["card"]:
        conditions.append(_card_filter(filters["card"], problems))
    if filters["product"]:
        conditions.append(_product_filter(filters["product"], problems))
    if author := filters["author"]:
        conditions.append(Q(author__username=author))
    if filters["owned"] not in ("", "0"):
        owned = collection_of(user)
        if not owned:
            notes.append("Record the packs you own first: with none recorded, no list qualifies.")
        conditions.append(_owned_filter(owned))
    sort = filters["sort"] or "newest"
    if sort not in SORTS:
        problems.append(f"Unknown sort {sort!r}: choose newest, likes or copies.")
        sort = "newest"
    filters["sort"] = sort
    if problems:
        lists = lists.none()
    for condition in conditions:
        if condition is not None:
            lists = lists.filter(condition)
    paginator = Paginator(lists.order_by(*SORTS[sort]), PER_PAGE)
    return Browse(paginator.get_page(filters["page"] or 1), filters, problems, notes)


def decklist_or_404(decklist_id: int) -> Decklist:
    """A list by its id, published or not: an unpublished list's address keeps answering."""
    decklist = Decklist.objects.select_related("author").filter(pk=decklist_id).first()
    if decklist is None:
        raise Http404("No decklist has this number.")
    return decklist


def decklist_rows(decklist: Decklist) -> list[DecklistCard]:
    return list(
        decklist.rows.select_related("card__product").order_by("card__position", "card__code")
    )


def decklist_comments(decklist: Decklist) -> list[DecklistComment]:
    return list(decklist.comments.filter(removed__isnull=True).select_related("author"))


@dataclass
class Reactions:
    liked: bool = False
    favourited: bool = False


def reactions_of(decklist: Decklist, user: Any) -> Reactions:
    if not user.is_authenticated:
        return Reactions()
    return Reactions(
        liked=DecklistLike.objects.filter(user=user, decklist=decklist).exists(),
        favourited=DecklistFavourite.objects.filter(user=user, decklist=decklist).exists(),
    )


def favourites_of(user: Any) -> QuerySet[Decklist]:
    favourites = DecklistFavourite.objects.filter(user=user, decklist=OuterRef("pk"))
    return published().filter(Exists(favourites)).order_by("-published", "-pk")


def decklists_by(author: Any) -> QuerySet[Decklist]:
    return published().filter(author=author).order_by("-published", "-pk")


def decklists_of_deck(deck_id: int) -> QuerySet[Decklist]:
    """The lists published from a deck, newest first (the deck page links them)."""
    return Decklist.objects.filter(deck_id=deck_id).order_by("-published", "-pk")
