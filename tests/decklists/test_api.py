"""The read-only API of published decklists: the list page's filters and sort as query
parameters (an unknown one or a bad value is a 400 naming it), pages, one list, the schema."""

from __future__ import annotations

from datetime import datetime

import pytest
import yaml
from django.db import connection
from django.test.utils import CaptureQueriesContext
from drf_spectacular.validation import validate_schema
from rest_framework.test import APIClient

from cards.models import Card, Product
from cards.services import collection_set
from decklists import selectors
from decklists import services as svc
from decklists.selectors import FILTERS
from decks import services as deck_svc
from tests.decks.test_deck_services import legal_core_entries

pytestmark = pytest.mark.django_db

LIST = "/api/decklists/"
TREATY = "low_39"  # Treaty with the North, an agenda from Lords of Winter


def detail(decklist) -> str:
    return f"{LIST}{decklist.pk}/"


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def titles(response) -> list[str]:
    assert response.status_code == 200, response.json()
    return [row["title"] for row in response.json()["results"]]


@pytest.fixture
def lannister_list(other):
    deck = deck_svc.deck_create(
        owner=other, name="Gold", house="Lannister", entries=legal_core_entries("Lannister")
    )
    return svc.decklist_publish(deck=deck, user=other, title="Lannister gold")


@pytest.fixture
def treaty_list(owner):
    deck = deck_svc.deck_create(
        owner=owner,
        name="Treaty",
        house="Stark",
        agenda_codes=[TREATY],
        entries=legal_core_entries(),
    )
    return svc.decklist_publish(deck=deck, user=owner, title="Stark treaty")


@pytest.fixture
def three(decklist, lannister_list, treaty_list):
    """Three published lists, oldest first: Winter rush, Lannister gold, Stark treaty."""
    return decklist, lannister_list, treaty_list


# The list -----------------------------------------------------------------------------------


def test_the_list_needs_no_login_and_gives_each_list_its_summary(decklist):
    response = api().get(LIST)
    assert response.status_code == 200
    data = response.json()
    assert set(data) == {"count", "next", "previous", "notes", "results"}
    assert (data["count"], data["next"], data["previous"], data["notes"]) == (1, None, None, [])
    [row] = data["results"]
    assert set(row) == {
        "id", "url", "page_url", "title", "author", "player_name", "house", "agendas",
        "format", "joust_legal", "melee_legal", "automation", "like_count", "favourite_count",
        "copy_count", "comment_count", "published", "origin", "origin_url",
    }  # fmt: skip
    assert row["id"] == decklist.pk and row["title"] == "Winter rush"
    assert row["url"] == f"http://testserver{detail(decklist)}"
    assert row["page_url"] == f"http://testserver/decklists/{decklist.pk}/"
    assert (row["author"], row["player_name"], row["house"]) == ("ned", "", "Stark")
    assert (row["format"], row["joust_legal"]) == ("joust", True)
    assert row["automation"] == {"automated": decklist.automated, "total": decklist.card_total}
    assert datetime.fromisoformat(row["published"]) == decklist.published
    assert api().get(row["url"]).status_code == 200


def test_the_list_is_newest_first_and_names_agendas(three):
    response = api().get(LIST)
    assert titles(response) == ["Stark treaty", "Lannister gold", "Winter rush"]
    assert response.json()["results"][0]["agendas"] == ["Treaty with the North"]


def test_an_unpublished_list_is_off_the_list(three, owner):
    winter, _, _ = three
    svc.decklist_unpublish(decklist=winter, user=owner)
    assert "Winter rush" not in titles(api().get(LIST))


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"house": "Lannister"}, ["Lannister gold"]),
        ({"house": "Stark"}, ["Stark treaty", "Winter rush"]),
        ({"format": "joust"}, ["Stark treaty", "Lannister gold", "Winter rush"]),
        ({"agenda": TREATY}, ["Stark treaty"]),
        ({"product": "lords-of-winter"}, ["Stark treaty"]),
        ({"product": "core"}, ["Stark treaty", "Lannister gold", "Winter rush"]),
        ({"author": "cersei"}, ["Lannister gold"]),
        ({"author": "nobody"}, []),
        ({"card": "t:agenda"}, ["Stark treaty"]),
        ({"house": "Stark", "agenda": TREATY, "sort": "newest"}, ["Stark treaty"]),
    ],
)
def test_each_filter_keeps_the_lists_that_pass_it(three, params, expected):
    assert titles(api().get(LIST, params)) == expected


def test_the_card_filter_reads_the_search_language(three):
    winter, lannister_list, _ = three
    starks = set(winter.snapshot["cards"])
    code = next(code for code in lannister_list.snapshot["cards"] if code not in starks)
    name = Card.objects.get(code=code).name
    assert titles(api().get(LIST, {"card": f'"{name}"'})) == ["Lannister gold"]


def test_the_format_filter_keeps_lists_legal_in_it(three):
    winter, _, _ = three
    winter.melee_legal = False
    winter.save(update_fields=["melee_legal"])
    assert "Winter rush" not in titles(api().get(LIST, {"format": "melee"}))
    assert "Winter rush" in titles(api().get(LIST, {"format": "joust"}))


def test_sort_by_likes_and_by_copies(three, owner, other):
    winter, lannister, _ = three
    svc.decklist_like(decklist=winter, user=other)
    svc.decklist_like(decklist=winter, user=owner)
    svc.decklist_like(decklist=lannister, user=owner)
    assert titles(api().get(LIST, {"sort": "likes"})) == [
        "Winter rush",
        "Lannister gold",
        "Stark treaty",
    ]
    svc.decklist_copy(decklist=lannister, user=owner)
    assert titles(api().get(LIST, {"sort": "copies"}))[0] == "Lannister gold"
    assert api().get(LIST, {"sort": "likes"}).json()["results"][0]["like_count"] == 2


def test_owned_keeps_the_lists_the_caller_can_build(three, other):
    winter, _, _ = three
    needed = {p.product.code: p.copies for p in winter.products.select_related("product")}
    collection_set(user=other, copies={"core": needed["core"] + 1})
    names = titles(api(other).get(LIST, {"owned": "1"}))
    assert "Stark treaty" not in names and "Winter rush" in names  # no Lords of Winter
    collection_set(user=other, copies={"lords-of-winter": 1})
    assert "Stark treaty" in titles(api(other).get(LIST, {"owned": "1"}))
    assert len(titles(api(other).get(LIST, {"owned": "0"}))) == 3


def test_owned_with_no_packs_recorded_says_so(three, other):
    response = api(other).get(LIST, {"owned": "1"})
    assert titles(response) == []
    assert "Record the packs you own first" in response.json()["notes"][0]


def test_owned_needs_a_logged_in_caller(three):
    response = api().get(LIST, {"owned": "1"})
    assert response.status_code == 400
    assert response.json()["problems"] == [
        "owned needs a logged-in account (a session or HTTP Basic): it keeps the lists you "
        "can build from the packs recorded in your collection."
    ]
    assert api().get(LIST, {"owned": "0"}).status_code == 200


# What the list does not take ------------------------------------------------------------------


def test_an_unknown_parameter_is_a_400_naming_it(decklist):
    response = api().get(LIST, {"faction": "stark", "house": "Stark"})
    assert response.status_code == 400
    known = ", ".join(sorted(FILTERS))
    assert response.json()["problems"] == [f"Unknown query parameter 'faction': it takes {known}."]
    assert "'faction'" in response.json()["detail"]


@pytest.mark.parametrize(
    ("params", "fragment"),
    [
        ({"house": "Stork"}, "Unknown House 'Stork'"),
        ({"format": "sealed"}, "Unknown format 'sealed'"),
        ({"format": "json"}, "Unknown format 'json'"),  # the filter, not DRF's renderer
        ({"agenda": "core_1"}, "No agenda has the code 'core_1'"),
        ({"product": "nope"}, "No product has the code 'nope'"),
        ({"sort": "best"}, "Unknown sort 'best'"),
        ({"card": "c>>"}, "The card filter cannot be read"),
        ({"owned": "yes"}, "Unknown owned 'yes'"),
        ({"page": "two"}, "Unknown page 'two'"),
        ({"page": "0"}, "Unknown page '0'"),
        ({"page": "9" * 5000}, "Unknown page"),
    ],
)
def test_a_bad_value_is_a_400_naming_it(decklist, params, fragment):
    response = api().get(LIST, params)
    assert response.status_code == 400
    data = response.json()
    [problem] = data["problems"]
    assert fragment in problem and fragment in data["detail"]


def test_every_bad_value_is_named_at_once(decklist):
    response = api().get(LIST, {"house": "Stork", "sort": "best", "page": "x"})
    assert response.status_code == 400
    problems = response.json()["problems"]
    assert len(problems) == 3
    assert all(any(word in p for p in problems) for word in ("Stork", "best", "'x'"))


# Pages ----------------------------------------------------------------------------------------


def test_pages_link_to_each_other_like_the_other_lists(three, monkeypatch):
    monkeypatch.setattr(selectors, "PER_PAGE", 2)
    first = api().get(LIST, {"house": "Stark"}).json()
    assert first["count"] == 2 and first["next"] is None
    first = api().get(LIST).json()
    assert first["count"] == 3 and first["previous"] is None
    assert [r["title"] for r in first["results"]] == ["Stark treaty", "Lannister gold"]
    assert first["next"] == "http://testserver/api/decklists/?page=2"
    second = api().get(first["next"]).json()
    assert [r["title"] for r in second["results"]] == ["Winter rush"]
    assert second["next"] is None and second["previous"] == "http://testserver/api/decklists/"


def test_the_links_keep_the_filters(three, monkeypatch):
    monkeypatch.setattr(selectors, "PER_PAGE", 1)
    data = api().get(LIST, {"house": "Stark", "page": "2"}).json()
    assert [r["title"] for r in data["results"]] == ["Winter rush"]
    assert data["previous"] == "http://testserver/api/decklists/?house=Stark"
    assert data["next"] is None
    data = api().get(LIST, {"house": "Stark", "sort": "newest"}).json()
    assert "house=Stark" in data["next"] and "sort=newest" in data["next"]


def test_a_page_past_the_last_is_a_404_naming_the_last(decklist):
    response = api().get(LIST, {"page": "3"})
    assert response.status_code == 404
    assert response.json() == {"detail": "Page 3 is past the last page (1)."}
    assert api().get(LIST, {"page": "1"}).status_code == 200


def test_an_empty_list_is_one_empty_page():
    data = api().get(LIST).json()
    assert (data["count"], data["results"], data["next"]) == (0, [], None)


def test_the_list_makes_the_same_few_queries_for_more_lists(decklist, lannister_list, other):
    client = api()
    client.get(LIST)  # warms the card pool cache
    with CaptureQueriesContext(connection) as two:
        assert client.get(LIST).status_code == 200
    deck = lannister_list.deck
    for n in range(3):
        svc.decklist_publish(deck=deck, user=other, title=f"Gold {n}")
    with CaptureQueriesContext(connection) as five:
        assert client.get(LIST).json()["count"] == 5
    assert len(five) == len(two)


# One list -------------------------------------------------------------------------------------


def test_the_detail_adds_description_verdicts_cards_and_exports(treaty_list):
    svc.decklist_update(
        decklist=treaty_list,
        user=treaty_list.author,
        title="Stark treaty",
        description="Hi <script>alert(1)</script> **bold**",
    )
    response = api().get(detail(treaty_list))
    assert response.status_code == 200
    data = response.json()
    assert data["title"] == "Stark treaty" and data["agendas"] == ["Treaty with the North"]
    assert data["unpublished"] is None
    assert data["description"] == "Hi <script>alert(1)</script> **bold**"
    assert "<script>" not in data["description_html"]
    assert "<strong>bold</strong>" in data["description_html"]
    assert data["verdicts"] == {"joust": [], "melee": treaty_list.verdicts["melee"]}
    assert data["deck"] == treaty_list.snapshot
    assert data["deck"]["agendas"] == [TREATY]
    cards = {row["code"]: row for row in data["cards"]}
    assert cards[TREATY] == {
        "code": TREATY,
        "name": "Treaty with the North",
        "count": 1,
        "product": "lords-of-winter",
    }
    assert {c: row["count"] for c, row in cards.items() if c != TREATY} == dict(
        treaty_list.snapshot["cards"]
    )
    text = api().get(data["exports"]["text"])
    assert text.status_code == 200 and "Stark treaty" in text.content.decode()
    exported = api().get(data["exports"]["json"]).json()
    assert exported["name"] == "Stark treaty" and exported["agendas"] == [TREATY]


def test_an_unpublished_list_still_answers_with_its_cards(decklist, owner):
    svc.decklist_unpublish(decklist=decklist, user=owner)
    decklist.refresh_from_db()
    response = api().get(detail(decklist))
    assert response.status_code == 200
    data = response.json()
    assert datetime.fromisoformat(data["unpublished"]) == decklist.unpublished
    assert sum(row["count"] for row in data["cards"]) == sum(decklist.snapshot["cards"].values())


def test_a_missing_list_is_a_json_404():
    response = api().get(f"{LIST}999999/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    assert response.json() == {"detail": "No decklist has this number."}


def test_the_detail_takes_no_query_parameter(decklist):
    response = api().get(detail(decklist), {"house": "Stark"})
    assert response.status_code == 400
    assert response.json()["problems"] == ["Unknown query parameter 'house': it takes none."]


def test_origin_url_is_absolute(decklist):
    decklist.origin, decklist.origin_url = "1st of 8 at Store night", "/events/7/"
    decklist.save(update_fields=["origin", "origin_url"])
    row = api().get(LIST).json()["results"][0]
    assert (row["origin"], row["origin_url"]) == (
        "1st of 8 at Store night",
        "http://testserver/events/7/",
    )


# Read-only, throttled, in the schema ----------------------------------------------------------


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_writes_are_405_in_json(decklist, owner, method):
    for url in (LIST, detail(decklist)):
        for client in (api(), api(owner)):
            response = getattr(client, method)(url, {"title": "Mine"}, format="json")
            assert response.status_code == 405, (url, method)
            assert response.json()["detail"] == f'Method "{method.upper()}" not allowed.'
    decklist.refresh_from_db()
    assert decklist.title == "Winter rush"


def test_the_list_is_throttled_like_the_other_read_apis(decklist, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"anon": "2/minute", "user": "5/minute"},
    }
    client = api()
    codes = [client.get(url).status_code for url in (LIST, detail(decklist), LIST)]
    assert codes == [200, 200, 429]
    assert "anonymous use of the API is limited to 2 requests" in client.get(LIST).json()["detail"]


def test_the_schema_documents_both_paths_and_every_filter(client):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    schema = yaml.safe_load(response.content)
    validate_schema(schema)
    paths = schema["paths"]
    for path in (LIST, "/api/decklists/{id}/"):
        assert set(paths[path]) <= {"get", "parameters"}, "read-only"
        assert "404" in paths[path]["get"]["responses"]
    listing = paths[LIST]["get"]
    parameters = {p["name"]: p for p in listing["parameters"]}
    assert set(parameters) == set(FILTERS)
    assert all(p.get("description") for p in parameters.values())
    assert parameters["format"]["schema"]["enum"] == ["joust", "melee"]
    assert parameters["page"]["schema"]["type"] == "integer"
    # The examples are real codes: an agenda's, a product's.
    [agenda] = [e["value"] for e in parameters["agenda"]["examples"].values()]
    assert Card.objects.get(code=agenda).card_type == Card.Type.AGENDA
    [product] = [e["value"] for e in parameters["product"]["examples"].values()]
    assert Product.objects.filter(code=product).exists()
    assert {"200", "400"} <= set(listing["responses"])
    components = schema["components"]["schemas"]
    page = components["DecklistPage"]["properties"]
    assert {"count", "next", "previous", "results"} <= set(page)
    one = components["DecklistDetail"]["properties"]
    assert {"cards", "deck", "verdicts", "exports", "unpublished", "description_html"} <= set(one)
    assert set(components["Decklist"]["properties"]) < set(one)
