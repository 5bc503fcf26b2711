"""The builder's card list (issue 21.2-21.5): where it starts, filters, sorts, counts that
agree, an empty search, the import's notes and errors, and the agenda's line."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from cards.models import Card, Product
from cards.selectors import card_search, without_extra_copies
from decks import selectors as sel
from decks import services as svc
from decks.models import Deck

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def deck(owner) -> Deck:
    return svc.deck_create(owner=owner, name="Lions", house="Lannister")


def edit_url(deck: Deck) -> str:
    return reverse("deckbuilder:deck_edit", args=[deck.pk])


def all_rows(deck: Deck, **filters) -> list[Card]:
    search = sel.builder_search(deck, filters.pop("query", ""), page_size=5000, **filters)
    assert not search.problems
    return [row.card for row in search.rows]


# Where the list starts -------------------------------------------------------------------


def test_it_starts_on_the_house_and_neutral_cards_the_house_may_hold_by_name(deck):
    cards = all_rows(deck)
    assert cards
    assert all(set(c.houses) & {"Lannister", "Neutral"} for c in cards)
    assert all(c.playable_in("Lannister") for c in cards)
    assert {c.card_type for c in cards} == {t for t, _ in sel.BUILDER_TYPES}  # no House cards
    keys = [c.name_key for c in cards]
    assert keys == sorted(keys)
    assert cards[0].name != "Ice"  # not the pool order of the Core Set
    # Every Lannister and neutral card the House may hold, each once per product.
    expected = without_extra_copies(card_search("(h:lannister or h:neutral) p:lannister"))
    assert {c.code for c in cards} == set(
        expected.exclude(card_type="house").values_list("code", flat=True)
    )


def test_a_neutral_deck_starts_on_the_neutral_cards(owner):
    deck = svc.deck_create(owner=owner, name="N", house="Neutral")
    search = sel.builder_search(deck, "", page_size=5000)
    assert all(row.card.houses == ["Neutral"] for row in search.rows)
    assert search.filter_label == "neutral"


@pytest.mark.parametrize("card_type", [t for t, _ in sel.BUILDER_TYPES])
def test_one_type(deck, card_type):
    cards = all_rows(deck, card_type=card_type)
    assert cards and {c.card_type for c in cards} == {card_type}


def test_one_house_or_every_house(deck):
    starks = all_rows(deck, house="Stark")
    assert starks and all("Stark" in c.houses for c in starks)
    every = all_rows(deck, house="all")
    assert len(every) > len(all_rows(deck)) and any(not c.playable_in("Lannister") for c in every)
    only = all_rows(deck, house="all", only=True)
    assert only and all(c.playable_in("Lannister") for c in only)


def test_only_applies_to_the_whole_query_even_with_or(deck):
    cards = all_rows(deck, query="t:plot or t:agenda", house="all", only=True)
    assert cards and all(c.playable_in("Lannister") for c in cards)
    assert {c.card_type for c in cards} == {"plot", "agenda"}


@pytest.mark.parametrize(
    ("sort", "key"),
    [
        ("name", lambda c: (c.name_key, c.position)),
        ("product", lambda c: c.position),
        ("cost", lambda c: (c.cost is None, c.cost or 0, c.name_key, c.position)),
        ("str", lambda c: (c.strength is None, c.strength or 0, c.name_key, c.position)),
    ],
)
def test_sorts(deck, sort, key):
    cards = all_rows(deck, house="all", sort=sort)
    assert cards == sorted(cards, key=key)


def test_best_name_matches_come_before_the_sort(deck):
    cards = all_rows(deck, query="ned", house="all", sort="cost")
    eddards = Card.objects.filter(name="Eddard Stark").count()
    assert [c.name for c in cards[:eddards]] == ["Eddard Stark"] * eddards
    rest = cards[eddards:]
    assert rest == sorted(rest, key=lambda c: (c.cost is None, c.cost or 0, c.name_key))


@pytest.mark.parametrize(
    ("params", "notice"),
    [
        ({"house": "Tully"}, "There is no House 'Tully' to filter by"),
        ({"type": "dragon"}, "There is no card type 'dragon'"),
        ({"sort": "power"}, "Cards cannot be sorted by 'power'"),
    ],
)
def test_unknown_filter_values_are_said_and_the_default_is_used(
    client, owner, deck, params, notice
):
    client.force_login(owner)
    response = client.get(edit_url(deck), params)
    assert response.status_code == 200
    html = unescape(response.content.decode())
    assert notice in html
    assert "(Lannister and neutral)" in html or "every type" in html or "sorted by name" in html


def test_house_filter_accepts_any_case(deck):
    filters, notices = sel.builder_filters({"house": "stark"}, "Lannister")
    assert filters["house"] == "Stark" and notices == []


# The page --------------------------------------------------------------------------------


def test_the_filters_are_one_click_radios_that_search_on_change(client, owner, deck):
    client.force_login(owner)
    html = client.get(edit_url(deck)).content.decode()
    for value in ["mine", "all", "Stark", "Neutral"]:
        assert f'type="radio" name="house" value="{value}"' in html
    assert 'name="house" value="mine" checked' in html
    assert 'name="type" value="" checked' in html
    for value in ["character", "plot", "agenda"]:
        assert f'type="radio" name="type" value="{value}"' in html
    assert html.count('hx-trigger="change"') == 2
    assert '<option value="name" selected>Name</option>' in html
    assert "Lannister + neutral" in html
    assert re.search(r"\d+ cards \(Lannister and neutral\), page 1 of \d+\.", html)


def test_an_htmx_search_keeps_its_filters_in_the_address(client, owner, deck):
    client.force_login(owner)
    params = {"q": "", "house": "all", "type": "event", "sort": "cost"}
    response = client.get(edit_url(deck), params, **HTMX)
    assert response["HX-Replace-Url"] == f"{edit_url(deck)}?house=all&type=event&sort=cost"
    html = response.content.decode()
    assert "(every House, events)" in html
    state = html.split('id="search-state"')[1].split("</div>")[0]
    assert 'name="house" value="all"' in state and 'name="type" value="event"' in state
    assert 'name="sort" value="cost"' in state


def test_a_no_javascript_click_comes_back_to_the_same_filters(client, owner, deck):
    client.force_login(owner)
    data = {"card": "core_38", "delta": "1", "q": "", "house": "all", "type": "character"}
    response = client.post(reverse("deckbuilder:deck_cards", args=[deck.pk]), data)
    assert response["Location"] == f"{edit_url(deck)}?house=all&type=character"


def test_an_empty_search_says_so_with_its_filters_and_a_way_out(client, owner, deck):
    client.force_login(owner)
    html = client.get(edit_url(deck), {"q": "Arya Stark", "type": "character"}, **HTMX)
    html = html.content.decode()
    assert "No cards match “Arya Stark” (Lannister and neutral, characters)." in html
    assert f'href="{edit_url(deck)}?q=Arya+Stark&amp;page=1&amp;house=all&amp;type=character"' in (
        html
    )
    assert "Search every card type" in html
    assert 'class="search-row' not in html


def test_the_search_page_says_when_nothing_matches(client):
    html = client.get(reverse("decks:card_search"), {"q": "zzzqqq"}).content.decode()
    assert "No cards match <code>zzzqqq</code>." in html
    htmx = client.get(reverse("decks:card_search"), {"q": "zzzqqq"}, **HTMX).content.decode()
    assert "No cards match <code>zzzqqq</code>." in htmx


# The counts ------------------------------------------------------------------------------


def test_the_counts_agree_and_the_readme_states_the_search_count(client, owner, deck):
    everything = Card.objects.count()
    search = without_extra_copies(card_search("")).count()
    houses = Card.objects.filter(card_type="house").count()
    builder = sel.builder_search(deck, "", house="all").page.paginator.count
    assert (everything, search, houses, builder) == (1988, 1968, 7, 1961)
    assert builder == search - houses

    client.force_login(owner)
    page = client.get(reverse("decks:card_search")).content.decode()
    assert f"{search:,} cards" in page
    copies = client.get(reverse("decks:card_search"), {"copies": "1"}).content.decode()
    assert f"{everything:,} cards" in copies
    html = client.get(edit_url(deck), {"house": "all"}).content.decode()
    assert f"{builder:,} cards (every House)" in html

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    stated = re.search(r"\(([\d,]+) cards from (\d+) products", readme)
    assert stated and stated.groups() == (f"{search:,}", str(Product.objects.count()))
    docs = (ROOT / "docs" / "SEARCH.md").read_text(encoding="utf-8")
    for number in (everything, search, builder):
        assert f"| {number:,} |" in docs


def test_the_builder_lists_no_extra_copies(deck):
    codes = {c.code for c in all_rows(deck, query='"Great Keep"', house="all")}
    assert "core_29" in codes and not {"core_30", "core_31"} & codes


# Import ------------------------------------------------------------------------------------


def messages_of(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_builder_import_shows_the_corrected_typos(client, owner, deck):
    client.force_login(owner)
    url = reverse("deckbuilder:deck_import_into", args=[deck.pk])
    response = client.post(url, {"text": "House Lannister\n2x Tyrion Lanister\n// mine"})
    assert response.status_code == 302
    assert response["Location"] == f"{edit_url(deck)}#top"
    shown = messages_of(response)
    assert "Imported: the deck's cards were replaced." in shown
    assert "Line 2: read 'Tyrion Lanister' as 'Tyrion Lannister'." in shown
    assert "Line 3: comment skipped." in shown
    page = client.get(edit_url(deck)).content.decode()
    assert "read &#x27;Tyrion Lanister&#x27; as &#x27;Tyrion Lannister&#x27;" in page


def test_builder_import_error_is_anchored_and_keeps_its_notes(client, owner, deck):
    client.force_login(owner)
    url = reverse("deckbuilder:deck_import_into", args=[deck.pk])
    response = client.post(url, {"text": "2x Tyrion Lanister\n1x Nobody Anywhere"})
    assert response.status_code == 400
    html = response.content.decode()
    assert f'action="{url}#import"' in html and 'id="import"' in html
    notes = html.split('class="import-notes"')[1].split("</div>")[0]
    assert "Tyrion Lanister" in notes
    assert "Nothing was replaced" in html
    assert '<label for="import-text">Decklist</label>' in html


def test_an_import_without_notes_adds_no_note_messages(client, owner, deck):
    client.force_login(owner)
    url = reverse("deckbuilder:deck_import_into", args=[deck.pk])
    response = client.post(url, {"text": "2x Tyrion Lannister (Core)"})
    assert messages_of(response) == ["Imported: the deck's cards were replaced."]


def test_many_notes_are_capped_with_a_count(client, owner, deck):
    client.force_login(owner)
    url = reverse("deckbuilder:deck_import_into", args=[deck.pk])
    text = "2x Tyrion Lannister\n" + "\n".join(f"// note {i}" for i in range(20))
    shown = messages_of(client.post(url, {"text": text}))
    assert "Read with 20 notes; check that these guesses are right:" in shown
    assert "… and 8 more notes." in shown
    assert len([m for m in shown if m.startswith("Line ")]) == 12


def test_the_import_page_has_a_format_and_shows_notes(client, owner):
    client.force_login(owner)
    url = reverse("deckbuilder:deck_import")
    page = client.get(url).content.decode()
    assert '<select name="format">' in page and '<option value="melee">' in page
    assert '<label class="wide">Decklist <textarea' in page
    response = client.post(url, {"text": "House Stark\n2x Edard Stark", "format": "melee"})
    assert response.status_code == 302
    deck = Deck.objects.get(owner=owner)
    assert deck.format == "melee"
    assert "Line 2: read 'Edard Stark' as 'Eddard Stark'." in messages_of(response)


def test_the_import_page_refuses_an_unknown_format_with_a_message(client, owner):
    client.force_login(owner)
    url = reverse("deckbuilder:deck_import")
    response = client.post(url, {"text": "House Stark\n2x Edard Stark", "format": "chess"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "Unknown format &#x27;chess&#x27;" in html
    assert "Edard Stark" in html.split('class="import-notes"')[1]
    assert not Deck.objects.filter(owner=owner).exists()


# The agenda ------------------------------------------------------------------------------


def test_the_agenda_is_a_line_of_the_deck_list_with_its_buttons(client, owner):
    deck = svc.deck_create(owner=owner, name="A", house="Lannister", agenda_codes=["lotr_48"])
    client.force_login(owner)
    html = client.get(edit_url(deck)).content.decode()
    agendas = html.split('class="deck-group deck-agendas"')[1].split("</ul>")[0]
    line = agendas.split("<li>")[1].split("</li>")[0]
    assert 'data-card="lotr_48"' in line and "count-plus" in line and "count-minus" in line
