"""A player builds a legal deck from nothing in a real browser, sees it turn legal, exports it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from cards.models import Card
from decks.check import read_deck
from decks.models import Deck

DECKS = Path(__file__).resolve().parents[2] / "fixtures" / "decks"


@pytest.mark.usefixtures("card_pool")
def test_build_a_legal_deck_in_the_builder_and_export_it(live_server, page):
    # A Core Stark list without one of its plots: legal once that plot is added.
    full = (DECKS / "core-stark.txt").read_text(encoding="utf-8")
    missing = Card.objects.get(code="core_181")  # Summoning Season
    assert f"1x {missing.name} (Core)\n" in full
    pasted = full.replace(f"1x {missing.name} (Core)\n", "")

    page.goto(f"{live_server.url}/accounts/signup/")
    page.fill("#id_username", "brienne")
    page.fill("#id_password1", "oathkeeper-2026")
    page.fill("#id_password2", "oathkeeper-2026")
    page.click("main button[type=submit]")
    expect(page.locator("header")).to_contain_text("brienne")

    page.goto(f"{live_server.url}/decks/")
    page.fill("input[name=name]", "Winter is coming")
    page.select_option("select[name=house]", "Stark")
    page.select_option("select[name=format]", "joust")
    page.locator("input[name=name]").press("Enter")
    expect(page).to_have_url(re.compile(r"/decks/\d+/edit/$"))
    validation = page.locator("#validation")
    expect(validation).to_have_class(re.compile(r"\bis-invalid\b"))

    # Paste most of the list, then find the last plot by typing and add it with +.
    page.fill("textarea[name=text]", pasted)
    page.locator("section.builder-import button[type=submit]").click()
    expect(validation).to_have_class(re.compile(r"\bis-invalid\b"))
    expect(validation).to_contain_text("Your plot deck has 6 cards; it needs exactly 7.")

    page.locator("#builder-q").press_sequentially("summoning", delay=30)
    row = page.locator(f'#search-results .search-row[data-code="{missing.code}"]')
    expect(row).to_be_visible()
    row.locator(".count-plus").click()
    expect(validation).to_have_class(re.compile(r"\bis-valid\b"))
    expect(validation).to_contain_text("Valid deck")
    expect(row.locator(".deck-count")).to_contain_text("1")

    # Export as text: reading it back gives the deck that was built.
    href = page.locator("#export-text").get_attribute("href")
    exported = page.request.get(f"{live_server.url}{href}")
    assert exported.ok
    deck = Deck.objects.get(owner__username="brienne")
    built, expected = read_deck(exported.text())[0], read_deck(full)[0]
    diff = set(built.entries.items()) ^ set(expected.entries.items())
    assert diff == set()
    assert built == deck.to_spec() == expected
