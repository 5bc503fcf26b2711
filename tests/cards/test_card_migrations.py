"""The card database moved from the decks app to the cards app (issue 17) without moving a row:
a database built by the migrations as they stood before the move (Product and Card in
``decks``) migrates forward with every card, deck and event intact."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from cards.models import Card, Product
from decks.models import Deck, DeckCard
from tournaments.models import Entrant, Event

# The leaves of main before the move, of the apps whose data is checked here.
BEFORE = [
    ("contenttypes", "0002_remove_content_type_name"),
    ("decks", "0002_decks_and_versions"),
    ("tournaments", "0005_audit_entry_outlives_a_deleted_event"),
]


def _leaves() -> list[tuple[str, str]]:
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


@pytest.mark.django_db(transaction=True)
def test_cards_decks_and_events_come_through_the_move_to_the_cards_app():
    # Back to the events as they were (a later tournaments migration is unapplied first: a
    # plan may not mix forwards and backwards), then no decks tables at all, then built as
    # before the move.
    MigrationExecutor(connection).migrate([BEFORE[-1]])
    executor = MigrationExecutor(connection)
    executor.migrate([("decks", None)])
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    assert not any(
        app == "cards" for app, _ in MigrationExecutor(connection).loader.applied_migrations
    )
    OldProduct = old.get_model("decks", "Product")
    OldCard = old.get_model("decks", "Card")
    OldDeck = old.get_model("decks", "Deck")
    OldDeckCard = old.get_model("decks", "DeckCard")
    OldVersion = old.get_model("decks", "DeckVersion")
    OldUser = old.get_model("auth", "User")
    OldEvent = old.get_model("tournaments", "Event")
    OldEntrant = old.get_model("tournaments", "Entrant")
    OldContentType = old.get_model("contenttypes", "ContentType")

    product = OldProduct.objects.create(
        code="core", name="Core Set", order=1, kind="core", cycle_code="core", card_count=2
    )
    ned = OldCard.objects.create(
        code="core_1",
        product=product,
        number=1,
        position=1,
        quantity=3,
        name="Eddard Stark",
        name_key="eddard stark",
        card_type="character",
        houses=["Stark"],
        legal_houses=["Stark"],
        unique=True,
        cost=7,
        strength=6,
        icons=["military", "power"],
        traits=["Lord"],
        keywords=["renown"],
        rules_text="Renown.",
    )
    agenda = OldCard.objects.create(
        code="core_2",
        product=product,
        number=2,
        position=2,
        quantity=1,
        name="The Northern Lords",
        name_key="the northern lords",
        card_type="agenda",
        houses=["Neutral"],
        legal_houses=["Stark", "Neutral"],
    )
    owner = OldUser.objects.create(username="ned")
    deck = OldDeck.objects.create(owner=owner, name="Winter", house="Stark", share_token="tok")
    OldDeckCard.objects.create(deck=deck, card=ned, count=3)
    OldDeckCard.objects.create(deck=deck, card=agenda, count=1)
    OldVersion.objects.create(deck=deck, number=1, snapshot={"name": "Winter"})
    event = OldEvent.objects.create(
        name="Winterfell Open", date=datetime.date(2026, 11, 25), organizer=owner
    )
    OldEntrant.objects.create(event=event, name="Ned", deck_name="Winter", house="Stark")
    # As on a site before the move: the card models' content types are the decks app's.
    OldContentType.objects.filter(app_label="cards").delete()
    card_type, _ = OldContentType.objects.get_or_create(app_label="decks", model="card")

    try:
        executor = MigrationExecutor(connection)
        executor.migrate(_leaves())
    finally:  # the database is left at the latest migration whatever happens
        MigrationExecutor(connection).migrate(_leaves())

    assert Product.objects.get().name == "Core Set"
    assert Card._meta.db_table == "decks_card" and Product._meta.db_table == "decks_product"
    stored = Card.objects.get(code="core_1")
    assert (stored.pk, stored.name, stored.product.code) == (ned.pk, "Eddard Stark", "core")
    assert stored.houses == ["Stark"] and stored.icons == ["military", "power"]
    assert stored.keywords == ["renown"] and stored.cost == 7 and stored.unique
    assert Card.objects.get(code="core_2").legal_houses == ["Stark", "Neutral"]
    saved = Deck.objects.get(pk=deck.pk)
    assert saved.owner == User.objects.get(username="ned")
    assert {(row.card.code, row.count) for row in saved.deck_cards.all()} == {
        ("core_1", 3),
        ("core_2", 1),
    }
    assert saved.versions.get().snapshot == {"name": "Winter"}
    assert saved.to_spec().agendas == ("core_2",)
    assert Event.objects.get(pk=event.pk).name == "Winterfell Open"
    assert Entrant.objects.get(event_id=event.pk).deck_name == "Winter"
    # The content type (and the permissions on it) followed the model to its new app.
    assert ContentType.objects.get(pk=card_type.pk).app_label == "cards"
    # The foreign key still holds: a card in a deck cannot be deleted.
    with pytest.raises(Exception, match=r"(?i)protect"):
        stored.delete()
    assert DeckCard.objects.filter(card=stored).count() == 1
