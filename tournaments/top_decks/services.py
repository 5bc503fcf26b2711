"""Writes of an event's top decks: a player's consent, and the organizer's publishing.

Two-on-two: only a team's main deck (the one its registering player brought, ``decklist``) is
published. The consent is that player's, given for their own deck; the partner never ticked
anything, so their deck (``partner_decklist``) stays with the event.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction

from decklists.models import Decklist
from decklists.services import JUDGED_FORMATS, TITLE_MAX, DecklistError, decklist_publish_spec
from decks.decklist import DeckJSONError, deck_from_json
from tournaments.models import Entrant, Event
from tournaments.selectors import event_results
from tournaments.services import EventError, audit, require_manager
from tournaments.top_decks.selectors import TopDeck, top_deck_candidates, top_decks_default
from tournaments.wording import ordinal


@dataclass
class TopDecksPublished:
    """What publishing the top ``count`` decks did: the lists it published now, the entrants
    already published before, and the names it skipped, with why."""

    count: int
    published: list[TopDeck] = field(default_factory=list)
    already: list[TopDeck] = field(default_factory=list)
    no_consent: list[str] = field(default_factory=list)
    no_deck: list[str] = field(default_factory=list)


@transaction.atomic
def entrant_consent_set(*, entrant: Entrant, user: Any, consent: bool) -> Entrant:
    """The player of an entry agrees (or no longer agrees) that the organizer may publish
    their decklist if it finishes in the top decks. Only the entry's own account may: an
    organizer never gives it for them. A list already published stays published (its author
    unpublishes it from its page)."""
    if user is None or not user.is_authenticated or entrant.user_id != user.pk:
        raise PermissionDenied("Only the player of this entry may change their consent.")
    Entrant.objects.filter(pk=entrant.pk).update(publish_consent=bool(consent))
    entrant.publish_consent = bool(consent)
    return entrant


def _title(deck: str, place: int, event_name: str) -> str:
    """The title of a top deck's list (``Winter rush – 3rd at Store night``), cut to fit."""
    suffix = f" – {ordinal(place)} at {event_name}"
    title = deck + suffix
    if len(title) <= TITLE_MAX:
        return title
    room = max(24, TITLE_MAX - len(suffix))
    if len(deck) > room:
        deck = deck[: room - 1].rstrip() + "…"
    title = deck + suffix
    return title if len(title) <= TITLE_MAX else title[: TITLE_MAX - 1].rstrip() + "…"


def _list_format(event: Event) -> str:
    """The format a published list is filed under: the event's deck format when it is one the
    lists judge, else the game's (melee for a melee event)."""
    if event.deck_format in JUDGED_FORMATS:
        return event.deck_format
    return "melee" if event.format == Event.Format.MELEE else "joust"


def _audited(top: TopDeck) -> dict[str, Any]:
    decklist = top.decklist.pk if isinstance(top.decklist, Decklist) else None
    return {
        "entrant": top.entrant.pk,
        "name": top.entrant.name,
        "place": top.place,
        "decklist": decklist,
    }


@transaction.atomic
def top_decks_publish(*, event: Event, user: Any, count: int | None = None) -> TopDecksPublished:
    """Publish, as decklists, the decks of the top ``count`` entrants of the final standings
    (the cut's order, else the Swiss standings) who agreed to it; ``None``: the players of the
    cut (else the cut size, else 8). Once the event is finished; organizers only.

    Each list is authored by the entrant's account (the organizer's for a walk-in), titled
    "<deck> – <place> at <event>", with the player's name and the event as its origin, and
    kept on the entry: publishing again skips it, so nothing is published twice. Entrants
    without consent are skipped and counted.
    """
    require_manager(event, user)
    event.refresh_from_db()
    if event.status != Event.Status.FINISHED:
        raise EventError(
            "Publish the top decks once the event is finished: the final standings decide "
            "the places."
        )
    results = event_results(event)
    total = len(results.ranked)
    if count is None:
        count = top_decks_default(event, results)
    if not 1 <= count <= total:
        raise EventError(f"Choose how many of the top decks to publish: from 1 to {total}.")
    outcome = TopDecksPublished(count=count)
    when = f"{event.date.day} {event.date:%b %Y}"
    for top in top_deck_candidates(event, count, results):
        entrant = top.entrant
        if entrant.published_decklist_id is not None:
            outcome.already.append(top)
            continue
        if not entrant.publish_consent:
            outcome.no_consent.append(entrant.name)
            continue
        try:
            spec = deck_from_json(entrant.decklist)
            decklist = decklist_publish_spec(
                author=entrant.user or event.organizer,
                spec=spec,
                title=_title(entrant.deck_name or entrant.house or "Deck", top.place, event.name),
                fmt=_list_format(event),
                player_name=entrant.name,
                origin=f"{top.ordinal} of {total} at {event.name} ({when})",
                origin_url=event.get_absolute_url(),
            )
        except (DeckJSONError, DecklistError):
            outcome.no_deck.append(entrant.name)
            continue
        entrant.published_decklist = decklist
        entrant.save(update_fields=["published_decklist"])
        outcome.published.append(TopDeck(top.place, entrant, decklist))
    if outcome.published:
        audit(
            event,
            user,
            "top_decks_published",
            count=count,
            published=[_audited(t) for t in outcome.published],
            no_consent=outcome.no_consent,
        )
    return outcome
