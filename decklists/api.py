"""Read-only JSON API of published decklists: the browse page's list, filters and sort
(``decklists.selectors.decklist_browse``), and one list with its cards."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Page
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.utils.urls import remove_query_param, replace_query_param
from rest_framework.views import APIView

from cards.models import ALL_HOUSES
from config.query import KnownQueryParameters
from decklists.models import Decklist
from decklists.selectors import (
    FILTERS,
    FORMATS,
    PER_PAGE,
    SORTS,
    decklist_browse,
    decklist_or_404,
    decklist_rows,
)
from decks.api import DeckJSONSerializer
from decks.selectors import card_name_index

OWNED_NEEDS_LOGIN = (
    "owned needs a logged-in account (a session or HTTP Basic): it keeps the lists you can "
    "build from the packs recorded in your collection."
)


def _absolute(context: dict[str, Any], path: str) -> str:
    request = context.get("request")
    return request.build_absolute_uri(path) if request and path else path


class AutomationSerializer(serializers.Serializer):
    automated = serializers.IntegerField(help_text="Cards that play automatically in the engine.")
    total = serializers.IntegerField(help_text="Every card of the list, agendas included.")


class DecklistSerializer(serializers.ModelSerializer):
    url = serializers.SerializerMethodField(help_text="This list in the API.")
    page_url = serializers.SerializerMethodField(help_text="The list's page on this site.")
    author = serializers.CharField(source="author.username", read_only=True)
    player_name = serializers.CharField(
        read_only=True, help_text="The player, when an event published the list for them."
    )
    agendas = serializers.SerializerMethodField(help_text="The agendas' names, in order.")
    automation = serializers.SerializerMethodField()
    origin = serializers.CharField(
        read_only=True, help_text='Where an event published it: "3rd of 12 at Store night".'
    )
    origin_url = serializers.SerializerMethodField(help_text="That event's page, or empty.")

    class Meta:
        model = Decklist
        fields = [
            "id", "url", "page_url", "title", "author", "player_name", "house", "agendas",
            "format", "joust_legal", "melee_legal", "automation", "like_count",
            "favourite_count", "copy_count", "comment_count", "published", "origin",
            "origin_url",
        ]  # fmt: skip
        read_only_fields = fields
        extra_kwargs = {
            "format": {"help_text": "The deck's own format when it was published."},
            "joust_legal": {"help_text": "Legal for joust (judged when published)."},
            "melee_legal": {"help_text": "Legal for melee (judged when published)."},
        }

    def get_url(self, decklist: Decklist) -> str:
        return _absolute(self.context, reverse("decks_api:decklist-detail", args=[decklist.pk]))

    def get_page_url(self, decklist: Decklist) -> str:
        return _absolute(self.context, decklist.get_absolute_url())

    def get_agendas(self, decklist: Decklist) -> list[str]:
        # From the snapshot's codes: the stored agenda_names is one string joined with ", ",
        # and an agenda's name may hold a comma ("Dark Wings, Dark Words").
        names = card_name_index()
        codes = decklist.snapshot.get("agendas", [])
        return [card.name if (card := names.card(code)) else code for code in codes]

    @extend_schema_field(AutomationSerializer)
    def get_automation(self, decklist: Decklist) -> dict[str, int]:
        return {"automated": decklist.automated, "total": decklist.card_total}

    def get_origin_url(self, decklist: Decklist) -> str:
        return _absolute(self.context, decklist.origin_url)


class VerdictsSerializer(serializers.Serializer):
    joust = serializers.ListField(child=serializers.CharField(), help_text="Empty when legal.")
    melee = serializers.ListField(child=serializers.CharField(), help_text="Empty when legal.")


class DecklistCardSerializer(serializers.Serializer):
    code = serializers.CharField(source="card.code")
    name = serializers.CharField(source="card.name")
    count = serializers.IntegerField()
    product = serializers.CharField(source="card.product.code", help_text="Its product's code.")


class ExportsSerializer(serializers.Serializer):
    text = serializers.URLField(help_text="The list as plain text, as players paste it.")
    json = serializers.URLField(help_text="The list as a JSON deck, with its title as name.")


class DecklistDetailSerializer(DecklistSerializer):
    unpublished = serializers.DateTimeField(
        read_only=True,
        help_text="When its author unpublished it (null while published): the list still "
        "answers, with its cards, but is off the lists.",
    )
    description = serializers.CharField(read_only=True, help_text="Markdown, as written.")
    description_html = serializers.CharField(
        read_only=True, help_text="The description rendered to HTML, already made safe."
    )
    verdicts = serializers.SerializerMethodField(
        help_text="The validator's problems for joust and melee when the list was published."
    )
    deck = serializers.SerializerMethodField(help_text="The cards, in the JSON deck shape.")
    cards = DecklistCardSerializer(many=True, read_only=True, source="row_list")
    exports = serializers.SerializerMethodField()

    class Meta(DecklistSerializer.Meta):
        fields = [
            *DecklistSerializer.Meta.fields, "unpublished", "description", "description_html",
            "verdicts", "deck", "cards", "exports",
        ]  # fmt: skip
        read_only_fields = fields

    @extend_schema_field(DeckJSONSerializer)
    def get_deck(self, decklist: Decklist) -> dict[str, Any]:
        return decklist.snapshot

    @extend_schema_field(VerdictsSerializer)
    def get_verdicts(self, decklist: Decklist) -> dict[str, list[str]]:
        return {fmt: list(decklist.verdicts.get(fmt, [])) for fmt in ("joust", "melee")}

    @extend_schema_field(ExportsSerializer)
    def get_exports(self, decklist: Decklist) -> dict[str, str]:
        return {
            kind: _absolute(self.context, reverse(f"decklists:export_{kind}", args=[decklist.pk]))
            for kind in ("text", "json")
        }


class DecklistPageSerializer(serializers.Serializer):
    count = serializers.IntegerField(help_text="Lists that pass every filter.")
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    notes = serializers.ListField(
        child=serializers.CharField(),
        help_text="What the filters said beside the results (owned with no packs recorded).",
    )
    results = DecklistSerializer(many=True)


class FilterProblemSerializer(serializers.Serializer):
    detail = serializers.CharField()
    problems = serializers.ListField(child=serializers.CharField(), help_text="One per filter.")


class _NoFormatOverride:
    """DRF's settings, but no query parameter picks the renderer."""

    URL_FORMAT_OVERRIDE = None

    def __getattr__(self, name: str) -> Any:
        return getattr(api_settings, name)


class _FormatIsAFilter(DefaultContentNegotiation):
    """``format`` is the list's filter (joust, melee) as on the web page, not DRF's choice of
    renderer (``?format=json``): the renderer comes from the Accept header alone."""

    settings = _NoFormatOverride()


def _parameter(name: str, description: str, **more: Any) -> OpenApiParameter:
    return OpenApiParameter(name, OpenApiTypes.STR, description=description, **more)


FILTER_PARAMETERS = [
    _parameter("house", "Lists of this House.", enum=ALL_HOUSES),
    _parameter(
        "agenda",
        "Lists with this agenda, by its card code (`GET /api/cards/?q=t:agenda`).",
        examples=[OpenApiExample("Treaty with the North", value="low_39")],
    ),
    _parameter("format", "Lists legal in this format.", enum=sorted(FORMATS)),
    _parameter(
        "card",
        "Lists holding a card that matches this search in the card search language (see the "
        "site's search help), e.g. `Eddard Stark` or `t:character c>=6`.",
        examples=[OpenApiExample("A card by name", value="Eddard Stark")],
    ),
    _parameter(
        "product",
        "Lists that need cards of this product, by its code (`GET /api/products/`).",
        examples=[OpenApiExample("Core Set", value="core")],
    ),
    _parameter(
        "owned",
        "`1`: only lists the caller can build from the packs recorded in their collection "
        "(copies of each product counted). Needs a logged-in caller; `0` or absent: every list.",
        enum=["0", "1"],
    ),
    _parameter("sort", "Order of the lists (default newest).", enum=list(SORTS)),
    OpenApiParameter(
        "page", OpenApiTypes.INT, description=f"Page number, from 1; {PER_PAGE} lists a page."
    ),
    _parameter("author", "Lists published by this account, by its username."),
]


def _page_number(value: str | None, problems: list[str]) -> int | None:
    text = (value or "").strip()
    if not text:
        return None
    if text.isascii() and text.isdigit() and len(text) <= 9 and int(text) >= 1:
        return int(text)
    problems.append(f"Unknown page {text[:20]!r}: give a page number from 1.")
    return None


def _links(url: str, page: Page) -> dict[str, str | None]:
    """``next`` and ``previous`` as DRF's page number pagination writes them."""
    previous = None
    if page.has_previous():
        number = page.previous_page_number()
        previous = (
            remove_query_param(url, "page")
            if number == 1
            else replace_query_param(url, "page", number)
        )
    following = (
        replace_query_param(url, "page", page.next_page_number()) if page.has_next() else None
    )
    return {"next": following, "previous": previous}


class DecklistListView(KnownQueryParameters, APIView):
    """The published decklists that pass every filter, as the site's list page filters and
    sorts them, newest first by default, in pages of 24. `format` is the filter (joust or
    melee) here, not a choice of JSON: ask for JSON with the Accept header.

    An unknown parameter, or a filter that cannot be read (an unknown House, agenda, product,
    format or sort, a card search with an error), answers 400 naming each; `owned=1` without a
    logged-in caller too. A page past the last answers 404.
    """

    query_parameters = frozenset(FILTERS)
    content_negotiation_class = _FormatIsAFilter

    @extend_schema(
        operation_id="decklists_list",
        summary="Published decklists",
        parameters=FILTER_PARAMETERS,
        responses={
            200: DecklistPageSerializer,
            400: FilterProblemSerializer,
            404: OpenApiResponse(description="A page past the last."),
        },
    )
    def get(self, request: Request) -> Response:
        params = request.query_params
        problems: list[str] = []
        number = _page_number(params.get("page"), problems)
        owned = params.get("owned", "").strip()
        if owned not in ("", "0", "1"):
            problems.append(
                f"Unknown owned {owned[:20]!r}: give 1 (only lists you can build) or 0."
            )
        elif owned == "1" and not request.user.is_authenticated:
            problems.append(OWNED_NEEDS_LOGIN)
        browse = decklist_browse(params, request.user)
        problems += browse.problems
        if problems:
            return Response({"detail": " ".join(problems), "problems": problems}, status=400)
        page = browse.page
        if number is not None and number != page.number:
            last = page.paginator.num_pages
            detail = f"Page {number} is past the last page ({last})."
            return Response({"detail": detail}, status=404)
        results = DecklistSerializer(page.object_list, many=True, context={"request": request})
        return Response(
            {
                "count": page.paginator.count,
                **_links(request.build_absolute_uri(), page),
                "notes": browse.notes,
                "results": results.data,
            }
        )


class DecklistDetailView(KnownQueryParameters, APIView):
    """A decklist by its id. An unpublished list still answers, with its cards, and says
    when it was unpublished (`unpublished`), as its page on the site does."""

    @extend_schema(
        summary="One decklist, with its cards",
        responses={
            200: DecklistDetailSerializer,
            404: OpenApiResponse(description="No decklist has this number."),
        },
    )
    def get(self, request: Request, pk: int) -> Response:
        decklist = decklist_or_404(pk)
        decklist.row_list = decklist_rows(decklist)  # type: ignore[attr-defined]
        context = {"request": request}
        return Response(DecklistDetailSerializer(decklist, context=context).data)
