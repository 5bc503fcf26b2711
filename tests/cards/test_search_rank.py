"""Best name matches first, and nicknames (issue 21.4): `ned` finds Eddard Stark, first."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest
from django.urls import reverse

import cards.search.rank
from cards.cardpool import fold_name
from cards.models import Card
from cards.search.language import parse
from cards.search.rank import NICKNAMES, WORD_STARTS, nickname_targets, ranked_words
from cards.selectors import card_search
from tests.test_architecture import _imports

DOCS = Path(__file__).resolve().parents[2] / "docs" / "SEARCH.md"


def test_the_module_is_pure_and_its_doctests_pass():
    assert not [name for name in _imports(Path(cards.search.rank.__file__)) if "django" in name]
    result = doctest.testmod(cards.search.rank)
    assert result.attempted >= 3 and result.failed == 0


def test_ranked_words_are_the_positive_name_words():
    assert ranked_words(parse("ned")) == ["ned"]
    assert ranked_words(parse('tyrion "the imp" h:lannister')) == ["tyrion", "the imp"]
    assert ranked_words(parse("n:stark -n:chambers or x:ned")) == ["stark"]
    assert ranked_words(parse("n=ice")) == []  # an exact name: every match is exact
    assert ranked_words(parse("ned ned")) == ["ned"]
    assert ranked_words(parse("")) == []


def test_nickname_lookup_folds_case_and_spaces():
    assert nickname_targets("NED") == ("Eddard Stark",)
    assert nickname_targets("red   woman") == ("Melisandre",)
    assert nickname_targets("eddard") == ()


@pytest.mark.django_db
def test_every_nickname_names_cards_the_word_would_not_find_first_anyway():
    for nickname, names in NICKNAMES.items():
        assert nickname == nickname.lower().strip()
        for name in names:
            assert Card.objects.filter(name=name).exists(), (nickname, name)
            # Listed only when the word does not already start the name or one of its words.
            key = fold_name(name)
            assert not key.startswith(nickname), (nickname, name)
            assert not any(mark + nickname in key for mark in WORD_STARTS), (nickname, name)


def test_the_docs_list_every_nickname():
    text = DOCS.read_text(encoding="utf-8").split("### Nicknames")[1].split("\n## ")[0]
    rows = re.findall(r"^\| ([^|]+?)(?: \(.*?\))? \| (.+?) \|$", text, re.M)[1:]
    documented = {
        nick.strip('"'): name for name, nicks in rows for nick in re.findall(r"`([^`]+)`", nicks)
    }
    assert documented == {nick: names[0] for nick, names in NICKNAMES.items()}


def expected_tier(name: str, word: str) -> int:
    """The rank of docs/SEARCH.md, computed here in plain Python."""
    key, word = fold_name(name), fold_name(word)
    if key == word or key in {fold_name(n) for n in nickname_targets(word)}:
        return 0
    if key.startswith(word):
        return 1
    if any(mark + word in key for mark in WORD_STARTS):
        return 2
    return 3


@pytest.mark.django_db
@pytest.mark.parametrize("query", ["ned", "eddard", "drowned", "ice", "jon", "summer sea"])
def test_results_come_in_the_order_of_how_well_the_name_matches(query):
    cards = list(card_search(query))
    assert cards
    words = query.split()
    tiers = [sum(expected_tier(card.name, word) for word in words) for card in cards]
    assert tiers == sorted(tiers)
    # Within a tier, the pool order of the search page.
    for tier in set(tiers):
        positions = [c.position for c, t in zip(cards, tiers, strict=True) if t == tier]
        assert positions == sorted(positions)


@pytest.mark.django_db
def test_ned_finds_eddard_stark_first_then_the_names_holding_its_letters():
    names = list(card_search("ned").values_list("name", flat=True))
    eddards = Card.objects.filter(name="Eddard Stark").count()
    assert eddards > 1
    assert names[:eddards] == ["Eddard Stark"] * eddards
    assert "Abandoned Forge" in names[eddards:]
    assert len(names) == eddards + Card.objects.filter(name_key__contains="ned").count()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("dany", "Daenerys Targaryen"),
        ("kingslayer", "Ser Jaime Lannister"),
        ("littlefinger", "Littlefinger"),
        ('"red woman"', "Melisandre"),
        ("n:ned", "Eddard Stark"),
        ("imp", "Tyrion Lannister"),
    ],
)
def test_nicknames_find_their_card_first(query, first):
    assert card_search(query).first().name == first


@pytest.mark.django_db
def test_littlefinger_finds_both_cards_of_petyr_baelish():
    names = set(card_search("littlefinger").values_list("name", flat=True))
    assert {"Littlefinger", "Petyr Baelish"} <= names


@pytest.mark.django_db
def test_nicknames_do_not_apply_to_an_exact_name_or_an_excluded_word():
    assert not card_search("n=ned").exists()
    assert not card_search("eddard -ned").filter(name="Eddard Stark").exists()


@pytest.mark.django_db
def test_without_name_words_the_pool_order_is_kept():
    codes = list(card_search("h:stark t:char").values_list("position", flat=True))
    assert codes == sorted(codes)


@pytest.mark.django_db
def test_the_search_page_and_the_api_rank_the_same_way(client):
    html = client.get(reverse("decks:card_search"), {"q": "ned"}).content.decode()
    first_link = re.search(r'<td class="name"><a href="/cards/([^/]+)/"', html).group(1)
    assert Card.objects.get(code=first_link).name == "Eddard Stark"
    data = client.get("/api/cards/", {"q": "ned"}).json()
    assert data["results"][0]["name"] == "Eddard Stark"


@pytest.mark.django_db
def test_the_help_page_lists_the_nicknames(client):
    html = client.get(reverse("decks:search_help")).content.decode()
    assert "<code>kingslayer</code> (Ser Jaime Lannister)" in html
    assert '<code>"red woman"</code> (Melisandre)' in html
