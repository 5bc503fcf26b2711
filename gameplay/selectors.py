"""Reads of matches for the pages: the lobby's lists and who a viewer is at a match."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet

from gameplay.models import Match, MatchSeat, user_pk


@dataclass(frozen=True)
class Viewer:
    """Who is looking at a match: the seat they play (None for a spectator), and whether
    they may look at all (a private match shows itself to its players only)."""

    seat: int | None
    can_watch: bool
    can_join: bool


def viewer(
    match: Match, user: Any, token: str = "", seats: list[MatchSeat] | None = None
) -> Viewer:
    """Who ``user`` is at ``match`` (``seats``: its seats, when the caller has read them)."""
    seats = list(match.seats.all()) if seats is None else seats
    pk = user_pk(user)
    mine = next((s for s in seats if pk is not None and s.user_id == pk), None)
    invited = bool(token) and token == match.invite_token
    can_join = (
        match.status == Match.Status.OPEN
        and (
            (mine is None and any(s.is_open for s in seats)) or (mine is not None and not mine.deck)
        )
        and (match.is_public or invited or mine is not None)
    )
    if mine is not None:
        return Viewer(mine.number, True, can_join)
    return Viewer(None, match.is_public, can_join)


def lobby(user: Any) -> dict[str, QuerySet[Match]]:
    public = Match.objects.filter(is_public=True).prefetch_related("seats__user")
    lists = {
        "open": public.filter(status=Match.Status.OPEN, seats__user__isnull=True, seats__bot="")
        .distinct()
        .order_by("-created")[:50],
        "live": public.filter(status=Match.Status.ACTIVE).order_by("-updated")[:50],
        "finished": public.filter(status=Match.Status.FINISHED).order_by("-updated")[:20],
    }
    if getattr(user, "is_authenticated", False):
        lists["mine"] = (
            Match.objects.filter(Q(seats__user=user))
            .exclude(status=Match.Status.FINISHED)
            .distinct()
            .prefetch_related("seats__user")
            .order_by("-updated")
        )
        lists["my_seats"] = {
            s.match_id: s.number
            for s in MatchSeat.objects.filter(user=user, match__in=lists["mine"])
        }
    return lists
