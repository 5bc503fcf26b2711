"""The card preview fragment (issue 21.1): one card, small, cacheable, escaped, at a URL by code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse

from cards.models import Card
from cards.templatetags.cardtags import rules_html

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def preview(client, code: str):
    return client.get(reverse("decks:card_preview", args=[code]))


def test_the_preview_url_is_by_card_code():
    assert reverse("decks:card_preview", args=["core_5"]) == "/cards/core_5/preview/"


def test_a_character_shows_its_text_icons_traits_cost_str_crests_house_and_product(client):
    card = Card.objects.get(code="asots_21")  # Paxter Redwyne: a naval icon and a crest
    response = preview(client, card.code)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and "<body" not in html  # a fragment
    assert f'data-preview-code="{card.code}"' in html
    assert card.name in html and 'id="card-preview-title"' in html
    assert f'<span class="sr-only">Cost </span>{card.cost}</span>' in html
    assert f'title="Strength">{card.strength}<small> STR</small>' in html
    house = card.houses[0]
    assert "Character" in html and f'class="house-badge house-{house.lower()}">{house}<' in html
    for icon in card.icons:
        assert f"cf-icon icon-{icon}" in html
    assert "naval" in html and "Noble crest" in html
    assert all(f"{trait}." in html for trait in card.traits)
    assert card.rules_text and str(rules_html(card)) in html
    assert f"{card.product.name} #{card.number}" in html
    assert f'href="{card.get_absolute_url()}"' in html


def test_a_plot_shows_income_initiative_and_claim(client):
    html = preview(client, "core_181").content.decode()  # Summoning Season: 4, 3, 1
    plot = html.split('class="cf-plot"')[1].split("</dl>")[0]
    assert re.findall(r"<dd>(\d+)</dd>", plot) == ["4", "3", "1"]


def test_restrictions_and_bans_are_shown(client):
    html = preview(client, "core_13").content.decode()  # Bran Stark, restricted in joust
    assert "Restricted in joust." in html


def test_card_text_is_escaped(client):
    Card.objects.filter(code="core_5").update(
        name="<b>Ned</b>", rules_text="<script>alert(1)</script> [Stark] & more"
    )
    html = preview(client, "core_5").content.decode()
    assert "<script>" not in html and "<b>Ned</b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "&lt;b&gt;Ned&lt;/b&gt;" in html


def test_the_fragment_obeys_the_content_security_policy(client):
    for code in ["core_5", "core_181", "asots_21", "core_209"]:
        html = preview(client, code).content.decode()
        assert "<script" not in html and "style=" not in html
        assert not re.search(r"\son[a-z]+=", html)


def test_it_is_cacheable_and_the_same_for_everyone(client, owner):
    anonymous = preview(client, "core_5")
    assert "public" in anonymous["Cache-Control"] and "max-age=3600" in anonymous["Cache-Control"]
    assert "Cookie" not in anonymous.get("Vary", "")
    assert "Set-Cookie" not in anonymous.headers
    client.force_login(owner)
    logged_in = preview(client, "core_5")
    assert logged_in.content == anonymous.content
    assert "Cookie" not in logged_in.get("Vary", "")


@pytest.mark.parametrize("code", ["nope_1", "<script>", "core_99999", "%00"])
def test_an_unknown_code_is_a_404_fragment_saying_so(client, code):
    response = client.get(f"/cards/{code}/preview/")
    assert response.status_code in (404, 400)
    html = response.content.decode()
    if response.status_code == 404:
        assert "No card has the code" in html and "<script>" not in html
        assert "public" not in response.get("Cache-Control", "")


def test_only_reads_are_allowed(client):
    assert client.post(reverse("decks:card_preview", args=["core_5"])).status_code == 405
    assert client.head(reverse("decks:card_preview", args=["core_5"])).status_code == 200


def test_pages_that_name_cards_include_the_preview_and_mark_their_triggers(client, owner):
    from decks import services as svc

    deck = svc.deck_create(owner=owner, name="W", house="Stark", entries={"core_5": 1})
    client.force_login(owner)
    script = 'src="/static/js/card-preview.js" data-preview-url="/cards/__code__/preview/"'
    for url in [
        reverse("deckbuilder:deck_edit", args=[deck.pk]),
        reverse("deckbuilder:deck_detail", args=[deck.pk]),
        reverse("decks:card_search") + "?q=eddard",
        reverse("decks:product_detail", args=["core"]),
    ]:
        html = client.get(url).content.decode()
        assert script in html and "/static/css/cards.css" in html, url
        assert 'data-card="core_5"' in html, url


def test_the_script_and_stylesheet_exist_and_follow_the_contract():
    script = (ROOT / "static" / "js" / "card-preview.js").read_text(encoding="utf-8")
    assert "[data-card]" in script and "__code__" in script and "/cards/__code__/preview/" in script
    assert 'setAttribute("role", "dialog")' in script and "aria-expanded" in script
    assert "Escape" in script and "eval(" not in script
    css = (ROOT / "static" / "css" / "cards.css").read_text(encoding="utf-8")
    assert ".card-preview" in css and "position: fixed" in css
