"""An event's join link: people at the store register from their phones (one shared address)
with a light account, or claim the entry the organizer typed in; the account can be kept
with a password later. The sign-up page's limit per address still holds outside the link."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from accounts import ratelimit
from tests.tournaments.conftest import decklist
from tournaments.audit_log import audit_log
from tournaments.models import Entrant, Event
from tournaments.services import entrant_register, event_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(organizer):
    return event_create(organizer=organizer, name="Store Night", date=datetime.date(2026, 12, 5))


def link(event, code=None) -> str:
    return reverse("tournaments:event_join_link", args=[event.pk, code or event.join_code])


def test_ten_people_on_one_address_join_from_the_link_and_stay_logged_in(event):
    houses = ["core-stark", "core-lannister", "core-baratheon", "core-targaryen"]
    for n in range(10):  # twice the sign-up page's limit per address
        phone = Client(REMOTE_ADDR="203.0.113.7")
        response = phone.post(
            link(event), {"name": f"Player {n}", "decklist": decklist(houses[n % 4])}
        )
        assert response.status_code == 302, response.content.decode()[:500]
        entrant = Entrant.objects.get(event=event, name=f"Player {n}")
        assert entrant.user is not None and not entrant.user.has_usable_password()
        page = phone.get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
        assert f"as Player {n}" in page  # the welcome message, logged in as its account
        assert "keep your account" in page
    assert event.entrants.count() == 10


def test_a_walk_in_claims_the_entry_the_organizer_typed_in(event, organizer):
    hal = entrant_register(
        event=event, user=organizer, name="Hal Json", deck=decklist("core-stark")
    )
    phone = Client()
    page = phone.get(link(event)).content.decode()
    assert f'<option value="{hal.pk}"' in page and "Hal Json" in page
    assert phone.post(link(event), {"claim": str(hal.pk)}).status_code == 302
    hal.refresh_from_db()
    assert hal.user is not None and hal.user.username.startswith("hal-json-")
    assert hal.decklist_text  # the organizer's list is kept
    texts = [row["text"] for row in audit_log(event)]
    assert (
        f"{hal.user.username} joined from the event's link and claimed the entry Hal Json." in texts
    )
    # Claimed: nobody else may claim it.
    other = Client().post(link(event), {"claim": str(hal.pk)})
    assert other.status_code == 400
    assert "not free to claim" in other.content.decode()
    assert User.objects.count() == 2  # the organizer and Hal: the refusal made nobody


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"name": "", "decklist": "x"}, "Give your name"),
        ({"name": "Ann", "decklist": ""}, "Paste your decklist"),
        ({"name": "Ann", "decklist": "1x Nobody Knows This Card"}, ""),
        ({"claim": "99999"}, "not free to claim"),
        ({"claim": "abc"}, "not free to claim"),
    ],
)
def test_bad_input_is_refused_with_a_message_and_makes_no_account(event, data, message):
    response = Client().post(link(event), data)
    assert response.status_code == 400
    html = response.content.decode()
    assert 'role="alert"' in html and message in html
    assert not User.objects.exclude(username="varys").exists()


def test_a_wrong_link_or_a_closed_registration_opens_nothing(event, organizer):
    assert Client().get(link(event, "not-the-code")).status_code == 404
    assert Client().post(link(event, "not-the-code"), {"name": "A"}).status_code == 404
    Event.objects.filter(pk=event.pk).update(status=Event.Status.SWISS)
    page = Client().post(link(event), {"name": "Late", "decklist": decklist("core-stark")})
    assert page.status_code == 200 and "Registration is closed" in page.content.decode()
    assert not event.entrants.exists() and User.objects.count() == 1


def test_the_link_is_bounded_per_address_and_the_sign_up_page_keeps_its_limit(event, settings):
    for _ in range(ratelimit.EVENT_JOINS_PER_ADDRESS):
        ratelimit.event_joined(_request("198.51.100.9"), event.pk)
    refused = Client(REMOTE_ADDR="198.51.100.9").post(
        link(event), {"name": "One too many", "decklist": decklist("core-stark")}
    )
    assert refused.status_code == 429
    assert "Too many accounts have joined this event" in refused.content.decode()
    # Joining from the link does not use up the sign-up page's five.
    signup = reverse("signup")
    for n in range(ratelimit.SIGNUPS_PER_ADDRESS):
        made = Client(REMOTE_ADDR="198.51.100.9").post(
            signup,
            {"username": f"flood{n}", "password1": "x-Long-pass-91", "password2": "x-Long-pass-91"},
        )
        assert made.status_code == 302
    sixth = Client(REMOTE_ADDR="198.51.100.9").post(
        signup, {"username": "flood9", "password1": "x-Long-pass-91", "password2": "x-Long-pass-91"}
    )
    assert sixth.status_code == 429 and not User.objects.filter(username="flood9").exists()


def _request(address):
    from django.test import RequestFactory

    return RequestFactory().get("/", REMOTE_ADDR=address)


def test_a_light_account_is_kept_with_a_user_name_and_a_password(event):
    phone = Client()
    phone.post(link(event), {"name": "Ann", "decklist": decklist("core-stark")})
    user = Entrant.objects.get(event=event, name="Ann").user
    page = phone.get(reverse("account_finish"))
    assert page.status_code == 200 and user.username in page.content.decode()
    bad = phone.post(
        reverse("account_finish"), {"username": "varys", "password1": "a", "password2": "b"}
    )
    assert bad.status_code == 400
    done = phone.post(
        reverse("account_finish"),
        {"username": "ann", "password1": "winter-roses-12", "password2": "winter-roses-12"},
    )
    assert done.status_code == 302
    user.refresh_from_db()
    assert user.username == "ann" and user.has_usable_password()
    assert Client().login(username="ann", password="winter-roses-12")
    # Still logged in on the phone; a full account goes to the password change instead.
    assert phone.get(reverse("account_finish"))["Location"] == reverse("password_change")


def test_the_organizer_sees_the_link_and_its_qr_code_while_registration_is_open(
    client, event, organizer
):
    client.force_login(organizer)
    page = client.get(reverse("tournaments:event_manage_players", args=[event.pk])).content.decode()
    assert link(event) in page and "<svg" in page
    Event.objects.filter(pk=event.pk).update(status=Event.Status.SWISS)
    page = client.get(reverse("tournaments:event_manage_players", args=[event.pk])).content.decode()
    assert link(event) not in page
    # Nobody else sees the code.
    public = Client().get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    assert event.join_code not in public
