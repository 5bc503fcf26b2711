"""Reads of an event's top decks: who is in the top N and may be published, and what was."""

from __future__ import annotations

from dataclasses import dataclass

from decklists.models import Decklist
from tournaments.models import Entrant, Event
from tournaments.selectors import EventResults, event_results
from tournaments.wording import ordinal

# Without a cut, the organizer is offered the top 8 (or everyone, in a smaller event).
DEFAULT_TOP = 8


@dataclass
class TopDeck:
    """One entrant of the top decks: their final ``place``, and the list published from their
    deck, if any (``decklist``)."""

    place: int
    entrant: Entrant
    decklist: Decklist | None = None

    @property
    def ordinal(self) -> str:
        return ordinal(self.place)


def ranked_entrants(results: EventResults) -> list[tuple[int, Entrant]]:
    """(final place, entrant) of everyone, best first: the cut's order once a cut is seeded,
    else the Swiss standings."""
    return [(place, line["entrant"]) for place, line, _ in results.ranked]


def top_decks_default(event: Event, results: EventResults | None = None) -> int:
    """How many top decks the organizer is offered to publish: the players of the cut played
    (else the event's cut size, else 8), at most everyone."""
    results = results or event_results(event)
    total = len(results.ranked)
    in_cut = sum(1 for line in results.final if line["placing"].stage is not None)
    return max(1, min(total, in_cut or event.cut_size or DEFAULT_TOP)) if total else 0


def top_deck_candidates(event: Event, count: int, results: EventResults | None = None):
    """The top ``count`` entrants in final order, each with the list already published from
    their deck (their consent is ``entrant.publish_consent``)."""
    results = results or event_results(event)
    top = ranked_entrants(results)[: max(0, count)]
    entrants = Entrant.objects.select_related("user", "published_decklist").in_bulk(
        [entrant.pk for _, entrant in top]
    )
    return [
        TopDeck(place, entrants[e.pk], entrants[e.pk].published_decklist)
        for place, e in top
        if e.pk in entrants
    ]


def top_decks(event: Event) -> list[TopDeck]:
    """The event's published top decks still on the lists, by final place (the event page's
    "Top decks"). Standings are only computed when the event has some."""
    entrants = {
        e.pk: e
        for e in event.entrants.filter(
            published_decklist__isnull=False, published_decklist__unpublished__isnull=True
        )
        .select_related("published_decklist")
        .defer("decklist", "decklist_text", "partner_decklist")
    }
    if not entrants:
        return []
    return [
        TopDeck(place, entrants[e.pk], entrants[e.pk].published_decklist)
        for place, e in ranked_entrants(event_results(event))
        if e.pk in entrants
    ]
