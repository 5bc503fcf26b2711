from __future__ import annotations

import pytest

from decklists import services as svc
from decks import services as deck_svc
from tests.decks.test_deck_services import legal_core_entries


@pytest.fixture
def deck(owner):
    return deck_svc.deck_create(
        owner=owner,
        name="Winter",
        house="Stark",
        entries=legal_core_entries(),
        description="A **Stark** rush.",
    )


@pytest.fixture
def decklist(deck, owner):
    return svc.decklist_publish(
        deck=deck, user=owner, title="Winter rush", description="Go *fast*."
    )
