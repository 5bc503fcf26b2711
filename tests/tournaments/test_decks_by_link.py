"""Decks travel by link (issue 33): every paste box of a tournament takes the link of a
published decklist or of a deck's share link instead of the list, freezes the deck as a pasted
one is, and says clearly why a link leads to no deck it may register."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from decklists.services import decklist_publish, decklist_publish_spec, decklist_unpublish
from decks import services as deck_services
from decks.decklist import deck_to_json
from decks.models import Deck
from tests.decks.test_deck_services import legal_core_entries
from tests.tournaments.conftest import decklist as starter_list
from tournaments import decklinks
from tournaments.models import Entrant, Event
from tournaments.services import (
    CONSENT_NOT_YOURS,
    EventError,
    entrant_register,
    event_create,
    invitation_accept,
    invitation_create,
    partner_accept,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def author() -> User:
    return User.objects.create_user("samwell", password="citadel-books-42")


@pytest.fixture
def deck(author) -> Deck:
    return deck_services.deck_create(
        owner=author, name="Winter", house="Stark", entries=legal_core_entries()
    )


@pytest.fixture
def published(deck, author):
    return decklist_publish(deck=deck, user=author, title="Winter rush")


def share_path(deck: Deck) -> str:
    return reverse("deckbuilder:deck_shared", args=[deck.share_token])


def join(client: Client, event: Event, data: dict):
    return client.post(reverse("tournaments:event_join", args=[event.pk]), data)


def cards_of(entrant: Entrant) -> dict:
    return {"house": entrant.decklist["house"], "cards": entrant.decklist["cards"]}


# Reading links -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pasted", "path"),
    [
        ("https://maester.example/decklists/12/", "/decklists/12/"),
        ("http://elsewhere.test:8000/decklists/12/export.txt?x=1#top", "/decklists/12/export.txt"),
        ("/decks/shared/abc/", "/decks/shared/abc/"),
        ("maester.example/decklists/12", "/decklists/12"),
        ("decklists/12/", "/decklists/12/"),
        ("  <https://a.example/decklists/12/>  ", "/decklists/12/"),
        ("https://a.example/decklists/%31%32/", "/decklists/12/"),
    ],
)
def test_the_path_of_a_link_is_read_from_any_host(pasted, path):
    assert decklinks.is_link(pasted)
    assert decklinks.link_path(pasted) == path


@pytest.mark.parametrize(
    "pasted",
    ["House Stark\n3x Eddard Stark (Core)", '{"house": "Stark"}', "", "   ", None, "Stark"],
)
def test_a_list_is_not_a_link(pasted):
    assert not decklinks.is_link(pasted)


# Registering by link -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "link",
    [
        "https://another-host.example/decklists/{id}/",
        "/decklists/{id}/",
        "/decklists/{id}/export.txt",
        "https://maester.example/decklists/{id}/export.json",
        "maester.example/decklists/{id}",
    ],
)
def test_a_player_registers_with_the_link_of_a_published_list(
    client, event, player, published, link
):
    client.force_login(player)
    response = join(client, event, {"decklist": link.format(id=published.pk)})
    assert response.status_code == 302, response.content.decode()[:800]
    entrant = Entrant.objects.get(event=event, user=player)
    assert entrant.deck_name == "Winter rush"  # the list's title
    assert entrant.house == "Stark"
    assert cards_of(entrant) == {"house": "Stark", "cards": published.snapshot["cards"]}
    assert entrant.decklist_text.startswith("Deck: Winter rush\nHouse Stark")
    assert not entrant.publish_consent


def test_a_player_registers_with_a_share_link_of_a_private_deck(client, event, player, deck):
    assert not deck.is_public
    client.force_login(player)
    link = "https://maester.example" + share_path(deck)
    assert join(client, event, {"decklist": link}).status_code == 302
    entrant = Entrant.objects.get(event=event, user=player)
    assert entrant.deck_name == "Winter"  # the deck's name
    assert cards_of(entrant) == {"house": "Stark", "cards": deck_to_json(deck.to_spec())["cards"]}


def test_the_frozen_copy_does_not_change_when_the_author_edits_or_unpublishes(
    event, organizer, author, deck, published
):
    by_list = entrant_register(
        event=event, user=organizer, name="Gilly", deck=f"/decklists/{published.pk}/"
    )
    by_share = entrant_register(event=event, user=organizer, name="Pyp", deck=share_path(deck))
    before = {e.pk: (e.decklist, e.decklist_text, e.deck_name) for e in (by_list, by_share)}
    card = next(code for code, n in deck_to_json(deck.to_spec())["cards"].items() if n == 3)
    deck_services.deck_set_count(deck=deck, user=author, card_code=card, count=1)
    deck_services.deck_update(deck=deck, user=author, name="Summer")
    decklist_unpublish(decklist=published, user=author)
    for entrant in (by_list, by_share):
        entrant.refresh_from_db()
        assert (entrant.decklist, entrant.decklist_text, entrant.deck_name) == before[entrant.pk]
    # A new registration by the share link reads the deck as it is now: two cards short.
    with pytest.raises(EventError, match="58 cards"):
        entrant_register(event=event, user=organizer, name="Edd", deck=share_path(deck))


def test_an_unpublished_list_is_refused_with_its_message(client, event, player, published, author):
    decklist_unpublish(decklist=published, user=author)
    client.force_login(player)
    response = join(client, event, {"decklist": f"https://x.example/decklists/{published.pk}/"})
    assert response.status_code == 400
    assert (
        "That decklist was unpublished by its author: paste the list itself or another link."
        in response.content.decode()
    )
    assert not event.entrants.exists()


@pytest.mark.parametrize(
    "link", ["/decklists/999999/", "/decklists/999999/export.txt", "/decks/shared/no-such-token/"]
)
def test_an_unknown_list_or_share_token_gets_one_message(client, event, player, link):
    client.force_login(player)
    response = join(client, event, {"decklist": "https://maester.example" + link})
    assert response.status_code == 400
    assert "No published decklist or shared deck has this link." in response.content.decode()
    assert not event.entrants.exists()


def test_an_unknown_token_and_another_account_s_deck_page_tell_nothing_of_a_private_deck(
    event, organizer, deck
):
    for link in ("/decks/shared/" + "x" * 22 + "/", f"/decks/shared/{deck.share_token}x/"):
        with pytest.raises(EventError) as error:
            entrant_register(event=event, user=organizer, name="Ghost", deck=link)
        assert str(error.value) == decklinks.UNKNOWN
    with pytest.raises(EventError) as error:  # the owner's page: no look-up at all
        entrant_register(event=event, user=organizer, name="Ghost", deck=f"/decks/{deck.pk}/")
    with pytest.raises(EventError) as missing:
        entrant_register(event=event, user=organizer, name="Ghost", deck="/decks/999999/")
    assert str(error.value) == str(missing.value) == decklinks.OWN_DECK_PAGE


@pytest.mark.parametrize(
    ("link", "message"),
    [
        ("/cards/", decklinks.NOT_A_DECK),
        ("https://maester.example/events/", decklinks.NOT_A_DECK),
        ("https://thronesdb.com/decklist/view/123/stark", decklinks.NOT_A_DECK),
        ("/decklists/", decklinks.NOT_A_DECK),
        ("/decklists/12/like/", decklinks.NOT_A_DECK),
        ("http://[::1/decklists/1/", decklinks.MALFORMED),
        ("https://x.example/" + "a" * 3000, decklinks.MALFORMED),
    ],
)
def test_a_link_to_something_else_or_a_malformed_link_is_refused(event, organizer, link, message):
    with pytest.raises(EventError) as error:
        entrant_register(event=event, user=organizer, name="Ghost", deck=link)
    assert str(error.value) == message
    assert not event.entrants.exists()


def test_a_linked_deck_is_still_checked_for_the_event_s_deck_format(event, organizer, author):
    entries = legal_core_entries()
    entries.popitem()  # a card short of a legal deck
    from decks.validation import DeckSpec

    short = decklist_publish_spec(
        author=author, spec=DeckSpec("Stark", (), entries), title="Not quite"
    )
    with pytest.raises(EventError) as error:
        entrant_register(event=event, user=organizer, name="Jon", deck=f"/decklists/{short.pk}/")
    assert "not legal for Joust lists" in str(error.value)
    assert not event.entrants.exists()


# Every paste box ---------------------------------------------------------------------------


def test_the_organizer_s_paste_box_takes_a_link(client, event, organizer, published):
    client.force_login(organizer)
    page = client.get(reverse("tournaments:event_manage_players", args=[event.pk])).content
    assert b"the link of a published decklist or a deck&#x27;s share link" in page
    response = client.post(
        reverse("tournaments:event_register", args=[event.pk]),
        {"name": "Walk In", "decklist": f"https://maester.example/decklists/{published.pk}/"},
    )
    assert response.status_code == 302
    entrant = event.entrants.get(name="Walk In")
    assert entrant.deck_name == "Winter rush" and not entrant.publish_consent
    response = client.post(
        reverse("tournaments:event_register", args=[event.pk]),
        {"name": "Other", "decklist": "/decklists/999999/"},
    )
    assert response.status_code == 400
    assert "No published decklist or shared deck has this link." in response.content.decode()


def test_an_organizer_cannot_give_a_player_s_consent(event, organizer, player, published):
    with pytest.raises(EventError) as error:
        entrant_register(
            event=event,
            user=organizer,
            player=player,
            deck=f"/decklists/{published.pk}/",
            publish_consent=True,
        )
    assert str(error.value) == CONSENT_NOT_YOURS
    assert not event.entrants.exists()


def test_the_partner_boxes_of_two_on_two_take_links(client, organizer, player, published, deck):
    event = event_create(
        organizer=organizer, name="Pairs", date=datetime.date(2026, 12, 5), format="teams"
    )
    client.force_login(organizer)
    response = client.post(
        reverse("tournaments:event_register", args=[event.pk]),
        {
            "name": "Team Wall",
            "decklist": f"/decklists/{published.pk}/",
            "partner_decklist": "https://maester.example" + share_path(deck),
        },
    )
    assert response.status_code == 302, response.content.decode()[:800]
    team = event.entrants.get(name="Team Wall")
    assert team.deck_name == "Winter rush"
    assert team.partner_decklist["cards"] == deck_to_json(deck.to_spec())["cards"]

    client.force_login(player)  # a player's own form: their partner has no account
    response = join(
        client,
        event,
        {"decklist": starter_list("core-lannister"), "partner_decklist": "/decklists/999999/"},
    )
    assert response.status_code == 400
    assert "No published decklist or shared deck has this link." in response.content.decode()
    response = join(
        client,
        event,
        {"decklist": starter_list("core-lannister"), "partner_decklist": share_path(deck)},
    )
    assert response.status_code == 302
    assert event.entrants.get(user=player).partner_decklist["house"] == "Stark"


def test_an_invitation_and_a_partner_s_answer_take_links(organizer, player, published, deck):
    event = event_create(
        organizer=organizer, name="Pairs", date=datetime.date(2026, 12, 5), format="teams"
    )
    partner = User.objects.create_user("gendry", password="hammer-and-anvil-7")
    team = entrant_register(
        event=event, user=player, player=player, deck=starter_list("core-stark"), partner=partner
    )
    team = partner_accept(entrant=team, user=partner, deck=f"/decklists/{published.pk}/")
    assert team.partner_decklist["cards"] == published.snapshot["cards"]

    solo = event_create(organizer=organizer, name="Solo", date=datetime.date(2026, 12, 6))
    invitation_create(event=solo, user=organizer, username=player.username)
    entrant = invitation_accept(event=solo, user=player, deck=share_path(deck))
    assert entrant.deck_name == "Winter"


def test_the_join_link_page_takes_a_link_and_the_player_s_consent(event, published):
    page = Client().get(reverse("tournaments:event_join_link", args=[event.pk, event.join_code]))
    text = page.content.decode()
    assert "the link of a published decklist or a deck's share link" in text
    assert 'name="publish_consent"' in text
    response = Client().post(
        reverse("tournaments:event_join_link", args=[event.pk, event.join_code]),
        {
            "name": "Hot Pie",
            "decklist": f"https://maester.example/decklists/{published.pk}/",
            "publish_consent": "on",
        },
    )
    assert response.status_code == 302, response.content.decode()[:800]
    entrant = event.entrants.get(name="Hot Pie")
    assert entrant.deck_name == "Winter rush" and entrant.publish_consent
    refused = Client().post(
        reverse("tournaments:event_join_link", args=[event.pk, event.join_code]),
        {"name": "Lommy", "decklist": "/decks/shared/nope/"},
    )
    assert refused.status_code == 400
    assert "No published decklist or shared deck has this link." in refused.content.decode()
