"""The API names what it does not take: an unknown query parameter is a 400 naming it (not
every card of the pool), and an address under /api/ that does not exist answers JSON."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("path", "known"),
    [
        ("/api/cards/", "it takes page, q"),
        ("/api/products/", "it takes none"),
        ("/api/decks/validate/", "it takes deck_format"),
    ],
)
def test_an_unknown_query_parameter_is_a_400_naming_it(path, known):
    client = Client()
    response = client.get(path, {"code": "core_1"}) if "validate" not in path else None
    if response is None:
        response = client.post(
            path + "?code=core_1", {"decklist": "House Stark"}, content_type="application/json"
        )
    assert response.status_code == 400
    body = response.json()
    assert body["problems"] == [f"Unknown query parameter 'code': {known}."]
    assert "'code'" in body["detail"]


def test_the_known_parameters_still_work():
    response = Client().get("/api/cards/", {"q": "e:core t:plot", "page": "1", "format": "json"})
    assert response.status_code == 200 and response.json()["count"] > 0


def test_an_unknown_api_address_answers_json():
    response = Client().get("/api/nope/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    assert "/api/nope/" in response.json()["detail"]
    # A page address keeps its HTML page.
    page = Client().get("/nope-at-all/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")
