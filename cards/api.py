"""Read-only JSON API of the card database: cards (searchable) and products."""

from __future__ import annotations

from django.db.models import QuerySet
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
)
from rest_framework import generics, serializers
from rest_framework.request import Request
from rest_framework.response import Response

from cards.models import Card, Product
from cards.search.language import SearchError
from cards.selectors import card_search, cards_of_product, product_list
from config.query import KnownQueryParameters


class ProductRefSerializer(serializers.ModelSerializer):
    class Meta:
        model = Product
        fields = ["code", "name"]


class ErrataRangeSerializer(serializers.Serializer):
    """Part of the rules text changed by errata: a line of ``rules_text.split("\\n")`` and
    character offsets in it."""

    line = serializers.IntegerField(min_value=0)
    start = serializers.IntegerField(min_value=0)
    end = serializers.IntegerField(min_value=0)


def _page_url(context: dict, path: str) -> str:
    """An HTML page's address: absolute when the serializer knows the request."""
    request = context.get("request")
    return request.build_absolute_uri(path) if request else path


def _string_list(help_text: str) -> serializers.ListField:
    return serializers.ListField(child=serializers.CharField(), read_only=True, help_text=help_text)


class CardSerializer(serializers.ModelSerializer):
    product = ProductRefSerializer(read_only=True)
    url = serializers.SerializerMethodField(help_text="The card's page on this site.")
    houses = _string_list("Printed houses; Neutral for neutral cards.")
    legal_houses = _string_list("Houses whose decks may hold it.")
    icons = _string_list("Challenge icons: military, intrigue, power.")
    naval_icons = _string_list("Icons that carry the naval marker.")
    crests = _string_list("Crests: war, noble, learned, holy, shadow.")
    traits = _string_list("Traits, as printed.")
    keywords = _string_list("Keywords of the first line of text, lowercase.")
    errata = ErrataRangeSerializer(many=True, read_only=True)
    rulings = _string_list("FAQ rulings, as text.")

    class Meta:
        model = Card
        fields = [
            "code", "url", "name", "name_key", "product", "number", "position", "quantity",
            "card_type", "unique", "houses", "legal_houses", "cost", "strength", "icons",
            "naval_icons", "crests", "traits", "keywords", "rules_text", "flavor_text",
            "illustrator", "income", "initiative", "claim", "influence", "deck_limit",
            "legality_joust", "legality_melee", "errata", "rulings", "printing_of",
        ]  # fmt: skip
        read_only_fields = fields

    def get_url(self, card: Card) -> str:
        return _page_url(self.context, card.get_absolute_url())


class CardRefSerializer(serializers.ModelSerializer):
    url = serializers.SerializerMethodField()

    class Meta:
        model = Card
        fields = ["code", "number", "name", "card_type", "url"]

    def get_url(self, card: Card) -> str:
        return _page_url(self.context, card.get_absolute_url())


class ProductSerializer(serializers.ModelSerializer):
    url = serializers.SerializerMethodField(help_text="The product's page on this site.")

    class Meta:
        model = Product
        fields = ["code", "name", "order", "kind", "cycle_code", "card_count", "url"]
        extra_kwargs = {"card_count": {"help_text": "Card entries of the product."}}

    def get_url(self, product: Product) -> str:
        return _page_url(self.context, product.get_absolute_url())


class ProductDetailSerializer(ProductSerializer):
    cards = CardRefSerializer(many=True, read_only=True, source="card_list")

    class Meta(ProductSerializer.Meta):
        fields = [*ProductSerializer.Meta.fields, "cards"]


class SearchProblemSerializer(serializers.Serializer):
    detail = serializers.CharField()
    problems = serializers.ListField(child=serializers.CharField())


QUERY_PARAMETER = OpenApiParameter(
    "q",
    OpenApiTypes.STR,
    description=(
        "A search in the card search language (see the site's search help), e.g. "
        "`h:stark t:character s>=4`. Empty or absent: every card."
    ),
    examples=[OpenApiExample("Stark characters", value="h:stark t:character")],
)


@extend_schema(
    summary="Search cards",
    parameters=[QUERY_PARAMETER],
    responses={200: CardSerializer(many=True), 400: SearchProblemSerializer},
)
class CardListView(KnownQueryParameters, generics.ListAPIView):
    """Cards matching the query `q`, 50 a page: the best name matches first when `q` has name
    words (docs/SEARCH.md), otherwise in card-pool order.

    Every entry of every product is listed, extra copies included.
    """

    serializer_class = CardSerializer
    query_parameters = frozenset({"q", "page"})

    def get_queryset(self) -> QuerySet[Card]:
        return card_search(self.request.query_params.get("q", "").strip())

    def list(self, request: Request, *args, **kwargs) -> Response:
        try:
            return super().list(request, *args, **kwargs)
        except SearchError as exc:
            problems = list(getattr(exc, "problems", None) or [str(exc)])
            return Response({"detail": "; ".join(problems), "problems": problems}, status=400)


@extend_schema(
    summary="One card",
    responses={200: CardSerializer, 404: OpenApiResponse(description="No card has this code.")},
)
class CardDetailView(KnownQueryParameters, generics.RetrieveAPIView):
    serializer_class = CardSerializer
    queryset = Card.objects.select_related("product")
    lookup_field = "code"


@extend_schema(summary="All products")
class ProductListView(KnownQueryParameters, generics.ListAPIView):
    """Every product in release order (not paginated: there are fewer than a hundred)."""

    serializer_class = ProductSerializer
    pagination_class = None

    def get_queryset(self) -> QuerySet[Product]:
        return product_list()


@extend_schema(
    summary="One product, with its cards by number",
    responses={
        200: ProductDetailSerializer,
        404: OpenApiResponse(description="No product has this code."),
    },
)
class ProductDetailView(KnownQueryParameters, generics.RetrieveAPIView):
    serializer_class = ProductDetailSerializer
    queryset = Product.objects.all()
    lookup_field = "code"

    def get_object(self) -> Product:
        product = super().get_object()
        product.card_list = list(cards_of_product(product).order_by("number", "position"))
        return product
