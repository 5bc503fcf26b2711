"""Card previews in a real browser: hover with a mouse, tap on a touch screen at 390 px, keys.

The preview is one component (``/cards/<code>/preview/``, ``static/js/card-preview.js``,
``static/css/cards.css``) that any page uses by giving an element ``data-card="<code>"``; the
deck builder is where players need it most.
"""

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
    return svc.deck_create(owner=user, name="Lions", house="Lannister", entries=spec.entries)


def log_in(page, live_server) -> None:
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "varys")
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    expect(page.locator("header")).to_contain_text("varys")


def open_builder(page, live_server, deck, query: str = "") -> None:
    log_in(page, live_server)
    suffix = f"?q={query}" if query else ""
    page.goto(f"{live_server.url}/decks/{deck.pk}/edit/{suffix}")


def inside_viewport(page, locator) -> None:
    box = locator.bounding_box()
    size = page.viewport_size
    assert box is not None
    assert box["x"] >= 0 and box["y"] >= 0, box
    assert box["x"] + box["width"] <= size["width"], (box, size)
    assert box["y"] + box["height"] <= size["height"], (box, size)


def test_hovering_a_search_result_shows_the_card_and_leaving_hides_it(
    live_server, page, lannister_deck
):
    tyrion = Card.objects.get(code="core_38")  # Tyrion Lannister, Core Set
    open_builder(page, live_server, lannister_deck, query='"Tyrion Lannister" e:core')
    name = page.locator(f'#search-results a[data-card="{tyrion.code}"]')
    name.hover()
    preview = page.locator("#card-preview")
    expect(preview).to_be_visible()
    expect(preview.locator(".cf-name")).to_have_text(re.compile(r"Tyrion Lannister"))
    expect(preview).to_contain_text(f"Core #{tyrion.number}")  # the product
    expect(preview).to_contain_text(tyrion.traits[0])
    expect(preview.locator(".cf-str")).to_contain_text(str(tyrion.strength))
    expect(preview.locator(".cf-cost")).to_contain_text(str(tyrion.cost))
    expect(preview.locator(".house-badge")).to_have_text("Lannister")
    expect(preview.locator(".cf-icon").first).to_be_visible()
    expect(name).to_have_attribute("aria-expanded", "true")
    expect(name).to_have_attribute("aria-describedby", "card-preview")
    inside_viewport(page, preview)

    # The mouse may move into the preview to read it; leaving both closes it.
    preview.hover()
    page.wait_for_timeout(400)
    expect(preview).to_be_visible()
    page.mouse.move(5, 5)
    expect(preview).to_be_hidden()
    expect(name).to_have_attribute("aria-expanded", "false")

    # A mouse click on the name still follows the link to the card page.
    name.click()
    expect(page).to_have_url(re.compile(rf"/cards/{tyrion.code}/$"))


def test_hovering_a_card_of_the_deck_list_shows_it_too(live_server, page, lannister_deck):
    open_builder(page, live_server, lannister_deck)
    plot = page.locator("#deck-side .deck-group a[data-card]").first
    code = plot.get_attribute("data-card")
    plot.hover()
    preview = page.locator("#card-preview")
    expect(preview.locator(f'[data-preview-code="{code}"]')).to_be_visible()
    expect(preview.locator(".cf-plot")).to_contain_text("Income")


@pytest.fixture
def phone(browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    yield page
    context.close()


def test_tapping_a_card_on_a_phone_opens_it_in_the_viewport_without_leaving(
    live_server, phone, lannister_deck
):
    open_builder(phone, live_server, lannister_deck)
    address = phone.url
    name = phone.locator("#search-results a[data-card]").first
    code = name.get_attribute("data-card")
    name.tap()
    preview = phone.locator("#card-preview")
    expect(preview.locator(f'[data-preview-code="{code}"]')).to_be_visible()
    assert phone.url == address  # the tap did not follow the link
    inside_viewport(phone, preview)

    # Tapping the same name again closes it; tapping another card opens that one.
    name.tap()
    expect(preview).to_be_hidden()
    deck_card = phone.locator("#deck-side .deck-group a[data-card]").nth(3)
    deck_card.scroll_into_view_if_needed()
    deck_card.tap()
    other = deck_card.get_attribute("data-card")
    expect(preview.locator(f'[data-preview-code="{other}"]')).to_be_visible()
    inside_viewport(phone, preview)

    # Tapping elsewhere closes it; its "Card page" link leads on.
    phone.locator("h1").tap()
    expect(preview).to_be_hidden()
    deck_card.tap()
    expect(preview).to_be_visible()
    preview.locator(".card-preview-link").tap()
    expect(phone).to_have_url(re.compile(rf"/cards/{other}/$"))


def test_the_keyboard_opens_and_closes_a_preview(live_server, page, lannister_deck):
    open_builder(page, live_server, lannister_deck)
    name = page.locator("#search-results a[data-card]").first
    name.focus()
    expect(name).to_have_attribute("aria-expanded", "false")
    page.keyboard.press("Space")
    preview = page.locator("#card-preview")
    expect(preview).to_be_visible()
    expect(preview).to_have_attribute("role", "dialog")
    expect(name).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("Escape")
    expect(preview).to_be_hidden()
    expect(name).to_be_focused()
    page.keyboard.press("Space")
    expect(preview).to_be_visible()
    page.keyboard.press("Space")
    expect(preview).to_be_hidden()


def test_an_element_that_is_not_a_link_toggles_on_enter(live_server, page, lannister_deck):
    """The match board's way: any focusable element with data-card, not only links."""
    open_builder(page, live_server, lannister_deck)
    page.evaluate(
        """() => {
            const span = document.createElement("span");
            span.dataset.card = "core_5";
            span.tabIndex = 0;
            span.setAttribute("role", "button");
            span.id = "board-card";
            span.textContent = "Eddard Stark";
            document.querySelector("h1").after(span);
        }"""
    )
    trigger = page.locator("#board-card")
    trigger.focus()
    page.keyboard.press("Enter")
    preview = page.locator("#card-preview")
    expect(preview.locator('[data-preview-code="core_5"]')).to_be_visible()
    page.keyboard.press("Enter")
    expect(preview).to_be_hidden()
    trigger.click()
    expect(preview).to_be_visible()
    page.mouse.click(5, 400)
    expect(preview).to_be_hidden()


def test_the_search_page_previews_its_cards(live_server, page, card_pool):
    page.goto(f"{live_server.url}/cards/?q=ned")
    first = page.locator(".card-table a[data-card]").first
    expect(first).to_contain_text("Eddard Stark")  # the nickname, ranked first
    first.hover()
    expect(page.locator("#card-preview .cf-name")).to_have_text(re.compile("Eddard Stark"))
