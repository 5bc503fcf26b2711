"""Pages of the card database: home, card search (htmx), search help, products, cards, and
the collection of products an account owns."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Page, Paginator
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.views.decorators.http import require_http_methods, require_safe
from django_htmx.http import push_url, replace_url

from cards.models import Card, Product
from cards.search.language import SearchError
from cards.search.rank import NICKNAMES
from cards.selectors import (
    card_for_preview,
    card_search,
    cards_of_product,
    cards_same_name,
    collection_of,
    product_list,
    without_extra_copies,
)
from cards.services import MAX_COPIES, CollectionError, collection_set
from cards.templatetags.cardtags import TABLE_FIELDS
from config.numbers import page_number

SEARCH_PAGE_SIZE = 50

# Names of the chapter-pack cycles, by the card-id prefix (cycle_code) their packs share.
CYCLE_NAMES = {
    "acoa": "A Clash of Arms",
    "ator": "A Time of Ravens",
    "kl": "King's Landing",
    "dotn": "Defenders of the North",
    "bwb": "Brotherhood Without Banners",
    "soo": "Secrets of Oldtown",
    "atoc": "A Tale of Champions",
    "btns": "Beyond the Narrow Sea",
    "asots": "A Song of the Sea",
    "kr": "Kingsroad",
    "cad": "Conquest and Defiance",
    "w": "Wardens",
}


@dataclass
class ProductGroup:
    title: str
    products: list[Product]


def product_groups(products: QuerySet[Product] | list[Product]) -> list[ProductGroup]:
    """Products grouped for display: Core Set, deluxe expansions, then one group per cycle."""
    core = ProductGroup("Core Set", [])
    deluxe = ProductGroup("Deluxe expansions", [])
    cycles: dict[str, ProductGroup] = {}
    for product in products:
        if product.kind == Product.Kind.CORE:
            core.products.append(product)
        elif product.kind == Product.Kind.DELUXE:
            deluxe.products.append(product)
        else:
            name = CYCLE_NAMES.get(product.cycle_code, product.cycle_code.upper())
            cycles.setdefault(product.cycle_code, ProductGroup(f"{name} cycle", []))
            cycles[product.cycle_code].products.append(product)
    return [group for group in (core, deluxe, *cycles.values()) if group.products]


def search_url(query: str, *, page: int = 1, copies: bool = False) -> str:
    """The shareable address of a search: only the parameters that differ from the default."""
    params: dict[str, str | int] = {}
    if query:
        params["q"] = query
    if copies:
        params["copies"] = 1
    if page > 1:
        params["page"] = page
    base = reverse("decks:card_search")
    return f"{base}?{urlencode(params)}" if params else base


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"groups": product_groups(product_list())})


@require_safe
def card_search_page(request: HttpRequest) -> HttpResponse:
    """Search results; an htmx request gets only the results partial of the same template."""
    query = request.GET.get("q", "").strip()
    copies = request.GET.get("copies") == "1"
    problems: list[str] = []
    page: Page | None = None
    try:
        cards = card_search(query)
    except SearchError as exc:
        problems = list(getattr(exc, "problems", None) or [str(exc)])
    else:
        if not copies:
            cards = without_extra_copies(cards)
        paginator = Paginator(cards.only(*TABLE_FIELDS), SEARCH_PAGE_SIZE)
        page = paginator.get_page(page_number(request.GET.get("page")))

    context = {
        "query": query,
        "copies": copies,
        "problems": problems,
        "page": page,
        "page_links": _page_links(page, query, copies) if page else [],
    }
    # A history restore (going back after the cache missed) needs the whole page.
    partial = request.htmx and not request.htmx.history_restore_request
    template = "cards/card_search.html#results" if partial else "cards/card_search.html"
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request"])
    if partial:
        _set_address(
            request, response, search_url(query, page=page.number if page else 1, copies=copies)
        )
    return response


def _set_address(request: HttpRequest, response: HttpResponse, url: str) -> None:
    """Show the search's shareable address in the browser after an htmx swap.

    Typing refines the current search: replace the history entry rather than adding one per
    keystroke. A page link or a submitted form is a navigation: push it.
    """
    if request.htmx.trigger_name in {"q", "copies"}:
        replace_url(response, url)
    else:
        push_url(response, url)


def _page_links(page: Page, query: str, copies: bool) -> list[tuple[int | None, str]]:
    """Page numbers to link (None for an ellipsis), with their URLs."""
    numbers = page.paginator.get_elided_page_range(page.number, on_each_side=2, on_ends=1)
    return [
        (number, search_url(query, page=number, copies=copies))
        if isinstance(number, int)
        else (None, "")
        for number in numbers
    ]


@require_safe
def search_help(request: HttpRequest) -> HttpResponse:
    return render(request, "cards/search_help.html", {"nicknames": list(NICKNAMES.items())})


@require_safe
def product_list_page(request: HttpRequest) -> HttpResponse:
    return render(request, "cards/product_list.html", {"groups": product_groups(product_list())})


@require_safe
def product_detail(request: HttpRequest, code: str) -> HttpResponse:
    product = get_object_or_404(Product, code=code)
    cards = list(cards_of_product(product).only(*TABLE_FIELDS).order_by("number", "position"))
    return render(request, "cards/product_detail.html", {"product": product, "cards": cards})


@dataclass
class OtherCard:
    card: Card
    same_card: bool  # an identical copy or reprint, rather than another version


@require_safe
def card_detail(request: HttpRequest, code: str) -> HttpResponse:
    card = get_object_or_404(Card.objects.select_related("product"), code=code)
    root = card.printing_of or card.code
    others = [
        OtherCard(other, (other.printing_of or other.code) == root)
        for other in cards_same_name(card).order_by("position")
    ]
    first_printing = next((o.card for o in others if o.card.code == card.printing_of), None)
    return render(
        request,
        "cards/card_detail.html",
        {"card": card, "others": others, "first_printing": first_printing},
    )


# Card data changes only with a deploy (``load_cards``): a browser may keep a preview an hour.
PREVIEW_MAX_AGE = 60 * 60


@require_safe
def card_preview(request: HttpRequest, code: str) -> HttpResponse:
    """The card as a small HTML fragment, for the preview opened wherever a card is named
    (``static/js/card-preview.js``; the contract is in docs/DECKS.md). The same for every
    visitor, so it is cacheable; an unknown code gets a 404 fragment saying so."""
    card = card_for_preview(code)
    # Rendered without the request: nothing of the visitor (session, user) goes into it.
    if card is None:
        html = render_to_string("cards/card_preview.html", {"code": code})
        return HttpResponse(html, status=404)
    response = HttpResponse(render_to_string("cards/card_preview.html", {"card": card}))
    patch_cache_control(response, public=True, max_age=PREVIEW_MAX_AGE)
    return response


# Packs I own ------------------------------------------------------------------------------

COPIES_FIELD = "copies-"  # + a product's code: the name of its box on the collection page


@dataclass
class CollectionRow:
    product: Product
    value: str  # what its box shows: the saved count, or what was typed when it was refused
    error: str = ""


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def collection_page(request: HttpRequest) -> HttpResponse:
    """The products the user owns, a box each. Saving a refused value saves nothing and shows
    the page again with what was typed and a message at each refused box (status 400).
    Nobody but the user ever sees their collection: there is no address for another's."""
    products = list(product_list())
    owned = collection_of(request.user)
    values = {product.code: str(owned.get(product.code, 0)) for product in products}
    problems: dict[str, str] = {}
    if request.method == "POST":
        shortcut = request.POST.get("shortcut", "")
        if shortcut == "all":  # one of each product, and what you have of more kept
            copies: dict[str, int | str] = {p.code: max(1, owned.get(p.code, 0)) for p in products}
        elif shortcut == "clear":
            copies = {product.code: 0 for product in products}
        else:
            copies = {
                key.removeprefix(COPIES_FIELD): value
                for key, value in request.POST.items()
                if key.startswith(COPIES_FIELD)
            }
        try:
            collection_set(user=request.user, copies=copies)
        except CollectionError as error:
            problems = error.problems
            values |= {code: str(value) for code, value in copies.items() if code in values}
        else:
            messages.success(request, "Saved: the deck builder now knows what you own.")
            return redirect("decks:collection")
    rows = {p.code: CollectionRow(p, values[p.code], problems.get(p.code, "")) for p in products}
    groups = [
        (group.title, [rows[p.code] for p in group.products]) for group in product_groups(products)
    ]
    context = {
        "groups": groups,
        "problems": list(problems.values()),
        "max_copies": MAX_COPIES,
        "owned_products": len(owned),
        "owned_copies": sum(owned.values()),
    }
    return render(request, "cards/collection.html", context, status=400 if problems else 200)
