"""Packs I own in the deck builder (issue 33): "only cards I own" keeps the cards of the
products the deck's owner owns, and the validation panel says what the deck needs beyond the
owner's collection, naming the cards; nothing for anyone else, an invitation for an owner who
has recorded no collection."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from cards.models import Card
from cards.selectors import collection_shortfalls
from cards.services import collection_set
from decks import selectors as sel
from decks import services as svc
from decks.models import Deck

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def deck(owner) -> Deck:
    return svc.deck_create(owner=owner, name="Lions", house="Lannister")


def edit_url(deck: Deck) -> str:
    return reverse("deckbuilder:deck_edit", args=[deck.pk])


def cards_url(deck: Deck) -> str:
    return reverse("deckbuilder:deck_cards", args=[deck.pk])


def all_rows(deck: Deck, **filters) -> list[Card]:
    search = sel.builder_search(deck, filters.pop("query", ""), page_size=5000, **filters)
    assert not search.problems
    return [row.card for row in search.rows]


def set_counts(deck: Deck, **counts: int) -> Deck:
    for code, count in counts.items():
        svc.deck_set_count(deck=deck, user=deck.owner, card_code=code, count=count)
    return sel.deck_for_owner_or_404(deck_id=deck.pk, user=deck.owner)


def text(html: str) -> str:
    """The page's words: tags out, spaces folded."""
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", "", html)))


# Only cards I own --------------------------------------------------------------------------


def test_only_cards_i_own_keeps_the_products_the_owner_owns(deck, owner):
    collection_set(user=owner, copies={"lords-of-winter": 0, "lions-of-the-rock": 1, "core": 2})
    every = all_rows(deck, house="all")
    owned = all_rows(deck, house="all", owned=True)
    assert owned and len(owned) < len(every)
    assert {c.product.code for c in owned} == {"core", "lions-of-the-rock"}
    # Exactly the cards of those products among what the search would show otherwise.
    assert {c.code for c in owned} == {
        c.code for c in every if c.product.code in {"core", "lions-of-the-rock"}
    }


def test_only_cards_i_own_combines_with_the_other_filters(deck, owner):
    collection_set(user=owner, copies={"lions-of-the-rock": 1})
    cards = all_rows(deck, owned=True, card_type="character", query="Tywin")
    assert [c.code for c in cards] == ["lotr_9"]  # not the Core Set's nor the others'
    search = sel.builder_search(deck, "", owned=True, card_type="character")
    assert search.filter_label == "Lannister and neutral, characters, in my collection"


def test_a_product_given_back_drops_out_and_an_empty_collection_owns_no_card(deck, owner):
    collection_set(user=owner, copies={"core": 1})
    assert all_rows(deck, owned=True)
    collection_set(user=owner, copies={"core": 0})
    assert all_rows(deck, owned=True) == []
    assert all_rows(deck)  # unticked, every card as before


def test_it_reads_the_deck_owners_collection_not_another_users(deck, owner, other):
    collection_set(user=other, copies={"core": 1, "lions-of-the-rock": 1})
    collection_set(user=owner, copies={"lions-of-the-rock": 1})
    assert {c.product.code for c in all_rows(deck, owned=True)} == {"lions-of-the-rock"}


def test_builder_filters_reads_owned():
    filters, notices = sel.builder_filters({"owned": "1"}, "Stark")
    assert filters["owned"] is True and notices == []
    assert sel.builder_filters({}, "Stark")[0]["owned"] is False
    assert sel.builder_filters({"owned": "yes"}, "Stark")[0]["owned"] is False


def test_the_page_has_the_checkbox_and_keeps_it_in_the_address(client, owner, deck):
    collection_set(user=owner, copies={"lions-of-the-rock": 1})
    client.force_login(owner)
    html = client.get(edit_url(deck)).content.decode()
    assert re.search(r'<input id="builder-owned" type="checkbox" name="owned" value="1"\s', html)
    assert 'href="/cards/collection/">My collection</a>' in html
    html = client.get(edit_url(deck), {"owned": "1"}).content.decode()
    assert 'name="owned" value="1" checked' in html
    assert "(Lannister and neutral, in my collection)" in html
    assert "Lions of the Rock" in html and ">Core<" not in html
    # An htmx search keeps it in the address and in the state the +/- buttons send.
    response = client.get(edit_url(deck), {"q": "", "owned": "1", "sort": "cost"}, **HTMX)
    assert response["HX-Replace-Url"] == f"{edit_url(deck)}?owned=1&sort=cost"
    state = response.content.decode().split('id="search-state"')[1].split("</div>")[0]
    assert '<input type="hidden" name="owned" value="1">' in state


def test_a_no_javascript_click_keeps_only_cards_i_own(client, owner, deck):
    client.force_login(owner)
    data = {"card": "lotr_9", "delta": "1", "q": "", "owned": "1", "house": "all"}
    response = client.post(cards_url(deck), data)
    assert response["Location"] == f"{edit_url(deck)}?owned=1&house=all"


def test_an_htmx_click_gives_back_the_results_still_filtered(client, owner, deck):
    collection_set(user=owner, copies={"lions-of-the-rock": 1})
    client.force_login(owner)
    data = {"card": "lotr_9", "delta": "1", "q": "Tywin", "owned": "1", "page": "1"}
    html = client.post(cards_url(deck), data, **HTMX).content.decode()
    results = html.split('hx-swap-oob="innerHTML"')[1]
    assert 'data-code="lotr_9"' in results and 'data-code="core_40"' not in results


def test_nothing_owned_says_why_the_list_is_empty(client, owner, deck):
    client.force_login(owner)
    html = client.get(edit_url(deck), {"owned": "1"}, **HTMX).content.decode()
    assert 'class="search-row' not in html
    assert "record the packs you own" in html and 'href="/cards/collection/"' in html


# The warning -------------------------------------------------------------------------------


def test_the_owner_is_told_each_product_short_naming_the_cards(client, owner, deck):
    collection_set(user=owner, copies={"core": 1})
    # Two Ser Jaime (core_37, once in a Core Set) need 2 Core Sets; three Great Keep (three in
    # a Core Set) fit in one; Tywin from Lions of the Rock, owned never.
    set_counts(deck, core_37=2, core_29=3, lotr_9=1)
    client.force_login(owner)
    page = text(client.get(edit_url(deck)).content.decode())
    assert "You own 1 Core Set; this deck needs 2 (2× Ser Jaime Lannister)." in page
    assert "You own no Lions of the Rock; this deck needs 1 (1× Tywin Lannister)." in page
    assert "Great Keep)" not in page
    assert page.index("You own 1 Core Set") < page.index("You own no Lions")  # product order


def test_the_warning_follows_each_click(client, owner, deck):
    collection_set(user=owner, copies={"core": 2})
    set_counts(deck, core_37=2)
    client.force_login(owner)
    html = client.post(cards_url(deck), {"card": "core_37", "delta": "1"}, **HTMX)
    page = text(html.content.decode())
    assert "You own 2 copies of Core Set; this deck needs 3 (3× Ser Jaime Lannister)." in page
    html = client.post(cards_url(deck), {"card": "core_37", "delta": "-1"}, **HTMX)
    page = text(html.content.decode())
    assert "this deck needs" not in page
    assert "Your collection holds every card of this deck" in page


def test_an_owner_with_no_collection_is_invited_to_record_one(client, owner, deck):
    set_counts(deck, core_37=3)
    client.force_login(owner)
    html = client.get(edit_url(deck)).content.decode()
    assert "this deck needs" not in text(html)
    assert re.search(
        r'<a href="/cards/collection/">Record the packs you own</a> to see what you are missing',
        html,
    )


def test_nobody_but_the_owner_gets_the_check(deck, owner, other):
    collection_set(user=owner, copies={"core": 1})
    collection_set(user=other, copies={"core": 1})
    deck = set_counts(deck, core_37=3)
    assert sel.deck_collection_check(deck, other) is None
    assert sel.deck_collection_check(deck, None) is None
    check = sel.deck_collection_check(deck, owner)
    assert check is not None and check.recorded
    assert [(s.product, s.needed, s.owned) for s in check.shortfalls] == [("core", 3, 1)]


def test_a_public_deck_shows_no_collection_to_another_user(client, owner, other, deck):
    collection_set(user=owner, copies={"core": 1})
    collection_set(user=other, copies={"core": 1})
    set_counts(deck, core_37=3)
    svc.deck_update(deck=deck, user=owner, is_public=True)
    client.force_login(other)
    page = text(client.get(reverse("deckbuilder:deck_detail", args=[deck.pk])).content.decode())
    assert "You own" not in page and "Record the packs you own" not in page


def test_the_check_reads_the_data_in_two_queries(deck, owner, django_assert_num_queries):
    collection_set(user=owner, copies={"core": 1})
    deck = set_counts(deck, core_37=2, core_29=3, core_30=0, lotr_9=1)
    with django_assert_num_queries(2):
        check = sel.deck_collection_check(deck, owner)
    assert [s.product for s in check.shortfalls] == ["core", "lions-of-the-rock"]
    assert check.shortfalls[0].cards == [("core_37", "Ser Jaime Lannister", 2)]


def test_collection_shortfalls_adds_a_products_extra_entries():
    # Northern Fiefdoms: the Core Set lists its two copies as core_26 and core_27.
    short = collection_shortfalls({"core": 1}, {"core_26": 2, "core_27": 1})
    assert [(s.product, s.needed, s.owned, s.cards) for s in short] == [
        ("core", 2, 1, [("core_26", "Northern Fiefdoms", 3)])
    ]
