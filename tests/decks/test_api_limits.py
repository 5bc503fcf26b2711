"""Hostile input to the API, the web import and validate_deck (issue 15): one bounded reader,
a 400 with a message for every malformed body, and request rates for the API."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from rest_framework.test import APIClient

from decks import services as svc
from decks.decklist.text import MAX_LINES
from decks.models import Deck
from tests.decks.test_deck_services import legal_core_entries
from tests.decks.test_decklist_limits import unknown_lines

pytestmark = pytest.mark.django_db

VALIDATE = "/api/decks/validate/"
DECKS = "/api/decks/"
WORST = "\n".join(unknown_lines(10_000))  # the body: 140 KB, under the size limit
CAP_MESSAGE = f"A decklist has at most {MAX_LINES} lines; this one has 10,000"
DEEP = "[" * 100_000


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def deck(owner) -> Deck:
    return svc.deck_create(owner=owner, name="Winter", house="Stark", entries=legal_core_entries())


# One bounded reader ------------------------------------------------------------------------


@pytest.mark.parametrize("as_json", [True, False], ids=["json", "text-body"])
def test_validate_refuses_10000_unknown_lines_naming_the_cap(as_json):
    if as_json:
        response = api().post(VALIDATE, {"decklist": WORST}, format="json")
    else:
        response = api().post(VALIDATE, WORST, content_type="text/plain")
    assert response.status_code == 400
    assert CAP_MESSAGE in response.json()["detail"]


def test_the_deck_api_refuses_10000_unknown_lines_naming_the_cap(owner, deck):
    created = api(owner).post(DECKS, {"name": "X", "decklist": WORST}, format="json")
    assert created.status_code == 400 and CAP_MESSAGE in created.json()["detail"]
    changed = api(owner).patch(f"{DECKS}{deck.pk}/", {"decklist": WORST}, format="json")
    assert changed.status_code == 400 and CAP_MESSAGE in changed.json()["detail"]


def test_both_web_imports_refuse_10000_unknown_lines_naming_the_cap(client, owner, deck):
    client.force_login(owner)
    before = deck.to_spec()
    response = client.post(reverse("deckbuilder:deck_import"), {"text": WORST})
    assert response.status_code == 400 and CAP_MESSAGE in response.content.decode()
    into = client.post(reverse("deckbuilder:deck_import_into", args=[deck.pk]), {"text": WORST})
    assert into.status_code == 400
    assert "Nothing was replaced: " + CAP_MESSAGE in into.content.decode()
    assert Deck.objects.count() == 1 and Deck.objects.get().to_spec() == before


def test_validate_deck_command_refuses_10000_unknown_lines_naming_the_cap(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text(WORST, encoding="utf-8")
    out, err = StringIO(), StringIO()
    with pytest.raises(SystemExit) as stop:
        call_command("validate_deck", str(path), stdout=out, stderr=err)
    assert stop.value.code == 2 and CAP_MESSAGE in err.getvalue()


def test_validate_deck_command_refuses_deep_json(tmp_path):
    path = tmp_path / "deck.json"
    path.write_text('{"cards": ' * 100_000, encoding="utf-8")
    out, err = StringIO(), StringIO()
    with pytest.raises(SystemExit) as stop:
        call_command("validate_deck", str(path), stdout=out, stderr=err)
    assert stop.value.code == 2 and "nested too deeply" in err.getvalue()


def test_validate_answers_a_list_at_the_caps_with_bounded_problems():
    text = "House Stark\n" + "\n".join(unknown_lines(MAX_LINES - 1))
    response = api().post(VALIDATE, {"decklist": text}, format="json")
    assert response.status_code == 200
    unread = [p for p in response.json()["problems"] if p["code"] == "unreadable_line"]
    assert 1 < len(unread) <= 60
    assert "reading stopped here" in unread[-1]["message"]


# Malformed bodies: a 400 with a message, never a 500 ------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        DEEP,
        '{"deck": ' * 100_000,
        '{"deck": {"house": "Stark", "cards": {"core_2": ' + "[" * 20 + "3" + "]" * 20 + "}}}",
    ],
    ids=["100000-arrays", "100000-objects", "deeper-than-a-deck"],
)
def test_deeply_nested_json_to_validate_is_a_400(body):
    response = api().post(VALIDATE, body, content_type="application/json")
    assert response.status_code == 400
    assert "nested too deeply" in response.json()["detail"]
    assert response.json()["problems"]


def test_deeply_nested_json_in_a_text_body_is_a_400():
    response = api().post(VALIDATE, '{"a":' * 30_000, content_type="text/plain")
    assert response.status_code == 400
    assert "nested too deeply" in response.json()["detail"]


@pytest.mark.parametrize("method", ["post", "patch"])
def test_deeply_nested_json_to_the_deck_api_is_a_400(owner, deck, method):
    url = DECKS if method == "post" else f"{DECKS}{deck.pk}/"
    response = getattr(api(owner), method)(url, DEEP, content_type="application/json")
    assert response.status_code == 400
    assert "nested too deeply" in response.json()["detail"]


def test_a_json_body_over_the_upload_limit_is_a_400(settings, owner):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1_000
    body = json.dumps({"decklist": "House Stark\n" + "3x Eddard Stark\n" * 100})
    for client, url in [(api(), VALIDATE), (api(owner), DECKS)]:
        response = client.post(url, body, content_type="application/json")
        assert response.status_code == 400
        assert "The request body is over 1,000 bytes." in response.json()["detail"]


def test_a_text_body_over_the_limit_is_refused_even_when_it_decodes_to_fewer_characters():
    body = ("é" * 100_001).encode()  # 200,002 bytes, 100,001 characters
    response = api().post(VALIDATE, body, content_type="text/plain")
    assert response.status_code == 400
    assert "The decklist is over 200,000 bytes." in response.json()["detail"]


def test_a_json_decklist_over_the_limit_is_a_400():
    response = api().post(VALIDATE, {"decklist": "x" * 200_001}, format="json")
    assert response.status_code == 400 and "decklist" in response.json()["detail"]


# Request rates ---------------------------------------------------------------------------------


@pytest.fixture
def rates(settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"anon": "3/minute", "user": "5/minute"},
    }


def test_anonymous_callers_get_429_past_the_rate_with_a_clear_message(rates):
    client = api()
    codes = [client.get("/api/products/").status_code for _ in range(3)]
    response = client.post(VALIDATE, "House Stark", content_type="text/plain")
    assert codes == [200, 200, 200]
    assert response.status_code == 429
    detail = response.json()["detail"]
    assert "anonymous use of the API is limited to 3 requests a minute" in detail
    assert "log in" in detail
    assert 0 < int(response["Retry-After"]) <= 60
    # The wait is said once, in our words (DRF would add "Expected available in N seconds.").
    assert detail.count("Try again in") == 1 and "Expected available" not in detail


def test_the_rate_counts_in_windows_of_its_period_by_the_clock(rates, monkeypatch):
    """A minute's count ends with the minute: the wait named is what is left of it, and the
    next minute counts afresh (DRF's own rate would count back sixty seconds from now)."""
    from config.throttles import AnonThrottle

    now = [1_000_000 * 60 + 50.2]  # 50.2 s into a minute
    monkeypatch.setattr(AnonThrottle, "timer", lambda self: now[0])
    client = api()
    assert [client.get("/api/products/").status_code for _ in range(3)] == [200] * 3
    now[0] += 9.0  # 59.2 s: still this minute
    refused = client.get("/api/products/")
    assert refused.status_code == 429 and refused["Retry-After"] == "1"
    assert "Try again in 1 s" in refused.json()["detail"]
    now[0] += 1.0  # 0.2 s into the next minute
    assert [client.get("/api/products/").status_code for _ in range(4)] == [200] * 3 + [429]


def test_each_address_has_its_own_count(rates):
    client = api()
    for _ in range(3):
        assert client.get("/api/products/", REMOTE_ADDR="10.0.0.1").status_code == 200
    assert client.get("/api/products/", REMOTE_ADDR="10.0.0.1").status_code == 429
    assert client.get("/api/products/", REMOTE_ADDR="10.0.0.2").status_code == 200


def test_a_forged_forwarded_header_does_not_reset_the_count(rates):
    client = api()
    for n in range(3):
        client.get("/api/products/", HTTP_X_FORWARDED_FOR=f"10.9.9.{n}")
    assert client.get("/api/products/", HTTP_X_FORWARDED_FOR="10.9.9.9").status_code == 429


def test_logged_in_users_get_their_own_higher_rate(rates, owner):
    for _ in range(3):
        api().get("/api/products/")
    assert api().get("/api/products/").status_code == 429  # the address is spent
    client = api(owner)
    codes = [client.get(DECKS).status_code for _ in range(6)]
    assert codes == [200] * 5 + [429]
    assert "limited to 5 requests a minute for one account" in client.get(DECKS).json()["detail"]


def test_validate_counts_a_logged_in_caller_as_a_user(rates, client, owner):
    client.force_login(owner)
    codes = [
        client.post(VALIDATE, "House Stark", content_type="text/plain").status_code
        for _ in range(5)
    ]
    assert codes == [200] * 5
