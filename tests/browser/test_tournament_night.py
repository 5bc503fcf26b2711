"""A tournament night without surprises, in a real browser: players report from 390 px phones
with the keyboard only, a dispute is settled in one keypress, a refresh never wipes a half-filled
form, the round clock counts down on a phone whose own clock is wrong, the pages fit a phone,
and the organizer's tabs work from the keyboard."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.test_tournament_invitations import DECKS, PHONE, fits_the_phone, log_in
from tournaments.models import AuditEntry, CutOddsJob, Event, Seat, Table
from tournaments.rounds.services import (
    cut_advance,
    cut_start,
    result_enter,
    result_report,
    round_pair,
)
from tournaments.services import entrant_register, event_create

HOUSES = ["core-stark", "core-lannister", "core-baratheon", "core-targaryen"]
PASSWORD = "x-long-pass-1"


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(15_000)
    page = context.new_page()
    yield page
    context.close()


def deck(index: int) -> str:
    return (DECKS / f"{HOUSES[index % 4]}.txt").read_text(encoding="utf-8")


def night(names=("ann", "bob", "cat", "dan"), **settings) -> tuple[Event, User]:
    """An event with a player account per name, round 1 paired; Ann sits in seat 1."""
    organizer = User.objects.create_user("varys", password="little-birds-77")
    event = event_create(
        organizer=organizer, name="Phone Night", date=datetime.date(2026, 12, 4), **settings
    )
    for index, name in enumerate(names):
        user = User.objects.create_user(name, password=PASSWORD)
        entrant_register(
            event=event, user=organizer, player=user, name=name.title(), deck=deck(index)
        )
    round_ = round_pair(event=event, user=organizer)
    table = Table.objects.get(round=round_, seats__entrant__name="Ann")
    first, second = table.seats.order_by("seat")
    if first.entrant.name != "Ann":
        Seat.objects.filter(pk=first.pk).update(seat=9)
        Seat.objects.filter(pk=second.pk).update(seat=1)
        Seat.objects.filter(pk=first.pk).update(seat=2)
    return event, organizer


def opponent_of_ann(event: Event):
    table = Table.objects.get(round__event=event, seats__entrant__name="Ann")
    return table, table.seats.get(seat=2).entrant


def press_until_focused(page, locator, key: str = "Tab", most: int = 40) -> None:
    """Move the focus with the keyboard until ``locator`` has it."""
    for _ in range(most):
        if locator.evaluate("(el) => el === document.activeElement"):
            return
        page.keyboard.press(key)
    raise AssertionError(f"{locator} never got the focus")


@pytest.mark.usefixtures("card_pool")
def test_players_report_from_phones_and_the_organizer_settles_the_dispute(live_server, phone):
    event, _ = night()
    table, bob = opponent_of_ann(event)
    base = live_server.url
    page = phone

    log_in(page, base, "ann", PASSWORD)
    page.goto(f"{base}/events/{event.pk}/pairings/")
    fits_the_phone(page)
    form = page.locator("#my-table form")
    press_until_focused(page, form.locator("select[name=outcome]"))
    page.keyboard.press("ArrowDown")  # "Ann wins"
    expect(form.locator("select[name=outcome]")).to_have_value("win")
    press_until_focused(page, form.get_by_role("button", name="Report"))
    page.keyboard.press("Enter")
    status = page.locator("#my-status")
    expect(status).to_contain_text(f"You reported: Ann beat {bob.name}. Waiting for {bob.name}.")
    page.reload()  # it lasts: not a message that goes away
    expect(status).to_contain_text(f"You reported: Ann beat {bob.name}.")
    fits_the_phone(page)

    log_in(page, base, bob.user.username, PASSWORD)
    page.goto(f"{base}/events/{event.pk}/pairings/")
    expect(page.locator("#my-status")).to_contain_text(f"Ann reported: Ann beat {bob.name}")
    select = page.locator("#my-table select[name=outcome]")
    press_until_focused(page, select)
    for _ in range(5):
        page.keyboard.press("ArrowDown")  # to the last option: "Bob wins"
    expect(select).to_have_value("loss")
    press_until_focused(page, page.locator("#my-table").get_by_role("button", name="Report"))
    page.keyboard.press("Enter")
    expect(page.locator("#my-status")).to_contain_text("The reports disagree")
    expect(page.locator("#my-status")).to_contain_text(f"You reported: {bob.name} beat Ann")
    fits_the_phone(page)

    log_in(page, base, "varys", "little-birds-77")
    page.goto(f"{base}/events/{event.pk}/manage/")
    fits_the_phone(page)
    article = page.locator(f"#table-{table.number}")
    expect(article.locator(".claim")).to_have_count(2)
    expect(article.locator(".claim").nth(0)).to_contain_text(f"Ann reported: Ann beat {bob.name}")
    expect(article.locator(".claim").nth(1)).to_contain_text(
        f"{bob.name} reported: {bob.name} beat Ann"
    )
    accept = article.get_by_role("button", name=re.compile(f"Accept {bob.name}'s report"))
    press_until_focused(page, accept, most=80)
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text(f"result recorded ({bob.name} beat Ann)")
    table.refresh_from_db()
    assert table.reported and not table.disputed
    assert AuditEntry.objects.filter(event=event, action="report_accepted").count() == 1

    log_in(page, base, "ann", PASSWORD)
    page.goto(f"{base}/events/{event.pk}/pairings/")
    expect(page.locator("#my-status")).to_contain_text(f"Result recorded: {bob.name} beat Ann")
    expect(page.locator("#my-table")).to_have_count(0)


@pytest.mark.usefixtures("card_pool")
def test_a_refresh_never_wipes_a_half_filled_report(live_server, phone):
    event, _ = night()
    table, bob = opponent_of_ann(event)
    page = phone
    log_in(page, live_server.url, "ann", PASSWORD)
    page.goto(f"{live_server.url}/events/{event.pk}/pairings/")
    form = page.locator("#my-table form")
    press_until_focused(page, form.locator("select[name=outcome]"))
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")  # "Ann: modified win (time)"
    press_until_focused(page, form.locator("details.at-time summary"))
    page.keyboard.press("Enter")  # open "Going to time"
    press_until_focused(page, form.locator("input[name=power_1]"))
    page.keyboard.type("12")
    page.keyboard.press("Tab")
    page.keyboard.type("9")
    # Bob reports meanwhile; the page's own 20-second refresh brings it in
    result_report(table=table, user=bob.user, data={"outcome": "modified_win"})
    with page.expect_response(lambda r: "live=1" in r.url, timeout=30_000) as polled:
        pass
    assert polled.value.ok
    expect(page.locator("#my-status")).to_contain_text(f"{bob.name} reported")
    expect(form.locator("select[name=outcome]")).to_have_value("modified_win")
    expect(form.locator("input[name=power_1]")).to_have_value("12")
    expect(form.locator("input[name=power_2]")).to_have_value("9")
    expect(form.locator("input[name=power_2]")).to_be_focused()
    expect(form.locator("details.at-time")).to_have_attribute("open", "")
    fits_the_phone(page)


@pytest.mark.usefixtures("card_pool")
def test_the_round_clock_counts_down_even_on_a_phone_with_a_wrong_clock(live_server, phone):
    event, _ = night()
    round_ = event.round_set.get()
    round_.started_at = timezone.now() - datetime.timedelta(minutes=45, seconds=3)
    round_.save()
    page = phone
    # offline after loading: no refresh sets the clock right, the phone counts alone
    page.route(re.compile(r".*live=1.*"), lambda route: route.abort())
    page.clock.install(time=datetime.datetime(2001, 1, 1, 12, 0, tzinfo=datetime.UTC))
    page.goto(f"{live_server.url}/events/{event.pk}/pairings/")
    clock = page.get_by_role("timer")
    expect(clock).to_have_text(re.compile(r"^(9:5\d|10:00)$"))
    page.clock.run_for(61_000)
    expect(clock).to_have_text(re.compile(r"^8:5\d$"))
    expect(page.locator("[data-clock-announce]")).to_have_text("10 minutes left.")
    page.clock.run_for(9 * 60_000)
    expect(clock).to_have_text("Time!")
    expect(page.locator(".timer")).to_have_class(re.compile(r"\bover\b"))
    expect(page.locator(".timer .label")).to_be_hidden()  # "Time!", not "Time left Time!"
    expect(page.locator("[data-clock-announce]")).to_have_text("Time is called.")
    fits_the_phone(page)


@pytest.mark.usefixtures("card_pool")
def test_the_pages_players_use_fit_a_phone(live_server, phone):
    long_names = ("ann", "bob", "cat", "dan", "eve", "fay", "gendry", "hotpie")
    event, organizer = night(names=long_names, rounds=1, cut_size=4)
    for entrant in event.entrants.all():  # long names that do not break at a space
        entrant.name = f"{entrant.name}_Stormborn_of_House_Targaryen"
        entrant.save()
    page = phone
    log_in(page, live_server.url, "ann", PASSWORD)
    base = f"{live_server.url}/events/{event.pk}"
    page.goto(f"{base}/pairings/")  # the Swiss report form, "Going to time" open
    page.locator("#my-table details.at-time").evaluate("(el) => { el.open = true; }")
    fits_the_phone(page)
    round_ = event.round_set.get()
    for table in round_.tables.all():
        result_enter(table=table, user=organizer, data={"outcome": "win"})
    # The cut odds, open to players from the standings (an estimate the organizer asked for).
    CutOddsJob.objects.create(
        event=event, after_round=1, simulations=200, total=200, done=200, status="done",
        result={str(e.pk): 0.5 for e in event.entrants.all()},
    )  # fmt: skip
    page.goto(f"{base}/standings/")
    page.get_by_role("link", name="Chances of making the top 4").tap()
    expect(page.locator("table.cut-odds")).to_contain_text("50%")
    fits_the_phone(page)
    semis = cut_start(event=event, user=organizer)
    for table in semis.tables.all():
        result_enter(table=table, user=organizer, data={"outcome": "win"})
    final = cut_advance(event=event, user=organizer)
    page.goto(f"{base}/pairings/")
    expect(page.locator("h1")).to_contain_text("Final")
    fits_the_phone(page)
    page.goto(f"{base}/pairings/?sort=name")
    fits_the_phone(page)
    page.goto(f"{base}/pairings/?round=1")
    fits_the_phone(page)
    result_enter(table=final.tables.get(), user=organizer, data={"outcome": "win"})
    cut_advance(event=event, user=organizer)
    for path in ("/standings/", "/", "/results/", "/bracket/"):
        page.goto(base + path)
        fits_the_phone(page)
    page.goto(f"{base}/standings/")
    expect(page.locator("p.champion")).to_contain_text("Champion")
    # a table wider than the phone scrolls inside its own box, by keyboard too
    region = page.locator(".scroll-x").filter(has=page.locator(".swiss-standings"))
    press_until_focused(page, region)
    assert region.evaluate("(el) => el.scrollWidth > el.clientWidth")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "() => document.querySelector('.scroll-x:focus').scrollLeft > 0", timeout=5_000
    )


@pytest.mark.usefixtures("card_pool")
def test_the_manage_tabs_from_the_keyboard(live_server, page):
    event, _ = night()
    base = live_server.url
    log_in(page, base, "varys", "little-birds-77")
    page.goto(f"{base}/events/{event.pk}/manage/")
    for label in ("Players", "Top cut", "Settings", "Audit log", "Round"):
        link = page.locator("nav.tabs").get_by_role("link", name=label, exact=True)
        press_until_focused(page, link, most=80)
        page.keyboard.press("Enter")
        expect(page.locator("nav.tabs [aria-current=page]")).to_have_text(label)
        ids = page.evaluate("() => [...document.querySelectorAll('[id]')].map((e) => e.id)")
        assert len(ids) == len(set(ids)), f"{label}: ids used twice"

    page.goto(f"{base}/events/{event.pk}/manage/settings/")
    checkbox = page.locator("#id_head_to_head")
    press_until_focused(page, checkbox, most=80)
    page.keyboard.press("Space")
    expect(checkbox).to_be_checked()
    press_until_focused(page, page.get_by_role("button", name="Save settings"))
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("Settings saved")
    page.goto(f"{base}/events/{event.pk}/manage/audit/")
    expect(page.locator("ol.audit li").first).to_contain_text("varys set head-to-head to on.")

    page.goto(f"{base}/events/{event.pk}/manage/settings/")
    delete = page.get_by_role("link", name=re.compile("Delete Phone Night"))
    press_until_focused(page, delete, most=80)
    page.keyboard.press("Enter")
    name = page.get_by_label("The event's name")
    press_until_focused(page, name)
    page.keyboard.type("Phone Nite")
    page.keyboard.press("Enter")
    expect(page.locator("#delete-errors")).to_contain_text("type its name exactly")
    expect(name).to_have_value("Phone Nite")
    name.focus()
    page.keyboard.press("End")
    for _ in range(4):
        page.keyboard.press("Backspace")
    page.keyboard.type("Night")
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("Phone Night is deleted")
    assert not Event.objects.filter(pk=event.pk).exists()
