"""Seat codes: whoever holds a seat's code reports that seat's result from any phone, with no
account, in its round only; the code is shown to its player and on the organizer's slips,
never to anyone else; wrong codes are limited per event."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from accounts import ratelimit
from tests.tournaments.conftest import decklist
from tournaments.audit_log import audit_log
from tournaments.models import SEAT_CODE_ALPHABET, Event, Seat
from tournaments.rounds.services import result_enter, round_pair
from tournaments.services import entrant_register, event_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(organizer):
    """Round 1 of a joust: Ann has an account, Hal was typed in by the organizer."""
    event = event_create(
        organizer=organizer, name="Store Night", date=datetime.date(2026, 12, 5), rounds=2
    )
    ann = User.objects.create_user("ann", password="ann-plays-stark-1")
    entrant_register(
        event=event, user=organizer, name="Ann", player=ann, deck=decklist("core-stark")
    )
    entrant_register(event=event, user=organizer, name="Hal Json", deck=decklist("core-lannister"))
    Event.objects.filter(pk=event.pk).update(status=Event.Status.SWISS)
    event.refresh_from_db()
    round_pair(event=event, user=organizer)
    return event


def seat_of(event, name) -> Seat:
    return Seat.objects.get(table__round__event=event, entrant__name=name)


def url(event) -> str:
    return reverse("tournaments:seat_report", args=[event.pk])


def test_every_seat_gets_its_own_code_of_unambiguous_characters(night):
    codes = [s.code for s in Seat.objects.filter(table__round__event=night)]
    assert len(codes) == 2 and len(set(codes)) == 2
    assert all(len(c) == 6 and set(c) <= set(SEAT_CODE_ALPHABET) for c in codes)
    assert not set("0O1IL") & set(SEAT_CODE_ALPHABET)


def test_a_walk_in_reports_with_the_seat_code_and_the_other_player_confirms(night):
    hal = seat_of(night, "Hal Json")
    phone = Client()  # no account
    page = phone.post(url(night), {"code": f" {hal.code.lower()[:3]} {hal.code[3:]} "})
    html = page.content.decode()
    assert page.status_code == 200 and "Hal Json" in html and "against Ann" in html
    # Hal's table: the first seat's outcome; Hal wins whatever seat he sits in.
    outcome = "win" if hal.seat == 1 else "loss"
    sent = phone.post(url(night), {"code": hal.code, "report": "1", "outcome": outcome})
    assert sent.status_code == 200 and "Your report is in." in sent.content.decode()
    table = hal.table
    table.refresh_from_db()
    assert not table.reported and table.reports.get().entrant.name == "Hal Json"
    # Ann's phone now says Hal reported, not "Waiting for Hal Json".
    ann = Client()
    ann.force_login(User.objects.get(username="ann"))
    pairings = ann.get(reverse("tournaments:event_pairings", args=[night.pk])).content.decode()
    assert "Hal Json reported" in pairings and "Waiting for Hal Json" not in pairings
    ann.post(reverse("tournaments:table_report", args=[night.pk, table.pk]), {"outcome": outcome})
    table.refresh_from_db()
    assert table.reported
    assert seat_of(night, "Hal Json").outcome in ("win",)
    texts = [row["text"] for row in audit_log(night)]
    assert any(
        t.startswith("Hal Json reported table 1 of round 1 with the seat code: ") for t in texts
    )
    # Once recorded, the code shows the result and no form.
    again = phone.post(url(night), {"code": hal.code}).content.decode()
    assert "Result recorded" in again and 'name="report"' not in again


def test_a_code_opens_its_own_seat_only_and_expires_with_its_round(night, organizer):
    hal, ann = seat_of(night, "Hal Json"), seat_of(night, "Ann")
    phone = Client()
    page = phone.post(url(night), {"code": ann.code}).content.decode()
    assert "<strong>Ann</strong>" in page and "against Hal Json" in page
    # Whatever else the body names, the code reports as its own seat.
    phone.post(url(night), {"code": ann.code, "report": "1", "outcome": "draw", "entrant": hal.pk})
    assert [r.entrant.name for r in hal.table.reports.all()] == ["Ann"]
    result_enter(table=hal.table, user=organizer, data={"outcome": "draw"})
    round_pair(event=night, user=organizer)  # round 2: round 1's codes are over
    old = phone.post(url(night), {"code": hal.code})
    assert old.status_code == 400
    assert "That code was for a round that is over" in old.content.decode()
    fresh = seat_of_round(night, "Hal Json", 2)
    assert fresh.code != hal.code
    assert phone.post(url(night), {"code": fresh.code}).status_code == 200


def seat_of_round(event, name, number) -> Seat:
    return Seat.objects.get(
        table__round__event=event, table__round__number=number, entrant__name=name
    )


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("", "Type the seat code printed on your match slip."),
        ("AB12", "A seat code has 6 letters and digits"),
        ("OOOOOO", "never O, 0, I, 1 or L"),
        ("ZZZZZZ", "No seat of this event has that code"),
    ],
)
def test_a_bad_code_is_refused_with_a_message_naming_the_problem(night, code, message):
    response = Client().post(url(night), {"code": code})
    assert response.status_code == 400
    assert message in response.content.decode().replace("&#x27;", "'")


def test_a_bad_report_with_a_code_keeps_the_form_and_says_why(night):
    hal = seat_of(night, "Hal Json")
    response = Client().post(url(night), {"code": hal.code, "report": "1", "outcome": "sideways"})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'role="alert"' in html and 'name="report"' in html and hal.code in html
    assert not hal.table.reports.exists()


def test_wrong_codes_are_limited_per_event_and_address(night):
    hal = seat_of(night, "Hal Json")
    phone = Client()
    for _ in range(ratelimit.SEAT_CODE_FAILURES_PER_ADDRESS):
        assert phone.post(url(night), {"code": "ZZZZZZ"}).status_code == 400
    # Over the limit, even the right code waits: guessing stops here.
    refused = phone.post(url(night), {"code": hal.code})
    assert refused.status_code == 400
    assert "Too many wrong seat codes for this event" in refused.content.decode()
    # Another event is not held by it.
    other = event_create(organizer=night.organizer, name="Other", date=datetime.date(2026, 12, 6))
    assert phone.post(url(other), {"code": "ZZZZZZ"}).status_code == 400
    assert "Too many" not in phone.post(url(other), {"code": "ZZZZZZ"}).content.decode()


def test_a_code_is_shown_to_its_player_and_the_organizer_only(night, organizer):
    hal, ann = seat_of(night, "Hal Json"), seat_of(night, "Ann")
    pairings = reverse("tournaments:event_pairings", args=[night.pk])
    slips = reverse("tournaments:match_slips", args=[night.pk, 1])
    mine = Client()
    mine.force_login(User.objects.get(username="ann"))
    page = mine.get(pairings).content.decode()
    assert ann.code in page and hal.code not in page
    for who in (mine, Client()):  # a player, a stranger: slips without codes
        printed = who.get(slips).content.decode()
        assert ann.code not in printed and hal.code not in printed
    assert hal.code not in Client().get(pairings).content.decode()
    boss = Client()
    boss.force_login(organizer)
    printed = boss.get(slips).content.decode()
    assert ann.code in printed and hal.code in printed and url(night) in printed
    tab = boss.get(reverse("tournaments:event_manage", args=[night.pk])).content.decode()
    assert re.search(rf"Hal Json <span class=\"seat-code\">{hal.code}</span>", tab)
