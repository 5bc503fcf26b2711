"""The JSON API of one's own decks: create, list, read, change, delete, clone; permissions."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from cards.models import Card
from decks import services as svc
from decks.check import read_deck
from decks.decklist import deck_to_json
from decks.models import Deck, DeckVersion

pytestmark = pytest.mark.django_db

CORE_STARK = Path(settings.BASE_DIR) / "fixtures" / "decks" / "core-stark.txt"
LIST_URL = "/api/decks/"


def detail_url(deck: Deck | int) -> str:
    return f"/api/decks/{getattr(deck, 'pk', deck)}/"


def core_stark_text() -> str:
    return CORE_STARK.read_text(encoding="utf-8")


def core_stark_json() -> dict:
    spec, _name, problems, _notes = read_deck(core_stark_text())
    assert not problems
    return deck_to_json(spec)


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def make_deck(user, name: str = "Winter", *, public: bool = False) -> Deck:
    data = core_stark_json()
    deck = svc.deck_create(
        owner=user,
        name=name,
        house=data["house"],
        agenda_codes=data["agendas"],
        format="core",
        entries=data["cards"],
    )
    if public:
        svc.deck_update(deck=deck, user=user, is_public=True)
    return deck


def a_character(house: str = "Stark") -> Card:
    return Card.objects.filter(
        product__code="core", card_type="character", legal_houses__contains=house
    ).first()


# Create ---------------------------------------------------------------------------------


def test_create_from_json_stores_the_deck_and_returns_its_detail(owner):
    body = {"name": "Winter", "format": "core", "deck": core_stark_json(), "is_public": True}
    response = api(owner).post(LIST_URL, body, format="json")
    assert response.status_code == 201, response.json()
    data = response.json()
    deck = Deck.objects.get(pk=data["id"])
    assert (deck.owner, deck.name, deck.format, deck.is_public) == (owner, "Winter", "core", True)
    assert deck_to_json(deck.to_spec()) == core_stark_json()
    assert data["deck"] == core_stark_json()
    assert data["valid"] is True and data["verdict"]["valid"] is True
    assert data["card_count"] == 67
    assert data["versions"] == 1
    assert data["url"].endswith(deck.get_absolute_url())
    assert data["share_url"].endswith(f"/decks/shared/{deck.share_token}/")


def test_create_from_text_reads_the_decklist_and_its_name(owner):
    body = {"format": "core", "decklist": core_stark_text()}
    response = api(owner).post(LIST_URL, body, format="json")
    assert response.status_code == 201, response.json()
    data = response.json()
    assert data["name"] == "Core Stark"
    assert data["house"] == "Stark"
    assert data["deck"] == core_stark_json()
    assert data["verdict"] == {
        "valid": True,
        "problems": [],
        "warnings": data["verdict"]["warnings"],
        "plot_count": 7,
        "deck_count": 60,
    }
    assert DeckVersion.objects.filter(deck_id=data["id"]).count() == 1


def test_create_an_illegal_deck_is_stored_with_its_problems(owner):
    body = {"name": "Short", "deck": {"house": "Stark", "cards": {a_character().code: 3}}}
    response = api(owner).post(LIST_URL, body, format="json")
    assert response.status_code == 201
    verdict = response.json()["verdict"]
    assert verdict["valid"] is False and response.json()["valid"] is False
    assert verdict["problems"]


def test_unreadable_text_lines_are_listed_and_nothing_is_created(owner):
    text = core_stark_text() + "\n2x Edard Strak of the North\n1x Nothing Like A Card At All\n"
    response = api(owner).post(LIST_URL, {"name": "X", "decklist": text}, format="json")
    assert response.status_code == 400
    data = response.json()
    count = len(text.splitlines())
    assert {problem["code"] for problem in data["problems"]} == {"unreadable_line"}
    assert [problem["line"] for problem in data["problems"]] == [count - 1, count]
    assert data["problems"][0]["text"] == "2x Edard Strak of the North"
    assert data["problems"][0]["suggestions"]  # close card names are offered
    assert "lines" not in data
    assert "cannot be read" in data["detail"] and f"line {count}:" in data["detail"]
    assert not Deck.objects.exists()


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"name": "X", "deck": {"house": "Stark", "cards": {"nope_1": 2}}}, "'nope_1'"),
        ({"name": "X", "deck": {"house": "Stark", "cards": {"core_2": 0}}}, "at least 1"),
        ({"name": "X", "deck": {"house": "Stark", "cards": {"core_2": 120}}}, "from 0 to 99"),
        ({"name": "X", "deck": {"house": "Stork", "cards": {}}}, "'Stork' is not a House"),
        ({"name": "X", "deck": {"house": "Stark", "colour": "red"}}, "Unknown key 'colour'"),
        ({"name": "X", "deck": ["core_2"]}, '"deck" must be a JSON object'),
        ({"name": "X", "deck": {"cards": {}}}, "names no House"),
        ({"name": "X", "format": "sealed", "deck": {"house": "Stark"}}, 'Unknown format "sealed"'),
        ({"name": "", "deck": {"house": "Stark"}}, "Give the deck a name"),
        ({"name": "X"}, 'Send the cards as "deck"'),
        ({"name": "X", "deck": {"house": "Stark"}, "decklist": "House Stark"}, "not both"),
        ({"name": "X", "decklist": "   "}, "The decklist is empty"),
    ],
)
def test_bad_input_answers_400_naming_the_problem(owner, body, expected):
    response = api(owner).post(LIST_URL, body, format="json")
    assert response.status_code == 400
    data = response.json()
    assert expected in data["detail"]
    assert any(expected in problem["message"] for problem in data["problems"])
    assert all(set(problem) >= {"code", "message"} for problem in data["problems"])
    assert not Deck.objects.exists()


def test_a_body_that_is_not_json_answers_400(owner):
    response = api(owner).post(LIST_URL, "{not json", content_type="application/json")
    assert response.status_code == 400
    assert "JSON parse error" in response.json()["detail"]


# List and detail ------------------------------------------------------------------------


def test_list_is_newest_change_first(owner):
    first, second = make_deck(owner, "First"), make_deck(owner, "Second")
    svc.deck_update(deck=first, user=owner, name="First, renamed")
    names = [row["name"] for row in api(owner).get(LIST_URL).json()["results"]]
    assert names == ["First, renamed", second.name]


def test_list_shows_only_my_decks_with_their_summary(owner, other):
    mine = make_deck(owner, "Mine")
    make_deck(other, "Theirs", public=True)
    response = api(owner).get(LIST_URL)
    assert response.status_code == 200
    data = response.json()
    assert data["count"] == 1
    [row] = data["results"]
    assert set(row) == {
        "id", "name", "house", "format", "description", "is_public", "share_url",
        "created", "updated", "card_count", "valid", "url",
    }  # fmt: skip
    assert (row["id"], row["name"], row["valid"], row["card_count"]) == (mine.pk, "Mine", True, 67)


def test_list_makes_the_same_few_queries_for_many_decks(owner):
    client = api(owner)
    make_deck(owner, "One")
    client.get(LIST_URL)  # warms the card pool cache
    with CaptureQueriesContext(connection) as one:
        assert client.get(LIST_URL).status_code == 200
    for n in range(5):
        make_deck(owner, f"Deck {n}")
    with CaptureQueriesContext(connection) as six:
        response = client.get(LIST_URL)
    assert response.json()["count"] == 6
    assert len(six) == len(one)


def test_list_has_no_n_plus_1(owner, django_assert_max_num_queries):
    for n in range(6):
        make_deck(owner, f"Deck {n}")
    client = APIClient()
    client.force_login(owner)
    client.get(LIST_URL)  # warms the card pool cache
    with django_assert_max_num_queries(8):
        response = client.get(LIST_URL)
    assert len(response.json()["results"]) == 6


def test_detail_of_my_deck_has_cards_verdict_and_versions(owner):
    deck = make_deck(owner)
    svc.deck_update(deck=deck, user=owner, name="Renamed")
    data = api(owner).get(detail_url(deck)).json()
    assert data["name"] == "Renamed"
    assert data["deck"] == core_stark_json()
    assert data["verdict"]["valid"] is True
    assert data["verdict"]["plot_count"] == 7
    assert data["versions"] == 2


def test_another_users_private_deck_is_404_and_public_deck_is_readable(owner, other):
    private = make_deck(other, "Hidden")
    public = make_deck(other, "Shown", public=True)
    client = api(owner)
    assert client.get(detail_url(private)).status_code == 404
    response = client.get(detail_url(public))
    assert response.status_code == 200
    assert response.json()["name"] == "Shown"
    assert response.json()["share_url"] is None  # the secret link is the owner's alone
    assert client.get(detail_url(999_999)).status_code == 404


# Change, delete, clone ------------------------------------------------------------------


def test_patch_renames_and_changes_settings(owner):
    deck = make_deck(owner)
    body = {"name": "Summer", "format": "joust", "description": "Fast", "is_public": True}
    response = api(owner).patch(detail_url(deck), body, format="json")
    assert response.status_code == 200, response.json()
    deck.refresh_from_db()
    assert (deck.name, deck.format, deck.description, deck.is_public) == (
        "Summer", "joust", "Fast", True,
    )  # fmt: skip
    assert response.json()["name"] == "Summer"
    assert deck.versions.count() == 2  # the rename is a new version


def test_patch_replaces_the_cards_from_json_and_text(owner):
    deck = make_deck(owner)
    ned = a_character()
    client = api(owner)
    response = client.patch(
        detail_url(deck), {"deck": {"house": "Stark", "cards": {ned.code: 2}}}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["deck"]["cards"] == {ned.code: 2}
    assert response.json()["valid"] is False
    assert deck.versions.count() == 2
    response = client.patch(detail_url(deck), {"decklist": core_stark_text()}, format="json")
    assert response.status_code == 200
    assert response.json()["deck"] == core_stark_json()
    assert response.json()["name"] == "Winter"  # a text's name does not rename the deck
    assert deck.versions.count() == 3
    assert deck.versions.first().note == "Replaced through the API"


def test_a_failed_patch_changes_nothing(owner):
    deck = make_deck(owner)
    body = {"name": "Summer", "deck": {"house": "Stark", "cards": {"nope_1": 1}}}
    response = api(owner).patch(detail_url(deck), body, format="json")
    assert response.status_code == 400
    assert "'nope_1'" in response.json()["detail"]
    deck.refresh_from_db()
    assert deck.name == "Winter"
    assert deck.versions.count() == 1


def test_delete_removes_my_deck(owner):
    deck = make_deck(owner)
    response = api(owner).delete(detail_url(deck))
    assert response.status_code == 204
    assert not Deck.objects.filter(pk=deck.pk).exists()


def test_clone_copies_a_public_deck_into_mine(owner, other):
    theirs = make_deck(other, "Theirs", public=True)
    response = api(owner).post(f"{detail_url(theirs)}clone/")
    assert response.status_code == 201
    data = response.json()
    clone = Deck.objects.get(pk=data["id"])
    assert clone.owner == owner and clone.pk != theirs.pk
    assert data["name"] == "Copy of Theirs"
    assert data["deck"] == core_stark_json()
    assert data["versions"] == 1


def test_clone_of_a_private_deck_of_someone_else_is_404(owner, other):
    theirs = make_deck(other)
    assert api(owner).post(f"{detail_url(theirs)}clone/").status_code == 404
    assert Deck.objects.count() == 1


# Permissions ----------------------------------------------------------------------------


def test_writes_to_another_users_public_deck_are_403_and_private_404(owner, other):
    public = make_deck(other, "Shown", public=True)
    private = make_deck(other, "Hidden")
    client = api(owner)
    for deck, status in ((public, 403), (private, 404)):
        assert client.patch(detail_url(deck), {"name": "Mine"}, format="json").status_code == status
        assert client.delete(detail_url(deck)).status_code == status
    response = client.patch(detail_url(public), {"name": ""}, format="json")
    assert response.status_code == 403  # no one learns about input to a deck they cannot change
    assert "owner" in response.json()["detail"]
    assert set(Deck.objects.values_list("name", flat=True)) == {"Shown", "Hidden"}


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", LIST_URL),
        ("post", LIST_URL),
        ("get", "/api/decks/{pk}/"),
        ("patch", "/api/decks/{pk}/"),
        ("delete", "/api/decks/{pk}/"),
        ("post", "/api/decks/{pk}/clone/"),
    ],
)
def test_anonymous_requests_are_refused(owner, method, path):
    deck = make_deck(owner, public=True)
    response = getattr(APIClient(), method)(path.format(pk=deck.pk), {}, format="json")
    assert response.status_code == 403
    assert "credentials were not provided" in response.json()["detail"]
    assert Deck.objects.count() == 1


def test_http_basic_authentication_works_for_scripts(owner):
    make_deck(owner)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=_basic("ned", "winter-is-coming"))
    assert client.get(LIST_URL).json()["count"] == 1
    client.credentials(HTTP_AUTHORIZATION=_basic("ned", "wrong"))
    response = client.get(LIST_URL)
    # 403, not 401: session authentication comes first, so no WWW-Authenticate challenge.
    assert response.status_code == 403
    assert "Invalid username/password" in response.json()["detail"]


def _basic(username: str, password: str) -> str:
    import base64

    return "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode()


def test_session_writes_need_a_csrf_token(owner):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(owner)
    body = {"name": "X", "decklist": core_stark_text()}
    response = client.post(LIST_URL, body, format="json")
    assert response.status_code == 403
    assert "CSRF" in response.json()["detail"]
    assert not Deck.objects.exists()


def test_schema_documents_the_deck_endpoints(client):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    text = response.content.decode()
    for path in ("/api/decks/:", "/api/decks/{id}/:", "/api/decks/{id}/clone/:"):
        assert path in text
