"""Stored decks: the services (create, counts, settings, import, clone, delete, versions)."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils import timezone

from cards.models import Card
from decks import selectors as sel
from decks import services as svc
from decks.models import Deck, DeckCard, DeckVersion
from decks.validation import DeckSpec

pytestmark = pytest.mark.django_db

DECK_TYPES = {"character", "location", "attachment", "event"}


def legal_core_entries(house: str = "Stark") -> dict[str, int]:
    """A legal joust deck from the Core Set: 7 different plots and 60 House deck cards.

    Copies and reprints share a name, so one code per name is taken, at most 3 copies (1 for
    limit-1 cards), and only cards the House may hold.
    """
    plots: dict[str, int] = {}
    drawn: dict[str, int] = {}
    seen: set[str] = set()
    cards = Card.objects.filter(product__code="core", legality_joust="legal").order_by("position")
    for card in cards:
        if card.name_key in seen or house not in card.legal_houses:
            continue
        if card.card_type == "plot" and len(plots) < 7:
            plots[card.code] = 1
            seen.add(card.name_key)
        elif card.card_type in DECK_TYPES and sum(drawn.values()) < 60:
            drawn[card.code] = min(3, card.deck_limit, 60 - sum(drawn.values()))
            seen.add(card.name_key)
    assert len(plots) == 7 and sum(drawn.values()) == 60
    return {**plots, **drawn}


def a_character(house: str = "Stark") -> Card:
    return Card.objects.filter(
        product__code="core", card_type="character", legal_houses__contains=house
    ).first()


def test_create_stores_cards_agenda_and_a_first_version(owner):
    entries = legal_core_entries()
    agenda = Card.objects.filter(card_type="agenda").order_by("position").first()
    deck = svc.deck_create(
        owner=owner, name="Winter", house="core_209", agenda_codes=[agenda.code], entries=entries
    )
    deck = sel.deck_for_viewer(deck_id=deck.pk, user=owner)
    assert deck.house == "Stark"
    spec = deck.to_spec()
    assert spec.agendas == (agenda.code,)
    assert spec.entries == entries
    versions = list(deck.versions.all())
    assert [v.number for v in versions] == [1]
    assert versions[0].snapshot["cards"] == entries
    assert versions[0].snapshot["name"] == "Winter"
    assert len(deck.share_token) >= 20


def test_legal_deck_is_valid_and_missing_card_makes_it_invalid(owner):
    entries = legal_core_entries()
    deck = svc.deck_create(owner=owner, name="Legal", house="Stark", entries=entries)
    assert sel.deck_verdict(sel.deck_for_viewer(deck_id=deck.pk, user=owner)).valid
    code = next(iter(entries))  # a plot
    svc.deck_set_count(deck=deck, user=owner, card_code=code, count=0)
    verdict = sel.deck_verdict(sel.deck_for_viewer(deck_id=deck.pk, user=owner))
    assert not verdict.valid
    assert [p.code for p in verdict.problems] == ["plot_deck_size"]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"name": "", "house": "Stark"}, "name"),
        ({"name": "x", "house": "Tyrell"}, "not a House"),
        ({"name": "x", "house": "Stark", "format": "duel"}, "Unknown format"),
        ({"name": "x", "house": "Stark", "entries": {"nope_1": 2}}, "nope_1"),
        ({"name": "x", "house": "Stark", "agenda_codes": ["core_1"]}, "not an agenda"),
        ({"name": "x", "house": "Stark", "entries": {"core_209": 1}}, "House card"),
    ],
)
def test_create_refuses_bad_input_with_a_message(owner, kwargs, message):
    with pytest.raises(svc.DeckError, match=message):
        svc.deck_create(owner=owner, **kwargs)
    assert not Deck.objects.exists()


def test_set_count_adds_changes_and_removes_and_records_versions(owner):
    deck = svc.deck_create(owner=owner, name="D", house="Stark")
    card = a_character()
    svc.deck_set_count(deck=deck, user=owner, card_code=card.code, count=2)
    assert DeckCard.objects.get(deck=deck, card=card).count == 2
    svc.deck_set_count(deck=deck, user=owner, card_code=card.code, count="3")
    assert DeckCard.objects.get(deck=deck, card=card).count == 3
    svc.deck_set_count(deck=deck, user=owner, card_code=card.code, count=0)
    assert not DeckCard.objects.filter(deck=deck).exists()
    # One editing session in the builder is one version, holding its latest state.
    assert list(deck.versions.order_by("number").values_list("number", flat=True)) == [1, 2]
    assert deck.versions.get(number=2).snapshot["cards"] == {}
    # Setting the same count again changes nothing and keeps no new version.
    svc.deck_set_count(deck=deck, user=owner, card_code=card.code, count=0)
    assert deck.versions.count() == 2


def test_edits_after_the_editing_session_start_a_new_version(owner):
    deck = svc.deck_create(owner=owner, name="D", house="Stark")
    card = a_character()
    svc.deck_set_count(deck=deck, user=owner, card_code=card.code, count=2)
    deck.versions.filter(number=2).update(created=timezone.now() - svc.EDIT_SESSION)
    svc.deck_set_count(deck=deck, user=owner, card_code=card.code, count=3)
    snapshots = [v.snapshot["cards"] for v in deck.versions.order_by("number")]
    assert snapshots == [{}, {card.code: 2}, {card.code: 3}]


def test_change_count_adds_and_removes_from_the_current_count(owner):
    deck = svc.deck_create(owner=owner, name="D", house="Stark")
    card = a_character()
    for delta in (1, 1, "1", -1):
        svc.deck_change_count(deck=deck, user=owner, card_code=card.code, delta=delta)
    assert DeckCard.objects.get(deck=deck, card=card).count == 2
    svc.deck_change_count(deck=deck, user=owner, card_code=card.code, delta=-5)
    assert not DeckCard.objects.filter(deck=deck).exists()
    with pytest.raises(svc.DeckError, match="whole number"):
        svc.deck_change_count(deck=deck, user=owner, card_code=card.code, delta="lots")


@pytest.mark.parametrize(
    ("code", "count", "message"),
    [
        ("core_2", "abc", "whole number"),
        ("core_2", -1, "from 0 to 99"),
        ("core_2", 100, "from 0 to 99"),
        ("nope_404", 1, "No card has the code 'nope_404'"),
        ("core_209", 1, "House card"),
    ],
)
def test_set_count_refuses_bad_input(owner, code, count, message):
    deck = svc.deck_create(owner=owner, name="D", house="Stark")
    with pytest.raises(svc.DeckError, match=message):
        svc.deck_set_count(deck=deck, user=owner, card_code=code, count=count)
    assert not DeckCard.objects.filter(deck=deck).exists()
    assert deck.versions.count() == 1


def test_only_the_owner_may_change_a_deck(owner, other):
    deck = svc.deck_create(owner=owner, name="Mine", house="Stark")
    deck.is_public = True
    deck.save()
    with pytest.raises(PermissionDenied):
        svc.deck_set_count(deck=deck, user=other, card_code="core_2", count=1)
    with pytest.raises(PermissionDenied):
        svc.deck_update(deck=deck, user=other, name="Stolen")
    with pytest.raises(PermissionDenied):
        svc.deck_delete(deck=deck, user=other)
    with pytest.raises(PermissionDenied):
        svc.deck_replace_cards(deck=deck, user=other, spec=DeckSpec("Stark"))
    deck.refresh_from_db()
    assert deck.name == "Mine"


def test_update_changes_settings_and_records_a_version_for_a_rename(owner):
    deck = svc.deck_create(owner=owner, name="Old", house="Stark")
    svc.deck_update(deck=deck, user=owner, is_public=True, description="Notes")
    assert deck.versions.count() == 1  # visibility and notes are not deck content
    svc.deck_update(deck=deck, user=owner, name="New", house="Lannister", format="melee")
    deck.refresh_from_db()
    assert (deck.name, deck.house, deck.format, deck.is_public) == (
        "New",
        "Lannister",
        "melee",
        True,
    )
    assert deck.versions.count() == 2
    with pytest.raises(svc.DeckError):
        svc.deck_update(deck=deck, user=owner, house="Tyrell")


def test_replace_cards_sets_house_and_cards(owner):
    deck = svc.deck_create(owner=owner, name="D", house="Stark", entries={"core_2": 1})
    entries = legal_core_entries("Lannister")
    svc.deck_replace_cards(deck=deck, user=owner, spec=DeckSpec("Lannister", (), entries))
    deck = sel.deck_for_viewer(deck_id=deck.pk, user=owner)
    assert deck.house == "Lannister"
    assert deck.to_spec().entries == entries
    assert sel.deck_verdict(deck).valid


def test_clone_copies_a_visible_deck_and_refuses_a_private_one(owner, other):
    entries = legal_core_entries()
    deck = svc.deck_create(owner=owner, name="Winter", house="Stark", entries=entries)
    with pytest.raises(PermissionDenied):
        svc.deck_clone(deck=deck, user=other)
    svc.deck_update(deck=deck, user=owner, is_public=True)
    copy = svc.deck_clone(deck=deck, user=other)
    assert copy.owner == other and copy.pk != deck.pk
    assert copy.name == "Copy of Winter"
    assert sel.deck_for_viewer(deck_id=copy.pk, user=other).to_spec().entries == entries
    assert copy.share_token != deck.share_token
    assert not copy.is_public


def test_delete_removes_deck_cards_and_versions(owner):
    deck = svc.deck_create(owner=owner, name="D", house="Stark", entries={"core_2": 1})
    svc.deck_delete(deck=deck, user=owner)
    assert not Deck.objects.exists()
    assert not DeckCard.objects.exists()
    assert not DeckVersion.objects.exists()


def test_restore_brings_back_an_earlier_version_as_a_new_one(owner):
    deck = svc.deck_create(owner=owner, name="First", house="Stark", entries={"core_2": 2})
    svc.deck_set_count(deck=deck, user=owner, card_code="core_2", count=0)
    svc.deck_update(deck=deck, user=owner, name="Second", house="Lannister")
    svc.deck_restore_version(deck=deck, user=owner, number=1)
    deck = sel.deck_for_viewer(deck_id=deck.pk, user=owner)
    assert (deck.name, deck.house) == ("First", "Stark")
    assert deck.to_spec().entries == {"core_2": 2}
    latest = deck.versions.order_by("-number").first()
    assert latest.number == 4
    assert latest.note == "Restored version 1"
    with pytest.raises(svc.DeckError, match="no version"):
        svc.deck_restore_version(deck=deck, user=owner, number=99)


def test_version_diff_lists_added_removed_and_changed(owner):
    deck = svc.deck_create(owner=owner, name="D", house="Stark", entries={"core_2": 2, "core_3": 1})
    svc.deck_replace_cards(
        deck=deck, user=owner, spec=DeckSpec("Stark", (), {"core_2": 3, "core_4": 1})
    )
    diff = sel.version_diff(deck, 1, 2)
    names = dict(
        Card.objects.filter(code__in=["core_2", "core_3", "core_4"]).values_list("code", "name")
    )
    assert diff.added == [(names["core_4"], 1)]
    assert diff.removed == [(names["core_3"], 1)]
    assert diff.changed == [(names["core_2"], 2, 3)]
    with pytest.raises(Http404):
        sel.version_diff(deck, 1, 7)


def test_private_deck_is_hidden_from_others_and_share_token_finds_it(owner, other):
    deck = svc.deck_create(owner=owner, name="Secret", house="Stark")
    with pytest.raises(Http404):
        sel.deck_for_viewer(deck_id=deck.pk, user=other)
    assert sel.deck_by_share_token(deck.share_token).pk == deck.pk
    with pytest.raises(Http404):
        sel.deck_by_share_token("not-a-token")
    assert list(sel.decks_of(other)) == []
    assert [d.pk for d in sel.decks_of(owner)] == [deck.pk]
