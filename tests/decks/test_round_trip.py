"""Every export of a deck imports back through every import of the site (issue 33's round
trip): the text and JSON exports of a deck and of its published decklist, read by the import
page, an event's registration, the deck API (create and validate) and ``python -m
gameplay.engine.coverage --deck FILE``, give the same House, agendas and cards, and the import
keeps the deck's name; an event's registration takes the list's link and the deck's share link
too. Over every deck of fixtures/decks (the Core starter decks and the pool's)."""

from __future__ import annotations

import datetime
import json
import re
from collections import Counter
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from decklists.services import decklist_publish
from decks import services as svc
from decks.check import read_text
from decks.models import Deck
from gameplay.engine.coverage import read_deck_file
from tournaments.services import entrant_register, event_create

pytestmark = pytest.mark.django_db
DECKS = Path(__file__).resolve().parents[2] / "fixtures" / "decks"
NAMES = sorted(path.stem for path in DECKS.glob("*.txt"))


def spec_of(deck: Deck) -> tuple[str, tuple[str, ...], dict[str, int]]:
    spec = deck.to_spec()
    return spec.house, tuple(spec.agendas), dict(spec.entries)


@pytest.fixture
def owner(db):
    return User.objects.create_user("sam", password="old-books-and-ravens")


@pytest.mark.parametrize("name", NAMES)
def test_each_export_imports_back_through_each_import(name, owner, client, tmp_path):
    parsed = read_text((DECKS / f"{name}.txt").read_text(encoding="utf-8"))
    assert not parsed.problems, parsed.problems
    original = svc.deck_create(
        owner=owner,
        name=f"{name} as built",
        house=parsed.deck.house,
        agenda_codes=parsed.deck.agendas,
        entries=parsed.deck.entries,
        format="casual",
    )
    expected = spec_of(original)
    client.force_login(owner)
    published = decklist_publish(deck=original, user=owner, title=original.name)
    exports = {
        "text": client.get(reverse("deckbuilder:deck_export_text", args=[original.pk])),
        "json": client.get(reverse("deckbuilder:deck_export_json", args=[original.pk])),
        "list text": client.get(reverse("decklists:export_text", args=[published.pk])),
        "list json": client.get(reverse("decklists:export_json", args=[published.pk])),
    }
    organizer = User.objects.create_user(f"org-{name}", password="little-birds-77")
    event = event_create(
        organizer=organizer,
        name="Round Trip",
        date=datetime.date(2026, 12, 5),
        deck_format="casual",
    )
    for kind, response in exports.items():
        assert response.status_code == 200, kind
        content = response.content.decode()

        # The import page: a new deck, named as the list names it.
        made = client.post(reverse("deckbuilder:deck_import"), {"text": content})
        assert made.status_code == 302, (kind, made.content.decode()[:600])
        imported = Deck.objects.filter(owner=owner).order_by("-pk").first()
        assert spec_of(imported) == expected, kind
        assert imported.name == original.name, kind

        # An event's registration (the organizer's paste box).
        entrant = entrant_register(event=event, user=organizer, name=f"{kind} player", deck=content)
        assert entrant.house == expected[0]
        frozen = entrant.decklist
        assert Counter(frozen["cards"]) == Counter(expected[2]), kind
        assert tuple(frozen.get("agendas", ())) == expected[1], kind

        # The deck API: validate, then create.
        is_json = kind.endswith("json")
        body = {"deck": json.loads(content)} if is_json else {"decklist": content}
        checked = client.post(
            reverse("decks_api:deck-validate"),
            {**body, "format": "casual"},
            content_type="application/json",
        )
        assert checked.status_code == 200, (kind, checked.content.decode()[:600])
        created = client.post(
            reverse("decks_api:deck-list"),
            {**body, "name": f"{kind} by API", "format": "casual"},
            content_type="application/json",
        )
        assert created.status_code == 201, (kind, created.content.decode()[:600])
        by_api = Deck.objects.get(pk=created.json()["id"])
        assert spec_of(by_api) == expected, kind

        # The engine's reader of deck files (coverage --deck, simulate --decks).
        path = tmp_path / f"{name}-{kind.replace(' ', '-')}.{'json' if is_json else 'txt'}"
        path.write_text(content, encoding="utf-8")
        player = read_deck_file(path)
        assert player.house == expected[0], kind
        assert Counter(player.deck) == Counter(expected[2]), kind
        assert (player.agenda,) == (expected[1] or (None,)), kind

    # The links a player pastes instead of a list: the published list's and the share link.
    for kind, link in (
        ("list link", f"https://elsewhere.example{published.get_absolute_url()}"),
        ("share link", reverse("deckbuilder:deck_shared", args=[original.share_token])),
    ):
        entrant = entrant_register(event=event, user=organizer, name=f"{kind} player", deck=link)
        assert Counter(entrant.decklist["cards"]) == Counter(expected[2]), kind
        assert tuple(entrant.decklist.get("agendas", ())) == expected[1], kind
        assert entrant.deck_name == original.name, kind


def test_a_json_export_keeps_its_name_and_an_unknown_key_is_still_refused(owner, client):
    client.force_login(owner)
    body = {"name": "Winter", "house": "Stark", "cards": {"core_2": 3}, "colour": "red"}
    response = client.post(reverse("deckbuilder:deck_import"), {"text": json.dumps(body)})
    assert response.status_code == 400
    assert "Unknown key &#x27;colour&#x27;" in response.content.decode()
    body.pop("colour")
    body["name"] = 7
    response = client.post(reverse("deckbuilder:deck_import"), {"text": json.dumps(body)})
    assert response.status_code == 400 and "name must be a string" in response.content.decode()


def test_section_headers_without_counts_read_in_the_engine_too(tmp_path):
    text = (DECKS / "core-stark.txt").read_text(encoding="utf-8")
    bare = re.sub(r"^([A-Za-z][A-Za-z ]*) \(\d+\)$", r"\1", text, flags=re.M)
    assert "Plots\n" in bare + "\n"
    path = tmp_path / "bare.txt"
    path.write_text(bare, encoding="utf-8")
    assert Counter(read_deck_file(path).deck) == Counter(
        read_deck_file(DECKS / "core-stark.txt").deck
    )
