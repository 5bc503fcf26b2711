"""The read-only JSON API: cards (searchable), products, and its OpenAPI schema."""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path

import pytest
import yaml
from django.conf import settings
from django.urls import reverse
from drf_spectacular.validation import validate_schema

from cards.models import Card, Product
from cards.search.language import SearchError
from cards.selectors import card_search

FIXTURES = Path(settings.BASE_DIR) / "fixtures" / "cards"
PAGE_SIZE = settings.REST_FRAMEWORK["PAGE_SIZE"]
CARDS_URL = "/api/cards/"


@cache
def fixtures() -> list[dict]:
    return [
        json.loads(path.read_text(encoding="utf-8")) for path in sorted(FIXTURES.glob("*.json"))
    ]


def fixture_card(code: str) -> dict:
    return next(c for f in fixtures() for c in f["cards"] if c["code"] == code)


def get_json(client, url: str, params: dict | None = None):
    response = client.get(url, params or {}, HTTP_ACCEPT="application/json")
    assert response["Content-Type"].startswith("application/json")
    return response, response.json()


def test_api_urls_are_where_the_docs_say():
    assert reverse("decks_api:card-list") == CARDS_URL
    assert reverse("decks_api:card-detail", args=["core_1"]) == "/api/cards/core_1/"
    assert reverse("decks_api:product-list") == "/api/products/"
    assert reverse("decks_api:product-detail", args=["core"]) == "/api/products/core/"


@pytest.mark.django_db
def test_card_list_is_paginated_over_every_card(client, django_assert_max_num_queries):
    total = sum(len(f["cards"]) for f in fixtures())
    with django_assert_max_num_queries(2):
        response, data = get_json(client, CARDS_URL)
    assert response.status_code == 200
    assert data["count"] == total
    assert len(data["results"]) == PAGE_SIZE
    assert data["previous"] is None
    assert data["next"].endswith(f"{CARDS_URL}?page=2")
    # Pool order: the first page is the first cards of the Core Set.
    first_codes = [c["code"] for c in fixtures()[0]["cards"][:PAGE_SIZE]]
    assert [c["code"] for c in data["results"]] == first_codes


@pytest.mark.django_db
def test_last_page_and_page_out_of_range(client):
    total = Card.objects.count()
    last = math.ceil(total / PAGE_SIZE)
    response, data = get_json(client, CARDS_URL, {"page": last})
    assert response.status_code == 200
    assert len(data["results"]) == total - (last - 1) * PAGE_SIZE
    assert data["next"] is None
    response, _ = get_json(client, CARDS_URL, {"page": last + 1})
    assert response.status_code == 404


@pytest.mark.django_db
def test_card_list_searches_with_q(client, django_assert_max_num_queries):
    query = "h:stark t:character c>=4"
    expected = list(card_search(query).values_list("code", flat=True))
    assert 0 < len(expected) <= PAGE_SIZE
    with django_assert_max_num_queries(2):
        response, data = get_json(client, CARDS_URL, {"q": query})
    assert response.status_code == 200
    assert data["count"] == len(expected)
    assert [c["code"] for c in data["results"]] == expected
    for card in data["results"]:
        assert "Stark" in card["houses"]
        assert card["card_type"] == "character"
        assert card["cost"] >= 4


@pytest.mark.django_db
def test_bad_query_is_a_400_listing_every_problem(client):
    query = "foo:bar c>x"
    with pytest.raises(SearchError) as info:
        card_search(query)
    response, data = get_json(client, CARDS_URL, {"q": query})
    assert response.status_code == 400
    assert data["problems"] == info.value.problems
    assert len(data["problems"]) == 2
    assert all(problem in data["detail"] for problem in data["problems"])


@pytest.mark.django_db
def test_card_detail_exposes_every_field(client, django_assert_max_num_queries):
    raw = fixture_card("core_13")  # Bran Stark: errata, restricted in joust
    with django_assert_max_num_queries(1):
        response, data = get_json(client, "/api/cards/core_13/")
    assert response.status_code == 200
    product = fixtures()[0]["product"]
    assert data["product"] == {"code": product["code"], "name": product["name"]}
    assert data["url"] == "http://testserver/cards/core_13/"
    for key, value in raw.items():
        assert data[key] == value, key
    assert isinstance(data["houses"], list)
    assert data["errata"] == raw["errata"] != []


@pytest.mark.django_db
def test_card_detail_of_a_plot_and_lists_as_arrays(client):
    raw = next(c for f in fixtures() for c in f["cards"] if c["naval_icons"])
    _, data = get_json(client, f"/api/cards/{raw['code']}/")
    assert data["naval_icons"] == raw["naval_icons"]
    assert data["icons"] == raw["icons"]
    assert data["keywords"] == raw["keywords"]
    assert data["traits"] == raw["traits"]


@pytest.mark.django_db
def test_unknown_card_is_a_json_404(client):
    response, data = get_json(client, "/api/cards/core_9999/")
    assert response.status_code == 404
    assert "detail" in data


@pytest.mark.django_db
def test_product_list_with_card_counts(client, django_assert_max_num_queries):
    with django_assert_max_num_queries(1):
        response, data = get_json(client, "/api/products/")
    assert response.status_code == 200
    assert [p["code"] for p in data] == [f["product"]["code"] for f in fixtures()]
    for product, fixture in zip(data, fixtures(), strict=True):
        assert product["card_count"] == fixture["product"]["card_count"] == len(fixture["cards"])
        assert product["kind"] == fixture["product"]["kind"]
        assert product["url"] == f"http://testserver/products/{product['code']}/"


@pytest.mark.django_db
def test_product_detail_lists_its_cards(client, django_assert_max_num_queries):
    fixture = fixtures()[1]
    code = fixture["product"]["code"]
    with django_assert_max_num_queries(2):
        response, data = get_json(client, f"/api/products/{code}/")
    assert response.status_code == 200
    assert data["name"] == fixture["product"]["name"]
    expected = sorted(fixture["cards"], key=lambda c: (c["number"], c["position"]))
    assert [c["code"] for c in data["cards"]] == [c["code"] for c in expected]
    assert data["cards"][0]["url"] == f"http://testserver/cards/{expected[0]['code']}/"
    response, _ = get_json(client, "/api/products/no-such-pack/")
    assert response.status_code == 404


@pytest.mark.django_db
def test_api_is_read_only(client):
    assert client.post(CARDS_URL, {}).status_code == 405
    assert client.delete("/api/cards/core_1/").status_code == 405
    assert Product.objects.filter(code="core").exists()


@pytest.mark.django_db
def test_schema_is_a_valid_openapi_document_with_the_card_paths(client):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    schema = yaml.safe_load(response.content)
    validate_schema(schema)  # raises on an invalid OpenAPI 3 document
    paths = schema["paths"]
    for path in ["/api/cards/", "/api/cards/{code}/", "/api/products/", "/api/products/{code}/"]:
        assert "get" in paths[path], path
        assert set(paths[path]) <= {"get", "parameters"}, "the API is read-only"
    card_list = paths["/api/cards/"]["get"]
    assert "q" in [p["name"] for p in card_list["parameters"]]
    assert "400" in card_list["responses"]
    card = schema["components"]["schemas"]["Card"]["properties"]
    assert card["houses"]["type"] == "array"
    product_ref = card["product"].get("$ref") or card["product"]["allOf"][0]["$ref"]
    assert product_ref == "#/components/schemas/ProductRef"
    assert "404" in paths["/api/cards/{code}/"]["get"]["responses"]
