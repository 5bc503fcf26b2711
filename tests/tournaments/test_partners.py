"""Two-on-two partners join by accepting (issue 27, point 6).

Naming a partner's account asks it: the team waits, incomplete and never paired, until the
account accepts with a deck of its own choosing (frozen then) or declines. An account sits
on one entry per event, as its player or as a partner: the services refuse a second with a
message, under the event's lock, and the database refuses one account as the partner of two
teams. An organizer who pastes the partner's list links the account at once (trusted, as
for a player's account); naming it without a list asks it.
"""

from __future__ import annotations

import datetime
import json
import threading

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError, connection, transaction
from django.urls import reverse

from cards.services import cards_load
from decks import services as deck_services
from decks.check import read_deck
from decks.models import Deck
from tests.conftest import require_service
from tests.tournaments.conftest import decklist
from tournaments import selectors as sel
from tournaments.audit_log import audit_log
from tournaments.exports.services import event_export, event_import
from tournaments.models import Entrant, Event, Invitation
from tournaments.rounds.services import ConfirmationNeeded, round_pair
from tournaments.services import (
    DECK_NOT_YOURS,
    EventError,
    entrant_check_in,
    entrant_register,
    event_create,
    invitation_create,
    partner_accept,
    partner_ask,
    partner_decline,
)

HOUSES = ["core-stark", "core-lannister", "core-baratheon", "core-targaryen"]
SECRET = "The Secret Wall of Jon"


def url(name, event, *args):
    return reverse(f"tournaments:{name}", args=[event.pk, *args])


def account(name: str) -> User:
    return User.objects.create_user(name, password="x-long-pass-1")


def saved_deck(owner: User, name: str = SECRET, house: str = "stark") -> Deck:
    spec = read_deck(decklist(f"core-{house}"))[0]
    return deck_services.deck_create(
        owner=owner, name=name, house=house.title(), entries=dict(spec.entries)
    )


def pairs(organizer: User) -> Event:
    return event_create(
        organizer=organizer, name="Pairs", date=datetime.date(2026, 12, 5), format="teams"
    )


def ask(event: Event, captain: User, partner: User, house: str = HOUSES[0]) -> Entrant:
    """The captain registers themselves and names ``partner``'s account."""
    return entrant_register(
        event=event, user=captain, player=captain, deck=decklist(house), partner=partner
    )


def full_team(event: Event, organizer: User, name: str, index: int = 0) -> Entrant:
    return entrant_register(
        event=event,
        user=organizer,
        name=name,
        deck=decklist(HOUSES[index % 4]),
        partner_deck=decklist(HOUSES[(index + 1) % 4]),
    )


@pytest.fixture
def people(db):
    return {name: account(name) for name in ("varys", "arya", "jon", "bran")}


# --- Asking, accepting, declining -----------------------------------------------------------


def test_naming_a_partner_asks_them_and_does_not_put_them_on_the_team(people):
    event = pairs(people["varys"])
    team = ask(event, people["arya"], people["jon"])
    assert team.partner is None and team.partner_invited == people["jon"]
    assert team.awaiting_partner and team.partner_decklist == {}
    assert team.name == "arya"  # jon's name is not on the team before he accepts
    assert sel.entry_of(event, people["jon"]) is None
    assert list(sel.partner_requests(people["jon"])) == [team]
    # the incomplete team is not paired: the organizer is asked, and it sits out
    for index, name in enumerate(["Wolves", "Lions"]):
        full_team(event, people["varys"], name, index)
    with pytest.raises(ConfirmationNeeded, match=r"1 team\(s\) still wait.*\(arya\)"):
        round_pair(event=event, user=people["varys"])
    round_ = round_pair(event=event, user=people["varys"], confirm=True)
    seated = {s.entrant.name for t in round_.tables.all() for s in t.seats.all()}
    assert seated == {"Wolves", "Lions"}


def test_the_partner_accepts_with_a_saved_deck_frozen_at_acceptance(people):
    event = pairs(people["varys"])
    team = ask(event, people["arya"], people["jon"])
    deck = saved_deck(people["jon"])
    team = partner_accept(entrant=team, user=people["jon"], deck=deck)
    assert (team.partner, team.partner_invited, team.partner_request) == (people["jon"], None, "")
    assert team.name == "arya & jon" and not team.awaiting_partner
    frozen = team.partner_decklist
    assert frozen["house"] == "Stark"
    some_card = next(iter(frozen["cards"]))
    deck_services.deck_set_count(deck=deck, user=people["jon"], card_code=some_card, count=0)
    team.refresh_from_db()
    assert team.partner_decklist == frozen  # later edits to the saved deck change nothing
    assert sel.entry_of(event, people["jon"]) == team
    sentences = [line["text"] for line in audit_log(event)]
    assert "jon accepted to be the partner of arya." in sentences
    assert "arya asked jon to be the partner of arya." in sentences


def test_a_partner_registers_only_their_own_saved_deck(people):
    event = pairs(people["varys"])
    team = ask(event, people["arya"], people["jon"])
    aryas = saved_deck(people["arya"], name="Arya's List")
    with pytest.raises(EventError) as refused:
        partner_accept(entrant=team, user=people["jon"], deck=aryas)
    assert str(refused.value) == DECK_NOT_YOURS
    # nobody but the account asked may accept
    with pytest.raises(EventError, match="no open request"):
        partner_accept(entrant=team, user=people["bran"], deck=decklist(HOUSES[1]))
    team.refresh_from_db()
    assert team.partner is None and team.awaiting_partner


def test_declining_leaves_the_team_waiting_until_it_asks_someone_else(people):
    event = pairs(people["varys"])
    team = ask(event, people["arya"], people["jon"])
    team = partner_decline(entrant=team, user=people["jon"])
    assert team.partner_request == "declined" and team.partner is None
    assert list(sel.partner_requests(people["jon"])) == []
    with pytest.raises(EventError, match="no open request"):
        partner_accept(entrant=team, user=people["jon"], deck=decklist(HOUSES[1]))
    with pytest.raises(EventError, match="No account is named 'brann'"):
        partner_ask(entrant=team, user=people["arya"], username="brann")
    partner_ask(entrant=team, user=people["arya"], username="bran")
    team = partner_accept(entrant=team, user=people["bran"], deck=decklist(HOUSES[2]))
    assert (team.partner, team.name) == (people["bran"], "arya & bran")
    with pytest.raises(EventError, match="is complete"):
        partner_ask(entrant=team, user=people["arya"], username="jon")
    assert "jon declined to be the partner of arya." in [line["text"] for line in audit_log(event)]


def test_accepted_after_round_one_the_team_joins_the_next_round(people):
    event = pairs(people["varys"])
    team = ask(event, people["arya"], people["jon"])
    for index, name in enumerate(["Wolves", "Lions"]):
        full_team(event, people["varys"], name, index)
    round_pair(event=event, user=people["varys"], confirm=True)
    team = partner_accept(entrant=team, user=people["jon"], deck=decklist(HOUSES[2]))
    assert team.joined_round == 2


# --- One team per event ---------------------------------------------------------------------


def test_an_account_sits_on_one_team_per_event(people):
    arya, jon, bran, varys = people["arya"], people["jon"], people["bran"], people["varys"]
    event = pairs(varys)
    first = ask(event, arya, jon)
    second = ask(event, bran, jon, house=HOUSES[2])
    partner_accept(entrant=first, user=jon, deck=decklist(HOUSES[1]))
    second.refresh_from_db()
    assert second.partner_request == "declined"  # closed: jon plays on arya's team now
    with pytest.raises(EventError, match="no open request"):
        partner_accept(entrant=second, user=jon, deck=decklist(HOUSES[1]))
    # as a partner, jon can neither register his own entry nor be named again
    with pytest.raises(EventError, match="You are already registered in this event, on arya & jon"):
        entrant_register(event=event, user=jon, player=jon, deck=decklist(HOUSES[3]))
    with pytest.raises(EventError, match="jon is already registered in this event"):
        partner_ask(entrant=second, user=bran, username="jon")
    with pytest.raises(EventError, match="jon is already registered in this event"):
        entrant_register(
            event=event,
            user=varys,
            name="Walk-ins",
            deck=decklist(HOUSES[0]),
            partner=jon,
            partner_deck=decklist(HOUSES[1]),
        )
    with pytest.raises(EventError, match="already registered"):
        invitation_create(event=event, user=varys, username="jon")
    assert Entrant.objects.filter(event=event, partner=jon).count() == 1


def test_a_player_with_an_entry_cannot_be_asked_and_registering_closes_requests(people):
    arya, jon, bran = people["arya"], people["jon"], people["bran"]
    event = pairs(people["varys"])
    team = ask(event, arya, jon)
    own = entrant_register(
        event=event,
        user=bran,
        player=bran,
        deck=decklist(HOUSES[2]),
        partner_deck=decklist(HOUSES[3]),
    )
    with pytest.raises(EventError, match="bran is already registered in this event, on bran"):
        partner_ask(entrant=team, user=arya, username="bran")
    # jon registers a team of his own: arya's request to him is closed
    entrant_register(
        event=event,
        user=jon,
        player=jon,
        deck=decklist(HOUSES[1]),
        partner_deck=decklist(HOUSES[0]),
    )
    team.refresh_from_db()
    assert team.partner_request == "declined"
    assert own.partner is None


def test_the_database_refuses_one_partner_on_two_teams(people):
    event = pairs(people["varys"])
    Entrant.objects.create(event=event, name="A", partner=people["jon"])
    with pytest.raises(IntegrityError), transaction.atomic():
        Entrant.objects.create(event=event, name="B", partner=people["jon"])


def _at_once(*actions) -> list[BaseException | None]:
    """Run each action on a connection of its own, all released at the same moment."""
    start = threading.Barrier(len(actions))
    outcome: list[BaseException | None] = [None] * len(actions)

    def run(index, action):
        try:
            start.wait()
            action()
        except BaseException as error:  # reported to the test
            outcome[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, a)) for i, a in enumerate(actions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcome


def _needs_postgresql() -> None:
    require_service("DATABASE_URL")
    if connection.vendor != "postgresql":
        pytest.skip("row locks and concurrent writers need PostgreSQL")
    cards_load()  # a transactional test may follow another that emptied the tables


@pytest.mark.django_db(transaction=True)
def test_two_acceptances_at_once_put_the_partner_on_one_team():
    _needs_postgresql()
    people = {name: account(name) for name in ("varys", "arya", "jon", "bran")}
    event = pairs(people["varys"])
    first = ask(event, people["arya"], people["jon"])
    second = ask(event, people["bran"], people["jon"], house=HOUSES[2])
    outcome = _at_once(
        lambda: partner_accept(entrant=first, user=people["jon"], deck=decklist(HOUSES[1])),
        lambda: partner_accept(entrant=second, user=people["jon"], deck=decklist(HOUSES[3])),
    )
    assert sorted(type(o).__name__ for o in outcome) == ["EventError", "NoneType"]
    assert Entrant.objects.filter(event=event, partner=people["jon"]).count() == 1


@pytest.mark.django_db(transaction=True)
def test_accepting_and_registering_at_once_seat_the_account_once():
    _needs_postgresql()
    people = {name: account(name) for name in ("varys", "arya", "jon")}
    event = pairs(people["varys"])
    jon = people["jon"]
    team = ask(event, people["arya"], jon)
    outcome = _at_once(
        lambda: partner_accept(entrant=team, user=jon, deck=decklist(HOUSES[1])),
        lambda: entrant_register(
            event=event,
            user=jon,
            player=jon,
            deck=decklist(HOUSES[2]),
            partner_deck=decklist(HOUSES[3]),
        ),
    )
    assert sorted(type(o).__name__ for o in outcome) == ["EventError", "NoneType"]
    seats = Entrant.objects.filter(event=event, user=jon).count()
    seats += Entrant.objects.filter(event=event, partner=jon).count()
    assert seats == 1


# --- The organizer's paths -----------------------------------------------------------------


def test_an_organizer_links_a_partner_with_a_pasted_list_or_asks_without_one(people):
    varys, jon, bran = people["varys"], people["jon"], people["bran"]
    event = pairs(varys)
    linked = entrant_register(
        event=event,
        user=varys,
        player=people["arya"],
        deck=decklist(HOUSES[0]),
        partner=jon,
        partner_deck=decklist(HOUSES[1]),
    )
    assert (linked.partner, linked.name, linked.awaiting_partner) == (jon, "arya & jon", False)
    asked = entrant_register(
        event=event, user=varys, name="Ravens", deck=decklist(HOUSES[2]), partner=bran
    )
    assert asked.partner is None and asked.partner_invited == bran and asked.awaiting_partner
    walk_in = full_team(event, varys, "Walk-ins", 3)
    assert walk_in.partner is None and not walk_in.awaiting_partner
    with pytest.raises(EventError, match="no partner yet"):
        entrant_check_in(entrant=asked, user=varys)
    entrant_check_in(entrant=walk_in, user=varys)
    asked = partner_accept(entrant=asked, user=bran, deck=decklist(HOUSES[3]))
    assert asked.name == "Ravens" and asked.partner == bran  # an organizer's name is kept
    # a player naming an account and pasting a list is refused: the partner chooses
    sansa = account("sansa")
    with pytest.raises(EventError, match="not both"):
        entrant_register(
            event=event,
            user=sansa,
            player=sansa,
            deck=decklist(HOUSES[0]),
            partner=account("rickon"),
            partner_deck=decklist(HOUSES[1]),
        )


def test_export_and_import_keep_the_partner_requests(people):
    varys = people["varys"]
    event = pairs(varys)
    waiting = ask(event, people["arya"], people["jon"])
    declined = ask(event, people["bran"], account("sansa"), house=HOUSES[2])
    partner_decline(entrant=declined, user=User.objects.get(username="sansa"))
    full_team(event, varys, "Wolves", 1)
    document = json.loads(json.dumps(event_export(event)))
    by_name = {e["name"]: e for e in document["entrants"]}
    assert (by_name["arya"]["partner_invited"], by_name["arya"]["partner_request"]) == (
        "jon", "pending",
    )  # fmt: skip
    assert by_name["bran"]["partner_request"] == "declined"
    copy_ = event_import(data=document, organizer=varys, allow_duplicate=True)
    again = {e["name"]: e for e in event_export(copy_)["entrants"]}
    for name, entry in by_name.items():
        assert {k: v for k, v in again[name].items() if k != "key"} == {
            k: v for k, v in entry.items() if k != "key"
        }
    restored = Entrant.objects.get(event=copy_, name="arya")
    assert restored.partner_invited == people["jon"] and restored.awaiting_partner
    assert waiting.pk != restored.pk
    # the restored request can be answered on this site
    partner_accept(entrant=restored, user=people["jon"], deck=decklist(HOUSES[3]))


def test_an_import_with_an_account_on_two_entries_is_refused_with_a_message(people):
    varys = people["varys"]
    event = pairs(varys)
    full_team(event, varys, "Wolves", 0)
    entrant_register(
        event=event, user=varys, player=people["arya"], deck=decklist(HOUSES[1]),
        partner_deck=decklist(HOUSES[2]),
    )  # fmt: skip
    document = json.loads(json.dumps(event_export(event)))
    next(e for e in document["entrants"] if e["name"] == "Wolves")["partner"] = "arya"
    with pytest.raises(EventError) as refused:
        event_import(data=document, organizer=varys, allow_duplicate=True)
    assert any("'arya' is on two entries" in p for p in refused.value.problems)


# --- The pages ----------------------------------------------------------------------------


def test_the_pages_show_the_request_to_both_accounts(client, people):
    arya, jon = people["arya"], people["jon"]
    event = pairs(people["varys"])
    client.force_login(arya)
    aryas = saved_deck(arya, name="Arya's Hidden List", house="lannister")
    response = client.post(url("event_join", event), {"deck": aryas.pk, "partner_username": "jon"})
    assert response.status_code == 302
    team = Entrant.objects.get(event=event)
    page = client.get(event.get_absolute_url()).content.decode()
    assert "Waiting for <strong>jon</strong> to accept" in page
    # the named account sees it on the event page and the events list, never arya's deck
    saved_deck(jon)
    client.force_login(jon)
    page = client.get(event.get_absolute_url()).content.decode()
    assert "arya asks you to be their partner" in page and SECRET in page
    assert "Arya&#x27;s Hidden List" not in page and "Arya's Hidden List" not in page
    listing = client.get(reverse("tournaments:event_list")).content.decode()
    assert "arya asks you to be their two-on-two partner" in listing
    assert client.get(url("entrant_deck", event, team.pk)).status_code == 403
    # someone else's deck id gets the message for any deck not one's own
    refused = client.post(url("partner_accept", event, team.pk), {"deck": aryas.pk})
    assert refused.status_code == 400 and DECK_NOT_YOURS.split(":")[0] in refused.content.decode()
    assert "Arya&#x27;s Hidden List" not in refused.content.decode()
    # the organizer sees the team flagged
    client.force_login(people["varys"])
    manage = client.get(url("event_manage_players", event)).content.decode()
    assert "waiting for jon to accept" in manage
    # jon declines from the events list; arya asks again, with a typo first
    client.force_login(jon)
    client.post(url("partner_decline", event, team.pk), {"next": "/events/"})
    client.force_login(arya)
    page = client.get(event.get_absolute_url()).content.decode()
    assert "jon did not accept" in page
    typo = client.post(url("partner_ask", event, team.pk), {"username": "jonn"})
    assert typo.status_code == 400
    assert "No account is named &#x27;jonn&#x27;" in typo.content.decode()
    assert client.post(url("partner_ask", event, team.pk), {"username": "jon"}).status_code == 302
    client.force_login(jon)
    accepted = client.post(
        url("partner_accept", event, team.pk), {"decklist": decklist("core-stark")}
    )
    assert accepted.status_code == 302
    page = client.get(event.get_absolute_url()).content.decode()
    assert "You are registered as <strong>arya &amp; jon</strong>" in page


def test_a_join_form_with_no_partner_at_all_says_what_is_missing(client, people):
    event = pairs(people["varys"])
    client.force_login(people["arya"])
    response = client.post(url("event_join", event), {"decklist": decklist("core-stark")})
    assert response.status_code == 400
    assert "name your partner&#x27;s account" in response.content.decode()
    assert not Entrant.objects.filter(event=event).exists()
    assert not Invitation.objects.exists()


# --- The migration ------------------------------------------------------------------------

BEFORE_REQUESTS = [("tournaments", "0005_audit_entry_outlives_a_deleted_event")]
WITH_REQUESTS = [("tournaments", "0006_entrant_partner_requests")]


@pytest.mark.django_db(transaction=True)
def test_the_migration_unlinks_a_second_seat_and_tells_the_organizer():
    """An account already on two entries of an event (the bug of issue 27) keeps its first
    place; the later team keeps its decks, loses the link, and the audit log says so."""
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE_REQUESTS)
    old = executor.loader.project_state(BEFORE_REQUESTS).apps
    OldUser = old.get_model("auth", "User")
    OldEvent = old.get_model("tournaments", "Event")
    OldEntrant = old.get_model("tournaments", "Entrant")
    varys, arya, jon = (OldUser.objects.create(username=n) for n in ("varys", "arya", "jon"))
    event = OldEvent.objects.create(
        name="Old Pairs", date=datetime.date(2026, 1, 2), organizer=varys, format="teams"
    )
    own = OldEntrant.objects.create(event=event, name="jon", user=jon)
    first = OldEntrant.objects.create(event=event, name="A", user=arya, partner=varys)
    second = OldEntrant.objects.create(event=event, name="B", partner=varys)
    third = OldEntrant.objects.create(event=event, name="C", partner=jon, partner_decklist={"x": 1})
    try:
        MigrationExecutor(connection).migrate(WITH_REQUESTS)
        # On to the latest schema, which the current models read (later migrations add
        # columns; they leave these rows as they are).
        MigrationExecutor(connection).migrate(
            MigrationExecutor(connection).loader.graph.leaf_nodes()
        )
        partners = dict(Entrant.objects.filter(event_id=event.pk).values_list("name", "partner"))
        assert partners == {"jon": None, "A": varys.pk, "B": None, "C": None}
        assert Entrant.objects.get(pk=third.pk).partner_decklist == {"x": 1}
        assert own.pk and first.pk and second.pk
        texts = [line["text"] for line in audit_log(Event.objects.get(pk=event.pk))]
        assert sorted(texts) == [
            "jon was the partner of C while on another team of this event: the link to the "
            "account was removed, the decks are kept.",
            "varys was the partner of B while on another team of this event: the link to the "
            "account was removed, the decks are kept.",
        ]
    finally:
        MigrationExecutor(connection).migrate(
            MigrationExecutor(connection).loader.graph.leaf_nodes()
        )
        cards_load()
