"""Reads for a person's page."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.http import Http404

from people.models import Profile
from tournaments.models import Event
from tournaments.selectors import event_results

# A person's page lists their most recent events only: each costs its standings.
RESULTS_SHOWN = 20


def person_or_404(username: str) -> Any:
    user = get_user_model().objects.filter(username=username, is_active=True).first()
    if user is None:
        raise Http404("No player has this name.")
    return user


def shows_results(user: Any) -> bool:
    return Profile.objects.filter(user=user, show_results=True).exists()


@dataclass
class Result:
    event: Event
    place: int
    of: int
    entry: str  # the entry's name: their own, or their two-on-two team's


def results_of(user: Any) -> list[Result]:
    """Their finished events, newest first, with their place: in the final standings where the
    event had a top cut, else in the Swiss standings."""
    events = (
        Event.objects.filter(status=Event.Status.FINISHED)
        .filter(Q(entrants__user=user) | Q(entrants__partner=user))
        .distinct()
        .order_by("-date", "-pk")[:RESULTS_SHOWN]
    )
    results = []
    for event in events:
        outcome = event_results(event)
        order = [line["entrant"] for line in outcome.final or outcome.swiss]
        for place, entrant in enumerate(order, start=1):
            if user.pk in (entrant.user_id, entrant.partner_id):
                results.append(Result(event, place, len(order), entrant.name))
                break
    return results
