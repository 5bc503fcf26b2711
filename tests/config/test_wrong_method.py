"""An address opened the wrong way (a form's address typed in or bookmarked) answers with a
page that says so, not Django's blank 405; /decks/new/ leads to the new-deck form."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_a_get_on_a_form_address_is_a_page_that_says_what_it_is(client):
    # Drawing the next cut round takes a form's POST only.
    response = client.get(reverse("tournaments:cut_advance", args=[1]))
    assert response.status_code == 405
    assert response["Allow"] == "POST"
    page = response.content.decode().replace("&#x27;", "'")
    assert "takes a form's answer only" in page and "<h1>" in page


def test_the_new_deck_address_leads_to_the_form_when_opened(client):
    ned = User.objects.create_user("ned", password="winter-is-coming-1")
    client.force_login(ned)
    response = client.get(reverse("deckbuilder:deck_new"))
    assert response.status_code == 302
    assert response["Location"] == reverse("deckbuilder:deck_list") + "#new-deck"
    page = client.get(response["Location"]).content.decode()
    assert 'id="new-deck"' in page
    # Its form still makes a deck.
    made = client.post(reverse("deckbuilder:deck_new"), {"name": "Winter", "house": "Stark"})
    assert made.status_code == 302 and "/edit" in made["Location"]


def test_the_api_answers_a_wrong_method_in_json():
    response = Client().delete("/api/cards/")
    assert response.status_code == 405
    assert response.json()["detail"]
