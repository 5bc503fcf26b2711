"""An organizer runs a small event end to end in a real browser: create, register four
players with the fixture decks, two rounds with results, standings, export."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from tournaments.models import Event
from tournaments.selectors import event_standings

DECKS = Path(__file__).resolve().parents[2] / "fixtures" / "decks"
PLAYERS = [
    ("Ann", "core-stark"),
    ("Bob", "core-lannister"),
    ("Cat", "core-baratheon"),
    ("Dan", "core-targaryen"),
]


def record_results(page, outcome: str) -> None:
    """Record every table of the current round from the manage page."""
    forms = page.locator("form[action*='/result/']")
    for index in range(forms.count()):
        form = page.locator("form[action*='/result/']").nth(index)
        form.locator("select[name=outcome]").select_option(outcome)
        form.locator("button[type=submit]").click()
        expect(page.locator(".messages")).to_contain_text("result recorded")


@pytest.mark.usefixtures("card_pool")
def test_a_small_joust_from_creation_to_export(live_server, page):
    User.objects.create_user("varys", password="little-birds-77")
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "varys")
    page.fill("#id_password", "little-birds-77")
    page.click("main button[type=submit]")

    page.goto(f"{live_server.url}/events/new/")
    page.fill("#id_name", "Browser Joust")
    page.fill("#id_date", "2026-12-04")
    page.fill("#id_rounds", "2")
    page.fill("#id_cut_size", "0")
    page.click("main button[type=submit]")
    expect(page).to_have_url(re.compile(r"/events/\d+/manage/players/$"))
    event = Event.objects.get(name="Browser Joust")

    for name, deck in PLAYERS:
        page.fill("#id_name", name)
        page.fill("#id_decklist", (DECKS / f"{deck}.txt").read_text(encoding="utf-8"))
        page.click("#register button[type=submit]")
        expect(page.locator(".messages")).to_contain_text(f"{name} is registered")
    expect(page.locator("#entrants tbody tr")).to_have_count(4)
    page.get_by_role("link", name="Round", exact=True).click()

    # Round 1: every first seat wins; round 2: every first seat draws.
    page.get_by_role("button", name="Pair round 1").click()
    expect(page.locator(".messages")).to_contain_text("The round is paired")
    record_results(page, "win")
    page.get_by_role("button", name="Pair round 2").click()
    expect(page.locator(".messages")).to_contain_text("The round is paired")
    record_results(page, "draw")

    # The public standings: two players on 7 (win + draw), two on 2 (loss + draw).
    page.goto(f"{live_server.url}/events/{event.pk}/standings/")
    points = page.locator("table.standings tbody tr td:nth-child(3)").all_inner_texts()
    assert points == ["7", "7", "2", "2"]
    names = page.locator("table.standings tbody tr td:nth-child(2)").all_inner_texts()
    expected = [event.entrants.get(pk=int(r.id)).name for r in event_standings(event)]
    assert names == expected

    # The public pairings page sorts by name.
    page.goto(f"{live_server.url}/events/{event.pk}/pairings/?sort=name")
    first_column = page.locator("table.pairings tbody tr td:nth-child(1)").all_inner_texts()
    assert first_column == ["Ann", "Bob", "Cat", "Dan"]

    # Exports: the CSV and the JSON of the whole event.
    csv = page.request.get(f"{live_server.url}/events/{event.pk}/standings.csv")
    assert csv.ok
    assert csv.text().splitlines()[1].split(",")[1] == expected[0]
    exported = page.request.get(f"{live_server.url}/events/{event.pk}/export.json")
    assert exported.ok
    document = json.loads(exported.text())
    assert len(document["entrants"]) == 4 and len(document["rounds"]) == 2
    assert [row["name"] for row in document["standings"]] == expected
