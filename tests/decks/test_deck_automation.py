"""How much of a deck the engine plays by its text, on the deck page and in the builder
(decks.selectors.deck_automation, from gameplay.engine.coverage)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from decks import services as svc
from decks.selectors import deck_automation
from gameplay.engine.abilities import SCRIPTS, only_scripts
from tests.decks.test_deck_services import legal_core_entries

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
# Cards of The Blue is Calling (the last chapter pack), played here as cards whose text the
# engine does not play: every card of the pool has a script now, the fixture below takes
# these two away.
GUYARD, STAG = "w_101", "w_103"  # Ser Guyard Morrigen (character), The Stag and Rose (event)


@pytest.fixture(autouse=True)
def _not_scripted():
    with only_scripts(lambda code: code not in {GUYARD, STAG}):
        yield


def url(name: str, *args) -> str:
    return reverse(f"deckbuilder:{name}", args=args)


def automation_text(html: str) -> str:
    """The words of the deck page's automation paragraph, tags removed."""
    found = re.search(r'<p id="automation">(.*?)</p>', html, re.S)
    assert found, "no automation figure on the page"
    return " ".join(re.sub(r"<[^>]+>", "", found.group(1)).split())


def test_the_cards_are_not_scripted() -> None:
    assert GUYARD not in SCRIPTS and STAG not in SCRIPTS


def test_a_core_deck_plays_all_its_cards_automatically(client, owner):
    entries = legal_core_entries("Baratheon")
    deck = svc.deck_create(owner=owner, name="Stags", house="Baratheon", entries=entries)
    summary = deck_automation(deck)
    assert summary.total == sum(entries.values()) == 67 and summary.complete
    client.force_login(owner)
    page = client.get(url("deck_detail", deck.pk)).content.decode()
    assert automation_text(page).startswith("All 67 cards play automatically in a match.")


def test_the_deck_page_says_which_cards_do_not_play_automatically(client, owner):
    entries = legal_core_entries("Baratheon") | {GUYARD: 2, STAG: 1}
    deck = svc.deck_create(owner=owner, name="Rose", house="Baratheon", entries=entries)
    client.force_login(owner)
    page = client.get(url("deck_detail", deck.pk)).content.decode()
    words = automation_text(page)
    assert words.startswith(
        "67 of 70 cards play automatically in a match; not yet (played with table actions): "
        "Ser Guyard Morrigen ×2, The Stag and Rose."
    )
    assert "Counting every copy of the House deck, plots and agenda" in words
    # Each name opens the card's preview and links to its page.
    link = f'<a href="{reverse("decks:card_detail", args=[GUYARD])}" data-card="{GUYARD}">'
    assert link in page and f'data-card="{STAG}"' in page
    # The shared page says the same to anyone who may see it.
    svc.deck_update(deck=deck, user=owner, is_public=True)
    client.logout()
    shared = client.get(url("deck_shared", deck.share_token)).content.decode()
    assert automation_text(shared) == words


def test_the_builder_updates_the_figure_as_the_deck_changes(client, owner):
    entries = legal_core_entries("Baratheon")
    deck = svc.deck_create(owner=owner, name="Stags", house="Baratheon", entries=entries)
    client.force_login(owner)
    page = client.get(url("deck_edit", deck.pk)).content.decode()
    assert automation_text(page).startswith("All 67 cards play automatically")
    response = client.post(url("deck_cards", deck.pk), {"card": GUYARD, "delta": "1"}, **HTMX)
    assert response.status_code == 200
    words = automation_text(response.content.decode())
    assert words.startswith("67 of 68 cards play automatically in a match; not yet")
    assert "Ser Guyard Morrigen." in words and "×" not in words
    response = client.post(url("deck_cards", deck.pk), {"card": GUYARD, "delta": "-1"}, **HTMX)
    assert automation_text(response.content.decode()).startswith("All 67 cards")


def test_an_empty_deck_has_nothing_to_play(client, owner):
    deck = svc.deck_create(owner=owner, name="Empty", house="Stark")
    client.force_login(owner)
    page = client.get(url("deck_detail", deck.pk)).content.decode()
    assert automation_text(page).startswith("No cards to play yet.")
