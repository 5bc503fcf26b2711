"""The card pages: home, card search (full page and htmx partial), help, products, cards."""

from __future__ import annotations

import html
import json
import math
from functools import cache
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from django.conf import settings
from django.urls import reverse

from cards.models import Card, Product
from cards.search.language import SearchError
from cards.selectors import card_search
from cards.templatetags.cardtags import deck_restriction, rules_html
from cards.views import SEARCH_PAGE_SIZE, without_extra_copies

FIXTURES = Path(settings.BASE_DIR) / "fixtures" / "cards"
HTMX = {"HTTP_HX_REQUEST": "true"}
BAD_QUERY = "foo:bar c>x"


@cache
def fixture_cards() -> dict[str, dict]:
    """Every card of the committed fixtures by code, with its product's code and name."""
    cards = {}
    for path in sorted(FIXTURES.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for card in data["cards"]:
            cards[card["code"]] = {**card, "product": data["product"]}
    return cards


def search_problems(query: str) -> list[str]:
    with pytest.raises(SearchError) as info:
        card_search(query)
    return info.value.problems


# Home and search help -------------------------------------------------------------------


@pytest.mark.django_db
def test_home_page_explains_maester_and_links_to_search_and_products(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    body = response.content.decode()
    assert "<html" in body
    assert "A Game of Thrones" in body
    assert f'action="{reverse("decks:card_search")}"' in body
    for product in Product.objects.all():
        assert reverse("decks:product_detail", args=[product.code]) in body


@pytest.mark.django_db
def test_search_help_renders_the_syntax_reference_inside_the_layout(client):
    response = client.get(reverse("decks:search_help"))
    assert response.status_code == 200
    assert "<html" in response.content.decode()
    assert [t.name for t in response.templates][:2] == [
        "cards/search_help.html",
        "base.html",
    ]
    assert "cards/search_help_body.html" in [t.name for t in response.templates]


# Card search ----------------------------------------------------------------------------


@pytest.mark.django_db
def test_search_page_lists_matching_cards_with_their_count(client):
    query = "h:stark t:character"
    expected = without_extra_copies(card_search(query))
    response = client.get(reverse("decks:card_search"), {"q": query})
    assert response.status_code == 200
    body = response.content.decode()
    assert "<html" in body
    assert f"{expected.count()} cards match" in body
    for card in expected[:SEARCH_PAGE_SIZE]:
        assert f'href="{card.get_absolute_url()}"' in body
    assert expected.count() > 0


@pytest.mark.django_db
def test_search_page_keeps_the_query_in_the_input(client):
    response = client.get(reverse("decks:card_search"), {"q": 'x:"kneel" h:stark'})
    assert 'value="x:&quot;kneel&quot; h:stark"' in response.content.decode()


@pytest.mark.django_db
def test_htmx_request_gets_only_the_results_partial(client):
    response = client.get(reverse("decks:card_search"), {"q": "Eddard"}, **HTMX)
    assert response.status_code == 200
    body = response.content.decode()
    assert "<html" not in body
    assert "<form" not in body
    assert 'class="card-table"' in body
    assert reverse("decks:card_detail", args=["core_5"]) in body
    assert "HX-Request" in response["Vary"]


@pytest.mark.django_db
def test_htmx_typing_replaces_the_url_and_a_page_link_pushes_it(client):
    url = reverse("decks:card_search")
    typed = client.get(url, {"q": "stark"}, HTTP_HX_TRIGGER_NAME="q", **HTMX)
    assert typed["HX-Replace-Url"] == f"{url}?q=stark"
    assert "HX-Push-Url" not in typed

    paged = client.get(url, {"q": "t:character", "page": "2"}, **HTMX)
    assert paged["HX-Push-Url"] == f"{url}?q=t%3Acharacter&page=2"
    assert "HX-Replace-Url" not in paged


@pytest.mark.django_db
def test_history_restore_request_gets_the_full_page(client):
    response = client.get(
        reverse("decks:card_search"), {"q": "stark"}, HTTP_HX_HISTORY_RESTORE_REQUEST="true", **HTMX
    )
    assert "<html" in response.content.decode()


@pytest.mark.django_db
def test_search_page_works_without_javascript(client):
    body = client.get(reverse("decks:card_search")).content.decode()
    url = reverse("decks:card_search")
    # A plain GET form posting to the same page, and page links with a real href.
    assert f'<form class="search-form" method="get" action="{url}"' in body
    assert 'name="q"' in body
    assert f'href="{url}?page=2" hx-get="{url}?page=2"' in body


@pytest.mark.django_db
def test_pagination_keeps_the_query_and_shows_the_next_cards(client):
    query = "t:character"
    expected = list(without_extra_copies(card_search(query)))
    pages = math.ceil(len(expected) / SEARCH_PAGE_SIZE)
    assert pages > 2

    url = reverse("decks:card_search")
    response = client.get(url, {"q": query, "page": 2})
    body = response.content.decode()
    assert f"{len(expected)} cards match" in body
    assert f"showing {SEARCH_PAGE_SIZE + 1}–{2 * SEARCH_PAGE_SIZE}" in body
    second_page = expected[SEARCH_PAGE_SIZE : 2 * SEARCH_PAGE_SIZE]
    assert f'href="{second_page[0].get_absolute_url()}"' in body
    assert f'href="{expected[0].get_absolute_url()}"' not in body
    assert f'href="{url}?q=t%3Acharacter&amp;page={pages}"' in body
    assert f'href="{url}?q=t%3Acharacter&amp;page=3"' in body


@pytest.mark.django_db
def test_page_number_out_of_range_or_invalid_falls_back(client):
    url = reverse("decks:card_search")
    last = client.get(url, {"q": "e:core", "page": 999})
    first = client.get(url, {"q": "e:core", "page": "x"})
    assert last.status_code == first.status_code == 200
    assert last.context["page"].number == last.context["page"].paginator.num_pages
    assert first.context["page"].number == 1


@pytest.mark.django_db
def test_extra_copies_in_the_same_product_are_hidden_unless_asked(client):
    # The Core Set lists Great Keep three times; Lords of Winter reprints it.
    great_keeps = [c for c in fixture_cards().values() if c["name"] == "Great Keep"]
    copies = [
        c
        for c in great_keeps
        if c["printing_of"]
        and fixture_cards()[c["printing_of"]]["product"]["code"] == c["product"]["code"]
    ]
    assert copies  # core_30 and core_31 are copies of core_29
    url = reverse("decks:card_search")

    shown = client.get(url, {"q": '"Great Keep"'}).content.decode()
    assert f"{len(great_keeps) - len(copies)} cards match" in shown
    for card in copies:
        assert f'/cards/{card["code"]}/"' not in shown

    everything = client.get(url, {"q": '"Great Keep"', "copies": "1"}).content.decode()
    assert f"{len(great_keeps)} cards match" in everything
    for card in great_keeps:
        assert f'/cards/{card["code"]}/"' in everything


@pytest.mark.django_db
@pytest.mark.parametrize("headers", [{}, HTMX])
def test_bad_query_shows_every_problem_and_keeps_the_input(client, headers):
    problems = search_problems(BAD_QUERY)
    assert len(problems) == 2
    response = client.get(reverse("decks:card_search"), {"q": BAD_QUERY}, **headers)
    assert response.status_code == 200
    body = response.content.decode()
    assert 'role="alert"' in body
    for problem in problems:
        assert html.escape(problem) in body
    if not headers:
        assert 'value="foo:bar c&gt;x"' in body


@pytest.mark.django_db
def test_query_html_is_escaped_everywhere(client):
    query = "foo:<script>alert(1)</script>"
    problems = search_problems(query)
    response = client.get(reverse("decks:card_search"), {"q": query})
    body = response.content.decode()
    assert "<script>alert" not in body
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body
    assert html.escape(problems[0]) in body


@pytest.mark.django_db
def test_search_page_runs_two_queries_whatever_the_page(client, django_assert_max_num_queries):
    url = reverse("decks:card_search")
    with django_assert_max_num_queries(2):
        client.get(url, {"q": "t:character", "page": 3})
    with django_assert_max_num_queries(2):
        client.get(url, {"q": "h:stark"}, **HTMX)


# Products -------------------------------------------------------------------------------


@pytest.mark.django_db
def test_product_list_groups_core_deluxes_and_cycles_in_order(
    client, django_assert_max_num_queries
):
    with django_assert_max_num_queries(1):
        response = client.get(reverse("decks:product_list"))
    assert response.status_code == 200
    groups = response.context["groups"]
    assert groups[0].title == "Core Set"
    assert [p.kind for p in groups[0].products] == ["core"]
    assert groups[1].title == "Deluxe expansions"
    assert {p.kind for p in groups[1].products} == {"deluxe"}
    cycles = groups[2:]
    assert all(len({p.cycle_code for p in g.products}) == 1 for g in cycles)
    listed = [p for g in groups for p in g.products]
    assert sorted(p.code for p in listed) == sorted(Product.objects.values_list("code", flat=True))
    # Within each group and across the cycles, release order is kept.
    for group in groups:
        orders = [p.order for p in group.products]
        assert orders == sorted(orders)
    assert "A Clash of Arms cycle" in response.content.decode()


@pytest.mark.django_db
def test_product_page_lists_its_cards_by_number(client):
    fixture = [c for c in fixture_cards().values() if c["product"]["code"] == "kings-of-the-sea"]
    response = client.get(reverse("decks:product_detail", args=["kings-of-the-sea"]))
    assert response.status_code == 200
    body = response.content.decode()
    assert fixture[0]["product"]["name"] in body
    links = [body.index(f'href="/cards/{c["code"]}/"') for c in fixture]
    by_number = [
        body.index(f'href="/cards/{c["code"]}/"')
        for c in sorted(fixture, key=lambda c: (c["number"], c["position"]))
    ]
    assert links and by_number == sorted(by_number)


@pytest.mark.django_db
def test_unknown_product_and_card_are_404(client):
    assert client.get(reverse("decks:product_detail", args=["no-such-pack"])).status_code == 404
    assert client.get(reverse("decks:card_detail", args=["core_9999"])).status_code == 404


# Card page ------------------------------------------------------------------------------


@pytest.mark.django_db
def test_card_page_of_ice(client):
    ice = fixture_cards()["core_1"]
    response = client.get(reverse("decks:card_detail", args=["core_1"]))
    assert response.status_code == 200
    body = response.content.decode()
    assert "<title>Ice · Maester</title>" in body
    assert "House Stark character only." in body
    for trait in ice["traits"]:
        assert f"{trait}." in body
    assert 'class="unique"' in body  # Ice is unique
    assert "house-stark" in body
    assert html.escape(ice["flavor_text"]) in body
    assert ice["illustrator"] in body
    assert f"{ice['product']['name']} #{ice['number']}" in body


@pytest.mark.django_db
def test_card_page_of_a_plot_shows_income_initiative_and_claim(client):
    plot = next(c for c in fixture_cards().values() if c["card_type"] == "plot")
    body = client.get(reverse("decks:card_detail", args=[plot["code"]])).content.decode()
    for label, key in [("Income", "income"), ("Initiative", "initiative"), ("Claim", "claim")]:
        assert f"<dt>{label}</dt><dd>{plot[key]}</dd>" in body


@pytest.mark.django_db
def test_card_page_shows_bonuses_of_a_location(client):
    card = next(
        c
        for c in fixture_cards().values()
        if c["card_type"] == "location" and c["income"] and c["influence"]
    )
    body = client.get(reverse("decks:card_detail", args=[card["code"]])).content.decode()
    assert f"<dt>Income</dt><dd>+{card['income']}</dd>" in body
    assert f"<dt>Influence</dt><dd>+{card['influence']}</dd>" in body
    assert 'class="tok tok-bonus bonus-income"' in body


@pytest.mark.django_db
def test_card_page_highlights_errata(client):
    card = next(c for c in fixture_cards().values() if len(c["errata"]) == 1)
    change = card["errata"][0]
    line = card["rules_text"].split("\n")[change["line"]]
    changed = line[change["start"] : change["end"]]
    body = client.get(reverse("decks:card_detail", args=[card["code"]])).content.decode()
    assert f'<mark class="errata" title="Changed by errata">{html.escape(changed)}</mark>' in body
    assert "was changed by errata" in body


@pytest.mark.django_db
def test_card_page_shows_faq_rulings(client):
    card = next(c for c in fixture_cards().values() if c["rulings"])
    body = client.get(reverse("decks:card_detail", args=[card["code"]])).content.decode()
    assert "FAQ rulings" in body
    for ruling in card["rulings"]:
        assert html.escape(ruling.split("\n")[0]) in body


@pytest.mark.django_db
def test_card_page_of_a_house_only_card_and_legality(client):
    card = Card.objects.get(code="core_13")  # Bran Stark: restricted in joust
    body = client.get(card.get_absolute_url()).content.decode()
    assert card.legality_joust == "restricted"
    assert 'class="legality legality-restricted">Restricted<' in body

    only = next(
        c
        for c in fixture_cards().values()
        if c["legal_houses"] == ["Stark"] and c["card_type"] == "character"
    )
    body = client.get(reverse("decks:card_detail", args=[only["code"]])).content.decode()
    assert '<dd class="restriction">House Stark only.</dd>' in body


@pytest.mark.django_db
def test_eddard_stark_links_to_the_other_eddard_starks(client):
    eddards = [c["code"] for c in fixture_cards().values() if c["name"] == "Eddard Stark"]
    assert len(eddards) >= 3
    body = client.get(reverse("decks:card_detail", args=[eddards[0]])).content.decode()
    assert "Other cards named Eddard Stark" in body
    section = body[body.index("Other cards named") :]
    for code in eddards[1:]:
        assert f'href="/cards/{code}/"' in section
    assert section.count("different version") == len(eddards) - 1


@pytest.mark.django_db
def test_copies_and_reprints_are_labelled_identical(client, django_assert_max_num_queries):
    first = fixture_cards()["core_29"]  # Great Keep
    same = [c for c in fixture_cards().values() if c["printing_of"] == first["code"]]
    reprints = [c for c in same if c["product"]["code"] != first["product"]["code"]]
    assert reprints and len(same) > len(reprints)
    with django_assert_max_num_queries(2):
        body = client.get(reverse("decks:card_detail", args=["core_29"])).content.decode()
    assert body.count("identical copy") == len(same) - len(reprints)
    assert body.count("identical reprint") == len(reprints)

    copy = client.get(reverse("decks:card_detail", args=[same[0]["code"]])).content.decode()
    assert "First printed" in copy
    assert f'href="/cards/{first["code"]}/"' in copy


# Rendering of the rules text ------------------------------------------------------------


def test_rules_text_is_escaped_and_split_in_paragraphs():
    card = Card(rules_text='<b>Bold</b> & "quoted"\nSecond line', errata=[])
    assert str(rules_html(card)) == (
        "<p>&lt;b&gt;Bold&lt;/b&gt; &amp; &quot;quoted&quot;</p><p>Second line</p>"
    )


def test_tokens_become_badges_and_triggers_are_bold():
    card = Card(rules_text="Response: After you win a [Military] challenge, gain [Stark] [Power].")
    rendered = str(rules_html(card))
    assert rendered.startswith("<p><b>Response:</b>")
    assert '<span class="tok tok-icon icon-military" title="Military icon">Military</span>' in (
        rendered
    )
    assert '<span class="tok tok-house house-stark" title="House Stark">Stark</span>' in rendered
    assert "[" not in rendered


def test_errata_range_that_cuts_a_token_covers_the_whole_token():
    text = "Gain a [Naval] icon."
    card = Card(rules_text=text, errata=[{"line": 0, "start": 9, "end": 20}])
    rendered = str(rules_html(card))
    assert rendered == (
        '<p>Gain a <mark class="errata" title="Changed by errata">'
        '<span class="tok tok-naval" title="Naval">Naval</span> icon.</mark></p>'
    )


def test_deck_restriction_phrases():
    assert deck_restriction(Card(legal_houses=["Stark"])) == "House Stark only."
    assert (
        deck_restriction(Card(legal_houses=["Stark", "Baratheon"]))
        == "House Stark or House Baratheon only."
    )
    assert deck_restriction(Card(legal_houses=["Neutral"])) == "Neutral Faction decks only."
    others = ["Stark", "Baratheon", "Targaryen", "Greyjoy", "Martell", "Neutral"]
    assert deck_restriction(Card(legal_houses=others)) == "Any House except Lannister."
    everyone = [*others, "Lannister"]
    assert deck_restriction(Card(legal_houses=everyone)) == ""


def test_search_url_drops_defaults():
    from cards.views import search_url

    base = reverse("decks:card_search")
    assert search_url("") == base
    assert parse_qs(urlsplit(search_url("h:stark", page=2, copies=True)).query) == {
        "q": ["h:stark"],
        "page": ["2"],
        "copies": ["1"],
    }


@pytest.mark.django_db
def test_no_template_comment_leaks_into_a_page(client):
    # Django's {# #} comments end at the line: a two-line one is printed as text.
    for url in ["/", "/cards/?q=stark", "/cards/help/", "/products/", "/cards/core_1/"]:
        assert "{#" not in client.get(url).content.decode(), url
