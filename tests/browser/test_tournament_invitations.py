"""An organizer invites a player, who accepts with one of their own saved decks: on a 390 px
phone, with the keyboard only (no clicks), and no page scrolls sideways."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from tournaments.models import Entrant
from tournaments.services import event_create

DECKS = Path(__file__).resolve().parents[2] / "fixtures" / "decks"
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(15_000)
    page = context.new_page()
    yield page
    context.close()


def log_in(page, base: str, username: str, password: str) -> None:
    page.context.clear_cookies()
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.press("#id_password", "Enter")
    page.wait_for_load_state()


# The widest right edge of the page's own content (the site header is base.html's: not
# measured here), and of anything scrolled inside it.
WIDEST = """() => Math.max(...[...document.querySelectorAll("main, main *")].map(
    (el) => el.closest(".scroll-x") && !el.classList.contains("scroll-x")
        ? 0 : el.getBoundingClientRect().right))"""


# What sticks out, for the message of a failure: tag, classes and the start of the text.
OVER = """(limit) => [...document.querySelectorAll("main, main *")].filter(
    (el) => !(el.closest(".scroll-x") && !el.classList.contains("scroll-x"))
        && el.getBoundingClientRect().right > limit).slice(-3).map(
    (el) => `${el.tagName.toLowerCase()}.${el.className} ${el.textContent.trim().slice(0, 40)}`)"""


def fits_the_phone(page) -> None:
    widest = page.evaluate(WIDEST)
    where = page.evaluate(OVER, PHONE["width"]) if widest > PHONE["width"] else []
    assert widest <= PHONE["width"], f"{page.url}: content reaches {widest} px: {where}"


def saved_deck(owner: User, name: str):
    from decks import services as deck_services
    from decks.check import read_deck

    spec = read_deck((DECKS / "core-lannister.txt").read_text(encoding="utf-8"))[0]
    return deck_services.deck_create(
        owner=owner, name=name, house="Lannister", entries=dict(spec.entries)
    )


@pytest.mark.usefixtures("card_pool")
def test_an_invitation_answered_from_a_phone_with_the_keyboard(live_server, phone):
    page = phone
    organizer = User.objects.create_user("varys", password="little-birds-77")
    arya = User.objects.create_user("arya", password="needle-water-dance")
    saved_deck(arya, "Lions of the Rock")
    event = event_create(organizer=organizer, name="Phone Joust", date=datetime.date(2026, 12, 4))

    log_in(page, live_server.url, "varys", "little-birds-77")
    page.goto(f"{live_server.url}/events/{event.pk}/manage/players/")
    fits_the_phone(page)
    page.focus("#id_invite-username")
    page.keyboard.type("aryaa")
    page.keyboard.press("Enter")
    expect(page.locator("#invite .error")).to_contain_text("No account is named 'aryaa'")
    expect(page.locator("#id_invite-username")).to_have_value("aryaa")
    page.focus("#id_invite-username")
    page.keyboard.press("End")
    page.keyboard.press("Backspace")
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("arya is invited")
    fits_the_phone(page)

    log_in(page, live_server.url, "arya", "needle-water-dance")
    page.goto(f"{live_server.url}/events/")
    expect(page.locator("#invitations")).to_contain_text("Phone Joust")
    fits_the_phone(page)
    page.get_by_role("link", name=re.compile("Answer the invitation to Phone Joust")).focus()
    page.keyboard.press("Enter")
    expect(page.locator("#register")).to_contain_text("You are invited")
    fits_the_phone(page)
    page.focus("#id_deck")
    page.keyboard.press("ArrowDown")  # the first of her decks
    expect(page.locator("#id_deck")).to_have_value(re.compile(r"^\d+$"))
    page.keyboard.press("Tab")  # the pasted list (left empty)
    page.keyboard.press("Tab")  # the consent to publish her list among the top decks (left)
    expect(page.get_by_label(re.compile("the organizer may publish my decklist"))).to_be_focused()
    page.keyboard.press("Tab")  # Accept and register
    expect(page.get_by_role("button", name="Accept and register")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("you are registered for Phone Joust")
    fits_the_phone(page)
    entrant = Entrant.objects.get(event=event, user=arya)
    assert entrant.deck_name == "Lions of the Rock"
