"""Events and registration: organizer rights, legal frozen decklists, drops, late entries."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied

from decks import services as deck_services
from decks.check import read_deck
from tournaments.models import AuditEntry, Entrant, Event, Round
from tournaments.services import (
    EventError,
    can_manage,
    co_organizer_add,
    entrant_check_in,
    entrant_drop,
    entrant_register,
    entrant_remove,
    event_create,
    event_update,
)

from .conftest import decklist

pytestmark = pytest.mark.django_db


def test_create_an_event_with_settings_and_refuse_bad_ones(organizer):
    event = event_create(
        organizer=organizer,
        name="  Winter   Joust ",
        date=datetime.date(2026, 12, 5),
        format="melee",
        deck_format="melee",
        cut_size=4,
    )
    assert (event.name, event.format, event.cut_size, event.status) == (
        "Winter Joust", "melee", 4, "registration",
    )  # fmt: skip
    assert AuditEntry.objects.filter(event=event, action="event_created").exists()
    day = datetime.date(2026, 12, 5)
    for settings, message in [
        ({"format": "chess"}, "Unknown format"),
        ({"cut_size": 6}, "cannot be a single-elimination bracket"),
        ({"rounds": 0}, "at least one Swiss round"),
        ({"colour": "red"}, "Unknown event setting colour"),
    ]:
        with pytest.raises(EventError, match=message):
            event_create(organizer=organizer, name="X", date=day, **settings)
    with pytest.raises(EventError, match="name"):
        event_create(organizer=organizer, name="   ", date=day)


def test_only_organizers_change_an_event(event, organizer, player):
    with pytest.raises(PermissionDenied):
        event_update(event=event, user=player, name="Mine now")
    assert not can_manage(event, player)
    co_organizer_add(event=event, user=organizer, username="arya")
    assert can_manage(event, player)
    event_update(event=event, user=player, round_minutes=60)
    event.refresh_from_db()
    assert event.round_minutes == 60
    with pytest.raises(EventError, match="No account"):
        co_organizer_add(event=event, user=organizer, username="nobody")


def test_register_a_walk_in_with_a_pasted_legal_deck(event, organizer):
    entrant = entrant_register(
        event=event, user=organizer, name="Walk-in Will", deck=decklist("core-stark")
    )
    assert entrant.house == "Stark"
    assert sum(entrant.decklist["cards"].values()) == 67
    assert "Deck: Core Stark" in entrant.decklist_text
    assert entrant.joined_round == 1 and entrant.user is None


def test_an_illegal_deck_is_refused_naming_the_problems(event, organizer):
    short = decklist("core-stark").replace("1x Summoning Season (Core)\n", "")
    with pytest.raises(EventError) as caught:
        entrant_register(event=event, user=organizer, name="Sloppy Sam", deck=short)
    assert "not legal for Joust" in str(caught.value)
    assert any("plot deck has 6 cards" in p for p in caught.value.problems)
    with pytest.raises(EventError, match="cannot be read"):
        entrant_register(event=event, user=organizer, name="Empty Ed", deck="   ")
    assert not Entrant.objects.filter(event=event).exists()


def test_a_saved_deck_is_frozen_at_registration(event, player):
    spec = read_deck(decklist("core-lannister"))[0]
    deck = deck_services.deck_create(
        owner=player, name="Lions", house="Lannister", entries=dict(spec.entries)
    )
    entrant = entrant_register(event=event, user=player, player=player, deck=deck)
    assert entrant.name == "arya" and entrant.deck_name == "Lions"
    frozen = dict(entrant.decklist)
    some_card = next(iter(spec.entries))
    deck_services.deck_set_count(deck=deck, user=player, card_code=some_card, count=0)
    entrant.refresh_from_db()
    assert entrant.decklist == frozen


def test_players_register_only_themselves_and_only_while_open(event, organizer, player):
    other = User.objects.create_user("sansa", password="lemon-cakes-42")
    with pytest.raises(PermissionDenied):
        entrant_register(event=event, user=player, player=other, deck=decklist("core-stark"))
    entrant_register(event=event, user=player, player=player, deck=decklist("core-stark"))
    with pytest.raises(EventError, match="already registered"):
        entrant_register(event=event, user=player, player=player, deck=decklist("core-stark"))
    event.status = Event.Status.SWISS
    event.save()
    with pytest.raises(EventError, match="Registration is closed"):
        entrant_register(event=event, user=other, player=other, deck=decklist("core-stark"))


def test_a_late_entrant_joins_the_next_round(event, organizer):
    event.status = Event.Status.SWISS
    event.save()
    Round.objects.create(event=event, number=1)
    late = entrant_register(
        event=event, user=organizer, name="Late Larry", deck=decklist("core-stark")
    )
    assert late.joined_round == 2 and late.checked_in


def test_drops_and_removals(event, organizer, player):
    mine = entrant_register(event=event, user=player, player=player, deck=decklist("core-stark"))
    other = entrant_register(
        event=event, user=organizer, name="Bob", deck=decklist("core-baratheon")
    )
    with pytest.raises(PermissionDenied):
        entrant_drop(entrant=other, user=player)
    entrant_drop(entrant=mine, user=player)
    mine.refresh_from_db()
    assert mine.dropped and mine.dropped_after_round == 0
    with pytest.raises(EventError, match="already dropped"):
        entrant_drop(entrant=mine, user=organizer)
    entrant_check_in(entrant=other, user=organizer)
    other.refresh_from_db()
    assert other.checked_in
    entrant_remove(entrant=other, user=organizer)
    assert not Entrant.objects.filter(name="Bob").exists()
    actions = list(AuditEntry.objects.filter(event=event).values_list("action", flat=True))
    assert {"entrant_registered", "entrant_dropped", "entrant_removed"} <= set(actions)


def test_two_on_two_teams_register_two_legal_decks(organizer):
    teams = event_create(
        organizer=organizer, name="Pairs", date=datetime.date(2026, 12, 1), format="teams"
    )
    with pytest.raises(EventError, match="two decks"):
        entrant_register(event=teams, user=organizer, name="Wolves", deck=decklist("core-stark"))
    team = entrant_register(
        event=teams,
        user=organizer,
        name="Wolves and Lions",
        deck=decklist("core-stark"),
        partner_deck=decklist("core-lannister"),
    )
    assert team.partner_decklist["house"] == "Lannister"
