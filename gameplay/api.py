"""The JSON API of a match (docs/API.md, "Matches"): what a viewer may see of it, and a
seat's decisions.

A viewer's view is ``observe``'s, the view the bots decide from and the hidden-information
tests check, from the log position the caller already has, with the caller's own legal
actions and their words when it is their decision. A decision goes through the services the
board's forms use (``gameplay.services``): the same seat check under the match's lock, the
same version check, the same rate limit, the same automatic passes and bot moves after it.

It serves players' scripts and bots, and it is the protocol a board drawn in the browser
would speak (issue 31: a viewer's view as JSON costs under a millisecond to compute; the
board's server-drawn update about ten). A client is sent its views as the match moves on
by the match's view stream (gameplay/viewstream.py, ``/api/matches/<id>/live/``).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.urls import reverse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.authentication import BasicAuthentication, SessionAuthentication
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.numbers import number_or_none
from config.query import KnownQueryParameters
from decks.parsers import JSONParser
from gameplay import services
from gameplay.board import label
from gameplay.engine.game import legal_actions
from gameplay.engine.observe import observe
from gameplay.models import Match, MatchSeat, user_pk
from gameplay.selectors import match_and_seats_or_404, viewer
from gameplay.services import manual
from gameplay.services.table import ACTION_WINDOW, ACTIONS_PER_WINDOW, RateLimited

# The longest action text a decision takes (``p<seat>:<kind>:<refs>=<choice>``; the
# longest the engine makes is well under this) and the most cards one pick names.
ACTION_MAX = 400
PICK_MAX = 60


class ActSerializer(serializers.Serializer):
    version = serializers.IntegerField(
        min_value=0, help_text="The match's version the decision answers (what you saw)."
    )
    action = serializers.CharField(
        required=False,
        max_length=ACTION_MAX,
        help_text='One of your decisions\' "action" texts, or a table action (docs/PLAY.md).',
    )
    pick = serializers.ListField(
        child=serializers.CharField(max_length=16),
        required=False,
        max_length=PICK_MAX,
        help_text="Attackers or defenders at once: the card ids picked (with seat).",
    )
    seat = serializers.IntegerField(
        min_value=0, required=False, help_text="The seat a pick is for (yours)."
    )
    since = serializers.IntegerField(
        min_value=0,
        default=0,
        required=False,
        help_text="The log position you have: the answer's log starts there.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("action" in attrs) == ("pick" in attrs):
            raise ValidationError('Send exactly one of "action" (a decision) or "pick" (cards).')
        if "pick" in attrs and "seat" not in attrs:
            raise ValidationError('A pick names the seat it is for: send "seat" too.')
        return attrs


class DecisionSerializer(serializers.Serializer):
    action = serializers.CharField(help_text="What to send back as the act's action.")
    label = serializers.CharField(help_text="The words the board's button shows.")


class SeatSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    who = serializers.CharField()
    house = serializers.CharField()
    bot = serializers.CharField(help_text="The bot that plays this seat, or empty.")
    clock_left = serializers.FloatField(
        allow_null=True, help_text="Seconds left on its chess clock (null without a clock)."
    )


class MatchViewSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.CharField(help_text="The match's page.")
    variant = serializers.CharField()
    status = serializers.CharField(help_text="open, active or finished.")
    version = serializers.IntegerField(help_text="The number of decisions made so far.")
    chat_version = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True, help_text="Your seat; null: a spectator.")
    seats = SeatSerializer(many=True)
    result = serializers.JSONField(allow_null=True)
    view = serializers.JSONField(
        allow_null=True,
        help_text="What you may see of the game (null before it starts): observe's view, "
        "the log from `since` on.",
    )
    decisions = DecisionSerializer(
        many=True, help_text="Your legal actions, when the game waits for your decision."
    )


class MatchProblemSerializer(serializers.Serializer):
    detail = serializers.CharField()
    problems = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="Each problem of the request."
    )


def refused(problems: list[str]) -> ValidationError:
    """A 400 naming every problem, in the shape of the API's other refusals."""
    return ValidationError({"detail": " ".join(problems), "problems": problems})


def _field_problems(errors: dict[str, Any]) -> list[str]:
    """A serializer's errors as sentences naming their field."""
    said: list[str] = []
    for field, messages in errors.items():
        for message in messages if isinstance(messages, list) else [messages]:
            said.append(str(message) if field == "non_field_errors" else f"{field}: {message}")
    return said


def _seat_view(match: Match, seat: MatchSeat) -> dict[str, Any]:
    return {
        "number": seat.number,
        "who": seat.who,
        "house": seat.house,
        "bot": seat.bot,
        "clock_left": services.clock_left(match, seat),
    }


def log_size(match: Match) -> int:
    """How many events the match's log holds (none before it starts)."""
    return 0 if match.status == Match.Status.OPEN else len(services.match_state(match).log)


def check_since(match: Match, since: int) -> None:
    """Refuse a ``since`` past the log's end: the caller's count is wrong, and it would
    otherwise miss what it has not seen."""
    if since > (size := log_size(match)):
        if match.status == Match.Status.OPEN:
            raise refused([f"since: {since} is past the log's end: the match has not started."])
        raise refused([f"since: {since} is past the log's end: it holds {size} events."])


def match_view(match: Match, seats: list[MatchSeat], seat: int | None, since: int) -> dict:
    """What the viewer at ``seat`` (None: a spectator) may see of ``match``, its log from
    position ``since``; a ``since`` past the log's end is refused (the caller's count is
    wrong: it would otherwise miss what it has not seen)."""
    answer: dict[str, Any] = {
        "id": match.pk,
        "url": reverse("play:match", args=[match.pk]),
        "variant": match.variant,
        "status": match.status,
        "version": match.version,
        "chat_version": match.chat_version,
        "seat": seat,
        "seats": [_seat_view(match, s) for s in seats],
        "result": match.result,
        "view": None,
        "decisions": [],
    }
    check_since(match, since)
    if match.status == Match.Status.OPEN:
        return answer
    state = services.match_state(match)
    answer["view"] = observe(state, seat, since)
    if seat is not None and match.status == Match.Status.ACTIVE:
        names = [s.who for s in seats]
        answer["decisions"] = [
            {"action": str(a), "label": label(state, a, names)} for a in legal_actions(state, seat)
        ]
    return answer


class MatchDetailView(KnownQueryParameters, APIView):
    """What you may see of a match: a seated player their own view, anyone else the
    spectators' (a private match shows itself to its players only)."""

    authentication_classes = [SessionAuthentication, BasicAuthentication]
    permission_classes = [AllowAny]
    query_parameters = frozenset({"since"})

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "since", int, description="The log position you have (default 0: all of it)."
            )
        ],
        responses={
            200: MatchViewSerializer,
            400: MatchProblemSerializer,
            403: MatchProblemSerializer,
        },
    )
    def get(self, request: Request, pk: int) -> Response:
        raw = request.query_params.get("since", "0")
        since = number_or_none(raw)
        if since is None:
            raise refused([f"since: {raw!r} is not a log position (a whole number, 0 or more)."])
        match, seats = match_and_seats_or_404(pk)
        who = viewer(match, request.user, "", seats)
        if not who.can_watch:
            raise PermissionDenied("This match is private: only its players can see it.")
        return Response(match_view(match, seats, who.seat, since))


class MatchActView(APIView):
    """Make one of your decisions (or a table action) in a match you play. The answer is
    your view after it; a refused decision answers with what is wrong and changes
    nothing."""

    authentication_classes = [SessionAuthentication, BasicAuthentication]
    permission_classes = [IsAuthenticated]
    parser_classes = [JSONParser]

    @extend_schema(
        request=ActSerializer,
        responses={
            200: MatchViewSerializer,
            400: MatchProblemSerializer,
            403: MatchProblemSerializer,
            409: MatchProblemSerializer,
            429: MatchProblemSerializer,
        },
    )
    def post(self, request: Request, pk: int) -> Response:
        try:
            match, since = decide(pk, request.user, request.data)
        except services.MatchError as error:
            code = refusal_status(error)
            if code == status.HTTP_404_NOT_FOUND:
                raise Http404(str(error)) from error
            return Response({"detail": str(error)}, status=code)
        seats = list(match.seats.all())  # read under the lock, clocks charged
        who = viewer(match, request.user, "", seats)
        # The decision is made: a ``since`` past the log's end (the caller lost count) gets
        # the whole log rather than a refusal of what was done.
        if since > log_size(match):
            since = 0
        return Response(match_view(match, seats, who.seat, since))


def refusal_status(error: services.MatchError) -> int:
    """The HTTP status of a decision the services refused."""
    if isinstance(error, RateLimited):
        return status.HTTP_429_TOO_MANY_REQUESTS
    if isinstance(error, services.StaleMatch):
        return status.HTTP_409_CONFLICT
    if isinstance(error, services.NoMatch):
        return status.HTTP_404_NOT_FOUND
    return status.HTTP_400_BAD_REQUEST


def decide(pk: int, user: Any, body: Any, made: services.Made | None = None) -> tuple[Match, int]:
    """Make the decision of ``body`` (an :class:`ActSerializer`'s fields) for ``user`` in
    match ``pk``: the match as it left it, and the log position the body says it has.
    Refused: ``ValidationError`` (the body's problems, each named), ``PermissionDenied``
    (not this user's seat), ``RateLimited``, ``StaleMatch``, ``NoMatch`` or ``MatchError``
    (what the rules refuse). The JSON API's act and the match's socket
    (gameplay/matchsocket.py) both decide through it. ``made``: as ``match_bot_move``'s."""
    checked = ActSerializer(data=body)
    if not checked.is_valid():
        raise refused(_field_problems(checked.errors))
    data = checked.validated_data
    services.rate_limit(f"act:{pk}:{user_pk(user)}", ACTIONS_PER_WINDOW, ACTION_WINDOW, "actions")
    if "pick" in data:
        match = services.match_pick(
            match_id=pk,
            user=user,
            seat=data["seat"],
            cards=data["pick"],
            version=data["version"],
            made=made,
        )
    else:
        text = data["action"]
        act = manual.match_table_act if manual.is_table_action(text) else services.match_act
        match = act(match_id=pk, user=user, action=text, version=data["version"], made=made)
    return match, data["since"]
