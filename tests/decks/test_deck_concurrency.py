"""Two writes to one deck at the same moment (two clicks on +): neither is lost.

Needs a database with row locks and real concurrent connections: PostgreSQL, as CI runs.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from cards.models import Card
from cards.services import cards_load
from decks import services as svc
from decks.models import DeckCard
from tests.conftest import require_service


@pytest.mark.django_db(transaction=True)
def test_two_clicks_at_once_add_two_copies_and_number_versions_once(owner):
    require_service("DATABASE_URL")
    if connection.vendor != "postgresql":
        pytest.skip("row locks and concurrent writers need PostgreSQL")
    cards_load()  # a transactional test may follow another that emptied the tables
    deck = svc.deck_create(owner=owner, name="Race", house="Stark")
    card = Card.objects.filter(card_type="character", houses__icontains="|stark|").first()
    start = threading.Barrier(4)
    errors: list[BaseException] = []

    def click() -> None:
        try:
            start.wait()
            svc.deck_change_count(deck=deck, user=owner, card_code=card.code, delta=1)
        except BaseException as error:
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=click) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert DeckCard.objects.get(deck=deck, card=card).count == 4
    numbers = list(deck.versions.order_by("number").values_list("number", flat=True))
    assert numbers == list(range(1, len(numbers) + 1))
