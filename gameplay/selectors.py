"""Reads of matches for the pages: the lobby's lists, who a viewer is at a match, and how
much of each deck a match offers plays automatically."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch, Q, QuerySet
from django.http import Http404

from config.compiled import CompiledRead
from config.numbers import number_or_none
from decks.models import Deck, DeckCard
from decks.selectors import deck_automation
from gameplay.engine.coverage import DeckAutomation, player_automation
from gameplay.engine.simulate import STARTER_DECKS, load_deck
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


# The read of every board update, its SQL built once (config/compiled.py).
_SEATS_READ = CompiledRead(lambda pk: MatchSeat.with_people(pk).select_related("match"))


def match_and_seats(pk: Any) -> tuple[Match, list[MatchSeat]] | None:
    """Match ``pk`` and its seats with their people and the people's passing preferences,
    in order, in one query (every match has its seats from its creation on), or None when
    there is no such match: read once per request and shared by the viewer check and the
    page: one round trip on every update of every board, its SQL built once per process.
    The match's columns come once per seat, and the seats share one instance of it."""
    # A number past the database's integers is no match (and a foreign key's lookup, unlike
    # the primary key's, hands it to the database as it is).
    seats = _SEATS_READ(number_or_none(pk) or 0)
    if not seats:
        return None
    match = seats[0].match
    for seat in seats[1:]:
        seat.match = match
    return match, seats


def match_and_seats_or_404(pk: Any) -> tuple[Match, list[MatchSeat]]:
    """:func:`match_and_seats` for a page or an endpoint: 404 when there is no such match."""
    found = match_and_seats(pk)
    if found is None:
        raise Http404("There is no such match.")
    return found


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


@dataclass(frozen=True)
class OfferedDeck:
    """A deck a match offers (``value`` as in the form: "core:<name>" or "deck:<id>"), with
    how much of it the engine plays by its text."""

    value: str
    label: str
    automation: DeckAutomation


def offered_decks(choices: Sequence[tuple[str, Any]], user: Any) -> list[OfferedDeck]:
    """The decks of a deck field's ``choices`` (``gameplay.forms.deck_choices``: groups of
    (value, label)), each with its :class:`DeckAutomation`; saved decks only of ``user``."""
    flat = [
        (value, str(label))
        for _, group in choices
        if isinstance(group, list | tuple)
        for value, label in group
    ]
    ids = [
        pk for v, _ in flat if v.startswith("deck:") and (pk := number_or_none(v[5:])) is not None
    ]
    saved = {}
    if ids and user_pk(user) is not None:
        rows = DeckCard.objects.select_related("card")
        decks = Deck.objects.filter(pk__in=ids, owner_id=user_pk(user))
        saved = {d.pk: d for d in decks.prefetch_related(Prefetch("deck_cards", queryset=rows))}
    offered = []
    for value, label in flat:
        kind, _, name = value.partition(":")
        if kind == "core" and name in STARTER_DECKS:
            offered.append(OfferedDeck(value, label, player_automation(load_deck(name))))
        elif kind == "deck" and (pk := number_or_none(name)) in saved:
            offered.append(OfferedDeck(value, label, deck_automation(saved[pk])))
    return offered
