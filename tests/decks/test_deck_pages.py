"""Stored decks: the pages, their permissions, the htmx builder, import and export."""

from __future__ import annotations

from math import comb

import pytest
from django.urls import reverse
from django.utils import timezone

from cards.models import Card
from decks import services as svc
from decks.models import Deck, DeckCard
from decks.selectors import card_name_index
from decks.services import EDIT_SESSION
from decks.validation import house_label
from tests.decks.test_deck_services import legal_core_entries

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def deck(owner) -> Deck:
    return svc.deck_create(owner=owner, name="Winter", house="Stark", entries=legal_core_entries())


def url(name: str, *args) -> str:
    return reverse(f"deckbuilder:{name}", args=args)


def body(response) -> str:
    return response.content.decode()


# Permissions -----------------------------------------------------------------------------


def test_my_decks_needs_login_and_lists_only_my_decks(client, owner, other, deck):
    response = client.get(url("deck_list"))
    assert response.status_code == 302 and reverse("login") in response["Location"]
    client.force_login(other)
    assert url("deck_detail", deck.pk) not in body(client.get(url("deck_list")))
    client.force_login(owner)
    page = body(client.get(url("deck_list")))
    assert url("deck_detail", deck.pk) in page and 'name="csrfmiddlewaretoken"' in page


def test_private_deck_is_404_for_others_and_anonymous(client, other, deck):
    assert client.get(url("deck_detail", deck.pk)).status_code == 404
    client.force_login(other)
    for name in ("deck_detail", "deck_edit", "deck_export_text", "deck_print", "deck_versions"):
        assert client.get(url(name, deck.pk)).status_code == 404, name
    response = client.post(url("deck_cards", deck.pk), {"card": "core_2", "delta": 1})
    assert response.status_code == 404


def test_public_deck_is_readable_but_editing_is_403(client, owner, other, deck):
    svc.deck_update(deck=deck, user=owner, is_public=True)
    client.force_login(other)
    assert client.get(url("deck_detail", deck.pk)).status_code == 200
    assert client.get(url("deck_edit", deck.pk)).status_code == 403
    before = deck.to_spec()
    response = client.post(url("deck_cards", deck.pk), {"card": "core_2", "delta": 1})
    assert response.status_code == 403
    assert client.post(url("deck_delete", deck.pk)).status_code == 403
    deck.refresh_from_db()
    assert Deck.objects.get(pk=deck.pk).to_spec() == before


def test_anonymous_is_sent_to_login_from_the_builder(client, deck):
    response = client.get(url("deck_edit", deck.pk))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_share_token_works_without_login_and_a_bad_token_is_404(client, deck):
    response = client.get(url("deck_shared", deck.share_token))
    assert response.status_code == 200
    assert "Winter" in body(response) and "Valid deck" in body(response)
    assert client.get(url("deck_shared", "x" * 22)).status_code == 404


# Deck page and exports -------------------------------------------------------------------


def test_deck_page_shows_groups_validation_and_links(
    client, owner, deck, django_assert_max_num_queries
):
    client.force_login(owner)
    with django_assert_max_num_queries(12):  # no query per card
        response = client.get(url("deck_detail", deck.pk))
    page = body(response)
    assert "Plots (7)" in page and "House deck (60)" in page
    assert "Valid deck" in page
    for name in ("deck_edit", "deck_export_text", "deck_export_json", "deck_print"):
        assert url(name, deck.pk) in page
    assert deck.share_token in page


def test_invalid_deck_page_lists_every_problem(client, owner):
    deck = svc.deck_create(owner=owner, name="Tiny", house="Stark", entries={"core_2": 1})
    client.force_login(owner)
    page = body(client.get(url("deck_detail", deck.pk)))
    assert "Invalid deck" in page
    assert "Your plot deck has 0 cards; it needs exactly 7." in page
    assert "it needs at least 60" in page


def test_text_export_round_trips_through_import(client, owner, deck):
    client.force_login(owner)
    response = client.get(url("deck_export_text", deck.pk))
    assert response["Content-Type"].startswith("text/plain")
    text = body(response)
    assert house_label("Stark") in text
    response = client.post(url("deck_import"), {"text": text})
    assert response.status_code == 302
    copy = Deck.objects.exclude(pk=deck.pk).get()
    assert copy.name == "Winter"
    assert copy.to_spec() == Deck.objects.get(pk=deck.pk).to_spec()


def test_json_export(client, owner, deck):
    client.force_login(owner)
    data = client.get(url("deck_export_json", deck.pk)).json()
    assert data["name"] == "Winter" and data["house"] == "Stark"
    assert data["cards"] == legal_core_entries()


def test_printable_decklist_shows_player_cards_and_totals(client, owner, deck):
    client.force_login(owner)
    page = body(client.get(url("deck_print", deck.pk)))
    assert "ned" in page and "Stark" in page
    assert "Totals:</strong> 7 plots, 60 House deck cards." in page
    assert "Characters:" in page
    first = Card.objects.get(code=next(iter(legal_core_entries())))
    assert first.name in page


# The builder -----------------------------------------------------------------------------


def test_builder_page_has_search_deck_and_validation(client, owner, deck):
    client.force_login(owner)
    page = body(client.get(url("deck_edit", deck.pk), {"q": "t:character", "only": "1"}))
    assert 'id="search-results"' in page and 'id="deck-side"' in page
    assert 'id="validation"' in page and "<html" in page
    assert "page 1 of" in page


def test_builder_search_htmx_returns_only_results_filtered_by_house(client, owner, deck):
    client.force_login(owner)
    lannister_only = Card.objects.filter(card_type="character", legal_houses=["Lannister"]).first()
    response = client.get(
        url("deck_edit", deck.pk), {"q": lannister_only.name, "house": "all"}, **HTMX
    )
    page = body(response)
    assert "<html" not in page
    assert lannister_only.name in page
    filtered = client.get(
        url("deck_edit", deck.pk),
        {"q": f'"{lannister_only.name}"', "only": "1", "house": "all"},
        **HTMX,
    )
    assert lannister_only.get_absolute_url() not in body(filtered)


def test_builder_htmx_add_turns_the_deck_from_invalid_to_valid(client, owner):
    entries = legal_core_entries()
    last_code = list(entries)[-1]
    entries[last_code] -= 1
    if not entries[last_code]:
        del entries[last_code]
    deck = svc.deck_create(owner=owner, name="Almost", house="Stark", entries=entries)
    client.force_login(owner)
    before = body(client.get(url("deck_edit", deck.pk)))
    assert "Invalid deck" in before
    response = client.post(url("deck_cards", deck.pk), {"card": last_code, "delta": "1"}, **HTMX)
    assert response.status_code == 200
    page = body(response)
    assert "<html" not in page and 'id="search-results"' not in page
    assert 'id="validation"' in page and "Valid deck" in page and "Invalid deck" not in page
    assert "House deck (60)" in page


def test_builder_post_without_htmx_redirects_back(client, owner):
    deck = svc.deck_create(owner=owner, name="D", house="Stark")
    client.force_login(owner)
    response = client.post(url("deck_cards", deck.pk), {"card": "core_2", "count": "2"})
    assert response.status_code == 302 and response["Location"] == url("deck_edit", deck.pk)
    assert DeckCard.objects.get(deck=deck, card__code="core_2").count == 2
    client.post(url("deck_cards", deck.pk), {"card": "core_2", "delta": "-5"})
    assert not DeckCard.objects.filter(deck=deck).exists()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"card": "nope_1", "delta": "1"}, "No card has the code &#x27;nope_1&#x27;"),
        ({"card": "core_2", "count": "abc"}, "whole number from 0 to 99"),
        ({"card": "core_2", "count": "-3"}, "from 0 to 99, not -3"),
        ({"card": "core_2", "delta": "many"}, "The change must be a whole number"),
        ({"card": "core_209", "count": "1"}, "is a House card"),
    ],
)
def test_builder_bad_input_gives_a_message(client, owner, data, message):
    deck = svc.deck_create(owner=owner, name="D", house="Stark")
    client.force_login(owner)
    response = client.post(url("deck_cards", deck.pk), data, **HTMX)
    assert response.status_code == 200
    assert message in body(response)
    response = client.post(url("deck_cards", deck.pk), data, follow=True)
    assert response.status_code == 200 and message in body(response)
    assert not DeckCard.objects.filter(deck=deck).exists()


def test_settings_form_saves_and_reports_bad_house(client, owner, deck):
    client.force_login(owner)
    data = {"name": "Summer", "house": "Stark", "format": "melee", "is_public": "on"}
    client.post(url("deck_settings", deck.pk), data)
    deck.refresh_from_db()
    assert (deck.name, deck.format, deck.is_public) == ("Summer", "melee", True)
    response = client.post(url("deck_settings", deck.pk), {**data, "house": "Tyrell"}, follow=True)
    assert "not a House" in body(response)


def test_import_into_deck_with_unread_lines_replaces_nothing(client, owner, deck):
    client.force_login(owner)
    before = deck.to_spec()
    text = "House Stark\n3x Eddard Stark (Core)\n2x Sir Notacard Atall"
    response = client.post(url("deck_import_into", deck.pk), {"text": text})
    assert response.status_code == 400
    page = body(response)
    assert "Nothing was replaced" in page and "Line 3" in page
    assert "Sir Notacard Atall</textarea>" in page
    assert Deck.objects.get(pk=deck.pk).to_spec() == before


def test_import_into_deck_replaces_cards(client, owner, deck):
    client.force_login(owner)
    text = "House Lannister\n2x Eddard Stark (Core)"
    response = client.post(url("deck_import_into", deck.pk), {"text": text})
    assert response.status_code == 302
    spec = Deck.objects.get(pk=deck.pk).to_spec()
    ned = card_name_index().printings("Eddard Stark")[0].code
    assert spec.house == "Lannister" and spec.entries == {ned: 2}


def test_new_deck_import_asks_for_a_missing_house(client, owner):
    client.force_login(owner)
    response = client.post(url("deck_import"), {"text": "2x Eddard Stark (Core)"})
    assert response.status_code == 400 and "names no House" in body(response)
    assert not Deck.objects.exists()
    response = client.post(
        url("deck_import"), {"text": "2x Eddard Stark (Core)", "house": "Stark", "name": "N"}
    )
    assert response.status_code == 302
    assert Deck.objects.get().house == "Stark"


def test_new_deck_form_creates_and_reports_bad_input(client, owner):
    client.force_login(owner)
    response = client.post(url("deck_new"), {"name": "", "house": "Stark"}, follow=True)
    assert "Give the deck a name." in body(response)
    response = client.post(url("deck_new"), {"name": "New", "house": "Greyjoy", "format": "core"})
    deck = Deck.objects.get()
    assert response["Location"] == url("deck_edit", deck.pk)
    assert (deck.house, deck.format) == ("Greyjoy", "core")


def test_clone_delete_and_versions_pages(client, owner, other, deck):
    svc.deck_update(deck=deck, user=owner, is_public=True)
    client.force_login(other)
    response = client.post(url("deck_clone", deck.pk))
    copy = Deck.objects.get(owner=other)
    assert response["Location"] == url("deck_edit", copy.pk)

    client.force_login(owner)
    assert "Delete Winter?" in body(client.get(url("deck_delete", deck.pk)))
    code = next(iter(deck.to_spec().entries))
    client.post(url("deck_cards", deck.pk), {"card": code, "count": "0"})
    page = body(client.get(url("deck_versions", deck.pk)))
    assert "Version 2" in page and Card.objects.get(code=code).name in page
    client.post(url("deck_restore", deck.pk, 1))
    assert Deck.objects.get(pk=deck.pk).to_spec().entries == legal_core_entries()
    response = client.post(url("deck_restore", deck.pk, 42), follow=True)
    assert "no version" in body(response)
    response = client.post(url("deck_delete", deck.pk))
    assert response["Location"] == url("deck_list")
    assert not Deck.objects.filter(pk=deck.pk).exists()


@pytest.fixture
def full_deck(owner) -> Deck:
    return svc.deck_create(
        owner=owner, name="Winter", house="Stark", entries=legal_core_entries("Stark")
    )


def test_deck_page_shows_charts_a_seeded_hand_and_exact_odds(client, owner, full_deck):
    client.force_login(owner)
    url = reverse("deckbuilder:deck_detail", args=[full_deck.pk])
    first = client.get(url, {"hand": "42"}).content.decode()
    assert first.count("<svg") == 6  # cost curve, types, icons, strength, crests, plots
    again = client.get(url, {"hand": "42"}).content.decode()
    other = client.get(url, {"hand": "43"}).content.decode()

    def hand(page: str) -> str:
        return page.split('class="sample-hand"')[1].split("</ol>")[0]

    assert hand(first) == hand(again)
    assert hand(first).count("<li>") == 7
    assert hand(first) != hand(other)

    # By the setup hand: 1 - C(N-n, 7) / C(N, 7) for n copies in an N-card House deck.
    rows = list(full_deck.deck_cards.select_related("card"))
    drawn = [(r.card.code, r.count) for r in rows if r.card.card_type != "plot"]
    size = sum(n for _, n in drawn)
    code, copies = drawn[0]
    page = client.get(url, {"odds": code}).content.decode()
    expected = 1 - comb(size - copies, 7) / comb(size, 7)
    assert f"{expected * 100:.1f}%" in page
    assert "Round 5" in page


def test_deck_page_ignores_a_bad_hand_seed_or_odds_card(client, owner, full_deck):
    client.force_login(owner)
    url = reverse("deckbuilder:deck_detail", args=[full_deck.pk])
    response = client.get(url, {"hand": "x<script>", "odds": "no_such_card"})
    assert response.status_code == 200
    assert "<script>" not in response.content.decode().split("<main>")[1]


# The builder: search rows, out-of-band counts, statistics strip --------------------------


def search_row(page: str, code: str) -> str:
    """The HTML of one search result row (by card code); "" when it is not on the page."""
    marker = f'data-code="{code}"'
    if marker not in page:
        return ""
    start = page.rindex("<li", 0, page.index(marker))
    return page[start : page.index("</li>", start)]


def held_card(deck: Deck) -> tuple[Card, int]:
    """A character the deck holds that has another printing the deck does not hold."""
    rows = deck.deck_cards.select_related("card").filter(card__card_type="character")
    held = deck.to_spec().entries
    for row in rows.order_by("card__position"):
        if Card.objects.filter(name=row.card.name).exclude(code__in=held).exists():
            return row.card, row.count
    raise AssertionError("the test deck needs a character with a reprint")


def test_search_rows_show_the_decks_count_and_both_buttons(
    client, owner, deck, django_assert_max_num_queries
):
    client.force_login(owner)
    card, count = held_card(deck)
    with django_assert_max_num_queries(8):  # one query for the deck's counts, none per row
        response = client.get(url("deck_edit", deck.pk), {"q": f'"{card.name}"'}, **HTMX)
    page = body(response)
    row = search_row(page, card.code)
    assert f'data-count="{count}"' in row and f"{count}×" in row
    assert "count-minus" in row and "count-plus" in row
    assert f"{card.cost}g" in row and f"STR {card.strength}" in row and "Stark" in row
    absent = Card.objects.filter(name=card.name).exclude(code__in=deck.to_spec().entries).first()
    other_row = search_row(page, absent.code)
    assert 'data-count="0"' in other_row and "count-plus" in other_row
    assert "count-minus" not in other_row and "×" not in other_row


def test_search_rows_mark_cards_the_house_may_not_hold(client, owner, deck):
    client.force_login(owner)
    lannister = Card.objects.filter(card_type="character", legal_houses=["Lannister"]).first()
    query = {"q": f'"{lannister.name}"', "house": "all"}
    page = body(client.get(url("deck_edit", deck.pk), query))
    row = search_row(page, lannister.code)
    assert "unplayable" in row and 'title="House Lannister only"' in row
    card, _ = held_card(deck)
    stark_row = search_row(body(client.get(url("deck_edit", deck.pk), {"q": card.name})), card.code)
    assert stark_row and "unplayable" not in stark_row and "House" not in stark_row


def test_htmx_add_also_swaps_the_search_results_out_of_band(client, owner, deck):
    client.force_login(owner)
    card, count = held_card(deck)
    data = {"card": card.code, "delta": "1", "q": f'"{card.name}"', "page": "1"}
    page = body(client.post(url("deck_cards", deck.pk), data, **HTMX))
    deck_part, _, oob = page.partition('<div id="search-results" hx-swap-oob="innerHTML">')
    assert 'id="validation"' in deck_part
    assert f'data-count="{count + 1}"' in search_row(oob, card.code)
    assert f"{count + 1}×" in search_row(oob, card.code)
    assert 'id="search-state"' in oob and f'value="&quot;{card.name}&quot;"' in oob
    data["delta"] = "-1"
    oob = body(client.post(url("deck_cards", deck.pk), data, **HTMX)).partition("hx-swap-oob")[2]
    assert f'data-count="{count}"' in search_row(oob, card.code)


def test_deck_side_buttons_send_the_search_state(client, owner, deck):
    client.force_login(owner)
    page = body(client.get(url("deck_edit", deck.pk)))
    deck_side = page.split('id="deck-side"')[1]
    assert 'hx-include="#search-state"' in deck_side
    results = page.split('id="search-results"')[1].split('id="deck-side"')[0]
    assert 'hx-include="#search-state"' not in results  # result rows carry the search inline


def test_post_without_javascript_comes_back_to_the_same_search(client, owner, deck):
    client.force_login(owner)
    card, count = held_card(deck)
    data = {"card": card.code, "delta": "1", "q": "t:character", "only": "1", "page": "2"}
    response = client.post(url("deck_cards", deck.pk), data)
    assert response.status_code == 302
    assert response["Location"] == url("deck_edit", deck.pk) + "?q=t%3Acharacter&page=2&only=1"
    assert DeckCard.objects.get(deck=deck, card=card).count == count + 1


def test_statistics_strip_is_on_the_builder_and_follows_each_change(client, owner, deck):
    client.force_login(owner)
    card, _ = held_card(deck)
    total = sum(
        r.count for r in deck.deck_cards.select_related("card") if r.card.card_type == "character"
    )
    page = body(client.get(url("deck_edit", deck.pk)))
    strip = page.split('id="deck-stats"')[1].split("</section>")[0]
    assert f'<li data-type="characters"><strong>{total}</strong> Characters</li>' in strip
    assert strip.count("<svg") == 1 and "Cost curve" in strip
    response = client.post(url("deck_cards", deck.pk), {"card": card.code, "delta": "1"}, **HTMX)
    page = body(response)
    strip = page.split('id="deck-stats"')[1].split("</section>")[0]
    assert f'<li data-type="characters"><strong>{total + 1}</strong> Characters</li>' in strip
    assert page.count("<svg") == 1  # only the cost curve: not all six charts


def test_builder_add_stays_cheap(client, owner, deck, django_assert_max_num_queries):
    client.force_login(owner)
    card, _ = held_card(deck)
    data = {"card": card.code, "delta": "1", "q": "stark", "page": "1"}
    with django_assert_max_num_queries(25):  # the service writes a version: ~13 of them
        response = client.post(url("deck_cards", deck.pk), data, **HTMX)
    assert response.status_code == 200


# Comparing versions ----------------------------------------------------------------------


def test_compare_any_two_versions(client, owner, deck):
    client.force_login(owner)
    card, count = held_card(deck)
    client.post(url("deck_cards", deck.pk), {"card": card.code, "count": "0"})  # version 2
    # Clicks within one editing session amend their version; a later one starts version 3.
    deck.versions.filter(number=2).update(created=timezone.now() - EDIT_SESSION)
    client.post(url("deck_cards", deck.pk), {"card": card.code, "count": "1"})  # version 3
    compare = url("deck_versions_compare", deck.pk)
    assert compare in body(client.get(url("deck_versions", deck.pk)))
    page = body(client.get(compare, {"a": "1", "b": "3"}))
    assert f"{card.name}: {count} → 1" in page and 'id="compare-result"' in page
    page = body(client.get(compare, {"a": "1", "b": "2"}))
    assert f"−{count} {card.name}" in page
    page = body(client.get(compare, {"a": "2", "b": "2"}))
    assert "No change in content." in page


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({}, "a and b must be version numbers"),
        ({"a": "1"}, "a and b must be version numbers"),
        ({"a": "x", "b": "1"}, "a and b must be version numbers"),
        ({"a": "-1", "b": "1"}, "a and b must be version numbers"),
        ({"a": "1", "b": "99"}, "This deck has no version 99; it has versions 1 to 1."),
        ({"a": "9" * 30, "b": "1"}, "a and b must be version numbers"),
    ],
)
def test_compare_versions_with_bad_numbers_gives_a_message(client, owner, deck, params, message):
    client.force_login(owner)
    response = client.get(url("deck_versions_compare", deck.pk), params)
    assert response.status_code == 400
    assert message in body(response) and 'id="compare-error"' in body(response)


def test_compare_versions_is_for_the_owner_only(client, other, deck):
    client.force_login(other)
    response = client.get(url("deck_versions_compare", deck.pk), {"a": "1", "b": "1"})
    assert response.status_code == 404
