"""JSON API for decks: checking a decklist without storing it."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.parsers import BaseParser, JSONParser
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from decks.deck_check import UnreadableDeck, deck_check
from decks.validation import FORMATS

MAX_DECKLIST_BYTES = 200_000


class PlainTextParser(BaseParser):
    """A decklist pasted as the request body."""

    media_type = "text/plain"

    def parse(self, stream, media_type=None, parser_context=None) -> str:
        return stream.read(MAX_DECKLIST_BYTES + 1).decode("utf-8", errors="replace")


class ValidateRequestSerializer(serializers.Serializer):
    format = serializers.ChoiceField(choices=sorted(FORMATS), default="joust", required=False)
    decklist = serializers.CharField(
        required=False, allow_blank=True, help_text="A plain text decklist, as players paste it."
    )
    deck = serializers.JSONField(
        required=False,
        help_text='A JSON deck: {"house": "Stark", "agendas": [...], "cards": {"core_5": 3}}.',
    )


class ProblemSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    cards = serializers.ListField(child=serializers.CharField(), required=False)
    count = serializers.IntegerField(allow_null=True, required=False)
    expected = serializers.IntegerField(allow_null=True, required=False)
    limit = serializers.IntegerField(allow_null=True, required=False)
    line = serializers.IntegerField(required=False, help_text="For unreadable decklist lines.")
    suggestions = serializers.ListField(child=serializers.CharField(), required=False)


class VerdictSerializer(serializers.Serializer):
    valid = serializers.BooleanField()
    problems = ProblemSerializer(many=True)
    warnings = ProblemSerializer(many=True)
    notes = serializers.ListField(child=serializers.DictField())
    plot_count = serializers.IntegerField()
    deck_count = serializers.IntegerField()


class DeckValidateView(APIView):
    """Check a decklist for a format and return every problem; nothing is stored."""

    # Stateless and anonymous: no session, so no CSRF token is needed by scripts.
    authentication_classes: list = []
    permission_classes = [AllowAny]
    parser_classes = [JSONParser, PlainTextParser]

    @extend_schema(
        request={
            "application/json": ValidateRequestSerializer,
            "text/plain": OpenApiTypes.STR,
        },
        parameters=[
            OpenApiParameter(
                "deck_format",
                OpenApiTypes.STR,
                enum=sorted(FORMATS),
                description="For a text/plain body: the format to check (default joust).",
            )
        ],
        responses={200: VerdictSerializer, 400: OpenApiTypes.OBJECT},
        examples=[
            OpenApiExample(
                "Text decklist",
                value={"format": "joust", "decklist": "House Stark\n3x Eddard Stark (Core)"},
                request_only=True,
            )
        ],
    )
    def post(self, request: Request) -> Response:
        if isinstance(request.data, str):
            if len(request.data) > MAX_DECKLIST_BYTES:
                return _bad([f"The decklist is over {MAX_DECKLIST_BYTES} bytes."])
            # Not "format": DRF reads ?format= as the choice of renderer.
            fmt = request.query_params.get("deck_format", "joust")
            content = request.data
        else:
            body = ValidateRequestSerializer(data=request.data)
            if not body.is_valid():
                return _bad(
                    [f"{key}: {' '.join(map(str, errs))}" for key, errs in body.errors.items()]
                )
            fmt = body.validated_data.get("format", "joust")
            has_text = "decklist" in body.validated_data
            has_deck = "deck" in body.validated_data
            if has_text == has_deck:
                return _bad(['Send exactly one of "decklist" (text) or "deck" (JSON).'])
            content = body.validated_data["decklist" if has_text else "deck"]
            if has_deck and not isinstance(content, dict):
                return _bad(['"deck" must be a JSON object.'])
        try:
            result = deck_check(content, fmt)
        except UnreadableDeck as error:
            return _bad(error.problems)
        return Response(result.to_dict())


def _bad(problems: list[str]) -> Response:
    return Response({"detail": " ".join(problems), "problems": problems}, status=400)
