"""Registration keeps private decks private: a saved deck is frozen into an event only at its
owner's own request (registering themselves, or accepting an organizer's invitation).

An organizer registers walk-ins and account holders with pasted lists, or invites an account,
which sees the invitation on the event page and on the events list and answers it.
"""

from __future__ import annotations

import datetime
import json
import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from decks import services as deck_services
from decks.check import read_deck
from decks.models import Deck
from tests.pages import without_tokens
from tests.tournaments.conftest import decklist
from tournaments.models import AuditEntry, Entrant, Event, Invitation
from tournaments.rounds.services import round_pair
from tournaments.services import (
    DECK_NOT_YOURS,
    EventError,
    entrant_register,
    event_create,
    invitation_accept,
    invitation_create,
)

pytestmark = pytest.mark.django_db

SECRET = "Secret Lions of the Rock"


def url(name, event, *args):
    return reverse(f"tournaments:{name}", args=[event.pk, *args])


def saved_deck(owner: User, name: str = SECRET, house: str = "lannister") -> Deck:
    spec = read_deck(decklist(f"core-{house}"))[0]
    return deck_services.deck_create(
        owner=owner, name=name, house=house.title(), entries=dict(spec.entries)
    )


def events_page(client) -> str:
    return client.get(reverse("tournaments:event_list")).content.decode()


def without_csrf(body: bytes) -> str:
    """The whole page without what varies per response: CSRF tokens (the form field and
    htmx's header) and the Content-Security-Policy nonces."""
    return without_tokens(body.decode())


@pytest.fixture
def victim(player) -> User:
    return player  # arya, whose saved decks are private


@pytest.fixture
def mallory() -> User:
    return User.objects.create_user("mallory", password="x-long-pass-1")


# --- The attack: registering somebody else's saved deck -------------------------------------


def test_an_organizer_cannot_freeze_another_accounts_private_deck(client, victim, mallory):
    """Any account can organize an event: registering arya with her deck id must not copy
    her private deck into mallory's event (and so onto its deck page and export)."""
    deck = saved_deck(victim)
    client.force_login(mallory)
    event = event_create(organizer=mallory, name="Bait", date=datetime.date(2026, 12, 1))
    response = client.post(url("event_register", event), {"username": "arya", "deck": deck.pk})
    assert response.status_code == 400
    assert not Entrant.objects.filter(event=event).exists()
    body = response.content.decode()
    assert SECRET not in body
    assert "Paste arya&#x27;s decklist, or invite the account" in body
    export = client.get(url("event_export_json", event)).content.decode()
    assert SECRET not in export and json.loads(export)["entrants"] == []


def test_the_service_freezes_a_saved_deck_only_for_its_owner(event, organizer, victim):
    deck = saved_deck(victim)
    for kwargs in (
        {"player": victim},  # the organizer, for the owner
        {"name": "Walk-in"},  # the organizer, for a walk-in
        {"player": organizer},  # the organizer, for themselves
    ):
        with pytest.raises(EventError) as caught:
            entrant_register(event=event, user=organizer, deck=deck, **kwargs)
        assert str(caught.value) == DECK_NOT_YOURS
    teams = event_create(
        organizer=organizer, name="Pairs", date=datetime.date(2026, 12, 2), format="teams"
    )
    with pytest.raises(EventError) as caught:  # nor as the partner's deck of a team
        entrant_register(
            event=teams, user=organizer, name="Team", deck=decklist("core-stark"), partner_deck=deck
        )
    assert str(caught.value) == DECK_NOT_YOURS
    assert not Entrant.objects.exists()
    mine = entrant_register(event=event, user=victim, player=victim, deck=deck)
    assert mine.deck_name == SECRET  # the owner registering herself


def test_the_join_form_does_not_tell_whether_a_deck_id_exists(client, event, victim, mallory):
    theirs = saved_deck(victim)
    saved_deck(mallory, name="Mallory's Own", house="stark")
    missing = Deck.objects.order_by("-pk").first().pk + 1000
    client.force_login(mallory)
    bodies = []
    for value in (theirs.pk, missing, "abc", "-1", "99999999999999999999999"):
        response = client.post(url("event_join", event), {"deck": value, "decklist": ""})
        assert response.status_code == 400, value
        bodies.append(without_csrf(response.content))
    assert DECK_NOT_YOURS.replace("'", "&#x27;") in bodies[0]
    assert SECRET not in bodies[0]
    assert all(body == bodies[0] for body in bodies), "the answers differ"
    assert not Entrant.objects.filter(event=event).exists()


def test_a_player_still_registers_their_own_saved_deck(client, event, victim):
    deck = saved_deck(victim)
    client.force_login(victim)
    page = client.get(event.get_absolute_url()).content.decode()
    assert f'<option value="{deck.pk}">{SECRET}</option>' in page
    response = client.post(url("event_join", event), {"deck": deck.pk})
    assert response.status_code == 302
    assert Entrant.objects.get(event=event, user=victim).deck_name == SECRET


def test_the_join_form_names_each_problem_and_keeps_what_was_typed(client, event, victim):
    deck = saved_deck(victim)
    client.force_login(victim)
    response = client.post(url("event_join", event), {"deck": "", "decklist": "  "})
    assert response.status_code == 400
    assert "Choose one of your decks or paste a decklist." in response.content.decode()
    both = client.post(url("event_join", event), {"deck": deck.pk, "decklist": "House Stark"})
    body = both.content.decode()
    assert both.status_code == 400 and "not both" in body
    assert f'<option value="{deck.pk}" selected>' in body and "House Stark</textarea>" in body
    bad = decklist("core-stark").replace("2x Arya Stark", "9x Arya Stark")
    illegal = client.post(url("event_join", event), {"decklist": bad})
    assert illegal.status_code == 400
    assert "not legal" in illegal.content.decode() and "9x Arya Stark" in illegal.content.decode()
    assert not Entrant.objects.filter(event=event).exists()


# --- Invitations ----------------------------------------------------------------------------


def test_an_invited_player_accepts_with_their_own_saved_deck(client, event, organizer, victim):
    deck = saved_deck(victim)
    client.force_login(organizer)
    response = client.post(url("invitation_create", event), {"invite-username": "arya"})
    assert response.status_code == 302 and response["Location"].endswith("#invitations")
    manage = client.get(url("event_manage_players", event)).content.decode()
    assert "arya" in manage and "waiting for an answer" in manage

    client.force_login(victim)
    listing = client.get(reverse("tournaments:event_list")).content.decode()
    assert "Invitations for you (1)" in listing and "invited by varys" in listing
    page = client.get(event.get_absolute_url()).content.decode()
    assert "You are invited" in page and url("invitation_accept", event) in page
    assert f'<option value="{deck.pk}">{SECRET}</option>' in page
    response = client.post(url("invitation_accept", event), {"deck": deck.pk})
    assert response.status_code == 302
    entrant = Entrant.objects.get(event=event, user=victim)
    assert entrant.deck_name == SECRET and entrant.name == "arya"
    assert Invitation.objects.get(event=event, user=victim).status == "accepted"
    actions = set(AuditEntry.objects.filter(event=event).values_list("action", flat=True))
    assert {"player_invited", "invitation_accepted", "entrant_registered"} <= actions
    assert "Invitations for you" not in events_page(client)
    # now she has consented, the organizer sees the frozen deck
    client.force_login(organizer)
    assert SECRET in client.get(url("entrant_deck", event, entrant.pk)).content.decode()


def test_an_invited_player_may_paste_a_list_or_decline(client, event, organizer, victim):
    other = User.objects.create_user("bran", password="x-long-pass-1")
    invitation_create(event=event, user=organizer, username="arya")
    invitation_create(event=event, user=organizer, username="bran")
    client.force_login(other)
    response = client.post(url("invitation_accept", event), {"decklist": decklist("core-stark")})
    assert response.status_code == 302
    assert Entrant.objects.get(event=event, user=other).house == "Stark"
    client.force_login(victim)
    listing = reverse("tournaments:event_list")
    response = client.post(url("invitation_decline", event), {"next": listing})
    assert response.status_code == 302 and response["Location"] == listing
    assert Invitation.objects.get(event=event, user=victim).status == "declined"
    assert "Invitations for you" not in client.get(listing).content.decode()
    assert "You are invited" not in client.get(event.get_absolute_url()).content.decode()
    client.force_login(organizer)
    assert "declined" in client.get(url("event_manage_players", event)).content.decode()
    invitation_create(event=event, user=organizer, username="arya")  # asked again
    assert Invitation.objects.get(event=event, user=victim).status == "pending"
    client.force_login(victim)  # "next" only ever leads back into this site
    response = client.post(url("invitation_decline", event), {"next": "/\\evil.example/"})
    assert response["Location"] == event.get_absolute_url()


def test_accepting_with_someone_elses_deck_reads_like_a_missing_deck(
    client, event, organizer, victim, mallory
):
    theirs = saved_deck(mallory, name="Mallory's Own", house="stark")
    invitation_create(event=event, user=organizer, username="arya")
    client.force_login(victim)
    missing = Deck.objects.order_by("-pk").first().pk + 1000
    bodies = []
    for value in (theirs.pk, missing):
        response = client.post(url("invitation_accept", event), {"deck": value})
        assert response.status_code == 400
        bodies.append(without_csrf(response.content))
    assert bodies[0] == bodies[1] and "Mallory" not in bodies[0]
    assert DECK_NOT_YOURS.replace("'", "&#x27;") in bodies[0]
    assert Invitation.objects.get(event=event, user=victim).status == "pending"
    with pytest.raises(EventError) as caught:
        invitation_accept(event=event, user=victim, deck=theirs)
    assert str(caught.value) == DECK_NOT_YOURS


def test_only_the_invited_account_answers_and_only_organizers_invite(
    client, event, organizer, victim, mallory
):
    invitation_create(event=event, user=organizer, username="arya")
    client.force_login(mallory)
    assert client.post(url("invitation_create", event), {"invite-username": "x"}).status_code == 403
    response = client.post(url("invitation_accept", event), {"decklist": decklist("core-stark")})
    assert response.status_code == 400
    assert "You have no open invitation to this event." in response.content.decode()
    client.post(url("invitation_decline", event))
    assert Invitation.objects.get(event=event, user=victim).status == "pending"
    assert not Entrant.objects.filter(event=event).exists()
    # nobody learns of another's invitation from the events list
    assert "Invitations for you" not in events_page(client)


def test_bad_invitations_name_the_problem_and_keep_the_username(client, event, organizer, victim):
    client.force_login(organizer)
    for typed, message in [
        ("", "Give the username of the account to invite."),
        ("nobody", "No account is named &#x27;nobody&#x27;"),
    ]:
        response = client.post(url("invitation_create", event), {"invite-username": typed})
        assert response.status_code == 400
        body = response.content.decode()
        assert message in body and f'value="{typed}"' in (body if typed else 'value=""')
    client.post(url("invitation_create", event), {"invite-username": "arya"})
    again = client.post(url("invitation_create", event), {"invite-username": "arya"})
    assert again.status_code == 400 and "already invited" in again.content.decode()
    entrant_register(event=event, user=victim, player=victim, deck=decklist("core-stark"))
    assert Invitation.objects.get(event=event, user=victim).status == "accepted"
    registered = client.post(url("invitation_create", event), {"invite-username": "arya"})
    assert registered.status_code == 400 and "already registered" in registered.content.decode()


def test_an_organizer_withdraws_an_invitation(client, event, organizer, victim):
    invitation = invitation_create(event=event, user=organizer, username="arya")
    client.force_login(organizer)
    response = client.post(url("invitation_withdraw", event, invitation.pk))
    assert response.status_code == 302
    assert not Invitation.objects.filter(pk=invitation.pk).exists()
    assert client.post(url("invitation_withdraw", event, invitation.pk)).status_code == 302
    client.force_login(victim)
    page = client.get(event.get_absolute_url()).content.decode()
    assert "You are invited" not in page and url("event_join", event) in page


def test_an_invitation_accepted_after_round_one_is_a_late_entry(client, event, organizer, victim):
    for i, house in enumerate(["stark", "baratheon"]):
        entrant_register(event=event, user=organizer, name=f"P{i}", deck=decklist(f"core-{house}"))
    round_pair(event=event, user=organizer)
    invitation_create(event=event, user=organizer, username="arya")
    deck = saved_deck(victim)
    client.force_login(victim)
    page = client.get(event.get_absolute_url()).content.decode()
    assert "You are invited" in page and "you join from the next round" in page
    assert client.post(url("invitation_accept", event), {"deck": deck.pk}).status_code == 302
    late = Entrant.objects.get(event=event, user=victim)
    assert late.joined_round == 2 and late.checked_in
    # without an invitation, registration stays closed to players after round 1
    bran = User.objects.create_user("bran", password="x-long-pass-1")
    client.force_login(bran)
    response = client.post(url("event_join", event), {"decklist": decklist("core-targaryen")})
    assert response.status_code == 400 and "Registration is closed" in response.content.decode()


def test_a_two_on_two_team_registers_by_invitation_and_asks_its_partner(client, organizer, victim):
    """Accepting an organizer's invitation in two-on-two names the partner's account: it is
    asked, not put on the team, and joins with a deck of its own when it accepts."""
    teams = event_create(
        organizer=organizer, name="Pairs", date=datetime.date(2026, 12, 2), format="teams"
    )
    partner = User.objects.create_user("jon", password="x-long-pass-1")
    invitation_create(event=teams, user=organizer, username="arya")
    deck = saved_deck(victim)
    client.force_login(victim)
    response = client.post(url("invitation_accept", teams), {"deck": deck.pk})
    assert response.status_code == 400
    assert "name your partner&#x27;s account" in response.content.decode()
    response = client.post(
        url("invitation_accept", teams), {"deck": deck.pk, "partner_username": "jonn"}
    )
    body = response.content.decode()
    assert response.status_code == 400 and "No account is named &#x27;jonn&#x27;" in body
    assert 'value="jonn"' in body and SECRET in body  # the player's own deck, still offered
    both = {"deck": deck.pk, "partner_username": "jon", "partner_decklist": decklist("core-stark")}
    response = client.post(url("invitation_accept", teams), both)
    assert response.status_code == 400 and "not both" in response.content.decode()
    response = client.post(
        url("invitation_accept", teams), {"deck": deck.pk, "partner_username": "jon"}
    )
    assert response.status_code == 302
    team = Entrant.objects.get(event=teams)
    assert (team.user, team.partner, team.partner_invited, team.name) == (
        victim, None, partner, "arya",
    )  # fmt: skip
    assert team.partner_decklist == {}
    client.force_login(partner)
    page = client.get(teams.get_absolute_url()).content.decode()
    assert "arya asks you to be their partner" in page and SECRET not in page
    accepted = client.post(
        url("partner_accept", teams, team.pk), {"decklist": decklist("core-stark")}
    )
    assert accepted.status_code == 302
    team.refresh_from_db()
    assert (team.partner, team.name, team.partner_decklist["house"]) == (
        partner,
        "arya & jon",
        "Stark",
    )
    page = client.get(teams.get_absolute_url()).content.decode()
    assert "You are registered as <strong>arya &amp; jon</strong>" in page


def test_the_registration_pages_are_labelled_for_keyboards_and_phones(
    client, event, organizer, victim
):
    """Every control of the join, invitation and registration forms has a label, and the
    pages declare the phone viewport."""
    invitation_create(event=event, user=organizer, username="arya")
    client.force_login(organizer)
    manage = client.get(url("event_manage_players", event)).content.decode()
    client.force_login(victim)
    detail = client.get(event.get_absolute_url()).content.decode()
    listing = client.get(reverse("tournaments:event_list")).content.decode()
    for body in (manage, detail, listing):
        assert 'name="viewport"' in body
        for control in re.findall(r"<(?:input|select|textarea)\b[^>]*>", body):
            if 'type="hidden"' in control:
                continue
            found = re.search(r'id="([^"]+)"', control)
            inside_label = found is None  # e.g. <label>Username <input ...></label>
            assert inside_label or f'for="{found.group(1)}"' in body, control
    assert 'id="id_invite-username"' in manage and 'id="id_username"' in manage
    assert Event.objects.get(pk=event.pk).status == "registration"
