"""The House expansions' starter decks are offered by every new match, and play."""

from __future__ import annotations

from django.urls import reverse

from gameplay.engine.simulate import (
    CHAPTER_PACK_DECKS,
    CYCLE_DECKS,
    CYCLES,
    EXPANSION_DECKS,
    STARTER_DECKS,
    load_deck,
)
from gameplay.models import Match
from gameplay.services import MatchError, core_deck, match_state


def test_the_new_match_page_offers_a_starter_deck_of_each_house_expansion(
    client, django_user_model
):
    client.force_login(django_user_model.objects.create_user("ann", password="pw"))
    page = client.get(reverse("play:new")).content.decode()
    assert "House expansion starter decks" in page
    for name, label in EXPANSION_DECKS.items():
        assert f'value="core:{name}"' in page and label in page
    assert "Chapter pack starter decks" in page
    for name, label in CHAPTER_PACK_DECKS.items():
        assert f'value="core:{name}"' in page and label in page


def test_the_chapter_pack_decks_lean_on_the_packs_and_cover_every_house():
    houses = set()
    for name in CHAPTER_PACK_DECKS:
        deck = load_deck(name)
        houses.add(deck.house)
        from_packs = [c for c in deck.deck if c.startswith(("acoa_", "ator_"))]
        assert len(from_packs) >= 20, f"{name}: only {len(from_packs)} chapter-pack cards"
    assert houses == {"Stark", "Lannister", "Baratheon", "Targaryen", "Greyjoy", "Martell"}


def test_each_cycle_has_a_deck_per_house_leaning_on_its_packs_offered_by_every_new_match(
    client, django_user_model
):
    client.force_login(django_user_model.objects.create_user("ann", password="pw"))
    page = client.get(reverse("play:new")).content.decode()
    for cycle, decks in CYCLE_DECKS.items():
        assert f"{CYCLES[cycle]} starter decks" in page
        houses = set()
        for name, label in decks.items():
            assert f'value="core:{name}"' in page and label in page
            deck = load_deck(name)
            houses.add(deck.house)
            from_cycle = [c for c in deck.deck if c.startswith(f"{cycle}_")]
            assert len(from_cycle) >= 20, f"{name}: only {len(from_cycle)} cards of the cycle"
        assert houses == {"Stark", "Lannister", "Baratheon", "Targaryen", "Greyjoy", "Martell"}


def test_a_match_starts_with_greyjoy_against_a_martell_bot(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("ann", password="pw"))
    response = client.post(
        reverse("play:new"),
        {
            "variant": "joust",
            "round_limit": 10,
            "clock_minutes": 0,
            "seat0_who": "me",
            "seat0_deck": "core:kings-of-the-sea-greyjoy",
            "seat1_who": "greedy",
            "seat1_deck": "core:princes-of-the-sun-martell",
            "seat2_who": "none",
            "seat3_who": "none",
        },
    )
    match = Match.objects.get()
    assert response.status_code == 302
    assert [p.house for p in match_state(match).players] == ["Greyjoy", "Martell"]
    page = client.get(reverse("play:match", args=[match.pk])).content.decode()
    assert "Greedy bot (Martell)" in page


def test_an_unknown_deck_name_is_refused_with_the_names_offered():
    assert core_deck("lords-of-winter-stark").house == "Stark"
    try:
        core_deck("nope")
    except MatchError as error:
        assert "'nope' is not one of the decks offered" in str(error)
        assert all(name in str(error) for name in STARTER_DECKS)
    else:
        raise AssertionError("an unknown deck name was accepted")
