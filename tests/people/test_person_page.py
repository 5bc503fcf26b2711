"""A person's page: their published lists, and their results only where they agreed."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from decklists import services as svc
from decks import services as deck_svc
from tests.decks.test_deck_services import legal_core_entries
from tests.tournaments.conftest import decklist as starter
from tournaments.models import Table
from tournaments.rounds.services import event_finish, result_enter, round_pair
from tournaments.services import entrant_register

pytestmark = pytest.mark.django_db


def page(client, username: str) -> str:
    response = client.get(reverse("people:person", args=[username]))
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def finished(event, organizer, owner):
    """ned plays Store Joust, beats Bob, and the event finishes."""
    entrant_register(
        event=event, user=organizer, name="Ned", player=owner, deck=starter("core-stark")
    )
    entrant_register(event=event, user=organizer, name="Bob", deck=starter("core-lannister"))
    round_ = round_pair(event=event, user=organizer)
    table = Table.objects.get(round=round_)
    first = table.seats.order_by("seat").first().entrant
    outcome = "win" if first.user_id == owner.pk else "loss"
    result_enter(table=table, user=organizer, data={"outcome": outcome})
    event_finish(event=event, user=organizer, confirm=True)
    return event


def test_the_page_lists_published_lists_only(client, owner):
    deck = deck_svc.deck_create(owner=owner, name="W", house="Stark", entries=legal_core_entries())
    kept = svc.decklist_publish(deck=deck, user=owner, title="Kept list")
    gone = svc.decklist_publish(deck=deck, user=owner, title="Gone list")
    svc.decklist_unpublish(decklist=gone, user=owner)
    text = page(client, "ned")
    assert kept.get_absolute_url() in text and "Gone list" not in text


def test_results_show_only_once_the_person_agrees(client, owner, other, finished):
    assert "Store Joust" not in page(client, "ned")
    client.force_login(other)
    response = client.post(reverse("people:settings"), {"show_results": "1"})
    assert response["Location"] == reverse("people:person", args=["cersei"])
    assert "Store Joust" not in page(client, "ned")  # cersei agreed for herself only
    client.force_login(owner)
    client.post(reverse("people:settings"), {"show_results": "1"})
    client.logout()
    text = page(client, "ned")
    assert "Store Joust" in text and "1 of 2" in text
    client.force_login(owner)
    client.post(reverse("people:settings"), {"show_results": "0"})
    assert "Store Joust" not in page(client, "ned")


def test_an_unknown_or_inactive_person_is_404(client):
    assert client.get(reverse("people:person", args=["nobody"])).status_code == 404
    User.objects.create_user("gone", password="x-long-pass-1", is_active=False)
    assert client.get(reverse("people:person", args=["gone"])).status_code == 404


def test_changing_the_choice_needs_a_login_and_a_post(client):
    response = client.post(reverse("people:settings"), {"show_results": "1"})
    assert response.status_code == 302 and reverse("login") in response["Location"]
    assert client.get(reverse("people:settings")).status_code == 405
