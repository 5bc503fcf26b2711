"""Published decklists in a real browser (issue 33): the author publishes a deck, another
player finds it on their phone through each filter, likes it, comments, copies it to their
decks and registers for an event with its link; the author unpublishes and the link still
answers."""

from __future__ import annotations

import datetime
import re

from django.contrib.auth.models import User
from playwright.sync_api import expect

from cards.models import Card, OwnedProduct, Product
from decks import services as deck_svc
from tests.browser.test_tournament_invitations import fits_the_phone, log_in
from tests.browser.test_tournament_invitations import phone as phone
from tests.decks.test_deck_services import legal_core_entries
from tournaments.models import Entrant
from tournaments.services import event_create

PASSWORD = "winter-is-coming-77"


def filter_by(page, base: str, **choices) -> None:
    """Fill the browse form as a player would (selects, the card box, the checkbox), send it."""
    page.goto(f"{base}/decklists/")
    form = page.locator("form.decklist-filters")
    for label, value in choices.items():
        field = form.get_by_label(label, exact=True)
        if label == "Only decks I can build from my packs":
            field.check()
        elif label == "Holds a card":
            field.fill(value)
        else:
            field.select_option(label=value)
    form.get_by_role("button", name="Show").tap()
    # The filtered page, not the unfiltered one still shown while the answer comes.
    expect(page).to_have_url(re.compile(r"/decklists/\?"))


def test_publish_find_like_comment_copy_register_and_unpublish(live_server, card_pool, page, phone):
    base = live_server.url
    author = User.objects.create_user("ned", password=PASSWORD)
    reader = User.objects.create_user("arya", password=PASSWORD)
    organizer = User.objects.create_user("varys", password=PASSWORD)
    entries = legal_core_entries()
    deck = deck_svc.deck_create(
        owner=author, name="Winter", house="Stark", entries=entries, agenda_codes=["ator_21"]
    )
    event = event_create(organizer=organizer, name="Store Joust", date=datetime.date(2026, 12, 5))

    # The author publishes from the deck page.
    log_in(page, base, "ned", PASSWORD)
    page.goto(f"{base}/decks/{deck.pk}/")
    page.get_by_role("link", name="Publish", exact=True).click()
    page.get_by_label("Title").fill("Winter rush")
    page.get_by_label(re.compile("^Description")).fill("Kneel **everything**.<script>x()</script>")
    page.get_by_role("button", name="Publish").click()
    expect(page).to_have_url(re.compile(r"/decklists/\d+/$"))
    list_url = page.url
    expect(page.locator(".decklist-description strong")).to_have_text("everything")
    expect(page.locator(".verdicts")).to_contain_text("Joust: legal")

    # Another player finds it on a phone through each filter, and not through a wrong one.
    log_in(phone, base, "arya", PASSWORD)
    core = Product.objects.get(code="core")
    OwnedProduct.objects.create(user=reader, product=core, copies=3)
    # The agenda, Kings of Winter, comes from a chapter pack: without it, the list is not
    # one arya can build (the check below used to pass only by reading the page unfiltered).
    pack = Card.objects.get(code="ator_21").product
    filter_by(phone, base, **{"Only decks I can build from my packs": "1"})
    expect(phone.locator("ul.decklists")).to_contain_text("No decklist matches")
    OwnedProduct.objects.create(user=reader, product=pack, copies=1)
    found = [
        {"House": "Stark"},
        {"Agenda": "Kings of Winter"},
        {"Legal for": "Joust"},
        {"Holds a card": '"Eddard Stark"'},
        {"Needs the product": "Core"},
        {"Only decks I can build from my packs": "1"},
        {"Sort": "Most liked"},
    ]
    for choice in found:
        filter_by(phone, base, **choice)
        expect(phone.locator("ul.decklists")).to_contain_text("Winter rush")
        fits_the_phone(phone)
    for choice in ({"House": "Lannister"}, {"Holds a card": '"Tyrion Lannister"'}):
        filter_by(phone, base, **choice)
        expect(phone.locator("ul.decklists")).to_contain_text("No decklist matches")

    # Like, comment, copy.
    phone.goto(list_url)
    fits_the_phone(phone)
    phone.get_by_role("button", name=re.compile("Like")).tap()
    expect(phone.get_by_role("button", name=re.compile("Liked"))).to_contain_text("(1)")
    phone.get_by_label("Your comment").fill("Cold and <b>fast</b>.")
    phone.get_by_role("button", name="Post").tap()
    expect(phone.locator("#comments")).to_contain_text("Cold and <b>fast</b>.")
    phone.get_by_role("button", name="Copy to my decks").tap()
    expect(phone.locator(".deck-source")).to_contain_text("Copied from Winter rush")
    assert User.objects.get(username="arya").decks.count() == 1

    # The author's page lists it, and fits the phone.
    phone.goto(f"{base}/people/ned/")
    expect(phone.locator("ul.decklists")).to_contain_text("Winter rush")
    fits_the_phone(phone)

    # Register for an event with the list's link.
    phone.goto(f"{base}/events/{event.pk}/")
    phone.locator("#register").get_by_label(re.compile("decklist", re.I)).first.fill(list_url)
    phone.locator("#register").get_by_role("button", name=re.compile("Register")).tap()
    expect(phone.locator(".messages")).to_contain_text("You are registered for Store Joust")
    entrant = Entrant.objects.get(event=event, user=reader)
    assert entrant.decklist["cards"] == entries

    # The author unpublishes; the link still answers, with a note, and the event's copy stays.
    page.goto(list_url)
    page.get_by_role("button", name="Unpublish").click()
    expect(page.locator(".messages")).to_contain_text("its link still answers")
    phone.goto(list_url)
    expect(phone.locator(".unpublished")).to_contain_text("unpublished this list")
    filter_by(phone, base, House="Stark")
    expect(phone.locator("ul.decklists")).to_contain_text("No decklist matches")
    entrant.refresh_from_db()
    assert entrant.decklist["cards"] == entries
