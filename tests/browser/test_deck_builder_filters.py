"""The deck builder's card list (issue 21): where it starts, one-click filters and sorts, an
empty search, the import's notes and errors, and the agenda's buttons, in a real browser."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from cards.models import Card
from decks import services as svc
from decks.check import read_deck

DECKS = Path(__file__).resolve().parents[2] / "fixtures" / "decks"
PASSWORD = "little-birds-77"


@pytest.fixture
def lannister_deck(card_pool):
    user = User.objects.create_user("varys", password=PASSWORD)
    spec = read_deck((DECKS / "core-lannister.txt").read_text(encoding="utf-8"))[0]
    return svc.deck_create(
        owner=user,
        name="Lions",
        house="Lannister",
        agenda_codes=["lotr_48"],  # The Power Behind the Throne
        entries=spec.entries,
    )


def open_builder(page, live_server, deck) -> None:
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "varys")
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    expect(page.locator("header")).to_contain_text("varys")
    page.goto(f"{live_server.url}/decks/{deck.pk}/edit/")


def row_codes(page) -> list[str]:
    return page.locator("#search-results .search-row").evaluate_all(
        "rows => rows.map(row => row.dataset.code)"
    )


def test_the_list_starts_on_the_house_and_filters_and_sorts_in_one_click(
    live_server, page, lannister_deck
):
    open_builder(page, live_server, lannister_deck)
    count = page.locator("#search-results .result-count")
    expect(count).to_contain_text("(Lannister and neutral)")
    cards = Card.objects.in_bulk(row_codes(page), field_name="code")
    assert cards and all(set(c.houses) & {"Lannister", "Neutral"} for c in cards.values())
    names = [cards[code].name for code in row_codes(page)]
    assert names == sorted(names, key=str.lower)  # by name, not Ice, Nymeria, Summer

    form = page.locator("#builder-search-form")
    form.get_by_role("radio", name="Events").click()
    expect(count).to_contain_text("(Lannister and neutral, events)")
    expect(page).to_have_url(re.compile(r"type=event"))
    kinds = {c.card_type for c in Card.objects.filter(code__in=row_codes(page))}
    assert kinds == {"event"}

    page.select_option("#builder-sort", "cost")
    expect(page).to_have_url(re.compile(r"sort=cost"))
    form.get_by_role("group", name="House").get_by_role("radio", name="All").click()
    expect(count).to_contain_text("(every House, events)")
    costs = [Card.objects.get(code=code).cost for code in row_codes(page)]
    present = [c for c in costs if c is not None]
    assert present == sorted(present) and present

    # A reload keeps the filters: they are in the address and the form.
    page.reload()
    expect(count).to_contain_text("(every House, events)")
    expect(page.locator("#builder-sort")).to_have_value("cost")


def test_an_empty_search_says_so_and_offers_every_house(live_server, page, lannister_deck):
    open_builder(page, live_server, lannister_deck)
    page.locator("#builder-q").press_sequentially("Arya Stark", delay=20)
    empty = page.locator("#search-results .no-results")
    expect(empty).to_contain_text("No cards match “Arya Stark” (Lannister and neutral).")
    empty.get_by_role("link", name="Search every House").click()
    expect(page.locator("#search-results .search-row").first).to_contain_text("Arya Stark")
    expect(page.locator('input[type=radio][name=house][value="all"]')).to_be_checked()


def test_the_agendas_buttons_stay_on_its_line(live_server, page, lannister_deck):
    open_builder(page, live_server, lannister_deck)
    line = page.locator("#deck-side .deck-agendas li").first
    name = line.locator("a[data-card]")
    plus = line.locator(".count-plus")
    expect(name).to_have_text("The Power Behind the Throne")
    name_box, plus_box = name.bounding_box(), plus.bounding_box()
    assert abs(name_box["y"] - plus_box["y"]) < name_box["height"], (name_box, plus_box)


def test_an_import_error_is_brought_into_view_and_typos_are_shown(
    live_server, page, lannister_deck
):
    open_builder(page, live_server, lannister_deck)
    good = (DECKS / "core-lannister.txt").read_text(encoding="utf-8")
    typo = good.replace("Tyrion Lannister", "Tyrion Lanister", 1)
    assert typo != good

    page.fill("textarea[name=text]", typo + "\n2x Nobody Anywhere\n")
    page.locator("#import button[type=submit]").click()
    error = page.locator("#import .deck-error")
    expect(error).to_contain_text("Nothing was replaced")
    expect(error).to_be_in_viewport()
    expect(page.locator("#import .import-notes")).to_contain_text("Tyrion Lanister")

    page.fill("textarea[name=text]", typo)
    page.locator("#import button[type=submit]").click()
    messages = page.locator(".messages")
    expect(messages).to_contain_text("the deck's cards were replaced")
    expect(messages).to_contain_text("read 'Tyrion Lanister' as 'Tyrion Lannister'")
    expect(messages).to_be_in_viewport()
