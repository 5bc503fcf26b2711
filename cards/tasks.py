"""Background jobs of the card database."""

from __future__ import annotations

from celery import shared_task

from cards.services import cards_load


# Named as it was before the cards app, so that messages queued before a deploy still find it.
@shared_task(name="decks.tasks.cards_reload")
def cards_reload() -> dict[str, int]:
    """Reload the card fixtures (after a deploy that changed them). Safe to run twice."""
    report = cards_load()
    return {
        "cards_created": report.cards_created,
        "cards_updated": report.cards_updated,
        "cards_unchanged": report.cards_unchanged,
    }
