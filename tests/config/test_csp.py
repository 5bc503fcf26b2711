"""The Content-Security-Policy (config/security.py): every page sends it, and no page holds
what it blocks (an inline script without the request's nonce, an event-handler or style
attribute, a <style> element, an hx-on attribute that htmx would evaluate), so that the
policy costs no feature. The browser tests check the same in Chromium, which reports any
violation on the console (tests/browser/conftest.py)."""

from __future__ import annotations

import datetime
import re
from html.parser import HTMLParser

import pytest
from django.contrib.auth.models import User
from django.test import Client

from cards.models import Card, Product
from decks import services as deck_services
from gameplay.services import SeatSpec, core_deck, match_create
from tests.decks.test_deck_services import legal_core_entries
from tournaments.services import event_create

pytestmark = pytest.mark.django_db

NONCE = re.compile(r"script-src 'self' 'nonce-([A-Za-z0-9_-]+)'")


class Blocked(HTMLParser):
    """What a strict policy would block in a page, with the nonce of its response."""

    def __init__(self, nonce: str) -> None:
        super().__init__()
        self.nonce = nonce
        self.problems: list[str] = []
        self.scripts = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        for name, value in attrs:
            if name.startswith("on") or name.startswith("hx-on") or name.startswith("data-hx-on"):
                self.problems.append(f"<{tag} {name}=...>")
            if name == "style":
                self.problems.append(f"<{tag} style=...>")
            if name in {"href", "src", "action"} and "javascript:" in (value or "").lower():
                self.problems.append(f"<{tag} {name}=javascript:...>")
        if tag == "style" and named.get("nonce") != self.nonce:
            self.problems.append("<style> without the nonce")
        if tag == "script":
            self.scripts += 1
            kind = named.get("type") or "text/javascript"
            if named.get("src"):
                if not named["src"].startswith("/static/"):
                    self.problems.append(f"<script src={named['src']}> from elsewhere")
            elif kind in {"text/javascript", "module"} and named.get("nonce") != self.nonce:
                self.problems.append("inline <script> without the nonce")


def blocked(response, *, htmx: bool = True) -> list[str]:
    policy = response.get("Content-Security-Policy", "")
    found = NONCE.search(policy)
    assert found, f"no Content-Security-Policy with a nonce: {policy!r}"
    for directive in ("default-src 'self'", "object-src 'none'", "frame-ancestors 'none'"):
        assert directive in policy
    parser = Blocked(found.group(1))
    parser.feed(response.content.decode())
    assert parser.scripts >= 1 or not htmx  # htmx, from our static files
    return parser.problems


@pytest.fixture
def ned() -> User:
    return User.objects.create_user("ned", password="winter-is-coming")


@pytest.fixture
def pages(ned) -> dict[str, list[str]]:
    robb = User.objects.create_user("robb", password="young-wolf-77")
    deck = deck_services.deck_create(
        owner=ned, name="Winter", house="Stark", entries=legal_core_entries()
    )
    match = match_create(
        creator=ned,
        variant="joust",
        seats=[
            SeatSpec(core_deck("core-stark"), user=ned),
            SeatSpec(core_deck("core-lannister"), user=robb),
        ],
        seed=5,
    )
    event = event_create(organizer=ned, name="Store Joust", date=datetime.date(2026, 11, 28))
    card = Card.objects.order_by("pk").first()
    product = Product.objects.order_by("pk").first()
    anyone = [
        "/",
        "/cards/?q=stark",
        f"/cards/{card.code}/",
        "/cards/help/",
        "/products/",
        f"/products/{product.code}/",
        f"/decks/shared/{deck.share_token}/",
        "/events/",
        f"/events/{event.pk}/",
        f"/events/{event.pk}/standings/",
        "/play/",
        "/accounts/login/",
        "/accounts/signup/",
        "/accounts/password_reset/",
    ]
    logged_in = [
        "/decks/",
        f"/decks/{deck.pk}/",
        f"/decks/{deck.pk}/edit/?q=stark",
        f"/decks/{deck.pk}/print/",
        f"/decks/{deck.pk}/versions/",
        "/events/new/",
        f"/events/{event.pk}/manage/",
        "/play/new/",
        f"/play/{match.pk}/",
        "/accounts/password_change/",
    ]
    return {"anyone": anyone, "logged_in": logged_in}


def test_the_main_pages_hold_nothing_the_policy_blocks(client, ned, pages):
    problems = {}
    for path in pages["anyone"]:
        response = client.get(path)
        assert response.status_code == 200, path
        problems[path] = blocked(response)
    client.force_login(ned)
    for path in pages["logged_in"]:
        response = client.get(path)
        assert response.status_code == 200, path
        problems[path] = blocked(response)
    assert {path: found for path, found in problems.items() if found} == {}


def test_each_response_has_a_fresh_nonce(client):
    first = NONCE.search(client.get("/").headers["Content-Security-Policy"]).group(1)
    second = NONCE.search(client.get("/").headers["Content-Security-Policy"]).group(1)
    assert first != second and len(first) >= 16


def test_error_pages_and_the_api_carry_the_policy_too():
    client = Client(raise_request_exception=False)
    assert blocked(client.get("/cards/?q=%00"), htmx=False) == []  # the 400 page
    api = client.get("/api/cards/?q=stark")
    assert "default-src 'self'" in api["Content-Security-Policy"]


def test_the_api_docs_run_only_our_scripts(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    policy = response["Content-Security-Policy"]
    assert "worker-src 'self' blob:" in policy  # Redoc's workers
    assert "fonts.googleapis.com" not in response.content.decode()
    parser = Blocked(NONCE.search(policy).group(1))
    parser.feed(response.content.decode())
    assert [p for p in parser.problems if "script" in p] == []
