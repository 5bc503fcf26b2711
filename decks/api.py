"""JSON API for decks: checking a decklist without storing it, and CRUD of one's own decks."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.db import transaction
from django.db.models import QuerySet
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    extend_schema,
    extend_schema_field,
    extend_schema_view,
)
from rest_framework import serializers
from rest_framework.authentication import BasicAuthentication, SessionAuthentication
from rest_framework.exceptions import ParseError
from rest_framework.generics import GenericAPIView
from rest_framework.mixins import ListModelMixin
from rest_framework.permissions import SAFE_METHODS, AllowAny, BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.query import KnownQueryParameters
from decks.check import UnreadableDeck, deck_check, read_deck
from decks.decklist import deck_to_json
from decks.models import Deck
from decks.parsers import MAX_DECKLIST_BYTES, JSONParser, PlainTextParser
from decks.selectors import deck_for_viewer, deck_verdict, decks_of
from decks.services import (
    NAME_MAX,
    DeckError,
    deck_clone,
    deck_create,
    deck_delete,
    deck_replace_cards,
    deck_update,
)
from decks.validation import FORMATS, DeckSpec, Verdict


class ValidateRequestSerializer(serializers.Serializer):
    format = serializers.ChoiceField(choices=sorted(FORMATS), default="joust", required=False)
    decklist = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=MAX_DECKLIST_BYTES,
        help_text="A plain text decklist, as players paste it.",
    )
    deck = serializers.JSONField(
        required=False,
        help_text='A JSON deck: {"house": "Stark", "agendas": [...], "cards": {"core_5": 3}}.',
    )


class ProblemSerializer(serializers.Serializer):
    """One problem, in the verdict of a check and in a 400 alike: always a ``code`` and a
    ``message``; the other keys say more for some codes."""

    code = serializers.CharField(help_text="A validator rule, unreadable_line, ... (API.md).")
    message = serializers.CharField()
    cards = serializers.ListField(child=serializers.CharField(), required=False)
    count = serializers.IntegerField(allow_null=True, required=False)
    expected = serializers.IntegerField(allow_null=True, required=False)
    limit = serializers.IntegerField(allow_null=True, required=False)
    line = serializers.IntegerField(required=False, help_text="unreadable_line: its number.")
    text = serializers.CharField(required=False, help_text="unreadable_line: the line as sent.")
    suggestions = serializers.ListField(child=serializers.CharField(), required=False)
    field = serializers.CharField(required=False, help_text="invalid_field: the body's key.")


class ProblemsSerializer(serializers.Serializer):
    """A 400: ``detail`` says every problem in one sentence, ``problems`` lists them."""

    detail = serializers.CharField()
    problems = ProblemSerializer(many=True)


class VerdictSerializer(serializers.Serializer):
    valid = serializers.BooleanField()
    problems = ProblemSerializer(many=True)
    warnings = ProblemSerializer(many=True)
    notes = serializers.ListField(child=serializers.DictField())
    plot_count = serializers.IntegerField()
    deck_count = serializers.IntegerField()


def problem(code: str, message: str, **more: Any) -> dict[str, Any]:
    return {"code": code, "message": message, **more}


def _said(item: dict[str, Any]) -> str:
    """A problem as a sentence of ``detail``: a line's number and close names included."""
    if item["code"] != "unreadable_line":
        return item["message"]
    hint = f" Did you mean: {', '.join(item['suggestions'])}?" if item.get("suggestions") else ""
    return f"line {item['line']}: {item['message']}{hint}"


def _field_problems(errors: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        problem("invalid_field", f"{key}: {' '.join(map(str, errs))}", field=key)
        for key, errs in errors.items()
    ]


def _unreadable(error: UnreadableDeck) -> list[dict[str, Any]]:
    return [problem("unreadable_deck", message) for message in error.problems]


class DeckValidateView(KnownQueryParameters, APIView):
    """Check a decklist for a format and return every problem; nothing is stored."""

    # Open to all and stateless; a logged-in caller (a session, or HTTP Basic for scripts) is
    # known only for the higher request rate. A script without a session needs no CSRF token.
    authentication_classes = [SessionAuthentication, BasicAuthentication]
    permission_classes = [AllowAny]
    parser_classes = [JSONParser, PlainTextParser]
    query_parameters = frozenset({"deck_format"})

    def handle_exception(self, exc: Exception) -> Response:
        if (body_problem := _body_problem(exc)) is not None:
            return _bad([body_problem])
        return super().handle_exception(exc)

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
        responses={200: VerdictSerializer, 400: ProblemsSerializer},
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
            # Not "format": DRF reads ?format= as the choice of renderer.
            fmt = request.query_params.get("deck_format", "joust")
            content = request.data
            if fmt not in FORMATS:
                message = f"Unknown format {fmt!r}; choose one of {', '.join(FORMATS)}."
                return _bad([problem("unknown_format", message, field="deck_format")])
        else:
            body = ValidateRequestSerializer(data=request.data)
            if not body.is_valid():
                return _bad(_field_problems(body.errors))
            fmt = body.validated_data.get("format", "joust")
            has_text = "decklist" in body.validated_data
            has_deck = "deck" in body.validated_data
            if has_text == has_deck:
                code = "deck_and_decklist" if has_text else "no_deck"
                message = 'Send exactly one of "decklist" (text) or "deck" (JSON).'
                return _bad([problem(code, message)])
            content = body.validated_data["decklist" if has_text else "deck"]
            if has_deck and not isinstance(content, dict):
                return _bad([problem("deck_not_object", '"deck" must be a JSON object.')])
        try:
            result = deck_check(content, fmt)
        except UnreadableDeck as error:
            return _bad(_unreadable(error))
        return Response(result.to_dict())


def _bad(problems: list[dict[str, Any]], lead: str = "") -> Response:
    """A 400 in the one shape of the deck endpoints (:class:`ProblemsSerializer`)."""
    detail = " ".join(filter(None, [lead, *map(_said, problems)]))
    return Response({"detail": detail, "problems": problems}, status=400)


def _body_problem(exc: Exception) -> dict[str, Any] | None:
    """What is wrong with a request body that could not be read, if that is the error."""
    if isinstance(exc, ParseError):
        return problem("unreadable_body", str(exc.detail))
    if isinstance(exc, RequestDataTooBig):  # Django's own limit, checked before the parser
        message = f"The request body is over {settings.DATA_UPLOAD_MAX_MEMORY_SIZE:,} bytes."
        return problem("unreadable_body", message)
    return None


# Stored decks: create, list, read, change, delete and clone one's own decks ----------------

DECK_SHAPE_HELP = (
    'A JSON deck as exported: {"house": "Stark", "agendas": ["dotn_19"], "cards": {"core_2": 3}}.'
)
FORMAT_ERROR = f'Unknown format "{{input}}"; choose one of {", ".join(sorted(FORMATS))}.'


class DeckWriteSerializer(serializers.Serializer):
    """The body of a create (POST) or change (PATCH): settings, and content as JSON or text."""

    name = serializers.CharField(
        required=False, allow_blank=True, max_length=NAME_MAX, help_text="Required to create."
    )
    format = serializers.ChoiceField(
        choices=sorted(FORMATS), required=False, error_messages={"invalid_choice": FORMAT_ERROR}
    )
    description = serializers.CharField(required=False, allow_blank=True, max_length=10_000)
    is_public = serializers.BooleanField(required=False)
    deck = serializers.JSONField(required=False, help_text=DECK_SHAPE_HELP)
    decklist = serializers.CharField(
        required=False,
        allow_blank=True,
        trim_whitespace=False,
        max_length=MAX_DECKLIST_BYTES,
        help_text="A plain text decklist, as players paste it (instead of deck).",
    )


class DeckJSONSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    house = serializers.CharField()
    agendas = serializers.ListField(child=serializers.CharField())
    cards = serializers.DictField(child=serializers.IntegerField(), help_text="Code -> count.")


class StoredVerdictSerializer(serializers.Serializer):
    valid = serializers.BooleanField()
    problems = ProblemSerializer(many=True)
    warnings = ProblemSerializer(many=True)
    plot_count = serializers.IntegerField()
    deck_count = serializers.IntegerField()


def _absolute(context: dict[str, Any], path: str) -> str:
    request = context.get("request")
    return request.build_absolute_uri(path) if request else path


def _verdict(deck: Deck) -> Verdict:
    """The deck's verdict, computed once per deck object (list and detail share it)."""
    if not hasattr(deck, "_api_verdict"):
        deck._api_verdict = deck_verdict(deck)  # type: ignore[attr-defined]
    return deck._api_verdict  # type: ignore[attr-defined]


class DeckSerializer(serializers.ModelSerializer):
    # The choices of the request bodies, so that the schema names one format enum.
    format = serializers.ChoiceField(choices=sorted(FORMATS), read_only=True)
    share_url = serializers.SerializerMethodField(
        help_text="The secret link that shows the deck to anyone; only its owner sees it."
    )
    card_count = serializers.SerializerMethodField(
        help_text="Every card of the deck: agendas, plots and the House deck."
    )
    valid = serializers.SerializerMethodField(help_text="Whether the deck is legal in its format.")
    url = serializers.SerializerMethodField(help_text="The deck's page on this site.")

    class Meta:
        model = Deck
        fields = [
            "id", "name", "house", "format", "description", "is_public", "share_url",
            "created", "updated", "card_count", "valid", "url",
        ]  # fmt: skip
        read_only_fields = fields

    def get_share_url(self, deck: Deck) -> str | None:
        request = self.context.get("request")
        if request is None or deck.owner_id != request.user.pk:
            return None
        return _absolute(self.context, reverse("deckbuilder:deck_shared", args=[deck.share_token]))

    def get_card_count(self, deck: Deck) -> int:
        return sum(row.count for row in deck.deck_cards.all())

    def get_valid(self, deck: Deck) -> bool:
        return _verdict(deck).valid

    def get_url(self, deck: Deck) -> str:
        return _absolute(self.context, deck.get_absolute_url())


class DeckDetailSerializer(DeckSerializer):
    deck = serializers.SerializerMethodField(help_text="The cards, in the JSON deck shape.")
    verdict = serializers.SerializerMethodField()
    versions = serializers.SerializerMethodField(help_text="How many versions are recorded.")

    class Meta(DeckSerializer.Meta):
        fields = [*DeckSerializer.Meta.fields, "deck", "verdict", "versions"]
        read_only_fields = fields

    @extend_schema_field(DeckJSONSerializer)
    def get_deck(self, deck: Deck) -> dict[str, Any]:
        return deck_to_json(deck.to_spec())

    @extend_schema_field(StoredVerdictSerializer)
    def get_verdict(self, deck: Deck) -> dict[str, Any]:
        return _verdict(deck).to_dict()

    def get_versions(self, deck: Deck) -> int:
        return deck.versions.count()


class BadDeckInput(Exception):
    """A request body that cannot become a deck: its problems (``problem`` dicts), and a
    sentence ``detail`` starts with."""

    def __init__(self, problems: list[dict[str, Any]], lead: str = "") -> None:
        self.problems = problems
        self.lead = lead
        super().__init__(" ".join(filter(None, [lead, *map(_said, problems)])))

    def response(self) -> Response:
        return _bad(self.problems, self.lead)


def _write_data(request: Request) -> dict[str, Any]:
    body = DeckWriteSerializer(data=request.data)
    if not body.is_valid():
        raise BadDeckInput(_field_problems(body.errors))
    data = dict(body.validated_data)
    if "deck" in data and "decklist" in data:
        message = 'Send "deck" (JSON) or "decklist" (text), not both.'
        raise BadDeckInput([problem("deck_and_decklist", message)])
    if "deck" in data and not isinstance(data["deck"], dict):
        message = '"deck" must be a JSON object: ' + DECK_SHAPE_HELP
        raise BadDeckInput([problem("deck_not_object", message)])
    return data


def _read_content(data: dict[str, Any]) -> tuple[DeckSpec, str] | None:
    """The deck sent as ``deck`` or ``decklist`` and the name a text gives, or None if neither."""
    if "deck" not in data and "decklist" not in data:
        return None
    try:
        spec, name, line_problems, _notes = read_deck(data.get("deck", data.get("decklist")))
    except UnreadableDeck as error:
        raise BadDeckInput(_unreadable(error)) from None
    if line_problems:
        # The very problems the validate endpoint lists for these lines (decks.check).
        raise BadDeckInput(line_problems, "Some lines of the decklist cannot be read.")
    return spec, name


@transaction.atomic
def _create(user: Any, data: dict[str, Any]) -> Deck:
    content = _read_content(data)
    if content is None:
        message = 'Send the cards as "deck" (JSON) or "decklist" (text).'
        raise BadDeckInput([problem("no_deck", message)])
    spec, text_name = content
    if not spec.house:
        raise BadDeckInput([problem("no_house", "The deck names no House.")])
    deck = deck_create(
        owner=user,
        name=data.get("name") or text_name,
        house=spec.house,
        agenda_codes=spec.agendas,
        format=data.get("format", "joust"),
        entries=spec.entries,
        description=data.get("description", ""),
        note="Created through the API",
    )
    if data.get("is_public"):
        deck_update(deck=deck, user=user, is_public=True)
    return deck


@transaction.atomic
def _update(deck: Deck, user: Any, data: dict[str, Any]) -> Deck:
    content = _read_content(data)
    settings = {k: data[k] for k in ("name", "format", "description", "is_public") if k in data}
    if settings:
        deck_update(deck=deck, user=user, **settings)
    if content is not None:
        deck_replace_cards(deck=deck, user=user, spec=content[0], note="Replaced through the API")
    return deck


class IsOwnerOrReadOnly(BasePermission):
    message = "Only the owner of this deck may change it."

    def has_object_permission(self, request: Request, view: APIView, obj: Deck) -> bool:
        return request.method in SAFE_METHODS or obj.owner_id == request.user.pk


class _DeckAPIView(KnownQueryParameters, GenericAPIView):
    # Session (with CSRF) for the browser, HTTP Basic for scripts.
    authentication_classes = [SessionAuthentication, BasicAuthentication]
    permission_classes = [IsAuthenticated, IsOwnerOrReadOnly]
    parser_classes = [JSONParser]

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, BadDeckInput):
            return exc.response()
        if isinstance(exc, DeckError):
            return _bad([problem("invalid_deck", str(exc))])
        if (body_problem := _body_problem(exc)) is not None:
            return _bad([body_problem])
        return super().handle_exception(exc)

    def viewable_deck(self, pk: int) -> Deck:
        """The deck if the caller may see it (else 404), checked for writing on unsafe methods."""
        deck = deck_for_viewer(deck_id=pk, user=self.request.user)
        self.check_object_permissions(self.request, deck)
        return deck

    def detail_response(self, deck: Deck, status: int = 200) -> Response:
        deck = deck_for_viewer(deck_id=deck.pk, user=self.request.user)  # fresh, with cards
        context = self.get_serializer_context()
        return Response(DeckDetailSerializer(deck, context=context).data, status=status)


ERRORS = {400: ProblemsSerializer, 403: OpenApiTypes.OBJECT}


@extend_schema_view(
    get=extend_schema(summary="My decks, most recently changed first."),
    post=extend_schema(
        summary="Create a deck from a JSON deck or a text decklist.",
        request=DeckWriteSerializer,
        responses={201: DeckDetailSerializer, **ERRORS},
        examples=[
            OpenApiExample(
                "Text decklist",
                value={"name": "Winter", "format": "core", "decklist": "House Stark\n3x Hodor"},
                request_only=True,
            )
        ],
    ),
)
class DeckListView(ListModelMixin, _DeckAPIView):
    serializer_class = DeckSerializer
    query_parameters = frozenset({"page"})

    def get_queryset(self) -> QuerySet[Deck]:
        # Meta.ordering does not apply to decks_of's aggregate (GROUP BY) query: order here.
        decks = decks_of(self.request.user).order_by("-updated", "-pk")
        return decks.prefetch_related("deck_cards__card")

    def get(self, request: Request) -> Response:
        return self.list(request)

    def post(self, request: Request) -> Response:
        return self.detail_response(_create(request.user, _write_data(request)), status=201)


@extend_schema_view(
    get=extend_schema(summary="One of my decks, or a public deck, with its cards and verdict."),
    patch=extend_schema(
        summary="Change a deck's settings and/or replace its cards.",
        request=DeckWriteSerializer,
        responses={200: DeckDetailSerializer, **ERRORS, 404: OpenApiTypes.OBJECT},
    ),
    delete=extend_schema(summary="Delete a deck.", responses={204: None, 403: OpenApiTypes.OBJECT}),
)
class DeckDetailView(_DeckAPIView):
    serializer_class = DeckDetailSerializer

    def get(self, request: Request, pk: int) -> Response:
        return self.detail_response(self.viewable_deck(pk))

    def patch(self, request: Request, pk: int) -> Response:
        deck = self.viewable_deck(pk)
        return self.detail_response(_update(deck, request.user, _write_data(request)))

    def delete(self, request: Request, pk: int) -> Response:
        deck_delete(deck=self.viewable_deck(pk), user=request.user)
        return Response(status=204)


class DeckCloneView(_DeckAPIView):
    serializer_class = DeckDetailSerializer
    # Cloning writes only the caller's new deck: any deck the caller may see can be cloned.
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Copy a deck (mine or a public one) into a new deck of mine.",
        request=None,
        responses={201: DeckDetailSerializer, 404: OpenApiTypes.OBJECT},
    )
    def post(self, request: Request, pk: int) -> Response:
        clone = deck_clone(deck=self.viewable_deck(pk), user=request.user)
        return self.detail_response(clone, status=201)
