"""A store night where everyone reports from their phone (issue 34), in a real browser: ten
players on the store's one address, six join from the event's link on their phones, four are
typed in by the organizer and report with the seat codes of their slips; three Swiss rounds
and a top 4. A seat code opens its own seat only, and nothing once its round is over."""

from __future__ import annotations

import datetime
import os
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from tests.browser.test_tournament_invitations import DECKS, PHONE, fits_the_phone
from tournaments.models import Event, Seat, Table
from tournaments.rounds.services import cut_advance, cut_start, result_enter, round_pair
from tournaments.selectors import event_results
from tournaments.services import entrant_register, event_create

HOUSES = ["core-stark", "core-lannister", "core-baratheon", "core-targaryen"]
JOINERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
WALK_INS = ["Gus", "Hal", "Ida", "Jon"]


def shot(page, name: str) -> None:
    """With MAESTER_SCREENSHOTS=<folder>, save the page as the walkthrough of
    docs/TOURNAMENTS.md shows it (``MAESTER_SCREENSHOTS=docs/img pytest <this file>``)."""
    folder = os.environ.get("MAESTER_SCREENSHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"store-night-{name}.png"), full_page=False)


def deck(index: int) -> str:
    return (DECKS / f"{HOUSES[index % 4]}.txt").read_text(encoding="utf-8")


@pytest.fixture
def phones(browser):
    """One phone (its own browser context: its own cookies) per person who joins."""
    made = []

    def new():
        context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
        context.set_default_timeout(15_000)
        made.append(context)
        return context.new_page()

    yield new
    for context in made:
        context.close()


def join_from_the_link(page, url: str, name: str, index: int) -> None:
    page.goto(url)
    fits_the_phone(page)
    form = page.locator("form.entry-form")
    form.get_by_label("Your name").fill(name)
    form.get_by_label("Your decklist").fill(deck(index))
    if index == len(JOINERS) - 1:  # the last: the walk-ins typed in are listed to claim
        shot(page, "1-join")
    form.get_by_role("button", name="Join").tap()
    expect(page.locator(".messages")).to_contain_text(
        f"You are registered for Store Night as {name}"
    )


def report_on_pairings(page, base: str, event: Event) -> None:
    """A joiner reports from the pairings page: the first seat of the table wins."""
    page.goto(f"{base}/events/{event.pk}/pairings/")
    shot(page, "3-pairings")
    form = page.locator("#my-table form")
    form.locator("select[name=outcome]").select_option("win")
    form.get_by_role("button", name="Report").tap()
    expect(page.locator("#my-status")).to_contain_text(re.compile("You reported|Result recorded"))


def report_with_the_code(page, base: str, event: Event, seat: Seat) -> None:
    """A walk-in types the code of their slip on a borrowed phone: the first seat wins."""
    page.goto(f"{base}/events/{event.pk}/seat/")
    page.get_by_label("Seat code").fill(seat.code.lower())
    page.get_by_role("button", name="Open my table").tap()
    expect(page.locator("#my-status")).to_contain_text(seat.entrant.name)
    fits_the_phone(page)
    form = page.locator("form.report-form")
    form.locator("select[name=outcome]").select_option("win")
    shot(page, "4-seat-code")
    form.get_by_role("button", name="Report").tap()
    expect(page.locator("#my-status")).to_contain_text(re.compile("You reported|Result recorded"))


@pytest.mark.usefixtures("card_pool")
def test_a_store_night_of_ten_players_reports_from_phones(live_server, phones):
    base = live_server.url
    organizer = User.objects.create_user("varys", password="little-birds-77")
    event = event_create(
        organizer=organizer,
        name="Store Night",
        date=datetime.date(2026, 12, 4),
        rounds=3,
        cut_size=4,
    )
    for index, name in enumerate(WALK_INS):
        entrant_register(event=event, user=organizer, name=name, deck=deck(index))
    link = f"{base}/events/{event.pk}/join/{event.join_code}/"
    boss = phones()
    boss.goto(f"{base}/accounts/login/")
    boss.get_by_label("Username").fill("varys")
    boss.get_by_label("Password").fill("little-birds-77")
    boss.get_by_role("button", name="Log in").tap()
    expect(boss.locator("nav.account")).to_contain_text("varys")
    boss.goto(f"{base}/events/{event.pk}/manage/players/#join-link")
    expect(boss.locator("#join-link svg")).to_be_visible()
    fits_the_phone(boss)
    shot(boss, "0-join-link")
    joiner_pages = {}
    for index, name in enumerate(JOINERS):
        page = phones()
        join_from_the_link(page, link, name, index)
        joiner_pages[name] = page
    assert event.entrants.count() == 10
    assert (
        User.objects.filter(tournament_entries__event=event).count() == 6
    )  # one light account each
    borrowed = phones()  # the walk-ins share a phone with no account

    old_code = None
    for number in (1, 2, 3):
        round_ = round_pair(event=event, user=organizer, confirm=True)
        if number == 1:
            boss.goto(f"{base}/events/{event.pk}/rounds/1/slips/")
            fits_the_phone(boss)
            shot(boss, "2-slips")
        for table in Table.objects.filter(round=round_, is_bye=False):
            for seat in table.seats.select_related("entrant"):
                name = seat.entrant.name
                if name in joiner_pages:
                    report_on_pairings(joiner_pages[name], base, event)
                else:
                    report_with_the_code(borrowed, base, event, seat)
            table.refresh_from_db()
            assert table.reported, f"round {number} table {table.number}: the reports agree"
        if old_code is not None:  # last round's code: its round is over
            borrowed.goto(f"{base}/events/{event.pk}/seat/")
            borrowed.get_by_label("Seat code").fill(old_code)
            borrowed.get_by_role("button", name="Open my table").tap()
            expect(borrowed.locator(".messages")).to_contain_text(
                "That code was for a round that is over"
            )
        old_code = Seat.objects.filter(table__round=round_, entrant__name__in=WALK_INS)[0].code

    # A code opens its own seat only: Gus's code names Gus, whoever types it.
    gus = Seat.objects.get(table__round__number=3, entrant__name="Gus")
    borrowed.goto(f"{base}/events/{event.pk}/seat/")
    borrowed.get_by_label("Seat code").fill(gus.code)
    borrowed.get_by_role("button", name="Open my table").tap()
    expect(borrowed.locator("#my-status strong").first).to_have_text("Gus")

    semis = cut_start(event=event, user=organizer)
    for table in semis.tables.all():
        result_enter(table=table, user=organizer, data={"outcome": "win"})
    final = cut_advance(event=event, user=organizer)
    result_enter(table=final.tables.get(), user=organizer, data={"outcome": "win"})
    assert cut_advance(event=event, user=organizer) is None
    champion = event_results(event).champion
    assert champion is not None
    page = joiner_pages["Ann"]
    page.goto(f"{base}/events/{event.pk}/standings/")
    expect(page.locator("p.champion")).to_contain_text(champion.name)
    fits_the_phone(page)
