"""``problems`` has one shape in the deck API: a list of objects with a ``code`` and a
``message``, in validate's verdict (200) and in any 400 of validate, create and change alike."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from decks.models import Deck
from tests.decks.test_deck_api import core_stark_text

pytestmark = pytest.mark.django_db

VALIDATE = "/api/decks/validate/"
DECKS = "/api/decks/"


def _client(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_validate_and_create_give_the_same_problems_for_the_same_unreadable_lines(owner):
    text = core_stark_text() + "\n2x Edard Strak of the North\n1x Nothing Like A Card At All\n"
    client = _client(owner)
    checked = client.post(VALIDATE, {"decklist": text, "format": "core"}, format="json")
    created = client.post(DECKS, {"decklist": text, "format": "core"}, format="json")
    assert (checked.status_code, created.status_code) == (200, 400)
    unreadable = [p for p in checked.json()["problems"] if p["code"] == "unreadable_line"]
    count = len(text.splitlines())
    assert [p["line"] for p in unreadable] == [count - 1, count]
    assert created.json()["problems"] == unreadable
    first = unreadable[0]
    assert first["text"] == "2x Edard Strak of the North" and first["suggestions"]
    assert first["message"] and "line" not in first["message"]  # the number is its own key
    assert not Deck.objects.exists()


@pytest.mark.parametrize(
    ("body", "code", "fragment"),
    [
        ({"decklist": "   "}, "unreadable_deck", "The decklist is empty"),
        ({"deck": {"house": "Stark", "colour": "red"}}, "unreadable_deck", "Unknown key 'colour'"),
        ({"deck": ["core_2"]}, "deck_not_object", '"deck" must be a JSON object'),
        ({"deck": {"house": "Stark"}, "decklist": "House Stark"}, "deck_and_decklist", "deck"),
        ({"format": "sealed", "decklist": "House Stark"}, "invalid_field", "sealed"),
    ],
)
def test_validate_and_create_refuse_the_same_input_with_the_same_code(owner, body, code, fragment):
    client = _client(owner)
    for url in (VALIDATE, DECKS):
        response = client.post(url, {"name": "X", **body}, format="json")
        assert response.status_code == 400, (url, response.json())
        data = response.json()
        assert [p["code"] for p in data["problems"]] == [code], url
        assert fragment in data["problems"][0]["message"] and fragment in data["detail"], url
    assert not Deck.objects.exists()


def test_a_field_problem_names_its_field(owner):
    response = _client(owner).post(DECKS, {"name": "X", "format": "sealed"}, format="json")
    assert response.json()["problems"] == [
        {
            "code": "invalid_field",
            "field": "format",
            "message": 'format: Unknown format "sealed"; choose one of casual, core, joust, melee.',
        }
    ]


def test_a_body_that_cannot_be_read_is_a_problem_object_too(owner):
    for url in (VALIDATE, DECKS):
        response = _client(owner).post(url, "{not json", content_type="application/json")
        assert response.status_code == 400
        [problem] = response.json()["problems"]
        assert problem["code"] == "unreadable_body" and "JSON parse error" in problem["message"]


def test_an_unknown_deck_format_of_a_text_body_is_a_problem_object():
    response = APIClient().post(
        f"{VALIDATE}?deck_format=sealed", "House Stark", content_type="text/plain"
    )
    assert response.status_code == 400
    [problem] = response.json()["problems"]
    assert (problem["code"], problem["field"]) == ("unknown_format", "deck_format")


def test_the_schema_gives_both_endpoints_one_problem_shape(client):
    schema = client.get("/api/schema/?format=json").json()
    components = schema["components"]["schemas"]

    def error_of(path: str, method: str) -> str:
        content = schema["paths"][path][method]["responses"]["400"]["content"]
        return content["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]

    assert error_of(VALIDATE, "post") == error_of(DECKS, "post") == "Problems"
    problems = components["Problems"]["properties"]["problems"]["items"]["$ref"]
    verdict = components["Verdict"]["properties"]["problems"]["items"]["$ref"]
    assert problems == verdict
    problem = components[problems.rsplit("/", 1)[-1]]
    assert {"code", "message"} <= set(problem["required"])
    assert {"line", "text", "suggestions", "field"} <= set(problem["properties"])
