"""A NUL byte anywhere a request carries text (the path, the query string, a form field) is
answered 400 with a clear message by one guard early in the middleware (config/security.py),
not a 500 from the database (PostgreSQL refuses NUL in text): an HTML page for pages and
JSON for the API."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from decks import services as deck_services
from gameplay.services import SeatSpec, core_deck, match_create
from tests.decks.test_deck_services import legal_core_entries

pytestmark = pytest.mark.django_db

MESSAGE = "NUL character"


@pytest.fixture
def ned() -> User:
    return User.objects.create_user("ned", password="winter-is-coming")


@pytest.fixture
def deck(ned):
    return deck_services.deck_create(
        owner=ned, name="Winter", house="Stark", entries=legal_core_entries()
    )


@pytest.fixture
def match(ned):
    robb = User.objects.create_user("robb", password="young-wolf-77")
    return match_create(
        creator=ned,
        variant="joust",
        seats=[
            SeatSpec(core_deck("core-stark"), user=ned),
            SeatSpec(core_deck("core-lannister"), user=robb),
        ],
        seed=5,
    )


def anonymous() -> Client:
    return Client(raise_request_exception=False)


def logged_in(user) -> Client:
    client = anonymous()
    client.force_login(user)
    return client


def assert_html_400(response) -> None:
    assert response.status_code == 400, response.status_code
    assert response["Content-Type"].startswith("text/html")
    assert MESSAGE in response.content.decode()


def assert_json_400(response) -> None:
    assert response.status_code == 400, response.status_code
    assert response["Content-Type"].startswith("application/json")
    assert MESSAGE in response.json()["detail"]


# Pages anyone may open -------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        "/cards/?q=%00",  # card search, %00 in the query string
        "/cards/?q=name:%00stark",
        "/cards/core%00/",  # a card's code in the path
        "/decks/shared/abc%00def/",  # a deck's share link
        "/play/invite/abc%00/",  # an invitation
    ],
)
def test_a_nul_byte_in_a_public_page_address_is_a_400_page(path):
    assert_html_400(anonymous().get(path))


@pytest.mark.parametrize("path", ["/api/cards/?q=%00", "/api/cards/core%00/"])
def test_a_nul_byte_in_an_api_address_is_a_json_400(path):
    assert_json_400(anonymous().get(path))


def test_a_raw_nul_byte_is_refused_like_an_escaped_one():
    assert_html_400(anonymous().get("/cards/", {"q": "stark\x00"}))


# Forms of logged-in people ---------------------------------------------------------------


def test_a_nul_byte_in_a_chat_line_is_a_400(ned, match):
    response = logged_in(ned).post(f"/play/{match.pk}/chat/", {"text": "winter\x00is coming"})
    assert_html_400(response)
    assert not match.messages.exists()


def test_a_nul_byte_in_the_builder_card_field_is_a_400(ned, deck):
    client = logged_in(ned)
    response = client.post(f"/decks/{deck.pk}/cards/", {"card": "core\x00", "delta": "1"})
    assert_html_400(response)
    htmx = client.post(
        f"/decks/{deck.pk}/cards/", {"card": "\x00", "delta": "1"}, HTTP_HX_REQUEST="true"
    )
    assert_html_400(htmx)


def test_a_nul_byte_in_the_builder_search_is_a_400(ned, deck):
    assert_html_400(logged_in(ned).get(f"/decks/{deck.pk}/edit/?q=%00"))


# The guard's own rules (these places did not fail before, but no page wants a NUL) -------


def test_a_nul_byte_in_a_field_name_or_any_parameter_is_refused_too(ned, deck):
    response = logged_in(ned).post(f"/decks/{deck.pk}/cards/", {"card\x00": "x", "delta": "1"})
    assert_html_400(response)
    assert_html_400(anonymous().get("/products/?page=%00"))
    assert_html_400(anonymous().post("/accounts/login/", {"username": "ned\x00", "password": "x"}))


def test_ordinary_requests_pass_the_guard(ned, deck):
    client = logged_in(ned)
    assert client.get("/cards/?q=stark").status_code == 200
    assert client.get(f"/decks/{deck.pk}/edit/?q=winter").status_code == 200
    assert anonymous().get("/api/cards/?q=stark").status_code == 200
