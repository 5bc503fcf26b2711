"""Publishing a deck: a snapshot of a legal version, judged for joust and melee."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from cards.models import Card
from decklists import services as svc
from decklists.models import Decklist, DecklistCard, DecklistProduct
from decks import services as deck_svc

pytestmark = pytest.mark.django_db


def test_a_published_list_is_a_snapshot_the_deck_no_longer_changes(deck, owner, decklist):
    assert decklist.title == "Winter rush" and decklist.house == "Stark"
    assert decklist.description_html == "<p>Go <em>fast</em>.</p>"
    assert decklist.joust_legal and decklist.verdicts["joust"] == []
    assert decklist.version_number == deck.versions.order_by("-number").first().number
    before = dict(decklist.snapshot["cards"])
    code = next(iter(before))
    deck_svc.deck_set_count(deck=deck, user=owner, card_code=code, count=0)
    decklist.refresh_from_db()
    assert decklist.snapshot["cards"] == before
    rows = dict(DecklistCard.objects.filter(decklist=decklist).values_list("card__code", "count"))
    assert rows == before
    assert "Deck: Winter rush" in decklist.text and f"{before[code]}x" in decklist.text


def test_the_list_records_the_products_it_needs_and_its_automation(decklist):
    needs = dict(
        DecklistProduct.objects.filter(decklist=decklist).values_list("product__code", "copies")
    )
    assert set(needs) == {"core"} and needs["core"] >= 1
    assert decklist.card_total == sum(decklist.snapshot["cards"].values())
    assert 0 < decklist.automated <= decklist.card_total


def test_only_a_legal_deck_is_published_and_says_why(owner):
    deck = deck_svc.deck_create(owner=owner, name="Thin", house="Stark", entries={"core_2": 1})
    with pytest.raises(svc.DecklistError, match="not legal for Joust"):
        svc.decklist_publish(deck=deck, user=owner, title="Thin")
    assert not Decklist.objects.exists()


def test_only_the_owner_publishes_a_deck(deck, other):
    with pytest.raises(PermissionDenied):
        svc.decklist_publish(deck=deck, user=other, title="Mine now")


@pytest.mark.parametrize(
    ("title", "message"), [("", "Give the decklist a title"), ("x" * 121, "keep it to 120")]
)
def test_a_title_is_required_and_bounded(deck, owner, title, message):
    with pytest.raises(svc.DecklistError, match=message):
        svc.decklist_publish(deck=deck, user=owner, title=title, description="")


def test_a_long_description_is_refused_not_cut(deck, owner):
    with pytest.raises(svc.DecklistError, match="keep it to 10000"):
        svc.decklist_publish(deck=deck, user=owner, title="Long", description="x" * 10_001)


def test_a_melee_verdict_is_recorded_beside_joust(owner):
    # A Core joust deck of Stark: melee forbids nothing it holds? Then both are legal; a banned
    # or restricted card for one format only would show the difference. Either way the list
    # records the validator's answer for both formats.
    from tests.decks.test_deck_services import legal_core_entries

    deck = deck_svc.deck_create(owner=owner, name="W", house="Stark", entries=legal_core_entries())
    decklist = svc.decklist_publish(deck=deck, user=owner, title="W")
    assert set(decklist.verdicts) == {"joust", "melee"}
    assert decklist.melee_legal == (decklist.verdicts["melee"] == [])


def test_unpublish_keeps_the_row_and_edit_is_closed(decklist, owner, other):
    with pytest.raises(PermissionDenied):
        svc.decklist_unpublish(decklist=decklist, user=other)
    svc.decklist_unpublish(decklist=decklist, user=owner)
    decklist.refresh_from_db()
    assert decklist.unpublished is not None
    with pytest.raises(svc.DecklistError, match="unpublished"):
        svc.decklist_update(decklist=decklist, user=owner, title="New", description="")


def test_edit_changes_words_not_cards(decklist, owner):
    cards = dict(decklist.snapshot["cards"])
    svc.decklist_update(decklist=decklist, user=owner, title="Renamed", description="# Big")
    decklist.refresh_from_db()
    assert decklist.title == "Renamed" and decklist.description_html == "<h3>Big</h3>"
    assert decklist.snapshot["cards"] == cards
    assert Card.objects.filter(code__in=cards).count() == len(cards)
