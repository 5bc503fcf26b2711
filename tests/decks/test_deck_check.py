"""Checking a decklist without storing it: the fixture decks, validate_deck, the API."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from decks.check import UnreadableDeck, deck_check

pytestmark = pytest.mark.django_db

DECKS = Path(__file__).resolve().parents[2] / "fixtures" / "decks"
CORE_DECKS = sorted(DECKS.glob("core-*.txt"))
URL = "/api/decks/validate/"


def test_there_are_core_decks_for_each_of_the_four_core_houses():
    houses = [p.stem.split("-")[1] for p in CORE_DECKS]
    assert sorted(set(houses)) == ["baratheon", "lannister", "stark", "targaryen"]
    assert all(houses.count(house) >= 2 for house in set(houses))


@pytest.mark.parametrize("path", CORE_DECKS, ids=lambda p: p.stem)
@pytest.mark.parametrize("fmt", ["joust", "melee", "core", "casual"])
def test_each_core_deck_is_legal_with_60_cards_and_7_plots(path, fmt):
    result = deck_check(path.read_text(encoding="utf-8"), fmt)
    assert result.problems == []
    assert (result.plot_count, result.deck_count) == (7, 60)
    assert result.deck.house == path.stem.split("-")[1].title()
    assert all(code.startswith("core_") for code in result.deck.entries)


def _run(*args, stdin: str | None = None) -> tuple[int, str, str]:
    out, err = StringIO(), StringIO()
    with pytest.raises(SystemExit) as stop:
        call_command("validate_deck", *args, stdout=out, stderr=err)
    return stop.value.code, out.getvalue(), err.getvalue()


def test_command_exits_0_for_a_legal_deck():
    code, out, _ = _run(str(DECKS / "core-stark.txt"))
    assert code == 0
    assert "is legal for Joust" in out


def test_command_exits_1_and_names_every_problem(tmp_path):
    text = (DECKS / "core-stark.txt").read_text(encoding="utf-8")
    broken = text.replace("1x Summoning Season (Core)\n", "").replace(
        "2x Arya Stark (Core)", "2x Arya Stark (Core)\n1x Tyrion Lanister (Core)"
    )
    path = tmp_path / "deck.txt"
    path.write_text(broken, encoding="utf-8")
    code, out, _ = _run(str(path), "--format", "joust", "--json")
    assert code == 1
    verdict = json.loads(out)
    assert verdict["valid"] is False
    codes = [p["code"] for p in verdict["problems"]]
    assert "plot_deck_size" in codes
    # The misspelled Lannister card is read (a near-certain typo) and noted, then found illegal.
    assert "house_only" in codes or any("Tyrion" in n["message"] for n in verdict["notes"])


def test_command_reports_unreadable_lines_with_their_number(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("House Stark\n3x Eddard Stark\n2x Completely Unknown Card Name\n", "utf-8")
    code, out, _ = _run(str(path), "--json")
    assert code == 1
    unreadable = [p for p in json.loads(out)["problems"] if p["code"] == "unreadable_line"]
    assert [p["line"] for p in unreadable] == [3]


def test_command_exits_2_for_a_file_it_cannot_read(tmp_path):
    code, _, err = _run(str(tmp_path / "missing.txt"))
    assert code == 2 and "Cannot read" in err
    empty = tmp_path / "empty.txt"
    empty.write_text("  \n", encoding="utf-8")
    code, out, _ = _run(str(empty), "--json")
    assert code == 2 and json.loads(out)["error"] == "The decklist is empty."
    bad_json = tmp_path / "deck.json"
    bad_json.write_text('{"house": "Stark", "cards": [1, 2]}', encoding="utf-8")
    code, _, err = _run(str(bad_json))
    assert code == 2 and "cards" in err


def test_command_reads_a_json_deck(tmp_path):
    result = deck_check((DECKS / "core-lannister.txt").read_text(encoding="utf-8"))
    deck = {"house": "Lannister", "agendas": [], "cards": result.deck.entries}
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(deck), encoding="utf-8")
    code, out, _ = _run(str(path), "--format", "core", "--json")
    assert code == 0 and json.loads(out)["deck_count"] == 60


def test_unknown_format_is_refused():
    with pytest.raises(UnreadableDeck, match="Unknown format"):
        deck_check("House Stark", "standard")


def test_api_validates_text_in_json_or_as_the_body(client):
    text = (DECKS / "core-targaryen.txt").read_text(encoding="utf-8")
    response = client.post(
        URL, {"format": "joust", "decklist": text}, content_type="application/json"
    )
    assert response.status_code == 200
    body = response.json()
    assert body["valid"] is True and body["deck_count"] == 60
    plain = client.post(f"{URL}?deck_format=melee", text, content_type="text/plain")
    assert plain.status_code == 200 and plain.json()["valid"] is True


def test_api_validates_a_json_deck_and_lists_all_problems(client):
    deck = {"house": "Stark", "cards": {"core_5": 4, "core_192": 1}}
    response = client.post(URL, {"deck": deck}, content_type="application/json")
    assert response.status_code == 200
    body = response.json()
    assert body["valid"] is False
    codes = {p["code"] for p in body["problems"]}
    # Four Eddard Starks, a Lannister-only plot, 1 plot, 4 cards in the House deck.
    assert {"over_deck_limit", "house_only", "plot_deck_size", "house_deck_too_small"} <= codes
    limit = next(p for p in body["problems"] if p["code"] == "over_deck_limit")
    assert (limit["count"], limit["limit"], limit["cards"]) == (4, 3, ["core_5"])


@pytest.mark.parametrize(
    ("payload", "content_type", "fragment"),
    [
        ({"format": "joust"}, "application/json", "exactly one of"),
        ({"decklist": "House Stark", "deck": {}}, "application/json", "exactly one of"),
        ({"format": "vintage", "decklist": "House Stark"}, "application/json", "format"),
        ({"deck": ["core_1"]}, "application/json", "JSON object"),
        ({"deck": {"house": "Stark", "cards": {"core_1": "three"}}}, "application/json", "core_1"),
        ({"decklist": "   "}, "application/json", "empty"),
        ("{not json", "application/json", "JSON parse error"),
    ],
)
def test_api_bad_bodies_get_400_with_the_reason(client, payload, content_type, fragment):
    data = payload if isinstance(payload, str) else json.dumps(payload)
    response = client.post(URL, data, content_type=content_type)
    assert response.status_code == 400
    assert fragment in json.dumps(response.json())


def test_api_validate_is_in_the_schema(client):
    schema = client.get("/api/schema/?format=json").json()
    assert "post" in schema["paths"]["/api/decks/validate/"]
