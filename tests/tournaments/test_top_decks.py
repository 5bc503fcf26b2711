"""An event's top decks, with consent (issue 33): a player ticks at registration (or later from
their entry) that the organizer may publish their deck; once the event is finished, an
organizer publishes the top N of the final standings, consenting players only, once each, and
the event page links the lists."""

from __future__ import annotations

import datetime
import json

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from decklists.models import Decklist
from decklists.services import decklist_unpublish
from tests.tournaments.conftest import decklist
from tournaments.audit_log import audit_log
from tournaments.exports.services import event_export, event_import
from tournaments.models import Entrant, Event
from tournaments.rounds.services import (
    cut_advance,
    cut_start,
    event_finish,
    result_enter,
    round_pair,
)
from tournaments.selectors import event_results
from tournaments.services import (
    EventError,
    co_organizer_add,
    entrant_register,
    event_create,
    event_join_by_link,
)
from tournaments.top_decks.selectors import top_decks, top_decks_default
from tournaments.top_decks.services import entrant_consent_set, top_decks_publish

pytestmark = pytest.mark.django_db

HOUSES = ["core-stark", "core-lannister", "core-baratheon", "core-targaryen"]
# name -> ticks the consent box registering themselves; None: typed in by the organizer
PLAYERS = {"Ann": True, "Bob": False, "Cat": None, "Dan": True, "Eve": True, "Fay": True}


def account(name: str) -> User:
    return User.objects.create_user(name.lower(), password="a-long-pass-77")


@pytest.fixture
def organizer() -> User:
    return account("Ned")


def _register_all(event: Event, organizer: User) -> None:
    for index, (name, consent) in enumerate(PLAYERS.items()):
        deck = decklist(HOUSES[index % 4])
        if consent is None:
            entrant_register(event=event, user=organizer, name=name, deck=deck)
        else:
            player = account(name)
            entrant_register(
                event=event, user=player, player=player, name=name, deck=deck,
                publish_consent=consent,
            )  # fmt: skip


def _finish_with_cut(event: Event, organizer: User) -> None:
    round_ = round_pair(event=event, user=organizer)
    for table in round_.tables.filter(is_bye=False):
        result_enter(table=table, user=organizer, data={"outcome": "win"})
    semis = cut_start(event=event, user=organizer)
    for table in semis.tables.all():
        result_enter(table=table, user=organizer, data={"outcome": "loss"})
    final = cut_advance(event=event, user=organizer)
    result_enter(table=final.tables.get(), user=organizer, data={"outcome": "loss"})
    cut_advance(event=event, user=organizer)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED


def final_order(event: Event) -> list[str]:
    return [line["entrant"].name for line in event_results(event).final]


@pytest.fixture
def finished(organizer) -> Event:
    """Six players, one Swiss round, a top 4 played to the end. The places fall as the event's
    random seed has it, so the players then set their consent by place: the 2nd and the 4th
    do not agree (nor Cat, typed in by the organizer, wherever she is), the others do."""
    event = event_create(
        organizer=organizer, name="Cut Night", date=datetime.date(2026, 12, 5), rounds=1, cut_size=4
    )
    _register_all(event, organizer)
    _finish_with_cut(event, organizer)
    for place, name in enumerate(final_order(event), start=1):
        entrant = event.entrants.get(name=name)
        if entrant.user is not None:
            entrant_consent_set(entrant=entrant, user=entrant.user, consent=place not in (2, 4))
    return event


def consents(event: Event) -> dict[str, bool]:
    return dict(event.entrants.values_list("name", "publish_consent"))


# Consent --------------------------------------------------------------------------------------


def test_the_consent_box_is_stored_from_the_registration_form(client, event):
    join = reverse("tournaments:event_join", args=[event.pk])
    yes, no = account("Yes"), account("No")
    client.force_login(yes)
    page = client.get(event.get_absolute_url()).content.decode()
    assert 'name="publish_consent"' in page
    assert "If I finish in the top decks, the organizer may publish my decklist." in page
    assert client.post(join, {"decklist": decklist("core-stark"), "publish_consent": "on"})
    client.force_login(no)
    assert client.post(join, {"decklist": decklist("core-stark")}).status_code == 302
    consents = dict(event.entrants.values_list("user__username", "publish_consent"))
    assert consents == {"yes": True, "no": False}


def test_the_organizer_s_form_has_no_consent_box(client, event, organizer):
    client.force_login(organizer)
    page = client.get(reverse("tournaments:event_manage_players", args=[event.pk]))
    assert b'name="publish_consent"' not in page.content
    client.post(
        reverse("tournaments:event_register", args=[event.pk]),
        {"name": "Walk In", "decklist": decklist("core-stark"), "publish_consent": "on"},
    )
    assert event.entrants.get(name="Walk In").publish_consent is False


def test_a_player_changes_their_consent_from_their_entry(client, event, organizer):
    player = account("Arya")
    entrant = entrant_register(event=event, user=player, player=player, deck=decklist("core-stark"))
    url = reverse("tournaments:entrant_consent", args=[event.pk])
    client.force_login(player)
    page = client.get(event.get_absolute_url()).content.decode()
    assert 'id="my-entry"' in page and "Let them publish it" in page
    assert client.post(url, {"consent": "1"}).status_code == 302
    entrant.refresh_from_db()
    assert entrant.publish_consent
    assert "Withdraw my consent" in client.get(event.get_absolute_url()).content.decode()
    client.post(url, {"consent": "0"})
    entrant.refresh_from_db()
    assert not entrant.publish_consent
    # Nobody else: not the organizer, not an account without an entry.
    for other in (organizer, account("Other")):
        client.force_login(other)
        assert client.post(url, {"consent": "1"}).status_code == 403
    with pytest.raises(PermissionDenied):
        entrant_consent_set(entrant=entrant, user=organizer, consent=True)
    entrant.refresh_from_db()
    assert not entrant.publish_consent


def test_a_claimed_entry_takes_the_consent_of_whoever_claims_it(event, organizer):
    typed = entrant_register(event=event, user=organizer, name="Hal", deck=decklist("core-stark"))
    _, entrant = event_join_by_link(
        event=event, code=event.join_code, claim=str(typed.pk), publish_consent=True
    )
    assert entrant.pk == typed.pk and entrant.publish_consent


# Publishing -------------------------------------------------------------------------------------


def test_only_a_finished_event_publishes_its_top_decks(event, organizer):
    _register_all(event, organizer)
    with pytest.raises(EventError, match="once the event is finished"):
        top_decks_publish(event=event, user=organizer)
    assert not Decklist.objects.exists()


def test_the_top_n_consenting_decks_are_published_with_places_titles_and_origin(
    finished, organizer
):
    order, agreed = final_order(finished), consents(finished)
    assert top_decks_default(finished) == 4  # the players of the cut
    outcome = top_decks_publish(event=finished, user=organizer, count=4)
    top4 = order[:4]
    consenting = [name for name in top4 if agreed[name]]
    assert [t.entrant.name for t in outcome.published] == consenting
    assert outcome.no_consent == [n for n in top4 if not agreed[n]]
    assert len(outcome.no_consent) >= 2
    assert Decklist.objects.count() == len(consenting)
    for top in outcome.published:
        entrant = Entrant.objects.get(pk=top.entrant.pk)
        place = order.index(entrant.name) + 1
        listed = entrant.published_decklist
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(place, "th")
        assert top.place == place
        assert (
            listed.title == f"{entrant.deck_name or entrant.house} – {place}{suffix} at Cut Night"
        )
        assert listed.origin == f"{place}{suffix} of 6 at Cut Night (5 Dec 2026)"
        assert listed.origin_url == finished.get_absolute_url()
        assert listed.player_name == entrant.name
        assert listed.author == entrant.user
        assert listed.format == "joust" and listed.joust_legal
        assert listed.snapshot["cards"] == entrant.decklist["cards"]
    texts = [row["text"] for row in audit_log(finished)]
    assert any(t.startswith("ned published the decklists of the top 4:") for t in texts)


def test_publishing_twice_publishes_nothing_twice(finished, organizer):
    first = top_decks_publish(event=finished, user=organizer, count=4)
    again = top_decks_publish(event=finished, user=organizer, count=4)
    assert again.published == []
    assert [t.entrant.pk for t in again.already] == [t.entrant.pk for t in first.published]
    assert Decklist.objects.count() == len(first.published)
    # A larger N publishes only the ones not yet published.
    everyone = top_decks_publish(event=finished, user=organizer, count=6)
    names = {t.entrant.name for t in first.published + everyone.published}
    assert names == {name for name, agreed in consents(finished).items() if agreed}
    assert Decklist.objects.count() == len(names)
    # One audit entry for each call that published something.
    logged = finished.audit.filter(action="top_decks_published").count()
    assert logged == 1 + bool(everyone.published)


def test_an_entry_without_an_account_is_published_by_the_organizer(finished, organizer):
    entrant = finished.entrants.get(name=final_order(finished)[0])
    entrant.user, entrant.publish_consent = None, True  # an account deleted since
    entrant.save()
    top_decks_publish(event=finished, user=organizer, count=1)
    entrant.refresh_from_db()
    assert entrant.published_decklist.author == organizer


@pytest.mark.parametrize("count", [0, 7])
def test_n_is_from_one_to_the_number_of_entrants(finished, organizer, count):
    with pytest.raises(EventError, match="from 1 to 6"):
        top_decks_publish(event=finished, user=organizer, count=count)


def test_only_organizers_publish(client, finished, organizer):
    player = User.objects.get(username="ann")
    with pytest.raises(PermissionDenied):
        top_decks_publish(event=finished, user=player)
    url = reverse("tournaments:top_decks_publish", args=[finished.pk])
    client.force_login(player)
    assert client.post(url, {"count": "4"}).status_code == 403
    assert not Decklist.objects.exists()
    co = account("Sansa")
    co_organizer_add(event=finished, user=organizer, username="sansa")
    client.force_login(co)
    response = client.post(url, {"count": "4"}, follow=True)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Published" in page and "did not agree" in page
    assert Decklist.objects.exists()


def test_the_manage_tab_offers_it_and_refuses_a_bad_number(client, finished, organizer):
    client.force_login(organizer)
    tab = client.get(reverse("tournaments:event_manage_cut", args=[finished.pk])).content.decode()
    assert 'id="top-decks"' in tab and 'name="count"' in tab and 'value="4"' in tab
    assert "no consent" in tab
    url = reverse("tournaments:top_decks_publish", args=[finished.pk])
    page = client.post(url, {"count": "two"}, follow=True).content.decode()
    assert "The number of top decks must be a whole number" in page
    page = client.post(url, {"count": "9"}, follow=True).content.decode()
    assert "from 1 to 6" in page
    assert not Decklist.objects.exists()
    page = client.post(url, {"count": ""}, follow=True).content.decode()  # the default: 4
    assert "of the top 4 decks" in page
    agreed = consents(finished)
    skipped = sum(1 for name in final_order(finished)[:4] if not agreed[name])
    assert f"{skipped} skipped" in page


def test_the_event_page_shows_the_top_decks(client, finished, organizer):
    assert "Top decks" not in client.get(finished.get_absolute_url()).content.decode()
    outcome = top_decks_publish(event=finished, user=organizer, count=6)
    page = client.get(finished.get_absolute_url()).content.decode()
    assert "Top decks" in page
    for top in outcome.published:
        assert f'href="{top.decklist.get_absolute_url()}"' in page
    shown = [t.entrant.name for t in top_decks(finished)]
    agreed = consents(finished)
    assert shown == [n for n in final_order(finished) if agreed[n]]  # in final order
    # The list says where it comes from.
    listed = client.get(outcome.published[0].decklist.get_absolute_url()).content.decode()
    assert "of 6 at Cut Night (5 Dec 2026)" in listed
    # An author who unpublishes takes it off the event page too.
    first = outcome.published[0]
    decklist_unpublish(decklist=first.decklist, user=first.entrant.user)
    page = client.get(finished.get_absolute_url()).content.decode()
    assert f'href="{first.decklist.get_absolute_url()}"' not in page
    # The player's own entry links their list.
    client.force_login(outcome.published[1].entrant.user)
    mine = client.get(finished.get_absolute_url()).content.decode()
    assert "Your decklist is published among the top decks" in mine


def test_the_export_keeps_consent_and_the_published_list(finished, organizer):
    outcome = top_decks_publish(event=finished, user=organizer, count=6)
    document = json.loads(json.dumps(event_export(finished)))
    rows = {e["name"]: e for e in document["entrants"]}
    assert rows["Cat"]["publish_consent"] is False and rows["Cat"]["published_decklist"] is None
    first = outcome.published[0]
    name = first.entrant.name
    assert rows[name]["publish_consent"] is True
    assert rows[name]["published_decklist"] == first.decklist.get_absolute_url()
    finished.delete()
    copy_ = event_import(data=document, organizer=organizer)
    restored = copy_.entrants.get(name=name)
    assert restored.publish_consent and restored.published_decklist == first.decklist
    again = top_decks_publish(event=copy_, user=organizer, count=6)
    assert again.published == []  # restored here: nothing is published twice


def test_two_on_two_publishes_the_team_s_main_deck(organizer):
    event = event_create(
        organizer=organizer, name="Pairs", date=datetime.date(2026, 12, 5), format="teams"
    )
    for index, name in enumerate(["Ann", "Bob"]):
        player = account(name)
        entrant_register(
            event=event, user=player, player=player, deck=decklist(HOUSES[index]),
            partner_deck=decklist(HOUSES[index + 2]), publish_consent=True,
        )  # fmt: skip
    round_ = round_pair(event=event, user=organizer)
    result_enter(table=round_.tables.get(), user=organizer, data={"outcome": "win"})
    event_finish(event=event, user=organizer)
    outcome = top_decks_publish(event=event, user=organizer)
    assert len(outcome.published) == 2
    for top in outcome.published:
        team = Entrant.objects.get(pk=top.entrant.pk)
        assert top.decklist.snapshot["cards"] == team.decklist["cards"]
        assert top.decklist.house == team.house != team.partner_decklist["house"]
